"""The air/naval combat phase (1.14, 8.3-8.6): sea area by sea area in the phase player's
order, wherever fleets of both sides are, interception checks (8.31: both sides choose Day,
Night or, from the second check, Avoid, in secret; then each rolls), the night action (8.41, one
round of gunnery) or the day action (8.42, two rounds of air strikes), damage resolution (8.6),
submarine attacks (8.5), and the side that avoided rebasing out (8.32); again until one side
is left. The phase never
ends with fleets of both sides in one sea area (8.4).

What it keeps: ``interception`` (the sea area being checked, the check's number, each side's
choice: secret until both have chosen, see ``game.game_secrets``; the air units flying in the
day round), ``naval_repairs`` (the damage markers 8.6 puts on the naval production tracks, the
WERP each still needs). A fleet's damaged step is ``damaged`` (0 or 1) on its block.

Decisions
---------
* **The winner's choice** (8.31 c, the seed): the side with the higher roll has the
  interception it chose; 8.32's "the winner chooses Day or Night" is the same choice, made
  before the roll.
* **Avoid is the only choice when nothing can fight** (provisional, data/rules.yaml 8.31):
  from the second check, once the fleets were revealed, when neither side has a BB or CA nor an
  air unit that could join, both may only avoid: without it two carrier groups without aircraft
  would check for ever.
* **Pairings and targets are set by the rules' priorities**, not chosen (provisional, 8.41,
  8.42 f): in the night action each BB or CA fires at the enemy surface fleet fired at least,
  its own type first, and at a CV only once every enemy BB and CA has two firers; in the day
  each attacking air unit strikes the fleet struck least, carriers first; air losses fall on
  Japanese elite units first (9.12), then on the unit with the most steps.
* **A destroyed result takes an undamaged step** while the fleet has one; a second damage
  destroys the damaged step (8.41 a, spec §9-2 #4).
* **LBA join a day action from its second round** (8.25, 8.42 a) from an uncontested area of
  their side bordering the sea area, in supply (3.6).
* **Submarines** (8.5): the phase player's submarine decides first, each in sight of the other
  side; the target is the carrier first, then the fleet with most steps (as the air targets). A
  submarine alone with enemy fleets attacks without an interception check (spec §9-2 #17).
* **Damage resolution** rolls on the designed naval damage table (data/tables.yaml
  ``t22_naval_damage``, provisional: the printed one is lost): the damaged step leaves the
  fleet, lost or as a damage marker needing the WERP rolled; DEI cruisers lose it unrolled; the
  carrier's aircraft it can no longer carry go to the orphan box (8.6).

Port and airbase attacks (8.7) follow, in :mod:`port_attacks`. Not here yet: consolidation
(8.11), the submarine replacement marker (8.53), kamikaze and the surprise turn (9.11, 9.13),
code-breaking's +3 (7.6), troop transports (8.12).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.dice import D6
from wargame.engine.log import Side
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.engine.tables import DiceGroup, roll_volley
from wargame.games.asia_engulfed import combat_fog, surprise
from wargame.games.asia_engulfed.air_commitment import (
    close_commitment,
    commit_decision,
    on_mission,
    open_commitment,
)
from wargame.games.asia_engulfed.board import coasts_of
from wargame.games.asia_engulfed.charts import Charts, Fire, tables
from wargame.games.asia_engulfed.control import SIDES, area, enemy, supply_of
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.ground_combat import eliminate, lose_air_step
from wargame.games.asia_engulfed.movement import to_pool
from wargame.games.asia_engulfed.naval import HOLDING_BOX
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.state import BOX_PREFIX

DAY: Final = "day"
NIGHT: Final = "night"
AVOID: Final = "avoid"
SURFACE: Final = frozenset({"bb", "ca"})
AIR_MISSIONS: Final = ("attack", "escort", "cap")
ORPHAN_BOX: Final = "orphan_box"
SUB_ATTACKS: Final = ("damaged", "undamaged")
CARRIER_FIRST: Final = ("cv", "bb", "ca")


RULES.stand_in(
    "8.31",
    "From the second check, when neither side has a BB or CA there nor an air unit that could "
    "fly, both may only avoid (no battle in which nobody can fire goes on for ever).",
    key="avoid_when_nothing_fights",
)
RULES.stand_in(
    "8.41",
    "Night pairings follow 8.41 a's priorities instead of the winner's choice: the enemy BB or "
    "CA fired at least, own type first, a CV only once every BB and CA has two firers.",
    key="night_pairings_by_priority",
)
RULES.stand_in(
    "8.42",
    "Attack aircraft strike the fleet struck by fewest, carriers first (8.42 f's limit), and "
    "air losses fall on elite units first, then the unit with most steps; not chosen yet.",
    key="day_targets_by_priority",
)

RULES.stand_in(
    "8.5",
    "The submarine strikes the enemy carrier first, then the fleet with most steps, among the "
    "damaged or undamaged fleets as it attacks; the phase player's submarine decides first.",
    key="submarine_target_by_priority",
)


def d6(g: Context) -> int:
    """One die for an interception check or a damage roll."""
    return g.rng.roll(D6)


# -- who is in a sea area -----------------------------------------------------------------


def fleets_in(data: Mapping[str, Any], side: Side, sea: str) -> list[str]:
    return sorted(
        unit_id
        for unit_id, unit in data["units"].items()
        if unit["owner"] == side and unit["where"] == sea and unit["public"]["kind"] == "fleet"
    )


@RULES.implements("8.3", "8.31", "8.4")
def battle_seas(data: Mapping[str, Any]) -> list[str]:
    """The sea areas holding fleets of both sides, or a side's submarine unit and the other
    side's fleets (8.31: the sea areas submarines attack in)."""
    seas = {
        unit["where"]
        for unit in data["units"].values()
        if unit["public"]["kind"] == "fleet" and area(unit["where"]).is_sea
    }
    return sorted(
        sea
        for sea in seas
        if all(fleets_in(data, side, sea) for side in SIDES)
        or any(
            submarine_in(data, side, sea) and fleets_in(data, enemy(side), sea) for side in SIDES
        )
    )


