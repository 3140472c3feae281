"""Strategy card data of Empire of the Sun: 170 cards that load and carry the rulebook's values."""

import re

import pytest

from tests.browser.language import problems_in
from wargame.engine.data import PROVENANCES, load_records
from wargame.engine.rules import load_rule_index
from wargame.games.empire_of_the_sun.game import card_data
from wargame.games.empire_of_the_sun.static import DATA, Card

pytestmark = pytest.mark.game("empire-of-the-sun")

HQ_KEYS = {
    "central_pacific",
    "southwest_pacific",
    "south_pacific",
    "seac",
    "malaya",
    "anzac",
    "abda",
    "combined_fleet",
    "south",
    "south_seas",
}
CLASS_RULE = {"military": "5.31", "reaction": "5.32", "resource": "5.33", "political": "5.34"}
# words of our sources that players never see on a card
INTERNAL = re.compile(r"IMPL|\bspec\b|later-edition|\bhint|§|\bEN\b|\bJA\b|\(\d+\.\d+")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def cards():
    return {card.id: card for card in load_records(DATA / "cards.yaml", Card)}


def ids(*numbers, side="J"):
    return {f"{side}{n}" for n in numbers}


@pytest.mark.rule("1.24")
def test_the_decks_hold_86_japanese_and_84_allied_cards(cards):
    sides = [card.side for card in cards.values()]
    assert len(cards) == 170
    assert sides.count("japan") == 86
    assert sides.count("allied") == 84


@pytest.mark.rule("1.24")
def test_ids_match_side_and_number_and_run_in_deck_order():
    records = load_records(DATA / "cards.yaml", Card)
    expected = [f"J{n}" for n in range(1, 87)] + [f"A{n}" for n in range(1, 85)]
    assert [card.id for card in records] == expected
    for card in records:
        prefix = "J" if card.side == "japan" else "A"
        assert card.id == f"{prefix}{card.number}"


@pytest.mark.rule("5.1")
def test_operations_values_are_1_to_3(cards):
    assert {card.oc for card in cards.values()} <= {1, 2, 3}


@pytest.mark.rule("5.2", "5.22")
def test_every_card_but_the_turn_1_events_has_an_oc_intelligence_value(cards):
    without = {card.id for card in cards.values() if card.oc_intel is None}
    assert without == {"J1", "J2"}
    for card in cards.values():
        for value in (card.oc_intel, card.ec_intel):
            assert value is None or 1 <= value <= 9, card.id


@pytest.mark.rule("5.2", "5.31")
def test_only_military_events_have_an_ec_intelligence_value(cards):
    for card in cards.values():
        if card.ec_intel is not None:
            assert card.type == "military", card.id


@pytest.mark.rule("5.32")
def test_reaction_cards_and_only_they_have_a_reaction_kind(cards):
    for card in cards.values():
        assert (card.type == "reaction") == (card.reaction is not None), card.id


@pytest.mark.rule("5.12", "5.31")
def test_military_events_have_a_logistics_value_except_operation_z(cards):
    military = [card for card in cards.values() if card.type == "military"]
    assert {card.id for card in military if card.lv is None} == {"J1"}
    assert cards["A84"].lv == 0


@pytest.mark.rule("5.13", "5.32")
def test_counter_offensive_reactions_give_intercept_and_their_own_lv(cards):
    counters = {card.id: card for card in cards.values() if card.reaction == "counter_offensive"}
    assert set(counters) == {"J17", "J45", "J46", "J65", "J85", "A5"}
    for card in counters.values():
        assert card.intelligence == "intercept", card.id
    # J65 and J85 take their LV from the attacker's card (stated in the effect).
    assert {i for i, card in counters.items() if card.lv is None} == {"J65", "J85"}


@pytest.mark.rule("5.12", "5.13")
def test_only_military_and_counter_offensive_cards_have_an_lv(cards):
    for card in cards.values():
        if card.lv is not None or card.lv_hq:
            assert card.type == "military" or card.reaction == "counter_offensive", card.id


