"""Ground movement in a Movement Phase segment (7.04-7.06 item 1; 13.02), where land combats
are declared too (:mod:`assault`): the acting side's ground units move over the terrain of the
operational map (11.07, table ``terrain_effects``), stopped by enemy zones of control (13.02),
never across open sea, across a strait hexside only on a bridge (11.08), within the stacking
limits (13.03).

Decisions (provisional: the ground and movement rules are lost)
- Which units march in a segment follows their mode (11.02, :mod:`ground_modes`): Front-line
  units in the Battlefield Controller's first segment of Action Stage 1 and the Reactor's first
  segment of Action Stage 3 (7.04, 7.06), Reserve units later or only to join a defence; each
  at most once a segment. Land combats are declared in the first segment of a stage.
- On the operational map a unit spends its allowance (operational hexes, 8.01) on the cost of
  each hex it enters (clear, rough) plus a river hexside's; a hexside with no land crossing
  (the map's ``all_sea``) is closed, a strait hexside needs a bridge (built and removed in the
  Final Stage, :mod:`bridges`; the Bosporus Bridge stands at the start); an enemy ground unit's
  hex is closed and the hexes next to it are its zone of control, where a moving unit stops.
  The engine's cheapest-path search (``engine.board.paths.search``) finds the hexes within
  reach.
- On the strategic map (a hex ten operational hexes across, more than any allowance) a unit
  moves one hex to a neighbouring land hex per segment, the whole of its move.
- A unit changes maps (13.01) as its whole move: from a transitional strategic hex to a land
  hex of the operational map inside it, or back from such a hex. Only the hexes of the
  transitional hex's main landmass (most of its land) connect, so that no unit crosses the
  Straits by way of the strategic map, which has no hexsides.
- The hex choice lists only the hexes within the unit's move; a hex a player names outside
  them is refused with 13.02.
- Units aboard a ship do not move (sea transport and landings are lost, 13.07, 13.09).
- A truck hauls a depot (12.01, seed 8.04: trucks carry depots; provisional, the truck rules
  are lost): a truck that may march and stands with a depot of its side takes it along on its
  march (``haul``), one depot a truck, to a hex that holds none (one a hex). The depot is
  public, so the truck that set it down is seen there until it moves again, as a unit that
  fought is (:mod:`detection`); the log line names no truck.
- A truck carries a ground unit (13.09, seed 8.04: trucks carry other ground units; 8.01: its
  transport capacity is the size of force it carries at once; 7.04 item 1: trucks spend MP to
  load and unload; provisional, the truck rules are lost): in a segment where the truck may
  march (trucks are always Front-line, so the Battlefield Controller's first segment of Action
  Stage 1 and the Reactor's of Stage 3: 7.04, 7.06), it takes along one unit of its side in its
  hex (``carry``), not a truck, whose weight (table ``ground_hits`` by size, as air and sea
  transports weigh their loads) is within its transport value, and that could march itself
  in the segment (11.02, 11.03, 13.02). Loading, the march and unloading are one move (the
  simplest reading of the seed's "load or unload"): the truck spends table
  ``truck_transport``'s load and unload MP out of its allowance and the rest on the march, and
  the unit is set down where the truck stops, in a hex with room for both (13.03). That is the
  unit's move for the segment (it marches no more), but it attacks as a unit that marched may
  (the seed lets the segment's activities come in any order). A truck does not load in a hex
  the enemy has declared a land combat against (no withdrawal in a truck, 11.13), nor hauls a
  depot and carries a unit at once. No unit stays aboard a truck, so a truck destroyed later
  takes no one with it. The log shows the other side two marches, each unit named only to a
  side that sees it (:mod:`detection`); the owner alone reads which truck carried which unit.
- A unit's allowance (11.03, provisional: the section is lost; the seed says MP pay for moving
  and for changing formation) is spent once a segment: on the hexes it marches through, or on a
  change of formation (a Planned Assault, 11.11), after which it does not march.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache, partial
from typing import Any, Final

from wargame.engine.board.paths import search
from wargame.engine.data import read_raw
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.aegean_strike import (
    airdrop,
    assault,
    detection,
    formation,
    ground_modes,
    state,
    withdrawal,
)
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import DATA, forces
from wargame.games.aegean_strike.offers import offer
from wargame.games.aegean_strike.registry import RULES

LAND: Final = frozenset({"land", "coastal", "island"})
CLOSED: Final = "all_sea"
STRAIT: Final = "strait"
RIVER: Final = "river"
TRUCK: Final = "truck"

RULES.stand_in("13.02", "terrain costs, zones of control, one strategic hex a move", key="move")
RULES.stand_in("11.07", "clear and rough hexes, rivers (table terrain_effects)", key="terrain")
RULES.stand_in("13.03", "a move ends only under the stacking table's limit", key="stacking")
RULES.stand_in(
    "11.03", "the allowance pays for one march or one change of formation", key="allowance"
)
RULES.stand_in(
    "13.09",
    "a truck carries one unit within its transport value on its march, set down where it stops",
    key="truck_transport",
)
RULES.stand_in(
    "13.01",
    "a ground unit changes maps between a transitional hex and its land, as its whole move",
    key="ground_maps",
)


@cache
def hexside_kinds() -> dict[frozenset[str], tuple[str, ...]]:
    raw = read_raw(DATA / "map.json")
    return {frozenset((s["a"], s["b"])): tuple(s["kinds"]) for s in raw["hexsides"]}


def is_land(hex_id: str) -> bool:
    found = forces().hexes.get(hex_id)
    return found is not None and found.cls in LAND and found.area != "inside"


@cache
def land_neighbours(hex_id: str) -> tuple[str, ...]:
    """The land hexes next to ``hex_id`` on its own map."""
    return tuple(h for h in state.neighbours(hex_id) if is_land(h))


def enemy_hexes(data: Mapping[str, Any], side: str) -> set[str]:
    return {
        r["hex"]
        for u, r in data["ground"].items()
        if r["hex"] is not None and state.side_of(data, u) != side
    }


@RULES.implements("11.07", "11.08")
def step_cost(g_tables: Mapping[str, Any], data: Mapping[str, Any], a: str, b: str) -> int | None:
    """MP to step from ``a`` into ``b`` (None: no land move crosses that hexside)."""
    if not crossable(data, a, b):
        return None
    cost = terrain_cost(g_tables, b)
    if RIVER in hexside_kinds().get(frozenset((a, b)), ()):
        cost += int(g_tables["terrain_effects"].hexsides[RIVER].mp)
    return cost


@RULES.implements("11.07", "11.08")
def crossable(data: Mapping[str, Any], a: str, b: str) -> bool:
    """Whether a land move (or a land attack, 16.02) crosses the hexside between ``a`` and
    ``b``: not an all-sea side, and a strait only where a bridge stands."""
    kinds = hexside_kinds().get(frozenset((a, b)), ())
    if CLOSED in kinds:
        return False
    return STRAIT not in kinds or sorted((a, b)) in data.get("bridges", [])


@cache
def hex_terrain() -> dict[str, str]:
    raw = read_raw(DATA / "map.json")
    return {str(h["id"]): str(h.get("terrain") or "clear") for h in raw["hexes"]}


def terrain_cost(g_tables: Mapping[str, Any], hex_id: str) -> int:
    return int(g_tables["terrain_effects"].hexes[hex_terrain()[hex_id]].mp)


@RULES.implements("11.03", "13.02", "13.03")
def reach(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> set[str]:
    """The hexes ``uid`` may end its move in."""
    return Marching(g_tables, data, state.side_of(data, uid)).reach(uid)


class Marching:
    """What every move of one side's ground units shares: enemy hexes, the zones of control
    around them and full stacks."""

    def __init__(self, g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str) -> None:
        self.g_tables, self.data = g_tables, data
        self.enemies = enemy_hexes(data, side)
        self.zoc = {n for e in self.enemies for n in land_neighbours(e)}
        self.full = {h for h, n in _counts(data, side).items() if n >= stack_limit(g_tables, h)}
        self._costs: dict[tuple[str, str], int | None] = {}

    def cost(self, a: str, b: str) -> int | None:
        if (a, b) not in self._costs:
            self._costs[a, b] = step_cost(self.g_tables, self.data, a, b)
        return self._costs[a, b]

    def reach(self, uid: str, allowance: int | None = None) -> set[str]:
        """The hexes ``uid`` may end a march in, spending ``allowance`` MP (its own if None)."""
        here = self.data["ground"][uid]["hex"]
        if allowance is None:
            allowance = state.ground_values(uid).ma
        if state.on_strategic(here):
            found = set(land_neighbours(here)) | set(map_entries(here))
        else:
            found = set(
                search(
                    here,
                    land_neighbours,
                    cost=self.cost,
                    can_enter=lambda a, b: b not in self.enemies,
                    can_leave=lambda n: n not in self.zoc,
                    max_cost=max(allowance, 0),
                ).reached
            )
            found |= set(map_exits(here))
        return found - self.enemies - self.full - {here}


@cache
def hex_landmass() -> dict[str, str]:
    raw = read_raw(DATA / "map.json")
    return {str(h["id"]): str(h["landmass"]) for h in raw["hexes"] if h.get("landmass")}


@cache
def main_landmass(big: str) -> str | None:
    """The landmass of most of the operational land hexes in transitional hex ``big`` (None:
    not transitional, or no land of the operational map in it)."""
    if forces().hexes[big].area != "transitional":
        return None
    counts = Counter(hex_landmass().get(h) for h in state.operational_within(big) if is_land(h))
    counts.pop(None, None)
    return counts.most_common(1)[0][0] if counts else None


@RULES.implements("13.01")
def map_entries(big: str) -> tuple[str, ...]:
    """The operational land hexes a unit in transitional hex ``big`` may step to, on its main
    landmass only (so that no unit crosses the Straits by way of the strategic map)."""
    landmass = main_landmass(big)
    if landmass is None:
        return ()
    inside = state.operational_within(big)
    return tuple(h for h in inside if is_land(h) and hex_landmass().get(h) == landmass)


@RULES.implements("13.01")
def map_exits(small: str) -> tuple[str, ...]:
    """The transitional land hex a unit in operational hex ``small`` may step out to."""
    big = state.strategic_of().get(small)
    if big is None or not is_land(big) or small not in map_entries(big):
        return ()
    return (big,)


def _counts(data: Mapping[str, Any], side: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for uid, record in data["ground"].items():
        if record["hex"] is not None and state.side_of(data, uid) == side:
            counts[record["hex"]] = counts.get(record["hex"], 0) + 1
    return counts


def stack_limit(g_tables: Mapping[str, Any], hex_id: str) -> int:
    stacking = g_tables["stacking"]
    return int(stacking.strategic_hex if state.on_strategic(hex_id) else stacking.operational_hex)


@RULES.implements("11.03", "11.12", "13.02", "7.04", "7.06")
def move_refusal(data: Mapping[str, Any], side: str, uid: str) -> str:
    record = data["ground"][uid]
    if record["hex"] is None:
        return f"13.02: {uid} is aboard {record['aboard']}"
    if record.get("special_op"):
        return f"11.12: {uid} is on a special operation against {record['special_op']}"
    if formation.changed(data, uid):
        return f"11.03: {uid} spent its movement changing formation"
    if uid in data["ground_moved"]:
        return f"13.02: {uid} has moved this segment"
    return ""


class GroundSegment(Procedure):
    """The acting side's ground units move one at a time and it declares land combats."""

    name = "ground_segment"

    def start(self, g: Context, f: Frame) -> None:
        g.data["ground_moved"] = []
        g.goto("choose")

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        side = f["side"]
        allowed = _permit(f)
        choices = Decision.single(side, "prompt.ground_segment")
        marching = Marching(game_tables(g.state), g.data, side)
        halted: dict[str, str] = {}
        for uid in sorted(u for u in g.data["ground"] if state.side_of(g.data, u) == side):
            reason = move_refusal(g.data, side, uid) or ground_modes.march_refusal(
                g.data, uid, allowed
            )
            if not reason and not _destinations(g.data, marching, uid, allowed):
                reason = _stuck(uid, allowed)
            offer(choices, f"march {uid}", reason, _pick, uid)
            if not reason and haul_from(g.data, side, uid):
                choices.add(f"haul {uid}", _pick_haul, uid)  # 12.01
            if assault.group_of(uid) == TRUCK:
                halted[uid] = reason
                if not reason:
                    _offer_carries(g, choices, marching, uid, allowed)  # 13.09
        if allowed.declare:
            _offer_assaults(g, choices, side)
            formation.offer_plans(g, choices, side)
        choices.add("end", _end)
        choices.explain = lambda text: _unlisted_carry(g.data, side, halted, text)
        if not choices.verbs() & {"march", "haul", "carry", "assault", "plan"}:
            choices.prompt = "prompt.ground_segment_end"
        return choices

    @decision
    def where(self, g: Context, f: Frame) -> Choices:
        uid = f["unit"]
        choices = Decision.single(f["side"], "prompt.ground_where", unit=uid)
        allowed = _permit(f)
        marching = Marching(game_tables(g.state), g.data, f["side"])
        hauling = f.get("haul")
        cargo = f.get("carry")
        if cargo:
            found = carry_destinations(g.data, marching, uid, allowed)
        else:
            found = _destinations(g.data, marching, uid, allowed)
        for hex_id in sorted(found):
            reason = hex_id in g.data["depots"] and hauling and haul_refusal(hex_id)
            offer(choices, f"to {hex_id}", reason or "", _march, hex_id)
        joins = allowed.join_only and marching.reach(uid)
        choices.explain = lambda text: _unlisted(uid, text, bool(joins))
        choices.add("cancel", _cancel)
        return choices


