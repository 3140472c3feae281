"""Air missions in a segment of the Movement Phase (7.04-7.06 items 2-3, R1): launch (9.04), the
mission and its hidden marker (9.03), supply spent at launch (9.05), the responding side's
interception or CAP (9.03 A, F), air-to-air combat (9.06), the strike at the target (9.03 C, D,
E, H; 9.06), aborts (9.07), airbase hits (9.10 item 2), EWDA shot down (9.03), landing and the
sortie box (9.02).

Decisions
- A mission group flies from its base to one target hex and back (or on to its new base for a
  ferry): the hex-by-hex flight path is not traced, its cost is the distance there and back,
  which must be within every unit's movement allowance (9.04: the allowance is the whole round
  trip; a ferry may fly twice its allowance, one way).
- A mission is offered only with a target it can reach: air superiority an enemy airbase, EWDA or
  ship; a bombing strike an enemy airbase, ground unit, depot (12.01, :mod:`depots`), surface
  ship or transport waiting in the field (9.03, :mod:`field_landings`); an ASM strike an enemy
  surface ship; an ASW strike an enemy submarine; a ferry a friendly airbase (or carrier, for
  carrier aircraft); an airborne transport a land hex for its cargo (:mod:`airdrop`); an
  airmobile transport a friendly base or a hex in the field (:mod:`field_landings`), with a
  ground unit or a depot of its side (12.01, :mod:`depots`: local transports, no carrier); a
  minelaying mission (designed, 13.08: only a unit whose type has the minelaying flag, while its
  nation's stock of mines lasts) a water hex of the operational map with no field, where the
  group, if a minelayer arrives not aborted, lays one (:mod:`mines`); with the optional rule, a
  minesweeping mission (13.08, 8.03: the SH-3) an enemy field, which its sweepers
  (:func:`sweepers`) may clear (:mod:`mines`; its target choice previews the fire met there and
  the sweep after it, :mod:`chance_previews`). Escorts join a group on a mission that is not
  anti-air (9.03 G), up to 3 units in all (9.04).
- The responding side sees the group, its base and its target hex, not its mission or which of
  its units are escorts (9.03: the marker is face down) until it fights or reaches its target.
  The supply track is public, as on the printed track.
- Interception (provisional stand-in for the lost interception procedure, 15.01): the chase of
  9.03 A is resolved as one fight in the target hex before the strike. The interceptors' base
  and the target hex must both lie within the air detection range of one friendly airbase,
  carrier, surface ship or EWDA (table ``detection``), the target within the interceptors'
  round trip. CAP: an Intercept-mode unit aboard a carrier whose class flies CAP (table
  ``carriers``: the large ones), the target within ``cap_radius`` (20) hexes of it (9.03 F).
  One group of up to three units from one base responds. CAP combat (16.01, provisional: the
  rule is lost, and the seed says it is Gulf Strike's): the patrol fights the group in the
  target hex as interceptors do, both sides firing at once (16.07), before the ships fire; it
  costs no supply (9.05, carriers spend none).
- Air-to-air combat (provisional, 16.07): both sides fire at once, each with the anti-air values
  of its units on anti-air missions (a strike unit may not use its anti-air value, 9.03) less
  the best ECM of the other side, on the Air/Naval chart. Hits fall on the group one unit at a
  time, escorts first (9.03 G), then in the order listed. A unit hit aborts (9.07).
- A strike: the non-aborted strike units' summed value (bombing, ASM or underwater) less the
  target's ECM, on the Air/Naval chart against a ship, the air-to-ground chart against a ground
  unit or an airbase. Bombing the hex itself is interdiction, whose effect on movement is lost
  (13.04): it is logged only. Before it, the enemy ships within their anti-air combat range of
  the target hex fire once, together, at the group (ship-to-air, 9.06; 16.10 provisional), then
  the enemy's anti-air ground units in range (ground-to-air, 16.05 provisional) and the Soviet
  air defence (9.09), all in :mod:`air_defence`; airbases do not fire. 16.06 and 16.08 are
  provisional.
- From an inoperative airbase no mission launches until it is repaired (9.10: the seed puts its
  units on the map and says no more).
- A unit whose base is lost (its carrier sunk) when it lands is eliminated.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache, partial
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.aegean_strike import (
    air_defence,
    air_previews,
    airdrop,
    assault,
    chance_previews,
    depots,
    detection,
    e2_carrier,
    field_landings,
    losses,
    mines,
    naval,
    optional,
    sealift,
    state,
)
from wargame.games.aegean_strike.charts import MISSION_MODES
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.losses import ANTI_AIR, STRIKE_VALUE, reveal
from wargame.games.aegean_strike.registry import RULES

GROUP_LIMIT: Final = 3
HIDDEN: Final = "hidden"
MINELAYING: Final = "minelaying"
"""13.08 (designed): an air unit with the minelaying flag lays a field in a sea hex."""
MINESWEEPING: Final = "minesweeping"
"""13.08, 8.03 (optional, designed): an SH-3 sweeps an enemy field from the air."""
OFFENSIVE_MISSIONS: Final = (
    "air_superiority",
    "bombing_strike",
    "asm_strike",
    "asw_strike",
    MINELAYING,
    MINESWEEPING,
    "ferry",
    *airdrop.MISSIONS,
)
CAS_MISSION: Final = "bombing_strike"
"""7.04 (seed): in a close air support segment the offensive mission is a bombing strike on
ground units in declared land combats (escorts fly with it)."""
REBASING: Final = ("ferry", airdrop.AIRMOBILE)
"""Missions that end at another friendly base rather than back home."""

RULES.stand_in(
    "15.01",
    "an interception is one fight in the target hex; detection by range only",
    key="interception",
)
RULES.stand_in("16.07", "both groups fire at once, hits on escorts first", key="air_to_air")
RULES.stand_in(
    "16.01", "CAP over a carrier fights an arriving group as an interception does", key="cap"
)
RULES.stand_in("16.06", "a strike on ground units or a base; no fire back", key="air_to_ground")
RULES.stand_in("16.08", "a strike on a ship less its ECM", key="air_to_ship")
RULES.stand_in("13.04", "interdiction bombing is logged, its effect is lost", key="interdiction")
RULES.stand_in(
    "13.08", "a Tu-20 on a minelaying mission lays a field in a sea hex it reaches", key="air_mines"
)


# -- what a unit may fly -----------------------------------------------------------------------
@RULES.implements("9.02", "9.03")
def launch_refusal(data: Mapping[str, Any], uid: str) -> str:
    """Why ``uid`` may not fly an offensive mission now ("" if it may)."""
    record = data["air"][uid]
    if record["mode"] != "offensive":
        return f"9.02: {uid} is not in Offensive mode this turn"
    if record["box"] <= 0:
        return f"9.02: {uid} is in the holding area: no more missions this turn"
    if record["flown"]:
        return f"9.03: {uid} has flown a mission in this action stage"
    if not base_operative(data, record["base"]):
        return f"9.10: {record['base']} is inoperative"
    return ""


def base_operative(data: Mapping[str, Any], base: str) -> bool:
    if state.is_carrier(base):
        return state.base_hex(data, base) is not None
    return base not in data["inoperative"]


@RULES.implements("9.04", "19.04", "19.05")
def reach(data: Mapping[str, Any], uid: str, mission: str) -> int:
    """How far out ``uid`` may fly: half its allowance (the round trip), a ferry twice it, one
    way; an airmobile transport its allowance less loading and unloading, one way; with the
    optional air refuelling or speed differences, its type's bonus more (19.04, 19.05)."""
    if mission == airdrop.AIRMOBILE:
        return airdrop.airmobile_reach(uid)
    allowance = state.air_values(uid).ma * state.OP_PER_STRATEGIC
    base = 2 * allowance if mission == "ferry" else allowance // 2
    return base + optional.extra_reach(data, uid, mission)


