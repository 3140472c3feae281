"""Bots never peek: two true states that differ only in what the bot's side cannot see (the
other side's hand, the order of the decks, the dice to come) give it the same view, and with the
same seed it chooses the same action in both."""

import pytest

from tests.bots.positions import behind_with_the_move
from tests.toy_game.game import GAME as TOY
from wargame.bots import Bot, make_bot
from wargame.bots.ismcts import Budget, Search
from wargame.engine.contract import Game
from wargame.engine.rng import Rng
from wargame.engine.state import State, clone
from wargame.games import REGISTRY

EOTS = REGISTRY.game("empire-of-the-sun")


def bots(game: Game, side: str) -> list[Bot]:
    small = Budget(iterations=24, worlds=4)
    return [make_bot("greedy", game, side, 11), Search(game, side, 11, small)]


def assert_same_choice(game: Game, side: str, one: State, other: State) -> None:
    view = game.view(one, side)
    assert view == game.view(other, side), "the two states must look alike to the bot"
    for first, second in zip(bots(game, side), bots(game, side), strict=True):
        assert first.choose(view) == second.choose(game.view(other, side))


def test_toy_bots_choose_alike_whatever_the_opponent_holds() -> None:
    one = behind_with_the_move("blue", ["c3", "c2", "c6"], {"red": 1, "blue": 1}, ["c1", "c4"])
    other = behind_with_the_move("blue", ["c3", "c2", "c6"], {"red": 1, "blue": 1}, ["c5", "c8"])
    other.seed += 1  # other dice to come too
    assert one.data["hands"]["red"] != other.data["hands"]["red"]
    assert_same_choice(TOY, "blue", one, other)


@pytest.mark.game("empire-of-the-sun")
def test_empire_of_the_sun_bots_choose_alike_whatever_the_allies_hold() -> None:
    one = EOTS.setup("1942", 21)
    while EOTS.active(one) != ["japan"]:  # the Allies' free naval moves: stay
        side = EOTS.active(one)[0]
        one = EOTS.apply(one, side, EOTS.legal_actions(one, side)[-1])
    other = clone(one)
    allied = other.data["cards"]["allied"]
    size = len(allied["hand"])
    allied["hand"], allied["deck"] = allied["deck"][-size:], allied["deck"][:-size] + allied["hand"]
    Rng(5).shuffle(allied["deck"])
    other.seed += 1
    assert EOTS.check(other) == []
    assert set(one.data["cards"]["allied"]["hand"]).isdisjoint(allied["hand"])
    assert_same_choice(EOTS, "japan", one, other)
