"""Airdrops (4.1.1, 4.1.4, 14.2): in the blitz combat segment, before the blitz combats, a
supplied, blitz-enabled airborne unit on land flips to its Airdrop marker, placed on land within
the marker's range; the marker gives the attacker a shift in a blitz attack on its hex (4.2.3.2)
and bars the enemy's retreats into its hex; after the beachhead landings, each marker supplied
and not stacked with an enemy unit becomes the airborne unit again, with one step, in its hex
(4.1.4); any other goes to the Delay box.

``data["airdrops"]`` maps each airborne unit on its Airdrop marker side to the marker's hex and
the unit's steps.

Decisions
- The Delay box is not played (7.1): a marker that may not land leaves play (``eliminated``).
- The airdrop's other restrictions were cut off in the source (supplement §6.2): the marker goes
  on land only (never an all-sea hex), within the range, in any weather, with enemy or friendly
  units or markers or none (table ``airdrop``).
- While on the map the marker's other effects (blocking enemy supply lines, negating enemy zones
  of control for friendly units) are not played: it stays there only from the airdrop step to
  the airdrop landing step of the same segment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.notes import Modifier
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.dai_senso import state
from wargame.games.dai_senso.blitz import blitz_enabled
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import ColumnShifts
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.naval import hex_choices, offer
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.supply import hex_supplied, refusal

RULES.stand_in(
    "4.1.4", "a marker that may not land leaves play (no Delay box)", key="airdrop_delay"
)


def markers(data: Mapping[str, Any]) -> dict[str, str]:
    """Each Airdrop marker on the map (by its unit) and its hex."""
    return {uid: record["hex"] for uid, record in data.get("airdrops", {}).items()}


def markers_in(data: Mapping[str, Any], hex_id: str, side: str) -> list[str]:
    return sorted(
        uid
        for uid, where in markers(data).items()
        if where == hex_id and state.faction(uid) == side
    )


@RULES.implements("14.2", "4.2.5")
def bars_retreat(data: Mapping[str, Any], hex_id: str, side: str) -> bool:
    """Whether an enemy Airdrop marker in the hex bars a retreat of ``side`` into it."""
    return any(
        where == hex_id and state.faction(uid) != side for uid, where in markers(data).items()
    )


@RULES.implements("4.2.3.2", "14.2")
def airdrop_shifts(
    data: Mapping[str, Any], attackers: list[str], target: str, shifts: ColumnShifts
) -> list[Modifier]:
    """One shift right per Airdrop marker of the attacker in the defending hex (blitz combat
    only; the nationality does not matter)."""
    if not attackers:
        return []
    side = state.faction(attackers[0])
    return [
        Modifier("4.2.3.2", "shift.airdrop", shifts.airdrop_marker, {"unit": uid})
        for uid in markers_in(data, target, side)
    ]


@RULES.implements("4.1.1")
def drop_refusal(g: Context, uid: str) -> str:
    """Why the airborne unit may not drop ("" if it may)."""
    if board().hexes[state.hex_of(g.data, uid)].sea:
        return f"4.1.1: {uid} is not in a land hex"
    if not blitz_enabled(g.data, uid, game_tables(g.state)["blitz_markers"].range):
        return f"4.1.1: {uid} is not blitz-enabled"
    return refusal(g.data, game_tables(g.state)["supply"], uid, "drop")


@RULES.implements("4.1.1")
def drop_hexes(g: Context, uid: str) -> list[str]:
    """The land hexes within the marker's range of the unit's hex, its own included."""
    the_map = board()
    reach = game_tables(g.state)["airdrop"].range
    return sorted(
        hex_id
        for hex_id in the_map.grid.within(state.hex_of(g.data, uid), reach)
        if hex_id in the_map.hexes and not the_map.hexes[hex_id].sea
    )


def airborne(data: Mapping[str, Any], side: str) -> list[str]:
    return [uid for uid in state.own_units(data, side) if state.unit(uid).type == "airborne"]


class Airdrop(Procedure):
    """The airdrop step of the blitz combat segment (4.1.1): drops one at a time, then end."""

    name = "airdrop"

    def start(self, g: Context, f: Frame) -> None:
        g.data.setdefault("airdrops", {})
        ready = [uid for uid in airborne(g.data, f["side"]) if not drop_refusal(g, uid)]
        g.goto("drop" if ready else "done")

    @decision
    def drop(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f["side"], "prompt.airdrop")
        for uid in airborne(g.data, f["side"]):
            offer(choices, f"drop {uid}", drop_refusal(g, uid), _pick, uid)
        choices.add("end", _done)
        return choices

    @decision
    def drop_hex(self, g: Context, f: Frame) -> Choices:
        hexes = drop_hexes(g, f["unit"])
        return hex_choices(f["side"], "prompt.airdrop_hex", f["unit"], hexes, _drop, cancel=_cancel)

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


def _pick(g: Context, f: Frame, uid: str) -> None:
    f["unit"] = uid
    g.goto("drop_hex")


def _cancel(g: Context, f: Frame) -> None:
    f["unit"] = None
    g.goto("start")


def _drop(g: Context, f: Frame, hex_id: str) -> None:
    uid = f["unit"]
    record = g.data["units"].pop(uid)
    g.data["airdrops"][uid] = {"hex": hex_id, "steps": record["steps"]}
    g.log("log.airdrop", side=f["side"], unit=uid, frm=record["hex"], hex=hex_id)
    f["unit"] = None
    g.goto("start")


def _done(g: Context, f: Frame) -> None:
    g.ret()


@RULES.implements("4.1.4", "14.2")
def airdrop_landing(g: Context, side: str) -> None:
    """Each Airdrop marker of ``side`` supplied and not stacked with an enemy unit becomes its
    airborne unit with one step; any other leaves play (the Delay box is not played)."""
    table = game_tables(g.state)["supply"]
    for uid, where in sorted(markers(g.data).items()):
        if state.faction(uid) != side:
            continue
        del g.data["airdrops"][uid]
        fed = hex_supplied(g.data, table, where, side)
        if fed and not state.enemy_in(g.data, where, side):
            g.data["units"][uid] = {"hex": where, "steps": 1}
            taken = state.enter(g.data, uid, where)
            g.log("log.airdrop_landed", side=side, unit=uid, hex=where)
            if taken:
                g.log("log.taken", side=taken, hex=where)
        else:
            g.data["eliminated"].append(uid)
            g.log("log.airdrop_failed", side=side, unit=uid, hex=where)


ALL: Final[tuple[Procedure, ...]] = (Airdrop(),)
