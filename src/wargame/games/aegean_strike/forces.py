"""The forces of Aegean Strike as data (``data/forces.yaml``): the nations, every counter type of
the counter descriptions (aircraft by type and role, ships by class, ground units by type and
size, markers, supply objects), the airbases and supply sources printed on the maps, the
provisional values of every type, every unit, the common set-up and the five scenarios with their
sides.

Each record says where it comes from (``provenance``: seed, rulebook, reconstructed, provisional)
and why (``source``); the file's ``provenance`` is the default of its records. Loading checks the
records against each other and the set-up against the map (``data/map.json``): a bad record
fails the load with one line naming the file and the record.

Decisions
- One set-up serves every scenario (seed, 21.02: unlike Gulf Strike): a scenario names the nations
  of Player A, of Player B and the neutral ones; it sets up the common set-up's units of those
  nations, and its own ``extra`` units (the Pershing 2s of the missile crisis). Nations it does not
  name are absent.
- A unit's values are not on its record: they come from ``values`` by its type (and a ground
  unit's size), so that a player who owns the counters corrects a whole class at once and the
  provisional values stay in one labelled place.
- Air units start at an airbase (its box on the airbase display) or aboard a carrier, EWDA in the
  EWDA box (placed in the Unit Assignment Stage, 9.03); ground units in a land hex or aboard a
  transport; naval units in a sea, coastal or port hex. No unit starts in a strategic hex inside
  the transitional ring (4).
- The common set-up is of peacetime garrisons: a unit starts on its own nation's land or an ally's
  of its bloc (US units in Greece and Turkey, Soviet ones in Bulgaria), whatever the scenario.
- An airbase belongs to the nation that flies from it (US bases in Greece and Turkey are US), so
  that a neutral host does not ground a belligerent's squadrons.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import msgspec

from wargame.engine.data import Provenance, Record, by_id, load_checked, read_raw
from wargame.engine.errors import DataError
from wargame.engine.names import told_apart
from wargame.games.aegean_strike.charts import TABLES, Quality, Size
from wargame.games.aegean_strike.registry import RULES

DATA: Final = Path(__file__).parent / "data"
Id = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_-]*$")]
Value = Annotated[int, msgspec.Meta(ge=0, le=99)]
Player = Literal["a", "b", "neutral"]
Role = Literal[
    "ewda",
    "multirole",
    "interceptor",
    "attack",
    "multirole_attack",
    "asw",
    "local_transport",
    "strategic_transport",
    "ecm",
    "reconnaissance",
]
KIND_OF_ROLE: Final[dict[str, str]] = {
    "ewda": "ewda",
    "local_transport": "transport",
    "strategic_transport": "transport",
}
"""8.02 (seed): air combat units, air transport units and EWDA units; a role not named here is
an air combat unit's."""
ORDER_OF_BATTLE: Final = {"nato": "21.04", "wp": "21.05"}
"""The rule of each bloc's order of battle; the other nations' units are listed in both."""
SEA_CLASSES: Final = frozenset({"sea", "coastal"})
LAND_CLASSES: Final = frozenset({"land", "coastal", "island"})


class Sourced(Record, kw_only=True, forbid_unknown_fields=True):
    source: str | None = None


class Nation(Sourced):
    id: Id
    code: str
    name: str
    name_ja: str
    adjective: str
    """Before a unit's name where another nation has a unit of that name: "Greek"."""
    adjective_ja: str
    bloc: Literal["nato", "wp", "other"]
    territory: list[str] = msgspec.field(default_factory=list)
    """The map's nation codes of its land (data/map.json: GR, TR, BG, CY...)."""


class AirType(Sourced):
    id: Id
    name: str
    role: Role
    carrier: bool = False
    helicopter: bool = False
    minelaying: bool = False


class NavalType(Sourced):
    id: Id
    name: str
    name_ja: str
    category: Literal["surface", "carrier", "submarine", "transport"]


class GroundType(Sourced):
    id: Id
    name: str
    name_ja: str
    group: Literal["armour", "infantry", "support", "truck"]
    sizes: list[Size]


