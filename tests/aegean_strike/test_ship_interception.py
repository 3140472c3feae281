"""Air-to-ship interception (seed 9.03 B; provisional where the seed is silent, see
:mod:`wargame.games.aegean_strike.ship_interception`): after Player A's destroyers sail within
the cover of a Libyan airbase, Player B's Intercept-mode aircraft may strike them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.aegean_strike.play import GAME, act, actions, naval_segment, passing, prompt
from tests.aegean_strike.test_combat import DESTROYERS, sea_moves
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import detection, ship_interception, state
from wargame.games.aegean_strike.charts import tables

pytestmark = pytest.mark.game("aegean-strike")
NEAR_OKBA = "S0205"
"""A sea hex ten operational hexes from Okba (S0206), inside its airbase's air detection range."""
TU22 = "ly-tu22"
"""At Okba: ASM 6, bombing 7."""


def intercept_mode(*units: str, b_moves: int = 2):
    def edit(data: dict[str, Any]) -> None:
        sea_moves(2, b_moves)(data)
        for uid in units:
            data["air"][uid]["mode"] = "intercept"

    return edit


def sailed(edit, to: str = NEAR_OKBA, **hits):
    """Player A's destroyers sail to ``to`` and A ends its naval moves."""
    return act(naval_segment(edit, **hits), "a", f"sail {DESTROYERS}", f"to {to}", "end")


@pytest.mark.rule("9.03")
def test_an_intercept_mode_aircraft_may_strike_a_ship_that_sailed_into_its_cover():
    found = sailed(intercept_mode(TU22, "ly-mig25"))
    offered = actions(found, "b")
    assert f"intercept {TU22} {DESTROYERS}" in offered
    assert f"intercept ly-mirage5 {DESTROYERS}" not in offered  # Offensive mode
    assert f"intercept ly-mig25 {DESTROYERS}" not in offered  # no ASM, bombing or ASW value
    assert ship_interception.suited_mission(found.data, TU22, DESTROYERS) == "bombing_strike"


@pytest.mark.rule("9.03")
@pytest.mark.rule("9.05")
def test_the_interceptor_pays_flies_strikes_the_named_ship_and_the_question_comes_back():
    found = sailed(intercept_mode(TU22), air_naval_combat=0)
    sp = found.data["sp"]["ly"]
    flying = act(found, "b", f"intercept {TU22} {DESTROYERS}")
    assert flying.data["sp"]["ly"] == sp - 1 and flying.data["air"][TU22]["flown"]
    declared = [e.params for e in flying.log if e.key == "log.ship_interception"]
    assert declared == [{"side": "b", "unit": TU22, "target": DESTROYERS, "sp": 1}]
    back = passing(flying, lambda s: prompt(s, GAME.active(s)[0]) == "prompt.strike")
    assert actions(back, "b") == [f"attack {DESTROYERS}"]
    struck = act(back, "b", f"attack {DESTROYERS}")
    assert [e.params["target"] for e in struck.log if e.key == "log.strike"] == [DESTROYERS]
    again = passing(struck, lambda s: GAME.active(s) == ["b"])
    assert prompt(again, "b").startswith("prompt.naval_intercept")
    assert f"intercept {TU22} {DESTROYERS}" not in actions(again, "b")  # flown this stage


@pytest.mark.rule("9.03")
@pytest.mark.rule("15.01")
def test_no_interception_of_a_ship_outside_every_friendly_detectors_cover():
    found = sailed(intercept_mode(TU22), to="S0204")
    assert found.data["naval"][DESTROYERS]["hex"] == "S0204"
    assert DESTROYERS not in detection.hidden_from(tables(found), found.data, "b")  # seen
    assert not [t for t in actions(found, "b") if t.startswith("intercept")]


@pytest.mark.rule("9.05")
def test_an_interception_the_base_cannot_pay_for_is_refused_with_the_rule():
    def broke(data):
        intercept_mode(TU22)(data)
        data["sp"]["ly"] = 0

    found = sailed(broke)
    assert "9.05" in refused(found, "b", f"intercept {TU22} {DESTROYERS}")


@pytest.mark.rule("9.03")
@pytest.mark.rule("15.02")
def test_the_side_is_asked_after_a_sail_even_with_no_sea_move_left_for_its_aircraft():
    found = sailed(intercept_mode(TU22, b_moves=0))
    offered = actions(found, "b")
    assert GAME.active(found) == ["b"] and f"intercept {TU22} {DESTROYERS}" in offered
    assert not [t for t in offered if t.startswith("engage")]  # ships need a sea move
    assert state.side_of(found.data, TU22) == "b"
