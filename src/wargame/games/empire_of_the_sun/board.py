"""The map as the rules see it: terrain, hexsides, named locations, areas (1.3, 2.2, 7.21, 7.41)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from wargame.engine.board import HexGrid, HexLayout
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.static import Hex, Static

# The transport route through the Kwai river valley exists only once Japanese card #18 (Bridge on
# the River Kwai) has been played (17.35; the map data follows a later printing that draws it).
KWAI_ROUTE = (("2008", "2108"), ("2108", "2109"), ("2010", "2109"), ("2010", "2110"))
ENTRY_COST = {"open": 1, "mountain": 3}  # every other land terrain costs 2 (7.41)

RULES.declare("2.2", where="data/map.json")


class Board:
    """Queries over the static map; hex ids are the printed ``CCRR`` strings."""

    def __init__(self, static: Static) -> None:
        self.hexes: dict[str, Hex] = static.hexes
        self.grid = HexGrid(HexLayout.ODD_Q, hexes=self.hexes)
        self._sides = {(side.a, side.b): frozenset(side.flags) for side in static.map_file.hexsides}
        self._areas: dict[str, tuple[str, ...]] = {}

    def flags(self, a: str, b: str) -> frozenset[str]:
        key = (a, b) if a < b else (b, a)
        return self._sides.get(key, frozenset())

    def neighbours(self, hex_id: str) -> list[str]:
        return self.grid.neighbours(hex_id)

    def distance(self, a: str, b: str) -> int:
        return self.grid.distance(a, b)

    def within(self, centre: str, radius: int) -> list[str]:
        return self.grid.within(centre, radius)

    # -- hexsides ----------------------------------------------------------------------------
    @RULES.implements("7.21")
    def sea_crossing(self, a: str, b: str) -> bool:
        """Naval units may cross: water that is not unplayable ocean."""
        return "sea" in self.flags(a, b)

    def land_crossing(self, a: str, b: str) -> bool:
        return "land" in self.flags(a, b)

    def route(self, a: str, b: str) -> bool:
        return "route" in self.flags(a, b)

    def all_sea(self, a: str, b: str) -> bool:
        """A water hexside with no land on it (the hexside ZOI blocks, 7.35 C-D)."""
        found = self.flags(a, b)
        return "sea" in found and not found & {"land", "impassable_land"}

    def unplayable(self, a: str, b: str) -> bool:
        return "unplayable_sea" in self.flags(a, b)

    # -- hexes -------------------------------------------------------------------------------
    def is_land(self, hex_id: str) -> bool:
        return self.hexes[hex_id].terrain != "ocean"

    @cached_property
    def land_hexes(self) -> list[str]:
        return [h for h, record in self.hexes.items() if record.terrain != "ocean"]

    def coastal(self, hex_id: str) -> bool:
        """A land hex with at least one navigable sea hexside."""
        return self.is_land(hex_id) and any(
            self.sea_crossing(hex_id, other) for other in self.neighbours(hex_id)
        )

    @RULES.implements("1.3")
    def named_location(self, hex_id: str) -> bool:
        """A city, a resource hex, or a hex with a port or an airfield."""
        record = self.hexes[hex_id]
        return bool(record.city or record.resource or record.port or record.airfield)

    def port(self, hex_id: str) -> bool:
        return self.hexes[hex_id].port

    def airfield(self, hex_id: str) -> bool:
        return self.hexes[hex_id].airfield

    def in_area(self, hex_id: str, area: str) -> bool:
        return area in self.hexes[hex_id].areas

    def area(self, area: str) -> list[str]:
        """The hexes of an area, in the map's order (each area listed once: the map never
        changes; the caller gets its own list)."""
        found = self._areas.get(area)
        if found is None:
            found = self._areas[area] = tuple(
                h for h, record in self.hexes.items() if area in record.areas
            )
        return list(found)

    def in_any_area(self, hex_id: str, areas: Iterable[str]) -> bool:
        return any(area in self.hexes[hex_id].areas for area in areas)

    @RULES.implements("7.41")
    def entry_cost(self, a: str, b: str, enemy_in_b: bool) -> float:
        """Ground movement points to enter ``b`` from ``a``: terrain, or ½ along a route."""
        if self.route(a, b) and not enemy_in_b:
            return 0.5
        return ENTRY_COST.get(self.hexes[b].terrain, 2)
