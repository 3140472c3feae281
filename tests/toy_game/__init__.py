"""A tiny two-player game that exercises the engine contract; not a product game.

Red and Blue each hold a hidden hand drawn from a shared shuffled deck of twelve cards. Each of four
rounds: both bid a card face down at the same time (a simultaneous decision, revealed together;
ties are broken with dice), then the winner of the bid may move its token on a 3x3 hex board by
playing a card (a two-click order: the card, then the hex, with ``cancel`` in between). Tokens that
meet fight with a die each; the higher roll scores a point and sends the other token home.
"""

from tests.toy_game.game import GAME, ToyGame
from wargame.engine.registry import Registry

__all__ = ["GAME", "ToyGame", "register"]


def register(registry: Registry) -> None:
    registry.add_game(GAME, listed=False)
