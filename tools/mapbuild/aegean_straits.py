"""Landmasses of the Aegean Strike operational map, the Turkish Straits and the hexsides no land
move crosses (``inputs/aegean-strike/hexsides.yaml``: ``landmasses``, ``landmass_overrides``,
``straits``, ``min_land_on_side_km``; ``overrides.yaml``: ``joined_to_mainland``; everything
``reconstructed``: the printed map is unavailable).

- Landmasses. Inside the window of the operational map the GSHHG land falls apart into pieces:
  the Bosporus, the Sea of Marmara and the Dardanelles cut Europe from Asia there (they meet again
  only round the Black Sea, off the map), and every island is a piece of its own. The piece
  holding the ``europe`` point (Thrace) is ``europe``, the one holding the ``asia`` point
  (Anatolia) is ``asia``, a piece holding another named point takes that name (``euboea``), any
  other is named by a point of it; a piece cut off only by a canal
  (``joined_to_mainland``) belongs to the landmass it ``joins``. A hex with land takes the
  landmass with the most land in it, unless ``landmass_overrides`` names it (with its reason):
  the other landmasses' slivers in it go with it, as on a printed hex map.
- Towns. A place with a ``shore`` (places.yaml) whose hex is of the other shore moves to the
  nearest hex of its own shore: the straits run along hexsides.
- Strait hexside: two hexes of the strait's two shores (Europe and Asia unless the strait names
  its ``shores``) whose outlines both meet the strait's box (lon/lat, drawn around the strait
  from mouth to mouth).
- All-sea hexside: two neighbours with land whose common side has less than
  ``min_land_on_side_km`` of land of their common landmass on it: water only, or land of
  different landmasses (an island off a coast, the two shores off a strait). Lakes count as land,
  as in the hex classes. A land move crosses neither an all-sea nor a strait hexside (a strait
  only by the crossing rules).

Hand-written because no library knows hexsides; the geometry is shapely's.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import shapely

from . import build as hexmap

SHORES = ("europe", "asia")
KINDS = {
    "all_sea": "no land move crosses this side between two hexes with land: water only, or land "
    "of two landmasses (an island off a coast, the shores of the Turkish Straits off a strait "
    "hexside)",
    "strait": "the two hexes face each other across a strait (named in 'strait'), one on each of "
    "its shores (Europe and Asia for the Turkish Straits)",
}
METHOD = {
    "landmass": "the GSHHG land piece with the most land in the hex, the land cut into pieces "
    "inside the operational map's window (so the Turkish Straits split Europe from Asia); a "
    "piece cut off by a canal joins its mainland (overrides.yaml joined_to_mainland); overrides "
    "in hexsides.yaml (landmass_overrides)",
    "strait": "a hex of each of the strait's shores (Europe and Asia unless it names others), "
    "their outlines both meeting the strait's box (hexsides.yaml)",
    "all_sea": "neighbours with land whose common side crosses less than min_land_on_side_km of "
    "land of their common landmass (none if their landmasses differ)",
}
KM_PER_DEGREE = 111.2


@dataclass(frozen=True)
class Landmasses:
    """The land inside the window (lon/lat pieces) and the landmass of each piece."""

    tree: shapely.STRtree
    keys: np.ndarray
    whole: shapely.Geometry  # all the land inside the window

    @classmethod
    def of(cls, land: list[shapely.Geometry], spec: dict, joined: dict) -> Landmasses:
        whole = window_land(land, spec["window"])
        parts = list(shapely.get_parts(whole))
        keys = [landmass_name(part) for part in parts]
        named = {name: holding(parts, point, name) for name, point in named_points(spec).items()}
        if len(set(named.values())) != len(named):
            raise ValueError(f"two of the named landmasses {sorted(named)} are one land piece")
        for name, index in named.items():
            keys[index] = name
        for key, row in sorted(joined.items()):
            keys[holding(parts, row["point"], key)] = row["joins"]
        pieces, piece_keys = [], []
        for part, key in zip(parts, keys, strict=True):
            for piece in hexmap.pieces(part):
                pieces.append(piece)
                piece_keys.append(key)
        return cls(shapely.STRtree(pieces), np.array(piece_keys), whole)

    def cut(self, geom: shapely.Geometry) -> tuple[np.ndarray, np.ndarray]:
        """The pieces' parts inside (or on) ``geom`` and their landmasses."""
        hit = self.tree.query(geom, predicate="intersects")
        return shapely.intersection(self.tree.geometries.take(hit), geom), self.keys[hit]

    def main(self, outline: shapely.Polygon) -> str | None:
        """The landmass with the most land inside the outline."""
        parts, keys = self.cut(outline)
        areas: dict[str, float] = defaultdict(float)
        for key, area in zip(keys.tolist(), shapely.area(parts).tolist(), strict=True):
            areas[key] += area
        return max(sorted(areas), key=lambda k: areas[k]) if areas else None

    def on_side(self, side: shapely.LineString, landmass: str | None) -> float:
        """Length of the side's land of the landmass (any with None), km."""
        parts, keys = self.cut(side)
        mine = parts if landmass is None else parts[keys == landmass]
        lat = side.centroid.y
        squash = np.array([math.cos(math.radians(lat)), 1.0])
        flat = shapely.transform(shapely.union_all(mine), lambda p: p * squash)
        return flat.length * KM_PER_DEGREE


