"""Asia Engulfed's amphibious invasions beyond the landing itself: marines (4.26, 5.42, 5.43,
7.2, 6.74, 6.75), shore bombardment (7.22), the invaded area contested (7.23), units joining the
battle (7.24) and free invasions of undefended boxes (7.25), played through the game contract on
the January 1942 set-up."""

from collections import Counter

import pytest

from tests.asia_engulfed.positions import at_operational_movement, fix_dice, offered, play
from wargame.engine.errors import IllegalAction
from wargame.games.asia_engulfed import GAME, ground_combat
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.ground_combat import (
    air_units,
    carrier_air,
    dogfight_only,
    most_groups,
    piece_dice,
)
from wargame.games.asia_engulfed.movement import attack_room

pytestmark = pytest.mark.game("asia-engulfed")

JAPANESE_INFANTRY = ("jp-kwantung-3a", "jp-kwantung-5a", "jp-kwantung-6a", "jp-ncaa", "jp-1a")


def at_sea(sea, *units):
    """Japan's operational movement with ``units`` at sea in ``sea``, which is in Japan's
    supply network."""
    state = at_operational_movement()
    for unit_id in units:
        state.data["units"][unit_id]["where"] = sea
    state.data["network"] = {"markers": [sea], "submarine": None}
    return state


def invaders(state, target):
    return sorted(a.split()[1] for a in offered(state, "japan", "invade") if a.endswith(target))


# -- marines (4.26, 5.42, 5.43, 7.2) ----------------------------------------------------------


@pytest.mark.rule("7.2")
@pytest.mark.rule("4.26")
def test_a_marine_lets_one_more_block_land_in_a_large_area():
    state = at_sea("east_china_sea", *JAPANESE_INFANTRY, "jp-snlf-maizuru")
    state.data["tracks"]["special_actions_japan"] = 1
    for unit_id in JAPANESE_INFANTRY[:4]:
        state = play(state, "japan", f"invade {unit_id} chekiang")
    assert invaders(state, "chekiang") == ["jp-snlf-maizuru"]  # the fifth only if a marine
    with pytest.raises(IllegalAction):
        play(state, "japan", "invade jp-1a chekiang")
    after = play(state, "japan", "invade jp-snlf-maizuru chekiang")
    assert after.data["invasions"]["chekiang"]["landed"] == 5
    assert invaders(after, "chekiang") == []


@pytest.mark.rule("5.42")
@pytest.mark.rule("4.26")
def test_an_island_box_is_attacked_by_one_ground_unit_or_two_with_a_marine():
    data = at_operational_movement().data
    data["units"]["jp-16a"]["where"] = "midway"
    infantry, marine = data["units"]["jp-1a"], data["units"]["jp-snlf-maizuru"]
    assert not attack_room(data, printed(), infantry, "midway")
    assert attack_room(data, printed(), marine, "midway")
    data["units"]["jp-snlf-maizuru"]["where"] = "midway"
    assert not attack_room(data, printed(), infantry, "midway")
    data["control"]["midway"] = "japan"  # a box of one's own: the end-of-phase limit only
    assert attack_room(data, printed(), infantry, "midway")


@pytest.mark.rule("5.43")
def test_a_port_box_is_attacked_over_land_by_two_ground_units_or_three_with_a_marine():
    state = at_operational_movement()
    data = state.data
    data["contested"].remove("malaya")
    data["contested_at_start"] = []
    data["control"]["singapore"] = "allies"
    for unit_id in ("jp-1a", "jp-ncaa", "jp-snlf-maizuru"):
        data["units"][unit_id]["where"] = "malaya"
    data["units"]["jp-25a"]["where"] = "singapore"
    moves = offered(state, "japan", "move")
    assert "move jp-1a singapore" in moves
    after = play(state, "japan", "move jp-1a singapore")
    moves = offered(after, "japan", "move")
    assert "move jp-ncaa singapore" not in moves  # two there: a third only if a marine
    assert "move jp-snlf-maizuru singapore" in moves


@pytest.mark.rule("5.42")
@pytest.mark.rule("6.75")
def test_a_marine_over_the_limit_stays_through_the_turn_then_goes_back_to_sea():
    state = at_sea("central_pacific", "jp-16a", "jp-snlf-maizuru")
    state = play(
        state,
        "japan",
        "invade jp-16a aleutian_islands",
        "invade jp-snlf-maizuru aleutian_islands",
        "end",
    )
    assert state.data["phase"] == "strategic_movement"  # no block removed (5.42)
    state = play(state, "japan", "end")
    while state.data["phase"] == "ground_combat" and not offered(state, "japan", "leave_box"):
        state = play(state, "japan", "end")
    assert state.data["control"]["aleutian_islands"] == "japan"
    assert offered(state, "japan", "leave_box") == [
        "leave_box jp-snlf-maizuru central_pacific"  # an island box: only back to sea (6.75)
    ]
    state = play(state, "japan", "leave_box jp-snlf-maizuru central_pacific")
    assert state.data["units"]["jp-snlf-maizuru"]["where"] == "central_pacific"
    assert state.data["units"]["jp-16a"]["where"] == "aleutian_islands"
    assert state.data["phase"] == "rebase"


