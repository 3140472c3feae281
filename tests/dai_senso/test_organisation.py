"""The organization segment (2.3), after the support segment of the initial administrative phase:
combining steps (2.3.1), voluntary elimination (2.3.3) and breakdown (2.3.4), with the
restrictions of garrisons and fortresses (square steps)."""

from __future__ import annotations

import pytest

from tests.dai_senso.play import (
    EVERYWHERE_SUPPLIED,
    GAME,
    PLAIN,
    PRINTED_SUPPLY,
    act,
    actions,
    frozen,
    overlay,
    position,
)
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.state import State, clone
from wargame.games.dai_senso import organisation
from wargame.games.dai_senso.charts import TABLES, tables
from wargame.games.dai_senso.sequence import PHASES

pytestmark = pytest.mark.game("dai-senso")

TORA = "a3_tora_tora_tora"
SAIGON = "w3619"
ORGANIZATION = TABLES.defaults["organization"]


def organizing(units: dict[str, tuple[str, int]], supply: dict = EVERYWHERE_SUPPLIED) -> State:
    """The Axis organization segment of Tora! Tora! Tora!'s first turn with only ``units`` on
    the map and the force pool empty: its support segment ended with no beachhead and no Blitz
    marker."""
    options = {"rules_overlay": overlay(None, None, supply)}
    found = clone(GAME.setup(TORA, 5, options))
    found.data["units"] = {u: {"hex": h, "steps": s} for u, (h, s) in units.items()}
    found.data["pool"] = []
    found.data["beachheads"] = {}
    return act(found, "axis", "end", "end")


def prompt(state: State) -> str:
    return GAME.view(state, "axis")["prompt"]["key"]


def refused(state: State, text: str, rule: str) -> None:
    before = frozen(state)
    with pytest.raises(IllegalAction, match=rule):
        GAME.apply(state, "axis", Action(text))
    assert frozen(state) == before


@pytest.mark.rule("2.3")
def test_the_organization_segment_follows_the_support_segment():
    names = [name for name, _rule, _run in PHASES]
    assert names.index("organization") == names.index("initial_administrative") + 1
    state = organizing({"j-25th-army": (SAIGON, 1), "j-guards": (SAIGON, 1)})
    assert prompt(state) == "prompt.organization"
    assert act(state, "axis", "end").data["phase"] == "operational_movement"


@pytest.mark.rule("2.3")
def test_with_nothing_to_organize_the_segment_passes():
    state = organizing({"j-25th-army": (SAIGON, 2)})
    assert prompt(state) == "prompt.movement"


@pytest.mark.rule("2.3.1")
def test_a_reduced_unit_takes_a_step_from_a_one_step_unit_of_its_hex():
    state = organizing({"j-25th-army": (SAIGON, 1), "j-guards": (SAIGON, 1)})
    assert "combine j-25th-army j-guards" in actions(state, "axis")
    state = act(state, "axis", "combine j-25th-army j-guards")
    assert state.data["units"] == {"j-25th-army": {"hex": SAIGON, "steps": 2}}
    assert state.data["pool"] == ["j-guards"]
    assert GAME.view(state, "axis")["log"][-1]["key"] == "log.combined"


def combining(state: State, receiver: str, donor: str) -> str:
    supply = tables(state)["supply"]
    return organisation.combination_refusal(state.data, receiver, donor, ORGANIZATION, supply)


@pytest.mark.rule("2.3.1")
def test_a_unit_with_its_printed_steps_takes_none():
    state = organizing({"j-25th-army": (SAIGON, 1), "j-guards": (SAIGON, 1)})
    refused(state, "combine j-guards j-25th-army", "not a legal action")
    assert (
        combining(state, "j-guards", "j-25th-army") == "2.3.1: j-guards has all its printed steps"
    )


