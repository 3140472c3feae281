"""The strategic movement phase (1.16, 5.2): ground blocks and land-based air units of the phase
player move any distance through friendly, uncontested land areas, within each power's number of
moves a phase (5.24, Table T15).

Enforced here: the overland route (5.21-5.23) and Japan's limit cut by US submarine points (2.13,
fixed in its production phase). Still to come with the naval rules: the sea leg through at most
six supplied sea areas (5.32), the air units' island hops across seas and the Orphan box's CBA
(5.22).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.board.paths import reachable
from wargame.engine.log import Side
from wargame.engine.procedure import Choices, Context, Procedure
from wargame.engine.state import Frame
from wargame.games.asia_engulfed.board import air_neighbours, land_neighbours
from wargame.games.asia_engulfed.charts import Charts, tables
from wargame.games.asia_engulfed.control import supply_of
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.movement import (
    MovementPhase,
    barred,
    fly,
    friendly_uncontested,
    mark_moved,
    relocate,
)
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.strategic_warfare import strategic_limit


def movers(data: Mapping[str, Any], side: Side) -> Iterator[tuple[str, str, str]]:
    """Each unit of ``side`` that may strat-move now: (id, power, where), blocks then LBA."""
    moved = set(data["moved"][side])
    for unit_id, unit in sorted(data["units"].items()):
        if unit["owner"] == side and unit["public"]["kind"] == "ground" and unit_id not in moved:
            yield unit_id, unit["hidden"]["power"], unit["where"]
    for counter_id, counter in sorted(data["counters"].items()):
        lba = counter["type"] == "lba" and side_of(counter["power"]) == side
        if lba and counter_id not in moved:
            yield counter_id, counter["power"], counter["where"]


@RULES.implements("5.21", "5.23", "5.24", "3.6", "3.33")
def strategic_moves(
    data: Mapping[str, Any], side: Side, charts: Charts
) -> Iterator[tuple[str, str]]:
    """Every (unit, area) strategic move ``side`` may make: from a friendly uncontested area
    (5.21), in supply (3.6), its power's moves not used up (5.24), through and into friendly
    uncontested areas only (5.23), never where its nation may not stand (3.33, 9.23, 9.32);
    DEI blocks never move (3.33). Blocks follow land boundaries; air ignores impassable ones."""
    used = data["strategic_moves"]
    for unit_id, power, start in movers(data, side):
        if power == "dei" and unit_id in data["units"]:
            continue
        if used.get(power, 0) >= strategic_limit(data, power, charts):
            continue
        if not friendly_uncontested(data, side, start) or supply_of(data, side, start) == "out":
            continue
        for target in sorted(_overland(data, side, power, start, unit_id in data["units"])):
            yield unit_id, target


def _overland(data: Mapping[str, Any], side: Side, power: str, start: str, block: bool) -> set[str]:
    def can_enter(_a: str, b: str) -> bool:
        return friendly_uncontested(data, side, b) and barred(data, power, b) is None

    steps = land_neighbours if block else air_neighbours
    return reachable(start, steps, can_enter=can_enter) - {start}


class StrategicMovement(MovementPhase):
    """The strategic movement phase (1.16)."""

    name = "strategic_movement"
    prompt = "prompt.strategic_movement"

    def offer(self, g: Context, side: Side, choices: Choices) -> None:
        for unit_id, target in strategic_moves(g.data, side, tables(g.state)):
            choices.add(Action.of("strategic", unit_id, target), self.move, side, unit_id, target)

    def move(self, g: Context, f: Frame, side: Side, unit_id: str, target: str) -> None:
        if unit_id in g.data["units"]:
            power = g.data["units"][unit_id]["hidden"]["power"]
            relocate(g, unit_id, target)
        else:
            power = g.data["counters"][unit_id]["power"]
            fly(g, side, unit_id, target)
        used = g.data["strategic_moves"]
        g.data["strategic_moves"] = {**used, power: used.get(power, 0) + 1}
        mark_moved(g, side, unit_id)

    def end(self, g: Context, f: Frame, side: Side) -> None:
        g.data["strategic_moves"] = {}
        super().end(g, f, side)


ALL: Final[tuple[Procedure, ...]] = (StrategicMovement(),)
