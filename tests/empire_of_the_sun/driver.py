"""Driving the game's procedures from a hand-built position (``factory.position``): call one
procedure (or resume an offensive at a step), script the dice, read and take the decisions."""

from __future__ import annotations

from typing import Any

from wargame.engine.action import Action
from wargame.engine.procedure import Context, Procedure, choose, current_decision, run_automatic
from wargame.engine.state import Frame, Result
from wargame.games.empire_of_the_sun import GAME, cards
from wargame.games.empire_of_the_sun.offensives import new_record


class ScriptedRng:
    """Dice that roll the given numbers, in order."""

    def __init__(self, rolls: list[int]) -> None:
        self.rolls = list(rolls)
        self.state = 0
        self.used = False

    def roll(self, die: Any) -> int:
        self.used = True
        return self.rolls.pop(0)


class Host(Procedure):
    """Calls one procedure of the game (``proc`` with ``args``), then ends the test game."""

    name = "host"

    def start(self, g: Context, f: Frame) -> None:
        g.call(f["proc"], then="over", **f["args"])

    def over(self, g: Context, f: Frame) -> None:
        g.end_game(Result(None, "test"))


def use_game_procedures(g: Context, rolls: list[int] | None = None) -> None:
    g.procedures = {**GAME.procedure_map, "host": Host()}
    if rolls is not None:
        g.rng = ScriptedRng(rolls)  # type: ignore[assignment]


def begin(g: Context, proc: str, rolls: list[int] | None = None, **args: Any) -> None:
    """Run procedure ``proc`` from its start until its first decision (or its end)."""
    use_game_procedures(g, rolls)
    g.push("host", proc=proc, args=args)
    run_automatic(g)


def resume(
    g: Context, step: str, side: str, card: str, *, mode: str = "oc",
    rolls: list[int] | None = None, **fields: Any,
) -> dict[str, Any]:  # fmt: skip
    """An offensive already under way, at ``step``; ``fields`` overwrite its record."""
    use_game_procedures(g, rolls)
    lv = cards.card(g, card).lv if mode == "ec" else None
    record = new_record(g, side, card, mode, lv)
    record.update(fields)
    g.data["offensive"] = record
    g.state.stack.append(Frame("host", "over", {}))
    g.state.stack.append(Frame("offensive", step, {"side": side, "card": card, "mode": mode}))
    run_automatic(g)
    return record


def deciding(g: Context) -> tuple[str, str, list[str]]:
    """(side, prompt, actions) of the one side that must decide now."""
    found = current_decision(g)
    assert found is not None
    (choices,) = [c for c in found.sides.values() if c.options]
    return choices.side, choices.prompt, list(choices.options)


def offered(g: Context) -> list[str]:
    return deciding(g)[2]


def act(g: Context, *actions: str) -> None:
    """Take the actions in turn, each by the side deciding at that moment."""
    for action in actions:
        side = deciding(g)[0]
        choose(g, side, Action(action))


def finish(g: Context, prompt: str | None = None) -> None:
    """Take the last action offered until the test game is over or ``prompt`` is asked."""
    while g.state.result is None and deciding(g)[1] != prompt:
        act(g, offered(g)[-1])
