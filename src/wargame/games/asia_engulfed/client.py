"""What a graphical client draws of Asia Engulfed: the area map, the blocks' colours and the
units' printed facts (``client_data``), and the coastlines under them (``backdrop``).

The map comes from :mod:`wargame.maps.asia_engulfed` (the outlines ``wargame map`` draws, x the
longitude east, y the latitude turned down the page), scaled to ``SCALE`` map units a degree so
that the client's counters (22 units) are about two degrees wide, and simplified to ``TOLERANCE``
of a degree so that the whole map is a small download. Each area is one record: its kind, terrain,
port, names, the point its name is written at (``x``, ``y``) and its rings (each a flat list
``[x0, y0, x1, y1, ...]``, outer rings and holes together: the client fills them even-odd). The
borders the rules read apart from plain land and sea (straits, rivers, impassable boundaries,
the restricted passage and the off-map route) come as lines of their own.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, Final

from wargame.games.asia_engulfed.board import Area, area_map
from wargame.games.asia_engulfed.forces import Block, colour_of, display_names
from wargame.games.asia_engulfed.forces import load as load_forces
from wargame.maps import Point, Ring
from wargame.maps import asia_engulfed as drawn_map

SCALE: Final = 10.0  # map units a degree
TOLERANCE: Final = 0.08  # degrees a simplified outline may stray from the drawn one
SPECK: Final = 0.1  # degrees: an island smaller is left out (but an area's largest ring)
SHARED: Final = ("river", "impassable", "impassable_coast")  # drawn along the common boundary
ACROSS: Final = ("strait", "restricted", "off_map_route")  # drawn from one area to the other
# The log lines of a ground battle after its log.battle line, for the client's battle panel: all
# of its rounds fit in 80 lines
BATTLE_LOG: Final = [
    *("log.combat_mode", "log.air_missions", "log.dogfight", "log.air_step_lost"),
    *("log.air_eliminated", "log.supported", "log.ground_fire", "log.ground_fire_no_rolls"),
    *("log.step_lost", "log.garrison_eliminated", "log.eliminated", "log.fortification_lost"),
    *("log.breakthrough", "log.banzai", "log.banzai_survivor", "log.battle_stopped"),
    *("log.block_revealed", "log.air_committed", "log.bombardment", "log.bombarding_fleet"),
    "log.home_defence_step_lost",
]

# The block colours of the component list (forces.yaml ``colours``) as drawn: body, edge and ink,
# and their names (a blank is told by its colour alone).
COLOURS: Final = {
    "orange": ("#f08c2e", "#8a4a0c", "#1b1b1b", "orange", "橙"),
    "dark_orange": ("#b85410", "#5c2806", "#ffffff", "dark orange", "濃橙"),
    "black": ("#2b2b2b", "#000000", "#ffffff", "black", "黒"),
    "green": ("#6fae4f", "#2f5a1f", "#111111", "green", "緑"),
    "dark_green": ("#2f6b35", "#173a1b", "#ffffff", "dark green", "濃緑"),
    "dark_blue": ("#27407a", "#101d3d", "#ffffff", "dark blue", "紺"),
    "purple": ("#7d4f9e", "#3f2453", "#ffffff", "purple", "紫"),
    "white": ("#f4f4ef", "#6b6b6b", "#111111", "white", "白"),
    "brown": ("#8b6a45", "#4a3620", "#ffffff", "brown", "茶"),
}
COLOUR_FIELDS: Final = ("fill", "edge", "ink", "name", "name_ja")


@cache
def client_data() -> dict[str, Any]:
    forces = load_forces()
    return {
        "board": board_data(),
        "units": [unit_data(unit) for unit in forces.units.values()],
        "colours": {
            colour.id: dict(zip(COLOUR_FIELDS, COLOURS[colour.id], strict=True))
            for colour in forces.file.colours
        },
        "battle_log": {"keys": BATTLE_LOG, "most": 80, "round": "log.combat_mode"},
    }


def board_data() -> dict[str, Any]:
    """The areas, the borders of kinds and the land in no area, in one frame."""
    drawn = drawn_map.outline()
    records = area_map().areas
    west, south, east, north = area_map().frame["bounds"]
    return {
        "kind": "areas",
        "frame": _scaled_box(west, -north, east, -south),
        "areas": [_area(shape, records[shape.id]) for shape in drawn.areas],
        "borders": borders(),
        "bare_land": [_rings(polygon) for polygon in drawn.bare_land],
    }


def _area(shape: Any, record: Area) -> dict[str, Any]:
    x, y = shape.centre
    found: dict[str, Any] = {
        "id": record.id,
        "kind": record.kind,
        "drawn": shape.kind,  # off_map: an off-map box drawn at the frame's edge
        "name": record.name,
        "name_ja": record.name_ja,
        "x": round(x * SCALE, 1),
        "y": round(y * SCALE, 1),
        "rings": [
            _flat(simplified(ring, TOLERANCE)) for ring in _visible(shape.rings, shape.centre)
        ],
    }
    if not record.is_sea:
        found.update(
            terrain=record.terrain,
            nation=record.nation,
            port=record.port if record.has_port else None,
            resources=record.resources or 0,
            oil=record.oil or 0,
            airbase=bool(record.airbase),
        )
    return found


def _rings(polygon: Sequence[Ring]) -> list[list[float]]:
    return [_flat(simplified(ring, TOLERANCE)) for ring in _visible(polygon)]


def _visible(rings: Sequence[Ring], at: Point | None = None) -> list[Ring]:
    """The rings wider or taller than a speck, the largest whatever its size (an island box's
    atoll) and the one nearest the area's point (the island that names it: Iwo Jima's, not
    only the Bonins')."""
    if not rings:
        return []
    kept = {id(max(rings, key=_size))}
    if at is not None:
        kept.add(id(min(rings, key=lambda ring: math.dist(ring[0], at))))
    return [ring for ring in rings if id(ring) in kept or _size(ring) >= SPECK]


