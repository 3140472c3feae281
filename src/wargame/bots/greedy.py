"""The greedy bot: one step of look-ahead, the yardstick of the search bot's strength.

It samples one state consistent with its view (``Game.determinize``), applies each of its
actions to it and takes the one whose result the game's evaluation scores best for its side;
of equal scores, the first in the game's order (``Game.order_actions``). It never looks past its
own next action, so what the opponent does next, and any action whose worth shows only later
(picking a card before choosing its use), is lost on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.bots.repeats import Repeats
from wargame.engine.contract import Game
from wargame.engine.log import Side
from wargame.engine.rng import Rng


class GreedyBot:
    """A seat that takes the action whose resulting position the evaluation likes best."""

    def __init__(self, game: Game, side: Side, seed: int) -> None:
        self.game = game
        self.side = side
        self.rng = Rng.from_seed(seed)
        self.repeats = Repeats()

    def choose(self, view: Mapping[str, Any]) -> str:
        """One action text from ``view["actions"]`` (the view of the bot's own seat)."""
        if not view["actions"]:
            raise ValueError("the bot was asked to act but its view lists no legal action")
        if len(view["actions"]) == 1:
            return str(view["actions"][0])
        choice = self.best(view, self.repeats.fresh(view))
        self.repeats.note(view, choice)
        return choice

    def best(self, view: Mapping[str, Any], offered: list[str]) -> str:
        game, side = self.game, self.side
        state = game.determinize(view, side, Rng(self.rng.next64()))
        actions = [a for a in game.legal_actions(state, side) if a.text in offered]
        ordered = game.order_actions(state, side, actions) or actions
        if not ordered:
            return offered[0]
        best = max(ordered, key=lambda a: game.evaluate(game.apply(state, side, a), side))
        return best.text