def hidden_marker(mission: str) -> bool:
    """9.03: a mission marker goes face down; transport missions carry none."""
    return MISSION_MODES[mission][1] != "none"


def escorted(mission: str) -> bool:
    """9.03 G: escorts fly with a group on a mission that is not anti-air."""
    return mission not in ANTI_AIR and mission not in REBASING


@RULES.implements("9.01")
def can_fly(uid: str, mission: str) -> bool:
    """Whether the unit's type and values allow the mission: an air transport unit flies a
    ferry or a transport mission, an air combat unit a mission whose value it has; a unit
    whose type has the minelaying flag a minelaying mission (13.08); no counter sweeps mines
    from the air without the optional rule (:func:`flies`)."""
    if mission == MINESWEEPING:
        return False
    if mission == MINELAYING:
        return forces().air_types[state.unit(uid).type].minelaying
    values = state.air_values(uid)
    if forces().air_kind(state.unit(uid)) == "transport":
        return mission == "ferry" or (
            mission in airdrop.MISSIONS and airdrop.can_carry(uid, mission)
        )
    if mission in airdrop.MISSIONS:
        return False
    if mission in ("air_superiority", "escort"):
        return values.anti_air > 0
    return mission == "ferry" or getattr(values, STRIKE_VALUE[mission]) > 0


@RULES.implements("13.08", "8.03")
def flies(data: Mapping[str, Any], uid: str, mission: str) -> bool:
    """Whether ``uid`` may fly ``mission`` in this game: a minesweeping mission with the
    optional rule's types (:func:`optional.air_sweeper`), any other as its counter allows."""
    if mission == MINESWEEPING:
        return optional.air_sweeper(data, uid)
    return can_fly(uid, mission)


@RULES.implements("14.04")
def targets(
    data: Mapping[str, Any], side: str, mission: str, unseen: Collection[str] = ()
) -> list[str]:
    """The hexes (for a ferry: bases) a mission of ``side`` may fly to; a ground unit or a ship
    ``side`` does not see (``unseen``) is no target (14: undetected units cannot be attacked)."""
    enemy = state.other(side)
    if data.get("cas"):
        return assault.cas_hexes(data, side) if mission == CAS_MISSION else []
    if mission in REBASING:
        return [b for b in state.own_bases(data, side) if base_operative(data, b)]
    if mission == MINELAYING:
        mined = mines.fields(data)
        return [h for h in sea_hexes() if h not in mined]
    if mission == MINESWEEPING:  # 13.08: the enemy's fields, public
        return sorted(h for h, layer in mines.fields(data).items() if layer == enemy)
    found: set[str] = set()
    if mission in ("air_superiority", "bombing_strike"):
        found |= {
            state.base_hex(data, b) or ""
            for b in data["airbases"]
            if state.base_side(data, b) == enemy
        }
    if mission == "air_superiority":
        found |= {h for u, h in data["ewda"].items() if h and state.side_of(data, u) == enemy}
    if mission == "bombing_strike":
        found |= {
            r["hex"]
            for u, r in data["ground"].items()
            if r["hex"] and state.side_of(data, u) == enemy and u not in unseen
        }
        found |= set(depots.side_depots(data, enemy))  # 12.01
        found |= set(field_landings.struck(data, side, unseen))  # 9.03: transports in the field
    for uid, record in data["naval"].items():
        if state.side_of(data, uid) != enemy or uid in unseen:
            continue
        submarine = sealift.submerged(data, uid)
        if (mission == "asw_strike") == submarine or mission == "air_superiority":
            found.add(record["hex"])
    return sorted(found - {""})


