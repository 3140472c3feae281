"""The logistics and partisan segment (1.2): logistics markers (1.2.1) and partisan bases (1.2.2).

``data["logistics"]`` maps each logistics marker in play to where it is: ``pool`` (its faction's
force pool), ``delay`` (the Delay box, 7.1) or a hex. ``data["partisans"]`` maps each hex with a
partisan base to its faction, ``data["partisan_pool"]`` each Allied faction to its bases in the
force pool, and :func:`countries.conquered` lists the conquered Allied minors (map country ids).

Decisions
- The map marks no cities, roads or rails: a city is a hex with a named place, a port or a
  training scenario's objective (table ``replacement_play``, stand-in ``city_hexes``); the
  Soviet marker goes in the hex of a Russian HQ or a hex next to it (roads and rails not
  marked). "Traces supply to Japan / Russia / the Western USA box" is read as tracing supply
  (:mod:`supply`, 10.2) to a source of the faction, the provisional supply table's sources
  being the faction's countries.
- The Western marker's ban on "a British dependent on the west map" (open question 8) names the
  British dependents of the west sheet below (``BRITISH_DEPENDENTS``); the east sheet has none.
- A marker or base picked up goes to the Delay box (7.1 brings it back).
- Ceded regions (13.3.2) are not played: a conquered minor's hexes are its country's on the map.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context
from wargame.engine.state import Frame
from wargame.games.dai_senso import countries, detachments, state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.map_facts import city_hexes
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.supply import hex_supplied, supplied

BRITISH_DEPENDENTS: Final = frozenset(
    {"hong_kong", "malaya", "burma", "india", "ceylon", "sarawak"}
)
"""The British dependents of the west sheet (1.2.1: no Western logistics marker there)."""
FIRST_UNITS: Final = {"logistics_ighq": "japan", "logistics_kwantung": "japan",
                      "logistics_west": "usa"}  # fmt: skip
"""The nationality whose ground unit a city needs for each marker (1.2.1)."""

RULES.stand_in(
    "1.2.1",
    "a city is a hex with a named place, a port or an objective; the Soviet marker by a Russian HQ",
    key="city_hexes",
)


def marker_side(marker: str) -> str:
    return str(forces().markers[marker].faction)


def pool_markers(data: Mapping[str, Any], side: str) -> list[str]:
    found = data.get("logistics", {})
    return sorted(m for m, where in found.items() if where == "pool" and marker_side(m) == side)


def markers_on_map(data: Mapping[str, Any], side: str) -> list[str]:
    return sorted(m for m in state.logistics_on_map(data) if marker_side(m) == side)


@RULES.implements("1.2.1")
def bases(data: Mapping[str, Any], nationality: str) -> set[str]:
    """The hexes of the nationality's logistics markers: airbases, and naval bases at ports,
    with no supply test (spec §2.7)."""
    markers = forces().markers
    found = state.logistics_on_map(data).items()
    return {where for m, where in found if markers[m].nationality == nationality}


def logistics_in(data: Mapping[str, Any], hex_id: str) -> list[str]:
    return sorted(m for m, where in data.get("logistics", {}).items() if where == hex_id)


@RULES.implements("1.2.1", "1.2.2", "1.3.4", "2.3.5")
def enemy_marker_in(data: Mapping[str, Any], hex_id: str, side: str) -> bool:
    """An enemy logistics marker or detachment (2.3.5) in the hex: no logistics marker,
    partisan base or replacement goes there."""
    enemy = [m for m in logistics_in(data, hex_id) if marker_side(m) != side]
    owner = detachments.holder(data, hex_id)
    return bool(enemy) or (owner is not None and owner != side)


def traces(data: Mapping[str, Any], tables: Mapping[str, Any], hex_id: str, side: str) -> bool:
    """Whether a supply line of ``side`` runs from the hex to one of its sources (10.2)."""
    return hex_supplied(data, tables["supply"], hex_id, side)


@RULES.implements("1.2.1")
def placement_refusal(
    data: Mapping[str, Any], tables: Mapping[str, Any], marker: str, hex_id: str
) -> str:
    """Why the marker may not be placed in the hex ("" if it may)."""
    side = marker_side(marker)
    where = board().hexes.get(hex_id)
    if where is None or where.sea:
        return f"1.2.1: {hex_id} is no land hex"
    if state.enemy_in(data, hex_id, side) or enemy_marker_in(data, hex_id, side):
        return f"1.2.1: {hex_id} holds an enemy unit, logistics marker or detachment"
    if logistics_in(data, hex_id):
        return f"1.2.1: {hex_id} already holds a friendly logistics marker"
    if side == "soviet":
        return _soviet_refusal(data, tables, hex_id)
    return _city_refusal(data, tables, marker, hex_id)


def _city_refusal(
    data: Mapping[str, Any], tables: Mapping[str, Any], marker: str, hex_id: str
) -> str:
    play = tables["replacement_play"]
    country = board().hexes[hex_id].country
    if hex_id not in city_hexes(tables):
        return f"1.2.1: {hex_id} is no city"
    areas = play.logistics_areas.get(marker)
    if areas is not None and country not in areas:
        return f"1.2.1: the {marker} marker goes only in {', '.join(areas)}"
    if marker == "logistics_west" and hex_id.startswith("w") and country in BRITISH_DEPENDENTS:
        return f"1.2.1: {hex_id} is in a British dependent of the west map"
    nationality = FIRST_UNITS[marker]
    units = [
        uid for uid in state.units_in(data, hex_id) if state.unit(uid).nationality == nationality
    ]
    if not any(supplied(data, tables["supply"], uid) for uid in units):
        return f"1.2.1: {hex_id} holds no {nationality} ground unit in supply"
    return ""


def _soviet_refusal(data: Mapping[str, Any], tables: Mapping[str, Any], hex_id: str) -> str:
    near = [hex_id, *board().neighbours(hex_id)]
    headquarters = [
        uid
        for there in near
        for uid in state.units_in(data, there)
        if state.unit(uid).nationality == "russia" and state.kind(uid) == "hq"
    ]
    if not any(supplied(data, tables["supply"], uid) for uid in headquarters):
        return f"1.2.1: {hex_id} is neither the hex of nor next to a Russian HQ in supply"
    return ""


def placements(
    data: Mapping[str, Any], tables: Mapping[str, Any], side: str
) -> list[tuple[str, str]]:
    """Every (marker, hex) the faction may place now."""
    hexes = sorted({state.hex_of(data, uid) for uid in state.own_units(data, side)})
    if side == "soviet":
        hexes = sorted({n for h in hexes for n in [h, *board().neighbours(h)]})
    return [
        (marker, hex_id)
        for marker in pool_markers(data, side)
        for hex_id in hexes
        if not placement_refusal(data, tables, marker, hex_id)
    ]


# -- 1.2.2 partisan bases -----------------------------------------------------------------------


@RULES.implements("1.2.2")
def partisan_refusal(
    data: Mapping[str, Any], tables: Mapping[str, Any], side: str, hex_id: str, used: list[str]
) -> str:
    """Why ``side`` may not place a partisan base in the hex ("" if it may); ``used``: the
    conquered minors that had one this segment."""
    where = board().hexes.get(hex_id)
    if data.get("partisan_pool", {}).get(side, 0) < 1:
        return f"1.2.2: {side} has no partisan base in its force pool"
    if where is None or where.country not in countries.conquered(data):
        return f"1.2.2: {hex_id} is not in a conquered Allied minor"
    if where.terrain != "rough" and hex_id not in city_hexes(tables):
        return f"1.2.2: {hex_id} is neither rough nor a city"
    if hex_id in data["partisans"] or state.enemy_in(data, hex_id, side):
        return f"1.2.2: {hex_id} holds a partisan base or an enemy unit"
    if enemy_marker_in(data, hex_id, side):
        return f"1.2.2: {hex_id} holds an enemy logistics marker or detachment"
    if state.in_enemy_zoc(data, hex_id, side) and state.holder(data, hex_id) != side:
        return f"1.2.2: {hex_id} is in an enemy zone of control with no friendly unit"
    if where.country in used:
        return f"1.2.2: one partisan base a conquered minor a segment ({where.country})"
    if any(
        board().hexes[h].country == where.country and s != side
        for h, s in data["partisans"].items()
    ):
        return f"1.2.2: {where.country} holds an enemy partisan base"
    return ""


def partisan_hexes(
    data: Mapping[str, Any], tables: Mapping[str, Any], side: str, used: list[str]
) -> list[str]:
    found = board().countries
    return [
        hex_id
        for country in countries.conquered(data)
        for hex_id in sorted(found.get(country, []))
        if not partisan_refusal(data, tables, side, hex_id, used)
    ]


# -- the segment's choices ----------------------------------------------------------------------


def offer(g: Context, f: Frame, choices: Choices | None) -> bool:
    """Add the segment's actions to ``choices`` (None: only say whether there is any)."""
    side, tables = f["side"], game_tables(g.state)
    found: list[tuple[str, Any, tuple[str, ...]]] = []
    if not f.get("logistics_done"):
        found += [
            (f"logistics {m} {h}", _place, (m, h)) for m, h in placements(g.data, tables, side)
        ]
        found += [(f"pick_up {m}", _pick_up, (m,)) for m in markers_on_map(g.data, side)]
    if side in ("west", "soviet"):
        used = f.get("partisan_in", [])
        found += [
            (f"partisan {h}", _partisan, (h,)) for h in partisan_hexes(g.data, tables, side, used)
        ]
        found += [
            (f"partisan_up {h}", _partisan_up, (h,))
            for h, s in sorted(g.data["partisans"].items())
            if s == side
        ]
    if choices is not None:
        for text, effect, args in found:
            choices.add(text, effect, *args)
    return bool(found)


