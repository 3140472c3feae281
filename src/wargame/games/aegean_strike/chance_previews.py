"""Previews of the combats decided by one chance on a d10 (issue 18, point 8; engine
``notes``): a salvo of cruise missiles at an airbase (19.09, optional), a special forces raid on
one (11.12), the strike of a minefield on a ship entering it (13.08) and the sweep of an enemy
field from the air (13.08, 8.03, optional). Each shows who takes part, the rule's table and
chance, and the exact chance of each outcome over the d10's faces, from the odds the roll is
resolved with in play (:class:`losses.ChanceOdds`: :func:`cruise.odds`,
:func:`special_ops.raid_odds`, :func:`mines.strike_odds`, :func:`mines.sweep_odds`). No rule
modifies these rolls, so a preview lists no modifier.

Decisions
- A ship's ``cruise SHIP BASE`` and a special forces unit's ``raid UNIT BASE`` in the Unit
  Assignment Stage carry the preview of the salvo or the raid, worked out only when a view asks
  (``later``): the target is an enemy airbase, always seen, with the hits it has taken (the
  airbase display shows them) and the hits that make it inoperative (9.10). The raid is rolled
  at the start of each later Unit Assignment Stage, against the hits the base has then: a note
  says so.
- A ship's ``to HEX`` into an enemy minefield carries the preview of the field's strike (the
  field's side rolls). Fields are public (13.08, :mod:`mines`: each side sees every field, the
  map marks them), so the preview tells the mover nothing it does not know; a move into no
  field, or into its own side's, carries none.
- A minesweeping group's ``target HEX`` carries the preview of the fire the group meets there
  (:func:`air_previews.fire_preview`, from the position as the flying side sees it) and then
  one roll for each sweeper (:func:`air.sweepers`), in the order they roll: a sweeper rolls only
  if it arrives not aborted and no earlier one has cleared the field. A note gives the chance
  that the field goes if they all arrive.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from wargame.engine import notes
from wargame.engine.notes import Message, message
from wargame.engine.procedure import Context
from wargame.games.aegean_strike import air_previews, cruise, mines, special_ops, state
from wargame.games.aegean_strike.air_previews import hits_words, target_state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.losses import D10, ChanceOdds, capacity, record_of
from wargame.games.aegean_strike.registry import RULES


def later(build: Callable[..., notes.Preview], g: Context, *args: str) -> notes.Note:
    """The note of an action (the ``later`` of ``cruise SHIP BASE``, ``raid UNIT BASE`` and
    ``to HEX`` into an enemy field): the preview ``build(tables, data, *args)``
    (:func:`cruise_preview`, :func:`raid_preview`, :func:`mine_preview`)."""
    return notes.Note(preview=build(game_tables(g.state), g.data, *args))


@RULES.implements("19.09", "9.10", "14.05")
def cruise_preview(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, base: str
) -> notes.Preview:
    """The ship ``uid``'s salvo of cruise missiles at the enemy airbase ``base``."""
    odds = cruise.odds(data)
    title = message("chance_preview.cruise_title", unit=uid, base=base)
    remarks = (message("chance_preview.cruise_seen", unit=uid),)
    return _on_airbase(g_tables, data, uid, base, odds=odds, title=title, remarks=remarks)


@RULES.implements("11.12", "9.10")
def raid_preview(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, base: str
) -> notes.Preview:
    """The special forces unit ``uid``'s raid on the enemy airbase ``base``."""
    odds = special_ops.raid_odds(g_tables)
    title = message("chance_preview.raid_title", unit=uid, base=base)
    remarks = (
        message("chance_preview.raid_when", unit=uid),
        message("chance_preview.raid_deployed", unit=uid),
    )
    return _on_airbase(g_tables, data, uid, base, odds=odds, title=title, remarks=remarks)


def _on_airbase(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    uid: str,
    base: str,
    *,
    odds: ChanceOdds,
    title: Message,
    remarks: tuple[Message, ...],
) -> notes.Preview:
    """``uid`` rolling ``odds`` for hits on the enemy airbase ``base``."""
    side = state.side_of(data, uid)
    taken, limit, kind = target_state(g_tables, data, base, False)
    values = {"hits_taken": taken, "hit_capacity": limit}
    sides = (
        notes.Forces(side, (notes.UnitValues(uid, {}),), {}),
        notes.Forces(state.other(side), (notes.UnitValues(base, values),), {}),
    )
    roll = chance_roll(odds, side, lambda hits: hits_words(hits, taken, limit, kind))
    return notes.Preview(title, sides, (roll,), remarks)


