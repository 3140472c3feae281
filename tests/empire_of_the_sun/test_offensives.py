"""Offensives (5.12-5.13, 5.2, 5.31, 6.21-6.28, 7.52-7.53, 8.11, 8.2, 14.1-14.2): activation,
movement steps, battle hexes, flyer assignment, intelligence, special reaction, reaction, the
battle loop and the end of an offensive; military events run as event offensives (5.31, 5.35).

Positions are hand-built on the real map (``factory.position``) and the ``offensive`` procedure
is driven through its decisions. Hexes used often: Tainan 2909 (Formosa), Aparri 2911, Clark
Field 2812, Manila 2813, the Luzon hex 2913, Samar/Leyte 3014, Davao 2915, Oahu 5808, Kauai 5708.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from tests.empire_of_the_sun.driver import ScriptedRng, act, begin, deciding, offered, resume
from tests.empire_of_the_sun.factory import position
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.procedure import Context, choose, current_decision
from wargame.games.empire_of_the_sun import cards, events, forces, offensives, previews, supply
from wargame.games.empire_of_the_sun.battle import participants
from wargame.games.empire_of_the_sun.offensives import (
    activation_candidates,
    activations,
    intelligence_roll,
    new_record,
    rivalry_allows,
    special_reaction_hexes,
)

pytestmark = pytest.mark.game("empire-of-the-sun")

TAINAN, APARRI, CLARK, MANILA, LUZON, SAMAR, DAVAO = (
    "2909",
    "2911",
    "2812",
    "2813",
    "2913",
    "3014",
    "2915",
)
OAHU, KAUAI = "5808", "5708"


# -- S1 activation (5.12, 5.13, 5.31, 6.21, 7.52, 7.53) -------------------------------------------
LUZON_EXAMPLE = {
    "us-hq-swpac": MANILA,
    "us-r-corps": MANILA,
    "us-sl-corps": (LUZON, True),
    "us-p-bde": SAMAR,
    "us-feaf": CLARK,
    "jp-hq-south": TAINAN,
    "jp-22-af": DAVAO,
}


@pytest.mark.rule("6.21", "7.52", "7.35", "5.12")
def test_the_luzon_example_activates_through_land_hexsides_but_not_across_water_into_zoi():
    """7.35: with a Japanese air unit at Davao, SW Pac HQ in Manila activates the SL Corps by
    land, not the P Brigade on Samar (every way in crosses a water hexside into the ZOI)."""
    g = position(units=LUZON_EXAMPLE, japanese=[DAVAO], empire=True)
    begin(g, "offensive", side="allied", card="A21", mode="oc")
    assert deciding(g) == ("allied", "prompt.choose_hq", ["hq us-hq-swpac", "none"])
    act(g, "hq us-hq-swpac")
    offensive = g.data["offensive"]
    assert offensive["activations"] == 2 + 3  # efficiency 2 + OC 3
    assert offered(g) == ["unit us-feaf", "unit us-r-corps", "unit us-sl-corps", "done"]
    assert "us-sl-corps" in offensive["supplied"] and "us-p-bde" not in offensive["supplied"]
    assert SAMAR not in supply.activation_range(g, "us-hq-swpac")


@pytest.mark.rule("6.1", "6.2", "6.21")
def test_only_units_in_range_of_the_one_chosen_hq_can_be_activated():
    """An offensive moves units from within the range of one HQ: SW Pac HQ (range 20) in Manila
    does not reach units at Oahu."""
    units = {**LUZON_EXAMPLE, "us-x-corps": OAHU}
    g = position(units=units, japanese=[DAVAO], empire=True)
    begin(g, "offensive", side="allied", card="A21", mode="oc")
    act(g, "hq us-hq-swpac")
    assert "unit us-x-corps" not in offered(g)
    assert "unit us-r-corps" in offered(g)


@pytest.mark.rule("6.21", "5.12", "7.52")
def test_each_activation_uses_one_point_and_none_are_left_after_the_last():
    g = position(units=LUZON_EXAMPLE, japanese=[DAVAO], empire=True)
    begin(g, "offensive", side="allied", card="A25", mode="oc")  # OC 1: 2 + 1 = 3 activations
    act(g, "hq us-hq-swpac", "unit us-feaf", "unit us-r-corps")
    assert g.data["offensive"]["activations"] == 1
    assert offered(g) == ["unit us-sl-corps", "done"]
    act(g, "unit us-sl-corps")
    assert offered(g) == ["done"]
    assert g.data["offensive"]["activated"] == ["us-feaf", "us-r-corps", "us-sl-corps"]


@pytest.mark.rule("6.21", "7.52")
def test_an_hq_out_of_supply_cannot_be_chosen():
    """Without FEAF the Japanese ZOI from Aparri cuts SW Pac HQ off (the 7.35 example)."""
    units = {**LUZON_EXAMPLE, "jp-22-af": APARRI}
    del units["us-feaf"]
    g = position(units=units, japanese=[DAVAO], empire=True)
    begin(g, "offensive", side="allied", card="A21", mode="oc")
    assert offered(g) == ["none"]


@pytest.mark.rule("7.53", "6.21")
def test_hqs_activate_only_the_nationalities_of_the_chart():
    """US HQs: US and Chinese units; Commonwealth HQs: Commonwealth units and US air units; only
    Joint HQs activate Dutch units."""
    units = {
        "us-hq-swpac": MANILA,
        "us-r-corps": MANILA,
        "us-feaf": CLARK,
        "au-8-div": CLARK,
        "nl-ca": MANILA,
        "cw-hq-malaya": "2015",
        "cw-malaya-air": "2015",
        "in-3-corps": "2014",
        "us-avg": "2014",
        "jt-hq-abda": "2220",
        "nl-java-div": "2019",
    }
    g = position(units=units)
    g.data["offensive"] = new_record(g, "allied", "A21", "oc", None)
    g.data["offensive"]["supplied"] = [u for u in units if "-hq-" not in u]
    assert sorted(activation_candidates(g, "us-hq-swpac")) == ["us-avg", "us-feaf", "us-r-corps"]
    malaya = activation_candidates(g, "cw-hq-malaya")
    assert sorted(malaya) == ["cw-malaya-air", "in-3-corps", "us-avg"]
    assert "nl-java-div" in activation_candidates(g, "jt-hq-abda")


@pytest.mark.rule("6.21", "5.12")
def test_units_out_of_supply_at_the_start_cannot_be_activated():
    g = position(units=LUZON_EXAMPLE, japanese=[DAVAO], empire=True)
    begin(g, "offensive", side="allied", card="A21", mode="oc")
    g.data["offensive"]["supplied"].remove("us-r-corps")
    act(g, "hq us-hq-swpac")
    assert "unit us-r-corps" not in offered(g)


@pytest.mark.rule("5.12", "5.31")
def test_an_event_activates_efficiency_plus_its_lv_or_the_bracketed_lv_of_its_named_hq():
    """A21 Operation Cartwheel: LV 4, [SW Pac 6]."""
    g = position(units={"us-hq-swpac": MANILA, "us-hq-cenpac": OAHU})
    begin(g, "event", side="allied", card="A21")
    assert offered(g) == ["hq us-hq-cenpac", "hq us-hq-swpac", "none"]
    assert activations(g, "us-hq-swpac") == 2 + 6
    assert activations(g, "us-hq-cenpac") == 3 + 4
    act(g, "hq us-hq-cenpac")
    assert g.data["offensive"]["activations"] == 7
    assert g.data["offensive"]["mode"] == "ec" and g.data["offensive"]["lv"] == 4


@pytest.mark.rule("5.12")
def test_the_same_card_played_for_its_operations_value_adds_the_oc_value():
    g = position(units={"us-hq-swpac": MANILA, "us-hq-cenpac": OAHU})
    begin(g, "offensive", side="allied", card="A21", mode="oc")
    act(g, "hq us-hq-swpac")
    assert g.data["offensive"]["activations"] == 2 + 3


@pytest.mark.rule("5.31")
@pytest.mark.parametrize(
    ("card", "allowed"),
    [
        ("J83", ["hq jp-hq-south"]),  # Invasion of Java: South HQ only
        ("J47", ["hq jp-hq-south", "hq jp-hq-south-seas"]),  # VADM Kondo: South or South Seas
        ("J10", ["hq jp-hq-cf-yamamoto", "hq jp-hq-south", "hq jp-hq-south-seas"]),
    ],
)
def test_an_event_offensive_uses_only_the_hqs_its_card_names(card, allowed):
    g = position(
        units={"jp-hq-south": TAINAN, "jp-hq-south-seas": "4017", "jp-hq-cf-yamamoto": "3407"},
        empire=True,
    )
    begin(g, "event", side="japan", card=card)
    assert offered(g) == [*allowed, "none"]


@pytest.mark.rule("5.31")
def test_an_event_whose_named_hq_is_unavailable_can_only_be_played_for_its_oc():
    """5.31: if a clause of a military event (here its HQ restriction, 5.31 A) cannot be met, the
    card may only be played as OC or discarded."""
    g = position(units={"jp-hq-south-seas": "4017"}, empire=True)
    assert not events.playable(g, "japan", "J83")  # South HQ only: not on the map
    assert events.playable(g, "japan", "J47")  # South or South Seas
    assert events.playable(g, "japan", "J10")
    forces.move_to(g, "jp-hq-south", TAINAN)
    assert events.playable(g, "japan", "J83")


@pytest.mark.rule("5.31", "5.32")
def test_only_the_owner_plays_a_military_event_and_only_one_with_a_logistics_value():
    g = position()
    assert events.playable(g, "japan", "J10") and not events.playable(g, "allied", "J10")
    assert not events.playable(g, "japan", "J1")  # Operation Z: no LV (turn 1 only)
    assert not events.playable(g, "japan", "J4")  # a reaction card


@pytest.mark.rule("5.35", "5.31")
def test_an_event_that_says_draw_draws_a_card_before_its_offensive(monkeypatch):
    g = position(units={"jp-hq-south": TAINAN}, empire=True)
    drawing = msgspec.structs.replace(cards.card(g, "J10"), draw=True)
    monkeypatch.setitem(g.static.cards, "J10", drawing)
    g.data["cards"]["japan"]["deck"] = ["J40", "J44"]
    begin(g, "event", side="japan", card="J10")
    assert g.data["cards"]["japan"]["hand"] == ["J44"]
    assert g.data["event_draws"]["japan"] == 1
    assert g.data["offensive"]["card"] == "J10"


@pytest.mark.rule("5.35")
def test_an_event_draw_is_refused_after_three_in_the_phase(monkeypatch):
    g = position(units={"jp-hq-south": TAINAN}, empire=True)
    drawing = msgspec.structs.replace(cards.card(g, "J10"), draw=True)
    monkeypatch.setitem(g.static.cards, "J10", drawing)
    g.data["cards"]["japan"]["deck"] = ["J40", "J44"]
    g.data["event_draws"]["japan"] = 3
    begin(g, "event", side="japan", card="J10")
    assert g.data["cards"]["japan"]["hand"] == []


@pytest.mark.rule("5.13", "6.26")
def test_reaction_activations_are_efficiency_plus_the_oc_value_even_against_an_event():
    """J10 as an event has LV 6 and OC 3: the RP's HQ gets its efficiency + 3."""
    g = position(units={"us-hq-cenpac": OAHU, "us-hq-swpac": MANILA})
    g.data["offensive"] = new_record(g, "japan", "J10", "ec", 6)
    assert activations(g, "us-hq-cenpac", reaction=True) == 3 + 3
    assert activations(g, "us-hq-swpac", reaction=True) == 2 + 3


