"""The Turkish Straits on the Aegean Strike operational map, and the hexsides no land move crosses
(``inputs/aegean-strike/hexsides.yaml``: ``shores``, ``shore_overrides``, ``straits``,
``min_land_on_side_km``; everything ``reconstructed``: the printed map is unavailable).

- Shores. Inside the straits window the GSHHG land falls apart into pieces, as the Bosporus, the
  Sea of Marmara and the Dardanelles cut it: the piece holding the ``europe`` point (Thrace) is
  Europe, the piece holding the ``asia`` point (Anatolia) is Asia, and every island takes the
  shore of the nearer of the two. A hex with land of either shore in it takes the shore with more
  land in the hex, unless ``shore_overrides`` names it (with its reason).
- Towns. A place with a ``shore`` (places.yaml) whose hex is of the other shore moves to the
  nearest hex of its own shore: the straits run along hexsides, as on a printed hex map, so a hex
  cut by a strait gives the other shore's sliver to its own.
- Strait hexside: two non-sea neighbours of different shores whose outlines both meet the
  strait's box (lon/lat, drawn around the strait from mouth to mouth).
- All-sea hexside: two non-sea neighbours whose common side has no land on it that both hexes
  may use (at least ``min_land_on_side_km``): a hex with a shore uses its shore's land inside the
  window, every hex any land outside it. Two hexes of different shores never share land, so
  wherever they meet off a strait, the hexside is all-sea. Lakes count as land, as in the hex
  classes. A land move crosses neither an all-sea nor a strait hexside (a strait only by the
  crossing rules).

Hand-written because no library knows hexsides; the geometry is shapely's.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import shapely

from . import build as hexmap

SHORES = ("europe", "asia")
KINDS = {
    "all_sea": "no land crosses this side between two hexes with land: water only, or the two "
    "shores of the Turkish Straits away from a strait hexside",
    "strait": "the two hexes face each other across a strait (named in 'strait'): Europe on one "
    "side, Asia on the other",
}
METHOD = {
    "shore": "hexes near the Turkish Straits: the shore (Europe or Asia) with more land in the "
    "hex, the land split where the straits cut the GSHHG shoreline, islands with the nearer "
    "shore; overrides in hexsides.yaml (shore_overrides)",
    "strait": "non-sea neighbours of different shores whose outlines both meet the strait's box "
    "(hexsides.yaml)",
    "all_sea": "non-sea neighbours whose common side crosses no land both may use (a hex by the "
    "straits uses its own shore's land only): less than min_land_on_side_km of it",
}
KM_PER_DEGREE = 111.2


@dataclass(frozen=True)
class ShoreLand:
    """The land of each shore inside the straits window (lon/lat), searchable."""

    window: shapely.Polygon
    trees: dict[str, shapely.STRtree]

    @classmethod
    def of(cls, land: list[shapely.Geometry], spec: dict) -> ShoreLand:
        parts = window_parts(land, spec["window"])
        mainland = {shore: holding(parts, spec[shore], shore) for shore in SHORES}
        squash = local_scale(spec["window"])
        shapes = {shore: squash(parts[index]) for shore, index in mainland.items()}
        by_index = {index: shore for shore, index in mainland.items()}
        found: dict[str, list[shapely.Geometry]] = {s: [] for s in SHORES}
        for index, part in enumerate(parts):
            shore = by_index.get(index) or nearer(shapes, squash(part))
            found[shore].append(part)
        trees = {
            s: shapely.STRtree([p for g in found[s] for p in hexmap.pieces(g)]) for s in SHORES
        }
        return cls(shapely.box(*spec["window"]), trees)

    def area(self, shore: str, outline: shapely.Polygon) -> float:
        """Land of the shore inside the outline (square degrees: compare within a hex only)."""
        tree = self.trees[shore]
        hit = tree.geometries.take(tree.query(outline, predicate="intersects"))
        return float(np.sum(shapely.area(shapely.intersection(hit, outline))))

    def usable(self, on_land: shapely.Geometry, shores: set[str]) -> shapely.Geometry:
        """The part of a side's land both hexes may use: outside the window any, inside it the
        land of each hex's shore."""
        inside = shapely.intersection(on_land, self.window)
        for shore in shores:
            tree = self.trees[shore]
            hit = tree.geometries.take(tree.query(inside, predicate="intersects"))
            inside = shapely.intersection(inside, shapely.union_all(hit))
        return shapely.union(shapely.difference(on_land, self.window), inside)


def window_parts(land: list[shapely.Geometry], window: list[float]) -> list[shapely.Geometry]:
    clipped = [shapely.clip_by_rect(polygon, *window) for polygon in land]
    return list(shapely.get_parts(shapely.union_all([c for c in clipped if not c.is_empty])))


