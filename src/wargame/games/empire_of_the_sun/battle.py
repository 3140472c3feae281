"""Battles (8.0-8.5): who fights, air-naval combat and its hit allocation, the air-naval winner,
ground combat, retreat and hex control after battle (12.1), with the intrinsic garrisons of
Japanese-held China cities and Home Islands cities (12.77, 12.94).

The offensive calls the procedure ``battle`` once per battle hex (frame locals: ``hex``). The
battle keeps its working data in its frame (everything about a battle is public) and reads the
offensive record ``data["offensive"]`` (see :mod:`layout`). Besides the layout's fields it reads
these optional keys, which events may set:

``drm``
    ``{"air_naval": {side: n}, "ground": {side: n}}``: event die-roll modifiers (8.2, 8.4).
``ground_final``
    ``{side: n}``, or ``{side: {hex: n}}`` for some battles only: a ground modifier that replaces
    all the others of that side (Col. Tsuji, 8.4).
``critical_modified``
    sides for which a modified 9 or more is a critical hit (Rochefort, 8.2 F6).
``critical``
    sides whose air-naval strike is a critical hit whatever the roll (8.2 F6 "due to an event").

From the moves recorded by :mod:`movement` it reads ``mode`` (how ground units came in),
``from``/``path`` (where they retreat to), ``no_fight`` (units that may not fight) and ``transport``
(the ship carrying a brigade, 7.46). It writes ``results[hex]``, ``fought`` and ``engaged``
(``{unit: battle hex}``, so that no unit fights twice in one offensive, 8.1). Reacting air units
and carriers outside the battle hexes that the reaction did not assign (``assigned``) fight in the
first battle in their range.

Intrinsic garrisons are not counters: inside a battle they are targets named
``garrison:<hex>:<n>`` (Japanese, ground, one step, defense 12).

Decisions on unclear rules, kept here so that the code and the report agree:

* A city hex has no terrain modifier whatever terrain it is drawn on (8.4 "no modifier for City
  type terrain"; Table T5 "City 0").
* Surprise gives +3 only to the side striking first, Ambush +4 only to the ambusher (spec 10).
* "Present" air and carrier units (8.2 F4 matching, 8.3, the yearly Allied modifiers) are those of
  the side still alive when it rolls; "only one side had air or naval units" (F5) is judged on
  the units that started the battle.
* F7 is offered after the Allied hits of the exchange in which the Allies struck, before those
  hits are removed from the map, and only moves steps lost to those hits.
* Intrinsic garrisons cannot retreat: when their side must retreat they are lost with the hex.
* Japanese defence doctrine (card J31, ``lasting``) adds +1 to every Japanese ground roll (the
  spec gives no side restriction).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.dice import D10_ZERO
from wargame.engine.notes import Modifier, Preview
from wargame.engine.procedure import Choices, Context, Procedure, decision
from wargame.engine.state import Frame
from wargame.engine.tables import ModifiedRoll, ceil_div
from wargame.games.empire_of_the_sun import charts, events, forces, movement, stacking
from wargame.games.empire_of_the_sun.charts import RatingChart
from wargame.games.empire_of_the_sun.forces import (
    enemy,
    flies,
    is_carrier,
    record,
    side_of,
    units_at,
)
from wargame.games.empire_of_the_sun.garrisons import (
    garrison_hex,
    garrison_kind,
    intrinsic_garrison,
    is_garrison,
    lose_home_garrison,
)
from wargame.games.empire_of_the_sun.political_will import us_casualties
from wargame.games.empire_of_the_sun.registry import RULES

# -- tables and constants ---------------------------------------------------------------------

# Tables T3 and T4 and the modifiers their charts print are data (data/tables.yaml, charts.py)
ROLL_LOW, ROLL_HIGH = 0, 9  # modified rolls clamp to 0-9 (15.6)
EVENT_CRITICAL = 9  # an event's "a modified 9 or more is a critical hit" (Rochefort, 8.2 F6)

SEVENTH_ARMOURED = "cw-7-armd-bde"
LASTING_GROUND_DRM: Final = {"J31_defence_doctrine": ("japan", 1)}

AMPHIBIOUS = ("assault", "barge")
NAVAL_RETREAT = "naval"  # retreat marker: the unit leaves like a naval unit after the battle (8.5)

GARRISON_DEFENSE = 12
GARRISON_ATTACK = {"china": 9, "home": 12}


def turn_year(turn: int) -> int:
    """Turn 1 is December 1941; then three four-month turns a year (2.1)."""
    return 1941 if turn == 1 else 1942 + (turn - 2) // 3


# -- participants (8.1) -----------------------------------------------------------------------


@dataclass
class Participants:
    """Who fights one battle, per side (``"japan"`` / ``"allied"``).

    ``strikers`` add their attack to the air-naval combat; ``exposed`` can be hit but add
    nothing (ships screening a distant carrier, OP units in the hex that were not activated);
    ``ground`` are the counters in the hex (intrinsic garrisons are kept apart); ``entry`` tells
    how each OP ground unit came in (``move``, ``assault``, ``barge``); ``held`` are the RP
    ground units that began the offensive in the hex; ``extended`` are strikers at half strength.
    """

    hex: str
    op: str
    strikers: dict[str, list[str]]
    exposed: dict[str, list[str]]
    ground: dict[str, list[str]]
    entry: dict[str, str] = field(default_factory=dict)
    held: list[str] = field(default_factory=list)
    extended: list[str] = field(default_factory=list)

    @property
    def rp(self) -> str:
        return enemy(self.op)

    def air_naval(self, side: str) -> list[str]:
        return self.strikers[side] + self.exposed[side]


def offensive_of(g: Context) -> dict[str, Any]:
    found: dict[str, Any] = g.data["offensive"]
    return found


def reaction_of(offensive: Mapping[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = offensive.get("reaction") or {}
    return found


@RULES.implements("8.1", "8.11", "8.12", "8.13", "8.14", "8.2")
def participants(g: Context, hex_id: str) -> Participants:
    """Everybody in the hex, activated flyers in range assigned to it, RP flyers that reacted
    out of it, and the ships stacked with a participating carrier elsewhere. Supply plays no
    part in battle (8.14): nobody here asks for it."""
    offensive = offensive_of(g)
    op = offensive["side"]
    parts = Participants(hex_id, op, _by_side(), _by_side(), _by_side())
    for unit_id in units_at(g, hex_id):
        if not move_entry(offensive, unit_id).get("caught"):
            _place_in_hex(g, parts, unit_id, offensive)
    for unit_id in distant_flyers(g, hex_id, offensive):
        parts.strikers[side_of(g, unit_id)].append(unit_id)
    for side in (op, parts.rp):
        parts.exposed[side].extend(screens(g, parts.strikers[side], offensive))
    moved = offensive.get("moved", {})
    parts.entry = {u: moved.get(u, {}).get("mode", "move") for u in parts.ground[op]}
    reacted = reaction_of(offensive).get("moved", {})
    parts.held = [u for u in parts.ground[parts.rp] if u not in reacted]
    parts.extended = [
        u
        for side in (op, parts.rp)
        for u in parts.strikers[side]
        if halved(g, u, hex_id, offensive)
    ]
    return parts


def op_fights(g: Context, hex_id: str) -> bool:
    """Whether the offensive player has an activated unit or a ground unit to fight in the
    battle hex."""
    parts = participants(g, hex_id)
    return bool(parts.strikers[parts.op] or parts.ground[parts.op])


@RULES.implements("8.2")
def halved(g: Context, unit_id: str, hex_id: str, offensive: Mapping[str, Any]) -> bool:
    """An air unit reaching the battle with its extended range fights at half strength: the
    offensive lists its own; an RP air unit beyond its normal range (not one that reacted out
    of the battle hex) too."""
    if unit_id in offensive.get("extended", []):
        return True
    left_from = move_entry(offensive, unit_id).get("from")
    rp_unit = side_of(g, unit_id) != offensive["side"]
    return rp_unit and left_from != hex_id and at_extended_range(g, unit_id, hex_id)


def _by_side() -> dict[str, list[str]]:
    return {"japan": [], "allied": []}


def _place_in_hex(
    g: Context, parts: Participants, unit_id: str, offensive: Mapping[str, Any]
) -> None:
    unit = record(g, unit_id)
    if unit.unit_class == "hq":
        return
    if unit.unit_class == "ground":
        parts.ground[unit.side].append(unit_id)
    elif unit.side == parts.rp or unit_id in offensive.get("activated", []):
        parts.strikers[unit.side].append(unit_id)
    else:
        parts.exposed[unit.side].append(unit_id)


def distant_flyers(g: Context, hex_id: str, offensive: Mapping[str, Any]) -> list[str]:
    """Air units and carriers outside the hex that fight in it (8.11): assigned to it, RP air
    that reacted out of it, and RP activated flyers in range that have no other battle."""
    reaction = reaction_of(offensive)
    assigned = offensive.get("assigned", {})
    engaged = offensive.get("engaged", {})
    battles = offensive.get("battles", [])
    found = [u for u, h in assigned.items() if h == hex_id]
    for unit_id in reaction.get("activated", []):
        if unit_id in found or not flies(g, unit_id) or unit_id in assigned:
            continue
        left_from = move_entry(offensive, unit_id).get("from")
        here = forces.at(g, unit_id)
        if left_from == hex_id or (
            left_from not in battles
            and here not in battles
            and unit_id not in engaged
            and in_strike_range(g, unit_id, hex_id)
        ):
            found.append(unit_id)
    return [
        u
        for u in found
        if forces.on_map(forces.at(g, u)) and forces.at(g, u) != hex_id and not barred(offensive, u)
    ]


def move_entry(offensive: Mapping[str, Any], unit_id: str) -> dict[str, Any]:
    """How the unit moved in this offensive (the offensive's record, else the reaction's)."""
    found: dict[str, Any] = offensive.get("moved", {}).get(unit_id) or reaction_of(offensive).get(
        "moved", {}
    ).get(unit_id, {})
    return found


def barred(offensive: Mapping[str, Any], unit_id: str) -> bool:
    """A unit whose move forbids it to fight (parenthetical extended range, strategic move)."""
    return bool(move_entry(offensive, unit_id).get("no_fight"))


def screens(g: Context, strikers: Iterable[str], offensive: Mapping[str, Any]) -> list[str]:
    """Non-carrier ships stacked with a participating carrier outside the battle (8.12)."""
    found: list[str] = []
    for carrier in strikers:
        here = forces.at(g, carrier)
        if not is_carrier(g, carrier) or here in offensive.get("battles", []):
            continue
        for unit_id in units_at(g, here, side_of(g, carrier)):
            ship = record(g, unit_id).unit_class == "naval" and not is_carrier(g, unit_id)
            if ship and unit_id not in found:
                found.append(unit_id)
    return found


def distance(g: Context, a: str, b: str) -> int:
    return int(forces.parts(g).board.distance(a, b))


def in_strike_range(g: Context, unit_id: str, hex_id: str) -> bool:
    reach = movement.fighting_range(record(g, unit_id))
    return distance(g, forces.at(g, unit_id), hex_id) <= reach


def at_extended_range(g: Context, unit_id: str, hex_id: str) -> bool:
    """An air unit striking beyond its normal range (used for RP flyers; the offensive lists
    its own in ``extended``)."""
    here = forces.at(g, unit_id)
    if here == hex_id or not forces.is_class(g, unit_id, "air"):
        return False
    return distance(g, here, hex_id) > (record(g, unit_id).range or 0)


# -- unit values --------------------------------------------------------------------------------


def owner(g: Context, unit_id: str) -> str:
    return "japan" if is_garrison(unit_id) else side_of(g, unit_id)


def attack_of(g: Context, unit_id: str) -> int:
    if is_garrison(unit_id):
        return GARRISON_ATTACK[garrison_kind(g, garrison_hex(unit_id)) or "china"]
    return forces.attack(g, unit_id)


def defense_of(g: Context, unit_id: str) -> int:
    """The unit's defense, with what an event adds to it in this battle (5.31 D)."""
    if is_garrison(unit_id):
        return GARRISON_DEFENSE
    return record(g, unit_id).defense + event_sum(g, "defense", unit_id)


