"""The production phase (1.13): WERP and oil income (4.1, 4.11-4.14, T5), Japan's strategic
warfare segment (2.0, in :mod:`strategic_warfare`), the purchases of each producing power one at
a time (4.3-4.7, T6, T7) and the build markers completed at its end (4.74-4.77).

What a power may buy is a short list of clicks: a replacement step (``replace``), a new unit from
the force pool (``build``), a garrison, a special action, a build marker laid down or advanced
(``lay``, ``advance``), an ASW box, a sub or bomber point, a point of transport capacity; and
``done``, always legal, which loses what is left (4.1); a power with nothing it may buy passes
at once. Also here: US lend-lease (9.25), the Communists' free step (9.42), the US free naval
steps from 1944 (9.21) and the Kamikaze marker's fall (9.13).

``data["production"]`` keeps the public part (WERP announced, 4.6; build markers and the tracks,
public by 4.6) and ``data["built"]`` the secret one: the ids of the blocks a side built this turn
(which may take further steps, 4.4).

Decisions
---------
* **Income needs full supply** (4.12): an area pays only if it traces supply to its producing
  nation's own source; a line to a partial source (3.35) is not one. Japan's "connected through
  the supply network" (4.11) is the same line, its sea leg through the network.
* **Japan and "outside Japan"**: the home islands (Honshu, Kyushu, Shikoku) are Japan; every
  other resource or oil area (Manchukuo, Peking, Shanghai...) pays only occupied (4.11, 4.8).
* **Nationalist resource areas** are China's (the map's nation) and Manchukuo (T5 counts it
  among China's five), Hong Kong never; "occupied" means an Allied ground unit or garrison there.
* **The Commonwealth's areas** are those the map gives the Commonwealth with resources (T5's
  India 3, South Africa 1, Australia 2, Singapore 1, Hong Kong 1); each pays 1 while Allied and
  supplied. 9.31's 3 WERP for Europe come off unless a Japanese ground unit (block or garrison)
  stands in India (Ceylon included) or Australia; never below 0.
* **US WERP** follow pools.yaml's schedule (T20): the latest step whose turn has come and whose
  9.22 condition is met (a track ``<trigger>_met``); the scenario's track if higher.
* **New units** enter at one step (the first step's price, doubled where T6 says); further steps
  the same turn are bought as replacements, which a block built this turn may take to full
  strength (4.4) without 4.32's port. Allied air units are bought at 2 steps (4.61) in a home
  area; Japanese air units only through build markers (4.71). CBA of the Allies, port
  the submarine unit's steps are not offered yet; Japan's home-defence steps are
  (9.16, :mod:`home_defence`).
* **Where** (4.41): the home areas of the unit's power (a Commonwealth unit: its nationality's;
  British in South Africa), friendly-controlled and uncontested, two new units an area a turn but
  any number of US units in the USA.
* **Garrisons** (4.28, 4.43, AMBIGUOUS "one per area"): read as none of the producing side in the
  area already; the area friendly, uncontested, supplied; the Commonwealth in its own (map
  nation ``cw``) areas and DEI boxes, the USA in its own, either in Japanese areas.
* **A build marker** builds one naval step (CV 4, BB 5, CA 3 WERP) or one Japanese air unit
  (LBA 2, CBA 3, the first CBA step doubled); it takes 1 WERP a turn (4.73) and is ready when paid
  in full. Markers a power holds: forces.yaml's counts, the US dated ones from their turn (9.24).
* **The Kamikaze marker** (9.13, its timing inferred by the spec) moves at the end of Japan's
  production; once it is at 0 Japan's air spending is not capped (T7). The free LBA box it then
  gives is not done yet.
* **The US free naval steps** (9.21) are placed at the end of the Allied production phase as a
  completed marker's step; with no fleet to take one, it is lost (nothing says it waits).
* **Fortifications** (6.8) are bought here; one in an area left without a ground unit or
  garrison of either side is removed at the end of the turn (6.83, called by the turn end).
* **Unrestricted replacements** (7.8): one area a power a phase, picked with an SA held since
  before the phase (one bought this phase is not "left from the previous turn"); the area must
  hold a reduced unit of the power whose recorded supply lets it take replacements (3.6), which
  is what "a supplied area" asks of a contested or enemy-held area.
* **Port repair** (8.71-8.73): a port in supply is one its controller traces full supply to
  with the producing power's line; a home area's port only its own power repairs, so a
  captured Japanese home port stays damaged under the Allies (8.73 read literally).
* **The naval step's port** (4.74): the first of the power's friendly home ports by id (Honshu,
  the USA, South Africa); the player does not choose it yet.
* **Transport points for overseas steps** (4.5): Japan may place replacements and garrisons
  outside Japan only while the points they take (1 per 4 steps, rounded up) are available; they
  come off ``transports_available`` at the end of Japan's production.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.fog import conceal, new_unit
from wargame.engine.log import Side
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.asia_engulfed import (
    conquest,
    home_defence,
    shipping,
    strategic_warfare,
    supply,
)
from wargame.games.asia_engulfed.board import Area, area_map
from wargame.games.asia_engulfed.charts import Charts, StepKind, tables
from wargame.games.asia_engulfed.control import occupancy, occupants, supply_of
from wargame.games.asia_engulfed.forces import FLEETS, GROUND, AirUnit, Block, Forces, side_of
from wargame.games.asia_engulfed.forces import load as load_forces
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.state import BOX_PREFIX, block_face, block_label

PRODUCERS: Final[dict[Side, tuple[str, ...]]] = {  # 4.6: one at a time, in this order
    "japan": ("japan",),
    "allies": ("usa", "cw", "china_nat", "china_comm", "philippines"),
}
JAPAN_HOME: Final = "japan"
INDIA_AND_AUSTRALIA: Final = ("indian", "australian")
MARKERS: Final[dict[str, dict[str, str]]] = {  # forces.yaml marker ids by power and use
    "japan": {"naval": "build-naval-japan", "air": "build-air-japan"},
    "usa": {"naval": "build-naval-usa"},
    "cw": {"naval": "build-naval-cw"},
}
US_DATED_MARKERS: Final = "build-naval-usa-dated"
AIR_KINDS: Final = ("lba", "cba")
SPECIAL_ACTION_POWERS: Final = ("japan", "usa", "cw")
HOME_DEFENCE: Final = "home_defence"  # 9.16: the verb and T7 category of a home-defence step
NO_GARRISONS: Final = frozenset({"china_nat", "china_comm", "philippines", "dei"})  # 4.43
HOME_POWER: Final[dict[str, str]] = {  # 8.73: the power whose home area a map home is
    "japan": "japan",
    "usa": "usa",
    "british": "cw",
    "indian": "cw",
    "australian": "cw",
    "china": "china_nat",
    "philippines": "philippines",
}


def empty_production() -> dict[str, Any]:
    """What ``data["production"]`` holds before any production phase."""
    return {"markers": [], "asw_progress": 0, **_phase_fresh(None)}


def _phase_fresh(power: str | None) -> dict[str, Any]:
    return {
        "power": power,
        "werp": {},
        "spent": {},
        "new_in": {},
        "overseas_steps": 0,
        "strategic_cut": 0,
        "lent": {},
        "free_steps": {},
        "oil_short": False,
        "unrestricted": {},  # 7.8: the area each power picked this phase
        "repaired": {},  # 8.71: damage points repaired on each port this phase
    }


# -- income (4.1, 4.11-4.14) -------------------------------------------------------------------


@dataclass(frozen=True)
class Income:
    werp: dict[str, int]
    oil: int = 0  # Japan's (4.1)
    honshu_werp: int = 0  # what commerce raiding cannot take (2.12)
    honshu_oil: int = 0


@RULES.implements("4.1", "4.11", "4.12", "4.13", "4.14", "9.31")
def income(data: Mapping[str, Any], side: Side, charts: Charts) -> Income:
    """The WERP each of ``side``'s producing powers receives this production phase (and Japan's
    oil), before strategic warfare and lend-lease."""
    report = Shipped(supply.supply_lines(data, side), shipping.Routes(data, side))
    if side == "japan":
        return _japanese_income(data, report, charts)
    return Income(
        {
            "usa": us_werp(data),
            "cw": _commonwealth_werp(data, report, charts),
            "china_nat": _nationalist_werp(data, report, charts),
            "china_comm": 0,  # 4.11: no WERP, a free step instead (9.42)
            "philippines": _philippine_werp(data, charts),
        }
    )


@dataclass(frozen=True)
class Shipped:
    """A side's supply and its shipping routes: where income comes from (4.11, 4.12, 8.71)."""

    supply: supply.SupplyReport
    routes: shipping.Routes

    def pays(self, where: str, power: str) -> bool:
        """In ``power``'s full supply, and shipping its WERP and oil home (4.12, 4.11, 8.71)."""
        full = self.supply.where(where, power) == "full"
        return full and self.routes.ships(power, where)


