"""Troop transports (8.12): ground blocks at sea, and where they embark and land.

A ground block standing in a sea area *is* a troop transport (TT): it embarked in the naval
movement phase (5.31, :mod:`naval`) and lands or invades in the operational movement phase
(5.31, 7.2, :mod:`movement`); one still at sea in the rebase phase goes to a friendly port (8.8).

Decisions
---------
* **Which units** (8.12): ground blocks; LBA at sea are still to come. Garrisons are not blocks
  and never embark.
* **Coasts** (5.31, 8.12): a unit embarks from and lands in an area across a passable coast of
  the sea area, or a box on it (a box borders each of its sea areas); never across an impassable
  coast. A port area also embarks into every sea area its port opens onto (3.24).
* **Transport points** (5.31, 3.51): Japan pays from Transports Available, which stands at the
  transport capacity where the position has no such track yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.log import Side
from wargame.games.asia_engulfed.board import area_map
from wargame.games.asia_engulfed.control import area
from wargame.games.asia_engulfed.influence import PASSABLE_COAST, port_seas

MARINE: Final = "marine"
TRANSPORTS_AVAILABLE: Final = "transports_available"


def transports_available(data: Mapping[str, Any]) -> int:
    """Japan's transport points left this turn (Transports Available, 3.51, 5.31)."""
    tracks = data["tracks"]
    return int(tracks.get(TRANSPORTS_AVAILABLE, tracks.get("transport_capacity", 0)))


def is_transport(unit: Mapping[str, Any]) -> bool:
    """A ground block standing in a sea area sails as a troop transport (8.12)."""
    return unit["public"]["kind"] == "ground" and area(unit["where"]).is_sea


def transports(data: Mapping[str, Any], side: Side) -> list[str]:
    """``side``'s troop transports at sea."""
    areas = area_map().areas
    return sorted(
        unit_id
        for unit_id, unit in data["units"].items()
        if unit["owner"] == side
        and unit["public"]["kind"] == "ground"
        and unit["where"] in areas
        and areas[unit["where"]].is_sea
    )


def crosses_coast(land: str, sea: str) -> bool:
    """Whether a unit may embark or land between ``land`` and ``sea``: across a passable
    coast, or anywhere between a box and its sea areas (8.12: never across an impassable one)."""
    place = area(land)
    return place.adjacent.get(sea) == PASSABLE_COAST or (
        place.kind != "large" and sea in place.adjacent and area(sea).is_sea
    )


def embark_seas(land: str) -> frozenset[str]:
    """The sea areas a block in ``land`` may embark into: its port's, and those across a
    passable coast (5.31: a port or a coastal area)."""
    return port_seas(land) | frozenset(s for s in area(land).adjacent if crosses_coast(land, s))
