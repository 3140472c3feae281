"""The odds of a ground battle to come, for the bots' evaluation (``strategy.py``), not a rule.

Where a side's ground units stand in an objective the enemy holds (a landing, an overland
attack), the battle there decides the hex before the offensive ends. The evaluation used to
read its odds as attack / (attack + defence), which saw a lone reduced army landing on a
defended Manila as a fair bet: in a game of ``greedy`` against ``greedy`` (1942, seed 1) the
35th Army so landed alone on the US R Corps and was eliminated, and Japan lost a quarter to a
third of its ground battles as the offensive player. The odds here follow the battle's own
procedure (8.13, 8.4, Tables T4 and T5): both sides roll at once, hits are the rating times the
total attack, each side's hits flip or eliminate the other's units (full before reduced, an
amphibious attacker's defence halved), the side with more step losses loses and a tie goes to
the defender; the defender adds +3 against a landing on a hex it held, the attacker its terrain
modifier, shore bombardment and air superiority. Landings fight only if the attacker wins the
air-naval stage (8.13): that stage is read crudely, from the air and naval attack in the hex.
A landing that no ship escorted may be caught by the enemy's ships before the battle (7.45 B)
while the intelligence roll is still to come (CAUGHT_RISK). Every roll of the two dice is
counted (100 pairs): the exact odds of this simplified battle, remembered for the process.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final

from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import battle, charts, forces, offensives
from wargame.games.empire_of_the_sun.forces import enemy

CAUGHT_RISK: Final = 0.5
"""The chance that enemy ships within reach catch an unescorted landing (7.45 B), before the
intelligence roll: they react only on an Intercept (Table T2: a roll at or under the card's
intelligence value, most often about half the faces) and if the defender chooses to. Bot
knowledge, not a rule."""
INTERCEPTED_RISK: Final = 0.8
"""The same once an Intercept or Ambush lets the defender react: most often it does."""
NAVAL_REACH_PER_OC: Final = 5
"""A reacting ship's movement points per operations point of the offensive's card (Table T1,
6.26)."""
ROLLS: Final = range(10)
OP, RP = "japan", "allied"  # the attacker and the defender of ``attacker_wins``, either side
LOWEST_MODIFIED, HIGHEST_MODIFIED = -10, 20


@dataclass(frozen=True)
class Fighter:
    """A ground unit as the battle sees it: its attack now, its defence and its steps left (2 a
    full two-step unit, 1 a reduced or one-step one, 8.2 F 2)."""

    attack: int
    defence: int
    steps: int


Side = tuple[Fighter, ...]


def steps_lost(hits: int, fighters: Side, *, halved: bool = False) -> tuple[int, bool]:
    """The steps ``hits`` take from ``fighters`` as the roller would allocate them (8.4 B, 8.2 F
    1-3): every full unit reduced, weakest defence first, before any reduced one is eliminated;
    a unit whose defence is more than the hits left is not hit, and while a full unit stays
    unhit the rest of the hits are lost. Also whether a unit is left."""

    def defence(f: Fighter) -> int:
        return math.ceil(f.defence / 2) if halved else f.defence

    lost, left = 0, [f.steps for f in fighters]
    full = sorted(
        (i for i, f in enumerate(fighters) if f.steps == 2), key=lambda i: defence(fighters[i])
    )
    for i in full:
        if hits < defence(fighters[i]):
            return lost, True
        hits -= defence(fighters[i])
        left[i], lost = 1, lost + 1
    for i in sorted(range(len(fighters)), key=lambda i: defence(fighters[i])):
        if hits >= defence(fighters[i]):
            hits -= defence(fighters[i])
            left[i], lost = 0, lost + 1
    return lost, any(left)


@dataclass(frozen=True)
class GroundBattle:
    """A ground combat to come: the attacker's and the defender's units, their modifiers, and
    whether the attacker's defence is halved (it landed, 8.4 B)."""

    op: Side
    rp: Side
    op_drm: int
    rp_drm: int
    halved: bool


@lru_cache(maxsize=4096)
def attacker_wins(fight: GroundBattle, ratings: tuple[Fraction, ...]) -> float:
    """The chance that the attacker wins ``fight`` (8.4 C), over every pair of rolls;
    ``ratings``: Table T4 for the modified rolls LOWEST_MODIFIED to HIGHEST_MODIFIED."""
    if not fight.op:
        return 0.0
    if not fight.rp:
        return 1.0
    op_attack = sum(f.attack for f in fight.op)
    rp_attack = sum(f.attack for f in fight.rp)
    won = 0
    for op_roll in ROLLS:
        rp_lost, rp_left = steps_lost(hits(op_attack, op_roll + fight.op_drm, ratings), fight.rp)
        for rp_roll in ROLLS:
            rp_hits = hits(rp_attack, rp_roll + fight.rp_drm, ratings)
            op_lost, op_left = steps_lost(rp_hits, fight.op, halved=fight.halved)
            losses = {OP: op_lost, RP: rp_lost}
            won += battle.ground_result(OP, losses, {OP: op_left, RP: rp_left}) == OP
    return won / (len(ROLLS) * len(ROLLS))


