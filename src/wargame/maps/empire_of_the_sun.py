"""The Empire of the Sun map as outlines: the hexes of ``data/map.json`` placed by the game's own
grid (odd-q ``CCRR`` ids, flat-topped, rows growing down), coloured by terrain; hexes outside the
playable area form their own class."""

from __future__ import annotations

from wargame.games.empire_of_the_sun.static import Hex, static
from wargame.maps import HexOutline, MapOutline

GAME = "empire-of-the-sun"
OFF_MAP = "off_map"
KINDS = {
    "ocean": "all-sea hex",
    "open": "open land",
    "jungle": "jungle",
    "mixed": "land and sea",
    "mountain": "mountain",
    "atoll": "atoll",
    OFF_MAP: "outside the playable area",
}


def outline() -> MapOutline:
    printed = static()
    grid = printed.grid
    hexes = tuple(
        HexOutline(record.id, tuple(grid.corners(record.id)), _kind(record), names=_names(record))
        for record in printed.map_file.hexes
    )
    return MapOutline(GAME, KINDS, hexes)


def _kind(record: Hex) -> str:
    return OFF_MAP if OFF_MAP in record.areas else record.terrain


def _names(record: Hex) -> dict[str, str]:
    pairs = (("en", record.name), ("ja", record.name_ja))
    return {lang: name for lang, name in pairs if name}
