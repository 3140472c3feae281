"""The rule index of every product game: loads, in rulebook order, well-formed rows."""

import pytest

from wargame.engine.rules import load_rule_index
from wargame.games import REGISTRY

GAMES = [entry.id for entry in REGISTRY.listed()]
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
