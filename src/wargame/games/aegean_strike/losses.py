"""Hits and their effects: air-to-air combat (9.06), strikes (9.06), aborts (9.07), airbase hits
(9.10 item 2), units eliminated, the Battlefield Controller's hits (5) and the provisional
victory score.

Decisions
- A unit is eliminated when its hits reach its hit capacity (air and naval: the unit's values;
  ground: the ground hits table by size). A sunk carrier takes the air units waiting aboard
  with it (10.06, provisional), and the E-2 flying over it for good (9.03, :mod:`e2_carrier`).
- Hits on the Battlefield Controller's air and ground units count towards the 15 that pass
  control (5); hits on airbases, ships and depots do not (spec open question 14).
- Each hit a side scores on an enemy unit or airbase is a point of its score (the provisional
  victory of the scenario, 21.06).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from wargame.engine.dice import Die
from wargame.engine.procedure import Context
from wargame.games.aegean_strike import airdrop, detection, e2_carrier, optional, state
from wargame.games.aegean_strike.charts import HitChart
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.registry import RULES

D10: Final = Die(10)
"""0.02 (seed): a d10 whose 0 counts 10, so faces 1-10."""
RULES.declare("0.02", where="wargame.games.aegean_strike.losses.D10")
D10_REASON: Final = "air_combat"
ANTI_AIR: Final = frozenset({"air_superiority", "escort", "air_interception", "cap"})
STRIKE_VALUE: Final = {"bombing_strike": "bombing", "asm_strike": "asm", "asw_strike": "underwater"}


def reveal(g: Context, flight: dict[str, Any]) -> None:
    if not flight["revealed"]:
        flight["revealed"] = True
        g.reveal()
        g.log(
            "log.revealed",
            side=flight["side"],
            flight=flight["id"],
            mission=flight["mission"],
            escorts=len(flight["escorts"]),
        )


def capacity(g_tables: Mapping[str, Any], uid: str) -> int:
    category = forces().category(state.unit(uid))
    if category == "ground":
        return airdrop.weight(g_tables, uid)
    if category == "naval":
        return int(state.naval_values(uid).hits)
    return int(state.air_values(uid).hits)


def record_of(data: Mapping[str, Any], uid: str) -> dict[str, Any]:
    for key in ("air", "naval", "ground"):
        if uid in data[key]:
            found: dict[str, Any] = data[key][uid]
            return found
    raise KeyError(uid)


@RULES.implements("5", "9.06")
def damage(g: Context, uid: str, hits: int) -> None:
    """Give ``uid`` hits: it may be eliminated; they count for the controller and the score."""
    if hits <= 0:
        return
    side = state.side_of(g.data, uid)
    record = record_of(g.data, uid)
    record["hits"] += hits
    g.data["score"][state.other(side)] += hits
    if side == g.data["controller"] and (uid in g.data["air"] or uid in g.data["ground"]):
        g.data["bc_hits"] += hits
    g.log("log.hits", unit=uid, hits=hits, total=record["hits"])
    if record["hits"] >= capacity(game_tables(g.state), uid):
        eliminate(g, uid)


@RULES.implements("13.09", "9.03")
def eliminate(g: Context, uid: str) -> None:
    for key in ("air", "naval", "ground"):
        g.data[key].pop(uid, None)
    g.data["eliminated"].append(uid)
    g.log("log.eliminated", unit=uid)
    e2_carrier.carrier_sunk(g, uid)  # 9.03: the E-2 over a sunk carrier is lost for good
    flight = g.data.get("flight")
    if flight is not None and uid in flight["aborted"]:
        flight["aborted"].remove(uid)
    for aboard in [u for u, r in g.data["air"].items() if r["base"] == uid]:
        if flight is None or aboard not in [*flight["units"], *flight["interceptors"]]:
            eliminate(g, aboard)
    for cargo in [u for u, r in g.data["ground"].items() if r.get("aboard") == uid]:
        eliminate(g, cargo)  # 13.09: a sunk transport takes its troops down with it


@RULES.implements("9.07")
def abort(g: Context, flight: dict[str, Any], uid: str) -> None:
    if uid in g.data["air"] and uid not in flight["aborted"]:
        flight["aborted"].append(uid)
        g.log("log.aborted", unit=uid)


def spread(g: Context, flight: dict[str, Any], units: list[str], hits: int) -> None:
    """Hits on a group, one unit at a time in order (:func:`hit_order`); each unit hit aborts
    (9.07)."""
    for uid in hit_order(game_tables(g.state), g.data, units, hits):
        abort(g, flight, uid)
        damage(g, uid, 1)


@RULES.implements("9.07")
def hit_order(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], units: list[str], hits: int
) -> list[str]:
    """The unit each of ``hits`` falls on, in turn: the units still flying, taken in order and
    round again, a unit dropping out once its hits reach its capacity (eliminated, 5)."""
    flying = [u for u in units if u in data["air"]]
    left = {u: capacity(g_tables, u) - record_of(data, u)["hits"] for u in flying}
    alive = list(left)
    found = []
    for n in range(hits):
        alive = [u for u in alive if left[u] > 0]
        if not alive:
            break
        uid = alive[n % len(alive)]
        left[uid] -= 1
        found.append(uid)
    return found


RULES.stand_in(
    "16.12",
    "a combat range between the maps is counted on the strategic grid, as detection (14.06)",
    key="between_maps",
)


@RULES.implements("16.12")
def in_range(here: str, there: str, reach: int) -> bool:
    """Whether a unit in ``here`` reaches ``there`` with a combat range of ``reach``
    operational hexes, on one map or across the two: a strategic hex counts ten (provisional
    16.12), so a unit on the strategic map fights one on the operational map when the
    operational hex lies in its strategic hex or a range spans the strategic grid."""
    return state.distance(here, there) <= reach


def strength(values: list[int], ecm: list[int]) -> int:
    """A summed attack value less the best ECM of the other side (provisional, 16.07)."""
    return max(0, sum(values) - max(ecm, default=0))


@dataclass(frozen=True, slots=True)
class AirFight:
    """Air-to-air combat worked out before the dice (9.06, 16.07): the interceptors and their
    anti-air values, the group's flying units and their ECM, its units that fight (escorts and
    units on an anti-air mission) and their anti-air values, and each side's strength."""

    interceptors: tuple[tuple[str, int], ...]
    fliers_ecm: tuple[tuple[str, int], ...]
    fighters: tuple[tuple[str, int], ...]
    interceptors_ecm: tuple[int, ...]

    @property
    def theirs(self) -> int:
        """The interceptors' strength: their anti-air values less the group's best ECM."""
        return strength([v for _, v in self.interceptors], [v for _, v in self.fliers_ecm])

    @property
    def ours(self) -> int:
        """The group's strength: its fighters' anti-air less the interceptors' best ECM."""
        return strength([v for _, v in self.fighters], list(self.interceptors_ecm))

    def on_flight(self, g_tables: Mapping[str, Any], roll: int) -> int:
        return int(g_tables["air_naval_combat"].hits(self.theirs, roll))

    def on_interceptors(self, g_tables: Mapping[str, Any], roll: int) -> int:
        return int(g_tables["air_naval_combat"].hits(self.ours, roll))


