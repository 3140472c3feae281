"""Aegean Strike as a game contract: set-up of the first playable scenario, views that keep the
mission markers secret, determinize, the turn.

Decisions
- The North Africa War (Scenario 1) is the first playable scenario: the fewest units (the US and
  Britain against Libya, 54 units), the shortest (6 turns), no pre-war situation (whose rules are
  lost), and a war fought in the air and at sea, where the seed's rules are: carriers and CAP,
  EWDA, strikes against airbases and ships.
- The Greece-Turkey War (Scenario 4) is the second: Greece against Turkey, 8 turns, played with
  the designed ground, naval and supply rules, its pre-war situation (whose rules are lost)
  replaced by the war being on from the first turn (provisional, 21.09).
- The Turkish Missile Crisis (Scenario 3) is the third: the US and Turkey against the Soviet
  Union and Bulgaria, 10 turns after a crisis of up to three turns (:mod:`crisis`), with the
  political events' effects (:mod:`politics`), the Soviet air defence (:mod:`air_defence`) and
  victory levels (:mod:`victory`), all provisional.
- World War III, Southwestern Front (Scenario 2) is the fourth: NATO (the US, Britain, Greece,
  Turkey) against the Warsaw Pact (the Soviet Union, Bulgaria), 15 turns after a crisis of up to
  four turns, on the same crisis, political and ground rules, with its own victory table
  (``wwiii_victory``, provisional). The World War (Scenario 5) is refused in one line with its
  reason.
- Hidden information: the mission group's marker (9.03): the other side's view shows the
  group's mission and escorts as ``hidden`` until it fights or reaches its target; and the naval
  and ground units the other side does not detect (14, :mod:`detection`): shown as blanks in
  their hexes, their ids in no view, legal action or log line of that side. After every action
  (``FoggedContext.finish``) the units that fought and moved are forgotten, the new log lines
  naming an undetected unit are made private with a public form, and an action that revealed a
  unit cannot be taken back.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.contract import OptionSpec, ProcedureGame, Scenario, Secrets
from wargame.engine.errors import IllegalAction
from wargame.engine.i18n import Catalog, game_catalog
from wargame.engine.log import Side
from wargame.engine.overlay import OPTION as OVERLAY
from wargame.engine.procedure import Context, Procedure
from wargame.engine.rng import RandomSource
from wargame.engine.state import State
from wargame.games.aegean_strike import (
    air,
    assignment,
    bridges,
    charts,
    client,
    crisis,
    depots,
    detection,
    e2_carrier,
    ground,
    naval,
    optional,
    sealift,
    sequence,
    ship_interception,
    state,
    strategy,
)
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.registry import RULES

PLAYABLE: Final = (
    "north_africa_war",
    "greece_turkey_war",
    "turkish_missile_crisis",
    "wwiii_southwestern_front",
)
NOT_YET: Final = {
    "world_war": "it links with Gulf Strike, which this project does not have",
}
HIDDEN_KEYS: Final = ("mission", "escorts")
_APPLYING = threading.local()
"""What each side did not see before the action being applied (``FoggedContext``)."""


class AegeanStrike(ProcedureGame):
    id = "aegean-strike"
    title = "Aegean Strike"
    title_ja = "エージアン・ストライク"
    rules_version = "0.1"
    scenarios_not_yet = NOT_YET
    sides = state.SIDES
    rules = RULES
    tables = charts.TABLES
    prompts_file = Path(__file__).parent / "data" / "prompts.yaml"
    procedures: tuple[Procedure, ...] = (
        *sequence.ALL,
        *crisis.ALL,
        *assignment.ALL,
        *ground.ALL,
        *naval.ALL,
        *sealift.ALL,
        *bridges.ALL,
        *depots.ALL,
        *air.ALL,
        *ship_interception.ALL,
    )

    @cached_property
    def catalog(self) -> Catalog:  # type: ignore[override]
        return game_catalog(Path(__file__).parent / "messages", names_catalog())

    def scenarios(self) -> list[Scenario]:
        found = forces().scenarios
        return [Scenario(s, found[s].title, found[s].title_ja) for s in PLAYABLE]

    def options(self) -> list[OptionSpec]:
        return list(optional.OPTIONS)

    def begin(self, g: Context, scenario: str, options: Mapping[str, Any]) -> None:
        g.data.update(state.initial_data(scenario))
        g.data.update(sequence.initial(scenario))
        optional.set_up(g, options)  # 19, 20: the chosen optional rules
        crisis.set_up(g)
        g.push("game")

    def apply(self, state_: State, side: Side, action: Action) -> State:
        """As the engine's, but an action of a side that is not deciding is refused with the
        stage it is; the context it is applied in knows what each side saw before (14)."""
        self.check_side(side)
        waiting = self.active(state_)
        if waiting and side not in waiting:
            stage = state_.data.get("stage")
            raise IllegalAction(
                f"7: it is not {side}'s decision now: the {stage} stage waits for "
                f"{', '.join(waiting)}"
            )
        _APPLYING.hidden = detection.hidden_units(charts.tables(state_), state_.data)
        try:
            return super().apply(state_, side, action)
        finally:
            _APPLYING.hidden = None

    def context(self, state_: State) -> Context:
        return FoggedContext(state_, self.procedure_map, self.static)

    def view(self, state_: State, viewer: Side | None, log: bool = True) -> dict[str, Any]:
        """As the engine's, with the ids of the units ``viewer`` does not see out of the
        stack's frames as well as the board (14)."""
        found = super().view(state_, viewer, log)
        gone = detection.hidden_from(charts.tables(state_), state_.data, viewer)
        found["stack"] = detection.scrub(found["stack"], detection.stand_ins(state_.data, gone))
        return found

    def view_data(self, state_: State, viewer: Side | None) -> dict[str, Any]:
        found = detection.redacted(charts.tables(state_), state_.data, viewer)
        flight = found.get("flight")
        if flight is not None and not flight["revealed"] and viewer != flight["side"]:
            for key in HIDDEN_KEYS:
                flight[key] = air.HIDDEN
        return found | client.display(charts.tables(state_), found)  # what the viewer sees

    def game_secrets(self, state_: State) -> Secrets:
        found = detection.secrets(charts.tables(state_), state_.data)
        flight = state_.data.get("flight")
        if flight is None or flight["revealed"]:
            return found
        facts = {(flight["id"], flight["mission"])}
        return found.add(Secrets(facts={flight["side"]: facts}))

    def determinize(self, view: Mapping[str, Any], side: Side, rng: RandomSource) -> State:
        """The hidden marker is drawn among the missions the group could fly; each blank among
        the other side's units not shown (:func:`detection.sample`)."""
        overlay = view["options"].get(OVERLAY)
        g_tables = charts.TABLES.defaults if overlay is None else charts.TABLES.of_overlay(overlay)
        position = {**view, "board": client.without_display(view["board"])}
        data, stack = detection.sample(g_tables, position, side, rng)
        flight = data.get("flight")
        if flight is not None and flight["mission"] == air.HIDDEN:
            options = [m for m in air.OFFENSIVE_MISSIONS if air.hidden_marker(m)]
            flight["mission"] = options[rng.below(len(options))]
            flight["escorts"] = []
        return self.state_from_view({**view, "stack": stack}, side, data, rng)

    def client_data(self) -> dict[str, Any]:
        return client.client_data()

    def backdrop(self) -> list[dict[str, Any]]:
        return client.backdrop()

    def check_data(self, state_: State) -> list[str]:
        data = state_.data
        return state.problems(data) + e2_carrier.problems(charts.tables(state_), data)

    def turn(self, state_: State) -> int:
        return int(state_.data["turn"])

    def score_track(self, state_: State) -> dict[Side, float]:
        return {side: float(state_.data["score"][side]) for side in state.SIDES}

    evaluate = strategy.evaluate  # bots: the evaluation hook (strategy.py)
    order_actions = strategy.order_actions  # bots: the move ordering hook (strategy.py)


