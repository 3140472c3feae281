"""The charts of Aegean Strike as data a player can replace (``data/tables.yaml``; engine
:mod:`overlay`): the Air/Naval Combat Resolution Chart and its air-to-ground procedure, the
Detection/Combat Range Table, sortie boxes, the Air Mission Prerequisites Summary, naval movement
determination and allowance, airbases and carriers, the land Combat Results Table with its
modifiers and the Troop Quality Effects Table, terrain effects, stacking, ground hit capacities,
the ground supply range, unit repair, supply depots and the Random Political Events Table.

The seed (translation pages 1-18) prints no chart. A table whose every value the seed states in
its text (sortie boxes, airbase sizes, the sea movement die) has ``seed`` provenance; every other
value is a design in the spirit of the Gulf Strike system, labelled ``provisional`` with its
reason (``wargame tables aegean-strike``). Where a designed table holds seed facts too (the CAP
radius, EWDA's reach, the missions' modes, what modifies a land combat...), its build checks
them, so that no overlay can contradict the seed. The rules read them as the game plays; some
values (cities, chemical warfare, formations, engineers, artillery) wait for their systems.

Decisions
- The die is the seed's d10 with 0 read as 10 (0.02): every chart has rows 1 to 10.
- The Air/Naval chart is read by strength columns (the attack value less the best enemy ECM),
  each cell a number of hits; both of the seed's procedures (air/naval, air-to-ground and
  ship-to-ground: 9.06) are charts of the same shape, so that one overlay shape fits both.
- The land CRT is an odds table (the seed's "combat odds", 16.02 in the Designer's Notes); a
  result is attacker hits / defender hits, an "R" sending the defender to its retreat check.
- Detection chances are "detected on a d10 roll of this or less" (0: never, 10: always).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Any, Final, Literal, get_args

import msgspec

from wargame.engine.overlay import PrintedTables, TableKind
from wargame.engine.state import State
from wargame.engine.tables import CombatTable, RollRange, face_rows, odds_column, odds_table

DATA: Final = Path(__file__).parent / "data"
DIE_FACES: Final = tuple(str(face) for face in range(1, 11))
"""The d10's faces as the charts' rows: a rolled 0 counts 10 (0.02)."""

Hexes = Annotated[int, msgspec.Meta(ge=0, le=400)]
Chance = Annotated[int, msgspec.Meta(ge=0, le=10)]
Shift = Annotated[int, msgspec.Meta(ge=-6, le=6)]
Small = Annotated[int, msgspec.Meta(ge=0, le=30)]
Quality = Literal["elite", "regular", "reserve"]
Size = Literal["II", "III", "X", "XX", "XXX", "XXXX"]


class Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


def _check_faces(rows: Mapping[str, Any], what: str) -> None:
    if sorted(rows, key=int) != list(DIE_FACES) or len(rows) != len(DIE_FACES):
        raise ValueError(f"{what}: give the die faces 1 to 10 once each (0 counts 10)")


# -- 16.06-16.11 the Air/Naval Combat Resolution Chart -----------------------------------------


class HitChartValues(Strict):
    columns: list[str]
    """Strength ranges, rising and contiguous: "1", "2-3" ... "15+"."""
    rows: dict[str, list[Small]]
    """Die face "1" to "10" -> hits in each column."""


@dataclass(frozen=True)
class HitChart:
    """A chart of hits by strength column and die roll."""

    table: CombatTable[int]
    strengths: tuple[RollRange, ...]

    def column(self, strength: int) -> str | None:
        """The column of ``strength`` (None: too weak to attack at all)."""
        for label, band in zip(self.table.columns, self.strengths, strict=True):
            if strength in band:
                return label
        return None

    def hits(self, strength: int, roll: int, shift: int = 0) -> int:
        column = self.column(strength)
        return 0 if column is None else self.table.lookup(column, roll, shift)


def hit_chart(values: HitChartValues) -> HitChart:
    strengths = tuple(RollRange.parse(label) for label in values.columns)
    if strengths[0].low is None or strengths[0].low < 1 or strengths[-1].high is not None:
        raise ValueError("columns: start at a strength of 1 or more and end open (like 15+)")
    for before, after in pairwise(strengths):
        if before.high is None or after.low != before.high + 1:
            raise ValueError(f"columns {before} and {after} leave a gap or overlap")
    for face, hits in values.rows.items():
        if any(later < earlier for earlier, later in pairwise(hits)):
            raise ValueError(f"row {face}: more strength never scores fewer hits")
    rows = face_rows(values.rows, DIE_FACES, int)
    return HitChart(CombatTable.from_rows(values.columns, rows, name="air/naval"), strengths)


# -- 14 the Detection/Combat Range Table ---------------------------------------------------------


class Detection(Strict):
    range: Hexes
    """Operational hexes (a strategic hex counts 10)."""
    chance: Chance


class Detector(Strict):
    air: Detection
    surface: Detection
    submarine: Detection
    ground: Detection
    """Ground units (14.01 as :mod:`detection` extends it)."""


class CombatRanges(Strict):
    ship_anti_air: Hexes
    ground_anti_air: Hexes
    airbase_anti_air: Hexes
    asm: Hexes
    ssm: Hexes
    bombardment: Hexes
    underwater: Hexes
    bombing: Hexes
    cap_radius: Hexes
    """9.03 F: a detected enemy within 20 operational hexes (2 strategic) of the carrier."""


class DetectionValues(Strict):
    detectors: dict[
        Literal[
            "ewda",
            "airbase",
            "air_combat",
            "asw_air",
            "surface_ship",
            "carrier",
            "submarine",
            "ground_anti_air",
            "ground_unit",
            "special_forces",
        ],
        Detector,
    ]
    combat_ranges: CombatRanges


def checked_detection(values: DetectionValues) -> DetectionValues:
    air_ranges = {name: found.air.range for name, found in values.detectors.items()}
    if "ewda" not in air_ranges or air_ranges["ewda"] < max(air_ranges.values()):
        raise ValueError("14 (seed, Designer's Notes): EWDA detects air units farthest of all")
    if values.combat_ranges.cap_radius != 20:
        raise ValueError("9.03 F (seed): CAP reaches 20 operational hexes from its carrier")
    return values


# -- 9.02, 9.08 sortie boxes --------------------------------------------------------------------


class SortieBoxes(Strict):
    home_box: Annotated[int, msgspec.Meta(ge=1, le=3)]
    """The start box of a unit of a home nation flying from a home nation's airbase."""
    other_box: Annotated[int, msgspec.Meta(ge=1, le=3)]
    home_nations: list[str]


