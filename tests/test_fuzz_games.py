"""A bounded fuzz run of every playable game, part of every CI run."""

import pytest

from wargame.fuzz import FuzzConfig, fuzz
from wargame.games import REGISTRY

PLAYABLE = [entry.id for entry in REGISTRY.entries.values() if REGISTRY.playable(entry.id)]
GAMES_PER_RUN = {"toy": 60}


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_random_games_end_without_failure(game_id, tmp_path):
    config = FuzzConfig(games=GAMES_PER_RUN.get(game_id, 4), seed=2026, out_dir=tmp_path)
    summary = fuzz(game_id, config, REGISTRY.game, lambda outcome: None)
    assert [o.failure for o in summary.failures] == []
    assert all(o.result for o in summary.outcomes)
