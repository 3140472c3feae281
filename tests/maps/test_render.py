"""``wargame map``: every game map as hex outlines, and the pictures drawn from them.

The outline tests need no matplotlib; the drawing tests are skipped without it.
"""

from __future__ import annotations

import json
import math
import sys

import pytest

import wargame.maps
from tests.conftest import ROOT
from wargame.cli import main
from wargame.engine.errors import WargameError
from wargame.maps import HexOutline, MapOutline, map_outline
from wargame.maps.render import Labels, choose, write_map

MAP_FILES = {
    "empire-of-the-sun": ROOT / "src/wargame/games/empire_of_the_sun/data/map.json",
    "dai-senso": ROOT / "src/wargame/games/dai_senso/data/map.json",
}
SEA = {"empire-of-the-sun": "ocean", "dai-senso": "sea"}
# places whose relative position any atlas shows: (west, east) and (south, north) pairs
WEST_EAST = {
    "empire-of-the-sun": [("1704", "3706"), ("3706", "5108")],  # Calcutta, Tokyo, Midway
    "dai-senso": [("w3218", "w3824"), ("e4801", "e4904")],  # Singapore, Manila; Nagasaki, Tokyo
}
SOUTH_NORTH = {
    "empire-of-the-sun": [("2819", "3706"), ("2110", "2707")],  # Batavia, Tokyo; Bangkok, Shanghai
    "dai-senso": [("w2819", "w3824"), ("e2808", "e3408"), ("e4904", "e5205")],
}


@pytest.fixture(scope="module", params=sorted(MAP_FILES))  # the hex maps
def outline(request) -> MapOutline:
    return map_outline(request.param)


def by_id(outline: MapOutline) -> dict[str, HexOutline]:
    return {h.id: h for h in outline.hexes}


def rounded(point):
    return round(point[0], 6), round(point[1], 6)


def shared_corners(a: HexOutline, b: HexOutline) -> int:
    return len({rounded(p) for p in a.corners} & {rounded(p) for p in b.corners})


def test_every_hex_of_the_file_is_drawn_once_with_its_class(outline):
    records = json.loads(MAP_FILES[outline.game].read_text(encoding="utf-8"))["hexes"]
    drawn = [h.id for h in outline.hexes]
    assert sorted(drawn) == sorted(r["id"] for r in records)
    assert len(set(drawn)) == len(drawn)
    assert {h.kind for h in outline.hexes} <= set(outline.kinds)
    assert SEA[outline.game] in outline.kinds


def test_hexes_are_regular_hexagons_of_one_size(outline):
    radii = set()
    for hex_outline in outline.hexes:
        assert len(hex_outline.corners) == 6
        radii |= {round(math.dist(hex_outline.centre, c), 6) for c in hex_outline.corners}
        sides = {round(math.dist(p, q), 6) for p, q in zip(hex_outline.corners,
                 hex_outline.corners[1:] + hex_outline.corners[:1], strict=True)}  # fmt: skip
        assert len(sides) == 1
    assert len(radii) == 1