def hits(attack: int, modified: int, ratings: tuple[Fraction, ...]) -> int:
    index = min(max(modified, LOWEST_MODIFIED), HIGHEST_MODIFIED) - LOWEST_MODIFIED
    return math.ceil(ratings[index] * attack)


def take_chance(
    g: Context, hex_id: str, side: str, support: Mapping[str, Mapping[str, float]]
) -> float:
    """The chance that ``side``'s ground units in ``hex_id``, an enemy-held hex, take it in the
    battle to come; ``support``: each side's air and naval attack by hex."""
    offensive: dict[str, Any] = g.data.get("offensive") or {}
    if offensive.get("side") != side:
        offensive = {}
    moved = offensive.get("moved", {})
    rp = enemy(side)
    here = forces.units_at(g, hex_id)
    mine = [u for u in here if is_ground(g, u, side) and not moved.get(u, {}).get("caught")]
    landed = [u for u in mine if moved.get(u, {}).get("mode") in battle.AMPHIBIOUS]
    overland = [u for u in mine if u not in landed]
    defenders = fighters(g, [u for u in here if is_ground(g, u, rp)])
    own_air, enemy_air = support[side].get(hex_id, 0.0), support[rp].get(hex_id, 0.0)
    air_naval = 1.0 if enemy_air <= 0 else own_air / (own_air + enemy_air)
    ratings = table_ratings(g)
    op_drm = op_modifiers(g, hex_id, side, here)

    def chance(fighting: list[str]) -> float:
        amphibious = any(u in landed for u in fighting)
        rp_drm = charts.ground_modifiers(g).held_before_assault if amphibious and defenders else 0
        fight = GroundBattle(fighters(g, fighting), defenders, op_drm, rp_drm, amphibious)
        return attacker_wins(fight, ratings)

    won = air_naval * chance(mine) + (1 - air_naval) * chance(overland)
    risk = catch_risk(offensive)
    unescorted = [u for u in landed if not offensives.escorted(g, offensive, moved[u])]
    if risk and unescorted and ships_within_reach(g, offensive, hex_id, rp):
        kept = [u for u in mine if u not in unescorted]
        won = (1 - risk) * won + risk * air_naval * chance(kept)
    return won


def is_ground(g: Context, unit_id: str, side: str) -> bool:
    return forces.is_class(g, unit_id, "ground") and forces.side_of(g, unit_id) == side


def fighters(g: Context, unit_ids: Iterable[str]) -> Side:
    return tuple(
        Fighter(forces.attack(g, u), forces.record(g, u).defense, forces.steps_left(g, u))
        for u in sorted(unit_ids)
    )


def op_modifiers(g: Context, hex_id: str, side: str, here: list[str]) -> int:
    """The attacker's terrain modifier, and shore bombardment and air superiority where only it
    has ships or flyers in the hex (8.4; Table T4's values)."""
    printed = charts.ground_modifiers(g)
    records = forces.parts(g).units
    kinds = {
        s: {records[u].unit_class for u in here if records[u].side == s}
        for s in (side, enemy(side))
    }
    mine, theirs = kinds[side], kinds[enemy(side)]
    total = battle.terrain_drm(g, hex_id)
    if "naval" in mine and "naval" not in theirs:
        total += printed.shore_bombardment
    if ("air" in mine or "naval" in mine) and not ({"air", "naval"} & theirs):
        total += printed.air_superiority
    return total


def table_ratings(g: Context) -> tuple[Fraction, ...]:
    table = charts.strike_chart(g, "ground").table
    return tuple(
        table.lookup("rating", roll) for roll in range(LOWEST_MODIFIED, HIGHEST_MODIFIED + 1)
    )


def catch_risk(offensive: dict[str, Any]) -> float:
    """How likely the defender's ships are to react (6.26), before they have: CAUGHT_RISK until
    the intelligence roll, INTERCEPTED_RISK once the condition lets them, none after a
    Surprise or once the reaction is made (a landing it caught is marked so, 7.45 B)."""
    if offensive.get("reaction") or not offensive:
        return 0.0
    if offensive["condition"] != "surprise":
        return INTERCEPTED_RISK
    return 0.0 if offensive["rolled"] else CAUGHT_RISK


def ships_within_reach(g: Context, offensive: dict[str, Any], hex_id: str, rp: str) -> bool:
    """Whether an enemy ship stands within a reaction's reach of ``hex_id``
    (NAVAL_REACH_PER_OC times the card's operations value)."""
    reach = NAVAL_REACH_PER_OC * int(offensive.get("oc", 1))
    board, records = forces.parts(g).board, forces.parts(g).units
    for unit_id, where in g.data["units"].items():
        unit = records[unit_id]
        ship = unit.side == rp and unit.unit_class == "naval" and where in board.hexes
        if ship and board.distance(where, hex_id) <= reach:
            return True
    return False
