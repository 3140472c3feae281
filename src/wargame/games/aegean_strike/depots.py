"""Supply depots (12.01; 7.07 steps 1-3): built on a side's supply sources for SP, dismantled for
SP, bombed, and consumed in the Final Stage to spare ground units the attrition hit.

The seed (table ``depots``)
- Final Stage step 1: the hits on the depots are cleared; a depot that takes 3 hits in one turn
  is destroyed, taken off the map as the third lands (a bombing strike, :mod:`air`).
- Step 2: a player may consume a depot to spare ground units of its nation the attrition hit.
- Step 3: a depot is built on a functioning supply source of its side if the source has at
  least 4 SP available, for 4 SP; a depot of any nation of a side on a functioning source of
  that side is dismantled for 4 SP to any one nation of the side.

Decisions (provisional: the supply chapter is lost)
- A source functions for a side when its nation is the side's in the scenario (the network's
  sources, :func:`supply.sources`) and no enemy ground unit stands on it.
- SP are kept by nation, not by source (the record track), so the SP available at a source are
  its nation's: the depot built there is that nation's, and that nation pays for it.
- One depot a hex, named by its hex: how many depot counters the box holds is lost.
- A depot built in a Final Stage is not dismantled in the same one: building and dismantling
  would otherwise pass SP between a side's nations without end.
- Step 2 (table ``depot_consumption``): before the attrition hits, each side with a depot on the
  map (public, so being asked tells nothing) consumes depots or is done, the Battlefield
  Controller first. A consumed depot leaves the map and spares the out-of-supply ground units
  of its nation within the table's range of it, counted straight; one that would spare no
  unit is refused.
- Step 3 comes before repair, its listed place, so that dismantled SP pay for repairs; both
  sides are always asked in turn, the Controller first, as in the repair step.
- A depot is seen by both sides, as an airbase is, wherever it stands: a large dump, and the
  transports that carry one fly with no mission marker (9.03), tracked as every aircraft is.
- Carriage by air (12.01, seed roster: the local transports carry depots; table
  ``depot_carriage``, provisional): a group of the table's transports on an airmobile transport
  mission carries the depot of its side in its base's hex instead of a ground unit, if its
  transport values added reach the table's weight (2, a brigade's), and sets it down where it
  lands: a friendly airbase, or a field landing (:mod:`field_landings`) if the table allows;
  never aboard a carrier, nor in a hex that holds a depot (one a hex). A unit the table does
  not name (a strategic transport) neither loads one nor joins a group carrying one. If every
  transport aborts the depot stays where it was (9.07).
- Carriage by trucks (12.01, seed: trucks carry depots; provisional, the truck rules are lost):
  a truck marching from a hex with a depot of its side may haul it to the hex it ends in, one
  depot a truck, never into a hex that holds one; the truck is then seen there until it moves
  again, the depot being public (:mod:`ground`).
- A bombing strike's hits on a depot (the air-to-ground chart, no ECM) each score a point, as an
  airbase's do, and count for no battlefield control (5).
- A depot supplies no unit by itself: the network's tracing rules are lost (:mod:`supply`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.aegean_strike import airdrop, ground, losses, state, supply
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.offers import offer
from wargame.games.aegean_strike.registry import RULES
from wargame.games.aegean_strike.sides_in_turn import SidesInTurn

BOMBING: Final = "bombing_strike"

RULES.stand_in(
    "12.01",
    "a depot is its source's nation's, one a hex, not dismantled the Final Stage it is built",
    key="depot_build",
)
RULES.stand_in(
    "12.01",
    "a consumed depot spares its nation's units out of supply within a range",
    key="consume",
)
RULES.stand_in("12.01", "depots are seen by both sides wherever they stand", key="depot_seen")
RULES.stand_in(
    "12.01",
    "local transports carry a depot, weighing a brigade, to a friendly airbase or the field; "
    "a marching truck hauls one and is seen where it sets it down",
    key="depot_carriage",
)


def side_depots(data: Mapping[str, Any], side: str) -> list[str]:
    """The hexes of the depots of ``side``'s nations."""
    return sorted(h for h, r in data["depots"].items() if data["nations"].get(r["nation"]) == side)


@RULES.implements("12.01")
def functioning_sources(data: Mapping[str, Any], side: str) -> dict[str, str]:
    """The supply sources functioning for ``side``, hex -> their nation: of its nations, with
    no enemy ground unit on them."""
    enemies = ground.enemy_hexes(data, side)
    return {
        s.hex: s.nation
        for s in forces().supply_sources.values()
        if data["nations"].get(s.nation) == side and s.hex not in enemies
    }


# -- step 1 and bombing --------------------------------------------------------------------------
@RULES.implements("7.07", "12.01")
def clear_hits(g: Context) -> None:
    """Step 1: the hits on every depot are taken off."""
    hit = sorted(h for h, r in g.data["depots"].items() if r["hits"])
    for hex_id in hit:
        g.data["depots"][hex_id]["hits"] = 0
    if hit:
        g.log("log.depot_hits_cleared", hexes=hit)


