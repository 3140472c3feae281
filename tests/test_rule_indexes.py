"""The rule index of every product game: loads, in rulebook order, well-formed rows."""

import re

import pytest

from tests.browser.language import problems_in
from wargame.engine.rules import find_tests_dir, load_rule_index, report, scan_tests
from wargame.games import REGISTRY

GAMES = [entry.id for entry in REGISTRY.listed()]
INTERNAL = re.compile(r"IMPL|\bspec\b|later-edition|§|\([A-Z]+\)")  # source tags players never see
# One row per numbered rule, chapters with sub-rules excluded (tools/rule_index_report.md).
EXPECTED_ROWS = {
    "empire-of-the-sun": 241,
    "asia-engulfed": 222,
    "dai-senso": 134,
    "aegean-strike": 112,
}


def index_of(game_id):
    return load_rule_index(REGISTRY.entry(game_id).rule_index)


@pytest.mark.parametrize("game_id", GAMES)
def test_index_loads_for_its_game_with_every_rule(game_id):
    index = index_of(game_id)
    assert index.game == game_id
    assert len(index.rules) == EXPECTED_ROWS[game_id]


@pytest.mark.parametrize("game_id", GAMES)
def test_rows_have_titles_in_both_languages_and_a_matching_chapter(game_id):
    index = index_of(game_id)
    for entry in index.rules:
        head = entry.number.split(".")[0]
        assert entry.chapter in (head, f"{head}.0"), entry.number
        assert 1 <= len(entry.title.split()) <= 8, entry.number
        assert entry.title_ja, entry.number


@pytest.mark.parametrize("game_id", GAMES)
def test_provisional_rules_say_why(game_id):
    for entry in index_of(game_id).rules:
        if entry.provenance == "provisional":
            assert entry.note, f"{game_id} {entry.number} is provisional without a note"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_index_credits_the_published_game_as_its_sources_name_it(game_id):
    credits = index_of(game_id).credits
    assert credits is not None and credits.title and credits.publisher and credits.source
    assert len(credits.designers_ja) == len(credits.designers)


@pytest.mark.parametrize("game_id", [g for g in GAMES if REGISTRY.playable(g)])
def test_every_stand_in_of_the_code_is_told_to_players_in_both_languages(game_id):
    found = report(REGISTRY.game(game_id).rules, None)
    assert found.unexplained == [] and found.unused_explanations == []
    told = [s for row in found.rows for s in row.explained]
    assert told and all(s.text and s.text_ja for s in told)
    for text in [s.text for s in told] + [s.text_ja for s in told]:
        assert not INTERNAL.search(text), text
    assert all(problems_in(s.text_ja) == [] for s in told)
    for row in found.rows:
        assert len(row.explained) == len(row.stand_ins), row.number


@pytest.mark.parametrize("game_id", [g for g in GAMES if REGISTRY.playable(g)])
def test_no_code_or_test_claims_a_heading(game_id):
    found = report(REGISTRY.game(game_id).rules, scan_tests(find_tests_dir()))
    assert found.claimed_headings == []


@pytest.mark.parametrize("game_id", [g for g in GAMES if REGISTRY.playable(g)])
def test_no_code_or_test_claims_a_row_that_is_not_a_rule(game_id):
    found = report(REGISTRY.game(game_id).rules, scan_tests(find_tests_dir()))
    assert found.claimed_non_rules == []
    assert all(row.not_a_rule.strip() for row in found.rows if row.not_a_rule)
