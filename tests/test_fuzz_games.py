"""A bounded fuzz run of every playable game, part of every CI run."""

import pytest

from wargame.fuzz import FuzzConfig, fuzz
from wargame.games import REGISTRY

PLAYABLE = [entry.id for entry in REGISTRY.entries.values() if REGISTRY.playable(entry.id)]
# games per run, how often every check runs, the scenario (all, in turn, when empty) and, for the
# longest scenarios, how many actions to play of each game (else to the end): bounded so that CI
# stays well under its budget; a campaign of Asia Engulfed is about 4,800 actions
BOUNDS = {
    "toy": [(60, 1, "")],
    "empire-of-the-sun": [(2, 20, "")],
    "asia-engulfed": [(2, 4, "tipping_the_scales"), (1, 60, "jan1942")],
    # Dai Senso!: the training scenarios, and one game of each campaign checked every 20 actions
    # (the one-map campaign: 32 turns, about 3,700 actions; the two-map campaign of 1937: up to
    # 58 turns, this game 6,333 actions and 54 CPU s, so its first 2,500 only;
    # docs/dai-senso.md quotes 30 whole games of each)
    "dai-senso": [
        (2, 1, "a1_august_storm"),
        (1, 1, "a2_china_incident"),
        (1, 1, "a3_tora_tora_tora"),
        (1, 20, "b1_war_of_resistance"),
        (1, 20, "c1_1937", 2_500),
    ],
    "aegean-strike": [
        (2, 1, "north_africa_war"),
        (1, 10, "greece_turkey_war"),
        (1, 20, "turkish_missile_crisis"),
        # about 10,000 actions a game, 90 CPU s: its first 3,000 only (docs/aegean-strike.md: 30)
        (1, 40, "wwiii_southwestern_front", 3_000),
    ],
}
CASES = [
    pytest.param(game, (*bound, None)[:4], id="-".join(map(str, (game, *bound))))
    for game in PLAYABLE
    for bound in BOUNDS.get(game, [(4, 1, "")])
]


@pytest.mark.parametrize(("game_id", "bound"), CASES)
def test_random_games_end_without_failure(game_id, bound, tmp_path):
    games, every, scenario, stop_after = bound
    config = FuzzConfig(
        games=games,
        seed=2026,
        check_every=every,
        scenario=scenario or None,
        stop_after=stop_after,
        out_dir=tmp_path,
    )
    summary = fuzz(game_id, config, REGISTRY.game, lambda outcome: None)
    assert [o.failure for o in summary.failures] == []
    if stop_after is None:
        assert all(o.result for o in summary.outcomes)
    else:  # each game played its bound of actions, its end not reached
        assert [o.actions for o in summary.outcomes] == [stop_after] * games
