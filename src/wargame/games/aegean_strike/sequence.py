"""The sequence of play (seed, 7.01-7.07) as a state machine: each turn its Strategic Stage, Unit
Assignment Stage, Battlefield Controller Determination Stage, three Action Stages (a Sea
Movement Determination Phase, a Movement Phase of two segments, a Combat Phase of two close air
support segments and an assault segment) and its Final Stage. :mod:`passes` lists the steps
that pass through (logged as such) because the systems they need are lost from the seed.

Decisions
- The Battlefield Controller acts first in the movement segments of Action Stages 1 and 2, the
  Reactor in Action Stage 3; in the Combat Phase the side that moved second supplies close air
  support first (7.04-7.06).
- In a movement segment the acting side's ground units move first where the segment lets
  its Front-line or Reserve units move or it declares land combats (item 1, :mod:`ground`,
  :mod:`ground_modes`), then its naval units move and fight ships
  (items 4-5, :mod:`naval`; the other side's ships may intercept one that moves, 15.02), then
  its air missions (items 2-3 and R1). Land combats are declared in the ground step of a segment.
- The close air support segments fly missions only in a Combat Phase with a declared land
  combat (otherwise they are logged and end); the assault segment then resolves the combats
  (:mod:`assault`).
- The Final Stage first removes the air transports still in the field past their return (9.03,
  :mod:`field_landings`), then runs its steps in the order listed, the turn marker last (spec's
  reading): the depots' hits cleared (7.07 step 1), depots consumed and attrition (step 2,
  :mod:`depots`, :mod:`supply`), depots built and dismantled (step 3, :mod:`depots`), both sides
  always asked in turn; airbase repair (9.10 item 4, a damaged but operative base repaired at the
  same cost, spec open question 13) and the repair of ground units, air units and ships (18,
  :mod:`repair`), both sides always asked in turn; bridges (11.08, :mod:`bridges`); the sea steps
  and sealift (:mod:`sealift`).
- Political events: the Battlefield Controller rolls on the Random Political Events Table each
  International Political Phase; the event takes effect where the scenario plays effects
  (:mod:`politics`), else it is logged and its effects pass (21.01).
- A scenario that opens in crisis plays its crisis turns before turn 1 (:mod:`crisis`).
"""

from __future__ import annotations

from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.aegean_strike import (
    assault,
    crisis,
    depots,
    field_landings,
    ground_modes,
    politics,
    repair,
    satellites,
    state,
    supply,
    victory,
)
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.losses import D10
from wargame.games.aegean_strike.offers import offer
from wargame.games.aegean_strike.registry import RULES
from wargame.games.aegean_strike.sides_in_turn import SidesInTurn

CONTROL_HITS: Final = 15
"""5 (seed): 15 hits on the Controller's air and ground units in a turn pass control."""


def acting_order(stage: int, controller: str) -> tuple[str, str]:
    """Who acts in segments A and B of an action stage's Movement Phase (7.04-7.06)."""
    reactor = state.other(controller)
    return (reactor, controller) if stage == 3 else (controller, reactor)


class GameTurns(Procedure):
    """Turn after turn, to the scenario's last; the victory check at its end (7.07 step 9)."""

    name = "game"

    @RULES.implements("7.01")
    def start(self, g: Context, f: Frame) -> None:
        """Strategic Stage: reinforcements arrive, mobilisation, the political roll (a crisis
        turn first while the war has not started, :mod:`crisis`)."""
        if not g.data["war"]:
            g.call("crisis", then="start")
            return
        g.log("log.turn", turn=g.data["turn"], last=g.data["last_turn"])
        g.data["stage"] = "strategic"
        g.data["attacked"] = []
        ground_modes.new_turn(g.data)
        for placement in forces().setup(g.state.scenario):
            unit = forces().units[placement.unit]
            if placement.turn == g.data["turn"] and unit.nation in g.data["nations"]:
                state.place(g.data, placement.unit, placement.hex, placement.base, placement.aboard)
                state.set_mode(g.data, placement.unit, placement.in_port)
                g.log("log.reinforcement", side=g.data["nations"][unit.nation], unit=unit.id)
        crisis.mobilise(g)
        satellites.pass_over(g)
        politics.political_phase(g)
        g.data["stage"] = "assignment"
        g.call("unit_assignment", then="determination")

    @RULES.implements("7.03", "5")
    def determination(self, g: Context, f: Frame) -> None:
        """Control passes if the Controller's units took 15 hits or more since the last check."""
        g.data["stage"] = "determination"
        if g.data["bc_hits"] >= CONTROL_HITS:
            g.data["controller"] = state.other(g.data["controller"])
            g.log("log.control_passes", side=g.data["controller"], hits=g.data["bc_hits"])
        g.data["bc_hits"] = 0
        g.log("log.controller", side=g.data["controller"])
        f["stage"] = 1
        g.goto("action_stages")

    def action_stages(self, g: Context, f: Frame) -> None:
        if f["stage"] > 3:
            g.call("final_stage", then="turn_end")
            return
        stage = f["stage"]
        f["stage"] += 1
        g.call("action_stage", then="action_stages", stage=stage)

    @RULES.implements("7.07")
    def turn_end(self, g: Context, f: Frame) -> None:
        """Step 9: the turn marker advances, or the scenario ends and victory is checked."""
        if g.data["turn"] >= g.data["last_turn"]:
            g.end_game(victory.final_result(g.state))
            return
        g.data["turn"] += 1
        g.goto("start")


