"""Japanese reaction and political cards, each played the way the game plays it: a reaction in the
reaction window of the Allies' A21 offensive against Luzon (``test_reactions.allied_offensive``),
a political event from the hand in an Offensives segment action (``test_political_events``).

Hexes: Tainan 2909, Clark Field 2812, Manila 2813, the Luzon hex 2913 (11 hexes from Tokyo),
Truk 4017 (12 hexes from Tokyo). Japan's deck holds J10 for the cards that draw one.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.empire_of_the_sun.driver import ScriptedRng, act, deciding, finish, offered
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_political_events import play_event
from tests.empire_of_the_sun.test_reactions import allied_offensive, steps
from wargame.engine.procedure import Context
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import battle, forces, offensives, reactions
from wargame.games.empire_of_the_sun.china import china_track
from wargame.games.empire_of_the_sun.forces import record

pytestmark = pytest.mark.game("empire-of-the-sun")

TAINAN, CLARK, MANILA, LUZON, TRUK = "2909", "2812", "2813", "2913", "4017"
SOUTH, COMBINED_FLEET = "jp-hq-south", "jp-hq-cf-yamamoto"  # the South Area HQ: efficiency 1
DRAWN = "J10"


def reacting(card: str, units: dict[str, str] | None = None, **fields: Any) -> Context:
    """Japan reacts with ``card`` to the Allies' A21 offensive, ``units`` placed first."""
    g = allied_offensive([card], **fields)
    g.data["cards"]["japan"]["deck"] = [DRAWN]
    for unit_id, hex_id in (units or {}).items():
        forces.move_to(g, unit_id, hex_id)
    act(g, f"react {card}")
    return g


def piles(g: Context) -> dict[str, list[str]]:
    found: dict[str, list[str]] = g.data["cards"]["japan"]
    return found


def in_battle(g: Context, hex_id: str) -> None:
    """The offensive is fighting its battle in ``hex_id``."""
    g.state.stack.append(Frame("battle", "exchange", {"hex": hex_id}))


def to_battles(g: Context, reaction: str = "none") -> None:
    """From the intelligence step to the choice of the first battle (after the hooks that act
    before the battles), reacting with ``reaction`` if the condition allows a reaction move."""
    act(g, "decline", "done")
    if g.data["offensive"]["condition"] != "surprise":
        act(g, reaction)


# -- intelligence (5.32 A) ---------------------------------------------------------------------
@pytest.mark.rule("5.32", "5.21", "5.35")
@pytest.mark.parametrize("card", ["J49", "J69", "J70", "J84"])
def test_jn25_code_change_intercepts_and_draws_a_card(card):
    g = reacting(card)
    offensive = g.data["offensive"]
    assert offensive["condition"] == "intercept" and offensive["card_condition"]
    assert offered(g) == ["decline"]  # no roll once a card set the condition
    assert piles(g)["hand"] == [DRAWN] and card in piles(g)["discard"]


@pytest.mark.rule("5.32", "5.21", "5.36")
def test_j13_intercepts_without_a_draw_and_is_removed():
    g = reacting("J13")
    assert g.data["offensive"]["condition"] == "intercept"
    assert piles(g)["hand"] == [] and piles(g)["removed"] == ["J13"]


@pytest.mark.rule("5.32")
@pytest.mark.parametrize(("first", "second"), [("J4", "J13"), ("J13", "J49")])
def test_j13_is_never_combined_with_another_japanese_intelligence_card(first, second):
    g = allied_offensive([first, second])
    g.data["cards"]["japan"]["deck"] = [DRAWN]
    act(g, f"react {first}")
    offensive = g.data["offensive"]
    assert reactions.refusal(g, "japan", offensive, second) is not None
    assert f"react {second}" not in offered(g)


# -- Weather (5.32 D) --------------------------------------------------------------------------
@pytest.mark.rule("5.32", "6.25")
def test_j22_weather_cancels_the_offensive_and_is_removed():
    g = allied_offensive(["J22"], moved={"us-r-corps": {"from": MANILA}})
    forces.move_to(g, "us-r-corps", LUZON)
    act(g, "react J22")
    assert g.data["offensive"] is None
    assert forces.at(g, "us-r-corps") == MANILA
    assert "A21" in g.data["cards"]["allied"]["discard"]
    assert piles(g)["removed"] == ["J22"]


# -- counter-offensives (5.32 C, 5.13) ---------------------------------------------------------
SAVO = {
    "jp-ca-aoba": TAINAN,
    "jp-cl-tenryu": TAINAN,
    "jp-cv-akagi": TAINAN,
    "jp-5-ad": TAINAN,
    "jp-14-army": LUZON,
    "us-ca-new-orleans": LUZON,
}


@pytest.mark.rule("5.32", "5.13")
def test_savo_island_counterattacks_with_lv_3_under_intercept_and_draws():
    g = reacting("J17", SAVO)
    offensive = g.data["offensive"]
    assert offensive["condition"] == "intercept" and offensive["counter"] == "J17"
    assert offensives.activations(g, SOUTH, reaction=True) == 1 + 3
    assert piles(g)["hand"] == [DRAWN] and "J17" in piles(g)["discard"]


