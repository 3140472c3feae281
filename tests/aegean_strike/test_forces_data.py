"""Aegean Strike's forces as data (forces.py, data/forces.yaml): every counter type of the counter
descriptions, the airbases and supply sources, the units with their provenance and provisional
values, the common set-up and the five scenarios' sides checked against both maps, and a bad
record refused in one line."""

from __future__ import annotations

import copy
import json

import pytest
import yaml

from tests.browser.language import problems_in
from tests.data_files import refused as refused_file
from wargame.games.aegean_strike import client, sequence, state
from wargame.games.aegean_strike.charts import DIE_FACES
from wargame.games.aegean_strike.forces import DATA, LAND_CLASSES, SEA_CLASSES, forces, load
from wargame.games.aegean_strike.game import names_catalog

pytestmark = pytest.mark.game("aegean-strike")

FORCES = forces()
RAW = yaml.safe_load((DATA / "forces.yaml").read_text(encoding="utf-8"))
MAP = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
HEXES = {hex_["id"]: hex_ for hex_ in MAP["hexes"]}
OFFERED = (
    "north_africa_war",
    "wwiii_southwestern_front",
    "turkish_missile_crisis",
    "greece_turkey_war",
)


def refused(tmp_path, change) -> str:
    return refused_file(tmp_path, RAW, "forces.yaml", change, lambda path: load(path, FORCES.hexes))


def placement(raw, unit):
    return next(p for p in raw["setup"] if p["unit"] == unit)


def record(raw, key, id_):
    return next(r for r in raw[key] if r["id"] == id_)


def scenario(raw, id_):
    return record(raw, "scenarios", id_)


# -- every counter type of the counter descriptions -----------------------------------------------


def test_the_naval_classes_are_the_seeds_abbreviations():
    assert set(FORCES.naval_types) == {
        *("amph", "trans", "bb", "ca", "cg", "cgh", "cgn", "cvh", "cvn", "cv"),
        *("dd", "fac", "ff", "lha", "mcm", "ss", "ssgn", "ssn"),
    }
    categories = {t.id: t.category for t in FORCES.naval_types.values()}
    assert {t for t, c in categories.items() if c == "carrier"} == {
        "cvn",
        "cv",
        "cgh",
        "lha",
        "cvh",
    }
    assert {t for t, c in categories.items() if c == "submarine"} == {"ss", "ssn", "ssgn"}


def test_the_ground_types_are_the_counter_keys_taxonomy():
    groups: dict[str, set[str]] = {}
    for ground in FORCES.ground_types.values():
        groups.setdefault(ground.group, set()).add(ground.id)
    assert groups == {
        "armour": {"armor", "mechanized", "armored_cavalry", "sp_antitank"},
        "infantry": {
            *("infantry", "marines", "engineers", "airborne"),
            *("airmobile", "special_forces", "antitank"),
        },
        "support": {"artillery", "aa", "hq"},
        "truck": {"truck"},
    }


def test_every_aircraft_the_seed_names_is_a_type_in_its_role():
    roles = {t.id: t.role for t in FORCES.air_types.values()}
    assert {t for t, role in roles.items() if role == "ewda"} == {"awacs", "e-2", "tu-126"}
    assert roles["mig-31"] == roles["mig-21"] == "interceptor"
    assert roles["tu-26"] == roles["a-6"] == "multirole_attack"
    assert {t for t, role in roles.items() if role == "strategic_transport"} == {"c-5", "il-76"}
    assert FORCES.air_types["tu-20"].minelaying and roles["e-6"] == "ecm"
    seed = {t.id for t in FORCES.air_types.values() if t.provenance == "seed"}
    assert len(FORCES.air_types) == 48
    assert len(seed) == 38 and {"ah-1", "mi-24", "ka-25", "sh-3", "s-3"} <= seed


def test_the_markers_and_supply_objects_of_the_counter_key():
    assert len(FORCES.markers) == 18
    assert {"undetected", "bridge", "chemical_warfare_start", "in_port", "ssm_expended"} <= set(
        FORCES.markers
    )
    assert set(FORCES.supply_objects) == {
        "supply_depot",
        "supply_source",
        "supply_points_track",
        "us_supply_hq",
    }


