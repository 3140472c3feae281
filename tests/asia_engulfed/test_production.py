"""Asia Engulfed's production phase (1.13): income (4.1, T5), strategic warfare (2.0), purchases
(4.3-4.7, T6, T7) and the build markers completed at its end (4.74-4.77), played through the game
contract from the January 1942 set-up, the strategic warfare dice fixed."""

import copy

import pytest

from tests.asia_engulfed import positions
from tests.asia_engulfed.positions import (
    at_operational_movement,
    in_full_supply,
    mark_supply,
    pass_phase,
)
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.rng import Rng
from wargame.fuzz import check_views
from wargame.games.asia_engulfed import GAME, production, strategic_warfare
from wargame.games.asia_engulfed.board import area_map
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.naval import rebase_ports
from wargame.games.asia_engulfed.strategic_warfare import strategic_limit

pytestmark = pytest.mark.game("asia-engulfed")


@pytest.fixture
def dice(monkeypatch):
    """``dice(6, 1)``: the next strategic warfare dice show these faces, then 1s."""
    faces = []
    monkeypatch.setattr(strategic_warfare, "die", lambda g: faces.pop(0) if faces else 1)
    return lambda *shown: faces.extend(shown)


def play(state, side, *texts):
    """Apply ``texts`` in turn; a copy first, as a test may have changed the state's data after
    the game worked out its decision (which it remembers per state object)."""
    for text in texts:
        state = positions.play(copy.deepcopy(state), side, text)
    return state


def actions(state, side):
    return [str(a) for a in GAME.legal_actions(copy.deepcopy(state), side)]


def at_production(scenario="jan1942", seed=7, side="japan", **tracks):
    """The scenario's first turn at ``side``'s production decision, the tracks changed before
    the phase begins."""
    state = copy.deepcopy(GAME.setup(scenario, seed))
    state.data["tracks"].update(tracks)
    return at_production_of(state, side)


def at_production_of(state, side):
    """From Japan's naval movement of ``state`` to ``side``'s production decision."""
    state = copy.deepcopy(state)
    while side == "allies" and state.data["phase_player"] == "japan":
        state = pass_phase(state, "japan")
    while state.data["phase"] != "production":  # naval movement, then the first supply phase
        state = play(state, side, "end")
    assert GAME.active(state) == [side]
    return state


def logged(state, key):
    return [e.params for e in state.log if e.key == key]


def with_network(state):
    """Japan's supply network over the seas of Korea, North China and Shanghai (as the first
    supply phase will record it), so that its resource areas connect."""
    state = copy.deepcopy(state)
    state.data["network"] = {"markers": ["sea_of_japan", "yellow_sea", "east_china_sea"]}
    return state


# -- income ------------------------------------------------------------------------------------


@pytest.mark.rule("4.1")
@pytest.mark.rule("4.11")
@pytest.mark.rule("4.12")
def test_japan_collects_honshu_alone_without_a_supply_network(dice):
    state = at_production(us_sub_points=0)
    assert state.data["production"]["werp"] == {"japan": 5}
    assert logged(state, "log.werp_income") == [{"power": "japan", "werp": 5}]


@pytest.mark.rule("4.11")
@pytest.mark.rule("4.14")
def test_japan_collects_occupied_resource_areas_its_network_connects():
    data = with_network(GAME.setup("jan1942", 7)).data
    found = production.income(data, "japan", printed())
    assert found.werp["japan"] > 5
    for unit in data["units"].values():  # Manchukuo left empty (4.8)
        if unit["where"] == "manchukuo":
            unit["where"] = "korea"
    assert production.income(data, "japan", printed()).werp["japan"] == found.werp["japan"] - 1


