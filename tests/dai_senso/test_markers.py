"""Dai Senso!'s markers of chapter 14 (:mod:`markers`): Aid to China (14.1), Allied Collapse
(14.3), Bases Damaged (14.4), Stall (14.15), V-J Day (14.37), Reserves (14.39) and the bonus of a
returned V-J Day marker (14.45). Politics is played in The China Incident by the overlay of
:mod:`test_politics`."""

from __future__ import annotations

import pytest

from tests.dai_senso.test_aid import aid_rows
from tests.dai_senso.test_politics import SCENARIO, logged, political
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.procedure import run_automatic
from wargame.engine.state import Frame, State, clone
from wargame.games import REGISTRY
from wargame.games.dai_senso import (
    air,
    countries,
    delay,
    final_admin,
    markers,
    option_cards,
    organisation,
    politics,
    replacements,
    seasonal,
    war_states,
)
from wargame.games.dai_senso import state as state_mod
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.forces import forces

pytestmark = pytest.mark.game("dai-senso")

GAME = REGISTRY.game("dai-senso")


def context(state: State):
    return GAME.context(clone(state))


# -- 14.1 Aid to China ---------------------------------------------------------------------------


@pytest.mark.rule("14.1")
def test_a_cards_aid_to_china_marker_comes_off_the_track_into_the_chosen_box():
    g = context(political())
    option_cards.place_marker(g, "west", "aid_to_china")
    assert "aid_to_china" not in g.data.get("card_markers", {}).get("west", [])
    assert {"piece": "aid_to_china", "side": "west", "turn": g.data["turn"] + 1} in g.data[
        "arrivals"
    ]
    g.data["turn"] += 1
    delay.arrive(g)
    assert g.data["aid_to_china_waiting"] == ["west"]
    assert "aid_to_china" not in g.data["pool"]
    g.finish()
    state = g.state
    state.stack[:] = [Frame("game", "start", {})]
    g = GAME.context(state)
    run_automatic(g)
    g.finish()
    assert GAME.active(state) == ["west"]
    texts = [a.text for a in GAME.legal_actions(state, "west")]
    assert texts == ["box west", "box soviet"]
    assert GAME.view(state, "west")["labels"]["box"] == "label.aid_to_china_box.box"
    with pytest.raises(IllegalAction):
        GAME.apply(state, "soviet", Action("box west"))
    after = GAME.apply(state, "west", Action("box soviet"))
    assert after.data["aid_to_china"] == {"soviet": 1}
    assert logged(after, "log.aid_to_china_box") == [{"side": "west", "box": "soviet"}]


@pytest.mark.rule("14.1")
def test_each_aid_to_china_marker_rolls_on_the_table_in_the_conditional_event_segment():
    state = GAME.setup(SCENARIO, 5, {"rules_overlay": aid_rows("none")})
    g = context(state)
    g.data["aid_to_china"] = {"west": 2}
    final_admin.aid_to_china(g, "west")
    rolls = [r for r in logged(g.state, "log.table_roll") if r["table"] == "aid_to_china"]
    assert len(rolls) == 2 and {r["side"] for r in rolls} == {"west"}
    g2 = context(state)
    g2.data["aid_to_china"] = {"west": 2}
    final_admin.aid_to_china(g2, "soviet")
    assert not [r for r in logged(g2.state, "log.table_roll") if r["table"] == "aid_to_china"]


@pytest.mark.rule("14.1")
def test_a_neutrality_pact_takes_every_aid_to_china_marker_out_of_the_game():
    g = context(political())
    g.data["aid_to_china"] = {"west": 1, "soviet": 1}
    g.data["arrivals"].append({"piece": "aid_to_china", "side": "west", "turn": 99})
    markers.pact_removes_aid(g, "west-19a")  # not a pact
    assert g.data["aid_to_china"] == {"west": 1, "soviet": 1}
    markers.pact_removes_aid(g, "soviet-19b")
    assert "aid_to_china" not in g.data
    assert not [c for c in g.data["arrivals"] if c["piece"] == "aid_to_china"]
    assert logged(g.state, "log.aid_to_china_removed")[0]["count"] == 3


