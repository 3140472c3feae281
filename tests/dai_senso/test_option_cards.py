"""The option card segment (1.1): its procedure (1.1.1), the card actions and the political DRM
(1.1.2), pending card selection (1.1.3), the Soviet ESV adjustment (1.1.4) and the pieces a card
brings; hands and pending cards kept from the other factions. The training scenarios deal no
cards, so the tests deal them with a rules overlay (table ``option_cards``)."""

from __future__ import annotations

import msgspec
import pytest

from tests.dai_senso.play import GAME, act, actions, frozen
from wargame.bots import make_bot
from wargame.engine.action import Action
from wargame.engine.errors import DataError, IllegalAction
from wargame.engine.procedure import run_automatic
from wargame.engine.rng import Rng
from wargame.engine.state import Frame, State, clone
from wargame.fuzz import FuzzConfig, fuzz
from wargame.games import REGISTRY
from wargame.games.dai_senso import option_cards, politics, strategy
from wargame.games.dai_senso.cards import cards, current_card
from wargame.games.dai_senso.charts import TABLES

pytestmark = pytest.mark.game("dai-senso")


def overlay(scenario: str, war_state: str, face: str = "army", **deal) -> dict:
    """A rules overlay under which ``scenario`` deals the option cards, at ``war_state`` and
    with the VP marker, the ESV and the USCL at 0 (table ``seasonal_play``)."""
    table = msgspec.to_builtins(TABLES.defaults["option_cards"])
    government = {"where": "status_box", "face": face}
    table["scenarios"][scenario] = {"government": government, **deal}
    season = msgspec.to_builtins(TABLES.defaults["seasonal_play"])
    start = season["scenarios"].get(scenario, season["scenarios"]["default"])
    neutral = {"vp_box": 0, "vp_face": "rising_sun", "esv": 0, "uscl": 0}  # no DRM of their own
    season["scenarios"][scenario] = {**start, **neutral, "war_state": war_state}
    tables = {"option_cards": table, "seasonal_play": season}
    return {"game": "dai-senso", "name": "cards", "tables": tables}


def dealt(scenario="a1_august_storm", war_state="total_war", seed=7, **deal) -> State:
    """The scenario set up with the cards dealt; August Storm opens on a seasonal turn (Aug-Sep
    1945), the Axis choosing its pending card."""
    return GAME.setup(scenario, seed, {"rules_overlay": overlay(scenario, war_state, **deal)})


def dealt_three(war_state="total_war", **deal):
    """The China Incident (three factions) with the cards dealt."""
    return dealt("a2_china_incident", war_state, **deal)


def segment(state: State, side: str, **data) -> State:
    """``side``'s option card segment played from its start on a copy of ``state`` whose data
    ``data`` updates (a card ``pending`` of the side, its ``current`` card), to its first
    decision."""
    found = clone(state)
    own = found.data["decks"][side]
    pending = data.pop("pending", None)
    if pending:
        own["hand"].remove(pending)
        own["pending"] = pending
        own["chosen"] = data.pop("chosen", option_cards.choosing_now(found, side))
    current = data.pop("current", None)
    if current:
        if current in own["hand"]:
            own["hand"].remove(current)
        found.data["current_card"][side] = current
    found.data.update(data)
    found.stack.append(Frame("option_card_segment", "start", {"side": side}))
    g = GAME.context(found)
    run_automatic(g)
    g.finish()
    return found


def keys(state: State) -> list[str]:
    return [event.key for event in state.log]


def refused(state, side, text, rule=r"1\.1\.3"):
    before = frozen(state)
    with pytest.raises(IllegalAction, match=rf"{rule}: "):
        GAME.apply(state, side, Action(text))
    assert frozen(state) == before


def refusal(state, side, card):
    return option_cards.selection_refusal(state, side, card)


# -- 1.1 which scenarios deal cards ---------------------------------------------------------------