@pytest.mark.rule("4.11")
@pytest.mark.rule("9.31")
def test_the_commonwealth_sends_three_werp_to_europe_unless_japan_is_in_india():
    data = GAME.setup("jan1942", 7).data
    blue = ("bengal", "madras", "western_india", "south_africa", "new_south_wales", "queensland",
            "singapore", "hong_kong")  # fmt: skip
    held = [a for a in blue if data["control"][a] == "allies"]
    cw = production.income(data, "allies", printed()).werp["cw"]
    assert cw == len(held) - 3
    jp = next(
        u
        for u, unit in data["units"].items()
        if unit["owner"] == "japan" and unit["public"]["kind"] == "ground"
    )
    data["units"][jp]["where"] = "bengal"
    data["contested"] = [*data["contested"], "bengal"]
    assert production.income(data, "allies", printed()).werp["cw"] == len(held)


@pytest.mark.rule("9.22")
def test_us_werp_follow_the_schedule_of_t20():
    data = GAME.setup("jan1942", 7).data
    assert production.us_werp(data) == 20
    data["turn"] = "1943-01"
    assert production.us_werp(data) == 20  # no qualifying operation in 1942
    data["tracks"]["us_first_increase_met"] = 1
    assert production.us_werp(data) == 25


@pytest.mark.rule("4.11")
def test_the_nationalists_collect_their_occupied_resource_areas_and_the_philippines_luzon():
    data = GAME.setup("dec1941", 7).data
    found = production.income(data, "allies", printed()).werp
    assert found["china_nat"] == 2  # Szechwan and Yunnan
    assert found["philippines"] == 1
    data["control"]["luzon"] = "japan"
    assert production.income(data, "allies", printed()).werp["philippines"] == 0


# -- strategic warfare -------------------------------------------------------------------------


@pytest.mark.rule("2.1")
@pytest.mark.rule("2.11")
@pytest.mark.rule("2.12")
@pytest.mark.rule("2.14")
def test_the_submarines_raid_japans_werp_oil_and_transport_capacity(dice):
    dice(1, 6)  # ASW at level 0 rolls 1: none lost; the attack rolls 6
    state = at_production(us_sub_points=20, dud_torpedoes=3, transport_capacity=12)
    result = printed().submarine_attack.result(20, 6)
    assert result > 0
    assert logged(state, "log.commerce_raid")[0]["result"] == result
    assert state.data["production"]["werp"]["japan"] == 5  # Honshu's 5 are never raided
    assert state.data["tracks"]["transport_capacity"] == 12 - result
    assert state.data["tracks"]["dud_torpedoes"] == 3  # a 6 is no dud


@pytest.mark.rule("2.14")
def test_a_low_attack_roll_moves_the_dud_marker_down_and_at_zero_adds_one(dice):
    dice(1, 2)
    state = at_production(us_sub_points=10, dud_torpedoes=1)
    assert state.data["tracks"]["dud_torpedoes"] == 0
    dice(1, 2)
    state = at_production(us_sub_points=10, dud_torpedoes=0)
    assert logged(state, "log.commerce_raid")[0]["roll"] == 3


@pytest.mark.rule("2.11")
def test_asw_sinks_sub_points_by_its_level(dice):
    dice(6)
    state = at_production(us_sub_points=4, asw_level=2)
    lost = printed().asw.result(2, 6)
    assert state.data["tracks"]["us_sub_points"] == max(0, 4 - lost)


@pytest.mark.rule("2.13")
def test_sub_points_left_cut_japans_strategic_moves_not_below_its_asw_level(dice):
    dice(1, 1)
    state = at_production(us_sub_points=25, asw_level=1)
    assert state.data["production"]["strategic_cut"] == 2
    assert strategic_limit(state.data, "japan", printed()) == 2
    state.data["production"]["strategic_cut"] = 4
    assert strategic_limit(state.data, "japan", printed()) == 1  # the ASW level
    assert strategic_limit(state.data, "usa", printed()) == 4


