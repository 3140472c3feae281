"""Detachments (2.3.5): a one-step infantry unit flips to the Detachment marker on its back in
the organization segment and back again; the marker controls its hex, blocks enemy supply lines,
makes a base and an open port, and falls with no die roll to an enemy unit entering its hex."""

from __future__ import annotations

import pytest

from tests.dai_senso.play import EVERYWHERE_SUPPLIED, GAME, PLAIN, act, actions, overlay, position
from tests.dai_senso.test_organisation import SAIGON, TORA, organizing, refused
from wargame.engine.state import State, clone
from wargame.games.dai_senso import detachments, logistics, naval, naval_board, seasonal, supply
from wargame.games.dai_senso.charts import TABLES, tables

pytestmark = pytest.mark.game("dai-senso")

ORGANIZATION = TABLES.defaults["organization"]
EAST_OF_PLAIN = "e1604"


def organizing_with(units: dict[str, tuple[str, int]], placed: dict[str, str]) -> State:
    """As :func:`organizing`, with the Axis detachments ``placed`` (unit -> hex)."""
    options = {"rules_overlay": overlay(None, None, EVERYWHERE_SUPPLIED)}
    found = clone(GAME.setup(TORA, 5, options))
    found.data["units"] = {u: {"hex": h, "steps": s} for u, (h, s) in units.items()}
    found.data["detachments"] = placed
    found.data["pool"] = []
    found.data["beachheads"] = {}
    return act(found, "axis", "end", "end")


@pytest.mark.rule("2.3.5")
def test_a_one_step_infantry_unit_flips_to_its_detachment():
    state = organizing({"j-25th-army": (SAIGON, 1), "j-guards": (SAIGON, 1)})
    legal = actions(state, "axis")
    assert "detach j-guards" in legal
    assert "detach j-25th-army" not in legal  # printed with two steps: no detachment on its back
    state = act(state, "axis", "detach j-guards")
    assert state.data["detachments"] == {"j-guards": SAIGON}
    assert "j-guards" not in state.data["units"]
    assert GAME.view(state, "axis")["log"][-1]["key"] == "log.detached"
    assert "rejoin j-guards" not in actions(state, "axis")  # once a segment
    refused(state, "rejoin j-guards", "rejoin j-guards")


@pytest.mark.rule("2.3.5")
def test_a_detachment_flips_back_to_its_unit_when_its_hex_is_in_supply():
    state = organizing_with({"j-25th-army": (SAIGON, 2)}, {"j-south-seas": SAIGON})
    assert "detach j-south-seas" not in actions(state, "axis")  # a marker, not a unit
    state = act(state, "axis", "rejoin j-south-seas")
    assert state.data["units"]["j-south-seas"] == {"hex": SAIGON, "steps": 1}
    assert state.data["detachments"] == {}
    assert GAME.view(state, "axis")["log"][-1]["key"] == "log.rejoined"


@pytest.mark.rule("2.3.5")
def test_only_a_supplied_land_unit_with_a_detachment_on_its_back_flips():
    state = organizing({"j-25th-army": (SAIGON, 1), "j-guards": (SAIGON, 1)})
    data = state.data
    assert "2.3.5" in detachments.detach_refusal(data, "j-guards", ORGANIZATION, False)
    assert "no detachment" in detachments.detach_refusal(data, "j-25th-army", ORGANIZATION, True)
    assert detachments.detach_refusal(data, "j-guards", ORGANIZATION, True) == ""
    assert "2.3.5" in detachments.rejoin_refusal(data, "j-guards", TABLES.defaults["stacking"],
                                                 False)  # fmt: skip


@pytest.mark.rule("2.3.5")
def test_a_detachment_controls_its_hex_blocks_enemy_supply_and_makes_a_base():
    state = position({"s-35th": ("e1803", 2)})
    data = state.data
    data["detachments"] = {"j-guards": PLAIN}
    assert seasonal.controller(data, PLAIN, {}) == "axis"
    assert PLAIN in supply.closed_to(data, "soviet")
    assert PLAIN not in supply.closed_to(data, "axis")
    assert PLAIN in naval.bases_of(data, tables(state)["supply"], "japan")


