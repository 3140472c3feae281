"""Laying river lines onto hexsides (``tools/mapbuild/hexriver.py``), on made-up rivers in grid
space: a river becomes one unbroken chain of sides that keeps near its course."""

from __future__ import annotations

import importlib
import sys

import pytest

from tests.conftest import ROOT
from tests.maps.hexchains import hex_neighbours, reached, side_corners
from tests.maps.rebuild import mapbuild_missing

pytestmark = pytest.mark.skipif(mapbuild_missing() is not None, reason=str(mapbuild_missing()))
shapely = pytest.importorskip("shapely")
np = pytest.importorskip("numpy")

CELLS = [(row, col) for row in range(10, 30) for col in range(10, 30)]


@pytest.fixture(scope="module")
def hexriver():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        return importlib.import_module("mapbuild.hexriver")
    finally:
        sys.path.remove(str(ROOT / "tools"))


def ids(sides):
    return [tuple(f"w{r:02d}{c:02d}" for r, c in side) for side in sides]


def test_the_hex_across_each_side_is_a_neighbour(hexriver):
    for row, col in [(20, 20), (21, 20)]:
        across = {
            f"w{r:02d}{c:02d}"
            for r, c in (hexriver.neighbour_across(row, col, k) for k in range(6))
        }
        assert across == hex_neighbours(f"w{row:02d}{col:02d}")


@pytest.mark.parametrize(
    "course",
    [
        [(12.2, 12.0 * 0.866), (27.3, 13.0 * 0.866)],  # west to east
        [(15.1, 11.0 * 0.866), (16.4, 28.0 * 0.866)],  # south to north
        [(12.0, 12.0), (18.0, 20.0), (26.0, 14.0)],  # a bend
    ],
)
def test_a_river_is_one_chain_along_its_course(hexriver, course):
    line = shapely.LineString(course)
    sides = ids(hexriver.river_sides([line], lambda p: p, CELLS, 0.2))
    assert len(sides) >= line.length  # about a side per hex of course, at least
    start = {f"w{r:02d}{c:02d}" for r, c in [nearest(course[0])]}
    touched = reached(sides, start)
    assert {f"w{r:02d}{c:02d}" for r, c in [nearest(course[-1])]} <= touched
    for side in sides:  # every side within a hex of the course
        corners = [corner_point(c) for c in side_corners(*side)]
        assert all(line.distance(shapely.Point(p)) < 1.0 for p in corners), side


def test_a_river_drawn_as_its_two_banks_gives_the_same_chain(hexriver):
    """The data's major rivers are closed lines: up one bank and down the other."""
    bank = [(12.2, 12.0 * 0.866), (27.3, 13.0 * 0.866)]
    ring = shapely.LineString(
        [*bank, (27.3, 13.0 * 0.866 + 0.01), (12.2, 12.0 * 0.866 + 0.01), bank[0]]
    )
    one = set(hexriver.river_sides([shapely.LineString(bank)], lambda p: p, CELLS, 0.2))
    both = set(hexriver.river_sides([ring], lambda p: p, CELLS, 0.2))
    assert len(both ^ one) <= 2 and len(one) > 10


def nearest(point):
    row = round(point[1] / 0.866)
    return row, round(point[0] - (row % 2) / 2)


def corner_point(corner):
    """The grid point of a corner given as its three hexes: the mean of their centres."""
    centres = []
    for hex_id in corner:
        row, col = int(hex_id[1:3]), int(hex_id[3:5])
        centres.append((col + row % 2 / 2, row * 3**0.5 / 2))
    return np.mean(centres, axis=0)
