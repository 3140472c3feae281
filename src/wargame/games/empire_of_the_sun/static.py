"""The printed components of Empire of the Sun as data: map, units, cards and scenarios.

The files under ``data/`` are what the box prints (or our reconstruction of it), each record with
its provenance; this module gives their schemas, loads them once and checks them against each
other (a setup naming an unknown hex or unit fails the load, naming the file and the record).
"""

from __future__ import annotations

import re
from functools import cached_property
from pathlib import Path
from typing import Literal

import msgspec

from wargame.engine.board import HexGrid, HexLayout
from wargame.engine.data import Record, load_file, load_records
from wargame.engine.errors import DataError
from wargame.games.empire_of_the_sun.registry import RULES

DATA = Path(__file__).parent / "data"

Side = Literal["japan", "allied"]
SIDES: tuple[Side, Side] = ("japan", "allied")
Terrain = Literal["ocean", "open", "jungle", "mixed", "mountain", "atoll"]
CityKind = Literal["city", "japanese_city", "chinese_city"]
Nationality = Literal[
    "japanese",
    "us",
    "british",
    "australian",
    "new_zealand",
    "indian",
    "burmese",
    "dutch",
    "chinese",
]
Service = Literal["army", "navy", "marine"]
UnitClass = Literal["air", "naval", "ground", "hq"]
UnitType = Literal[
    # naval
    "CV",
    "CVL",
    "CVE",
    "BB",
    "BC",
    "CA",
    "CL",
    "DD",
    "APD",
    # air
    "air",
    "lrb",
    "b29",
    # ground
    "regiment",
    "brigade",
    "division",
    "corps",
    "army",
    # headquarters
    "hq",
]
HqKind = Literal["japanese", "us", "commonwealth", "joint"]
CardType = Literal["military", "political", "resource", "reaction"]
ReactionKind = Literal["intelligence", "counter_offensive", "attack", "weather", "personage"]
Intelligence = Literal["surprise", "intercept", "ambush"]
HexsideFlag = Literal["sea", "land", "route", "unplayable_sea", "impassable_land"]

RULES.declare(
    "1.2", "1.22", "1.23", "1.24",
    where="data/map.json, units.yaml, cards.yaml: the components as data, loaded by static.py",
)  # fmt: skip

SETUP_NOTATION = re.compile(
    r"^(?P<hex>\[?\d{4}\]?)$|^(?P<turn>\[?t\d{1,2}\]?)$|^(?P<box>delay|event|elim|china)$"
)


class Hex(Record):
    """One map hex. Unlisted board hexes are open ocean."""

    id: str
    terrain: Terrain
    name: str | None = None
    name_ja: str | None = None
    region: str | None = None
    city: CityKind | None = None
    port: bool = False
    airfield: bool = False
    resource: bool = False
    island: bool = False
    allied_supply_source: bool = False
    areas: list[str] = []
    note: str | None = None


class Hexside(Record):
    """The edge between two adjacent hexes ``a`` < ``b`` and what may cross it."""

    a: str
    b: str
    flags: list[HexsideFlag]


class MapFile(Record):
    layout: Literal["odd-q"]
    columns: tuple[int, int]
    rows: tuple[int, int]
    hexes: list[Hex]
    hexsides: list[Hexside]
    source: str = ""
    build: str = ""


class Unit(Record):
    """One counter (or HQ) with its printed values and its set-up in every scenario column.

    ``setup`` maps a set-up column ("1941", "1942", "1943", "1944") to the 18.0 notation: a hex
    ``2813``, reduced ``[2813]``, an entry turn ``t3`` (reduced ``[t3]``), or ``delay``, ``event``,
    ``elim``, ``china`` (the Air Units in China box).
    """

    id: str
    name: str
    side: Side
    nationality: Nationality
    unit_class: UnitClass
    type: UnitType
    setup: dict[str, str]
    name_ja: str | None = None
    service: Service | None = None
    attack: int = 0
    defense: int = 0
    reduced_attack: int | None = None
    range: int | None = None
    extended_range: int | None = None
    extended_parenthetical: bool = False
    command_range: int | None = None
    efficiency: int | None = None
    hq_kind: HqKind | None = None
    pre_war: bool = False
    amphibious: bool = False
    strategic_transport: bool = False
    pair: str | None = None
    note: str | None = None

    @property
    def steps(self) -> int:
        return 1 if self.reduced_attack is None else 2


