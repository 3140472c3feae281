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
  play; Bulgaria's bases have no such forces. It fires once, however many bases reach the
  target: from the nearest (then the first by id), which its preview names.
- Each fire is worked out before its die by a pure function (:func:`ground_fire_odds`,
  :func:`air_defence_odds`, :class:`losses.GroupFire`), which play (:func:`losses.fire_at_group`)
  and the preview on the group's target (:mod:`air_previews`) both read.
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
    return defending_base(g_tables, data, side, hex_id) is not None


def defending_base(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str, hex_id: str
) -> str | None:
    """The Soviet airbase in play nearest ``hex_id`` (then the first by id) whose air defence
    fires at a mission of ``side`` arriving there, or None."""
    defender = data["nations"].get(SOVIET)
    if defender is None or defender == side:
        return None
    reach = int(g_tables["soviet_air_defence"].range)
    near = [
        (state.distance(forces().airbases[base].hex, hex_id), base)
        for base in data["airbases"]
        if forces().airbases[base].nation == SOVIET
    ]
    return min((found for found in near if found[0] <= reach), default=(0, None))[1]


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
def ground_fire_odds(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], flight: Mapping[str, Any]
) -> losses.GroupFire | None:
    """Ground-to-air: the enemy's anti-air ground units in range fire together at the group,
    on the air-to-ground chart; anti-radiation missiles lower it (19.08)."""
    enemy = state.other(flight["side"])
    firing = gunners(g_tables, data, enemy, flight["target_hex"])
    values = [(uid, int(state.ground_values(uid).anti_air)) for uid in firing]
    return losses.group_fire(g_tables, data, flight, "ground_fire", values,
                             chart="air_to_ground_combat", radar=True)  # fmt: skip


def ground_fire(g: Context, flight: dict[str, Any]) -> None:
    """Ground-to-air fire (:func:`ground_fire_odds`) at the arriving group."""
    fire = ground_fire_odds(game_tables(g.state), g.data, flight)
    losses.fire_at_group(g, flight, fire, units=len(fire.firers) if fire else 0)


@RULES.implements("9.09", "16.05")
def air_defence_odds(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], flight: Mapping[str, Any]
) -> losses.GroupFire | None:
    """The Soviet air defence's fire at a mission arriving within its range of a Soviet
    airbase: the table's strength, from the nearest such base, on the Air/Naval chart; no
    anti-radiation missile lowers it (19.08)."""
    base = defending_base(g_tables, data, flight["side"], flight["target_hex"])
    firers = [] if base is None else [(base, int(g_tables["soviet_air_defence"].strength))]
    return losses.group_fire(g_tables, data, flight, "air_defence", firers,
                             chart="air_naval_combat", radar=False)  # fmt: skip


def fire(g: Context, flight: dict[str, Any]) -> None:
    """The Soviet air defence's fire (:func:`air_defence_odds`) at the arriving group."""
    losses.fire_at_group(g, flight, air_defence_odds(game_tables(g.state), g.data, flight))
