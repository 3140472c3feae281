"""Asia Engulfed's ground combat phase (1.17, 6.0), played through the game contract on the
January 1942 set-up, with the dice fixed: every die shows the faces given, in order, then 1."""

import random

import pytest

from tests.asia_engulfed.positions import (
    at_operational_movement,
    fix_dice,
    mark_supply,
    pass_to,
    play,
)
from wargame.engine.contract import prompt_problems
from wargame.engine.errors import IllegalAction
from wargame.engine.rng import Rng
from wargame.fuzz import check_views
from wargame.games.asia_engulfed import GAME, ground_combat
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.control import settle_control

pytestmark = pytest.mark.game("asia-engulfed")


@pytest.fixture
def dice(monkeypatch):
    """``dice(6, 6, 1)``: the next dice rolled in combat show these faces, then 1s."""
    return fix_dice(monkeypatch, ground_combat)


def start(**where):
    """The Jan/Feb 1942 set-up at Japan's operational movement, blocks and air units placed
    by ``where`` (id -> area), control and contest settled."""
    state = at_operational_movement()
    data = state.data
    for unit_id, area in where.items():
        kind = "units" if unit_id in data["units"] else "counters"
        data[kind][unit_id]["where"] = area
        settle_control(data, area)
    return state


def combat(state, *moves):
    """Japan makes ``moves`` and ends its operational, then strategic movement: its ground
    combat begins."""
    return play(state, "japan", *moves, "end", "end")


def fired(state):
    """Each ground fire logged: (side, number of dice, hits)."""
    return [
        (e.params["side"], len(e.params["rolls"]), e.params["hits"])
        for e in state.log
        if e.key == "log.ground_fire"
    ]


def steps(state, unit_id):
    return state.data["units"][unit_id]["hidden"]["steps"]


def actions(state, side):
    return sorted(a.text for a in GAME.legal_actions(state, side))


@pytest.mark.rule("6.1")
@pytest.mark.rule("6.2")
def test_a_battle_in_a_newly_contested_area_must_be_fought_the_others_may(dice):
    state = combat(start(), "move jp-ncaa honan")
    assert actions(state, "japan") == ["battle honan", "battle malaya", "battle mindanao"]
    with pytest.raises(IllegalAction, match=r"6\.1: "):
        play(state, "japan", "end")
    state = play(state, "japan", "battle honan", "normal")
    assert "end" in actions(state, "japan")  # Malaya and Mindanao were contested already
    assert "battle honan" not in actions(state, "japan")  # one first-phase battle an area


@pytest.mark.rule("6.31")
@pytest.mark.rule("6.24")
def test_in_normal_combat_the_defender_fires_first_one_die_a_step(dice):
    state = combat(start(), "move jp-ncaa honan")
    state = play(state, "japan", "battle honan", "normal")
    assert fired(state) == [("allies", 7, 0), ("japan", 4, 0)]  # 4 + 3 Chinese steps


@pytest.mark.rule("6.32")
def test_in_assault_each_step_rolls_two_dice(dice):
    state = combat(start(), "move jp-ncaa honan")
    state = play(state, "japan", "battle honan", "assault")
    assert fired(state) == [("allies", 14, 0), ("japan", 8, 0)]


@pytest.mark.rule("6.31")
def test_only_the_surviving_attackers_fire(dice):
    dice(6, 6, 1, 1, 1, 1, 1)
    state = combat(start(), "move jp-ncaa honan")
    state = play(state, "japan", "battle honan", "normal")
    assert fired(state) == [("allies", 7, 2), ("japan", 2, 0)]
    assert steps(state, "jp-ncaa") == 2


@pytest.mark.rule("6.3")
@pytest.mark.rule("6.72")
def test_no_assault_in_jungle():
    state = play(combat(start()), "japan", "battle mindanao")
    assert actions(state, "japan") == ["normal"]
    with pytest.raises(IllegalAction, match=r"6\.72: "):
        play(state, "japan", "assault")


@pytest.mark.rule("6.24")
def test_a_die_hits_on_six_without_a_bonus(dice):
    dice(*[5] * 7, 6, 5, 5, 5)
    state = combat(start(), "move jp-ncaa honan")  # Honan is clear
    state = play(state, "japan", "battle honan", "normal")
    assert fired(state) == [("allies", 7, 0), ("japan", 4, 1)]


