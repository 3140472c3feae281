"""The printed tables of Dai Senso! as data a player can replace (``data/tables.yaml``; engine
:mod:`overlay`): the combat results table and its column shifts, the terrain effects, stacking,
the political die-roll modifiers, the victory point and USCL tracks, the delay procedure and its
modifiers, the Soviet ESV adjustment, the political event tables and the turn track with the
weather printed on it.

Only the seed's rules and the supplement's recovered ones give values; everything else is a
design, labelled ``provisional`` with its reason (``wargame tables dai-senso``). A player who owns
the box replaces a table whole with a rules overlay. Nothing here is played yet: the game is not
playable, and the tables are read by ``wargame tables``/``rules`` and by the tests.

Decisions
- CRT columns are the supplement's assumed list 1-3 ... 9-1 (§17.1 [P]); its cells are designed
  (see the table's reason). A result is one of Ad, Ex, Dr1-Dr3 or an attrition pair "a/d".
- Where a printed table holds seed facts and designed values at once (the VP track, the event
  tables), the table is provisional and its build checks the seed's anchors, so that no overlay
  can contradict the seed (0.1.2 example; 1.1.2 example).
- The delay modifiers are split: the Axis list holds only what the worked example of 7.1 gives
  (reconstructed); the Western and Soviet lists are designed (provisional).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import msgspec

from wargame.engine.overlay import PrintedTables, TableKind
from wargame.engine.state import State
from wargame.engine.tables import (
    ColumnPick,
    CombatTable,
    RollRange,
    odds_column,
    odds_table,
    odds_value,
)
from wargame.games.dai_senso.events import EVENTS

DATA: Final = Path(__file__).parent / "data"

Shift = Annotated[int, msgspec.Meta(ge=0, le=4)]
Drm = Annotated[int, msgspec.Meta(ge=-6, le=6)]
Faction = Literal["axis", "west", "soviet"]
Face = Literal["rising_sun", "allied_crusade"]
DIE_FACES: Final = tuple(str(face) for face in range(1, 7))


class Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


# -- 4.2.4 combat results table ----------------------------------------------------------------


@dataclass(frozen=True)
class CombatResult:
    """One CRT cell (4.2.4): Ad, Ex, Dr1-Dr3 (retreats) or an attrition pair a/d."""

    code: str
    kind: Literal["ad", "ex", "dr", "attrition"]
    retreat: int = 0
    attacker_steps: int = 0
    defender_steps: int = 0


def parse_result(code: str) -> CombatResult:
    """The result a CRT cell's code names; ValueError in one line for any other code."""
    if code in ("Ad", "Ex"):
        return CombatResult(code, "ad" if code == "Ad" else "ex")
    if code in ("Dr1", "Dr2", "Dr3"):
        return CombatResult(code, "dr", retreat=int(code[2]))
    attacker, slash, defender = code.partition("/")
    losses = (attacker, defender)
    if slash and all(part in "0123" and len(part) == 1 for part in losses) and losses != ("0", "0"):
        return CombatResult(code, "attrition", 0, int(attacker), int(defender))
    raise ValueError(f"result {code!r} is not Ad, Ex, Dr1-Dr3 or a loss pair like 1/2")


class CrtValues(Strict):
    columns: list[str]
    rows: dict[str, list[str]]
    """Die face "1" to "6" -> the result in each column."""


@dataclass(frozen=True)
class Crt:
    """The CRT as the rules read it: the odds column of an attack, a shifted lookup."""

    table: CombatTable[CombatResult]

    @property
    def columns(self) -> tuple[str, ...]:
        return self.table.columns

    def column(self, attack: int, defence: int) -> ColumnPick:
        """The odds column, rounded in the defender's favour and clamped to the table (4.2.2)."""
        return odds_column(attack, defence, self.table.columns)

    def result(self, column: str, roll: int, shift: int = 0) -> CombatResult:
        """The result of ``roll`` in ``column`` moved ``shift`` columns (right: the attacker's
        way), clamped at the table's edges (4.2.2 step 4)."""
        return self.table.lookup(column, roll, shift)


def combat_results(values: CrtValues) -> Crt:
    return Crt(odds_table(values.columns, values.rows, DIE_FACES, parse_result, name="4.2.4"))


