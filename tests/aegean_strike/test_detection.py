"""Aegean Strike's detection and fog of war (14.01-14.06, provisional): what each side sees of
the other's units, the blanks it is shown instead, targets only among the units it sees, the log
lines and the determinized states that never tell it more."""

from __future__ import annotations

import msgspec
import pytest

from tests.aegean_strike.play import (
    GAME,
    SCENARIO,
    act,
    actions,
    begun,
    edited,
    first_segment,
    naval_segment,
    under_way,
)
from wargame.engine.contract import can_undo
from wargame.engine.rng import Rng
from wargame.engine.state import clone
from wargame.games.aegean_strike import charts, detection, naval, state
from wargame.games.aegean_strike.charts import TABLES
from wargame.games.aegean_strike.state import placeable_hexes

pytestmark = pytest.mark.game("aegean-strike")
BENINA = "S0406"
"""Benghazi: three Libyan ships and two ground units, 10 hexes (a strategic hex) from S0405."""
LIBYAN_SHIPS = {"ly-ff", "ly-fac-1", "ly-fac-2"}


def hidden(state_, side):
    return detection.hidden_from(charts.tables(state_), state_.data, side)


def board(state_, side):
    return GAME.view(state_, side, log=False)["board"]


# -- who sees what -------------------------------------------------------------------------------
@pytest.mark.rule("14.02")
@pytest.mark.rule("14.03")
def test_aircraft_ewda_and_airbases_are_always_seen():
    found = begun()
    libya = board(found, "a")
    assert {"ly-mig23", "ly-tu22"} <= set(libya["air"])
    assert {"benina", "okba"} <= set(libya["airbases"])
    assert set(libya["ewda"]) == set(found.data["ewda"])


@pytest.mark.rule("14.04")
def test_ships_are_seen_within_a_detectors_surface_range_and_carriers_always():
    found = naval_segment()
    assert hidden(found, "a") >= LIBYAN_SHIPS  # nothing of Player A within range of Benina
    assert "us-cvn-69" not in hidden(found, "b")  # a carrier is always seen
    watched = edited(found, lambda d: d["ewda"].update({"us-e2": "S0305"}))
    assert not LIBYAN_SHIPS & hidden(watched, "a")  # the E-2 sees ships 30 hexes out


@pytest.mark.rule("14.04")
def test_a_submarine_is_found_only_close_in():
    def beside(data):
        data["naval"]["us-ff-group"]["hex"] = BENINA

    found = edited(naval_segment(), beside)
    assert not LIBYAN_SHIPS & hidden(found, "a")
    assert "ly-ss" in hidden(found, "a")  # at S0307, 10 hexes: beyond a frigate's sonar


@pytest.mark.rule("14.01")
def test_ground_units_are_seen_next_to_an_enemy_unit_and_aboard_a_seen_ship():
    athens = "2022"  # the US special forces and Hellinikon airbase

    def raid(distance):
        hex_id = next(h for h in placeable_hexes() if state.distance(athens, h) == distance)
        return edited(naval_segment(), lambda d: d["ground"]["ly-cdo"].update(hex=hex_id))

    assert "ly-cdo" not in hidden(raid(1), "a")  # next to the US unit
    assert "ly-cdo" not in hidden(raid(2), "a")  # an airbase sees 2 hexes around it
    assert "ly-cdo" in hidden(raid(3), "a")  # no combat aircraft at Hellinikon
    assert "us-22-mau" not in hidden(naval_segment(), "b")  # aboard the Nassau, a carrier


@pytest.mark.rule("14.01")
def test_a_ground_unit_aboard_an_unseen_ship_is_not_shown_at_all():
    def aboard(data):
        data["ground"]["us-22-mau"]["aboard"] = "us-trans"

    found = edited(naval_segment(), aboard)
    assert "us-22-mau" in hidden(found, "b")
    assert "us-22-mau" not in str(GAME.view(found, "b"))
    assert "us-22-mau" in GAME.game_secrets(found).unnamed["b"]


@pytest.mark.rule("14.06")
def test_a_range_between_the_maps_is_counted_on_the_strategic_grid():
    def operational(data):
        data["naval"]["us-ff-group"]["hex"] = "S0405"

    found = edited(naval_segment(), operational)
    table = charts.tables(found)["detection"]
    assert table.detectors["surface_ship"].surface.range >= 10  # one strategic hex
    assert not LIBYAN_SHIPS & hidden(found, "a")


# -- what an unseen unit shows ---------------------------------------------------------------------
@pytest.mark.rule("14.04")
def test_an_unseen_unit_is_a_blank_in_its_hex_and_its_id_is_nowhere():
    found = naval_segment()
    view = GAME.view(found, "a")
    assert not LIBYAN_SHIPS & set(view["board"]["naval"])
    blanks = [b for b in view["board"]["unseen"] if b["where"] == BENINA]
    kinds = sorted(b["public"]["kind"] for b in blanks)
    assert kinds == ["ground", "ground", "naval", "naval", "naval"]
    assert not any(uid in str(view) for uid in hidden(found, "a"))
    assert "ly-ff" in GAME.game_secrets(found).unnamed["a"]


