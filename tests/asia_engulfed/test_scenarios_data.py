"""The scenarios of Asia Engulfed as data (data/scenarios/*.yaml): turns, tracks, control and the
set-up of every unit by area, checked against stacking, ports, carriers, control, the national
limits and the component counts; a bad file fails with one line naming the placement."""

import dataclasses
import shutil

import pytest
import yaml

from wargame.engine.data import PROVENANCES
from wargame.engine.errors import DataError
from wargame.games.asia_engulfed import forces as forces_module
from wargame.games.asia_engulfed import scenarios
from wargame.games.asia_engulfed.forces import FLEETS, GROUND
from wargame.games.asia_engulfed.scenarios import SCENARIOS, Placed, problems, start_pool

pytestmark = pytest.mark.game("asia-engulfed")

FORCES = forces_module.load()
IDS = ("dec1941", "jan1942", "tipping_the_scales")
AREAS = scenarios.areas()


@pytest.fixture(scope="module", params=IDS)
def setup(request):
    return scenarios.load(request.param, FORCES)


def fresh(scenario_id="dec1941"):
    """A set-up a test may change (the loader builds a new one each call)."""
    return scenarios.load(scenario_id, FORCES)


def at(setup, area, power=None):
    return [
        FORCES.units[p.unit]
        for p in setup.units.values()
        if p.location == area
        and p.carrier is None
        and (power is None or FORCES.units[p.unit].power == power)
    ]


@pytest.mark.rule("15.0")
def test_the_three_scenarios_and_their_turns():
    expected = {
        "dec1941": ("1941-11", "1945-07", 23, True),
        "jan1942": ("1942-01", "1945-07", 22, False),
        "tipping_the_scales": ("1942-09", "1943-05", 5, False),
    }
    for scenario_id, (first, last, turns, surprise) in expected.items():
        scenario = scenarios.load(scenario_id, FORCES).scenario
        assert (scenario.first_turn, scenario.last_turn, scenario.turns) == (first, last, turns)
        assert scenario.surprise_attack is surprise
        assert scenarios.turns_between(first, last) == turns


@pytest.mark.rule("5.4")
@pytest.mark.rule("5.44")
@pytest.mark.rule("3.24")
@pytest.mark.rule("4.24")
@pytest.mark.rule("9.23")
@pytest.mark.rule("9.32")
@pytest.mark.rule("4.28")
def test_every_set_up_keeps_stacking_ports_carriers_control_and_national_limits(setup):
    assert problems(setup, FORCES) == []


@pytest.mark.rule("4.4", "13.4")
def test_placed_pool_removed_and_later_units_are_every_unit_once(setup):
    pool = start_pool(setup, FORCES)
    # an addition may reinforce a block already on the map (us-bb-c, Jan/Feb 1942)
    later = FORCES.added_later(setup.scenario.first_turn) - set(setup.units)
    pooled = [unit for units in pool.values() for unit in units]
    optional = FORCES.paratroops  # 13.4: they join the pools only with their option
    groups = [set(setup.units), set(pooled), setup.removed, later, optional]
    assert sum(len(g) for g in groups) == len(FORCES.units)
    assert set().union(*groups) == set(FORCES.units)
    for power, units in pool.items():
        assert {FORCES.units[u].power for u in units} == {power}


def test_units_stand_in_areas_of_the_map_and_only_fleets_at_sea(setup):
    for placed in setup.units.values():
        unit = FORCES.units[placed.unit]
        if unit.type == "submarine":
            assert placed.location == scenarios.HOLDING_BOX
            continue
        area = AREAS[placed.location]
        if area.kind == "sea":
            assert unit.type in FLEETS or placed.carrier is not None, unit.id
        elif unit.type in FLEETS:
            assert area.port not in (None, "none"), unit.id


def test_every_placement_garrison_track_and_control_says_why():
    for scenario in scenarios.files().values():
        assert scenario.provenance in PROVENANCES
        records = [*scenario.placements, *scenario.garrisons, *scenario.tracks, *scenario.control]
        for record in records:
            assert record.source, record
            assert (record.provenance or scenario.provenance) in PROVENANCES


@pytest.mark.rule("9.16")
def test_home_defence_militia_is_12_4_4_as_the_map_says(setup):
    for area in ("honshu", "shikoku", "kyushu"):
        assert setup.tracks[f"militia_{area}"] == AREAS[area].home_defence_militia
    assert [setup.tracks[f"militia_{a}"] for a in ("honshu", "shikoku", "kyushu")] == [12, 4, 4]


