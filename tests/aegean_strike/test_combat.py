"""Aegean Strike's designed combats (issue 18): CAP combat (16.01), ground-to-air combat
(16.05), ship-to-ground combat (16.09), pursuit after land combat (16.04), combat between the
maps (16.12) and interception between naval units (15.02), each provisional, on the North
Africa War's positions."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.aegean_strike.play import (
    act,
    actions,
    first_segment,
    naval_segment,
    passing,
    tripoli_seen,
)
from tests.aegean_strike.test_assault import ROUGH, crt, facing
from wargame.engine.errors import IllegalAction
from wargame.engine.state import clone
from wargame.games import REGISTRY
from wargame.games.aegean_strike import (
    air,
    air_defence,
    assault,
    detection,
    ground,
    losses,
    naval,
    state,
)
from wargame.games.aegean_strike.charts import TABLES, tables
from wargame.games.aegean_strike.forces import forces

pytestmark = pytest.mark.game("aegean-strike")
GAME = REGISTRY.game("aegean-strike")
TRIPOLI = "S0106"
"""A strategic hex of the Libyan coast, where the Libyan troops stand (S0106)."""
CARRIER = "us-cvn-69"
NEXT_DOOR = state.neighbours(TRIPOLI)[0]
"""A strategic hex next to Tripoli: ten operational hexes away (4)."""


def with_gunner(hex_id: str | None, aboard: str | None = None):
    """Player B gets Bulgaria's air defence regiment (anti-air 4) in ``hex_id``."""

    def edit(data: dict[str, Any]) -> None:
        tripoli_seen(data)
        data["nations"]["bu"] = "b"
        data["ground"]["bu-aa"] = {"hex": hex_id, "aboard": aboard, "hits": 0}

    return edit


def bombing_tripoli(edit, **hits):
    """Player A's A-6 flies a bombing strike on Tripoli; Player B has not answered yet."""
    start = first_segment(edit, **hits)
    return act(start, "a", "launch us-va34", "mission bombing_strike", f"target {TRIPOLI}")


def logged(found, key: str) -> list[dict[str, Any]]:
    return [e.params for e in found.log if e.key == key]


# -- 16.05 ground-to-air ------------------------------------------------------------------------
@pytest.mark.rule("16.05")
def test_an_anti_air_unit_in_the_target_hex_fires_at_the_arriving_group_and_it_aborts():
    flying = bombing_tripoli(with_gunner(TRIPOLI), air_to_ground_combat=1)
    arrived = act(flying, "b", "pass")
    fire = logged(arrived, "log.ground_fire")
    attack = state.ground_values("bu-aa").anti_air - state.air_values("us-va34").ecm
    assert fire == [{"hex": TRIPOLI, "units": 1, "attack": attack, "hits": 1}]
    assert "log.aborted" in [e.key for e in arrived.log]
    assert "bu-aa" in arrived.data["fought"]  # the regiment that fired is seen


@pytest.mark.rule("16.05")
@pytest.mark.parametrize(("hex_id", "aboard"), [(NEXT_DOOR, None), (None, "us-trans")])
def test_an_anti_air_unit_out_of_range_or_aboard_does_not_fire(hex_id, aboard):
    flying = bombing_tripoli(with_gunner(hex_id, aboard), air_to_ground_combat=1)
    arrived = act(flying, "b", "pass")
    assert not logged(arrived, "log.ground_fire")
    assert "log.aborted" not in [e.key for e in arrived.log]


@pytest.mark.rule("16.05")
def test_ground_fire_reads_the_ground_anti_air_range_an_overlay_may_change():
    found = clone(first_segment(with_gunner(NEXT_DOOR)))
    g_tables = TABLES.defaults
    assert air_defence.gunners(g_tables, found.data, "b", TRIPOLI) == []
    wide = copy.deepcopy(TABLES.entries["detection"].values)
    wide["combat_ranges"]["ground_anti_air"] = 10
    overlay = {"game": "aegean-strike", "name": "t", "tables": {"detection": wide}}
    wider = TABLES.of(GAME.setup("north_africa_war", 7, {"rules_overlay": overlay}))
    assert air_defence.gunners(wider, found.data, "b", TRIPOLI) == ["bu-aa"]
    assert air_defence.gunners(wider, found.data, "a", TRIPOLI) == []  # only the enemy's


