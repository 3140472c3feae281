"""The rule registry, the rule index files and the reading of rule markers in tests."""

import textwrap

import pytest

from tests.conftest import ROOT
from tests.toy_game.game import RULES as TOY_RULES
from wargame.engine.errors import DataError
from wargame.engine.rules import (
    RuleRegistry,
    load_rule_index,
    report,
    rule_sort_key,
    scan_tests,
)


def test_rule_numbers_sort_in_rulebook_order():
    numbers = ["7.6", "7.52", "10.1", "7.5", "7.0", "2.1", "7.5a", "16.47", "4.1.10", "4.1.2"]
    assert sorted(numbers, key=rule_sort_key) == [
        "2.1",
        "4.1.2",
        "4.1.10",
        "7.0",
        "7.5",
        "7.5a",
        "7.52",
        "7.6",
        "10.1",
        "16.47",
    ]


def test_dotted_numbering_reads_each_component_as_a_whole_number():
    numbers = ["14.15", "14.2", "14.4", "14.37", "3.1.10", "3.1.2"]
    assert sorted(numbers, key=lambda n: rule_sort_key(n, "dotted")) == [
        "3.1.2",
        "3.1.10",
        "14.2",
        "14.4",
        "14.15",
        "14.37",
    ]


def test_rule_index_refuses_rules_out_of_order(tmp_path):
    path = tmp_path / "rules.yaml"
    rows = (
        " - {number: '14.15', title: a, provenance: seed}\n"
        " - {number: '14.2', title: b, provenance: seed}\n"
    )
    path.write_text("game: g\nnumbering: decimal\nrules:\n" + rows)
    assert [r.number for r in load_rule_index(path).rules] == ["14.15", "14.2"]
    path.write_text("game: g\nnumbering: dotted\nrules:\n" + rows)
    with pytest.raises(DataError, match=r"rule 14\.2 comes after 14\.15"):
        load_rule_index(path)


def test_rule_index_refuses_duplicates_and_bad_numbers(tmp_path):
    path = tmp_path / "rules.yaml"
    path.write_text(
        "game: g\nrules:\n - {number: '1.1', title: a, provenance: seed}\n"
        " - {number: '1.1', title: b, provenance: seed}\n"
    )
    with pytest.raises(DataError, match="listed twice"):
        load_rule_index(path)
    path.write_text("game: g\nrules:\n - {number: 'one', title: a, provenance: seed}\n")
    with pytest.raises(DataError, match="not a rule number"):
        load_rule_index(path)


def test_registry_records_implementing_functions_and_declarations():
    registry = RuleRegistry("g")

    @registry.implements("7.52", "7.53")
    def activation_path():
        return 1

    registry.declare("2.2", where="data/map.json")
    assert activation_path() == 1
    assert registry.implemented["7.52"] == [f"{__name__}.{activation_path.__qualname__}"]
    assert registry.implemented["2.2"] == ["data/map.json"]
    with pytest.raises(ValueError):
        registry.declare("seven", where="x")


SAMPLE_TESTS = """
import pytest
pytestmark = [pytest.mark.game("g"), pytest.mark.slow]

@pytest.mark.rule("1.1", "1.2")
def test_a():
    pass

@pytest.mark.rule("2.1", game="other")
def test_b():
    pass

def test_unmarked():
    pass

@pytest.mark.rule("3.1")
class TestGroup:
    @pytest.mark.rule("3.2")
    def test_c(self):
        pass

    def helper(self):
        pass
"""


def test_scanner_reads_function_class_and_module_markers(tmp_path):
    tests = tmp_path / "tests"
    (tests / "g").mkdir(parents=True)
    (tests / "g" / "test_sample.py").write_text(textwrap.dedent(SAMPLE_TESTS))
    found = scan_tests(tests).by_rule("g")
    assert found == {
        "1.1": ["tests/g/test_sample.py::test_a"],
        "1.2": ["tests/g/test_sample.py::test_a"],
        "3.1": ["tests/g/test_sample.py::TestGroup::test_c"],
        "3.2": ["tests/g/test_sample.py::TestGroup::test_c"],
    }
    assert scan_tests(tests).by_rule("other") == {"2.1": ["tests/g/test_sample.py::test_b"]}


