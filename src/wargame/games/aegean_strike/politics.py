"""The International Political Phase (7.01, 21.01): the Battlefield Controller rolls on the Random
Political Events Table, and in the scenarios the ``political_effects`` table lists the event
takes effect (provisional: the table's effects are lost).

Decisions
- An event changes the supply points of nations in play (never below 0), starts the war (in a
  crisis, :mod:`crisis`), forbids declaring war this turn (a UN call for a ceasefire), or brings
  a nation into the war on the United States' side (Israel, as the seed says it may enter):
  its set-up units of turn 0 are placed and its airbases enter play. An effect that cannot
  apply (a nation absent, the war already on) is logged as having none.
- In the other scenarios the event is announced and its effects pass through, as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.procedure import Context
from wargame.games.aegean_strike import state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.losses import D10
from wargame.games.aegean_strike.passes import skip
from wargame.games.aegean_strike.registry import RULES

RULES.stand_in(
    "21.01",
    "each event's effect (table political_effects): supply points, war, ceasefire, Israel's entry",
    key="effects",
)


@RULES.implements("7.01", "21.01")
def political_phase(g: Context) -> None:
    """The roll, then the event's effect where the scenario plays effects."""
    g_tables = game_tables(g.state)
    roll = g.roll(D10, g.data["controller"], "political_event")
    event = g_tables["political_events"][str(roll)]
    g.log("log.political_event", event=event)
    effects = g_tables["political_effects"]
    if g.state.scenario not in effects.scenarios:
        skip(g, "political_effects")
        return
    apply_effect(g, effects.events[event])


@RULES.implements("21.01")
def apply_effect(g: Context, effect: Any) -> None:
    changed = False
    for nation, delta in sorted(effect.sp.items()):
        if nation == effect.joins_us:
            continue  # the joining nation's supply points, given once as it enters
        if nation in g.data["nations"] and nation in g.data["sp"]:
            g.data["sp"][nation] = max(0, g.data["sp"][nation] + delta)
            total = g.data["sp"][nation]
            g.log("log.supply_change", nation=nation, delta=f"{delta:+d}", total=total)
            changed = True
    if effect.starts_war and not g.data["war"]:
        start_war(g, "event")
        changed = True
    if effect.truce and not g.data["war"]:
        g.data["truce"] = True
        g.log("log.truce")
        changed = True
    if effect.joins_us and joinable(g.data, effect.joins_us):
        join(g, effect.joins_us, effect.sp.get(effect.joins_us, 0))
        changed = True
    if not changed:
        g.log("log.no_effect")


def start_war(g: Context, cause: str) -> None:
    """The war breaks out (21.08): by the declaring player's strike, an event or the deadline."""
    if g.data["war"]:
        return
    g.data["war"] = True
    g.data["truce"] = False
    g.log("log.war_starts", cause=cause, month=g.data["crisis"])


def joinable(data: Mapping[str, Any], nation: str) -> bool:
    return "us" in data["nations"] and nation not in data["nations"]


@RULES.implements("21.01", "7.01")
def join(g: Context, nation: str, sp: int) -> None:
    """``nation`` enters the war on the United States' side with its units of turn 0."""
    side = g.data["nations"]["us"]
    g.data["nations"][nation] = side
    g.data["sp"][nation] = max(0, sp)
    for base in forces().data.airbases:
        if base.nation == nation:
            g.data["airbases"][base.id] = 0
    for placement in forces().setup(g.state.scenario):
        arrived = g.data["turn"] if g.data["war"] else 0
        if forces().units[placement.unit].nation == nation and placement.turn <= arrived:
            state.place(g.data, placement.unit, placement.hex, placement.base, placement.aboard)
            state.set_mode(g.data, placement.unit, placement.in_port)
    g.log("log.joins", nation=nation, side=side)
