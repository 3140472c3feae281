"""The strategic movement phase (1.16, 5.2): ground blocks and land-based air units of the phase
player move any distance through friendly, uncontested land areas, within each power's number of
moves a phase (5.24, Table T15).

Enforced here: the overland route (5.21-5.23); a block's sea leg, overland to a friendly port,
through at most six contiguous supplied sea areas free of enemy influence to a friendly port on
the last of them, and overland again unless it came ashore next to a sea area of enemy influence
(5.22, 5.23, 5.32; Japan pays a transport point for it); an LBA's island hops across sea areas
free of enemy influence, stopping where it lands next to one of enemy influence (5.22, 5.23).
Japan's limit is cut by US submarine points (2.13, fixed in its production phase). Still to come:
the Orphan box's CBA (5.22).

Decisions
---------
* **Which sea areas are supplied** (5.32): those a supply line of the side may pass (3.4,
  :func:`supply.sea_areas_in_supply`: no enemy dominant influence and, for Japan, its network);
  5.23 then keeps out of those where the enemy projects any influence.
* **Where a sea leg starts and ends**: in a port of a friendly uncontested area, the sea areas its
  port opens onto (3.24); the six sea areas count the first one entered.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.board.paths import only_into, reachable
from wargame.engine.log import Side
from wargame.engine.memo import Answers, is_read
from wargame.engine.procedure import Choices, Context, Procedure
from wargame.engine.state import Frame
from wargame.games.asia_engulfed.board import (
    SEA_MOVES,
    air_neighbours,
    area_graph,
    coasts_of,
    land_neighbours,
    seas_touching,
)
from wargame.games.asia_engulfed.charts import Charts, tables
from wargame.games.asia_engulfed.control import CHINESE, SIDES, area, enemy, supply_of
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.influence import port_seas, projecting
from wargame.games.asia_engulfed.movement import (
    MovementPhase,
    barred,
    chinese_areas,
    fly,
    friendly_uncontested,
    relocate,
)
from wargame.games.asia_engulfed.naval import sea_steps
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.shipping import usable_port
from wargame.games.asia_engulfed.strategic_warfare import strategic_limit
from wargame.games.asia_engulfed.supply import sea_areas_in_supply
from wargame.games.asia_engulfed.supply import tables as supply_tables
from wargame.games.asia_engulfed.transports import TRANSPORTS_AVAILABLE, transports_available


def movers(
    data: Mapping[str, Any], side: Side, only: str | None = None
) -> Iterator[tuple[str, str, str]]:
    """Each unit of ``side`` that may strat-move now (``only``: of that unit alone): (id,
    power, where), blocks then LBA."""
    moved = set(data["moved"][side])
    units, counters = data["units"], data["counters"]
    if only is not None:
        units = {only: units[only]} if only in units else {}
        counters = {only: counters[only]} if only in counters else {}
    for unit_id, unit in sorted(units.items()):
        if unit["owner"] == side and unit["public"]["kind"] == "ground" and unit_id not in moved:
            yield unit_id, unit["hidden"]["power"], unit["where"]
    for counter_id, counter in sorted(counters.items()):
        lba = counter["type"] == "lba" and side_of(counter["power"]) == side
        if lba and counter_id not in moved:
            yield counter_id, counter["power"], counter["where"]


@RULES.implements("5.2", "5.21", "5.23", "5.24", "3.6", "3.33")
def strategic_options(
    data: Mapping[str, Any], side: Side, charts: Charts, only: str | None = None
) -> Iterator[tuple[str, list[str]]]:
    """Each unit ``side`` may strat-move, with where it may go: from a friendly uncontested area
    (5.21), in supply (3.6), its power's moves not used up (5.24), through and into friendly
    uncontested areas only (5.23), never where its nation may not stand (3.33, 9.23, 9.32);
    DEI blocks never move (3.33). Blocks follow land boundaries, with one sea leg (5.32); air
    ignores impassable ones and hops across seas (5.22). ``only``: that unit alone."""
    for unit_id, power, start, reach in _startable(data, side, charts, only):
        targets = reach.targets(power, start, block=unit_id in data["units"])
        if targets:
            yield unit_id, targets


def strategic_movers(data: Mapping[str, Any], side: Side, charts: Charts) -> Iterator[str]:
    """Each unit :func:`strategic_options` lists, without listing all its destinations."""
    for unit_id, power, start, reach in _startable(data, side, charts, None):
        if reach.any_target(power, start, block=unit_id in data["units"]):
            yield unit_id


def _startable(
    data: Mapping[str, Any], side: Side, charts: Charts, only: str | None
) -> Iterator[tuple[str, str, str, _Reach]]:
    """Each unit of ``side`` that may begin a strategic move where it stands (5.21, 5.24, 3.6,
    3.33): (id, power, where, the reach of the position)."""
    used = data["strategic_moves"]
    reach = _Reach.of(data, side, _Seas.of(data, side, charts))
    spent: dict[str, bool] = {}  # by power: its moves used up (5.24)
    for unit_id, power, start in movers(data, side, only):
        if power == "dei" and unit_id in data["units"]:
            continue
        if power not in spent:
            spent[power] = used.get(power, 0) >= strategic_limit(data, power, charts)
        if spent[power]:
            continue
        if (
            not friendly_uncontested(data, side, start)
            or supply_of(data, side, unit_id, start) == "out"
        ):
            continue
        yield unit_id, power, start, reach


def strategic_targets(
    data: Mapping[str, Any], side: Side, power: str, start: str, seas: _Seas, *, block: bool
) -> set[str]:
    """Where a unit of ``power`` in ``start`` may strat-move across ``seas`` (:class:`_Reach`)."""
    return _Reach(data, side, seas).reach(power, start, block=block)


class _Seas:
    """The sea areas a side's strategic moves may cross this decision (5.23, 5.32): supplied
    for it, and free of enemy influence; ``open`` says whether a sea leg may be paid for."""

    def __init__(
        self, clear: frozenset[str], hostile: frozenset[str], open_: bool, budget: int
    ) -> None:
        self.clear = clear
        self.hostile = hostile
        self.open = open_
        self.budget = budget  # sea areas a leg crosses (T14)
        self._shores: dict[str, frozenset[str]] = {}
        self._stops: dict[str, bool] = {}

    @classmethod
    def of(cls, data: Mapping[str, Any], side: Side, charts: Charts) -> _Seas:
        sides = projecting(data)
        other = enemy(side)
        hostile = frozenset(sea for sea, there in sides.items() if other in there)
        supplied = frozenset(supply_tables().areas(sea_areas_in_supply(data, side)))
        paid = side != SIDES[0] or (
            transports_available(data) >= charts.japanese_logistics.transport_points_per_unit
        )
        return cls(supplied - hostile, hostile, paid, charts.movement.strategic_sea)

    def shores(self, sea: str) -> frozenset[str]:
        """The areas an air unit reaches across ``sea`` and the sea areas beyond it, free of
        enemy influence all (5.22: one or more sea areas)."""
        if sea in self.hostile:
            return frozenset()
        found = self._shores.get(sea)
        if found is None:
            crossed = reachable(
                sea, lambda s: [n for n in _sea_neighbours(s) if n not in self.hostile]
            )
            found = frozenset(a for s in crossed for a in coasts_of(s))
            self._shores.update(dict.fromkeys(crossed, found))
        return found

    def stops(self, where: str) -> bool:
        """A unit arriving by sea next to a sea area of enemy influence stops there (5.23)."""
        found = self._stops.get(where)
        if found is None:
            found = self._stops[where] = any(sea in self.hostile for sea in seas_touching(where))
        return found


def _sea_neighbours(sea: str) -> list[str]:
    return area_graph().neighbours(sea, SEA_MOVES)


class _Reach:
    """Where ``side``'s units strat-move in one position: the areas each power may stand in
    and the reach from each start, worked out once and shared by every unit of that power
    standing there (a decision lists hundreds of moves from a few dozen starts)."""

    def __init__(self, data: Mapping[str, Any], side: Side, seas: _Seas) -> None:
        self.data = data
        self.side = side
        self.seas = seas
        self._standing: dict[str, frozenset[str]] = {}
        self._targets: dict[tuple[str, str, bool], list[str]] = {}
        self._sea_steps: dict[str, list[str]] = {}
        self._regions: dict[tuple[str, str], frozenset[str]] = {}
        self._sea_legs: dict[str, set[str]] = {}
        self._overland: dict[tuple[str, str], frozenset[str]] = {}
        self._by_sea: dict[tuple[str, frozenset[str]], set[str]] = {}
        self._air_steps: dict[tuple[str, str], tuple[list[str], list[str]]] = {}

    @classmethod
    def of(cls, data: Mapping[str, Any], side: Side, seas: _Seas) -> _Reach:
        """The reach of ``side``'s units in ``data``: while a decision is listed, the one kept
        for an earlier position where all it reads was the same, if any."""
        if not is_read(data):
            return cls(data, side, seas)
        key = (
            side,
            (seas.clear, seas.hostile, seas.open, seas.budget),
            tuple(data["control"].items()),
            tuple(data["contested"]),
            tuple(data.get("port_damage", {}).items()),
            chinese_areas(data),
        )
        return _REACHES.get(key, lambda: cls(_read_by_reach(data), side, seas))

    def targets(self, power: str, start: str, *, block: bool) -> list[str]:
        """Where a unit of ``power`` in ``start`` may strat-move, sorted."""
        key = (power, start, block)
        found = self._targets.get(key)
        if found is None:
            found = sorted(self.reach(power, start, block=block))
            self._targets[key] = found
        return found

    def any_target(self, power: str, start: str, *, block: bool) -> bool:
        """Whether :meth:`targets` has any, found from the first steps where they suffice: an
        air unit's first hop, a block's march before its sea leg."""
        known = self._targets.get((power, start, block))
        if known is not None:
            return bool(known)
        if not block:
            overland, by_sea = self.air_steps(power, start)
            return any(step != start for step in (*overland, *by_sea))
        return bool(self.overland(power, start)) or bool(self.reach(power, start, block=True))

    def reach(self, power: str, start: str, *, block: bool) -> set[str]:
        """Where a unit of ``power`` in ``start`` may strat-move: overland, and a block with a
        sea leg where it has one, an air unit island-hopping (5.22, 5.32)."""
        if not block:
            return _island_hops(self, power, start) - {start}
        overland = self.overland(power, start)
        if not self.seas.open:
            return set(overland)
        embark = frozenset({start} | overland)
        by_sea = self._by_sea.get((power, embark))
        if by_sea is None:
            by_sea = self._by_sea[(power, embark)] = _by_sea(self, power, embark)
        return set(overland) | (by_sea - {start})

    def standing(self, power: str) -> frozenset[str]:
        """The friendly uncontested areas a unit of ``power`` may stand in (5.23, 3.33)."""
        found = self._standing.get(power)
        if found is None:
            found = frozenset(
                where
                for where in self.data["control"]
                if friendly_uncontested(self.data, self.side, where)
                and barred(self.data, power, where) is None
            )
            self._standing[power] = found
        return found

    def overland(self, power: str, start: str) -> frozenset[str]:
        """Where a block of ``power`` marches from ``start`` through areas it may stand in."""
        found = self._overland.get((power, start))
        if found is None:
            standing = self.standing(power)
            joined: set[str] = set()
            for step in land_neighbours(start):
                if step in standing and step not in joined:
                    joined |= self._region(power, step)
            found = self._overland[(power, start)] = frozenset(joined - {start})
        return found

    def _region(self, power: str, where: str) -> frozenset[str]:
        """The areas joined to ``where`` by land through areas ``power`` may stand in."""
        found = self._regions.get((power, where))
        if found is None:
            standing = self.standing(power)
            found = frozenset(reachable(where, only_into(land_neighbours, standing.__contains__)))
            self._regions.update(((power, member), found) for member in found)
        return found

    def sea_leg(self, sea: str) -> set[str]:
        """The sea areas a leg entering ``sea`` first crosses within its budget (5.32)."""
        found = self._sea_legs.get(sea)
        if found is None:
            found = reachable(sea, self.sea_steps, max_cost=self.seas.budget - 1)
            self._sea_legs[sea] = found
        return found

    def air_steps(self, power: str, where: str) -> tuple[list[str], list[str]]:
        """Where an air unit of ``power`` flies on from ``where``: the areas it may stand in
        overland, and those across sea areas free of enemy influence (5.22)."""
        found = self._air_steps.get((power, where))
        if found is None:
            standing = self.standing(power)
            overland = [a for a in air_neighbours(where) if a in standing]
            shores = {a for sea in seas_touching(where) for a in self.seas.shores(sea)}
            found = (overland, sorted(shores & standing))
            self._air_steps[(power, where)] = found
        return found

    def sea_steps(self, sea: str) -> list[str]:
        """The supplied, uninfluenced sea areas next to ``sea`` a sea leg may enter."""
        found = self._sea_steps.get(sea)
        if found is None:
            clear = self.seas.clear
            found = [s for s in sea_steps(self.data, self.side, sea) if s in clear]
            self._sea_steps[sea] = found
        return found


_REACHES: Final[Answers[_Reach]] = Answers(256)
"""The reaches worked out while decisions were listed, by all of the position they read (the
control and contest of areas, damaged ports, the areas where Chinese units stand, the sea areas
open to strategic moves): a strategic move seldom changes them, so the next listing finds its
units' destinations already known. Each keeps a copy of what it reads (:func:`_read_by_reach`)."""


