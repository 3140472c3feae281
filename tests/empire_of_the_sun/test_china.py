"""China (12.7): the Japanese OC China offensive and China's surrender (12.72, 12.73)."""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import ScriptedRng
from tests.empire_of_the_sun.factory import position
from wargame.games.empire_of_the_sun import china, forces

pytestmark = pytest.mark.game("empire-of-the-sun")


def roll(g, *values):
    g.rng = ScriptedRng(list(values))


@pytest.mark.rule("12.7", "12.72")
def test_a_china_offensive_needs_japan_a_3_oc_card_an_even_turn_and_once_a_turn():
    g = position(empire=True, turn=4)
    assert china.may_launch(g, "japan", "J9")  # OC 3
    assert not china.may_launch(g, "japan", "J3")  # OC 2
    assert not china.may_launch(g, "allied", "A9")
    assert not china.may_launch(position(empire=True, turn=5), "japan", "J9")
    g.data["china_offensive"] = 4
    assert not china.may_launch(g, "japan", "J9")


@pytest.mark.rule("12.72", "12.76")
def test_the_roll_must_not_exceed_the_divisions_less_the_burma_road_support():
    g = position(empire=True, turn=4, china_divisions=8, burma_road="open")  # baseline 6
    roll(g, 6)
    china.china_offensive(g)
    assert g.data["tracks"]["china"] == "unstable_front"
    g = position(empire=True, turn=4, china_divisions=8, burma_road="open")
    roll(g, 7)
    china.china_offensive(g)
    assert g.data["tracks"]["china"] == "stable_front"


@pytest.mark.rule("12.72", "12.74")
def test_allied_air_in_china_adds_to_the_roll_and_a_miss_then_helps_china():
    g = position(units={"us-14af-lrb": "china"}, empire=True, turn=4, china_divisions=8,
                 burma_road="open", china="major_breakthrough")  # fmt: skip
    roll(g, 6)  # 6 + 1 = 7 > 6
    china.china_offensive(g)
    assert g.data["tracks"]["china"] == "unstable_front"


@pytest.mark.rule("12.73", "16.41")
def test_china_collapses_only_by_an_oc_offensive_and_then_surrenders():
    g = position(units={"cn-5-army": "2407", "us-14af-lrb": "china", "us-10af-lrb": "2104"},
                 empire=True, turn=6, china="chungking_falls", china_divisions=12)  # fmt: skip
    china.move_china(g, +1, by_offensive=False)
    assert g.data["tracks"]["china"] == "chungking_falls"  # an event cannot collapse China
    before = g.data["tracks"]["political_will"]
    roll(g, 0)
    china.china_offensive(g)
    assert g.data["tracks"]["china"] == "government_collapse"
    assert "china" in g.data["surrendered"]
    assert forces.at(g, "cn-5-army") == "removed"
    assert forces.at(g, "us-14af-lrb") == "turn:7"  # an Allied airfield in Northern India remains
    assert g.data["tracks"]["political_will"] == before - 2


@pytest.mark.rule("12.93", "12.72")
def test_no_china_offensive_once_the_allies_hold_the_china_coast_and_korea():
    g = position(empire=True, turn=4)
    board = g.static.board
    for hex_id in board.area("china_coastal") + board.area("korea"):
        if board.is_land(hex_id):
            g.data["control"][hex_id] = "allied"
    assert not china.may_launch(g, "japan", "J9")
