"""Victory at the scenario's end (provisional: the scenario rules, 21.06 and 21.09, are lost).

Decisions
- The side that scored more hits on enemy units and airbases over the game wins; equal scores
  draw. This keeps the war's decisions alive (trading sorties, strikes against bases and ships,
  shooting down EWDA, land combats) until the real victory conditions are found.
- The Greece-Turkey War (21.09) starts with the war on, in its first turn: the pre-war
  situation's rules are lost, so its pre-war turns are not played (provisional stand-in).
"""

from __future__ import annotations

from typing import Final

from wargame.engine.state import Result, State
from wargame.games.aegean_strike.registry import RULES

RULES.stand_in(
    "21.06", "the side with more hits scored on enemy units and bases wins", key="hits_victory"
)
RULES.stand_in(
    "21.09",
    "the war is on from turn 1 (no pre-war turns); more hits scored wins",
    key="war_from_turn_one",
)
SCENARIO_RULE: Final = {"north_africa_war": "21.06", "greece_turkey_war": "21.09"}
"""The rule of each playable scenario, whose victory conditions are lost."""


@RULES.implements("21.06", "21.09")
def final_result(state_: State) -> Result:
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
