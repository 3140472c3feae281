"""Combat result tables and exact dice arithmetic, independent of any game.

Hand-written because no library offers what board wargames need: combat result
tables read from data files, column shifts clamped at the table's edges, odds and
differential columns rounded in the defender's favour, rolls clamped to the table's
rows, exact (``Fraction``) odds previews of a combat, and dice that each hit on a
threshold ("1 die per step, 5-6 hits, +1 per hit bonus"), rolled or as the exact
distribution of their hits. Everything here is pure and
deterministic: rolling the dice is the engine's seeded random generator's job.
"""

from __future__ import annotations

import math
import operator
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum
from fractions import Fraction
from itertools import pairwise, product
from typing import Any, Generic, TypeAlias, TypeVar, overload

from wargame.engine.dice import D6, Die

T = TypeVar("T")
U = TypeVar("U")
V = TypeVar("V")
R = TypeVar("R", bound=Hashable)

Distribution: TypeAlias = dict[T, Fraction]
"""An exact probability distribution: outcome -> probability, summing to 1."""

# ---------------------------------------------------------------------------
# Exact distributions
# ---------------------------------------------------------------------------


def _ordered(dist: dict[T, Fraction]) -> dict[T, Fraction]:
    """Return ``dist`` with sorted keys if they are orderable, else unchanged."""
    keys: list[Any] = list(dist)
    try:
        keys.sort()
    except TypeError:
        return dist
    return {key: dist[key] for key in keys}


def die_distribution(die: Die) -> Distribution[int]:
    """Each face of ``die`` with probability 1/sides."""
    return {face: Fraction(1, die.sides) for face in die.faces()}


def sum_distribution(dice: Sequence[Die], modifier: int = 0) -> Distribution[int]:
    """Distribution of the sum of ``dice`` plus ``modifier`` (no dice: the modifier)."""
    result: Distribution[int] = {modifier: Fraction(1)}
    for die in dice:
        result = combine(result, die_distribution(die), operator.add)
    return result


def distribution(outcome: Callable[..., T], *dice: Die) -> Distribution[T]:
    """Distribution of ``outcome(face1, face2, ...)`` over every combination of faces."""
    counts = Counter(outcome(*faces) for faces in product(*(die.faces() for die in dice)))
    total = math.prod(die.sides for die in dice)
    return _ordered({key: Fraction(count, total) for key, count in counts.items()})


def map_distribution(dist: Mapping[T, Fraction], fn: Callable[[T], U]) -> Distribution[U]:
    """Distribution of ``fn(outcome)``; outcomes mapping to the same value merge."""
    result: Distribution[U] = {}
    for key, chance in dist.items():
        mapped = fn(key)
        result[mapped] = result.get(mapped, Fraction(0)) + chance
    return _ordered(result)


def combine(
    first: Mapping[T, Fraction], second: Mapping[U, Fraction], fn: Callable[[T, U], V]
) -> Distribution[V]:
    """Distribution of ``fn(a, b)`` for independent outcomes ``a`` and ``b``."""
    result: Distribution[V] = {}
    for a, chance_a in first.items():
        for b, chance_b in second.items():
            key = fn(a, b)
            result[key] = result.get(key, Fraction(0)) + chance_a * chance_b
    return _ordered(result)


def probability(dist: Mapping[T, Fraction], predicate: Callable[[T], bool]) -> Fraction:
    """Probability that an outcome satisfies ``predicate``."""
    return sum((chance for key, chance in dist.items() if predicate(key)), Fraction(0))


@overload
def expectation(dist: Mapping[int, Fraction]) -> Fraction: ...
@overload
def expectation(
    dist: Mapping[T, Fraction], value_fn: Callable[[T], Fraction | int]
) -> Fraction: ...
def expectation(
    dist: Mapping[Any, Fraction], value_fn: Callable[[Any], Fraction | int] | None = None
) -> Fraction:
    """Expected value of ``value_fn(outcome)`` (of the outcome itself if omitted)."""
    value = value_fn if value_fn is not None else (lambda key: key)
    return sum((chance * value(key) for key, chance in dist.items()), Fraction(0))


# ---------------------------------------------------------------------------
# Modified rolls
# ---------------------------------------------------------------------------