def checked_sorties(values: SortieBoxes) -> SortieBoxes:
    if values.home_box < values.other_box:
        raise ValueError("a home nation's unit on a home airbase starts no lower than others")
    return values


# -- 9.03 the Air Mission Prerequisites Summary -------------------------------------------------

Mission = Literal[
    "air_interception",
    "ship_interception",
    "air_superiority",
    "asm_strike",
    "bombing_strike",
    "cap",
    "escort",
    "asw_strike",
    "ferry",
    "airmobile_transport",
    "airborne_transport",
    "ewda",
    "minelaying",
    "minesweeping",
]
SEED_MODES: Final[dict[str, tuple[str, str]]] = {
    "air_interception": ("intercept", "anti_air"),
    "ship_interception": ("intercept", "strike"),
    "air_superiority": ("offensive", "anti_air"),
    "asm_strike": ("offensive", "strike"),
    "bombing_strike": ("offensive", "strike"),
    "cap": ("intercept", "anti_air"),
    "escort": ("offensive", "anti_air"),
    "asw_strike": ("offensive", "strike"),
    "ferry": ("offensive", "ferry"),
    "airmobile_transport": ("offensive", "none"),
    "airborne_transport": ("offensive", "none"),
    "ewda": ("none", "none"),
}
"""9.02-9.03 (seed): each mission's mode and marker (ferry's mode is our reading, spec §5.6)."""
DESIGNED_MODES: Final[dict[str, tuple[str, str]]] = {
    "minelaying": ("offensive", "strike"),
    "minesweeping": ("offensive", "none"),
}
"""The missions the seed does not list, designed (provisional), with their mode and marker:
minelaying from the air (13.08, the Tu-20's flag), flown as a strike is; minesweeping from the
air (13.08, the SH-3's optional flag, 8.03), flown in the open over a public field."""
MISSION_MODES: Final = {**SEED_MODES, **DESIGNED_MODES}


class MissionRow(Strict):
    sp: Small
    mode: Literal["intercept", "offensive", "none"]
    marker: Literal["anti_air", "strike", "ferry", "none"]
    cas_segment: bool = False
    """May fly in a close air support segment (7.04-7.06)."""