def _permit(f: Frame) -> ground_modes.Permit:
    """The segment's permit; a segment called without its stage is Stage 1's first."""
    return ground_modes.permit(int(f.get("stage", 1)), bool(f.get("first", True)))


@RULES.implements("11.02")
def _destinations(
    data: Mapping[str, Any], marching: Marching, uid: str, allowed: ground_modes.Permit
) -> set[str]:
    """The hexes ``uid`` may march to in this segment: only a hex the enemy attacks when the
    segment lets Reserve units join a defence only (11.02)."""
    found = marching.reach(uid)
    if allowed.join_only:
        found &= ground_modes.joinable(data, state.side_of(data, uid))
    return found


def _stuck(uid: str, allowed: ground_modes.Permit) -> str:
    if allowed.join_only:
        return f"11.02: {uid} reaches no hex the enemy attacks (Reserve units only join a defence)"
    return f"13.02: {uid} can enter no hex (terrain, zones of control, stacking)"


def _unlisted(uid: str, text: str, join_only: bool = False) -> str:
    """Why a hex a player names is not among the moves listed ('' for no hex)."""
    verb, _, hex_id = text.partition(" ")
    if verb != "to" or hex_id not in forces().hexes:
        return ""
    if join_only:
        return f"11.02: {uid} may march only into a hex the enemy attacks"
    return f"13.02: {hex_id} is not within {uid}'s move"


