"""``wargame map`` for an area map (Asia Engulfed): the outline read from ``areas.json`` and the
pictures drawn from it. The outline tests need no matplotlib; the drawing tests are skipped
without it.
"""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from tests.conftest import ROOT
from tests.maps.test_render import MAP_FILES, assert_one_line_error
from wargame.cli import main
from wargame.maps import ADAPTERS, AreaOutline, MapOutline, map_outline
from wargame.maps.render import Labels

pytestmark = pytest.mark.game("asia-engulfed")

GAME = "asia-engulfed"
AREAS_FILE = ROOT / "src/wargame/games/asia_engulfed/data/areas.json"
SVG = "{http://www.w3.org/2000/svg}"
# (west, east) and (south, north) pairs any atlas shows
WEST_EAST = [("burma", "honshu"), ("honshu", "hawaii"), ("ceylon", "singapore")]
SOUTH_NORTH = [("west_java", "luzon"), ("new_south_wales", "queensland"), ("kyushu", "korea")]


@pytest.fixture(scope="module")
def data() -> dict:
    return json.loads(AREAS_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def outline() -> MapOutline:
    return map_outline(GAME)


def rgb(colour: str) -> tuple[int, ...]:
    from matplotlib.colors import to_rgb

    return tuple(round(v * 255) for v in to_rgb(colour))


def by_id(outline: MapOutline) -> dict[str, AreaOutline]:
    return {area.id: area for area in outline.areas}


def test_every_map_is_checked_as_a_hex_map_or_as_this_area_map():
    """Aegean Strike's two grids of two sizes, drawn over each other, are checked in
    tests/maps/test_aegean_strike_map.py (each operational hex inside its strategic hex)."""
    assert set(ADAPTERS) == {*MAP_FILES, GAME, "aegean-strike"}


# -- the outline --------------------------------------------------------------------------------


def test_every_area_of_the_file_is_there_once_with_its_kind(outline, data):
    areas = by_id(outline)
    assert len(areas) == len(outline.areas) == len(data["areas"])
    summary = f"{len(data['areas'])} areas and {len(data['edges'])} edges"
    assert not outline.hexes and outline.summary == summary
    for record in data["areas"]:
        area = areas[record["id"]]
        wanted = {"large": "land"}.get(record["kind"], record["kind"])
        assert area.kind in {wanted, "off_map"}, record["id"]
        assert bool(area.polygons) == (record["outline"] is not None), record["id"]
    assert {area.kind for area in outline.areas} <= set(outline.kinds)


def test_boxes_and_areas_without_an_outline_are_marked(outline, data):
    kinds = {record["id"]: record["kind"] for record in data["areas"]}
    for area in outline.areas:
        boxed = kinds[area.id] in {"port_box", "island_box"} or not area.polygons
        assert area.boxed == boxed, area.id
    assert by_id(outline)["wake"].boxed and not by_id(outline)["honshu"].boxed


def test_an_off_map_box_stands_at_the_edge_of_the_frame(outline, data):
    west, south, _, north = data["frame"]["bounds"]
    south_africa = by_id(outline)["south_africa"]
    assert south_africa.kind == "off_map" and south_africa.boxed
    x, y = south_africa.centre
    assert x == west and -north <= y <= -south  # 18.42 E lies west of the frame
    assert not [
        area for area in outline.areas if area.id != "south_africa" and area.kind == "off_map"
    ]


def test_polygons_follow_the_file_with_north_up(outline, data):
    records = {record["id"]: record for record in data["areas"]}
    honshu = by_id(outline)["honshu"]
    lon, lat = records["honshu"]["outline"]["coordinates"][0][0][0]
    assert honshu.polygons[0][0][0] == (lon, -lat)
    assert honshu.centre == (records["honshu"]["at"][0], -records["honshu"]["at"][1])
    areas = by_id(outline)
    for west, east in WEST_EAST:
        assert areas[west].centre[0] < areas[east].centre[0]
    for south, north in SOUTH_NORTH:
        assert areas[north].centre[1] < areas[south].centre[1]  # y grows down the page


def test_seas_come_first_so_that_land_is_drawn_over_them(outline):
    kinds = [area.kind for area in outline.areas]
    seas = kinds.count("sea")
    assert seas and set(kinds[:seas]) == {"sea"} and "sea" not in kinds[seas:]


def test_names_come_in_both_languages(outline, data):
    areas = by_id(outline)
    for record in data["areas"]:
        assert areas[record["id"]].name("en") == record["name"]
        assert areas[record["id"]].name("ja") == record["name_ja"]
    assert areas["honshu"].name("ja") == "本州" and areas["honshu"].name("fr") == "Honshu"


def test_every_edge_joins_two_areas_of_the_map(outline, data):
    ids = set(by_id(outline))
    listed = Counter((edge["a"], edge["b"], edge["kind"]) for edge in data["edges"])
    assert Counter((edge.a, edge.b, edge.kind) for edge in outline.edges) == listed
    assert all(edge.a in ids and edge.b in ids for edge in outline.edges)


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["map", "asia-engulfed", "--region", "honshu,kyushu"], ["asia-engulfed is an area map"]),
        (["map", "asia-engulfed", "--sheet", "w"], ["single map sheet"]),
        (["map", "empire-of-the-sun", "--edges"], ["empire-of-the-sun has no edges to draw"]),
        (["map", "asia-engulfed", "--edges", "--region", "a,b"], ["--region picks hexes"]),
    ],
)
def test_bad_requests_get_one_line_and_write_nothing(capsys, tmp_path, argv, fragments):
    out = tmp_path / "map.png"
    assert_one_line_error(capsys, [*argv, "--out", str(out)], *fragments)
    assert not out.exists()