def checked_missions(values: dict[Mission, MissionRow]) -> dict[Mission, MissionRow]:
    if sorted(values) != sorted(MISSION_MODES):
        raise ValueError(f"give every mission once: {', '.join(MISSION_MODES)}")
    for mission, row in values.items():
        if (row.mode, row.marker) != MISSION_MODES[mission]:
            mode, marker = MISSION_MODES[mission]
            source = "seed" if mission in SEED_MODES else "designed"
            raise ValueError(f"9.03 ({source}): {mission} flies in {mode} mode, marker {marker}")
    for free in ("ewda", "cap"):
        if values[free].sp != 0:
            raise ValueError(f"9.03, 9.05 (seed): {free} spends no supply points")
    return values


# -- 9.03 airmobile transport: landings in the field ------------------------------------------
FIXED_WING: Final = ("an-24", "c-130", "il-76")
HELICOPTERS: Final = ("ch-47", "ch-53", "mi-2", "mi-6", "uh-1")
AIRFIELDS_ONLY: Final = ("c-5",)
SEED_FIELD_LANDINGS: Final = {
    **{kind: (("clear",), 0) for kind in FIXED_WING},
    **{kind: (("clear", "rough"), 1) for kind in HELICOPTERS},
    **{kind: ((), 0) for kind in AIRFIELDS_ONLY},
}
"""9.03 (seed): the terrain each transport type may land on outside an airbase, and the turns
after the landing's it has to be back at a friendly airbase (0: the same turn)."""


class FieldLanding(Strict):
    terrain: list[Literal["clear", "rough"]]
    """The terrain of a hex the type may land in outside an airbase (none: airbases only)."""
    back_within: Small
    """The turns after the landing's by whose Final Stage it is back at a friendly airbase (0:
    the same turn)."""
    removed: bool
    """Whether it is removed in that Final Stage if it is not back (seed for the fixed-wing
    types; designed for the helicopters, of which the seed says nothing)."""


def checked_field_landings(values: dict[str, FieldLanding]) -> dict[str, FieldLanding]:
    if sorted(values) != sorted(SEED_FIELD_LANDINGS):
        raise ValueError(f"9.03: give every transport type once: {', '.join(SEED_FIELD_LANDINGS)}")
    for kind, row in values.items():
        terrain, back = SEED_FIELD_LANDINGS[kind]
        if (tuple(sorted(row.terrain)), row.back_within) != (terrain, back):
            where = " or ".join(terrain) or "friendly airbases only"
            raise ValueError(f"9.03 (seed): a {kind} lands on {where}, back within {back} turn(s)")
        if kind in FIXED_WING and not row.removed:
            raise ValueError(f"9.03 (seed): every {kind} not back in time is removed")
    return values


class FieldStrike(Strict):
    chart: Literal["air_to_ground_combat", "air_naval_combat"]
    """9.03 (designed): the hit chart a bombing strike on a transport in the field reads."""
    shift: Annotated[int, msgspec.Meta(ge=-3, le=3)]
    """Columns the strike's strength is shifted on it (right: more hits)."""


# -- 10.04 naval movement determination ---------------------------------------------------------


def checked_sea_movement(values: dict[str, Small]) -> dict[str, Small]:
    _check_faces(values, "sea movement")
    return values


class NavalMovement(Strict):
    mp_per_strategic_hex: Annotated[int, msgspec.Meta(ge=1, le=30)]
    map_change_mp: Annotated[int, msgspec.Meta(ge=0, le=30)]
    pass_through_land: Annotated[float, msgspec.Meta(ge=0.0, le=1.0)]


class UnitRepair(Strict):
    ground_sp_per_hit: Small
    air_hits_small_base: Small
    """18: the hits an operative small airbase repairs on its air units a Final Stage."""
    air_hits_large_base: Small
    ship_hits_per_port: Small
    """18: the hits a port of its side repairs on its In-port ships a Final Stage."""

    def air_hits(self, size: str) -> int:
        return self.air_hits_large_base if size == "large" else self.air_hits_small_base


def checked_unit_repair(values: UnitRepair) -> UnitRepair:
    if values.air_hits_large_base < values.air_hits_small_base:
        raise ValueError("18: a large airbase repairs at least as many hits as a small one")
    return values


class Formations(Strict):
    planned_assault_sp_per_unit: Small
    """11.11: what each attacking unit's nation pays to put it in Planned Assault formation."""


