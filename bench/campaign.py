"""Whole random games: the median time of one game from setup to its result, and actions/s.

Usage: python bench/campaign.py GAME [--games 20] [--seed 1] [--scenario S] [--src DIR]

``--src`` runs the measurement against another checkout's ``src`` folder (for example an older
commit unpacked with ``git archive``), so that a before/after ratio comes from one command on the
same machine: ``python bench/campaign.py empire-of-the-sun --src /tmp/before/src`` then without
``--src``. Only the game contract is used (setup, active, legal_actions, apply, result).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenario")
    parser.add_argument("--src", type=Path, default=Path(__file__).resolve().parent.parent / "src")
    args = parser.parse_args()
    if not (args.src / "wargame").is_dir():
        parser.error(f"no wargame package in {args.src}")
    sys.path.insert(0, str(args.src.resolve()))
    from wargame.engine.rng import Rng  # noqa: PLC0415 - from the --src checkout
    from wargame.games import REGISTRY  # noqa: PLC0415

    game = REGISTRY.game(args.game)
    scenario = args.scenario or game.scenarios()[0].id
    times, counts = [], []
    for number in range(args.games):
        rng = Rng(args.seed * 1000 + number)
        started = time.perf_counter()
        state = game.setup(scenario, args.seed * 1000 + number)
        actions = 0
        while state.result is None:
            side = rng.choice(game.active(state))
            state = game.apply(state, side, rng.choice(game.legal_actions(state, side)))
            actions += 1
        times.append(time.perf_counter() - started)
        counts.append(actions)
    print(
        f"{args.game} {scenario} from {args.src}: {args.games} games, median "
        f"{statistics.median(times):.2f} s per game, {sum(counts) / sum(times):.0f} actions/s, "
        f"median {statistics.median(counts):.0f} actions per game"
    )


if __name__ == "__main__":
    main()