class FoggedContext(Context):
    """A context that, when an action (or the set-up) is done, settles detection: forgets the
    units that fought and moved since, hides the new log lines' undetected units (14), and makes
    an action that revealed a unit one that cannot be taken back."""

    def __init__(self, state_: State, procedures: Mapping[str, Procedure], static: Any) -> None:
        super().__init__(state_, procedures, static)
        self.logged_before = len(state_.log)
        self.hidden_before: detection.Hidden | None = getattr(_APPLYING, "hidden", None)

    def _hidden(self) -> detection.Hidden:
        return detection.hidden_units(charts.tables(self.state), self.data)

    def finish(self) -> None:
        if "naval" in self.data:
            detection.settle(self.data)
            hidden = self._hidden()
            before = self.hidden_before
            if before is not None and any(before[s] - hidden[s] for s in state.SIDES):
                self.reveal()
            detection.redact_log(self.state.log, self.logged_before, hidden)
        super().finish()


def names_catalog() -> Catalog:
    """Unit, airbase and nation names for messages, in either language."""
    names = Catalog()
    found = forces()
    for lang in ("en", "ja"):
        entries: dict[str, str] = {}
        for uid, (name, name_ja) in found.display_names.items():
            entries[f"unit.{uid}"] = name_ja if lang == "ja" else name
        for base in found.airbases.values():
            entries[f"unit.{base.id}"] = client.base_name(base.id, lang)
        entries |= client.hex_names(lang)
        entries[f"unit.{detection.UNKNOWN}"] = (
            "未探知のユニット" if lang == "ja" else "an unseen unit"
        )
        names.add(lang, entries)
    return names
