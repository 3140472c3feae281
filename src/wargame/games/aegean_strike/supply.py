"""Supply of ground units in its simplest form (11.04, 12.02), and of ships (10.05): a ground
unit is in supply when a path of land hexes free of enemy ground units, no longer than the supply
range (table ``ground_supply``), leads from it to a supply source of its side's nations
(data/forces.yaml).
The Final Stage gives each unit out of supply one hit that never eliminates it (7.07 step 2),
and supply modifies land combat (16.02, table ``land_modifiers``).

Decisions (provisional: the supply rules are lost)
- The path follows the ground movement's land neighbours (:mod:`ground`: no open-sea hexside,
  a strait only on a bridge), one hex of the operational map counting 1 and one of the
  strategic map ten (4); a path does not cross between the maps.
- Supply by sea (12.03): a unit no land path supplies is in supply when a land path free of
  enemy ground units, no longer than the port range (table ``sea_supply``), leads to a port hex
  where a ship of its side of the table's categories (the sea transports) lies that is itself
  in naval supply (10.05, below). The land path is traced as 12.02's.
- Supply by air (12.04): a unit neither a land path nor a port supplies is in supply when a
  land path free of enemy ground units, no longer than the base range (table ``air_supply``),
  leads to the hex of an airbase where an air transport unit (a transport value) of its side is
  based, traced as 12.02's.
- Special supply (12.05): a unit in a port hex of its own nation's land (its territory) draws
  on the port's stocks (table ``special_supply``), before any path is traced.
- Mobile supply points (19.07, option ``mobile_supply``): a truck a land path from a source
  of its side supplies is a supply point; a unit within the ``mobile_supply`` table's range of
  one by land is in supply, traced as 12.02's (a truck carries the stocks forward).
- Depots (:mod:`depots`) are no sources: a consumed depot spares the units of its nation near
  it their attrition hit (7.07 step 2), the network's tracing from a depot is lost.
- An attrition hit counts towards the 15 hits that pass battlefield control (5), as a hit on
  the Controller's ground unit, but scores nothing for the other side.
- A land combat is shifted against the attacker if one of its attacking units is out of
  supply, and for it if one of the defending units is.
- Naval supply (10.05): a ship is in supply when a path over water (the ships' own steps,
  costs and shores, :mod:`naval`), no longer than the naval supply range (table
  ``naval_supply``) and through no strait closed to it, leads to a port on the land of its
  side's nations or to a hex next to (or on) a supply source or an anchorage abroad (the Soviet
  squadron's at Tartus) of theirs. Out of supply it takes
  one hit in the Final Stage, never sinking it, as a ground unit does; naval hits count for no
  battlefield control (5: air and ground units only).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache
from typing import Any, Final

from wargame.engine.board.paths import search
from wargame.engine.procedure import Context
from wargame.games.aegean_strike import ground, losses, naval, state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.registry import RULES

MOBILE_SUPPLY: Final = "mobile_supply"
"""The data key the optional mobile supply points keep their range in (19.07)."""
TRUCK: Final = "truck"

RULES.stand_in("12.02", "a land path within the supply range to a source", key="trace")
RULES.stand_in("11.04", "one hit a Final Stage out of supply, never eliminating", key="attrition")
RULES.stand_in("12.01", "sources of the side's nations, ports and airbases it ships to", key="net")
RULES.stand_in("12.03", "a land path to a port with a supplied transport of its side", key="sea")
RULES.stand_in("12.04", "a land path to an airbase with a transport of its side", key="air")
RULES.stand_in("12.05", "a garrison of a port of its own nation is in supply", key="special")
RULES.stand_in("10.05", "a water path to a port or source of its side; else a hit", key="naval")


@RULES.implements("12.01")
def sources(data: Mapping[str, Any], side: str) -> set[str]:
    """The supply sources of ``side``'s nations in play, where its supply network begins: a
    neutral nation's sources (Greece's in a war in North Africa) supply no one."""
    return {
        s.hex for s in forces().supply_sources.values() if data["nations"].get(s.nation) == side
    }


def step(a: str, b: str) -> int:
    return state.OP_PER_STRATEGIC if state.on_strategic(b) else 1


@RULES.implements("12.02", "11.04")
def in_supply(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, scenario: str
) -> bool:
    """Whether ``uid`` is supplied over land (12.02) or by sea (12.03); ``scenario`` names the
    straits that may be closed to the ships supplying it (13.06)."""
    here = data["ground"][uid]["hex"]
    if here is None:
        return True  # aboard a ship, supplied by it
    if supplied_by_land(g_tables, data, uid):
        return True
    return (
        supplied_by_truck(g_tables, data, uid)
        or supplied_by_sea(g_tables, data, uid, scenario)
        or supplied_by_air(g_tables, data, uid)
    )


@RULES.implements("12.02", "12.05")
def supplied_by_land(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> bool:
    """Whether ``uid`` (on the map) lives on its port's stocks (12.05) or a land path within
    the supply range leads it to a source of its side (12.02): what only the enemy's ground
    units, the bridges and the nations in play decide."""
    if specially_supplied(g_tables, data, uid):
        return True
    most = g_tables["ground_supply"].range
    return _land_path(g_tables, data, uid, most, sources(data, state.side_of(data, uid)))


@RULES.implements("12.05")
def specially_supplied(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> bool:
    """12.05 (provisional): a unit in a port of its own nation's land lives on the port's
    stocks (table special_supply)."""
    table = g_tables["special_supply"]
    place = forces().hexes.get(data["ground"][uid]["hex"])
    home = forces().nations[state.nation(uid)].territory
    return bool(table.home_port_stocks and place and place.port and place.nation in home)


def _land_path(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, most: int, goals: set[str]
) -> bool:
    """Whether a land path free of enemy ground units, at most ``most`` long, leads from
    ``uid``'s hex to one of ``goals`` (12.02's trace)."""
    if not goals:
        return False
    enemies = ground.enemy_hexes(data, state.side_of(data, uid))
    found = search(
        data["ground"][uid]["hex"],
        ground.land_neighbours,
        cost=lambda a, b: None if ground.step_cost(g_tables, data, a, b) is None else step(a, b),
        can_enter=lambda a, b: b not in enemies,
        max_cost=most,
        goal=lambda h: h in goals,
    )
    return found.found is not None


@RULES.implements("19.07")
def supply_points(g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str) -> set[str]:
    """19.07 (option mobile_supply): the hexes of ``side``'s trucks that a land path from one
    of its sources supplies (none without the option)."""
    if not data.get(MOBILE_SUPPLY):
        return set()
    goals = sources(data, side)
    most = g_tables["ground_supply"].range
    return {
        data["ground"][u]["hex"]
        for u in sorted(data["ground"])
        if state.side_of(data, u) == side
        and state.unit(u).type == TRUCK
        and data["ground"][u]["hex"] is not None
        and _land_path(g_tables, data, u, most, goals)
    }


@RULES.implements("19.07")
def supplied_by_truck(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> bool:
    """Whether ``uid`` reaches by land, within the option's range, a supplied truck of its side."""
    reach = data.get(MOBILE_SUPPLY)
    if not reach or state.unit(uid).type == TRUCK:
        return False
    points = supply_points(g_tables, data, state.side_of(data, uid))
    return _land_path(g_tables, data, uid, int(reach), points)


