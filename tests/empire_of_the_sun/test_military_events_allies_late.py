"""Allied military events #40-#84 (5.31): each card played as an event (``event`` procedure, or
its offensive resumed at a step) does what its row in spec section 7.2 says.

Hexes: Calcutta 1805, Dacca 1905, Jorhat 2104, Imphal 2105, Ledo 2205, Kunming 2407, Manila 2813,
the Luzon hex 2913, Clark Field 2812, Tainan 2909, Oahu 5808, Townsville 3727, Cairns 3626,
Port Moresby 3823, Iwo Jima 3709, Okinawa 3209, Tokyo 3706, Truk 4017.
"""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import ScriptedRng, act, begin, deciding, offered, resume
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_battle import offensive, start_battle
from wargame.games.empire_of_the_sun import cards, events, forces, movement, offensives
from wargame.games.empire_of_the_sun.events_military_allies_late import seventh_armoured_places
from wargame.games.empire_of_the_sun.offensives import activations

pytestmark = pytest.mark.game("empire-of-the-sun")

CALCUTTA, DACCA, JORHAT, IMPHAL, LEDO, KUNMING = "1805", "1905", "2104", "2105", "2205", "2407"
MANILA, LUZON, CLARK, TAINAN, OAHU = "2813", "2913", "2812", "2909", "5808"
TOWNSVILLE, CAIRNS, MORESBY = "3727", "3626", "3823"
IWO_JIMA, OKINAWA, TOKYO, TRUK = "3709", "3209", "3706", "4017"
SEA = "4511"  # open ocean next to Wake
WEST = "2712"  # open sea two hexes west of Clark Field


def event(g, card: str, rolls=None) -> None:
    """The Allies play ``card`` as an event: what it does first, then its offensive."""
    begin(g, "event", side="allied", card=card, rolls=rolls)


def activating(g, card: str, hq: str) -> list[str]:
    """Play the event, choose ``hq``, and list the units offered for activation."""
    event(g, card)
    act(g, f"hq {hq}")
    return offered(g)


# -- plain offensives: LV, LV with the named HQ, HQ restriction, Surprise (5.31 A-B) ---------------
@pytest.mark.rule("5.31", "5.12")
@pytest.mark.parametrize(
    ("card", "swpac", "cenpac"),
    [
        ("A40", 2 + 5, 3 + 3),  # Operation Dexterity: LV 3 [SW Pac 5]
        ("A45", 2 + 4, 3 + 8),  # Operation Flintlock: LV 4 [Cen Pac 8]
        ("A53", 2 + 4, 3 + 6),  # Operation Forager II: LV 4 [Cen Pac 6]
        ("A54", 2 + 4, 3 + 3),  # Hurricane Taskforce: LV 3 [SW Pac 4]
        ("A56", 2 + 4, 3 + 3),  # Typhoon Taskforce
        ("A63", 2 + 4, 3 + 6),  # Operation Stalemate: LV 4 [Cen Pac 6]
        ("A64", 2 + 4, 3 + 3),  # Tradewind Taskforce
        ("A71", 2 + 6, 3 + 4),  # Victor Plans: LV 4 [SW Pac 6]
    ],
)
def test_a_plain_offensive_activates_efficiency_plus_its_lv_or_its_named_hqs_lv(
    card, swpac, cenpac
):
    g = position(units={"us-hq-swpac": MANILA, "us-hq-cenpac": OAHU})
    assert events.implemented(card) and events.EFFECTS[card] == {}
    event(g, card)
    assert offered(g) == ["hq us-hq-cenpac", "hq us-hq-swpac", "none"]
    assert activations(g, "us-hq-swpac") == swpac
    assert activations(g, "us-hq-cenpac") == cenpac


@pytest.mark.rule("5.31", "5.21")
def test_brewer_is_a_southwest_pacific_surprise_offensive_of_lv_1():
    g = position(units={"us-hq-swpac": MANILA, "us-hq-cenpac": OAHU})
    event(g, "A46")
    assert offered(g) == ["hq us-hq-swpac", "none"]
    act(g, "hq us-hq-swpac")
    record = g.data["offensive"]
    assert record["activations"] == 2 + 1 and record["surprise_card"]


# -- which units may be activated (5.31 D) ---------------------------------------------------------
ANZAC = {"jt-hq-anzac": TOWNSVILLE, "nz-3-div": TOWNSVILLE, "au-2-corps": TOWNSVILLE}