# -- inter-service rivalry (14.1, 14.2) --------------------------------------------------------
@pytest.mark.rule("14.1")
def test_under_us_rivalry_a_us_hq_activates_army_or_navy_units_not_both():
    units = {
        "us-hq-swpac": MANILA,
        "us-r-corps": MANILA,
        "us-ca-new-orleans": MANILA,
        "us-feaf": CLARK,
        "us-1maw": CLARK,
    }
    g = position(units=units, us_isr=True)
    begin(g, "offensive", side="allied", card="A21", mode="oc")
    act(g, "hq us-hq-swpac", "unit us-r-corps")
    assert offered(g) == ["unit us-feaf", "done"]  # the Navy cruiser and Marine air are out
    g = position(units=units, us_isr=True)
    begin(g, "offensive", side="allied", card="A21", mode="oc")
    act(g, "hq us-hq-swpac", "unit us-1maw")
    assert offered(g) == ["unit us-ca-new-orleans", "done"]  # Marines serve with the Navy
    g = position(units=units)
    begin(g, "offensive", side="allied", card="A21", mode="oc")
    act(g, "hq us-hq-swpac", "unit us-r-corps")
    assert len(offered(g)) == 4  # no rivalry: everybody


@pytest.mark.rule("14.1")
def test_us_rivalry_leaves_other_allied_nationalities_alone():
    g = position()
    record = {"activated": ["us-feaf"]}
    g.data["tracks"]["us_isr"] = True
    assert rivalry_allows(g, "au-8-div", record)
    assert rivalry_allows(g, "cw-bb-force-z", record)
    assert not rivalry_allows(g, "us-ca-new-orleans", record)
    record = {"activated": ["au-8-div", "us-ca-new-orleans"]}
    assert rivalry_allows(g, "cw-malaya-air", record) and not rivalry_allows(g, "us-feaf", record)


