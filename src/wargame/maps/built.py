"""Maps written by ``tools/build_map.py`` (``format`` 1) as outlines.

Such a file lists its sheets (``cols``, ``rows``, ``lon_0``) and its hexes (``id``, ``class``,
an optional ``place`` with ``name`` and ``name_ja``). Ids are ``<sheet><row><col>`` with two
digits each; hexes are pointy-topped in rows rising northward, odd rows half a hex east (the grid
of ``tools/mapbuild/grid.py``). Every sheet keeps its own numbers; for a picture of the whole map
the sheets are laid side by side from west to east (by ``lon_0``), one empty column apart.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from wargame.engine.board import HexGrid, HexLayout, IdOrder, RowsGrow, Sheet
from wargame.engine.errors import DataError
from wargame.maps import HexOutline, MapOutline

GAMES = Path(__file__).resolve().parent.parent / "games"
SUPPORTED_FORMAT = 1
NUMBER_DIGITS = 4  # two for the row, two for the column
SHEET_GAP = 1  # empty columns between two sheets laid side by side


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
    return MapOutline(game, dict(data["classes"]), hexes, tuple(s.prefix for s in sheets))


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
