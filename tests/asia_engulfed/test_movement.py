"""Asia Engulfed's operational movement of ground units (5.1), control (3.25) and stacking (5.4),
played through the game contract on the January 1942 set-up."""

import copy

import msgspec
import pytest

from tests.asia_engulfed.positions import (
    at_operational_movement,
    mark_supply,
    operational_destinations,
    pass_phase,
    pass_to,
    play,
    strategic_destinations,
)
from wargame.engine.rng import Rng
from wargame.games.asia_engulfed import GAME, movement
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.control import area, settle_control
from wargame.games.asia_engulfed.movement import air_reach, may_enter

pytestmark = pytest.mark.game("asia-engulfed")


def start(**changes):
    """The Jan/Feb 1942 set-up at Japan's operational movement, with units moved by ``changes``
    (block id -> area), before anything was asked of the state."""
    state = at_operational_movement()
    for unit_id, where in changes.items():
        units = state.data["units"]
        if unit_id in units:
            units[unit_id]["where"] = where
        else:
            state.data["counters"][unit_id]["where"] = where
    return state


def moves(state, side, unit_id):
    return operational_destinations(state, side, unit_id)


def end_player_turn(state, side):
    """End each of ``side``'s phases until the other side's player turn (or the game) begins."""
    while state.data["phase_player"] == side and GAME.active(state) == [side]:
        state = pass_phase(state, side)
    return state


def allied_phase(state):
    """From Japan's operational movement to the Allies' (past their naval movement)."""
    state = pass_to(end_player_turn(state, "japan"), "allies", "operational_movement")
    return state


@pytest.mark.rule("5.1")
@pytest.mark.rule("5.11")
def test_a_block_moves_one_area_once_a_phase():
    state = start()
    assert moves(state, "japan", "jp-kwantung-3a") == ["korea", "peking", "suiyuan"]
    state = play(state, "japan", "move jp-kwantung-3a peking")
    assert moves(state, "japan", "jp-kwantung-3a") == []
    assert moves(state, "japan", "jp-kwantung-5a") == ["korea", "peking", "suiyuan"]


@pytest.mark.rule("5.16")
def test_a_strait_is_crossed_as_one_move():
    state = start()
    assert "leyte" in moves(state, "japan", "jp-14a")  # Luzon-Leyte is a strait


@pytest.mark.rule("5.19")
def test_rivers_and_rough_terrain_cost_a_block_no_more_than_clear_terrain():
    state = start()
    assert area("shansi").terrain == "rough"
    targets = moves(state, "japan", "jp-1a")  # in rough Shansi, Honan and Shensi over rivers
    assert {"honan", "shensi"} <= set(targets)
    state = play(state, "japan", "move jp-1a honan")
    assert state.data["units"]["jp-1a"]["where"] == "honan"


@pytest.mark.rule("5.19", "5.15")
def test_an_lba_flies_on_through_clear_or_rough_terrain_and_stops_only_in_jungle(monkeypatch):
    data = start(**{"jp-lba-3": "korea"}).data
    lba = data["counters"]["jp-lba-3"]

    def reach_through_manchukuo(terrain):
        def area_of(where):
            found = area(where)
            return (
                msgspec.structs.replace(found, terrain=terrain) if where == "manchukuo" else found
            )

        monkeypatch.setattr(movement, "area", area_of)
        return air_reach(data, "japan", lba, printed())

    clear = reach_through_manchukuo("clear")
    assert "suiyuan" in clear  # two areas, through Manchukuo
    assert reach_through_manchukuo("rough") == clear
    assert "suiyuan" not in reach_through_manchukuo("jungle")


@pytest.mark.rule("5.17")
def test_a_port_box_is_an_area_of_its_own_entered_and_left_as_any_other():
    in_box = start(**{"jp-kwantung-3a": "hong_kong"})
    assert moves(in_box, "japan", "jp-kwantung-3a") == ["kwangtung"]  # out: one move
    around = start(**{"jp-kwantung-3a": "kwangtung"})
    assert "hong_kong" in moves(around, "japan", "jp-kwantung-3a")  # in: one move
    state = play(around, "japan", "move jp-kwantung-3a hong_kong")
    assert state.data["units"]["jp-kwantung-3a"]["where"] == "hong_kong"
    assert moves(state, "japan", "jp-kwantung-3a") == []  # the move was the block's one


