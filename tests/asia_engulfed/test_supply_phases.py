"""Asia Engulfed's supply phases played through the game contract: the first supply phase (1.12:
jungle attrition 6.72, Japan's supply network 3.5, the phase player's supply recorded 3.6-3.7)
and the final supply phase (1.19, 3.8), on the January 1942 set-up."""

import json

import pytest

from tests.asia_engulfed import positions
from tests.asia_engulfed.positions import (
    at_operational_movement,
    mark_supply,
    pass_phase,
    pass_to,
    play,
    strategic_destinations,
)
from wargame.engine.action import Action
from wargame.engine.contract import prompt_problems
from wargame.engine.errors import IllegalAction
from wargame.engine.rng import Rng
from wargame.fuzz import check_views
from wargame.games.asia_engulfed import GAME, supply
from wargame.games.asia_engulfed.forces import is_unit
from wargame.games.asia_engulfed.ground_combat import takes_bonuses
from wargame.games.asia_engulfed.naval import submarine
from wargame.games.asia_engulfed.supply_phases import regained

pytestmark = pytest.mark.game("asia-engulfed")

END = Action.parse("end")


def at_network(prepare=None):
    """Japan's first supply phase of the Jan/Feb 1942 turn, at its network decision;
    ``prepare(data)`` changes the position before the phase begins."""
    state = GAME.setup("jan1942", 7)
    if prepare is not None:
        prepare(state.data)
    state = GAME.apply(state, "japan", END)
    assert (state.data["phase"], GAME.active(state)) == ("first_supply", ["japan"])
    return state


def offered(state, verb, side="japan"):
    return sorted(a.args[0] for a in GAME.legal_actions(state, side) if a.verb == verb)


def steps(state, unit_id):
    return state.data["units"][unit_id]["hidden"]["steps"]


def end_player_turn(state, side):
    while state.data["phase_player"] == side and GAME.active(state) == [side]:
        state = pass_phase(state, side)
    return state


def logged(state, key):
    return [event for event in state.log if event.key == key]


# -- 6.72 jungle attrition -----------------------------------------------------------------------


@pytest.mark.rule("6.72")
@pytest.mark.rule("1.12")
def test_jungle_rots_in_japans_first_supply_phase_of_a_july_turn_and_spares_cadres():
    before = GAME.setup("jan1942", 7)
    malaya = ("jp-25a", "cw-iii-corps", "cw-8div-aus")  # a contested jungle
    assert [steps(before, u) for u in malaya] == [4, 2, 2]

    def july_with_a_cadre(data):
        data["turn"] = "1942-07"
        data["units"]["cw-8div-aus"]["hidden"]["steps"] = 1

    state = at_network(july_with_a_cadre)
    assert [steps(state, u) for u in malaya] == [3, 1, 1]  # the cadre stays
    assert steps(state, "jp-14a") == steps(before, "jp-14a")  # Luzon: no contested jungle
    assert "malaya" in [e.params["area"] for e in logged(state, "log.jungle_attrition")]


@pytest.mark.rule("6.72")
def test_no_rot_in_other_turns_nor_in_the_allied_first_supply_phase():
    state = at_network()  # Jan/Feb
    assert steps(state, "jp-25a") == 4
    state = GAME.setup("jan1942", 7)
    state.data["turn"] = "1942-07"
    state = end_player_turn(play(state, "japan", "end", "end"), "japan")
    rotted = [steps(state, u) for u in ("jp-25a", "cw-iii-corps")]
    state = play(state, "allies", "end")  # the Allies' naval movement, then their supply phase
    assert state.data["phase"] == "production"
    assert [steps(state, u) for u in ("jp-25a", "cw-iii-corps")] == rotted


# -- 3.5 Japan's supply network --------------------------------------------------------------


