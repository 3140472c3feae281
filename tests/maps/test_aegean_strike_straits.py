"""The Turkish Straits on the Aegean Strike operational map, and where land moves go
(``tools/build_map.py aegean-strike``, ``tools/mapbuild/aegean_straits.py``).

A land move goes from a hex with land to a neighbour with land across a hexside that is neither
all-sea nor a strait; a strait hexside is crossed only by the crossing rules. The facts checked
are plain geography written out here (lon/lat of towns), not the builder's inputs: Thrace and
Anatolia are told apart by land paths from Edirne and from Bursa, not by the hexes' recorded
shores.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest

from tests.conftest import ROOT
from tests.maps.places import nearest_hex
from tests.maps.test_aegean_strike_hexsides import connected, neighbours
from wargame.maps import map_outline

pytestmark = pytest.mark.game("aegean-strike")

MAP = ROOT / "src/wargame/games/aegean_strike/data/map.json"
EDIRNE, BURSA, ANKARA = (26.56, 41.68), (29.06, 40.19), (32.85, 39.92)
ATHENS, THESSALONIKI, IZMIR = (23.73, 37.98), (22.94, 40.64), (27.14, 38.42)
KASSANDRA = [(23.40, 40.05), (23.55, 39.95)]  # the peninsula south of the Potidea canal
EUBOEA = [(23.65, 38.65), (23.85, 38.50), (24.20, 38.30)]  # north, centre and south-east
CHALKIS = (23.60, 38.46)  # on the Euripus, its bridge to Boeotia
ISLANDS = [  # lon, lat: Crete, Lesbos (10 km off Anatolia), Samos (2 km off), Thasos, Imbros
    (24.90, 35.25),
    (26.30, 39.20),
    (26.80, 37.73),
    (24.70, 40.68),
    (25.85, 40.17),
]
EUROPEAN_TOWNS = {  # lon, lat
    "istanbul": (28.95, 41.01),  # the old city
    "gelibolu": (26.67, 40.41),
    "eceabat": (26.36, 40.18),
}
ASIAN_TOWNS = {
    "uskudar": (29.02, 41.02),
    "kadikoy": (29.03, 40.99),
    "canakkale": (26.41, 40.15),
}
TOWN_REACH = 1.25  # a town's hex centre lies within this many hex widths (28 km) of the town
HEX_KM = 28.0


@pytest.fixture(scope="module")
def operational(hexes):
    return {k: h for k, h in hexes.items() if h["map"] == "operational"}


@pytest.fixture(scope="module")
def kinds(data):
    """The hexside records by their two hexes."""
    return {(s["a"], s["b"]): s for s in data["hexsides"]}


def land_region(operational, kinds, start, *, crossing=frozenset()):
    """The hexes a land move reaches from ``start``, across plain land hexsides and across the
    strait hexsides of the straits named in ``crossing``."""
    seen, todo = set(), [start]
    while todo:
        here = todo.pop()
        if here in seen:
            continue
        seen.add(here)
        for there in neighbours(here):
            if there in seen or operational.get(there, {"class": "sea"})["class"] == "sea":
                continue
            if passable(kinds.get((min(here, there), max(here, there))), crossing):
                todo.append(there)
    return seen


def passable(side, crossing):
    if side is None:
        return True
    return "all_sea" not in side["kinds"] and side.get("strait", "land") in {"land", *crossing}


@pytest.fixture(scope="module")
def thrace(operational, kinds):
    return land_region(operational, kinds, nearest_hex(operational, *EDIRNE)["id"])


@pytest.fixture(scope="module")
def anatolia(operational, kinds):
    return land_region(operational, kinds, nearest_hex(operational, *BURSA)["id"])


def strait_sides(data, name=None):
    return {
        (s["a"], s["b"])
        for s in data["hexsides"]
        if "strait" in s["kinds"] and (name is None or s["strait"] == name)
    }


def test_no_land_path_leads_from_thrace_to_anatolia(operational, thrace, anatolia):
    assert thrace.isdisjoint(anatolia)
    for point in (BURSA, ANKARA, IZMIR):
        assert nearest_hex(operational, *point)["id"] not in thrace, point
    for point in (EDIRNE, ATHENS, THESSALONIKI):
        assert nearest_hex(operational, *point)["id"] not in anatolia, point
    assert len(thrace) > 300 and len(anatolia) > 300  # both are real mainlands


def test_each_strait_alone_joins_the_two_shores(operational, kinds):
    edirne = nearest_hex(operational, *EDIRNE)["id"]
    ankara = nearest_hex(operational, *ANKARA)["id"]
    for name in ("bosporus", "dardanelles"):
        assert ankara in land_region(operational, kinds, edirne, crossing={name}), name


def test_every_turkish_strait_hexside_separates_a_european_from_an_asian_hex(
    data, thrace, anatolia
):
    for name, least in (("bosporus", 3), ("dardanelles", 4)):
        found = strait_sides(data, name)
        assert len(found) >= least, name
        assert connected(found), name  # one chain along the strait
        for a, b in found:
            assert {a, b} & thrace and {a, b} & anatolia, (name, a, b)
    assert {s.get("strait") for s in data["hexsides"] if "strait" in s["kinds"]} == {
        "bosporus",
        "dardanelles",
        "euripus",
    }


@pytest.mark.parametrize(
    "town",
    [(k, p, "europe") for k, p in sorted(EUROPEAN_TOWNS.items())]
    + [(k, p, "asia") for k, p in sorted(ASIAN_TOWNS.items())],
)
def test_each_town_of_the_straits_is_on_its_own_shore(data, operational, thrace, anatolia, town):
    key, point, shore = town
    place = data["places"][key]
    hex_id = place["operational_hex"]
    assert hex_id in (thrace if shore == "europe" else anatolia), (key, hex_id)
    assert place["shore"] == shore == operational[hex_id]["landmass"]
    lon, lat = point
    hlon, hlat = operational[hex_id]["lonlat"]
    km = math.hypot((hlon - lon) * math.cos(math.radians(lat)), hlat - lat) * 111.2
    assert km <= TOWN_REACH * HEX_KM, (key, hex_id, km)
    assert ("moved_from" in place) == ("placement" in place)


def test_istanbul_and_canakkale_face_the_other_shore_across_their_strait(data):
    for key, name in (("istanbul", "bosporus"), ("canakkale", "dardanelles")):
        hex_id = data["places"][key]["operational_hex"]
        assert any(hex_id in pair for pair in strait_sides(data, name)), key


def test_the_straits_are_on_the_operational_map(data, hexes):
    """The strategic map has no hexsides: the straits are crossed on the operational map, and
    the strategic hexes holding them are inside the ring or on it."""
    for a, b in strait_sides(data):
        for hex_id in (a, b):
            assert hexes[hexes[hex_id]["strategic"]]["area"] in ("inside", "transitional")


def test_land_paths_join_the_mainlands_and_not_the_islands(operational, kinds, thrace, anatolia):
    assert nearest_hex(operational, *ATHENS)["id"] in thrace
    assert nearest_hex(operational, *IZMIR)["id"] in anatolia
    for point in ISLANDS:
        island = land_region(operational, kinds, nearest_hex(operational, *point)["id"])
        assert island.isdisjoint(thrace | anatolia), point
        assert all(operational[h]["class"] in ("island", "coastal") for h in island), point


def test_every_hex_with_land_has_a_landmass(operational):
    for hex_id, record in operational.items():
        assert (record["class"] == "sea") == ("landmass" not in record), hex_id


@pytest.mark.parametrize("point", KASSANDRA)
def test_the_kassandra_peninsula_is_mainland_for_its_canal(data, operational, kinds, point):
    hex_ = nearest_hex(operational, *point)
    assert hex_["class"] in ("coastal", "land"), hex_
    assert hex_["id"] in land_region(
        operational, kinds, nearest_hex(operational, *THESSALONIKI)["id"]
    )
    assert "kassandra" in data["joined_to_mainland"]


def test_all_sea_hexsides_join_two_hexes_with_land(operational, kinds):
    found = [pair for pair, side in kinds.items() if "all_sea" in side["kinds"]]
    assert len(found) > 100
    for pair in found:
        assert all(operational[h]["class"] != "sea" for h in pair), pair
        assert "strait" not in kinds[pair]["kinds"]


def test_the_whole_map_prints_each_name_once():
    outline = map_outline("aegean-strike")
    for lang in ("en", "ja"):
        names = Counter(h.name(lang) for h in outline.hexes if h.name(lang))
        assert names and max(names.values()) == 1, names.most_common(3)
    assert outline.hex("S0202").name("en") == "Rome"  # strategic-only places keep their names


def test_euboea_is_reached_by_land_only_across_the_euripus_at_chalkis(
    data, operational, kinds, thrace
):
    """Euboea is an island whose bridge at Chalkis crosses a strait of about 40 m: land moves go
    to it from the mainland across the Euripus strait hexsides only, and its hexes stay its own
    landmass, with their coasts."""
    athens = nearest_hex(operational, *ATHENS)["id"]
    found = strait_sides(data, "euripus")
    assert 1 <= len(found) <= 3
    chalkis = nearest_hex(operational, *CHALKIS)["id"]
    assert all(chalkis in pair for pair in found)
    assert chalkis in thrace
    for point in EUBOEA:
        hex_id = nearest_hex(operational, *point)["id"]
        assert hex_id not in thrace, point
        assert operational[hex_id]["landmass"] == "euboea", point
        assert operational[hex_id]["class"] in ("island", "coastal"), point
        assert hex_id in land_region(operational, kinds, athens, crossing={"euripus"}), point
