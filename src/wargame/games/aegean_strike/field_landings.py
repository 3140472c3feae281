"""Airmobile transport's landings in the field (9.03, airmobile transport): the hexes outside an
airbase where a group may set its cargo down, the transports then waiting there, their flight
back to a friendly airbase, and their removal in the Final Stage if they are not back in time.

Decisions
- Who lands where is table ``field_landings`` (the seed's landing table): An-24, C-130 and Il-76
  in a Clear hex, the transport helicopters in a Clear or Rough one, the C-5 at friendly
  airbases only; a group lands where each of its units may. The terrain is the map's, as
  ground movement reads it (:func:`ground.hex_terrain`).
- A landing in the field is made in a land hex of the operational map that holds no airbase (a
  friendly airbase is landed at as a base; an enemy one is no place to land). Provisional: the
  strategic map's hexes are ten operational hexes across, too large for "next to".
- "Next to an enemy unit" is read from what the transporting side's map shows: the hex of every
  enemy ship and ground unit on the map (detected, or as the blank of one it does not detect,
  whose hex the view shows, 14), of every enemy air unit at its base or in the field and of
  every enemy EWDA on patrol (always seen), and the hexes next to them; a hex holding one is
  refused too. What a blank hides (which unit it is) plays no part, so the landings offered
  and refused reveal nothing the view does not. Provisional reading.
- The transports take the hex as their base (``data["air"][uid]["base"]``) and owe their return
  by the Final Stage of the landing's turn plus the table's ``back_within`` (``due``). One that
  lands in the field again keeps the earliest return it owes (it is still not back); landing at
  a friendly airbase or carrier (a ferry, or an airmobile transport to a base) clears it.
- From the field a transport flies as from a base (a ferry back within twice its allowance, or
  another transport mission, with the transports waiting in the same hex), spending no supply:
  no airbase's stocks are in the field (a depot carried there, :mod:`depots`, is none: it is
  kept for the Final Stage), and the seed lets the transport helicopters start missions
  from such hexes. Provisional.
- In the Final Stage, before its other steps, each transport still in the field whose return
  falls due that turn is removed from play (logged; it is no hit scored by the enemy). For the
  helicopters the seed says only "back during the next turn": removal in that turn's Final
  Stage is our reading (provisional, the table's ``removed``), the C-130's rule one turn later;
  a helicopter whose row says otherwise stays out, still owing its return.
- A bombing strike may fly to a field hex where enemy transports wait and attack one of them,
  the striker choosing which (``struck``), as it attacks one ground unit in a hex: air-to-ground
  combat (9.06, 16.06) on the chart and with the column shift of table ``field_strike``. The
  seed lets the transports wait in the field and says nothing of striking them; a real player
  would, and an air unit on the ground is hit through its base everywhere else (9.10 item 2),
  so here, with no base, the unit itself is the target. Provisional. Only the transports the
  side sees are offered, like every strike target (14: aircraft are always seen, so these
  reveal nothing). Close air support strikes the fighting ground units only and offers none.
- Transports waiting in the field are not taken when enemy ground units come next to them or
  into their hex: the seed says nothing of it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import cache
from typing import Any, Final

from wargame.engine.procedure import Context
from wargame.games.aegean_strike import airdrop, ground, state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.registry import RULES

VERB: Final = "field"

RULES.stand_in(
    "9.03",
    "a transport helicopter not back at a friendly airbase by the end of the next turn is removed",
    key="field_return",
)
RULES.stand_in(
    "9.03",
    "a bombing strike may attack a transport waiting in the field (table field_strike)",
    key="field_strike",
)
RULES.stand_in(
    "9.03",
    "field landings on the operational map, next to enemy units as the map shows them; "
    "no supply spent from the field",
    key="field_landings",
)


@cache
def landing_hexes() -> frozenset[str]:
    """The land hexes of the operational map that hold no airbase."""
    airbases = {base.hex for base in forces().airbases.values()}
    return frozenset(
        h
        for h in state.placeable_hexes()
        if not state.on_strategic(h) and ground.is_land(h) and h not in airbases
    )


def place_refusal(hex_id: str) -> str:
    """Why ``hex_id``, no landing hex, is none."""
    if state.on_strategic(hex_id):
        return f"9.03: {hex_id} is on the strategic map; field landings are operational-map hexes"
    if not ground.is_land(hex_id):
        return f"9.03: {hex_id} is all sea"
    return f"9.03: {hex_id} holds an airbase; a transport lands at a friendly one as its base"


def terrain_of(g_tables: Mapping[str, Any], uid: str) -> tuple[str, ...]:
    """The terrain ``uid`` may land on outside an airbase (none: friendly airbases only)."""
    row = g_tables["field_landings"].get(state.unit(uid).type)
    return () if row is None else tuple(row.terrain)


@RULES.implements("9.03")
def enemy_near(data: Mapping[str, Any], side: str) -> frozenset[str]:
    """The hexes of the enemy units ``side``'s map shows, and the hexes next to them."""
    enemy = state.other(side)
    found = {
        record["hex"]
        for key in ("naval", "ground")
        for uid, record in data[key].items()
        if record["hex"] and state.side_of(data, uid) == enemy
    }
    found |= {
        state.base_hex(data, record["base"]) or ""
        for uid, record in data["air"].items()
        if state.side_of(data, uid) == enemy
    }
    found |= {h for u, h in data["ewda"].items() if h and state.side_of(data, u) == enemy}
    found.discard("")
    return frozenset(found.union(*(state.neighbours(h) for h in found)))