def _pick(g: Context, f: Frame, uid: str) -> None:
    f["unit"] = uid
    f.locals.pop("haul", None)
    f.locals.pop("carry", None)
    g.goto("where")


@RULES.implements("12.01")
def haul_from(data: Mapping[str, Any], side: str, uid: str) -> str | None:
    """The hex of the depot of ``side`` that truck ``uid`` stands with, if it is a truck."""
    where = data["ground"][uid]["hex"]
    record = data["depots"].get(where) if where else None
    if assault.group_of(uid) != TRUCK or record is None:
        return None
    return where if data["nations"].get(record["nation"]) == side else None


def haul_refusal(hex_id: str) -> str:
    return f"12.01: {hex_id} holds a depot already (one a hex)"


def _pick_haul(g: Context, f: Frame, uid: str) -> None:
    f["unit"], f["haul"] = uid, True
    f.locals.pop("carry", None)
    g.goto("where")


# -- trucks carry ground units (13.09) -------------------------------------------------------------
def riders(data: Mapping[str, Any], side: str, truck: str) -> list[str]:
    """The ground units of ``side`` in ``truck``'s hex that a truck might carry: none a truck."""
    here = data["ground"][truck]["hex"]
    return sorted(
        u
        for u, r in data["ground"].items()
        if r["hex"] == here
        and u != truck
        and assault.group_of(u) != TRUCK
        and state.side_of(data, u) == side
    )


