"""Dai Senso!'s printed tables as data (charts.py, data/tables.yaml): each loads with its
provenance, the designed ones give their reason in both languages, the seed's anchors hold, every
table can be replaced by a rules overlay, a bad one is refused in one line, and the command line
shows them (the training scenario August Storm plays; the other scenarios are refused)."""

from __future__ import annotations

import copy

import pytest

from wargame.cli import main
from wargame.engine.errors import DataError
from wargame.engine.overlay import OPTION
from wargame.engine.state import State
from wargame.engine.tables import Placement
from wargame.games import REGISTRY
from wargame.games.dai_senso.charts import TABLES, parse_result, tables

pytestmark = pytest.mark.game("dai-senso")

PRINTED = {row["id"]: row["values"] for row in TABLES.listing()}
PROVISIONAL = {
    "crt",
    "seasonal_play",  # ds-season
    "replacement_play",
    "blitz_markers",
    "exploitation",
    "supply",
    "naval",
    "organization",
    "uscl_track",
    "vp_track",
    "delay_allied",
    "option_cards",  # ds-cards: the deals of the campaigns (1.1)
    "esv_adjustment",
    "event_tables",
    "turn_track",
    "training_scenarios",
    "campaign_scenarios",
    "politics",
    "markers",  # ds-markers: chapter 14-16 markers and events
}


def state_with(overlay: dict | None) -> State:
    options = {} if overlay is None else {OPTION: overlay}
    return State("dai-senso", "", "c1_1937", 0, options, 0, {}, [])


def changed(table: str, change) -> dict:
    values = copy.deepcopy(PRINTED[table])
    change(values)
    return values


def refusal(table: str, change) -> str:
    with pytest.raises(DataError) as error:
        TABLES.normalize({"tables": {table: changed(table, change)}}, "my-charts.yaml")
    message = str(error.value)
    assert "\n" not in message and message.startswith("my-charts.yaml: table " + table)
    return message


# -- every table loads and says where it comes from ---------------------------------------------


def test_every_table_loads_with_titles_rules_and_sources():
    entries = TABLES.entries
    assert set(entries) == set(TABLES.kinds) and len(entries) == 28
    assert all(e.title and e.title_ja and e.ref and e.source for e in entries.values())


def test_exactly_the_designed_tables_are_provisional_each_with_a_reason_in_both_languages():
    entries = TABLES.entries
    assert {t for t, e in entries.items() if e.provenance == "provisional"} == PROVISIONAL
    for table in PROVISIONAL:
        assert entries[table].reason.strip() and entries[table].reason_ja.strip(), table
    assert {e.provenance for t, e in entries.items() if t not in PROVISIONAL} <= {
        "seed",
        "rulebook",
        "reconstructed",
    }


# -- the CRT and its shifts -----------------------------------------------------------------------


def test_the_crt_column_rounds_in_the_defenders_favour_and_clamps_at_both_ends():
    crt = TABLES.defaults["crt"]
    assert crt.column(7, 3).label == "2-1"
    assert crt.column(5, 9).label == "1-2"
    assert crt.column(1, 4).placement is Placement.BELOW
    assert crt.column(40, 3).label == "9-1" and crt.column(40, 3).placement is Placement.ABOVE


def test_a_shift_moves_the_column_and_stops_at_the_tables_edges():
    crt = TABLES.defaults["crt"]
    assert crt.result("1-1", 6).code == "Dr1"
    assert crt.result("1-1", 6, shift=2).code == "Dr1"  # 3-1: a row's ladder moves with it
    assert crt.result("9-1", 6, shift=3).code == crt.result("9-1", 6).code
    assert crt.result("1-3", 1, shift=-2).code == "1/0"


def test_each_crt_column_is_its_left_neighbour_one_die_face_better_for_the_attacker():
    rows = PRINTED["crt"]["rows"]
    columns = len(PRINTED["crt"]["columns"])
    for column in range(1, columns):
        for face in range(1, 6):
            assert rows[str(face)][column] == rows[str(face + 1)][column - 1]


def test_results_read_as_the_supplements_codes():
    assert parse_result("Dr2").retreat == 2
    assert (parse_result("1/2").attacker_steps, parse_result("1/2").defender_steps) == (1, 2)
    assert parse_result("Ex").kind == "ex" and parse_result("Ad").kind == "ad"
    for bad in ("Dr4", "0/0", "4/1", "AE", "1/"):
        with pytest.raises(ValueError, match="is not Ad, Ex"):
            parse_result(bad)


def test_the_column_shifts_and_weather_are_the_supplements():
    shifts = TABLES.defaults["column_shifts"]
    assert (shifts.beachhead_2, shifts.beachhead_1, shifts.snlf_beachhead_0) == (2, 1, 0)
    assert shifts.lowest_raw_odds == "1-3"
    weather = TABLES.defaults["weather_combat"]
    assert weather.retreat_results == {"Dr3": "Dr2", "Dr2": "Dr1", "Dr1": "Ex"}


