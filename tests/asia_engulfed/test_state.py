"""Asia Engulfed's position (state.py): every scenario's start as data, each side's and a
spectator's picture of it through the fog of the blocks, the secrets the fuzzer checks views
against, and positions sampled back from a picture."""

import copy

import pytest

from wargame.engine.rng import Rng
from wargame.fuzz import FuzzFailure, SecretsCheck
from wargame.games.asia_engulfed import forces as forces_module
from wargame.games.asia_engulfed import scenarios
from wargame.games.asia_engulfed.forces import Block, side_of
from wargame.games.asia_engulfed.state import (
    BOX_PREFIX,
    RECORD,
    RECORDS,
    SIDES,
    catalogue,
    determinize,
    initial_data,
    problems,
    secrets,
    side_view,
)

pytestmark = pytest.mark.game("asia-engulfed")

FORCES = forces_module.load()
IDS = ("dec1941", "jan1942", "tipping_the_scales")
VIEWERS = ("japan", "allies", None)


@pytest.fixture(scope="module", params=IDS)
def start(request):
    return request.param, initial_data(request.param, FORCES)


def other(side):
    return SIDES[1] if side == SIDES[0] else SIDES[0]


# -- the start --------------------------------------------------------------------------------


def test_every_placed_block_is_a_fog_unit_with_its_label_and_steps(start):
    scenario_id, data = start
    setup = scenarios.load(scenario_id, FORCES)
    blocks = {u for u in setup.units if isinstance(FORCES.units[u], Block)}
    assert set(data["units"]) == blocks
    for unit_id, unit in data["units"].items():
        block = FORCES.units[unit_id]
        assert unit["owner"] == side_of(block.power) and unit["seen"] == {}
        assert unit["where"] == setup.units[unit_id].location
        assert unit["hidden"]["steps"] == setup.units[unit_id].steps
        assert unit["hidden"]["type"] == block.type and unit["hidden"]["power"] == block.power
        assert unit["public"]["kind"] == ("fleet" if block.type in {"cv", "bb", "ca"} else "ground")


@pytest.mark.rule("4.21")
def test_a_cba_stands_in_its_carriers_unit_box_and_a_cv_keeps_its_box_hidden(start):
    scenario_id, data = start
    setup = scenarios.load(scenario_id, FORCES)
    carried = [p for p in setup.units.values() if p.carrier is not None]
    assert carried
    for placed in carried:
        box = FORCES.units[placed.carrier].carrier_box
        assert data["counters"][placed.unit]["where"] == BOX_PREFIX + box
        assert data["units"][placed.carrier]["hidden"]["carrier_box"] == box
        assert "carrier_box" not in data["units"][placed.carrier]["public"]


@pytest.mark.rule("9.12")
def test_a_blocks_nationality_and_elite_mark_are_on_its_hidden_label(start):
    _, data = start
    for unit_id, unit in data["units"].items():
        block = FORCES.units[unit_id]
        assert unit["hidden"].get("nationality") == block.nationality
        assert ("elite" in unit["hidden"]) == block.elite
        assert set(unit["public"]) == {"colour", "kind"}
    elites = [c for c in data["counters"].values() if c.get("elite")]
    assert all(c["power"] == "japan" for c in elites)


def test_counters_garrisons_control_tracks_and_pools_come_from_the_set_up(start):
    scenario_id, data = start
    setup = scenarios.load(scenario_id, FORCES)
    assert {p.unit for p in setup.units.values()} == set(data["units"]) | set(data["counters"])
    assert data["garrisons"] == [list(g) for g in setup.garrisons]
    assert data["control"] == setup.control and data["tracks"] == setup.tracks
    assert data["turn"] == setup.scenario.first_turn
    pooled = {u for ids in data["pools"].values() for u in ids}
    placed = set(data["units"]) | set(data["counters"])
    assert not pooled & placed and not set(data["to_come"]) & (pooled | placed)


def test_every_start_keeps_its_bookkeeping(start):
    _, data = start
    assert problems(data, FORCES) == []


@pytest.mark.rule("4.21")
@pytest.mark.rule("4.24")
def test_a_broken_position_is_told_what_is_wrong():
    data = initial_data("dec1941", FORCES)
    block = sorted(data["units"])[0]
    data["pools"]["japan"].append(block)
    data["units"]["jp-cv-a"]["hidden"]["carrier_box"] = "ZZ"
    data["units"]["jp-cv-b"]["hidden"]["steps"] = 0
    found = problems(data, FORCES)
    assert f"{block}: in 2 places (map and pools)" in found
    assert "jp-cv-b: 0 steps" in found
    assert "no CV on the map has the unit box JA its CBA stand in (4.21)" in found
    assert "jp-cv-b: 4 CBA steps in its box, too many (4.24)" in found


# -- pictures ---------------------------------------------------------------------------------


@pytest.mark.parametrize("side", SIDES)
def test_a_side_sees_its_blocks_in_full_and_the_others_as_blanks(start, side):
    _, data = start
    view = side_view(data, side, FORCES)
    own = {i for i, u in data["units"].items() if u["owner"] == side}
    assert {u["id"] for u in view["units"]} == own
    theirs = [u for u in data["units"].values() if u["owner"] == other(side)]
    assert len(view["blanks"]) == len(theirs)
    faces = sorted((b["where"], sorted(b["public"].items())) for b in view["blanks"])
    assert faces == sorted((u["where"], sorted(u["public"].items())) for u in theirs)
    assert all(b["owner"] == other(side) and set(b) >= {"blank", "public"} for b in view["blanks"])
    assert all(side_of(p) == side for p in view["pools"])


