"""The matplotlib side of ``wargame map``: a :class:`MapOutline` drawn to PNG or SVG bytes.

Every hex is filled by its class and outlined; with ids, each hex's id is written at its top; with
names, a named hex gets a dot and its place name under it. Sizes are fixed in inches per hex,
whatever the map, so that labels stay legible (a region crops a large map). An area map is drawn
at a fixed width: each area filled by its class, a box also marked by a square, its name at its
label point; with edges, a segment styled by kind joins the label points of two adjacent areas.
SVG keeps its text as text, so that a browser can search it for a hex id; each area, box marker
and kind of edge is an SVG group with an id (``area-<id>``, ``box-<id>``, ``edges-<kind>``).
"""

from __future__ import annotations

import io
import math
import warnings
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import matplotlib
import numpy as np
from matplotlib import colormaps, font_manager
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, PathPatch
from matplotlib.path import Path
from matplotlib.text import Text

from wargame.engine.errors import WargameError
from wargame.maps import AreaOutline, EdgeOutline, HexOutline, MapOutline, Ring
from wargame.maps.render import Labels

DPI = 150
HEX_RADIUS_INCHES = 0.36  # centre to corner: room for a 12-letter name
MARGIN_INCHES = 0.3
TITLE_INCHES = 0.4
MIN_WIDTH_INCHES = 6.0
LEGEND_COLUMN_INCHES = 2.6
LEGEND_ROW_INCHES = 0.16
AREA_MAP_WIDTH_INCHES = 20.0  # an area map has no hex to size it by
BOX_POINTS = 4.0
EDGE_POINTS = 0.6
ID_POINTS = 6
NAME_POINTS = 6
EDGE_COLOUR = "#4d4d4d"
BARE_LAND = "#e3e0d8"  # an area map's land that no area of the game covers
COLOURS = {
    "sea": "#a8cde6",
    "ocean": "#a8cde6",
    "coastal": "#cfe5a8",
    "mixed": "#d5e4b0",
    "land": "#d9c48f",
    "open": "#ece3a6",
    "jungle": "#86b86e",
    "mountain": "#b7a07c",
    "island": "#f2b27a",
    "lake": "#7fb2d9",
    "atoll": "#f3e6bd",
    "off_map": "#d9dde0",
    "port_box": "#e8684a",
    "island_box": "#f2b27a",
}
EDGE_STYLES = {
    "land": {"color": "#6b5a35"},
    "river": {"color": "#1f5fbf", "linewidth": 1.2},
    "strait": {"color": "#c0392b", "linewidth": 1.2},
    "impassable": {"color": "black", "linestyle": "dashed", "linewidth": 1.0},
    "impassable_coast": {"color": "black", "linestyle": "dotted", "linewidth": 1.0},
    "coast": {"color": "#2e7d32", "linestyle": "dotted"},
    "sea": {"color": "#1f4e79"},
    "restricted": {"color": "#e67e22", "linestyle": "dashed", "linewidth": 1.2},
    "off_map_route": {"color": "#8e44ad", "linestyle": "dashdot", "linewidth": 1.2},
    "border": {"color": "#7b1fa2", "linestyle": "dashed", "linewidth": 1.4},  # a hexside
    "all_sea": {"color": "#0b2e59", "linewidth": 1.6},  # between two land hexes
    "lake": {"color": "#3b9fd9", "linewidth": 1.8},
    "mountain": {"color": "#5d4037", "linewidth": 2.2},  # a range's crest on a hexside
}
SPARE_EDGE_STYLE = {"color": "#888888"}
BACKDROP_STYLE = {  # colour, line width
    "coast": ("#1f4e79", 0.6),
    "lake": ("#3b7fb8", 0.4),
    "border": ("#2b2b2b", 0.8),
}
BACKDROP_DASHES = {"border": "dashed"}  # line style of a kind drawn otherwise than solid
SPARE_COLOURMAP = "Pastel1"  # for a class the table above does not know
JAPANESE_FONTS = ("IPAGothic", "IPAPGothic", "Noto Sans CJK JP", "TakaoGothic", "VL Gothic")
LATIN_FONT = "DejaVu Sans"


def japanese_font() -> str | None:
    """The first Japanese font matplotlib knows, or None."""
    installed = {font.name for font in font_manager.fontManager.ttflist}
    return next((name for name in JAPANESE_FONTS if name in installed), None)


def render(outline: MapOutline, picture_format: str, labels: Labels, font: str | None) -> bytes:
    """The picture's bytes (``picture_format`` png or svg)."""
    with _drawing_context(font):
        figure, _ = _figure(outline, labels)
        buffer = io.BytesIO()
        figure.savefig(buffer, format=picture_format, dpi=DPI)
    return buffer.getvalue()