@pytest.mark.rule("3.5")
@pytest.mark.rule("3.51")
def test_a_marker_goes_only_where_it_links_to_the_home_islands():
    state = at_network()
    assert offered(state, "network") == [
        "bonin_islands", "east_china_sea", "north_pacific", "sea_of_japan"
    ]  # fmt: skip
    with pytest.raises(IllegalAction):
        GAME.apply(state, "japan", Action.of("network", "south_china_sea"))
    state = play(state, "japan", "network east_china_sea")
    assert "south_china_sea" in offered(state, "network")


@pytest.mark.rule("3.51")
def test_a_marker_comes_off_if_the_rest_stays_linked_and_each_sea_area_changes_once():
    def last_turns(data):
        data["network"]["markers"] = ["east_china_sea", "south_china_sea"]

    state = at_network(last_turns)
    assert offered(state, "withdraw") == ["south_china_sea"]  # East China Sea links it
    state = play(state, "japan", "network sea_of_japan", "withdraw south_china_sea")
    assert "sea_of_japan" not in offered(state, "withdraw")  # placed this phase: undo takes it
    assert "south_china_sea" not in offered(state, "network")
    assert offered(state, "withdraw") == ["east_china_sea"]  # no longer links anything


@pytest.mark.rule("1.1")
@pytest.mark.rule("3.51")
def test_the_network_is_paid_from_transports_available():
    state = at_network()
    assert state.data["tracks"]["transports_available"] == 12  # = capacity (1.1)
    state = play(state, "japan", "network east_china_sea", "network south_china_sea", "end")
    assert state.data["network"] == {
        "markers": ["east_china_sea", "south_china_sea"],
        "submarine": None,
    }
    assert state.data["tracks"]["transports_available"] == 12 - 3
    assert state.data["phase"] == "production"


@pytest.mark.rule("3.51")
def test_a_marker_beyond_the_transports_available_is_not_offered_and_an_excess_must_go():
    state = play(at_network(lambda data: available(data, 2)), "japan", "network east_china_sea")
    assert "south_china_sea" not in offered(state, "network")  # 1 + 2 > 2
    assert "yellow_sea" in offered(state, "network")  # 1 + 1
    assert prompt_problems(GAME, state) == []

    def over(data):
        data["network"]["markers"] = ["east_china_sea", "south_china_sea"]
        available(data, 2)

    state = at_network(over)
    assert GAME.view(state, "japan")["prompt"]["key"] == "prompt.supply_network_over"
    assert [a.verb for a in GAME.legal_actions(state, "japan")] == ["withdraw"]
    assert prompt_problems(GAME, state) == []
    state = play(state, "japan", "withdraw south_china_sea", "end")
    assert state.data["tracks"]["transports_available"] == 1


def available(data, points):
    data["tracks"]["transports_available"] = points


@pytest.mark.rule("3.51")
def test_last_turns_markers_cut_off_from_the_home_islands_go():
    state = GAME.setup("jan1942", 7)
    state.data["network"]["markers"] = ["east_china_sea", "south_china_sea", "java_sea"]
    state = GAME.apply(state, "japan", END)
    assert state.data["network"]["markers"] == ["east_china_sea", "south_china_sea"]
    (lost,) = logged(state, "log.network_lost")
    assert lost.params["seas"] == ["java_sea"]


@pytest.mark.rule("3.52")
def test_the_submarine_covers_a_sea_area_for_free_and_stays_out_of_the_naval_war():
    state = at_network()
    assert "east_china_sea" in offered(state, "submarine_supply")
    state = play(state, "japan", "submarine_supply east_china_sea")
    assert offered(state, "submarine_supply") == []
    assert "south_china_sea" in offered(state, "network")  # linked through the submarine
    state = play(state, "japan", "end")
    assert state.data["network"] == {"markers": [], "submarine": "east_china_sea"}
    assert state.data["tracks"]["transports_available"] == 12
    assert submarine(state.data, "japan") is None  # no reaction, no combat (3.52)


@pytest.mark.rule("3.52")
def test_a_one_step_submarine_covers_only_a_sea_area_of_value_one():
    state = play(at_network(), "japan", "network east_china_sea")
    assert "south_china_sea" in offered(state, "submarine_supply")  # value 2

    def one_step(data):
        data["counters"]["jp-sub"]["steps"] = 1

    state = play(at_network(one_step), "japan", "network east_china_sea")
    assert "south_china_sea" not in offered(state, "submarine_supply")
    assert "yellow_sea" in offered(state, "submarine_supply")  # value 1


