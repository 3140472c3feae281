"""The Asia Engulfed area map of ``data/areas.json`` (``tools/build_map.py asia-engulfed``),
checked against its schema at load, and as an area graph for the rules.

Every record is a :mod:`msgspec` struct that refuses unknown fields and values out of the rules'
range (2-2, 2-3 of the spec: kinds, terrain, port sizes, edge kinds); then the edges are checked
against the areas (known ids, land-land or land-sea or sea-sea as the kind requires, adjacency
lists that agree with the edge list). A bad file fails the load with one line naming the file,
the record and the field.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import msgspec

from wargame.engine.board import AreaGraph, Connection, Space
from wargame.engine.data import Provenance, convert, read_raw
from wargame.engine.errors import DataError
from wargame.games.asia_engulfed.registry import RULES

AREAS: Final = Path(__file__).parent / "data" / "areas.json"
FORMAT: Final = 1

Kind = Literal["large", "port_box", "island_box", "sea"]
Terrain = Literal["clear", "rough", "jungle"]
PortSize = Literal["none", "small", "medium", "large", "home"]
Nation = Literal["japan", "usa", "cw", "china", "dei", "philippines", "france", "neutral"]
Home = Literal["japan", "usa", "british", "indian", "australian", "china", "philippines"]
EdgeKind = Literal[
    "land", "river", "strait", "impassable",  # land - land (5.16, 5.18, 6.73)
    "coast", "impassable_coast",  # land - sea (3.4, 7.2)
    "sea", "restricted", "off_map_route",  # sea - sea (8.22b, 9.25)
]  # fmt: skip
Point = tuple[float, float]

SIDES: Final[dict[str, tuple[bool, bool]]] = {  # is each end a sea?
    "land": (False, False),
    "river": (False, False),
    "strait": (False, False),
    "impassable": (False, False),
    "coast": (False, True),
    "impassable_coast": (False, True),
    "sea": (True, True),
    "restricted": (True, True),
    "off_map_route": (True, True),
}
LAND_MOVES: Final = ("land", "river", "strait")  # a ground unit's steps; impassable blocks (5.18)
RULES.declare(
    "5.19",
    where="board.LAND_MOVES (a river is crossed as a land boundary is; terrain costs no move) "
    "and movement.air_reach (of the terrains only jungle stops an LBA, 5.15)",
)
SEA_MOVES: Final = ("sea", "restricted")  # a fleet's steps between sea areas (8.22)


class Area(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One land area, box or sea area; land values are None on a sea."""

    id: str
    name: str
    name_ja: str
    kind: Kind
    terrain: Terrain | None
    nation: Nation | None
    home_of: Home | None
    region: str | None
    port: PortSize | None
    port_at: Point | None
    resources: Annotated[int, msgspec.Meta(ge=0, le=5)] | None
    oil: Annotated[int, msgspec.Meta(ge=0, le=2)] | None
    airbase: bool | None
    partial_supply_source: bool
    burma_road: bool
    us_supply_home: bool
    resources_by_year: bool
    offmap: bool
    cw_barred: bool
    home_defence_militia: Annotated[int, msgspec.Meta(ge=0)] | None
    transport: Annotated[int, msgspec.Meta(ge=1, le=3)] | None
    south_edge: Literal["east", "west"] | None
    clip: tuple[float, float, float, float] | None
    at: Point
    shape_points: list[Point]
    adjacent: dict[str, EdgeKind]
    outline: dict[str, Any] | None
    provenance: dict[str, Provenance]
    sources: dict[str, str]

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    @property
    def has_port(self) -> bool:
        return self.port not in (None, "none")


