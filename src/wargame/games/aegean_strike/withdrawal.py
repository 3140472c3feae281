"""Ground unit withdrawal (11.13): a unit that marches out of a hex the enemy has declared a land
combat against disengages under fire.

Decisions (provisional: the section is lost, nothing of it is known)
- Leaving such a hex before the combat is fought is a withdrawal: the unit takes the
  ``withdrawal`` table's hits as it leaves (it may be eliminated by them), so that slipping out
  of a declared attack is neither free nor forbidden, as the defender's retreat after combat is
  not free either (16.03). The hits count as any other hit (17).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.procedure import Context
from wargame.games.aegean_strike import losses, state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.registry import RULES

RULES.stand_in(
    "11.13", "a unit leaving a hex under a declared enemy attack takes hits", key="withdrawal"
)


def is_withdrawal(data: Mapping[str, Any], uid: str, start: str) -> bool:
    """Whether ``uid`` leaving ``start`` leaves a hex an enemy combat is declared against."""
    side = state.side_of(data, uid)
    return any(c["hex"] == start and c["side"] != side for c in data["combats"])


@RULES.implements("11.13", "17")
def withdraw(g: Context, uid: str, start: str) -> None:
    """Give the hits of a withdrawal when ``uid`` has just left ``start``."""
    if not is_withdrawal(g.data, uid, start):
        return
    hits = int(game_tables(g.state)["withdrawal"].hits)
    g.log("log.withdrew", side=state.side_of(g.data, uid), unit=uid, hex=start, hits=hits)
    losses.damage(g, uid, hits)
