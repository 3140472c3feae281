"""Who stands where, who controls each area (3.25) and how many units an area holds (5.4).

Occupancy counts ground blocks and garrisons (a garrison is a ground unit for control and loss
allocation, 6.25); fleets, air units and submarines never take or contest an area.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from wargame.engine.log import Side
from wargame.engine.memo import is_read, remembered
from wargame.games.asia_engulfed import home_defence
from wargame.games.asia_engulfed.board import Area, area_map
from wargame.games.asia_engulfed.charts import Charts
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.state import BOX_PREFIX, SIDES

GARRISON: Final = "garrison:"  # a garrison as a piece: garrison:<power> (garrisons have no id)
CHINESE: Final = frozenset({"china_nat", "china_comm"})
SUPPLY: Final = "supply"  # a unit's recorded status, where it is kept ("partial" or "out")
OOS_MOVED: Final = "oos_moved"  # its out-of-supply marker turned to "moved" (3.7)
FULL: Final = "full"
CAPTURED: Final = "captured"


def enemy(side: Side) -> Side:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


def area(area_id: str) -> Area:
    return area_map().areas[area_id]


def ground_blocks(data: Mapping[str, Any], side: Side, where: str) -> list[str]:
    """``side``'s ground blocks in ``where``, by id."""
    return blocks_at(data, side, where, "ground")


def blocks_at(data: Mapping[str, Any], side: Side, where: str, kind: str) -> list[str]:
    """``side``'s blocks of the public ``kind`` (ground, fleet) in ``where``, by id (while a
    decision is listed, from an index of every block made once)."""
    if is_read(data):
        return list(
            remembered(data, "blocks_at", lambda: _blocks_at(data)).get((side, where, kind), ())
        )
    return sorted(
        unit_id
        for unit_id, unit in data["units"].items()
        if unit["owner"] == side and unit["where"] == where and unit["public"]["kind"] == kind
    )


def _blocks_at(data: Mapping[str, Any]) -> dict[tuple[Side, str, str], list[str]]:
    found: dict[tuple[Side, str, str], list[str]] = {}
    for unit_id, unit in sorted(data["units"].items()):
        found.setdefault((unit["owner"], unit["where"], unit["public"]["kind"]), []).append(unit_id)
    return found


def garrisons(data: Mapping[str, Any], side: Side, where: str) -> int:
    return sum(1 for power, at in data["garrisons"] if at == where and side_of(power) == side)


def occupants(data: Mapping[str, Any], where: str) -> frozenset[Side]:
    """The sides with a ground block or a garrison in ``where``."""
    if is_read(data):
        return occupancy(data).get(where, frozenset())
    return _occupants_of(data, where)


def occupancy(data: Mapping[str, Any]) -> Mapping[str, frozenset[Side]]:
    """:func:`occupants` of every area that has any (worked out once while a decision is
    listed), for a caller that asks of many areas."""
    return remembered(data, "occupants", lambda: _occupancy(data))


def _occupants_of(data: Mapping[str, Any], where: str) -> frozenset[Side]:
    """:func:`occupants` of ``where`` alone, as :func:`_occupancy` finds them."""
    found = {
        unit["owner"]
        for unit in data["units"].values()
        if unit["where"] == where and unit["public"]["kind"] == "ground"
    }
    found.update(side_of(power) for power, at in data["garrisons"] if at == where)
    if where in _militia_areas() and home_defence.steps(data, where):  # 9.16
        found.add(SIDES[0])
    return frozenset(found)


@cache
def _militia_areas() -> tuple[str, ...]:
    return tuple(a.id for a in area_map().areas.values() if a.home_defence_militia is not None)


def _occupancy(data: Mapping[str, Any]) -> dict[str, frozenset[Side]]:
    """:func:`occupants` of every area that has any."""
    found: dict[str, set[Side]] = {}
    for unit in data["units"].values():
        where = unit["where"]
        if unit["public"]["kind"] == "ground":
            there = found.get(where)
            if there is None:
                found[where] = {unit["owner"]}
            else:
                there.add(unit["owner"])
    for power, at in data["garrisons"]:
        found.setdefault(at, set()).add(side_of(power))
    for where in _militia_areas():
        if home_defence.steps(data, where):  # 9.16: the home-defence militia hold their area
            found.setdefault(where, set()).add(SIDES[0])
    return {where: frozenset(sides) for where, sides in found.items()}


@RULES.implements("3.25")
def settle_control(data: dict[str, Any], where: str) -> str | None:
    """After a unit entered or left ``where``: the area is contested while both sides occupy it;
    a side that occupies it alone controls it at once (3.25). Returns the new controller if
    control changed hands, else None. (An uncontested invasion's later change, 3.25's
    exception, comes with the invasion rules, 7.2.)"""
    there = occupants(data, where)
    contested = set(data["contested"])
    if len(there) == len(SIDES):
        contested.add(where)
    else:
        contested.discard(where)
    data["contested"] = sorted(contested)
    if len(there) != 1:
        return None
    (holder,) = there
    if data["control"].get(where) == holder:
        return None
    data["control"][where] = holder
    if CAPTURED in data:  # a game keeps this player turn's captures (3.7)
        data[CAPTURED] = sorted({*data[CAPTURED], where})
    return holder


def add_to_pool(data: dict[str, Any], power: str, unit_id: str) -> None:
    """Put a block or counter taken off the map into ``power``'s force pool (kept sorted)."""
    pool = data["pools"].setdefault(power, [])
    pool.append(unit_id)
    pool.sort()


