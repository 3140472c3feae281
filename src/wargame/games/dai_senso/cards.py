"""The option cards of Dai Senso! as data (``data/cards.yaml``): the three decks and their sizes,
the card types the seed defines, and the cards: the ones the seed names, with what it says of
them in our words, and designed ones, each with the reason for its effect.

Loading checks each card against the game's other data: its actions name events
(:mod:`events`), tables of ``tables.yaml`` or markers of ``forces.yaml``; its reinforcements name
units of its own faction; every unit whose reinforcement code is a card number has that card,
which brings it. A bad card fails the load with one line naming the file and the card.

Decisions
- A deck may hold fewer cards than its size while cards are being designed;
  :meth:`Cards.remaining` says how many each deck lacks, so that nothing pretends it is whole.
- Only Soviet cards print a production value (the black-circled number, spec §2.4).
- A requirement is one condition; several requirements must all hold, ``any_of`` is the printed
  "or" (1.1.3).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import msgspec

from wargame.engine.data import Provenance, load_checked
from wargame.engine.errors import DataError
from wargame.engine.state import State
from wargame.games.dai_senso.charts import TABLES, Faction
from wargame.games.dai_senso.events import EVENTS
from wargame.games.dai_senso.forces import Forces, forces

DATA: Final = Path(__file__).parent / "data"
Count = Annotated[int, msgspec.Meta(ge=1, le=12)]
Segment = Literal["option_card", "political_event", "replacement", "conditional_event"]
WarState = Literal["prewar", "limited_war", "total_war"]
StepKind = Literal["infantry", "armor", "colonial_infantry"]
_GROUPS: Final = {
    "chinese_nationalist": ("Chinese Nationalist", "中国国民党"),
    "chinese_communist": ("Chinese Communist", "中国共産党"),
    "minor": ("minor country", "中小国"),
}
REPLACEMENT_GROUPS: Final = frozenset(_GROUPS)
"""Replacement keys that are not a nationality (1.3.1, 1.3.2)."""
_WAR_STATES: Final = {
    "prewar": ("Prewar", "戦前"),
    "limited_war": ("Limited War", "制限戦争"),
    "total_war": ("Total War", "総力戦"),
}
_STEPS: Final = {
    "infantry": ("infantry", "歩兵"),
    "armor": ("armour", "機甲"),
    "colonial_infantry": ("colonial infantry", "植民地歩兵"),
}


class Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    pass


class Deck(Strict):
    size: Annotated[int, msgspec.Meta(ge=1, le=100)]
    name: str
    name_ja: str


class CardType(Strict):
    id: str
    name: str
    name_ja: str
    restricts: Literal["one_a_year", "not_twice_running", "not_after_same_type"] | None = None


class Posture(Strict):
    country: str
    is_: Literal["war", "policy", "truce"] = msgspec.field(name="is")


class Requirement(Strict):
    government: (
        Literal["army_leads", "navy_leads", "navy_not_leading", "army_not_leading"] | None
    ) = None
    played: str | None = None
    posture: Posture | None = None
    not_prewar: bool = False
    european_war: Literal["limited", "total"] | None = None
    any_of: list[Requirement] | None = None


class Action(Strict):
    segment: Segment
    do: str
    """An event id, ``table:NAME`` of the event tables, ``marker:ID`` of forces.yaml, or
    ``remove:NUMBER`` / ``remove:type:TYPE``: another card of the deck (one of that type) set
    aside for good (1.1.2)."""
    select: Literal["country", "chinese_country"] | None = None
    seasonal_only: bool = False


class Reinforcements(Strict):
    force_pool: list[str] = []
    delay: list[str] = []


class Card(Strict):
    id: str
    deck: Faction
    number: Annotated[str, msgspec.Meta(pattern=r"^\d{1,2}[ab]?$")]
    name: str
    name_ja: str
    war_state: WarState
    provenance: Provenance
    reason: str
    types: list[str] = []
    blitz: Annotated[int, msgspec.Meta(ge=0, le=4)] = 0
    production: Annotated[int, msgspec.Meta(ge=0, le=3)] | None = None
    requires: list[Requirement] = []
    actions: list[Action] = []
    replacements: dict[str, dict[StepKind, Count]] = {}
    reinforcements: Reinforcements | None = None
    seed: str = ""
    """What the seed says of the card, in our words (seed cards only)."""


class CardsFile(Strict):
    decks: dict[Faction, Deck]
    types: list[CardType]
    cards: list[Card]


class Cards:
    """The checked cards: by id, by deck, and what each deck still lacks."""

    def __init__(self, data: CardsFile, pieces: Forces) -> None:
        self.data = data
        self.pieces = pieces
        self.types = {card_type.id: card_type for card_type in data.types}
        self.cards: dict[str, Card] = {}
        for card in data.cards:
            if card.id in self.cards:
                raise DataError(f"card {card.id} is defined twice")
            self.cards[card.id] = card
        self._check_decks()
        for card in data.cards:
            self._check_card(card)
        self._check_reinforcement_codes()

    def deck(self, faction: Faction) -> list[Card]:
        return [card for card in self.data.cards if card.deck == faction]

    def by_number(self, faction: Faction, number: str) -> Card | None:
        return next((card for card in self.deck(faction) if card.number == number), None)

    def remaining(self) -> dict[Faction, int]:
        """How many cards of each deck the file does not hold yet."""
        return {
            faction: deck.size - len(self.deck(faction))
            for faction, deck in self.data.decks.items()
        }

    def provenances(self) -> dict[str, int]:
        return dict(Counter(card.provenance for card in self.data.cards))

    def effect(self, card: Card, lang: str) -> str:
        """What the card does, in a line of ``lang`` (en, ja): its war state, bolts, actions,
        replacements and the units it brings."""
        ja = lang == "ja"
        parts = [_WAR_STATES[card.war_state][ja]]
        if card.blitz:
            parts.append(f"{'電撃' if ja else 'blitz'} {card.blitz}")
        parts += [self._action(action, ja) for action in card.actions]
        for key, steps in card.replacements.items():
            counts = ", ".join(f"{count} {_STEPS[kind][ja]}" for kind, count in steps.items())
            parts.append(f"{'補充' if ja else 'replacements'} {self._whose(key, ja)}: {counts}")
        brought = card.reinforcements or Reinforcements()
        for unit_id in [*brought.force_pool, *brought.delay]:
            unit = self.pieces.units[unit_id]
            parts.append(f"{'増援' if ja else 'brings'} {unit.name_ja if ja else unit.name}")
        return "; ".join(parts)

    def _action(self, action: Action, ja: bool) -> str:
        kind, _, name = action.do.partition(":")
        if kind == "table":
            table = TABLES.defaults["event_tables"][name]
            return f"{table.title_ja}でダイス" if ja else f"roll on {table.title}"
        if kind == "marker":
            marker = self.pieces.markers[name]
            return f"{marker.name_ja}を配置" if ja else f"place {marker.name}"
        if kind == "remove":
            what = name.removeprefix("type:")
            if name.startswith("type:"):
                found = self.types[what]
                return f"{found.name_ja}カード1枚を除去" if ja else f"remove one {found.name} card"
            return f"カード{what}を除去" if ja else f"remove card {what}"
        english, japanese = EVENTS[action.do]
        return japanese if ja else english

    def _whose(self, key: str, ja: bool) -> str:
        nationality = self.pieces.nationalities.get(key)
        if nationality is not None:
            return nationality.name_ja if ja else nationality.name
        english, japanese = _GROUPS[key]
        return japanese if ja else english

    # -- checks -------------------------------------------------------------------------------
    def _check_decks(self) -> None:
        if set(self.data.decks) != {"axis", "west", "soviet"}:
            raise DataError("decks: give axis, west and soviet once each")
        for faction, deck in self.data.decks.items():
            cards = self.deck(faction)
            if len(cards) > deck.size:
                raise DataError(f"deck {faction}: {len(cards)} cards, more than its {deck.size}")
            numbers = Counter(card.number for card in cards)
            twice = sorted(number for number, times in numbers.items() if times > 1)
            if twice:
                raise DataError(f"deck {faction}: card number {twice[0]} is used twice")

    def _check_card(self, card: Card) -> None:
        where = f"card {card.id}"
        if not card.id.startswith(f"{card.deck}-") or card.id != f"{card.deck}-{card.number}":
            raise DataError(f"{where}: its id must be {card.deck}-{card.number}")
        if not card.reason.strip():
            raise DataError(f"{where}: give the reason for its effect")
        if card.provenance == "seed" and not card.seed.strip():
            raise DataError(f"{where}: a seed card says what the seed says of it")
        unknown = sorted(set(card.types) - set(self.types))
        if unknown:
            raise DataError(f"{where}: no card type {unknown[0]!r}")
        if (card.production is not None) and card.deck != "soviet":
            raise DataError(f"{where}: only Soviet cards print a production value")
        if ("blitz" in card.types or "limited_war_blitz" in card.types) != (card.blitz > 0):
            raise DataError(f"{where}: a blitz card has lightning bolts, and only a blitz card")
        for requirement in card.requires:
            self._check_requirement(where, card, requirement)
        for action in card.actions:
            self._check_action(where, card, action)
        self._check_replacements(where, card)
        self._check_reinforcements(where, card)

    def _check_requirement(self, where: str, card: Card, requirement: Requirement) -> None:
        given = [
            name
            for name in Requirement.__struct_fields__
            if getattr(requirement, name) not in (None, False)
        ]
        if len(given) != 1:
            raise DataError(f"{where}: a requirement is one condition, not {given or 'none'}")
        if requirement.played is not None and self.by_number(card.deck, requirement.played) is None:
            raise DataError(f"{where}: requires card {requirement.played}, not in its deck")
        if requirement.posture and requirement.posture.country not in self.pieces.nationalities:
            raise DataError(f"{where}: no country {requirement.posture.country!r}")
        for option in requirement.any_of or []:
            self._check_requirement(where, card, option)

    def _check_action(self, where: str, card: Card, action: Action) -> None:
        kind, _, name = action.do.partition(":")
        if kind == "remove":
            self._check_removal(where, card, name)
        elif kind == "table":
            if name not in TABLES.defaults["event_tables"]:
                raise DataError(f"{where}: no event table {name!r} (tables.yaml)")
        elif kind == "marker":
            if name not in self.pieces.markers:
                raise DataError(f"{where}: no marker {name!r} (forces.yaml)")
        elif action.do not in EVENTS:
            raise DataError(f"{where}: {action.do!r} is no event, table:NAME or marker:ID")

    def _check_removal(self, where: str, card: Card, name: str) -> None:
        kind = name.removeprefix("type:")
        if name.startswith("type:"):
            if kind not in self.types:
                raise DataError(f"{where}: removes a card of no type {kind!r}")
        elif self.by_number(card.deck, name) in (None, card):
            raise DataError(f"{where}: removes card {name}, no other card of its deck")

    def _check_replacements(self, where: str, card: Card) -> None:
        for key in card.replacements:
            nationality = self.pieces.nationalities.get(key)
            if nationality is None and key not in REPLACEMENT_GROUPS:
                raise DataError(f"{where}: replacements for {key!r}, no nationality or group")
            if nationality is not None and nationality.faction != card.deck:
                raise DataError(f"{where}: replacements for {key}, not a {card.deck} nationality")

    def _check_reinforcements(self, where: str, card: Card) -> None:
        found = card.reinforcements or Reinforcements()
        for unit_id in [*found.force_pool, *found.delay]:
            unit = self.pieces.units.get(unit_id)
            if unit is None:
                raise DataError(f"{where}: brings unit {unit_id}, not in forces.yaml")
            if self.pieces.faction_of(unit) != card.deck:
                raise DataError(f"{where}: brings {unit_id}, a unit of another faction")

    def _check_reinforcement_codes(self) -> None:
        """A unit whose code is a card number is brought by that card of its faction."""
        for unit in self.pieces.units.values():
            if unit.card is None:
                continue
            faction = self.pieces.faction_of(unit)
            card = self.by_number(faction, unit.card)
            brought = card.reinforcements if card else None
            if brought is None or unit.id not in [*brought.force_pool, *brought.delay]:
                raise DataError(
                    f"unit {unit.id}: its code {unit.card} names no {faction} card that brings it"
                )


def catalogue() -> list[dict[str, Any]]:
    """One row per card for ``wargame cards``: its provenance, "missing" as its event (the game
    fills in how much of it is played: ``option_cards.card_status``), its effect in both
    languages and its reason."""
    found = cards()
    return [
        {
            "id": card.id,
            "title": card.name,
            "title_ja": card.name_ja,
            "type": ", ".join(card.types),
            "provenance": card.provenance,
            "event": "missing",
            "effect": found.effect(card, "en"),
            "effect_ja": found.effect(card, "ja"),
            "note": card.reason,
        }
        for card in found.data.cards
    ]


def load(path: Path = DATA / "cards.yaml", pieces: Forces | None = None) -> Cards:
    """The cards of ``path`` checked; DataError in one line naming the file and the card."""
    return load_checked(
        path, CardsFile, lambda data: Cards(data, forces() if pieces is None else pieces)
    )


def current_card(state: State, faction: str) -> Card | None:
    """The faction's current (played) card (1.1.1), or None: none dealt, none revealed."""
    found = state.data.get("current_card", {}).get(faction)
    return cards().cards[found] if found else None


@cache
def cards() -> Cards:
    """The game's own cards, loaded once."""
    return load()
