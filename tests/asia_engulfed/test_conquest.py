"""Asia Engulfed's conquest of a minor power (10.1, 9.56) and the control of its territory
(10.2): designed stand-ins (conquest.py)."""

import pytest

from tests.asia_engulfed.positions import at_operational_movement, pass_phase
from wargame.engine.procedure import Context
from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.conquest import conquer, conquered, falls
from wargame.games.asia_engulfed.production import income

pytestmark = pytest.mark.game("asia-engulfed")

SEATS = printed().conquest.seats


def japan_holds(data, *areas):
    for where in areas:
        for unit_id in [u for u, unit in data["units"].items() if unit["where"] == where]:
            if data["units"][unit_id]["owner"] == "allies":
                del data["units"][unit_id]
        data["garrisons"] = [[p, at] for p, at in data["garrisons"] if at != where]
        data["control"][where] = "japan"
        data["contested"] = [a for a in data["contested"] if a != where]


def to_end_of_player_turn(state):
    while state.data["phase_player"] == "japan":
        state = pass_phase(state, "japan")
    return state


@pytest.mark.rule("10.1", "9.56")
def test_the_philippines_fall_with_luzon_and_bataan_at_the_end_of_the_player_turn():
    state = at_operational_movement()
    data = state.data
    assert any(u["hidden"]["power"] == "philippines" for u in data["units"].values())
    japan_holds(data, "luzon", "bataan")
    state = to_end_of_player_turn(state)
    data = state.data
    assert conquered(data, "philippines") and not conquered(data, "dei")
    assert not any(u["hidden"]["power"] == "philippines" for u in data["units"].values())
    assert "philippines" not in data["pools"]
    assert "log.conquered" in [event.key for event in state.log]


@pytest.mark.rule("10.1", "9.56")
def test_a_contested_seat_or_one_area_short_conquers_nothing():
    data = at_operational_movement().data
    japan_holds(data, "luzon")
    assert not falls(data, "philippines", SEATS["philippines"])
    japan_holds(data, "bataan")
    assert falls(data, "philippines", SEATS["philippines"])
    data["contested"] = ["bataan"]
    assert not falls(data, "philippines", SEATS["philippines"])


@pytest.mark.rule("10.1", "10.2")
def test_a_conquered_power_leaves_the_game_and_japan_takes_its_empty_areas():
    state = at_operational_movement()
    data = state.data
    dei = [u for u, unit in data["units"].items() if unit["hidden"]["power"] == "dei"]
    cw = next(u for u, unit in data["units"].items() if unit["hidden"]["power"] == "cw")
    held = data["units"][dei[0]]["where"]
    data["units"][cw]["where"] = held  # a CW block holds one DEI area
    conquer(Context(state, GAME.procedure_map, None), "dei")
    assert conquered(data, "dei")
    assert set(dei) <= set(data["removed"]) and not set(dei) & set(data["units"])
    assert not [p for p, _at in data["garrisons"] if p == "dei"]
    assert data["control"]["timor"] == "japan"  # a DEI garrison only: now Japan's
    assert data["control"][held] == "allies"


@pytest.mark.rule("9.56")
def test_conquered_philippines_never_produce_again():
    state = at_operational_movement()
    data = state.data
    data["control"]["luzon"] = "allies"
    assert income(data, "allies", printed()).werp["philippines"] > 0
    conquer(Context(state, GAME.procedure_map, None), "philippines")
    data["control"]["luzon"] = "allies"  # retaken: the Philippines stay conquered
    assert income(data, "allies", printed()).werp["philippines"] == 0
