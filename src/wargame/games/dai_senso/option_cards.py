"""The option card segment of a faction's seasonal phase (1.1): the procedure of 1.1.1 (discard
the current card, reveal the pending one, carry out its actions, choose the next pending card,
and for the Soviets the ESV adjustment), the actions and the political DRM of 1.1.2, the
selection requirements and restrictions of 1.1.3, and the Soviet current-card ESV adjustment
of 1.1.4; the reinforcements a current card brings (spec §4.2.3).

Only a scenario the ``option_cards`` table names deals cards (the campaigns); the training
scenarios deal none and their seasonal phase passes through as before.

The position (``data``)
- ``decks[faction]``: ``hand`` (card ids, in the deck's order), ``pending`` (a card id or None,
  face down), ``removed`` (set aside for good), ``played`` (every card that was current: 1.1.3's
  "played"), ``revealed`` (card id -> the year it became current, for the annual limit),
  ``shown`` (cards in the hand every faction saw: a pending card that broke a restriction),
  ``chosen`` (when the pending card was chosen: the year it will be revealed in, the war status
  and the current card then; public, as the choice is made in the open).
- ``current_card[faction]``: its current card (public), or None; :func:`cards.current_card`
  reads it (the replacement segment, 1.3, reads the card's replacements there).
- ``esv`` (the European strategic value, 1.1.4), ``uscl`` (the Pacific USCL level),
  ``card_markers[faction]`` (markers a card put in the faction's force pool); the units a card
  brings (4.2.3) go to the seasonal phase's force pool ``pool`` or Delay box ``delay_box``
  (:mod:`seasonal`, :mod:`delay`), which also keep ``esv`` and ``uscl``.

Hidden: each faction's hand and pending card. A view of another faction (or a spectator's)
shows only the number of cards in the hand and whether a pending card is held
(:func:`redact`); :func:`sample` draws them back for ``determinize`` (every card of a deck is
in its hand, pending, current or removed, so the unseen cards are known and only which of them
is pending is drawn).

Decisions
- The whole deck is the hand (no card is drawn): the seed has the pending card chosen from "the
  current hand" and names no draw; a scenario sets cards aside (``removed``) or current.
- A pending card is checked when it is chosen: a card whose requirements or restrictions fail
  is refused with its rule; so Step 2's check (1.1.1, against the restrictions at the time it
  was chosen) finds a broken restriction only for a card a set-up or an older rule put there.
  The penalty then: each Allied faction in play, the West first, may declare Total War (12.3);
  a declaration sets the DS war status the cards read (``data["war_state"]``), the war state's
  other effects are not played yet.
- What the rules of other sections keep (the war status, the Government marker, the European
  war markers, postures, the VP marker, influence and neutral markers) is read from the
  position where those sections will keep it, else from the scenario's deal
  (``option_cards`` table): :func:`war_status`, :func:`government` and the readers below. The
  keys read: ``war_state`` (prewar, limited_war, total_war), ``government`` ({where, face}),
  ``european_war`` (None, "limited", "total"), ``soviet_european_war`` (a War marker in the
  Soviet European War box), ``postures`` (country -> war, policy, truce), ``vp_marker`` ({box,
  face}), ``country_markers`` (country -> influence_axis/west/soviet or neutral), ``countries``
  (minor -> {status, alignment}).
- Card actions: a roll on an event table and an event go through politics.py
  (:func:`politics.roll_on_table`: the political DRM and the chains, 3.3;
  :func:`politics.apply_event`: the one door of every event), as the political event segment's
  do; markers go to the faction's force pool; a removal sets another card aside, the copy in
  the hand first. Where politics is not played only the track events ("USCL Increase", "US
  Influence Decline", "ESV -1") are; the others are logged "not played yet". The interned
  units a pending card holds (16.7, :mod:`markers`) come back when it is revealed.
- "Select a country": one of the minor countries of the map (a Chinese one for a card that
  says so): the printed card text is not at hand (provisional, ``cards.yaml``).
- The influence and neutral markers' DRM is the table ``politics``' (``marker_drm``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from wargame.engine.errors import DataError
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.rng import RandomSource
from wargame.engine.state import Frame, State
from wargame.games.dai_senso import countries, markers, politics, state, war_states
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.cards import Card, Requirement, cards
from wargame.games.dai_senso.charts import TABLES, DeckDeal
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.registry import RULES

RULES.stand_in("1.1", "decks dealt by the campaigns only, their deal designed", key="deal")
RULES.stand_in("1.1.2", "country selection among the display's countries or the map's minors;"
               " events as politics plays them", key="card_actions")  # fmt: skip
WAR_ORDER: Final = ("prewar", "limited_war", "total_war")


# -- the deal -------------------------------------------------------------------------------------


def deal_of(state_: State) -> DeckDeal | None:
    """The scenario's deal, or None if it deals no cards."""
    found: DeckDeal | None = game_tables(state_)["option_cards"].scenarios.get(state_.scenario)
    return found