@pytest.mark.rule("6.7")
@pytest.mark.rule("6.71")
def test_defenders_in_rough_terrain_hit_on_five(dice):
    dice(5, 4)
    state = combat(start(), "move jp-23a hunan")  # Hunan is rough; Kwangtung joins it by land
    state = play(state, "japan", "battle hunan", "normal")
    assert fired(state)[0] == ("allies", 7, 1)


@pytest.mark.rule("6.73")
def test_defenders_get_a_bonus_against_a_river_crossing_in_the_first_round(dice):
    dice(4, 3)
    state = combat(start(), "move jp-11a hunan")  # Hupeh-Hunan is a river
    state = play(state, "japan", "battle hunan", "normal")
    assert fired(state)[0] == ("allies", 7, 1)  # 4 + rough + river


@pytest.mark.rule("6.73")
def test_the_river_bonus_holds_only_the_round_the_area_became_contested(dice):
    state = combat(start(), "move jp-11a hunan")
    state = play(state, "japan", "battle hunan", "normal", "end")
    dice(4)
    state = play(state, "japan", "breakthrough hunan japan", "normal")
    assert fired(state)[-2] == ("allies", 7, 0)


@pytest.mark.rule("3.35")
@pytest.mark.rule("6.71")
def test_a_partially_supplied_unit_gets_no_hit_bonus(dice):
    state = combat(start(), "move jp-23a hunan")
    for piece in ground_combat.pieces(state.data, "allies", "hunan"):
        mark_supply(state.data, piece, "partial", "hunan")
    dice(5, 5, 5, 5, 5, 5, 5)
    state = play(state, "japan", "battle hunan", "normal")
    assert fired(state)[0] == ("allies", 7, 0)


@pytest.mark.rule("3.6")
def test_an_out_of_supply_attacker_rolls_half_its_dice(dice):
    state = combat(start(), "move jp-ncaa honan")
    mark_supply(state.data, "jp-ncaa", "out")
    state = play(state, "japan", "battle honan", "assault")
    assert fired(state) == [("allies", 14, 0), ("japan", 4, 0)]


@pytest.mark.rule("6.82")
@pytest.mark.rule("6.84")
def test_a_fortification_counts_as_rough_in_the_first_round_then_is_infiltrated(dice):
    state = combat(start(), "move jp-ncaa honan")
    state.data["fortifications"] = ["honan"]
    dice(5)
    state = play(state, "japan", "battle honan", "normal")
    assert fired(state)[0] == ("allies", 7, 1)
    assert state.data["fortifications"] == []  # the Japanese are still in Honan


@pytest.mark.rule("6.25")
def test_a_full_strength_unit_takes_a_loss_before_a_reduced_one(dice):
    state = start(**{"cn-10wa": "honan"})  # the 1st and 10th War Areas full, the 5th 3 of 4
    state = combat(state, "move jp-ncaa honan")
    dice(*[1] * 11, 6)
    state = play(state, "japan", "battle honan", "normal")
    assert GAME.active(state) == ["allies"]
    assert actions(state, "allies") == ["lose cn-10wa", "lose cn-1wa"]
    with pytest.raises(IllegalAction, match=r"6\.25: "):
        play(state, "allies", "lose cn-5wa")
    state = play(state, "allies", "lose cn-1wa")
    assert [steps(state, u) for u in ("cn-1wa", "cn-5wa", "cn-10wa")] == [3, 3, 4]


@pytest.mark.rule("6.25")
def test_a_single_full_strength_unit_takes_the_first_loss_unasked(dice):
    state = combat(start(), "move jp-ncaa honan")  # 1st War Area 4 of 4 steps, 5th 3 of 4
    dice(*[1] * 7, 6)
    state = play(state, "japan", "battle honan", "normal")
    assert (steps(state, "cn-1wa"), steps(state, "cn-5wa")) == (3, 3)


@pytest.mark.rule("6.25")
def test_losses_are_free_once_no_unit_is_at_full_strength(dice):
    state = start()
    state.data["units"]["cn-1wa"]["hidden"]["steps"] = 3
    state = combat(state, "move jp-ncaa honan")
    dice(*[1] * 6, 6)
    state = play(state, "japan", "battle honan", "normal")
    assert actions(state, "allies") == ["lose cn-1wa", "lose cn-5wa"]