@pytest.mark.rule("2.4")
@pytest.mark.rule("2.41")
@pytest.mark.rule("2.42")
def test_bombers_from_a_supplied_air_base_cost_japan_werp_on_four_or_more(dice):
    dice(4, 5, 3, 6)
    state = at_production(us_sub_points=0, us_bomber_points=3)
    assert strategic_warfare.strategic_air_bases(state.data)  # Bengal, Szechwan...
    assert logged(state, "log.bombing") == [{"rolls": "4 5 3", "points": 3, "werp": 2}]
    assert state.data["production"]["werp"]["japan"] == 3


@pytest.mark.rule("9.11")
def test_no_strategic_warfare_in_the_surprise_turn(dice):
    dice(6, 6)
    state = at_production("dec1941", us_sub_points=30)
    assert state.data["tracks"]["us_sub_points"] == 30
    assert logged(state, "log.no_strategic_warfare") == [{}]


# -- purchases ---------------------------------------------------------------------------------


@pytest.mark.rule("4.6")
@pytest.mark.rule("4.1")
def test_done_is_always_legal_and_loses_what_is_left(dice):
    state = at_production(us_sub_points=0)
    assert "done" in actions(state, "japan")
    state = play(state, "japan", "done")
    assert logged(state, "log.werp_lost") == [{"power": "japan", "werp": 5}]
    assert state.data["phase"] != "production"


@pytest.mark.rule("4.41")
@pytest.mark.rule("4.44")
def test_a_new_infantry_block_enters_a_home_area_at_one_step_its_first_doubled(dice):
    state = at_production(us_sub_points=0)
    unit = next(a.split()[1] for a in actions(state, "japan") if a.startswith("build "))
    state = play(state, "japan", f"build {unit} honshu")
    assert state.data["units"][unit]["where"] == "honshu"
    assert state.data["units"][unit]["hidden"]["steps"] == 1
    assert state.data["production"]["werp"]["japan"] == 3  # 1 step, doubled
    assert unit not in state.data["pools"]["japan"]
    assert f"replace {unit}" in actions(state, "japan")  # built this turn: more steps (4.4)


@pytest.mark.rule("4.4")
def test_a_new_block_stays_hidden_from_the_enemy(dice):
    state = at_production(us_sub_points=0)
    unit = next(a.split()[1] for a in actions(state, "japan") if a.startswith("build "))
    state = play(state, "japan", f"build {unit} honshu")
    allied = GAME.view(state, "allies")
    assert unit not in str(allied)
    assert unit not in str(GAME.view(state, None))
    check_views(GAME, state, Rng(5))


@pytest.mark.rule("4.41")
def test_no_more_than_two_new_units_a_home_area_a_turn(dice):
    state = at_production(us_sub_points=0)
    state.data["production"]["werp"]["japan"] = 20
    builds = [a for a in actions(state, "japan") if a.startswith("build ") and a.endswith("kyushu")]
    state = play(state, "japan", builds[0], builds[1])
    assert not any(a.startswith("build ") and a.endswith("kyushu") for a in actions(state, "japan"))
    assert any(a.startswith("build ") and a.endswith("honshu") for a in actions(state, "japan"))


@pytest.mark.rule("4.6")
def test_a_purchase_beyond_the_werp_left_is_refused_and_changes_nothing(dice):
    state = at_production(us_sub_points=0)
    state.data["production"]["werp"]["japan"] = 0
    state = copy.deepcopy(state)
    before = copy.deepcopy(state.data)
    with pytest.raises(IllegalAction):
        GAME.apply(state, "japan", Action.parse("special_action"))
    assert state.data == before
    assert actions(state, "japan") == ["done"]


