"""Bidding for sides (10.4): a designed stand-in, the rule being lost (only its title
survives). The set-up option ``bidding`` asks for it before the first turn.

Each of the two seats (``japan``, ``allies``: where the players sit while they bid) seals the
side it wants and a bid in victory areas, 0 to ``t10_4_bidding.most``. Then the bids are shown:

* different sides wanted: each plays its side and pays its bid;
* the same side: the higher bid plays it and pays, the other plays the other side and pays
  nothing; equal bids go to a die roll, rolled again while tied.

What Japan pays is added to the victory areas it needs at the end (10.3); what the Allies pay
is taken off them (never below one). The program does not move players between seats: when the
bids give them the other sides, the log says so.

Secrecy: a sealed bid (``data["bids"][seat]``, ``"seat:side:amount"``) is its seat's alone
until both are in; ``data["bidding"]`` is public (the seats that sealed, then the outcome).

Decisions
---------
* **Victory areas as the currency**: Europe Engulfed bids before set-up; AE's one number that
  weighs the whole game is the victory areas Japan needs, so the bid moves it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine import bidding as sealed_bids
from wargame.engine.action import Action
from wargame.engine.contract import OptionSpec
from wargame.engine.dice import D6
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.asia_engulfed.charts import tables
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.state import SIDES

OPTIONS: Final = (
    OptionSpec(
        "bidding",
        False,
        (False, True),
        "Bidding for sides (10.4, designed): each player bids victory areas for the side he wants",
    ),
)

RULES.stand_in(
    "10.4",
    "Before the first turn each seat seals a side and a bid in victory areas; the higher bid "
    "for a wanted side plays it; Japan's payment raises the areas it needs, the Allies' lowers.",
    key="bid_victory_areas",
)


class Bidding(Procedure):
    """Both seats seal a bid at once; then the bids are shown and settled (10.4)."""

    name = "bidding"

    def start(self, g: Context, f: Frame) -> None:
        g.data["bidding"] = {"sealed": []}
        g.data["bids"] = {}
        g.goto("bid")

    @decision
    @RULES.implements("10.4")
    def bid(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        most = tables(g.state).bidding.most
        for seat in SIDES:
            if seat not in g.data["bidding"]["sealed"]:
                choices = found.side(seat, "prompt.bid", most=most)
                for side in SIDES:
                    for amount in range(most + 1):
                        choices.add(Action.of("bid", side, amount), self.seal, seat, side, amount)
        return found

    def seal(self, g: Context, f: Frame, seat: str, side: str, amount: int) -> None:
        g.data["bids"][seat] = sealed_bids.token(seat, side, amount)
        g.data["bidding"]["sealed"].append(seat)
        shown = {"seat": seat, "side": side, "amount": amount}
        g.log_private([seat], "log.bid_sealed", shown, "log.bid_sealed_hidden", {"seat": seat})
        if len(g.data["bidding"]["sealed"]) == len(SIDES):
            g.goto("settle")

    @RULES.implements("10.4")
    def settle(self, g: Context, f: Frame) -> None:
        bids = {seat: sealed_bids.read_bid(g.data["bids"].pop(seat)) for seat in SIDES}
        g.reveal()
        plays, paid = sealed_bids.outcome(bids, SIDES, lambda: sealed_bids.roll_off(g, D6, SIDES))
        g.data["bidding"].update(
            bids={seat: list(bid) for seat, bid in bids.items()},
            plays=plays,
            japan_needs_change=paid[SIDES[0]] - paid[SIDES[1]],
        )
        for seat in SIDES:
            g.log("log.bid_shown", seat=seat, side=bids[seat][0], amount=bids[seat][1])
        g.log("log.bid_settled", seat=SIDES[0], side=plays[SIDES[0]])
        g.ret()


def japan_needs_change(data: Mapping[str, Any]) -> int:
    """What the settled bids add to the victory areas Japan needs (10.3, 10.4)."""
    return int(data.get("bidding", {}).get("japan_needs_change", 0))
