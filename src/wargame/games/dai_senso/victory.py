"""The end of a training scenario (0.3, 7.2): after its last turn, the objective hexes decide.

The scenario book's victory conditions are not at hand: each playable training scenario's length
and objectives are a provisional design in ``data/tables.yaml`` (``training_scenarios``, with its
reason; stand-in ``training_objectives`` of 0.3). The attacker wins by holding at least the
number of objectives the table gives; otherwise the other side of the scenario wins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.state import Result, State
from wargame.games.dai_senso.charts import TrainingScenario
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.registry import RULES

NOT_PLAYED_RULES: Final = ("0.1", "2.2.3", "4.1.1", "10.3")
"""Rules not played yet that could have changed a training scenario's outcome: the VP check,
support units, airdrops and supply."""

RULES.stand_in(
    "0.3",
    "a training scenario ends after its turns; its objective hexes decide the winner",
    key="training_objectives",
)


def training(state_: State) -> TrainingScenario:
    found: TrainingScenario = game_tables(state_)["training_scenarios"][state_.scenario]
    return found


def held(data: Mapping[str, Any]) -> Counter[str]:
    """How many objective hexes each faction holds."""
    return Counter(data["control"].values())


@RULES.implements("0.3")
def final_result(state_: State) -> Result:
    """The winner when the last turn ends: the attacker if it holds enough objectives."""
    scenario = training(state_)
    counts = held(state_.data)
    others = [side for side in state_.data["factions"] if side != scenario.attacker]
    winner = scenario.attacker if counts[scenario.attacker] >= scenario.attacker_needs else None
    if winner is None:
        winner = scenario.holder_at_start if scenario.holder_at_start in others else others[0]
    return Result(
        winner=winner,
        kind="won",
        params={"winner": winner},
        scores={side: counts[side] for side in state_.data["factions"]},
        missing=list(NOT_PLAYED_RULES),
    )
