"""The Replacement segment (4.12, 10.1-10.35): each side's replacement points, which units they
may restore or bring back, and where; Allies first, then Japan.

Hexes: Oahu 5808 (Central Pacific HQ), Saigon 2212 (Japanese South HQ), Kunming 2407,
Singapore 2015, Rabaul 4021.
"""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import act, begin, deciding, offered
from tests.empire_of_the_sun.factory import components, position
from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import forces, supply
from wargame.games.empire_of_the_sun.reinforcements import entry_hexes
from wargame.games.empire_of_the_sun.replacements import (
    COMMONWEALTH_NAVAL_HEXES,
    allied_pools,
    japanese_pools,
    pool_for,
    rebuildable,
    repairable,
)

pytestmark = pytest.mark.game("empire-of-the-sun")

UNITS = components().units
OAHU, SAIGON, KUNMING, RABAUL, LAE = "5808", "2212", "2407", "4021", "3822"
HQS = {"us-hq-cenpac": OAHU, "jp-hq-south": SAIGON}


# -- the points (10.2, 10.3) -------------------------------------------------------------------
@pytest.mark.rule("10.3", "10.31", "10.32", "10.33", "10.34")
def test_allied_points_from_turn_2():
    g = position(turn=1)
    assert allied_pools(g) == {}
    g = position(turn=2)
    assert allied_pools(g) == {"ground": 2, "air": 5, "us_naval": 2, "commonwealth_naval": 0,
                               "chinese": 0}  # fmt: skip
    g = position(turn=3)
    assert allied_pools(g)["chinese"] == 1  # odd turns
    g = position(turn=3)
    g.data["surrendered"].append("china")
    assert allied_pools(g)["chinese"] == 0


@pytest.mark.rule("10.33")
def test_us_naval_points_take_one_more_while_the_allies_hold_oahu():
    g = position(japanese=[OAHU])
    assert allied_pools(g)["us_naval"] == 1


@pytest.mark.rule("10.33")
@pytest.mark.parametrize(("turn", "held", "points"), [(6, True, 1), (9, True, 1), (12, True, 1),
                                                      (7, True, 0), (6, False, 0)])  # fmt: skip
def test_commonwealth_naval_points_on_turns_6_9_12_with_a_commonwealth_port(turn, held, points):
    g = position(turn=turn, japanese=[] if held else list(COMMONWEALTH_NAVAL_HEXES))
    assert allied_pools(g)["commonwealth_naval"] == points
    if held:
        g = position(turn=turn, japanese=list(COMMONWEALTH_NAVAL_HEXES[1:]))  # Colombo alone
        assert allied_pools(g)["commonwealth_naval"] == points


@pytest.mark.rule("10.2", "10.21", "10.22", "10.23")
@pytest.mark.parametrize(("divisions", "steps"), [(12, 2), (2, 2), (1, 1), (0, 0)])
def test_japanese_points_are_banked_naval_and_air_and_two_steps_from_china(divisions, steps):
    g = position(japanese_naval_replacements=3, japanese_air_replacements=1,
                 china_divisions=divisions)  # fmt: skip
    assert japanese_pools(g) == {"naval": 3, "air": 1, "china_divisions": steps}


# -- which units (10.1, 10.31, 10.34, 10.35) ---------------------------------------------------
@pytest.mark.rule("10.1", "10.31", "10.32", "10.33", "10.34", "10.35", "10.23")
@pytest.mark.parametrize(
    ("unit", "pool"),
    [
        ("us-1mar-div", "ground"),  # a US Marine division
        ("us-xi-corps", "ground"),  # a US corps
        ("au-3-corps", "ground"),  # a Commonwealth corps
        ("us-11abn-div", None),  # a US Army division: not rebuilt
        ("us-mar-bde", None),
        ("us-5af", "air"),
        ("cw-seac-air", "air"),
        ("us-cv-wasp", "us_naval"),
        ("cw-cv-indomitable", "commonwealth_naval"),
        ("cn-5-army", "chinese"),
        ("jp-cv-taiho", "naval"),
        ("jp-6-ad", "air"),
        ("jp-31-army", "china_divisions"),
        ("us-feaf", None),  # pre-war dot
        ("jp-cv-akagi", None),
        ("in-3-corps", None),
        ("nl-java-div", None),  # Dutch: none
        ("us-hq-cenpac", None),
    ],
)
def test_which_points_a_unit_takes(unit, pool):
    assert pool_for(UNITS[unit]) == pool


