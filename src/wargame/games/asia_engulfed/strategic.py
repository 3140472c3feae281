"""The strategic movement phase (1.16, 5.2): ground blocks and land-based air units of the phase
player move any distance through friendly, uncontested land areas, within each power's number of
moves a phase (5.24).

Enforced here: the overland route (5.21-5.23). Still to come with the naval rules: the sea leg
through at most six supplied sea areas (5.32), the air units' island hops across seas and the
Orphan box's CBA (5.22), and the Japanese limit's cut by US submarine points (2.13).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.board.paths import reachable
from wargame.engine.fog import audience, move
from wargame.engine.log import Side
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.asia_engulfed.board import air_neighbours, land_neighbours
from wargame.games.asia_engulfed.control import SIDES, supply_of
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.movement import barred, friendly_uncontested
from wargame.games.asia_engulfed.registry import RULES

MOVES_A_PHASE: Final[dict[str, int]] = {  # 5.24, Table T15
    "japan": 4,  # seed
    "usa": 4,  # seed
    "cw": 3,  # provisional: see the stand-in
    "china": 2,  # provisional: Nationalists and Communists together
}
RULES.stand_in(
    "5.24",
    "The Commonwealth may make 3 strategic moves a phase and China 2 (Nationalists and "
    "Communists together): the rule's numbers for them are lost; Japan and the US have 4, and "
    "the Commonwealth's rail and shipping in India and Australia were less, China's least.",
    key="strategic_limits",
)


def limit_key(power: str) -> str:
    return "china" if power in ("china_nat", "china_comm") else power


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
def strategic_moves(data: Mapping[str, Any], side: Side) -> Iterator[tuple[str, str]]:
    """Every (unit, area) strategic move ``side`` may make: from a friendly uncontested area
    (5.21), in supply (3.6), its power's moves not used up (5.24), through and into friendly
    uncontested areas only (5.23), never where its nation may not stand (3.33, 9.23, 9.32);
    DEI blocks never move (3.33). Blocks follow land boundaries; air ignores impassable ones."""
    used = data["strategic_moves"]
    for unit_id, power, start in movers(data, side):
        if power == "dei" and unit_id in data["units"]:
            continue
        if used.get(limit_key(power), 0) >= MOVES_A_PHASE.get(limit_key(power), 0):
            continue
        if not friendly_uncontested(data, side, start) or supply_of(data, side, start) == "none":
            continue
        for target in sorted(_overland(data, side, power, start, unit_id in data["units"])):
            yield unit_id, target


def _overland(data: Mapping[str, Any], side: Side, power: str, start: str, block: bool) -> set[str]:
    def can_enter(_a: str, b: str) -> bool:
        return friendly_uncontested(data, side, b) and barred(data, power, b) is None

    steps = land_neighbours if block else air_neighbours
    return reachable(start, steps, can_enter=can_enter) - {start}


class StrategicMovement(Procedure):
    """The strategic movement phase (1.16): moves one by one until the phase player ends it,
    then stacking (5.42-5.44)."""

    name = "strategic_movement"

    @decision
    def start(self, g: Context, f: Frame) -> Choices:
        side: Side = f.locals["side"]
        choices = Decision.single(side, "prompt.strategic_movement")
        for unit_id, target in strategic_moves(g.data, side):
            choices.add(Action.of("strategic", unit_id, target), self.move, side, unit_id, target)
        choices.add("end", self.end, side)
        return choices

    def move(self, g: Context, f: Frame, side: Side, unit_id: str, target: str) -> None:
        data = g.data
        if unit_id in data["units"]:
            unit = data["units"][unit_id]
            start, power = unit["where"], unit["hidden"]["power"]
            move(data["units"], unit_id, target)
            private = {"side": side, "unit": unit_id, "from": start, "to": target}
            public = {"side": side, "colour": unit["public"]["colour"], "from": start, "to": target}
            g.log_private(audience(unit, SIDES), "log.moved", private, "log.moved_blank", public)
        else:
            counter = data["counters"][unit_id]
            start, power = counter["where"], counter["power"]
            counter["where"] = target
            g.log("log.flew", side=side, unit=unit_id, to=target, **{"from": start})
        key = limit_key(power)
        data["strategic_moves"] = {
            **data["strategic_moves"],
            key: data["strategic_moves"].get(key, 0) + 1,
        }
        data["moved"][side] = sorted([*data["moved"][side], unit_id])

    def end(self, g: Context, f: Frame, side: Side) -> None:
        g.data["moved"][side] = []
        g.data["strategic_moves"] = {}
        g.call("stacking", then="done")

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


ALL: Final[tuple[Procedure, ...]] = (StrategicMovement(),)