@RULES.implements("13.08", "9.06", "5")
def mine_preview(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, hex_id: str
) -> notes.Preview:
    """The strike of the enemy field in ``hex_id`` on the ship ``uid`` entering it (the
    field's side rolls)."""
    layer = mines.striking(data, uid, hex_id)
    if layer is None:
        raise ValueError(f"13.08: no enemy field strikes {uid} in {hex_id}")
    odds = mines.strike_odds(g_tables)
    taken, limit = record_of(data, uid)["hits"], capacity(g_tables, uid)
    values = {"hits_taken": taken, "hit_capacity": limit}
    ship = notes.Forces(state.side_of(data, uid), (notes.UnitValues(uid, values),), {})
    roll = chance_roll(odds, layer, lambda hits: hits_words(hits, taken, limit, "unit"))
    title = message("chance_preview.mine_title", unit=uid, hex=hex_id)
    remarks = (
        message("chance_preview.mine_field", side=layer, hex=hex_id),
        message("chance_preview.mine_stop", unit=uid),
    )
    return notes.Preview(title, (ship,), (roll,), remarks)


def chance_roll(odds: ChanceOdds, side: str, words: Callable[[int], Message]) -> notes.RollPreview:
    """``side``'s d10 at ``odds``, each face resolved by :meth:`ChanceOdds.on` and put in
    ``words(result)``."""

    def resolve(face: int) -> notes.Resolved:
        found = odds.on(face)
        return notes.Resolved(found, words(found), face)

    label = message(
        f"chance_preview.{odds.table}",
        chance=odds.chance,
        result=odds.result,
        rule=odds.rule,
        table=odds.table,
    )
    return notes.roll_preview(label, side, D10, resolve)


# -- the sweep from the air -------------------------------------------------------------------
class SweepNotes(air_previews.FireNotes):
    """The notes of a minesweeping group's target choice: the fire it meets at each field
    (:class:`air_previews.FireNotes`), then its ``sweepers``' rolls (:func:`sweep_preview`)."""

    def __init__(self, g: Context, side: str, units: list[str], sweepers: list[str]) -> None:
        super().__init__(g, side, units)
        self.sweepers = tuple(sweepers)

    def note(self, hex_id: str) -> notes.Note:
        g_tables = game_tables(self.g.state)
        fire = air_previews.fire_preview(g_tables, self.seen, self.side, self.units, hex_id)
        swept = sweep_preview(self.g.data, fire, self.side, self.sweepers, hex_id)
        return notes.Note(preview=swept)


@RULES.implements("13.08", "8.03")
def sweep_preview(
    data: Mapping[str, Any],
    fire: notes.Preview,
    side: str,
    sweepers: tuple[str, ...],
    hex_id: str,
) -> notes.Preview:
    """``side``'s ``sweepers`` over the enemy field in ``hex_id``, after the ``fire`` they
    meet there: one roll each, in the order they roll (:func:`mines.sweep_from_air`)."""
    odds = mines.sweep_odds(data)

    def words(cleared: int) -> Message:
        return message("chance_preview.cleared" if cleared else "chance_preview.missed")

    each = chance_roll(odds, side, words)
    rolls = tuple(
        replace(
            each, label=message("chance_preview.sweep_roll", unit=uid, line=each.label.to_json())
        )
        for uid in sweepers
    )
    remarks = [message("chance_preview.sweep_turns")]
    if len(sweepers) > 1:
        cleared = 1 - each.chances().get(0, Fraction(0)) ** len(sweepers)
        chance = f"{cleared.numerator}/{cleared.denominator}"
        remarks.append(message("chance_preview.sweep_all", count=len(sweepers), chance=chance))
    title = message("chance_preview.sweep_title", hex=hex_id)
    return notes.Preview(title, fire.sides, (*fire.rolls, *rolls), (*fire.notes, *remarks))