class Reserve(Strict):
    hq_range: Small
    """11.02: how far (operational hexes) a Reserve unit may be from an HQ of its side."""


class Withdrawal(Strict):
    hits: Small
    """11.13: the hits a unit takes leaving a hex under a declared enemy attack."""


class TruckTransport(Strict):
    load_mp: Small
    """13.09 (seed 7.04: trucks spend MP to load and unload): operational MP a truck spends to
    load a ground unit (designed: the amount is lost)."""
    unload_mp: Small
    """The MP it spends to set the unit down where its march ends (designed)."""


class GroundSupply(Strict):
    range: Hexes
    """Operational hexes from a unit to a supply source (12.02)."""


class SeaSupply(Strict):
    port_range: Hexes
    """Operational hexes over land from a ground unit to a port its side supplies by sea (12.03)."""
    ship_categories: list[Literal["surface", "carrier", "submarine", "transport"]]
    """The naval unit categories whose ship in a port supplies the land around it (12.03)."""


class AirSupply(Strict):
    base_range: Hexes
    """Operational hexes over land from a ground unit to an airbase its side supplies by air
    (12.04)."""


NationId = Literal["us", "ussr", "gr", "tu", "bu", "is", "uk", "ly"]
"""The nations of data/forces.yaml, for the tables that name one."""


class SpecialOperations(Strict):
    nations: list[NationId]
    """11.12: the nations whose special forces run special operations."""
    raid_range: Hexes
    """11.12: operational hexes from a special forces unit to the airbase it raids."""
    raid_chance: Chance
    """11.12: a raid hits its airbase on a d10 at most this."""
    recon_range: Hexes
    """11.12: operational hexes from a special forces unit to the hex it reconnoitres (its
    detection around that hex: row ``special_forces`` of table ``detection``)."""


class Satellites(Strict):
    nations: list[NationId]
    """19.01: the nations whose satellites search."""
    categories: list[Literal["carrier", "surface", "transport", "submarine"]]
    """19.01: the naval categories a satellite pass finds on the strategic map."""


class MobileSupply(Strict):
    range: Hexes
    """19.07: operational hexes over land from a ground unit to a supplied truck of its side."""


class CruiseMissiles(Strict):
    nations: list[NationId]
    """19.09: the nations whose ships fire ground-attack cruise missiles."""
    types: list[str]
    """19.09: the naval types that carry them."""
    range: Hexes
    """19.09: operational hexes from the ship to the airbase it fires at."""
    chance: Chance
    """19.09: the salvo hits on a d10 at most this."""
    hits: Small
    """19.09: the hits a salvo that hits gives the airbase."""


class SpecialSupply(Strict):
    home_port_stocks: bool
    """12.05: a ground unit in a port of its own nation's land is in supply."""


class NavalSupply(Strict):
    range: Hexes
    """Operational MP over water from a ship to a port or supply source of its side (10.05)."""
    anchorages: dict[str, list[str]] = {}
    """Hexes outside a nation's land that supply its ships alone, by nation (10.05)."""


# -- 9.10 airbases, 10.06 carriers -----------------------------------------------------------------


class AirbaseSize(Strict):
    capacity: Small
    inoperative_at: Small
    repair_sp_per_hit: Small


class Airbases(Strict):
    small: AirbaseSize
    large: AirbaseSize


def checked_airbases(values: Airbases) -> Airbases:
    if values.large.capacity < values.small.capacity:
        raise ValueError("a large airbase takes at least as many units as a small one")
    return values


class Carrier(Strict):
    air_units: Small
    cap: bool


LARGE_CARRIERS: Final = ("cvn", "cv")
SMALL_CARRIERS: Final = ("cgh", "lha", "cvh")


def checked_carriers(values: dict[str, Carrier]) -> dict[str, Carrier]:
    if sorted(values) != sorted(LARGE_CARRIERS + SMALL_CARRIERS):
        raise ValueError("give the carriers CVN, CV, CGH, LHA and CVH once each")
    smallest_large = min(values[kind].air_units for kind in LARGE_CARRIERS)
    for kind in SMALL_CARRIERS:
        if values[kind].cap or values[kind].air_units >= smallest_large:
            raise ValueError(f"10.06 (seed): {kind} is a small carrier: fewer units and no CAP")
    if not all(values[kind].cap for kind in LARGE_CARRIERS):
        raise ValueError("10.06 (seed): large carriers fly CAP")
    return values


