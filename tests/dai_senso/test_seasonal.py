"""The seasonal turns: the seasonal victory phase (0.1-0.2: the VP check, the VP marker, automatic
victory), the seasonal phase (1.2 logistics and partisans, 1.3 replacements) and the delay
segment (7.1), with the seed's worked examples."""

from __future__ import annotations

import msgspec
import pytest

from tests.dai_senso.play import GAME, act, actions, end_turn, frozen
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.procedure import run_automatic
from wargame.engine.state import Frame, clone
from wargame.fuzz import FuzzConfig, fuzz
from wargame.games import REGISTRY
from wargame.games.dai_senso import delay, logistics, replacements, seasonal
from wargame.games.dai_senso import state as state_module
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import TABLES
from wargame.games.dai_senso.forces import forces

pytestmark = pytest.mark.game("dai-senso")

CHINA = "a2_china_incident"
PEKING, NANKING, SAIGON, NAGASAKI, BATAVIA = "w5123", "w4724", "w3619", "e4801", "w2819"
PLAY = TABLES.defaults["seasonal_play"]


def china(units: dict[str, str], **data):
    """The China Incident's first turn with only ``units`` (id -> hex, two steps) on the map and
    ``data`` over the game's data."""
    state = clone(GAME.setup(CHINA, 1))
    state.data["units"] = {uid: {"hex": hex_id, "steps": 2} for uid, hex_id in units.items()}
    state.data.update(data)
    return state


def axis_units(count: int) -> list[str]:
    found = [uid for uid in GAME.setup(CHINA, 1).data["units"] if uid.startswith("j-")]
    return found[:count]


def vp(state, sv: int) -> dict:
    return seasonal.place_marker(state.data, TABLES.defaults, sv)


@pytest.mark.rule("0.1", "0.1.1", "0.1.2")
def test_the_seed_example_peking_and_nanking_give_plus_two_and_saigon_plus_three():
    first, second, third, fourth = axis_units(4)
    state = china({first: PEKING, second: NANKING, fourth: BATAVIA})  # the NEI counts for nobody
    state.data["vp_marker"] = {"box": 1, "face": "allied_crusade"}
    found = seasonal.strategic_value(state)
    assert (found["sv"], found["axis"]) == (2, 2)
    assert vp(state, found["sv"]) == {"box": 0, "face": "allied_crusade"}  # not flipped
    state.data["units"][third] = {"hex": SAIGON, "steps": 2}
    found = seasonal.strategic_value(state)
    assert found["sv"] == 3
    assert vp(state, found["sv"]) == {"box": 1, "face": "rising_sun"}


@pytest.mark.rule("0.1.1")
def test_an_axis_strategic_hex_of_an_allied_country_counts_for_the_allies():
    state = china({})
    assert seasonal.controller(state.data, BATAVIA, TABLES.defaults["supply"].sources) == "west"
    assert seasonal.strategic_value(state)["allied"] == 1  # Batavia, in the NEI
    state.data["strategic_warfare"] = ["military_requisition:west", "allied_collapse"]
    found = seasonal.strategic_value(state)
    assert (found["axis"], found["allied"], found["sv"]) == (1, 2, -1)


@pytest.mark.rule("0.1.1")
def test_the_esv_counts_for_the_axis_unless_the_west_holds_an_axis_strategic_hex_in_japan():
    west = next(uid for uid in GAME.setup(CHINA, 1).data["units"] if uid.startswith("n-"))
    state = china({}, esv=3)
    assert seasonal.strategic_value(state)["esv"] == 3
    state.data["units"][west] = {"hex": NAGASAKI, "steps": 1}
    assert seasonal.strategic_value(state)["esv"] == 0
    state.data["esv"] = -2
    state.data["units"] = {}
    assert seasonal.strategic_value(state)["esv"] == 0  # a negative ESV adds nothing


@pytest.mark.rule("0.1.2")
def test_a_strategic_value_of_zero_puts_the_allied_crusade_in_the_one_vp_box():
    state = china({})
    state.data["vp_marker"] = {"box": 0, "face": "rising_sun"}
    assert vp(state, 0) == {"box": 1, "face": "allied_crusade"}
    assert vp(state, 1) == {"box": 0, "face": "rising_sun"}


@pytest.mark.rule("0.1.2")
def test_the_imperial_rescript_caps_the_rising_sun():
    state = china({}, imperial_rescript=1)
    assert vp(state, 9) == {"box": 1, "face": "rising_sun"}
    assert vp(state, -9) == {"box": 3, "face": "allied_crusade"}  # the Allies are not capped
    state.data["imperial_rescript"] = None
    assert vp(state, 9) == {"box": 3, "face": "rising_sun"}


