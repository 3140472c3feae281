"""Influence in the sea areas (8.13): which side projects influence into each sea area, and so
who, if anyone, holds it dominant there.

A side projects influence into a sea area with an LBA in an uncontested area or box inside or
bordering it, or with a fleet (not a submarine, not a troop transport) in the sea area itself or
in a port whose area borders it. Both sides projecting is limited influence; one side alone is
dominant influence; neither is none.

Decisions
---------
* **Fleets at sea project influence** (open question 6; spec §9-2 item 3). The seed names only
  fleets in a port of the sea area or of a bordering area, but the stop-on-entry rule of 8.22 and
  the extended operations of 8.23 ("sea areas where the phase player has dominant influence",
  where its fleets have just moved) only make sense if a fleet at sea holds influence where it is.
* **No ranges.** 8.13 counts LBA by adjacency only: an LBA projects into every sea area its area
  borders (an impassable coastline included: it stops landings, not aircraft), none further. CBA
  are not named: they project through their carrier, which is a fleet.
* **A fleet in port** projects into the sea areas its port opens onto (:func:`port_seas`: a box's
  port onto every sea area the box touches, 3.24; a large area's onto the sea areas across its
  passable coasts). The map has no port-by-port sea for large areas; a large area on two seas
  projects into both.
* **LBA out of supply still project influence**: 8.13 does not ask for supply (3.6 keeps them
  out of combat and off sea crossings only). LBA aboard a transport (standing in a sea area)
  project none (8.12).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from wargame.engine.log import Side
from wargame.engine.memo import remembered
from wargame.games.asia_engulfed import surprise
from wargame.games.asia_engulfed.board import area_map, seas_touching
from wargame.games.asia_engulfed.forces import FLEETS, side_of
from wargame.games.asia_engulfed.registry import RULES

PASSABLE_COAST = "coast"
ALLIES = "allies"


@cache
def port_seas(area: str) -> frozenset[str]:
    """The sea areas a port in ``area`` opens onto (empty when the area has no port): all sea
    areas of a port or island box (3.24), those across a passable coast of a large area."""
    place = area_map().areas[area]
    if not place.has_port:
        return frozenset()
    return frozenset(
        other
        for other, kind in place.adjacent.items()
        if kind == PASSABLE_COAST or (place.kind != "large" and area_map().areas[other].is_sea)
    )


@RULES.implements("8.13")
def projecting(position: Mapping[str, Any]) -> Mapping[str, frozenset[Side]]:
    """The sides projecting influence into each sea area (every sea area is a key)."""
    return remembered(position, "projecting", lambda: _projecting(position))


def _projecting(position: Mapping[str, Any]) -> dict[str, frozenset[Side]]:
    found: dict[str, set[Side]] = {sea: set() for sea in _sea_areas()}
    contested = set(position["contested"])
    quiet = surprise.influence_silenced(position)  # 9.11 d: no Allied LBA, no Allied port
    for counter in position["counters"].values():
        where = counter["where"]
        if counter["type"] == "lba" and where in area_map().areas and where not in contested:
            side = side_of(counter["power"])
            if not (quiet and side == ALLIES):
                for sea in seas_touching(where):
                    found[sea].add(side)
    for unit in position["units"].values():
        if unit["hidden"]["type"] in FLEETS:
            in_port = unit["where"] not in found
            if quiet and unit["owner"] == ALLIES and in_port:
                continue
            for sea in _fleet_seas(unit["where"]):
                found[sea].add(unit["owner"])
    return {sea: frozenset(sides) for sea, sides in found.items()}


@cache
def _sea_areas() -> tuple[str, ...]:
    return tuple(key for key, area in area_map().areas.items() if area.is_sea)


def _fleet_seas(where: str) -> frozenset[str]:
    area = area_map().areas.get(where)
    if area is None:
        return frozenset()
    return frozenset({where}) if area.is_sea else port_seas(where)


@RULES.implements("8.13")
def influence(position: Mapping[str, Any]) -> dict[str, Side | None]:
    """The side with dominant influence in each sea area, None where neither side or both
    (limited influence) project it."""
    return {
        sea: next(iter(sides)) if len(sides) == 1 else None
        for sea, sides in projecting(position).items()
    }


def limited(position: Mapping[str, Any]) -> frozenset[str]:
    """The sea areas where both sides project influence."""
    return frozenset(sea for sea, sides in projecting(position).items() if len(sides) == 2)
