"""The rule registry: which numbered rules a game implements, and which tests exercise them.

Three sources meet here:

* the game's *rule index* (``data/rules.yaml``): one row per numbered rule of its spec, with a
  title and the provenance of the rule's text;
* the code: functions declare the rules they implement with ``@registry.implements("7.52")``, and
  rules enforced by data alone are declared with ``registry.declare("2.2", where=...)``;
* the tests: ``@pytest.mark.rule("7.52")`` on a test (the game comes from ``game=`` or from the
  module's ``pytestmark = pytest.mark.game("...")``). Tests are found by reading the test files'
  syntax trees, so the report needs no test run; a test of the suite checks that this reading
  agrees with pytest's own collection.

A row marked ``heading: true`` only groups the rules numbered under it (9.11-9.17 under 9.1):
it is reported implemented once each of them is implemented and tested, and code or tests that
name it are flagged (``claimed_headings``), as a heading has no behaviour to claim.

A row with ``not_a_rule: "<reason>"`` is numbered in the rulebook but states nothing a program
could enforce: player or designers' notes, an example of play, a lost rule nothing refers to, a
game the project does not include (``not_a_rule_ja``: the reason in Japanese, which the About
page shows in Japanese). The report shows it as such with its reason, leaves it out of
the implemented and tested totals, counts it as settled under its heading, and flags code or
tests that name it (``claimed_non_rules``), as there is nothing of it to claim.
"""

from __future__ import annotations

import ast
import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Final, Literal, TypeVar

import msgspec

from wargame.engine.data import Provenance, load_file
from wargame.engine.errors import DataError

F = TypeVar("F", bound=Callable[..., Any])
_NUMBER: Final = re.compile(r"^\d+(\.\d+)*[a-z]?$")


Numbering = Literal["decimal", "dotted"]


def rule_sort_key(number: str, numbering: Numbering = "decimal") -> tuple[tuple[int, str], ...]:
    """Rulebook order of rule numbers, by the way the rulebook numbers its rules.

    ``decimal``: with one dot the digits after it are levels, so ``7.52`` is rule 2 of section
    7.5 and comes after ``7.5`` and before ``7.6``; with several dots each component is a level.
    ``dotted``: every dot-separated component is a whole number, so ``14.15`` comes after
    ``14.4``. A letter suffix (``7.5a``) sorts right after its number.
    """
    head, _, tail = number.partition(".")
    parts: list[tuple[int, str]] = [(int(head), "")] if head.isdigit() else [(0, head)]
    components = tail.split(".") if tail else []
    digit_levels = numbering == "decimal" and len(components) == 1
    for component in components:
        match = re.fullmatch(r"(\d+)([a-z]?)", component)
        if match is None:
            parts.append((0, component))
            continue
        digits, suffix = match.groups()
        if digit_levels:
            parts.extend((int(d), "") for d in digits)
        else:
            parts.append((int(digits), ""))
        if suffix:
            parts.append((0, suffix))
    return tuple(parts)


class StandIn(msgspec.Struct, frozen=True, omit_defaults=True):
    """A stand-in the code registers (:meth:`RuleRegistry.stand_in` with this ``key``), told to
    players in their words: what the program does and why, in English and Japanese."""

    key: str
    text: str
    text_ja: str = ""


class RuleEntry(msgspec.Struct, frozen=True, omit_defaults=True):
    """One numbered rule of a game's spec. A ``heading`` only names and groups its sub-rules
    (the rules numbered under it): it states nothing of its own to implement or test, and it is
    covered when every sub-rule is. ``not_a_rule`` says why a row has nothing to enforce."""

    number: str
    title: str
    provenance: Provenance
    chapter: str = ""
    title_ja: str = ""
    note: str = ""
    stand_ins: list[StandIn] = []
    heading: bool = False
    not_a_rule: str = ""
    not_a_rule_ja: str = ""


class Credits(msgspec.Struct, frozen=True, omit_defaults=True):
    """The published game an edition follows, credited as its sources name it (``source``):
    players read it on the About page, beside the notice that the edition is unofficial."""

    title: str
    publisher: str
    source: str
    title_ja: str = ""
    designers: list[str] = []
    designers_ja: list[str] = []


