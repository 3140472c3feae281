"""A game's hex map as outlines to draw: what ``wargame map`` renders, whatever the game.

Each game with a map gives a :class:`MapOutline`: every hex of its data file as six corners in the
map's own frame (any unit, x east, y down the page), one class per hex (sea, land... whatever the
data has) and its place names by language. An area map gives instead its areas (polygons, a
label point) and the edges between them. The renderer only sees this; the adapters that read
each game's file are the modules listed in ``ADAPTERS``.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from wargame.engine.errors import WargameError
from wargame.games import REGISTRY

Point = tuple[float, float]
Ring = tuple[Point, ...]

# game id -> "module:function" returning the game's MapOutline
ADAPTERS = {
    "empire-of-the-sun": "wargame.maps.empire_of_the_sun:outline",
    "dai-senso": "wargame.maps.built:dai_senso",
    "asia-engulfed": "wargame.maps.asia_engulfed:outline",
    "aegean-strike": "wargame.maps.aegean_strike:outline",
}


class _Named:
    """A shape with place names (language -> name)."""

    names: Mapping[str, str]

    def name(self, lang: str) -> str | None:
        """The place name in ``lang``, else in English, else None."""
        return self.names.get(lang) or self.names.get("en")


@dataclass(frozen=True)
class HexOutline(_Named):
    """One hex as drawn: its corners, its class, its sheet and its place names (language ->
    name)."""

    id: str
    corners: tuple[Point, ...]
    kind: str
    sheet: str = ""
    names: Mapping[str, str] = field(default_factory=dict)

    @property
    def centre(self) -> Point:
        xs, ys = zip(*self.corners, strict=True)
        return sum(xs) / len(xs), sum(ys) / len(ys)

    @property
    def rings(self) -> tuple[Ring, ...]:
        return (self.corners,)

    @property
    def radius(self) -> float:
        """Centre to corner."""
        return math.dist(self.centre, self.corners[0])


@dataclass(frozen=True)
class AreaOutline(_Named):
    """One area of an area map as drawn: its polygons (each an outer ring, then its holes), its
    class, the point its name is written at and its place names. A ``boxed`` area (a box of the
    game, or an area without polygons) is also marked by a small square at that point."""

    id: str
    polygons: tuple[tuple[Ring, ...], ...]
    kind: str
    centre: Point
    names: Mapping[str, str] = field(default_factory=dict)
    boxed: bool = False

    @property
    def rings(self) -> tuple[Ring, ...]:
        return tuple(ring for polygon in self.polygons for ring in polygon)


@dataclass(frozen=True)
class EdgeOutline:
    """Two adjacent areas (ids) and the kind of the border between them."""

    a: str
    b: str
    kind: str


@dataclass(frozen=True)
class BackdropLine:
    """A line of real geography drawn over the hex fills (a coastline, a lake shore), in the
    map's frame, with its kind and its sheet."""

    points: tuple[Point, ...]
    kind: str
    sheet: str = ""


@dataclass(frozen=True)
class MapOutline:
    """The hexes, or the areas and their edges, of a game's map; ``kinds`` describes each class
    in legend order; ``part`` says which part is shown (a sheet, a region) when not the whole
    map."""

    game: str
    kinds: Mapping[str, str]
    hexes: tuple[HexOutline, ...]
    sheets: tuple[str, ...] = ()
    part: str = ""
    areas: tuple[AreaOutline, ...] = ()
    edges: tuple[EdgeOutline, ...] = ()
    backdrop: tuple[BackdropLine, ...] = ()
    bare_land: tuple[tuple[Ring, ...], ...] = ()  # an area map's land in no area (polygons)

    @property
    def shapes(self) -> tuple[HexOutline | AreaOutline, ...]:
        return (*self.hexes, *self.areas)

    @property
    def summary(self) -> str:
        """What the map is made of, counted: "1200 hexes", "121 areas and 290 edges"."""
        if self.areas:
            return f"{len(self.areas)} areas and {len(self.edges)} edges"
        return f"{len(self.hexes)} hexes"

    def hex(self, hex_id: str) -> HexOutline:
        for found in self.hexes:
            if found.id == hex_id:
                return found
        where = f" {self.part}" if self.part else ""
        raise WargameError(f"{self.game} has no hex {hex_id!r} on the map{where}")

    def on_sheet(self, sheet: str) -> MapOutline:
        if not self.sheets:
            raise WargameError(f"{self.game} has a single map sheet; leave out --sheet")
        if sheet not in self.sheets:
            known = ", ".join(self.sheets)
            raise WargameError(f"{self.game} has no map sheet {sheet!r}; sheets: {known}")
        kept = tuple(h for h in self.hexes if h.sheet == sheet)
        lines = tuple(line for line in self.backdrop if line.sheet == sheet)
        return replace(self, hexes=kept, backdrop=lines, part=_joined(self.part, f"sheet {sheet}"))

    def within(self, corner: str, opposite: str) -> MapOutline:
        """The hexes whose centres lie in the box spanned by the centres of two hexes."""
        (x1, y1), (x2, y2) = self.hex(corner).centre, self.hex(opposite).centre
        left, right, top, bottom = min(x1, x2), max(x1, x2), min(y1, y2), max(y1, y2)
        slack = 1e-6 * max(right - left, bottom - top, 1.0)

        def inside(hex_outline: HexOutline) -> bool:
            x, y = hex_outline.centre
            return left - slack <= x <= right + slack and top - slack <= y <= bottom + slack

        kept = tuple(h for h in self.hexes if inside(h))
        margin = 2 * self.hexes[0].radius
        box = (left - margin, top - margin, right + margin, bottom + margin)
        lines = tuple(part for line in self.backdrop for part in _cropped(line, box))
        part = _joined(self.part, f"{corner} to {opposite}")
        return replace(self, hexes=kept, backdrop=lines, part=part)


def _cropped(line: BackdropLine, box: tuple[float, float, float, float]) -> list[BackdropLine]:
    """The runs of a line's points that lie in the box, each with the point before and after
    it (so that the line still reaches the box's edge); nothing if no point lies in it."""
    left, top, right, bottom = box
    inside = [left <= x <= right and top <= y <= bottom for x, y in line.points]
    runs: list[BackdropLine] = []
    start = None
    for k, flag in enumerate([*inside, False]):
        if flag and start is None:
            start = k
        elif not flag and start is not None:
            points = line.points[max(start - 1, 0) : k + 1]
            runs.append(replace(line, points=points))
            start = None
    return runs


def _joined(part: str, more: str) -> str:
    return f"{part}, {more}" if part else more


def map_outline(game_id: str) -> MapOutline:
    """The outline of a game's map; one clear error for an unknown game or a game without one."""
    REGISTRY.entry(game_id)
    target = ADAPTERS.get(game_id)
    if target is None:
        known = ", ".join(ADAPTERS)
        raise WargameError(f"{game_id} has no map data yet; maps: {known}")
    module, _, function = target.partition(":")
    adapter: Callable[[], MapOutline] = getattr(importlib.import_module(module), function)
    return adapter()