@pytest.mark.rule("0.2")
@pytest.mark.parametrize(
    ("marker", "war", "esv", "expected"),
    [
        ({"box": "automatic_victory", "face": "rising_sun"}, "total_war", 0,
         ("asia_domination", "axis")),
        ({"box": "automatic_victory", "face": "rising_sun"}, "limited_war", 0, None),
        ({"box": "automatic_victory", "face": "allied_crusade"}, "total_war", 0,
         ("asia_domination", "allies")),
        ({"box": 2, "face": "allied_crusade"}, "limited_war", 0, ("japan_surrenders", "allies")),
        ({"box": 3, "face": "allied_crusade"}, "limited_war", 0, ("japan_surrenders", "allies")),
        ({"box": 2, "face": "allied_crusade"}, "total_war", 0, None),
        ({"box": 1, "face": "allied_crusade"}, "limited_war", 0, None),
        ({"box": 1, "face": "allied_crusade"}, "prewar", 5, ("european_collapse", "axis")),
    ],
)  # fmt: skip
def test_automatic_victory(marker, war, esv, expected):
    data = {"vp_marker": marker, "war_state": war, "esv": esv}
    assert seasonal.automatic_victory(data, PLAY) == expected


def test_japan_surrenders_in_the_two_vp_box_only_when_the_table_reads_it_so():
    literal = TABLES.defaults["seasonal_play"].__class__(
        esv_term="if", japan_surrenders="box_only", european_collapse_esv=5, scenarios={}
    )
    data = {"vp_marker": {"box": 3, "face": "allied_crusade"}, "war_state": "limited_war", "esv": 0}
    assert seasonal.automatic_victory(data, literal) is None
    data["vp_marker"]["box"] = 2
    assert seasonal.automatic_victory(data, literal) == ("japan_surrenders", "allies")


@pytest.mark.rule("0.1", "0.2")
def test_the_vp_check_runs_at_the_start_of_a_seasonal_turn_and_can_end_the_game():
    state = clone(GAME.setup(CHINA, 1))  # Jul 1937: no VP check
    assert not any(event.key == "log.vp_check" for event in state.log)
    state.data["esv"] = 5
    state = end_turn(end_turn(state, "axis"), "west")
    state = end_turn(state, "soviet")  # Aug-Sep 1937, seasonal: the VP check
    keys = [event.key for event in state.log]
    assert "log.vp_check" in keys and "log.automatic_victory" in keys
    assert state.result is not None and state.result.winner == "axis"
    assert GAME.active(state) == []


@pytest.mark.rule("0.2")
def test_an_allied_automatic_victory_is_the_west_and_the_soviets_together():
    state = china({})
    found = seasonal.result_for(state, "allies")
    assert found is not None and (found.winner, found.allies) == ("west", ["soviet"])
    state = clone(GAME.setup("a1_august_storm", 1))
    found = seasonal.result_for(state, "allies")
    assert found is not None and (found.winner, found.allies) == ("soviet", [])


# -- 1.2 logistics and partisans, 1.3 replacements ------------------------------------------------

TOKYO, HSINKING, MUKDEN = "e4904", "w5326", "w5226"


def seasonal_phase(state, side: str, step: str = "start"):
    """``state`` with ``side``'s seasonal phase begun at ``step`` (run to its first decision)."""
    found = clone(state)
    found.stack.append(Frame("seasonal_phase", step, {"side": side}))
    g = GAME.context(found)
    run_automatic(g)
    g.finish()
    return found


def refused(state, side, text, rule):
    before = frozen(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, side, Action(text))
    assert frozen(state) == before


@pytest.mark.rule("1.2", "1.2.1")
def test_the_axis_places_one_logistics_marker_in_a_city_of_its_supplied_units():
    state = china({"j-kwantung-1": HSINKING, "j-home-1": TOKYO, "j-2nd-army": PEKING})
    state.data["logistics"] = {"logistics_kwantung": "pool", "logistics_ighq": "pool"}
    state = seasonal_phase(state, "axis")
    assert GAME.view(state, "axis")["prompt"]["key"] == "prompt.logistics"
    found = actions(state, "axis")
    assert f"logistics logistics_kwantung {HSINKING}" in found
    assert f"logistics logistics_ighq {TOKYO}" in found
    assert f"logistics logistics_kwantung {TOKYO}" not in found  # Manchuria or Korea only
    refused(state, "axis", f"logistics logistics_ighq {MUKDEN}", "1.2.1")  # no unit there
    state = act(state, "axis", f"logistics logistics_ighq {TOKYO}")
    assert state.data["logistics"]["logistics_ighq"] == TOKYO
    assert not any(
        text.startswith("logistics ") for text in actions(state, "axis")
    )  # one a segment


