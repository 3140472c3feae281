"""A real game recorded draw by draw, for checking that an adapter's chance nodes are the
engine's draws: every outcome of the game's own keyed stream and every action, in order."""

from __future__ import annotations

from wargame.adapters import to_move
from wargame.engine.action import Action
from wargame.engine.contract import Game
from wargame.engine.rng import KeyedRng, RandomSource, Rng, derive_seed, drawing_with
from wargame.engine.state import State

Step = tuple[str, object, object]
"""("draw", n, outcome) or ("act", side, action text)."""


class Recording(RandomSource):
    """The keyed stream of a game, writing down each draw's n and outcome."""

    def __init__(self, seed: int, state: int, steps: list[Step]) -> None:
        super().__init__(state)
        self.inner = KeyedRng(seed, state)
        self.steps = steps

    def below(self, n: int) -> int:
        outcome = self.inner.below(n)
        self.state, self.used = self.inner.state, True
        self.steps.append(("draw", n, outcome))
        return outcome


def recorded_game(
    game: Game, scenario: str, seed: int, actions: int = 100_000
) -> tuple[State, list[Step]]:
    """A random game to its end (or ``actions`` actions) and its steps; several sides deciding
    at once act in the game's order of sides, as the adapters play them."""
    steps: list[Step] = []
    choices = Rng(derive_seed(seed, "choices"))
    with drawing_with(lambda generator, key, state: Recording(key, state, steps)):
        state = game.setup(scenario, seed)
        while (side := to_move(game, state)) is not None and actions > 0:
            actions -= 1
            text = choices.choice(game.legal_actions(state, side)).text
            steps.append(("act", side, text))
            state = game.apply(state, side, Action(text))
    return state, steps
