"""Secret air commitment, shared by ground combat (6.21) and the day action at sea (8.42 a):
each side sets a mission on each of its air units while the other cannot see it, then
commits; once both have, the missions are shown to both.

What it keeps: ``air_missions`` (each side's missions, secret until both have committed, see
``game.game_secrets``), ``air_committed`` (who has) and ``air_battle`` (the area or sea area
whose air units commit).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wargame.engine.action import Action
from wargame.engine.log import Side
from wargame.engine.procedure import Context, Decision
from wargame.engine.state import Frame
from wargame.games.asia_engulfed.control import SIDES


def open_commitment(
    g: Context, where: str, flying: Mapping[Side, Sequence[str]], mission: str
) -> None:
    """Every air unit of ``flying`` starts on ``mission``; a side with none has committed."""
    g.data["air_battle"] = where
    g.data["air_missions"] = {side: dict.fromkeys(flying[side], mission) for side in SIDES}
    g.data["air_committed"] = [side for side in SIDES if not flying[side]]


def commit_decision(g: Context, cycle: Sequence[str], prompt: str, then: str) -> Decision:
    """Whoever has not committed yet moves an air unit on to the next mission of ``cycle``, or
    commits; the other side's choice stays hidden. Once both have, the frame goes to ``then``."""
    found = Decision()
    for side in SIDES:
        if side in g.data["air_committed"]:
            continue
        choices = found.side(side, prompt, area=g.data["air_battle"])
        for counter_id, mission in sorted(g.data["air_missions"][side].items()):
            following = cycle[(cycle.index(mission) + 1) % len(cycle)]
            action = Action.of("mission", counter_id, following)
            choices.add(action, assign, side, counter_id, following)
        choices.add("commit", committed, side, then)
    return found


def assign(g: Context, f: Frame, side: Side, counter_id: str, mission: str) -> None:
    g.data["air_missions"][side][counter_id] = mission


def committed(g: Context, f: Frame, side: Side, then: str) -> None:
    g.data["air_committed"] = sorted([*g.data["air_committed"], side])
    g.log("log.air_committed", side=side)
    if len(g.data["air_committed"]) == len(SIDES):
        g.goto(then)


def on_mission(data: Mapping[str, Any], side: Side, mission: str) -> list[str]:
    """``side``'s air units on ``mission`` still on the map."""
    missions = data["air_missions"][side]
    return sorted(c for c, m in missions.items() if m == mission and c in data["counters"])


def close_commitment(g: Context) -> None:
    g.data["air_battle"] = None
    g.data["air_missions"] = {side: {} for side in SIDES}
    g.data["air_committed"] = []