@pytest.mark.rule("1.2.1")
def test_a_logistics_marker_goes_in_no_hex_of_an_enemy_or_of_another_marker():
    state = china({"j-home-1": TOKYO, "n-29th-army": PEKING})
    state.data["logistics"] = {"logistics_ighq": "pool", "logistics_kwantung": TOKYO}
    reason = logistics.placement_refusal(state.data, TABLES.defaults, "logistics_ighq", TOKYO)
    assert reason.startswith("1.2.1: ") and "already holds" in reason
    reason = logistics.placement_refusal(state.data, TABLES.defaults, "logistics_ighq", PEKING)
    assert "enemy" in reason
    assert "no city" in logistics.placement_refusal(
        state.data, TABLES.defaults, "logistics_ighq", "w5025"
    )


@pytest.mark.rule("1.2.1")
def test_a_logistics_marker_picked_up_or_overrun_goes_to_the_delay_box():
    state = china({"j-home-1": TOKYO})
    state.data["logistics"] = {"logistics_ighq": TOKYO, "logistics_kwantung": PEKING}
    state = act(seasonal_phase(state, "axis"), "axis", "pick_up logistics_ighq")
    assert state.data["logistics"]["logistics_ighq"] == "delay"
    assert {"piece": "logistics_ighq", "side": "axis"} in state.data["delay_box"]
    data = state.data
    data["units"]["n-29th-army"] = {"hex": "w5124", "steps": 2}
    state_module.enter(data, "n-29th-army", PEKING)
    assert data["logistics"]["logistics_kwantung"] == "delay"


@pytest.mark.rule("1.2.2")
def test_an_allied_faction_places_partisan_bases_one_a_conquered_minor():
    state = china({"j-2nd-army": PEKING}, conquered=["hopeh"], partisan_pool={"soviet": 2})
    state = seasonal_phase(state, "soviet")
    found = [text for text in actions(state, "soviet") if text.startswith("partisan ")]
    assert found and all(board().hexes[text.split()[1]].country == "hopeh" for text in found)
    assert f"partisan {PEKING}" not in found  # an enemy unit there
    state = act(state, "soviet", found[0])
    assert state.data["partisans"] == {found[0].split()[1]: "soviet"}
    assert not any(text.startswith("partisan ") for text in actions(state, "soviet"))
    reason = logistics.partisan_refusal(state.data, TABLES.defaults, "west", found[-1], [])
    assert reason.startswith("1.2.2: ")  # the West has none; and Hopeh holds a Soviet base


@pytest.mark.rule("1.3", "1.3.1", "1.3.3", "1.3.4")
def test_the_current_card_gives_replacement_steps_taken_from_the_pool_to_a_home_city():
    state = china({"j-home-1": TOKYO}, current_card={"axis": "axis-2"}, pool=["j-2nd-army"])
    state = seasonal_phase(state, "axis", "replacements")
    assert GAME.view(state, "axis")["prompt"]["key"] == "prompt.replacements"
    assert actions(state, "axis") == ["replace j-2nd-army", "end"]
    state = act(state, "axis", "replace j-2nd-army")
    assert f"hex {TOKYO}" in actions(state, "axis") and f"hex {PEKING}" not in actions(
        state, "axis"
    )
    state = act(state, "axis", f"hex {TOKYO}")
    assert state.data["units"]["j-2nd-army"] == {"hex": TOKYO, "steps": 1}
    assert "j-2nd-army" not in state.data["pool"]
    assert any(e.key == "log.replacement" for e in state.log)


@pytest.mark.rule("1.3.3")
def test_steps_with_no_unit_to_take_are_lost_and_never_garrisons():
    state = china({"j-home-1": TOKYO}, current_card={"axis": "axis-13"}, pool=["j-2nd-army"])
    state = act(seasonal_phase(state, "axis", "replacements"), "axis", "replace j-2nd-army")
    state = act(state, "axis", f"hex {TOKYO}")
    lost = [e.params["steps"] for e in state.log if e.key == "log.replacements_lost"]
    assert lost == [2]  # three infantry steps, one unit in the pool
    assert not replacements.can_be_replacement("j-ncaa")  # an HQ
    garrison = next(u.id for u in forces().units.values() if u.type == "garrison")
    assert not replacements.can_be_replacement(garrison)


