"""The Regular Combat Segment (4.2): the phasing faction attacks adjacent enemy hexes one at a
time (4.2.1), at the odds of its attack against the whole hex's defence, shifted by terrain,
fortresses and HQs (4.2.3), and the CRT's result is carried out: retreats first (4.2.5), then
step losses, the attacker's first (4.2.6), then advance after combat (4.2.7).

Decisions
- The attacker names its units one at a time (``with``), then resolves or cancels; an attack is
  refused below the lowest raw odds of the column shifts table (4.2.2 step 3).
- HQs give their shift when they take part (attacking, or in the defending hex) or support the
  combat from two hexes away (:mod:`hq_support`, 4.2.1.2), if in supply (10.3); advance after
  combat and exploitation need supply too (:mod:`supply`). Air units in or next to the
  defending hex shift the column for their faction (4.2.3.1, :mod:`air`).
- Blitz combat (4.1.2) is the same procedure in the blitz combat segment, played only when the
  phasing faction has a Blitz marker on the map: only blitz-enabled units (:mod:`blitz`) attack
  or support the attack, the armour shift (4.2.3.3) is given, and no hex in Mud or Storms is
  attacked; in Snow only Russian units blitz. Its beachhead landing step (4.1.3, :mod:`naval`)
  follows, then airdrop landing (4.1.4) and CV strikes return (4.1.5, :mod:`air`), this alone
  when the faction has no Blitz marker; the airdrop step (4.1.1, :mod:`airdrop`) comes first,
  and each Airdrop marker in the defending hex shifts a blitz attack right (4.2.3.2).
- Exploitation (4.2.8, provisional, table ``exploitation``): after advancing, in either combat
  segment, each unit that advanced and was blitz-enabled in the hex it attacked from may move
  on from the vacated hex, up to its movement allowance divided by the table's divisor, never
  into Mud and with no overrun.
- A defender told to retreat (Dr) may convert the retreat into step losses (4.2.5) when every
  attacker next to it attacks across a strait, beachhead or mountain hexside, or its hex has a
  City and no Blitz marker (:func:`retreat.may_convert`).
- Attacks across a lake hexside are refused, and across an all-sea one for all but marines
  (supplement C7, provisional, stand-in ``marine_shift``): the defender keeps the TEC's all-sea
  hexside shift (two), and in blitz combat supplied marines attacking across a beachhead,
  strait or all-sea hexside give one shift back (4.2.3.6); their step is the attacker's first
  lost (4.2.6). A beachhead's hexside is crossed by attacks and advances after combat, with the
  TEC's defender shift of its face (2.2.3, 4.2.3).
- A force retreating into a hex of friendly ground units sweeps them along (4.2.5, rout).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any, Final

from wargame.engine.dice import D6
from wargame.engine.notes import Modifier, Note
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.engine.tables import odds_value
from wargame.games.dai_senso import state, war_states
from wargame.games.dai_senso.air import air_shifts, cv_strikes_return
from wargame.games.dai_senso.airdrop import airdrop_landing, airdrop_shifts
from wargame.games.dai_senso.blitz import blitz_enabled, markers_of
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import (
    ColumnShifts,
    Crt,
    Supply,
    TerrainEffects,
    WeatherCombat,
    parse_result,
)
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.hq_support import supporting_hqs
from wargame.games.dai_senso.losses import FIRST_LOSS, lose_step
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.retreat import may_convert, retreat_hexes, stays_put
from wargame.games.dai_senso.supply import refusal, supplied
from wargame.games.dai_senso.weather import weather_now

Support = tuple[str | None, str | None]
"""The HQs giving ranged support to the attack and to the defence (4.2.1.2), if any."""
HEXSIDE_SHIFTS: Final = (
    ("all_sea", "all_sea_or_lake"),
    ("strait", "strait_not_connected"),
    ("river", "river"),
    ("mountain", "mountain"),
)
"""Hexside kinds of the map and the TEC row that gives their defender shift."""
RULES.stand_in(
    "4.2.8",
    "units that advanced, blitz-enabled, move on with half their movement allowance",
    key="exploitation_reach",
)
RULES.stand_in(
    "4.2.3.6",
    "marines attack across an all-sea hexside; in a blitz, supplied, they give one shift back",
    key="marine_shift",
)
NO_BLITZ: Final = frozenset({"mud", "storm"})
"""Weathers of a defending hex that no blitz attack is made against (4.1.2; Snow: Russians)."""


@dataclass(frozen=True)
class Blitz:
    """The blitz combat segment's limits: the Blitz markers' reach and this turn's weather."""

    reach: int
    weather: Mapping[str, str]


