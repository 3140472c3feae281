"""Ground-to-air combat (16.05) and Soviet air defence (9.09), the simplest stand-ins.

Ground-to-air (16.05; provisional: the rule is lost, 9.06 says only that a detected air unit
entering a ground unit's anti-air combat range may be fired at): when a mission group reaches
its target hex, the enemy ground units on the map with an anti-air value (air defence units,
headquarters) within ``ground_anti_air`` operational hexes of it (table ``detection``'s combat
ranges; across the maps as 16.12) fire once, together, as ships do (16.10): their anti-air
values added, less the group's best ECM, read on the air-to-ground chart (the chart 9.06 gives
ground combat; Gulf Strike's air defence units fire on it). The hits fall on the group and
abort (9.07); the units that fired are seen by the other side until they move (14.05). Aircraft
are always detected (14.02), so every arriving group may be fired at.

Soviet air defence (9.09): the homeland's air-defence forces, printed
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
from wargame.games.aegean_strike import detection, losses, optional, state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.registry import RULES

SOVIET = "ussr"
RULES.stand_in(
    "16.05",
    "anti-air ground units near the target fire once at the arriving group",
    key="ground_to_air",
)
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


def gunners(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str, hex_id: str
) -> list[str]:
    """The ground units of ``side`` on the map whose anti-air range reaches ``hex_id``."""
    reach = int(g_tables["detection"].combat_ranges.ground_anti_air)
    return [
        uid
        for uid, record in sorted(data["ground"].items())
        if record["hex"]
        and state.side_of(data, uid) == side
        and state.ground_values(uid).anti_air > 0
        and losses.in_range(record["hex"], hex_id, reach)
    ]


@RULES.implements("16.05", "16.12", "9.07", "19.08")
def ground_fire(g: Context, flight: dict[str, Any]) -> None:
    """Ground-to-air: the enemy's anti-air ground units in range fire together at the group."""
    g_tables = game_tables(g.state)
    enemy = state.other(flight["side"])
    firing = gunners(g_tables, g.data, enemy, flight["target_hex"])
    fliers = [u for u in flight["units"] if u in g.data["air"]]
    if not firing or not fliers:
        return
    power = losses.strength(
        [state.ground_values(u).anti_air for u in firing],
        [state.air_values(u).ecm for u in fliers],
    )
    power = optional.suppressed(g, flight, power)  # 19.08
    detection.fought(g.data, firing)
    roll = g.roll(losses.D10, enemy, "ground_fire")
    hits = g_tables["air_to_ground_combat"].hits(power, roll)
    g.log("log.ground_fire", hex=flight["target_hex"], units=len(firing), attack=power, hits=hits)
    losses.spread(g, flight, fliers, hits)


@RULES.implements("9.09", "16.05")
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
