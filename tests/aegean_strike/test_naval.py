"""Naval units in the Movement Phase: moves within the allowance to water hexes (10.03, 13.06),
the Sea Movement Determination number spent one unit at a time (10.04), ship-to-ship combat
with fire back (16.11)."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import GAME, act, actions, naval_segment, prompt
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import naval

pytestmark = pytest.mark.game("aegean-strike")
CARRIER = "us-cvn-69"
"""At S0103 with an allowance of 3 strategic hexes."""


def moves(count):
    def edit(data):
        data["naval"]["ly-fac-1"]["hex"] = "S0103"
        data["naval_moves"]["a"] = count

    return edit


@pytest.mark.rule("10.03")
@pytest.mark.rule("13.06")
def test_a_naval_unit_moves_to_a_water_hex_within_its_allowance():
    found = act(naval_segment(), "a", f"sail {CARRIER}")
    assert prompt(found, "a") == "prompt.naval_where"
    moved = act(found, "a", "to S0305")
    assert moved.data["naval"][CARRIER]["hex"] == "S0305"
    assert prompt(moved, "a") == "prompt.naval_segment"


@pytest.mark.rule("10.03")
@pytest.mark.parametrize(
    ("hex_id", "reason"),
    [("1615", "has no sea"), ("S0301", "has no sea"), ("S0903", "beyond"), ("S0103", "already")],
)
def test_a_move_to_land_beyond_the_allowance_or_in_place_is_refused(hex_id, reason):
    found = act(naval_segment(), "a", f"sail {CARRIER}")
    message = refused(found, "a", f"to {hex_id}")
    assert "10.03:" in message and reason in message


@pytest.mark.rule("10.04")
def test_the_sea_movement_number_limits_the_units_that_spend_mp_once_a_segment():
    start = naval_segment(moves(2))
    once = act(start, "a", f"sail {CARRIER}", "to S0305")
    assert once.data["naval_moves"]["a"] == 1
    assert "10.04" in refused(once, "a", f"sail {CARRIER}")
    twice = act(once, "a", "sail us-cg-47", "to S0203")
    assert "10.04" in refused(twice, "a", "sail us-dd-group")
    assert actions(twice, "a") == ["end"] and prompt(twice, "a") == "prompt.naval_segment_end"
    assert "10.04" in refused(naval_segment(moves(0)), "a", f"sail {CARRIER}")


@pytest.mark.rule("16.11")
def test_a_ship_attacks_an_enemy_ship_in_range_and_the_target_fires_back():
    start = naval_segment(moves(2), air_naval_combat=1)
    assert actions(act(start, "a", "fire us-cg-47"), "a") == ["at ly-fac-1", "cancel"]
    fought = act(start, "a", "fire us-dd-group", "at ly-fac-1")
    assert "ly-fac-1" in fought.data["eliminated"]
    assert fought.data["naval"]["us-dd-group"]["hits"] == 1  # fired back at once
    unharmed = act(start, "a", "fire us-cg-47", "at ly-fac-1")  # SSM 3 against ECM 3: nothing
    assert unharmed.data["naval"]["us-cg-47"]["hits"] == 0
    assert fought.data["naval_moves"]["a"] == 1 and fought.data["score"]["a"] == 1


@pytest.mark.rule("16.11")
def test_a_target_out_of_range_or_a_ship_without_a_weapon_is_refused():
    assert "16.11" in refused(naval_segment(moves(2)), "a", "fire us-cvn-69")
    assert "16.11" in refused(naval_segment(), "a", "fire us-cg-47")


@pytest.mark.rule("16.11")
def test_submarines_fight_with_their_underwater_values_at_close_range():
    assert naval.attack_value("us-ssn-1", "ly-ff") == 6
    assert naval.attack_value("us-cg-47", "ly-ss") == 3
    assert naval.attack_value("us-cg-47", "ly-ff") == 5


def test_the_naval_segment_comes_before_the_air_missions_for_each_side():
    start = naval_segment()
    assert GAME.active(start) == ["a"] and prompt(start, "a") == "prompt.naval_segment"
    assert prompt(act(start, "a", "end"), "a") == "prompt.air_segment"