# -- 16.01 CAP -----------------------------------------------------------------------------------
@pytest.mark.rule("16.01")
def test_cap_covers_a_target_within_its_radius_only_from_a_carrier_class_that_flies_it():
    found = first_segment()
    where = found.data["naval"][CARRIER]["hex"]
    g_tables = TABLES.defaults
    radius = g_tables["detection"].combat_ranges.cap_radius
    assert air.cap_covers(g_tables, CARRIER, where, where)
    far = next(h for h in ("S0104", "S0105", "S0106") if state.distance(where, h) > radius)
    assert not air.cap_covers(g_tables, CARRIER, where, far)
    assert not air.cap_covers(g_tables, "us-lha-nassau", where, where)  # a small carrier


@pytest.mark.rule("16.01")
def test_cap_fights_the_arriving_group_both_sides_firing_at_once():
    def edit(data):
        data["air"]["us-vf142"]["mode"] = "intercept"

    b_air = act(act(first_segment(edit, air_naval_combat=1), "a", "end"), "b", "end")
    flying = act(b_air, "b", "launch ly-tu22", "mission asm_strike", "target S0103")
    capped = act(flying, "a", "cap us-vf142", "go")
    fight = logged(capped, "log.air_combat")
    assert len(fight) == 1 and fight[0]["hits"] == 1  # the patrol's hit on the Tu-22
    assert (
        capped.data["air"]["us-vf142"]["flown"]
        and capped.data["sp"]["us"] == flying.data["sp"]["us"]
    )


# -- 16.12 between the maps ----------------------------------------------------------------------
OPERATIONAL = "2022"
"""An operational hex (where the US special forces stand) and the strategic hex it lies in."""
AROUND = state.strategic_of()[OPERATIONAL]


@pytest.mark.rule("16.12")
def test_a_range_reaches_across_the_maps_inside_a_strategic_hex_only():
    assert losses.in_range(AROUND, OPERATIONAL, 0)
    assert losses.in_range(OPERATIONAL, AROUND, 1)
    beside = state.neighbours(AROUND)[0]
    assert not losses.in_range(beside, OPERATIONAL, 9)
    assert losses.in_range(beside, OPERATIONAL, 10)


@pytest.mark.rule("16.12")
@pytest.mark.rule("16.05")
@pytest.mark.parametrize(
    ("hex_id", "fires"), [(AROUND, True), (state.neighbours(AROUND)[0], False)]
)
def test_an_anti_air_unit_on_the_strategic_map_fires_at_a_mission_inside_its_hex(hex_id, fires):
    found = clone(first_segment(with_gunner(hex_id), air_to_ground_combat=1))
    flight = {"side": "a", "units": ["us-va34"], "target_hex": OPERATIONAL, "aborted": []}
    air_defence.ground_fire(GAME.context(found), flight)
    assert bool(logged(found, "log.ground_fire")) is fires
    assert flight["aborted"] == (["us-va34"] if fires else [])


# -- 16.09 ship-to-ground ------------------------------------------------------------------------
BATTLESHIP = "us-bb-iowa"


def off_tripoli(data: dict[str, Any]) -> None:
    """The battleship lies off Tripoli, whose troops Player A sees."""
    tripoli_seen(data)
    data["naval"][BATTLESHIP].update(hex=TRIPOLI, in_port=False)  # under way (10.02)


@pytest.mark.rule("16.09")
def test_a_battleship_bombards_a_seen_ground_unit_in_range_spending_a_sea_move():
    found = naval_segment(off_tripoli, air_to_ground_combat=1)
    assert f"bombard {BATTLESHIP}" in actions(found, "a")
    choice = act(found, "a", f"bombard {BATTLESHIP}")
    assert sorted(actions(choice, "a")) == ["at ly-2-armd", "at ly-art", "cancel"]
    fired = act(choice, "a", "at ly-art")
    attack = state.naval_values(BATTLESHIP).bombardment
    assert [e.params for e in fired.log if e.key == "log.bombardment"] == [
        {"unit": BATTLESHIP, "target": "ly-art", "attack": attack, "hits": 1}
    ]
    assert fired.data["ground"]["ly-art"] == {"hex": TRIPOLI, "aboard": None, "hits": 1}
    assert fired.data["naval"][BATTLESHIP]["hits"] == 0  # no fire back
    assert fired.data["naval_moves"]["a"] == found.data["naval_moves"]["a"] - 1
    assert BATTLESHIP in fired.data["naval_spent"]
    with pytest.raises(IllegalAction, match=r"10\.04"):
        act(fired, "a", f"bombard {BATTLESHIP}")