@pytest.mark.rule("4.62")
@pytest.mark.rule("7.1")
@pytest.mark.rule("7.11")
@pytest.mark.parametrize(
    ("bought", "tracks", "where", "after"),
    [
        ("asw", {}, ("production", "asw_progress"), 1),  # 1 WERP a turn on ASW
        ("special_action", {"special_actions_japan": 2}, ("tracks", "special_actions_japan"), 3),
    ],
)
def test_japan_buys_asw_once_a_turn_and_special_actions_up_to_its_cap(
    dice, bought, tracks, where, after
):
    state = play(at_production(us_sub_points=0, **tracks), "japan", bought)
    assert state.data[where[0]][where[1]] == after
    assert bought not in actions(state, "japan")


@pytest.mark.rule("4.63")
def test_the_us_buys_at_most_three_sub_points_and_two_bomber_points(dice):
    state = at_production(side="allies")
    assert state.data["production"]["power"] == "usa"
    subs = state.data["tracks"]["us_sub_points"]
    state = play(state, "allies", "sub_point", "sub_point", "sub_point")
    assert "sub_point" not in actions(state, "allies")
    state = play(state, "allies", "bomber_point", "bomber_point")
    state.data["production"]["werp"]["usa"] = 20
    assert "bomber_point" not in actions(state, "allies")
    assert state.data["tracks"]["us_bomber_points"] == 2
    assert state.data["tracks"]["us_sub_points"] == subs + 3


@pytest.mark.rule("4.3")
@pytest.mark.rule("4.31")
@pytest.mark.rule("4.32")
def test_replacements_only_where_supplied_and_below_full_strength_away_from_ports(dice):
    state = at_production(us_sub_points=0)
    data = state.data
    unit_id = "jp-ncaa"
    data["units"][unit_id]["hidden"]["steps"] = 2
    assert f"replace {unit_id}" in actions(state, "japan")
    mark_supply(data, unit_id, "out")
    assert f"replace {unit_id}" not in actions(state, "japan")
    in_full_supply(data)
    data["units"][unit_id]["hidden"]["steps"] = 3  # Peking has a port: full strength
    assert f"replace {unit_id}" in actions(state, "japan")
    data["units"][unit_id]["where"] = "shansi"  # no port: 4 steps less one
    assert f"replace {unit_id}" not in actions(state, "japan")


@pytest.mark.rule("4.7")
@pytest.mark.rule("4.71")
@pytest.mark.rule("4.72")
@pytest.mark.rule("4.73")
@pytest.mark.rule("4.74")
def test_a_naval_build_marker_takes_one_werp_a_turn_and_delivers_a_step_when_paid(dice):
    state = at_production(us_sub_points=0)
    state = play(state, "japan", "lay ca")
    assert state.data["production"]["markers"][0] == {
        "power": "japan", "kind": "ca", "paid": 1, "last": "1942-01"
    }  # fmt: skip
    assert "advance 0" not in actions(state, "japan")  # 1 WERP a turn
    state.data["production"]["markers"][0].update(paid=3, last="1941-11")
    fleets = {u for u, unit in state.data["units"].items() if unit["hidden"]["type"] == "ca"}
    steps = sum(state.data["units"][u]["hidden"]["steps"] for u in fleets)
    state = play(state, "japan", "done")
    after = {u for u, unit in state.data["units"].items() if unit["hidden"]["type"] == "ca"}
    assert sum(state.data["units"][u]["hidden"]["steps"] for u in after) == steps + 1
    assert state.data["production"]["markers"] == []
    assert logged(state, "log.naval_step")


@pytest.mark.rule("4.77")
def test_a_transport_point_a_turn_completes_at_the_end_of_the_phase(dice):
    state = at_production(us_sub_points=0, transport_capacity=10)
    state = play(state, "japan", "transport")
    assert "transport" not in actions(state, "japan")
    state = play(state, "japan", "done")
    assert state.data["tracks"]["transport_capacity"] == 11


