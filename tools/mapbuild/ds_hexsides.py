"""The hexsides of Dai Senso!'s built map: all-sea, lake, strait, river and border (everything
``reconstructed``: the printed map is unavailable; choices and their reasons in
``inputs/dai-senso/hexsides.yaml``).

Only a side between two hexes that are both land hexes (not all-sea) gets a record: a side with
an all-sea hex on either hand is all-sea by the classes themselves, and the rules' hexside
terrain (TEC: all-sea, lake, strait, river, border) matters where land meets land.

- Shape of a side: the two corners the hexes share, mapped from grid space to lon/lat through
  the map's fit; the centre-to-centre segment likewise.
- All-sea or lake: less than ``land_side_km`` of the side runs over dry land (GSHHG land less
  its lakes): no land path crosses it; lake when the side runs over more lake than sea.
- Strait: such a water side whose centre-to-centre segment crosses water in runs no longer than
  ``strait_km`` each (narrow water between the two shores).
- River: a land side whose centre-to-centre segment a major river crosses and along which it
  runs (``follows_river``; ``hexsides.py``'s river lines, the cut of hexsides.yaml).
- Border: a side whose centre-to-centre segment crosses a border line of December 1941
  (``backdrop.era_borders`` on Empire of the Sun's rule, the lines Dai Senso!'s backdrop draws):
  a stand-in for the rules' countries, dependents and regions, whose lines (the Chinese minors,
  Manchukuo, Inner Mongolia) the data cannot give.

Neighbours are taken on one sheet (the two sheets' shared column is not joined).
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import shapely
from pyproj import Transformer

from . import build, grid, gshhg
from . import hexsides as sides

KINDS = {
    "all_sea": "two land hexes whose shared side runs (almost) wholly over sea: no land path",
    "lake": "two land hexes whose shared side runs (almost) wholly over lake water",
    "strait": "two land hexes facing each other across narrow water",
    "river": "a major river runs between the two hexes",
    "border": "a border of December 1941 runs between the two hexes (a stand-in for the rules' "
    "countries, dependents and regions)",
}
KM_PER_DEG = 111.2
METHOD = (
    "land-land pairs of one sheet; a side is the two shared grid corners mapped to lon/lat by "
    "the fit; water side: under land_side_km of it over dry land (GSHHG land less lakes); "
    "strait: a water side whose centre-to-centre segment crosses no water run over strait_km; "
    "lake: a water side over more lake than sea; river: a land side whose centre-to-centre "
    "segment a kept river crosses and which that river runs along (along_share of its length "
    "within near_deg); border: a centre-to-centre segment crossing a December 1941 "
    "border line (inputs/empire-of-the-sun/borders.yaml, as the backdrop draws)"
)


def lonlat_of(sheet: build.Sheet, xy: np.ndarray) -> np.ndarray:
    """Grid-space points of the sheet as lon/lat, longitudes in the sheet's window."""
    assert sheet.fit is not None
    to_geo = Transformer.from_crs(sheet.base, "EPSG:4326", always_xy=True)
    lon, lat = to_geo.transform(*sheet.fit.inverse(xy, sheet.index).T)
    lon_0 = sheet.spec["lon_0"]
    lon = (np.asarray(lon) - lon_0 + 180.0) % 360.0 + lon_0 - 180.0
    return np.column_stack([lon, lat])


def side_geometry(sheet: build.Sheet, a: str, b: str) -> tuple[shapely.LineString, ...]:
    """The shared side and the centre-to-centre segment of two neighbours, in lon/lat."""
    (_, ra, ca), (_, rb, cb) = build.split_id(a), build.split_id(b)
    ours, theirs = grid.corners(ra, ca), grid.corners(rb, cb)
    shared = [p for p in ours if min(math.dist(p, q) for q in theirs) < 1e-6]
    edge = shapely.segmentize(shapely.LineString(lonlat_of(sheet, np.array(shared))), 0.02)
    centres = lonlat_of(sheet, np.array([grid.centre(ra, ca), grid.centre(rb, cb)]))
    return edge, shapely.segmentize(shapely.LineString(centres), 0.02)


def km(line: shapely.Geometry) -> float:
    """Length of a short lon/lat line in km (local flat earth)."""
    if line.is_empty:
        return 0.0
    lat = shapely.get_coordinates(line)[:, 1].mean()
    scale = math.cos(math.radians(lat))
    return shapely.transform(line, lambda p: p * [scale, 1.0]).length * KM_PER_DEG


