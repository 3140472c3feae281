"""The forces of Dai Senso! as data (``data/forces.yaml``): nationalities, the counter types of the
components section (ground and support units, markers), the provisional combat values, every unit
and the set-ups of the 1937 campaign and the training scenarios.

Each record says where it comes from (``provenance``: seed, rulebook, reconstructed, provisional)
and why (``source``); the file's ``provenance`` is the default of its records. Loading checks the
records against each other and the set-ups against the map (``data/map.json``): a bad record
fails the load with one line naming the file and the record.

Decisions
- A unit's combat values are not on its record: they come from ``ratings`` by the quality group
  of its nationality (colonial units their own group), its type and its steps, so that a player
  who owns the counters corrects a whole class at once and the provisional values stay in one
  labelled place.
- Set-ups place ground units in hexes and every support unit in a box (pool, delay, card): support
  units enter the map only in a support segment (2.2.3).
- A set-up is checked with the stacking limits of the printed tables (9.2), not an overlay's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import msgspec

from wargame.engine.data import Provenance, Record, by_id, load_checked, read_raw
from wargame.engine.errors import DataError
from wargame.engine.names import told_apart
from wargame.games.dai_senso.charts import TABLES, Faction

DATA: Final = Path(__file__).parent / "data"
Id = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_-]*$")]
Steps = Annotated[int, msgspec.Meta(ge=1, le=3)]
Values = Annotated[str, msgspec.Meta(pattern=r"^\d+-\d+-\d+$")]
Colonial = Literal["afr", "aus", "ind", "nz", "col", "bur", "rus", "phil"]
COLONIAL_CODES: Final[dict[str, frozenset[str]]] = {
    "britain": frozenset({"afr", "aus", "ind", "nz"}),
    "japan": frozenset({"col", "bur", "ind", "rus"}),
    "usa": frozenset({"phil"}),
    "france": frozenset({"col"}),
}
"""The colonial codes each nationality prints (spec §2.2.1; France's code is ours)."""
SETUP_BOXES: Final[dict[str, Faction | None]] = {
    "pool": None,
    "delay": None,
    "card": None,
    "western_usa": "west",
    "europe_africa": "west",
    "panama_canal": "west",
    "french_polynesia": "west",
    "eastern_europe": "soviet",
}
"""Where a unit can start off the map, and the only faction an off-map box admits (spec §1.4)."""


class Sourced(Record, kw_only=True, forbid_unknown_fields=True):
    source: str | None = None


class Nationality(Sourced):
    id: Id
    name: str
    name_ja: str
    faction: Faction
    kind: Literal["major", "minor", "pan_national"]
    group: str


class GroundType(Sourced):
    id: Id
    name: str
    name_ja: str
    steps: tuple[Steps, Steps]
    class_: Literal["infantry_type", "armor_type", "hq", "fortress"] = msgspec.field(name="class")
    square: bool = False


class SupportType(Sourced):
    id: Id
    name: str
    name_ja: str
    category: Literal["air", "fleet"]
    back: str
    contests: Literal["yes", "limited", "only", "no"]
    range: int | None = None
    printed_drm: bool = False


class MarkerType(Sourced):
    id: Id
    name: str
    name_ja: str
    where: Literal["hex", "sea_zone", "strategic_warfare", "track", "posture", "box"]
    faction: Faction | None = None
    count: int | None = None
    nationality: str | None = None
    """The nationality whose airbase and naval base the marker makes (a logistics marker)."""


class Ratings(Sourced):
    reason: str
    reason_ja: str
    values: dict[str, dict[str, list[Values]]]


class Unit(Sourced):
    id: Id
    nationality: str
    type: str
    steps: Steps
    name: str
    name_ja: str
    colonial: Colonial | None = None
    kwantung: bool = False
    elite: bool = False
    card: str | None = None
    drm: Annotated[int, msgspec.Meta(ge=-3, le=3)] | None = None


class Placement(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    unit: str
    hex: str | None = None
    place: str | None = None
    box: str | None = None


class Scenario(Sourced):
    id: Id
    title: str
    title_ja: str
    book: str
    start: Annotated[str, msgspec.Meta(pattern=r"^19(3[7-9]|4[0-5])-(0[1-9]|1[0-2])$")]
    factions: list[Faction]
    setup: list[Placement]
    sheets: list[Literal["e", "w"]] = msgspec.field(default_factory=lambda: ["e", "w"])
    """The map sheets in play: a one-map scenario sets up on its sheet only."""


class ForcesFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    provenance: Provenance
    nationalities: list[Nationality]
    ground_types: list[GroundType]
    support_types: list[SupportType]
    markers: list[MarkerType]
    ratings: Ratings
    units: list[Unit]
    scenarios: list[Scenario]


class Forces:
    """The checked forces: lookups by id, each unit's faction and values, set-up counts."""

    def __init__(self, data: ForcesFile, hexes: dict[str, str]) -> None:
        self.data = data
        self.nationalities = by_id(data.nationalities, "nationality")
        self.ground_types = by_id(data.ground_types, "ground type")
        self.support_types = by_id(data.support_types, "support type")
        self.markers = by_id(data.markers, "marker")
        self.units = by_id(data.units, "unit")
        self.scenarios = by_id(data.scenarios, "scenario")
        self.hexes = hexes
        for unit in data.units:
            self._check_unit(unit)
        for scenario in data.scenarios:
            self._check_scenario(scenario)

    # -- what the rules and the views read ----------------------------------------------------
    def faction_of(self, unit: Unit) -> Faction:
        return self.nationalities[unit.nationality].faction

    def is_ground(self, unit: Unit) -> bool:
        return unit.type in self.ground_types

    def values(self, unit: Unit) -> tuple[int, int, int] | None:
        """Attack, defence and movement allowance of a ground unit (None: a support unit)."""
        return self.values_at(unit, unit.steps)

    def values_at(self, unit: Unit, steps: int) -> tuple[int, int, int] | None:
        """The values of a ground unit with ``steps`` steps left (a reduced unit reads the
        rating of fewer steps: 4.2.6.2, provisional); None for a support unit."""
        if not self.is_ground(unit):
            return None
        found = self._rating(unit, steps)
        if found is None:
            raise DataError(f"unit {unit.id}: no rating for its type and steps")
        attack, defence, movement = (int(part) for part in found.split("-"))
        return attack, defence, movement

    def counts(self, scenario: str) -> dict[Faction, int]:
        """How many units each faction sets up in ``scenario``."""
        found = Counter(
            self.faction_of(self.units[placed.unit]) for placed in self.scenarios[scenario].setup
        )
        return dict(found)

    def provenances(self) -> dict[str, int]:
        """How many records of the file have each provenance (the file's as default)."""
        records: list[Sourced] = [
            *self.data.nationalities,
            *self.data.ground_types,
            *self.data.support_types,
            *self.data.markers,
            *self.data.units,
            *self.data.scenarios,
        ]
        return dict(Counter(record.provenance or self.data.provenance for record in records))

    # -- checks -------------------------------------------------------------------------------
    def _rating(self, unit: Unit, steps: int | None = None) -> str | None:
        group = self.nationalities[unit.nationality].group
        if unit.colonial is not None:
            group = f"{group}_colonial"
        by_type = self.data.ratings.values.get(group, {}).get(unit.type, [])
        steps = unit.steps if steps is None else steps
        return by_type[steps - 1] if 1 <= steps <= len(by_type) else None

    def _check_unit(self, unit: Unit) -> None:
        where = f"unit {unit.id}"
        nationality = self.nationalities.get(unit.nationality)
        if nationality is None:
            raise DataError(f"{where}: no nationality {unit.nationality!r}")
        if unit.colonial and unit.colonial not in COLONIAL_CODES.get(unit.nationality, ()):
            raise DataError(f"{where}: {unit.nationality} prints no colonial code {unit.colonial}")
        if unit.kwantung and unit.nationality != "japan":
            raise DataError(f"{where}: only Japanese units are Kwantung Army units")
        if unit.type in self.ground_types:
            low, high = self.ground_types[unit.type].steps
            if not low <= unit.steps <= high:
                raise DataError(f"{where}: a {unit.type} has {low} to {high} steps")
            if self._rating(unit) is None:
                raise DataError(f"{where}: ratings give no {unit.type} of {unit.steps} steps")
        elif unit.type in self.support_types:
            if (unit.drm is not None) != self.support_types[unit.type].printed_drm:
                raise DataError(f"{where}: only bombers and submarines print a DRM, and all do")
        else:
            raise DataError(f"{where}: no unit type {unit.type!r}")

    def _check_scenario(self, scenario: Scenario) -> None:
        where = f"scenario {scenario.id}"
        placed = Counter(placement.unit for placement in scenario.setup)
        twice = sorted(unit for unit, times in placed.items() if times > 1)
        if twice:
            raise DataError(f"{where}: unit {twice[0]} is set up twice")
        by_hex: dict[str, list[Unit]] = {}
        for placement in scenario.setup:
            unit = self._placed_unit(scenario, placement)
            if placement.hex is not None:
                by_hex.setdefault(placement.hex, []).append(unit)
        for hex_id, units in sorted(by_hex.items()):
            self._check_hex(where, hex_id, units)

    def _placed_unit(self, scenario: Scenario, placement: Placement) -> Unit:
        where = f"scenario {scenario.id}, unit {placement.unit}"
        unit = self.units.get(placement.unit)
        if unit is None:
            raise DataError(f"{where}: no such unit")
        faction = self.faction_of(unit)
        if faction not in scenario.factions:
            raise DataError(f"{where}: a {faction} unit in a scenario of {scenario.factions}")
        if (placement.hex is None) == (placement.box is None):
            raise DataError(f"{where}: give a hex or a box")
        if placement.box == "card" and unit.card is None:
            raise DataError(f"{where}: it waits for a card but carries no card number")
        if placement.box is not None:
            self._check_box(where, placement.box, faction)
        elif not self.is_ground(unit):
            raise DataError(f"{where}: a support unit starts in a box (it is placed in 2.2.3)")
        else:
            self._check_land(where, str(placement.hex), scenario.sheets)
        return unit

    def _check_box(self, where: str, box: str, faction: Faction) -> None:
        if box not in SETUP_BOXES:
            raise DataError(f"{where}: no box {box!r}; boxes: {', '.join(SETUP_BOXES)}")
        admits = SETUP_BOXES[box]
        if admits is not None and admits != faction:
            raise DataError(f"{where}: the {box} box admits {admits} units only")

    def _check_land(self, where: str, hex_id: str, sheets: Sequence[str]) -> None:
        kind = self.hexes.get(hex_id)
        if kind is None:
            raise DataError(f"{where}: hex {hex_id} is not on the map (data/map.json)")
        if hex_id[0] not in sheets:
            raise DataError(f"{where}: hex {hex_id} is on a sheet out of play ({hex_id[0]})")
        if kind == "sea":
            raise DataError(f"{where}: hex {hex_id} is all sea")

    def _check_hex(self, where: str, hex_id: str, units: list[Unit]) -> None:
        factions = sorted({self.faction_of(unit) for unit in units})
        if len(factions) > 1:
            raise DataError(f"{where}: hex {hex_id} holds {' and '.join(factions)} units")
        limit = TABLES.defaults["stacking"].normal
        steps = sum(unit.steps for unit in units)
        if len(units) > limit.units or steps > limit.steps:
            raise DataError(
                f"{where}: hex {hex_id} stacks {len(units)} units of {steps} steps "
                f"(9.2, 13.7.3: {limit.units} units, {limit.steps} steps)"
            )


def map_hexes(path: Path = DATA / "map.json") -> dict[str, str]:
    """Each hex id of the map with its class (sea, land, coastal, island)."""
    raw = read_raw(path)
    return {str(hex_["id"]): str(hex_["class"]) for hex_ in raw["hexes"]}


def load(path: Path = DATA / "forces.yaml", hexes: dict[str, str] | None = None) -> Forces:
    """The forces of ``path`` checked; DataError in one line naming the file and the record."""
    return load_checked(
        path, ForcesFile, lambda data: Forces(data, map_hexes() if hexes is None else hexes)
    )


@cache
def forces() -> Forces:
    """The game's own forces, loaded once."""
    return load()


@cache
def display_names() -> dict[str, tuple[str, str]]:
    """Each unit's names as the players read them (:func:`engine.names.told_apart`): its
    nationality in brackets where units of several share a name (the Japanese and the British
    14th Army), a number where one nationality's units do."""
    found = forces()

    def qualified(unit: Any) -> tuple[str, str]:
        nation = found.nationalities[unit.nationality]
        return f"{unit.name} ({nation.name})", f"{unit.name_ja}({nation.name_ja})"

    return told_apart(found.units.values(), lambda unit: str(unit.nationality), qualified)
