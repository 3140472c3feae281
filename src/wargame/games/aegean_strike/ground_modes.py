"""Ground unit modes (11.02): Front-line or Reserve, set in the Unit Assignment Stage (7.02), and
which ground units spend MP in each Movement Phase segment (7.04-7.06 item 1).

Decisions (provisional: the ground rules are lost; the seed's sequence of play keeps the two
modes and the segments each moves in, the spec's 4.3 says Reserve needs a friendly HQ nearby)
- A ground unit keeps its mode until its owner changes it in a Unit Assignment Stage; a unit
  never given one is Front-line. Trucks and HQs are always Front-line. A unit may go into
  Reserve only on the map, within the ``reserve`` table's ``hq_range`` (operational hexes) of
  an HQ of its own side: a Gulf Strike-style corps reserve held behind the line (on the
  strategic map, ten operational hexes a hex, only in the HQ's own hex).
- Segments (the seed's table, spec 3.5): in the first segment of Action Stage 1 the Battlefield
  Controller's Front-line units march; in the first of Stage 2 its Reserve units; in the first
  of Stage 3 the Reactor's Front-line units and its Reserve units that have spent no MP this
  turn. The side acting in a first segment declares land combats. In the second segment of
  each stage the side acting may march Reserve units only to join a land combat the other
  side declared: the march must end in a hex that combat attacks (the unit defends there);
  in Stage 3 only Reserve units that have spent no MP this turn. A Reactor's Reserve unit may
  join in both Stage 1 and Stage 2 (spec 3.5's reading); having spent MP it sits out Stage 3.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from wargame.games.aegean_strike import state
from wargame.games.aegean_strike.registry import RULES

FRONT: Final = "front"
RESERVE: Final = "reserve"
MODES: Final = (FRONT, RESERVE)
ALWAYS_FRONT: Final = frozenset({"truck", "hq"})

RULES.stand_in(
    "11.02",
    "Front-line or Reserve near an HQ; Reserve units march in later segments or join defences",
    key="modes",
)


@dataclass(frozen=True)
class Permit:
    """Which ground units of the acting side may spend MP in a segment, and whether it
    declares land combats."""

    front: bool
    reserve: bool
    join_only: bool
    unspent_only: bool
    declare: bool


@RULES.implements("11.02", "7.04", "7.05", "7.06")
def permit(stage: int, first_segment: bool) -> Permit:
    if first_segment:
        return Permit(
            front=stage in (1, 3),
            reserve=stage in (2, 3),
            join_only=False,
            unspent_only=stage == 3,
            declare=True,
        )
    return Permit(front=False, reserve=True, join_only=True, unspent_only=stage == 3, declare=False)


def in_reserve(data: Mapping[str, Any], uid: str) -> bool:
    """A unit's mode is kept in its own record, which a side that does not detect the unit
    never reads (14)."""
    record = data["ground"].get(uid)
    return record is not None and record.get("mode") == RESERVE


def spent(data: Mapping[str, Any], uid: str) -> bool:
    """Whether ``uid`` has spent MP this turn."""
    return bool(data["ground"][uid].get("spent"))


def set_mode(data: dict[str, Any], uid: str, mode: str) -> None:
    record = data["ground"][uid]
    if mode == RESERVE:
        record["mode"] = RESERVE
    else:
        record.pop("mode", None)


def new_turn(data: dict[str, Any]) -> None:
    """No ground unit has spent MP yet this turn."""
    for record in data["ground"].values():
        record.pop("spent", None)


def always_front(uid: str) -> bool:
    return state.unit(uid).type in ALWAYS_FRONT


@RULES.implements("11.02")
def reserve_refusal(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    uid: str,
    hqs: tuple[str, ...] | None = None,
) -> str:
    """Why ``uid`` may not go into Reserve now ("" if it may); ``hqs``, the hexes of its side's
    HQs (:func:`hq_hexes`), when the caller asks for many units of one side."""
    if always_front(uid):
        return f"11.02: {uid} is always Front-line"
    here = data["ground"][uid]["hex"]
    if here is None:
        return f"11.02: {uid} is aboard {data['ground'][uid]['aboard']}"
    reach = int(g_tables["reserve"].hq_range)
    side = state.side_of(data, uid)
    if hqs is None:
        hqs = hq_hexes(data, side)
    if _near_any(here, hqs, reach):
        return ""
    return f"11.02: no HQ of {side} within {reach} hexes of {uid}"


@functools.lru_cache(maxsize=1 << 16)
def _near_any(here: str, hexes: tuple[str, ...], reach: int) -> bool:
    """Whether one of ``hexes`` is within ``reach`` of ``here`` (kept: the unit assignment lists
    every ground unit's Reserve refusal again after each mode a side sets)."""
    return any(state.distance(here, there) <= reach for there in hexes)


def hq_hexes(data: Mapping[str, Any], side: str) -> tuple[str, ...]:
    """The hexes of ``side``'s HQs on the map (11.02's Reserve reaches out from them)."""
    return tuple(
        record["hex"]
        for hq, record in data["ground"].items()
        if record["hex"] is not None
        and state.unit(hq).type == "hq"
        and state.side_of(data, hq) == side
    )


@RULES.implements("11.02")
def march_refusal(data: Mapping[str, Any], uid: str, allowed: Permit) -> str:
    """Why ``uid``'s mode keeps it from marching in this segment ("" if it may march)."""
    if not in_reserve(data, uid):
        return "" if allowed.front else f"11.02: Front-line {uid} does not march in this segment"
    if not allowed.reserve:
        return f"11.02: Reserve {uid} does not march in this segment"
    if allowed.unspent_only and spent(data, uid):
        return f"11.02: Reserve {uid} has spent MP this turn"
    return ""


@RULES.implements("11.02")
def joinable(data: Mapping[str, Any], side: str) -> set[str]:
    """The hexes of ``side`` that the other side's declared land combats attack."""
    return {c["hex"] for c in data["combats"] if c["side"] != side}


def may_act(data: Mapping[str, Any], side: str, allowed: Permit) -> bool:
    """Whether a ground segment has anything for ``side`` to do (else it is not played)."""
    if allowed.declare:
        return True
    if not joinable(data, side):
        return False
    return any(in_reserve(data, u) and state.side_of(data, u) == side for u in data["ground"])


def reserve_units(data: Mapping[str, Any], side: str) -> list[str]:
    """``side``'s ground units that may hold a mode, in id order: none on a special operation
    (11.12)."""
    return sorted(
        u
        for u, r in data["ground"].items()
        if state.side_of(data, u) == side and not always_front(u) and not r.get("special_op")
    )
