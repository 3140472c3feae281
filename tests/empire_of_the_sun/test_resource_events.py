"""Resource events (5.33) and the Bridge on the River Kwai (#18), played from the hand in an
Offensives segment action (``action`` procedure). Each test checks what the card's row in spec
section 7 says it does.

Hexes: Rangoon 2008, Singapore 2015, Bangkok 2110, Balikpapan 2517 (a resource port), Truk 4017,
Rabaul 4021, Darwin 3023, Townsville 3727, Tokyo 3706.
"""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import act, begin, deciding, offered
from tests.empire_of_the_sun.factory import position
from wargame.games.empire_of_the_sun import events, forces, supply

pytestmark = pytest.mark.game("empire-of-the-sun")

RANGOON, SINGAPORE, BALIKPAPAN, TRUK, RABAUL = "2008", "2015", "2517", "4017", "4021"
DARWIN, TOWNSVILLE = "3023", "3727"


def play_event(side: str, card: str, g=None, rolls=None, **tracks):
    g = g or position(**tracks)
    g.data["cards"][side]["hand"] = [card, "A21" if side == "allied" else "J10"]
    begin(g, "action", side=side, rolls=rolls)
    act(g, f"card {card}", "event")
    return g


# -- replacement points --------------------------------------------------------------------------
@pytest.mark.rule("5.33", "10.21", "10.22")
@pytest.mark.parametrize(
    ("card", "track", "points"),
    [
        ("J5", "japanese_air_replacements", 2),
        ("J30", "japanese_air_replacements", 3),
        ("J72", "japanese_naval_replacements", 3),
        ("J71", "japanese_air_replacements", 2),
    ],
)
def test_japanese_air_and_naval_points_are_banked_on_their_track(card, track, points):
    g = play_event("japan", card)
    assert g.data["tracks"][track] == points
    assert card in g.data["cards"]["japan"]["removed"]


OAHU, SAIGON = "5808", "2212"
ALLIED_HQS = {"us-hq-cenpac": OAHU, "jt-hq-anzac": TOWNSVILLE}


@pytest.mark.rule("5.33", "10.1")
def test_heroic_repair_restores_two_allied_ship_steps_at_once():
    units = {"us-cv-wasp": (OAHU, True), "us-cv-essex": (OAHU, True), "us-xi-corps": (OAHU, True)}
    g = play_event("allied", "A15", g=position(units={**ALLIED_HQS, **units}, empire=True))
    side, prompt, actions = deciding(g)
    assert (side, prompt) == ("allied", "prompt.replacements")
    assert "repair us-xi-corps" not in actions  # naval units only
    act(g, "repair us-cv-wasp", "repair us-cv-essex")
    assert not forces.reduced(g, "us-cv-wasp") and not forces.reduced(g, "us-cv-essex")
    assert offered(g) == ["done"]  # two points only


@pytest.mark.rule("5.33", "10.1")
def test_curtin_restores_or_brings_back_australians_in_australia_only():
    units = {"au-3-corps": (TOWNSVILLE, True), "us-xi-corps": (OAHU, True)}
    g = position(units={**ALLIED_HQS, **units, "au-1-corps": "eliminated"}, empire=True)
    g = play_event("allied", "A3", g=g)
    actions = offered(g)
    assert "repair au-3-corps" in actions and "repair us-xi-corps" not in actions
    act(g, "rebuild au-1-corps")
    hexes = [a.split()[1] for a in offered(g) if a != "cancel"]
    assert hexes and all(g.static.board.in_area(h, "australia") for h in hexes)


@pytest.mark.rule("5.33", "10.1")
def test_bose_repairs_japanese_ground_units_within_three_hexes_of_rangoon():
    units = {"jp-hq-south": SAIGON, "jp-33-army": (RANGOON, True), "jp-25-army": (SINGAPORE, True)}
    g = position(units=units, japanese=[RANGOON, SINGAPORE, SAIGON], empire=True)
    g = play_event("japan", "J39", g=g)
    actions = offered(g)
    assert "repair jp-33-army" in actions and "repair jp-25-army" not in actions
    act(g, "repair jp-33-army")
    assert not forces.reduced(g, "jp-33-army")
    assert g.data["tracks"]["china_divisions"] == 12  # the event's points, not the track's


# -- lasting effects ------------------------------------------------------------------------------
@pytest.mark.rule("5.33", "8.4")
def test_new_operation_plan_gives_japan_a_lasting_ground_bonus():
    g = play_event("japan", "J31")
    assert "J31_defence_doctrine" in g.data["lasting"]


@pytest.mark.rule("5.33", "16.43")
def test_high_altitude_interceptors_stop_bombing_raising_political_will():
    g = play_event("japan", "J71")
    assert "J71" in g.data["lasting"]


@pytest.mark.rule("5.33", "12.75", "13.31")
def test_china_airlift_opens_the_hump_for_good_and_repairs_the_china_air_units():
    g = position(units={"us-avg": ("2407", True)}, burma_road="closed", hump=False)
    before = supply.supply(g)
    g = play_event("allied", "A17", g=g)
    assert g.data["tracks"]["hump"] is True
    assert supply.supply(g) is not before  # supply is traced again with the HUMP
    assert not forces.reduced(g, "us-avg")


@pytest.mark.rule("5.33", "9.31")
def test_edwin_booz_adds_a_permanent_allied_asp():
    g = play_event("allied", "A18", allied_asp=2)
    assert g.data["tracks"]["allied_asp"] == 3


@pytest.mark.rule("5.33", "7.47", "9.33")
def test_pt_boats_end_the_japanese_barges():
    g = play_event("allied", "A23", barges=True)
    assert g.data["tracks"]["pt_boats"] is True


