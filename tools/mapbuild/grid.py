"""Hex geometry of an offset grid and the fit of the grid to a projection.

Grid space: hex width 1, pointy-topped hexes in rows; row ``r`` (rising northward), column ``c``
has its centre at ``(c + r % 2 / 2, r * sqrt(3) / 2)``, so odd rows sit half a hex east. Distances
in grid space are in hexes.

The fit (``MapFit``) treats all sheets as one printed map: one least-squares map from the base
projection to a common grid, of one of the ``MODELS``: a full affine map (6 parameters), or a
north-up map with no rotation or shear (``axis_aligned``: a scale per axis and an offset, 4
parameters), or a similarity (one scale, a rotation and an offset, 4 parameters). Each sheet's
own grid is the common grid shifted by whole columns and an even number of rows (so the odd-row
offset is kept). The shifts are estimated from the control points (a joint fit of the same model
with a free offset per sheet) and rounded. Each sheet may
add a thin-plate-spline warp (scipy's ``RBFInterpolator``) fitted to its own points' residuals: a
smooth correction in grid space (each sheet was drawn on its own, so its distortions are its
own). A warp's smoothing is chosen by the leave-one-out (LOO) error over the sheet's points, and
the warp is kept only if that whole procedure, scored on points it never saw (nested LOO),
predicts the sheet's points better than the fit without a warp. Scoring is always LOO: every step
that looks at the data, the shifts included, is redone without the point.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from scipy.interpolate import RBFInterpolator

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


def _axis_aligned(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, Callable]:
    zero = np.zeros_like(x)
    return np.column_stack([x, zero]), np.column_stack([zero, y]), lambda p: [[p[0], 0], [0, p[1]]]


def _similarity(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray, Callable]:
    return (
        np.column_stack([x, -y]),
        np.column_stack([y, x]),
        lambda p: [[p[0], -p[1]], [p[1], p[0]]],
    )


# Restricted models: per model, the columns of the grid-x and grid-y equations for the
# parameters of the 2 x 2 linear part, and that part from the parameters.
RESTRICTED = {"axis_aligned": _axis_aligned, "similarity": _similarity}
MODELS = ("affine", *RESTRICTED)


def solve_linear(
    xy: np.ndarray, grid: np.ndarray, groups: np.ndarray, model: str
) -> tuple[np.ndarray, np.ndarray]:
    """Least squares of grid = L @ xy + the offset of the point's group (``groups``: one-hot,
    points x groups), L of the given model: L (2 x 2) and the offsets (groups x 2)."""
    if model == "affine":  # the two grid axes are independent problems
        solution, *_ = np.linalg.lstsq(np.column_stack([xy, groups]), grid, rcond=None)
        return solution[:2].T, solution[2:]
    for_x, for_y, linear = RESTRICTED[model](xy[:, 0], xy[:, 1])
    n, zero = groups.shape[1], np.zeros_like(groups)
    design = np.vstack(
        [np.column_stack([for_x, groups, zero]), np.column_stack([for_y, zero, groups])]
    )
    solution, *_ = np.linalg.lstsq(design, np.concatenate([grid[:, 0], grid[:, 1]]), rcond=None)
    return np.array(linear(solution[: -2 * n]), dtype=float), solution[-2 * n :].reshape(2, n).T


@dataclass(frozen=True)
class Affine:
    """Grid = M @ (x, y, 1): a least-squares map of one of the ``MODELS`` from projected metres
    to grid space."""

    matrix: np.ndarray  # 2 x 3

    @classmethod
    def fit(cls, xy: np.ndarray, grid: np.ndarray, model: str = "affine") -> Affine:
        linear, offsets = solve_linear(xy, grid, np.ones((len(xy), 1)), model)
        return cls(np.column_stack([linear, offsets[0]]))

    def forward(self, xy: np.ndarray) -> np.ndarray:
        return xy @ self.matrix[:, :2].T + self.matrix[:, 2]

    def inverse(self, grid: np.ndarray) -> np.ndarray:
        return np.linalg.solve(self.matrix[:, :2], (grid - self.matrix[:, 2]).T).T


WARP_SMOOTHING = (0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0)
WARP_KERNEL = "thin_plate_spline"
INVERSE_STEPS = 30


@dataclass(frozen=True)
class Controls:
    """Control points: base-projection coordinates, the centre of each point's hex in its own
    sheet's grid, and the index of that sheet (sheet 0 is the reference of the common grid)."""

    xy: np.ndarray
    grid: np.ndarray
    sheet: np.ndarray

    def without(self, i: int) -> Controls:
        keep = np.arange(len(self.xy)) != i
        return Controls(self.xy[keep], self.grid[keep], self.sheet[keep])


