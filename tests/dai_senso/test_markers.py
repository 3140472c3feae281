"""Dai Senso!'s markers of chapter 14 (:mod:`markers`): Aid to China (14.1), Allied Collapse
(14.3), Bases Damaged (14.4), Stall (14.15), V-J Day (14.37), Reserves (14.39) and the bonus of a
returned V-J Day marker (14.45). Politics is played in The China Incident by the overlay of
:mod:`test_politics`."""

from __future__ import annotations

import pytest

from tests.dai_senso.test_politics import logged, political
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.procedure import run_automatic
from wargame.engine.state import Frame, State, clone
from wargame.games import REGISTRY
from wargame.games.dai_senso import (
    air,
    delay,
    final_admin,
    markers,
    option_cards,
    replacements,
    seasonal,
    war_states,
)
from wargame.games.dai_senso.charts import tables as game_tables

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
    with pytest.raises(IllegalAction):
        GAME.apply(state, "soviet", Action("box west"))
    after = GAME.apply(state, "west", Action("box soviet"))
    assert after.data["aid_to_china"] == {"soviet": 1}
    assert logged(after, "log.aid_to_china_box") == [{"side": "west", "box": "soviet"}]


@pytest.mark.rule("14.1")
def test_each_aid_to_china_marker_rolls_on_the_table_in_the_conditional_event_segment():
    state = political()
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
