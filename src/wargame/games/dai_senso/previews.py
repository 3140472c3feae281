"""Previews of an attack (issue 17, point 7; engine ``notes``): each side's units with the factors
they fight with, the odds column, every column shift with its rule, and the exact chance of each
CRT result, all from :func:`combat.odds_of` and :meth:`combat.Odds.result`, the very code that
resolves the attack in play (``Battle.fight``).

Decisions
- The attacker's ``resolve`` and ``support`` actions carry the preview of the attack they lead
  to; the defender's ``support``/``none`` actions carry the attack as it will be rolled. They
  are worked out only when a view asks (``later``): listing legal actions for bots pays nothing.
- Before the defender has named its supporting HQ, the preview counts none and says, in a
  note, that the defender may still name one (4.2.2 step 2).
- A result's words follow the CRT's codes (4.2.4); the weather's lessening of a retreat (11.2)
  is in the results themselves, and a note says so.
"""

from __future__ import annotations

from wargame.engine import notes
from wargame.engine.dice import D6
from wargame.engine.notes import Message, message
from wargame.engine.procedure import Context
from wargame.games.dai_senso import state
from wargame.games.dai_senso.charts import parse_result
from wargame.games.dai_senso.combat import Odds, Support, odds_of
from wargame.games.dai_senso.registry import RULES


def later(
    g: Context, side: str, target: str, attackers: list[str], support: Support, *, blitz: bool,
    defender_may_support: bool = False,
) -> notes.Note:  # fmt: skip
    """The note of an action that leads to this attack: its preview."""
    preview = attack_preview(g, side, target, attackers, support, blitz=blitz,
                             defender_may_support=defender_may_support)  # fmt: skip
    return notes.Note(preview=preview)


@RULES.implements("4.2.2", "4.2.3", "4.2.4")
def attack_preview(
    g: Context, side: str, target: str, attackers: list[str], support: Support, *, blitz: bool,
    defender_may_support: bool = False,
) -> notes.Preview:  # fmt: skip
    """The attack by ``attackers`` of ``side`` on ``target`` with the HQs ``support``ing it."""
    odds = odds_of(g, target, attackers, support, blitz=blitz)
    defenders = state.units_in(g.data, target)
    helping_attack, helping_defence = support
    defender = state.faction(defenders[0])
    sides = (
        forces(g, side, attackers, helping_attack, factor="attack", total=odds.attack),
        forces(g, defender, defenders, helping_defence, factor="defense", total=odds.defence),
    )
    title = message("preview.blitz_attack" if blitz else "preview.attack", hex=target)
    return notes.Preview(
        title, sides, (crt_roll(side, odds),), remarks(odds, target, defender_may_support)
    )


def forces(
    g: Context, side: str, units: list[str], helping: str | None, *, factor: str, total: int
) -> notes.Forces:
    """A side's units with the factor each fights with (``attack`` or ``defense``) and its
    steps; the HQ giving ranged support last (4.2.1.2)."""
    found = [unit_values(g, uid, factor) for uid in units]
    if helping:
        found.append(unit_values(g, helping, factor, message("preview.ranged_support")))
    return notes.Forces(side, tuple(found), {factor: total})


def unit_values(g: Context, uid: str, factor: str, *remarks: Message) -> notes.UnitValues:
    attack, defence, _ = state.values(g.data, uid)
    steps = g.data["units"][uid]["steps"]
    values = {factor: attack if factor == "attack" else defence, "steps": steps}
    return notes.UnitValues(uid, values, remarks)


def crt_roll(side: str, odds: Odds) -> notes.RollPreview:
    """The attacker's die on the CRT, each face resolved by :meth:`Odds.result`."""

    def resolve(natural: int) -> notes.Resolved:
        code = odds.result(natural)
        return notes.Resolved(code, result_words(code))

    key = "preview.crt" if odds.shifted_column == odds.column else "preview.crt_shifted"
    label = message(key, attack=odds.attack, defence=odds.defence, column=odds.column,
                    shifted=odds.shifted_column)  # fmt: skip
    return notes.roll_preview(label, side, D6, resolve, modifiers=odds.shifts)


@RULES.implements("4.2.4")
def result_words(code: str) -> Message:
    """A CRT result in words: Ad, Ex, a retreat of the defender, or step losses on each side."""
    found = parse_result(code)
    if found.kind == "dr":
        return message("preview.dr", code=code, hexes=found.retreat)
    if found.kind == "attrition":
        return message("preview.attrition", code=code, attacker=found.attacker_steps,
                       defender=found.defender_steps)  # fmt: skip
    return message(f"preview.{found.kind}", code=code)


def remarks(odds: Odds, target: str, defender_may_support: bool) -> tuple[Message, ...]:
    found = [message("preview.shift_sign")]
    if odds.weather in odds.weather_table.weathers:
        found.append(message("preview.weather", hex=target, weather=odds.weather))
    if defender_may_support:
        found.append(message("preview.defence_support_open"))
    return tuple(found)
