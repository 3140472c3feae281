"""Naval play of the scenarios that use it (table ``naval``, Tora! Tora! Tora!): ports and open
ports (spec §2.7), the support segment's return to base (2.2.1), beachhead maintenance with its
inland advance (2.2.2), beachhead placement by air forces and surface fleets (2.2.3), beachhead
failure (2.2.5), port-to-port movement (3.1.2) and the beachhead landing (4.1.3).

``data["beachheads"]`` maps each all-sea hex holding a Beachhead marker to its faction, the land
hex its arrow points at (``toward``) and its face (``level`` 2 or 1); ``data["support"]`` each
support unit of the scenario to where it is (``pool`` or ``used``: the zone's Used box);
``data["convoys"]`` the troop convoy steps the phasing faction has left this faction turn. The
three keys exist only in a scenario the table names, so the other scenarios play as before.

Decisions (provisional where the map or the rules are missing; table ``naval``)
- The map marks no ports and no sea zones. A port is a land hex with an all-sea neighbour; a sea
  zone is stood in for by a reach in hexes (``sea_reach``): a port-to-port move, a sea supply
  line and a surface fleet's placement reach that far from their port or naval base.
- Open port (§2.7): a port with a friendly ground unit, or a port of the faction's own active
  countries (``open_port_countries``) with no enemy unit, or an all-sea hex with a friendly
  beachhead. Naval base and airbase: a port (naval base) or any land hex (airbase: the map marks
  no cities, roads or rails) with a supplied ground unit of the nationality.
- Convoys (3.1.2): the scenario gives each faction troop convoy steps a faction turn
  (``troop_convoys``), standing in for the convoy markers placed in the support segment. A
  marker carries a one-step unit; as breakdown (2.3.4) needs one-step units in the force pool,
  which the set-ups do not hold, a multi-step unit sails on one marker a step.
- Placement (2.2.3): an air force within its range (3) of a same-nationality airbase is placed
  in a hex (:mod:`air`: its column shift, 4.2.3.1) or becomes a Beachhead-2 in an all-sea hex
  next to land; a surface fleet within ``sea_reach`` of a same-nationality naval base becomes a
  Beachhead-1 there, the fleet or air force going to the Used box; a CV fleet goes to an
  all-sea hex next to land within the sea reach and flips at once to its CV strike, placed
  within 1 hex. No air unit is placed in Mud, nor (air forces and CV strikes) in or next to a
  friendly air unit, and no support unit in or next to an enemy air unit. Each other faction
  may contest each placement (the CV fleet's and then its strike's) with a unit of its pool
  that could be placed there (air forces and interceptors anywhere, CV fleets and surface
  fleets in all-sea hexes, a surface fleet never against a CV fleet): both go to the Used box,
  as the delay box is not played, and nothing is placed. Submarines, bombers and convoy markers
  are not played; a used unit or one on the map comes back to the force pool at its owner's
  next return to base.
- Inland advance and landing need the land hex free of enemy units (4.1.3's limits are not
  recovered). A beachhead hexside is crossed by movement, attacks, advances and zones of control
  (supplement §3); a move onto or off a beachhead takes the unit's entire allowance.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Effect, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.dai_senso import detachments, logistics, markers, offmap, state, war_states
from wargame.games.dai_senso.air import AIR_TYPES, enemy_air_in, spaced_out
from wargame.games.dai_senso.blitz import blitz_enabled
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import Naval, Supply
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.losses import eliminate
from wargame.games.dai_senso.naval_board import (
    beachhead,
    coastal_seas,
    open_port,
    open_ports,
    plays_naval,
    ports,
    sea_links,
)
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.state import SIDES
from wargame.games.dai_senso.supply import refusal, unsupplied
from wargame.games.dai_senso.weather import weather_now

RULES.stand_in("3.1.2", "ports, sea zones and troop convoys stood in for", key="port_to_port")
RULES.stand_in("2.2.3", "support units placed by reach from their bases, contests to the Used box",
               key="beachhead_placement")  # fmt: skip
RULES.stand_in("4.1.3", "the landing hex must be free of enemy units", key="landing_hex")
BEACHHEAD_MAKERS: Final = {"air_force": 2, "surface_fleet": 1}
"""Support unit types that make a beachhead, and the face it takes (2.2.3)."""


def initial_data(scenario: str, table: Naval) -> dict[str, Any]:
    """The naval keys of a scenario the table names (none for the others)."""
    if scenario not in table.troop_convoys:
        return {}
    setup = forces().scenarios[scenario].setup
    units = forces().units
    support = {
        p.unit: "pool" for p in setup if p.box == "pool" and not forces().is_ground(units[p.unit])
    }
    sea = {
        "reach": table.sea_reach,
        "open_port_countries": dict(table.open_port_countries),
        "box_edges": dict(table.box_sea_edges),
    }
    return {"beachheads": {}, "support": support, "convoys": 0, "sea": sea}


@RULES.implements("2.3.5", "1.2.1")
def bases_of(data: Mapping[str, Any], supply: Supply, nationality: str) -> set[str]:
    """The land hexes with a supplied ground unit, a detachment (2.3.5) or a logistics marker
    (1.2.1) of the nationality, the two markers with no supply test: its airbases, and its naval
    bases where they are ports (spec §2.7; the map marks no cities, roads or rails); never a
    hex with an enemy air unit."""
    side = _nationality_side(data, nationality)
    if side is None:
        return set()
    units = [uid for uid in data["units"] if state.unit(uid).nationality == nationality]
    cut_off = set(unsupplied(data, supply, side)) if units else set()
    the_map = board()
    found = {state.hex_of(data, uid) for uid in units if uid not in cut_off}
    found = {hex_id for hex_id in found if not the_map.hexes[hex_id].sea}
    found |= detachments.bases(data, nationality) | logistics.bases(data, nationality)
    return {hex_id for hex_id in found if not enemy_air_in(data, hex_id, side)}


def _nationality_side(data: Mapping[str, Any], nationality: str) -> str | None:
    """The faction of the nationality's pieces on the map (None if it has none there)."""
    pieces = [*data["units"], *detachments.placed(data)]
    mine = [uid for uid in pieces if state.unit(uid).nationality == nationality]
    if mine:
        return state.faction(mine[0])
    markers = forces().markers
    found = [m for m in state.logistics_on_map(data) if markers[m].nationality == nationality]
    return str(markers[found[0]].faction) if found else None