@pytest.mark.rule("4.75")
def test_a_japanese_lba_marker_paid_in_full_puts_the_unit_in_honshu(dice):
    state = at_production(us_sub_points=0)
    lba = [u for u in state.data["pools"]["japan"] if "lba" in u]
    assert lba
    state.data["production"]["markers"] = [
        {"power": "japan", "kind": "lba", "paid": 2, "last": "1941-11"}
    ]
    state = play(state, "japan", "done")
    placed = [u for u in lba if u in state.data["counters"]]
    assert placed and state.data["counters"][placed[0]]["where"] == "honshu"
    assert state.data["counters"][placed[0]]["steps"] == 2


@pytest.mark.rule("4.43")
def test_garrisons_go_into_friendly_supplied_uncontested_areas_without_one(dice):
    state = at_production(us_sub_points=0)
    offered = {a.split()[1] for a in actions(state, "japan") if a.startswith("buy_garrison")}
    held = {at for power, at in state.data["garrisons"] if power == "japan"}
    assert "honshu" in offered
    assert not offered & held
    assert not offered & set(state.data["contested"])
    state = play(state, "japan", "buy_garrison honshu")
    assert ["japan", "honshu"] in state.data["garrisons"]
    assert state.data["production"]["werp"]["japan"] == 4


@pytest.mark.rule("4.6")
def test_the_allied_powers_produce_one_at_a_time(dice):
    state = at_production(side="allies")
    order = []
    while state.data["phase"] == "production":
        order.append(state.data["production"]["power"])
        state = play(state, "allies", "done")
    assert order == ["usa", "cw", "china_nat", "china_comm"]
    philippines = logged(state, "log.werp_lost")[-1]  # nothing it may buy: it passes
    assert philippines["power"] == "philippines"


@pytest.mark.rule("9.25")
def test_lend_lease_gives_a_werp_for_two_five_at_most_two_to_china_per_burma_road_area(dice):
    state = at_production(side="allies")
    werp = dict(state.data["production"]["werp"])
    assert {"lend cw", "lend china_nat"} <= set(actions(state, "allies"))
    state = play(state, "allies", "lend china_nat", "lend china_nat", "lend china_nat")
    state = play(state, "allies", "lend china_nat")  # Assam and Burma: 4
    assert "lend china_nat" not in actions(state, "allies")
    state = play(state, "allies", "lend cw")
    assert not any(a.startswith("lend") for a in actions(state, "allies"))  # 5 in all
    found = state.data["production"]["werp"]
    assert found["usa"] == werp["usa"] - 10
    assert (found["china_nat"], found["cw"]) == (werp["china_nat"] + 4, werp["cw"] + 1)


@pytest.mark.rule("9.25")
def test_no_lend_lease_to_china_without_a_burma_road_area(dice):
    state = GAME.setup("jan1942", 7)
    for road in ("assam", "burma"):
        state.data["control"][road] = "japan"
    state = at_production_of(state, "allies")
    assert "lend china_nat" not in actions(state, "allies")


@pytest.mark.rule("9.42")
def test_the_communists_get_one_step_free_a_turn(dice):
    state = at_production(side="allies")
    while state.data["production"]["power"] != "china_comm":
        state = play(state, "allies", "done")
    free = [a for a in actions(state, "allies") if a != "done"]
    assert free and all(a.split()[0] in ("replace", "build") for a in free)
    state = play(state, "allies", free[0])
    assert actions(state, "allies") == ["done"]


@pytest.mark.rule("9.13")
def test_the_kamikaze_marker_goes_down_when_japan_spends_over_one_werp_on_air(dice):
    state = at_production(us_sub_points=0, kamikaze=5, japan_oil=30)
    state = play(state, "japan", "lay lba", "done")
    assert state.data["tracks"]["kamikaze"] == 5  # 1 WERP on air
    state = at_production(us_sub_points=0, kamikaze=5, japan_oil=30)
    state = play(state, "japan", "lay lba", "lay cba", "done")
    assert state.data["tracks"]["kamikaze"] == 4