@pytest.mark.rule("3.25")
@pytest.mark.rule("6.63")
@pytest.mark.rule("6.24")
def test_the_last_defender_eliminated_gives_the_attacker_the_area(dice):
    state = start(**{"cn-5wa": "shensi"})  # Honan keeps the 1st War Area, 4 steps
    dice(*[1] * 8, *[6] * 8)
    state = combat(state, "move jp-ncaa honan")
    state = play(state, "japan", "battle honan", "assault")
    assert "cn-1wa" not in state.data["units"]
    assert "cn-1wa" in state.data["pools"]["china_nat"]
    assert state.data["known_in_pool"] == ["cn-1wa"]
    assert state.data["control"]["honan"] == "japan"
    assert "honan" not in state.data["contested"]
    assert state.data["units"]["jp-ncaa"]["seen"] == {"allies": "moved"}  # stood up, known
    check_views(GAME, state, Rng(5))  # no secret shown; determinized alike


@pytest.mark.rule("6.23")
def test_both_sides_blocks_are_revealed_while_the_area_stays_contested():
    state = combat(start(), "move jp-ncaa honan")
    allied_view = GAME.view(state, "allies")["board"]
    assert "jp-ncaa" not in {unit["id"] for unit in allied_view["units"]}
    state = play(state, "japan", "battle honan", "normal")
    seen_by_allies = {unit["id"] for unit in GAME.view(state, "allies")["board"]["units"]}
    seen_by_japan = {unit["id"] for unit in GAME.view(state, "japan")["board"]["units"]}
    assert "jp-ncaa" in seen_by_allies
    assert {"cn-1wa", "cn-5wa"} <= seen_by_japan
    check_views(GAME, state, Rng(3))


@pytest.mark.rule("6.23")
def test_a_block_entering_a_revealed_contested_area_is_revealed_at_once(dice):
    state = combat(start(), "move jp-ncaa honan")
    state = play(state, "japan", "battle honan", "normal", "end", "end")
    assert state.data["phase_player"] == "allies"
    state = pass_to(play(state, "allies", "end"), "allies", "operational_movement")  # no naval move
    state = play(state, "allies", "move cn-2wa honan")
    assert state.data["units"]["cn-2wa"]["seen"] == {"japan": "battle:honan"}
    state = play(state, "allies", "move cn-5wa shensi")  # leaving, it stands up again
    assert state.data["units"]["cn-5wa"]["seen"] == {}


@pytest.mark.rule("6.21")
def test_air_units_commit_in_secret_both_sides_at_once(dice):
    state = start(**{"cw-lba-3": "malaya"})
    state = play(combat(state), "japan", "battle malaya", "normal")
    assert sorted(GAME.active(state)) == ["allies", "japan"]
    state = play(state, "japan", "mission jp-lba-1 support")
    shown = GAME.view(state, "allies")["board"]["air_missions"]
    assert shown == {"allies": {"cw-lba-3": "dogfight"}}
    check_views(GAME, state, Rng(4))  # Japan's mission is a secret the fuzzer knows
    state = play(state, "japan", "commit")
    assert GAME.active(state) == ["allies"]
    state = play(state, "allies", "commit")
    missions = [e.params for e in state.log if e.key == "log.air_missions"]
    assert {"side": "japan", "units": ["jp-lba-1"], "mission": "support"} in missions


@pytest.mark.rule("6.22")
@pytest.mark.rule("9.12")
def test_dogfight_hits_fall_on_elite_air_first(dice):
    state = start(**{"cw-lba-3": "malaya", "jp-lba-e1": "malaya"})
    state = play(combat(state), "japan", "battle malaya", "normal", "commit")
    dice(1, 1, 1, 1, 6, 6)  # Japan's elite, then regular; the Commonwealth's two dice
    state = play(state, "allies", "commit")
    assert "jp-lba-e1" not in state.data["counters"]
    assert state.data["counters"]["jp-lba-1"]["steps"] == 2


@pytest.mark.rule("6.22")
def test_elite_air_hits_on_four_in_a_dogfight(dice):
    state = start(**{"cw-lba-3": "malaya", "jp-lba-e1": "malaya"})
    state = play(combat(state), "japan", "battle malaya", "normal", "commit")
    dice(4, 4)
    state = play(state, "allies", "commit")
    assert "cw-lba-3" not in state.data["counters"]


@pytest.mark.rule("6.5")
@pytest.mark.rule("6.51")
def test_ground_support_gives_one_step_a_bonus_per_air_step(dice):
    state = play(combat(start()), "japan", "battle malaya", "normal")
    dice(1, 1, 1, 1, 5, 5, 5, 5)  # the Commonwealth's 4 steps, then the 25th Army's 4
    state = play(state, "japan", "mission jp-lba-1 support", "commit")
    assert fired(state)[-1] == ("japan", 4, 2)  # 2 supported steps hit on 5