def test_report_has_one_row_per_indexed_rule_with_code_and_tests():
    found = report(TOY_RULES, scan_tests(ROOT / "tests"))
    rows = {row.number: row for row in found.rows}
    assert list(rows) == ["1.1", "2.1", "2.2", "3.1", "3.2", "4.1", "4.2"]
    assert rows["3.2"].implemented and rows["3.2"].tests
    assert not rows["4.2"].implemented and rows["4.2"].tests == []
    assert found.unknown_in_code == [] and found.unknown_in_tests == []
    keys = {"number", "title", "title_ja", "provenance", "implemented", "tests"}
    assert set(rows["1.1"].to_json()) == keys


def test_a_stand_in_makes_the_rule_provisional_in_the_report():
    registry = RuleRegistry("toy", TOY_RULES.index_path)
    registry.stand_in("2.2", "ties are broken by a coin toss we designed", key="coin")
    rows = {row.number: row for row in report(registry, None).rows}
    assert rows["2.2"].provenance == "provisional"
    assert rows["2.2"].stand_ins == ("ties are broken by a coin toss we designed",)
    assert rows["2.1"].provenance == "provisional" and rows["2.1"].stand_ins == ()


def test_a_stand_in_is_told_to_players_in_the_words_its_index_gives_its_key(tmp_path):
    index = tmp_path / "rules.yaml"
    index.write_text(
        "game: toy\nrules:\n"
        '  - {number: "1.1", title: Ties, provenance: rulebook, stand_ins: '
        "[{key: coin, text: A coin decides a tie., text_ja: 同点はコインで決める。}, "
        "{key: stale, text: Nothing registers this.}]}\n"
        '  - {number: "1.2", title: Draws, provenance: rulebook}\n',
        encoding="utf-8",
    )
    registry = RuleRegistry("toy", index)
    registry.stand_in("1.1", "coin toss (spec 9)", key="coin")
    registry.stand_in("1.2", "a draw is replayed (spec 9)", key="replay")
    found = report(registry, None)
    rows = {row.number: row for row in found.rows}
    assert [s.text_ja for s in rows["1.1"].explained] == ["同点はコインで決める。"]
    assert rows["1.2"].explained == ()
    assert found.unexplained == ["1.2 replay"]
    assert found.unused_explanations == ["1.1 stale"]


def test_report_flags_rule_numbers_missing_from_the_index():
    registry = RuleRegistry("toy", TOY_RULES.index_path)
    registry.declare("9.9", where="somewhere")
    assert report(registry, None).unknown_in_code == ["9.9"]


def test_scanner_agrees_with_pytest_collection(request):
    """Every rule marker pytest sees on a collected test, the scanner sees too (and vice versa)."""
    scanned = {}
    for mark in scan_tests(ROOT / "tests").marks:
        scanned.setdefault(mark.test_id, set()).update((mark.game, n) for n in mark.numbers)
    collected = {}
    for item in request.session.items:
        module_game = next((m.args[0] for m in item.iter_markers("game")), None)
        for marker in item.iter_markers("rule"):
            game = marker.kwargs.get("game", module_game)
            test_id = item.nodeid.split("[")[0]
            collected.setdefault(test_id, set()).update((game, n) for n in marker.args)
    for test_id, marks in collected.items():
        assert scanned.get(test_id) == marks, test_id


HEADED_INDEX = """game: toy
rules:
  - {number: "3.1", title: Combat, provenance: seed, heading: true}
  - {number: "3.11", title: Dice, provenance: seed}
  - {number: "3.12", title: Losses, provenance: seed}
  - {number: "3.2", title: Retreats, provenance: seed, heading: true}
  - {number: "3.21", title: Routes, provenance: seed}
"""


