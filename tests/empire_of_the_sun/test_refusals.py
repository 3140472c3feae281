"""Bad input refused with its reason and nothing changed: an event whose conditions do not hold
(5.3), a reaction card at a moment it is not allowed or a fourth one (5.32), a second China
offensive in a turn (12.72)."""

from __future__ import annotations

import copy

import pytest

from tests.empire_of_the_sun.driver import act, begin
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_reactions import allied_offensive, japanese_offensive
from wargame.engine.errors import IllegalAction

pytestmark = pytest.mark.game("empire-of-the-sun")


def refused(g, action: str, reason: str) -> None:
    before = copy.deepcopy(g.state.data), copy.deepcopy(g.state.stack), len(g.state.log)
    with pytest.raises(IllegalAction, match=reason):
        act(g, action)
    assert (g.state.data, g.state.stack, len(g.state.log)) == before


def picked(side: str, card: str, g=None):
    g = g or position(empire=True, turn=4)
    g.data["cards"][side]["hand"] = [card, "A21" if side == "allied" else "J10"]
    begin(g, "action", side=side)
    act(g, f"card {card}")
    return g


@pytest.mark.rule("5.3", "5.34")
def test_an_event_whose_conditions_do_not_hold_is_refused_with_the_reason():
    g = picked("japan", "J18")  # the Kwai route hexes are not Japanese
    refused(g, "event", r"'event' is refused: the event's conditions do not hold")


@pytest.mark.rule("5.3", "5.32")
def test_a_reaction_card_is_not_played_as_an_event():
    g = picked("allied", "A59")
    refused(g, "event", "reaction card is played only by the reaction player")


@pytest.mark.rule("17.26")
def test_a_political_will_event_in_a_yearly_scenario_says_why():
    g = position(empire=True, turn=4)
    g.data["victory"] = "1942"
    g = picked("japan", "J74", g)
    refused(g, "event", "US Political Will are not played in this scenario")


@pytest.mark.rule("5.32")
def test_a_fourth_reaction_card_is_refused():
    g = japanese_offensive(["A59", "A12", "A26", "A5"])
    act(g, "react A59", "react A12", "react A26")
    refused(g, "react A5", "at most 3 reaction cards")


@pytest.mark.rule("5.32")
def test_weather_after_another_reaction_is_refused():
    g = allied_offensive(["J45", "J19"])
    act(g, "react J45")
    refused(g, "react J19", "Weather is played only as the first reaction")


@pytest.mark.rule("12.72")
def test_a_second_china_offensive_in_a_turn_is_refused():
    g = position(empire=True, turn=4)
    g.data["china_offensive"] = 4
    g = picked("japan", "J9", g)
    act(g, "oc")
    refused(g, "china", "already launched a China offensive this turn")
