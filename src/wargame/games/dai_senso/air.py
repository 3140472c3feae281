"""Air units on the map: air forces and CV strikes placed in hexes in the support segment (2.2.3,
:mod:`naval`), the column shift each gives a combat it is in or next to (4.2.3.1), the spacing
of their placement, and the CV strikes' return in the blitz combat segment (4.1.5).

``data["support"]`` maps each support unit of a scenario with naval play to where it is: ``pool``,
``used`` (the zone's Used box) or the hex it was placed in. A CV fleet in a hex is always on its
CV strike face: it flips as soon as it is placed (spec §4.6.3).

Decisions
- An air unit gives its shift to its own faction's side of a combat (the attacker right, the
  defender left), when a ground unit of its nationality takes part (attacking, defending or
  giving ranged support); none in Mud, none from a neighbour in Storms or Snow (4.2.3.1, the
  defending hex's weather).
- A hex holding an enemy air unit is no airbase nor naval base (spec §4.6.3's Manila example).
- CV strike returns (4.1.5, provisional, the supplement's stand-in): at the end of its owner's
  blitz combat segment, or in its place when the faction has no Blitz marker, each CV strike on
  the map flips back to its CV fleet and goes to the Used box (the sea zones' On Station boxes
  are not on the map we have), so a carrier strike helps its own faction's blitz combat only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.notes import Modifier
from wargame.engine.procedure import Context
from wargame.games.dai_senso import markers, state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import ColumnShifts
from wargame.games.dai_senso.registry import RULES

RULES.stand_in("4.1.5", "a CV strike goes to the Used box as its CV fleet", key="cv_strike_return")
AIR_TYPES = frozenset({"air_force", "cv_fleet"})
"""The support types that stand on the map as air units: air forces and CV fleets (as CV
strikes)."""
UNSEEN_FROM_NEXT_DOOR = frozenset({"storm", "snow"})


def placed_air(data: Mapping[str, Any]) -> dict[str, str]:
    """Each air unit on the map and its hex."""
    hexes = board().hexes
    return {
        uid: where
        for uid, where in data.get("support", {}).items()
        if where in hexes and state.unit(uid).type in AIR_TYPES
    }


def air_near(data: Mapping[str, Any], hex_id: str, side: str, *, enemy: bool) -> list[str]:
    """The air units of ``side`` (``enemy``: of the other factions) in or next to the hex."""
    the_map = board()
    return [
        uid
        for uid, where in placed_air(data).items()
        if (state.faction(uid) != side) == enemy
        and (where == hex_id or the_map.adjacent(where, hex_id))
    ]


@RULES.implements("2.2.3")
def spacing_refusal(data: Mapping[str, Any], uid: str, hex_id: str) -> str:
    """Why the support unit may not be placed in the hex for an enemy's or (air forces and CV
    strikes) a friendly air unit in or next to it ("" if it may)."""
    side = state.faction(uid)
    if air_near(data, hex_id, side, enemy=True):
        return f"2.2.3: an enemy air unit is in or next to {hex_id}"
    if state.unit(uid).type in AIR_TYPES and air_near(data, hex_id, side, enemy=False):
        return f"2.2.3: a friendly air unit is in or next to {hex_id}"
    return ""


def spaced_out(data: Mapping[str, Any], uid: str) -> set[str]:
    """The hexes :func:`spacing_refusal` refuses the unit, all at once."""
    side = state.faction(uid)
    air = state.unit(uid).type in AIR_TYPES
    the_map = board()
    found: set[str] = markers.stalled_hexes(data, side)
    for other, where in placed_air(data).items():
        if air or state.faction(other) != side:
            found |= {where, *the_map.neighbours(where)}
    return found


def enemy_air_in(data: Mapping[str, Any], hex_id: str, side: str) -> bool:
    """Whether an enemy air unit stands in the hex (it is then no base of ``side``)."""
    return any(
        where == hex_id and state.faction(uid) != side for uid, where in placed_air(data).items()
    )


@RULES.implements("4.2.3.1", "11.3", "11.4", "11.5")
def air_shifts(
    data: Mapping[str, Any],
    combatants: list[str],
    target: str,
    shifts: ColumnShifts,
    weather: str | None,
) -> list[Modifier]:
    """One shift per air unit in or next to the defending hex whose nationality a unit in the
    combat has, to its faction's side: right for the attacker, left for the defender."""
    if weather == "mud" or not combatants:
        return []
    attacker = state.faction(combatants[0])
    defenders = state.units_in(data, target)
    defender = state.faction(defenders[0]) if defenders else None
    nations = {state.unit(uid).nationality for uid in [*combatants, *defenders]}
    the_map = board()
    found = []
    for uid, where in sorted(placed_air(data).items()):
        near = where == target or (
            the_map.adjacent(where, target) and weather not in UNSEEN_FROM_NEXT_DOOR
        )
        if not near or state.unit(uid).nationality not in nations:
            continue
        side = state.faction(uid)
        if side == attacker:
            found.append(Modifier("4.2.3.1", "shift.air_attack", shifts.air_unit, {"unit": uid}))
        elif side == defender:
            found.append(Modifier("4.2.3.1", "shift.air_defence", -shifts.air_unit, {"unit": uid}))
    return found


@RULES.implements("4.1.5")
def cv_strikes_return(g: Context, side: str) -> None:
    """Each CV strike of ``side`` on the map flips back to its CV fleet, to the Used box."""
    for uid, where in sorted(placed_air(g.data).items()):
        if state.faction(uid) == side and state.unit(uid).type == "cv_fleet":
            g.data["support"][uid] = "used"
            g.log("log.cv_returned", side=side, unit=uid, hex=where)
