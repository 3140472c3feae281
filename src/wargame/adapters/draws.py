"""Each random draw of the rules as a chance node, for adapters that model chance explicitly.

Every die roll, shuffle and random pick of a game goes through ``RandomSource.below(n)``: n
equally likely outcomes, 0 to n-1. ``resolve`` runs a step (the set-up, or a side's action) with
the outcomes chosen so far in place of the game's own stream, and answers either the n of the
next draw (the step stops there and changes nothing: a chance node) or the position after the
step (all its draws chosen). A step is run again from its start for each new outcome, so a step
of k draws costs k runs: Empire of the Sun draws a few times in an action at most, 166 times in
setting up a scenario (a deck shuffled card by card), about 1 ms a run."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wargame.engine.action import Action
from wargame.engine.contract import Game
from wargame.engine.errors import GameBug
from wargame.engine.log import Side
from wargame.engine.rng import KEYED_GENERATOR, RandomSource, drawing_with
from wargame.engine.state import State

SETUP_SEED = 1
"""The seed a set-up with chosen draws is made with: its stream is never drawn from."""


class DrawNeeded(Exception):
    """A step asked for one draw more than the outcomes chosen: ``bound`` is its n."""

    def __init__(self, bound: int) -> None:
        super().__init__(f"a draw below {bound}")
        self.bound = bound


class ChosenDraws(RandomSource):
    """A stream that gives chosen outcomes in turn; ``state`` counts the draws, as the keyed
    generator's does, from ``base`` (the state's count before the step)."""

    __slots__ = ("base", "outcomes")

    def __init__(self, outcomes: Sequence[int], base: int, state: int) -> None:
        super().__init__(state)
        self.outcomes = outcomes
        self.base = base

    def below(self, n: int) -> int:
        index = self.state - self.base
        if index >= len(self.outcomes):
            raise DrawNeeded(n)
        outcome = self.outcomes[index]
        if not 0 <= outcome < n:
            raise ValueError(f"chance outcome {outcome} of draw {index} is not below {n}")
        self.used = True
        self.state += 1
        return outcome

    def next64(self) -> int:
        raise GameBug("a game drew 64 raw bits: only draws below a number can be chance nodes")


@dataclass(frozen=True)
class Step:
    """A step under way: the set-up (``before`` None) or ``side`` playing ``action`` in
    ``before``, with the outcomes of its draws chosen so far."""

    before: State | None
    side: Side | None = None
    action: str | None = None
    outcomes: tuple[int, ...] = ()

    def then(self, outcome: int) -> Step:
        return Step(self.before, self.side, self.action, (*self.outcomes, outcome))


def resolve(game: Game, scenario: str, step: Step) -> State | int:
    """The position after ``step`` if its outcomes are all it draws, else the next draw's n."""
    base = 0 if step.before is None else step.before.rng

    def source(generator: str, seed: int, state: int) -> RandomSource:
        return ChosenDraws(step.outcomes, base, state)

    try:
        with drawing_with(source):
            if step.before is None:
                return game.setup(scenario, SETUP_SEED, generator=KEYED_GENERATOR)
            return game.apply(step.before, str(step.side), Action(str(step.action)))
    except DrawNeeded as needed:
        return needed.bound
