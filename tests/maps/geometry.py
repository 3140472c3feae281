"""Hexes as shapely polygons in a grid's own plane (hex width 1), for the backdrop tests."""

from __future__ import annotations

import math

import pytest

shapely = pytest.importorskip("shapely")

CIRCUMRADIUS = 1 / math.sqrt(3)  # of a hex of width 1


def hexagon(x: float, y: float, first_corner: float) -> object:
    """The hex centred on (x, y) whose first corner is at angle ``first_corner`` (radians)."""
    angles = [first_corner + k * math.pi / 3 for k in range(6)]
    return shapely.Polygon(
        [(x + CIRCUMRADIUS * math.cos(a), y + CIRCUMRADIUS * math.sin(a)) for a in angles]
    )


def sheet_lines(backdrop: dict, sheet: str, kind: str = "coast") -> object:
    return shapely.MultiLineString(backdrop["sheets"][sheet][kind])


def check_backdrop_head(backdrop: dict, game: str) -> None:
    """The fields every backdrop file has, whatever its game."""
    assert backdrop["game"] == game and backdrop["format"] == 1
    assert {"coast", "lake"} <= set(backdrop["kinds"]) <= {"coast", "lake", "border"}
    assert any("GSHHG" in line for line in backdrop["attributions"])
    assert backdrop["build"]["command"] == f"tools/build_map.py {game} --backdrop"
    assert 0 < backdrop["simplify_tolerance_hex"] < 0.5
