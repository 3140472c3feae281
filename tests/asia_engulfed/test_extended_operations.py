"""Asia Engulfed's extended naval operations (7.4, 8.23) in the naval movement phase, on the
January 1942 set-up."""

import pytest

from tests.asia_engulfed.positions import offered, play
from wargame.engine.errors import IllegalAction
from wargame.games.asia_engulfed import GAME

pytestmark = pytest.mark.game("asia-engulfed")


def sailed(*moves, special_actions=1):
    """Japan's naval movement after each (fleet, sea area) of ``moves`` sailed and closed, with
    ``special_actions`` Japanese SAs."""
    state = GAME.setup("jan1942", 7)
    state.data["tracks"]["special_actions_japan"] = special_actions
    for fleet, sea in moves:
        state = play(state, "japan", f"sail {fleet} {sea}", "close")
        state = play(state, "allies", "done")
    return state


@pytest.mark.rule("8.23")
@pytest.mark.rule("7.4")
def test_a_fleet_that_sailed_moves_on_three_sea_areas_for_an_sa():
    state = sailed(("jp-bb-a", "sea_of_japan"))
    extending = offered(state, "japan", "extend")
    assert "extend jp-bb-a north_pacific" in extending
    assert "extend jp-bb-a central_pacific" in extending  # three more sea areas
    assert not [a for a in extending if a.endswith("java_sea")]
    oil = state.data["tracks"]["japan_oil"]
    after = play(state, "japan", "extend jp-bb-a central_pacific")
    assert after.data["units"]["jp-bb-a"]["where"] == "central_pacific"
    assert after.data["tracks"]["special_actions_japan"] == 0
    assert after.data["tracks"]["japan_oil"] < oil
    assert after.data["naval"]["target"] == "central_pacific"
    # fleets that have not moved may join it; the enemy then may react
    assert "sail jp-bb-b central_pacific" in offered(after, "japan", "sail")
    after = play(after, "japan", "close")
    assert GAME.active(after) == ["allies"]


@pytest.mark.rule("8.23")
def test_a_fleet_extends_once_and_never_into_a_sea_area_where_moves_were_made():
    state = sailed(("jp-bb-a", "sea_of_japan"), ("jp-bb-c", "south_china_sea"), special_actions=2)
    extending = offered(state, "japan", "extend")
    assert not [a for a in extending if a.endswith(("sea_of_japan", "south_china_sea"))]
    after = play(state, "japan", "extend jp-bb-a north_pacific", "close")
    after = play(after, "allies", "done")
    assert not [a for a in offered(after, "japan", "extend") if "jp-bb-a" in a]


@pytest.mark.rule("8.23")
def test_only_from_a_sea_area_of_dominant_influence_and_with_an_sa():
    state = sailed(("jp-bb-a", "sea_of_japan"), special_actions=0)
    assert offered(state, "japan", "extend") == []
    with pytest.raises(IllegalAction):
        play(state, "japan", "extend jp-bb-a north_pacific")
    state = sailed(("jp-bb-a", "hawaiian_islands"))  # the Allies project influence there too
    assert not [a for a in offered(state, "japan", "extend") if "jp-bb-a" in a]
