"""A Final Stage step each side takes in turn, the Battlefield Controller first (7.07): both
sides are asked, so that being asked tells the other side nothing, unless the step's choices
rest on what both sides see (public depots), which ``asks`` may then read."""

from __future__ import annotations

from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.aegean_strike import state


class SidesInTurn(Procedure):
    """Asks ``choose`` (a decision of the subclass, or the one ``decision_step`` names) of each
    side in turn that ``asks`` says has a choice, ``f["side"]`` the side asked; ``begin`` sets up
    the step's own frame first, ``finish`` closes the step once both sides are done."""

    decision_step = "choose"

    def start(self, g: Context, f: Frame) -> None:
        f["order"] = [g.data["controller"], state.other(g.data["controller"])]
        self.begin(g, f)
        g.goto("next_side")

    def begin(self, g: Context, f: Frame) -> None:
        """What the step keeps while both sides decide (nothing unless a subclass says)."""

    def asks(self, g: Context, f: Frame) -> bool:
        """Whether ``f["side"]`` has a choice to make (always, unless a subclass says)."""
        return True

    def finish(self, g: Context, f: Frame) -> None:
        """What the step does once both sides are done (nothing unless a subclass says)."""

    def next_side(self, g: Context, f: Frame) -> None:
        while f["order"]:
            f["side"] = f["order"].pop(0)
            if self.asks(g, f):
                g.goto(self.decision_step)
                return
        self.finish(g, f)
        g.ret()