def clamp_roll(value: int, low: int | None, high: int | None) -> int:
    """Clamp ``value`` to ``low``..``high``; ``None`` leaves that side unbounded."""
    if low is not None and high is not None and low > high:
        raise ValueError(f"empty roll range {low}..{high}")
    if low is not None and value < low:
        return low
    if high is not None and value > high:
        return high
    return value


@dataclass(frozen=True, slots=True)
class ModifiedRoll:
    """A die roll with its natural value, total modifier and clamping bounds.

    Rules like "a natural 9 always fails" test ``natural``; the table is read with
    ``modified``, which is ``natural + modifier`` clamped to ``low``..``high``.
    """

    natural: int
    modifier: int = 0
    low: int | None = None
    high: int | None = None

    def __post_init__(self) -> None:
        clamp_roll(self.natural, self.low, self.high)  # validates the bounds

    @property
    def unclamped(self) -> int:
        """``natural + modifier`` before clamping."""
        return self.natural + self.modifier

    @property
    def modified(self) -> int:
        """The modified roll, clamped to the bounds."""
        return clamp_roll(self.unclamped, self.low, self.high)

    @property
    def clamped(self) -> bool:
        """Whether clamping changed the modified roll."""
        return self.modified != self.unclamped

    def natural_is(self, *values: int) -> bool:
        """Whether the natural roll is one of ``values``."""
        return self.natural in values


# ---------------------------------------------------------------------------
# Roll ranges (table rows, differential columns)
# ---------------------------------------------------------------------------

_NUMBER = r"[+-]?\d+"
_SINGLE = re.compile(rf"({_NUMBER})")
_SPAN = re.compile(rf"({_NUMBER})\s*-\s*({_NUMBER})")
_AT_MOST = re.compile(rf"(?:≤|<=)\s*({_NUMBER})")
_AT_LEAST = re.compile(rf"(?:≥|>=)\s*({_NUMBER})|({_NUMBER})\s*\+")
_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-"})


@dataclass(frozen=True, slots=True)
class RollRange:
    """The integers ``low``..``high``; ``None`` is an open end ("≤0", "7+")."""

    low: int | None
    high: int | None

    def __post_init__(self) -> None:
        if self.low is not None and self.high is not None and self.low > self.high:
            raise ValueError(f"roll range {self.low}-{self.high} is empty")

    @classmethod
    def parse(cls, key: object) -> RollRange:
        """Read a key: ``3``, ``"3"``, ``"+3"``, ``"1-2"``, ``"-3--1"``, ``"≤0"``,
        ``"<=0"``, ``"7+"``, ``"≥7"``, ``">=7"``, a ``(low, high)`` pair, or a RollRange.
        """
        if isinstance(key, RollRange):
            return key
        if isinstance(key, int) and not isinstance(key, bool):
            return cls(key, key)
        if isinstance(key, str):
            return cls._parse_text(key)
        if isinstance(key, Sequence) and len(key) == 2 and all(_is_bound(b) for b in key):
            return cls(key[0], key[1])
        raise ValueError(f"cannot read {key!r} as a roll or roll range")

    @classmethod
    def _parse_text(cls, key: str) -> RollRange:
        text = key.strip().translate(_DASHES)
        if match := _SINGLE.fullmatch(text):
            return cls(int(match[1]), int(match[1]))
        if match := _SPAN.fullmatch(text):
            return cls(int(match[1]), int(match[2]))
        if match := _AT_MOST.fullmatch(text):
            return cls(None, int(match[1]))
        if match := _AT_LEAST.fullmatch(text):
            return cls(int(match[1] or match[2]), None)
        raise ValueError(f"cannot read {key!r} as a roll or roll range")

    def __contains__(self, roll: object) -> bool:
        if not isinstance(roll, int):
            return False
        return (self.low is None or roll >= self.low) and (self.high is None or roll <= self.high)

    def __str__(self) -> str:
        if self.low is None:
            return "any" if self.high is None else f"≤{self.high}"
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


def _is_bound(value: object) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool))


