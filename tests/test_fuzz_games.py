"""A bounded fuzz run of every playable game, part of every CI run."""

import pytest

from wargame.fuzz import FuzzConfig, fuzz
from wargame.games import REGISTRY

PLAYABLE = [entry.id for entry in REGISTRY.entries.values() if REGISTRY.playable(entry.id)]
# games per run and how often every check runs: bounded so CI stays well under its budget
BOUNDS = {"toy": (60, 1), "empire-of-the-sun": (2, 20)}


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_random_games_end_without_failure(game_id, tmp_path):
    games, every = BOUNDS.get(game_id, (4, 1))
    config = FuzzConfig(games=games, seed=2026, check_every=every, out_dir=tmp_path)
    summary = fuzz(game_id, config, REGISTRY.game, lambda outcome: None)
    assert [o.failure for o in summary.failures] == []
    assert all(o.result for o in summary.outcomes)
