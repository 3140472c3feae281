"""Trucks carry ground units (13.09; seed 8.04: trucks are ground transport for other ground
units, 8.01: their transport capacity is the size of force they carry at once, 7.04 item 1: they
spend MP to move and to load or unload): in the segments trucks march in (7.04, 7.06), one unit
of the truck's hex within its transport value, set down where the truck stops; table
``truck_transport``'s MP to load and unload."""

from __future__ import annotations

import json

import pytest

from tests.aegean_strike.play import GAME, act, actions, edited, passing, prompt
from tests.aegean_strike.test_depots import both
from tests.aegean_strike.test_play import refused
from wargame.engine.rng import Rng
from wargame.games.aegean_strike import detection, ground, ground_modes
from wargame.games.aegean_strike.charts import TABLES

pytestmark = [pytest.mark.game("aegean-strike"), pytest.mark.rule("13.09")]
TRUCK_HEX = "3509"
"""Corlu: tu-truck, tu-3-armd (an armoured brigade) and tu-art (an artillery brigade) start
there in the Greece-Turkey war, whose first ground segment is Turkey's (B, the Controller)."""


def put(unit, hex_id, **extra):
    def edit(data):
        data["ground"][unit].update(hex=hex_id, aboard=None, **extra)

    return edit


def truck_segment(*edits, options=None):
    start = GAME.setup("greece_turkey_war", 7, options or {})
    found = passing(start, lambda s: prompt(s, GAME.active(s)[0]) == "prompt.ground_segment")
    return edited(found, both(*edits))


def destinations(found, side="b"):
    return {t.split()[1] for t in actions(found, side) if t.startswith("to ")}


def overlay(load_mp, unload_mp):
    tables = {"truck_transport": {"load_mp": load_mp, "unload_mp": unload_mp}}
    return {"rules_overlay": {"game": "aegean-strike", "name": "t", "tables": tables}}


@pytest.mark.rule("8.04")
@pytest.mark.rule("7.04")
def test_a_truck_carries_a_unit_of_its_hex_and_sets_it_down_where_it_stops():
    found = truck_segment(put("tu-gn-ankara", TRUCK_HEX))  # an infantry brigade, 4 MP on foot
    offered = actions(found, "b")
    assert "carry tu-truck tu-gn-ankara" in offered and "carry tu-truck tu-3-armd" in offered
    assert not any(a.startswith("carry tu-3-armd") for a in offered)  # trucks only carry
    on_foot = destinations(act(found, "b", "march tu-gn-ankara"))
    trucked = destinations(act(found, "b", "carry tu-truck tu-gn-ankara"))
    assert trucked - on_foot  # the truck takes it farther than it marches
    there = sorted(trucked - on_foot)[0]
    done = act(found, "b", "carry tu-truck tu-gn-ankara", f"to {there}")
    ground_ = done.data["ground"]
    assert ground_["tu-truck"]["hex"] == ground_["tu-gn-ankara"]["hex"] == there
    assert ground_["tu-3-armd"]["hex"] == TRUCK_HEX  # nothing else rides along
    assert {"tu-truck", "tu-gn-ankara"} <= set(done.data["ground_moved"])
    assert ground_modes.spent(done.data, "tu-gn-ankara")
    # its move for the segment is made: it marches no more, nor is carried again
    assert "13.02" in refused(done, "b", "march tu-gn-ankara")
    marched = [e for e in done.log if e.key == "log.marched"][-2:]
    assert [e.params["unit"] for e in marched] == ["tu-truck", "tu-gn-ankara"]
    line = next(e for e in done.log if e.key == "log.truck_carried")
    assert line.to == ["b"] and line.params["truck"] == "tu-truck"
    for lang in ("en", "ja"):
        assert there in GAME.catalog.render(line.key, line.params, lang)


@pytest.mark.rule("8.01")
def test_a_truck_loads_only_a_unit_its_transport_capacity_fits():
    found = truck_segment(put("tu-28-inf", TRUCK_HEX), put("tu-engr", TRUCK_HEX))
    reason = refused(found, "b", "carry tu-truck tu-28-inf")  # a division weighs 4
    assert reason.startswith("'carry tu-truck tu-28-inf' is refused: 13.09")
    assert "weighs 4" in reason and "carries 2" in reason
    assert "carry tu-truck tu-engr" in actions(found, "b")  # a battalion weighs 1
    assert "carry tu-truck tu-art" in actions(found, "b")  # a brigade weighs 2


