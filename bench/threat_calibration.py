"""How well Empire of the Sun's evaluation reads threats: recorded games replayed, at the first
action of each turn the odds the evaluation gives each resource hex of falling to the enemy
(``Strategy.odds``: the battle under way plus the risk, unweighted), and whether the enemy held
it at the end of that turn.

Usage: python bench/threat_calibration.py GAME_FILE [GAME_FILE ...]

The files are save files, such as those ``wargame tournament ... --record DIR`` writes (a game
recorded on other rules stops where its actions are no longer legal, and is left out). It prints,
for each holder, turn, garrison (a ground unit of the holder in the hex) and whether any threat
was read: how many hexes, the share that fell in the turn, and the mean odds read. A reader that
weighs the risk by ``Weights.threat`` reads that share of it (see ``Weights.threat_against``).
A second table counts the coastal ones by how far the enemy's nearest amphibious ground unit
stood (the landings from afar, ``LANDING_RADIUS`` and ``LANDING_FADE``).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from itertools import pairwise
from pathlib import Path

from wargame.engine.errors import WargameError
from wargame.engine.session import positions, read_save
from wargame.engine.state import State
from wargame.games import REGISTRY
from wargame.games.empire_of_the_sun.forces import enemy
from wargame.games.empire_of_the_sun.strategy import SIDES

GAME = REGISTRY.game("empire-of-the-sun")


Reading = tuple[str, bool, float, int | None]
Row = tuple[str, int, bool, float, bool, int | None]
BANDS = ((3, "1-3"), (6, "4-6"), (9, "7-9"), (15, "10-15"))


def readings(state: State) -> dict[str, Reading]:
    """Each resource hex: its holder, whether a ground unit of the holder is in it, the odds
    read of the enemy taking it, and for a coastal one the distance of the enemy's nearest
    amphibious ground unit (None inland)."""
    strategy, board = GAME.strategy, GAME.parts.board
    g = GAME.context(state)
    found = strategy.forces(g)
    control = g.data["control"]
    read = {}
    for holder in SIDES:
        taking = strategy.odds(g, enemy(holder), found)
        odds = {o.hex_id: battle + risk for o, battle, risk in taking}
        garrisons = found.attack_at[holder]
        landing = found.landing_at[enemy(holder)]
        for hex_id in strategy.resources:
            if control.get(hex_id) == holder:
                near = nearest(hex_id, landing) if board.coastal(hex_id) else None
                read[hex_id] = (holder, hex_id in garrisons, odds.get(hex_id, 0.0), near)
    return read


def nearest(hex_id: str, landing: dict[str, float]) -> int:
    distance = GAME.parts.board.distance
    return min((distance(hex_id, h) for h, attack in landing.items() if attack > 0), default=99)


def band(distance: int) -> str:
    return next((name for most, name in BANDS if distance <= most), "beyond")


def rows(path: Path) -> list[Row]:
    """(holder, turn, garrisoned, odds read, fell in the turn, nearest amphibious enemy) for
    each resource hex and turn."""
    found: list[Row] = []
    turn, read = None, {}
    state = None
    for before, state in pairwise(positions(GAME, read_save(path).record)):
        if state.data["turn"] != turn:
            found += ended(read, turn, before)
            turn, read = state.data["turn"], readings(state)
    return found + ended(read, turn, state)  # no action: no turn, nothing ended


def ended(read: dict[str, Reading], turn: int | None, state: State) -> list[Row]:
    """The hexes ``read`` at the start of ``turn``, with whether they fell by ``state``."""
    if turn is None:
        return []
    control = state.data["control"]
    return [
        (holder, turn, garrisoned, odds, control[hex_id] != holder, near)
        for hex_id, (holder, garrisoned, odds, near) in read.items()
    ]


def main() -> None:
    table: dict[tuple[str, int, bool, str], list[float]] = defaultdict(lambda: [0, 0, 0.0])
    landings: dict[tuple[str, int, bool, str], list[float]] = defaultdict(lambda: [0, 0, 0.0])
    for name in sys.argv[1:]:
        try:
            found = rows(Path(name))
        except WargameError as error:
            print(f"left out: {error}", file=sys.stderr)
            continue
        for holder, turn, garrisoned, odds, fell, near in found:
            counted = [table[holder, turn, garrisoned, str(odds > 0)]]
            if near is not None:
                counted.append(landings[holder, turn, garrisoned, band(near)])
            for counts in counted:
                counts[0] += 1
                counts[1] += fell
                counts[2] += odds
    show(table, "threatened")
    print()
    show(landings, "amphibious enemy at")


def show(table: dict[tuple[str, int, bool, str], list[float]], title: str) -> None:
    print(f"holder  turn  garrisoned  {title:20s}  hexes  fell   odds read")
    for (holder, turn, garrisoned, kind), (n, fell, odds) in sorted(table.items()):
        print(
            f"{holder:7s} {turn:4d}  {garrisoned!s:10s}  {kind:20s} {n:6.0f} "
            f" {fell / n:5.2f}  {odds / n:9.3f}"
        )


if __name__ == "__main__":
    main()