@RULES.implements("4.1.2")
def may_blitz(data: Mapping[str, Any], uid: str, target: str, blitz: Blitz) -> bool:
    """Whether the unit may attack ``target`` (or support the attack) in blitz combat."""
    if not blitz_enabled(data, uid, blitz.reach):
        return False
    weather = blitz.weather.get(target)
    return weather not in NO_BLITZ and (
        weather != "snow" or state.unit(uid).nationality == "russia"
    )


def blitz_limits(g: Context) -> Blitz:
    return Blitz(game_tables(g.state)["blitz_markers"].range, weather_now(g.state))


@RULES.implements("4.2.1")
def attackers_of(
    data: Mapping[str, Any], side: str, target: str, blitz: Blitz | None = None
) -> list[str]:
    """The phasing units that may attack ``target``: next to it across a side they may cross,
    with an attack factor, not having attacked this segment (a unit attacks once); in blitz
    combat, only those :func:`may_blitz` allows."""
    the_map = board()
    return [
        uid
        for near in the_map.neighbours(target)
        for uid in state.units_in(data, near)
        if crosses(data, uid, near, target)
        and state.faction(uid) == side
        and uid not in data["attacked"]
        and state.values(data, uid)[0] > 0
        and (blitz is None or may_blitz(data, uid, target, blitz))
        and not war_states.entry_refusal(data, uid, target, doing="attack")
    ]


@RULES.implements("4.2.1", "4.2.3.6")
def crosses(data: Mapping[str, Any], uid: str, here: str, target: str) -> bool:
    """Whether the unit may attack from ``here`` across the hexside to ``target``: any side but
    an all-sea or lake one, a beachhead's hexside, and for marines an all-sea one (supplement
    C7, provisional: marines cross water as they move, 3.1.4)."""
    the_map = board()
    if not the_map.blocked(here, target) or state.across_beachhead(data, here, target):
        return True
    kinds = the_map.side_kinds(here, target)
    return state.unit(uid).type == "marines" and "lake" not in kinds and "all_sea" in kinds


@RULES.implements("4.2.3.6", "4.2.6")
def marines_across_water(data: Mapping[str, Any], attackers: list[str], target: str) -> list[str]:
    """The marines among the attackers that attack across a beachhead, strait or all-sea
    hexside."""
    the_map = board()
    return [
        uid
        for uid in attackers
        if state.unit(uid).type == "marines"
        and (
            state.across_beachhead(data, state.hex_of(data, uid), target)
            or the_map.side_kinds(state.hex_of(data, uid), target) & {"strait", "all_sea"}
        )
    ]


