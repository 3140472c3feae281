"""Setting up a scenario (2.1-2.3, 17.x, 18.0) and the December 1941 turn (17.11).

Games are set up with ``GAME.setup``; the checks read the resulting state. Hexes: Tokyo 3706,
Seoul 3305 (Korea), Shanghai 3007 (coastal China), Guam 3814, Hong Kong 2709, Manila 2813,
Kunming 2407, Singapore 2015, Miri 2415, Guadalcanal 4423, Akyab 2006, Port Moresby 3823.
"""

from __future__ import annotations

import pytest

from wargame.engine.action import Action
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import GAME
from wargame.games.empire_of_the_sun.sequence import Turn
from wargame.games.empire_of_the_sun.setup import read_entry
from wargame.games.empire_of_the_sun.strategic_warfare import resource_hexes

pytestmark = pytest.mark.game("empire-of-the-sun")

RESOURCE_HEXES = {
    "1813", "1916", "2017", "2008", "2014", "2220", "2415",
    "2517", "2616", "2813", "3219", "3302", "3303", "3305",
}  # fmt: skip
CARDS = GAME.parts.cards
UNITS = GAME.parts.units
BOARD = GAME.parts.board


@pytest.fixture(scope="module")
def games():
    return {scenario: GAME.setup(scenario, 7) for scenario in ("campaign", "1942", "1943", "1944")}


def context(state):
    return GAME.context(state)


def own_cards(side):
    return {c for c, card in CARDS.items() if card.side == side}


# -- 18.0 notation, 2.2, 2.3 ----------------------------------------------------------------------
@pytest.mark.rule("18.0", "2.2")
@pytest.mark.parametrize(
    ("entry", "state"),
    [
        ("2813", ("2813", False)),
        ("[2917]", ("2917", True)),
        ("t3", ("turn:3", False)),
        ("[t7]", ("turn:7", True)),
        ("delay", ("delayed", False)),
        ("elim", ("eliminated", False)),
        ("event", ("event", False)),
        ("china", ("china", False)),
    ],
)
def test_set_up_entries_are_a_hex_a_turn_or_a_box_with_brackets_for_reduced(entry, state):
    assert read_entry(entry) == state


@pytest.mark.rule("2.2", "18.0", "17.1")
def test_the_campaign_places_units_from_the_1941_column(games):
    data = games["campaign"].data
    units, reduced = data["units"], data["reduced"]
    assert units["us-hq-swpac"] == "2813" and "us-hq-swpac" not in reduced
    assert units["us-cv-lexington"] == "5410" and "us-cv-lexington" in reduced  # white triangle
    assert units["jp-2-army"] == "turn:7" and "jp-2-army" in reduced  # enters reduced
    assert units["us-20bc"] == "turn:9"
    assert units["jt-hq-abda"] == "event"  # comes only with its card


@pytest.mark.rule("2.3", "18.0", "17.21", "17.31", "17.41")
def test_later_scenarios_use_their_column_and_the_campaign_turns_for_later_arrivals(games):
    units = {scenario: state.data["units"] for scenario, state in games.items()}
    reduced = {scenario: state.data["reduced"] for scenario, state in games.items()}
    assert units["1942"]["us-19-lrb"] == "2917" and "us-19-lrb" in reduced["1942"]
    assert units["1942"]["us-5af-lrb"] == "delayed"
    assert units["1943"]["us-14af-lrb"] == "china"
    assert units["1943"]["jt-hq-abda"] == "eliminated"
    assert units["1943"]["jp-17-army"] == "4021" and "jp-17-army" not in reduced["1943"]
    assert units["1944"]["jp-2-army"] == "3520" and "jp-2-army" in reduced["1944"]
    for scenario in ("1942", "1943", "1944"):
        assert units[scenario]["us-20bc"] == "turn:9"  # as in the campaign (2.3)
    assert units["1943"]["jp-2-army"] == "turn:7"


