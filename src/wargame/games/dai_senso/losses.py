"""Step losses (4.2.6, 4.2.6.2): the owner removes steps one at a time from units of its choice.

Decisions
- Eliminating Steps (4.2.6.2) is not recovered; the supplement's proposal is played (stand-in
  ``step_by_step``): a unit that loses a step keeps its counter with one step fewer and the
  rating of that many steps (``forces.yaml``), and a unit that loses its last step leaves play
  (the Delay box and the force pool it would go to are not played yet).
- The attacker's first step lost is a marine step when marines attacked across a beachhead,
  strait or all-sea hexside, else an armour step when armour-type units attacked, the attacker
  choosing when both did (4.2.6).
"""

from __future__ import annotations

from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.dai_senso import state
from wargame.games.dai_senso.registry import RULES

FIRST_LOSS: Final = (
    "4.2.6: the first step lost is a marine step (marines across water) or an armour step"
)
RULES.stand_in(
    "4.2.6.2",
    "a step loss reduces the unit to the rating of its steps left; its last step removes it",
    key="step_by_step",
)


@RULES.implements("4.2.6.2")
def lose_step(g: Context, uid: str) -> None:
    """One step of the unit lost; the unit leaves play with its last step."""
    record = g.data["units"][uid]
    if record["steps"] == 1:
        eliminate(g, uid)
        return
    record["steps"] -= 1
    g.log("log.step_lost", unit=uid, hex=record["hex"], steps=record["steps"])


def eliminate(g: Context, uid: str) -> None:
    """The unit leaves play with all its steps."""
    record = g.data["units"].pop(uid)
    g.data["eliminated"].append(uid)
    g.log("log.eliminated", unit=uid, hex=record["hex"])


class Losses(Procedure):
    """``side`` loses ``steps`` steps from ``units`` (locals), one decision a step; with
    ``armour_first`` the first step is an armour-type unit's or one of the ``marines`` that
    attacked across water, when one is among them (4.2.6)."""

    name = "losses"

    def start(self, g: Context, f: Frame) -> None:
        f["units"] = [uid for uid in f["units"] if uid in g.data["units"]]
        if f["steps"] <= 0 or not f["units"]:
            g.ret()
            return
        g.goto("choose")

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f["side"], f.get("prompt", "prompt.losses"), steps=f["steps"])
        allowed = first_losses(g.data, f)
        for uid in f["units"]:
            if uid in allowed:
                choices.add(f"lose {uid}", _lose, uid)
            else:
                choices.refuse(f"lose {uid}", FIRST_LOSS)
        return choices


@RULES.implements("4.2.6")
def first_losses(data: dict[str, Any], f: Frame) -> list[str]:
    """The units whose step may be lost now: an armour-type unit's first, if the attack had one."""
    units: list[str] = f["units"]
    if f.get("armour_first"):
        armour = [uid for uid in units if state.kind(uid) == "armor_type"]
        marines = [uid for uid in units if uid in f.get("marines", [])]
        first = [uid for uid in units if uid in armour or uid in marines]
        if first:
            return first
    return units


def _lose(g: Context, f: Frame, uid: str) -> None:
    lose_step(g, uid)
    f["steps"] -= 1
    f["armour_first"] = False
    g.goto("start")


ALL: Final[tuple[Procedure, ...]] = (Losses(),)
