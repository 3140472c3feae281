"""The Aegean Strike maps built from real geography (``tools/build_map.py aegean-strike``).

The facts checked are the spec's (rules/aegean-strike.md 1.3-1.4 and 7, supplement 2.5 and 6)
and plain geography, written out again here so that a wrong input file cannot make its own test
pass. The overlay is checked with the engine's hex grid, not with the builder's geometry.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter

import pytest

from tests.conftest import ROOT
from tests.maps.places import nearest_hex
from tests.maps.rebuild import mapbuild_missing, rebuilt
from wargame.engine.board import HexGrid, HexLayout, IdOrder, Sheet
from wargame.maps import map_outline

pytestmark = pytest.mark.game("aegean-strike")

MAP = ROOT / "src/wargame/games/aegean_strike/data/map.json"
CLASSES = {"sea", "coastal", "land", "island", "lake"}
AREAS = {"inside", "transitional", "strategic"}
PROVENANCE = {"seed", "rulebook", "reconstructed", "provisional"}
SCALE = 10  # 1 strategic hex = 10 operational hexes (rules 1.4)
PRINTED = {"larisa": "1615", "xanthi": "2510"}  # rules 1.4 [EXT]; supplement 6
ON_OPERATIONAL_MAP = ["athens", "larisa", "istanbul", "ankara", "skopje", "bosporus"]
ON_OPERATIONAL_MAP += ["dardanelles", "marmara", "xanthi"]  # rules 7, supplement 2.5
STRATEGIC_ONLY = ["rome", "naples", "odessa", "sevastopol", "haifa"]  # rules 7
ON_ISLANDS = ["rhodes", "heraklion", "souda_bay", "nicosia"]  # Mytilene: Asia in its hex
SEA_POINTS = [(31.0, 42.5), (19.5, 37.5), (28.5, 34.5), (25.0, 35.9), (24.9, 39.3)]  # lon, lat
LAND_POINTS = [(31.0, 39.0), (25.0, 42.5), (22.0, 39.5), (33.5, 39.5), (21.5, 42.0)]
ISLAND_POINTS = [(24.8, 35.2), (26.3, 39.2), (33.0, 35.0), (23.9, 38.5)]  # Crete, Lesbos...


@pytest.fixture(scope="module")
def operational(hexes):
    return {k: h for k, h in hexes.items() if h["map"] == "operational"}


@pytest.fixture(scope="module")
def strategic(hexes):
    return {k: h for k, h in hexes.items() if h["map"] == "strategic"}


def extent(data, which):
    spec = data["frame"][which]
    return spec["cols"], spec["rows"]


def col_row(hex_id):
    digits = hex_id.removeprefix("S")
    return int(digits[:2]), int(digits[2:])


def test_file_shape(data, operational, strategic):
    assert data["game"] == "aegean-strike" and data["format"] == 1
    for grid_hexes, which, pattern in (
        (operational, "operational", ""),
        (strategic, "strategic", "S"),
    ):
        (c0, c1), (r0, r1) = extent(data, which)
        expected = {
            f"{pattern}{c:02d}{r:02d}" for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)
        }
        assert set(grid_hexes) == expected
        for h in grid_hexes.values():
            assert h["class"] in CLASSES
            assert 0.0 <= h["land"] <= 1.0 and h["land_km2"] >= 0.0
            assert set(h["provenance"].values()) <= PROVENANCE
            assert (h["class"] == "sea") == (h["land_km2"] < 0.5)
    assert all(h["area"] in AREAS for h in strategic.values())
    assert data["attributions"] and data["build"]["command"] == "tools/build_map.py aegean-strike"


def test_the_inputs_are_the_ones_recorded(data):
    for path, digest in data["build"]["inputs"].items():
        assert hashlib.sha256((ROOT / path).read_bytes()).hexdigest() == digest


@pytest.mark.parametrize(("key", "hex_id"), sorted(PRINTED.items()))
def test_printed_hex_ids(data, operational, key, hex_id):
    assert data["places"][key]["operational_hex"] == hex_id
    assert key in operational[hex_id]["places"]


def test_larisa_airbase_is_marked(operational):
    assert operational["1615"]["airbase"] is True
    assert operational["1615"]["provenance"]["airbase"] == "rulebook"


def test_which_map_shows_which_place(data):
    places = data["places"]
    assert all(places[k]["operational_hex"] for k in ON_OPERATIONAL_MAP)
    assert all(places[k]["operational_hex"] is None for k in STRATEGIC_ONLY)
    assert all(p["strategic_hex"] for p in places.values())


def test_places_sit_in_hexes_of_the_right_kind(data, hexes):
    for key, place in data["places"].items():
        for field in ("operational_hex", "strategic_hex"):
            if place[field] is None:
                continue
            rec = hexes[place[field]]
            assert key in rec["places"], (key, rec["id"])
            kinds = set(place["kinds"])
            if kinds & {"port", "strait"}:
                assert rec["class"] in ("coastal", "island"), (key, rec["id"], rec["class"])
            if kinds & {"airbase", "city", "capital", "port"}:
                assert rec["class"] != "sea", (key, rec["id"])
            if "sea" in kinds:
                assert rec["land"] < 1.0, (key, rec["id"])
            if "port" in kinds:
                assert rec["port"] is True


@pytest.mark.parametrize("key", ON_ISLANDS)
def test_island_places_are_on_island_hexes(data, operational, key):
    assert operational[data["places"][key]["operational_hex"]]["class"] == "island"


def test_geography_at_known_points(operational):
    for lon, lat in SEA_POINTS:
        assert nearest_hex(operational, lon, lat)["class"] == "sea", (lon, lat)
    for lon, lat in LAND_POINTS:
        assert nearest_hex(operational, lon, lat)["class"] == "land", (lon, lat)
    for lon, lat in ISLAND_POINTS:
        assert nearest_hex(operational, lon, lat)["class"] == "island", (lon, lat)


# lakes of the operational map's land: (lon, lat) of a point in the lake, its least area in the
# hex nearest to that point (km2). A hex by a lake is land, not coastal: no ship sails there.
LAKES = {
    "Tuz": (33.40, 38.75, 300.0),
    "Beysehir": (31.50, 37.75, 100.0),
    "Egirdir": (30.85, 38.05, 100.0),
    "Ohrid": (20.75, 41.00, 100.0),
}


@pytest.mark.parametrize("lake", sorted(LAKES))
def test_lakes_are_not_sea(operational, lake):
    lon, lat, least_km2 = LAKES[lake]
    h = nearest_hex(operational, lon, lat)
    assert h["class"] == "land", h
    assert h["lake_km2"] >= least_km2
    assert h["land"] == 1.0  # the lake counts as land


def test_the_caspian_a_lake_in_the_shorelines_makes_no_coast(strategic):
    caspian = nearest_hex(strategic, 48.0, 44.5)
    assert caspian["class"] in ("land", "lake") and caspian["lake_km2"] > 10000.0


def test_hexes_with_a_lake_are_coastal_only_with_sea_in_them(operational):
    lake_hexes = [h for h in operational.values() if "lake_km2" in h]
    assert len(lake_hexes) > 50
    for h in lake_hexes:
        assert h["lake_km2"] <= h["land_km2"] + 0.1  # a lake lies on land
        if h["class"] in ("land", "coastal"):
            assert (h["class"] == "coastal") == (h["land"] < 0.97), h


def test_land_share_follows_area_not_centre(operational):
    shares = Counter(h["class"] for h in operational.values() if 0.0 < h["land"] < 0.97)
    assert shares["coastal"] + shares["island"] > 300  # hexes cut by a coast, whatever the centre


# --- the 10:1 overlay, checked in the drawing frame with the engine's grid


@pytest.fixture(scope="module")
def outline():
    return map_outline("aegean-strike")


@pytest.fixture(scope="module")
def centres(outline):
    return {h.id: h.centre for h in outline.hexes}


def test_each_operational_hex_lies_in_its_strategic_grid_hex(operational, strategic, centres):
    strategic_centres = {k: centres[k] for k in strategic}
    for hex_id, rec in operational.items():
        x, y = centres[hex_id]
        nearest = min(math.dist((x, y), c) for c in strategic_centres.values())
        assert math.dist((x, y), strategic_centres[rec["strategic"]]) <= nearest + 1e-6, hex_id


def test_ten_operational_hexes_to_a_strategic_hex(strategic, centres):
    grid = HexGrid(HexLayout.EVEN_Q, id_order=IdOrder.COL_ROW)
    grid_s = HexGrid(HexLayout.EVEN_Q, id_order=IdOrder.COL_ROW, sheets=[Sheet("S", 0, 0)])
    op_at = {centres[k]: k for k in centres if not k.startswith("S")}
    on_map = {k: op_at[p] for k in strategic for p in op_at if math.dist(p, centres[k]) < 1e-6}
    assert len(on_map) >= 10  # strategic hexes centred on an operational hex of the map
    pairs = 0
    for a, op_a in on_map.items():
        for b in grid_s.neighbours(a):
            if b in on_map:
                assert grid.distance(op_a, on_map[b]) == SCALE, (a, b)
                pairs += 1
    assert pairs > 20
    col, row = col_row(on_map["S0504"])
    assert on_map["S0505"] == f"{col:02d}{row + SCALE:02d}"  # down one column: ten rows


def test_strategic_counts_match_the_overlay(operational, strategic):
    counted = Counter(h["strategic"] for h in operational.values())
    for hex_id, rec in strategic.items():
        assert rec["operational_hexes"] == counted[hex_id]
        assert (rec["area"] == "strategic") == (counted[hex_id] == 0)
        assert rec["transitional"] == (rec["area"] == "transitional")


def test_transitional_hexes_ring_the_operational_map(data, operational, strategic):
    grid_s = HexGrid(HexLayout.EVEN_Q, id_order=IdOrder.COL_ROW, sheets=[Sheet("S", 0, 0)])
    area = {k: h["area"] for k, h in strategic.items()}
    ring = {k for k, a in area.items() if a == "transitional"}
    inside = {k for k, a in area.items() if a == "inside"}
    assert inside and ring
    for k in inside:  # nothing outside the ring touches the inside
        assert all(area.get(n) in ("inside", "transitional") for n in grid_s.neighbours(k))
    for k in ring:  # a ring: every transitional hex has two transitional neighbours
        assert sum(n in ring for n in grid_s.neighbours(k)) >= 2, k
    seen, todo = set(), [min(ring)]
    while todo:
        k = todo.pop()
        if k not in seen:
            seen.add(k)
            todo += [n for n in grid_s.neighbours(k) if n in ring]
    assert seen == ring  # one connected ring
    (c0, c1), (r0, r1) = extent(data, "operational")
    edge = [
        h for k, h in operational.items() if col_row(k)[0] in (c0, c1) or col_row(k)[1] in (r0, r1)
    ]
    assert all(h["strategic"] in ring for h in edge)
    assert {k for k in strategic if k not in ring | inside}.isdisjoint(
        h["strategic"] for h in operational.values()
    )


def test_the_adapter_draws_both_sheets(outline, operational, strategic):
    assert outline.sheets == ("operational", "strategic")
    assert len(outline.on_sheet("operational").hexes) == len(operational)
    shown = outline.on_sheet("strategic")
    assert len(shown.hexes) == len(strategic)
    assert Counter(h.kind for h in shown.hexes)["transitional"] == sum(
        h["transitional"] for h in strategic.values()
    )
    assert outline.hex("1615").name("en") == "Larisa"
    assert outline.hex("3910").name("ja") == "インスタンブール"


@pytest.mark.slow
def test_rebuild_is_byte_identical(tmp_path):
    why = mapbuild_missing()
    if why:
        pytest.skip(why)
    out = tmp_path / "map.json"
    report = rebuilt("aegean-strike", out)
    assert "xanthi: printed 2510, built 2510" in report
    assert out.read_bytes() == MAP.read_bytes()
