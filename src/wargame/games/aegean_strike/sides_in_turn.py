"""A Final Stage step each side takes in turn, the Battlefield Controller first (7.07): both
sides are always asked, so that being asked tells the other side nothing."""

from __future__ import annotations

from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.aegean_strike import state


class SidesInTurn(Procedure):
    """Asks ``choose`` (a decision of the subclass) of each side in turn, ``f["side"]`` the side
    asked; ``begin`` sets up the step's own frame first."""

    def start(self, g: Context, f: Frame) -> None:
        f["order"] = [g.data["controller"], state.other(g.data["controller"])]
        self.begin(g, f)
        g.goto("next_side")

    def begin(self, g: Context, f: Frame) -> None:
        """What the step keeps while both sides decide (nothing unless a subclass says)."""

    def next_side(self, g: Context, f: Frame) -> None:
        if not f["order"]:
            g.ret()
            return
        f["side"] = f["order"].pop(0)
        g.goto("choose")
