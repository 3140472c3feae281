"""Nations of the Aegean Strike operational hexes and the border, river and strait hexsides
(``tools/build_map.py aegean-strike``, ``tools/mapbuild/hexsides.py``).

The facts checked are plain geography, written out here (lon/lat of towns and crossings), not
taken from the builder's inputs; hexes are found from the recorded hex centres and neighbours
from the id scheme, not from the builder's geometry.
"""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest

from tests.conftest import ROOT
from wargame.maps import map_outline

pytestmark = pytest.mark.game("aegean-strike")

MAP = ROOT / "src/wargame/games/aegean_strike/data/map.json"
KINDS = {"border", "river", "strait", "all_sea"}
PROVENANCE = {"seed", "rulebook", "reconstructed", "provisional"}
NATIONS = {"GR", "TR", "BG", "YU", "AL", "CY", "IT", "SU", "RO"}
KNOWN_NATIONS = {  # lon, lat of a city -> the state of the 1980s
    (23.73, 37.98): "GR",  # Athens
    (28.95, 41.01): "TR",  # Istanbul
    (23.32, 42.70): "BG",  # Sofia
    (21.43, 42.00): "YU",  # Skopje
    (19.82, 41.33): "AL",  # Tirana
    (22.94, 40.64): "GR",  # Thessaloniki
    (32.85, 39.92): "TR",  # Ankara
    (26.55, 39.10): "GR",  # Mytilene (Lesbos, facing Turkey)
    (26.97, 37.76): "GR",  # Samos
    (25.85, 40.17): "TR",  # Gokceada (Imbros)
    (33.36, 35.17): "CY",  # Nicosia
}
CROSSINGS = {  # border crossings (lon, lat) and the states they join
    "Kipoi-Ipsala (Evros)": ((26.35, 40.92), {"GR", "TR"}),
    "Promachonas-Kulata": ((23.36, 41.39), {"GR", "BG"}),
    "Kakavia": ((20.31, 39.93), {"GR", "AL"}),
    "Kapitan Andreevo-Kapikule": ((26.33, 41.72), {"BG", "TR"}),
    "Evzonoi-Gevgelija": ((22.55, 41.13), {"GR", "YU"}),
}
EVROS = [(26.35, 41.55), (26.40, 41.25), (26.35, 41.00), (26.10, 40.80)]  # points on the river
BOSPORUS_EUROPE, BOSPORUS_ASIA = (29.02, 41.24), (29.37, 41.07)  # Kilyos, Omerli
DARDANELLES_EUROPE, DARDANELLES_ASIA = (26.30, 40.35), (26.45, 40.10)  # Gallipoli, Troad