@cache
def sea_hexes() -> tuple[str, ...]:
    """The water hexes of the operational map, where a field may be laid from the air (13.08)."""
    return tuple(
        h for h in state.placeable_hexes() if not state.on_strategic(h) and naval.is_water(h)
    )


@RULES.implements("13.08", "9.03")
def mine_target_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], text: str) -> str:
    """Why ``text`` ("target <hex>") is no target of the minelaying group now ('' if it is
    none the player might expect)."""
    verb, _, hex_id = text.partition(" ")
    if verb != "target" or not hex_id:
        return ""
    if hex_id not in forces().hexes or not naval.is_water(hex_id):
        return f"13.08: minefields are laid in water hexes, not in {hex_id}"
    lead = data["flight"]["units"][0]
    return mines.place_refusal(g_tables, data, state.nation(lead), hex_id)


@RULES.implements("10.06")
def can_base(uid: str, base: str) -> bool:
    """Whether ``uid`` may be based at ``base``: on a carrier only a carrier aircraft may."""
    if not state.is_carrier(base) or base not in forces().units:
        return True
    return forces().air_types[state.unit(uid).type].carrier


@RULES.implements("9.04", "13.05")
def in_reach(data: Mapping[str, Any], units: list[str], mission: str, target: str) -> bool:
    """13.05 (the seed's 9.04): every unit of the group flies there and back within its
    allowance (a ferry one way within twice it)."""
    where = state.base_hex(data, data["air"][units[0]]["base"])
    there = state.base_hex(data, target) if mission in REBASING else target
    if where is None or there is None:
        return False
    return all(state.distance(where, there) <= reach(data, u, mission) for u in units)


def spends_supply(base: str) -> bool:
    """9.05: a mission from an airbase spends its nation's SP; from a carrier or the field not."""
    return not state.is_carrier(base) and not state.is_field(base)


def supply_cost(g_tables: Mapping[str, Any], flight: Mapping[str, Any]) -> int:
    """9.05: the SP the launching base spends; carriers spend none, nor transports flying
    from the field (:mod:`field_landings`)."""
    if not spends_supply(flight["base"]):
        return 0
    missions = g_tables["air_missions"]
    escorts = set(flight["escorts"])
    return sum(
        missions["escort" if u in escorts else flight["mission"]].sp for u in flight["units"]
    )


class Aims:
    """The targets of each mission one side may fly now, listed once for all its aircraft."""

    def __init__(self, g: Context, side: str) -> None:
        self.data, self.side = g.data, side
        self.g_tables = game_tables(g.state)
        self.unseen = detection.hidden_from(self.g_tables, g.data, side)
        self._targets: dict[str, list[str]] = {}
        self._fields: field_landings.Fields | None = None

    def targets(self, mission: str) -> list[str]:
        if mission not in self._targets:
            self._targets[mission] = targets(self.data, self.side, mission, self.unseen)
        return self._targets[mission]

    def missions_of(self, uid: str) -> list[str]:
        """The offensive missions ``uid`` may fly to some target."""
        base = self.data["air"][uid]["base"]
        return [
            m
            for m in OFFENSIVE_MISSIONS
            if flies(self.data, uid, m)
            and (not self.data.get("cas") or m == CAS_MISSION)
            and not self.refusal(uid, m)
            and self._has_cargo(uid, m, base)
            and self._reaches(uid, m)
        ]

    def _has_cargo(self, uid: str, mission: str, base: str) -> bool:
        """Whether a transport mission has a load at ``base``: a ground unit, or for an
        airmobile transport of a carrying role the side's depot there (12.01)."""
        if mission not in airdrop.MISSIONS or airdrop.cargo_at(self.data, self.side, base, mission):
            return True
        return (
            mission == airdrop.AIRMOBILE
            and depots.carries(self.g_tables, uid)
            and depots.at_base(self.data, self.side, base) is not None
        )

    def _reaches(self, uid: str, mission: str) -> bool:
        """Whether ``uid`` reaches a target of ``mission`` (an airmobile transport a landing in
        the field, 9.03)."""
        if mission == airdrop.MISSION:
            return True
        if any(in_reach(self.data, [uid], mission, t) for t in self.targets(mission)):
            return True
        return mission == airdrop.AIRMOBILE and self.fields().any_open([uid])

    def fields(self) -> field_landings.Fields:
        if self._fields is None:
            self._fields = field_landings.Fields(self.g_tables, self.data, self.side)
        return self._fields

    def refusal(self, uid: str, mission: str) -> str:
        """Why ``uid`` may not fly ``mission``, which it could, at all now: a minelayer whose
        nation has spent its stock of mines (13.08)."""
        if mission != MINELAYING:
            return ""
        return mines.stock_refusal(self.g_tables, self.data, state.nation(uid))


