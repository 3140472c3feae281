"""Dai Senso! plays its first training scenario, August Storm: the set-up from forces.yaml, the
sequence of play with the phases not played yet passing through, the refusal of a scenario
the forces file does not set up, the end of the scenario and its winner, and random games to a
result."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.dai_senso.play import (
    GAME,
    SCENARIO,
    act,
    actions,
    frozen,
    past_organization,
    position,
)
from wargame.engine.action import Action
from wargame.engine.contract import prompt_problems
from wargame.engine.errors import IllegalAction, UnknownGame
from wargame.engine.rng import Rng
from wargame.engine.state import clone
from wargame.fuzz import FuzzConfig, fuzz
from wargame.games import REGISTRY
from wargame.games.dai_senso import victory
from wargame.games.dai_senso.client import without_display
from wargame.games.dai_senso.forces import forces

pytestmark = pytest.mark.game("dai-senso")


def test_august_storm_is_offered_first_and_it_sets_up_from_the_forces_file():
    offered = [s.id for s in GAME.scenarios()]
    assert offered == [
        SCENARIO, "a2_china_incident", "a3_tora_tora_tora", "b1_war_of_resistance", "c1_1937"
    ]  # fmt: skip
    state = GAME.setup(SCENARIO, 1)
    placed = {p.unit: p.hex for p in forces().scenarios[SCENARIO].setup if p.hex}
    assert {uid: r["hex"] for uid, r in state.data["units"].items()} == placed
    assert state.data["factions"] == ["axis", "soviet"]
    assert set(state.data["control"].values()) == {"axis"}
    assert GAME.active(state) == ["axis"]


def test_no_scenario_of_the_forces_file_is_refused_without_a_reason():
    offered = {s.id for s in GAME.scenarios()}
    for scenario in forces().scenarios:
        assert scenario in offered or GAME.scenarios_not_yet.get(scenario), scenario


def test_a_scenario_the_forces_file_does_not_set_up_is_refused_in_one_line():
    with pytest.raises(UnknownGame, match="has no scenario 'c2_1938'") as refused:
        GAME.setup("c2_1938", 1)
    assert "\n" not in str(refused.value) and SCENARIO in str(refused.value)


def test_the_phases_not_played_yet_pass_through_and_say_so():
    state = GAME.setup(SCENARIO, 1)
    skipped = [e.params["phase"] for e in state.log if e.key == "log.phase_skipped"]
    assert set(skipped) <= {"option_cards"}  # played once option_cards.py is there (1.1)
    assert state.data["phase"] == "organization" and state.data["phasing"] == "axis"
    state = past_organization(state, "axis")  # its one-step infantry may detach (2.3.5)
    assert state.data["phase"] == "operational_movement" and state.data["phasing"] == "axis"


@pytest.mark.rule("7.2")
def test_the_faction_turns_run_axis_then_soviet_and_the_turn_marker_moves_on():
    state = position({"j-5th-army": ("e1603", 2), "s-35th": ("e1403", 2)})
    state = act(state, "axis", "end", "end", "end")  # movement, combat, reserve
    assert GAME.active(state) == ["soviet"] and state.data["phasing"] == "soviet"
    state = act(state, "soviet", "end", "end", "end", "end")  # blitz markers, then as above
    assert state.data["turn"] == 2 and state.data["track"] == 5  # Aug-Sep, then Oct
    assert GAME.active(state) == ["axis"]
    names = [e.params["name"] for e in state.log if e.key == "log.turn"]
    assert names == ["Aug-Sep", "Oct"]


def test_an_action_of_a_faction_not_at_its_turn_is_refused_and_changes_nothing():
    state = past_organization(GAME.setup(SCENARIO, 1), "axis")
    before = frozen(state)
    phase = "the operational_movement phase of the axis faction turn waits for axis"
    with pytest.raises(IllegalAction, match=f"^3: it is not soviet's decision now: {phase}$"):
        GAME.apply(state, "soviet", Action("end"))
    with pytest.raises(IllegalAction, match=r"^3: it is not west's decision now"):
        GAME.apply(state, "west", Action("end"))
    assert frozen(state) == before


@pytest.mark.rule("0.3")
@pytest.mark.parametrize(("soviet_held", "winner"), [(4, "soviet"), (3, "axis")])
def test_the_soviets_win_by_holding_four_of_the_seven_objectives(soviet_held, winner):
    state = clone(GAME.setup(SCENARIO, 1))
    objectives = list(state.data["control"])
    assert len(objectives) == 7
    for hex_id in objectives[:soviet_held]:
        state.data["control"][hex_id] = "soviet"
    found = victory.final_result(state)
    assert found.winner == winner and found.scores == {"axis": 7 - soviet_held,
                                                       "soviet": soviet_held}  # fmt: skip
    assert "2.2.3" in found.missing  # support units, not all played yet, could have changed it
    assert "4.1.1" not in found.missing  # airdrops are played


@pytest.mark.rule("0.3")
def test_the_game_ends_after_its_last_turn_with_a_winner():
    state = position({"j-5th-army": ("e1603", 2), "s-35th": ("e1403", 2)})
    for _turn in range(3):
        state = act(state, "axis", "end", "end", "end")
        state = act(state, "soviet", "end", "end", "end", "end")
    assert state.result is not None and state.result.winner == "axis"
    assert GAME.active(state) == []


def test_the_objective_a_unit_enters_changes_hands():
    state = position({"s-35th": ("w5327", 2)})
    state.data["control"] = {"w5326": "axis"}
    state = act(state, "axis", "end", "end", "end")
    state = act(state, "soviet", "end", "move s-35th", "hex w5326")
    assert state.data["control"] == {"w5326": "soviet"}


def test_random_games_of_august_storm_end_without_failure(tmp_path):
    config = FuzzConfig(games=3, seed=17, scenario=SCENARIO, out_dir=tmp_path)
    summary = fuzz("dai-senso", config, REGISTRY.game, lambda outcome: None)
    assert [o.failure for o in summary.failures] == []
    assert all(o.result for o in summary.outcomes) and summary.actions > 300


def test_every_side_sees_the_whole_position_and_no_hand():
    state = GAME.setup(SCENARIO, 1)
    views = [GAME.view(state, side)["board"] for side in (None, *GAME.sides)]
    assert all(without_display(view) == state.data for view in views)
    assert "move j-30th-army" in actions(past_organization(state, "axis"), "axis")


def test_every_prompt_has_words_in_both_languages_and_names_only_what_is_offered():
    for key in GAME.prompt_verbs():
        for lang in ("en", "ja"):
            assert key in GAME.catalog.messages[lang], f"{key} has no {lang} words"
    rng = random.Random(5)
    found = GAME.setup(SCENARIO, 5)
    while found.result is None:
        assert prompt_problems(GAME, found) == []
        side = rng.choice(GAME.active(found))
        found = GAME.apply(found, side, rng.choice(GAME.legal_actions(found, side)))


def test_every_log_line_has_words_in_both_languages():
    found = GAME.setup(SCENARIO, 3)
    rng = random.Random(3)
    while found.result is None:
        side = rng.choice(GAME.active(found))
        found = GAME.apply(found, side, rng.choice(GAME.legal_actions(found, side)))
    for key in {event.key for event in found.log} - {"log.roll", "log.game_over"}:
        for lang in ("en", "ja"):
            assert key in GAME.catalog.messages[lang], f"{key} has no {lang} words"


def test_a_view_shows_the_weather_and_the_blitz_markers_and_reads_back_as_the_position():
    state = GAME.setup(SCENARIO, 1)
    state.data["blitz"] = {"w5623": "soviet"}
    board = GAME.view(state, "axis")["board"]
    assert (board["tracks"]["date"], board["tracks"]["year"]) == ("Aug-Sep", 1945)
    assert board["marks"] == [
        {"hex": "w5623", "kind": "blitz", "side": "soviet"},
    ]
    assert set(board["weather"].values()) <= {"mud", "storm", "snow"}
    read_back = GAME.determinize(GAME.view(state, "axis"), "axis", Rng(3))
    assert read_back.data == state.data


def test_the_client_draws_every_hex_and_every_ground_unit_with_its_values_by_steps():
    drawn = GAME.client_data()
    assert len(drawn["board"]["hexes"]) == len(forces().hexes)
    assert drawn["board"]["flat_top"] is False
    units = {unit["id"]: unit for unit in drawn["units"]}
    assert units["j-kwantung-hq"]["step_values"] == ["1-1-3", "2-2-3"]
    kinds = {kind for side in drawn["board"]["hexsides"] for kind in side["flags"]}
    assert {"mountain", "river", "border"} <= kinds
    assert GAME.backdrop() and {line["kind"] for line in GAME.backdrop()} >= {"coast"}


@pytest.mark.rule("0.3", "13.1")
def test_the_political_display_shows_the_wars_and_objectives_and_says_what_is_not_played():
    """The China Incident: three factions, each at war with the others (13.1), the objectives
    each holds (0.3); no political events, war status track or option cards in the training
    scenarios, so a seat's hand is empty and a spectator has none."""
    state = GAME.setup("a2_china_incident", 1)
    board = GAME.view(state, "west")["board"]
    tracks = board["tracks"]
    wars = {key: value for key, value in tracks.items() if key.startswith("war_")}
    assert wars == {"war_axis_west": "at_war", "war_axis_soviet": "at_war",
                    "war_west_soviet": "at_war", "war_status": "not_played"}  # fmt: skip
    held = {side: tracks[f"held_{side}"] for side in ("axis", "west", "soviet")}
    assert held == dict(Counter(state.data["control"].values()), soviet=0)
    assert (tracks["politics"], tracks["cards"]) == ("not_played", "not_dealt")
    assert board["hand"] == [] and "hand" not in GAME.view(state, None)["board"]
    for key, value in tracks.items():
        for lang in ("en", "ja"):
            assert GAME.catalog.lookup(f"track.{key}", lang), key
            if isinstance(value, str):
                assert GAME.catalog.lookup(f"track_value.{value}", lang), value
    read_back = GAME.determinize(GAME.view(state, "west"), "west", Rng(3))
    assert read_back.data == state.data
    august = GAME.view(GAME.setup(SCENARIO, 1), "axis")["board"]["tracks"]
    assert [key for key in august if key.startswith("war_")] == ["war_axis_soviet", "war_status"]