@pytest.mark.rule("2.3.5")
def test_a_port_with_only_a_detachment_is_open_to_its_faction():
    state = organizing({"j-25th-army": ("w3620", 1)})
    data = state.data
    data["detachments"] = {"j-guards": SAIGON}
    assert naval_board.open_port(data, SAIGON, "axis")
    assert not naval_board.open_port(data, SAIGON, "west")
    assert SAIGON in naval_board.open_ports(data, "axis")


@pytest.mark.rule("2.3.5")
def test_an_enemy_unit_entering_a_detachments_hex_sends_it_to_the_delay_box():
    state = position({"j-5th-army": (PLAIN, 2), "s-35th": ("e1803", 2)})
    state.data["detachments"] = {"s-1st-army": EAST_OF_PLAIN}
    state = act(state, "axis", "move j-5th-army", f"hex {EAST_OF_PLAIN}")
    assert state.data["units"]["j-5th-army"]["hex"] == EAST_OF_PLAIN
    assert state.data["detachments"] == {}
    assert {"piece": "s-1st-army", "side": "soviet"} in state.data["delay_box"]


@pytest.mark.rule("2.3.5")
@pytest.mark.rule("1.2.1")
def test_an_enemy_detachment_bars_markers_and_a_logistics_marker_relieves_a_friendly_one():
    state = position({"s-35th": ("e1803", 2)})
    state.data["detachments"] = {"j-guards": PLAIN}
    assert logistics.enemy_marker_in(state.data, PLAIN, "soviet")
    assert not logistics.enemy_marker_in(state.data, PLAIN, "axis")
    g = GAME.context(clone(state))
    logistics.relieve_detachments(g, "axis", PLAIN)
    assert g.data["detachments"] == {}
    assert {"piece": "j-guards", "side": "axis"} in g.data["delay_box"]


@pytest.mark.rule("1.2.1")
def test_a_logistics_marker_opens_its_port_and_makes_a_base_with_no_supply_test():
    state = organizing({"j-25th-army": ("w3620", 1)})
    data = state.data
    data["logistics"] = {"logistics_ighq": SAIGON, "logistics_west": "pool"}
    assert naval_board.open_port(data, SAIGON, "axis")
    assert not naval_board.open_port(data, SAIGON, "west")
    assert SAIGON in naval_board.open_ports(data, "axis")
    assert SAIGON in naval.bases_of(data, TABLES.defaults["supply"], "japan")
    assert SAIGON not in naval.bases_of(data, TABLES.defaults["supply"], "usa")


@pytest.mark.rule("1.2.1")
def test_an_enemy_marker_closes_a_port_of_a_friendly_country_and_an_airdrop_opens_one():
    state = organizing({"j-25th-army": ("w3620", 1)})
    data = state.data
    tokyo = "e4904"  # a Japanese port: open to the Axis with no unit in it
    assert naval_board.open_port(data, tokyo, "axis")
    data["logistics"] = {"logistics_west": tokyo}
    assert not naval_board.open_port(data, tokyo, "axis")
    assert tokyo not in naval_board.open_ports(data, "axis")
    data["logistics"] = {}
    data["airdrops"] = {"u-4th-marines": {"hex": SAIGON, "steps": 1}}
    assert naval_board.open_port(data, SAIGON, "west")
    assert not naval_board.open_port(data, SAIGON, "axis")


@pytest.mark.rule("1.2.1")
def test_a_logistics_marker_alone_makes_a_base_of_its_nationality():
    state = position({"s-35th": ("e1803", 2)})
    data = state.data
    data["logistics"] = {"logistics_ighq": PLAIN}  # no Japanese unit on the map
    assert naval.bases_of(data, tables(state)["supply"], "japan") == {PLAIN}
    data["logistics"] = {"logistics_ighq": "pool"}
    assert naval.bases_of(data, tables(state)["supply"], "japan") == set()
