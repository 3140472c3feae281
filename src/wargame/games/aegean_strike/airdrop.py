"""Airborne transport (9.03, air transport missions B): air transport units drop a ground unit
that starts in their base's hex into a hex within reach; loading costs 2 operational MP, the drop
nothing; an aborted transport drops nothing (9.07).

Decisions
- Airborne and special forces units are the ones that parachute (the seed names airborne troops;
  which other units may jump is lost). Helicopters fly airmobile transport, not drops, and the
  airmobile transport mission (landing the cargo, its landing limits and the return) is not
  played yet.
- One ground unit a mission; the group's transport values added must reach the unit's weight,
  its hit capacity by size (the ground hits table: a battalion 1, a brigade 2, a division 4),
  provisional like the capacities themselves.
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
LOAD_MP: Final = 2
"""9.03 (seed): loading a ground unit costs the air unit 2 operational MP; the drop is free."""
JUMPERS: Final = frozenset({"airborne", "special_forces"})


def can_drop(uid: str) -> bool:
    """An air transport unit with a transport value that is not a helicopter."""
    air_type = forces().air_types[state.unit(uid).type]
    return state.air_values(uid).transport > 0 and not air_type.helicopter


def weight(g_tables: Mapping[str, Any], uid: str) -> int:
    return int(g_tables["ground_hits"][state.unit(uid).size or "X"])


@RULES.implements("9.03")
def cargo_at(data: Mapping[str, Any], side: str, base: str) -> list[str]:
    """The ground units of ``side`` that may jump from ``base``: in its hex, not aboard."""
    where = state.base_hex(data, base)
    return [
        uid
        for uid, record in sorted(data["ground"].items())
        if record["hex"] == where
        and record["aboard"] is None
        and state.side_of(data, uid) == side
        and state.unit(uid).type in JUMPERS
    ]


def cargo_refusal(g_tables: Mapping[str, Any], units: list[str], cargo: str) -> str:
    lift = sum(state.air_values(u).transport for u in units)
    needs = weight(g_tables, cargo)
    if lift < needs:
        return f"9.03: {cargo} needs {needs} transport points, the group has {lift}"
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
    data["ground"][cargo]["hex"] = flight["target_hex"]
    return True
