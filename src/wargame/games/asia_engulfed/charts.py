"""The printed tables of Asia Engulfed as data a player can replace (``data/tables.yaml``; engine
:mod:`overlay`): the spec's T1-T21, the tables lost with the seed's graphics (2.2 ASW, 2.3
submarine attack, 8.6 naval damage) and the numbers it lost (home-port AA, invasions with
marines, strategic moves and special actions of some powers), each designed table provisional
with its reason. The rules read them through the state, ``tables(state).dice.ground_fire``, so
that a game played with a rules overlay plays by the player's charts. T20 (US production) stays
with the force pools it brings (``pools.yaml``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import msgspec

from wargame.engine.dice import D6, Die
from wargame.engine.overlay import PrintedTables, TableKind
from wargame.engine.state import State
from wargame.engine.tables import (
    CombatTable,
    DiceGroup,
    Distribution,
    Thresholds,
    Volley,
    differential_column,
    roll_volley,
    volley_distribution,
)
from wargame.games.asia_engulfed.forces import Power
from wargame.games.asia_engulfed.registry import RULES

DATA: Final = Path(__file__).parent / "data"

Face = Annotated[int, msgspec.Meta(ge=1, le=12)]
Drm = Annotated[int, msgspec.Meta(ge=-6, le=6)]
Count = Annotated[int, msgspec.Meta(ge=0, le=100)]
Positive = Annotated[int, msgspec.Meta(ge=1, le=100)]
Year = Annotated[int, msgspec.Meta(ge=1941, le=1945)]
FleetType = Literal["bb", "ca", "cv", "tt"]
Lost = Literal["lost"]
DamageResult = Count | Lost


class Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


# -- T1 dice -----------------------------------------------------------------------------------


class Fire(Strict):
    """A die that hits (a step lost) on a modified roll of ``hits`` or more; with ``damages``, a
    roll from ``damages`` up to below ``hits`` damages a step instead."""

    hits: Face | None = None
    damages: Face | None = None

    @property
    def grades(self) -> tuple[str, ...]:
        """The results a die can have, best first: ``("hit",)``, ``("hit", "damage")``."""
        return tuple(name for name, face in self._graded() if face is not None)

    @property
    def thresholds(self) -> Thresholds:
        return Thresholds(tuple(face for _, face in self._graded() if face is not None))

    def roll(self, groups: Sequence[DiceGroup], roll: Callable[[Die], int]) -> Volley:
        """The groups' dice rolled through ``roll``; ``counts`` follow ``grades``."""
        return roll_volley(groups, self.thresholds, roll, D6)

    def distribution(self, groups: Sequence[DiceGroup]) -> Distribution[tuple[int, ...]]:
        """The exact chance of each count of results, in the order of ``grades``."""
        return volley_distribution(groups, self.thresholds, D6)

    def _graded(self) -> tuple[tuple[str, int | None], ...]:
        return (("hit", self.hits), ("damage", self.damages))


class DiceValues(Strict):
    """T1: what each roll needs, before hit bonuses."""

    ground_fire: Fire
    dogfight: Fire
    dogfight_elite: Fire
    air_to_air: Fire
    anti_aircraft: Fire
    air_attack: Fire
    night_gunnery: Fire
    submarine_vs_damaged: Fire
    submarine_vs_undamaged: Fire
    anti_submarine: Fire
    kamikaze: Fire
    kamikaze_reduced: Fire
    port_facilities: Fire
    strategic_bombing: Fire


def checked_dice(values: DiceValues) -> DiceValues:
    for name in values.__struct_fields__:
        fire: Fire = getattr(values, name)
        if fire.hits is None and fire.damages is None:
            raise ValueError(f"{name}: give hits, damages or both")
        if fire.hits is not None and fire.damages is not None and fire.damages >= fire.hits:
            raise ValueError(f"{name}: damages ({fire.damages}) must be below hits ({fire.hits})")
    return values


# -- 2.0 strategic warfare ---------------------------------------------------------------------