# -- 4.2.3 column shifts, 11.2 weather -----------------------------------------------------------


class ColumnShifts(Strict):
    """Columns each source of 4.2.3 shifts; the attacker's to the right, the defender's left."""

    air_unit: Shift
    airdrop_marker: Shift
    armour: Shift
    fortress: Shift
    hq: Shift
    marines: Shift
    mud: Shift
    beachhead_2: Shift
    beachhead_1: Shift
    snlf_beachhead_0: Shift
    lowest_raw_odds: str
    """An attack needs these odds before shifts (4.2.2 step 3)."""


def checked_shifts(values: ColumnShifts) -> ColumnShifts:
    odds_value(values.lowest_raw_odds)
    return values


class WeatherCombat(Strict):
    weathers: list[Literal["mud", "storm", "snow"]]
    retreat_results: dict[str, str]
    """A Dr result against a hex in bad weather -> the result it becomes (11.2)."""


def checked_weather(values: WeatherCombat) -> WeatherCombat:
    for before, after in values.retreat_results.items():
        if parse_result(before).kind != "dr":
            raise ValueError(f"retreat_results: {before!r} is not a Dr result")
        parse_result(after)
    return values


# -- TEC, 9 stacking ------------------------------------------------------------------------------

CostWord = Literal[
    "entire_ma", "prohibited", "as_other_terrain", "as_road_or_rail", "beachhead_or_marine"
]
Cost = float | CostWord


class Terrain(Strict):
    mp: Cost
    shift: Shift


class TerrainEffects(Strict):
    hexes: dict[str, Terrain]
    hexsides: dict[str, Terrain]


class StackLimit(Strict):
    units: Annotated[int, msgspec.Meta(ge=1, le=10)]
    steps: Annotated[int, msgspec.Meta(ge=1, le=20)]


class Stacking(Strict):
    normal: StackLimit
    limited: StackLimit


# -- 1.1.2 political DRM, USCL and VP tracks ------------------------------------------------------


class PoliticalDrm(Strict):
    per_vp_rising_sun: Drm
    per_vp_allied_crusade: Drm
    marker_on_selected_country: Annotated[int, msgspec.Meta(ge=0, le=3)]
    lowest_roll: int
    highest_roll: int


class UsclLevel(Strict):
    level: Annotated[int, msgspec.Meta(ge=0, le=10)]
    political_drm: Drm


def checked_uscl(values: list[UsclLevel]) -> list[UsclLevel]:
    if [level.level for level in values] != list(range(len(values))):
        raise ValueError("levels must run 0, 1, 2 ... in order")
    return values


class VpBand(Strict):
    sv: str
    """The current strategic values of the band: "3-5", "≤-17", "15+"."""
    box: int | Literal["automatic_victory"]
    face: Face | Literal["unchanged"]


SEED_ANCHORS: Final = ((0, 1, "allied_crusade"), (1, 0, "unchanged"), (2, 0, "unchanged"))
"""0.1.2: SV 0 -> the 1-VP box Allied Crusade up; SV +1 and +2 -> the 0 box, not flipped."""


@dataclass(frozen=True)
class VpTrack:
    bands: tuple[tuple[RollRange, VpBand], ...]

    def place(self, sv: int) -> VpBand:
        """Where the VP marker goes for a current strategic value ``sv`` (0.1.2)."""
        for band, found in self.bands:
            if (band.low is None or band.low <= sv) and (band.high is None or sv <= band.high):
                return found
        raise ValueError(f"no band holds {sv}")  # unreachable: vp_track checks coverage


def vp_track(values: list[VpBand]) -> VpTrack:
    if not values:
        raise ValueError("no bands")
    bands = tuple((RollRange.parse(band.sv), band) for band in values)
    ordered = sorted(bands, key=lambda pair: -10_000 if pair[0].low is None else pair[0].low)
    if ordered[0][0].low is not None or ordered[-1][0].high is not None:
        raise ValueError("the bands must cover every value, both ends open (≤n, n+)")
    for (before, _), (after, _) in pairwise(ordered):
        if before.high is None or after.low != before.high + 1:
            raise ValueError(f"bands {before} and {after} leave a gap or overlap")
    track = VpTrack(tuple(ordered))
    rising = track.place(3)
    if (rising.box, rising.face) != (1, "rising_sun"):
        raise ValueError("0.1.2 (seed): SV +3 goes to the 1-VP box, Rising Sun up")
    for sv, box, face in SEED_ANCHORS:
        found = track.place(sv)
        if (found.box, found.face) != (box, face):
            raise ValueError(f"0.1.2 (seed): SV {sv} goes to the {box} box, {face}")
    return track


