"""Asia Engulfed supply (3.1-3.8), sea-area influence (8.13), partisans (4.8 b) and the southern
route (9.25), on the Dec 1941 position and on small positions built from it: its map and
control, its units cleared, a few units placed where each rule shows."""

from typing import Any

import pytest

from wargame.engine.fog import new_unit
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.influence import influence, limited, port_seas, projecting
from wargame.games.asia_engulfed.state import initial_data
from wargame.games.asia_engulfed.supply import (
    Network,
    attack_dice,
    final_eliminations,
    garrison_fires_as,
    hit_bonuses_apply,
    kept_network,
    lba_may_fight,
    legal_network,
    may_receive_replacements,
    may_strategic_move,
    must_return_to_port,
    network_cost,
    network_problems,
    operational_move_limit,
    regained_status,
    supply_report,
    unit_status,
)

pytestmark = pytest.mark.game("asia-engulfed")

HOME_CHAIN = frozenset({"east_china_sea", "south_china_sea"})  # Kyushu to the South China Sea


def bare(**control: str) -> dict[str, Any]:
    """The Dec 1941 map and control (changed by ``control``), with no unit, counter or garrison."""
    position = initial_data("dec1941")
    position.update(units={}, counters={}, garrisons=[], contested=[])
    position["control"].update(control)
    return position


def block(position: dict[str, Any], unit_id: str, power: str, kind: str, where: str) -> None:
    hidden = {"power": power, "type": kind, "steps": 2}
    position["units"][unit_id] = new_unit(side_of(power), where, {}, hidden)


def counter(position: dict[str, Any], unit_id: str, power: str, kind: str, where: str) -> None:
    position["counters"][unit_id] = {"power": power, "type": kind, "where": where, "steps": 2}


def status(position: dict[str, Any], unit_id: str, network: Network | None = None) -> str:
    side = position["units"].get(unit_id, {}).get("owner") or side_of(
        position["counters"][unit_id]["power"]
    )
    return unit_status(position, side, unit_id, network or Network())


def japanese_fleets(position: dict[str, Any], *seas: str) -> None:
    for sea in seas:
        block(position, f"jp-ca-{sea}", "japan", "ca", sea)


# -- the Dec 1941 position --------------------------------------------------------------------


@pytest.mark.rule("3.1", "3.3", "3.4")
def test_every_allied_unit_is_in_supply_at_the_start_of_the_campaign() -> None:
    position = initial_data("dec1941")
    report = supply_report(position, "allies")
    on_map = {u for u, unit in position["units"].items() if unit["owner"] == "allies"}
    assert on_map <= set(report.units)
    assert report.out_of_supply() == []


@pytest.mark.rule("3.4", "3.5", "3.8")
def test_a_japanese_unit_beyond_the_network_is_eliminated_in_the_final_supply_phase() -> None:
    position = initial_data("dec1941")
    network = kept_network(position, Network(frozenset({"sea_of_japan", "east_china_sea"})))
    assert position["units"]["jp-korea"]["where"] == "korea"
    assert unit_status(position, "japan", "jp-korea", network) == "full"
    position["units"]["jp-korea"]["where"] = "tarawa"  # an island box of the Gilberts
    position["control"]["tarawa"] = "japan"
    assert unit_status(position, "japan", "jp-korea", network) == "out"
    assert "jp-korea" in final_eliminations(position, "japan", network).units


# -- lines over land (3.1, 3.25) ----------------------------------------------------------------


@pytest.mark.rule("3.1", "3.2", "3.25", "3.35")
@pytest.mark.parametrize(("holder", "beyond"), [("allies", "out"), ("japan", "partial")])
def test_a_line_passes_a_contested_area_only_if_friendly_controlled(
    holder: str, beyond: str
) -> None:
    """Peking contested, Shantung beyond it: the line from Shantung to Manchukuo (3.35) passes
    Peking only while Japan controls it; it always ends there."""
    position = bare(peking=holder, kiangsu="allies", honan="allies", shantung="japan")
    block(position, "jp-a", "japan", "infantry", "peking")
    block(position, "cn-a", "china_nat", "infantry", "peking")
    block(position, "jp-b", "japan", "infantry", "shantung")
    position["contested"] = ["peking"]
    assert status(position, "jp-a") == "partial"
    assert status(position, "jp-b") == beyond


