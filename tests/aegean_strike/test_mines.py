"""Mines and minesweeping (13.08), on the North Africa War: the British frigate (minelaying,
hits 3) and the US destroyers lay fields from their nations' stocks (table mines: the UK 0,
the US 1); an enemy field in the Dardanelles stops a ship; a Greek MCM sweeps."""

from __future__ import annotations

from typing import Any

import pytest

from tests.aegean_strike.play import GAME, SCENARIO, act, actions, edited, naval_segment
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import charts, mines, naval

pytestmark = pytest.mark.game("aegean-strike")
FRIGATE, DESTROYERS, MCM = "uk-ff", "us-dd-group", "gr-mcm"
MARMARA, DARDANELLES, AEGEAN = "3512", "3012", "2612"


def ship_at(ship: str, hex_id: str, field: str | None = None) -> Any:
    """An edit: ``ship`` under way in ``hex_id``, and Player B's field in ``field``."""

    def edit(data: dict[str, Any]) -> None:
        data["naval"][ship].update(hex=hex_id, in_port=False)
        if field is not None:
            data["mines"][field] = "b"

    return edit


@pytest.mark.rule("13.08")
def test_a_minelayer_lays_a_field_in_its_hex_from_its_nations_stock():
    found = naval_segment(ship_at(DESTROYERS, "5635"))
    moves = found.data["naval_moves"]["a"]
    laid = act(found, "a", f"mine {DESTROYERS}")
    assert laid.data["mines"] == {"5635": "a"} and laid.data["mines_laid"] == {"us": 1}
    assert laid.data["naval_moves"]["a"] == moves - 1
    assert any(e.key == "log.mine_laid" for e in laid.log)
    elsewhere = edited(laid, ship_at(DESTROYERS, AEGEAN))
    assert mines.lay_refusal(charts.tables(laid), elsewhere.data, DESTROYERS) == (
        "13.08: us has laid all the 1 minefields of its stock"
    )


@pytest.mark.rule("13.08")
@pytest.mark.parametrize(
    ("ship", "hex_id", "field", "reason"),
    [
        (FRIGATE, "5635", None, "13.08: uk has laid all the 0 minefields"),
        (DESTROYERS, "S0103", None, "13.08: minefields are laid on the operational map"),
        (DESTROYERS, "5635", "5635", "13.08: 5635 is mined already"),
    ],
)
def test_no_field_beyond_the_stock_on_the_strategic_map_or_in_a_mined_hex(
    ship, hex_id, field, reason
):
    assert reason in refused(naval_segment(ship_at(ship, hex_id, field)), "a", f"mine {ship}")


@pytest.mark.rule("13.08")
def test_an_enemy_field_stops_a_ship_and_its_own_side_passes():
    g_tables = charts.tables(naval_segment())
    free = naval_segment(ship_at(FRIGATE, MARMARA))
    assert AEGEAN in naval.reach(g_tables, free.data, FRIGATE)
    blocked = naval_segment(ship_at(FRIGATE, MARMARA, DARDANELLES))
    reached = naval.reach(g_tables, blocked.data, FRIGATE)
    assert DARDANELLES in reached and AEGEAN not in reached
    assert "10.03" in refused(act(blocked, "a", f"sail {FRIGATE}"), "a", f"to {AEGEAN}")
    own = edited(blocked, lambda data: data["mines"].update({DARDANELLES: "a"}))
    assert AEGEAN in naval.reach(g_tables, own.data, FRIGATE)


@pytest.mark.rule("13.08")
@pytest.mark.parametrize(("chance", "hits"), [(10, 2), (0, 0)])
def test_a_ship_entering_an_enemy_field_rolls_for_a_strike(chance, hits):
    values = {"stocks": {"us": 1}, "strike_chance": chance, "hits": 2, "sweep_range": 1}
    overlay = {"game": "aegean-strike", "name": "mines", "tables": {"mines": values}}
    start = GAME.setup(SCENARIO, 7, {"rules_overlay": overlay})
    segment = act(act(act(start, "b", "done"), "a", "done"), "a", "end")
    found = edited(segment, ship_at(FRIGATE, MARMARA, DARDANELLES))
    struck = act(found, "a", f"sail {FRIGATE}", f"to {DARDANELLES}")
    assert struck.data["naval"][FRIGATE]["hits"] == hits
    logged = [e.params for e in struck.log if e.key == "log.mine_strike"]
    assert logged == [{"unit": FRIGATE, "hex": DARDANELLES, "hits": hits}]


def greek_sweeper(hex_id: str, field: str) -> Any:
    def edit(data: dict[str, Any]) -> None:
        data["nations"]["gr"] = "a"
        data["naval"][MCM] = {"hex": hex_id, "hits": 0, "in_port": False}
        data["mines"][field] = "b"

    return edit


@pytest.mark.rule("13.08")
def test_an_mcm_sweeps_an_enemy_field_within_its_range_for_a_sea_move():
    found = naval_segment(greek_sweeper("2913", DARDANELLES))
    assert f"sweep {MCM} {DARDANELLES}" in actions(found, "a")
    moves = found.data["naval_moves"]["a"]
    swept = act(found, "a", f"sweep {MCM} {DARDANELLES}")
    assert swept.data["mines"] == {} and swept.data["naval_moves"]["a"] == moves - 1
    assert any(e.key == "log.mine_swept" for e in swept.log)
    far = naval_segment(greek_sweeper(AEGEAN, DARDANELLES))
    assert not [t for t in actions(far, "a") if t.startswith("sweep")]
    assert mines.sweepable(charts.tables(far), far.data, FRIGATE) == []  # no sweeper
