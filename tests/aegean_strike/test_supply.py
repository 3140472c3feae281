"""Supply of ground units: traced over land to a source of the side within the range (12.02),
port garrisons on their stocks (12.05),
the Final Stage's attrition hit that never eliminates (11.04, 7.07), supply in land combat,
repair of ground units in supply (11.06, 18), supply of ships by water (10.05)."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import GAME, act, actions, edited, ground_segment, passing
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import losses, naval, repair, sequence, state, supply
from wargame.games.aegean_strike.charts import TABLES, AirSupply, NavalSupply, SeaSupply, tables
from wargame.games.aegean_strike.forces import forces

pytestmark = pytest.mark.game("aegean-strike")


def at(unit, hex_id):
    def edit(data):
        data["ground"][unit]["hex"] = hex_id

    return edit


def no_airlift(data):
    """The US C-130s leave Hellinikon (2022), whose airlift supplies the land around it (12.04)."""
    data["air"]["us-c130"]["base"] = "incirlik"


def cut_off_segment(edit=None):
    return edited(ground_segment(no_airlift), edit)


def supplied(state_, unit):
    return supply.in_supply(tables(state_), state_.data, unit, state_.scenario)


@pytest.mark.rule("12.02")
def test_a_unit_is_supplied_over_land_from_its_sides_source_within_the_range():
    start = cut_off_segment()
    assert supplied(start, "ly-1-armd")  # at Benghazi
    assert supplied(start, "ly-2-mech")  # a strategic hex from Benghazi
    assert not supplied(start, "us-sf")  # in Greece, no US source by land
    assert supplied(start, "us-22-mau")  # aboard a ship


@pytest.mark.rule("12.02")
def test_enemy_units_block_the_supply_path():
    cyprus = ground_segment(at("us-sf", "5533"))  # next to the British source at Akrotiri
    assert supplied(cyprus, "us-sf")
    assert not supplied(edited(cyprus, at("ly-cdo", "5534")), "us-sf")


@pytest.mark.rule("11.04")
@pytest.mark.rule("7.07")
def test_the_final_stage_gives_an_attrition_hit_that_never_eliminates():
    start = cut_off_segment(at("ly-1-mech", "2122"))  # a brigade in Greece, two hits to kill
    assert not supplied(start, "ly-1-mech")
    ended = passing(start, lambda s: s.data["turn"] == 2)
    assert ended.data["ground"]["ly-1-mech"]["hits"] == 1
    assert ended.data["ground"]["us-sf"]["hits"] == 0  # one hit would eliminate it
    keys = [e.key for e in ended.log]
    assert "log.attrition" in keys and "log.attrition_spared" in keys
    twice = passing(ended, lambda s: s.data["turn"] == 3)
    assert twice.data["ground"]["ly-1-mech"]["hits"] == 1


@pytest.mark.rule("16.02")
def test_supply_shifts_a_land_combat():
    start = cut_off_segment()
    g_tables = tables(start)
    shifts = g_tables["land_modifiers"].shifts

    def shifted(attackers, defenders):
        return supply.combat_shifts(g_tables, start.data, attackers, defenders, start.scenario)

    assert shifted(["ly-1-armd"], ["ly-2-armd"]) == []
    assert shifted(["us-sf"], ["ly-1-armd"]) == [("attacker", shifts["supply.attacker_unsupplied"])]
    assert shifted(["ly-1-armd"], ["us-sf"]) == [("defender", shifts["supply.defender_unsupplied"])]


@pytest.mark.rule("18")
@pytest.mark.rule("11.06")
def test_the_final_stage_repairs_a_hit_of_a_ground_unit_in_supply_for_its_sp():
    def hurt(data):
        data["ground"]["ly-1-armd"]["hits"] = 1
        data["ground"]["ly-1-mech"].update(hex="2122", hits=1)  # out of supply in Greece

    start = ground_segment(hurt)
    final = passing(start, lambda s: "mend ly-1-armd" in actions(s, "b"))
    assert "mend ly-1-mech" not in actions(final, "b")
    mended = act(final, "b", "mend ly-1-armd")
    assert mended.data["ground"]["ly-1-armd"]["hits"] == 0
    assert mended.data["sp"]["ly"] == final.data["sp"]["ly"] - 2
    assert "mend ly-1-armd" not in actions(mended, "b")  # one hit a Final Stage

    def poor(data):
        data["sp"]["ly"] = 1

    assert "18:" in refused(edited(final, poor), "b", "mend ly-1-armd")


@pytest.mark.rule("11.06")
def test_a_support_unit_in_supply_is_repaired_as_an_assault_unit_is():
    def hurt(data):
        data["ground"]["ly-art"]["hits"] = 1
        data["ground"]["ly-1-armd"]["hits"] = 1

    start = ground_segment(hurt)
    g_tables = tables(start)
    assert {"ly-art", "ly-1-armd"} <= set(
        repair.mendable(g_tables, start.data, "b", start.scenario)
    )
    cut_off = edited(start, at("ly-art", "2122"))  # in Greece, far from Libya's sources
    assert "ly-art" not in repair.mendable(g_tables, cut_off.data, "b", cut_off.scenario)
    assert repair.mendable(g_tables, start.data, "a", start.scenario) == []


def ship_at(unit, hex_id, hits=0):
    def edit(data):
        data["naval"][unit].update(hex=hex_id, hits=hits)

    return edit


@pytest.mark.rule("10.05")
def test_a_ship_is_supplied_by_water_from_a_port_or_source_of_its_side():
    start = ground_segment()
    g_tables = tables(start)
    assert all(supply.naval_in_supply(g_tables, start.data, uid) for uid in start.data["naval"])
    off_crimea = edited(start, ship_at("us-ssn-2", "S0902"))  # Sevastopol, far from Naples
    assert not supply.naval_in_supply(g_tables, off_crimea.data, "us-ssn-2")
    assert supply.naval_in_supply(g_tables, off_crimea.data, "us-ssn-1")


@pytest.mark.rule("10.05")
@pytest.mark.rule("7.07")
def test_the_final_stage_gives_a_ship_out_of_supply_a_hit_that_never_sinks_it():
    capacity = losses.capacity(tables(ground_segment()), "uk-ssn")
    start = ground_segment(ship_at("us-ssn-2", "S0902"))
    start = edited(start, ship_at("uk-ssn", "S0902", hits=capacity - 1))
    ended = passing(start, lambda s: s.data["turn"] == 2)
    assert ended.data["naval"]["us-ssn-2"]["hits"] == 1
    assert ended.data["naval"]["uk-ssn"]["hits"] == capacity - 1
    assert ended.data["naval"]["us-ssn-1"]["hits"] == 0
    lines = {(e.key, e.params.get("unit")) for e in ended.log}
    assert ("log.attrition", "us-ssn-2") in lines and ("log.attrition_spared", "uk-ssn") in lines


@pytest.mark.rule("10.05")
def test_the_closed_straits_leave_the_soviet_mediterranean_squadron_its_anchorage_alone():
    scenario = "wwiii_southwestern_front"
    data = state.initial_data(scenario) | sequence.initial(scenario)
    g_tables = TABLES.defaults
    closed = naval.closed_straits(g_tables, data, scenario, "su-cg-kara")
    assert supply.naval_in_supply(g_tables, data, "su-cg-kara", closed)  # Tartus, off Crete
    no_anchorage = dict(g_tables) | {"naval_supply": NavalSupply(range=60)}
    assert supply.naval_in_supply(no_anchorage, data, "su-cg-kara")
    assert not supply.naval_in_supply(no_anchorage, data, "su-cg-kara", closed)
    for town, unit in zip(
        sorted(gate.hold for gate in g_tables["straits"].gates.values()),
        ("su-59-gmrd", "su-86-gmrd"),
        strict=True,
    ):
        data["ground"][unit]["hex"] = town
    reopened = naval.closed_straits(g_tables, data, scenario, "su-cg-kara")
    assert reopened == frozenset()
    assert supply.naval_in_supply(g_tables, data, "su-cg-kara", reopened)
    data["naval"]["su-cg-kara"]["hex"] = "S0203"  # off Naples, beyond Tartus's range
    assert not supply.naval_in_supply(g_tables, data, "su-cg-kara", closed)


@pytest.mark.rule("12.03")
def test_a_transport_in_a_port_supplies_the_land_around_it_by_sea():
    start = cut_off_segment()
    assert not supplied(start, "us-sf")  # in the Greek port 2022, no US source by land
    shipped = edited(start, ship_at("us-trans", "2022"))
    g_tables = tables(shipped)
    assert "2022" in supply.sea_supplied_ports(g_tables, shipped.data, "a", shipped.scenario)
    assert supplied(shipped, "us-sf")
    inland = supply.ground.land_neighbours("2022")[0]
    assert supplied(edited(shipped, at("us-sf", inland)), "us-sf")
    short = dict(g_tables) | {"sea_supply": SeaSupply(port_range=0, ship_categories=["transport"])}
    moved = edited(shipped, at("us-sf", inland))
    assert not supply.in_supply(short, moved.data, "us-sf", moved.scenario)  # beyond the port range
    assert supply.in_supply(short, shipped.data, "us-sf", shipped.scenario)  # in the port itself


@pytest.mark.rule("12.03")
def test_only_a_supplied_transport_of_the_side_supplies_by_sea():
    frigate = cut_off_segment(ship_at("us-ff-group", "2022"))
    assert not supplied(frigate, "us-sf")  # a frigate carries no supplies
    shipped = edited(frigate, ship_at("us-trans", "2022"))
    cut_off = dict(tables(shipped)) | {"naval_supply": NavalSupply(range=0)}
    assert not supply.naval_in_supply(cut_off, shipped.data, "us-trans")
    assert not supply.in_supply(cut_off, shipped.data, "us-sf", shipped.scenario)
    assert "2022" not in supply.sea_supplied_ports(
        tables(shipped), shipped.data, "b", shipped.scenario
    )


@pytest.mark.rule("12.04")
def test_an_air_transport_at_an_airbase_supplies_the_land_around_it():
    start = ground_segment()
    assert supplied(start, "us-sf")  # at Hellinikon with the US C-130s
    assert "2022" in supply.air_supplied_bases(start.data, "a")
    assert "2022" not in supply.air_supplied_bases(start.data, "b")
    assert not supplied(edited(start, no_airlift), "us-sf")
    inland = supply.ground.land_neighbours("2022")[0]
    moved = edited(start, at("us-sf", inland))
    assert supplied(moved, "us-sf")
    g_tables = dict(tables(moved)) | {"air_supply": AirSupply(base_range=0)}
    assert not supply.in_supply(
        g_tables, moved.data, "us-sf", moved.scenario
    )  # beyond the base range


@pytest.mark.rule("12.01")
def test_the_network_begins_at_the_sources_of_the_sides_nations_in_play():
    start = ground_segment()
    assert supply.sources(start.data, "a") == {"S0203", "5534"}  # Naples, Akrotiri
    assert supply.sources(start.data, "b") == {"S0406", "S0106"}  # Benghazi, Tripoli
    assert not supplied(edited(start, at("ly-1-mech", "2122")), "ly-1-mech")  # neutral Athens


def _port_garrison(stocks):
    """Greece at war with Turkey, a Greek brigade moved to a Greek port no path supplies it in."""
    options = {
        "rules_overlay": {
            "game": "aegean-strike",
            "name": "test",
            "tables": {"special_supply": {"home_port_stocks": stocks}},
        }
    }
    return GAME.setup("greece_turkey_war", 7, options)


@pytest.mark.rule("12.05")
def test_a_garrison_of_a_port_of_its_own_nation_lives_on_the_ports_stocks():
    plain, stocked = _port_garrison(False), _port_garrison(True)
    unit = "gr-1-inf"
    greek_ports = sorted(
        h
        for h, place in forces().hexes.items()
        if place.port and place.nation == "GR" and not state.on_strategic(h)
    )
    cut_off = next(p for p in greek_ports if not supplied(edited(plain, at(unit, p)), unit))
    assert supplied(edited(stocked, at(unit, cut_off)), unit)
    assert supply.specially_supplied(tables(stocked), edited(stocked, at(unit, cut_off)).data, unit)
    turk = next(u for u in stocked.data["ground"] if state.nation(u) == "tu")
    foreign = edited(stocked, at(turk, cut_off)).data
    assert not supply.specially_supplied(tables(stocked), foreign, turk)  # not its own land