def submarine_in(data: Mapping[str, Any], side: Side, sea: str) -> str | None:
    """``side``'s submarine unit if it is in ``sea``."""
    for counter_id, counter in sorted(data["counters"].items()):
        here = counter["type"] == "submarine" and counter["where"] == sea
        if here and side_of(counter["power"]) == side:
            return counter_id
    return None


def fleet_type(data: Mapping[str, Any], fleet_id: str) -> str:
    kind: str = data["units"][fleet_id]["hidden"]["type"]
    return kind


def steps(data: Mapping[str, Any], fleet_id: str) -> int:
    found: int = data["units"][fleet_id]["hidden"]["steps"]
    return found


def damaged(data: Mapping[str, Any], fleet_id: str) -> int:
    found: int = data["units"][fleet_id]["hidden"].get("damaged", 0)
    return found


def carried_air(data: Mapping[str, Any], fleet_id: str) -> list[str]:
    """The CBA in the unit box of the carrier ``fleet_id`` (none for a BB or CA)."""
    box = data["units"][fleet_id]["hidden"].get("carrier_box")
    if box is None:
        return []
    return sorted(
        c for c, counter in data["counters"].items() if counter["where"] == BOX_PREFIX + box
    )


@RULES.implements("8.25", "8.42")
def joining_lba(data: Mapping[str, Any], side: Side, sea: str) -> list[str]:
    """``side``'s LBA that may join a day action in ``sea`` from its second round: in an
    uncontested area of its side bordering the sea area, in supply (8.25, 3.6)."""
    coasts = set(coasts_of(sea))
    return sorted(
        counter_id
        for counter_id, counter in data["counters"].items()
        if counter["type"] == "lba"
        and side_of(counter["power"]) == side
        and counter["where"] in coasts
        and counter["where"] not in data["contested"]
        and data["control"].get(counter["where"]) == side
        and supply_of(data, side, counter_id, counter["where"]) != "out"
    )


def carrier_air(data: Mapping[str, Any], side: Side, sea: str) -> list[str]:
    return [c for fleet in fleets_in(data, side, sea) for c in carried_air(data, fleet)]


