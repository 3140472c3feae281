"""Optional satellite detection (19.01): with the set-up option ``satellites``, the reconnaissance
satellites of the nations the ``satellites`` table names find the other side's ships at sea.

Decisions (provisional: only the optional rule's name survives, spec 4.10)
- At each Strategic Stage, a side one of whose nations the table names (the US, the USSR) sees
  every enemy ship of the table's categories (the surface ships, transports and carriers; not
  submarines) on the strategic map, the open sea a satellite pass covers; each stays seen until
  it moves, as a unit that fought does (14.05, ``detection.fought``). A ship near the coasts on
  the operational map keeps its cover: the radar satellites of the period told big ships on
  the open sea apart, not warships among islands.
- The pass rolls no die: detection here is by position alone (14), and the pass happens at a
  known moment, so that a fleet that must not be found moves after it.
"""

from __future__ import annotations

from typing import Final

from wargame.engine.procedure import Context
from wargame.games.aegean_strike import detection, state
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.registry import RULES

OPTION: Final = "satellites"

RULES.stand_in(
    "19.01",
    "with the option, US and Soviet satellites see enemy ships on the strategic map each turn",
    key="satellites",
)


@RULES.implements("19.01", "14.04")
def pass_over(g: Context) -> None:
    """The satellites' pass of the Strategic Stage (nothing without the option)."""
    rule = g.data.get(OPTION)
    if not rule:
        return
    for side in state.SIDES:
        if not set(rule["nations"]) & {n for n, s in g.data["nations"].items() if s == side}:
            continue
        found = [
            uid
            for uid, record in sorted(g.data["naval"].items())
            if state.side_of(g.data, uid) != side
            and record["hex"] is not None
            and state.on_strategic(record["hex"])
            and forces().naval_types[state.unit(uid).type].category in rule["categories"]
        ]
        detection.fought(g.data, found)
        g.log("log.satellite_pass", side=side, count=len(found))