def test_loading_and_unloading_cost_the_truck_the_tables_mp():
    found = truck_segment()
    g_tables = TABLES.of(found)
    assert g_tables["truck_transport"].load_mp == 1 and g_tables["truck_transport"].unload_mp == 1
    marching = ground.Marching(g_tables, found.data, "b")
    carried = destinations(act(found, "b", "carry tu-truck tu-art"))
    assert carried == marching.reach("tu-truck", 8 - 2)
    assert carried < destinations(act(found, "b", "march tu-truck"))
    dear = truck_segment(options=overlay(3, 3))  # 2 MP left for the march
    assert destinations(act(dear, "b", "carry tu-truck tu-art")) < carried


@pytest.mark.rule("7.04")
@pytest.mark.rule("7.06")
@pytest.mark.rule("11.02")
def test_trucks_carry_only_in_the_segments_trucks_march_in():
    found = truck_segment()
    stage2 = passing(
        found,
        lambda s: (
            s.data["stage"] == "action_2"
            and prompt(s, GAME.active(s)[0]) == "prompt.ground_segment"
        ),
    )
    assert GAME.active(stage2) == ["b"]  # the Controller's Reserve segment
    assert not any(a.startswith("carry") for a in actions(stage2, "b"))
    reason = refused(stage2, "b", "carry tu-truck tu-3-armd")
    assert "11.02" in reason and "tu-truck" in reason

    def greeks_with_their_truck(data):
        data["ground"]["gr-eldyk"].update(hex=data["ground"]["gr-truck"]["hex"], aboard=None)

    stage3 = passing(
        edited(found, greeks_with_their_truck), lambda s: s.data["stage"] == "action_3"
    )
    assert GAME.active(stage3) == ["a"] and prompt(stage3, "a") == "prompt.ground_segment"
    assert "carry gr-truck gr-eldyk" in actions(stage3, "a")  # the Reactor's trucks in AS3


@pytest.mark.rule("11.02")
def test_a_truck_carries_only_a_unit_that_could_march_itself_in_the_segment():
    found = truck_segment(put("tu-gn-ankara", TRUCK_HEX, mode=ground_modes.RESERVE))
    reason = refused(found, "b", "carry tu-truck tu-gn-ankara")
    assert "11.02" in reason and "Reserve" in reason
    moved = act(
        found,
        "b",
        "march tu-3-armd",
        f"to {sorted(destinations(act(found, 'b', 'march tu-3-armd')))[0]}",
    )
    assert "carry tu-truck tu-3-armd" not in actions(moved, "b")


@pytest.mark.rule("11.13")
def test_bad_carries_are_refused_with_their_rule():
    found = truck_segment(put("tu-28-inf", "3410"))
    assert "13.09" in refused(found, "b", "carry tu-3-armd tu-art")  # not a truck
    reason = refused(found, "b", "carry tu-truck tu-28-inf")
    assert "13.09" in reason and "not in tu-truck's hex" in reason

    def attacked(data):
        data["combats"].append({"hex": TRUCK_HEX, "side": "a", "units": [], "cas": {}})

    under_fire = edited(found, attacked)
    reason = refused(under_fire, "b", "carry tu-truck tu-art")
    assert "13.09" in reason and "declared enemy attack" in reason
    assert "march tu-truck" in actions(under_fire, "b")  # it may still leave, empty


@pytest.mark.rule("13.03")
def test_a_truck_and_its_load_end_only_where_both_fit_under_the_stacking_limit():
    found = truck_segment()
    near = sorted(destinations(act(found, "b", "carry tu-truck tu-art")))[0]
    crowded = truck_segment(
        put("tu-gn-ankara", near), put("tu-gn-bursa", near), put("tu-para", near)
    )  # three of the four a hex holds
    assert near in destinations(act(crowded, "b", "march tu-truck"))
    assert near not in destinations(act(crowded, "b", "carry tu-truck tu-art"))


@pytest.mark.rule("14.01")
def test_a_hidden_truck_and_its_hidden_load_stay_hidden():
    found = truck_segment()
    g_tables = TABLES.of(found)
    cargo = ("tu-truck", "tu-3-armd")
    assert set(cargo) <= detection.hidden_from(g_tables, found.data, "a")
    picked = act(found, "b", "carry tu-truck tu-3-armd")
    there = next(
        h
        for h in sorted(destinations(picked))
        if set(cargo) <= detection.hidden_from(g_tables, act(picked, "b", f"to {h}").data, "a")
    )
    done = act(picked, "b", f"to {there}")
    theirs = GAME.view(done, "a")
    shown = json.dumps(theirs)
    assert "tu-truck" not in shown and "tu-3-armd" not in shown
    assert "log.truck_carried" not in shown  # the other side reads two marches
    mine = json.dumps(GAME.view(done, "b")["log"])
    assert "log.truck_carried" in mine and "tu-3-armd" in mine
    board = GAME.view(done, "a", log=False)
    assert GAME.view(GAME.determinize(board, "a", Rng(5)), "a", log=False) == board