@pytest.mark.rule("2.1", "17.5", "17.6", "17.7", "17.8", "17.9")
@pytest.mark.parametrize(
    ("scenario", "turns", "column", "victory"),
    [
        ("1942-1943", (2, 7), "1942", "1943"),
        ("1943-1944", (5, 10), "1943", "1944"),
        ("1942-1944", (2, 10), "1942", "1944"),
        ("shortened-campaign", (2, 12), "1942", "campaign"),
        ("even-shorter-campaign", (5, 12), "1943", "campaign"),
    ],
)
def test_combined_scenarios_start_as_their_first_year_and_end_with_another(
    games, scenario, turns, column, victory
):
    state = GAME.setup(scenario, 7)
    first = column  # the scenario whose set-up it borrows
    assert (state.data["first_turn"], state.data["last_turn"]) == turns
    assert state.data["turn"] == turns[0]
    assert state.data["victory"] == victory
    assert state.data["units"] == games[first].data["units"]
    assert state.data["control"] == games[first].data["control"]
    assert state.data["tracks"] == games[first].data["tracks"]


# -- 17.14: campaign control and markers ----------------------------------------------------------
@pytest.mark.rule("17.14", "12.1")
def test_campaign_control_japanese_empire_korea_and_coastal_china(games):
    control = games["campaign"].data["control"]
    for hex_id in ("3706", "3305", "3007", "2909", "3813", "4017"):  # Tokyo, Seoul, Shanghai...
        assert control[hex_id] == "japan", hex_id
    for hex_id in ("3814", "2709"):  # Guam and Hong Kong carry Allied flags
        assert control[hex_id] == "allied", hex_id
    for hex_id in ("2813", "2015", "2407", "3823", "5808", "1805"):
        assert control[hex_id] == "allied", hex_id
    for hex_id in BOARD.area("japanese_empire"):
        assert control[hex_id] == "japan" or hex_id == "3814"
    assert resource_hexes(context(games["campaign"]), "japan") == 3  # Manchuria and Korea


@pytest.mark.rule("17.14", "17.1")
def test_campaign_markers(games):
    tracks = games["campaign"].data["tracks"]
    assert tracks["war_in_europe"] == 0
    assert tracks["japanese_asp"] == 7 and tracks["allied_asp"] == 0
    assert tracks["china"] == "stable_front" and tracks["china_divisions"] == 12
    assert tracks["burma_road"] == "open" and not tracks["hump"]
    assert tracks["india"] == "stable"
    assert not tracks["us_isr"] and not tracks["japanese_isr"]
    assert games["campaign"].data["surrendered"] == []


# -- 4.14, 17.11: the campaign's cards ------------------------------------------------------------
@pytest.mark.rule("4.14", "17.11")
def test_japanese_cards_1_and_2_are_the_only_cards_of_turn_1(games):
    piles = games["campaign"].data["cards"]
    assert piles["japan"]["hand"] == ["J2"]  # J1 Operation Z is being played
    assert piles["allied"]["hand"] == []
    assert sorted(piles["japan"]["deck"]) == sorted(own_cards("japan") - {"J1", "J2"})
    assert sorted(piles["allied"]["deck"]) == sorted(own_cards("allied"))
    for side in ("japan", "allied"):
        assert piles[side]["discard"] == piles[side]["removed"] == []
        assert piles[side]["future"] is None


@pytest.mark.rule("4.14")
def test_decks_are_shuffled_by_the_seed():
    one, same, other = (GAME.setup("1943", seed).data["cards"] for seed in (1, 1, 2))
    assert one == same
    assert one["japan"]["deck"] != other["japan"]["deck"]
    assert sorted(one["japan"]["deck"] + one["japan"]["hand"]) == sorted(
        other["japan"]["deck"] + other["japan"]["hand"]
    )


# -- 17.11: the December 1941 turn ----------------------------------------------------------------
def first_choice(state, *preferences):
    side = GAME.active(state)[0]
    legal = [a.text for a in GAME.legal_actions(state, side)]
    pick = next((p for p in preferences if p in legal), legal[0])
    return side, Action(pick)


@pytest.mark.rule("17.11", "16.44", "5.36")
def test_the_opening_turn_plays_j1_then_j2_as_events_and_operation_z_sets_political_will():
    state = GAME.setup("campaign", 3)
    assert state.data["tracks"]["political_will"] == 8  # set when Operation Z is played
    assert state.stack[-1].locals == {"side": "japan", "card": "J1", "mode": "ec", "lv": None}
    while state.stack[-1].name != "offensive" or state.stack[-1].step != "choose_hq":
        state = GAME.apply(state, *first_choice(state, "done"))
    assert state.stack[-1].locals["card"] == "J2"
    assert state.stack[-1].locals["lv"] == CARDS["J2"].lv
    assert state.data["cards"]["japan"]["removed"] == ["J1"]
    assert GAME.active(state) == ["japan"]
    state = GAME.apply(state, "japan", Action("none"))
    while state.stack[-1].name != "free_naval_moves":
        state = GAME.apply(state, *first_choice(state, "done"))
    piles = state.data["cards"]["japan"]
    assert piles["removed"] == ["J1", "J2"] and piles["hand"] == []
    plays = [e.params["card"] for e in state.log if e.key == "log.play_event"]
    assert plays == ["J1", "J2"]


