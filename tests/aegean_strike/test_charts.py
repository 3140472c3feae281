"""Aegean Strike's charts as data (charts.py, data/tables.yaml): each loads with its provenance,
the designed ones give their reason in both languages, the seed's facts hold, every table can be
replaced by a rules overlay, a bad one is refused in one line, and the command line shows them
although the game is not playable yet."""

from __future__ import annotations

import pytest

from tests.printed_tables import Charts, cli
from wargame.games import REGISTRY
from wargame.games.aegean_strike.charts import TABLES, parse_land_result, tables

pytestmark = pytest.mark.game("aegean-strike")

CHARTS = Charts(TABLES, "world_war")  # not playable: `wargame new` refuses it
PRINTED = CHARTS.printed
state_with, changed, refusal = CHARTS.state_with, CHARTS.changed, CHARTS.refusal
SEED = {"sortie_boxes", "sea_movement", "airbases", "depots"}


# -- every table loads and says where it comes from ---------------------------------------------


def test_every_table_loads_with_titles_rules_and_sources():
    entries = TABLES.entries
    assert set(entries) == set(TABLES.kinds) and len(entries) == 53
    assert all(e.title and e.title_ja and e.ref and e.source for e in entries.values())


def test_the_seeds_tables_are_seed_and_every_other_is_provisional_with_reasons():
    entries = TABLES.entries
    assert {t for t, e in entries.items() if e.provenance == "seed"} == SEED
    for table, entry in entries.items():
        if table not in SEED:
            assert entry.provenance == "provisional", table
            assert entry.reason.strip() and entry.reason_ja.strip(), table


def test_every_rule_a_table_names_is_a_row_of_the_rule_index():
    numbers = {row.number for row in REGISTRY.rules("aegean-strike").index().rules}
    for table, entry in TABLES.entries.items():
        for ref in entry.ref.split(", "):
            first, _, last = ref.partition("-")
            assert first in numbers and (not last or last in numbers), (table, ref)


# -- what the charts say --------------------------------------------------------------------------


def test_the_seeds_numbers_stand_in_its_tables():
    defaults = TABLES.defaults
    sorties = defaults["sortie_boxes"]
    assert (sorties.home_box, sorties.other_box, sorties.home_nations) == (3, 2, ["us", "is"])
    assert [defaults["sea_movement"][str(face)] for face in range(1, 11)] == [
        face // 2 for face in range(1, 11)
    ]
    airbases = defaults["airbases"]
    assert (airbases.small.capacity, airbases.large.inoperative_at) == (6, 12)
    assert defaults["detection"].combat_ranges.cap_radius == 20
    found = defaults["depots"]
    assert (found.build_sp, found.build_needs_sp, found.dismantle_sp, found.destroyed_at) == (
        4,
        4,
        4,
        3,
    )


def test_the_air_naval_chart_reads_strength_bands_and_a_rolled_zero_as_ten():
    chart = TABLES.defaults["air_naval_combat"]
    assert chart.column(4) == "4-5" and chart.column(30) == "16+" and chart.column(0) is None
    assert chart.hits(0, 10) == 0
    assert chart.hits(4, 10) == 2 and chart.hits(4, 1) == 0
    assert chart.hits(16, 10) == 6


def test_the_land_crt_reads_odds_in_the_defenders_favour():
    crt = TABLES.defaults["land_crt"]
    assert crt.column(7, 3) == "2-1" and crt.column(1, 9) == "1-2"
    result = crt.result("3-1", 9)
    assert (result.attacker_hits, result.defender_hits, result.retreat_check) == (1, 3, True)
    assert crt.result("6-1", 10, shift=3) == crt.result("6-1", 10)


def test_land_results_read_as_hits_and_retreat_checks():
    assert parse_land_result("1/2R").retreat_check
    assert parse_land_result("2/0").attacker_hits == 2
    with pytest.raises(ValueError, match="not attacker/defender hits"):
        parse_land_result("Ex")


def test_missions_keep_the_seeds_modes_and_free_missions():
    missions = TABLES.defaults["air_missions"]
    assert missions["cap"].mode == "intercept" and missions["cap"].sp == 0
    assert missions["ewda"].sp == 0 and missions["escort"].marker == "anti_air"
    assert missions["bombing_strike"].cas_segment and not missions["asm_strike"].cas_segment


# -- overlays --------------------------------------------------------------------------------------