def targets(data: Mapping[str, Any], side: str, blitz: Blitz | None = None) -> list[str]:
    """The enemy hexes the phasing faction may attack (each at most once a segment: 4.2.1)."""
    held = {record["hex"] for record in data["units"].values()}
    return sorted(
        hex_id
        for hex_id in held
        if state.enemy_in(data, hex_id, side)
        and hex_id not in data["attacked_hexes"]
        and attackers_of(data, side, hex_id, blitz)
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


def column_shift(
    data: Mapping[str, Any],
    attackers: list[str],
    target: str,
    tec: TerrainEffects,
    shifts: ColumnShifts,
    **options: Any,
) -> int:
    """The net shift, right for the attacker: the sum of :func:`column_shifts`."""
    return sum(
        item.value for item in column_shifts(data, attackers, target, tec, shifts, **options)
    )


@RULES.implements("4.2.3", "4.2.3.3", "4.2.3.4", "4.2.3.5", "4.2.3.6", "4.2.3.7", "4.2.3.8")
@RULES.implements("11.3")
def column_shifts(
    data: Mapping[str, Any],
    attackers: list[str],
    target: str,
    tec: TerrainEffects,
    shifts: ColumnShifts,
    *,
    weather: str | None = None,
    support: Support = (None, None),
    blitz: bool = False,
    unsupplied: frozenset[str] = frozenset(),
) -> list[Modifier]:
    """Each column shift with its rule, positive to the right (the attacker's): the defender's
    terrain (the hex's plus the lowest hexside attacked across), fortress, HQ and Mud shifts,
    then the attacker's HQ and, in blitz combat, one for armour (4.2.3.3) and one for supplied
    marines attacking across water (4.2.3.6), then one for each air unit in or next to the hex
    (4.2.3.1, :func:`air.air_shifts`); they add up (4.2.3). One HQ shift a side, from an HQ in
    the combat or supporting it (4.2.3.5); an HQ or marines ``unsupplied`` give none (10.3)."""
    the_map = board()
    defenders = state.units_in(data, target)
    terrain = the_map.hexes[target].terrain
    found = [Modifier("4.2.3.8", "shift.terrain", -tec.hexes[terrain].shift, {"terrain": terrain})]
    found += hexside_shifts(
        [attack_side(data, state.hex_of(data, u), target, tec) for u in attackers]
    )
    if weather == "mud":
        found.append(Modifier("4.2.3.7", "shift.mud", -shifts.mud))
    fortress = [uid for uid in defenders if state.kind(uid) == "fortress"]
    if fortress:
        found.append(Modifier("4.2.3.4", "shift.fortress", -shifts.fortress, {"unit": fortress[0]}))
    helping_attack, helping_defence = support
    hq = helping_defence or _hq_of(defenders, unsupplied)
    if hq:
        found.append(Modifier("4.2.3.5", "shift.hq_defence", -shifts.hq, {"unit": hq}))
    hq = helping_attack or _hq_of(attackers, unsupplied)
    if hq:
        found.append(Modifier("4.2.3.5", "shift.hq_attack", shifts.hq, {"unit": hq}))
    armour = [uid for uid in attackers if state.kind(uid) == "armor_type"]
    if blitz and armour:
        found.append(Modifier("4.2.3.3", "shift.armour", shifts.armour, {"unit": armour[0]}))
    marines = [u for u in marines_across_water(data, attackers, target) if u not in unsupplied]
    if blitz and marines:
        found.append(Modifier("4.2.3.6", "shift.marines", shifts.marines, {"unit": marines[0]}))
    if blitz:
        found += airdrop_shifts(data, attackers, target, shifts)
    combatants = [*attackers, *(hq for hq in support if hq)]
    found += air_shifts(data, combatants, target, shifts, weather)
    return [item for item in found if item.value]


def hexside_shifts(sides: list[Modifier | None]) -> list[Modifier]:
    """The defender's hexside shift: the lowest of the sides attacked across (4.2.3.8), none if
    any side has no shifting feature."""
    if not sides or any(side is None for side in sides):
        return []
    return [max((side for side in sides if side is not None), key=lambda side: side.value)]


@RULES.implements("10.3")
def _hq_of(units: list[str], unsupplied: frozenset[str]) -> str | None:
    """The first HQ in supply taking part, if any (an HQ out of supply gives no shift)."""
    return next((uid for uid in units if state.kind(uid) == "hq" and uid not in unsupplied), None)


@RULES.implements("4.2.3", "2.2.3")
def attack_side(
    data: Mapping[str, Any], here: str, target: str, tec: TerrainEffects
) -> Modifier | None:
    """The defender's shift of the hexside attacked across, None where it gives none: a
    Beachhead-2's two, a Beachhead-1's one (TEC) when the attack comes from the beachhead, else
    the map's hexside (none for an attack from the land onto a beachhead)."""
    found = state.across_beachhead(data, here, target)
    if found is not None and not board().hexes[here].sea:
        return None  # from the land onto the beachhead: its hexside is a bridge
    if found is not None:
        level = found["level"]
        shift = tec.hexsides[f"beachhead_{level}"].shift
        return Modifier("2.2.3", "shift.beachhead", -shift, {"level": level}) if shift else None
    kinds = board().side_kinds(here, target)
    shift = hexside_shift(kinds, tec)
    if not shift:
        return None
    kind = next(kind for kind, row in HEXSIDE_SHIFTS if kind in kinds and
                tec.hexsides[row].shift == shift)  # fmt: skip
    return Modifier("4.2.3.8", "shift.hexside", -shift, {"hexside": kind})


def attack_side_shift(data: Mapping[str, Any], here: str, target: str, tec: TerrainEffects) -> int:
    """The defender's shift (positive) of the hexside attacked across (:func:`attack_side`)."""
    found = attack_side(data, here, target, tec)
    return 0 if found is None else -found.value


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


@dataclass(frozen=True)
class Odds:
    """An attack as the CRT reads it (4.2.2): the strengths, the odds column, each column shift
    with its rule, and the weather of the defending hex. :meth:`result` is what a die gives, in
    play (``Battle.fight``) and in the preview (:mod:`previews`)."""

    attack: int
    defence: int
    column: str
    shifts: tuple[Modifier, ...]
    weather: str | None
    crt: Crt
    weather_table: WeatherCombat

    @property
    def shift(self) -> int:
        return sum(item.value for item in self.shifts)

    @property
    def shifted_column(self) -> str:
        """The column the die is read in, once shifted (clamped to the table: 4.2.2 step 4)."""
        table = self.crt.table
        return table.columns[table.shift_column(self.column, self.shift)]

    @RULES.implements("4.2.2", "4.2.4", "11.2")
    def result(self, roll: int) -> str:
        """The CRT's cell for ``roll``, lessened by the defending hex's weather."""
        found = self.crt.result(self.column, roll, self.shift).code
        return weathered(found, self.weather, self.weather_table)


def odds_of(
    g: Context, target: str, attackers: list[str], support: Support, *, blitz: bool
) -> Odds:
    """The attack on ``target`` by ``attackers`` with the HQs ``support``ing each side, as it
    would be resolved now."""
    charts = game_tables(g.state)
    attack, defence = strengths(g.data, attackers, target, support)
    weather = weather_now(g.state).get(target)
    out = frozenset(_unsupplied(g, [*attackers, *state.units_in(g.data, target)]))
    shifts = column_shifts(g.data, attackers, target, charts["terrain_effects"],
                           charts["column_shifts"], weather=weather, support=support,
                           blitz=blitz, unsupplied=out)  # fmt: skip
    column = charts["crt"].column(attack, defence).label
    crt, table = charts["crt"], charts["weather_combat"]
    return Odds(attack, defence, column, tuple(shifts), weather, crt, table)


class Combat(Procedure):
    """The phasing faction (``side``) declares and resolves attacks until it ends the segment:
    as this class, the regular combat segment (4.2), after the blitz combat segment."""

    name = "combat"
    blitz = False
    prompt = "prompt.combat"

    @RULES.implements("4.2")
    def start(self, g: Context, f: Frame) -> None:
        _reset(g)
        g.goto("pick")

    @decision
    def pick(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f["side"], self.prompt)
        limits = blitz_limits(g) if self.blitz else None
        found = targets(g.data, f["side"], limits)
        for target in found:
            choices.add(f"attack {target}", _declare, target, self.blitz)
        if limits is not None:
            for target in sorted(set(targets(g.data, f["side"])) - set(found)):
                choices.refuse(f"attack {target}", blitz_refusal(target, limits))
        choices.add("end", _end_segment)
        return choices


class BlitzCombat(Combat):
    """The blitz combat segment (4.1, 4.1.2): played only when the phasing faction has a Blitz
    marker on the map (else it has only CV strikes to return, which do not occur here)."""

    name = "blitz_combat"
    blitz = True
    prompt = "prompt.blitz_combat"

    @RULES.implements("4.1")
    def start(self, g: Context, f: Frame) -> None:
        """A faction with no Blitz marker on the map has only its CV strikes to return."""
        if not markers_of(g.data, f["side"]):
            g.log("log.no_blitz", side=f["side"])
            g.goto("done")
            return
        f["blitz_segment"] = True
        _reset(g)
        g.call("airdrop", then="pick", side=f["side"])

    @RULES.implements("4.1", "4.1.4", "4.1.5")
    def done(self, g: Context, f: Frame) -> None:
        """After the beachhead landing step (4.1.3, :mod:`naval`): airdrop landing (4.1.4), then
        CV strikes return (4.1.5)."""
        airdrop_landing(g, f["side"])
        if "support" in g.data:
            cv_strikes_return(g, f["side"])
        g.ret()


def _reset(g: Context) -> None:
    """A new combat segment: no unit, hex or HQ has attacked or supported yet."""
    g.data["attacked"] = []
    g.data["attacked_hexes"] = []
    g.data["hq_used"] = []


def blitz_refusal(target: str, limits: Blitz) -> str:
    """Why no blitz attack on ``target`` is offered though a regular one would be."""
    weather = limits.weather.get(target)
    if weather in NO_BLITZ or weather == "snow":
        return f"4.1.2: no blitz attack on {target} in {weather} (in snow, Russian units only)"
    return f"4.1.2: no blitz-enabled unit may attack {target}"


def _declare(g: Context, f: Frame, target: str, blitz: bool) -> None:
    g.call("battle", then="pick", side=f["side"], hex=target, attackers=[], blitz=blitz)


def _end_segment(g: Context, f: Frame) -> None:
    g.data["attacked"] = []
    g.data["attacked_hexes"] = []
    g.data["hq_used"] = []
    if f.get("blitz_segment"):
        g.call("beachhead_landing", then="done", side=f["side"])
        return
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
        limits = blitz_limits(g) if f.get("blitz") else None
        allowed = attackers_of(g.data, f["side"], target, limits)
        for uid in attackers_of(g.data, f["side"], target):
            if uid in attackers or uid == f.get("support"):  # an HQ attacks or supports
                continue
            if uid in allowed:
                choices.add(f"with {uid}", _with, uid)
            else:
                choices.refuse(f"with {uid}", f"4.1.2: {uid} is not blitz-enabled")
        preview = partial(
            _preview, g, f["side"], target, tuple(attackers), blitz=limits is not None
        )
        if attackers and not f.get("support"):
            for hq in supporting_hqs(g.data, f["side"], target, attackers, _supply(g)):
                if limits is None or may_blitz(g.data, hq, target, limits):
                    choices.add(f"support {hq}", _support, hq, later=partial(preview, (hq, None)))
                else:
                    choices.refuse(f"support {hq}", f"4.1.2: {hq} is not blitz-enabled")
        if ready:
            choices.add("resolve", _resolve, later=partial(preview, (f.get("support"), None)))
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
        preview = partial(_preview, g, f["side"], f["hex"], tuple(f["attackers"]),
                          blitz=bool(f.get("blitz")), open_=False)  # fmt: skip
        helping = f.get("support")
        for hq in defence_hqs(g, f["hex"]):
            choices.add(
                f"support {hq}", _defence_support, hq, later=partial(preview, (helping, hq))
            )
        choices.add("none", _defence_support, None, later=partial(preview, (helping, None)))
        return choices

    @RULES.implements("4.2.2", "4.2.4")
    def fight(self, g: Context, f: Frame) -> None:
        """Odds rounded for the defender, the net shift, one die, the CRT's cell (4.2.2)."""
        target, attackers = f["hex"], f["attackers"]
        support = (f.get("support"), f.get("defence_support"))
        odds = odds_of(g, target, attackers, support, blitz=bool(f.get("blitz")))
        g.data["attacked"].extend(attackers)
        g.data["attacked_hexes"].append(target)
        for hq in filter(None, support):
            g.data["hq_used"].append(hq)
            g.log("log.supported", side=state.faction(hq), unit=hq, hex=target)
        g.log("log.attack", side=f["side"], hex=target, attack=odds.attack,
              defence=odds.defence, column=odds.column, shift=odds.shift)  # fmt: skip
        roll = g.roll(D6, f["side"], "combat", hex=target)
        f["result"] = odds.result(roll)
        g.log("log.combat_result", hex=target, result=f["result"])
        g.goto("outcome")

    def outcome(self, g: Context, f: Frame) -> None:
        """Carry out the CRT's result: retreats first, then step losses (4.2.4)."""
        result = parse_result(f["result"])
        defenders = state.units_in(g.data, f["hex"])
        defender = state.faction(defenders[0])
        if result.kind == "attrition":
            f["defender_steps"] = result.defender_steps
            g.call("losses", then="defender_losses", side=f["side"], units=f["attackers"],
                   steps=result.attacker_steps, armour_first=True,
                   marines=marines_across_water(g.data, f["attackers"], f["hex"]))  # fmt: skip
        elif result.kind == "dr":
            convertible = may_convert(g.data, f["hex"], f["attackers"])
            g.call("retreat", then="advance_check", side=defender, units=defenders,
                   origin=f["hex"], hexes=result.retreat, may_convert=convertible)  # fmt: skip
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
        first = first_attacker_losses(g.data, alive, f["hex"])
        for uid in alive:
            if uid not in first:
                choices.refuse(f"lose {uid}", FIRST_LOSS)
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

    @RULES.implements("4.2.7", "10.3")
    def advance_check(self, g: Context, f: Frame) -> None:
        """Attackers in supply may advance into the defending hex once it is empty."""
        table = _supply(g)
        if state.units_in(g.data, f["hex"]) or not any(
            supplied(g.data, table, uid) for uid in _advancing(g.data, f)
        ):
            g.ret()
            return
        g.goto("advance")

    @decision
    def advance(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f["side"], "prompt.advance", hex=f["hex"])
        for uid in _advancing(g.data, f):
            unsupplied = refusal(g.data, _supply(g), uid, "advance after combat")
            if unsupplied:
                choices.refuse(f"advance {uid}", unsupplied)
            else:
                choices.add(f"advance {uid}", _advance, uid)
        choices.add("end", _end_advance)
        return choices

    def exploit_check(self, g: Context, f: Frame) -> None:
        waiting = [uid for uid in exploit_candidates(g.data, f) if uid not in f["exploited"]]
        if set(waiting) & set(f.get("enabled", [])):
            g.goto("exploit")
        else:
            g.ret()

    @decision
    def exploit(self, g: Context, f: Frame) -> Choices:
        """Each unit that advanced, blitz-enabled where it attacked from, may exploit (4.2.8)."""
        choices = Decision.single(f["side"], "prompt.exploit", hex=f["hex"])
        for uid in exploit_candidates(g.data, f):
            unsupplied = refusal(g.data, _supply(g), uid, "exploit")
            if uid in f["exploited"]:
                choices.refuse(f"exploit {uid}", f"4.2.8: {uid} has exploited")
            elif uid not in f.get("enabled", []):
                choices.refuse(f"exploit {uid}", "4.2.8: only a blitz-enabled unit exploits")
            elif unsupplied:
                choices.refuse(f"exploit {uid}", unsupplied)
            else:
                choices.add(f"exploit {uid}", _exploit, uid)
        choices.add("end", _end_battle)
        return choices


@RULES.implements("4.2.6")
def first_attacker_losses(data: Mapping[str, Any], alive: list[str], target: str) -> list[str]:
    """The attackers whose step may be lost first: marines that attacked across water, armour
    (the attacker's choice when both took part), else any."""
    marines = marines_across_water(data, alive, target)
    armour = [uid for uid in alive if state.kind(uid) == "armor_type"]
    return [uid for uid in alive if uid in marines or uid in armour] or alive


def _with(g: Context, f: Frame, uid: str) -> None:
    f["attackers"].append(uid)


def _cancel(g: Context, f: Frame) -> None:
    g.ret()


def _support(g: Context, f: Frame, hq: str) -> None:
    f["support"] = hq


def _resolve(g: Context, f: Frame) -> None:
    """The defender names its supporting HQ, if it may, before the die (4.2.2 step 2)."""
    g.goto("defence_support" if defence_hqs(g, f["hex"]) else "fight")


@RULES.implements("4.2.1.2", "4.2.2")
def defence_hqs(g: Context, target: str) -> list[str]:
    """The HQs the defender may name to support the defence of ``target``: none when an HQ
    stands in the hex (one HQ shift a side: 4.2.3.5)."""
    defenders = state.units_in(g.data, target)
    if any(state.kind(uid) == "hq" for uid in defenders):
        return []
    return supporting_hqs(g.data, state.faction(defenders[0]), target, defenders, _supply(g))


def _preview(
    g: Context, side: str, target: str, attackers: tuple[str, ...], support: Support, *,
    blitz: bool, open_: bool = True,
) -> Note:  # fmt: skip
    """The note of an action leading to the attack: its preview (:mod:`previews`); ``open_``:
    the defender has yet to name its supporting HQ."""
    from wargame.games.dai_senso import previews  # noqa: PLC0415 (it imports this module)

    may_support = open_ and bool(defence_hqs(g, target))
    return previews.later(g, side, target, list(attackers), support, blitz=blitz,
                          defender_may_support=may_support)  # fmt: skip


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
    f["advanced"] = [*f.get("advanced", []), uid]
    if blitz_enabled(g.data, uid, game_tables(g.state)["blitz_markers"].range):
        f["enabled"] = [*f.get("enabled", []), uid]
    taken = state.enter(g.data, uid, f["hex"])
    g.log("log.advanced", side=f["side"], unit=uid, frm=here, to=f["hex"])
    if taken:
        g.log("log.taken", side=taken, hex=f["hex"])


def _end_battle(g: Context, f: Frame) -> None:
    g.ret()


def _end_advance(g: Context, f: Frame) -> None:
    f["exploited"] = []
    g.goto("exploit_check")


@RULES.implements("4.2.8")
def exploit_candidates(data: Mapping[str, Any], f: Frame) -> list[str]:
    """The units that advanced into the vacated hex and are still in it."""
    return [
        uid
        for uid in f.get("advanced", [])
        if uid in data["units"] and state.hex_of(data, uid) == f["hex"]
    ]


@RULES.implements("4.2.8")
def exploit_allowance(data: Mapping[str, Any], uid: str, divisor: int) -> int:
    """The MP an exploiting unit may spend: its allowance divided, rounded down, at least 1."""
    return max(1, state.values(data, uid)[2] // divisor)


def _exploit(g: Context, f: Frame, uid: str) -> None:
    f["exploited"].append(uid)
    divisor = game_tables(g.state)["exploitation"].allowance_divisor
    g.log("log.exploit", side=f["side"], unit=uid, hex=f["hex"])
    g.call("unit_move", then="exploit_check", unit=uid, spent=0, exploit=True,
           allowance=exploit_allowance(g.data, uid, divisor))  # fmt: skip


def _unsupplied(g: Context, units: list[str]) -> list[str]:
    """The HQs and marines among the units that are out of supply (their shifts need it)."""
    table = _supply(g)
    return [
        uid
        for uid in units
        if (state.kind(uid) == "hq" or state.unit(uid).type == "marines")
        and not supplied(g.data, table, uid)
    ]


def _supply(g: Context) -> Supply:
    found: Supply = game_tables(g.state)["supply"]
    return found


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
        and not the_map.hexes[f["hex"]].sea
        and the_map.adjacent(state.hex_of(data, uid), f["hex"])
        and (
            not the_map.blocked(state.hex_of(data, uid), f["hex"])
            or state.across_beachhead(data, state.hex_of(data, uid), f["hex"])
        )
    ]


def _can_retreat(data: Mapping[str, Any], units: list[str], origin: str) -> bool:
    if stays_put(data, units):
        return False
    return bool(retreat_hexes(data, state.hex_of(data, units[0]), origin, state.faction(units[0])))


ALL: Final[tuple[Procedure, ...]] = (Combat(), BlitzCombat(), Battle())
