"""Detachments (2.3.5): the Detachment marker printed on the back of some infantry units, a
small garrison that keeps a hex, its supply lines and its port working.

``data["detachments"]`` maps each unit flipped to its detachment side to its hex; the unit is
then off ``data["units"]`` (a marker, not a ground unit: no zone of control, no stacking, no
combat, no movement).

Recovered effects (supplement §4, [DG] §3.8): a detachment controls its hex, blocks enemy
supply lines, makes an airbase and a naval base of its hex (no supply needed, spec §2.7), keeps
its hex an open port of its faction; it does not negate an enemy zone of control; a hex holding
only detachment or logistics markers falls to an enemy ground unit entering it, with no die
roll, and the marker goes to the Delay box.

Decisions (provisional: creation and recovery are not recovered; table ``organization``)
- In the organization segment a supplied unit printed with one step, of a type that carries a
  detachment on its back (the table's ``detachment_types``: infantry), on land, flips to its
  detachment; a detachment whose hex traces supply flips back to its unit, within the stacking
  limits. A counter flips once a segment.
- A detachment back from the Delay box goes to the force pool as its unit (:mod:`delay`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.games.dai_senso import state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import OrganizationRules, Stacking
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.stacking import stacking_problem

RULES.stand_in(
    "2.3.5",
    "a supplied one-step infantry unit flips to its detachment; a supplied detachment flips back",
    key="detachments",
)


def placed(data: Mapping[str, Any]) -> dict[str, str]:
    """Each detachment on the map (the unit on its back) -> its hex."""
    found: dict[str, str] = data.get("detachments", {})
    return found


def in_hex(data: Mapping[str, Any], hex_id: str) -> list[str]:
    return sorted(uid for uid, where in placed(data).items() if where == hex_id)


def of_side(data: Mapping[str, Any], side: str) -> list[str]:
    return sorted(uid for uid in placed(data) if state.faction(uid) == side)


@RULES.implements("2.3.5")
def holder(data: Mapping[str, Any], hex_id: str) -> str | None:
    """The faction of the detachment in the hex, if any: it controls the hex."""
    found = in_hex(data, hex_id)
    return state.faction(found[0]) if found else None


@RULES.implements("2.3.5", "10.2")
def enemy_hexes(data: Mapping[str, Any], side: str) -> frozenset[str]:
    """The hexes of the other factions' detachments: no supply line of ``side`` enters them."""
    return frozenset(where for uid, where in placed(data).items() if state.faction(uid) != side)


@RULES.implements("2.3.5")
def bases(data: Mapping[str, Any], nationality: str) -> set[str]:
    """The hexes of the nationality's detachments: airbases, and naval bases at ports."""
    return {
        where for uid, where in placed(data).items() if state.unit(uid).nationality == nationality
    }


def carries_detachment(uid: str, table: OrganizationRules) -> bool:
    """A unit printed with one step, of a type with a detachment on its back."""
    unit = state.unit(uid)
    return unit.steps == 1 and unit.type in table.detachment_types


@RULES.implements("2.3.5", "10.3")
def detach_refusal(
    data: Mapping[str, Any], uid: str, table: OrganizationRules, supplied: bool
) -> str:
    """Why the unit may not flip to its detachment ("" if it may)."""
    if not carries_detachment(uid, table):
        return f"2.3.5: {uid} has no detachment on its back"
    if board().hexes[state.hex_of(data, uid)].sea:
        return "2.3.5: no detachment on a beachhead"
    if not supplied:
        return "2.3.5: a unit flips to its detachment only in supply (10.3)"
    return ""


@RULES.implements("2.3.5", "10.3", "9.2")
def rejoin_refusal(data: Mapping[str, Any], uid: str, limits: Stacking, traced: bool) -> str:
    """Why the detachment may not flip back to its unit ("" if it may): its hex must trace
    supply (``traced``) and take the unit within the stacking limits."""
    if not traced:
        return "2.3.5: a detachment flips back only in supply (10.3)"
    here = placed(data)[uid]
    units = [*state.units_in(data, here), uid]
    steps = {u: data["units"][u]["steps"] for u in units if u != uid} | {uid: 1}
    return stacking_problem(units, steps, limits)