@pytest.mark.rule("3.1")
def test_a_line_stops_at_an_uncontested_enemy_area() -> None:
    position = bare(peking="allies", kiangsu="allies", honan="allies", shantung="japan")
    block(position, "jp-b", "japan", "infantry", "shantung")
    assert status(position, "jp-b") == "out"


@pytest.mark.rule("3.1")
def test_a_line_crosses_impassable_boundaries_and_straits() -> None:
    position = bare(tibet="allies", luzon="japan", leyte="japan")
    block(position, "cw-a", "cw", "infantry", "tibet")  # every border of Tibet is impassable
    block(position, "jp-a", "japan", "infantry", "leyte")  # the strait to Luzon (3.35)
    assert status(position, "cw-a") == "full"
    assert status(position, "jp-a") == "partial"
    position["control"]["luzon"] = "allies"
    assert status(position, "jp-a") == "out"


# -- sources (3.3-3.35) ---------------------------------------------------------------------------


@pytest.mark.rule("3.21", "3.3")
def test_the_usa_and_south_africa_are_home_large_areas_of_their_own_powers() -> None:
    position = bare()
    japanese_fleets(position, "arabian_sea", "us_west_coast")
    block(position, "cw-a", "cw", "infantry", "south_africa")
    block(position, "us-a", "usa", "infantry", "usa")
    block(position, "us-b", "usa", "infantry", "south_africa")
    assert status(position, "cw-a") == status(position, "us-a") == "full"
    assert status(position, "us-b") == "out"


@pytest.mark.rule("3.3")
def test_a_contested_home_area_is_a_source_while_friendly_controlled() -> None:
    position = bare(honshu="allies", shikoku="allies")
    block(position, "jp-a", "japan", "infantry", "kyushu")
    position["contested"] = ["kyushu"]
    assert status(position, "jp-a") == "full"
    position["control"]["kyushu"] = "allies"
    assert status(position, "jp-a") == "out"


@pytest.mark.rule("3.3", "3.31", "3.22")
def test_nationalists_draw_on_resource_areas_but_not_hong_kong() -> None:
    position = bare(shanghai="allies", chekiang="japan", kiangsu="japan", kwangtung="japan")
    japanese_fleets(position, "east_china_sea", "south_china_sea")
    block(position, "cn-a", "china_nat", "infantry", "shanghai")
    block(position, "cw-a", "cw", "infantry", "shanghai")
    block(position, "cn-b", "china_nat", "infantry", "hong_kong")
    assert status(position, "cn-a") == "full"  # Shanghai's resource (3.31)
    assert status(position, "cw-a") == "partial"  # a port box only (3.22)
    assert status(position, "cn-b") == "partial"  # Hong Kong is no source


@pytest.mark.rule("3.32", "3.33")
def test_communists_dei_and_philippine_units_are_always_in_supply() -> None:
    position = bare(shantung="japan", timor="allies", mindanao="allies", leyte="japan")
    position["contested"] = ["shantung"]
    japanese_fleets(position, "banda_sea", "timor_sea", "celebes_sea", "sulu_sea")
    japanese_fleets(position, "south_philippine_sea")
    block(position, "cc-a", "china_comm", "infantry", "shantung")
    block(position, "dei-a", "dei", "infantry", "timor")
    block(position, "ph-a", "philippines", "militia", "mindanao")
    block(position, "cw-a", "cw", "infantry", "timor")
    assert [status(position, u) for u in ("cc-a", "dei-a", "ph-a")] == ["full"] * 3
    assert status(position, "cw-a") == "out"


