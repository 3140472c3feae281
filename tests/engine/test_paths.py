"""Path search: costs, blocked steps, zones of control, goals, A* and determinism."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargame.engine.board import (
    AreaGraph,
    Connection,
    HexGrid,
    HexLayout,
    SearchResult,
    Space,
    reachable,
    search,
    shortest_path,
)
from wargame.engine.board.paths import (
    ShiftSteps,
    avoiding,
    bit_positions,
    breadth_first_avoiding,
    flood,
    only_into,
)

COLS, ROWS = range(1, 7), range(1, 6)
BOARD = HexGrid("odd-q", hexes=[f"{c:02}{r:02}" for c in COLS for r in ROWS])
HEXES = sorted(BOARD.hexes or ())

Costs = dict[str, int | None]


@dataclass(frozen=True)
class Board:
    """A random small board: some hexes of a 7 x 6 rectangle, each with an entry cost."""

    grid: HexGrid
    costs: Costs

    @property
    def hexes(self) -> list[str]:
        return list(self.costs)

    def step(self, _a: str, b: str) -> int | None:
        return self.costs[b]


@st.composite
def boards(draw: st.DrawFn, entry_costs: tuple[int | None, ...] = (None, 0, 1, 1, 2, 3)) -> Board:
    layout = draw(st.sampled_from(HexLayout))
    cells = [f"{c:02}{r:02}" for c in range(7) for r in range(6)]
    hexes = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=len(cells), unique=True))
    costs = {h: draw(st.sampled_from(entry_costs)) for h in hexes}
    return Board(HexGrid(layout, hexes=hexes), costs)


def enter_cost(costs: Costs) -> Callable[[str, str], int | None]:
    """Stepping into a hex costs what the hex says (None: impassable)."""
    return lambda _a, b: costs[b]


def reference_costs(
    board: Board,
    starts: Iterable[str],
    can_leave: Callable[[str], bool],
    max_cost: float,
) -> dict[str, float]:
    """Bellman-Ford: the cheapest cost of every hex within ``max_cost``."""
    start_set = set(starts)
    best = {h: (0 if h in start_set else float("inf")) for h in board.hexes}
    for _ in board.hexes:
        for a in board.hexes:
            if best[a] == float("inf") or (a not in start_set and not can_leave(a)):
                continue
            for b in board.grid.neighbours(a):
                cost = board.step(a, b)
                if cost is not None and best[a] + cost < best[b]:
                    best[b] = best[a] + cost
    return {h: c for h, c in best.items() if c <= max_cost}


def assert_valid_path(
    grid: HexGrid,
    path: list[str],
    *,
    cost: float | None,
    step: Callable[[str, str], int | None],
    starts: Iterable[str],
    can_leave: Callable[[str], bool] = lambda _h: True,
) -> None:
    assert path[0] in starts
    total = 0
    for a, b in itertools.pairwise(path):
        assert b in grid.neighbours(a)
        assert a in starts or can_leave(a)
        step_cost = step(a, b)
        assert step_cost is not None
        total += step_cost
    assert total == cost


# -- movement on a hex grid ---------------------------------------------------------


def test_blocked_hexes_and_zones_of_control() -> None:
    blocked = {"0302", "0303"}
    enemy_zoc = {"0204"}

    def within(max_cost: int) -> dict[str, float]:
        return search(
            "0203",
            BOARD.neighbours,
            can_enter=lambda _a, b: b not in blocked,
            can_leave=lambda h: h not in enemy_zoc,
            max_cost=max_cost,
        ).reached

    assert within(2) == {
        "0203": 0,
        "0202": 1,
        "0204": 1,  # may enter the zone of control but not go on from it
        "0103": 1,
        "0102": 1,
        "0201": 2,
        "0301": 2,
        "0101": 2,
        "0104": 2,
    }
    assert within(3)["0205"] == 3  # round the zone of control, through 0104
    assert "0304" not in within(3)


def test_zone_of_control_stops_movement() -> None:
    zoc = {"0302"}
    result = search("0202", BOARD.neighbours, can_leave=lambda h: h not in zoc, max_cost=3)
    assert result.cost("0302") == 1
    assert all(result.path(h)[1:-1].count("0302") == 0 for h in result.reached)


def test_start_in_zone_of_control_may_be_left() -> None:
    result = search("0202", BOARD.neighbours, can_leave=lambda _h: False, max_cost=5)
    assert set(result.reached) == {"0202", *BOARD.neighbours("0202")}


def test_max_cost_boundary_is_inclusive() -> None:
    costs: Costs = dict.fromkeys(HEXES, 2)
    result = search("0101", BOARD.neighbours, cost=enter_cost(costs), max_cost=4)
    assert max(result.reached.values()) == 4
    assert {h for h, c in result.reached.items() if c == 4} == {
        h for h in HEXES if BOARD.distance("0101", h) == 2
    }
    assert set(search("0101", BOARD.neighbours, max_cost=2).reached) == set(BOARD.within("0101", 2))
    assert search("0101", BOARD.neighbours, max_cost=0).reached == {"0101": 0}


def test_multiple_starts_take_the_nearest() -> None:
    result = search(["0101", "0605"], BOARD.neighbours)
    for hex_id in HEXES:
        nearest = min(BOARD.distance("0101", hex_id), BOARD.distance("0605", hex_id))
        assert result.cost(hex_id) == nearest
    assert result.path("0605") == ["0605"]
    assert result.path("0604")[0] == "0605"


def test_a_string_is_one_start_and_a_tuple_is_one_node() -> None:
    assert set(reachable("0101", BOARD.neighbours, max_cost=0)) == {"0101"}
    assert reachable({"0101", "0202"}, BOARD.neighbours, max_cost=0) == {"0101", "0202"}

    def line_neighbours(node: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = node
        return [(x + 1, y)] if x < 3 else []

    assert shortest_path((0, 0), (3, 0), line_neighbours) == [(0, 0), (1, 0), (2, 0), (3, 0)]


def test_no_starts_reaches_nothing() -> None:
    assert search([], BOARD.neighbours).reached == {}


# -- goals ---------------------------------------------------------------------


def test_goal_stops_the_search_early() -> None:
    result = search("0101", BOARD.neighbours, goal="0102")
    assert result.found == "0102"
    assert result.cost("0102") == 1
    assert len(result.reached) < len(HEXES)


def test_goal_predicate() -> None:
    ports = {"0405", "0601"}
    result = search("0101", BOARD.neighbours, goal=lambda h: h in ports)
    assert result.found == "0601"
    assert result.cost("0601") == BOARD.distance("0101", "0601")


def test_goal_at_start_and_unreachable_goal() -> None:
    assert shortest_path("0101", "0101", BOARD.neighbours) == ["0101"]
    walled = {"0201", "0202", "0102"}
    assert (
        shortest_path("0101", "0505", BOARD.neighbours, can_enter=lambda _a, b: b not in walled)
        == []
    )
    assert search("0101", BOARD.neighbours, goal="0505", max_cost=2).found is None
    assert search("0101", BOARD.neighbours).path("9999") == []


def test_negative_costs_are_rejected() -> None:
    with pytest.raises(ValueError, match="negative step cost"):
        search("0101", BOARD.neighbours, cost=lambda _a, _b: -1)


# -- properties against a reference ----------------------------------------------


@given(boards(), st.data(), st.integers(0, 12))
def test_costs_match_bellman_ford(board: Board, data: st.DataObject, max_cost: int) -> None:
    hexes = st.sampled_from(board.hexes)
    starts = data.draw(st.lists(hexes, min_size=1, max_size=3))
    zoc = data.draw(st.sets(hexes))

    def can_leave(h: str) -> bool:
        return h not in zoc

    result = search(
        starts, board.grid.neighbours, cost=board.step, can_leave=can_leave, max_cost=max_cost
    )
    assert result.reached == reference_costs(board, starts, can_leave, max_cost)
    for hex_id, cost in result.reached.items():
        assert_valid_path(
            board.grid,
            result.path(hex_id),
            cost=cost,
            step=board.step,
            starts=starts,
            can_leave=can_leave,
        )


@given(boards(), st.data())
def test_unit_cost_fast_path_matches_dijkstra(board: Board, data: st.DataObject) -> None:
    hexes = st.sampled_from(board.hexes)
    starts = data.draw(st.lists(hexes, min_size=1, max_size=2))
    zoc = data.draw(st.sets(hexes))

    def paths(cost: Callable[[str, str], int] | None) -> dict[str, list[str]]:
        result = search(
            starts,
            board.grid.neighbours,
            cost=cost,
            can_enter=lambda _a, b: board.costs[b] is not None,
            can_leave=lambda h: h not in zoc,
        )
        return {h: result.path(h) for h in result.reached}

    assert paths(None) == paths(lambda _a, _b: 1)


@given(boards(entry_costs=(None, 1, 2, 3, 4)), st.data())
def test_a_star_equals_dijkstra(board: Board, data: st.DataObject) -> None:
    start, goal = data.draw(st.sampled_from(board.hexes)), data.draw(st.sampled_from(board.hexes))
    plain = search(start, board.grid.neighbours, cost=board.step)
    guided = search(
        start,
        board.grid.neighbours,
        cost=board.step,
        goal=goal,
        heuristic=lambda h: board.grid.distance(h, goal),
    )
    assert guided.cost(goal) == plain.cost(goal)
    assert (guided.found == goal) == (goal in plain)
    if goal in guided:
        assert_valid_path(
            board.grid, guided.path(goal), cost=plain.cost(goal), step=board.step, starts=[start]
        )


def test_a_star_from_several_starts() -> None:
    far, near = "0101", "0504"
    result = search(
        [far, near],
        BOARD.neighbours,
        cost=lambda _a, _b: 1,
        goal="0605",
        heuristic=lambda h: BOARD.distance(h, "0605"),
    )
    assert result.cost("0605") == BOARD.distance(near, "0605")
    assert result.path("0605")[0] == near


def test_a_star_explores_less() -> None:
    full = search("0101", BOARD.neighbours, cost=lambda _a, _b: 1, goal="0605")
    guided = search(
        "0101",
        BOARD.neighbours,
        cost=lambda _a, _b: 1,
        goal="0605",
        heuristic=lambda h: BOARD.distance(h, "0605"),
    )
    assert guided.cost("0605") == full.cost("0605") == BOARD.distance("0101", "0605")
    assert len(guided.reached) < len(full.reached)


# -- determinism -----------------------------------------------------------------


def test_ties_go_to_the_first_neighbour() -> None:
    # 0204 can be reached from 0203 in two equal ways; N comes before NE etc.
    path = shortest_path("0203", "0405", BOARD.neighbours)
    assert path == shortest_path("0203", "0405", BOARD.neighbours)
    first_step = next(h for h in BOARD.neighbours("0203") if BOARD.distance(h, "0405") == 2)
    assert path[1] == first_step
    weighted = shortest_path("0203", "0405", BOARD.neighbours, cost=lambda _a, _b: 1.5)
    assert weighted == path


def test_results_are_in_settling_order() -> None:
    costs = list(search("0303", BOARD.neighbours, cost=lambda _a, b: int(b[-1])).reached.values())
    assert costs == sorted(costs)


# -- on an area map ----------------------------------------------------------------


def test_search_on_an_area_map() -> None:
    graph = AreaGraph(
        [Space(name, "land") for name in ("A", "B", "C", "D")],
        [
            Connection("A", "B", "land"),
            Connection("B", "C", "land"),
            Connection("A", "D", "sea", {"cost": 5}),
            Connection("D", "C", "land"),
        ],
    )

    def step(a: str, b: str) -> int:
        connection = graph.connection(a, b)
        assert connection is not None
        return int(connection.attrs.get("cost", 1))

    assert shortest_path("A", "C", graph.neighbours, cost=step) == ["A", "B", "C"]
    assert search("A", graph.neighbours, cost=step).cost("D") == 3
    by_land = reachable("A", lambda s: graph.neighbours(s, kinds="land"))
    assert by_land == {"A", "B", "C", "D"}
    assert reachable("A", lambda s: graph.neighbours(s, kinds="sea")) == {"A", "D"}


# -- the fast paths: plain breadth-first, filtered neighbours, bit sets ---------------


def everything(
    result: SearchResult[str],
) -> tuple[list[tuple[str, float]], dict[str, list[str]]]:
    """A search result as (reached in order with costs, every path): what must not change."""
    reached = list(result.reached.items())
    return reached, {node: result.path(node) for node, _ in reached}


@given(boards(), st.data())
def test_plain_breadth_first_is_the_general_search_without_tests(
    board: Board, data: st.DataObject
) -> None:
    starts = data.draw(st.lists(st.sampled_from(board.hexes), min_size=1, max_size=3))
    max_cost = data.draw(st.sampled_from((None, 0, 1, 2, 2.5, 4)))
    plain = search(starts, board.grid.neighbours, max_cost=max_cost)
    tested = search(starts, board.grid.neighbours, max_cost=max_cost, can_enter=lambda _a, _b: True)
    assert everything(plain) == everything(tested)


@given(boards(), st.data())
def test_only_into_is_a_can_enter_test_on_the_entered_node(
    board: Board, data: st.DataObject
) -> None:
    start = data.draw(st.sampled_from(board.hexes))
    closed = data.draw(st.sets(st.sampled_from(board.hexes)))
    cost = data.draw(st.sampled_from((None, board.step)))
    asked: list[str] = []

    def allowed(hex_id: str) -> bool:
        asked.append(hex_id)
        return hex_id not in closed

    filtered = search(start, only_into(board.grid.neighbours, allowed), cost=cost)
    tested = search(
        start, board.grid.neighbours, cost=cost, can_enter=lambda _a, b: b not in closed
    )
    assert everything(filtered) == everything(tested)
    assert len(asked) == len(set(asked))  # each node is asked about once


@given(boards(), st.data())
def test_avoiding_is_a_can_enter_test_against_a_set(board: Board, data: st.DataObject) -> None:
    start = data.draw(st.sampled_from(board.hexes))
    closed = data.draw(st.frozensets(st.sampled_from(board.hexes)))
    cost = data.draw(st.sampled_from((None, board.step)))
    plain = search(start, avoiding(board.grid.neighbours, closed), cost=cost)
    tested = search(
        start, board.grid.neighbours, cost=cost, can_enter=lambda _a, b: b not in closed
    )
    assert everything(plain) == everything(tested)


@given(boards(), st.data())
def test_breadth_first_avoiding_is_the_search_of_the_filtered_neighbours(
    board: Board, data: st.DataObject
) -> None:
    # the same nodes in the same order with the same parents, closed starts included; the
    # nodes of ``stops`` entered but not left (an assault's battle hexes), starts excepted
    starts = data.draw(st.lists(st.sampled_from(board.hexes), min_size=1, max_size=3))
    closed = data.draw(st.frozensets(st.sampled_from(board.hexes)))
    stops = data.draw(st.frozensets(st.sampled_from(board.hexes)))
    max_cost = data.draw(st.sampled_from((None, 0, 1, 2, 2.5, 4)))
    seen = breadth_first_avoiding(starts, board.grid.neighbours, closed, max_cost, stops)
    filtered = search(
        starts, avoiding(board.grid.neighbours, closed), max_cost=max_cost,
        can_leave=lambda node: node not in stops,
    )  # fmt: skip
    assert everything(seen) == everything(filtered)  # reached in order, with each path


@given(boards(), st.data())
def test_breadth_first_avoiding_finds_a_goal_by_the_path_a_search_stopped_at_it_finds(
    board: Board, data: st.DataObject
) -> None:
    # movement asks the whole search for the path to the destination chosen (5.22): a
    # breadth-first search stopped at its goal never changes a parent it set
    start = data.draw(st.sampled_from(board.hexes))
    goal = data.draw(st.sampled_from(board.hexes))
    closed = data.draw(st.frozensets(st.sampled_from(board.hexes)))
    max_cost = data.draw(st.sampled_from((None, 1, 2, 4)))
    whole = breadth_first_avoiding(start, board.grid.neighbours, closed, max_cost)
    stopped = search(
        start, avoiding(board.grid.neighbours, closed), max_cost=max_cost, goal=goal.__eq__
    )
    assert (goal in whole.reached) == (stopped.found == goal)
    assert whole.path(goal) == (stopped.path(goal) if stopped.found == goal else [])


def bit_layout(grid: HexGrid) -> dict[str, int]:
    places = {h: grid.parse(h) for h in grid.hexes or ()}
    return {h: col * 8 + row for h, (col, row) in places.items()}


@given(boards(), st.data())
def test_flood_of_shift_steps_reaches_what_a_search_reaches(
    board: Board, data: st.DataObject
) -> None:
    bit = bit_layout(board.grid)
    node = {b: h for h, b in bit.items()}
    open_hexes = {h for h in board.hexes if board.costs[h] is not None}
    steps = ShiftSteps(
        (bit[a], bit[b]) for a in board.hexes for b in board.grid.neighbours(a) if b in bit
    )
    closed = sum(1 << bit[h] for h in board.hexes if h not in open_hexes)
    starts = data.draw(st.lists(st.sampled_from(board.hexes), min_size=1, max_size=2))
    max_cost = data.draw(st.sampled_from((None, 0, 1, 3)))
    found = flood(
        lambda hexes: steps(hexes) & ~closed, sum(1 << bit[h] for h in set(starts)),
        max_cost=max_cost,
    )  # fmt: skip
    expected = search(
        starts, board.grid.neighbours, max_cost=max_cost, can_enter=lambda _a, b: b in open_hexes
    )
    assert {node[b] for b in bit_positions(found)} == set(expected.reached)
    assert steps.step(found) == steps(found) and steps.step(closed) == steps(closed)


def test_flood_stops_once_it_has_reached_the_goal() -> None:
    line = ShiftSteps((n, n + 1) for n in range(20))
    assert ShiftSteps([]).step(0b101) == 0 and line.step(0b101) == 0b1010
    assert flood(line, 1) == (1 << 21) - 1
    assert flood(line, 1, max_cost=3) == 0b1111
    assert flood(line, 1, goal=1 << 5) == 0b111111


def test_bit_positions_and_shift_steps_refuse_negative_numbers() -> None:
    assert bit_positions(0) == [] and bit_positions(0b100101) == [0, 2, 5]
    assert bit_positions(1 << 200) == [200]
    with pytest.raises(ValueError, match="negative"):
        bit_positions(-1)
    with pytest.raises(ValueError, match="bit position"):
        ShiftSteps([(0, -1)])
