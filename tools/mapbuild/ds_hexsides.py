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
- Named lake (``lakes`` of hexsides.yaml): a side whose centre-to-centre segment crosses the
  lake's drawn axis.
- River: a land side on the chain of sides a major river is laid onto (``hexriver``: each
  river an unbroken chain, hugging its course; ``hexsides.py``'s river lines, the cut of
  hexsides.yaml).
- Mountain: a land side on the chain of sides a range's crest line (``mountains`` of
  hexsides.yaml, traced through named peaks and passes) is laid onto, as a river is.
- Border: a side between hexes of two countries, dependents or regions of the rules (each land
  hex's ``country``, from ``ds_countries``: the GeoNames town nearest its centre across no border
  line of December 1941, by its country and province).

Neighbours are taken on one sheet (the two sheets' shared column is not joined).
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import shapely
from pyproj import Transformer

from . import build, ds_countries, grid, gshhg, hexriver
from . import hexsides as sides

KINDS = {
    "all_sea": "two land hexes whose shared side runs (almost) wholly over sea: no land path",
    "lake": "two land hexes whose shared side runs (almost) wholly over lake water",
    "strait": "two land hexes facing each other across narrow water",
    "river": "a major river runs between the two hexes",
    "mountain": "the crest of a mountain range runs between the two hexes",
    "border": "the two hexes belong to different countries, dependents or regions (their "
    "'country')",
}
KM_PER_DEG = 111.2
METHOD = (
    "land-land pairs of one sheet; a side is the two shared grid corners mapped to lon/lat by "
    "the fit; water side: under land_side_km of it over dry land (GSHHG land less lakes); "
    "strait: a water side whose centre-to-centre segment crosses no water run over strait_km; "
    "lake: a water side over more lake than sea, or a side whose centre-to-centre segment "
    "crosses a named lake's axis (hexsides.yaml); river: a land side on the chain of sides a "
    "kept river is laid onto in grid space (per stretch of at most a hex, the cheapest path of "
    "sides between the corners nearest its ends, a side costing its length times slack plus "
    "its midpoint's distance from the river); mountain: a land side on the chain a range's "
    "crest line (hexsides.yaml, traced through named peaks and passes) is laid onto, as a "
    "river is; strait: also the side between the hexes holding "
    "the two towns of a named strait (hexsides.yaml); border: the hexes' countries "
    "differ (each land hex's country: the entity of countries.yaml of the GeoNames town nearest "
    "its centre whose way there crosses no border line of December 1941, "
    "inputs/empire-of-the-sun/borders.yaml, as the backdrop draws)"
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


def crest_lines(spec: dict, window: tuple[float, float, float, float]) -> list[shapely.Geometry]:
    """The ranges' crest lines (lon/lat) meeting the window, clipped to it."""
    lines = [shapely.LineString(points) for _, points in sorted(spec["ranges"].items())]
    clipped = [shapely.clip_by_rect(line, *window) for line in lines]
    return [shapely.segmentize(line, sides.RIVER_STEP_DEG) for line in clipped if line.length]


def sheet_chains(
    sheet: build.Sheet, hexes: dict[str, dict], lines: list[shapely.Geometry], slack: float
) -> set[tuple[str, str]]:
    """The sides of the sheet the lines (rivers, crests) are laid onto (``hexriver``), as
    sorted id pairs."""
    assert sheet.to_proj is not None and sheet.fit is not None
    fit, to_proj = sheet.fit, sheet.to_proj

    def to_grid(points: np.ndarray) -> np.ndarray:
        xy = np.column_stack(to_proj.transform(points[:, 0], points[:, 1]))
        return fit.forward(xy, sheet.index)

    found = hexriver.river_sides(lines, to_grid, build.hex_cells(sheet), slack)
    pairs = {tuple(sorted(build.hex_id(sheet.key, *cell) for cell in side)) for side in found}
    return {(a, b) for a, b in pairs if a in hexes and b in hexes}  # type: ignore[misc]


def sheet_sides(
    sheet: build.Sheet, hexes: dict[str, dict], spec: dict, straits: dict[tuple[str, str], str]
) -> list[dict]:
    """The hexside records of one sheet."""
    window = build.window(sheet)
    shores = gshhg.shores(*window)
    water = Water(shores)
    rivers = sheet_chains(
        sheet, hexes, sides.river_lines(spec["rivers"], window), spec["rivers"]["slack"]
    )
    crests = spec["mountains"]
    mountains = sheet_chains(sheet, hexes, crest_lines(crests, window), crests["slack"])
    lake_axes = [shapely.LineString(lake["axis"]) for lake in spec["lakes"].values()]
    records = []
    for a in sorted(h for h in hexes if h[0] == sheet.key and hexes[h]["class"] != "sea"):
        for b in build.neighbours(a, hexes):
            if b < a or hexes[b]["class"] == "sea":
                continue
            edge, link = side_geometry(sheet, a, b)
            kinds = side_kinds(edge, link, water, spec)
            if not kinds:  # a land side
                lines = (("river", rivers), ("mountain", mountains))
                kinds = [kind for kind, sides_on in lines if (a, b) in sides_on]
            if (a, b) in straits:
                kinds = ["strait"]
            elif any(link.intersects(axis) for axis in lake_axes):
                kinds = ["lake"]
            if hexes[a]["country"] != hexes[b]["country"]:
                kinds.append("border")
            if kinds:
                record = {"a": a, "b": b, "kinds": kinds, "provenance": "reconstructed"}
                records.append(record | ({"strait": straits[(a, b)]} if (a, b) in straits else {}))
    return records


def named_straits(
    sheets: list[build.Sheet], hexes: dict[str, dict], straits: dict
) -> tuple[dict[tuple[str, str], str], list[str]]:
    """The side each named strait of hexsides.yaml lies on: between the hexes holding its two
    towns, on the sheet that holds both; a strait whose towns fall in one hex lies inside
    it (no side; reported). Raises if the two hexes are not neighbouring land hexes."""
    found, notes = {}, []
    for key, strait in sorted(straits.items()):
        for sheet in sheets:
            ends = [build.predict(sheet, {"lon": x, "lat": y}) for x, y in strait["towns"]]
            if not all(build.on_sheet(sheet, end) for end in ends):
                continue
            a, b = sorted(ends)
            if a == b:
                notes.append(f"strait {key}: inside hex {a} (no hexside)")
            elif b not in build.neighbours(a, hexes) or "sea" in {hexes[h]["class"] for h in ends}:
                raise ValueError(f"strait {key}: {a} and {b} are not neighbouring land hexes")
            else:
                found[(a, b)] = key
                notes.append(f"strait {key}: {a}-{b}")
    return found, notes


def sources() -> dict[str, str]:
    """What the hexsides read beyond the shorelines: rivers and borders, and the method."""
    from . import borders  # noqa: PLC0415

    return sides.sources() | borders.sources() | {"method": METHOD}


def hexside_records(
    sheets: list[build.Sheet], hexes: dict[str, dict], spec: dict, countries: dict
) -> tuple[list[dict], list[str]]:
    """Every land hex's country (``ds_countries``), then every sheet's hexside records,
    sorted, and report lines."""
    from .backdrop import PACIFIC_BORDERS, era_borders  # noqa: PLC0415 (backdrop imports build)

    straits, notes = named_straits(sheets, hexes, spec["straits"])
    towns = ds_countries.Towns()
    records = []
    for sheet in sheets:
        window = build.window(sheet)
        kept, _, _ = era_borders(PACIFIC_BORDERS, window, gshhg.shores(*window))
        land = sorted(h for h in hexes if h[0] == sheet.key and hexes[h]["class"] != "sea")
        ds_countries.assign(hexes, land, kept, sheet.spec["lon_0"], spec=countries, towns=towns)
        points = list(countries["places"].items())
        points += [(key, p) for key, found in countries["islands"].items() for p in found]
        for key, (lon, lat) in points:
            hex_ = build.predict(sheet, {"lon": lon, "lat": lat})
            if hex_ in land:
                hexes[hex_]["country"] = key
                hexes[hex_].pop("country_town", None)
        records += sheet_sides(sheet, hexes, spec, straits)
    records.sort(key=lambda r: (r["a"], r["b"]))
    kinds = Counter(kind for r in records for kind in r["kinds"])
    held = Counter(h["country"] for h in hexes.values() if "country" in h)
    return records, [*notes, f"hexsides: {dict(sorted(kinds.items()))}", f"countries: {held}"]