def run_lengths(line: shapely.Geometry) -> list[float]:
    parts = getattr(line, "geoms", [line])
    return [km(part) for part in parts if not part.is_empty]


class Water:
    """Dry land and lakes of a sheet's window, for measuring lines over them."""

    def __init__(self, shores: list[gshhg.Shore]) -> None:
        self.land = [s.polygon for s in shores if s.level == gshhg.LAND]
        self.lakes = [s.polygon for s in shores if s.level == gshhg.LAKE]
        self.land_tree, self.lake_tree = shapely.STRtree(self.land), shapely.STRtree(self.lakes)

    def over(self, line: shapely.Geometry, lakes: bool = False) -> shapely.Geometry:
        tree, polys = (self.lake_tree, self.lakes) if lakes else (self.land_tree, self.land)
        found = [polys[i] for i in tree.query(line, predicate="intersects")]
        return shapely.intersection(line, shapely.union_all(found)) if found else shapely.Point()

    def dry(self, line: shapely.Geometry) -> shapely.Geometry:
        """The part of the line over land that is no lake."""
        return shapely.difference(self.over(line), self.over(line, lakes=True))


def side_kinds(
    edge: shapely.LineString, link: shapely.LineString, water: Water, spec: dict
) -> list[str]:
    """all_sea, lake or strait for a water side; nothing for a land side."""
    length = km(edge)
    dry = km(water.dry(edge))
    if length == 0 or dry >= spec["land_side_km"]:
        return []
    wet = shapely.difference(link, water.dry(link))
    if max(run_lengths(wet), default=0.0) <= spec["strait_km"]:
        return ["strait"]
    lake = km(water.over(edge, lakes=True))
    return ["lake"] if lake > length - dry - lake else ["all_sea"]


def follows_river(
    edge: shapely.LineString,
    link: shapely.LineString,
    rivers: list[shapely.Geometry],
    tree: shapely.STRtree,
    spec: dict,
) -> bool:
    """Whether a river crosses the centre-to-centre segment and runs along the side: of the
    river lines near the side (within ``near_deg``), at least ``along_share`` of the side's
    length (a river crossing near a hex centre, or winding inside a hex, gives no side)."""
    crossing = [rivers[i] for i in tree.query(link, predicate="intersects")]
    if not crossing:
        return False
    near = shapely.buffer(edge, spec["near_deg"])
    along = sum(km(shapely.intersection(line, near)) for line in crossing)
    return along >= spec["along_share"] * km(edge)


def sheet_sides(
    sheet: build.Sheet, hexes: dict[str, dict], spec: dict, kept_borders: list
) -> list[dict]:
    """The hexside records of one sheet."""
    window = build.window(sheet)
    shores = gshhg.shores(*window)
    water = Water(shores)
    rivers = sides.river_lines(spec["rivers"], window)
    river_tree, border_tree = shapely.STRtree(rivers), shapely.STRtree(kept_borders)
    records = []
    for a in sorted(h for h in hexes if h[0] == sheet.key and hexes[h]["class"] != "sea"):
        for b in build.neighbours(a, hexes):
            if b < a or hexes[b]["class"] == "sea":
                continue
            edge, link = side_geometry(sheet, a, b)
            kinds = side_kinds(edge, link, water, spec)
            if not kinds and follows_river(edge, link, rivers, river_tree, spec["rivers"]):
                kinds.append("river")
            if border_tree.query(link, predicate="intersects").size:
                kinds.append("border")
            if kinds:
                records.append({"a": a, "b": b, "kinds": kinds, "provenance": "reconstructed"})
    return records


def sources() -> dict[str, str]:
    """What the hexsides read beyond the shorelines: rivers and borders, and the method."""
    from . import borders  # noqa: PLC0415

    return sides.sources() | borders.sources() | {"method": METHOD}


def hexside_records(
    sheets: list[build.Sheet], hexes: dict[str, dict], spec: dict
) -> tuple[list[dict], list[str]]:
    """Every sheet's hexside records, sorted, and a report line."""
    from .backdrop import PACIFIC_BORDERS, era_borders  # noqa: PLC0415 (backdrop imports build)

    records = []
    for sheet in sheets:
        window = build.window(sheet)
        kept, _, _ = era_borders(PACIFIC_BORDERS, window, gshhg.shores(*window))
        records += sheet_sides(sheet, hexes, spec, kept)
    records.sort(key=lambda r: (r["a"], r["b"]))
    kinds = Counter(kind for r in records for kind in r["kinds"])
    return records, [f"hexsides: {dict(sorted(kinds.items()))}"]