class ActionStage(Procedure):
    """One action stage (7.04-7.06): sea movement determination, movement, combat."""

    name = "action_stage"

    @RULES.implements("7.04", "7.05", "7.06", "10.04")
    def start(self, g: Context, f: Frame) -> None:
        """Sea Movement Determination: each side's d10 gives its naval units that may move."""
        stage = f["stage"]
        g.data["stage"] = f"action_{stage}"
        g.log("log.action_stage", stage=stage)
        for record in g.data["air"].values():
            record["flown"] = False
        table = game_tables(g.state)["sea_movement"]
        for side in state.SIDES:
            roll = g.roll(D10, side, "sea_movement")
            g.data["naval_moves"][side] = table[str(roll)]
            g.log("log.naval_moves", side=side, count=table[str(roll)])
        f["segments"] = list(acting_order(stage, g.data["controller"]))
        g.goto("movement")

    def movement(self, g: Context, f: Frame) -> None:
        if not f["segments"]:
            g.goto("combat")
            return
        side = f["segments"].pop(0)
        g.data["segment"] = side
        g.log("log.segment", side=side, segment="movement")
        f["side"] = side
        first = len(f["segments"]) == 1
        if ground_modes.may_act(g.data, side, ground_modes.permit(f["stage"], first)):
            g.call("ground_segment", then="naval", side=side, stage=f["stage"], first=first)
        else:
            g.goto("naval")

    def naval(self, g: Context, f: Frame) -> None:
        g.call("naval_segment", then="air", side=f["side"])

    def air(self, g: Context, f: Frame) -> None:
        g.call("air_segment", then="movement", side=f["side"], segment="movement")

    def combat(self, g: Context, f: Frame) -> None:
        """Close air support segments (the side that moved second first), then the assault:
        the declared land combats in the order declared (:mod:`assault`)."""
        moved_first, moved_second = acting_order(f["stage"], g.data["controller"])
        f["cas"] = [moved_second, moved_first]
        if g.data["combats"]:
            g.data["cas"] = True
            g.goto("cas")
            return
        for side in f["cas"]:
            g.log("log.segment", side=side, segment="cas")
        g.goto("assault")

    @RULES.implements("16.02", "7.04")
    def cas(self, g: Context, f: Frame) -> None:
        """A close air support segment: the side's bombing strikes on the enemy units of the
        declared land combats, the other side responding (played only with a combat)."""
        if not f["cas"]:
            g.data["cas"] = False
            g.goto("assault")
            return
        side = f["cas"].pop(0)
        g.data["segment"] = side
        g.log("log.segment", side=side, segment="cas")
        g.call("air_segment", then="cas", side=side, segment="cas")

    def assault(self, g: Context, f: Frame) -> None:
        """The declared combats one at a time, each followed by its pursuit (16.04)."""
        f["fight"] = 0
        g.goto("resolve")

    def resolve(self, g: Context, f: Frame) -> None:
        if f["fight"] >= len(g.data["combats"]):
            g.data["combats"] = []
            g.data["segment"] = None
            g.ret()
            return
        assault.resolve(g, g.data["combats"][f["fight"]])
        g.goto("after_combat")

    def after_combat(self, g: Context, f: Frame) -> None:
        combat = g.data["combats"][f["fight"]]
        if assault.pursuers(game_tables(g.state), g.data, combat):
            g.goto("pursuit")
            return
        f["fight"] += 1
        g.goto("resolve")

    @decision
    def pursuit(self, g: Context, f: Frame) -> Choices:
        """16.04: the attacking side moves attackers into the emptied hex, or is done."""
        combat = g.data["combats"][f["fight"]]
        choices = Decision.single(combat["side"], "prompt.pursue", hex=combat["hex"])
        for uid in assault.pursuers(game_tables(g.state), g.data, combat):
            choices.add(f"pursue {uid}", _pursue, uid)
        choices.add("done", _pursued)
        return choices


def _pursue(g: Context, f: Frame, uid: str) -> None:
    assault.pursue(g, g.data["combats"][f["fight"]], uid)
    g.goto("after_combat")


def _pursued(g: Context, f: Frame) -> None:
    f["fight"] += 1
    g.goto("resolve")


