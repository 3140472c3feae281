"""Previews of naval fire (issue 18, point 8; engine ``notes``): a ship's fire at an enemy ship
and the fire back, or its bombardment of a ground unit, with each side's values, the chart and
its column, and the exact chance of each number of hits over the d10's faces, from
:func:`naval.fire_strength` and :func:`naval.bombardment_strength`, the values the fire is
resolved with in play (:func:`naval.shot`, ``_bombard``), read on the same charts.

Decisions
- A ship's ``at TARGET`` (16.11 fire, 16.09 bombardment) and the other side's ``engage SHIP
  UNIT`` (15.02) carry the preview, worked out only when a view asks (``later``). Only targets
  the side sees are offered (14), and the preview reads their printed values and the hits they
  have taken, which its view shows.
- The target fires back at once if the firer is within its range (16.11): the preview shows that
  roll too, or says there is none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine import notes
from wargame.engine.notes import message
from wargame.engine.procedure import Context
from wargame.games.aegean_strike import losses, naval, state
from wargame.games.aegean_strike.air_previews import chart_label, hits_words
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.losses import D10
from wargame.games.aegean_strike.registry import RULES


def later_fire(g: Context, uid: str, target: str) -> notes.Note:
    """The note of a ship's fire at ``target``: its preview."""
    return notes.Note(preview=fire_preview(game_tables(g.state), g.data, uid, target))


def later_bombard(g: Context, uid: str, target: str) -> notes.Note:
    """The note of a ship's bombardment of ``target``: its preview."""
    return notes.Note(preview=bombard_preview(game_tables(g.state), g.data, uid, target))


@RULES.implements("16.11", "16.07", "15.02")
def fire_preview(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, target: str
) -> notes.Preview:
    """The ship ``uid`` firing at the enemy ship ``target``, and its fire back."""
    sides = (_ship(g_tables, data, uid, target), _ship(g_tables, data, target, uid))
    rolls = [_fire_roll(g_tables, data, uid, target)]
    remarks = []
    if naval.can_fire(g_tables, data, target, uid):
        rolls.append(_fire_roll(g_tables, data, target, uid))
    else:
        remarks.append(message("naval_preview.no_fire_back", unit=target))
    title = message("naval_preview.fire", unit=uid, target=target)
    return notes.Preview(title, sides, tuple(rolls), tuple(remarks))


def _ship(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, target: str
) -> notes.Forces:
    """A ship with the value it fires at ``target`` with, its ECM and its hits."""
    kind = "underwater" if naval.is_submarine(uid) or naval.is_submarine(target) else "ssm"
    values = {
        kind: naval.attack_value(uid, target),
        "ecm": int(state.naval_values(uid).ecm),
        "hits_taken": losses.record_of(data, uid)["hits"],
        "hit_capacity": losses.capacity(g_tables, uid),
    }
    return notes.Forces(state.side_of(data, uid), (notes.UnitValues(uid, values),), {})


def _fire_roll(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, target: str
) -> notes.RollPreview:
    power = naval.fire_strength(uid, target)
    params = {"chart": "air_naval_combat", "attack": naval.attack_value(uid, target)}
    params |= {"ecm": int(state.naval_values(target).ecm), "strength": power}
    return _chart_roll(g_tables, data, uid, target, params)


@RULES.implements("16.09")
def bombard_preview(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, target: str
) -> notes.Preview:
    """The ship ``uid`` bombarding the enemy ground unit ``target`` (no fire back)."""
    power = naval.bombardment_strength(uid)
    gunfire = (notes.UnitValues(uid, {"gunfire": power}),)
    firing = notes.Forces(state.side_of(data, uid), gunfire, {})
    taken = {"hits_taken": losses.record_of(data, target)["hits"]}
    taken["hit_capacity"] = losses.capacity(g_tables, target)
    struck = notes.Forces(state.side_of(data, target), (notes.UnitValues(target, taken),), {})
    params = {"chart": "air_to_ground_combat", "attack": power, "ecm": 0, "strength": power}
    roll = _chart_roll(g_tables, data, uid, target, params)
    title = message("naval_preview.bombard", unit=uid, target=target)
    return notes.Preview(title, (firing, struck), (roll,), (message("naval_preview.stays"),))


def _chart_roll(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    uid: str,
    target: str,
    params: dict[str, Any],
) -> notes.RollPreview:
    """``uid``'s d10 at strength ``params["strength"]`` on the chart ``params["chart"]``, each
    face in hits on ``target``."""
    chart, power = g_tables[params["chart"]], params["strength"]
    taken, limit = losses.record_of(data, target)["hits"], losses.capacity(g_tables, target)

    def resolve(face: int) -> notes.Resolved:
        hits = int(chart.hits(power, face))
        return notes.Resolved(hits, hits_words(hits, taken, limit, "unit"), face)

    label = chart_label(params, chart.column(power))
    return notes.roll_preview(label, state.side_of(data, uid), D10, resolve, total=power)