@pytest.mark.rule("3.34", "3.22", "3.33")
def test_hawaii_and_australia_are_home_areas_for_us_units_only() -> None:
    position = bare()
    japanese_fleets(position, "hawaiian_islands", "central_pacific", "east_pacific")
    japanese_fleets(position, "johnston_islands")
    block(position, "us-a", "usa", "infantry", "hawaii")
    block(position, "us-ca", "usa", "ca", "hawaii")
    block(position, "cw-a", "cw", "infantry", "hawaii")
    block(position, "dei-ca", "dei", "ca", "hawaii")
    block(position, "us-b", "usa", "infantry", "new_caledonia")
    assert status(position, "us-a") == status(position, "us-ca") == "full"
    assert status(position, "cw-a") == "partial"  # the port box, no line
    assert status(position, "dei-ca") == "partial"  # a DEI fleet draws as a CW fleet (3.33)
    assert status(position, "us-b") == "full"  # by the Coral Sea to Queensland


@pytest.mark.rule("3.35", "3.23", "3.22")
def test_port_boxes_and_island_box_garrisons_are_at_least_partially_supplied() -> None:
    position = bare()
    block(position, "jp-a", "japan", "infantry", "marcus")
    block(position, "jp-b", "japan", "infantry", "truk")
    position["garrisons"] = [["japan", "marcus"], ["japan", "truk"]]
    report = supply_report(position, "japan", Network())
    assert report.units == {"jp-a": "out", "jp-b": "partial"}
    assert report.garrisons == {"marcus": "partial", "truk": "partial"}
    assert garrison_fires_as(report.garrisons["marcus"]) == "militia"  # 3.23
    assert final_eliminations(position, "japan", Network()).units == ["jp-a"]


@pytest.mark.rule("3.33", "3.23")
def test_a_dei_garrison_is_always_in_supply_and_fires_as_infantry() -> None:
    position = bare(timor="allies")
    japanese_fleets(position, "banda_sea", "timor_sea")
    position["garrisons"] = [["dei", "timor"], ["cw", "amboina"]]  # an island box
    report = supply_report(position, "allies")
    assert report.garrisons == {"timor": "full", "amboina": "partial"}
    assert garrison_fires_as(report.garrisons["timor"]) == "infantry"


@pytest.mark.rule("3.35")
def test_a_partial_source_serves_only_its_controller() -> None:
    position = bare(korea="japan")
    block(position, "jp-a", "japan", "infantry", "korea")
    assert status(position, "jp-a") == "partial"  # by land to Manchukuo
    position["control"]["manchukuo"] = "allies"
    assert status(position, "jp-a") == "out"


# -- sea legs (3.4, 9.25) ---------------------------------------------------------------------


@pytest.mark.rule("3.4")
def test_a_coastal_area_needs_no_port_even_across_an_impassable_coastline() -> None:
    position = bare(port_moresby="japan", wewak="japan")
    japanese_fleets(position, "banda_sea", "bismarck_sea")
    block(position, "cw-a", "cw", "infantry", "dutch_new_guinea")  # Arafura Sea: impassable
    block(position, "us-a", "usa", "infantry", "bougainville")  # an island box without a port
    assert status(position, "cw-a") == "full"
    assert status(position, "us-a") == "full"
    japanese_fleets(position, "arafura_sea", "solomon_sea")
    assert status(position, "cw-a") == "out"
    assert status(position, "us-a") == "out"


@pytest.mark.rule("3.4")
def test_a_line_has_one_sea_leg_however_many_sea_areas() -> None:
    position = bare(andaman_islands="japan", malaya="japan", thailand="allies")
    block(position, "jp-a", "japan", "infantry", "andaman_islands")
    two_legs = Network(HOME_CHAIN | {"andaman_sea"})  # Andaman Sea, Malaya, South China Sea
    assert status(position, "jp-a", two_legs) == "out"
    one_leg = Network(HOME_CHAIN | {"andaman_sea", "java_sea"})
    assert status(position, "jp-a", one_leg) == "full"