class Named(Sourced):
    id: Id
    name: str
    name_ja: str


class Airbase(Sourced):
    id: Id
    hex: str
    nation: str
    size: Literal["small", "large"]


class SupplySource(Sourced):
    id: Id
    hex: str
    nation: str


class AirValues(msgspec.Struct, forbid_unknown_fields=True):
    anti_air: Value
    bombing: Value
    asm: Value
    underwater: Value
    ecm: Value
    hits: Value
    ma: Value
    """Strategic hexes (10 operational MP each), the whole round trip (9.04)."""
    transport: Value = 0


class NavalValues(msgspec.Struct, forbid_unknown_fields=True):
    anti_air: Value
    ssm: Value
    bombardment: Value
    underwater: Value
    ecm: Value
    hits: Value
    ma: Value
    transport: Value = 0
    minelaying: bool = False
    minesweeping: bool = False


class GroundValues(msgspec.Struct, forbid_unknown_fields=True):
    combat: Value
    defence: Value
    ma: Value
    """Operational hexes (8.01)."""
    anti_air: Value = 0
    transport: Value = 0


class Values(Sourced):
    reason: str
    reason_ja: str
    air: dict[str, AirValues]
    naval: dict[str, NavalValues]
    ground: dict[str, dict[Size, GroundValues]]


class Unit(Sourced):
    id: Id
    nation: str
    type: str
    name: str
    name_ja: str
    size: Size | None = None
    quality: Quality = "regular"