def named_points(spec: dict) -> dict[str, list[float]]:
    """The landmasses named by a lon/lat point of theirs: Europe, Asia and those a strait
    names as its shore."""
    return {name: point for name, point in spec.items() if name != "window"}


def landmass_name(part: shapely.Geometry) -> str:
    point = part.representative_point()
    return f"land {point.x:.2f}E {point.y:.2f}N"


def window_land(land: list[shapely.Geometry], window: list[float]) -> shapely.Geometry:
    clipped = [shapely.clip_by_rect(polygon, *window) for polygon in land]
    return shapely.union_all([c for c in clipped if not c.is_empty])


def holding(parts: list[shapely.Geometry], lonlat: list[float], what: str) -> int:
    found = [i for i, part in enumerate(parts) if part.contains(shapely.Point(lonlat))]
    if len(found) != 1:
        raise ValueError(f"the {what} point {lonlat} is in {len(found)} land pieces, not one")
    return found[0]


def hex_landmasses(
    outlines: dict[str, shapely.Polygon], land: Landmasses, overrides: dict
) -> dict[str, str]:
    """The landmass of every hex with land in the window."""
    found = {hex_id: land.main(outline) for hex_id, outline in sorted(outlines.items())}
    kept = {hex_id: key for hex_id, key in found.items() if key is not None}
    return kept | {h: row["landmass"] for h, row in overrides.items()}


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


def strait_of(
    pair: tuple[str, str],
    landmasses: dict[str, str],
    outlines: dict[str, shapely.Polygon],
    straits: dict,
) -> str | None:
    """The strait two neighbours face each other across, if any."""
    shores = {landmasses.get(h) for h in pair}
    for key, strait in sorted(straits.items()):
        if shores != set(strait.get("shores", SHORES)):
            continue
        box = shapely.box(*strait["box"])
        if all(outlines[h].intersects(box) for h in pair):
            return key
    return None


@dataclass(frozen=True)
class SideFinding:
    """The strait and all-sea hexsides, and the all-sea ones with land on them (of two
    landmasses)."""

    straits: dict[tuple[str, str], str]
    all_sea: set[tuple[str, str]]
    cut: list[tuple[str, str]]


class HexLand(Protocol):
    """The operational hexes with land: their landmasses, lon/lat outlines and sides."""

    land: Landmasses
    landmasses: dict[str, str]
    outlines: dict[str, shapely.Polygon]

    def side(self, a: str, b: str) -> shapely.LineString: ...


def classify_sides(pairs: list[tuple[str, str]], hexes: HexLand, spec: dict) -> SideFinding:
    """The strait and all-sea hexsides among the pairs of neighbours with land."""
    straits, all_sea, cut = {}, set(), []
    least = spec["min_land_on_side_km"]
    for pair in pairs:
        strait = strait_of(pair, hexes.landmasses, hexes.outlines, spec["straits"])
        if strait is not None:
            straits[pair] = strait
            continue
        a, b = (hexes.landmasses.get(h) for h in pair)
        side = hexes.side(*pair)
        if a == b and hexes.land.on_side(side, a) >= least:
            continue
        all_sea.add(pair)
        if hexes.land.on_side(side, None) >= least:
            cut.append(pair)
    return SideFinding(straits, all_sea, cut)