@RULES.implements("13.08", "9.03")
def lay_from_air(g: Context, flight: Mapping[str, Any], able: list[str]) -> None:
    """A minelayer of the group not aborted lays one field in the target hex, from its
    nation's stock; none arrived, or the hex no longer takes one: the mission fails."""
    there = flight["target_hex"]
    layers = [u for u in able if u not in flight["escorts"] and can_fly(u, MINELAYING)]
    nation = state.nation(layers[0]) if layers else ""
    if (
        not layers
        or not naval.is_water(there)
        or mines.place_refusal(game_tables(g.state), g.data, nation, there)
    ):
        g.log("log.mission_failed", side=flight["side"], flight=flight["id"])
        return
    mines.lay(g, layers[0], there)


@RULES.implements("13.08", "8.03")
def sweep_from_air(g: Context, flight: Mapping[str, Any], able: list[str]) -> None:
    """The sweepers of the group not aborted try to clear the enemy field in the target hex;
    none arrived: the mission fails."""
    found = sweepers(g.data, flight, able)
    if not found:
        g.log("log.mission_failed", side=flight["side"], flight=flight["id"])
        return
    mines.sweep_from_air(g, flight["side"], found, flight["target_hex"])


@RULES.implements("13.08", "8.03")
def sweepers(data: Mapping[str, Any], flight: Mapping[str, Any], able: list[str]) -> list[str]:
    """The units of ``able`` that sweep, in the order they roll: not escorts, of the optional
    rule's types; the sweep in play and its preview (:mod:`chance_previews`) both use it."""
    return [u for u in able if u not in flight["escorts"] and flies(data, u, MINESWEEPING)]


def _no_target(aims: Aims, uid: str) -> str:
    if aims.missions_of(uid):
        return ""
    return f"9.04: {uid} reaches no target of any mission it may fly"


