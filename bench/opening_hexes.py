"""Empire of the Sun's 1942 scenario played to the start of a turn: Japan's resource hexes then.

Usage: python bench/opening_hexes.py [--bots mcts,greedy] [--seeds 1-12] [--until 3] [--jobs 2]

A whole game of the search bot takes 6 to 12 minutes here, and a win count of 8 games tells a
change apart from noise only when it is large. Japan's resource hexes when turn 3 begins (after
the turn-2 offensives, where the Dutch East Indies are won or not) take about 3 minutes a game
and vary less: a shorter measure of a change to Japan's offensives (the 17.27 test counts the
same hexes at the end of turn 4). Each seed's game is the tournament's game 0 of that seed
(``wargame tournament empire-of-the-sun --scenario 1942 --bots A,B --games 1 --seed S``: A plays
Japan), cut where turn ``--until`` begins. It prints each game's hexes, Political Will and the
Dutch East Indies resource hexes Japan holds, then the mean. To compare two trees, run it with
each tree's ``src`` on ``PYTHONPATH`` (else the installed package runs), under the same load.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from wargame.bots import playing_sides
from wargame.bots.tournament import Plan, start
from wargame.games import REGISTRY, load_plugins
from wargame.games.empire_of_the_sun import victory
from wargame.games.empire_of_the_sun.strategy import DEI_RESOURCES

GAME_ID, SCENARIO = "empire-of-the-sun", "1942"


def opening(bots: tuple[str, str], seed: int, until: int) -> dict[str, Any]:
    """The tournament's game 0 of ``seed`` played until turn ``until`` begins (or it ends)."""
    load_plugins()
    game = REGISTRY.game(GAME_ID)
    sides = playing_sides(game, SCENARIO, bots)
    plan = Plan(GAME_ID, SCENARIO, bots, games=1, seed=seed, sides=sides)
    session, players = start(plan, 0, game)
    while (active := game.active(session.state)) and session.state.data["turn"] < until:
        side = active[0]
        session.act(side, players[side].choose(game.view(session.state, side, log=False)))
    g = game.context(session.state)
    control = session.state.data["control"]
    return {
        "seed": seed,
        "hexes": victory.resource_hexes(g, "japan"),
        "will": session.state.data["tracks"]["political_will"],
        "dei": sorted(h for h in DEI_RESOURCES if control.get(h) == "japan"),
        "over": session.state.result is not None,
    }


def seeds_of(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="mcts,greedy", help="Japan's bot, the Allies'")
    parser.add_argument("--seeds", default="1-12", help="a seed or a range, as 1-12")
    parser.add_argument("--until", type=int, default=3, help="the turn to stop at")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    japan, allies = args.bots.split(",")
    seeds = seeds_of(args.seeds)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(opening, (japan, allies), s, args.until) for s in seeds]
        found = [future.result() for future in futures]
    for row in found:
        print(
            f"seed {row['seed']:3}: {row['hexes']:2} resource hexes, PW {row['will']}, "
            f"Dutch East Indies {','.join(row['dei']) or '-'}"
            + (" (game over)" if row["over"] else "")
        )
    hexes = [row["hexes"] for row in found]
    spread = statistics.stdev(hexes) if len(hexes) > 1 else 0.0
    print(
        f"mean {statistics.fmean(hexes):.2f} resource hexes (sd {spread:.2f}) in {len(hexes)} games"
    )


if __name__ == "__main__":
    main()
