"""Card events (5.3): the rules every event follows, and the registry of each card's own effect.

Each card's event lives in :mod:`events_japanese` or :mod:`events_allied` as small functions named
after the card and registered here with :func:`effect` under one of these hooks:

``play``
    ``(g, side)``: what the event does when played (a military event: before its offensive).
``playable``
    ``(g, side) -> bool``: conditions the card adds to the class rules below.
``activation``
    ``(g, unit_id, activated) -> bool``: which units a military event may activate (5.31 D).
``commands``
    ``(g, hq_id, unit_id) -> bool``: units beyond the 7.53 chart that the event lets its HQ
    activate (e.g. Australians under a US HQ).
``asp``
    ``(g, side) -> int``: temporary ASPs the event gives its own offensive (9.31, 9.32).
``activation_cost``
    ``(g, unit_id) -> int``: activations the unit uses of the event's offensive (1 without it).
``rivalry_waived``
    ``(g, hq_id) -> bool``: whether inter-service rivalry (14.1 C, 14.2 A) does not limit what
    the HQ activates for the event's offensive.
``moves``
    ``(g, group) -> dict[str, Move]``: moves the event adds to a group's legal moves in its
    offensive (keyed by action text, like :func:`movement.moves`).
``move_allowed``
    ``(g, group, move) -> bool``: whether the event lets a group of the offensive player make a
    legal move in its offensive (limits the event puts on movement, e.g. where landings go).
``battle_hex``
    ``(g, hex_id) -> bool``: whether the event's offensive may fight in the hex (a move into an
    enemy-held hex, a declared air strike), e.g. one-hex islands only.
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
``able``
    ``(g, card_id, unit_id, oc) -> bool``: whether the unit could meet the event's
    ``requirement`` in its offensive; the card is played as an event only while an HQ it may
    use commands such a unit, that HQ is the one chosen, and one such unit is activated (5.31).
``meets``
    ``(g, group, move) -> bool``: whether a move of the offensive's units meets the event's
    ``requirement``; while the requirement is not met, a stack that has such a move takes one of
    those, and the player may end the movement only once no activated unit has one (see
    :func:`offensives.requirement_pending`).
``before_battles``, ``after_battles``
    ``(g)``: what the event (a military event, or an attack reaction) does just before or once the
    battles of its offensive are over.
``react``
    ``(g, side)``: a reaction event (5.32), played by the reaction player.

A military event that must ask a player something before its offensive runs a procedure named
``event_<card>`` (see :class:`Event`); one that acts once its offensive's units are activated,
before they move, a procedure named ``event_<card>_activated`` (see ``Offensive.activated``).

A card with no registered effect can still be played for its operations value; a military card
with a logistics value runs its offensive with only the class rules (5.31 A-B).
"""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import cards, forces, supply
from wargame.games.empire_of_the_sun.hqs import commanded, hqs_in_supply
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.static import Card

