"""The corpus of recorded games (tests/corpus, made by tools/corpus.py) replays move by move,
undos included, to the very positions it recorded: a change of the rules or the engine that alters
play is seen here, and made on purpose by recording the corpus again (issue 13)."""

from pathlib import Path

import msgspec
import pytest

from wargame.corpus import UNDO, difference, load
from wargame.games import REGISTRY

FOLDER = Path(__file__).parent / "corpus"
ENTRIES = sorted(FOLDER.glob("*.json"))
EMPIRE = REGISTRY.game("empire-of-the-sun")


@pytest.mark.parametrize("path", ENTRIES, ids=[path.stem for path in ENTRIES])
def test_a_recorded_game_replays_to_the_position_it_recorded(path):
    assert difference(load(path), REGISTRY.game) is None


def test_the_corpus_covers_every_scenario_finished_games_and_undos():
    entries = [load(path) for path in ENTRIES]
    assert len(entries) >= 20
    played = {entry.scenario for entry in entries if entry.game == EMPIRE.id}
    assert played == {scenario.id for scenario in EMPIRE.scenarios()}
    assert all(entry.result != "unfinished" for entry in entries)
    assert sum(1 for entry in entries if any(text == UNDO for _, text in entry.script)) >= 10
    campaigns = [entry for entry in entries if entry.scenario == "campaign"]
    assert len(campaigns) >= 2


def test_a_changed_move_or_result_is_reported():
    entry = load(FOLDER / "empire-of-the-sun-1942.json")
    cut = msgspec.structs.replace(entry, script=entry.script[:-1])
    assert "ends at" in difference(cut, REGISTRY.game)
    wrong = msgspec.structs.replace(entry, script=[*entry.script[:5], ("japan", "hex 9999")])
    assert "no longer replays" in difference(wrong, REGISTRY.game)
