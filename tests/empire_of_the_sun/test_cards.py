"""Strategy cards: the deal (4.14), what a side does with a card in the Offensives segment (5.0,
5.1, 5.3, 5.31), event draws (5.35), removal (5.36) and the Future Offensive card (6.29).

A hand-built position (``factory.position``) gets hands and decks; the card action procedure runs
on it with the game's procedures, above a ``hold`` frame that stands for the rest of the turn.
Cards used: A30 (a military event, OC 2, LV 4, removed after its event), A13 (military, OC 3),
A60 (a resource event, OC 3), A5 (a reaction, OC 2), J76 (military, OC 2, LV 1, removed after its
event), J43 Tojo Resigns (a special event), J4 (a reaction).
"""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.factory import position
from wargame.engine.action import Action
from wargame.engine.procedure import (
    Context,
    Decision,
    Procedure,
    choose,
    current_decision,
    decision,
    run_automatic,
)
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import GAME, cards
from wargame.games.empire_of_the_sun.sequence import Turn

pytestmark = pytest.mark.game("empire-of-the-sun")

CARDS = GAME.parts.cards


class Hold(Procedure):
    """The rest of the turn, below the procedure under test: a decision nobody takes."""

    name = "hold"

    @decision
    def start(self, g: Context, f: Frame) -> Decision:
        return Decision()


PROCEDURES = {**GAME.procedure_map, "hold": Hold()}


def table(turn: int = 5, japan=(), allied=(), **tracks) -> Context:
    """A position whose hands are ``japan`` and ``allied``; each deck holds ten other cards."""
    g = position(turn=turn, **tracks)
    g.procedures = PROCEDURES
    for side, hand in (("japan", japan), ("allied", allied)):
        own = g.data["cards"][side]
        own["hand"] = list(hand)
        prefix = "J" if side == "japan" else "A"
        own["deck"] = [f"{prefix}{n}" for n in range(50, 60) if f"{prefix}{n}" not in hand]
    return g


def run(g: Context, name: str, **locals_) -> Context:
    g.state.stack[:] = [Frame("hold", "start"), Frame(name, "start", dict(locals_))]
    run_automatic(g)
    return g


def legal(g: Context, side: str) -> list[str]:
    found = current_decision(g)
    if found is None or side not in found.sides:
        return []
    return [a.text for a in found.sides[side].actions()]


def act(g: Context, side: str, *texts: str) -> None:
    for text in texts:
        choose(g, side, Action(text))


def done(g: Context) -> bool:
    return g.state.stack[-1].name == "hold"


# -- 4.14 the deal --------------------------------------------------------------------------------
@pytest.mark.rule("4.14")
def test_cards_are_dealt_from_the_top_of_the_sides_own_deck():
    g = table(allied=["A1"])
    deck = list(g.data["cards"]["allied"]["deck"])
    japanese_deck = list(g.data["cards"]["japan"]["deck"])
    cards.deal(g, "allied", 3)
    assert cards.hand(g, "allied") == ["A1", deck[-1], deck[-2], deck[-3]]
    assert g.data["cards"]["allied"]["deck"] == deck[:-3]
    assert g.data["cards"]["japan"]["deck"] == japanese_deck


@pytest.mark.rule("4.14")
def test_a_short_deck_is_refilled_from_the_discard_pile_never_the_removed_cards():
    g = table()
    own = g.data["cards"]["japan"]
    own.update(deck=["J50", "J51"], discard=["J60", "J61", "J62"], removed=["J63"])
    cards.deal(g, "japan", 4)
    assert len(own["hand"]) == 4
    assert sorted(own["hand"] + own["deck"]) == ["J50", "J51", "J60", "J61", "J62"]
    assert own["discard"] == [] and own["removed"] == ["J63"]


@pytest.mark.rule("4.14", "11.1", "11.51")
def test_the_deal_segment_gives_each_side_its_cards_and_passes():
    g = table(turn=3)
    g.data["cards"]["japan"]["deck"] = [f"J{n}" for n in range(50, 60)]
    g.data["cards"]["allied"]["deck"] = [f"A{n}" for n in range(50, 60)]
    g.data["deal_cuts"]["japan"] = 2
    g.state.stack[:] = [Frame("turn", "deal")]
    Turn().deal(g, g.frame)
    assert (len(cards.hand(g, "japan")), len(cards.hand(g, "allied"))) == (5, 6)
    assert g.data["passes"] == {"japan": 2, "allied": 1}
    assert g.frame.step == "offensives"