def test_a_spectator_sees_every_block_as_a_blank_and_no_pool_in_full(start):
    _, data = start
    view = side_view(data, None, FORCES)
    assert view["units"] == [] and len(view["blanks"]) == len(data["units"])
    assert view["pools"] == {} and set(view["pool_blocks"]) <= set(SIDES)


@pytest.mark.parametrize("viewer", VIEWERS)
def test_no_picture_shows_what_its_viewer_may_not_see(start, viewer):
    _, data = start
    check = SecretsCheck(secrets(data, FORCES))
    check.refuse(viewer, check.shown_in(side_view(data, viewer, FORCES)), "view")


@pytest.mark.parametrize(
    "leak",
    ["ids-with-places", "a-cv-with-its-box", "the-other-pool"],
)
def test_the_secrets_catch_a_picture_that_shows_the_other_sides_blocks(leak):
    data = initial_data("dec1941", FORCES)
    allied = {i: u for i, u in data["units"].items() if u["owner"] == "allies"}
    cv = next(i for i, u in allied.items() if u["hidden"]["type"] == "cv")
    views = {
        "ids-with-places": {"where": {i: u["where"] for i, u in allied.items()}},
        "a-cv-with-its-box": {"units": [{"id": cv, **allied[cv]["hidden"]}]},
        "the-other-pool": {"pools": {p: i for p, i in data["pools"].items() if p != "japan"}},
    }
    check = SecretsCheck(secrets(data, FORCES))
    check.refuse("allies", check.shown_in(views[leak]), "view")
    with pytest.raises(FuzzFailure, match=r"japan can see (the hidden|allies's secret)"):
        check.refuse("japan", check.shown_in(views[leak]), "view")


# -- sampling ---------------------------------------------------------------------------------


def test_the_catalogue_holds_every_block_in_the_game_once(start):
    _, data = start
    ids = [c.id for c in catalogue(data, FORCES)]
    pooled = {
        u for ids in data["pools"].values() for u in ids if isinstance(FORCES.units[u], Block)
    }
    assert sorted(ids) == sorted(set(data["units"]) | pooled)


@pytest.mark.parametrize("viewer", VIEWERS)
def test_a_sampled_position_gives_back_the_picture_it_was_drawn_from(start, viewer):
    _, data = start
    view = side_view(data, viewer, FORCES)
    for seed in range(3):
        sampled = determinize(view, viewer, Rng(seed), FORCES)
        assert side_view(sampled, viewer, FORCES) == view
        assert problems(sampled, FORCES) == []


@pytest.mark.parametrize("side", SIDES)
def test_positions_differing_only_in_hidden_parts_give_the_same_samples(side):
    data = initial_data("dec1941", FORCES)
    changed = copy.deepcopy(data)
    theirs = sorted(i for i, u in changed["units"].items() if u["owner"] == other(side))
    twins = _same_face_pair(changed, theirs)
    first, second = (changed["units"][i] for i in twins)
    first["hidden"], second["hidden"] = second["hidden"], first["hidden"]
    first["hidden"]["steps"] = 1
    assert side_view(changed, side, FORCES) == side_view(data, side, FORCES)
    drawn = [determinize(side_view(d, side, FORCES), side, Rng(7), FORCES) for d in (data, changed)]
    assert drawn[0] == drawn[1]


def _same_face_pair(data, ids):
    """Two blocks a viewer cannot tell apart where they stand, one with more than 1 step."""
    units = data["units"]
    for first in ids:
        for second in ids:
            same = units[first]["public"] == units[second]["public"]
            place = units[first]["where"] == units[second]["where"]
            if first != second and same and place and units[first]["hidden"]["steps"] > 1:
                return first, second
    raise AssertionError("no two blocks alike in one place")


def test_the_samples_spread_over_the_blocks_a_blank_may_be():
    data = initial_data("dec1941", FORCES)
    view = side_view(data, "japan", FORCES)
    drawn = {frozenset(determinize(view, "japan", Rng(seed), FORCES)["units"]) for seed in range(5)}
    assert len(drawn) > 1


# -- the copies of records (ae-speed4) ----------------------------------------------------------


def test_records_are_copied_to_their_last_container_and_their_shape_is_checked():
    production = {"power": "usa", "spent": {"usa": {"air": 2}}, "markers": [{"paid": 1}]}
    copied = RECORDS.copy(production)
    copied["spent"]["usa"]["air"] = 5
    copied["markers"][0]["paid"] = 2
    assert production == {"power": "usa", "spent": {"usa": {"air": 2}}, "markers": [{"paid": 1}]}
    assert RECORDS.problems(production) == []
    naval = {"target": None, "closed": ["coral_sea"]}
    RECORD.copy(naval)["closed"].append("java_sea")
    assert naval["closed"] == ["coral_sea"] and RECORD.problems(naval) == []
    assert RECORD.problems(production) != []  # a record of records is too deep for RECORD
    assert RECORDS.problems({"spent": {"usa": {"air": [2]}}}) != []  # and four levels for RECORDS
