"""The printed tables of Empire of the Sun as data a player can replace (``data/tables.yaml``;
engine :mod:`overlay`): Table T3 (air-naval combat results) and T4 (ground combat results), each
with the die-roll modifiers its chart prints, T6 (War in Europe), T7 (submarine warfare), T8
(strategic bombing), T12 (hand size) and T14 (US Political Will). The rules read them through
the state (:func:`tables`), so that a game played with a rules overlay plays by the player's
charts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Any, Final, Literal, TypeVar

import msgspec

from wargame.engine.overlay import PrintedTables, TableKind
from wargame.engine.procedure import Context
from wargame.engine.tables import CombatTable

DATA: Final = Path(__file__).parent / "data"
T = TypeVar("T")
MAX_RATING: Final = 100
MAX_TEXT: Final = 16

Drm = Annotated[int, msgspec.Meta(ge=-20, le=20)]
Roll = Annotated[int, msgspec.Meta(ge=0, le=9)]
Level = Annotated[int, msgspec.Meta(ge=1, le=4)]
Count = Annotated[int, msgspec.Meta(ge=0, le=20)]
Turn = Annotated[int, msgspec.Meta(ge=1, le=12)]
WIE_LEVELS: Final = 4
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


class WarInEuropeValues(Strict):
    """Table T6: the marker value at or below which each of Levels 1-4 begins, the highest
    Sent-to-Europe roll at each level (modified by US rivalry), the turns a sent unit is away,
    and the level from which each further effect applies."""

    level_from: list[Annotated[int, msgspec.Meta(ge=-7, le=3)]]
    sent_to_europe_highest_roll: list[Roll]
    us_rivalry_roll_modifier: Drm
    sent_units_return_after: Turn
    no_allied_asp_increase_from: Level
    allied_card_lost_from: Level
    political_will_lost_from: Level

    def level(self, marker: int) -> int:
        """0 (No Effect) to 4: the number of levels whose start the marker has reached."""
        return sum(1 for start in self.level_from if marker <= start)

    def sent_to_europe(self, level: int, modified_roll: int) -> bool:
        return level > 0 and modified_roll <= self.sent_to_europe_highest_roll[level - 1]


class SubmarineValues(Strict):
    """Table T7: the defective-torpedo modifier of the 1942 turns, and what a success costs."""

    defective_torpedo_drm: Drm
    defective_torpedo_turns: list[Turn]
    escort_step_down: Count
    japanese_asp_floor: Count


class BombingValues(Strict):
    """Table T8: the highest successful roll of a full-strength and of a reduced B-29, the most
    cards bombing cuts from the Japanese deal, the natural roll that costs a bomber a step, and
    the range from Tokyo of an Allied airfield that spares it."""

    full_strength_succeeds_on: Roll
    reduced_succeeds_on: Roll
    most_cards_cut: Count
    step_lost_on: Roll
    safe_airfield_range: Count


class HandSizeValues(Strict):
    """Table T12: the Japanese deal (fixed on the early turns, then one card per so many
    resource hexes, at most so many) and its passes by cards dealt; the Allied deal by turn
    (cards, passes) before the full one; the fewest cards either side is dealt."""

    japanese_early_turns_through: Turn
    japanese_early_cards: Count
    resource_hexes_per_japanese_card: Annotated[int, msgspec.Meta(ge=1, le=20)]
    japanese_most_cards: Count
    japanese_passes_by_cards: dict[str, Count]
    allied_by_turn: dict[str, tuple[Count, Count]]
    allied_full_cards: Count
    fewest_cards: Count

    def japanese_passes(self, cards: int) -> int:
        return self.japanese_passes_by_cards.get(str(cards), 0)

    def allied(self, turn: int) -> tuple[int, int]:
        return self.allied_by_turn.get(str(turn), (self.allied_full_cards, 0))


NationKey = Literal["philippines", "malaya", "dei", "burma", "australia", "china", "india"]
NATION_KEYS: Final = frozenset(NationKey.__args__)  # type: ignore[attr-defined]


class PoliticalWillValues(Strict):
    """Table T14: how far each of its events moves US Political Will, every amount written as a
    positive number (the rules say which way), and the turns and counts the events depend on."""

    surrender_lost: dict[NationKey, Count]
    all_surrendered_lost: Count
    occupation_lost: Count
    aleutians_segments: Count
    hawaii_segments: Count
    few_resources_at_most: Count
    few_resources_from_turn: Turn
    few_resources_gained: Count
    bombing_gained: Count
    us_casualties_lost: Count
    no_us_carrier_lost: Count
    no_us_navy_lost: Count
    war_in_europe_lost: Count
    progress_from_turn: Turn
    progress_most_hexes: Count
    progress_lost: Count


def checked_political_will(values: PoliticalWillValues) -> PoliticalWillValues:
    missing = sorted(NATION_KEYS - set(values.surrender_lost))
    if missing:
        raise ValueError(f"surrender_lost: no value for {', '.join(missing)}")
    return values


def checked_war_in_europe(values: WarInEuropeValues) -> WarInEuropeValues:
    starts, rolls = values.level_from, values.sent_to_europe_highest_roll
    if len(starts) != WIE_LEVELS or len(rolls) != WIE_LEVELS:
        raise ValueError(f"level_from and sent_to_europe_highest_roll list {WIE_LEVELS} levels")
    if any(later >= earlier for earlier, later in pairwise(starts)):
        raise ValueError("level_from: each level begins below the one before")
    return values


def checked_hand_size(values: HandSizeValues) -> HandSizeValues:
    for key in (*values.japanese_passes_by_cards, *values.allied_by_turn):
        if not key.isdigit():
            raise ValueError(f"{key!r} is not a number of cards or a turn")
    return values


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
        "t6_war_in_europe": TableKind(WarInEuropeValues, checked_war_in_europe),
        "t7_submarine_warfare": TableKind(SubmarineValues),
        "t8_strategic_bombing": TableKind(BombingValues),
        "t12_hand_size": TableKind(HandSizeValues, checked_hand_size),
        "t14_political_will": TableKind(PoliticalWillValues, checked_political_will),
    },
)


def tables(g: Context) -> Mapping[str, Any]:
    """The tables this game is played with (its rules overlay's over the printed ones)."""
    return TABLES.of(g.state)


def table(g: Context, table_id: str, kind: type[T]) -> T:
    """The table ``table_id`` this game is played with, as the rules read it (``kind``)."""
    found = tables(g)[table_id]
    if not isinstance(found, kind):
        raise TypeError(f"table {table_id} is a {type(found).__name__}, not a {kind.__name__}")
    return found


def strike_chart(g: Context, stage: str) -> RatingChart:
    """Table T3 for an air-naval strike, T4 for a ground combat roll."""
    return table(g, "t3_air_naval" if stage == "air_naval" else "t4_ground", RatingChart)


def air_naval_modifiers(g: Context) -> AirNavalDrms:
    return table(g, "t3_modifiers", AirNavalDrms)


def ground_modifiers(g: Context) -> GroundDrms:
    return table(g, "t4_modifiers", GroundDrms)


def war_in_europe(g: Context) -> WarInEuropeValues:
    return table(g, "t6_war_in_europe", WarInEuropeValues)


def submarine_warfare(g: Context) -> SubmarineValues:
    return table(g, "t7_submarine_warfare", SubmarineValues)


def strategic_bombing(g: Context) -> BombingValues:
    return table(g, "t8_strategic_bombing", BombingValues)


def hand_size(g: Context) -> HandSizeValues:
    return table(g, "t12_hand_size", HandSizeValues)


def political_will(g: Context) -> PoliticalWillValues:
    return table(g, "t14_political_will", PoliticalWillValues)


def default_chart(stage: str) -> RatingChart:
    found: RatingChart = TABLES.defaults["t3_air_naval" if stage == "air_naval" else "t4_ground"]
    return found
