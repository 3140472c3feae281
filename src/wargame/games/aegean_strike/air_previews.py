"""Previews of the air strikes (issue 18, point 8; engine ``notes``): the strike units with the
value each attacks with, the target with its ECM and the hits it has taken and can take, the
chart and its column with each shift and its rule, and the exact chance of each number of hits
over the d10's faces (0 counts 10, 0.02), all from :func:`losses.strike_odds` and
:meth:`losses.StrikeOdds.hits`, the very code that resolves the strike in play
(:func:`losses.strike`, :func:`depots.bomb`); and the preview of an interception's fire at the
arriving group, from :func:`losses.air_to_air_strengths`, the code :func:`losses.air_to_air`
fires with.

Decisions
- Each ``attack TARGET`` and ``bomb HEX`` of the strike's target choice carries the preview of
  that attack, worked out only when a view asks (``later``): listing legal actions for bots
  pays nothing. Only the targets the striking side sees are offered (14), and the preview reads
  nothing else of the other side: the target's counter values and the hits it has taken, which
  the striking side's view shows.
- The ECM of a ship takes its value off the strike's summed value (16.08, provisional): it is
  no column shift, so it shows as the target's value, in the chart's words and in a note; a
  column shift (a transport in the field, 9.03, table ``field_strike``) is a modifier with its
  rule.
- A number of hits reads with what it does: the target eliminated, the airbase inoperative
  (9.10 item 2) or the depot destroyed (12.01) once its hits reach the limit.
- The interceptors' ``go`` carries their fire at the group (16.07, provisional): the group's
  units are seen, its mission and escorts are not (9.03: the marker is face down), so its fire
  back is left out and a note says so.
- Not previewed yet: the ships' and the ground's fire at an arriving group (16.10, 16.05) and
  the Soviet air defence (9.09), which fire with no decision of either side before them; a
  preview on the group's ``target HEX`` would have to leave out the units the flying side does
  not see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine import notes
from wargame.engine.notes import Message, message
from wargame.engine.procedure import Context
from wargame.games.aegean_strike import losses, state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.losses import D10, StrikeOdds
from wargame.games.aegean_strike.registry import RULES


def later(g: Context, side: str, target: str) -> notes.Note:
    """The note of ``attack TARGET``: the preview of the strike on ``target``."""
    return notes.Note(preview=strike_preview(game_tables(g.state), g.data, side, target))


def later_depot(g: Context, side: str, hex_id: str) -> notes.Note:
    """The note of ``bomb HEX``: the preview of the strike on the depot in ``hex_id``."""
    g_tables = game_tables(g.state)
    return notes.Note(preview=strike_preview(g_tables, g.data, side, hex_id, depot=True))


def later_interception(g: Context, side: str) -> notes.Note:
    """The note of the interceptors' ``go``: the preview of their fire at the group."""
    return notes.Note(preview=interception_preview(game_tables(g.state), g.data, side))


@RULES.implements("9.06", "16.06", "16.08", "9.03", "12.01")
def strike_preview(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    side: str,
    target: str,
    *,
    depot: bool = False,
) -> notes.Preview:
    """The strike of ``side``'s group in the air on ``target`` (a depot's hex if ``depot``)."""
    odds = losses.strike_odds(g_tables, data, data["flight"], target, depot=depot)
    taken, limit, kind = _target_state(g_tables, data, target, depot)
    striking = notes.Forces(
        side,
        tuple(notes.UnitValues(uid, {odds.value: value}) for uid, value in odds.strikers),
        {odds.value: sum(value for _, value in odds.strikers), "strength": odds.power},
    )
    values = {"hits_taken": taken, "hit_capacity": limit}
    if not depot and target in data["naval"]:
        values = {"ecm": odds.ecm, **values}  # 16.08: a ship's ECM
    remarks: tuple[Message, ...] = ()
    if depot:
        nation = data["depots"][target]["nation"]
        remarks = (message("air_preview.depot", hex=target, nation=nation),)
    struck = notes.Forces(state.other(side), (notes.UnitValues(target, values, remarks),), {})
    if depot:
        title = message("air_preview.depot_title", hex=target)
    else:
        title = message("air_preview.title", target=target)
    roll = strike_roll(side, odds, taken, limit, kind)
    return notes.Preview(title, (striking, struck), (roll,), _remarks(data, odds, kind))


