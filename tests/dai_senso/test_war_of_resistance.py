"""War of Resistance (B.1), the one-map campaign: the war in China on the west sheet from July
1937 to December 1941; its countries, dependents and regions (13.2, 13.3), its set-up (13.7), the
area in play, its reinforcements by turn and its objectives (random games of it:
tests/test_fuzz_games.py)."""

from __future__ import annotations

import copy

import msgspec
import pytest

from tests.dai_senso.play import GAME, act, frozen, past_organization
from tests.dai_senso.test_forces_data import placement, refused, setup_of
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.state import State, clone
from wargame.games.dai_senso import country_setup, movement, reinforcements, retreat, victory
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import TABLES, CampaignScenario, Supply
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.supply import traces_supply

pytestmark = pytest.mark.game("dai-senso")

WOR = "b1_war_of_resistance"
TERMS: CampaignScenario = TABLES.defaults["campaign_scenarios"][WOR]
COUNTRIES = TERMS.countries
SHANGHAI, TIENTSIN, PEKING, YENAN = "w4725", "w5124", "w5123", "w4920"
BIAS_BAY, HONG_KONG = "w4322", "w4222"
"""A Kwangtung hex next to Hong Kong, which stands aside until December 1941."""
EAST_OF_HARBIN, EAST_SHEET = "w5428", "e5401"
"""The Kwantung Army's eastern group at the west sheet's edge, and its neighbour on the east
sheet, out of play in the one-map campaign."""


def war() -> State:
    return clone(GAME.setup(WOR, 1))


def next_turn(state: State) -> State:
    """Every faction ends each of its phases until the game turn changes."""
    turn = state.data["turn"]
    while state.data["turn"] == turn:
        state = act(state, GAME.active(state)[0], "end")
    return state


# -- the scenario ---------------------------------------------------------------------------------


def test_war_of_resistance_is_offered_and_sets_up_on_the_west_sheet_from_july_1937():
    assert WOR in [s.id for s in GAME.scenarios()]
    state = war()
    placed = {p.unit: p.hex for p in forces().scenarios[WOR].setup if p.hex}
    assert {uid: r["hex"] for uid, r in state.data["units"].items()} == placed
    assert all(hex_id.startswith("w") for hex_id in placed.values())
    assert state.data["factions"] == ["axis", "west", "soviet"]
    assert (state.data["turn"], state.data["year"], state.data["last_turn"]) == (1, 1937, 32)
    assert state.data["play_area"]["sheets"] == ["w"]


@pytest.mark.rule("0.3")
def test_the_twelve_objectives_start_with_the_faction_in_them_else_with_the_west():
    control = war().data["control"]
    assert len(control) == 12
    assert control[SHANGHAI] == control[TIENTSIN] == "axis"
    assert control[YENAN] == "soviet"
    assert list(control.values()).count("west") == 9


@pytest.mark.rule("0.3")
@pytest.mark.parametrize("axis_held", [9, 8])
def test_the_axis_needs_nine_cities_else_the_west_and_the_soviets_win_together(axis_held):
    state = war()
    objectives = list(state.data["control"])
    state.data["control"] = dict.fromkeys(objectives, "west")
    for hex_id in objectives[:axis_held]:
        state.data["control"][hex_id] = "axis"
    found = victory.final_result(state)
    if axis_held == 9:
        assert (found.winner, found.allies) == ("axis", [])
    else:
        assert (found.winner, found.allies, found.kind) == ("west", ["soviet"], "won_jointly")


@pytest.mark.rule("1.1", "12.2")
def test_the_campaign_starts_at_limited_war_with_every_factions_cards_dealt():
    state = GAME.setup("b1_war_of_resistance", 1)
    assert state.data["war_state"] == "limited_war"
    assert sorted(state.data["decks"]) == ["axis", "soviet", "west"]
    assert state.data["current_card"]["axis"] == "axis-1"


# -- countries, dependents and regions (13.2, 13.3) -----------------------------------------------


@pytest.mark.rule("13.2")
def test_countries_are_the_majors_and_minors_of_the_map():
    assert country_setup.is_country("kiangsu") and country_setup.is_country("japan")
    assert not country_setup.is_country("shanghai")  # a region
    assert not country_setup.is_country("korea")  # a dependent
    assert country_setup.is_country("britain")  # a major with no hex of its own


@pytest.mark.rule("13.2.1")
def test_a_major_power_is_always_active():
    assert country_setup.status("russia", {}) == "active"
    assert country_setup.status("japan", COUNTRIES) == "active"