@pytest.mark.rule("5.18")
def test_an_impassable_boundary_stops_ground_units():
    state = start()
    state.data["control"]["tibet"] = "allies"  # open the neutral area, to see the boundary
    targets = moves(allied_phase(state), "allies", "cn-yunnan")
    assert "tibet" not in targets
    assert "burma" in targets  # across a river (5.19: no effect on movement)


@pytest.mark.rule("10.2")
def test_no_unit_enters_a_neutral_area():
    assert "mongolia" not in moves(start(), "japan", "jp-kwantung-3a")
    state = start()
    assert may_enter(state.data, state.data["units"]["jp-kwantung-3a"], "mongolia") == "neutral"


@pytest.mark.rule("3.25")
def test_entering_an_empty_enemy_area_takes_it_at_once():
    state = start(**{"cn-3wa": "fukien", "cc-n4a": "fukien"})
    assert state.data["control"]["chekiang"] == "allies"
    state = play(state, "japan", "move jp-13a chekiang")
    assert state.data["control"]["chekiang"] == "japan"
    assert "chekiang" not in state.data["contested"]


@pytest.mark.rule("3.25")
@pytest.mark.rule("6.1")
def test_entering_an_occupied_enemy_area_contests_it():
    state = play(start(), "japan", "move jp-13a chekiang")
    assert "chekiang" in state.data["contested"]
    assert state.data["control"]["chekiang"] == "allies"  # control stays until one side is alone
    assert state.data["newly_contested"] == ["chekiang"]


@pytest.mark.rule("3.25")
def test_an_area_left_to_one_side_is_that_sides_at_once():
    data = start().data
    assert "malaya" in data["contested"]
    for unit_id in ("cw-iii-corps", "cw-8div-aus"):
        data["units"][unit_id]["where"] = "singapore"
    assert settle_control(data, "malaya") == "japan"
    assert data["control"]["malaya"] == "japan"
    assert "malaya" not in data["contested"]


@pytest.mark.rule("5.14")
def test_a_unit_leaving_a_contest_goes_to_a_friendly_uncontested_area():
    state = allied_phase(start())
    # Malaya: Japan's 4-step army against two Commonwealth blocks; Singapore is Allied.
    assert moves(state, "allies", "cw-iii-corps") == ["singapore"]  # not Thailand (Japanese)


@pytest.mark.rule("5.14")
def test_a_rear_guard_of_as_many_steps_as_enemy_units_stays():
    state = start()
    assert moves(state, "japan", "jp-25a") == []  # alone against two blocks: no rear guard
    allied = allied_phase(start())
    assert moves(allied, "allies", "cw-iii-corps") == ["singapore"]  # 2 steps stay for 1 unit
    allied = play(allied, "allies", "move cw-iii-corps singapore")
    assert moves(allied, "allies", "cw-8div-aus") == []  # its leaving would leave nobody


@pytest.mark.rule("3.33")
def test_dei_blocks_stay_and_philippine_blocks_stay_in_the_philippines():
    state = allied_phase(start())
    assert moves(state, "allies", "dei-knil") == []
    unit = state.data["units"]["ph-north-luzon"]
    assert may_enter(state.data, unit, "luzon") is None
    assert may_enter(state.data, unit, "formosa") == "philippines_only"


@pytest.mark.rule("9.23")
def test_us_units_stay_out_of_china_india_and_burma_but_formosa():
    state = start()
    unit = state.data["units"]["us-4army"]
    assert may_enter(state.data, unit, "yunnan") == "us_barred"
    assert may_enter(state.data, unit, "bengal") == "us_barred"
    assert may_enter(state.data, unit, "burma") == "us_barred"
    assert may_enter(state.data, unit, "formosa") is None


@pytest.mark.rule("9.32")
def test_commonwealth_units_enter_china_only_at_its_ports_and_islands():
    state = start(**{"cw-burma": "yunnan"})
    unit = state.data["units"]["cw-burma"]
    assert may_enter(state.data, unit, "kwangsi") == "cw_barred"
    assert may_enter(state.data, unit, "hong_kong") is None
    state.data["units"]["cn-4wa"]["where"] = "hainan"
    assert may_enter(state.data, unit, "hainan") == "cw_with_chinese"