# -- 3.1.2 port-to-port -------------------------------------------------------------------------


@RULES.implements("3.1.2")
def sailings(data: Mapping[str, Any], uid: str) -> tuple[list[str], str]:
    """The open ports the unit reaches by sea, and why it may not sail at all ("" if it may)."""
    here = state.hex_of(data, uid)
    side = state.faction(uid)
    if here not in ports() and beachhead(data, here) is None:
        return [], f"3.1.2: {uid} is not in a port or on a beachhead"
    found = sea_links(data, side).ports_from(here)
    return found, convoy_refusal(data, data["units"][uid]["steps"])


@RULES.implements("3.1.2")
def convoy_refusal(data: Mapping[str, Any], steps: int) -> str:
    """Why a unit of ``steps`` steps may not sail for want of troop convoys ("" if it may)."""
    if data["convoys"] < steps:
        return f"3.1.2: {steps} troop convoy steps needed, {data['convoys']} left"
    return ""


@RULES.implements("3.1.2")
def box_sailings(data: Mapping[str, Any], uid: str) -> tuple[list[str], str]:
    """The friendly open ports in the sea zones of the unit's off-map box (a box is part of the
    zones printed on it, spec §2.7), and why it may not sail at all ("" if it may)."""
    record = offmap.in_boxes(data)[uid]
    found = [
        there
        for there in open_ports(data, state.faction(uid))
        if offmap.in_box_zones(data, record["box"], there)
    ]
    return found, convoy_refusal(data, record["steps"])