# -- 14.3, 14.4 to the Strategic Warfare box ----------------------------------------------------


@pytest.mark.rule("14.3")
@pytest.mark.rule("0.1.1")
def test_an_allied_collapse_marker_off_the_track_counts_for_the_axis_in_the_strategic_value():
    g = context(political())
    before = seasonal.strategic_value(g.state)
    g.data["arrivals"].append({"piece": "allied_collapse", "side": "axis", "turn": 0})
    delay.arrive(g)
    assert "allied_collapse" in g.data["strategic_warfare"]
    assert "allied_collapse" not in g.data["pool"]
    after = seasonal.strategic_value(g.state)
    assert after["axis"] == before["axis"] + 1 and after["sv"] == before["sv"] + 1


@pytest.mark.rule("14.4")
@pytest.mark.rule("7.1")
def test_a_bases_damaged_marker_goes_to_strategic_warfare_and_slows_its_factions_delay():
    g = context(political())
    tables = game_tables(g.state)
    before = delay.delay_drm(tables, g.data, "west")
    assert markers.receive(g, "west", "bases_damaged")
    assert "bases_damaged:west" in g.data["strategic_warfare"]
    assert delay.delay_drm(tables, g.data, "west") == before + 1
    assert delay.delay_drm(tables, g.data, "axis") == delay.delay_drm(tables, political().data,
                                                                      "axis")  # fmt: skip
    assert not markers.receive(g, "west", "oil_embargo")  # not one of chapter 14's here


# -- 14.15 Stall ---------------------------------------------------------------------------------


@pytest.mark.rule("14.15")
def test_a_stall_marker_bars_its_faction_from_support_placement_and_landing_within_range():
    g = context(political())
    markers.place_stall(g, "w5123", "supply", "axis")
    assert g.data["stall"][0]["range"] == 2
    assert markers.stall_refusal(g.data, "axis", "w5123", "landing").startswith("14.15:")
    assert markers.stall_refusal(g.data, "west", "w5123", "landing") == ""
    far = "e4904"  # Tokyo
    assert markers.stall_refusal(g.data, "axis", far, "landing") == ""
    stalled = markers.stalled_hexes(g.data, "axis")
    assert "w5123" in stalled and far not in stalled
    japanese = next(u for u in g.data["units"] if u.startswith("j-"))
    assert "w5123" in air.spaced_out(g.data, japanese)


# -- 14.37, 14.45 V-J Day -------------------------------------------------------------------------


@pytest.mark.rule("14.15")
def test_the_stall_event_places_a_marker_on_an_enemy_units_hex_by_the_factions_choice():
    g = context(political())
    politics.apply_event(g, "west", "stall_supply", None)
    assert g.frame.name == "stall_placement"
    run_automatic(g)
    g.finish()
    state = g.state
    japanese = next(u for u in state.data["units"] if u.startswith("j-"))
    where = state.data["units"][japanese]["hex"]
    legal = [a.text for a in GAME.legal_actions(state, "west")]
    assert f"stall {where}" in legal
    for text in legal:
        owners = {state_mod.faction(u) for u in state_mod.units_in(state.data, text.split()[1])}
        assert text.startswith("stall ") and owners and "west" not in owners
    state = GAME.apply(state, "west", Action(f"stall {where}"))
    assert state.data["stall"] == [{"hex": where, "kind": "supply", "against": "axis", "range": 2}]
    assert logged(state, "log.stall")[-1] == {"hex": where, "against": "axis"}


@pytest.mark.rule("14.15")
def test_the_stall_event_with_no_enemy_unit_has_no_effect():
    g = context(political())
    g.data["units"] = {u: r for u, r in g.data["units"].items() if u.startswith("n-")}
    politics.apply_event(g, "west", "stall_command", None)
    assert logged(g.state, "log.event_impossible")[-1]["event"] == "stall_command"
    assert "stall" not in g.data


@pytest.mark.rule("14.15")
def test_a_stall_marker_is_lifted_at_the_end_of_its_factions_turn():
    g = context(political())
    markers.place_stall(g, "w5123", "supply", "axis")
    markers.place_stall(g, "w4724", "command", "west")
    markers.lift_stalls(g, "soviet")
    assert len(g.data["stall"]) == 2
    markers.lift_stalls(g, "axis")
    assert [m["against"] for m in g.data["stall"]] == ["west"]
    assert logged(g.state, "log.stall_lifted")[-1] == {"hex": "w5123", "against": "axis"}


