"""Strategy cards: decks, hands and piles (4.14, 5.0, 5.35, 5.36, 6.29).

``data["cards"][side]`` holds ``deck`` (top is the end of the list), ``hand``, ``discard``,
``removed``, ``future`` (the Future Offensive card or None) and ``future_turn``. Hands, the deck
order and the Future Offensive card are secret; the piles and the hand size are public (4.14).
"""

from __future__ import annotations

from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun.forces import parts
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.static import Card, Side

EVENT_DRAW_LIMIT = 3


def pile(g: Context, side: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = g.data["cards"][side]
    return found


def card(g: Context, card_id: str) -> Card:
    return parts(g).cards[card_id]


def hand(g: Context, side: str) -> list[str]:
    return pile(g, side)["hand"]


def owner(card_id: str) -> Side:
    return "japan" if card_id.startswith("J") else "allied"


@RULES.implements("4.14")
def deal(g: Context, side: str, count: int) -> None:
    """Draw ``count`` cards from the top of the side's own deck."""
    own = g.data["cards"][side]
    if len(own["deck"]) < count:
        refill_deck(g, side)
    g.draw(own["deck"], count, side, own["hand"])


RULES.stand_in(
    "4.14",
    "An empty deck is refilled by shuffling the discard pile (the rulebook is silent; spec 10).",
    key="deck_refill",
)


def refill_deck(g: Context, side: str) -> None:
    own = g.data["cards"][side]
    own["deck"] = own["discard"] + own["deck"]
    own["discard"] = []
    g.shuffle(own["deck"], f"deck_{side}")


@RULES.implements("5.35")
def event_draw(g: Context, side: str) -> None:
    """A card drawn by an event: at most three per side in an Offensives phase."""
    if g.data["event_draws"][side] >= EVENT_DRAW_LIMIT:
        g.log("log.draw_limit", side=side)
        return
    g.data["event_draws"][side] += 1
    deal(g, side, 1)


@RULES.implements("5.36")
def finish_play(g: Context, card_id: str, as_event: bool) -> None:
    """A played card goes to the discard pile, or out of the game after its event if it says so."""
    side = owner(card_id)
    destination = "removed" if as_event and card(g, card_id).remove else "discard"
    pile(g, side)[destination].append(card_id)


def future_playable(g: Context, side: str) -> bool:
    """The Future Offensive card may be played from the turn after it was designated, and never
    as the owner's last card of the phase: another card must still be in hand (6.29, spec 10)."""
    own = pile(g, side)
    return bool(own["future"]) and own["future_turn"] < g.data["turn"] and bool(own["hand"])


def take(g: Context, side: str, card_id: str) -> None:
    """Take a card out of the hand (or the Future Offensive slot) to play it."""
    own = pile(g, side)
    if own["future"] == card_id:
        own["future"] = None
        own["future_turn"] = None
    else:
        own["hand"].remove(card_id)
    if card_id in g.data["known"][side]:
        g.data["known"][side].remove(card_id)


def commit(g: Context, side: str, card_id: str, how: str) -> None:
    """The card leaves the hand for good and is shown to everybody."""
    g.data["pending"].pop(side, None)
    take(g, side, card_id)
    g.reveal()
    g.log(f"log.play_{how}", side=side, card=card_id)


def can_designate(g: Context, side: str, card_id: str) -> bool:
    """Once per turn, only if no Future Offensive card is held; never a special event (6.29)."""
    own = pile(g, side)
    return (
        own["future"] is None
        and g.data["designated"].get(side) != g.data["turn"]
        and not card(g, card_id).special
    )