@pytest.mark.rule("17.11", "17.25")
def test_after_iai_every_allied_naval_unit_gets_one_free_emergency_move_then_turn_2_begins():
    state = GAME.setup("campaign", 3)
    while state.stack[-1].name != "free_naval_moves":
        state = GAME.apply(state, *first_choice(state, "none", "done"))
    assert state.stack[-2].name == "opening_turn"
    ships = state.stack[-1].locals["ships"]
    naval = sorted(
        u
        for u, at in state.data["units"].items()
        if UNITS[u].side == "allied" and UNITS[u].unit_class == "naval" and at[0].isdigit()
    )
    assert ships == naval
    assert GAME.active(state) == ["allied"]
    first = ships[0]
    legal = [a.text for a in GAME.legal_actions(state, "allied")]
    assert "stay" in legal
    target = next(a for a in legal if a.startswith("hex "))
    state = GAME.apply(state, "allied", Action(target))
    assert state.data["units"][first] == target.split()[1]
    assert state.stack[-1].locals["ships"] == ships[1:]
    moves = 1
    while state.data["turn"] == 1:
        side, pick = first_choice(state, "stay", "done")
        assert side == "allied"
        state = GAME.apply(state, side, pick)
        moves += 1
    assert moves == len(ships) + 1  # one decision per ship, then done
    assert state.stack[-2].name == "turn"
    assert state.stack[-1].name == "reinforcements"  # turn 2 is a normal turn (17.12)


@pytest.mark.rule("17.11", "4.4")
def test_the_december_1941_turn_has_no_attrition_phase():
    state = GAME.setup("1942", 1)
    for turn, attrition in ((1, False), (2, True)):
        g = context(state)
        g.data["turn"] = turn
        g.state.stack.append(Frame("turn", "attrition"))
        Turn().attrition(g, g.frame)
        assert (g.state.stack[-1].name == "attrition") is attrition
        assert g.data["phase"] == "attrition"


# -- 17.2 1942 ------------------------------------------------------------------------------------
@pytest.mark.rule("17.2", "17.23", "17.24", "17.12")
def test_1942_starts_at_turn_2_offensives_with_its_own_deal(games):
    data = games["1942"].data
    assert data["turn"] == 2
    piles = data["cards"]
    assert piles["japan"]["removed"] == ["J1", "J2"]
    assert "J1" not in piles["japan"]["deck"] + piles["japan"]["hand"]
    assert (len(piles["japan"]["hand"]), len(piles["allied"]["hand"])) == (7, 5)
    assert data["passes"] == {"japan": 0, "allied": 2}
    tracks = data["tracks"]
    assert (tracks["political_will"], tracks["allied_asp"], tracks["china_divisions"]) == (8, 1, 11)
    assert not any(e.key == "log.roll" for e in games["1942"].log)  # no strategic warfare


@pytest.mark.rule("17.25")
def test_1942_allied_ships_each_get_a_free_emergency_move_before_the_first_japanese_card(games):
    state = games["1942"]
    ships = sorted(
        u for u, at in state.data["units"].items()
        if UNITS[u].side == "allied" and UNITS[u].unit_class == "naval" and at[0].isdigit()
    )  # fmt: skip
    seen = []
    while GAME.active(state) == ["allied"] and state.stack[-1].name == "free_naval_moves":
        seen.append(state.stack[-1].locals["ships"][0] if state.stack[-1].locals["ships"] else None)
        state = GAME.apply(state, *first_choice(state, "stay", "done"))
    assert [s for s in seen if s] == ships
    assert state.data["phase"] == "offensives" and state.data["initiative"] == "japan"
    assert GAME.active(state) == ["japan"]


