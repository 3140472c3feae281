"""Victory at the scenario's end (provisional: the scenario rules, 21.06 and 21.09, are lost).

Decisions
- The side that scored more hits on enemy units and airbases over the game wins; equal scores
  draw. This keeps the war's decisions alive (trading sorties, strikes against bases and ships,
  shooting down EWDA, land combats) until the real victory conditions are found.
- The Greece-Turkey War (21.09) starts with the war on, in its first turn: the pre-war
  situation's rules are lost, so its pre-war turns are not played (provisional stand-in).
- The Turkish Missile Crisis (21.08) is won by points and levels (table
  ``missile_crisis_victory``): the Warsaw Pact (Player B) scores for each Pershing 2 battery
  eliminated, for each Straits objective one of its ground units holds at the end, and a point
  for every ``hits_per_point`` hits it scored more than NATO (fewer: points off, rounded
  towards zero). The total against the levels' thresholds names a Warsaw Pact victory, a NATO
  one (as far below zero) or a draw.
- World War III, Southwestern Front (21.07) is won the same way on its own table
  (``wwiii_victory``): the Warsaw Pact scores for the objectives its ground units hold at the
  end (the Straits first, then the towns on the road through Thrace), NATO takes points off
  for the Bulgarian objectives its ground units hold, the great ships sunk count for the side
  that sank them, and the lead in hits counts a point for every ``hits_per_point``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.state import Result, State
from wargame.games.aegean_strike import state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.registry import RULES

RULES.stand_in(
    "21.06", "the side with more hits scored on enemy units and bases wins", key="hits_victory"
)
RULES.stand_in(
    "21.07",
    "crisis turns until the Warsaw Pact strikes; victory by objectives, ships sunk, hits, levels",
    key="wwiii",
)
RULES.stand_in(
    "21.09",
    "the war is on from turn 1 (no pre-war turns); more hits scored wins",
    key="war_from_turn_one",
)
SCENARIO_RULE: Final = {
    "north_africa_war": "21.06",
    "wwiii_southwestern_front": "21.07",
    "turkish_missile_crisis": "21.08",
    "greece_turkey_war": "21.09",
}
CRISIS: Final = "turkish_missile_crisis"
FRONT: Final = "wwiii_southwestern_front"
LEVELS: Final = ("decisive", "substantive", "marginal")
"""The rule of each playable scenario, whose victory conditions are lost."""


@RULES.implements("21.06", "21.09")
def final_result(state_: State) -> Result:
    if state_.scenario == CRISIS:
        return crisis_result(state_)
    if state_.scenario == FRONT:
        return front_result(state_)
    score = state_.data["score"]
    a, b = int(score["a"]), int(score["b"])
    winner = "a" if a > b else "b" if b > a else None
    return Result(
        winner=winner,
        kind="won" if winner else "draw",
        params={"winner": winner} if winner else {},
        scores={"a": a, "b": b},
        missing=[SCENARIO_RULE[state_.scenario]],
    )


@RULES.implements("21.08")
def crisis_points(g_tables: Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, int]:
    """The Warsaw Pact's points by source: missiles destroyed, Straits objectives held, hits."""
    rules = g_tables["missile_crisis_victory"]
    destroyed = sum(1 for uid in rules.pershings if uid in data["eliminated"])
    return {
        "pershings": destroyed * int(rules.pershing_points),
        "straits": held_points(data, "b", rules.objectives),
        "hits": lead_points(data, int(rules.hits_per_point)),
    }


@RULES.implements("21.07")
def front_points(g_tables: Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, int]:
    """The Warsaw Pact's points by source (NATO's count against it): objectives each side holds,
    the great ships sunk, the lead in hits."""
    rules = g_tables["wwiii_victory"]
    sunk = 0
    for uid, points in rules.sunk.items():
        if uid in data["eliminated"]:
            sunk += int(points) if state.side_of(data, uid) == "a" else -int(points)
    return {
        "objectives": held_points(data, "b", rules.objectives),
        "nato_objectives": -held_points(data, "a", rules.nato_objectives),
        "sunk": sunk,
        "hits": lead_points(data, int(rules.hits_per_point)),
    }


def held_points(data: Mapping[str, Any], side: str, objectives: Mapping[str, Any]) -> int:
    """The points of the objective hexes one of ``side``'s ground units is in."""
    held = {
        r["hex"]
        for uid, r in data["ground"].items()
        if r["hex"] is not None and state.side_of(data, uid) == side
    }
    return sum(int(points) for hex_id, points in objectives.items() if hex_id in held)


def lead_points(data: Mapping[str, Any], per: int) -> int:
    """A point for every ``per`` hits the Warsaw Pact scored more than NATO (fewer: points
    off), rounded towards zero."""
    lead = int(data["score"]["b"]) - int(data["score"]["a"])
    return lead // per if lead >= 0 else -(-lead // per)


def crisis_level(g_tables: Mapping[str, Any], points: int) -> str | None:
    """The level ``points`` reach in the missile crisis, either way (None: a draw)."""
    return level_of(g_tables["missile_crisis_victory"].levels, points)


def level_of(levels: Any, points: int) -> str | None:
    """The level ``points`` reach on ``levels``, either way (None: a draw)."""
    for name in LEVELS:
        if abs(points) >= int(getattr(levels, name)):
            return name
    return None


@RULES.implements("21.08")
def crisis_result(state_: State) -> Result:
    g_tables = game_tables(state_)
    parts = crisis_points(g_tables, state_.data)
    return points_result(state_, "crisis", g_tables["missile_crisis_victory"].levels, parts)


@RULES.implements("21.07")
def front_result(state_: State) -> Result:
    g_tables = game_tables(state_)
    parts = front_points(g_tables, state_.data)
    return points_result(state_, "wwiii", g_tables["wwiii_victory"].levels, parts)


def points_result(state_: State, kind: str, levels: Any, parts: Mapping[str, int]) -> Result:
    """The Warsaw Pact's total against ``levels``: its victory, NATO's or a draw."""
    points = sum(parts.values())
    level = level_of(levels, points)
    scores: dict[str, int | float] = {s: int(state_.data["score"][s]) for s in ("a", "b")}
    missing = [SCENARIO_RULE[state_.scenario]]
    if level is None:
        return Result(
            winner=None,
            kind=f"{kind}_draw",
            params={"points": points},
            scores=scores,
            missing=missing,
        )
    winner = "b" if points > 0 else "a"
    params = {"winner": winner, "points": points, **parts}
    return Result(
        winner=winner, kind=f"{kind}_{level}", params=params, scores=scores, missing=missing
    )
