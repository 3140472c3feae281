"""Bots: seats played by the program. A bot sees exactly the view a human in its seat sees.

Every bot answers ``choose(view)`` with one action text from ``view["actions"]``; ``make_bot``
builds one by name, so that the CLI, the server, the tournament and the simulations name bots the
same way."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from wargame.bots.random_bot import RandomBot
from wargame.engine.contract import Game
from wargame.engine.errors import WargameError
from wargame.engine.log import Side


class Bot(Protocol):
    def choose(self, view: Mapping[str, Any]) -> str:
        """One action text from ``view["actions"]``, the view of the bot's own seat."""
        ...


BotFactory = Callable[[Game, Side, int], Bot]


def _random(game: Game, side: Side, seed: int) -> Bot:
    return RandomBot(seed)


BOTS: dict[str, BotFactory] = {"random": _random}


def make_bot(kind: str, game: Game, side: Side, seed: int) -> Bot:
    """The bot named ``kind`` for ``side`` of ``game``, its own choices seeded by ``seed``."""
    factory = BOTS.get(kind)
    if factory is None:
        raise WargameError(f"unknown bot {kind!r}; bots are {', '.join(sorted(BOTS))}")
    return factory(game, side, seed)
