"""What the keyed generator of game dice costs against the old one, in paired runs.

Usage: python bench/dice.py [--game empire-of-the-sun] [--scenario 1942] [--pairs 10]
[--games 4] [--rolls 200000]

Two measurements of CPU time (``time.process_time``: what other programs do on the machine
changes it less than the clock), each in interleaved pairs (old, new, old, new...) so that the
machine's drift hits both alike, reported as the median ratio new/old with its range:

* per roll: a d10 rolled on a fresh context of a game's state, as a game step does it (the
  generator is built from the state, draws, and its state is stored back for the next);
* per random game: random legal games played to the end with each generator (the same scenarios
  and bot seeds), seconds per action. The two generators deal other cards, so the games differ:
  the ratio is of seconds per action over several games.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("WARGAME_GAMES", "tests.toy_game")

from wargame.bots.random_bot import RandomBot
from wargame.engine.contract import Game, ProcedureGame
from wargame.engine.dice import D10_ZERO
from wargame.engine.rng import KEYED_GENERATOR, LEGACY_GENERATOR, derive_seed
from wargame.engine.session import Session
from wargame.games import REGISTRY, load_plugins

GENERATORS = (LEGACY_GENERATOR, KEYED_GENERATOR)


def seconds_per_roll(game: ProcedureGame, scenario: str, generator: str, rolls: int) -> float:
    state = game.setup(scenario, 2**100 + 1, generator=generator)
    started = time.process_time()
    for _ in range(rolls):
        g = game.context(state)
        g.rng.roll(D10_ZERO)
        g.finish()  # the next roll draws on from here
    return (time.process_time() - started) / rolls


def seconds_per_action(game: Game, scenario: str, generator: str, games: int) -> float:
    actions = 0
    spent = 0.0
    for index in range(games):
        session = Session.new(game, scenario, 2**100 + index, generator=generator)
        bot = RandomBot(derive_seed(index, "bench-dice"))
        started = time.process_time()
        while active := game.active(session.state):
            side = active[0]
            choices = [a.text for a in game.legal_actions(session.state, side)]
            session.act(side, bot.choose({"actions": choices}))
            actions += 1
        spent += time.process_time() - started
    return spent / max(1, actions)


def paired(measure, pairs: int) -> list[float]:
    """new/old of ``measure(generator)`` in ``pairs`` interleaved pairs."""
    ratios = []
    for _ in range(pairs):
        old, new = (measure(generator) for generator in GENERATORS)
        ratios.append(new / old)
    return ratios


def report(name: str, ratios: list[float]) -> str:
    return (
        f"{name}: keyed/legacy median {statistics.median(ratios):.3f} "
        f"(range {min(ratios):.3f}-{max(ratios):.3f}, {len(ratios)} pairs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="empire-of-the-sun")
    parser.add_argument("--scenario", default="1942")
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--games", type=int, default=4, help="random games per measurement")
    parser.add_argument("--rolls", type=int, default=200_000, help="rolls per measurement")
    args = parser.parse_args()
    load_plugins()
    game = REGISTRY.game(args.game)
    assert isinstance(game, ProcedureGame)
    rolls = paired(lambda gen: seconds_per_roll(game, args.scenario, gen, args.rolls), args.pairs)
    print(report("per roll", rolls))
    per_action = paired(
        lambda gen: seconds_per_action(game, args.scenario, gen, args.games), args.pairs
    )
    print(report("per action of a random game", per_action))


if __name__ == "__main__":
    main()