@RULES.implements("3.1.2", "3.1.3")
def box_landfalls(data: Mapping[str, Any], uid: str) -> dict[str, str]:
    """Each off-map box whose sea zones hold the unit's open port -> why the unit may not sail
    there ("" if it may): a box admits its own faction's units only (3.1.3)."""
    here = state.hex_of(data, uid)
    side = state.faction(uid)
    if not open_port(data, here, side):
        return {}
    steps = data["units"][uid]["steps"]
    return {
        box: offmap.box_refusal(uid, box) or convoy_refusal(data, steps)
        for box in offmap.sea_boxes(data)
        if offmap.in_box_zones(data, box, here)
    }


# -- 2.2 the support segment ----------------------------------------------------------------------


class SupportSegment(Procedure):
    """The support segment of ``side`` (2.2): return to base, beachhead maintenance, beachhead
    placement, Blitz marker placement (:mod:`blitz`) and beachhead failure."""

    name = "support_segment"

    @RULES.implements("2.2")
    def start(self, g: Context, f: Frame) -> None:
        """The steps in the rule's order: 1 return to base, 2 beachhead maintenance, 3 support
        and convoy placement, 4 Blitz markers, 5 beachhead failure; the faction's support units
        stay where they were placed until its next support segment returns them (2.2.1)."""
        if not plays_naval(g.data):
            g.call("blitz_placement", then="done", side=f["side"])
            return
        return_to_base(g, f["side"])
        g.data["convoys"] = (
            game_tables(g.state)["naval"].troop_convoys[g.state.scenario].get(f["side"], 0)
        )
        f["failing"] = maintain_beachheads(g, f["side"])
        g.goto("inland_next")

    def inland_next(self, g: Context, f: Frame) -> None:
        """The next failing beachhead with units on it, the empty ones removed (2.2.2)."""
        while f["failing"] and not _manning(g.data, f["failing"][0], f["side"]):
            _remove_failing(g, f)
        g.goto("inland" if f["failing"] else "place")

    @decision
    def inland(self, g: Context, f: Frame) -> Choices:
        """2.2.2: the units on a failing beachhead may advance inland before it is removed."""
        sea = f["failing"][0]
        choices = Decision.single(f["side"], "prompt.inland_advance", hex=sea)
        for uid in _manning(g.data, sea, f["side"]):
            choices.add(f"advance {uid}", _inland, uid)
        choices.add("end", _remove_failing)
        return choices

    @decision
    def place(self, g: Context, f: Frame) -> Choices:
        """2.2.3: an air force or surface fleet from the pool makes a beachhead, or end."""
        side = f["side"]
        choices = Decision.single(side, "prompt.beachhead_support")
        prewar = war_states.support_refusal(g.data)
        for uid in pool_makers(g.data, side):
            if prewar:
                choices.refuse(f"beachhead {uid}", prewar)
            elif beachhead_hexes(g, uid):
                choices.add(f"beachhead {uid}", _pick_support, uid)
            else:
                choices.refuse(
                    f"beachhead {uid}",
                    f"2.2.3: no all-sea hex next to land is in reach of {uid}'s bases",
                )
        for uid in pool_air(g.data, side):
            kind = state.unit(uid).type
            verb, found = ("air", air_hexes(g, uid)) if kind == "air_force" else (
                "cv", fleet_hexes(g, uid))  # fmt: skip
            reason = "" if found else f"2.2.3: no hex {uid} may be placed in is in reach"
            offer(choices, f"{verb} {uid}", reason, _pick_air, uid, verb)
        choices.add("end", _to_blitz)
        return choices

    @decision
    def air_hex(self, g: Context, f: Frame) -> Choices:
        """2.2.3: the hex the air force, CV fleet or CV strike (``f["stage"]``) goes to."""
        uid, stage = f["unit"], f["stage"]
        choices = Decision.single(f["side"], f"prompt.{stage}_hex", unit=uid)
        found = {"air": air_hexes, "cv": fleet_hexes}.get(stage)
        hexes = found(g, uid) if found else strike_hexes(g, uid, f["fleet_hex"])
        for hex_id in hexes:
            choices.add(f"hex {hex_id}", _pick_air_hex, hex_id)
        if stage != "strike":
            choices.add("cancel", _cancel)
        return choices

    @decision
    def place_hex(self, g: Context, f: Frame) -> Choices:
        hexes = beachhead_hexes(g, f["unit"])
        return hex_choices(
            f["side"], "prompt.beachhead_hex", f["unit"], hexes, _pick_hex, cancel=_cancel
        )

    @decision
    def place_arrow(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f["side"], "prompt.beachhead_arrow", hex=f["hex"])
        the_map = board()
        for land in the_map.neighbours(f["hex"]):
            if not the_map.hexes[land].sea:
                choices.add(f"toward {land}", _aim, land)
        choices.add("cancel", _cancel)
        return choices

    def contest_next(self, g: Context, f: Frame) -> None:
        """The next faction that may contest the placement is asked; with none left, the
        beachhead is made."""
        while f["contesters"]:
            if contest_units(g, f["contesters"][0], f["unit"], f["hex"]):
                g.goto("contest")
                return
            f["contesters"].pop(0)
        _placed(g, f)

    @decision
    def contest(self, g: Context, f: Frame) -> Choices:
        """2.2.3: a non-phasing faction may contest the placement with a unit of its pool."""
        side = f["contesters"][0]
        choices = Decision.single(side, "prompt.contest", unit=f["unit"], hex=f["hex"])
        for uid in contest_units(g, side, f["unit"], f["hex"], f.get("stage")):
            choices.add(f"contest {uid}", _contest, uid)
        choices.add("decline", _decline)
        return choices

    def failure(self, g: Context, f: Frame) -> None:
        beachhead_failure(g, f["side"])
        g.ret()

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