@pytest.mark.rule("14.37")
@pytest.mark.rule("12.3")
def test_total_war_places_the_vj_day_marker_sixteen_seasonal_turns_ahead():
    g = context(political())
    war_states.begin_total_war(g)
    track = game_tables(g.state)["turn_track"]
    due, turn, box = g.data["vj_day"], g.data["turn"], g.data["track"]
    seasonal_boxes = sum(
        track[(box + step) % len(track)].seasonal for step in range(1, due - turn + 1)
    )
    assert seasonal_boxes == 16 and track[(box + due - turn) % len(track)].seasonal
    assert logged(g.state, "log.vj_day_placed") == [{"turn": due}]


@pytest.mark.rule("14.37")
@pytest.mark.rule("0.3")
def test_the_game_ends_when_the_turn_marker_enters_the_vj_day_box():
    state = political()
    found = clone(state)
    found.data["vj_day"] = found.data["turn"] + 1
    found.data["last_turn"] = found.data["turn"] + 10
    found.data["vp_marker"] = {"box": 1, "face": "allied_crusade"}
    found.stack[:] = [Frame("game", "turn_end", {"next": 0})]
    g = GAME.context(found)
    run_automatic(g)
    g.finish()
    assert GAME.active(found) == []
    assert logged(found, "log.vj_day")
    assert "vj_day" not in found.data


@pytest.mark.rule("14.45")
@pytest.mark.rule("14.37")
def test_the_vj_day_marker_returns_once_while_the_rising_sun_shows_for_a_bonus_vp():
    g = context(political())
    g.data["vj_day"] = g.data["turn"]
    g.data["vp_marker"] = {"box": 1, "face": "rising_sun"}
    assert markers.vj_day_ends_game(g) is False
    assert g.data["vj_day"] == markers.seasonal_turns_ahead(g.state, 2) > g.data["turn"]
    assert markers.return_bonus_vp(g.state) == 1
    g.data["vj_day"] = g.data["turn"]
    assert markers.vj_day_ends_game(g) is True  # returned once already
    no_return = context(political())
    no_return.data["vj_day"] = no_return.data["turn"]
    no_return.data["vp_marker"] = {"box": 1, "face": "allied_crusade"}
    assert markers.vj_day_ends_game(no_return) is True
    assert markers.return_bonus_vp(no_return.state) == 0


@pytest.mark.rule("14.45")
@pytest.mark.rule("0.3")
def test_the_return_bonus_counts_in_the_axis_final_vp_score():
    state = clone(political())
    plain = seasonal.final_vp_result(state)
    state.data["vj_day_returns"] = 1
    bonus = seasonal.final_vp_result(state)
    assert bonus.scores["axis"] == plain.scores["axis"] + 1


# -- 14.39 Reserves -------------------------------------------------------------------------------


@pytest.mark.rule("14.39")
@pytest.mark.rule("1.3.2")
def test_the_war_states_reserves_marker_gives_seasonal_replacement_steps():
    limited = political("limited_war")
    assert markers.reserve_steps(limited, "axis") == {"japan|infantry": 1}
    assert markers.reserve_steps(limited, "soviet") == {}
    total = political("total_war")
    assert markers.reserve_steps(total, "soviet") == {"russia|infantry": 1}
    assert replacements.grant(total, "axis").get("japan|infantry", 0) >= 2
    assert markers.reserve_steps(political("prewar"), "axis") == {}
    training = GAME.setup("a2_china_incident", 5, {})  # no politics: no Reserves marker
    assert markers.reserve_steps(training, "axis") == {}


# -- 15.1, 15.14, 15.25 events --------------------------------------------------------------------


