"""The score a balance simulation plots over turns (Game.turn, Game.score_track): Japan's
victory points were a yearly scenario to end now, the US Political Will in the campaign."""

from __future__ import annotations

import pytest

from wargame.engine.state import clone
from wargame.games import REGISTRY
from wargame.games.empire_of_the_sun.victory import yearly_result

pytestmark = pytest.mark.game("empire-of-the-sun")
GAME = REGISTRY.game("empire-of-the-sun")


@pytest.mark.rule("17.38", "17.48")
@pytest.mark.parametrize("scenario", ["1943", "1944", "1942-1943"])
def test_a_yearly_scenario_scores_japans_victory_points_were_it_to_end_now(scenario):
    state = GAME.setup(scenario, 3)
    g = GAME.context(state)
    assert GAME.score_track(state) == {
        "japan": yearly_result(g, g.data["victory"]).params["points"]
    }
    assert GAME.turn(state) == state.data["turn"]


@pytest.mark.rule("17.27", "17.38", "17.48")
@pytest.mark.parametrize("scenario", ["1942", "1943", "1944"])
def test_the_yearly_score_follows_the_position(scenario):
    state = GAME.setup(scenario, 3)
    state.data["tracks"]["political_will"] = 3
    lower = clone(state)
    lower.data["tracks"]["political_will"] = 2  # one box lower: a point more for Japan
    assert GAME.score_track(lower)["japan"] == GAME.score_track(state)["japan"] + 1


@pytest.mark.rule("16.1")
def test_the_campaign_scores_the_us_political_will():
    state = GAME.setup("campaign", 3)
    changed = clone(state)
    changed.data["tracks"]["political_will"] = 2
    assert GAME.score_track(state) == {"allied": state.data["tracks"]["political_will"]}
    assert GAME.score_track(changed) == {"allied": 2}
