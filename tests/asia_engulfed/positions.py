"""Positions the Asia Engulfed tests start from."""

import copy

from wargame.engine.action import Action
from wargame.games.asia_engulfed import GAME


def at_operational_movement(scenario="jan1942", seed=7):
    """The scenario's first turn at Japan's operational movement (no fleet sailed), as a state
    nothing was asked of yet, so that a test may change its data before asking."""
    state = GAME.apply(GAME.setup(scenario, seed), "japan", Action.parse("end"))
    state = through_production(state, "japan")
    assert state.data["phase"] == "operational_movement"
    return copy.deepcopy(state)


def through_production(state, side):
    """Past ``side``'s production phase (1.13), each of its powers buying nothing."""
    while state.data["phase"] == "production" and GAME.active(state) == [side]:
        state = GAME.apply(state, side, Action.parse("done"))
    return state


def pass_phase(state, side):
    """``side`` ends the phase it is in: ``end``, or ``done`` for each power in production."""
    if state.data["phase"] == "production":
        return GAME.apply(state, side, Action.parse("done"))
    return GAME.apply(state, side, Action.parse("end"))