@pytest.mark.rule("5.31")
def test_squarepeg_is_anzac_only_and_its_only_ground_unit_is_the_new_zealand_division():
    g = position(units={**ANZAC, "au-air": TOWNSVILLE, "us-hq-swpac": CAIRNS})
    event(g, "A44")
    assert offered(g) == ["hq jt-hq-anzac", "none"]
    act(g, "hq jt-hq-anzac")
    assert g.data["offensive"]["surprise_card"]
    assert {"unit nz-3-div", "unit au-air"} <= set(offered(g))
    assert "unit au-2-corps" not in offered(g)


@pytest.mark.rule("5.31")
def test_oboe_activates_australian_ground_units_only():
    units = {**ANZAC, "au-air": TOWNSVILLE}
    assert set(activating(position(units=units), "A76", "jt-hq-anzac")) == {
        "unit au-2-corps",
        "unit au-air",
        "done",
    }


@pytest.mark.rule("5.31")
def test_us_carrier_raids_activate_only_us_carriers_with_lv_0():
    units = {
        "us-hq-cenpac": OAHU,
        "us-cv-enterprise": OAHU,
        "us-cv-lexington": OAHU,
        "us-ca-new-orleans": OAHU,
        "us-7af": OAHU,
    }
    g = position(units=units)
    assert activating(g, "A84", "us-hq-cenpac") == [
        "unit us-cv-enterprise",
        "unit us-cv-lexington",
        "done",
    ]
    assert g.data["offensive"]["activations"] == 3 + 0 and g.data["offensive"]["surprise_card"]


SEAC = {"cw-hq-seac": CALCUTTA}


@pytest.mark.rule("5.31")
@pytest.mark.parametrize("card", ["A57", "A58"])
def test_axiom_and_romulus_take_commonwealth_air_and_chinese_units_only(card):
    units = {
        **SEAC,
        "in-4-corps": CALCUTTA,
        "cw-ca-exeter": CALCUTTA,
        "cn-5-army": LEDO,
        "us-10af-lrb": CALCUTTA,
    }
    assert set(activating(position(units=units), card, "cw-hq-seac")) == {
        "unit in-4-corps",
        "unit cw-ca-exeter",
        "unit cn-5-army",
        "unit us-10af-lrb",
        "done",
    }
    check = events.hook(card, "activation")
    g = position()
    assert not check(g, "us-ca-new-orleans", []) and not check(g, "nl-java-div", [])
    assert check(g, "us-5af", []) and check(g, "au-2-corps", [])


@pytest.mark.rule("5.31")
def test_chennault_activates_air_units_only():
    units = {**SEAC, "cw-seac-air": CALCUTTA, "in-4-corps": CALCUTTA}
    g = position(units={**units, "us-14af": JORHAT})  # the 14th AF is already in play
    event(g, "A51")
    act(g, "hq cw-hq-seac")
    assert offered(g) == ["unit us-14af", "unit cw-seac-air", "done"]


# -- A48 New China Army ----------------------------------------------------------------------------
CHINESE = {**SEAC, "cn-5-army": LEDO, "cn-6-army": (LEDO, True), "cn-66-army": "eliminated"}


@pytest.mark.rule("5.31", "5.33", "10.34")
def test_new_china_army_first_spends_one_chinese_replacement():
    g = position(units=CHINESE)
    event(g, "A48")
    side, prompt, actions = deciding(g)
    assert (side, prompt) == ("allied", "prompt.replacements")
    assert actions == ["repair cn-6-army", "rebuild cn-66-army", "done"]
    act(g, "rebuild cn-66-army")
    assert offered(g) == [f"hex {KUNMING}", "cancel"]
    act(g, f"hex {KUNMING}")
    assert forces.at(g, "cn-66-army") == KUNMING and forces.reduced(g, "cn-66-army")
    assert offered(g) == ["done"]  # one point only
    act(g, "done")
    assert deciding(g)[1] == "prompt.choose_hq"


@pytest.mark.rule("5.31")
def test_new_china_army_chinese_armies_give_back_their_activation_and_no_naval_units():
    g = position(units={**CHINESE, "in-4-corps": CALCUTTA, "cw-ca-exeter": CALCUTTA})
    event(g, "A48")
    act(g, "done", "hq cw-hq-seac")
    record = g.data["offensive"]
    assert record["activations"] == 1 + 4  # SEAC efficiency 1 + LV 4 [SEAC]
    assert "unit cw-ca-exeter" not in offered(g)
    act(g, "unit cn-5-army", "unit cn-6-army")
    assert record["activations"] == 5
    act(g, "unit in-4-corps")
    assert record["activations"] == 4


