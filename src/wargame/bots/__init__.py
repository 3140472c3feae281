"""Bots: seats played by the program. A bot sees exactly the view a human in its seat sees.

Every bot answers ``choose(view)`` with one action text from ``view["actions"]``; ``make_bot``
builds one by name, so that the CLI, the server, the tournament and the simulations name bots the
same way: ``random`` (uniformly random legal actions, the fuzzer's), ``greedy`` (one step of
look-ahead with the game's evaluation) and the search bot at three levels, ``mcts-easy``,
``mcts`` (normal) and ``mcts-hard`` (:mod:`wargame.bots.ismcts`; ``LEVELS`` gives their budgets).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from wargame.bots.greedy import GreedyBot
from wargame.bots.ismcts import Budget, Search
from wargame.bots.random_bot import RandomBot
from wargame.engine.contract import Game
from wargame.engine.errors import WargameError
from wargame.engine.log import Event, Side


class Bot(Protocol):
    def choose(self, view: Mapping[str, Any]) -> str:
        """One action text from ``view["actions"]``, the view of the bot's own seat."""
        ...


BotFactory = Callable[[Game, Side, int], Bot]

LEVELS: dict[str, Budget] = {
    "mcts-easy": Budget(iterations=30, seconds=1.0, playout=0),
    "mcts": Budget(iterations=100, seconds=3.0, playout=0),
    "mcts-hard": Budget(iterations=400, seconds=10.0, playout=0, worlds=24),
}
"""The search bot's levels: iterations per decision (the strength, reproducible) and a cap on
the seconds of one decision (a busy machine stops earlier)."""


def _random(game: Game, side: Side, seed: int) -> Bot:
    return RandomBot(seed)


def _searcher(level: str) -> BotFactory:
    def build(game: Game, side: Side, seed: int) -> Bot:
        return Search(game, side, seed, LEVELS[level])

    return build


BOTS: dict[str, BotFactory] = {
    "random": _random,
    "greedy": GreedyBot,
    **{level: _searcher(level) for level in LEVELS},
}


def remark(game: Game, bot: Bot, side: Side) -> Event | None:
    """Why ``bot`` took its last action, in the game's words (``Game.explain`` of the line its
    search expected), or None: a bot without a line, or a game with nothing to say."""
    line = getattr(bot, "line", None)
    state = getattr(bot, "line_state", None)
    if not line or state is None:
        return None
    return game.explain(state, side, line)


def make_bot(kind: str, game: Game, side: Side, seed: int) -> Bot:
    """The bot named ``kind`` for ``side`` of ``game``, its own choices seeded by ``seed``."""
    factory = BOTS.get(kind)
    if factory is None:
        raise WargameError(f"unknown bot {kind!r}; bots are {', '.join(sorted(BOTS))}")
    return factory(game, side, seed)


def playing_sides(game: Game, scenario: str, bots: Sequence[str]) -> tuple[Side, ...]:
    """The sides that play ``scenario`` (``Game.scenario_sides``), one for each of ``bots``;
    a WargameError if the count differs. A side left out of the scenario gets no bot: it is
    never asked to act."""
    sides = game.scenario_sides(scenario)
    if len(bots) != len(sides):
        what = "sides" if len(sides) == len(game.sides) else f"sides playing {scenario}"
        raise WargameError(
            f"{game.id} has {len(sides)} {what} ({', '.join(sides)}): "
            f"name {len(sides)} bots, not {len(bots)}"
        )
    return sides
