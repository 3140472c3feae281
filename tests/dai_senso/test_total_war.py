"""Total War's four Axis conditional events (12.3, :mod:`total_war`): queued by Total War's
script and played in each Axis conditional event segment (6.2), each read literally and with no
effect when it cannot be done."""

from __future__ import annotations

from typing import Any

import pytest

from tests.dai_senso.test_politics import GAME, SCENARIO, logged, overlay, political
from wargame.engine.state import clone
from wargame.games.dai_senso import final_admin, politics, total_war, war_states
from wargame.games.dai_senso.board import board

pytestmark = pytest.mark.game("dai-senso")


def context(**politics_values: Any) -> Any:
    """The China Incident playing politics, the table ``politics`` changed by the values."""
    found = overlay()
    found["tables"]["politics"].update(politics_values)
    return GAME.context(clone(GAME.setup(SCENARIO, 5, {"rules_overlay": found})))


def land_of(country: str) -> str:
    return next(h for h in board().countries[country] if not board().hexes[h].sea)


@pytest.mark.rule("12.3")
def test_total_war_queues_the_four_axis_conditional_events():
    g = GAME.context(clone(political()))
    war_states.begin_total_war(g)
    assert g.data["politics"]["axis_conditional"] == list(total_war.QUEUED)
    assert logged(g.state, "log.total_war_events")


@pytest.mark.rule("6.2")
def test_the_queued_events_are_played_in_the_axis_segment_only():
    g = context(shortage_roll=1)
    g.data["politics"]["axis_conditional"] = ["material_shortages"]
    final_admin.queued_events(g, "west")
    assert g.data.get("strategic_warfare", []) == []
    final_admin.queued_events(g, "axis")
    assert g.data["strategic_warfare"] == ["military_requisition"]


@pytest.mark.rule("12.3")
def test_material_shortages_requisition_shipping_on_a_high_roll_only():
    g = context(shortage_roll=7)  # never
    politics.apply_event(g, "axis", "material_shortages", None)
    assert logged(g.state, "log.no_event") and not g.data.get("strategic_warfare")


@pytest.mark.rule("12.3")
def test_a_neutral_minor_with_only_axis_units_is_occupied():
    g = context()
    assert g.data["countries"]["siam"]["status"] == "neutral"
    politics.apply_event(g, "axis", "axis_minor_occupied", None)
    assert logged(g.state, "log.event_impossible")[-1]["event"] == "axis_minor_occupied"
    g.data["units"]["j-guards"] = {"hex": land_of("siam"), "steps": 1}
    politics.apply_event(g, "axis", "axis_minor_occupied", None)
    assert g.data["countries"]["siam"]["status"] == "active"
    assert g.data["countries"]["siam"]["alignment"] == "axis"


@pytest.mark.rule("12.3")
def test_a_short_manchukuo_garrison_gives_the_soviets_an_influence_marker():
    g = context(manchukuo_garrison_steps=0)
    politics.apply_event(g, "axis", "manchukuo_garrison_check", None)
    assert "manchukuo" not in g.data.get("country_markers", {})
    g = context(manchukuo_garrison_steps=30)
    politics.apply_event(g, "axis", "manchukuo_garrison_check", None)
    assert g.data["country_markers"]["manchukuo"] == "influence_soviet"
    assert logged(g.state, "log.garrison_short")[-1]["wanted"] == 30


@pytest.mark.rule("12.3")
def test_the_british_neutrality_pact_does_not_survive_total_war():
    g = context()
    assert g.data["countries"]["britain"]["posture"] == "policy"
    politics.apply_event(g, "axis", "british_neutrality_pact_check", None)
    assert g.data["countries"]["britain"]["posture"] == "war"
    politics.apply_event(g, "axis", "british_neutrality_pact_check", None)
    assert logged(g.state, "log.event_impossible")[-1]["event"] == "british_neutrality_pact_check"