@pytest.mark.rule("1.1")
def test_the_training_scenarios_deal_no_cards_and_pass_the_segment():
    found = GAME.setup("a1_august_storm", 7, {})
    assert "decks" not in found.data and "log.phase_skipped" in keys(found)
    assert GAME.view(found, "axis")["prompt"]["key"] != "prompt.pending_card"
    assert current_card(found, "axis") is None


@pytest.mark.rule("1.1")
def test_a_scenario_that_deals_cards_puts_each_deck_in_its_hand_but_its_current_card():
    found = dealt(current={"soviet": "15"})
    soviet = found.data["decks"]["soviet"]
    assert found.data["current_card"] == {"axis": None, "soviet": "soviet-15"}
    assert len(soviet["hand"]) == 43 and "soviet-15" not in soviet["hand"]
    assert current_card(found, "soviet") is cards().cards["soviet-15"]
    assert "west" not in found.data["decks"]  # August Storm: the West takes no part
    assert GAME.view(found, "axis")["prompt"]["key"] == "prompt.pending_card"


@pytest.mark.rule("1.1")
def test_the_campaigns_deal_cards_as_the_designed_deal_says():
    deal = TABLES.defaults["option_cards"].scenarios
    assert set(deal) == {"b1_war_of_resistance", "c1_1937"}
    assert all(d.current == {"axis": "1"} for d in deal.values())


# -- 1.1.1 the procedure --------------------------------------------------------------------------


@pytest.mark.rule("1.1.1")
def test_step_1_sets_a_current_card_aside_and_a_reusable_one_back_in_the_hand():
    found = dealt(current={"axis": "33a"})
    assert "axis-33a" in found.data["decks"]["axis"]["removed"]
    assert found.data["current_card"]["axis"] is None and "log.no_pending" in keys(found)
    again = segment(found, "axis", current="axis-23")  # Production, reusable
    assert "axis-23" in again.data["decks"]["axis"]["hand"]
    assert "log.card_discarded_reusable" in keys(again)


@pytest.mark.rule("1.1.1")
def test_step_2_reveals_the_pending_card_as_the_current_card_played_this_year():
    found = segment(dealt(), "axis", pending="axis-21")
    own = found.data["decks"]["axis"]
    assert found.data["current_card"]["axis"] == "axis-21" and own["pending"] is None
    assert "axis-21" in own["played"] and own["revealed"] == {"axis-21": 1945}
    assert "log.card_revealed" in keys(found)


@pytest.mark.rule("1.1.1")
def test_a_pending_card_that_broke_a_restriction_goes_back_to_the_hand_unplayed():
    chosen = {"year": 1945, "war_state": "prewar", "after": None}  # a Total War card at Prewar
    found = segment(dealt(), "axis", pending="axis-21", chosen=chosen)
    own = found.data["decks"]["axis"]
    assert found.data["current_card"]["axis"] is None
    assert "axis-21" in own["hand"] and "axis-21" in own["shown"]
    assert "axis-21" not in own["played"]
    returned = next(e for e in found.log if e.key == "log.card_returned")
    assert returned.params["reason"].startswith("1.1.3: ")
    assert "log.card_returned" in keys(found)


@pytest.mark.rule("1.1.1")
def test_after_an_illegal_axis_card_either_allied_faction_may_declare_total_war():
    chosen = {"year": 1937, "war_state": "prewar", "after": "axis-12"}  # 11 after 12: illegal
    found = segment(dealt_three(war_state="prewar"), "axis", pending="axis-11", chosen=chosen)
    assert GAME.active(found) == ["west"] and set(actions(found, "west")) == {"declare", "decline"}
    found = act(found, "west", "decline")
    assert GAME.active(found) == ["soviet"]
    declared = act(found, "soviet", "declare")
    assert declared.data["war_state"] == "total_war" and "log.total_war_declared" in keys(declared)
    assert option_cards.war_status(declared) == "total_war"
    assert GAME.view(declared, "axis")["prompt"]["key"] == "prompt.pending_card"
    declined = act(found, "soviet", "decline")
    assert option_cards.war_status(declined) == "prewar"


