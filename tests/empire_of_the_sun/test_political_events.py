"""Political events (5.34) and special events (5.37): China, India, War in Europe, inter-service
rivalry, US Political Will, Tojo and the Soviets, played from the hand in an Offensives segment
action (``action`` procedure)."""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import act, begin, deciding, offered
from tests.empire_of_the_sun.factory import position
from wargame.games.empire_of_the_sun import events, forces

pytestmark = pytest.mark.game("empire-of-the-sun")

MANILA, HARBIN = "2813", "3302"


def play_event(side: str, card: str, turn: int = 2, g=None, **tracks):
    g = g or position(turn=turn, **tracks)
    g.data["cards"][side]["hand"] = [card, "A21" if side == "allied" else "J10"]
    begin(g, "action", side=side)
    act(g, f"card {card}", "event")
    return g


@pytest.mark.rule("5.34", "12.72", "12.73")
def test_china_cards_move_the_china_track_but_an_event_never_collapses_china():
    g = play_event("japan", "J26")
    assert g.data["tracks"]["china"] == "unstable_front"
    g = play_event("allied", "A77", china="unstable_front")
    assert g.data["tracks"]["china"] == "stable_front"
    g = play_event("japan", "J41", china="chungking_falls")
    assert g.data["tracks"]["china"] == "chungking_falls"


@pytest.mark.rule("5.34")
def test_china_operation_only_after_the_doolittle_raid_event():
    g = position()
    assert not events.playable(g, "japan", "J6")
    g.data["cards"]["allied"]["removed"].append("A6")
    assert events.playable(g, "japan", "J6")


@pytest.mark.rule("5.34", "12.62")
def test_gandhi_cards_move_india_one_box_worse_on_its_first_side():
    g = play_event("japan", "J15", india="unrest", india_second=True)
    assert (g.data["tracks"]["india"], g.data["tracks"]["india_second"]) == ("unstable", False)
    g = position(india="unstable")
    assert not events.playable(g, "japan", "J82")


@pytest.mark.rule("5.34", "15.7")
@pytest.mark.parametrize(
    ("side", "card", "turn", "start", "end"),
    [
        ("japan", "J51", 2, 0, -2),  # minor Axis victory, 1942: 2
        ("japan", "J51", 8, 0, 0),  # 1944: 0
        ("japan", "J55", 5, -6, -7),  # major Axis victory, 1943: 2, held at -7
        ("allied", "A47", 9, 1, 3),  # major Allied victory, 1944: 3, held at +3
        ("allied", "A11", 2, 0, 1),
    ],
)
def test_war_in_europe_cards_move_by_the_years_amount_within_the_track(
    side, card, turn, start, end
):
    g = play_event(side, card, turn=turn, war_in_europe=start)
    assert g.data["tracks"]["war_in_europe"] == end


@pytest.mark.rule("5.34", "14.1", "14.2")
def test_rivalry_cards_start_and_end_inter_service_rivalry():
    assert play_event("japan", "J7").data["tracks"]["us_isr"] is True
    assert play_event("allied", "A2").data["tracks"]["japanese_isr"] is True
    assert play_event("allied", "A4", us_isr=True).data["tracks"]["us_isr"] is False


@pytest.mark.rule("5.34")
def test_ending_rivalry_with_imperial_intervention_may_swap_a_hand_card_for_a_discard():
    g = position(japanese_isr=True)
    g.data["cards"]["japan"]["discard"] = ["J40"]
    g.data["cards"]["japan"]["hand"] = ["J33", "J10"]
    begin(g, "action", side="japan")
    act(g, "card J33", "event")
    assert deciding(g) == ("japan", "prompt.swap", ["swap J10 J40", "decline"])
    act(g, "swap J10 J40")
    piles = g.data["cards"]["japan"]
    assert piles["hand"] == ["J40"] and piles["discard"] == ["J10", "J33"]
    assert g.data["tracks"]["japanese_isr"] is False
    assert g.data["known"]["japan"] == ["J40"]  # the other side saw it leave the discard pile


@pytest.mark.rule("5.34", "16.44", "17.26")
def test_bataan_death_march_needs_japan_in_manila_and_raises_political_will():
    g = position()
    assert not events.playable(g, "allied", "A1")
    g = position(japanese=[MANILA])
    g = play_event("allied", "A1", g=g)
    assert g.data["tracks"]["political_will"] == 9
    yearly = position(japanese=[MANILA])
    yearly.data["victory"] = "1943"
    assert not events.playable(yearly, "allied", "A1")  # no Political Will events (17.26)


@pytest.mark.rule("5.34", "16.44")
def test_tokyo_rose_lowers_political_will():
    assert play_event("japan", "J74").data["tracks"]["political_will"] == 7


@pytest.mark.rule("5.37")
def test_tojo_resigns_must_be_played_as_an_event_once_it_can_take_effect():
    early = position(turn=5)
    early.data["cards"]["japan"]["hand"] = ["J43", "J10"]
    begin(early, "action", side="japan")
    act(early, "card J43")
    assert "oc" in offered(early) and "event" not in offered(early)
    act(early, "oc")
    assert early.data["reshuffle"]["japan"] is True  # played for OC before it could take effect
    late = position(turn=9)
    late.data["cards"]["japan"]["hand"] = ["J43", "J10"]
    begin(late, "action", side="japan")
    act(late, "card J43")
    assert offered(late) == ["event", "cancel"]
    act(late, "event")
    assert late.data["tracks"]["political_will"] == 6
    assert "tojo_resigned" in late.data["lasting"]


@pytest.mark.rule("5.37", "12.91")
def test_the_soviets_invade_manchuria_only_after_tojo_resigns():
    g = position(turn=11, units={"jp-hq-south": HARBIN}, japanese=[HARBIN, "3303"])
    assert not events.playable(g, "allied", "A79")
    g.data["lasting"].append("tojo_resigned")
    g = play_event("allied", "A79", g=g, china="unstable_front")
    assert forces.at(g, "jp-hq-south") == "eliminated"
    assert g.data["control"][HARBIN] == "allied" and g.data["control"]["3303"] == "allied"
    assert g.data["tracks"]["china"] == "stable_front"


@pytest.mark.rule("5.34")
def test_a_known_card_swapped_back_into_the_discard_pile_is_no_longer_known_in_hand():
    """A card taken from the discard pile, then swapped back by a later event, leaves the list of
    cards the opponent knows to be in the hand (the opponent's picture of the hand size)."""
    g = position(japanese_isr=True)
    g.data["cards"]["japan"]["discard"] = ["J40"]
    g.data["cards"]["japan"]["hand"] = ["J33", "J10"]
    g.data["known"]["japan"] = ["J10"]
    begin(g, "action", side="japan")
    act(g, "card J33", "event", "swap J10 J40")
    assert g.data["known"]["japan"] == ["J40"]