@RULES.implements("9.03", "16.06", "14.04")
def struck(
    data: Mapping[str, Any], side: str, unseen: Collection[str] = ()
) -> dict[str, list[str]]:
    """The enemy transports waiting in the field (not in the air) that a bombing strike of
    ``side`` may attack, by hex; none ``side`` does not see (``unseen``, 14)."""
    enemy = state.other(side)
    flying = set(state.flying_units(data))
    found: dict[str, list[str]] = {}
    for uid, record in sorted(data["air"].items()):
        base = record["base"]
        if not state.is_field(base) or uid in flying or uid in unseen:
            continue
        if state.side_of(data, uid) == enemy:
            found.setdefault(base, []).append(uid)
    return found


class Fields:
    """Where a group of ``side`` may land in the field now (9.03)."""

    def __init__(self, g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str) -> None:
        self.g_tables, self.data = g_tables, data
        self.blocked = enemy_near(data, side)

    @RULES.implements("9.03", "9.04")
    def refusal(self, units: Sequence[str], hex_id: str) -> str:
        """Why the group may not land its cargo at ``hex_id`` ("" if it may)."""
        if hex_id not in landing_hexes():
            return place_refusal(hex_id)
        here = ground.hex_terrain()[hex_id]
        for uid in units:
            allowed = terrain_of(self.g_tables, uid)
            if not allowed:
                return f"9.03: {uid} lands only at friendly airbases"
            if here not in allowed:
                kinds = " or ".join(allowed)
                return f"9.03: {uid} lands in the field only in {kinds}; {hex_id} is {here}"
        if hex_id in self.blocked:
            return f"9.03: {hex_id} is next to an enemy unit"
        if not self._within(units, hex_id):
            return f"13.05: {hex_id} is beyond the group's reach (9.04)"
        return ""

    def _within(self, units: Sequence[str], hex_id: str) -> bool:
        where = state.base_hex(self.data, self.data["air"][units[0]]["base"])
        reach = min(airdrop.airmobile_reach(u) for u in units)
        return where is not None and state.distance(where, hex_id) <= reach

    def open(self, units: Sequence[str]) -> list[str]:
        """The hexes the group may land in, in order."""
        if not all(terrain_of(self.g_tables, u) for u in units):
            return []
        return sorted(h for h in landing_hexes() if not self.refusal(units, h))

    def any_open(self, units: Sequence[str]) -> bool:
        """Whether the group may land in some hex (without listing them all)."""
        if not all(terrain_of(self.g_tables, u) for u in units):
            return False
        return any(not self.refusal(units, h) for h in landing_hexes())

    def unlisted(self, units: Sequence[str], text: str) -> str:
        """Why a field landing a player names is refused ('' for no such action)."""
        verb, _, hex_id = text.partition(" ")
        if verb != VERB or hex_id not in forces().hexes:
            return ""
        return self.refusal(units, hex_id)


@RULES.implements("9.03")
def land(g: Context, units: Sequence[str], target: str) -> None:
    """The transports that arrived take ``target`` as their base: at a friendly airbase or
    carrier they are back; in the field they owe their return (the earliest they owe)."""
    landings = game_tables(g.state)["field_landings"]
    for uid in units:
        record = g.data["air"][uid]
        record["base"] = target
        if not state.is_field(target):
            record.pop("due", None)
            continue
        due = int(g.data["turn"]) + back_within(landings, uid)
        record["due"] = min(due, int(record.get("due", due)))
        g.log("log.in_field", unit=uid, hex=target, turn=due)


def back_within(landings: Mapping[str, Any], uid: str) -> int:
    row = landings.get(state.unit(uid).type)
    return 0 if row is None else int(row.back_within)


def overdue(record: Mapping[str, Any], turn: int) -> bool:
    """Whether an air unit is in the field with its return due by ``turn``."""
    return state.is_field(record["base"]) and int(record.get("due", turn)) <= turn


def removed_late(landings: Mapping[str, Any], uid: str) -> bool:
    row = landings.get(state.unit(uid).type)
    return row is None or bool(row.removed)


@RULES.implements("9.03", "7.07")
def remove_overdue(g: Context) -> None:
    """Final Stage: each transport still in the field whose return is due is removed (unless
    its row of table ``field_landings`` says not)."""
    turn = int(g.data["turn"])
    landings = game_tables(g.state)["field_landings"]
    for uid in sorted(g.data["air"]):
        record = g.data["air"][uid]
        if not overdue(record, turn) or not removed_late(landings, uid):
            continue
        del g.data["air"][uid]
        g.data["eliminated"].append(uid)
        g.log("log.stranded", unit=uid, hex=record["base"])