# -- A50 Tornado Taskforce -------------------------------------------------------------------------
RIVALS = {
    "us-hq-swpac": MANILA,
    "us-hq-cenpac": OAHU,
    "us-r-corps": MANILA,
    "us-ca-new-orleans": MANILA,
}


@pytest.mark.rule("5.31", "14.1")
def test_tornado_taskforce_under_southwest_pacific_mixes_army_and_navy_despite_rivalry():
    g = position(units=RIVALS, us_isr=True)
    event(g, "A50")
    act(g, "hq us-hq-swpac", "unit us-r-corps")
    assert "unit us-ca-new-orleans" in offered(g)
    g = position(units={**RIVALS, "us-xi-corps": OAHU, "us-ca-baltimore": OAHU}, us_isr=True)
    event(g, "A50")
    act(g, "hq us-hq-cenpac", "unit us-xi-corps")
    assert "unit us-ca-baltimore" not in offered(g)  # another HQ: rivalry as usual


# -- A51 Chennault ---------------------------------------------------------------------------------
@pytest.mark.rule("5.31", "12.74")
def test_chennault_places_the_14th_air_force_in_china_or_northern_india_and_the_avg_leaves():
    g = position(units={**SEAC, "us-avg": "2008"})
    g.data["cards"]["allied"]["hand"] = ["A51"]
    assert events.playable(g, "allied", "A51")
    event(g, "A51")
    _, prompt, actions = deciding(g)
    assert prompt == "prompt.bring_into_play"
    assert {"box china", f"hex {DACCA}", f"hex {JORHAT}", f"hex {LEDO}"} == set(actions)
    assert forces.at(g, "us-avg") == "removed"
    act(g, "box china")
    assert forces.at(g, "us-14af") == "china"
    assert deciding(g)[1] == "prompt.choose_hq"


@pytest.mark.rule("5.31")
def test_chennault_cannot_be_an_event_when_the_14th_air_force_has_nowhere_to_go():
    g = position(units=SEAC, japanese=[DACCA, JORHAT, LEDO])
    g.data["surrendered"].append("china")
    assert not events.playable(g, "allied", "A51")


# -- A55 Operation Forager -------------------------------------------------------------------------
def strikes(g) -> list[tuple[str, int]]:
    return [(e.params["side"], e.params["total"]) for e in g.state.log if e.key == "log.strike"]


@pytest.mark.rule("5.31")
def test_forager_takes_2_from_japanese_strength_per_japanese_carrier():
    units = {"jp-cv-shokaku": SEA, "jp-cv-soryu": SEA, "jp-ca-takao": SEA, "us-cv-essex": SEA}
    totals = {}
    for card, mode in (("A55", "ec"), ("A21", "ec")):
        g = position(units=units)
        offensive(g, "allied", "intercept", mode=mode, card=card, activated=["us-cv-essex"])
        start_battle(g, SEA, rolls=[6, 6])
        totals[card] = dict(strikes(g))["japan"]
    assert totals["A55"] == totals["A21"] - 2 * 2


@pytest.mark.rule("5.31", "8.2")
@pytest.mark.parametrize("pick", ["jp-21-af", "jp-5-ad"])
def test_the_turkey_shoot_costs_the_japanese_air_unit_the_allies_pick_a_step(pick):
    """Only the air units in a battle hex are offered (not the 22nd Air Flotilla away from it)."""
    units = {"jp-21-af": TAINAN, "jp-5-ad": TAINAN, "jp-22-af": "2212", "us-feaf": CLARK}
    g = position(units=units, empire=True)
    resume(g, "start_battles", "allied", "A55", mode="ec", battles=[TAINAN])
    assert deciding(g) == ("allied", "prompt.hit_target", ["hit jp-21-af", "hit jp-5-ad"])
    act(g, f"hit {pick}")
    assert [u for u in ("jp-21-af", "jp-5-ad", "jp-22-af") if forces.reduced(g, u)] == [pick]


# -- A62 / A65 battles in the Philippines ----------------------------------------------------------
def declaring(card: str):
    """The Allies' event at the declaration of its battles: FEAF at Clark Field can reach a
    Japanese army on Luzon (Philippines) and a Japanese cruiser at sea west of it."""
    units = {"us-hq-swpac": "3014", "us-feaf": CLARK, "jp-ca-takao": WEST, "jp-14-army": LUZON}
    g = position(units=units, japanese=[LUZON])
    record = resume(g, "declare", "allied", card, mode="ec", activated=["us-feaf"])
    return g, record


