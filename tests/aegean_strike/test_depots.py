"""Supply depots (12.01; 7.07 steps 1-3): built on a functioning source of the side for 4 SP,
dismantled for 4 SP to a nation of the side, destroyed by 3 hits in one turn, their hits cleared
in the Final Stage, consumed to spare the units of their nation nearby the attrition hit; both
sides asked to build; seen by both sides; carried by local transports on an airmobile transport
mission (9.03, table ``depot_carriage``)."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import (
    GAME,
    SCENARIO,
    act,
    actions,
    asked_with_nothing,
    begun,
    edited,
    first_segment,
    ground_segment,
    passing,
    prompt,
)
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import depots, detection, passes
from wargame.games.aegean_strike.charts import TABLES
from wargame.games.aegean_strike.forces import forces

pytestmark = [pytest.mark.game("aegean-strike"), pytest.mark.rule("12.01")]
NAPLES, TRIPOLI, HERAKLION, ANDRAVIDA = "S0203", "S0106", "2632", "1222"
"""Naples, the US source; Tripoli, a Libyan source; Heraklion on Crete (far from any Libyan
source) and Andravida in Greece, more than 10 hexes from it."""


def depot(hex_id, nation, hits=0):
    def edit(data):
        data["depots"][hex_id] = {"nation": nation, "hits": hits}

    return edit


def both(*edits):
    def edit(data):
        for each in edits:
            each(data)

    return edit


def at_step(key, edit=None):
    """The first decision of turn 1's Final Stage whose prompt begins with ``key``."""
    start = ground_segment(edit)
    return passing(start, lambda s: prompt(s, GAME.active(s)[0]).startswith(key))


# -- step 3: building and dismantling -------------------------------------------------------------
@pytest.mark.rule("7.07")
def test_a_depot_on_a_source_costs_its_nation_four_supply_points():
    found = at_step("prompt.depots")
    assert GAME.active(found) == ["a"] and "build S0203" in actions(found, "a")
    built = act(found, "a", f"build {NAPLES}")
    assert built.data["depots"] == {NAPLES: {"nation": "us", "hits": 0}}
    assert built.data["sp"]["us"] == found.data["sp"]["us"] - 4
    assert TABLES.defaults["depots"].build_sp == 4
    assert "depots" not in passes.PASSES and "depot_hits" not in passes.PASSES


@pytest.mark.rule("7.07")
def test_a_depot_is_refused_with_fewer_than_four_supply_points_and_nothing_changes():
    found = at_step("prompt.depots", lambda data: data["sp"].update(us=3))
    reason = refused(found, "a", f"build {NAPLES}")
    assert "12.01: a depot in S0203 needs 4 SP of us available; it has 3" in reason


@pytest.mark.rule("7.07")
def test_dismantling_a_depot_gives_four_supply_points_to_any_nation_of_the_side():
    found = at_step("prompt.depots", depot(NAPLES, "us"))
    assert {f"dismantle {NAPLES} us", f"dismantle {NAPLES} uk"} <= set(actions(found, "a"))
    dismantled = act(found, "a", f"dismantle {NAPLES} uk")
    assert dismantled.data["sp"]["uk"] == found.data["sp"]["uk"] + 4
    assert dismantled.data["sp"]["us"] == found.data["sp"]["us"]
    assert NAPLES not in dismantled.data["depots"]


def test_a_depot_built_in_a_final_stage_is_not_dismantled_in_it():
    built = act(at_step("prompt.depots"), "a", f"build {NAPLES}")
    assert "built in this Final Stage" in refused(built, "a", f"dismantle {NAPLES} uk")


def test_a_source_with_an_enemy_ground_unit_on_it_does_not_function():
    def held(data):
        data["ground"]["ly-cdo"].update(hex=NAPLES, aboard=None)

    assert NAPLES not in depots.functioning_sources(edited(begun(), held).data, "a")
    assert NAPLES in depots.functioning_sources(begun().data, "a")


@pytest.mark.rule("7.07")
def test_both_sides_are_asked_to_build_even_with_nothing_to_build():
    found = at_step("prompt.depots", lambda data: data["sp"].update(us=0, uk=0, ly=0))
    assert asked_with_nothing(found, "prompt.depots_short") == ["a", "b"]


# -- step 2: consumption -------------------------------------------------------------------------
def stranded(data):
    """Two Libyan armoured units out of supply: one on Crete beside a Libyan depot, one in
    Greece beyond the consumption range."""
    data["ground"]["ly-2-armd"].update(hex=HERAKLION, aboard=None)
    data["ground"]["ly-1-armd"].update(hex=ANDRAVIDA, aboard=None)
    data["depots"][HERAKLION] = {"nation": "ly", "hits": 0}