@pytest.mark.rule("4.26")
@pytest.mark.rule("9.15")
def test_us_marines_and_japanese_defence_against_china_take_a_bonus():
    data = start(**{"us-1mar": "bataan", "cn-9wa": "hupeh"}).data
    charts = printed()
    marines = {"area": "bataan", "attacker": "allies", "powers": None, "river": False}
    assert ground_combat.hit_bonus(data, charts, marines, "allies", "us-1mar") == 1
    against_china = {"area": "hupeh", "attacker": "allies", "powers": None, "river": False}
    assert ground_combat.hit_bonus(data, charts, against_china, "japan", "jp-11a") == 1
    data["units"]["cn-9wa"]["where"] = "hunan"
    assert ground_combat.hit_bonus(data, charts, against_china, "japan", "jp-11a") == 0


@pytest.mark.rule("4.27")
def test_militia_take_no_hit_bonus():
    data = start(**{"cn-9wa": "korea"}).data  # Korea is rough; its Japanese block is militia
    battle = {"area": "korea", "attacker": "allies", "powers": None, "river": False}
    assert ground_combat.hit_bonus(data, printed(), battle, "japan", "jp-korea") == 0


@pytest.mark.rule("6.6")
@pytest.mark.rule("7.3")
@pytest.mark.rule("6.61")
@pytest.mark.rule("6.62")
@pytest.mark.rule("6.72")
def test_a_breakthrough_round_costs_a_special_action_and_never_comes_in_jungle(dice):
    state = combat(start(), "move jp-ncaa honan")
    state = play(state, "japan", "battle honan", "normal", "end")
    assert actions(state, "japan") == ["breakthrough honan japan", "end"]  # not Malaya
    state = play(state, "japan", "breakthrough honan japan")
    assert state.data["tracks"]["special_actions_japan"] == 0
    assert GAME.view(state, "japan")["prompt"]["key"] == "prompt.combat_mode"


@pytest.mark.rule("7.7")
@pytest.mark.rule("6.62")
def test_chinese_units_never_fight_breakthrough_rounds():
    data = combat(start(), "move jp-ncaa honan").data
    assert list(ground_combat.breakthroughs(data, "allies")) == []  # only Chinese in Honan
    data["units"]["us-4army"]["where"] = "honan"
    assert list(ground_combat.breakthroughs(data, "allies")) == [("honan", ("usa",))]


@pytest.mark.rule("6.75")
def test_an_island_box_is_fought_round_after_round_until_the_attacker_stops(dice):
    state = start(**{"jp-snlf-kure": "midway"})
    state.data["newly_contested"] = ["midway"]
    state = play(combat(state), "japan", "battle midway", "normal")
    state = play(state, "allies", "commit")  # its LBA at Midway, on dogfight
    assert actions(state, "japan") == ["continue", "stop"]
    state = play(state, "japan", "continue", "normal")
    state = play(state, "allies", "commit")
    assert [side for side, _, _ in fired(state)] == ["allies", "japan", "allies", "japan"]
    state = play(state, "japan", "stop")
    assert GAME.view(state, "japan")["prompt"]["key"] != "prompt.island_round"


@pytest.mark.rule("6.75")
@pytest.mark.rule("4.28")
def test_the_island_battle_ends_when_the_garrison_falls(dice):
    state = start(**{"jp-snlf-kure": "midway"})
    state.data["newly_contested"] = ["midway"]
    dice(1, 1, 6)  # the US LBA's dogfight die, the garrison's, the SNLF's
    state = play(combat(state), "japan", "battle midway", "normal")
    state = play(state, "allies", "commit")
    assert ["usa", "midway"] not in state.data["garrisons"]
    assert state.data["control"]["midway"] == "japan"
    assert "us-lba-4" not in state.data["counters"]  # left alone with the enemy (5.46)


def test_prompts_name_what_is_offered_and_every_line_reads_in_both_languages():
    for key in GAME.prompt_verbs():
        for lang in ("en", "ja"):
            assert key in GAME.catalog.messages[lang], f"{key} has no {lang} words"
    state = combat(start(**{"cw-lba-3": "malaya"}), "move jp-ncaa honan", "move jp-11a hunan")
    chooser = random.Random(6)
    while state.data["turn"] == "1942-01":
        assert prompt_problems(GAME, state) == []
        side = chooser.choice(GAME.active(state))
        state = GAME.apply(state, side, chooser.choice(GAME.legal_actions(state, side)))
    for event in state.log:
        for lang in ("en", "ja"):
            line = GAME.catalog.render(event.key, event.params, lang)
            assert not line.startswith(event.key) and "{" not in line, line


