"""Damaged ports (8.71) and the route WERP and oil are shipped along (4.11).

A damaged port (``data["port_damage"]``, 1-3 points, 8.7) may not be used for strategic movement,
for basing fleets, nor to ship WERP and oil out or in; it still serves supply (8.71). Here: which
ports are usable (:func:`usable_port`), and the shipping route production income and lend-lease
take (:class:`Routes`). Fleet basing reads the damage in ``naval._room``, the delivery of new
fleets in :mod:`production`.

A shipping route is a supply line of the producing power (3.1, 3.4: overland through
friendly-controlled areas, at most one sea leg through sea areas the side may trace supply
through, Japan's in its network) whose sea leg leaves from a port and comes in at a port, both
undamaged: 4.11 has WERP and oil sent from and received at undamaged ports.

Decisions
---------
* **A coast without a port ships nothing** (4.11 names ports at both ends), where a supply line
  may come ashore on any coast (3.4). Every coastal resource or oil area of the map has a port, so
  this only matters for the damage.
* **Income needs the route besides full supply** (:mod:`production`'s reading of 4.12): an area
  whose only sea leg uses a damaged port pays nothing, though its units stay supplied.
* **Lend-lease** (9.25) reaches its receiving resource area by the receiver's shipping route,
  as it reads the receiver's supply.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from wargame.engine.board.paths import bit_positions, flood
from wargame.engine.log import Side
from wargame.engine.memo import Answers
from wargame.games.asia_engulfed import supply
from wargame.games.asia_engulfed.registry import RULES


@RULES.implements("8.71")
def usable_port(data: Mapping[str, Any], where: str) -> bool:
    """Whether the port of ``where`` may embark or land a strategic move, base a fleet or ship
    WERP and oil: not while it is damaged (8.71)."""
    return int(data.get("port_damage", {}).get(where, 0)) == 0


def _step(links: tuple[int, ...], within: int) -> Callable[[int], int]:
    """A step of :func:`flood`: the nodes linked to a node of a bit set, kept within ``within``."""

    def step(nodes: int) -> int:
        found = 0
        for at in bit_positions(nodes):
            found |= links[at]
        return found & within

    return step


class Routes:
    """The areas from which each supply class of ``side`` ships WERP and oil to its sources."""

    def __init__(self, data: Mapping[str, Any], side: Side) -> None:
        self.data = data
        self.side = side
        self._lines = supply.ground(data, side)
        self._seas = supply.sea_areas_in_supply(data, side)
        self._reach: dict[str, int] = {}

    @RULES.implements("4.11", "8.71")
    def ships(self, power: str, where: str) -> bool:
        """Whether WERP and oil of ``power`` in ``where`` reach its sources (4.11, 8.71)."""
        group = supply.supply_class(power, "infantry")
        if group == "always":
            return True
        if group not in self._reach:
            t = supply.tables()
            sources = supply.class_sources(group, self._lines)
            ports = t.ports & ~t.bits(p for p, d in self.data.get("port_damage", {}).items() if d)
            question = (self.side, sources, self._lines.passable, self._seas, ports)
            self._reach[group] = _SHIPPED.get(question, lambda: _shipped(*question))
        return bool(self._reach[group] >> supply.tables().index[where] & 1)


_SHIPPED: Final[Answers[int]] = Answers(512)
"""The areas shipping to a class's sources, by all that decides them (:func:`_shipped`'s
arguments): they change with control and influence, seldom from one position to the next."""


def _shipped(side: Side, sources: int, passable: int, seas: int, ports: int) -> int:
    """The areas linked to ``sources`` by a route through ``passable`` areas, at most one sea leg
    through ``seas`` between two of the undamaged ``ports``."""
    t = supply.tables()
    inland = flood(_step(t.land, passable), sources)
    seas_reached = flood(_step(t.sea[side], seas), _step(t.port, seas)(inland & ports))
    shipping = _step(t.port, ports & passable)(seas_reached)
    return inland | flood(_step(t.land, passable), shipping)