@pytest.mark.rule("13.2.2")
def test_a_minor_is_active_or_neutral_as_the_scenario_lists_it_else_neutral():
    assert country_setup.status("kiangsu", COUNTRIES) == "active"
    assert country_setup.status("siam", COUNTRIES) == "neutral"
    assert country_setup.status("nepal", COUNTRIES) == "neutral"  # not listed


@pytest.mark.rule("13.3")
@pytest.mark.rule("13.3.2")
def test_dependents_and_regions_belong_to_their_country_through_their_owners():
    assert country_setup.country_of("shanghai") == "kiangsu"
    assert country_setup.country_of("inner_mongolia") == "hopeh"
    assert country_setup.country_of("korea") == "japan"
    assert country_setup.country_of("papua") == "britain"  # Papua, Australia's, Britain's
    assert {"kiangsu", "shanghai"} == country_setup.home_areas("kiangsu")


@pytest.mark.rule("13.3.1")
def test_a_dependent_is_never_a_friendly_country():
    assert country_setup.friendly_country("japan", "axis", COUNTRIES)
    assert not country_setup.friendly_country("korea", "axis", COUNTRIES)
    assert not country_setup.friendly_country("kiangsu", "soviet", COUNTRIES)
    assert not country_setup.friendly_country("siam", "axis", COUNTRIES)  # neutral


# -- setting up (13.7) ----------------------------------------------------------------------------


@pytest.mark.rule("13.7")
@pytest.mark.rule("13.7.2")
def test_the_war_of_resistance_set_up_keeps_the_country_set_up_rules():
    assert country_setup.setup_problems(WOR, TERMS) == []


@pytest.mark.rule("13.7.4")
def test_a_unit_of_a_country_that_stands_aside_is_not_set_up():
    terms = msgspec.structs.replace(TERMS, out_of_play=[])
    problems = country_setup._placement_problems("t-thai", "w3817", terms)
    assert problems == ["13.7.4: t-thai is a unit of siam, which stands aside (neutral)"]
    problems = country_setup._placement_problems("o-tibet", "w4614", TERMS)
    assert "13.7.4: o-tibet is set up in w4614, out of play" in problems


@pytest.mark.rule("13.7.1")
def test_a_minor_sets_up_in_its_own_country_or_its_regions():
    assert country_setup._placement_problems("n-9th-ag", SHANGHAI, TERMS) == []
    problems = country_setup._placement_problems("n-yunnan", "w4619", TERMS)
    assert problems == ["13.7.1: n-yunnan, a unit of yunnan, is set up outside it"]


@pytest.mark.rule("13.7.3")
def test_a_set_up_over_the_stacking_limits_is_refused(tmp_path):
    def overstack(raw):
        for unit in ("n-kmt-hq", "n-nanking", "n-9th-ag", "n-15th-ag"):
            placement(raw, WOR, unit).update(hex="w4724")

    assert "stacks 4 units of 7 steps (9.2, 13.7.3" in refused(tmp_path, overstack)


def test_a_set_up_on_the_east_sheet_is_refused(tmp_path):
    def to_tokyo(raw):
        setup_of(raw, WOR).append({"unit": "j-guards", "hex": "e4904"})

    assert "on a sheet out of play (e)" in refused(tmp_path, to_tokyo)


# -- the area in play (13.7.4) --------------------------------------------------------------------


def entries_from(state: State, uid: str) -> tuple[dict, dict]:
    tec = TABLES.defaults["terrain_effects"]
    return movement.entries(state.data, uid, 0, movement.Ground(tec, {}))


@pytest.mark.rule("13.7.4")
def test_no_unit_moves_onto_the_other_sheet_nor_into_a_country_standing_aside():
    state = war()
    state.data["units"]["j-china-garrison"]["hex"] = BIAS_BAY
    found, why = entries_from(state, "j-china-garrison")
    assert HONG_KONG not in found and why[HONG_KONG].startswith("13.7.4: w4222 is in hong_kong")
    found, why = entries_from(state, "j-kwantung-2")
    assert EAST_SHEET not in found and why[EAST_SHEET].startswith("13.7.4: e5401 is on a map")
    state = act(past_organization(act(state, "axis", "end"), "axis"), "axis", "move j-kwantung-2")
    before = frozen(state)
    with pytest.raises(IllegalAction, match=r"13\.7\.4"):
        GAME.apply(state, "axis", Action(f"hex {EAST_SHEET}"))
    assert frozen(state) == before