@pytest.mark.rule("5.32", "6.26")
def test_savo_island_activates_no_ground_unit_nor_carrier_and_a_single_class():
    g = reacting("J17", SAVO)
    to_battles(g, f"hq {SOUTH}")
    assert offered(g) == ["unit jp-5-ad", "unit jp-ca-aoba", "unit jp-cl-tenryu", "done"]
    act(g, "unit jp-ca-aoba")
    assert offered(g) == ["unit jp-cl-tenryu", "done"]  # naval only, like the first unit


@pytest.mark.rule("5.32", "8.2")
def test_savo_island_adds_2_to_the_japanese_air_naval_strength_per_ca_cl_or_apd():
    g = reacting("J17", {**SAVO, "jp-ca-aoba": LUZON, "jp-cl-tenryu": LUZON})
    in_battle(g, LUZON)
    assert battle.event_sum(g, "strength", "air_naval", "japan") == 2 * 2
    assert battle.event_sum(g, "strength", "air_naval", "allied") == 0
    assert battle.event_sum(g, "strength", "ground", "japan") == 0
    assert battle.event_drm(g, "air_naval", "japan") == 0  # strength, not a roll modifier


@pytest.mark.rule("5.32", "5.13", "5.36")
def test_operation_a_go_counterattacks_with_lv_4_or_5_with_the_combined_fleet():
    g = reacting("J46")
    offensive = g.data["offensive"]
    assert offensive["condition"] == "intercept" and offensive["counter"] == "J46"
    assert offensives.activations(g, SOUTH, reaction=True) == 1 + 4
    efficiency = record(g, COMBINED_FLEET).efficiency
    assert offensives.activations(g, COMBINED_FLEET, reaction=True) == efficiency + 5
    assert piles(g)["hand"] == [] and piles(g)["removed"] == ["J46"]


@pytest.mark.rule("5.32", "8.2")
def test_operation_a_go_gives_allied_carriers_2_more_defense_in_its_battles():
    units = {"us-cv-lexington": LUZON, "us-ca-new-orleans": LUZON, "jp-cv-akagi": LUZON}
    g = reacting("J46", units)
    base = {u: record(g, u).defense for u in units}
    in_battle(g, LUZON)
    assert {u: battle.defense_of(g, u) - base[u] for u in units} == {
        "us-cv-lexington": 2,
        "us-ca-new-orleans": 0,
        "jp-cv-akagi": 0,
    }


@pytest.mark.rule("5.32", "5.13")
@pytest.mark.parametrize("oc", [3, 2])
def test_yamato_suicide_run_takes_the_offensive_cards_oc_plus_1_as_its_lv(oc):
    g = reacting("J65", oc=oc)
    offensive = g.data["offensive"]
    assert offensive["condition"] == "intercept" and offensive["counter"] == "J65"
    assert offensives.activations(g, SOUTH, reaction=True) == 1 + oc + 1
    assert piles(g)["removed"] == ["J65"]


@pytest.mark.rule("5.32", "6.26")
def test_yamato_suicide_run_activates_no_ground_unit():
    g = reacting("J65", SAVO)
    to_battles(g, f"hq {SOUTH}")
    assert "unit jp-14-army" not in offered(g)
    assert "unit jp-cv-akagi" in offered(g) and "unit jp-5-ad" in offered(g)


@pytest.mark.rule("5.32")
def test_the_yamato_loses_a_step_once_the_battles_are_over():
    g = reacting("J65", {"jp-bb-yamato": TAINAN})
    to_battles(g)
    assert steps(g, "jp-bb-yamato") == 2  # not before the battles
    finish(g)
    assert steps(g, "jp-bb-yamato") == 1


# -- attacks (5.32 B) --------------------------------------------------------------------------
SUBMARINES = [("J24", "after", 4), ("J36", "before", 4), ("J75", "before", 4), ("J86", "after", 7)]


@pytest.mark.rule("5.32", "5.35")
@pytest.mark.parametrize(("card", "timing", "limit"), SUBMARINES)
@pytest.mark.parametrize("miss", [False, True])
def test_a_submarine_attack_costs_an_activated_allied_ship_a_step_at_its_moment(
    card, timing, limit, miss
):
    g = reacting(card, {"us-ca-new-orleans": MANILA}, activated=["us-ca-new-orleans"])
    assert piles(g)["hand"] == [DRAWN]
    g.rng = ScriptedRng([limit + 1 if miss else limit])
    to_battles(g)
    lost = 0 if miss else 1
    assert steps(g, "us-ca-new-orleans") == 2 - (lost if timing == "before" else 0)
    finish(g)
    assert steps(g, "us-ca-new-orleans") == 2 - lost


