"""The bots by name (wargame.bots.make_bot)."""

import pytest

from tests.toy_game.game import GAME
from wargame.bots import BOTS, LEVELS, make_bot
from wargame.engine.errors import WargameError


def test_make_bot_names_each_bot_and_refuses_an_unknown_one() -> None:
    state = GAME.setup("short", 5)
    view = GAME.view(state, "red")
    for kind in BOTS:
        assert make_bot(kind, GAME, "red", 7).choose(view) in view["actions"]
    with pytest.raises(WargameError, match="unknown bot 'clever'; bots are"):
        make_bot("clever", GAME, "red", 7)


def test_a_stronger_level_searches_more() -> None:
    easy, normal, hard = (LEVELS[kind] for kind in ("mcts-easy", "mcts", "mcts-hard"))
    assert easy.iterations < normal.iterations < hard.iterations
    assert BOTS.keys() >= {"random", "greedy", "mcts-easy", "mcts", "mcts-hard"}