def supply_of(data: Mapping[str, Any], side: Side, piece: str, where: str) -> str:
    """The supply of ``side``'s unit ``piece`` standing in ``where`` (a block, an air counter or
    ``garrison:<power>``) as the supply phases recorded it (3.6, 3.7): "full", "partial" or
    "out", the words of :mod:`supply`. A block keeps its status in its hidden part, an air unit
    on its open counter, a CBA has its carrier's; garrisons are public, by area, in
    ``data["supply"][side]["garrisons"]`` (see :mod:`supply_phases`)."""
    if home_defence.is_piece(piece):
        return FULL  # 9.16: in their home area
    if piece.startswith(GARRISON):
        return str(data["supply"][side]["garrisons"].get(where, FULL))
    if piece in data["units"]:
        return str(data["units"][piece]["hidden"].get(SUPPLY, FULL))
    counter = data["counters"][piece]
    if counter["type"] == "cba":
        return _carrier_supply(data, counter["where"])
    return str(counter.get(SUPPLY, FULL))


def _carrier_supply(data: Mapping[str, Any], box: str) -> str:
    for unit in data["units"].values():
        if BOX_PREFIX + unit["hidden"].get("carrier_box", "") == box:
            return str(unit["hidden"].get(SUPPLY, FULL))
    return FULL


def note_supply_move(data: dict[str, Any], side: Side, piece: str) -> None:
    """A unit marked out of supply moved: its marker turns to its "moved" side (3.7), and the
    public markers follow it."""
    status = status_holder(data, piece)
    if status is not None and status.get(SUPPLY) == "out":
        status[OOS_MOVED] = True
        data["supply"][side]["marked"] = supply_marked(data, side)


def status_holder(data: Mapping[str, Any], piece: str) -> dict[str, Any] | None:
    """Where ``piece``'s own status is kept: a block's hidden part, an LBA's counter."""
    if piece in data["units"]:
        hidden: dict[str, Any] = data["units"][piece]["hidden"]
        return hidden
    counter = data["counters"].get(piece)
    return counter if counter is not None and counter["type"] == "lba" else None


def supply_marked(data: Mapping[str, Any], side: Side) -> list[str]:
    """The areas where ``side``'s ground units, LBA or garrisons carry an out-of-supply
    marker: what the other side sees of them (fleets and CBA carry none)."""
    found = {
        unit["where"]
        for unit in data["units"].values()
        if unit["owner"] == side
        and unit["public"]["kind"] == "ground"
        and unit["hidden"].get(SUPPLY) == "out"
    }
    found |= {
        counter["where"]
        for counter in data["counters"].values()
        if side_of(counter["power"]) == side and counter.get(SUPPLY) == "out"
    }
    garrisons = data["supply"][side]["garrisons"]
    found |= {where for where, status in garrisons.items() if status == "out"}
    return sorted(found)


def has_enemy_units(data: Mapping[str, Any], side: Side, where: str) -> bool:
    """Whether ``where`` holds any unit of the other side: a block, a garrison, an air unit."""
    other = enemy(side)
    if is_read(data):
        return (other, where) in remembered(data, "units_of_sides", lambda: _units_of_sides(data))
    if other in occupants(data, where):
        return True
    return any(
        c["where"] == where and side_of(c["power"]) == other for c in data["counters"].values()
    ) or any(u["where"] == where and u["owner"] == other for u in data["units"].values())


def _units_of_sides(data: Mapping[str, Any]) -> frozenset[tuple[Side, str]]:
    """Each (side, area) where the side has a unit of any kind (:func:`has_enemy_units`)."""
    found = {(side, where) for where, sides in _occupancy(data).items() for side in sides}
    found.update((side_of(c["power"]), c["where"]) for c in data["counters"].values())
    found.update((u["owner"], u["where"]) for u in data["units"].values())
    return frozenset(found)


@dataclass(frozen=True)
class Limit:
    """What one side may keep in an area at the end of a phase (5.42-5.44; Table T4)."""

    ground: int | None
    air: int | None
    garrisons: int | None


@RULES.implements("5.41", "5.42", "5.43", "5.44")
def stacking_limit(where: str, charts: Charts) -> Limit:
    """What Table T4 lets a side keep in ``where``: an island box's limits (5.42), a port
    box's (5.43), a jungle large area's (5.44); no limit in other large areas (5.41)."""
    record = area(where)
    if record.kind in ("island_box", "port_box"):
        stack = getattr(charts.stacking, record.kind)
    elif record.terrain == "jungle":
        stack = charts.stacking.jungle
    else:
        stack = charts.stacking.large
    return Limit(stack.ground, stack.air, stack.garrison)


def lba_here(data: Mapping[str, Any], side: Side, where: str) -> list[str]:
    """``side``'s land-based air units in ``where`` (CBA on carriers never count, 5.41)."""
    return sorted(
        counter_id
        for counter_id, counter in data["counters"].items()
        if counter["where"] == where
        and counter["type"] == "lba"
        and side_of(counter["power"]) == side
    )


def overstacked(
    data: Mapping[str, Any], side: Side, charts: Charts
) -> Iterator[tuple[str, str, int]]:
    """Each (area, kind of unit, how many too many) of ``side`` at the end of a phase."""
    places = {unit["where"] for unit in data["units"].values() if unit["owner"] == side}
    places |= {c["where"] for c in data["counters"].values() if side_of(c["power"]) == side}
    places |= {at for power, at in data["garrisons"] if side_of(power) == side}
    for where in sorted(p for p in places if p in area_map().areas):
        if area(where).is_sea:
            continue
        limit = stacking_limit(where, charts)
        counts = {
            "ground": len(ground_blocks(data, side, where)),
            "air": len(lba_here(data, side, where)),
            "garrisons": garrisons(data, side, where),
        }
        for kind, count in counts.items():
            most = getattr(limit, kind)
            if most is not None and count > most:
                yield where, kind, count - most