def test_eight_nations_as_the_seeds_eight_colours():
    assert len(FORCES.nations) == 8
    assert {"us", "ussr", "gr", "tu", "bu", "is"} <= {
        n.id for n in FORCES.nations.values() if n.provenance == "seed"
    }


def test_every_type_has_provisional_values_with_a_reason_in_both_languages():
    values = FORCES.data.values
    assert values.provenance == "provisional" and values.reason and values.reason_ja
    for unit in FORCES.units.values():
        assert FORCES.values(unit) is not None, unit.id
    assert FORCES.values(FORCES.units["gr-f4-338"]).anti_air == 6


# -- units and set-ups ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scenario_id", "counts"),
    [
        ("north_africa_war", {"a": 37, "b": 17, "neutral": 193}),
        ("wwiii_southwestern_front", {"a": 135, "b": 90, "neutral": 24}),
        ("turkish_missile_crisis", {"a": 85, "b": 88, "neutral": 59}),
        ("greece_turkey_war", {"a": 50, "b": 48, "neutral": 125}),
        ("world_war", {"a": 135, "b": 88, "neutral": 24}),
    ],
)
def test_each_scenario_sets_up_its_sides(scenario_id, counts):
    assert FORCES.counts(scenario_id) == counts
    assert len(FORCES.setup(scenario_id)) == sum(counts.values())


def test_the_units_per_nation():
    by_nation: dict[str, int] = {}
    for unit in FORCES.units.values():
        by_nation[unit.nation] = by_nation.get(unit.nation, 0) + 1
    assert by_nation == {
        "gr": 50,
        "tu": 48,
        "us": 37,
        "ussr": 79,
        "bu": 35,
        "is": 7,
        "ly": 17,
        "uk": 2,
    }
    assert len(FORCES.units) == 275


def test_reserves_and_cadre_divisions_start_at_partial_strength():
    partial = FORCES.partial("wwiii_southwestern_front")
    assert len(partial) == 17 and {"su-180-mrd", "bu-16-mrd", "gr-8-inf"} <= set(partial)
    assert all(FORCES.category(FORCES.units[unit]) == "ground" for unit in partial)
    assert len(FORCES.partial("greece_turkey_war")) == 15


def test_every_unit_is_named_in_both_languages():
    assert all(unit.name and unit.name_ja for unit in FORCES.units.values())
    assert FORCES.units["gr-1-inf"].name_ja == "第1歩兵師団"
    assert FORCES.units["us-cvn-69"].name_ja.startswith("ドワイト・D・アイゼンハワー")


def test_the_fifth_scenario_is_listed_but_not_offered_with_its_reason():
    found = FORCES.scenarios["world_war"]
    assert not found.offered and "Gulf Strike" in found.not_offered
    assert all(FORCES.scenarios[s].offered and not FORCES.scenarios[s].not_offered for s in OFFERED)


def test_nations_belong_to_player_a_or_b_by_scenario():
    greece, turkey = FORCES.units["gr-1-inf"], FORCES.units["tu-65-inf"]
    assert FORCES.player_of("wwiii_southwestern_front", greece) == "a"
    assert FORCES.player_of("wwiii_southwestern_front", turkey) == "a"
    assert FORCES.player_of("greece_turkey_war", greece) == "a"
    assert FORCES.player_of("greece_turkey_war", turkey) == "b"
    assert FORCES.player_of("greece_turkey_war", FORCES.units["us-cvn-69"]) == "neutral"
    assert FORCES.scenarios["greece_turkey_war"].ewda == []


def test_the_pershing_2s_stand_in_turkey_in_the_missile_crisis_only():
    placed = {p.unit: p.hex for p in FORCES.setup("turkish_missile_crisis")}
    assert {"us-p2-1", "us-p2-2"} <= set(placed)
    assert all(HEXES[placed[u]]["nation"] == "TR" for u in ("us-p2-1", "us-p2-2"))
    assert "us-p2-1" not in {p.unit for p in FORCES.setup("wwiii_southwestern_front")}


def test_eisenhower_carries_its_air_wing_with_the_seeds_a6():
    wing = {p.unit for p in FORCES.data.setup if p.base == "us-cvn-69"}
    assert len(wing) == 8 and "us-va34" in wing
    assert FORCES.units["us-cvn-69"].provenance == "seed"
    assert {FORCES.units[u].type for u in wing} >= {"f-14", "a-6", "s-3", "sh-3", "e-6"}


