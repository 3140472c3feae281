"""The scenarios of Asia Engulfed as data (``data/scenarios/*.yaml``): turns, starting tracks,
control of the areas and the set-up of every unit by area id of ``data/areas.json``.

A scenario may be ``based_on`` another: its placements then change the base's unit by unit
(``to_pool`` sends a unit back to the force pool, ``removed`` takes it out of the game), its
garrisons add to the base's (``remove`` takes one away), its control and tracks override.
Loading fails with one line naming the file and the record when a placement names an unknown
unit or area, a CBA sits on no carrier of its power, or steps exceed the block's. The rules a
set-up must keep (stacking, ports, who may stand where) are :func:`problems`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

import msgspec

from wargame.engine.data import read_raw
from wargame.engine.errors import DataError
from wargame.games.asia_engulfed.forces import (
    DATA,
    FLEETS,
    GROUND,
    Forces,
    Power,
    Sourced,
    Stacking,
    Turn,
    load_named,
    side_of,
)
from wargame.games.asia_engulfed.forces import load as load_forces
from wargame.games.asia_engulfed.registry import RULES

SCENARIOS = DATA / "scenarios"
HOLDING_BOX = "holding_box"
ControlSide = Literal["japan", "allies", "neutral"]
TrackId = Literal[
    "us_production",
    "dud_torpedoes",
    "militia_honshu",
    "militia_shikoku",
    "militia_kyushu",
    "special_actions_japan",
    "special_actions_usa",
    "special_actions_cw",
    "japan_oil",
    "transport_capacity",
    "asw_level",
    "us_sub_points",
    "us_bomber_points",
    "kamikaze",
    "us_first_increase_met",
]


class Placement(Sourced):
    unit: str
    area: str | None = None
    carrier: str | None = None
    steps: int | None = None
    to_pool: bool = False
    removed: bool = False


class GarrisonPlacement(Sourced):
    power: Power
    area: str
    remove: bool = False


class ControlOverride(Sourced):
    area: str
    side: ControlSide


class Track(Sourced):
    id: TrackId
    value: int


class ScenarioFile(Sourced):
    id: str
    title: str
    title_ja: str
    first_turn: Turn
    last_turn: Turn
    turns: int
    surprise_attack: bool = False
    based_on: str | None = None
    control_by_nation: dict[str, ControlSide] = msgspec.field(default_factory=dict)
    control: list[ControlOverride] = msgspec.field(default_factory=list)
    contested: list[str] | None = None
    tracks: list[Track] = msgspec.field(default_factory=list)
    placements: list[Placement] = msgspec.field(default_factory=list)
    garrisons: list[GarrisonPlacement] = msgspec.field(default_factory=list)


class Area(msgspec.Struct):
    """The fields of an areas.json record that a set-up needs."""

    id: str
    kind: Literal["large", "port_box", "island_box", "sea"]
    nation: str | None = None
    region: str | None = None
    port: str | None = None
    terrain: str | None = None
    home_defence_militia: int | None = None


class AreasFile(msgspec.Struct):
    areas: list[Area]


@dataclass
class Placed:
    unit: str
    location: str
    steps: int
    carrier: str | None = None


@dataclass
class Setup:
    """A scenario resolved through its bases: where every unit stands at the start."""

    scenario: ScenarioFile
    units: dict[str, Placed] = field(default_factory=dict)
    garrisons: list[tuple[str, str]] = field(default_factory=list)
    control: dict[str, ControlSide] = field(default_factory=dict)
    contested: set[str] = field(default_factory=set)
    tracks: dict[str, int] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)


def turns_between(first: str, last: str) -> int:
    """Two-month turns from ``first`` to ``last`` inclusive ("1941-11" to "1945-07": 23)."""
    (y1, m1), (y2, m2) = (map(int, t.split("-")) for t in (first, last))
    return ((y2 - y1) * 12 + (m2 - m1)) // 2 + 1


@cache
def areas(path: Path = DATA) -> dict[str, Area]:
    where = path / "areas.json"
    loaded = msgspec.convert(read_raw(where), AreasFile)
    return {area.id: area for area in loaded.areas}


@cache
def files(path: Path = SCENARIOS) -> dict[str, ScenarioFile]:
    loaded = {}
    for scenario_path in sorted(path.glob("*.yaml")):
        scenario = load_named(scenario_path, ScenarioFile)
        if scenario.provenance is None:
            raise DataError(f"{scenario_path}: scenario {scenario.id!r} states no provenance")
        loaded[scenario.id] = scenario
    return loaded


@RULES.implements("15.0")
def load(scenario_id: str, forces: Forces | None = None, path: Path = SCENARIOS) -> Setup:
    """The set-up of ``scenario_id``: its turns, tracks, control and units, a derived scenario's
    changes applied over its base's (15.0, reconstructed from scattered facts)."""
    forces = forces or load_forces()
    known = files(path)
    if scenario_id not in known:
        raise DataError(f"unknown scenario {scenario_id!r}: one of {', '.join(sorted(known))}")
    chain = _chain(scenario_id, known, path)
    setup = Setup(chain[-1])
    where = path / f"{scenario_id}.yaml"
    for scenario in chain:
        _apply(setup, scenario, forces, path / f"{scenario.id}.yaml")
    _settle_carriers(setup, where)
    _check_turns(setup.scenario, where)
    return setup