# -- 16.02 land combat ------------------------------------------------------------------------


@dataclass(frozen=True)
class LandResult:
    code: str
    attacker_hits: int
    defender_hits: int
    retreat_check: bool


def parse_land_result(code: str) -> LandResult:
    """A CRT cell: "a/d" hits, "R" after it when the defender checks for retreat (16.03)."""
    body = code.removesuffix("R")
    attacker, slash, defender = body.partition("/")
    if slash and attacker.isdigit() and defender.isdigit() and len(attacker + defender) == 2:
        return LandResult(code, int(attacker), int(defender), code.endswith("R"))
    raise ValueError(f"result {code!r} is not attacker/defender hits like 1/2 or 0/2R")


class LandCrtValues(Strict):
    columns: list[str]
    rows: dict[str, list[str]]


@dataclass(frozen=True)
class LandCrt:
    table: CombatTable[LandResult]

    def column(self, attack: int, defence: int) -> str:
        return odds_column(attack, defence, self.table.columns).label

    def result(self, column: str, roll: int, shift: int = 0) -> LandResult:
        return self.table.lookup(column, roll, shift)


def land_crt(values: LandCrtValues) -> LandCrt:
    return LandCrt(
        odds_table(values.columns, values.rows, DIE_FACES, parse_land_result, name="16.02")
    )


SEED_MODIFIERS: Final = ("supply", "troop_quality", "formation", "engineers", "armour", "artillery")
"""16.02 (seed: the Designer's Notes and the Sequence of Play): what modifies a land combat
besides terrain (``terrain_effects``), close air support and chemical warfare (their own
fields)."""


class LandModifiers(Strict):
    shifts: dict[str, Shift]
    """Columns each modifier shifts, to the right in the attacker's favour."""
    chemical_by_turn: list[Shift]
    """The chemical warfare shift on the turn it starts, the next, ...; then none."""
    cas_hits_per_shift: Annotated[int, msgspec.Meta(ge=1, le=10)]


def checked_modifiers(values: LandModifiers) -> LandModifiers:
    named = {name.split(".")[0] for name in values.shifts}
    missing = [name for name in SEED_MODIFIERS if name not in named]
    if missing:
        raise ValueError(f"16.02 (seed): land combat is modified by {missing[0]} too")
    turns = values.chemical_by_turn
    if not turns or any(later > earlier for earlier, later in pairwise(turns)) or turns[-1] != 0:
        raise ValueError("11.09 (seed): chemical warfare's edge declines over time to none")
    return values


class QualityEffect(Strict):
    shift: Shift
    retreat_chance: Chance
    """The defender retreats on a d10 roll of this or less after an "R" result (16.03)."""


def checked_quality(values: dict[Quality, QualityEffect]) -> dict[Quality, QualityEffect]:
    if sorted(values) != ["elite", "regular", "reserve"]:
        raise ValueError("give elite, regular and reserve once each (8.04)")
    chances = [values[q].retreat_chance for q in ("elite", "regular", "reserve")]
    if chances != sorted(chances):
        raise ValueError("better troops never retreat more often than worse ones")
    return values


# -- 11.07 terrain, 13.03 stacking, 17 hits -------------------------------------------------------

Cost = int | Literal["prohibited", "bridge_only"]


class TerrainCost(Strict):
    mp: Cost
    shift: Shift


class TerrainEffects(Strict):
    hexes: dict[Literal["clear", "rough", "city"], TerrainCost]
    hexsides: dict[Literal["river", "strait", "border"], TerrainCost]


def checked_terrain(values: TerrainEffects) -> TerrainEffects:
    if "clear" not in values.hexes or "rough" not in values.hexes:
        raise ValueError("11.07 (seed): the map's terrain is clear and rough at least")
    if values.hexsides.get("strait", TerrainCost("prohibited", 0)).mp != "bridge_only":
        raise ValueError("11.08 (seed): a Bosporus hexside is crossed by a bridge only")
    return values


class Stacking(Strict):
    operational_hex: Small
    strategic_hex: Annotated[int, msgspec.Meta(ge=1, le=200)]
    naval_per_hex: Small
    mission_group: Small
    escorts: Small


def checked_stacking(values: Stacking) -> Stacking:
    if (values.mission_group, values.escorts) != (3, 2):
        raise ValueError("9.04 (seed): at most 3 air units fly together, 2 of them escorts")
    return values


