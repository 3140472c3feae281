"""The Operational Movement Phase (3), hex-to-hex (3.1.1): the phasing faction moves its ground
units one at a time, each hex by hex, paying the Terrain Effects Chart's cost of the hex plus the
hexside crossed, stopping on entering an enemy zone of control (8.2).

Decisions
- A unit may always enter the first hex of its move, even one costing more than its movement
  allowance, and then stops ([DG]; supplement C6, medium confidence). A strait crossing takes
  the entire allowance: only as a unit's whole move (TEC: no strait here is connected, the map
  marks no roads).
- Marines may cross one all-sea hexside as their whole move (3.1.4); lake hexsides block every
  unit.
- Overrun (3.2, :mod:`overrun`) is the only way into an enemy hex.
- Weather (11): in Mud no unit leaves an enemy zone of control; in Storms and Snow a unit stops
  after entering or leaving one (the weather of the hex entered, or left).
- The Reserve Movement Phase (5) is the same procedure with its limits: no unit moves into or out
  of an enemy zone of control, and no overrun.
- Exploitation (4.2.8) is a move of the same procedure from :mod:`combat`, with fewer MP, no
  overrun and no entry into Mud (:func:`exploit_refusal`).
- A unit out of supply at the start of its move may not make it (10.3, :mod:`supply`); the
  Reserve Movement Phase needs no supply.
- Port-to-port movement (3.1.2, :mod:`naval`) is a unit's whole move, offered before its first
  hex; a move onto a friendly beachhead from the land next to it, or off it across its beachhead
  hexside, takes the entire allowance (3.1.4), with no overrun across that hexside.
- In a scenario that plays politics, the war state and the countries' status and posture limit
  where a unit goes (12.1, 13.4, 13.6: :func:`war_states.entry_refusal`).
- Off-map box movement (3.1.3, :mod:`offmap`): a unit in a box moves to an adjacent box, or
  from Eastern Europe onto the map edge, as its whole move, offered with the phase's units; a
  Soviet unit on that edge may enter the box as its whole move.
- Port-to-port movement also joins a box and the map (3.1.2): a unit in a box sails to an open
  port of the box's sea zones (``sail <unit> <hex>``, offered with the phase's units), and a unit
  in an open port of those zones sails into the box if it is its faction's (``box <box>``), each
  its whole move on troop convoys, one a step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.dai_senso import offmap, state, supply, war_states
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import TerrainEffects
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.country_setup import out_of_play
from wargame.games.dai_senso.losses import eliminate
from wargame.games.dai_senso.naval import box_landfalls, box_sailings, offer, sailings
from wargame.games.dai_senso.naval_board import beachhead, plays_naval
from wargame.games.dai_senso.overrun import overrun_refusal
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.weather import STOPPING, weather_now

RULES.stand_in(
    "3.1.1", "the east sheet's column 01 is next to the west sheet's 28", key="sheet_seam"
)


@dataclass(frozen=True)
class Entry:
    """Entering a neighbouring hex: its cost and whether the unit must stop there."""

    cost: float
    stops: bool
    overrun: str | None = None
    """The enemy unit the move overruns (3.2), if any."""


@RULES.implements("3.1")
def movable(data: Mapping[str, Any], side: str) -> list[str]:
    """The phasing faction's ground units that may still move: a movement allowance above 0 and
    no move made this phase (3.1: one at a time, each move finished before the next)."""
    return [
        uid
        for uid in state.own_units(data, side)
        if uid not in data["moved"] and state.values(data, uid)[2] > 0
    ]


@dataclass(frozen=True)
class Ground:
    """What the ground costs and holds this turn: the TEC, and each hex's adverse weather."""

    tec: TerrainEffects
    weather: Mapping[str, str]
    reserve: bool = False
    """The Reserve Movement Phase's limits apply (:mod:`reserve`, 5)."""
    exploit: int | None = None
    """An exploitation move's MP (4.2.8), with its limits; None for a phase's move."""


