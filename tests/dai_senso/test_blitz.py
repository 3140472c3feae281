"""Blitz markers (2.2.4), blitz combat (4.1, 4.1.2) with the armour shift (4.2.3.3),
exploitation (4.2.8), the marker segment (4.3) and the defender's optional conversion of a
retreat into step losses (4.2.5), played in the Soviet faction turn of August Storm."""

from __future__ import annotations

import dataclasses

import pytest

from tests.dai_senso.play import GAME, PLAIN, act, actions, frozen, hexes, position
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.state import clone
from wargame.games.dai_senso import blitz, combat, movement, retreat
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import TABLES

pytestmark = pytest.mark.game("dai-senso")
TEC = TABLES.defaults["terrain_effects"]
SHIFTS = TABLES.defaults["column_shifts"]
MARKER = "e1606"  # two hexes from e1604, three or more from PLAIN's other neighbours
RANGE = TABLES.defaults["blitz_markers"].range


def soviet_turn(units, result=None, weather=None):
    """The Soviet Blitz marker placement of turn 1 with ``units`` on the map (the Axis turn
    passed)."""
    return act(position(units, result, weather), "axis", "end", "end", "end")


def blitz_segment(units, result=None, weather=None):
    """The Soviet blitz combat segment with one Blitz marker in MARKER (s-35th's hex)."""
    found = soviet_turn({"s-35th": (MARKER, 2), **units}, result, weather)
    return act(found, "soviet", f"blitz {MARKER}", "end", "end")


def prompt(found, side):
    return GAME.view(found, side)["prompt"]["key"]


def refused(found, side, text, rule):
    before = frozen(found)
    with pytest.raises(IllegalAction, match=rf"{rule}: "):
        GAME.apply(found, side, Action(text))
    assert frozen(found) == before


@pytest.mark.rule("2.2.4")
def test_the_soviets_place_three_blitz_markers_in_hexes_of_their_own_units():
    found = soviet_turn({"s-35th": ("e1604", 2), "s-39th": (MARKER, 2), "s-6gta": ("e1608", 2),
                         "j-5th-army": (PLAIN, 2)})  # fmt: skip
    assert prompt(found, "soviet") == "prompt.blitz_placement"
    assert GAME.view(found, "soviet")["prompt"]["params"]["left"] == 3
    assert set(actions(found, "soviet")) == {"blitz e1604", f"blitz {MARKER}", "blitz e1608", "end"}
    refused(found, "soviet", f"blitz {PLAIN}", r"2\.2\.4")
    found = act(found, "soviet", "blitz e1604")
    refused(found, "soviet", "blitz e1604", r"2\.2\.4")
    found = act(found, "soviet", f"blitz {MARKER}", "blitz e1608")
    assert found.data["blitz"] == dict.fromkeys(["e1604", MARKER, "e1608"], "soviet")
    assert prompt(found, "soviet") == "prompt.movement"  # all three placed


@pytest.mark.rule("2.2.4")
def test_a_unit_within_two_hexes_of_a_friendly_marker_is_blitz_enabled():
    found = blitz_segment({"s-6gta": ("e1604", 2), "s-39th": ("e1503", 2)})
    assert board().distance(MARKER, "e1604") == RANGE and board().distance(MARKER, "e1503") > RANGE
    assert blitz.blitz_enabled(found.data, "s-6gta", RANGE)
    assert not blitz.blitz_enabled(found.data, "s-39th", RANGE)
    found.data["blitz"] = {MARKER: "axis"}  # another faction's marker enables nobody here
    assert not blitz.blitz_enabled(found.data, "s-6gta", RANGE)


@pytest.mark.rule("4.1")
def test_with_no_blitz_marker_the_blitz_combat_segment_passes():
    found = soviet_turn({"s-6gta": ("e1604", 2), "j-5th-army": (PLAIN, 2)})
    found = act(found, "soviet", "end", "end")
    assert prompt(found, "soviet") == "prompt.combat"
    assert any(e.key == "log.no_blitz" and e.params["side"] == "soviet" for e in found.log)


@pytest.mark.rule("4.1.2")
def test_only_blitz_enabled_units_attack_in_blitz_combat():
    found = blitz_segment({"s-6gta": ("e1604", 2), "s-39th": ("e1503", 2),
                           "j-manchukuo": (PLAIN, 1)})  # fmt: skip
    assert prompt(found, "soviet") == "prompt.blitz_combat"
    found = act(found, "soviet", f"attack {PLAIN}")
    assert "with s-6gta" in actions(found, "soviet")
    refused(found, "soviet", "with s-39th", r"4\.1\.2")