@pytest.fixture(scope="module")
def data():
    return json.loads(MAP.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def operational(data):
    return {h["id"]: h for h in data["hexes"] if h["map"] == "operational"}


@pytest.fixture(scope="module")
def sides(data):
    return {(s["a"], s["b"]): s for s in data["hexsides"]}


def neighbours(hex_id: str) -> set[str]:
    """The six neighbours of a hex (flat-topped columns, even columns half a hex lower)."""
    col, row = int(hex_id[:2]), int(hex_id[2:])
    up = 0 if col % 2 == 0 else -1
    steps = [(0, -1), (0, 1), (-1, up), (-1, up + 1), (1, up), (1, up + 1)]
    return {f"{col + dc:02d}{row + dr:02d}" for dc, dr in steps}


def hex_at(operational, lon, lat):
    """The hex whose recorded centre is nearest (local flat earth)."""
    scale = math.cos(math.radians(lat))
    return min(
        operational,
        key=lambda h: (
            ((operational[h]["lonlat"][0] - lon) * scale) ** 2
            + (operational[h]["lonlat"][1] - lat) ** 2
        ),
    )


def side(sides, a, b):
    return sides.get((min(a, b), max(a, b)))


def test_every_hexside_joins_two_neighbouring_hexes_with_known_kinds(data, operational):
    assert data["hexsides"]
    assert set(data["hexside_kinds"]) == KINDS
    for record in data["hexsides"]:
        assert record["a"] < record["b"]
        assert record["b"] in neighbours(record["a"])
        assert {record["a"], record["b"]} <= set(operational)
        assert record["kinds"] and set(record["kinds"]) <= KINDS
        assert record["provenance"] in PROVENANCE
        assert ("strait" in record["kinds"]) == ("strait" in record)
    pairs = [(r["a"], r["b"]) for r in data["hexsides"]]
    assert len(pairs) == len(set(pairs))
    assert set(data["hexside_method"]) == {"nation", "landmass", *KINDS}


def test_land_hexes_have_a_nation_and_sea_hexes_none(operational):
    for hex_id, record in operational.items():
        if record["class"] == "sea":
            assert "nation" not in record, hex_id
        else:
            assert record["nation"] in NATIONS, hex_id
            assert record["provenance"]["nation"] == "reconstructed"


def test_known_cities_lie_in_hexes_of_their_1980s_state(operational):
    for (lon, lat), nation in KNOWN_NATIONS.items():
        assert operational[hex_at(operational, lon, lat)]["nation"] == nation, (lon, lat)


def test_border_hexsides_join_hexes_of_different_nations(operational, sides):
    borders = [s for s in sides.values() if "border" in s["kinds"]]
    assert len(borders) > 50
    for record in borders:
        assert operational[record["a"]]["nation"] != operational[record["b"]]["nation"]
    pairs = {frozenset(operational[s[h]]["nation"] for h in "ab") for s in borders}
    for pair in ({"GR", "TR"}, {"GR", "BG"}, {"BG", "TR"}, {"GR", "AL"}, {"GR", "YU"}):
        assert frozenset(pair) in pairs


def test_known_crossings_are_on_border_hexsides(operational, sides):
    """The crossing's hex, or a neighbour, is on a border hexside between the two states."""
    for name, (point, nations) in CROSSINGS.items():
        here = hex_at(operational, *point)
        near = neighbours(here) | {here}
        found = [
            k
            for k, s in sides.items()
            if "border" in s["kinds"]
            and set(k) & near
            and {operational[h]["nation"] for h in k} == nations
        ]
        assert found, name


def test_no_border_hexside_crosses_the_sea_between_greek_islands_and_turkey(operational, sides):
    for record in sides.values():
        if "border" in record["kinds"]:
            assert {operational[h]["class"] for h in (record["a"], record["b"])} != {"island"}


def test_the_evros_is_a_chain_of_river_hexsides_along_the_greek_turkish_border(operational, sides):
    greek_turkish = {
        k
        for k, s in sides.items()
        if {"river", "border"} <= set(s["kinds"])
        and {operational[h]["nation"] for h in k} == {"GR", "TR"}
    }
    assert len(greek_turkish) >= 6
    assert connected(greek_turkish)
    for point in EVROS:
        here = hex_at(operational, *point)
        assert any(here in k for k in greek_turkish) or any(
            set(k) & neighbours(here) for k in greek_turkish
        ), point


def connected(hexsides):
    """Whether hexsides form one chain: two hexsides meet when they share a corner, that is
    when their four hexes hold a hex common to both and the other two are neighbours (or the
    same)."""

    def meet(one, other):
        common = set(one) & set(other)
        if len(common) != 1:
            return False
        rest = (set(one) | set(other)) - common
        a, b = sorted(rest)
        return b in neighbours(a)

    todo, seen = [next(iter(hexsides))], set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        todo += [k for k in hexsides if k not in seen and meet(current, k)]
    return seen == set(hexsides)


def test_no_river_hexside_touches_an_all_sea_hex(operational, sides):
    for record in sides.values():
        for hex_id in (record["a"], record["b"]):
            assert operational[hex_id]["class"] != "sea", record


def test_the_major_rivers_of_greece_give_hexsides(operational, sides):
    rivers = {k for k, s in sides.items() if "river" in s["kinds"]}
    for name, (lon, lat) in {
        "Axios": (22.55, 41.05),
        "Strymon": (23.35, 41.25),
        "Aliakmon": (22.20, 40.45),
        "Nestos": (24.75, 41.15),
    }.items():
        here = hex_at(operational, lon, lat)
        assert any(here in pair for pair in rivers), name


def test_the_straits_separate_their_european_and_asian_shores(operational, sides):
    for name, europe, asia in (
        ("bosporus", BOSPORUS_EUROPE, BOSPORUS_ASIA),
        ("dardanelles", DARDANELLES_EUROPE, DARDANELLES_ASIA),
    ):
        a, b = hex_at(operational, *europe), hex_at(operational, *asia)
        record = side(sides, a, b)
        assert record is not None and record.get("strait") == name, (name, a, b)
        assert "strait" in record["kinds"]
    straits = {s["strait"] for s in sides.values() if "strait" in s}
    assert straits == {"bosporus", "dardanelles", "euripus"}


def test_the_map_outline_has_one_edge_per_hexside_kind(data):
    edges = Counter((e.a, e.b, e.kind) for e in map_outline("aegean-strike").edges)
    listed = Counter((s["a"], s["b"], kind) for s in data["hexsides"] for kind in s["kinds"])
    assert edges == listed
