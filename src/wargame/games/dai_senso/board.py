"""The map of Dai Senso! as the rules read it (``data/map.json``): which hexes touch, what each hex
and hexside is, and what entering a hex costs by the Terrain Effects Chart (3.1.1, 4.2.3.8).

Decisions
- The two sheets are one grid: the east sheet's column 01 lies next to the west sheet's column 28,
  row for row (the built map keeps each sheet's own numbers and joins neither; their hexes there
  stand about half a hex apart, and the set-ups use hexes on both sides of the seam, so merging
  the two columns would lose hexes). Provisional (stand-in ``sheet_seam`` of 3.1.1).
- A hexside the build recorded nothing for is open ground; a side with an all-sea hex on either
  hand is all-sea (the build records only sides between two land hexes).
- Lake hexsides count as all-sea ones for zones of control (the TEC groups them, 8, 17.2).
- The map marks no roads, rails or cities yet: movement pays hex and hexside terrain (rivers and
  mountains) only, and no city shift is given (TEC rows without map data are not read).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from wargame.engine.board import HexGrid, HexLayout, IdOrder, RowsGrow, Sheet

MAP_FILE: Final = Path(__file__).parent / "data" / "map.json"
WEST_COLUMNS: Final = 28
"""The west sheet's columns: the east sheet's column 01 is the 29th of the joined grid."""
BLOCKING: Final = frozenset({"all_sea", "lake"})
"""Hexside kinds only a beachhead or marines cross (TEC)."""


@dataclass(frozen=True)
class Hex:
    id: str
    sea: bool
    terrain: str
    name: str
    name_ja: str
    country: str
    """The country, dependent or region the hex belongs to ("" for an all-sea hex)."""


class Board:
    """The joined grid, each hex's record and each land hexside's kinds."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.hexes = {record["id"]: _hex(record) for record in raw["hexes"]}
        self.grid = HexGrid(
            HexLayout.ODD_R,
            id_order=IdOrder.ROW_COL,
            sheets=[Sheet("w", 0, 0), Sheet("e", WEST_COLUMNS, 0)],
            hexes=self.hexes,
            rows_grow=RowsGrow.UP,
        )
        self.countries: dict[str, list[str]] = {}
        for hex_ in self.hexes.values():
            self.countries.setdefault(hex_.country, []).append(hex_.id)
        self.country_names: dict[str, tuple[str, str]] = {
            country: (record["name"], record.get("name_ja", record["name"]))
            for country, record in raw.get("countries", {}).items()
        }
        """Each country, dependent or region by its id: its name in English and in Japanese."""
        self.area_kinds: dict[str, tuple[str, str | None]] = {
            country: (record["kind"], record.get("owner"))
            for country, record in raw.get("countries", {}).items()
        }
        """Each country, dependent or region by its id: its kind (major, minor, dependent,
        region) and, for a dependent or region, the area that owns it (13.2, 13.3)."""
        self.country_kinds: dict[str, str] = {
            country: kind for country, (kind, _owner) in self.area_kinds.items()
        }
        """Each country, dependent or region by its id: major, minor, dependent or region."""
        self.off_map_boxes: dict[str, Mapping[str, Any]] = dict(raw.get("off_map_boxes", {}))
        """Each off-map box by its id: its faction, names, printed adjacency (spec §1.4)."""
        self.sides: dict[frozenset[str], frozenset[str]] = {
            frozenset((side["a"], side["b"])): frozenset(side["kinds"]) for side in raw["hexsides"]
        }

    def neighbours(self, hex_id: str) -> list[str]:
        return self.grid.neighbours(hex_id)

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.grid.neighbours(a)

    def distance(self, a: str, b: str) -> int:
        return self.grid.distance(a, b)

    def side_kinds(self, a: str, b: str) -> frozenset[str]:
        """The kinds of the hexside between ``a`` and ``b`` (all-sea if either is all sea)."""
        if self.hexes[a].sea or self.hexes[b].sea:
            return frozenset({"all_sea"})
        return self.sides.get(frozenset((a, b)), frozenset())

    def blocked(self, a: str, b: str) -> bool:
        """An all-sea or lake hexside, or an all-sea hex beyond it (3.1.4)."""
        return bool(self.side_kinds(a, b) & BLOCKING)

    def projects_zoc(self, a: str, b: str) -> bool:
        """Whether a unit in ``a`` projects its zone of control into ``b`` (8)."""
        return not self.side_kinds(a, b) & {"all_sea", "lake", "strait", "mountain"}

    def name(self, hex_id: str) -> str:
        found = self.hexes[hex_id].name
        return f"{found} ({hex_id})" if found else hex_id


def _hex(record: Mapping[str, Any]) -> Hex:
    place = record.get("place") or {}
    return Hex(
        record["id"],
        record["class"] == "sea",
        record.get("terrain", "all_sea"),
        place.get("name", ""),
        place.get("name_ja", ""),
        record.get("country", ""),
    )


@cache
def board() -> Board:
    """The game's map, loaded once."""
    return Board(json.loads(MAP_FILE.read_text(encoding="utf-8")))
