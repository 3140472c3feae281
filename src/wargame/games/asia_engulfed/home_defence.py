"""Home defence forces (9.16, table T21): the Japanese militia steps the information track
keeps for Honshu, Shikoku and Kyushu (tracks ``militia_<area>``, 12, 4 and 4 at the start).

While a home area's track is above 0, Japan occupies the area (3.25: an Allied unit entering
contests it) and the steps fight there as one Japanese militia piece, ``home_defence:<area>``:
a die a step (militia: no hit bonus), each loss a step off the track. In each round they fire,
exactly a quarter of them, rounded up, charge banzai (9.14): those dice get its +1, and the steps
are gone once the round's hits are applied, but one of them stays when no Allied unit is left.

Decisions
---------
* **One piece**: the steps are not blocks, so they have no id or fog; a loss is a step off the
  track, taken like a garrison's, as Japan allocates it (6.25: each step is a full-strength
  one-step militia unit).
* **No voluntary banzai** for them (9.14): 9.16 fixes the share, "no more and no fewer".
* **Building more steps** (9.16's last sentence) is a purchase of Japan's production phase, where
  every other step is bought: a step at T6 ``t6_home_defence_cost`` (designed: 1 WERP, a
  militia step's price) in a home area Japan controls, contested or not; no supply, port or
  count limit, as 9.16 names none (the steps are on the information track, not blocks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Context
from wargame.games.asia_engulfed.board import area_map
from wargame.games.asia_engulfed.registry import RULES

PREFIX: Final = "home_defence:"
JAPAN: Final = "japan"


def track(where: str) -> str:
    return f"militia_{where}"


def steps(data: Mapping[str, Any], where: str) -> int:
    """The home-defence steps in ``where`` (0 outside the home areas)."""
    place = area_map().areas.get(where)
    if place is None or place.home_defence_militia is None:
        return 0
    return int(data["tracks"].get(track(where), 0))


def is_piece(piece: str) -> bool:
    return piece.startswith(PREFIX)


def area_of(piece: str) -> str:
    return piece.removeprefix(PREFIX)


@RULES.implements("9.16")
def pieces(data: Mapping[str, Any], side: str, where: str) -> list[str]:
    """Japan's home-defence piece in ``where``, while it has steps."""
    return [PREFIX + where] if side == JAPAN and steps(data, where) else []


@RULES.implements("9.16", "9.14")
def charging(data: Mapping[str, Any], piece: str, share: int) -> int:
    """The steps that must charge banzai this round: one in ``share``, rounded up."""
    return -(-steps(data, area_of(piece)) // share)


@RULES.implements("9.16")
def lose_step(g: Context, piece: str) -> None:
    where = area_of(piece)
    g.data["tracks"][track(where)] = steps(g.data, where) - 1
    g.log("log.home_defence_step_lost", area=where, steps=steps(g.data, where))


@RULES.implements("9.16", "9.14")
def banzai_over(g: Context, piece: str, share: int, *, keep_one: bool) -> None:
    """The charging steps are gone once the hits are applied (one stays with ``keep_one``)."""
    gone = charging(g.data, piece, share) - (1 if keep_one else 0)
    for _ in range(gone):
        lose_step(g, piece)


@RULES.implements("9.16")
def build_areas(data: Mapping[str, Any]) -> list[str]:
    """The home areas where Japan may build home-defence steps: those it controls, contested or
    not."""
    return sorted(
        place.id
        for place in area_map().areas.values()
        if place.home_defence_militia is not None and data["control"].get(place.id) == JAPAN
    )


@RULES.implements("9.16")
def add_step(g: Context, where: str) -> None:
    g.data["tracks"][track(where)] = steps(g.data, where) + 1
    g.log("log.home_defence_built", area=where, steps=steps(g.data, where))
