"""Where the units are and what they are: queries and changes over the game state.

``data["units"]`` maps each unit to its location; ``data["reduced"]``, ``data["returning"]`` and
``data["rebuilt"]`` hold the units (as keys) that are on their reduced side, coming back from
the turn track without delay, or rebuilt this turn. A location is a hex id (``"2813"``) or a
box: ``turn:N`` (the turn track: arrives on turn N), ``delayed`` (Delayed Reinforcement box),
``china`` (Air Units in China box), ``event`` (enters only through its card), ``eliminated``
(may come back by replacement), ``removed`` (permanently out of the game).
"""

from __future__ import annotations

from collections import OrderedDict, defaultdict
from collections.abc import Iterator
from contextlib import suppress
from typing import Any

from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun.board import Board
from wargame.games.empire_of_the_sun.static import Side, Static, Unit

BOXES = ("delayed", "china", "event", "eliminated", "removed")


class Components:
    """The static data a game step needs: the printed components and the map."""

    def __init__(self, static: Static) -> None:
        self.static = static
        self.board = Board(static)
        self.units = static.units
        self.cards = static.cards


def parts(g: Context) -> Components:
    found: Components = g.static
    return found


def record(g: Context, unit_id: str) -> Unit:
    found: Unit = g.static.units[unit_id]
    return found


def side_of(g: Context, unit_id: str) -> Side:
    found: Side = g.static.units[unit_id].side
    return found


def enemy(side: str) -> Side:
    return "allied" if side == "japan" else "japan"


def at(g: Context, unit_id: str) -> str:
    found: str = g.data["units"][unit_id]
    return found


MAP_STARTS = frozenset("0123456789")
"""How a location on the map begins (a hex id; a box's name begins with a letter): tested as
``location[:1] in MAP_STARTS``, which costs less than a call of ``str.isdigit`` per unit."""


def on_map(location: str) -> bool:
    return location[:1] in MAP_STARTS


def reduced(g: Context, unit_id: str) -> bool:
    return unit_id in g.data["reduced"]


class HashedOnce:
    """A tuple as a dict key hashed once (a key of several hundred items hashed again at every
    look-up cost more than the look-ups): where the units are, who controls the watched hexes;
    equal to another of the same items."""

    __slots__ = ("hashed", "items")

    def __init__(self, items: tuple[Any, ...]) -> None:
        self.items = items
        self.hashed = hash(items)

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, HashedOnce) or self.hashed != other.hashed:
            return False
        return self.items == other.items


def units_key(g: Context) -> HashedOnce:
    """Where the units are: ``data["units"]``'s ids and locations in its order, hashed once and
    kept for the context (the supply signature and the hex index both ask it);
    :func:`move_to`, the one writer of the table, forgets it."""
    found: HashedOnce | None = g.cache.get("units_key")
    if found is None:
        units = g.data["units"]
        found = g.cache["units_key"] = HashedOnce((tuple(units), tuple(units.values())))
    return found


INDEXES_KEPT = 16
_INDEXES: OrderedDict[HashedOnce, dict[str, list[str]]] = OrderedDict()


def _index(g: Context) -> dict[str, list[str]]:
    """The units in each hex: found again for the process under where every unit is (each
    engine call makes a fresh context, and listings of one position come back to it), shared
    with the table until :func:`move_to` changes it in a copy of its own."""
    index = g.cache.get("at")
    if index is None:
        key = units_key(g)
        index = _INDEXES.get(key)
        if index is None:
            index = _INDEXES[key] = _indexed(g.data["units"])
            if len(_INDEXES) > INDEXES_KEPT:
                with suppress(KeyError):  # another thread may have dropped it
                    _INDEXES.popitem(last=False)  # the first made: use is not tracked here
        g.cache["at"] = index
        g.cache["at_shared"] = True
    found: dict[str, list[str]] = index
    return found


def _indexed(units: dict[str, str]) -> dict[str, list[str]]:
    index: defaultdict[str, list[str]] = defaultdict(list)
    for unit_id, location in units.items():
        if location[:1] in MAP_STARTS:  # on_map(location), without a call per unit
            index[location].append(unit_id)
    return index


