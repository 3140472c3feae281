"""Tests of the game-independent combat tables and dice arithmetic."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import prod
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargame.engine.dice import D6, D10_ZERO, Die
from wargame.engine.tables import (
    CombatTable,
    ModifiedRoll,
    Placement,
    RollRange,
    Rounding,
    ceil_div,
    clamp_roll,
    combine,
    die_distribution,
    differential_column,
    distribution,
    expectation,
    face_rows,
    halve,
    map_distribution,
    odds_column,
    odds_ratio,
    odds_table,
    odds_value,
    outcome_distribution,
    probability,
    round_half,
    sum_distribution,
)

F = Fraction

# A small odds CRT in the shape of a data file, rows deliberately out of order.
SAMPLE_COLUMNS = ["1:2", "1:1", "2:1", "3:1"]
SAMPLE_ROWS = [
    ["2-3", "AR", "AR", "EX", "DR"],
    ["≤1", "AE", "AR", "AR", "EX"],
    ["4", "AR", "EX", "DR", "DR"],
    ["5", "EX", "DR", "DR", "DE"],
    ["6+", "DR", "DR", "DE", "DE"],
]
SAMPLE = CombatTable.from_rows(SAMPLE_COLUMNS, SAMPLE_ROWS, name="sample")

# A closed table (no open ends): rolls beyond it clamp to the end rows.
CLOSED = CombatTable.from_rows(
    ["-1", "0", "+1"],
    [["1-2", "A", "B", "C"], ["3-4", "D", "E", "F"], ["5-6", "G", "H", "I"]],
    name="closed",
)

ODDS = ["1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1"]
DIFFS = ["-3", "-2", "-1", "0", "+1", "+2", "+3"]

dice_strategy = st.builds(Die, sides=st.integers(1, 10), low=st.integers(-3, 3))


# --- distributions -----------------------------------------------------------


def test_die_distribution_is_uniform() -> None:
    assert die_distribution(D6) == {face: F(1, 6) for face in range(1, 7)}
    assert list(die_distribution(D10_ZERO)) == list(range(10))


def test_two_d6_distribution() -> None:
    dist = sum_distribution([D6, D6])
    expected = {total: F(6 - abs(total - 7), 36) for total in range(2, 13)}
    assert dist == expected
    assert list(dist) == list(range(2, 13))
    assert dist[2] == F(1, 36) and dist[7] == F(6, 36) and dist[12] == F(1, 36)


def test_sum_distribution_modifier_and_no_dice() -> None:
    assert sum_distribution([D6], modifier=-2) == {v: F(1, 6) for v in range(-1, 5)}
    assert sum_distribution([], modifier=3) == {3: F(1)}


def test_distribution_of_a_two_dice_outcome() -> None:
    dist = distribution(max, D6, D6)
    assert dist == {n: F(2 * n - 1, 36) for n in range(1, 7)}
    assert list(dist) == [1, 2, 3, 4, 5, 6]


def test_distribution_natural_roll_rule() -> None:
    def fires(face: int) -> str:
        return "miss" if face == 9 else ("hit" if face + 3 >= 8 else "miss")

    # Faces 5-8 hit; a natural 9 misses despite 9 + 3 >= 8.
    assert distribution(fires, D10_ZERO) == {"hit": F(4, 10), "miss": F(6, 10)}


def test_unorderable_keys_keep_first_seen_order() -> None:
    dist = distribution(lambda face: None if face == 1 else "x", D6)
    assert list(dist) == [None, "x"]


def test_probability_expectation_map_combine() -> None:
    two_d6 = sum_distribution([D6, D6])
    assert probability(two_d6, lambda total: total >= 10) == F(6, 36)
    assert expectation(two_d6) == 7
    assert expectation(die_distribution(D6), lambda face: face * face) == F(91, 6)
    assert map_distribution(die_distribution(D6), lambda face: face % 2) == {
        0: F(1, 2),
        1: F(1, 2),
    }
    d6 = die_distribution(D6)
    assert combine(d6, d6, lambda a, b: a + b) == two_d6


@given(st.lists(dice_strategy, max_size=3), st.integers(-5, 5))
def test_sum_distribution_sums_to_one(dice: list[Die], modifier: int) -> None:
    dist = sum_distribution(dice, modifier)
    assert sum(dist.values()) == 1
    assert list(dist) == sorted(dist)


@given(st.lists(dice_strategy, max_size=3))
def test_distribution_sums_to_one(dice: list[Die]) -> None:
    assert sum(distribution(lambda *faces: sum(faces) % 3, *dice).values()) == 1


# --- modified rolls ----------------------------------------------------------


def test_clamp_roll() -> None:
    assert clamp_roll(0, 1, 6) == 1
    assert clamp_roll(9, 1, 6) == 6
    assert clamp_roll(4, 1, 6) == 4
    assert clamp_roll(-9, None, 6) == -9
    assert clamp_roll(99, 1, None) == 99
    with pytest.raises(ValueError, match="empty"):
        clamp_roll(3, 6, 1)


def test_modified_roll_keeps_natural_and_clamps_modified() -> None:
    roll = ModifiedRoll(natural=9, modifier=3, low=0, high=9)
    assert roll.unclamped == 12
    assert roll.modified == 9
    assert roll.clamped
    assert roll.natural_is(9)
    assert not roll.natural_is(0, 1)
    low = ModifiedRoll(natural=2, modifier=-4, low=1, high=6)
    assert low.modified == 1
    unbounded = ModifiedRoll(natural=2, modifier=-4)
    assert unbounded.modified == -2 and not unbounded.clamped
    with pytest.raises(ValueError):
        ModifiedRoll(natural=3, low=6, high=1)


# --- roll ranges -------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        (3, RollRange(3, 3)),
        ("3", RollRange(3, 3)),
        ("+3", RollRange(3, 3)),
        ("-2", RollRange(-2, -2)),
        ("1-2", RollRange(1, 2)),
        ("1–2", RollRange(1, 2)),
        (" 1 - 2 ", RollRange(1, 2)),
        ("-3--1", RollRange(-3, -1)),
        ("≤0", RollRange(None, 0)),
        ("<=0", RollRange(None, 0)),
        ("7+", RollRange(7, None)),
        ("≥7", RollRange(7, None)),
        (">=7", RollRange(7, None)),
        ((None, 0), RollRange(None, 0)),
        ([1, 2], RollRange(1, 2)),
        (RollRange(4, 5), RollRange(4, 5)),
    ],
)
def test_roll_range_parse(key: object, expected: RollRange) -> None:
    assert RollRange.parse(key) == expected


@pytest.mark.parametrize("key", ["", "abc", "1-", "3-1", "1:2", True, 1.5, [1, 2, 3], None])
def test_roll_range_parse_rejects(key: object) -> None:
    with pytest.raises(ValueError):
        RollRange.parse(key)


def test_roll_range_contains_and_str() -> None:
    assert 2 in RollRange(1, 2) and 3 not in RollRange(1, 2)
    assert -100 in RollRange(None, 0) and 1 not in RollRange(None, 0)
    assert [str(RollRange.parse(k)) for k in ["1-2", "3", "≤0", "7+"]] == ["1-2", "3", "≤0", "7+"]
    assert str(RollRange(None, None)) == "any"


# --- combat tables -----------------------------------------------------------


def test_from_rows_sorts_rows() -> None:
    assert [str(row) for row in SAMPLE.rows] == ["≤1", "2-3", "4", "5", "6+"]
    assert SAMPLE.results[0] == ("AE", "AR", "AR", "EX")
    assert SAMPLE.roll_bounds == (None, None)
    assert CLOSED.roll_bounds == (1, 6)


def test_lookup_by_label_and_index() -> None:
    assert SAMPLE.column_index("2:1") == 2
    assert SAMPLE.lookup("1:1", 4) == "EX"
    assert SAMPLE.lookup(1, 4) == "EX"
    assert SAMPLE.lookup("1:2", 2) == "AR"
    assert SAMPLE.lookup("1:2", 3) == "AR"
    assert SAMPLE.lookup("3:1", 5) == "DE"


def test_lookup_open_ended_rows() -> None:
    assert SAMPLE.lookup("1:2", -7) == "AE"
    assert SAMPLE.lookup("1:2", 1) == "AE"
    assert SAMPLE.lookup("1:2", 40) == "DR"


def test_lookup_shifts_clamp_at_edges() -> None:
    assert SAMPLE.lookup("1:1", 4, shift=1) == "DR"  # 2:1
    assert SAMPLE.lookup("1:1", 4, shift=-1) == "AR"  # 1:2
    assert SAMPLE.lookup("1:1", 5, shift=2) == "DE"  # 3:1
    assert SAMPLE.lookup("1:1", 5, shift=9) == "DE"  # past the right edge: 3:1
    assert SAMPLE.lookup("2:1", 1, shift=-9) == "AE"  # past the left edge: 1:2
    assert SAMPLE.shift_column("3:1", 1) == 3
    assert SAMPLE.shift_column(0, -1) == 0


def test_closed_table_clamps_rolls() -> None:
    assert CLOSED.lookup("0", 0) == "B"
    assert CLOSED.lookup("0", -50) == "B"
    assert CLOSED.lookup("0", 7) == "H"
    assert CLOSED.lookup("-1", 3, shift=5) == "F"
    assert CLOSED.row_index(4) == 1


def test_unknown_column() -> None:
    with pytest.raises(ValueError, match="no column '4:1'"):
        SAMPLE.column_index("4:1")
    with pytest.raises(ValueError, match="no column"):
        SAMPLE.lookup("4:1", 3)
    with pytest.raises(IndexError):
        SAMPLE.lookup(4, 3)
    with pytest.raises(IndexError):
        SAMPLE.lookup(-1, 3)


@pytest.mark.parametrize(
    ("columns", "rows", "message"),
    [
        (["a", "b"], [["1", "x", "y"], ["2", "x"]], "row 2 has 1 results, expected 2"),
        (["a", "a"], [["1", "x", "y"]], "duplicate column labels"),
        (["a"], [["1-3", "x"], ["3-4", "y"]], "overlap"),
        (["a"], [["1", "x"], ["1", "y"]], "overlap"),
        (["a"], [["1-2", "x"], ["4", "y"]], "gap"),
        (["a"], [["1", "x"], ["≤3", "y"]], "overlap"),
        (["a"], [["≤1", "x"], ["≤3", "y"]], "open"),
        (["a"], [["1+", "x"], ["3", "y"]], "open"),
        ([], [["1"]], "no columns"),
        (["a"], [], "no rows"),
        (["a"], [[]], "row 1 is empty"),
        (["a"], [["x", "y"]], "cannot read 'x'"),
        (["a"], [["1", ["x"]]], "not hashable"),
        ([1, 2], [["1", "x", "y"]], "column labels must be strings"),
    ],
)
def test_from_rows_rejects_bad_shapes(
    columns: list[str], rows: list[list[object]], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        CombatTable.from_rows(columns, rows)


def test_constructor_rejects_descending_rows() -> None:
    with pytest.raises(ValueError, match="out of order"):
        CombatTable(("a",), (RollRange(3, 3), RollRange(1, 2)), (("x",), ("y",)))


@st.composite
def tables(draw: st.DrawFn) -> CombatTable[int]:
    """Random valid tables: contiguous rows, open ends optional, int results."""
    widths = draw(st.lists(st.integers(1, 3), min_size=1, max_size=6))
    start = draw(st.integers(-3, 3))
    n_columns = draw(st.integers(1, 6))
    rows: list[list[Any]] = []
    for number, width in enumerate(widths):
        low: int | None = start
        high: int | None = start + width - 1
        start += width
        if number == 0 and draw(st.booleans()):
            low = None
        if number == len(widths) - 1 and draw(st.booleans()):
            high = None
        rows.append([(low, high), *(number * 10 + c for c in range(n_columns))])
    return CombatTable.from_rows([f"c{c}" for c in range(n_columns)], rows)


@given(tables(), st.data())
def test_shift_then_unshift_returns_to_column(table: CombatTable[int], data: st.DataObject) -> None:
    last = len(table.columns) - 1
    column = data.draw(st.integers(0, last))
    shift = data.draw(st.integers(-column, last - column))
    assert table.shift_column(table.shift_column(column, shift), -shift) == column


@given(tables(), st.data(), st.integers(), st.integers())
def test_lookup_never_raises(
    table: CombatTable[int], data: st.DataObject, roll: int, shift: int
) -> None:
    column = data.draw(st.sampled_from(table.columns))
    result = table.lookup(column, roll, shift)
    assert result in {cell for row in table.results for cell in row}


@given(tables(), st.integers(-20, 20))
def test_row_index_holds_roll_inside_table(table: CombatTable[int], roll: int) -> None:
    low, high = table.roll_bounds
    row = table.rows[table.row_index(roll)]
    assert clamp_roll(roll, low, high) in row


# --- outcome distributions ---------------------------------------------------


def test_outcome_distribution_values() -> None:
    assert outcome_distribution(SAMPLE, "1:1", D6) == {
        "AR": F(3, 6),
        "DR": F(2, 6),
        "EX": F(1, 6),
    }
    # +3: 1->4 EX, 2->5 DR, 3..6 -> 6+ DR.
    assert outcome_distribution(SAMPLE, "1:1", D6, modifier=3) == {"DR": F(5, 6), "EX": F(1, 6)}
    # Shift +5 from 1:1 stops at 3:1; -1: rolls 0,1 EX; 2,3,4 DR; 5 DE.
    assert outcome_distribution(SAMPLE, "1:1", D6, modifier=-1, shift=5) == {
        "DE": F(1, 6),
        "DR": F(3, 6),
        "EX": F(2, 6),
    }


@given(tables(), st.lists(dice_strategy, min_size=1, max_size=3), st.data())
def test_outcome_distribution_matches_brute_force(
    table: CombatTable[int], dice: list[Die], data: st.DataObject
) -> None:
    column = data.draw(st.integers(0, len(table.columns) - 1))
    modifier = data.draw(st.integers(-4, 4))
    shift = data.draw(st.integers(-7, 7))
    counts = Counter(
        table.lookup(column, sum(faces) + modifier, shift)
        for faces in product(*(die.faces() for die in dice))
    )
    total = prod(die.sides for die in dice)
    expected = {result: F(count, total) for result, count in counts.items()}
    assert outcome_distribution(table, column, dice, modifier, shift) == expected


# --- odds --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "defence", "ratio"),
    [
        (7, 3, (2, 1)),
        (6, 3, (2, 1)),
        (5, 5, (1, 1)),
        (3, 7, (1, 3)),
        (3, 6, (1, 2)),
        (0, 4, (0, 1)),
    ],
)
def test_odds_ratio(attack: int, defence: int, ratio: tuple[int, int]) -> None:
    assert odds_ratio(attack, defence) == ratio


def test_odds_ratio_rejects_zero_defence_and_negatives() -> None:
    with pytest.raises(ValueError, match="infinite"):
        odds_ratio(10, 0)
    with pytest.raises(ValueError, match="zero"):
        odds_ratio(0, 0)
    with pytest.raises(ValueError, match="negative"):
        odds_ratio(-1, 3)


def test_odds_value() -> None:
    assert odds_value("3:2") == F(3, 2)
    assert odds_value("1-2") == F(1, 2)
    for bad in ["3", "1:0", "x:1", "1:2:3"]:
        with pytest.raises(ValueError):
            odds_value(bad)


@pytest.mark.parametrize(
    ("attack", "defence", "label", "placement"),
    [
        (7, 3, "2:1", Placement.ON_TABLE),
        (3, 7, "1:3", Placement.ON_TABLE),
        (3, 6, "1:2", Placement.ON_TABLE),
        (5, 3, "3:2", Placement.ON_TABLE),
        (13, 2, "6:1", Placement.ON_TABLE),
        (7, 1, "6:1", Placement.ABOVE),
        (10, 0, "6:1", Placement.ABOVE),
        (1, 4, "1:3", Placement.BELOW),
        (0, 4, "1:3", Placement.BELOW),
    ],
)
def test_odds_column(attack: int, defence: int, label: str, placement: Placement) -> None:
    pick = odds_column(attack, defence, ODDS)
    assert (pick.label, pick.placement) == (label, placement)
    assert pick.index == ODDS.index(label)
    assert pick.off_table == (placement is not Placement.ON_TABLE)


def test_odds_column_top_column_fractional() -> None:
    assert odds_column(19, 10, ["1:1", "3:2"]).placement is Placement.ON_TABLE
    assert odds_column(2, 1, ["1:1", "3:2"]).placement is Placement.ABOVE
    assert odds_column(2, 3, ["1:2"]).placement is Placement.ON_TABLE
    assert odds_column(1, 1, ["1:2"]).placement is Placement.ABOVE


def test_odds_column_rejects_bad_labels() -> None:
    with pytest.raises(ValueError, match="ascend"):
        odds_column(3, 1, ["1:1", "2:1", "2:1"])
    with pytest.raises(ValueError, match="no odds columns"):
        odds_column(3, 1, [])
    with pytest.raises(ValueError, match="zero"):
        odds_column(0, 0, ODDS)


@given(st.integers(1, 60), st.integers(0, 200), st.integers(0, 200))
def test_odds_column_monotone_in_attack(defence: int, a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert odds_column(low, defence, ODDS).index <= odds_column(high, defence, ODDS).index


@given(st.integers(1, 60), st.integers(1, 200))
def test_odds_round_in_defenders_favour(defence: int, attack: int) -> None:
    n, d = odds_ratio(attack, defence)
    assert F(n, d) <= F(attack, defence)
    pick = odds_column(attack, defence, ODDS)
    if pick.placement is not Placement.BELOW:
        assert odds_value(pick.label) <= F(attack, defence)


# --- differentials -----------------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "defence", "label", "placement"),
    [
        (5, 3, "+2", Placement.ON_TABLE),
        (3, 3, "0", Placement.ON_TABLE),
        (1, 4, "-3", Placement.ON_TABLE),
        (10, 0, "+3", Placement.ABOVE),
        (0, 10, "-3", Placement.BELOW),
    ],
)
def test_differential_column(attack: int, defence: int, label: str, placement: Placement) -> None:
    pick = differential_column(attack, defence, DIFFS)
    assert (pick.label, pick.placement) == (label, placement)


def test_differential_column_open_ends_and_gaps() -> None:
    open_labels = ["≤-3", "-2--1", "0", "1-2", "3+"]
    assert differential_column(0, 9, open_labels) == differential_column(0, 3, open_labels)
    assert differential_column(0, 9, open_labels).placement is Placement.ON_TABLE
    assert differential_column(9, 0, open_labels).label == "3+"
    assert differential_column(4, 6, open_labels).label == "-2--1"
    assert differential_column(1, 0, ["-2", "0", "+3"]).label == "0"
    assert differential_column(9, 7, ["-2", "0", "+3"]).label == "0"


def test_differential_column_rejects_bad_labels() -> None:
    with pytest.raises(ValueError, match="overlap"):
        differential_column(1, 0, ["0", "-1"])
    with pytest.raises(ValueError, match="no differential columns"):
        differential_column(1, 0, [])
    with pytest.raises(ValueError):
        differential_column(1, 0, ["1:1"])


@given(st.integers(0, 30), st.integers(0, 40), st.integers(0, 40))
def test_differential_column_monotone_in_attack(defence: int, a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert (
        differential_column(low, defence, DIFFS).index
        <= differential_column(high, defence, DIFFS).index
    )


# --- rounding ----------------------------------------------------------------


def test_ceil_div() -> None:
    assert ceil_div(7, 2) == 4
    assert ceil_div(6, 2) == 3
    assert ceil_div(0, 3) == 0
    assert ceil_div(1, 3) == 1
    assert ceil_div(-7, 2) == -3
    with pytest.raises(ZeroDivisionError):
        ceil_div(1, 0)


@pytest.mark.parametrize(
    ("value", "mode", "expected"),
    [
        (F(5, 2), Rounding.UP, 3),
        (F(5, 2), Rounding.DOWN, 2),
        (F(5, 2), Rounding.NEAREST_HALF_UP, 3),
        (F(7, 3), Rounding.NEAREST_HALF_UP, 2),
        (F(8, 3), Rounding.NEAREST_HALF_UP, 3),
        (F(7, 3), Rounding.UP, 3),
        (F(-5, 2), Rounding.NEAREST_HALF_UP, -2),
        (F(-5, 2), Rounding.UP, -2),
        (F(-5, 2), Rounding.DOWN, -3),
        (4, Rounding.UP, 4),
    ],
)
def test_round_half(value: int | Fraction, mode: Rounding, expected: int) -> None:
    assert round_half(value, mode) == expected


def test_halve_and_mode_from_data() -> None:
    assert halve(7) == 4
    assert halve(7, Rounding.DOWN) == 3
    assert halve(8, Rounding("down")) == 4
    assert Rounding("nearest-half-up") is Rounding.NEAREST_HALF_UP


@given(st.integers(-1000, 1000), st.integers(1, 50))
def test_ceil_div_matches_fraction_ceiling(a: int, b: int) -> None:
    assert ceil_div(a, b) == round_half(F(a, b), Rounding.UP)
    assert round_half(F(a, b), Rounding.DOWN) <= round_half(F(a, b), Rounding.NEAREST_HALF_UP)
    assert round_half(F(a, b), Rounding.NEAREST_HALF_UP) <= ceil_div(a, b)


def test_an_odds_table_from_data_checks_its_columns_and_faces():
    rows = {"1": ["a", "b"], "2": ["c", "d"]}
    table = odds_table(["1-1", "2-1"], rows, ("1", "2"), str.upper, name="crt")
    assert table.lookup("2-1", 2) == "D" and table.lookup("1-1", 1, shift=1) == "B"
    with pytest.raises(ValueError, match="columns must rise in odds: 2-1, 1-1"):
        odds_table(["2-1", "1-1"], rows, ("1", "2"), str.upper, name="crt")
    with pytest.raises(ValueError, match="give the die faces 1 to 3 once each"):
        face_rows(rows, ("1", "2", "3"), str)
