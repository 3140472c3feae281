"""Aegean Strike as a game contract: set-up of the first playable scenario, views that keep the
mission markers secret, determinize, the turn.

Decisions
- The North Africa War (Scenario 1) is the first playable scenario: the fewest units (the US and
  Britain against Libya, 54 units), the shortest (6 turns), no pre-war situation (whose rules are
  lost), and a war fought in the air and at sea, where the seed's rules are: carriers and CAP,
  EWDA, strikes against airbases and ships.
- The Greece-Turkey War (Scenario 4) is the second: Greece against Turkey, 8 turns, played with
  the designed ground, naval and supply rules, its pre-war situation (whose rules are lost)
  replaced by the war being on from the first turn (provisional, 21.09). The other scenarios
  need the Soviet rules (air defence, division break-down, chemical warfare) and the political
  events' effects too, and are refused in one line with that reason.
- The only hidden information is the mission group's marker (9.03): the other side's view shows
  the group's mission and escorts as ``hidden`` until it fights or reaches its target.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.contract import ProcedureGame, Scenario, Secrets
from wargame.engine.errors import IllegalAction
from wargame.engine.i18n import Catalog, game_catalog
from wargame.engine.log import Side
from wargame.engine.procedure import Context, Procedure
from wargame.engine.rng import RandomSource
from wargame.engine.state import State, copy_data
from wargame.games.aegean_strike import (
    air,
    assignment,
    charts,
    ground,
    naval,
    sequence,
    state,
    strategy,
)
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.registry import RULES

PLAYABLE: Final = ("north_africa_war", "greece_turkey_war")
NOT_YET: Final = {
    "wwiii_southwestern_front": "it needs the pre-war situation, ground war and political events",
    "turkish_missile_crisis": "it needs the pre-war situation, ground war and political events",
    "world_war": "it links with Gulf Strike, which this project does not have",
}
HIDDEN_KEYS: Final = ("mission", "escorts")


class AegeanStrike(ProcedureGame):
    id = "aegean-strike"
    title = "Aegean Strike"
    title_ja = "エージアン・ストライク"
    rules_version = "0.1"
    scenarios_not_yet = NOT_YET
    in_lobby = False  # no client drawing yet (issue 18, point 8): played by the CLI and the API
    sides = state.SIDES
    rules = RULES
    tables = charts.TABLES
    prompts_file = Path(__file__).parent / "data" / "prompts.yaml"
    procedures: tuple[Procedure, ...] = (
        *sequence.ALL,
        *assignment.ALL,
        *ground.ALL,
        *naval.ALL,
        *air.ALL,
    )

    @cached_property
    def catalog(self) -> Catalog:  # type: ignore[override]
        return game_catalog(Path(__file__).parent / "messages", names_catalog())

    def scenarios(self) -> list[Scenario]:
        found = forces().scenarios
        return [Scenario(s, found[s].title, found[s].title_ja) for s in PLAYABLE]

    def begin(self, g: Context, scenario: str, options: Mapping[str, Any]) -> None:
        g.data.update(state.initial_data(scenario))
        g.data.update(sequence.initial(scenario))
        g.push("game")

    def apply(self, state_: State, side: Side, action: Action) -> State:
        """As the engine's, but an action of a side that is not deciding is refused with the
        stage it is."""
        self.check_side(side)
        waiting = self.active(state_)
        if waiting and side not in waiting:
            stage = state_.data.get("stage")
            raise IllegalAction(
                f"7: it is not {side}'s decision now: the {stage} stage waits for "
                f"{', '.join(waiting)}"
            )
        return super().apply(state_, side, action)

    def view_data(self, state_: State, viewer: Side | None) -> dict[str, Any]:
        found: dict[str, Any] = copy_data(state_.data)
        flight = found.get("flight")
        if flight is not None and not flight["revealed"] and viewer != flight["side"]:
            for key in HIDDEN_KEYS:
                flight[key] = air.HIDDEN
        return found

    def game_secrets(self, state_: State) -> Secrets:
        flight = state_.data.get("flight")
        if flight is None or flight["revealed"]:
            return Secrets()
        facts = {(flight["id"], flight["mission"])}
        return Secrets(facts={flight["side"]: facts})

    def determinize(self, view: Mapping[str, Any], side: Side, rng: RandomSource) -> State:
        """The hidden marker is drawn among the missions the group could fly."""
        data = copy_data(view["board"])
        flight = data.get("flight")
        if flight is not None and flight["mission"] == air.HIDDEN:
            options = [m for m in air.OFFENSIVE_MISSIONS if air.hidden_marker(m)]
            flight["mission"] = options[rng.below(len(options))]
            flight["escorts"] = []
        return self.state_from_view(view, side, data, rng)

    def check_data(self, state_: State) -> list[str]:
        return state.problems(state_.data)

    def turn(self, state_: State) -> int:
        return int(state_.data["turn"])

    def score_track(self, state_: State) -> dict[Side, float]:
        return {side: float(state_.data["score"][side]) for side in state.SIDES}

    evaluate = strategy.evaluate  # bots: the evaluation hook (strategy.py)
    order_actions = strategy.order_actions  # bots: the move ordering hook (strategy.py)


def names_catalog() -> Catalog:
    """Unit, airbase and nation names for messages, in either language."""
    names = Catalog()
    found = forces()
    for lang in ("en", "ja"):
        entries: dict[str, str] = {}
        for unit in found.units.values():
            entries[f"unit.{unit.id}"] = unit.name_ja if lang == "ja" else unit.name
        for base in found.airbases.values():
            entries[f"unit.{base.id}"] = base.id.replace("_", " ").title()
        names.add(lang, entries)
    return names