@pytest.mark.rule("9.14")
def test_a_banzai_charge_hits_on_five_then_the_charging_units_are_gone(dice):
    state = combat(
        start(**{"jp-mongolia": "peking"}), "move jp-ncaa honan", "move jp-mongolia honan"
    )
    state = play(state, "japan", "battle honan", "normal")
    assert actions(state, "japan") == ["banzai jp-mongolia", "fire"]  # the militia
    dice(5, 5, 5, 5, 5, 5)  # the defenders have fired
    state = play(state, "japan", "banzai jp-mongolia", "fire")
    assert fired(state)[-1] == ("japan", 6, 2)  # the militia's two dice, +1; none of the army's
    state = play(state, "allies", "lose cn-5wa")  # the second hit, once none is at full strength
    assert "jp-mongolia" not in state.data["units"]
    assert "jp-mongolia" in state.data["pools"]["japan"]


@pytest.mark.rule("9.14")
def test_a_banzai_charge_that_clears_the_area_keeps_one_step(dice):
    state = start(**{"jp-mongolia": "peking", "cn-1wa": "shensi"})  # the 5th War Area, 3 steps
    state = combat(state, "move jp-ncaa honan", "move jp-mongolia honan")
    state = play(state, "japan", "battle honan", "normal")
    dice(6, 6, 6)
    state = play(state, "japan", "banzai jp-mongolia", "fire")
    assert state.data["control"]["honan"] == "japan"
    assert steps(state, "jp-mongolia") == 1
    assert any(e.key == "log.banzai_survivor" for e in state.log)


@pytest.mark.rule("6.75")
@pytest.mark.rule("6.74")
def test_the_unit_that_took_a_box_may_give_a_step_for_a_garrison(dice):
    state = start(**{"jp-snlf-kure": "midway"})
    state.data["newly_contested"] = ["midway"]
    state.data["units"]["jp-snlf-kure"]["hidden"]["steps"] = 2
    dice(1, 1, 6)
    state = play(combat(state), "japan", "battle midway", "normal")
    state = play(state, "allies", "commit")
    assert actions(state, "japan") == ["decline", "garrison jp-snlf-kure"]
    state = play(state, "japan", "garrison jp-snlf-kure")
    assert ["japan", "midway"] in state.data["garrisons"]
    assert steps(state, "jp-snlf-kure") == 1


@pytest.mark.rule("9.43")
def test_japanese_units_fighting_a_mixed_chinese_stack_take_a_bonus():
    data = start(**{"jp-ncaa": "chekiang"}).data  # the 3rd War Area and the New Fourth Army
    battle = {"area": "chekiang", "attacker": "japan", "powers": None, "river": False}
    assert ground_combat.hit_bonus(data, printed(), battle, "japan", "jp-ncaa") == 1
    data["units"]["cc-n4a"]["where"] = "fukien"
    assert ground_combat.hit_bonus(data, printed(), battle, "japan", "jp-ncaa") == 0


@pytest.mark.rule("6.52")
def test_a_side_gives_at_most_eight_steps_of_ground_support_a_round():
    data = start(**{"jp-lba-e1": "malaya"}).data
    battle = {"area": "malaya", "attacker": "japan", "powers": None, "river": False}
    battle["support"] = {"japan": {"jp-25a": 3}, "allies": {}}
    assert ground_combat.support_targets(data, battle, "jp-lba-e1", 8) == ["jp-25a"]
    battle["support"]["japan"] = {"jp-25a": 4, "garrison:japan": 4}
    assert ground_combat.support_targets(data, battle, "jp-lba-e1", 8) == []


@pytest.mark.rule("6.72")
def test_units_in_a_contested_jungle_rot_in_july_but_cadres_stay():
    state = start()
    state.data["turn"] = "1942-07"
    g = GAME.context(state)
    ground_combat.jungle_attrition(g)
    assert [steps(state, u) for u in ("jp-25a", "cw-iii-corps", "cw-8div-aus")] == [3, 1, 1]
    assert steps(state, "jp-14a") == 4  # Luzon is not a contested jungle
    state.data["turn"] = "1942-09"
    ground_combat.jungle_attrition(g)
    assert steps(state, "jp-25a") == 3