def steps_now(
    g: Context, unit_id: str, losses: Mapping[str, int], garrisons: Collection[str] = ()
) -> int:
    """Steps left, counting the losses allocated but not yet removed."""
    if is_garrison(unit_id):
        base = 1 if unit_id in garrisons else 0
    else:
        base = forces.steps_left(g, unit_id) if forces.on_map(forces.at(g, unit_id)) else 0
    return max(0, base - losses.get(unit_id, 0))


def alive(g: Context, units: Iterable[str], garrisons: Collection[str] = ()) -> list[str]:
    return [u for u in units if steps_now(g, u, {}, garrisons) > 0]


# -- air-naval combat (8.2) ---------------------------------------------------------------------


@RULES.implements("8.2", "1.3")
def air_naval_strength(g: Context, units: Iterable[str], extended: Collection[str] = ()) -> int:
    """Total attack; an air unit reaching the battle with its extended range counts half,
    rounded up."""
    return sum(
        ceil_div(forces.attack(g, u), 2) if u in extended else forces.attack(g, u) for u in units
    )


@RULES.implements("8.2")
def air_naval_drm(
    g: Context, side: str, condition: str, striking_first: bool, units: Iterable[str] = ()
) -> int:
    """The sum of :func:`air_naval_modifiers`."""
    return sum(m.value for m in air_naval_modifiers(g, side, condition, striking_first, units))