def flying(data: Mapping[str, Any], side: Side, sea: str, *, with_lba: bool) -> list[str]:
    """``side``'s air units over ``sea``: its carriers' CBA, and its LBA from the second round."""
    lba = joining_lba(data, side, sea) if with_lba else []
    return sorted([*carrier_air(data, side, sea), *lba])


# -- the interception check (8.31) ----------------------------------------------------------


@RULES.implements("8.31")
def interception_options(data: Mapping[str, Any], side: Side, sea: str, check: int) -> list[str]:
    """What ``side`` may choose at the ``check``-th check in ``sea`` (T13): Night with surface
    ships, Day with carriers or LBA that could join, Avoid from the second check; only Avoid
    from then on when neither side can fight (provisional, see the module's Decisions)."""
    if surprise.one_day_round(data, sea, check):  # 9.11 k: Day, or the US rebases at once
        return [DAY] if side == SIDES[0] else [DAY, AVOID]
    kinds = {fleet_type(data, fleet) for fleet in fleets_in(data, side, sea)}
    found = []
    if "cv" in kinds or joining_lba(data, side, sea):
        found.append(DAY)
    if kinds & SURFACE:
        found.append(NIGHT)
    if check == 1:
        return found
    shown = combat_fog.revealed(data, sea)  # else the choices would tell what the enemy has
    if shown and not any(can_fight(data, each, sea) for each in SIDES):
        return [AVOID]
    return [*found, AVOID]


def can_fight(data: Mapping[str, Any], side: Side, sea: str) -> bool:
    surface = any(fleet_type(data, f) in SURFACE for f in fleets_in(data, side, sea))
    return surface or bool(flying(data, side, sea, with_lba=True))


@RULES.implements("8.31", "8.33")
def roll_modifier(
    data: Mapping[str, Any], side: Side, sea: str, choice: str, charts: Charts
) -> int:
    """Day +1 (8.31 c); Japan choosing Night with its elite CA there +1 (8.33)."""
    values = charts.interception
    found = values.day if choice == DAY else 0
    elite = any(
        data["units"][f]["hidden"].get("elite") and fleet_type(data, f) == "ca"
        for f in fleets_in(data, side, sea)
    )
    if side == SIDES[0] and choice == NIGHT and elite:
        found += values.elite_ca_night
    return found


@RULES.implements("7.6")
def code_breaking_bonus(
    data: Mapping[str, Any], side: Side, sea: str, check: int, charts: Charts
) -> int:
    """The Allies' +3 on the first interception check in the sea area of this turn's
    code-breaking (7.6 d)."""
    broken = data["code_breaking"]["sea"] == sea and side == SIDES[1] and check == 1
    return charts.interception.code_breaking if broken else 0


def choices_shown(data: Mapping[str, Any], viewer: Side | None) -> dict[str, Any] | None:
    """``interception`` as ``viewer`` sees it: the other side's choice only once both chose."""
    check = data.get("interception")
    if check is None:
        return None
    chosen = check["choices"]
    both = len(chosen) == len(SIDES)
    shown = {side: choice for side, choice in chosen.items() if both or side == viewer}
    return {**check, "choices": shown, "chosen": sorted(chosen)}


def hidden_choices(data: Mapping[str, Any]) -> dict[Side | None, set[tuple[str, str]]]:
    """Per viewer, the (side, choice) pairs it may not see yet (8.31 a: chosen in secret)."""
    check = data.get("interception")
    if check is None or len(check["choices"]) == len(SIDES):
        return {}
    found: dict[Side | None, set[tuple[str, str]]] = {}
    for viewer in [None, *SIDES]:
        found[viewer] = {(s, c) for s, c in check["choices"].items() if s != viewer}
    return found


def drawn_choices(data: dict[str, Any], shown: Mapping[str, Any] | None, rng: Any) -> None:
    """Fill ``data``'s interception with a guess of the choice the viewer has not seen."""
    if shown is None:
        data["interception"] = None
        return
    check = {key: value for key, value in shown.items() if key != "chosen"}
    check["choices"] = dict(shown["choices"])
    for side in shown["chosen"]:
        if side not in check["choices"]:
            options = interception_options(data, side, check["sea"], check["check"])
            check["choices"][side] = options[rng.below(len(options))]
    data["interception"] = check