F = TypeVar("F", bound=Callable[..., Any])
HOOKS = (
    "play",
    "playable",
    "activation",
    "commands",
    "asp",
    "activation_cost",
    "rivalry_waived",
    "moves",
    "move_allowed",
    "battle_hex",
    "drm",
    "strength",
    "defense",
    "intel_drm",
    "requirement",
    "able",
    "meets",
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
    _declare(card_ids)


def by_procedure(*card_ids: str) -> None:
    """Declare events played wholly by their ``event_<card>`` procedure (see :class:`Event`)."""
    _declare(card_ids)


def _declare(card_ids: tuple[str, ...]) -> None:
    """Mark the cards' events implemented (:func:`implemented`) without adding a hook."""
    for card_id in card_ids:
        EFFECTS.setdefault(card_id, {})


def catalogue(all_cards: Iterable[Card]) -> list[dict[str, Any]]:
    """One row per card for ``wargame cards`` and the About page: its provenance, how its event
    is played ("offensive": the offensive its card data describes; "offensive+event": with the
    card's own conditions; "event"; "missing": not implemented), its effect in both languages and
    the maintainers' source note."""
    rows = []
    for card in all_cards:
        if not implemented(card.id):
            how = "missing"
        elif card.type == "military":
            how = "offensive+event" if EFFECTS[card.id] else "offensive"
        else:
            how = "event"
        rows.append(
            {
                "id": card.id,
                "title": card.title,
                "title_ja": card.title_ja or card.title,
                "type": card.type,
                "provenance": card.provenance,
                "event": how,
                "effect": card.effect,
                "effect_ja": card.effect_ja,
                "note": card.note,
            }
        )
    return rows


def hook(card_id: str, name: str) -> Callable[..., Any] | None:
    return EFFECTS.get(card_id, {}).get(name)


@RULES.implements("5.31")
def able_hqs(g: Context, side: str, card_id: str, supplied: list[str] | None = None) -> list[str]:
    """The HQs the event may use that command a unit able to meet its requirement (its ``able``
    hook): the event is played only while there is one, and uses one of them (5.31)."""
    return list(_able_hqs(g, side, card_id, supplied))


def _able_hqs(g: Context, side: str, card_id: str, supplied: list[str] | None) -> Iterator[str]:
    """:func:`able_hqs` one at a time, for a question that the first answers."""
    card, able = cards.card(g, card_id), hook(card_id, "able")
    if supplied is None:
        supplied = supply.supplied_units(g, side)
    own, seen = hook(card_id, "commands"), {}

    def can(unit_id: str) -> bool:  # each unit asked once
        if unit_id not in seen:
            seen[unit_id] = able is not None and bool(able(g, card_id, unit_id, card.oc))
        return seen[unit_id]

    for hq in hqs_in_supply(g, side, card.hq):
        if any(can(u) for u in commanded(g, hq, supplied, own)):
            yield hq


def implemented(card_id: str) -> bool:
    return card_id in EFFECTS


@RULES.implements("5.3", "5.31", "5.33", "5.34", "17.26")
def playable(g: Context, side: str, card_id: str) -> bool:
    """Whether ``side`` may play the card as an event now (not as a reaction, see
    :func:`reaction_playable`): its own card, not a reaction card, every clause it states can be
    met (5.31 A: one of the HQs it names is on the map and in supply) and, in a yearly scenario,
    not an event that changes US Political Will (17.26)."""
    return refusal(g, side, card_id) is None


def refusal(g: Context, side: str, card_id: str) -> str | None:
    """Why ``side`` may not play the card as an event now, or None if it may (:func:`playable`)."""
    card = cards.card(g, card_id)
    if card.side != side:
        return "a side plays only its own cards"
    if card.type == "reaction":
        return "a reaction card is played only by the reaction player against an offensive (5.32)"
    if g.data["victory"] != "campaign" and card_id in POLITICAL_WILL_CARDS:
        return "events that change US Political Will are not played in this scenario (17.26)"
    if card.type == "military" and card.hq and not hqs_in_supply(g, side, card.hq):
        return "none of the HQs the card names is on the map and in supply (5.31)"
    extra = hook(card_id, "playable")
    if extra is not None and not extra(g, side):
        return "the event's conditions do not hold now (5.3)"
    if hook(card_id, "able") is not None and next(_able_hqs(g, side, card_id, None), None) is None:
        return "no unit an HQ could activate can fight or land where the event requires (5.31)"
    if card.type == "military" and card.lv is None and hook(card_id, "play") is None:
        return "the event is played only as the scenario directs (17.11)"
    if card.type != "military" and not implemented(card_id):
        return "this event is not implemented yet"
    return None


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
        if card.type == "military":
            f["before"] = lasting_effects(g)
        play = hook(f["card"], "play")
        if play is not None:
            play(g, f["side"])
        if card.type == "military" and f"event_{f['card']}" in g.procedures:
            # what the event does before its offensive (5.31 C: a unit it brings into play)
            g.call(f"event_{f['card']}", then="offensive", side=f["side"], card=f["card"])
        elif card.type == "military":
            self.offensive(g, f)
        elif f"event_{f['card']}" in g.procedures:
            g.call(f"event_{f['card']}", then="finish", side=f["side"], card=f["card"])
        else:
            g.goto("finish")

    def offensive(self, g: Context, f: Frame) -> None:
        lv = cards.card(g, f["card"]).lv
        g.call("offensive", then="done", side=f["side"], card=f["card"], mode="ec", lv=lv)

    @RULES.implements("5.36")
    def finish(self, g: Context, f: Frame) -> None:
        cards.finish_play(g, f["card"], as_event=True)
        g.ret()

    @RULES.implements("5.32")
    def done(self, g: Context, f: Frame) -> None:
        """A military event whose offensive Weather cancelled gives no bonus (5.32 D): the tracks,
        lasting effects and markers it set before its offensive are put back. (Units it brought
        into play or moved before the offensive stay where they are.)"""
        if f.get("cancelled"):
            for key, value in f["before"].items():
                if value is None:
                    g.data.pop(key, None)
                else:
                    g.data[key] = copy.deepcopy(value)
            forces.forget_derived(g)
        g.ret()


LASTING = ("tracks", "lasting", "tokyo_express")


def lasting_effects(g: Context) -> dict[str, Any]:
    """What a military event may change before its offensive, besides units."""
    return {key: copy.deepcopy(g.data.get(key)) for key in LASTING}
