"""Naval units in a Movement Phase segment (7.04-7.06 items 4-5): the acting side's naval units
move (10.03, 13.06) or attack enemy ships (16.11), as many of them as its Sea Movement
Determination roll allows (10.04); a ship attacked fires back without spending anything.

Decisions (provisional: the naval and ship-to-ship rules are lost)
- Every naval unit is Under way (the Final Stage's mode changes pass through, 10.02), so every
  one may spend MP. A unit spends MP once a segment, to move or to attack, and each unit that
  does counts one against its side's allowance for the action stage (10.04).
- A move goes to a water hex (sea or coastal, of either map, none inside the transitional
  ring) within the unit's allowance (strategic hexes, ten operational MP each; distances as
  4). As the air rules' flights, the path is not traced hex by hex: the seed gives no sea
  movement costs, and the allowance is the decision that matters. Table ``naval_movement``
  holds the MP a strategic hex is worth to a ship.
- Ship-to-ship combat (16.11): an attacker fires at one enemy naval unit within its combat
  range (table ``detection``: SSM range against a surface ship, underwater range when either is
  a submarine), with its SSM value (a surface ship against a surface ship) or its underwater
  value (a submarine attacking, or any ship against a submarine), less the target's ECM, on
  the Air/Naval chart with a d10. The target fires back at once with its own value if the
  attacker is within its range (7.04 item 5: defending is free). Hits as 9.06.
- Ship-to-ship interception (15.02) still passes through: the responding side does not move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.aegean_strike import losses, state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.losses import D10
from wargame.games.aegean_strike.offers import offer
from wargame.games.aegean_strike.registry import RULES

WATER: Final = frozenset({"sea", "coastal"})
SUBMARINE: Final = "submarine"

RULES.stand_in("10.03", "a move to a water hex within the allowance, no path traced", key="move")
RULES.stand_in("13.06", "a move to a water hex within the allowance, no path traced", key="move")
RULES.stand_in("16.11", "SSM or underwater value less ECM on the Air/Naval chart", key="combat")


def is_submarine(uid: str) -> bool:
    return forces().naval_types[state.unit(uid).type].category == SUBMARINE


def reach(g_tables: Mapping[str, Any], uid: str) -> int:
    """A unit's move in operational MP: its allowance in strategic hexes times their worth."""
    return int(state.naval_values(uid).ma) * int(g_tables["naval_movement"].mp_per_strategic_hex)


@RULES.implements("10.03", "13.06")
def move_refusal(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, hex_id: str
) -> str:
    """Why ``uid`` may not move to ``hex_id`` ('' if it may)."""
    here = data["naval"][uid]["hex"]
    if hex_id == here:
        return f"10.03: {uid} is in {hex_id} already"
    if forces().hexes[hex_id].cls not in WATER:
        return f"10.03: {hex_id} has no sea for {uid}"
    if state.distance(here, hex_id) > reach(g_tables, uid):
        return f"10.03: {hex_id} is beyond {uid}'s allowance ({reach(g_tables, uid)} MP)"
    return ""


def attack_value(attacker: str, target: str) -> int:
    """SSM against a surface ship; underwater when either is a submarine (16.11)."""
    values = state.naval_values(attacker)
    underwater = is_submarine(attacker) or is_submarine(target)
    return int(values.underwater if underwater else values.ssm)


def attack_range(g_tables: Mapping[str, Any], attacker: str, target: str) -> int:
    ranges = g_tables["detection"].combat_ranges
    underwater = is_submarine(attacker) or is_submarine(target)
    return int(ranges.underwater if underwater else ranges.ssm)


@RULES.implements("16.11")
def can_fire(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, target: str) -> bool:
    if uid not in data["naval"] or target not in data["naval"]:
        return False
    gap = state.distance(data["naval"][uid]["hex"], data["naval"][target]["hex"])
    return attack_value(uid, target) > 0 and gap <= attack_range(g_tables, uid, target)


