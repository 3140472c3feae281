"""Asia Engulfed's bidding for sides (10.4), a designed stand-in (bidding.py)."""

import pytest

from tests.asia_engulfed.positions import play
from wargame.engine.action import Action
from wargame.engine.bidding import outcome
from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.state import SIDES
from wargame.games.asia_engulfed.victory import final_result

pytestmark = pytest.mark.game("asia-engulfed")


def bidding_game(seed=7):
    state = GAME.setup("jan1942", seed, {"bidding": True})
    assert sorted(GAME.active(state)) == ["allies", "japan"]
    return state


@pytest.mark.rule("10.4")
def test_both_seats_seal_a_side_and_a_bid_before_the_first_turn():
    state = bidding_game()
    offered = sorted(str(a) for a in GAME.legal_actions(state, "japan"))
    assert offered == [f"bid {side} {n}" for side in ("allies", "japan") for n in range(3)]
    state = play(state, "japan", "bid japan 2")
    assert GAME.active(state) == ["allies"]
    assert "japan:japan:2" not in str(GAME.view(state, "allies"))  # sealed
    assert "japan:japan:2" in str(GAME.view(state, "japan"))
    state = play(state, "allies", "bid japan 1")
    assert state.data["bidding"]["plays"] == {"japan": "japan", "allies": "allies"}
    assert state.data["bidding"]["japan_needs_change"] == 2
    assert state.data["phase"] == "naval_movement"  # the game goes on


@pytest.mark.rule("10.4")
def test_the_higher_bid_wins_a_side_both_want_and_different_sides_both_pay():
    assert outcome({"japan": ("allies", 1), "allies": ("allies", 2)}, SIDES, None) == (
        {"allies": "allies", "japan": "japan"},
        {"allies": 2, "japan": 0},
    )
    plays, paid = outcome({"japan": ("allies", 1), "allies": ("japan", 2)}, SIDES, None)
    assert plays == {"japan": "allies", "allies": "japan"} and paid == {"allies": 1, "japan": 2}
    plays, _paid = outcome({"japan": ("japan", 1), "allies": ("japan", 1)}, SIDES, lambda: "allies")
    assert plays == {"allies": "japan", "japan": "allies"}


@pytest.mark.rule("10.4", "10.3")
def test_what_japan_pays_raises_the_victory_areas_it_needs():
    state = bidding_game()
    state = play(state, "japan", "bid japan 2")
    state = GAME.apply(state, "allies", Action.parse("bid allies 0"))
    assert final_result(state.data).params["needs"] == 5
    state.data["bidding"]["japan_needs_change"] = -9
    assert final_result(state.data).params["needs"] == 1
