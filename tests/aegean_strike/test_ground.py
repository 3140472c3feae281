"""Ground units in the Movement Phase: terrain costs and closed hexsides (11.07, 11.08), zones of
control and the segments Front-line units move in (13.02, 7.04, 7.06), stacking (13.03)."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import (
    GAME,
    SCENARIO,
    act,
    actions,
    edited,
    ground_segment,
    passing,
    prompt,
)
from tests.aegean_strike.test_assault import facing
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import ground, ground_modes
from wargame.games.aegean_strike.charts import tables

pytestmark = pytest.mark.game("aegean-strike")
ISTANBUL = "3910"
"""On the European shore of the Bosporus; 4009 and 4010 face it in Asia."""


def at(hex_id, unit="us-sf"):
    def edit(data):
        data["ground"][unit] = {"hex": hex_id, "aboard": None, "hits": 0}

    return edit


def reach_of(state_, unit="us-sf"):
    return ground.reach(tables(state_), state_.data, unit)


@pytest.mark.rule("13.02")
def test_a_ground_unit_moves_to_a_hex_within_its_allowance_once_a_segment():
    start = ground_segment()
    assert prompt(start, "a") == "prompt.ground_segment"
    moved = act(start, "a", "march us-sf", "to 2122")
    assert moved.data["ground"]["us-sf"]["hex"] == "2122"
    assert "13.02" in refused(moved, "a", "march us-sf")
    assert "13.02" in refused(act(start, "a", "march us-sf"), "a", "to 1615")
    assert "aboard" in refused(start, "a", "march us-22-mau")


@pytest.mark.rule("11.07")
def test_each_hex_costs_its_terrain_and_a_river_adds_its_cost():
    start = ground_segment()
    terrain = tables(start)["terrain_effects"]
    assert ground.step_cost(tables(start), start.data, "2022", "2122") == terrain.hexes["rough"].mp
    clear = ground.step_cost(tables(start), start.data, "3910", "3909")
    assert clear == terrain.hexes["clear"].mp
    river = next(side for side, kinds in ground.hexside_kinds().items() if kinds == ("river",))
    a, b = sorted(river)
    expected = ground.terrain_cost(tables(start), b) + terrain.hexsides["river"].mp
    assert ground.step_cost(tables(start), start.data, a, b) == expected


@pytest.mark.rule("11.08")
def test_no_land_move_crosses_the_bosporus_but_on_a_bridge():
    def unbridged(data):
        at(ISTANBUL)(data)
        data["bridges"] = []  # the Bosporus Bridge standing at the start removed

    europe = ground_segment(unbridged)
    assert not {"4009", "4010"} & reach_of(europe)
    open_sea = next(side for side, kinds in ground.hexside_kinds().items() if "all_sea" in kinds)
    assert ground.step_cost(tables(europe), europe.data, *sorted(open_sea)) is None

    def bridged(data):
        data["bridges"] = [[ISTANBUL, "4010"]]

    assert "4010" in reach_of(edited(europe, bridged))


@pytest.mark.rule("13.02")
def test_an_enemy_units_hex_is_closed_and_its_neighbours_stop_a_move():
    free = ground_segment(at("2222", "ly-cdo"))
    assert "2222" not in reach_of(free)
    assert "2122" in reach_of(free)  # next to the enemy: entered, not left
    assert reach_of(free) < reach_of(ground_segment())


@pytest.mark.rule("13.02")
def test_a_unit_on_the_strategic_map_moves_one_hex_to_a_land_neighbour():
    found = ground_segment()
    assert reach_of(found, "ly-1-armd") == {"S0307", "S0407", "S0506", "S0507"}


@pytest.mark.rule("13.03")
def test_a_move_may_not_end_where_the_stacking_limit_is_reached():
    options = {
        "rules_overlay": {
            "game": "aegean-strike",
            "name": "t",
            "tables": {
                "stacking": {
                    "operational_hex": 1,
                    "strategic_hex": 60,
                    "naval_per_hex": 8,
                    "mission_group": 3,
                    "escorts": 2,
                }
            },
        }
    }
    start = act(act(GAME.setup(SCENARIO, 7, options), "b", "done"), "a", "done")
    crowded = edited(start, at("2122", "us-22-mau"))
    assert "2122" not in reach_of(crowded) and "2122" in reach_of(start)


@pytest.mark.rule("7.04")
@pytest.mark.rule("7.06")
def test_front_line_units_move_in_the_first_segment_of_stages_one_and_three_only():
    start = ground_segment()
    second = act(start, "a", "end", "end", "end")
    assert GAME.active(second) == ["b"] and prompt(second, "b") == "prompt.naval_segment"
    stage3 = passing(start, lambda s: s.data["stage"] == "action_3")
    reactor = "b"
    assert GAME.active(stage3) == [reactor] and prompt(stage3, reactor) == "prompt.ground_segment"
    assert "march ly-1-armd" in actions(stage3, reactor)
    assert not ground_modes.permit(2, True).front


@pytest.mark.rule("11.13")
@pytest.mark.rule("17")
def test_a_unit_leaving_a_hex_under_a_declared_enemy_attack_takes_a_withdrawal_hit():
    def attacked(data):
        data["combats"].append({"hex": "2022", "side": "b", "units": ["ly-cdo"], "cas": {}})

    start = edited(facing(), attacked)
    assert tables(start)["withdrawal"].hits == 1
    picked = act(start, "a", "march us-sf")
    away = next(a for a in actions(picked, "a") if a.startswith("to "))
    left = act(picked, "a", away)
    assert "us-sf" in left.data["eliminated"]  # a battalion takes one hit
    assert any(e.key == "log.withdrew" for e in left.log)
    free = act(act(facing(), "a", "march us-sf"), "a", away)
    assert free.data["ground"]["us-sf"]["hits"] == 0  # no attack on 2022