def test_every_set_up_hex_exists_and_suits_its_unit():
    for scenario_id in FORCES.scenarios:
        for placed in FORCES.setup(scenario_id):
            if placed.hex is None:
                continue
            hex_ = HEXES[placed.hex]
            category = FORCES.category(FORCES.units[placed.unit])
            assert hex_.get("area") != "inside", placed
            if category == "ground":
                assert hex_["class"] in LAND_CLASSES, placed
            else:
                assert hex_["class"] in SEA_CLASSES or FORCES.hexes[placed.hex].port, placed
            if placed.in_port:
                assert FORCES.hexes[placed.hex].port, placed


def test_thracian_and_anatolian_units_stand_on_their_own_shore():
    placed = {p.unit: p.hex for p in FORCES.data.setup}
    for unit in ("tu-1-army", "tu-2-corps", "tu-5-corps", "tu-65-inf", "tu-engr"):
        assert HEXES[placed[unit]]["landmass"] == "europe", unit
    for unit in ("tu-aa", "tu-4-army", "tu-gn-bursa"):
        assert HEXES[placed[unit]]["landmass"] == "asia", unit


def test_every_airbase_the_map_prints_is_an_airbase_record_at_its_hex():
    printed = {
        place["operational_hex"] for place in MAP["places"].values() if "airbase" in place["kinds"]
    }
    assert printed <= {airbase.hex for airbase in FORCES.airbases.values()}
    assert len(FORCES.airbases) == 33 and len(FORCES.supply_sources) == 14
    naples = FORCES.supply_sources["naples"]
    assert naples.provenance == "seed" and naples.nation == "us"


def test_provenance_split():
    assert FORCES.provenances() == {"seed": 105, "reconstructed": 333}


# -- a bad record is refused in one line ---------------------------------------------------------


