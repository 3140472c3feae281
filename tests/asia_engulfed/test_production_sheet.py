"""The production sheet beside the production phase's choices (1.13, 4.6, T7): the power buying,
its WERP left, what it spent in each capped category against the cap, its build markers, the
tracks production reads; the same in every view, and none outside the phase."""

import pytest

from tests.asia_engulfed.test_production import at_production
from wargame.engine.action import Action
from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.charts import printed

pytestmark = pytest.mark.rule("4.6")


def rows(sheet):
    return {(row["label"]["key"], *row["label"]["params"].values()): row for row in sheet["rows"]}


def sheet_of(state, viewer="japan"):
    return GAME.view(state, viewer)["board"]["sheet"]


def test_the_sheet_names_the_power_buying_and_its_werp_left():
    state = at_production()
    sheet = sheet_of(state)
    assert sheet["title"] == {"key": "sheet.production", "params": {"power": "japan"}}
    werp = state.data["production"]["werp"]["japan"]
    assert werp > 0
    assert rows(sheet)[("sheet.werp_left",)]["value"] == werp


def test_a_purchase_moves_its_category_toward_the_t7_cap():
    state = at_production()
    cap = printed().production_limits.japan_asw_werp
    before = rows(sheet_of(state))[("sheet.spent", "asw")]
    assert (before["value"], before["most"]) == (0, cap)
    after_state = GAME.apply(state, "japan", Action.parse("asw"))
    after = rows(sheet_of(after_state))
    assert after[("sheet.spent", "asw")]["value"] == 1
    werp = state.data["production"]["werp"]["japan"]
    assert after[("sheet.werp_left",)]["value"] == werp - 1


def test_both_sides_and_a_spectator_see_the_same_sheet():
    state = at_production()
    assert sheet_of(state, "japan") == sheet_of(state, "allies") == sheet_of(state, None)


def test_there_is_no_sheet_outside_a_production_phase():
    state = GAME.setup("jan1942", 7)
    assert state.data["phase"] == "naval_movement"
    assert sheet_of(state) is None