# -- tracks with the seed's anchors ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("sv", "box", "face"),
    [
        (0, 1, "allied_crusade"),
        (1, 0, "unchanged"),
        (2, 0, "unchanged"),
        (3, 1, "rising_sun"),
        (-17, "automatic_victory", "allied_crusade"),
        (40, "automatic_victory", "rising_sun"),
    ],
)
def test_the_vp_track_places_the_seeds_anchors(sv, box, face):
    found = TABLES.defaults["vp_track"].place(sv)
    assert (found.box, found.face) == (box, face)


def test_an_overlay_that_moves_a_seed_anchor_of_the_vp_track_is_refused():
    def zero_to_rising_sun(values):
        values[4] = {"sv": "-4--1", "box": 1, "face": "allied_crusade"}
        values[5] = {"sv": "0-2", "box": 0, "face": "unchanged"}

    assert "SV 0 goes to the 1 box" in refusal("vp_track", zero_to_rising_sun)


def test_a_vp_track_with_a_gap_is_refused():
    def gap(values):
        values[6]["sv"] = "4-5"

    assert "leave a gap or overlap" in refusal("vp_track", gap)


# -- event tables ---------------------------------------------------------------------------------


def test_the_seeds_treaty_example_chains_to_the_colonialism_table():
    events = TABLES.defaults["event_tables"]
    assert events["current_card_treaty"].rows["2"] == "table:diplomatic_incident"
    assert events["diplomatic_incident"].rows["6"] == "table:colonialism"
    assert not any(r.startswith("table:") for r in events["colonialism"].rows.values())


def test_an_event_table_chain_that_never_ends_is_refused():
    def loop(values):
        values["colonialism"]["rows"]["1"] = "table:current_card_treaty"

    assert "never reach a final result" in refusal("event_tables", loop)


def test_an_event_nobody_knows_is_refused():
    def unknown(values):
        values["aid_to_china"]["rows"]["1"] = "free_beer"

    assert "'free_beer' is no event" in refusal("event_tables", unknown)


# -- every table can be replaced ------------------------------------------------------------------


def _first_row_shift(values):
    values["rows"]["1"][0] = "Ad"


CHANGES = {
    "crt": _first_row_shift,
    "column_shifts": lambda v: v.update(armour=2),
    "weather_combat": lambda v: v.update(weathers=["mud"]),
    "terrain_effects": lambda v: v["hexes"]["rough"].update(mp=3),
    "stacking": lambda v: v["normal"].update(steps=5),
    "political_drm": lambda v: v.update(marker_on_selected_country=2),
    "uscl_track": lambda v: v[1].update(political_drm=0),
    "vp_track": lambda v: v[7].update(box=3),
    "delay_procedure": lambda v: v.update(highest_result=9),
    "delay_axis": lambda v: v[0].update(drm=2),
    "delay_allied": lambda v: v["soviet"][0].update(drm=1),
    "esv_adjustment": lambda v: v["total_war"]["3"].update(war=0),
    "event_tables": lambda v: v["aid_to_china"]["rows"].update({"1": "military_aid"}),
    "turn_track": lambda v: v[3]["weather"].update(central="storm"),
    "training_scenarios": lambda v: v["a1_august_storm"].update(turns=2),
    "campaign_scenarios": lambda v: v["b1_war_of_resistance"].update(attacker_needs=8),
    "weather_areas": lambda v: v["south"].append("australia") or v["desert"].remove("australia"),
    "blitz_markers": lambda v: v["per_turn"]["a1_august_storm"].update(soviet=1),
    "exploitation": lambda v: v.update(allowance_divisor=1),
    "supply": lambda v: v.update(trace_hexes=6),
    "naval": lambda v: v.update(sea_reach=4),
    "politics": lambda v: v.update(truce_turns=2),
    "seasonal_play": lambda v: v.update(esv_term="if"),
    "replacement_play": lambda v: v.update(city_is=["port"]),
    "option_cards": lambda v: v["scenarios"]["c1_1937"]["government"].update(face="navy"),
    "organization": lambda v: v["donors"].update(hq=["hq"]),
    "airdrop": lambda v: v.update(range=1),
    "markers": lambda v: v.update(stall_range=1),
}


def test_every_table_has_a_change_to_try():
    assert set(CHANGES) == set(TABLES.kinds)


@pytest.mark.parametrize("table", sorted(CHANGES))
def test_an_overlay_replaces_each_table_for_its_game_only(table):
    overlay = TABLES.normalize(
        {"game": "dai-senso", "tables": {table: changed(table, CHANGES[table])}}, "test overlay"
    )
    assert overlay is not None and list(overlay["tables"]) == [table]
    assert tables(state_with(overlay))[table] != TABLES.defaults[table]
    others = set(TABLES.kinds) - {table}
    assert all(tables(state_with(overlay))[t] == TABLES.defaults[t] for t in others)
    assert tables(state_with(None))[table] == TABLES.defaults[table]


def test_an_overlay_equal_to_the_printed_tables_is_no_overlay():
    assert TABLES.normalize({"tables": copy.deepcopy(PRINTED)}, "same.yaml") is None


