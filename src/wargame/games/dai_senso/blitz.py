"""Blitz markers: their placement in the support segment (2.2.4), the units they make
blitz-enabled (within the printed range, the marker's own hex counted), and their removal in the
marker segment (4.3). ``data["blitz"]`` maps each hex with a Blitz marker to its faction.

Decisions
- Placement is provisional (table ``blitz_markers``, after the supplement's stand-in): up to the
  scenario's count per faction, each in a hex of the faction's own ground units, one a hex.
  The Current Card's blitz value would give the count, but the training scenarios deal no
  option cards. The hex's units must be in supply (the supplement's stand-in; :mod:`supply`,
  all of a hex's units trace alike); Prewar does not occur.
- The Axis's markers are Totsugeki markers, which work as Blitz markers (supplement §2): they are
  played as Blitz markers of the Axis (two a turn in The China Incident, none in August Storm).
- A faction takes back all its markers in its own marker segment (4.3, provisional: the
  supplement's inference), so they serve one faction turn: the blitz combat segment, the
  regular combat segment's exploitation, and nothing after.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.dai_senso import state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import BlitzMarkers, Supply
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.naval_board import supply_links
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.supply import closed_to, occupants, traces_supply

RULES.stand_in(
    "2.2.4",
    "a scenario's count of Blitz markers placed each turn, each in a hex of the faction's units",
    key="blitz_placement",
)
RULES.stand_in("4.3", "a faction takes back its Blitz markers in its marker segment",
               key="blitz_removal")  # fmt: skip


def markers_of(data: Mapping[str, Any], side: str) -> list[str]:
    """The hexes holding a Blitz marker of ``side``."""
    return sorted(hex_id for hex_id, owner in data.get("blitz", {}).items() if owner == side)


@RULES.implements("2.2.4")
def blitz_enabled(data: Mapping[str, Any], uid: str, reach: int) -> bool:
    """Whether the unit is within ``reach`` hexes of a Blitz marker of its faction."""
    here = state.hex_of(data, uid)
    snlf = data.get("beachheads", {}).get(here)
    if snlf is not None and snlf["level"] == 0 and snlf["side"] == state.faction(uid):
        return True  # an SNLF Beachhead-0 enables its own hex only (spec §2.2.3)
    the_map = board()
    return any(
        the_map.distance(here, marker) <= reach for marker in markers_of(data, state.faction(uid))
    )


def allowance(table: BlitzMarkers, scenario: str, side: str) -> int:
    """How many markers ``side`` places in each of its support segments."""
    return table.per_turn.get(scenario, {}).get(side, 0)  # type: ignore[call-overload]


@RULES.implements("2.2.4", "10.3")
def placement_refusal(data: Mapping[str, Any], side: str, hex_id: str, table: Supply) -> str:
    """Why ``side`` may not put a Blitz marker in ``hex_id`` ("" if it may)."""
    if hex_id in data["blitz"]:
        return f"2.2.4: {hex_id} already holds a Blitz marker"
    if state.holder(data, hex_id) != side:
        return f"2.2.4: a Blitz marker goes in a hex of {side}'s own ground units, not {hex_id}"
    links, closed, area = supply_links(data, side), closed_to(data, side), data.get("play_area")
    if not traces_supply(table, occupants(data), hex_id, side, links, closed=closed, area=area):
        return f"2.2.4: a Blitz marker goes in a hex of supplied units (10.3), not {hex_id}"
    return ""


class BlitzPlacement(Procedure):
    """The support segment's Blitz marker placement step (2.2.4) of ``side``; the segments of
    the initial administrative phase before and after it are not played yet."""

    name = "blitz_placement"

    def start(self, g: Context, f: Frame) -> None:
        table = game_tables(g.state)["blitz_markers"]
        f["left"] = allowance(table, g.state.scenario, f["side"])
        g.goto("place" if f["left"] else "done")

    @decision
    def place(self, g: Context, f: Frame) -> Choices:
        side = f["side"]
        choices = Decision.single(side, "prompt.blitz_placement", left=f["left"])
        table = game_tables(g.state)["supply"]
        for hex_id in sorted({state.hex_of(g.data, uid) for uid in state.own_units(g.data, side)}):
            reason = placement_refusal(g.data, side, hex_id, table)
            if reason:
                choices.refuse(f"blitz {hex_id}", reason)
            else:
                choices.add(f"blitz {hex_id}", _place, hex_id)
        for hex_id in _enemy_hexes(g.data, side):
            choices.refuse(f"blitz {hex_id}", placement_refusal(g.data, side, hex_id, table))
        choices.add("end", _done)
        return choices

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


def _enemy_hexes(data: Mapping[str, Any], side: str) -> list[str]:
    held = {record["hex"] for record in data["units"].values()}
    return sorted(hex_id for hex_id in held if state.holder(data, hex_id) != side)


def _place(g: Context, f: Frame, hex_id: str) -> None:
    g.data["blitz"][hex_id] = f["side"]
    g.log("log.blitz_placed", side=f["side"], hex=hex_id)
    f["left"] -= 1
    g.goto("place" if f["left"] else "done")


def _done(g: Context, f: Frame) -> None:
    g.ret()


class MarkerSegment(Procedure):
    """The marker segment (4.3): the phasing faction's Blitz markers leave the map."""

    name = "marker_segment"

    @RULES.implements("4.3")
    def start(self, g: Context, f: Frame) -> None:
        for hex_id in markers_of(g.data, f["side"]):
            del g.data["blitz"][hex_id]
            g.log("log.blitz_removed", side=f["side"], hex=hex_id)
        g.ret()


ALL: Final[tuple[Procedure, ...]] = (BlitzPlacement(), MarkerSegment())
