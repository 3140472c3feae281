"""The naval map's questions (spec §2.7, as the map allows; :mod:`naval` plays the decisions):
ports, beachheads, open ports and the sea links of movement and supply, as pure functions of
the position."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from wargame.games.dai_senso import offmap, state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.forces import SETUP_BOXES, forces
from wargame.games.dai_senso.registry import RULES


def plays_naval(data: Mapping[str, Any]) -> bool:
    return "sea" in data


@cache
def ports() -> frozenset[str]:
    """Land hexes with an all-sea neighbour (the map marks no port symbols)."""
    return _shore(sea=False)


@cache
def coastal_seas() -> frozenset[str]:
    """The all-sea hexes next to land: a beachhead's arrow points at a land hex (2.2.3)."""
    return _shore(sea=True)


def _shore(*, sea: bool) -> frozenset[str]:
    """The all-sea (or land) hexes with a neighbour of the other kind."""
    the_map = board()
    return frozenset(
        hex_id
        for hex_id, record in the_map.hexes.items()
        if record.sea == sea
        and any(the_map.hexes[n].sea != sea for n in the_map.neighbours(hex_id))
    )


def beachhead(data: Mapping[str, Any], hex_id: str) -> Mapping[str, Any] | None:
    found: Mapping[str, Any] | None = data.get("beachheads", {}).get(hex_id)
    return found


@RULES.implements("3.1.2")
def open_port(data: Mapping[str, Any], hex_id: str, side: str) -> bool:
    """Whether the hex is an open port of ``side`` (spec §2.7, as the map allows)."""
    if board().hexes[hex_id].sea:
        found = beachhead(data, hex_id)
        return found is not None and found["side"] == side
    if hex_id not in ports():
        return False
    held = holders(data).get(hex_id)
    if held:
        return held == {side}
    return board().hexes[hex_id].country in data["sea"]["open_port_countries"].get(side, [])


@RULES.implements("3.1.2", "2.3.5", "1.2.1")
def holders(data: Mapping[str, Any]) -> dict[str, set[str]]:
    """Each hex with a ground unit, detachment (2.3.5), logistics marker (1.2.1) or Airdrop
    marker -> the factions of those pieces: a port is open to a faction whose piece is there,
    supplied or not, unless an enemy piece is there too (spec §2.7)."""
    markers = forces().markers
    pieces = [(record["hex"], state.faction(uid)) for uid, record in data["units"].items()]
    pieces += [(where, state.faction(uid)) for uid, where in data.get("detachments", {}).items()]
    logistics = state.logistics_on_map(data).items()
    pieces += [(where, str(markers[m].faction)) for m, where in logistics]
    pieces += [(r["hex"], state.faction(uid)) for uid, r in data.get("airdrops", {}).items()]
    found: dict[str, set[str]] = {}
    for hex_id, side in pieces:
        found.setdefault(hex_id, set()).add(side)
    return found


def open_ports(data: Mapping[str, Any], side: str) -> list[str]:
    """Every open port of ``side`` (as :func:`open_port`, worked out for all hexes at once)."""
    held = holders(data)
    found = {sea for sea, record in data["beachheads"].items() if record["side"] == side}
    found |= {hex_id for hex_id, sides in held.items() if sides == {side} and hex_id in ports()}
    for country in data["sea"]["open_port_countries"].get(side, []):
        found |= {hex_id for hex_id in ports_of(country) if hex_id not in held}
    return sorted(found)


@cache
def ports_of(country: str) -> frozenset[str]:
    return frozenset(hex_id for hex_id in ports() if board().hexes[hex_id].country == country)


class SeaLinks:
    """The hexes a unit or a supply line of a faction reaches by sea from a hex: the open ports
    within the sea reach of an open port, and the land hexes next to a friendly beachhead (and
    back). Worked out for a hex when first asked (a supply line asks of few hexes)."""

    def __init__(self, data: Mapping[str, Any], side: str) -> None:
        self.ports = open_ports(data, side) if plays_naval(data) else []
        self.open = set(self.ports)
        self.reach = data["sea"]["reach"] if plays_naval(data) else 0
        self.beach: dict[str, list[str]] = {}
        the_map = board()
        for sea, record in data.get("beachheads", {}).items():
            if record["side"] != side:
                continue
            for near in the_map.neighbours(sea):
                if not the_map.hexes[near].sea:
                    self.beach.setdefault(sea, []).append(near)
                    self.beach.setdefault(near, []).append(sea)
        self.found: dict[str, list[str]] = {}
        self.box_ports = frozenset(p for p in self.ports if _in_own_box_zones(data, side, p))

    def ports_from(self, here: str) -> list[str]:
        """The open ports within the sea reach of ``here`` (none unless it is an open port)."""
        if here not in self.open:
            return []
        the_map = board()
        return [
            there
            for there in self.ports
            if there != here and the_map.distance(here, there) <= self.reach
        ]

    def get(self, here: str, default: Any = ()) -> list[str]:
        """Every hex a supply line reaches by sea from ``here`` (10.2)."""
        if here not in self.found:
            self.found[here] = self.ports_from(here) + self.beach.get(here, [])
        return self.found[here] or list(default)


@RULES.implements("10.1", "10.2", "3.1.2")
def _in_own_box_zones(data: Mapping[str, Any], side: str, port: str) -> bool:
    """Whether ``port`` lies in a sea zone of an off-map box of ``side``: a Western or Soviet box
    supplies its faction (10.1, supplement §12) and is part of the zones printed on it, so a
    line that reaches an open port there crosses the zone into the box (10.2)."""
    return any(
        SETUP_BOXES.get(box) == side and offmap.in_box_zones(data, box, port)
        for box in offmap.sea_boxes(data)
    )


def sea_links(data: Mapping[str, Any], side: str) -> SeaLinks:
    """The sea links of ``side`` (none in a scenario without naval play)."""
    return SeaLinks(data, side)


@RULES.implements("10.2")
def supply_links(data: Mapping[str, Any], side: str) -> SeaLinks | None:
    """The sea links a supply line of ``side`` may take besides land hexsides: open port to open
    port within the sea reach (the supply convoys of a zone), and between a friendly beachhead
    and each land hex next to it (a line crosses any hexside of a beachhead hex); None in a
    scenario without naval play."""
    return SeaLinks(data, side) if plays_naval(data) else None