def _setup_of(raw, id_):
    return scenario(raw, id_).setdefault("extra", [])


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: placement(r, "gr-1-inf").update(hex="9999"), "hex 9999 is not on either map"),
        (lambda r: placement(r, "gr-1-inf").update(hex="2520"), "hex 2520 is sea, not land"),
        (lambda r: placement(r, "us-cvn-69").update(hex="1615"), "hex 1615 is land, not sea"),
        (lambda r: placement(r, "gr-1-inf").update(hex="S0604"), "inside the transitional ring"),
        (lambda r: placement(r, "gr-dd-2").update(hex="2520"), "has no port to be in (10.02)"),
        (lambda r: placement(r, "su-cg-kara").update(hex="0113"), "Italian coastal hexes (13.06)"),
        (lambda r: placement(r, "tu-65-inf").update(hex="1615"), "hex 1615 holds units of both"),
        (
            lambda r: [
                placement(r, u).update(hex="1615")
                for u in ("gr-9-inf", "gr-2-inf", "gr-8-inf", "gr-10-inf")
            ],
            "hex 1615 stacks 5 ground and 0 naval units (13.03: 4 ground",
        ),
        (lambda r: placement(r, "gr-f4-338").update(base="eskisehir"), "not its side's"),
        (lambda r: placement(r, "gr-f4-338").update(base="us-cvn-69"), "carrier aircraft"),
        (lambda r: placement(r, "gr-f4-338").update(base=None, hex="1615"), "starts by base"),
        (
            lambda r: [
                placement(r, u).update(base="mikra")
                for u in ("gr-f4-338", "gr-f4-339", "gr-a7-347", "gr-m1-334")
            ],
            "mikra holds 7 air units (9.10: 6)",
        ),
        (
            lambda r: r["setup"].append({"unit": "us-vf142-x", "base": "us-cvn-69"}),
            "no such unit",
        ),
        (lambda r: r["setup"].append({"unit": "gr-1-inf", "hex": "1615"}), "set up twice"),
        (lambda r: placement(r, "us-22-mau").update(aboard="us-ssn-1"), "carries no troops"),
        (lambda r: scenario(r, "greece_turkey_war").update(ewda=["us-awacs"]), "US or Soviet"),
        (lambda r: scenario(r, "north_africa_war").update(ewda=["us-f15"]), "no EWDA unit"),
        (
            lambda r: scenario(r, "greece_turkey_war")["sides"].update(b=["tu", "gr"]),
            "nation gr is on two sides",
        ),
        (lambda r: scenario(r, "world_war").update(not_offered=""), "says why"),
        (
            lambda r: _setup_of(r, "greece_turkey_war").append(
                {"unit": "is-f15", "base": "tel_nof"}
            ),
            "is takes no part in this scenario",
        ),
        (lambda r: placement(r, "bu-2-mrd").update(hex="1615"), "Bulgaria unit cannot start in GR"),
        (
            lambda r: placement(r, "su-dd-kashin").update(hex="2022"),
            "a Soviet Union unit cannot start in GR land",
        ),
        (lambda r: placement(r, "gr-f4-338").update(partial=True), "only ground units set up"),
        (lambda r: placement(r, "us-mab").update(partial=True), "only ground units set up"),
        (lambda r: placement(r, "us-mab").update(turn=7), "us-mab arrives after the last turn"),
        (
            lambda r: r["breakdown"][0].update(division="bu-2-mrd"),
            "only Soviet divisions (XX) break down (11.10)",
        ),
        (
            lambda r: r["breakdown"][1]["regiments"].__setitem__(0, "su-59-gmrd-r1"),
            "a regiment belongs to two divisions",
        ),
        (
            lambda r: r["setup"].append({"unit": "su-59-gmrd-r1", "hex": "S0701"}),
            "su-59-gmrd-r1 enters play by the break-down only",
        ),
        (
            lambda r: scenario(r, "greece_turkey_war")["supply_points"].pop("tu"),
            "to the nations at war only (tu, 6)",
        ),
        (
            lambda r: scenario(r, "north_africa_war")["supply_points"].update(gr=5),
            "to the nations at war only (gr, 6)",
        ),
        (lambda r: record(r, "units", "gr-1-inf").update(size="XXXX"), "not XXXX"),
        (lambda r: record(r, "units", "gr-f4-338").update(size="XX"), "only ground units"),
        (lambda r: record(r, "units", "gr-1-inf").update(type="zeppelin"), "no unit type"),
        (lambda r: record(r, "units", "gr-1-inf").update(nation="fr"), "no nation 'fr'"),
        (lambda r: r["values"]["air"].pop("f-16"), "differ at f-16"),
        (lambda r: r["values"]["ground"]["armor"].pop("XX"), "no ground armor of size XX"),
        (lambda r: record(r, "airbases", "larisa").update(hex="2520"), "airbase larisa"),
        (lambda r: r["units"].append(copy.deepcopy(r["units"][0])), "defined twice"),
        (lambda r: r["units"][1].update(quality="heroic"), "units[1]"),
        (lambda r: r["units"][2].pop("name_ja"), "units[2]"),
    ],
)
def test_a_bad_record_is_refused_in_one_line(tmp_path, change, expected):
    assert expected in refused(tmp_path, change)


# -- rules the data enforces: each row's behaviour --------------------------------------------


@pytest.mark.rule("0.01")
def test_a_strategic_hex_is_ten_operational_hexes():
    strategic = "S0103"
    beside = state.neighbours(strategic)[0]
    assert state.distance(strategic, beside) == state.OP_PER_STRATEGIC == 10
    operational = "2022"
    assert state.distance(operational, state.neighbours(operational)[0]) == 1
    within = state.operational_within(state.strategic_of()[operational])
    assert operational in within and len(within) > 10


@pytest.mark.rule("0.03")
def test_the_components_are_the_map_the_counters_and_the_die(tmp_path):
    maps = {hex_["map"] for hex_ in MAP["hexes"]}
    assert maps == {"operational", "strategic"}
    assert len(DIE_FACES) == 10  # one ten-sided die
    categories = {FORCES.category(unit) for unit in FORCES.units.values()}
    assert categories == {"air", "naval", "ground"} and FORCES.markers and FORCES.supply_objects
    assert "markers" in refused(tmp_path, lambda r: r.pop("markers"))