def test_neighbours_share_an_edge_and_no_hexes_overlap(outline):
    """Hexes whose centres are one hex apart share exactly two corners; no two centres are
    closer than that, so the outlines tile the map."""
    hexes = outline.hexes
    radius = math.dist(hexes[0].centre, hexes[0].corners[0])
    step = radius * math.sqrt(3)
    cells: dict[tuple[int, int], list[HexOutline]] = {}
    for hex_outline in hexes:
        x, y = hex_outline.centre
        cells.setdefault((int(x // step), int(y // step)), []).append(hex_outline)
    pairs = 0
    for (cx, cy), members in cells.items():
        near = [
            h for dx in (-1, 0, 1) for dy in (-1, 0, 1) for h in cells.get((cx + dx, cy + dy), [])
        ]
        for a in members:
            for b in near:
                if a.id < b.id:
                    distance = math.dist(a.centre, b.centre)
                    assert distance > step * 0.999, (a.id, b.id)
                    if distance < step * 1.001:
                        assert shared_corners(a, b) == 2, (a.id, b.id)
                        pairs += 1
    assert pairs > 2 * len(hexes)  # most hexes have six neighbours


@pytest.mark.parametrize(
    ("game", "a", "b", "adjacent"),
    [
        ("empire-of-the-sun", "2220", "2219", True),
        ("empire-of-the-sun", "2220", "2319", True),  # odd-q: column 23 is half a hex lower
        ("empire-of-the-sun", "2220", "2320", True),
        ("empire-of-the-sun", "2220", "2321", False),
        ("dai-senso", "w3218", "w3219", True),  # same row
        ("dai-senso", "w3218", "w3318", True),  # odd row 33 is half a hex east of row 32
        ("dai-senso", "w3218", "w3317", True),
        ("dai-senso", "w3218", "w3319", False),
        ("dai-senso", "w3318", "w3419", True),
        ("dai-senso", "w3318", "w3417", False),
    ],
)
def test_hexes_adjacent_in_the_rules_share_an_edge(game, a, b, adjacent):
    hexes = by_id(map_outline(game))
    assert shared_corners(hexes[a], hexes[b]) == (2 if adjacent else 0)


def test_north_is_up_and_east_is_right(outline):
    hexes = by_id(outline)
    for west, east in WEST_EAST[outline.game]:
        assert hexes[west].centre[0] < hexes[east].centre[0]
    for south, north in SOUTH_NORTH[outline.game]:
        assert hexes[north].centre[1] < hexes[south].centre[1]  # y grows down the page


def test_place_names_come_in_both_languages():
    eots, dai_senso = by_id(map_outline("empire-of-the-sun")), by_id(map_outline("dai-senso"))
    assert eots["3706"].name("en") == "Tokyo" and eots["3706"].name("ja")
    assert dai_senso["e2611"].name("ja") == "ガダルカナル"
    assert dai_senso["w3218"].name("en") == "Singapore"
    assert dai_senso["w3218"].name("fr") == "Singapore"  # falls back to English
    assert dai_senso["e0801"].name("en") is None


def test_a_sheet_keeps_its_own_hexes_and_the_sheets_do_not_overlap():
    whole = map_outline("dai-senso")
    east, west = whole.on_sheet("e"), whole.on_sheet("w")
    assert east.hexes and all(h.id.startswith("e") for h in east.hexes)
    assert len(east.hexes) + len(west.hexes) == len(whole.hexes)
    west_edge = max(x for h in west.hexes for x, _ in h.corners)
    assert west_edge <= min(x for h in east.hexes for x, _ in h.corners)
    with pytest.raises(WargameError, match="no map sheet 'x'; sheets: w, e"):
        whole.on_sheet("x")
    with pytest.raises(WargameError, match="single map sheet"):
        map_outline("empire-of-the-sun").on_sheet("e")


@pytest.mark.parametrize(
    ("game", "sheet", "corner", "opposite"),
    [("empire-of-the-sun", None, "3509", "3804"), ("dai-senso", "w", "w4224", "w3722")],
)
def test_a_region_keeps_exactly_the_hexes_inside_its_box(game, sheet, corner, opposite):
    whole = map_outline(game)
    region = choose(whole, sheet, f"{corner}, {opposite}")
    kept = {h.id for h in region.hexes}
    (x1, y1), (x2, y2) = whole.hex(corner).centre, whole.hex(opposite).centre
    for hex_outline in whole.hexes:
        x, y = hex_outline.centre
        inside = min(x1, x2) - 1e-9 <= x <= max(x1, x2) + 1e-9
        inside = inside and min(y1, y2) - 1e-9 <= y <= max(y1, y2) + 1e-9
        assert (hex_outline.id in kept) == inside, hex_outline.id
    assert {corner, opposite} <= kept and 6 < len(kept) < len(whole.hexes) / 10
    assert corner in region.part and (sheet is None or f"sheet {sheet}" in region.part)


def test_a_region_keeps_the_coastlines_near_it_and_no_others():
    whole = map_outline("dai-senso").on_sheet("e")
    region = whole.within("e4701", "e5005")
    radius = math.dist(whole.hexes[0].centre, whole.hexes[0].corners[0])
    xs, ys = zip(*(h.centre for h in region.hexes), strict=True)
    box = (min(xs) - 2 * radius, min(ys) - 2 * radius, max(xs) + 2 * radius, max(ys) + 2 * radius)

    def in_box(point):
        return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]

    kept = [point for line in region.backdrop for point in line.points]
    near = {point for line in whole.backdrop for point in line.points if in_box(point)}
    assert near and near <= set(kept)  # Honshu's coast around Tokyo, whole
    assert all(in_box(point) for line in region.backdrop for point in line.points[1:-1])
    assert len(kept) < len(near) + 2 * len(region.backdrop)  # only one point beyond each end


def test_a_region_of_one_hex_is_that_hex():
    region = choose(map_outline("empire-of-the-sun"), None, "3706,3706")
    assert [h.id for h in region.hexes] == ["3706"]


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["map", "no-such-game"], ["unknown game 'no-such-game'"]),
        (["map", "aegean-strike", "--sheet", "w"], ["no map sheet 'w'"]),
        (["map", "empire-of-the-sun", "--region", "3706"], ["--region wants two hex ids"]),
        (["map", "empire-of-the-sun", "--region", "3706,9999"], ["no hex '9999'"]),
        (["map", "dai-senso", "--sheet", "e", "--region", "e4904,w3218"], ["no hex 'w3218'"]),
        (["map", "dai-senso", "--sheet", "n"], ["no map sheet 'n'"]),
    ],
)
def test_bad_requests_get_one_line_and_write_nothing(capsys, tmp_path, argv, fragments):
    out = tmp_path / "map.png"
    assert_one_line_error(capsys, [*argv, "--out", str(out)], *fragments)
    assert not out.exists()


