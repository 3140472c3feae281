"""The Asia Engulfed area map as outlines: every area of ``data/areas.json`` (land areas, port
and island boxes, sea areas) with its polygons, its label point (``at``) and its names, and every
edge of the adjacency graph. Seas come first, to be drawn under the land: the outlines of the
smallest islands were not cut out of them.

The map frame is the file's: x is the longitude east (0-360, so the Pacific is one piece), y the
latitude turned down the page. The boxes of the game are also marked at their points, their
islands being too small to see at the scale of the whole map. An off-map box whose point lies
outside the file's frame (South Africa) is drawn at the nearest point of the frame's edge: a place
to hang its name and its edges, not a position on the map.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from wargame.games.asia_engulfed.board import Area, area_map
from wargame.maps import AreaOutline, EdgeOutline, MapOutline, Point, Ring

GAME = "asia-engulfed"
OFF_MAP = "off_map"
KIND_OF = {"large": "land", "port_box": "port_box", "island_box": "island_box", "sea": "sea"}
KINDS = {
    "sea": "sea area",
    "land": "land area",
    "port_box": "port box",
    "island_box": "island box",
    OFF_MAP: "off-map box, drawn at the frame's edge",
}
BOXES = {"port_box", "island_box"}


@cache
def outline() -> MapOutline:
    data = area_map()  # checked against its schema
    west, south, east, north = data.frame["bounds"]
    areas = [_area(record, (west, -north, east, -south)) for record in data.areas.values()]
    areas.sort(key=lambda area: area.kind != "sea")  # seas first: small islands lie in them
    edges = tuple(EdgeOutline(edge.a, edge.b, edge.kind) for edge in data.edges)
    bare = tuple(polygon for land in data.off_map_land for polygon in _polygons(land.outline))
    return MapOutline(GAME, KINDS, (), areas=tuple(areas), edges=edges, bare_land=bare)


def _area(record: Area, frame: tuple[float, float, float, float]) -> AreaOutline:
    lon, lat = record.at
    at = (lon, -lat)
    kind = KIND_OF[record.kind]
    if record.offmap and not _inside(at, frame):
        at, kind = _clamped(at, frame), OFF_MAP
    polygons = _polygons(record.outline)
    names = {lang: name for lang, name in (("en", record.name), ("ja", record.name_ja)) if name}
    boxed = kind in BOXES or not polygons
    return AreaOutline(record.id, polygons, kind, at, names, boxed)


def _polygons(geometry: dict[str, Any] | None) -> tuple[tuple[Ring, ...], ...]:
    """GeoJSON (lon, lat) polygons as rings in the map frame, outer ring first."""
    if geometry is None:
        return ()
    polygons = geometry["coordinates"]
    if geometry["type"] == "Polygon":
        polygons = [polygons]
    return tuple(
        tuple(tuple((lon, -lat) for lon, lat in ring) for ring in polygon) for polygon in polygons
    )


def _inside(point: Point, frame: tuple[float, float, float, float]) -> bool:
    left, top, right, bottom = frame
    return left <= point[0] <= right and top <= point[1] <= bottom


def _clamped(point: Point, frame: tuple[float, float, float, float]) -> Point:
    left, top, right, bottom = frame
    return min(max(point[0], left), right), min(max(point[1], top), bottom)
