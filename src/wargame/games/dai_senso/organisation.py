"""The organization segment (2.3) of the initial administrative phase, after the support segment:
the phasing faction combines steps (2.3.1), eliminates units of its own will (2.3.3) and breaks
units down (2.3.4), in any order, then ends the segment.

The ground units this segment takes off the map (combined into another unit or eliminated at
will) go to the force pool, ``data["pool"]`` (:mod:`seasonal`), which also holds the set-up's
pool units and those a card brings; a unit broken down takes one of them back.

Decisions (provisional: the procedures are not recovered, supplement §4, §20 item 4; table
``organization``)
- Combination (2.3.1): in one hex, a unit below its printed steps takes one step from a one-step
  unit of the same nationality, which goes to the force pool; the receiving class decides which
  donors it takes (the table's ``donors``: an HQ is built from steps of any class, [DG-C]). Both
  must be supplied ([DG] §2.6), neither may be a garrison or fortress (square steps: the seed).
- Breakdown (2.3.4): a supplied unit of two or more steps, not square, gives one step to a unit
  of its nationality and class waiting in the force pool, which enters its hex with one step;
  refused where the hex would break a stacking limit (9.1).
- Voluntary elimination (2.3.3): a unit of the phasing faction out of supply may go to the
  force pool with its steps (a unit coming back by breakdown has one step): a formation that
  can no longer be supplied is disbanded rather than left to starve.
- The segment asks the faction only when it may do something in it; else it passes.
- Fortress and garrison conversion (2.3.2): a supplied garrison takes the field as a one-step
  infantry-type unit of its nationality waiting in the force pool, and a supplied one-step
  infantry-type unit at home (its own country, :func:`countries.home_of`) becomes a garrison
  of its nationality waiting there; the unit replaced goes to the force pool. A fortress never
  converts: its works cannot move.
- Detachments (2.3.5, :mod:`detachments`): a supplied one-step infantry unit flips to its
  detachment, which flips back when its hex traces supply; a counter flips once a segment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.dai_senso import countries, detachments, state
from wargame.games.dai_senso.charts import OrganizationRules, Stacking, Supply
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.naval import offer
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.stacking import stacking_problem
from wargame.games.dai_senso.supply import hex_supplied, supplied

RULES.stand_in(
    "2.3.1",
    "a reduced unit takes a step from a one-step unit of its nationality in its hex",
    key="combination",
)
RULES.stand_in(
    "2.3.4", "a unit gives a step to a unit of its kind waiting in the force pool", key="breakdown"
)
RULES.stand_in("2.3.3", "a unit out of supply goes to the force pool", key="disband")
RULES.stand_in("2.3.2", "a garrison and a one-step infantry unit of the force pool exchange "
               "places", key="conversion")  # fmt: skip


def square(uid: str) -> bool:
    """Garrisons and fortresses print square steps: they do not combine or break down (2.3)."""
    return forces().ground_types[state.unit(uid).type].square


def printed_steps(uid: str) -> int:
    return state.unit(uid).steps


@RULES.implements("2.3", "2.3.1")
def combination_refusal(
    data: Mapping[str, Any], receiver: str, donor: str, table: OrganizationRules, supply: Supply
) -> str:
    """Why ``donor`` may not give its step to ``receiver`` ("" if it may)."""
    if square(receiver) or square(donor):
        return "2.3: garrisons and fortresses (square steps) are not combined"
    if data["units"][receiver]["steps"] >= printed_steps(receiver):
        return f"2.3.1: {receiver} has all its printed steps"
    if data["units"][donor]["steps"] != 1:
        return f"2.3.1: {donor} has more than one step"
    if state.unit(donor).nationality != state.unit(receiver).nationality:
        return "2.3.1: the units are of two nationalities"
    if state.kind(donor) not in table.donors.get(state.kind(receiver), []):
        return f"2.3.1: a {state.kind(receiver)} unit takes no step of a {state.kind(donor)} unit"
    if not (supplied(data, supply, receiver) and supplied(data, supply, donor)):
        return "2.3.1: units combine only in supply (10.3)"
    return ""


@RULES.implements("2.3.4")
def breakdown_refusal(
    data: Mapping[str, Any], uid: str, into: str, supply: Supply, limits: Stacking
) -> str:
    """Why ``uid`` may not give a step to ``into``, waiting in the force pool ("" if it may)."""
    if square(uid):
        return "2.3: garrisons and fortresses (square steps) are not broken down"
    if data["units"][uid]["steps"] < 2:
        return f"2.3.4: {uid} has one step"
    same = state.unit(into).nationality == state.unit(uid).nationality
    if not same or state.kind(into) != state.kind(uid):
        return f"2.3.4: {into} is not of {uid}'s nationality and class"
    if not supplied(data, supply, uid):
        return "2.3.4: a unit breaks down only in supply (10.3)"
    here = state.hex_of(data, uid)
    units = [*state.units_in(data, here), into]
    steps = {u: data["units"][u]["steps"] for u in units if u != into} | {into: 1}
    beach = data.get("beachheads", {}).get(here)
    limited = beach is not None and beach["level"] == 2
    return stacking_problem(units, steps, limits, limited=limited)


def pairs(data: Mapping[str, Any], side: str) -> list[tuple[str, str]]:
    """Each reduced unit of ``side`` with each other one-step unit of its hex and nationality."""
    found = []
    for receiver in state.own_units(data, side):
        if data["units"][receiver]["steps"] >= printed_steps(receiver):
            continue
        for donor in state.units_in(data, state.hex_of(data, receiver)):
            same = state.unit(donor).nationality == state.unit(receiver).nationality
            if donor != receiver and same and data["units"][donor]["steps"] == 1:
                found.append((receiver, donor))
    return found


@RULES.implements("2.3.4")
def waiting(data: Mapping[str, Any], side: str) -> list[str]:
    """The faction's ground units in the force pool: a support unit there (an option card's,
    where no support segment keeps it: 1.1) takes no step of a ground unit."""
    units = forces().units
    return [
        uid for uid in data["pool"] if state.faction(uid) == side and forces().is_ground(units[uid])
    ]


def garrison(uid: str) -> bool:
    return state.unit(uid).type == "garrison"


def field_infantry(uid: str) -> bool:
    """An infantry-type unit that is no garrison (square steps: the seed)."""
    return forces().ground_types[state.unit(uid).type].class_ == "infantry_type" and not square(uid)


def converts_into(uid: str, into: str) -> bool:
    """Whether the pair is a conversion: a garrison into field infantry or the reverse, of one
    nationality."""
    same = state.unit(uid).nationality == state.unit(into).nationality
    kinds = (garrison(uid) and field_infantry(into)) or (field_infantry(uid) and garrison(into))
    return same and kinds


@RULES.implements("2.3.2", "10.3")
def conversion_refusal(data: Mapping[str, Any], uid: str, supply: Supply) -> str:
    """Why the unit (of a conversion pair) may not convert ("" if it may)."""
    if not supplied(data, supply, uid):
        return "2.3.2: a unit converts only in supply (10.3)"
    if garrison(uid):
        return ""
    if data["units"][uid]["steps"] != 1:
        return f"2.3.2: only a one-step unit becomes a garrison, not {uid}"
    home = countries.home_of(data, uid)
    if countries.country_of_hex(data, state.hex_of(data, uid)) not in home:
        return f"2.3.2: {uid} becomes a garrison only in its own country"
    return ""


class Organization(Procedure):
    """The organization segment of ``side`` (2.3)."""

    name = "organization"

    def start(self, g: Context, f: Frame) -> None:
        """The segment is a decision only when the faction has something it may do in it."""
        f["flipped"] = []
        g.goto("organize" if any_choice(g, f["side"]) else "done")

    @decision
    def organize(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f["side"], "prompt.organization")
        choices.add("end", _end)
        for text, reason, effect, args in offers(g, f["side"], f.get("flipped", [])):
            offer(choices, text, reason, effect, *args)
        return choices

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


Offer = tuple[str, str, Any, tuple[str, ...]]
"""An action's text, the reason it is refused ("" if it is not), its effect and arguments."""


