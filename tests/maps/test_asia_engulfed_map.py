"""The Asia Engulfed area map (``tools/build_map.py asia-engulfed``).

The facts checked here are the spec's (rules/asia-engulfed.md 2-3, 4.1, 4.14, 4.41, 8.22, 9.1-9.3
and the gazetteer 7), written out again so that a wrong input file cannot make its own test pass.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque

import pytest

from tests.conftest import ROOT
from tests.maps.rebuild import mapbuild_missing, rebuilt

pytestmark = pytest.mark.game("asia-engulfed")

MAP = ROOT / "src/wargame/games/asia_engulfed/data/areas.json"
KINDS = {"large", "port_box", "island_box", "sea"}
PROVENANCE = {"rulebook", "seed", "reconstructed", "provisional"}
STATED = {"rulebook", "seed"}
EDGE_SIDES = {
    "land": "land-land", "river": "land-land", "strait": "land-land", "impassable": "land-land",
    "coast": "land-sea", "impassable_coast": "land-sea",
    "sea": "sea-sea", "restricted": "sea-sea", "off_map_route": "sea-sea",
}  # fmt: skip
FIELDS = {
    "id", "name", "name_ja", "kind", "terrain", "nation", "home_of", "region", "port",
    "resources", "oil", "airbase", "partial_supply_source", "burma_road", "us_supply_home",
    "resources_by_year", "offmap", "cw_barred", "home_defence_militia", "transport",
    "south_edge", "clip", "at", "shape_points", "port_at", "adjacent", "outline", "provenance",
    "sources",
}  # fmt: skip

# 4.1, 2.12, 4.14 / T5: the values the rules print
RESOURCES = {"honshu": 5, "singapore": 1, "hong_kong": 1, "south_africa": 1}
RESOURCES |= {"peking": 1, "manchukuo": 1, "shanghai": 1}
REGION_RESOURCES = {"india": 3, "australia": 2}  # T5: CW India 3, Australia 2
CHINA_RESOURCE_AREAS = 5  # T5: five in all (Hong Kong is the CW's, 3.31)
CW_WERP = 8  # T5: India 3 + South Africa 1 + Australia 2 + Singapore 1 + Hong Kong 1
MILITIA = {"honshu": 12, "shikoku": 4, "kyushu": 4}  # 9.16
PARTIAL_SUPPLY = {"luzon", "french_indochina", "manchukuo"}  # 3.35
BURMA_ROAD = {"assam", "burma"}  # 9.25
PORTS_STATED = {"honshu", "usa", "hawaii", "singapore", "fiji", "samoa"}  # 4.7, 4.42, 8.22, 9.11
PORT_BOXES_STATED = {"hong_kong", "shanghai"}  # 9.32
LARGE_STATED = {"usa", "south_africa", "lae"}  # 3.21, 5.4 example
RULE_EDGES = {
    ("hawaii", "hawaiian_islands"): "coast",
    ("hawaiian_islands", "johnston_islands"): "sea",
    ("johnston_islands", "phoenix_islands"): "sea",
    ("mandate", "phoenix_islands"): "sea",
    ("mandate", "tonga"): "sea",
    ("fiji", "tonga"): "coast",
    ("samoa", "tonga"): "coast",
    ("south_philippine_sea", "sulu_sea"): "restricted",
    ("east_china_sea", "shanghai"): "coast",
    ("assam", "burma"): "land",
}

# Places and the land area drawn over them (None: land the game leaves out, off_map_land in the
# inputs). The outlines are reconstructed drawing aids; these pin the review of issue 6.
PLACES = {
    (90.0, 45.0): None,  # Dzungaria, Sinkiang
    (85.0, 41.0): None,  # Tarim basin, Sinkiang
    (95.0, 50.0): None,  # Tannu Tuva
    (69.0, 34.5): None,  # Kabul, Afghanistan
    (72.0, 34.0): "western_india",  # North-West Frontier
    (70.0, 32.0): "western_india",  # Waziristan
    (74.3, 31.5): "western_india",  # Lahore
    (75.0, 35.0): "western_india",  # Gilgit, Kashmir
    (78.0, 33.0): "western_india",  # Ladakh, Kashmir
    (105.0, 43.2): "mongolia",  # Gobi, south of Ulan Bator
    (102.3, 20.9): "french_indochina",  # Phongsaly, Laos
    (117.5, -8.6): "timor",  # Sumbawa
    (128.0, 1.0): "amboina",  # Halmahera
    (138.5, -8.0): "dutch_new_guinea",  # Kolepom
    (118.7, 9.6): "luzon",  # Palawan
    (142.5, 47.5): "honshu",  # Karafuto, Japanese south Sakhalin
    (142.7, 51.5): "soviet_far_east",  # northern Sakhalin
    (158.0, 53.5): "soviet_far_east",  # southern Kamchatka
    (147.7, 45.0): "kurile_islands",  # Etorofu
    (173.2, 52.9): "aleutian_islands",  # Attu
    (177.5, 52.0): "aleutian_islands",  # Kiska
    (129.4, 28.3): "okinawa",  # Amami Oshima
    (124.2, 24.4): "okinawa",  # Ishigaki, Sakishima
    (139.8, 33.1): "honshu",  # Hachijo-jima, Izu islands
    (142.213, 27.066): "iwo_jima",  # Chichi-jima, Bonin islands
    (137.2, -35.8): "new_south_wales",  # Kangaroo Island
    (174.8, -36.9): None,  # Auckland, New Zealand
    (210.4, -17.6): None,  # Tahiti (149.6W)
    (152.0, -3.3): "rabaul",  # New Ireland
}
# land no area covers: Afghanistan and Sinkiang (issue 6); Alaska, Canada, New Zealand (not on
# the map, supplement 1.8); Mexico, eastern Polynesia and Amsterdam Island (off the play area)
OFF_MAP_LAND = {"afghanistan_and_soviet_asia", "sinkiang", "alaska_and_canada", "new_zealand"}
OFF_MAP_LAND |= {"mexico", "eastern_polynesia", "amsterdam_island"}


@pytest.fixture(scope="module")
def data():
    return json.loads(MAP.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def areas(data):
    return {a["id"]: a for a in data["areas"]}


def sea_steps(areas: dict, start: str) -> dict[str, int]:
    """Sea areas by the number of sea areas entered from a port in ``start`` (8.22 counting:
    leaving port into an adjacent sea area is the first)."""
    steps = {s: 1 for s, kind in areas[start]["adjacent"].items() if kind == "coast"}
    todo = deque(steps)
    while todo:
        here = todo.popleft()
        for other, kind in areas[here]["adjacent"].items():
            if kind == "sea" and other not in steps:
                steps[other] = steps[here] + 1
                todo.append(other)
    return steps


def test_every_area_record_follows_the_schema(data, areas):
    assert [a["id"] for a in data["areas"]] == sorted(areas)
    for area in areas.values():
        assert set(area) == FIELDS, area["id"]
        assert area["kind"] in KINDS and area["name"] and area["name_ja"]
        lon, lat = area["at"]
        assert 0 <= lon <= 360 and -60 <= lat <= 60
        assert set(area["provenance"].values()) <= PROVENANCE
        assert set(area["sources"]) <= set(area["provenance"])
        if area["kind"] == "sea":
            assert area["transport"] in (1, 2, 3) and area["port"] is None
        else:
            assert area["terrain"] in {"clear", "rough", "jungle"}
            assert area["port"] in {"none", "small", "medium", "large", "home"}
            assert area["resources"] >= 0 and area["oil"] in (0, 1, 2)


def test_every_value_carries_a_provenance_and_stated_ones_cite_a_rule(areas):
    for area in areas.values():
        present = {k for k, v in area.items() if v is not None} - {"id", "name_ja"}
        present -= {"adjacent", "outline", "provenance", "sources"}
        assert present <= set(area["provenance"]), area["id"]
        for field, prov in area["provenance"].items():
            if prov in STATED:
                assert area["sources"][field], (area["id"], field)


def test_the_build_record_matches_the_checked_in_inputs(data):
    build = data["build"]
    assert build["command"] == "tools/build_map.py asia-engulfed"
    assert len(build["inputs"]) == 2
    for path, digest in build["inputs"].items():
        assert hashlib.sha256((ROOT / path).read_bytes()).hexdigest() == digest, path
    assert any("GSHHG" in a for a in data["attributions"])


def test_adjacency_is_symmetric_and_matches_the_edge_list(data, areas):
    from_edges = {}
    for edge in data["edges"]:
        assert edge["a"] < edge["b"] and edge["provenance"] in PROVENANCE and edge["source"]
        from_edges[(edge["a"], edge["b"])] = edge["kind"]
    for area in areas.values():
        for other, kind in area["adjacent"].items():
            assert areas[other]["adjacent"][area["id"]] == kind, (area["id"], other)
            assert from_edges[tuple(sorted((area["id"], other)))] == kind


def test_edge_kinds_join_the_right_sides(data, areas):
    for edge in data["edges"]:
        sides = sorted(
            "sea" if areas[k]["kind"] == "sea" else "land" for k in (edge["a"], edge["b"])
        )
        assert "-".join(sides) == EDGE_SIDES[edge["kind"]], edge


def test_every_area_is_reachable(areas):
    reached: set[str] = set()
    grown = {"honshu"}
    while grown != reached:  # add the neighbours of everything reached, until nothing is new
        reached = grown
        grown = reached | {other for key in reached for other in areas[key]["adjacent"]}
    assert reached == set(areas)


def test_ports_and_boxes_the_spec_names(areas):
    for key in PORTS_STATED | PORT_BOXES_STATED:
        area = areas[key]
        assert area["port"] != "none", key
        assert any(areas[k]["kind"] == "sea" for k in area["adjacent"]), key
    for key in PORTS_STATED:
        assert areas[key]["provenance"]["port"] == "rulebook", key
    for key in PORT_BOXES_STATED:
        assert areas[key]["kind"] == "port_box" and areas[key]["provenance"]["kind"] == "rulebook"
    for key in LARGE_STATED:
        assert areas[key]["kind"] == "large" and areas[key]["provenance"]["kind"] == "rulebook"
    for area in areas.values():
        if area["kind"] in ("port_box", "island_box"):
            assert any(areas[k]["kind"] == "sea" for k in area["adjacent"]), area["id"]


def test_resource_and_oil_values_the_rules_state(areas):
    for key, werp in RESOURCES.items():
        assert areas[key]["resources"] == werp and areas[key]["provenance"]["resources"] in STATED
    assert areas["honshu"]["oil"] == 1 and areas["honshu"]["provenance"]["oil"] in STATED
    assert areas["usa"]["resources_by_year"] is True
    for region, werp in REGION_RESOURCES.items():
        assert sum(a["resources"] for a in areas.values() if a["region"] == region) == werp
    chinese = [a for a in areas.values() if a["region"] == "china" and a["id"] != "hong_kong"]
    assert sum(a["resources"] > 0 for a in chinese) == CHINA_RESOURCE_AREAS
    cw = [a for a in areas.values() if a["region"] in ("india", "australia", "south_africa")]
    cw_werp = sum(a["resources"] for a in cw)
    assert cw_werp + areas["singapore"]["resources"] + areas["hong_kong"]["resources"] == CW_WERP


def test_home_areas_the_rules_state(areas):
    homes = {}
    for area in areas.values():
        if area["home_of"]:
            homes.setdefault(area["home_of"], set()).add(area["id"])
            assert area["kind"] == "large", area["id"]  # key terms: boxes are never home areas
    assert homes["japan"] == {"honshu", "shikoku", "kyushu"}
    assert homes["usa"] == {"usa"} and homes["british"] == {"south_africa"}
    for key in homes["japan"] | homes["usa"] | homes["british"]:
        assert areas[key]["provenance"]["home_of"] == "rulebook"
    assert areas["hawaii"]["home_of"] is None and areas["hawaii"]["us_supply_home"] is True
    australian = {
        k for k, a in areas.items() if a["region"] == "australia" and a["kind"] == "large"
    }
    assert homes["australian"] == australian
    assert all(areas[k]["us_supply_home"] for k in australian)  # 3.34
    assert homes["indian"] <= {k for k, a in areas.items() if a["region"] == "india"}
    assert "assam" in homes["indian"] and "luzon" in homes["philippines"]
    assert {k: areas[k]["home_defence_militia"] for k in MILITIA} == MILITIA


def test_special_area_properties_the_rules_state(areas):
    assert {k for k, a in areas.items() if a["partial_supply_source"]} == PARTIAL_SUPPLY
    assert {k for k, a in areas.items() if a["burma_road"]} == BURMA_ROAD
    assert areas["lae"]["terrain"] == "jungle" and areas["lae"]["provenance"]["terrain"] in STATED
    assert {k for k, a in areas.items() if a["cw_barred"]} == {"east_china_sea"}
    assert areas["ceylon"]["region"] == "india" and areas["formosa"]["region"] == "china"
    assert areas["hainan"]["region"] == "china"
    for key in PARTIAL_SUPPLY | BURMA_ROAD | {"east_china_sea", "ceylon", "formosa"}:
        flagged = [f for f in ("partial_supply_source", "burma_road", "cw_barred", "region")]
        assert any(areas[key]["provenance"].get(f) in STATED for f in flagged), key


def test_the_edges_the_rules_state(data, areas):
    edges = {(e["a"], e["b"]): e for e in data["edges"]}
    for pair, kind in RULE_EDGES.items():
        assert edges[pair]["kind"] == kind and edges[pair]["provenance"] in STATED, pair
    assert "leyte" in edges[("south_philippine_sea", "sulu_sea")]["condition"]
    shanghai_seas = {k for k in areas["shanghai"]["adjacent"] if areas[k]["kind"] == "sea"}
    assert shanghai_seas == {"east_china_sea"}  # 9.32: only via the East China Sea


def test_the_off_map_route_joins_the_south_edge_seas(data, areas):
    routes = [e for e in data["edges"] if e["kind"] == "off_map_route"]
    assert len(routes) == 1 and routes[0]["provenance"] in STATED
    ends = {areas[routes[0]["a"]]["south_edge"], areas[routes[0]["b"]]["south_edge"]}
    assert ends == {"east", "west"}


def test_the_moves_in_the_rule_examples_have_their_stated_length(areas):
    from_hawaii = sea_steps(areas, "hawaii")  # 8.22: Hawaii -> ... -> Phoenix Islands uses 3
    assert from_hawaii["phoenix_islands"] == 3
    for port in ("fiji", "samoa"):  # rebase Phoenix -> Mandate -> Tonga -> port uses 3
        assert sea_steps(areas, port)["phoenix_islands"] == 3
    from_singapore = sea_steps(areas, "singapore")  # 9.11e: within reaction range (2)
    assert from_singapore["gulf_of_thailand"] <= 2 and from_singapore["java_sea"] <= 2


def test_every_drawable_area_has_an_outline_near_its_label_point(areas):
    shapely = pytest.importorskip("shapely")
    for area in areas.values():
        if area["offmap"]:
            assert area["outline"] is None
            continue
        shape = shapely.from_geojson(json.dumps(area["outline"]))
        assert not shape.is_empty and shape.is_valid, area["id"]
        assert shape.distance(shapely.Point(area["at"])) < 1.0, area["id"]


def test_land_outlines_do_not_overlap(areas):
    """Beyond slivers from rounding the coordinates to 0.001 degree (under 10 km2)."""
    shapely = pytest.importorskip("shapely")
    keys = sorted(k for k, a in areas.items() if a["kind"] != "sea" and a["outline"])
    shapes = [shapely.from_geojson(json.dumps(areas[k]["outline"])) for k in keys]
    left, right = shapely.STRtree(shapes).query(shapes, predicate="intersects")
    for i, j in zip(left, right, strict=True):
        if i < j:
            assert shapes[i].intersection(shapes[j]).area < 1e-3, (keys[i], keys[j])


def outline_shapes(areas: dict, shapely, kinds: set[str]) -> dict:
    return {
        key: shapely.from_geojson(json.dumps(area["outline"]))
        for key, area in areas.items()
        if area["outline"] and area["kind"] in kinds
    }


def test_places_lie_in_the_land_area_drawn_for_them(data, areas):
    shapely = pytest.importorskip("shapely")
    assert set(data["frame"]["off_map_land"]) == OFF_MAP_LAND
    land = outline_shapes(areas, shapely, KINDS - {"sea"})
    every = outline_shapes(areas, shapely, KINDS)
    for (lon, lat), wanted in PLACES.items():
        point = shapely.Point(lon, lat)
        shapes = land if wanted else every
        holders = [key for key, shape in shapes.items() if shape.contains(point)]
        assert holders == ([wanted] if wanted else []), (lon, lat)


def test_mongolia_is_drawn_as_outer_mongolia_only(areas):
    shapely = pytest.importorskip("shapely")
    west, south, east, north = outline_shapes(areas, shapely, {"large"})["mongolia"].bounds
    assert west > 87.0 and north < 52.3  # not Sinkiang, Kazakhstan or Siberia
    assert south > 41.0 and east < 120.5


def test_palawan_is_not_drawn_with_leyte(areas):
    shapely = pytest.importorskip("shapely")
    leyte = outline_shapes(areas, shapely, {"large"})["leyte"]
    assert leyte.bounds[0] > 120.5  # the Visayas only; Palawan lies west of 120.4E


@pytest.mark.slow
@pytest.mark.skipif(mapbuild_missing() is not None, reason=str(mapbuild_missing()))
def test_rebuilding_the_map_gives_an_identical_file_with_no_land_left_out(tmp_path):
    out = tmp_path / "areas.json"
    report = rebuilt("asia-engulfed", out)
    assert out.read_bytes() == MAP.read_bytes()
    assert "land in no area" not in report  # every land polygon of the frame: an area or off-map
