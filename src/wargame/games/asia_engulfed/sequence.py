"""The sequence of play (1.0): game turns of two months, each a Japanese then an Allied player
turn of nine phases (1.11-1.19, 1.2), then the end of the turn (1.3). :data:`PHASES` names the
procedure that plays each phase.
"""

from __future__ import annotations

from typing import Final

from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.asia_engulfed import (
    conquest,
    national,
    production,
    simplified_supply,
    supply_phases,
    victory,
)
from wargame.games.asia_engulfed.charts import tables
from wargame.games.asia_engulfed.control import SIDES
from wargame.games.asia_engulfed.registry import RULES

PHASES: Final[tuple[tuple[str, str], ...]] = (
    # (phase, rule); the procedure that plays a phase has its name
    ("naval_movement", "1.11"),
    ("first_supply", "1.12"),
    ("production", "1.13"),
    ("air_naval_combat", "1.14"),
    ("operational_movement", "1.15"),
    ("strategic_movement", "1.16"),
    ("ground_combat", "1.17"),
    ("rebase", "1.18"),
    ("final_supply", "1.19"),
)
MONTHS_PER_TURN: Final = 2


def next_turn(turn: str) -> str:
    """The turn after ``turn`` ("1942-11" -> "1943-01")."""
    year, month = map(int, turn.split("-"))
    month += MONTHS_PER_TURN
    if month > 12:
        year, month = year + 1, month - 12
    return f"{year}-{month:02d}"


class GameTurns(Procedure):
    """The whole game: turn after turn to the scenario's last (10.3 decides at its end)."""

    name = "game"

    def start(self, g: Context, f: Frame) -> None:
        g.log("log.turn", turn=g.data["turn"])
        national.arrivals(g)  # 4.4, 9.22: the force pool additions due this turn
        g.call("player_turn", then="allied_turn", side=SIDES[0])

    @RULES.implements("1.2")
    def allied_turn(self, g: Context, f: Frame) -> None:
        g.call("player_turn", then="turn_end", side=SIDES[1])

    @RULES.implements("1.3")
    def turn_end(self, g: Context, f: Frame) -> None:
        """Check victory, then move the turn marker on (1.3)."""
        g.data["phase_player"] = None
        g.data["phase"] = None
        production.remove_empty_fortifications(g)  # 6.83
        if g.data["turn"] >= g.data["last_turn"]:
            g.end_game(victory.final_result(g.data))
            return
        g.data["turn"] = next_turn(g.data["turn"])
        g.data["nationalist_attack"] = False  # 7.7: once a turn
        g.goto("start")


class PlayerTurn(Procedure):
    """One player turn: the phases of 1.11-1.19 in order, ``side`` the phase player (1.1)."""

    name = "player_turn"

    @RULES.implements("1.1")
    def start(self, g: Context, f: Frame) -> None:
        g.data["phase_player"] = f.locals["side"]
        supply_phases.new_player_turn(g.data, f.locals["side"])
        if simplified_supply.chosen(g.state):  # 13.1: the network's share, paid up front
            simplified_supply.transports_after_charge(g.data, f.locals["side"], tables(g.state))
        g.data["newly_contested"] = []
        g.data["crossed_into"] = []
        g.data["invasions"] = {}  # 7.2, 7.21: this player turn's
        f.locals["phase"] = 0
        g.goto("phase")

    @RULES.implements("1.11", "1.12", "1.13", "1.14", "1.15", "1.16", "1.17", "1.18", "1.19")
    def phase(self, g: Context, f: Frame) -> None:
        """The next phase of the player turn, in the order of :data:`PHASES`."""
        if f.locals["phase"] == len(PHASES):
            conquest.check(g)  # 10.1: at the end of the player turn
            g.ret()
            return
        national.after_phase(g, g.data["phase"])  # 9.22: the phase just over
        name, _rule = PHASES[f.locals["phase"]]
        f.locals["phase"] += 1
        g.data["phase"] = name
        g.data["contested_at_start"] = list(g.data["contested"])
        g.log("log.phase", phase=name, side=f.locals["side"])
        g.call(name, then="phase", side=f.locals["side"])


ALL: Final[tuple[Procedure, ...]] = (GameTurns(), PlayerTurn())
