"""The Empire of the Sun map as outlines: the hexes of ``data/map.json`` placed by the game's own
grid (odd-q ``CCRR`` ids, flat-topped, rows growing down), coloured by terrain; hexes outside the
playable area form their own class. Coastlines come from ``data/backdrop.json`` when it has any
(its fit to geography is recorded there; they are left out while the fit is too poor)."""

from __future__ import annotations

from wargame.games.empire_of_the_sun.static import Hex, static
from wargame.maps import HexOutline, MapOutline
from wargame.maps.built import BACKDROP, read_backdrop

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
    backdrop = read_backdrop(printed.directory / BACKDROP, grid)
    return MapOutline(GAME, KINDS, hexes, backdrop=backdrop)


def _kind(record: Hex) -> str:
    return OFF_MAP if OFF_MAP in record.areas else record.terrain


def _names(record: Hex) -> dict[str, str]:
    pairs = (("en", record.name), ("ja", record.name_ja))
    return {lang: name for lang, name in pairs if name}