@pytest.mark.rule("7.07")
@pytest.mark.rule("11.04")
def test_consuming_a_depot_spares_the_units_of_its_nation_near_it_the_attrition_hit():
    found = at_step("prompt.consume", stranded)
    assert GAME.active(found) == ["b"]  # Player A has no depot and is not asked
    consumed = act(found, "b", f"consume {HERAKLION}", "done")
    assert HERAKLION not in consumed.data["depots"]
    assert consumed.data["ground"]["ly-2-armd"]["hits"] == 0
    assert consumed.data["ground"]["ly-1-armd"]["hits"] == 1  # beyond the range
    kept = act(found, "b", "done")
    assert kept.data["ground"]["ly-2-armd"]["hits"] == 1
    assert HERAKLION in kept.data["depots"]


def test_a_depot_that_would_spare_no_unit_is_not_consumed():
    found = at_step("prompt.consume", depot(TRIPOLI, "ly"))
    assert prompt(found, "b") == "prompt.consume_short"
    assert "no ground unit of ly" in refused(found, "b", f"consume {TRIPOLI}")


# -- step 1 and bombing --------------------------------------------------------------------------
def bombed(edit, hits):
    """A US bombing strike on Tripoli's Libyan depot, the air-to-ground chart giving ``hits``."""
    start = first_segment(both(depot(TRIPOLI, "ly"), edit), air_to_ground_combat=hits)
    flying = act(start, "a", "launch us-va34", "mission bombing_strike", f"target {TRIPOLI}")
    striking = act(flying, "b", "pass")
    assert f"bomb {TRIPOLI}" in actions(striking, "a")
    return act(striking, "a", f"bomb {TRIPOLI}")


@pytest.mark.rule("7.07")
def test_two_hits_leave_a_depot_standing_and_the_final_stage_clears_them():
    found = bombed(lambda data: None, 2)
    assert found.data["depots"][TRIPOLI]["hits"] == 2
    final = passing(found, lambda s: s.data["stage"] == "final")
    assert final.data["depots"][TRIPOLI]["hits"] == 0
    assert any(e.key == "log.depot_hits_cleared" for e in final.log)


@pytest.mark.rule("7.07")
def test_the_third_hit_in_a_turn_destroys_a_depot_at_once():
    score = bombed(lambda data: None, 1).data["score"]["a"]
    found = bombed(lambda data: data["depots"][TRIPOLI].update(hits=1), 2)
    assert TRIPOLI not in found.data["depots"]
    assert any(e.key == "log.depot_destroyed" for e in found.log)
    assert found.data["score"]["a"] == score + 1  # two hits landed, one more than the first


# -- seen by both sides ---------------------------------------------------------------------------
def test_depots_are_seen_by_both_sides_and_drawn_on_the_map():
    found = edited(begun(), depot(TRIPOLI, "ly", hits=1))
    for viewer in ("a", "b", None):
        board = GAME.view(found, viewer, log=False)["board"]
        assert board["depots"] == {TRIPOLI: {"nation": "ly", "hits": 1}}
        marks = [m for m in board["marks"] if m["kind"] == "depot"]
        assert marks == [
            {"hex": TRIPOLI, "kind": "depot", "side": "b", "label": "D", "nation": "ly", "hits": 1}
        ]


# -- carried by air (12.01, 9.03; table depot_carriage) -------------------------------------------
ATHENS, CLEAR = "2022", "2222"
"""Hellinikon's hex, where us-c130 and us-sf start; a Clear hex a C-130 lands in (9.03)."""
INCIRLIK = forces().airbases["incirlik"].hex


def at_athens(*units):
    def edit(data):
        for uid in units:
            data["air"][uid]["base"] = "hellinikon"

    return edit


def overlaid(**values):
    """Player A's air missions of turn 1 with table depot_carriage changed by ``values``."""
    row = {"carriers": ["local_transport"], "weight": 2, "field": True} | values
    overlay = {"game": "aegean-strike", "name": "t", "tables": {"depot_carriage": row}}
    begun_ = GAME.setup(SCENARIO, 7, {"rules_overlay": overlay})
    return act(act(begun_, "b", "done"), "a", "done", "end", "end")


