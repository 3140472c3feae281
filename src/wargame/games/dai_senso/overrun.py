"""Overrun (3.2): a multi-step armour-type unit moving hex to hex enters a land hex holding a
single one-step enemy ground unit and eliminates it, at no extra cost and ignoring that unit's
zone of control; it may overrun again in the same move.

An overrun is refused when the defender could receive any defender column shift (4.2.3): from
the hex's terrain or the hexside crossed, a fortress, or an HQ of the defending faction within
two hexes (its ranged-support distance), or Mud (11.3). Air units, the last, do not occur yet:
support units stay in the force pool.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.games.dai_senso import state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import TerrainEffects
from wargame.games.dai_senso.combat import hexside_shift
from wargame.games.dai_senso.registry import RULES

HQ_RANGE = 2
"""An HQ's ranged-support distance (4.2.1.2; [DG], supplement C8)."""


@RULES.implements("3.2")
def overrun_refusal(
    data: Mapping[str, Any],
    uid: str,
    here: str,
    there: str,
    tec: TerrainEffects,
    *,
    weather: Mapping[str, str],
) -> str:
    """Why the unit may not overrun the enemy in ``there`` from ``here`` ("" if it may)."""
    defenders = state.units_in(data, there)
    if state.kind(uid) != "armor_type" or data["units"][uid]["steps"] < 2:
        return f"3.2: only a multi-step armour-type unit may overrun the enemy in {there}"
    if len(defenders) != 1 or data["units"][defenders[0]]["steps"] != 1:
        return f"3.2: {there} holds more than one enemy step"
    (defender,) = defenders
    if state.kind(defender) == "fortress":
        return f"3.2: a fortress holds {there}"
    if weather.get(there) == "mud":
        return f"3.2: {there} is in mud"
    if _terrain_shift(here, there, tec):
        return f"3.2: the terrain of {there} would shift the odds"
    if _hq_near(data, there, state.faction(defender)):
        return f"3.2: an enemy HQ within {HQ_RANGE} hexes of {there} would shift the odds"
    return ""


def _terrain_shift(here: str, there: str, tec: TerrainEffects) -> int:
    the_map = board()
    crossed = hexside_shift(the_map.side_kinds(here, there), tec)
    return tec.hexes[the_map.hexes[there].terrain].shift + crossed


def _hq_near(data: Mapping[str, Any], hex_id: str, side: str) -> bool:
    the_map = board()
    return any(
        state.kind(uid) == "hq" and state.faction(uid) == side
        for near in the_map.grid.within(hex_id, HQ_RANGE)
        for uid in state.units_in(data, near)
    )
