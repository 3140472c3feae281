"""Hex grids addressed by the hex ids printed on a map.

Positions live in one global *offset* frame ``(col, row)``: the numbers printed in a
hex id plus the offsets of its map sheet. Geometry is done in cube coordinates
``(q, r, s)`` with ``q + r + s == 0``; ``r`` is the row axis and grows as rows grow.

Layout names describe the map drawn with rows growing down the page:

* ``odd-q`` / ``even-q``: flat-topped hexes in vertical columns, the odd / even
  columns shoved half a hex down;
* ``odd-r`` / ``even-r``: pointy-topped hexes in horizontal rows, the odd / even rows
  shoved half a hex right.

A map whose rows grow up the page (``rows_grow="up"``) has the same topology, drawn
mirrored top to bottom: only :meth:`HexGrid.centre`, :meth:`HexGrid.corners` and
:attr:`HexGrid.direction_names` change.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from enum import StrEnum
from typing import NamedTuple

Cube = tuple[int, int, int]
Position = tuple[int, int]
Point = tuple[float, float]

_SQRT3 = math.sqrt(3.0)

# Axial (dq, dr) steps to the six neighbours, in direction-index order.
_FLAT_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
_POINTY_STEPS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
_FLAT_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
_POINTY_NAMES = ("NE", "E", "SE", "SW", "W", "NW")
_MIRRORED = {"N": "S", "NE": "SE", "E": "E", "SE": "NE", "S": "N", "SW": "NW", "W": "W", "NW": "SW"}

# Angle of corner 0 (degrees, clockwise on a y-down screen): the edge towards
# neighbour ``d`` runs from corner ``d`` to corner ``d + 1``.
_FLAT_FIRST_CORNER = 240.0
_POINTY_FIRST_CORNER = 270.0

# Nudge for line drawing so that points exactly on a hexside round consistently.
_LINE_NUDGE = (1e-6, 2e-6, -3e-6)
WITHIN_KEPT = 8192  # disks kept by a grid (all forgotten when full)


class HexLayout(StrEnum):
    """Which columns (``-q``) or rows (``-r``) are shoved half a hex."""

    ODD_Q = "odd-q"
    EVEN_Q = "even-q"
    ODD_R = "odd-r"
    EVEN_R = "even-r"

    @property
    def flat_top(self) -> bool:
        return self in (HexLayout.ODD_Q, HexLayout.EVEN_Q)

    @property
    def shoves_odd(self) -> bool:
        return self in (HexLayout.ODD_Q, HexLayout.ODD_R)


class IdOrder(StrEnum):
    """Whether a hex id prints the column first (``CCRR``) or the row first (``RRCC``)."""

    COL_ROW = "col-row"
    ROW_COL = "row-col"


class RowsGrow(StrEnum):
    """Which way row numbers grow on the printed map."""

    DOWN = "down"
    UP = "up"


class Sheet(NamedTuple):
    """A map sheet: its id prefix and where its column/row numbers sit in the global frame."""

    prefix: str = ""
    col_offset: int = 0
    row_offset: int = 0


class HexGrid:
    """A hex map whose hexes are named by printed ids such as ``"2220"`` or ``"w2518"``.

    ``hexes``, when given, is the set of ids on the board: other ids raise
    ``ValueError`` and neighbours / rings skip hexes off the board. Without it the grid
    is unbounded except that ids must be writable (no negative numbers, fixed digits);
    a position covered by several sheets is written with the first such sheet.

    Directions are numbered 0-5 in :meth:`neighbours` order; ``direction_names[d]``
    names direction ``d`` as seen on the printed map (so it depends on ``rows_grow``).
    """

    def __init__(
        self,
        layout: HexLayout | str = HexLayout.ODD_Q,
        *,
        id_order: IdOrder | str = IdOrder.COL_ROW,
        col_digits: int = 2,
        row_digits: int = 2,
        sheets: Iterable[Sheet | tuple[str, int, int]] | None = None,
        hexes: Iterable[str] | None = None,
        rows_grow: RowsGrow | str = RowsGrow.DOWN,
    ) -> None:
        if col_digits < 1 or row_digits < 1:
            raise ValueError(f"digit counts must be at least 1, not {col_digits}+{row_digits}")
        self.layout = HexLayout(layout)
        self.id_order = IdOrder(id_order)
        self.col_digits = col_digits
        self.row_digits = row_digits
        self.rows_grow = RowsGrow(rows_grow)
        self.sheets = self._checked_sheets(sheets)
        self._sheet_by_prefix = {sheet.prefix: sheet for sheet in self.sheets}
        self._id_lengths = sorted({len(s.prefix) + col_digits + row_digits for s in self.sheets})
        self._flat = self.layout.flat_top
        self._shove = -1 if self.layout.shoves_odd else 1
        self._steps = _FLAT_STEPS if self._flat else _POINTY_STEPS
        self._step_index = {step: index for index, step in enumerate(self._steps)}
        names: tuple[str, ...] = _FLAT_NAMES if self._flat else _POINTY_NAMES
        if self.rows_grow is RowsGrow.UP:
            names = tuple(_MIRRORED[name] for name in names)
        self.direction_names = names
        self._positions: dict[str, Position] = {}
        self._ids: dict[Position, str] = {}
        self._cubes: dict[str, Cube] = {}
        self._around: dict[str, tuple[str | None, ...]] = {}
        self._neighbours: dict[str, tuple[str, ...]] = {}
        self._within: dict[tuple[str, int], tuple[str, ...]] = {}
        self.hexes: frozenset[str] | None = None
        if hexes is not None:
            self._place_board(hexes)

    def __repr__(self) -> str:
        board = "unbounded" if self.hexes is None else f"{len(self.hexes)} hexes"
        return f"HexGrid({self.layout}, {self.id_order}, {board})"

    def __contains__(self, hex_id: object) -> bool:
        if not isinstance(hex_id, str):
            return False
        try:
            self.parse(hex_id)
        except ValueError:
            return False
        return True

    # -- ids -----------------------------------------------------------------

    def parse(self, hex_id: str) -> Position:
        """The global ``(col, row)`` of ``hex_id``."""
        try:
            return self._positions[hex_id]
        except KeyError:
            pass
        position = self._read_id(hex_id)
        if self.hexes is not None:
            raise ValueError(f"hex {hex_id!r} is not on the board")
        self._positions[hex_id] = position
        return position

    def format(self, col: int, row: int) -> str:
        """The id of the hex at global ``(col, row)``."""
        hex_id = self._find_id(col, row)
        if hex_id is None:
            raise ValueError(f"no hex id for column {col}, row {row} on this map")
        return hex_id

    def to_cube(self, hex_id: str) -> Cube:
        try:
            return self._cubes[hex_id]
        except KeyError:
            pass
        q, r = self._axial(*self.parse(hex_id))
        cube = (q, r, -q - r)
        self._cubes[hex_id] = cube
        return cube

    def from_cube(self, cube: Cube) -> str:
        q, r, s = cube
        if q + r + s != 0:
            raise ValueError(f"cube coordinates {cube} do not sum to zero")
        return self.format(*self._offset(q, r))

    # -- adjacency -----------------------------------------------------------

    def neighbours(self, hex_id: str) -> list[str]:
        """Adjacent hexes in direction-index order, skipping those off the map.

        Flat-topped: N, NE, SE, S, SW, NW; pointy-topped: NE, E, SE, SW, W, NW (names
        as drawn with rows growing down; see :attr:`direction_names`).
        """
        try:
            return list(self._neighbours[hex_id])
        except KeyError:
            self._fill_around(hex_id)
            return list(self._neighbours[hex_id])

    def neighbour(self, hex_id: str, direction_index: int) -> str | None:
        """The neighbour in direction ``direction_index`` (0-5), or None if off the map."""
        if not 0 <= direction_index < 6:
            raise ValueError(f"direction index must be 0-5, not {direction_index}")
        try:
            around = self._around[hex_id]
        except KeyError:
            around = self._fill_around(hex_id)
        return around[direction_index]

    def direction(self, a: str, b: str) -> int | None:
        """The direction index of ``b`` seen from ``a``, or None if not adjacent."""
        qa, ra, _ = self.to_cube(a)
        qb, rb, _ = self.to_cube(b)
        return self._step_index.get((qb - qa, rb - ra))

    def distance(self, a: str, b: str) -> int:
        try:
            qa, ra, sa = self._cubes[a]
            qb, rb, sb = self._cubes[b]
        except KeyError:
            qa, ra, sa = self.to_cube(a)
            qb, rb, sb = self.to_cube(b)
        return (abs(qa - qb) + abs(ra - rb) + abs(sa - sb)) >> 1

    def ring(self, center: str, radius: int) -> list[str]:
        """Hexes at exactly ``radius`` from ``center``, walking round in direction order."""
        if radius < 0:
            raise ValueError(f"ring radius must not be negative, not {radius}")
        q, r, _ = self.to_cube(center)
        if radius == 0:
            return [center]
        start_q, start_r = self._steps[4]
        q, r = q + start_q * radius, r + start_r * radius
        found = []
        ids, flat, shove = self._ids, self._flat, self._shove
        for step_q, step_r in self._steps:
            for _ in range(radius):  # _find_id(*_offset(q, r)), without two calls per hex
                if flat:
                    position = q, r + (q + shove * (q & 1)) // 2
                else:
                    position = q + (r + shove * (r & 1)) // 2, r
                hex_id = ids.get(position)
                if hex_id is None and self.hexes is None:
                    hex_id = self._find_id(*position)
                if hex_id is not None:
                    found.append(hex_id)
                q, r = q + step_q, r + step_r
        return found

    def within(self, center: str, radius: int) -> list[str]:
        """Hexes at most ``radius`` from ``center``, centre first, then ring by ring (kept for
        the grid: the map's range and ZOI tables ask the same disks)."""
        if radius < 0:
            raise ValueError(f"radius must not be negative, not {radius}")
        key = (center, radius)
        found = self._within.get(key)
        if found is None:
            if len(self._within) >= WITHIN_KEPT:
                self._within.clear()
            found = tuple(hex_id for k in range(radius + 1) for hex_id in self.ring(center, k))
            self._within[key] = found
        return list(found)

    def hexside(self, a: str, b: str) -> str:
        """Order-independent key of the edge between adjacent hexes, e.g. ``"2219|2220"``."""
        if self.direction(a, b) is None:
            raise ValueError(f"hexes {a!r} and {b!r} are not adjacent")
        return _hexside_key(a, b)

    def hexsides(self, hex_id: str) -> list[str]:
        """Keys of the edges to each neighbour on the map, in direction order."""
        return [_hexside_key(hex_id, other) for other in self.neighbours(hex_id)]

    def line(self, a: str, b: str) -> list[str]:
        """Hexes a straight line from ``a`` to ``b`` passes through, both ends included.

        A line running along a hexside takes one side, the same whichever end it starts
        from, or the other side if the first leaves the map; ``ValueError`` if both do.
        """
        steps = self.distance(a, b)
        if steps == 0:
            return [a]
        for side in (1.0, -1.0):
            hexes = self._nudged_line(a, b, steps, side)
            if hexes is not None:
                return hexes
        raise ValueError(f"the line from {a!r} to {b!r} leaves the map")

    # -- drawing -------------------------------------------------------------

    def centre(self, hex_id: str) -> Point:
        """Drawing position of the hex centre; unit = circumradius, y grows down the screen."""
        return self._screen(self._centre_rows_down(hex_id))

    def corners(self, hex_id: str) -> list[Point]:
        """The six corners; the edge to neighbour ``d`` runs from corner ``d`` to ``d + 1``."""
        x, y = self._centre_rows_down(hex_id)
        first = _FLAT_FIRST_CORNER if self._flat else _POINTY_FIRST_CORNER
        angles = [math.radians(first + 60.0 * i) for i in range(6)]
        return [self._screen((x + math.cos(a), y + math.sin(a))) for a in angles]

    # -- internals -----------------------------------------------------------

    def _checked_sheets(
        self, sheets: Iterable[Sheet | tuple[str, int, int]] | None
    ) -> tuple[Sheet, ...]:
        checked = tuple(Sheet(*sheet) for sheet in sheets) if sheets is not None else (Sheet(),)
        if not checked:
            raise ValueError("a hex grid needs at least one sheet")
        prefixes = [sheet.prefix for sheet in checked]
        if len(set(prefixes)) != len(prefixes):
            raise ValueError(f"sheet prefixes must be distinct: {prefixes}")
        for sheet in checked:
            self._check_parity(sheet)
        return checked

    def _check_parity(self, sheet: Sheet) -> None:
        axis, offset = ("column", sheet.col_offset)
        if not self.layout.flat_top:
            axis, offset = ("row", sheet.row_offset)
        if offset % 2:
            raise ValueError(
                f"sheet {sheet.prefix!r} has an odd {axis} offset ({offset}): on an "
                f"{self.layout} grid that would swap which {axis}s are shoved; "
                f"use an even {axis} offset"
            )

    def _place_board(self, hexes: Iterable[str]) -> None:
        for hex_id in hexes:
            position = self._read_id(hex_id)
            if position in self._ids:
                raise ValueError(
                    f"hexes {self._ids[position]!r} and {hex_id!r} are the same position"
                )
            self._positions[hex_id] = position
            self._ids[position] = hex_id
        self.hexes = frozenset(self._positions)

    def _read_id(self, hex_id: str) -> Position:
        if len(hex_id) not in self._id_lengths:
            expected = " or ".join(map(str, self._id_lengths))
            raise ValueError(f"hex id {hex_id!r} has {len(hex_id)} characters, not {expected}")
        digits = self.col_digits + self.row_digits
        prefix, number = hex_id[:-digits], hex_id[-digits:]
        if not (number.isascii() and number.isdigit()):
            raise ValueError(f"hex id {hex_id!r} does not end in {digits} digits")
        sheet = self._sheet_by_prefix.get(prefix)
        if sheet is None:
            known = ", ".join(repr(p) for p in self._sheet_by_prefix)
            raise ValueError(f"hex id {hex_id!r} has unknown sheet prefix {prefix!r} ({known})")
        if self.id_order is IdOrder.COL_ROW:
            col, row = int(number[: self.col_digits]), int(number[self.col_digits :])
        else:
            row, col = int(number[: self.row_digits]), int(number[self.row_digits :])
        return col + sheet.col_offset, row + sheet.row_offset

    def _find_id(self, col: int, row: int) -> str | None:
        position = (col, row)
        hex_id = self._ids.get(position)
        if hex_id is None and self.hexes is None:
            hex_id = self._write_id(col, row)
            if hex_id is not None:
                self._ids[position] = hex_id
        return hex_id

    def _write_id(self, col: int, row: int) -> str | None:
        col_limit, row_limit = 10**self.col_digits, 10**self.row_digits
        for sheet in self.sheets:
            local_col, local_row = col - sheet.col_offset, row - sheet.row_offset
            if 0 <= local_col < col_limit and 0 <= local_row < row_limit:
                col_text = str(local_col).zfill(self.col_digits)
                row_text = str(local_row).zfill(self.row_digits)
                if self.id_order is IdOrder.COL_ROW:
                    return sheet.prefix + col_text + row_text
                return sheet.prefix + row_text + col_text
        return None

    def _axial(self, col: int, row: int) -> tuple[int, int]:
        if self._flat:
            return col, row - (col + self._shove * (col & 1)) // 2
        return col - (row + self._shove * (row & 1)) // 2, row

    def _offset(self, q: int, r: int) -> Position:
        if self._flat:
            return q, r + (q + self._shove * (q & 1)) // 2
        return q + (r + self._shove * (r & 1)) // 2, r

    def _fill_around(self, hex_id: str) -> tuple[str | None, ...]:
        q, r, _ = self.to_cube(hex_id)
        around = tuple(self._find_id(*self._offset(q + dq, r + dr)) for dq, dr in self._steps)
        self._around[hex_id] = around
        self._neighbours[hex_id] = tuple(other for other in around if other is not None)
        return around

    def _nudged_line(self, a: str, b: str, steps: int, side: float) -> list[str] | None:
        nudge = [side * n for n in _LINE_NUDGE]
        start = [c + n for c, n in zip(self.to_cube(a), nudge, strict=True)]
        end = [c + n for c, n in zip(self.to_cube(b), nudge, strict=True)]
        hexes = []
        for i in range(steps + 1):
            q, r, _ = _round_cube(_lerp(start, end, i / steps))
            hex_id = self._find_id(*self._offset(q, r))
            if hex_id is None:
                return None
            hexes.append(hex_id)
        return hexes

    def _centre_rows_down(self, hex_id: str) -> Point:
        q, r, _ = self.to_cube(hex_id)
        if self._flat:
            return 1.5 * q, _SQRT3 * (r + q / 2)
        return _SQRT3 * (q + r / 2), 1.5 * r

    def _screen(self, point: Point) -> Point:
        x, y = point
        return (x, -y) if self.rows_grow is RowsGrow.UP else (x, y)


def _hexside_key(a: str, b: str) -> str:
    return f"{a}|{b}" if a < b else f"{b}|{a}"


def _lerp(start: list[float], end: list[float], t: float) -> list[float]:
    return [s + (e - s) * t for s, e in zip(start, end, strict=True)]


def _round_cube(point: list[float]) -> Cube:
    x, y, z = point
    q, r, s = round(x), round(y), round(z)
    q_error, r_error, s_error = abs(q - x), abs(r - y), abs(s - z)
    if q_error > r_error and q_error > s_error:
        q = -r - s
    elif r_error > s_error:
        r = -q - s
    else:
        s = -q - r
    return q, r, s