@RULES.implements("13.09", "8.04", "8.01")
def carry_refusal(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    truck: str,
    cargo: str,
    allowed: ground_modes.Permit,
) -> str:
    """Why ``truck`` (free to march in this segment) may not carry ``cargo`` of its hex now
    ("" if it may): the unit could not march itself in the segment (11.02, 11.03, 13.02), is too
    big for the truck's transport value, or the hex is under a declared enemy attack."""
    side = state.side_of(data, truck)
    reason = move_refusal(data, side, cargo) or ground_modes.march_refusal(data, cargo, allowed)
    if reason:
        return reason
    needs = airdrop.weight(g_tables, cargo)  # as air and sea transports weigh their loads
    capacity = state.ground_values(truck).transport
    if needs > capacity:
        return f"13.09: {cargo} weighs {needs} (its size), {truck} carries {capacity}"
    here = data["ground"][truck]["hex"]
    if withdrawal.is_withdrawal(data, truck, here):
        return f"13.09: {truck} does not load in {here}, under a declared enemy attack"
    return ""


@RULES.implements("13.09", "11.02", "13.03")
def carry_destinations(
    data: Mapping[str, Any], marching: Marching, truck: str, allowed: ground_modes.Permit
) -> set[str]:
    """The hexes ``truck`` may carry a unit to: its allowance less the MP to load and unload,
    into a hex with room for two more of its side's units."""
    costs = marching.g_tables["truck_transport"]
    allowance = state.ground_values(truck).ma - int(costs.load_mp) - int(costs.unload_mp)
    found = marching.reach(truck, allowance)
    if allowed.join_only:
        found &= ground_modes.joinable(data, state.side_of(data, truck))
    counts = _counts(data, state.side_of(data, truck))
    return {h for h in found if counts.get(h, 0) + 2 <= stack_limit(marching.g_tables, h)}


