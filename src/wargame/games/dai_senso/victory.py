"""The end of a training scenario (0.3, 7.2): after its last turn, the objective hexes decide.

The scenario book's victory conditions are not at hand: each playable training scenario's length
and objectives are a provisional design in ``data/tables.yaml`` (``training_scenarios``, with its
reason; stand-in ``training_objectives`` of 0.3). The attacker wins by holding at least the
number of objectives the table gives; otherwise the other side of the scenario wins.

Decisions
- When the attacker fails, every other faction of the scenario wins together: in The China
  Incident the West (the Nationalists) and the Soviets (the Communists) win jointly (the
  Allies' joint victory of 0.2), the faction that held the objectives at the start named first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from wargame.engine.state import Result, State
from wargame.games.dai_senso.charts import TrainingScenario, scenario_terms
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.registry import RULES


def not_played(state_: State) -> list[str]:
    """Rules that could have changed the outcome but the game's scenario leaves out: the option
    cards (1.1) where no decks are dealt, and the naval support units (2.2.3: convoys, bombers,
    submarines) where the scenario plays no naval movement (table ``naval``)."""
    missing = [] if "decks" in state_.data else ["1.1"]
    if state_.scenario not in game_tables(state_)["naval"].troop_convoys:
        missing.append("2.2.3")
    return missing


RULES.stand_in(
    "0.3",
    "a training scenario ends after its turns; its objective hexes decide the winner",
    key="training_objectives",
)


def training(state_: State) -> TrainingScenario:
    """The length and objectives of the scenario of ``state_`` (a training scenario's, or a
    campaign's: table ``campaign_scenarios``)."""
    return scenario_terms(game_tables(state_), state_.scenario)


def held(data: Mapping[str, Any]) -> Counter[str]:
    """How many objective hexes each faction holds."""
    return Counter(data["control"].values())


@RULES.implements("0.3")
def final_result(state_: State) -> Result:
    """The winner when the last turn ends: the attacker if it holds enough objectives, else the
    scenario's other factions together."""
    scenario = training(state_)
    counts = held(state_.data)
    scores = {side: counts[side] for side in state_.data["factions"]}
    if counts[scenario.attacker] >= scenario.attacker_needs:
        return won(state_, scenario.attacker, [], scores)
    others = [side for side in state_.data["factions"] if side != scenario.attacker]
    others.sort(key=lambda side: side != scenario.holder_at_start)
    return won(state_, others[0], others[1:], scores)


def won(state_: State, winner: str, allies: list[str], scores: dict[str, int]) -> Result:
    """``winner``'s victory, shared with ``allies``, naming what the scenario did not play."""
    missing = not_played(state_)
    if not allies:
        params: dict[str, Any] = {"winner": winner}
        return Result(winner, "won", params, scores, missing)
    params = {"winner": winner, "ally": allies[0]}
    return Result(winner, "won_jointly", params, scores, missing, allies)
