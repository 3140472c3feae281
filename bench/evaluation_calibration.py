"""How well Empire of the Sun's evaluation reads Japan's chance of winning the 1942 scenario:
recorded games replayed, at each card played Japan's margins over what it needs (points and
resource hexes, 17.27) as each side reads them (``Strategy.margins``), and whether Japan won the
game. It prints, by turn, the share of games Japan won against the mean chance read, and the
log loss of the readings, today and with the evaluation's temperatures fitted to the games
(``Weights.temperature_start`` and ``temperature_end``): one at the start for both margins,
one for each margin, and one for each and the end (``FITS``).

Usage: python bench/evaluation_calibration.py GAME_FILE [GAME_FILE ...] [--check GAME_FILE ...]

The files are save files, such as those ``wargame tournament ... --record DIR`` writes (a game
recorded on other rules stops where its actions are no longer legal, and is left out). Each game
counts once: its readings are weighed by one over their number, so that a long game does not
count more than a short one. The readings of one game are far from independent, so a fit on a
few dozen games says where the temperatures lie, not to the second decimal. Needs numpy and
scipy (the ``openspiel`` or ``mapbuild`` extra).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
from scipy.optimize import minimize
from scipy.special import expit

from wargame.engine.contract import outcome
from wargame.engine.errors import WargameError
from wargame.engine.session import positions, read_save
from wargame.games import REGISTRY
from wargame.games.empire_of_the_sun.strategy import (
    JAPAN,
    MARGINS_FROM,
    SIDES,
    WEIGHTS,
    time_left,
)

GAME = REGISTRY.game("empire-of-the-sun")
NEEDS = np.array(MARGINS_FROM)
EPSILON = 1e-6


def samples(path: Path) -> np.ndarray:
    """A row each time a card leaves a hand, for each side's reading of the position: the
    turn, the share of the scenario left, Japan's margins over what it needs (points, resource
    hexes) as that side reads them, whether Japan won the game, and the row's weight."""
    played = positions(GAME, read_save(path).record)
    state = next(played)
    strategy = GAME.strategy
    found: list[list[float]] = []
    held = None
    for state in played:
        cards = sum(len(state.data["cards"][s]["hand"]) for s in SIDES)
        if cards != held and state.result is None:
            held = cards
            g = GAME.context(state)
            reading = strategy.read(g)
            for viewer in SIDES:
                margins = np.array(strategy.margins(reading, viewer)) - NEEDS
                found.append([state.data["turn"], time_left(g), *margins, 0.0, 1.0])
    if state.result is None or state.data["victory"] != "1942":
        raise WargameError(f"{path}: not a finished game of the 1942 scenario")
    rows = np.array(found)
    rows[:, 4] = outcome(state.result, JAPAN)
    rows[:, 5] = 1 / len(rows)
    return rows


def chances(rows: np.ndarray, params: np.ndarray) -> np.ndarray:
    """Japan's chance by the evaluation's formula (``Strategy.japan_chance``) with ``params``:
    the temperatures of the point and of the resource margin at the scenario's start, and of
    both at its end."""
    points, resources, end = params
    left = rows[:, 1]
    return expit(rows[:, 2] / (end + (points - end) * left)) * expit(
        rows[:, 3] / (end + (resources - end) * left)
    )


def log_loss(rows: np.ndarray, params: np.ndarray) -> float:
    p = np.clip(chances(rows, params), EPSILON, 1 - EPSILON)
    won, weight = rows[:, 4], rows[:, 5]
    return float(-(weight * (won * np.log(p) + (1 - won) * np.log(1 - p))).sum() / weight.sum())


def by_turn(rows: np.ndarray, params: np.ndarray) -> None:
    read = chances(rows, params)
    print("turn  readings  Japan won  Japan's chance read")
    for turn in np.unique(rows[:, 0]):
        at = rows[:, 0] == turn
        weight = rows[at, 5]
        won = (weight * rows[at, 4]).sum() / weight.sum()
        mean = (weight * read[at]).sum() / weight.sum()
        print(f"{turn:4.0f}  {at.sum():8d}  {won:9.3f}  {mean:19.3f}")


TODAY = np.array([WEIGHTS.temperature_start, WEIGHTS.temperature_start, WEIGHTS.temperature_end])
FITS: dict[str, tuple[int, Callable[[np.ndarray], np.ndarray]]] = {
    "one temperature at the start": (1, lambda x: np.array([x[0], x[0], TODAY[2]])),
    "each margin its own at the start": (2, lambda x: np.array([x[0], x[1], TODAY[2]])),
    "each its own, and the end": (3, lambda x: np.array([x[0], x[1], x[2]])),
}
"""How many values each fit seeks, and how it makes the parameters from them (the end as
today, but in the last: the readings come before each card's offensive, never with every card
out)."""


def fit(rows: np.ndarray, free: int, make: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """The parameters ``make`` gives from the ``free`` values that minimise the log loss."""

    def loss(x: np.ndarray) -> float:
        params = make(x)
        return log_loss(rows, params) if params.min() > 0.05 else 1e9

    first = TODAY[:free] + 0.5  # Nelder-Mead's first steps are a twentieth of each value
    found = minimize(loss, first, method="Nelder-Mead", options={"xatol": 1e-3})
    return make(found.x)


def show(title: str, rows: np.ndarray, params: np.ndarray, check: np.ndarray | None) -> None:
    points, resources, end = params
    print(
        f"\n{title}: temperatures {points:.2f} (points) and {resources:.2f} (resource hexes) "
        f"at the start, {end:.2f} at the end: log loss {log_loss(rows, params):.4f}"
    )
    by_turn(rows, params)
    if check is not None:
        print(f"the games checked against: log loss {log_loss(check, params):.4f}")
        by_turn(check, params)


def table(names: list[str]) -> np.ndarray:
    tables = []
    for name in names:
        try:
            tables.append(samples(Path(name)))
        except WargameError as error:
            print(f"left out: {error}", file=sys.stderr)
    rows = np.concatenate(tables)
    won = sum(t[0, 4] for t in tables)
    print(f"{len(tables)} games, Japan won {won:g}; {len(rows)} readings (both sides')")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", help="the save files the parameters are fitted to")
    parser.add_argument("--check", nargs="+", help="save files the fit is checked against")
    args = parser.parse_args()
    rows = table(args.games)
    check = table(args.check) if args.check else None
    show("today", rows, TODAY, check)
    for title, (free, make) in FITS.items():
        show(title, rows, fit(rows, free, make), check)


if __name__ == "__main__":
    main()