@cache
def _areas() -> tuple[Area, ...]:
    return tuple(a for a in area_map().areas.values() if not a.is_sea)


def _pays(data: Mapping[str, Any], report: Shipped, where: Area, side: Side, power: str) -> bool:
    """Friendly-controlled (contested or not), in its producing nation's supply (4.12) and on
    its shipping route (4.11, 8.71)."""
    held = data["control"].get(where.id) == side
    return bool(held and report.pays(where.id, power))


def _japanese_income(data: Mapping[str, Any], report: Shipped, charts: Charts) -> Income:
    values = charts.production
    honshu = data["control"].get("honshu") == "japan"
    werp = values.honshu_werp if honshu else 0
    oil = values.honshu_oil if honshu else 0
    for where in _areas():
        if where.home_of == JAPAN_HOME or not (where.resources or where.oil):
            continue
        if "japan" in occupants(data, where.id) and _pays(data, report, where, "japan", "japan"):
            werp += values.resource_area if where.resources else 0
            oil += where.oil or 0
    immune_werp, immune_oil = (values.honshu_werp, values.honshu_oil) if honshu else (0, 0)
    return Income({"japan": werp}, oil, immune_werp, immune_oil)


@RULES.implements("9.22")
def us_werp(data: Mapping[str, Any]) -> int:
    """T20 (9.22): the schedule's WERP for this turn, its conditions met in an earlier turn; the
    track if higher."""
    tracks, now = data["tracks"], int(data["turn"].replace("-", ""))
    found = 0
    for step in load_forces().pools.us_production:
        met = step.needs is None or 0 < int(tracks.get(f"{step.needs}_met", 0)) < now
        if step.since <= data["turn"] and met:
            found = step.werp
    return max(found, int(tracks.get("us_production", 0)))


def _commonwealth_werp(data: Mapping[str, Any], report: Shipped, charts: Charts) -> int:
    werp = sum(
        charts.production.resource_area
        for where in _areas()
        if where.nation == "cw" and where.resources and _pays(data, report, where, "allies", "cw")
    )
    if not japanese_in_india_or_australia(data):
        werp -= charts.production.commonwealth_to_europe
    return max(0, werp)


@RULES.implements("9.31")
def japanese_in_india_or_australia(data: Mapping[str, Any]) -> bool:
    """Whether a Japanese ground unit stands in India (Ceylon included) or Australia (9.31)."""
    for where in _areas():
        indian = where.home_of in INDIA_AND_AUSTRALIA or where.id == "ceylon"
        if indian and "japan" in occupants(data, where.id):
            return True
    return False


def _nationalist_werp(data: Mapping[str, Any], report: Shipped, charts: Charts) -> int:
    return sum(
        charts.production.resource_area
        for where in _areas()
        if (where.nation == "china" or where.id == "manchukuo")
        and where.resources
        and where.id != "hong_kong"
        and "allies" in occupants(data, where.id)
        and _pays(data, report, where, "allies", "china_nat")
    )


def _philippine_werp(data: Mapping[str, Any], charts: Charts) -> int:
    if conquest.conquered(data, "philippines"):  # 9.56
        return 0
    return charts.production.philippines if data["control"].get("luzon") == "allies" else 0


# -- what a power may buy (4.3-4.7, T6, T7) ----------------------------------------------------


@dataclass(frozen=True)
class Purchase:
    action: Action
    cost: int
    category: str  # what T7 caps ("air", "asw", "sub", "bomber", "transport"...)


def werp_left(data: Mapping[str, Any], power: str) -> int:
    return int(data["production"]["werp"].get(power, 0))


def spent(data: Mapping[str, Any], power: str, category: str) -> int:
    return int(data["production"]["spent"].get(power, {}).get(category, 0))


