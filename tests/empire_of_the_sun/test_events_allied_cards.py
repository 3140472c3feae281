"""Allied reaction and political events: each card does what its row in spec section 7.2 says.

Political cards (5.34) are played from the hand in an Offensives segment action (``action``
procedure); reaction cards (5.32) in the reaction window of a Japanese offensive resumed at its
intelligence step, then, for the attacks that strike after the battles, driven to its end.

Hexes: Tainan 2909, Clark Field 2812, Manila 2813, the Luzon hex 2913, Truk 4017, Kure 3506 (Home
Islands), 2108 (Burma), 2109 (Siam), Ledo 2205, Calcutta 1805, Kunming 2407.
"""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import (
    ScriptedRng,
    act,
    begin,
    deciding,
    finish,
    offered,
    resume,
)
from tests.empire_of_the_sun.factory import position
from wargame.games.empire_of_the_sun import forces

pytestmark = pytest.mark.game("empire-of-the-sun")

TAINAN, CLARK, MANILA, LUZON, TRUK, KURE = "2909", "2812", "2813", "2913", "4017", "3506"
BURMA, SIAM, LEDO, CALCUTTA, KUNMING = "2108", "2109", "2205", "1805", "2407"
HQS = {"jp-hq-south": TAINAN, "us-hq-swpac": MANILA}
TURN_OF_YEAR = {1942: 2, 1943: 5, 1944: 8, 1945: 11}


def play_event(card: str, g=None, **tracks):
    """The Allies play ``card`` as an event from their hand (A21 stays in hand)."""
    g = g or position(**tracks)
    g.data["cards"]["allied"]["hand"] = [card, "A21"]
    g.data["cards"]["allied"]["deck"] = ["A13"]
    begin(g, "action", side="allied")
    act(g, f"card {card}", "event")
    return g


def piles(g) -> dict[str, list[str]]:
    return g.data["cards"]["allied"]


def japanese_offensive(hand: list[str], units=None, **fields):
    """Japan's J10 offensive for operations against Manila, at its intelligence step, the Allies
    holding ``hand`` (and A13 on their deck for the cards that draw)."""
    g = position(units={**HQS, **(units or {})}, empire=True)
    piles(g)["hand"] = list(hand)
    piles(g)["deck"] = ["A13"]
    fields.setdefault("battles", [MANILA])
    resume(g, "intelligence", "japan", "J10", **fields)
    return g


def steps(g, unit_id: str) -> int:
    return forces.steps_left(g, unit_id) if forces.on_map(forces.at(g, unit_id)) else 0


# -- A8 Australian Coast Watchers (intelligence) --------------------------------------------------
@pytest.mark.rule("5.32", "5.21", "5.35", "5.36")
def test_a8_coast_watchers_intercepts_an_offensive_of_japanese_air_or_naval_units():
    g = japanese_offensive(["A8"], units={"jp-ca-aoba": LUZON}, activated=["jp-ca-aoba"])
    act(g, "react A8")
    assert g.data["offensive"]["condition"] == "intercept"
    assert piles(g)["hand"] == ["A13"] and "A8" in piles(g)["removed"]  # draws, then removed


@pytest.mark.rule("5.32")
def test_a8_coast_watchers_cannot_react_to_an_offensive_of_ground_units_only():
    g = japanese_offensive(["A8"], units={"jp-14-army": LUZON}, activated=["jp-14-army"])
    assert "react A8" not in offered(g)


# -- A22 Orde Wingate (personage) -----------------------------------------------------------------
@pytest.mark.rule("5.32")
def test_a22_wingate_undoes_a_japanese_ground_move_into_burma_and_brings_the_77th_brigade():
    g = japanese_offensive(
        ["A22"],
        units={"jp-15-army": BURMA},
        activated=["jp-15-army"],
        moved={"jp-15-army": {"from": SIAM}},
    )
    act(g, "react A22")
    assert forces.at(g, "jp-15-army") == SIAM
    assert "jp-15-army" not in g.data["offensive"]["moved"]
    assert forces.at(g, "cw-77-bde") == "turn:3"  # arrives next turn
    assert "A22" in piles(g)["removed"]


@pytest.mark.rule("5.32")
def test_a22_wingate_needs_a_japanese_ground_move_ending_in_burma_or_northern_india():
    g = japanese_offensive(
        ["A22"],
        units={"jp-15-army": SIAM},
        activated=["jp-15-army"],
        moved={"jp-15-army": {"from": BURMA}},
    )
    assert "react A22" not in offered(g)