def _size(ring: Ring) -> float:
    xs = [x for x, _ in ring]
    ys = [y for _, y in ring]
    return max(max(xs) - min(xs), max(ys) - min(ys))


def _flat(points: Iterable[Point]) -> list[float]:
    return [round(value * SCALE, 1) for point in points for value in point]


def _scaled_box(left: float, top: float, right: float, bottom: float) -> dict[str, float]:
    return {
        "x": left * SCALE,
        "y": top * SCALE,
        "w": (right - left) * SCALE,
        "h": (bottom - top) * SCALE,
    }


def simplified(points: Sequence[Point], tolerance: float) -> list[Point]:
    """The points of a line that Douglas-Peucker keeps: none strays more than ``tolerance``
    from the result; a ring keeps at least its first, middle and last points."""
    if len(points) < 5:
        return list(points)
    keep = {0, len(points) // 2, len(points) - 1}
    spans = [(0, len(points) // 2), (len(points) // 2, len(points) - 1)]
    while spans:
        first, last = spans.pop()
        far, distance = first, 0.0
        for index in range(first + 1, last):
            away = _off_line(points[index], points[first], points[last])
            if away > distance:
                far, distance = index, away
        if distance > tolerance:
            keep.add(far)
            spans += [(first, far), (far, last)]
    return [points[index] for index in sorted(keep)]


def _off_line(point: Point, start: Point, end: Point) -> float:
    (px, py), (ax, ay), (bx, by) = point, start, end
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    if length == 0:
        return math.hypot(px - ax, py - ay)
    return abs(dy * px - dx * py + bx * ay - by * ax) / length


# -- borders of kinds --------------------------------------------------------------------------


def borders() -> list[dict[str, Any]]:
    """Each strait, river, impassable boundary, restricted passage and off-map route as lines in
    the frame: a boundary along the two areas' common outline, a crossing from one to the other
    (between their nearest outline points, or their label points where either has none)."""
    shapes = {shape.id: shape for shape in drawn_map.outline().areas}
    found = []
    for edge in area_map().edges:
        if edge.kind in SHARED:
            lines = _common(shapes[edge.a].rings, shapes[edge.b].rings)
        elif edge.kind in ACROSS:
            lines = [_crossing(shapes[edge.a], shapes[edge.b])]
        else:
            continue
        flat = [_flat(line) for line in lines]
        found.append({"a": edge.a, "b": edge.b, "kind": edge.kind, "lines": flat})
    return found


def _key(point: Point) -> tuple[int, int]:
    return round(point[0] * 1e4), round(point[1] * 1e4)


def _common(rings: Sequence[Ring], others: Sequence[Ring]) -> list[list[Point]]:
    """The runs of ``rings``' points that ``others`` also pass through, simplified."""
    theirs = {_key(point) for ring in others for point in ring}
    return [
        run
        for ring in rings
        for run in _runs(ring, lambda point: _key(point) in theirs)
        if len(run) > 1
    ]


def _crossing(a: Any, b: Any) -> list[Point]:
    if not a.rings or not b.rings:
        return [a.centre, b.centre]
    ours = [point for ring in _visible(a.rings) for point in simplified(ring, TOLERANCE)]
    theirs = [point for ring in _visible(b.rings) for point in simplified(ring, TOLERANCE)]
    start, end = min(
        ((p, q) for p in ours for q in theirs), key=lambda pair: math.dist(pair[0], pair[1])
    )
    return [start, end]


# -- units -------------------------------------------------------------------------------------


def unit_data(unit: Any) -> dict[str, Any]:
    """A unit's printed facts (a block's label is shown to its owner only: the view's fog says
    which blocks a side may read; this list is the same for everybody, like the box's labels)."""
    found: dict[str, Any] = {
        "id": unit.id,
        "power": unit.power,
        "type": unit.type,
        "name": display_names()[unit.id][0],
        "name_ja": display_names()[unit.id][1],
        "max_steps": unit.max_steps,
    }
    if isinstance(unit, Block):
        found["colour"] = colour_of(unit, load_forces().file.colours)
    if getattr(unit, "nationality", None):
        found["nationality"] = unit.nationality
    return found


def backdrop() -> list[dict[str, Any]]:
    """The coasts: the runs of the land outlines (areas and land in no area) that no other land
    outline passes through, as lines in the frame."""
    drawn = drawn_map.outline()
    lands = [shape.rings for shape in drawn.areas if shape.kind != "sea"]
    lands += list(drawn.bare_land)
    seen: dict[tuple[int, int], int] = {}
    for rings in lands:
        for point in {_key(point) for ring in rings for point in ring}:
            seen[point] = seen.get(point, 0) + 1
    lines = []
    for rings in lands:
        for ring in _visible(rings):
            lines += _runs(ring, lambda point: seen[_key(point)] == 1)
    return [{"kind": "coast", "points": _pairs(line)} for line in lines]


def _runs(ring: Ring, inside: Any) -> list[list[Point]]:
    """The simplified runs of a ring's points for which ``inside`` holds (each with the point
    after it, so that a coast reaches the land border where it ends)."""
    runs: list[list[Point]] = []
    run: list[Point] = []
    for point in ring:
        if inside(point):
            run.append(point)
            continue
        if run:
            runs.append(simplified([*run, point], TOLERANCE))
        run = []
    if len(run) > 1:
        runs.append(simplified(run, TOLERANCE))
    return runs


def _pairs(points: Iterable[Point]) -> list[list[float]]:
    return [[round(x * SCALE, 1), round(y * SCALE, 1)] for x, y in points]
