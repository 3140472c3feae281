"""The counters of Empire of the Sun as data: values, set-ups and flags (units.yaml, 18.0 list).

The file is loaded with the plain record loader, not ``Static()``, so these tests do not depend on
the map; the map cross-check at the end runs only once ``data/map.json`` exists.
"""

import re
from collections import Counter, defaultdict

import pytest

from wargame.engine.data import load_file, load_records
from wargame.games.empire_of_the_sun.static import DATA, SETUP_NOTATION, MapFile, Unit

pytestmark = pytest.mark.game("empire-of-the-sun")

COLUMNS = ("1941", "1942", "1943", "1944")
UNITS = {u.id: u for u in load_records(DATA / "units.yaml", Unit)}
TURN = re.compile(r"^\[?t(\d{1,2})\]?$")
PREFIX = {
    "us": "us",
    "british": "cw",
    "australian": "au",
    "new_zealand": "nz",
    "indian": "in",
    "burmese": "bu",
    "dutch": "nl",
    "chinese": "cn",
    "japanese": "jp",
}
CARRIERS = ("CV", "CVL", "CVE")


def units(**where):
    return [u for u in UNITS.values() if all(getattr(u, k) == v for k, v in where.items())]


def entry_turn(entry):
    match = TURN.match(entry)
    return int(match.group(1)) if match else None


def placed(column):
    """Units set up on the map in a column, by hex (reduced brackets stripped)."""
    by_hex = defaultdict(list)
    for unit in UNITS.values():
        found = SETUP_NOTATION.match(unit.setup[column])
        if found and found.group("hex"):
            by_hex[found.group("hex").strip("[]")].append(unit)
    return by_hex


def in_column(column, value):
    return {u.id for u in UNITS.values() if u.setup[column] == value}


# --- identity and notation --------------------------------------------------------------------


@pytest.mark.rule("18.0")
def test_ids_are_unique_ascii_and_start_with_the_nation_prefix():
    ids = [u.id for u in load_records(DATA / "units.yaml", Unit)]
    assert len(ids) == len(set(ids))
    for unit in UNITS.values():
        assert re.fullmatch(r"[a-z]{2}-[a-z0-9]+(-[a-z0-9]+)*", unit.id), unit.id
        expected = "jt" if unit.hq_kind == "joint" else PREFIX[unit.nationality]
        assert unit.id.split("-")[0] == expected, unit.id
        assert unit.name and unit.name_ja, unit.id


@pytest.mark.rule("18.0", "2.2")
def test_every_unit_has_the_four_set_up_columns_in_18_0_notation():
    for unit in UNITS.values():
        assert tuple(unit.setup) == COLUMNS, unit.id
        for column, entry in unit.setup.items():
            assert SETUP_NOTATION.match(entry), (unit.id, column, entry)


@pytest.mark.rule("18.0")
def test_the_list_has_every_counter_of_both_sides():
    by_class = Counter((u.side, u.unit_class) for u in UNITS.values())
    assert by_class == {
        ("allied", "air"): 26,
        ("allied", "ground"): 50,
        ("allied", "hq"): 8,
        ("allied", "naval"): 42,
        ("japan", "air"): 25,
        ("japan", "ground"): 26,
        ("japan", "hq"): 4,
        ("japan", "naval"): 19,
    }
    by_nation = Counter(u.nationality for u in UNITS.values())
    assert by_nation == {
        "us": 76,
        "japanese": 74,
        "british": 20,
        "dutch": 11,
        "australian": 9,
        "indian": 4,
        "chinese": 3,
        "burmese": 2,
        "new_zealand": 1,
    }


# --- counter values the rulebook states -------------------------------------------------------