def dealt(data: Mapping[str, Any]) -> bool:
    return "decks" in data


@RULES.implements("1.1")
def initial_data(state_: State, factions: Iterable[str]) -> dict[str, Any]:
    """The decks of a scenario that deals them: each faction's cards in its hand but the
    current and removed ones of the deal (nothing for a scenario that deals none)."""
    deal = deal_of(state_)
    if deal is None:
        return {}
    piles: dict[str, Any] = {}
    current: dict[str, str | None] = {}
    for side in factions:
        number = deal.current.get(side)
        now = f"{side}-{number}" if number else None
        removed = [f"{side}-{n}" for n in deal.removed.get(side, [])]
        out = {*removed, now}
        unknown = sorted(card for card in out if card and card not in cards().cards)
        if unknown:
            raise DataError(f"table option_cards: {state_.scenario} deals no card {unknown[0]}")
        piles[side] = {
            "hand": [card.id for card in cards().deck(side) if card.id not in out],
            "pending": None,
            "removed": removed,
            "played": [*removed, *([now] if now else [])],
            "revealed": {},
            "shown": [],
            "chosen": None,
        }
        current[side] = now
    return {"decks": piles, "current_card": current,
            "card_markers": {side: [] for side in factions}}  # fmt: skip


# -- what other sections keep, read with the deal's values until they keep it ---------------------


def war_status(state_: State) -> str:
    """The DS war status (12), which the seasonal tracks keep (table ``seasonal_play``)."""
    return str(state_.data.get("war_state", "prewar"))


def government(state_: State) -> tuple[str, str]:
    """The Japanese Government marker: (where, face up side)."""
    found = state_.data.get("government")
    if found:
        return str(found["where"]), str(found["face"])
    deal = deal_of(state_)
    return (deal.government.where, deal.government.face) if deal else ("status_box", "army")


def leads(state_: State) -> str | None:
    """Who leads the Japanese government (1.1.3): the face up side of the marker in its status
    box; nobody while it is in the Delay box or on the turn track."""
    where, face = government(state_)
    return face if where == "status_box" else None


def european_war(data: Mapping[str, Any]) -> str | None:
    """Which European War marker is in the European War box: "limited", "total" or None."""
    found = data.get("european_war")
    return str(found) if found else None


def posture(data: Mapping[str, Any], country: str) -> str | None:
    found = data.get("postures", {}).get(country)
    return str(found) if found else None


# -- 1.1.3 pending card selection -----------------------------------------------------------------