def name_boxes(outline: MapOutline, labels: Labels, font: str | None = None) -> list[NameBox]:
    """Where each name is written, as drawn by :func:`render` (in the figure's pixels)."""
    with _drawing_context(font):
        figure, texts = _figure(outline, labels)
        renderer = FigureCanvasAgg(figure).get_renderer()
        return [
            NameBox(text.get_text(), *text.get_window_extent(renderer).extents) for text in texts
        ]


@dataclass(frozen=True)
class NameBox:
    """A written name and its box: left, bottom, right, top."""

    name: str
    left: float
    bottom: float
    right: float
    top: float

    def overlaps(self, other: NameBox) -> bool:
        apart = self.right <= other.left or other.right <= self.left
        return not (apart or self.top <= other.bottom or other.top <= self.bottom)


@contextmanager
def _drawing_context(font: str | None) -> Iterator[None]:
    families = [LATIN_FONT, *([font] if font else [])]
    settings = {"svg.fonttype": "none", "font.family": families}
    with matplotlib.rc_context(settings), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph .* missing")
        yield


def _figure(outline: MapOutline, labels: Labels) -> tuple[Figure, list[Text]]:
    """The figure drawn, and the names written on it."""
    frame = _Frame.of(outline, labels.edges)
    figure = Figure(figsize=frame.figure_size())
    axes = figure.add_axes(frame.axes_box())
    _draw_hexes(axes, outline)
    _draw_areas(axes, outline)
    _draw_backdrop(axes, outline)
    if labels.edges:
        _draw_edges(axes, outline)
    names: list[Text] = []
    if labels.ids or labels.names:
        names = _draw_labels(axes, outline, labels, frame.radius)
    _finish(figure, axes, frame, outline, labels.edges)
    if outline.areas and names:
        _declutter(axes, names)
    return figure, names