@pytest.mark.rule("4.1.2")
def test_no_blitz_attack_in_mud_and_only_russians_blitz_in_snow():
    units = {"s-6gta": ("e1604", 2), "j-manchukuo": (PLAIN, 1)}
    mud = blitz_segment(units, weather={"desert": "mud"})
    assert f"attack {PLAIN}" not in actions(mud, "soviet")
    refused(mud, "soviet", f"attack {PLAIN}", r"4\.1\.2")
    snow = blitz_segment(units, weather={"desert": "snow"})
    assert f"attack {PLAIN}" in actions(snow, "soviet")  # the 6th Guards Tank Army is Russian
    mongol = blitz_segment({"m-mpra-1945": ("e1604", 2), "j-manchukuo": (PLAIN, 1)},
                           weather={"desert": "snow"})  # fmt: skip
    refused(mongol, "soviet", f"attack {PLAIN}", r"4\.1\.2")


@pytest.mark.rule("4.2.3.3")
def test_armour_gives_one_shift_in_blitz_combat_only():
    found = blitz_segment({"s-6gta": ("e1604", 2), "s-39th": ("e1503", 2),
                           "j-manchukuo": (PLAIN, 1)})  # fmt: skip
    tank, rifles = ["s-6gta"], ["s-39th"]
    regular = combat.column_shift(found.data, tank, PLAIN, TEC, SHIFTS)
    assert combat.column_shift(found.data, tank, PLAIN, TEC, SHIFTS, blitz=True) == regular + 1
    assert combat.column_shift(found.data, rifles, PLAIN, TEC, SHIFTS, blitz=True) == regular


@pytest.mark.rule("4.2.8")
def test_a_blitz_enabled_unit_that_advanced_exploits_half_its_allowance_without_overrun():
    found = blitz_segment({"s-6gta": ("e1604", 2), "j-manchukuo": (PLAIN, 1)}, "Dr1")
    found = act(found, "soviet", f"attack {PLAIN}", "with s-6gta", "resolve")
    found = act(found, "axis", "retreat e1602")
    found = act(found, "soviet", "advance s-6gta", "end")
    assert prompt(found, "soviet") == "prompt.exploit"
    found = act(found, "soviet", "exploit s-6gta")
    assert prompt(found, "soviet") == "prompt.exploit_move"
    refused(found, "soviet", "hex e1602", r"4\.2\.8")  # no overrun while exploiting
    found = act(found, "soviet", "hex e1503")  # clear, 1 MP of its 4 // 2 = 2, no enemy zone
    assert hexes(found)["s-6gta"] == "e1503"
    assert GAME.view(found, "soviet")["prompt"]["params"]["spent"] == 1
    found = act(found, "soviet", "hex e1403")  # the second and last MP
    assert hexes(found)["s-6gta"] == "e1403" and actions(found, "soviet") == ["stop"]
    refused(found, "soviet", "hex e1303", r"3\.1\.1")  # 1 MP more than the exploitation's 2
    found = act(found, "soviet", "stop")
    assert prompt(found, "soviet") == "prompt.blitz_combat"


@pytest.mark.rule("4.2.8")
def test_no_exploitation_into_mud():
    found = position({"s-6gta": ("e1604", 2)})
    ground = movement.Ground(TEC, {"e1605": "mud"}, exploit=2)
    assert movement.exploit_refusal(found.data, "soviet", "e1605", ground).startswith("4.2.8: ")
    assert movement.exploit_refusal(found.data, "soviet", "e1504", ground) == ""


@pytest.mark.rule("4.2.8")
def test_a_unit_far_from_any_blitz_marker_advances_but_does_not_exploit():
    found = soviet_turn({"s-6gta": ("e1604", 2), "j-manchukuo": (PLAIN, 1)}, "Dr1")
    found = act(found, "soviet", "end", "end", f"attack {PLAIN}", "with s-6gta", "resolve")
    found = act(found, "axis", "retreat e1602")
    found = act(found, "soviet", "advance s-6gta", "end")
    assert prompt(found, "soviet") == "prompt.combat"