def requirement_refusal(state_: State, card: Card, requirement: Requirement) -> str:
    """Why ``requirement`` of ``card`` does not hold now ("" if it holds)."""
    data = state_.data
    if requirement.any_of:
        reasons = [requirement_refusal(state_, card, option) for option in requirement.any_of]
        return "" if "" in reasons else " and ".join(reasons)
    if requirement.government:
        return _government_refusal(state_, requirement.government)
    if requirement.played:
        wanted = f"{card.deck}-{requirement.played}"
        return "" if wanted in data["decks"][card.deck]["played"] else f"card {wanted} not played"
    if requirement.posture:
        country, wanted = requirement.posture.country, requirement.posture.is_
        found = posture(data, country) or "unknown"
        return "" if found == wanted else f"the {country} posture is {found}, not {wanted}"
    if requirement.not_prewar:
        return "" if war_status(state_) != "prewar" else "Prewar is in effect"
    if requirement.european_war:
        held = european_war(data)
        wanted_war = requirement.european_war
        occurred = held in ("total", wanted_war)
        return "" if occurred else f"European {wanted_war} war has not occurred"
    return ""


def _government_refusal(state_: State, wanted: str) -> str:
    leader = leads(state_)
    need, _, negated = wanted.partition("_")
    holds = (leader == need) != (negated == "not_leading")
    return "" if holds else f"the {need} {'leads' if negated == 'not_leading' else 'does not lead'}"


def restriction_refusal(state_: State, side: str, card: Card, chosen: Mapping[str, Any]) -> str:
    """Why choosing ``card`` breaks a selection restriction of 1.1.3 at the time ``chosen``
    (the year it will be revealed in, the war status, the current card then); "" if none."""
    if WAR_ORDER.index(card.war_state) > WAR_ORDER.index(chosen["war_state"]):
        return f"a {card.war_state} card may not be chosen at {chosen['war_state']}"
    types = cards().types
    after = cards().cards.get(chosen["after"] or "")
    for kind in card.types:
        restricts = types[kind].restricts
        if restricts == "not_after_same_type" and after is not None and kind in after.types:
            return f"the current card {after.id} is a {kind} card too"
        if restricts == "one_a_year" and _revealed_in(state_, side, kind, chosen["year"]):
            return f"a {kind} card is revealed in {chosen['year']} already"
    limit = game_tables(state_)["option_cards"].soviet_production_limit[chosen["war_state"]]
    if side == "soviet" and (card.production or 0) > limit:
        return f"its production value {card.production} is over the limit {limit}"
    return ""


def _revealed_in(state_: State, side: str, kind: str, year: int) -> str | None:
    revealed = state_.data["decks"][side]["revealed"]
    same = [cid for cid, when in revealed.items() if when == year]
    return next((cid for cid in same if kind in cards().cards[cid].types), None)


@RULES.implements("1.1.3")
def selection_refusal(state_: State, side: str, card_id: str) -> str:
    """Why ``side`` may not choose ``card_id`` as its pending card now, with the rule ("" if it
    may): it must be in the hand, meet every requirement and break no restriction."""
    if card_id not in state_.data["decks"][side]["hand"]:
        return f"1.1.3: {card_id} is not in the hand of {side}"
    card = cards().cards[card_id]
    reasons = [requirement_refusal(state_, card, each) for each in card.requires]
    reasons.append(restriction_refusal(state_, side, card, choosing_now(state_, side)))
    reasons = [reason for reason in reasons if reason]
    return f"1.1.3: {card_id}: {'; '.join(reasons)}" if reasons else ""


def choosing_now(state_: State, side: str) -> dict[str, Any]:
    """When a pending card chosen now is chosen: the year of the next seasonal turn (when it is
    revealed), the war status and the current card."""
    return {
        "year": next_seasonal_year(state_),
        "war_state": war_status(state_),
        "after": state_.data["current_card"].get(side),
    }


def next_seasonal_year(state_: State) -> int:
    """The year of the next seasonal turn after this one (Nov-Dec's is the next year's)."""
    track = game_tables(state_)["turn_track"]
    year, index = int(state_.data["year"]), int(state_.data["track"])
    for _ in track:
        index = (index + 1) % len(track)
        year += index == 0
        if track[index].seasonal:
            return year
    return year  # unreachable: the turn track has seasonal turns (charts.turn_track)