@pytest.mark.rule("9.44")
def test_chinese_units_stay_in_china_and_nationalists_may_take_the_burma_road():
    state = start(**{"cn-yunnan": "burma", "cc-8ra": "suiyuan"})
    nationalist, communist = state.data["units"]["cn-yunnan"], state.data["units"]["cc-8ra"]
    assert may_enter(state.data, nationalist, "assam") is None  # the Burma Road
    assert may_enter(state.data, nationalist, "bengal") == "china_only"
    assert may_enter(state.data, nationalist, "malaya") == "china_only"
    assert may_enter(state.data, communist, "manchukuo") != "china_only"  # the China region
    assert movement.barred(state.data, "china_comm", "burma") == "china_only"
    assert movement.barred(state.data, "china_nat", "thailand") is not None
    air = {**state.data["counters"]["cn-lba-1"], "where": "yunnan"}
    reach = air_reach(state.data, "allies", air, printed())
    assert "burma" in reach and not reach & {"bengal", "french_indochina"}


@pytest.mark.rule("9.51")
def test_dei_air_units_and_fleets_keep_the_commonwealths_limits_in_china():
    state = start()
    assert movement.barred(state.data, "dei", "yunnan") == "cw_barred"
    assert movement.barred(state.data, "dei", "hong_kong") is None
    air = {**state.data["counters"]["dei-lba"], "where": "burma"}
    assert "yunnan" not in air_reach(state.data, "allies", air, printed())


@pytest.mark.rule("7.7")
@pytest.mark.rule("9.41")
def test_nationalists_attack_an_occupied_japanese_area_for_a_us_special_action():
    state = allied_phase(start())
    assert "hupeh" not in moves(state, "allies", "cn-9wa")  # the Japanese 11th Army holds it
    assert "nationalist_attack" in [a.verb for a in GAME.legal_actions(state, "allies")]
    spent = state.data["tracks"]["special_actions_usa"]
    state = play(state, "allies", "nationalist_attack")
    assert state.data["tracks"]["special_actions_usa"] == spent - 1
    assert "hupeh" in moves(state, "allies", "cn-9wa")
    assert "nationalist_attack" not in [a.verb for a in GAME.legal_actions(state, "allies")]


@pytest.mark.rule("7.7")
def test_nationalists_enter_an_empty_japanese_area_freely():
    state = allied_phase(start(**{"jp-23a": "hong_kong"}))
    assert "kwangtung" in moves(state, "allies", "cn-4wa")


@pytest.mark.rule("5.46")
def test_air_units_left_alone_with_enemy_ground_units_are_removed():
    state = allied_phase(start(**{"jp-23a": "hong_kong"}))
    assert state.data["counters"]["jp-lba-2"]["where"] == "kwangtung"
    state = play(state, "allies", "move cn-4wa kwangtung")
    assert "jp-lba-2" not in state.data["counters"]
    assert "jp-lba-2" in state.data["pools"]["japan"]
    assert state.data["control"]["kwangtung"] == "allies"


@pytest.mark.rule("5.42")
def test_an_overstacked_island_box_loses_a_unit_of_its_owners_choice():
    state = start(**{"jp-south-seas": "saipan", "jp-snlf-maizuru": "saipan"})
    state = play(state, "japan", "end")
    assert GAME.active(state) == ["japan"]
    assert state.data["phase"] == "operational_movement"  # its stacking, before the next phase
    choices = sorted(str(a) for a in GAME.legal_actions(state, "japan"))
    assert choices == ["remove jp-snlf-maizuru", "remove jp-south-seas"]
    state = play(state, "japan", "remove jp-south-seas")
    assert "jp-south-seas" in state.data["pools"]["japan"]
    assert state.data["phase"] == "strategic_movement"
    assert GAME.check(state) == []


def overstacked_after_moves(state):
    """Whether ending Japan's operational movement asks it to remove a unit."""
    after = play(state, "japan", "end")
    return {a.verb for a in GAME.legal_actions(after, "japan")} == {"remove"}


@pytest.mark.rule("5.43")
def test_a_port_box_holds_two_ground_units_of_a_side():
    state = start(**{"jp-kwantung-3a": "shanghai", "jp-kwantung-5a": "shanghai"})
    assert overstacked_after_moves(state) is False
    state = start(**{f"jp-kwantung-{n}a": "shanghai" for n in (3, 5, 6)})
    assert overstacked_after_moves(state) is True