STATED = [
    ("jp-5-ad", "attack", 22),
    ("jp-21-af", "attack", 16),
    ("jp-23-af", "attack", 16),
    ("jp-ca-takao", "attack", 12),
    ("jp-24-af", "attack", 10),
    ("jp-cl-tenryu", "attack", 4),
    ("jp-4-sn-bde", "defense", 6),
    ("us-vmf-211", "attack", 1),
    ("jp-bb-kongo-2", "attack", 13),
    ("jp-ca-mogami", "attack", 12),
    ("jp-22-af", "attack", 20),
    ("cw-malaya-air", "attack", 6),
    ("cw-malaya-air", "defense", 9),
    ("in-3-corps", "attack", 9),
    ("in-3-corps", "defense", 9),
    ("jp-15-army", "attack", 18),
    ("jp-15-army", "defense", 12),
    ("us-bb-md-ca", "defense", 10),
    ("us-7af", "defense", 10),
    ("us-ca-new-orleans", "defense", 8),
    ("jp-hq-south", "efficiency", 1),
]


@pytest.mark.rule("19.0")
@pytest.mark.parametrize(("unit_id", "field", "value"), STATED)
def test_values_stated_in_the_example_of_play(unit_id, field, value):
    assert getattr(UNITS[unit_id], field) == value


@pytest.mark.rule("19.0")
def test_records_marked_rulebook_are_exactly_those_the_example_confirms():
    confirmed = {unit_id for unit_id, _, _ in STATED}
    marked = {u.id for u in UNITS.values() if u.provenance == "rulebook"}
    assert marked == confirmed
    for unit_id in marked:
        assert UNITS[unit_id].ref == "19.0" and UNITS[unit_id].note, unit_id
    assert {u.provenance for u in UNITS.values()} == {"rulebook", "reconstructed"}


