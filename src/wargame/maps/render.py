"""``wargame map``: a picture of a game's hex map (PNG or SVG) to check the data by eye against
an atlas. This module checks the request (format, folder, sheet, region) before anything is drawn;
``wargame.maps.drawing`` draws with matplotlib, the optional ``render`` extra.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from wargame.engine.errors import WargameError
from wargame.maps import MapOutline, map_outline

FORMATS = {".png": "png", ".svg": "svg"}


@dataclass(frozen=True)
class Labels:
    """What to write on the hexes or areas: their ids, their place names (in ``lang``); for an
    area map, whether to draw its edges."""

    ids: bool = False
    names: bool = False
    lang: str = "en"
    edges: bool = False


@dataclass
class Picture:
    """What was drawn: the outline shown and any warning for the user."""

    outline: MapOutline
    warnings: list[str] = field(default_factory=list)


def write_map(
    game: str,
    out: Path,
    labels: Labels,
    sheet: str | None = None,
    region: str | None = None,
) -> Picture:
    """Draw a game's map (or a sheet, or a region) to ``out``; nothing is written on an error."""
    picture_format = _format_of(out)
    if not out.parent.is_dir():
        raise WargameError(f"cannot write {out}: no folder {out.parent}")
    outline = choose(map_outline(game), sheet, region)
    if labels.edges and not outline.edges:
        raise WargameError(f"{game} has no edges to draw: --edges is for area maps and hexsides")
    drawing = _drawing()
    picture = Picture(outline)
    font = None
    if labels.names and labels.lang == "ja":
        font = drawing.japanese_font()
        if font is None:
            picture.warnings.append(
                "no Japanese font found (Debian: fonts-ipafont-gothic); names may show as boxes"
            )
    data = drawing.render(outline, picture_format, labels, font)
    try:
        out.write_bytes(data)
    except OSError as error:
        raise WargameError(f"cannot write {out}: {error.strerror or error}") from None
    return picture


def choose(outline: MapOutline, sheet: str | None, region: str | None) -> MapOutline:
    """The sheet, then the region (two hex ids ``A,B`` at opposite corners) of a map."""
    if region is not None and outline.areas:
        raise WargameError(f"{outline.game} is an area map: --region picks hexes")
    if sheet is not None:
        outline = outline.on_sheet(sheet)
    if region is not None:
        corners = [part.strip() for part in region.split(",")]
        if len(corners) != 2 or not all(corners):
            raise WargameError(
                f"--region wants two hex ids at opposite corners (A,B), not {region!r}"
            )
        outline = outline.within(*corners)
    return outline


def _format_of(out: Path) -> str:
    found = FORMATS.get(out.suffix.lower())
    if found is None:
        known = ", ".join(FORMATS)
        raise WargameError(f"cannot draw a map as {out.name!r}: the file must end in {known}")
    return found


def _drawing() -> ModuleType:
    try:
        from wargame.maps import drawing  # noqa: PLC0415  (matplotlib is an optional extra)
    except ImportError:
        raise WargameError("drawing maps needs matplotlib: pip install 'wargame[render]'") from None
    return drawing