@pytest.mark.rule("14.2")
def test_under_japanese_rivalry_an_hq_activates_army_or_navy_units_not_both():
    units = {
        "jp-hq-south": TAINAN,
        "jp-14-army": TAINAN,
        "jp-5-ad": TAINAN,
        "jp-ca-takao": TAINAN,
        "jp-21-af": "3009",
    }
    g = position(units=units, empire=True, japanese_isr=True)
    begin(g, "offensive", side="japan", card="J10", mode="oc")
    act(g, "hq jp-hq-south", "unit jp-ca-takao")
    assert offered(g) == ["unit jp-21-af", "done"]
    act(g, "unit jp-21-af")
    assert offered(g) == ["done"]
    g = position(units=units, empire=True)
    begin(g, "offensive", side="japan", card="J10", mode="oc")
    act(g, "hq jp-hq-south", "unit jp-ca-takao")
    assert sorted(offered(g)) == ["done", "unit jp-14-army", "unit jp-21-af", "unit jp-5-ad"]


# -- S2 movement (6.22, 6.23) ------------------------------------------------------------------
FORMOSA_AND_LUZON = {
    "jp-hq-south": TAINAN,
    "jp-14-army": TAINAN,
    "jp-ca-takao": TAINAN,
    "jp-21-af": TAINAN,
    "us-r-corps": MANILA,
    "us-nl-corps": APARRI,
}


def luzon_offensive(mode: str, *activate: str) -> Context:
    g = position(units=FORMOSA_AND_LUZON, empire=True)
    begin(g, "offensive", side="japan", card="J10", mode=mode, lv=6 if mode == "ec" else None)
    act(g, "hq jp-hq-south", *(f"unit {u}" for u in activate), "done")
    return g


@pytest.mark.rule("6.23", "6.22")
def test_a_stack_is_formed_moved_as_one_and_each_unit_moves_once():
    g = luzon_offensive("oc", "jp-14-army", "jp-ca-takao")
    assert offered(g) == ["unit jp-14-army", "unit jp-ca-takao", "done"]
    act(g, "unit jp-14-army")
    _, prompt, actions = deciding(g)
    assert prompt == "prompt.move_group" and "unit jp-ca-takao" in actions
    assert "assault 2813" in actions and "cancel" in actions
    act(g, "unit jp-ca-takao")
    assert "unit jp-ca-takao" not in offered(g)
    act(g, "assault 2813")
    assert forces.at(g, "jp-14-army") == forces.at(g, "jp-ca-takao") == MANILA
    offensive = g.data["offensive"]
    assert offensive["moved"]["jp-14-army"]["mode"] == "assault"
    assert offensive["moved"]["jp-ca-takao"]["from"] == TAINAN
    assert offered(g) == ["done"]  # both have moved


@pytest.mark.rule("6.23")
def test_cancelling_a_stack_moves_nobody():
    g = luzon_offensive("oc", "jp-14-army", "jp-ca-takao")
    act(g, "unit jp-14-army", "cancel")
    assert deciding(g)[1] == "prompt.move"
    assert forces.at(g, "jp-14-army") == TAINAN and g.data["offensive"]["group"] == []


