"""The Empire of the Sun map data: schema, geometry and the map facts the rulebook states."""

import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest

from wargame.engine.board import HexGrid, HexLayout
from wargame.engine.data import PROVENANCES, load_file
from wargame.games.empire_of_the_sun.static import DATA, MapFile

pytestmark = pytest.mark.game("empire-of-the-sun")

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "eots_build_map.py"
FACTS = "shared/reference/empire-of-the-sun/map-facts.json"
RESOURCE_HEXES = {
    "1813", "1916", "2017", "2008", "2014", "2220", "2415",
    "2517", "2616", "2813", "3219", "3302", "3303", "3305",
}  # fmt: skip


@pytest.fixture(scope="module")
def map_file():
    return load_file(DATA / "map.json", MapFile)


@pytest.fixture(scope="module")
def hexes(map_file):
    return {h.id: h for h in map_file.hexes}


@pytest.fixture(scope="module")
def sides(map_file):
    return {(s.a, s.b): set(s.flags) for s in map_file.hexsides}


@pytest.fixture(scope="module")
def grid(hexes):
    return HexGrid(HexLayout.ODD_Q, hexes=hexes)


def flags(sides, a, b):
    return sides.get((min(a, b), max(a, b)), set())


def area(hexes, tag):
    return {h.id for h in hexes.values() if tag in h.areas}


def playable(hex_):
    return "off_map" not in hex_.areas


@pytest.mark.rule("1.22")
def test_every_board_hex_but_2608_is_on_the_map(map_file, hexes):
    board = {f"{c:02d}{r:02d}" for c in range(10, 61) for r in range(29)}
    assert len(board) == 1479
    assert set(hexes) == board - {"2608"}
    assert len(map_file.hexes) == 1478
    assert map_file.layout == "odd-q"
    assert (map_file.columns, map_file.rows) == ((10, 60), (0, 28))
    assert [h.id for h in map_file.hexes] == sorted(hexes)
    assert "sha256:" in map_file.source and "eots_build_map.py" in map_file.build


@pytest.mark.rule("1.3", "7.32", "7.33", "7.35", "11.32")
def test_distances_stated_in_the_rules(grid):
    assert grid.distance("4612", "5108") == 6  # Wake - Midway
    assert grid.distance("3706", "3709") == 3  # Tokyo - Iwo Jima
    assert grid.distance("2212", "2015") == 4  # Saigon - Singapore
    assert grid.distance("2112", "2015") == 3  # Kota Bharu - Singapore
    assert grid.distance("2915", "2813") == 3  # Davao - Manila
    assert set(grid.neighbours("2220")) == {"2119", "2120", "2219", "2221", "2319", "2320"}


@pytest.mark.rule("11.11")
def test_the_14_resource_hexes(hexes):
    assert {h.id for h in hexes.values() if h.resource} == RESOURCE_HEXES
    for hex_id in RESOURCE_HEXES:
        assert hexes[hex_id].terrain != "ocean"
        assert (hexes[hex_id].provenance, hexes[hex_id].ref) == ("rulebook", "11.11")


@pytest.mark.rule("7.21")
def test_soerabaja_is_entered_by_sea_only_from_2219_2319_2320(sides, grid):
    by_sea = {n for n in grid.neighbours("2220") if "sea" in flags(sides, "2220", n)}
    assert by_sea == {"2219", "2319", "2320"}
    assert "unplayable_sea" in flags(sides, "2220", "2120")
    assert "unplayable_sea" in flags(sides, "2220", "2221")
    assert flags(sides, "2220", "2119") == {"land"}


@pytest.mark.rule("1.3")
def test_hexsides_join_adjacent_playable_board_hexes(map_file, hexes, grid):
    seen = set()
    for side in map_file.hexsides:
        assert side.a < side.b
        assert grid.direction(side.a, side.b) is not None, (side.a, side.b)
        assert playable(hexes[side.a]) and playable(hexes[side.b]), (side.a, side.b)
        assert side.flags and len(set(side.flags)) == len(side.flags)
        seen.add((side.a, side.b))
    assert len(seen) == len(map_file.hexsides)
    assert [(s.a, s.b) for s in map_file.hexsides] == sorted(seen)


@pytest.mark.rule("1.3", "7.21", "7.41")
def test_hexside_flags_are_consistent(hexes, sides):
    for (a, b), found in sides.items():
        land_pair = hexes[a].terrain != "ocean" and hexes[b].terrain != "ocean"
        if found & {"land", "route"}:
            assert land_pair, (a, b, found)
        if "route" in found:
            assert "land" in found
        assert not {"sea", "unplayable_sea"} <= found, (a, b)
        assert not {"land", "impassable_land"} <= found, (a, b)
        if hexes[a].terrain == "ocean" and hexes[b].terrain == "ocean":
            assert found & {"sea", "unplayable_sea"}, (a, b)


