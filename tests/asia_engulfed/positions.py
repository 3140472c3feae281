"""Positions the Asia Engulfed tests start from."""

import copy

from wargame.engine.action import Action
from wargame.games.asia_engulfed import GAME


def at_operational_movement(scenario="jan1942", seed=7):
    """The scenario's first turn at Japan's operational movement (no fleet sailed), as a state
    nothing was asked of yet, so that a test may change its data before asking."""
    state = GAME.apply(GAME.setup(scenario, seed), "japan", Action.parse("end"))
    assert state.data["phase"] == "operational_movement"
    return copy.deepcopy(state)


def play(state, side, *texts):
    """``state`` after ``side`` takes each action of ``texts`` in turn."""
    for text in texts:
        state = GAME.apply(state, side, Action.parse(text))
    return state


def offered(state, side, verb):
    """The legal actions of ``side`` with ``verb``, as sorted texts."""
    return sorted(str(a) for a in GAME.legal_actions(state, side) if a.verb == verb)