@pytest.mark.rule("17.2", "17.22", "12.1")
def test_1942_control_empire_plus_hexes_held_by_set_up_units(games):
    data = games["1942"].data
    control = data["control"]
    assert control["3706"] == control["3305"] == control["3007"] == "japan"
    assert control["2813"] == "allied"
    jp_at_miri = [u for u, at in data["units"].items() if at == "2415"]
    assert jp_at_miri and all(UNITS[u].side == "japan" for u in jp_at_miri)
    assert control["2415"] == "japan"  # Miri: the 4th Japanese resource hex (17.23)
    assert resource_hexes(context(games["1942"]), "japan") == 4
    assert data["surrendered"] == []


# -- 17.3 1943 ------------------------------------------------------------------------------------
@pytest.mark.rule("17.3", "17.32", "17.36", "12.1")
def test_1943_japan_holds_the_14_resource_hexes_and_the_surrendered_nations(games):
    data = games["1943"].data
    control = data["control"]
    assert {h for h in RESOURCE_HEXES if control[h] == "japan"} == RESOURCE_HEXES
    assert sorted(data["surrendered"]) == sorted(
        ["malaya", "philippines", "dei", "burma", "mandates_australian"]
    )
    for hex_id in ("2015", "2813", "2220", "4021", "2008"):  # Singapore, Manila, Soerabaja...
        assert control[hex_id] == "japan", hex_id
    for hex_id in ("4423", "2006", "3823", "3727", "5808"):  # Guadalcanal, Akyab, Port Moresby
        assert control[hex_id] == "allied", hex_id
    assert control["4423"] == "allied"


@pytest.mark.rule("17.35", "17.33", "6.29", "4.21")
def test_1943_cards_removed_discarded_and_future_offensives_are_out_of_the_decks(games):
    data = games["1943"].data
    piles = data["cards"]
    assert "J26" not in piles["japan"]["deck"] and piles["japan"]["future"] == "J26"
    assert piles["allied"]["future"] == "A29"
    assert {"J1", "J2", "J18", "J73"} <= set(piles["japan"]["removed"])
    assert set(piles["japan"]["discard"]) == {"J8", "J12", "J14", "J20", "J25", "J29", "J35"}
    assert set(piles["allied"]["discard"]) == {"A13", "A15"}
    for side in ("japan", "allied"):
        own = piles[side]
        held = [*own["deck"], *own["hand"], *own["discard"], *own["removed"], own["future"]]
        assert sorted(held) == sorted(own_cards(side))  # every card in exactly one place
        assert not set(own["deck"]) & {*own["discard"], *own["removed"], own["future"]}
    assert (len(piles["japan"]["hand"]), len(piles["allied"]["hand"])) == (7, 7)
    assert data["initiative"] == "allied"  # a tie in 1943 goes to the Allies
    # Japan may first take the initiative with its Future Offensive card, if it has an event
    legal = [a.text for a in GAME.legal_actions(games["1943"], "japan")]
    assert legal == ["future-first", "decline"]  # J26 Chiang Kai-shek, a playable political event
    state = GAME.apply(games["1943"], "japan", Action("decline"))
    legal = [a.text for a in GAME.legal_actions(state, "allied")]
    assert "card A29" in legal  # held since before the scenario: playable on turn 5
    tracks = data["tracks"]
    assert tracks["us_isr"] and tracks["japanese_isr"] and tracks["war_in_europe"] == -1


# -- 17.4 1944 ------------------------------------------------------------------------------------
@pytest.mark.rule("17.4", "17.43", "17.45", "17.46")
def test_1944_deal_future_offensives_and_control(games):
    data = games["1944"].data
    piles = data["cards"]
    assert (len(piles["japan"]["hand"]), len(piles["allied"]["hand"])) == (6, 7)
    assert data["passes"] == {"japan": 1, "allied": 0}
    assert data["initiative"] == "allied"
    assert (piles["japan"]["future"], piles["allied"]["future"]) == ("J4", "A45")
    assert piles["japan"]["discard"] == ["J7"] and piles["allied"]["discard"] == ["A2"]
    assert data["control"]["4222"] == "allied"  # Bougainville
    assert {h for h in RESOURCE_HEXES if data["control"][h] == "japan"} == RESOURCE_HEXES
    assert data["tracks"]["political_will"] == 5 and data["tracks"]["pt_boats"]