@pytest.mark.rule("5.32", "8.2")
def test_a22_wingate_offers_the_allies_each_japanese_move_ending_in_burma():
    armies = {"jp-15-army": BURMA, "jp-33-army": BURMA, "jp-28-army": SIAM}
    g = japanese_offensive(
        ["A22"],
        units=armies,
        activated=list(armies),
        moved={"jp-15-army": {"from": SIAM}, "jp-33-army": {"from": SIAM},
               "jp-28-army": {"from": BURMA}},
    )  # fmt: skip
    act(g, "react A22")
    assert deciding(g) == (
        "allied",
        "prompt.return_target",
        ["return jp-15-army", "return jp-33-army"],
    )
    act(g, "return jp-33-army")
    assert forces.at(g, "jp-33-army") == SIAM and forces.at(g, "jp-15-army") == BURMA
    assert list(g.data["offensive"]["moved"]) == ["jp-15-army", "jp-28-army"]


# -- A24 Skip Bombing Attack ----------------------------------------------------------------------
@pytest.mark.rule("5.32", "9.3")
@pytest.mark.parametrize(("flier", "hit"), [("us-5af", True), ("us-5af-lrb", False)])
def test_a24_skip_bombing_hits_a_cruiser_that_moved_within_range_of_us_non_lrb_air(flier, hit):
    """The 5th Air Force at Clark Field reaches the Luzon hex (range 2); its LRB does not count."""
    g = japanese_offensive(
        ["A24"],
        units={"jp-ca-aoba": LUZON, flier: CLARK},
        activated=["jp-ca-aoba"],
        moved={"jp-ca-aoba": {"from": TAINAN}},
    )
    act(g, "react A24")
    assert steps(g, "jp-ca-aoba") == (1 if hit else 2)
    assert g.data["tracks"]["japanese_asp"] == 6  # Japan loses an ASP either way
    assert piles(g)["hand"] == ["A13"] and "A24" in piles(g)["removed"]


@pytest.mark.rule("5.32", "8.2")
def test_a24_skip_bombing_offers_the_allies_each_cruiser_in_reach():
    """Two cruisers moved into the 5th Air Force's reach (a battleship is no target): the Allies
    pick the one hit."""
    ships = ["jp-ca-aoba", "jp-ca-takao", "jp-bb-nagato"]
    g = japanese_offensive(
        ["A24"],
        units={**dict.fromkeys(ships, LUZON), "us-5af": CLARK},
        activated=ships,
        moved={u: {"from": TAINAN} for u in ships},
    )
    act(g, "react A24")
    assert deciding(g) == ("allied", "prompt.hit_target", ["hit jp-ca-aoba", "hit jp-ca-takao"])
    act(g, "hit jp-ca-takao")
    assert [steps(g, u) for u in ships] == [2, 1, 2]


# -- A68 / A78 Submarine Attack -------------------------------------------------------------------
SHIPS = {"jp-bb-yamato": KURE, "jp-bb-nagato": TAINAN, "jp-ca-aoba": TRUK}


def submarine_attack(card: str, roll: int):
    """Japan's offensive activated the Nagato; the Yamato lies in the Home Islands, the Aoba at
    Truk. The Allies play ``card``; the offensive runs to its end with the given roll."""
    g = japanese_offensive(
        [card], units=SHIPS, activated=["jp-bb-nagato"], fought=[MANILA], condition="intercept"
    )
    act(g, f"react {card}")
    assert piles(g)["hand"] == ["A13"]  # the card draws
    g.rng = ScriptedRng([roll])
    finish(g)
    assert g.data["offensive"] is None and card in piles(g)["removed"]
    return {u: steps(g, u) for u in SHIPS}


@pytest.mark.rule("5.32", "6.28")
@pytest.mark.parametrize(("roll", "lost"), [(7, 1), (8, 0)])
def test_a68_submarine_attack_after_the_battles_costs_an_activated_ship_a_step(roll, lost):
    assert submarine_attack("A68", roll) == {
        "jp-bb-yamato": 2,
        "jp-bb-nagato": 2 - lost,
        "jp-ca-aoba": 2,
    }


@pytest.mark.rule("5.32", "6.28")
@pytest.mark.parametrize(("roll", "lost"), [(7, 1), (8, 0)])
def test_a78_submarine_attack_hits_a_non_activated_ship_outside_the_home_islands(roll, lost):
    """Neither the activated Nagato nor the stronger Yamato in the Home Islands: the Aoba."""
    assert submarine_attack("A78", roll) == {
        "jp-bb-yamato": 2,
        "jp-bb-nagato": 2,
        "jp-ca-aoba": 2 - lost,
    }


# -- China (12.72, 12.73) -------------------------------------------------------------------------
@pytest.mark.rule("5.34", "12.72", "12.73")
@pytest.mark.parametrize(
    ("card", "pile"),
    [("A49", "removed"), ("A81", "discard"), ("A82", "discard"), ("A83", "discard")],
)
def test_china_cards_move_china_one_box_toward_stable_front(card, pile):
    g = play_event(card, china="threat_to_chungking")
    assert g.data["tracks"]["china"] == "major_breakthrough"
    assert card in piles(g)[pile]
    g = play_event(card, china="stable_front")
    assert g.data["tracks"]["china"] == "stable_front"  # never past the end box


