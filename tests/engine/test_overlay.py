"""Printed tables as data and rules overlays (engine ``overlay``): the data file checked at load, an
overlay checked and normalized (only the tables it changes, with their digest), refused in one line
naming the file, the table and the field, and read through a state once per overlay."""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Annotated

import msgspec
import pytest

from tests.toy_game.game import GAME as TOY
from wargame.engine.errors import DataError, UnknownGame, WargameError
from wargame.engine.overlay import (
    MAX_OVERLAY_BYTES,
    OPTION,
    PrintedTables,
    TableKind,
    overlay_summary,
    parse_overlay,
)
from wargame.engine.registry import Entry, Registry
from wargame.engine.state import State

TABLES_FILE = """\
game: tiny
tables:
  hits:
    title: Hits by roll
    provenance: rulebook
    ref: "3.1"
    source: the rulebook's chart
    values: {low: 1, high: 3}
  bonus:
    title: Bonus
    provenance: provisional
    ref: "3.2"
    source: our design
    reason: the chart is lost; the designer's other game gives +1
    values: 1
"""


class Hits(msgspec.Struct, forbid_unknown_fields=True):
    low: Annotated[int, msgspec.Meta(ge=0)]
    high: int


def hits_pair(values: Hits) -> tuple[int, int]:
    if values.high < values.low:
        raise ValueError(f"high {values.high} is below low {values.low}")
    return (values.low, values.high)


KINDS = {"hits": TableKind(Hits, hits_pair), "bonus": TableKind(int)}


def tiny(tmp_path: Path, text: str = TABLES_FILE) -> PrintedTables:
    path = tmp_path / "tables.yaml"
    path.write_text(text, encoding="utf-8")
    return PrintedTables("tiny", path, KINDS)


def state_with(options: dict) -> State:
    return State("tiny", "1", "s", 1, options, 0, {}, [])


def test_the_data_file_gives_each_table_built_with_its_provenance(tmp_path):
    tables = tiny(tmp_path)
    assert dict(tables.defaults) == {"hits": (1, 3), "bonus": 1}
    assert tables.entries["bonus"].provenance == "provisional"
    assert [row["id"] for row in tables.listing()] == ["hits", "bonus"]
    assert tables.listing()[1]["reason"].startswith("the chart is lost")


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (("    reason: the chart is lost; the designer's other game gives +1\n", ""), "no reason"),
        (("  bonus:\n", "  extra:\n"), "no table 'extra'"),
        (("values: 1\n", "values: one\n"), "table bonus: Expected `int`, got `str`"),
        (("{low: 1, high: 3}", "{low: 4, high: 3}"), "table hits: high 3 is below low 4"),
        (("game: tiny", "game: other"), "tables of 'other'"),
        (("provenance: rulebook", "provenance: rumour"), "Invalid enum value 'rumour'"),
    ],
)
def test_a_data_file_that_does_not_fit_is_refused_naming_the_file_and_table(
    tmp_path, change, problem
):
    tables = tiny(tmp_path, TABLES_FILE.replace(*change))
    with pytest.raises(DataError) as refused:
        tables.defaults  # noqa: B018
    assert "tables.yaml" in refused.value.message
    assert problem in refused.value.message


def test_a_data_file_missing_a_table_the_code_reads_is_refused(tmp_path):
    text = TABLES_FILE[: TABLES_FILE.index("  bonus:")]
    with pytest.raises(DataError, match="table bonus is missing"):
        tiny(tmp_path, text).entries  # noqa: B018


def test_an_overlay_keeps_only_the_tables_it_changes_and_their_digest(tmp_path):
    tables = tiny(tmp_path)
    overlay = tables.normalize(
        {"game": "tiny", "name": "Mine", "tables": {"hits": {"high": 4, "low": 2}, "bonus": 1}},
        "mine.yaml",
    )
    assert overlay is not None
    assert overlay["tables"] == {"hits": {"low": 2, "high": 4}}
    assert overlay["name"] == "Mine" and len(overlay["digest"]) == 64
    # the normalized form is accepted again as it is: a record's options set the game up again
    assert tables.normalize(overlay, "record") == overlay
    reordered = tables.normalize({"tables": {"hits": {"high": 4, "low": 2}}}, "x")
    assert reordered is not None and reordered["digest"] == overlay["digest"]


def test_an_overlay_that_changes_nothing_is_no_overlay(tmp_path):
    tables = tiny(tmp_path)
    assert tables.normalize({"tables": {"hits": {"low": 1, "high": 3}}}, "same.yaml") is None
    assert tables.normalize({"tables": {}}, "empty.yaml") is None


