"""The three-player test game registered as a listed game, so that a play server started with
``WARGAME_GAMES=tests.trio_game.listed`` offers it in its lobby (the browser tests of three
seats)."""

from tests.trio_game.game import GAME
from wargame.engine.registry import Registry


def register(registry: Registry) -> None:
    registry.add_game(GAME, listed=True)
