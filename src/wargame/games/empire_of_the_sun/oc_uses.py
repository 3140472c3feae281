"""The uses of a card played for its operations value (3.2 A-F): an offensive, withdrawing an
air unit (7.33) or an HQ (7.54), bringing an HQ back early (7.56), or ending inter-service
rivalry in a yearly scenario (17.26)."""

from __future__ import annotations

from wargame.engine.action import Action
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import cards, china, forces, supply
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.registry import RULES

REMOVE_ISR_OC = 3
HQ_RETURN_AREAS = {
    "japan": ("home_islands",),
    "allied": ("australia", "hawaii", "india_mainland", "india_north", "ceylon"),
}
OAHU = "5808"


def offer_oc_uses(g: Context, choices: Choices, side: str, card_id: str) -> None:
    choices.add("offensive", start_use, side, card_id, "offensive")
    if any(record(g, u).unit_class == "air" for u in forces.units_on_map(g, side)):
        choices.add("withdraw-air", start_use, side, card_id, "withdraw_air")
    if any(record(g, u).unit_class == "hq" for u in forces.units_on_map(g, side)):
        choices.add("withdraw-hq", start_use, side, card_id, "withdraw_hq")
    if returning_hqs(g, side) and hq_return_hexes(g, side):
        choices.add("return-hq", start_use, side, card_id, "return_hq")
    if may_end_rivalry(g, side, card_id):
        choices.add("end-isr", start_use, side, card_id, "end_isr")
    refusal = china.launch_refusal(g, side, card_id)
    if refusal is None:
        choices.add("china", start_use, side, card_id, "china")
    elif side == "japan":
        choices.refuse("china", refusal)


def start_use(g: Context, f: Frame, side: str, card_id: str, use: str) -> None:
    cards.commit(g, side, card_id, "oc")
    g.call("oc_use", then="done", side=side, card=card_id, use=use)


class OcUse(Procedure):
    """Frame locals: ``side``, ``card``, ``use``."""

    name = "oc_use"

    def start(self, g: Context, f: Frame) -> None:
        if f["use"] == "offensive":
            g.call("offensive", then="done", side=f["side"], card=f["card"], mode="oc")
        elif f["use"] == "end_isr":
            end_rivalry(g, f["side"])
            g.goto("finish")
        elif f["use"] == "china":
            china.china_offensive(g)
            g.goto("finish")
        else:
            g.goto(f["use"])

    @decision
    def withdraw_air(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        choices = found.side(f["side"], "prompt.withdraw_air")
        for unit_id in forces.units_on_map(g, f["side"]):
            if record(g, unit_id).unit_class == "air":
                choices.add(Action.of("unit", unit_id), self.withdraw, unit_id)
        return found

    @decision
    def withdraw_hq(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        choices = found.side(f["side"], "prompt.withdraw_hq")
        for unit_id in forces.units_on_map(g, f["side"]):
            if record(g, unit_id).unit_class == "hq":
                choices.add(Action.of("unit", unit_id), self.withdraw, unit_id)
        return found

    @RULES.implements("7.33", "7.54", "7.5")
    def withdraw(self, g: Context, f: Frame, unit_id: str) -> None:
        """The unit leaves the map and comes back next turn as a reinforcement; a dotted HQ
        (ABDA, Malaya) never comes back (7.5)."""
        dotted = record(g, unit_id).unit_class == "hq" and record(g, unit_id).pre_war
        if dotted:
            forces.move_to(g, unit_id, "removed")
            g.log("log.eliminated", unit=unit_id)
        else:
            forces.move_to(g, unit_id, f"turn:{g.data['turn'] + 1}")
            forces.set_flag(g, "returning", unit_id)
            g.log("log.withdrawn", unit=unit_id)
        g.goto("finish")

    @decision
    def return_hq(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        choices = found.side(f["side"], "prompt.return_hq")
        for unit_id in returning_hqs(g, f["side"]):
            for hex_id in hq_return_hexes(g, f["side"]):
                choices.add(Action.of("place", unit_id, hex_id), self.place_hq, unit_id, hex_id)
        return found

    @RULES.implements("7.56")
    def place_hq(self, g: Context, f: Frame, unit_id: str, hex_id: str) -> None:
        forces.move_to(g, unit_id, hex_id)
        g.log("log.hq_returns", unit=unit_id, hex=hex_id)
        g.goto("finish")

    def finish(self, g: Context, f: Frame) -> None:
        cards.finish_play(g, f["card"], as_event=False)
        g.ret()

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


def returning_hqs(g: Context, side: str) -> list[str]:
    """HQs waiting on the turn track after a withdrawal or a displacement (7.54-7.56), not HQs
    that have yet to arrive as scheduled reinforcements."""
    return [
        u
        for u, at in g.data["units"].items()
        if at.startswith("turn:")
        and forces.flagged(g, "returning", u)
        and record(g, u).unit_class == "hq"
        and record(g, u).side == side
        and not record(g, u).pre_war
    ]


def hq_return_hexes(g: Context, side: str) -> list[str]:
    """Friendly supply-eligible ports in the Home Islands (Japan), or in Australia, Oahu or
    India (Allies), with no HQ already there (7.51, 7.56)."""
    board = g.static.board
    found = supply.supply(g)
    return [
        h
        for h in board.land_hexes
        if board.port(h)
        and forces.friendly(g, h, side)
        and found.eligible(h, side)
        and (board.in_any_area(h, HQ_RETURN_AREAS[side]) or (side == "allied" and h == OAHU))
        and not any(record(g, u).unit_class == "hq" for u in forces.units_at(g, h))
    ]


def may_end_rivalry(g: Context, side: str, card_id: str) -> bool:
    """Yearly scenarios only: a 3-OC card ends the player's own rivalry (17.26)."""
    rivalry = "japanese_isr" if side == "japan" else "us_isr"
    yearly = g.data["victory"] != "campaign"
    return yearly and g.data["tracks"][rivalry] and cards.card(g, card_id).oc >= REMOVE_ISR_OC


@RULES.implements("17.26", "17.37", "17.47")
def end_rivalry(g: Context, side: str) -> None:
    rivalry = "japanese_isr" if side == "japan" else "us_isr"
    g.data["tracks"][rivalry] = False
    g.log("log.rivalry_ends", side=side)
