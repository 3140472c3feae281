"""SNLF Beachhead-0 markers (spec §2.2.3): the Axis places them by the Operation Z (15.29) and
Large-Scale Attack (15.37) political events, in a scenario with naval play (:mod:`naval`).
A marker is an Axis beachhead of level 0 in ``data["beachheads"]``, with the turn it was placed
(``placed``): it stays through the beachhead maintenance of that turn (2.2.2, seed), and the
units in its hex are blitz-enabled (:func:`blitz.blitz_enabled`), with no range beyond it.

Decisions (provisional: the events' texts are lost; table ``politics``, ``snlf_beachheads``)
- Operation Z places one marker, Large-Scale Attack two, each in an all-sea hex next to land
  within the sea reach of a Japanese naval base, with no enemy unit and no beachhead in it, its
  arrow toward a land hex next to it; the Axis may stop placing early ("may": an option).
- Without naval play, or with no such hex, the event cannot be done: no effect.
"""

from __future__ import annotations

from typing import Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.dai_senso import naval, state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.naval_board import coastal_seas, plays_naval, ports
from wargame.games.dai_senso.registry import RULES

RULES.stand_in("15.29", "one SNLF Beachhead-0 within the sea reach of a Japanese naval base",
               key="operation_z")  # fmt: skip
RULES.stand_in("15.37", "two SNLF Beachhead-0 markers within the sea reach of Japanese naval "
               "bases", key="large_scale_attack")  # fmt: skip


@RULES.implements("15.29", "15.37")
def snlf_seas(g: Context) -> list[str]:
    """The all-sea hexes an SNLF Beachhead-0 may go in now."""
    if not plays_naval(g.data):
        return []
    supply = game_tables(g.state)["supply"]
    bases = naval.bases_of(g.data, supply, "japan") & ports()
    the_map = board()
    near = {
        hex_id for base in bases for hex_id in the_map.grid.within(base, g.data["sea"]["reach"])
    }
    enemy = {r["hex"] for u, r in g.data["units"].items() if state.faction(u) != "axis"}
    return sorted((near & coastal_seas()) - enemy - set(g.data["beachheads"]))


def begin(g: Context, event: str) -> bool:
    """Start placing the event's markers (the caller, :class:`politics.CardActions`, goes on
    at its step ``action`` afterwards); False if none can be placed."""
    if not snlf_seas(g):
        return False
    count = game_tables(g.state)["politics"].snlf_beachheads[event]
    g.call("snlf_beachheads", then="action", left=count, event=event)
    return True


class SnlfBeachheads(Procedure):
    """The Axis places the SNLF Beachhead-0 markers of an event, one at a time."""

    name = "snlf_beachheads"

    def start(self, g: Context, f: Frame) -> None:
        f["hex"] = None
        g.goto("place")

    @decision
    def place(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single("axis", "prompt.snlf_beachhead", left=f["left"])
        for sea in snlf_seas(g):
            choices.add(f"snlf {sea}", _pick, sea)
        choices.add("end", _done)
        return choices

    @decision
    def arrow(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single("axis", "prompt.snlf_arrow", hex=f["hex"])
        for land in board().neighbours(f["hex"]):
            if not board().hexes[land].sea:
                choices.add(f"toward {land}", _aim, land)
        choices.add("cancel", _cancel)
        return choices

    def finish(self, g: Context, f: Frame) -> None:
        g.ret()


def _pick(g: Context, f: Frame, sea: str) -> None:
    f["hex"] = sea
    g.goto("arrow")


def _cancel(g: Context, f: Frame) -> None:
    f["hex"] = None
    g.goto("place")


def _aim(g: Context, f: Frame, land: str) -> None:
    sea = f["hex"]
    record = {"side": "axis", "toward": land, "level": 0, "placed": g.data["turn"]}
    g.data["beachheads"][sea] = record
    g.log("log.snlf_placed", event=f["event"], hex=sea, to=land)
    f["left"] -= 1
    f["hex"] = None
    g.goto("place" if f["left"] and snlf_seas(g) else "finish")


def _done(g: Context, f: Frame) -> None:
    g.goto("finish")


ALL: Final[tuple[Procedure, ...]] = (SnlfBeachheads(),)
