"""The Aegean Strike maps as outlines: ``data/map.json`` written by ``tools/build_map.py``.

The file holds two grids in one frame: operational hexes (``XXYY``) and strategic hexes
(``S`` + ``XXYY``, ten times as large), both flat-topped in columns with the even columns half a
hex lower and rows growing down (``even-q``). Each is one sheet here. The strategic hexes are
drawn at their true size over the operational frame (the file's strategic anchor says which
operational hex a strategic hex is centred on), and the whole map shows the strategic map with the
operational map drawn over the area inside the transitional ring (the drawing's scale follows the
first hex, a strategic one). Transitional hexes and the hexes inside the ring get their own
classes on the strategic sheet. The coastlines of ``data/backdrop.json`` (``tools/build_map.py
aegean-strike --backdrop``), if present, are placed on each sheet by its anchor hexes; the
file's border, river and strait hexsides are the map's edges (drawn with ``--edges`` along the
side their two operational hexes share).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wargame.engine.board import HexGrid, HexLayout, IdOrder, Sheet
from wargame.maps import EdgeOutline, HexOutline, MapOutline, Point
from wargame.maps.built import BACKDROP, GAMES, _load, read_backdrop

GAME = "aegean-strike"
MAP = GAMES / "aegean_strike" / "data" / "map.json"
OPERATIONAL, STRATEGIC = "operational", "strategic"
STRATEGIC_PREFIX = "S"
TRANSITIONAL, INSIDE = "transitional", "inside_ring"
AREA_KINDS = {
    TRANSITIONAL: "transitional hex (partly on the operational map)",
    INSIDE: "inside the transitional ring (on the operational map)",
}


def outline() -> MapOutline:
    data = _load(MAP)
    place = _strategic_placement(data)
    strategic = [
        HexOutline(r["id"], place(r["id"]), _strategic_kind(r), STRATEGIC, _names(r))
        for r in data["hexes"]
        if r["map"] == STRATEGIC
    ]
    grid = HexGrid(HexLayout.EVEN_Q, id_order=IdOrder.COL_ROW)
    operational = [
        HexOutline(r["id"], tuple(grid.corners(r["id"])), r["class"], OPERATIONAL, _names(r))
        for r in data["hexes"]
        if r["map"] == OPERATIONAL
    ]
    kinds = dict(data["classes"]) | AREA_KINDS
    hexes = (*strategic, *operational)
    backdrop = read_backdrop(MAP.with_name(BACKDROP), _Drawn({h.id: h for h in hexes}))
    sheets = (OPERATIONAL, STRATEGIC)
    return MapOutline(GAME, kinds, hexes, sheets, edges=_hexsides(data), backdrop=backdrop)


def _hexsides(data: dict[str, Any]) -> tuple[EdgeOutline, ...]:
    """The border, river and strait hexsides of the operational map, one edge per kind."""
    sides = data.get("hexsides", ())
    return tuple(
        EdgeOutline(side["a"], side["b"], kind) for side in sides for kind in side["kinds"]
    )


@dataclass(frozen=True)
class _Drawn:
    """The drawn hexes of both grids by id: where the backdrop's anchors are placed."""

    hexes: dict[str, HexOutline]

    def centre(self, hex_id: str) -> Point:
        return self.hexes[hex_id].centre


def _strategic_placement(data: dict[str, Any]) -> Callable[[str], tuple[Point, ...]]:
    """A function giving a strategic hex's corners in the operational drawing frame."""
    scale = data["frame"]["strategic_scale"]
    anchor = data["frame"]["strategic"]["anchor"]
    operational = HexGrid(HexLayout.EVEN_Q, id_order=IdOrder.COL_ROW)
    strategic = HexGrid(
        HexLayout.EVEN_Q, id_order=IdOrder.COL_ROW, sheets=[Sheet(STRATEGIC_PREFIX, 0, 0)]
    )
    ox, oy = operational.centre(anchor["operational_hex"])
    sx, sy = strategic.centre(anchor["hex"])

    def corners(hex_id: str) -> tuple[Point, ...]:
        return tuple(
            (ox + scale * (x - sx), oy + scale * (y - sy)) for x, y in strategic.corners(hex_id)
        )

    return corners


def _strategic_kind(record: dict[str, Any]) -> str:
    if record["area"] == "transitional":
        return TRANSITIONAL
    return INSIDE if record["area"] == "inside" else record["class"]


def _names(record: dict[str, Any]) -> dict[str, str]:
    place = record.get("place") or {}
    return {lang: place[key] for lang, key in (("en", "name"), ("ja", "name_ja")) if key in place}
