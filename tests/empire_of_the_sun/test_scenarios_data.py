"""The scenarios of Empire of the Sun as data: turns, tracks, cards and control (17.0, spec 6.6).

Loaded with the plain file loader, not ``Static()``; the checks against the map and the card list
run only once ``data/map.json`` and ``data/cards.yaml`` exist.
"""

import re

import pytest

from wargame.engine.data import load_file, load_records
from wargame.games.empire_of_the_sun.static import (
    DATA,
    SETUP_NOTATION,
    Card,
    MapFile,
    Markers,
    ScenarioFile,
    Unit,
)

pytestmark = pytest.mark.game("empire-of-the-sun")

FILE = load_file(DATA / "scenarios.yaml", ScenarioFile)
SCENARIOS = {s.id: s for s in FILE.scenarios}
UNITS = {u.id: u for u in load_records(DATA / "units.yaml", Unit)}
RESOURCE_HEXES = {
    "1813", "1916", "2017", "2008", "2014", "2220", "2415",
    "2517", "2616", "2813", "3219", "3302", "3303", "3305",
}  # fmt: skip
SURRENDERED_BY_1943 = {"malaya", "philippines", "dei", "burma", "mandates_australian"}

# scenario: first turn, last turn, set-up column, victory, rule
SHAPE = {
    "campaign": (1, 12, "1941", "campaign", "17.1"),
    "1942": (2, 4, "1942", "1942", "17.2"),
    "1943": (5, 7, "1943", "1943", "17.3"),
    "1944": (8, 10, "1944", "1944", "17.4"),
    "1942-1943": (2, 7, "1942", "1943", "17.5"),
    "1943-1944": (5, 10, "1943", "1944", "17.6"),
    "1942-1944": (2, 10, "1942", "1944", "17.7"),
    "shortened-campaign": (2, 12, "1942", "campaign", "17.8"),
    "even-shorter-campaign": (5, 12, "1943", "campaign", "17.9"),
}
# the scenario whose start (set-up, markers, cards, control) each scenario copies
STARTS_AS = {
    "1942-1943": "1942",
    "1942-1944": "1942",
    "shortened-campaign": "1942",
    "1943-1944": "1943",
    "even-shorter-campaign": "1943",
}
# spec 6.6 (17.14, 17.23, 17.33, 17.43)
MARKERS = {
    "campaign": Markers(
        political_will=0,
        war_in_europe=0,
        japanese_resources=3,
        japanese_asp=7,
        allied_asp=0,
        china_divisions=12,
        china="stable_front",
        burma_road="open",
    ),
    "1942": Markers(
        political_will=8,
        war_in_europe=0,
        japanese_resources=4,
        japanese_asp=7,
        allied_asp=1,
        china_divisions=11,
        china="stable_front",
        burma_road="open",
    ),
    "1943": Markers(
        political_will=6,
        war_in_europe=-1,
        japanese_resources=14,
        japanese_asp=7,
        allied_asp=4,
        china_divisions=7,
        china="major_breakthrough",
        burma_road="closed",
        hump=True,
        us_isr=True,
        japanese_isr=True,
        barges=True,
        japanese_air_replacements=2,
        japanese_naval_replacements=1,
    ),
    "1944": Markers(
        political_will=5,
        war_in_europe=2,
        japanese_resources=14,
        japanese_asp=5,
        allied_asp=8,
        china_divisions=5,
        china="major_breakthrough",
        burma_road="closed",
        hump=True,
        us_isr=True,
        japanese_isr=True,
        pt_boats=True,
    ),
}


def cards(*numbers, deck):
    return [f"{deck}{n}" for n in numbers]


def all_cards(scenario):
    return [
        *scenario.removed_cards,
        *scenario.discarded_cards,
        *scenario.set_aside_cards,
        *scenario.future_offensive.values(),
    ]


@pytest.mark.rule("17.1", "17.2", "17.3", "17.4", "17.5", "17.6", "17.7", "17.8", "17.9")
def test_every_scenario_with_its_turns_set_up_and_victory():
    assert list(SCENARIOS) == list(SHAPE)
    for scenario_id, (first, last, column, victory, rule) in SHAPE.items():
        scenario = SCENARIOS[scenario_id]
        assert (scenario.first_turn, scenario.last_turn) == (first, last), scenario_id
        assert (scenario.setup, scenario.victory) == (column, victory), scenario_id
        assert (scenario.provenance, scenario.ref) == ("rulebook", rule), scenario_id
        assert scenario.title and scenario.title_ja and scenario.notes, scenario_id
        if victory == "campaign":
            assert last == 12, scenario_id


@pytest.mark.rule("17.14", "17.23", "17.33", "17.43")
@pytest.mark.parametrize("scenario_id", list(MARKERS))
def test_start_markers_of_the_four_starts(scenario_id):
    assert SCENARIOS[scenario_id].markers == MARKERS[scenario_id]