@pytest.mark.rule("6.24")
def test_an_oc_offensive_may_not_open_a_second_battle_hex():
    g = luzon_offensive("oc", "jp-14-army", "jp-ca-takao")
    act(g, "unit jp-14-army")
    assert "assault 2911" in offered(g)  # no battle yet: Aparri is as good as Manila
    act(g, "assault 2813", "unit jp-ca-takao")
    actions = offered(g)
    assert "hex 2813" in actions  # joining the battle is fine
    assert "hex 2911" not in actions  # a second battle is not


@pytest.mark.rule("6.24")
def test_an_event_offensive_may_open_any_number_of_battle_hexes():
    g = luzon_offensive("ec", "jp-14-army", "jp-ca-takao")
    act(g, "unit jp-14-army", "assault 2813", "unit jp-ca-takao")
    assert {"hex 2813", "hex 2911"} <= set(offered(g))
    act(g, "hex 2911", "done")
    assert g.data["offensive"]["battles"] == [MANILA, APARRI]


# -- S3 battle hexes, flyers (6.24, 8.11, 8.2) --------------------------------------------------
def flyers_declaring(mode: str) -> Context:
    """21st Air Flotilla (range 3, extended 5) and CV Akagi (range 3) at Tainan; Allied units at
    Aparri (2 hexes), Manila (4) and Davao (6)."""
    g = position(
        units={
            "jp-hq-south": TAINAN,
            "jp-21-af": TAINAN,
            "jp-cv-akagi": TAINAN,
            "us-r-corps": MANILA,
            "us-nl-corps": APARRI,
            "us-m-corps": DAVAO,
        },
        empire=True,
    )
    begin(g, "offensive", side="japan", card="J10", mode=mode, lv=6 if mode == "ec" else None)
    act(g, "hq jp-hq-south", "unit jp-21-af", "unit jp-cv-akagi", "done", "done")
    return g


@pytest.mark.rule("6.24", "8.11", "1.3")
def test_optional_battle_hexes_are_enemy_hexes_within_range_of_activated_air_or_carriers():
    """Ranges count the target hex, not the start hex (1.3): Aparri is 2 hexes from Tainan,
    Manila 4 (the 21st's extended range is 5), Davao 6 (out of reach)."""
    g = flyers_declaring("oc")
    board = g.static.board
    assert [board.distance(TAINAN, h) for h in (APARRI, MANILA, DAVAO)] == [2, 4, 6]
    assert deciding(g) == ("japan", "prompt.declare", ["battle 2813", "battle 2911", "done"])
    act(g, "battle 2813")
    assert offered(g) == ["done"]  # OC: one battle hex


@pytest.mark.rule("6.24", "8.11")
def test_an_event_declares_several_and_a_flyer_in_range_of_one_is_assigned_to_it():
    g = flyers_declaring("ec")
    act(g, "battle 2813")
    assert offered(g) == ["battle 2911", "done"]
    act(g, "battle 2911", "done")
    offensive = g.data["offensive"]
    assert offensive["battles"] == [MANILA, APARRI] and offensive["optional"] == [MANILA, APARRI]
    assert offensive["assigned"] == {"jp-cv-akagi": APARRI}  # Manila is 4 hexes: out of range
    # the 21st reaches both, but Manila has no other flyer to fight there (stand-in of 6.24)
    assert deciding(g) == ("japan", "prompt.assign", ["battle 2813"])


@pytest.mark.rule("6.24")
def test_each_optional_battle_hex_needs_a_flyer_of_its_own():
    """Akagi (range 3) reaches Aparri only; with it gone, the 21st Air Flotilla alone reaches
    both Aparri and Manila, so once one of them is declared the other is no longer offered:
    a battle in it would have no attacker (stand-in of 6.24)."""
    g = position(
        units={
            "jp-hq-south": TAINAN,
            "jp-21-af": TAINAN,
            "us-r-corps": MANILA,
            "us-nl-corps": APARRI,
        },
        empire=True,
    )
    begin(g, "offensive", side="japan", card="J10", mode="ec", lv=6)
    act(g, "hq jp-hq-south", "unit jp-21-af", "done", "done")
    assert offered(g) == ["battle 2813", "battle 2911", "done"]
    act(g, "battle 2911")
    assert offered(g) == ["done"]
    act(g, "done")
    assert g.data["offensive"]["assigned"] == {"jp-21-af": APARRI}


@pytest.mark.rule("6.24")
@pytest.mark.parametrize(
    ("accepts", "possible"),
    [
        ({"A": ["x", "y"], "B": ["x"]}, True),  # A must give x up to B: an augmenting path
        ({"A": ["x"], "B": ["x"]}, False),
        ({"A": ["x", "y"], "B": ["x", "y"], "C": ["y", "x"]}, False),
        ({"A": [], "B": ["x"]}, False),
        ({}, True),
    ],
)
def test_each_optional_hex_gets_a_flyer_of_its_own_only_where_a_matching_covers_them(
    accepts, possible
):
    assert offensives.each_gets_one(accepts) is possible


@pytest.mark.rule("8.11", "8.2")
def test_a_flyer_assigned_beyond_its_normal_range_fights_at_half_strength():
    """21st Air Flotilla: range 3, extended 5. Manila at 4 hexes needs the extended range."""
    g = flyers_declaring("ec")
    act(g, "battle 2813", "battle 2911", "done", "battle 2813")
    offensive = g.data["offensive"]
    assert offensive["assigned"]["jp-21-af"] == MANILA
    assert offensive["extended"] == ["jp-21-af"]
    assert deciding(g)[1] == "prompt.assign_none"
    g = flyers_declaring("ec")
    act(g, "battle 2911", "done")  # Aparri alone: the 21st reaches it in its normal range
    assert g.data["offensive"]["assigned"]["jp-21-af"] == APARRI
    assert g.data["offensive"]["extended"] == []


