"""Naval unit modes (10.02), sea transport in the Final Stage (13.09) and amphibious landings in
the movement segments (13.07), on the North Africa War: Player A's amphibious ready group (the
LHA Nassau with the 22nd MAU aboard, an Amph squadron and a transport) lies In port at Naples
(S0203)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from tests.aegean_strike.play import (
    GAME,
    SCENARIO,
    act,
    actions,
    edited,
    naval_segment,
    passing,
    prompt,
    tripoli_seen,
)
from tests.aegean_strike.test_play import refused
from wargame.engine.procedure import Context
from wargame.engine.state import clone
from wargame.games.aegean_strike import air, charts, detection, losses, sealift
from wargame.games.aegean_strike.charts import TABLES

pytestmark = pytest.mark.game("aegean-strike")
LHA, AMPH, TRANS = "us-lha-nassau", "us-amph-1", "us-trans"
MAU = "us-22-mau"
NAPLES, TRIPOLI, BEACH = "S0203", "S0106", "S0103"
"""S0103 (off Rome) is a coast with no port and no enemy."""


def afloat(ship: str, hex_id: str, extra: Any = None) -> Any:
    """An edit: ``ship`` under way in ``hex_id`` (then ``extra``)."""

    def edit(data: dict[str, Any]) -> None:
        data["naval"][ship].update(hex=hex_id, in_port=False)
        if extra is not None:
            extra(data)

    return edit


def final_stage(edit: Any = None) -> Any:
    """Player A's Final Stage decision on naval modes and transport (7.07 items 7-8)."""
    start = edited(naval_segment(), edit)
    return passing(start, lambda s: prompt(s, GAME.active(s)[0]).startswith("prompt.final_sea"))


# -- 10.02 naval unit modes ----------------------------------------------------------------------
@pytest.mark.rule("10.02")
def test_a_ship_in_port_spends_no_mp_while_one_under_way_does():
    found = naval_segment()
    assert found.data["naval"][AMPH]["in_port"] and not found.data["naval"]["us-cg-47"]["in_port"]
    message = refused(found, "a", f"sail {AMPH}")
    assert "10.02:" in message and "In port" in message
    assert f"sail {AMPH}" not in actions(found, "a") and "sail us-cg-47" in actions(found, "a")


@pytest.mark.rule("10.02")
@pytest.mark.rule("7.07")
def test_the_final_stage_puts_ships_in_a_port_hex_to_sea_or_in_port():
    found = final_stage()
    assert GAME.active(found) == ["a"] and prompt(found, "a") == "prompt.final_sea"
    offered = actions(found, "a")
    assert f"underway {AMPH}" in offered and f"port {AMPH}" not in offered
    message = refused(found, "a", "port us-cg-47")  # off Rome: no port
    assert "10.02:" in message and "port hex" in message
    sailing = act(found, "a", f"underway {AMPH}")
    assert not sailing.data["naval"][AMPH]["in_port"]
    assert any(e.key == "log.under_way" for e in sailing.log)
    docked = act(sailing, "a", f"port {AMPH}")
    assert docked.data["naval"][AMPH]["in_port"]
    after = act(act(sailing, "a", "done"), "b", "done")
    assert after.data["turn"] == 2 and not after.data["naval"][AMPH]["in_port"]


@pytest.mark.rule("10.02")
def test_each_side_is_asked_in_the_final_stage_whether_or_not_it_has_ships_in_port():
    found = act(final_stage(), "a", "done")
    assert GAME.active(found) == ["b"] and prompt(found, "b").startswith("prompt.final_sea")


# -- 13.09 sea transport -------------------------------------------------------------------------
def troops_at_naples(data: dict[str, Any]) -> None:
    """The SF battalion (weight 1) and two brigades (weight 2 each) at Naples."""
    data["ground"]["us-sf"]["hex"] = NAPLES
    for brigade in ("us-82-abn", "us-mab"):
        data["ground"][brigade] = {"hex": NAPLES, "aboard": None, "hits": 0}


@pytest.mark.rule("13.09")
def test_an_in_port_transport_loads_and_unloads_in_the_final_stage():
    found = final_stage(troops_at_naples)
    loaded = act(found, "a", f"load {TRANS} us-sf")
    assert loaded.data["ground"]["us-sf"] == {"hex": None, "aboard": TRANS, "hits": 0}
    assert any(e.key == "log.embarked" for e in loaded.log)
    assert f"unload {TRANS} us-sf" in actions(loaded, "a")
    landed = act(loaded, "a", f"unload {TRANS} us-sf")
    assert landed.data["ground"]["us-sf"]["hex"] == NAPLES
    assert landed.data["ground"]["us-sf"]["aboard"] is None


@pytest.mark.rule("13.09")
def test_a_transport_carries_no_more_than_its_transport_value():
    found = act(final_stage(troops_at_naples), "a", f"load {AMPH} us-82-abn")  # 2 of its 3
    assert sealift.room(charts.tables(found), found.data, AMPH) == 1
    message = refused(found, "a", f"load {AMPH} us-mab")
    assert "13.09: us-mab needs 2 transport points, us-amph-1 has 1 left" in message
    full = act(found, "a", f"load {AMPH} us-sf")
    assert sealift.cargo(full.data, AMPH) == ["us-82-abn", "us-sf"]
    assert sealift.room(charts.tables(full), full.data, AMPH) == 0