def by_hex(g: Context) -> dict[str, list[str]]:
    """The units in each hex of the map (kept for the position: read it, never change it)."""
    return _index(g)


def units_at(g: Context, hex_id: str, side: str | None = None) -> list[str]:
    here = _index(g).get(hex_id, [])
    if side is None:
        return list(here)
    records = parts(g).units
    return [u for u in here if records[u].side == side]


def occupied_hexes(g: Context, side: str) -> Iterator[str]:
    records = parts(g).units
    for hex_id, here in _index(g).items():
        for unit_id in here:  # any(), without a generator per hex
            if records[unit_id].side == side:
                yield hex_id
                break


def units_on_map(g: Context, side: str | None = None) -> Iterator[str]:
    records = parts(g).units
    for unit_id, location in g.data["units"].items():
        if location[:1] in MAP_STARTS and (side is None or records[unit_id].side == side):
            yield unit_id


# cached results that depend on where units are and who controls what
DERIVED = ("supply", "zoi", "scenes", "held")


def forget_derived(g: Context) -> None:
    for key in DERIVED:
        g.cache.pop(key, None)


def move_to(g: Context, unit_id: str, location: str) -> None:
    """Put a unit somewhere (a hex or a box), keeping the position index right."""
    forget_derived(g)
    units = g.data["units"]
    before = units[unit_id]
    g.cache.pop("units_key", None)  # the table changes: its key with it
    index = g.cache.get("at")
    if index is not None and g.cache.pop("at_shared", False):
        index = g.cache["at"] = defaultdict(list, {h: list(here) for h, here in index.items()})
    if index is not None:
        if on_map(before):
            index[before].remove(unit_id)
        if on_map(location):
            index[location].append(unit_id)
    units[unit_id] = location


def flagged(g: Context, flag: str, unit_id: str) -> bool:
    """Whether a unit is marked ``returning`` or ``rebuilt`` (see the module docstring)."""
    return unit_id in g.data[flag]


def set_flag(g: Context, flag: str, unit_id: str, value: bool = True) -> None:
    if value:
        g.data[flag][unit_id] = True
    else:
        g.data[flag].pop(unit_id, None)


def steps_left(g: Context, unit_id: str) -> int:
    """2 for a full two-step unit, 1 for a reduced or one-step unit."""
    one_step = record(g, unit_id).reduced_attack is None
    return 1 if one_step or reduced(g, unit_id) else 2


def attack(g: Context, unit_id: str) -> int:
    unit = record(g, unit_id)
    if reduced(g, unit_id) and unit.reduced_attack is not None:
        return unit.reduced_attack
    return unit.attack


def is_class(g: Context, unit_id: str, *classes: str) -> bool:
    return record(g, unit_id).unit_class in classes


def is_carrier(g: Context, unit_id: str) -> bool:
    return record(g, unit_id).type in ("CV", "CVL", "CVE")


def flies(g: Context, unit_id: str) -> bool:
    """Air units and carriers: the units that strike from range (1.3)."""
    return is_class(g, unit_id, "air") or is_carrier(g, unit_id)


def control(g: Context, hex_id: str) -> Side | None:
    """The side controlling a land hex (None for sea hexes)."""
    found: Side | None = g.data["control"].get(hex_id)
    return found


def set_control(g: Context, hex_id: str, side: str) -> None:
    """Change a hex's control (an offensive remembers the change: Weather may undo it)."""
    before = g.data["control"].get(hex_id)
    if before != side:
        forget_derived(g)
        g.data["control"][hex_id] = side
        if g.data.get("offensive") is not None:
            g.data["offensive"].setdefault("flips", []).append([hex_id, before])
        g.log("log.control", hex=hex_id, side=side)


def set_reduced(g: Context, unit_id: str, value: bool) -> None:
    forget_derived(g)
    set_flag(g, "reduced", unit_id, value)


def friendly(g: Context, hex_id: str, side: str) -> bool:
    return control(g, hex_id) == side


def resource_hexes(g: Context, side: str) -> int:
    """Resource hexes the side controls (11.11)."""
    board = parts(g).board
    return sum(
        1 for h in board.land_hexes if board.hexes[h].resource and g.data["control"][h] == side
    )