# -- 1.1.2 table rolls and events: politics.py's, the one door of every event ----------------------


PLAYED_EVENTS: Final = frozenset(politics.HANDLERS)
"""The events a card action plays (:data:`politics.HANDLERS`, where politics is played; only
those of :data:`politics.WITHOUT_POLITICS` elsewhere); the others are logged as not played yet."""


def table_results(table: str) -> set[str]:
    """Every final event a roll on ``table`` may end in, through its chains."""
    rows = TABLES.defaults["event_tables"][table].rows.values()
    found: set[str] = set()
    for result in rows:
        chained = result.removeprefix("table:")
        found |= table_results(chained) if result.startswith("table:") else {result}
    return found


def card_status(card: Card) -> str:
    """How much of ``card`` is played (``wargame cards``): "played" when the game carries out
    every effect it prints, "partial" when some, "missing" when none. Played: its pieces (1.1),
    its markers and table rolls in the option card segment (1.1.2; a roll whose chains may end in
    an event not played yet is partial); not yet: its replacements (1.3), its blitz value, the
    events not played and the actions of the other segments."""
    effects = ["played"] * bool(card.reinforcements) + ["missing"] * bool(card.replacements)
    effects += ["missing"] * bool(card.blitz)
    effects += [_action_status(action.segment, action.do) for action in card.actions]
    if all(effect == "played" for effect in effects):
        return "played"
    return "missing" if all(effect == "missing" for effect in effects) else "partial"


def _action_status(segment: str, do: str) -> str:
    kind, _, name = do.partition(":")
    if segment != "option_card":
        return "missing"
    if kind in ("marker", "remove"):
        return "played"
    played = {"none", *PLAYED_EVENTS}
    if kind == "table":
        return "played" if table_results(name) <= played else "partial"
    return "played" if do in played else "missing"


def place_marker(g: Context, side: str, marker: str) -> None:
    """A card's marker goes where its rule says (:func:`markers.card_places`), else to the
    faction's force pool (its placement is its section's)."""
    if markers.card_places(g, side, marker):
        return
    g.data["card_markers"][side].append(marker)
    g.log("log.card_marker", side=side, marker=marker)


@RULES.implements("1.1.2")
def remove_card(g: Context, side: str, target: str) -> None:
    """Another card of the deck set aside for good: card ``target`` (a number), or a card of a
    type (``type:TYPE``), the copy in the hand first; a card already discarded needs nothing
    more, and the action is carried out all the same."""
    wanted = target.removeprefix("type:")
    deck = cards().deck(side)
    if target.startswith("type:"):
        matching = [card.id for card in deck if wanted in card.types]
    else:
        matching = [f"{side}-{wanted}"]
    own = g.data["decks"][side]
    held = [card for card in own["hand"] if card in matching]
    if not held:
        g.log("log.card_removal_nothing", side=side)
        return
    own["hand"].remove(held[0])
    own["removed"].append(held[0])
    g.log("log.card_removed", side=side, card=held[0])


def carry_out(g: Context, side: str, do: str, country: str | None) -> None:
    """One card action of the option card segment (1.1.2)."""
    kind, _, name = do.partition(":")
    if kind == "table":
        politics.roll_on_table(g, side, name, country)
    elif kind == "marker":
        place_marker(g, side, name)
    elif kind == "remove":
        remove_card(g, side, name)
    else:
        politics.apply_event(g, side, do, country)


def candidates(data: Mapping[str, Any], select: str | None) -> list[str]:
    """The countries a card action may select: where politics is played, the countries of the
    position, as the political event segment offers them (:func:`countries.selectable`); else
    the map's minors (provisional: the card texts are not at hand); a Chinese one for a card
    that says so."""
    if select is None:
        return []
    if countries.plays(data):
        return countries.selectable(data, select)
    if select == "chinese_country":
        return list(countries.CHINESE)
    if select == "country":
        kinds = board().country_kinds
        return sorted(country for country, kind in kinds.items() if kind == "minor")
    return []


