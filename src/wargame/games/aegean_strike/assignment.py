"""The Unit Assignment Stage (7.02): air unit modes and sortie boxes (9.02), airbase capacity
(9.10 item 3) and EWDA placement (9.03, the EWDA mission).

Decisions
- The players assign one after the other, the Reactor of last turn first and the Battlefield
  Controller last (the spec's alternative to a hidden simultaneous assignment: the seed keeps
  the airbase display open, only mission markers are secret). On the first turn the first
  Battlefield Controller goes last.
- A unit keeps last turn's mode until changed; a unit that never had one is given Offensive
  where its base has room, so that an assignment is a few changes, not one action per unit.
  ``idle`` takes a unit's mode away (it sits in the holding area and flies nothing this turn),
  to free room at a full base.
- Each turn every unit with a mode starts in its sortie box again (9.02): the third box for a US
  or Israeli unit flying from a US or Israeli base (a carrier of its nation is one), else the
  second (a transport in the field, :mod:`field_landings`, is on no base: the second); a unit
  without a mode stays in the holding area (0). A transport in the field takes a mode without
  counting against any airbase's capacity.
- A carrier gives modes to as many units as the carrier table lets it carry (10.06, provisional
  capacities).
- EWDA may go to any hex a unit may be in; the seed's bar on non-Soviet EWDA over Soviet land
  is not checked: no Soviet nation plays the scenario offered and the map marks no Soviet land.
  An EWDA unit shot down comes back at the turn its return box names (9.03).
- An E-2 may instead fly over a US CVN or CV of its side (``over <carrier>``), moving with it
  in the action stages (:mod:`e2_carrier`, 9.03; provisional details there).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.aegean_strike import (
    breakdown,
    chemical,
    cruise,
    e2_carrier,
    ground_modes,
    special_ops,
    state,
)
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.registry import RULES

MODES: Final = ("offensive", "intercept", "idle")
"""Ground units take their modes here (:mod:`ground_modes`), special forces go on and come back
from special operations (:mod:`special_ops`), Soviet divisions break down and recombine
(:mod:`breakdown`)."""


def capacity(g_tables: Mapping[str, Any], data: Mapping[str, Any], base: str) -> int:
    """How many air units ``base`` may give modes to (9.10 item 3; carriers 10.06)."""
    if state.is_carrier(base):
        return int(g_tables["carriers"][state.unit(base).type].air_units)
    return int(getattr(g_tables["airbases"], state.airbase_size(base)).capacity)


def with_mode(data: Mapping[str, Any]) -> Counter[str]:
    """How many air units of each base hold a mode."""
    return Counter(r["base"] for r in data["air"].values() if r["mode"] is not None)


@RULES.implements("9.02", "9.10")
def mode_refusal(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    uid: str,
    mode: str,
    used: Mapping[str, int] | None = None,
) -> str:
    """Why ``uid`` may not take ``mode`` now ("" if it may); ``used``, :func:`with_mode`'s count,
    when the caller asks for many units at once."""
    record = data["air"][uid]
    if mode == "intercept" and forces().air_kind(state.unit(uid)) == "transport":
        return f"9.02: {uid} is an air transport unit, always Offensive"
    if mode == "idle" or record["mode"] is not None or state.is_field(record["base"]):
        return ""  # a landing in the field is no airbase: its capacity does not count
    room = capacity(g_tables, data, record["base"])
    if (with_mode(data) if used is None else used)[record["base"]] >= room:
        return f"9.10: {record['base']} gives modes to {room} air units at most, all taken"
    return ""


RULES.stand_in("9.08", "a nation's sortie rate is its units' start box", key="sortie_rate")


@RULES.implements("9.02", "9.08")
def start_box(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> int:
    """The sortie box a unit starts the turn in (9.02; the sortie rate 9.08 gives no more)."""
    boxes = g_tables["sortie_boxes"]
    record = data["air"][uid]
    if record["mode"] is None:
        return 0
    nations = (state.nation(uid), state.base_nation(record["base"]))
    home = all(nation in boxes.home_nations for nation in nations)
    return int(boxes.home_box if home else boxes.other_box)


@RULES.implements("9.03")
def ewda_refusal(hex_id: str) -> str:
    """Why an EWDA unit may not patrol a strategic hex inside the transitional ring."""
    return f"9.03: {hex_id} lies inside the transitional ring: place it on the operational map"


class UnitAssignment(Procedure):
    """The Unit Assignment Stage (7.02): each side in turn sets modes and places EWDA."""

    name = "unit_assignment"

    @RULES.implements("7.02", "9.03")
    def start(self, g: Context, f: Frame) -> None:
        for uid, back in sorted(g.data["ewda_back"].items()):
            if back <= g.data["turn"]:
                del g.data["ewda_back"][uid]
                g.data["ewda"][uid] = None
                g.log("log.ewda_back", side=state.side_of(g.data, uid), unit=uid)
        self._default_modes(g)
        g.data["reorganised"] = []
        special_ops.raid(g)
        first = g.data["controller"]
        f["order"] = [state.other(first), first]
        g.goto("next_side")

    def _default_modes(self, g: Context) -> None:
        g_tables = game_tables(g.state)
        for uid in sorted(g.data["air"]):
            record = g.data["air"][uid]
            if record["mode"] is None and not mode_refusal(g_tables, g.data, uid, "offensive"):
                record["mode"] = "offensive"

    def next_side(self, g: Context, f: Frame) -> None:
        if not f["order"]:
            g_tables = game_tables(g.state)
            for uid, record in g.data["air"].items():
                record["box"] = start_box(g_tables, g.data, uid)
            g.ret()
            return
        f["side"] = f["order"].pop(0)
        g.goto("assign")

    @decision
    def assign(self, g: Context, f: Frame) -> Choices:
        side = f["side"]
        g_tables = game_tables(g.state)
        choices = Decision.single(side, "prompt.assignment")
        used = with_mode(g.data)
        for uid in state.own_air(g.data, side):
            for mode in MODES:
                if (g.data["air"][uid]["mode"] or "idle") == mode:
                    continue
                reason = mode_refusal(g_tables, g.data, uid, mode, used)
                if reason:
                    choices.refuse(f"{mode} {uid}", reason)
                else:
                    choices.add(f"{mode} {uid}", _set_mode, uid, mode)
        for uid in sorted(g.data["ewda"]):
            if state.side_of(g.data, uid) == side:
                choices.add(f"ewda {uid}", _pick_ewda, uid)
        _offer_ground_modes(g, choices, side)
        special_ops.offer(g, choices, side)
        cruise.offer(g, choices, side)
        breakdown.offer_all(g, choices, side)
        chemical.offer_start(g, choices, side)
        choices.add("done", _side_done)
        if "ewda" not in choices.verbs():
            choices.prompt = "prompt.assignment_modes"
        return choices

    @decision
    def ewda_hex(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f["side"], "prompt.ewda_hex", unit=f["ewda"])
        for hex_id in state.placeable_hexes():
            choices.add(f"hex {hex_id}", _place_ewda, hex_id)
        for hex_id in state.ring_interior():
            choices.refuse(f"hex {hex_id}", ewda_refusal(hex_id))
        e2_carrier.offer_carriers(g.data, choices, f["side"], f["ewda"], _fly_over)
        if "over" in choices.verbs():
            choices.prompt = "prompt.ewda_hex_carrier"
        choices.add("cancel", _cancel_ewda)
        return choices


def _set_mode(g: Context, f: Frame, uid: str, mode: str) -> None:
    g.data["air"][uid]["mode"] = None if mode == "idle" else mode
    g.log("log.mode", side=f["side"], unit=uid, mode=mode)


def _offer_ground_modes(g: Context, choices: Choices, side: str) -> None:
    """11.02: each ground unit that may hold a mode goes into Reserve or back to Front-line."""
    g_tables = game_tables(g.state)
    hqs = ground_modes.hq_hexes(g.data, side)
    for uid in ground_modes.reserve_units(g.data, side):
        if ground_modes.in_reserve(g.data, uid):
            choices.add(f"front {uid}", _set_ground_mode, uid, ground_modes.FRONT)
            continue
        reason = ground_modes.reserve_refusal(g_tables, g.data, uid, hqs)
        if reason:
            choices.refuse(f"reserve {uid}", reason)
        else:
            choices.add(f"reserve {uid}", _set_ground_mode, uid, ground_modes.RESERVE)


@RULES.implements("11.02")
def _set_ground_mode(g: Context, f: Frame, uid: str, mode: str) -> None:
    ground_modes.set_mode(g.data, uid, mode)
    g.log("log.mode", side=f["side"], unit=uid, mode=mode)


def _side_done(g: Context, f: Frame) -> None:
    g.goto("next_side")


def _pick_ewda(g: Context, f: Frame, uid: str) -> None:
    f["ewda"] = uid
    g.goto("ewda_hex")


def _place_ewda(g: Context, f: Frame, hex_id: str) -> None:
    e2_carrier.detach(g.data, f["ewda"])
    g.data["ewda"][f["ewda"]] = hex_id
    g.log("log.ewda_placed", side=f["side"], unit=f["ewda"], hex=hex_id)
    f.locals.pop("ewda", None)
    g.goto("assign")


def _fly_over(g: Context, f: Frame, carrier: str) -> None:
    e2_carrier.attach(g, f["side"], f["ewda"], carrier)
    f.locals.pop("ewda", None)
    g.goto("assign")


def _cancel_ewda(g: Context, f: Frame) -> None:
    f.locals.pop("ewda", None)
    g.goto("assign")


ALL: Final[tuple[Procedure, ...]] = (UnitAssignment(),)
