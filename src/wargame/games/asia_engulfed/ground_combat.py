"""The ground combat phase (1.17, 6.0): the first combat phase, battle by battle in the
attacker's order (one round each, as many as the attacker likes against an island box), then
breakthrough rounds bought with special actions (6.6). A round (6.2): the attacker's combat mode
(6.3), both sides' secret air commitment (6.21), the dogfight (6.22), the blocks revealed
(6.23), ground support (6.5), the defender's fire then the surviving attackers' (6.24), each
side allocating its own losses (6.25); then control (3.25) and what the battle shows (6.63).

What this module reads of other rules (public data; a key left out means none):

* each unit's supply through ``control.supply_of``, as the supply phases recorded it (3.6,
  3.35; :mod:`supply_phases`);
* ``fortifications``: the areas with a field fortification (6.8); it serves the area's
  controller (6.82).

What it keeps: ``known_in_pool`` (blocks eliminated in sight, which both sides know are in their
force pool), ``air_missions`` (each side's commitment, secret until both have committed),
``air_committed`` (who has) and ``air_battle`` (the area whose air units commit).

Readings where the rules leave a choice (each also said where it is coded):

* 6.25 as §9-2 #5: while a fighting unit is at full strength, only full-strength units may
  take the next loss (garrisons, 1-step units, are always at full strength); then any.
* 3.6: an out-of-supply attacker halves each unit's own dice, rounded down.
* 6.84: a fortification counts as rough terrain, so rough and a fortification give one bonus.
* 9.15: an attack is Chinese if any Chinese unit is among the attackers taking part.
* 6.51: "its own nation" is the air unit's power (a Commonwealth LBA supports any CW block).
* 6.62: minor powers have no special actions, so DEI and Philippine units never attack in a
  breakthrough round; every defender fights.
* 6.23, 6.63: a block leaving a revealed area stands up at once; once one side is left the
  blocks stand up and the other side keeps what it saw until they move (the fog's
  ``UNTIL_MOVED``; a replacement step bought must ``conceal`` them).
* 9.14: Japan always keeps the one step a banzai charge that clears the area may keep, on the
  unit that charged first.
* 6.21: the other side's choices while one side commits are hidden (``air_missions``), each
  side toggling its air units between the two missions, then committing.

* 7.22: shore bombardment is the attacker's choice, one group at a time, at the start of the
  first round of the first combat phase in a port or island box it invaded, from the sea areas
  the invasion came from; a sea area's groups are shared among the invasions from it (the
  groups each battle took are in the invasion's record). A group is the attacker's BB and CA
  steps in the sea area as T12 combines them (damaged steps count: gunnery counts them too,
  8.41); at most one group a step, on the surviving attackers that take hit bonuses, those
  without air support first (the bonuses add, 7.22). The fewest fleets that make the groups
  used are revealed to the defender until they move (7.22: the bombarding fleets).
* 6.53: carrier air fights over an invaded area (dogfight or support), and over a port or
  island box not invaded (dogfight only, island boxes as port boxes, §9-2 #9); the invader's
  carriers stand in the invasion's sea areas (7.24), the defender's in a sea area next to the
  area or in its port. Dogfight-only CBA have no choice: they join the dogfight after the
  commitment. CBA never leave their carrier box, so they are back on board after the battle.
* 7.24: the LBA that flew in to join an invasion fly back to their bases when the invaders are
  gone or the attacker breaks off (:func:`movement.recall_invasion_air`), not removed (5.46).

Jungle attrition (6.72) is here; the first supply phase calls it. Home-defence militia (9.16)
fight as one Japanese piece, ``home_defence:<area>`` (:mod:`home_defence`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.log import Side
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.engine.tables import DiceGroup, roll_volley
from wargame.games.asia_engulfed import combat_fog, home_defence
from wargame.games.asia_engulfed.air_commitment import (
    close_commitment,
    commit_decision,
    on_mission,
    open_commitment,
)
from wargame.games.asia_engulfed.charts import Charts, tables
from wargame.games.asia_engulfed.control import (
    CHINESE,
    GARRISON,
    SIDES,
    add_to_pool,
    area,
    enemy,
    ground_blocks,
    lba_here,
    settle_control,
    supply_of,
)
from wargame.games.asia_engulfed.forces import load as load_forces
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.movement import (
    recall_invasion_air,
    remove_lone_air,
    settle_invasions,
    take_control,
    to_pool,
)
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.state import BOX_PREFIX
from wargame.games.asia_engulfed.surprise import SURPRISE_TURN

SA_POWERS: Final = {"japan": ("japan",), "allies": ("usa", "cw")}  # 6.62, 7.7: never China
MISSIONS: Final = ("dogfight", "support")

Battle = dict[str, Any]
"""A battle's frame locals: ``area``, ``attacker``, ``kind`` (first or breakthrough),
``powers`` (the attacker's powers taking part; None: all), ``round``, ``mode``, ``river``
(the round in which a river or strait crossing counts, 6.73), ``support`` (per side, the steps
of each ground unit supported from the air)."""


# -- the units of a battle -----------------------------------------------------------------


def pieces(
    data: Mapping[str, Any], side: Side, where: str, powers: list[str] | None = None
) -> list[str]:
    """``side``'s ground units in ``where``: its blocks, and its garrisons as ``garrison:<power>``
    (a garrison is a 1-step ground unit, 4.28); only those of ``powers`` if given."""
    found = [
        unit_id
        for unit_id in ground_blocks(data, side, where)
        if powers is None or data["units"][unit_id]["hidden"]["power"] in powers
    ]
    held = {p for p, at in data["garrisons"] if at == where and side_of(p) == side}
    found += [GARRISON + p for p in sorted(held) if powers is None or p in powers]
    if powers is None or "japan" in powers:
        found += home_defence.pieces(data, side, where)  # 9.16
    return found


def participants(data: Mapping[str, Any], battle: Battle, side: Side) -> list[str]:
    """The ground units of ``side`` fighting in ``battle`` (6.62: only the attacker's powers
    that paid take part in a breakthrough round)."""
    powers = battle["powers"] if side == battle["attacker"] else None
    return pieces(data, side, battle["area"], powers)


def power_of(data: Mapping[str, Any], piece: str) -> str:
    if home_defence.is_piece(piece):
        return "japan"
    if piece.startswith(GARRISON):
        return piece.removeprefix(GARRISON)
    power: str = data["units"][piece]["hidden"]["power"]
    return power


def kind_of(data: Mapping[str, Any], piece: str) -> str:
    if home_defence.is_piece(piece):
        return "militia"
    if piece.startswith(GARRISON):
        return "garrison"
    kind: str = data["units"][piece]["hidden"]["type"]
    return kind


def steps_of(data: Mapping[str, Any], piece: str) -> int:
    if home_defence.is_piece(piece):
        return home_defence.steps(data, home_defence.area_of(piece))
    if piece.startswith(GARRISON):
        return 1
    steps: int = data["units"][piece]["hidden"]["steps"]
    return steps


def full_strength(data: Mapping[str, Any], piece: str) -> bool:
    if piece.startswith(GARRISON) or home_defence.is_piece(piece):
        return True
    return steps_of(data, piece) == load_forces().units[piece].max_steps


# -- supply, as the supply rules mark it ---------------------------------------------------


def out_of_supply(data: Mapping[str, Any], side: Side, piece: str, where: str) -> bool:
    """Whether the unit ``piece`` (a block, a garrison or an air counter) of ``side`` in
    ``where`` is out of supply (3.6), as the first supply phase fixed it."""
    return supply_of(data, side, piece, where) == "out"


def partial_supply(data: Mapping[str, Any], side: Side, piece: str, where: str) -> bool:
    """Whether it is in partial supply only (3.35)."""
    return supply_of(data, side, piece, where) == "partial"


@RULES.implements("3.35", "4.27", "4.28")
def takes_bonuses(data: Mapping[str, Any], side: Side, piece: str, where: str) -> bool:
    """Militia and units in partial supply get no hit bonus (3.35, 4.27); a garrison fires as
    infantry in full supply, else as militia (4.28)."""
    kind = kind_of(data, piece)
    if kind == "militia" or partial_supply(data, side, piece, where):
        return False
    return not (kind == "garrison" and out_of_supply(data, side, piece, where))


@RULES.implements("6.82")
def fortified(data: Mapping[str, Any], where: str, side: Side) -> bool:
    """Whether ``side`` holds a field fortification in ``where`` (6.82: the controller's)."""
    return where in data.get("fortifications", []) and data["control"].get(where) == side


# -- hit bonuses (6.4, Table T8) and dice ----------------------------------------------------


@RULES.implements("6.4", "4.26")
def hit_bonus(
    data: Mapping[str, Any], charts: Charts, battle: Battle, side: Side, piece: str
) -> int:
    """The hit bonus of each die ``piece`` rolls this round, air support apart (6.5)."""
    if not takes_bonuses(data, side, piece, battle["area"]):
        return 0
    bonuses = charts.ground_bonuses
    found = 0
    if power_of(data, piece) == "usa" and kind_of(data, piece) == "marine":
        found += bonuses.us_marines  # T8 a
    if power_of(data, piece) == "japan" and mixed_chinese(data, battle, enemy(side)):
        found += bonuses.mixed_chinese_stack  # T8 i
    if side == battle["attacker"]:
        return found + _attack_bonus(data, charts, battle, piece)
    return found + _defence_bonus(data, charts, battle, piece)


@RULES.implements("9.11")
def _attack_bonus(data: Mapping[str, Any], charts: Charts, battle: Battle, piece: str) -> int:
    """Japanese infantry in jungle on the surprise turn (9.11 g; T8 h): the rule holds only in
    Japan's player turn, when Japan is the attacker, so both of its readings agree."""
    jungle = area(battle["area"]).terrain == "jungle"
    surprise = data["turn"] == SURPRISE_TURN and power_of(data, piece) == "japan"
    if jungle and surprise and kind_of(data, piece) == "infantry":
        return charts.ground_bonuses.jungle_surprise
    return 0


@RULES.implements("6.7", "6.71", "6.73", "6.84", "9.15", "7.21")
def _defence_bonus(data: Mapping[str, Any], charts: Charts, battle: Battle, piece: str) -> int:
    """Rough terrain, or a fortification, which counts as rough (6.71, 6.84: one bonus, not
    two); the first round against a river or strait crossing (6.73); Japanese units other than
    militia against a Chinese attack (9.15: one Chinese unit among the attackers makes it); units
    other than militia in the first round against an invasion (7.21)."""
    bonuses = charts.ground_bonuses
    where = battle["area"]
    defender = enemy(battle["attacker"])
    found = 0
    if area(where).terrain == "rough":
        found += bonuses.rough
    elif fortified(data, where, defender):
        found += bonuses.fortification
    if battle["river"]:
        found += bonuses.river_or_strait
    if battle.get("invaded") and kind_of(data, piece) != "militia":
        found += bonuses.invasion  # 7.21
    if power_of(data, piece) == "japan" and chinese_attack(data, battle):
        found += bonuses.tenacious_defence
    return found


RULES.stand_in(
    "9.43",
    "Japanese units fighting a stack of Nationalist and Communist units get +1, attacking or "
    "defending (T8 i names the bonus for both; rule 9.43 is lost).",
    key="mixed_chinese_stack",
)


@RULES.implements("9.43")
def mixed_chinese(data: Mapping[str, Any], battle: Battle, side: Side) -> bool:
    """Whether ``side``'s units fighting ``battle`` are a mixed Nationalist-Communist stack."""
    powers = {power_of(data, piece) for piece in participants(data, battle, side)}
    return powers >= CHINESE


def chinese_attack(data: Mapping[str, Any], battle: Battle) -> bool:
    attackers = participants(data, battle, battle["attacker"])
    return any(power_of(data, piece) in CHINESE for piece in attackers)


@RULES.implements("6.24", "6.31", "6.32", "3.6", "4.27", "9.46", "6.51")
def piece_dice(
    data: Mapping[str, Any], charts: Charts, battle: Battle, side: Side, piece: str
) -> list[DiceGroup]:
    """The dice ``piece`` rolls: 1 a step in Normal combat, 2 in Assault (6.31, 6.32); half,
    rounded down, for an out-of-supply attacker (3.6, each unit's own dice); none for Chinese
    militia attacking (4.27); those of its air-supported steps with the air bonus (6.51)."""
    modes = charts.combat_modes
    per_step = getattr(modes, battle["mode"]).dice_per_step
    dice = steps_of(data, piece) * per_step
    attacking = side == battle["attacker"]
    if attacking and power_of(data, piece) in CHINESE and kind_of(data, piece) == "militia":
        dice = 0
    if attacking and out_of_supply(data, side, piece, battle["area"]):
        dice //= modes.out_of_supply_attack_divisor
    bonus = hit_bonus(data, charts, battle, side, piece)
    if piece in battle.get("banzai", []):
        bonus += charts.ground_bonuses.banzai  # 9.14: even militia and partial supply
    supported = min(dice, battle["support"][side].get(piece, 0) * per_step)
    if home_defence.is_piece(piece):  # 9.16: a quarter charges banzai (9.14)
        banzai = home_defence.charging(data, piece, charts.home_defence.banzai_share) * per_step
        return [
            DiceGroup(banzai, bonus + charts.ground_bonuses.banzai),
            DiceGroup(dice - banzai, bonus),
        ]
    shelled = min(dice, battle.get("shelled", {}).get(piece, 0) * per_step)
    both = max(0, supported + shelled - dice)  # 7.22: on steps without air support first
    air, shell = charts.ground_bonuses.air_support, charts.ground_bonuses.bombardment
    return [
        DiceGroup(both, bonus + air + shell),
        DiceGroup(supported - both, bonus + air),
        DiceGroup(shelled - both, bonus + shell),
        DiceGroup(dice - supported - shelled + both, bonus),
    ]


def fire(g: Context, battle: Battle, side: Side) -> int:
    """``side``'s ground fire this round (6.24): the hits it scores."""
    charts = tables(g.state)
    groups = [
        group
        for piece in participants(g.data, battle, side)
        for group in piece_dice(g.data, charts, battle, side, piece)
        if group.count
    ]
    volley = roll_volley(groups, charts.dice.ground_fire.thresholds, g.rng.roll)
    rolls = [roll.natural for roll in volley.rolls]
    g.log("log.ground_fire", side=side, area=battle["area"], rolls=rolls, hits=volley.hits)
    return volley.hits


# -- banzai (9.14) ----------------------------------------------------------------------------


def banzai_candidates(data: Mapping[str, Any], battle: Battle) -> list[str]:
    """The Japanese garrisons and militia about to fire that have not charged yet (9.14)."""
    if battle["firing"] != SIDES[0]:
        return []
    return [
        piece
        for piece in participants(data, battle, SIDES[0])
        if kind_of(data, piece) in ("garrison", "militia")
        and piece not in battle["banzai"]
        and not home_defence.is_piece(piece)  # 9.16 fixes its share
    ]


@RULES.implements("9.14")
def banzai_ends(g: Context, battle: Battle) -> None:
    """Once their hits are taken, the units that charged are gone, but that one step of them
    stays if no Allied unit is left in the battle (read: Japan always keeps it, on the unit
    charged first)."""
    where = battle["area"]
    if battle["firing"] == SIDES[0]:
        share = tables(g.state).home_defence.banzai_share
        cleared = not participants(g.data, battle, SIDES[1])
        for home in home_defence.pieces(g.data, SIDES[0], where):  # 9.16
            home_defence.banzai_over(g, home, share, keep_one=cleared)
    charged = [p for p in battle["banzai"] if p in pieces(g.data, SIDES[0], where)]
    battle["banzai"] = []
    if charged and not participants(g.data, battle, SIDES[1]):
        kept = charged.pop(0)
        if not kept.startswith(GARRISON):
            g.data["units"][kept]["hidden"]["steps"] = 1
        g.log("log.banzai_survivor", unit=kept, area=where)
    for piece in charged:
        while piece in pieces(g.data, SIDES[0], where):
            take_loss(g, SIDES[0], piece, where)


# -- losses (6.25) ---------------------------------------------------------------------------


@RULES.implements("6.25")
def loss_targets(data: Mapping[str, Any], side: Side, fighting: list[str]) -> list[str]:
    """The units that may take the next loss: every full-strength unit (garrisons included)
    loses a step before any unit loses a second (6.25, read as in §9-2 #5), then any."""
    full = [piece for piece in fighting if full_strength(data, piece)]
    return full or fighting


@RULES.implements("6.24")
def take_loss(g: Context, side: Side, piece: str, where: str) -> None:
    """One step off ``piece``; a 1-step unit hit is eliminated (spec §0): a block to its force
    pool, in sight of both sides; a garrison out of play."""
    if home_defence.is_piece(piece):
        home_defence.lose_step(g, piece)
        return
    if piece.startswith(GARRISON):
        g.data["garrisons"].remove([piece.removeprefix(GARRISON), where])
        g.log("log.garrison_eliminated", side=side, area=where)
        return
    unit = g.data["units"][piece]
    if unit["hidden"]["steps"] > 1:
        unit["hidden"]["steps"] -= 1
        g.log("log.step_lost", unit=piece, steps=unit["hidden"]["steps"], area=where)
        return
    eliminate(g, piece, where)


def eliminate(g: Context, unit_id: str, where: str) -> None:
    unit = g.data["units"].pop(unit_id)
    add_to_pool(g.data, unit["hidden"]["power"], unit_id)
    g.data["known_in_pool"] = sorted([*g.data["known_in_pool"], unit_id])
    g.log("log.eliminated", unit=unit_id, area=where)


class GroundLosses(Procedure):
    """``side`` allocates ``hits`` among its units fighting in ``area`` (6.24, 6.25); a choice
    only when it is one."""

    name = "ground_losses"

    def start(self, g: Context, f: Frame) -> None:
        while f.locals["hits"] > 0:
            fighting = self.fighting(g, f)
            targets = loss_targets(g.data, f.locals["side"], fighting)
            if not targets:
                break
            everything = sum(steps_of(g.data, piece) for piece in fighting)
            if len(targets) > 1 and f.locals["hits"] < everything:
                g.goto("choose")
                return
            self.lose(g, f, targets[0])
        g.ret()

    def fighting(self, g: Context, f: Frame) -> list[str]:
        return pieces(g.data, f.locals["side"], f.locals["area"], f.locals["powers"])

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        side, where, hits = f.locals["side"], f.locals["area"], f.locals["hits"]
        choices = Decision.single(side, "prompt.ground_losses", area=where, hits=hits)
        fighting = self.fighting(g, f)
        targets = loss_targets(g.data, side, fighting)
        for piece in fighting:
            if piece in targets:
                choices.add(Action.of("lose", piece), self.lose, piece)
            else:
                choices.refuse(Action.of("lose", piece), FULL_STRENGTH_FIRST)
        return choices

    def lose(self, g: Context, f: Frame, piece: str) -> None:
        take_loss(g, f.locals["side"], piece, f.locals["area"])
        f.locals["hits"] -= 1
        g.goto("start")


FULL_STRENGTH_FIRST: Final = (
    "6.25: every full-strength unit takes a step loss before any unit takes a second"
)


# -- air units (6.21, 6.22, 6.5) -------------------------------------------------------------


def air_units(data: Mapping[str, Any], where: str, side: Side) -> list[str]:
    """``side``'s air units that may choose a mission over ``where``: its LBA there, in supply
    (3.6: an out-of-supply LBA takes no part in combat), and its carrier air in an invasion
    battle (6.53, 7.24)."""
    here = lba_here(data, side, where)
    lba = [counter_id for counter_id in here if not out_of_supply(data, side, counter_id, where)]
    cba, held_to = carrier_air(data, where, side)
    return lba + (cba if held_to is None else [])


@RULES.implements("6.53", "7.24")
def carrier_air(data: Mapping[str, Any], where: str, side: Side) -> tuple[list[str], str | None]:
    """``side``'s CBA that may fight over ``where``, and the one mission they are held to (None:
    either). In an area invaded this player turn they dogfight or support, the invader's from
    carriers in the invasion's sea areas (7.24), the defender's from carriers in a sea area
    next to it or in its port (6.53); over a port box, or an island box (§9-2 #9), not invaded,
    they dogfight only; over another Large Area, none."""
    record = data["invasions"].get(where, {})
    invaded = record.get("landed", 0) > 0
    if not invaded and area(where).kind not in ("port_box", "island_box"):
        return [], None
    if invaded and side == data.get("phase_player"):
        decks = set(record["seas"])
    else:
        decks = {where} | {a for a in area(where).adjacent if area(a).is_sea}
    boxes = {
        BOX_PREFIX + unit["hidden"]["carrier_box"]
        for unit in data["units"].values()
        if unit["owner"] == side and unit["where"] in decks and "carrier_box" in unit["hidden"]
    }
    cba = sorted(
        counter_id
        for counter_id, counter in data["counters"].items()
        if counter["type"] == "cba"
        and counter["where"] in boxes
        and side_of(counter["power"]) == side
    )
    return cba, (None if invaded else "dogfight")


@RULES.implements("6.22", "9.12")
def dogfight_hits(g: Context, side: Side, where: str) -> int:
    """``side``'s dogfighting air steps fire together, one die a step: 5-6 hits, 4-6 for
    Japanese elite air (6.22, 9.12; T1)."""
    dice = tables(g.state).dice
    hits = 0
    for elite, fire_at in ((True, dice.dogfight_elite), (False, dice.dogfight)):
        steps = sum(
            g.data["counters"][c]["steps"]
            for c in on_mission(g.data, side, "dogfight")
            if g.data["counters"][c]["elite"] == elite
        )
        if steps:
            volley = roll_volley([DiceGroup(steps)], fire_at.thresholds, g.rng.roll)
            rolls = [roll.natural for roll in volley.rolls]
            g.log("log.dogfight", side=side, area=where, rolls=rolls, hits=volley.hits)
            hits += volley.hits
    return hits


@RULES.implements("6.22", "9.12")
def air_loss_targets(data: Mapping[str, Any], side: Side) -> list[str]:
    """Who takes the next air step lost: dogfighting units before ground-support ones, and in
    each mission group the elite units first (6.22, 9.12)."""
    for mission in MISSIONS:
        group = on_mission(data, side, mission)
        elite = [c for c in group if data["counters"][c]["elite"]]
        if elite or group:
            return elite or group
    return []


def lose_air_step(g: Context, counter_id: str, where: str) -> None:
    counter = g.data["counters"][counter_id]
    if counter["steps"] > 1:
        counter["steps"] -= 1
        g.log("log.air_step_lost", unit=counter_id, area=where)
        return
    to_pool(g, counter_id)
    g.log("log.air_eliminated", unit=counter_id, area=where)


class AirLosses(Procedure):
    """``side`` allocates ``hits`` among its committed air units (6.22)."""

    name = "air_losses"

    def start(self, g: Context, f: Frame) -> None:
        side = f.locals["side"]
        while f.locals["hits"] > 0:
            targets = air_loss_targets(g.data, side)
            if not targets:
                break
            flying = [c for m in MISSIONS for c in on_mission(g.data, side, m)]
            everything = sum(g.data["counters"][c]["steps"] for c in flying)
            if len(targets) > 1 and f.locals["hits"] < everything:
                g.goto("choose")
                return
            self.lose(g, f, targets[0])
        g.ret()

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        side, where, hits = f.locals["side"], f.locals["area"], f.locals["hits"]
        choices = Decision.single(side, "prompt.air_losses", area=where, hits=hits)
        for counter_id in air_loss_targets(g.data, side):
            choices.add(Action.of("lose", counter_id), self.lose, counter_id)
        return choices

    def lose(self, g: Context, f: Frame, counter_id: str) -> None:
        lose_air_step(g, counter_id, f.locals["area"])
        f.locals["hits"] -= 1
        g.goto("start")


@RULES.implements("6.5", "6.51", "6.52")
def support_targets(
    data: Mapping[str, Any], battle: Battle, counter_id: str, most: int
) -> list[str]:
    """The ground units ``counter_id`` may support: its own power's, fighting, taking hit
    bonuses (militia and partially supplied units take none, 3.35), with a step not yet
    supported (6.51), while its side gives fewer than 8 steps of support this round (6.52)."""
    counter = data["counters"][counter_id]
    side = side_of(counter["power"])
    given = battle["support"][side]
    if sum(given.values()) >= most:
        return []
    return [
        piece
        for piece in participants(data, battle, side)
        if power_of(data, piece) == counter["power"]
        and takes_bonuses(data, side, piece, battle["area"])
        and given.get(piece, 0) < steps_of(data, piece)
    ]


def dogfight_only(data: Mapping[str, Any], where: str, side: Side) -> list[str]:
    """``side``'s CBA that may only dogfight over ``where`` (6.53): they have no choice to make,
    so they join the dogfight once the others have committed."""
    cba, held_to = carrier_air(data, where, side)
    return cba if held_to == "dogfight" else []


def most_support(g: Context) -> int:
    return tables(g.state).ground_bonuses.most_air_support_steps


def give_support(g: Context, battle: Battle, counter_id: str, piece: str) -> None:
    """``counter_id`` supports as many steps of ``piece`` as it has steps, within 6.51-6.52."""
    side = side_of(g.data["counters"][counter_id]["power"])
    given = battle["support"][side]
    most = most_support(g)
    room = min(
        g.data["counters"][counter_id]["steps"],
        steps_of(g.data, piece) - given.get(piece, 0),
        most - sum(given.values()),
    )
    given[piece] = given.get(piece, 0) + room
    g.log("log.supported", air=counter_id, unit=piece, steps=room, area=battle["area"])


# -- shore bombardment (7.22, Table T12) -----------------------------------------------------


def most_groups(bb: int, ca: int, groups: list[tuple[int, int]]) -> int:
    """The most bombardment groups ``bb`` BB steps and ``ca`` CA steps make, each step in one
    group at most (7.22, T12)."""
    best = 0
    for need_bb, need_ca in groups:
        if need_bb <= bb and need_ca <= ca and need_bb + need_ca > 0:
            best = max(best, 1 + most_groups(bb - need_bb, ca - need_ca, groups))
    return best


def _group_shapes(charts: Charts) -> list[tuple[int, int]]:
    return [(group.bb, group.ca) for group in charts.shore_bombardment.groups]


def gun_fleets(data: Mapping[str, Any], side: Side, sea: str) -> list[str]:
    """``side``'s BB and CA fleets in the sea area ``sea``."""
    return sorted(
        unit_id
        for unit_id, unit in data["units"].items()
        if unit["owner"] == side
        and unit["where"] == sea
        and unit["public"]["kind"] == "fleet"
        and unit["hidden"]["type"] in ("bb", "ca")
    )


def fleet_groups(data: Mapping[str, Any], fleets: list[str], charts: Charts) -> int:
    steps = {"bb": 0, "ca": 0}
    for unit_id in fleets:
        hidden = data["units"][unit_id]["hidden"]
        steps[hidden["type"]] += hidden["steps"]
    return most_groups(steps["bb"], steps["ca"], _group_shapes(charts))


def groups_left(data: Mapping[str, Any], side: Side, sea: str, charts: Charts) -> int:
    """The groups ``side``'s fleets in ``sea`` have not spent on an invasion this turn."""
    spent = sum(r.get("bombarded", {}).get(sea, 0) for r in data["invasions"].values())
    return fleet_groups(data, gun_fleets(data, side, sea), charts) - spent


def shellable_steps(data: Mapping[str, Any], battle: Battle) -> int:
    """The attacker's steps that may take a bombardment group's bonus (one each, 7.22)."""
    side, where = battle["attacker"], battle["area"]
    return sum(
        steps_of(data, piece)
        for piece in participants(data, battle, side)
        if takes_bonuses(data, side, piece, where)
    )


@RULES.implements("7.22")
def bombardment_seas(data: Mapping[str, Any], battle: Battle, charts: Charts) -> list[str]:
    """The invasion sea areas from which the attacker may add a bombardment group now: only in
    the first round of the first combat phase in an invaded port or island box, while a step
    is left to take it (7.22)."""
    where = battle["area"]
    if not battle["invaded"] or area(where).kind not in ("port_box", "island_box"):
        return []
    if battle["groups"] >= shellable_steps(data, battle):
        return []
    seas = data["invasions"][where]["seas"]
    return [sea for sea in seas if groups_left(data, battle["attacker"], sea, charts) > 0]


def bombard(g: Context, battle: Battle, sea: str) -> None:
    record = g.data["invasions"][battle["area"]]
    bombarded = record["bombarded"]
    record["bombarded"] = {**bombarded, sea: bombarded.get(sea, 0) + 1}
    battle["groups"] += 1
    g.log("log.bombardment", side=battle["attacker"], area=battle["area"], sea=sea)


@RULES.implements("7.22")
def reveal_bombarding_fleets(g: Context, battle: Battle, charts: Charts) -> None:
    """The fewest of the attacker's BB and CA fleets that make the groups each sea area spent
    on this battle are shown to the defender (7.22)."""
    side = battle["attacker"]
    for sea, used in sorted(g.data["invasions"][battle["area"]]["bombarded"].items()):
        fleets = gun_fleets(g.data, side, sea)
        chosen = next(
            subset
            for size in range(1, len(fleets) + 1)
            for subset in combinations(fleets, size)
            if fleet_groups(g.data, list(subset), charts) >= used
        )
        combat_fog.reveal_fleets(g, list(chosen), sea)


def shell(data: Mapping[str, Any], battle: Battle) -> dict[str, int]:
    """Which attacking steps the battle's bombardment groups go to: one a step, on those
    taking hit bonuses, those without air support first (7.22)."""
    side, where = battle["attacker"], battle["area"]
    left = battle["groups"]
    shelled: dict[str, int] = {}
    fighting = [p for p in participants(data, battle, side) if takes_bonuses(data, side, p, where)]
    support = battle["support"][side]
    for free in (True, False):
        for piece in fighting:
            room = steps_of(data, piece) - support.get(piece, 0) if free else support.get(piece, 0)
            given = min(left, max(0, room))
            if given:
                shelled[piece] = shelled.get(piece, 0) + given
                left -= given
    return shelled


# -- the round (6.2) ---------------------------------------------------------------------------


class BattleRound(Procedure):
    """Rounds of combat in ``area``: one (a first combat phase round, or a breakthrough round),
    or as many as the attacker likes against an island box in the first combat phase (6.75)."""

    name = "battle"

    def start(self, g: Context, f: Frame) -> None:
        f.locals["round"] = 0
        g.log("log.battle", side=f.locals["attacker"], area=f.locals["area"])
        g.goto("round_start")

    @RULES.implements("6.73")
    def round_start(self, g: Context, f: Frame) -> None:
        b = f.locals
        b["round"] += 1
        where = b["area"]
        crossed = where in g.data["newly_contested"] and where in g.data["crossed_into"]
        b["river"] = b["kind"] == "first" and b["round"] == 1 and crossed
        b["invaded"] = b["kind"] == "first" and b["round"] == 1 and where in g.data["invasions"]
        b["support"] = {side: {} for side in SIDES}
        b.update(mode=None, to_support=[], air_hits={}, banzai=[], groups=0, shelled={})
        g.goto("mode")

    @decision
    @RULES.implements("6.2", "6.3", "6.72")
    def mode(self, g: Context, f: Frame) -> Choices:
        where = f.locals["area"]
        choices = Decision.single(f.locals["attacker"], "prompt.combat_mode", area=where)
        choices.add("normal", self.declare, "normal")
        if area(where).terrain == "jungle":
            choices.prompt = "prompt.combat_mode_jungle"
            choices.refuse("assault", "6.72: no Assault in a jungle area")
        else:
            choices.add("assault", self.declare, "assault")
        return choices

    def declare(self, g: Context, f: Frame, mode: str) -> None:
        f.locals["mode"] = mode
        g.log("log.combat_mode", side=f.locals["attacker"], mode=mode, area=f.locals["area"])
        g.goto("bombardment" if bombardment_seas(g.data, f.locals, tables(g.state)) else "air")

    @decision
    @RULES.implements("7.22")
    def bombardment(self, g: Context, f: Frame) -> Choices:
        """The attacker adds shore bombardment groups one at a time from its invasion sea
        areas, then goes on (7.22)."""
        where = f.locals["area"]
        choices = Decision.single(f.locals["attacker"], "prompt.bombardment", area=where)
        for sea in bombardment_seas(g.data, f.locals, tables(g.state)):
            choices.add(Action.of("bombard", sea), self.bombards, sea)
        choices.add("done", self.bombarded)
        return choices

    def bombards(self, g: Context, f: Frame, sea: str) -> None:
        bombard(g, f.locals, sea)
        if bombardment_seas(g.data, f.locals, tables(g.state)):
            g.goto("bombardment")
        else:
            self.bombarded(g, f)

    def bombarded(self, g: Context, f: Frame) -> None:
        if f.locals["groups"]:
            reveal_bombarding_fleets(g, f.locals, tables(g.state))
        g.goto("air")

    def air(self, g: Context, f: Frame) -> None:
        where = f.locals["area"]
        flying = {side: air_units(g.data, where, side) for side in SIDES}
        held = {side: dogfight_only(g.data, where, side) for side in SIDES}
        if not any(flying.values()) and not any(held.values()):
            g.goto("reveal")
            return
        open_commitment(g, where, flying, "dogfight")
        f.locals["dogfight_only"] = held
        g.goto("commit" if any(flying.values()) else "dogfight")

    @decision
    @RULES.implements("6.21")
    def commit(self, g: Context, f: Frame) -> Decision:
        """Each side places every air unit on dogfight or ground support, secretly, both at
        once (6.21): whoever has not committed yet decides; the other's choice stays hidden."""
        return commit_decision(g, MISSIONS, "prompt.air_commitment", then="dogfight")

    @RULES.implements("6.21", "6.22", "6.53")
    def dogfight(self, g: Context, f: Frame) -> None:
        where = f.locals["area"]
        for side, held in f.locals.pop("dogfight_only", {}).items():
            missions = g.data["air_missions"][side]
            g.data["air_missions"][side] = {**missions, **dict.fromkeys(held, "dogfight")}
        for side in SIDES:
            for mission in MISSIONS:
                flying = on_mission(g.data, side, mission)
                if flying:
                    g.log("log.air_missions", side=side, units=flying, mission=mission)
        f.locals["air_hits"] = {enemy(side): dogfight_hits(g, side, where) for side in SIDES}
        g.goto("air_losses")

    def air_losses(self, g: Context, f: Frame) -> None:
        for side in SIDES:
            hits = f.locals["air_hits"][side]
            if hits:
                f.locals["air_hits"][side] = 0
                where = f.locals["area"]
                g.call("air_losses", then="air_losses", side=side, hits=hits, area=where)
                return
        attacker = f.locals["attacker"]
        f.locals["to_support"] = [
            c for side in (attacker, enemy(attacker)) for c in on_mission(g.data, side, "support")
        ]
        g.goto("reveal")

    def reveal(self, g: Context, f: Frame) -> None:
        combat_fog.reveal_battle(g, f.locals["area"])
        g.goto("next_support")

    @RULES.implements("6.5")
    def next_support(self, g: Context, f: Frame) -> None:
        """Each ground-support air unit in turn, the attacker's first, picks the ground unit
        it supports; a choice only when it is one."""
        pending = f.locals["to_support"]
        while pending:
            targets = support_targets(g.data, f.locals, pending[0], most_support(g))
            if len(targets) > 1:
                g.goto("support")
                return
            counter_id = pending.pop(0)
            if targets:
                give_support(g, f.locals, counter_id, targets[0])
        g.goto("defender_fire")

    @decision
    def support(self, g: Context, f: Frame) -> Choices:
        counter_id = f.locals["to_support"][0]
        side = side_of(g.data["counters"][counter_id]["power"])
        choices = Decision.single(side, "prompt.ground_support", air=counter_id)
        for piece in support_targets(g.data, f.locals, counter_id, most_support(g)):
            choices.add(Action.of("support", counter_id, piece), self.supports, piece)
        return choices

    def supports(self, g: Context, f: Frame, piece: str) -> None:
        give_support(g, f.locals, f.locals["to_support"].pop(0), piece)
        g.goto("next_support")

    @RULES.implements("6.31", "6.32")
    def defender_fire(self, g: Context, f: Frame) -> None:
        f.locals["firing"] = enemy(f.locals["attacker"])
        g.goto("charge")

    def attacker_fire(self, g: Context, f: Frame) -> None:
        f.locals["firing"] = f.locals["attacker"]
        f.locals["shelled"] = shell(g.data, f.locals)  # 7.22: on the surviving attackers
        g.goto("charge")

    def charge(self, g: Context, f: Frame) -> None:
        f.locals["banzai"] = []
        g.goto("banzai" if banzai_candidates(g.data, f.locals) else "shoot")

    @decision
    @RULES.implements("9.14")
    def banzai(self, g: Context, f: Frame) -> Choices:
        """Before its garrisons and militia fire, Japan may send some or all of them on a
        banzai charge (9.14)."""
        choices = Decision.single(SIDES[0], "prompt.banzai", area=f.locals["area"])
        for piece in banzai_candidates(g.data, f.locals):
            choices.add(Action.of("banzai", piece), self.charges, piece)
        if not choices.options:
            choices.prompt = "prompt.banzai_all"
        choices.add("fire", self.open_fire)
        return choices

    def charges(self, g: Context, f: Frame, piece: str) -> None:
        f.locals["banzai"] = [*f.locals["banzai"], piece]

    def open_fire(self, g: Context, f: Frame) -> None:
        if f.locals["banzai"]:
            g.log("log.banzai", units=f.locals["banzai"], area=f.locals["area"])
        g.goto("shoot")

    def shoot(self, g: Context, f: Frame) -> None:
        side, attacker = f.locals["firing"], f.locals["attacker"]
        hits = fire(g, f.locals, side)
        target = enemy(side)
        powers = f.locals["powers"] if target == attacker else None
        where = f.locals["area"]
        g.call("ground_losses", then="fired", side=target, hits=hits, area=where, powers=powers)

    def fired(self, g: Context, f: Frame) -> None:
        banzai_ends(g, f.locals)
        g.goto("round_end" if f.locals["firing"] == f.locals["attacker"] else "attacker_fire")

    @RULES.implements("3.25", "5.46", "6.84")
    def round_end(self, g: Context, f: Frame) -> None:
        """Control if one side is gone (3.25), air units left alone removed (5.46), a
        fortification still facing the enemy infiltrated (6.84), blocks stood up (6.63)."""
        where = f.locals["area"]
        close_commitment(g)
        holder = take_control(g, where)
        if not pieces(g.data, f.locals["attacker"], where):
            recall_invasion_air(g, f.locals["attacker"], where)  # 7.24
        for side in SIDES:
            remove_lone_air(g, side, where)
        if where in g.data["contested"] and fortified(g.data, where, enemy(f.locals["attacker"])):
            g.data["fortifications"].remove(where)
            g.log("log.fortification_lost", area=where)
        combat_fog.stand_up_if_settled(g, where)
        captured = holder == f.locals["attacker"]
        g.goto("leave_garrison" if captured and garrison_givers(g.data, f.locals) else "after")

    @decision
    @RULES.implements("6.74", "6.75")
    def leave_garrison(self, g: Context, f: Frame) -> Choices:
        """One attacking unit may give a step to put a garrison at once into the port or
        island box it took (6.74, 6.75)."""
        where = f.locals["area"]
        choices = Decision.single(f.locals["attacker"], "prompt.leave_garrison", area=where)
        for unit_id in garrison_givers(g.data, f.locals):
            choices.add(Action.of("garrison", unit_id), self.garrison, unit_id)
        choices.add("decline", self.after)
        return choices

    def garrison(self, g: Context, f: Frame, unit_id: str) -> None:
        where, side = f.locals["area"], f.locals["attacker"]
        power = power_of(g.data, unit_id)
        take_loss(g, side, unit_id, where)
        g.data["garrisons"].append([power, where])
        g.log("log.garrison_placed", side=side, area=where)
        settle_control(g.data, where)
        g.goto("after")

    def after(self, g: Context, f: Frame) -> None:
        if f.locals["kind"] == "first" and island_fight_goes_on(g.data, f.locals["area"]):
            g.goto("press_on")
        else:
            g.ret()

    @decision
    @RULES.implements("6.75")
    def press_on(self, g: Context, f: Frame) -> Choices:
        where = f.locals["area"]
        choices = Decision.single(f.locals["attacker"], "prompt.island_round", area=where)
        choices.add("continue", self.next_round)
        choices.add("stop", self.stop)
        return choices

    def next_round(self, g: Context, f: Frame) -> None:
        g.goto("round_start")

    def stop(self, g: Context, f: Frame) -> None:
        g.log("log.battle_stopped", side=f.locals["attacker"], area=f.locals["area"])
        recall_invasion_air(g, f.locals["attacker"], f.locals["area"])  # 7.24
        g.ret()


def garrison_givers(data: Mapping[str, Any], battle: Battle) -> list[str]:
    """The attacking blocks that may give a step for a garrison in the box just taken, if the
    attacker has none there yet (one garrison a box, 5.42, 5.43)."""
    where, side = battle["area"], battle["attacker"]
    if area(where).kind not in ("port_box", "island_box"):
        return []
    if any(at == where and side_of(power) == side for power, at in data["garrisons"]):
        return []
    return ground_blocks(data, side, where)


def island_fight_goes_on(data: Mapping[str, Any], where: str) -> bool:
    """Against an island box the first combat phase fights on until one side is gone or the
    attacker stops (6.75)."""
    return area(where).kind == "island_box" and where in data["contested"]


# -- the phase (1.17) --------------------------------------------------------------------------


def first_phase_battles(data: Mapping[str, Any], fought: list[str]) -> list[str]:
    """The contested areas not fought over yet this phase (6.1: one battle each)."""
    return [where for where in data["contested"] if where not in fought]


@RULES.implements("6.6", "6.61", "6.62", "6.72", "7.7", "7.13")
def breakthroughs(data: Mapping[str, Any], side: Side) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Each (area, paying powers) of a breakthrough round ``side`` may buy: a contested area
    not in jungle (6.72), each major power taking part paying a special action (6.62, 7.13),
    Chinese units never (7.7)."""
    for where in data["contested"]:
        if area(where).terrain == "jungle":
            continue
        present = {power_of(data, piece) for piece in pieces(data, side, where)}
        able = [
            power
            for power in SA_POWERS[side]
            if power in present and data["tracks"].get(f"special_actions_{power}", 0) > 0
        ]
        for count in range(1, len(able) + 1):
            yield from ((where, powers) for powers in combinations(able, count))


def fight(
    g: Context, f: Frame, where: str, *, kind: str, powers: list[str] | None, then: str
) -> None:
    attacker = f.locals["side"]
    g.call("battle", then=then, area=where, attacker=attacker, kind=kind, powers=powers)


class GroundCombatPhase(Procedure):
    """The ground combat phase of ``side`` (1.17): the first combat phase, then breakthrough
    rounds (6.2: every first-phase battle before any special action is spent)."""

    name = "ground_combat"

    def start(self, g: Context, f: Frame) -> None:
        f.locals["fought"] = []
        g.goto("next_first")

    def next_first(self, g: Context, f: Frame) -> None:
        if first_phase_battles(g.data, f.locals["fought"]):
            g.goto("choose_first")
        else:
            g.goto("next_breakthrough")

    @decision
    @RULES.implements("6.1", "6.2")
    def choose_first(self, g: Context, f: Frame) -> Choices:
        """Battles in newly contested areas are mandatory, the others optional (6.1)."""
        side = f.locals["side"]
        battles = first_phase_battles(g.data, f.locals["fought"])
        mandatory = [where for where in battles if where in g.data["newly_contested"]]
        prompt = "prompt.first_combat_mandatory" if mandatory else "prompt.first_combat"
        choices = Decision.single(side, prompt)
        for where in battles:
            choices.add(Action.of("battle", where), self.battle, where)
        if mandatory:
            choices.refuse("end", "6.1: the battles in newly contested areas must be fought")
        else:
            choices.add("end", self.end_first)
        return choices

    def battle(self, g: Context, f: Frame, where: str) -> None:
        f.locals["fought"] = sorted([*f.locals["fought"], where])
        fight(g, f, where, kind="first", powers=None, then="next_first")

    def end_first(self, g: Context, f: Frame) -> None:
        g.goto("next_breakthrough")

    def next_breakthrough(self, g: Context, f: Frame) -> None:
        if next(breakthroughs(g.data, f.locals["side"]), None) is None:
            self.end_breakthroughs(g, f)
        else:
            g.goto("choose_breakthrough")

    @decision
    def choose_breakthrough(self, g: Context, f: Frame) -> Choices:
        side = f.locals["side"]
        choices = Decision.single(side, "prompt.breakthrough")
        for where, powers in breakthroughs(g.data, side):
            action = Action.of("breakthrough", where, *powers)
            choices.add(action, self.breakthrough, where, powers)
        choices.add("end", self.end_breakthroughs)
        return choices

    @RULES.implements("6.61", "6.62", "7.3")
    def breakthrough(self, g: Context, f: Frame, where: str, powers: tuple[str, ...]) -> None:
        for power in powers:
            g.data["tracks"][f"special_actions_{power}"] -= 1
        g.log("log.breakthrough", side=f.locals["side"], area=where, powers=list(powers))
        fight(g, f, where, kind="breakthrough", powers=list(powers), then="next_breakthrough")

    def end_breakthroughs(self, g: Context, f: Frame) -> None:
        settle_invasions(g)
        g.call("marine_withdrawal", then="finish", side=f.locals["side"])  # 6.74, 6.75

    def finish(self, g: Context, f: Frame) -> None:
        g.ret()


@RULES.implements("6.72")
def jungle_attrition(g: Context) -> None:
    """Rot and disease (6.72): in the Japanese first supply phase of a Jul/Aug turn every
    ground unit of both sides in a contested jungle area loses a step, a cadre none (garrisons
    are cadres). The first supply phase calls it (1.12 a)."""
    if not g.data["turn"].endswith("-07"):
        return
    for where in g.data["contested"]:
        if area(where).terrain != "jungle":
            continue
        for unit in g.data["units"].values():
            ground = unit["where"] == where and unit["public"]["kind"] == "ground"
            if ground and unit["hidden"]["steps"] > 1:
                unit["hidden"]["steps"] -= 1
        g.log("log.jungle_attrition", area=where)


ALL: Final[tuple[Procedure, ...]] = (
    GroundCombatPhase(),
    BattleRound(),
    GroundLosses(),
    AirLosses(),
)
