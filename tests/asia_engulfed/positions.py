"""Positions the Asia Engulfed tests start from."""

import copy

from wargame.engine import tables
from wargame.engine.action import Action
from wargame.games.asia_engulfed import GAME


def at_operational_movement(scenario="jan1942", seed=7):
    """The scenario's first turn at Japan's operational movement (no fleet sailed), as a state
    nothing was asked of yet, so that a test may change its data before asking."""
    state = GAME.setup(scenario, seed)
    while state.data["phase"] != "operational_movement":  # no sailing, no strike (8.7)
        state = GAME.apply(state, "japan", Action.parse("end"))
    return copy.deepcopy(state)


def fix_dice(monkeypatch, module):
    """Make ``module``'s volleys roll the faces given to the returned function, in order, then
    1s: ``dice = fix_dice(monkeypatch, ground_combat); dice(6, 6, 1)``."""
    faces = []

    def rolled(groups, thresholds, roll):
        return tables.roll_volley(groups, thresholds, lambda die: faces.pop(0) if faces else 1)

    monkeypatch.setattr(module, "roll_volley", rolled)
    return lambda *shown: faces.extend(shown)


def play(state, side, *texts):
    """``side`` takes the actions ``texts`` in turn."""
    for text in texts:
        state = GAME.apply(state, side, Action.parse(text))
    return state
