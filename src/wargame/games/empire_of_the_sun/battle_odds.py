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

Within an offensive, the air-naval stage is played out the same way (``air_naval_outcomes``):
both sides' strikers (8.11, 8.12, as ``battle.participants`` finds them), their rolls on Table T3
in the condition's order (8.2 C-E), hits flipping then eliminating the weakest first, flyers
out of reach of the hitter's ships hit only one for one with its own flyers (F4), and where
only one side has air or naval units its hits falling on the other's ground units, never on
the last step (8.2 F5). Its winner (8.3: the higher surviving attack; the RP where only it
still flies) decides whether the landed units fight, and the ground units left fight the
ground combat. Critical hits are left out.

Read from air and naval attack alone (the attacker's share of both), the stage misled the bots: in
the 8 recorded games of the search bot as Japan against ``greedy`` of the bridgehead trial
(2026-12-07, ``docs/computer-opponents.md``), Japan fought 68 air-naval stages with less attack than
the Allies (30 % of the two sides' on average, which the share read as a 30 % chance) and won none;
and in one of them (seed 5) Japanese armies marched into Rangoon alone three times, each shot at by
the Allied aircraft there before its ground combat, which the odds left out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Final, NamedTuple

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
    1-3, as ``allocate`` does), an amphibious attacker's defence ``halved``; also whether a unit
    is left."""
    force = tuple(
        Target(f.attack, f.attack, math.ceil(f.defence / 2) if halved else f.defence, f.steps)
        for f in fighters
    )
    left = allocate(hits, force)
    return sum(f.steps for f in fighters) - sum(t.steps for t in left), bool(left)


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


@dataclass(frozen=True)
class Target:
    """A unit as an air-naval strike sees it: its attack full and reduced (halved already where
    it strikes at extended range), its defence, its steps left, whether it is a ground unit
    (only hit where its side has no air or naval unit, never its last step: 8.2 F5) and one
    that landed (it fights only after an OP air-naval victory, 8.13); for a striker, whether it
    flies (an air unit or a carrier), stands in the battle hex, and is a ship there (a naval
    unit in the hex exposes the enemy's flyers there, 8.2 F4)."""

    attack: int
    reduced_attack: int
    defence: int
    steps: int
    ground: bool = False
    landed: bool = False
    flies: bool = False
    here: bool = False
    ship_here: bool = False

    def attack_now(self) -> int:
        return self.attack if self.steps == 2 else self.reduced_attack if self.steps else 0

    def fighter(self) -> Fighter:
        return Fighter(self.attack_now(), self.defence, self.steps)


Force = tuple[Target, ...]


@dataclass(frozen=True)
class AirNavalBattle:
    """A battle's air-naval stage to come: each side's strikers and ground units, their die-roll
    modifiers, and the order of fire (``battle.strike_order``, "op" and "rp")."""

    op_strikers: Force
    rp_strikers: Force
    op_ground: Force
    rp_ground: Force
    op_drm: int
    rp_drm: int
    order: tuple[tuple[str, ...], ...]


class Outcome(NamedTuple):
    """After the air-naval stage: whether the OP won it, and each side's units left."""

    op_won: bool
    op_ground: Force
    rp_ground: Force
    op_strikers: Force
    rp_strikers: Force


def allocate(hits: int, force: Force, hitter: Force | None = None) -> Force:
    """``force`` after ``hits`` (8.2 F1-F5): every full unit flipped, weakest defence first,
    before a reduced one is eliminated; a unit whose defence is more than the hits left is not
    hit, and while a full unit stays unhit the rest are lost; the last ground step stays. Where
    the ``hitter``'s strikers are given, a flyer out of reach of its ships is hit only one for
    one with the hitter's own flyers (F4), and one left full so keeps the reduced ones alive."""
    left = [t.steps for t in force]
    ground_steps = sum(t.steps for t in force if t.ground)
    reach = flyer_reach(force, hitter)
    matched: set[int] = set()

    def may_hit(i: int) -> bool:
        return i not in reach.protected or i in matched or len(matched) < reach.matches

    def take(i: int) -> bool:
        nonlocal hits, ground_steps
        target = force[i]
        if hits < target.defence or (target.ground and ground_steps <= 1):
            return False
        hits -= target.defence
        left[i] -= 1
        ground_steps -= 1 if target.ground else 0
        if i in reach.protected:
            matched.add(i)
        return True

    by_defence = sorted(range(len(force)), key=lambda i: force[i].defence)
    full_left = False
    for i in by_defence:
        if left[i] == 2 and not may_hit(i):
            full_left = True
        elif left[i] == 2 and not take(i):
            return tuple(replace_steps(force, left))
    if full_left:
        return tuple(replace_steps(force, left))
    for i in by_defence:
        if left[i] == 1 and may_hit(i):
            take(i)
    return tuple(replace_steps(force, left))


class FlyerReach(NamedTuple):
    """Which of a force's units are flyers the hitter may hit only one for one (8.2 F4), and how
    many such matches its own flyers give."""

    protected: frozenset[int]
    matches: int


def flyer_reach(force: Force, hitter: Force | None) -> FlyerReach:
    if hitter is None:
        return FlyerReach(frozenset(), 0)
    ships_here = any(t.ship_here for t in hitter)
    protected = frozenset(i for i, t in enumerate(force) if t.flies and not (ships_here and t.here))
    return FlyerReach(protected, sum(1 for t in hitter if t.flies))


def replace_steps(force: Force, steps: list[int]) -> list[Target]:
    return [
        Target(
            t.attack,
            t.reduced_attack,
            t.defence,
            n,
            t.ground,
            t.landed,
            t.flies,
            t.here,
            t.ship_here,
        )
        for t, n in zip(force, steps, strict=True)
        if n > 0
    ]


def total(force: Force) -> int:
    return sum(t.attack_now() for t in force)


@lru_cache(maxsize=4096)
def air_naval_outcomes(
    fight: AirNavalBattle, ratings: tuple[Fraction, ...]
) -> tuple[tuple[float, Outcome], ...]:
    """Each outcome of the air-naval stage with its chance, over every pair of rolls (Table T3
    ``ratings`` for the modified rolls LOWEST_MODIFIED to HIGHEST_MODIFIED)."""
    found: dict[Outcome, float] = {}
    share = 1 / len(ROLLS) ** 2
    for op_roll in ROLLS:
        for rp_roll in ROLLS:
            outcome = exchange(fight, {"op": op_roll, "rp": rp_roll}, ratings)
            found[outcome] = found.get(outcome, 0.0) + share
    return tuple((chance, outcome) for outcome, chance in found.items())


def exchange(
    fight: AirNavalBattle, rolls: dict[str, int], ratings: tuple[Fraction, ...]
) -> Outcome:
    """The stage with these natural rolls: the strikes in their order (8.2 C-E), then its
    winner (8.3): the higher surviving attack, ties to the RP, the RP where only it still has
    strikers or flyers; nobody left at all an OP victory."""
    strikers = {"op": fight.op_strikers, "rp": fight.rp_strikers}
    ground = {"op": fight.op_ground, "rp": fight.rp_ground}
    drm = {"op": fight.op_drm, "rp": fight.rp_drm}
    for volley in fight.order:
        struck: dict[str, tuple[int, Force]] = {}
        for side in volley:
            target = "rp" if side == "op" else "op"
            shot = hits(total(strikers[side]), rolls[side] + drm[side], ratings)
            struck[target] = (shot, strikers[side])
        for target, (shot, hitter) in struck.items():
            if strikers[target]:
                strikers[target] = allocate(shot, strikers[target], hitter)
            elif ground[target]:
                ground[target] = allocate(shot, ground[target])
    op_left, rp_left = strikers["op"], strikers["rp"]
    op_won = (not op_left and not rp_left) or (bool(op_left) and total(op_left) > total(rp_left))
    if any(t.flies for t in rp_left) and not any(t.flies for t in op_left):
        op_won = False
    return Outcome(op_won, ground["op"], ground["rp"], op_left, rp_left)


def take_chance(g: Context, hex_id: str, side: str) -> float:
    """The chance that ``side``'s ground units in ``hex_id``, an enemy-held hex, take it in the
    battle to come."""
    offensive: dict[str, Any] = g.data.get("offensive") or {}
    if offensive.get("side") != side:
        return crude_chance(g, hex_id, side)
    moved = offensive["moved"]
    parts = participants(g, hex_id)
    mine = [u for u in parts.ground[side] if not moved.get(u, {}).get("caught")]
    landed = [u for u in mine if parts.entry.get(u) in battle.AMPHIBIOUS]
    op_drm = op_modifiers(g, hex_id, side, forces.units_at(g, hex_id))
    won = fight_chance(g, parts, mine, landed, op_drm)
    risk = catch_risk(offensive)
    unescorted = [u for u in landed if not offensives.escorted(g, offensive, moved[u])]
    if risk and unescorted and ships_within_reach(g, offensive, hex_id, enemy(side)):
        kept = [u for u in mine if u not in unescorted]
        won = (1 - risk) * won + risk * fight_chance(g, parts, kept, landed, op_drm)
    return won


def participants(g: Context, hex_id: str) -> battle.Participants:
    """``battle.participants``, kept in the context: an evaluation reads a battle hex's both for
    the odds of taking it (``take_chance``) and for the losses to come (``air_naval_losses``),
    and the position does not change while it is read."""
    key = f"battle_odds.participants.{hex_id}"
    found: battle.Participants | None = g.cache.get(key)
    if found is None:
        found = g.cache[key] = battle.participants(g, hex_id)
    return found


def fight_chance(
    g: Context, parts: battle.Participants, mine: list[str], landed: list[str], op_drm: int
) -> float:
    """The OP's chance of taking the hex with its ground units ``mine``: the air-naval stage
    played out (under each condition it may be fought in), then the ground combat."""
    if not mine:
        return 0.0
    held = charts.ground_modifiers(g).held_before_assault
    air_table, ground_table = air_naval_ratings(g), table_ratings(g)
    chance = 0.0
    for weight, fight in stages(g, parts, mine, landed):
        for share, outcome in air_naval_outcomes(fight, air_table):
            fighting = tuple(t for t in outcome.op_ground if outcome.op_won or not t.landed)
            amphibious = any(t.landed for t in fighting)
            rp_drm = held if amphibious and outcome.rp_ground else 0
            ground_fight = GroundBattle(
                tuple(t.fighter() for t in fighting),
                tuple(t.fighter() for t in outcome.rp_ground),
                op_drm,
                rp_drm,
                amphibious,
            )
            chance += weight * share * attacker_wins(ground_fight, ground_table)
    return chance


def air_naval_losses(g: Context, hex_id: str) -> dict[str, float]:
    """What each side is set to lose, in attack and defence (as ``Strategy.forces`` counts its
    strength), in the air-naval stage of the offensive's battle to come at ``hex_id``."""
    parts = participants(g, hex_id)
    lost = {parts.op: 0.0, parts.rp: 0.0}
    table = air_naval_ratings(g)
    for weight, fight in stages(g, parts, parts.ground[parts.op], []):
        before = {parts.op: worth(fight.op_strikers, fight.op_ground)}
        before[parts.rp] = worth(fight.rp_strikers, fight.rp_ground)
        for share, outcome in air_naval_outcomes(fight, table):
            after = {
                parts.op: worth(outcome.op_strikers, outcome.op_ground),
                parts.rp: worth(outcome.rp_strikers, outcome.rp_ground),
            }
            for side in lost:
                lost[side] += weight * share * (before[side] - after[side])
    return lost


def worth(*forces_left: Force) -> float:
    return float(sum(t.attack_now() + t.defence for force in forces_left for t in force))


def stages(
    g: Context, parts: battle.Participants, mine: list[str], landed: list[str]
) -> list[tuple[float, AirNavalBattle]]:
    """The air-naval stage of the battle of ``parts`` with the OP's ground units ``mine``, under
    each condition it may be fought in, with that condition's chance."""
    ground = {
        "op": targets(g, mine, parts.hex, ground=True, landed=frozenset(landed)),
        "rp": targets(g, alive_ground(g, parts.ground[parts.rp]), parts.hex, ground=True),
    }
    strikers = {
        side: targets(
            g, battle.alive(g, parts.strikers[who]), parts.hex, halved=frozenset(parts.extended)
        )
        for side, who in (("op", parts.op), ("rp", parts.rp))
    }
    found = []
    for condition, weight in conditions(g.data["offensive"]):
        order = tuple(
            tuple("op" if s == parts.op else "rp" for s in volley)
            for volley in battle.strike_order(condition, parts.op)
        )
        first = {s for volley in order[:1] for s in volley} if len(order) > 1 else set()
        drm = {
            key: battle.air_naval_drm(g, who, condition, key in first, parts.strikers[who])
            for key, who in (("op", parts.op), ("rp", parts.rp))
        }
        fight = AirNavalBattle(
            strikers["op"], strikers["rp"], ground["op"], ground["rp"], drm["op"], drm["rp"], order
        )
        found.append((weight, fight))
    return found


UNROLLED_INTERCEPT: Final = 0.5
"""Before the intelligence roll, the chance that the battles are fought as an Intercept (both
strike at once) rather than a Surprise (the OP first): Table T2 gives an Intercept on about half
the faces. Bot knowledge, not a rule."""


def conditions(offensive: Mapping[str, Any]) -> tuple[tuple[str, float], ...]:
    """The conditions the offensive's battles may be fought in, with their chances: the one
    rolled (5.32), else Surprise or Intercept (UNROLLED_INTERCEPT)."""
    if offensive["rolled"] or offensive.get("reaction"):
        return ((offensive["condition"], 1.0),)
    return (("surprise", 1 - UNROLLED_INTERCEPT), ("intercept", UNROLLED_INTERCEPT))


def targets(
    g: Context,
    unit_ids: Iterable[str],
    hex_id: str,
    *,
    ground: bool = False,
    landed: frozenset[str] = frozenset(),
    halved: frozenset[str] = frozenset(),
) -> Force:
    found = []
    for u in sorted(unit_ids):
        unit = forces.record(g, u)
        full = unit.attack
        reduced = full if unit.reduced_attack is None else unit.reduced_attack  # one step: as is
        if u in halved:
            full, reduced = -(-full // 2), -(-reduced // 2)
        steps = forces.steps_left(g, u)
        here = forces.at(g, u) == hex_id
        found.append(
            Target(
                full,
                reduced,
                battle.defense_of(g, u),
                steps,
                ground,
                u in landed,
                flies=not ground and forces.flies(g, u),
                here=here,
                ship_here=here and unit.unit_class == "naval",
            )
        )
    return tuple(found)


def alive_ground(g: Context, unit_ids: Iterable[str]) -> list[str]:
    return [u for u in battle.alive(g, unit_ids) if forces.is_class(g, u, "ground")]


def crude_chance(g: Context, hex_id: str, side: str) -> float:
    """``take_chance`` outside ``side``'s own offensive (no landing of its own to read): its
    ground units against the enemy's, at full strength."""
    here = forces.units_at(g, hex_id)
    mine = fighters(g, [u for u in here if is_ground(g, u, side)])
    defenders = fighters(g, [u for u in here if is_ground(g, u, enemy(side))])
    fight = GroundBattle(mine, defenders, op_modifiers(g, hex_id, side, here), 0, False)
    return attacker_wins(fight, table_ratings(g))


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


def table_ratings(g: Context, stage: str = "ground") -> tuple[Fraction, ...]:
    table = charts.strike_chart(g, stage).table
    return tuple(
        table.lookup("rating", roll) for roll in range(LOWEST_MODIFIED, HIGHEST_MODIFIED + 1)
    )


def air_naval_ratings(g: Context) -> tuple[Fraction, ...]:
    return table_ratings(g, "air_naval")


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
