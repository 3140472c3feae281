"""National special rules that live between the phases: US production growth (9.22), the force
pool additions it and the calendar bring (4.4, 9.22), and where the surviving facts of the
minor powers are played (9.5; the lost 9.51-9.55 are rows that are not rules in the index).

9.22: a **qualifying naval operation** is one in which US fleets in one sea area, at least eight
steps among them and at least one carrier carrying a CBA, either face Japanese fleets there at
the end of Japan's naval movement (so an interception check follows: the US reacted, or stood
where Japan moved) or, at the end of the Allied naval movement, stand at sea where a Japanese
fleet could react (8.25), whether or not one did. The first (in 1942 or later) sets the track
``us_first_increase_met``, the second (in 1943 or later, in a later turn than the first) sets
``us_second_increase_met``; each track holds the turn it was met (YYYYMM). The production
schedule (pools.yaml, :func:`production.us_werp`) reads them: 25 WERP from Jan/Feb 1943, 30 from
Jan/Feb 1944, or from the turn after the one it was met in, when met later.

The operation is judged when the naval movement phase ends, but made public (the tracks, the
log line that proves it) only when the air/naval combat phase that follows is over: Japan learns
of the eight steps and the carrier no sooner than a battle or the proof would show them.

Additions (pools.yaml): at the start of each turn the units of each addition whose turn has come
(a dated one) or whose 9.22 increase is in force (a triggered one, from its schedule step's turn)
leave ``to_come``: a block with an area is placed there at its steps, the CBA ``with`` it in its
carrier's box; others, and those whose area the enemy holds, join their power's force pool, in
sight (``known_in_pool``: the other side was told of them).

Decisions
---------
* **Who "moved at sea"**: the US fleets at sea at the end of the Allied naval movement phase
  (every fleet at sea returns to port in the rebase phase, so those at sea have sailed).
* **The proof** (the US reveals the fleets when no battle follows): once the air/naval combat
  phase is over, the log tells both sides the sea area and that the US fleets there were eight
  steps or more with a carrier carrying a CBA; their identities and exact steps stay hidden, as
  nothing else in the rule needs them. Until then the sea area waits in ``us_operation``, a key
  no view shows (it is the Allies' to know, and a state drawn for a bot's look-ahead forgets it).
* **Met late** (open question 15): an increase met in 1943 or later counts from the next turn,
  never in the production phase of the turn it was met in.
* **A conquered power's additions** (10.1) never come.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from wargame.engine.fog import new_unit
from wargame.engine.procedure import Context
from wargame.games.asia_engulfed import conquest
from wargame.games.asia_engulfed.board import area_map
from wargame.games.asia_engulfed.charts import tables
from wargame.games.asia_engulfed.forces import Addition, AirUnit, Block, side_of
from wargame.games.asia_engulfed.forces import load as load_forces
from wargame.games.asia_engulfed.naval import reactions
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.sea_forces import carried_air, fleets_in, steps
from wargame.games.asia_engulfed.state import BOX_PREFIX, block_face, block_label

JAPAN: Final = "japan"
ALLIES: Final = "allies"
FIRST, SECOND = "us_first_increase", "us_second_increase"
QUALIFYING_STEPS: Final = 8  # 9.22
# 9.5: what the surviving rules say of the minor powers, each played where its rule is
RULES.declare(
    "9.5", where="movement.may_enter, supply.supply_class (3.33); production.income (4.13)"
)


def _turn_number(turn: str) -> int:
    return int(turn.replace("-", ""))


# -- 9.22 qualifying naval operations --------------------------------------------------------


@RULES.implements("9.22")
def qualifying_group(data: Mapping[str, Any], sea: str) -> bool:
    """Whether the US fleets in ``sea`` are eight steps or more with a carrier carrying a CBA."""
    us = [f for f in fleets_in(data, ALLIES, sea) if data["units"][f]["hidden"]["power"] == "usa"]
    carrier = any(carried_air(data, f) for f in us)
    return carrier and sum(steps(data, f) for f in us) >= QUALIFYING_STEPS


@RULES.implements("9.22")
def qualifying_seas(data: Mapping[str, Any], charts: Any) -> list[str]:
    """The sea areas of a qualifying operation at the end of this naval movement phase."""
    found = []
    for sea in sorted(k for k, a in area_map().areas.items() if a.is_sea):
        if not qualifying_group(data, sea):
            continue
        if data["phase_player"] == JAPAN:
            facing = bool(fleets_in(data, JAPAN, sea))
        else:
            facing = bool(fleets_in(data, JAPAN, sea) or reactions(data, JAPAN, sea, charts))
        if facing:
            found.append(sea)
    return found


PENDING: Final = "us_operation"  # 9.22: the sea area of an operation not yet public


@RULES.implements("9.22")
def after_phase(g: Context, phase: str | None) -> None:
    """What ends with a phase: a qualifying naval operation (9.22) is judged after naval
    movement, and made public after the air/naval combat phase."""
    if phase == "naval_movement" and g.data["turn"] >= "1942-01":
        seas = qualifying_seas(g.data, tables(g.state))
        if seas:
            g.data[PENDING] = seas[0]
    elif phase == "air_naval_combat" and g.data.get(PENDING):
        note_operation(g, g.data.pop(PENDING))


@RULES.implements("9.22")
def note_operation(g: Context, sea: str) -> None:
    """Count a qualifying operation: the first increase's, or (1943 on, a later turn) the
    second's."""
    tracks, now = g.data["tracks"], _turn_number(g.data["turn"])
    first = int(tracks.get(f"{FIRST}_met", 0))
    if not first:
        tracks[f"{FIRST}_met"] = now
    elif not tracks.get(f"{SECOND}_met") and g.data["turn"] >= "1943-01" and now > first:
        tracks[f"{SECOND}_met"] = now
    else:
        return
    g.log("log.us_qualifying_operation", area=sea)