@pytest.mark.rule("5.32", "8.2")
@pytest.mark.parametrize(("card", "timing", "limit"), [*SUBMARINES, ("J27", "after", 4)])
def test_a_submarine_attack_offers_japan_each_activated_allied_ship(card, timing, limit):
    """Japan picks the ship hit among the activated ones (not the Baltimore, not activated)."""
    ships = {"us-ca-new-orleans": MANILA, "us-ca-northampton": MANILA, "us-ca-baltimore": MANILA}
    g = reacting(card, ships, activated=["us-ca-new-orleans", "us-ca-northampton"])
    g.rng = ScriptedRng([limit])
    finish(g, "prompt.hit_target")
    eligible = ["hit us-ca-new-orleans", "hit us-ca-northampton"]
    assert deciding(g) == ("japan", "prompt.hit_target", eligible)
    act(g, "hit us-ca-northampton")
    assert [u for u in ships if steps(g, u) == 1] == ["us-ca-northampton"]
    assert (deciding(g)[1] == "prompt.next_battle") is (timing == "before")


@pytest.mark.rule("5.32")
@pytest.mark.parametrize("card", ["J66", "J81"])
def test_a_kamikaze_air_unit_gives_a_step_for_two_steps_on_allied_ships_near_tokyo(card):
    ships = ["us-cv-lexington", "us-ca-new-orleans"]
    units = {"jp-5-ad": CLARK, **dict.fromkeys(ships, LUZON)}
    g = reacting(card, units, activated=ships)
    assert piles(g)["hand"] == [DRAWN] and piles(g)["removed"] == [card]
    to_battles(g)  # the attack comes before the battles
    assert [steps(g, u) for u in ["jp-5-ad", *ships]] == [1, 1, 1]


@pytest.mark.rule("5.32")
@pytest.mark.parametrize("card", ["J66", "J81"])
def test_no_kamikaze_attack_more_than_11_hexes_from_tokyo(card):
    ships = ["us-cv-lexington"]
    g = reacting(card, {"jp-5-ad": TRUK, "us-cv-lexington": TRUK}, activated=ships, battles=[TRUK])
    to_battles(g)
    assert steps(g, "jp-5-ad") == 2 and steps(g, "us-cv-lexington") == 2


# -- political: inter-service rivalry (5.34, 14.0) ---------------------------------------------
def with_deck(**tracks: Any) -> Context:
    g = position(**tracks)
    g.data["cards"]["japan"]["deck"] = ["J40"]
    return g


@pytest.mark.rule("5.34", "5.35", "14.1")
@pytest.mark.parametrize("card", ["J11", "J34"])
@pytest.mark.parametrize("already", [False, True])
def test_us_rivalry_cards_put_the_us_into_rivalry_and_draw_a_card(card, already):
    """With US ISR already in effect J34 (and J11 alike) is played only to draw (5.31)."""
    g = play_event("japan", card, g=with_deck(us_isr=already))
    assert g.data["tracks"]["us_isr"] is True
    assert sorted(piles(g)["hand"]) == ["J10", "J40"] and card in piles(g)["discard"]


@pytest.mark.rule("5.34", "14.2")
@pytest.mark.parametrize("card", ["J67", "J68"])
def test_army_navy_agreement_ends_japanese_rivalry_and_may_swap_a_card(card):
    g = with_deck(japanese_isr=True)
    g.data["cards"]["japan"]["discard"] = ["J40"]
    g = play_event("japan", card, g=g)
    assert g.data["tracks"]["japanese_isr"] is False
    assert offered(g) == ["swap J10 J40", "decline"]
    act(g, "swap J10 J40")
    assert piles(g)["hand"] == ["J40"] and piles(g)["discard"] == ["J10", card]


# -- political: China, War in Europe (5.34, 12.73, 15.7) ---------------------------------------
@pytest.mark.rule("5.34", "12.72", "12.73", "5.36")
def test_ichi_go_moves_china_toward_collapse_but_never_into_it():
    track = china_track(position())
    g = play_event("japan", "J42", china=track[0])
    assert g.data["tracks"]["china"] == track[1] and piles(g)["removed"] == ["J42"]
    g = play_event("japan", "J42", china=track[-2])
    assert g.data["tracks"]["china"] == track[-2] and g.data["surrendered"] == []


@pytest.mark.rule("5.34", "15.7", "5.36")
@pytest.mark.parametrize("card", ["J52", "J53", "J54", "J56", "J57"])
@pytest.mark.parametrize(
    ("turn", "start", "end"),
    [(2, 0, -2), (5, 0, -1), (8, 0, 0), (11, 0, 0), (3, -6, -7)],
    ids=["1942", "1943", "1944", "1945", "held-at-7"],
)
def test_minor_axis_victory_moves_war_in_europe_by_the_years_amount(card, turn, start, end):
    g = play_event("japan", card, turn=turn, war_in_europe=start)
    assert g.data["tracks"]["war_in_europe"] == end and piles(g)["removed"] == [card]
