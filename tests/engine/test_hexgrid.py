"""Hex grid geometry: printed ids, adjacency, distance, rings, lines and drawing."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargame.engine.board import HexGrid, HexLayout, IdOrder, RowsGrow, Sheet

# Every layout with both id orders, plus a grid of two side-by-side sheets.
GRIDS = [HexGrid(layout, id_order=order) for layout in HexLayout for order in IdOrder] + [
    HexGrid(layout, sheets=[("a", 0, 0), ("b", 100, 0)]) for layout in ("odd-q", "even-q")
]


def empire_of_the_sun() -> HexGrid:
    return HexGrid(HexLayout.ODD_Q)


def dai_senso() -> HexGrid:
    # Sheet offsets here are illustrative: they only need to keep the sheets apart.
    return HexGrid(
        HexLayout.ODD_R,
        id_order=IdOrder.ROW_COL,
        sheets=[Sheet("w"), Sheet("e", 100, 0)],
        rows_grow=RowsGrow.UP,
    )


def column_range(grid: HexGrid) -> int:
    return 100 * len(grid.sheets)


@st.composite
def grid_with_hexes(draw: st.DrawFn, count: int, margin: int = 0) -> tuple[HexGrid, list[str]]:
    """A grid and ``count`` hex ids at least ``margin`` hexes inside the numbered area."""
    grid = draw(st.sampled_from(GRIDS))
    cols = st.integers(margin, column_range(grid) - 1 - margin)
    rows = st.integers(margin, 99 - margin)
    return grid, [grid.format(draw(cols), draw(rows)) for _ in range(count)]


# -- known facts -----------------------------------------------------------------


def test_empire_of_the_sun_neighbours_of_2220() -> None:
    grid = empire_of_the_sun()
    assert grid.neighbours("2220") == ["2219", "2319", "2320", "2221", "2120", "2119"]
    assert grid.direction_names == ("N", "NE", "SE", "S", "SW", "NW")


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("4612", "5108", 6),  # Wake - Midway
        ("3706", "3709", 3),  # Tokyo - Iwo Jima
        ("2212", "2015", 4),  # Saigon - Singapore
        ("2112", "2015", 3),  # Kota Bharu - Singapore
        ("2915", "2813", 3),  # Davao - Manila
    ],
)
def test_empire_of_the_sun_distances(a: str, b: str, distance: int) -> None:
    assert empire_of_the_sun().distance(a, b) == distance


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("w4313", "w4216", 3),  # Dacca - Lashio
        ("w4313", "w4016", 4),  # Dacca - Chiang Mai
        ("e3009", "e2908", 1),
        ("w2717", "w2818", 1),
    ],
)
def test_dai_senso_distances(a: str, b: str, distance: int) -> None:
    assert dai_senso().distance(a, b) == distance


@given(st.sampled_from("we"), st.integers(1, 98), st.integers(1, 98))
def test_dai_senso_neighbour_rule(prefix: str, row: int, col: int) -> None:
    """(AA,BB) touches (AA,BB±1), (AA±1,BB) and (AA±1,BB+1) if AA is odd, else (AA±1,BB-1)."""
    shift = 1 if row % 2 else -1
    expected = {(row, col - 1), (row, col + 1)}
    expected |= {(row + dr, c) for dr in (-1, 1) for c in (col, col + shift)}
    grid = dai_senso()
    hex_id = f"{prefix}{row:02}{col:02}"
    assert set(grid.neighbours(hex_id)) == {f"{prefix}{r:02}{c:02}" for r, c in expected}


def test_dai_senso_direction_names_follow_rows_growing_north() -> None:
    grid = dai_senso()
    assert grid.direction_names == ("SE", "E", "NE", "NW", "W", "SW")
    assert grid.direction_names[grid.direction("w2717", "w2818") or 0] == "NE"
    assert grid.direction_names[grid.direction("e3009", "e2908") or 0] == "SW"
    north_x, north_y = grid.centre("w2818")
    south_x, south_y = grid.centre("w2717")
    assert north_y < south_y and north_x > south_x


def test_sheets_join_across_their_edge() -> None:
    grid = dai_senso()
    assert "e2800" in grid.neighbours("w2799")
    assert grid.distance("w2799", "e2802") == 3


# -- ids ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hex_id", "message"),
    [
        ("222", "'222' has 3 characters"),
        ("22a0", "'22a0' does not end in 4 digits"),
        ("x2220", "'x2220' has 5 characters"),
    ],
)
def test_parse_rejects_bad_ids(hex_id: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        empire_of_the_sun().parse(hex_id)


def test_parse_rejects_unknown_prefix() -> None:
    with pytest.raises(ValueError, match=r"'n2518' has unknown sheet prefix 'n'"):
        dai_senso().parse("n2518")


def test_parse_reads_columns_and_rows_in_id_order() -> None:
    assert HexGrid(id_order="col-row").parse("2220") == (22, 20)
    assert HexGrid(id_order="row-col").parse("2220") == (20, 22)
    assert HexGrid(col_digits=3, row_digits=2).parse("12305") == (123, 5)
    assert dai_senso().parse("e2518") == (118, 25)
    assert dai_senso().format(118, 25) == "e2518"


def test_format_rejects_unwritable_positions() -> None:
    with pytest.raises(ValueError, match="column -1, row 5"):
        empire_of_the_sun().format(-1, 5)
    with pytest.raises(ValueError, match="column 100, row 5"):
        empire_of_the_sun().format(100, 5)


def test_odd_offset_on_the_shoved_axis_is_rejected() -> None:
    with pytest.raises(ValueError, match="odd column offset"):
        HexGrid("odd-q", sheets=[("a", 0, 0), ("b", 25, 0)])
    with pytest.raises(ValueError, match="odd row offset"):
        HexGrid("even-r", sheets=[("a", 0, 0), ("b", 0, 3)])
    HexGrid("odd-q", sheets=[("a", 0, 0), ("b", 24, 3)])
    HexGrid("odd-r", sheets=[("a", 0, 0), ("b", 25, 2)])


def test_duplicate_prefixes_and_bad_digits_are_rejected() -> None:
    with pytest.raises(ValueError, match="distinct"):
        HexGrid(sheets=[("a", 0, 0), ("a", 10, 0)])
    with pytest.raises(ValueError, match="at least 1"):
        HexGrid(col_digits=0)


def test_first_sheet_writes_positions_where_sheets_overlap() -> None:
    grid = HexGrid("odd-q", sheets=[("a", 0, 0), ("b", 50, 0)])
    assert grid.format(*grid.parse("b0101")) == "a5101"
    assert grid.format(120, 1) == "b7001"


@given(grid_with_hexes(1))
def test_parse_format_round_trip(case: tuple[HexGrid, list[str]]) -> None:
    grid, (hex_id,) = case
    assert grid.format(*grid.parse(hex_id)) == hex_id


@given(grid_with_hexes(1))
def test_cube_round_trip(case: tuple[HexGrid, list[str]]) -> None:
    grid, (hex_id,) = case
    q, r, s = grid.to_cube(hex_id)
    assert q + r + s == 0
    assert grid.from_cube((q, r, s)) == hex_id


def test_from_cube_rejects_bad_cubes() -> None:
    with pytest.raises(ValueError, match="sum to zero"):
        empire_of_the_sun().from_cube((1, 1, 1))


def test_contains() -> None:
    grid = empire_of_the_sun()
    assert "2220" in grid
    assert "22x0" not in grid
    assert 2220 not in grid


# -- distance and adjacency properties ------------------------------------------


@given(grid_with_hexes(2))
def test_distance_is_symmetric_and_zero_on_itself(case: tuple[HexGrid, list[str]]) -> None:
    grid, (a, b) = case
    assert grid.distance(a, b) == grid.distance(b, a)
    assert grid.distance(a, a) == 0
    assert (grid.distance(a, b) == 0) == (a == b)


@given(grid_with_hexes(3))
def test_triangle_inequality(case: tuple[HexGrid, list[str]]) -> None:
    grid, (a, b, c) = case
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)


@given(grid_with_hexes(1, margin=1))
def test_six_neighbours_all_at_distance_one(case: tuple[HexGrid, list[str]]) -> None:
    grid, (hex_id,) = case
    around = grid.neighbours(hex_id)
    assert len(set(around)) == 6
    assert all(grid.distance(hex_id, other) == 1 for other in around)


@given(grid_with_hexes(1, margin=1), st.integers(0, 5))
def test_direction_inverts_neighbour(case: tuple[HexGrid, list[str]], index: int) -> None:
    grid, (hex_id,) = case
    other = grid.neighbour(hex_id, index)
    assert other is not None
    assert grid.neighbours(hex_id)[index] == other
    assert grid.direction(hex_id, other) == index
    assert grid.direction(other, hex_id) == (index + 3) % 6


@given(grid_with_hexes(2))
def test_direction_is_none_unless_adjacent(case: tuple[HexGrid, list[str]]) -> None:
    grid, (a, b) = case
    assert (grid.direction(a, b) is not None) == (grid.distance(a, b) == 1)


def test_neighbour_rejects_bad_direction() -> None:
    with pytest.raises(ValueError, match="0-5"):
        empire_of_the_sun().neighbour("2220", 6)


def test_edge_hexes_have_fewer_neighbours() -> None:
    grid = empire_of_the_sun()
    assert grid.neighbours("0000") == ["0100", "0001"]
    assert grid.neighbour("0000", 0) is None


# -- hexsides ----------------------------------------------------------------


@given(grid_with_hexes(1, margin=1), st.integers(0, 5))
def test_hexside_is_symmetric(case: tuple[HexGrid, list[str]], index: int) -> None:
    grid, (hex_id,) = case
    other = grid.neighbour(hex_id, index)
    assert other is not None
    assert grid.hexside(hex_id, other) == grid.hexside(other, hex_id)
    assert grid.hexsides(hex_id)[index] == grid.hexside(hex_id, other)


def test_hexside_keys() -> None:
    grid = empire_of_the_sun()
    assert grid.hexside("2220", "2219") == "2219|2220"
    assert grid.hexsides("2220")[3] == "2220|2221"
    with pytest.raises(ValueError, match="not adjacent"):
        grid.hexside("2220", "2222")


# -- rings, areas and lines ------------------------------------------------------


@given(grid_with_hexes(1, margin=8), st.integers(0, 8))
def test_ring_holds_6k_hexes_at_distance_k(case: tuple[HexGrid, list[str]], k: int) -> None:
    grid, (center,) = case
    ring = grid.ring(center, k)
    assert len(set(ring)) == len(ring) == max(1, 6 * k)
    assert all(grid.distance(center, hex_id) == k for hex_id in ring)
    assert all(grid.distance(a, b) == 1 for a, b in zip(ring[1:], ring[:-1], strict=True))


@given(grid_with_hexes(1, margin=5), st.integers(0, 5))
def test_within_is_every_hex_in_range(case: tuple[HexGrid, list[str]], k: int) -> None:
    grid, (center,) = case
    area = grid.within(center, k)
    assert area[0] == center
    assert len(set(area)) == len(area) == 1 + 3 * k * (k + 1)
    assert all(grid.distance(center, hex_id) <= k for hex_id in area)


def test_ring_order_and_negative_radius() -> None:
    grid = empire_of_the_sun()
    assert grid.ring("2220", 1) == ["2120", "2119", "2219", "2319", "2320", "2221"]
    with pytest.raises(ValueError, match="negative"):
        grid.ring("2220", -1)
    with pytest.raises(ValueError, match="negative"):
        grid.within("2220", -1)


@given(grid_with_hexes(2))
def test_line_steps_through_adjacent_hexes(case: tuple[HexGrid, list[str]]) -> None:
    grid, (a, b) = case
    line = grid.line(a, b)
    assert len(line) == grid.distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert all(grid.distance(x, y) == 1 for x, y in itertools.pairwise(line))


@given(grid_with_hexes(2))
def test_line_is_the_same_both_ways(case: tuple[HexGrid, list[str]]) -> None:
    grid, (a, b) = case
    assert grid.line(b, a) == grid.line(a, b)[::-1]


def test_line_off_the_board_is_an_error() -> None:
    board = HexGrid("odd-q", hexes=["0101", "0103", "0202", "0203"])  # 0102 is missing
    with pytest.raises(ValueError, match="leaves the map"):
        board.line("0101", "0103")


def test_line_along_a_hexside_at_the_edge_keeps_to_the_map() -> None:
    grid = empire_of_the_sun()
    assert grid.line("0399", "0199") == ["0399", "0299", "0199"]


def test_straight_line_along_a_column() -> None:
    assert empire_of_the_sun().line("3706", "3709") == ["3706", "3707", "3708", "3709"]


# -- a board with a given set of hexes -------------------------------------------


def small_board() -> HexGrid:
    hexes = [f"{col:02}{row:02}" for col in range(1, 6) for row in range(1, 5)]
    return HexGrid("odd-q", hexes=hexes)


def test_board_limits_neighbours_and_rings() -> None:
    board = small_board()
    assert board.neighbours("0101") == ["0201", "0202", "0102"]
    assert board.neighbour("0101", 0) is None
    assert board.ring("0101", 1) == ["0201", "0202", "0102"]
    assert len(board.within("0303", 5)) == 20


def test_board_rejects_ids_off_the_board() -> None:
    board = small_board()
    with pytest.raises(ValueError, match="'0909' is not on the board"):
        board.neighbours("0909")
    with pytest.raises(ValueError, match="no hex id for column 9"):
        board.format(9, 9)
    assert "0909" not in board
    assert "0505" not in board and "0504" in board


def test_board_rejects_two_ids_for_one_position() -> None:
    with pytest.raises(ValueError, match="same position"):
        HexGrid(sheets=[("a", 0, 0), ("b", 10, 0)], hexes=["a1101", "b0101"])


def test_board_hexes_are_exposed() -> None:
    assert small_board().hexes is not None
    assert empire_of_the_sun().hexes is None


# -- drawing -------------------------------------------------------------------


def close(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return math.isclose(p[0], q[0], abs_tol=1e-9) and math.isclose(p[1], q[1], abs_tol=1e-9)


@pytest.mark.parametrize("layout", list(HexLayout))
@pytest.mark.parametrize("rows_grow", list(RowsGrow))
def test_corners_surround_the_centre(layout: HexLayout, rows_grow: RowsGrow) -> None:
    grid = HexGrid(layout, rows_grow=rows_grow)
    x, y = grid.centre("0505")
    corners = grid.corners("0505")
    assert len(corners) == 6
    assert all(math.isclose(math.hypot(cx - x, cy - y), 1.0) for cx, cy in corners)


@pytest.mark.parametrize("layout", list(HexLayout))
@pytest.mark.parametrize("rows_grow", list(RowsGrow))
def test_edge_to_neighbour_d_joins_corners_d_and_d_plus_1(
    layout: HexLayout, rows_grow: RowsGrow
) -> None:
    grid = HexGrid(layout, rows_grow=rows_grow)
    corners = grid.corners("0505")
    for index, other in enumerate(grid.neighbours("0505")):
        (ax, ay), (bx, by) = corners[index], corners[(index + 1) % 6]
        (px, py), (qx, qy) = grid.centre("0505"), grid.centre(other)
        assert close(((ax + bx) / 2, (ay + by) / 2), ((px + qx) / 2, (py + qy) / 2))
        assert math.isclose(math.hypot(qx - px, qy - py), math.sqrt(3))


def test_drawing_matches_layout_names() -> None:
    flat = empire_of_the_sun()
    assert close(flat.centre("0000"), (0.0, 0.0))
    assert flat.centre("0100")[1] > flat.centre("0000")[1]  # odd column shoved down
    assert flat.centre("0001")[1] > flat.centre("0000")[1]  # rows grow down
    pointy = HexGrid("even-r")
    assert pointy.centre("0000")[0] > pointy.centre("0001")[0]  # even row shoved right
    up = HexGrid("odd-q", rows_grow="up")
    assert up.centre("0001")[1] < up.centre("0000")[1]  # rows grow up
    assert up.direction_names == ("S", "SE", "NE", "N", "NW", "SW")