@pytest.mark.rule("7.21", "13.1")
def test_all_navigable_water_is_one_sea(hexes, sides):
    links = {}
    for (a, b), found in sides.items():
        if "sea" in found:
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    seen, queue = {"3806"}, deque(["3806"])  # open ocean east of Honshu
    while queue:
        for other in links[queue.popleft()] - seen:
            seen.add(other)
            queue.append(other)
    assert seen == set(links)
    assert {h.id for h in hexes.values() if h.terrain == "ocean" and playable(h)} <= seen


@pytest.mark.rule("1.3", "7.44")
def test_every_port_is_coastal(hexes, sides, grid):
    ports = [h.id for h in hexes.values() if h.port]
    assert len(ports) == 76
    for port in ports:
        assert any("sea" in flags(sides, port, n) for n in grid.neighbours(port)), port
        assert hexes[port].terrain != "ocean"


@pytest.mark.rule("12.21", "12.22", "12.31", "12.32", "12.41", "12.42", "12.51", "12.52")
def test_surrender_and_key_hexes_of_the_allied_nations(hexes):
    expected = {
        "philippines": "2715 2812 2813 2911 2915 3014",
        "malaya": "1912 1913 2012 2014 2015 2112",
        "dei": "1813 1914 1916 1917 2017 2018 2019 2220 2216 2318 2415 2517 2616 "
        "2620 2719 2917 2320 2919 2721 3017",
        "sumatra": "1813 1914 1916 1917 2017",
        "java": "2018 2019 2220",
        "borneo": "2216 2318 2415 2517 2616",
        "celebes": "2620 2719 2917",
        "burma": "2006 2008 2106 2206 2305",
    }
    for tag, hex_ids in expected.items():
        for hex_id in hex_ids.split():
            assert hexes[hex_id].terrain != "ocean", hex_id
            assert tag in hexes[hex_id].areas, (hex_id, tag)


@pytest.mark.rule("12.61", "12.63", "12.75", "12.81", "12.84", "12.85", "12.92")
def test_key_hexes_of_india_china_australia_and_the_islands(hexes):
    assert area(hexes, "india_north") == {"1905", "2005", "2104", "2105", "2205"}
    assert {"1307", "1308"} <= area(hexes, "ceylon")
    assert "maldives" in hexes["1005"].areas and "ceylon" not in hexes["1005"].areas
    assert "1406" in area(hexes, "india_mainland")
    assert {"3820", "4020", "4021", "4222", "4423"} <= area(hexes, "mandates_australian")
    assert {"3219", "3520", "3720", "3822", "3823", "4024"} <= area(hexes, "new_guinea")
    assert {"3023", "3626", "3727"} <= area(hexes, "australia")
    assert {"4415", "4715"} <= area(hexes, "marshalls")
    assert "2407" in area(hexes, "kunming_area")
    for tag in ("india_north", "ceylon", "mandates_australian", "marshalls", "kunming_area"):
        assert all(hexes[h].terrain != "ocean" for h in area(hexes, tag)), tag


@pytest.mark.rule("12.9", "12.91", "12.93", "12.94")
def test_japan_manchukuo_and_korea(hexes, grid):
    core = {"3302", "3303"}
    around = {n for h in core for n in grid.neighbours(h) if hexes[n].terrain != "ocean"}
    assert area(hexes, "manchukuo") == (core | around) - {"3304"}
    assert "korea" in hexes["3304"].areas
    korea = {"3305"} | {n for n in grid.neighbours("3305") if hexes[n].terrain != "ocean"}
    assert area(hexes, "korea") == korea
    honshu = {"3407", "3506", "3507", "3606", "3607", "3705", "3706"}
    assert area(hexes, "honshu") == honshu
    assert honshu < area(hexes, "home_islands") < area(hexes, "japanese_empire")
    cities = {h.id for h in hexes.values() if h.city == "japanese_city"}
    assert cities <= area(hexes, "home_islands")


@pytest.mark.rule("1.3", "17.14")
def test_initial_japanese_areas(hexes):
    empire = area(hexes, "japanese_empire")
    assert {"3706", "3305", "3302", "2909", "3209", "3709", "4110", "3813", "4017"} <= empire
    assert {"2212", "2211", "2311", "2509"} <= empire  # 1941 Japanese set-up hexes
    assert {"4715", "4415", "4316"} <= empire
    assert "3814" not in empire  # Guam starts Allied
    assert "2709" not in empire | area(hexes, "china_coastal")  # Hong Kong starts Allied
    assert hexes["2709"].areas == ["hong_kong"]
    assert {"3004", "3007", "2708", "2508"} <= area(hexes, "china_coastal")


