"""The printed battle tables of Empire of the Sun as data a player can replace
(``data/tables.yaml``; engine :mod:`overlay`): Table T3 (air-naval combat results) and T4 (ground
combat results), each with the die-roll modifiers its chart prints. The rules read them through
the state (:func:`tables`), so that a game played with a rules overlay fights with the player's
charts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import msgspec

from wargame.engine.overlay import PrintedTables, TableKind
from wargame.engine.procedure import Context
from wargame.engine.tables import CombatTable

DATA: Final = Path(__file__).parent / "data"
MAX_RATING: Final = 100
MAX_TEXT: Final = 16

Drm = Annotated[int, msgspec.Meta(ge=-20, le=20)]
Roll = Annotated[int, msgspec.Meta(ge=0, le=9)]
Rating = int | float | str
TerrainKey = Literal["open", "jungle", "mixed", "mountain", "atoll", "city"]


class Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class AirNavalValues(Strict):
    ratings: dict[str, Rating]
    critical_natural: Roll


class GroundValues(Strict):
    ratings: dict[str, Rating]


class AirNavalDrms(Strict):
    """Table T3's modifiers: Surprise and Ambush to the side striking first, and by year the
    Allies' modifier with a US air or carrier unit present."""

    surprise: Drm
    ambush: Drm
    us_air_by_year: dict[str, Drm]

    def us_air(self, year: int) -> int:
        return self.us_air_by_year.get(str(year), 0)


class GroundDrms(Strict):
    """Table T4's modifiers (terrain: the offensive player's, by the battle hex's terrain)."""

    shore_bombardment: Drm
    air_superiority: Drm
    held_before_assault: Drm
    seventh_armoured: Drm
    terrain: dict[TerrainKey, Drm]


@dataclass(frozen=True)
class RatingChart:
    """A results table as the rules read it: a modified roll's combat effectiveness rating and
    the natural roll that is a critical hit (None: the table has none)."""

    table: CombatTable[Fraction]
    critical_natural: int | None = None


def rating(value: Rating) -> Fraction:
    """A rating as a chart prints it: ``1``, ``0.5``, ``"1/4"``, ``"1.5"``."""
    text = str(value).strip()
    if isinstance(value, bool) or len(text) > MAX_TEXT:
        raise ValueError(f"rating {value!r} is not a number or a fraction like 1/4")
    try:
        found = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"rating {value!r} is not a number or a fraction like 1/4") from None
    if not 0 <= found <= MAX_RATING:
        raise ValueError(f"rating {value!r} is not between 0 and {MAX_RATING}")
    return found


def ratings_table(name: str, ratings: Mapping[str, Rating]) -> CombatTable[Fraction]:
    """Modified rolls to ratings: ``{"≤2": "1/4", "3-5": "1/2", ...}``, rows without gaps."""
    rows = [(roll, rating(value)) for roll, value in ratings.items()]
    return CombatTable.from_rows(["rating"], rows, name=name)


def air_naval_chart(values: AirNavalValues) -> RatingChart:
    return RatingChart(ratings_table("T3", values.ratings), values.critical_natural)


def ground_chart(values: GroundValues) -> RatingChart:
    return RatingChart(ratings_table("T4", values.ratings))


def checked_years(values: AirNavalDrms) -> AirNavalDrms:
    for year in values.us_air_by_year:
        if not (year.isdigit() and len(year) == 4):
            raise ValueError(f"us_air_by_year: {year!r} is not a year")
    return values


TABLES: Final = PrintedTables(
    "empire-of-the-sun",
    DATA / "tables.yaml",
    {
        "t3_air_naval": TableKind(AirNavalValues, air_naval_chart),
        "t3_modifiers": TableKind(AirNavalDrms, checked_years),
        "t4_ground": TableKind(GroundValues, ground_chart),
        "t4_modifiers": TableKind(GroundDrms),
    },
)


def tables(g: Context) -> Mapping[str, Any]:
    """The tables this game is played with (its rules overlay's over the printed ones)."""
    return TABLES.of(g.state)


def strike_chart(g: Context, stage: str) -> RatingChart:
    """Table T3 for an air-naval strike, T4 for a ground combat roll."""
    found: RatingChart = tables(g)["t3_air_naval" if stage == "air_naval" else "t4_ground"]
    return found


def air_naval_modifiers(g: Context) -> AirNavalDrms:
    found: AirNavalDrms = tables(g)["t3_modifiers"]
    return found


def ground_modifiers(g: Context) -> GroundDrms:
    found: GroundDrms = tables(g)["t4_modifiers"]
    return found


def default_chart(stage: str) -> RatingChart:
    found: RatingChart = TABLES.defaults["t3_air_naval" if stage == "air_naval" else "t4_ground"]
    return found