@RULES.implements("8.2")
def air_naval_modifiers(
    g: Context, side: str, condition: str, striking_first: bool, units: Iterable[str] = ()
) -> list[Modifier]:
    """Surprise (+3) / Ambush (+4) to the side striking first; the Allies' yearly bonus when a US
    air or carrier unit is present; event modifiers. The values are Table T3's (``charts``)."""
    found = []
    printed = charts.air_naval_modifiers(g)
    if striking_first and condition == "surprise":
        found.append(Modifier("8.2", "drm.surprise", printed.surprise))
    if striking_first and condition == "ambush":
        found.append(Modifier("8.2", "drm.ambush", printed.ambush))
    year = turn_year(g.data["turn"])
    us_air = printed.us_air(year)
    if side == "allied" and us_air and any(us_flyer(g, u) for u in units):
        found.append(Modifier("8.2", "drm.us_air", us_air, {"year": year}))
    return [m for m in found if m.value] + event_modifiers(g, "air_naval", side)


def us_flyer(g: Context, unit_id: str) -> bool:
    return flies(g, unit_id) and record(g, unit_id).nationality == "us"


def event_drm(g: Context, stage: str, side: str) -> int:
    """Modifiers events put on the offensive's record, plus the offensive event's own for the
    battle being fought (5.31 D)."""
    return sum(m.value for m in event_modifiers(g, stage, side))


@RULES.implements("5.31")
def event_modifiers(g: Context, stage: str, side: str) -> list[Modifier]:
    """:func:`event_drm`, each card's modifier apart (those already on the offensive's record
    as one)."""
    offensive = g.data.get("offensive") or {}
    recorded: int = offensive.get("drm", {}).get(stage, {}).get(side, 0)
    found = [Modifier("5.31", "drm.events", recorded)] if recorded else []
    for card, value in event_terms(g, "drm", stage, side):
        found.append(Modifier("5.31", "drm.card", value, {"card": card}))
    return found


def event_sum(g: Context, hook_name: str, *args: Any) -> int:
    """The sum of a hook of the offensive's event and of the reaction cards played against it,
    for the battle being fought (``(g, *args, hex_id)``); 0 outside a battle."""
    return sum(value for _, value in event_terms(g, hook_name, *args))


def event_terms(g: Context, hook_name: str, *args: Any) -> list[tuple[str, int]]:
    """:func:`event_sum` card by card: ``(card, value)`` for each card whose hook gives a value."""
    offensive = g.data.get("offensive") or {}
    frame = g.state.stack[-1] if g.state.stack else None
    if frame is None or frame.name != "battle":
        return []
    played = [offensive["card"]] if offensive.get("mode") == "ec" else []
    found = []
    for card in [*played, *offensive.get("reactions", [])]:
        own = events.hook(card, hook_name)
        value = int(own(g, *args, frame["hex"])) if own is not None else 0
        if value:
            found.append((card, value))
    return found


def _rating(chart: RatingChart, roll: ModifiedRoll | int) -> Fraction:
    modified = roll.modified if isinstance(roll, ModifiedRoll) else roll
    return chart.table.lookup("rating", modified)


@RULES.implements("8.2")
def effectiveness(modified_roll: ModifiedRoll | int, chart: RatingChart | None = None) -> Fraction:
    """Table T3 (the printed one unless ``chart``): the air-naval combat effectiveness rating of
    a modified roll."""
    return _rating(chart or charts.default_chart("air_naval"), modified_roll)


@RULES.implements("8.4")
def ground_effectiveness(
    modified_roll: ModifiedRoll | int, chart: RatingChart | None = None
) -> Fraction:
    """Table T4 (the printed one unless ``chart``): the ground combat effectiveness rating of a
    modified roll."""
    return _rating(chart or charts.default_chart("ground"), modified_roll)


@RULES.implements("1.3", "8.2", "8.4")
def hits(total: int, rating: Fraction) -> int:
    """Attack total times rating, fractions rounded up."""
    return math.ceil(total * rating)


@RULES.implements("8.2")
def is_critical(g: Context, side: str, roll: ModifiedRoll) -> bool:
    """An unmodified 9 (Table T3), or what an event grants (F6)."""
    offensive = g.data.get("offensive") or {}
    always, modified = (
        side in offensive.get("critical", []),
        side in offensive.get("critical_modified", []),
    )
    natural = charts.strike_chart(g, "air_naval").critical_natural
    return critical(roll, always=always, modified=modified, natural=natural)


@RULES.implements("8.2")
def critical(roll: ModifiedRoll, *, always: bool, modified: bool, natural: int | None) -> bool:
    """F6: the natural roll of Table T3 (a 9); a critical hit whatever the roll (``always``, an
    event); a modified 9 or more (``modified``, an event: the card's 9, whatever the table)."""
    if roll.natural == natural or always:
        return True
    return modified and roll.unclamped >= EVENT_CRITICAL


@dataclass(frozen=True)
class StrikeResult:
    roll: ModifiedRoll
    hits: int
    critical: bool


@dataclass(frozen=True)
class StrikePlan:
    """One side's roll in a battle before it is rolled: its stage (``air_naval`` or
    ``ground``), attack total, die-roll modifiers (each with its rule) and what makes it a
    critical hit. :meth:`resolve` is what a natural roll gives, in play and in the preview."""

    side: str
    stage: str
    total: int
    modifiers: tuple[Modifier, ...] = ()
    critical_always: bool = False
    critical_modified: bool = False
    chart: RatingChart | None = None
    """The stage's table as the game is played (``charts.strike_chart``); None: the printed one."""

    @property
    def drm(self) -> int:
        return sum(m.value for m in self.modifiers)

    @RULES.implements("8.2", "8.4", "15.6")
    def resolve(self, natural: int) -> StrikeResult:
        """Table T3 (air-naval) or T4 (ground) read with the modified roll, clamped to 0-9;
        hits are the total times the rating, rounded up; a critical hit per F6."""
        roll = ModifiedRoll(natural, self.drm, ROLL_LOW, ROLL_HIGH)
        chart = self.chart or charts.default_chart(self.stage)
        rating = _rating(chart, roll)
        always, modified = self.critical_always, self.critical_modified
        struck = self.stage == "air_naval" and critical(
            roll, always=always, modified=modified, natural=chart.critical_natural
        )
        return StrikeResult(roll, hits(self.total, rating), struck)


def strike_plan(
    g: Context, side: str, stage: str, total: int, modifiers: Iterable[Modifier]
) -> StrikePlan:
    offensive = g.data.get("offensive") or {}
    return StrikePlan(
        side,
        stage,
        total,
        tuple(modifiers),
        critical_always=side in offensive.get("critical", []),
        critical_modified=side in offensive.get("critical_modified", []),
        chart=charts.strike_chart(g, stage),
    )