def holding(parts: list[shapely.Geometry], lonlat: list[float], shore: str) -> int:
    found = [i for i, part in enumerate(parts) if part.contains(shapely.Point(lonlat))]
    if len(found) != 1:
        raise ValueError(f"the {shore} point {lonlat} is in {len(found)} land pieces, not one")
    return found[0]


def nearer(mainland: dict[str, shapely.Geometry], island: shapely.Geometry) -> str:
    return min(SHORES, key=lambda shore: mainland[shore].distance(island))


def local_scale(window: list[float]) -> Callable[[shapely.Geometry], shapely.Geometry]:
    """Lon/lat -> a local flat earth (degrees of latitude), for distances."""
    factor = np.array([math.cos(math.radians((window[1] + window[3]) / 2)), 1.0])
    return lambda geom: shapely.transform(geom, lambda points: points * factor)


def hex_shores(
    outlines: dict[str, shapely.Polygon], land: ShoreLand, overrides: dict
) -> dict[str, str]:
    """The shore of every hex with land of either shore in it."""
    shores = {}
    for hex_id, outline in sorted(outlines.items()):
        areas = {shore: land.area(shore, outline) for shore in SHORES}
        if max(areas.values()) > 0.0:
            shores[hex_id] = max(SHORES, key=lambda s: areas[s])
    return shores | {h: row["shore"] for h, row in overrides.items()}


def move_towns(
    places: dict[str, dict], shores: dict[str, str], distance: Callable[[dict, str], float]
) -> list[str]:
    """Put each town with a shore in a hex of its shore: its own, else the nearest one."""
    notes = []
    for key, place in sorted(places.items()):
        shore, here = place.get("shore"), place.get("operational_hex")
        if shore is None or here is None or shores.get(here) == shore:
            continue
        own = [h for h, s in shores.items() if s == shore]
        moved = min(own, key=lambda h: (distance(place, h), h))
        place |= {"operational_hex": moved, "moved_from": here}
        place["placement"] = (
            f"its hex {here} is on the other shore ({shores.get(here)}): moved to the nearest "
            f"hex of the {shore} shore (the straits run along hexsides)"
        )
        notes.append(f"{key}: {here} -> {moved} ({shore})")
    return notes


def side_land_km(
    side: shapely.LineString, land: shapely.STRtree, shore_land: ShoreLand, shores: set[str]
) -> float:
    """Length of the side's land both hexes may use, km (lon/lat side, local flat earth)."""
    hit = land.geometries.take(land.query(side, predicate="intersects"))
    on_land = shapely.union_all(shapely.intersection(hit, side))
    if on_land.is_empty:
        return 0.0
    usable = shore_land.usable(on_land, shores) if shores else on_land
    lat = side.centroid.y
    flat = shapely.transform(usable, lambda p: p * np.array([math.cos(math.radians(lat)), 1.0]))
    return flat.length * KM_PER_DEGREE


def strait_of(
    pair: tuple[str, str],
    shores: dict[str, str],
    outlines: dict[str, shapely.Polygon],
    straits: dict,
) -> str | None:
    """The strait two neighbours face each other across, if any."""
    a, b = pair
    if shores.get(a) is None or shores.get(b) is None or shores[a] == shores[b]:
        return None
    for key, strait in sorted(straits.items()):
        box = shapely.box(*strait["box"])
        if outlines[a].intersects(box) and outlines[b].intersects(box):
            return key
    return None


@dataclass(frozen=True)
class SideFinding:
    """The strait and all-sea hexsides, and the sides between the shores that had land on them
    (cut by the shore rule, not by water)."""

    straits: dict[tuple[str, str], str]
    all_sea: set[tuple[str, str]]
    cut: list[tuple[str, str]]


class ShoreMap(Protocol):
    """The operational hexes by the straits: their shores, lon/lat outlines and sides."""

    land: ShoreLand
    shores: dict[str, str]
    outlines: dict[str, shapely.Polygon]

    def side(self, a: str, b: str) -> shapely.LineString: ...


def classify_sides(
    pairs: list[tuple[str, str]], land: shapely.STRtree, hexes: ShoreMap, spec: dict
) -> SideFinding:
    """The strait and all-sea hexsides among the pairs of non-sea neighbours."""
    straits, all_sea, cut = {}, set(), []
    for pair in pairs:
        strait = strait_of(pair, hexes.shores, hexes.outlines, spec["straits"])
        if strait is not None:
            straits[pair] = strait
            continue
        side = hexes.side(*pair)
        pair_shores = {hexes.shores[h] for h in pair if h in hexes.shores}
        if side_land_km(side, land, hexes.land, pair_shores) >= spec["min_land_on_side_km"]:
            continue
        all_sea.add(pair)
        if len(pair_shores) == 2 and side_land_km(side, land, hexes.land, set()) > 0.0:
            cut.append(pair)
    return SideFinding(straits, all_sea, cut)
