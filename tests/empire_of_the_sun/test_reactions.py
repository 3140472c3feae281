"""Reaction events (5.32, 5.35): the reaction window of an offensive, intelligence, Weather,
counter-offensives, attacks and personages.

An offensive is resumed at its intelligence step (``driver.resume``) with the reaction player's
cards in hand. Hexes: Tainan 2909, Clark Field 2812, Manila 2813, the Luzon hex 2913.
"""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import ScriptedRng, act, begin, deciding, offered, resume
from tests.empire_of_the_sun.factory import position
from wargame.engine.procedure import run_automatic
from wargame.engine.state import json_round_trip_problems
from wargame.games.empire_of_the_sun import events, forces, offensives, reactions

pytestmark = pytest.mark.game("empire-of-the-sun")

TAINAN, CLARK, MANILA, LUZON = "2909", "2812", "2813", "2913"


def japanese_offensive(hand: list[str], deck: list[str] = (), **fields):
    """Japan's J10 offensive for operations against Manila, the Allies holding ``hand``."""
    g = position(units={"jp-hq-south": TAINAN, "us-hq-swpac": MANILA}, empire=True)
    g.data["cards"]["allied"]["hand"] = list(hand)
    g.data["cards"]["allied"]["deck"] = list(deck)
    fields.setdefault("battles", [MANILA])
    resume(g, "intelligence", "japan", "J10", **fields)
    return g


def allied_offensive(hand: list[str], **fields):
    """The Allies' A21 offensive for operations against Luzon, Japan holding ``hand``."""
    g = position(units={"jp-hq-south": TAINAN, "us-hq-swpac": MANILA}, empire=True)
    g.data["cards"]["japan"]["hand"] = list(hand)
    fields.setdefault("battles", [LUZON])
    resume(g, "intelligence", "allied", "A21", **fields)
    return g


# -- the window (5.32) ----------------------------------------------------------------------------
@pytest.mark.rule("5.32", "5.21", "6.25")
def test_an_intelligence_card_sets_intercept_for_every_battle_in_place_of_the_roll():
    g = japanese_offensive(["A59"], deck=["A13"], battles=[MANILA, LUZON])
    assert deciding(g) == ("allied", "prompt.intelligence_react", ["react A59", "roll", "decline"])
    act(g, "react A59")
    offensive = g.data["offensive"]
    assert offensive["condition"] == "intercept" and offensive["reactions"] == ["A59"]
    assert offered(g) == ["decline"]  # no roll once a card set the condition
    assert "A59" in g.data["cards"]["allied"]["discard"]


@pytest.mark.rule("5.32")
@pytest.mark.parametrize("order", [("A59", "A12"), ("A12", "A59")])
def test_ambush_prevails_over_intercept_whichever_comes_first(order):
    g = japanese_offensive(list(order), deck=["A13", "A15"])
    act(g, f"react {order[0]}", f"react {order[1]}")
    assert g.data["offensive"]["condition"] == "ambush"


@pytest.mark.rule("5.32")
def test_no_intelligence_card_after_the_intelligence_roll_but_other_reactions_still():
    g = japanese_offensive(["A59", "A5"])
    g.rng = ScriptedRng([9])  # a failed roll: Surprise
    act(g, "roll")
    assert g.data["offensive"]["condition"] == "surprise"
    assert offered(g) == ["react A5", "decline"]


@pytest.mark.rule("5.32")
def test_at_most_three_reaction_cards_in_one_offensive():
    g = japanese_offensive(["A59", "A12", "A26", "A5"])
    act(g, "react A59", "react A12", "react A26")
    assert offered(g) == ["decline"]
    assert g.data["cards"]["allied"]["hand"] == ["A5"]


@pytest.mark.rule("5.35")
def test_a_card_drawn_by_a_reaction_cannot_serve_in_the_same_offensive():
    g = japanese_offensive(["A59"], deck=["A12"])
    act(g, "react A59")
    assert g.data["cards"]["allied"]["hand"] == ["A12"]
    assert g.data["drawn"]["allied"] == ["A12"]
    assert "react A12" not in offered(g)


