"""Make or check the corpus of recorded games (``tests/corpus``; see ``wargame.corpus``).

Usage: ``python tools/corpus.py make`` records every planned game anew (after a change of the
rules that alters play on purpose: say so in the commit); ``python tools/corpus.py check`` replays
them and names those that no longer end where they did.

The plan: two games of every Empire of the Sun scenario (one of each pair with undos), a bidding
campaign, and two toy games; every one played to its end.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("WARGAME_GAMES", "tests.toy_game")

from wargame.corpus import Plan, difference, load, record, save
from wargame.games import REGISTRY, load_plugins

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "corpus"
EMPIRE = "empire-of-the-sun"


def plans() -> list[Plan]:
    found = [
        Plan("toy-standard-undo", "toy", "standard", 101, {}, undo_rate=0.3),
        Plan("toy-standard", "toy", "standard", 102, {}),
        Plan(f"{EMPIRE}-campaign-bidding", EMPIRE, "campaign", 103, {"bidding": True}),
    ]
    for number, scenario in enumerate(REGISTRY.game(EMPIRE).scenarios()):
        seed = 200 + 10 * number
        found.append(Plan(f"{EMPIRE}-{scenario.id}", EMPIRE, scenario.id, seed, {}))
        found.append(
            Plan(f"{EMPIRE}-{scenario.id}-undo", EMPIRE, scenario.id, seed + 1, {}, undo_rate=0.1)
        )
    return found


def make() -> int:
    FOLDER.mkdir(exist_ok=True)
    for plan in plans():
        started = time.perf_counter()
        entry = record(plan, REGISTRY.game(plan.game))
        undos = sum(1 for _, text in entry.script if text == "!undo")
        print(
            f"{entry.name}: {entry.moves} moves, {undos} undos, {entry.result} "
            f"({time.perf_counter() - started:.1f} s)"
        )
        if entry.result == "unfinished":
            print(f"  {entry.name} did not end", file=sys.stderr)
            return 1
        save(entry, FOLDER)
    return 0


def check() -> int:
    problems = [
        found
        for path in sorted(FOLDER.glob("*.json"))
        if (found := difference(load(path), REGISTRY.game))
    ]
    for problem in problems:
        print(problem)
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("make", "check"))
    args = parser.parse_args()
    load_plugins()
    return make() if args.command == "make" else check()


if __name__ == "__main__":
    sys.exit(main())