def _settle_carriers(setup: Setup, where: Path) -> None:
    """A CBA stands where its carrier ends up (a derived scenario may move the carrier)."""
    for placed in setup.units.values():
        if placed.carrier is None:
            continue
        carrier = setup.units.get(placed.carrier)
        if carrier is None:
            raise DataError(f"{where}: {placed.unit}: its carrier {placed.carrier!r} left the map")
        placed.location = carrier.location


def _chain(scenario_id: str, known: dict[str, ScenarioFile], path: Path) -> list[ScenarioFile]:
    chain = [known[scenario_id]]
    while (base := chain[-1].based_on) is not None:
        if base not in known or len(chain) > len(known):
            raise DataError(
                f"{path / (chain[-1].id + '.yaml')}: based_on {base!r}: no such scenario"
            )
        chain.append(known[base])
    return chain[::-1]


def _check_turns(scenario: ScenarioFile, where: Path) -> None:
    counted = turns_between(scenario.first_turn, scenario.last_turn)
    if counted != scenario.turns:
        raise DataError(
            f"{where}: turns {scenario.turns}, but {scenario.first_turn} to "
            f"{scenario.last_turn} is {counted} turns"
        )


def _apply(setup: Setup, scenario: ScenarioFile, forces: Forces, where: Path) -> None:
    known_areas = areas()
    _apply_control(setup, scenario, known_areas, where)
    setup.tracks.update({track.id: track.value for track in scenario.tracks})
    for index, placement in enumerate(scenario.placements):
        _place(
            setup, placement, forces, known_areas, f"{where}: placement {index} ({placement.unit})"
        )
    for index, garrison in enumerate(scenario.garrisons):
        _garrison(setup, garrison, known_areas, f"{where}: garrison {index} ({garrison.area})")


def _apply_control(
    setup: Setup, scenario: ScenarioFile, known: dict[str, Area], where: Path
) -> None:
    if scenario.control_by_nation:
        for area in known.values():
            if area.kind == "sea":
                continue
            if area.nation not in scenario.control_by_nation:
                raise DataError(f"{where}: control_by_nation: no side for nation {area.nation!r}")
            setup.control[area.id] = scenario.control_by_nation[area.nation]
    for index, override in enumerate(scenario.control):
        if known.get(override.area) is None or known[override.area].kind == "sea":
            raise DataError(f"{where}: control {index}: {override.area!r} is no land area")
        setup.control[override.area] = override.side
    if scenario.contested is not None:
        setup.contested = set(scenario.contested)
        unknown = setup.contested - set(known)
        if unknown:
            raise DataError(f"{where}: contested: unknown areas {sorted(unknown)}")