@RULES.implements("9.06", "9.03", "16.07")
def air_to_air_strengths(data: Mapping[str, Any], flight: Mapping[str, Any]) -> AirFight:
    """Who fights in the air combat and with what (a strike unit may not use its anti-air
    value, 9.03)."""
    fliers = [u for u in flight["units"] if u in data["air"]]
    fighters = [u for u in fliers if u in flight["escorts"] or flight["mission"] in ANTI_AIR]
    interceptors = list(flight["interceptors"])
    return AirFight(
        tuple((u, int(state.air_values(u).anti_air)) for u in interceptors),
        tuple((u, int(state.air_values(u).ecm)) for u in fliers),
        tuple((u, int(state.air_values(u).anti_air)) for u in fighters),
        tuple(int(state.air_values(u).ecm) for u in interceptors),
    )


@RULES.implements("9.06", "16.07", "16.01")
def air_to_air(g: Context, flight: dict[str, Any]) -> None:
    """Both groups fire at once; the flight's marker is revealed as its escorts fight. CAP
    fights the same way (16.01, provisional)."""
    reveal(g, flight)
    g_tables = game_tables(g.state)
    fight = air_to_air_strengths(g.data, flight)
    fliers = [u for u, _ in fight.fliers_ecm]
    interceptors = [u for u, _ in fight.interceptors]
    theirs, ours = fight.theirs, fight.ours
    enemy = state.other(flight["side"])
    roll_theirs = g.roll(D10, enemy, D10_REASON)
    roll_ours = g.roll(D10, flight["side"], D10_REASON)
    on_flight = fight.on_flight(g_tables, roll_theirs)
    on_interceptors = fight.on_interceptors(g_tables, roll_ours)
    g.log(
        "log.air_combat",
        hex=flight["target_hex"],
        attack=theirs,
        hits=on_flight,
        defence=ours,
        hits_back=on_interceptors,
    )
    escorts_first = [u for u in fliers if u in flight["escorts"]]
    spread(g, flight, escorts_first + [u for u in fliers if u not in escorts_first], on_flight)
    spread(g, flight, interceptors, on_interceptors)


RULES.stand_in("16.10", "ships near the target fire once at the arriving group", key="ship_to_air")


