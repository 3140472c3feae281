"""Warsaw Pact chemical warfare (11.09): the Soviet player starts it once, in a Unit Assignment
Stage; the Warsaw Pact's land attacks then gain a shift that declines turn by turn to none.

Decisions (provisional: the section is lost; the seed says the WP alone has it, its start turn
is marked on the turn track, and its benefit is limited in time)
- Whoever plays the Soviet Union starts it, once a game, in its Unit Assignment; the start turn
  is public, as the marker on the turn track.
- A land combat whose attackers include a Warsaw Pact unit gains ``chemical_by_turn`` columns
  (table ``land_modifiers``): its first value on the start turn, the next on the following turn,
  and so on; after the list, none. Defending gains nothing: the notes speak of an attacker's edge.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.procedure import Choices, Context
from wargame.engine.state import Frame
from wargame.games.aegean_strike import state
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.offers import offer
from wargame.games.aegean_strike.registry import RULES

SOVIET = "ussr"
START = "chemical_start"
"""The turn the WP started chemical warfare (the Chemical Warfare Start marker), or None."""

RULES.stand_in(
    "11.09",
    "the Soviet player starts it once; WP attacks gain a shift declining to none",
    key="chemical",
)


def is_wp(uid: str) -> bool:
    return forces().nations[state.nation(uid)].bloc == "wp"


@RULES.implements("11.09")
def start_refusal(data: Mapping[str, Any], side: str) -> str:
    if data["nations"].get(SOVIET) != side:
        return "11.09: only the Soviet player starts chemical warfare"
    started = data.get(START)
    if started is not None:
        return f"11.09: chemical warfare began on turn {started}"
    return ""


def offer_start(g: Context, choices: Choices, side: str) -> None:
    if g.data["nations"].get(SOVIET) == side:
        offer(choices, "chemical", start_refusal(g.data, side), _start)


@RULES.implements("11.09")
def _start(g: Context, f: Frame) -> None:
    g.data[START] = g.data["turn"]
    g.log("log.chemical_started", side=f["side"], turn=g.data["turn"])


@RULES.implements("11.09")
def shift(g_tables: Mapping[str, Any], data: Mapping[str, Any], attackers: list[str]) -> int:
    started = data.get(START)
    if started is None or not any(is_wp(u) for u in attackers):
        return 0
    by_turn = g_tables["land_modifiers"].chemical_by_turn
    since = data["turn"] - started
    return int(by_turn[since]) if 0 <= since < len(by_turn) else 0
