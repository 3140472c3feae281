"""Operational movement (3.1, 3.1.1, 3.1.4), zones of control (8.1, 8.2) and stacking (9.1,
9.2): what a unit may enter, what it costs, where it must stop, and the steps an overstacked hex
loses at the end of the phase."""

from __future__ import annotations

import pytest

from tests.dai_senso.play import GAME, PLAIN, act, actions, frozen, hexes, position
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.games.dai_senso import movement
from wargame.games.dai_senso.charts import TABLES
from wargame.games.dai_senso.overrun import overrun_refusal
from wargame.games.dai_senso.weather import weather_now

pytestmark = pytest.mark.game("dai-senso")
TEC = TABLES.defaults["terrain_effects"]


def costs(state, uid, spent=0):
    found, refused = movement.entries(state.data, uid, spent, movement.Ground(TEC, {}))
    return {there: entry.cost for there, entry in found.items()}, refused


def refused_with(state, side, text, rule):
    before = frozen(state)
    with pytest.raises(IllegalAction, match=rule):
        GAME.apply(state, side, Action(text))
    assert frozen(state) == before


@pytest.mark.rule("3.1")
def test_only_the_phasing_units_with_a_movement_allowance_move_each_once():
    state = position(
        {"j-5th-army": (PLAIN, 2), "j-hutou-fort": ("e1403", 1), "s-35th": ("e1803", 2)}
    )
    assert actions(state, "axis") == ["move j-5th-army", "end"]
    state = act(state, "axis", "move j-5th-army", "hex e1604", "stop")
    assert actions(state, "axis") == ["end"]
    assert actions(state, "soviet") == []


@pytest.mark.rule("3.1.1")
def test_a_hex_costs_its_terrain_plus_the_hexside_crossed():
    state = position({"j-5th-army": ("w5010", 2), "j-manchukuo": ("w5402", 1)})
    found, _ = costs(state, "j-5th-army")
    assert found["w5011"] == 1 and found["w4910"] == 2  # clear, rough
    found, _ = costs(state, "j-manchukuo")
    assert found["w5302"] == 2  # clear across a river


@pytest.mark.rule("3.1.1")
def test_a_mountain_hexside_adds_two_mp_and_a_river_on_it_one_more():
    state = position({"j-5th-army": ("w5425", 2), "j-44th-army": ("w5626", 2)})
    found, _ = costs(state, "j-5th-army")
    assert found["w5525"] == 3  # clear across the Greater Khingan's crest
    found, _ = costs(state, "j-44th-army")
    assert found["w5725"] == 5  # rough across a crest that a river runs along too


@pytest.mark.rule("3.1.1")
def test_a_unit_stops_when_its_allowance_cannot_pay_for_the_next_hex():
    state = position({"j-manchukuo": ("w5010", 1)})  # movement allowance 2
    state = act(state, "axis", "move j-manchukuo", "hex w5011")
    refused_with(state, "axis", "hex w4910", r"3\.1\.1: entering w4910 costs 2 MP, 1 left")


@pytest.mark.rule("3.1.1")
def test_the_first_hex_of_a_move_may_cost_more_than_the_allowance_and_ends_it():
    state = position({"j-manchukuo": ("w3718", 1)})  # rough across a river: 3 MP, allowance 2
    state = act(state, "axis", "move j-manchukuo", "hex w3717")
    assert hexes(state)["j-manchukuo"] == "w3717"
    assert state.data["moved"] == ["j-manchukuo"] and actions(state, "axis") == ["end"]


@pytest.mark.rule("3.1.4")
def test_a_lake_hexside_blocks_the_move_and_the_refusal_names_the_rule():
    state = act(position({"j-manchukuo": ("w5402", 1)}), "axis", "move j-manchukuo")
    assert "hex w5403" not in actions(state, "axis")
    refused_with(state, "axis", "hex w5403", r"3\.1\.4: a lake hexside")