# -- hits on fleets (8.41 a, 8.42 f) --------------------------------------------------------


def sink(g: Context, fleet_id: str, sea: str) -> None:
    """A fleet with no step left goes to its force pool, in sight; the CBA it carried with it
    (8.42 g: those beyond the surviving carriers' room are destroyed)."""
    for counter_id in carried_air(g.data, fleet_id):
        to_pool(g, counter_id)
        g.log("log.air_eliminated", unit=counter_id, area=sea)
    eliminate(g, fleet_id, sea)


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


# -- the night action (8.41) ----------------------------------------------------------------


@RULES.implements("8.41")
def night_targets(data: Mapping[str, Any], side: Side, sea: str) -> dict[str, str]:
    """Whom each of ``side``'s BB and CA fires at: the enemy BB or CA fired at least, its own
    type first; a CV only once every enemy BB and CA has two firers (8.41 a)."""
    enemies = fleets_in(data, enemy(side), sea)
    surface = [e for e in enemies if fleet_type(data, e) in SURFACE]
    counts = dict.fromkeys(enemies, 0)
    found: dict[str, str] = {}
    firers = [f for f in fleets_in(data, side, sea) if fleet_type(data, f) in SURFACE]
    for firer in sorted(firers, key=lambda f: (fleet_type(data, f), -steps(data, f), f)):
        allowed = surface if any(counts[e] < 2 for e in surface) else enemies
        least = min(counts[e] for e in allowed)
        fewest = [e for e in allowed if counts[e] == least]
        same = [e for e in fewest if fleet_type(data, e) == fleet_type(data, firer)]
        found[firer] = (same or fewest)[0]
        counts[found[firer]] += 1
    return found


def gunnery(
    g: Context, side: Side, sea: str, targets: Mapping[str, str]
) -> list[tuple[str, str, int, int]]:
    """``side``'s fleets fire, one die a step, damaged steps too (8.41 a; T10): each firer's
    (firer, target, destroyed, damaged)."""
    charts = tables(g.state)
    found = []
    for firer, target in sorted(targets.items()):
        if firer not in g.data["units"] or target not in g.data["units"]:
            continue
        elite = bool(g.data["units"][firer]["hidden"].get("elite"))
        bonus = charts.night_gunnery.modifier(
            fleet_type(g.data, firer),
            fleet_type(g.data, target),
            elite=elite,  # type: ignore[arg-type]
        )
        hit, dmg, faces = volley(g, charts.dice.night_gunnery, steps(g.data, firer), bonus)
        g.log(
            "log.gunnery", unit=firer, target=target, area=sea, rolls=faces, hits=hit, damaged=dmg
        )
        found.append((firer, target, hit, dmg))
    return found


@RULES.implements("8.41")
def land_gunnery(
    g: Context, sea: str, fired: Sequence[tuple[str, str, int, int]], aimed: Mapping[str, str]
) -> None:
    """Destroyed results before damage; what is left once a target is gone goes to another
    enemy fleet firing at the firer, else is lost (8.41 a)."""
    for grade in (0, 1):
        for firer, target, *results in fired:
            shot = [results[0], 0] if grade == 0 else [0, results[1]]
            left = strike(g, target, shot[0], shot[1], sea)
            if any(left):
                others = [
                    other
                    for other, at in sorted(aimed.items())
                    if at == firer and other != target and other in g.data["units"]
                ]
                if others:
                    strike(g, others[0], left[0], left[1], sea)


# -- the day action (8.42) ------------------------------------------------------------------


def air_steps(data: Mapping[str, Any], counters: Sequence[str]) -> int:
    return sum(data["counters"][c]["steps"] for c in counters if c in data["counters"])


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


def roll_air(g: Context, fire: Fire, groups: Sequence[DiceGroup]) -> tuple[int, list[int]]:
    groups = [group for group in groups if group.count]
    if not groups:
        return (0, [])
    rolled = roll_volley(groups, fire.thresholds, g.rng.roll)
    return (rolled.hits, [r.natural for r in rolled.rolls])


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