@pytest.mark.rule("5.31", "12.2")
@pytest.mark.parametrize("card", ["A62", "A65"])
def test_king_ii_and_moral_obligation_need_a_battle_in_the_philippines(card):
    """FEAF can strike the cruiser at sea or the army on Luzon. While no battle is in the
    Philippines only Luzon is offered; FEAF then has no flyer beside it for a second battle
    (stand-in of 6.24), so the cruiser is no longer offered."""
    g, _ = declaring(card)
    assert offered(g) == [f"battle {LUZON}"]
    act(g, f"battle {LUZON}")
    assert offered(g) == ["done"]


@pytest.mark.rule("5.31", "14.1")
def test_macarthurs_moral_obligation_ends_us_rivalry():
    g = position(units={"us-hq-swpac": MANILA}, us_isr=True)
    event(g, "A65")
    assert g.data["tracks"]["us_isr"] is False
    assert cards.card(g, "A65").remove


# -- A69 S-Day -------------------------------------------------------------------------------------
def airborne_at(*extra_units: str):
    units = {"us-hq-swpac": MANILA, "us-11abn-div": MANILA, "jp-14-army": LUZON}
    units |= dict.fromkeys(extra_units, MANILA)
    g = position(units=units, japanese=[LUZON, "2812", "2915"])
    resume(g, "move", "allied", "A69", mode="ec", activated=["us-11abn-div"])
    act(g, "unit us-11abn-div")
    return g


@pytest.mark.rule("5.31", "12.1")
def test_s_day_the_11th_airborne_drops_within_range_of_a_us_air_unit_in_its_hex():
    g = airborne_at("us-feaf")  # range 2
    drops = sorted(a.split()[1] for a in offered(g) if a.startswith("drop "))
    board = g.static.board
    assert drops and all(board.distance(MANILA, h) <= 2 and board.is_land(h) for h in drops)
    assert LUZON not in drops  # a Japanese army holds it
    assert "2915" not in drops  # Davao: beyond the 5th AF's range
    act(g, "drop 2812")
    assert forces.at(g, "us-11abn-div") == "2812"
    assert g.data["control"]["2812"] == "allied"


@pytest.mark.rule("5.31")
def test_s_day_offers_no_drop_without_a_us_air_unit_in_the_divisions_hex():
    g = airborne_at()
    assert not [a for a in offered(g) if a.startswith("drop ")]
    g = position(units={"us-hq-swpac": MANILA, "us-11abn-div": MANILA, "us-feaf": MANILA})
    resume(g, "move", "allied", "A40", mode="ec", activated=["us-11abn-div"])
    act(g, "unit us-11abn-div")
    assert not [a for a in offered(g) if a.startswith("drop ")]  # another card: no drop


# -- A70 Slim's Burma Offensive --------------------------------------------------------------------
@pytest.mark.rule("5.31", "7.49", "9.11")
def test_slims_offensive_brings_the_7th_armoured_brigade_within_seacs_range():
    g = position(units={**SEAC, "in-4-corps": IMPHAL})
    assert events.playable(g, "allied", "A70")
    event(g, "A70")
    _, prompt, actions = deciding(g)
    assert prompt == "prompt.bring_into_play" and f"hex {CALCUTTA}" in actions
    board = g.static.board
    assert all(board.port(a.split()[1]) for a in actions)
    act(g, f"hex {CALCUTTA}")
    assert forces.at(g, "cw-7-armd-bde") == CALCUTTA
    act(g, "hq cw-hq-seac")
    assert "unit cw-7-armd-bde" in offered(g)


@pytest.mark.rule("5.31")
def test_slims_offensive_is_no_event_when_the_brigade_cannot_be_placed():
    g = position(units=SEAC)
    ports = seventh_armoured_places(g)
    assert CALCUTTA in ports
    g = position(units=SEAC, japanese=[h for h in ports if h != CALCUTTA])
    assert events.playable(g, "allied", "A70")
    forces.set_control(g, CALCUTTA, "japan")
    assert not events.playable(g, "allied", "A70")