def _place(
    setup: Setup, placement: Placement, forces: Forces, known: dict[str, Area], what: str
) -> None:
    unit = forces.units.get(placement.unit)
    if unit is None:
        raise DataError(f"{what}: no such unit")
    if placement.to_pool or placement.removed:
        setup.units.pop(unit.id, None)
        if placement.removed:
            setup.removed.add(unit.id)
        return
    steps = unit.max_steps if placement.steps is None else placement.steps
    if not 1 <= steps <= unit.max_steps:
        raise DataError(f"{what}: {steps} steps, the unit has 1-{unit.max_steps}")
    if unit.type == "cba":
        setup.units[unit.id] = Placed(
            unit.id, _carrier_location(setup, placement, forces, what), steps, placement.carrier
        )
        return
    area = placement.area
    if area is None or (
        area not in known and not (area == HOLDING_BOX and unit.type == "submarine")
    ):
        raise DataError(f"{what}: area {area!r} is not on the map")
    setup.units[unit.id] = Placed(unit.id, area, steps)


def _carrier_location(setup: Setup, placement: Placement, forces: Forces, what: str) -> str:
    carrier = setup.units.get(placement.carrier or "")
    record = forces.units.get(placement.carrier or "")
    if carrier is None or record is None or record.type != "cv":
        raise DataError(
            f"{what}: a CBA needs a carrier placed before it, got {placement.carrier!r}"
        )
    if record.power != forces.units[placement.unit].power:
        raise DataError(f"{what}: carrier {record.id!r} is another power's")
    return carrier.location


def _garrison(setup: Setup, garrison: GarrisonPlacement, known: dict[str, Area], what: str) -> None:
    if known.get(garrison.area) is None or known[garrison.area].kind == "sea":
        raise DataError(f"{what}: {garrison.area!r} is no land area")
    entry = (garrison.power, garrison.area)
    if garrison.remove:
        if entry not in setup.garrisons:
            raise DataError(f"{what}: no {garrison.power} garrison there to remove")
        setup.garrisons.remove(entry)
    else:
        setup.garrisons.append(entry)


def start_pool(setup: Setup, forces: Forces) -> dict[str, list[str]]:
    """Each power's force pool at the start (4.4): its units neither placed nor removed nor
    brought later by an addition of pools.yaml. Paratroops join only with their option (13.4)."""
    later = forces.added_later(setup.scenario.first_turn) | forces.paratroops
    pool: dict[str, list[str]] = defaultdict(list)
    for unit in forces.units.values():
        if unit.id not in setup.units and unit.id not in setup.removed and unit.id not in later:
            pool[unit.power].append(unit.id)
    return dict(pool)


# --- the rules a set-up keeps ---------------------------------------------------------------------


def problems(setup: Setup, forces: Forces) -> list[str]:
    """Every way the set-up breaks stacking (5.4), port capacity (3.24), carrier capacity (4.24),
    control, the national limits (9.23, 9.32, 9.5) and the counter mix; empty when it keeps them."""
    return [
        *_stacking_problems(setup, forces),
        *_port_problems(setup, forces),
        *_carrier_problems(setup, forces),
        *_control_problems(setup, forces),
        *_national_problems(setup, forces),
        *_mix_problems(setup, forces),
    ]


def _by_area(setup: Setup, forces: Forces) -> dict[tuple[str, str], Counter[str]]:
    """(area, side) -> counts of ground, air (LBA), garrison and fleet units there."""
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for placed in setup.units.values():
        unit = forces.units[placed.unit]
        kind = _stack_kind(unit.type)
        if kind is not None and placed.carrier is None:
            counts[placed.location, side_of(unit.power)][kind] += 1
    for power, area in setup.garrisons:
        counts[area, side_of(power)]["garrison"] += 1
    return counts


def _stack_kind(unit_type: str) -> str | None:
    if unit_type in GROUND:
        return "ground"
    if unit_type in FLEETS:
        return "fleets"
    return "air" if unit_type == "lba" else None


def _stacking_problems(setup: Setup, forces: Forces) -> Iterator[str]:
    limits: dict[str, Stacking] = {limit.area: limit for limit in forces.file.limits.stacking}
    known = areas()
    for (area_id, side), counts in _by_area(setup, forces).items():
        area = known.get(area_id)
        if area is None:
            continue
        kind = "jungle" if area.kind == "large" and area.terrain == "jungle" else area.kind
        limit = limits.get(kind)
        for what in ("ground", "air", "garrison"):
            cap = getattr(limit, what) if limit else None
            if cap is not None and counts[what] > cap:
                yield f"{area_id}: {side} has {counts[what]} {what} units, {kind} holds {cap} (5.4)"


