"""Stacking (9): at the end of every phase and segment each hex is checked for every faction;
an overstacked hex, or one breaking a restriction, loses steps (4.2.6.2) until it is legal.

Limits (9.2, ``stacking`` in data/tables.yaml): friendly ground units only, three units and six
steps a hex. Restrictions (9.1): no two HQs, no two fortresses, and units of one minor country at
most beside the major powers' (Exp units and the pan-national exceptions are not in the training
scenario). The map marks no limited-stacking hexes yet; a Beachhead-2, whose face carries the
symbol, has the limited limit (:mod:`naval`), every other hex the normal one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.dai_senso import state
from wargame.games.dai_senso.charts import Stacking
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.registry import RULES


@RULES.implements("9.1", "9.2")
def stacking_problem(
    units: list[str], steps: Mapping[str, int], limits: Stacking, *, limited: bool = False
) -> str:
    """Why the units of one hex break a stacking limit or restriction ("" if they do not); a
    ``limited`` hex (a Beachhead-2, whose face carries the limited-stacking symbol) has the
    lower limit."""
    limit = limits.limited if limited else limits.normal
    if len(units) > limit.units or sum(steps[uid] for uid in units) > limit.steps:
        return f"9.2: more than {limit.units} units or {limit.steps} steps"
    kinds = Counter(state.kind(uid) for uid in units)
    if kinds["hq"] > 1 or kinds["fortress"] > 1:
        return "9.1: two HQs or two fortresses"
    minors = {state.unit(uid).nationality for uid in units if _minor(uid)}
    if len(minors) > 1:
        return "9.1: units of two minor countries"
    return ""


def _minor(uid: str) -> bool:
    return forces().nationalities[state.unit(uid).nationality].kind == "minor"


def overstacked(data: Mapping[str, Any], limits: Stacking) -> str | None:
    """The first hex (in id order) whose units break stacking, or None."""
    steps = {uid: record["steps"] for uid, record in data["units"].items()}
    for hex_id in sorted({record["hex"] for record in data["units"].values()}):
        beach = data.get("beachheads", {}).get(hex_id)
        limited = beach is not None and beach["level"] == 2
        if stacking_problem(state.units_in(data, hex_id), steps, limits, limited=limited):
            return hex_id
    return None


class StackingCheck(Procedure):
    """Fix every overstacked hex, its owner removing steps one at a time."""

    name = "stacking"

    def start(self, g: Context, f: Frame) -> None:
        hex_id = overstacked(g.data, game_tables(g.state)["stacking"])
        if hex_id is None:
            g.ret()
            return
        units = state.units_in(g.data, hex_id)
        side = state.faction(units[0])
        g.log("log.overstacked", side=side, hex=hex_id)
        g.call("losses", then="start", side=side, units=units, steps=1,
               prompt="prompt.overstacked")  # fmt: skip


ALL: Final[tuple[Procedure, ...]] = (StackingCheck(),)
