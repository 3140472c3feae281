"""Dai Senso!'s forces as data (forces.py, data/forces.yaml): every counter type of the components
section, the units with their provenance and provisional values, the set-ups of the 1937 campaign
and the training scenarios checked against the map, and a bad record refused in one line."""

from __future__ import annotations

import copy

import pytest
import yaml

from tests.data_files import refused as refused_file
from wargame.games.dai_senso.forces import DATA, display_names, forces, load

pytestmark = pytest.mark.game("dai-senso")

FORCES = forces()
RAW = yaml.safe_load((DATA / "forces.yaml").read_text(encoding="utf-8"))


def refused(tmp_path, change) -> str:
    return refused_file(tmp_path, RAW, "forces.yaml", change, lambda path: load(path, FORCES.hexes))


def setup_of(raw, scenario):
    return next(s for s in raw["scenarios"] if s["id"] == scenario)["setup"]


def placement(raw, scenario, unit):
    return next(p for p in setup_of(raw, scenario) if p["unit"] == unit)


def to_tokyo(raw, *units):
    for unit in units:
        placement(raw, "c1_1937", unit).update(hex="e4904")


# -- what the file holds --------------------------------------------------------------------------


def test_every_counter_type_of_the_components_section_is_a_type():
    assert set(FORCES.ground_types) == {
        "infantry",
        "garrison",
        "cavalry",
        "airborne",
        "marines",
        "armor",
        "mechanized",
        "mechanized_cavalry",
        "hq",
        "fortress",
        "field_fortress",
    }
    assert set(FORCES.support_types) == {
        "air_force",
        "bomber",
        "cv_strike",
        "interceptor",
        "cv_fleet",
        "surface_fleet",
        "submarine",
    }
    named = {"airdrop", "beachhead", "snlf_beachhead_0", "detachment", "partisan_base", "blitz"}
    assert named <= set(FORCES.markers) and len(FORCES.markers) == 76
    types = [*FORCES.ground_types.values(), *FORCES.support_types.values()]
    assert all(t.provenance == "seed" for t in types)


def test_squares_are_the_garrisons_and_fortresses():
    assert {t.id for t in FORCES.ground_types.values() if t.square} == {
        "garrison",
        "fortress",
        "field_fortress",
    }


def test_units_per_nationality_and_faction():
    by_faction: dict[str, int] = {}
    for unit in FORCES.units.values():
        faction = FORCES.faction_of(unit)
        by_faction[faction] = by_faction.get(faction, 0) + 1
    assert by_faction == {"axis": 61, "west": 87, "soviet": 44}
    nationalities = {unit.nationality for unit in FORCES.units.values()}
    wanted = {"japan", "kmt", "kiangsu", "ccp", "kansu", "britain", "usa", "nei", "russia"}
    assert wanted <= nationalities


@pytest.mark.parametrize(
    ("scenario", "counts"),
    [
        ("c1_1937", {"axis": 25, "west": 40, "soviet": 17}),
        ("a1_august_storm", {"axis": 17, "soviet": 25}),
        ("a2_china_incident", {"axis": 16, "west": 15, "soviet": 4}),
        ("a3_tora_tora_tora", {"axis": 20, "west": 38}),
        ("b1_war_of_resistance", {"axis": 24, "west": 18, "soviet": 14}),
    ],
)
def test_each_scenario_sets_up_its_factions(scenario, counts):
    assert FORCES.counts(scenario) == counts


def test_the_1937_campaign_has_every_power_the_issue_names():
    nationalities = {FORCES.units[p.unit].nationality for p in FORCES.scenarios["c1_1937"].setup}
    assert {"japan", "kmt", "ccp", "britain", "usa", "nei", "russia"} <= nationalities
    colonial = {FORCES.units[p.unit].colonial for p in FORCES.scenarios["c1_1937"].setup}
    assert {"ind", "aus", "phil"} <= colonial