class StrategicWarfare(Strict):
    raid_immune_werp: Count
    raid_immune_oil: Count
    sub_points_per_strategic_move: Positive
    dud_roll_at_most: Face
    dud_bonus: Drm
    bomber_points_per_air_base: Count
    bombing_most_werp: Count
    bomber_points_lost_per_air_base: Count
    most_bomber_points: Count
    most_sub_points: Count
    most_oil: Count


class BandValues(Strict):
    """A table read by a value's band (column labels like ``"0"``, ``"5-9"``, ``"35+"``) and a
    die roll (each row a roll, then one result per column)."""

    columns: list[str]
    rows: list[list[int | str]]


@dataclass(frozen=True)
class BandTable:
    """A lost table rebuilt: the result for a value (an ASW level, the sub points left) and a
    modified roll; rolls beyond the rows read the first or last row."""

    table: CombatTable[int]

    def result(self, value: int, roll: int) -> int:
        """The result in the band holding ``value`` (the first band below its start)."""
        column = differential_column(value, 0, self.table.columns).index
        return self.table.lookup(column, roll)


def band_table(name: str) -> Callable[[BandValues], BandTable]:
    def build(values: BandValues) -> BandTable:
        rows: CombatTable[int | str] = CombatTable.from_rows(values.columns, values.rows, name=name)
        differential_column(0, 0, rows.columns)  # the bands ascend
        results = tuple(tuple(_count(name, cell) for cell in cells) for cells in rows.results)
        return BandTable(CombatTable(rows.columns, rows.rows, results, name))

    return build


def _count(name: str, cell: int | str) -> int:
    if not isinstance(cell, int) or not 0 <= cell <= 100:
        raise ValueError(f"{name}: result {cell!r} is not a whole number from 0 to 100")
    return cell


# -- T3 ports, T4 stacking ---------------------------------------------------------------------


class BySize(Strict):
    small: Count
    medium: Count
    large: Count


class PortValues(Strict):
    """T3: fleets a port bases and its AA dice by size (a home port bases any number)."""

    fleets: BySize
    anti_aircraft_dice: BySize
    most_damage: Count


class HomePortAa(Strict):
    anti_aircraft_dice: Count


class Stack(Strict):
    """A kind of area's limits (None: no limit): a side's units at the end of a phase, what it
    attacks with, and the ground units an invasion lands."""

    ground: Count | None = None
    air: Count | None = None
    garrison: Count | None = None
    attack_ground: Count | None = None
    attack_ground_with_marine: Count | None = None
    attack_air: Count | None = None
    invasion: Count | None = None


class StackingValues(Strict):
    island_box: Stack
    port_box: Stack
    jungle: Stack
    large: Stack


class InvasionWithMarines(Strict):
    island_box: Count
    port_box: Count
    large: Count


# -- T5-T7 production --------------------------------------------------------------------------


class CommonwealthWerp(Strict):
    india: Count
    south_africa: Count
    australia: Count
    singapore: Count
    hong_kong: Count


class ProductionValues(Strict):
    resource_area: Count
    honshu_werp: Count
    honshu_oil: Count
    commonwealth: CommonwealthWerp
    commonwealth_to_europe: Count
    china_nationalist: Count
    china_communist_free_steps: Count
    philippines: Count
    dei: Count


StepKind = Literal[
    "infantry",
    "militia",
    "garrison",
    "marine_japan",
    "marine_us",
    "lba",
    "cba",
    "cv",
    "bb",
    "ca",
    "submarine",
]


class StepCosts(Strict):
    infantry: Count
    militia: Count
    garrison: Count
    marine_japan: Count
    marine_us: Count
    lba: Count
    cba: Count
    cv: Count
    bb: Count
    ca: Count
    submarine: Count


class Fortification(Strict):
    island_box: Count
    port_box: Count
    large: Count


class CostValues(Strict):
    """T6: WERP per step or item."""

    step: StepCosts
    first_step_doubled: list[StepKind]
    transport_capacity: Count
    fortification: Fortification
    bomber_point: Count
    sub_point: Count
    asw_level: Count
    port_repair: Count
    special_action: Count
    lend_lease_werp: Count

    def new_unit(self, kind: StepKind, steps: int) -> int:
        """What a new unit of ``steps`` steps costs, its first step doubled where it is."""
        per_step: int = getattr(self.step, kind)
        doubled = per_step if kind in self.first_step_doubled and steps > 0 else 0
        return per_step * steps + doubled


