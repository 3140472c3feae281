"""Paratroop drops (13.4, optional): a designed rule, the printed one being lost. What survives:
the component list's optional paratroop units, 4.22's note that paratroops have special
abilities, and 3.25's exception (after an uncontested paradrop, control changes only at the end
of the ground combat phase).

With the set-up option ``paratroops`` the paratroop blocks of forces.yaml (Japan, the USA, the
Commonwealth) join their powers' force pools at the start; they are built and replaced as
infantry. In the operational movement phase (1.15), instead of its move, a paratroop block may
drop:

* from a friendly-controlled, uncontested land area where it stands in full supply (3.6: the
  status of the first supply phase), not having moved this phase;
* into an enemy-controlled land area, contested or not, within ``t13_4_paratroops``'s reach:
  two land areas across any boundary, or across one sea area from a coast on it to another, as
  an LBA flies (T14), without stopping where enemy units stand (it flies over them);
* at most ``drops_per_turn`` drops a side each player turn (one).

The drop is recorded with the turn's invasions (:func:`movement.invasion_record`): a drop that
meets no enemy ground unit takes control at the end of the ground combat phase (3.25), a drop
into a defended area is fought as an invasion is, the defender with its first-round bonus
(7.21). Legality here; :mod:`movement` adds what a block of its power may enter and does it.

Decisions
---------
* **Modelled on marines** (4.26): a special ability of a ground block, no special action to
  spend (marines invade without one); the limit of drops a turn keeps it an occasional stroke.
* **Reach as an LBA's** (T14), the transport aircraft's: the one air range the game prints.
* **Into enemy-held areas only**: a drop into a battle the side already holds the area of is an
  ordinary reinforcement by land; an invaded area's 7.21 bonus would be wrong there.
* **Full supply to take off**: Europe Engulfed drops from a supplied area; a cut-off unit has no
  aircraft to fly it. Supply after landing is the final supply phase's, as for anyone (3.8): a
  drop beyond where supply can follow is lost.
* **Defended areas as invasions**: an airborne assault on a defended position is at least as
  hard as a landing; 7.21's bonus is the game's word for that.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from wargame.engine.board.paths import reachable
from wargame.engine.contract import OptionSpec
from wargame.engine.log import Side
from wargame.games.asia_engulfed.board import air_neighbours, area_map, coasts_of, seas_touching
from wargame.games.asia_engulfed.charts import Charts
from wargame.games.asia_engulfed.control import (
    FULL,
    add_to_pool,
    area,
    enemy,
    supply_of,
)
from wargame.games.asia_engulfed.forces import load as load_forces
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.state import PARATROOPS_IN_PLAY

OPTION: Final = "paratroops"
OPTIONS: Final = (
    OptionSpec(
        OPTION,
        False,
        (False, True),
        "Paratroops (13.4, designed): paratroop blocks join the force pools and may drop behind "
        "enemy lines",
    ),
)
DROPPED: Final = "dropped"  # an invasion record's count of paratroop drops

RULES.stand_in(
    "13.4",
    "With the option, paratroop blocks start in the force pools; one a side each player turn "
    "drops from full supply into an enemy-held area within T13.4's reach, as an invasion.",
    key="paratroop_drop",
)


@RULES.implements("13.4")
def join_pools(data: dict[str, Any]) -> None:
    """With the option, the paratroop blocks start in their powers' force pools; an open track
    says they are in play (the other side draws its blanks knowing it)."""
    forces = load_forces()
    data["tracks"][PARATROOPS_IN_PLAY] = 1
    for unit_id in sorted(forces.paratroops):
        add_to_pool(data, forces.units[unit_id].power, unit_id)


def is_paratroop(unit_id: str) -> bool:
    return unit_id in load_forces().paratroops


def drops_made(data: Mapping[str, Any]) -> int:
    """The phase player's drops this player turn."""
    return sum(record.get(DROPPED, 0) for record in data["invasions"].values())


@RULES.implements("13.4")
def drop_targets(data: Mapping[str, Any], unit_id: str, charts: Charts) -> Iterator[str]:
    """Each area the block ``unit_id``, a paratroop unit not moved yet, may reach with a drop,
    before what its power may enter (:func:`movement.drops`)."""
    if not is_paratroop(unit_id) or drops_made(data) >= charts.paratroops.drops_per_turn:
        return
    unit = data["units"][unit_id]
    side = unit["owner"]
    if not may_take_off(data, side, unit_id, unit["where"]):
        return
    for target in sorted(drop_reach(unit["where"], charts)):
        if data["control"].get(target) == enemy(side):
            yield target


@RULES.implements("13.4", "3.6")
def may_take_off(data: Mapping[str, Any], side: Side, unit_id: str, where: str) -> bool:
    """A drop starts from a friendly-controlled, uncontested land area, in full supply."""
    if where not in area_map().areas or area(where).is_sea:
        return False
    if data["control"].get(where) != side or where in data["contested"]:
        return False
    return supply_of(data, side, unit_id, where) == FULL


@RULES.implements("13.4")
def drop_reach(start: str, charts: Charts) -> set[str]:
    """The land areas a drop from ``start`` reaches: over land within the table's areas, across
    any boundary, or across one sea area ``start`` touches to a coast on it."""
    reach = charts.paratroops
    over_land = reachable(
        start,
        air_neighbours,
        can_enter=lambda _a, b: not area(b).is_sea,
        max_cost=reach.land_areas,
    )
    across = set()
    if reach.sea_areas:
        across = {b for sea in seas_touching(start) for b in coasts_of(sea) if not area(b).is_sea}
    return (over_land | across) - {start}