@pytest.mark.rule("3.4", "8.13")
def test_allied_dominant_influence_breaks_a_japanese_line_and_limited_does_not() -> None:
    position = bare()
    block(position, "jp-a", "japan", "infantry", "okinawa")
    network = Network(frozenset({"east_china_sea"}))
    assert status(position, "jp-a", network) == "full"
    block(position, "us-ca", "usa", "ca", "east_china_sea")
    assert status(position, "jp-a", network) == "out"
    counter(position, "jp-lba", "japan", "lba", "kyushu")
    assert status(position, "jp-a", network) == "full"


@pytest.mark.rule("3.4", "3.5")
def test_a_japanese_line_needs_the_network_in_every_sea_area() -> None:
    position = bare()
    block(position, "jp-a", "japan", "infantry", "okinawa")
    assert status(position, "jp-a", Network()) == "out"
    assert status(position, "jp-a", Network(frozenset({"philippine_sea"}))) == "out"


@pytest.mark.rule("3.4", "9.25")
def test_the_allies_trace_around_southern_australia() -> None:
    position = bare(western_australia="japan", northern_territory="japan")
    japanese_fleets(position, "timor_sea", "java_sea")
    block(position, "us-a", "usa", "infantry", "south_africa")
    assert status(position, "us-a") == "full"  # off the map to the Tasman Sea, New South Wales
    japanese_fleets(position, "tasman_sea")
    assert status(position, "us-a") == "out"


@pytest.mark.rule("3.1", "3.4")
def test_fleets_and_transports_at_sea_trace_from_their_sea_area() -> None:
    position = bare()
    block(position, "us-ca", "usa", "ca", "coral_sea")
    block(position, "us-tt", "usa", "infantry", "tonga")
    block(position, "jp-ca", "japan", "ca", "mandate")
    assert status(position, "us-ca") == "full"
    assert status(position, "us-tt") == "full"
    assert status(position, "jp-ca") == "out"
    assert "jp-ca" in final_eliminations(position, "japan", Network()).units


@pytest.mark.rule("9.17", "3.4")
def test_indian_ports_supply_two_japanese_units_of_japans_choice() -> None:
    position = bare(bengal="japan")
    for unit in ("jp-a", "jp-b", "jp-c"):
        block(position, unit, "japan", "infantry", "bengal")
    block(position, "jp-ca", "japan", "ca", "bengal")  # a fleet is no unit
    network = Network(HOME_CHAIN | {"java_sea", "andaman_sea", "bay_of_bengal"})
    report = supply_report(position, "japan", network)
    assert report.units == {"jp-a": "full", "jp-b": "full", "jp-c": "out", "jp-ca": "full"}
    chosen = supply_report(position, "japan", network, india=["jp-c", "jp-b"])
    assert [chosen.units[unit] for unit in ("jp-a", "jp-b", "jp-c")] == ["out", "full", "full"]
    with pytest.raises(ValueError, match=r"9\.17: Indian ports supply two Japanese units, not 3"):
        supply_report(position, "japan", network, india=["jp-a", "jp-b", "jp-c"])


# -- partisans (4.8 b) -----------------------------------------------------------------------


@pytest.mark.rule("4.8")
def test_an_unoccupied_conquered_resource_area_stops_japanese_lines() -> None:
    position = bare(kweichow="japan", yunnan="japan", kwangsi="allies")
    block(position, "jp-a", "japan", "infantry", "kweichow")
    assert status(position, "jp-a") == "out"  # Yunnan, on the way to French Indo-China
    position["garrisons"] = [["japan", "yunnan"]]
    assert status(position, "jp-a") == "partial"


@pytest.mark.rule("4.8", "3.31")
def test_nationalists_end_a_line_in_their_own_unoccupied_resource_area() -> None:
    position = bare(burma="allies", yunnan="allies", kwangsi="japan", kweichow="japan")
    position["control"].update(szechwan="japan", french_indochina="japan", thailand="japan")
    position["control"].update(chekiang="japan", fukien="japan")  # China's other ports
    block(position, "cn-a", "china_nat", "infantry", "burma")
    assert status(position, "cn-a") == "full"  # Yunnan, no unit there: the line ends in it
    position["control"]["yunnan"] = "japan"
    assert status(position, "cn-a") == "partial"  # Luzon by sea; Bengal is no Nationalist source