def _check_ascending(ranges: Sequence[RollRange], what: str, *, contiguous: bool) -> None:
    """Check ranges ascend without overlap (and, if ``contiguous``, without gaps)."""
    for prev, nxt in pairwise(ranges):
        if prev.high is None or nxt.low is None:
            raise ValueError(
                f"{what} {prev} and {nxt}: only the first may be open below "
                "and only the last open above"
            )
        if nxt.low <= prev.high:
            raise ValueError(f"{what} {prev} and {nxt} overlap or are out of order")
        if contiguous and nxt.low > prev.high + 1:
            raise ValueError(f"gap between {what} {prev} and {nxt}")


def _sort_key(row: RollRange) -> tuple[bool, int]:
    """Order rows by their low end, an open low end first."""
    return (row.low is not None, row.low or 0)


# ---------------------------------------------------------------------------
# Combat result tables
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CombatTable(Generic[R]):
    """A combat result table: ``results[row][column]`` for roll ranges x column labels.

    Rows ascend and are contiguous. Rolls beyond the rows read the first/last row;
    column shifts stop at the first/last column.
    """

    columns: tuple[str, ...]
    rows: tuple[RollRange, ...]
    results: tuple[tuple[R, ...], ...]
    name: str = ""

    def __post_init__(self) -> None:
        if not self.columns:
            raise ValueError(f"table {self.name!r} has no columns")
        if not self.rows:
            raise ValueError(f"table {self.name!r} has no rows")
        if duplicates := sorted({c for c in self.columns if self.columns.count(c) > 1}):
            raise ValueError(f"table {self.name!r}: duplicate column labels {duplicates}")
        if len(self.results) != len(self.rows):
            raise ValueError(
                f"table {self.name!r}: {len(self.results)} result rows for {len(self.rows)} rows"
            )
        for row, cells in zip(self.rows, self.results, strict=True):
            self._check_cells(row, cells)
        _check_ascending(self.rows, f"table {self.name!r}: rows", contiguous=True)

    def _check_cells(self, row: RollRange, cells: tuple[R, ...]) -> None:
        if len(cells) != len(self.columns):
            raise ValueError(
                f"table {self.name!r}: row {row} has {len(cells)} results, "
                f"expected {len(self.columns)} (one per column)"
            )
        for cell in cells:
            try:
                hash(cell)
            except TypeError:
                raise ValueError(
                    f"table {self.name!r}: row {row} result {cell!r} is not hashable"
                ) from None

    @classmethod
    def from_rows(
        cls, columns: Sequence[str], rows: Iterable[Sequence[R]], *, name: str = ""
    ) -> CombatTable[R]:
        """Build a table from data: each row is ``[roll key, result per column...]``.

        Roll keys are read by :meth:`RollRange.parse`; rows may come in any order.
        """
        if not all(isinstance(label, str) for label in columns):
            raise ValueError(f"table {name!r}: column labels must be strings: {list(columns)}")
        parsed: list[tuple[RollRange, tuple[R, ...]]] = []
        for number, row in enumerate(rows, start=1):
            if not row:
                raise ValueError(f"table {name!r}: row {number} is empty")
            parsed.append((RollRange.parse(row[0]), tuple(row[1:])))
        parsed.sort(key=lambda pair: _sort_key(pair[0]))
        return cls(
            columns=tuple(columns),
            rows=tuple(row for row, _ in parsed),
            results=tuple(cells for _, cells in parsed),
            name=name,
        )

    @property
    def roll_bounds(self) -> tuple[int | None, int | None]:
        """Lowest and highest roll with a row of their own (``None``: open end)."""
        return self.rows[0].low, self.rows[-1].high

    def column_index(self, label: str) -> int:
        """Index of the column labelled ``label``."""
        try:
            return self.columns.index(label)
        except ValueError:
            raise ValueError(
                f"table {self.name!r} has no column {label!r}; columns: {', '.join(self.columns)}"
            ) from None

    def shift_column(self, column: int | str, shift: int) -> int:
        """Index of ``column`` moved ``shift`` columns right (left if negative), clamped."""
        return clamp_roll(self._index(column) + shift, 0, len(self.columns) - 1)

    def row_index(self, roll: int) -> int:
        """Index of the row holding ``roll``; rolls beyond the rows clamp."""
        for index, row in enumerate(self.rows):
            if row.high is None or roll <= row.high:
                return index
        return len(self.rows) - 1

    def lookup(self, column: int | str, roll: int, shift: int = 0) -> R:
        """Result for ``roll`` in ``column`` (index or label) shifted ``shift`` columns."""
        return self.results[self.row_index(roll)][self.shift_column(column, shift)]

    def _index(self, column: int | str) -> int:
        if isinstance(column, str):
            return self.column_index(column)
        if not 0 <= column < len(self.columns):
            raise IndexError(
                f"table {self.name!r}: column index {column} outside 0..{len(self.columns) - 1}"
            )
        return column


