"""Borders of the game's era in the backdrops (``tools/mapbuild/borders.py``): the labeller on
made-up places, and where Aegean Strike's border lines run against real towns on both sheets."""

from __future__ import annotations

import functools
import importlib
import json
import math
import sys

import numpy as np
import pytest
import yaml

from tests.conftest import ROOT
from tests.maps.rebuild import mapbuild_missing
from wargame.maps import map_outline

shapely = pytest.importorskip("shapely")

MAPS = {
    "aegean-strike": ROOT / "src/wargame/games/aegean_strike/data/map.json",
    "dai-senso": ROOT / "src/wargame/games/dai_senso/data/map.json",
}
SHEETS = {"aegean-strike": ("operational", "strategic"), "dai-senso": ("e", "w")}
NEIGHBOURS = 7  # hexes whose centres give the local lon/lat -> drawing frame map

# towns (lon, lat) on either side of a border of the era, by the game and sheet holding both
ACROSS = {
    ("aegean-strike", "operational"): {
        "Evros (Alexandroupoli-Keşan)": ((25.874, 40.848), (26.634, 40.857)),
        "Evros (Didymoteicho-Edirne)": ((26.497, 41.350), (26.556, 41.677)),
        "Greece-Bulgaria (Drama-Gotse Delchev)": ((24.147, 41.150), (23.728, 41.567)),
        "Greece-Albania (Ioannina-Gjirokastër)": ((20.851, 39.665), (20.139, 40.076)),
        "Greece-Yugoslavia (Florina-Bitola)": ((21.409, 40.782), (21.334, 41.031)),
        "Bulgaria-Turkey (Svilengrad-Edirne)": ((26.199, 41.767), (26.556, 41.677)),
        "Bulgaria-Yugoslavia (Kyustendil-Kumanovo)": ((22.689, 42.284), (21.714, 42.132)),
    },
    ("aegean-strike", "strategic"): {
        "Bulgaria-Romania (Pleven-Craiova)": ((24.618, 43.417), (23.800, 44.317)),
        "Greece-Turkey (Thessaloniki-Edirne)": ((22.944, 40.640), (26.556, 41.677)),
    },
    ("dai-senso", "w"): {
        "China-French Indochina (Nanning-Hanoi)": ((108.317, 22.817), (105.841, 21.025)),
        "Burma-Thailand (Mandalay-Chiang Mai)": ((96.083, 21.975), (98.985, 18.790)),
        "Manchukuo-Korea (Shenyang-Pyongyang)": ((123.433, 41.792), (125.755, 39.034)),
    },
    ("dai-senso", "e"): {
        "Dutch-Australian New Guinea (Merauke-Daru)": ((140.40, -8.47), (143.21, -9.07)),
        "Manchukuo-Soviet Union (Jiamusi-Khabarovsk)": ((130.32, 46.80), (135.07, 48.48)),
        "Karafuto-Soviet Sakhalin (Poronaysk-Aleksandrovsk)": ((143.10, 49.22), (142.16, 50.90)),
    },
}
# towns of one state or colony of the era that today lie in two
WITHIN = {
    ("aegean-strike", "operational"): {
        "Yugoslavia (Skopje-Pristina)": ((21.433, 41.996), (21.166, 42.673)),
    },
    ("aegean-strike", "strategic"): {
        "Yugoslavia (Skopje-Niš)": ((21.433, 41.996), (21.896, 43.321)),
        "Soviet Union (Tbilisi-Vladikavkaz)": ((44.793, 41.693), (44.668, 43.037)),
    },
    ("dai-senso", "w"): {
        "French Indochina (Hanoi-Luang Prabang)": ((105.841, 21.025), (102.135, 19.886)),
        "British India (Kolkata-Dhaka)": ((88.363, 22.563), (90.407, 23.710)),
        "Korea (Pyongyang-Seoul)": ((125.755, 39.034), (126.978, 37.566)),
    },
    ("dai-senso", "e"): {
        "Karafuto (Toyohara-Poronaysk)": ((142.73, 46.96), (143.10, 49.22)),
        "Soviet Sakhalin and the mainland (Aleksandrovsk-De-Kastri)": (
            (142.16, 50.90),
            (140.78, 51.47),
        ),
    },
}
# border crossings of the 1980s (lon, lat), on Aegean Strike's operational sheet
CROSSINGS = {
    "Kastanies (Evros, Greece-Turkey)": (26.47, 41.65),
    "Kipoi (Evros, Greece-Turkey)": (26.30, 40.92),
    "Exochi, north of Drama (Greece-Bulgaria)": (24.07, 41.45),
    "Promachonas (Greece-Bulgaria)": (23.367, 41.373),
    "Kapitan Andreevo (Bulgaria-Turkey)": (26.32, 41.72),
    "Kakavia (Greece-Albania)": (20.32, 39.91),
    "Evzonoi (Greece-Yugoslavia)": (22.55, 41.12),
}
ON_LINE_HEX = 0.2  # how far a crossing may lie from the drawn line (simplification, GeoNames)