@pytest.mark.rule("7.42", "12.71")
def test_coastal_and_interior_china(hexes):
    assert "china_coastal" in hexes["2508"].areas
    assert {"2408", "2507"} <= area(hexes, "china_interior")
    assert not area(hexes, "china_interior") & area(hexes, "china_coastal")
    assert "china_coastal" not in hexes["2509"].areas  # Hainan (spec 10)
    assert not area(hexes, "soviet")


@pytest.mark.rule("7.42", "12.75")
def test_kunming_and_its_neighbours(hexes, grid):
    assert area(hexes, "kunming_area") == {"2407", *grid.neighbours("2407")}


@pytest.mark.rule("16.42")
def test_alaska_and_hawaii_occupation_hexes(hexes):
    assert area(hexes, "aleutians") == {"4600", "4700", "4800", "5000", "5100"}
    assert area(hexes, "hawaii") == {"5708", "5808", "5908", "5108"}
    assert area(hexes, "midway") == {"5108"}
    assert hexes["5808"].name == "Oahu" and hexes["5108"].name == "Midway"


@pytest.mark.rule("1.3", "7.45", "16.47")
def test_islands_and_one_hex_islands(hexes, sides, grid):
    one_hex = area(hexes, "one_hex_island")
    for h in hexes.values():
        if h.terrain == "atoll":
            assert h.island and h.id in one_hex, h.id
    for hex_id in one_hex:
        assert hexes[hex_id].island
        assert not any("land" in flags(sides, hex_id, n) for n in grid.neighbours(hex_id))
    assert {"4612", "5108", "4423", "3709", "3014"} <= one_hex
    assert hexes["3706"].island and hexes["2220"].island  # Honshu, Java (1.3)
    assert not hexes["2015"].island and not hexes["3023"].island  # Malaya, Australia


@pytest.mark.rule("12.76")
def test_the_burma_road_is_a_transport_route_to_madras(sides):
    assert "route" in flags(sides, "2206", "2306")
    assert "route" in flags(sides, "2306", "2407")
    links = {}
    for (a, b), found in sides.items():
        if "route" in found:
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    seen, queue = {"2407"}, deque(["2407"])
    while queue:
        for other in links[queue.popleft()] - seen:
            seen.add(other)
            queue.append(other)
    assert {"2206", "2106", "1805", "1406"} <= seen  # Lashio, Mandalay, Calcutta, Madras


@pytest.mark.rule("13.2")
def test_map_edge_supply_sources_are_on_the_east_south_and_west_edges(hexes, grid):
    sources = {h.id for h in hexes.values() if h.allied_supply_source}
    assert len(sources) == 90
    for hex_id in sources:
        col = int(hex_id[:2])
        assert playable(hexes[hex_id]), hex_id
        off = [grid.neighbour(hex_id, d) for d in (2, 3, 4)]  # SE, S, SW
        south = any(n is None or not playable(hexes[n]) for n in off)
        assert col in (10, 60) or south, hex_id
    on_grid_edge = {h for h in hexes if h[:2] in ("10", "60") and playable(hexes[h])}
    assert on_grid_edge <= sources
    bottom = {h for h in hexes if h.endswith("28") and playable(hexes[h])}
    assert bottom <= sources
    top = {h for h in hexes if h.endswith("00") and h[:2] not in ("10", "60")}
    assert not top & sources
    assert {"1406", "1805", "3706", "5808", "1103", "5300"}.isdisjoint(sources)
    assert {"1004", "1613", "1926", "3727", "4628", "5925", "6015"} <= sources


@pytest.mark.rule("1.22")
def test_off_map_hexes_are_bare_ocean(hexes, sides):
    off_map = {h.id for h in hexes.values() if not playable(h)}
    assert len(off_map) == 338
    for hex_id in off_map:
        record = hexes[hex_id]
        assert record.terrain == "ocean" and record.areas == ["off_map"]
        assert not (record.name or record.port or record.airfield or record.allied_supply_source)
    assert not {h for pair in sides for h in pair} & off_map


@pytest.mark.rule("7.45")
def test_port_moresby_is_a_mountain_hex(hexes):
    assert hexes["3823"].name == "Port Moresby" and hexes["3823"].terrain == "mountain"
    assert hexes["3823"].port and hexes["3823"].ref == "7.45"


@pytest.mark.rule("7.36")
def test_the_air_ferry_hex_5408_has_an_airfield(hexes):
    assert hexes["5408"].airfield and hexes["5408"].terrain == "ocean"
    assert hexes["5408"].ref == "7.36"


