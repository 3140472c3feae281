"""Regular combat (4.2.1-4.2.7): attacks declared a hex at a time, odds refused below 1-3, the
column shifts of terrain, fortresses and HQs, the CRT's results (a rules overlay fixes the
result), retreats away from the defending hex, step losses armour first, and advance."""

from __future__ import annotations

import pytest

from tests.dai_senso.play import GAME, PLAIN, act, actions, frozen, hexes, position
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.games.dai_senso import combat, state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import TABLES

pytestmark = pytest.mark.game("dai-senso")
TEC = TABLES.defaults["terrain_effects"]
SHIFTS = TABLES.defaults["column_shifts"]
EAST = "e1604"  # next to PLAIN


def combat_position(units, result=None, weather=None):
    """The Axis regular combat segment with ``units`` on the map."""
    return act(position(units, result, weather), "axis", "end")


def prompt(found, side):
    return GAME.view(found, side)["prompt"]["key"]


def attack(found, target, *units):
    return act(found, "axis", f"attack {target}", *(f"with {uid}" for uid in units), "resolve")


@pytest.mark.rule("4.2.2")
def test_an_attack_below_the_lowest_odds_is_refused_with_the_rule_and_changes_nothing():
    found = combat_position({"j-manchukuo": (EAST, 1), "j-5th-army": ("e1602", 2),
                             "s-35th": (PLAIN, 2)})  # fmt: skip
    found = act(found, "axis", f"attack {PLAIN}", "with j-manchukuo")
    assert prompt(found, "axis") == "prompt.attack_units_short"
    before = frozen(found)
    with pytest.raises(IllegalAction, match=r"4\.2\.2: 1 against 4 is below 1-3"):
        GAME.apply(found, "axis", Action("resolve"))
    assert frozen(found) == before
    found = act(found, "axis", "with j-5th-army")
    assert prompt(found, "axis") == "prompt.attack_units" and "resolve" in actions(found, "axis")


@pytest.mark.rule("4.2.1")
def test_a_hex_is_attacked_once_and_a_unit_attacks_once_a_segment():
    found = combat_position({"j-5th-army": (EAST, 2), "s-35th": (PLAIN, 2), "s-39th": ("e1504", 2)},
                            "1/1")  # fmt: skip
    assert set(actions(found, "axis")) == {f"attack {PLAIN}", "attack e1504", "end"}
    found = attack(found, PLAIN, "j-5th-army")
    found = act(
        found,
        "axis",
        "lose j-5th-army",
    )
    found = act(found, "soviet", "lose s-35th")
    assert actions(found, "axis") == ["end"]  # PLAIN attacked; the only attacker has attacked


@pytest.mark.rule("4.2.1")
def test_no_attack_crosses_a_lake_hexside():
    found = combat_position({"j-5th-army": ("w5403", 2), "s-35th": ("w5402", 2)})
    assert actions(found, "axis") == ["end"]


@pytest.mark.rule("4.2.3", "4.2.3.8")
def test_the_defender_gets_the_hex_shift_and_the_lowest_hexside_shift():
    rough = position({"j-5th-army": ("w5010", 2), "s-35th": ("w4910", 2)})
    assert combat.column_shift(rough.data, ["j-5th-army"], "w4910", TEC, SHIFTS) == -1
    river = position({"j-5th-army": ("w5302", 2), "j-44th-army": ("w5502", 2),
                      "s-35th": ("w5402", 2)})  # fmt: skip
    assert combat.column_shift(river.data, ["j-5th-army"], "w5402", TEC, SHIFTS) == -1
    both = ["j-5th-army", "j-44th-army"]
    assert combat.column_shift(river.data, both, "w5402", TEC, SHIFTS) == 0


@pytest.mark.rule("4.2.3.8")
def test_a_mountain_hexside_shifts_two_left_but_a_river_on_it_only_one():
    crest = position({"j-5th-army": ("w5425", 2), "s-35th": ("w5525", 2)})
    assert combat.column_shift(crest.data, ["j-5th-army"], "w5525", TEC, SHIFTS) == -2
    both = position({"j-5th-army": ("w5626", 2), "s-35th": ("w5725", 2)})
    assert combat.column_shift(both.data, ["j-5th-army"], "w5725", TEC, SHIFTS) == -2  # 1 + 1


@pytest.mark.rule("4.2.3.4", "4.2.3.5")
def test_a_fortress_and_a_defending_hq_shift_left_an_attacking_hq_right():
    found = position({"j-5th-army": (EAST, 2), "j-kwantung-hq": (EAST, 2),
                      "s-kamchatka": (PLAIN, 1), "s-1fef": (PLAIN, 3)})  # fmt: skip
    assert combat.column_shift(found.data, ["j-5th-army"], PLAIN, TEC, SHIFTS) == -1  # HQ
    found.data["units"]["j-hutou-fort"] = {"hex": PLAIN, "steps": 1}
    assert combat.column_shift(found.data, ["j-5th-army"], PLAIN, TEC, SHIFTS) == -2
    attackers = ["j-5th-army", "j-kwantung-hq"]
    assert combat.column_shift(found.data, attackers, PLAIN, TEC, SHIFTS) == -1