@pytest.mark.rule("6")
def test_the_supply_point_track_has_a_box_for_each_nation_at_war(tmp_path):
    opening = state.initial_data("turkish_missile_crisis")
    setup = FORCES.scenarios["turkish_missile_crisis"]
    assert opening["sp"] == setup.supply_points and set(opening["sp"]) == {"us", "tu", "ussr", "bu"}
    displayed = {FORCES.airbases[base].nation for base in opening["airbases"]}
    assert displayed <= set(opening["sp"]) and "gr" not in displayed
    opening |= sequence.initial("turkish_missile_crisis")
    track = client.tracks(opening)
    assert {key: track[key] for key in track if key.startswith("sp_")} == {
        f"sp_{nation}": points for nation, points in setup.supply_points.items()
    }
    assert track["controller"] == setup.first_controller
    sides = {entry["side"] for entry in client.airbase_display(opening)}
    assert sides == {"a", "b"}
    change = lambda r: scenario(r, "turkish_missile_crisis")["supply_points"].update(uk=3)  # noqa: E731
    assert "to the nations at war only (uk, 6)" in refused(tmp_path, change)


@pytest.mark.rule("8.01")
@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: r["values"]["air"]["f-16"].pop("anti_air"), "anti_air"),
        (lambda r: r["values"]["naval"]["dd"].update(hits=-1), "hits"),
        (lambda r: r["values"]["ground"]["armor"]["XX"].update(ma=100), "ma"),
        (lambda r: r["values"]["naval"].pop("ff"), "differ at ff"),
    ],
)
def test_every_counter_prints_its_values(tmp_path, change, expected):
    assert expected in refused(tmp_path, change)
    for unit in FORCES.units.values():
        values = FORCES.values(unit)
        assert values.hits >= 0 if hasattr(values, "hits") else values.combat >= 0


@pytest.mark.rule("8.02")
def test_air_counters_are_combat_transport_or_ewda_units(tmp_path):
    kinds = {FORCES.air_kind(unit) for unit in FORCES.units.values()} - {None}
    assert kinds == {"combat", "transport", "ewda"}
    assert FORCES.air_kind(FORCES.units["us-cvn-69"]) is None
    assert FORCES.air_kind(FORCES.units["gr-f4-338"]) == "combat"
    change = lambda r: placement(r, "gr-f4-338").update(base="us-cvn-69")  # noqa: E731
    assert "only its nation's carrier aircraft fly from us-cvn-69" in refused(tmp_path, change)


@pytest.mark.rule("8.03")
@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: r["values"]["naval"]["dd"].update(minesweeping=True), "a dd cannot sweep"),
        (lambda r: placement(r, "us-22-mau").update(aboard="us-ssn-1"), "carries no troops"),
        (lambda r: placement(r, "gr-f4-338").update(base="gr-dd-2"), "no airbase nor a carrier"),
    ],
)
def test_naval_counters_say_what_a_ship_carries_and_sweeps(tmp_path, change, expected):
    assert expected in refused(tmp_path, change)
    assert FORCES.data.values.naval["mcm"].minesweeping


@pytest.mark.rule("8.04")
@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: record(r, "units", "gr-1-inf").update(size="XXXX"), "not XXXX"),
        (lambda r: record(r, "units", "us-cvn-69").update(quality="elite"), "troop quality"),
        (lambda r: record(r, "units", "gr-f4-338").update(size="XX"), "have a size"),
        (lambda r: record(r, "units", "gr-1-inf").update(quality="green"), "units["),
    ],
)
def test_only_ground_counters_have_a_size_and_a_troop_quality(tmp_path, change, expected):
    assert expected in refused(tmp_path, change)


@pytest.mark.rule("10.01")
def test_the_four_naval_types_decide_what_a_ship_carries(tmp_path):
    categories = {naval.category for naval in FORCES.naval_types.values()}
    assert categories == {"surface", "carrier", "submarine", "transport"}
    change = lambda r: record(r, "naval_types", "dd").update(category="hovercraft")  # noqa: E731
    assert "naval_types[" in refused(tmp_path, change)
    change = lambda r: placement(r, "us-22-mau").update(aboard="us-ssn-1")  # noqa: E731
    assert "us-ssn-1 carries no troops (10.01)" in refused(tmp_path, change)


@pytest.mark.rule("11.01")
def test_ground_types_belong_to_a_group_and_come_in_their_sizes(tmp_path):
    assert {ground.group for ground in FORCES.ground_types.values()} == {
        "armour",
        "infantry",
        "support",
        "truck",
    }
    change = lambda r: record(r, "ground_types", "hq").update(group="cavalry")  # noqa: E731
    assert "ground_types[" in refused(tmp_path, change)
    sizes = FORCES.ground_types["infantry"].sizes
    wrong = next(size for size in ("II", "III", "X", "XX", "XXX", "XXXX") if size not in sizes)
    change = lambda r: record(r, "units", "gr-1-inf").update(size=wrong)  # noqa: E731
    assert f"not {wrong}" in refused(tmp_path, change)


