"""The bots by name (wargame.bots.make_bot)."""

import pytest

from wargame.bots import BOTS, make_bot
from wargame.engine.errors import WargameError
from wargame.games import REGISTRY


def test_make_bot_names_each_bot_and_refuses_an_unknown_one() -> None:
    game = REGISTRY.game("empire-of-the-sun")
    view = {"actions": ["pass", "card J1"]}
    for kind in BOTS:
        assert make_bot(kind, game, game.sides[0], 7).choose(view) in view["actions"]
    with pytest.raises(WargameError, match="unknown bot 'clever'; bots are"):
        make_bot("clever", game, game.sides[0], 7)