@RULES.implements("12.03")
def sea_supplied_ports(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str, scenario: str
) -> set[str]:
    """The port hexes where a ship of ``side`` of the table's categories lies in naval supply."""
    categories = set(g_tables["sea_supply"].ship_categories)
    found: set[str] = set()
    for uid, record in sorted(data["naval"].items()):
        hex_id = record["hex"]
        if hex_id in found or state.side_of(data, uid) != side:
            continue
        if forces().naval_types[state.unit(uid).type].category not in categories:
            continue
        place = forces().hexes.get(hex_id)
        if place is None or not place.port:
            continue
        closed = naval.closed_straits(g_tables, data, scenario, uid)
        if naval_in_supply(g_tables, data, uid, closed):
            found.add(hex_id)
    return found


@RULES.implements("12.03")
def supplied_by_sea(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, scenario: str
) -> bool:
    """Whether ``uid`` reaches by land, within the port range, a port its side supplies by sea."""
    ports = sea_supplied_ports(g_tables, data, state.side_of(data, uid), scenario)
    return _land_path(g_tables, data, uid, g_tables["sea_supply"].port_range, ports)


@RULES.implements("12.04")
def air_supplied_bases(data: Mapping[str, Any], side: str) -> set[str]:
    """The hexes of the airbases where an air transport unit of ``side`` is based."""
    found: set[str] = set()
    for uid, record in sorted(data["air"].items()):
        base = record["base"]
        if base not in forces().airbases or state.side_of(data, uid) != side:
            continue
        if state.air_values(uid).transport > 0:
            found.add(forces().airbases[base].hex)
    return found