class HomeDefenceCost(Strict):
    step: Count


class ProductionLimits(Strict):
    """T7: what a power may spend or build in one production phase."""

    japan_submarine_werp: Count
    japan_air_werp: Count
    japan_asw_werp: Count
    us_bomber_points: Count
    us_sub_points_or_steps: Count
    werp_per_build_marker: Count
    new_units_per_home_area: Count
    air_unit_built_steps: Count
    repairs_per_port: Count
    transport_capacity_per_turn: Count
    steps_per_transport_point: Positive
    lend_lease_most: Count
    lend_lease_to_china_per_burma_road_area: Count


# -- T8-T13 combat -----------------------------------------------------------------------------


class GroundBonuses(Strict):
    """T8: each ground combat hit bonus (spec §0: +1 each), and the air support a side may give."""

    us_marines: Drm
    air_support: Drm
    most_air_support_steps: Count
    rough: Drm
    river_or_strait: Drm
    invasion: Drm
    bombardment: Drm
    fortification: Drm
    jungle_surprise: Drm
    mixed_chinese_stack: Drm
    banzai: Drm
    tenacious_defence: Drm


class Mode(Strict):
    dice_per_step: Positive
    in_jungle: bool


class CombatModes(Strict):
    """T9: dice a step rolls in each mode, whether it may be fought in jungle, and the divisor of
    an out-of-supply attacker's dice (rounded down)."""

    normal: Mode
    assault: Mode
    out_of_supply_attack_divisor: Positive


class Targets(Strict):
    bb: Drm
    ca: Drm
    cv: Drm
    tt: Drm


class Firing(Strict):
    bb: Targets
    ca: Targets


class NightGunnery(Strict):
    """T10: the modifier of a fleet's fire by its type and its paired target's."""

    firing: Firing
    elite_ca: Drm

    def modifier(self, firer: Literal["bb", "ca"], target: FleetType, *, elite: bool) -> int:
        found: int = getattr(getattr(self.firing, firer), target)
        return found + (self.elite_ca if elite else 0)


class AirModifiers(Strict):
    """T11 and the numbers of 8.42 beside it."""

    cba_vs_cv_ca_tt: Drm
    elite: Drm
    fleet_in_port: Drm
    surprise_turn: Drm
    surprise_turn_elite: Drm
    excess_cap: Drm
    excess_cap_ratio: Positive
    fleet_steps_per_aa_die: Positive
    air_units_per_fleet: Positive


class BombardmentGroup(Strict):
    bb: Count
    ca: Count


class ShoreBombardment(Strict):
    """T12: the BB and CA steps that make one bombardment group, each +``bonus_per_group``."""

    groups: list[BombardmentGroup]
    bonus_per_group: Drm


class Interception(Strict):
    """T13: roll modifiers, the margin that is surprise, rounds of a day and a night action."""

    day: Drm
    elite_ca_night: Drm
    code_breaking: Drm
    pearl_harbor_stay: Drm
    surprise_margin: Positive
    day_rounds: Positive
    night_rounds: Positive


# -- T14-T19 movement, special actions, logistics, influence ------------------------------------


class Movement(Strict):
    """T14: areas or sea areas a mover goes."""

    ground: Count
    lba_land: Count
    lba_sea: Count
    fleet: Count
    transport: Count
    transport_with_marines: Count
    marine_as_fleet: Count
    marine_as_transport: Count
    reaction: Count
    reaction_code_breaking: Count
    extended_operations: Count
    rebase_fleet: Count
    rebase_transport: Count
    strategic_sea: Count


class StrategicMoves(Strict):
    japan: Count
    usa: Count


class StrategicMovesLost(Strict):
    cw: Count
    china_nat: Count
    china_comm: Count
    philippines: Count
    dei: Count


YearCaps = dict[str, Count]


class SpecialActionCaps(Strict):
    cw: YearCaps = {}
    usa: YearCaps = {}
    japan: YearCaps = {}


