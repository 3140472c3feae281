"""Special forces on special operations (11.12): deployed and recalled in the Unit Assignment
Stage (7.02), raiding an enemy airbase.

Decisions (provisional: the rule is lost; the seed says every nation has special forces, only the
US and the USSR run special operations, deployed and recalled in the Unit Assignment Stage, and a
unit on one has no mode; the supplement says Spetsnaz raid as the Green Berets of Gulf Strike do)
- In the Unit Assignment Stage a special forces unit of a nation the ``special_operations``
  table names (the US, the USSR), on the map, may be deployed against an enemy airbase within
  the table's ``raid_range`` (operational hexes) of its hex. It stays in its hex, where it may
  be attacked and defends, but it has no mode, does not march and attacks no one until recalled.
- At the start of each later Unit Assignment Stage each unit still deployed raids its airbase:
  on a d10 at most ``raid_chance`` the base takes one hit (9.10 item 2's hits, which can make
  it inoperative and score for the raiding side). A unit whose target is out of range or no
  longer the enemy's comes back by itself.
- A unit is recalled in a Unit Assignment Stage, and may then march and fight again.
- Reconnaissance is not played: detection keeps its own rules (14).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context
from wargame.engine.state import Frame
from wargame.games.aegean_strike import losses, state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.losses import D10
from wargame.games.aegean_strike.registry import RULES

SPECIAL_FORCES: Final = "special_forces"

RULES.stand_in(
    "11.12",
    "US and Soviet special forces deployed at assignment raid an enemy airbase each turn",
    key="raids",
)


def on_operation(data: Mapping[str, Any], uid: str) -> str | None:
    """The airbase ``uid`` is deployed against (None: not on a special operation)."""
    record = data["ground"].get(uid)
    return None if record is None else record.get("special_op")


def special_forces(data: Mapping[str, Any], side: str) -> list[str]:
    return sorted(
        u
        for u in data["ground"]
        if state.side_of(data, u) == side and state.unit(u).type == SPECIAL_FORCES
    )


@RULES.implements("11.12")
def raid_targets(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> list[str]:
    """The enemy airbases within the raid range of ``uid``'s hex."""
    here = data["ground"][uid]["hex"]
    if here is None:
        return []
    reach = int(g_tables["special_operations"].raid_range)
    return state.enemy_airbases_within(data, state.side_of(data, uid), here, reach)


@RULES.implements("11.12")
def deploy_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> str:
    """Why ``uid`` may not go on a special operation now ("" if it may)."""
    table = g_tables["special_operations"]
    if state.nation(uid) not in table.nations:
        return f"11.12: only {', '.join(table.nations)} special forces run special operations"
    record = data["ground"][uid]
    if record["hex"] is None:
        return f"11.12: {uid} is aboard {record['aboard']}"
    if not raid_targets(g_tables, data, uid):
        return f"11.12: no enemy airbase within {table.raid_range} hexes of {uid}"
    return ""


def offer(g: Context, choices: Choices, side: str) -> None:
    """The deployments and recalls of ``side``'s special forces in the Unit Assignment Stage."""
    g_tables = game_tables(g.state)
    for uid in special_forces(g.data, side):
        if on_operation(g.data, uid):
            choices.add(f"recall {uid}", _recall, uid)
            continue
        reason = deploy_refusal(g_tables, g.data, uid)
        if reason:
            choices.refuse(f"raid {uid}", reason)
            continue
        for base in raid_targets(g_tables, g.data, uid):
            choices.add(f"raid {uid} {base}", _deploy, uid, base)


@RULES.implements("11.12")
def _deploy(g: Context, f: Frame, uid: str, base: str) -> None:
    record = g.data["ground"][uid]
    record["special_op"] = base
    record.pop("mode", None)  # a unit on a special operation has no mode
    g.log("log.special_op", side=f["side"], unit=uid, base=base)


def _recall(g: Context, f: Frame, uid: str) -> None:
    g.data["ground"][uid].pop("special_op", None)
    g.log("log.special_op_recalled", side=f["side"], unit=uid)


@RULES.implements("11.12", "9.10")
def raid(g: Context) -> None:
    """At the start of the Unit Assignment Stage each deployed unit raids its airbase."""
    g_tables = game_tables(g.state)
    chance = int(g_tables["special_operations"].raid_chance)
    for uid in sorted(g.data["ground"]):
        base = on_operation(g.data, uid)
        if base is None:
            continue
        side = state.side_of(g.data, uid)
        if base not in raid_targets(g_tables, g.data, uid):
            g.data["ground"][uid].pop("special_op", None)
            g.log("log.special_op_recalled", side=side, unit=uid)
            continue
        roll = g.roll(D10, side, "raid")
        hits = 1 if roll <= chance else 0
        g.log("log.raid", side=side, unit=uid, base=base, hits=hits)
        losses.hit_airbase(g, {"side": side}, base, hits)
