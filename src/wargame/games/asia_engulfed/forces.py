"""The forces of Asia Engulfed as data: unit types, blocks, air and submarine counters, markers
(``data/forces.yaml``) and the force pools with their additions by date (``data/pools.yaml``).

Each record says where it comes from (``provenance``: seed, rulebook, reconstructed, provisional)
and why (``ref``, ``source``); a file's own ``provenance`` and ``ref`` are the default of its
records. Loading checks the records against each other: a bad record fails the load with one line
naming the file and the record.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import msgspec

from wargame.engine.data import Provenance, Record, describe_error, read_raw
from wargame.engine.errors import DataError
from wargame.engine.i18n import Catalog
from wargame.engine.names import told_apart
from wargame.games.asia_engulfed.registry import RULES

DATA = Path(__file__).parent / "data"
T = TypeVar("T")
_NESTED = re.compile(r"top level, field (?P<list>[\w.]+)\[(?P<index>\d+)\]\.?(?P<field>\S*):")

Power = Literal["japan", "usa", "cw", "china_nat", "china_comm", "philippines", "dei"]
Side = Literal["japan", "allies"]
Nationality = Literal["british", "australian", "indian"]
BlockType = Literal["infantry", "marine", "militia", "cv", "bb", "ca"]
AirType = Literal["lba", "cba"]
Form = Literal["block", "square", "round"]
Trigger = Literal["us_first_increase", "us_second_increase"]
# a turn is named by its first month: "1941-11" is the Nov/Dec 1941 turn (1.3)
TURN_PATTERN = r"^194[1-5]-(01|03|05|07|09|11)$"
Turn = Annotated[str, msgspec.Meta(pattern=TURN_PATTERN)]
TRIGGERS: frozenset[str] = frozenset({"us_first_increase", "us_second_increase"})
# the markers 4.29 leaves unlimited, by their forces.yaml ids
UNLIMITED_MARKERS = frozenset({"fleet-damage", "port-damage", "fortification", "out-of-supply"})
Id = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9-]*$")]

FLEETS: frozenset[str] = frozenset({"cv", "bb", "ca"})
GROUND: frozenset[str] = frozenset({"infantry", "marine", "militia"})
AIR: frozenset[str] = frozenset({"lba", "cba"})
UNITS: frozenset[str] = GROUND | {"garrison"} | AIR  # 4.23 (garrisons: ground units, 4.22)


@RULES.implements("4.23", "4.22")
def is_unit(kind: str) -> bool:
    """Whether a piece of ``kind`` is a "unit" as the rules say it (4.23): an air or ground unit,
    garrisons included (4.22); never a fleet, nor a submarine unit (key terms: the rules name
    submarines where they mean them)."""
    return kind in UNITS


def side_of(power: str) -> Side:
    return "japan" if power == "japan" else "allies"


class Sourced(Record, kw_only=True):
    """A record with the reason for its values: the rule or the historical source."""

    source: str | None = None


class UnitType(Sourced):
    id: str
    form: Form
    steps: tuple[int, int]


class Colour(Sourced):
    """One block colour of the component list: how many blocks, whose, of which types."""

    id: str
    count: int
    powers: list[Power]
    types: list[BlockType]


class CounterSheet(Sourced):
    id: Literal["square", "round"]
    count: int
    spare_for_ee: int = 0


class Block(Sourced):
    """One wooden block: a ground unit or a fleet, with its printed maximum steps."""

    id: Id
    power: Power
    type: BlockType
    max_steps: Annotated[int, msgspec.Meta(ge=1, le=4)]
    name: str
    name_ja: str
    nationality: Nationality | None = None
    carrier_box: str | None = None
    elite: bool = False


class AirUnit(Sourced):
    """One air counter: LBA (round) or CBA (square), always 2 steps at full strength (4.61)."""

    id: Id
    power: Power
    type: AirType
    name: str
    name_ja: str
    nationality: Nationality | None = None
    elite: bool = False
    max_steps: int = 2


class Submarine(Sourced):
    id: Id
    power: Power
    type: Literal["submarine"]
    name: str
    name_ja: str
    max_steps: int = 2


class Marker(Sourced):
    """A counter that is not a unit. ``count`` None: unlimited by the rules; ``printed`` then
    says how many the sheet is taken to hold."""

    id: Id
    kind: str
    shape: Literal["square", "round"]
    count: int | None
    printed: int | None = None
    power: Power | None = None


class Stacking(Sourced):
    """Units a side may have in one area of a kind at the end of a phase (5.4); None: no limit."""

    area: Literal["island_box", "port_box", "jungle", "large"]
    ground: int | None
    air: int | None
    garrison: int | None


class PortCapacity(Sourced):
    port: Literal["small", "medium", "large", "home"]
    fleets: int | None


class Value(Sourced):
    value: int


class Limits(msgspec.Struct, kw_only=True):
    stacking: list[Stacking]
    port_capacity: list[PortCapacity]
    cba_steps_per_cv_step: Value


class ForcesFile(msgspec.Struct, kw_only=True):
    provenance: Provenance
    ref: str
    values_provenance: Provenance
    limits: Limits
    types: list[UnitType]
    colours: list[Colour]
    counter_sheets: list[CounterSheet]
    blocks: list[Block]
    paratroops: list[Block] = msgspec.field(default_factory=list)  # 13.4, optional
    air: list[AirUnit]
    submarines: list[Submarine]
    markers: list[Marker]


class UsProduction(Sourced):
    since: Turn = msgspec.field(name="from")
    werp: int
    needs: Trigger | None = None


class FreeNavalSteps(Sourced):
    since: Turn = msgspec.field(name="from")
    cv: int
    bb: int
    ca: int


class BuildMarkerDate(Sourced):
    when: Turn
    count: int


class SpecialActionCap(Sourced):
    power: Power
    since: Turn = msgspec.field(name="from")
    cap: int


class Addition(Sourced):
    """What joins a power's force pool (or the map, with ``area``) on a turn or a 9.22 trigger."""

    when: str  # a Turn or a Trigger (msgspec cannot tell two kinds of str apart)
    power: Power
    block: str | None = None
    steps: int | None = None
    area: str | None = None
    escorts: list[str] = msgspec.field(name="with", default_factory=list)
    counters: list[str] = msgspec.field(default_factory=list)

    def units(self) -> list[str]:
        return ([self.block] if self.block else []) + self.escorts + self.counters


