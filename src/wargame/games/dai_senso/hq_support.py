"""HQ ranged support (4.2.1.2): an HQ within two hexes of a combat may add its combat factor and
its column shift (4.2.3.5) to the attack or the defence, once a segment, if the combat holds a
ground unit of its nationality. The attacker names at most one HQ with its attacking units; the
defender may name one when no HQ is in the defending hex (4.2.2 steps 1 and 2).

Decisions
- An HQ that has attacked, defended (its hex attacked) or supported in the segment supports no
  later combat; a supporting HQ takes no result of the combat it supports.
- The support range is counted in hexes, across anything (the rules let it cross enemy units
  and all-sea hexes; neutral countries and PACs, which it may not cross, are not on the
  training scenario's map). Supply, which the HQ needs, is not played: every HQ counts as
  supplied.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.games.dai_senso import state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import Supply
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.supply import supplied

RANGE: Final = 2
"""An HQ's ranged-support distance in hexes ([DG]; supplement C8)."""


@RULES.implements("4.2.1.2", "10.3")
def supporting_hqs(
    data: Mapping[str, Any], side: str, target: str, fighting: list[str], table: Supply
) -> list[str]:
    """The HQs of ``side`` that may support the combat for ``target`` whose units are
    ``fighting`` (the attackers named, or the defenders): in range, of a nationality fighting,
    not yet in a combat this phase, and in supply (10.3)."""
    the_map = board()
    nationalities = {state.unit(uid).nationality for uid in fighting}
    return [
        uid
        for uid in state.own_units(data, side)
        if state.kind(uid) == "hq"
        and uid not in fighting
        and state.unit(uid).nationality in nationalities
        and the_map.distance(state.hex_of(data, uid), target) <= RANGE
        and not _taken_part(data, uid)
        and supplied(data, table, uid)
    ]


def _taken_part(data: Mapping[str, Any], uid: str) -> bool:
    return (
        uid in data["attacked"]
        or uid in data["hq_used"]
        or state.hex_of(data, uid) in data["attacked_hexes"]
    )
