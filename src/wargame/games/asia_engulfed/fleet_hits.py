"""Dice and hits at sea: the die of an interception check or a damage roll, the volleys of
gunnery, air strikes and submarines, and how destroyed and damage results land on a fleet
(8.41 a, 8.42 f): a destroyed result takes an undamaged step first, a second damage destroys
the damaged step, a sunk carrier's CBA go with it."""

from __future__ import annotations

from collections.abc import Sequence

from wargame.engine.dice import D6
from wargame.engine.procedure import Context
from wargame.engine.tables import DiceGroup, roll_volley
from wargame.games.asia_engulfed.charts import Fire
from wargame.games.asia_engulfed.ground_combat import eliminate
from wargame.games.asia_engulfed.movement import to_pool
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.sea_forces import carried_air, fit_carrier


def d6(g: Context) -> int:
    """One die for an interception check or a damage roll."""
    return g.rng.roll(D6)


# -- hits on fleets (8.41 a, 8.42 f) --------------------------------------------------------


def sink(g: Context, fleet_id: str, sea: str) -> None:
    """A fleet with no step left goes to its force pool, in sight, its CBA with it."""
    lose_carried_air(g, fleet_id, sea)
    eliminate(g, fleet_id, sea)


@RULES.implements("8.42")
def lose_carried_air(g: Context, fleet_id: str, sea: str) -> None:
    """The CBA in the box of a carrier that is lost go to the force pool (8.42 g: aircraft
    beyond the surviving carriers' room are destroyed; a lost carrier has none)."""
    for counter_id in carried_air(g.data, fleet_id):
        to_pool(g, counter_id)
        g.log("log.air_eliminated", unit=counter_id, area=sea)


@RULES.implements("8.41", "8.42")
def strike(g: Context, fleet_id: str, destroyed: int, damage: int, sea: str) -> tuple[int, int]:
    """Apply ``destroyed`` then ``damage`` results to ``fleet_id``: a destroyed result takes an
    undamaged step first, a damage result damages a step, or destroys the damaged one. Returns
    the results left over once the fleet is gone."""
    for kind in ["destroyed"] * destroyed + ["damage"] * damage:
        if fleet_id not in g.data["units"]:
            return (destroyed, damage)
        hidden = g.data["units"][fleet_id]["hidden"]
        if kind == "destroyed" or hidden.get("damaged", 0):
            if kind == "damage" or hidden["steps"] == hidden.get("damaged", 0):
                hidden["damaged"] = 0
            hidden["steps"] -= 1
            g.log("log.fleet_step_destroyed", unit=fleet_id, area=sea)
        else:
            hidden["damaged"] = 1
            g.log("log.fleet_step_damaged", unit=fleet_id, area=sea)
        if kind == "destroyed":
            destroyed -= 1
        else:
            damage -= 1
        if hidden["steps"] == 0:
            sink(g, fleet_id, sea)
        else:
            fit_carrier(g, fleet_id, sea, to_orphans=False)  # 8.42 g, whenever a CV is hit
    return (destroyed, damage)


def volley(g: Context, fire: Fire, dice: int, bonus: int) -> tuple[int, int, list[int]]:
    """Roll ``dice`` against ``fire``: (destroyed, damaged, the faces)."""
    if dice <= 0:
        return (0, 0, [])
    rolled = roll_volley([DiceGroup(dice, bonus)], fire.thresholds, g.rng.roll)
    counts = (*rolled.counts, 0)
    return (counts[0], counts[1], [r.natural for r in rolled.rolls])


def roll_air(g: Context, fire: Fire, groups: Sequence[DiceGroup]) -> tuple[int, list[int]]:
    groups = [group for group in groups if group.count]
    if not groups:
        return (0, [])
    rolled = roll_volley(groups, fire.thresholds, g.rng.roll)
    return (rolled.hits, [r.natural for r in rolled.rolls])