def _place(g: Context, f: Frame, marker: str, hex_id: str) -> None:
    g.data["logistics"][marker] = hex_id
    f["logistics_done"] = True
    g.log("log.logistics_placed", side=f["side"], marker=marker, hex=hex_id)
    relieve_detachments(g, f["side"], hex_id)
    g.goto("logistics")


@RULES.implements("1.2.1", "2.3.5")
def relieve_detachments(g: Context, side: str, hex_id: str) -> None:
    """A logistics marker placed with a friendly detachment sends the detachment to the Delay
    box at once (spec §1.2.1)."""
    for uid in detachments.in_hex(g.data, hex_id):
        if state.faction(uid) == side:
            del g.data["detachments"][uid]
            g.data["delay_box"].append({"piece": uid, "side": side})
            g.log("log.detachment_relieved", side=side, unit=uid, hex=hex_id)


def _pick_up(g: Context, f: Frame, marker: str) -> None:
    g.log("log.logistics_removed", side=f["side"], marker=marker, hex=g.data["logistics"][marker])
    g.data["logistics"][marker] = "delay"
    g.data["delay_box"].append({"piece": marker, "side": f["side"]})
    f["logistics_done"] = True
    g.goto("logistics")


def _partisan(g: Context, f: Frame, hex_id: str) -> None:
    g.data["partisans"][hex_id] = f["side"]
    g.data["partisan_pool"][f["side"]] -= 1
    f.locals.setdefault("partisan_in", []).append(board().hexes[hex_id].country)
    g.log("log.partisan_placed", side=f["side"], hex=hex_id)
    g.goto("logistics")


def _partisan_up(g: Context, f: Frame, hex_id: str) -> None:
    del g.data["partisans"][hex_id]
    g.data["delay_box"].append({"piece": "partisan_base", "side": f["side"]})
    g.log("log.partisan_removed", side=f["side"], hex=hex_id)
    g.goto("logistics")
