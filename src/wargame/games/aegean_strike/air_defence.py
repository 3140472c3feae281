"""Soviet air defence (9.09), the simplest stand-in: the homeland's air-defence forces, printed
beside the airbases (spec §4.1.9 [EXT]), fire once at an enemy mission arriving at a target
within their range of a Soviet airbase in play, as ships fire (table ``soviet_air_defence``).

Decisions (provisional: the rule is lost)
- The fire is the table's strength less the group's best ECM on the Air/Naval chart; hits fall
  on the group and abort (9.07), as ship-to-air fire's do (:mod:`losses`).
- Only Soviet airbases defend, whether or not damaged, and only while the Soviet Union is in
  play; Bulgaria's bases have no such forces.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.procedure import Context
from wargame.games.aegean_strike import losses, state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.registry import RULES

SOVIET = "ussr"
RULES.stand_in(
    "9.09",
    "one fire at a mission arriving within range of a Soviet airbase (table soviet_air_defence)",
    key="air_defence",
)


def defended(g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str, hex_id: str) -> bool:
    """Whether a mission of ``side`` arriving in ``hex_id`` meets the Soviet air defence."""
    defender = data["nations"].get(SOVIET)
    if defender is None or defender == side:
        return False
    reach = int(g_tables["soviet_air_defence"].range)
    return any(
        state.distance(forces().airbases[base].hex, hex_id) <= reach
        for base in data["airbases"]
        if forces().airbases[base].nation == SOVIET
    )


@RULES.implements("9.09")
def fire(g: Context, flight: dict[str, Any]) -> None:
    g_tables = game_tables(g.state)
    fliers = [u for u in flight["units"] if u in g.data["air"]]
    if not fliers or not defended(g_tables, g.data, flight["side"], flight["target_hex"]):
        return
    value = int(g_tables["soviet_air_defence"].strength)
    power = losses.strength([value], [state.air_values(u).ecm for u in fliers])
    roll = g.roll(losses.D10, state.other(flight["side"]), "air_defence")
    hits = g_tables["air_naval_combat"].hits(power, roll)
    g.log("log.air_defence", hex=flight["target_hex"], attack=power, hits=hits)
    losses.spread(g, flight, fliers, hits)
