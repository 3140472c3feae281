"""The E-2 over its carrier (9.03, placed in the Unit Assignment Stage 7.02): placed over the US
CVN it moves with it, an EWDA not over it stays where it patrols, only an E-2 and only a US
CVN/CV of its side are offered, the carrier sunk takes the E-2 out for good, and the enemy
learns nothing more of the carrier."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import GAME, act, actions, begun, edited, passing, prompt
from tests.aegean_strike.test_play import refused
from wargame.engine.state import State, clone
from wargame.games.aegean_strike import air, detection, e2_carrier, losses, state
from wargame.games.aegean_strike.charts import tables

pytestmark = pytest.mark.game("aegean-strike")
CARRIER = "us-cvn-69"
"""At S0103 (off Rome), Under way, allowance 3 strategic hexes."""
START = "S0103"
AWAY = "S0305"


def assigned(*placing: str) -> State:
    """Player A's Unit Assignment Stage of turn 1 after ``placing`` (Libya has assigned)."""
    return act(act(begun(), "b", "done"), "a", *placing)


def naval_segment(*placing: str) -> State:
    """Player A's naval units in the first movement segment, its EWDA placed by ``placing``,
    with two sea moves."""
    start = act(assigned(*placing), "a", "done", "end")
    assert prompt(start, "a") == "prompt.naval_segment"

    def two_moves(data):
        data["naval_moves"]["a"] = 2

    return edited(start, two_moves)


def sailed(start: State) -> State:
    return act(start, "a", f"sail {CARRIER}", f"to {AWAY}")


@pytest.mark.rule("9.03")
@pytest.mark.rule("7.02")
def test_an_e2_placed_over_the_carrier_moves_with_it():
    placed = assigned("ewda us-e2", f"over {CARRIER}")
    assert placed.data["ewda"]["us-e2"] == START
    assert placed.data["ewda_over"] == {CARRIER: ["us-e2"]}
    moved = sailed(naval_segment("ewda us-e2", f"over {CARRIER}"))
    assert moved.data["naval"][CARRIER]["hex"] == AWAY
    assert moved.data["ewda"]["us-e2"] == AWAY
    assert moved.log[-1].key == "log.ewda_follows" and moved.log[-1].params["hex"] == AWAY
    assert GAME.check(moved) == []


@pytest.mark.rule("9.03")
def test_an_ewda_not_over_the_carrier_stays_where_it_patrols():
    """Placed by hex in the carrier's own hex, the E-2 is not over it; the AWACS never is."""
    placing = ("ewda us-e2", f"hex {START}", "ewda us-awacs", f"hex {START}")
    start = naval_segment(*placing)
    assert start.data["ewda_over"] == {}
    moved = sailed(start)
    assert moved.data["ewda"] == {"us-e2": START, "us-awacs": START}
    assert not any(e.key == "log.ewda_follows" for e in moved.log)


@pytest.mark.rule("9.03")
@pytest.mark.rule("7.02")
def test_placing_the_e2_elsewhere_ends_its_ride_with_the_carrier():
    placed = assigned("ewda us-e2", f"over {CARRIER}", "ewda us-e2", f"hex {START}")
    assert placed.data["ewda_over"] == {}
    moved = sailed(naval_segment("ewda us-e2", f"over {CARRIER}", "ewda us-e2", f"hex {START}"))
    assert moved.data["ewda"]["us-e2"] == START


@pytest.mark.rule("9.03")
@pytest.mark.rule("7.02")
def test_only_an_e2_is_offered_a_carrier_and_only_a_us_cvn_or_cv_of_its_side():
    e2 = assigned("ewda us-e2")
    assert prompt(e2, "a") == "prompt.ewda_hex_carrier"
    assert [t for t in actions(e2, "a") if t.startswith("over ")] == [f"over {CARRIER}"]
    assert "no US CVN or CV" in refused(e2, "a", "over us-lha-nassau")  # a US LHA of side A
    awacs = assigned("ewda us-awacs")
    assert prompt(awacs, "a") == "prompt.ewda_hex"
    assert not [t for t in actions(awacs, "a") if t.startswith("over ")]
    assert "9.03: only an E-2" in refused(awacs, "a", f"over {CARRIER}")
    assert e2_carrier.over_refusal("us-e2", "su-cvh-kiev")  # a Soviet carrier
    assert e2_carrier.over_refusal("su-tu126", "su-cvh-kiev")  # the Soviet EWDA