# -- 4.2.3 reinforcements -------------------------------------------------------------------------


def minor_aligned(data: Mapping[str, Any], nationality: str, side: str) -> bool:
    """Whether a minor country is active and aligned with ``side``: the position's country
    record where the countries (13.4, 13.5) keep one, else its set-up alignment."""
    record = data.get("countries", {}).get(nationality)
    if record is not None:
        return bool(record.get("status") == "active" and record.get("alignment") == side)
    return forces().nationalities[nationality].faction == side


@RULES.implements("1.1.1")
def reinforce(g: Context, side: str, card: Card) -> None:
    """The pieces the current card brings (spec §4.2.3): to the force pool or the Delay box,
    each only if it is not in play nor out of the game, a minor's only if that minor is active
    and aligned with the faction."""
    brought = card.reinforcements
    if brought is None:
        return
    for box, listed in (("pool", brought.force_pool), ("delay_box", brought.delay)):
        for uid in listed:
            unit = forces().units[uid]
            nationality = forces().nationalities[unit.nationality]
            if state.in_play(g.data, uid):
                continue
            if nationality.kind == "minor" and not minor_aligned(g.data, nationality.id, side):
                g.log("log.card_unit_not_aligned", side=side, unit=uid)
                continue
            if box == "pool" and "support" in g.data and not forces().is_ground(unit):
                g.data["support"][uid] = "pool"
            elif box == "pool":
                g.data["pool"].append(uid)
            else:
                g.data["delay_box"].append({"piece": uid, "side": side})
            g.log(
                "log.card_unit_force_pool" if box == "pool" else "log.card_unit_delay_box",
                side=side,
                unit=uid,
            )


# -- 1.1.4 the Soviet current-card ESV adjustment -------------------------------------------------


@RULES.implements("1.1.4")
def esv_adjustment(state_: State, card: Card) -> int:
    """The ESV change of the Soviet current card: the table's cell for the DS war status and the
    card's production value, "War" if a War marker is in the Soviet European War box. A card that
    prints no production value has no column, so no adjustment is listed for it: 1.1.4 adjusts
    only "if an adjustment is listed", and reading a blank as 0 raised the ESV nearly every
    season (33 of the 44 Soviet cards), ending the campaigns by European collapse by 1939."""
    if card.production is None:
        return 0
    cell = getattr(game_tables(state_)["esv_adjustment"], war_status(state_))
    found = cell[str(card.production)]
    return int(found.war if state_.data.get("soviet_european_war") else found.no_war)


# -- 1.1.1 the procedure --------------------------------------------------------------------------