@pytest.mark.rule("17.5", "17.6", "17.7", "17.8", "17.9")
@pytest.mark.parametrize(("scenario_id", "start_id"), list(STARTS_AS.items()))
def test_longer_scenarios_start_as_their_first_year(scenario_id, start_id):
    scenario, start = SCENARIOS[scenario_id], SCENARIOS[start_id]
    for field in (
        "setup",
        "first_turn",
        "markers",
        "allied_control",
        "japanese_control",
        "removed_cards",
        "discarded_cards",
        "future_offensive",
        "set_aside_cards",
        "events_in_effect",
        "first_deal",
        "first_passes",
        "surrendered",
    ):
        assert getattr(scenario, field) == getattr(start, field), (scenario_id, field)


@pytest.mark.rule("17.11", "17.14", "16.44")
def test_campaign_start():
    campaign = SCENARIOS["campaign"]
    assert campaign.markers.political_will == 0  # Operation Z (J1) then sets +8
    assert set(campaign.allied_control) == {"2709", "3814"}  # Hong Kong and Guam
    assert campaign.japanese_control == []
    assert all_cards(campaign) == [] and campaign.events_in_effect == []
    assert campaign.surrendered == [] and campaign.first_deal == {}


@pytest.mark.rule("17.2", "17.24", "17.25")
def test_1942_cards_and_deal():
    scenario = SCENARIOS["1942"]
    assert scenario.set_aside_cards == ["J1", "J2"]
    assert scenario.removed_cards == scenario.discarded_cards == []
    assert scenario.future_offensive == {}
    assert scenario.first_deal == {"japan": 7, "allied": 5}
    assert scenario.first_passes == {"japan": 0, "allied": 2}
    assert scenario.surrendered == [] and scenario.allied_control == []
    assert scenario.events_in_effect == []


@pytest.mark.rule("17.35", "17.36")
def test_1943_cards_and_deal():
    scenario = SCENARIOS["1943"]
    assert scenario.removed_cards == [
        *cards(1, 2, 5, 6, 13, 15, 18, 39, 55, 73, 78, deck="J"),
        *cards(1, 3, 4, 6, 7, 8, 10, 11, 12, 14, 16, 17, 20, 51, deck="A"),
    ]
    assert sorted(scenario.discarded_cards) == sorted(
        [*cards(13, 15, deck="A"), *cards(8, 12, 14, 20, 25, 29, 35, deck="J")]
    )
    assert scenario.future_offensive == {"japan": "J26", "allied": "A29"}
    assert scenario.first_deal == {"japan": 7, "allied": 7}
    assert "kwai_route" in scenario.events_in_effect  # Bridge on the River Kwai (J18) played
    assert set(scenario.surrendered) == SURRENDERED_BY_1943


@pytest.mark.rule("17.43", "17.45", "17.46")
def test_1944_cards_and_deal():
    scenario = SCENARIOS["1944"]
    assert scenario.removed_cards == [
        *cards(1, 2, 5, 6, 13, 15, 18, 26, 31, 39, 51, 53, 54, 55, 73, 78, deck="J"),
        *cards(1, 3, 4, 6, 7, 8, 10, 11, 12, 14, 16, 17, 18, 20, 22, 23, 24, 27, 30, deck="A"),
        *cards(39, 41, 42, 47, 51, 73, deck="A"),
    ]
    assert sorted(scenario.discarded_cards) == ["A2", "J7"]
    assert scenario.future_offensive == {"japan": "J4", "allied": "A45"}
    assert scenario.first_deal == {"japan": 6, "allied": 7}
    assert scenario.first_passes == {"japan": 1, "allied": 0}
    assert {"J31_defence_doctrine", "pt_boats"} <= set(scenario.events_in_effect)
    assert set(scenario.surrendered) == SURRENDERED_BY_1943


@pytest.mark.rule("7.47", "9.33", "12.76", "17.35", "17.43")
@pytest.mark.parametrize("scenario_id", list(SHAPE))
def test_lasting_events_match_the_markers_and_their_played_cards(scenario_id):
    scenario = SCENARIOS[scenario_id]
    card_of = {
        "kwai_route": "J18",
        "barges": "J73",
        "hump": "A17",
        "pt_boats": "A23",
        "J31_defence_doctrine": "J31",
    }
    assert set(scenario.events_in_effect) <= set(card_of)
    for event in scenario.events_in_effect:
        assert card_of[event] in scenario.removed_cards, (scenario_id, event)
    markers = scenario.markers
    assert markers.barges == ("barges" in scenario.events_in_effect)
    assert markers.pt_boats == ("pt_boats" in scenario.events_in_effect)
    assert markers.hump == ("hump" in scenario.events_in_effect)
    assert not (markers.barges and markers.pt_boats)


