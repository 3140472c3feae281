"""Modified die rolls (15.6): a modified roll below 0 counts as 0, above 9 as a modified 9."""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import ScriptedRng
from tests.empire_of_the_sun.factory import position
from wargame.engine.notes import Modifier
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import battle, china, forces
from wargame.games.empire_of_the_sun.reinforcements import modified_roll, put_in_delay_box

pytestmark = pytest.mark.game("empire-of-the-sun")


@pytest.mark.rule("15.6")
@pytest.mark.parametrize(
    ("natural", "modifier", "expected"),
    [(0, -1, 0), (2, -7, 0), (5, 0, 5), (8, 1, 9), (8, 4, 9), (9, 3, 9), (4, -4, 0)],
)
def test_a_modified_roll_counts_as_0_to_9(natural, modifier, expected):
    assert modified_roll(natural, modifier) == expected


@pytest.mark.rule("15.6", "12.72", "12.74")
def test_a_china_offensive_roll_above_9_counts_as_a_modified_9():
    """Baseline 9 (11 divisions, 2 for the open Burma Road): a natural 9 with one Allied air
    unit in China is 10, read as 9, and succeeds."""
    g = position(units={"us-14af-lrb": "china"}, empire=True, turn=4, china_divisions=11)
    g.rng = ScriptedRng([9])
    china.china_offensive(g)
    assert g.data["tracks"]["china"] == "unstable_front"
    g = position(units={"us-14af-lrb": "china"}, empire=True, turn=4, china_divisions=10)
    g.rng = ScriptedRng([9])  # baseline 8: the modified 9 misses, and Allied air helps China
    g.data["tracks"]["china"] = "unstable_front"
    china.china_offensive(g)
    assert g.data["tracks"]["china"] == "stable_front"


@pytest.mark.rule("15.6", "9.24", "14.1", "15.5")
def test_a_sent_to_europe_roll_under_rivalry_never_goes_below_0():
    g = position(war_in_europe=-7, us_isr=True, turn=4)
    g.rng = ScriptedRng([0])
    put_in_delay_box(g, "us-xi-corps")
    assert forces.at(g, "us-xi-corps") == "turn:7"


@pytest.mark.rule("15.6", "8.2", "8.4")
@pytest.mark.parametrize(
    ("stage", "natural", "drm", "logged", "hits"),
    [("ground", 8, 4, 9, 20), ("ground", 1, -3, 0, 5), ("air_naval", 7, 4, 9, 10)],
)
def test_combat_rolls_are_read_between_0_and_9(stage, natural, drm, logged, hits):
    g = position()
    g.rng = ScriptedRng([natural])
    plan = battle.StrikePlan("japan", stage, 10, (Modifier("8.4", "drm.test", drm),))
    strike = battle.roll_strike(g, Frame("battle", "x", {"hex": "2813"}), plan)
    assert strike["hits"] == hits
    (logged_strike,) = [e for e in g.state.log if e.key == "log.strike"]
    assert logged_strike.params["roll"] == logged
