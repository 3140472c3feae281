"""Rules speed, two source trees paired: random-play actions per second before and after a change.

Usage: python bench/rules_speed.py BEFORE_SRC [AFTER_SRC] [--game G] [--scenario S]
                                   [--games 3] [--seed 1] [--rounds 7] [--option NAME=VALUE]
                                   [--interleave | --together]

Each round plays the same ``--games`` random games (seeds ``seed * 1000 + n``, to their end) once
with each tree, each in a fresh process, the order alternating from round to round, so that the
noise of a busy machine falls on both alike. It prints each round's actions per second of CPU time
(only the play is timed: legal actions and apply, through the game contract) and the ratio
after / before, then the median ratio with its range. Both trees must play the very same games:
the final state hash of every game is compared, and the script stops if one differs.
``AFTER_SRC`` defaults to this checkout's ``src``. For example, against the commit before a
change unpacked in /tmp/before: ``python bench/rules_speed.py /tmp/before/src``. ``--option``
(repeatable, as ``wargame new``) plays the games with a scenario option set, so that a change to
an optional rule is checked with the games that use it.

``--interleave`` pairs each game rather than each round: a round starts one worker process per
tree, which keep their caches, and has them play the round's games in turn, game by game (the
first to play alternating too), so that a few seconds, not a whole round, separate the two trees'
runs of a game, and prints each game's ratio under the round's. On the development machine its
rounds spread about as widely as whole rounds paired (README): the machine's speed drifts faster
than a game lasts.

``--together`` has both trees' workers play a round's games at the same time, one process a core
(two cores free are needed), so that a drift of the machine's speed within the round falls on both
trees at once rather than on one and then the other. Each worker's time is still its own CPU
time; what the two share is the processor's caches and the memory bus, the conditions of a server
or a simulation running several games at once.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from paired_trees import check_trees, parser_for

HERE = Path(__file__).resolve()


def play(src: Path, args: argparse.Namespace) -> dict[str, Any]:
    """In a worker process: the games of ``args`` played with the tree ``src``, timed; its
    ``--option`` pairs read by that tree's ``wargame new``."""
    games, seed = args.games, args.seed
    sys.path.insert(0, str(src.resolve()))
    from wargame.cli import parse_options  # noqa: PLC0415 - from the tree given
    from wargame.engine.rng import Rng  # noqa: PLC0415
    from wargame.engine.state import state_hash  # noqa: PLC0415
    from wargame.games import REGISTRY  # noqa: PLC0415

    options = parse_options(args.option)
    game = REGISTRY.game(args.game)
    chosen = args.scenario or game.scenarios()[0].id
    game.setup(chosen, seed, options)  # static data loaded before the clock starts

    def one(number: int) -> dict[str, Any]:
        rng = Rng(seed * 1000 + number)
        state = game.setup(chosen, seed * 1000 + number, options)
        actions, started = 0, time.process_time()
        while state.result is None:
            side = rng.choice(game.active(state))
            state = game.apply(state, side, rng.choice(game.legal_actions(state, side)))
            actions += 1
        seconds = time.process_time() - started
        return {"actions": actions, "seconds": seconds, "hashes": [state_hash(state)]}

    module = sys.modules["wargame"].__file__
    if args.serve:  # --interleave's worker: a game number a line in, its figures a line out
        for line in sys.stdin:
            print(json.dumps({**one(int(line)), "module": module}), flush=True)
        return {}
    played = [one(number) for number in range(games)]
    return {
        "actions": sum(p["actions"] for p in played),
        "seconds": sum(p["seconds"] for p in played),
        "hashes": [p["hashes"][0] for p in played],
        "module": module,
    }


def worker_command(src: Path, args: argparse.Namespace) -> list[str]:
    command = [sys.executable, str(HERE), "--worker", str(src), "--game", args.game]
    command += ["--games", str(args.games), "--seed", str(args.seed)]
    if args.scenario:
        command += ["--scenario", args.scenario]
    for pair in args.option:
        command += ["--option", pair]
    return command


def run(src: Path, args: argparse.Namespace) -> dict[str, Any]:
    return finish(start(src, args), src)


def start(src: Path, args: argparse.Namespace) -> subprocess.Popen[str]:
    command = worker_command(src, args)
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(worker: subprocess.Popen[str], src: Path) -> dict[str, Any]:
    """The figures of a worker from :func:`start`, once it has played its games."""
    out, err = worker.communicate()
    if worker.returncode:
        raise SystemExit(f"the worker for {src} failed:\n{err}")
    found: dict[str, Any] = json.loads(out)
    check_module(found, src)
    return found