@pytest.mark.rule("4.2.4", "4.2.5", "4.2.7")
def test_a_defender_retreat_goes_away_from_the_hex_out_of_zones_then_the_attacker_advances():
    found = combat_position({"j-5th-army": (EAST, 2), "s-35th": (PLAIN, 2)}, "Dr2")
    found = attack(found, PLAIN, "j-5th-army")
    assert prompt(found, "soviet") == "prompt.retreat"
    the_map = board()
    free = {h for h in the_map.neighbours(PLAIN) if h != EAST and EAST not in the_map.neighbours(h)}
    assert set(actions(found, "soviet")) == {f"retreat {h}" for h in free}
    first = sorted(free)[0]
    found = act(found, "soviet", f"retreat {first}")
    assert all(the_map.distance(PLAIN, a.split()[1]) == 2 for a in actions(found, "soviet"))
    found = act(found, "soviet", actions(found, "soviet")[0])
    assert prompt(found, "axis") == "prompt.advance"
    found = act(found, "axis", "advance j-5th-army", "end")
    assert hexes(found)["j-5th-army"] == PLAIN and prompt(found, "axis") == "prompt.combat"


@pytest.mark.rule("4.2.5")
def test_a_force_with_an_hq_cannot_retreat_and_loses_a_step_a_hex():
    found = combat_position({"j-5th-army": (EAST, 2), "j-44th-army": ("e1602", 2),
                             "s-35th": (PLAIN, 2), "s-2fef": (PLAIN, 2)}, "Dr2")  # fmt: skip
    found = attack(found, PLAIN, "j-5th-army", "j-44th-army")
    assert prompt(found, "soviet") == "prompt.retreat_losses"
    assert any(e.key == "log.no_retreat" for e in found.log)
    found = act(found, "soviet", "lose s-2fef", "lose s-2fef")
    assert "s-2fef" in found.data["eliminated"] and hexes(found)["s-35th"] == PLAIN


@pytest.mark.rule("4.2.4", "4.2.5")
def test_attacker_defeated_retreats_the_attackers_a_hex_or_costs_a_step():
    found = combat_position({"j-5th-army": (EAST, 2), "s-35th": (PLAIN, 2)}, "Ad")
    found = attack(found, PLAIN, "j-5th-army")
    assert prompt(found, "axis") == "prompt.attacker_result"
    assert set(actions(found, "axis")) == {"retreat", "lose j-5th-army"}
    lost = act(found, "axis", "lose j-5th-army")
    assert (
        lost.data["units"]["j-5th-army"]["steps"] == 1 and prompt(lost, "axis") == "prompt.combat"
    )
    found = act(found, "axis", "retreat")
    destinations = [a.split()[1] for a in actions(found, "axis")]
    assert destinations and all(board().distance(PLAIN, h) == 2 for h in destinations)
    found = act(found, "axis", f"retreat {destinations[0]}")
    assert hexes(found)["j-5th-army"] == destinations[0]


@pytest.mark.rule("4.2.4")
def test_an_exchange_after_the_attackers_step_loss_makes_the_defender_retreat_or_lose():
    found = combat_position({"j-5th-army": (EAST, 2), "s-35th": (PLAIN, 2)}, "Ex")
    found = act(attack(found, PLAIN, "j-5th-army"), "axis", "lose j-5th-army")
    assert prompt(found, "soviet") == "prompt.exchange"
    assert set(actions(found, "soviet")) == {"retreat", "lose s-35th"}
    found = act(found, "soviet", "lose s-35th")
    assert found.data["units"]["s-35th"]["steps"] == 1


@pytest.mark.rule("4.2.6", "4.2.6.2")
def test_attrition_takes_the_attackers_first_step_from_armour_then_the_defenders():
    found = combat_position({"j-5th-army": (EAST, 2), "j-armor-1": ("e1602", 1),
                             "s-35th": (PLAIN, 2)}, "1/1")  # fmt: skip
    found = attack(found, PLAIN, "j-5th-army", "j-armor-1")
    assert prompt(found, "axis") == "prompt.losses"
    with pytest.raises(IllegalAction, match=r"4\.2\.6: the first step lost is a marine step"):
        GAME.apply(found, "axis", Action("lose j-5th-army"))
    found = act(found, "axis", "lose j-armor-1")
    assert "j-armor-1" in found.data["eliminated"]
    found = act(found, "soviet", "lose s-35th")
    assert state.values(found.data, "s-35th") == (2, 2, 3)  # the 1-step rating of its group