def targets(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> list[str]:
    enemy = state.other(state.side_of(data, uid))
    return [
        t
        for t in sorted(data["naval"])
        if state.side_of(data, t) == enemy and can_fire(g_tables, data, uid, t)
    ]


@RULES.implements("10.04")
def spend_refusal(data: Mapping[str, Any], side: str, uid: str) -> str:
    """Why ``uid`` may not spend MP now ('' if it may)."""
    if uid in data["naval_spent"]:
        return f"10.04: {uid} has spent its MP this segment"
    if data["naval_moves"][side] <= 0:
        return f"10.04: {side}'s naval units may spend no more MP this action stage"
    return ""


class NavalSegment(Procedure):
    """The acting side's naval units move or attack, one unit at a time, then the air."""

    name = "naval_segment"

    def start(self, g: Context, f: Frame) -> None:
        g.data["naval_spent"] = []
        g.goto("choose")

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        side = f["side"]
        choices = Decision.single(side, "prompt.naval_segment")
        g_tables = game_tables(g.state)
        for uid in sorted(u for u in g.data["naval"] if state.side_of(g.data, u) == side):
            reason = spend_refusal(g.data, side, uid)
            offer(choices, f"sail {uid}", reason, _pick, uid, "sail")
            if not reason and not targets(g_tables, g.data, uid):
                reason = f"16.11: no enemy ship within {uid}'s range"
            offer(choices, f"fire {uid}", reason, _pick, uid, "fire")
        choices.add("end", _end)
        if "sail" not in choices.verbs():
            choices.prompt = "prompt.naval_segment_end"
        return choices

    @decision
    def where(self, g: Context, f: Frame) -> Choices:
        uid = f["unit"]
        choices = Decision.single(f["side"], "prompt.naval_where", unit=uid)
        g_tables = game_tables(g.state)
        if f["verb"] == "sail":
            for hex_id in state.placeable_hexes():
                reason = move_refusal(g_tables, g.data, uid, hex_id)
                offer(choices, f"to {hex_id}", reason, _sail, hex_id)
        else:
            for target in targets(g_tables, g.data, uid):
                choices.add(f"at {target}", _fire, target)
        choices.add("cancel", _cancel)
        return choices


def _pick(g: Context, f: Frame, uid: str, verb: str) -> None:
    f["unit"], f["verb"] = uid, verb
    g.goto("where")


def _cancel(g: Context, f: Frame) -> None:
    g.goto("choose")


def _spend(g: Context, f: Frame) -> None:
    g.data["naval_moves"][f["side"]] -= 1
    g.data["naval_spent"].append(f["unit"])


@RULES.implements("10.03", "13.06", "10.04")
def _sail(g: Context, f: Frame, hex_id: str) -> None:
    uid = f["unit"]
    _spend(g, f)
    start = g.data["naval"][uid]["hex"]
    g.data["naval"][uid]["hex"] = hex_id
    g.log("log.sailed", side=f["side"], unit=uid, start=start, hex=hex_id)
    g.goto("choose")


@RULES.implements("16.11", "10.04", "9.06")
def _fire(g: Context, f: Frame, target: str) -> None:
    """Both fire at once: the attacker, then the target back if the attacker is in its range."""
    uid = f["unit"]
    _spend(g, f)
    g_tables = game_tables(g.state)
    hits = shot(g, uid, target)
    back = shot(g, target, uid) if can_fire(g_tables, g.data, target, uid) else 0
    g.log("log.naval_combat", unit=uid, target=target, hits=hits, hits_back=back)
    losses.damage(g, target, hits)
    losses.damage(g, uid, back)
    g.goto("choose")


def shot(g: Context, uid: str, target: str) -> int:
    """The hits one naval unit's fire scores on another (16.11)."""
    power = losses.strength([attack_value(uid, target)], [state.naval_values(target).ecm])
    roll = g.roll(D10, state.side_of(g.data, uid), "naval_combat")
    return int(game_tables(g.state)["air_naval_combat"].hits(power, roll))


def _end(g: Context, f: Frame) -> None:
    g.ret()


ALL: Final[tuple[Procedure, ...]] = (NavalSegment(),)