@pytest.mark.rule("3.52")
def test_a_submarine_too_weak_for_its_sea_area_leaves_the_network_with_what_it_linked():
    def weakened(data):
        data["network"] = {
            "markers": ["east_china_sea", "gulf_of_thailand"],
            "submarine": "south_china_sea",  # value 2
        }
        data["counters"]["jp-sub"]["steps"] = 1

    state = at_network(weakened)
    assert state.data["network"] == {"markers": ["east_china_sea"], "submarine": None}
    (lost,) = logged(state, "log.network_lost")
    assert lost.params["seas"] == ["gulf_of_thailand", "south_china_sea"]


# -- 3.6, 3.7: the status recorded and read --------------------------------------------------


@pytest.mark.rule("3.6")
@pytest.mark.rule("1.12")
def test_units_beyond_the_network_are_marked_out_of_supply_and_move_as_such():
    state = pass_to(
        play(at_network(), "japan", "end"), "japan", "operational_movement"
    )  # no network
    units, counters = state.data["units"], state.data["counters"]
    assert units["jp-23a"]["hidden"]["supply"] == "out"  # Kwangtung
    assert counters["jp-lba-2"]["supply"] == "out"
    assert units["jp-14a"]["hidden"]["supply"] == "partial"  # Luzon, a partial source (3.35)
    assert "supply" not in units["jp-western-da"]["hidden"]  # Kyushu: full supply
    assert "kwangtung" in state.data["supply"]["japan"]["marked"]
    assert state.data["supply"]["japan"]["garrisons"]["british_borneo"] == "out"
    flights = offered_moves(state, "fly", "jp-lba-2")
    assert flights == ["hainan", "hong_kong"]  # one area, none across a sea
    supplied = offered_moves(at_operational_movement(), "fly", "jp-lba-2")
    assert set(flights) < set(supplied)
    state = play(state, "japan", "end")  # to strategic movement
    assert strategic_destinations(state, "japan", "jp-23a") == []
    assert strategic_destinations(state, "japan", "jp-11a") != []  # partial supply


def offered_moves(state, verb, unit_id):
    moves = (a.split() for a in positions.offered(state, "japan", verb))
    return sorted(target for _verb, unit, target in moves if unit == unit_id)


@pytest.mark.rule("3.7")
def test_a_moved_unit_keeps_its_marker_unless_it_took_the_area_it_stands_in():
    state = at_operational_movement()
    for unit_id in ("jp-14a", "jp-kwantung-3a", "jp-kwantung-5a"):
        mark_supply(state.data, unit_id, "out")
    state = play(state, "japan", "move jp-14a leyte", "move jp-kwantung-3a peking")
    hidden = {u: state.data["units"][u]["hidden"] for u in ("jp-14a", "jp-kwantung-3a")}
    assert all(h["oos_moved"] for h in hidden.values())
    assert "leyte" in state.data["captured"]
    state = end_player_turn(state, "japan")
    units = state.data["units"]
    assert units["jp-kwantung-3a"]["hidden"]["supply"] == "out"  # moved: marked, not removed
    assert "supply" not in units["jp-kwantung-5a"]["hidden"]  # stayed: traces a line again
    assert units["jp-14a"]["hidden"].get("supply") != "out"  # moved into newly taken Leyte
    assert "oos_moved" not in units["jp-kwantung-3a"]["hidden"]
    assert state.data["supply"]["japan"]["marked"] == ["peking"]