@RULES.implements("8.2")
def strike_order(condition: str, op: str) -> list[list[str]]:
    """Exchanges of fire: Surprise OP then RP, Ambush RP then OP, Intercept both at once."""
    rp = enemy(op)
    if condition == "intercept":
        return [[op, rp]]
    if condition == "ambush":
        return [[rp], [op]]
    return [[op], [rp]]


# -- hit allocation (8.2 F, 8.4 B) --------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """One unit (or garrison step) that a strike may hit."""

    defense: int
    steps: int
    ground: bool = False
    garrison: bool = False
    protected: bool = False  # F4: a flyer not in the battle hex with opposing ships


@dataclass(frozen=True)
class HitPool:
    """What one strike may hit. ``matches`` is how many more protected flyers may be hit (F4);
    ``matched`` are those already hit by this strike (they may take more);
    ``keep_ground_step``: air-naval hits never take the last ground step (F5)."""

    targets: Mapping[str, Target]
    matches: int = 0
    matched: frozenset[str] = frozenset()
    keep_ground_step: bool = False

    def ground_steps(self) -> int:
        return sum(t.steps for t in self.targets.values() if t.ground)


@RULES.implements("8.2", "8.4")
def legal_hit_targets(
    pool: HitPool, hits_left: int, critical: bool = False, first_step: bool = False
) -> list[str]:
    """The units one more step of loss may be applied to (F1-F6).

    F1 a step costs the unit's defense; F2/F3 while any unit of the pool is at full strength
    (even one that cannot be hit now) only full units may be hit; F4/F5 see :func:`may_receive`;
    F6 a critical hit ignores F2/F3, and when its hits cannot pay for any step, its first step
    goes to the hittable unit(s) with the lowest defense."""
    alive_targets = {u: t for u, t in pool.targets.items() if t.steps > 0}
    hittable = [u for u in alive_targets if may_receive(pool, u)]
    affordable = [u for u in hittable if alive_targets[u].defense <= hits_left]
    if critical:
        if not affordable and first_step and hittable:
            lowest = min(alive_targets[u].defense for u in hittable)
            return [u for u in hittable if alive_targets[u].defense == lowest]
        return affordable
    if any(t.steps >= 2 for t in alive_targets.values()):
        return [u for u in affordable if alive_targets[u].steps >= 2]
    return affordable


def forced_step(pool: HitPool, hits_left: int, critical: bool, first_step: bool) -> bool:
    """F6: a critical hit too small for any step still takes one (from the lowest defense)."""
    if not (critical and first_step):
        return False
    live = [u for u, t in pool.targets.items() if t.steps > 0 and may_receive(pool, u)]
    return bool(live) and all(pool.targets[u].defense > hits_left for u in live)


@RULES.implements("8.2")
def may_receive(pool: HitPool, unit_id: str) -> bool:
    """F4: protected flyers only one for one with the striker's air and carrier units; F5: never
    the last ground step in the hex to air-naval hits; intrinsic garrisons are the last steps."""
    target = pool.targets[unit_id]
    if target.protected and unit_id not in pool.matched and pool.matches <= 0:
        return False
    if target.ground and pool.keep_ground_step and pool.ground_steps() <= 1:
        return False
    if target.garrison:
        return not any(t.ground and not t.garrison and t.steps > 0 for t in pool.targets.values())
    return True


def target_of(
    g: Context,
    unit_id: str,
    losses: Mapping[str, int],
    garrisons: Collection[str],
    *,
    protected: bool = False,
    halved: bool = False,
) -> Target:
    defense = defense_of(g, unit_id)
    ground = is_garrison(unit_id) or record(g, unit_id).unit_class == "ground"
    return Target(
        defense=ceil_div(defense, 2) if halved else defense,
        steps=steps_now(g, unit_id, losses, garrisons),
        ground=ground,
        garrison=is_garrison(unit_id),
        protected=protected,
    )


@RULES.implements("8.2")
def air_naval_pool(
    g: Context,
    parts: Participants,
    hitter: str,
    *,
    losses: Mapping[str, int] | None = None,
    garrisons: Collection[str] = (),
    matches: int | None = None,
    matched: Iterable[str] = (),
) -> HitPool:
    """The enemy air and naval units of the battle; its ground units (and garrison) too when
    only the hitter had air or naval units (F5). ``matches`` defaults to the hitter's living
    air and carrier units (F4)."""
    losses = losses or {}
    target_side = enemy(hitter)
    ships_here = ships_in_hex(g, parts, hitter)
    targets = {
        u: target_of(
            g,
            u,
            losses,
            garrisons,
            protected=flies(g, u) and not (ships_here and forces.at(g, u) == parts.hex),
        )
        for u in alive(g, parts.air_naval(target_side))
    }
    if not parts.air_naval(target_side):
        ground = parts.ground[target_side] + (list(garrisons) if target_side == "japan" else [])
        targets.update({u: target_of(g, u, losses, garrisons) for u in alive(g, ground, garrisons)})
    if matches is None:
        matches = sum(1 for u in alive(g, parts.strikers[hitter]) if flies(g, u))
    matched_set = frozenset(matched)
    return HitPool(targets, matches - len(matched_set), matched_set, keep_ground_step=True)


@RULES.implements("8.4")
def ground_pool(
    g: Context,
    parts: Participants,
    hitter: str,
    fighting: Iterable[str],
    *,
    losses: Mapping[str, int] | None = None,
    garrisons: Collection[str] = (),
) -> HitPool:
    """The enemy ground units fighting the ground combat; OP units that came by amphibious
    assault have their defense halved (rounded up)."""
    losses = losses or {}
    targets = {
        u: target_of(g, u, losses, garrisons, halved=parts.entry.get(u) in AMPHIBIOUS)
        for u in fighting
        if owner(g, u) == enemy(hitter)
    }
    return HitPool(targets)


@RULES.implements("8.2")
def last_step_choice(pool: HitPool, unit_id: str, legal: Iterable[str]) -> list[str]:
    """F5: when the hit on ``unit_id`` decides which ground step is left last, the RP chooses
    among the legal one-step ground targets (empty when there is no such choice)."""
    target = pool.targets[unit_id]
    if not (pool.keep_ground_step and target.ground and pool.ground_steps() == 2):
        return []
    candidates = [
        u
        for u in legal
        if pool.targets[u].ground and not pool.targets[u].garrison and pool.targets[u].steps == 1
    ]
    return sorted(candidates) if len(candidates) > 1 and unit_id in candidates else []