@RULES.implements("2.2.1")
def return_to_base(g: Context, side: str) -> None:
    """The faction's used support units and those on the map come back to its force pool."""
    for uid, where in sorted(g.data["support"].items()):
        if where != "pool" and state.faction(uid) == side:
            g.data["support"][uid] = "pool"
            g.log("log.returned", side=side, unit=uid)


@RULES.implements("2.2.2")
def maintain_beachheads(g: Context, side: str) -> list[str]:
    """Flip each beachhead that stays to Beachhead-1; the failing ones, in hex order."""
    failing = []
    for sea, record in sorted(g.data["beachheads"].items()):
        if record["side"] != side:
            continue
        if record.get("placed") == g.data["turn"]:  # an SNLF Beachhead-0 stays its first turn
            continue
        manned = state.holder(g.data, sea) == side
        if manned and state.enemy_in(g.data, record["toward"], side):
            record["level"] = min(record["level"], 1)
            g.log("log.beachhead_kept", side=side, hex=sea)
        else:
            failing.append(sea)
    return failing


def _manning(data: Mapping[str, Any], sea: str, side: str) -> list[str]:
    return [uid for uid in state.units_in(data, sea) if state.faction(uid) == side]


def _inland(g: Context, f: Frame, uid: str) -> None:
    sea = f["failing"][0]
    land(g, uid, g.data["beachheads"][sea]["toward"], "log.inland_advance")
    g.goto("inland_next")


def land(g: Context, uid: str, there: str, key: str) -> None:
    """Place the unit in the land hex across its beachhead hexside (not movement)."""
    here = state.hex_of(g.data, uid)
    taken = state.enter(g.data, uid, there)
    g.log(key, side=state.faction(uid), unit=uid, frm=here, to=there)
    if taken:
        g.log("log.taken", side=taken, hex=there)


def _remove_failing(g: Context, f: Frame) -> None:
    sea = f["failing"].pop(0)
    del g.data["beachheads"][sea]
    g.log("log.beachhead_removed", side=f["side"], hex=sea)
    g.goto("inland_next")