# -- 7.1 delay ------------------------------------------------------------------------------------

Condition = Literal[
    "uscl_level",
    "favourable_vp_in_total_war",
    "own_war_production_marker",
    "enemy_strategic_warfare_pieces",
    "total_war",
    "soviet_european_war",
    "prewar",
    "own_bases_damaged",
]


class DelayProcedure(Strict):
    lowest_result: int
    highest_result: int | None
    dice: Literal["1d6"]


class DelayModifier(Strict):
    condition: Condition
    drm: Drm | Literal["printed"]
    per: Literal["each", "once"] = "once"
    """each: the modifier counts once per level, VP or piece of the condition."""
    note: str = ""


class AlliedDelay(Strict):
    west: list[DelayModifier]
    soviet: list[DelayModifier]


# -- 1.1.4 Soviet ESV adjustment -----------------------------------------------------------------


class EsvCell(Strict):
    no_war: Drm
    war: Drm


class EsvAdjustment(Strict):
    prewar: dict[str, EsvCell]
    limited_war: dict[str, EsvCell]
    total_war: dict[str, EsvCell]


def checked_esv(values: EsvAdjustment) -> EsvAdjustment:
    for state in EsvAdjustment.__struct_fields__:
        if sorted(getattr(values, state)) != ["0", "1", "2", "3"]:
            raise ValueError(f"{state}: give production values 0 to 3 once each")
    if values.limited_war["0"].no_war != 1:
        raise ValueError("1.1.4 (seed): card 15 (value 0) at Limited War, no War marker: ESV +1")
    return values


# -- political event tables (2.1, 15) -------------------------------------------------------------


class EventTable(Strict):
    title: str
    title_ja: str
    rows: dict[str, str]
    """Die face "1" to "6" (after the political DRM, clamped) -> an event id of
    wargame.games.dai_senso.events, or "table:NAME" to roll on another table."""


SEED_CHAINS: Final = (
    ("current_card_treaty", "2", "table:diplomatic_incident"),
    ("diplomatic_incident", "6", "table:colonialism"),
)
"""1.1.2's example: card 33a Treaty's table sends a 2 to the Diplomatic Incident table, whose
6 sends to the Colonialism table."""


def event_tables(values: dict[str, EventTable]) -> dict[str, EventTable]:
    for name, table in values.items():
        if sorted(table.rows) != list(DIE_FACES):
            raise ValueError(f"{name}: give the die faces 1 to 6 once each")
        for face, result in table.rows.items():
            _check_result(values, name, face, result)
    for name in values:
        _check_chain_ends(values, name, [])
    for name, face, result in SEED_CHAINS:
        if name not in values or values[name].rows[face] != result:
            raise ValueError(f"1.1.2 (seed): {name} {face} must be {result}")
    return values


def _check_result(values: Mapping[str, EventTable], name: str, face: str, result: str) -> None:
    target = result.removeprefix("table:")
    if result.startswith("table:") and target not in values:
        raise ValueError(f"{name} {face}: no table {target!r}")
    if not result.startswith("table:") and result not in EVENTS:
        raise ValueError(f"{name} {face}: {result!r} is no event (wargame.games.dai_senso.events)")


def _check_chain_ends(values: Mapping[str, EventTable], name: str, path: list[str]) -> None:
    """3.3: a chain of tables ends in a final result; a table that leads back to itself never
    does."""
    if name in path:
        raise ValueError(f"tables {' -> '.join([*path, name])} never reach a final result")
    for result in values[name].rows.values():
        if result.startswith("table:"):
            _check_chain_ends(values, result.removeprefix("table:"), [*path, name])


# -- 7.2 turn track, 11.1 weather printed on it ---------------------------------------------

