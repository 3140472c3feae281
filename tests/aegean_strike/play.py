"""Positions of Aegean Strike to test play on: the North Africa War at its first movement
segment (ground units, naval units, then air missions), with data a test changes, and rules
overlays that fix the combat charts' results."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from wargame.engine.action import Action
from wargame.engine.state import State, clone
from wargame.games import REGISTRY
from wargame.games.aegean_strike.charts import TABLES

GAME = REGISTRY.game("aegean-strike")
SCENARIO = "north_africa_war"
PASSING = ("end", "pass", "done", "go")


SHIPS_HARMLESS = [0, 1, 1, 1, 1, 1, 1, 1]
"""Air/Naval chart hits by column: none in the first (strength 1: Benina's ships against a
group with ECM 3), one in every other."""


def overlay(**hits: int | list[int]) -> dict[str, Any]:
    """A rules overlay whose charts (air_naval_combat, air_to_ground_combat) give ``hits`` in
    every cell, or in each column the list's number."""
    tables = {}
    for name, count in hits.items():
        columns = list(TABLES.defaults[name].table.columns)
        row = count if isinstance(count, list) else [count] * len(columns)
        rows = {str(face): row for face in range(1, 11)}
        tables[name] = {"columns": columns, "rows": rows}
    return {"game": "aegean-strike", "name": "test", "tables": tables}


def begun(**hits: int | list[int]) -> State:
    options = {"rules_overlay": overlay(**hits)} if hits else {}
    return GAME.setup(SCENARIO, 7, options)


def ground_segment(
    edit: Callable[[dict[str, Any]], None] | None = None, **hits: int | list[int]
) -> State:
    """Player A's ground units in the first movement segment of turn 1 (A is the first
    Battlefield Controller), after ``edit`` changed the position's data."""
    state = act(act(begun(**hits), "b", "done"), "a", "done")
    return edited(state, edit)


def naval_segment(
    edit: Callable[[dict[str, Any]], None] | None = None, **hits: int | list[int]
) -> State:
    """Player A's naval units in the first movement segment of turn 1, its ground units left
    where they are, after ``edit`` changed the position's data."""
    return edited(act(ground_segment(**hits), "a", "end"), edit)


def first_segment(
    edit: Callable[[dict[str, Any]], None] | None = None, **hits: int | list[int]
) -> State:
    """Player A's air missions in the first movement segment of turn 1, its naval units left
    where they are, after ``edit`` changed the position's data."""
    return edited(act(naval_segment(**hits), "a", "end"), edit)


def under_way(*ships: str) -> Callable[[dict[str, Any]], None]:
    """An edit putting ``ships`` (set up In port) to sea (10.02), so that they spend MP."""

    def edit(data: dict[str, Any]) -> None:
        for ship in ships:
            data["naval"][ship]["in_port"] = False

    return edit


def tripoli_seen(data: dict[str, Any]) -> None:
    """The Libyan troops at Tripoli (S0106) fought there, so Player A sees them (14.05)."""
    data["fought"].update({"ly-2-armd": "S0106", "ly-art": "S0106"})


def edited(state: State, edit: Callable[[dict[str, Any]], None] | None) -> State:
    if edit is not None:
        state = clone(state)
        edit(state.data)
    return state


def act(state: State, side: str, *texts: str) -> State:
    for text in texts:
        state = GAME.apply(state, side, Action(text))
    return state


def actions(state: State, side: str) -> list[str]:
    return [action.text for action in GAME.legal_actions(state, side)]


def passing(state: State, until: Callable[[State], bool]) -> State:
    """Every deciding side ends, passes or finishes until ``until`` holds or the game ends."""
    while state.result is None and not until(state):
        side = GAME.active(state)[0]
        offered = actions(state, side)
        state = act(state, side, next(text for text in PASSING if text in offered))
    return state


def prompt(state: State, side: str) -> str:
    return str(GAME.view(state, side, log=False)["prompt"]["key"])


def played_out(scenario: str, seed: int, steps: int) -> State:
    """A game of ``scenario`` played by random legal actions, to its end or ``steps`` actions."""
    rng = random.Random(seed)
    state = GAME.setup(scenario, seed)
    for _ in range(steps):
        if state.result is not None:
            break
        side = GAME.active(state)[0]
        state = GAME.apply(state, side, rng.choice(GAME.legal_actions(state, side)))
    return state


def asked_with_nothing(found: State, key: str) -> list[str]:
    """The sides asked in turn at the prompt ``key`` with only "done" offered, each playing
    it (a Final Stage step that asks both sides even when they have nothing to do)."""
    asked = []
    while prompt(found, GAME.active(found)[0]) == key:
        side = GAME.active(found)[0]
        assert actions(found, side) == ["done"]
        asked.append(side)
        found = act(found, side, "done")
    return asked