def sheet_shifts(controls: Controls, n_sheets: int, model: str = "affine") -> np.ndarray:
    """Per sheet, (whole columns, even rows) from the common grid to the sheet's own grid: the
    offsets of a joint fit of the model with a free translation per sheet, rounded."""
    onehot = (controls.sheet[:, None] == np.arange(n_sheets)).astype(float)
    _, solved = solve_linear(controls.xy, controls.grid, onehot, model)
    offsets = solved - solved[0]
    cols = np.round(offsets[:, 0])
    rows = 2 * np.round(offsets[:, 1] / ROW_STEP / 2)
    return np.column_stack([cols, rows]).astype(int)


Smoothing = tuple[float | None, ...]  # per sheet; None: no warp on that sheet


@dataclass(frozen=True)
class MapFit:
    """Sheet grid = model(xy) + the sheet's warp, if any + the sheet's shift (module docstring)."""

    affine: Affine
    shifts: np.ndarray  # n_sheets x 2: (columns, rows)
    warps: tuple[RBFInterpolator | None, ...]

    @classmethod
    def fit(cls, controls: Controls, smoothing: Smoothing, model: str = "affine") -> MapFit:
        shifts = sheet_shifts(controls, len(smoothing), model)
        common = controls.grid - _offsets(shifts)[controls.sheet]
        affine = Affine.fit(controls.xy, common, model)
        at = affine.forward(controls.xy)
        warps = []
        for sheet, value in enumerate(smoothing):
            mine = controls.sheet == sheet
            warps.append(
                None
                if value is None
                else RBFInterpolator(
                    at[mine], common[mine] - at[mine], kernel=WARP_KERNEL, smoothing=value
                )
            )
        return cls(affine, shifts, tuple(warps))

    def forward(self, xy: np.ndarray, sheet: int) -> np.ndarray:
        at = self.affine.forward(xy)
        warp = self.warps[sheet]
        if warp is not None:
            at = at + warp(at)
        return at + _offsets(self.shifts)[sheet]

    def inverse(self, grid: np.ndarray, sheet: int) -> np.ndarray:
        target = grid - _offsets(self.shifts)[sheet]
        at, warp = target, self.warps[sheet]
        if warp is not None:  # fixed point of at + warp(at) = target (the warp is smooth)
            for _ in range(INVERSE_STEPS):
                at = target - warp(at)
        return self.affine.inverse(at)


def _offsets(shifts: np.ndarray) -> np.ndarray:
    return shifts * np.array([1.0, ROW_STEP])


def leave_one_out(
    controls: Controls,
    smoothing: Smoothing,
    points: np.ndarray | None = None,
    model: str = "affine",
) -> np.ndarray:
    """For each control point (or each of ``points``), the distance in hexes from its hex centre
    to where the fit made without it puts it."""
    errors = []
    for i in range(len(controls.xy)) if points is None else points:
        fit = MapFit.fit(controls.without(i), smoothing, model)
        predicted = fit.forward(controls.xy[i : i + 1], int(controls.sheet[i]))[0]
        errors.append(float(np.hypot(*(predicted - controls.grid[i]))))
    return np.array(errors)


def only_on(sheet: int, value: float | None, n_sheets: int) -> Smoothing:
    return tuple(value if k == sheet else None for k in range(n_sheets))


def tuned_smoothing(
    controls: Controls, sheet: int, n_sheets: int, model: str = "affine"
) -> tuple[float | None, dict]:
    """The smoothing of one sheet's warp (None: no warp) with the lowest mean LOO error over
    that sheet's points, and the mean for every candidate."""
    points = np.flatnonzero(controls.sheet == sheet)
    means = {
        value: float(
            np.mean(leave_one_out(controls, only_on(sheet, value, n_sheets), points, model))
        )
        for value in (None, *WARP_SMOOTHING)
    }
    return min(means, key=lambda v: (means[v], v is not None)), means


def nested_warp_errors(
    controls: Controls, sheet: int, n_sheets: int, model: str = "affine"
) -> np.ndarray:
    """LOO errors over one sheet's points of the whole warp procedure: the smoothing is tuned
    without the point that is scored."""
    errors = []
    for i in np.flatnonzero(controls.sheet == sheet):
        rest = controls.without(i)
        value = tuned_smoothing(rest, sheet, n_sheets, model)[0]
        fit = MapFit.fit(rest, only_on(sheet, value, n_sheets), model)
        predicted = fit.forward(controls.xy[i : i + 1], sheet)[0]
        errors.append(float(np.hypot(*(predicted - controls.grid[i]))))
    return np.array(errors)
