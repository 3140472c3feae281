"""Asia Engulfed's naval movement (1.11, 8.2) and rebasing (1.18, 8.8), played through the game
contract on the January 1942 set-up."""

import copy

import pytest

from tests.asia_engulfed.positions import offered, pass_phase, play
from wargame.engine.rng import Rng
from wargame.games.asia_engulfed import GAME, naval
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.naval import rebase_ports, sea_reach, sea_steps
from wargame.games.asia_engulfed.sea_forces import carried_air

pytestmark = pytest.mark.game("asia-engulfed")


def start(**changes):
    """Jan/Feb 1942 at Japan's naval movement, with blocks moved by ``changes``."""
    state = GAME.setup("jan1942", 7)
    for unit_id, where in changes.items():
        state.data["units"][unit_id]["where"] = where
    return state


@pytest.mark.rule("8.22")
def test_a_fleet_sails_three_sea_areas_leaving_port_counting_one():
    data = start().data
    reach = sea_reach(data, "japan", "honshu", 3)
    assert {"sea_of_japan", "north_pacific", "bonin_islands"} <= reach  # 1: out of port
    assert "philippine_sea" in reach  # 2
    assert "java_sea" not in reach
    assert sea_reach(data, "japan", "honshu", 1) == {
        "bonin_islands",
        "north_pacific",
        "sea_of_japan",
    }


@pytest.mark.rule("8.13")
@pytest.mark.rule("8.22")
def test_a_fleet_stops_on_entering_enemy_influence():
    data = start().data
    reach = sea_reach(data, "allies", "hawaii", 3)
    assert "central_pacific" in reach  # Allied influence only
    assert "marshall_islands" in reach  # Japanese influence: entered, not passed
    assert "caroline_islands" not in reach  # beyond the Marshalls


@pytest.mark.rule("8.22")
def test_the_sulu_sea_and_south_philippine_sea_join_only_with_leyte_held():
    data = start().data
    assert "south_philippine_sea" in sea_steps(data, "allies", "sulu_sea")  # Leyte Allied
    assert "south_philippine_sea" not in sea_steps(data, "japan", "sulu_sea")
    data["control"]["leyte"] = "japan"
    assert "south_philippine_sea" in sea_steps(data, "japan", "sulu_sea")
    data["contested"] = [*data["contested"], "leyte"]
    assert "south_philippine_sea" not in sea_steps(data, "japan", "sulu_sea")


@pytest.mark.rule("8.2")
@pytest.mark.rule("8.21")
def test_fleets_sail_into_one_sea_area_at_a_time_which_then_closes():
    state = start()
    assert state.data["phase"] == "naval_movement"
    state = play(state, "japan", "sail jp-cv-a north_pacific")
    targets = {a.split()[2] for a in offered(state, "japan", "sail")}
    assert targets == {"north_pacific"}  # only the sea area it opened
    assert "end" not in [a.verb for a in GAME.legal_actions(state, "japan")]
    state = play(state, "japan", "sail jp-bb-a north_pacific", "close")
    assert GAME.active(state) == ["allies"]  # the reaction
    state = play(state, "allies", "done")
    assert GAME.active(state) == ["japan"]
    assert "north_pacific" in state.data["naval"]["closed"]
    assert not any(a.endswith("north_pacific") for a in offered(state, "japan", "sail"))


@pytest.mark.rule("8.21")
def test_each_japanese_fleet_that_moves_uses_an_oil_point():
    state = start()
    oil = state.data["tracks"]["japan_oil"]
    state = play(state, "japan", "sail jp-cv-a north_pacific", "sail jp-bb-a north_pacific")
    assert state.data["tracks"]["japan_oil"] == oil - 2
    state = start()
    state.data["tracks"]["japan_oil"] = 0
    assert offered(state, "japan", "sail") == []