@RULES.implements("8.42", "4.24")
def carrier_room(data: Mapping[str, Any], fleet_id: str, charts: Charts) -> int:
    """The CBA steps a carrier carries: two a step, one a damaged step (8.42 g)."""
    per_step = 2  # 4.24: a CV step carries 2 CBA steps
    whole = steps(data, fleet_id) - damaged(data, fleet_id)
    return per_step * whole + damaged(data, fleet_id)


def fit_carrier_air(g: Context, sea: str, *, to_orphans: bool) -> None:
    """CBA beyond what their carrier can still carry are destroyed (8.42 g), full units
    reduced first; after damage resolution they go to the orphan box instead (8.6)."""
    for side in SIDES:
        for fleet_id in fleets_in(g.data, side, sea):
            fit_carrier(g, fleet_id, sea, to_orphans=to_orphans)


def fit_carrier(g: Context, fleet_id: str, sea: str, *, to_orphans: bool) -> None:
    room = carrier_room(g.data, fleet_id, tables(g.state))
    while air_steps(g.data, carried_air(g.data, fleet_id)) > room:
        boxed = carried_air(g.data, fleet_id)
        if to_orphans:
            g.data["counters"][boxed[-1]]["where"] = ORPHAN_BOX
            g.log("log.orphaned", unit=boxed[-1], area=sea)
            continue
        full = [c for c in boxed if g.data["counters"][c]["steps"] > 1]
        lose_air_step(g, (full or boxed)[0], sea)


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


# -- the phase ------------------------------------------------------------------------------


class AirNavalCombat(Procedure):
    """The air/naval combat phase of ``side`` (1.14): a naval battle in each sea area holding
    fleets of both sides, in the phase player's order."""

    name = "air_naval_combat"

    def start(self, g: Context, f: Frame) -> None:
        g.goto("next_sea")

    def next_sea(self, g: Context, f: Frame) -> None:
        if surprise.pearl_harbor_due(g.data, carrier_air(g.data, SIDES[0], "hawaiian_islands")):
            g.call("pearl_harbor", then="next_sea")  # 9.11 j, b: before any battle
            return
        seas = battle_seas(g.data)
        if not seas:
            g.call("port_attacks", then="done", side=f.locals["side"])
        elif len(seas) == 1:
            self.fight(g, f, seas[0])
        else:
            g.goto("choose_sea")

    @decision
    @RULES.implements("1.14", "8.31")
    def choose_sea(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f.locals["side"], "prompt.naval_battle")
        for sea in battle_seas(g.data):
            choices.add(Action.of("battle", sea), self.fight, sea)
        return choices

    def done(self, g: Context, f: Frame) -> None:
        g.ret()

    def fight(self, g: Context, f: Frame, sea: str) -> None:
        g.log("log.naval_battle", area=sea)
        g.call("naval_battle", then="next_sea", sea=sea, side=f.locals["side"])


