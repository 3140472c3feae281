"""Repair of ground units in the Final Stage (7.07 step 4, 11.06, 18), beside the airbases' (9.10).

Decisions (provisional: the repair rules are lost)
- A ground unit in supply (:mod:`supply`) with hits may have one repaired each Final Stage, its
  nation paying the ``unit_repair`` table's SP; the owner chooses which, as with airbases. Air and
  naval units are not repaired yet (the seed limits naval repair in ways that are lost).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.procedure import Context
from wargame.engine.state import Frame
from wargame.games.aegean_strike import state, supply
from wargame.games.aegean_strike.registry import RULES

RULES.stand_in("18", "a ground unit in supply repairs a hit a Final Stage for SP", key="ground")
RULES.stand_in("11.06", "the ground units' repair of 18 (this module)", key="ground")


def cost(g_tables: Mapping[str, Any]) -> int:
    return int(g_tables["unit_repair"].ground_sp_per_hit)


@RULES.implements("11.06")
def mendable(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str, scenario: str
) -> list[str]:
    """The ground units of ``side`` that may have a hit repaired now in ``scenario`` (its closed
    straits cut sea supply)."""
    return [
        uid
        for uid, record in sorted(data["ground"].items())
        if state.side_of(data, uid) == side
        and record["hits"] > 0
        and uid not in data["mended"]
        and supply.in_supply(g_tables, data, uid, scenario)
    ]


@RULES.implements("18", "11.06")
def mend_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> str:
    nation = state.nation(uid)
    has = data["sp"].get(nation, 0)
    if has < cost(g_tables):
        return f"18: repairing {uid} costs {cost(g_tables)} SP; {nation} has {has}"
    return ""


@RULES.implements("18", "11.06")
def mend(g: Context, f: Frame, uid: str, sp: int) -> None:
    g.data["sp"][state.nation(uid)] -= sp
    g.data["ground"][uid]["hits"] -= 1
    g.data["mended"].append(uid)
    g.log("log.mended", side=f["side"], unit=uid, sp=sp, left=g.data["ground"][uid]["hits"])