# -- the acting side's missions ----------------------------------------------------------------
class AirSegment(Procedure):
    """One side's air missions in a Movement Phase segment, the other side responding."""

    name = "air_segment"

    def start(self, g: Context, f: Frame) -> None:
        g.goto("choose")

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        side = f["side"]
        choices = Decision.single(side, "prompt.air_segment", segment=f["segment"])
        aims = Aims(g, side)
        for uid in state.own_air(g.data, side):
            reason = launch_refusal(g.data, uid) or _no_target(aims, uid)
            if reason:
                choices.refuse(f"launch {uid}", reason)
            else:
                choices.add(f"launch {uid}", _launch, uid)
        choices.add("end", _end)
        if "launch" not in choices.verbs():
            choices.prompt = "prompt.air_segment_end"
        return choices

    @decision
    def mission(self, g: Context, f: Frame) -> Choices:
        side, uid = f["side"], f["lead"]
        choices = Decision.single(side, "prompt.mission", unit=uid)
        aims = Aims(g, side)
        for name in aims.missions_of(uid):
            choices.add(f"mission {name}", _form, name)
        if can_fly(uid, MINELAYING) and aims.refusal(uid, MINELAYING):
            choices.refuse(f"mission {MINELAYING}", aims.refusal(uid, MINELAYING))
        choices.add("cancel", _cancel)
        return choices

    @decision
    def group(self, g: Context, f: Frame) -> Choices:
        flight = g.data["flight"]
        choices = Decision.single(f["side"], "prompt.group", unit=f["lead"])
        g_tables = game_tables(g.state)
        for uid in _joinable(g.data, flight):
            reason = flight.get("depot") and depots.join_refusal(g_tables, uid)  # 12.01
            if flies(g.data, uid, flight["mission"]) and reason:
                choices.refuse(f"add {uid}", reason)
            elif flies(g.data, uid, flight["mission"]):
                choices.add(f"add {uid}", _join, uid, False)
            if escorted(flight["mission"]) and (
                can_fly(uid, "escort") or optional.jammer(g.data, uid)
            ):
                choices.add(f"escort {uid}", _join, uid, True)
        if flight["mission"] in airdrop.MISSIONS and not loaded(flight):
            for uid in airdrop.cargo_at(g.data, f["side"], flight["base"], flight["mission"]):
                reason = airdrop.cargo_refusal(g_tables, flight["units"], uid)
                if reason:
                    choices.refuse(f"cargo {uid}", reason)
                else:
                    choices.add(f"cargo {uid}", _load, uid)
            _offer_depot(g, choices, flight)
        cost = supply_cost(g_tables, flight)
        short = cost > g.data["sp"].get(state.base_nation(flight["base"]), 0)
        fire = air_previews.FireNotes(g, f["side"], flight["units"])  # the fire met there
        if flight["mission"] == MINESWEEPING:  # and the sweep after it
            found = sweepers(g.data, flight, flight["units"])
            fire = chance_previews.SweepNotes(g, f["side"], flight["units"], found)
        for target in self._targets_of(g, f["side"], flight):
            verb = "base" if flight["mission"] in REBASING else "target"
            if not all(can_base(u, target) for u in flight["units"]):
                choices.refuse(f"{verb} {target}", f"10.06: only carrier aircraft land on {target}")
            elif flight.get("depot") and depots.landing_refusal(g_tables, g.data, target):
                choices.refuse(f"{verb} {target}", depots.landing_refusal(g_tables, g.data, target))
            elif not in_reach(g.data, flight["units"], flight["mission"], target):
                choices.refuse(
                    f"{verb} {target}", f"13.05: {target} is beyond the group's round trip (9.04)"
                )
            elif short:
                choices.refuse(f"{verb} {target}", f"9.05: the base's nation lacks {cost} SP")
            else:
                there = destination(g.data, flight["mission"], target)
                choices.add(f"{verb} {target}", _fly, target, later=fire(there) if there else None)
        if flight["mission"] == airdrop.AIRMOBILE and loaded(flight):
            _offer_fields(g, choices, flight, cost if short else 0, fire)
        choices.add("cancel", _cancel)
        if choices.verbs() == {"cancel"}:
            choices.prompt = "prompt.group_cancel"
        if flight["mission"] == MINELAYING:
            choices.explain = lambda text: mine_target_refusal(g_tables, g.data, text)
        return choices

    def _targets_of(self, g: Context, side: str, flight: Mapping[str, Any]) -> list[str]:
        mission = flight["mission"]
        if mission in airdrop.MISSIONS and not loaded(flight):
            return []
        if mission == airdrop.MISSION:
            return airdrop.drop_zones(g.data, flight["units"])
        unseen = detection.hidden_from(game_tables(g.state), g.data, side)
        found = targets(g.data, side, mission, unseen)
        return [b for b in found if b != flight["base"]] if mission in REBASING else found

    # -- the other side responds ----------------------------------------------------------------
    @decision
    def respond(self, g: Context, f: Frame) -> Choices:
        enemy = state.other(f["side"])
        target = g.data["flight"]["target_hex"]
        choices = Decision.single(enemy, "prompt.respond", hex=target)
        g_tables = game_tables(g.state)
        for uid in state.own_air(g.data, enemy):
            kind = response_kind(g_tables, g.data, uid, target)
            if kind == "intercept" and g.data["flight"].get("unseen"):
                continue  # 19.06: the lone aircraft slipped past
            reason = kind and response_short(g_tables, g.data, uid, kind, 1)
            if reason:
                choices.refuse(f"{kind} {uid}", reason)
            elif kind:
                choices.add(f"{kind} {uid}", _respond, uid, kind)
        choices.add("pass", _no_response)
        if choices.verbs() == {"pass"}:
            choices.prompt = "prompt.respond_pass"
        return choices

    @decision
    def respond_group(self, g: Context, f: Frame) -> Choices:
        flight = g.data["flight"]
        enemy = state.other(f["side"])
        choices = Decision.single(enemy, "prompt.respond_group", hex=flight["target_hex"])
        if len(flight["interceptors"]) < GROUP_LIMIT:
            base = g.data["air"][flight["interceptors"][0]]["base"]
            for uid in state.air_units_at(g.data, base):
                g_tables = game_tables(g.state)
                kind = response_kind(g_tables, g.data, uid, flight["target_hex"])
                more = len(flight["interceptors"]) + 1
                if kind == flight["response"] and not response_short(
                    g_tables, g.data, uid, kind, more
                ):
                    choices.add(f"add {uid}", _add_interceptor, uid)
        preview = partial(air_previews.later_interception, g, enemy)  # the interceptors' fire
        choices.add("go", _intercept, later=preview)
        if "add" not in choices.verbs():
            choices.prompt = "prompt.respond_group_go"
        return choices

    # -- at the target ---------------------------------------------------------------------------
    @RULES.implements("9.03")
    def arrive(self, g: Context, f: Frame) -> None:
        """The marker is revealed; an anti-air unit entering an EWDA's hex shoots it down."""
        flight = g.data["flight"]
        losses.ship_fire(g, flight)
        air_defence.ground_fire(g, flight)
        air_defence.fire(g, flight)
        reveal(g, flight)
        able = [u for u in flight["units"] if u in g.data["air"] and u not in flight["aborted"]]
        if flight.get("depot"):
            depots.carry(g, flight, able)  # 12.01
        elif flight["mission"] in airdrop.MISSIONS:
            carried = airdrop.drop(g.data, flight)
            key = "dropped" if flight["mission"] == airdrop.MISSION else "unloaded"
            g.log(
                f"log.{key}" if carried else "log.carry_failed",
                side=f["side"],
                unit=flight["cargo"],
                hex=flight["target_hex"],
            )
        if flight["mission"] in REBASING:
            field_landings.land(g, able, flight["target"])
        if flight["mission"] in (*REBASING, *airdrop.MISSIONS):
            g.goto("land")
            return
        anti_air = [u for u in able if u in flight["escorts"] or flight["mission"] in ANTI_AIR]
        if anti_air:
            shoot_down_ewda(g, f["side"], flight["target_hex"])
        if flight["mission"] == MINELAYING:
            lay_from_air(g, flight, able)
            g.goto("land")
            return
        if flight["mission"] == MINESWEEPING:
            sweep_from_air(g, flight, able)
            g.goto("land")
            return
        strikers = [u for u in able if u not in flight["escorts"]]
        mission, there = flight["mission"], flight["target_hex"]
        if mission in {"asm_strike", "asw_strike"}:
            unseen = detection.hidden_from(game_tables(g.state), g.data, f["side"])
            found = strike_targets(g.data, f["side"], mission, there, unseen)
            strikers = strikers if found else []
        if flight["mission"] in STRIKE_VALUE and strikers:
            g.goto("strike")
            return
        if flight["mission"] in STRIKE_VALUE:
            g.log("log.mission_failed", side=f["side"], flight=flight["id"])
        g.goto("land")

    @decision
    def strike(self, g: Context, f: Frame) -> Choices:
        flight = g.data["flight"]
        choices = Decision.single(f["side"], "prompt.strike", hex=flight["target_hex"])
        unseen = detection.hidden_from(game_tables(g.state), g.data, f["side"])
        there = flight["target_hex"]
        side = f["side"]
        for target in strike_targets(g.data, side, flight["mission"], there, unseen):
            preview = partial(air_previews.later, g, side, target)  # issue 18: the odds
            choices.add(f"attack {target}", _strike, target, later=preview)
        if depot_target(g.data, side, flight["mission"], there):
            preview = partial(air_previews.later_depot, g, side, there)
            choices.add(f"bomb {there}", _bomb, later=preview)
        if flight["mission"] == "bombing_strike":
            choices.add("interdict", _interdict)
        return choices

    @decision
    def base_hits(self, g: Context, f: Frame) -> Choices:
        """9.10 item 2: each hit on an airbase is also a hit on an air unit waiting there, the
        owner choosing which."""
        base = g.data["flight"]["hit_base"]
        owner = state.base_side(g.data, base)
        choices = Decision.single(
            owner, "prompt.base_hits", base=base, hits=g.data["flight"]["base_hits"]
        )
        for uid in state.air_units_at(g.data, base):
            choices.add(f"hit {uid}", _base_hit, uid)
        return choices

    def after_strike(self, g: Context, f: Frame) -> None:
        flight = g.data["flight"]
        waiting = state.air_units_at(g.data, flight["hit_base"]) if flight["hit_base"] else []
        if flight["base_hits"] > 0 and waiting:
            g.goto("base_hits")
            return
        g.goto("land")

    @RULES.implements("9.02", "13.05")
    def land(self, g: Context, f: Frame) -> None:
        """Each unit lands one sortie box to the left of the box it flew from; one with no
        base to land on (its carrier sunk) is eliminated (13.05)."""
        flight = g.data.pop("flight")
        for uid in [*flight["units"], *flight["interceptors"]]:
            record = g.data["air"].get(uid)
            if record is None:
                continue
            if state.base_hex(g.data, record["base"]) is None:
                losses.eliminate(g, uid)
                continue
            record["box"] = max(0, record["box"] - 1)
        g.goto("choose")