@pytest.mark.rule("8.11", "8.2")
def test_a_flyer_in_range_of_one_battle_only_with_its_extended_range_is_halved():
    g = flyers_declaring("oc")
    act(g, "battle 2813", "done")
    offensive = g.data["offensive"]
    assert offensive["assigned"] == {"jp-21-af": MANILA}  # Akagi (range 3) cannot reach
    assert offensive["extended"] == ["jp-21-af"]


@pytest.mark.rule("7.33", "5.11", "6.24", "8.11")
@pytest.mark.parametrize(
    ("entry", "fights"),
    [
        ({"mode": "move", "from": "3009", "path": ["3009", TAINAN]}, True),
        ({"mode": "strategic", "from": "3009", "path": ["3009", TAINAN], "no_fight": True}, False),
        ({"mode": "move", "from": "2212", "path": ["2212", TAINAN], "no_fight": True}, False),
    ],
)
def test_a_flyer_that_moved_strategically_or_beyond_its_fighting_range_opens_no_battle(
    entry, fights
):
    """7.33: strategic air transport forbids fighting in the offensive; 5.11: so does a
    parenthetical extended range. Such a flyer makes no hex an optional battle hex."""
    g = position(units={"jp-21-af": TAINAN, "us-nl-corps": APARRI}, empire=True)
    record = resume(g, "declare", "japan", "J10", activated=["jp-21-af"],
                    moved={"jp-21-af": entry})  # fmt: skip
    assert offered(g) == (["battle 2911", "done"] if fights else ["done"])
    if fights:
        act(g, "battle 2911", "done")
        assert record["assigned"] == {"jp-21-af": APARRI}


@pytest.mark.rule("8.11")
def test_a_flyer_in_a_battle_hex_fights_there():
    g = position(
        units={"jp-21-af": TAINAN, "us-ca-new-orleans": TAINAN, "jp-hq-south": TAINAN},
        empire=True,
    )
    record = resume(g, "declared", "japan", "J10", activated=["jp-21-af"], battles=[TAINAN])
    assert record["assigned"] == {"jp-21-af": TAINAN} and record["extended"] == []


# -- S4 intelligence (5.22, 6.25) --------------------------------------------------------------
@pytest.mark.rule("5.22", "5.2")
@pytest.mark.parametrize(
    ("value", "recon", "natural", "intercepts"),
    [
        (7, False, 7, True),  # J10 as an event, EC intelligence 7: a 7 intercepts
        (7, False, 8, False),
        (7, True, 8, True),  # air reconnaissance: 8 - 2 = 6
        (7, True, 9, False),  # an unmodified 9 always fails
        (5, False, 0, True),
        (5, True, 7, True),
        (5, True, 8, False),
    ],
)
def test_the_intelligence_roll(value, recon, natural, intercepts):
    g = position()
    g.data["offensive"] = new_record(g, "japan", "J10", "ec", 6)
    g.data["offensive"]["recon"] = recon
    g.rng = ScriptedRng([natural])
    assert intelligence_roll(g, "allied", value, "intelligence") is intercepts
    (roll,) = [e for e in g.state.log if e.key == "log.roll"]
    assert roll.params["value"] == natural


@pytest.mark.rule("5.22", "6.25", "5.2")
@pytest.mark.parametrize(
    ("mode", "natural", "condition"),
    [("ec", 7, "intercept"), ("ec", 8, "surprise"), ("oc", 5, "intercept"), ("oc", 6, "surprise")],
)
def test_japanese_10_rolls_against_ec_intelligence_7_as_an_event_and_5_for_its_oc(
    mode, natural, condition
):
    """The 5.22 example: Japanese #10 played as an event has EC intelligence 7; the Allies
    intercept on 7 or less. Played as OC it has OC intelligence 5."""
    g = position(units={"jp-ca-takao": MANILA, "us-r-corps": MANILA}, empire=True)
    record = resume(g, "intelligence", "japan", "J10", mode=mode, rolls=[natural], battles=[MANILA])
    assert deciding(g) == ("allied", "prompt.intelligence", ["roll", "decline"])
    act(g, "roll")
    assert record["rolled"] and record["condition"] == condition


@pytest.mark.rule("5.31", "6.25", "5.2")
def test_an_event_that_specifies_surprise_cannot_be_rolled_against():
    """Japanese #3 (Col. Tsuji) as an event specifies Surprise: no intelligence roll."""
    g = position(units={"jp-ca-takao": MANILA, "us-r-corps": MANILA}, empire=True)
    record = resume(g, "intelligence", "japan", "J3", mode="ec", battles=[MANILA])
    assert offered(g) == ["decline"]
    act(g, "decline")
    assert record["condition"] == "surprise"
    g = position(units={"jp-ca-takao": MANILA, "us-r-corps": MANILA}, empire=True)
    resume(g, "intelligence", "japan", "J3", mode="oc", battles=[MANILA])
    assert offered(g) == ["roll", "decline"]  # played as OC the card has no condition


@pytest.mark.rule("6.25", "6.26")
def test_under_surprise_the_battles_follow_without_a_reaction():
    g = position(units={"jp-ca-takao": MANILA, "us-r-corps": MANILA, "us-hq-swpac": CLARK})
    resume(g, "intelligence", "japan", "J10", rolls=[8], battles=[MANILA])
    act(g, "roll")
    assert deciding(g) == ("allied", "prompt.special_reaction_none", ["done"])
    act(g, "done")
    assert deciding(g) == ("japan", "prompt.next_battle", ["battle 2813"])


