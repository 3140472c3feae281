"""Board geometry: hex grids, area maps and path search."""

from wargame.engine.board.areas import AreaGraph, Connection, Space
from wargame.engine.board.hexgrid import Cube, HexGrid, HexLayout, IdOrder, RowsGrow, Sheet
from wargame.engine.board.paths import SearchResult, reachable, search, shortest_path

__all__ = [
    "AreaGraph",
    "Connection",
    "Cube",
    "HexGrid",
    "HexLayout",
    "IdOrder",
    "RowsGrow",
    "SearchResult",
    "Sheet",
    "Space",
    "reachable",
    "search",
    "shortest_path",
]
