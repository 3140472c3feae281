"""The day action's air combat (8.42 d-f), also flown in port attacks (8.7): escorts and CAP,
the fleets' and ports' anti-aircraft fire, the attack aircraft's targets and strikes, and air
losses (Japanese elite units first, 9.12)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from wargame.engine.log import Side
from wargame.engine.procedure import Context
from wargame.engine.tables import DiceGroup
from wargame.games.asia_engulfed import surprise
from wargame.games.asia_engulfed.air_commitment import (
    on_mission,
)
from wargame.games.asia_engulfed.charts import Charts, tables
from wargame.games.asia_engulfed.control import enemy
from wargame.games.asia_engulfed.fleet_hits import roll_air, strike, volley
from wargame.games.asia_engulfed.ground_combat import lose_air_step
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.sea_forces import (
    CARRIER_FIRST,
    air_steps,
    fleet_type,
    fleets_in,
    steps,
)

AIR_MISSIONS: Final = ("attack", "escort", "cap")

RULES.stand_in(
    "8.42",
    "Attack aircraft strike the fleet struck by fewest, carriers first (8.42 f's limit), and "
    "air losses fall on elite units first, then the unit with most steps; not chosen yet.",
    key="day_targets_by_priority",
)


# -- the day action (8.42) ------------------------------------------------------------------


def elite(data: Mapping[str, Any], counter_id: str) -> bool:
    return bool(data["counters"][counter_id].get("elite"))


def air_dice(
    data: Mapping[str, Any], counters: Sequence[str], bonus: int, charts: Charts
) -> list[DiceGroup]:
    """One die a step of ``counters``, elite units +1 (8.42 d, f; T11)."""
    groups = []
    for counter_id in counters:
        if counter_id in data["counters"]:
            extra = charts.air_modifiers.elite if elite(data, counter_id) else 0
            extra += surprise.air_bonus(data, counter_id, charts)  # 9.11 c
            groups.append(DiceGroup(data["counters"][counter_id]["steps"], bonus + extra))
    return groups


@RULES.implements("8.42", "9.12")
def lose_air(g: Context, counters: Sequence[str], hits: int, sea: str) -> int:
    """Take ``hits`` air steps from ``counters``: Japanese elite units first (9.12), then the
    unit with the most steps. Returns the hits left once they are all gone."""
    while hits > 0:
        alive = [c for c in counters if c in g.data["counters"]]
        if not alive:
            return hits
        data = g.data
        alive.sort(key=lambda c: (not elite(data, c), -data["counters"][c]["steps"], c))
        lose_air_step(g, alive[0], sea)
        hits -= 1
    return 0


@RULES.implements("8.42")
def air_to_air(g: Context, attacker: Side, sea: str) -> None:
    """The attacker's escorts and the defender's CAP fire at each other, 5-6 a step lost (elite
    +1); CAP hits beyond the escorts fall on the attack aircraft; CAP beyond twice the escorts
    fire at the attack aircraft instead, +1 (8.42 d)."""
    charts, data = tables(g.state), g.data
    defender = enemy(attacker)
    escorts = on_mission(data, attacker, "escort")
    cap = on_mission(data, defender, "cap")
    attackers = on_mission(data, attacker, "attack")
    if not cap:
        return
    mods = charts.air_modifiers
    excess = max(0, air_steps(data, cap) - mods.excess_cap_ratio * air_steps(data, escorts))
    at_escorts, at_attack = _split_steps(data, cap, air_steps(data, cap) - excess)
    fire = charts.dice.air_to_air
    escort_hits, e_faces = roll_air(g, fire, air_dice(data, escorts, 0, charts))
    cap_hits, c_faces = roll_air(g, fire, air_dice(data, at_escorts, 0, charts))
    excess_hits, x_faces = roll_air(g, fire, air_dice(data, at_attack, mods.excess_cap, charts))
    g.log("log.air_to_air", side=attacker, area=sea, rolls=e_faces, hits=escort_hits)
    g.log(
        "log.air_to_air",
        side=defender,
        area=sea,
        rolls=c_faces + x_faces,
        hits=cap_hits + excess_hits,
    )
    lose_air(g, cap, escort_hits, sea)
    left = lose_air(g, escorts, cap_hits, sea)
    lose_air(g, attackers, left + excess_hits, sea)


def _split_steps(
    data: Mapping[str, Any], counters: Sequence[str], first: int
) -> tuple[list[str], list[str]]:
    """Split ``counters`` by whole units: those making up ``first`` steps, and the rest."""
    head: list[str] = []
    for counter_id in counters:
        if air_steps(data, head) + data["counters"][counter_id]["steps"] <= first:
            head.append(counter_id)
    return head, [c for c in counters if c not in head]


@RULES.implements("8.42")
def anti_aircraft(g: Context, attacker: Side, sea: str, port_dice: int = 0) -> None:
    """The defender's fleets roll a die per two steps, damaged ones too, with a port's own
    dice when it is attacked (8.7); each 6 downs an attack aircraft step, escorts first if the
    defender has no CAP left (8.42 e)."""
    charts, data = tables(g.state), g.data
    defender = enemy(attacker)
    fleet_steps = sum(steps(data, f) for f in fleets_in(data, defender, sea))
    dice = fleet_steps // charts.air_modifiers.fleet_steps_per_aa_die + port_dice
    dice = surprise.allied_aa_dice(data, defender, sea, dice, charts)  # 9.11 f
    attackers = on_mission(data, attacker, "attack")
    if not dice or not attackers:
        return
    hits, faces = roll_air(g, charts.dice.anti_aircraft, [DiceGroup(dice)])
    g.log("log.anti_aircraft", side=defender, area=sea, rolls=faces, hits=hits)
    escorts = on_mission(data, attacker, "escort")
    order = attackers + escorts if on_mission(data, defender, "cap") else escorts + attackers
    lose_air(g, order, hits, sea)


@RULES.implements("8.42")
def air_targets(
    data: Mapping[str, Any], attacker: Side, sea: str, charts: Charts
) -> dict[str, str]:
    """The fleet each attack aircraft strikes: the one struck by fewest, carriers first; two
    at most on a fleet until every fleet has two (8.42 f)."""
    fleets = fleets_in(data, enemy(attacker), sea)
    fleets.sort(key=lambda f: (CARRIER_FIRST.index(fleet_type(data, f)), -steps(data, f), f))
    counts = dict.fromkeys(fleets, 0)
    found = {}
    for counter_id in on_mission(data, attacker, "attack"):
        if not fleets:
            break
        least = min(counts.values())
        target = next(f for f in fleets if counts[f] == least)
        found[counter_id] = target
        counts[target] += 1
    return found


def air_attack(
    g: Context, attacker: Side, sea: str, in_port: int = 0
) -> list[tuple[str, int, int]]:
    """The attack aircraft roll, a die a step, 6 destroys and 5 damages; CBA +1 against a CV,
    CA (or TT), elite +1, ``in_port`` against fleets in port (8.42 f, 8.7; T11): each target's
    (target, destroyed, damaged)."""
    charts, data = tables(g.state), g.data
    mods = charts.air_modifiers
    found = []
    for counter_id, target in sorted(air_targets(data, attacker, sea, charts).items()):
        counter = data["counters"][counter_id]
        bonus = in_port + (
            mods.cba_vs_cv_ca_tt
            if counter["type"] == "cba" and fleet_type(data, target) != "bb"
            else 0
        )
        bonus += mods.elite if counter.get("elite") else 0
        bonus += surprise.air_bonus(data, counter_id, charts)  # 9.11 c
        hit, dmg, faces = volley(g, charts.dice.air_attack, counter["steps"], bonus)
        g.log(
            "log.air_attack",
            unit=counter_id,
            target=target,
            area=sea,
            rolls=faces,
            hits=hit,
            damaged=dmg,
        )
        found.append((target, hit, dmg))
    return found


def land_air_attacks(g: Context, sea: str, results: Sequence[tuple[str, int, int]]) -> None:
    """Destroyed results first, then damage; what is left once a target is gone is lost."""
    for target, hit, _dmg in results:
        strike(g, target, hit, 0, sea)
    for target, _hit, dmg in results:
        strike(g, target, 0, dmg, sea)