# -- pictures (matplotlib) ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> dict[str, ET.Element]:
    """The whole map as SVG, with names and edges, in each language."""
    pytest.importorskip("matplotlib")
    pictures = {}
    for lang in ("en", "ja"):
        out = tmp_path_factory.mktemp(lang) / "asia.svg"
        argv = ["map", GAME, "--names", "--edges", "--lang", lang, "--out", str(out)]
        assert main(argv) == 0
        pictures[lang] = ET.parse(out).getroot()
    return pictures


def groups(svg: ET.Element) -> dict[str, ET.Element]:
    return {g.get("id", ""): g for g in svg.iter(f"{SVG}g")}


def texts(svg: ET.Element) -> str:
    return "\n".join("".join(element.itertext()) for element in svg.iter(f"{SVG}text"))


def test_every_area_is_drawn_as_an_outline_or_a_marker(drawn, outline):
    found = groups(drawn["en"])
    for area in outline.areas:
        assert (f"area-{area.id}" in found) == bool(area.polygons), area.id
        assert (f"box-{area.id}" in found) == area.boxed, area.id


def test_edges_draw_one_segment_per_edge(drawn, outline):
    found = groups(drawn["en"])
    per_kind = Counter(edge.kind for edge in outline.edges)
    for kind, count in per_kind.items():
        assert len(found[f"edges-{kind}"].findall(f"{SVG}path")) == count, kind
    assert "strait edge (9)" in texts(drawn["en"])


def test_names_are_written_in_the_language_asked(drawn, outline):
    english, japanese = texts(drawn["en"]), texts(drawn["ja"])
    for area in outline.areas:
        assert area.name("en") in english, area.id
        assert area.name("ja") in japanese, area.id
    assert "Honshu" not in japanese and "本州" not in english


def test_without_edges_or_names_only_outlines(pyplot_image, tmp_path):
    from wargame.maps.drawing import COLOURS

    out = tmp_path / "plain.png"
    assert main(["map", GAME, "--out", str(out)]) == 0
    pixels = (pyplot_image.imread(out)[:, :, :3] * 255).round().astype(int)
    colours = {tuple(pixel) for pixel in pixels.reshape(-1, 3)}
    for kind in ("sea", "land", "port_box"):
        assert rgb(COLOURS[kind]) in colours, kind
    svg_out = tmp_path / "plain.svg"
    assert main(["map", GAME, "--out", str(svg_out)]) == 0
    svg = ET.parse(svg_out).getroot()
    assert not [name for name in groups(svg) if name.startswith("edges-")]
    assert "Honshu" not in texts(svg) and "123 areas" in texts(svg)


def test_a_hole_in_an_area_is_left_empty_whichever_way_its_rings_wind(pyplot_image, monkeypatch):
    from wargame.maps import drawing

    monkeypatch.setattr(drawing, "AREA_MAP_WIDTH_INCHES", 2.0)
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0), (0.0, 0.0))
    hole = ((4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0), (4.0, 4.0))  # wound like the square
    area = AreaOutline("ring", ((square, hole),), "land", (2.0, 2.0))
    outline = MapOutline("toy", {"land": "land"}, (), areas=(area,))
    png = drawing.render(outline, "png", Labels(), None)
    pixels = (pyplot_image.imread(io.BytesIO(png))[:, :, :3] * 255).round().astype(int)
    land = (pixels == rgb(drawing.COLOURS["land"])).all(axis=2)
    rows = [i for i, count in enumerate(land.sum(axis=1)) if count > 50]  # not the legend's
    columns = [i for i, count in enumerate(land.sum(axis=0)) if count > 50]
    top, bottom, left, right = rows[0], rows[-1], columns[0], columns[-1]
    assert bottom - top > 200 and right - left > 200
    assert land[(top + bottom) // 2, (left + right) // 2] == False  # noqa: E712 (numpy bool)
    assert land[top + (bottom - top) // 5, left + (right - left) // 5]


@pytest.fixture
def pyplot_image():
    return pytest.importorskip("matplotlib.image")
