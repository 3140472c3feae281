"""What the browser draws of Asia Engulfed (``client_data``, ``backdrop``): every area of the map
with its names, kind and outline in one frame, the borders the rules read, every unit and block
colour, and all of it small enough to send once per kind of game."""

import json
import math

import pytest

from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.board import area_map
from wargame.games.asia_engulfed.client import SCALE, simplified
from wargame.games.asia_engulfed.forces import load as load_forces
from wargame.maps.asia_engulfed import outline

pytestmark = pytest.mark.game("asia-engulfed")


@pytest.fixture(scope="module")
def data():
    return GAME.client_data()


def test_every_area_is_drawn_with_its_names_and_kind(data):
    board = data["board"]
    assert board["kind"] == "areas"
    drawn = {area["id"]: area for area in board["areas"]}
    assert set(drawn) == set(area_map().areas)
    for area_id, record in area_map().areas.items():
        area = drawn[area_id]
        assert (area["kind"], area["name"], area["name_ja"]) == (
            record.kind,
            record.name,
            record.name_ja,
        )
        assert ("terrain" in area) == (record.kind != "sea")
    assert drawn["singapore"]["port"] == area_map().areas["singapore"].port
    assert "port" not in drawn["coral_sea"]


def test_outlines_and_label_points_share_the_frame(data):
    frame = data["board"]["frame"]
    inside = 0
    for area in data["board"]["areas"]:
        xs = [x for ring in area["rings"] for x in ring[0::2]]
        ys = [y for ring in area["rings"] for y in ring[1::2]]
        if area["drawn"] == "off_map" or not xs:
            continue
        slack = SCALE  # a degree: a box's point may lie beside its islands (Iwo Jima)
        assert min(xs) - slack <= area["x"] <= max(xs) + slack, area["id"]
        assert min(ys) - slack <= area["y"] <= max(ys) + slack, area["id"]
        inside += frame["x"] <= area["x"] <= frame["x"] + frame["w"]
        assert all(len(ring) >= 6 and len(ring) % 2 == 0 for ring in area["rings"])
    assert inside > 100
    luzon = next(area for area in data["board"]["areas"] if area["id"] == "luzon")
    lon, lat = area_map().areas["luzon"].at
    assert math.isclose(luzon["x"], lon * SCALE, abs_tol=0.1)
    assert math.isclose(luzon["y"], -lat * SCALE, abs_tol=0.1)


def test_straits_rivers_and_impassable_boundaries_come_as_lines(data):
    kinds = {"strait", "river", "impassable", "impassable_coast", "restricted", "off_map_route"}
    wanted = {(e.a, e.b, e.kind) for e in area_map().edges if e.kind in kinds}
    borders = data["board"]["borders"]
    assert {(b["a"], b["b"], b["kind"]) for b in borders} == wanted
    drawn = [border for border in borders if border["lines"]]
    assert len(drawn) >= len(wanted) - 1  # Tibet and Yunnan touch at a corner only
    honshu_kyushu = next(b for b in borders if {b["a"], b["b"]} == {"honshu", "kyushu"})
    assert honshu_kyushu["kind"] == "strait" and len(honshu_kyushu["lines"][0]) == 4


def test_every_unit_and_block_colour_is_given(data):
    forces = load_forces()
    units = {unit["id"]: unit for unit in data["units"]}
    assert set(units) == set(forces.units)
    assert units["jp-11a"]["colour"] == "orange" and units["jp-11a"]["max_steps"] == 4
    assert "colour" not in next(u for u in data["units"] if u["type"] == "lba")
    assert set(data["colours"]) == {colour.id for colour in forces.file.colours}
    for colour in data["colours"].values():
        assert colour["fill"].startswith("#") and colour["name"] and colour["name_ja"]


def test_the_drawing_data_is_small():
    assert len(json.dumps(GAME.client_data())) < 400_000
    assert len(json.dumps(GAME.backdrop())) < 300_000


def test_the_backdrop_draws_coasts_not_land_borders():
    lines = GAME.backdrop()
    assert lines and {line["kind"] for line in lines} == {"coast"}
    coast = {tuple(point) for line in lines for point in line["points"]}
    shapes = {shape.id: shape for shape in outline().areas}
    honan = {point for ring in shapes["honan"].rings for point in ring}
    inland = [point for ring in shapes["shansi"].rings for point in ring if point in honan]
    assert len(inland) > 3  # the Yellow River between them, far from any sea
    assert not {(round(x * SCALE, 1), round(y * SCALE, 1)) for x, y in inland} & coast
    assert len(coast) > 1000


def test_simplified_keeps_the_ends_and_drops_points_near_the_line():
    line = [(0.0, 0.0), (1.0, 0.01), (2.0, 0.0), (3.0, 1.0), (4.0, 0.0), (5.0, 0.02), (6.0, 0.0)]
    kept = simplified(line, 0.1)
    assert kept[0] == line[0] and kept[-1] == line[-1]
    assert (3.0, 1.0) in kept and (1.0, 0.01) not in kept and (5.0, 0.02) not in kept
