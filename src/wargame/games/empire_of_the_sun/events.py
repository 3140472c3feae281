"""Playing a card as an event (5.3).

A military event runs an offensive whose activations come from its logistics value, with any
number of battle hexes, under the card's HQ restriction and intelligence condition (5.31 A-B).
The special conditions each event adds (5.31 C-D) and the events of the other classes are
implemented card by card in :mod:`wargame.games.empire_of_the_sun.card_events`; until a card's
own function exists, only its generic military event is playable.
"""

from __future__ import annotations

from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import cards
from wargame.games.empire_of_the_sun.offensives import hqs_in_supply
from wargame.games.empire_of_the_sun.registry import RULES


@RULES.implements("5.31", "5.32")
def playable(g: Context, side: str, card_id: str) -> bool:
    """A military event with a logistics value may be played by its owner, if one of the HQs it
    names (any HQ if it names none) is on the map and in supply: a clause that cannot be met
    leaves the card to OC play or discard (5.31 A). Reaction events only by the reaction player
    (they come with the reaction rules)."""
    card = cards.card(g, card_id)
    if card.type != "military" or card.lv is None or card.side != side:
        return False
    return not card.hq or bool(hqs_in_supply(g, side, card.hq))


class Event(Procedure):
    """Frame locals: ``side``, ``card``."""

    name = "event"

    def start(self, g: Context, f: Frame) -> None:
        card = cards.card(g, f["card"])
        if card.draw:
            cards.event_draw(g, f["side"])
        g.call("offensive", then="done", side=f["side"], card=f["card"], mode="ec", lv=card.lv)

    def done(self, g: Context, f: Frame) -> None:
        g.ret()
