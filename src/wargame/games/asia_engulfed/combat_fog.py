"""What a battle shows (6.23, 6.63): the blocks of both sides in a contested area are revealed
when a round is fought there and stay revealed while it is contested; a block entering such an
area is revealed at once; a block leaving it, and every block there once one side is left,
stands up again. The reveals are the fog's (engine/fog.py), tagged ``battle:<area>``.

Shore bombardment (7.22) shows the bombarding fleets to the defender, and nothing else: what
they are and their steps, true until they move (the fog's ``UNTIL_MOVED``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.fog import UNTIL_MOVED, audience, expire, reveal
from wargame.engine.procedure import Context
from wargame.games.asia_engulfed.control import SIDES, enemy
from wargame.games.asia_engulfed.registry import RULES


def tag(where: str) -> str:
    return f"battle:{where}"


def revealed(data: Mapping[str, Any], where: str) -> bool:
    """Whether a round was fought in ``where`` since it was last uncontested."""
    return any(
        unit["where"] == where and tag(where) in unit["seen"].values()
        for unit in data["units"].values()
    )


@RULES.implements("6.23")
def reveal_battle(g: Context, where: str, kind: str = "ground") -> None:
    """Both sides tip up their blocks of ``kind`` in ``where`` (those not revealed yet): ground
    blocks in a land battle, fleets in a sea area where they fight (8.41, 8.42 a)."""
    for unit_id, unit in sorted(g.data["units"].items()):
        other = enemy(unit["owner"])
        if unit["where"] != where or unit["public"]["kind"] != kind:
            continue
        if other not in audience(unit, SIDES):
            reveal_block(g, unit_id, where)


def reveal_block(g: Context, unit_id: str, where: str) -> None:
    unit = g.data["units"][unit_id]
    reveal(g.data["units"], [unit_id], [enemy(unit["owner"])], tag(where))
    g.reveal()
    g.log(
        "log.block_revealed",
        side=unit["owner"],
        unit=unit_id,
        steps=unit["hidden"]["steps"],
        area=where,
    )


@RULES.implements("7.22")
def reveal_fleets(g: Context, fleets: list[str], sea: str) -> None:
    """The bombarding ``fleets`` in ``sea`` are shown to the other side until they move."""
    for unit_id in fleets:
        unit = g.data["units"][unit_id]
        if enemy(unit["owner"]) in audience(unit, SIDES):
            continue
        reveal(g.data["units"], [unit_id], [enemy(unit["owner"])], UNTIL_MOVED)
        g.reveal()
        steps = unit["hidden"]["steps"]
        g.log("log.bombarding_fleet", side=unit["owner"], unit=unit_id, steps=steps, sea=sea)


@RULES.implements("6.23")
def after_move(g: Context, unit_id: str, start: str) -> None:
    """A block that left ``start`` stands up again; one that entered a contested area whose
    blocks are revealed is revealed at once (6.23)."""
    unit = g.data["units"][unit_id]
    unit["seen"] = {side: seen for side, seen in unit["seen"].items() if seen != tag(start)}
    target = unit["where"]
    if target in g.data["contested"] and revealed(g.data, target):
        reveal_block(g, unit_id, target)


@RULES.implements("6.63")
def stand_up_if_settled(g: Context, where: str) -> None:
    """Once only one side is left in ``where``, its blocks stand up again (6.63): the other
    side knows what it saw of them until they move (the fog's ``UNTIL_MOVED``), since the
    battle's log told it."""
    if where in g.data["contested"] or not revealed(g.data, where):
        return
    stand_up(g, where)


def stand_up(g: Context, where: str) -> None:
    """The blocks revealed in ``where``'s battle stand up; the other side keeps what it saw of
    them until they move."""
    expire(g.data["units"], tag(where), becomes=UNTIL_MOVED)
    g.log("log.blocks_hidden", area=where)