@pytest.mark.rule("5.33", "11.22")
def test_new_submarine_doctrine_cancels_the_escort_modifier_for_good():
    g = play_event("allied", "A80", escort=2)
    assert g.data["tracks"]["escort"] == 0 and "A80" in g.data["lasting"]


@pytest.mark.rule("5.34", "7.41", "17.35")
def test_the_kwai_bridge_needs_both_route_hexes_and_opens_the_route():
    g = position(japanese=["2108"])
    assert not events.playable(g, "japan", "J18")
    g = play_event("japan", "J18", g=position(japanese=["2108", "2109"]))
    assert "kwai_route" in g.data["lasting"]


# -- B-29 events (11.33) ---------------------------------------------------------------------------
@pytest.mark.rule("5.33", "11.33")
@pytest.mark.parametrize(("card", "where"), [("A60", "china"), ("A67", "4006")])
def test_a_b29_event_makes_japan_discard_at_random(card, where):
    g = position()
    assert not events.playable(g, "allied", card)
    g.data["units"]["us-20bc"] = where
    assert events.playable(g, "allied", card)
    g.data["cards"]["japan"]["hand"] = ["J10", "J12", "J14"]
    g = play_event("allied", card, g=g, rolls=[2])
    assert g.data["cards"]["japan"]["hand"] == ["J10", "J14"]
    assert "J12" in g.data["cards"]["japan"]["discard"]


@pytest.mark.rule("5.33", "11.33")
def test_curtis_lemay_needs_a_b29_within_eight_hexes_of_tokyo():
    g = position()
    g.data["units"]["us-20bc"] = DARWIN
    assert not events.playable(g, "allied", "A67")


# -- units in and out of play ---------------------------------------------------------------------
@pytest.mark.rule("5.33")
def test_operation_vengeance_puts_ozawa_in_yamamotos_place():
    g = position(units={"jp-hq-cf-yamamoto": (TRUK, True)}, japanese=[TRUK])
    g = play_event("allied", "A27", g=g)
    assert forces.at(g, "jp-hq-cf-ozawa") == TRUK and forces.reduced(g, "jp-hq-cf-ozawa")
    assert forces.at(g, "jp-hq-cf-yamamoto") == "removed"


@pytest.mark.rule("5.33", "9.1")
def test_the_tainan_air_unit_enters_as_a_reinforcement():
    g = position(units={"jp-hq-south": SINGAPORE}, japanese=[SINGAPORE], empire=True)
    assert events.playable(g, "japan", "J78")
    g = play_event("japan", "J78", g=g)
    act(g, "unit jp-tainan-air")
    hexes = [a.split()[1] for a in offered(g)]
    assert SINGAPORE in hexes
    act(g, f"hex {SINGAPORE}")
    assert forces.at(g, "jp-tainan-air") == SINGAPORE
    g.data["units"]["jp-tainan-air"] = "eliminated"
    assert not events.playable(g, "japan", "J78")  # once only


@pytest.mark.rule("5.33")
def test_makin_island_raid_hits_a_japanese_air_unit_in_us_hq_range():
    g = position(
        units={"us-hq-cenpac": "5808", "jp-5-ad": "4612", "jp-12-ad": SINGAPORE},
        japanese=["4612", SINGAPORE],
    )
    g = play_event("allied", "A16", g=g)
    actions = offered(g)
    assert "unit jp-5-ad" in actions and "unit jp-12-ad" not in actions
    act(g, "unit jp-5-ad")
    assert forces.reduced(g, "jp-5-ad")


@pytest.mark.rule("5.33")
def test_operation_ke_evacuates_up_to_three_ground_units_to_japanese_ports():
    g = position(
        units={f"jp-{n}-army": "4120" for n in (17, 18, 19, 2)} | {"us-1mar-div": "4120"},
        japanese=[RABAUL, TRUK, "4120"],
        empire=True,
    )
    g = play_event("japan", "J35", g=g)
    act(g, "unit jp-17-army")
    assert f"hex {RABAUL}" in offered(g) and f"hex {SINGAPORE}" not in offered(g)
    act(g, f"hex {RABAUL}", "unit jp-18-army", f"hex {RABAUL}", "unit jp-19-army", f"hex {TRUK}")
    assert [a for a in offered(g) if a.startswith("unit")] == []  # three at most
    assert forces.at(g, "jp-19-army") == TRUK
    act(g, "done")


@pytest.mark.rule("5.33")
def test_fuel_shortage_moves_ships_to_ports_near_resources():
    g = position(
        units={"jp-bb-yamato": TRUK, "jp-hq-cf-yamamoto": TRUK},
        japanese=[TRUK, BALIKPAPAN],
        empire=True,
    )
    g = play_event("japan", "J77", g=g)
    assert {"unit jp-bb-yamato", "unit jp-hq-cf-yamamoto"} <= set(offered(g))
    act(g, "unit jp-bb-yamato")
    assert f"hex {BALIKPAPAN}" in offered(g) and f"hex {TRUK}" not in offered(g)
    act(g, f"hex {BALIKPAPAN}")
    assert forces.at(g, "jp-bb-yamato") == BALIKPAPAN


@pytest.mark.rule("5.33")
def test_the_panama_canal_attack_delays_next_turns_us_naval_reinforcements():
    """Provisional (see the 5.33 stand-in)."""
    g = position(turn=3)
    g.data["units"].update({"us-cv-essex": "t4", "us-1mar-div": "t4"})
    g.data["cards"]["japan"]["deck"] = ["J12"]
    g = play_event("japan", "J80", g=g)
    assert (forces.at(g, "us-cv-essex"), forces.at(g, "us-1mar-div")) == ("t5", "t4")
    assert "J12" in g.data["cards"]["japan"]["hand"]  # the card draws a card
