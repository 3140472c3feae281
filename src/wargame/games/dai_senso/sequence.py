"""The sequence of play (spec §3.1) as a state machine: game turns of three faction turns, Axis,
West, Soviet, each of phases 1-6, then the game turn end phase (7). :data:`PHASES` lists every
phase with the procedure that plays it; a phase without one is not played yet and passes through
(logged as such), and :data:`NOT_PLAYED` lists them.

Decisions
- A faction that takes no part in the scenario (``factions`` of its set-up) has no faction turn.
- Seasonal turns (the turn track's, ``data/tables.yaml``) add Phase 0, the VP check and the
  automatic victory test, and each faction's Phase 1, the seasonal phase (:mod:`seasonal`: the
  option card segment (:mod:`option_cards`) where the scenario deals cards, logistics and
  partisans, replacements); other turns have neither, and say nothing of them.
- The game turn end phase plays the delay segment (7.1, :mod:`delay`) and moves the turn marker
  (7.2), bringing back the counters whose box it enters; after the last turn the game ends
  (:func:`seasonal.final_result`).
- Stacking (9.2) is checked after each phase that is played: the phases that pass through change
  nothing on the map.
- The political event segment (2.1, :mod:`politics`) and the final administrative phase (6,
  :mod:`final_admin`) are played in the scenarios that play politics (table ``politics``); the
  others pass through them.
- Of the initial administrative phase (2) the support segment (2.2) is played: Blitz marker
  placement (2.2.4, :mod:`blitz`), and in a scenario with naval play (:mod:`naval`) return to
  base, beachhead maintenance, beachhead placement and beachhead failure; the marker segment
  (4.3) takes the Blitz markers back. The organization segment (2.3, :mod:`organisation`)
  follows it, a segment of its own in :data:`PHASES` (stacking is checked after it).
- A campaign's reinforcements by turn (:mod:`reinforcements`) enter at the start of each game
  turn, before the Axis faction turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.dai_senso import countries, delay, markers, reinforcements
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.seasonal import final_result
from wargame.games.dai_senso.state import SIDES

PHASES: Final[tuple[tuple[str, str, str | None], ...]] = (
    # (phase or segment, its rule, the procedure that plays it or None: passes through)
    ("seasonal", "1", "seasonal_phase"),
    ("political_event", "2.1", "political_event_segment"),
    ("initial_administrative", "2", "support_segment"),
    ("organization", "2.3", "organization"),
    ("operational_movement", "3", "movement"),
    ("blitz_combat", "4.1", "blitz_combat"),
    ("regular_combat", "4.2", "combat"),
    ("marker", "4.3", "marker_segment"),
    ("reserve_movement", "5", "reserve_movement"),
    ("final_administrative", "6", "final_administrative"),
)
POLITICAL: Final = frozenset({"political_event_segment", "final_administrative"})
"""The procedures only a scenario that plays politics runs (:func:`countries.plays`)."""
NOT_PLAYED: Final = (
    *(f"{rule} ({name})" for name, rule, run in PHASES if run is None),
    "2.1 (political events) and 6 (final administrative) outside the scenarios that play"
    " politics; of 2.2 (support) only return to base, beachheads and Blitz markers are played,"
    " and beachheads only where naval play is",
)  # fmt: skip


def turn_refusal(data: Mapping[str, Any], side: str, waiting: list[str]) -> str:
    """Why ``side`` may not act now: whose faction turn and which phase it is, with its rule."""
    rule = next((rule for name, rule, _ in PHASES if name == data["phase"]), "")
    where = f"the {data['phase']} phase of the {data['phasing']} faction turn"
    return f"{rule}: it is not {side}'s decision now: {where} waits for {', '.join(waiting)}"


def seasonal(g: Context) -> bool:
    return bool(game_tables(g.state)["turn_track"][g.data["track"]].seasonal)


class GameTurns(Procedure):
    """Game turn after game turn, to the scenario's last (0.3 decides at its end)."""

    name = "game"

    def start(self, g: Context, f: Frame) -> None:
        turn = game_tables(g.state)["turn_track"][g.data["track"]]
        g.log("log.turn", turn=g.data["turn"], name=turn.name, year=g.data["year"])
        reinforcements.arrive(g)
        f["next"] = 0
        if g.data.get("aid_to_china_waiting"):
            g.call("aid_to_china_box", then="victory_phase")
            return
        g.goto("victory_phase")

    def victory_phase(self, g: Context, f: Frame) -> None:
        """Phase 0 on a seasonal turn only."""
        if seasonal(g):
            g.call("seasonal_victory", then="faction_turns")
            return
        g.goto("faction_turns")

    def faction_turns(self, g: Context, f: Frame) -> None:
        playing = [side for side in SIDES if side in g.data["factions"]]
        if f["next"] == len(playing):
            g.goto("turn_end")
            return
        side = playing[f["next"]]
        f["next"] += 1
        g.call("faction_turn", then="faction_turns", side=side)

    @RULES.implements("7.1", "7.2", "14.37")
    def turn_end(self, g: Context, f: Frame) -> None:
        """The delay segment (7.1); the turn marker moves on, bringing back the counters whose
        box it enters, or the game ends: after the scenario's last turn, or when it enters the
        V-J Day marker's box (14.37)."""
        g.data["phasing"] = None
        g.data["phase"] = None
        delay.delay_segment(g)
        if g.data["turn"] >= g.data["last_turn"]:
            g.end_game(final_result(g.state))
            return
        track = game_tables(g.state)["turn_track"]
        g.data["turn"] += 1
        g.data["track"] = (g.data["track"] + 1) % len(track)
        if g.data["track"] == 0:
            g.data["year"] += 1
        delay.arrive(g)
        if markers.vj_day_ends_game(g):
            g.end_game(final_result(g.state))
            return
        g.goto("start")


class FactionTurn(Procedure):
    """One faction turn: the phases of :data:`PHASES` in order, ``side`` phasing (spec §3.1)."""

    name = "faction_turn"

    def start(self, g: Context, f: Frame) -> None:
        g.data["phasing"] = f["side"]
        f["phase"] = 0
        g.goto("phase")

    def phase(self, g: Context, f: Frame) -> None:
        """The next phase played, the phases not played yet before it passing through."""
        while f["phase"] < len(PHASES):
            name, _rule, run = PHASES[f["phase"]]
            f["phase"] += 1
            g.data["phase"] = name
            if name == "seasonal" and not seasonal(g):
                continue
            if run in POLITICAL and not countries.plays(g.data):
                g.log("log.phase_off", phase=name, side=f["side"])
                continue
            if run is not None:
                g.log("log.phase", phase=name, side=f["side"])
                g.call(run, then="stacking", side=f["side"])
                return
            g.log("log.phase_skipped", phase=name, side=f["side"])
        markers.lift_stalls(g, f["side"])
        g.ret()

    def stacking(self, g: Context, f: Frame) -> None:
        g.call("stacking", then="phase")


ALL: Final[tuple[Procedure, ...]] = (GameTurns(), FactionTurn())