@dataclass(frozen=True, slots=True)
class GroupFire:
    """The fire an arriving group meets with no decision of either side (ships 16.10, anti-air
    ground units 16.05, the Soviet air defence 9.09), worked out before the die: who fires with
    what anti-air value, the group's flying units and their ECM (the best comes off, 16.07), the
    cut of its anti-radiation missiles (19.08; radar-guided fire only) and the chart read.
    :meth:`hits` reads the chart for a face of the die; the fire in play
    (:func:`fire_at_group`) and its preview (:mod:`air_previews`) both use it."""

    kind: str
    """``ship_fire``, ``ground_fire`` or ``air_defence``: the die's reason and the log line."""
    firers: tuple[tuple[str, int], ...]
    """The units firing and their anti-air values (the Soviet air defence: the airbase it
    fires from, with the table's strength)."""
    fliers_ecm: tuple[tuple[str, int], ...]
    cut: int
    chart: str
    """The table read: ``air_naval_combat`` or ``air_to_ground_combat``."""
    hit_chart: HitChart

    @property
    def attack(self) -> int:
        return sum(value for _, value in self.firers)

    @property
    def ecm(self) -> int:
        return max((value for _, value in self.fliers_ecm), default=0)

    @property
    def power(self) -> int:
        """The fire's strength: its anti-air values less the group's best ECM, less the cut
        of its anti-radiation missiles (19.08)."""
        return max(0, strength([self.attack], [self.ecm]) - self.cut)

    def hits(self, roll: int) -> int:
        return int(self.hit_chart.hits(self.power, roll))


def group_fire(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    flight: Mapping[str, Any],
    kind: str,
    firers: list[tuple[str, int]],
    *,
    chart: str,
    radar: bool,
) -> GroupFire | None:
    """The fire of ``firers`` at ``flight``'s flying units (None: no one fires, or no one is
    left to fire at); ``radar``: radar-guided fire, which anti-radiation missiles lower."""
    fliers = [u for u in flight["units"] if u in data["air"]]
    if not firers or not fliers:
        return None
    cut = optional.arm_cut(data, fliers) if radar else 0
    ecm = tuple((u, int(state.air_values(u).ecm)) for u in fliers)
    return GroupFire(kind, tuple(firers), ecm, cut, chart, g_tables[chart])


@RULES.implements("9.06", "16.10", "16.12", "19.08")
def ship_fire_odds(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], flight: Mapping[str, Any]
) -> GroupFire | None:
    """Ship-to-air: the enemy ships within their anti-air combat range of the target hex fire
    together at the group as it arrives, on the Air/Naval chart."""
    reach = g_tables["detection"].combat_ranges.ship_anti_air
    enemy = state.other(flight["side"])
    ships = [
        (uid, int(state.naval_values(uid).anti_air))
        for uid, record in sorted(data["naval"].items())
        if state.side_of(data, uid) == enemy
        and state.naval_values(uid).anti_air > 0
        and in_range(record["hex"], flight["target_hex"], reach)
    ]
    return group_fire(g_tables, data, flight, "ship_fire", ships, chart="air_naval_combat",
                      radar=True)  # fmt: skip


@RULES.implements("9.07", "14.05", "19.08")
def fire_at_group(g: Context, flight: dict[str, Any], fire: GroupFire | None, **count: int) -> None:
    """``fire`` at the arriving group: the units that fire are seen (14.05); the hits fall on the
    group and abort (9.07). ``count``: the number of firers its log line gives."""
    if fire is None:
        return
    if fire.cut and strength([fire.attack], [fire.ecm]):
        g.log("log.arm_fire", hex=flight["target_hex"], cut=fire.cut)  # 19.08
    detection.fought(g.data, [uid for uid, _ in fire.firers])
    roll = g.roll(D10, state.other(flight["side"]), fire.kind)
    hits = fire.hits(roll)
    g.log(f"log.{fire.kind}", hex=flight["target_hex"], **count, attack=fire.power, hits=hits)
    spread(g, flight, [uid for uid, _ in fire.fliers_ecm], hits)


def ship_fire(g: Context, flight: dict[str, Any]) -> None:
    """Ship-to-air fire (:func:`ship_fire_odds`) at the arriving group."""
    fire = ship_fire_odds(game_tables(g.state), g.data, flight)
    fire_at_group(g, flight, fire, ships=len(fire.firers) if fire else 0)


def strikers(data: Mapping[str, Any], flight: Mapping[str, Any]) -> list[str]:
    """The group's strike units still flying, not aborted (9.07)."""
    return [
        u
        for u in flight["units"]
        if u in data["air"] and u not in flight["escorts"] and u not in flight["aborted"]
    ]