@pytest.fixture(scope="module")
def borders_module():
    """tools/mapbuild/borders.py, imported as build_map.py does."""
    if mapbuild_missing() is not None:
        pytest.skip(str(mapbuild_missing()))
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        return importlib.import_module("mapbuild.borders")
    finally:
        sys.path.remove(str(ROOT / "tools"))


def made_up_labeller(borders, north: str, south: str | None, line):
    """A labeller over made-up towns 20 km north and south (if ``south``) of the equator near
    10 E."""
    cities = [borders.City("Northtown", north, 10.0, 0.18)]
    if south is not None:
        cities.append(borders.City("Southtown", south, 10.05, -0.18))
    return borders.Labeller(cities, [line], [shapely.box(9.0, -1.0, 11.0, 1.0)])


def test_a_line_between_two_countries_gets_their_pair(borders_module):
    line = shapely.LineString([(9.9, 0.0), (10.0, 0.01), (10.1, 0.0)])
    piece = made_up_labeller(borders_module, "XB", "XA", line).label(line)
    assert piece.pair == ("XA", "XB")


def test_a_line_with_one_country_on_both_sides_is_left_out(borders_module):
    line = shapely.LineString([(9.9, 0.0), (10.1, 0.0)])
    piece = made_up_labeller(borders_module, "XA", "XA", line).label(line)
    assert piece.pair is None and "XA on both sides" in piece.why


def test_a_side_without_a_town_near_enough_is_left_out(borders_module):
    line = shapely.LineString([(9.9, 0.0), (10.1, 0.0)])
    piece = made_up_labeller(borders_module, "XA", None, line).label(line)
    assert piece.pair is None and "no city" in piece.why


def test_a_town_across_another_border_line_does_not_tell_a_side(borders_module):
    line = shapely.LineString([(9.9, 0.0), (10.1, 0.0)])
    fence = shapely.LineString([(9.0, -0.1), (11.0, -0.1)])  # between the line and Southtown
    labeller = made_up_labeller(borders_module, "XB", "XA", line)
    labeller.borders = shapely.STRtree([line, fence])
    assert labeller.label(line).pair is None


def test_a_line_at_sea_is_left_out(borders_module):
    line = shapely.LineString([(9.9, 0.0), (10.1, 0.0)])
    labeller = made_up_labeller(borders_module, "XB", "XA", line)
    labeller.land = shapely.STRtree([shapely.box(9.0, 0.5, 11.0, 1.0)])
    assert labeller.label(line).pair is None


def test_lines_are_cut_into_pieces_of_about_thirty_km(borders_module):
    line = shapely.segmentize(shapely.LineString([(20.0, 40.0), (21.0, 40.0)]), 0.02)
    pieces = borders_module.cut(line)
    lengths = [borders_module.GEOD.geometry_length(p) / 1000 for p in pieces]
    assert len(pieces) == 3 and all(25.0 < km < 32.0 for km in lengths)
    assert shapely.line_merge(shapely.MultiLineString(pieces)).equals(line)


def test_the_era_rule_merges_the_federations_and_drops_listed_pairs(borders_module):
    rule = borders_module.EraRule.of(
        {
            "one_country": {"Yugoslavia": {"members": ["RS", "MK"]}},
            "not_borders": [{"pair": ["PS", "IL"]}],
        }
    )
    assert not rule.keeps(("MK", "RS")) and not rule.keeps(("IL", "PS"))
    assert rule.keeps(("GR", "MK")) and rule.keeps(("BG", "RS"))
    only = borders_module.EraRule.of({"keep_only": [{"pair": ["TH", "MM"]}]})
    assert only.keeps(("MM", "TH")) and not only.keeps(("LA", "VN"))


def era_rule_file(game: str) -> dict:
    path = ROOT / "tools/mapbuild/inputs" / game / "borders.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", ["aegean-strike", "empire-of-the-sun"])
def test_every_choice_of_an_era_rule_file_gives_its_reason(game):
    spec = era_rule_file(game)
    rows = spec.get("keep_only", []) + spec.get("not_borders", [])
    assert rows and all(len(row["pair"]) == 2 and row["reason"] for row in rows)
    kept = {tuple(sorted(row["pair"])) for row in spec.get("keep_only", [])}
    assert kept.isdisjoint(tuple(sorted(row["pair"])) for row in spec.get("not_borders", []))
    assert all(group["reason"] for group in spec.get("one_country", {}).values())


def test_the_1941_rule_keeps_colonial_borders_and_drops_later_partitions(borders_module):
    rule = borders_module.EraRule.of(era_rule_file("empire-of-the-sun"))
    for pair in [("ID", "PG"), ("ID", "MY"), ("MM", "TH"), ("CN", "VN"), ("CN", "KP")]:
        assert rule.keeps(pair), pair
    for pair in [("LA", "VN"), ("KH", "VN"), ("BD", "IN"), ("IN", "PK"), ("KP", "KR")]:
        assert not rule.keeps(pair), pair