@pytest.mark.rule("15.1")
def test_allied_support_for_resistance_gives_an_allied_faction_a_partisan_base():
    g = context(political())
    before = g.data["partisan_pool"].get("west", 0)
    politics.apply_event(g, "west", "allied_support_for_resistance", None)
    assert g.data["partisan_pool"]["west"] == before + 1
    assert logged(g.state, "log.asr") == [{"side": "west", "bases": 1}]
    politics.apply_event(g, "axis", "allied_support_for_resistance", None)
    assert "axis" not in g.data["partisan_pool"]
    assert logged(g.state, "log.event_impossible")[0]["event"] == "allied_support_for_resistance"


@pytest.mark.rule("15.14")
def test_euro_commitment_lowers_the_esv_for_an_allied_faction_only():
    g = context(political())
    esv = g.data["esv"]
    politics.apply_event(g, "soviet", "euro_commitment", None)
    assert g.data["esv"] == esv - 1
    politics.apply_event(g, "axis", "euro_commitment", None)
    assert g.data["esv"] == esv - 1
    training = context(GAME.setup("a2_china_incident", 5, {}))  # a track event: no politics needed
    before = training.data["esv"]
    politics.apply_event(training, "west", "euro_commitment", None)
    assert training.data["esv"] == before - 1


@pytest.mark.rule("15.25")
@pytest.mark.rule("13.8.2")
@pytest.mark.rule("13.8.1")
def test_minor_country_creation_makes_a_ceded_region_a_new_axis_minor():
    g = context(political())
    politics.apply_event(g, "axis", "minor_country_creation", "hopeh")  # nothing ceded yet
    assert logged(g.state, "log.event_impossible")
    politics.apply_event(g, "axis", "ceded_territory", "hopeh")
    assert countries.sovereign(g.data, "inner_mongolia") == "japan"  # 13.8.1
    politics.apply_event(g, "axis", "minor_country_creation", "hopeh")
    assert countries.sovereign(g.data, "inner_mongolia") == "inner_mongolia"
    record = g.data["countries"]["inner_mongolia"]
    assert (record["status"], record["alignment"], record["posture"]) == ("active", "axis", "war")
    hexes = [h for h, found in board().hexes.items() if found.country == "inner_mongolia"]
    assert hexes and countries.country_of_hex(g.data, hexes[0]) == "inner_mongolia"
    assert logged(g.state, "log.minor_created") == [{"region": "inner_mongolia", "faction": "axis"}]


# -- 16.7 internment and repatriation -------------------------------------------------------------


def nationalist_in_tibet():
    """A context of politics with a Nationalist unit moved into neutral Tibet, and the unit."""
    g = context(political())
    uid = next(u for u in g.data["units"] if forces().units[u].nationality == "kiangsu")
    g.data["units"][uid]["hex"] = board().countries["tibet"][0]
    return g, uid


@pytest.mark.rule("16.7")
@pytest.mark.rule("1.1.1")
def test_units_in_a_neutral_country_are_interned_with_the_pending_card_and_come_back_with_it():
    g, uid = nationalist_in_tibet()
    g.data["decks"] = {"west": {}}
    markers.intern(g, "axis")  # not the West's segment
    assert uid in g.data["units"]
    markers.intern(g, "west")
    assert uid not in g.data["units"] and g.data["interned"] == {"west": [uid]}
    assert logged(g.state, "log.interned") == [{"side": "west", "unit": uid, "country": "tibet"}]
    markers.repatriate(g, "west")
    assert uid in g.data["pool"] and g.data["interned"] == {}


@pytest.mark.rule("16.7")
def test_free_passage_spares_internment_and_no_deck_sends_the_unit_to_the_delay_box():
    g, uid = nationalist_in_tibet()
    g.data["politics"]["free_passage"] = {"tibet": ["west"]}
    markers.intern(g, "west")
    assert uid in g.data["units"]
    g.data["politics"]["free_passage"] = {}
    markers.intern(g, "west")
    assert {"piece": uid, "side": "west"} in g.data["delay_box"]


# -- 2.2 the support segment, 13.8.3 pan-national units ------------------------------------------


@pytest.mark.rule("2.2")
def test_the_support_segment_places_support_before_blitz_markers():
    state = GAME.setup("a3_tora_tora_tora", 5)
    assert GAME.view(state, "axis")["prompt"]["key"] == "prompt.beachhead_support"
    after = GAME.apply(state, "axis", Action("end"))
    assert GAME.view(after, "axis")["prompt"]["key"] == "prompt.blitz_placement"
    phases = [e.params["phase"] for e in after.log if e.key == "log.phase"]
    assert phases[-1] == "initial_administrative"