@pytest.mark.rule("8.25")
def test_the_other_side_reacts_from_port_within_two_sea_areas():
    state = play(start(), "japan", "sail jp-cv-a central_pacific", "close")
    assert "react us-ca-a central_pacific" in offered(state, "allies", "react")  # Hawaii, 2 away
    assert not any(a.startswith("react us-bb-a") for a in offered(state, "allies", "react"))
    state = play(state, "allies", "react us-ca-a central_pacific")
    assert state.data["units"]["us-ca-a"]["where"] == "central_pacific"


@pytest.mark.rule("8.25")
def test_the_phase_player_answers_with_its_submarine_only_after_fleets_reacted():
    state = play(start(), "japan", "sail jp-cv-a central_pacific", "close")
    after_none = play(state, "allies", "submarine central_pacific", "done")
    assert GAME.active(after_none) == ["japan"]
    assert offered(after_none, "japan", "submarine") == []  # no fleet reacted
    assert after_none.data["counters"]["us-sub"]["where"] == "central_pacific"
    after_fleet = play(state, "allies", "react us-ca-a central_pacific", "done")
    assert offered(after_fleet, "japan", "submarine") == ["submarine central_pacific"]


@pytest.mark.rule("8.8")
def test_every_fleet_at_sea_returns_to_port_the_reacting_side_first():
    # an Allied fleet left at sea elsewhere (a reaction that met no battle: 8.4 would not let
    # both sides stay in one sea area)
    state = play(start(**{"us-ca-a": "coral_sea"}), "japan", "sail jp-cv-a central_pacific")
    state = play(state, "japan", "close")
    state = play(state, "allies", "done")
    state = play(state, "japan", "end")
    while state.data["phase"] != "rebase":
        state = pass_phase(state, "japan")
    assert GAME.active(state) == ["allies"]
    assert offered(state, "allies", "rebase")[0].startswith("rebase us-ca-a")
    state = play(state, "allies", "rebase us-ca-a fiji")
    assert GAME.active(state) == ["japan"]
    state = play(state, "japan", "rebase jp-cv-a honshu")
    assert state.data["phase_player"] == "allies"  # Japan's player turn is over
    assert all(
        c["where"] == "holding_box"
        for c in state.data["counters"].values()
        if c["type"] == "submarine"
    )


@pytest.mark.rule("8.8")
@pytest.mark.rule("5.45")
def test_a_fleet_rebases_within_range_to_a_friendly_port_with_room_or_home():
    data = start(**{"us-ca-a": "central_pacific"}).data
    ports = rebase_ports(data, "us-ca-a", printed())
    assert "hawaii" in ports  # 2 sea areas and the port
    assert "truk" not in ports and "honshu" not in ports  # Japanese ports
    far = start(**{"us-ca-a": "bay_of_bengal"}).data
    assert "usa" in rebase_ports(
        far, "us-ca-a", printed()
    )  # the US home port, whatever the distance
    assert "hawaii" not in rebase_ports(far, "us-ca-a", printed())


@pytest.mark.rule("5.45")
def test_a_port_holds_as_many_fleets_as_its_size():
    crowd = {"us-bb-a": "bataan", "us-bb-b": "bataan"}  # Bataan: a small port, 2 fleets
    data = start(**crowd, **{"us-ca-a": "south_china_sea"}).data
    assert "bataan" not in rebase_ports(data, "us-ca-a", printed())
    data = start(**{"us-bb-a": "bataan", "us-ca-a": "south_china_sea"}).data
    assert "bataan" in rebase_ports(data, "us-ca-a", printed())


@pytest.mark.rule("8.8")
@pytest.mark.rule("8.42")
def test_a_carrier_lost_for_want_of_a_port_takes_its_aircraft_with_it(monkeypatch):
    state = play(start(), "japan", "sail jp-cv-a central_pacific", "close")
    state = play(state, "allies", "done")
    state = play(state, "japan", "end")
    while state.data["phase"] != "rebase":
        state = pass_phase(state, "japan")
    aboard = carried_air(state.data, "jp-cv-a")
    assert aboard  # the carrier sails with its CBA
    monkeypatch.setattr(naval, "rebase_ports", lambda *args: [])  # every port out of reach
    state = play(copy.deepcopy(state), "japan", "scuttle jp-cv-a")  # the decision anew
    assert "jp-cv-a" not in state.data["units"]
    assert not set(aboard) & set(state.data["counters"])  # gone with it, not left in its box
    assert set(aboard) <= set(state.data["pools"]["japan"])