@pytest.mark.rule("5.42")
def test_without_an_invasion_the_island_box_keeps_its_limit():
    state = at_operational_movement()
    for unit_id in ("jp-16a", "jp-snlf-maizuru"):
        state.data["units"][unit_id]["where"] = "guam"
    state = play(state, "japan", "end")
    assert offered(state, "japan", "remove") == ["remove jp-16a", "remove jp-snlf-maizuru"]


# -- shore bombardment (7.22) -----------------------------------------------------------------


@pytest.mark.rule("7.22")
def test_bombardment_groups_follow_table_t12():
    groups = [(g.bb, g.ca) for g in printed().shore_bombardment.groups]
    assert most_groups(2, 0, groups) == 1
    assert most_groups(0, 4, groups) == 1
    assert most_groups(1, 2, groups) == 1
    assert most_groups(1, 1, groups) == 0
    assert most_groups(3, 2, groups) == 2
    assert most_groups(4, 4, groups) == 3


@pytest.mark.rule("7.22")
def test_a_bombarded_step_rolls_with_the_bonus_on_top_of_air_support():
    data = at_operational_movement().data
    battle = {
        "area": "midway",
        "attacker": "japan",
        "mode": "normal",
        "river": False,
        "powers": None,
        "support": {"japan": {"jp-16a": 1}, "allies": {}},
        "shelled": {"jp-16a": 2},
    }
    data["units"]["jp-16a"]["where"] = "midway"
    assert dice_by_bonus(data, battle) == {1: 3}  # 3 steps: 1 supported, 2 shelled
    battle["shelled"] = {"jp-16a": 3}
    assert dice_by_bonus(data, battle) == {2: 1, 1: 2}  # the bonuses add (7.22)
    battle["shelled"] = {}
    assert dice_by_bonus(data, battle) == {1: 1, 0: 2}


def dice_by_bonus(data, battle):
    found = Counter()
    for group in piece_dice(data, printed(), battle, "japan", "jp-16a"):
        found[group.bonus] += group.count
    return {bonus: count for bonus, count in found.items() if count}


def bombarding(monkeypatch):
    """Japan invades Midway (a US garrison) from the Central Pacific, where jp-bb-d (2 BB
    steps: one group) stands, and fights there."""
    state = at_sea("central_pacific", "jp-16a")
    state.data["units"]["jp-bb-d"]["where"] = "central_pacific"
    state = play(state, "japan", "invade jp-16a midway", "end", "end")
    assert state.data["phase"] == "ground_combat"
    return play(state, "japan", "battle midway", "normal")


@pytest.mark.rule("7.22")
def test_the_invader_bombards_a_box_in_the_first_round_and_shows_the_fleet(monkeypatch):
    state = bombarding(monkeypatch)
    assert offered(state, "japan", "bombard") == ["bombard central_pacific"]
    assert "jp-bb-d" not in str(GAME.view(state, "allies")["board"])
    dice = fix_dice(monkeypatch, ground_combat)
    dice(1, 1, 5)  # the US LBA's dogfight and the garrison miss; the shelled step hits on 5
    after = play(state, "japan", "bombard central_pacific")
    after = play(after, "allies", "commit")
    assert after.data["invasions"]["midway"]["bombarded"] == {"central_pacific": 1}
    assert "jp-bb-d" in str(GAME.view(after, "allies")["board"])  # revealed (7.22)
    assert "midway" not in after.data["contested"]  # the 5 hit with the bombardment's +1


@pytest.mark.rule("7.22")
def test_without_bombardment_the_same_roll_misses(monkeypatch):
    state = bombarding(monkeypatch)
    dice = fix_dice(monkeypatch, ground_combat)
    dice(1, 1, 5)
    after = play(state, "japan", "done")
    after = play(after, "allies", "commit")
    assert "midway" in after.data["contested"]
    assert "jp-bb-d" not in str(GAME.view(after, "allies")["board"])


# -- the invaded area (7.23, 7.24) -------------------------------------------------------------