@pytest.mark.rule("9.13")
def test_the_kamikaze_marker_goes_down_when_oil_runs_short(dice):
    state = play(at_production(us_sub_points=0, kamikaze=5, japan_oil=19), "japan", "done")
    assert state.data["tracks"]["kamikaze"] == 4  # 19 held, 1 received
    state = play(at_production(us_sub_points=0, kamikaze=5, japan_oil=20), "japan", "done")
    assert state.data["tracks"]["kamikaze"] == 5


@pytest.mark.rule("4.62")
@pytest.mark.rule("9.13")
def test_japan_spends_at_most_three_werp_on_air_until_kamikaze_starts(dice):
    for kamikaze, most in ((5, 3), (0, 4)):
        state = at_production(us_sub_points=0, kamikaze=kamikaze)
        state = play(state, "japan", "lay lba", "lay lba", "lay cba")
        assert ("lay cba" in actions(state, "japan")) == (most > 3)


@pytest.mark.rule("9.21")
def test_from_1944_the_us_gets_a_cv_a_bb_and_a_ca_step_free_each_turn(dice):
    state = GAME.setup("jan1942", 7)
    state.data["turn"] = "1944-01"
    state.data["last_turn"] = "1945-07"
    state = at_production_of(state, "allies")
    before = len(logged(state, "log.naval_step"))
    while state.data["phase"] == "production":
        state = play(state, "allies", "done")
    kinds = sorted(e["kind"] for e in logged(state, "log.naval_step")[before:])
    assert kinds == ["bb", "ca", "cv"]


@pytest.mark.rule("4.5")
def test_japanese_steps_placed_outside_japan_take_a_transport_point_per_four(dice):
    state = at_production(us_sub_points=0, transports_available=1)
    state.data["production"]["werp"]["japan"] = 20
    state.data["units"]["jp-ncaa"]["hidden"]["steps"] = 1  # Peking: a port, so to full strength
    state = play(state, "japan", "replace jp-ncaa", "buy_garrison peking", "replace jp-ncaa")
    state = play(state, "japan", "replace jp-ncaa")  # the fourth overseas step: still 1 point
    assert "buy_garrison shansi" not in actions(state, "japan")  # a fifth would need a second
    assert "buy_garrison honshu" in actions(state, "japan")  # in Japan: no transport
    state = play(state, "japan", "done")
    assert state.data["tracks"]["transports_available"] == 0


@pytest.mark.rule("4.61")
def test_allied_air_units_are_built_at_two_steps_in_a_home_area(dice):
    state = at_production(side="allies")
    built = next(a for a in actions(state, "allies") if a.startswith("build us-lba"))
    unit = built.split()[1]
    state = play(state, "allies", built)
    assert state.data["counters"][unit]["steps"] == 2
    assert state.data["counters"][unit]["where"] == "usa"


@pytest.mark.rule("6.8")
def test_a_field_fortification_costs_by_the_kind_of_area_in_clear_terrain_or_a_box(dice):
    state = at_production(us_sub_points=0)
    state.data["production"]["werp"]["japan"] = 20
    offered = {a.split()[1] for a in actions(state, "japan") if a.startswith("fortify ")}
    areas = area_map().areas
    assert offered and all(areas[a].kind != "large" or areas[a].terrain == "clear" for a in offered)
    assert "honshu" in offered and "malaya" not in offered  # Malaya is jungle
    state = play(state, "japan", "fortify honshu")
    assert state.data["fortifications"] == ["honshu"]
    assert state.data["production"]["werp"]["japan"] == 20 - printed().costs.fortification.large
    assert "fortify honshu" not in actions(state, "japan")


# -- rules tested here without code of their own ----------------------------------------------


@pytest.mark.rule("4.13")
def test_the_dei_never_produce(dice):
    state = at_production(side="allies", us_sub_points=0)
    assert "dei" not in production.income(state.data, "allies", printed()).werp
    assert "dei" not in state.data["production"]["werp"]
    assert "dei" not in production.PRODUCERS["allies"]


