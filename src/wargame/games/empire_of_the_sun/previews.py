"""Previews of battles and intelligence rolls (issue 14; engine ``notes``): who fights with what,
every die-roll modifier with its rule, and the exact chance of each result, computed by the very
functions that resolve them in play (``battle.StrikePlan.resolve``, :func:`intelligence_result`).

A battle not yet begun is previewed in a copy of the context with the battle's own frame on top
(:func:`battle_context`), so that the events that read the battle being fought (5.31 D) count in
the preview as they will in the battle.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import msgspec

from wargame.engine.dice import D10_ZERO
from wargame.engine.notes import (
    Forces,
    Message,
    Modifier,
    Preview,
    Resolved,
    RollPreview,
    UnitValues,
    message,
    roll_preview,
)
from wargame.engine.procedure import Context
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import battle
from wargame.games.empire_of_the_sun.battle import (
    AMPHIBIOUS,
    Participants,
    StrikePlan,
    alive,
    attack_of,
    defense_of,
    parts_of,
    steps_now,
)
from wargame.games.empire_of_the_sun.garrisons import is_garrison
from wargame.games.empire_of_the_sun.registry import RULES


def battle_context(g: Context, hex_id: str) -> Context:
    """A context whose stack ends with the battle at ``hex_id`` as it would start now."""
    frame = Frame("battle", "start", {"hex": hex_id, **battle.battle_locals(g, hex_id)})
    return with_frame(g, frame)


def with_frame(g: Context, frame: Frame) -> Context:
    """A context over a shallow copy of the state with ``frame`` on top of its stack: what the
    preview writes in the frame leaves the state as it was."""
    state = msgspec.structs.replace(g.state, stack=[*g.state.stack, frame])
    return Context(state, g.procedures, g.static)


@RULES.implements("8.1", "8.2", "8.4")
def battle_preview(g: Context, hex_id: str) -> Preview:
    """The battle at ``hex_id`` before it begins: each side's units with their values, and the
    rolls to come: the air-naval strikes in their order (a second one with the units now
    present: what survives the first strike rolls it), then the ground combat with the units
    that would fight it if the offensive player won the air-naval combat."""
    inner = battle_context(g, hex_id)
    return preview_of(inner, inner.frame, message("preview.battle", hex=hex_id))


def battle_now(g: Context) -> Preview:
    """The battle being fought (its frame on top of the stack): the units with the losses
    allocated so far, and the rolls still to come."""
    inner = with_frame(g, Frame("battle", g.frame.step, dict(g.frame.locals)))
    return preview_of(inner, inner.frame, message("preview.battle_now", hex=g.frame["hex"]))


def preview_of(g: Context, f: Frame, title: Message) -> Preview:
    parts = parts_of(f)
    losses, garrisons = f["losses"], f["garrisons"]
    sides = tuple(side_forces(g, parts, side, losses, garrisons) for side in (parts.op, parts.rp))
    rolls: list[RollPreview] = []
    notes: list[Message] = []
    if f["stage"] == "air_naval":
        exchanges = f.get("exchanges") or []
        for n, strikers in enumerate(exchanges):
            first = len(strikers) == 1 and len(exchanges) == 2 and n == 0
            rolls += [strike_roll(plan) for plan in air_naval_plans(g, parts, strikers, first)]
            if n:
                notes.append(message("preview.second_strike", side=strikers[0]))
        rolls += ground_rolls(g, f, parts)
        if exchanges and rolls:
            notes.append(message("preview.ground_after"))
    return Preview(title, sides, tuple(rolls), tuple(notes))


def air_naval_plans(
    g: Context, parts: Participants, strikers: list[str], first: bool
) -> list[StrikePlan]:
    plans = [battle.air_naval_plan(g, parts, side, first) for side in strikers]
    return [plan for plan in plans if plan is not None]


@RULES.implements("8.32", "8.4")
def ground_rolls(g: Context, f: Frame, parts: Participants) -> list[RollPreview]:
    """The ground combat if it comes to one: with the units fighting if the offensive player
    wins the air-naval combat (or there is none)."""
    own = f["garrisons"] if parts.rp == "japan" else []
    fighting = battle.ground_fighters(g, parts, True, own)
    if not fighting[parts.op] or not fighting[parts.rp]:
        return []
    f["fighting"] = fighting  # the preview's own frame: events read who fights (5.31 D)
    plans = [battle.ground_plan(g, parts, side, fighting) for side in (parts.op, parts.rp)]
    return [strike_roll(plan) for plan in plans]


def strike_roll(plan: StrikePlan) -> RollPreview:
    """A strike's table and odds, from :meth:`StrikePlan.resolve` itself."""

    def resolve(natural: int) -> Resolved:
        found = plan.resolve(natural)
        key = "preview.hits_critical" if found.critical else "preview.hits"
        result = (found.hits, True) if found.critical else found.hits
        return Resolved(result, message(key, hits=found.hits), found.roll.modified)

    label = message(f"preview.{plan.stage}", side=plan.side)
    return roll_preview(
        label, plan.side, D10_ZERO, resolve, total=plan.total, modifiers=plan.modifiers
    )


