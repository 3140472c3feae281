"""Invariants of an Empire of the Sun state, checked by tests and the fuzzer."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from wargame.engine.state import State

if TYPE_CHECKING:
    from wargame.games.empire_of_the_sun.game import EmpireOfTheSun

PILES = ("deck", "hand", "discard", "removed")


def problems(game: EmpireOfTheSun, state: State) -> list[str]:
    return [*card_problems(game, state), *unit_problems(game, state), *battle_problems(state)]


def card_problems(game: EmpireOfTheSun, state: State) -> list[str]:
    """Every card is in exactly one place: a pile, the Future Offensive slot, or in play."""
    data = state.data
    seen: Counter[str] = Counter()
    for side in game.sides:
        own = data["cards"][side]
        for pile in PILES:
            seen.update(own[pile])
        if own["future"]:
            seen[own["future"]] += 1
    offensive = data.get("offensive")
    in_play = {frame.locals.get("card") for frame in state.stack} - {None}
    if offensive:
        in_play.add(offensive["card"])
    seen.update(c for c in in_play if c not in seen)
    found = [f"card {c} is in {n} places" for c, n in seen.items() if n > 1]
    lost = set(game.parts.cards) - set(seen)
    if lost:
        found.append(f"cards nowhere: {sorted(lost)[:5]}")
    return found


def unit_problems(game: EmpireOfTheSun, state: State) -> list[str]:
    board = game.parts.board
    found = []
    for unit_id, at in state.data["units"].items():
        if at[:1].isdigit() and at not in board.hexes:
            found.append(f"{unit_id} is on unknown hex {at}")
    for unit_id in state.data["reduced"]:
        if game.parts.units[unit_id].reduced_attack is None:
            found.append(f"{unit_id} is reduced but has one step")
    return found


def battle_problems(state: State) -> list[str]:
    """Once the flyers are assigned (the intelligence step follows), every optional battle hex
    has one fighting in it (the stand-in of 6.24)."""
    offensive = state.data.get("offensive")
    if not offensive or not state.stack or state.stack[-1].step != "intelligence":
        return []
    fought = set(offensive["assigned"].values())
    return [
        f"optional battle hex {h} has no attacker" for h in offensive["optional"] if h not in fought
    ]
