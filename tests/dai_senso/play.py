"""Positions of Dai Senso! to test play on: the August Storm set-up with the ground units
replaced by the ones a test names, and a rules overlay that fixes the CRT's result and the
weather."""

from __future__ import annotations

from typing import Final

import msgspec

from wargame.engine.action import Action
from wargame.engine.state import State, clone, to_json
from wargame.games import REGISTRY
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import TABLES
from wargame.games.dai_senso.state import SIDES

GAME = REGISTRY.game("dai-senso")
SCENARIO = "a1_august_storm"
PLAIN = "e1603"
"""A clear hex whose neighbours, and theirs, are clear land with no hexside feature (Australia:
the Desert weather area)."""
FIRST_TURN = 4  # Aug-Sep, August Storm's first turn, on the turn track


EVERYWHERE_SUPPLIED: Final = {
    "trace_hexes": 0,
    "sources": {side: [country for country in board().countries if country] for side in SIDES},
}
"""A supply table under which every unit on land is in supply, for the tests of other rules."""
PRINTED_SUPPLY: Final = msgspec.to_builtins(TABLES.defaults["supply"])
"""The game's own supply table: no Axis or Soviet unit in Australia (``PLAIN``) is in supply."""


def overlay(result: str | None, weather: dict[str, str] | None, supply: dict) -> dict:
    """A rules overlay with the ``supply`` table (default: every unit is in supply), whose CRT
    gives ``result`` in every cell, and whose first turn (Aug-Sep) has ``weather`` (area -> mud,
    storm or snow)."""
    tables: dict = {"supply": supply}
    if result is not None:
        printed = TABLES.defaults["crt"].columns
        rows = {str(face): [result] * len(printed) for face in range(1, 7)}
        tables["crt"] = {"columns": list(printed), "rows": rows}
    if weather is not None:
        track = msgspec.to_builtins(TABLES.defaults["turn_track"])
        track[FIRST_TURN]["weather"] = weather
        tables["turn_track"] = track
    return {"game": "dai-senso", "name": "test", "tables": tables}


def position(
    units: dict[str, tuple[str, int]],
    result: str | None = None,
    weather: dict[str, str] | None = None,
    supply: dict = EVERYWHERE_SUPPLIED,
    seed: int = 7,
) -> State:
    """The Axis operational movement of turn 1 with only ``units`` (id -> hex, steps) on the map
    and none in the force pool,
    every unit in supply unless ``supply`` is another supply table; with ``result`` every combat
    gives that CRT result, with ``weather`` the turn has it; ``seed`` seeds its dice."""
    options = {"rules_overlay": overlay(result, weather, supply)}
    found = clone(GAME.setup(SCENARIO, seed, options))
    found.data["units"] = {uid: {"hex": hex_id, "steps": steps} for uid, (hex_id, steps) in
                           units.items()}  # fmt: skip
    found.data["control"] = {}
    found.data["pool"] = []  # nothing to break down into (2.3.4)
    return past_organization(found, "axis")


def past_organization(state: State, side: str) -> State:
    """The position after ``side`` ends its organization segment (2.3) doing nothing, if it is
    in it."""
    if GAME.view(state, side)["prompt"]["key"] == "prompt.organization":
        return act(state, side, "end")
    return state


def act(state: State, side: str, *texts: str) -> State:
    for text in texts:
        state = GAME.apply(state, side, Action(text))
    return state


def actions(state: State, side: str) -> list[str]:
    return [action.text for action in GAME.legal_actions(state, side)]


def hexes(state: State) -> dict[str, str]:
    return {uid: record["hex"] for uid, record in state.data["units"].items()}


def frozen(state: State) -> bytes:
    """The state's bytes, to show that a refusal changed nothing."""
    return to_json(state)


def end_turn(state: State, side: str) -> State:
    """``side`` ends each decision of its faction turn until another faction is to act (the
    organization segment asks only when a unit may be reorganized)."""
    while GAME.active(state) == [side]:
        state = act(state, side, "end")
    return state
