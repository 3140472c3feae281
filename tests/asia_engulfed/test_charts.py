"""Asia Engulfed's printed tables as data (charts.py, data/tables.yaml): each loads, its values are
the spec's, the lost ones are designed with their reasons, a rules overlay replaces any of them
for the game it is given to, and a bad one is refused in one line naming the table and field."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from wargame.cli import main
from wargame.engine.errors import DataError
from wargame.engine.overlay import OPTION
from wargame.engine.state import State
from wargame.engine.tables import DiceGroup, expectation, hits_distribution, volley_distribution
from wargame.games.asia_engulfed import forces as forces_module
from wargame.games.asia_engulfed.charts import FIELDS, TABLES, printed, tables

pytestmark = pytest.mark.game("asia-engulfed")

CHARTS = printed()
PRINTED = {row["id"]: row["values"] for row in TABLES.listing()}
PROVISIONAL = {
    "t2_2_asw",
    "t2_3_submarine_attack",
    "t3_home_port_aa",
    "t4_invasion_with_marines",
    "t6_home_defence_cost",
    "t15_strategic_moves_lost",
    "t16_special_actions_lost",
    "t22_naval_damage",
    "t10_1_conquest",
    "t10_4_bidding",
    "t13_1_simplified_supply",
    "t13_4_paratroops",
}


def state_with(overlay: dict | None) -> State:
    options = {} if overlay is None else {OPTION: overlay}
    return State("asia-engulfed", "", "dec1941", 0, options, 0, {}, [])


def overlay(**tables):
    """A normalized overlay replacing ``tables``, each the printed values with changes."""
    given = {}
    for table, change in tables.items():
        values = copy.deepcopy(PRINTED[table])
        change(values)
        given[table] = values
    return TABLES.normalize({"game": "asia-engulfed", "tables": given}, "test overlay")


def refusal(table, change) -> str:
    values = copy.deepcopy(PRINTED[table])
    change(values)
    with pytest.raises(DataError) as error:
        TABLES.normalize({"tables": {table: values}}, "my-charts.yaml")
    message = str(error.value)
    assert "\n" not in message
    return message


# -- every table loads, says where it comes from -------------------------------------------


def test_every_table_loads_and_the_rules_read_each():
    assert set(TABLES.entries) == set(TABLES.kinds) == set(FIELDS)
    assert all(getattr(CHARTS, field) is not None for field in FIELDS.values())


def test_exactly_the_lost_tables_are_provisional_each_with_a_reason_in_both_languages():
    entries = TABLES.entries
    assert {t for t, e in entries.items() if e.provenance == "provisional"} == PROVISIONAL
    for table in PROVISIONAL:
        assert entries[table].reason and entries[table].reason_ja, table
        assert entries[table].source.startswith("designed"), table
    assert all(e.provenance == "seed" for t, e in entries.items() if t not in PROVISIONAL)
    assert all(e.title and e.title_ja and e.ref for e in entries.values())


def test_tables_md_lists_every_table_and_marks_the_provisional_ones():
    text = (TABLES.path.parent / "TABLES.md").read_text(encoding="utf-8")
    rows = {line.split("`")[1]: line for line in text.splitlines() if line.startswith("| `t")}
    assert set(rows) == set(TABLES.kinds)
    assert {t for t, line in rows.items() if "**provisional**" in line} == PROVISIONAL


def test_the_template_offers_every_table_with_its_reason():
    template = TABLES.template()
    assert all(f"  {table}:" in template for table in TABLES.kinds)
    assert "The ASW table was printed as a graphic and is lost" in template


# -- values of the seed -------------------------------------------------------------------------


@pytest.mark.rule("6.22", "6.24", "8.41", "8.42", "8.51", "8.52", "9.13", "8.7", "2.41")
def test_t1_dice_thresholds_are_the_seeds():
    dice = CHARTS.dice
    assert dice.ground_fire.thresholds.grades == (6,)
    assert (dice.dogfight.hits, dice.dogfight_elite.hits, dice.air_to_air.hits) == (5, 4, 5)
    assert dice.anti_aircraft.hits == dice.anti_submarine.hits == dice.port_facilities.hits == 6
    for graded in (dice.air_attack, dice.night_gunnery, dice.submarine_vs_undamaged):
        assert graded.thresholds.grades == (6, 5)
        assert graded.grades == ("hit", "damage")
    assert dice.submarine_vs_damaged.hits == 5
    assert (dice.kamikaze.hits, dice.kamikaze.damages) == (6, 5)
    assert dice.kamikaze_reduced.grades == ("damage",)
    assert dice.kamikaze_reduced.thresholds.grades == (6,)
    assert dice.strategic_bombing.hits == 4


@pytest.mark.rule("6.22")
def test_the_seeds_dogfight_example_read_through_the_charts():
    # 6.22: 8 Allied dice at 5-6 against Japan's four elite and regular LBA
    dice = hits_distribution([DiceGroup(8)], CHARTS.dice.dogfight.hits)
    assert expectation(dice) == Fraction(8, 3)
    elite = hits_distribution([DiceGroup(1)], CHARTS.dice.dogfight_elite.hits)
    assert elite[1] == Fraction(1, 2)


@pytest.mark.rule("8.41")
def test_a_battleship_firing_at_a_cruiser_by_night_destroys_on_5_and_damages_on_4():
    modifier = CHARTS.night_gunnery.modifier("bb", "ca", elite=False)
    found = volley_distribution([DiceGroup(1, modifier)], CHARTS.dice.night_gunnery.thresholds)
    assert found == {(0, 0): Fraction(1, 2), (0, 1): Fraction(1, 6), (1, 0): Fraction(1, 3)}


@pytest.mark.rule("8.42")
def test_a_fire_rolls_through_the_games_dice_and_previews_exactly():
    faces = iter([6, 5, 4, 3])
    volley = CHARTS.dice.air_attack.roll([DiceGroup(2), DiceGroup(2, 1)], lambda die: next(faces))
    assert volley.counts == (1, 2)  # 6 destroys; 5, and 4+1, damage; 3+1 misses
    preview = CHARTS.dice.air_attack.distribution([DiceGroup(1, 1)])
    assert preview == {(0, 0): Fraction(1, 2), (0, 1): Fraction(1, 6), (1, 0): Fraction(1, 3)}


@pytest.mark.rule("9.11", "9.13", "3.52")
def test_surprise_attack_kamikaze_and_submarine_supply_numbers():
    assert (CHARTS.surprise_attack.allied_aa_divisor, CHARTS.surprise_attack.hawaii_day_rounds) == (
        2,
        1,
    )
    kamikaze = CHARTS.kamikaze
    assert (kamikaze.air_werp_more_than, kamikaze.oil_held_below) == (1, 20)
    assert (kamikaze.oil_received_below, kamikaze.lba_boxes_when_spending) == (3, 2)
    logistics = CHARTS.japanese_logistics
    assert (logistics.submarine_supply_full, logistics.submarine_supply_reduced) == (2, 1)


@pytest.mark.rule("8.41", "9.12")
def test_t10_night_gunnery_by_firer_and_target():
    gunnery = CHARTS.night_gunnery
    assert [gunnery.modifier("bb", t, elite=False) for t in ("bb", "ca", "cv", "tt")] == [
        0,
        1,
        2,
        2,
    ]
    assert [gunnery.modifier("ca", t, elite=False) for t in ("bb", "ca", "cv", "tt")] == [
        -1,
        0,
        1,
        1,
    ]
    assert gunnery.modifier("ca", "ca", elite=True) == 1


@pytest.mark.rule("2.12", "2.13", "2.14", "2.4", "2.42")
def test_strategic_warfare_numbers():
    warfare = CHARTS.strategic_warfare
    assert (warfare.raid_immune_werp, warfare.raid_immune_oil) == (5, 1)
    assert warfare.sub_points_per_strategic_move == 10
    assert (warfare.dud_roll_at_most, warfare.dud_bonus) == (3, 1)
    assert (warfare.bomber_points_per_air_base, warfare.bombing_most_werp) == (2, 5)
    assert (warfare.most_bomber_points, warfare.most_sub_points, warfare.most_oil) == (20, 40, 40)


@pytest.mark.rule("3.24")
def test_t3_ports():
    assert [CHARTS.port_fleets(s) for s in ("small", "medium", "large", "home")] == [2, 4, 8, None]
    assert [CHARTS.port_aa_dice(s) for s in ("small", "medium", "large")] == [0, 1, 2]
    assert CHARTS.ports.most_damage == 3


@pytest.mark.rule("5.42", "5.43", "5.44", "7.2")
def test_t4_stacking_and_invasions():
    island, port_box = CHARTS.stacking.island_box, CHARTS.stacking.port_box
    assert (island.ground, island.air, island.garrison) == (1, 1, 1)
    assert (port_box.ground, port_box.air, port_box.garrison) == (2, 2, 1)
    assert (island.attack_ground_with_marine, port_box.attack_ground_with_marine) == (2, 3)
    assert (CHARTS.stacking.jungle.ground, CHARTS.stacking.jungle.air) == (4, 4)
    assert CHARTS.stacking.large.ground is None
    landing = [
        CHARTS.invasion_limit(k, with_marine=False) for k in ("large", "port_box", "island_box")
    ]
    assert landing == [4, 2, 1]


def test_stacking_and_ports_agree_with_the_forces_file_that_checks_set_ups():
    limits = forces_module.load().file.limits
    for limit in limits.stacking:
        stack = getattr(CHARTS.stacking, limit.area)
        assert (stack.ground, stack.air, stack.garrison) == (
            limit.ground,
            limit.air,
            None if limit.area == "jungle" else limit.garrison,
        )
    for port in limits.port_capacity:
        assert CHARTS.port_fleets(port.port) == port.fleets


@pytest.mark.rule("4.14", "9.31")
def test_t5_production_chart():
    production = CHARTS.production
    cw = production.commonwealth
    assert cw.india + cw.south_africa + cw.australia + cw.singapore + cw.hong_kong == 8
    assert production.commonwealth_to_europe == 3
    assert (production.honshu_werp, production.honshu_oil, production.resource_area) == (5, 1, 1)
    assert (production.china_nationalist, production.philippines, production.dei) == (2, 1, 0)


@pytest.mark.rule("4.44")
def test_t6_costs_and_the_first_step_doubled():
    costs = CHARTS.costs
    assert [costs.new_unit("infantry", n) for n in (1, 2, 3, 4)] == [2, 3, 4, 5]
    assert costs.new_unit("militia", 3) == 3
    assert costs.new_unit("cba", 2) == 3 and costs.new_unit("lba", 2) == 2
    assert [costs.new_unit("marine_japan", n) for n in (1, 2)] == [4, 6]
    assert [costs.new_unit("marine_us", n) for n in (1, 2)] == [6, 9]
    assert (costs.step.cv, costs.step.bb, costs.step.ca) == (4, 5, 3)
    assert (costs.fortification.island_box, costs.fortification.port_box) == (1, 2)
    assert costs.fortification.large == 5
    assert (costs.bomber_point, costs.sub_point, costs.asw_level, costs.special_action) == (
        5,
        2,
        10,
        5,
    )


@pytest.mark.rule("4.62", "4.63", "4.41", "4.5", "9.25")
def test_t7_production_limits():
    limits = CHARTS.production_limits
    assert (limits.japan_submarine_werp, limits.japan_air_werp, limits.japan_asw_werp) == (2, 3, 1)
    assert (limits.us_bomber_points, limits.us_sub_points_or_steps) == (2, 3)
    assert (limits.new_units_per_home_area, limits.steps_per_transport_point) == (2, 4)
    assert (limits.lend_lease_most, limits.lend_lease_to_china_per_burma_road_area) == (5, 2)


@pytest.mark.rule("6.4", "6.52", "6.31", "6.32", "6.72")
def test_t8_bonuses_are_each_one_and_t9_modes():
    bonuses = CHARTS.ground_bonuses
    singles = [n for n in bonuses.__struct_fields__ if n != "most_air_support_steps"]
    assert all(getattr(bonuses, name) == 1 for name in singles)
    assert bonuses.most_air_support_steps == 8
    modes = CHARTS.combat_modes
    assert (modes.normal.dice_per_step, modes.assault.dice_per_step) == (1, 2)
    assert modes.normal.in_jungle and not modes.assault.in_jungle


@pytest.mark.rule("8.31", "8.33", "7.6", "7.22", "8.42")
def test_t11_to_t13():
    air = CHARTS.air_modifiers
    assert (air.cba_vs_cv_ca_tt, air.elite, air.fleet_in_port) == (1, 1, 1)
    assert (air.excess_cap_ratio, air.fleet_steps_per_aa_die) == (2, 2)
    groups = [(g.bb, g.ca) for g in CHARTS.shore_bombardment.groups]
    assert groups == [(2, 0), (0, 4), (1, 2)]
    interception = CHARTS.interception
    assert (interception.day, interception.code_breaking, interception.surprise_margin) == (1, 3, 4)
    assert (interception.day_rounds, interception.night_rounds) == (2, 1)


@pytest.mark.rule("5.11", "5.12", "8.22", "8.25", "8.12", "5.32")
def test_t14_movement():
    moves = CHARTS.movement
    assert (moves.ground, moves.lba_land, moves.lba_sea) == (1, 2, 1)
    assert (moves.fleet, moves.transport, moves.transport_with_marines) == (3, 2, 3)
    assert (moves.reaction, moves.reaction_code_breaking, moves.strategic_sea) == (2, 3, 6)


@pytest.mark.rule("5.24", "7.11")
def test_t15_and_t16_merge_the_seeds_values_with_the_designed_ones():
    assert [CHARTS.strategic_move_limit(p) for p in ("japan", "usa", "cw", "china_nat")] == [
        4,
        4,
        3,
        2,
    ]
    assert [CHARTS.special_action_cap("usa", y) for y in (1941, 1942, 1943, 1944, 1945)] == [
        1,
        1,
        2,
        3,
        3,
    ]
    assert CHARTS.special_action_cap("cw", 1945) == 1
    assert CHARTS.special_action_cap("japan", 1941) == 3
    assert CHARTS.special_action_cap("china_nat", 1943) == 0


def test_special_action_caps_agree_with_the_pools_file():
    for cap in forces_module.load().pools.special_action_caps:
        year = 1941 if cap.since.startswith("1941") else int(cap.since[:4])
        assert CHARTS.special_action_cap(cap.power, year) == cap.cap


@pytest.mark.rule("1.11", "8.21", "4.5", "9.17", "8.13", "9.16")
def test_t18_t19_t21():
    logistics = CHARTS.japanese_logistics
    assert (logistics.oil_per_fleet, logistics.transport_points_per_unit) == (1, 1)
    assert logistics.india_port_supplied_units == 2
    influence = CHARTS.influence
    assert influence.limited.moves_stop and influence.limited.supply
    assert not influence.enemy_dominant.supply and influence.own_dominant.rebase
    home = CHARTS.home_defence
    assert (home.steps.honshu, home.steps.shikoku, home.steps.kyushu) == (12, 4, 4)
    assert home.banzai_share == 4


# -- the designed tables ---------------------------------------------------------------------


@pytest.mark.rule("2.2")
def test_the_asw_table_grows_with_the_level_and_the_roll():
    asw = CHARTS.asw
    for level in range(5):
        column = [asw.result(level, roll) for roll in range(1, 7)]
        assert column == sorted(column)
    means = [sum(asw.result(level, r) for r in range(1, 7)) for level in range(6)]
    assert means == sorted(means) and means[0] < means[2] < means[4]
    assert asw.result(9, 6) == asw.result(4, 6)  # 4+ holds every higher level


@pytest.mark.rule("2.3", "2.14")
def test_the_submarine_attack_table_grows_with_the_points_and_the_dud_bonus():
    attack = CHARTS.submarine_attack
    bands = [2, 7, 12, 17, 22, 27, 32, 38]
    per_turn = [Fraction(sum(attack.result(p, r) for r in range(1, 7)), 6) for p in bands]
    assert per_turn == sorted(per_turn)
    assert per_turn[0] < Fraction(1, 2) and Fraction(2) <= per_turn[5] <= Fraction(3)
    fixed = [Fraction(sum(attack.result(p, r) for r in range(2, 8)), 6) for p in bands]
    assert all(after > before for before, after in zip(per_turn, fixed, strict=True))
    assert attack.result(40, 9) == attack.result(40, 7)  # rolls beyond the rows read the last


@pytest.mark.rule("8.6")
def test_naval_damage_repairs_never_cost_more_than_a_new_step():
    damage, costs = CHARTS.naval_damage, CHARTS.costs.step
    for fleet in ("cv", "bb", "ca"):
        results = [damage.result(fleet, roll) for roll in range(1, 7)]
        repairs = [r for r in results if r != "lost"]
        assert max(repairs) < getattr(costs, fleet)
    assert damage.result("cv", 1) == "lost" and damage.result("bb", 1) == 4


@pytest.mark.rule("3.24", "7.2", "9.16")
def test_the_lost_single_values():
    assert CHARTS.port_aa_dice("home") == 3
    assert [
        CHARTS.invasion_limit(k, with_marine=True) for k in ("large", "port_box", "island_box")
    ] == [5, 3, 2]
    assert CHARTS.home_defence_cost.step == 1


# -- a rules overlay ---------------------------------------------------------------------------


def test_without_an_overlay_the_state_reads_the_printed_tables():
    assert tables(state_with(None)) == CHARTS


@pytest.mark.rule("2.2")
def test_an_overlay_replaces_the_asw_table_for_its_game_only():
    def harsher(values):
        values["rows"] = [[roll, 1, 2, 3, 4, 5] for roll in range(1, 7)]

    found = tables(state_with(overlay(t2_2_asw=harsher)))
    assert found.asw.result(0, 1) == 1 and found.asw.result(4, 6) == 5
    assert found.submarine_attack == CHARTS.submarine_attack
    assert printed().asw.result(0, 1) == 0


@pytest.mark.rule("6.22", "3.24")
def test_an_overlay_changes_a_threshold_and_a_lost_value_and_the_preview_follows():
    def sixes(values):
        values["dogfight"] = {"hits": 6}

    def home_aa(values):
        values["anti_aircraft_dice"] = 4

    found = tables(state_with(overlay(t1_dice=sixes, t3_home_port_aa=home_aa)))
    assert found.dice.dogfight.hits == 6 and found.port_aa_dice("home") == 4
    preview = hits_distribution([DiceGroup(6)], found.dice.dogfight.hits)
    assert expectation(preview) == 1


def test_an_overlay_equal_to_the_printed_tables_is_no_overlay():
    assert overlay(t1_dice=lambda values: None) is None


def test_an_overlay_names_its_replaced_tables_and_a_digest():
    found = overlay(t15_strategic_moves_lost=lambda v: v.update(cw=4))
    assert set(found["tables"]) == {"t15_strategic_moves_lost"} and len(found["digest"]) == 64
    assert tables(state_with(found)).strategic_move_limit("cw") == 4


@pytest.mark.parametrize(
    ("table", "change", "expected"),
    [
        (
            "t1_dice",
            lambda v: v.update(ground_fire={"hits": "six"}),
            "table t1_dice, field ground_fire.hits",
        ),
        (
            "t1_dice",
            lambda v: v.update(air_attack={"hits": 5, "damages": 5}),
            "table t1_dice: air_attack",
        ),
        ("t1_dice", lambda v: v.update(dogfight={}), "table t1_dice: dogfight"),
        (
            "t1_dice",
            lambda v: v.pop("kamikaze"),
            "table t1_dice: Object missing required field `kamikaze`",
        ),
        (
            "t3_ports",
            lambda v: v["fleets"].update(huge=20),
            "table t3_ports, field fleets: Object contains unknown field `huge`",
        ),
        ("t2_2_asw", lambda v: v.update(columns=["2", "1", "0", "3", "4+"]), "table t2_2_asw"),
        ("t2_3_submarine_attack", lambda v: v["rows"][0].append(9), "table t2_3_submarine_attack"),
        (
            "t22_naval_damage",
            lambda v: v["rows"][0].__setitem__(1, "sunk"),
            "table t22_naval_damage",
        ),
        (
            "t22_naval_damage",
            lambda v: v.update(columns=["cv", "cv", "ca"]),
            "table t22_naval_damage",
        ),
        (
            "t16_special_actions_lost",
            lambda v: v["usa"].update({"1950": 4}),
            "table t16_special_actions_lost",
        ),
        ("t10_night_gunnery", lambda v: v["firing"]["bb"].update(bb=9), "field firing.bb.bb"),
    ],
)
def test_a_bad_overlay_is_refused_in_one_line_naming_the_table_and_field(table, change, expected):
    message = refusal(table, change)
    assert message.startswith("my-charts.yaml: ") and expected in message


def test_an_overlay_naming_no_table_of_the_game_is_refused():
    with pytest.raises(DataError, match="no table 't99'"):
        TABLES.normalize({"tables": {"t99": {}}}, "my-charts.yaml")


# -- on the command line, before the game is playable -----------------------------------------


def cli(capsys, *argv):
    code = main([str(a) for a in argv])
    return (code, *capsys.readouterr())


def test_wargame_rules_lists_the_provisional_tables_with_their_reasons(capsys, monkeypatch):
    monkeypatch.setenv("WARGAME_TESTS_DIR", "tests")
    code, out, _ = cli(capsys, "rules", "asia-engulfed")
    lines = out.splitlines()
    assert code == 0 and "34 printed tables a rules overlay may replace, 12 provisional" in out
    shown = [line.split()[2] for line in lines if line.startswith("provisional table ")]
    assert sorted(shown) == sorted(PROVISIONAL)
    assert "provisional table t22_naval_damage (8.6): The naval damage table" in out


def test_a_template_of_the_tables_read_back_is_no_overlay_and_an_edit_of_it_is(capsys, tmp_path):
    template = tmp_path / "charts.yaml"
    code, out, _ = cli(capsys, "tables", "asia-engulfed", "--template", template)
    assert code == 0 and "the 34 tables of asia-engulfed" in out
    assert TABLES.read(template) is None
    text = template.read_text(encoding="utf-8")
    template.write_text(text.replace("anti_aircraft_dice: 3", "anti_aircraft_dice: 2"))
    found = TABLES.read(template)
    assert found is not None and set(found["tables"]) == {"t3_home_port_aa"}
    assert tables(state_with(found)).port_aa_dice("home") == 2
