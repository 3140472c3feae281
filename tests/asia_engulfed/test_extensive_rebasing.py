"""Asia Engulfed's Japanese extensive rebasing (7.5) in the rebase phase, on the January 1942
set-up."""

import pytest

from tests.asia_engulfed.positions import offered, pass_to, play
from wargame.games.asia_engulfed import GAME

pytestmark = pytest.mark.game("asia-engulfed")


def at_rebase(special_actions=1):
    """Japan's rebase phase with jp-bb-a in the Central Pacific."""
    state = GAME.setup("jan1942", 7)
    state.data["tracks"]["special_actions_japan"] = special_actions
    state = play(state, "japan", "sail jp-bb-a central_pacific", "close")
    state = pass_to(play(state, "allies", "done"), "japan", "rebase")
    assert GAME.active(state) == ["japan"]
    return state


@pytest.mark.rule("7.5")
def test_an_sa_sends_japans_ships_at_sea_to_any_supplied_port_in_reach_of_free_seas():
    state = at_rebase()
    near = offered(state, "japan", "rebase")
    assert offered(state, "japan", "extensive_rebasing") == ["extensive_rebasing"]
    after = play(state, "japan", "extensive_rebasing")
    assert after.data["tracks"]["special_actions_japan"] == 0
    far = offered(after, "japan", "rebase")
    assert set(near) < set(far)  # beyond three sea areas
    assert "rebase jp-bb-a peking" in far and "rebase jp-bb-a peking" not in near
    assert offered(after, "japan", "extensive_rebasing") == []  # once
    after = play(after, "japan", "rebase jp-bb-a peking")
    assert after.data["units"]["jp-bb-a"]["where"] == "peking"


@pytest.mark.rule("7.5")
def test_no_extensive_rebasing_without_an_sa():
    assert offered(at_rebase(special_actions=0), "japan", "extensive_rebasing") == []
