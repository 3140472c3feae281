"""Air transport (9.03, air transport missions): airborne transport (B) drops a ground unit that
starts in the transports' base hex into a hex within reach, loading costing 2 operational MP and
the drop nothing; airmobile transport (A) carries one to a friendly airbase or lands it in the
field (:mod:`field_landings`), loading and unloading costing 2 MP each, and the transports stay
there. An aborted transport drops nothing (9.07) and unloads nothing.

Decisions
- Airborne and special forces units are the ones that parachute (the seed names airborne troops;
  which other units may jump is lost); helicopters do not drop. Any ground unit flies airmobile,
  from its hex or aboard the carrier the transports fly from.
- Airmobile transport lands at friendly airbases (and carriers, for carrier aircraft), where the
  seed's landing table lets every transport land, or in the field where the table lets its
  type (:mod:`field_landings`, table ``field_landings``: An-24, C-130, Il-76 in Clear hexes,
  the transport helicopters in Clear or Rough ones, the C-5 nowhere, each hex next to no enemy
  unit the side's map shows). Transports in the field owe their return to a friendly airbase
  (the same turn, the helicopters the next) and are removed in the Final Stage if not back; the
  helicopters' removal is our reading (provisional), the seed giving only their deadline.
- One ground unit a mission (or, airmobile, a supply depot instead: :mod:`depots`, 12.01); the
  group's transport values added must reach the unit's weight, its hit capacity by size (the
  ground hits table: a battalion 1, a brigade 2, a division 4), provisional like the capacities
  themselves.
- The drop hex is any land hex a unit may be in (none inside the transitional ring), reached
  there and back with the load's 2 MP.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.games.aegean_strike import state
from wargame.games.aegean_strike.forces import LAND_CLASSES, forces
from wargame.games.aegean_strike.registry import RULES

MISSION: Final = "airborne_transport"
AIRMOBILE: Final = "airmobile_transport"
MISSIONS: Final = (MISSION, AIRMOBILE)
LOAD_MP: Final = 2
"""9.03 (seed): loading a ground unit costs the air unit 2 operational MP; the drop is free."""
JUMPERS: Final = frozenset({"airborne", "special_forces"})


def can_drop(uid: str) -> bool:
    """An air transport unit with a transport value that is not a helicopter."""
    air_type = forces().air_types[state.unit(uid).type]
    return state.air_values(uid).transport > 0 and not air_type.helicopter


def weight(g_tables: Mapping[str, Any], uid: str) -> int:
    """A ground unit's weight as a load, in transport points: its hits by size (table
    ``ground_hits``), which are also the hits it takes to eliminate it (:func:`losses.capacity`)."""
    return int(g_tables["ground_hits"][state.unit(uid).size or "X"])


def lift(units: list[str]) -> int:
    """The transport points of the air units ``units`` together."""
    return sum(state.air_values(u).transport for u in units)


def airmobile_reach(uid: str) -> int:
    """9.03, 9.04: how far out an airmobile transport flies: its allowance less loading and
    unloading, one way (the transports stay where they land)."""
    return state.air_values(uid).ma * state.OP_PER_STRATEGIC - 2 * LOAD_MP


def can_carry(uid: str, mission: str) -> bool:
    """Whether the air transport unit flies ``mission``."""
    if mission == AIRMOBILE:
        return state.air_values(uid).transport > 0
    return can_drop(uid)


@RULES.implements("9.03")
def cargo_at(data: Mapping[str, Any], side: str, base: str, mission: str) -> list[str]:
    """The ground units of ``side`` the mission may carry from ``base``: in its hex (or aboard
    it, flying airmobile), paratroops for a drop."""
    where = state.base_hex(data, base)
    return [
        uid
        for uid, record in sorted(data["ground"].items())
        if record["hex"] == where
        and record["aboard"] in ((None, base) if mission == AIRMOBILE else (None,))
        and state.side_of(data, uid) == side
        and (mission == AIRMOBILE or state.unit(uid).type in JUMPERS)
    ]


def cargo_refusal(g_tables: Mapping[str, Any], units: list[str], cargo: str) -> str:
    has, needs = lift(units), weight(g_tables, cargo)
    if has < needs:
        return f"9.03: {cargo} needs {needs} transport points, the group has {has}"
    return ""


@RULES.implements("9.03", "9.04")
def drop_zones(data: Mapping[str, Any], units: list[str]) -> list[str]:
    """The land hexes the group reaches there and back with the load's MP."""
    where = state.base_hex(data, data["air"][units[0]]["base"])
    if where is None:
        return []
    reach = min(state.air_values(u).ma * state.OP_PER_STRATEGIC for u in units) - LOAD_MP
    return [
        hex_id
        for hex_id in state.placeable_hexes()
        if forces().hexes[hex_id].cls in LAND_CLASSES and 2 * state.distance(where, hex_id) <= reach
    ]


@RULES.implements("9.03", "9.07")
def drop(data: dict[str, Any], flight: Mapping[str, Any]) -> bool:
    """Put the cargo down in the target hex if a transport of the group has not aborted."""
    able = [u for u in flight["units"] if u in data["air"] and u not in flight["aborted"]]
    cargo = flight["cargo"]
    if not able or cargo not in data["ground"]:
        return False
    data["ground"][cargo].update(hex=flight["target_hex"], aboard=None)
    return True