def _offer_carries(
    g: Context, choices: Choices, marching: Marching, truck: str, allowed: ground_modes.Permit
) -> None:
    side = state.side_of(g.data, truck)
    for cargo in riders(g.data, side, truck):
        reason = carry_refusal(marching.g_tables, g.data, truck, cargo, allowed)
        if not reason and not carry_destinations(g.data, marching, truck, allowed):
            reason = f"13.02: {truck} carrying {cargo} can enter no hex (allowance, stacking)"
        offer(choices, f"carry {truck} {cargo}", reason, _pick_carry, truck, cargo)


def _unlisted_carry(
    data: Mapping[str, Any], side: str, halted: Mapping[str, str], text: str
) -> str:
    """Why a ``carry`` a player names is not listed: only of units of ``side`` ('' else)."""
    verb, *names = text.split()
    if verb != "carry" or len(names) != 2:
        return ""
    truck, cargo = names
    own = [u for u in names if u in data["ground"] and state.side_of(data, u) == side]
    if truck not in own:
        return ""
    if assault.group_of(truck) != TRUCK:
        return f"13.09: {truck} is not a truck"
    if halted.get(truck):
        return halted[truck]
    if cargo not in own:
        return ""
    if assault.group_of(cargo) == TRUCK:
        return f"13.09: a truck carries no truck ({cargo})"
    return f"13.09: {cargo} is not in {truck}'s hex"


def _pick_carry(g: Context, f: Frame, truck: str, cargo: str) -> None:
    f["unit"], f["carry"] = truck, cargo
    f.locals.pop("haul", None)
    g.goto("where")


@RULES.implements("13.09")
def _set_down(g: Context, f: Frame, cargo: str, start: str, hex_id: str) -> None:
    """The carried unit ends where its truck ends, its move for the segment made; the other
    side reads a march, the owner which truck carried it."""
    side, truck = f["side"], f["unit"]
    _arrive(g, side, cargo, start, hex_id)
    g.log_private(
        [side], "log.truck_carried", {"side": side, "unit": cargo, "truck": truck, "hex": hex_id}
    )


def _cancel(g: Context, f: Frame) -> None:
    g.goto("choose")


@RULES.implements("13.02", "11.13")
def _march(g: Context, f: Frame, hex_id: str) -> None:
    uid = f["unit"]
    start = g.data["ground"][uid]["hex"]
    _arrive(g, f["side"], uid, start, hex_id)
    withdrawal.withdraw(g, uid, start)
    cargo = f.locals.pop("carry", None)
    if cargo:
        _set_down(g, f, cargo, start, hex_id)
    if f.locals.pop("haul", None):
        _haul(g, f["side"], uid, start, hex_id)
    g.goto("choose")


def _arrive(g: Context, side: str, uid: str, start: str, hex_id: str) -> None:
    """``uid`` ends its move for the segment in ``hex_id``; the log says it marched there."""
    g.data["ground"][uid]["hex"] = hex_id
    g.data["ground_moved"].append(uid)
    g.data["ground"][uid]["spent"] = True
    g.log("log.marched", side=side, unit=uid, start=start, hex=hex_id)


@RULES.implements("12.01", "14.01")
def _haul(g: Context, side: str, uid: str, start: str, hex_id: str) -> None:
    """The truck sets the depot down where it ends its march, and is seen there (the depot is
    public) until it moves again."""
    record = g.data["depots"].pop(start)
    g.data["depots"][hex_id] = record
    detection.fought(g.data, [uid])
    g.log("log.depot_hauled", side=side, hex=start, to=hex_id, nation=record["nation"])


@RULES.implements("16.02")
def _offer_assaults(g: Context, choices: Choices, side: str) -> None:
    """A land combat against each enemy hex the side may attack, with its preview (worked out
    when a view asks: :mod:`previews`)."""
    from wargame.games.aegean_strike import previews  # noqa: PLC0415 (it imports assault)

    for hex_id in assault.targets(g.data, side):
        reason = assault.declare_refusal(g.data, side, hex_id)
        if reason:
            choices.refuse(f"assault {hex_id}", reason)
        else:
            note = partial(previews.declaring, g, side, hex_id)
            choices.add(f"assault {hex_id}", _assault, hex_id, later=note)


def _assault(g: Context, f: Frame, hex_id: str) -> None:
    assault.declare(g, f["side"], hex_id)
    g.goto("choose")


def _end(g: Context, f: Frame) -> None:
    g.ret()


ALL: Final[tuple[Procedure, ...]] = (GroundSegment(),)