@pytest.mark.rule("7.23")
@pytest.mark.rule("7.2")
def test_surviving_invaders_contest_the_area_and_more_land_there_later_without_an_sa():
    state = at_sea("east_china_sea", "jp-16a", "jp-1a")
    after = play(state, "japan", "invade jp-16a fukien")
    assert "fukien" in after.data["contested"]
    assert after.data["tracks"]["special_actions_japan"] == 0
    assert "invade jp-1a fukien" in offered(after, "japan", "invade")  # this turn: joins it
    assert "land jp-1a fukien" not in offered(after, "japan", "land")
    later = at_sea("east_china_sea", "jp-1a")  # a later turn: the invaders hold on (7.23)
    later.data["units"]["jp-16a"]["where"] = "fukien"
    later.data["contested"] = sorted([*later.data["contested"], "fukien"])
    assert "land jp-1a fukien" in offered(later, "japan", "land")


@pytest.mark.rule("7.24")
def test_an_lba_that_joined_a_failed_invasion_flies_home(monkeypatch):
    state = at_sea("east_china_sea", "jp-16a")
    state.data["units"]["jp-16a"]["hidden"]["steps"] = 1
    state = play(state, "japan", "invade jp-16a fukien", "fly jp-lba-2 fukien", "end", "end")
    assert state.data["invasions"]["fukien"]["air_from"] == {"jp-lba-2": "kwangtung"}
    dice = fix_dice(monkeypatch, ground_combat)
    dice(1, 1, 6, 6)  # the LBA's dogfight misses; the militia kill the invader
    state = play(state, "japan", "battle fukien", "normal", "commit")
    assert "jp-16a" not in state.data["units"]
    assert state.data["counters"]["jp-lba-2"]["where"] == "kwangtung"  # not the pool (5.46)


# -- free invasions of undefended boxes (7.25) -------------------------------------------------


@pytest.mark.rule("7.25")
@pytest.mark.rule("3.25")
def test_an_invader_gives_a_step_to_garrison_an_undefended_box_on_its_sea():
    state = at_sea("central_pacific", "jp-16a")
    state.data["garrisons"].remove(["usa", "midway"])
    assert offered(state, "japan", "garrison_box") == []  # only a block that invaded
    state = play(state, "japan", "invade jp-16a midway")
    assert offered(state, "japan", "garrison_box") == ["garrison_box jp-16a aleutian_islands"]
    state = play(state, "japan", "garrison_box jp-16a aleutian_islands")
    assert state.data["units"]["jp-16a"]["hidden"]["steps"] == 2
    assert ["japan", "aleutian_islands"] in state.data["garrisons"]
    assert state.data["tracks"]["special_actions_japan"] == 0  # the one SA of the invasion
    assert offered(state, "japan", "garrison_box") == []
    assert "jp-16a" not in str(GAME.view(state, "allies")["log"][-2:])
    assert state.data["control"]["aleutian_islands"] == "allies"  # until combat ends (3.25)
    state = play(state, "japan", "end", "end")
    while state.data["phase"] == "ground_combat":
        state = play(state, "japan", "end")
    assert state.data["control"]["aleutian_islands"] == "japan"


@pytest.mark.rule("7.25")
def test_a_one_step_invader_cannot_give_a_step():
    state = at_sea("central_pacific", "jp-snlf-maizuru")
    state.data["units"]["jp-snlf-maizuru"]["hidden"]["steps"] = 1
    state = play(state, "japan", "invade jp-snlf-maizuru midway")
    assert offered(state, "japan", "garrison_box") == []


# -- carrier air (6.53, 7.24) -----------------------------------------------------------------


@pytest.mark.rule("6.53")
@pytest.mark.rule("7.24")
def test_carrier_air_fights_over_an_invasion_from_the_invasion_sea_area():
    state = at_sea("central_pacific", "jp-16a")
    state.data["units"]["jp-cv-b"]["where"] = "central_pacific"
    state = play(state, "japan", "invade jp-16a midway")
    data = state.data
    assert carrier_air(data, "midway", "japan") == (["jp-cba-1", "jp-cba-2"], None)
    assert {"jp-cba-1", "jp-cba-2"} <= set(air_units(data, "midway", "japan"))
    data["units"]["jp-cv-b"]["where"] = "hawaiian_islands"  # next to Midway, not the invasion's
    assert carrier_air(data, "midway", "japan") == ([], None)


@pytest.mark.rule("6.53")
def test_carrier_air_only_dogfights_over_a_box_not_invaded_and_never_over_a_large_area():
    data = at_operational_movement().data
    data["units"]["jp-cv-b"]["where"] = "central_pacific"
    assert carrier_air(data, "midway", "japan") == (["jp-cba-1", "jp-cba-2"], "dogfight")
    assert dogfight_only(data, "midway", "japan") == ["jp-cba-1", "jp-cba-2"]
    assert not {"jp-cba-1", "jp-cba-2"} & set(air_units(data, "midway", "japan"))  # no choice
    data["units"]["jp-cv-b"]["where"] = "east_china_sea"
    assert carrier_air(data, "fukien", "japan") == ([], None)