class NavalBattle(Procedure):
    """Interception checks in ``sea`` and what each leads to, until one side is left (8.4)."""

    name = "naval_battle"

    def start(self, g: Context, f: Frame) -> None:
        f.locals.update(check=0, surprise_possible=True, avoiding=[])
        if all(fleets_in(g.data, side, f.locals["sea"]) for side in SIDES):
            g.goto("check")
        else:
            g.goto("submarines")  # a submarine alone with enemy fleets: no check (§9-2 #17)

    def check(self, g: Context, f: Frame) -> None:
        f.locals["check"] += 1
        f.locals.update(avoiding=[], mode=None, surprised=None, round=0)
        g.data["interception"] = {"sea": f.locals["sea"], "check": f.locals["check"], "choices": {}}
        g.goto("choose")

    @decision
    @RULES.implements("8.31")
    def choose(self, g: Context, f: Frame) -> Decision:
        """Both sides choose at once, in secret; the other's choice is shown once both have."""
        found = Decision()
        sea, check = f.locals["sea"], f.locals["check"]
        for side in SIDES:
            if side in g.data["interception"]["choices"]:
                continue
            choices = found.side(side, "prompt.interception", sea=sea)
            for option in interception_options(g.data, side, sea, check):
                choices.add(Action.of("intercept", option), self.chosen, side, option)
            if check == 1 and AVOID not in interception_options(g.data, side, sea, check):
                choices.refuse("intercept avoid", "8.31 b: nobody may avoid at the first check")
        return found

    def chosen(self, g: Context, f: Frame, side: Side, option: str) -> None:
        g.data["interception"]["choices"][side] = option
        g.log("log.interception_chosen", side=side, area=f.locals["sea"])
        if len(g.data["interception"]["choices"]) == len(SIDES):
            g.goto("resolve")

    @RULES.implements("8.31", "8.32", "8.33")
    def resolve(self, g: Context, f: Frame) -> None:
        """Avoid ends the checks, the avoiding side rebasing out (8.31 b, 8.32); otherwise both
        roll, Day +1: the higher roll has its choice, equal rolls are bad weather, a roll 4
        higher is surprise at the first check or the one after bad weather (8.31 c, d)."""
        sea, picked = f.locals["sea"], g.data["interception"]["choices"]
        g.reveal()
        g.log("log.interception_choices", area=sea, japan=picked["japan"], allies=picked["allies"])
        reacting_first = [enemy(f.locals["side"]), f.locals["side"]]
        f.locals["avoiding"] = [side for side in reacting_first if picked[side] == AVOID]
        if f.locals["avoiding"]:
            g.goto("submarines")
            return
        charts = tables(g.state)
        totals = {}
        for side in SIDES:
            roll = d6(g)
            totals[side] = roll + roll_modifier(g.data, side, sea, picked[side], charts)
            totals[side] += code_breaking_bonus(g.data, side, sea, f.locals["check"], charts)
            totals[side] += surprise.us_roll_bonus(g.data, side, sea, f.locals["check"], charts)
            g.log("log.interception_roll", side=side, area=sea, roll=roll, total=totals[side])
        japan, allies = totals["japan"], totals["allies"]
        if japan == allies:
            g.log("log.bad_weather", area=sea)
            f.locals["surprise_possible"] = True
            g.goto("submarines")
            return
        winner = "japan" if japan > allies else "allies"
        margin = abs(japan - allies)
        if f.locals["surprise_possible"] and margin >= charts.interception.surprise_margin:
            f.locals["surprised"] = enemy(winner)
        f.locals["surprise_possible"] = False
        f.locals["mode"] = picked[winner]
        key = "log.interception_surprise" if f.locals["surprised"] else "log.interception_won"
        g.log(key, side=winner, area=sea, mode=picked[winner])
        combat_fog.reveal_battle(g, sea, kind="fleet")
        g.goto("night" if picked[winner] == NIGHT else "day_round")

    @RULES.implements("8.41", "8.31")
    def night(self, g: Context, f: Frame) -> None:
        """One round: every BB and CA fires at once, or the surprising side first (8.41)."""
        sea, surprised = f.locals["sea"], f.locals["surprised"]
        order = [[enemy(surprised)], [surprised]] if surprised else [list(SIDES)]
        for firing in order:
            targets = {side: night_targets(g.data, side, sea) for side in firing}
            fired = [shot for side in firing for shot in gunnery(g, side, sea, targets[side])]
            aimed = {firer: t for side in firing for firer, t in targets[side].items()}
            land_gunnery(g, sea, fired, aimed)
        surprise.round_fought(g.data, sea)  # 9.11 c
        g.goto("submarines")

    @RULES.implements("8.42")
    def day_round(self, g: Context, f: Frame) -> None:
        """A round of the day action: air units assigned in secret, then the strikes (8.42 a);
        in a surprise round every air unit attacks, no LBA flies (8.42 b)."""
        f.locals["round"] += 1
        sea = f.locals["sea"]
        later = f.locals["round"] > 1
        air = {side: flying(g.data, side, sea, with_lba=later) for side in SIDES}
        if not any(air.values()):
            g.goto("day_round_end")
            return
        open_commitment(g, sea, air, "attack")
        g.data["interception"]["flying"] = {side: list(air[side]) for side in SIDES}
        g.data["interception"]["mission"] = "attack"
        if f.locals["surprised"] and f.locals["round"] == 1:
            g.data["air_committed"] = list(SIDES)
            g.goto("strikes")
        else:
            g.goto("commit")

    @decision
    @RULES.implements("8.42")
    def commit(self, g: Context, f: Frame) -> Decision:
        return commit_decision(g, AIR_MISSIONS, "prompt.air_missions", then="strikes")

    @RULES.implements("8.42", "8.31")
    def strikes(self, g: Context, f: Frame) -> None:
        """Air-to-air, AA, then the attacks of both sides at once; after a surprise the
        surprising side's strike lands first, then the surprised side's survivors strike."""
        sea, surprised = f.locals["sea"], f.locals["surprised"]
        for side in SIDES:
            for mission in AIR_MISSIONS:
                units = on_mission(g.data, side, mission)
                if units:
                    g.log("log.air_missions", side=side, units=units, mission=mission)
        first_round = f.locals["round"] == 1
        order = [[enemy(surprised)], [surprised]] if surprised and first_round else [list(SIDES)]
        for striking in order:
            for side in striking:
                air_to_air(g, side, sea)
                anti_aircraft(g, side, sea)
            results = [hit for side in striking for hit in air_attack(g, side, sea)]
            land_air_attacks(g, sea, results)
            fit_carrier_air(g, sea, to_orphans=False)
        close_commitment(g)
        surprise.round_fought(g.data, sea)  # 9.11 c
        g.goto("day_round_end")

    def day_round_end(self, g: Context, f: Frame) -> None:
        both = all(fleets_in(g.data, side, f.locals["sea"]) for side in SIDES)
        rounds = tables(g.state).interception.day_rounds
        if surprise.one_day_round(g.data, f.locals["sea"], f.locals["check"]):
            rounds = tables(g.state).surprise_attack.hawaii_day_rounds  # 9.11 k
        g.goto("day_round" if both and f.locals["round"] < rounds else "submarines")

    @RULES.implements("8.5")
    def submarines(self, g: Context, f: Frame) -> None:
        """After each interception attempt each side's submarine unit there, the phase
        player's first, may attack damaged or undamaged fleets or wait (8.5)."""
        phase_player = f.locals["side"]
        f.locals["sub_order"] = [phase_player, enemy(phase_player)]
        g.goto("next_submarine")

    def next_submarine(self, g: Context, f: Frame) -> None:
        order = f.locals["sub_order"]
        while order and not submarine_options(g.data, order[0], f.locals["sea"]):
            order.pop(0)
        g.goto("submarine" if order else "after_action")

    @decision
    @RULES.implements("8.5")
    def submarine(self, g: Context, f: Frame) -> Choices:
        side, sea = f.locals["sub_order"][0], f.locals["sea"]
        choices = Decision.single(side, "prompt.submarine_attack", sea=sea)
        for kind in submarine_options(g.data, side, sea):
            choices.add(Action.of("sub_attack", kind), self.sub_attacks, side, kind)
        choices.add("wait", self.sub_waits)
        return choices

    def sub_attacks(self, g: Context, f: Frame, side: Side, kind: str) -> None:
        submarine_attack(g, side, f.locals["sea"], kind)
        self.sub_waits(g, f)

    def sub_waits(self, g: Context, f: Frame) -> None:
        f.locals["sub_order"].pop(0)
        g.goto("next_submarine")

    @RULES.implements("8.6", "8.32")
    def after_action(self, g: Context, f: Frame) -> None:
        """Damage resolution (8.6), then the avoiding side rebases out, the reacting side first
        (8.32, 8.8)."""
        sea = f.locals["sea"]
        resolve_damage(g, sea)
        avoiding = [side for side in f.locals["avoiding"] if fleets_in(g.data, side, sea)]
        if avoiding:
            g.call("rebase", then="next_check", side=f.locals["side"], order=avoiding, sea=sea)
        else:
            g.goto("next_check")

    @RULES.implements("8.4")
    def next_check(self, g: Context, f: Frame) -> None:
        """Another check while both sides are still there (8.4); else the fleets stand up."""
        sea = f.locals["sea"]
        if all(fleets_in(g.data, side, sea) for side in SIDES):
            g.goto("check")
            return
        g.data["interception"] = None
        submarines_home(g, sea)
        if combat_fog.revealed(g.data, sea):
            combat_fog.stand_up(g, sea)
        g.ret()


ALL: Final[tuple[Procedure, ...]] = (AirNavalCombat(), NavalBattle())
