"""1937: The Rising Sun (C.1), the two-map campaign: from the Marco Polo Bridge in July 1937 to
V-J Day on both sheets; its set-up terms (table ``campaign_scenarios``), its countries (13.7.4),
its reinforcements by turn (13.7), its naval play and its end by the final VP check (0.1, 0.3;
random games of it: tests/test_fuzz_games.py)."""

from __future__ import annotations

import pytest

from tests.dai_senso.play import GAME
from wargame.engine.state import State, clone
from wargame.games.dai_senso import country_setup, reinforcements, seasonal, supply, victory
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import TABLES, CampaignScenario, Supply
from wargame.games.dai_senso.forces import forces

pytestmark = pytest.mark.game("dai-senso")

C1 = "c1_1937"
TERMS: CampaignScenario = TABLES.defaults["campaign_scenarios"][C1]
TAIHOKU, HANGCHOW_BAY = "w4324", "w4626"
"""Formosa's capital; a Chinese coast hex south of Shanghai, on the west sheet."""


def campaign() -> State:
    return clone(GAME.setup(C1, 1))


def test_the_campaign_is_offered_and_sets_up_on_both_sheets_from_july_1937_to_1945():
    assert C1 in [s.id for s in GAME.scenarios()]
    state = campaign()
    placed = {p.unit: p.hex for p in forces().scenarios[C1].setup if p.hex}
    assert {uid: r["hex"] for uid, r in state.data["units"].items()} == placed
    assert {hex_id[0] for hex_id in placed.values()} == {"e", "w"}
    assert state.data["factions"] == ["axis", "west", "soviet"]
    assert (state.data["turn"], state.data["year"], state.data["last_turn"]) == (1, 1937, 58)
    assert state.data["play_area"] == {"sheets": ["e", "w"], "out_of_play": []}


def test_its_last_turn_is_aug_sep_1945_the_month_of_v_j_day():
    track = TABLES.defaults["turn_track"]
    state = campaign()
    index, year = state.data["track"], state.data["year"]
    for _ in range(TERMS.turns - 1):
        index = (index + 1) % len(track)
        year += index == 0
    assert (track[index].name, year) == ("Aug-Sep", 1945)


@pytest.mark.rule("13.7", "13.7.1", "13.7.2", "13.7.4")
def test_the_set_up_keeps_the_country_set_up_rules():
    assert country_setup.setup_problems(C1, TERMS) == []
    state = campaign()
    assert state.data["countries"]["sinkiang"]["status"] == "active"  # its army sets up
    assert state.data["countries"]["siam"]["status"] == "neutral"
    assert "t-thai" not in state.data["units"] and "o-tibet" not in state.data["units"]


@pytest.mark.rule("13.7")
def test_the_reinforcements_come_off_the_map_to_land_hexes():
    placed = {p.unit: p for p in forces().scenarios[C1].setup}
    for coming in TERMS.reinforcements:
        assert coming.unit not in placed or placed[coming.unit].box is not None, coming.unit
    hexes = [h for entries in TERMS.entry_hexes.values() for h in entries]
    hexes += [coming.hex for coming in TERMS.reinforcements]
    assert not any(board().hexes[h].sea for h in hexes)
    state = campaign()
    assert not set(state.data["pool"]) & {coming.unit for coming in TERMS.reinforcements}


@pytest.mark.rule("13.7")
def test_the_southern_army_musters_in_formosa_in_nov_dec_1941_not_before():
    state = campaign()
    due = [coming.unit for coming in reinforcements.due(state.data, TERMS)]
    assert "j-southern-hq" not in due
    state.data["turn"] = 32
    due = [coming.unit for coming in reinforcements.due(state.data, TERMS)]
    assert {"j-southern-hq", "j-14th-army", "u-usaffe"} <= set(due)
    coming = next(c for c in TERMS.reinforcements if c.unit == "j-southern-hq")
    limits = TABLES.defaults["stacking"]
    entries = TERMS.entry_hexes["axis"]
    assert reinforcements.arrival_hex(state.data, coming, entries, limits) == TAIHOKU


@pytest.mark.rule("2.2.3", "3.1.2")
def test_the_campaign_plays_naval_movement_with_its_troop_convoys():
    state = campaign()
    assert state.data["sea"]["reach"] == TABLES.defaults["naval"].sea_reach
    assert TABLES.defaults["naval"].troop_convoys[C1] == {"axis": 4, "west": 2, "soviet": 1}
    assert "j-cv-1" in state.data["support"]  # Japan's carriers in the force pool


@pytest.mark.rule("0.1", "0.3")
def test_at_its_end_the_final_vp_check_decides_not_the_objectives():
    state = campaign()
    state.data["control"] = dict.fromkeys(state.data["control"], "axis")  # every city the Axis's
    assert victory.final_result(state).winner == "axis"  # what the objectives would say
    found = seasonal.final_result(state)
    assert found == seasonal.final_vp_result(state)
    assert (found.winner, found.allies) == ("west", ["soviet"])  # July 1937's VP marker


@pytest.mark.rule("0.3")
def test_war_of_resistance_is_still_decided_by_its_objectives():
    assert TABLES.defaults["campaign_scenarios"]["b1_war_of_resistance"].decided_by == "objectives"
    assert TERMS.decided_by == "vp_check"


@pytest.mark.rule("13.7", "9.2")
def test_on_an_untouched_map_every_reinforcement_finds_a_hex_on_its_turn():
    state = campaign()
    limits = TABLES.defaults["stacking"]
    waiting = []
    for coming in sorted(TERMS.reinforcements, key=lambda c: c.turn):
        side = forces().faction_of(forces().units[coming.unit])
        where = reinforcements.arrival_hex(state.data, coming, TERMS.entry_hexes[side], limits)
        if where is None:
            waiting.append(coming.unit)
            continue
        steps = forces().units[coming.unit].steps
        state.data["units"][coming.unit] = {"hex": where, "steps": steps}
    assert waiting == []
    soviets_1945 = [c.unit for c in TERMS.reinforcements if c.turn == 57]
    assert all(state.data["units"][uid]["hex"][0] in "ew" for uid in soviets_1945)


@pytest.mark.rule("10.2", "3.1.2")
def test_a_supply_line_crosses_the_sea_from_one_sheet_to_the_other():
    state = campaign()
    state.data["units"]["j-1st-army"]["hex"] = HANGCHOW_BAY
    japan_only = Supply(trace_hexes=1, sources={"axis": ["japan"]})  # Japan is on the east sheet
    assert supply.supplied(state.data, japan_only, "j-1st-army")
    assert supply.unsupplied(state.data, TABLES.defaults["supply"], "axis") == []
    without_naval_play = {key: value for key, value in state.data.items() if key != "sea"}
    assert not supply.supplied(without_naval_play, japan_only, "j-1st-army")


@pytest.mark.rule("0.3", "1.1", "2.2.3")
def test_a_result_names_only_the_rules_its_scenario_left_out():
    assert victory.not_played(campaign()) == []  # cards dealt, naval movement played
    training = GAME.setup("a2_china_incident", 1)
    assert "decks" not in training.data
    assert victory.not_played(training) == ["1.1", "2.2.3"]
    assert seasonal.final_result(campaign()).missing == []