class FinalStage(Procedure):
    """The Final Stage (7.07): the transports overdue in the field removed (9.03), then its
    steps in order, each played."""

    name = "final_stage"

    @RULES.implements("7.07")
    def start(self, g: Context, f: Frame) -> None:
        """Step 1, the depots' hits cleared; step 2, consumption and attrition (:mod:`depots`)."""
        g.data["stage"] = "final"
        field_landings.remove_overdue(g)
        depots.clear_hits(g)
        g.call("attrition_step", then="after_attrition")

    def after_attrition(self, g: Context, f: Frame) -> None:
        """The ships' attrition (10.05); step 3, depots built and dismantled (:mod:`depots`)."""
        supply.naval_attrition(g)
        g.call("depot_building", then="repairs")

    def repairs(self, g: Context, f: Frame) -> None:
        """Airbases and units repaired (:class:`Repairs`)."""
        g.call("repair_step", then="after_repairs")

    def after_repairs(self, g: Context, f: Frame) -> None:
        g.call("bridging", then="after_bridges")

    def after_bridges(self, g: Context, f: Frame) -> None:
        """Items 5 and 6 done (:mod:`bridges`), the sea steps."""
        g.call("final_sea_steps", then="finish")

    def finish(self, g: Context, f: Frame) -> None:
        """Items 7 and 8 done (:mod:`sealift`), the turn marker moves on."""
        g.ret()


class Repairs(SidesInTurn):
    """Each side in turn repairs its damaged airbases (9.10 item 4) and units (18). Both sides
    are always asked: asking only a side with damage would tell the other that its hidden units
    were hit."""

    name = "repair_step"

    def begin(self, g: Context, f: Frame) -> None:
        g.data["mended"] = []

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        side = f["side"]
        choices = Decision.single(side, "prompt.repair")
        cost = repair_cost(g)
        for base in damaged(g, side):
            reason = repair_refusal(g, base, cost)
            if reason:
                choices.refuse(f"repair {base}", reason)
            else:
                choices.add(f"repair {base}", _repair, base, cost)
        g_tables = game_tables(g.state)
        for uid in repair.mendable(g_tables, g.data, side, g.state.scenario):
            reason = repair.mend_refusal(g_tables, g.data, uid)
            offer(choices, f"mend {uid}", reason, repair.mend, uid, repair.cost(g_tables))
        for uid, reason in repair.refits(g_tables, g.data, side).items():
            offer(choices, f"refit {uid}", reason, repair.refit, uid)
        choices.add("done", _repair_done)
        if not choices.verbs() & {"repair", "mend", "refit"}:
            choices.prompt = "prompt.repair_short"
        return choices


def damaged(g: Context, side: str) -> list[str]:
    """The airbases of ``side`` with hits to repair."""
    return [
        b
        for b in sorted(g.data["airbases"])
        if state.base_side(g.data, b) == side and g.data["airbases"][b]
    ]


def repair_cost(g: Context) -> int:
    return int(game_tables(g.state)["airbases"].small.repair_sp_per_hit)


@RULES.implements("9.10")
def repair_refusal(g: Context, base: str, cost: int) -> str:
    nation = state.base_nation(base)
    if g.data["sp"].get(nation, 0) < cost:
        return f"9.10: repairing a hit costs {cost} SP; {nation} has {g.data['sp'].get(nation, 0)}"
    return ""


@RULES.implements("9.10")
def _repair(g: Context, f: Frame, base: str, cost: int) -> None:
    """Item 4: a hit repaired for its SP, without limit; a base back under its limit operates."""
    g.data["sp"][state.base_nation(base)] -= cost
    g.data["airbases"][base] -= 1
    limit = getattr(game_tables(g.state)["airbases"], state.airbase_size(base)).inoperative_at
    if base in g.data["inoperative"] and g.data["airbases"][base] < limit:
        g.data["inoperative"].remove(base)
    g.log("log.repaired", side=f["side"], base=base, sp=cost, left=g.data["airbases"][base])


def _repair_done(g: Context, f: Frame) -> None:
    g.goto("next_side")


def initial(scenario: str) -> dict[str, Any]:
    """The turn-keeping part of the opening position."""
    found = forces().scenarios[scenario]
    return {
        "turn": 1,
        "last_turn": found.turns,
        "controller": found.first_controller,
        "bc_hits": 0,
        "stage": None,
        "segment": None,
        "naval_moves": {"a": 0, "b": 0},
        "naval_spent": [],
        "ground_moved": [],
        "combats": [],
        "mended": [],
        "cas": False,
        "attacked": [],
        "flights": 0,
        "score": {"a": 0, "b": 0},
        "ewda_back": {},
        "inoperative": [],
        "reorganised": [],
        "mines": {},
        "mines_laid": {},
    }


ALL: Final[tuple[Procedure, ...]] = (GameTurns(), ActionStage(), FinalStage(), Repairs())
