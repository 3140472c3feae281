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
from typing import Any, Final

from wargame.engine.log import Side
from wargame.engine.memo import Answers, remembered
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
    key = _projectors(position)
    return _PROJECTIONS.get(key, lambda: _project(*key))


_PROJECTIONS: Final[Answers[dict[str, frozenset[Side]]]] = Answers(1024)
"""The influence projected, by all that decides it (:func:`_projectors`): most moves leave it as
it was."""


def _projectors(
    position: Mapping[str, Any],
) -> tuple[bool, frozenset[tuple[str, str]], frozenset[tuple[Side, str]]]:
    """Whether the Allies are silenced (9.11 d), the LBA projecting influence (power, where:
    uncontested areas of the map only) and the fleets (side, where). Set comprehensions: every
    listing of a decision reads every counter and block here."""
    contested = position["contested"]
    quiet = surprise.influence_silenced(position)  # 9.11 d: no Allied LBA, no Allied port
    areas = area_map().areas
    lbas = {
        (counter["power"], where)
        for counter in position["counters"].values()
        if counter["type"] == "lba" and (where := counter["where"]) in areas
    }
    fleets = {
        (unit["owner"], unit["where"])
        for unit in position["units"].values()
        if unit["hidden"]["type"] in FLEETS
    }
    return quiet, frozenset(lba for lba in lbas if lba[1] not in contested), frozenset(fleets)


_BITS: Final[dict[Side, int]] = {"japan": 1, ALLIES: 2}
_BY_BITS: Final[tuple[frozenset[Side], ...]] = (
    frozenset(),
    frozenset({"japan"}),
    frozenset({ALLIES}),
    frozenset(_BITS),
)
"""The sides projecting into a sea area by the bits of :data:`_BITS` (each set made once)."""


def _project(
    quiet: bool, lbas: frozenset[tuple[str, str]], fleets: frozenset[tuple[Side, str]]
) -> dict[str, frozenset[Side]]:
    found = dict.fromkeys(_sea_areas(), 0)
    for power, where in lbas:
        if not (quiet and side_of(power) == ALLIES):
            for sea in seas_touching(where):
                found[sea] |= _BITS[side_of(power)]
    for side, where in fleets:
        in_port = where not in found
        if quiet and side == ALLIES and in_port:
            continue
        for sea in _fleet_seas(where):
            found[sea] |= _BITS[side]
    return {sea: _BY_BITS[bits] for sea, bits in found.items()}


@cache
def _sea_areas() -> tuple[str, ...]:
    return tuple(key for key, area in area_map().areas.items() if area.is_sea)


def _fleet_seas(where: str) -> frozenset[str]:
    area = area_map().areas.get(where)
    if area is None:
        return frozenset()
    return frozenset({where}) if area.is_sea else port_seas(where)


@RULES.implements("8.13")
def influence(position: Mapping[str, Any]) -> Mapping[str, Side | None]:
    """The side with dominant influence in each sea area, None where neither side or both
    (limited influence) project it. Shared with other callers: read it, never change it."""
    sides = projecting(position)
    kept = _DOMINANT.get(id(sides))
    if kept is None or kept[0] is not sides:
        if len(_DOMINANT) >= _DOMINANT_KEPT:
            _DOMINANT.clear()
        dominant = {
            sea: next(iter(there)) if len(there) == 1 else None for sea, there in sides.items()
        }
        kept = _DOMINANT[id(sides)] = (sides, dominant)
    return kept[1]


_DOMINANT: Final[dict[int, tuple[Mapping[str, frozenset[Side]], dict[str, Side | None]]]] = {}
"""The dominant influence of each projection, by its identity (with the projection, so that an
identity reused is never taken for it): a projection is kept and shared across positions
(:data:`_PROJECTIONS`), and so is what it makes dominant."""
_DOMINANT_KEPT: Final = 1024


def limited(position: Mapping[str, Any]) -> frozenset[str]:
    """The sea areas where both sides project influence."""
    return frozenset(sea for sea, sides in projecting(position).items() if len(sides) == 2)