@pytest.mark.parametrize("name", ["map.pdf", "map", "map.png.txt"])
def test_an_unsupported_picture_format_is_refused(capsys, tmp_path, name):
    out = tmp_path / name
    assert_one_line_error(capsys, ["map", "dai-senso", "--out", str(out)], "must end in .png, .svg")
    assert list(tmp_path.iterdir()) == []


def test_a_missing_folder_is_refused_before_drawing(capsys, tmp_path):
    out = tmp_path / "nowhere" / "map.svg"
    assert_one_line_error(capsys, ["map", "dai-senso", "--out", str(out)], "no folder")
    assert not out.parent.exists()


def test_without_matplotlib_the_error_says_what_to_install(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.delitem(sys.modules, "wargame.maps.drawing", raising=False)
    monkeypatch.delattr(wargame.maps, "drawing", raising=False)  # an earlier test imported it
    out = tmp_path / "map.png"
    assert_one_line_error(
        capsys, ["map", "dai-senso", "--out", str(out)], "pip install 'wargame[render]'"
    )
    assert not out.exists()


def assert_one_line_error(capsys, argv, *fragments):
    code = main(argv)
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1, err
    assert err[0].startswith("wargame: error: ")
    for fragment in fragments:
        assert fragment in err[0], err[0]


# -- pictures (matplotlib) ---------------------------------------------------------------------


@pytest.fixture
def pyplot_image():
    return pytest.importorskip("matplotlib.image")


def test_a_png_shows_sea_and_land_in_their_colours(pyplot_image, capsys, tmp_path):
    from wargame.maps.drawing import COLOURS

    out = tmp_path / "java.png"
    code = main(["map", "dai-senso", "--sheet", "w", "--region", "w2617,w2921", "--out", str(out)])
    assert code == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    assert "hexes of the dai-senso map" in capsys.readouterr().out
    pixels = pyplot_image.imread(out)
    colours = {tuple(round(float(v) * 255) for v in pixel[:3]) for pixel in pixels.reshape(-1, 4)}
    for kind in ("sea", "coastal"):
        wanted = tuple(int(COLOURS[kind][i : i + 2], 16) for i in (1, 3, 5))
        assert wanted in colours, kind


def test_an_svg_carries_ids_and_japanese_names_as_text(pyplot_image, capsys, tmp_path):
    out = tmp_path / "solomons.svg"
    argv = ["map", "dai-senso", "--region", "e2508,e2812", "--ids", "--names", "--lang", "ja"]
    assert main([*argv, "--out", str(out)]) == 0
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and "</svg>" in svg
    assert "e2611" in svg and "ガダルカナル" in svg and "Guadalcanal" not in svg
    assert "e0801" not in svg  # cropped away


def test_without_labels_no_text_but_the_title_and_legend(pyplot_image, tmp_path):
    out = tmp_path / "plain.svg"
    write_map("empire-of-the-sun", out, Labels(), region="3706,3807")
    svg = out.read_text(encoding="utf-8")
    assert "empire-of-the-sun map (3706 to 3807)" in svg and "ocean: all-sea hex" in svg
    assert "Tokyo" not in svg and ">3706<" not in svg


def test_an_unwritable_path_gets_one_line(pyplot_image, capsys, tmp_path):
    out = tmp_path / "taken.png"
    out.mkdir()
    argv = ["map", "empire-of-the-sun", "--region", "3706,3706", "--out", str(out)]
    assert_one_line_error(capsys, argv, "cannot write")
    assert out.is_dir() and not list(out.iterdir())


def test_without_a_japanese_font_a_warning_line_and_the_picture_all_the_same(
    pyplot_image, capsys, tmp_path, monkeypatch
):
    from wargame.maps import drawing

    monkeypatch.setattr(drawing, "JAPANESE_FONTS", ())
    out = tmp_path / "tokyo.png"
    argv = ["map", "dai-senso", "--region", "e4904,e4904", "--names", "--lang", "ja"]
    assert main([*argv, "--out", str(out)]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("wargame: warning: no Japanese font")
    assert out.read_bytes().startswith(b"\x89PNG")