@pytest.mark.parametrize(
    ("raw", "problem"),
    [
        ({"game": "other", "tables": {}}, "an overlay for 'other', not tiny"),
        ({"tables": {"hitz": {}}}, "no table 'hitz'; the tables: bonus, hits"),
        (
            {"tables": {"hits": {"low": -1, "high": 3}}},
            "table hits, field low: Expected `int` >= 0",
        ),
        ({"tables": {"hits": {"low": 1}}}, "table hits: Object missing required field `high`"),
        ({"tables": {"hits": {"low": 5, "high": 3}}}, "table hits: high 3 is below low 5"),
        ({"tables": {"bonus": 2}, "digest": "0" * 64}, "not the digest of its tables"),
        ({"tables": {}, "colour": "red"}, "unknown key 'colour'"),
        ({"tables": [1]}, "'tables' must map table names"),
        ([1, 2], "an overlay is a mapping"),
        ({"name": ["x"], "tables": {}}, "its name must be a line of text"),
    ],
)
def test_a_bad_overlay_is_refused_in_one_line_naming_where(tmp_path, raw, problem):
    with pytest.raises(DataError) as refused:
        tiny(tmp_path).normalize(raw, "mine.yaml")
    assert refused.value.message.startswith("mine.yaml: ")
    assert problem in refused.value.message
    assert "\n" not in refused.value.message


def test_an_overlay_file_is_read_named_after_it_and_checked_whole(tmp_path):
    tables = tiny(tmp_path)
    path = tmp_path / "second-printing.yaml"
    path.write_text("game: tiny\ntables:\n  bonus: 2\n", encoding="utf-8")
    overlay = tables.read(path)
    assert overlay is not None and overlay["name"] == "second-printing.yaml"
    path.write_text("tables:\n  bonus: &b 2\n  hits: *b\n", encoding="utf-8")
    with pytest.raises(DataError, match="may not use YAML aliases"):
        tables.read(path)
    path.write_text("tables: [1", encoding="utf-8")
    with pytest.raises(DataError, match=r"second-printing\.yaml: not valid YAML"):
        tables.read(path)
    path.write_text("#" * (MAX_OVERLAY_BYTES + 1), encoding="utf-8")
    with pytest.raises(WargameError, match="too large"):
        tables.read(path)
    with pytest.raises(DataError, match="48 KB at most"):
        parse_overlay("#" * (MAX_OVERLAY_BYTES + 1), "text")


def test_a_state_reads_its_overlays_tables_built_once_per_overlay(tmp_path):
    tables = tiny(tmp_path)
    assert tables.of(state_with({})) is tables.defaults
    overlay = tables.normalize({"tables": {"hits": {"low": 0, "high": 9}}}, "x")
    first = tables.of(state_with({OPTION: overlay}))
    assert dict(first) == {"hits": (0, 9), "bonus": 1}
    assert tables.of(state_with({OPTION: dict(overlay)})) is first
    assert overlay_summary({OPTION: overlay}) == {
        "name": "",
        "digest": overlay["digest"],
        "tables": ["hits"],
    }
    assert overlay_summary({}) is None


def test_a_state_whose_overlay_does_not_match_its_digest_is_refused(tmp_path):
    tables = tiny(tmp_path)
    overlay = tables.normalize({"tables": {"bonus": 3}}, "x")
    assert overlay is not None
    forged = {**overlay, "digest": "f" * 64, "tables": {"bonus": 4}}
    with pytest.raises(DataError, match="not the digest of its tables"):
        tables.of(state_with({OPTION: forged}))


def test_the_template_is_every_table_and_read_back_changes_nothing(tmp_path):
    tables = tiny(tmp_path)
    template = tables.template()
    assert "# Bonus (rule 3.2; provisional)" in template
    assert "# provisional, designed by this edition where no source gives it." in template
    assert "seed, the Japanese translation of the rulebook" in template  # a player's key to it
    assert "# the chart is lost" in template
    path = tmp_path / "template.yaml"
    path.write_text(template, encoding="utf-8")
    assert set(parse_overlay(template, "t")["tables"]) == {"hits", "bonus"}
    assert tables.read(path) is None


def test_a_game_without_printed_tables_refuses_an_overlay():
    with pytest.raises(UnknownGame, match="has no printed tables to replace"):
        TOY.setup("standard", 1, {OPTION: {"tables": {}}})
    assert OPTION not in TOY.setup("standard", 1, {OPTION: None}).options


def test_a_registry_finds_the_printed_tables_of_a_game_not_playable_yet(tmp_path, monkeypatch):
    module = types.ModuleType("tiny_charts")
    module.TABLES = tiny(tmp_path)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tiny_charts", module)
    registry = Registry()
    registry.add(Entry("tiny", "Tiny", tables_module="tiny_charts"))
    registry.add(Entry("bare", "Bare"))
    assert registry.tables("tiny") is module.TABLES
    assert registry.tables("bare") is None
    with pytest.raises(UnknownGame, match="not playable yet"):
        registry.game("tiny")