class Card(Record):
    """One strategy card's printed values (the event itself is implemented in code), what its
    event does in players' words (``effect``, ``effect_ja``) and the maintainers' source notes
    (``note``, never shown to players)."""

    id: str
    side: Side
    number: int
    title: str
    type: CardType
    oc: int
    oc_intel: int | None = None
    ec_intel: int | None = None
    title_ja: str | None = None
    reaction: ReactionKind | None = None
    lv: int | None = None
    lv_hq: dict[str, int] = {}
    hq: list[str] = []
    intelligence: Intelligence | None = None
    remove: bool = False
    draw: bool = False
    special: bool = False
    effect: str = ""
    effect_ja: str = ""
    note: str = ""


class Markers(msgspec.Struct, kw_only=True, frozen=True):
    """Track positions at the start of a scenario (spec 6.6)."""

    political_will: int
    war_in_europe: int
    japanese_resources: int
    japanese_asp: int
    allied_asp: int
    china_divisions: int
    china: str
    burma_road: Literal["open", "closed"]
    hump: bool = False
    india: str = "stable"
    us_isr: bool = False
    japanese_isr: bool = False
    barges: bool = False
    pt_boats: bool = False
    japanese_air_replacements: int = 0
    japanese_naval_replacements: int = 0


class Scenario(Record):
    id: str
    title: str
    first_turn: int
    last_turn: int
    setup: Literal["1941", "1942", "1943", "1944"]
    victory: Literal["campaign", "1942", "1943", "1944"]
    markers: Markers
    title_ja: str = ""
    allied_control: list[str] = []
    japanese_control: list[str] = []
    removed_cards: list[str] = []
    discarded_cards: list[str] = []
    future_offensive: dict[str, str] = {}
    set_aside_cards: list[str] = []
    events_in_effect: list[str] = []
    first_deal: dict[str, int] = {}
    first_passes: dict[str, int] = {}
    surrendered: list[str] = []
    notes: str = ""


class ScenarioFile(msgspec.Struct, frozen=True):
    scenarios: list[Scenario]
    china_track: list[str]
    india_track: list[str]


class Static:
    """Everything printed, loaded once per process."""

    def __init__(self, directory: Path = DATA) -> None:
        self.directory = directory
        map_file = load_file(directory / "map.json", MapFile)
        self.hexes = {h.id: h for h in map_file.hexes}
        self.map_file = map_file
        self.units = {u.id: u for u in load_records(directory / "units.yaml", Unit)}
        self.cards = {c.id: c for c in load_records(directory / "cards.yaml", Card)}
        scenario_file = load_file(directory / "scenarios.yaml", ScenarioFile)
        self.scenarios = {s.id: s for s in scenario_file.scenarios}
        self.china_track = scenario_file.china_track
        self.india_track = scenario_file.india_track
        self._check()

    @cached_property
    def grid(self) -> HexGrid:
        return HexGrid(HexLayout.ODD_Q, hexes=self.hexes)

    def _check(self) -> None:
        for unit in self.units.values():
            for column, entry in unit.setup.items():
                self._check_setup(unit, column, entry)
        for scenario in self.scenarios.values():
            for card in [*scenario.removed_cards, *scenario.discarded_cards]:
                if card not in self.cards:
                    raise DataError(f"scenarios.yaml: scenario {scenario.id}: unknown card {card}")

    def _check_setup(self, unit: Unit, column: str, entry: str) -> None:
        match = SETUP_NOTATION.match(entry)
        where = f"units.yaml: record {unit.id!r}, setup {column}"
        if match is None:
            raise DataError(f"{where}: {entry!r} is not a set-up entry")
        hex_id = match.group("hex")
        if hex_id and hex_id.strip("[]") not in self.hexes:
            raise DataError(f"{where}: no hex {hex_id.strip('[]')} on the map")


_STATIC: Static | None = None


def static() -> Static:
    global _STATIC  # noqa: PLW0603 - loaded once per process, on first use
    if _STATIC is None:
        _STATIC = Static()
    return _STATIC
