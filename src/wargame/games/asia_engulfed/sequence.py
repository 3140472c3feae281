"""The sequence of play (1.0): game turns of two months, each a Japanese then an Allied player
turn of nine phases (1.11-1.19, 1.2), then the end of the turn (1.3).

A phase whose rules are not enforced yet passes without a decision; :data:`PHASES` says which
(issue 16 builds them phase by phase, in this order).
"""

from __future__ import annotations

from typing import Final

from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.asia_engulfed import supply_phases, victory
from wargame.games.asia_engulfed.control import SIDES
from wargame.games.asia_engulfed.registry import RULES

PHASES: Final[tuple[tuple[str, str, str | None], ...]] = (
    # (phase, rule, the procedure that plays it; None: not enforced yet)
    ("naval_movement", "1.11", "naval_movement"),
    ("first_supply", "1.12", "first_supply"),
    ("production", "1.13", "production"),
    ("air_naval_combat", "1.14", "air_naval_combat"),
    ("operational_movement", "1.15", "operational_movement"),
    ("strategic_movement", "1.16", "strategic_movement"),
    ("ground_combat", "1.17", "ground_combat"),
    ("rebase", "1.18", "rebase"),
    ("final_supply", "1.19", "final_supply"),
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
        g.call("player_turn", then="allied_turn", side=SIDES[0])

    @RULES.implements("1.2")
    def allied_turn(self, g: Context, f: Frame) -> None:
        g.call("player_turn", then="turn_end", side=SIDES[1])

    @RULES.implements("1.3")
    def turn_end(self, g: Context, f: Frame) -> None:
        """Check victory, then move the turn marker on (1.3)."""
        g.data["phase_player"] = None
        g.data["phase"] = None
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
        g.data["newly_contested"] = []
        g.data["crossed_into"] = []
        g.data["invasions"] = {}  # 7.2, 7.21: this player turn's
        f.locals["phase"] = 0
        g.goto("phase")

    def phase(self, g: Context, f: Frame) -> None:
        """The next phase this program enforces; the others pass (see :data:`PHASES`)."""
        while f.locals["phase"] < len(PHASES):
            name, _rule, procedure = PHASES[f.locals["phase"]]
            f.locals["phase"] += 1
            if procedure is not None:
                g.data["phase"] = name
                g.data["contested_at_start"] = list(g.data["contested"])
                g.log("log.phase", phase=name, side=f.locals["side"])
                g.call(procedure, then="phase", side=f.locals["side"])
                return
        g.ret()


ALL: Final[tuple[Procedure, ...]] = (GameTurns(), PlayerTurn())