class OptionCardSegment(Procedure):
    """The option card segment of ``side`` (1.1.1, steps 1 to 5)."""

    name = "option_card_segment"

    @RULES.implements("1.1.1")
    def start(self, g: Context, f: Frame) -> None:
        """Step 1: the current card is discarded, back to the hand if reusable."""
        side = f["side"]
        own = g.data["decks"][side]
        current = g.data["current_card"][side]
        if current is not None:
            g.data["current_card"][side] = None
            reusable = "reusable" in cards().cards[current].types
            if reusable:
                own["hand"] = in_deck_order(side, [*own["hand"], current])
            else:
                own["removed"].append(current)
            key = "log.card_discarded_reusable" if reusable else "log.card_discarded"
            g.log(key, side=side, card=current)
        g.goto("reveal")

    def reveal(self, g: Context, f: Frame) -> None:
        """Step 2: the pending card is revealed and becomes current, unless it broke a
        restriction when it was chosen: then it goes back to the hand, not played."""
        side = f["side"]
        own = g.data["decks"][side]
        pending, chosen = own["pending"], own["chosen"]
        own["pending"], own["chosen"] = None, None
        if pending is None:
            g.log("log.no_pending", side=side)
            g.goto("choose_next")
            return
        g.reveal()
        markers.repatriate(g, side)
        card = cards().cards[pending]
        broken = restriction_refusal(g.state, side, card, chosen) if chosen else ""
        if broken:
            own["hand"] = in_deck_order(side, [*own["hand"], pending])
            own["shown"].append(pending)
            g.log("log.card_returned", side=side, card=pending, reason=f"1.1.3: {broken}")
            penalised = side == "axis" and chosen["war_state"] != "total_war"
            f["penalty"] = [s for s in ("west", "soviet") if penalised and s in g.data["decks"]]
            g.goto("penalty_next")
            return
        g.data["current_card"][side] = pending
        own["played"].append(pending)
        own["revealed"][pending] = int(g.data["year"])
        g.log("log.card_revealed", side=side, card=pending)
        markers.pact_removes_aid(g, pending)
        f["action"] = 0
        g.goto("actions")

    def penalty_next(self, g: Context, f: Frame) -> None:
        """The next Allied faction that may declare Total War for the Axis's illegal card."""
        g.goto("penalty" if f["penalty"] else "choose_next")

    @decision
    def penalty(self, g: Context, f: Frame) -> Choices:
        """1.1.1: after an illegal Axis card at Prewar or Limited War, either Allied faction
        may declare that Total War begins at once."""
        choices = Decision.single(f["penalty"][0], "prompt.total_war_penalty")
        choices.add("declare", _declare_total_war)
        choices.add("decline", _decline_total_war)
        return choices

    def actions(self, g: Context, f: Frame) -> None:
        """Step 3: the card's option card segment actions in their order (1.1.2); then the
        pieces it brings (spec §4.2.3)."""
        side = f["side"]
        card = cards().cards[g.data["current_card"][side]]
        listed = [action for action in card.actions if action.segment == "option_card"]
        while f["action"] < len(listed):
            action = listed[f["action"]]
            if candidates(g.data, action.select):
                g.goto("select_country")
                return
            f["action"] += 1
            carry_out(g, side, action.do, None)
            if g.frame is not f:  # the event asks for decisions (snlf): it goes on at "action"
                return
        reinforce(g, side, card)
        g.goto("choose_next")

    def action(self, g: Context, f: Frame) -> None:
        """Where an event that asked for decisions (politics.py's) comes back: the next action."""
        self.actions(g, f)

    @decision
    def select_country(self, g: Context, f: Frame) -> Choices:
        side = f["side"]
        card = cards().cards[g.data["current_card"][side]]
        action = [a for a in card.actions if a.segment == "option_card"][f["action"]]
        choices = Decision.single(side, "prompt.card_country", card=card.id)
        for country in candidates(g.data, action.select):
            choices.add(f"country {country}", _select, country, action.do)
        return choices

    def choose_next(self, g: Context, f: Frame) -> None:
        """Step 4 when the faction can choose no card: it says so and has none pending."""
        side = f["side"]
        hand = g.data["decks"][side]["hand"]
        if any(not selection_refusal(g.state, side, card) for card in hand):
            g.goto("choose")
            return
        g.log("log.no_legal_pending", side=side)
        g.goto("esv")

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        """Step 4: the next pending card, face down, from the hand (1.1.3)."""
        side = f["side"]
        choices = Decision.single(side, "prompt.pending_card")
        for card in g.data["decks"][side]["hand"]:
            refusal = selection_refusal(g.state, side, card)
            if refusal:
                choices.refuse(f"card {card}", refusal)
            else:
                choices.add(f"card {card}", _choose, card)
        choices.explain = lambda text: _not_in_hand(g.state, side, text)
        return choices

    def esv(self, g: Context, f: Frame) -> None:
        """Step 5 (Soviets only): the current card's ESV adjustment (1.1.4)."""
        current = g.data["current_card"].get(f["side"])
        if f["side"] == "soviet" and current is not None:
            change = esv_adjustment(g.state, cards().cards[current])
            if change:
                g.data["esv"] = int(g.data["esv"]) + change
                g.log("log.esv", side="soviet", esv=g.data["esv"], change=change)
        g.ret()


