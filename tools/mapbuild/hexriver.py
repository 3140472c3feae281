"""River lines laid onto hexsides: each river becomes an unbroken chain of sides.

A hex map prints a river along hexsides, so a river must be moved onto the sides near its
course. Done in grid space (hex width 1) on one sheet:

- The kept river lines are merged into one network (shapely's union dissolves the doubled
  stretches of the data's closed records, which walk each river network there and back) and cut
  at every junction; each stretch between two junctions or ends is one piece.
- The corners of the hexes make a graph whose edges are the hexsides. Each piece becomes the
  cheapest path of sides from the corner nearest its first point to the corner nearest its
  last, a side costing its length times (``slack`` + the distance of its midpoint from the
  piece): the path hugs the river. Pieces that meet at a junction meet at one corner, so a
  river and its branches stay joined; a piece whose two ends fall on one corner (a river
  shorter than about half a hex) gives nothing.

Hand-written because no library lays lines on a hex grid's sides; shapely does the geometry.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable

import numpy as np
import shapely
from shapely.ops import substring

from . import grid

Corner = tuple[int, int]  # a hex corner, its grid coordinates scaled and rounded
Side = tuple[tuple[int, int], tuple[int, int]]  # the (row, col) of the two hexes, sorted
SCALE = 1000
SEARCH_HEXES = 1.5  # a path keeps to the corners this near its piece
PIECE_HEXES = 1.0  # the longest stretch of river laid as one path


def corner_key(point: np.ndarray) -> Corner:
    return round(float(point[0]) * SCALE), round(float(point[1]) * SCALE)


def neighbour_across(row: int, col: int, k: int) -> tuple[int, int]:
    """The hex across the side from corner k to corner k+1 (grid.HEX_CORNERS' order: top,
    then clockwise)."""
    west, east = (col, col + 1) if row % 2 else (col - 1, col)
    across = [(row + 1, east), (row, col + 1), (row - 1, east), (row - 1, west), (row, col - 1)]
    return [*across, (row + 1, west)][k]


class SideGraph:
    """The corners of a block of hexes and the sides joining them."""

    def __init__(self, cells: list[tuple[int, int]]) -> None:
        self.point: dict[Corner, np.ndarray] = {}
        self.links: dict[Corner, list[tuple[Corner, Side]]] = {}
        for row, col in cells:
            points = grid.corners(row, col)
            for k in range(6):
                p, q = points[k], points[(k + 1) % 6]
                a, b = corner_key(p), corner_key(q)
                self.point[a], self.point[b] = p, q
                side = tuple(sorted([(row, col), neighbour_across(row, col, k)]))
                for u, v in ((a, b), (b, a)):
                    if (v, side) not in self.links.setdefault(u, []):
                        self.links[u].append((v, side))  # type: ignore[arg-type]
        keys = list(self.point)
        self.keys, self.tree = keys, shapely.STRtree(shapely.points([self.point[k] for k in keys]))

    def nearest(self, point: shapely.Point) -> Corner:
        return self.keys[int(self.tree.nearest(point))]

    def path(self, piece: shapely.LineString, slack: float) -> list[Side]:
        """The cheapest chain of sides between the corners nearest the piece's ends."""
        start = self.nearest(shapely.Point(piece.coords[0]))
        goal = self.nearest(shapely.Point(piece.coords[-1]))
        if start == goal:
            return []
        near = shapely.buffer(piece, SEARCH_HEXES)
        cost: dict[Corner, float] = {start: 0.0}
        came: dict[Corner, tuple[Corner, Side]] = {}
        queue = [(0.0, start)]
        while queue:
            spent, here = heapq.heappop(queue)
            if here == goal:
                break
            if spent > cost[here]:
                continue
            for there, side in self.links[here]:
                mid = (self.point[here] + self.point[there]) / 2
                if not near.contains(shapely.Point(mid)):
                    continue
                step = math.dist(self.point[here], self.point[there])
                total = spent + step * (slack + piece.distance(shapely.Point(mid)))
                if total < cost.get(there, math.inf):
                    cost[there], came[there] = total, (here, side)
                    heapq.heappush(queue, (total, there))
        if goal not in came:
            return []
        sides, here = [], goal
        while here != start:
            here, side = came[here]
            sides.append(side)
        return sides


def pieces(lines: list[shapely.Geometry]) -> list[shapely.LineString]:
    """The river network cut at its junctions (doubled stretches dissolved), and into stretches
    of at most ``PIECE_HEXES``: the data draws a major river as its two banks, one closed line
    from the mouth up one bank and down the other, so a stretch's two ends must be near each
    other for the path between them to follow it."""
    merged = shapely.line_merge(shapely.union_all(lines))
    found = []
    for line in getattr(merged, "geoms", [merged]):
        count = math.ceil(line.length / PIECE_HEXES)
        steps = np.linspace(0.0, line.length, count + 1)
        found += [substring(line, a, b) for a, b in itertools.pairwise(steps)]
    return [piece for piece in found if piece.length > 0]


def river_sides(
    lines: list[shapely.Geometry],
    to_grid: Callable[[np.ndarray], np.ndarray],
    cells: list[tuple[int, int]],
    slack: float,
) -> set[Side]:
    """The sides every kept river runs along, as (row, col) pairs of the sheet's hexes.

    ``to_grid`` maps (n, 2) lon/lat points to the sheet's grid space."""
    in_grid = [shapely.transform(line, to_grid) for line in lines]
    graph = SideGraph(cells)
    found: set[Side] = set()
    for piece in pieces(in_grid):
        found.update(graph.path(piece, slack))
    return found