@pytest.mark.parametrize(
    ("table", "change", "expected"),
    [
        ("crt", lambda v: v["rows"]["3"].pop(), "expected 11 (one per column)"),
        ("crt", lambda v: v["rows"]["2"].__setitem__(0, "Dx"), "'Dx' is not Ad, Ex"),
        ("crt", lambda v: v["columns"].reverse(), "columns must rise in odds"),
        ("crt", lambda v: v["rows"].pop("6"), "die faces 1 to 6"),
        ("column_shifts", lambda v: v.update(hq=9), "field hq"),
        ("column_shifts", lambda v: v.update(lowest_raw_odds="lots"), "cannot read 'lots'"),
        ("weather_combat", lambda v: v["retreat_results"].update(Ex="Ad"), "not a Dr result"),
        (
            "terrain_effects",
            lambda v: v["hexes"]["clear"].update(mp="fly"),
            "Invalid enum value 'fly'",
        ),
        ("uscl_track", lambda v: v.pop(0), "levels must run 0, 1, 2"),
        ("esv_adjustment", lambda v: v["prewar"].pop("3"), "production values 0 to 3"),
        ("esv_adjustment", lambda v: v["limited_war"]["0"].update(no_war=0), "card 15"),
        ("delay_axis", lambda v: v[0].update(condition="luck"), "condition"),
        ("event_tables", lambda v: v["colonialism"]["rows"].pop("4"), "die faces 1 to 6"),
        ("turn_track", lambda v: v[3].update(seasonal=True), "the seasonal turns are the seed's"),
        ("turn_track", lambda v: v[1]["weather"].update(north="hail"), "Invalid enum value 'hail'"),
        ("weather_areas", lambda v: v["south"].append("korea"), "korea is in both"),
        (
            "training_scenarios",
            lambda v: v["a1_august_storm"].update(attacker_needs=9),
            "attacker_needs is more than the objectives",
        ),
        (
            "option_cards",
            lambda v: v["soviet_production_limit"].update(total_war=2),
            "1.1.3 (seed): the Soviet production limit",
        ),
        (
            "option_cards",
            lambda v: v["scenarios"]["c1_1937"]["government"].update(face="cabinet"),
            "Invalid enum value 'cabinet'",
        ),
        (
            "campaign_scenarios",
            lambda v: v["b1_war_of_resistance"]["countries"]["japan"].update(status="neutral"),
            "japan is a major power, always active (13.2.1)",
        ),
        (
            "campaign_scenarios",
            lambda v: v["b1_war_of_resistance"]["reinforcements"][0].update(turn=33),
            "j-sea comes after the last turn",
        ),
        (
            "campaign_scenarios",
            lambda v: v["c1_1937"]["reinforcements"][-1].update(turn=59),
            "s-15th comes after the last turn",
        ),
        (
            "campaign_scenarios",
            lambda v: v["c1_1937"].update(decided_by="coin"),
            "Invalid enum value 'coin'",
        ),
    ],
)
def test_a_bad_table_is_refused_in_one_line_naming_the_table_and_field(table, change, expected):
    assert expected in refusal(table, change)


# -- on the command line, before the game is playable -------------------------------------------


def cli(capsys, *argv):
    code = main([str(a) for a in argv])
    return (code, *capsys.readouterr())


def test_wargame_tables_lists_every_table(capsys):
    code, out, _ = cli(capsys, "tables", "dai-senso")
    assert code == 0
    assert all(f"- id: {table}" in out for table in TABLES.kinds)


def test_wargame_rules_lists_the_provisional_tables_with_their_reasons(capsys):
    code, out, _ = cli(capsys, "rules", "dai-senso")
    assert code == 0 and "28 printed tables a rules overlay may replace, 19 provisional" in out
    shown = [line.split()[2] for line in out.splitlines() if line.startswith("provisional table")]
    assert sorted(shown) == sorted(PROVISIONAL)


def test_a_template_read_back_is_no_overlay_and_an_edit_of_it_is(capsys, tmp_path):
    template = tmp_path / "charts.yaml"
    code, out, _ = cli(capsys, "tables", "dai-senso", "--template", template)
    assert code == 0 and "the 28 tables of dai-senso" in out
    assert TABLES.read(template) is None
    text = template.read_text(encoding="utf-8")
    template.write_text(text.replace("steps: 6", "steps: 5"), encoding="utf-8")
    found = TABLES.read(template)
    assert found is not None and set(found["tables"]) == {"stacking"}
    assert tables(state_with(found))["stacking"].normal.steps == 5


def test_a_new_game_of_no_scenario_is_refused_in_one_line(capsys, tmp_path):
    code, _, err = cli(capsys, "new", "dai-senso", "-s", "c2_1938", "-o", tmp_path / "g.json")
    assert code != 0 and "no scenario 'c2_1938'" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "g.json").exists()


def test_every_rule_a_table_names_is_a_row_of_the_rule_index():
    index = REGISTRY.rules("dai-senso")
    numbers = {row.number for row in index.index().rules}
    for table, entry in TABLES.entries.items():
        for ref in entry.ref.split(", "):
            first, _, last = ref.partition("-")
            assert first in numbers and (not last or last in numbers), (table, ref)
