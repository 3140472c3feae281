"""Any playable game for AI research, through the game contract alone: as an OpenSpiel game
(:mod:`wargame.adapters.openspiel`, ``pip install wargame[openspiel]``) and as a PettingZoo AEC
environment (:mod:`wargame.adapters.pettingzoo`, ``pip install wargame[pettingzoo]``).

Both number a side's actions at each decision by their place in the legal actions the game lists
(0, 1, 2...): an action id means a different action at another decision, and the action's text
says which (``action_to_string``, or the ``legal_actions`` of the PettingZoo info). A decision of
several sides at once (two bids face down) is played one side after the other, in the game's
order of sides; the engine shows nobody another's choice before all are in."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from wargame.engine.contract import Game
from wargame.engine.errors import WargameError
from wargame.engine.log import Side
from wargame.engine.state import State

_ENCODER = msgspec.json.Encoder(order="sorted")


def view_text(view: Any) -> str:
    """A view as canonical JSON text (sorted keys): equal views give equal texts."""
    return _ENCODER.encode(view).decode()


def final_returns(sides: Sequence[Side], state: State | None) -> list[float]:
    """Each side's return: the winner 1 and every other side -1/(n-1), so that they add up to 0;
    0 for all in a draw and in a game not over (cut off)."""
    result = None if state is None else state.result
    if result is None or result.winner is None:
        return [0.0] * len(sides)
    loss = -1.0 / (len(sides) - 1)
    return [1.0 if side == result.winner else loss for side in sides]


def to_move(game: Game, state: State) -> Side | None:
    """The side that decides now (the first in the game's order when several do), or None."""
    active = set(game.active(state))
    return next((side for side in game.sides if side in active), None)


def legal_texts(game: Game, state: State, side: Side, max_actions: int) -> list[str]:
    """The texts of ``side``'s legal actions, in the game's order: action ``i`` is the i-th;
    refused when there are more than ``max_actions``, an adapter's bound on action ids."""
    texts = [action.text for action in game.legal_actions(state, side)]
    if len(texts) > max_actions:
        raise WargameError(
            f"{side} has {len(texts)} legal actions, above max_actions {max_actions}: "
            "make the game with a larger max_actions"
        )
    return texts