@pytest.mark.rule("9.22")
def test_us_production_at_the_start_follows_the_schedule(setup):
    unconditional = [p for p in FORCES.pools.us_production if p.needs is None]
    due = [p.werp for p in unconditional if p.since <= setup.scenario.first_turn]
    assert setup.tracks["us_production"] == due[-1]


@pytest.mark.rule("2.14")
def test_the_dud_torpedoes_marker_starts_in_box_6_in_the_campaigns():
    for scenario_id in ("dec1941", "jan1942"):
        assert scenarios.load(scenario_id, FORCES).tracks["dud_torpedoes"] == 6


@pytest.mark.rule("9.12")
def test_japans_elites_all_stand_at_the_campaign_start():
    for scenario_id in ("dec1941", "jan1942"):
        setup = scenarios.load(scenario_id, FORCES)
        elites = [u for u in FORCES.units.values() if getattr(u, "elite", False)]
        assert len(elites) == 9
        assert all(e.id in setup.units for e in elites)


@pytest.mark.rule("9.12")
def test_elites_lost_before_tipping_the_scales_are_out_of_the_game():
    setup = scenarios.load("tipping_the_scales", FORCES)
    assert {"jp-cba-e1", "jp-cba-e2"} <= setup.removed
    assert "jp-cba-e1" not in start_pool(setup, FORCES)["japan"]


@pytest.mark.rule("9.11")
def test_december_1941_has_the_fleets_where_the_surprise_attack_needs_them():
    setup = fresh()
    cw_fleets = [u for u in at(setup, "singapore", "cw") if u.type in FLEETS]
    assert cw_fleets
    us_fleets = at(setup, "hawaii", "usa") + at(setup, "hawaiian_islands", "usa")
    assert {u.type for u in us_fleets} >= {"bb", "cv"}
    assert [u.id for u in at(setup, "honshu", "japan") if u.type == "cv"] == ["jp-cv-a", "jp-cv-b"]


@pytest.mark.rule("4.14")
def test_japan_holds_the_three_chinese_resource_areas_of_4_14():
    setup = fresh()
    for area in ("peking", "manchukuo", "shanghai"):
        assert setup.control[area] == "japan"
    nationalist = [
        a for a in AREAS.values() if a.region == "china" and setup.control.get(a.id) == "allies"
    ]
    assert {a.id for a in nationalist} >= {"szechwan", "yunnan"}


def test_december_1941_places_the_supplements_facts():
    setup = fresh()
    on_map = [FORCES.units[u] for u in setup.units]
    assert sum(u.type == "marine" and u.power == "japan" for u in on_map) == 3
    assert setup.tracks["special_actions_japan"] == 3
    areas_json = scenarios.read_raw(scenarios.DATA / "areas.json")
    adjacent = {a["id"]: a["adjacent"] for a in areas_json["areas"]}
    japanese_ground = {
        p.location
        for p in setup.units.values()
        if FORCES.units[p.unit].power == "japan" and FORCES.units[p.unit].type in GROUND
    }
    for target in ("burma", "malaya", "hong_kong"):
        assert japanese_ground & set(adjacent[target]), target


# --- problems() finds each breach ------------------------------------------------------------


def place(setup, unit, location, steps=1, carrier=None):
    setup.units[unit] = Placed(unit, location, steps, carrier)


@pytest.mark.rule("5.4")
def test_a_second_ground_unit_in_an_island_box_is_a_breach():
    setup = fresh()
    place(setup, "jp-17a", "saipan")
    assert problems(setup, FORCES) == ["saipan: japan has 2 ground units, island_box holds 1 (5.4)"]


@pytest.mark.rule("5.44")
def test_a_fifth_air_unit_in_a_jungle_area_is_a_breach():
    setup = fresh()
    place(setup, "jp-lba-6", "french_indochina", 2)
    place(setup, "jp-lba-7", "french_indochina", 2)
    assert problems(setup, FORCES) == [
        "french_indochina: japan has 5 air units, jungle holds 4 (5.4)"
    ]


@pytest.mark.rule("3.24")
def test_a_third_fleet_in_a_small_port_is_a_breach():
    setup = fresh()
    place(setup, "jp-ca-f", "palau")
    assert problems(setup, FORCES) == ["palau: japan bases 3 fleets, port small holds 2 (3.24)"]