class RuleIndexFile(msgspec.Struct, frozen=True):
    game: str
    rules: list[RuleEntry]
    spec: str = ""
    numbering: Numbering = "decimal"
    credits: Credits | None = None


def load_rule_index(path: Path) -> RuleIndexFile:
    """Load a rule index; its rules must be well-numbered, unique and in rulebook order."""
    index = load_file(path, RuleIndexFile)
    previous: RuleEntry | None = None
    seen: set[str] = set()
    for entry in index.rules:
        if not _NUMBER.match(entry.number):
            raise DataError(f"{path}: {entry.number!r} is not a rule number")
        if entry.number in seen:
            raise DataError(f"{path}: rule {entry.number} is listed twice")
        seen.add(entry.number)
        if previous is not None and rule_sort_key(
            previous.number, index.numbering
        ) >= rule_sort_key(entry.number, index.numbering):
            raise DataError(f"{path}: rule {entry.number} comes after {previous.number}")
        previous = entry
    for entry in index.rules:
        if entry.heading and not sub_rules(index, entry.number):
            raise DataError(f"{path}: heading {entry.number} has no sub-rules")
        if entry.not_a_rule and (entry.heading or entry.stand_ins):
            raise DataError(f"{path}: {entry.number} is not a rule: no heading, no stand-ins")
    return index


def is_sub_rule(number: str, heading: str, numbering: Numbering = "decimal") -> bool:
    """Whether ``number`` is numbered under ``heading`` (9.11 and 9.1a under 9.1, not 9.2)."""
    inner, outer = rule_sort_key(number, numbering), rule_sort_key(heading, numbering)
    return len(inner) > len(outer) and inner[: len(outer)] == outer


def sub_rules(index: RuleIndexFile, heading: str) -> list[str]:
    """The rules of ``index`` numbered under ``heading``, headings among them excepted."""
    return [
        entry.number
        for entry in index.rules
        if not entry.heading and is_sub_rule(entry.number, heading, index.numbering)
    ]


@dataclass
class RuleRegistry:
    """The rules one game's code implements."""

    game: str
    index_path: Path | None = None
    implemented: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    stand_ins: dict[str, dict[str, str]] = field(default_factory=lambda: defaultdict(dict))

    def implements(self, *numbers: str) -> Callable[[F], F]:
        """Decorator: the function enforces these rules."""

        def mark(function: F) -> F:
            where = f"{function.__module__}.{function.__qualname__}"
            self.declare(*numbers, where=where)
            return function

        return mark

    def stand_in(self, number: str, description: str, *, key: str) -> None:
        """Record a designed stand-in for a rule whose text is missing or silent: the rule is
        then reported with provenance ``provisional`` and the description (for maintainers).
        Players read it in the words the rule index gives the stand-in ``key``."""
        self.stand_ins[number][key] = description

    def declare(self, *numbers: str, where: str) -> None:
        """Declare rules enforced somewhere other than one function (data, a table)."""
        for number in numbers:
            if not _NUMBER.match(number):
                raise ValueError(f"{where}: {number!r} is not a rule number")
            if where not in self.implemented[number]:
                self.implemented[number].append(where)

    def index(self) -> RuleIndexFile:
        if self.index_path is None or not self.index_path.exists():
            return RuleIndexFile(self.game, [])
        return load_rule_index(self.index_path)


