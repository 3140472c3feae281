"""Supply (10): whether a unit traces a supply line to a source of its faction, and what it may
not do without one (10.3).

The map marks no cities, roads, rails or convoys, so sources and lines are a provisional design
over the hex map (table ``supply`` in ``data/tables.yaml``, with its reason): a source is a hex of
a country, dependent or region aligned with the unit's faction and free of enemy units; the line
runs over land from the unit's hex to a source, at most ``trace_hexes`` hexes.

Decisions
- Checked when needed (10), never kept in the position: the view shows each side which of its
  units are out of supply now.
- A line may not enter a hex of an enemy unit, detachment, logistics marker or Airdrop marker
  (none of them a source then), or a hex in an enemy zone of control without a friendly unit,
  nor cross an all-sea or lake hexside or enter an all-sea hex (10.2 as recovered; no straits
  with a supply role are played). In a scenario with naval play a line also crosses
  the sea from open port to open port within the sea reach, and any hexside of a friendly
  beachhead (:func:`naval_board.supply_links`, table ``naval``); an open port in a sea zone of
  its faction's off-map box reaches that box, which is a source (supplement §12: a Western or
  Soviet box supplies its faction), the zones placed as :func:`offmap.in_box_zones` places them.
- Where politics is played, no line enters a country of another faction under Policy (13.6.1,
  :func:`closed_to`).
- The unit's own hex needs no line: a unit in a source hex is supplied, even in an enemy zone of
  control, as the line is traced outward from it.
- What supply enables (10.3), as played here: operational movement (checked at the start of the
  move), advance after combat, exploitation and an HQ's support; attacking and defending need
  none, and being out of supply costs nothing else ([DG]). Reserve movement needs none (5).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.games.dai_senso import countries, detachments, state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import Supply
from wargame.games.dai_senso.country_setup import area_refusal
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.naval_board import SeaLinks, supply_links
from wargame.games.dai_senso.registry import RULES

RULES.stand_in(
    "10.1",
    "a source is a hex of a country aligned with the faction, free of enemy units",
    key="supply_sources",
)
RULES.stand_in(
    "10.2",
    "a line runs over land, at most trace_hexes hexes, around enemy units and their zones",
    key="supply_trace",
)


def occupants(data: Mapping[str, Any]) -> dict[str, str]:
    """Each occupied hex's faction (one per hex, 9.1)."""
    return {record["hex"]: state.faction(uid) for uid, record in data["units"].items()}


@RULES.implements("10.1")
def is_source(table: Supply, held: Mapping[str, str], hex_id: str, side: str) -> bool:
    """A hex of the faction's source countries with no enemy unit in it."""
    country = board().hexes[hex_id].country
    aligned = any(side == owner and country in found for owner, found in table.sources.items())
    return aligned and held.get(hex_id, side) == side


@RULES.implements("10.2")
def open_to_line(held: Mapping[str, str], hex_id: str, side: str) -> bool:
    """Whether a supply line of ``side`` may enter the hex: no enemy unit in it, and no enemy zone
    of control over it unless a friendly unit stands in it."""
    if hex_id in held:
        return held[hex_id] == side
    the_map = board()
    return not any(
        held.get(near, side) != side and the_map.projects_zoc(near, hex_id)
        for near in the_map.neighbours(hex_id)
    )


@RULES.implements("10.2")
def traces_supply(
    table: Supply,
    held: Mapping[str, str],
    start: str,
    side: str,
    links: SeaLinks | None = None,
    *,
    closed: frozenset[str] = frozenset(),
    area: Mapping[str, Any] | None = None,
) -> bool:
    """Whether a line of at most ``trace_hexes`` hexes joins ``start`` to a source of ``side``;
    ``links`` are the sea links of a scenario with naval play (:func:`naval.supply_links`), each
    taken as one hex of the line; ``closed`` the hexes no line of ``side`` enters
    (:func:`closed_to`); ``area`` the campaign's area in play, outside which no line runs
    (13.7.4)."""
    the_map = board()
    seen, frontier = {start}, [start]
    box_ports = links.box_ports if links else frozenset()
    for _step in range(table.trace_hexes + 1):
        if any(is_source(table, held, h, side) or h in box_ports for h in frontier):
            return True
        reached = []
        for here in frontier:
            for there in the_map.neighbours(here):
                if there in seen or the_map.blocked(here, there) or there in closed:
                    continue
                if area_refusal(area, there):
                    continue
                seen.add(there)
                if open_to_line(held, there, side):
                    reached.append(there)
            for there in links.get(here) if links else ():
                if there not in seen and there not in closed and open_to_line(held, there, side):
                    seen.add(there)
                    reached.append(there)
        frontier = reached
    return False


@RULES.implements("10.2")
def enemy_marker_hexes(data: Mapping[str, Any], side: str) -> frozenset[str]:
    """The hexes of another faction's logistics markers (1.2.1) and Airdrop markers (4.1.4): no
    supply line of ``side`` enters them, nor is a source there (10.1, 10.2)."""
    found = {
        where
        for marker, where in state.logistics_on_map(data).items()
        if forces().markers[marker].faction != side
    }
    found |= {
        record["hex"]
        for uid, record in data.get("airdrops", {}).items()
        if state.faction(uid) != side
    }
    return frozenset(found)


@RULES.implements("13.6.1", "2.3.5", "10.2")
def closed_to(data: Mapping[str, Any], side: str) -> frozenset[str]:
    """The hexes no supply line of ``side`` enters: those of another faction's detachments
    (2.3.5), logistics markers and Airdrop markers (10.2), and those of a country of another
    faction under Policy, and of its dependents ([DG]), where politics is played."""
    held = detachments.enemy_hexes(data, side) | enemy_marker_hexes(data, side)
    if "politics" not in data:
        return held
    the_map = board()
    closed = [
        area
        for area in the_map.countries
        if area
        and countries.posture(data, area) == "policy"
        and countries.alignment(data, countries.sovereign(data, area)) != side
    ]
    return held | {hex_id for area in closed for hex_id in the_map.countries[area]}


def supplied(data: Mapping[str, Any], table: Supply, uid: str) -> bool:
    return hex_supplied(data, table, state.hex_of(data, uid), state.faction(uid))


def hex_supplied(data: Mapping[str, Any], table: Supply, start: str, side: str) -> bool:
    """Whether a supply line of ``side`` runs from ``start`` to one of its sources (10.2)."""
    links = supply_links(data, side)
    closed, area = closed_to(data, side), data.get("play_area")
    return traces_supply(table, occupants(data), start, side, links, closed=closed, area=area)


def unsupplied(data: Mapping[str, Any], table: Supply, side: str) -> list[str]:
    """The faction's units out of supply now."""
    held = occupants(data)
    links = supply_links(data, side)
    closed, area = closed_to(data, side), data.get("play_area")
    return [
        uid
        for uid in state.own_units(data, side)
        if not traces_supply(
            table, held, state.hex_of(data, uid), side, links, closed=closed, area=area
        )
    ]


@RULES.implements("10.3")
def refusal(data: Mapping[str, Any], table: Supply, uid: str, what: str) -> str:
    """The one-line reason a unit may not ``what`` (move, advance, ...) for want of supply, or
    "" when it is supplied."""
    if supplied(data, table, uid):
        return ""
    return (
        f"10.3: {uid} is out of supply and may not {what}: no line of {table.trace_hexes}"
        f" hexes or fewer to a source (10.1, 10.2)"
    )