@RULES.implements("3.1.1", "3.1.4", "8.2", "11.3")
def entries(
    data: Mapping[str, Any], uid: str, spent: float, ground: Ground
) -> tuple[dict[str, Entry], dict[str, str]]:
    """Where the unit may go next from its hex, having spent ``spent`` MP, and why each other
    neighbour is refused (a one-line reason with its rule)."""
    here = state.hex_of(data, uid)
    allowance = state.values(data, uid)[2] if ground.exploit is None else ground.exploit
    side = state.faction(uid)
    found: dict[str, Entry] = {}
    refused: dict[str, str] = {}
    leaving = state.in_enemy_zoc(data, here, side)
    if leaving and ground.weather.get(here) == "mud":
        reason = "11.3: no unit leaves an enemy zone of control in mud"
        return {}, dict.fromkeys(board().neighbours(here), reason)
    for there in board().neighbours(here):
        cost, reason = 0.0, ""
        if ground.exploit is not None:
            reason = exploit_refusal(data, side, there, ground)
        if not reason:
            cost, reason = step_cost(data, uid, there, spent=spent, ground=ground)
        if not reason:
            reason = war_states.entry_refusal(data, uid, there)
        if ground.reserve and not reason:
            reason = reserve_refusal(data, side, there)
        if reason:
            refused[there] = reason
            continue
        whole_move = cost > allowance - spent
        if whole_move and spent > 0:
            refused[there] = (
                f"3.1.1: entering {there} costs {cost:g} MP, {allowance - spent:g} left"
            )
            continue
        overrun = state.units_in(data, there)[0] if state.enemy_in(data, there, side) else None
        stops = (
            whole_move
            or _stops_in_zoc(data, there, side, ignoring=overrun)
            or (leaving and ground.weather.get(here) in STOPPING)
            or _stops_in_weather(data, there, side, ground, ignoring=overrun)
        )
        found[there] = Entry(cost, stops, overrun)
    return found, refused


def step_cost(
    data: Mapping[str, Any], uid: str, there: str, *, spent: float, ground: Ground
) -> tuple[float, str]:
    """The MP for the unit to enter ``there`` from its hex (``inf``: the entire allowance), or
    a reason the step is forbidden."""
    the_map = board()
    tec = ground.tec
    here = state.hex_of(data, uid)
    side = state.faction(uid)
    kinds = the_map.side_kinds(here, there)
    closed = out_of_play(data, there)
    if closed:
        return 0, closed
    if the_map.hexes[there].sea or the_map.hexes[here].sea:
        return beachhead_cost(data, uid, there, spent)
    if state.enemy_in(data, there, side):
        refusal = overrun_refusal(data, uid, here, there, tec, weather=ground.weather)
        if refusal:
            return 0, refusal
    if "lake" in kinds:
        return 0, f"3.1.4: a lake hexside blocks the way to {there}"
    if kinds & {"all_sea", "strait"}:
        marines = "all_sea" in kinds and state.unit(uid).type == "marines"
        if "strait" not in kinds and not marines:
            return 0, f"3.1.4: an all-sea hexside blocks the way to {there}"
        if spent > 0:
            return 0, f"3.1.4: crossing to {there} takes a unit's whole move"
        return float("inf"), ""
    cost = _mp(tec.hexes[the_map.hexes[there].terrain].mp)
    for kind in sorted(kinds & {"river", "mountain"}):
        cost += _mp(tec.hexsides[kind].mp)
    return cost, ""


@RULES.implements("3.1.4", "2.2.3")
def beachhead_cost(
    data: Mapping[str, Any], uid: str, there: str, spent: float
) -> tuple[float, str]:
    """A move onto a friendly beachhead from a land hex next to it, or off one across its
    beachhead hexside, each the unit's entire allowance (supplement §3; no overrun across it,
    provisional); any other all-sea hex is closed."""
    here = state.hex_of(data, uid)
    side = state.faction(uid)
    if board().hexes[here].sea:
        found = beachhead(data, here)
        if found is None or found["toward"] != there:
            return 0, "3.1.4: a unit on a beachhead leaves it across its beachhead hexside only"
        if state.enemy_in(data, there, side):
            return 0, f"3.1.4: no overrun across a beachhead hexside into {there}"
    else:
        found = beachhead(data, there)
        if found is None or found["side"] != side:
            return 0, f"3.1.4: {there} is an all-sea hex without a friendly beachhead"
    if spent > 0:
        return 0, f"3.1.4: moving onto or off a beachhead takes a unit's whole move ({there})"
    return float("inf"), ""


@RULES.implements("11.4", "11.5")
def _stops_in_weather(
    data: Mapping[str, Any], there: str, side: str, ground: Ground, ignoring: str | None
) -> bool:
    """In Storms or Snow a unit stops on entering an enemy zone of control, friendly units or
    not (leaving one, in its own hex's weather, is checked by :func:`entries`)."""
    stormy = ground.weather.get(there) in STOPPING
    return stormy and state.in_enemy_zoc(data, there, side, ignoring)


def _mp(cost: float | str) -> float:
    if isinstance(cost, str):
        raise ValueError(f"a terrain cost of {cost!r} where a number of MP was expected")
    return float(cost)


@RULES.implements("8.1", "8.2")
def _stops_in_zoc(data: Mapping[str, Any], hex_id: str, side: str, ignoring: str | None) -> bool:
    """Entering an enemy zone of control stops a unit, unless a friendly unit is already there
    (it negates the zone: 8.1); the zone of the unit it overruns does not count (3.2)."""
    friendly = state.holder(data, hex_id) == side
    return not friendly and state.in_enemy_zoc(data, hex_id, side, ignoring)


