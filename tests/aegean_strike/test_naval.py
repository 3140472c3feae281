"""Naval units in the Movement Phase: moves within the allowance to water hexes (10.03, 13.06),
the Sea Movement Determination number spent one unit at a time (10.04), ship-to-ship combat
with fire back (16.11)."""

from __future__ import annotations

import msgspec
import pytest

from tests.aegean_strike.play import GAME, act, actions, edited, naval_segment, prompt
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import naval, state
from wargame.games.aegean_strike.charts import TABLES

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


@pytest.mark.rule("10.07")
def test_a_submarine_fights_only_underwater_at_the_underwater_range():
    g_tables = TABLES.defaults
    ranges = g_tables["detection"].combat_ranges
    assert naval.attack_range(g_tables, "us-ssn-1", "ly-ff") == ranges.underwater
    assert naval.attack_range(g_tables, "ly-ff", "us-ssn-1") == ranges.underwater
    assert naval.attack_range(g_tables, "us-cg-47", "ly-ff") == ranges.ssm
    assert naval.attack_value("ly-ss", "us-cg-47") == 4  # its underwater value, no SSM
    assert naval.attack_value("ly-fac-1", "us-ssn-1") == 0  # no underwater value

    def close(data):
        data["naval"]["ly-fac-1"]["hex"] = data["naval"]["us-ssn-1"]["hex"]
        data["naval"]["ly-ff"]["hex"] = data["naval"]["us-ssn-1"]["hex"]

    data = edited(naval_segment(), close).data
    assert not naval.can_fire(g_tables, data, "ly-fac-1", "us-ssn-1")
    assert naval.can_fire(g_tables, data, "ly-ff", "us-ssn-1")


def test_the_naval_segment_comes_before_the_air_missions_for_each_side():
    start = naval_segment()
    assert GAME.active(start) == ["a"] and prompt(start, "a") == "prompt.naval_segment"
    assert prompt(act(start, "a", "end"), "a") == "prompt.air_segment"


# -- as-naval2: the path traced over water ---------------------------------------------------------
def tables_with(**values):
    found = dict(TABLES.defaults)
    found["naval_movement"] = msgspec.structs.replace(found["naval_movement"], **values)
    return found


def at(hex_id):
    def edit(data):
        data["naval"][CARRIER]["hex"] = hex_id

    return edit


@pytest.mark.rule("10.03")
@pytest.mark.rule("13.06")
def test_a_ship_sails_round_cyprus_not_across_it():
    """Off Cape Greco (5934) to Morphou Bay (5431): five hexes across the island, eight by sea."""
    data = naval_segment(at("5934")).data
    six = tables_with(mp_per_strategic_hex=2)  # the carrier's 3 strategic hexes: 6 MP
    assert state.distance("5934", "5431") == 5
    within_six = naval.reach(six, data, CARRIER)
    assert "5431" not in within_six and "5834" in within_six
    reason = naval.move_refusal(six, data, CARRIER, "5431")
    assert reason.startswith("10.03:") and "by water" in reason
    assert naval.reach(tables_with(mp_per_strategic_hex=3), data, CARRIER)["5431"] == 8


@pytest.mark.rule("10.03")
def test_a_ship_may_end_in_a_shore_hex_but_not_sail_across_an_isthmus():
    """Bolayir (3011, 77 % land) at the neck of the Gallipoli peninsula: from the head of the Gulf
    of Saros (2911) the Sea of Marmara (3112) is two hexes across it, three by the Dardanelles."""
    found = naval.reach(TABLES.defaults, naval_segment(at("2911")).data, CARRIER)
    assert state.distance("2911", "3112") == 2 and found["3112"] == 3
    assert found["3011"] == 1  # it may put in there


@pytest.mark.rule("10.03")
@pytest.mark.rule("13.06")
def test_the_hex_choice_lists_only_the_hexes_the_ship_reaches():
    start = naval_segment(at("5934"))
    listed = actions(act(start, "a", f"sail {CARRIER}"), "a")
    reach = naval.reach(TABLES.defaults, start.data, CARRIER)
    assert listed == [*(f"to {h}" for h in sorted(reach)), "cancel"]
    assert len(listed) < len(state.placeable_hexes()) / 2


@pytest.mark.rule("10.03")
@pytest.mark.parametrize(
    ("hex_id", "reason"), [("5632", "has no sea"), ("5732", "has no sea"), ("0101", "has no sea")]
)
def test_an_unlisted_hex_named_is_refused_with_the_rule_and_nothing_changes(hex_id, reason):
    found = act(naval_segment(at("5934")), "a", f"sail {CARRIER}")
    message = refused(found, "a", f"to {hex_id}")
    assert "10.03:" in message and reason in message


@pytest.mark.rule("10.03")
def test_a_ship_changes_maps_through_its_transitional_strategic_hex():
    inside = [h for h, big in state.strategic_of().items() if big == "S0305"]
    small = next(h for h in sorted(inside) if naval.is_water(h))
    found = naval.reach(TABLES.defaults, naval_segment(at(small)).data, CARRIER)
    assert found["S0305"] == 5 and found["S0306"] == 15