def pool_makers(data: Mapping[str, Any], side: str) -> list[str]:
    """The faction's air forces and surface fleets in its force pool."""
    return [
        uid
        for uid, where in sorted(data["support"].items())
        if where == "pool"
        and state.faction(uid) == side
        and state.unit(uid).type in BEACHHEAD_MAKERS
    ]


@RULES.implements("2.2.3")
def beachhead_hexes(g: Context, uid: str) -> list[str]:
    """The all-sea hexes next to land in reach of one of the unit's bases: an airbase within
    its range (air force), a naval base within the sea reach (surface fleet). One beachhead a
    hex, never under an enemy unit; one made over the faction's own units left on a failed
    beachhead saves them from 2.2.5."""
    near = in_reach(g, uid)
    side = state.faction(uid)
    enemy = {r["hex"] for u, r in g.data["units"].items() if state.faction(u) != side}
    found = (near & coastal_seas()) - enemy - set(g.data["beachheads"])
    return sorted(found - spaced_out(g.data, uid))


@RULES.implements("2.2.3")
def in_reach(g: Context, uid: str) -> set[str]:
    """The hexes the support unit may be placed in: within its range (3) of an airbase of its
    nationality for an air unit, within the sea reach of a naval base of its nationality for a
    fleet (spec §4.6.3, the sea zone stood in for by the reach)."""
    the_map = board()
    supply = game_tables(g.state)["supply"]
    nationality = state.unit(uid).nationality
    kind = forces().support_types[state.unit(uid).type]
    air = kind.category == "air"
    reach = (kind.range or 3) if air else g.data["sea"]["reach"]
    bases = [hex_id for hex_id in bases_of(g.data, supply, nationality) if air or hex_id in ports()]
    return {near for base in bases for near in the_map.grid.within(base, reach)}


def hex_choices(
    side: str, prompt: str, uid: str, hexes: list[str], effect: Effect, *, cancel: Effect
) -> Choices:
    """A decision of ``side`` for the unit: one of the hexes (``hex H``), or cancel."""
    choices = Decision.single(side, prompt, unit=uid)
    for hex_id in hexes:
        choices.add(f"hex {hex_id}", effect, hex_id)
    choices.add("cancel", cancel)
    return choices


def offer(choices: Choices, text: str, reason: str, effect: Effect, *args: Any) -> None:
    """Offer the action, or refuse it with ``reason`` when there is one."""
    if reason:
        choices.refuse(text, reason)
    else:
        choices.add(text, effect, *args)


def _pick_support(g: Context, f: Frame, uid: str) -> None:
    f["unit"] = uid
    g.goto("place_hex")


def _pick_hex(g: Context, f: Frame, sea: str) -> None:
    f["hex"] = sea
    g.goto("place_arrow")


def _cancel(g: Context, f: Frame) -> None:
    f["unit"] = f["hex"] = f["stage"] = None
    g.goto("place")


def _pick_air(g: Context, f: Frame, uid: str, verb: str) -> None:
    f["unit"], f["stage"] = uid, verb
    g.goto("air_hex")


def _pick_air_hex(g: Context, f: Frame, hex_id: str) -> None:
    """The placement is made: each other faction of the scenario in turn may contest it."""
    f["hex"] = hex_id
    f["contesters"] = [s for s in SIDES if s in g.data["factions"] and s != f["side"]]
    g.goto("contest_next")


def _placed(g: Context, f: Frame) -> None:
    """No contest: the beachhead is made, or the air unit is placed; a CV fleet placed in its
    all-sea hex flips at once to its CV strike, placed within 1 hex (spec §4.6.3)."""
    stage = f.get("stage")
    if stage is None:
        _place_beachhead(g, f)
        return
    uid, hex_id = f["unit"], f["hex"]
    if stage == "cv":
        f["fleet_hex"], f["stage"] = hex_id, "strike"
        g.log("log.cv_fleet_placed", side=f["side"], unit=uid, hex=hex_id)
        g.goto("air_hex")
        return
    g.data["support"][uid] = hex_id
    key = "log.cv_strike_placed" if stage == "strike" else "log.air_placed"
    g.log(key, side=f["side"], unit=uid, hex=hex_id)
    f["unit"] = f["hex"] = f["stage"] = f["fleet_hex"] = None
    g.goto("place")