@pytest.mark.rule("1.3.2")
def test_hakko_ichiu_gives_the_seed_example_four_steps_two_of_them_one_armour_step():
    data = {
        "vp_marker": {"box": 1, "face": "rising_sun"},
        "hakko_ichiu": 3,
        "imperial_rescript": None,
    }
    assert replacements.marker_steps(data, "axis") == {"japan_marker|infantry": 4}
    data["vp_marker"]["face"] = "allied_crusade"
    assert replacements.marker_steps(data, "axis") == {}
    left = {"japan_marker|infantry": 4}
    assert replacements.cost({}, "j-armor-1", left) == {"japan_marker|infantry": 2}
    assert replacements.cost({}, "j-2nd-army", left) == {"japan_marker|infantry": 1}
    data = {"strategic_warfare": ["minor_production_2:west", "us_victory_plan"]}
    assert replacements.marker_steps(data, "west") == {"minor|any": 2, "usa|infantry": 1}


@pytest.mark.rule("1.3.3")
def test_an_airborne_or_marine_step_takes_two_infantry_steps():
    assert replacements.cost({}, "j-snlf-kure", {"japan|infantry": 1}) is None
    assert replacements.cost({}, "j-snlf-kure", {"japan|infantry": 2}) == {"japan|infantry": 2}
    assert replacements.cost({}, "j-2nd-army", {"japan|armor": 1}) == {"japan|armor": 1}
    assert replacements.cost({}, "j-armor-1", {"japan|infantry": 3}) is None


@pytest.mark.rule("1.3.4")
def test_kwantung_army_replacements_go_only_to_the_kwantung_logistics_marker():
    state = china({"j-kwantung-1": HSINKING})
    assert replacements.places(state, "j-kwantung-2") == []
    state.data["logistics"]["logistics_kwantung"] = HSINKING
    assert replacements.places(state, "j-kwantung-2") == [HSINKING]
    assert TOKYO in replacements.places(state, "j-2nd-army")


# -- 7.1 delay ------------------------------------------------------------------------------------


@pytest.mark.rule("7.1")
def test_the_worked_example_a_japanese_four_goes_three_turns_ahead():
    data = {"uscl": 1, "war_state": "total_war", "vp_marker": {"box": 1, "face": "rising_sun"},
            "strategic_warfare": ["war_production:axis"]}  # fmt: skip
    assert delay.delay_drm(TABLES.defaults, data, "axis") == -1  # +1, -1, -1
    assert delay.result(TABLES.defaults, 4, -1) == 3
    assert delay.result(TABLES.defaults, 1, -3) == 1  # below 1 counts as 1
    assert delay.result(TABLES.defaults, 6, 4) == 10  # no upper limit
    data["strategic_warfare"] = ["war_production:west"]  # another faction's marker
    assert delay.delay_drm(TABLES.defaults, data, "axis") == 0


@pytest.mark.rule("7.1")
def test_each_faction_rolls_with_its_own_list():
    data = {"uscl": 2, "war_state": "prewar", "vp_marker": {"box": 1, "face": "rising_sun"}}
    assert delay.delay_drm(TABLES.defaults, data, "axis") == 2  # per USCL level
    assert delay.delay_drm(TABLES.defaults, data, "west") == -1 + 1  # USCL 1+, Prewar
    data["soviet_european_war"] = True
    assert delay.delay_drm(TABLES.defaults, data, "soviet") == 2 + 1


@pytest.mark.rule("7.1", "7.2")
def test_the_delay_segment_puts_the_delay_box_on_the_turn_track_and_counters_come_back():
    state = china({"j-home-1": TOKYO})
    state.data["logistics"] = {"logistics_ighq": "delay", "logistics_kwantung": "delay"}
    state.data["delay_box"] = [{"piece": "logistics_ighq", "side": "axis"}]
    state.data["arrivals"] = [{"piece": "logistics_kwantung", "side": "axis", "turn": 2}]
    while state.data["turn"] == 1:  # every faction ends each of its phases
        state = act(state, GAME.active(state)[0], "end")
    assert state.data["turn"] == 2 and state.data["delay_box"] == []
    rolled = [e for e in state.log if e.key == "log.roll" and e.params["reason"] == "delay"]
    (arrival,) = state.data["arrivals"]
    assert arrival["piece"] == "logistics_ighq" and arrival["turn"] == 1 + rolled[0].params["value"]
    assert state.data["logistics"]["logistics_kwantung"] == "pool"
    assert any(e.key == "log.arrived" for e in state.log)


# -- random play through the seasonal phase -------------------------------------------------------