@pytest.mark.rule("4.24")
def test_cba_beyond_two_steps_a_carrier_step_is_a_breach():
    setup = fresh()
    place(setup, "jp-cba-4", "honshu", 2, carrier="jp-cv-c")
    assert problems(setup, FORCES) == ["jp-cv-c: carries 4 CBA steps, its CV steps hold 2 (4.24)"]


@pytest.mark.rule("9.23")
def test_us_units_in_burma_break_9_23():
    setup = fresh()
    place(setup, "us-i-corps", "burma")
    assert "us-i-corps: usa units may not operate in burma (9.23, 9.32)" in problems(setup, FORCES)


@pytest.mark.rule("9.32")
def test_cw_units_in_china_break_9_32_but_hong_kong_is_allowed():
    setup = fresh()
    place(setup, "cw-iv-corps", "yunnan")
    assert "cw-iv-corps: cw units may not operate in yunnan (9.23, 9.32)" in problems(setup, FORCES)
    assert AREAS["hong_kong"].region == "china"
    assert not any("cw-hong-kong" in p for p in problems(setup, FORCES))


def test_a_unit_in_an_area_of_the_other_side_is_a_breach_unless_contested():
    setup = fresh()
    place(setup, "us-americal", "formosa")
    assert problems(setup, FORCES) == [
        "us-americal: formosa is held by japan, not allies, and not contested"
    ]
    contested = dataclasses.replace(setup, contested={"formosa"})
    assert problems(contested, FORCES) == []


def test_a_ground_unit_at_sea_and_a_garrison_twice_are_breaches():
    setup = fresh()
    place(setup, "jp-17a", "java_sea")
    setup.garrisons.append(("japan", "okinawa"))
    found = problems(setup, FORCES)
    assert "jp-17a: a infantry cannot stand in the sea area java_sea" in found
    assert "okinawa: 2 japan garrisons (one per area, 4.28)" in found


# --- a bad scenario file fails with one line naming the placement ----------------------------


@pytest.fixture
def scenario_copy(tmp_path):
    for path in SCENARIOS.glob("*.yaml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def broken(folder, scenario_id, change):
    path = folder / f"{scenario_id}.yaml"
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    scenarios.files.cache_clear()
    try:
        with pytest.raises(DataError) as caught:
            scenarios.load(scenario_id, FORCES, folder)
    finally:
        scenarios.files.cache_clear()
    message = str(caught.value)
    assert "\n" not in message
    assert f"{scenario_id}.yaml" in message
    return message


def test_an_unknown_unit_fails(scenario_copy):
    message = broken(scenario_copy, "dec1941", lambda r: r["placements"][0].update(unit="jp-99a"))
    assert message.endswith("placement 0 (jp-99a): no such unit")


def test_an_unknown_area_fails(scenario_copy):
    message = broken(scenario_copy, "dec1941", lambda r: r["placements"][0].update(area="atlantis"))
    assert message.endswith("placement 0 (jp-kwantung-3a): area 'atlantis' is not on the map")


def test_steps_beyond_the_block_fail(scenario_copy):
    message = broken(scenario_copy, "jan1942", lambda r: r["placements"][0].update(steps=5))
    assert message.endswith("placement 0 (jp-14a): 5 steps, the unit has 1-4")


def test_a_cba_without_a_carrier_fails(scenario_copy):
    def change(raw):
        raw["placements"].append({"unit": "jp-cba-4", "area": "honshu", "source": "test"})

    assert "a CBA needs a carrier placed before it, got None" in broken(
        scenario_copy, "dec1941", change
    )


def test_a_carrier_sent_to_the_pool_with_its_cba_aboard_fails(scenario_copy):
    def change(raw):
        raw["placements"].append({"unit": "jp-cv-b", "to_pool": True, "source": "test"})

    message = broken(scenario_copy, "jan1942", change)
    assert "jp-cba-1: its carrier 'jp-cv-b' left the map" in message


def test_a_wrong_turn_count_fails(scenario_copy):
    message = broken(scenario_copy, "jan1942", lambda r: r.update(turns=23))
    assert message.endswith("turns 23, but 1942-01 to 1945-07 is 22 turns")


def test_a_bad_track_fails_naming_it(scenario_copy):
    message = broken(scenario_copy, "dec1941", lambda r: r["tracks"][0].update(id="victory_points"))
    assert "tracks record 0 (victory_points), field id: Invalid enum value" in message


def test_an_unknown_scenario_is_refused():
    with pytest.raises(DataError, match="unknown scenario 'midway': one of dec1941, jan1942"):
        scenarios.load("midway", FORCES)