@pytest.mark.rule("2.3")
def test_garrisons_and_fortresses_are_not_combined_and_the_segment_passes():
    state = organizing({"j-25th-army": (SAIGON, 1), "j-hailar-fort": (SAIGON, 1)})
    assert prompt(state) == "prompt.movement"
    found = combining(state, "j-25th-army", "j-hailar-fort")
    assert found == "2.3: garrisons and fortresses (square steps) are not combined"


@pytest.mark.rule("2.3.1")
def test_armour_takes_armour_steps_only_and_an_hq_any():
    state = position({"s-6gta": (PLAIN, 1), "s-10th-mech": (PLAIN, 1), "s-airborne": (PLAIN, 1),
                      "s-1fef": ("e1604", 2), "s-16th": ("e1604", 1)})  # fmt: skip
    assert combining(state, "s-6gta", "s-10th-mech") == ""
    found = combining(state, "s-6gta", "s-airborne")
    assert found == "2.3.1: a armor_type unit takes no step of a infantry_type unit"
    assert combining(state, "s-1fef", "s-16th") == ""


@pytest.mark.rule("2.3.1")
def test_units_out_of_supply_do_not_combine():
    state = position({"s-6gta": (PLAIN, 1), "s-10th-mech": (PLAIN, 1)}, supply=PRINTED_SUPPLY)
    assert combining(state, "s-6gta", "s-10th-mech") == "2.3.1: units combine only in supply (10.3)"


@pytest.mark.rule("2.3.4")
def test_a_unit_breaks_down_into_a_unit_of_its_kind_waiting_in_the_force_pool():
    state = organizing({"j-25th-army": (SAIGON, 1), "j-guards": (SAIGON, 1)})
    state = act(state, "axis", "combine j-25th-army j-guards", "break j-25th-army j-guards")
    assert state.data["units"] == {
        "j-25th-army": {"hex": SAIGON, "steps": 1},
        "j-guards": {"hex": SAIGON, "steps": 1},
    }
    assert state.data["pool"] == []


@pytest.mark.rule("2.3.4")
def test_a_support_unit_in_the_force_pool_is_not_broken_down_into():
    """An option card brings a support unit to the force pool where no support segment keeps
    it (War of Resistance): the segment offers no breakdown into it (found by the fuzzer)."""
    state = organizing({"j-25th-army": (SAIGON, 2)})
    state.data["pool"] = ["j-sf-2nd", "j-cv-1"]
    assert organisation.waiting(state.data, "axis") == []
    assert not any(
        text.startswith("break")
        for text, *_ in organisation.offers(GAME.context(clone(state)), "axis")
    )


@pytest.mark.rule("2.3.4")
def test_no_breakdown_over_the_stacking_limit_nor_of_a_one_step_unit():
    state = organizing({"j-25th-army": (SAIGON, 2), "j-15th-army": (SAIGON, 2),
                        "j-southern-hq": (SAIGON, 2), "j-snlf-kure": ("w3620", 1)})  # fmt: skip
    state.data["pool"] = ["j-guards"]

    def breaking(uid: str) -> str:
        charts = tables(state)
        return organisation.breakdown_refusal(state.data, uid, "j-guards", charts["supply"],
                                              charts["stacking"])  # fmt: skip

    assert breaking("j-25th-army") == "9.2: more than 3 units or 6 steps"
    assert breaking("j-snlf-kure") == "2.3.4: j-snlf-kure has one step"


@pytest.mark.rule("2.3.3")
def test_a_unit_out_of_supply_may_be_eliminated_to_the_force_pool_a_supplied_one_not():
    state = organizing({"j-25th-army": (PLAIN, 2), "j-guards": ("e4904", 1)}, PRINTED_SUPPLY)
    assert "disband j-25th-army" in actions(state, "axis")
    refused(state, "disband j-guards", "not a legal action")
    state = act(state, "axis", "disband j-25th-army")
    assert "j-25th-army" not in state.data["units"]
    assert state.data["pool"] == ["j-25th-army"]
