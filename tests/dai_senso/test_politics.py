"""Dai Senso!'s politics: countries' status, alignment and posture (13.3-13.6), the war state
and what it forbids (12), the political event segment (2.1) with its DRM (1.1.2) and the
principles of reading events, declarations of war and truces (6.1), conditional events (6.2,
16). The campaigns play politics; the tests play it in The China Incident by a rules overlay
that names it in the ``politics`` table (the campaigns are not playable yet)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import msgspec
import pytest

from wargame.engine.action import Action
from wargame.engine.errors import DataError, IllegalAction
from wargame.engine.procedure import run_automatic
from wargame.engine.state import Frame, State, clone
from wargame.games import REGISTRY
from wargame.games.dai_senso import countries, final_admin, option_cards, politics, war_states
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import TABLES

pytestmark = pytest.mark.game("dai-senso")

GAME = REGISTRY.game("dai-senso")
SCENARIO = "a2_china_incident"
PEKING, TOKYO, SEOUL, HONG_KONG = "w5123", "e4904", "w5027", "w4222"
TIBET = board().countries["tibet"][0]


def overlay(war_state: str = "limited_war", scenario: str = SCENARIO) -> dict[str, Any]:
    """A rules overlay under which ``scenario`` plays politics from ``war_state`` (the seasonal
    tracks' start, table ``seasonal_play``)."""
    found = msgspec.to_builtins(TABLES.defaults["politics"])
    found["scenarios"].append(scenario)
    seasonal = msgspec.to_builtins(TABLES.defaults["seasonal_play"])
    start = seasonal["scenarios"].setdefault(scenario, dict(seasonal["scenarios"]["default"]))
    start.update(war_state=war_state, uscl=0)
    tables = {"politics": found, "seasonal_play": seasonal}
    return {"game": "dai-senso", "name": "politics", "tables": tables}


def political(
    war_state: str = "limited_war", card: str | None = None, scenario: str = SCENARIO
) -> State:
    """``scenario`` (The China Incident) playing politics from ``war_state``; with ``card``, the
    Axis's current card, its sequence of play restarted so that the first political event
    segment reads it."""
    state = GAME.setup(scenario, 5, {"rules_overlay": overlay(war_state, scenario)})
    if card is None:
        return state
    found = clone(state)
    found.data["current_card"] = {"axis": card}
    found.stack[:] = [Frame("game", "start", {})]
    g = GAME.context(found)
    run_automatic(g)
    g.finish()
    return found


def texts(state: State, side: str) -> list[str]:
    return [action.text for action in GAME.legal_actions(state, side)]


def to_decision(state: State, side: str, verb: str, limit: int = 400) -> State:
    """Ends every other decision until ``side`` is offered an action with ``verb``."""
    for _ in range(limit):
        waiting = GAME.active(state)
        if not waiting:
            break
        found = texts(state, waiting[0])
        if waiting[0] == side and any(text.split()[0] == verb for text in found):
            return state
        pick = next((t for t in found if t in ("end", "stop", "none", "decline")), found[0])
        state = GAME.apply(state, waiting[0], Action(pick))
    raise AssertionError(f"{side} never offered {verb}")


def logged(state: State, key: str) -> list[dict[str, Any]]:
    return [event.params for event in state.log if event.key == key]


def unit_of(state: State, nationality: str) -> str:
    from wargame.games.dai_senso.forces import forces

    return next(uid for uid in state.data["units"]
                if forces().units[uid].nationality == nationality)  # fmt: skip


def ground_unit(nationality: str) -> str:
    """A ground unit of ``nationality`` in the game's forces, on the map or not."""
    from wargame.games.dai_senso.forces import forces

    return next(unit.id for unit in forces().units.values()
                if unit.nationality == nationality and forces().is_ground(unit))  # fmt: skip


# -- 2.1: which scenarios play politics ---------------------------------------------------------


@pytest.mark.rule("2.1")
def test_training_scenarios_play_no_politics_and_pass_through_its_phases():
    state = GAME.setup(SCENARIO, 5, {})
    assert "politics" not in state.data
    off = {params["phase"] for params in logged(state, "log.phase_off")}
    assert "political_event" in off


@pytest.mark.rule("2.1")
@pytest.mark.rule("13.4")
def test_the_campaigns_set_up_every_country_of_the_politics_table():
    table = TABLES.defaults["politics"]
    assert set(table.scenarios) == {"c1_1937", "b1_war_of_resistance"}
    assert countries.check(table) == []
    data = countries.initial_data("c1_1937", TABLES.defaults)
    assert "war_state" not in data and "uscl" not in data  # the seasonal tracks' (seasonal_play)
    assert data["countries"]["hopeh"]["posture"] == "war"
    assert data["countries"]["russia"]["posture"] == "policy"
    assert countries.initial_data(SCENARIO, TABLES.defaults) == {}


@pytest.mark.rule("13.7.4")
@pytest.mark.rule("2.1")
def test_war_of_resistance_plays_politics_with_its_own_countries_and_the_seasonal_war_state():
    state = GAME.setup("b1_war_of_resistance", 5, {})
    assert countries.plays(state.data)
    campaign = TABLES.defaults["campaign_scenarios"]["b1_war_of_resistance"]
    assert set(state.data["countries"]) == set(campaign.countries)
    assert state.data["countries"]["russia"]["posture"] == "war"  # not the politics table's
    assert state.data["war_state"] == "limited_war" and state.data["uscl"] == 0
    tracks = GAME.view(state, "west")["board"]["tracks"]
    assert (tracks["war_status"], tracks["politics"]) == ("limited_war", "played")


@pytest.mark.rule("1.1.2")
def test_an_option_card_selects_among_the_countries_of_the_political_display():
    state = GAME.setup("b1_war_of_resistance", 5, {})
    assert option_cards.candidates(state.data, "country") == sorted(state.data["countries"])
    chinese = option_cards.candidates(state.data, "chinese_country")
    assert chinese and set(chinese) <= set(countries.CHINESE)
    training = GAME.setup(SCENARIO, 5, {}).data  # no politics: the map's minors
    assert "tibet" in option_cards.candidates(training, "country")


@pytest.mark.rule("16.1.1")
@pytest.mark.rule("1.2.2")
def test_the_conquered_minors_are_the_countries_status_where_politics_is_played():
    data = political().data
    assert "conquered" not in data and countries.conquered(data) == []
    data["conquered"] = ["hopeh"]
    countries.join_conquered(data)
    assert "conquered" not in data and countries.conquered(data) == ["hopeh"]
    assert data["countries"]["hopeh"]["status"] == "conquered"
    training = GAME.setup(SCENARIO, 5, {}).data
    training["conquered"] = ["hopeh"]
    countries.join_conquered(training)  # no politics: the seasonal list stays the record
    assert countries.conquered(training) == ["hopeh"]


# -- 13.3-13.6: countries ------------------------------------------------------------------------


@pytest.mark.rule("13.4")
@pytest.mark.rule("13.2.1")
def test_a_major_power_is_always_active():
    data = political().data
    assert countries.set_status(data, "japan", "neutral") is False
    assert countries.status(data, "japan") == "active"
    assert countries.set_status(data, "tibet", "active") is True


@pytest.mark.rule("13.2")
@pytest.mark.rule("13.3")
@pytest.mark.rule("13.3.1")
@pytest.mark.rule("13.3.2")
def test_a_dependent_belongs_to_its_country_and_a_ceded_region_to_japan():
    data = political().data
    assert countries.sovereign(data, "papua") == "britain"
    assert countries.sovereign(data, "korea") == "japan"
    assert countries.sovereign(data, "inner_mongolia") == "hopeh"
    data["politics"]["ceded"]["inner_mongolia"] = "japan"
    assert countries.sovereign(data, "inner_mongolia") == "japan"
    assert not countries.is_country("papua")


@pytest.mark.rule("13.5")
@pytest.mark.rule("13.6")
def test_a_posture_extends_to_the_dependents_and_alignment_is_kept():
    data = political().data
    assert countries.posture(data, "malaya") == "policy"
    assert countries.posture(data, "hopeh") == "war"
    assert countries.alignment(data, "kansu") == "soviet"
    assert countries.selectable(data, "chinese_country") == sorted(
        c for c in countries.CHINESE if c in data["countries"]
    )


@pytest.mark.rule("13.6.1")
def test_no_unit_of_another_faction_enters_a_country_under_policy():
    data = political().data
    japanese = unit_of(political(), "japan")
    reason = war_states.entry_refusal(data, japanese, HONG_KONG)
    assert reason.startswith("13.6.1:")
    assert war_states.entry_refusal(data, japanese, PEKING) == ""
    assert war_states.entry_refusal(data, japanese, HONG_KONG, doing="attack").startswith("13.6.1")


@pytest.mark.rule("13.6.2")
def test_no_unit_of_another_faction_enters_a_country_under_truce():
    data = political().data
    data["countries"]["hopeh"]["posture"] = "truce"
    japanese = unit_of(political(), "japan")
    assert war_states.entry_refusal(data, japanese, PEKING).startswith("13.6.2:")


@pytest.mark.rule("13.4")
def test_no_unit_enters_a_neutral_country():
    state = political()
    for nationality in ("japan", "kmt"):
        reason = war_states.entry_refusal(state.data, unit_of(state, nationality), TIBET)
        assert reason.startswith("13.4:")


# -- 12: war states ------------------------------------------------------------------------------


@pytest.mark.rule("12.1")
def test_in_prewar_no_unit_moves_or_attacks_outside_its_own_country():
    state = political("prewar")
    japanese = unit_of(state, "japan")
    assert war_states.entry_refusal(state.data, japanese, PEKING).startswith("12.1:")
    assert war_states.entry_refusal(state.data, japanese, SEOUL) == ""  # a Japanese dependent
    assert war_states.entry_refusal(state.data, japanese, TOKYO) == ""
    attack = war_states.entry_refusal(state.data, japanese, PEKING, doing="attack")
    assert attack.startswith("12.1:")


@pytest.mark.rule("12.1")
def test_prewar_limits_the_moves_offered():
    state = political("prewar")
    state = to_decision(state, "axis", "move")
    found = texts(state, "axis")
    japanese = [text for text in found if text.startswith("move ")]
    assert japanese
    unit = japanese[0].split()[1]
    moving = GAME.apply(state, "axis", Action(japanese[0]))
    home = countries.home_of(moving.data, unit)
    for text in texts(moving, "axis"):
        if text.startswith("hex "):
            assert countries.country_of_hex(moving.data, text.split()[1]) in home


@pytest.mark.rule("12.2")
def test_allied_declarations_of_war_are_barred_in_limited_war():
    data = political().data
    assert war_states.declaration_refusal(data, "west", "siam").startswith("12.2:")
    assert war_states.declaration_refusal(data, "axis", "siam").startswith("6.1.1:")
    assert war_states.declaration_refusal(data, "axis", "tibet") == ""


@pytest.mark.rule("6.1.1")
@pytest.mark.rule("12.3")
def test_declaring_war_on_britain_begins_total_war_and_removes_the_policies():
    state = to_decision(political(), "axis", "war")
    assert "war britain" in texts(state, "axis")
    with pytest.raises(IllegalAction, match=r"6\.1\.1: kiangsu is already at war"):
        GAME.apply(state, "axis", Action("war kiangsu"))
    after = GAME.apply(state, "axis", Action("war britain"))
    assert after.data["war_state"] == "total_war"
    assert after.data["countries"]["britain"]["posture"] == "war"
    assert after.data["postures"]["usa"] == "war"  # 12.3: Policy markers removed
    assert any(p["state"] == "total_war" for p in logged(after, "log.war_state"))


@pytest.mark.rule("6.1.1")
@pytest.mark.rule("12.2")
def test_declaring_war_on_a_neutral_makes_it_active_at_war():
    state = to_decision(political("prewar"), "axis", "war")
    after = GAME.apply(state, "axis", Action("war tibet"))
    tibet = after.data["countries"]["tibet"]
    assert (tibet["status"], tibet["posture"], tibet["alignment"]) == ("active", "war", "west")
    assert after.data["war_state"] == "limited_war"  # an Allied country at War


@pytest.mark.rule("6.1.1")
def test_the_allies_never_declare_war_on_each_other():
    data = political("total_war").data
    reason = war_states.declaration_refusal(data, "west", "mongolia")
    assert reason.startswith("6.1.1: the West and the Soviets")
    assert war_states.declaration_refusal(data, "west", "siam") == ""


@pytest.mark.rule("6.1.2")
def test_a_truce_counts_down_in_its_faction_turn_and_ends_in_war():
    state = political()
    g = GAME.context(clone(state))
    g.data["countries"]["russia"]["posture"] = "truce"
    g.data["politics"]["truces"]["russia"] = 2
    final_admin.reduce_truces(g, "axis")
    assert g.data["politics"]["truces"]["russia"] == 2
    final_admin.reduce_truces(g, "soviet")
    assert g.data["politics"]["truces"]["russia"] == 1
    final_admin.reduce_truces(g, "soviet")
    assert "russia" not in g.data["politics"]["truces"]
    assert g.data["countries"]["russia"]["posture"] == "war"
    assert g.data["war_state"] == "total_war"  # an Allied major at War (12.3)


# -- 1.1.2, 2.1: the political event segment ---------------------------------------------------


@pytest.mark.rule("1.1.2")
def test_the_political_drm_counts_the_selected_countrys_marker_on_its_tables_only():
    state = political()
    state.data["vp_marker"] = {"box": 0, "face": "allied_crusade"}  # the seasonal phase's: no DRM
    state.data["country_markers"]["hopeh"] = "influence_axis"
    assert politics.political_drm(state, "current_card_treaty", "hopeh") == 1
    assert politics.political_drm(state, "diplomatic_incident", "hopeh") == 1
    assert politics.political_drm(state, "colonialism", "hopeh") == 0  # the seed's example
    state.data["vp_marker"] = {"box": 2, "face": "allied_crusade"}
    state.data["uscl"] = 1
    assert politics.political_drm(state, "colonialism", None) == -2 - 1


@pytest.mark.rule("2.1")
def test_the_segment_selects_a_country_and_plays_the_cards_event():
    state = to_decision(political(card="axis-7"), "axis", "select")
    assert "select hopeh" in texts(state, "axis")
    assert "select britain" not in texts(state, "axis")  # a Chinese country only
    after = GAME.apply(state, "axis", Action("select hopeh"))
    assert after.data["politics"]["ceded"] == {"inner_mongolia": "japan"}
    assert logged(after, "log.ceded") == [{"region": "inner_mongolia", "country": "hopeh"}]


@pytest.mark.rule("2.1")
def test_a_red_bordered_action_waits_for_a_seasonal_turn():
    state = political(card="axis-1")  # China Incident, seasonal only; July is not seasonal
    assert logged(state, "log.no_card_actions")[0]["segment"] == "political_event"
    assert state.data["countries"]["hopeh"]["posture"] == "war"


@pytest.mark.rule("2.1")
def test_table_rolls_chain_to_a_final_result_with_the_political_drm():
    state = political()
    g = GAME.context(clone(state))
    politics.roll_on_table(g, "axis", "current_card_treaty", "hopeh")
    rolls = logged(g.state, "log.table_roll")
    assert rolls and rolls[0]["table"] == "current_card_treaty"
    printed = TABLES.defaults["event_tables"]
    for first, second in pairwise(rolls):
        assert printed[first["table"]].rows[str(first["result"])] == f"table:{second['table']}"
    assert not printed[rolls[-1]["table"]].rows[str(rolls[-1]["result"])].startswith("table:")


# -- the principles of reading, in apply_event ------------------------------------------------


@pytest.mark.rule("2.1")
def test_an_impossible_event_has_no_effect():
    g = GAME.context(clone(political()))
    before = msgspec.json.encode([g.data["countries"], g.data["country_markers"]])
    politics.apply_event(g, "axis", "influence_axis", None)  # no country selected
    politics.apply_event(g, "axis", "country_joins_axis", "japan")  # not a neutral minor
    assert msgspec.json.encode([g.data["countries"], g.data["country_markers"]]) == before
    assert [p["event"] for p in logged(g.state, "log.event_impossible")] == [
        "influence_axis", "country_joins_axis",
    ]  # fmt: skip


@pytest.mark.rule("6.2")
@pytest.mark.parametrize("ceded", [0, 6])
def test_an_unlisted_failure_is_no_event(ceded: int):
    """The seed's Oil Embargo example: Military Aid on a roll at most the Japanese markers in
    the Ceded Lands box, nothing on a higher roll."""
    g = GAME.context(clone(political()))
    g.data["politics"]["ceded"] = {f"region{n}": "japan" for n in range(ceded)}
    politics.apply_event(g, "axis", "oil_embargo", None)
    if ceded == 0:
        assert logged(g.state, "log.no_event")
        assert not logged(g.state, "log.event_not_played")
    else:  # Military Aid applied: the Axis picks its reduced unit, or has none (14.1, aid.py)
        impossible = logged(g.state, "log.event_impossible")
        assert not logged(g.state, "log.no_event")
        assert g.frame.name == "military_aid" or impossible[-1]["event"] == "military_aid"


@pytest.mark.rule("2.1")
def test_an_event_places_and_removes_influence_and_a_neutral_joins():
    g = GAME.context(clone(political()))
    politics.apply_event(g, "axis", "influence_axis", "siam")
    assert g.data["country_markers"]["siam"] == "influence_axis"
    politics.apply_event(g, "west", "successful_protest", "siam")
    assert "siam" not in g.data["country_markers"]
    politics.apply_event(g, "axis", "country_joins_axis", "siam")
    assert g.data["countries"]["siam"]["status"] == "active"
    politics.apply_event(g, "axis", "none", None)
    assert logged(g.state, "log.no_event")


# -- 6.2, 16: conditional events ------------------------------------------------------------------


@pytest.mark.rule("16.1")
@pytest.mark.rule("16.1.1")
@pytest.mark.rule("16.3")
@pytest.mark.rule("16.3.1")
def test_an_allied_minor_with_only_axis_units_is_conquered_and_reactivated_later():
    g = GAME.context(clone(political()))
    japanese, chinese = unit_of(g.state, "japan"), unit_of(g.state, "kmt")
    hopeh = set(board().countries["hopeh"])
    g.data["units"] = {
        uid: record for uid, record in g.data["units"].items() if record["hex"] not in hopeh
    }
    g.data["units"].pop(chinese, None)
    g.data["units"][japanese] = {"hex": PEKING, "steps": 1}
    final_admin.permanent_events(g, "axis")
    assert g.data["countries"]["hopeh"]["status"] == "conquered"
    del g.data["units"][japanese]
    g.data["units"][chinese] = {"hex": PEKING, "steps": 1}
    final_admin.permanent_events(g, "west")
    assert g.data["countries"]["hopeh"]["status"] == "active"


@pytest.mark.rule("16.5")
@pytest.mark.rule("16.5.1")
def test_the_soviets_reactivate_a_conquered_minor_under_their_alignment():
    g = GAME.context(clone(political()))
    g.data["countries"]["hopeh"]["status"] = "conquered"
    communist = unit_of(g.state, "ccp")
    g.data["units"] = {communist: {"hex": PEKING, "steps": 1}}
    final_admin.permanent_events(g, "soviet")
    assert g.data["countries"]["hopeh"]["alignment"] == "soviet"


@pytest.mark.rule("6.1")
@pytest.mark.rule("6.2")
def test_a_political_game_plays_to_its_result_with_random_play():
    import random

    state = political()
    rng = random.Random(3)
    for _ in range(4000):
        waiting = GAME.active(state)
        if not waiting:
            break
        found = GAME.legal_actions(state, waiting[0])
        state = GAME.apply(state, waiting[0], rng.choice(found))
    assert state.result is not None


def at_final_administration(state: State, side: str) -> State:
    """Ends every decision until ``side``'s declarations of war (6.1.1) wait."""
    for _ in range(600):
        waiting = GAME.active(state)
        if waiting == [side] and state.data["phase"] == "final_administrative":
            return state
        found = texts(state, waiting[0])
        pick = next((t for t in found if t in ("end", "stop", "none", "decline")), found[0])
        state = GAME.apply(state, waiting[0], Action(pick))
    raise AssertionError(f"{side}'s final administrative phase never came")


@pytest.mark.rule("16.2")
@pytest.mark.rule("6.2")
def test_the_axis_cards_conditional_event_runs_in_its_conditional_event_segment():
    state = at_final_administration(political(), "axis")
    state = clone(state)
    state.data["current_card"] = {"axis": "axis-17"}  # Oil Embargo, no ceded region: no event
    after = GAME.apply(state, "axis", Action("end"))
    new = after.log[len(state.log) :]
    assert [e.params["reason"] for e in new if e.key == "log.roll"] == ["event"]
    assert any(e.key == "log.no_event" for e in new)


def played_until(state: State, done: Callable[[State], bool]) -> State:
    """Ends every decision until ``done`` holds."""
    for _ in range(600):
        if done(state):
            return state
        waiting = GAME.active(state)
        found = texts(state, waiting[0])
        pick = next((t for t in found if t in ("end", "stop", "none", "decline")), found[0])
        state = GAME.apply(state, waiting[0], Action(pick))
    raise AssertionError("the position never came")


def rolled(side: str) -> Callable[[State], bool]:
    return lambda state: any(p["side"] == side for p in logged(state, "log.table_roll"))


@pytest.mark.rule("16.4")
@pytest.mark.rule("16.3.9")
@pytest.mark.rule("16.6")
@pytest.mark.rule("16.5.6")
@pytest.mark.rule("12.2")
def test_aid_to_the_kmt_and_ccp_roll_on_the_aid_to_china_table_in_their_segments():
    state = clone(political())
    state.data["current_card"] = {"west": "west-39", "soviet": "soviet-14"}
    west = played_until(state, rolled("west"))
    rolls = [(p["side"], p["table"]) for p in logged(west, "log.table_roll")]
    assert rolls == [("west", "aid_to_china")]
    assert not logged(west, "log.war_declared")  # 12.2: the West was not even asked
    soviet = played_until(west, rolled("soviet"))
    rolls = [(p["side"], p["table"]) for p in logged(soviet, "log.table_roll")]
    assert rolls[-1] == ("soviet", "aid_to_china")


@pytest.mark.rule("12.1")
def test_no_support_unit_is_placed_in_prewar():
    assert war_states.support_refusal(political("prewar").data).startswith("12.1:")
    assert war_states.support_refusal(political().data) == ""
    assert war_states.support_refusal(GAME.setup(SCENARIO, 5, {}).data) == ""


@pytest.mark.rule("12.2")
@pytest.mark.rule("2.1")
@pytest.mark.rule("13.5")
def test_the_political_display_shows_the_war_state_the_uscl_and_the_countries():
    tracks = GAME.view(political(), "axis")["board"]["tracks"]
    assert (tracks["war_status"], tracks["politics"], tracks["pacific_uscl"]) == (
        "limited_war",
        "played",
        0,
    )
    assert tracks["country_hopeh"] == "west_active_war"
    assert tracks["country_tibet"] == "west_neutral_policy"
    rows = (("track", "country_hopeh"), ("track_value", "west_active_war"))
    shown = [GAME.catalog.name(ns, key, lang) for lang in ("en", "ja") for ns, key in rows]
    assert shown == ["Hopeh", "West: active, War", "河北省", "西側: 能動的、交戦"]
    training = GAME.view(GAME.setup(SCENARIO, 5, {}), "axis")["board"]["tracks"]
    assert training["war_status"] == "not_played"
    assert not any(key.startswith("country_") for key in training)


@pytest.mark.rule("13.6.1")
def test_no_zone_of_control_reaches_into_or_out_of_a_country_under_policy():
    state = political()
    british, japanese = ground_unit("britain"), unit_of(state, "japan")
    near = next(h for h in board().neighbours(HONG_KONG) if not board().hexes[h].sea
                and countries.country_of_hex(state.data, h) != "britain")  # fmt: skip
    data = state.data
    data["units"] = {british: {"hex": HONG_KONG, "steps": 1}, japanese: {"hex": near, "steps": 1}}
    from wargame.games.dai_senso import state as position

    assert not position.in_enemy_zoc(data, near, "axis")
    assert not position.in_enemy_zoc(data, HONG_KONG, "west")
    data["countries"]["britain"]["posture"] = "war"
    assert position.in_enemy_zoc(data, near, "axis")


@pytest.mark.rule("6.1.1")
def test_the_bots_order_ending_the_declarations_before_declaring_war():
    state = to_decision(political(), "axis", "war")
    ordered = GAME.order_actions(state, "axis", GAME.legal_actions(state, "axis"))
    assert ordered[0].text == "end"


@pytest.mark.rule("15.29")
def test_operation_z_places_an_snlf_beachhead_that_stays_its_turn_and_enables_blitz():
    state = political(card="axis-21", scenario="a3_tora_tora_tora")  # Operation Z
    state = to_decision(state, "axis", "snlf")  # past the Reserves' replacement (14.39)
    offered = texts(state, "axis")
    assert offered[-1] == "end" and all(t.startswith("snlf ") for t in offered[:-1])
    sea = offered[0].split()[1]
    aimed = GAME.apply(state, "axis", Action(offered[0]))
    toward = texts(aimed, "axis")[0]
    assert toward.startswith("toward ")
    placed = GAME.apply(aimed, "axis", Action(toward))
    record = placed.data["beachheads"][sea]
    assert (record["side"], record["level"]) == ("axis", 0)
    assert [p["hex"] for p in logged(placed, "log.snlf_placed")] == [sea]
    assert not any(p["hex"] == sea for p in logged(placed, "log.beachhead_removed"))
    from wargame.games.dai_senso import blitz

    japanese = unit_of(placed, "japan")
    placed.data["units"][japanese]["hex"] = sea
    assert blitz.blitz_enabled(placed.data, japanese, 0)


@pytest.mark.rule("15.37")
def test_a_large_scale_attack_places_two_and_none_without_naval_play():
    state = political(card="axis-22", scenario="a3_tora_tora_tora")
    state = to_decision(state, "axis", "snlf")  # past the Reserves' replacement (14.39)
    first = texts(state, "axis")[0]
    state = GAME.apply(state, "axis", Action(first))
    state = GAME.apply(state, "axis", Action(texts(state, "axis")[0]))
    assert any(t.startswith("snlf ") for t in texts(state, "axis"))  # the second one
    china = political(card="axis-22")  # The China Incident: no naval play
    assert [p["event"] for p in logged(china, "log.event_impossible")] == ["large_scale_attack"]


@pytest.mark.rule("13.2")
def test_an_overlay_naming_no_country_is_refused_in_one_line():
    bad = overlay()
    bad["tables"]["politics"]["countries"]["papua"] = {
        "status": "active", "alignment": "west", "posture": "war",
    }  # fmt: skip
    with pytest.raises(DataError, match="table politics: papua is no country"):
        GAME.setup(SCENARIO, 5, {"rules_overlay": bad})


@pytest.mark.rule("13.6.1")
def test_no_supply_line_enters_a_country_of_another_faction_under_policy():
    from wargame.games.dai_senso import supply

    data = political().data
    closed = supply.closed_to(data, "axis")
    assert HONG_KONG in closed and PEKING not in closed
    assert HONG_KONG not in supply.closed_to(data, "west")  # its own faction's Policy
    assert supply.closed_to(GAME.setup(SCENARIO, 5, {}).data, "axis") == frozenset()
    table = msgspec.convert(
        {"trace_hexes": 1, "sources": {"axis": ["hong_kong"], "west": [], "soviet": []}},
        type(TABLES.defaults["supply"]),
    )
    near = next(h for h in board().neighbours(HONG_KONG) if not board().hexes[h].sea
                and countries.country_of_hex(data, h) != "britain")  # fmt: skip
    held = {near: "axis"}
    assert supply.traces_supply(table, held, near, "axis")  # a source next door
    assert not supply.traces_supply(table, held, near, "axis", closed=closed)  # under Policy


@pytest.mark.rule("2.1")
def test_every_political_log_line_reads_in_english_and_japanese():
    g = GAME.context(clone(political(card="axis-7")))
    politics.roll_on_table(g, "axis", "current_card_treaty", "hopeh")
    for event, country in (
        ("influence_axis", None), ("oil_embargo", None), ("uscl_increase", None),
        ("armistice", "kiangsu"), ("country_joins_axis", "siam"), ("influence_west", "siam"),
        ("country_resists", "siam"), ("china_incident", None), ("gekokujo", None),
        ("ceded_territory", "kiangsu"), ("declaration_of_war", "britain"),
        ("free_passage", "tibet"),
    ):  # fmt: skip
        politics.apply_event(g, "axis", event, country)
    final_admin.reduce_truces(g, "west")
    keys = {event.key for event in g.state.log}
    assert {"log.table_roll", "log.war_state", "log.policy_removed", "log.ceded"} <= keys
    for event in g.state.log:
        for lang in ("en", "ja"):
            shown = GAME.catalog.render(event.key, event.params, lang)
            assert shown and "{" not in shown and event.key not in shown, (event.key, lang)


@pytest.mark.rule("2.1")
@pytest.mark.rule("13.4")
def test_free_passage_lets_a_faction_enter_but_not_attack_a_neutral():
    g = GAME.context(clone(political()))
    japanese = unit_of(g.state, "japan")
    assert war_states.entry_refusal(g.data, japanese, TIBET).startswith("13.4:")
    politics.apply_event(g, "axis", "free_passage", "tibet")
    assert war_states.entry_refusal(g.data, japanese, TIBET) == ""
    assert war_states.entry_refusal(g.data, japanese, TIBET, doing="attack").startswith("13.4:")
    chinese = unit_of(g.state, "kmt")
    assert war_states.entry_refusal(g.data, chinese, TIBET).startswith("13.4:")
    politics.apply_event(g, "axis", "free_passage", "tibet")  # granted already: no effect
    assert [p["event"] for p in logged(g.state, "log.event_impossible")] == ["free_passage"]


@pytest.mark.rule("2.1")
@pytest.mark.rule("13.4")
def test_a_regime_change_makes_a_conquered_minor_an_active_axis_one():
    g = GAME.context(clone(political()))
    politics.apply_event(g, "axis", "regime_change", "hopeh")  # not conquered: no effect
    assert g.data["countries"]["hopeh"]["alignment"] == "west"
    g.data["countries"]["hopeh"]["status"] = "conquered"
    politics.apply_event(g, "axis", "regime_change", "hopeh")
    hopeh = g.data["countries"]["hopeh"]
    assert (hopeh["status"], hopeh["alignment"]) == ("active", "axis")
