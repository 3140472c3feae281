"""The Regular Combat Segment (4.2): the phasing faction attacks adjacent enemy hexes one at a
time (4.2.1), at the odds of its attack against the whole hex's defence, shifted by terrain,
fortresses and HQs (4.2.3), and the CRT's result is carried out: retreats first (4.2.5), then
step losses, the attacker's first (4.2.6), then advance after combat (4.2.7).

Decisions
- The attacker names its units one at a time (``with``), then resolves or cancels; an attack is
  refused below the lowest raw odds of the column shifts table (4.2.2 step 3).
- HQs give their shift when they take part (attacking, or in the defending hex) or support the
  combat from two hexes away (:mod:`hq_support`, 4.2.1.2). Not played yet: air units, blitz
  combat (4.1),
  exploitation (4.2.8) or the defender's optional conversion of retreat hexes into step losses
  (4.2.5). Supply is not checked (every unit counts as supplied: 10.3).
- Attacks across an all-sea or lake hexside are refused: only marines attack across water, and
  their shift is not recovered (supplement C7).
- A force retreating into a hex of friendly ground units sweeps them along (4.2.5, rout).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from wargame.engine.dice import D6
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.engine.tables import odds_value
from wargame.games.dai_senso import state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import (
    ColumnShifts,
    TerrainEffects,
    WeatherCombat,
    parse_result,
)
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.hq_support import supporting_hqs
from wargame.games.dai_senso.losses import lose_step
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.retreat import retreat_hexes, stays_put
from wargame.games.dai_senso.weather import weather_now

Support = tuple[str | None, str | None]
"""The HQs giving ranged support to the attack and to the defence (4.2.1.2), if any."""
HEXSIDE_SHIFTS: Final = (
    ("strait", "strait_not_connected"),
    ("river", "river"),
    ("mountain", "mountain"),
)
"""Hexside kinds of the map and the TEC row that gives their defender shift."""


@RULES.implements("4.2.1")
def attackers_of(data: Mapping[str, Any], side: str, target: str) -> list[str]:
    """The phasing units that may attack ``target``: next to it across a side they may cross,
    with an attack factor, not having attacked this segment (a unit attacks once)."""
    the_map = board()
    return [
        uid
        for near in the_map.neighbours(target)
        if not the_map.blocked(near, target)
        for uid in state.units_in(data, near)
        if state.faction(uid) == side
        and uid not in data["attacked"]
        and state.values(data, uid)[0] > 0
    ]


def targets(data: Mapping[str, Any], side: str) -> list[str]:
    """The enemy hexes the phasing faction may attack (each at most once a segment: 4.2.1)."""
    held = {record["hex"] for record in data["units"].values()}
    return sorted(
        hex_id
        for hex_id in held
        if state.enemy_in(data, hex_id, side)
        and hex_id not in data["attacked_hexes"]
        and attackers_of(data, side, hex_id)
    )


def strengths(
    data: Mapping[str, Any], attackers: list[str], target: str, support: Support = (None, None)
) -> tuple[int, int]:
    """The attack of the named units and the defence of every unit in the hex (4.2.1), each
    with the combat factor of its supporting HQ, if any (4.2.1.2)."""
    attack = sum(state.values(data, uid)[0] for uid in attackers)
    defence = sum(state.values(data, uid)[1] for uid in state.units_in(data, target))
    helping_attack, helping_defence = support
    attack += state.values(data, helping_attack)[0] if helping_attack else 0
    defence += state.values(data, helping_defence)[1] if helping_defence else 0
    return attack, defence


@RULES.implements("4.2.2")
def odds_allowed(attack: int, defence: int, shifts: ColumnShifts) -> bool:
    """Whether the raw odds, before shifts, reach the lowest an attack may be declared at."""
    return defence == 0 or Fraction(attack, defence) >= odds_value(shifts.lowest_raw_odds)


@RULES.implements("4.2.3", "4.2.3.4", "4.2.3.5", "4.2.3.7", "4.2.3.8", "11.3")
def column_shift(
    data: Mapping[str, Any],
    attackers: list[str],
    target: str,
    tec: TerrainEffects,
    shifts: ColumnShifts,
    *,
    weather: str | None = None,
    support: Support = (None, None),
) -> int:
    """The net shift, right for the attacker: its HQ's, less the defender's terrain (the hex's
    plus the lowest hexside attacked across), fortress, HQ and Mud shifts (cumulative: 4.2.3).
    One HQ shift a side, from an HQ in the combat or supporting it (4.2.3.5)."""
    the_map = board()
    defenders = state.units_in(data, target)
    sides = [the_map.side_kinds(state.hex_of(data, uid), target) for uid in attackers]
    hexside = min(hexside_shift(kinds, tec) for kinds in sides)
    defence = tec.hexes[the_map.hexes[target].terrain].shift + hexside
    defence += shifts.mud if weather == "mud" else 0
    defence += shifts.fortress if any(state.kind(u) == "fortress" for u in defenders) else 0
    helping_attack, helping_defence = support
    defence += shifts.hq if helping_defence or any(state.kind(u) == "hq" for u in defenders) else 0
    attack = shifts.hq if helping_attack or any(state.kind(u) == "hq" for u in attackers) else 0
    return attack - defence


def hexside_shift(kinds: frozenset[str], tec: TerrainEffects) -> int:
    """The defender's shift of a hexside of these kinds (TEC): the lowest of its kinds that
    shift, as across several sides (4.2.3.8: a mountain side that is also a river side gives
    the river's shift)."""
    return min(
        (tec.hexsides[row].shift for kind, row in HEXSIDE_SHIFTS if kind in kinds), default=0
    )


@RULES.implements("11.2")
def weathered(code: str, weather: str | None, table: WeatherCombat) -> str:
    """A retreat result lessened against a hex in adverse weather (Dr1 becomes Ex)."""
    if weather in table.weathers:
        return table.retreat_results.get(code, code)
    return code


class Combat(Procedure):
    """The phasing faction (``side``) declares and resolves attacks until it ends the segment."""

    name = "combat"

    def start(self, g: Context, f: Frame) -> None:
        g.data["attacked"] = []
        g.data["attacked_hexes"] = []
        g.data["hq_used"] = []
        g.goto("pick")

    @decision
    def pick(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f["side"], "prompt.combat")
        for target in targets(g.data, f["side"]):
            choices.add(f"attack {target}", _declare, target)
        choices.add("end", _end_segment)
        return choices


def _declare(g: Context, f: Frame, target: str) -> None:
    g.call("battle", then="pick", side=f["side"], hex=target, attackers=[])


def _end_segment(g: Context, f: Frame) -> None:
    g.data["attacked"] = []
    g.data["attacked_hexes"] = []
    g.data["hq_used"] = []
    g.ret()


class Battle(Procedure):
    """One attack on ``hex``: naming the attackers, the die, the result, the advance."""

    name = "battle"

    def start(self, g: Context, f: Frame) -> None:
        g.goto("declare")

    @decision
    def declare(self, g: Context, f: Frame) -> Choices:
        target, attackers = f["hex"], f["attackers"]
        shifts = game_tables(g.state)["column_shifts"]
        support = (f.get("support"), None)
        attack, defence = strengths(g.data, attackers, target, support) if attackers else (0, 0)
        ready = bool(attackers) and odds_allowed(attack, defence, shifts)
        prompt = "prompt.attack_units" if ready else "prompt.attack_units_short"
        choices = Decision.single(f["side"], prompt, hex=target, attack=attack, defence=defence)
        for uid in attackers_of(g.data, f["side"], target):
            if uid not in attackers and uid != f.get("support"):  # an HQ attacks or supports
                choices.add(f"with {uid}", _with, uid)
        if attackers and not f.get("support"):
            for hq in supporting_hqs(g.data, f["side"], target, attackers):
                choices.add(f"support {hq}", _support, hq)
        if ready:
            choices.add("resolve", _resolve)
        elif attackers:
            least = shifts.lowest_raw_odds
            choices.refuse("resolve", f"4.2.2: {attack} against {defence} is below {least}")
        else:
            choices.refuse("resolve", "4.2.2: name at least one attacking unit")
        choices.add("cancel", _cancel)
        return choices

    @decision
    def defence_support(self, g: Context, f: Frame) -> Choices:
        """The defender may name one HQ to support the defence (4.2.2 step 2)."""
        defenders = state.units_in(g.data, f["hex"])
        side = state.faction(defenders[0])
        choices = Decision.single(side, "prompt.defence_support", hex=f["hex"])
        for hq in supporting_hqs(g.data, side, f["hex"], defenders):
            choices.add(f"support {hq}", _defence_support, hq)
        choices.add("none", _defence_support, None)
        return choices

    @RULES.implements("4.2.2", "4.2.4")
    def fight(self, g: Context, f: Frame) -> None:
        """Odds rounded for the defender, the net shift, one die, the CRT's cell (4.2.2)."""
        charts = game_tables(g.state)
        target, attackers = f["hex"], f["attackers"]
        support = (f.get("support"), f.get("defence_support"))
        attack, defence = strengths(g.data, attackers, target, support)
        crt = charts["crt"]
        column = crt.column(attack, defence).label
        weather = weather_now(g.state).get(target)
        shift = column_shift(g.data, attackers, target, charts["terrain_effects"],
                             charts["column_shifts"], weather=weather,
                             support=support)  # fmt: skip
        g.data["attacked"].extend(attackers)
        g.data["attacked_hexes"].append(target)
        for hq in filter(None, support):
            g.data["hq_used"].append(hq)
            g.log("log.supported", side=state.faction(hq), unit=hq, hex=target)
        g.log("log.attack", side=f["side"], hex=target, attack=attack, defence=defence,
              column=column, shift=shift)  # fmt: skip
        roll = g.roll(D6, f["side"], "combat", hex=target)
        result = weathered(crt.result(column, roll, shift).code, weather, charts["weather_combat"])
        g.log("log.combat_result", hex=target, result=result)
        f["result"] = result
        g.goto("outcome")

    def outcome(self, g: Context, f: Frame) -> None:
        """Carry out the CRT's result: retreats first, then step losses (4.2.4)."""
        result = parse_result(f["result"])
        defenders = state.units_in(g.data, f["hex"])
        defender = state.faction(defenders[0])
        if result.kind == "attrition":
            f["defender_steps"] = result.defender_steps
            g.call("losses", then="defender_losses", side=f["side"], units=f["attackers"],
                   steps=result.attacker_steps, armour_first=True)  # fmt: skip
        elif result.kind == "dr":
            g.call("retreat", then="advance_check", side=defender, units=defenders,
                   origin=f["hex"], hexes=result.retreat)  # fmt: skip
        else:
            f["exchange"] = result.kind == "ex"
            g.goto("attacker_choice")

    def defender_losses(self, g: Context, f: Frame) -> None:
        defenders = state.units_in(g.data, f["hex"])
        if not defenders:
            g.goto("advance_check")
            return
        g.call("losses", then="advance_check", side=state.faction(defenders[0]),
               units=defenders, steps=f["defender_steps"])  # fmt: skip

    @decision
    def attacker_choice(self, g: Context, f: Frame) -> Choices:
        """Ad or Ex: every attacker retreats a hex, or one attacking unit loses a step (4.2.4)."""
        alive = _alive(g.data, f["attackers"])
        groups = _groups(g.data, alive)
        can_retreat = all(_can_retreat(g.data, units, f["hex"]) for units in groups.values())
        prompt = "prompt.attacker_result" if can_retreat else "prompt.attacker_result_no_retreat"
        choices = Decision.single(f["side"], prompt, hex=f["hex"], result=f["result"])
        if can_retreat:
            choices.add("retreat", _attackers_retreat)
        else:
            choices.refuse("retreat", "4.2.5: some attacking unit has no hex to retreat to")
        armour = [uid for uid in alive if state.kind(uid) == "armor_type"]
        for uid in alive:
            if armour and uid not in armour:
                choices.refuse(f"lose {uid}", "4.2.6: the first step lost is an armour step")
            else:
                choices.add(f"lose {uid}", _attacker_loses, uid)
        return choices

    def retreat_next(self, g: Context, f: Frame) -> None:
        """The attacking hexes retreat one after another, each its units together."""
        groups = _groups(g.data, _alive(g.data, f["attackers"]))
        waiting = [hex_id for hex_id in sorted(groups) if hex_id in f["retreating"]]
        if not waiting:
            g.goto("advance_check")
            return
        f["retreating"] = [hex_id for hex_id in f["retreating"] if hex_id != waiting[0]]
        g.call("retreat", then="retreat_next", side=f["side"], units=groups[waiting[0]],
               origin=f["hex"], hexes=1)  # fmt: skip

    @decision
    def defender_choice(self, g: Context, f: Frame) -> Choices:
        """Ex after the attacker lost a step: the defender retreats a hex or loses a step."""
        defenders = state.units_in(g.data, f["hex"])
        side = state.faction(defenders[0])
        can_retreat = _can_retreat(g.data, defenders, f["hex"])
        prompt = "prompt.exchange" if can_retreat else "prompt.exchange_no_retreat"
        choices = Decision.single(side, prompt, hex=f["hex"])
        if can_retreat:
            choices.add("retreat", _defenders_retreat)
        for uid in defenders:
            choices.add(f"lose {uid}", _defender_loses, uid)
        return choices

    @RULES.implements("4.2.7")
    def advance_check(self, g: Context, f: Frame) -> None:
        """Attackers may advance into the defending hex once it is empty."""
        if state.units_in(g.data, f["hex"]) or not _advancing(g.data, f):
            g.ret()
            return
        g.goto("advance")

    @decision
    def advance(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f["side"], "prompt.advance", hex=f["hex"])
        for uid in _advancing(g.data, f):
            choices.add(f"advance {uid}", _advance, uid)
        choices.add("end", _end_battle)
        return choices


def _with(g: Context, f: Frame, uid: str) -> None:
    f["attackers"].append(uid)


def _cancel(g: Context, f: Frame) -> None:
    g.ret()


def _support(g: Context, f: Frame, hq: str) -> None:
    f["support"] = hq


def _resolve(g: Context, f: Frame) -> None:
    """The defender names its supporting HQ, if it may, before the die (4.2.2 step 2)."""
    defenders = state.units_in(g.data, f["hex"])
    side = state.faction(defenders[0])
    in_hex = any(state.kind(uid) == "hq" for uid in defenders)
    may = not in_hex and bool(supporting_hqs(g.data, side, f["hex"], defenders))
    g.goto("defence_support" if may else "fight")


def _defence_support(g: Context, f: Frame, hq: str | None) -> None:
    f["defence_support"] = hq
    g.goto("fight")


def _attackers_retreat(g: Context, f: Frame) -> None:
    f["retreating"] = sorted(_groups(g.data, _alive(g.data, f["attackers"])))
    g.goto("retreat_next")


def _attacker_loses(g: Context, f: Frame, uid: str) -> None:
    lose_step(g, uid)
    g.goto(
        "defender_choice" if f["exchange"] and state.units_in(g.data, f["hex"]) else "advance_check"
    )


def _defenders_retreat(g: Context, f: Frame) -> None:
    defenders = state.units_in(g.data, f["hex"])
    g.call("retreat", then="advance_check", side=state.faction(defenders[0]), units=defenders,
           origin=f["hex"], hexes=1)  # fmt: skip


def _defender_loses(g: Context, f: Frame, uid: str) -> None:
    lose_step(g, uid)
    g.goto("advance_check")


def _advance(g: Context, f: Frame, uid: str) -> None:
    here = state.hex_of(g.data, uid)
    taken = state.enter(g.data, uid, f["hex"])
    g.log("log.advanced", side=f["side"], unit=uid, frm=here, to=f["hex"])
    if taken:
        g.log("log.taken", side=taken, hex=f["hex"])


def _end_battle(g: Context, f: Frame) -> None:
    g.ret()


def _alive(data: Mapping[str, Any], units: list[str]) -> list[str]:
    return [uid for uid in units if uid in data["units"]]


def _groups(data: Mapping[str, Any], units: list[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for uid in units:
        found.setdefault(state.hex_of(data, uid), []).append(uid)
    return found


def _advancing(data: Mapping[str, Any], f: Frame) -> list[str]:
    """Surviving attackers next to the empty hex, across a side they may cross (4.2.7)."""
    the_map = board()
    return [
        uid
        for uid in _alive(data, f["attackers"])
        if state.hex_of(data, uid) != f["hex"]
        and the_map.adjacent(state.hex_of(data, uid), f["hex"])
        and not the_map.blocked(state.hex_of(data, uid), f["hex"])
    ]


def _can_retreat(data: Mapping[str, Any], units: list[str], origin: str) -> bool:
    if stays_put(data, units):
        return False
    return bool(retreat_hexes(data, state.hex_of(data, units[0]), origin, state.faction(units[0])))


ALL: Final[tuple[Procedure, ...]] = (Combat(), Battle())