@pytest.mark.rule("4.42")
def test_the_us_places_any_number_of_new_units_in_the_usa(dice):
    state = at_production(side="allies", us_sub_points=0)
    state.data["production"]["werp"]["usa"] = 20
    state = play(state, "allies", "build us-americal usa", "build us-i-corps usa")
    state = play(state, "allies", "build us-lba-1 usa")  # a third: no limit of two in the USA
    assert state.data["production"]["new_in"]["usa"] == 3
    assert "build us-lba-5 usa" in actions(state, "allies")


@pytest.mark.rule("4.76")
def test_a_build_marker_paid_in_full_starts_no_new_build_until_it_has_delivered(dice):
    state = at_production(us_sub_points=0)
    held = production.markers_held(state.data, "japan", "naval")
    complete = {"power": "japan", "kind": "ca", "paid": 3, "last": "1941-11"}
    building = {"power": "japan", "kind": "bb", "paid": 1, "last": "1941-11"}
    state.data["production"]["markers"] = [complete] + [dict(building) for _ in range(held - 1)]
    naval_lays = {"lay bb", "lay ca", "lay cv"}
    assert not naval_lays & set(actions(state, "japan"))  # this turn: every marker is in use
    after = play(state, "japan", "done")
    left = after.data["production"]["markers"]
    assert complete not in left and len(left) == held - 1  # it delivered its step
    next_turn = at_production(us_sub_points=0)
    next_turn.data["production"]["markers"] = left
    assert naval_lays <= set(actions(next_turn, "japan"))  # free again from the next turn


@pytest.mark.rule("7.12")
def test_special_actions_held_are_shown_to_both_sides(dice):
    state = at_production(us_sub_points=0)
    state = play(state, "japan", "special_action")
    for viewer in ("japan", "allies", None):
        board = GAME.view(state, viewer)["board"]
        assert board["tracks"]["special_actions_japan"] == 2
        assert board["tracks"]["special_actions_usa"] == 1
    bought = {"key": "log.special_action_bought", "params": {"power": "japan"}}
    assert bought in GAME.view(state, "allies")["log"]


# -- unrestricted replacements (7.8) and port repair (8.71-8.73) --------------------------------


def reduced_in_contested_shansi():
    """Japan's production with jp-ncaa at 3 steps in Shansi, contested and Allied-held."""
    state = at_production(us_sub_points=0, special_actions_japan=1)
    data = state.data
    in_full_supply(data)
    data["units"]["jp-ncaa"].update(where="shansi")
    data["units"]["jp-ncaa"]["hidden"]["steps"] = 3
    data["control"]["shansi"] = "allies"
    data["contested"] = [*data["contested"], "shansi"]
    data["production"]["werp"]["japan"] = 10
    return state


@pytest.mark.rule("7.8")
def test_a_special_action_held_opens_one_area_to_any_replacements(dice):
    state = reduced_in_contested_shansi()
    assert "replace jp-ncaa" not in actions(state, "japan")  # contested, enemy-held (4.31)
    assert "unrestricted shansi" in actions(state, "japan")
    state = play(state, "japan", "unrestricted shansi")
    assert state.data["tracks"]["special_actions_japan"] == 0
    assert not [a for a in actions(state, "japan") if a.startswith("unrestricted")]
    state = play(state, "japan", "replace jp-ncaa")  # to full strength without a port (4.32)
    assert state.data["units"]["jp-ncaa"]["hidden"]["steps"] == 4
    assert state.data["production"]["overseas_steps"] == 0  # no transport points
    assert "special_action" in actions(state, "japan")  # it may be bought again at once


@pytest.mark.rule("7.8")
def test_a_special_action_bought_this_phase_cannot_open_an_area(dice):
    state = reduced_in_contested_shansi()
    state.data["tracks"]["special_actions_japan"] = 0
    state = play(state, "japan", "special_action")
    assert not [a for a in actions(state, "japan") if a.startswith("unrestricted")]