class Movement(Procedure):
    """The phasing faction (``side``) picks a unit, moves it, picks the next, until it ends."""

    name = "movement"

    reserve = False
    prompt = "prompt.movement"

    def start(self, g: Context, f: Frame) -> None:
        g.data["moved"] = []
        g.goto("pick")

    @decision
    def pick(self, g: Context, f: Frame) -> Choices:
        side = f["side"]
        choices = Decision.single(side, self.prompt)
        table = game_tables(g.state)["supply"]
        for uid in movable(g.data, side):
            if self.reserve and state.in_enemy_zoc(g.data, state.hex_of(g.data, uid), side):
                continue
            unsupplied = "" if self.reserve else supply.refusal(g.data, table, uid, "move")
            if unsupplied:
                choices.refuse(f"move {uid}", unsupplied)
            else:
                choices.add(f"move {uid}", _pick, uid, self.reserve)
        _offer_box_moves(g.data, choices, side, self.reserve)
        choices.add("end", _end)
        return choices


@RULES.implements("3.1.3")
def _offer_box_moves(data: Mapping[str, Any], choices: Choices, side: str, reserve: bool) -> None:
    """The moves of the faction's units in off-map boxes: to an adjacent box, or from Eastern
    Europe onto the map edge (3.1.3), each a unit's whole move."""
    for uid in offmap.own(data, side):
        if uid in data["moved"]:
            continue
        for to, reason in offmap.box_moves(data, uid).items():
            offer(choices, f"box {uid} {to}", reason, _box_move, uid, to)
        for there in offmap.exits(data, uid):
            reason = offmap.exit_refusal(data, uid, there, reserve)
            offer(choices, f"leave {uid} {there}", reason, _leave_box, uid, there)
        if plays_naval(data):
            _offer_box_sailings(data, choices, uid, reserve)


@RULES.implements("3.1.2")
def _offer_box_sailings(data: Mapping[str, Any], choices: Choices, uid: str, reserve: bool) -> None:
    """Port-to-port moves from the unit's box to the open ports of its sea zones (:mod:`naval`),
    each its whole move."""
    found, reason = box_sailings(data, uid)
    side = state.faction(uid)
    for there in found:
        refused = reason or (reserve_refusal(data, side, there) if reserve else "")
        offer(choices, f"sail {uid} {there}", refused, _sail_from_box, uid, there)


def _sail_from_box(g: Context, f: Frame, uid: str, there: str) -> None:
    """The unit crosses the sea from its box to ``there`` on troop convoys, one a step."""
    g.data["convoys"] -= g.data["off_map"][uid]["steps"]
    _out_of_box(g, uid, there, "log.sailed_from_box")


def _box_move(g: Context, f: Frame, uid: str, to: str) -> None:
    record = g.data["off_map"][uid]
    frm, record["box"] = record["box"], to
    g.data["moved"].append(uid)
    g.log("log.boxed", side=state.faction(uid), unit=uid, frm=frm, to=to)


def _leave_box(g: Context, f: Frame, uid: str, there: str) -> None:
    _out_of_box(g, uid, there, "log.left_box")


def _out_of_box(g: Context, uid: str, there: str, key: str) -> None:
    """The unit leaves its box for the map hex ``there``: its whole move, logged as ``key``."""
    record = g.data["off_map"].pop(uid)
    g.data["units"][uid] = {"hex": there, "steps": record["steps"]}
    taken = state.enter(g.data, uid, there)
    g.data["moved"].append(uid)
    g.log(key, side=state.faction(uid), unit=uid, frm=record["box"], to=there)
    if taken:
        g.log("log.taken", side=taken, hex=there)


class ReserveMovement(Movement):
    """The Reserve Movement Phase (5): a second move, out of and into no enemy zone of control
    and with no overrun (:func:`reserve_refusal`)."""

    name = "reserve_movement"
    reserve = True
    prompt = "prompt.reserve_movement"


def _pick(g: Context, f: Frame, uid: str, reserve: bool) -> None:
    g.call("unit_move", then="pick", unit=uid, spent=0, reserve=reserve)


def _end(g: Context, f: Frame) -> None:
    g.data["moved"] = []
    g.ret()