@pytest.mark.rule("4.2.2")
def test_the_die_and_the_column_are_logged_for_everybody():
    found = combat_position({"j-5th-army": (EAST, 2), "s-35th": (PLAIN, 2)}, "1/1")
    found = attack(found, PLAIN, "j-5th-army")
    attack_line = next(e for e in found.log if e.key == "log.attack")
    assert attack_line.params["column"] == "1-1" and attack_line.params["shift"] == 0
    assert any(e.key == "log.roll" and e.to is None for e in found.log)


@pytest.mark.rule("4.2.3.7", "11.2", "11.3")
def test_against_a_hex_in_mud_the_defender_shifts_left_and_a_retreat_is_lessened():
    units = {"j-5th-army": (EAST, 2), "s-35th": (PLAIN, 2)}
    found = attack(combat_position(units, "Dr2", weather={"desert": "mud"}), PLAIN, "j-5th-army")
    attack_line = next(e for e in found.log if e.key == "log.attack")
    assert attack_line.params["shift"] == -1
    assert next(e for e in found.log if e.key == "log.combat_result").params["result"] == "Dr1"
    found = act(found, "soviet", actions(found, "soviet")[0])
    assert prompt(found, "axis") == "prompt.advance"  # one hex only


@pytest.mark.rule("11.2")
def test_in_snow_a_dr1_becomes_an_exchange():
    units = {"j-5th-army": (EAST, 2), "s-35th": (PLAIN, 2)}
    found = attack(combat_position(units, "Dr1", weather={"desert": "snow"}), PLAIN, "j-5th-army")
    assert prompt(found, "axis") == "prompt.attacker_result"
    assert next(e for e in found.log if e.key == "log.attack").params["shift"] == 0


@pytest.mark.rule("4.2.1.2")
def test_the_attacker_names_one_hq_within_two_hexes_of_the_attacks_nationality():
    units = {"j-5th-army": (EAST, 2), "j-manchukuo": ("e1702", 1), "j-kwantung-hq": ("e1605", 2),
             "j-kwantung-3aa": ("e1606", 2), "s-35th": (PLAIN, 2)}  # fmt: skip
    found = act(combat_position(units, "1/1"), "axis", f"attack {PLAIN}", "with j-manchukuo")
    assert not any(a.startswith("support") for a in actions(found, "axis"))  # Manchukuo's
    found = act(found, "axis", "with j-5th-army")
    assert [a for a in actions(found, "axis") if a.startswith("support")] == [
        "support j-kwantung-hq"
    ]  # j-kwantung-3aa is three hexes away
    found = act(found, "axis", "support j-kwantung-hq")
    assert "support j-kwantung-hq" not in actions(found, "axis")
    assert GAME.view(found, "axis")["prompt"]["params"]["attack"] == 4 + 1 + 2
    found = act(found, "axis", "resolve")
    attack_line = next(e for e in found.log if e.key == "log.attack")
    assert attack_line.params["attack"] == 7 and attack_line.params["shift"] == 1
    assert "j-kwantung-hq" in found.data["hq_used"]


@pytest.mark.rule("4.2.1.2")
def test_the_defender_may_name_an_hq_when_none_is_in_the_hex_once_a_segment():
    units = {"j-5th-army": (EAST, 2), "j-44th-army": ("e1504", 2), "s-35th": (PLAIN, 2),
             "s-39th": ("e1503", 2), "s-2fef": ("e1403", 2)}  # fmt: skip
    found = attack(combat_position(units, "1/1"), PLAIN, "j-5th-army")
    assert prompt(found, "soviet") == "prompt.defence_support"
    assert set(actions(found, "soviet")) == {"support s-2fef", "none"}
    found = act(found, "soviet", "support s-2fef")
    found = act(act(found, "axis", "lose j-5th-army"), "soviet", "lose s-35th")
    attack_line = next(e for e in found.log if e.key == "log.attack")
    assert attack_line.params["defence"] == 4 + 2 and attack_line.params["shift"] == -1
    found = attack(found, "e1503", "j-44th-army")
    assert prompt(found, "axis") == "prompt.losses"  # s-2fef has supported: no second time


@pytest.mark.rule("4.2.1.2")
def test_an_hq_that_supports_the_attack_does_not_attack_too():
    units = {"j-5th-army": (EAST, 2), "j-kwantung-hq": (EAST, 2), "s-35th": (PLAIN, 2)}
    found = act(combat_position(units), "axis", f"attack {PLAIN}", "with j-5th-army")
    found = act(found, "axis", "support j-kwantung-hq")
    assert "with j-kwantung-hq" not in actions(found, "axis")
