"""Sealed bids for sides between a game's two seats, the mechanism a game's bidding rule runs on.

Each seat seals the side it wants and an amount. A sealed bid is kept in the game's data as the
token ``"seat:side:amount"``, shown in its owner's view alone (:func:`own_bid`) and withheld from
every other (:func:`secret_tokens`); a determinized state draws the other seat's bid afresh
(:func:`sample_bids`). Once both are in, :func:`outcome` says who plays which side and what each
side pays: wanting different sides, each plays his and pays his bid; wanting the same one, the
higher bid takes it (equal bids: :func:`roll_off`) and pays, the other side paying nothing. What
an amount means (victory points, Political Will, victory areas) is the game's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from wargame.engine.dice import Die
from wargame.engine.procedure import Context
from wargame.engine.rng import Rng

Seats = tuple[str, str]
Bid = tuple[str, int]


def token(seat: str, side: str, amount: int) -> str:
    """The sealed bid as the game's data keeps it."""
    return f"{seat}:{side}:{amount}"


def read_bid(sealed: str) -> Bid:
    """The side wanted and the amount of a sealed bid."""
    _seat, side, amount = sealed.split(":")
    return side, int(amount)


def outcome(
    bids: Mapping[str, Bid], seats: Seats, tie_break: Callable[[], str]
) -> tuple[dict[str, str], dict[str, int]]:
    """Which side each seat plays, and what each side pays; ``tie_break()`` names the seat that
    wins equal bids for one side."""
    first_seat, second_seat = seats
    (wanted, first), (other_wanted, second) = bids[first_seat], bids[second_seat]
    if wanted != other_wanted:
        plays = {first_seat: wanted, second_seat: other_wanted}
        return plays, {wanted: first, other_wanted: second}
    winner = tie_break() if first == second else first_seat if first > second else second_seat
    loser, unwanted = _other(seats, winner), _other(seats, wanted)
    return {winner: wanted, loser: unwanted}, {wanted: bids[winner][1], unwanted: 0}


def roll_off(g: Context, die: Die, seats: Seats) -> str:
    """Each seat rolls ``die``, the high roll wins, ties roll again."""
    while True:
        rolls = {seat: g.roll(die, seat, "bid_tie") for seat in seats}
        if rolls[seats[0]] != rolls[seats[1]]:
            return max(seats, key=lambda seat: rolls[seat])


def own_bid(data: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
    """The viewer's sealed bid, for its own view only."""
    sealed = data.get("bids", {}).get(viewer)
    return {"bid": sealed} if sealed else {}


def secret_tokens(data: Mapping[str, Any]) -> dict[str, set[str]]:
    """Each seat's sealed bid, which no other viewer may see."""
    return {seat: {sealed} for seat, sealed in data.get("bids", {}).items()}


def sample_bids(
    board: Mapping[str, Any], side: str, rng: Rng, seats: Seats, most: int
) -> dict[str, str]:
    """Sealed bids ``side`` cannot tell from the true ones: its own, and a drawn one for each
    other seat the public record shows has sealed (``board["bidding"]["sealed"]``)."""
    public = board["bidding"]
    bids = {side: board["bid"]} if board.get("bid") else {}
    for seat in [] if "plays" in public else public["sealed"]:
        if seat != side:
            bids[seat] = token(seat, rng.choice(seats), rng.below(most + 1))
    return bids


def _other(seats: Seats, one: str) -> str:
    return seats[1] if one == seats[0] else seats[0]
