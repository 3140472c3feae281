"""The seasonal turns: the seasonal victory phase (0.1-0.2: the VP check, the VP marker, automatic
victory), the seasonal phase (1.2 logistics and partisans, 1.3 replacements) and the delay
segment (7.1), with the seed's worked examples."""

from __future__ import annotations

import pytest

from tests.dai_senso.play import GAME, act
from wargame.engine.state import clone
from wargame.games.dai_senso import seasonal
from wargame.games.dai_senso.charts import TABLES

pytestmark = pytest.mark.game("dai-senso")

CHINA = "a2_china_incident"
PEKING, NANKING, SAIGON, NAGASAKI, BATAVIA = "w5123", "w4724", "w3619", "e4801", "w2819"
PLAY = TABLES.defaults["seasonal_play"]


def china(units: dict[str, str], **data):
    """The China Incident's first turn with only ``units`` (id -> hex, two steps) on the map and
    ``data`` over the game's data."""
    state = clone(GAME.setup(CHINA, 1))
    state.data["units"] = {uid: {"hex": hex_id, "steps": 2} for uid, hex_id in units.items()}
    state.data.update(data)
    return state


def axis_units(count: int) -> list[str]:
    found = [uid for uid in GAME.setup(CHINA, 1).data["units"] if uid.startswith("j-")]
    return found[:count]


def vp(state, sv: int) -> dict:
    return seasonal.place_marker(state.data, TABLES.defaults, sv)


@pytest.mark.rule("0.1", "0.1.1", "0.1.2")
def test_the_seed_example_peking_and_nanking_give_plus_two_and_saigon_plus_three():
    first, second, third, fourth = axis_units(4)
    state = china({first: PEKING, second: NANKING, fourth: BATAVIA})  # the NEI counts for nobody
    state.data["vp_marker"] = {"box": 1, "face": "allied_crusade"}
    found = seasonal.strategic_value(state)
    assert (found["sv"], found["axis"]) == (2, 2)
    assert vp(state, found["sv"]) == {"box": 0, "face": "allied_crusade"}  # not flipped
    state.data["units"][third] = {"hex": SAIGON, "steps": 2}
    found = seasonal.strategic_value(state)
    assert found["sv"] == 3
    assert vp(state, found["sv"]) == {"box": 1, "face": "rising_sun"}


@pytest.mark.rule("0.1.1")
def test_an_axis_strategic_hex_of_an_allied_country_counts_for_the_allies():
    state = china({})
    assert seasonal.controller(state.data, BATAVIA, TABLES.defaults["supply"].sources) == "west"
    assert seasonal.strategic_value(state)["allied"] == 1  # Batavia, in the NEI
    state.data["strategic_warfare"] = ["military_requisition:west", "allied_collapse"]
    found = seasonal.strategic_value(state)
    assert (found["axis"], found["allied"], found["sv"]) == (1, 2, -1)


@pytest.mark.rule("0.1.1")
def test_the_esv_counts_for_the_axis_unless_the_west_holds_an_axis_strategic_hex_in_japan():
    west = next(uid for uid in GAME.setup(CHINA, 1).data["units"] if uid.startswith("n-"))
    state = china({}, esv=3)
    assert seasonal.strategic_value(state)["esv"] == 3
    state.data["units"][west] = {"hex": NAGASAKI, "steps": 1}
    assert seasonal.strategic_value(state)["esv"] == 0
    state.data["esv"] = -2
    state.data["units"] = {}
    assert seasonal.strategic_value(state)["esv"] == 0  # a negative ESV adds nothing


@pytest.mark.rule("0.1.2")
def test_a_strategic_value_of_zero_puts_the_allied_crusade_in_the_one_vp_box():
    state = china({})
    state.data["vp_marker"] = {"box": 0, "face": "rising_sun"}
    assert vp(state, 0) == {"box": 1, "face": "allied_crusade"}
    assert vp(state, 1) == {"box": 0, "face": "rising_sun"}


@pytest.mark.rule("0.1.2")
def test_the_imperial_rescript_caps_the_rising_sun():
    state = china({}, imperial_rescript=1)
    assert vp(state, 9) == {"box": 1, "face": "rising_sun"}
    assert vp(state, -9) == {"box": 3, "face": "allied_crusade"}  # the Allies are not capped
    state.data["imperial_rescript"] = None
    assert vp(state, 9) == {"box": 3, "face": "rising_sun"}


@pytest.mark.rule("0.2")
@pytest.mark.parametrize(
    ("marker", "war", "esv", "expected"),
    [
        ({"box": "automatic_victory", "face": "rising_sun"}, "total_war", 0,
         ("asia_domination", "axis")),
        ({"box": "automatic_victory", "face": "rising_sun"}, "limited_war", 0, None),
        ({"box": "automatic_victory", "face": "allied_crusade"}, "total_war", 0,
         ("asia_domination", "allies")),
        ({"box": 2, "face": "allied_crusade"}, "limited_war", 0, ("japan_surrenders", "allies")),
        ({"box": 3, "face": "allied_crusade"}, "limited_war", 0, ("japan_surrenders", "allies")),
        ({"box": 2, "face": "allied_crusade"}, "total_war", 0, None),
        ({"box": 1, "face": "allied_crusade"}, "limited_war", 0, None),
        ({"box": 1, "face": "allied_crusade"}, "prewar", 5, ("european_collapse", "axis")),
    ],
)  # fmt: skip
def test_automatic_victory(marker, war, esv, expected):
    data = {"vp_marker": marker, "war_state": war, "esv": esv}
    assert seasonal.automatic_victory(data, PLAY) == expected


def test_japan_surrenders_in_the_two_vp_box_only_when_the_table_reads_it_so():
    literal = TABLES.defaults["seasonal_play"].__class__(
        esv_term="if", japan_surrenders="box_only", european_collapse_esv=5, scenarios={}
    )
    data = {"vp_marker": {"box": 3, "face": "allied_crusade"}, "war_state": "limited_war", "esv": 0}
    assert seasonal.automatic_victory(data, literal) is None
    data["vp_marker"]["box"] = 2
    assert seasonal.automatic_victory(data, literal) == ("japan_surrenders", "allies")


@pytest.mark.rule("0.1", "0.2")
def test_the_vp_check_runs_at_the_start_of_a_seasonal_turn_and_can_end_the_game():
    state = clone(GAME.setup(CHINA, 1))  # Jul 1937: no VP check
    assert not any(event.key == "log.vp_check" for event in state.log)
    state.data["esv"] = 5
    state = act(state, "axis", *["end"] * 4)
    state = act(state, "west", *["end"] * 4)
    state = act(state, "soviet", *["end"] * 3)  # Aug-Sep 1937, seasonal: the VP check
    keys = [event.key for event in state.log]
    assert "log.vp_check" in keys and "log.automatic_victory" in keys
    assert state.result is not None and state.result.winner == "axis"
    assert GAME.active(state) == []


@pytest.mark.rule("0.2")
def test_an_allied_automatic_victory_is_the_west_and_the_soviets_together():
    state = china({})
    found = seasonal.result_for(state, "allies")
    assert found is not None and (found.winner, found.allies) == ("west", ["soviet"])
    state = clone(GAME.setup("a1_august_storm", 1))
    found = seasonal.result_for(state, "allies")
    assert found is not None and (found.winner, found.allies) == ("soviet", [])
