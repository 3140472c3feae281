"""Intrinsic garrisons (12.77, 12.94): the one-step Japanese ground units that are not counters.

Each Japanese-controlled city of China holds one 9-12 step per four boxes left on the Japanese
Divisions in China track (rounded up); each Home Islands city holds one 12-12 step until an
Allied flag has been placed there. They are always the last steps lost and never stack.
"""

from __future__ import annotations

from functools import lru_cache

from wargame.engine.procedure import Context
from wargame.engine.tables import ceil_div
from wargame.games.empire_of_the_sun import forces
from wargame.games.empire_of_the_sun.board import Board
from wargame.games.empire_of_the_sun.registry import RULES

GARRISON = "garrison"
BOXES_PER_CHINA_GARRISON = 4
CHINA_AREAS = ("china_coastal", "china_interior", "hong_kong")


def is_garrison(unit_id: str) -> bool:
    return unit_id.startswith(GARRISON + ":")


def garrison_hex(unit_id: str) -> str:
    return unit_id.split(":")[1]


def garrison_kind(g: Context, hex_id: str) -> str | None:
    """``home`` for a Home Islands city, ``china`` for a city of China (Hong Kong included)."""
    return _kind(forces.parts(g).board, hex_id)


@lru_cache(maxsize=4096)
def _kind(board: Board, hex_id: str) -> str | None:
    """:func:`garrison_kind`, a fact of the map (kept for the process)."""
    city = board.hexes[hex_id].city
    if city == "japanese_city" and board.in_area(hex_id, "home_islands"):
        return "home"
    if city == "chinese_city" and board.in_any_area(hex_id, CHINA_AREAS):
        return "china"
    return None


@RULES.implements("12.77", "12.94")
def intrinsic_garrison(g: Context, hex_id: str) -> list[str]:
    """The garrison steps of a Japanese-controlled city: one 9-12 step per 4 boxes (rounded up)
    left on the Japanese Divisions in China track in a China city, one 12-12 step in a Home
    Islands city until an Allied flag has been placed there."""
    kind = garrison_kind(g, hex_id)
    if kind is None or forces.control(g, hex_id) != "japan":
        return []
    if kind == "home":
        count = 0 if hex_id in g.data.get("garrisons_lost", []) else 1
    else:
        count = ceil_div(g.data["tracks"]["china_divisions"], BOXES_PER_CHINA_GARRISON)
    return [f"{GARRISON}:{hex_id}:{n}" for n in range(1, count + 1)]


def lose_home_garrison(g: Context, hex_id: str) -> None:
    """A Home Islands garrison destroyed, or its city under an Allied flag, is gone for good."""
    lost = g.data.setdefault("garrisons_lost", [])
    if garrison_kind(g, hex_id) == "home" and hex_id not in lost:
        lost.append(hex_id)


def garrisoned(g: Context, hex_id: str) -> bool:
    """Whether a Japanese garrison holds the hex (it stops and fights Allied ground units):
    whether :func:`intrinsic_garrison` has a step there, without naming the steps."""
    kind = garrison_kind(g, hex_id)
    if kind is None or forces.control(g, hex_id) != "japan":
        return False
    if kind == "home":
        return hex_id not in g.data.get("garrisons_lost", [])
    return ceil_div(g.data["tracks"]["china_divisions"], BOXES_PER_CHINA_GARRISON) > 0


def garrisoned_hexes(g: Context) -> list[str]:
    """The hexes a Japanese garrison holds, in the map's order (asked of the cities that may
    have one only: a movement listing asks it for every Allied group)."""
    return [h for h in garrison_cities(forces.parts(g).board) if garrisoned(g, h)]


@lru_cache(maxsize=4)
def garrison_cities(board: Board) -> tuple[str, ...]:
    """The cities where a garrison may stand (:func:`garrison_kind`), in the map's order."""
    return tuple(h for h in cities(board) if _kind(board, h) is not None)


@lru_cache(maxsize=4)
def cities(board: Board) -> tuple[str, ...]:
    """The land hexes with a city, in the map's order (kept for the process)."""
    return tuple(h for h in board.land_hexes if board.hexes[h].city)
