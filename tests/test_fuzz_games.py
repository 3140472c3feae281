"""A bounded fuzz run of every playable game, part of every CI run."""

import pytest

from wargame.fuzz import FuzzConfig, fuzz
from wargame.games import REGISTRY

PLAYABLE = [entry.id for entry in REGISTRY.entries.values() if REGISTRY.playable(entry.id)]
# games per run, how often every check runs and the scenario (all, in turn, when empty): bounded
# so that CI stays well under its budget; a campaign of Asia Engulfed is about 4,800 actions
BOUNDS = {
    "toy": [(60, 1, "")],
    "empire-of-the-sun": [(2, 20, "")],
    "asia-engulfed": [(2, 4, "tipping_the_scales"), (1, 60, "jan1942")],
    # Dai Senso!: the training scenarios, and one game of each campaign checked every 20 actions
    # (the one-map campaign: 32 turns, about 3,700 actions; the two-map campaign of 1937: up to
    # 58 turns, this game about 2,500 actions, 17 CPU s, ended by an automatic victory in 1939)
    "dai-senso": [
        (2, 1, "a1_august_storm"),
        (1, 1, "a2_china_incident"),
        (1, 1, "a3_tora_tora_tora"),
        (1, 20, "b1_war_of_resistance"),
        (1, 20, "c1_1937"),
    ],
    "aegean-strike": [
        (2, 1, "north_africa_war"),
        (1, 10, "greece_turkey_war"),
        (1, 20, "turkish_missile_crisis"),
        (1, 40, "wwiii_southwestern_front"),
    ],
}
CASES = [(game, *bound) for game in PLAYABLE for bound in BOUNDS.get(game, [(4, 1, "")])]


@pytest.mark.parametrize(("game_id", "games", "every", "scenario"), CASES)
def test_random_games_end_without_failure(game_id, games, every, scenario, tmp_path):
    config = FuzzConfig(
        games=games, seed=2026, check_every=every, scenario=scenario or None, out_dir=tmp_path
    )
    summary = fuzz(game_id, config, REGISTRY.game, lambda outcome: None)
    assert [o.failure for o in summary.failures] == []
    assert all(o.result for o in summary.outcomes)