@RULES.implements("8.2")
def carrier_swap_options(
    g: Context, carriers: Iterable[str], losses: Mapping[str, int], allied_critical: bool
) -> list[tuple[str, str]]:
    """F7: ``(from, to)`` pairs: ``from`` takes one more step so that ``to`` gets back a step
    lost to these hits, when Japan has more than one carrier present and the Allies scored no
    critical hit."""
    present = [u for u in carriers if is_carrier(g, u) and side_of(g, u) == "japan"]
    if allied_critical or len(present) < 2:
        return []
    return [
        (giver, taker)
        for taker in present
        if losses.get(taker, 0) > 0
        for giver in present
        if giver != taker and steps_now(g, giver, losses) > 0
    ]


# -- the air-naval winner (8.3) -----------------------------------------------------------------


@RULES.implements("8.3", "8.31")
def air_naval_winner(g: Context, parts: Participants) -> str:
    """Higher surviving attack of the units that contributed (halved ones stay halved, distant
    escorts do not count); ties to the RP; the RP wins outright when only it has air or carrier
    units left; nobody left is an OP victory."""
    op, rp = parts.op, parts.rp
    left = {side: alive(g, parts.strikers[side]) for side in (op, rp)}
    if not left[op] and not left[rp]:
        return op
    if any(flies(g, u) for u in left[rp]) and not any(flies(g, u) for u in left[op]):
        return rp
    totals = {
        side: air_naval_strength(g, left[side], parts.extended)
        + event_sum(g, "strength", "air_naval", side)
        for side in (op, rp)
    }
    return op if totals[op] > totals[rp] else rp


# -- ground combat (8.4) ------------------------------------------------------------------------


@RULES.implements("8.13", "8.32", "8.33", "8.34")
def ground_fighters(
    g: Context, parts: Participants, op_won_air_naval: bool, garrisons: Collection[str] = ()
) -> dict[str, list[str]]:
    """The units of each side in the ground combat: every RP ground unit (and garrison); the
    OP's overland arrivals, and its amphibious ones only after an OP air-naval victory."""
    op, rp = parts.op, parts.rp
    fighting = {
        op: [
            u
            for u in alive(g, parts.ground[op])
            if op_won_air_naval or parts.entry.get(u) not in AMPHIBIOUS
        ],
        rp: alive(g, parts.ground[rp]),
    }
    fighting["japan"] = fighting["japan"] + [u for u in garrisons if u not in fighting["japan"]]
    return fighting


def ground_strength(g: Context, units: Iterable[str]) -> int:
    return sum(attack_of(g, u) for u in units)


@RULES.implements("8.4")
def ground_drms(
    g: Context, parts: Participants, side: str, fighting: Mapping[str, list[str]]
) -> int:
    """The sum of :func:`ground_modifiers`."""
    return sum(m.value for m in ground_modifiers(g, parts, side, fighting))


@RULES.implements("8.4", "7.49")
def ground_modifiers(
    g: Context, parts: Participants, side: str, fighting: Mapping[str, list[str]]
) -> list[Modifier]:
    """The side's ground combat modifiers after the air-naval combat."""
    offensive = g.data.get("offensive") or {}
    final = offensive.get("ground_final", {}).get(side)
    if isinstance(final, dict):  # given per battle hex
        final = final.get(parts.hex)
    if final is not None:
        return [Modifier("5.31", "drm.final", int(final))]
    found = op_ground_drm(g, parts) if side == parts.op else rp_ground_drm(g, parts, fighting)
    armour = charts.ground_modifiers(g).seventh_armoured
    if side == "allied" and armour and SEVENTH_ARMOURED in fighting.get("allied", []):
        found.append(Modifier("7.49", "drm.armour", armour))
    for event in g.data.get("lasting", []):
        event_side, value = LASTING_GROUND_DRM.get(event, (None, 0))
        if event_side == side and value:
            found.append(Modifier("5.31", "drm.lasting", value, {"event": event}))
    return found + event_modifiers(g, "ground", side)


def op_ground_drm(g: Context, parts: Participants) -> list[Modifier]:
    """Shore bombardment, air superiority, terrain (Table T4's values, ``charts``)."""
    op, rp = parts.op, parts.rp
    printed = charts.ground_modifiers(g)
    found = []
    terrain = terrain_drm(g, parts.hex)
    if terrain:
        kind = forces.parts(g).board.hexes[parts.hex].terrain
        found.append(Modifier("8.4", "drm.terrain", terrain, {"terrain": kind}))
    if ships_in_hex(g, parts, op) and not ships_in_hex(g, parts, rp):
        found.append(Modifier("8.4", "drm.shore_bombardment", printed.shore_bombardment))
    op_flyers = [u for u in alive(g, parts.strikers[op]) if flies(g, u)]
    rp_flyers = [u for u in alive(g, parts.air_naval(rp)) if flies(g, u)]
    if op_flyers and not rp_flyers:
        found.append(Modifier("8.4", "drm.air_superiority", printed.air_superiority))
    return [m for m in found if m.value]


def rp_ground_drm(
    g: Context, parts: Participants, fighting: Mapping[str, list[str]]
) -> list[Modifier]:
    """+3 (Table T4) when the RP held the hex with land units before the OP's amphibious
    assault."""
    assaulted = any(parts.entry.get(u) in AMPHIBIOUS for u in fighting.get(parts.op, []))
    held = any(u in parts.held or is_garrison(u) for u in fighting.get(parts.rp, []))
    value = charts.ground_modifiers(g).held_before_assault
    if assaulted and held and value:
        return [Modifier("8.4", "drm.held", value)]
    return []


def ships_in_hex(g: Context, parts: Participants, side: str) -> bool:
    return any(
        record(g, u).unit_class == "naval" and forces.at(g, u) == parts.hex
        for u in alive(g, parts.air_naval(side))
    )


@RULES.implements("8.4")
def terrain_drm(g: Context, hex_id: str) -> int:
    """The OP's terrain modifier (Table T4); a city hex counts as a city (0) whatever it is drawn
    on."""
    record = forces.parts(g).board.hexes[hex_id]
    return charts.ground_modifiers(g).terrain.get("city" if record.city else record.terrain, 0)


@RULES.implements("8.4")
def ground_result(op: str, losses: Mapping[str, int], left: Mapping[str, bool]) -> str:
    """8.4 C: the only side with ground units left wins; otherwise the side with more step losses
    loses, ties going to the RP (who also keeps the hex when both are wiped out)."""
    rp = enemy(op)
    if left[op] != left[rp]:
        return op if left[op] else rp
    if not left[op]:
        return rp
    return op if losses.get(rp, 0) > losses.get(op, 0) else rp


# -- retreat (8.5) ------------------------------------------------------------------------------


