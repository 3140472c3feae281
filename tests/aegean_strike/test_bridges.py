"""Bridges over the Straits in the Final Stage (11.08; 7.07 items 5 and 6): the Bosporus Bridge at
the start, engineers building, ground combat units removing, ground units crossing only where a
bridge stands, and bridges public in every view."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import GAME, act, actions, edited, passing, prompt
from tests.aegean_strike.test_play import refused
from wargame.engine.rng import Rng
from wargame.games.aegean_strike import ground, supply
from wargame.games.aegean_strike.charts import tables

pytestmark = [pytest.mark.game("aegean-strike"), pytest.mark.rule("11.08")]
SCENARIO = "turkish_missile_crisis"
ISTANBUL, USKUDAR, KARTAL = "3910", "4009", "4010"
"""Istanbul on the European shore; 4009 (Uskudar) and 4010 face it in Asia."""
NORTH = "3909"
"""The European shore of the Bosporus north of Istanbul, facing 4008 and 4009."""
ENGINEER, ARMY = "tu-engr", "tu-1-army"
"""Turkish units set up in Istanbul (Player A in the crisis): the engineers and the First Army
headquarters, a ground combat unit (a support unit, seed 8.04)."""


def bridges_step(state_=None):
    """Player A (the US and Turkey) at the bridges of turn 1's Final Stage, the war begun; the
    Warsaw Pact, Battlefield Controller, has nothing to bridge and is not asked."""
    begun = state_ or act(GAME.setup(SCENARIO, 3), "b", "strike")
    return passing(begun, lambda s: prompt(s, GAME.active(s)[0]).startswith("prompt.bridges"))


def unbridged(data):
    data["bridges"] = []


def moved(unit, hex_id):
    def edit(data):
        data["ground"][unit].update(hex=hex_id, aboard=None)

    return edit


def can_cross(state_, a, b):
    return ground.step_cost(tables(state_), state_.data, a, b) is not None


def to_ground_segment(state_):
    """On to Player A's next ground segment where the Turkish 1st Army may march."""
    return passing(state_, lambda s: f"march {ARMY}" in actions(s, "a"))


def test_the_bosporus_bridge_of_1973_stands_at_the_start_of_every_scenario():
    for scenario in GAME.scenarios():
        assert GAME.setup(scenario.id, 1).data["bridges"] == [[ISTANBUL, USKUDAR]]
    start = GAME.setup(SCENARIO, 3)
    assert can_cross(start, ISTANBUL, USKUDAR) and can_cross(start, USKUDAR, ISTANBUL)
    assert not can_cross(start, ISTANBUL, KARTAL)


def test_an_engineer_builds_a_bosporus_bridge_and_a_ground_unit_then_crosses_it():
    final = edited(bridges_step(), unbridged)
    assert GAME.active(final) == ["a"] and prompt(final, "a") == "prompt.bridges_build"
    assert f"bridge {ENGINEER} {ISTANBUL} {KARTAL}" in actions(final, "a")
    assert not can_cross(final, ISTANBUL, KARTAL)
    built = act(final, "a", f"bridge {ENGINEER} {ISTANBUL} {KARTAL}")
    assert built.data["bridges"] == [[ISTANBUL, KARTAL]]
    assert built.log[-1].key == "log.bridge_built"
    assert can_cross(built, ISTANBUL, KARTAL)
    marching = to_ground_segment(act(built, "a", "done"))
    crossed = act(marching, "a", f"march {ARMY}", f"to {KARTAL}")
    assert crossed.data["ground"][ARMY]["hex"] == KARTAL


def test_an_engineer_builds_the_tables_number_of_bridges_a_final_stage():
    final = edited(bridges_step(), moved(ENGINEER, NORTH))
    built = act(final, "a", f"bridge {ENGINEER} {NORTH} 4008")
    assert built.data["bridges"] == [[NORTH, "4008"], [ISTANBUL, USKUDAR]]
    assert "11.08" in refused(built, "a", f"bridge {ENGINEER} {NORTH} {USKUDAR}")


def test_a_unit_that_is_no_engineer_builds_no_bridge():
    final = edited(bridges_step(), unbridged)
    reason = refused(final, "a", f"bridge {ARMY} {ISTANBUL} {KARTAL}")
    assert "11.08: " in reason and "engineers" in reason


def test_an_enemy_ground_unit_across_the_strait_prevents_building():
    final = edited(bridges_step(), moved("su-59-gmrd", KARTAL))
    reason = refused(final, "a", f"bridge {ENGINEER} {ISTANBUL} {KARTAL}")
    assert "11.08: " in reason and KARTAL in reason


def test_an_engineer_out_of_supply_builds_no_bridge(monkeypatch):
    final = edited(bridges_step(), unbridged)
    monkeypatch.setattr(supply, "in_supply", lambda g_tables, data, uid, scenario: uid != ENGINEER)
    reason = refused(final, "a", f"bridge {ENGINEER} {ISTANBUL} {KARTAL}")
    assert "11.08: " in reason and "out of supply" in reason


def test_a_ground_combat_unit_removes_a_bridge_and_crossing_is_refused_again():
    final = bridges_step()
    assert prompt(final, "a") == "prompt.bridges"
    removed = act(final, "a", f"blow {ARMY} {ISTANBUL} {USKUDAR}")
    assert removed.data["bridges"] == []
    assert removed.log[-1].key == "log.bridge_removed"
    assert not can_cross(removed, ISTANBUL, USKUDAR)
    marching = to_ground_segment(act(removed, "a", "done"))
    assert "13.02" in refused(act(marching, "a", f"march {ARMY}"), "a", f"to {USKUDAR}")


def test_a_truck_removes_no_bridge():
    final = edited(bridges_step(), moved("tu-truck", ISTANBUL))
    reason = refused(final, "a", f"blow tu-truck {ISTANBUL} {USKUDAR}")
    assert "11.08: " in reason and "truck" in reason


def test_bridges_show_in_both_sides_views_and_on_the_map():
    built = act(edited(bridges_step(), unbridged), "a", f"bridge {ENGINEER} {ISTANBUL} {KARTAL}")
    mark = {"hex": ISTANBUL, "kind": "bridge", "label": "B", "toward": KARTAL}
    for viewer in ("a", "b", None):
        view = GAME.view(built, viewer)
        assert view["board"]["bridges"] == [[ISTANBUL, KARTAL]]
        assert mark in view["board"]["marks"]
    determinized = GAME.determinize(GAME.view(built, "b"), "b", Rng.from_seed(1))
    assert determinized.data["bridges"] == [[ISTANBUL, KARTAL]]