@pytest.mark.rule("21.02")
@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda r: scenario(r, "greece_turkey_war").pop("turns"), "turns"),
        (lambda r: scenario(r, "greece_turkey_war").update(first_controller="c"), "scenarios["),
        (lambda r: scenario(r, "greece_turkey_war").update(number=6), "scenarios["),
        (lambda r: scenario(r, "greece_turkey_war").pop("sides"), "sides"),
    ],
)
def test_a_scenario_states_its_format_or_is_refused(tmp_path, change, expected):
    assert expected in refused(tmp_path, change)
    greece_turkey = FORCES.scenarios["greece_turkey_war"]
    assert greece_turkey.turns == 8 and greece_turkey.first_controller in ("a", "b")


def _without_placement(raw, unit):
    raw["setup"] = [p for p in raw["setup"] if p["unit"] != unit]


@pytest.mark.rule("21.04")
def test_every_nato_unit_of_the_order_of_battle_enters_play(tmp_path):
    nato = [u for u in FORCES.units.values() if FORCES.nations[u.nation].bloc == "nato"]
    placed = {p.unit for s in FORCES.scenarios for p in FORCES.setup(s)}
    assert nato and all(u.id in placed and FORCES.values(u) is not None for u in nato)
    assert {"us-p2-1", "us-p2-2"} <= placed - {p.unit for p in FORCES.data.setup}
    message = refused(tmp_path, lambda r: _without_placement(r, "gr-1-inf"))
    assert "unit gr-1-inf: no set-up, scenario or break-down brings it (21.04)" in message


@pytest.mark.rule("21.05")
def test_every_warsaw_pact_unit_of_the_order_of_battle_enters_play(tmp_path):
    pact = [u for u in FORCES.units.values() if FORCES.nations[u.nation].bloc == "wp"]
    wwiii = {p.unit for p in FORCES.setup("wwiii_southwestern_front")}
    regiments = {r for regiments in FORCES.breakdowns.values() for r in regiments}
    assert pact and all(u.id in wwiii | regiments and FORCES.values(u) for u in pact)
    message = refused(tmp_path, lambda r: _without_placement(r, "bu-2-mrd"))
    assert "unit bu-2-mrd: no set-up, scenario or break-down brings it (21.05)" in message


@pytest.mark.rule("11.08")
def test_a_bridge_at_the_start_stands_on_a_strait_hexside_or_is_refused(tmp_path):
    assert [bridge.hexes for bridge in forces().data.bridges] == [["3910", "4009"]]

    def on_land(raw):
        raw["bridges"][0]["hexes"] = ["3910", "3909"]  # both in Europe: no strait between

    assert "3910-3909 is no strait hexside" in refused(tmp_path, on_land)


def test_no_two_units_are_named_alike_in_either_language():
    """Two navies' Guppy submarines, the 5th Air Army's two MiG-23 regiments: a log line, an
    action or a preview names each unit so that a player tells them apart (the nation's
    adjective, then a number), in messages and on the counters alike."""
    found = forces()
    names = found.display_names
    for lang in (0, 1):
        assert len({pair[lang] for pair in names.values()}) == len(found.units)
    assert names["gr-ss-2"] == ("Greek Guppy Submarines (SS)", "ギリシア軍グッピー潜水艦(SS)")
    assert names["su-mig23-2"][0] == "MiG-23 Regiment, 5th Air Army #2"
    assert names["gr-1-corps"] == ("I Corps", "第1軍団")  # a name of its own stays as it is
    catalog = names_catalog()
    assert catalog.lookup("unit.tu-ss-2", "en") == "Turkish Guppy Submarines (SS)"
    assert client.unit_data(found.units["tu-ss-2"])["name_ja"] == "トルコ軍グッピー潜水艦(SS)"
    untranslated = [ja for _, ja in names.values() if problems_in(ja)]
    assert untranslated == []  # abbreviations in capitals, as the counters print them (AMPH)
