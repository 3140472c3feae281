"""Clear and rough terrain of the Aegean Strike operational hexes (``tools/build_map.py
aegean-strike``, ``tools/mapbuild/aegean_terrain.py``).

The plains and ranges below are plain geography written out here (lon/lat of a point in each);
the builder's threshold was set on some of them, so the test also checks ranges and plains it was
not set on.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.conftest import ROOT
from tests.maps.places import nearest_hex

pytestmark = pytest.mark.game("aegean-strike")

MAP = ROOT / "src/wargame/games/aegean_strike/data/map.json"
PLAINS = {  # lon, lat
    "Thessaly (Larisa)": (22.30, 39.60),
    "Thrace (Ergene basin)": (27.30, 41.20),
    "Konya plain": (32.70, 37.80),
    "Tuz Golu basin": (33.20, 38.90),
    "Upper Thracian plain (Plovdiv)": (24.75, 42.15),
    "Central Macedonian plain": (22.60, 40.75),
    "Eskisehir plain": (30.80, 39.75),
    "Danubian plain (Ruse)": (26.00, 43.40),
    "Messara (Crete)": (24.90, 35.00),
}
RANGES = {
    "Pindus": (21.20, 39.80),
    "Rhodopes": (24.60, 41.60),
    "Olympus": (22.35, 40.08),
    "Balkan range": (25.00, 42.75),
    "Pirin": (23.45, 41.75),
    "Kaz Dagi (Ida)": (26.90, 39.70),
    "Uludag": (29.20, 40.05),
    "Western Taurus": (30.50, 37.00),
    "Psiloritis (Crete)": (24.80, 35.20),
    "Albanian highlands": (20.20, 40.60),
    "Taygetos": (22.35, 37.00),
    "Troodos (Cyprus)": (32.85, 34.95),
}


@pytest.fixture(scope="module")
def operational(hexes):
    return {k: h for k, h in hexes.items() if h["map"] == "operational"}


def test_every_hex_with_land_is_clear_or_rough(data, operational):
    for hex_id, record in operational.items():
        if record["class"] == "sea":
            assert "terrain" not in record, hex_id
        else:
            assert record["terrain"] in ("clear", "rough"), hex_id
            assert record["provenance"]["terrain"] == "reconstructed"
            assert record["relief"] >= 0.0
    assert data["terrain_method"]
    assert any("shaded relief" in line for line in data["attributions"])


@pytest.mark.parametrize("name", sorted(PLAINS))
def test_plains_are_clear(operational, name):
    assert nearest_hex(operational, *PLAINS[name])["terrain"] == "clear", name


@pytest.mark.parametrize("name", sorted(RANGES))
def test_mountain_ranges_are_rough(operational, name):
    assert nearest_hex(operational, *RANGES[name])["terrain"] == "rough", name


def test_both_kinds_are_common_and_rough_follows_the_relief_index(operational):
    land = [h for h in operational.values() if h["class"] != "sea"]
    counts = Counter(h["terrain"] for h in land)
    assert 0.25 * len(land) < counts["rough"] < 0.8 * len(land)
    least_rough = min(h["relief"] for h in land if h["terrain"] == "rough")
    assert all(h["relief"] <= least_rough for h in land if h["terrain"] == "clear")


STRATEGIC_ROUGH = {  # lon, lat near a strategic hex's centre
    "the Alps (Engadin)": (9.80, 46.40),
    "the central Apennines": (13.50, 42.30),
    "the Greater Caucasus": (43.00, 42.70),
    "the Eastern Anatolian highlands (Erzurum)": (41.30, 39.90),
}
STRATEGIC_CLEAR = {
    "the Libyan desert": (20.30, 30.70),
    "the Nile delta": (31.00, 30.80),
    "the Ukrainian steppe": (31.00, 46.50),
    "the Wallachian plain (Bucharest)": (26.10, 44.40),
    "the Syrian desert": (38.80, 34.50),
    "the Pannonian plain": (19.50, 46.50),
}


@pytest.fixture(scope="module")
def strategic(hexes):
    return {k: h for k, h in hexes.items() if h["map"] == "strategic"}


def test_every_strategic_hex_with_land_is_clear_or_rough(strategic):
    for hex_id, record in strategic.items():
        if record["class"] == "sea":
            assert "terrain" not in record, hex_id
            continue
        assert record["terrain"] in ("clear", "rough"), hex_id
        assert record["provenance"]["terrain"] == "reconstructed"
        assert (record["rough_share"] >= 0.5) == (record["terrain"] == "rough"), hex_id


@pytest.mark.parametrize("name", sorted(STRATEGIC_ROUGH))
def test_strategic_hexes_of_mountain_lands_are_rough(strategic, name):
    assert nearest_hex(strategic, *STRATEGIC_ROUGH[name])["terrain"] == "rough", name


@pytest.mark.parametrize("name", sorted(STRATEGIC_CLEAR))
def test_strategic_hexes_of_plains_and_deserts_are_clear(strategic, name):
    assert nearest_hex(strategic, *STRATEGIC_CLEAR[name])["terrain"] == "clear", name


def test_a_strategic_hex_inside_the_ring_is_what_most_of_its_operational_land_is(
    operational, strategic
):
    """Inside the transitional ring the strategic hex's cells are its operational hexes, so its
    share of rough land is theirs, by land area."""
    land, rough = Counter(), Counter()
    for record in operational.values():
        if record["class"] != "sea":
            land[record["strategic"]] += record["land_km2"]
            rough[record["strategic"]] += record["land_km2"] * (record["terrain"] == "rough")
    inside = [h for h, record in strategic.items() if record["area"] == "inside"]
    assert len(inside) >= 8
    for hex_id in inside:
        assert abs(strategic[hex_id]["rough_share"] - rough[hex_id] / land[hex_id]) <= 0.05