CHANGES = {
    "air_naval_combat": lambda v: v["rows"]["10"].__setitem__(7, 7),
    "air_to_ground_combat": lambda v: v["rows"]["1"].__setitem__(7, 0),
    "detection": lambda v: v["detectors"]["submarine"]["surface"].update(range=12),
    "sortie_boxes": lambda v: v.update(other_box=1),
    "air_missions": lambda v: v["bombing_strike"].update(sp=3),
    "field_landings": lambda v: v["ch-47"].update(removed=False),
    "field_strike": lambda v: v.update(chart="air_naval_combat"),
    "air_minesweeping": lambda v: v.update(chance=5),
    "sea_movement": lambda v: v.update({"1": 1}),
    "naval_movement": lambda v: v.update(mp_per_strategic_hex=5),
    "ground_supply": lambda v: v.update(range=20),
    "naval_supply": lambda v: v.update(range=40),
    "sea_supply": lambda v: v.update(port_range=20),
    "air_supply": lambda v: v.update(base_range=8),
    "unit_repair": lambda v: v.update(ground_sp_per_hit=3),
    "formations": lambda v: v.update(planned_assault_sp_per_unit=3),
    "withdrawal": lambda v: v.update(hits=2),
    "truck_transport": lambda v: v.update(load_mp=2),
    "reserve": lambda v: v.update(hq_range=6),
    "special_supply": lambda v: v.update(home_port_stocks=False),
    "special_operations": lambda v: v.update(raid_chance=5),
    "satellites": lambda v: v.update(categories=["carrier"]),
    "mobile_supply": lambda v: v.update(range=12),
    "cruise_missiles": lambda v: v.update(chance=7),
    "airbases": lambda v: v["small"].update(repair_sp_per_hit=3),
    "carriers": lambda v: v["cvn"].update(air_units=9),
    "land_crt": lambda v: v["rows"]["1"].__setitem__(0, "3/0"),
    "land_modifiers": lambda v: v.update(cas_hits_per_shift=3),
    "troop_quality": lambda v: v["elite"].update(retreat_chance=1),
    "terrain_effects": lambda v: v["hexes"]["rough"].update(mp=3),
    "stacking": lambda v: v.update(operational_hex=3),
    "ground_hits": lambda v: v.update(XXXX=9),
    "political_events": lambda v: v.update({"1": "nato_summit"}),
    "mobilisation": lambda v: v.update(per_turn=2),
    "pre_war": lambda v: v["turkish_missile_crisis"].update(at_most=5),
    "political_effects": lambda v: v["events"]["nato_summit"].update(sp={"tu": 20}),
    "soviet_air_defence": lambda v: v.update(strength=8),
    "missile_crisis_victory": lambda v: v.update(hits_per_point=5),
    "wwiii_victory": lambda v: v["sunk"].update({"us-cvn-69": 5}),
    "straits": lambda v: v["gates"]["bosporus"].update(hold="3909"),
    "air_refuelling": lambda v: v.update(bonus=20),
    "scenario_balance": lambda v: v.update(sp_percent=50),
    "aircraft_speed": lambda v: v.update(interception_bonus=5),
    "anti_radiation": lambda v: v.update(suppression=3),
    "single_missions": lambda v: v.update(unseen_chance=3),
    "electronic_warfare": lambda v: v.update(escort_types=[]),
    "jamming": lambda v: v.update(range_cut=20),
    "sea_transport": lambda v: v.update(amphibious=["amph"]),
    "mines": lambda v: v.update(strike_chance=5),
    "bridges": lambda v: v.update(straits=["bosporus", "dardanelles"]),
    "depots": lambda v: v.update(build_sp=3),
    "depot_consumption": lambda v: v.update(range=20),
    "depot_carriage": lambda v: v.update(weight=1),
}


def test_every_table_has_a_change_to_try():
    assert set(CHANGES) == set(TABLES.kinds)


@pytest.mark.parametrize("table", sorted(CHANGES))
def test_an_overlay_replaces_each_table_for_its_game_only(table):
    CHARTS.check_overlay_replaces_only(table, CHANGES[table])