@pytest.mark.rule("16.09")
def test_bombardment_is_refused_out_of_range_and_to_a_submarine():
    def at_sea(data: dict[str, Any]) -> None:
        tripoli_seen(data)
        data["naval"][BATTLESHIP]["in_port"] = False  # under way at Taranto (10.02)

    found = naval_segment(at_sea)
    assert naval.bombard_targets(TABLES.defaults, found.data, BATTLESHIP) == []
    moved = clone(found)
    moved.data["naval"]["us-ssn-1"]["hex"] = TRIPOLI
    assert naval.bombard_targets(TABLES.defaults, moved.data, "us-ssn-1") == []
    with pytest.raises(IllegalAction, match=r"16\.09"):
        act(found, "a", f"bombard {BATTLESHIP}")


@pytest.mark.rule("16.09")
@pytest.mark.rule("14.01")
def test_an_undetected_ground_unit_is_no_bombardment_target():
    def far_coast(data: dict[str, Any]) -> None:
        data["naval"][BATTLESHIP]["hex"] = "5635"
        data["ground"]["ly-cdo"]["hex"] = "5834"  # two hexes off: in range, beyond sight

    found = clone(naval_segment(far_coast))
    g_tables = TABLES.defaults
    assert "ly-cdo" in detection.hidden_units(g_tables, found.data)["a"]
    assert naval.bombard_targets(g_tables, found.data, BATTLESHIP) == []
    found.data["fought"]["ly-cdo"] = "5834"
    assert naval.bombard_targets(g_tables, found.data, BATTLESHIP) == ["ly-cdo"]


@pytest.mark.rule("16.09")
@pytest.mark.rule("16.02")
def test_bombardment_hits_on_a_unit_in_a_declared_land_combat_support_the_ships_side():
    def combat_declared(data: dict[str, Any]) -> None:
        off_tripoli(data)
        data["combats"].append({"hex": TRIPOLI, "side": "a", "units": ["us-sf"], "cas": {}})

    found = naval_segment(combat_declared, air_to_ground_combat=2)
    fired = act(found, "a", f"bombard {BATTLESHIP}", "at ly-art")
    assert fired.data["combats"][0]["cas"] == {"a": 2}


# -- 16.04 pursuit -------------------------------------------------------------------------------
def pursuing(found) -> bool:
    return any(t.startswith("pursue ") for s in GAME.active(found) for t in actions(found, s))


def after_assault(retreat_chance: int):
    """Player A's special forces attack the Libyan commandos next to them (the CRT reads 0/0R);
    play goes on to the pursuit, or to the end of the assault segment."""
    declared = act(facing(crt("0/0R", retreat_chance=retreat_chance)), "a", f"assault {ROUGH}")
    return passing(declared, lambda s: pursuing(s) or not s.data["combats"])


@pytest.mark.rule("16.04")
def test_the_attackers_may_pursue_into_the_hex_the_defenders_left():
    found = after_assault(retreat_chance=10)
    assert found.data["ground"]["ly-cdo"]["hex"] != ROUGH  # retreated
    assert GAME.active(found) == ["a"] and sorted(actions(found, "a")) == ["done", "pursue us-sf"]
    moved = act(found, "a", "pursue us-sf")
    assert moved.data["ground"]["us-sf"]["hex"] == ROUGH
    assert [e.params for e in moved.log if e.key == "log.pursued"] == [
        {"unit": "us-sf", "hex": ROUGH}
    ]
    assert moved.data["fought"]["us-sf"] == ROUGH  # the other side sees it
    assert not moved.data["combats"]  # no attacker left to pursue: the segment goes on


@pytest.mark.rule("16.04")
def test_no_pursuit_when_the_defenders_hold_and_done_leaves_the_attackers_in_place():
    held = after_assault(retreat_chance=0)
    assert not held.data["combats"] and held.data["ground"]["us-sf"]["hex"] == "2022"
    assert not [e for e in held.log if e.key == "log.pursued"]
    stayed = act(after_assault(retreat_chance=10), "a", "done")
    assert stayed.data["ground"]["us-sf"]["hex"] == "2022" and not stayed.data["combats"]


