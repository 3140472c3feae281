"""The Final Stage's repair of air units and ships (18, provisional; table ``unit_repair``): an
air unit at an operative airbase of its side and a ship In port in a port of its side have a hit
repaired, a few a base or port each turn; none at an inoperative base or Under way."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import (
    GAME,
    act,
    actions,
    asked_with_nothing,
    edited,
    ground_segment,
    passing,
    prompt,
)
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import passes
from wargame.games.aegean_strike.charts import TABLES

pytestmark = pytest.mark.game("aegean-strike")


def hurt(*units: str):
    """An edit giving each of ``units`` (air units or ships) one hit."""

    def edit(data):
        for uid in units:
            (data["air"] if uid in data["air"] else data["naval"])[uid]["hits"] = 1

    return edit


def hits(state_, uid):
    return (state_.data["air"].get(uid) or state_.data["naval"][uid])["hits"]


def final_stage(edit, side, overlay=None):
    """``side``'s repair decision in the Final Stage of turn 1, after ``edit``."""
    start = ground_segment(edit) if overlay is None else edited(overlaid(overlay), edit)
    return passing(start, lambda s: repairing(s) and GAME.active(s) == [side])


def repairing(state_):
    """At a side's repair decision of the Final Stage (after the depots' steps, 7.07)."""
    return prompt(state_, GAME.active(state_)[0]).startswith("prompt.repair")


def overlaid(values):
    """The first ground segment with a rules overlay of the unit_repair table."""
    tables = {"unit_repair": values}
    options = {"rules_overlay": {"game": "aegean-strike", "name": "t", "tables": tables}}
    state_ = GAME.setup("north_africa_war", 7, options)
    return act(act(state_, "b", "done"), "a", "done")


def at_benina(data):
    """A third Libyan air unit at Benina (large, S0406), beside its C-130s and MiG-23s."""
    data["air"]["ly-su17"]["base"] = "benina"


@pytest.mark.rule("18")
def test_an_air_unit_at_an_operative_base_has_one_hit_repaired():
    final = final_stage(hurt("ly-mig23"), "b")
    assert "refit ly-mig23" in actions(final, "b")
    refitted = act(final, "b", "refit ly-mig23")
    assert hits(refitted, "ly-mig23") == 0
    assert "refit ly-mig23" not in actions(refitted, "b")
    assert not passes.PASSES.get("unit_repair")


@pytest.mark.rule("18")
@pytest.mark.rule("9.10")
def test_no_air_unit_is_repaired_at_an_inoperative_base_until_the_base_is():
    def shut(data):
        data["airbases"]["benina"] = 12  # a large base's limit (9.10)
        data["inoperative"] = ["benina"]
        data["air"]["ly-mig23"]["hits"] = 1

    final = final_stage(shut, "b")
    reason = refused(final, "b", "refit ly-mig23")
    assert "18: ly-mig23's base benina is inoperative" in reason
    reopened = act(final, "b", "repair benina")  # 12 -> 11 hits: operative again (9.10)
    assert "benina" not in reopened.data["inoperative"]
    assert hits(act(reopened, "b", "refit ly-mig23"), "ly-mig23") == 0


@pytest.mark.rule("18")
def test_a_large_base_repairs_two_hits_a_turn_and_a_small_one_one():
    final = final_stage(lambda d: (at_benina(d), hurt("ly-mig23", "ly-c130", "ly-su17")(d)), "b")
    twice = act(final, "b", "refit ly-mig23", "refit ly-c130")
    assert "18: benina has repaired its 2 hit(s)" in refused(twice, "b", "refit ly-su17")
    assert hits(twice, "ly-su17") == 1
    small = final_stage(hurt("us-c130"), "a")  # Hellinikon, small
    assert TABLES.defaults["unit_repair"].air_hits_small_base == 1
    assert hits(act(small, "a", "refit us-c130"), "us-c130") == 0


@pytest.mark.rule("18")
def test_an_overlay_changes_the_hits_a_base_repairs():
    values = {
        "ground_sp_per_hit": 2,
        "air_hits_small_base": 1,
        "air_hits_large_base": 1,
        "ship_hits_per_port": 1,
    }
    final = final_stage(lambda d: (at_benina(d), hurt("ly-mig23", "ly-su17")(d)), "b", values)
    once = act(final, "b", "refit ly-mig23")
    assert "18: benina has repaired its 1 hit(s)" in refused(once, "b", "refit ly-su17")


@pytest.mark.rule("18")
@pytest.mark.rule("10.02")
def test_a_ship_in_port_has_one_hit_repaired_one_a_port_and_none_under_way():
    edit = hurt("us-ff-group", "us-lha-nassau", "us-cg-47", "us-bb-iowa")
    final = final_stage(edit, "a")  # the first three at Naples (S0203), a US source
    assert "Under way" in refused(final, "a", "refit us-cg-47")
    assert "does not supply" in refused(final, "a", "refit us-bb-iowa")  # S0304, not a US port
    refitted = act(final, "a", "refit us-ff-group")
    assert hits(refitted, "us-ff-group") == 0
    reason = refused(refitted, "a", "refit us-lha-nassau")
    assert "18: the port S0203 has repaired its 1 hit(s)" in reason
    assert hits(refitted, "us-lha-nassau") == 1


@pytest.mark.rule("18")
def test_both_sides_are_asked_to_repair_even_with_nothing_damaged():
    """Asking only a side with damage would tell the other that its hidden units were hit."""
    found = passing(ground_segment(lambda data: None), repairing)
    assert sorted(asked_with_nothing(found, "prompt.repair_short")) == ["a", "b"]