@pytest.mark.parametrize(
    ("table", "change", "expected"),
    [
        ("air_naval_combat", lambda v: v["rows"]["5"].reverse(), "more strength never"),
        ("air_naval_combat", lambda v: v["rows"].pop("10"), "die faces 1 to 10"),
        ("air_naval_combat", lambda v: v.update(columns=["1", "3-3", *v["columns"][2:]]), "gap"),
        ("air_to_ground_combat", lambda v: v["columns"].__setitem__(7, "16-20"), "end open"),
        ("detection", lambda v: v["detectors"]["carrier"]["air"].update(range=50), "EWDA"),
        ("detection", lambda v: v["combat_ranges"].update(cap_radius=30), "20 operational"),
        ("detection", lambda v: v["detectors"]["ewda"]["air"].update(chance=11), "chance"),
        ("sortie_boxes", lambda v: v.update(home_box=1), "no lower than others"),
        ("air_missions", lambda v: v["cap"].update(mode="offensive"), "cap flies in intercept"),
        ("air_missions", lambda v: v["cap"].update(sp=1), "cap spends no supply"),
        ("air_missions", lambda v: v.pop("ferry"), "give every mission once"),
        ("field_landings", lambda v: v["c-130"].update(terrain=["rough"]), "c-130 lands on"),
        ("field_landings", lambda v: v["il-76"].update(removed=False), "il-76 not back in"),
        ("field_landings", lambda v: v.pop("c-5"), "give every transport type once"),
        ("field_strike", lambda v: v.update(shift=4), "field_strike"),
        ("air_minesweeping", lambda v: v.update(types=["ka-25"]), "gives the SH-3"),
        ("sea_movement", lambda v: v.pop("10"), "die faces 1 to 10"),
        ("airbases", lambda v: v["large"].update(capacity=3), "at least as many"),
        ("unit_repair", lambda v: v.update(air_hits_large_base=0), "18: a large airbase"),
        ("carriers", lambda v: v["lha"].update(cap=True), "lha is a small carrier"),
        ("carriers", lambda v: v["cvn"].update(air_units=2), "small carrier"),
        ("land_crt", lambda v: v["rows"]["2"].__setitem__(0, "Ex"), "'Ex' is not attacker"),
        ("land_crt", lambda v: v["columns"].reverse(), "columns must rise in odds"),
        ("land_modifiers", lambda v: v["shifts"].pop("artillery.per_unit"), "artillery too"),
        ("land_modifiers", lambda v: v.update(chemical_by_turn=[1, 2, 0]), "declines"),
        ("troop_quality", lambda v: v["elite"].update(retreat_chance=9), "never retreat more"),
        ("terrain_effects", lambda v: v["hexsides"]["strait"].update(mp=1), "bridge only"),
        ("terrain_effects", lambda v: v["hexes"].pop("rough"), "clear and rough"),
        ("stacking", lambda v: v.update(mission_group=4), "at most 3 air units"),
        ("ground_hits", lambda v: v.update(II=5), "at least as many hits"),
        ("political_events", lambda v: v.update({"10": "none"}), "Israel into the war"),
        ("political_effects", lambda v: v["events"].pop("war_starts"), "none for war_starts"),
        ("political_effects", lambda v: v["events"]["israel_enters"].update(joins_us=""), "Isr"),
        ("missile_crisis_victory", lambda v: v["levels"].update(marginal=5), "levels rise"),
        ("wwiii_victory", lambda v: v["levels"].update(decisive=6), "21.07: the levels rise"),
        ("straits", lambda v: v["gates"]["dardanelles"].update(hexes=[]), "gate hexes"),
        ("bridges", lambda v: v.update(straits=["dardanelles"]), "engineers bridge the Bosporus"),
        ("bridges", lambda v: v.update(straits=["bosporus", "suez"]), "suez is no strait"),
        ("depots", lambda v: v.update(build_needs_sp=2), "needs at least the SP a depot costs"),
        ("depot_carriage", lambda v: v.update(carriers=[]), "local transports carry supply"),
        ("political_events", lambda v: v.update({"3": "martians"}), "Invalid enum value"),
    ],
)
def test_a_bad_table_is_refused_in_one_line_naming_the_table_and_field(table, change, expected):
    assert expected in refusal(table, change)


# -- on the command line, before the game is playable -------------------------------------------


def test_wargame_rules_lists_the_provisional_tables_with_their_reasons(capsys):
    code, out, _ = cli(capsys, "rules", "aegean-strike")
    assert code == 0 and "53 printed tables a rules overlay may replace, 49 provisional" in out
    shown = [line.split()[2] for line in out.splitlines() if line.startswith("provisional table")]
    assert sorted(shown) == sorted(set(TABLES.kinds) - SEED)


def test_a_template_read_back_is_no_overlay_and_an_edit_of_it_is(capsys, tmp_path):
    found = CHARTS.check_template_edit(capsys, tmp_path, "operational_hex: 4", "operational_hex: 3")
    assert set(found["tables"]) == {"stacking"}
    assert tables(state_with(found))["stacking"].operational_hex == 3


def test_the_tables_are_listed_and_a_new_game_refused_in_one_line(capsys, tmp_path):
    CHARTS.check_command_line(capsys, tmp_path)
