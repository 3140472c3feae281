"""The Aid to China table's results played (14.1, 16.3.9, 16.5.6; :mod:`aid`): Chinese infantry
replacement steps taken at once, and Military Aid giving a reduced minor or Chinese unit a step
back; the Axis, with no Chinese armies, gets no effect."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from tests.dai_senso.test_politics import GAME, SCENARIO, logged, overlay
from wargame.engine.action import Action
from wargame.engine.procedure import run_automatic
from wargame.engine.state import State, clone
from wargame.games.dai_senso import final_admin, politics
from wargame.games.dai_senso.charts import TABLES

pytestmark = pytest.mark.game("dai-senso")

REDUCED = "n-9th-ag"
"""A two-step Nationalist army of The China Incident, at Shanghai."""


def aid_rows(result: str) -> dict[str, Any]:
    """The politics overlay with every row of the Aid to China table giving ``result``."""
    found = overlay()
    tables = msgspec.to_builtins(TABLES.defaults["event_tables"])
    tables["aid_to_china"]["rows"] = dict.fromkeys(map(str, range(1, 7)), result)
    found["tables"]["event_tables"] = tables
    return found


def aided(result: str, steps: int = 2) -> Any:
    """The China Incident playing politics, every Aid to China roll giving ``result``, the
    Nationalist army ``REDUCED`` at ``steps``: a context to run events in."""
    state = clone(GAME.setup(SCENARIO, 5, {"rules_overlay": aid_rows(result)}))
    state.data["units"][REDUCED]["steps"] = steps
    return GAME.context(state)


def settled(g: Any) -> State:
    run_automatic(g)
    g.finish()
    return g.state


@pytest.mark.rule("14.1")
@pytest.mark.rule("16.3.9")
def test_a_replacement_result_gives_the_faction_chinese_infantry_steps_at_once():
    g = aided("chinese_replacement_steps_2")
    politics.roll_on_table(g, "west", "aid_to_china", None)
    assert g.frame.name == "take_replacements"
    assert g.frame["left"] == {"chinese_nationalist|infantry": 2}
    g = aided("chinese_replacement_step")
    politics.roll_on_table(g, "soviet", "aid_to_china", None)
    assert g.frame["left"] == {"chinese_communist|infantry": 1}


@pytest.mark.rule("14.1")
def test_the_axis_has_no_chinese_armies_to_aid():
    g = aided("chinese_replacement_step")
    before = g.frame.name
    politics.apply_event(g, "axis", "chinese_replacement_step", None)
    assert g.frame.name == before
    assert logged(g.state, "log.event_impossible")[-1]["event"] == "chinese_replacement_step"


@pytest.mark.rule("14.1")
def test_military_aid_gives_a_reduced_chinese_unit_a_step_back():
    g = aided("military_aid", steps=1)
    politics.apply_event(g, "west", "military_aid", None)
    state = settled(g)
    legal = [a.text for a in GAME.legal_actions(state, "west")]
    assert f"aid {REDUCED}" in legal and "decline" in legal
    assert "aid n-kmt-hq" not in legal  # at its printed steps
    state = GAME.apply(state, "west", Action(f"aid {REDUCED}"))
    assert state.data["units"][REDUCED]["steps"] == 2
    assert logged(state, "log.military_aid")[-1]["unit"] == REDUCED


@pytest.mark.rule("14.1")
def test_military_aid_with_no_reduced_unit_has_no_effect():
    g = aided("military_aid")
    for record in g.data["units"].values():
        record["steps"] = max(record["steps"], 2)
    politics.apply_event(g, "axis", "military_aid", None)
    assert logged(g.state, "log.event_impossible")[-1]["event"] == "military_aid"


@pytest.mark.rule("14.1")
@pytest.mark.rule("6.2")
def test_the_rolls_stop_at_a_result_that_asks_and_go_on_after_it():
    g = aided("chinese_replacement_step")
    g.data["aid_to_china"] = {"west": 2}
    assert final_admin.aid_to_china(g, "west") == 1
    assert g.frame.name == "take_replacements"
    g = aided("none")
    g.data["aid_to_china"] = {"west": 2}
    assert final_admin.aid_to_china(g, "west") == 0