@pytest.mark.rule("4.2.8")
def test_the_exploiting_allowance_is_the_movement_allowance_halved_at_least_one():
    found = position({"s-6gta": ("e1604", 2), "s-10th-mech": ("e1605", 1)})
    assert combat.exploit_allowance(found.data, "s-6gta", 2) == 2
    assert combat.exploit_allowance(found.data, "s-10th-mech", 2) == 2
    assert combat.exploit_allowance(found.data, "s-10th-mech", 4) == 1


@pytest.mark.rule("4.3")
def test_the_marker_segment_takes_the_phasing_factions_blitz_markers_back():
    found = blitz_segment({"s-6gta": ("e1604", 2), "j-manchukuo": (PLAIN, 1)})
    assert found.data["blitz"] == {MARKER: "soviet"}
    found = act(found, "soviet", "end", "end")  # blitz combat, regular combat
    assert found.data["blitz"] == {}
    assert prompt(found, "soviet") == "prompt.reserve_movement"
    assert any(e.key == "log.blitz_removed" for e in found.log)


@pytest.mark.rule("4.2.5")
def test_a_defender_attacked_across_mountains_only_may_convert_its_retreat_into_losses():
    found = soviet_turn({"s-6gta": ("w5524", 2), "j-5th-army": ("w5525", 2)}, "Dr1")
    found = act(found, "soviet", "end", "end", "attack w5525", "with s-6gta", "resolve")
    assert prompt(found, "axis") == "prompt.retreat_or_convert"
    found = act(found, "axis", "convert", "lose j-5th-army")
    assert hexes(found)["j-5th-army"] == "w5525"
    assert found.data["units"]["j-5th-army"]["steps"] == 1


@pytest.mark.rule("4.2.5")
def test_a_defender_attacked_across_open_ground_may_not_convert():
    found = soviet_turn({"s-6gta": ("e1604", 2), "j-5th-army": (PLAIN, 2)}, "Dr1")
    found = act(found, "soviet", "end", "end", f"attack {PLAIN}", "with s-6gta", "resolve")
    assert prompt(found, "axis") == "prompt.retreat"
    refused(found, "axis", "convert", r"4\.2\.5")


@pytest.mark.rule("4.2.5")
def test_a_city_hex_without_a_blitz_marker_may_convert(monkeypatch):
    found = position({"s-6gta": ("e1604", 2), "j-5th-army": (PLAIN, 2)})
    assert not retreat.may_convert(found.data, PLAIN, ["s-6gta"])
    city = dataclasses.replace(board().hexes[PLAIN], terrain="city")
    monkeypatch.setitem(board().hexes, PLAIN, city)
    assert retreat.may_convert(found.data, PLAIN, ["s-6gta"])
    found.data["blitz"] = {PLAIN: "axis"}
    assert not retreat.may_convert(found.data, PLAIN, ["s-6gta"])


@pytest.mark.rule("4.1.2")
def test_an_hq_gives_ranged_support_to_a_blitz_attack_only_when_blitz_enabled():
    found = blitz_segment({"s-6gta": ("e1604", 2), "s-1fef": ("e1402", 3),
                           "j-manchukuo": (PLAIN, 1)})  # fmt: skip
    assert board().distance("e1402", PLAIN) == 2 and board().distance("e1402", MARKER) > RANGE
    found = act(found, "soviet", f"attack {PLAIN}", "with s-6gta")
    refused(found, "soviet", "support s-1fef", r"4\.1\.2")
    found = clone(found)
    found.data["blitz"]["e1402"] = "soviet"  # a marker with the HQ enables it
    assert "support s-1fef" in actions(found, "soviet")


@pytest.mark.rule("4.1.2", "4.2.3.3")
def test_a_blitz_attacks_preview_gives_the_armour_shift_and_its_result():
    found = blitz_segment({"s-6gta": ("e1604", 2), "j-manchukuo": (PLAIN, 1)})
    found = act(found, "soviet", f"attack {PLAIN}", "with s-6gta")
    preview = GAME.view(found, "soviet")["notes"]["resolve"]["preview"]
    assert preview["title"]["key"] == "preview.blitz_attack"
    (roll,) = preview["rolls"]
    assert ("shift.armour", 1, "4.2.3.3") in [(m["key"], m["value"], m["rule"])
                                              for m in roll["modifiers"]]  # fmt: skip
    resolved = act(found, "soviet", "resolve")
    face = next(e for e in reversed(resolved.log) if e.key == "log.roll").params["value"]
    result = next(e for e in reversed(resolved.log) if e.key == "log.combat_result")
    assert roll["rows"][face - 1]["result"] == result.params["result"]
