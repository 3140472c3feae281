"""Ground unit modes (11.02): Reserve near an HQ, set in the Unit Assignment Stage, and the
segments Front-line and Reserve units march in (7.04-7.06 item 1)."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import GAME, act, actions, edited, passing, prompt
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import detection, ground, ground_modes, state
from wargame.games.aegean_strike.charts import tables

pytestmark = pytest.mark.game("aegean-strike")
WAR = "greece_turkey_war"
"""Turkey (Player B) controls the battlefield first; Greece (A) assigns first."""


def begun():
    return GAME.setup(WAR, 7, {})


def far_from_hqs(state_, side):
    """A ground unit of ``side`` that no HQ of its side is near enough to hold in Reserve."""
    g_tables = tables(state_)
    return next(
        u
        for u in ground_modes.reserve_units(state_.data, side)
        if "no HQ" in ground_modes.reserve_refusal(g_tables, state_.data, u)
    )


def turkish_reserve(state_):
    g_tables = tables(state_)
    return next(
        u
        for u in ground_modes.reserve_units(state_.data, "b")
        if not ground_modes.reserve_refusal(g_tables, state_.data, u)
    )


@pytest.mark.rule("11.02")
def test_a_ground_unit_goes_into_reserve_only_near_an_hq_of_its_side():
    start = begun()
    assert prompt(start, "a") == "prompt.assignment_modes"
    offered = actions(start, "a")
    assert "reserve gr-1-inf" in offered
    assert not any(t.endswith(("gr-1-corps", "gr-truck")) for t in offered if "reserve" in t)
    far = far_from_hqs(start, "a")
    assert "11.02" in refused(start, "a", f"reserve {far}")
    held = act(start, "a", "reserve gr-1-inf")
    assert ground_modes.in_reserve(held.data, "gr-1-inf")
    assert held.data["ground"]["gr-1-inf"]["mode"] == "reserve"
    assert any(e.key == "log.mode" and e.params["mode"] == "reserve" for e in held.log)
    assert "front gr-1-inf" in actions(held, "a")
    back = act(held, "a", "front gr-1-inf")
    assert not ground_modes.in_reserve(back.data, "gr-1-inf")


@pytest.mark.rule("11.02")
def test_the_segment_table_gives_front_line_and_reserve_units_their_segments():
    stage_1 = ground_modes.permit(1, True)
    assert stage_1.front and not stage_1.reserve and stage_1.declare
    stage_2 = ground_modes.permit(2, True)
    assert stage_2.reserve and not stage_2.front and stage_2.declare
    stage_3 = ground_modes.permit(3, True)
    assert stage_3.front and stage_3.reserve and stage_3.unspent_only
    for stage in (1, 2, 3):
        second = ground_modes.permit(stage, False)
        assert second.join_only and not second.front and not second.declare
    assert ground_modes.permit(3, False).unspent_only
    assert not ground_modes.permit(1, False).unspent_only


@pytest.mark.rule("11.02")
@pytest.mark.rule("7.05")
def test_a_reserve_unit_waits_for_action_stage_two_and_a_front_line_unit_marches_in_stage_one():
    assigned = act(begun(), "a", "done")
    unit = turkish_reserve(assigned)
    held = act(assigned, "b", f"reserve {unit}", "done")
    stage_1 = passing(held, lambda s: prompt(s, GAME.active(s)[0]) == "prompt.ground_segment")
    assert stage_1.data["stage"] == "action_1" and GAME.active(stage_1) == ["b"]
    assert "11.02" in refused(stage_1, "b", f"march {unit}")
    front = next(
        t.split()[1]
        for t in actions(stage_1, "b")
        if t.startswith("march ") and not ground_modes.in_reserve(stage_1.data, t.split()[1])
    )
    stage_2 = passing(stage_1, lambda s: s.data["stage"] == "action_2")
    stage_2 = passing(stage_2, lambda s: prompt(s, GAME.active(s)[0]) == "prompt.ground_segment")
    assert stage_2.data["stage"] == "action_2" and GAME.active(stage_2) == ["b"]
    assert f"march {unit}" in actions(stage_2, "b")
    assert "11.02" in refused(stage_2, "b", f"march {front}")


@pytest.mark.rule("11.02")
def test_in_a_second_segment_a_reserve_unit_marches_only_into_a_hex_the_enemy_attacks():
    start = begun()
    side = "a"
    g_tables = tables(start)
    unit = "gr-1-inf"
    here = start.data["ground"][unit]["hex"]
    marching = ground.Marching(g_tables, start.data, side)
    near = sorted(marching.reach(unit))
    attacked_hex = near[0]

    def attacked(data):
        data["ground"][unit]["mode"] = "reserve"
        data["combats"].append({"hex": attacked_hex, "side": "b", "units": [], "cas": {}})

    edited_state = edited(start, attacked)
    join = ground_modes.permit(1, False)
    found = ground._destinations(
        edited_state.data, ground.Marching(g_tables, edited_state.data, side), unit, join
    )
    assert found == {attacked_hex} and here not in found
    assert ground_modes.march_refusal(edited_state.data, unit, join) == ""
    assert "11.02" in ground_modes.march_refusal(edited_state.data, "gr-2-inf", join)
    assert ground_modes.may_act(edited_state.data, side, join)
    assert not ground_modes.may_act(start.data, side, join)


@pytest.mark.rule("11.02")
def test_a_reserve_unit_that_spent_mp_sits_out_action_stage_three():
    unit = "gr-1-inf"

    def spent(data):
        data["ground"][unit].update(mode="reserve", spent=True)

    data = edited(begun(), spent).data
    assert "spent MP" in ground_modes.march_refusal(data, unit, ground_modes.permit(3, True))
    assert ground_modes.march_refusal(data, unit, ground_modes.permit(2, True)) == ""


@pytest.mark.rule("11.02")
@pytest.mark.rule("14")
def test_the_other_side_never_reads_the_mode_of_a_unit_it_does_not_detect():
    start = begun()
    unseen = detection.hidden_from(tables(start), start.data, "b")
    g_tables = tables(start)
    unit = next(
        u
        for u in ground_modes.reserve_units(start.data, "a")
        if u in unseen and not ground_modes.reserve_refusal(g_tables, start.data, u)
    )
    held = act(start, "a", f"reserve {unit}")
    theirs = GAME.view(held, "b")
    assert unit not in str(theirs)
    assert state.side_of(held.data, unit) == "a" and unit in str(GAME.view(held, "a"))