class Placement(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    unit: str
    hex: str | None = None
    base: str | None = None
    """An airbase id, or the id of the carrier an air unit starts aboard."""
    aboard: str | None = None
    """The transport (or small carrier) a ground unit starts aboard."""
    box: Literal["ewda"] | None = None
    turn: Annotated[int, msgspec.Meta(ge=0, le=60)] = 0
    """0: at the start; else the turn whose International Military Phase brings it (7.01)."""
    in_port: bool = False
    partial: bool = False
    """Starts at partial strength, to be mobilised in an International Military Phase (7.01)."""
    place: str | None = None


class Sides(msgspec.Struct, forbid_unknown_fields=True):
    a: list[str]
    b: list[str]
    neutral: list[str] = msgspec.field(default_factory=list)


class Scenario(Sourced):
    id: Id
    number: Annotated[int, msgspec.Meta(ge=1, le=5)]
    title: str
    title_ja: str
    offered: bool
    turns: Annotated[int, msgspec.Meta(ge=1, le=60)]
    first_controller: Literal["a", "b"]
    pre_war: bool
    sides: Sides
    ewda: list[str]
    supply_points: dict[str, Value]
    extra: list[Placement] = msgspec.field(default_factory=list)
    not_offered: str = ""
    """Why a scenario is not offered."""


class Bridge(Sourced):
    """A bridge standing over a strait at the start of every scenario (11.08): the two hexes of
    its hexside."""

    hexes: Annotated[list[str], msgspec.Meta(min_length=2, max_length=2)]
    name: str
    name_ja: str


class Breakdown(msgspec.Struct, forbid_unknown_fields=True):
    """A Soviet division and the regiments it breaks down into (11.10)."""

    division: str
    regiments: list[str]


class ForcesFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    provenance: Provenance
    nations: list[Nation]
    air_types: list[AirType]
    naval_types: list[NavalType]
    ground_types: list[GroundType]
    markers: list[Named]
    supply_objects: list[Named]
    airbases: list[Airbase]
    supply_sources: list[SupplySource]
    values: Values
    units: list[Unit]
    setup: list[Placement]
    scenarios: list[Scenario]
    breakdown: list[Breakdown] = msgspec.field(default_factory=list)
    bridges: list[Bridge] = msgspec.field(default_factory=list)


@dataclass(frozen=True)
class Hex:
    """What the set-up checks of a map hex."""

    cls: str
    map: str
    area: str | None
    nation: str | None
    port: bool


class Forces:
    """The checked forces: lookups by id, each unit's category and values, scenario set-ups."""

    def __init__(self, data: ForcesFile, hexes: dict[str, Hex]) -> None:
        self.data = data
        self.hexes = hexes
        self.nations = by_id(data.nations, "nation")
        self.air_types = by_id(data.air_types, "air type")
        self.naval_types = by_id(data.naval_types, "naval type")
        self.ground_types = by_id(data.ground_types, "ground type")
        self.markers = by_id(data.markers, "marker")
        self.supply_objects = by_id(data.supply_objects, "supply object")
        self.airbases = by_id(data.airbases, "airbase")
        self.supply_sources = by_id(data.supply_sources, "supply source")
        self.units = by_id(data.units, "unit")
        self.scenarios = by_id(data.scenarios, "scenario")
        self._check_types()
        for unit in data.units:
            self._check_unit(unit)
        for airbase in data.airbases:
            self._check_site(airbase)
        for source in data.supply_sources:
            self._check_site(source)
        _placed_once("the common set-up", data.setup)
        unknown = [p.unit for p in data.setup if p.unit not in self.units]
        if unknown:
            raise DataError(f"the common set-up, unit {unknown[0]}: no such unit")
        self._setups = {scenario.id: self._setup_of(scenario) for scenario in data.scenarios}
        for scenario in data.scenarios:
            self._check_scenario(scenario)
        self.breakdowns = {b.division: tuple(b.regiments) for b in data.breakdown}
        self._check_breakdowns(data)
        self._check_orders_of_battle(data)
        self.display_names = _display_names(self)
        self._check_bridges(data.bridges)

    # -- what the rules and the views read ----------------------------------------------------
    def category(self, unit: Unit) -> Literal["air", "naval", "ground"]:
        if unit.type in self.air_types:
            return "air"
        return "naval" if unit.type in self.naval_types else "ground"

    @RULES.implements("8.02")
    def air_kind(self, unit: Unit) -> str | None:
        """combat, transport or ewda for an air unit (8.02); None for any other unit."""
        found = self.air_types.get(unit.type)
        return None if found is None else KIND_OF_ROLE.get(found.role, "combat")

    @RULES.implements("8.01")
    def values(self, unit: Unit) -> AirValues | NavalValues | GroundValues:
        """The values printed on ``unit``'s counter: its type's (and a ground unit's size's)."""
        table = self.data.values
        if unit.type in table.air:
            return table.air[unit.type]
        if unit.type in table.naval:
            return table.naval[unit.type]
        return table.ground[unit.type][unit.size or "X"]

    def setup(self, scenario: str) -> list[Placement]:
        """The placements of ``scenario``: the common set-up's units of its nations, its own."""
        return list(self._setups[scenario])

    def _setup_of(self, scenario: Scenario) -> tuple[Placement, ...]:
        playing = self._players(scenario)
        common = [p for p in self.data.setup if self.units[p.unit].nation in playing]
        return (*common, *scenario.extra)

    def partial(self, scenario: str) -> list[str]:
        """The units of ``scenario`` that start at partial strength (7.01)."""
        return [placement.unit for placement in self._setups[scenario] if placement.partial]

    def player_of(self, scenario: str, unit: Unit) -> Player:
        return self._players(self.scenarios[scenario])[unit.nation]

    def counts(self, scenario: str) -> dict[Player, int]:
        """How many units each player (and the neutrals) sets up or receives in ``scenario``."""
        return dict(
            Counter(self.player_of(scenario, self.units[p.unit]) for p in self.setup(scenario))
        )

    def provenances(self) -> dict[str, int]:
        """How many records of the file have each provenance (the file's as default)."""
        return dict(
            Counter(record.provenance or self.data.provenance for record in self._records())
        )

    def _records(self) -> Iterator[Sourced]:
        data = self.data
        yield from data.nations
        yield from data.air_types
        yield from data.naval_types
        yield from data.ground_types
        yield from data.markers
        yield from data.supply_objects
        yield from data.airbases
        yield from data.supply_sources
        yield from data.units
        yield from data.scenarios

    # -- checks of the records ------------------------------------------------------------------
    def _check_breakdowns(self, data: ForcesFile) -> None:
        """11.10 (seed): only Soviet divisions break down, into regiments of their own that are
        set up nowhere, each in one division."""
        placed = {p.unit for p in data.setup} | {
            p.unit for scenario in data.scenarios for p in scenario.extra
        }
        regiments = [r for b in data.breakdown for r in b.regiments]
        if len(set(regiments)) != len(regiments):
            raise DataError("breakdown: a regiment belongs to two divisions")
        for record in data.breakdown:
            where = f"breakdown {record.division}"
            division = self.units.get(record.division)
            if division is None or division.nation != "ussr" or division.size != "XX":
                raise DataError(f"{where}: only Soviet divisions (XX) break down (11.10)")
            for rid in record.regiments:
                regiment = self.units.get(rid)
                if regiment is None or regiment.nation != "ussr" or regiment.size != "III":
                    raise DataError(f"{where}: {rid} is no Soviet regiment (III)")
                if rid in placed:
                    raise DataError(f"{where}: {rid} enters play by the break-down only")

    @RULES.implements("21.04", "21.05")
    def _check_orders_of_battle(self, data: ForcesFile) -> None:
        """Every unit of the orders of battle enters play: by the common set-up, by a scenario
        of its own, or as a regiment of a division's break-down (no counter is left in the box)."""
        brought = {p.unit for p in data.setup}
        brought |= {p.unit for scenario in data.scenarios for p in scenario.extra}
        brought |= {r for b in data.breakdown for r in b.regiments}
        for unit in data.units:
            if unit.id not in brought:
                rule = ORDER_OF_BATTLE.get(self.nations[unit.nation].bloc, "21.04-21.05")
                raise DataError(
                    f"unit {unit.id}: no set-up, scenario or break-down brings it ({rule})"
                )

    @RULES.implements("11.08")
    def _check_bridges(self, bridges: list[Bridge]) -> None:
        """11.08: a bridge at the start stands on a strait hexside of the map."""
        straits = strait_hexsides()
        for bridge in bridges:
            if tuple(sorted(bridge.hexes)) not in straits:
                raise DataError(
                    f"bridge {bridge.name}: {'-'.join(bridge.hexes)} is no strait hexside"
                )

    @RULES.implements("8.01")
    def _check_types(self) -> None:
        """Every air, naval and ground type has its printed values, a ground type at each of its
        sizes (8.01); no type is of two categories."""
        kinds = [*self.air_types, *self.naval_types, *self.ground_types]
        twice = sorted(kind for kind, times in Counter(kinds).items() if times > 1)
        if twice:
            raise DataError(f"type {twice[0]} is an air, naval or ground type twice")
        values = self.data.values
        for types, given, what in (
            (self.air_types, values.air, "air"),
            (self.naval_types, values.naval, "naval"),
            (self.ground_types, values.ground, "ground"),
        ):
            missing = sorted(set(types) - set(given)) or sorted(set(given) - set(types))
            if missing:
                raise DataError(f"values: the {what} types and their values differ at {missing[0]}")
        for ground in self.ground_types.values():
            lacking = [size for size in ground.sizes if size not in values.ground[ground.id]]
            if lacking:
                raise DataError(f"values: no ground {ground.id} of size {lacking[0]}")
        self._check_minesweepers()

    @RULES.implements("8.03")
    def _check_minesweepers(self) -> None:
        """Minesweeping is printed on mine countermeasures ships only (8.03; the SH-3's is an
        optional rule's, 19)."""
        for type_id, naval in sorted(self.data.values.naval.items()):
            if naval.minesweeping and type_id != "mcm":
                raise DataError(f"values: a {type_id} cannot sweep mines, only an MCM (8.03)")

    @RULES.implements("8.04", "11.01")
    def _check_unit(self, unit: Unit) -> None:
        where = f"unit {unit.id}"
        if unit.nation not in self.nations:
            raise DataError(f"{where}: no nation {unit.nation!r}")
        ground = self.ground_types.get(unit.type)
        if ground is None and unit.type not in self.air_types | self.naval_types:
            raise DataError(f"{where}: no unit type {unit.type!r}")
        if ground is None and (unit.size is not None or unit.quality != "regular"):
            raise DataError(f"{where}: only ground units have a size and a troop quality (8.04)")
        if ground is not None and ground.sizes and unit.size not in ground.sizes:
            sizes = ", ".join(ground.sizes)
            raise DataError(f"{where}: a {unit.type} is of size {sizes}, not {unit.size}")
        if ground is not None and not ground.sizes and unit.size is not None:
            raise DataError(f"{where}: a {unit.type} has no size")

    def _check_site(self, site: Airbase | SupplySource) -> None:
        where = f"{'airbase' if isinstance(site, Airbase) else 'supply source'} {site.id}"
        if site.nation not in self.nations:
            raise DataError(f"{where}: no nation {site.nation!r}")
        self._check_hex(where, site.hex, LAND_CLASSES, "land")

    def _check_hex(self, where: str, hex_id: str, classes: frozenset[str], what: str) -> Hex:
        found = self.hexes.get(hex_id)
        if found is None:
            raise DataError(f"{where}: hex {hex_id} is not on either map (data/map.json)")
        if found.area == "inside":
            raise DataError(f"{where}: strategic hex {hex_id} is inside the transitional ring (4)")
        if found.cls not in classes and not (what == "sea" and found.port):
            raise DataError(f"{where}: hex {hex_id} is {found.cls}, not {what}")
        return found

    # -- checks of the set-ups --------------------------------------------------------------------
    def _players(self, scenario: Scenario) -> dict[str, Player]:
        sides = scenario.sides
        return {
            **{nation: "a" for nation in sides.a},
            **{nation: "b" for nation in sides.b},
            **{nation: "neutral" for nation in sides.neutral},
        }

    @RULES.implements("21.02")
    def _check_scenario(self, scenario: Scenario) -> None:
        where = f"scenario {scenario.id}"
        sides = scenario.sides
        named = Counter([*sides.a, *sides.b, *sides.neutral])
        for nation, times in sorted(named.items()):
            if nation not in self.nations:
                raise DataError(f"{where}: no nation {nation!r}")
            if times > 1:
                raise DataError(f"{where}: nation {nation} is on two sides")
        if scenario.offered == bool(scenario.not_offered):
            raise DataError(f"{where}: a scenario not offered says why, an offered one does not")
        self._check_ewda(where, scenario)
        self._check_supply_points(where, scenario)
        placements = self.setup(scenario.id)
        late = [p.unit for p in placements if p.turn > scenario.turns]
        if late:
            raise DataError(f"{where}: {late[0]} arrives after the last turn ({scenario.turns})")
        _placed_once(where, placements)
        for placement in placements:
            self._check_placement(where, placement, scenario)
        self._check_capacities(where, placements)
        self._check_hexes(where, placements, scenario)

    def _check_ewda(self, where: str, scenario: Scenario) -> None:
        players = self._players(scenario)
        for unit_id in scenario.ewda:
            unit = self.units.get(unit_id)
            if unit is None or self.air_kind(unit) != "ewda":
                raise DataError(f"{where}: {unit_id} is no EWDA unit")
            if unit.nation not in ("us", "ussr") or players.get(unit.nation) in (None, "neutral"):
                raise DataError(f"{where}: EWDA {unit_id} is not a US or Soviet one at war (9.03)")

    @RULES.implements("6")
    def _check_supply_points(self, where: str, scenario: Scenario) -> None:
        """The Supply Point track holds a box for each nation at war, none for the others."""
        at_war = {*scenario.sides.a, *scenario.sides.b}
        if set(scenario.supply_points) != at_war:
            wrong = sorted(set(scenario.supply_points) ^ at_war)[0]
            raise DataError(f"{where}: give supply points to the nations at war only ({wrong}, 6)")

    def _check_placement(
        self, scenario_where: str, placement: Placement, scenario: Scenario
    ) -> None:
        where = f"{scenario_where}, unit {placement.unit}"
        unit = self.units.get(placement.unit)
        if unit is None:
            raise DataError(f"{where}: no such unit")
        if unit.nation not in self._players(scenario):
            raise DataError(f"{where}: {unit.nation} takes no part in this scenario")
        given = [name for name in ("hex", "base", "aboard", "box") if getattr(placement, name)]
        category = self.category(unit)
        wanted = self._placement_kinds(unit)
        if len(given) != 1 or given[0] not in wanted:
            raise DataError(f"{where}: a {category} unit starts by {' or '.join(wanted)}")
        if placement.partial and (category != "ground" or placement.turn):
            raise DataError(f"{where}: only ground units set up at the start mobilise (7.01)")
        if placement.hex is not None:
            self._check_unit_hex(where, unit, placement)
        elif placement.base is not None:
            self._check_base(where, unit, placement.base, scenario)
        elif placement.aboard is not None:
            self._check_aboard(where, placement.aboard, scenario)

    def _placement_kinds(self, unit: Unit) -> tuple[str, ...]:
        kind = self.air_kind(unit)
        if kind == "ewda":
            return ("box",)
        if kind is not None:
            return ("base",)
        return ("hex",) if self.category(unit) == "naval" else ("hex", "aboard")

    def _check_unit_hex(self, where: str, unit: Unit, placement: Placement) -> None:
        hex_id = str(placement.hex)
        if self.category(unit) == "ground":
            found = self._check_hex(where, hex_id, LAND_CLASSES, "land")
            if placement.in_port:
                raise DataError(f"{where}: only naval units are in port (10.02)")
            self._check_host(where, unit, found)
            return
        found = self._check_hex(where, hex_id, SEA_CLASSES, "sea")
        if placement.in_port and not found.port:
            raise DataError(f"{where}: hex {hex_id} has no port to be in (10.02)")
        if placement.in_port:
            self._check_host(where, unit, found)
        if unit.nation == "ussr" and found.nation == "IT":
            raise DataError(f"{where}: Soviet ships never enter Italian coastal hexes (13.06)")

    def _check_host(self, where: str, unit: Unit, found: Hex) -> None:
        """A unit starts on its own nation's land or an ally's of its bloc (the common set-up
        is peacetime garrisons: 21.02)."""
        if found.nation is None:
            return
        nation = self.nations[unit.nation]
        hosts = [other for other in self.nations.values() if found.nation in other.territory]
        if not any(host is nation or host.bloc == nation.bloc != "other" for host in hosts):
            raise DataError(f"{where}: a {nation.name} unit cannot start in {found.nation} land")

    @RULES.implements("8.02", "8.03")
    def _check_base(self, where: str, unit: Unit, base: str, scenario: Scenario) -> None:
        players = self._players(scenario)
        airbase = self.airbases.get(base)
        if airbase is not None:
            if players.get(airbase.nation) != players[unit.nation]:
                raise DataError(f"{where}: airbase {base} is not its side's")
            return
        carrier = self._unit_in(scenario, base)
        if carrier is None or self.naval_types[carrier.type].category != "carrier":
            raise DataError(f"{where}: {base} is no airbase nor a carrier in play")
        if not self.air_types[unit.type].carrier or carrier.nation != unit.nation:
            raise DataError(f"{where}: only its nation's carrier aircraft fly from {base} (8.03)")

    @RULES.implements("8.03", "10.01")
    def _check_aboard(self, where: str, host_id: str, scenario: Scenario) -> None:
        host = self._unit_in(scenario, host_id)
        if host is None or self.category(host) != "naval":
            raise DataError(f"{where}: {host_id} is no ship in play")
        if self.naval_types[host.type].category not in ("transport", "carrier"):
            raise DataError(f"{where}: {host_id} carries no troops (10.01)")

    def _unit_in(self, scenario: Scenario, unit_id: str) -> Unit | None:
        placed = any(placement.unit == unit_id for placement in self._setups[scenario.id])
        return self.units.get(unit_id) if placed else None

    def _check_capacities(self, where: str, placements: list[Placement]) -> None:
        based = Counter(p.base for p in placements if p.base is not None and p.turn == 0)
        airbases = TABLES.defaults["airbases"]
        carriers = TABLES.defaults["carriers"]
        for base, count in sorted(based.items()):
            if base in self.airbases:
                limit = getattr(airbases, self.airbases[base].size).capacity
                rule = "9.10"
            else:
                limit = carriers[self.units[base].type].air_units
                rule = "10.06"
            if count > limit:
                raise DataError(f"{where}: {base} holds {count} air units ({rule}: {limit})")

    def _check_hexes(self, where: str, placements: list[Placement], scenario: Scenario) -> None:
        by_hex: dict[str, list[Unit]] = {}
        for placement in placements:
            if placement.hex is not None and placement.turn == 0:
                by_hex.setdefault(placement.hex, []).append(self.units[placement.unit])
        stacking = TABLES.defaults["stacking"]
        for hex_id, units in sorted(by_hex.items()):
            players = {self.player_of(scenario.id, unit) for unit in units} - {"neutral"}
            if len(players) > 1:
                raise DataError(f"{where}: hex {hex_id} holds units of both players")
            ground = sum(self.category(unit) == "ground" for unit in units)
            naval = len(units) - ground
            strategic = self.hexes[hex_id].map == "strategic"
            limit = stacking.strategic_hex if strategic else stacking.operational_hex
            if ground > limit or naval > stacking.naval_per_hex:
                raise DataError(
                    f"{where}: hex {hex_id} stacks {ground} ground and {naval} naval units "
                    f"(13.03: {limit} ground, {stacking.naval_per_hex} naval)"
                )


def _placed_once(where: str, placements: list[Placement]) -> None:
    placed = Counter(placement.unit for placement in placements)
    twice = sorted(unit for unit, times in placed.items() if times > 1)
    if twice:
        raise DataError(f"{where}: unit {twice[0]} is set up twice")


@cache
def strait_hexsides(path: Path = DATA / "map.json") -> dict[tuple[str, str], str]:
    """Each strait hexside of the map (its two hexes in order) with its strait's name."""
    return {
        (min(side["a"], side["b"]), max(side["a"], side["b"])): str(side["strait"])
        for side in read_raw(path)["hexsides"]
        if "strait" in side["kinds"]
    }


def map_hexes(path: Path = DATA / "map.json") -> dict[str, Hex]:
    """Each hex of both maps with what the set-up checks of it (strategic hexes hold ports
    where a port place of the map lies in them)."""
    raw = read_raw(path)
    ports = {
        str(place["strategic_hex"])
        for place in raw["places"].values()
        if "port" in place["kinds"] and not place.get("operational_hex")
    }
    return {
        str(hex_["id"]): Hex(
            str(hex_["class"]),
            str(hex_["map"]),
            hex_.get("area"),
            hex_.get("nation"),
            bool(hex_.get("port")) or hex_["id"] in ports,
        )
        for hex_ in raw["hexes"]
    }


@RULES.implements("0.03")
def load(path: Path = DATA / "forces.yaml", hexes: dict[str, Hex] | None = None) -> Forces:
    """The forces of ``path`` checked; DataError in one line naming the file and the record.
    The file is the box's counters (0.03): nations, unit types with their values, markers and
    supply objects, units; a section missing is refused."""
    return load_checked(
        path, ForcesFile, lambda data: Forces(data, map_hexes() if hexes is None else hexes)
    )


@cache
def forces() -> Forces:
    """The game's own forces, loaded once."""
    return load()


def _display_names(found: Forces) -> dict[str, tuple[str, str]]:
    """Each unit's names as the players read them (:func:`engine.names.told_apart`): the
    nation's adjective where units of several nations share a name (Greek and Turkish Guppy
    submarines), a number where one nation's units do (the 5th Air Army's MiG-23 regiments)."""

    def qualified(unit: Any) -> tuple[str, str]:
        nation = found.nations[unit.nation]
        return f"{nation.adjective} {unit.name}", f"{nation.adjective_ja}{unit.name_ja}"

    return told_apart(found.units.values(), lambda unit: str(unit.nation), qualified)