@RULES.implements("12.04")
def supplied_by_air(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> bool:
    """Whether ``uid`` reaches by land, within the base range, an airbase its side supplies."""
    bases = air_supplied_bases(data, state.side_of(data, uid))
    return _land_path(g_tables, data, uid, g_tables["air_supply"].base_range, bases)


@RULES.implements("11.04", "7.07")
def attrition(g: Context, spared: Collection[str] = ()) -> None:
    """7.07 step 2: each unit out of supply takes one hit, unless it would be eliminated or a
    consumed depot spares it (``spared``, :mod:`depots`)."""
    g_tables = game_tables(g.state)
    for uid in sorted(g.data["ground"]):
        record = g.data["ground"][uid]
        if in_supply(g_tables, g.data, uid, g.state.scenario):
            continue
        if uid in spared:
            g.log("log.depot_spared", unit=uid)
            continue
        if record["hits"] + 1 >= losses.capacity(g_tables, uid):
            g.log("log.attrition_spared", unit=uid)
            continue
        record["hits"] += 1
        if state.side_of(g.data, uid) == g.data["controller"]:
            g.data["bc_hits"] += 1
        g.log("log.attrition", unit=uid, total=record["hits"])


@cache
def _ports_of(nations: frozenset[str]) -> frozenset[str]:
    """The port hexes on the land of ``nations`` (the map's nation codes, their territory)."""
    codes = {code for nation in nations for code in forces().nations[nation].territory}
    return frozenset(
        h for h, found in forces().hexes.items() if found.port and found.nation in codes
    )


def naval_bases(g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str) -> frozenset[str]:
    """The hexes that supply ``side``'s ships: its nations' ports, supply sources and
    anchorages abroad (table ``naval_supply``)."""
    nations = frozenset(n for n, owner in data["nations"].items() if owner == side)
    anchorages = g_tables["naval_supply"].anchorages
    abroad = {h for n in nations for h in anchorages.get(n, ())}
    return _ports_of(nations) | frozenset(sources(data, side)) | abroad


@RULES.implements("10.05")
def naval_in_supply(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    uid: str,
    closed: frozenset[str] = frozenset(),
) -> bool:
    """Whether ``uid`` reaches a base of its side by water within the range, avoiding
    ``closed`` (the straits closed to it, :func:`naval.closed_straits`)."""
    bases = naval_bases(g_tables, data, state.side_of(data, uid))
    table = g_tables["naval_movement"]
    ends = naval.shores(float(table.pass_through_land))

    def at_base(hex_id: str) -> bool:
        return hex_id in bases or any(h in bases for h in state.neighbours(hex_id))

    found = search(
        data["naval"][uid]["hex"],
        lambda h: tuple(n for n in naval.water_neighbours(h) if n not in closed),
        cost=naval.step_costs(table),
        can_leave=lambda h: h not in ends,
        max_cost=g_tables["naval_supply"].range,
        goal=at_base,
    )
    return found.found is not None


@RULES.implements("10.05", "7.07")
def naval_attrition(g: Context) -> None:
    """Each ship out of supply takes one hit, unless it would sink (as 11.04's)."""
    g_tables = game_tables(g.state)
    for uid in sorted(g.data["naval"]):
        closed = naval.closed_straits(g_tables, g.data, g.state.scenario, uid)
        if naval_in_supply(g_tables, g.data, uid, closed):
            continue
        record = g.data["naval"][uid]
        if record["hits"] + 1 >= losses.capacity(g_tables, uid):
            g.log("log.attrition_spared", unit=uid)
            continue
        record["hits"] += 1
        g.log("log.attrition", unit=uid, total=record["hits"])


@RULES.implements("16.02")
def combat_shifts(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    attackers: list[str],
    defenders: list[str],
    scenario: str,
) -> list[tuple[str, int]]:
    """The supply shifts of a land combat, by whose units are out of supply (``attacker``,
    ``defender``): a side with any unit out of supply (table ``land_modifiers``)."""
    shifts = g_tables["land_modifiers"].shifts
    found: list[tuple[str, int]] = []
    if not all(in_supply(g_tables, data, u, scenario) for u in attackers):
        found.append(("attacker", int(shifts["supply.attacker_unsupplied"])))
    if not all(in_supply(g_tables, data, u, scenario) for u in defenders):
        found.append(("defender", int(shifts["supply.defender_unsupplied"])))
    return found
