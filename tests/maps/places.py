"""Finding a built map's hex by longitude and latitude, from the centres its file records."""

from __future__ import annotations

import math


def nearest_hex(hexes, lon, lat):
    """The hex whose recorded centre is nearest to a point (small distances: flat earth)."""

    def dist(h):
        hlon, hlat = h["lonlat"]
        return math.hypot((hlon - lon) * math.cos(math.radians(lat)), hlat - lat)

    return min(hexes.values(), key=dist)
