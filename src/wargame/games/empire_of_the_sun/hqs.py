"""Headquarters as the cards name them (5.31 A) and the HQs a side can use now (7.5)."""

from __future__ import annotations

from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import supply
from wargame.games.empire_of_the_sun.forces import record

HQ_KEYS = {
    "us-hq-cenpac": "central_pacific",
    "us-hq-swpac": "southwest_pacific",
    "us-hq-sopac-ghormley": "south_pacific",
    "us-hq-sopac-halsey": "south_pacific",
    "cw-hq-seac": "seac",
    "cw-hq-malaya": "malaya",
    "jt-hq-anzac": "anzac",
    "jt-hq-abda": "abda",
    "jp-hq-cf-yamamoto": "combined_fleet",
    "jp-hq-cf-ozawa": "combined_fleet",
    "jp-hq-south": "south",
    "jp-hq-south-seas": "south_seas",
}


def hq_key(unit_id: str) -> str:
    """The key cards use to name an HQ in their restrictions and logistics values."""
    return HQ_KEYS[unit_id]


def hqs_in_supply(g: Context, side: str, restriction: list[str]) -> list[str]:
    """The side's HQs on the map and in supply, among those a card names if it names any
    (5.31 A)."""
    found = supply.supply(g)
    return [  # the HQs supply places on the map, in the game data's order as on the map
        u
        for u, _ in found.headquarters(side)
        if found.hq(u) and (not restriction or hq_key(record(g, u).id) in restriction)
    ]