@pytest.mark.rule("13.09")
def test_a_transport_under_way_neither_loads_nor_unloads():
    found = final_stage(troops_at_naples)
    sailing = act(found, "a", f"underway {LHA}")
    assert not [t for t in actions(sailing, "a") if t.startswith(("load", "unload")) and LHA in t]
    g_tables = charts.tables(sailing)
    assert "Under way" in sealift.load_refusal(g_tables, sailing.data, LHA, "us-sf")
    assert "Under way" in sealift.unload_refusal(g_tables, sailing.data, LHA)


@pytest.mark.rule("13.09")
def test_a_sunk_transport_takes_its_troops_down_with_it():
    state = clone(naval_segment())
    losses.eliminate(Context(state, {}, None), LHA)
    assert LHA in state.data["eliminated"] and MAU in state.data["eliminated"]
    assert MAU not in state.data["ground"]


# -- 13.07 amphibious landings -------------------------------------------------------------------
@pytest.mark.rule("13.07")
def test_an_amphibious_ship_under_way_lands_troops_on_a_coast_for_a_sea_move():
    found = naval_segment(afloat(LHA, BEACH))
    moves = found.data["naval_moves"]["a"]
    assert f"land {LHA} {MAU}" in actions(found, "a")
    landed = act(found, "a", f"land {LHA} {MAU}")
    assert landed.data["ground"][MAU] == {"hex": BEACH, "aboard": None, "hits": 0}
    assert landed.data["naval_moves"]["a"] == moves - 1 and LHA in landed.data["naval_spent"]
    assert any(e.key == "log.landed" for e in landed.log)
    assert "10.04" in refused(landed, "a", f"sail {LHA}")


@pytest.mark.rule("13.07")
def test_no_landing_from_port_at_sea_or_on_a_seen_enemy():
    assert "10.02:" in refused(naval_segment(), "a", f"land {LHA} {MAU}")
    assert "no coast" in refused(naval_segment(afloat(LHA, "5635")), "a", f"land {LHA} {MAU}")
    held = naval_segment(afloat(LHA, TRIPOLI, tripoli_seen))
    assert "13.07: an enemy ground unit holds S0106" in refused(held, "a", f"land {LHA} {MAU}")


@pytest.mark.rule("13.07")
def test_a_transport_that_is_not_amphibious_lands_nothing_in_an_action_stage():
    def trans_loaded(data: dict[str, Any]) -> None:
        data["ground"][MAU]["aboard"] = TRANS
        data["naval"][TRANS].update(hex=BEACH, in_port=False)

    message = refused(naval_segment(trans_loaded), "a", f"land {TRANS} {MAU}")
    assert "13.07:" in message and "no amphibious ship" in message


@pytest.mark.rule("13.07")
@pytest.mark.rule("14.01")
def test_a_landing_on_an_unseen_enemy_finds_the_coast_held_and_reveals_it():
    values = msgspec.to_builtins(TABLES.defaults["detection"])
    for row in values["detectors"].values():
        row["ground"]["range"] = 0  # nobody sees a ground unit
    blind = {"game": "aegean-strike", "name": "blind", "tables": {"detection": values}}
    start = GAME.setup(SCENARIO, 7, {"rules_overlay": blind})
    found = edited(act(act(act(start, "b", "done"), "a", "done"), "a", "end"), afloat(LHA, TRIPOLI))
    g_tables = charts.tables(found)
    assert "ly-art" in detection.hidden_units(g_tables, found.data)["a"]
    assert f"land {LHA} {MAU}" in actions(found, "a")  # nothing it cannot see refuses it
    held = act(found, "a", f"land {LHA} {MAU}")
    assert held.data["ground"][MAU]["aboard"] == LHA
    assert any(e.key == "log.landing_held" for e in held.log)
    assert "ly-art" not in detection.hidden_units(g_tables, held.data)["a"]


@pytest.mark.rule("13.07")
def test_the_amphibious_types_come_from_the_sea_transport_table():
    table = TABLES.defaults["sea_transport"]
    assert set(table.amphibious) == {"amph", "lha"}
    with pytest.raises(ValueError, match=r"13\.07"):
        charts.checked_sea_transport(charts.SeaTransport(amphibious=["dd"]))


@pytest.mark.rule("10.02")
@pytest.mark.rule("10.07")
def test_a_submarine_in_port_is_struck_as_a_surface_ship_and_not_under_way():
    found = clone(naval_segment())
    gulf = found.data["naval"]["ly-ss"]["hex"]
    assert air.strike_targets(found.data, "a", "asw_strike", gulf) == ["ly-ss"]
    assert air.strike_targets(found.data, "a", "asm_strike", gulf) == []
    found.data["naval"]["ly-ss"]["in_port"] = True
    assert air.strike_targets(found.data, "a", "asw_strike", gulf) == []
    assert air.strike_targets(found.data, "a", "asm_strike", gulf) == ["ly-ss"]
    assert gulf in air.targets(found.data, "a", "bombing_strike")
