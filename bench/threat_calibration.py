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
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from wargame.engine.action import Action
from wargame.engine.errors import WargameError
from wargame.engine.session import Session, read_save
from wargame.engine.state import State
from wargame.games import REGISTRY
from wargame.games.empire_of_the_sun.forces import enemy
from wargame.games.empire_of_the_sun.strategy import SIDES

GAME = REGISTRY.game("empire-of-the-sun")


def readings(state: State) -> dict[str, tuple[str, bool, float]]:
    """Each resource hex: its holder, whether a ground unit of the holder is in it, and the odds
    read of the enemy taking it."""
    strategy = GAME.strategy
    g = GAME.context(state)
    found = strategy.forces(g)
    control = g.data["control"]
    read = {}
    for holder in SIDES:
        taking = strategy.odds(g, enemy(holder), found)
        odds = {o.hex_id: battle + risk for o, battle, risk in taking}
        garrisons = found.attack_at[holder]
        for hex_id in strategy.resources:
            if control.get(hex_id) == holder:
                read[hex_id] = (holder, hex_id in garrisons, odds.get(hex_id, 0.0))
    return read


def rows(path: Path) -> list[tuple[str, int, bool, float, bool]]:
    """(holder, turn, garrisoned, odds read, fell in the turn) for each resource hex and turn."""
    save = read_save(path)
    state = Session.start(GAME, save.record).state
    found: list[tuple[str, int, bool, float, bool]] = []
    turn, read = None, {}
    for side, text in save.record.actions:
        before = state
        state = GAME.apply(state, side, Action.parse(text))
        if state.data["turn"] != turn:
            found += ended(read, turn, before)
            turn, read = state.data["turn"], readings(state)
    return found + ended(read, turn, state)


def ended(
    read: dict[str, tuple[str, bool, float]], turn: int | None, state: State
) -> list[tuple[str, int, bool, float, bool]]:
    """The hexes ``read`` at the start of ``turn``, with whether they fell by ``state``."""
    if turn is None:
        return []
    control = state.data["control"]
    return [
        (holder, turn, garrisoned, odds, control[hex_id] != holder)
        for hex_id, (holder, garrisoned, odds) in read.items()
    ]


def main() -> None:
    table: dict[tuple[str, int, bool, bool], list[float]] = defaultdict(lambda: [0, 0, 0.0])
    for name in sys.argv[1:]:
        try:
            found = rows(Path(name))
        except WargameError as error:
            print(f"left out: {error}", file=sys.stderr)
            continue
        for holder, turn, garrisoned, odds, fell in found:
            counts = table[holder, turn, garrisoned, odds > 0]
            counts[0] += 1
            counts[1] += fell
            counts[2] += odds
    print("holder  turn  garrisoned  threatened    hexes  fell   odds read")
    for (holder, turn, garrisoned, threatened), (n, fell, odds) in sorted(table.items()):
        print(
            f"{holder:7s} {turn:4d}  {garrisoned!s:10s}  {threatened!s:10s} {n:6.0f} "
            f" {fell / n:5.2f}  {odds / n:9.3f}"
        )


if __name__ == "__main__":
    main()