# -- additions to the force pools (4.4, 9.22) ------------------------------------------------


def due(data: Mapping[str, Any]) -> Iterator[Addition]:
    """The additions whose units are still to come and whose time has come."""
    waiting = set(data["to_come"])
    since = {s.needs: s.since for s in load_forces().pools.us_production if s.needs}
    for addition in load_forces().pools.additions:
        if not waiting & set(addition.units()) or conquest.conquered(data, addition.power):
            continue
        if addition.when[0].isdigit():
            ready = addition.when <= data["turn"]
        else:
            met = data["tracks"].get(f"{addition.when}_met", 0)
            ready = bool(met) and data["turn"] >= since[addition.when]
        if ready:
            yield addition


@RULES.implements("9.22", "4.4")
def arrivals(g: Context) -> None:
    """At the start of a turn, the additions due arrive: placed, or into the force pool."""
    for addition in list(due(g.data)):
        units = [u for u in addition.units() if u in g.data["to_come"]]
        g.data["to_come"] = [u for u in g.data["to_come"] if u not in units]
        held = g.data["control"].get(addition.area or "") == side_of(addition.power)
        if not held:  # no area given, or its area lost: into the pool
            _to_pool(g, addition.power, units)
        else:
            _place(g, addition, units)


def _to_pool(g: Context, power: str, units: list[str]) -> None:
    g.data["pools"][power] = sorted([*g.data["pools"].get(power, []), *units])
    blocks = [u for u in units if isinstance(load_forces().units[u], Block)]
    g.data["known_in_pool"] = sorted({*g.data["known_in_pool"], *blocks})
    g.log("log.pool_additions", power=power, units=units)


def _place(g: Context, addition: Addition, units: list[str]) -> None:
    forces = load_forces()
    where = addition.area or ""
    box = None
    block = forces.units.get(addition.block or "")
    if isinstance(block, Block) and block.id in units:
        label = {**block_label(block), "steps": addition.steps or block.max_steps}
        g.data["units"][block.id] = new_unit(
            side_of(block.power), where, block_face(block, forces), label
        )
        box = block.carrier_box
    for counter_id in (u for u in units if u != addition.block):
        air = forces.units[counter_id]
        assert isinstance(air, AirUnit)
        at = BOX_PREFIX + box if box and air.type == "cba" else where
        g.data["counters"][counter_id] = {
            "power": air.power, "type": air.type, "where": at, "steps": air.max_steps,
            "nationality": air.nationality, "elite": air.elite,
        }  # fmt: skip
    g.log("log.reinforcements", power=addition.power, area=where)