@pytest.mark.rule("8.71")
@pytest.mark.rule("8.72")
@pytest.mark.rule("8.73")
def test_ports_are_repaired_a_point_a_turn_home_ports_at_will_home_areas_by_their_own(dice):
    state = at_production(side="allies", us_sub_points=0)
    state.data["port_damage"] = {"hawaii": 2, "usa": 3, "new_south_wales": 1}
    offered = [a for a in actions(state, "allies") if a.startswith("repair_port")]
    assert offered == ["repair_port hawaii", "repair_port usa"]  # not Australia's home port
    state = play(state, "allies", "repair_port hawaii", "repair_port usa", "repair_port usa")
    assert state.data["port_damage"] == {"hawaii": 1, "usa": 1, "new_south_wales": 1}
    assert state.data["production"]["werp"]["usa"] == 20 - 3
    offered = [a for a in actions(state, "allies") if a.startswith("repair_port")]
    assert offered == ["repair_port usa"]  # Hawaii: one a turn (8.71); the home port: any
    state = play(state, "allies", "repair_port usa")
    assert "usa" not in state.data["port_damage"]
    assert logged(state, "log.port_repaired")[-1] == {"power": "usa", "area": "usa", "damage": 0}


@pytest.mark.rule("8.71")
def test_a_port_damaged_neither_repairs_out_of_supply_nor_bases_fleets(dice):
    state = at_production(side="allies", us_sub_points=0)
    state.data["port_damage"] = {"hawaii": 1}
    state.data["control"]["hawaii"] = "japan"
    assert not [a for a in actions(state, "allies") if a.startswith("repair_port")]
    data = at_production(us_sub_points=0).data
    data["units"]["us-ca-a"]["where"] = "central_pacific"
    assert "hawaii" in rebase_ports(data, "us-ca-a", printed())
    data["port_damage"] = {"hawaii": 1}
    assert "hawaii" not in rebase_ports(data, "us-ca-a", printed())


@pytest.mark.rule("2.5")
def test_japan_taking_a_strategic_air_base_costs_the_us_a_bomber_point():
    state = at_operational_movement()
    state.data["tracks"]["us_bomber_points"] = 3
    for unit_id in [u for u, unit in state.data["units"].items() if unit["where"] == "szechwan"]:
        del state.data["units"][unit_id]
    state = play(state, "japan", "move jp-11a szechwan")
    assert state.data["control"]["szechwan"] == "japan"
    assert state.data["tracks"]["us_bomber_points"] == 2
    assert logged(state, "log.air_base_lost") == [{"area": "szechwan", "lost": 1, "points": 2}]


@pytest.mark.rule("6.83")
def test_a_fortification_nobody_holds_is_removed_at_the_end_of_the_turn():
    state = GAME.setup("jan1942", 7)
    empty = next(a for a in ("shansi", "kiangsi", "hunan") if not occupied(state.data, a))
    state.data["fortifications"] = ["honshu", empty]
    while state.data["turn"] == "1942-01":
        side = GAME.active(state)[0]
        state = pass_phase(state, side)
    assert state.data["fortifications"] == ["honshu"]
    assert logged(state, "log.fortification_removed") == [{"area": empty}]


def occupied(data, where):
    return any(u["where"] == where for u in data["units"].values()) or any(
        at == where for _power, at in data["garrisons"]
    )


@pytest.mark.rule("6.81")
def test_fortifications_are_not_limited_by_the_printed_counters(dice):
    state = at_production(us_sub_points=0)
    state.data["production"]["werp"]["japan"] = 20
    printed_counters = 10  # forces.yaml: the sheet prints ten, and the count is no limit
    state.data["fortifications"] = [f"elsewhere_{i}" for i in range(printed_counters + 2)]
    assert "fortify honshu" in actions(state, "japan")