# -- War in Europe (15.7) -------------------------------------------------------------------------
MINOR = {1942: 1, 1943: 1, 1944: 2, 1945: 3}
MAJOR = {1942: 1, 1943: 2, 1944: 3, 1945: 3}


@pytest.mark.rule("5.34", "15.7")
@pytest.mark.parametrize("year", sorted(TURN_OF_YEAR))
@pytest.mark.parametrize(
    ("card", "amounts"),
    [("A14", MINOR), ("A41", MINOR), ("A42", MINOR), ("A66", MAJOR), ("A73", MAJOR)],
)
def test_allied_war_in_europe_cards_move_the_marker_by_the_years_amount(card, amounts, year):
    g = play_event(card, g=position(turn=TURN_OF_YEAR[year], war_in_europe=-4))
    assert g.data["tracks"]["war_in_europe"] == -4 + amounts[year]
    assert card in piles(g)["removed"]


@pytest.mark.rule("5.34", "15.7")
@pytest.mark.parametrize("card", ["A14", "A41", "A42", "A66", "A73"])
def test_allied_war_in_europe_cards_stop_at_plus_three(card):
    g = play_event(card, g=position(turn=11, war_in_europe=2))
    assert g.data["tracks"]["war_in_europe"] == 3


# -- inter-service rivalry (14.1, 14.2) -----------------------------------------------------------
@pytest.mark.rule("5.34", "14.2", "5.35")
def test_a43_japanese_army_navy_dispute_starts_japanese_rivalry_and_draws():
    g = play_event("A43")
    assert g.data["tracks"]["japanese_isr"] is True
    assert sorted(piles(g)["hand"]) == ["A13", "A21"] and "A43" in piles(g)["discard"]


@pytest.mark.rule("5.34", "14.1")
@pytest.mark.parametrize("card", ["A10", "A52"])
def test_ending_us_rivalry_may_swap_a_hand_card_for_a_discard(card):
    g = position(us_isr=True)
    piles(g)["discard"] = ["A30"]
    g = play_event(card, g=g)
    assert g.data["tracks"]["us_isr"] is False
    assert deciding(g) == ("allied", "prompt.swap", ["swap A21 A30", "decline"])
    act(g, "swap A21 A30")
    assert piles(g)["hand"] == ["A30"] and piles(g)["discard"] == ["A21"]
    assert card in piles(g)["removed"]


SEXTANT = {
    "cw-hq-seac": CALCUTTA,
    "us-5af": (CALCUTTA, True),
    "us-7af": (CALCUTTA, True),
    "cn-5-army": (LEDO, True),
    "cn-6-army": (LEDO, True),
    "cn-66-army": "eliminated",
}


@pytest.mark.rule("5.34", "14.1", "10.1", "10.34")
def test_a39_sextant_conference_ends_us_rivalry_and_gives_one_air_and_three_chinese_points():
    g = play_event("A39", g=position(units=SEXTANT, us_isr=True))
    assert g.data["tracks"]["us_isr"] is False
    side, prompt, actions = deciding(g)
    assert (side, prompt) == ("allied", "prompt.replacements")
    assert {"repair us-5af", "repair cn-5-army", "rebuild cn-66-army"} <= set(actions)
    act(g, "repair us-5af")
    assert "repair us-7af" not in offered(g)  # one air point only
    act(g, "repair cn-5-army", "repair cn-6-army", "rebuild cn-66-army", f"hex {KUNMING}")
    assert not forces.reduced(g, "cn-5-army") and not forces.reduced(g, "cn-6-army")
    assert forces.at(g, "cn-66-army") == KUNMING
    assert offered(g) == ["done"]  # three Chinese points, all spent
    act(g, "done")
    assert "A39" in piles(g)["removed"] and forces.reduced(g, "us-7af")


@pytest.mark.rule("5.32", "8.2")
@pytest.mark.parametrize(
    ("card", "eligible"),
    [("A68", ["jp-bb-nagato", "jp-ca-aoba"]), ("A78", ["jp-ca-aoba", "jp-ca-takao"])],
)
def test_a68_a78_submarine_attack_offers_the_allies_each_eligible_ship(card, eligible):
    """A68: the activated Nagato and Aoba; A78: the Aoba and Takao, not activated and outside the
    Home Islands (the Yamato at Kure is not offered)."""
    units = {**SHIPS, "jp-ca-takao": TAINAN}
    activated = ["jp-bb-nagato", "jp-ca-aoba"] if card == "A68" else ["jp-bb-nagato"]
    g = japanese_offensive(
        [card], units=units, activated=activated, fought=[MANILA], condition="intercept"
    )
    act(g, f"react {card}")
    g.rng = ScriptedRng([1])
    finish(g, "prompt.hit_target")
    assert deciding(g) == ("allied", "prompt.hit_target", [f"hit {u}" for u in eligible])
    act(g, f"hit {eligible[-1]}")
    assert [u for u in units if steps(g, u) == 1] == [eligible[-1]]
