"""Card events (5.3): the rules every event follows, and the registry of each card's own effect.

Each card's event lives in :mod:`events_japanese` or :mod:`events_allied` as small functions named
after the card and registered here with :func:`effect` under one of these hooks:

``play``
    ``(g, side)``: what the event does when played (a military event: before its offensive).
``playable``
    ``(g, side) -> bool``: conditions the card adds to the class rules below.
``activation``
    ``(g, unit_id, activated) -> bool``: which units a military event may activate (5.31 D).
``drm``
    ``(g, stage, side, hex_id) -> int``: a battle modifier of the event's offensive (5.31 D);
    ``stage`` is "air_naval" or "ground".
``strength``
    ``(g, stage, side, hex_id) -> int``: added to a side's total attack strength in a battle.
``defense``
    ``(g, unit_id, hex_id) -> int``: added to a unit's defense in a battle.
``intel_drm``
    ``(g, side) -> int``: added to the reaction player's intelligence roll (5.22) against the
    event's offensive (a positive number makes Intercept harder).
``requirement``
    ``(g, battles) -> bool``: whether the battle hexes declared meet what the event requires (a
    battle in the Philippines...). The offensive player may end the declaration only once it
    holds, unless no hex left could meet it (see :func:`offensives.requirement_met`).
``before_battles``, ``after_battles``
    ``(g)``: what the event (a military event, or an attack reaction) does just before or once the
    battles of its offensive are over.
``react``
    ``(g, side)``: a reaction event (5.32), played by the reaction player.

A card with no registered effect can still be played for its operations value; a military card
with a logistics value runs its offensive with only the class rules (5.31 A-B).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any, TypeVar

from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import cards
from wargame.games.empire_of_the_sun.hqs import hqs_in_supply
from wargame.games.empire_of_the_sun.registry import RULES

F = TypeVar("F", bound=Callable[..., Any])
HOOKS = (
    "play",
    "playable",
    "activation",
    "drm",
    "strength",
    "defense",
    "intel_drm",
    "requirement",
    "before_battles",
    "after_battles",
    "react",
)
EFFECTS: dict[str, dict[str, Callable[..., Any]]] = defaultdict(dict)
POLITICAL_WILL_CARDS = ("A1", "A6", "J43", "J74")  # OC only in yearly scenarios (17.26)
SPECIAL = ("J43", "A79")


def effect(card_id: str, hook: str = "play") -> Callable[[F], F]:
    """Register ``function`` as the ``hook`` of card ``card_id``'s event."""
    if hook not in HOOKS:
        raise ValueError(f"unknown event hook {hook!r}")

    def register(function: F) -> F:
        EFFECTS[card_id][hook] = function
        return function

    return register


def plain_offensive(*card_ids: str) -> None:
    """Declare military events whose whole effect is the offensive their card data describes
    (LV, LV per HQ, HQ restriction, intelligence condition): the generic offensive plays them."""
    for card_id in card_ids:
        EFFECTS[card_id].clear()


def hook(card_id: str, name: str) -> Callable[..., Any] | None:
    return EFFECTS.get(card_id, {}).get(name)


def implemented(card_id: str) -> bool:
    return card_id in EFFECTS


@RULES.implements("5.3", "5.31", "5.33", "5.34", "17.26")
def playable(g: Context, side: str, card_id: str) -> bool:
    """Whether ``side`` may play the card as an event now (not as a reaction, see
    :func:`reaction_playable`): its own card, not a reaction card, every clause it states can be
    met (5.31 A: one of the HQs it names is on the map and in supply) and, in a yearly scenario,
    not an event that changes US Political Will (17.26)."""
    card = cards.card(g, card_id)
    if card.side != side or card.type == "reaction":
        return False
    if g.data["victory"] != "campaign" and card_id in POLITICAL_WILL_CARDS:
        return False
    extra = hook(card_id, "playable")
    if extra is not None and not extra(g, side):
        return False
    if card.type == "military":
        has_lv = card.lv is not None or hook(card_id, "play") is not None
        return has_lv and (not card.hq or bool(hqs_in_supply(g, side, card.hq)))
    return implemented(card_id)


@RULES.implements("5.37")
def must_be_event(g: Context, side: str, card_id: str) -> bool:
    """A special event whose conditions hold must be played as an event (5.37)."""
    return card_id in SPECIAL and playable(g, side, card_id)


@RULES.implements("5.32")
def reaction_playable(g: Context, side: str, card_id: str) -> bool:
    """A reaction event may be played only by the reaction player, in an offensive's reaction
    window, if its own conditions hold (checked by its hooks)."""
    card = cards.card(g, card_id)
    if card.side != side or card.type != "reaction" or hook(card_id, "react") is None:
        return False
    extra = hook(card_id, "playable")
    return extra is None or bool(extra(g, side))


class Event(Procedure):
    """Frame locals: ``side``, ``card``."""

    name = "event"

    @RULES.implements("5.35")
    def start(self, g: Context, f: Frame) -> None:
        card = cards.card(g, f["card"])
        if card.draw:
            cards.event_draw(g, f["side"])
        play = hook(f["card"], "play")
        if play is not None:
            play(g, f["side"])
        if card.type == "military":
            lv = card.lv
            g.call("offensive", then="done", side=f["side"], card=f["card"], mode="ec", lv=lv)
        elif f"event_{f['card']}" in g.procedures:
            g.call(f"event_{f['card']}", then="finish", side=f["side"], card=f["card"])
        else:
            g.goto("finish")

    @RULES.implements("5.36")
    def finish(self, g: Context, f: Frame) -> None:
        cards.finish_play(g, f["card"], as_event=True)
        g.ret()

    def done(self, g: Context, f: Frame) -> None:
        g.ret()