@pytest.mark.rule("1.1.1")
def test_step_4_the_pending_card_is_chosen_face_down_and_hidden_from_the_others():
    found = act(dealt(), "axis", "card axis-21")
    own = found.data["decks"]["axis"]
    assert own["pending"] == "axis-21" and "axis-21" not in own["hand"]
    assert own["chosen"] == {"year": 1945, "war_state": "total_war", "after": None}
    seen = GAME.view(found, "soviet")
    assert seen["board"]["decks"]["axis"]["pending_held"] is True
    assert "hand" not in seen["board"]["decks"]["axis"]
    assert "axis-21" not in str(seen) and "axis-21" not in str(GAME.view(found, None))
    assert GAME.view(found, "axis")["board"]["decks"]["axis"]["pending"] == "axis-21"
    assert "axis-21" in GAME.secrets(found).owned["axis"]


@pytest.mark.rule("1.1.4")
def test_step_5_the_soviet_card_15_raises_the_esv_by_1_at_limited_war_with_no_war_marker():
    found = segment(dealt(war_state="limited_war"), "soviet", pending="soviet-15")
    assert found.data["esv"] == 0  # step 5 comes after step 4, the choice of a pending card
    assert act(found, "soviet", "card soviet-1").data["esv"] == 1
    with_war = segment(dealt(war_state="limited_war"), "soviet", pending="soviet-15",
                       soviet_european_war=True)  # fmt: skip
    assert act(with_war, "soviet", "card soviet-1").data["esv"] == 2  # the War column


@pytest.mark.rule("1.1.4")
def test_the_esv_adjustment_reads_the_war_status_and_the_production_value():
    found = dealt(war_state="total_war")
    assert option_cards.esv_adjustment(found, cards().cards["soviet-25"]) == 0
    assert option_cards.esv_adjustment(found, cards().cards["soviet-15"]) == 1


# -- 1.1.2 card actions and the political DRM -----------------------------------------------------


def rolling(state: State, *faces: int):
    """A context on a copy of ``state`` whose dice give ``faces`` in turn."""
    g = GAME.context(clone(state))
    rolled = list(faces)
    g.roll = lambda _die, _side, _reason, **_params: rolled.pop(0)
    return g


def table_rolls(g) -> list[tuple[str, int, int]]:
    return [
        (e.params["table"], e.params["roll"], e.params["result"])
        for e in g.state.log
        if e.key == "log.table_roll"
    ]


@pytest.mark.rule("1.1.2")
def test_the_seed_treaty_example_chains_to_colonialism_without_the_influence_drm():
    """The option card segment rolls through politics.roll_on_table, the one table roller."""
    found = dealt(war_state="prewar")
    found.data["country_markers"] = {"hopeh": "influence_axis"}  # +1, VP 0 box, USCL 0
    found.data["vp_marker"] = {"box": 0, "face": "rising_sun"}  # as the seed's example has it
    g = rolling(found, 1, 5, 3)
    option_cards.carry_out(g, "axis", "table:current_card_treaty", "hopeh")
    assert table_rolls(g) == [
        ("current_card_treaty", 1, 2),
        ("diplomatic_incident", 5, 6),
        ("colonialism", 3, 3),
    ]


@pytest.mark.rule("1.1.2")
def test_the_political_drm_counts_the_vp_marker_and_the_uscl_track_and_clamps_to_1_6():
    found = dealt()
    found.data["vp_marker"] = {"box": 2, "face": "rising_sun"}
    assert politics.political_drm(found, "colonialism", None) == 2
    found.data["vp_marker"] = {"box": 3, "face": "allied_crusade"}
    found.data["uscl"] = 5
    assert politics.political_drm(found, "colonialism", None) == -3 - 3
    g = rolling(found, 6)
    option_cards.carry_out(g, "west", "table:diplomatic_incident", None)
    assert table_rolls(g) == [("diplomatic_incident", 6, 1)]
    # successful_protest: a country's event, not played where politics is not
    assert [e.params["event"] for e in g.state.log if e.key == "log.event_not_played"] == [
        "successful_protest"
    ]


