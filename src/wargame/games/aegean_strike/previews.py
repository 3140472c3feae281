"""Previews of a land combat (issue 18, point 8; engine ``notes``): each side's units with the
strengths they fight with, the odds column, every column shift with its rule, and the exact
chance of each land CRT result over the d10, all from :func:`assault.odds_of` and
:meth:`assault.Odds.result`, the very code that resolves the combat in the assault segment
(:func:`assault.resolve`).

Decisions
- The ground segment's ``assault HEX`` (16.02) carries the preview of the combat it declares,
  with the units that would attack; ``plan HEX`` (11.11) the preview of the declared combat
  in Planned Assault. They are worked out only when a view asks (``later``): listing the legal
  actions for bots pays nothing.
- A combat is resolved in the Combat Phase with no decision of its own, so no decision carries
  the preview of a combat under way (``choices.preview``): between declaration and resolution
  the sides move, fly and strike in close air support, and several combats may be pending.
  The previews are of the combat as it stands when offered, and a note says what may still
  change it (close air support, 16.02; units joining the defence, 11.02; losses on the way).
- Secrets (14): a preview is worked out from the position as the acting side sees it
  (:func:`detection.redacted`): an enemy unit it does not detect is neither named nor counted.
  On the operational map a defender next to the attackers is seen (a ground unit detects at
  range 1, table ``detection``); on the strategic map a hex is ten operational hexes (14.06), so
  a neighbouring defender may be unseen. An unseen defender is shown as the view shows it (a
  blank: ``unknown``, no strength), the defence total and the roll are left out, and a note
  says that declaring reveals the defenders (both sides see the fight, 14.05): the previews of
  that combat's later actions (``plan HEX``) then show them.
  The enemy's supply (16.02's shift) is judged the same way, from the units the side sees.
- A result's words follow the CRT's cells: hits on each side, and an R sending each surviving
  defender to its troop quality's retreat check (16.03), whose chance each defender's remark
  gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine import notes
from wargame.engine.notes import Message, message
from wargame.engine.procedure import Context
from wargame.games.aegean_strike import assault, detection, losses, state
from wargame.games.aegean_strike.charts import LandResult
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.losses import D10
from wargame.games.aegean_strike.registry import RULES


def declaring(g: Context, side: str, hex_id: str) -> notes.Note:
    """The note of ``assault HEX``: the preview of the combat it declares."""
    units = assault.attackers_of(g.data, side, hex_id)
    combat = {"hex": hex_id, "side": side, "units": units, "cas": {}}
    return notes.Note(preview=land_preview(g, side, combat))


def planning(g: Context, side: str, hex_id: str) -> notes.Note:
    """The note of ``plan HEX``: the preview of the declared combat in Planned Assault."""
    combat = next(c for c in g.data["combats"] if c["hex"] == hex_id)
    return notes.Note(preview=land_preview(g, side, {**combat, "planned": True}))


@RULES.implements("16.02", "16.03", "11.05", "14.01")
def land_preview(g: Context, side: str, combat: Mapping[str, Any]) -> notes.Preview:
    """``combat`` (a declared combat's record, or the one a declaration would make) as ``side``
    sees it, with the chance of each CRT result."""
    g_tables = game_tables(g.state)
    seen = detection.redacted(g_tables, g.data, side)
    hex_id = combat["hex"]
    attackers, defenders = assault.sides(seen, combat)
    unseen = [
        blank
        for blank in seen.get("unseen", [])
        if blank.get("where") == hex_id and blank.get("public", {}).get("kind") == "ground"
    ]
    title = message("land_preview.title", hex=hex_id)
    remarks = [message("land_preview.to_come")]
    if not attackers or not (defenders or unseen):
        return notes.Preview(title, notes=(message("land_preview.no_combat", hex=hex_id),))
    enemy = state.other(side)
    if unseen:
        attack = sum(int(state.ground_values(u).combat) for u in attackers)
        hidden = notes.UnitValues(detection.UNKNOWN, {}, (message("land_preview.unseen_unit"),))
        shown = forces(g_tables, seen, enemy, defenders, factor="defense", total=None)
        sides = (
            forces(g_tables, seen, side, attackers, factor="attack", total=attack),
            notes.Forces(enemy, shown.units + (hidden,) * len(unseen), {}),
        )
        remarks.append(message("land_preview.unseen", hex=hex_id))
        return notes.Preview(title, sides, (), tuple(remarks))
    odds = assault.odds_of(g_tables, seen, g.state.scenario, combat)
    sides = (
        forces(g_tables, seen, side, attackers, factor="attack", total=odds.attack),
        forces(g_tables, seen, enemy, defenders, factor="defense", total=odds.defence),
    )
    if odds.attack == 0:
        remarks.append(message("land_preview.lapses", hex=hex_id))
        return notes.Preview(title, sides, (), tuple(remarks))
    remarks.insert(0, message("land_preview.shift_sign"))
    return notes.Preview(title, sides, (crt_roll(side, odds),), tuple(remarks))


def forces(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    side: str,
    units: list[str],
    *,
    factor: str,
    total: int | None,
) -> notes.Forces:
    """A side's units with the strength each fights with (``attack``: its combat strength;
    ``defense``: its defence strength), the hits it has taken and its hit capacity (17), and its
    troop quality's retreat chance (16.03) as a remark."""
    quality = g_tables["troop_quality"]
    found = []
    for uid in units:
        values = state.ground_values(uid)
        strength = values.combat if factor == "attack" else values.defence
        taken = data["ground"][uid].get("hits", 0)
        grade = state.unit(uid).quality
        remark = message("land_preview.quality", quality=grade,
                         chance=int(quality[grade].retreat_chance))  # fmt: skip
        found.append(
            notes.UnitValues(
                uid,
                {factor: int(strength), "hits": int(taken),
                 "capacity": losses.capacity(g_tables, uid)},
                (remark,),
            )
        )  # fmt: skip
    return notes.Forces(side, tuple(found), {} if total is None else {factor: total})


def crt_roll(side: str, odds: assault.Odds) -> notes.RollPreview:
    """The attacker's d10 on the land CRT, each face resolved by :meth:`assault.Odds.result`."""

    def resolve(natural: int) -> notes.Resolved:
        found = odds.result(natural)
        return notes.Resolved(found.code, result_words(found))

    shifted = odds.shifted_column
    key = "land_preview.crt" if shifted == odds.column else "land_preview.crt_shifted"
    label = message(key, attack=odds.attack, defence=odds.defence, column=odds.column,
                    shifted=shifted)  # fmt: skip
    return notes.roll_preview(label, side, D10, resolve, modifiers=odds.shifts)


@RULES.implements("16.02", "16.03", "17")
def result_words(found: LandResult) -> Message:
    """A land CRT cell in words: the hits on each side and, with an R, the retreat check."""
    key = "land_preview.result_retreat" if found.retreat_check else "land_preview.result"
    return message(key, code=found.code, attacker=found.attacker_hits,
                   defender=found.defender_hits)  # fmt: skip