def check_module(found: dict[str, Any], src: Path) -> None:
    """Stop unless the worker's figures ``found`` came from the tree ``src`` it was given."""
    if not str(found["module"]).startswith(str(src.resolve())):
        raise SystemExit(f"the worker for {src} imported {found['module']}")


def together(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """A round of ``--together``: both trees' workers play the round's games at the same time."""
    trees = trees_of(args)
    workers = {name: start(tree, args) for name, tree in trees.items()}
    try:
        return {name: finish(worker, trees[name]) for name, worker in workers.items()}
    finally:  # one failed: the other is not left playing
        for worker in workers.values():
            if worker.poll() is None:
                worker.kill()
                worker.wait()


def interleaved(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """A round of ``--interleave``: both trees' workers play each game in turn."""
    trees = trees_of(args)
    workers = {name: serve(tree, args) for name, tree in trees.items()}
    found: dict[str, dict[str, Any]] = {
        name: {"actions": 0, "seconds": 0.0, "hashes": [], "games": []} for name in workers
    }
    try:
        for number in range(args.games):
            order = ["before", "after"] if number % 2 == 0 else ["after", "before"]
            for name in order:
                game = ask(workers[name], number)
                check_module(game, trees[name])
                total = found[name]
                total["actions"] += game["actions"]
                total["seconds"] += game["seconds"]
                total["hashes"] += game["hashes"]
                total["games"].append(game["seconds"])
    finally:
        for worker in workers.values():
            worker.communicate()  # closes its input: the worker ends
    return found


def serve(src: Path, args: argparse.Namespace) -> subprocess.Popen[str]:
    command = [*worker_command(src, args), "--serve"]
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(worker: subprocess.Popen[str], number: int) -> dict[str, Any]:
    """Game ``number`` played by ``worker``, and its figures."""
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write(f"{number}\n")
    worker.stdin.flush()
    line = worker.stdout.readline()
    if not line:
        raise SystemExit(f"a worker stopped at game {number}")
    answer: dict[str, Any] = json.loads(line)
    return answer


def trees_of(args: argparse.Namespace) -> dict[str, Path]:
    return {"before": args.before, "after": args.after}


def main() -> None:
    parser = parser_for(__doc__)
    parser.add_argument("--game", default="empire-of-the-sun")
    parser.add_argument("--scenario", default="campaign")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--interleave", action="store_true", help="pair each game, not round")
    parser.add_argument("--together", action="store_true", help="both trees at once, one a core")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        found = play(args.worker, args)
        if not args.serve:
            print(json.dumps(found))
        return
    for pair in args.option:  # read by each tree's own wargame.cli, in its worker
        name, sep, _ = pair.partition("=")
        if not (name and sep):
            parser.error(f"option {pair!r} is not NAME=VALUE")
    if args.interleave and args.together:
        parser.error("--interleave and --together are two ways to pair: choose one")
    check_trees(parser, args)
    ratios = []
    for number in range(args.rounds):
        if args.interleave:
            found = interleaved(args)
        elif args.together:
            found = together(args)
        else:
            order = ["before", "after"] if number % 2 == 0 else ["after", "before"]
            found = {name: run(trees_of(args)[name], args) for name in order}
        if found["before"]["hashes"] != found["after"]["hashes"]:
            raise SystemExit(f"round {number + 1}: the trees played different games")
        rate = {name: r["actions"] / r["seconds"] for name, r in found.items()}
        ratios.append(rate["after"] / rate["before"])
        print(
            f"round {number + 1}: {found['after']['actions']} actions, before "
            f"{rate['before']:7.0f}/s, after {rate['after']:7.0f}/s, ratio {ratios[-1]:.2f}",
            flush=True,
        )
        if args.interleave:
            games = zip(found["before"]["games"], found["after"]["games"], strict=True)
            print("  games:", " ".join(f"{b / a:.2f}" for b, a in games), flush=True)
    chosen = "".join(f", {pair}" for pair in args.option)
    print(
        f"{args.game} {args.scenario}{chosen}, {args.games} games x {args.rounds} rounds, same "
        f"final hashes: after / before = {statistics.median(ratios):.2f} "
        f"(range {min(ratios):.2f}-{max(ratios):.2f}) in actions per CPU second"
    )


if __name__ == "__main__":
    main()