def offers(g: Context, side: str, flipped: Sequence[str] = ()) -> list[Offer]:
    """Every combination (2.3.1), breakdown (2.3.4), voluntary elimination (2.3.3), conversion
    (2.3.2) and detachment flip (2.3.5) the faction may try, each with its refusal if any;
    ``flipped``: the counters flipped this segment."""
    charts = game_tables(g.state)
    table, supply = charts["organization"], charts["supply"]
    found: list[Offer] = []
    for receiver, donor in pairs(g.data, side):
        reason = combination_refusal(g.data, receiver, donor, table, supply)
        found.append((f"combine {receiver} {donor}", reason, _combine, (receiver, donor)))
    for uid in state.own_units(g.data, side):
        for into in waiting(g.data, side):
            if state.unit(into).nationality == state.unit(uid).nationality:
                reason = breakdown_refusal(g.data, uid, into, supply, charts["stacking"])
                found.append((f"break {uid} {into}", reason, _break, (uid, into)))
    for uid in state.own_units(g.data, side):
        if not supplied(g.data, supply, uid):
            found.append((f"disband {uid}", "", _disband, (uid,)))
    for uid in state.own_units(g.data, side):
        for into in waiting(g.data, side):
            if converts_into(uid, into):
                reason = conversion_refusal(g.data, uid, supply)
                found.append((f"convert {uid} {into}", reason, _convert, (uid, into)))
    return found + detachment_offers(g, side, flipped)