@pytest.mark.rule("19.0", "8.2")
def test_the_example_of_play_arithmetic_adds_up():
    u = UNITS
    # Pearl Harbor: the three carriers strike for 36; Oahu's units defend at half strength.
    assert u["jp-cv-akagi"].attack + u["jp-cv-soryu"].attack + u["jp-cv-shokaku"].attack == 36

    def half_defense_steps(unit_id, steps=2):
        return steps * (u[unit_id].defense // 2)

    assert half_defense_steps("us-bb-md-ca") == 10  # eliminated
    assert half_defense_steps("us-7af") + half_defense_steps("us-7af-lrb") == 20  # both gone
    assert half_defense_steps("us-ca-new-orleans", steps=1) == 4  # reduced
    # Luzon: 5th Air Division and the 21st and 23rd Air Flotillas total 54 before halving.
    assert u["jp-5-ad"].attack + u["jp-21-af"].attack + u["jp-23-af"].attack == 54
    # Wake: 24th Air Flotilla at extended range (halved) plus CL Tenryu make 9.
    assert u["jp-24-af"].attack // 2 + u["jp-cl-tenryu"].attack == 9
    # Singapore 1942: Kongo 2, Mogami and the 22nd Air Flotilla make 45; Malaya air dies at 18.
    assert u["jp-bb-kongo-2"].attack + u["jp-ca-mogami"].attack + u["jp-22-af"].attack == 45
    assert 2 * u["cw-malaya-air"].defense == 18


# --- headquarters ----------------------------------------------------------------------------

HQS = [
    ("us-hq-cenpac", 25, 3, "us", False),
    ("us-hq-swpac", 20, 2, "us", False),
    ("us-hq-sopac-ghormley", 7, 1, "us", False),
    ("us-hq-sopac-halsey", 10, 3, "us", False),
    ("cw-hq-malaya", 5, 1, "commonwealth", True),
    ("cw-hq-seac", 10, 1, "commonwealth", False),
    ("jt-hq-abda", 12, 1, "joint", True),
    ("jt-hq-anzac", 10, 1, "joint", False),
    ("jp-hq-cf-yamamoto", 13, 3, "japanese", False),
    ("jp-hq-cf-ozawa", 12, 2, "japanese", False),
    ("jp-hq-south", 13, 1, "japanese", False),
    ("jp-hq-south-seas", 12, 2, "japanese", False),
]


@pytest.mark.rule("7.5", "7.51", "7.53")
@pytest.mark.parametrize(("unit_id", "command_range", "efficiency", "kind", "dot"), HQS)
def test_hq_values(unit_id, command_range, efficiency, kind, dot):
    hq = UNITS[unit_id]
    assert (hq.unit_class, hq.type) == ("hq", "hq")
    assert (hq.command_range, hq.efficiency, hq.hq_kind, hq.pre_war) == (
        command_range,
        efficiency,
        kind,
        dot,
    )
    assert hq.attack == hq.defense == 0 and hq.service is None


@pytest.mark.rule("7.5", "7.51")
def test_only_hqs_have_hq_values():
    assert {u.id for u in units(unit_class="hq")} == {row[0] for row in HQS}
    for unit in UNITS.values():
        if unit.unit_class != "hq":
            assert unit.command_range is unit.efficiency is unit.hq_kind is None, unit.id


# --- ranges, LRBs, pairs ---------------------------------------------------------------------


@pytest.mark.rule("1.3")
def test_carriers_have_one_range_japanese_3_allied_2():
    carriers = [u for u in UNITS.values() if u.type in CARRIERS]
    assert len(carriers) == 30
    for carrier in carriers:
        assert carrier.range == (3 if carrier.side == "japan" else 2), carrier.id
        assert carrier.extended_range is None, carrier.id
    for ship in units(unit_class="naval"):
        if ship.type not in CARRIERS:
            assert ship.range is None, ship.id


@pytest.mark.rule("1.3", "7.34", "11.31")
def test_long_range_bombers_are_allied_with_one_range_of_6_or_more():
    for unit in units(unit_class="air"):
        bomber = unit.type in ("lrb", "b29")
        assert bomber == (unit.range >= 6), unit.id
        if bomber:
            assert unit.side == "allied" and unit.extended_range is None, unit.id
        else:
            assert unit.extended_range > unit.range, unit.id
    b29s = units(type="b29")
    assert {(u.id, u.range, u.setup["1941"]) for u in b29s} == {
        ("us-20bc", 8, "t9"),
        ("us-21bc", 8, "t10"),
    }


@pytest.mark.rule("1.3", "7.31")
def test_parenthetical_extended_ranges():
    parenthetical = {u.id for u in UNITS.values() if u.extended_parenthetical}
    assert parenthetical == {
        "us-avg",
        "us-feaf",
        "us-vmf-211",
        "us-1maw",
        "us-2maw",
        "us-3maw",
        "au-air",
        "cw-fe-air",
        "cw-malaya-air",
        "nl-air",
        "jp-tainan-air",
    }
    assert UNITS["jp-tainan-air"].range == 4


@pytest.mark.rule("7.34")
def test_lrb_pairs_are_symmetric_same_named_us_or_seac_units():
    pairs = {u.id: u.pair for u in UNITS.values() if u.pair}
    for unit_id, partner_id in pairs.items():
        unit, partner = UNITS[unit_id], UNITS[partner_id]
        assert partner.pair == unit_id
        assert {unit.type, partner.type} == {"air", "lrb"}
        assert unit.nationality == partner.nationality
        assert unit.id.startswith("us-") or unit.id.startswith("cw-seac")
    assert {frozenset(p) for p in pairs.items()} == {
        frozenset({"us-5af", "us-5af-lrb"}),
        frozenset({"us-7af", "us-7af-lrb"}),
        frozenset({"us-11af", "us-11af-lrb"}),
        frozenset({"us-13af", "us-13af-lrb"}),
        frozenset({"us-14af", "us-14af-lrb"}),
        frozenset({"cw-seac-air", "cw-seac-lrb"}),
    }
    assert UNITS["us-10af-lrb"].pair is None and UNITS["us-19-lrb"].pair is None


# --- steps and set-up strength ---------------------------------------------------------------


@pytest.mark.rule("13.4", "1.23")
def test_one_step_units_are_the_one_sided_pre_war_counters():
    one_step = {u.id for u in UNITS.values() if u.unit_class != "hq" and u.steps == 1}
    dutch_regiments = {f"nl-{n}-regt" for n in range(1, 9)}
    assert one_step == {"us-vmf-211", "us-wake-bde", "us-p-bde", "cw-cvl-hermes"} | dutch_regiments
    for unit_id in one_step:
        assert UNITS[unit_id].pre_war, unit_id
    for unit in UNITS.values():
        if unit.reduced_attack is not None:
            assert unit.reduced_attack < unit.attack, unit.id


ERRATA_ARMIES = [2, 28, 29, 31, 32, 33, 37, 39]


@pytest.mark.rule("1.23", "2.2")
@pytest.mark.parametrize("number", ERRATA_ARMIES)
def test_errata_armies_enter_reduced(number):
    army = UNITS[f"jp-{number}-army"]
    assert re.fullmatch(r"\[t\d{1,2}\]", army.setup["1941"]), army.setup


@pytest.mark.rule("1.23", "2.2")
def test_units_that_start_the_campaign_reduced():
    reduced = {u.id for u in UNITS.values() if u.setup["1941"].startswith("[")}
    assert reduced == {
        *(f"jp-{n}-army" for n in (*ERRATA_ARMIES, 16, 17, 18, 19, 25, 27, 35)),
        "jp-bb-yamato",
        "jp-cvl-kaiyo",
        "us-i-corps",
        "us-xiv-corps",
        "us-cv-lexington",
        "us-cv-enterprise",
        "cn-5-army",
        "cn-6-army",
        "cn-66-army",
    }


@pytest.mark.rule("1.3", "10.1", "10.35")
def test_pre_war_dots():
    for unit in units(nationality="dutch"):
        assert unit.pre_war, unit.id
    japanese_dots = {u.id for u in units(side="japan") if u.pre_war}
    japanese_start_units = {
        u.id
        for u in units(side="japan")
        if SETUP_NOTATION.match(u.setup["1941"]).group("hex") and u.type not in ("army", "hq")
    }
    assert japanese_dots == japanese_start_units | {"jp-tainan-air"}
    for unit in units(type="army"):
        assert not unit.pre_war, unit.id


# --- service and movement capabilities -------------------------------------------------------


@pytest.mark.rule("1.3", "14.1", "14.2")
def test_service_follows_the_glossary():
    for unit in UNITS.values():
        if unit.unit_class == "hq" or unit.nationality not in ("us", "japanese"):
            assert unit.service is None, unit.id
        elif unit.unit_class == "naval":
            assert unit.service == "navy", unit.id
    for unit in units(side="japan", unit_class="air"):
        number = re.match(r"jp-(\d+)-", unit.id)
        expected = "army" if number is None or int(number.group(1)) <= 20 else "navy"
        assert unit.service == expected, unit.id
    for unit in units(side="japan", unit_class="ground"):
        assert unit.service == ("army" if unit.type == "army" else "navy"), unit.id
    marines = {u.id for u in units(nationality="us", service="marine")}
    assert marines == {
        "us-vmf-211",
        "us-1maw",
        "us-2maw",
        "us-3maw",
        "us-1mar-div",
        "us-2mar-div",
        "us-3mar-div",
        "us-5mar-div",
        "us-6mar-div",
        "us-mar-bde",
        "us-sf-bde",
        "us-wake-bde",
    }
    for unit in units(nationality="us", unit_class="ground"):
        if unit.service == "army":
            assert unit.type == "corps" or unit.id in ("us-p-bde", "us-11abn-div"), unit.id


@pytest.mark.rule("1.3", "7.44", "7.45", "7.49")
def test_amphibious_and_strategic_transport_capabilities():
    capable = {"japanese", "us", "british", "australian", "new_zealand"}
    for unit in UNITS.values():
        if unit.unit_class != "ground":
            assert not unit.amphibious and not unit.strategic_transport, unit.id
            continue
        assault = unit.nationality in capable and unit.id != "cw-7-armd-bde"
        assert unit.amphibious == assault, unit.id
        assert unit.strategic_transport == (assault or unit.id == "cw-7-armd-bde"), unit.id
    armour = UNITS["cw-7-armd-bde"]
    assert armour.strategic_transport and not armour.amphibious
    for nation in ("dutch", "indian", "chinese", "burmese"):
        assert not any(u.amphibious for u in units(nationality=nation)), nation


# --- reinforcement schedule ------------------------------------------------------------------


@pytest.mark.rule("9.1", "2.3")
def test_reinforcement_schedule_per_turn_and_side():
    schedule = Counter()
    for unit in UNITS.values():
        turn = entry_turn(unit.setup["1941"])
        if turn is not None:
            schedule[unit.side, turn] += 1
    allied = {2: 14, 3: 15, 4: 6, 5: 4, 6: 6, 7: 4, 8: 6, 9: 5, 10: 8, 11: 1}
    japan = {2: 3, 3: 4, 4: 3, 5: 3, 6: 3, 7: 3, 8: 5, 9: 3, 10: 2}
    assert schedule == {
        **{("allied", t): n for t, n in allied.items()},
        **{("japan", t): n for t, n in japan.items()},
    }


@pytest.mark.rule("9.1", "5.31")
def test_event_only_units():
    assert in_column("1941", "event") == {
        "us-14af",
        "us-hq-sopac-halsey",
        "cw-7-armd-bde",
        "cw-77-bde",
        "jt-hq-abda",
        "jp-tainan-air",
        "jp-hq-cf-ozawa",
    }


@pytest.mark.rule("2.3")
@pytest.mark.parametrize(("column", "start"), [("1942", 2), ("1943", 5), ("1944", 8)])
def test_later_arrivals_keep_their_campaign_turn(column, start):
    for unit in UNITS.values():
        campaign_turn = entry_turn(unit.setup["1941"])
        entry = unit.setup[column]
        if campaign_turn is not None and campaign_turn > start:
            assert entry == unit.setup["1941"], unit.id
        else:
            assert entry_turn(entry) is None, unit.id


# --- scenario set-ups (17.2x, 17.3x, 17.4x) --------------------------------------------------


@pytest.mark.rule("17.21", "17.22", "17.24")
def test_1942_set_up():
    assert in_column("1942", "elim") == {
        "us-bb-md-ca",
        "us-m-corps",
        "cw-hk-div",
        "cw-bb-force-z",
        "us-nl-corps",
    }
    altered = {
        "cw-hq-seac": "1805",
        "us-feaf": "[2813]",
        "us-sl-corps": "[2912]",
        "us-19-lrb": "[2917]",
        "us-ca-us-asia": "[3014]",
        "us-7af": "5108",
        "us-7af-lrb": "5808",
        "us-cv-lexington": "5808",
        "us-cv-enterprise": "5808",
        "us-ca-new-orleans": "[5808]",
    }
    for unit_id, entry in altered.items():
        assert UNITS[unit_id].setup["1942"] == entry, unit_id
    turn_2 = {u.id for u in UNITS.values() if u.setup["1941"] == "t2"}
    allied_turn_2 = {i for i in turn_2 if UNITS[i].side == "allied"}
    assert in_column("1942", "delay") == allied_turn_2 - {"cw-hq-seac"}
    for unit in units(side="japan"):
        assert unit.setup["1942"] != "elim", unit.id
        if unit.id in turn_2 or unit.setup["1941"] == "[t2]":
            assert SETUP_NOTATION.match(unit.setup["1942"]).group("hex"), unit.id


US_LOST_BY_1943 = {
    "us-avg",
    "us-cv-wasp",
    "us-bb-md-ca",
    "us-ca-new-orleans",
    "us-ca-northampton",
    "us-ca-us-asia",
    "us-dd-us-asia",
    "us-wake-bde",
    "us-vmf-211",
    "us-nl-corps",
    "us-sl-corps",
    "us-r-corps",
    "us-m-corps",
    "us-p-bde",
    "us-feaf",
    "us-19-lrb",
    "jt-hq-abda",
    "us-hq-sopac-ghormley",
    "cw-bb-force-z",
    "au-8-div",
    "cw-hk-div",
}
JAPANESE_LOST_BY_1943 = {
    "jp-bb-kongo-2",
    "jp-cv-akagi",
    "jp-cv-soryu",
    "jp-cvl-ryujo",
    "jp-cl-tenryu",
    "jp-tainan-air",
}
AUSTRALIA_AND_NEW_GUINEA = {"3023", "3727", "3823"}


def commonwealth_hex_set_ups():
    return {
        u.id
        for u in UNITS.values()
        if u.nationality in ("british", "australian", "new_zealand", "indian", "burmese")
        and u.hq_kind != "joint"
        and SETUP_NOTATION.match(u.setup["1941"]).group("hex")
    }


@pytest.mark.rule("17.31", "17.32", "17.34")
def test_1943_set_up():
    outside = {
        i
        for i in commonwealth_hex_set_ups()
        if UNITS[i].setup["1941"].strip("[]") not in AUSTRALIA_AND_NEW_GUINEA
    }
    dutch = {u.id for u in units(nationality="dutch")}
    # 1st Indian Corps: the 18.0 list keeps it at Ledo, reduced (documented in units.yaml).
    assert UNITS["in-1-corps"].setup["1943"] == "[2205]"
    allied = US_LOST_BY_1943 | (outside - {"in-1-corps"}) | {"cw-cvl-hermes"} | dutch
    assert {i for i in in_column("1943", "elim") if UNITS[i].side == "allied"} == allied
    assert {i for i in in_column("1943", "elim") if UNITS[i].side == "japan"} == (
        JAPANESE_LOST_BY_1943
    )
    allied_turn_5 = {u.id for u in units(side="allied") if u.setup["1941"] == "t5"}
    assert in_column("1943", "delay") == allied_turn_5


@pytest.mark.rule("17.41", "17.42", "17.44")
def test_1944_set_up():
    non_australian = {i for i in commonwealth_hex_set_ups() if UNITS[i].nationality != "australian"}
    dutch = {u.id for u in units(nationality="dutch")}
    allied = US_LOST_BY_1943 | non_australian | {"cw-cvl-hermes"} | dutch
    assert {i for i in in_column("1944", "elim") if UNITS[i].side == "allied"} == allied
    japanese = JAPANESE_LOST_BY_1943 | {
        "jp-ca-aoba",
        "jp-21-af",
        "jp-50-af",
        "jp-1-sn-bde",
        "jp-2-sn-bde",
        "jp-ss-bde",
        "jp-hq-cf-yamamoto",
    }
    assert {i for i in in_column("1944", "elim") if UNITS[i].side == "japan"} == japanese
    assert in_column("1944", "delay") == set()


@pytest.mark.rule("12.74", "17.31", "17.41")
def test_the_china_box_holds_the_14th_air_force_lrb_from_1943():
    for column in ("1943", "1944"):
        assert in_column(column, "china") == {"us-14af-lrb"}


@pytest.mark.rule("7.24", "7.34", "7.48", "7.51")
@pytest.mark.parametrize("column", COLUMNS)
def test_set_ups_respect_stacking_and_keep_the_sides_apart(column):
    for hex_id, stack in placed(column).items():
        assert len({u.side for u in stack}) == 1, (hex_id, [u.id for u in stack])
        air_and_ground = {min(u.id, u.pair or u.id) for u in stack if u.unit_class != "naval"}
        air_and_ground -= {u.id for u in stack if u.unit_class == "hq"}
        assert len(air_and_ground) <= 3, (hex_id, air_and_ground)
        assert sum(u.unit_class == "naval" for u in stack) <= 6, hex_id
        assert sum(u.unit_class == "hq" for u in stack) <= 1, hex_id


# --- against the map, once it exists ---------------------------------------------------------

AT_SEA = {("us-cv-lexington", "1941"), ("us-cv-enterprise", "1941")}


@pytest.mark.rule("18.0", "7.21", "7.31")
def test_set_up_hexes_are_on_the_map():
    path = DATA / "map.json"
    if not path.exists():
        pytest.skip("data/map.json is not there yet")
    board = load_file(path, MapFile)
    hexes = {h.id: h for h in board.hexes}
    for column in COLUMNS:
        for hex_id, stack in placed(column).items():
            column_no, row_no = int(hex_id[:2]), int(hex_id[2:])
            assert board.columns[0] <= column_no <= board.columns[1], hex_id
            assert board.rows[0] <= row_no <= board.rows[1], hex_id
            for unit in stack:
                if (unit.id, column) in AT_SEA:
                    continue
                where = hexes.get(hex_id)
                assert where is not None and where.terrain != "ocean", (unit.id, column)
                if unit.unit_class == "air":
                    assert where.airfield, (unit.id, column, hex_id)
                if unit.unit_class == "naval":
                    assert where.port, (unit.id, column, hex_id)
