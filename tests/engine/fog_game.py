"""A tiny block game for the engine's hidden units (:mod:`wargame.engine.fog`); not a product.

Red and Blue each have three blocks on a row of five areas, standing blank to the other side:
two armies and a fleet (the kind is public, as a block's colour is). In turn each moves one block
to an adjacent area, or passes. A block entering an area the enemy holds starts a battle: every
block there is revealed to both sides, each step rolls a die (6 hits, tanks 5-6), hits fall on
the strongest enemy block there, until one side is gone. Survivors stay known until they move;
eliminated blocks are shown for good. After six turns the side with more steps wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.action import Action
from wargame.engine.contract import ProcedureGame, Scenario, Secrets
from wargame.engine.dice import D6
from wargame.engine.fog import (
    EVER,
    UNTIL_MOVED,
    Candidate,
    Units,
    audience,
    expire,
    fog_secrets,
    fog_view,
    move,
    new_unit,
    reveal,
    sample,
)
from wargame.engine.log import Side
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.rng import RandomSource
from wargame.engine.state import Frame, Result, State

SIDES = ("red", "blue")
AREAS = ("a", "b", "c", "d", "e")
DEAD = "dead"
MAX_STEPS = {"infantry": 3, "tanks": 2, "cruiser": 2}
HITS_ON = {"infantry": 6, "tanks": 5, "cruiser": 6}
CATALOGUE = (
    Candidate("r1", "red", {"kind": "army"}, {"type": "infantry"}),
    Candidate("r2", "red", {"kind": "army"}, {"type": "tanks"}),
    Candidate("r3", "red", {"kind": "fleet"}, {"type": "cruiser"}),
    Candidate("b1", "blue", {"kind": "army"}, {"type": "infantry"}),
    Candidate("b2", "blue", {"kind": "army"}, {"type": "tanks"}),
    Candidate("b3", "blue", {"kind": "fleet"}, {"type": "cruiser"}),
)
START = {"r1": "a", "r2": "a", "r3": "b", "b1": "e", "b2": "e", "b3": "d"}


def other(side: Side) -> Side:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


def neighbours(area: str) -> list[str]:
    at = AREAS.index(area)
    return [AREAS[n] for n in (at - 1, at + 1) if 0 <= n < len(AREAS)]


def steps_in(units: Units, side: Side, area: str) -> list[str]:
    """``side``'s blocks in ``area``, the strongest first."""
    here = [i for i, u in units.items() if u["owner"] == side and u["where"] == area]
    return sorted(here, key=lambda i: (-units[i]["hidden"]["steps"], i))


def fill_steps(candidate: Candidate, rng: RandomSource) -> dict[str, Any]:
    """A blank's steps, which the catalogue leaves open: any from 1 to the block's most."""
    return {"steps": 1 + rng.below(MAX_STEPS[candidate.hidden["type"]])}


class Play(Procedure):
    name = "play"

    @decision
    def start(self, g: Context, f: Frame) -> Decision:
        side = g.data["player"]
        choices = Decision.single(side, "prompt.move")
        units = g.data["units"]
        for unit_id in sorted(units):
            unit = units[unit_id]
            if unit["owner"] == side and unit["where"] != DEAD:
                for area in neighbours(unit["where"]):
                    choices.add(Action.of("move", unit_id, area), self.move, side, unit_id, area)
        choices.add("pass", self.done, side)
        found = Decision()
        found.sides[side] = choices
        return found

    def move(self, g: Context, f: Frame, side: Side, unit_id: str, area: str) -> None:
        units = g.data["units"]
        start = units[unit_id]["where"]
        move(units, unit_id, area)
        self.log_move(g, audience(units[unit_id], SIDES), unit_id, start, area)
        if steps_in(units, other(side), area):
            battle(g, area)
        self.done(g, f, side)

    def log_move(
        self, g: Context, seen_by: list[Side], unit_id: str, start: str, area: str
    ) -> None:
        side = g.data["player"]
        private = {"side": side, "unit": unit_id, "from": start, "to": area}
        public = {"side": side, "from": start, "to": area}
        g.log_private(seen_by, "log.moved", private, "log.moved_blank", public)

    def done(self, g: Context, f: Frame, side: Side) -> None:
        if side == SIDES[1]:
            g.data["turn"] += 1
        g.data["player"] = other(side)
        alive = {u["owner"] for u in g.data["units"].values() if u["where"] != DEAD}
        if g.data["turn"] > g.data["turns"] or len(alive) < len(SIDES):
            g.goto("score")

    def score(self, g: Context, f: Frame) -> None:
        units = g.data["units"]
        steps = {
            s: sum(u["hidden"]["steps"] for u in units.values() if u["owner"] == s) for s in SIDES
        }
        winner = None if steps["red"] == steps["blue"] else max(SIDES, key=steps.__getitem__)
        g.end_game(Result(winner, "steps", {"winner": winner}, dict(steps)))