@pytest.mark.rule("8.1", "6.28")
def test_a_battle_to_fight_next_is_told_with_its_preview_once_a_view_asks():
    # the listing leaves the preview to the note: a random player's listing never pays for it
    g = position(units={"jp-ca-takao": MANILA, "us-r-corps": MANILA, "us-hq-swpac": CLARK})
    resume(g, "intelligence", "japan", "J10", rolls=[8], battles=[MANILA])
    act(g, "roll", "done")
    found = current_decision(g)
    assert found is not None
    option = found.sides["japan"].options[f"battle {MANILA}"]
    assert callable(option.told)  # not worked out by the listing
    note = option.note
    assert note is not None and note.preview is not None
    assert note.preview.to_json() == previews.battle_preview(g, MANILA).to_json()


# -- special reaction (6.27) -------------------------------------------------------------------
def kauai(mode: str = "assault", **more: Any) -> tuple[Context, dict[str, Any]]:
    """The 6.27 example: Japanese land and carrier units occupy empty Kauai, inside Central
    Pacific HQ's range and the ZOI of the 7th AF on Oahu. Returns the position and the moves of
    the offensive (``activated``, ``moved``)."""
    units = {
        "us-hq-cenpac": OAHU,
        "us-7af": OAHU,
        "jp-ss-bde": KAUAI,
        "jp-cv-akagi": KAUAI,
        **more,
    }
    g = position(units=units, empire=True)
    moved = {
        "jp-ss-bde": {"mode": mode, "from": "5506", "path": ["5506", KAUAI]},
        "jp-cv-akagi": {"mode": "move", "from": "5506", "path": ["5506", KAUAI]},
    }
    fields = {"activated": list(moved), "moved": moved}
    g.data["offensive"] = {**new_record(g, "japan", "J10", "oc", None), **fields}
    return g, fields


@pytest.mark.rule("6.27")
def test_the_kauai_example_is_eligible_for_a_special_reaction():
    g, _ = kauai()
    assert special_reaction_hexes(g, g.data["offensive"]) == [KAUAI]


@pytest.mark.rule("6.27")
def test_a_hex_entered_by_ground_movement_alone_is_not_eligible():
    g, _ = kauai(mode="move")
    assert special_reaction_hexes(g, g.data["offensive"]) == []


@pytest.mark.rule("6.27", "7.35")
def test_a_special_reaction_needs_rp_air_zoi_which_op_air_cannot_neutralise():
    g, _ = kauai(**{"us-7af": "event"})
    assert special_reaction_hexes(g, g.data["offensive"]) == []
    g, _ = kauai(**{"jp-21-af": "5506", "jp-hq-cf-yamamoto": "3407"})
    assert special_reaction_hexes(g, g.data["offensive"]) == [KAUAI]


@pytest.mark.rule("6.27")
def test_a_special_reaction_hex_must_be_empty_rp_controlled_and_not_yet_a_battle_hex():
    g, _ = kauai()
    g.data["control"][KAUAI] = "japan"
    assert special_reaction_hexes(g, g.data["offensive"]) == []
    g, _ = kauai()
    g.data["offensive"]["battles"] = [KAUAI]  # already a battle hex
    assert special_reaction_hexes(g, g.data["offensive"]) == []
    g, _ = kauai(**{"us-1mar-div": KAUAI})  # not empty: a battle hex the OP must declare
    assert special_reaction_hexes(g, g.data["offensive"]) == []


@pytest.mark.rule("6.27", "6.26", "5.13")
def test_a_successful_special_reaction_makes_a_battle_hex_without_changing_the_condition():
    g, moves = kauai()
    resume(g, "intelligence", "japan", "J10", rolls=[5], **moves)
    assert offered(g) == ["decline"]  # no battle hex declared: no intelligence roll
    act(g, "decline")
    assert deciding(g) == ("allied", "prompt.special_reaction", ["try 5708", "done"])
    act(g, "try 5708")  # 5 <= OC intelligence 5
    offensive = g.data["offensive"]
    assert offensive["special"] == [KAUAI] and offensive["battles"] == [KAUAI]
    assert offensive["condition"] == "surprise"
    assert offered(g) == ["done"]  # one roll per hex
    act(g, "done")
    assert deciding(g) == ("allied", "prompt.react", ["hq us-hq-cenpac", "none"])
    act(g, "hq us-hq-cenpac")
    assert offensive["reaction"]["activations"] == 3 + 3


@pytest.mark.rule("6.27")
def test_a_failed_special_reaction_leaves_no_reaction_under_surprise():
    g, moves = kauai()
    resume(g, "special_reaction", "japan", "J10", rolls=[6], **moves)
    act(g, "try 5708", "done")
    assert g.data["offensive"]["battles"] == []
    assert deciding(g) == ("japan", "prompt.battles_over", ["done"])


@pytest.mark.rule("6.27", "5.31")
@pytest.mark.parametrize(("natural", "succeeds"), [(4, True), (5, False)])
def test_against_a_surprise_event_the_special_reaction_uses_the_oc_intelligence(natural, succeeds):
    """J23 Operation RE specifies Surprise; its OC intelligence is 4 (EC intelligence 6)."""
    g, moves = kauai()
    resume(g, "special_reaction", "japan", "J23", mode="ec", rolls=[natural], **moves)
    act(g, "try 5708")
    assert (g.data["offensive"]["special"] == [KAUAI]) is succeeds