@RULES.implements("4.6", "4.61", "4.62", "4.63")
def purchases(data: Mapping[str, Any], power: str, charts: Charts) -> list[Purchase]:
    """Everything ``power`` may buy now, each within the WERP it has left (4.62, 4.63) and the
    per-turn limits of T7."""
    found = [
        *_replacements(data, power, charts),
        *_new_units(data, power, charts),
        *_garrisons(data, power, charts),
        *_fortifications(data, power, charts),
        *_track_purchases(data, power, charts),
        *_marker_purchases(data, power, charts),
        *_lend_lease(data, power, charts),
        *_port_repairs(data, power, charts),
        *_unrestricted_areas(data, power, charts),
        *_home_defence(data, power, charts),
    ]
    if power == "china_comm":
        found = list(_free_steps(data, found))
    left, caps = werp_left(data, power), spending_caps(data, power, charts)
    return [p for p in found if p.cost <= left and _within(data, power, p, caps)]


RULES.stand_in(
    "9.42",
    "Each Allied production phase the Communists get one step free: a replacement step or a new "
    "block at one step, as the other powers buy them (the rule is lost; T5 and 4.41 name it).",
    key="communist_free_step",
)


@RULES.implements("9.42")
def _free_steps(data: Mapping[str, Any], found: list[Purchase]) -> Iterator[Purchase]:
    """The Communists' free step (9.42): any ground step they could buy, at no cost, once."""
    if data["production"]["free_steps"].get("china_comm", 0) < 1:
        return
    for purchase in found:
        if purchase.category == "ground":
            yield Purchase(purchase.action, 0, "free_step")


def spending_caps(data: Mapping[str, Any], power: str, charts: Charts) -> dict[str, int]:
    """The most WERP ``power`` may spend this turn on each capped category (T7)."""
    limits, costs = charts.production_limits, charts.costs
    caps = {
        ("japan", "air"): limits.japan_air_werp,
        ("japan", "asw"): limits.japan_asw_werp,
        ("japan", "transport"): limits.transport_capacity_per_turn * costs.transport_capacity,
        ("usa", "bomber"): limits.us_bomber_points * costs.bomber_point,
        ("usa", "sub"): limits.us_sub_points_or_steps * costs.sub_point,
        ("usa", "lend_lease"): limits.lend_lease_most * costs.lend_lease_werp,
    }
    if power == "japan" and kamikaze_started(data):
        del caps[("japan", "air")]  # 9.13: any amount on air units once kamikaze starts
    return {category: cap for (who, category), cap in caps.items() if who == power}


def _affordable(data: Mapping[str, Any], power: str, p: Purchase, charts: Charts) -> bool:
    """Whether ``power`` may pay for ``p`` (its WERP left, the caps of T7): asked first of a
    purchase whose offer needs the side's supply report, which costs more than the check."""
    return p.cost <= werp_left(data, power) and _within_caps(data, power, p, charts)


def _within_caps(data: Mapping[str, Any], power: str, p: Purchase, charts: Charts) -> bool:
    return _within(data, power, p, spending_caps(data, power, charts))


def _within(data: Mapping[str, Any], power: str, p: Purchase, caps: Mapping[str, int]) -> bool:
    cap = caps.get(p.category)
    return cap is None or spent(data, power, p.category) + p.cost <= cap


def step_kind(power: str, unit_type: str) -> StepKind:
    """The T6 row a step of ``power``'s ``unit_type`` is priced on."""
    if unit_type == "marine":
        return "marine_japan" if power == "japan" else "marine_us"
    kind: StepKind = unit_type  # type: ignore[assignment]
    return kind


def _fit_for_replacements(
    data: Mapping[str, Any], side: Side, where: str, piece: str | None = None
) -> bool:
    """4.31, 3.6: an uncontested, friendly-controlled area, and the unit ``piece`` there in
    supply as the first supply phase recorded it; without a unit (a garrison or a fortification
    to place), an area where no unit of the side is marked out of supply."""
    if data["control"].get(where) != side or where in data["contested"]:
        return False
    if piece is None:
        return where not in data["supply"][side]["marked"]
    status = supply_of(data, side, piece, where)
    return supply.may_receive_replacements(status)  # type: ignore[arg-type]


@RULES.implements("4.3", "4.31", "4.32", "3.6", "4.44", "9.12")
def _replacements(data: Mapping[str, Any], power: str, charts: Charts) -> Iterator[Purchase]:
    """A step for a reduced ground block or air unit of ``power`` (not elite, 9.12), standing
    where it may receive one (4.31); to full strength only where 4.32 allows or when built this
    turn (4.4)."""
    side = side_of(power)
    forces = load_forces()
    fresh = set(data["built"][side])
    free = unrestricted_area(data, power)
    for unit_id, unit in sorted(data["units"].items()):
        hidden = unit["hidden"]
        if hidden["power"] != power or hidden["type"] not in GROUND or "elite" in hidden:
            continue
        where = unit["where"]
        most = forces.units[unit_id].max_steps
        if unit_id not in fresh and where != free and not full_strength_allowed(data, unit, forces):
            most -= 1
        if hidden["steps"] < most and _may_replace_in(data, power, where, charts, unit_id):
            cost = getattr(charts.costs.step, step_kind(power, hidden["type"]))
            yield Purchase(Action.of("replace", unit_id), cost, "ground")
    for counter_id, counter in sorted(data["counters"].items()):
        if counter["power"] != power or counter["type"] != "lba" or counter.get("elite"):
            continue
        where = counter["where"]
        if where == free:
            fit = _supplied(data, side, counter_id, where)  # 7.8
        else:
            fit = _fit_for_replacements(data, side, where, counter_id)
        if counter["steps"] < 2 and fit:
            yield Purchase(Action.of("replace", counter_id), charts.costs.step.lba, "air")


@RULES.implements("4.32")
def full_strength_allowed(data: Mapping[str, Any], unit: Mapping[str, Any], forces: Forces) -> bool:
    """4.32: a block may be replaced to full strength in an area with a supplied port, or in
    the homes its nationality names (a-c, e); below that, to one step short of it."""
    where = area_map().areas[unit["where"]]
    power = unit["hidden"]["power"]
    nationality = unit["hidden"].get("nationality")
    if where.has_port:
        return True
    if power == "cw":
        if nationality in (None, "british"):
            return where.home_of in ("british", *INDIA_AND_AUSTRALIA)
        return bool(where.home_of == nationality)
    if power in ("china_nat", "china_comm"):
        return where.nation == "china"
    return power == "philippines" and where.nation == "philippines"


def _may_replace_in(
    data: Mapping[str, Any], power: str, where: str, charts: Charts, piece: str | None = None
) -> bool:
    side = side_of(power)
    if piece is not None and where == unrestricted_area(data, power):
        return _supplied(data, side, piece, where)  # 7.8: no 4.31, no transport points
    fit = _fit_for_replacements(data, side, where, piece)
    return fit and _overseas_ok(data, power, where, charts)