@pytest.mark.rule("1.1.2")
def test_a_card_that_selects_a_country_asks_for_it_then_rolls_its_table():
    found = segment(dealt(war_state="prewar"), "axis", pending="axis-33a")
    assert GAME.view(found, "axis")["prompt"]["key"] == "prompt.card_country"
    offered = actions(found, "axis")
    assert "country hopeh" in offered and "country korea" not in offered  # a dependent
    refused(found, "axis", "country korea", "")
    found = act(found, "axis", "country hopeh")
    table = next(e for e in found.log if e.key == "log.table_roll")
    assert table.params["table"] == "current_card_treaty"
    assert any(e.key == "log.roll" and e.params["reason"] == "political_event" for e in found.log)
    assert GAME.view(found, "axis")["prompt"]["key"] == "prompt.pending_card"


@pytest.mark.rule("1.1.2")
def test_a_cards_marker_goes_where_its_rule_puts_it_and_unplayed_events_are_logged():
    found = segment(dealt_three(), "west", pending="west-19a")  # marker:aid_to_china
    assert found.data["card_markers"]["west"] == []  # on the turn track (14.1)
    assert {"piece": "aid_to_china", "side": "west"}.items() <= found.data["arrivals"][-1].items()
    found = segment(dealt_three(), "west", pending="west-18a")  # successful_protest
    assert "log.event_not_played" in keys(found)  # no politics played in The China Incident


@pytest.mark.rule("1.1.2")
def test_a_uscl_increase_moves_the_track_and_the_political_drm_with_it():
    found = segment(dealt_three(), "west", current=None, uscl=0)
    g = GAME.context(found)
    option_cards.carry_out(g, "west", "uscl_increase", None)
    assert found.data["uscl"] == 1 and politics.political_drm(found, "colonialism", None) == -1
    assert [e.params for e in found.log if e.key == "log.uscl_event"] == [{"level": 1}]


# -- reinforcements (spec §4.2.3) -----------------------------------------------------------------


@pytest.mark.rule("1.1.1")
def test_a_card_brings_its_pieces_a_minors_only_while_active_and_aligned():
    countries = {"szechwan": {"status": "conquered", "alignment": "west"}}
    found = clone(dealt_three())
    for uid in ("n-5th-wa", "n-szechwan-2"):
        del found.data["units"][uid]  # not in play
    found = segment(found, "west", pending="west-43a", countries=countries)
    assert found.data["delay_box"] == [
        {"piece": "n-5th-wa", "side": "west"}
    ]  # Kiangsu's; Szechwan is not active
    assert "log.card_unit_not_aligned" in keys(found)


@pytest.mark.rule("1.1.1")
def test_a_piece_already_in_play_does_not_arrive_again():
    found = dealt_three()
    on_map = next(iter(found.data["units"]))
    card = cards().cards["axis-14"]
    found.data["units"]["j-10th-army"] = dict(found.data["units"][on_map])
    g = GAME.context(found)
    option_cards.reinforce(g, "axis", card)
    assert "j-10th-army" not in found.data["pool"]
    del found.data["units"]["j-10th-army"]
    option_cards.reinforce(g, "axis", card)
    assert found.data["pool"].count("j-10th-army") == 1


# -- 1.1.3 pending card selection -----------------------------------------------------------------


@pytest.mark.rule("1.1.3")
def test_the_war_status_limits_the_cards_that_may_be_chosen():
    found = dealt(war_state="prewar")
    assert "card axis-21" not in actions(found, "axis")  # a Total War card
    refused(found, "axis", "card axis-21")
    assert "total_war card may not be chosen at prewar" in refusal(found, "axis", "axis-21")
    assert refusal(found, "axis", "axis-1") == ""


