"""Bot strength, two source trees paired: one tree's bot against the other's, sides swapped.

Usage: python bench/bots_head_to_head.py BEFORE_SRC [AFTER_SRC] [--game G] [--scenario S]
                                          [--bot greedy] [--games 10] [--seed 1]

``wargame tournament`` pits bots of one tree against each other; a change to a game's strategy (its
evaluation and move ordering) is measured against the tree before it. Each tree's bot runs in a
worker process of its own (its ``src`` first on the path) and is sent the views of its seat, one
JSON line each, answering the action it chooses; the game itself is played by the ``AFTER_SRC``
tree, so the rules must be the same in both. Game ``n`` (seed ``seed * 1000 + n``) seats the after
tree as the game's first side when ``n`` is even, as its second when odd, so that a side's
advantage falls on both alike. It prints each game's result and score, then the wins (a draw half
each) and the mean margin of hits scored (``data["score"]``, Aegean Strike's) of each tree in each
seat. For example, against the commit before a change unpacked in /tmp/before: ``python
bench/bots_head_to_head.py /tmp/before/src --game aegean-strike --scenario north_africa_war --games
20``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any, TextIO

from paired_trees import check_trees, parser_for

HERE = Path(__file__).resolve()


def worker(src: Path, game_id: str, stream: TextIO) -> None:
    """In a worker process: choose for each view read, with the bots of the tree ``src``."""
    sys.path.insert(0, str(src.resolve()))
    from wargame.bots import make_bot  # noqa: PLC0415 - from the tree given
    from wargame.games import REGISTRY  # noqa: PLC0415

    game = REGISTRY.game(game_id)
    bots: dict[tuple[str, str, int], Any] = {}
    for line in stream:
        asked = json.loads(line)
        key = (asked["bot"], asked["side"], asked["seed"])
        if key not in bots:
            bots[key] = make_bot(asked["bot"], game, asked["side"], asked["seed"])
        print(json.dumps(bots[key].choose(asked["view"])), flush=True)


def margin(state: Any, side: str) -> float:
    score = state.data.get("score", {})
    others = [float(v) for s, v in score.items() if s != side]
    return float(score.get(side, 0)) - (max(others) if others else 0.0)


def play(
    game: Any,
    workers: dict[str, subprocess.Popen[str]],
    seats: dict[str, str],
    args: argparse.Namespace,
    seed: int,
) -> Any:
    """One game, each seat's choices asked of its tree's worker; its final state."""
    state = game.setup(args.scenario, seed)
    for _ in range(args.steps):
        if state.result is not None:
            break
        side = game.active(state)[0]
        actions = game.legal_actions(state, side)
        chosen = actions[0].text
        if len(actions) > 1:
            process = workers[seats[side]]
            asked = {"bot": args.bot, "side": side, "seed": seed}
            asked["view"] = game.view(state, side)
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(json.dumps(asked) + "\n")
            process.stdin.flush()
            chosen = json.loads(process.stdout.readline())
        state = game.apply(state, side, next(a for a in actions if a.text == chosen))
    return state


def main() -> None:
    parser = parser_for(__doc__)
    parser.add_argument("--game", default="aegean-strike")
    parser.add_argument("--scenario", default="north_africa_war")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=20000, help="actions before a game stops")
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.game, sys.stdin)
        return
    check_trees(parser, args)
    sys.path.insert(0, str(args.after.resolve()))
    from wargame.games import REGISTRY  # noqa: PLC0415 - the after tree plays the game

    game = REGISTRY.game(args.game)
    trees = {"before": args.before, "after": args.after}
    workers = {
        name: subprocess.Popen(
            [sys.executable, str(HERE), "--worker", str(src), "--game", args.game],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for name, src in trees.items()
    }
    wins = dict.fromkeys(trees, 0.0)
    margins: dict[tuple[str, str], list[float]] = {}
    for number in range(args.games):
        seed = args.seed * 1000 + number
        first, second = game.sides
        order = ("after", "before") if number % 2 == 0 else ("before", "after")
        seats = dict(zip((first, second), order, strict=True))
        state = play(game, workers, seats, args, seed)
        winner = state.result.winner if state.result is not None else None
        for side, name in seats.items():
            wins[name] += 1.0 if winner == side else 0.5 if winner not in seats else 0.0
            margins.setdefault((name, side), []).append(margin(state, side))
        kind = state.result.kind if state.result is not None else "unfinished"
        placed = " ".join(f"{side}={name}" for side, name in seats.items())
        score = state.data.get("score")
        print(f"game {number}: {placed} {kind} {winner} score {score}", flush=True)
    for process in workers.values():
        assert process.stdin is not None
        process.stdin.close()
        process.wait()
    print(f"{args.game} {args.scenario}, {args.bot}, {args.games} games: wins {wins}")
    for (name, side), found in sorted(margins.items()):
        print(f"  {name} as {side}: mean margin {statistics.mean(found):+.1f} ({len(found)} games)")


if __name__ == "__main__":
    main()
