"""Asia Engulfed's home defence forces (9.16, T21): the militia steps of the information track
hold and fight for Honshu, Shikoku and Kyushu, a quarter of them charging banzai each round."""

import pytest

from tests.asia_engulfed.positions import at_operational_movement, play
from tests.asia_engulfed.test_charts import overlay
from tests.asia_engulfed.test_production import actions, at_production, logged
from tests.asia_engulfed.test_production import play as buy
from wargame.engine.errors import IllegalAction
from wargame.engine.overlay import OPTION
from wargame.games.asia_engulfed import ground_combat
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.control import occupants, settle_control

pytestmark = pytest.mark.game("asia-engulfed")

HOME = "home_defence:shikoku"


def landed_in_shikoku():
    """Japan's operational movement, a US block in Shikoku (no Japanese block there)."""
    state = at_operational_movement()
    data = state.data
    assert not [u for u in data["units"].values() if u["where"] == "shikoku"]
    data["units"]["us-hawaiian-dept"]["where"] = "shikoku"
    settle_control(data, "shikoku")
    return state


@pytest.mark.rule("9.16")
def test_home_defence_steps_hold_their_area_until_none_is_left():
    data = at_operational_movement().data
    assert occupants(data, "shikoku") == {"japan"}
    data["tracks"]["militia_shikoku"] = 0
    assert occupants(data, "shikoku") == set()
    data = landed_in_shikoku().data
    assert "shikoku" in data["contested"] and data["control"]["shikoku"] == "japan"


@pytest.mark.rule("9.16", "9.14")
def test_home_defence_fires_as_militia_a_quarter_of_it_charging_banzai():
    data = landed_in_shikoku().data
    battle = {"area": "shikoku", "attacker": "allies", "mode": "normal", "river": False}
    battle.update(powers=None, banzai=[], support={"allies": {}, "japan": {}})
    assert ground_combat.pieces(data, "japan", "shikoku") == [HOME]
    groups = ground_combat.piece_dice(data, printed(), battle, "japan", HOME)
    assert [(g.count, g.bonus) for g in groups] == [(1, 1), (3, 0)]  # 4 steps: 1 charges
    data["tracks"]["militia_shikoku"] = 5
    groups = ground_combat.piece_dice(data, printed(), battle, "japan", HOME)
    assert [(g.count, g.bonus) for g in groups] == [(2, 1), (3, 0)]  # a quarter rounded up
    assert HOME not in ground_combat.banzai_candidates(data, {**battle, "firing": "japan"})


@pytest.mark.rule("9.16", "9.14")
def test_the_charging_steps_are_gone_after_the_round_and_losses_come_off_the_track():
    state = play(landed_in_shikoku(), "japan", "end", "end", "battle shikoku", "normal")
    data = state.data
    (fired,) = [e for e in state.log if e.key == "log.ground_fire" and e.params["side"] == "japan"]
    steps = len(fired.params["rolls"])  # after the Allied fire's losses came off the track
    charged = -(-steps // 4)
    assert data["tracks"]["militia_shikoku"] == steps - charged
    lost = [e for e in state.log if e.key == "log.home_defence_step_lost"]
    assert len(lost) == 4 - steps + charged


# -- building more steps (9.16) ----------------------------------------------------------------


def japan_buying(werp, overlay=None):
    """Japan's production decision of the first turn with ``werp`` to spend (and ``overlay``,
    a rules overlay, applied)."""
    state = at_production(us_sub_points=0)
    if overlay is not None:
        state.options[OPTION] = overlay
    state.data["production"]["werp"]["japan"] = werp
    return state


@pytest.mark.rule("9.16")
def test_japan_builds_home_defence_steps_in_its_home_areas_at_the_table_price():
    state = japan_buying(5)
    offered = [a for a in actions(state, "japan") if a.startswith("home_defence")]
    assert offered == ["home_defence honshu", "home_defence kyushu", "home_defence shikoku"]
    state = buy(state, "japan", "home_defence shikoku", "home_defence shikoku")
    assert state.data["tracks"]["militia_shikoku"] == 4 + 2
    assert state.data["production"]["werp"]["japan"] == 5 - 2  # T6: 1 WERP a step
    assert logged(state, "log.home_defence_built")[-1] == {"area": "shikoku", "steps": 6}
    priced = overlay(t6_home_defence_cost=lambda values: values.update(step=3))
    state = buy(japan_buying(5, priced), "japan", "home_defence honshu")
    assert state.data["production"]["werp"]["japan"] == 5 - 3
    assert state.data["tracks"]["militia_honshu"] == 12 + 1


@pytest.mark.rule("9.16")
def test_home_defence_is_built_in_contested_home_areas_japan_holds_not_in_lost_ones():
    state = japan_buying(5)
    state.data["contested"] = [*state.data["contested"], "kyushu"]
    state.data["control"]["shikoku"] = "allies"
    offered = [a for a in actions(state, "japan") if a.startswith("home_defence")]
    assert offered == ["home_defence honshu", "home_defence kyushu"]
    with pytest.raises(IllegalAction, match="is not a legal action for japan now"):
        buy(state, "japan", "home_defence shikoku")


@pytest.mark.rule("9.16")
def test_a_home_defence_step_beyond_the_werp_left_is_refused_naming_the_rule():
    state = buy(japan_buying(1), "japan", "home_defence kyushu")
    assert state.data["tracks"]["militia_kyushu"] == 5
    with pytest.raises(IllegalAction, match=r"9\.16: a home-defence step costs 1 WERP, 0 left"):
        buy(state, "japan", "home_defence kyushu")
    assert state.data["tracks"]["militia_kyushu"] == 5
