"""Off-map boxes and the off-map box to off-map box procedure (3.1.3).

``data["off_map"]`` maps each ground unit in an off-map box to its box and steps left; such a
unit is not in ``data["units"]`` (the map's hexes), so nothing that asks about hexes sees it.

Recovered (supplement §5.4, [DG] §2.4, §4.6; spec §1.4): a unit moves directly between two
adjacent boxes, as printed on the boxes, and must then stop; each box belongs to one Allied
faction and admits only its units; Soviet units enter and leave the Eastern Europe box through
the map-edge hexes ``w5311``-``w6011``.

Decisions (reconstructed)
- A box's adjacency is the map file's ``adjacent`` lists, read both ways (Western USA and the
  Panama Canal); no other pair of boxes is printed adjacent.
- Each such move is a unit's whole move in its movement phase (3.1.4: one procedure a phase),
  in the Operational and the Reserve Movement Phases; the unit needs no supply line in a box,
  as a Western or Soviet box supplies its faction's units (supplement §11).
- From Eastern Europe a unit enters an edge hex with no enemy unit (no overrun from a box), and
  in reserve movement no enemy zone of control (5).
- A box is part of the sea zones printed on it (3.1.2, spec §2.7): the map marks no zones, so the
  naval table's ``box_sea_edges`` (provisional) name a span of a map-edge column whose all-sea
  hexes stand for where those zones meet the map, and a hex within the sea reach of them is in
  the box's zones (:func:`in_box_zones`). Sailing between a box and a port there is played by
  :mod:`naval` and :mod:`movement`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from wargame.games.dai_senso import state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.forces import SETUP_BOXES, forces
from wargame.games.dai_senso.registry import RULES

EASTERN_EUROPE: Final = "eastern_europe"


def column_span(first: str, last: str) -> tuple[str, ...]:
    """The hexes of one sheet's column from ``first`` to ``last`` (ids ``<sheet><row><col>``)."""
    sheet, column = first[0], first[3:]
    rows = range(int(first[1:3]), int(last[1:3]) + 1)
    return tuple(f"{sheet}{row:02d}{column}" for row in rows)


EDGE: Final = column_span("w5311", "w6011")
"""The Russian map-edge hexes w5311-w6011 through which the Eastern Europe box is entered."""
RULES.stand_in(
    "3.1.2", "a box's sea zones meet the map at a span of a map-edge column", key="box_sea_edge"
)


def boxes() -> dict[str, Mapping[str, Any]]:
    found: dict[str, Mapping[str, Any]] = board().off_map_boxes
    return found


def initial_data(scenario: str) -> dict[str, Any]:
    """The set-up's ground units placed in off-map boxes (spec §1.4)."""
    units = forces().units
    setup = forces().scenarios[scenario].setup
    placed = {
        p.unit: {"box": p.box, "steps": units[p.unit].steps}
        for p in setup
        if p.box in boxes() and forces().is_ground(units[p.unit])
    }
    return {"off_map": placed}


def in_boxes(data: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = data.get("off_map", {})
    return found


@RULES.implements("3.1.3")
def adjacent(box: str) -> list[str]:
    """The boxes printed adjacent to ``box`` (either box's list names the other)."""
    found = set(boxes()[box].get("adjacent", []))
    found |= {other for other, record in boxes().items() if box in record.get("adjacent", [])}
    return sorted(found)


@RULES.implements("3.1.3")
def box_refusal(uid: str, to: str) -> str:
    """Why the unit, in a box, may not move to the box ``to`` ("" if it may)."""
    if to not in boxes():
        return f"3.1.3: no off-map box {to!r}"
    admits = SETUP_BOXES.get(to)
    if admits is not None and admits != state.faction(uid):
        return f"3.1.3: the {to} box admits {admits} units only"
    return ""


@RULES.implements("3.1.3")
def box_moves(data: Mapping[str, Any], uid: str) -> dict[str, str]:
    """Each box the unit might move to from its box -> why it may not ("" if it may)."""
    here = in_boxes(data)[uid]["box"]
    return {to: box_refusal(uid, to) for to in adjacent(here)}


@RULES.implements("3.1.3")
def exits(data: Mapping[str, Any], uid: str) -> list[str]:
    """The map hexes a unit in its box may enter: the map edge of Eastern Europe."""
    return list(EDGE) if in_boxes(data)[uid]["box"] == EASTERN_EUROPE else []


@RULES.implements("3.1.3")
def exit_refusal(data: Mapping[str, Any], uid: str, there: str, reserve: bool) -> str:
    """Why the unit may not leave its box into the edge hex ``there`` ("" if it may)."""
    side = state.faction(uid)
    if state.enemy_in(data, there, side):
        return f"3.1.3: no overrun from an off-map box into {there}"
    if reserve and state.in_enemy_zoc(data, there, side):
        return f"5: no unit enters an enemy zone of control in reserve movement ({there})"
    return ""


@RULES.implements("3.1.3")
def entry_refusal(data: Mapping[str, Any], uid: str) -> str:
    """Why the unit, on the map, may not enter the Eastern Europe box ("" if it may)."""
    if state.hex_of(data, uid) not in EDGE:
        return f"3.1.3: the {EASTERN_EUROPE} box is entered from the map edge w5311-w6011 only"
    return box_refusal(uid, EASTERN_EUROPE)


def own(data: Mapping[str, Any], side: str) -> list[str]:
    return sorted(uid for uid in in_boxes(data) if state.faction(uid) == side)


@cache
def sea_edge(first: str, last: str) -> tuple[str, ...]:
    """The all-sea hexes of a map-edge span: where a box's sea zones meet the map."""
    return tuple(hex_id for hex_id in column_span(first, last) if board().hexes[hex_id].sea)


def sea_boxes(data: Mapping[str, Any]) -> list[str]:
    """The boxes some sea zone joins to the map (none in a scenario without naval play)."""
    return sorted(data.get("sea", {}).get("box_edges", {}))


@RULES.implements("3.1.2")
def in_box_zones(data: Mapping[str, Any], box: str, hex_id: str) -> bool:
    """Whether the hex lies in a sea zone the box belongs to: within the sea reach of the all-sea
    hexes where the box's zones meet the map (provisional, table ``naval``)."""
    span = data.get("sea", {}).get("box_edges", {}).get(box)
    if span is None:
        return False
    return near_edge(tuple(span), data["sea"]["reach"], hex_id)


@cache
def near_edge(span: tuple[str, str], reach: int, hex_id: str) -> bool:
    """Whether ``hex_id`` is within ``reach`` of the all-sea hexes of the edge ``span``."""
    return any(board().distance(hex_id, edge) <= reach for edge in sea_edge(*span))