# -- S5 reaction (6.26, 5.13, 8.11) ------------------------------------------------------------
def reaction_at(g: Context, card: str = "J10", **fields: Any) -> dict[str, Any]:
    fields.setdefault("condition", "intercept")
    return resume(g, "react", "japan", card, **fields)


@pytest.mark.rule("6.26")
def test_only_hqs_with_a_battle_hex_in_command_range_may_react():
    g = position(
        units={"jp-ca-takao": MANILA, "us-r-corps": MANILA, "us-hq-swpac": CLARK,
               "us-hq-cenpac": OAHU, "cw-hq-seac": "1805"},
        empire=True,
    )  # fmt: skip
    reaction_at(g, battles=[MANILA])
    assert deciding(g) == ("allied", "prompt.react", ["hq us-hq-swpac", "none"])  # CenPac: 25 hexes
    act(g, "none")
    assert deciding(g)[1] == "prompt.next_battle"


@pytest.mark.rule("6.26", "7.52")
def test_reaction_activates_only_units_that_can_fight_in_a_declared_battle_hex():
    """The Manila Reserve Corps is in the battle hex; the FEAF at Clark is in range; the 14th
    Air Force in Kunming is within SW Pac HQ's 20-hex range but cannot reach Manila's battle."""
    g = position(
        units={
            "jp-ca-takao": MANILA,
            "jp-14-army": MANILA,
            "us-r-corps": MANILA,
            "us-hq-swpac": CLARK,
            "us-feaf": CLARK,
            "us-nl-corps": "2709",
            "us-14af": "2407",
        },
        empire=True,
    )
    g.data["control"]["2709"] = "allied"
    reaction_at(g, card="J16", battles=[MANILA])  # OC 3 for the reaction's movement
    act(g, "hq us-hq-swpac")
    candidates = g.data["offensive"]["reaction"]["candidates"]
    assert "us-r-corps" in candidates and "us-feaf" in candidates
    assert "us-14af" not in candidates


@pytest.mark.rule("14.1", "6.26")
def test_us_rivalry_holds_for_a_reaction_too():
    g = position(
        units={
            "jp-ca-takao": MANILA,
            "us-r-corps": MANILA,
            "us-ca-us-asia": MANILA,
            "us-hq-swpac": CLARK,
            "us-feaf": CLARK,
        },
        empire=True,
        us_isr=True,
    )
    reaction_at(g, battles=[MANILA])
    act(g, "hq us-hq-swpac", "unit us-ca-us-asia")
    assert offered(g) == ["done"]  # the Army's corps and air force are out
    assert g.data["offensive"]["reaction"]["activations"] == 2 + 3 - 1


@pytest.mark.rule("6.26", "8.11")
def test_reacting_flyers_are_assigned_to_the_battle_they_join():
    """FEAF at Clark is within range of Manila (1) and Aparri (2): the Allies choose; the 19th
    Bomb Group (range 6) at Clark likewise; a flyer in range of one battle joins it."""
    g = position(
        units={
            "jp-ca-takao": MANILA,
            "jp-ca-mogami": APARRI,
            "us-r-corps": MANILA,
            "us-nl-corps": APARRI,
            "us-hq-swpac": CLARK,
            "us-feaf": CLARK,
            "us-cv-lexington": DAVAO,
        },
        empire=True,
    )
    reaction_at(g, battles=[MANILA, APARRI])
    act(g, "hq us-hq-swpac", "unit us-feaf", "unit us-cv-lexington", "done")
    assert deciding(g)[1] == "prompt.move"
    act(g, "done")
    offensive = g.data["offensive"]
    assert deciding(g) == ("allied", "prompt.assign", ["battle 2813", "battle 2911"])
    act(g, "battle 2911")
    assert offensive["assigned"]["us-feaf"] == APARRI
    assert deciding(g)[1] == "prompt.next_battle"
    assert "us-feaf" in participants(g, APARRI).strikers["allied"]
    assert "us-feaf" not in participants(g, MANILA).strikers["allied"]
    assert "us-cv-lexington" not in offensive["assigned"]  # 3 hexes from Manila: no battle


@pytest.mark.rule("6.26", "8.11")
def test_a_reacting_air_unit_that_leaves_a_battle_hex_still_fights_there():
    g = position(
        units={
            "jp-14-army": CLARK,
            "us-nl-corps": CLARK,
            "us-feaf": CLARK,
            "us-hq-swpac": MANILA,
        },
        empire=True,
    )
    reaction_at(g, battles=[CLARK])
    act(g, "hq us-hq-swpac", "unit us-feaf", "done", "unit us-feaf")
    act(g, "hex 2813", "done")
    assert g.data["offensive"]["assigned"] == {"us-feaf": CLARK}


@pytest.mark.rule("6.27", "6.26")
def test_under_surprise_a_special_reaction_moves_units_only_to_the_special_reaction_hex():
    """Kauai is a special reaction hex; Midway is a battle hex the Allies may not react to
    under Surprise."""
    g, moves = kauai(
        **{
            "us-x-corps": OAHU,
            "jp-ca-takao": "5108",
            "us-ca-new-orleans": OAHU,
            "us-wake-bde": "5108",
        }
    )
    moves.update(battles=["5108", KAUAI], special=[KAUAI], condition="surprise")
    resume(g, "react", "japan", "J10", **moves)
    act(g, "hq us-hq-cenpac")
    candidates = g.data["offensive"]["reaction"]["candidates"]
    assert "us-wake-bde" not in candidates  # in a battle hex that is not reacted to
    act(g, "unit us-ca-new-orleans", "done", "unit us-ca-new-orleans")
    actions = offered(g)
    assert "hex 5708" in actions and "hex 5108" not in actions