@pytest.mark.rule("5.44")
def test_a_jungle_area_holds_four_ground_units_of_a_side():
    crowd = {unit: "burma" for unit in ("jp-kwantung-3a", "jp-kwantung-5a", "jp-kwantung-6a")}
    state = start(**crowd, **{"jp-13a": "burma"})
    assert overstacked_after_moves(state) is False  # 4 ground units
    state = start(**crowd, **{"jp-13a": "burma", "jp-12a": "burma"})
    assert overstacked_after_moves(state) is True


@pytest.mark.rule("5.41")
def test_a_clear_large_area_has_no_stacking_limit():
    crowd = ("jp-kwantung-3a", "jp-kwantung-5a", "jp-kwantung-6a", "jp-13a", "jp-12a", "jp-14a")
    state = start(**{unit: "honan" for unit in crowd})  # six, more than any limited area holds
    assert overstacked_after_moves(state) is False


# -- air units -------------------------------------------------------------------------------


def flights(state, side, counter_id):
    return operational_destinations(state, side, counter_id)


@pytest.mark.rule("5.12")
def test_an_air_unit_flies_two_land_areas_but_not_to_stand_alone_with_the_enemy():
    state = start()
    reach = flights(state, "japan", "jp-lba-3")  # from Manchukuo
    assert {"peking", "korea", "shantung", "kiangsu"} <= set(reach)  # kiangsu: 2 areas
    assert "honan" not in reach  # Chinese armies and no Japanese unit there
    assert "hupeh" not in reach  # 3 areas away


@pytest.mark.rule("5.15")
def test_an_air_unit_entering_jungle_stops():
    data = start().data
    from_bengal = dict(data["counters"]["cw-lba-2"], where="bengal")
    assert "burma" in air_reach(data, "allies", from_bengal, printed())
    assert "french_indochina" not in air_reach(
        data, "allies", from_bengal, printed()
    )  # past Burma's jungle
    from_burma = dict(data["counters"]["cw-lba-2"], where="burma")
    assert "french_indochina" in air_reach(data, "allies", from_burma, printed())


@pytest.mark.rule("5.13")
def test_an_air_unit_crosses_one_sea_area_between_its_shores():
    reach = flights(start(), "japan", "jp-lba-e1")  # Formosa: no land neighbour at all
    assert {"luzon", "okinawa", "kwangtung"} <= set(reach)
    assert "honshu" not in reach  # two seas away


@pytest.mark.rule("3.6")
def test_an_air_unit_out_of_supply_flies_one_area_and_never_across_a_sea():
    state = start()
    mark_supply(state.data, "jp-lba-e1", "out")
    assert flights(state, "japan", "jp-lba-e1") == []
    state = start()
    mark_supply(state.data, "jp-lba-3", "out")
    assert flights(state, "japan", "jp-lba-3") == ["korea", "peking", "suiyuan"]


@pytest.mark.rule("5.18")
def test_air_units_ignore_impassable_boundaries():
    state = start()
    state.data["control"]["tibet"] = "allies"
    counter = dict(state.data["counters"]["cw-lba-2"], where="assam")  # Chinese ones: 9.44
    assert "tibet" in air_reach(state.data, "allies", counter, printed())


def test_a_flight_moves_the_counter_once_a_phase():
    state = play(start(), "japan", "fly jp-lba-3 peking")
    assert state.data["counters"]["jp-lba-3"]["where"] == "peking"
    assert flights(state, "japan", "jp-lba-3") == []


# -- strategic movement ----------------------------------------------------------------------


def strategic_phase(state):
    return play(state, "japan", "end")


def strategic(state, side, unit_id):
    return strategic_destinations(state, side, unit_id)


@pytest.mark.rule("5.21")
@pytest.mark.rule("5.23")
def test_a_strategic_move_goes_anywhere_through_friendly_uncontested_land():
    state = strategic_phase(start())
    assert state.data["phase"] == "strategic_movement"
    reach = strategic(state, "japan", "jp-11a")  # from Hupeh
    assert {"manchukuo", "korea", "shanghai", "suiyuan"} <= set(reach)
    assert "honan" not in reach  # Chinese
    assert "malaya" not in strategic(state, "japan", "jp-15a")  # contested
    assert strategic(state, "japan", "jp-25a") == []  # starts in a contested area


@pytest.mark.rule("5.24")
def test_each_power_has_so_many_strategic_moves_a_phase():
    state = strategic_phase(start())
    units = ["jp-11a", "jp-12a", "jp-13a", "jp-1a", "jp-kwantung-3a"]
    for unit_id in units[: printed().strategic_move_limit("japan")]:
        state = play(state, "japan", f"strategic {unit_id}", f"strategic {unit_id} korea")
    assert [a for a in GAME.legal_actions(state, "japan") if a.verb == "strategic"] == []