WeatherArea = Literal["north", "central", "desert", "north_monsoon", "south_monsoon", "south"]
Weather = Literal["mud", "storm", "snow"]
SEED_SEASONAL: Final = ("Mar-Apr", "May-Jun", "Aug-Sep", "Nov-Dec")
"""The seasonal turns the seed names (spec §1.3): spring, summer, autumn, winter."""


class Turn(Strict):
    name: str
    seasonal: bool
    weather: dict[WeatherArea, Weather] = {}


def turn_track(values: list[Turn]) -> list[Turn]:
    names = [turn.name for turn in values]
    if len(set(names)) != len(names):
        raise ValueError("a turn is named twice")
    seasonal = tuple(turn.name for turn in values if turn.seasonal)
    if seasonal != SEED_SEASONAL:
        raise ValueError(f"the seasonal turns are the seed's {', '.join(SEED_SEASONAL)} (1.3)")
    return values


# -- 0.3, 7.2 the training scenarios' length and objectives (ds-play) ---------------------------


class TrainingScenario(Strict):
    turns: Annotated[int, msgspec.Meta(ge=1, le=60)]
    objectives: list[str]
    holder_at_start: Faction
    attacker: Faction
    attacker_needs: Annotated[int, msgspec.Meta(ge=1)]


def training_scenarios(values: dict[str, TrainingScenario]) -> dict[str, TrainingScenario]:
    for name, scenario in values.items():
        if scenario.attacker_needs > len(scenario.objectives):
            raise ValueError(f"{name}: attacker_needs is more than the objectives")
    return values


# -- 13.7, the one-map campaign War of Resistance (ds-wor) ----------------------------------------

Status = Literal["active", "neutral"]
Posture = Literal["war", "policy", "truce"]
WarState = Literal["prewar", "limited_war", "total_war"]
MAJOR_POWERS: Final = frozenset({"japan", "britain", "usa", "russia"})
"""The major powers (spec §1.2), always active (13.2.1)."""


class CountryAtStart(Strict):
    """A country's status, alignment and posture when the scenario starts (13.4-13.6, 13.7.4)."""

    status: Status
    alignment: Faction
    posture: Posture


class Reinforcement(Strict):
    unit: str
    turn: Annotated[int, msgspec.Meta(ge=1, le=120)]
    """The game turn at whose start the unit comes."""
    hex: str
    """Where it comes; if an enemy unit or the stacking limit bars it, a faction's entry hex."""


class CampaignScenario(TrainingScenario):
    """A campaign's length and objectives (as a training scenario's) and its set-up terms: the
    sheets and countries in play and the reinforcements by turn. Where it starts on the tracks
    is the table ``seasonal_play``'s, which cards it deals ``option_cards``'."""

    sheets: list[Literal["e", "w"]]
    countries: dict[str, CountryAtStart]
    """The countries the scenario sets up (13.7.4); a country not listed stands aside."""
    out_of_play: list[str]
    """Countries, dependents and regions no ground unit enters in this scenario."""
    reinforcements: list[Reinforcement]
    entry_hexes: dict[Faction, list[str]]
    decided_by: Literal["objectives", "vp_check"] = "objectives"
    """What decides the game when its last turn ends or the V-J Day marker leaves the track (0.3):
    its objectives (a campaign cut short of the war's end) or the final VP check (0.1)."""


def campaign_scenarios(values: dict[str, CampaignScenario]) -> dict[str, CampaignScenario]:
    training_scenarios(dict(values))
    for name, scenario in values.items():
        late = [r.unit for r in scenario.reinforcements if r.turn > scenario.turns]
        if late:
            raise ValueError(f"{name}: {late[0]} comes after the last turn")
        neutral = sorted(
            country
            for country, at_start in scenario.countries.items()
            if country in MAJOR_POWERS and at_start.status == "neutral"
        )
        if neutral:
            raise ValueError(f"{name}: {neutral[0]} is a major power, always active (13.2.1)")
    return values


def scenario_terms(found: Mapping[str, Any], scenario: str) -> TrainingScenario:
    """The length and objectives of ``scenario``: a training scenario's or a campaign's."""
    terms: TrainingScenario | None = found["training_scenarios"].get(scenario)
    return terms if terms is not None else found["campaign_scenarios"][scenario]


