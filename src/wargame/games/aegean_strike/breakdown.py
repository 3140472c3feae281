"""Soviet division break-down and recombination (11.10), the simplest stand-in: in the Unit
Assignment Stage the Soviet player may break a division into its three regiments
(``breakdown`` in data/forces.yaml) or put three regiments back together.

Decisions (provisional: the rule is lost; the seed says only that Soviet divisions break down
into regiments and recombine, in the Unit Assignment Stage)
- Only a division at full strength (no hits, mobilised) breaks down, and three regiments
  recombine only when all three are in one hex, each without hits: how hits are shared between
  a division and its regiments is lost, and this way no hit is made or lost by the change.
- The regiments take the division's hex, within the stacking limit (13.03); a division aboard a
  ship does not break down. A regiment eliminated keeps its division from recombining.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.procedure import Choices, Context
from wargame.engine.state import Frame
from wargame.games.aegean_strike import state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.offers import offer
from wargame.games.aegean_strike.registry import RULES

RULES.stand_in(
    "11.10",
    "a division at full strength breaks into its 3 regiments; 3 unhit regiments in a hex recombine",
    key="breakdown",
)


def stacked(g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str, hex_id: str) -> int:
    """How many more ground units of ``side`` the hex holds."""
    stacking = g_tables["stacking"]
    limit = stacking.strategic_hex if state.on_strategic(hex_id) else stacking.operational_hex
    here = sum(
        1
        for u, r in data["ground"].items()
        if r["hex"] == hex_id and state.side_of(data, u) == side
    )
    return int(limit) - here


@RULES.implements("11.10", "13.03")
def breakdown_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], division: str) -> str:
    record = data["ground"][division]
    if record["hex"] is None:
        return f"11.10: {division} is aboard {record['aboard']}"
    if record["hits"]:
        return f"11.10: {division} has hits; only a division at full strength breaks down"
    more = len(forces().breakdowns[division]) - 1
    if stacked(g_tables, data, state.side_of(data, division), record["hex"]) < more:
        return f"13.03: {record['hex']} has no room for {division}'s regiments"
    return ""


@RULES.implements("11.10")
def recombine_refusal(data: Mapping[str, Any], division: str) -> str:
    regiments = forces().breakdowns[division]
    hexes = {data["ground"][r]["hex"] for r in regiments}
    if len(hexes) != 1 or None in hexes:
        return f"11.10: {division}'s regiments are not together in one hex"
    if any(data["ground"][r]["hits"] for r in regiments):
        return f"11.10: {division}'s regiments have hits; only unhit regiments recombine"
    return ""


def offer_all(g: Context, choices: Choices, side: str) -> None:
    """The break-downs and recombinations ``side`` may choose in its Unit Assignment; a
    division changes once a stage, so that it cannot be broken down and put back at will."""
    g_tables = game_tables(g.state)
    changed = g.data.setdefault("reorganised", [])
    for division, regiments in sorted(forces().breakdowns.items()):
        if g.data["nations"].get(state.nation(division)) != side:
            continue
        once = f"11.10: {division} has changed once this stage" if division in changed else ""
        if division in g.data["ground"]:
            reason = once or breakdown_refusal(g_tables, g.data, division)
            offer(choices, f"breakdown {division}", reason, _break_down, division)
        elif all(r in g.data["ground"] for r in regiments):
            reason = once or recombine_refusal(g.data, division)
            offer(choices, f"recombine {division}", reason, _recombine, division)


@RULES.implements("11.10")
def _break_down(g: Context, f: Frame, division: str) -> None:
    hex_id = g.data["ground"].pop(division)["hex"]
    g.data["reorganised"].append(division)
    for regiment in forces().breakdowns[division]:
        g.data["ground"][regiment] = {"hex": hex_id, "aboard": None, "hits": 0}
    g.log("log.broken_down", side=f["side"], unit=division, hex=hex_id)


@RULES.implements("11.10")
def _recombine(g: Context, f: Frame, division: str) -> None:
    regiments = forces().breakdowns[division]
    hex_id = g.data["ground"][regiments[0]]["hex"]
    for regiment in regiments:
        del g.data["ground"][regiment]
    g.data["ground"][division] = {"hex": hex_id, "aboard": None, "hits": 0}
    g.data["reorganised"].append(division)
    g.log("log.recombined", side=f["side"], unit=division, hex=hex_id)