@dataclass(frozen=True)
class _Frame:
    """The map's extent in its own units, the size of one hex (centre to corner; on an area map,
    the length drawn as large) and the number of legend entries; from these, the figure's layout
    in inches."""

    left: float
    right: float
    top: float
    bottom: float
    radius: float
    legend_entries: int

    @classmethod
    def of(cls, outline: MapOutline, edges: bool = False) -> _Frame:
        if not outline.shapes:
            raise WargameError(f"{outline.game}: nothing to draw")
        points = [point for shape in outline.shapes for ring in shape.rings for point in ring]
        points += [area.centre for area in outline.areas if area.boxed]
        xs, ys = zip(*points, strict=True)
        if outline.hexes:
            radius = outline.hexes[0].radius
        else:
            radius = HEX_RADIUS_INCHES * (max(xs) - min(xs)) / AREA_MAP_WIDTH_INCHES
        entries = len({shape.kind for shape in outline.shapes})
        entries += len(_edges_by_kind(outline)) if edges else 0
        entries += 1 if outline.bare_land else 0
        return cls(min(xs), max(xs), min(ys), max(ys), radius, entries)

    def map_inches(self) -> tuple[float, float]:
        scale = HEX_RADIUS_INCHES / self.radius
        return (self.right - self.left) * scale, (self.bottom - self.top) * scale

    def figure_size(self) -> tuple[float, float]:
        width, height = self.map_inches()
        total_width = max(width + 2 * MARGIN_INCHES, MIN_WIDTH_INCHES)
        return total_width, height + TITLE_INCHES + self.legend_inches() + 2 * MARGIN_INCHES

    def legend_columns(self) -> int:
        width = max(self.map_inches()[0] + 2 * MARGIN_INCHES, MIN_WIDTH_INCHES)
        return max(1, min(self.legend_entries, int(width // LEGEND_COLUMN_INCHES)))

    def legend_inches(self) -> float:
        return LEGEND_ROW_INCHES * (1 + math.ceil(self.legend_entries / self.legend_columns()))

    def axes_box(self) -> tuple[float, float, float, float]:
        """Where the map sits in the figure, as fractions (left, bottom, width, height)."""
        width, height = self.map_inches()
        total_width, total_height = self.figure_size()
        left = (total_width - width) / 2 / total_width
        bottom = (self.legend_inches() + MARGIN_INCHES) / total_height
        return left, bottom, width / total_width, height / total_height


def _all_kinds(outline: MapOutline) -> list[str]:
    """The described classes, then any class a hex has that the map does not describe."""
    described = list(outline.kinds)
    return described + sorted({shape.kind for shape in outline.shapes} - set(described))


def _legend(outline: MapOutline, counts: Counter[str]) -> list[tuple[str, str, int]]:
    return [
        (kind, outline.kinds.get(kind, "not described"), counts[kind])
        for kind in _all_kinds(outline)
        if counts[kind]
    ]


def _colours(outline: MapOutline) -> dict[str, str]:
    spare = colormaps[SPARE_COLOURMAP]
    kinds = _all_kinds(outline)
    unknown = [kind for kind in kinds if kind not in COLOURS]
    found = {kind: COLOURS[kind] for kind in kinds if kind in COLOURS}
    found.update({kind: to_hex(spare(i % spare.N)) for i, kind in enumerate(unknown)})
    return found


def _draw_hexes(axes: Any, outline: MapOutline) -> None:
    colours = _colours(outline)
    polygons = PolyCollection(
        [h.corners for h in outline.hexes],
        facecolors=[colours[h.kind] for h in outline.hexes],
        edgecolors=EDGE_COLOUR,
        linewidths=0.4,
    )
    axes.add_collection(polygons)


def _draw_areas(axes: Any, outline: MapOutline) -> None:
    """Each area's outline (an SVG group ``area-<id>``), then each box's marker (``box-<id>``)
    on top of them all."""
    colours = _colours(outline)
    if outline.bare_land:
        bare = _compound_path(outline.bare_land)
        axes.add_patch(PathPatch(bare, facecolor=BARE_LAND, edgecolor=EDGE_COLOUR, linewidth=0.3))
    for area in outline.areas:
        if area.polygons:
            path = _compound_path(area.polygons)
            axes.add_patch(
                PathPatch(
                    path,
                    facecolor=colours[area.kind],
                    edgecolor=EDGE_COLOUR,
                    linewidth=0.3,
                    gid=f"area-{area.id}",
                )
            )
    for area in outline.areas:
        if area.boxed:
            axes.plot(
                *area.centre,
                marker="s",
                markersize=BOX_POINTS,
                markerfacecolor=colours[area.kind],
                markeredgecolor="black",
                markeredgewidth=0.6,
                gid=f"box-{area.id}",
            )


def _compound_path(polygons: tuple[tuple[Ring, ...], ...]) -> Path:
    """All rings as one path, each hole wound against its outer ring: matplotlib fills by the
    nonzero rule, so that a hole wound the same way would be filled."""
    paths = []
    for polygon in polygons:
        for index, ring in enumerate(polygon):
            vertices = np.asarray(ring, dtype=float)
            x, y = vertices[:, 0], vertices[:, 1]
            anticlockwise = float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) > 0
            if anticlockwise == (index > 0):  # outer rings anticlockwise, holes clockwise
                vertices = vertices[::-1]
            paths.append(Path(vertices, closed=True))
    return Path.make_compound_path(*paths)


def _edges_by_kind(outline: MapOutline) -> dict[str, list[EdgeOutline]]:
    grouped: dict[str, list[EdgeOutline]] = {}
    for edge in sorted(outline.edges, key=lambda edge: edge.kind):
        grouped.setdefault(edge.kind, []).append(edge)
    return grouped


def _edge_style(kind: str) -> dict[str, Any]:
    return {"linewidth": EDGE_POINTS} | EDGE_STYLES.get(kind, SPARE_EDGE_STYLE)


def _draw_edges(axes: Any, outline: MapOutline) -> None:
    """An area map's edge as a segment between the label points of its two areas, a hex map's
    along the side its two hexes share; one SVG group ``edges-<kind>`` per kind."""
    centres = {area.id: area.centre for area in outline.areas}
    corners = {hex_.id: hex_.corners for hex_ in outline.hexes}
    for kind, edges in _edges_by_kind(outline).items():
        segments = [(centres[edge.a], centres[edge.b]) for edge in edges if edge.a in centres]
        drawn = [e for e in edges if e.a in corners and e.b in corners]  # a hex map's sheet
        segments += [_shared_side(corners[e.a], corners[e.b]) for e in drawn]
        axes.add_collection(LineCollection(segments, gid=f"edges-{kind}", **_edge_style(kind)))


def _shared_side(one: Ring, other: Ring) -> list[tuple[float, float]]:
    """The side two neighbouring hexes share (an edge of a hex map is drawn along it)."""
    return [p for p in one if any(math.dist(p, q) < 1e-6 for q in other)]


def _draw_backdrop(axes: Any, outline: MapOutline) -> None:
    """Real geography (coastlines...) as thin lines over the hex fills."""
    for kind, (colour, width) in BACKDROP_STYLE.items():
        lines = [line.points for line in outline.backdrop if line.kind == kind]
        if lines:
            style = BACKDROP_DASHES.get(kind, "solid")
            axes.add_collection(
                LineCollection(lines, colors=colour, linewidths=width, linestyles=style)
            )


def _draw_labels(axes: Any, outline: MapOutline, labels: Labels, radius: float) -> list[Text]:
    """The ids and names written; the names returned, an area map's boxes first, seas last
    (the order in which :func:`_declutter` gives them room)."""
    backing = {"boxstyle": "round,pad=0.08", "facecolor": "white", "alpha": 0.75, "linewidth": 0}
    names: list[tuple[int, Text]] = []
    for shape in outline.shapes:
        x, y = shape.centre
        if labels.ids:
            axes.text(
                x,
                y - 0.5 * radius,
                shape.id,
                fontsize=ID_POINTS,
                ha="center",
                va="center",
                color="#333333",
            )
        name = shape.name(labels.lang) if labels.names else None
        centred = isinstance(shape, AreaOutline) and not shape.boxed  # a large area or a sea
        if name:
            if isinstance(shape, HexOutline):
                axes.plot([x], [y], marker="o", markersize=2.2, color="black")
            text = axes.text(
                x,
                y if centred else y + 0.15 * radius,
                name,
                fontsize=NAME_POINTS,
                ha="center",
                va="center" if centred else "top",
                fontweight="bold" if labels.lang == "en" else "normal",  # no bold Japanese
                bbox=backing,
            )
            names.append((_LABEL_ORDER.get(shape.kind, 1), text))
    return [text for _, text in sorted(names, key=lambda pair: pair[0])]


_LABEL_ORDER = {"port_box": 0, "island_box": 0, "sea": 2}
# where a name may move when it would cover another, in heights of its box (x, y; y up)
_NUDGES = ((0.0, 0.0), (0.0, 1.1), (0.0, -1.1), (0.0, 2.2), (0.0, -2.2), (0.0, 3.3), (0.0, -3.3))
_SIDEWAYS = (0.6, -0.6, 1.1, -1.1)  # then beside its point, in widths of its box


def _declutter(axes: Any, texts: list[Text]) -> None:
    """Move each name, in order, to the first nearby place where it covers no name placed
    before it (an area map only: its names are many and its islands close together)."""
    renderer = FigureCanvasAgg(axes.figure).get_renderer()
    to_data = axes.transData.inverted()
    placed: list[Any] = []
    for text in texts:
        box = text.get_window_extent(renderer).padded(1.0)  # the white backing too
        home = axes.transData.transform(text.get_position())
        shifts = [(dx * box.height, dy * box.height) for dx, dy in _NUDGES]
        shifts += [
            (side * box.width, dy * box.height) for side in _SIDEWAYS for _, dy in _NUDGES[:3]
        ]
        for shift in shifts:
            moved = box.translated(*shift)
            if not any(moved.overlaps(other) for other in placed):
                break
        else:
            shift, moved = (0.0, 0.0), box
        text.set_position(tuple(to_data.transform((home[0] + shift[0], home[1] + shift[1]))))
        placed.append(moved)


def _finish(figure: Any, axes: Any, frame: _Frame, outline: MapOutline, edges: bool) -> None:
    axes.set_xlim(frame.left, frame.right)
    axes.set_ylim(frame.bottom, frame.top)  # y grows down the page
    axes.set_aspect("equal")
    axes.set_axis_off()
    part = f" ({outline.part})" if outline.part else ""
    width, height = frame.figure_size()
    figure.text(
        MARGIN_INCHES / width,
        1 - MARGIN_INCHES / height,
        f"{outline.game} map{part}: {outline.summary}",
        fontsize=10,
        va="top",
    )
    counts = Counter(shape.kind for shape in outline.shapes)
    colours = _colours(outline)
    handles = [
        Patch(facecolor=colours[kind], edgecolor=EDGE_COLOUR, label=f"{kind}: {what} ({count})")
        for kind, what, count in _legend(outline, counts)
    ]
    if outline.bare_land:
        handles.append(Patch(facecolor=BARE_LAND, edgecolor=EDGE_COLOUR, label="land in no area"))
    if edges:
        handles += [
            Line2D([], [], label=f"{kind} edge ({len(found)})", **_edge_style(kind))
            for kind, found in _edges_by_kind(outline).items()
        ]
    figure.legend(
        handles=handles,
        loc="lower center",
        bbox_to_anchor=(0.5, MARGIN_INCHES / height),
        ncols=frame.legend_columns(),
        fontsize=7,
        frameon=False,
    )