@pytest.mark.rule("9.03")
def test_an_e2_shot_down_leaves_its_carrier():
    start = naval_segment("ewda us-e2", f"over {CARRIER}")
    g = GAME.context(clone(start))
    air.shoot_down_ewda(g, "b", START)
    assert g.data["ewda"]["us-e2"] is None and g.data["ewda_over"] == {}


def sunk(start: State) -> State:
    found = clone(start)
    g = GAME.context(found)
    capacity = losses.capacity(tables(found), CARRIER)
    losses.damage(g, CARRIER, capacity)
    return found


@pytest.mark.rule("9.03")
def test_the_carrier_sunk_takes_its_e2_out_of_play_for_good():
    found = sunk(naval_segment("ewda us-e2", f"over {CARRIER}"))
    assert CARRIER in found.data["eliminated"] and "us-e2" in found.data["eliminated"]
    assert "us-e2" not in found.data["ewda"] and found.data["ewda_over"] == {}
    assert any(e.key == "log.ewda_lost" and e.params["unit"] == "us-e2" for e in found.log)
    assert state.problems(found.data) == []
    next_turn = passing(found, lambda s: s.data["turn"] == 2 and GAME.active(s) == ["a"])
    assert next_turn.data["stage"] == "assignment"
    assert "us-e2" not in next_turn.data["ewda"]
    assert "ewda us-e2" not in actions(next_turn, "a")
    assert "ewda us-awacs" in actions(next_turn, "a")


@pytest.mark.rule("9.03")
def test_a_carrier_sunk_under_an_e2_not_over_it_takes_nothing():
    found = sunk(naval_segment("ewda us-e2", f"hex {START}"))
    assert found.data["ewda"]["us-e2"] == START and "us-e2" not in found.data["eliminated"]


@pytest.mark.rule("9.03")
@pytest.mark.rule("14.04")
def test_the_enemy_learns_nothing_more_of_the_carrier():
    """The carrier is always detected (14.04 stand-in): Libya's view of the ships is the same
    whether the E-2 rides with the carrier or not; only the E-2's hex, public as every EWDA's,
    differs."""
    over = sailed(naval_segment("ewda us-e2", f"over {CARRIER}"))
    apart = sailed(naval_segment("ewda us-e2", f"hex {START}"))
    seen_over, seen_apart = GAME.view(over, "b")["board"], GAME.view(apart, "b")["board"]
    assert seen_over["naval"] == seen_apart["naval"]
    assert seen_over["unseen"] == seen_apart["unseen"]
    assert seen_over["ewda_over"] == {CARRIER: ["us-e2"]}


@pytest.mark.rule("9.03")
@pytest.mark.rule("14.04")
def test_a_carrier_the_enemy_did_not_see_would_keep_its_e2_out_of_its_view(monkeypatch):
    """Were the carrier hidden, Libya's view would leave the attachment out, and the position
    is reported as one the E-2's public hex would betray."""
    found = naval_segment("ewda us-e2", f"over {CARRIER}")
    monkeypatch.setattr(detection, "always_seen", lambda uid: False)
    detection._MEMO.clear()
    try:
        assert CARRIER in detection.hidden_units(tables(found), found.data)["b"]
        assert GAME.view(found, "b")["board"]["ewda_over"] == {}
        assert GAME.view(found, "a")["board"]["ewda_over"] == {CARRIER: ["us-e2"]}
        assert any("does not see" in p for p in GAME.check_data(found))
    finally:
        detection._MEMO.clear()