def test_the_1980s_rule_keeps_the_outer_lines_of_the_federations(borders_module):
    rule = borders_module.EraRule.of(era_rule_file("aegean-strike"))
    for pair in [("GR", "MK"), ("BG", "RS"), ("AL", "XK"), ("MD", "RO"), ("GE", "TR")]:
        assert rule.keeps(pair), pair
    for pair in [("MK", "RS"), ("RS", "XK"), ("BA", "HR"), ("GE", "RU"), ("CZ", "SK")]:
        assert not rule.keeps(pair), pair


@functools.cache
def outline(game: str):
    return map_outline(game)


@functools.cache
def hex_lonlat(game: str) -> dict[str, tuple[str, list[float]]]:
    """Each hex's sheet and the lon/lat of its centre (map.json)."""
    records = json.loads(MAPS[game].read_text(encoding="utf-8"))["hexes"]
    return {h["id"]: (h.get("map", h["id"][0]), h["lonlat"]) for h in records}


def in_frame(game: str, sheet: str, lonlat: tuple[float, float]) -> tuple[float, float]:
    """A lon/lat point in the drawing frame: the affine map of the nearest hex centres of the
    sheet (their lon/lat in map.json, their centres in the outline); the point must lie within
    two hexes of the nearest."""
    drawn, ids = outline(game), [h for h, (key, _) in hex_lonlat(game).items() if key == sheet]
    lonlat_of = np.array([hex_lonlat(game)[h][1] for h in ids])
    scale = np.array([math.cos(math.radians(lonlat[1])), 1.0])
    near = np.argsort(np.linalg.norm((lonlat_of - lonlat) * scale, axis=1))[:NEIGHBOURS]
    source = np.column_stack([lonlat_of[near], np.ones(len(near))])
    target = np.array([drawn.hex(ids[i]).centre for i in near])
    matrix, *_ = np.linalg.lstsq(source, target, rcond=None)
    point = np.array([*lonlat, 1.0]) @ matrix
    nearest = drawn.hex(ids[near[0]])
    assert math.dist(point, target[0]) < 2 * math.dist(nearest.centre, nearest.corners[0])
    return tuple(point)


def border_lines(game: str, sheet: str):
    return shapely.MultiLineString(
        [
            line.points
            for line in outline(game).backdrop
            if line.sheet == sheet and line.kind == "border"
        ]
    )


RULE_FILES = {
    "aegean-strike": "tools/mapbuild/inputs/aegean-strike/borders.yaml",
    "dai-senso": "tools/mapbuild/inputs/empire-of-the-sun/borders.yaml",
}


@pytest.mark.parametrize("game", sorted(MAPS))
def test_the_backdrop_has_borders_on_every_sheet(game):
    backdrop = json.loads(MAPS[game].with_name("backdrop.json").read_text(encoding="utf-8"))
    assert "border" in backdrop["kinds"]
    assert any("countries_f" in line for line in backdrop["attributions"])
    assert RULE_FILES[game] in backdrop["build"]["inputs"]
    for key in SHEETS[game]:
        assert len(backdrop["sheets"][key]["border"]) >= 5, key


@pytest.mark.parametrize(("game", "sheet"), sorted(ACROSS))
def test_a_border_runs_between_towns_of_two_states_of_the_era(game, sheet):
    lines = border_lines(game, sheet)
    for name, ends in ACROSS[game, sheet].items():
        way = shapely.LineString([in_frame(game, sheet, end) for end in ends])
        assert way.intersects(lines), name


@pytest.mark.parametrize(("game", "sheet"), sorted(WITHIN))
def test_no_border_runs_between_towns_of_one_state_of_the_era(game, sheet):
    lines = border_lines(game, sheet)
    for name, ends in WITHIN[game, sheet].items():
        way = shapely.LineString([in_frame(game, sheet, end) for end in ends])
        assert not way.intersects(lines), name


def test_border_crossings_lie_on_a_border_line():
    lines = border_lines("aegean-strike", "operational")
    drawn = outline("aegean-strike")
    width = math.dist(drawn.hex("0101").centre, drawn.hex("0102").centre)
    for name, lonlat in CROSSINGS.items():
        point = shapely.Point(in_frame("aegean-strike", "operational", lonlat))
        assert lines.distance(point) < ON_LINE_HEX * width, name


def test_a_border_along_a_parallel_is_drawn_over_land_only(borders_module):
    island = shapely.box(142.0, 49.0, 143.0, 51.0)  # a made-up island across 50 N
    spec = {"parallels": [{"name": "Line", "lat": 50.0, "lon": [141.0, 144.0]}]}
    lines, km = borders_module.parallel_borders(spec, (140.0, 45.0, 145.0, 55.0), [island])
    assert len(lines) == 1 and lines[0].bounds == pytest.approx((142.0, 50.0, 143.0, 50.0))
    assert km == {"Line": 72}  # a degree of longitude at 50 N is 71.7 km
    outside = borders_module.parallel_borders(spec, (140.0, 51.0, 145.0, 55.0), [island])
    assert outside == ([], {})