class PoolsFile(msgspec.Struct, kw_only=True):
    provenance: Provenance
    us_production: list[UsProduction]
    us_free_naval_steps: list[FreeNavalSteps]
    us_build_markers: list[BuildMarkerDate]
    special_action_caps: list[SpecialActionCap]
    additions: list[Addition]


Unit = Block | AirUnit | Submarine


class Forces:
    """The forces and pools files, loaded, defaulted and checked against each other."""

    def __init__(self, forces: ForcesFile, pools: PoolsFile, path: Path = DATA) -> None:
        self.file = forces
        self.pools = pools
        self.path = path
        units: list[Unit] = [*forces.blocks, *forces.paratroops, *forces.air, *forces.submarines]
        self.units: dict[str, Unit] = {}
        for unit in units:
            if unit.id in self.units:
                raise DataError(f"{path / 'forces.yaml'}: unit {unit.id!r} is listed twice")
            self.units[unit.id] = unit
        self.types = {t.id: t for t in forces.types}
        _fill_defaults(forces)
        for record in pools.__struct_fields__:
            for item in _records(getattr(pools, record)):
                if item.provenance is None:
                    item.provenance = pools.provenance
        self._check_blocks()
        self._check_counters()
        self._check_additions()

    @property
    def paratroops(self) -> frozenset[str]:
        """The paratroop blocks: in play only with the set-up option of 13.4."""
        return frozenset(block.id for block in self.file.paratroops)

    def of_power(self, power: str) -> list[Unit]:
        return [u for u in self.units.values() if u.power == power]

    def added_later(self, first_turn: str) -> set[str]:
        """Units that an addition brings from ``first_turn`` on (not in the pool at the start: the
        first turn's additions arrive as the game's do, in that turn)."""
        return {
            unit
            for addition in self.pools.additions
            if _after(addition.when, first_turn)
            for unit in addition.units()
        }

    @RULES.implements("4.22")
    def _check_blocks(self) -> None:
        """Ground and fleet blocks within their type's steps (4.22: a block shows 1-4 steps);
        a carrier box for each CV alone; the colours as the component list counts them."""
        where = self.path / "forces.yaml"
        for block in [*self.file.blocks, *self.file.paratroops]:
            low, high = self.types[block.type].steps
            if not low <= block.max_steps <= high:
                raise DataError(f"{where}: block {block.id!r}: {block.type} has {low}-{high} steps")
            if (block.carrier_box is None) == (block.type == "cv"):
                raise DataError(f"{where}: block {block.id!r}: a carrier box belongs to CVs only")
            if (block.nationality is None) == (block.power == "cw"):
                raise DataError(f"{where}: block {block.id!r}: nationality is for the CW only")
        counted = Counter(colour_of(block, self.file.colours) for block in self.file.blocks)
        for colour in self.file.colours:
            if counted[colour.id] != colour.count:
                raise DataError(
                    f"{where}: colour {colour.id!r}: {counted[colour.id]} blocks, "
                    f"the component list has {colour.count}"
                )

    @RULES.implements("4.2", "4.21", "4.25", "4.29")
    def _check_counters(self) -> None:
        """The counter sheets bound the air units (4.21: LBA on round counters, CBA with the
        submarine units and the limited markers on square ones); one submarine unit a side
        (4.25); damage, fortification and out-of-supply markers are unlimited (4.29)."""
        where = self.path / "forces.yaml"
        sheets = {sheet.id: sheet.count - sheet.spare_for_ee for sheet in self.file.counter_sheets}
        used = Counter("round" if unit.type == "lba" else "square" for unit in self.file.air)
        used["square"] += len(self.file.submarines)
        for marker in self.file.markers:
            used[marker.shape] += marker.count if marker.count is not None else marker.printed or 0
        for shape, count in sorted(used.items()):
            if count > sheets.get(shape, 0):
                held = sheets.get(shape, 0)
                raise DataError(f"{where}: {count} {shape} counters, the sheets hold {held}")
        subs = Counter(side_of(sub.power) for sub in self.file.submarines)
        if sorted(subs.items()) != [("allies", 1), ("japan", 1)]:
            raise DataError(f"{where}: one submarine unit a side (4.25), not {dict(subs)}")
        for marker in self.file.markers:
            if marker.id in UNLIMITED_MARKERS and marker.count is not None:
                raise DataError(f"{where}: marker {marker.id!r} is unlimited (4.29): count null")

    def _check_additions(self) -> None:
        where = self.path / "pools.yaml"
        for index, addition in enumerate(self.pools.additions):
            if addition.when not in TRIGGERS and not re.match(TURN_PATTERN, addition.when):
                problem = f"{addition.when!r} is no turn or trigger"
                raise DataError(f"{where}: addition {index}: {problem}")
            for unit_id in addition.units():
                unit = self.units.get(unit_id)
                if unit is None or unit.power != addition.power:
                    raise DataError(
                        f"{where}: addition {index} ({addition.when}): "
                        f"{unit_id!r} is no unit of {addition.power}"
                    )
            block = self.units.get(addition.block or "")
            if addition.steps is not None and block and addition.steps > block.max_steps:
                problem = f"{block.id!r} has {block.max_steps} steps"
                raise DataError(f"{where}: addition {index}: {problem}")


