"""Reaction events (5.32) in an offensive: which reaction cards the reaction player may play, and
what playing one does — at most three per offensive, Weather first and alone, no intelligence card
after a failed intelligence roll, never a card drawn during the same offensive (5.35)."""

from __future__ import annotations

from typing import Any

from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import cards, events, forces
from wargame.games.empire_of_the_sun.registry import RULES

MAX_REACTIONS = 3
CONDITION_RANK = {"surprise": 0, "intercept": 1, "ambush": 2}


def held(g: Context, side: str) -> list[str]:
    """The side's cards it could react with: its hand, and its Future Offensive card from the turn
    after it was designated (6.29)."""
    own = cards.pile(g, side)
    found = list(own["hand"])
    if own["future"] and own["future_turn"] < g.data["turn"]:
        found.append(own["future"])
    return found


@RULES.implements("5.32", "5.21", "5.35")
def options(g: Context, side: str, offensive: dict[str, Any]) -> list[str]:
    """Reaction cards ``side`` may play now against the offensive."""
    return [c for c in held(g, side) if refusal(g, side, offensive, c) is None]


def refusal(g: Context, side: str, offensive: dict[str, Any], card_id: str) -> str | None:
    """Why ``side`` may not react with the card now, or None if it may."""
    played = offensive.get("reactions", [])
    kind = cards.card(g, card_id).reaction
    if cards.card(g, card_id).type != "reaction":
        return "only reaction cards are played against an offensive (5.32)"
    if len(played) >= MAX_REACTIONS:
        return f"at most {MAX_REACTIONS} reaction cards are played against one offensive (5.32)"
    if offensive.get("cancelled"):
        return "the offensive is cancelled"
    if card_id in g.data["drawn"][side]:
        return "a card drawn during this offensive cannot be played in it (5.35)"
    if not events.reaction_playable(g, side, card_id):
        return "the card's conditions do not hold against this offensive (5.32)"
    if kind == "weather" and (played or offensive["rolled"]):
        return "Weather is played only as the first reaction, before the intelligence roll (5.32)"
    if kind == "intelligence" and offensive["rolled"]:
        return "intelligence cards are played before the intelligence roll (5.32)"
    if kind != "weather" and not offensive["battles"]:
        return "the offensive has no battle hex to react to (5.32)"
    return None


@RULES.implements("5.32")
def play(g: Context, side: str, card_id: str) -> None:
    """The reaction player plays a reaction event: it is shown, counted, draws if it says so (the
    card drawn cannot serve in this offensive), and does what its event says."""
    offensive = g.data["offensive"]
    cards.commit(g, side, card_id, "event")
    offensive.setdefault("reactions", []).append(card_id)
    card = cards.card(g, card_id)
    if card.draw:
        before = set(cards.hand(g, side))
        cards.event_draw(g, side)
        g.data["drawn"][side].extend(sorted(set(cards.hand(g, side)) - before))
    react = events.hook(card_id, "react")
    assert react is not None
    react(g, side)
    cards.finish_play(g, card_id, as_event=True)


@RULES.implements("5.21", "6.25")
def set_condition(g: Context, condition: str) -> None:
    """An intelligence card's condition holds for every battle of the offensive; Ambush prevails
    over Intercept when both are played (5.32 A)."""
    offensive = g.data["offensive"]
    if CONDITION_RANK[condition] > CONDITION_RANK[offensive["condition"]]:
        offensive["condition"] = condition
    offensive["card_condition"] = True
    g.log("log.condition", condition=offensive["condition"])


@RULES.implements("5.32")
def cancel(g: Context) -> None:
    """Weather (5.32 D): the offensive is cancelled. The units moved go back where they started,
    control taken on the way goes back, ASPs set aside are not spent, and the offensive card
    counts as not played (to the discard pile, even a card removed after its event)."""
    offensive = g.data["offensive"]
    for unit_id, move in offensive["moved"].items():
        forces.move_to(g, unit_id, move["from"])
    for hex_id, before in reversed(offensive.get("flips", [])):
        g.data["control"][hex_id] = before
    forces.forget_derived(g)
    g.data["asp_used"][offensive["side"]] -= offensive["asp"]
    offensive["cancelled"] = True
    offensive["battles"] = []
    g.log("log.offensive_cancelled", card=offensive["card"])


def run_attacks(g: Context, timing: str) -> None:
    """Attack reactions act before or after the battles, as each card says (5.32 B)."""
    for card_id in g.data["offensive"].get("reactions", []):
        attack = events.hook(card_id, timing)
        if attack is not None:
            attack(g)