@RULES.implements("7.07", "12.01", "9.06")
def bomb(g: Context, flight: Mapping[str, Any]) -> None:
    """A bombing strike on the depot in the target hex: the strike units' bombing values on the
    air-to-ground chart; the depot is destroyed as its turn's hits reach the table's limit."""
    hex_id = flight["target_hex"]
    odds = losses.strike_odds(game_tables(g.state), g.data, flight, hex_id, depot=True)
    power = odds.power
    roll = g.roll(losses.D10, flight["side"], "strike")
    hits = odds.hits(roll)
    nation = g.data["depots"][hex_id]["nation"]
    g.log(
        "log.depot_strike", side=flight["side"], hex=hex_id, nation=nation, attack=power, hits=hits
    )
    hit(g, flight["side"], hex_id, hits)


def hit(g: Context, side: str, hex_id: str, hits: int) -> None:
    """``side`` scores ``hits`` on the depot in ``hex_id``, up to the hits that destroy it."""
    record = g.data["depots"][hex_id]
    limit = game_tables(g.state)["depots"].destroyed_at
    landed = max(0, min(hits, limit - record["hits"]))
    record["hits"] += landed
    g.data["score"][side] += landed
    if record["hits"] >= limit:
        del g.data["depots"][hex_id]
        g.log("log.depot_destroyed", hex=hex_id, nation=record["nation"])


# -- step 2: consumption -------------------------------------------------------------------------
@RULES.implements("7.07", "12.01")
def spared(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], hex_id: str, nation: str, scenario: str
) -> list[str]:
    """The ground units of ``nation`` out of supply within the consumption range of a depot in
    ``hex_id``: those its consumption spares the attrition hit."""
    reach = g_tables["depot_consumption"].range
    return [
        uid
        for uid, record in sorted(data["ground"].items())
        if record["hex"] is not None
        and state.nation(uid) == nation
        and state.distance(record["hex"], hex_id) <= reach
        and not supply.in_supply(g_tables, data, uid, scenario)
    ]


def consume_refusal(g: Context, hex_id: str) -> str:
    nation = g.data["depots"][hex_id]["nation"]
    g_tables = game_tables(g.state)
    if spared(g_tables, g.data, hex_id, nation, g.state.scenario):
        return ""
    reach = g_tables["depot_consumption"].range
    return f"12.01: no ground unit of {nation} within {reach} hexes of {hex_id} is out of supply"


class Attrition(SidesInTurn):
    """Final Stage step 2: each side with a depot may consume depots (a side with none is not
    asked: depots are public); then each ground unit out of supply and not spared takes its
    attrition hit (:func:`supply.attrition`)."""

    name = "attrition_step"
    decision_step = "consume"

    def begin(self, g: Context, f: Frame) -> None:
        f["consumed"] = []

    def asks(self, g: Context, f: Frame) -> bool:
        return bool(side_depots(g.data, f["side"]))

    def finish(self, g: Context, f: Frame) -> None:
        g_tables, scenario = game_tables(g.state), g.state.scenario
        saved = {u for h, n in f["consumed"] for u in spared(g_tables, g.data, h, n, scenario)}
        supply.attrition(g, saved)

    @decision
    def consume(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f["side"], "prompt.consume")
        for hex_id in side_depots(g.data, f["side"]):
            offer(choices, f"consume {hex_id}", consume_refusal(g, hex_id), _consume, hex_id)
        choices.add("done", _next_side)
        if "consume" not in choices.verbs():
            choices.prompt = "prompt.consume_short"
        return choices


@RULES.implements("7.07", "12.01")
def _consume(g: Context, f: Frame, hex_id: str) -> None:
    nation = g.data["depots"].pop(hex_id)["nation"]
    f["consumed"].append([hex_id, nation])
    g.log("log.depot_consumed", side=f["side"], hex=hex_id, nation=nation)


def _next_side(g: Context, f: Frame) -> None:
    g.goto("next_side")


# -- step 3: building and dismantling ------------------------------------------------------------
@RULES.implements("7.07", "12.01")
def build_refusal(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], hex_id: str, nation: str
) -> str:
    needs, has = g_tables["depots"].build_needs_sp, data["sp"].get(nation, 0)
    if has < needs:
        return f"12.01: a depot in {hex_id} needs {needs} SP of {nation} available; it has {has}"
    return ""


def dismantle_refusal(hex_id: str, built: list[str]) -> str:
    if hex_id in built:
        return f"12.01: the depot in {hex_id} was built in this Final Stage"
    return ""


