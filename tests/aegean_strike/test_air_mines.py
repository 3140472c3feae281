"""Minelaying from the air (13.08, 9.03; provisional): a Tu-20 flies a minelaying mission to a
water hex of the operational map in reach and lays a field there from its nation's stock, on
the North Africa War with the Soviet Tu-20 lent to Player A at Hellinikon (2022)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.aegean_strike.play import GAME, act, actions, edited, first_segment
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import air, charts
from wargame.games.aegean_strike.forces import forces

pytestmark = pytest.mark.game("aegean-strike")
TU20, AEGEAN, INLAND = "su-tu20", "2612", "1820"
"""The Tu-20, a sea hex of the Aegean, a hex of Greece with no water."""


def with_tu20(laid: int = 0, field: str | None = None) -> Any:
    """An edit: the Tu-20 in Offensive mode at Hellinikon for Player A, ``laid`` Soviet fields
    of the stock spent, Player B's field in ``field``."""

    def edit(data: dict[str, Any]) -> None:
        data["nations"]["ussr"] = "a"
        data["air"][TU20] = {
            "base": "hellinikon",
            "mode": "offensive",
            "box": 3,
            "hits": 0,
            "flown": False,
        }
        data["mines_laid"] = {"ussr": laid}
        if field is not None:
            data["mines"][field] = "b"

    return edit


def minelaying(**kwargs: Any):
    """Player A's Tu-20 launched on a minelaying mission, its target not chosen yet."""
    launched = act(first_segment(with_tu20(**kwargs)), "a", f"launch {TU20}")
    return act(launched, "a", "mission minelaying")


@pytest.mark.rule("13.08")
@pytest.mark.rule("9.03")
def test_a_tu20_lays_a_field_in_a_sea_hex_from_its_nations_stock():
    group = minelaying()
    sp = dict(group.data["sp"])
    flown = act(group, "a", f"target {AEGEAN}")
    assert flown.data["sp"]["us"] == sp["us"] - 2  # the air_missions row's SP, Hellinikon's
    arrived = act(flown, "b", "pass")
    assert arrived.data["mines"] == {AEGEAN: "a"}
    assert arrived.data["mines_laid"] == {"ussr": 1}
    assert [e.params for e in arrived.log if e.key == "log.mine_laid"] == [
        {"unit": TU20, "hex": AEGEAN}
    ]


@pytest.mark.rule("13.08")
@pytest.mark.rule("9.03")
def test_no_field_from_the_air_off_the_sea_off_the_operational_map_or_in_a_mined_hex():
    group = minelaying(field="2613")
    assert f"target {AEGEAN}" in actions(group, "a")
    assert "13.08: minefields are laid in water hexes, not in 1820" in refused(
        group, "a", f"target {INLAND}"
    )
    assert "13.08: minefields are laid on the operational map" in refused(
        group, "a", "target S0103"
    )
    assert "13.08: 2613 is mined already" in refused(group, "a", "target 2613")


@pytest.mark.rule("13.08")
@pytest.mark.rule("9.04")
def test_no_field_from_the_air_beyond_the_round_trip(monkeypatch):
    monkeypatch.setattr(air, "reach", lambda data, uid, mission: 5)
    group = minelaying()
    assert "13.05: 2612 is beyond the group's round trip" in refused(group, "a", f"target {AEGEAN}")
    assert "target 2121" in actions(group, "a")  # a water hex two hexes from Hellinikon


@pytest.mark.rule("13.08")
@pytest.mark.rule("9.03")
def test_no_minelaying_mission_once_the_stock_is_spent():
    launched = act(first_segment(with_tu20(laid=4)), "a", f"launch {TU20}")
    assert "mission minelaying" not in actions(launched, "a")
    reason = refused(launched, "a", "mission minelaying")
    assert "13.08: ussr has laid all the 4 minefields of its stock" in reason


@pytest.mark.rule("13.08")
@pytest.mark.rule("9.07")
def test_an_aborted_minelayer_lays_nothing():
    flown = act(minelaying(), "a", f"target {AEGEAN}")
    aborted = edited(flown, lambda data: data["flight"]["aborted"].append(TU20))
    arrived = act(aborted, "b", "pass")
    assert not arrived.data["mines"] and arrived.data["mines_laid"] == {"ussr": 0}
    assert any(e.key == "log.mission_failed" for e in arrived.log)


@pytest.mark.rule("13.08")
@pytest.mark.rule("9.01")
def test_only_a_unit_with_the_minelaying_flag_is_offered_the_mission():
    assert [t for t, kind in forces().air_types.items() if kind.minelaying] == ["tu-20"]
    start = first_segment(with_tu20())
    bomber = act(start, "a", "launch us-va34")
    assert "mission ferry" in actions(bomber, "a")
    assert "mission minelaying" not in actions(bomber, "a")
    assert not air.can_fly("us-va34", "minelaying")
    assert GAME.view(start, "b", log=False)["board"]["air"][TU20]["base"] == "hellinikon"
    assert charts.tables(start)["air_missions"]["minelaying"].sp == 2