@pytest.mark.rule("3.6")
def test_units_out_of_supply_make_no_strategic_move():
    state = start()
    mark_supply(state.data, "jp-11a", "out")
    assert strategic(strategic_phase(state), "japan", "jp-11a") == []


@pytest.mark.rule("5.2")
def test_a_strategic_move_names_its_unit_first_and_may_be_cancelled():
    state = strategic_phase(start())
    first = {a.text for a in GAME.legal_actions(state, "japan")}
    assert "strategic jp-11a" in first
    assert not any(len(text.split()) > 2 for text in first if text.startswith("strategic"))
    picked = play(state, "japan", "strategic jp-11a")
    offered = {a.text for a in GAME.legal_actions(picked, "japan")}
    assert "strategic jp-11a korea" in offered and "cancel" in offered
    assert all(t.split()[1] == "jp-11a" for t in offered if t.startswith("strategic"))
    assert "jp-11a" not in str(GAME.view(picked, "allies"))  # which block was chosen is Japan's
    back = play(picked, "japan", "cancel")
    assert {a.text for a in GAME.legal_actions(back, "japan")} == first


@pytest.mark.rule("5.2")
def test_a_destination_step_with_no_unit_picked_offers_cancel_under_its_own_prompt():
    """A state the other side draws may hold no picked unit when none of Japan's could move:
    the step offers only cancel, and its prompt names cancel, not the phase's end."""
    picked = play(strategic_phase(start()), "japan", "strategic jp-11a")
    drawn = copy.deepcopy(picked)
    drawn.data["picked"]["japan"] = []
    view = GAME.view(drawn, "japan")
    assert [a.text for a in GAME.legal_actions(drawn, "japan")] == ["cancel"]
    assert view["prompt"]["key"] == "prompt.strategic_none_picked"


# -- an operational move names its unit first (ae-speed3) -------------------------------------


@pytest.mark.rule("5.1")
def test_an_operational_move_names_its_unit_first_and_may_be_cancelled():
    state = start()
    first = {a.text for a in GAME.legal_actions(state, "japan")}
    assert {"move jp-kwantung-3a", "fly jp-lba-3"} <= first
    assert not any(len(t.split()) > 2 for t in first if t.split()[0] in ("move", "fly"))
    picked = play(state, "japan", "move jp-kwantung-3a")
    offered = {a.text for a in GAME.legal_actions(picked, "japan")}
    assert offered == {
        "move jp-kwantung-3a korea", "move jp-kwantung-3a peking",
        "move jp-kwantung-3a suiyuan", "cancel",
    }  # fmt: skip
    assert GAME.view(picked, "japan")["prompt"]["key"] == "prompt.operational_destination"
    assert "jp-kwantung-3a" not in str(GAME.view(picked, "allies"))  # the pick is Japan's
    back = play(picked, "japan", "cancel")
    assert {a.text for a in GAME.legal_actions(back, "japan")} == first
    moved = play(picked, "japan", "move jp-kwantung-3a peking")
    assert (
        moved.data["picked"]["japan"] == []
        and moved.data["units"]["jp-kwantung-3a"]["where"] == "peking"
    )
    assert "move jp-kwantung-3a" not in {a.text for a in GAME.legal_actions(moved, "japan")}


@pytest.mark.rule("5.1")
def test_the_other_side_draws_a_unit_picked_for_an_operational_move():
    """Allied search sees Japan's destination step without its pick: a state it draws has the
    first unit that may move picked, so that Japan's decision there is a real one."""
    picked = play(start(), "japan", "move jp-kwantung-3a")
    drawn = GAME.determinize(GAME.view(picked, "allies"), "allies", Rng(3))
    chosen = drawn.data["picked"]["japan"]
    assert len(chosen) == 1 and chosen[0] in drawn.data["units"]
    assert "cancel" in {a.text for a in GAME.legal_actions(drawn, "japan")}
    empty = copy.deepcopy(picked)
    empty.data["picked"]["japan"] = []
    assert [a.text for a in GAME.legal_actions(empty, "japan")] == ["cancel"]
    assert GAME.view(empty, "japan")["prompt"]["key"] == "prompt.operational_none_picked"