# -- 5.35 event draws -----------------------------------------------------------------------------
@pytest.mark.rule("5.35")
def test_event_draws_stop_at_three_per_side_in_an_offensives_phase():
    g = table()
    for _ in range(4):
        cards.event_draw(g, "japan")
    assert len(cards.hand(g, "japan")) == 3
    assert g.data["event_draws"] == {"japan": 3, "allied": 0}
    assert [e.key for e in g.state.log].count("log.draw_limit") == 1
    cards.event_draw(g, "allied")
    assert len(cards.hand(g, "allied")) == 1


@pytest.mark.rule("5.35", "4.1")
def test_the_event_draw_count_starts_again_each_turn():
    g = table()
    g.data["event_draws"] = {"japan": 3, "allied": 2}
    run(g, "turn")
    assert g.data["event_draws"] == {"japan": 0, "allied": 0}


# -- 5.1, 5.3, 5.31: the uses of a card -----------------------------------------------------------
@pytest.mark.rule("5.1", "5.3", "5.31", "5.32", "6.29")
def test_any_card_may_be_played_for_oc_or_discarded_but_only_own_military_events_as_events():
    g = run(table(japan=["J76", "J43", "J4"]), "action", side="japan")
    assert legal(g, "japan") == ["card J76", "card J43", "card J4"]
    assert legal(g, "allied") == []
    uses = {}
    for card_id in ("J76", "J43", "J4"):
        act(g, "japan", f"card {card_id}")
        uses[card_id] = legal(g, "japan")
        act(g, "japan", "cancel")
    assert uses["J76"] == ["oc", "event", "future", "discard", "cancel"]
    assert uses["J43"] == ["oc", "discard", "cancel"]  # a special event is never a Future Offensive
    assert uses["J4"] == ["oc", "future", "discard", "cancel"]  # a reaction: only the RP's event
    assert cards.hand(g, "japan") == ["J76", "J43", "J4"]
    assert g.data["pending"] == {}


@pytest.mark.rule("5.1")
def test_cancelling_a_picked_card_keeps_it_and_the_choice_secret():
    g = run(table(allied=["A5", "A13"]), "action", side="allied")
    act(g, "allied", "card A13")
    assert g.data["pending"] == {"allied": "A13"}
    assert "A13" not in str(GAME.view_data(g.state, "japan"))
    act(g, "allied", "cancel")
    assert legal(g, "allied") == ["card A5", "card A13"] and g.data["pending"] == {}


# -- 5.36 removal ---------------------------------------------------------------------------------
@pytest.mark.rule("5.36", "5.1", "4.22")
def test_discarding_never_removes_a_card_even_one_removed_after_its_event():
    g = run(table(allied=["A30", "A13"]), "action", side="allied")
    act(g, "allied", "card A30", "discard")
    assert done(g)
    own = g.data["cards"]["allied"]
    assert own["discard"] == ["A30"] and own["removed"] == []
    assert cards.hand(g, "allied") == ["A13"]


def finish_offensive(g: Context, side: str) -> None:
    """Choose no HQ and close the offensive."""
    act(g, side, "none")
    while not done(g):
        act(g, side, "done")


@pytest.mark.rule("5.36", "5.31")
def test_a_removable_card_leaves_the_game_when_played_as_an_event():
    g = table(allied=["A30", "A13"])
    g.data["units"]["jp-ss-bde"] = "4600"  # A30 is an event only while Japan is in the Aleutians
    run(g, "action", side="allied")
    act(g, "allied", "card A30", "event")
    assert g.state.stack[-1].name == "offensive"
    assert g.state.stack[-1].locals == {"side": "allied", "card": "A30", "mode": "ec", "lv": 4}
    finish_offensive(g, "allied")
    own = g.data["cards"]["allied"]
    assert own["removed"] == ["A30"] and own["discard"] == []


@pytest.mark.rule("5.36", "5.1")
def test_a_removable_card_played_for_its_operations_value_is_only_discarded():
    g = run(table(allied=["A30", "A13"]), "action", side="allied")
    act(g, "allied", "card A30", "oc")
    assert legal(g, "allied")[0] == "offensive"
    act(g, "allied", "offensive")
    assert g.state.stack[-1].locals["mode"] == "oc"
    finish_offensive(g, "allied")
    own = g.data["cards"]["allied"]
    assert own["discard"] == ["A30"] and own["removed"] == []