@pytest.mark.rule("1.22")
def test_gazetteer_names_sit_on_their_hexes(hexes):
    gazetteer = {
        "1307": "Colombo", "1308": "Trincomalee", "1406": "Madras", "1805": "Calcutta",
        "1813": "Medan", "1905": "Dacca", "1913": "Kuala Lumpur", "1916": "Palembang",
        "2005": "Dimapur", "2006": "Akyab", "2008": "Rangoon", "2014": "Kuantan",
        "2015": "Singapore", "2019": "Tjilatjap", "2104": "Jorhat", "2105": "Imphal-Kohima",
        "2106": "Mandalay", "2110": "Bangkok", "2112": "Kota Bharu", "2205": "Ledo",
        "2206": "Lashio", "2212": "Saigon", "2220": "Soerabaja", "2305": "Myitkyina",
        "2311": "Cam Ranh", "2320": "Bali", "2407": "Kunming", "2409": "Hanoi",
        "2415": "Miri", "2508": "Yungning", "2517": "Balikpapan", "2616": "Tarakan",
        "2620": "Makassar", "2709": "Hong Kong", "2715": "Jolo", "2721": "Koepang",
        "2812": "Clark Field", "2813": "Manila", "2909": "Tainan", "2911": "Aparri",
        "2915": "Davao", "2917": "Menado", "2919": "Amboina", "3004": "Peiping",
        "3007": "Shanghai", "3014": "Samar/Leyte", "3017": "Morotai", "3023": "Darwin",
        "3119": "Sorong", "3209": "Okinawa", "3302": "Harbin", "3303": "Mukden",
        "3305": "Seoul", "3407": "Kure", "3416": "Palau", "3520": "Hollandia",
        "3606": "West Honshu", "3607": "Nagoya", "3615": "Ulithi", "3626": "Cairns",
        "3704": "Hakodate", "3705": "Ominato", "3706": "Tokyo", "3709": "Iwo Jima",
        "3720": "Wewak", "3721": "Madang", "3727": "Townsville", "3813": "Saipan",
        "3814": "Guam", "3820": "Admiralty Islands", "3822": "Lae", "3823": "Port Moresby",
        "3921": "Gasmata", "3922": "Buna", "4017": "Truk", "4020": "Kavieng",
        "4021": "Rabaul", "4024": "Gili Gili", "4222": "Bougainville", "4322": "New Georgia",
        "4415": "Eniwetok", "4423": "Guadalcanal", "4600": "Attu/Kiska", "4612": "Wake",
        "4715": "Kwajalein", "4825": "Espiritu Santo", "4826": "Efate", "4828": "Noumea",
        "5018": "Tarawa", "5100": "Dutch Harbor", "5108": "Midway", "5508": "French Frigate Shoals",
        "5708": "Kauai", "5808": "Oahu", "5908": "Hilo",
    }  # fmt: skip
    assert {h: hexes[h].name for h in gazetteer} == gazetteer
    typos = {"Dimasur", "Jarhat", "Kynshu", "Motorai", "Sarong", "Moumea", "Samoe", "Pentacost"}
    assert not typos & {h.name for h in hexes.values()}


@pytest.mark.rule("1.22")
def test_every_named_hex_has_a_japanese_name(hexes):
    named = [h for h in hexes.values() if h.name]
    assert len(named) == 210
    assert all(h.name_ja for h in named)
    assert not [h.id for h in hexes.values() if h.name_ja and not h.name]
    seed = {
        "1913": "クアラルンプール", "2014": "クアンタン", "2015": "シンガポール",
        "2112": "コタバル", "2212": "サイゴン", "2220": "スラバヤ", "2311": "カムラン",
        "2407": "昆明", "2508": "永寧", "2709": "香港", "2813": "マニラ", "2915": "ダバオ",
        "3014": "サマール/レイテ", "3706": "東京", "3823": "ポートモレスビー",
        "4017": "トラック諸島", "4021": "ラバウル", "4612": "ウェーキ島", "5108": "ミッドウェイ",
        "5708": "カウアイ", "5808": "オアフ",
    }  # fmt: skip
    assert {h: hexes[h].name_ja for h in seed} == seed


def test_records_carry_provenance_and_rule_refs(map_file, hexes):
    assert map_file.provenance == "reconstructed"
    for record in [*map_file.hexes, *map_file.hexsides]:
        assert record.provenance in (None, *PROVENANCES)
        if record.provenance == "rulebook":
            assert record.ref
    assert all(h.provenance for h in hexes.values() if h.name)


def test_the_build_is_reproducible(tmp_path):
    if not (ROOT.parent / FACTS).exists():
        pytest.skip(f"the map facts ../{FACTS} are not here")
    out = tmp_path / "map.json"
    subprocess.run([sys.executable, str(TOOL), "--out", str(out)], check=True, cwd=ROOT)
    assert out.read_bytes() == (DATA / "map.json").read_bytes()
