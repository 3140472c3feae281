"""Victory (10.3): lost from the sources, so a designed stand-in read from ``data/victory.yaml``
(each area with its provenance; the file says why). Japan wins at the end of a scenario if it
controls or contests at least ``japan_needs`` of the scenario's victory areas; else the Allies.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Final

import msgspec

from wargame.engine.data import read_raw
from wargame.engine.log import Side
from wargame.engine.state import Result
from wargame.games.asia_engulfed import bidding
from wargame.games.asia_engulfed.board import area_map
from wargame.games.asia_engulfed.control import SIDES
from wargame.games.asia_engulfed.registry import RULES

VICTORY: Final = Path(__file__).parent / "data" / "victory.yaml"
NOT_ENFORCED: Final = ["2.0", "4.0", "7.0", "8.0", "9.0"]

RULES.stand_in(
    "10.3",
    "Japan wins at the end of a scenario if it controls or contests three of its victory areas "
    "(15 in the campaigns, four of them known; the South Pacific line in Tipping the Scales).",
    key="victory_areas",
)


class VictoryArea(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    area: str
    provenance: str
    source: str


class Conditions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    provenance: str
    rule: str
    source: str
    reason: str
    japan_needs: int
    areas: list[VictoryArea]


class VictoryFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    campaign: Conditions
    scenarios: dict[str, Conditions]


@cache
def load(path: Path = VICTORY) -> VictoryFile:
    loaded = msgspec.convert(read_raw(path), VictoryFile)
    known = area_map().areas
    for conditions in [loaded.campaign, *loaded.scenarios.values()]:
        for each in conditions.areas:
            if each.area not in known:
                raise ValueError(f"{path}: victory area {each.area!r} is not on the map")
    return loaded


def conditions(scenario: str) -> Conditions:
    loaded = load()
    return loaded.scenarios.get(scenario, loaded.campaign)


def held(data: Mapping[str, Any]) -> dict[Side, list[str]]:
    """The victory areas Japan controls or contests, and those the Allies hold clear."""
    japan, allies = SIDES
    found: dict[Side, list[str]] = {japan: [], allies: []}
    for each in conditions(data["scenario"]).areas:
        mine = data["control"].get(each.area) == japan or each.area in data["contested"]
        found[japan if mine else allies].append(each.area)
    return found


def standing(data: Mapping[str, Any]) -> dict[Side, int]:
    return {side: len(areas) for side, areas in held(data).items()}


@RULES.implements("10.3", "10.4")
def final_result(data: Mapping[str, Any]) -> Result:
    needs = max(1, conditions(data["scenario"]).japan_needs + bidding.japan_needs_change(data))
    count = standing(data)
    winner = SIDES[0] if count[SIDES[0]] >= needs else SIDES[1]
    return Result(
        winner,
        "victory_areas",
        {"japan": count[SIDES[0]], "needs": needs},
        dict(count),
        missing=list(NOT_ENFORCED),
    )