def airmobile(transport, *edits, start=None):
    """Player A's ``transport`` on an airmobile mission from Hellinikon, a US depot there."""
    ready = edited(start or first_segment(), both(depot(ATHENS, "us"), *edits))
    return act(ready, "a", f"launch {transport}", "mission airmobile_transport")


def flown(found, *texts):
    return act(act(found, "a", *texts), "b", "pass")


@pytest.mark.rule("9.03")
def test_a_local_transport_carries_the_depot_of_its_base_to_a_friendly_airbase():
    found = airmobile("us-c130")
    assert "depot 2022" in actions(found, "a") and "cargo us-sf" in actions(found, "a")
    loaded = act(found, "a", "depot 2022")
    assert "cargo us-sf" not in actions(loaded, "a")  # one load a mission
    done = flown(loaded, "base incirlik")
    assert done.data["depots"] == {INCIRLIK: {"nation": "us", "hits": 0}}
    assert done.data["air"]["us-c130"]["base"] == "incirlik"
    assert done.data["ground"]["us-sf"]["hex"] == ATHENS  # the unit stays behind
    line = next(e for e in done.log if e.key == "log.depot_carried")
    assert line.params == {"side": "a", "hex": ATHENS, "to": INCIRLIK, "nation": "us"}
    for lang in ("en", "ja"):
        assert INCIRLIK in GAME.catalog.render("log.depot_carried", line.params, lang)


@pytest.mark.rule("9.03")
def test_a_depot_keeps_its_hits_and_is_seen_by_both_sides_where_it_lands():
    done = flown(airmobile("us-c130", depot(ATHENS, "us", hits=2)), "depot 2022", f"field {CLEAR}")
    assert done.data["depots"] == {CLEAR: {"nation": "us", "hits": 2}}
    assert done.data["air"]["us-c130"]["base"] == CLEAR  # the transport waits in the field
    for viewer in ("a", "b", None):
        board = GAME.view(done, viewer, log=False)["board"]
        assert board["depots"] == {CLEAR: {"nation": "us", "hits": 2}}
        assert [m["hex"] for m in board["marks"] if m["kind"] == "depot"] == [CLEAR]


@pytest.mark.rule("9.03")
def test_a_depot_alone_is_load_enough_for_an_airmobile_mission_and_no_drop():
    def away(data):
        data["ground"]["us-sf"]["hex"] = CLEAR

    start = first_segment(away)
    assert "mission airmobile_transport" not in actions(act(start, "a", "launch us-c130"), "a")
    found = act(edited(start, depot(ATHENS, "us")), "a", "launch us-c130")
    assert "mission airmobile_transport" in actions(found, "a")
    enemy = act(edited(start, depot(ATHENS, "ly")), "a", "launch us-c130")
    assert "mission airmobile_transport" not in actions(enemy, "a")  # not of its side
    drop = act(edited(first_segment(), depot(ATHENS, "us")), "a", "launch us-c130")
    drop = act(drop, "a", "mission airborne_transport")
    assert not any(t.startswith("depot") for t in actions(drop, "a"))  # a depot is landed


@pytest.mark.rule("9.03")
def test_a_strategic_transport_neither_loads_a_depot_nor_joins_a_group_carrying_one():
    found = airmobile("us-c5", at_athens("us-c5"))
    reason = refused(found, "a", "depot 2022")
    assert "12.01" in reason and "us-c5 is no local transport" in reason
    loaded = act(airmobile("us-c130", at_athens("us-c5")), "a", "depot 2022")
    reason = refused(loaded, "a", "add us-c5")
    assert "12.01" in reason and "us-c5" in reason
    with_cargo = act(airmobile("us-c130", at_athens("us-c5")), "a", "cargo us-sf")
    assert "add us-c5" in actions(with_cargo, "a")  # a ground unit it may carry with others


@pytest.mark.rule("9.03")
def test_the_group_must_lift_the_depots_weight():
    assert TABLES.defaults["depot_carriage"].weight == 2
    heavy = airmobile("us-c130", at_athens("us-hmm"), start=overlaid(weight=3))
    reason = refused(heavy, "a", "depot 2022")
    assert "12.01" in reason and "needs 3 transport points, the group has 2" in reason
    pooled = act(heavy, "a", "add us-hmm", "depot 2022")  # a C-130 and a CH-53: 4
    assert pooled.data["flight"]["depot"] == ATHENS