@pytest.mark.rule("5.32")
def test_only_the_reaction_player_reacts_and_only_with_reaction_cards():
    g = japanese_offensive(["A21", "A59"])  # A21 is a military card
    assert offered(g) == ["react A59", "roll", "decline"]
    assert not events.reaction_playable(g, "japan", "A59")
    assert not events.reaction_playable(g, "allied", "J4")


# -- Weather (5.32 D) -----------------------------------------------------------------------------
@pytest.mark.rule("5.32")
def test_weather_cancels_the_offensive_and_undoes_its_moves_control_and_asps():
    g = allied_offensive(["J19"])
    forces.move_to(g, "us-r-corps", LUZON)
    offensive = g.data["offensive"]
    offensive["moved"] = {"us-r-corps": {"from": MANILA}}
    before = g.data["control"][LUZON]
    g.data["control"][LUZON] = "japan"
    offensive["flips"] = [[LUZON, before]]
    offensive["asp"] = 1
    g.data["asp_used"]["allied"] = 1
    act(g, "react J19")
    assert g.data["offensive"] is None
    assert forces.at(g, "us-r-corps") == MANILA
    assert g.data["control"][LUZON] == before
    assert g.data["asp_used"]["allied"] == 0
    assert "A21" in g.data["cards"]["allied"]["discard"]
    assert "J19" in g.data["cards"]["japan"]["removed"]


@pytest.mark.rule("5.32")
def test_weather_only_as_the_first_reaction_and_before_the_roll():
    g = allied_offensive(["J4", "J19"])
    assert "react J19" in offered(g)
    act(g, "react J4")
    assert "react J19" not in offered(g)
    rolled = allied_offensive(["J19"])
    rolled.data["offensive"]["rolled"] = True
    assert reactions.options(rolled, "japan", rolled.data["offensive"]) == []


@pytest.mark.rule("5.32")
def test_halseys_typhoon_also_reduces_the_strongest_full_strength_activated_ca_or_dd():
    g = allied_offensive(["J64"], activated=["us-ca-baltimore", "us-ca-new-orleans"])
    forces.move_to(g, "us-ca-baltimore", MANILA)
    forces.move_to(g, "us-ca-new-orleans", MANILA)
    forces.set_reduced(g, "us-ca-baltimore", True)
    act(g, "react J64")
    assert forces.steps_left(g, "us-ca-new-orleans") == 1
    assert g.data["offensive"] is None


# -- counter-offensives (5.32 C, 5.13) ------------------------------------------------------------
@pytest.mark.rule("5.32", "5.13")
def test_a_counter_offensive_intercepts_and_its_lv_replaces_the_oc_for_the_reaction():
    g = allied_offensive(["J45"])
    act(g, "react J45")
    offensive = g.data["offensive"]
    assert offensive["condition"] == "intercept" and offensive["counter"] == "J45"
    assert offensives.activations(g, "jp-hq-south", reaction=True) == 1 + 4


@pytest.mark.rule("5.32", "5.13")
def test_kolombangara_takes_the_offensive_cards_oc_as_its_lv_and_only_naval_units():
    g = allied_offensive(["J85"])
    act(g, "react J85")
    assert offensives.activations(g, "jp-hq-south", reaction=True) == 1 + 3  # A21: OC 3
    allows = events.hook("J85", "activation")
    assert allows(g, "jp-ca-aoba", []) and not allows(g, "jp-hq-south", [])


# -- attacks (5.32 B) -----------------------------------------------------------------------------
def steps(g, unit_id: str) -> int:
    return forces.steps_left(g, unit_id) if forces.on_map(forces.at(g, unit_id)) else 0


@pytest.mark.rule("5.32", "8.2")
@pytest.mark.parametrize(("roll", "lost"), [(4, 1), (6, 2), (8, 0)])
def test_a_submarine_attack_lets_the_allies_pick_the_activated_ship_it_hits(roll, lost):
    """A61: a step on 4 or less, two steps on 5-7, on the ship the attacker picks (8.2 F)."""
    g = japanese_offensive([], activated=["jp-bb-yamato", "jp-ca-aoba"])
    forces.move_to(g, "jp-bb-yamato", LUZON)
    forces.move_to(g, "jp-ca-aoba", LUZON)
    g.rng = ScriptedRng([roll])
    events.hook("A61", "before_battles")(g)
    run_automatic(g)
    if lost:
        assert deciding(g) == (
            "allied",
            "prompt.hit_target",
            ["hit jp-bb-yamato", "hit jp-ca-aoba"],
        )
        act(g, "hit jp-ca-aoba")  # not the strongest: the Allies' choice
    assert (steps(g, "jp-bb-yamato"), steps(g, "jp-ca-aoba")) == (2, 2 - lost)