def weather_areas(values: dict[WeatherArea, list[str]]) -> dict[WeatherArea, list[str]]:
    """Each country in one weather area at most (11.1)."""
    seen: dict[str, str] = {}
    for area, countries in values.items():
        for country in countries:
            if country in seen:
                raise ValueError(f"{country} is in both {seen[country]} and {area}")
            seen[country] = area
    return values


# -- 2.2.4, 4.2.8 blitz markers and exploitation (ds-play2) -----------------------------------


class BlitzMarkers(Strict):
    range: Annotated[int, msgspec.Meta(ge=0, le=6)]
    """A marker makes friendly units this many hexes away, or nearer, blitz-enabled."""
    per_turn: dict[str, dict[Faction, Annotated[int, msgspec.Meta(ge=0, le=20)]]]
    """Scenario -> faction -> markers it places in each of its support segments."""


class Exploitation(Strict):
    allowance_divisor: Annotated[int, msgspec.Meta(ge=1, le=4)]
    """An exploiting unit moves up to its movement allowance divided by this (at least 1 MP)."""


# -- 10 supply (ds-scen) ------------------------------------------------------------------------


class Supply(Strict):
    trace_hexes: Annotated[int, msgspec.Meta(ge=0, le=30)]
    """A supply line's most hexes from the unit's hex to a source (the unit's own not counted)."""
    sources: dict[Faction, list[str]]
    """Faction -> the countries, dependents and regions whose every hex is its source."""


# -- 2.2.3, 3.1.2, 4.1.3 naval play (ds-tora) ------------------------------------------------------


class Naval(Strict):
    sea_reach: Annotated[int, msgspec.Meta(ge=1, le=60)]
    """Hexes a port-to-port move, a sea supply line or a surface fleet's placement reaches from
    its port or naval base (the stand-in for a sea zone)."""
    open_port_countries: dict[Faction, list[str]]
    """Faction -> its active countries, whose ports are open to it with no unit in them."""
    troop_convoys: dict[str, dict[Faction, Annotated[int, msgspec.Meta(ge=0, le=40)]]]
    """Scenario -> faction -> troop convoy steps a faction turn; only the scenarios named here
    play naval movement and beachheads."""
    box_sea_edges: dict[str, Annotated[list[str], msgspec.Meta(min_length=2, max_length=2)]]
    """Off-map box -> the first and last hex of the map-edge column whose all-sea hexes stand
    for where the box's sea zones meet the map (3.1.2, the spec §2.7 ``in_sea_zone``)."""


# -- 0.1, 0.2, 1.2, 1.3 the seasonal phase (ds-season) ------------------------------------------

WarStateName = Literal["prewar", "limited_war", "total_war"]


class ScenarioStart(Strict):
    """Where a scenario starts on the tracks and what markers it sets up (provisional)."""

    war_state: WarStateName
    vp_box: Annotated[int, msgspec.Meta(ge=0, le=4)]
    vp_face: Face
    esv: Annotated[int, msgspec.Meta(ge=-10, le=5)]
    uscl: Annotated[int, msgspec.Meta(ge=0, le=10)]
    imperial_rescript: Annotated[int, msgspec.Meta(ge=0, le=4)] | None = None
    hakko_ichiu: Annotated[int, msgspec.Meta(ge=0, le=4)] | None = None
    strategic_warfare: list[str] = []
    """Marker ids of forces.yaml in the Strategic Warfare box."""
    logistics: list[str] = []
    """Logistics marker ids of forces.yaml in their faction's force pool."""
    partisan_bases: dict[Faction, Annotated[int, msgspec.Meta(ge=0, le=20)]] = {}
    conquered: list[str] = []
    """Allied minors (map country ids) conquered when the scenario starts (1.2.2)."""


class SeasonalPlay(Strict):
    esv_term: Literal["if", "unless"]
    """0.1.1 step 3: the ESV counts if (or unless) an Axis strategic hex in Japan is
    Western-controlled (open question 1)."""
    japan_surrenders: Literal["box_only", "box_or_higher"]
    european_collapse_esv: int
    scenarios: dict[str, ScenarioStart]


