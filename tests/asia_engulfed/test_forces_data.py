"""The forces of Asia Engulfed as data (forces.yaml, pools.yaml): the component list's counts,
the seed's values, the provenance of every record, and one-line errors for a bad file."""

import shutil
from collections import Counter

import pytest
import yaml

from wargame.engine.data import PROVENANCES
from wargame.engine.errors import DataError
from wargame.games.asia_engulfed import forces as forces_module
from wargame.games.asia_engulfed.forces import DATA, FLEETS, GROUND, Forces, display_names

pytestmark = pytest.mark.game("asia-engulfed")

FORCES = forces_module.load()


def units(**where):
    return [u for u in FORCES.units.values() if all(getattr(u, k) == v for k, v in where.items())]


def blocks_of(powers, types):
    return [b for b in FORCES.file.blocks if b.power in powers and b.type in types]


@pytest.mark.rule("4.22")
@pytest.mark.rule("4.24")
def test_blocks_by_colour_are_the_component_lists_134():
    ground = ("infantry", "militia")
    assert len(blocks_of({"japan"}, ground)) == 31
    assert len(blocks_of({"japan"}, {"marine"})) == 3
    assert len(blocks_of({"japan"}, FLEETS)) == 16
    assert len(blocks_of({"usa"}, ground)) == 11
    assert len(blocks_of({"usa"}, {"marine"})) == 2
    assert len(blocks_of({"cw"}, ground)) == 16
    assert len(blocks_of({"china_nat", "china_comm"}, ground)) == 23
    assert len(blocks_of({"usa", "cw", "dei"}, FLEETS)) == 29
    assert len(blocks_of({"philippines", "dei"}, ground)) == 3
    assert len(FORCES.file.blocks) == 134


@pytest.mark.rule("4.22")
@pytest.mark.rule("4.24")
def test_block_steps_keep_the_ranges_of_the_unit_types():
    for block in FORCES.file.blocks:
        low, high = (3, 4) if block.type in FLEETS else (1, 4)
        assert low <= block.max_steps <= high, block.id
    boxes = [b.carrier_box for b in FORCES.file.blocks if b.type == "cv"]
    assert None not in boxes
    assert len(set(boxes)) == len(boxes)


@pytest.mark.rule("4.26")
def test_only_japan_and_the_us_have_marines():
    assert {b.power for b in FORCES.file.blocks if b.type == "marine"} == {"japan", "usa"}


@pytest.mark.rule("9.12")
def test_japan_has_four_elite_cba_four_elite_lba_and_one_elite_ca():
    elites = Counter((u.power, u.type) for u in FORCES.units.values() if getattr(u, "elite", False))
    assert elites == {("japan", "cba"): 4, ("japan", "lba"): 4, ("japan", "ca"): 1}


@pytest.mark.rule("4.25")
def test_one_two_step_submarine_unit_a_side():
    subs = units(type="submarine")
    assert sorted(s.power for s in subs) == ["japan", "usa"]
    assert {s.max_steps for s in subs} == {2}


@pytest.mark.rule("4.21")
def test_air_units_and_markers_fit_the_counter_sheets():
    sheets = {sheet.id: sheet.count - sheet.spare_for_ee for sheet in FORCES.file.counter_sheets}
    markers = Counter()
    for marker in FORCES.file.markers:
        markers[marker.shape] += marker.count if marker.count is not None else marker.printed
    assert len(units(type="lba")) + markers["round"] <= sheets["round"]
    square = len(units(type="cba")) + len(units(type="submarine")) + markers["square"]
    assert square <= sheets["square"]
    assert {a.max_steps for a in FORCES.file.air} == {2}


@pytest.mark.rule("4.28")
def test_garrisons_are_unlimited_by_the_mix_but_say_how_many_are_printed():
    garrisons = [m for m in FORCES.file.markers if m.kind == "garrison"]
    assert {m.power for m in garrisons} == {"japan", "usa", "cw", "dei"}
    assert all(m.count is None and m.printed for m in garrisons)


def test_every_record_has_a_provenance_and_a_reason():
    records = [
        *FORCES.units.values(),
        *FORCES.file.markers,
        *FORCES.file.types,
        *FORCES.file.colours,
        *FORCES.pools.additions,
        *FORCES.pools.us_production,
        *FORCES.pools.us_build_markers,
        *FORCES.pools.special_action_caps,
    ]
    for record in records:
        assert record.provenance in PROVENANCES, record
        assert record.source or record.ref, record
        if record.provenance == "seed":
            assert record.ref, record
    assert FORCES.file.values_provenance == "provisional"


def test_cw_blocks_carry_their_nationality_and_no_one_else_does():
    for block in FORCES.file.blocks:
        assert (block.nationality is not None) == (block.power == "cw"), block.id
    ground = Counter(
        b.nationality for b in FORCES.file.blocks if b.power == "cw" and b.type in GROUND
    )
    assert set(ground) == {"british", "australian", "indian"}