@pytest.mark.rule("9.03")
def test_a_depot_is_not_set_down_aboard_a_carrier_nor_where_a_depot_stands():
    found = act(airmobile("us-hmm", at_athens("us-hmm")), "a", "depot 2022")
    reason = refused(found, "a", "base us-lha-nassau")
    assert "12.01" in reason and "not aboard us-lha-nassau" in reason
    occupied = act(
        airmobile("us-c130", depot(CLEAR, "us"), depot(INCIRLIK, "uk")), "a", "depot 2022"
    )
    assert "one a hex" in refused(occupied, "a", f"field {CLEAR}")
    assert "one a hex" in refused(occupied, "a", "base incirlik")
    assert "base sigonella" in actions(occupied, "a")


@pytest.mark.rule("9.03")
def test_a_table_that_keeps_depots_out_of_the_field_refuses_field_landings():
    found = act(airmobile("us-c130", start=overlaid(field=False)), "a", "depot 2022")
    reason = refused(found, "a", f"field {CLEAR}")
    assert "12.01" in reason and "only at a friendly airbase" in reason
    assert "base incirlik" in actions(found, "a")


@pytest.mark.rule("9.07")
def test_a_depot_whose_transports_all_abort_stays_where_it_was():
    found = act(airmobile("us-c130"), "a", "depot 2022", "base incirlik")
    found.data["flight"]["aborted"] = ["us-c130"]  # as an interception would leave it
    done = act(found, "b", "pass")
    assert done.data["depots"] == {ATHENS: {"nation": "us", "hits": 0}}
    assert any(e.key == "log.depot_carry_failed" for e in done.log)


# -- hauled by trucks (12.01; ground movement 13.02) ---------------------------------------------
TRUCK_HEX = "3509"
"""Where tu-truck starts in the Greece-Turkey war, whose first ground segment is Turkey's (B)."""


def truck_segment(*edits):
    start = GAME.setup("greece_turkey_war", 7, {})
    found = passing(start, lambda s: prompt(s, GAME.active(s)[0]) == "prompt.ground_segment")
    return edited(found, both(*edits))


def destinations(found):
    return [t.split()[1] for t in actions(found, "b") if t.startswith("to ")]


@pytest.mark.rule("13.02")
def test_a_truck_hauls_the_depot_it_stands_with_and_is_seen_where_it_sets_it_down():
    found = truck_segment(depot(TRUCK_HEX, "tu", hits=1))
    assert GAME.active(found) == ["b"] and "haul tu-truck" in actions(found, "b")
    g_tables = TABLES.of(found)
    assert "tu-truck" in detection.hidden_from(g_tables, found.data, "a")
    there = destinations(act(found, "b", "haul tu-truck"))[-1]
    done = act(found, "b", "haul tu-truck", f"to {there}")
    assert done.data["depots"] == {there: {"nation": "tu", "hits": 1}}
    assert done.data["ground"]["tu-truck"]["hex"] == there
    assert "tu-truck" not in detection.hidden_from(g_tables, done.data, "a")  # 14.01
    line = next(e for e in done.log if e.key == "log.depot_hauled")
    assert line.params == {"side": "b", "hex": TRUCK_HEX, "to": there, "nation": "tu"}
    for lang in ("en", "ja"):
        assert there in GAME.catalog.render("log.depot_hauled", line.params, lang)
    marched = act(found, "b", "march tu-truck", f"to {there}")  # without the depot
    assert marched.data["depots"] == {TRUCK_HEX: {"nation": "tu", "hits": 1}}
    assert "tu-truck" in detection.hidden_from(g_tables, marched.data, "a")


@pytest.mark.rule("13.02")
def test_only_a_truck_with_a_depot_of_its_side_hauls_and_never_into_a_depot():
    assert "haul tu-truck" not in actions(truck_segment(), "b")
    assert "haul tu-truck" not in actions(truck_segment(depot(TRUCK_HEX, "gr")), "b")

    def infantry_there(data):
        data["ground"]["tu-28-inf"]["hex"] = TRUCK_HEX

    offered = actions(truck_segment(depot(TRUCK_HEX, "tu"), infantry_there), "b")
    assert "haul tu-truck" in offered and "haul tu-28-inf" not in offered  # trucks only
    found = truck_segment(depot(TRUCK_HEX, "tu"))
    near = destinations(act(found, "b", "haul tu-truck"))[0]
    blocked = act(edited(found, depot(near, "tu")), "b", "haul tu-truck")
    reason = refused(blocked, "b", f"to {near}")
    assert "12.01" in reason and "one a hex" in reason
    assert f"to {near}" in actions(
        act(edited(found, depot(near, "tu")), "b", "march tu-truck"), "b"
    )
