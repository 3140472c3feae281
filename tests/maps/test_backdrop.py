"""Coastlines under the hex maps (``tools/build_map.py GAME --backdrop``): the file, where its
lines fall against the hex classes the map was built with, and their drawing."""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import statistics
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest
import yaml

import wargame.maps
from tests.conftest import ROOT
from tests.maps.geometry import check_backdrop_head, hexagon, sheet_lines
from tests.maps.rebuild import mapbuild_missing
from wargame.maps import map_outline
from wargame.maps.render import Labels

shapely = pytest.importorskip("shapely")

GAMES = {
    "dai-senso": ROOT / "src/wargame/games/dai_senso/data",
    "empire-of-the-sun": ROOT / "src/wargame/games/empire_of_the_sun/data",
}
ROW_STEP = math.sqrt(3) / 2
# ports the rules name (rules/dai-senso.md 7.1): a shoreline must pass through their hexes
PORTS = ["e4801", "e5205", "e4904", "e2808", "w3824", "w3218", "w4222", "w2819", "w5127"]
INLAND_DEPTH = 0.1  # hexes: how far inside a sea hex a coastline may not reach (simplification)


def load(game: str, name: str) -> dict:
    return json.loads((GAMES[game] / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def backdrop():
    return load("dai-senso", "backdrop.json")


@pytest.fixture(scope="module")
def classes():
    return {h["id"]: h["class"] for h in load("dai-senso", "map.json")["hexes"]}


def hex_polygon(hex_id: str):
    """A Dai Senso! hex in its sheet's grid space (rows rising northward, odd rows half east),
    worked out here from the id scheme rather than taken from the builder."""
    row, col = int(hex_id[1:3]), int(hex_id[3:5])
    x, y = col + (row % 2) / 2, row * ROW_STEP
    return hexagon(x, y, math.pi / 2)


def test_the_file_follows_its_schema(backdrop):
    check_backdrop_head(backdrop, "dai-senso")
    assert set(backdrop["sheets"]) == {"e", "w"}
    for key, sheet in backdrop["sheets"].items():
        assert set(sheet) == {"anchors", "coast", "lake", "border"}
        assert len(sheet["anchors"]) == 3 and all(h.startswith(key) for h in sheet["anchors"])
        assert len(sheet["coast"]) > 100
        for line in sheet["coast"] + sheet["lake"]:
            assert len(line) >= 2 and all(len(point) == 2 for point in line)


def test_the_anchors_are_the_centres_of_their_hexes(backdrop):
    for sheet in backdrop["sheets"].values():
        for hex_id, point in sheet["anchors"].items():
            centre = hex_polygon(hex_id).centroid
            assert math.dist(point, (centre.x, centre.y)) < 1e-5


def test_the_build_record_matches_the_map_and_inputs_it_was_built_from(backdrop):
    for path, digest in backdrop["build"]["inputs"].items():
        assert hashlib.sha256((ROOT / path).read_bytes()).hexdigest() == digest, path


def test_every_line_lies_within_its_sheet(backdrop, classes):
    for key in backdrop["sheets"]:
        area = shapely.union_all([hex_polygon(h) for h in classes if h.startswith(key)])
        for kind in backdrop["kinds"]:
            lines = sheet_lines(backdrop, key, kind)
            assert area.buffer(1e-3).contains(lines), (key, kind)


def test_the_coast_passes_through_every_port_the_rules_name(backdrop):
    for port in PORTS:
        assert sheet_lines(backdrop, port[0]).intersects(hex_polygon(port)), port


def test_no_coast_reaches_into_a_sea_hex(backdrop, classes):
    for key in backdrop["sheets"]:
        coast = sheet_lines(backdrop, key)
        wet = [
            hex_polygon(h).buffer(-INLAND_DEPTH)
            for h, c in classes.items()
            if c == "sea" and h.startswith(key)
        ]
        crossed = [i for i in shapely.STRtree(wet).query(coast) if wet[i].intersects(coast)]
        assert crossed == [], key


def test_almost_every_coastal_or_island_hex_has_a_shoreline(backdrop, classes):
    for key in backdrop["sheets"]:
        shores = shapely.union_all([sheet_lines(backdrop, key, k) for k in ("coast", "lake")])
        mixed = [h for h, c in classes.items() if c in ("coastal", "island") and h.startswith(key)]
        bare = [h for h in mixed if not shores.intersects(hex_polygon(h))]
        assert len(bare) <= 0.05 * len(mixed), (key, bare)


def test_the_map_outline_places_the_lines_on_its_hexes():
    outline = map_outline("dai-senso")
    assert {line.kind for line in outline.backdrop} == {"coast", "lake", "border"}
    nagasaki = outline.hex("e4801")
    radius = math.dist(nagasaki.centre, nagasaki.corners[0])
    nearest = min(
        math.dist(point, nagasaki.centre)
        for line in outline.backdrop
        if line.sheet == "e"
        for point in line.points
    )
    assert nearest < radius


def test_a_sheet_keeps_only_its_own_lines():
    east = map_outline("dai-senso").on_sheet("e")
    assert east.backdrop and {line.sheet for line in east.backdrop} == {"e"}


@pytest.fixture
def drawing():
    """The drawing module, unloaded again afterwards if it was not loaded before (a test of the
    CLI checks the message given when it cannot be imported)."""
    pytest.importorskip("matplotlib")
    name = "wargame.maps.drawing"
    loaded = name in sys.modules
    yield importlib.import_module(name)
    if not loaded:
        del sys.modules[name]
        delattr(wargame.maps, "drawing")


def test_the_coastlines_are_drawn_when_present_and_only_then(drawing):
    outline = map_outline("dai-senso").within("e4701", "e5005")
    coast_stroke = f"stroke: {drawing.BACKDROP_STYLE['coast'][0]}"
    drawn = drawing.render(outline, "svg", Labels(), None).decode()
    bare = drawing.render(replace(outline, backdrop=()), "svg", Labels(), None).decode()
    assert coast_stroke in drawn and coast_stroke not in bare


@pytest.mark.skipif(mapbuild_missing() is not None, reason=str(mapbuild_missing()))
@pytest.mark.parametrize("game", ["dai-senso", "empire-of-the-sun"])
def test_a_rebuild_gives_the_checked_in_file_byte_for_byte(tmp_path, game):
    out = tmp_path / "backdrop.json"
    command = [sys.executable, str(ROOT / "tools/build_map.py"), game, "--backdrop"]
    result = subprocess.run(
        [*command, "--out", str(out)], capture_output=True, text=True, cwd=ROOT, timeout=900
    )
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == (GAMES[game] / "backdrop.json").read_bytes()


EOTS = GAMES["empire-of-the-sun"]
EOTS_CALIBRATION = ROOT / "tools/mapbuild/inputs/empire-of-the-sun/calibration.yaml"


@pytest.fixture(scope="module")
def eots():
    return json.loads((EOTS / "backdrop.json").read_text(encoding="utf-8"))


def test_the_eots_control_points_are_named_hexes_of_its_map():
    names = {h["id"]: h.get("name") for h in json.loads((EOTS / "map.json").read_text())["hexes"]}
    points = yaml.safe_load(EOTS_CALIBRATION.read_text(encoding="utf-8"))["points"]
    assert len(points) >= 150
    for hex_id, point in points.items():
        assert names[hex_id] == point["name"], hex_id
        assert "geonameid" in point or {"lon", "lat", "source"} <= set(point), hex_id


def test_the_eots_fit_records_every_point_and_keeps_lines_only_if_it_is_good(eots):
    points = yaml.safe_load(EOTS_CALIBRATION.read_text(encoding="utf-8"))["points"]
    fit = eots["build"]["fit"]
    errors, misses = fit["loo_error_hexes"], fit["fit_error_hexes"]
    assert set(errors) == set(misses) == set(points)
    assert fit["loo_median"] == pytest.approx(statistics.median(errors.values()), abs=1e-3)
    assert fit["loo_above_one_hex"] == sorted(h for h, e in errors.items() if e > 1.0)
    good = fit["loo_median"] <= 0.5 and max(misses.values()) <= 1.0
    assert eots["build"]["drawn"] == good and eots["build"]["drawn"]
    sheet = eots["sheets"][""]
    has_lines = bool(sheet["coast"] or sheet["lake"])
    assert has_lines == eots["build"]["drawn"]
    assert bool(map_outline("empire-of-the-sun").backdrop) == has_lines


def test_the_eots_anchors_are_its_hex_centres(eots):
    from wargame.games.empire_of_the_sun.static import static

    for hex_id, point in eots["sheets"][""]["anchors"].items():
        assert math.dist(point, static().grid.centre(hex_id)) < 1e-5


def test_every_named_eots_hex_is_a_control_point_or_left_out_with_a_reason():
    text = EOTS_CALIBRATION.read_text(encoding="utf-8")
    header = " ".join(line for line in text.splitlines() if line.startswith("#"))
    points = yaml.safe_load(text)["points"]
    hexes = json.loads((EOTS / "map.json").read_text())["hexes"]
    unjudged = [h["id"] for h in hexes if h.get("name") and h["id"] not in points]
    assert [h for h in unjudged if names_of(hexes)[h] not in header] == []


def names_of(hexes: list[dict]) -> dict[str, str]:
    return {h["id"]: h["name"] for h in hexes if h.get("name")}


def test_when_drawn_the_eots_coast_passes_through_every_island_control_point(eots):
    from wargame.games.empire_of_the_sun.static import static

    points = yaml.safe_load(EOTS_CALIBRATION.read_text(encoding="utf-8"))["points"]
    hexes = {h.id: h for h in static().map_file.hexes}
    coast = sheet_lines(eots, "")
    # islands of a hex printed with land (atolls may be smaller than the least island drawn)
    islands = [h for h in points if "one_hex_island" in hexes[h].areas]
    islands = [h for h in islands if hexes[h].terrain == "mixed"]
    assert len(islands) > 20
    missed = [h for h in islands if not coast.intersects(shapely.Polygon(static().grid.corners(h)))]
    assert missed == []


@pytest.fixture
def builder(monkeypatch):
    """tools/mapbuild/backdrop.py, imported as build_map.py does."""
    if mapbuild_missing() is not None:
        pytest.skip(str(mapbuild_missing()))
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    return importlib.import_module("mapbuild.backdrop")


def test_eots_control_points_off_land_are_found_also_past_180_degrees(builder):
    from mapbuild import gshhg

    wake = shapely.box(166.60, 19.27, 166.66, 19.31)  # an island of about 6 by 4 km
    midway = shapely.box(182.60, 28.19, 182.64, 28.23)  # east of 180, as GSHHG gives it here
    shores = [gshhg.Shore(gshhg.LAND, 20.0, wake), gshhg.Shore(gshhg.LAND, 6.0, midway)]
    points = {
        "on": {"lon": 166.63, "lat": 19.29},
        "near": {"lon": 166.63, "lat": 19.38},  # 7.7 km north of the shore
        "off": {"lon": 166.63, "lat": 19.60},  # 32 km north
        "open sea": {"lon": 170.00, "lat": 19.29},
        "west of 180": {"lon": -177.38, "lat": 28.21},
        "a town": {"geonameid": 1},  # GeoNames positions are not checked
    }
    off = builder.eots_off_land(points, shores)
    assert set(off) == {"off", "open sea"}
    assert 31.0 < off["off"] < 33.5 and off["open sea"] == math.inf


def test_a_sheets_outline_is_one_polygon_whatever_the_last_bits_of_its_corners(builder):
    cells = [(row, col) for row in range(8, 40) for col in range(1, 30)]
    outline = builder.sheet_area(cells)
    assert outline.geom_type == "Polygon" and len(outline.interiors) == 0
    assert outline.area == pytest.approx(len(cells) * math.sqrt(3) / 2, rel=1e-6)
    # a coast that crosses every row in zigzags stays one line whether or not the mapping
    # moves it in the last bits (a seam between hexes used to cut it there, or not)
    t = [i / 4000 for i in range(4001)]
    zigzag = [(3 + 22 * s, 8 + 25 * s + 0.4 * math.sin(300 * s)) for s in t]
    for scale in (1.0, 1 + 1e-14, 1 - 1e-14):
        line = shapely.LineString([(x * scale, y * scale) for x, y in zigzag])
        assert len(builder.to_sheet([line], lambda p: p, outline)) == 1


def test_a_lake_counts_as_land_and_a_hex_of_lake_water_is_a_lake(builder):
    from mapbuild import build, gshhg

    params = {"min_land_km2": 0.5, "land_fraction_for_land": 0.97, "island_max_km2": 20000}
    hex_m2 = 1000e6
    land, lake = gshhg.LAND, gshhg.LAKE

    def measured(cuts_km2, levels):
        cut = [km2 * 1e6 for km2 in cuts_km2]
        whole = [1e6 if level == land else 100.0 for level in levels]
        return build.measured(np.array(cut), np.array(levels), np.array(whole), hex_m2, params)

    by_a_lake = measured([1000.0, 300.0], [land, lake])
    assert by_a_lake["class"] == "land" and by_a_lake["land"] == 1.0
    assert by_a_lake["lake_km2"] == 300.0
    assert measured([600.0, 300.0], [land, lake])["class"] == "coastal"  # with sea: 40%
    assert measured([1000.0, 1000.0], [land, lake])["class"] == "lake"
    assert measured([0.2], [land])["class"] == "sea"
    assert measured([1.2], [land])["class"] != "sea"
    params["min_dry_land_km2"] = 1.5  # a reef cay under the minimum leaves the hex all-sea
    assert measured([1.2], [land])["class"] == "sea"
    assert measured([1.2, 900.0], [land, lake])["class"] == "lake"
    assert "lake_km2" not in measured([1000.0], [land])