class Edge(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    a: str
    b: str
    kind: EdgeKind
    provenance: Provenance
    source: str
    condition: str | None = None


class BareLand(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Land of the map's frame in no area of the game (Afghanistan, Alaska...), and why."""

    id: str
    note: str
    outline: dict[str, Any] | None


class Head(msgspec.Struct, frozen=True):
    game: Literal["asia-engulfed"]
    format: Literal[1]
    frame: dict[str, Any]
    summary: dict[str, Any]


class AreaMap(msgspec.Struct, frozen=True):
    frame: dict[str, Any]
    areas: dict[str, Area]
    edges: list[Edge]
    off_map_land: list[BareLand]


def load_areas(path: Path = AREAS) -> AreaMap:
    """The map file, checked; :class:`DataError` with one line on the first fault."""
    raw = read_raw(path)
    if not isinstance(raw, dict):
        raise DataError(f"{path}: expected an object with areas and edges")
    head = convert(raw, Head, path)
    areas: list[Area] = convert(raw.get("areas"), list[Area], path)
    edges: list[Edge] = convert(raw.get("edges"), list[Edge], path)
    bare: list[BareLand] = convert(raw.get("off_map_land", []), list[BareLand], path)
    by_id = {area.id: area for area in areas}
    if len(by_id) != len(areas):
        raise DataError(f"{path}: an area id is listed twice")
    for edge in edges:
        _check_edge(path, edge, by_id)
    _check_adjacency(path, by_id, edges)
    return AreaMap(head.frame, by_id, edges, bare)


def _check_edge(path: Path, edge: Edge, areas: dict[str, Area]) -> None:
    for end in (edge.a, edge.b):
        if end not in areas:
            raise DataError(f"{path}: edge {edge.a}-{edge.b} names unknown area {end!r}")
    seas = sorted((areas[edge.a].is_sea, areas[edge.b].is_sea))
    if tuple(seas) != SIDES[edge.kind]:
        raise DataError(f"{path}: edge {edge.a}-{edge.b} of kind {edge.kind} joins the wrong sides")


def _check_adjacency(path: Path, areas: dict[str, Area], edges: list[Edge]) -> None:
    listed: dict[str, dict[str, str]] = {key: {} for key in areas}
    for edge in edges:
        listed[edge.a][edge.b] = listed[edge.b][edge.a] = edge.kind
    for key, area in areas.items():
        if area.adjacent != listed[key]:
            raise DataError(f"{path}: area {key!r}: adjacent does not match the edge list")
        if area.has_port and not any(areas[k].is_sea for k in area.adjacent):
            raise DataError(f"{path}: area {key!r} has a port but touches no sea area")


@cache
def area_map() -> AreaMap:
    return load_areas()


@cache
def area_graph() -> AreaGraph:
    """The map as the engine's area graph: each area's kind and values, each edge's kind with
    its provenance, source and condition."""
    data = area_map()
    spaces = [
        Space(area.id, area.kind, msgspec.structs.asdict(area)) for area in data.areas.values()
    ]
    connections = [
        Connection(edge.a, edge.b, edge.kind, msgspec.structs.asdict(edge)) for edge in data.edges
    ]
    return AreaGraph(spaces, connections)


def land_neighbours(area: str) -> list[str]:
    """Where a ground unit may step from ``area``: never across an impassable boundary (5.18)."""
    return area_graph().neighbours(area, LAND_MOVES)


LAND_BOUNDARIES: Final = (*LAND_MOVES, "impassable")  # air (5.18) and supply (3.1) cross all
COASTS: Final = ("coast", "impassable_coast")


def air_neighbours(area: str) -> list[str]:
    """The land areas next to ``area`` for a flight over land: every land boundary (5.18)."""
    return area_graph().neighbours(area, LAND_BOUNDARIES)


@cache
def seas_touching(area: str) -> tuple[str, ...]:
    """The sea areas a land area or box borders, across any coastline (a port box's port
    touches them all, 3.24)."""
    return tuple(area_graph().neighbours(area, COASTS))


@cache
def coasts_of(sea: str) -> tuple[str, ...]:
    """The land areas and boxes bordering ``sea``."""
    return tuple(area_graph().neighbours(sea, COASTS))
