"""Supply computation, old against new, on the positions of random play.

Usage: python bench/supply_trace.py [--positions 400] [--seed 1] [--rounds 3]
                                    [--old REV | --old-file PATH]

Plays random campaign games and records every position whose supply the game computes (that is
the workload: the game recomputes supply whenever a unit moves or control changes), up to
``--positions``. Then, in this one process, it alternates rounds of the supply module as it was at
revision REV (default ``HEAD``, read with ``git show``) and the current one over the same positions
in play order, each pass starting with the module's per-process tables emptied, and prints the
milliseconds per position of the fastest round of each and their ratio. The current module is also
timed with nothing remembered between positions (its table of searches emptied before each one),
which is the cost of one computation from scratch. Every answer of the two modules (each unit's
and HQ's supply, every base's eligibility, every hex's ZOI, every HQ's activation range) must be
the same, or the script stops.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from wargame.engine.rng import Rng, derive_seed  # noqa: E402
from wargame.engine.state import copy_data  # noqa: E402
from wargame.games.empire_of_the_sun import GAME, supply  # noqa: E402

MODULE = "src/wargame/games/empire_of_the_sun/supply.py"
KEYS = ("units", "control", "tracks", "offensive", "tokyo_express")


def old_module(revision: str, file: str | None) -> ModuleType:
    """The supply module of ``revision`` (or the file ``file``), imported under another name
    beside the current one."""
    if file is None:
        text = subprocess.run(
            ["git", "show", f"{revision}:{MODULE}"], cwd=ROOT, check=True, capture_output=True,
            text=True,
        ).stdout  # fmt: skip
    else:
        text = Path(file).read_text()
    path = Path(tempfile.mkdtemp()) / "old_supply.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("bench_old_supply", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def positions(count: int, seed: int) -> list[dict[str, Any]]:
    """The data of every position whose supply random play computes, until ``count``."""
    found: list[dict[str, Any]] = []
    build = supply.Supply.__init__

    def record(self: supply.Supply, g: Any) -> None:
        found.append({key: copy_data(g.data.get(key)) for key in KEYS})
        build(self, g)

    supply.Supply.__init__ = record  # type: ignore[method-assign]
    rng = Rng(derive_seed(seed, "bench"))
    try:
        while len(found) < count:
            state = GAME.setup("campaign", rng.next64())
            while state.result is None and len(found) < count:
                side = rng.choice(GAME.active(state))
                state = GAME.apply(state, side, rng.choice(GAME.legal_actions(state, side)))
    except Exception as error:  # the rest of the game may be unfinished work
        print(f"random play stopped ({type(error).__name__}: {error}); using {len(found)}")
    finally:
        supply.Supply.__init__ = build  # type: ignore[method-assign]
    return found[:count]


def context(data: dict[str, Any]) -> Any:
    """What a supply computation reads of a context."""
    return SimpleNamespace(data=data, static=GAME.static, cache={})


def answers(module: ModuleType, data: dict[str, Any]) -> tuple[Any, ...]:
    g = context(data)
    found, zoi = module.supply(g), module.zoi(g)
    board = GAME.static.board
    hexes = sorted(h for h, r in board.hexes.items() if "off_map" not in r.areas)
    units = sorted(data["units"])
    placed = [u for u in units if data["units"][u][:1].isdigit()]
    hqs = [u for u in placed if GAME.static.units[u].unit_class == "hq"]
    sides = ("allied", "japan")
    return (
        [(found.unit(u), found.hq(u), found.emergency(u)) for u in units],
        found.kunming_is_source(),
        [found.eligible(h, s) for h in hexes if board.is_land(h) for s in sides],
        [
            (zoi.blocks(h, s), zoi.projected(h, s), zoi.neutralised(h, s))
            for h in hexes
            for s in sides
        ],
        [sorted(module.activation_range(g, hq)) for hq in hqs],
    )


TABLES = ("_POSITIONS", "_SEARCHES", "_FIXED", "_TRACES", "_BACKS")  # whichever the module has


def timed(module: ModuleType, corpus: list[dict[str, Any]], *, each_alone: bool = False) -> float:
    """Seconds to compute the supply of every position, tables emptied first (and before each
    position with ``each_alone``)."""
    tables = [getattr(module, name) for name in TABLES if hasattr(module, name)]
    for table in tables:
        table.clear()
    started = time.perf_counter()
    for data in corpus:
        if each_alone:
            for table in tables:
                table.clear()
        module.Supply(context(data))
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--old", default="HEAD", help="git revision of the old supply module")
    parser.add_argument("--old-file", help="the old supply module as a file, instead of --old")
    args = parser.parse_args()
    old = old_module(args.old, args.old_file)
    label = "old file" if args.old_file else args.old
    corpus = positions(args.positions, args.seed)
    for data in corpus:
        if answers(old, data) != answers(supply, data):
            raise SystemExit("the two supply modules disagree on a position")
    best = {"old": float("inf"), "new": float("inf"), "alone": float("inf")}
    for _ in range(args.rounds):
        best["old"] = min(best["old"], timed(old, corpus))
        best["new"] = min(best["new"], timed(supply, corpus))
        best["alone"] = min(best["alone"], timed(supply, corpus, each_alone=True))
    per = {name: 1000 * seconds / len(corpus) for name, seconds in best.items()}
    print(f"supply of {len(corpus)} positions of random play, same answers; best of {args.rounds}")
    print(f"  {label:<10} {per['old']:8.2f} ms/position")
    print(f"  current    {per['new']:8.2f} ms/position   ({per['old'] / per['new']:.1f}x faster)")
    print(
        f"  current, nothing remembered between positions {per['alone']:6.2f} ms/position"
        f"   ({per['old'] / per['alone']:.1f}x faster)"
    )


if __name__ == "__main__":
    main()
