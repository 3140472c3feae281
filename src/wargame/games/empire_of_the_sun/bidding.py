"""Tournament bidding (16.49): the set-up option ``bidding``.

After the set-up, and before the first card, each player secretly picks the side he wants to play
and a bid: victory points in the yearly scenarios (16.49 A), US Political Will boxes in the
campaigns (16.49 B). The two players sit at the game's two seats (``japan`` and ``allied``) while
they bid; the bids decide who plays which side and what the winner pays:

* both want the same side: the higher bid takes it (a tie goes to the higher die roll, re-rolled
  while tied) and the other player plays the other side; the winner pays his bid;
* they want different sides: each plays the side he wanted and pays his bid, so only the net
  difference counts.

What the Japanese side pays comes off the Japanese victory points at the end of a yearly
scenario, or is added to US Political Will (which Japan wants low); what the Allied side pays is
added to the Japanese points, or taken off US Political Will. In the full campaign the Political
Will change comes at the conclusion of Operation Z, which sets the will to +8 (16.44 A); the
shortened campaigns start after it, so their change comes at once.

Secrecy: a sealed bid is kept in ``data["bids"]`` (``{seat: "seat:side:amount"}``), which only its
owner's view shows (``bid``); the log tells the other seat only that a bid was sealed; the bids
are revealed together once both are in. ``data["bidding"]`` is public: the unit (``vp`` /
``will``), the seats that have bid, and once settled the revealed bids, whether the players
exchange seats, and the adjustment.

Choices of this edition where the rule is silent: a bid may be any whole number, and the program
offers 0 to :data:`MAX_BID` (an Allied campaign bid of 8 would put US Political Will in the
Negotiations box at the end of turn 1, and 16.49 calls more than 3 points probably excessive).
The program cannot move people between seats: when the bids give the players the other sides the
log says so, and they exchange seats before play goes on.
"""

from __future__ import annotations

from wargame.engine import bidding as sealed_bids
from wargame.engine.action import Action
from wargame.engine.contract import OptionSpec
from wargame.engine.dice import D10_ZERO
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun.political_will import adjust
from wargame.games.empire_of_the_sun.registry import RULES

SEATS = ("japan", "allied")
MAX_BID = 7
ADJUSTMENT_LOG = {"vp": "log.bid_vp", "will": "log.bid_will"}
OPTIONS = (
    OptionSpec(
        "bidding",
        False,
        (False, True),
        "Tournament bidding (16.49): the players bid victory points (yearly scenarios) or US "
        "Political Will boxes (campaigns) for the side they want to play",
    ),
)


class Bidding(Procedure):
    """Both seats seal a bid at once; then the bids are revealed and settled (16.49)."""

    name = "bidding"

    @RULES.implements("16.49")
    def start(self, g: Context, f: Frame) -> None:
        unit = "will" if g.data["victory"] == "campaign" else "vp"
        g.data["bidding"] = {"unit": unit, "sealed": []}
        g.data["bids"] = {}
        g.log("log.bidding", unit=unit)
        g.goto("bid")

    @decision
    def bid(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        unit = g.data["bidding"]["unit"]
        for seat in SEATS:
            if seat in g.data["bidding"]["sealed"]:
                continue
            choices = found.side(seat, "prompt.bid", unit=unit, most=MAX_BID)
            for side in SEATS:
                for amount in range(MAX_BID + 1):
                    choices.add(Action.of("bid", side, amount), self.seal, seat, side, amount)
        return found

    def seal(self, g: Context, f: Frame, seat: str, side: str, amount: int) -> None:
        g.data["bids"][seat] = sealed_bids.token(seat, side, amount)
        g.data["bidding"]["sealed"].append(seat)
        unit = g.data["bidding"]["unit"]
        g.log_private(
            [seat],
            "log.bid_sealed",
            {"seat": seat, "side": side, "amount": amount, "unit": unit},
            "log.bid_sealed_hidden",
            {"seat": seat},
        )
        if len(g.data["bidding"]["sealed"]) == len(SEATS):
            g.goto("settle")

    @RULES.implements("16.49")
    def settle(self, g: Context, f: Frame) -> None:
        bidding = g.data["bidding"]
        bids = {seat: sealed_bids.read_bid(g.data["bids"].pop(seat)) for seat in SEATS}
        g.reveal()
        for seat in SEATS:
            side, amount = bids[seat]
            g.log("log.bid_revealed", seat=seat, side=side, amount=amount, unit=bidding["unit"])
        plays, paid = sealed_bids.outcome(
            bids, SEATS, lambda: sealed_bids.roll_off(g, D10_ZERO, SEATS)
        )
        adjustment = paid["allied"] - paid["japan"]
        if bidding["unit"] == "will":
            adjustment = -adjustment
        bidding.update(
            bids={seat: list(bids[seat]) for seat in SEATS},
            plays=plays,
            exchange=plays["japan"] != "japan",
            adjustment=adjustment,
        )
        g.log("log.bid_seats", exchange=bidding["exchange"])
        g.log(ADJUSTMENT_LOG[bidding["unit"]], amount=adjustment)
        if bidding["unit"] == "will":
            bidding["applied"] = False
            if g.data["turn"] != 1:  # no Operation Z to wait for
                settle_will(g)
        g.ret()


def settle_will(g: Context) -> None:
    """The winning Political Will bid moves the marker (16.49 B): in the full campaign once
    Operation Z is over, in the shortened campaigns when the bids are settled."""
    bidding = g.data.get("bidding")
    if not bidding or bidding["unit"] != "will" or bidding.get("applied", True):
        return
    bidding["applied"] = True
    if bidding["adjustment"]:
        adjust(g, bidding["adjustment"], "tournament_bid")


def vp_adjustment(g: Context) -> int:
    """What the winning bid adds to the Japanese victory points at the end (16.49 A)."""
    bidding = g.data.get("bidding")
    return int(bidding.get("adjustment", 0)) if bidding and bidding["unit"] == "vp" else 0
