"""Positions of the toy game whose best move is known, built from a real game."""

from __future__ import annotations

from tests.toy_game.game import CARDS, GAME
from wargame.engine.rng import Rng
from wargame.engine.state import State, clone

LAST_MOVE = ("move", "start")


def at_last_move(seed: int = 3) -> State:
    """A one-round toy game at its move decision (random bids until there)."""
    state = GAME.setup("short", seed, {"rounds": 1})
    rng = Rng(seed)
    while (state.stack[-1].name, state.stack[-1].step) != LAST_MOVE:
        side = GAME.active(state)[0]
        state = GAME.apply(state, side, rng.choice(GAME.legal_actions(state, side)))
    return state


def behind_with_the_move(
    mover: str, hand: list[str], points: dict[str, int], other_hand: list[str] | None = None
) -> State:
    """The last move of the game, ``mover``'s, with ``hand``; red's token at home (0101), blue's
    at home (0303), three hexes apart: only a 3-value card (c2, c5, c8, c11) reaches."""
    state = clone(at_last_move())
    data = state.data
    other = "blue" if mover == "red" else "red"
    rest = [c for c in CARDS if c not in hand]
    held = other_hand if other_hand is not None else rest[:3]
    data["hands"] = {mover: list(hand), other: list(held)}
    data["deck"] = [c for c in rest if c not in held]
    data["discard"] = []
    data["initiative"] = mover
    data["points"] = dict(points)
    data["positions"] = {"red": "0101", "blue": "0303"}
    assert GAME.check(state) == []
    return state
