"""Hex geometry of an offset grid and the least-squares fit of the grid to a projection.

Grid space: hex width 1, pointy-topped hexes in rows; row ``r`` (rising northward), column ``c``
has its centre at ``(c + r % 2 / 2, r * sqrt(3) / 2)``, so odd rows sit half a hex east. Distances
in grid space are in hexes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

ROW_STEP = math.sqrt(3) / 2
_R = 1 / math.sqrt(3)  # circumradius of a hex of width 1
HEX_CORNERS = np.array(
    [(0.0, _R), (0.5, _R / 2), (0.5, -_R / 2), (0.0, -_R), (-0.5, -_R / 2), (-0.5, _R / 2)]
)


def centre(row: int, col: int) -> tuple[float, float]:
    """Grid-space centre of a hex."""
    return col + (row % 2) / 2, row * ROW_STEP


def corners(row: int, col: int) -> np.ndarray:
    """The six corners of a hex in grid space (clockwise from the top)."""
    return HEX_CORNERS + np.array(centre(row, col))


def nearest(x: float, y: float) -> tuple[int, int]:
    """The (row, col) of the hex whose centre is nearest to a grid-space point."""
    base = round(y / ROW_STEP)
    best: tuple[float, int, int] | None = None
    for row in (base - 1, base, base + 1):
        col = round(x - (row % 2) / 2)
        cx, cy = centre(row, col)
        dist = math.hypot(x - cx, y - cy)
        if best is None or dist < best[0]:
            best = (dist, row, col)
    assert best is not None
    return best[1], best[2]


@dataclass(frozen=True)
class Affine:
    """Grid = M @ (x, y, 1): a least-squares affine map from projected metres to grid space."""

    matrix: np.ndarray  # 2 x 3

    @classmethod
    def fit(cls, xy: np.ndarray, grid: np.ndarray) -> Affine:
        design = np.column_stack([xy, np.ones(len(xy))])
        solution, *_ = np.linalg.lstsq(design, grid, rcond=None)
        return cls(solution.T)

    def forward(self, xy: np.ndarray) -> np.ndarray:
        return xy @ self.matrix[:, :2].T + self.matrix[:, 2]

    def inverse(self, grid: np.ndarray) -> np.ndarray:
        return np.linalg.solve(self.matrix[:, :2], (grid - self.matrix[:, 2]).T).T


def leave_one_out(xy: np.ndarray, grid: np.ndarray) -> np.ndarray:
    """For each control point, the distance in hexes from its hex centre to where the fit made
    without it puts it."""
    errors = []
    for i in range(len(xy)):
        keep = np.arange(len(xy)) != i
        predicted = Affine.fit(xy[keep], grid[keep]).forward(xy[i : i + 1])[0]
        errors.append(float(np.hypot(*(predicted - grid[i]))))
    return np.array(errors)