def checked_seasonal(values: SeasonalPlay) -> SeasonalPlay:
    if "default" not in values.scenarios:
        raise ValueError("give the scenarios' default start")
    if values.european_collapse_esv != 5:
        raise ValueError("0.2 (seed): the European Front collapses at ESV 5")
    return values


class ReplacementPlay(Strict):
    city_is: list[Literal["named_place", "port", "objective"]]
    """What stands in for a city hex while the map marks none."""
    logistics_areas: dict[str, list[str]] = {}
    """Logistics marker id -> the only countries it may be placed in (1.2.1)."""


# -- 1.1 option cards dealt per scenario (ds-cards) ------------------------------------------------


class Government(Strict):
    """The Japanese Government marker (1.1.3): where it is and its face up side."""

    where: Literal["status_box", "delay_box", "turn_track"]
    face: Literal["army", "navy"]


class DeckDeal(Strict):
    """How a scenario deals the option cards: every card of each faction in play goes to its
    hand but those named here (by card number)."""

    government: Government
    current: dict[Faction, str] = {}
    """Each faction's current card at the start (its number), played before the game."""
    removed: dict[Faction, list[str]] = {}
    """Cards played and set aside before the start (their numbers)."""


class OptionCards(Strict):
    scenarios: dict[str, DeckDeal]
    """Scenario -> its deal; only the scenarios named here play the option card segment."""
    soviet_production_limit: dict[WarStateName, Annotated[int, msgspec.Meta(ge=0, le=3)]]
    """1.1.3 (seed): the Soviet pending card's production value at most this."""


def option_cards(values: OptionCards) -> OptionCards:
    seed = {"prewar": 1, "limited_war": 1, "total_war": 3}
    if dict(values.soviet_production_limit) != seed:
        raise ValueError("1.1.3 (seed): the Soviet production limit is 1, or 3 at Total War")
    return values


# -- 2.3 organization (ds-org) ------------------------------------------------------------------


GroundClass = Literal["infantry_type", "armor_type", "hq", "fortress"]


class OrganizationRules(Strict):
    donors: dict[GroundClass, list[GroundClass]]
    """A receiving unit's class -> the classes of the one-step units whose step it may take."""
    detachment_types: list[str] = msgspec.field(default_factory=lambda: ["infantry"])
    """The ground unit types whose one-step counters carry a detachment on their back (2.3.5)."""


# -- 4.1.1 airdrops (ds-org) ----------------------------------------------------------------------


class AirdropRules(Strict):
    range: Annotated[int, msgspec.Meta(ge=0, le=6)]
    """An Airdrop marker goes this many hexes or fewer from its airborne unit's hex."""


# -- 2.1, 6, 12, 13.4-13.6 countries, war states and political play (ds-politics) -------------

CountryMarker = Literal["influence_axis", "influence_west", "influence_soviet", "neutral"]


class Politics(Strict):
    scenarios: list[str]
    """The scenarios that play politics (2.1, 6, 12, 13.4-13.6); a scenario not named here
    plays none. Where each starts on the war state and USCL tracks is the table
    ``seasonal_play``'s, which Allied minors are conquered there too."""
    countries: dict[str, CountryAtStart]
    """Each country's status, alignment and posture at the start (July 1937) of a scenario that
    plays politics and that the table ``campaign_scenarios`` does not set up (a training
    scenario an overlay names): a campaign of that table starts with its own countries."""
    marker_drm: dict[CountryMarker, Annotated[int, msgspec.Meta(ge=-1, le=1)]]
    """The sign of each country marker's political DRM (1.1.2: +1 or -1 printed on it)."""
    total_war_majors: list[str]
    """The Allied majors whose taking a War posture begins Total War (12.3)."""
    truce_turns: Annotated[int, msgspec.Meta(ge=1, le=20)]
    """The turns a Truce marker stays on a country (6.1.2)."""
    snlf_beachheads: dict[
        Literal["operation_z", "large_scale_attack"], Annotated[int, msgspec.Meta(ge=1, le=6)]
    ]
    """The SNLF Beachhead-0 markers each event places (15.29, 15.37)."""
    manchukuo_garrison_steps: Annotated[int, msgspec.Meta(ge=0, le=30)] = 4
    """Total War's Manchukuo Garrison Check: fewer Japanese steps there give the Soviets an
    Influence marker on it (12.3, :mod:`total_war`)."""
    shortage_roll: Annotated[int, msgspec.Meta(ge=1, le=7)] = 5
    """Total War's Material Shortages: a roll of this or more places a Military Requisition
    marker (12.3; 7: never)."""