def _supplied(data: Mapping[str, Any], side: Side, piece: str, where: str) -> bool:
    status = supply_of(data, side, piece, where)
    return supply.may_receive_replacements(status)  # type: ignore[arg-type]


def unrestricted_area(data: Mapping[str, Any], power: str) -> str | None:
    """The area ``power`` picked for unrestricted replacements this phase (7.8), if any."""
    found: str | None = data["production"].get("unrestricted", {}).get(power)
    return found


@RULES.implements("7.8", "7.13")
def _unrestricted_areas(data: Mapping[str, Any], power: str, charts: Charts) -> Iterator[Purchase]:
    """7.8: a special action held since before this phase picks one area where ``power`` has a
    reduced unit in supply, contested or enemy-held as it may be; its units there then take any
    number of replacement steps, to full strength without a port, with no transport points."""
    if power not in SPECIAL_ACTION_POWERS or unrestricted_area(data, power) is not None:
        return
    bought = spent(data, power, "special_action") // max(1, charts.costs.special_action)
    held_before = data["tracks"].get(f"special_actions_{power}", 0) - bought
    if held_before < 1 or werp_left(data, power) < 1:
        return
    side = side_of(power)
    areas = {
        where
        for piece, where in _reduced(data, power)
        if _supplied(data, side, piece, where) and _restricted(data, power, piece, where, charts)
    }
    for where in sorted(areas):
        yield Purchase(Action.of("unrestricted", where), 0, "special_action_use")


def _restricted(
    data: Mapping[str, Any], power: str, piece: str, where: str, charts: Charts
) -> bool:
    """Whether 7.8 would give ``piece`` what it lacks: a replacement it may not take (4.31,
    4.5) or the full strength 4.32 denies it away from a port."""
    unit = data["units"].get(piece)
    if unit is None:  # an LBA
        return not _fit_for_replacements(data, side_of(power), where, piece)
    if not _may_replace_in(data, power, where, charts, piece):
        return True
    return not full_strength_allowed(data, unit, load_forces())


def _reduced(data: Mapping[str, Any], power: str) -> Iterator[tuple[str, str]]:
    """(piece, area) of each of ``power``'s reduced ground blocks and LBA, elite ones aside."""
    forces = load_forces()
    for unit_id, unit in data["units"].items():
        hidden = unit["hidden"]
        ours = hidden["power"] == power and hidden["type"] in GROUND and "elite" not in hidden
        if ours and hidden["steps"] < forces.units[unit_id].max_steps:
            yield unit_id, unit["where"]
    for counter_id, counter in data["counters"].items():
        lba = counter["type"] == "lba" and not counter.get("elite")
        if counter["power"] == power and lba and counter["steps"] < 2:
            yield counter_id, counter["where"]


@RULES.implements("8.71", "8.72", "8.73")
def _port_repairs(data: Mapping[str, Any], power: str, charts: Charts) -> Iterator[Purchase]:
    """A point of damage off a friendly port in supply (8.71), one a port a turn but any
    number at a home port (8.72); a port in a home area only by the power whose home it is,
    any other by any power of the side (8.73)."""
    damage = data.get("port_damage", {})
    repair = Purchase(Action("repair_port"), charts.costs.port_repair, "port")
    if not damage or power == "dei" or not _affordable(data, power, repair, charts):
        return
    side = side_of(power)
    report = supply.supply_lines(data, side)
    for where, points in sorted(damage.items()):
        place = area_map().areas[where]
        home_power = HOME_POWER.get(place.home_of or "")
        if points < 1 or data["control"].get(where) != side or home_power not in (None, power):
            continue
        done = data["production"].get("repaired", {}).get(where, 0)
        if place.port != "home" and done >= charts.production_limits.repairs_per_port:
            continue
        if report.where(where, power) == "full":
            yield Purchase(Action.of("repair_port", where), charts.costs.port_repair, "port")


@RULES.implements("9.16")
def _home_defence(data: Mapping[str, Any], power: str, charts: Charts) -> Iterator[Purchase]:
    """A home-defence step for each home area Japan controls (9.16), priced by T6."""
    if power != JAPAN_HOME:
        return
    for where in home_defence.build_areas(data):
        yield Purchase(Action.of(HOME_DEFENCE, where), charts.home_defence_cost.step, HOME_DEFENCE)


@RULES.implements("9.16")
def refusals(data: Mapping[str, Any], power: str, charts: Charts) -> dict[str, str]:
    """The home-defence steps ``power`` could build but cannot pay for, with the reason."""
    left = werp_left(data, power)
    return {
        p.action.text: f"9.16: a home-defence step costs {p.cost} WERP, {left} left"
        for p in _home_defence(data, power, charts)
        if p.cost > left
    }