@pytest.mark.rule("3.1.4")
def test_an_all_sea_hex_or_hexside_is_refused_but_marines_cross_one_as_their_whole_move():
    state = act(position({"j-home-1": ("e4904", 2)}), "axis", "move j-home-1")
    refused_with(state, "axis", "hex e4905", r"3\.1\.4: e4905 is an all-sea hex")
    state = position({"j-88th-div": ("e5505", 1), "j-snlf-shanghai": ("e5506", 1)})
    _, refused = costs(state, "j-88th-div")
    assert refused["e5605"].startswith("3.1.4: an all-sea hexside")
    state.data["units"]["j-snlf-shanghai"]["hex"] = "e5505"
    state = act(state, "axis", "move j-snlf-shanghai", "hex e5605")
    assert state.data["moved"] == ["j-snlf-shanghai"]


@pytest.mark.rule("3.1.4")
def test_a_strait_is_crossed_only_as_a_units_whole_move():
    state = position({"j-88th-div": ("e5505", 1)})
    assert costs(state, "j-88th-div", spent=1)[1]["e5405"].startswith("3.1.4: crossing")
    state = act(state, "axis", "move j-88th-div", "hex e5405")
    assert hexes(state)["j-88th-div"] == "e5405" and actions(state, "axis") == ["end"]


@pytest.mark.rule("8.1", "8.2")
def test_entering_an_enemy_zone_of_control_stops_a_unit_unless_a_friendly_unit_is_there():
    state = position({"j-5th-army": ("e1605", 2), "s-35th": (PLAIN, 2)})
    stopped = act(state, "axis", "move j-5th-army", "hex e1604")
    assert stopped.data["moved"] == ["j-5th-army"] and actions(stopped, "axis") == ["end"]
    state.data["units"]["j-44th-army"] = {"hex": "e1604", "steps": 2}
    going = act(state, "axis", "move j-5th-army", "hex e1604")
    assert going.data["moved"] == [] and "stop" in actions(going, "axis")


@pytest.mark.rule("3.2")
def test_multi_step_armour_overruns_a_lone_one_step_unit_ignoring_its_zone():
    state = position({"j-armor-1": ("e1605", 2), "s-kamchatka": ("e1604", 1)})
    state = act(state, "axis", "move j-armor-1", "hex e1604")
    assert "s-kamchatka" in state.data["eliminated"] and hexes(state)["j-armor-1"] == "e1604"
    assert state.data["moved"] == [] and "stop" in actions(state, "axis")
    assert any(e.key == "log.overrun" for e in state.log)


@pytest.mark.rule("3.2")
@pytest.mark.parametrize(
    ("units", "mover", "target", "reason"),
    [
        (
            {"j-5th-army": ("e1605", 2), "s-kamchatka": ("e1604", 1)},
            "j-5th-army",
            "e1604",
            "only a multi-step armour-type unit",
        ),
        (
            {"j-armor-1": ("e1605", 2), "s-35th": ("e1604", 2)},
            "j-armor-1",
            "e1604",
            "more than one enemy step",
        ),
        (
            {"j-armor-1": ("e1605", 2), "s-kamchatka": ("e1604", 1), "s-2fef": ("e1403", 2)},
            "j-armor-1",
            "e1604",
            "an enemy HQ within 2 hexes",
        ),
        (
            {"j-armor-1": ("w5010", 2), "s-kamchatka": ("w4910", 1)},
            "j-armor-1",
            "w4910",
            "the terrain of w4910",
        ),
    ],
)
def test_an_overrun_is_refused_with_its_reason(units, mover, target, reason):
    state = act(position(units), "axis", f"move {mover}")
    refused_with(state, "axis", f"hex {target}", rf"3\.2: .*{reason}")


@pytest.mark.rule("9.2")
def test_an_overstacked_hex_loses_steps_of_its_owners_choice_at_the_end_of_the_phase():
    units = {uid: (PLAIN, 2) for uid in ("j-5th-army", "j-44th-army", "j-30th-army")}
    state = position({**units, "j-3rd-army": ("e1604", 2), "s-35th": ("e1403", 2)})
    state = act(state, "axis", "move j-3rd-army", f"hex {PLAIN}", "stop", "end")
    view = GAME.view(state, "axis")
    assert view["prompt"]["key"] == "prompt.overstacked"
    assert set(actions(state, "axis")) == {f"lose {uid}" for uid in [*units, "j-3rd-army"]}
    state = act(state, "axis", "lose j-3rd-army", "lose j-3rd-army")
    assert "j-3rd-army" in state.data["eliminated"]
    assert GAME.view(state, "axis")["prompt"]["key"] == "prompt.combat"