def test_the_training_scenarios_play_the_whole_map():
    state = clone(GAME.setup("a2_china_incident", 1))
    assert "play_area" not in state.data
    assert country_setup.out_of_play(state.data, EAST_SHEET) == ""


@pytest.mark.rule("13.7.4")
def test_no_retreat_into_an_area_out_of_play():
    state = war()
    everywhere = dict(state.data, play_area={})
    open_hexes = retreat.retreat_hexes(everywhere, BIAS_BAY, "w4423", "west")
    assert HONG_KONG in open_hexes
    assert HONG_KONG not in retreat.retreat_hexes(state.data, BIAS_BAY, "w4423", "west")


@pytest.mark.rule("13.7.4")
def test_no_supply_line_runs_into_an_area_out_of_play():
    hong_kong_only = Supply(trace_hexes=1, sources={"west": ["hong_kong"]})
    assert traces_supply(hong_kong_only, {}, BIAS_BAY, "west")
    area = war().data["play_area"]
    assert not traces_supply(hong_kong_only, {}, BIAS_BAY, "west", area=area)


# -- reinforcements (13.7) ------------------------------------------------------------------------


@pytest.mark.rule("13.7")
def test_the_reinforcements_are_units_off_the_map_coming_to_land_in_play():
    placed = {p.unit: p for p in forces().scenarios[WOR].setup}
    for coming in TERMS.reinforcements:
        assert placed[coming.unit].box is not None, coming.unit
        assert country_setup.area_refusal(war().data["play_area"], coming.hex) == ""
    hexes = [h for entries in TERMS.entry_hexes.values() for h in entries]
    hexes += [coming.hex for coming in TERMS.reinforcements]
    assert all(country_setup.area_refusal(war().data["play_area"], h) == "" for h in hexes)
    assert not any(board().hexes[h].sea for h in hexes)


@pytest.mark.rule("13.7", "1.1.1")
def test_a_unit_an_option_card_brought_already_does_not_come_again_by_the_schedule():
    state = war()
    assert "j-sea" not in state.data["pool"]  # scheduled: not in the force pool at the start
    state.data["pool"].append("j-10th-army")  # as card 4 of the Axis would bring it
    state.data["turn"] = 4
    assert "j-10th-army" not in [coming.unit for coming in reinforcements.due(state.data, TERMS)]
    state.data["pool"].remove("j-10th-army")
    assert "j-10th-army" in [coming.unit for coming in reinforcements.due(state.data, TERMS)]


@pytest.mark.rule("13.7")
def test_japan_s_august_1937_armies_come_at_the_start_of_turn_two():
    state = war()
    assert "j-sea" not in state.data["units"]
    state = next_turn(state)
    where = {uid: state.data["units"][uid]["hex"] for uid in ("j-sea", "j-ncaa", "j-1st-army")}
    assert where == {"j-sea": SHANGHAI, "j-ncaa": TIENTSIN, "j-1st-army": TIENTSIN}
    # Peking is the Nationalists': the 2nd Army comes to the first entry hex that admits it
    assert state.data["units"]["j-2nd-army"]["hex"] == SHANGHAI
    assert "j-10th-army" not in state.data["units"]  # Nov-Dec 1937, turn 4


@pytest.mark.rule("13.7")
def test_a_reinforcement_entering_an_empty_objective_takes_it():
    state = war()
    del state.data["units"]["n-29th-army"]
    state = next_turn(state)
    assert state.data["units"]["j-2nd-army"]["hex"] == PEKING
    assert state.data["control"][PEKING] == "axis"


@pytest.mark.rule("13.7")
def test_a_reinforcement_no_hex_admits_waits_for_a_later_turn():
    state = war()
    limits = TABLES.defaults["stacking"]
    coming = TERMS.reinforcements[0]  # the Shanghai Expeditionary Army
    entries = TERMS.entry_hexes["axis"]
    assert reinforcements.arrival_hex(state.data, coming, entries, limits) == SHANGHAI
    wanted = (coming.hex, *entries)
    blocked = copy.deepcopy(state.data)
    blocked["units"] = {u: r for u, r in blocked["units"].items() if r["hex"] not in wanted}
    chinese = ("n-kwangsi", "n-9th-wa", "n-central-1939", "n-armor", "n-air")
    for uid, hex_id in zip(chinese, wanted, strict=False):
        blocked["units"][uid] = {"hex": hex_id, "steps": 1}
    assert reinforcements.arrival_hex(blocked, coming, entries, limits) is None