def choices_for(g: Context, side: str, built: list[str]) -> Choices:
    """What ``side`` may build and dismantle on its functioning sources now."""
    choices = Decision.single(side, "prompt.depots")
    g_tables = game_tables(g.state)
    nations = sorted(n for n, owner in g.data["nations"].items() if owner == side)
    for hex_id, nation in sorted(functioning_sources(g.data, side).items()):
        depot = g.data["depots"].get(hex_id)
        if depot is None:
            reason = build_refusal(g_tables, g.data, hex_id, nation)
            offer(choices, f"build {hex_id}", reason, _build, hex_id, nation)
        elif g.data["nations"].get(depot["nation"]) == side:
            reason = dismantle_refusal(hex_id, built)
            for to in nations:
                offer(choices, f"dismantle {hex_id} {to}", reason, _dismantle, hex_id, to)
    if not choices.verbs():
        choices.prompt = "prompt.depots_short"
    choices.add("done", _done)
    return choices


class Building(SidesInTurn):
    """Final Stage step 3: each side in turn, the Controller first, builds and dismantles
    depots; both are always asked."""

    name = "depot_building"

    def begin(self, g: Context, f: Frame) -> None:
        f["built"] = []

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        return choices_for(g, f["side"], f["built"])


@RULES.implements("7.07", "12.01")
def _build(g: Context, f: Frame, hex_id: str, nation: str) -> None:
    cost = game_tables(g.state)["depots"].build_sp
    g.data["sp"][nation] = g.data["sp"].get(nation, 0) - cost
    g.data["depots"][hex_id] = {"nation": nation, "hits": 0}
    f["built"].append(hex_id)
    g.log("log.depot_built", side=f["side"], hex=hex_id, nation=nation, sp=cost)


@RULES.implements("7.07", "12.01")
def _dismantle(g: Context, f: Frame, hex_id: str, to: str) -> None:
    gain = game_tables(g.state)["depots"].dismantle_sp
    nation = g.data["depots"].pop(hex_id)["nation"]
    g.data["sp"][to] = g.data["sp"].get(to, 0) + gain
    g.log("log.depot_dismantled", side=f["side"], hex=hex_id, nation=nation, to=to, sp=gain)


def _done(g: Context, f: Frame) -> None:
    g.goto("next_side")


# -- carriage by air (12.01, 9.03) -------------------------------------------------------------
@RULES.implements("12.01", "9.03")
def at_base(data: Mapping[str, Any], side: str, base: str) -> str | None:
    """The hex of the depot of ``side``'s nations in the hex of ``base`` (an airbase or a
    landing in the field; a carrier holds none), if there is one."""
    where = None if state.is_carrier(base) else state.base_hex(data, base)
    record = data["depots"].get(where) if where else None
    if record is None or data["nations"].get(record["nation"]) != side:
        return None
    return where


def carries(g_tables: Mapping[str, Any], uid: str) -> bool:
    """Whether the air unit is of a role that carries depots (table ``depot_carriage``)."""
    role = forces().air_types[state.unit(uid).type].role
    return role in g_tables["depot_carriage"].carriers


def join_refusal(g_tables: Mapping[str, Any], uid: str) -> str:
    if carries(g_tables, uid):
        return ""
    return f"12.01: {uid} is no local transport; only local transports carry a depot"


@RULES.implements("12.01", "9.03")
def load_refusal(g_tables: Mapping[str, Any], units: list[str], hex_id: str) -> str:
    """Why the group may not carry the depot in ``hex_id`` ("" if it may): each unit of a
    carrying role, their transport values added reaching the depot's weight."""
    for uid in units:
        reason = join_refusal(g_tables, uid)
        if reason:
            return reason
    has, needs = airdrop.lift(units), g_tables["depot_carriage"].weight
    if has < needs:
        return f"12.01: the depot in {hex_id} needs {needs} transport points, the group has {has}"
    return ""


@RULES.implements("12.01", "9.03")
def landing_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], target: str) -> str:
    """Why a group carrying a depot may not land at ``target`` (a friendly base, or a hex in the
    field) ("" if it may)."""
    if state.is_carrier(target):
        return f"12.01: a depot is set down on land, not aboard {target}"
    if state.is_field(target) and not g_tables["depot_carriage"].field:
        return (
            f"12.01: a depot is set down only at a friendly airbase, not in the field at {target}"
        )
    where = state.base_hex(data, target)
    if where in data["depots"]:
        return f"12.01: {where} holds a depot already (one a hex)"
    return ""


@RULES.implements("12.01", "9.03", "9.07")
def carry(g: Context, flight: Mapping[str, Any], able: list[str]) -> None:
    """The group arrived: the depot it carries is set down in its target hex, if a transport
    arrived not aborted and the depot is still where it was loaded (else it stays there)."""
    origin, there = flight["depot"], flight["target_hex"]
    record = g.data["depots"].get(origin)
    if not able or record is None or there in g.data["depots"]:
        g.log("log.depot_carry_failed", side=flight["side"], hex=origin, to=there)
        return
    g.data["depots"][there] = g.data["depots"].pop(origin)
    g.log("log.depot_carried", side=flight["side"], hex=origin, to=there, nation=record["nation"])


ALL: Final[tuple[Procedure, ...]] = (Attrition(), Building())