def checked_hits(values: dict[Size, Small]) -> dict[Size, Small]:
    order: tuple[Size, ...] = ("II", "III", "X", "XX", "XXX", "XXXX")
    if sorted(values, key=order.index) != list(order):
        raise ValueError(f"give every size once: {', '.join(order)}")
    capacities = [values[size] for size in order]
    if capacities != sorted(capacities) or capacities[0] < 1:
        raise ValueError("a bigger unit takes at least as many hits, and every unit one")
    return values


# -- 21.01 political random events ----------------------------------------------------------------

Event = Literal[
    "none",
    "israel_enters",
    "romania_neutral",
    "egypt_neutral",
    "straits_closed",
    "war_starts",
    "soviet_ultimatum",
    "nato_summit",
    "us_reinforcement",
    "un_ceasefire_call",
]


def checked_events(values: dict[str, Event]) -> dict[str, Event]:
    _check_faces(values, "events")
    if "israel_enters" not in values.values():
        raise ValueError("7.01 (seed): the table can bring Israel into the war")
    return values


# -- 21.03, 21.08 mobilisation and the pre-war situation; 21.01 the events' effects --------------


class Mobilisation(Strict):
    partial_hits: dict[Size, Small]
    """The hits a unit at partial strength starts with, by size."""
    per_turn: Annotated[int, msgspec.Meta(ge=1, le=10)]
    """Of those hits, how many each International Military Phase gives back."""


class PreWar(Strict):
    at_most: Annotated[int, msgspec.Meta(ge=1, le=30)]
    """Crisis turns before the war starts whatever happens."""
    declares: Literal["a", "b"]
    """The player who may strike first."""


class EventEffect(Strict):
    sp: dict[str, Annotated[int, msgspec.Meta(ge=-100, le=100)]] = {}
    starts_war: bool = False
    truce: bool = False
    """No war may be declared this turn."""
    joins_us: str = ""
    """A nation that joins the United States' side with its set-up units."""


class PoliticalEffects(Strict):
    scenarios: list[str]
    events: dict[Event, EventEffect]


def checked_effects(values: PoliticalEffects) -> PoliticalEffects:
    missing = sorted(set(get_args(Event)) - set(values.events))
    if missing:
        raise ValueError(f"21.01: give every event an effect (none for {missing[0]})")
    if values.events["israel_enters"].joins_us != "is":
        raise ValueError("7.01 (seed): Israel's entry brings Israel into the war")
    return values


class AirDefence(Strict):
    strength: Small
    range: Hexes
    """Operational hexes from a Soviet airbase (a strategic hex counts 10)."""


class AirRefuelling(Strict):
    bonus: Hexes
    """Operational hexes a refuellable type adds to its reach (19.04)."""
    types: list[str]
    """The air types that refuel in flight."""


class AircraftSpeed(Strict):
    interception_bonus: Hexes
    """Operational hexes a fast type adds to its reach when it intercepts (19.05)."""
    fast: list[str]
    """The air types fast enough to dash."""


class AntiRadiation(Strict):
    suppression: Small
    """How much a group's anti-radiation missiles lower radar-guided fire at it (19.08)."""
    types: list[str]
    """The air types that carry them."""


class ElectronicWarfare(Strict):
    escort_types: list[str]
    """The air types that may escort a group for their ECM alone (19.02)."""


class AirMinesweeping(Strict):
    types: list[str]
    """The air types that sweep mines with the option (the seed's: the US SH-3, 8.03)."""
    chance: Annotated[int, msgspec.Meta(ge=1, le=10)]
    """A d10 at or under it: a sweeper arriving over an enemy field clears it (13.08)."""


def checked_air_minesweeping(values: AirMinesweeping) -> AirMinesweeping:
    if "sh-3" not in values.types:
        raise ValueError("8.03 (seed): the optional rule gives the SH-3 minesweeping")
    return values


class Jamming(Strict):
    min_ecm: Small
    """The best ECM a group needs to jam (19.03)."""
    range_cut: Hexes
    """Operational hexes it takes off the enemy detectors' air ranges for interception."""


class SingleMissions(Strict):
    unseen_chance: Chance
    """A lone unescorted aircraft slips past interceptors on a d10 of this or less (19.06)."""