def battle(g: Context, area: str) -> None:
    units: Units = g.data["units"]
    tag = f"battle:{area}"
    present = [i for i, u in units.items() if u["where"] == area]
    reveal(units, present, SIDES, tag)
    g.reveal()
    for unit_id in sorted(present):
        g.log("log.revealed", unit=unit_id, steps=units[unit_id]["hidden"]["steps"])
    while all(steps_in(units, side, area) for side in SIDES):
        hits = {side: roll_hits(g, units, side, area) for side in SIDES}
        for side in SIDES:
            take_hits(g, units, other(side), area, hits[side])
    expire(units, tag, becomes=UNTIL_MOVED)


def roll_hits(g: Context, units: Units, side: Side, area: str) -> int:
    hits = 0
    for unit_id in steps_in(units, side, area):
        unit = units[unit_id]
        for _ in range(unit["hidden"]["steps"]):
            hits += g.roll(D6, side, "battle") >= HITS_ON[unit["hidden"]["type"]]
    return hits


def take_hits(g: Context, units: Units, side: Side, area: str, hits: int) -> None:
    for _ in range(hits):
        targets = steps_in(units, side, area)
        if not targets:
            return
        unit = units[targets[0]]
        unit["hidden"]["steps"] -= 1
        g.log("log.step_lost", unit=targets[0], steps=unit["hidden"]["steps"])
        if unit["hidden"]["steps"] == 0:
            move(units, targets[0], DEAD, openly=True)
            reveal(units, [targets[0]], SIDES, EVER)


class FogGame(ProcedureGame):
    id = "fog-toy"
    title = "Blocks in the fog (test game)"
    sides = SIDES
    listed = False
    procedures = (Play(),)

    def scenarios(self) -> list[Scenario]:
        return [Scenario("standard", "Standard")]

    def begin(self, g: Context, scenario: str, options: Mapping[str, Any]) -> None:
        units = {}
        for candidate in CATALOGUE:
            steps = 1 + g.rng.below(MAX_STEPS[candidate.hidden["type"]])
            hidden = {**candidate.hidden, "steps": steps}
            units[candidate.id] = new_unit(
                candidate.owner, START[candidate.id], candidate.public, hidden
            )
        g.data.update(turn=1, turns=6, player=SIDES[0], units=units)
        g.push("play")

    def view_data(self, state: State, viewer: Side | None) -> dict[str, Any]:
        data = state.data
        return {
            "turn": data["turn"],
            "turns": data["turns"],
            "player": data["player"],
            **fog_view(data["units"], viewer, SIDES),
        }

    def game_secrets(self, state: State) -> Secrets:
        return fog_secrets(state.data["units"], SIDES)

    def determinize(self, view: Mapping[str, Any], side: Side, rng: RandomSource) -> State:
        board = view["board"]
        data = {
            "turn": board["turn"],
            "turns": board["turns"],
            "player": board["player"],
            "units": sample(board, CATALOGUE, rng, fill_steps),
        }
        return self.state_from_view(view, side, data, rng)

    def check_data(self, state: State) -> list[str]:
        problems = []
        for unit_id, unit in state.data["units"].items():
            steps = unit["hidden"]["steps"]
            if (unit["where"] == DEAD) != (steps == 0) or steps > MAX_STEPS[unit["hidden"]["type"]]:
                problems.append(f"{unit_id} has {steps} steps in {unit['where']}")
        return problems