@RULES.implements("9.03", "9.05")
def _offer_fields(
    g: Context,
    choices: Choices,
    flight: Mapping[str, Any],
    short: int,
    fire: air_previews.FireNotes,
) -> None:
    """The hexes outside an airbase where the group may land its cargo (``short``: the flight's
    SP when its base's nation cannot pay them, else 0), each with the preview of the fire the
    group meets there (``fire``)."""
    g_tables = game_tables(g.state)
    fields = field_landings.Fields(g_tables, g.data, flight["side"])
    units = tuple(flight["units"])
    for hex_id in fields.open(units):
        action = f"{field_landings.VERB} {hex_id}"
        depot_refusal = flight.get("depot") and depots.landing_refusal(g_tables, g.data, hex_id)
        if depot_refusal:  # 12.01
            choices.refuse(action, depot_refusal)
        elif short:
            choices.refuse(action, f"9.05: the base's nation lacks {short} SP")
        else:
            choices.add(action, _fly, hex_id, later=fire(hex_id))
    choices.explain = lambda text: fields.unlisted(units, text)


@RULES.implements("12.01", "9.03")
def _offer_depot(g: Context, choices: Choices, flight: Mapping[str, Any]) -> None:
    """An airmobile transport group may carry its side's depot in its base's hex instead of a
    ground unit, if every unit is of a carrying role and their transport values reach its
    weight (table ``depot_carriage``)."""
    where = depots.at_base(g.data, flight["side"], flight["base"])
    if flight["mission"] != airdrop.AIRMOBILE or where is None:
        return
    reason = depots.load_refusal(game_tables(g.state), flight["units"], where)
    if reason:
        choices.refuse(f"depot {where}", reason)
    else:
        choices.add(f"depot {where}", _load_depot, where)


def loaded(flight: Mapping[str, Any]) -> bool:
    """Whether a transport group has taken on its load: a ground unit or a depot."""
    return flight["cargo"] is not None or bool(flight.get("depot"))


def _joinable(data: Mapping[str, Any], flight: Mapping[str, Any]) -> list[str]:
    if len(flight["units"]) >= GROUP_LIMIT:
        return []
    found = []
    for uid in state.air_units_at(data, flight["base"]):
        if uid not in flight["units"] and not launch_refusal(data, uid):
            found.append(uid)
    return found


@RULES.implements("9.03", "16.01")
def cap_covers(g_tables: Mapping[str, Any], carrier: str, where: str, target: str) -> bool:
    """CAP combat (16.01): a carrier whose class flies CAP (table ``carriers``) covers a target
    within ``cap_radius`` operational hexes of it (9.03 F: 20), on either map (16.12)."""
    if not g_tables["carriers"][state.unit(carrier).type].cap:
        return False
    return losses.in_range(where, target, int(g_tables["detection"].combat_ranges.cap_radius))