@pytest.mark.rule("8.8")
def test_the_units_at_sea_rebase_one_by_one_fleets_first_each_by_id():
    """Every unit at sea rebases and the order changes nothing the player could want, so the
    decision is one unit's ports at a time (ae-speed3): a fixed order, named in the prompt."""
    state = play(start(), "japan", "sail jp-cv-a central_pacific", "sail jp-bb-a central_pacific")
    state = play(state, "japan", "close")
    state = play(state, "allies", "done")
    state = play(state, "japan", "end")
    while state.data["phase"] != "rebase":
        state = pass_phase(state, "japan")
    units = {a.args[0] for a in GAME.legal_actions(state, "japan") if a.verb == "rebase"}
    assert units == {"jp-bb-a"}
    assert GAME.view(state, "japan")["prompt"]["params"] == {"unit": "jp-bb-a"}
    state = play(state, "japan", offered(state, "japan", "rebase")[0])
    units = {a.args[0] for a in GAME.legal_actions(state, "japan") if a.verb == "rebase"}
    assert units == {"jp-cv-a"}


# -- the move that opens a sea area names its unit first (ae-speed4) ----------------------------


@pytest.mark.rule("8.2")
@pytest.mark.rule("8.21")
def test_the_move_opening_a_sea_area_names_its_unit_first_and_may_be_cancelled():
    state = start()
    first = {a.text for a in GAME.legal_actions(state, "japan")}
    assert {"sail jp-cv-a", "embark jp-12a"} <= first
    assert not any(len(t.split()) > 2 for t in first if t.split()[0] in ("sail", "embark"))
    picked = play(state, "japan", "sail jp-cv-a")
    seas = sorted(sea_reach(state.data, "japan", "honshu", printed().movement.fleet))
    offered_now = {a.text for a in GAME.legal_actions(picked, "japan")}
    assert offered_now == {*(f"sail jp-cv-a {sea}" for sea in seas), "cancel"}
    assert GAME.view(picked, "japan")["prompt"]["key"] == "prompt.naval_destination"
    assert "jp-cv-a" not in str(GAME.view(picked, "allies"))  # the pick is Japan's
    back = play(picked, "japan", "cancel")
    assert {a.text for a in GAME.legal_actions(back, "japan")} == first
    sailed = play(picked, "japan", "sail jp-cv-a north_pacific")
    assert sailed.data["picked"]["japan"] == []
    assert sailed.data["naval"]["target"] == "north_pacific"
    assert "sail jp-bb-a north_pacific" in {a.text for a in GAME.legal_actions(sailed, "japan")}
    embarked = play(state, "japan", "embark jp-12a", "embark jp-12a yellow_sea")
    assert embarked.data["naval"]["target"] == "yellow_sea"
    assert embarked.stack[-1].step == "sail"


@pytest.mark.rule("8.21")
def test_the_other_side_draws_a_unit_picked_to_open_a_sea_area():
    """Allied search sees Japan's destination step without its pick: a state it draws has the
    first unit that may open a sea area picked, so that Japan's decision there is a real one."""
    picked = play(start(), "japan", "sail jp-cv-a")
    drawn = GAME.determinize(GAME.view(picked, "allies"), "allies", Rng(3))
    chosen = drawn.data["picked"]["japan"]
    assert len(chosen) == 1 and chosen[0] in drawn.data["units"]
    assert "cancel" in {a.text for a in GAME.legal_actions(drawn, "japan")}
    assert len(GAME.legal_actions(drawn, "japan")) > 1
    empty = copy.deepcopy(picked)
    empty.data["picked"]["japan"] = []
    assert [a.text for a in GAME.legal_actions(empty, "japan")] == ["cancel"]
    assert GAME.view(empty, "japan")["prompt"]["key"] == "prompt.naval_none_picked"
