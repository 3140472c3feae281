"""Coastlines under the Aegean Strike maps (``tools/build_map.py aegean-strike --backdrop``): the
file, where its lines fall against the hex classes of ``map.json`` on both grids, their drawing
and a rebuild."""

from __future__ import annotations

import hashlib
import json
import math
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.maps.geometry import CIRCUMRADIUS, check_backdrop_head, hexagon, sheet_lines
from tests.maps.rebuild import mapbuild_missing
from wargame.maps import map_outline

shapely = pytest.importorskip("shapely")

DATA = ROOT / "src/wargame/games/aegean_strike/data"
MAP = DATA / "map.json"
BACKDROP = DATA / "backdrop.json"
SHEETS = ("operational", "strategic")
COLUMN_STEP = math.sqrt(3) / 2
INLAND_DEPTH = 0.1  # hexes: how far inside a sea hex a coastline may not reach (simplification)
BARE_SHARE = 0.05  # coastal or island hexes a shoreline may miss (islets under the minimum area)


@pytest.fixture(scope="module")
def backdrop():
    return json.loads(BACKDROP.read_text(encoding="utf-8"))


def sheet_of(hex_id: str) -> str:
    return "strategic" if hex_id.startswith("S") else "operational"


def hex_polygon(hex_id: str):
    """A hex in its own grid's plane (x east, y south, in that grid's hex widths; flat-topped,
    even columns half a hex lower), worked out here from the id scheme, not taken from the
    builder."""
    digits = hex_id.removeprefix("S")
    col, row = int(digits[:2]), int(digits[2:])
    x, y = (col + 1) * COLUMN_STEP, row + ((col + 1) % 2) / 2
    return hexagon(x, y, 0.0)


def test_the_file_follows_its_schema(backdrop):
    check_backdrop_head(backdrop, "aegean-strike")
    assert "y south" in backdrop["frame"]
    assert set(backdrop["sheets"]) == set(SHEETS)
    for key, sheet in backdrop["sheets"].items():
        assert set(sheet) == {"anchors", "coast", "lake", "border"}
        assert len(sheet["anchors"]) == 3
        assert {sheet_of(h) for h in sheet["anchors"]} == {key}
        assert len(sheet["coast"]) > 100
        for line in sheet["coast"] + sheet["lake"]:
            assert len(line) >= 2 and all(len(point) == 2 for point in line)


def test_the_anchors_are_the_centres_of_their_hexes(backdrop, hexes):
    for sheet in backdrop["sheets"].values():
        for hex_id, point in sheet["anchors"].items():
            assert hex_id in hexes
            centre = hex_polygon(hex_id).centroid
            assert math.dist(point, (centre.x, centre.y)) < 1e-5


def test_the_build_record_matches_the_map_and_inputs_it_was_built_from(backdrop):
    inputs = backdrop["build"]["inputs"]
    assert str(MAP.relative_to(ROOT)) in inputs
    for path, digest in inputs.items():
        assert hashlib.sha256((ROOT / path).read_bytes()).hexdigest() == digest, path


def test_every_line_lies_within_its_sheet(backdrop, hexes):
    for key in SHEETS:
        area = shapely.union_all([hex_polygon(h) for h in hexes if sheet_of(h) == key])
        for kind in backdrop["kinds"]:
            assert area.buffer(1e-3).contains(sheet_lines(backdrop, key, kind)), (key, kind)


def test_the_coast_passes_through_every_port_of_the_map(backdrop, hexes):
    ports = [h for h, record in hexes.items() if record.get("port")]
    assert {sheet_of(h) for h in ports} == set(SHEETS)
    for port in ports:
        assert sheet_lines(backdrop, sheet_of(port)).intersects(hex_polygon(port)), port


def test_no_coast_reaches_into_a_sea_hex(backdrop, hexes):
    for key in SHEETS:
        coast = sheet_lines(backdrop, key)
        wet = [
            hex_polygon(h).buffer(-INLAND_DEPTH)
            for h, record in hexes.items()
            if record["class"] == "sea" and sheet_of(h) == key
        ]
        assert wet, key
        crossed = [i for i in shapely.STRtree(wet).query(coast) if wet[i].intersects(coast)]
        assert crossed == [], key


def test_no_land_hex_deep_inland_has_a_coast(backdrop, hexes):
    """A land hex (at least 97% land) may hold a lake shore or a sliver of coast near its edge,
    but no coastline through its middle."""
    for key in SHEETS:
        coast = sheet_lines(backdrop, key)
        inland = [
            h
            for h, record in hexes.items()
            if record["class"] == "land" and sheet_of(h) == key
            if coast.intersects(hex_polygon(h).centroid.buffer(CIRCUMRADIUS / 3))
        ]
        assert inland == [], key


def test_almost_every_coastal_or_island_hex_has_a_shoreline(backdrop, hexes):
    for key in SHEETS:
        shores = shapely.union_all([sheet_lines(backdrop, key, k) for k in ("coast", "lake")])
        mixed = [
            h
            for h, record in hexes.items()
            if record["class"] in ("coastal", "island") and sheet_of(h) == key
        ]
        bare = [h for h in mixed if not shores.intersects(hex_polygon(h))]
        assert len(bare) <= BARE_SHARE * len(mixed), (key, bare)


def test_the_map_outline_places_the_lines_on_its_hexes(hexes):
    outline = map_outline("aegean-strike")
    assert {(line.sheet, line.kind) for line in outline.backdrop} == {
        (sheet, kind) for sheet in SHEETS for kind in ("coast", "lake", "border")
    }
    for key in SHEETS:
        port = min(h for h, record in hexes.items() if record.get("port") and sheet_of(h) == key)
        drawn = outline.hex(port)
        radius = math.dist(drawn.centre, drawn.corners[0])
        nearest = min(
            math.dist(point, drawn.centre)
            for line in outline.backdrop
            if line.sheet == key
            for point in line.points
        )
        assert nearest < radius, port


def test_a_sheet_keeps_only_its_own_lines():
    strategic = map_outline("aegean-strike").on_sheet("strategic")
    assert strategic.backdrop and {line.sheet for line in strategic.backdrop} == {"strategic"}


@pytest.mark.skipif(mapbuild_missing() is not None, reason=str(mapbuild_missing()))
def test_a_rebuild_gives_the_checked_in_file_byte_for_byte(tmp_path):
    out = tmp_path / "backdrop.json"
    command = [sys.executable, str(ROOT / "tools/build_map.py"), "aegean-strike", "--backdrop"]
    result = subprocess.run(
        [*command, "--out", str(out)], capture_output=True, text=True, cwd=ROOT, timeout=900
    )
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == BACKDROP.read_bytes()
