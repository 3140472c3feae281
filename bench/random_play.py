"""Random-play benchmark of a game: actions per second, state copy cost, state size.

Usage: python bench/random_play.py GAME [--seconds 10] [--scenario S]
(``wargame bench GAME`` runs the same measurement.) The toy test game is available as ``toy``
when run from the repository root.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("WARGAME_GAMES", "tests.toy_game")

from wargame.bench import format_report, run_bench
from wargame.games import REGISTRY, load_plugins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--scenario")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_plugins()
    game = REGISTRY.game(args.game)
    print(format_report(run_bench(game, args.seconds, args.seed, args.scenario)))


if __name__ == "__main__":
    main()
