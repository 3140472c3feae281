"""The war state (12): Prewar, Limited War, Total War, one way only, and what each forbids; the
limits a country's status and posture put on units (13.4, 13.6.1, 13.6.2); declarations of war
(6.1.1). ``data["war_state"]`` holds it in a scenario that plays politics; in the
others no limit here applies.

Decisions
- 12.1 (Prewar, [DG]): no unit moves into or attacks a hex outside its own country and that
  country's dependents and regions (:func:`countries.home_of`); no support unit or Airdrop
  marker is placed (:func:`support_refusal`: the beachheads of :mod:`naval` ask it).
- Free Passage (an event: :mod:`politics`) lets a faction's units enter, not attack, the hexes
  of a neutral or Policy- or Truce-affected country.
- A hex of a neutral country is entered and attacked by no unit (provisional: the supplement
  forbids retreat and supply into a Neutral minor, and a neutral's units are not set up).
- 13.6.1 (Policy, [DG]): movement and attacks into a Policy-affected country are restricted:
  played as no unit of another faction entering or attacking its hexes (provisional); 13.6.2
  (Truce, not recovered): the same for a Truce-affected country (provisional).
- Transitions ([DG]): any Allied country taking a War posture begins Limited War from Prewar;
  an Allied major of the ``politics`` table's ``total_war_majors`` taking it begins Total War
  (provisional: the Pacific War of December 1941). Total War's script (12.3) removes every
  Policy marker (the countries under Policy take a War posture) and places the V-J Day marker
  (14.37, :mod:`markers`) and queues four Axis conditional events (:mod:`total_war`); its
  other steps are not recovered.
- 6.1.1 (provisional, except the Limited War bar on Allied declarations, [DG]): the phasing
  faction may declare war on a country aligned with another faction that is neutral or under
  Policy; never on a country under Truce, nor the West on a Soviet country or the reverse (the
  Allies were never at war with each other). The country becomes active, keeps its alignment
  and takes a War posture.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Context
from wargame.games.dai_senso import countries, markers, state, total_war
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.registry import RULES

WAR_STATES: Final = ("prewar", "limited_war", "total_war")

RULES.stand_in("13.6.1", "no unit of another faction enters or attacks a Policy-affected country",
               key="policy_limits")  # fmt: skip
RULES.stand_in("13.6.2", "no unit of another faction enters or attacks a Truce-affected country",
               key="truce_limits")  # fmt: skip
RULES.stand_in("6.1.1", "war is declared on a neutral or Policy-affected country of another "
               "faction; never between West and Soviets", key="declarations")  # fmt: skip
RULES.stand_in("12.3", "an Allied major taking a War posture begins Total War",
               key="total_war_trigger")  # fmt: skip


def war_state(data: Mapping[str, Any]) -> str | None:
    """The war state, or None in a scenario that plays no politics."""
    return str(data["war_state"]) if "politics" in data else None


@RULES.implements("12.1", "13.4", "13.6.1", "13.6.2")
def entry_refusal(data: Mapping[str, Any], uid: str, hex_id: str, doing: str = "enter") -> str:
    """Why the unit may not enter (or attack: ``doing``) the hex for the war state or the
    country's status and posture ("" if it may)."""
    if "politics" not in data:
        return ""
    country = countries.country_of_hex(data, hex_id)
    if not country:
        return ""
    if war_state(data) == "prewar" and country not in countries.home_of(data, uid):
        return f"12.1: in Prewar no unit may {doing} {hex_id}, outside its own country"
    if countries.record(data, country) is None:
        return ""
    side = state.faction(uid)
    if doing == "enter" and passes(data, country, side):
        return ""
    if countries.status(data, country) == "neutral":
        return f"13.4: no unit may {doing} {hex_id} of neutral {country}"
    if countries.alignment(data, country) == side:
        return ""
    limit = {"policy": "13.6.1", "truce": "13.6.2"}.get(countries.posture(data, country))
    if limit:
        return f"{limit}: {side} may not {doing} {hex_id} of {country}, under {_word(limit)}"
    return ""


def passes(data: Mapping[str, Any], country: str, side: str) -> bool:
    """Whether the Free Passage event let ``side``'s units through ``country``."""
    return side in data["politics"].get("free_passage", {}).get(country, [])


def _word(rule: str) -> str:
    return "Policy" if rule == "13.6.1" else "Truce"


@RULES.implements("12.1")
def support_refusal(data: Mapping[str, Any]) -> str:
    """Why no support unit or Airdrop marker may be placed now ("" if they may)."""
    if war_state(data) == "prewar":
        return "12.1: no support unit or Airdrop marker is placed in Prewar"
    return ""


@RULES.implements("6.1.1", "12.2", "13.6.2")
def declaration_refusal(data: Mapping[str, Any], side: str, country: str) -> str:
    """Why ``side`` may not declare war on ``country`` now ("" if it may)."""
    if not countries.is_country(country) or countries.record(data, country) is None:
        return f"13.2: {country} is no country that war may be declared on"
    if side != "axis" and war_state(data) == "limited_war":
        return "12.2: Allied declarations of war are barred in Limited War"
    aligned = countries.alignment(data, country)
    if aligned == side:
        return f"6.1.1: {country} is aligned with {side}"
    if side in countries.ALLIED and aligned in countries.ALLIED:
        return f"6.1.1: the West and the Soviets never declare war on each other ({country})"
    found = countries.posture(data, country)
    if found == "truce":
        return f"13.6.2: {country} is under a Truce"
    if countries.status(data, country) == "active" and found == "war":
        return f"6.1.1: {country} is already at war"
    if countries.status(data, country) == "conquered":
        return f"13.4: {country} is conquered"
    return ""


@RULES.implements("6.1.1")
def declare_war(g: Context, side: str, country: str) -> None:
    """``side`` declares war on ``country`` (allowed by :func:`declaration_refusal`): it becomes
    active with a War posture, and the war state may move on."""
    countries.set_status(g.data, country, "active")
    countries.set_posture(g.data, country, "war")
    g.log("log.war_declared", side=side, country=country)
    took_war_posture(g, country)


@RULES.implements("12.2", "12.3")
def took_war_posture(g: Context, country: str) -> None:
    """A country took a War posture: an Allied one begins Limited War in Prewar; an Allied
    major of ``total_war_majors`` begins Total War."""
    if countries.alignment(g.data, country) not in countries.ALLIED:
        return
    majors = game_tables(g.state)["politics"].total_war_majors
    if country in majors and war_state(g.data) != "total_war":
        begin_total_war(g)
    elif war_state(g.data) == "prewar":
        g.data["war_state"] = "limited_war"
        g.log("log.war_state", state="limited_war", country=country)


@RULES.implements("12.3")
def begin_total_war(g: Context) -> None:
    """Total War's script, as far as it is known: the Policy markers leave the posture display
    (the countries under Policy take a War posture), the V-J Day marker goes on the turn
    track (14.37) and four Axis conditional events are queued (:mod:`total_war`)."""
    g.data["war_state"] = "total_war"
    g.log("log.war_state", state="total_war", country=None)
    for name, found in sorted(g.data.get("countries", {}).items()):
        if found["posture"] == "policy":
            countries.set_posture(g.data, name, "war")
            g.log("log.policy_removed", country=name)
    markers.place_vj_day(g)
    total_war.queue(g)


def may_declare(data: Mapping[str, Any], side: str) -> list[str]:
    """The countries ``side`` may declare war on now."""
    return [name for name in sorted(data["countries"]) if not declaration_refusal(data, side, name)]