def seasonal_overlay() -> dict:
    """August Storm with logistics markers in both pools and Hakko Ichiu on the VP track under a
    Rising Sun, so that random play meets the logistics and replacement decisions."""
    play = msgspec.to_builtins(PLAY)
    play["scenarios"]["a1_august_storm"].update(
        logistics=["logistics_kwantung", "logistics_soviet"],
        vp_box=1,
        vp_face="rising_sun",
        hakko_ichiu=1,
        strategic_warfare=["allied_collapse"] * 3,  # a strategic value of +3: the Rising Sun
    )
    return {"game": "dai-senso", "name": "seasonal", "tables": {"seasonal_play": play}}


@pytest.mark.rule("1.2.1", "1.3.2")
def test_random_play_through_logistics_and_replacements_reaches_a_result(tmp_path):
    options = {"rules_overlay": seasonal_overlay()}
    state = GAME.setup("a1_august_storm", 3, options)
    assert GAME.view(state, "axis")["prompt"]["key"] == "prompt.logistics"
    config = FuzzConfig(games=1, seed=5, scenario="a1_august_storm", out_dir=tmp_path,
                        check_every=5, options=options)  # fmt: skip
    summary = fuzz("dai-senso", config, REGISTRY.game, lambda outcome: None)
    assert [o.failure for o in summary.failures] == []
    assert all(o.result for o in summary.outcomes)


@pytest.mark.rule("0.1.2")
def test_the_tracks_panel_shows_the_vp_marker_war_state_esv_and_uscl_and_the_map_the_markers():
    state = china({"j-home-1": TOKYO})
    state.data["logistics"] = {"logistics_ighq": TOKYO, "logistics_kwantung": "pool"}
    state.data["partisans"] = {PEKING: "soviet"}
    board_ = GAME.view(state, "west")["board"]
    tracks = board_["tracks"]
    assert (tracks["vp_marker_box"], tracks["vp_marker_face"]) == (1, "allied_crusade")
    assert (tracks["pacific_war_state"], tracks["current_esv"], tracks["pacific_uscl"]) == (
        "limited_war", 0, 0)  # fmt: skip
    for key in ("vp_marker_box", "vp_marker_face", "pacific_war_state", "current_esv"):
        for lang in ("en", "ja"):
            assert GAME.catalog.lookup(f"track.{key}", lang), key
            if isinstance(tracks[key], str):
                assert GAME.catalog.lookup(f"track_value.{tracks[key]}", lang), tracks[key]
    marks = [(m["hex"], m["kind"], m["side"]) for m in board_["marks"]]
    assert (TOKYO, "logistics", "axis") in marks and (PEKING, "partisan", "soviet") in marks
    assert GAME.catalog.lookup("token.partisan", "ja") and GAME.catalog.lookup(
        "token.logistics", "en"
    )


@pytest.mark.rule("0.3")
def test_the_final_vp_check_scores_the_boxes_and_a_tie_goes_to_the_axis():
    first, second, third, fourth = axis_units(4)
    state = china({first: PEKING, second: NANKING, third: SAIGON, fourth: BATAVIA})  # +3
    found = seasonal.final_vp_result(state)
    assert (found.winner, found.scores["axis"], found.scores["west"]) == ("axis", 1, 0)
    state = china({}, imperial_rescript=2)  # Batavia: -1, the Allied Crusade in the 1-VP box
    found = seasonal.final_vp_result(state)
    assert (found.winner, found.scores["axis"], found.scores["west"]) == ("axis", 2, 1)
    state.data["imperial_rescript"] = None
    found = seasonal.final_vp_result(state)
    assert (found.winner, found.allies) == ("west", ["soviet"])
    assert (
        seasonal.final_result(state).kind == "won_jointly"
    )  # a training scenario: 0.3's objectives


@pytest.mark.rule("1.1")
def test_the_option_card_segment_passes_through_where_no_cards_are_dealt():
    skipped = [e for e in GAME.setup("a1_august_storm", 1).log if e.key == "log.phase_skipped"]
    assert [e.params["phase"] for e in skipped] == ["option_cards"]


@pytest.mark.rule("1.3.3", "1.3.4")
def test_any_segment_may_grant_steps_taken_the_same_way():
    """An event's replacements (received only in the turn they occur) use the same procedure."""
    state = clone(china({"j-home-1": TOKYO}, pool=["j-2nd-army"]))
    state.stack.append(
        Frame("take_replacements", "start", {"side": "axis", "left": {"japan|infantry": 1}})
    )
    g = GAME.context(state)
    run_automatic(g)
    g.finish()
    assert actions(state, "axis") == ["replace j-2nd-army", "end"]
    state = act(state, "axis", "end")
    assert [e.params["steps"] for e in state.log if e.key == "log.replacements_lost"] == [1]
