"""Victory at the scenario's end (provisional: the scenario rules, 21.06, are lost).

Decisions
- The side that scored more hits on enemy units and airbases over the game wins; equal scores
  draw. This keeps the air war's decisions alive (trading sorties, strikes against bases and
  ships, shooting down EWDA) until the real victory conditions are found.
"""

from __future__ import annotations

from typing import Final

from wargame.engine.state import Result, State
from wargame.games.aegean_strike.registry import RULES

RULES.stand_in(
    "21.06", "the side with more hits scored on enemy units and bases wins", key="hits_victory"
)
MISSING: Final = ("21.06",)


@RULES.implements("21.06")
def final_result(state_: State) -> Result:
    score = state_.data["score"]
    a, b = int(score["a"]), int(score["b"])
    winner = "a" if a > b else "b" if b > a else None
    return Result(
        winner=winner,
        kind="won" if winner else "draw",
        params={"winner": winner} if winner else {},
        scores={"a": a, "b": b},
        missing=list(MISSING),
    )