def odds_table(
    columns: Sequence[str],
    rows: Mapping[str, Sequence[T]],
    faces: Sequence[str],
    read: Callable[[T], R],
    *,
    name: str,
) -> CombatTable[R]:
    """An odds CRT from a data file: ``columns`` are odds labels that must rise, ``rows`` maps
    each die face of ``faces`` once to a cell per column, each read by ``read`` (which raises
    ValueError in one line for a cell it cannot read)."""
    ratios = [odds_value(label) for label in columns]
    if any(later <= earlier for earlier, later in pairwise(ratios)):
        raise ValueError(f"columns must rise in odds: {', '.join(columns)}")
    return CombatTable.from_rows(columns, face_rows(rows, faces, read), name=name)


def face_rows(
    rows: Mapping[str, Sequence[T]], faces: Sequence[str], read: Callable[[T], R]
) -> list[list[Any]]:
    """``rows`` (die face -> cells) as :meth:`CombatTable.from_rows` takes them, each cell read
    by ``read``; ValueError unless every face of ``faces`` is given once."""
    if sorted(rows) != sorted(faces):
        raise ValueError(f"rows: give the die faces {faces[0]} to {faces[-1]} once each")
    return [[face, *(read(cell) for cell in rows[face])] for face in faces]


def outcome_distribution(
    table: CombatTable[R],
    column: int | str,
    dice: Die | Sequence[Die],
    modifier: int = 0,
    shift: int = 0,
) -> Distribution[R]:
    """Probability of each result of ``table`` for a roll of ``dice`` + ``modifier``.

    Rolls beyond the table clamp and shifts stop at its edges, as in :meth:`lookup`.
    Rules on natural rolls need :func:`distribution` with a custom outcome instead.
    """
    rolled = sum_distribution([dice] if isinstance(dice, Die) else dice, modifier)
    return map_distribution(rolled, lambda roll: table.lookup(column, roll, shift))


# ---------------------------------------------------------------------------
# Odds and differential columns
# ---------------------------------------------------------------------------


class Placement(Enum):
    """Where a combat's odds fell relative to a table's columns."""

    ON_TABLE = "on table"
    BELOW = "below the lowest column"
    ABOVE = "above the highest column"


@dataclass(frozen=True, slots=True)
class ColumnPick:
    """The column chosen for a combat; ``placement`` says if the odds were off-table."""

    label: str
    index: int
    placement: Placement

    @property
    def off_table(self) -> bool:
        return self.placement is not Placement.ON_TABLE


def _check_strengths(attack: int, defence: int) -> None:
    if attack < 0 or defence < 0:
        raise ValueError(f"strengths cannot be negative: {attack} vs {defence}")
    if attack == 0 and defence == 0:
        raise ValueError("no odds between zero attack and zero defence")