@dataclass(frozen=True, slots=True)
class ChanceOdds:
    """A roll that scores ``result`` on a d10 of ``chance`` or less and nothing above it (a
    salvo of cruise missiles, 19.09; a raid, 11.12; a minefield's strike and a sweep from the
    air, 13.08), worked out before the die by the rule's odds function
    (:func:`cruise.odds`, :func:`special_ops.raid_odds`, :func:`mines.strike_odds`,
    :func:`mines.sweep_odds`), with the rule and the table it comes from. :meth:`on` reads a
    face of the die; the roll in play and its preview (:mod:`chance_previews`) both use it."""

    rule: str
    table: str
    chance: int
    result: int
    """The hits scored (a sweep: 1, the field cleared)."""

    def on(self, face: int) -> int:
        return self.result if face <= self.chance else 0


@dataclass(frozen=True, slots=True)
class StrikeOdds:
    """A strike's attack on one target worked out before the die (9.06): the strike units and
    the value each attacks with, the target's ECM taken off their sum (16.08), the chart read
    and its column shift (9.03, table ``field_strike``). :meth:`hits` reads the chart for a
    face of the die; the strike in play and its preview (:mod:`air_previews`) both use it."""

    target: str
    value: str
    """The strike units' value: bombing, asm or underwater (``STRIKE_VALUE``)."""
    strikers: tuple[tuple[str, int], ...]
    ecm: int
    chart: str
    """The table read: ``air_naval_combat`` or ``air_to_ground_combat``."""
    shift: int
    hit_chart: HitChart

    @property
    def power(self) -> int:
        return strength([value for _, value in self.strikers], [self.ecm])

    @property
    def column(self) -> str | None:
        """The strength's column before its shift (None: too weak to score)."""
        return self.hit_chart.column(self.power)

    @property
    def shifted_column(self) -> str | None:
        column = self.column
        if column is None:
            return None
        table = self.hit_chart.table
        return table.columns[table.shift_column(column, self.shift)]

    def hits(self, roll: int) -> int:
        return self.hit_chart.hits(self.power, roll, self.shift)


@RULES.implements("9.06", "16.06", "16.08", "9.03", "12.01")
def strike_odds(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    flight: Mapping[str, Any],
    target: str,
    *,
    depot: bool = False,
) -> StrikeOdds:
    """The odds of the group's strike on ``target``: a ship on the air/naval chart less its
    ECM (16.08), a ground unit, an airbase or a depot (``depot``: ``target`` is its hex,
    12.01) on the air-to-ground chart (16.06), a transport waiting in the field (9.03,
    provisional) on the chart and column shift of table ``field_strike``."""
    value = "bombing" if depot else STRIKE_VALUE[flight["mission"]]
    naval = not depot and target in data["naval"]
    ecm = state.naval_values(target).ecm if naval else 0
    units = tuple((u, int(getattr(state.air_values(u), value))) for u in strikers(data, flight))
    chart, shift = "air_naval_combat" if naval else "air_to_ground_combat", 0
    if not depot and target in data["air"]:  # 9.03: a transport on the ground in the field
        row = g_tables["field_strike"]
        chart, shift = row.chart, row.shift
    return StrikeOdds(target, value, units, ecm, chart, shift, g_tables[chart])


@RULES.implements("9.06", "9.10", "16.06", "16.08", "9.03")
def strike(g: Context, flight: dict[str, Any], target: str) -> None:
    """The strike units attack one target in the hex (:func:`strike_odds`)."""
    odds = strike_odds(game_tables(g.state), g.data, flight, target)
    power = odds.power
    roll = g.roll(D10, flight["side"], "strike")
    hits = odds.hits(roll)
    detection.fought(g.data, [target])
    g.log("log.strike", side=flight["side"], target=target, attack=power, hits=hits)
    if target in g.data["airbases"]:
        hit_airbase(g, flight, target, hits)
        return
    if g.data.get("cas"):
        supported(g.data, flight["side"], target, hits)
    damage(g, target, hits)


def supported(data: dict[str, Any], side: str, target: str, hits: int) -> None:
    """Close air support hits on a unit fighting a land combat count for ``side`` in it."""
    for combat in data["combats"]:
        if target in combat["units"] or data["ground"][target]["hex"] == combat["hex"]:
            combat["cas"][side] = combat["cas"].get(side, 0) + hits


def hit_airbase(g: Context, flight: dict[str, Any], base: str, hits: int) -> None:
    """9.10 item 2: hits recorded on the base, inoperative at 6 (small) or 12 (large) hits;
    as many hits fall on the air units waiting there, the owner choosing."""
    if hits <= 0:
        return
    g.data["airbases"][base] += hits
    g.data["score"][flight["side"]] += hits
    limit = getattr(game_tables(g.state)["airbases"], state.airbase_size(base)).inoperative_at
    if g.data["airbases"][base] >= limit and base not in g.data["inoperative"]:
        g.data["inoperative"].append(base)
        g.log("log.inoperative", base=base)
    flight["hit_base"] = base
    flight["base_hits"] = hits
