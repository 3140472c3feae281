"""A tiny three-player game that exercises the engine, the play server, the bots and the fuzzer
with three sides; not a product game (Dai Senso! is played by three factions).

North, East and West each hold a hidden hand of three cards drawn from a shared shuffled deck of
fifteen (worth 1 to 15). Each round all three bid a card face down at the same time; the bids are
revealed together and the highest scores a point. Hands are drawn up again. After the rounds the
side with most points wins (a tie is a tie).
"""

from tests.trio_game.game import GAME, TrioGame
from wargame.engine.registry import Registry

__all__ = ["GAME", "TrioGame", "register"]


def register(registry: Registry) -> None:
    registry.add_game(GAME, listed=False)