@pytest.mark.rule("5.32", "8.2")
def test_intelligence_reactions_give_intercept_or_ambush_and_only_allies_ambush(cards):
    for card in cards.values():
        if card.reaction == "intelligence":
            assert card.intelligence in ("intercept", "ambush"), card.id
        if card.reaction in ("attack", "weather", "personage"):
            assert card.intelligence is None, card.id
    assert {c.id for c in cards.values() if c.intelligence == "ambush"} == {"A12", "A26"}


@pytest.mark.rule("5.31")
def test_only_military_events_impose_surprise(cards):
    for card in cards.values():
        if card.intelligence == "surprise":
            assert card.type == "military", card.id


@pytest.mark.rule("5.37")
def test_the_special_events_are_tojo_resigns_and_soviets_invade_manchuria(cards):
    special = {card.id for card in cards.values() if card.special}
    assert special == {"J43", "A79"}
    assert cards["J43"].title == "Tojo Resigns"
    assert cards["A79"].title == "Soviets Invade Manchuria"
    for card_id in special:
        assert cards[card_id].type == "political"
        assert cards[card_id].remove


@pytest.mark.rule("5.32")
def test_weather_cards_are_weather_reactions_removed_after_play(cards):
    weather = {card.id for card in cards.values() if card.reaction == "weather"}
    assert weather == {"J19", "J22", "J64"}
    for card in cards.values():
        if card.title.startswith("Weather"):
            assert card.id in weather
    for card_id in weather:
        assert cards[card_id].type == "reaction"
        assert cards[card_id].remove


@pytest.mark.rule("5.21", "5.31")
def test_col_tsuji_specifies_surprise_and_the_army_codes_card_gives_ambush(cards):
    tsuji, codes = cards["J3"], cards["A26"]
    assert tsuji.title.startswith("Col. Tsuji")
    assert (tsuji.type, tsuji.oc, tsuji.intelligence) == ("military", 2, "surprise")
    assert (codes.type, codes.reaction, codes.intelligence) == (
        "reaction",
        "intelligence",
        "ambush",
    )


@pytest.mark.rule("5.22")
def test_second_operational_phase_has_ec_intelligence_7(cards):
    card = cards["J10"]
    assert card.title == "2nd Operational Phase"
    assert (card.type, card.ec_intel) == ("military", 7)


@pytest.mark.rule("8.2")
def test_rochefort_is_an_ambush_intelligence_reaction(cards):
    card = cards["A12"]
    assert card.title == "Commander Rochefort"
    assert (card.reaction, card.intelligence) == ("intelligence", "ambush")


@pytest.mark.rule("12.75", "12.76", "13.31")
def test_china_airlift_is_a_one_time_resource_event(cards):
    card = cards["A17"]
    assert card.title.startswith("China Airlift")
    assert (card.type, card.remove) == ("resource", True)


@pytest.mark.rule("9.31")
def test_asp_events_edwin_booz_and_olympic_coronet(cards):
    booz, olympic = cards["A18"], cards["A9"]
    assert booz.title.startswith("Edwin Booz")
    assert (booz.type, booz.remove) == ("resource", True)
    assert olympic.type == "military"
    assert set(olympic.hq) == {"southwest_pacific", "central_pacific"}


@pytest.mark.rule("11.22")
def test_escort_cards_are_restricted_to_the_combined_fleet_hq(cards):
    for card_id in ("J37", "J38"):
        card = cards[card_id]
        assert (card.type, card.hq, card.remove) == ("military", ["combined_fleet"], True)


@pytest.mark.rule("4.14", "17.11")
def test_turn_1_cards_are_the_two_opening_surprise_offensives(cards):
    operation_z, iai = cards["J1"], cards["J2"]
    assert operation_z.title.startswith("Operation Z")
    assert iai.title.startswith("IAI")
    for card in (operation_z, iai):
        assert (card.type, card.oc, card.intelligence, card.remove) == (
            "military",
            3,
            "surprise",
            True,
        )
    assert operation_z.lv is None
    assert iai.lv == 20
    assert cards["A4"].title == "Arcadia Conference"