@RULES.implements("4.5")
def _overseas_ok(data: Mapping[str, Any], power: str, where: str, charts: Charts) -> bool:
    """4.5: a Japanese step placed outside Japan needs its share of a transport point."""
    if power != "japan" or area_map().areas[where].home_of == JAPAN_HOME:
        return True
    per = charts.production_limits.steps_per_transport_point
    needed = -(-(data["production"]["overseas_steps"] + 1) // per)
    return bool(needed <= transports_available(data))


def transports_available(data: Mapping[str, Any]) -> int:
    tracks = data["tracks"]
    return int(tracks.get("transports_available", tracks.get("transport_capacity", 0)))


@cache
def home_areas(power: str, nationality: str | None) -> tuple[str, ...]:
    """4.41: where a new unit of ``power`` (of ``nationality``) appears."""
    if power == "cw":
        wanted = nationality or "british"
    elif power in ("china_nat", "china_comm"):
        wanted = "china"
    elif power == "dei":
        return ()
    else:
        wanted = power
    return tuple(sorted(a.id for a in _areas() if a.home_of == wanted))


@RULES.implements("4.4", "4.41", "4.42", "4.44", "4.61")
def _new_units(data: Mapping[str, Any], power: str, charts: Charts) -> Iterator[Purchase]:
    """A ground block of the pool at one step (its first step's price, T6), or an Allied LBA at
    the two steps air units are built at (4.61), into a friendly, uncontested home area that
    has taken fewer than two new units this turn (none such limit for the US in the USA)."""
    if power == "dei":
        return
    side = side_of(power)
    forces = load_forces()
    placeable: dict[str, bool] = {}  # every unit of the pool asks of the same few home areas
    for unit_id in data["pools"].get(power, []):
        unit = forces.units[unit_id]
        if isinstance(unit, Block) and unit.type in GROUND:
            kind, steps, category = step_kind(power, unit.type), 1, "ground"
        elif isinstance(unit, AirUnit) and unit.type == "lba" and power != "japan":
            kind, steps, category = "lba", charts.production_limits.air_unit_built_steps, "air"
        else:
            continue
        cost = charts.costs.new_unit(kind, steps)
        for where in home_areas(power, getattr(unit, "nationality", None)):
            fit = placeable.get(where)
            if fit is None:
                fit = placeable[where] = _may_place_new(data, side, power, where, charts)
            if fit:
                yield Purchase(Action(f"build {unit_id} {where}"), cost, category)


def _may_place_new(
    data: Mapping[str, Any], side: Side, power: str, where: str, charts: Charts
) -> bool:
    if data["control"].get(where) != side or where in data["contested"]:
        return False
    unlimited = power == "usa" and where == "usa"
    count = data["production"]["new_in"].get(where, 0)
    return unlimited or count < charts.production_limits.new_units_per_home_area


@RULES.implements("4.28", "4.43")
def _garrisons(data: Mapping[str, Any], power: str, charts: Charts) -> Iterator[Purchase]:
    if power in NO_GARRISONS:
        return
    side = side_of(power)
    held = {at for owner, at in data["garrisons"] if side_of(owner) == side}
    for where in _areas():
        if where.id in held or not _fit_for_replacements(data, side, where.id):
            continue
        if _garrison_area(power, where) and _overseas_ok(data, power, where.id, charts):
            cost = charts.costs.step.garrison
            yield Purchase(Action.of("buy_garrison", where.id), cost, "garrison")


@RULES.implements("6.8", "6.81")
def _fortifications(data: Mapping[str, Any], power: str, charts: Charts) -> Iterator[Purchase]:
    """6.8: a field fortification (T6: 1 an island box, 2 a port box, 5 a clear Large Area) in a
    supplied, uncontested, friendly area without one, where the side had a ground unit or
    garrison before this phase (none built into it this turn)."""
    if power == "dei":
        return
    side = side_of(power)
    costs = charts.costs.fortification
    control, built = data["control"], data["fortifications"]
    occupied, new_in = occupancy(data), data["production"]["new_in"]
    for where in _fortifiable():
        if control.get(where.id) != side or where.id in built:
            continue  # (control: the first test of _fit_for_replacements, the cheapest)
        held_before = not new_in.get(where.id) and side in occupied.get(where.id, ())
        if held_before and _fit_for_replacements(data, side, where.id):
            cost = getattr(costs, where.kind)
            yield Purchase(Action.of("fortify", where.id), cost, "fortification")


@cache
def _fortifiable() -> tuple[Area, ...]:
    """The areas that may hold a field fortification at all (T6): boxes, clear Large Areas."""
    return tuple(a for a in _areas() if a.kind != "large" or a.terrain == "clear")


@RULES.implements("6.83")
def remove_empty_fortifications(g: Context) -> None:
    """At the end of the turn a fortification in an area with no ground unit or garrison of
    either side is removed (6.83)."""
    for where in sorted(g.data["fortifications"]):
        if not occupants(g.data, where):
            g.data["fortifications"] = [f for f in g.data["fortifications"] if f != where]
            g.log("log.fortification_removed", area=where)


def _garrison_area(power: str, where: Area) -> bool:
    if power == "japan" or where.nation == "japan":
        return True
    dei_box = power == "cw" and where.nation == "dei" and where.kind != "large"
    return where.nation == power or dei_box


@RULES.implements("7.1", "7.11", "2.1", "4.62", "4.63", "4.77")
def _track_purchases(data: Mapping[str, Any], power: str, charts: Charts) -> Iterator[Purchase]:
    """A special action up to the power's cap (7.11), an ASW box (Japan), a sub point or a
    bomber point (the US, within their maxima), a transport point (Japan, 4.77)."""
    tracks, costs, most = data["tracks"], charts.costs, charts.strategic_warfare
    if power in SPECIAL_ACTION_POWERS:
        held = tracks.get(f"special_actions_{power}", 0)
        cap = charts.special_action_cap(power, int(data["turn"][:4]))  # type: ignore[arg-type]
        if held < cap:
            yield Purchase(Action("special_action"), costs.special_action, "special_action")
    if power == "japan":
        yield Purchase(Action("asw"), 1, "asw")  # 1 WERP a box (4.62, T6: 10 a level)
        yield Purchase(Action("transport"), costs.transport_capacity, "transport")
    if power == "usa":
        if tracks.get("us_sub_points", 0) < most.most_sub_points:
            yield Purchase(Action("sub_point"), costs.sub_point, "sub")
        if tracks.get("us_bomber_points", 0) < most.most_bomber_points:
            yield Purchase(Action("bomber_point"), costs.bomber_point, "bomber")


@RULES.implements("9.25")
def _lend_lease(data: Mapping[str, Any], power: str, charts: Charts) -> Iterator[Purchase]:
    """9.25: the US gives the CW or the Nationalists 1 WERP for 2 of its own (5 at most a turn,
    the cap of :func:`_within_caps`): the Nationalists 2 a turn per Allied Burma Road area, while
    they hold a resource area with a unit of theirs in supply; the CW while it holds an Indian or
    Australian resource area in supply."""
    cost = charts.costs.lend_lease_werp
    if power != "usa" or not _affordable(
        data, power, Purchase(Action("lend"), cost, "lend_lease"), charts
    ):
        return
    report = Shipped(supply.supply_lines(data, "allies"), shipping.Routes(data, "allies"))
    if lend_lease_open(data, report, "cw"):
        yield Purchase(Action.of("lend", "cw"), cost, "lend_lease")
    road = sum(1 for a in _areas() if a.burma_road and data["control"].get(a.id) == "allies")
    china_most = road * charts.production_limits.lend_lease_to_china_per_burma_road_area
    given = data["production"]["lent"].get("china_nat", 0)
    if given < china_most and lend_lease_open(data, report, "china_nat"):
        yield Purchase(Action.of("lend", "china_nat"), cost, "lend_lease")


def lend_lease_open(data: Mapping[str, Any], report: Shipped, power: str) -> bool:
    """Whether lend-lease WERP reach ``power`` (9.25): a friendly resource area to receive them,
    Indian or Australian for the CW, one with a Nationalist block for the Nationalists, in the
    receiver's supply and on its shipping route (``report``: the Allies', 8.71)."""
    nationalist = set() if power == "cw" else _nationalist_areas(data)
    for where in _areas():
        if not where.resources or data["control"].get(where.id) != "allies":
            continue
        if power == "cw":
            receives = where.home_of in INDIA_AND_AUSTRALIA
        else:
            receives = where.id in nationalist
        if receives and report.pays(where.id, power):
            return True
    return False


def _nationalist_areas(data: Mapping[str, Any]) -> set[str]:
    """The areas holding a Nationalist block."""
    return {u["where"] for u in data["units"].values() if u["hidden"]["power"] == "china_nat"}


@RULES.implements("9.24")
def markers_held(data: Mapping[str, Any], power: str, use: str) -> int:
    """Build markers of one use (naval, air) ``power`` has (forces.yaml; 9.24's dated ones)."""
    forces = load_forces()
    counts = {m.id: m.count or 0 for m in forces.file.markers}
    held = counts.get(MARKERS.get(power, {}).get(use, ""), 0)
    if power == "usa" and use == "naval":
        held += sum(m.count for m in forces.pools.us_build_markers if m.when <= data["turn"])
    return held


def marker_use(kind: str) -> str:
    return "air" if kind in AIR_KINDS else "naval"


def marker_cost(kind: str, charts: Charts) -> int:
    """WERP a marker of ``kind`` needs in all: a naval step, or a whole Japanese air unit."""
    if kind in AIR_KINDS:
        return charts.costs.new_unit(kind, charts.production_limits.air_unit_built_steps)  # type: ignore[arg-type]
    cost: int = getattr(charts.costs.step, kind)
    return cost


@RULES.implements("4.7", "4.71", "4.72", "4.73", "4.76")
def _marker_purchases(data: Mapping[str, Any], power: str, charts: Charts) -> Iterator[Purchase]:
    """A new build marker laid down (1 WERP a turn, 4.73), while ``power`` has one free (4.71),
    or 1 WERP more on a marker not yet paid this turn and not complete."""
    per_turn = charts.production_limits.werp_per_build_marker
    markers = data["production"]["markers"]
    for use in MARKERS.get(power, {}):
        in_use = sum(1 for m in markers if m["power"] == power and marker_use(m["kind"]) == use)
        if in_use < markers_held(data, power, use):
            for kind in AIR_KINDS if use == "air" else sorted(FLEETS):
                yield Purchase(Action.of("lay", kind), per_turn, use if use == "air" else "naval")
    for index, marker in enumerate(markers):
        if marker["power"] != power or marker["last"] == data["turn"]:
            continue
        if marker["paid"] < marker_cost(marker["kind"], charts):
            category = "air" if marker["kind"] in AIR_KINDS else "naval"
            yield Purchase(Action.of("advance", str(index)), per_turn, category)


# -- the phase ---------------------------------------------------------------------------------


class Production(Procedure):
    """The production phase (1.13) of the phase player ``side``."""

    name = "production"

    @RULES.implements("1.13", "4.1")
    def start(self, g: Context, f: Frame) -> None:
        side: Side = f.locals["side"]
        charts = tables(g.state)
        found = income(g.data, side, charts)
        production = g.data["production"]
        production.update(_phase_fresh(None))
        production["werp"] = dict(found.werp)
        if side == "allies":
            production["free_steps"] = {"china_comm": charts.production.china_communist_free_steps}
        if side == "japan":
            strategic_warfare.run(g, found, charts)
        for power, werp in production["werp"].items():
            g.log("log.werp_income", power=power, werp=werp)
        if side == "japan":
            self._oil(g, charts)
        if side == "allies" and not japanese_in_india_or_australia(g.data):
            g.log("log.werp_to_europe", werp=charts.production.commonwealth_to_europe)
        f.locals["powers"] = [p for p in PRODUCERS[side] if p in production["werp"]]
        g.goto("next_power")

    def _oil(self, g: Context, charts: Charts) -> None:
        tracks = g.data["tracks"]
        oil = g.data["production"].pop("oil", 0)
        g.data["production"]["oil_short"] = bool(
            tracks["japan_oil"] < charts.kamikaze.oil_held_below
            and oil < charts.kamikaze.oil_received_below
        )
        tracks["japan_oil"] = min(charts.strategic_warfare.most_oil, tracks["japan_oil"] + oil)
        g.log("log.oil_income", oil=oil, held=tracks["japan_oil"])

    def next_power(self, g: Context, f: Frame) -> None:
        """The next power with something to buy; one without passes (its WERP lost, 4.1)."""
        while f.locals["powers"]:
            power = f.locals["powers"].pop(0)
            g.data["production"]["power"] = power
            if purchases(g.data, power, tables(g.state)):
                g.goto("buy")
                return
            close(g, power)
        g.goto("finish")

    @decision
    def buy(self, g: Context, f: Frame) -> Choices:
        side: Side = f.locals["side"]
        power = g.data["production"]["power"]
        werp = werp_left(g.data, power)
        choices = Decision.single(side, "prompt.production", power=power, werp=werp)
        for purchase in purchases(g.data, power, tables(g.state)):
            choices.add(purchase.action, self.pay, power, purchase)
        for action, reason in refusals(g.data, power, tables(g.state)).items():
            choices.refuse(action, reason)
        choices.add("done", self.done, power)
        return choices

    def pay(self, g: Context, f: Frame, power: str, purchase: Purchase) -> None:
        production = g.data["production"]
        production["werp"][power] = werp_left(g.data, power) - purchase.cost
        by_power = production["spent"].setdefault(power, {})
        by_power[purchase.category] = by_power.get(purchase.category, 0) + purchase.cost
        if purchase.category == "free_step":
            production["free_steps"][power] -= 1
        BOUGHT[purchase.action.verb](g, power, *purchase.action.args)

    def done(self, g: Context, f: Frame, power: str) -> None:
        close(g, power)
        g.goto("next_power")

    def finish(self, g: Context, f: Frame) -> None:
        complete_markers(g, tables(g.state))
        if f.locals["side"] == "allies":
            free_naval_steps(g)
        if f.locals["side"] == "japan":
            _take_transports(g, tables(g.state))
            _kamikaze_marker(g, tables(g.state))
        g.data["production"]["power"] = None
        g.data["built"][f.locals["side"]] = []
        g.ret()


@RULES.implements("4.1", "4.6")
def close(g: Context, power: str) -> None:
    """``power``'s production ends: what it has left is lost (4.1)."""
    left = werp_left(g.data, power)
    g.data["production"]["werp"][power] = 0
    g.log("log.werp_lost", power=power, werp=left)


def kamikaze_started(data: Mapping[str, Any]) -> bool:
    return bool(data["tracks"].get("kamikaze", 1) <= 0)


@RULES.implements("9.13")
def _kamikaze_marker(g: Context, charts: Charts) -> None:
    """9.13: the marker goes down a box in a turn Japan spent more than 1 WERP on air units, or
    began production with fewer than 20 oil and received fewer than 3 (after strategic
    warfare)."""
    tracks = g.data["tracks"]
    air = spent(g.data, "japan", "air") > charts.kamikaze.air_werp_more_than
    if tracks.get("kamikaze", 0) > 0 and (air or g.data["production"].get("oil_short")):
        tracks["kamikaze"] -= 1
        g.log("log.kamikaze_marker", left=tracks["kamikaze"])


@RULES.implements("4.5")
def _take_transports(g: Context, charts: Charts) -> None:
    """4.5: 1 transport point per 4 steps (rounded up) placed outside Japan."""
    steps = g.data["production"]["overseas_steps"]
    if steps:
        per = charts.production_limits.steps_per_transport_point
        g.data["tracks"]["transports_available"] = transports_available(g.data) - -(-steps // per)


# -- what each purchase does -------------------------------------------------------------------


def _count_overseas(g: Context, power: str, where: str) -> None:
    if power == "japan" and area_map().areas[where].home_of != JAPAN_HOME:
        g.data["production"]["overseas_steps"] += 1


def _replace(g: Context, power: str, unit_id: str) -> None:
    free = unrestricted_area(g.data, power)
    if unit_id in g.data["units"]:
        unit = g.data["units"][unit_id]
        unit["hidden"]["steps"] += 1
        conceal(g.data["units"], unit_id)
        where = unit["where"]
        public = {"side": unit["owner"], "colour": unit["public"]["colour"], "area": where}
        to = [unit["owner"]]
        g.log_private(to, "log.replaced", {**public, "unit": unit_id}, "log.replaced_blank", public)
    else:
        counter = g.data["counters"][unit_id]
        counter["steps"] += 1
        where = counter["where"]
        g.log("log.replaced_air", unit=unit_id, area=where)
    if where != free:  # 7.8: unrestricted replacements need no transport points
        _count_overseas(g, power, where)


def _build(g: Context, power: str, unit_id: str, where: str) -> None:
    forces = load_forces()
    unit = forces.units[unit_id]
    g.data["pools"][power].remove(unit_id)
    new_in = g.data["production"]["new_in"]
    new_in[where] = new_in.get(where, 0) + 1
    side = side_of(power)
    if isinstance(unit, Block):
        label = {**block_label(unit), "steps": 1}
        g.data["units"][unit_id] = new_unit(side, where, block_face(unit, forces), label)
        forget_pool_face(g.data, unit, forces)
        g.data["built"][side] = sorted([*g.data["built"][side], unit_id])
        public = {"side": side, "colour": block_face(unit, forces)["colour"], "area": where}
        g.log_private([side], "log.built", {**public, "unit": unit_id}, "log.built_blank", public)
        return
    _place_air(g, unit_id, where, 2)


def forget_pool_face(data: dict[str, Any], built: Block, forces: Forces) -> None:
    """A block leaves the pool face-down (4.4): the other side no longer knows which of the
    pool blocks of that face it saw go there (``known_in_pool``) is still in it, so none of
    them stays known; dropping only the built one would name it."""
    face, owner = block_face(built, forces), side_of(built.power)
    data["known_in_pool"] = [
        unit_id
        for unit_id in data["known_in_pool"]
        if not (
            isinstance(block := forces.units[unit_id], Block)
            and side_of(block.power) == owner
            and block_face(block, forces) == face
        )
    ]


def _place_air(g: Context, unit_id: str, where: str, steps: int) -> None:
    unit = load_forces().units[unit_id]
    assert isinstance(unit, AirUnit)
    g.data["counters"][unit_id] = {
        "power": unit.power,
        "type": unit.type,
        "where": where,
        "steps": steps,
        "nationality": unit.nationality,
        "elite": unit.elite,
    }
    g.log("log.built_air", unit=unit_id, area=where)


def _garrison(g: Context, power: str, where: str) -> None:
    g.data["garrisons"] = sorted([*g.data["garrisons"], [power, where]])
    g.log("log.garrison_bought", side=side_of(power), area=where)
    _count_overseas(g, power, where)


def _fortify(g: Context, power: str, where: str) -> None:
    g.data["fortifications"] = sorted([*g.data["fortifications"], where])
    g.log("log.fortified", side=side_of(power), area=where)


@RULES.implements("7.12")
def _special_action(g: Context, power: str) -> None:
    """An SA is bought and held in the open (7.12): its track is public, its log line too."""
    key = f"special_actions_{power}"
    g.data["tracks"][key] = g.data["tracks"].get(key, 0) + 1
    g.log("log.special_action_bought", power=power)


@RULES.implements("2.1")
def _asw(g: Context, power: str) -> None:
    """1 WERP moves the ASW marker a box; a full level's price (T6) raises the level."""
    production = g.data["production"]
    production["asw_progress"] += 1
    if production["asw_progress"] >= tables(g.state).costs.asw_level:
        production["asw_progress"] = 0
        g.data["tracks"]["asw_level"] = g.data["tracks"].get("asw_level", 0) + 1
    g.log("log.asw_bought", level=g.data["tracks"].get("asw_level", 0))


def _sub_point(g: Context, power: str) -> None:
    g.data["tracks"]["us_sub_points"] = g.data["tracks"].get("us_sub_points", 0) + 1
    g.log("log.sub_point_bought", points=g.data["tracks"]["us_sub_points"])


def _bomber_point(g: Context, power: str) -> None:
    g.data["tracks"]["us_bomber_points"] = g.data["tracks"].get("us_bomber_points", 0) + 1
    g.log("log.bomber_point_bought", points=g.data["tracks"]["us_bomber_points"])


def _transport(g: Context, power: str) -> None:
    g.data["production"]["markers"].append(
        {"power": power, "kind": "transport", "paid": 1, "last": g.data["turn"]}
    )
    g.log("log.transport_bought")


def _lay(g: Context, power: str, kind: str) -> None:
    g.data["production"]["markers"].append(
        {"power": power, "kind": kind, "paid": 1, "last": g.data["turn"]}
    )
    g.log("log.marker_laid", power=power, kind=kind)


def _advance(g: Context, power: str, index: str) -> None:
    marker = g.data["production"]["markers"][int(index)]
    marker["paid"] += 1
    marker["last"] = g.data["turn"]
    g.log("log.marker_advanced", power=power, kind=marker["kind"], paid=marker["paid"])


def _unrestricted(g: Context, power: str, where: str) -> None:
    g.data["tracks"][f"special_actions_{power}"] -= 1
    g.data["production"].setdefault("unrestricted", {})[power] = where
    g.log("log.unrestricted_replacements", power=power, area=where)


def _repair_port(g: Context, power: str, where: str) -> None:
    damage = g.data["port_damage"][where] - 1
    g.data["port_damage"] = {p: d for p, d in g.data["port_damage"].items() if p != where}
    if damage:
        g.data["port_damage"][where] = damage
    repaired = g.data["production"].setdefault("repaired", {})
    repaired[where] = repaired.get(where, 0) + 1
    g.log("log.port_repaired", power=power, area=where, damage=damage)


def _lend(g: Context, power: str, to: str) -> None:
    production = g.data["production"]
    production["werp"][to] = production["werp"].get(to, 0) + 1
    production["lent"][to] = production["lent"].get(to, 0) + 1
    g.log("log.lend_lease", power=to, werp=production["lent"][to])


BOUGHT: Final[dict[str, Any]] = {
    "lend": _lend,
    "replace": _replace,
    "build": _build,
    "buy_garrison": _garrison,
    "special_action": _special_action,
    "fortify": _fortify,
    "asw": _asw,
    "sub_point": _sub_point,
    "bomber_point": _bomber_point,
    "transport": _transport,
    "lay": _lay,
    "advance": _advance,
    "unrestricted": _unrestricted,
    "repair_port": _repair_port,
    HOME_DEFENCE: lambda g, power, where: home_defence.add_step(g, where),
}


# -- the end of the phase (4.74-4.77) ----------------------------------------------------------


@RULES.implements("4.74", "4.75", "4.77")
def complete_markers(g: Context, charts: Charts) -> None:
    """Each marker paid in full delivers: a transport point (4.77), a naval step to a reduced
    fleet in a home port or a new fleet there (4.74), a Japanese air unit at full strength
    (4.75); one that cannot deliver waits, paid, for a later phase ("Built")."""
    waiting = []
    for marker in g.data["production"]["markers"]:
        if marker["kind"] == "transport":
            g.data["tracks"]["transport_capacity"] += 1
            g.log("log.transport_built", capacity=g.data["tracks"]["transport_capacity"])
        elif marker["paid"] < marker_cost(marker["kind"], charts) or not _deliver(g, marker):
            waiting.append(marker)
    g.data["production"]["markers"] = waiting


@RULES.implements("9.21")
def free_naval_steps(g: Context) -> None:
    """9.21: from Jan/Feb 1944 the US receives a CV, a BB and a CA step a turn without WERP,
    placed as a completed build marker's (4.74); a step with no fleet to take it is lost."""
    due = [s for s in load_forces().pools.us_free_naval_steps if s.since <= g.data["turn"]]
    if not due:
        return
    steps = due[-1]
    for kind in sorted(FLEETS):
        for _ in range(getattr(steps, kind)):
            _deliver(g, {"power": "usa", "kind": kind})


def _deliver(g: Context, marker: Mapping[str, Any]) -> bool:
    power, kind = marker["power"], marker["kind"]
    if kind in AIR_KINDS:
        return _deliver_air(g, power, kind)
    side = side_of(power)
    ports = [
        a for a in home_areas(power, None) if g.data["control"].get(a) == side and _home_port(a)
    ]
    for unit_id, unit in sorted(g.data["units"].items()):
        hidden = unit["hidden"]
        reduced = hidden["steps"] < load_forces().units[unit_id].max_steps
        ours = hidden["power"] == power and hidden["type"] == kind
        if ours and reduced and unit["where"] in ports:
            hidden["steps"] += 1
            conceal(g.data["units"], unit_id)
            g.log("log.naval_step", power=power, kind=kind, area=unit["where"])
            return True
    bases = [p for p in ports if shipping.usable_port(g.data, p)]  # 8.71
    for unit_id in g.data["pools"].get(power, []):
        unit = load_forces().units[unit_id]
        if isinstance(unit, Block) and unit.type == kind and bases:
            _build_fleet(g, power, unit, bases[0])
            return True
    return False


def _home_port(where: str) -> bool:
    return area_map().areas[where].has_port


def _build_fleet(g: Context, power: str, unit: Block, where: str) -> None:
    forces = load_forces()
    g.data["pools"][power].remove(unit.id)
    side = side_of(power)
    label = {**block_label(unit), "steps": 1}
    g.data["units"][unit.id] = new_unit(side, where, block_face(unit, forces), label)
    forget_pool_face(g.data, unit, forces)
    g.log("log.naval_step", power=power, kind=unit.type, area=where)


RULES.stand_in(
    "4.75",
    "A completed Japanese LBA enters in Honshu, a CBA in the box of a Japanese CV in a home port "
    "with room for it (the Orphan box is not kept yet; the CBA waits until a carrier has room).",
    key="japanese_air_placed",
)


def _deliver_air(g: Context, power: str, kind: str) -> bool:
    """4.75: a Japanese LBA to Honshu; a CBA to the box of a CV in a Japanese home port with
    room for two more steps (4.24); else it waits."""
    for unit_id in g.data["pools"].get(power, []):
        unit = load_forces().units[unit_id]
        if isinstance(unit, AirUnit) and unit.type == kind and not unit.elite:
            where = "honshu" if kind == "lba" else _carrier_room(g.data, power)
            if where is None:
                return False
            g.data["pools"][power].remove(unit_id)
            _place_air(g, unit_id, where, 2)
            return True
    return False


def _carrier_room(data: Mapping[str, Any], power: str) -> str | None:
    per_step = load_forces().file.limits.cba_steps_per_cv_step.value
    for unit in sorted(data["units"].values(), key=lambda u: str(u["hidden"].get("carrier_box"))):
        box = unit["hidden"].get("carrier_box")
        home = area_map().areas[unit["where"]].home_of == JAPAN_HOME
        if box is None or unit["hidden"]["power"] != power or not home:
            continue
        carried = sum(
            c["steps"] for c in data["counters"].values() if c["where"] == BOX_PREFIX + box
        )
        if carried + 2 <= per_step * unit["hidden"]["steps"]:
            return str(BOX_PREFIX + box)
    return None


ALL: Final[tuple[Procedure, ...]] = (Production(),)
