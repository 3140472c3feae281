"""Special forces on special operations (11.12): deployed and recalled in the Unit Assignment
Stage (7.02), raiding an enemy airbase or reconnoitring around a hex.

Decisions (provisional: the rule is lost; the seed says every nation has special forces, only the
US and the USSR run special operations, deployed and recalled in the Unit Assignment Stage, and a
unit on one has no mode; the supplement says Spetsnaz raid and reconnoitre as the Green Berets
of Gulf Strike do)
- In the Unit Assignment Stage a special forces unit of a nation the ``special_operations``
  table names (the US, the USSR), on the map, may be deployed against an enemy airbase within
  the table's ``raid_range`` (operational hexes) of its hex, or on reconnaissance to a land hex
  of its own map within the table's ``recon_range`` (its own hex too). It stays in its hex,
  where it may be attacked and defends, but it has no mode, does not march and attacks no one
  until recalled.
- At the start of each later Unit Assignment Stage each unit still deployed raids its airbase:
  on a d10 at most ``raid_chance`` the base takes one hit (9.10 item 2's hits, which can make
  it inoperative and score for the raiding side). A unit whose target is out of range or no
  longer the enemy's comes back by itself.
- A unit on reconnaissance is a detector of its side (14.01, 14.04) in the hex it watches:
  row ``special_forces`` of table ``detection`` (enemy ground units two hexes around, ships on
  the coast next to it; no aircraft, no submarines), for as long as it stays deployed. A unit
  whose hex is out of range at the start of a Unit Assignment Stage comes back by itself.
- The other side is told of a deployment no more than of a raid's: it sees the unit's record
  (its operation) only while it detects the unit; the log line of a reconnaissance goes to the
  deploying side alone.
- A unit is recalled in a Unit Assignment Stage, and may then march and fight again.
- Each ``raid UNIT BASE`` carries the preview of the raid (:mod:`chance_previews`), from
  :func:`raid_odds`, the odds the raid is rolled with in play.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, Final

from wargame.engine.procedure import Choices, Context
from wargame.engine.state import Frame
from wargame.games.aegean_strike import chance_previews, ground, losses, state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.losses import D10, ChanceOdds
from wargame.games.aegean_strike.registry import RULES

SPECIAL_FORCES: Final = "special_forces"
"""The ground type of special forces, and the detector (table ``detection``) one on
reconnaissance is."""

RULES.stand_in(
    "11.12",
    "US and Soviet special forces deployed at assignment raid an enemy airbase each turn",
    key="raids",
)
RULES.stand_in(
    "11.12",
    "US and Soviet special forces deployed at assignment watch around a hex near them",
    key="recon",
)


def on_operation(data: Mapping[str, Any], uid: str) -> str | None:
    """The airbase or hex ``uid`` is deployed against (None: not on a special operation)."""
    record = data["ground"].get(uid)
    return None if record is None else record.get("special_op")


def reconnoitring(data: Mapping[str, Any], uid: str) -> str | None:
    """The hex ``uid`` reconnoitres (None: not on reconnaissance)."""
    record = data["ground"].get(uid)
    if record is None or not record.get("recon"):
        return None
    found: str | None = record.get("special_op")
    return found


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


@RULES.implements("11.12", "14.01")
def recon_targets(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> list[str]:
    """The land hexes of its map within the reconnaissance range of ``uid``'s hex."""
    here = data["ground"][uid]["hex"]
    if here is None:
        return []
    reach = int(g_tables["special_operations"].recon_range)
    return sorted(h for h in state.hexes_within(here, reach) if ground.is_land(h))


@RULES.implements("11.12")
def deploy_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> str:
    """Why ``uid`` may not go on a special operation now ("" if it may)."""
    table = g_tables["special_operations"]
    if state.nation(uid) not in table.nations:
        return f"11.12: only {', '.join(table.nations)} special forces run special operations"
    record = data["ground"][uid]
    if record["hex"] is None:
        return f"11.12: {uid} is aboard {record['aboard']}"
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
            choices.refuse(f"recon {uid}", reason)
            continue
        _offer_raids(g, g_tables, choices, uid)
        for hex_id in recon_targets(g_tables, g.data, uid):
            choices.add(f"recon {uid} {hex_id}", _reconnoitre, uid, hex_id)


def _offer_raids(g: Context, g_tables: Mapping[str, Any], choices: Choices, uid: str) -> None:
    """``uid``'s raids, each with its preview (issue 18)."""
    bases = raid_targets(g_tables, g.data, uid)
    if not bases:
        reach = g_tables["special_operations"].raid_range
        choices.refuse(f"raid {uid}", f"11.12: no enemy airbase within {reach} hexes of {uid}")
    for base in bases:
        note = partial(chance_previews.later, chance_previews.raid_preview, g, uid, base)
        choices.add(f"raid {uid} {base}", _deploy, uid, base, later=note)


@RULES.implements("11.12")
def raid_odds(g_tables: Mapping[str, Any]) -> ChanceOdds:
    """A raid's odds: one hit on its airbase on a d10 of the table's ``raid_chance`` or less."""
    return ChanceOdds(
        "11.12", "special_operations", int(g_tables["special_operations"].raid_chance), 1
    )


@RULES.implements("11.12")
def _deploy(g: Context, f: Frame, uid: str, base: str) -> None:
    record = g.data["ground"][uid]
    record["special_op"] = base
    record.pop("mode", None)  # a unit on a special operation has no mode
    g.log("log.special_op", side=f["side"], unit=uid, base=base)


@RULES.implements("11.12", "14.01")
def _reconnoitre(g: Context, f: Frame, uid: str, hex_id: str) -> None:
    record = g.data["ground"][uid]
    record["special_op"] = hex_id
    record["recon"] = True
    record.pop("mode", None)
    g.log_private([f["side"]], "log.recon", {"side": f["side"], "unit": uid, "hex": hex_id})


def _recall(g: Context, f: Frame, uid: str) -> None:
    _back(g.data, uid)
    g.log("log.special_op_recalled", side=f["side"], unit=uid)


def _back(data: dict[str, Any], uid: str) -> None:
    data["ground"][uid].pop("special_op", None)
    data["ground"][uid].pop("recon", None)


@RULES.implements("11.12", "9.10")
def raid(g: Context) -> None:
    """At the start of the Unit Assignment Stage each deployed unit raids its airbase; a unit
    whose airbase or reconnoitred hex is out of range comes back."""
    g_tables = game_tables(g.state)
    odds = raid_odds(g_tables)
    for uid in sorted(g.data["ground"]):
        base = on_operation(g.data, uid)
        if base is None:
            continue
        side = state.side_of(g.data, uid)
        recon = reconnoitring(g.data, uid) is not None
        reach = recon_targets if recon else raid_targets
        if base not in reach(g_tables, g.data, uid):
            _back(g.data, uid)
            g.log("log.special_op_recalled", side=side, unit=uid)
            continue
        if recon:
            continue
        roll = g.roll(D10, side, "raid")
        hits = odds.on(roll)
        g.log("log.raid", side=side, unit=uid, base=base, hits=hits)
        losses.hit_airbase(g, {"side": side}, base, hits)