@pytest.mark.rule("12.62")
def test_the_gandhi_cards_are_political_events(cards):
    gandhi, strike = cards["J15"], cards["J82"]
    assert gandhi.title == "Mahatma Gandhi"
    assert strike.title.startswith("Indian Worker")
    assert gandhi.type == strike.type == "political"
    assert gandhi.remove and not strike.remove
    # The other "Mahatma Gandhi" card is a personage reaction, not a 12.62 Gandhi card.
    assert (cards["J21"].type, cards["J21"].reaction) == ("reaction", "personage")


@pytest.mark.rule("5.12", "5.13")
def test_example_cards_operation_re_and_matador(cards):
    operation_re, matador = cards["J23"], cards["A5"]
    assert (operation_re.oc, operation_re.lv, operation_re.hq) == (2, 3, [])
    assert operation_re.intelligence == "surprise"
    assert (matador.reaction, matador.lv, matador.intelligence) == (
        "counter_offensive",
        3,
        "intercept",
    )


@pytest.mark.rule("5.31")
def test_cards_named_by_the_military_event_rule(cards):
    assert (cards["A33"].type, cards["A33"].lv) == ("military", 3)
    assert (cards["A70"].type, cards["A70"].hq) == ("military", ["seac"])
    # Conflict (spec §10): 5.31 calls J34 a reaction card; IMPL-A/B and we say political.
    assert (cards["J34"].type, cards["J34"].draw) == ("political", True)


@pytest.mark.rule("5.22")
def test_japanese_75_takes_oc_intelligence_3(cards):
    # Conflict (spec §10): IMPL-A 3, IMPL-B 1; 3 fits the other Submarine Attack cards.
    submarines = [c for c in cards.values() if c.side == "japan" and c.title == "Submarine Attack"]
    assert {card.id for card in submarines} == ids(24, 27, 36, 75, 86)
    assert {card.oc_intel for card in submarines} == {3}


@pytest.mark.rule("13.32")
def test_tokyo_express_cards_are_military_events(cards):
    for card_id in ("J28", "J44"):
        assert cards[card_id].type == "military"
        assert "Tokyo Express" in cards[card_id].title


@pytest.mark.rule("7.47", "9.33")
def test_barges_and_pt_boats(cards):
    assert (cards["J73"].type, cards["J73"].remove) == ("military", True)
    assert (cards["A23"].title, cards["A23"].type, cards["A23"].remove) == (
        "PT Boats",
        "resource",
        True,
    )


@pytest.mark.rule("17.26")
def test_political_will_events_are_political(cards):
    for card_id in ("J43", "J74", "A1", "A6"):
        assert cards[card_id].type == "political", card_id


@pytest.mark.rule("17.25")
def test_vadm_kondo_is_a_military_event_with_an_lv(cards):
    card = cards["J47"]
    assert (card.title, card.type, card.lv) == ("VADM Kondo", "military", 7)


@pytest.mark.rule("12.72", "12.73")
def test_china_offensive_cards_stay_in_the_deck(cards):
    for card_id in ("A81", "A82", "A83"):
        card = cards[card_id]
        assert (card.title, card.type, card.remove) == ("China Offensive", "political", False)