class ScenarioBalance(Strict):
    sp_percent: Annotated[int, msgspec.Meta(ge=0, le=200)]
    """The share more SP each nation of the favoured side starts with (20)."""


class Bridges(Strict):
    straits: list[str]
    """The straits (data/map.json's names) whose hexsides engineers bridge (11.08)."""
    per_engineer: Small
    """The bridges one engineer unit builds in a Final Stage at most."""


def checked_bridges(values: Bridges) -> Bridges:
    known = {"bosporus", "dardanelles", "euripus"}
    wrong = sorted(set(values.straits) - known)
    if wrong:
        raise ValueError(
            f"11.08: {', '.join(wrong)} is no strait of the map ({', '.join(sorted(known))})"
        )
    if "bosporus" not in values.straits:
        raise ValueError("11.08 (seed): engineers bridge the Bosporus")
    return values


class Depots(Strict):
    build_sp: Small
    """12.01 (seed 7.07 step 3): the SP a depot costs to build."""
    build_needs_sp: Small
    """The SP its source must have available to build one (its nation's, :mod:`depots`)."""
    dismantle_sp: Small
    """The SP dismantling one gives to a nation of its side."""
    destroyed_at: Annotated[int, msgspec.Meta(ge=1, le=30)]
    """The hits in one turn that destroy a depot (seed 7.07 step 1)."""


def checked_depots(values: Depots) -> Depots:
    if values.build_needs_sp < values.build_sp:
        raise ValueError("12.01: a source needs at least the SP a depot costs to build one")
    return values


class DepotCarriage(Strict):
    carriers: list[Literal["local_transport", "strategic_transport"]]
    """The air transport roles that carry a depot (seed: the local transports)."""
    weight: Annotated[int, msgspec.Meta(ge=1, le=30)]
    """The transport points a group needs to carry one (designed)."""
    field: bool
    """Whether a depot may be landed in the field (designed), as well as at a friendly airbase."""


def checked_depot_carriage(values: DepotCarriage) -> DepotCarriage:
    if "local_transport" not in values.carriers:
        raise ValueError("12.01 (seed): the local transports carry supply depots")
    return values


class DepotConsumption(Strict):
    range: Hexes
    """Operational hexes from a consumed depot to the units of its nation it spares (7.07)."""


class Levels(Strict):
    marginal: Small
    substantive: Small
    decisive: Small


class CrisisVictory(Strict):
    pershings: list[str]
    pershing_points: Small
    objectives: dict[str, Small]
    """Hex -> points while a Warsaw Pact ground unit holds it at the end."""
    hits_per_point: Annotated[int, msgspec.Meta(ge=1, le=100)]
    levels: Levels


SEA_LIFT: Final = ("trans", "amph", "lha")
"""The naval types with a transport value (forces.yaml)."""


class SeaTransport(Strict):
    amphibious: list[str]
    """The naval types that land troops on a coast without a port, in an action stage (13.07)."""


def checked_sea_transport(values: SeaTransport) -> SeaTransport:
    wrong = sorted(set(values.amphibious) - set(SEA_LIFT))
    if wrong:
        raise ValueError(f"13.07: {', '.join(wrong)} carries no troops ({', '.join(SEA_LIFT)} do)")
    return values


class Mines(Strict):
    stocks: dict[str, Small]
    """Nation -> the minefields it may lay over the game (13.08)."""
    strike_chance: Annotated[int, msgspec.Meta(ge=0, le=10)]
    """A d10 at or under it: an enemy ship entering the field is struck."""
    hits: Annotated[int, msgspec.Meta(ge=1, le=8)]
    sweep_range: Annotated[int, msgspec.Meta(ge=0, le=5)]
    """Operational hexes from an MCM to the field it sweeps."""


class Gate(Strict):
    hold: str
    """The strait's town: a ground unit there opens the gate to its side's ships."""
    hexes: list[str]
    """The hexes a ship of the side at war with the keeper may not enter."""


class Straits(Strict):
    scenarios: list[str]
    keeper: str
    gates: dict[str, Gate]


def checked_straits(values: Straits) -> Straits:
    if not values.gates or any(not gate.hexes for gate in values.gates.values()):
        raise ValueError("13.06: give each strait its gate hexes")
    return values


