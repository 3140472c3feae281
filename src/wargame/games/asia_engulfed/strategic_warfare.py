"""The strategic warfare segment (2.0) of Japan's production phase, after its income is known:
commerce raiding (the ASW roll 2.11, the submarine attack 2.12 with the dud torpedoes 2.14), the
cut in Japan's strategic moves (2.13) and strategic bombing (2.4); and the bomber point lost
when Japan takes a strategic air base (2.5), whenever that happens. Both are mandatory when the US
has the points (2.0). The lost tables 2.2 and 2.3 are tables.yaml's designs.

Decisions
---------
* **The surprise turn** (9.11h): no strategic warfare in the Nov/Dec 1941 turn.
* **Honshu is never raided** (2.12): the raid comes off what Japan receives beyond Honshu's 5
  WERP and 1 oil, never below them; bombing (2.42) may take Japan's WERP to 0.
* **Transport capacity** (2.12) drops by the raid at once; the points Japan has for this turn
  (``transports_available``) are not touched, so the loss bites from the next turn's reset.
* **A supplied strategic air base** (2.4): an Allied-controlled area the map marks as an air base,
  in at least partial US supply (a base the Allies can fly from; 2.4 says only "supplied").
* **Loss of a strategic air base** (2.5): the bomber point is lost the moment Japan takes
  control of the area (3.25), whoever held it before; never below 0 points.
* **2.13's cut** is kept in ``data["production"]["strategic_cut"]`` for this turn's strategic
  movement phase (:func:`strategic_limit`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from wargame.engine.dice import D6
from wargame.engine.procedure import Context
from wargame.games.asia_engulfed import supply
from wargame.games.asia_engulfed.board import area_map
from wargame.games.asia_engulfed.charts import Charts, tables
from wargame.games.asia_engulfed.registry import RULES

if TYPE_CHECKING:
    from wargame.games.asia_engulfed.production import Income

SURPRISE_TURN: Final = "1941-11"  # 9.11


def die(g: Context) -> int:
    """One d6 of the segment (tests fix it)."""
    return g.rng.roll(D6)


def is_surprise_turn(data: Mapping[str, Any]) -> bool:
    return bool(data["turn"] == SURPRISE_TURN and data.get("first_turn") == SURPRISE_TURN)


@RULES.implements("2.1", "9.11")
def run(g: Context, income: Income, charts: Charts) -> None:
    """Commerce raiding, then bombing, on Japan's income; oil stays in
    ``data["production"]["oil"]`` for the phase to add."""
    production = g.data["production"]
    production["oil"] = income.oil
    if is_surprise_turn(g.data):
        g.log("log.no_strategic_warfare")
        return
    raid = commerce_raiding(g, charts)
    if raid:
        _raid(g, income, raid)
    _cut_strategic_moves(g, charts)
    bombing(g, charts)


@RULES.implements("2.1", "2.11", "2.12", "2.14", "2.2", "2.3")
def commerce_raiding(g: Context, charts: Charts) -> int:
    """The ASW roll (2.11), then, if sub points remain, the attack (2.12): its result."""
    tracks = g.data["tracks"]
    if tracks["us_sub_points"] < 1:
        return 0
    roll = die(g)
    lost = min(tracks["us_sub_points"], charts.asw.result(tracks["asw_level"], roll))
    tracks["us_sub_points"] -= lost
    g.log("log.asw_roll", roll=roll, level=tracks["asw_level"], lost=lost)
    if tracks["us_sub_points"] < 1:
        return 0
    sw = charts.strategic_warfare
    roll = die(g)
    modified = roll + (sw.dud_bonus if tracks["dud_torpedoes"] == 0 else 0)
    result = charts.submarine_attack.result(tracks["us_sub_points"], modified)
    g.log("log.commerce_raid", roll=modified, points=tracks["us_sub_points"], result=result)
    if roll <= sw.dud_roll_at_most and tracks["dud_torpedoes"] > 0:
        tracks["dud_torpedoes"] -= 1
        g.log("log.dud_torpedoes", left=tracks["dud_torpedoes"])
    return result


def _raid(g: Context, income: Income, raid: int) -> None:
    """2.12: the same loss off Japan's WERP (not Honshu's), oil (not Honshu's) and capacity."""
    production = g.data["production"]
    werp = production["werp"]["japan"]
    werp_floor = min(werp, income.honshu_werp)
    production["werp"]["japan"] = max(werp_floor, werp - raid)
    oil_floor = min(production["oil"], income.honshu_oil)
    production["oil"] = max(oil_floor, production["oil"] - raid)
    tracks = g.data["tracks"]
    tracks["transport_capacity"] = max(0, tracks["transport_capacity"] - raid)
    g.log("log.raided", werp=werp - production["werp"]["japan"], capacity=raid)


@RULES.implements("2.13")
def _cut_strategic_moves(g: Context, charts: Charts) -> None:
    tracks = g.data["tracks"]
    per = charts.strategic_warfare.sub_points_per_strategic_move
    g.data["production"]["strategic_cut"] = tracks["us_sub_points"] // per


@RULES.implements("2.13", "5.24")
def strategic_limit(data: Mapping[str, Any], power: str, charts: Charts) -> int:
    """Units ``power`` may strat-move this turn: T15's, Japan's less 2.13's cut, never below its
    ASW level."""
    printed = charts.strategic_move_limit(power)  # type: ignore[arg-type]
    if power != "japan":
        return printed
    cut = int(data["production"]["strategic_cut"])
    return max(min(printed, int(data["tracks"].get("asw_level", 0))), printed - cut)


def strategic_air_bases(data: Mapping[str, Any]) -> list[str]:
    """The Allied-controlled strategic air bases in US supply (2.4)."""
    report = supply.supply_report(data, "allies")
    return sorted(
        a.id
        for a in area_map().areas.values()
        if a.airbase
        and data["control"].get(a.id) == "allies"
        and report.where(a.id, "usa") != "out"
    )


@RULES.implements("2.4", "2.41", "2.42")
def bombing(g: Context, charts: Charts) -> None:
    """Each committed bomber point rolls a die, a hit on the bombing threshold costing Japan 1
    WERP this turn, 5 at most (2.42); 2 points a supplied base (2.4)."""
    points = g.data["tracks"]["us_bomber_points"]
    bases = strategic_air_bases(g.data) if points >= 1 else []
    if not bases:
        return
    sw = charts.strategic_warfare
    committed = min(points, sw.bomber_points_per_air_base * len(bases))
    rolls = [die(g) for _ in range(committed)]
    hits = sum(1 for roll in rolls if roll >= (charts.dice.strategic_bombing.hits or 7))
    production = g.data["production"]
    lost = min(hits, sw.bombing_most_werp, production["werp"]["japan"])
    production["werp"]["japan"] -= lost
    g.log("log.bombing", rolls=" ".join(map(str, rolls)), points=committed, werp=lost)


@RULES.implements("2.5")
def air_base_taken(g: Context, where: str, holder: str) -> None:
    """Japan taking an Allied strategic air base costs the US a bomber point (2.5; none below 0)."""
    if holder != "japan" or not area_map().areas[where].airbase:
        return
    tracks = g.data["tracks"]
    per_base = tables(g.state).strategic_warfare.bomber_points_lost_per_air_base
    lost = min(tracks.get("us_bomber_points", 0), per_base)
    if lost == 0:
        return
    tracks["us_bomber_points"] -= lost
    g.log("log.air_base_lost", area=where, lost=lost, points=tracks["us_bomber_points"])