@pytest.mark.rule("9.22")
def test_us_production_follows_table_t20():
    schedule = [(p.since, p.werp, p.needs) for p in FORCES.pools.us_production]
    assert schedule == [
        ("1941-11", 5, None),
        ("1942-01", 20, None),
        ("1943-01", 25, "us_first_increase"),
        ("1944-01", 30, "us_second_increase"),
    ]
    triggered = {a.when for a in FORCES.pools.additions if not a.when[0].isdigit()}
    assert triggered == {"us_first_increase", "us_second_increase"}
    assert any(a.when == "1945-01" and a.power == "usa" for a in FORCES.pools.additions)


@pytest.mark.rule("9.21")
def test_us_free_naval_steps_from_1944():
    (free,) = FORCES.pools.us_free_naval_steps
    assert (free.since, free.cv, free.bb, free.ca) == ("1944-01", 1, 1, 1)


@pytest.mark.rule("9.24")
def test_seven_dated_us_build_markers():
    assert sum(m.count for m in FORCES.pools.us_build_markers) == 7
    (dated,) = [m for m in FORCES.file.markers if m.id == "build-naval-usa-dated"]
    assert dated.count == 7
    dates = [m.when for m in FORCES.pools.us_build_markers]
    assert dates == sorted(dates)


@pytest.mark.rule("7.11")
def test_special_action_caps_of_the_seed():
    caps = {(c.power, c.since): c.cap for c in FORCES.pools.special_action_caps}
    assert caps["cw", "1941-11"] == 1
    assert caps["usa", "1941-11"] == 1
    assert caps["usa", "1944-01"] == 3
    assert caps["japan", "1941-11"] >= 3


def test_additions_bring_each_unit_once():
    brought = Counter(u for a in FORCES.pools.additions for u in a.units())
    assert brought and max(brought.values()) == 1


# --- a bad file fails the load with one line naming the record --------------------------------


@pytest.fixture
def data_copy(tmp_path):
    for name in ("forces.yaml", "pools.yaml"):
        shutil.copy(DATA / name, tmp_path / name)
    return tmp_path


def rewrite(path, change):
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")


def load_error(path):
    with pytest.raises(DataError) as caught:
        forces_module.load.__wrapped__(path)
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.mark.rule("4.22")
def test_a_block_beyond_four_steps_fails_naming_it(data_copy):
    rewrite(data_copy / "forces.yaml", lambda raw: raw["blocks"][0].update(max_steps=5))
    message = load_error(data_copy)
    assert "forces.yaml" in message
    assert "jp-kwantung-3a" in message
    assert "max_steps" in message


def test_a_colour_count_off_the_component_list_fails(data_copy):
    rewrite(data_copy / "forces.yaml", lambda raw: raw["blocks"].pop(0))
    assert "colour 'orange': 30 blocks, the component list has 31" in load_error(data_copy)


def test_an_addition_of_another_powers_unit_fails(data_copy):
    rewrite(data_copy / "pools.yaml", lambda raw: raw["additions"][0].update(power="cw"))
    message = load_error(data_copy)
    assert "addition 0" in message
    assert "'us-cv-d' is no unit of cw" in message


def test_an_addition_on_no_turn_fails(data_copy):
    rewrite(data_copy / "pools.yaml", lambda raw: raw["additions"][0].update(when="1942-02"))
    assert "'1942-02' is no turn or trigger" in load_error(data_copy)


def test_a_unit_listed_twice_fails(data_copy):
    rewrite(data_copy / "forces.yaml", lambda raw: raw["air"].append(dict(raw["air"][0])))
    assert "unit 'jp-cba-e1' is listed twice" in load_error(data_copy)


def test_the_loaded_forces_are_shared():
    assert forces_module.load() is FORCES
    assert isinstance(FORCES, Forces)


@pytest.mark.rule("4.2")
@pytest.mark.rule("4.21")
def test_more_air_units_than_the_round_counters_hold_fails(data_copy):
    def crowd(raw):
        lba = next(unit for unit in raw["air"] if unit["type"] == "lba")
        raw["air"] += [{**lba, "id": f"extra-lba-{n}"} for n in range(40)]

    rewrite(data_copy / "forces.yaml", crowd)
    assert "round counters, the sheets hold" in load_error(data_copy)


@pytest.mark.rule("4.25")
def test_a_second_submarine_unit_for_a_side_fails(data_copy):
    def second(raw):
        raw["submarines"].append({**raw["submarines"][0], "id": "jp-sub-2"})

    rewrite(data_copy / "forces.yaml", second)
    assert "one submarine unit a side (4.25)" in load_error(data_copy)


@pytest.mark.rule("4.29")
def test_a_limited_count_of_fortification_markers_fails(data_copy):
    def limit(raw):
        next(m for m in raw["markers"] if m["id"] == "fortification")["count"] = 10

    rewrite(data_copy / "forces.yaml", limit)
    assert "'fortification' is unlimited (4.29)" in load_error(data_copy)


def test_no_two_units_are_named_alike_in_either_language():
    """Units that share a printed name are told apart in messages and on counters
    (engine.names.told_apart: the nationality, then a number)."""
    found = display_names()
    for lang in (0, 1):
        assert len({pair[lang] for pair in found.values()}) == len(found)
    assert found["us-cba-13"][0] == "Light carrier air groups (USA)"