@RULES.implements("8.5", "7.47", "7.42")
def retreat_options(g: Context, unit_id: str, hex_id: str) -> list[str]:
    """Where a ground unit that lost may go. OP units: back to the hex they entered from
    (overland), their start hex (barge), or :data:`NAVAL_RETREAT` (amphibious assault: naval-style
    post-battle movement, left to the caller). RP units (the OP picks): an adjacent friendly named
    location, else any adjacent hex free of OP units and of OP entry hexes, across a land hexside,
    without overstacking and never where the unit may not go (7.42); none from a one-hex island
    (an empty list: the unit is eliminated)."""
    offensive = offensive_of(g)
    if side_of(g, unit_id) == offensive["side"]:
        return op_retreat(offensive, unit_id, hex_id)
    return rp_retreat(g, unit_id, hex_id, offensive)


def op_retreat(offensive: Mapping[str, Any], unit_id: str, hex_id: str) -> list[str]:
    moved = offensive.get("moved", {}).get(unit_id)
    if moved is None:
        return []
    if moved["mode"] == "barge":
        return [moved["from"]]
    if moved["mode"] in AMPHIBIOUS:
        return [NAVAL_RETREAT]
    previous = entry_hex(moved, hex_id)
    return [previous] if previous else []


def entry_hex(moved: Mapping[str, Any], hex_id: str) -> str | None:
    """The hex a unit entered ``hex_id`` from, by its recorded path."""
    route = [moved["from"], *moved.get("path", [])]
    steps = [h for i, h in enumerate(route) if i == 0 or h != route[i - 1]]
    if hex_id not in steps:
        return None
    index = len(steps) - 1 - steps[::-1].index(hex_id)
    return steps[index - 1] if index > 0 else None


def rp_retreat(g: Context, unit_id: str, hex_id: str, offensive: Mapping[str, Any]) -> list[str]:
    board = forces.parts(g).board
    if board.in_area(hex_id, "one_hex_island"):
        return []
    op = offensive["side"]
    side = side_of(g, unit_id)
    forbidden = movement.ground_forbidden(board, movement.nation_class(record(g, unit_id)))
    entries = {
        entry_hex(m, hex_id) for m in offensive.get("moved", {}).values() if m.get("mode") == "move"
    }
    open_hexes = [
        h
        for h in board.neighbours(hex_id)
        if board.is_land(h)
        and (board.land_crossing(hex_id, h) or board.route(hex_id, h))
        and h not in forbidden
        and not units_at(g, h, op)
        and h not in entries
        and stacking.fits(g, h, [unit_id])
    ]
    named = [h for h in open_hexes if board.named_location(h) and forces.control(g, h) == side]
    return named or open_hexes


# -- the procedure ------------------------------------------------------------------------------


