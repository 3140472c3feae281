"""Ground unit formations (11.11): the Planned Assault, bought with SP by attackers that have not
marched this segment, shifts one declared land combat."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import act, actions, edited
from tests.aegean_strike.test_assault import ROUGH, facing
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import formation
from wargame.games.aegean_strike.charts import tables

pytestmark = pytest.mark.game("aegean-strike")


def declared(sp=10, moved=()):
    def edit(data):
        data["sp"]["us"] = sp
        data["ground_moved"] = list(moved)

    return edited(act(facing(), "a", f"assault {ROUGH}"), edit)


@pytest.mark.rule("11.11")
def test_a_planned_assault_costs_each_attackers_nation_sp_and_shifts_its_combat():
    start = declared()
    g_tables = tables(start)
    per_unit = g_tables["formations"].planned_assault_sp_per_unit
    assert f"plan {ROUGH}" in actions(start, "a")
    planned = act(start, "a", f"plan {ROUGH}")
    combat = planned.data["combats"][0]
    assert combat["planned"] and planned.data["sp"]["us"] == 10 - per_unit  # us-sf alone
    expected = g_tables["land_modifiers"].shifts["formation.planned_assault"]
    assert formation.shift(g_tables, combat) == expected > 0
    assert formation.shift(g_tables, start.data["combats"][0]) == 0
    assert any(e.key == "log.planned_assault" for e in planned.log)
    assert "11.11" in refused(planned, "a", f"plan {ROUGH}")  # once per combat


@pytest.mark.rule("11.11")
def test_attackers_that_marched_or_a_nation_short_of_sp_make_no_planned_assault():
    assert "11.11: us-sf marched" in refused(declared(moved=["us-sf"]), "a", f"plan {ROUGH}")
    assert "11.11: the Planned Assault costs us" in refused(declared(sp=1), "a", f"plan {ROUGH}")


@pytest.mark.rule("11.03")
def test_attackers_put_into_a_planned_assault_have_spent_their_movement():
    start = declared()
    assert "march us-sf" in actions(start, "a")
    planned = act(start, "a", f"plan {ROUGH}")
    assert formation.changed(planned.data, "us-sf")
    assert "11.03" in refused(planned, "a", "march us-sf")