@pytest.mark.rule("9.3", "9.31", "9.32")
@pytest.mark.parametrize("scenario_id", list(MARKERS))
def test_allied_asps_grow_one_a_turn_plus_edwin_booz(scenario_id):
    scenario = SCENARIOS[scenario_id]
    booz = 1 if "A18" in scenario.removed_cards else 0
    assert scenario.markers.allied_asp == scenario.first_turn - 1 + booz
    assert scenario.markers.japanese_asp >= 1


@pytest.mark.rule("1.24", "6.29", "17.35", "17.45")
@pytest.mark.parametrize("scenario_id", list(SHAPE))
def test_card_ids_are_well_formed_and_in_one_pile_only(scenario_id):
    scenario = SCENARIOS[scenario_id]
    listed = all_cards(scenario)
    assert len(listed) == len(set(listed)), scenario_id
    for card in listed:
        match = re.fullmatch(r"([JA])(\d+)", card)
        assert match, card
        assert 1 <= int(match.group(2)) <= (86 if match.group(1) == "J" else 84), card
    if scenario.future_offensive:
        assert set(scenario.future_offensive) == {"japan", "allied"}
        assert scenario.future_offensive["japan"].startswith("J")
        assert scenario.future_offensive["allied"].startswith("A")


@pytest.mark.rule("1.24", "17.35", "17.45")
def test_scenario_cards_exist_in_the_card_list():
    path = DATA / "cards.yaml"
    if not path.exists():
        pytest.skip("data/cards.yaml is not there yet")
    known = {card.id for card in load_records(path, Card)}
    for scenario in SCENARIOS.values():
        assert set(all_cards(scenario)) <= known, scenario.id


@pytest.mark.rule("12.62", "12.72", "12.73")
def test_status_tracks():
    assert FILE.china_track == [
        "stable_front",
        "unstable_front",
        "major_breakthrough",
        "threat_to_chungking",
        "chungking_falls",
        "government_collapse",
    ]
    assert FILE.india_track == ["stable", "unrest", "unstable", "surrendered"]
    for scenario in SCENARIOS.values():
        assert scenario.markers.china in FILE.china_track
        assert scenario.markers.india == "stable"


@pytest.mark.rule("9.32", "11.11", "12.72", "15.7", "16.1")
@pytest.mark.parametrize("scenario_id", list(SHAPE))
def test_markers_lie_on_their_tracks(scenario_id):
    markers = SCENARIOS[scenario_id].markers
    assert -7 <= markers.war_in_europe <= 3
    assert 0 <= markers.china_divisions <= 12
    assert 0 <= markers.japanese_resources <= len(RESOURCE_HEXES)
    assert markers.political_will >= 0 and markers.japanese_asp >= 1
    if markers.burma_road == "closed":
        assert markers.hump  # the 1943 and 1944 starts: Closed/HUMP


@pytest.mark.rule("17.32", "17.36", "17.42", "17.46")
@pytest.mark.parametrize("scenario_id", list(SHAPE))
def test_control_lists_agree_with_the_set_up(scenario_id):
    scenario = SCENARIOS[scenario_id]
    assert not set(scenario.allied_control) & set(scenario.japanese_control)
    for hex_id in [*scenario.allied_control, *scenario.japanese_control]:
        assert SETUP_NOTATION.match(hex_id).group("hex") == hex_id
    placed = {}
    for unit in UNITS.values():
        found = SETUP_NOTATION.match(unit.setup[scenario.setup]).group("hex")
        if found:
            placed.setdefault(found.strip("[]"), set()).add((unit.side, unit.unit_class))
    if scenario.surrendered:
        # 1943 starts: Japan holds all 14 resource hexes; listed Allied hexes hold Allied troops.
        assert set(scenario.japanese_control) == RESOURCE_HEXES
        assert scenario.markers.japanese_resources == len(RESOURCE_HEXES)
        for hex_id in scenario.allied_control:
            assert ("allied", "ground") in placed[hex_id], hex_id
        for hex_id in scenario.japanese_control:
            assert all(side == "japan" for side, _ in placed.get(hex_id, ())), hex_id


@pytest.mark.rule("17.14", "17.36", "17.46")
def test_control_hexes_against_the_map():
    path = DATA / "map.json"
    if not path.exists():
        pytest.skip("data/map.json is not there yet")
    hexes = {h.id: h for h in load_file(path, MapFile).hexes}
    assert {h for h, record in hexes.items() if record.resource} == RESOURCE_HEXES
    for scenario in SCENARIOS.values():
        for hex_id in [*scenario.allied_control, *scenario.japanese_control]:
            assert hex_id in hexes and hexes[hex_id].terrain != "ocean", (scenario.id, hex_id)
        if scenario.surrendered:
            for hex_id in scenario.allied_control:
                assert set(hexes[hex_id].areas) & set(scenario.surrendered), hex_id