@pytest.mark.rule("1.1.3")
def test_army_plan_needs_the_navy_not_to_lead_and_inner_mongolia_the_army_to():
    navy = dealt(war_state="prewar", face="navy")
    assert refusal(navy, "axis", "axis-3").startswith("1.1.3: axis-3: the navy leads")
    assert "the army does not lead" in refusal(navy, "axis", "axis-8")
    navy.data["government"] = {"where": "delay_box", "face": "navy"}  # nobody leads
    assert refusal(navy, "axis", "axis-3") == ""
    assert "the army does not lead" in refusal(navy, "axis", "axis-8")
    army = dealt(war_state="prewar")
    assert refusal(army, "axis", "axis-3") == "" and refusal(army, "axis", "axis-8") == ""


@pytest.mark.rule("1.1.3")
def test_aid_to_china_needs_the_quarantine_speech_played_and_the_nationalists_at_war():
    found = dealt_three(war_state="prewar")
    reason = refusal(found, "west", "west-19a")
    assert "card west-18a not played" in reason and "kmt posture is unknown" in reason
    found.data["decks"]["west"]["played"].append("west-18a")
    found.data["postures"] = {"kmt": "war"}
    assert refusal(found, "west", "west-19a") == ""


@pytest.mark.rule("1.1.3")
def test_cash_and_carry_needs_prewar_over_or_the_european_limited_war():
    found = dealt_three(war_state="prewar")
    assert refusal(found, "west", "west-5") != ""
    found.data["european_war"] = "limited"
    assert refusal(found, "west", "west-5") == ""
    found.data["european_war"] = None
    found.data["war_state"] = "limited_war"
    assert refusal(found, "west", "west-5") == ""


@pytest.mark.rule("1.1.3")
def test_two_diplomatic_proposals_may_not_run_one_after_the_other():
    found = clone(dealt(war_state="limited_war"))
    found.data["decks"]["axis"]["hand"].remove("axis-11")
    found.data["current_card"]["axis"] = "axis-11"
    assert "axis-11 is a diplomatic_proposal card too" in refusal(found, "axis", "axis-12")
    assert refusal(found, "axis", "axis-14") == ""


@pytest.mark.rule("1.1.3")
def test_a_single_reusable_card_cannot_be_current_two_seasons_running():
    found = segment(dealt_three(war_state="limited_war"), "west", pending="west-22")
    assert found.data["current_card"]["west"] == "west-22"
    assert "not in the hand" in refusal(found, "west", "west-22")
    refused(found, "west", "card west-22")


@pytest.mark.rule("1.1.3")
def test_one_rearmament_card_a_year_counted_by_the_year_it_is_revealed():
    found = segment(dealt(war_state="prewar"), "axis", pending="axis-4")  # rearmament, 1945
    assert found.data["decks"]["axis"]["revealed"] == {"axis-4": 1945}
    assert option_cards.next_seasonal_year(found) == 1945  # Aug-Sep: next Nov-Dec 1945
    assert "rearmament card is revealed in 1945" in refusal(found, "axis", "axis-28a")
    found.data["track"] = 6  # Nov-Dec 1945: the pending card is revealed in Mar-Apr 1946
    assert option_cards.next_seasonal_year(found) == 1946
    assert refusal(found, "axis", "axis-28a") == ""


@pytest.mark.rule("1.1.3")
def test_the_soviet_production_limit_is_1_before_total_war_and_3_at_it():
    found = dealt(war_state="limited_war")
    heavy = msgspec.structs.replace(cards().cards["soviet-20"], war_state="limited_war")
    chosen = {"year": 1946, "war_state": "limited_war", "after": None}
    reason = option_cards.restriction_refusal(found, "soviet", heavy, chosen)
    assert reason == "its production value 2 is over the limit 1"
    total = {**chosen, "war_state": "total_war"}
    assert option_cards.restriction_refusal(found, "soviet", heavy, total) == ""