class Battle(Procedure):
    """One battle (3.4). Frame locals: ``hex``; the rest is the battle's working data."""

    name = "battle"

    def start(self, g: Context, f: Frame) -> None:
        offensive = offensive_of(g)
        f.locals.update(battle_locals(g, f["hex"]))
        parts = parts_of(f)
        engaged = offensive.setdefault("engaged", {})
        for side in ("japan", "allied"):
            for unit_id in parts.strikers[side] + parts.ground[side]:
                engaged.setdefault(unit_id, f["hex"])
        g.log("log.battle", hex=f["hex"])
        g.goto("exchange" if "exchanges" in f.locals else "ground_combat")

    # -- air-naval exchanges ---------------------------------------------------------------------
    def exchange(self, g: Context, f: Frame) -> None:
        if not f["exchanges"]:
            g.goto("air_naval_over")
            return
        sides = f["exchanges"].pop(0)
        first = len(sides) == 1 and len(f["exchanges"]) == 1
        f["strikes"] = {}
        for side in sides:
            strike = air_naval_strike(g, f, side, striking_first=first)
            if strike:
                f["strikes"][side] = strike
        f["order"] = list(f["strikes"])
        g.goto("allocate")

    def allocate(self, g: Context, f: Frame) -> None:
        while f["order"] and f["strikes"][f["order"][0]]["hits"] <= 0:
            f["order"].pop(0)
        g.goto("choose_hit" if f["order"] else "allocated")

    @decision
    @RULES.implements("8.2", "8.4")
    def choose_hit(self, g: Context, f: Frame) -> Choices:
        hitter = f["order"][0]
        strike = f["strikes"][hitter]
        pool = pool_of(g, f, hitter)
        critical = strike["critical"]
        first = strike["steps"] == 0
        legal = legal_hit_targets(pool, strike["hits"], critical, first)
        forced = forced_step(pool, strike["hits"], critical, first)
        decider = parts_of(f).rp if forced and len(legal) > 1 else hitter
        choices = Choices(
            decider, "prompt.allocate_hits", {"hits": strike["hits"], "hex": f["hex"]}
        )
        choices.preview = under_way(g)
        for unit_id in legal:
            choices.add(Action.of("hit", unit_id), self.hit, unit_id)
        if not legal:
            choices.prompt = "prompt.hits_lost"
            choices.add("done", self.waste)
        return choices

    def hit(self, g: Context, f: Frame, unit_id: str) -> None:
        hitter = f["order"][0]
        strike = f["strikes"][hitter]
        pool = pool_of(g, f, hitter)
        rp = parts_of(f).rp
        legal = legal_hit_targets(pool, strike["hits"], strike["critical"], strike["steps"] == 0)
        choice = last_step_choice(pool, unit_id, legal)
        if choice and hitter != rp:
            f["last_step"] = choice
            g.goto("choose_last_step")
            return
        apply_hit(g, f, unit_id)
        g.goto("allocate")

    def waste(self, g: Context, f: Frame) -> None:
        hitter = f["order"][0]
        g.log("log.hits_lost", side=hitter, hits=f["strikes"][hitter]["hits"], hex=f["hex"])
        f["strikes"][hitter]["hits"] = 0
        g.goto("allocate")

    @decision
    @RULES.implements("8.2")
    def choose_last_step(self, g: Context, f: Frame) -> Choices:
        """F5: the RP picks which of its ground units is left as the last step."""
        rp = parts_of(f).rp
        choices = Choices(rp, "prompt.last_ground_step", {"hex": f["hex"]})
        choices.preview = under_way(g)
        for unit_id in f["last_step"]:
            choices.add(Action.of("hit", unit_id), self.last_step_hit, unit_id)
        return choices

    def last_step_hit(self, g: Context, f: Frame, unit_id: str) -> None:
        f["last_step"] = []
        apply_hit(g, f, unit_id)
        g.goto("allocate")

    def allocated(self, g: Context, f: Frame) -> None:
        g.goto("carrier_swap" if swap_options(g, f) else "commit")

    @decision
    @RULES.implements("8.2")
    def carrier_swap(self, g: Context, f: Frame) -> Choices:
        """F7: Japan may move one step of loss between its carriers."""
        choices = Choices("japan", "prompt.carrier_swap", {"hex": f["hex"]})
        choices.preview = under_way(g)
        for giver, taker in swap_options(g, f):
            choices.add(Action.of("swap", giver, taker), self.swap, giver, taker)
        choices.add("decline", self.no_swap)
        return choices

    def swap(self, g: Context, f: Frame, giver: str, taker: str) -> None:
        losses = f["losses"]
        losses[taker] -= 1
        losses[giver] = losses.get(giver, 0) + 1
        f["swapped"] = True
        g.log("log.carrier_swap", unit=giver, restored=taker)
        g.goto("commit")

    def no_swap(self, g: Context, f: Frame) -> None:
        g.goto("commit")

    def commit(self, g: Context, f: Frame) -> None:
        if f["stage"] == "ground":
            f["ground_losses"] = losses_by_side(g, f["losses"])
        remove_losses(g, f)
        g.goto("ground_over" if f["stage"] == "ground" else "exchange")

    def air_naval_over(self, g: Context, f: Frame) -> None:
        parts = parts_of(f)
        winner = air_naval_winner(g, parts)
        f["air_naval"] = winner
        g.log("log.battle_won", hex=f["hex"], side=winner, stage="air_naval")
        g.goto("ground_combat")

    # -- ground combat ---------------------------------------------------------------------------
    @RULES.implements("8.32", "8.33", "8.34", "8.4")
    def ground_combat(self, g: Context, f: Frame) -> None:
        parts = parts_of(f)
        op_won = f["air_naval"] in (None, parts.op)
        fighting = ground_fighters(g, parts, op_won, f["garrisons"] if parts.rp == "japan" else [])
        f["fighting"] = fighting
        if not fighting[parts.op] or not fighting[parts.rp]:
            g.goto("control")
            return
        f["stage"] = "ground"
        f["strikes"] = {side: ground_strike(g, f, side) for side in (parts.op, parts.rp)}
        f["order"] = [parts.op, parts.rp]
        g.goto("allocate")

    def ground_over(self, g: Context, f: Frame) -> None:
        parts = parts_of(f)
        fighting = f["fighting"]
        left = {
            side: bool(alive(g, fighting[side], f["garrisons"])) for side in (parts.op, parts.rp)
        }
        winner = ground_result(parts.op, f["ground_losses"], left)
        f["ground"] = winner
        if parts.op == "allied" and not left["allied"]:
            us_casualties(g, fighting["allied"])
        g.log("log.battle_won", hex=f["hex"], side=winner, stage="ground")
        if left[parts.op] and left[parts.rp] and winner == parts.op:
            f["retreat"] = alive(g, fighting[parts.rp])
            lose_garrisons(g, f)
        g.goto("retreat")

    @RULES.implements("8.5")
    def retreat(self, g: Context, f: Frame) -> None:
        while f["retreat"]:
            unit_id = f["retreat"][0]
            if retreat_options(g, unit_id, f["hex"]):
                g.goto("choose_retreat")
                return
            f["retreat"].pop(0)
            forces.move_to(g, unit_id, "eliminated")
            g.log("log.retreat_eliminated", unit=unit_id, hex=f["hex"])
        g.goto("control")

    @decision
    def choose_retreat(self, g: Context, f: Frame) -> Choices:
        unit_id = f["retreat"][0]
        op = parts_of(f).op
        choices = Choices(op, "prompt.retreat", {"unit": unit_id, "hex": f["hex"]})
        choices.preview = under_way(g)
        for hex_id in retreat_options(g, unit_id, f["hex"]):
            choices.add(Action.of("retreat", unit_id, hex_id), self.retreat_to, unit_id, hex_id)
        return choices

    def retreat_to(self, g: Context, f: Frame, unit_id: str, hex_id: str) -> None:
        f["retreat"].pop(0)
        forces.move_to(g, unit_id, hex_id)
        g.log("log.retreat", unit=unit_id, hex=hex_id)
        g.goto("retreat")

    @RULES.implements("12.1", "12.94", "8.5")
    def control(self, g: Context, f: Frame) -> None:
        """The OP takes the hex when only its ground units that fought (or could have) are left
        there: amphibious arrivals that won take it before post-battle movement. Otherwise its
        ground units in the hex retreat (8.5)."""
        parts = parts_of(f)
        here = f["hex"]
        mine = [
            u
            for u in alive(g, f["fighting"].get(parts.op, []))
            if not is_garrison(u) and forces.at(g, u) == here
        ]
        theirs = [u for u in units_at(g, here, parts.rp) if forces.is_class(g, u, "ground")]
        if mine and not theirs and not f["garrisons"]:
            if parts.op == "allied":
                lose_home_garrison(g, here)
            forces.set_control(g, here, parts.op)
        else:
            retreat_op_units(
                g, f, [u for u in units_at(g, here, parts.op) if forces.is_class(g, u, "ground")]
            )
        g.goto("finish")

    def finish(self, g: Context, f: Frame) -> None:
        offensive = offensive_of(g)
        offensive.setdefault("results", {})[f["hex"]] = {
            "air_naval": f["air_naval"],
            "ground": f["ground"],
        }
        offensive.setdefault("fought", []).append(f["hex"])
        g.ret()


# -- steps' helpers -----------------------------------------------------------------------------


def battle_locals(g: Context, hex_id: str) -> dict[str, Any]:
    """The working data a battle starts with (its frame's locals besides ``hex``): who fights
    (8.1), the intrinsic garrison, and the exchanges of air-naval fire if any (8.2)."""
    parts = participants(g, hex_id)
    found: dict[str, Any] = {
        "parts": asdict(parts),
        "garrisons": intrinsic_garrison(g, hex_id),
        "losses": {},
        "strikes": {},
        "order": [],
        "stage": "air_naval",
        "air_naval": None,
        "ground": None,
        "ground_losses": {},
        "fighting": {},
        "retreat": [],
        "last_step": [],
    }
    if parts.air_naval(parts.op) or parts.air_naval(parts.rp):
        found["exchanges"] = strike_order(offensive_of(g)["condition"], parts.op)
    return found


def under_way(g: Context) -> Preview:
    """The preview of the battle being fought (``previews.battle_now``)."""
    from wargame.games.empire_of_the_sun import previews  # noqa: PLC0415 (it imports this module)

    return previews.battle_now(g)


def parts_of(f: Frame) -> Participants:
    found: Participants = Participants(**f["parts"])
    return found


def air_naval_strike(
    g: Context, f: Frame, side: str, striking_first: bool
) -> dict[str, Any] | None:
    """Roll for the side's surviving strikers; None when it has no attack to roll with."""
    parts = parts_of(f)
    plan = air_naval_plan(g, parts, side, striking_first)
    if plan is None:
        return None
    strike = roll_strike(g, f, plan)
    strike["matches"] = sum(1 for u in alive(g, parts.strikers[side]) if flies(g, u))
    return strike


