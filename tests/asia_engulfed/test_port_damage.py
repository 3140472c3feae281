"""What a damaged port may not do (8.71): ship WERP and oil, base a new fleet, carry a strategic
move; it still serves supply."""

import copy

import pytest

from tests.asia_engulfed.test_production import at_production, play, with_network
from tests.asia_engulfed.test_strategic_sea import setup, targets
from wargame.games.asia_engulfed import production, supply
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.shipping import Routes, usable_port

pytestmark = pytest.mark.game("asia-engulfed")

HOME_ISLANDS = ("honshu", "kyushu", "shikoku")
MAINLAND = ("manchukuo", "peking", "shanghai")  # Japan's resource areas across the sea


def japanese_werp(data):
    return production.income(data, "japan", printed()).werp["japan"]


@pytest.mark.rule("8.71", "4.11")
def test_werp_are_not_received_at_damaged_ports_though_the_ports_still_supply():
    data = with_network(at_production(us_sub_points=0)).data
    assert japanese_werp(data) == 5 + len(MAINLAND)
    data["port_damage"] = dict.fromkeys(HOME_ISLANDS, 1)
    assert japanese_werp(data) == 5  # the mainland's WERP reach no port of Japan
    routes = Routes(data, "japan")
    assert not any(routes.ships("japan", where) for where in MAINLAND)
    assert routes.ships("japan", "honshu")  # overland: Honshu's own WERP need no port
    report = supply.supply_report(data, "japan")
    assert report.where("manchukuo", "japan") == "full"  # supply lines use damaged ports
    del data["port_damage"]["kyushu"]
    assert japanese_werp(data) == 5 + len(MAINLAND)


@pytest.mark.rule("8.71", "4.11")
def test_werp_are_not_shipped_out_of_a_damaged_port():
    data = with_network(at_production(us_sub_points=0)).data
    data["network"] = {"markers": ["sea_of_japan"]}  # Korea's sea: Manchukuo ships via Korea
    assert Routes(data, "japan").ships("japan", "manchukuo")
    data["port_damage"] = {"korea": 2, "manchukuo": 1}
    assert not Routes(data, "japan").ships("japan", "manchukuo")
    assert supply.supply_report(data, "japan").where("manchukuo", "japan") == "full"


@pytest.mark.rule("8.71", "4.74")
def test_a_new_fleet_is_not_based_in_a_damaged_home_port():
    state = at_production(us_sub_points=0)
    for unit in state.data["units"].values():
        if unit["owner"] == "japan" and unit["hidden"]["type"] == "ca":
            unit["where"] = "truk"  # no reduced cruiser fleet in a home port to take the step
    state = play(state, "japan", "lay ca")
    state.data["production"]["markers"][0].update(paid=3, last="1941-11")

    def new_cruiser_in(port_damage):
        damaged = copy.deepcopy(state)
        damaged.data["port_damage"] = port_damage
        after = play(damaged, "japan", "done").data
        cruisers = [u for u in after["units"].values() if u["hidden"].get("type") == "ca"]
        return [u["where"] for u in cruisers if u["where"] in HOME_ISLANDS]

    assert new_cruiser_in({}) == ["honshu"]
    assert new_cruiser_in({"honshu": 1}) == ["kyushu"]  # the next home port
    assert new_cruiser_in(dict.fromkeys(HOME_ISLANDS, 1)) == []  # the marker waits, paid


@pytest.mark.rule("8.71")
def test_a_port_is_usable_only_without_damage():
    assert usable_port({"port_damage": {}}, "hawaii")
    assert not usable_port({"port_damage": {"hawaii": 1}}, "hawaii")
    assert usable_port({"port_damage": {"hawaii": 1}}, "usa")


@pytest.mark.rule("8.71", "5.32")
def test_a_strategic_move_neither_embarks_nor_lands_at_a_damaged_port():
    data = setup()
    assert "hawaii" in targets(data, "allies", "usa", "usa")
    data["port_damage"] = {"hawaii": 1}
    assert "hawaii" not in targets(data, "allies", "usa", "usa")