# -- 14, 15, 16.7 markers and events (ds-markers) ------------------------------------------------

Count = Annotated[int, msgspec.Meta(ge=0, le=20)]


class MarkerRules(Strict):
    vj_day_seasonal_turns: Annotated[int, msgspec.Meta(ge=1, le=40)]
    """Total War places the V-J Day marker this many seasonal turns ahead (12.3, 14.37)."""
    vj_day_returns: Count
    """How many times the V-J Day marker may go back on the turn track (14.45)."""
    vj_day_return_seasonal_turns: Annotated[int, msgspec.Meta(ge=1, le=20)]
    """How far ahead, in seasonal turns, a returned V-J Day marker goes (14.45)."""
    vj_day_return_bonus_vp: Count
    """The Axis's bonus VP at the final VP check for each return (14.45, 0.4)."""
    stall_range: Annotated[int, msgspec.Meta(ge=0, le=6)]
    """The hexes from its own a Stall marker bars support placement and landings (14.15)."""
    reserves: dict[Literal["limited_war", "total_war"], dict[str, dict[str, Count]]]
    """14.39: each war state's Reserves marker: faction -> replacement key -> seasonal steps."""
    asr_partisan_bases: Count
    """Partisan base markers Allied Support for Resistance adds to the faction's pool (15.1)."""
    euro_commitment_esv: Annotated[int, msgspec.Meta(ge=-3, le=3)]
    """How the ESV moves when an Allied faction commits forces to Europe (15.14)."""
    german_victory_esv: dict[Literal["france", "russia"], Annotated[int, msgspec.Meta(ge=0, le=5)]]
    """How much each German victory raises the ESV (13.8.5: Germany is off the map)."""


# -- the tables ----------------------------------------------------------------------------------

TABLES: Final = PrintedTables(
    "dai-senso",
    DATA / "tables.yaml",
    {
        "crt": TableKind(CrtValues, combat_results),
        "column_shifts": TableKind(ColumnShifts, checked_shifts),
        "weather_combat": TableKind(WeatherCombat, checked_weather),
        "terrain_effects": TableKind(TerrainEffects),
        "stacking": TableKind(Stacking),
        "political_drm": TableKind(PoliticalDrm),
        "uscl_track": TableKind(list[UsclLevel], checked_uscl),
        "vp_track": TableKind(list[VpBand], vp_track),
        "delay_procedure": TableKind(DelayProcedure),
        "delay_axis": TableKind(list[DelayModifier]),
        "delay_allied": TableKind(AlliedDelay),
        "esv_adjustment": TableKind(EsvAdjustment, checked_esv),
        "event_tables": TableKind(dict[str, EventTable], event_tables),
        "turn_track": TableKind(list[Turn], turn_track),
        "training_scenarios": TableKind(dict[str, TrainingScenario], training_scenarios),
        "campaign_scenarios": TableKind(dict[str, CampaignScenario], campaign_scenarios),
        "weather_areas": TableKind(dict[WeatherArea, list[str]], weather_areas),
        "blitz_markers": TableKind(BlitzMarkers),
        "exploitation": TableKind(Exploitation),
        "supply": TableKind(Supply),
        "naval": TableKind(Naval),
        "seasonal_play": TableKind(SeasonalPlay, checked_seasonal),
        "replacement_play": TableKind(ReplacementPlay),
        "option_cards": TableKind(OptionCards, option_cards),
        "organization": TableKind(OrganizationRules),
        "airdrop": TableKind(AirdropRules),
        "politics": TableKind(Politics),
        "markers": TableKind(MarkerRules),
    },
)


def tables(state: State) -> Mapping[str, Any]:
    """The tables the game of ``state`` is played with (its rules overlay over the defaults)."""
    return TABLES.of(state)