# -- A72 Halsey ------------------------------------------------------------------------------------
@pytest.mark.rule("5.31")
@pytest.mark.parametrize(("battle", "discards"), [(TOKYO, 1), (OKINAWA, 0)])
def test_halsey_us_carriers_fighting_in_japan_make_japan_discard_at_random(battle, discards):
    g = position(units={"us-cv-essex": "3807"}, empire=True)
    g.data["cards"]["japan"]["hand"] = ["J10", "J12", "J14"]
    offensive(g, "allied", mode="ec", card="A72", engaged={"us-cv-essex": battle})
    g.rng = ScriptedRng([2])
    offensives.event_hooks(g, "after_battles")
    assert len(g.data["cards"]["japan"]["discard"]) == discards
    assert len(g.data["cards"]["japan"]["hand"]) == 3 - discards


# -- A74 / A75 an amphibious assault near Tokyo ----------------------------------------------------
@pytest.mark.rule("5.31")
@pytest.mark.parametrize("card", ["A74", "A75"])
def test_iceberg_and_detachment_are_events_only_while_a_landing_near_tokyo_is_possible(card):
    """Marines at Calcutta have no assault within 10 hexes of Tokyo at OC 3; at Iwo Jima they
    have (5.31: a clause the player cannot meet leaves the card to its OC)."""
    far = position(units={"us-hq-cenpac": "1805", "us-3mar-div": "1805"}, empire=True)
    near = position(units={"us-hq-cenpac": IWO_JIMA, "us-3mar-div": IWO_JIMA}, empire=True)
    assert not events.playable(far, "allied", card)
    assert events.playable(near, "allied", card)


@pytest.mark.rule("5.31")
def test_iceberg_offers_only_an_hq_that_commands_a_unit_able_to_land_near_tokyo():
    """SEAC at Calcutta commands no unit that could land within 10 hexes of Tokyo."""
    units = {"us-hq-cenpac": IWO_JIMA, "us-2mar-div": IWO_JIMA, "cw-hq-seac": "1805"}
    g = position(units={**units, "in-2-corps": "1805"}, empire=True)
    begin(g, "event", side="allied", card="A74")
    assert offered(g) == ["hq us-hq-cenpac", "none"]


@pytest.mark.rule("5.31")
@pytest.mark.parametrize("card", ["A74", "A75"])
@pytest.mark.parametrize(
    ("group", "move", "meets"),
    [(["us-3mar-div"], movement.Move("assault", IWO_JIMA), True),
     (["us-3mar-div"], movement.Move("assault", TRUK), False),
     (["us-3mar-div"], movement.Move("move", IWO_JIMA), False),
     (["us-14af"], movement.Move("move", "china"), False)],
)  # fmt: skip
def test_iceberg_and_detachment_moves_that_meet_them_are_landings_near_tokyo(
    card, group, move, meets
):
    g = position(units={"us-3mar-div": "3813", "us-14af": "2407"}, empire=True)
    assert events.hook(card, "meets")(g, group, move) is meets


@pytest.mark.rule("5.31")
@pytest.mark.parametrize(("japanese", "playable"), [(True, True), (False, False)])
def test_king_ii_is_an_event_only_while_the_japanese_hold_something_in_the_philippines(
    japanese, playable
):
    units = {"us-hq-swpac": MANILA, "us-3mar-div": MANILA}
    g = position(units={**units, **({"jp-14-army": "2812"} if japanese else {})})
    assert events.playable(g, "allied", "A62") is playable


@pytest.mark.rule("5.31")
def test_king_ii_needs_a_unit_its_hq_commands_near_the_philippines():
    """Marines and their HQ at Townsville are out of reach of the Japanese at Clark Field."""
    units = {"us-hq-swpac": "3727", "us-3mar-div": "3727", "jp-14-army": "2812"}
    assert not events.playable(position(units=units), "allied", "A62")


@pytest.mark.rule("5.31", "7.45")
@pytest.mark.parametrize("card", ["A74", "A75"])
@pytest.mark.parametrize(
    ("where", "mode", "met"),
    [(IWO_JIMA, "assault", True), (OKINAWA, "assault", True), (TRUK, "assault", False),
     (IWO_JIMA, "move", False)],
)  # fmt: skip
def test_iceberg_and_detachment_need_an_amphibious_assault_within_10_hexes_of_tokyo(
    card, where, mode, met
):
    g = position(units={"us-3mar-div": where}, empire=True)
    moved = {"us-3mar-div": {"mode": mode, "from": "3813", "path": ["3813", where]}}
    offensive(g, "allied", mode="ec", card=card, moved=moved)
    assert events.hook(card, "requirement")(g, [where]) is met