def pool_air(data: Mapping[str, Any], side: str) -> list[str]:
    """The faction's air forces and CV fleets in its force pool."""
    return [
        uid
        for uid, where in sorted(data["support"].items())
        if where == "pool" and state.faction(uid) == side and state.unit(uid).type in AIR_TYPES
    ]


@RULES.implements("2.2.3", "11.3")
def air_hexes(g: Context, uid: str) -> list[str]:
    """The hexes an air force may be placed in: within its range of an airbase of its
    nationality, not in Mud, no friendly nor enemy air unit in or next to it."""
    weather = weather_now(g.state)
    spaced = spaced_out(g.data, uid)
    return sorted(hex_id for hex_id in in_reach(g, uid) - spaced if weather.get(hex_id) != "mud")


@RULES.implements("2.2.3")
def fleet_hexes(g: Context, uid: str) -> list[str]:
    """The all-sea hexes next to land a CV fleet may be placed in (within the sea reach of a
    naval base of its nationality), with a hex for its CV strike."""
    weather = weather_now(g.state)
    spaced = spaced_out(g.data, uid)
    return sorted(
        sea
        for sea in (in_reach(g, uid) & coastal_seas()) - spaced
        if strike_hexes(g, uid, sea, weather, spaced)
    )


@RULES.implements("2.2.3", "11.3")
def strike_hexes(
    g: Context,
    uid: str,
    fleet_hex: str,
    weather: Mapping[str, str] | None = None,
    spaced: set[str] | None = None,
) -> list[str]:
    """The hexes within 1 of its CV fleet's hex a CV strike may be placed in (``weather`` and
    ``spaced``: the turn's weather and :func:`air.spaced_out`, if already worked out)."""
    weather = weather_now(g.state) if weather is None else weather
    spaced = spaced_out(g.data, uid) if spaced is None else spaced
    reach = forces().support_types["cv_strike"].range or 1
    return sorted(
        hex_id
        for hex_id in board().grid.within(fleet_hex, reach)
        if hex_id in board().hexes and weather.get(hex_id) != "mud" and hex_id not in spaced
    )


def _aim(g: Context, f: Frame, toward: str) -> None:
    """The placement is made: each other faction of the scenario in turn may contest it."""
    f["toward"] = toward
    f["contesters"] = [s for s in SIDES if s in g.data["factions"] and s != f["side"]]
    g.goto("contest_next")


def _place_beachhead(g: Context, f: Frame) -> None:
    uid, sea, toward = f["unit"], f["hex"], f["toward"]
    f["unit"] = f["hex"] = f["toward"] = None
    level = BEACHHEAD_MAKERS[state.unit(uid).type]
    g.data["beachheads"][sea] = {"side": f["side"], "toward": toward, "level": level}
    g.data["support"][uid] = "used"
    g.log("log.beachhead_placed", side=f["side"], unit=uid, hex=sea, to=toward, level=level)
    g.goto("place")


ANY_TARGET: Final = frozenset({"air_force", "surface_fleet", "cv_fleet", "cv_strike"})
CONTESTS: Final = {
    "air_force": ANY_TARGET,
    "interceptor": ANY_TARGET,
    "cv_fleet": ANY_TARGET,
    "surface_fleet": frozenset({"air_force", "surface_fleet", "cv_strike"}),
}
"""Contester type -> the kinds of target it may contest (spec §4.6.3: air forces, interceptors
and CV fleets any, surface fleets air forces, surface fleets and CV strikes, not CV fleets;
bombers and submarines never contest; fleets contest in all-sea hexes only; a CV strike does
not contest here, as its CV fleet would have to be placed first)."""


