"""Asia Engulfed's US code-breaking (7.6) in the Japanese naval movement phase, on the January
1942 set-up."""

import pytest

from tests.asia_engulfed.positions import offered, play
from wargame.engine.errors import IllegalAction
from wargame.games.asia_engulfed import GAME

pytestmark = pytest.mark.game("asia-engulfed")


def japan_closes(state=None, fleet="jp-bb-a", sea="central_pacific"):
    state = state or GAME.setup("jan1942", 7)
    return play(state, "japan", f"sail {fleet} {sea}", "close")


@pytest.mark.rule("7.6")
def test_code_breaking_tells_japans_steps_and_lets_us_fleets_react_three_sea_areas():
    state = japan_closes()
    assert "react us-bb-a central_pacific" not in offered(state, "allies", "react")  # 3 away
    after = play(state, "allies", "code_breaking")
    assert after.data["tracks"]["special_actions_usa"] == 0
    assert after.data["code_breaking"] == {"years": [1942], "sea": "central_pacific"}
    assert "react us-bb-a central_pacific" in offered(after, "allies", "react")
    told = next(e for e in reversed(after.log) if e.key == "log.code_breaking")
    bb = after.data["units"]["jp-bb-a"]["hidden"]["steps"]
    assert (told.params["bb"], told.params["cv"], told.params["ca"]) == (bb, 0, 0)
    assert "jp-bb-a" not in str(GAME.view(after, "allies"))  # steps told, not the block
    assert not GAME.view(after, "allies")["can_undo"]


@pytest.mark.rule("7.6")
def test_code_breaking_once_a_year_in_1942_and_1943_only():
    state = GAME.setup("jan1942", 7)
    state.data["code_breaking"]["years"] = [1942]
    assert "code_breaking" not in offered(japan_closes(state), "allies", "code_breaking")
    state = GAME.setup("jan1942", 7)
    state.data["turn"] = "1944-01"
    with pytest.raises(IllegalAction):
        play(japan_closes(state), "allies", "code_breaking")
    state = GAME.setup("jan1942", 7)
    state.data["turn"] = "1943-03"
    assert offered(japan_closes(state), "allies", "code_breaking") == ["code_breaking"]


@pytest.mark.rule("7.6")
@pytest.mark.rule("7.11")
def test_code_breaking_needs_a_us_special_action():
    state = GAME.setup("jan1942", 7)
    state.data["tracks"]["special_actions_usa"] = 0
    assert offered(japan_closes(state), "allies", "code_breaking") == []