@RULES.implements("2.3.5")
def detachment_offers(g: Context, side: str, flipped: Sequence[str]) -> list[Offer]:
    """Each unit of the faction that may flip to its detachment, and each of its detachments
    that may flip back (a counter flips once a segment)."""
    charts = game_tables(g.state)
    table, supply = charts["organization"], charts["supply"]
    found: list[Offer] = []
    for uid in state.own_units(g.data, side):
        if detachments.carries_detachment(uid, table) and uid not in flipped:
            reason = detachments.detach_refusal(g.data, uid, table, supplied(g.data, supply, uid))
            found.append((f"detach {uid}", reason, _detach, (uid,)))
    for uid in detachments.of_side(g.data, side):
        if uid not in flipped:
            traced = hex_supplied(g.data, supply, detachments.placed(g.data)[uid], side)
            reason = detachments.rejoin_refusal(g.data, uid, charts["stacking"], traced)
            found.append((f"rejoin {uid}", reason, _rejoin, (uid,)))
    return found


def any_choice(g: Context, side: str) -> bool:
    return any(not reason for _text, reason, _effect, _args in offers(g, side))


def _combine(g: Context, f: Frame, receiver: str, donor: str) -> None:
    hex_id = state.hex_of(g.data, receiver)
    del g.data["units"][donor]
    g.data["pool"].append(donor)
    g.data["units"][receiver]["steps"] += 1
    steps = g.data["units"][receiver]["steps"]
    g.log("log.combined", side=f["side"], unit=receiver, donor=donor, hex=hex_id, steps=steps)


def _break(g: Context, f: Frame, uid: str, into: str) -> None:
    hex_id = state.hex_of(g.data, uid)
    g.data["units"][uid]["steps"] -= 1
    g.data["pool"].remove(into)
    g.data["units"][into] = {"hex": hex_id, "steps": 1}
    g.log("log.broken_down", side=f["side"], unit=uid, into=into, hex=hex_id)


@RULES.implements("2.3.2")
def _convert(g: Context, f: Frame, uid: str, into: str) -> None:
    record = g.data["units"].pop(uid)
    g.data["pool"].append(uid)
    g.data["pool"].remove(into)
    g.data["units"][into] = {"hex": record["hex"], "steps": 1}
    g.log("log.garrison_converted", side=f["side"], unit=uid, into=into, hex=record["hex"])


@RULES.implements("2.3.3")
def _disband(g: Context, f: Frame, uid: str) -> None:
    record = g.data["units"].pop(uid)
    g.data["pool"].append(uid)
    g.log("log.disbanded", side=f["side"], unit=uid, hex=record["hex"])


@RULES.implements("2.3.5")
def _detach(g: Context, f: Frame, uid: str) -> None:
    record = g.data["units"].pop(uid)
    g.data.setdefault("detachments", {})[uid] = record["hex"]
    f["flipped"] = [*f.get("flipped", []), uid]
    g.log("log.detached", side=f["side"], unit=uid, hex=record["hex"])


@RULES.implements("2.3.5")
def _rejoin(g: Context, f: Frame, uid: str) -> None:
    hex_id = g.data["detachments"].pop(uid)
    g.data["units"][uid] = {"hex": hex_id, "steps": 1}
    f["flipped"] = [*f.get("flipped", []), uid]
    g.log("log.rejoined", side=f["side"], unit=uid, hex=hex_id)


def _end(g: Context, f: Frame) -> None:
    g.ret()


ALL: Final[tuple[Procedure, ...]] = (Organization(),)
