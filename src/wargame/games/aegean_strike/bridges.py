"""Bridges over the Straits in the Final Stage (11.08; 7.07 items 5 and 6): engineers build bridge
markers on Bosporus hexsides, any ground combat unit takes one off, and a ground unit crosses a
strait hexside only where one stands (:func:`ground.step_cost`).

Decisions (provisional: the bridge rules are lost; the seed gives who builds and who removes,
"if conditions are met"; table ``bridges``)
- The steps are played after repair, each side in turn, the Battlefield Controller first (as
  the repair step is); the seed lets the Final Stage's steps be done in any order, so a side
  builds and removes in one decision, and the other side then answers it. A side with nothing
  it may do is not asked.
- Build: an engineer unit of the side, in a hex of a strait hexside of the table's straits (the
  Bosporus, as the seed says) with no bridge, builds one there, if
  - it is in supply (12.02; a bridge is the heaviest work of the turn, and a cut-off unit has
    no bridging stores),
  - no enemy ground unit is in the hex across (a bridge is thrown over a bank its side can
    reach; an assault crossing is not a Final Stage job),
  - it has built fewer than the table's ``per_engineer`` bridges this Final Stage.
  Whether the engineer moved or fought this turn is not asked: the position records moves for
  one segment only, and the seed does not say it matters.
- Remove: any ground combat unit (an assault or support unit, not a truck: seed 8.04) in a hex of
  a bridged hexside takes its bridge off, whoever built it and whoever holds the hex across:
  blowing a bridge needs only one bank, and it is the side losing the far bank that wants to.
  Any bridge may be removed, the one standing at the start (data/forces.yaml) too.
- Bridges are public (markers on the map): every view holds them, the browser draws each as an
  arrow across its hexside (``client.bridge_marks``).
- A unit aboard a ship or on a special operation (11.12) does neither.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.aegean_strike import assault, ground, state, supply
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import strait_hexsides
from wargame.games.aegean_strike.offers import offer
from wargame.games.aegean_strike.registry import RULES

ENGINEERS = "engineers"
TRUCK = "truck"
Hexside = tuple[str, str]

RULES.stand_in(
    "11.08",
    "engineers in supply bridge a Bosporus hexside with no enemy across; any ground combat "
    "unit beside a bridge removes it",
    key="bridges",
)


def bridges(data: Mapping[str, Any]) -> list[Hexside]:
    """The hexsides bridged now, each its two hexes in order."""
    return [(a, b) for a, b in data.get("bridges", [])]


def is_bridged(data: Mapping[str, Any], side: Hexside) -> bool:
    return list(side) in data.get("bridges", [])


def hexsides_at(hex_id: str) -> list[Hexside]:
    """The strait hexsides of ``hex_id``."""
    return sorted(side for side in strait_hexsides() if hex_id in side)


def across(side: Hexside, hex_id: str) -> str:
    return side[1] if side[0] == hex_id else side[0]


def buildable(g_tables: Mapping[str, Any], side: Hexside) -> bool:
    return strait_hexsides()[side] in g_tables["bridges"].straits


def away(data: Mapping[str, Any], uid: str) -> str:
    """Why ``uid`` is not at its hex to work ('' if it is)."""
    record = data["ground"][uid]
    if record.get("special_op"):
        return f"11.12: {uid} is on a special operation against {record['special_op']}"
    return ""


@RULES.implements("11.08", "12.02")
def build_refusal(g: Context, uid: str, side: Hexside, built: list[str]) -> str:
    """Why ``uid`` may not bridge ``side`` now ('' if it may); ``built``: the engineers that
    built this Final Stage, once a bridge each."""
    data, g_tables = g.data, game_tables(g.state)
    kind = state.unit(uid).type
    if kind != ENGINEERS:
        return f"11.08: only engineers build bridges; {uid} is {kind}"
    if gone := away(data, uid):
        return gone
    other = across(side, data["ground"][uid]["hex"])
    if other in ground.enemy_hexes(data, state.side_of(data, uid)):
        return f"11.08: an enemy ground unit holds {other}, across the strait"
    most = int(g_tables["bridges"].per_engineer)
    if built.count(uid) >= most:
        return f"11.08: {uid} has built {most} bridge(s) this Final Stage, its most"
    if not supply.in_supply(g_tables, data, uid, g.state.scenario):
        return f"11.08: {uid} is out of supply and builds no bridge"
    return ""


@RULES.implements("11.08")
def removal_refusal(data: Mapping[str, Any], uid: str) -> str:
    """Why ``uid``, beside a bridge, may not remove it ('' if it may)."""
    if assault.group_of(uid) == TRUCK:
        return f"11.08: only a ground combat unit removes a bridge; {uid} is a truck"
    return away(data, uid)


def own_ground(data: Mapping[str, Any], player: str) -> list[tuple[str, str]]:
    """``player``'s ground units on the map and their hexes."""
    return [
        (uid, record["hex"])
        for uid, record in sorted(data["ground"].items())
        if record["hex"] is not None and state.side_of(data, uid) == player
    ]


def choices_for(g: Context, player: str, built: list[str]) -> Choices:
    """What ``player`` may build and remove now, with the refusals a player may expect: its
    units beside a strait hexside that do not qualify."""
    choices = Decision.single(player, "prompt.bridges")
    g_tables = game_tables(g.state)
    for uid, here in own_ground(g.data, player):
        for side in hexsides_at(here):
            ends = f"{side[0]} {side[1]}"
            if is_bridged(g.data, side):
                offer(choices, f"blow {uid} {ends}", removal_refusal(g.data, uid), _blow, uid, side)
            elif buildable(g_tables, side):
                reason = build_refusal(g, uid, side, built)
                offer(choices, f"bridge {uid} {ends}", reason, _build, uid, side)
    verbs = choices.verbs()
    choices.add("done", _done)
    if verbs == {"bridge"}:
        choices.prompt = "prompt.bridges_build"
    elif verbs == {"blow"}:
        choices.prompt = "prompt.bridges_blow"
    return choices


class Bridging(Procedure):
    """Final Stage items 5 and 6: each side in turn builds and removes bridges."""

    name = "bridging"

    def start(self, g: Context, f: Frame) -> None:
        f["order"] = [g.data["controller"], state.other(g.data["controller"])]
        f["built"] = []
        g.goto("next_side")

    def next_side(self, g: Context, f: Frame) -> None:
        while f["order"]:
            f["side"] = f["order"].pop(0)
            if choices_for(g, f["side"], f["built"]).verbs() - {"done"}:
                g.goto("choose")
                return
        g.ret()

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        return choices_for(g, f["side"], f["built"])


@RULES.implements("11.08")
def _build(g: Context, f: Frame, uid: str, side: Hexside) -> None:
    g.data.setdefault("bridges", []).append(list(side))
    g.data["bridges"].sort()
    f["built"].append(uid)
    g.log("log.bridge_built", unit=uid, a=side[0], b=side[1])


@RULES.implements("11.08")
def _blow(g: Context, f: Frame, uid: str, side: Hexside) -> None:
    g.data["bridges"].remove(list(side))
    g.log("log.bridge_removed", unit=uid, a=side[0], b=side[1])


def _done(g: Context, f: Frame) -> None:
    g.goto("next_side")


ALL = (Bridging(),)