def _target_state(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], target: str, depot: bool
) -> tuple[int, int, str]:
    """The hits ``target`` has taken, the hits that end it and what ending it is: a unit
    eliminated (5, 9.06), an airbase inoperative (9.10 item 2) or a depot destroyed (12.01)."""
    if depot:
        return data["depots"][target]["hits"], g_tables["depots"].destroyed_at, "depot"
    if target in data["airbases"]:
        size = getattr(g_tables["airbases"], state.airbase_size(target))
        closed = "closed" if target in data["inoperative"] else "airbase"
        return data["airbases"][target], size.inoperative_at, closed
    record = losses.record_of(data, target)
    return record["hits"], losses.capacity(g_tables, target), "unit"


def strike_roll(
    side: str, odds: StrikeOdds, taken: int, limit: int, kind: str
) -> notes.RollPreview:
    """The striker's d10 on the chart, each face resolved by :meth:`StrikeOdds.hits`."""

    def resolve(face: int) -> notes.Resolved:
        hits = odds.hits(face)
        return notes.Resolved(hits, hits_words(hits, taken, limit, kind), face)

    params = {"chart": odds.chart, "attack": _summed(odds), "ecm": odds.ecm}
    params["strength"] = odds.power
    if odds.column is not None and odds.shifted_column != odds.column:
        label = message(
            "air_preview.chart_shifted", **params, column=odds.column, shifted=odds.shifted_column
        )
    else:
        label = chart_label(params, odds.column)
    modifiers: tuple[notes.Modifier, ...] = ()
    if odds.shift:
        modifiers = (notes.Modifier("9.03", "air_preview.shift_field", odds.shift),)
    return notes.roll_preview(label, side, D10, resolve, total=odds.power, modifiers=modifiers)


def chart_label(params: Mapping[str, Any], column: str | None) -> Message:
    """A hit chart's roll in words: the attack less ECM, the strength and its column, or too
    weak to score (no column)."""
    if column is None:
        return message("air_preview.too_weak", **params)
    return message("air_preview.chart", **params, column=column)


def _summed(odds: StrikeOdds) -> int:
    return sum(value for _, value in odds.strikers)


@RULES.implements("5", "9.10", "12.01")
def hits_words(hits: int, taken: int, limit: int, kind: str) -> Message:
    """A number of hits in words, with what they do to the target when they reach its limit."""
    if hits > 0 and taken + hits >= limit and kind != "closed":
        return message(f"air_preview.hits_{kind}", hits=hits)
    return message("air_preview.hits", hits=hits)


def _remarks(data: Mapping[str, Any], odds: StrikeOdds, kind: str) -> tuple[Message, ...]:
    found = []
    if odds.ecm:
        found.append(message("air_preview.ecm", ecm=odds.ecm))  # 16.08
    if kind in {"airbase", "closed"}:
        found.append(message("air_preview.base_units"))  # 9.10 item 2
    if data.get("cas"):
        found.append(message("air_preview.cas"))  # 7.04
    if kind == "depot":
        found.append(message("air_preview.depot_turn"))  # 12.01
    return tuple(found)


@RULES.implements("9.06", "16.07", "16.01", "9.03")
def interception_preview(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str
) -> notes.Preview:
    """The interceptors' (or CAP's) fire at the arriving group, as ``side``, the responding
    side, sees it: the group's units and their ECM, not its mission or escorts (9.03)."""
    flight = data["flight"]
    fire = losses.air_to_air_strengths(data, flight)
    ours = notes.Forces(
        side,
        tuple(notes.UnitValues(u, {"anti_air": v}) for u, v in fire.interceptors),
        {"anti_air": sum(v for _, v in fire.interceptors), "strength": fire.theirs},
    )
    group = notes.Forces(
        flight["side"],
        tuple(notes.UnitValues(u, {"ecm": v}) for u, v in fire.fliers_ecm),
        {"ecm": max((v for _, v in fire.fliers_ecm), default=0)},
    )
    chart = g_tables["air_naval_combat"]

    def resolve(face: int) -> notes.Resolved:
        hits = fire.on_flight(g_tables, face)
        return notes.Resolved(hits, message("air_preview.hits", hits=hits), face)

    params = {"chart": "air_naval_combat", "ecm": group.totals["ecm"], "strength": fire.theirs}
    params["attack"] = ours.totals["anti_air"]
    label = chart_label(params, chart.column(fire.theirs))
    roll = notes.roll_preview(label, side, D10, resolve, total=fire.theirs)
    title = message("air_preview.interception", hex=flight["target_hex"])
    found = (message("air_preview.fire_back"),)
    return notes.Preview(title, (ours, group), (roll,), found)
