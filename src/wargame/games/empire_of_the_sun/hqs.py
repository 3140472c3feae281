"""Headquarters as the cards name them (5.31 A) and the HQs a side can use now (7.5)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import forces, supply
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.registry import RULES

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


@RULES.implements("7.52", "7.53", "11.31")
def commanded(
    g: Context,
    hq_id: str,
    supplied: Iterable[str],
    event_commands: Callable[[Context, str, str], bool] | None = None,
) -> list[str]:
    """Units the HQ may activate, among those in supply: in activation range, of a nationality
    it commands (or one the event lets it command, 5.3), not a B-29 that bombed Japan this turn."""
    reach = supply.activation_range(g, hq_id)

    def commands(unit_id: str) -> bool:
        if supply.hq_commands(g, hq_id, unit_id):
            return True
        return event_commands is not None and bool(event_commands(g, hq_id, unit_id))

    return [
        u
        for u in supplied
        if record(g, u).unit_class != "hq"
        and forces.at(g, u) in reach
        and commands(u)
        and not forces.flagged(g, "bombed", u)
    ]