class SpecialActionUses(Strict):
    """T17: what a special action buys, one field a use. Europe Engulfed's other uses (breakthrough
    movement, retreat before combat, leaving a contest without a rear guard, reinforcing a
    battle, counterattack, limited supply) do not exist in AE (7.9): no procedure offers them,
    and an overlay naming one is refused as an unknown field."""

    invasion: Count
    breakthrough_round: Count
    extended_naval_operations: Count
    extensive_rebasing: Count
    code_breaking: Count
    chinese_attack: Count
    unrestricted_replacements: Count
    code_breaking_years: list[Year]


RULES.declare("7.9", where="charts.SpecialActionUses (T17: the only uses a special action has)")


class JapaneseLogistics(Strict):
    """T18: Japan's oil and transport point costs."""

    oil_per_fleet: Count
    oil_per_rebasing_fleet: Count
    oil_per_escaping_fleet: Count
    marine_three_sea_areas_oil: Count
    marine_two_sea_areas: Count
    transport_points_per_unit: Count
    india_port_supplied_units: Count
    submarine_supply_full: Count
    submarine_supply_reduced: Count


class Effects(Strict):
    moves_stop: bool
    rebase: bool
    strategic_move: bool
    supply: bool


class InfluenceEffects(Strict):
    """T19, from one side's seat: what a sea area's influence lets it do."""

    none: Effects
    limited: Effects
    own_dominant: Effects
    enemy_dominant: Effects


class SurpriseAttack(Strict):
    """9.11's numbers: the divisor of Allied AA dice (rounded up), the rounds at Hawaii."""

    allied_aa_divisor: Positive
    hawaii_day_rounds: Positive


class Kamikaze(Strict):
    """9.13's numbers: what moves the marker down, and the free LBA build boxes once it is 0."""

    air_werp_more_than: Count
    oil_held_below: Count
    oil_received_below: Count
    free_lba_boxes: Count
    lba_boxes_when_spending: Count


class HomeDefenceSteps(Strict):
    honshu: Count
    shikoku: Count
    kyushu: Count


class HomeDefence(Strict):
    """T21: the militia steps of each home area, and the share (1 in ``banzai_share``, rounded
    up) that must charge banzai each round."""

    steps: HomeDefenceSteps
    banzai_share: Positive


class Conquest(Strict):
    """10.1 (designed): the areas of each minor power's seat of government."""

    seats: dict[str, list[str]]


class Bidding(Strict):
    """10.4 (designed): the highest bid offered, in victory areas."""

    most: Count