@pytest.mark.rule("3.1")
def test_an_unknown_side_or_area_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="unknown side 'axis': japan or allies"):
        supply_report(bare(), "axis")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown area 'atlantis'"):
        supply_report(bare(), "japan").unit_at("atlantis", "japan", "infantry")


# -- influence (8.13) --------------------------------------------------------------------------


@pytest.mark.rule("8.13")
def test_lba_in_an_uncontested_area_projects_into_every_bordering_sea_area() -> None:
    position = bare(dutch_new_guinea="japan")
    counter(position, "jp-lba", "japan", "lba", "dutch_new_guinea")
    dominant = influence(position)
    assert {sea for sea, side in dominant.items() if side == "japan"} == {
        "arafura_sea", "banda_sea", "bismarck_sea",
    }  # fmt: skip
    position["contested"] = ["dutch_new_guinea"]
    assert set(influence(position).values()) == {None}


@pytest.mark.rule("8.13")
def test_fleets_project_in_port_and_at_sea_submarines_and_transports_do_not() -> None:
    position = bare()
    block(position, "us-bb", "usa", "bb", "hawaii")
    block(position, "jp-cv", "japan", "cv", "coral_sea")
    block(position, "jp-tt", "japan", "infantry", "tonga")
    counter(position, "jp-sub", "japan", "submarine", "mandate")
    sides = projecting(position)
    assert sides["hawaiian_islands"] == {"allies"}
    assert sides["coral_sea"] == {"japan"}
    assert sides["tonga"] == sides["mandate"] == frozenset()


@pytest.mark.rule("8.13")
def test_both_sides_projecting_is_limited_influence() -> None:
    position = bare()
    block(position, "us-ca", "usa", "ca", "east_china_sea")
    block(position, "jp-ca", "japan", "ca", "kyushu")
    assert influence(position)["east_china_sea"] is None
    assert "east_china_sea" in limited(position)
    assert influence(position)["sea_of_japan"] == "japan"


@pytest.mark.rule("3.24", "8.13")
def test_a_port_opens_onto_every_sea_area_of_its_box_but_not_across_an_impassable_coast() -> None:
    assert port_seas("rabaul") == {"bismarck_sea", "solomon_sea"}
    assert port_seas("port_moresby") == {"coral_sea"}  # its Arafura coast is impassable
    position = bare()
    block(position, "us-ca", "usa", "ca", "port_moresby")
    assert {sea for sea, side in influence(position).items() if side} == {"coral_sea"}


# -- the Japanese supply network (3.5-3.52) ----------------------------------------------------


@pytest.mark.rule("3.51", "3.52")
def test_the_network_costs_its_markers_values_but_not_the_submarines() -> None:
    network = Network(frozenset({"sea_of_japan", "east_china_sea", "south_china_sea"}), "java_sea")
    assert network_cost(network) == 1 + 1 + 2


@pytest.mark.rule("3.5", "3.51")
def test_a_legal_network_is_chained_to_the_home_islands_and_within_capacity() -> None:
    position = bare()
    assert legal_network(position, Network(HOME_CHAIN))
    assert network_problems(position, Network(frozenset({"java_sea"}))) == [
        "3.51 (b): java_sea is not linked to the home islands by network sea areas"
    ]
    assert network_problems(position, Network(HOME_CHAIN), available=2) == [
        "3.51 (c): the network costs 3, only 2 available"
    ]
    assert network_problems(position, Network(frozenset({"kyushu"}))) == [
        "3.51: kyushu: no sea area"
    ]


@pytest.mark.rule("3.51")
def test_a_marker_may_not_stand_or_stay_under_allied_dominant_influence() -> None:
    position = bare()
    block(position, "us-ca", "usa", "ca", "east_china_sea")
    network = Network(HOME_CHAIN | {"sea_of_japan"})
    assert network_problems(position, network) == [
        "3.51 (a): the Allies hold dominant influence in east_china_sea",
        "3.51 (b): south_china_sea is not linked to the home islands by network sea areas",
    ]
    assert kept_network(position, network) == Network(frozenset({"sea_of_japan"}))