# -- S6/S7 battles and the end of the offensive (6.28) ------------------------------------------
@pytest.mark.rule("6.28", "6.2")
def test_an_offensive_without_battles_ends_and_its_card_is_discarded():
    g = position(units=LUZON_EXAMPLE, japanese=[DAVAO], empire=True)
    begin(g, "offensive", side="allied", card="A21", mode="oc")
    act(g, "hq us-hq-swpac", "unit us-r-corps", "done", "done", "done")
    assert deciding(g) == ("allied", "prompt.assign_none", ["done"])
    act(g, "done")
    assert deciding(g) == ("japan", "prompt.intelligence_none", ["decline"])
    act(g, "decline", "done")
    assert deciding(g) == ("allied", "prompt.battles_over", ["done"])
    act(g, "done")
    assert deciding(g)[:2] == ("japan", "prompt.post_battle_none")  # the RP moves first
    act(g, "done")
    assert deciding(g)[:2] == ("allied", "prompt.post_battle_none")
    act(g, "done")
    assert g.state.result is not None and g.data["offensive"] is None
    assert g.data["cards"]["allied"]["discard"] == ["A21"]


@pytest.mark.rule("6.28", "5.36")
def test_an_event_that_removes_itself_leaves_the_game_after_its_offensive():
    g = position(units={"jp-hq-south": TAINAN}, empire=True)
    begin(g, "event", side="japan", card="J83")  # Invasion of Java: not removed
    act(g, "none")
    assert g.state.result is not None  # nothing activated: the offensive ends at once
    assert g.data["cards"]["japan"]["discard"] == ["J83"]
    g = position(units={"jp-hq-cf-yamamoto": "3407"}, empire=True)
    begin(g, "event", side="japan", card="J37")  # 1st Convoy Escort Fleet: removed
    act(g, "none")
    assert g.data["cards"]["japan"]["removed"] == ["J37"]


@pytest.mark.rule("6.28", "8.1")
def test_the_offensive_player_resolves_every_battle_hex_in_the_order_he_likes():
    g = position(
        units={
            "jp-14-army": CLARK,
            "us-nl-corps": CLARK,
            "jp-16-army": DAVAO,
            "us-m-corps": DAVAO,
        },
        empire=True,
    )
    resume(g, "battles", "japan", "J10", mode="ec", rolls=[9, 0, 9, 0], battles=[CLARK, DAVAO],
           activated=["jp-14-army", "jp-16-army"])  # fmt: skip
    assert offered(g) == ["battle 2812", "battle 2915"]
    act(g, "battle 2915")
    while deciding(g)[1] != "prompt.next_battle":
        act(g, offered(g)[0])
    assert g.data["offensive"]["fought"] == [DAVAO]
    assert offered(g) == ["battle 2812"]
    act(g, "battle 2812")
    while deciding(g)[1] != "prompt.battles_over":
        act(g, offered(g)[0])
    assert offered(g) == ["done"]
    assert forces.control(g, CLARK) == forces.control(g, DAVAO) == "japan"


@pytest.mark.rule("6.28", "7.34", "7.48")
def test_stacking_is_checked_when_the_offensive_is_over():
    """7.34: at the end of every card play, at most 3 air and ground units per hex."""
    units = {"us-x-corps": OAHU, "us-7af": OAHU, "us-1mar-div": OAHU, "us-1maw": OAHU,
             "us-hq-cenpac": OAHU}  # fmt: skip
    g = position(units=units)
    resume(g, "conclude", "allied", "A21", post_moved=[])
    side, prompt, actions = deciding(g)
    while prompt != "prompt.overstacked":
        act(g, actions[0])
        side, prompt, actions = deciding(g)
    assert (side, actions) == ("allied", ["remove us-1maw", "remove us-7af"])  # air first
    act(g, "remove us-7af")
    assert g.state.result is not None
    assert forces.at(g, "us-7af") == "turn:4" and g.data["returning"].get("us-7af")


@pytest.mark.rule("6.21")
def test_illegal_choices_are_refused():
    g = position(units=LUZON_EXAMPLE, japanese=[DAVAO], empire=True)
    begin(g, "offensive", side="allied", card="A21", mode="oc")
    with pytest.raises(IllegalAction):
        choose(g, "allied", Action("hq jp-hq-south"))
    with pytest.raises(IllegalAction):
        choose(g, "japan", Action("none"))
    assert offensives.current(g)["hq"] is None


@pytest.mark.rule("12.1", "6.28")
def test_a_landing_on_an_empty_enemy_hex_takes_control_before_post_battle_movement():
    """12.1: units that came by amphibious assault and were neither eliminated nor forced to
    retreat take control before post-battle movement, battle or no battle."""
    g, moves = kauai()
    resume(g, "battles", "japan", "J10", **moves)
    assert forces.control(g, KAUAI) == "allied"  # not on landing
    act(g, "done")
    assert forces.control(g, KAUAI) == "japan"
    assert deciding(g)[1].startswith("prompt.post_battle")


@pytest.mark.rule("11.31")
def test_a_b29_that_bombed_japan_this_turn_cannot_be_activated_for_an_offensive():
    units = {"us-hq-cenpac": "3813", "us-20bc": "3813", "us-7af": "3813"}
    g = position(units=units, japanese=[], turn=9)
    begin(g, "offensive", side="allied", card="A21", mode="oc")
    g.data["offensive"]["supplied"] = ["us-20bc", "us-7af"]
    assert "us-20bc" in activation_candidates(g, "us-hq-cenpac")
    forces.set_flag(g, "bombed", "us-20bc")
    assert activation_candidates(g, "us-hq-cenpac") == ["us-7af"]