@RULES.implements("8.2")
def air_naval_plan(
    g: Context, parts: Participants, side: str, striking_first: bool
) -> StrikePlan | None:
    """The side's air-naval strike with its surviving strikers; None without attack."""
    units = alive(g, parts.strikers[side])
    total = air_naval_strength(g, units, parts.extended)
    if total <= 0:
        return None
    total = max(0, total + event_sum(g, "strength", "air_naval", side))
    if total <= 0:
        return None
    condition = offensive_of(g)["condition"]
    modifiers = air_naval_modifiers(g, side, condition, striking_first, units)
    return strike_plan(g, side, "air_naval", total, modifiers)


def ground_strike(g: Context, f: Frame, side: str) -> dict[str, Any]:
    return roll_strike(g, f, ground_plan(g, parts_of(f), side, f["fighting"]))


@RULES.implements("8.4")
def ground_plan(
    g: Context, parts: Participants, side: str, fighting: Mapping[str, list[str]]
) -> StrikePlan:
    """The side's ground combat roll with the units ``fighting``."""
    total = ground_strength(g, fighting[side])
    total = max(0, total + event_sum(g, "strength", "ground", side))
    return strike_plan(g, side, "ground", total, ground_modifiers(g, parts, side, fighting))


def roll_strike(g: Context, f: Frame, plan: StrikePlan) -> dict[str, Any]:
    """Roll, read the stage's table and log the strike, each modifier itemised: the hits the
    side must now allocate."""
    natural = g.roll(D10_ZERO, plan.side, plan.stage, hex=f["hex"])
    found = plan.resolve(natural)
    g.log(
        "log.strike",
        side=plan.side,
        hex=f["hex"],
        total=plan.total,
        natural=natural,
        modifiers=itemised_roll(natural, plan.modifiers),
        roll=found.roll.modified,
        hits=found.hits,
        critical=found.critical,
    )
    if found.critical:
        g.log("log.critical", side=plan.side, hex=f["hex"])
    return {"hits": found.hits, "critical": found.critical, "steps": 0, "matches": 0, "matched": []}


def modifier_message(modifier: Modifier) -> dict[str, Any]:
    """A modifier as a message for the log: its words, with its value among the parameters."""
    return {"key": modifier.key, "params": {**modifier.params, "value": modifier.value}}


def itemised_roll(natural: int, modifiers: Iterable[Modifier]) -> list[dict[str, Any]]:
    """A roll's natural value and each modifier, as a message for the log (none when the roll
    was not modified): "roll 8 (5 +3 Surprise)"."""
    items = [modifier_message(m) for m in modifiers]
    if not items:
        return []
    return [{"key": "log.roll_modifiers", "params": {"natural": natural, "items": items}}]


def pool_of(g: Context, f: Frame, hitter: str) -> HitPool:
    parts = parts_of(f)
    strike = f["strikes"][hitter]
    if f["stage"] == "ground":
        return ground_pool(
            g,
            parts,
            hitter,
            f["fighting"][enemy(hitter)],
            losses=f["losses"],
            garrisons=f["garrisons"],
        )
    return air_naval_pool(
        g,
        parts,
        hitter,
        losses=f["losses"],
        garrisons=f["garrisons"],
        matches=strike["matches"],
        matched=strike["matched"],
    )


def apply_hit(g: Context, f: Frame, unit_id: str) -> None:
    """One step of loss, allocated now and removed from the map at the end of the exchange."""
    hitter = f["order"][0]
    strike = f["strikes"][hitter]
    pool = pool_of(g, f, hitter)
    target = pool.targets[unit_id]
    forced = forced_step(pool, strike["hits"], strike["critical"], strike["steps"] == 0)
    strike["hits"] = 0 if forced else strike["hits"] - target.defense
    strike["steps"] += 1
    if target.protected and unit_id not in strike["matched"]:
        strike["matched"].append(unit_id)
    f["losses"][unit_id] = f["losses"].get(unit_id, 0) + 1
    result = "eliminated" if target.steps <= 1 else "reduced"
    g.log("log.hit", unit=unit_id, result=result, hex=f["hex"])


def swap_options(g: Context, f: Frame) -> list[tuple[str, str]]:
    strike = f["strikes"].get("allied")
    if f["stage"] != "air_naval" or strike is None or f.get("swapped"):
        return []
    carriers = parts_of(f).strikers["japan"]
    return carrier_swap_options(g, carriers, f["losses"], strike["critical"])


def losses_by_side(g: Context, losses: Mapping[str, int]) -> dict[str, int]:
    found = {"japan": 0, "allied": 0}
    for unit_id, steps in losses.items():
        found[owner(g, unit_id)] += steps
    return found


def remove_losses(g: Context, f: Frame) -> None:
    """Flip or eliminate the units hit in this exchange."""
    for unit_id, lost in f["losses"].items():
        if lost <= 0:
            continue
        if is_garrison(unit_id):
            f["garrisons"].remove(unit_id)
            lose_home_garrison(g, garrison_hex(unit_id))
        elif forces.steps_left(g, unit_id) <= lost:
            forces.move_to(g, unit_id, "eliminated")
            lose_carried_brigades(g, unit_id, f["hex"])
        else:
            forces.set_reduced(g, unit_id, True)
    f["losses"] = {}


@RULES.implements("7.46")
def lose_carried_brigades(g: Context, ship: str, hex_id: str) -> None:
    """A brigade carried by organic transport dies with its ship (7.46)."""
    offensive = offensive_of(g)
    for activation in (offensive, reaction_of(offensive)):
        for unit_id, entry in activation.get("moved", {}).items():
            if entry.get("transport") == ship and forces.on_map(forces.at(g, unit_id)):
                forces.move_to(g, unit_id, "eliminated")
                g.log("log.hit", unit=unit_id, result="eliminated", hex=hex_id)


def lose_garrisons(g: Context, f: Frame) -> None:
    """Garrisons cannot retreat: when their side loses the ground combat they are lost."""
    for unit_id in list(f["garrisons"]):
        f["garrisons"].remove(unit_id)
        lose_home_garrison(g, garrison_hex(unit_id))
        g.log("log.hit", unit=unit_id, result="eliminated", hex=f["hex"])


def retreat_op_units(g: Context, f: Frame, units: Iterable[str]) -> None:
    """OP units that did not take the hex: overland and barge arrivals go back at once; assault
    troops stay for naval-style post-battle movement (7.45 C, 8.62)."""
    for unit_id in units:
        options = retreat_options(g, unit_id, f["hex"])
        if options == [NAVAL_RETREAT]:
            continue
        if options:
            forces.move_to(g, unit_id, options[0])
            g.log("log.retreat", unit=unit_id, hex=options[0])
        else:
            forces.move_to(g, unit_id, "eliminated")
            g.log("log.retreat_eliminated", unit=unit_id, hex=f["hex"])