@pytest.mark.rule("3.52", "3.4")
def test_the_submarine_covers_a_sea_area_alone_and_ignores_allied_influence() -> None:
    position = bare()
    counter(position, "jp-sub", "japan", "submarine", "holding_box")
    block(position, "us-ca", "usa", "ca", "east_china_sea")
    block(position, "jp-a", "japan", "infantry", "okinawa")
    network = Network(frozenset(), "east_china_sea")
    assert legal_network(position, network)
    assert kept_network(position, network) == network
    assert status(position, "jp-a", network) == "full"
    both = Network(frozenset({"east_china_sea"}), "east_china_sea")
    assert "3.52: the submarine covers east_china_sea alone, without a marker" in (
        network_problems(position, both)
    )


@pytest.mark.rule("3.52")
def test_a_reduced_submarine_covers_only_a_one_point_sea_area() -> None:
    position = bare()
    counter(position, "jp-sub", "japan", "submarine", "holding_box")
    position["counters"]["jp-sub"]["steps"] = 1
    assert legal_network(position, Network(frozenset(), "east_china_sea"))
    assert network_problems(position, Network(frozenset({"east_china_sea"}), "philippine_sea")) == [
        "3.52: a 1-step submarine cannot cover philippine_sea (value 2)"
    ]
    del position["counters"]["jp-sub"]
    assert not legal_network(position, Network(frozenset(), "east_china_sea"))


# -- what supply does (3.6-3.8) -----------------------------------------------------------------


@pytest.mark.rule("3.6")
def test_units_out_of_supply_move_one_area_and_attack_with_half_the_dice() -> None:
    assert operational_move_limit("out") == 1
    assert operational_move_limit("partial") is None
    assert not may_strategic_move("out") and may_strategic_move("partial")
    assert not may_receive_replacements("out") and may_receive_replacements("full")
    assert attack_dice(5, "out") == 2 and attack_dice(5, "partial") == 5
    assert not lba_may_fight("out") and lba_may_fight("partial")
    assert must_return_to_port("out") and not must_return_to_port("full")


@pytest.mark.rule("3.35", "3.6", "3.23")
def test_partial_supply_takes_the_hit_bonuses_but_banzai() -> None:
    assert not hit_bonuses_apply("partial")
    assert hit_bonuses_apply("partial", banzai=True)
    assert hit_bonuses_apply("out")  # a unit out of supply keeps them (3.6)
    assert garrison_fires_as("full") == "infantry"
    assert garrison_fires_as("partial") == "militia"


@pytest.mark.rule("3.7")
def test_a_unit_that_moved_regains_supply_only_in_a_newly_captured_area() -> None:
    assert regained_status("full", moved=False, newly_captured=False) == "full"
    assert regained_status("full", moved=True, newly_captured=False) == "out"
    assert regained_status("partial", moved=True, newly_captured=True) == "partial"
    assert regained_status("out", moved=False, newly_captured=True) == "out"


@pytest.mark.rule("3.8", "1.19", "3.6")
def test_the_final_supply_phase_removes_what_traces_no_supply_cba_with_their_carrier() -> None:
    position = bare(marcus="japan")
    block(position, "jp-cv", "japan", "cv", "marcus")
    position["units"]["jp-cv"]["hidden"]["carrier_box"] = "JA"
    counter(position, "jp-cba", "japan", "cba", "box:JA")
    counter(position, "jp-lba", "japan", "lba", "marcus")
    block(position, "jp-b", "japan", "infantry", "kyushu")
    position["garrisons"] = [["japan", "marcus"], ["japan", "iwo_jima"]]
    eliminated = final_eliminations(position, "japan", Network())
    assert eliminated.units == ["jp-cba", "jp-cv", "jp-lba"]
    assert eliminated.garrisons == []