@pytest.mark.rule("16.04")
@pytest.mark.rule("13.03")
def test_pursuit_needs_room_under_the_stacking_limit_and_a_neighbour():
    found = clone(after_assault(retreat_chance=10))
    g_tables = tables(found)
    combat = found.data["combats"][0]
    assert assault.pursuers(g_tables, found.data, combat) == ["us-sf"]
    limit = ground.stack_limit(g_tables, ROUGH)
    full = clone(found)
    american = [
        u.id
        for u in forces().data.units
        if u.nation == "us" and forces().category(u) == "ground" and u.id != "us-sf"
    ]
    assert len(american) >= limit
    for uid in american[:limit]:
        full.data["ground"][uid] = {"hex": ROUGH, "aboard": None, "hits": 0}
    assert assault.pursuers(g_tables, full.data, combat) == []
    away = clone(found)
    away.data["ground"]["us-sf"]["hex"] = "2030"
    assert assault.pursuers(g_tables, away.data, combat) == []


# -- 15.02 naval interception --------------------------------------------------------------------
DESTROYERS = "us-dd-group"
LIBYAN_SEA = "S0305"
"""Where the test puts the Libyan frigate and fast attack craft, within the destroyers' reach."""


def sea_moves(a: int, b: int):
    def edit(data: dict[str, Any]) -> None:
        data["naval_moves"] = {"a": a, "b": b}
        for ship in ("ly-ff", "ly-fac-1", "ly-fac-2"):
            data["naval"][ship].update(hex=LIBYAN_SEA, in_port=False)  # under way (10.02)

    return edit


def sailed_to_libyans(b_moves: int = 2, **hits):
    """Player A's destroyers sail into the Libyan ships' hex and A ends its naval moves."""
    start = naval_segment(sea_moves(2, b_moves), **hits)
    return act(start, "a", f"sail {DESTROYERS}", f"to {LIBYAN_SEA}", "end")


@pytest.mark.rule("15.02")
def test_the_other_side_may_intercept_a_ship_that_sailed_into_its_ships_range():
    found = sailed_to_libyans(air_naval_combat=1)
    assert GAME.active(found) == ["b"]
    offered = actions(found, "b")
    assert f"engage ly-fac-1 {DESTROYERS}" in offered and "pass" in offered
    assert not [t for t in offered if t.startswith("engage") and not t.endswith(DESTROYERS)]
    fought = act(found, "b", f"engage ly-fac-1 {DESTROYERS}")
    assert [e.params for e in fought.log if e.key == "log.naval_intercept"] == [
        {"unit": "ly-fac-1", "target": DESTROYERS, "hits": 1, "hits_back": 1}
    ]
    assert fought.data["naval_moves"]["b"] == 1 and fought.data["naval"][DESTROYERS]["hits"] == 1
    assert "ly-fac-1" in fought.data["eliminated"]  # a one-hit craft: the fire back sinks it
    assert f"engage ly-fac-1 {DESTROYERS}" not in actions(fought, "b")  # once a segment
    again = act(fought, "b", f"engage ly-fac-2 {DESTROYERS}")
    assert again.data["naval_moves"]["b"] == 0
    assert not [t for t in actions(again, "b") if t.startswith("engage")]  # no sea move left
    assert GAME.active(act(again, "b", "pass")) == ["a"]  # A's segment goes on to the air


@pytest.mark.rule("15.02")
def test_no_question_without_a_move_no_engagement_without_a_sea_move_and_a_pass_changes_nothing():
    none_left = sailed_to_libyans(b_moves=0)
    assert GAME.active(none_left) == ["b"]  # asked: its aircraft may intercept (9.03 B)
    assert not [t for t in actions(none_left, "b") if t.startswith("engage")]
    still = act(naval_segment(sea_moves(2, 2)), "a", "end")
    assert GAME.active(still) == ["a"]
    asked = sailed_to_libyans()
    passed = act(asked, "b", "pass")
    assert GAME.active(passed) == ["a"]
    assert passed.data["naval"] == asked.data["naval"]
    assert passed.data["naval_moves"] == asked.data["naval_moves"]


@pytest.mark.rule("15.02")
@pytest.mark.rule("14.05")
def test_a_ship_out_of_sight_or_range_is_asked_about_but_offers_no_interception():
    found = clone(naval_segment(sea_moves(2, 2)))
    moved = act(found, "a", f"sail {DESTROYERS}", "to S0204", "end")
    assert state.distance("S0204", LIBYAN_SEA) > TABLES.defaults["detection"].combat_ranges.ssm
    assert GAME.active(moved) == ["b"] and actions(moved, "b") == ["pass"]
    assert naval.interceptors(TABLES.defaults, moved.data, DESTROYERS) == []
