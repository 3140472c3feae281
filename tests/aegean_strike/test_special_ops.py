"""Special forces on special operations (11.12): deployed against an enemy airbase and recalled
in the Unit Assignment Stage, raiding it at the start of each later one."""

from __future__ import annotations

import typing

import pytest

from tests.aegean_strike.play import GAME, SCENARIO, act, actions, edited, passing
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import ground_modes, special_ops
from wargame.games.aegean_strike.charts import NationId
from wargame.games.aegean_strike.forces import forces

pytestmark = pytest.mark.game("aegean-strike")
NEAR_BENINA = "S0405"
"""A strategic hex next to Benina's (S0406): ten operational hexes from the Libyan airbase."""


def assigning(chance=3, reach=20):
    """Player A's Unit Assignment of turn 1 in North Africa, the US special forces near Benina."""
    values = {"nations": ["us", "ussr"], "raid_range": reach, "raid_chance": chance}
    values["recon_range"] = 3
    overlay = {"game": "aegean-strike", "name": "t", "tables": {"special_operations": values}}
    start = act(GAME.setup(SCENARIO, 7, {"rules_overlay": overlay}), "b", "done")

    def near(data):
        data["ground"]["us-sf"]["hex"] = NEAR_BENINA

    return edited(start, near)


@pytest.mark.rule("11.12")
def test_only_us_and_soviet_special_forces_deploy_against_an_airbase_in_range():
    start = assigning(reach=10)
    assert "raid us-sf benina" in actions(start, "a")
    assert "raid us-sf okba" not in actions(start, "a")  # Tripoli's, farther than ten hexes
    assert "raid us-sf okba" in actions(assigning(reach=40), "a")
    assert "no enemy airbase within 5" in refused(assigning(reach=5), "a", "raid us-sf")
    libyan = act(GAME.setup(SCENARIO, 7, {}), "b")
    assert "us, ussr" in refused(libyan, "b", "raid ly-cdo")
    assert set(typing.get_args(NationId)) == set(forces().nations)


@pytest.mark.rule("11.12")
def test_a_deployed_unit_has_no_mode_neither_marches_nor_attacks_and_may_be_recalled():
    deployed = act(assigning(), "a", "raid us-sf benina")
    assert special_ops.on_operation(deployed.data, "us-sf") == "benina"
    assert "us-sf" not in ground_modes.reserve_units(deployed.data, "a")
    assert any(e.key == "log.special_op" for e in deployed.log)
    assert "recall us-sf" in actions(deployed, "a")
    recalled = act(deployed, "a", "recall us-sf")
    assert special_ops.on_operation(recalled.data, "us-sf") is None
    segment = act(deployed, "a", "done")
    assert "11.12" in refused(segment, "a", "march us-sf")


@pytest.mark.rule("11.12")
@pytest.mark.rule("9.10")
def test_a_deployed_unit_raids_its_airbase_at_the_next_unit_assignment():
    deployed = act(assigning(chance=10), "a", "raid us-sf benina")
    hits = deployed.data["airbases"]["benina"]
    turn_two = passing(act(deployed, "a", "done"), lambda s: s.data["turn"] == 2)
    raids = [e for e in turn_two.log if e.key == "log.raid"]
    assert len(raids) == 1 and raids[0].params["hits"] == 1
    assert turn_two.data["airbases"]["benina"] >= hits + 1
    missed = passing(
        act(act(assigning(chance=0), "a", "raid us-sf benina"), "a", "done"),
        lambda s: s.data["turn"] == 2,
    )
    assert [e.params["hits"] for e in missed.log if e.key == "log.raid"] == [0]


@pytest.mark.rule("11.12")
def test_a_unit_whose_target_is_out_of_range_comes_back_by_itself():
    deployed = act(assigning(chance=10), "a", "raid us-sf benina")

    def home(data):
        data["ground"]["us-sf"]["hex"] = "S0902"  # the Crimea, far from Benina

    turn_two = passing(act(edited(deployed, home), "a", "done"), lambda s: s.data["turn"] == 2)
    assert special_ops.on_operation(turn_two.data, "us-sf") is None
    assert not [e for e in turn_two.log if e.key == "log.raid"]
    assert any(e.key == "log.special_op_recalled" for e in turn_two.log)
