"""The final administrative phase (6) of a scenario that plays politics: the war and peace
segment (6.1: declarations of war 6.1.1, then Truce marker reduction 6.1.2) and the conditional
event segment (6.2: the faction's permanent conditional events, then its current card's).

Decisions
- Declarations (6.1.1): the phasing faction declares war on as many countries as it likes, one
  at a time, each allowed by :func:`war_states.declaration_refusal`, then ends the step; a
  faction that may declare none (the Allies in Limited War, 12.2) is not asked.
- Truce reduction (6.1.2, provisional: the rule text is lost): each Truce marker on a country
  aligned with the phasing faction counts one turn down; at zero it leaves and the country takes
  a War posture again (which may move the war state on, 12).
- Permanent conditional events (provisional: only their titles survive): the Axis's Allied
  Minor Conquered (16.1.1): an active Allied minor with Axis ground units in it and none of its
  own faction is conquered. The West's and the Soviets' reactivation (16.3.1, 16.5.1): a
  conquered minor with ground units of that faction in it and no Axis one becomes active,
  aligned with that faction ([DG]: a conquered country may be reactivated under the other
  Allied faction).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.dai_senso import countries, markers, politics, state, total_war, war_states
from wargame.games.dai_senso.registry import RULES

RULES.stand_in("6.1.2", "a Truce counts down in the turns of the faction its country is aligned "
               "with", key="truce_reduction")  # fmt: skip
RULES.stand_in("16.1.1", "an active Allied minor with Axis ground units and none of its own is "
               "conquered", key="minor_conquered")  # fmt: skip
REACTIVATION: Final = {"west": "16.3.1", "soviet": "16.5.1"}


class FinalAdministrative(Procedure):
    """The final administrative phase (6) of ``side``."""

    name = "final_administrative"

    @RULES.implements("6.1")
    def start(self, g: Context, f: Frame) -> None:
        """Declarations of war, asked only of a faction that may declare one now."""
        g.goto("declare" if war_states.may_declare(g.data, f["side"]) else "truces")

    @decision
    @RULES.implements("6.1.1")
    def declare(self, g: Context, f: Frame) -> Choices:
        side = f["side"]
        allowed = war_states.may_declare(g.data, side)
        prompt = "prompt.declare_war" if allowed else "prompt.declare_war_none"
        choices = Decision.single(side, prompt)
        for country in sorted(g.data["countries"]):
            if country in allowed:
                choices.add(f"war {country}", _declare, country)
            else:
                reason = war_states.declaration_refusal(g.data, side, country)
                choices.refuse(f"war {country}", reason)
        choices.add("end", _end_declarations)
        return choices

    @RULES.implements("6.1.2", "16.7")
    def truces(self, g: Context, f: Frame) -> None:
        """Truce reduction, then the faction's units in neutral countries interned (16.7)."""
        reduce_truces(g, f["side"])
        markers.intern(g, f["side"])
        g.goto("conditional")

    @RULES.implements("6.2", "14.1")
    def conditional(self, g: Context, f: Frame) -> None:
        """The rolls of the Aid to China markers in the faction's box (14.1), its permanent
        conditional events, then its current card's."""
        f["aid_left"] = markers.aid_rolls(g.data, f["side"])
        g.goto("aid")

    def aid(self, g: Context, f: Frame) -> None:
        """The Aid to China rolls left, until a result asks the faction (it comes back here)."""
        f["aid_left"] = aid_to_china(g, f["side"], f["aid_left"])
        if g.frame is not f:
            return
        permanent_events(g, f["side"])
        queued_events(g, f["side"])
        g.call("card_actions", then="done", side=f["side"], segment="conditional_event")

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


def _declare(g: Context, f: Frame, country: str) -> None:
    war_states.declare_war(g, f["side"], country)


def _end_declarations(g: Context, f: Frame) -> None:
    g.goto("truces")


def reduce_truces(g: Context, side: str) -> None:
    """Each Truce on a country aligned with ``side`` one turn down; at zero it leaves."""
    truces = g.data["politics"]["truces"]
    for country in sorted(truces):
        if countries.alignment(g.data, country) != side:
            continue
        truces[country] -= 1
        if truces[country] > 0:
            continue
        del truces[country]
        countries.set_posture(g.data, country, "war")
        g.log("log.truce_ended", country=country)
        war_states.took_war_posture(g, country)


@RULES.implements("14.1")
def aid_to_china(g: Context, side: str, left: int | None = None) -> int:
    """One roll on the Aid to China table for each Aid to China marker in ``side``'s box
    (``left`` of them still to roll), until a result asks the faction for decisions; the rolls
    still left then."""
    left = markers.aid_rolls(g.data, side) if left is None else left
    frame = g.frame
    while left > 0:
        left -= 1
        politics.roll_on_table(g, side, "aid_to_china", None)
        if g.frame is not frame:
            break
    return left


@RULES.implements("12.3", "6.2")
def queued_events(g: Context, side: str) -> None:
    """The Axis conditional events Total War queued, each applied in the Axis's segment."""
    if side != "axis":
        return
    for event in total_war.queued(g.data):
        politics.apply_event(g, "axis", event, None)


def units_by_country(data: Mapping[str, Any]) -> dict[str, set[str]]:
    """Country -> the factions with ground units in its hexes (a dependent's count for its
    sovereign)."""
    found: dict[str, set[str]] = {}
    for uid, record in data["units"].items():
        country = countries.country_of_hex(data, record["hex"])
        found.setdefault(country, set()).add(state.faction(uid))
    return found


@RULES.implements("16.1", "16.1.1", "16.3", "16.3.1", "16.5", "16.5.1")
def permanent_events(g: Context, side: str) -> None:
    """The permanent conditional events of ``side`` (6.2)."""
    present = units_by_country(g.data)
    for country, found in sorted(g.data["countries"].items()):
        here = present.get(country, set())
        if countries.areas()[country]["kind"] != "minor":
            continue
        if side == "axis" and conquered_now(found, here):
            countries.set_status(g.data, country, "conquered")
            g.log("log.conquered", country=country)
        elif side in REACTIVATION and reactivated_now(found, here, side):
            countries.set_status(g.data, country, "active", side)
            g.log("log.reactivated", country=country, faction=side)


def conquered_now(found: Mapping[str, Any], here: set[str]) -> bool:
    """An active Allied minor with Axis ground units in it and none of its own faction."""
    allied = found["alignment"] in countries.ALLIED
    return (
        allied and found["status"] == "active" and "axis" in here and found["alignment"] not in here
    )


def reactivated_now(found: Mapping[str, Any], here: set[str], side: str) -> bool:
    """A conquered minor with ``side``'s ground units in it and no Axis one."""
    return found["status"] == "conquered" and side in here and "axis" not in here


ALL: Final[tuple[Procedure, ...]] = (FinalAdministrative(),)