@pytest.mark.rule("10.1", "10.3")
def test_a_reduced_unit_in_supply_and_out_of_enemy_zoi_may_be_restored():
    units = {**HQS, "us-xi-corps": (OAHU, True), "us-x-corps": ("1005", True)}
    g = position(units={**units, "us-1mar-div": OAHU, "us-11abn-div": (OAHU, True)}, empire=True)
    pools = allied_pools(g)
    assert repairable(g, "allied", pools) == [
        "us-xi-corps"
    ]  # X Corps in western India: no supply line
    assert repairable(g, "allied", {**pools, "ground": 0}) == []


@pytest.mark.rule("10.1", "7.35")
def test_no_restoring_in_unneutralised_enemy_zoi():
    units = {**HQS, "us-hq-swpac": "3727", "us-xi-corps": ("3822", True)}
    g = position(units=units, empire=True)
    assert repairable(g, "allied", allied_pools(g)) == ["us-xi-corps"]
    g = position(units={**units, "jp-hq-south-seas": RABAUL, "jp-24-af": RABAUL},
                 japanese=[RABAUL], empire=True)  # fmt: skip
    assert repairable(g, "allied", allied_pools(g)) == []


@pytest.mark.rule("10.1", "10.35", "12.83")
def test_eliminated_units_come_back_but_never_pre_war_ones_nor_australians_after_surrender():
    g = position(units={**HQS, "jt-hq-anzac": "3727", "us-xi-corps": "eliminated",
                        "us-feaf": "eliminated", "au-3-corps": "eliminated",
                        "us-5af": "eliminated"}, empire=True)  # fmt: skip
    pools = allied_pools(g)
    assert rebuildable(g, "allied", pools) == ["au-3-corps", "us-5af", "us-xi-corps"]
    g.data["surrendered"].append("australia")
    assert rebuildable(g, "allied", pools) == ["us-5af", "us-xi-corps"]
    forces.move_to(g, "au-3-corps", "3727")
    forces.set_reduced(g, "au-3-corps", True)
    assert repairable(g, "allied", pools) == ["au-3-corps"]  # reduced ones still may (12.83)


@pytest.mark.rule("10.34")
def test_a_chinese_army_comes_back_at_kunming_only_while_it_is_a_supply_source():
    g = position(units={**HQS, "cn-5-army": "eliminated"}, turn=3, empire=True)
    assert rebuildable(g, "allied", allied_pools(g)) == ["cn-5-army"]
    g = position(units={**HQS, "cn-5-army": "eliminated"}, turn=3, empire=True,
                 burma_road="closed")  # fmt: skip
    assert rebuildable(g, "allied", allied_pools(g)) == []


# -- the segment (4.12) ------------------------------------------------------------------------
def segment() -> Context:
    g = position(
        units={
            **HQS,
            "us-xi-corps": (OAHU, True),
            "us-x-corps": "eliminated",
            "us-1mar-div": "eliminated",
            "jp-cv-taiho": (SAIGON, True),
            "jp-31-army": "eliminated",
            "jp-6-ad": "eliminated",
        },
        empire=True,
        japanese_naval_replacements=2,
        china_divisions=5,
    )
    begin(g, "replacements")
    return g


@pytest.mark.rule("4.12", "10.31", "10.1")
def test_allied_ground_points_restore_and_rebuild_reduced_or_full():
    g = segment()
    side, prompt, actions = deciding(g)
    assert (side, prompt) == ("allied", "prompt.replacements")
    assert actions == ["repair us-xi-corps", "rebuild us-1mar-div", "rebuild us-x-corps", "done"]
    act(g, "rebuild us-x-corps")
    assert "full 5808" in offered(g) and "hex 5808" in offered(g)
    act(g, "full 5808")  # two points: at full strength
    assert forces.at(g, "us-x-corps") == OAHU and not forces.reduced(g, "us-x-corps")
    assert offered(g) == ["done"]  # both ground points spent
    act(g, "done")
    assert deciding(g)[0] == "japan"