def odds_ratio(attack: int, defence: int) -> tuple[int, int]:
    """Odds reduced to ``(n, 1)`` or ``(1, n)``, rounded in the defender's favour.

    7 vs 3 -> (2, 1); 3 vs 7 -> (1, 3); zero attack -> (0, 1). A zero defence has
    no finite odds and raises ValueError (``odds_column`` places it above the table).
    """
    _check_strengths(attack, defence)
    if defence == 0:
        raise ValueError(f"{attack} vs 0: odds are infinite")
    if attack == 0:
        return (0, 1)
    if attack >= defence:
        return (attack // defence, 1)
    return (1, ceil_div(defence, attack))


_ODDS_LABEL = re.compile(r"\s*(\d+)\s*[:-]\s*(\d+)\s*")


def odds_value(label: str) -> Fraction:
    """The ratio of an odds label such as ``"3:2"`` or ``"1-2"``."""
    match = _ODDS_LABEL.fullmatch(label.translate(_DASHES))
    if match is None or int(match[2]) == 0:
        raise ValueError(f"cannot read {label!r} as odds like '1:2' or '3:1'")
    return Fraction(int(match[1]), int(match[2]))


def odds_column(attack: int, defence: int, labels: Sequence[str]) -> ColumnPick:
    """Column for ``attack`` vs ``defence`` among ascending odds ``labels``.

    Picks the highest column not better than the actual odds. Odds below the lowest
    column pick it with ``BELOW``; odds that round (as :func:`odds_ratio`) above the
    highest column pick it with ``ABOVE``. A zero defence is ``ABOVE``.
    """
    _check_strengths(attack, defence)
    ratios = [odds_value(label) for label in labels]
    _check_labels(labels, ratios)
    last = len(labels) - 1
    if defence == 0:
        return ColumnPick(labels[last], last, Placement.ABOVE)
    actual = Fraction(attack, defence)
    if actual < ratios[0]:
        return ColumnPick(labels[0], 0, Placement.BELOW)
    index = bisect_right(ratios, actual) - 1
    above = Fraction(*odds_ratio(attack, defence)) > ratios[last]
    return ColumnPick(labels[index], index, Placement.ABOVE if above else Placement.ON_TABLE)


def _check_labels(labels: Sequence[str], ratios: Sequence[Fraction]) -> None:
    if not labels:
        raise ValueError("no odds columns")
    for (prev, prev_ratio), (nxt, nxt_ratio) in pairwise(zip(labels, ratios, strict=True)):
        if nxt_ratio <= prev_ratio:
            raise ValueError(f"odds columns must ascend: {prev!r} then {nxt!r}")


def differential_column(attack: int, defence: int, labels: Sequence[str]) -> ColumnPick:
    """Column for the differential ``attack - defence`` among ascending ``labels``.

    Labels are read like roll keys (``"-2"``, ``"0"``, ``"+3"``, ``"1-2"``, ``"≤-3"``,
    ``"6+"``); gaps are allowed and a differential in a gap takes the column below.
    Beyond closed end columns the end column is picked with ``BELOW``/``ABOVE``.
    A zero defence needs no special case: the differential is the attack.
    """
    if not labels:
        raise ValueError("no differential columns")
    ranges = [RollRange.parse(label) for label in labels]
    _check_ascending(ranges, "differential columns", contiguous=False)
    diff = attack - defence
    first, last = ranges[0], ranges[-1]
    if first.low is not None and diff < first.low:
        return ColumnPick(labels[0], 0, Placement.BELOW)
    index = max(i for i, r in enumerate(ranges) if r.low is None or r.low <= diff)
    above = last.high is not None and diff > last.high
    return ColumnPick(labels[index], index, Placement.ABOVE if above else Placement.ON_TABLE)


# ---------------------------------------------------------------------------
# Dice that hit on a threshold
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiceGroup:
    """``count`` dice rolled alike, ``bonus`` added to each (a hit bonus, or a negative
    modifier): "each step rolls one die, +1 for the supported ones" is two groups."""

    count: int
    bonus: int = 0

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError(f"a group of {self.count} dice")


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The modified rolls a die must reach for each grade of result, best first: ``(6,)`` is
    "a hit on 6 or more"; ``(6, 5)`` is "6 or more destroys, 5 damages"."""

    grades: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.grades:
            raise ValueError("no threshold to reach")
        for better, worse in pairwise(self.grades):
            if worse >= better:
                raise ValueError(f"thresholds {list(self.grades)} do not descend")

    @classmethod
    def of(cls, *grades: int) -> Thresholds:
        return cls(tuple(grades))

    def grade(self, modified: int) -> int | None:
        """The grade a modified roll reaches (0 the best), None if it reaches none."""
        return next((g for g, needed in enumerate(self.grades) if modified >= needed), None)

    def chances(self, bonus: int = 0, die: Die = D6) -> tuple[Fraction, ...]:
        """The chance of each grade for one die rolled with ``bonus``."""
        found = [Fraction(0)] * len(self.grades)
        for face in die.faces():
            grade = self.grade(face + bonus)
            if grade is not None:
                found[grade] += Fraction(1, die.sides)
        return tuple(found)


@dataclass(frozen=True, slots=True)
class Volley:
    """Dice rolled against ``thresholds``: each die's roll (natural, its group's bonus) and
    the number of dice reaching each grade."""

    thresholds: Thresholds
    rolls: tuple[ModifiedRoll, ...]
    counts: tuple[int, ...]

    @property
    def hits(self) -> int:
        """The dice reaching the best grade (the only one of a single threshold)."""
        return self.counts[0]


def roll_volley(
    groups: Sequence[DiceGroup], thresholds: Thresholds, roll: Callable[[Die], int], die: Die = D6
) -> Volley:
    """Roll every die of ``groups`` through ``roll`` (the game's seeded dice), in order."""
    rolls = tuple(
        ModifiedRoll(roll(die), group.bonus) for group in groups for _ in range(group.count)
    )
    counts = [0] * len(thresholds.grades)
    for rolled in rolls:
        grade = thresholds.grade(rolled.modified)
        if grade is not None:
            counts[grade] += 1
    return Volley(thresholds, rolls, tuple(counts))


def volley_distribution(
    groups: Sequence[DiceGroup], thresholds: Thresholds, die: Die = D6
) -> Distribution[tuple[int, ...]]:
    """The exact chance of each count of dice per grade (a tuple, best grade first)."""
    empty = (0,) * len(thresholds.grades)
    result: Distribution[tuple[int, ...]] = {empty: Fraction(1)}
    for group in groups:
        one = _one_die(thresholds.chances(group.bonus, die))
        for _ in range(group.count):
            result = combine(result, one, _add_counts)
    return result


def hits_distribution(
    groups: Sequence[DiceGroup], threshold: int, die: Die = D6
) -> Distribution[int]:
    """The exact chance of each number of hits, every die hitting on ``threshold`` or more
    after its group's bonus."""
    graded = volley_distribution(groups, Thresholds.of(threshold), die)
    return map_distribution(graded, operator.itemgetter(0))


def _one_die(chances: tuple[Fraction, ...]) -> Distribution[tuple[int, ...]]:
    found: Distribution[tuple[int, ...]] = {(0,) * len(chances): 1 - sum(chances, Fraction(0))}
    for grade, chance in enumerate(chances):
        if chance:
            found[tuple(int(g == grade) for g in range(len(chances)))] = chance
    return {counts: chance for counts, chance in found.items() if chance}


def _add_counts(first: tuple[int, ...], second: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a + b for a, b in zip(first, second, strict=True))


# ---------------------------------------------------------------------------
# Rounding for hit allocation
# ---------------------------------------------------------------------------


class Rounding(StrEnum):
    """How to round a fraction to a whole number (halves included)."""

    UP = "up"
    """Ceiling: any fraction rounds up (the usual "fractions rounded up")."""
    DOWN = "down"
    """Floor: any fraction is dropped."""
    NEAREST_HALF_UP = "nearest-half-up"
    """Nearest whole number; an exact half rounds up (towards +infinity)."""


def ceil_div(a: int, b: int) -> int:
    """``a / b`` rounded up (towards +infinity): "fractions rounded up"."""
    return -(-a // b)


def round_half(value: int | Fraction, mode: Rounding) -> int:
    """Round ``value`` to a whole number by ``mode`` (see :class:`Rounding`).

    ``round_half(Fraction(5, 2), Rounding.NEAREST_HALF_UP) == 3``;
    ``round_half(Fraction(-5, 2), Rounding.NEAREST_HALF_UP) == -2``.
    """
    exact = Fraction(value)
    if mode is Rounding.UP:
        return math.ceil(exact)
    if mode is Rounding.DOWN:
        return math.floor(exact)
    return math.floor(exact + Fraction(1, 2))


def halve(value: int, mode: Rounding = Rounding.UP) -> int:
    """Half of ``value``, rounded by ``mode`` ("halved, rounded up" by default)."""
    return round_half(Fraction(value, 2), mode)