@RULES.implements("9.03", "15.01")
def response_kind(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, target: str
) -> str:
    """``intercept`` or ``cap`` if ``uid`` may respond to a group bound for ``target``."""
    where = scramble_hex(data, uid)
    if where is None:
        return ""
    base = data["air"][uid]["base"]
    if state.is_carrier(base):
        return "cap" if cap_covers(g_tables, base, where, target) else ""
    if state.distance(where, target) > reach(data, uid, "air_interception"):
        return ""
    side = state.side_of(data, uid)
    return "intercept" if detected_by_one(g_tables, data, side, where, target) else ""


@RULES.implements("9.02", "9.03")
def scramble_hex(data: Mapping[str, Any], uid: str) -> str | None:
    """The hex ``uid`` takes off from to answer an enemy move (interception, CAP, air-to-ship
    interception), or None if it may not: not in Intercept mode, no sortie left, flown in this
    action stage, or its base lost or inoperative."""
    record = data["air"][uid]
    if record["mode"] != "intercept" or record["box"] <= 0 or record["flown"]:
        return None
    where = state.base_hex(data, record["base"])
    if where is None or not base_operative(data, record["base"]):
        return None
    return where


RESPONSE_MISSIONS: Final = {
    "intercept": "air_interception",
    "cap": "cap",
    "ship": "ship_interception",
}
"""The mission whose supply points each kind of answer spends (9.05)."""


def response_cost(g_tables: Mapping[str, Any], base: str, kind: str, count: int) -> int:
    """9.05: what ``count`` units answering as ``kind`` cost their base; a carrier spends none."""
    if state.is_carrier(base):
        return 0
    return int(g_tables["air_missions"][RESPONSE_MISSIONS[kind]].sp) * count


@RULES.implements("9.05")
def response_short(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, kind: str, count: int
) -> str:
    """Why ``count`` units of ``uid``'s base may not answer for lack of SP ("" if they may)."""
    base = data["air"][uid]["base"]
    cost = response_cost(g_tables, base, kind, count)
    nation = state.base_nation(base)
    if cost > data["sp"].get(nation, 0):
        return f"9.05: {count} interceptors from {base} cost {cost} SP; {nation} has too few"
    return ""


@RULES.implements("15.01", "19.03")
def detected_by_one(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str, base: str, target: str
) -> bool:
    """Whether one detector of ``side`` covers both the interceptors' base and the target."""
    table = g_tables["detection"]
    cut = optional.jammed(data)  # 19.03: the group seen only nearer
    for where, kind in detectors(data, side):
        radius = table.detectors[kind].air.range
        near = state.distance(where, target) <= radius - cut
        if state.distance(where, base) <= radius and near:
            return True
    return False


AIR_SEARCH: Final = frozenset({"airbase", "ewda", "carrier", "surface_ship"})
"""The detectors whose air detection range lets interceptors scramble (9.03 A, 15.01)."""


def detectors(data: Mapping[str, Any], side: str) -> list[tuple[str, str]]:
    return [(h, k) for h, k in detection.detectors(data, side) if k in AIR_SEARCH]


@RULES.implements("14.04")
def strike_targets(
    data: Mapping[str, Any], side: str, mission: str, hex_id: str, unseen: Collection[str] = ()
) -> list[str]:
    """What a strike may hit in ``hex_id``: ships by the mission, ground units, the airbase,
    the transports waiting in the field there (9.03, :mod:`field_landings`);
    in a close air support segment, the enemy ground units fighting a declared land combat.
    Not a unit ``side`` does not see (``unseen``, 14)."""
    enemy = state.other(side)
    if data.get("cas"):
        found = assault.fighting(data, enemy)
        return [u for u in found if data["ground"][u]["hex"] == hex_id and u not in unseen]
    found = []
    for uid, record in sorted(data["naval"].items()):
        if record["hex"] != hex_id or state.side_of(data, uid) != enemy or uid in unseen:
            continue
        submarine = sealift.submerged(data, uid)
        if (mission == "asw_strike") == submarine:
            found.append(uid)
    if mission == "bombing_strike":
        found += [
            u
            for u, r in sorted(data["ground"].items())
            if r["hex"] == hex_id and state.side_of(data, u) == enemy and u not in unseen
        ]
        found += [
            b
            for b in sorted(data["airbases"])
            if state.base_hex(data, b) == hex_id and state.base_side(data, b) == enemy
        ]
        found += field_landings.struck(data, side, unseen).get(hex_id, [])  # 9.03
    return found


@RULES.implements("12.01")
def depot_target(data: Mapping[str, Any], side: str, mission: str, hex_id: str) -> bool:
    """Whether a strike of ``side`` may bomb an enemy depot in ``hex_id`` (not in close air
    support, which strikes the fighting units)."""
    enemy = state.other(side)
    return (
        mission == "bombing_strike"
        and not data.get("cas")
        and hex_id in depots.side_depots(data, enemy)
    )


@RULES.implements("9.03")
def shoot_down_ewda(g: Context, side: str, hex_id: str) -> None:
    """EWDA: an enemy unit on an anti-air mission entering its hex completes its mission; the
    EWDA leaves the map and returns next turn."""
    for uid, where in sorted(g.data["ewda"].items()):
        if where == hex_id and state.side_of(g.data, uid) != side:
            g.data["ewda"][uid] = None
            e2_carrier.detach(g.data, uid)  # it is placed anew when it comes back
            g.data["ewda_back"][uid] = g.data["turn"] + 1
            g.log("log.ewda_down", side=side, unit=uid, hex=hex_id)