class UnitMove(Procedure):
    """One unit's move, a hex at a time, until it stops or can go no farther."""

    name = "unit_move"

    def start(self, g: Context, f: Frame) -> None:
        g.goto("next_hex")

    @decision
    def next_hex(self, g: Context, f: Frame) -> Choices:
        uid = f["unit"]
        side = state.faction(uid)
        prompt = "prompt.exploit_move" if f.get("exploit") else "prompt.unit_move"
        choices = Decision.single(side, prompt, unit=uid, spent=f["spent"])
        tec = game_tables(g.state)["terrain_effects"]
        ground = Ground(tec, weather_now(g.state), f.get("reserve", False), f.get("allowance"))
        found, refused = entries(g.data, uid, f["spent"], ground)
        for there, entry in found.items():
            choices.add(f"hex {there}", _enter, there, entry)
        for there, reason in refused.items():
            choices.refuse(f"hex {there}", reason)
        if f["spent"] == 0 and not f.get("exploit") and plays_naval(g.data):
            _offer_sailings(g.data, choices, uid, ground)
            for box, reason in box_landfalls(g.data, uid).items():
                offer(choices, f"box {box}", reason, _sail_to_box, box)
        if f["spent"] == 0 and not f.get("exploit") and state.hex_of(g.data, uid) in offmap.EDGE:
            reason = offmap.entry_refusal(g.data, uid)
            offer(
                choices, f"box {offmap.EASTERN_EUROPE}", reason, _enter_box, offmap.EASTERN_EUROPE
            )
        choices.add("stop", _stop)
        return choices


def _enter(g: Context, f: Frame, there: str, entry: Entry) -> None:
    uid = f["unit"]
    here = state.hex_of(g.data, uid)
    if entry.overrun is not None:
        g.log("log.overrun", side=state.faction(uid), unit=uid, enemy=entry.overrun, hex=there)
        eliminate(g, entry.overrun)
    taken = state.enter(g.data, uid, there)
    g.log("log.moved", side=state.faction(uid), unit=uid, frm=here, to=there)
    if taken:
        g.log("log.taken", side=taken, hex=there)
    if entry.stops:
        _stop(g, f)
    else:
        f["spent"] += entry.cost


@RULES.implements("3.1.2")
def _offer_sailings(data: Mapping[str, Any], choices: Choices, uid: str, ground: Ground) -> None:
    """Port-to-port moves open to the unit at the start of its move (:mod:`naval`)."""
    found, reason = sailings(data, uid)
    side = state.faction(uid)
    for there in found:
        refused = reason or (reserve_refusal(data, side, there) if ground.reserve else "")
        offer(choices, f"port {there}", refused, _sail, there)


def _sail(g: Context, f: Frame, there: str) -> None:
    """The unit crosses the sea to ``there`` on troop convoys, one a step: its whole move."""
    uid = f["unit"]
    here = state.hex_of(g.data, uid)
    g.data["convoys"] -= g.data["units"][uid]["steps"]
    taken = state.enter(g.data, uid, there)
    g.log("log.sailed", side=state.faction(uid), unit=uid, frm=here, to=there)
    if taken:
        g.log("log.taken", side=taken, hex=there)
    _stop(g, f)


@RULES.implements("3.1.2")
def _sail_to_box(g: Context, f: Frame, box: str) -> None:
    """The unit crosses the sea from its port to its faction's box on troop convoys, one a step:
    its whole move."""
    uid = f["unit"]
    record = g.data["units"].pop(uid)
    g.data["convoys"] -= record["steps"]
    g.data.setdefault("off_map", {})[uid] = {"box": box, "steps": record["steps"]}
    g.log("log.sailed_to_box", side=state.faction(uid), unit=uid, frm=record["hex"], to=box)
    _stop(g, f)


@RULES.implements("3.1.3")
def _enter_box(g: Context, f: Frame, box: str) -> None:
    """The unit leaves the map edge for the off-map box: its whole move."""
    uid = f["unit"]
    record = g.data["units"].pop(uid)
    g.data.setdefault("off_map", {})[uid] = {"box": box, "steps": record["steps"]}
    g.log("log.entered_box", side=state.faction(uid), unit=uid, frm=record["hex"], to=box)
    _stop(g, f)


def _stop(g: Context, f: Frame) -> None:
    g.data["moved"].append(f["unit"])
    g.ret()


@RULES.implements("5")
def reserve_refusal(data: Mapping[str, Any], side: str, there: str) -> str:
    """Why a unit may not enter ``there`` in reserve movement ("" if it may): never into an
    enemy zone of control, friendly units or not, and no overrun (a unit in one may not leave:
    :meth:`Movement.pick` does not offer it)."""
    if state.enemy_in(data, there, side):
        return f"5: no overrun in the reserve movement phase ({there})"
    if state.in_enemy_zoc(data, there, side):
        return f"5: no unit enters an enemy zone of control in reserve movement ({there})"
    return ""


@RULES.implements("4.2.8")
def exploit_refusal(data: Mapping[str, Any], side: str, there: str, ground: Ground) -> str:
    """Why an exploiting unit may not enter ``there`` ("" if it may): no overrun, no Mud."""
    if state.enemy_in(data, there, side):
        return f"4.2.8: no overrun while exploiting ({there})"
    if ground.weather.get(there) == "mud":
        return f"4.2.8: no exploitation into mud ({there})"
    return ""


ALL: Final[tuple[Procedure, ...]] = (Movement(), ReserveMovement(), UnitMove())