@pytest.mark.rule("5.34")
def test_grouped_rows_expand_to_one_card_each_with_year_amounts(cards):
    groups = {
        "War in Europe (minor Axis victory)": ids(51, 52, 53, 54, 56, 57),
        "War in Europe (major Axis victory)": ids(55),
        "War in Europe (minor Allied victory)": ids(11, 14, 41, 42, side="A"),
        "War in Europe (major Allied victory)": ids(47, 66, 73, side="A"),
        "Kamikaze Attack": ids(61, 62, 63, 66, 81),
        "JN25 Code Change": ids(4, 13, 49, 69, 70, 84),
        "China Offensive": ids(81, 82, 83, side="A"),
    }
    for title, members in groups.items():
        assert {card.id for card in cards.values() if card.title == title} == members, title
    for card in cards.values():
        if card.title.startswith("War in Europe"):
            assert "1942" in card.effect and "1943" in card.effect, card.id


@pytest.mark.rule("17.35", "17.45")
def test_scenario_card_lists_match_removal_flags(cards):
    removed = {
        "1943": ids(1, 2, 5, 6, 13, 15, 18, 39, 55, 73, 78)
        | ids(1, 3, 4, 6, 7, 8, 10, 11, 12, 14, 16, 17, 20, 51, side="A"),
        "1944": ids(1, 2, 5, 6, 13, 15, 18, 26, 31, 39, 51, 53, 54, 55, 73, 78)
        | ids(1, 3, 4, 6, 7, 8, 10, 11, 12, 14, 16, 17, 18, 20, 22, 23, 24, 27, 30, 39, side="A")
        | ids(41, 42, 47, 51, 73, side="A"),
    }
    discarded = ids(8, 12, 14, 20, 25, 29, 35, 7) | ids(13, 15, 2, side="A")
    future_offensive = ids(26, 4) | ids(29, 45, side="A")
    for card_id in removed["1943"] | removed["1944"]:
        assert cards[card_id].remove, card_id
    for card_id in discarded:
        assert not cards[card_id].remove, card_id
    for card_id in future_offensive:
        assert not cards[card_id].special, card_id


@pytest.mark.rule("5.31")
def test_hq_keys_come_from_the_allowed_list(cards):
    for card in cards.values():
        assert set(card.hq) <= HQ_KEYS, card.id
        assert set(card.lv_hq) <= HQ_KEYS, card.id
        assert all(value > (card.lv or 0) for value in card.lv_hq.values()), card.id


@pytest.mark.rule("5.3")
def test_every_card_has_effect_text_provenance_and_known_rule_refs(cards):
    index = load_rule_index(DATA / "rules.yaml")
    known = {entry.number for entry in index.rules}
    for card in cards.values():
        assert card.effect.strip(), card.id
        assert card.title and card.title_ja, card.id
        assert card.provenance in PROVENANCES, card.id
        assert card.ref, card.id
        refs = card.ref.split(", ")
        assert set(refs) <= known, (card.id, set(refs) - known)
        assert CLASS_RULE[card.type] in refs, card.id


@pytest.mark.rule("5.3")
def test_every_card_says_what_its_event_does_in_both_languages_in_players_words(cards):
    for card in cards.values():
        for text in (card.effect, card.effect_ja):
            assert text.strip() and not INTERNAL.search(text), (card.id, text)
        assert JAPANESE.search(card.effect_ja), card.id
        assert problems_in(card.effect_ja) == [], (card.id, problems_in(card.effect_ja))
        assert card.note.strip(), card.id


@pytest.mark.rule("5.3")
def test_an_uncertain_effect_is_marked_for_players(cards):
    for card in cards.values():
        if card.provenance == "reconstructed":
            assert "(reconstructed)" in card.effect and "(再構成)" in card.effect_ja, card.id
        if card.provenance == "provisional":
            assert "Provisional" in card.effect and "暫定" in card.effect_ja, card.id
    tojo = cards["J43"]  # its timing is our stand-in (5.37), its effect a later edition's
    assert "provisional" in tojo.effect and "(reconstructed)" in tojo.effect


def test_a_client_gets_both_effects_and_never_the_source_notes(cards):
    sent = card_data(cards["J12"])
    assert sent["effect"] == cards["J12"].effect and sent["effect_ja"] == cards["J12"].effect_ja
    assert "note" not in sent and "IMPL" not in str(sent)
