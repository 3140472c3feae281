"""Retreat (4.2.5): a force retreats one hex at a time, each hex farther from the defending hex
than the last, preferring hexes free of enemy zones of control, else hexes of friendly ground
units; every hex it cannot retreat becomes a step loss.

Decisions
- The owner picks each hex among those the priorities allow (priority 1 when there is any, else
  priority 2).
- A force holding a unit with movement allowance 0 or an HQ cannot retreat at all: every unit of
  a defending hex and every unit of an attacking force has fought.
- Retreat may cross a strait but no other all-sea hexside and no lake hexside, so never onto
  or off a beachhead (a force on one that must retreat loses steps instead); off-map boxes,
  Airdrop markers, neutral minors and PACs do not occur in the training scenarios.
- The defender's optional conversion (supplement §6.11): a defender told to retreat (Dr) may,
  before any hex of it, turn the hexes still to go into step losses, one for one, when every
  attacking unit next to its hex attacked across a strait, beachhead or mountain hexside, or
  the hex has a City and no Blitz marker. The map marks no cities yet (TEC rows city and
  capital: no hex has that terrain), so today only the hexside case ever allows it. A
  supporting HQ is not next to the hex and does not count; an attacker's retreat (Ad, Ex) is
  already a choice between a hex and a step and has no conversion.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.dai_senso import state
from wargame.games.dai_senso.airdrop import bars_retreat
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.country_setup import out_of_play
from wargame.games.dai_senso.registry import RULES


@RULES.implements("4.2.5")
def retreat_hexes(data: Mapping[str, Any], here: str, origin: str, side: str) -> list[str]:
    """Where a force of ``side`` in ``here`` may retreat next, away from ``origin``."""
    the_map = board()
    farther = the_map.distance(origin, here)
    open_hexes = [
        there
        for there in the_map.neighbours(here)
        if not the_map.hexes[there].sea
        and not out_of_play(data, there)
        and the_map.distance(origin, there) > farther
        and not state.enemy_in(data, there, side)
        and not bars_retreat(data, there, side)
        and not the_map.side_kinds(here, there) & {"lake"}
        and not ("all_sea" in the_map.side_kinds(here, there)
                 and "strait" not in the_map.side_kinds(here, there))
    ]  # fmt: skip
    free = [there for there in open_hexes if not state.in_enemy_zoc(data, there, side)]
    return free or [there for there in open_hexes if state.holder(data, there) == side]


CONVERTING_SIDES: Final = frozenset({"strait", "beachhead", "mountain"})
"""Hexside kinds across which every adjacent attacker must attack for the defender to convert."""
CITY_TERRAIN: Final = frozenset({"city", "capital"})


@RULES.implements("4.2.5")
def may_convert(data: Mapping[str, Any], target: str, attackers: list[str]) -> bool:
    """Whether the defender of ``target`` may turn its retreat into step losses."""
    the_map = board()
    adjacent = [
        state.hex_of(data, uid)
        for uid in attackers
        if uid in data["units"] and the_map.adjacent(state.hex_of(data, uid), target)
    ]
    across = bool(adjacent) and all(
        the_map.side_kinds(here, target) & CONVERTING_SIDES
        or state.across_beachhead(data, here, target)
        for here in adjacent
    )
    city = the_map.hexes[target].terrain in CITY_TERRAIN and target not in data.get("blitz", {})
    return across or city


@RULES.implements("4.2.5")
def stays_put(data: Mapping[str, Any], units: list[str]) -> bool:
    """A force with an HQ or a unit of movement allowance 0 that fought cannot retreat."""
    return any(state.kind(uid) == "hq" or state.values(data, uid)[2] == 0 for uid in units)


class Retreat(Procedure):
    """``side``'s force (``units``) retreats ``hexes`` hexes away from ``origin``."""

    name = "retreat"

    def start(self, g: Context, f: Frame) -> None:
        f["units"] = [uid for uid in f["units"] if uid in g.data["units"]]
        if not f["units"] or f["hexes"] <= 0:
            g.ret()
            return
        here = state.hex_of(g.data, f["units"][0])
        if stays_put(g.data, f["units"]) or not retreat_hexes(g.data, here, f["origin"], f["side"]):
            g.log("log.no_retreat", side=f["side"], hex=here, steps=f["hexes"])
            g.call("losses", then="done", side=f["side"], units=f["units"], steps=f["hexes"],
                   prompt="prompt.retreat_losses")  # fmt: skip
            return
        g.goto("choose")

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        here = state.hex_of(g.data, f["units"][0])
        converts = bool(f.get("may_convert")) and here == f["origin"]
        prompt = "prompt.retreat_or_convert" if converts else "prompt.retreat"
        choices = Decision.single(f["side"], prompt, hex=here, hexes=f["hexes"])
        for there in retreat_hexes(g.data, here, f["origin"], f["side"]):
            choices.add(f"retreat {there}", _retreat, there)
        if converts:
            choices.add("convert", _convert)
        else:
            choices.refuse("convert", CONVERT_REFUSAL)
        return choices

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


CONVERT_REFUSAL: Final = (
    "4.2.5: only a defender about to retreat converts it into step losses, when every adjacent"
    " attacker attacked across a strait, beachhead or mountain hexside, or its hex has a City"
    " and no Blitz marker"
)


def _convert(g: Context, f: Frame) -> None:
    here = state.hex_of(g.data, f["units"][0])
    g.log("log.converted", side=f["side"], hex=here, steps=f["hexes"])
    g.call("losses", then="done", side=f["side"], units=f["units"], steps=f["hexes"],
           prompt="prompt.retreat_losses")  # fmt: skip


def _retreat(g: Context, f: Frame, there: str) -> None:
    here = state.hex_of(g.data, f["units"][0])
    swept = [uid for uid in state.units_in(g.data, there) if uid not in f["units"]]
    for uid in f["units"]:
        taken = state.enter(g.data, uid, there)
        if taken:
            g.log("log.taken", side=taken, hex=there)
    g.log("log.retreated", side=f["side"], frm=here, to=there)
    f["units"] = f["units"] + swept  # rout: the friendly units there join the force
    f["hexes"] -= 1
    g.goto("start")


ALL: Final[tuple[Procedure, ...]] = (Retreat(),)
