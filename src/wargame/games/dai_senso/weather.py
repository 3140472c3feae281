"""Weather (11): no die; the turn track prints the adverse weather of each turn in each weather
area (``turn_track`` of data/tables.yaml, provisional), and each area is a set of countries
(11.1, ``weather_areas``). A hex of no listed country has no weather.

The effects played are in the modules that apply them: movement (11.3 leaving an enemy zone of
control in Mud, 11.4 and 11.5 stopping in Storms and Snow), overrun (no overrun into Mud) and
combat (11.2 retreat results lessened, 11.3 the Mud shift; no blitz attack on a hex in Mud or
Storms, in Snow by Russian units only: 4.1.2) and exploitation (never into Mud: 4.2.8). Air
units, which weather also limits, are not played yet.
"""

from __future__ import annotations

from wargame.engine.state import State
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.registry import RULES

STOPPING: frozenset[str] = frozenset({"storm", "snow"})
"""Weathers in which a unit stops after entering or leaving an enemy zone of control."""


@RULES.implements("11.1")
def weather_now(state_: State) -> dict[str, str]:
    """Each hex with adverse weather this turn, and its weather (mud, storm or snow)."""
    charts = game_tables(state_)
    printed = charts["turn_track"][state_.data["track"]].weather
    found: dict[str, str] = {}
    for area, countries in charts["weather_areas"].items():
        if area in printed:
            for country in countries:
                found.update(dict.fromkeys(board().countries.get(country, ()), printed[area]))
    return found