def test_every_ground_unit_has_values_and_no_support_unit_does():
    for unit in FORCES.units.values():
        values = FORCES.values(unit)
        assert (values is None) == (unit.type in FORCES.support_types), unit.id
    assert FORCES.values(FORCES.units["j-kwantung-1"]) == (4, 4, 3)
    assert FORCES.values(FORCES.units["n-29th-army"]) == (2, 2, 2)
    assert FORCES.values(FORCES.units["b-singapore"]) == (0, 3, 0)


def test_the_values_are_provisional_with_their_reason_in_both_languages():
    ratings = FORCES.data.ratings
    assert ratings.provenance == "provisional" and ratings.reason and ratings.reason_ja


def test_provenance_split():
    assert FORCES.provenances() == {"seed": 109, "reconstructed": 198, "rulebook": 2}


def test_the_seeds_named_units_are_there():
    named = {u.id for u in FORCES.units.values() if u.provenance == "seed"}
    assert named == {"j-1st-air-army", "u-tf11", "u-tf17", "u-8th-army", "b-singapore"}


def test_the_seeds_singapore_fortress_stands_in_singapore():
    placed = {p.unit: p.hex for p in FORCES.scenarios["c1_1937"].setup}
    assert placed["b-singapore"] == "w3218"
    assert placed["j-kwantung-hq"] == placed["j-kwantung-1"]


# -- a bad record is refused in one line ----------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: placement(r, "c1_1937", "j-guards").update(hex="e9999"), "not on the map"),
        (lambda r: placement(r, "c1_1937", "j-guards").update(hex="e0801"), "is all sea"),
        (
            lambda r: placement(r, "b1_war_of_resistance", "j-home-1").update(
                box=None, hex="e4904"
            ),
            "on a sheet out of play (e)",
        ),
        (
            lambda r: placement(r, "c1_1937", "n-29th-army").update(hex="w5326"),
            "holds axis and west units",
        ),
        (lambda r: to_tokyo(r, "j-home-2", "j-sea"), "stacks 4 units of 7 steps (9.2"),
        (lambda r: setup_of(r, "c1_1937").append({"unit": "j-guards", "box": "pool"}), "twice"),
        (
            lambda r: placement(r, "c1_1937", "j-guards").update(hex=None, box="card"),
            "carries no card number",
        ),
        (lambda r: setup_of(r, "c1_1937").append({"unit": "x-ghost", "box": "pool"}), "no such"),
        (
            lambda r: placement(r, "c1_1937", "j-cv-1").update(box=None, hex="e4904"),
            "a support unit starts in a box",
        ),
        (
            lambda r: placement(r, "c1_1937", "s-ofdva").update(hex=None, box="western_usa"),
            "admits west units only",
        ),
        (
            lambda r: setup_of(r, "a1_august_storm").append({"unit": "u-tf8", "box": "pool"}),
            "a west unit in a scenario",
        ),
        (lambda r: r["units"][4].update(steps=3), "a cavalry has 1 to 2 steps"),
        (lambda r: r["ratings"]["values"]["japanese"].pop("hq"), "ratings give no hq of 2 steps"),
        (lambda r: r["units"][0].update(type="zeppelin"), "no unit type 'zeppelin'"),
        (lambda r: r["units"][0].update(colonial="phil"), "prints no colonial code phil"),
        (lambda r: r["units"].append(copy.deepcopy(r["units"][0])), "defined twice"),
        (lambda r: r["units"][1].update(steps=7), "units[1]"),
        (lambda r: r["units"][1].pop("name"), "units[1]"),
    ],
)
def test_a_bad_record_is_refused_in_one_line(tmp_path, change, expected):
    assert expected in refused(tmp_path, change)


def test_no_two_units_are_named_alike_in_either_language():
    """Units that share a printed name are told apart in messages and on counters
    (engine.names.told_apart: the nationality, then a number)."""
    found = display_names()
    for lang in (0, 1):
        assert len({pair[lang] for pair in found.values()}) == len(found)
    assert found["b-14th-army"] == ("14th Army (Britain)", "第14軍(イギリス)")
    assert found["j-14th-army"][0] == "14th Army (Japan)"