def side_forces(
    g: Context,
    parts: Participants,
    side: str,
    losses: Mapping[str, int],
    garrisons: Collection[str],
) -> Forces:
    """A side's units in the battle, each with its attack, defense and steps left (allocated
    losses counted) and what is special about it; the totals it would strike with."""
    units = []
    known = {"losses": losses, "garrisons": garrisons}
    for role in ("strikers", "exposed", "ground"):
        for unit_id in getattr(parts, role)[side]:
            if steps_now(g, unit_id, {}, garrisons) > 0:
                units.append(unit_values(g, parts, unit_id, role, **known))
    if side == "japan" and parts.rp == "japan":
        units += [unit_values(g, parts, u, "ground", **known) for u in garrisons]
    strikers = alive(g, parts.strikers[side])
    totals = {
        "air_naval": battle.air_naval_strength(g, strikers, parts.extended),
        "ground": battle.ground_strength(g, alive(g, parts.ground[side])),
    }
    return Forces(side, tuple(units), totals)


def unit_values(
    g: Context,
    parts: Participants,
    unit_id: str,
    role: str,
    *,
    losses: Mapping[str, int],
    garrisons: Collection[str],
) -> UnitValues:
    values = {
        "attack": attack_of(g, unit_id),
        "defense": defense_of(g, unit_id),
        "steps": steps_now(g, unit_id, losses, garrisons),
    }
    notes = []
    if unit_id in parts.extended:
        notes.append(message("preview.half"))
    if role == "exposed":
        notes.append(message("preview.exposed"))
    if parts.entry.get(unit_id) in AMPHIBIOUS:
        notes.append(message("preview.landing"))
    if is_garrison(unit_id):
        notes.append(message("preview.garrison"))
    if losses.get(unit_id):
        notes.append(message("preview.losses", steps=losses[unit_id]))
    return UnitValues(unit_id, values, tuple(notes))


def intelligence_preview(
    side: str, value: int, modifiers: tuple[Modifier, ...], hex_id: str | None = None
) -> Preview:
    """An intelligence (or special reaction) roll: success at or under ``value`` once modified,
    a natural 9 failing (5.22), from :func:`intelligence_result`."""
    drm = sum(m.value for m in modifiers)

    def resolve(natural: int) -> Resolved:
        success = intelligence_result(natural, drm, value)
        key = "preview.intercept" if success else "preview.surprise"
        return Resolved(success, message(key), natural + drm)

    label = message("preview.intelligence", side=side, value=value)
    roll = roll_preview(label, side, D10_ZERO, resolve, modifiers=modifiers)
    title = label if hex_id is None else message("preview.special", hex=hex_id)
    return Preview(title, (), (roll,), (message("preview.natural_nine"),))


NATURAL_FAILURE = 9


@RULES.implements("5.22")
def intelligence_result(natural: int, modifier: int, value: int) -> bool:
    """An intelligence roll succeeds at or under ``value`` once modified; a natural 9 fails."""
    return natural != NATURAL_FAILURE and natural + modifier <= value
