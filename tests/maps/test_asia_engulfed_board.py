"""The Asia Engulfed map as the rules load it (``wargame.games.asia_engulfed.board``): the schema
checked at load, the area graph, and the drawing checks of issue 16 (port cities inside their
areas, names that do not cover one another). The facts are the rulebook's, written out again so
that a wrong data file cannot make its own test pass."""

from __future__ import annotations

import json
from itertools import combinations, pairwise

import pytest

from wargame.engine.data import PROVENANCES
from wargame.engine.errors import DataError
from wargame.games.asia_engulfed.board import (
    AREAS,
    LAND_MOVES,
    area_graph,
    area_map,
    land_neighbours,
    load_areas,
)

pytestmark = pytest.mark.game("asia-engulfed")

# a sample of what the seed states about areas (3.21-3.24, 4.1, 5.4 example, 8.22, 9.11, 9.32)
KINDS = {"usa": "large", "south_africa": "large", "lae": "large"}
KINDS |= {"hong_kong": "port_box", "shanghai": "port_box"}
PORTED = {"honshu", "usa", "hawaii", "singapore", "fiji", "samoa"}
TERRAIN = {"lae": "jungle"}  # 5.4 example: a jungle area
HOME_PORTS = {"honshu", "usa"}  # 4.7, 4.42, 9.11k
NEW_IDS = {"kurile_islands", "aleutian_islands"}  # issue 16: the island chains the frame draws


def test_the_shipped_file_loads_with_every_area_and_edge():
    raw = json.loads(AREAS.read_text(encoding="utf-8"))
    data = area_map()
    assert list(data.areas) == [a["id"] for a in raw["areas"]]
    assert len(data.edges) == len(raw["edges"]) == len(area_graph().all_connections())
    assert set(data.areas) >= NEW_IDS


def test_area_kinds_ports_and_terrain_the_seed_states():
    areas = area_map().areas
    assert {key: areas[key].kind for key in KINDS} == KINDS
    assert all(areas[key].has_port for key in PORTED)
    assert {key for key in HOME_PORTS if areas[key].port == "home"} == HOME_PORTS
    assert {key: areas[key].terrain for key in TERRAIN} == TERRAIN
    assert areas["hawaii"].port != "home"  # 9.11k: rebase to a USA port, not Hawaii


@pytest.mark.rule("8.22")
def test_the_moves_of_the_rule_examples_are_edges_of_the_graph():
    graph = area_graph()
    assert graph.neighbours("hawaii", "coast") == ["hawaiian_islands"]
    route = ["hawaiian_islands", "johnston_islands", "phoenix_islands", "mandate", "tonga"]
    for here, there in pairwise(route):
        assert graph.connection(here, there).kind == "sea"
    assert {"fiji", "samoa"} <= set(graph.neighbours("tonga", "coast"))
    passage = graph.connection("south_philippine_sea", "sulu_sea")
    assert passage.kind == "restricted" and "leyte" in passage.attrs["condition"]


@pytest.mark.rule("9.25")
def test_the_off_map_route_joins_the_seas_east_and_west_of_australia_only():
    graph = area_graph()
    routes = [c for c in graph.all_connections() if c.kind == "off_map_route"]
    assert len(routes) == 1
    east, west = (area_map().areas[end] for end in (routes[0].a, routes[0].b))
    assert {east.south_edge, west.south_edge} == {"east", "west"}
    assert routes[0].attrs["provenance"] == "rulebook"
    assert area_map().areas["south_africa"].offmap


@pytest.mark.rule("5.16")
def test_straits_join_land_areas_and_a_ground_unit_may_cross_them():
    straits = [c for c in area_graph().all_connections() if c.kind == "strait"]
    pairs = {tuple(sorted((c.a, c.b))) for c in straits}
    assert pairs >= {("honshu", "kyushu"), ("leyte", "luzon")}
    for strait in straits:
        assert strait.b in land_neighbours(strait.a) and strait.a in land_neighbours(strait.b)


@pytest.mark.rule("5.18")
def test_no_land_move_crosses_an_impassable_boundary():
    graph = area_graph()
    walls = [c for c in graph.all_connections() if c.kind == "impassable"]
    assert walls
    for wall in walls:
        assert wall.b not in land_neighbours(wall.a) and wall.a not in land_neighbours(wall.b)
    for area in graph.spaces():
        for other in land_neighbours(area):
            assert graph.connection(area, other).kind in LAND_MOVES
            assert graph.kind(other) != "sea"


def test_every_edge_carries_its_kind_and_provenance():
    for connection in area_graph().all_connections():
        assert connection.attrs["provenance"] in PROVENANCES
        assert connection.attrs["source"]


def test_every_port_city_lies_inside_its_area():
    shapely = pytest.importorskip("shapely")
    from shapely.geometry import shape

    ported = [a for a in area_map().areas.values() if a.has_port and a.outline]
    assert len(ported) > 60
    for area in ported:
        assert shape(area.outline).contains(shapely.Point(area.port_at)), area.id


def test_no_two_names_of_the_drawn_map_overlap():
    pytest.importorskip("matplotlib")
    from wargame.maps import map_outline
    from wargame.maps.drawing import name_boxes
    from wargame.maps.render import Labels

    boxes = name_boxes(map_outline("asia-engulfed"), Labels(names=True))
    assert len(boxes) == len(area_map().areas)
    clashes = [(a.name, b.name) for a, b in combinations(boxes, 2) if a.overlaps(b)]
    assert clashes == []


# --- bad files ---------------------------------------------------------------------------------


def write_changed(tmp_path, change):
    raw = json.loads(AREAS.read_text(encoding="utf-8"))
    change(raw)
    path = tmp_path / "areas.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


def area(raw, key):
    return next(a for a in raw["areas"] if a["id"] == key)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda raw: area(raw, "lae").update(terrain="swamp"), ["id 'lae'", "terrain"]),
        (lambda raw: area(raw, "truk").update(port="huge"), ["id 'truk'", "port"]),
        (lambda raw: area(raw, "honshu").update(oil=7), ["id 'honshu'", "oil"]),
        (lambda raw: area(raw, "burma").update(colour="red"), ["colour"]),
        (lambda raw: raw["edges"][0].update(kind="tunnel"), ["record 0", "kind"]),
        (lambda raw: raw["edges"][0].update(b="atlantis"), ["atlantis"]),
        (lambda raw: raw["edges"][0].update(kind="land"), ["wrong sides"]),
        (lambda raw: area(raw, "lae")["adjacent"].pop("port_moresby"), ["'lae'", "edge list"]),
    ],
)
def test_a_bad_record_fails_the_load_with_one_line(tmp_path, change, words):
    path = write_changed(tmp_path, change)
    with pytest.raises(DataError) as failure:
        load_areas(path)
    message = str(failure.value)
    assert "\n" not in message and str(path) in message
    assert all(word in message for word in words), message


@pytest.mark.rule("6.73")
def test_rivers_are_borders_a_ground_unit_crosses():
    rivers = [c for c in area_graph().all_connections() if c.kind == "river"]
    assert {tuple(sorted((c.a, c.b))) for c in rivers} >= {("shansi", "shensi")}
    for river in rivers:
        assert river.b in land_neighbours(river.a)


def test_land_in_no_area_is_drawn_apart_with_its_reason():
    bare = {land.id: land for land in area_map().off_map_land}
    assert {"alaska_and_canada", "new_zealand", "sinkiang"} <= set(bare)
    assert all(land.note and land.outline for land in bare.values())
    assert "1.8" in bare["new_zealand"].note  # the supplement: not on the map
