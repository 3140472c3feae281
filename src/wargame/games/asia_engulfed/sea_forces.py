"""Who is at sea in a naval battle (8.3-8.4) and what the carriers there carry: each side's
fleets, submarine unit and air units over a sea area, and the CBA a carrier can still hold
(4.24, 8.42 g). Shared by the interception check, the night and day actions, the submarines
and the port attacks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from wargame.engine.log import Side
from wargame.engine.procedure import Context
from wargame.games.asia_engulfed.board import coasts_of
from wargame.games.asia_engulfed.charts import Charts, tables
from wargame.games.asia_engulfed.control import SIDES, area, blocks_at, enemy, supply_of
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.ground_combat import lose_air_step
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.state import BOX_PREFIX

SURFACE: Final = frozenset({"bb", "ca"})
ORPHAN_BOX: Final = "orphan_box"
CARRIER_FIRST: Final = ("cv", "bb", "ca")


# -- who is in a sea area -----------------------------------------------------------------


def fleets_in(data: Mapping[str, Any], side: Side, sea: str) -> list[str]:
    return blocks_at(data, side, sea, "fleet")


@RULES.implements("8.3", "8.31", "8.4")
def battle_seas(data: Mapping[str, Any]) -> list[str]:
    """The sea areas holding fleets of both sides, or a side's submarine unit and the other
    side's fleets (8.31: the sea areas submarines attack in)."""
    seas = {
        unit["where"]
        for unit in data["units"].values()
        if unit["public"]["kind"] == "fleet" and area(unit["where"]).is_sea
    }
    return sorted(
        sea
        for sea in seas
        if all(fleets_in(data, side, sea) for side in SIDES)
        or any(
            submarine_in(data, side, sea) and fleets_in(data, enemy(side), sea) for side in SIDES
        )
    )


def submarine_in(data: Mapping[str, Any], side: Side, sea: str) -> str | None:
    """``side``'s submarine unit if it is in ``sea``."""
    for counter_id, counter in sorted(data["counters"].items()):
        here = counter["type"] == "submarine" and counter["where"] == sea
        if here and side_of(counter["power"]) == side:
            return counter_id
    return None


def fleet_type(data: Mapping[str, Any], fleet_id: str) -> str:
    kind: str = data["units"][fleet_id]["hidden"]["type"]
    return kind


def steps(data: Mapping[str, Any], fleet_id: str) -> int:
    found: int = data["units"][fleet_id]["hidden"]["steps"]
    return found


def damaged(data: Mapping[str, Any], fleet_id: str) -> int:
    found: int = data["units"][fleet_id]["hidden"].get("damaged", 0)
    return found


def carried_air(data: Mapping[str, Any], fleet_id: str) -> list[str]:
    """The CBA in the unit box of the carrier ``fleet_id`` (none for a BB or CA)."""
    box = data["units"][fleet_id]["hidden"].get("carrier_box")
    if box is None:
        return []
    return sorted(
        c for c, counter in data["counters"].items() if counter["where"] == BOX_PREFIX + box
    )


@RULES.implements("8.25", "8.42")
def joining_lba(data: Mapping[str, Any], side: Side, sea: str) -> list[str]:
    """``side``'s LBA that may join a day action in ``sea`` from its second round: in an
    uncontested area of its side bordering the sea area, in supply (8.25, 3.6)."""
    coasts = set(coasts_of(sea))
    return sorted(
        counter_id
        for counter_id, counter in data["counters"].items()
        if counter["type"] == "lba"
        and side_of(counter["power"]) == side
        and counter["where"] in coasts
        and counter["where"] not in data["contested"]
        and data["control"].get(counter["where"]) == side
        and supply_of(data, side, counter_id, counter["where"]) != "out"
    )


def carrier_air(data: Mapping[str, Any], side: Side, sea: str) -> list[str]:
    return [c for fleet in fleets_in(data, side, sea) for c in carried_air(data, fleet)]


def flying(data: Mapping[str, Any], side: Side, sea: str, *, with_lba: bool) -> list[str]:
    """``side``'s air units over ``sea``: its carriers' CBA, and its LBA from the second round."""
    lba = joining_lba(data, side, sea) if with_lba else []
    return sorted([*carrier_air(data, side, sea), *lba])


def air_steps(data: Mapping[str, Any], counters: Sequence[str]) -> int:
    return sum(data["counters"][c]["steps"] for c in counters if c in data["counters"])


@RULES.implements("8.42", "4.24")
def carrier_room(data: Mapping[str, Any], fleet_id: str, charts: Charts) -> int:
    """The CBA steps a carrier carries: two a step, one a damaged step (8.42 g)."""
    per_step = 2  # 4.24: a CV step carries 2 CBA steps
    whole = steps(data, fleet_id) - damaged(data, fleet_id)
    return per_step * whole + damaged(data, fleet_id)


def fit_carrier_air(g: Context, sea: str, *, to_orphans: bool) -> None:
    """CBA beyond what their carrier can still carry are destroyed (8.42 g), full units
    reduced first; after damage resolution they go to the orphan box instead (8.6)."""
    for side in SIDES:
        for fleet_id in fleets_in(g.data, side, sea):
            fit_carrier(g, fleet_id, sea, to_orphans=to_orphans)


def fit_carrier(g: Context, fleet_id: str, sea: str, *, to_orphans: bool) -> None:
    room = carrier_room(g.data, fleet_id, tables(g.state))
    while air_steps(g.data, carried_air(g.data, fleet_id)) > room:
        boxed = carried_air(g.data, fleet_id)
        if to_orphans:
            g.data["counters"][boxed[-1]]["where"] = ORPHAN_BOX
            g.log("log.orphaned", unit=boxed[-1], area=sea)
            continue
        full = [c for c in boxed if g.data["counters"][c]["steps"] > 1]
        lose_air_step(g, (full or boxed)[0], sea)