def _records(value: object) -> list[Sourced]:
    return [item for item in value if isinstance(item, Sourced)] if isinstance(value, list) else []


def _fill_defaults(forces: ForcesFile) -> None:
    for name in forces.__struct_fields__:
        for record in _records(getattr(forces, name)):
            record.provenance = record.provenance or forces.provenance
            record.ref = record.ref or forces.ref


def colour_of(block: Block, colours: list[Colour]) -> str:
    for colour in colours:
        if block.power in colour.powers and block.type in colour.types:
            return colour.id
    raise DataError(f"forces.yaml: block {block.id!r}: no colour of the component list fits it")


def _after(when: str, first_turn: str) -> bool:
    """True when an addition comes in or after a scenario's first turn (a 9.22 trigger always
    does: no scenario starts in 1943 or later)."""
    return when >= first_turn if when[0].isdigit() else True


def load_named(path: Path, schema: type[T]) -> T:
    """Load a file of sections of records; an error names the record by its id (or unit, area)."""
    raw = read_raw(path)
    try:
        loaded: T = msgspec.convert(raw, schema)
    except msgspec.ValidationError as error:
        raise DataError(_name_record(describe_error(path, raw, str(error)), raw)) from None
    return loaded


def _name_record(message: str, raw: Any) -> str:
    """'top level, field blocks[3].max_steps:' -> "blocks record 3 (jp-1a), field max_steps:"."""
    match = _NESTED.search(message)
    if match is None:
        return message
    records: Any = raw
    for key in match.group("list").split("."):
        records = records.get(key) if isinstance(records, dict) else None
    index = int(match.group("index"))
    record = records[index] if isinstance(records, list) and index < len(records) else None
    label = next(
        (record[k] for k in ("id", "unit", "area") if isinstance(record, dict) and k in record),
        None,
    )
    named = f"{match.group('list')} record {index}" + (f" ({label})" if label else "")
    field = f", field {match.group('field')}" if match.group("field") else ""
    return message[: match.start()] + f"{named}{field}:" + message[match.end() :]


@cache
def load(path: Path = DATA) -> Forces:
    forces = load_named(path / "forces.yaml", ForcesFile)
    return Forces(forces, load_named(path / "pools.yaml", PoolsFile), path)


@cache
def display_names() -> dict[str, tuple[str, str]]:
    """Each unit's names as the players read them (:func:`engine.names.told_apart`): its power
    in brackets where units of several powers share a name (the Japanese and the US light
    carrier air groups), a number where one power's units do."""
    powers = Catalog()
    powers.add_directory(Path(__file__).parent / "messages")

    def qualified(unit: Any) -> tuple[str, str]:
        return (
            f"{unit.name} ({powers.name('power', unit.power, 'en')})",
            f"{unit.name_ja}({powers.name('power', unit.power, 'ja')})",
        )

    return told_apart(load().units.values(), lambda unit: str(unit.power), qualified)
