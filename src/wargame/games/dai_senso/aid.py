"""The results of the Aid to China table played (14.1, 16.3.9, 16.5.6): replacement steps for the
faction's Chinese armies and Military Aid.

Decisions (provisional: the table's and the events' texts are lost; table ``event_tables``
gives the rows)
- One or two replacement steps: infantry steps of the rolling faction's Chinese group (the West
  the Nationalists, the Soviets the Communists), taken at once as the seasonal replacements
  are (1.3.3, 1.3.4: a unit of the force pool placed in one of its replacement places), as
  the seed says steps granted in a conditional event segment come only in the turn they occur;
  steps not taken are lost. The Axis has no Chinese group: impossible, no effect.
- Military Aid: materiel sent to the smaller armies of a faction (the Burma Road's trucks, the
  Soviet volunteers' arms): one reduced ground unit of a minor or Chinese nationality of the
  faction, on the map and in supply, gets a step back, the faction's choice (it may decline);
  with none the event has no effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.dai_senso import state
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.supply import supplied

CHINESE_STEPS: Final = {"west": "chinese_nationalist", "soviet": "chinese_communist"}
"""The grant key of each Allied faction's Chinese infantry (:mod:`replacements`)."""

RULES.stand_in("14.1", "Aid to China gives Chinese infantry replacement steps or Military Aid "
               "(a step back to a reduced minor or Chinese unit)", key="aid_results")  # fmt: skip


def resume_step(g: Context) -> str:
    """The step of the current procedure to come back to after an event's decisions: a card's
    actions go on at ``action`` (:class:`politics.CardActions`), the rest where they are."""
    return "action" if g.frame.name == "card_actions" else g.frame.step


@RULES.implements("14.1", "16.3.9", "16.5.6")
def replacement_steps(count: int) -> Any:
    """The event giving ``count`` Chinese infantry replacement steps to the rolling faction."""

    def give(g: Context, side: str, country: str | None) -> bool:
        key = CHINESE_STEPS.get(side)
        if key is None:
            return False
        g.call("take_replacements", then=resume_step(g), side=side,
               left={f"{key}|infantry": count})  # fmt: skip
        return True

    return give


def aided(data: Mapping[str, Any], side: str, supply: Any) -> list[str]:
    """The faction's reduced ground units of a minor or Chinese nationality in supply."""
    found = []
    for uid in state.own_units(data, side):
        unit = state.unit(uid)
        kind = forces().nationalities[unit.nationality].kind
        reduced = data["units"][uid]["steps"] < unit.steps
        if kind != "major" and reduced and supplied(data, supply, uid):
            found.append(uid)
    return found


@RULES.implements("14.1")
def military_aid(g: Context, side: str, country: str | None) -> bool:
    """Military Aid: a reduced minor or Chinese unit of the faction gets a step back (its
    choice); impossible with none."""
    if not aided(g.data, side, game_tables(g.state)["supply"]):
        return False
    g.call("military_aid", then=resume_step(g), side=side)
    return True


class MilitaryAid(Procedure):
    """The faction picks the reduced unit Military Aid rebuilds, or declines."""

    name = "military_aid"

    @decision
    def start(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f["side"], "prompt.military_aid")
        for uid in aided(g.data, f["side"], game_tables(g.state)["supply"]):
            choices.add(f"aid {uid}", _aid, uid)
        choices.add("decline", _decline)
        return choices


def _aid(g: Context, f: Frame, uid: str) -> None:
    g.data["units"][uid]["steps"] += 1
    hex_id = state.hex_of(g.data, uid)
    g.log("log.military_aid", side=f["side"], unit=uid, hex=hex_id)
    g.ret()


def _decline(g: Context, f: Frame) -> None:
    g.log("log.no_event", side=f["side"])
    g.ret()


ALL: Final[tuple[Procedure, ...]] = (MilitaryAid(),)