def headed_report(tmp_path, *, tested, implemented, claimed=(), text=HEADED_INDEX):
    index = tmp_path / "rules.yaml"
    index.write_text(text, encoding="utf-8")
    registry = RuleRegistry("toy", index)
    for number in implemented:
        registry.declare(number, where="somewhere")
    tests = tmp_path / "tests"
    tests.mkdir()
    marks = "".join(
        f'@pytest.mark.rule("{n}", game="toy")\ndef test_{n.replace(".", "_")}():\n    pass\n\n'
        for n in tested
    )
    (tests / "test_toy.py").write_text("import pytest\n\n" + marks, encoding="utf-8")
    found = report(registry, scan_tests(tests))
    return found, {row.number: row for row in found.rows}


def test_a_heading_is_covered_only_once_each_sub_rule_is_implemented_and_tested(tmp_path):
    found, rows = headed_report(
        tmp_path, implemented=["3.11", "3.12", "3.21"], tested=["3.11", "3.12"]
    )
    combat, retreats = rows["3.1"], rows["3.2"]
    assert combat.heading and combat.sub_rules == ("3.11", "3.12")
    assert combat.implemented and combat.covered and combat.uncovered == ()
    assert not retreats.implemented and retreats.uncovered == ("3.21",)  # implemented, no test
    assert combat.tests == [] and found.claimed_headings == []
    assert combat.to_json()["heading"] is True and "heading" not in rows["3.11"].to_json()


def test_a_heading_that_code_or_tests_name_is_flagged_and_gains_nothing_from_it(tmp_path):
    found, rows = headed_report(tmp_path, implemented=["3.2", "3.11"], tested=["3.1", "3.11"])
    assert found.claimed_headings == ["3.1", "3.2"]
    assert not rows["3.1"].implemented and rows["3.1"].tests == []  # 3.12 is not covered
    assert not rows["3.2"].implemented


@pytest.mark.parametrize(
    ("rows", "refusal"),
    [
        (
            " - {number: '3.1', title: a, provenance: seed, heading: true}\n"
            " - {number: '3.2', title: b, provenance: seed}\n",
            r"heading 3\.1 has no sub-rules",
        ),
        (
            " - {number: '3.1', title: a, provenance: seed, not_a_rule: notes,"
            " stand_ins: [{key: k, text: t}]}\n",
            r"3\.1 is not a rule",
        ),
    ],
)
def test_rule_index_refuses_a_heading_without_sub_rules_or_a_stand_in_for_no_rule(
    tmp_path, rows, refusal
):
    path = tmp_path / "rules.yaml"
    path.write_text("game: g\nrules:\n" + rows)
    with pytest.raises(DataError, match=refusal):
        load_rule_index(path)


NOTES_INDEX = (
    HEADED_INDEX
    + """  - {number: "3.22", title: Lost, provenance: provisional, not_a_rule: "lost; no use"}
  - {number: "4.0", title: Notes, provenance: rulebook, not_a_rule: "designers' notes"}
"""
)


def test_a_row_that_is_not_a_rule_is_settled_under_its_heading_and_reported_with_its_reason(
    tmp_path,
):
    found, rows = headed_report(
        tmp_path, implemented=["3.11", "3.12", "3.21"], tested=["3.11", "3.12", "3.21"],
        text=NOTES_INDEX,
    )  # fmt: skip
    assert rows["3.2"].implemented and rows["3.2"].uncovered == ()  # 3.22 needs nothing
    notes = rows["4.0"]
    assert notes.not_a_rule == "designers' notes" and not notes.implemented and notes.settled
    assert notes.to_json()["not_a_rule"] == "designers' notes"
    assert "not_a_rule" not in rows["3.21"].to_json() and found.claimed_non_rules == []


def test_code_or_tests_naming_a_row_that_is_not_a_rule_are_flagged_and_gain_nothing(tmp_path):
    found, rows = headed_report(tmp_path, implemented=["4.0"], tested=["3.22"], text=NOTES_INDEX)
    assert found.claimed_non_rules == ["3.22", "4.0"]
    assert not rows["4.0"].implemented and rows["3.22"].tests == []