@pytest.mark.rule("5.36")
def test_finishing_a_play_puts_the_card_on_its_owners_pile():
    g = table()
    cards.finish_play(g, "J37", as_event=True)
    cards.finish_play(g, "J38", as_event=False)
    cards.finish_play(g, "A13", as_event=True)  # not a removable card
    assert g.data["cards"]["japan"]["removed"] == ["J37"]
    assert g.data["cards"]["japan"]["discard"] == ["J38"]
    assert g.data["cards"]["allied"]["discard"] == ["A13"]


# -- 6.29 the Future Offensive card ---------------------------------------------------------------
@pytest.mark.rule("6.29")
def test_designating_a_future_offensive_sets_the_card_aside_as_the_whole_action():
    g = run(table(turn=6, allied=["A5", "A13"]), "action", side="allied")
    act(g, "allied", "card A13", "future")
    assert done(g)
    own = g.data["cards"]["allied"]
    assert (own["future"], own["future_turn"], own["hand"]) == ("A13", 6, ["A5"])
    assert g.data["designated"] == {"allied": 6}
    assert g.data["pending"] == {}
    seen = GAME.view_data(g.state, "japan")
    assert "A13" not in str(seen) and seen["cards"]["allied"]["future_held"]


@pytest.mark.rule("6.29")
def test_the_future_offensive_card_waits_until_a_later_turn():
    g = table(turn=6, allied=["A5"])
    g.data["cards"]["allied"].update(future="A60", future_turn=6)
    run(g, "action", side="allied")
    assert legal(g, "allied") == ["card A5"]
    g = table(turn=7, allied=["A5"])
    g.data["cards"]["allied"].update(future="A60", future_turn=6)
    run(g, "action", side="allied")
    assert legal(g, "allied") == ["card A5", "card A60"]
    act(g, "allied", "card A60")
    assert legal(g, "allied") == ["oc", "discard", "cancel"]  # no second designation of it
    act(g, "allied", "discard")
    own = g.data["cards"]["allied"]
    assert (own["future"], own["future_turn"], own["discard"]) == (None, None, ["A60"])


@pytest.mark.rule("6.29")
def test_the_future_offensive_card_is_never_the_owners_last_card():
    g = table(turn=7)
    g.data["cards"]["allied"].update(future="A13", future_turn=6)
    assert not cards.future_playable(g, "allied")
    g.data["cards"]["allied"]["hand"] = ["A5"]
    assert cards.future_playable(g, "allied")


@pytest.mark.rule("6.29")
def test_one_designation_a_turn_and_only_while_none_is_held():
    g = run(table(turn=7, allied=["A5", "A13"]), "action", side="allied")
    g.data["designated"]["allied"] = 7  # designated this turn, already played (by an event)
    act(g, "allied", "card A5")
    assert "future" not in legal(g, "allied")
    act(g, "allied", "cancel")
    g.data["designated"]["allied"] = 6
    g.data["cards"]["allied"].update(future="A30", future_turn=7)
    act(g, "allied", "card A5")
    assert "future" not in legal(g, "allied")
    act(g, "allied", "cancel")
    g.data["cards"]["allied"].update(future=None, future_turn=None)
    act(g, "allied", "card A5")
    assert "future" in legal(g, "allied")


@pytest.mark.rule("6.29", "5.31")
def test_a_future_offensive_military_card_may_be_played_as_its_event():
    g = table(turn=7, allied=["A5"])
    g.data["cards"]["allied"].update(future="A30", future_turn=5)
    g.data["units"]["jp-ss-bde"] = "4600"  # A30 is an event only while Japan is in the Aleutians
    run(g, "action", side="allied")
    act(g, "allied", "card A30")
    assert legal(g, "allied") == ["oc", "event", "discard", "cancel"]
    act(g, "allied", "event")
    finish_offensive(g, "allied")
    own = g.data["cards"]["allied"]
    assert (own["future"], own["removed"], own["hand"]) == (None, ["A30"], ["A5"])


# -- passes ---------------------------------------------------------------------------------------
@pytest.mark.rule("4.22", "11.4")
def test_a_pass_is_an_action_only_while_passes_are_left():
    g = table(japan=["J37"])
    g.data["passes"]["japan"] = 1
    run(g, "action", side="japan")
    assert legal(g, "japan") == ["card J37", "pass"]
    act(g, "japan", "pass")
    assert done(g)
    assert g.data["passes"]["japan"] == 0 and cards.hand(g, "japan") == ["J37"]
    run(g, "action", side="japan")
    assert legal(g, "japan") == ["card J37"]