@pytest.mark.rule("1.1.3")
def test_a_faction_with_no_card_it_may_choose_announces_it_and_has_none_pending():
    found = clone(dealt(war_state="prewar"))
    found.data["decks"]["axis"]["hand"] = ["axis-21"]  # only a Total War card left
    found = segment(found, "axis")
    assert "log.no_legal_pending" in keys(found)
    assert found.data["decks"]["axis"]["pending"] is None


@pytest.mark.rule("1.1.3")
def test_bad_input_a_card_not_in_the_hand_or_by_another_faction_is_refused_unchanged():
    found = dealt()
    refused(found, "axis", "card soviet-15", "")
    refused(found, "axis", "card axis-999", "")
    refused(found, "soviet", "card soviet-15", r"1")  # not the Soviets' decision


# -- secrets and determinize ----------------------------------------------------------------------


@pytest.mark.rule("1.1")
def test_determinize_draws_the_pending_card_from_the_cards_the_faction_may_hold():
    found = act(dealt(), "axis", "card axis-21")
    view = GAME.view(found, "soviet")
    drawn = {
        GAME.determinize(view, "soviet", Rng(seed)).data["decks"]["axis"]["pending"]
        for seed in range(8)
    }
    assert len(drawn) > 1 and all(card.startswith("axis-") for card in drawn)
    prewar = act(dealt(war_state="prewar"), "axis", "card axis-1")
    view = GAME.view(prewar, "soviet")
    for seed in range(8):  # chosen at Prewar: a Prewar card
        pending = GAME.determinize(view, "soviet", Rng(seed)).data["decks"]["axis"]["pending"]
        assert cards().cards[pending].war_state == "prewar"
    sampled = GAME.determinize(view, "soviet", Rng(1))
    axis = sampled.data["decks"]["axis"]
    assert len(axis["hand"]) == len(found.data["decks"]["axis"]["hand"])
    assert GAME.view(sampled, "soviet", log=False)["board"] == view["board"]


@pytest.mark.rule("1.1")
def test_a_played_reusable_card_back_in_the_hand_is_no_secret():
    found = segment(dealt(), "axis", current="axis-23")
    assert "axis-23" in found.data["decks"]["axis"]["hand"]
    found.data["decks"]["axis"]["played"].append("axis-23")
    assert "axis-23" not in option_cards.secret_cards(found.data)["axis"]


def test_the_bots_try_the_cards_that_bring_most_first():
    found = dealt()
    legal = GAME.legal_actions(found, "axis")
    ordered = [action.text for action in strategy.order_actions(GAME, found, "axis", legal)]
    assert ordered[0].startswith("card ") and len(ordered) == len(actions(found, "axis"))
    first = cards().cards[ordered[0].split()[1]]
    assert strategy.card_worth(first) >= strategy.card_worth(cards().cards["axis-3"])


# -- random play with the cards dealt -------------------------------------------------------------


@pytest.mark.rule("1.1")
@pytest.mark.parametrize(("scenario", "war_state"), [("a2_china_incident", "limited_war")])
def test_random_games_with_the_cards_dealt_end_without_failure(scenario, war_state, tmp_path):
    """The fuzzer's checks (views and logs against the hands, determinize, undo, replay) at every
    step of a game whose two seasonal turns play the segment for three factions."""
    options = {"rules_overlay": overlay(scenario, war_state, current={"axis": "1"})}
    config = FuzzConfig(games=1, seed=2026, scenario=scenario, out_dir=tmp_path, options=options)
    summary = fuzz("dai-senso", config, REGISTRY.game, lambda outcome: None)
    assert [outcome.failure for outcome in summary.failures] == []
    assert all(outcome.result for outcome in summary.outcomes)


def test_wargame_cards_says_how_much_of_each_card_is_played():
    status = {row["id"]: row["event"] for row in GAME.cards()}
    assert status["west-43a"] == "played"  # its pieces to the Delay box
    assert status["west-19a"] == "played"  # marker:aid_to_china to the force pool
    assert status["axis-33a"] == "partial"  # rolled, but the events it may bring are not all played
    assert status["axis-3"] == "missing"  # a conditional event and replacements