@pytest.mark.rule("9.1")
def test_two_hqs_in_one_hex_break_stacking():
    state = position({"j-kwantung-hq": (PLAIN, 2), "j-kwantung-3aa": ("e1604", 2)})
    state = act(state, "axis", "move j-kwantung-3aa", f"hex {PLAIN}", "stop", "end")
    assert GAME.view(state, "axis")["prompt"]["key"] == "prompt.overstacked"
    state = act(state, "axis", "lose j-kwantung-hq")
    assert state.data["units"]["j-kwantung-hq"]["steps"] == 1
    assert GAME.view(state, "axis")["prompt"]["key"] == "prompt.overstacked"


@pytest.mark.rule("11.1")
def test_the_weather_of_a_hex_is_its_areas_on_the_turn_track():
    summer = position({})
    assert weather_now(summer).get("w5326") is None  # Hsinking, North: clear in Aug-Sep
    assert weather_now(summer)["w4115"] == "mud"  # Toungoo, North Monsoon
    summer.data["track"] += 1  # Oct
    assert weather_now(summer)["w5326"] == "mud" and weather_now(summer)["e5505"] == "mud"


@pytest.mark.rule("11.3")
def test_in_mud_no_unit_leaves_an_enemy_zone_of_control():
    units = {"j-5th-army": ("e1604", 2), "s-35th": (PLAIN, 2)}
    state = act(position(units, weather={"desert": "mud"}), "axis", "move j-5th-army")
    assert actions(state, "axis") == ["stop"]
    refused_with(state, "axis", "hex e1605", r"11\.3: no unit leaves an enemy zone of control")


@pytest.mark.rule("11.4", "11.5")
@pytest.mark.parametrize(("weather", "stops"), [("storm", True), ("snow", True), (None, False)])
def test_in_storms_and_snow_a_unit_stops_after_leaving_or_entering_an_enemy_zone(weather, stops):
    area = {"desert": weather} if weather else {}
    leaving = position({"j-5th-army": ("e1604", 2), "s-35th": (PLAIN, 2)}, weather=area)
    left = act(leaving, "axis", "move j-5th-army", "hex e1704")
    assert (left.data["moved"] == ["j-5th-army"]) is stops
    units = {"j-5th-army": ("e1605", 2), "j-44th-army": ("e1604", 2), "s-35th": (PLAIN, 2)}
    entered = act(position(units, weather=area), "axis", "move j-5th-army", "hex e1604")
    assert (entered.data["moved"] == ["j-5th-army"]) is stops  # a friendly unit is there


@pytest.mark.rule("3.2", "11.3")
def test_no_overrun_into_mud():
    state = position({"j-armor-1": ("e1605", 2), "s-kamchatka": ("e1604", 1)})
    tec = TEC
    assert overrun_refusal(state.data, "j-armor-1", "e1605", "e1604", tec, weather={}) == ""
    mud = {"e1604": "mud"}
    found = overrun_refusal(state.data, "j-armor-1", "e1605", "e1604", tec, weather=mud)
    assert found == "3.2: e1604 is in mud"


@pytest.mark.rule("5")
def test_reserve_movement_moves_again_but_never_into_or_out_of_an_enemy_zone():
    units = {"j-5th-army": ("e1605", 2), "j-44th-army": ("e1604", 2), "s-35th": (PLAIN, 2)}
    state = act(position(units), "axis", "move j-5th-army", "hex e1606", "stop", "end", "end")
    assert GAME.view(state, "axis")["prompt"]["key"] == "prompt.reserve_movement"
    assert actions(state, "axis") == ["move j-5th-army", "end"]  # j-44th-army is in a zone
    state = act(state, "axis", "move j-5th-army", "hex e1605")
    refused_with(state, "axis", "hex e1604", r"5: no unit enters an enemy zone of control")
    assert movement.reserve_refusal(state.data, "axis", PLAIN).startswith("5: no overrun")
    state = act(state, "axis", "stop", "end")
    assert GAME.active(state) == ["soviet"]