@RULES.implements("2.2.3")
def contest_units(
    g: Context, side: str, target: str, hex_id: str, stage: str | None = None
) -> list[str]:
    """The units of ``side``'s force pool that could be placed in ``hex_id`` and may contest the
    target there (``stage`` "strike": the target is a CV strike)."""
    kind = "cv_strike" if stage == "strike" else state.unit(target).type
    sea = board().hexes[hex_id].sea
    return [
        uid
        for uid, where in sorted(g.data["support"].items())
        if where == "pool"
        and state.faction(uid) == side
        and kind in CONTESTS.get(state.unit(uid).type, frozenset())
        and (sea or forces().support_types[state.unit(uid).type].category == "air")
        and hex_id in in_reach(g, uid)
    ]


def _contest(g: Context, f: Frame, uid: str) -> None:
    """Both units leave for the Used box (the delay box is not played); nothing is placed."""
    target = f["unit"]
    g.data["support"][target] = g.data["support"][uid] = "used"
    g.log("log.contested", side=state.faction(uid), unit=uid, target=target, hex=f["hex"])
    f["unit"] = f["hex"] = f["toward"] = f["stage"] = None
    f["contesters"] = []
    g.goto("place")


def _decline(g: Context, f: Frame) -> None:
    f["contesters"].pop(0)
    g.goto("contest_next")


def _to_blitz(g: Context, f: Frame) -> None:
    g.call("blitz_placement", then="failure", side=f["side"])


@RULES.implements("2.2.5")
def beachhead_failure(g: Context, side: str) -> None:
    """Ground units in an all-sea hex without a beachhead are eliminated."""
    for uid in sorted(g.data["units"]):
        sea = state.hex_of(g.data, uid)
        if board().hexes[sea].sea and beachhead(g.data, sea) is None:
            g.log("log.lost_at_sea", side=state.faction(uid), unit=uid, hex=sea)
            eliminate(g, uid)


# -- 4.1.3 beachhead landing ------------------------------------------------------------------


@RULES.implements("4.1.3")
def landing_refusal(data: Mapping[str, Any], uid: str, reach: int, supply: Supply) -> str:
    """Why the unit on a beachhead may not land ("" if it may)."""
    sea = state.hex_of(data, uid)
    record = beachhead(data, sea)
    if record is None:
        return f"4.1.3: {uid} is not on a beachhead"
    if state.enemy_in(data, record["toward"], state.faction(uid)):
        return f"4.1.3: enemy units hold {record['toward']}"
    if not blitz_enabled(data, uid, reach):
        return f"4.1.3: {uid} is not blitz-enabled"
    stalled = markers.stall_refusal(data, state.faction(uid), record["toward"], "landing")
    if stalled:
        return stalled
    return refusal(data, supply, uid, "land")


class BeachheadLanding(Procedure):
    """The beachhead landing step of the blitz combat segment (4.1.3)."""

    name = "beachhead_landing"

    def start(self, g: Context, f: Frame) -> None:
        if plays_naval(g.data) and on_beachheads(g.data, f["side"]):
            g.goto("landing")
        else:
            g.ret()

    @decision
    def landing(self, g: Context, f: Frame) -> Choices:
        side = f["side"]
        choices = Decision.single(side, "prompt.beachhead_landing")
        reach = game_tables(g.state)["blitz_markers"].range
        supply = game_tables(g.state)["supply"]
        for uid in on_beachheads(g.data, side):
            offer(choices, f"land {uid}", landing_refusal(g.data, uid, reach, supply), _land, uid)
        choices.add("end", _end_landing)
        return choices


def on_beachheads(data: Mapping[str, Any], side: str) -> list[str]:
    """The faction's ground units on its beachheads."""
    return [
        uid
        for uid in state.own_units(data, side)
        if beachhead(data, state.hex_of(data, uid)) is not None
    ]


def _land(g: Context, f: Frame, uid: str) -> None:
    toward = g.data["beachheads"][state.hex_of(g.data, uid)]["toward"]
    land(g, uid, toward, "log.landed")
    g.goto("start")


def _end_landing(g: Context, f: Frame) -> None:
    g.ret()


ALL: Final[tuple[Procedure, ...]] = (SupportSegment(), BeachheadLanding())