# -- effects ---------------------------------------------------------------------------------------
def _launch(g: Context, f: Frame, uid: str) -> None:
    f["lead"] = uid
    g.goto("mission")


def _form(g: Context, f: Frame, mission: str) -> None:
    g.data["flights"] += 1
    g.data["flight"] = {
        "id": f"f{g.data['flights']}",
        "side": f["side"],
        "base": g.data["air"][f["lead"]]["base"],
        "units": [f["lead"]],
        "escorts": [],
        "mission": mission,
        "target": None,
        "target_hex": None,
        "revealed": not hidden_marker(mission),
        "interceptors": [],
        "response": None,
        "aborted": [],
        "hit_base": None,
        "cargo": None,
        "depot": None,
        "base_hits": 0,
    }
    g.goto("group")


def _join(g: Context, f: Frame, uid: str, escort: bool) -> None:
    flight = g.data["flight"]
    flight["units"].append(uid)
    if escort:
        flight["escorts"].append(uid)
    g.goto("group")


def _load(g: Context, f: Frame, uid: str) -> None:
    g.data["flight"]["cargo"] = uid
    g.goto("group")


def _load_depot(g: Context, f: Frame, hex_id: str) -> None:
    g.data["flight"]["depot"] = hex_id
    g.goto("group")


def _cancel(g: Context, f: Frame) -> None:
    g.data.pop("flight", None)
    f.locals.pop("lead", None)
    g.goto("choose")


@RULES.implements("9.04", "9.05")
def _fly(g: Context, f: Frame, target: str) -> None:
    """Launch: the group takes off, its base's nation spends the SP, its marker stays hidden."""
    flight = g.data["flight"]
    cost = supply_cost(game_tables(g.state), flight)
    nation = state.base_nation(flight["base"])
    if cost:
        g.data["sp"][nation] -= cost
    flight["target"] = target
    flight["target_hex"] = destination(g.data, flight["mission"], target)
    for uid in flight["units"]:
        g.data["air"][uid]["flown"] = True
    g.log_private(
        [f["side"]],
        "log.launch",
        {
            "side": f["side"],
            "flight": flight["id"],
            "base": flight["base"],
            "hex": flight["target_hex"],
            "mission": flight["mission"],
            "sp": cost,
        },
        "log.launch_hidden",
        {
            "side": f["side"],
            "flight": flight["id"],
            "base": flight["base"],
            "hex": flight["target_hex"],
            "sp": cost,
        },
    )
    f.locals.pop("lead", None)
    optional.lone_flight(g, flight, flight["mission"] not in REBASING)
    g.goto("respond")


def destination(data: Mapping[str, Any], mission: str, target: str) -> str | None:
    """The hex a group on ``mission`` to ``target`` flies to: the hex of the base it rebases
    to (a ferry, an airmobile transport), else the target hex itself."""
    return state.base_hex(data, target) if mission in REBASING else target


def _end(g: Context, f: Frame) -> None:
    g.ret()


def _respond(g: Context, f: Frame, uid: str, kind: str) -> None:
    flight = g.data["flight"]
    flight["interceptors"] = [uid]
    flight["response"] = kind
    g.goto("respond_group")


def _add_interceptor(g: Context, f: Frame, uid: str) -> None:
    g.data["flight"]["interceptors"].append(uid)
    g.goto("respond_group")


@RULES.implements("9.03", "9.05")
def _intercept(g: Context, f: Frame) -> None:
    """The interceptors take off (their base spends SP unless a carrier) and the fight is
    fought in the target hex."""
    flight = g.data["flight"]
    g_tables = game_tables(g.state)
    base = g.data["air"][flight["interceptors"][0]]["base"]
    cost = response_cost(g_tables, base, flight["response"], len(flight["interceptors"]))
    nation = state.base_nation(base)
    g.data["sp"][nation] = g.data["sp"].get(nation, 0) - cost
    for uid in flight["interceptors"]:
        g.data["air"][uid]["flown"] = True
    g.log(
        "log.intercept",
        side=state.other(f["side"]),
        flight=flight["id"],
        base=base,
        kind=flight["response"],
        count=len(flight["interceptors"]),
        sp=cost,
    )
    losses.air_to_air(g, flight)
    g.goto("arrive")


def _no_response(g: Context, f: Frame) -> None:
    g.goto("arrive")


def _strike(g: Context, f: Frame, target: str) -> None:
    losses.strike(g, g.data["flight"], target)
    g.goto("after_strike")


def _bomb(g: Context, f: Frame) -> None:
    depots.bomb(g, g.data["flight"])
    g.goto("after_strike")


@RULES.implements("13.04")
def _interdict(g: Context, f: Frame) -> None:
    flight = g.data["flight"]
    g.log("log.interdicted", side=f["side"], hex=flight["target_hex"])
    g.goto("land")


def _base_hit(g: Context, f: Frame, uid: str) -> None:
    flight = g.data["flight"]
    flight["base_hits"] -= 1
    losses.damage(g, uid, 1)
    g.goto("after_strike")


ALL: Final[tuple[Procedure, ...]] = (AirSegment(),)