@pytest.mark.rule("14.04")
def test_two_positions_that_differ_only_in_unseen_units_look_the_same():
    found = naval_segment()

    def swapped(data):
        data["naval"]["ly-ff"]["hits"] = 2
        first, second = data["ground"]["ly-1-armd"], data["ground"]["ly-2-mech"]
        first["hex"], second["hex"] = second["hex"], first["hex"]

    other = edited(found, swapped)
    assert GAME.view(other, "a") == GAME.view(found, "a")
    assert GAME.view(other, None) == GAME.view(found, None)
    assert GAME.view(other, "b") != GAME.view(found, "b")  # Libya sees its own units


# -- no attack on what is not seen -----------------------------------------------------------------
@pytest.mark.rule("14.04")
def test_a_strike_may_target_only_the_ships_and_troops_its_side_sees():
    def near(data):
        data["naval"]["us-cvn-69"]["hex"] = "S0305"

    def watched(data):
        near(data)
        data["ewda"]["us-e2"] = "S0305"

    unseen = act(first_segment(near), "a", "launch us-va34")
    assert "mission asm_strike" not in actions(unseen, "a")  # Benina's ships within reach
    seen = act(first_segment(watched), "a", "launch us-va34")
    assert "mission asm_strike" in actions(seen, "a")


@pytest.mark.rule("14.05")
def test_a_ship_fires_only_at_an_enemy_ship_its_side_sees():
    def near(data):
        data["naval"]["us-bb-iowa"]["hex"] = BENINA

    found = edited(naval_segment(), near)
    assert naval.targets(charts.tables(found), found.data, "us-bb-iowa") == sorted(LIBYAN_SHIPS)
    values = msgspec.to_builtins(TABLES.defaults["detection"])
    for row in values["detectors"].values():
        row["surface"]["range"] = 0  # a night without radar: nobody sees a ship
    night = {"game": "aegean-strike", "name": "night", "tables": {"detection": values}}
    start = GAME.setup(SCENARIO, 7, {"rules_overlay": night})
    blind = edited(act(act(act(start, "b", "done"), "a", "done"), "a", "end"), near)
    assert hidden(blind, "a") >= LIBYAN_SHIPS
    assert naval.targets(charts.tables(blind), blind.data, "us-bb-iowa") == []


@pytest.mark.rule("14.05")
def test_a_unit_that_fought_stays_seen_until_it_moves():
    found = clone(naval_segment())
    detection.fought(found.data, ["ly-ss"])
    assert "ly-ss" not in hidden(found, "a")
    found.data["naval"]["ly-ss"]["hex"] = "S0306"
    detection.settle(found.data)
    assert "ly-ss" not in found.data["fought"]
    assert "ly-ss" in hidden(found, "a")


# -- the log, undo and determinize -----------------------------------------------------------------
@pytest.mark.rule("14.04")
def test_an_unseen_units_move_reaches_the_other_side_as_an_unknown_unit():
    moved = act(naval_segment(under_way("us-ff-group")), "a", "sail us-ff-group", "to S0204")
    theirs = GAME.view(moved, "b")["log"][-1]
    assert theirs["key"] == "log.sailed" and theirs["params"]["unit"] == detection.UNKNOWN
    assert GAME.view(moved, "a")["log"][-1]["params"]["unit"] == "us-ff-group"
    assert can_undo(moved, "a")
    for lang in ("en", "ja"):
        assert "unit.unknown" not in GAME.catalog.render(theirs["key"], theirs["params"], lang)


@pytest.mark.rule("14.04")
def test_an_action_that_reveals_an_enemy_unit_cannot_be_taken_back():
    found = act(naval_segment(under_way("us-bb-iowa")), "a", "sail us-bb-iowa", "to S0405")
    assert not LIBYAN_SHIPS & hidden(found, "a")
    assert not can_undo(found, "a")


@pytest.mark.rule("14.04")
def test_a_determinized_state_puts_a_unit_in_each_blank_and_looks_the_same():
    found = act(naval_segment(under_way("us-ff-group")), "a", "sail us-ff-group", "to S0204")
    for side in ("a", "b"):
        view = GAME.view(found, side, log=False)
        sampled = GAME.determinize(view, side, Rng(5))
        assert GAME.view(sampled, side, log=False) == view
        blanks = view["board"]["unseen"]
        assert len(hidden(sampled, side)) >= len(blanks) > 0


@pytest.mark.rule("14.05")
def test_a_declared_land_combat_shows_both_sides_units():
    def landed(data):
        data["ground"]["us-sf"]["hex"] = "S0405"  # next to Benina on the strategic map

    start = edited(act(act(begun(), "b", "done"), "a", "done"), landed)
    assert {"ly-1-armd", "ly-cdo"} <= hidden(start, "a")  # a strategic hex away: 10 hexes
    declared = act(start, "a", f"assault {BENINA}")
    assert not {"ly-1-armd", "ly-cdo"} & hidden(declared, "a")
    assert "us-sf" not in hidden(declared, "b")
    assert not can_undo(declared, "a")
