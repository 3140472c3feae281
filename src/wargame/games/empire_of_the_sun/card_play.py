"""What a side does with a card in the Offensives segment (3.2, 5.0, 6.29): play it for its
operations value or as an event, set it aside as the Future Offensive card, discard it, or pass."""

from __future__ import annotations

from wargame.engine.action import Action
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import cards, events
from wargame.games.empire_of_the_sun.oc_uses import offer_oc_uses
from wargame.games.empire_of_the_sun.registry import RULES


class CardAction(Procedure):
    """One action of the Offensives segment (3.2): a card played or designated, or a pass."""

    name = "action"

    @decision
    @RULES.implements("5.1", "6.29")
    def start(self, g: Context, f: Frame) -> Decision:
        side = f["side"]
        found = Decision()
        choices = found.side(side, "prompt.action")
        for card_id in cards.hand(g, side):
            choices.add(Action.of("card", card_id), self.pick, side, card_id)
        if cards.future_playable(g, side):
            future = cards.pile(g, side)["future"]
            choices.add(Action.of("card", future), self.pick, side, future)
        if g.data["passes"][side] > 0:
            choices.add("pass", self.pass_turn, side)
        else:
            choices.prompt = "prompt.action_no_pass"
        return found

    def pick(self, g: Context, f: Frame, side: str, card_id: str) -> None:
        g.data["pending"][side] = card_id
        g.goto("use")

    @decision
    def use(self, g: Context, f: Frame) -> Decision:
        side = f["side"]
        card_id = g.data["pending"][side]
        found = Decision()
        choices = found.side(side, "prompt.use", card=card_id)
        forced = events.must_be_event(g, side, card_id)
        if not forced:
            choices.add("oc", self.as_oc)
        refused = events.refusal(g, side, card_id)
        if refused is None:
            choices.add("event", self.as_event, side, card_id)
        else:
            choices.refuse("event", refused)
        if cards.can_designate(g, side, card_id):
            choices.add("future", self.designate, side, card_id)
        if not forced:
            choices.add("discard", self.discard, side, card_id)
        choices.add("cancel", self.cancel, side)
        return found

    def cancel(self, g: Context, f: Frame, side: str) -> None:
        g.data["pending"].pop(side, None)
        g.goto("start")

    @RULES.implements("5.37")
    def as_oc(self, g: Context, f: Frame) -> None:
        """A special event played for operations before it can take effect makes its deck
        reshuffled at the end of the turn (5.37)."""
        side = f["side"]
        if g.data["pending"][side] in events.SPECIAL:
            g.data["reshuffle"][side] = True
        g.goto("oc_use")

    @decision
    def oc_use(self, g: Context, f: Frame) -> Decision:
        side = f["side"]
        card_id = g.data["pending"][side]
        found = Decision()
        choices = found.side(side, "prompt.oc_use", card=card_id)
        offer_oc_uses(g, choices, side, card_id)
        choices.add("cancel", self.cancel, side)
        return found

    @RULES.implements("5.3", "5.31")
    def as_event(self, g: Context, f: Frame, side: str, card_id: str) -> None:
        cards.commit(g, side, card_id, "event")
        g.call("event", then="done", side=side, card=card_id)

    @RULES.implements("6.29")
    def designate(self, g: Context, f: Frame, side: str, card_id: str) -> None:
        g.data["pending"].pop(side)
        cards.take(g, side, card_id)
        own = cards.pile(g, side)
        own["future"] = card_id
        own["future_turn"] = g.data["turn"]
        g.data["designated"][side] = g.data["turn"]
        g.log("log.future", side=side)
        g.ret()

    @RULES.implements("5.1")
    def discard(self, g: Context, f: Frame, side: str, card_id: str) -> None:
        cards.commit(g, side, card_id, "discard")
        cards.finish_play(g, card_id, as_event=False)
        g.ret()

    def pass_turn(self, g: Context, f: Frame, side: str) -> None:
        g.data["passes"][side] -= 1
        g.log("log.pass", side=side)
        g.ret()

    def done(self, g: Context, f: Frame) -> None:
        g.ret()