@dataclass(frozen=True)
class RuleRow:
    number: str
    title: str
    provenance: str
    implemented: bool
    tests: list[str]
    code: list[str]
    note: str = ""
    stand_ins: tuple[str, ...] = ()
    title_ja: str = ""
    explained: tuple[StandIn, ...] = ()  # the stand-ins of the code, in players' words
    heading: bool = False
    sub_rules: tuple[str, ...] = ()  # a heading's
    uncovered: tuple[str, ...] = ()  # a heading's sub-rules not implemented and tested yet
    not_a_rule: str = ""  # why the row has nothing to enforce
    not_a_rule_ja: str = ""

    @property
    def covered(self) -> bool:
        """Implemented and tested; a heading when every sub-rule is (``implemented`` then)."""
        return self.implemented and (self.heading or bool(self.tests))

    @property
    def settled(self) -> bool:
        """Nothing left to do: covered, or not a rule."""
        return self.covered or bool(self.not_a_rule)

    def to_json(self) -> dict[str, Any]:
        found = {
            "number": self.number,
            "title": self.title,
            "title_ja": self.title_ja or self.title,
            "provenance": self.provenance,
            "implemented": self.implemented,
            "tests": self.tests,
        }
        if self.heading:
            found |= {"heading": True, "sub_rules": list(self.sub_rules)}
        if self.not_a_rule:
            found |= {
                "not_a_rule": self.not_a_rule,
                "not_a_rule_ja": self.not_a_rule_ja or self.not_a_rule,
            }
        return found


@dataclass(frozen=True)
class RuleReport:
    game: str
    rows: list[RuleRow]
    unknown_in_code: list[str]
    unknown_in_tests: list[str]
    tests_found: bool
    unexplained: list[str] = field(default_factory=list)  # "rule key": no players' words
    unused_explanations: list[str] = field(default_factory=list)  # "rule key": no such stand-in
    claimed_headings: list[str] = field(default_factory=list)  # headings code or tests name
    claimed_non_rules: list[str] = field(default_factory=list)  # not-a-rule rows they name


def report(registry: RuleRegistry, tests: TestIndex | None) -> RuleReport:
    """One row per rule of the index, and the rule numbers code or tests name but it lacks."""
    index = registry.index()
    entries = index.rules
    known = {entry.number for entry in entries}
    tested = tests.by_rule(registry.game) if tests is not None else {}
    rows = [_row(registry, entry, tested) for entry in entries]
    rows = [_heading_row(index, row, rows) if row.heading else row for row in rows]
    headings = {entry.number for entry in entries if entry.heading}
    non_rules = {entry.number for entry in entries if entry.not_a_rule}
    claimed = set(registry.implemented) | set(registry.stand_ins) | set(tested)
    coded = {(n, key) for n, found in registry.stand_ins.items() for key in found}
    told = {(entry.number, s.key) for entry in entries for s in entry.stand_ins}
    return RuleReport(
        game=registry.game,
        rows=rows,
        unknown_in_code=_in_order(
            (set(registry.implemented) | set(registry.stand_ins)) - known, index.numbering
        ),
        unknown_in_tests=_in_order(set(tested) - known, index.numbering),
        tests_found=tests is not None,
        unexplained=[f"{n} {key}" for n, key in sorted(coded - told)],
        unused_explanations=[f"{n} {key}" for n, key in sorted(told - coded)],
        claimed_headings=_in_order(headings & claimed, index.numbering),
        claimed_non_rules=_in_order(non_rules & claimed, index.numbering),
    )


def _row(registry: RuleRegistry, entry: RuleEntry, tested: dict[str, list[str]]) -> RuleRow:
    """A rule as code and tests cover it; a row that is not a rule gains nothing from them."""
    coded = registry.stand_ins.get(entry.number, {})
    claimable = not entry.not_a_rule
    return RuleRow(
        number=entry.number,
        title=entry.title,
        provenance="provisional" if coded else entry.provenance,
        implemented=claimable and entry.number in registry.implemented,
        tests=sorted(tested.get(entry.number, [])) if claimable else [],
        code=list(registry.implemented.get(entry.number, [])),
        note=entry.note,
        stand_ins=tuple(coded.values()),
        title_ja=entry.title_ja,
        explained=tuple(s for s in entry.stand_ins if s.key in coded),
        heading=entry.heading,
        not_a_rule=entry.not_a_rule,
        not_a_rule_ja=entry.not_a_rule_ja,
    )