class FrontVictory(Strict):
    objectives: dict[str, Small]
    """Hex -> points to the Warsaw Pact while one of its ground units holds it at the end."""
    nato_objectives: dict[str, Small]
    """Hex -> points off the Warsaw Pact's total while a NATO ground unit holds it at the end."""
    sunk: dict[str, Small]
    """Unit -> points to the side that eliminated it."""
    hits_per_point: Annotated[int, msgspec.Meta(ge=1, le=100)]
    levels: Levels


def checked_levels(values: CrisisVictory) -> CrisisVictory:
    _check_rising(values.levels, "21.08")
    return values


def checked_front(values: FrontVictory) -> FrontVictory:
    _check_rising(values.levels, "21.07")
    return values


def _check_rising(levels: Levels, rule: str) -> None:
    if not 1 <= levels.marginal < levels.substantive < levels.decisive:
        raise ValueError(f"{rule}: the levels rise: 1 <= marginal < substantive < decisive")


# -- the tables ----------------------------------------------------------------------------------

TABLES: Final = PrintedTables(
    "aegean-strike",
    DATA / "tables.yaml",
    {
        "air_naval_combat": TableKind(HitChartValues, hit_chart),
        "air_to_ground_combat": TableKind(HitChartValues, hit_chart),
        "detection": TableKind(DetectionValues, checked_detection),
        "sortie_boxes": TableKind(SortieBoxes, checked_sorties),
        "air_missions": TableKind(dict[Mission, MissionRow], checked_missions),
        "field_landings": TableKind(dict[str, FieldLanding], checked_field_landings),
        "field_strike": TableKind(FieldStrike),
        "sea_movement": TableKind(dict[str, Small], checked_sea_movement),
        "naval_movement": TableKind(NavalMovement),
        "ground_supply": TableKind(GroundSupply),
        "naval_supply": TableKind(NavalSupply),
        "sea_supply": TableKind(SeaSupply),
        "air_supply": TableKind(AirSupply),
        "unit_repair": TableKind(UnitRepair, checked_unit_repair),
        "formations": TableKind(Formations),
        "withdrawal": TableKind(Withdrawal),
        "truck_transport": TableKind(TruckTransport),
        "reserve": TableKind(Reserve),
        "special_supply": TableKind(SpecialSupply),
        "satellites": TableKind(Satellites),
        "mobile_supply": TableKind(MobileSupply),
        "cruise_missiles": TableKind(CruiseMissiles),
        "special_operations": TableKind(SpecialOperations),
        "airbases": TableKind(Airbases, checked_airbases),
        "carriers": TableKind(dict[str, Carrier], checked_carriers),
        "land_crt": TableKind(LandCrtValues, land_crt),
        "land_modifiers": TableKind(LandModifiers, checked_modifiers),
        "troop_quality": TableKind(dict[Quality, QualityEffect], checked_quality),
        "terrain_effects": TableKind(TerrainEffects, checked_terrain),
        "stacking": TableKind(Stacking, checked_stacking),
        "ground_hits": TableKind(dict[Size, Small], checked_hits),
        "political_events": TableKind(dict[str, Event], checked_events),
        "mobilisation": TableKind(Mobilisation),
        "pre_war": TableKind(dict[str, PreWar]),
        "political_effects": TableKind(PoliticalEffects, checked_effects),
        "soviet_air_defence": TableKind(AirDefence),
        "missile_crisis_victory": TableKind(CrisisVictory, checked_levels),
        "wwiii_victory": TableKind(FrontVictory, checked_front),
        "straits": TableKind(Straits, checked_straits),
        "sea_transport": TableKind(SeaTransport, checked_sea_transport),
        "mines": TableKind(Mines),
        "air_refuelling": TableKind(AirRefuelling),
        "aircraft_speed": TableKind(AircraftSpeed),
        "anti_radiation": TableKind(AntiRadiation),
        "single_missions": TableKind(SingleMissions),
        "jamming": TableKind(Jamming),
        "air_minesweeping": TableKind(AirMinesweeping, checked_air_minesweeping),
        "electronic_warfare": TableKind(ElectronicWarfare),
        "scenario_balance": TableKind(ScenarioBalance),
        "bridges": TableKind(Bridges, checked_bridges),
        "depots": TableKind(Depots, checked_depots),
        "depot_consumption": TableKind(DepotConsumption),
        "depot_carriage": TableKind(DepotCarriage, checked_depot_carriage),
    },
)


def tables(state: State) -> Mapping[str, Any]:
    """The tables the game of ``state`` is played with (its rules overlay over the defaults)."""
    return TABLES.of(state)
