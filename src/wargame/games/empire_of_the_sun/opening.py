"""Scenario openings. The December 1941 turn of the campaign (17.11): Japan alone plays its
cards #1 (Operation Z) and #2 (IAI Operation No. 1) as events; then every Allied naval unit may
make one free emergency naval move. The events' own special rules come with the card events.
The 1942 start (17.25) gives the Allies the same free naval moves before Japan's first card."""

from __future__ import annotations

from wargame.engine.action import Action
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import cards, forces, movement
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.registry import RULES

OPERATION_Z, IAI = "J1", "J2"
OPERATION_Z_WILL = 8  # Operation Z sets US Political Will to +8 (16.44 A)


class OpeningTurn(Procedure):
    name = "opening_turn"

    @RULES.implements("17.11", "17.1")
    def start(self, g: Context, f: Frame) -> None:
        g.data["phase"] = "offensives"
        g.data["initiative"] = g.data["acting"] = "japan"
        g.goto("operation_z")

    def operation_z(self, g: Context, f: Frame) -> None:
        cards.commit(g, "japan", OPERATION_Z, "event")
        set_political_will(g)
        g.call("offensive", then="iai", side="japan", card=OPERATION_Z, mode="ec", lv=None)

    def iai(self, g: Context, f: Frame) -> None:
        cards.commit(g, "japan", IAI, "event")
        lv = cards.card(g, IAI).lv
        g.call("offensive", then="free_moves", side="japan", card=IAI, mode="ec", lv=lv)

    def free_moves(self, g: Context, f: Frame) -> None:
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