def _not_in_hand(state_: State, side: str, text: str) -> str:
    """Why a card of ``side``'s deck that is not in its hand may not be chosen (1.1.3)."""
    verb, _, card = text.partition(" ")
    if verb != "card" or not card.startswith(f"{side}-") or card not in cards().cards:
        return ""
    return selection_refusal(state_, side, card)


@RULES.implements("1.1.1")
def _declare_total_war(g: Context, f: Frame) -> None:
    """Total War begins (12.3), by war_states.py's script (the Policy markers removed where
    politics is played)."""
    g.log("log.total_war_declared", side=f["penalty"][0])
    war_states.begin_total_war(g)
    f["penalty"] = []
    g.goto("choose_next")


def _decline_total_war(g: Context, f: Frame) -> None:
    f["penalty"].pop(0)
    g.goto("penalty_next")


def _select(g: Context, f: Frame, country: str, do: str) -> None:
    f["action"] += 1
    g.log("log.card_country", side=f["side"], country=country)
    carry_out(g, f["side"], do, country)
    if g.frame is f:
        g.goto("actions")


def _choose(g: Context, f: Frame, card: str) -> None:
    side = f["side"]
    own = g.data["decks"][side]
    own["chosen"] = choosing_now(g.state, side)
    own["hand"].remove(card)
    own["pending"] = card
    g.log_private([side], "log.pending_chosen", {"side": side, "card": card},
                  "log.pending_chosen_hidden", {"side": side})  # fmt: skip
    g.goto("esv")


def in_deck_order(side: str, ids: Iterable[str]) -> list[str]:
    wanted = set(ids)
    return [card.id for card in cards().deck(side) if card.id in wanted]


# -- secrets, views and determinize ---------------------------------------------------------------


def redact(data: dict[str, Any], viewer: str | None) -> None:
    """Another faction's hand and pending card, in place of their number and presence."""
    for side, own in data.get("decks", {}).items():
        if side == viewer:
            continue
        own["hand_size"] = len(own.pop("hand"))
        own["pending_held"] = own.pop("pending") is not None


def secret_cards(data: Mapping[str, Any]) -> dict[str, set[str]]:
    """Per faction, the cards of its hand and its pending card that no other faction saw there
    (a card once played, or returned to the hand in the open, is known to be there)."""
    found = {}
    for side, own in data.get("decks", {}).items():
        known = {*own["played"], *own["shown"]}
        held = {*own["hand"], *([own["pending"]] if own["pending"] else [])}
        found[side] = held - known
    return found


def sample(state_: State, side: str, rng: RandomSource) -> None:
    """For ``determinize``: each other faction's hand and pending card drawn from its unseen
    cards, in place of the view's counts; the pending card among those that broke no selection
    restriction when it was chosen (1.1.3: the time of the choice is public), if any did not."""
    data = state_.data
    for other, own in data.get("decks", {}).items():
        if other == side:
            continue
        out = {*own["removed"], data["current_card"].get(other)}
        unseen = [card.id for card in cards().deck(other) if card.id not in out]
        pending = None
        if own.pop("pending_held"):
            legal = [c for c in unseen if _fits(state_, other, c, own["chosen"])]
            pending = rng.choice(legal or unseen)
        own["hand"] = [card for card in unseen if card != pending]
        own["pending"] = pending
        del own["hand_size"]


def _fits(state_: State, side: str, card: str, chosen: Mapping[str, Any] | None) -> bool:
    return chosen is None or not restriction_refusal(state_, side, cards().cards[card], chosen)


ALL: Final[tuple[Procedure, ...]] = (OptionCardSegment(),)
