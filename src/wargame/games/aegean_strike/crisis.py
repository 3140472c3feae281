"""Partial strength and mobilisation (7.01, 21.03) and the pre-war situation (21.03, 21.08): a
scenario the ``pre_war`` table lists opens in crisis, with turns before the war.

Decisions (provisional: the mobilisation and pre-war rules are lost; tables ``mobilisation``
and ``pre_war``)
- A unit set up at partial strength starts with the hits the ``mobilisation`` table gives its
  size (never enough to eliminate it); ``data["mobilising"]`` keeps how many of them are still
  to be given back. Each International Military Phase gives back ``per_turn`` of them, free, in
  crisis turns and war turns alike, in every scenario.
- A crisis turn (M+0, M+1 ...) opens with the choice of the player who declares war (the
  ``pre_war`` table): strike, and the war's first turn begins at once, or wait through the
  crisis turn's Strategic Stage (mobilisation and the political event, :mod:`politics`). The
  war starts when that player strikes, when an event starts it, or after the last crisis turn
  (M+0 to M+2 for three); its turns are then counted from 1 to the scenario's length, and
  reinforcements arrive by war turn. Nothing moves or fights in a crisis turn. Striking at
  M+0 is a surprise against a NATO still at partial strength; waiting mobilises both sides'
  reserves and risks the events.
- A UN call for a ceasefire forbids striking at the start of the next crisis turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.aegean_strike import losses, politics, state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.offers import offer
from wargame.games.aegean_strike.registry import RULES

RULES.stand_in(
    "21.03",
    "partial strength as hits, one given back each International Military Phase; crisis turns",
    key="mobilisation",
)
RULES.stand_in(
    "21.08",
    "crisis turns until the Warsaw Pact strikes, an event or M+3; victory by points and levels",
    key="missile_crisis",
)


def pre_war(g_tables: Mapping[str, Any], scenario: str) -> Any:
    """The scenario's crisis rules, or None when it starts at war."""
    return g_tables["pre_war"].get(scenario)


def set_up(g: Context) -> None:
    """At the start: the partial-strength units take their missing hits; the war is on unless
    the scenario opens in crisis."""
    g_tables = game_tables(g.state)
    g.data["war"] = pre_war(g_tables, g.state.scenario) is None
    g.data["crisis"] = 0
    g.data["truce"] = False
    g.data["mobilising"] = {}
    for uid in forces().partial(g.state.scenario):
        if uid in g.data["ground"]:
            short = partial_hits(g_tables, uid)
            g.data["ground"][uid]["hits"] = short
            if short:
                g.data["mobilising"][uid] = short


def partial_hits(g_tables: Mapping[str, Any], uid: str) -> int:
    """The hits a partial unit starts with: its size's, leaving it at least one to take."""
    size = state.unit(uid).size or "X"
    return min(int(g_tables["mobilisation"].partial_hits[size]), losses.capacity(g_tables, uid) - 1)


@RULES.implements("21.03", "7.01")
def mobilise(g: Context) -> None:
    """The International Military Phase gives each partial unit back some of its missing
    hits."""
    per_turn = int(game_tables(g.state)["mobilisation"].per_turn)
    for uid in sorted(g.data["mobilising"]):
        record = g.data["ground"].get(uid)
        if record is None:
            del g.data["mobilising"][uid]
            continue
        given = min(per_turn, g.data["mobilising"][uid], record["hits"])
        record["hits"] -= given
        g.data["mobilising"][uid] -= given
        if given:
            g.log("log.mobilised", side=state.side_of(g.data, uid), unit=uid, left=record["hits"])
        if g.data["mobilising"][uid] <= 0 or record["hits"] == 0:
            del g.data["mobilising"][uid]


class CrisisTurn(Procedure):
    """One crisis turn (21.08): the declaring player strikes, or waits through the turn's
    Strategic Stage (mobilisation and the political event)."""

    name = "crisis"

    @RULES.implements("21.03", "21.08")
    def start(self, g: Context, f: Frame) -> None:
        g.data["stage"] = "crisis"
        g.log("log.crisis_turn", month=g.data["crisis"])
        g.goto("declare")

    @decision
    def declare(self, g: Context, f: Frame) -> Choices:
        rules = pre_war(game_tables(g.state), g.state.scenario)
        choices = Decision.single(rules.declares, "prompt.crisis", month=g.data["crisis"])
        truce = "21.01: a UN call for a ceasefire forbids declaring war this crisis turn"
        offer(choices, "strike", truce if g.data["truce"] else "", _strike)
        choices.add("wait", _wait)
        return choices

    @RULES.implements("21.03", "21.08")
    def strategic(self, g: Context, f: Frame) -> None:
        """The crisis turn's Strategic Stage; the war starts after the last one."""
        mobilise(g)
        politics.political_phase(g)
        if g.data["war"]:
            g.ret()
            return
        g.data["crisis"] += 1
        if g.data["crisis"] >= int(pre_war(game_tables(g.state), g.state.scenario).at_most):
            politics.start_war(g, "deadline")
            g.ret()
            return
        g.goto("start")


@RULES.implements("21.08")
def _strike(g: Context, f: Frame) -> None:
    politics.start_war(g, "strike")
    g.ret()


@RULES.implements("21.08")
def _wait(g: Context, f: Frame) -> None:
    g.log("log.crisis_wait", side=_declarer(g), month=g.data["crisis"])
    g.data["truce"] = False
    g.goto("strategic")


def _declarer(g: Context) -> str:
    return str(pre_war(game_tables(g.state), g.state.scenario).declares)


ALL: Final[tuple[Procedure, ...]] = (CrisisTurn(),)
