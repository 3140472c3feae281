"""Maps written by ``tools/build_map.py`` (``format`` 1) as outlines.

Such a file lists its sheets (``cols``, ``rows``, ``lon_0``) and its hexes (``id``, ``class``,
an optional ``place`` with ``name`` and ``name_ja``) and, if built, its ``hexsides`` (two hex ids
and their kinds: one edge per kind, drawn with ``--edges``). Ids are ``<sheet><row><col>`` with two
digits each; hexes are pointy-topped in rows rising northward, odd rows half a hex east (the grid
of ``tools/mapbuild/grid.py``). Every sheet keeps its own numbers; for a picture of the whole map
the sheets are laid side by side from west to east (by ``lon_0``), one empty column apart.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from wargame.engine.board import HexGrid, HexLayout, IdOrder, RowsGrow, Sheet
from wargame.engine.errors import DataError
from wargame.maps import BackdropLine, EdgeOutline, HexOutline, MapOutline, Point

GAMES = Path(__file__).resolve().parent.parent / "games"
SUPPORTED_FORMAT = 1
NUMBER_DIGITS = 4  # two for the row, two for the column
SHEET_GAP = 1  # empty columns between two sheets laid side by side
BACKDROP = "backdrop.json"  # coastlines in the map's frame, beside the map file


def dai_senso() -> MapOutline:
    return read_built_map("dai-senso", GAMES / "dai_senso" / "data" / "map.json")


def read_built_map(game: str, path: Path) -> MapOutline:
    data = _load(path)
    sheets = _sheets_west_to_east(data["sheets"])
    grid = HexGrid(
        HexLayout.ODD_R,
        id_order=IdOrder.ROW_COL,
        sheets=sheets,
        hexes=[record["id"] for record in data["hexes"]],
        rows_grow=RowsGrow.UP,
    )
    hexes = tuple(_hex(grid, record) for record in data["hexes"])
    prefixes = tuple(s.prefix for s in sheets)
    backdrop = read_backdrop(path.with_name(BACKDROP), grid)
    edges = tuple(
        EdgeOutline(side["a"], side["b"], kind)
        for side in data.get("hexsides", ())
        for kind in side["kinds"]
    )
    return MapOutline(game, dict(data["classes"]), hexes, prefixes, edges=edges, backdrop=backdrop)


class Centres(Protocol):
    """Where a hex's centre is drawn (a ``HexGrid`` is one)."""

    def centre(self, hex_id: str) -> Point: ...


def read_backdrop(path: Path, grid: Centres) -> tuple[BackdropLine, ...]:
    """The lines of a ``backdrop.json`` (``tools/build_map.py GAME --backdrop``) placed in the
    grid's drawing frame by each sheet's anchor hexes; none if there is no such file."""
    if not path.exists():
        return ()
    data = _load(path)
    lines: list[BackdropLine] = []
    for sheet, record in sorted(data["sheets"].items()):
        place = _anchored(record["anchors"], grid)
        for kind in sorted(data["kinds"]):
            lines.extend(
                BackdropLine(tuple(place(p) for p in points), kind, sheet)
                for points in record.get(kind, ())
            )
    return tuple(lines)


def _anchored(anchors: dict[str, list[float]], grid: Centres) -> Callable[[list[float]], Point]:
    """The affine map taking each anchor's point to its hex centre in the drawing frame:
    a point is written in the anchors' frame as ``p0 + s (p1 - p0) + t (p2 - p0)`` and the same
    ``s, t`` are applied to the centres."""
    (p0, q0), (p1, q1), (p2, q2) = ((p, grid.centre(h)) for h, p in sorted(anchors.items()))
    u, v = (p1[0] - p0[0], p1[1] - p0[1]), (p2[0] - p0[0], p2[1] - p0[1])
    det = u[0] * v[1] - u[1] * v[0]
    if abs(det) < 1e-12:
        raise DataError(f"backdrop anchors {sorted(anchors)} lie on one line")

    def place(point: list[float]) -> Point:
        dx, dy = point[0] - p0[0], point[1] - p0[1]
        s, t = (dx * v[1] - dy * v[0]) / det, (u[0] * dy - u[1] * dx) / det
        return (
            q0[0] + s * (q1[0] - q0[0]) + t * (q2[0] - q0[0]),
            q0[1] + s * (q1[1] - q0[1]) + t * (q2[1] - q0[1]),
        )

    return place


def _load(path: Path) -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise DataError(f"cannot read the map {path}: {error}") from None
    if data.get("format") != SUPPORTED_FORMAT:
        raise DataError(f"{path}: map format {data.get('format')!r}, not {SUPPORTED_FORMAT}")
    return data


def _sheets_west_to_east(sheets: dict[str, dict[str, Any]]) -> list[Sheet]:
    placed = []
    next_col = 0
    for prefix, sheet in sorted(sheets.items(), key=lambda item: item[1]["lon_0"]):
        first, last = sheet["cols"]
        placed.append(Sheet(prefix, next_col - first, 0))
        next_col += last - first + 1 + SHEET_GAP
    return placed


def _hex(grid: HexGrid, record: dict[str, Any]) -> HexOutline:
    hex_id = record["id"]
    place = record.get("place") or {}
    names = {lang: place[key] for lang, key in (("en", "name"), ("ja", "name_ja")) if key in place}
    sheet = hex_id[:-NUMBER_DIGITS]
    return HexOutline(hex_id, tuple(grid.corners(hex_id)), record["class"], sheet, names)
