"""Consolidating fleets (8.11): a side's fleets of one type and one navy in one place merge into
as few fleets as can hold their steps; the blocks left empty go to the force pool. Mandatory in
the air/naval combat phase, before each night action and each day round (8.41, 8.42), once the
fleets are revealed.

Decisions
---------
* **Automatic in battle**: the rule asks for the fewest fleets, so there is no choice worth a
  click but which blocks stay. The blocks that stay are those holding the most steps (then the
  larger, then by id), so that as few steps as possible change block; each is filled to its
  maximum in that order.
* **A fleet with a damaged step does not consolidate** until damage resolution (8.6) has taken
  the step off: a block shows one damaged step at most, and two damaged fleets merged could not
  show theirs. Damage is resolved after every interception attempt, so this only waits for the
  second day round's end.
* **The Japanese elite CA never consolidates** (8.11); the DEI's fleets merge only with the
  DEI's (one navy).
* **A carrier's CBA** follow the steps: those in the box of a carrier block that leaves go to
  the boxes of the carriers that stay, where there is room (2 CBA steps a CV step, 4.24); the
  steps are the same, so there always is.
* Not here yet: the optional consolidation of the naval movement phase and in port (8.11), a
  choice the player would have to make.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.log import Side
from wargame.engine.procedure import Context
from wargame.games.asia_engulfed.charts import tables
from wargame.games.asia_engulfed.control import add_to_pool
from wargame.games.asia_engulfed.forces import load as load_forces
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.sea_forces import (
    ORPHAN_BOX,
    air_steps,
    carried_air,
    carrier_room,
    damaged,
    fleet_type,
    fleets_in,
    steps,
)
from wargame.games.asia_engulfed.state import BOX_PREFIX

RULES.stand_in(
    "8.11",
    "In battle fleets consolidate automatically: per navy and type the blocks with most steps "
    "stay, filled to their maximum; a fleet with a damaged step waits for damage resolution; "
    "the optional consolidation at sea or in port is not offered yet.",
    key="consolidation_by_priority",
)


def groups(data: Mapping[str, Any], side: Side, where: str) -> list[list[str]]:
    """``side``'s fleets in ``where`` that may merge, by navy and type: no elite CA, none with a
    damaged step (see the Decisions)."""
    found: dict[tuple[str, str], list[str]] = {}
    for fleet_id in fleets_in(data, side, where):
        hidden = data["units"][fleet_id]["hidden"]
        if hidden.get("elite") or damaged(data, fleet_id):
            continue
        found.setdefault((hidden["power"], fleet_type(data, fleet_id)), []).append(fleet_id)
    return [fleets for _key, fleets in sorted(found.items()) if len(fleets) > 1]


def keepers(data: Mapping[str, Any], fleets: list[str]) -> list[str]:
    """The fewest of ``fleets`` whose blocks hold all their steps, those with most steps first."""
    forces = load_forces()
    total = sum(steps(data, f) for f in fleets)
    order = sorted(fleets, key=lambda f: (-steps(data, f), -forces.units[f].max_steps, f))
    kept: list[str] = []
    for fleet_id in order:
        if sum(forces.units[f].max_steps for f in kept) >= total:
            break
        kept.append(fleet_id)
    return kept


@RULES.implements("8.11")
def consolidate(g: Context, side: Side, where: str) -> None:
    """Merge ``side``'s fleets in ``where`` into the fewest fleets of each navy and type."""
    for fleets in groups(g.data, side, where):
        kept = keepers(g.data, fleets)
        if len(kept) < len(fleets):
            _merge(g, fleets, kept, where)


def _merge(g: Context, fleets: list[str], kept: list[str], where: str) -> None:
    forces = load_forces()
    left = sum(steps(g.data, f) for f in fleets)
    for fleet_id in kept:
        held = min(forces.units[fleet_id].max_steps, left)
        g.data["units"][fleet_id]["hidden"]["steps"] = held
        left -= held
    for fleet_id in (f for f in fleets if f not in kept):
        _rebox(g, fleet_id, kept)
        unit = g.data["units"].pop(fleet_id)
        add_to_pool(g.data, unit["hidden"]["power"], fleet_id)
        g.data["known_in_pool"] = sorted([*g.data["known_in_pool"], fleet_id])
        g.log("log.fleet_consolidated", unit=fleet_id, area=where)


def _rebox(g: Context, leaving: str, kept: list[str]) -> None:
    """The CBA of a carrier block that leaves go to the carriers that stay, where there is
    room; a unit no box has whole room for goes to the orphan box (8.6's end for CBA without
    a carrier)."""
    charts = tables(g.state)
    for counter_id in carried_air(g.data, leaving):
        counter = g.data["counters"][counter_id]
        counter["where"] = ORPHAN_BOX
        for fleet_id in kept:
            aboard = air_steps(g.data, carried_air(g.data, fleet_id))
            if carrier_room(g.data, fleet_id, charts) - aboard >= counter["steps"]:
                counter["where"] = BOX_PREFIX + g.data["units"][fleet_id]["hidden"]["carrier_box"]
                break
