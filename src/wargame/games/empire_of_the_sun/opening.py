"""Scenario openings. The December 1941 turn of the campaign (17.11): Japan alone plays its
cards #1 (Operation Z) and #2 (IAI Operation No. 1) as events; then every Allied naval unit may
make one free emergency naval move. The events' own special rules come with the card events
(:mod:`events_opening`): Operation Z does the first steps of its offensive itself, IAI suspends
the Allied air ZOI until its offensive is over.
The 1942 start (17.25) gives the Allies the same free naval moves before Japan's first card."""

from __future__ import annotations

from wargame.engine.action import Action
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import bidding, cards, events, events_opening, forces, movement
from wargame.games.empire_of_the_sun.events_opening import IAI, OPERATION_Z
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.registry import RULES

OPERATION_Z_WILL = 8  # Operation Z sets US Political Will to +8 (16.44 A)


class OpeningTurn(Procedure):
    name = "opening_turn"

    @RULES.implements("17.11", "17.1")
    def start(self, g: Context, f: Frame) -> None:
        g.data["phase"] = "offensives"
        g.data["initiative"] = g.data["acting"] = "japan"
        g.goto("operation_z")

    @RULES.implements("17.11", "5.31")
    def operation_z(self, g: Context, f: Frame) -> None:
        """Operation Z activates, moves and targets by its own terms: its offensive takes up
        at the end of the declaration of battle hexes."""
        cards.commit(g, "japan", OPERATION_Z, "event")
        set_political_will(g)
        g.call("offensive", then="iai", side="japan", card=OPERATION_Z, mode="ec", lv=None)
        events_opening.operation_z(g)
        g.goto(events_opening.RESUME_AT)  # the offensive's frame, just called

    def iai(self, g: Context, f: Frame) -> None:
        bidding.settle_will(g)  # a tournament bid moves the will set by Operation Z (16.49 B)
        cards.commit(g, "japan", IAI, "event")
        play = events.hook(IAI, "play")
        if play is not None:
            play(g, "japan")
        lv = cards.card(g, IAI).lv
        g.call("offensive", then="free_moves", side="japan", card=IAI, mode="ec", lv=lv)

    def free_moves(self, g: Context, f: Frame) -> None:
        events_opening.iai_over(g)
        g.call("free_naval_moves", then="finish")

    def finish(self, g: Context, f: Frame) -> None:
        g.ret()


class FreeNavalMoves(Procedure):
    """Every Allied naval unit on the map may make one free emergency naval move, one after the
    other: after IAI in December 1941 (17.11) and before Japan's first card in 1942 (17.25)."""

    name = "free_naval_moves"

    @RULES.implements("17.25")
    def start(self, g: Context, f: Frame) -> None:
        f["ships"] = sorted(
            u for u in forces.units_on_map(g, "allied") if record(g, u).unit_class == "naval"
        )
        g.goto("free_move")

    @decision
    def free_move(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        if not f["ships"]:
            choices = found.side("allied", "prompt.free_moves_done")
            choices.add("done", self.finish)
            return found
        unit_id = f["ships"][0]
        choices = found.side("allied", "prompt.free_move", unit=unit_id)
        for hex_id in movement.emergency_destinations(g, unit_id):
            choices.add(Action.of("hex", hex_id), self.move_ship, unit_id, hex_id)
        if not choices.options:
            choices.prompt = "prompt.free_move_none"
        choices.add("stay", self.stay, unit_id)
        return found

    def move_ship(self, g: Context, f: Frame, unit_id: str, hex_id: str) -> None:
        forces.move_to(g, unit_id, hex_id)
        g.log("log.emergency_move", unit=unit_id, hex=hex_id)
        f["ships"].remove(unit_id)

    def stay(self, g: Context, f: Frame, unit_id: str) -> None:
        f["ships"].remove(unit_id)

    def finish(self, g: Context, f: Frame) -> None:
        g.ret()


@RULES.implements("16.44")
def set_political_will(g: Context) -> None:
    g.data["tracks"]["political_will"] = OPERATION_Z_WILL
    g.log("log.political_will_set", value=OPERATION_Z_WILL)
