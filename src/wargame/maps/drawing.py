"""The matplotlib side of ``wargame map``: a :class:`MapOutline` drawn to PNG or SVG bytes.

Every hex is filled by its class and outlined; with ids, each hex's id is written at its top; with
names, a named hex gets a dot and its place name under it. Sizes are fixed in inches per hex,
whatever the map, so that labels stay legible (a region crops a large map). SVG keeps its text as
text, so that a browser can search it for a hex id.
"""

from __future__ import annotations

import io
import math
import warnings
from collections import Counter
from dataclasses import dataclass
from typing import Any

import matplotlib
from matplotlib import colormaps, font_manager
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from wargame.engine.errors import WargameError
from wargame.maps import MapOutline
from wargame.maps.render import Labels

DPI = 150
HEX_RADIUS_INCHES = 0.36  # centre to corner: room for a 12-letter name
MARGIN_INCHES = 0.3
TITLE_INCHES = 0.4
MIN_WIDTH_INCHES = 6.0
LEGEND_COLUMN_INCHES = 2.6
LEGEND_ROW_INCHES = 0.16
ID_POINTS = 6
NAME_POINTS = 6
EDGE_COLOUR = "#4d4d4d"
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
    "atoll": "#f3e6bd",
    "off_map": "#d9dde0",
}
SPARE_COLOURMAP = "Pastel1"  # for a class the table above does not know
JAPANESE_FONTS = ("IPAGothic", "IPAPGothic", "Noto Sans CJK JP", "TakaoGothic", "VL Gothic")
LATIN_FONT = "DejaVu Sans"


def japanese_font() -> str | None:
    """The first Japanese font matplotlib knows, or None."""
    installed = {font.name for font in font_manager.fontManager.ttflist}
    return next((name for name in JAPANESE_FONTS if name in installed), None)


def render(outline: MapOutline, picture_format: str, labels: Labels, font: str | None) -> bytes:
    """The picture's bytes (``picture_format`` png or svg)."""
    families = [LATIN_FONT, *([font] if font else [])]
    settings = {"svg.fonttype": "none", "font.family": families}
    with matplotlib.rc_context(settings), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph .* missing")
        frame = _Frame.of(outline)
        figure = Figure(figsize=frame.figure_size())
        axes = figure.add_axes(frame.axes_box())
        _draw_hexes(axes, outline)
        if labels.ids or labels.names:
            _draw_labels(axes, outline, labels, frame.radius)
        _finish(figure, axes, frame, outline)
        buffer = io.BytesIO()
        figure.savefig(buffer, format=picture_format, dpi=DPI)
    return buffer.getvalue()


@dataclass(frozen=True)
class _Frame:
    """The map's extent in its own units, the size of one hex (centre to corner) and the number
    of legend entries; from these, the figure's layout in inches."""

    left: float
    right: float
    top: float
    bottom: float
    radius: float
    legend_entries: int

    @classmethod
    def of(cls, outline: MapOutline) -> _Frame:
        if not outline.hexes:
            raise WargameError(f"{outline.game}: no hexes to draw")
        xs = [x for h in outline.hexes for x, _ in h.corners]
        ys = [y for h in outline.hexes for _, y in h.corners]
        first = outline.hexes[0]
        radius = math.dist(first.centre, first.corners[0])
        entries = len({h.kind for h in outline.hexes})
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
    return described + sorted({h.kind for h in outline.hexes} - set(described))


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


def _draw_labels(axes: Any, outline: MapOutline, labels: Labels, radius: float) -> None:
    backing = {"boxstyle": "round,pad=0.08", "facecolor": "white", "alpha": 0.75, "linewidth": 0}
    for hex_outline in outline.hexes:
        x, y = hex_outline.centre
        if labels.ids:
            axes.text(
                x,
                y - 0.5 * radius,
                hex_outline.id,
                fontsize=ID_POINTS,
                ha="center",
                va="center",
                color="#333333",
            )
        name = hex_outline.name(labels.lang) if labels.names else None
        if name:
            axes.plot([x], [y], marker="o", markersize=2.2, color="black")
            axes.text(
                x,
                y + 0.15 * radius,
                name,
                fontsize=NAME_POINTS,
                ha="center",
                va="top",
                fontweight="bold" if labels.lang == "en" else "normal",  # no bold Japanese
                bbox=backing,
            )


def _finish(figure: Any, axes: Any, frame: _Frame, outline: MapOutline) -> None:
    axes.set_xlim(frame.left, frame.right)
    axes.set_ylim(frame.bottom, frame.top)  # y grows down the page
    axes.set_aspect("equal")
    axes.set_axis_off()
    part = f" ({outline.part})" if outline.part else ""
    width, height = frame.figure_size()
    figure.text(
        MARGIN_INCHES / width,
        1 - MARGIN_INCHES / height,
        f"{outline.game} map{part}: {len(outline.hexes)} hexes",
        fontsize=10,
        va="top",
    )
    counts = Counter(h.kind for h in outline.hexes)
    colours = _colours(outline)
    handles = [
        Patch(facecolor=colours[kind], edgecolor=EDGE_COLOUR, label=f"{kind}: {what} ({count})")
        for kind, what, count in _legend(outline, counts)
    ]
    figure.legend(
        handles=handles,
        loc="lower center",
        bbox_to_anchor=(0.5, MARGIN_INCHES / height),
        ncols=frame.legend_columns(),
        fontsize=7,
        frameon=False,
    )