@pytest.mark.rule("13.8.3")
def test_a_pan_national_unit_is_at_home_in_its_factions_chinese_minors():
    data = political().data
    kmt = next(u for u, unit in forces().units.items() if unit.nationality == "kmt")
    home = countries.home_of(data, kmt)
    assert home and all(countries.alignment(data, c) == "west" for c in home)
    data["countries"]["hopeh"]["alignment"] = "soviet"
    assert "hopeh" not in countries.home_of(data, kmt)


# -- 2.3.2 garrison conversion --------------------------------------------------------------------


@pytest.mark.rule("2.3.2")
def test_a_garrison_and_a_pool_infantry_unit_convert_into_each_other_in_supply():
    from tests.dai_senso.play import PLAIN, position

    rifles = next(
        u.id
        for u in forces().units.values()
        if u.nationality == "russia" and u.type == "infantry" and u.id != "s-kamchatka"
    )
    state = position({"s-kamchatka": (PLAIN, 1)})
    g = context(state)
    g.data["pool"] = [rifles]
    found = {text: reason for text, reason, _e, _a in organisation.offers(g, "soviet")}
    assert found[f"convert s-kamchatka {rifles}"] == ""
    _text, _reason, effect, args = next(
        o for o in organisation.offers(g, "soviet") if o[0].startswith("convert")
    )
    effect(g, Frame("organization", "organize", {"side": "soviet"}), *args)
    assert g.data["units"][rifles] == {"hex": PLAIN, "steps": 1}
    assert "s-kamchatka" in g.data["pool"] and "s-kamchatka" not in g.data["units"]
    back = {text: reason for text, reason, _e, _a in organisation.offers(g, "soviet")}
    assert back[f"convert {rifles} s-kamchatka"].startswith("2.3.2:")  # Australia: not home


@pytest.mark.rule("2.3.2")
def test_no_conversion_out_of_supply():
    from tests.dai_senso.play import PLAIN, PRINTED_SUPPLY, position

    state = position({"s-kamchatka": (PLAIN, 1)}, supply=PRINTED_SUPPLY)
    rifles = next(
        u.id for u in forces().units.values() if u.nationality == "russia" and u.type == "infantry"
    )
    g = context(state)
    g.data["pool"] = [rifles]
    found = {text: reason for text, reason, _e, _a in organisation.offers(g, "soviet")}
    assert found[f"convert s-kamchatka {rifles}"].startswith(
        "2.3.2: a unit converts only in supply"
    )


# -- 13.8.4, 13.8.5 France and Germany -----------------------------------------------------------


@pytest.mark.rule("13.8.5")
@pytest.mark.rule("13.8.4")
def test_germanys_victory_over_france_raises_the_esv_and_makes_france_vichy():
    g = context(political())
    esv = g.data["esv"]
    politics.apply_event(g, "axis", "german_victory_france", None)
    assert g.data["esv"] == esv + 1
    france = g.data["countries"]["france"]
    assert (france["status"], france["alignment"]) == ("neutral", "axis")
    assert g.data["politics"]["free_passage"]["france"] == ["axis"]
    assert logged(g.state, "log.vichy")
    politics.apply_event(g, "axis", "german_victory_russia", None)
    assert g.data["esv"] == esv + 3


@pytest.mark.rule("13.8.4")
@pytest.mark.rule("16.7")
def test_a_france_at_war_stays_and_a_neutrals_own_army_is_not_interned():
    g = context(political("total_war"))
    g.data["countries"]["france"]["posture"] = "war"
    politics.apply_event(g, "axis", "german_victory_france", None)
    assert g.data["countries"]["france"]["status"] == "active"
    g.data["countries"]["france"]["posture"] = "policy"
    politics.apply_event(g, "axis", "german_victory_france", None)
    french = [u for u in g.data["units"] if forces().units[u].nationality == "france"]
    markers.intern(g, "west")
    assert all(u in g.data["units"] for u in french)
