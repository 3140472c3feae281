"""Games of three sides (issue 17, point 1: Dai Senso! is played by three factions), through the
three-player test game ``trio``: the fuzzer plays them to the end with every secret checked, and
a tournament seats three bots (the play server's part: tests/server/test_three_seats.py)."""

from __future__ import annotations

import pytest

from tests.trio_game import GAME
from tests.trio_game.game import SIDES
from wargame.cli import main
from wargame.engine.registry import Registry
from wargame.fuzz import FuzzConfig, fuzz

pytestmark = pytest.mark.game("trio")


def test_the_fuzzer_plays_three_sided_games_to_their_end_keeping_each_hand_secret(tmp_path):
    registry = Registry()
    registry.add_game(GAME)
    config = FuzzConfig(games=12, seed=3, out_dir=tmp_path)
    found = fuzz(GAME.id, config, registry.game, lambda outcome: None)
    assert found.failures == [], [o.failure for o in found.failures]
    assert len(found.outcomes) == 12 and all(o.result for o in found.outcomes)
    winners = {o.result.split(":")[-1] for o in found.outcomes}
    assert len(winners & set(SIDES)) >= 2  # not a game one seat always wins


def test_a_tournament_of_three_bots_reports_each_sides_wins(capsys):
    code = main(
        ["tournament", "trio", "-s", "standard", "--bots", "random,greedy,random", "--games", "3"]
    )
    out, _ = capsys.readouterr()
    assert code == 0
    lines = out.splitlines()
    assert "sides moved on by one each game" in lines[0]
    assert all(f"as {side}" in lines[2] for side in SIDES)
    greedy = next(line for line in lines if line.startswith("greedy "))
    assert greedy.count("/1 ") == 3 and "/3 " in greedy  # once as each side, three in all