@pytest.mark.rule("1.1.2")
def test_a_card_that_removes_a_card_of_a_type_takes_the_copy_in_the_hand():
    found = clone(dealt(war_state="total_war"))
    own = found.data["decks"]["axis"]
    orders = [card.id for card in cards().deck("axis") if "imperial_order" in card.types]
    own["hand"].remove(orders[0])
    own["removed"].append(orders[0])  # one Imperial Order card discarded, the others in hand
    g = GAME.context(found)
    option_cards.carry_out(g, "axis", "remove:type:imperial_order", None)
    assert orders[1] in own["removed"] and orders[1] not in own["hand"]
    option_cards.carry_out(g, "axis", f"remove:{orders[0].split('-')[1]}", None)
    assert found.log[-1].key == "log.card_removal_nothing"  # discarded already: carried out


def test_a_removal_reads_as_the_card_or_type_it_removes():
    card = cards().cards["axis-33a"]
    action = msgspec.structs.replace(card.actions[0], do="remove:type:imperial_order", select=None)
    removing = msgspec.structs.replace(card, actions=[action])
    assert cards().effect(removing, "en").endswith("remove one Imperial Order card")
    assert option_cards.card_status(removing) == "played"


@pytest.mark.rule("1.1")
def test_the_current_cards_the_esv_and_the_uscl_are_public_tracks():
    found = segment(dealt(war_state="limited_war"), "soviet", pending="soviet-15")
    tracks = GAME.view(found, "axis")["board"]["tracks"]
    assert tracks["current_soviet"] == "soviet-15" and tracks["current_axis"] is None
    assert tracks["cards"] == "dealt" and tracks["current_esv"] == 0 and tracks["pacific_uscl"] == 0
    assert GAME.catalog.render("log.card_revealed", {"side": "soviet", "card": "soviet-15"}, "en")
    assert GAME.catalog.lookup("track_value.soviet-15", "ja") == "15 戦前生産"
    assert (
        "current_axis"
        not in GAME.view(GAME.setup("a1_august_storm", 7, {}), "axis")["board"]["tracks"]
    )


@pytest.mark.rule("1.1")
def test_a_deal_naming_a_card_not_in_the_deck_is_refused_in_one_line():
    with pytest.raises(DataError, match="option_cards: a1_august_storm deals no card axis-99"):
        dealt(current={"axis": "99"})
    for deal in TABLES.defaults["option_cards"].scenarios.values():
        named = [(side, number) for side, number in deal.current.items()]
        named += [(side, n) for side, numbers in deal.removed.items() for n in numbers]
        assert all(f"{side}-{number}" in cards().cards for side, number in named)


def test_the_search_bot_chooses_a_pending_card_from_its_own_view():
    found = dealt(war_state="prewar")
    bot = make_bot("mcts-easy", GAME, "axis", 1)
    chosen = bot.choose(GAME.view(found, "axis"))
    assert chosen in actions(found, "axis") and chosen.startswith("card ")


@pytest.mark.rule("1.1.4")
def test_a_card_that_prints_no_production_value_lists_no_esv_adjustment():
    limited = dealt(war_state="limited_war")
    assert cards().cards["soviet-1"].production is None
    assert option_cards.esv_adjustment(limited, cards().cards["soviet-1"]) == 0
    assert option_cards.esv_adjustment(limited, cards().cards["soviet-15"]) == 1  # printed 0


@pytest.mark.rule("1.1.4")
def test_at_total_war_a_soviet_production_of_1_holds_the_esv_and_of_2_lowers_it_at_war():
    total = dealt(war_state="total_war")
    one = next(c for c in cards().cards.values() if c.deck == "soviet" and c.production == 1)
    two = next(c for c in cards().cards.values() if c.deck == "soviet" and c.production == 2)
    assert option_cards.esv_adjustment(total, one) == 0
    at_war = clone(total)
    at_war.data["soviet_european_war"] = True
    assert option_cards.esv_adjustment(at_war, two) == -1
