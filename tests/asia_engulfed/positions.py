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