def _read_by_reach(data: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of what :class:`_Reach` reads of ``data`` (kept, it must not change with it)."""
    chinese = {
        unit_id: {"owner": u["owner"], "where": u["where"], "hidden": {"power": power}}
        for unit_id, u in data["units"].items()
        if u["owner"] == SIDES[1] and (power := u["hidden"]["power"]) in CHINESE
    }
    return {
        "control": dict(data["control"]),
        "contested": list(data["contested"]),
        "port_damage": dict(data.get("port_damage", {})),
        "units": chinese,
    }


@RULES.implements("5.32", "5.22", "5.23", "8.71")
def _by_sea(reach: _Reach, power: str, embark: frozenset[str]) -> set[str]:
    """Areas a block reaches with its sea leg from a port in ``embark`` (its overland reach):
    through at most six contiguous sea areas of ``seas``, to a friendly uncontested port on
    the last, then overland again unless it must stop there (5.32, 5.23); never from or into a
    damaged port (8.71)."""
    seas, standing = reach.seas, reach.standing(power)
    usable = [p for p in embark if area(p).has_port and usable_port(reach.data, p)]  # 8.71
    first = {sea for p in usable for sea in port_seas(p)} & seas.clear
    crossed: set[str] = set()
    for sea in first:
        crossed |= reach.sea_leg(sea)
    ports = {
        p
        for sea in crossed
        for p in coasts_of(sea)
        if sea in port_seas(p) and p in standing and usable_port(reach.data, p)
    }
    found = set(ports)
    for port in ports - embark:
        if not seas.stops(port):
            found |= reach.overland(power, port)
    return found


@RULES.implements("5.22", "5.23")
def _island_hops(reach: _Reach, power: str, start: str) -> set[str]:
    """Where an air unit strat-moves: any distance through friendly uncontested areas,
    overland or across sea areas free of enemy influence, no further once it has crossed a sea
    into an area next to one of enemy influence (5.22, 5.23). An area where such a hop stops
    is still passed through when it is reached overland."""
    onward = {start}
    stopped: set[str] = set()
    frontier = [start]
    while frontier:
        overland, by_sea = reach.air_steps(power, frontier.pop())
        for nxt in overland:
            if nxt not in onward:
                onward.add(nxt)
                frontier.append(nxt)
        for nxt in by_sea:
            if nxt in onward:
                continue
            if reach.seas.stops(nxt):
                stopped.add(nxt)
            else:
                onward.add(nxt)
                frontier.append(nxt)
    return onward | stopped


class StrategicMovement(MovementPhase):
    """The strategic movement phase (1.16)."""

    name = "strategic_movement"
    prompt = "prompt.strategic_movement"
    destination_prompt = "prompt.strategic_destination"
    none_picked_prompt = "prompt.strategic_none_picked"

    def movers(self, data: Mapping[str, Any], side: Side, charts: Charts) -> Iterator[str]:
        return strategic_movers(data, side, charts)

    def pick_verb(self, data: Mapping[str, Any], unit_id: str) -> str:
        return "strategic"

    def destinations(self, g: Context, side: Side, unit_id: str, choices: Choices) -> None:
        for _unit, targets in strategic_options(g.data, side, tables(g.state), unit_id):
            for target in targets:
                action = Action(f"strategic {unit_id} {target}")
                choices.add(action, self.move, side, unit_id, target)

    def move(self, g: Context, f: Frame, side: Side, unit_id: str, target: str) -> None:
        if unit_id in g.data["units"]:
            unit = g.data["units"][unit_id]
            power = unit["hidden"]["power"]
            if side == SIDES[0] and _by_sea_leg(g, side, power, unit["where"], target):
                _pay_transport(g, tables(g.state))  # 5.32
            relocate(g, unit_id, target)
        else:
            power = g.data["counters"][unit_id]["power"]
            fly(g, side, unit_id, target)
        used = g.data["strategic_moves"]
        g.data["strategic_moves"] = {**used, power: used.get(power, 0) + 1}
        self.moved(g, side, unit_id)

    def end(self, g: Context, f: Frame, side: Side) -> None:
        g.data["strategic_moves"] = {}
        super().end(g, f, side)


def _by_sea_leg(g: Context, side: Side, power: str, start: str, target: str) -> bool:
    """Whether a block's strategic move from ``start`` to ``target`` needs its sea leg."""
    reach = _Reach(g.data, side, _Seas.of(g.data, side, tables(g.state)))
    return target not in reach.overland(power, start)


def _pay_transport(g: Context, charts: Charts) -> None:
    cost = charts.japanese_logistics.transport_points_per_unit
    g.data["tracks"][TRANSPORTS_AVAILABLE] = transports_available(g.data) - cost


ALL: Final[tuple[Procedure, ...]] = (StrategicMovement(),)