def _heading_row(index: RuleIndexFile, row: RuleRow, rows: list[RuleRow]) -> RuleRow:
    """A heading as its sub-rules cover it: implemented once each is implemented and tested
    (or is not a rule); its own code and tests (none should name it) do not count."""
    subs = sub_rules(index, row.number)
    covered = {r.number for r in rows if r.settled}
    uncovered = tuple(n for n in subs if n not in covered)
    return replace(
        row, implemented=not uncovered, tests=[], sub_rules=tuple(subs), uncovered=uncovered
    )


def _in_order(numbers: Iterable[str], numbering: Numbering) -> list[str]:
    return sorted(numbers, key=lambda number: rule_sort_key(number, numbering))


# -- tests ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleMark:
    test_id: str
    game: str | None
    numbers: tuple[str, ...]


@dataclass
class TestIndex:
    """Rule markers found in a test tree."""

    marks: list[RuleMark]

    def by_rule(self, game: str) -> dict[str, list[str]]:
        found: dict[str, list[str]] = defaultdict(list)
        for mark in self.marks:
            if mark.game == game:
                for number in mark.numbers:
                    found[number].append(mark.test_id)
        return found


def find_tests_dir(start: Path | None = None) -> Path | None:
    """The project's ``tests`` folder: $WARGAME_TESTS_DIR, or beside a source checkout."""
    configured = os.environ.get("WARGAME_TESTS_DIR")
    if configured:
        return Path(configured) if Path(configured).is_dir() else None
    for base in (start or Path.cwd(), Path(__file__).resolve()):
        for folder in (base, *base.parents):
            candidate = folder / "tests"
            if (folder / "pyproject.toml").exists() and candidate.is_dir():
                return candidate
    return None


def scan_tests(tests_dir: Path) -> TestIndex:
    root = tests_dir.parent
    marks: list[RuleMark] = []
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        marks.extend(_marks_in_module(tree, path.relative_to(root).as_posix()))
    return TestIndex(marks)


Kind = Literal["rule", "game"]


def _marks_in_module(tree: ast.Module, file_id: str) -> Iterator[RuleMark]:
    module_game, module_rules = _module_marks(tree)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            yield from _test_mark(node, f"{file_id}::{node.name}", module_game, module_rules, [])
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            class_calls = list(_marker_calls(node.decorator_list))
            for item in node.body:
                if isinstance(
                    item, ast.FunctionDef | ast.AsyncFunctionDef
                ) and item.name.startswith("test"):
                    test_id = f"{file_id}::{node.name}::{item.name}"
                    yield from _test_mark(item, test_id, module_game, module_rules, class_calls)


def _module_marks(tree: ast.Module) -> tuple[str | None, list[ast.Call]]:
    game: str | None = None
    rules: list[ast.Call] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            values = (
                node.value.elts if isinstance(node.value, ast.List | ast.Tuple) else [node.value]
            )
            for kind, call in _marker_calls(values):
                if kind == "game" and call.args and isinstance(call.args[0], ast.Constant):
                    game = str(call.args[0].value)
                elif kind == "rule":
                    rules.append(call)
    return game, rules


def _test_mark(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    test_id: str,
    module_game: str | None,
    module_rules: list[ast.Call],
    class_calls: list[tuple[Kind, ast.Call]],
) -> Iterator[RuleMark]:
    calls = [*class_calls, *_marker_calls(node.decorator_list)]
    rule_calls = module_rules + [call for kind, call in calls if kind == "rule"]
    for call in rule_calls:
        numbers = tuple(str(a.value) for a in call.args if isinstance(a, ast.Constant))
        game = _keyword(call, "game") or module_game
        if numbers:
            yield RuleMark(test_id, game, numbers)


def _marker_calls(nodes: Iterable[ast.expr]) -> Iterator[tuple[Kind, ast.Call]]:
    for node in nodes:
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        name = node.func.attr
        base = node.func.value
        if name in ("rule", "game") and isinstance(base, ast.Attribute) and base.attr == "mark":
            yield ("rule" if name == "rule" else "game"), node


def _keyword(call: ast.Call, name: str) -> str | None:
    for keyword in call.keywords:
        if keyword.arg == name and isinstance(keyword.value, ast.Constant):
            return str(keyword.value.value)
    return None
