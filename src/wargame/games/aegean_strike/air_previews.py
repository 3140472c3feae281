"""Previews of the air strikes (issue 18, point 8; engine ``notes``): the strike units with the
value each attacks with, the target with its ECM and the hits it has taken and can take, the
chart and its column with each shift and its rule, and the exact chance of each number of hits
over the d10's faces (0 counts 10, 0.02), all from :func:`losses.strike_odds` and
:meth:`losses.StrikeOdds.hits`, the very code that resolves the strike in play
(:func:`losses.strike`, :func:`depots.bomb`); the preview of an interception's fire at the
arriving group, from :func:`losses.air_to_air_strengths`, the code :func:`losses.air_to_air`
fires with; and the preview of the fire an arriving group meets with no decision of either
side, from :class:`losses.GroupFire` (:func:`losses.ship_fire_odds`,
:func:`air_defence.ground_fire_odds`, :func:`air_defence.air_defence_odds`) and
:func:`losses.hit_order`, the code that fires in play (:func:`losses.fire_at_group`).

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
- The fire an arriving group meets, the ships' (16.10), the anti-air ground units' (16.05) and
  the Soviet air defence's (9.09), comes with no decision of either side before it, so it is
  previewed on the flying side's action that sends the group to its hex: the group's ``target
  HEX`` or ``base HEX``, an airmobile transport's ``field HEX`` and an air-to-ship
  interception's ``intercept UNIT SHIP`` (:class:`FireNotes`). Each fire is a roll with its
  strength (the anti-air values less the group's best ECM, less its anti-radiation missiles'
  cut, 19.08, in the chart's words) and each number of hits with the units it aborts (9.07)
  and eliminates, in the order the hits fall.
- Secrets (14): the fire is worked out from the position as the flying side sees it
  (:func:`detection.redacted`): an enemy ship or anti-air ground unit it does not detect is
  neither named nor counted, and a note always says that unseen ones may fire too (a note only
  when some were left out would tell of them). The Soviet air defence is printed beside its
  airbases, which are always seen.
- Each fire is shown against the group as it takes off: an interception, or an earlier fire,
  may eliminate a unit before it, and with it its ECM; a note says the fires' order and so.
- A minesweeping group's target choice shows this fire and then its sweep
  (:class:`chance_previews.SweepNotes`); :func:`target_state` and :func:`hits_words` also put
  in words the hits of a salvo of cruise missiles, a raid and a minefield's strike there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property, partial
from typing import Any

from wargame.engine import notes
from wargame.engine.notes import Message, message
from wargame.engine.procedure import Context
from wargame.games.aegean_strike import air_defence, detection, losses, state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.losses import D10, GroupFire, StrikeOdds
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
    taken, limit, kind = target_state(g_tables, data, target, depot)
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


def target_state(
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
    """A hit chart's roll in words: the attack less ECM (and less the ``cut`` of
    anti-radiation missiles, 19.08, if the params give one), the strength and its column, or
    too weak to score (no column)."""
    arm = "_arm" if params.get("cut") else ""
    if column is None:
        return message(f"air_preview.too_weak{arm}", **params)
    return message(f"air_preview.chart{arm}", **params, column=column)


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


# -- the fire an arriving group meets ---------------------------------------------------------
class FireNotes:
    """The notes of one decision's actions that send ``side``'s group of ``units`` to a hex:
    the preview of the fire it meets there (:func:`fire_preview`), from the position as
    ``side`` sees it (:func:`detection.redacted`), worked out once for them all and only when
    a view asks."""

    def __init__(self, g: Context, side: str, units: list[str]) -> None:
        self.g, self.side, self.units = g, side, tuple(units)

    @cached_property
    def seen(self) -> dict[str, Any]:
        return detection.redacted(game_tables(self.g.state), self.g.data, self.side)

    def __call__(self, hex_id: str) -> Callable[[], notes.Note]:
        """The ``later`` of the action that sends the group to ``hex_id``."""
        return partial(self.note, hex_id)

    def note(self, hex_id: str) -> notes.Note:
        g_tables = game_tables(self.g.state)
        preview = fire_preview(g_tables, self.seen, self.side, self.units, hex_id)
        return notes.Note(preview=preview)


FIRE_ODDS: tuple[Callable[..., GroupFire | None], ...] = (
    losses.ship_fire_odds,
    air_defence.ground_fire_odds,
    air_defence.air_defence_odds,
)
"""The fires at an arriving group, in the order they come (:meth:`air.AirSegment.arrive`)."""


@RULES.implements("16.10", "16.05", "9.09", "9.07", "19.08", "14.01")
def fire_preview(
    g_tables: Mapping[str, Any],
    seen: Mapping[str, Any],
    side: str,
    units: tuple[str, ...],
    hex_id: str,
) -> notes.Preview:
    """The fire ``side``'s group of ``units`` meets arriving in ``hex_id``: the ships' (16.10),
    the anti-air ground units' (16.05) and the Soviet air defence's (9.09), each from
    :func:`losses.ship_fire_odds`, :func:`air_defence.ground_fire_odds` and
    :func:`air_defence.air_defence_odds`, the code that fires in play. ``seen`` is the position
    as ``side`` sees it: an enemy unit it does not detect is left out (14)."""
    flight = {"side": side, "units": list(units), "target_hex": hex_id}
    fires = [f for f in (odds(g_tables, seen, flight) for odds in FIRE_ODDS) if f is not None]
    group = notes.Forces(
        side,
        tuple(
            notes.UnitValues(uid, {"ecm": value, "hits_taken": losses.record_of(seen, uid)["hits"],
                                   "hit_capacity": losses.capacity(g_tables, uid)})
            for uid, value in _fliers(seen, units)
        ),
        {"ecm": max((value for _, value in _fliers(seen, units)), default=0)},
    )  # fmt: skip
    firing = notes.Forces(
        state.other(side),
        tuple(
            notes.UnitValues(uid, {"anti_air": value}, _firer_remarks(fire))
            for fire in fires
            for uid, value in fire.firers
        ),
        {},
    )
    alone = len(units) == 1  # the title names the group by its lead, as actions differ by it
    title = message(f"air_preview.fire_title{'_alone' if alone else ''}", unit=units[0], hex=hex_id)
    remarks = [message("air_preview.fire_unseen")]
    if not fires:
        remarks.insert(0, message("air_preview.no_fire", hex=hex_id))
        return notes.Preview(title, (group,), (), tuple(remarks))
    remarks.insert(0, message("air_preview.fire_order"))
    rolls = tuple(fire_roll(g_tables, seen, side, fire) for fire in fires)
    return notes.Preview(title, (group, firing), rolls, tuple(remarks))


def _fliers(data: Mapping[str, Any], units: tuple[str, ...]) -> list[tuple[str, int]]:
    return [(uid, int(state.air_values(uid).ecm)) for uid in units if uid in data["air"]]


def _firer_remarks(fire: GroupFire) -> tuple[Message, ...]:
    if fire.kind == "air_defence":
        return (message("air_preview.soviet_base"),)  # 9.09: the forces beside the airbase
    return ()


def fire_roll(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str, fire: GroupFire
) -> notes.RollPreview:
    """The firing side's d10 on the fire's chart, each face resolved by
    :meth:`losses.GroupFire.hits`, and the units its hits fall on (:func:`losses.hit_order`)."""
    fliers = [uid for uid, _ in fire.fliers_ecm]

    def resolve(face: int) -> notes.Resolved:
        hits = fire.hits(face)
        return notes.Resolved(hits, group_hits_words(g_tables, data, fliers, hits), face)

    params = {"chart": fire.chart, "attack": fire.attack, "ecm": fire.ecm, "cut": fire.cut}
    params["strength"] = fire.power
    line = chart_label(params, fire.hit_chart.column(fire.power))
    label = message("air_preview.fire_roll", fire=fire.kind, line=line.to_json())
    return notes.roll_preview(label, state.other(side), D10, resolve, total=fire.power)


@RULES.implements("9.07", "5")
def group_hits_words(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], fliers: list[str], hits: int
) -> Message:
    """A number of hits on the group in words: the units they fall on, which abort (9.07), and
    those whose hits reach their capacity, eliminated (5)."""
    order = losses.hit_order(g_tables, data, fliers, hits)
    struck = list(dict.fromkeys(order))
    lost = [
        uid
        for uid in struck
        if losses.record_of(data, uid)["hits"] + order.count(uid) >= losses.capacity(g_tables, uid)
    ]
    return message("air_preview.group_hits", hits=hits, aborted=struck, lost=lost)