def _port_problems(setup: Setup, forces: Forces) -> Iterator[str]:
    capacity: dict[str, int | None] = {
        limit.port: limit.fleets for limit in forces.file.limits.port_capacity
    }
    for (area_id, side), counts in _by_area(setup, forces).items():
        area = areas().get(area_id)
        if area is None or area.kind == "sea" or not counts["fleets"]:
            continue
        cap = capacity.get(area.port or "none", 0)
        if cap is not None and counts["fleets"] > cap:
            based = counts["fleets"]
            yield f"{area_id}: {side} bases {based} fleets, port {area.port} holds {cap} (3.24)"


def _carrier_problems(setup: Setup, forces: Forces) -> Iterator[str]:
    per_step = forces.file.limits.cba_steps_per_cv_step.value
    aboard: Counter[str] = Counter()
    for placed in setup.units.values():
        if placed.carrier is not None:
            aboard[placed.carrier] += placed.steps
    for carrier, steps in aboard.items():
        room = per_step * setup.units[carrier].steps
        if steps > room:
            yield f"{carrier}: carries {steps} CBA steps, its CV steps hold {room} (4.24)"


def _control_problems(setup: Setup, forces: Forces) -> Iterator[str]:
    known = areas()
    for placed in setup.units.values():
        unit = forces.units[placed.unit]
        area = known.get(placed.location)
        if area is None or placed.carrier is not None:
            continue
        if area.kind == "sea" and unit.type not in FLEETS:
            yield f"{unit.id}: a {unit.type} cannot stand in the sea area {area.id}"
            continue
        if area.kind != "sea":
            yield from _land_problem(setup, unit.id, side_of(unit.power), area)
    for power, area_id in setup.garrisons:
        yield from _land_problem(setup, f"{power} garrison", side_of(power), known[area_id])


def _land_problem(setup: Setup, what: str, side: str, area: Area) -> Iterator[str]:
    holder = setup.control.get(area.id)
    if holder != side and area.id not in setup.contested:
        yield f"{what}: {area.id} is held by {holder}, not {side}, and not contested"


# 9.23: the US not in India, Burma or China (Formosa excepted); 9.32: the CW not in China except
# Hainan, Formosa, Hong Kong, Shanghai; 9.5 (provisional) and 4.41: Philippine units in the
# Philippines, DEI ground units in the DEI; Chinese units in China (where they are built, 4.41).
BARRED_REGIONS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "usa": (frozenset({"india", "burma", "china"}), frozenset({"formosa"})),
    "cw": (frozenset({"china"}), frozenset({"hainan", "formosa", "hong_kong", "shanghai"})),
}
ONLY_REGIONS: dict[str, str] = {
    "philippines": "philippines",
    "dei": "dei",
    "china_nat": "china",
    "china_comm": "china",
}


def _national_problems(setup: Setup, forces: Forces) -> Iterator[str]:
    known = areas()
    for placed in setup.units.values():
        unit = forces.units[placed.unit]
        area = known.get(placed.location)
        if area is None or area.kind == "sea":
            continue
        barred, allowed = BARRED_REGIONS.get(unit.power, (frozenset(), frozenset()))
        if area.region in barred and area.id not in allowed:
            yield f"{unit.id}: {unit.power} units may not operate in {area.id} (9.23, 9.32)"
        only = ONLY_REGIONS.get(unit.power)
        confined = unit.type in GROUND or unit.power == "philippines"
        if only is not None and confined and area.region != only:
            yield f"{unit.id}: {unit.power} ground units stay in the {only} region"


def _mix_problems(setup: Setup, forces: Forces) -> Iterator[str]:
    printed: dict[str | None, int | None] = {
        marker.power: marker.printed or marker.count
        for marker in forces.file.markers
        if marker.kind == "garrison"
    }
    for power, count in Counter(power for power, _ in setup.garrisons).items():
        if count > (printed.get(power) or 0):
            yield f"{power}: {count} garrisons placed, the counter sheet has {printed.get(power)}"
    garrisoned = Counter(setup.garrisons)
    for (power, area), count in garrisoned.items():
        if count > 1:
            yield f"{area}: {count} {power} garrisons (one per area, 4.28)"