@pytest.mark.rule("4.23", "3.7")
def test_units_are_air_and_ground_units_and_only_they_keep_a_moved_units_marker():
    assert all(is_unit(kind) for kind in ("infantry", "marine", "militia", "garrison", "lba"))
    assert is_unit("cba")
    assert not any(is_unit(kind) for kind in ("cv", "bb", "ca", "submarine"))
    data = at_operational_movement().data
    for piece in ("jp-bb-a", "jp-lba-5", "jp-western-da"):  # in Honshu and Kyushu
        mark_supply(data, piece, "out")
        block = data["units"].get(piece)
        (block["hidden"] if block else data["counters"][piece])["oos_moved"] = True
    report = supply.supply_report(data, "japan")
    assert {report.units[p] for p in ("jp-bb-a", "jp-lba-5", "jp-western-da")} == {"full"}
    found = dict(regained(data, "japan", report))
    assert found["jp-bb-a"] == "full"  # a fleet is no unit: it takes what it traces
    assert found["jp-lba-5"] == found["jp-western-da"] == "out"  # units keep the marker (3.7)


@pytest.mark.rule("3.6")
def test_the_other_side_reads_a_defenders_recorded_supply():
    state = at_operational_movement()
    mark_supply(state.data, "garrison:japan", "partial", "shanghai")
    assert not takes_bonuses(state.data, "japan", "garrison:japan", "shanghai")
    assert takes_bonuses(state.data, "japan", "jp-kwantung-3a", "manchukuo")


# -- 3.8 the final supply phase --------------------------------------------------------------


@pytest.mark.rule("3.8")
@pytest.mark.rule("1.19")
def test_what_traces_no_supply_at_all_is_eliminated_in_the_final_supply_phase():
    state = play(at_network(), "japan", "end")
    state = end_player_turn(state, "japan")
    assert state.data["phase_player"] == "allies"
    for unit_id in ("jp-23a", "jp-16a"):
        assert unit_id not in state.data["units"]
        assert unit_id in state.data["pools"]["japan"]
    assert "jp-lba-2" not in state.data["counters"]
    garrisons = state.data["garrisons"]
    assert ["japan", "british_borneo"] not in garrisons
    assert ["japan", "okinawa"] in garrisons  # partial supply saves it (3.35)
    assert "jp-14a" in state.data["units"]
    assert logged(state, "log.unsupplied_block")
    assert state.data["supply"]["japan"]["marked"] == []


@pytest.mark.rule("3.8")
def test_a_unit_in_supply_at_the_first_phase_that_is_cut_off_by_the_final_is_eliminated():
    state = at_operational_movement()
    state.data["network"] = {"markers": [], "submarine": None}  # the network is lost
    state = end_player_turn(state, "japan")
    assert "jp-23a" not in state.data["units"]


# -- secrets -------------------------------------------------------------------------------------


@pytest.mark.rule("3.6")
def test_the_enemy_sees_where_units_are_out_of_supply_never_which_hidden_block():
    state = play(at_network(), "japan", "end")
    allied = GAME.view(state, "allies")
    board = allied["board"]
    assert "kwangtung" in board["supply"]["japan"]["marked"]
    blanks = [b for b in board["blanks"] if b["where"] == "kwangtung" and b["owner"] == "japan"]
    assert blanks and all("supply" not in json.dumps(b) for b in blanks)
    assert "jp-23a" not in json.dumps(allied)
    japanese = GAME.view(state, "japan")["board"]
    mine = {unit["id"]: unit for unit in japanese["units"]}
    assert mine["jp-23a"]["hidden"]["supply"] == "out"
    check_views(GAME, state, Rng(11))
    state = end_player_turn(state, "japan")  # the final supply phase's eliminations
    assert "jp-23a" not in json.dumps(GAME.view(state, "allies"))
    check_views(GAME, state, Rng(12))


@pytest.mark.rule("3.8")
def test_a_block_the_enemy_has_seen_is_known_to_go_to_the_pool():
    state = play(at_network(), "japan", "end")
    state.data["units"]["jp-23a"]["seen"] = {"allies": "moved"}  # seen in a battle, not moved
    state = end_player_turn(state, "japan")
    assert "jp-23a" in state.data["known_in_pool"]
    assert "jp-16a" not in state.data["known_in_pool"]  # never seen: a blank goes
    check_views(GAME, state, Rng(13))