@pytest.mark.rule("10.31", "10.1")
def test_one_point_restores_a_step_or_brings_a_unit_back_reduced():
    g = segment()
    act(g, "repair us-xi-corps")
    assert not forces.reduced(g, "us-xi-corps")
    act(g, "rebuild us-1mar-div")
    assert "full 5808" not in offered(g)  # one point left
    act(g, "hex 5808")
    assert forces.at(g, "us-1mar-div") == OAHU and forces.reduced(g, "us-1mar-div")
    assert offered(g) == ["done"]


@pytest.mark.rule("10.21", "10.22", "10.23", "4.12")
def test_japan_spends_banked_naval_points_and_divisions_from_china_after_the_allies():
    g = segment()
    act(g, "done")
    side, _, actions = deciding(g)
    assert side == "japan"
    assert actions == ["repair jp-cv-taiho", "rebuild jp-31-army", "done"]  # no air points
    act(g, "repair jp-cv-taiho")
    assert g.data["tracks"]["japanese_naval_replacements"] == 1  # the other stays banked
    act(g, "rebuild jp-31-army", "full 2212")
    assert forces.at(g, "jp-31-army") == SAIGON and not forces.reduced(g, "jp-31-army")
    assert g.data["tracks"]["china_divisions"] == 3  # at most two a turn
    assert offered(g) == ["done"]
    act(g, "done")
    assert g.state.result is not None


# -- placed like reinforcements (10.1, 9.11) ---------------------------------------------------
@pytest.mark.rule("10.1", "9.11")
def test_an_hq_that_arrived_this_turn_takes_units_back_only_in_its_own_hex():
    units = {**HQS, "us-1mar-div": "eliminated"}
    g = position(units=units, empire=True)
    begin(g, "replacements")  # every HQ on the map started the turn there
    act(g, "rebuild us-1mar-div")
    assert {"hex 5808", "hex 3823", "hex 4021"} <= set(offered(g))
    g = position(units=units, empire=True)
    begin(g, "replacements", hqs=["jp-hq-south"])  # the Central Pacific HQ arrived this turn
    act(g, "rebuild us-1mar-div")
    assert offered(g) == ["hex 5808", "full 5808", "cancel"]


@pytest.mark.rule("10.1", "9.11", "7.35")
def test_a_unit_brought_back_that_neutralises_enemy_zoi_opens_no_hex_to_the_next_ones():
    # The 5th Air Force back at Port Moresby neutralises the Rabaul air unit's ZOI over Lae:
    # the position as it stands would then take a corps at Lae, the segment does not.
    hqs = {**HQS, "us-hq-swpac": "3727"}
    g = position(
        units={**hqs, "jp-hq-south-seas": RABAUL, "jp-24-af": RABAUL,
               "us-5af": "eliminated", "us-xi-corps": "eliminated"},
        japanese=[RABAUL], empire=True,
    )  # fmt: skip
    assert supply.zoi(g).blocks(LAE, "allied")
    begin(g, "replacements", hqs=list(hqs))
    act(g, "rebuild us-5af", "hex 3823")
    assert LAE in entry_hexes(g, "us-xi-corps", list(hqs))
    act(g, "rebuild us-xi-corps")
    assert "hex 3727" in offered(g) and f"hex {LAE}" not in offered(g)


@pytest.mark.rule("10.1", "9.11", "4.11", "4.12")
def test_the_turn_hands_its_first_hqs_from_the_reinforcements_to_the_replacements():
    g = position(units={**HQS, "us-hq-swpac": "turn:3", "us-1mar-div": "eliminated"}, turn=3,
                 empire=True)  # fmt: skip
    begin(g, "turn")
    act(g, "unit us-hq-swpac", "hex 3727", "done")
    if "done" in offered(g):  # Japan has nothing to place
        act(g, "done")
    assert deciding(g)[1] == "prompt.replacements"
    act(g, "rebuild us-1mar-div")
    started = entry_hexes(g, "us-1mar-div", list(HQS))  # the HQs that started the turn
    every = entry_hexes(g, "us-1mar-div", [*HQS, "us-hq-swpac"])
    hexes = [a.split()[1] for a in offered(g) if a.startswith("hex ")]
    assert set(hexes) == {*started, "3727"}  # the South West Pacific HQ's own hex only
    assert set(every) - set(hexes)  # its range would have offered more