@pytest.mark.rule("5.32", "8.2")
def test_attacks_before_the_battles_wait_for_the_pick_then_the_battles_go_on():
    """The offensive's before-battles moment runs the A61 reaction, whose pick comes first."""
    g = position(units={"jp-bb-yamato": LUZON, "jp-ca-aoba": LUZON, "us-hq-swpac": MANILA})
    resume(
        g, "start_battles", "japan", "J10", rolls=[2], reactions=["A61"], battles=[LUZON],
        activated=["jp-bb-yamato", "jp-ca-aoba"],
    )  # fmt: skip
    assert offered(g) == ["hit jp-bb-yamato", "hit jp-ca-aoba"]
    assert json_round_trip_problems(g.state) == []  # the frames waiting hold plain data
    act(g, "hit jp-bb-yamato")
    assert steps(g, "jp-bb-yamato") == 1
    assert deciding(g)[1] == "prompt.next_battle"


@pytest.mark.rule("5.32")
@pytest.mark.parametrize(("roll", "lost"), [(4, 1), (5, 0), (6, 2), (8, 0)])
def test_j27_a_roll_of_5_has_no_effect(roll, lost):
    g = allied_offensive([], activated=["us-bb-missouri"])
    forces.move_to(g, "us-bb-missouri", LUZON)
    g.rng = ScriptedRng([roll])
    events.hook("J27", "after_battles")(g)
    assert steps(g, "us-bb-missouri") == 2 - lost


# -- personages (5.32 E) --------------------------------------------------------------------------
@pytest.mark.rule("5.32")
def test_gandhi_reacts_only_to_an_offensive_of_the_seac_hq():
    g = allied_offensive(["J21"], hq="us-hq-swpac")
    assert "react J21" not in offered(g)
    g.data["offensive"]["hq"] = "cw-hq-seac"
    forces.move_to(g, "in-1-corps", "2006")
    forces.move_to(g, "in-2-corps", "2006")
    forces.set_reduced(g, "in-2-corps", True)
    act(g, "react J21")
    assert forces.steps_left(g, "in-1-corps") == 1 and forces.steps_left(g, "in-2-corps") == 1


@pytest.mark.rule("5.32", "8.2")
def test_gandhi_offers_japan_each_full_strength_indian_corps():
    g = allied_offensive(["J21"], hq="cw-hq-seac")
    for corps in ("in-1-corps", "in-2-corps", "in-3-corps"):
        forces.move_to(g, corps, "2006")
    forces.set_reduced(g, "in-3-corps", True)
    act(g, "react J21")
    assert deciding(g) == ("japan", "prompt.hit_target", ["hit in-1-corps", "hit in-2-corps"])
    act(g, "hit in-2-corps")
    assert [forces.steps_left(g, c) for c in ("in-1-corps", "in-2-corps")] == [2, 1]


@pytest.mark.rule("5.32")
def test_weather_takes_back_what_the_cancelled_event_did_before_its_offensive():
    """A33 Quadrant Conference ends US rivalry before its offensive; Weather cancels the
    offensive, so the event gives nothing and rivalry is back."""
    units = {"us-hq-swpac": "3727", "us-1mar-div": "3727", "jp-hq-south": "2212"}
    g = position(units=units, empire=True, us_isr=True)
    g.data["cards"]["allied"]["hand"] = ["A33", "A21"]
    g.data["cards"]["japan"]["hand"] = ["J19"]
    begin(g, "action", side="allied")
    act(g, "card A33", "event", "hq us-hq-swpac", "unit us-1mar-div", "done")
    act(g, "unit us-1mar-div", "hex 3627", "done", "done", "done")
    assert g.data["tracks"]["us_isr"] is False and offered(g) == ["react J19", "decline"]
    act(g, "react J19")
    assert g.data["tracks"]["us_isr"] is True
    assert forces.at(g, "us-1mar-div") == "3727"