class SimplifiedSupply(Strict):
    """13.1 (designed): the share of Transport Capacity the automatic network takes each turn
    (``numerator`` / ``denominator``, rounded up)."""

    numerator: Count
    denominator: Positive

    def charge(self, capacity: int) -> int:
        return -(-capacity * self.numerator // self.denominator)


class Paratroops(Strict):
    """13.4 (designed): how far a paratroop block drops (land areas, or across one sea area)
    and how many drops a side makes in a player turn."""

    land_areas: Count
    sea_areas: Annotated[int, msgspec.Meta(ge=0, le=1)]
    drops_per_turn: Count


def checked_caps(values: SpecialActionCaps) -> SpecialActionCaps:
    for power in values.__struct_fields__:
        for year in getattr(values, power):
            if not (year.isdigit() and 1941 <= int(year) <= 1945):
                raise ValueError(f"{power}: {year!r} is not a year from 1941 to 1945")
    return values


# -- T22 naval damage --------------------------------------------------------------------------


class DamageValues(Strict):
    columns: list[Literal["cv", "bb", "ca"]]
    rows: list[list[int | str]]


@dataclass(frozen=True)
class DamageTable:
    """8.6: for a damaged step of a fleet type and a roll, the WERP its repair needs, or lost."""

    table: CombatTable[int | str]

    def result(self, fleet: Literal["cv", "bb", "ca"], roll: int) -> int | Lost:
        found = self.table.lookup(fleet, roll)
        return "lost" if found == "lost" else int(found)


def damage_table(values: DamageValues) -> DamageTable:
    if sorted(values.columns) != ["bb", "ca", "cv"]:
        raise ValueError("columns: give cv, bb and ca once each")
    table: CombatTable[int | str] = CombatTable.from_rows(values.columns, values.rows, name="8.6")
    for cells in table.results:
        for cell in cells:
            if cell != "lost" and not (isinstance(cell, int) and 0 <= cell <= 10):
                raise ValueError(f"8.6: result {cell!r} is not lost or a WERP from 0 to 10")
    return DamageTable(table)


TABLES: Final = PrintedTables(
    "asia-engulfed",
    DATA / "tables.yaml",
    {
        "t1_dice": TableKind(DiceValues, checked_dice),
        "t2_strategic_warfare": TableKind(StrategicWarfare),
        "t2_2_asw": TableKind(BandValues, band_table("2.2")),
        "t2_3_submarine_attack": TableKind(BandValues, band_table("2.3")),
        "t3_ports": TableKind(PortValues),
        "t3_home_port_aa": TableKind(HomePortAa),
        "t4_stacking": TableKind(StackingValues),
        "t4_invasion_with_marines": TableKind(InvasionWithMarines),
        "t5_production": TableKind(ProductionValues),
        "t6_costs": TableKind(CostValues),
        "t6_home_defence_cost": TableKind(HomeDefenceCost),
        "t7_production_limits": TableKind(ProductionLimits),
        "t8_ground_hit_bonuses": TableKind(GroundBonuses),
        "t9_combat_modes": TableKind(CombatModes),
        "t10_night_gunnery": TableKind(NightGunnery),
        "t11_air_modifiers": TableKind(AirModifiers),
        "t12_shore_bombardment": TableKind(ShoreBombardment),
        "t13_interception": TableKind(Interception),
        "t14_movement": TableKind(Movement),
        "t15_strategic_moves": TableKind(StrategicMoves),
        "t15_strategic_moves_lost": TableKind(StrategicMovesLost),
        "t16_special_actions": TableKind(SpecialActionCaps, checked_caps),
        "t16_special_actions_lost": TableKind(SpecialActionCaps, checked_caps),
        "t17_special_action_uses": TableKind(SpecialActionUses),
        "t18_japanese_logistics": TableKind(JapaneseLogistics),
        "t19_influence": TableKind(InfluenceEffects),
        "t9_11_surprise_attack": TableKind(SurpriseAttack),
        "t9_13_kamikaze": TableKind(Kamikaze),
        "t21_home_defence": TableKind(HomeDefence),
        "t10_1_conquest": TableKind(Conquest),
        "t10_4_bidding": TableKind(Bidding),
        "t13_1_simplified_supply": TableKind(SimplifiedSupply),
        "t13_4_paratroops": TableKind(Paratroops),
        "t22_naval_damage": TableKind(DamageValues, damage_table),
    },
)


@dataclass(frozen=True)
class Charts:
    """Every table a game of Asia Engulfed is played with, as its rules read them."""

    dice: DiceValues
    strategic_warfare: StrategicWarfare
    asw: BandTable
    submarine_attack: BandTable
    ports: PortValues
    home_port_aa: HomePortAa
    stacking: StackingValues
    invasion_with_marines: InvasionWithMarines
    production: ProductionValues
    costs: CostValues
    home_defence_cost: HomeDefenceCost
    production_limits: ProductionLimits
    ground_bonuses: GroundBonuses
    combat_modes: CombatModes
    night_gunnery: NightGunnery
    air_modifiers: AirModifiers
    shore_bombardment: ShoreBombardment
    interception: Interception
    movement: Movement
    strategic_moves_printed: StrategicMoves
    strategic_moves_lost: StrategicMovesLost
    special_actions_printed: SpecialActionCaps
    special_actions_lost: SpecialActionCaps
    special_action_uses: SpecialActionUses
    japanese_logistics: JapaneseLogistics
    influence: InfluenceEffects
    surprise_attack: SurpriseAttack
    kamikaze: Kamikaze
    home_defence: HomeDefence
    conquest: Conquest
    bidding: Bidding
    simplified_supply: SimplifiedSupply
    paratroops: Paratroops
    naval_damage: DamageTable

    @classmethod
    def of(cls, built: Mapping[str, Any]) -> Charts:
        return cls(**{field: built[table] for table, field in FIELDS.items()})

    def port_fleets(self, size: str) -> int | None:
        """Fleets a port of ``size`` bases (3.24); None: any number (a home port)."""
        return None if size == "home" else int(getattr(self.ports.fleets, size))

    def port_aa_dice(self, size: str) -> int:
        """AA dice a port of ``size`` adds when attacked (3.24, 8.7)."""
        if size == "home":
            return self.home_port_aa.anti_aircraft_dice
        return int(getattr(self.ports.anti_aircraft_dice, size))

    def invasion_limit(self, kind: str, *, with_marine: bool) -> int | None:
        """Ground units an invasion lands in an area of ``kind`` (7.2)."""
        if with_marine:
            return int(getattr(self.invasion_with_marines, kind))
        found: int | None = getattr(self.stacking, kind).invasion
        return found

    def strategic_move_limit(self, power: Power) -> int:
        """Units ``power`` may strat-move a turn before 2.13's reduction (5.24)."""
        for values in (self.strategic_moves_printed, self.strategic_moves_lost):
            if power in values.__struct_fields__:
                return int(getattr(values, power))
        raise ValueError(f"no strategic movement limit for {power}")

    def special_action_cap(self, power: Power, year: int) -> int:
        """Special actions ``power`` may hold in ``year`` (7.11): the cap of the latest year
        given up to ``year``, the lost ones designed; 0 for a power without one."""
        caps: dict[int, int] = {}
        for values in (self.special_actions_printed, self.special_actions_lost):
            found: YearCaps = getattr(values, power, {})
            caps.update({int(since): cap for since, cap in found.items()})
        due = [since for since in caps if since <= year]
        return caps[max(due)] if due else 0


FIELDS: Final = {
    "t1_dice": "dice",
    "t2_strategic_warfare": "strategic_warfare",
    "t2_2_asw": "asw",
    "t2_3_submarine_attack": "submarine_attack",
    "t3_ports": "ports",
    "t3_home_port_aa": "home_port_aa",
    "t4_stacking": "stacking",
    "t4_invasion_with_marines": "invasion_with_marines",
    "t5_production": "production",
    "t6_costs": "costs",
    "t6_home_defence_cost": "home_defence_cost",
    "t7_production_limits": "production_limits",
    "t8_ground_hit_bonuses": "ground_bonuses",
    "t9_combat_modes": "combat_modes",
    "t10_night_gunnery": "night_gunnery",
    "t11_air_modifiers": "air_modifiers",
    "t12_shore_bombardment": "shore_bombardment",
    "t13_interception": "interception",
    "t14_movement": "movement",
    "t15_strategic_moves": "strategic_moves_printed",
    "t15_strategic_moves_lost": "strategic_moves_lost",
    "t16_special_actions": "special_actions_printed",
    "t16_special_actions_lost": "special_actions_lost",
    "t17_special_action_uses": "special_action_uses",
    "t18_japanese_logistics": "japanese_logistics",
    "t19_influence": "influence",
    "t9_11_surprise_attack": "surprise_attack",
    "t9_13_kamikaze": "kamikaze",
    "t21_home_defence": "home_defence",
    "t10_1_conquest": "conquest",
    "t10_4_bidding": "bidding",
    "t13_1_simplified_supply": "simplified_supply",
    "t13_4_paratroops": "paratroops",
    "t22_naval_damage": "naval_damage",
}
"""Each table's field of :class:`Charts`."""


def tables(state: State) -> Charts:
    """The tables the game of ``state`` is played with (its rules overlay's over the printed
    ones)."""
    built = TABLES.of(state)  # the defaults, or an overlay's tables built once and kept
    kept = _CHARTS.get(id(built))
    if kept is None or kept[0] is not built:
        kept = _CHARTS[id(built)] = (built, Charts.of(built))
    return kept[1]


_CHARTS: Final[dict[int, tuple[Mapping[str, Any], Charts]]] = {}
"""The charts of each set of tables, by its identity (with the tables, so that an identity
reused by another set is never taken for it): nearly every decision asks for them."""


def printed() -> Charts:
    """The tables as this edition prints them, without an overlay."""
    return Charts.of(TABLES.defaults)
