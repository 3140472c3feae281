"""What Asia Engulfed's supply costs on a scenario's opening position.

Usage: python bench/ae_supply.py [--scenario dec1941] [--calls 2000] [--rounds 7]

CPU time (``time.process_time``) of the calls the supply phases make, each repeated ``--calls``
times per round, the median over ``--rounds`` rounds with its range, in microseconds per call:
influence in every sea area (8.13), the check of a Japanese network (3.51), and a full supply
report (every unit, garrison, area and sea area, 3.1-3.52) for each side. The network is every
sea area linked to the home islands outside Allied dominant influence (what ``kept_network``
keeps of a network over the whole map), the largest search the first supply phase can ask for.
The map's tables are built once before timing; their first build is timed apart.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from wargame.games.asia_engulfed import supply
from wargame.games.asia_engulfed.influence import influence
from wargame.games.asia_engulfed.state import initial_data


def per_call(call: Callable[[], Any], calls: int, rounds: int) -> tuple[float, float, float]:
    """Median, least and most microseconds per call over the rounds."""
    times = []
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(calls):
            call()
        times.append((time.process_time() - start) / calls * 1e6)
    return statistics.median(times), min(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="dec1941")
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    position = initial_data(args.scenario)
    start = time.process_time()
    supply.tables()
    print(f"map tables, built once: {(time.process_time() - start) * 1e3:.1f} ms")
    every_sea = supply.Network(frozenset(sea for sea in influence(position)))
    network = supply.kept_network(position, every_sea)
    print(f"network: {len(network.markers)} sea areas, {supply.network_cost(network)} points")
    calls: dict[str, Callable[[], Any]] = {
        "influence": lambda: influence(position),
        "network_problems": lambda: supply.network_problems(position, network),
        "supply_report japan": lambda: supply.supply_report(position, "japan", network),
        "supply_report allies": lambda: supply.supply_report(position, "allies"),
    }
    for name, call in calls.items():
        median, low, high = per_call(call, args.calls, args.rounds)
        print(f"{name:22} {median:8.1f} µs/call ({low:.1f}-{high:.1f})")


if __name__ == "__main__":
    main()
