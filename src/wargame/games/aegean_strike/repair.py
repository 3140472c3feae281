"""Repair of units in the Final Stage (7.07 step 4, 11.06, 18), beside the airbases' (9.10).

Decisions (provisional: the repair rules are lost; table ``unit_repair``)
- A ground unit in supply (:mod:`supply`) with hits may have one repaired each Final Stage, its
  nation paying the ``unit_repair`` table's SP; the owner chooses which, as with airbases.
- Air units and ships are refitted for no SP, up to a capacity (the seed: air units' repair
  capacity is small beside the damage they take; naval repair is limited). An air unit at an
  operative airbase of its side has a hit repaired, each base repairing up to the table's hits
  for its size a Final Stage; none at an inoperative base (the seed), none aboard a carrier (the
  seed names bases only). A ship In port in a port that supplies its side's ships (10.05: its
  nations' ports, supply sources, anchorages abroad) has a hit repaired, up to the table's
  hits a port; none Under way. The map tells no major port from a minor one, so a carrier
  repairs where any ship does.
- No unit has more than one hit repaired a Final Stage. A base repaired back to operation in the
  same decision (9.10) repairs its air units at once, since the player chooses the order.
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
RULES.stand_in(
    "18", "air units at an operative base, ships In port, a few hits a turn", key="refit"
)


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


# -- air units and ships (18) ---------------------------------------------------------------------
def refittable(data: Mapping[str, Any], side: str) -> list[str]:
    """The air units and ships of ``side`` with hits, not repaired this Final Stage."""
    flying = set(state.flying_units(data))
    air = [u for u in state.own_air(data, side) if data["air"][u]["hits"] and u not in flying]
    ships = [u for u in state.own_ships(data, side) if data["naval"][u]["hits"]]
    return [uid for uid in air + ships if uid not in data["mended"]]


def refits(g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str) -> dict[str, str]:
    """Each refittable unit of ``side`` with why it may not be repaired now ('' if it may)."""
    ports = supply.naval_bases(g_tables, data, side)
    return {
        uid: air_refusal(g_tables, data, uid)
        if uid in data["air"]
        else ship_refusal(g_tables, data, uid, ports)
        for uid in refittable(data, side)
    }


def _repaired_at(data: Mapping[str, Any], place: str) -> int:
    """The hits repaired at an airbase or port hex this Final Stage (one a unit)."""
    bases = [data["air"][u]["base"] for u in data["mended"] if u in data["air"]]
    ports = [data["naval"][u]["hex"] for u in data["mended"] if u in data["naval"]]
    return (bases + ports).count(place)


@RULES.implements("18", "9.10")
def air_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> str:
    base = data["air"][uid]["base"]
    if state.is_carrier(base):
        return f"18: {uid} is aboard {base}; air units are repaired only at an airbase"
    if state.is_field(base):
        return f"18: {uid} is in the field at {base}; air units are repaired only at an airbase"
    if base in data["inoperative"]:
        return f"18: {uid}'s base {base} is inoperative"
    limit = g_tables["unit_repair"].air_hits(state.airbase_size(base))
    if _repaired_at(data, base) >= limit:
        return f"18: {base} has repaired its {limit} hit(s) this Final Stage"
    return ""


@RULES.implements("18", "10.02")
def ship_refusal(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, ports: frozenset[str]
) -> str:
    """``ports``: the hexes that supply the ship's side (:func:`supply.naval_bases`)."""
    here = data["naval"][uid]["hex"]
    if not data["naval"][uid].get("in_port"):
        return f"18: {uid} is Under way; a ship is repaired only In port"
    if here not in ports:
        return f"18: {uid}'s port {here} does not supply its side's ships"
    limit = g_tables["unit_repair"].ship_hits_per_port
    if _repaired_at(data, here) >= limit:
        return f"18: the port {here} has repaired its {limit} hit(s) this Final Stage"
    return ""


@RULES.implements("18")
def refit(g: Context, f: Frame, uid: str) -> None:
    record = g.data["air"][uid] if uid in g.data["air"] else g.data["naval"][uid]
    record["hits"] -= 1
    g.data["mended"].append(uid)
    g.log("log.refitted", side=f["side"], unit=uid, left=record["hits"])
