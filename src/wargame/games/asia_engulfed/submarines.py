"""Submarine units in a naval battle (8.5-8.53) and the damage resolution that follows
(8.6): attacks on damaged or undamaged fleets, the submarines going home, and each damaged
step rolled on the naval damage table (lost, or a repair marker)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.log import Side
from wargame.engine.procedure import Context
from wargame.engine.tables import DiceGroup
from wargame.games.asia_engulfed import combat_fog
from wargame.games.asia_engulfed.charts import tables
from wargame.games.asia_engulfed.control import SIDES, enemy
from wargame.games.asia_engulfed.fleet_hits import d6, roll_air, strike, volley
from wargame.games.asia_engulfed.ground_combat import eliminate
from wargame.games.asia_engulfed.movement import to_pool
from wargame.games.asia_engulfed.naval import HOLDING_BOX
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.sea_forces import (
    CARRIER_FIRST,
    ORPHAN_BOX,
    carried_air,
    damaged,
    fit_carrier_air,
    fleet_type,
    fleets_in,
    steps,
    submarine_in,
)

SUB_ATTACKS: Final = ("damaged", "undamaged")

RULES.stand_in(
    "8.5",
    "The submarine strikes the enemy carrier first, then the fleet with most steps, among the "
    "damaged or undamaged fleets as it attacks; the phase player's submarine decides first.",
    key="submarine_target_by_priority",
)


# -- submarines (8.5) -----------------------------------------------------------------------


def submarine_targets(data: Mapping[str, Any], side: Side, sea: str, kind: str) -> list[str]:
    """The enemy fleets ``side``'s submarine may attack: the damaged ones or the undamaged
    ones (8.51, 8.52), carriers first, then the fleet with most steps."""
    want = kind == "damaged"
    found = [f for f in fleets_in(data, enemy(side), sea) if bool(damaged(data, f)) == want]
    return sorted(
        found, key=lambda f: (CARRIER_FIRST.index(fleet_type(data, f)), -steps(data, f), f)
    )


def submarine_options(data: Mapping[str, Any], side: Side, sea: str) -> list[str]:
    if submarine_in(data, side, sea) is None:
        return []
    return [kind for kind in SUB_ATTACKS if submarine_targets(data, side, sea, kind)]


@RULES.implements("8.5", "8.51", "8.52")
def submarine_attack(g: Context, side: Side, sea: str, kind: str) -> None:
    """The defender's CV and CA steps, damaged or undamaged as the attack is, roll a die each
    (one at least), 6 a submarine step lost; the surviving submarine rolls a die a step at its
    target: against a damaged fleet 5-6 sinks the damaged step (one at most), against an
    undamaged one 5 damages and 6 destroys (8.51, 8.52)."""
    charts, data = tables(g.state), g.data
    sub = submarine_in(data, side, sea)
    if sub is None:
        return
    target = submarine_targets(data, side, sea, kind)[0]
    combat_fog.reveal_battle(g, sea, kind="fleet")  # the attack shows the fleets it meets
    defender = enemy(side)
    escorts = [
        f
        for f in fleets_in(data, defender, sea)
        if fleet_type(data, f) in ("cv", "ca") and bool(damaged(data, f)) == (kind == "damaged")
    ]
    asw = max(1, sum(steps(data, f) for f in escorts))
    hits, faces = roll_air(g, charts.dice.anti_submarine, [DiceGroup(asw)])
    g.log("log.anti_submarine", side=defender, area=sea, rolls=faces, hits=hits)
    counter = data["counters"][sub]
    counter["steps"] -= hits
    if counter["steps"] <= 0:
        to_pool(g, sub)
        g.log("log.submarine_sunk", side=side, area=sea)
        return
    fire = (
        charts.dice.submarine_vs_damaged
        if kind == "damaged"
        else charts.dice.submarine_vs_undamaged
    )
    hit, dmg, faces = volley(g, fire, counter["steps"], 0)
    g.log("log.submarine_attack", side=side, target=target, area=sea, rolls=faces, hits=hit + dmg)
    if kind == "damaged":
        strike(g, target, 0, min(hit, 1), sea)  # 8.51: the second hit is ignored
    else:
        strike(g, target, hit, dmg, sea)


@RULES.implements("8.53")
def submarines_home(g: Context, sea: str) -> None:
    """Once the battle in ``sea`` is over the submarine units there go back to the holding
    box (8.53)."""
    for counter in g.data["counters"].values():
        if counter["type"] == "submarine" and counter["where"] == sea:
            counter["where"] = HOLDING_BOX


# -- damage resolution (8.6) ----------------------------------------------------------------


@RULES.implements("8.6")
def resolve_damage(g: Context, sea: str) -> None:
    """Each damaged step leaves its fleet: a roll on the naval damage table says whether it is
    lost or how many WERP its repair needs (a damage marker on the naval production track);
    DEI cruisers lose it unrolled; CBA the carrier can no longer carry go to the orphan box."""
    charts = tables(g.state)
    for side in SIDES:
        for fleet_id in fleets_in(g.data, side, sea):
            if not damaged(g.data, fleet_id):
                continue
            hidden = g.data["units"][fleet_id]["hidden"]
            result: int | str = "lost"
            if hidden["power"] != "dei":
                roll = d6(g)
                result = charts.naval_damage.result(hidden["type"], roll)
                g.log("log.damage_roll", unit=fleet_id, area=sea, roll=roll)
            if result == "lost":
                g.log("log.damaged_step_lost", unit=fleet_id, area=sea)
            else:
                marker = {"power": hidden["power"], "type": hidden["type"], "werp": result}
                g.data["naval_repairs"] = [*g.data["naval_repairs"], marker]
                g.log("log.damaged_step_repair", unit=fleet_id, area=sea, werp=result)
            hidden["damaged"] = 0
            hidden["steps"] -= 1
            if hidden["steps"] == 0:
                for counter_id in carried_air(g.data, fleet_id):
                    g.data["counters"][counter_id]["where"] = ORPHAN_BOX
                eliminate(g, fleet_id, sea)
    fit_carrier_air(g, sea, to_orphans=True)
