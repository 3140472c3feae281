"""What Dai Senso!'s bots know (strategy.py): the evaluation of a training scenario's position
from its objectives, threats and steps, and the move ordering a search widens in."""

from __future__ import annotations

import pytest

from tests.dai_senso.play import GAME, SCENARIO, past_organization
from wargame.engine.action import Action
from wargame.engine.state import Result, clone
from wargame.games.dai_senso import seasonal, strategy
from wargame.games.dai_senso.victory import training

pytestmark = pytest.mark.game("dai-senso")
START = past_organization(GAME.setup(SCENARIO, 3), "axis")
OBJECTIVES = list(training(START).objectives)


def chance(found, side="soviet"):
    return GAME.evaluate(found, side)


def with_control(hex_id, side):
    found = clone(START)
    found.data["control"][hex_id] = side
    return found


def test_the_two_factions_chances_add_up_and_a_side_outside_the_scenario_has_none():
    assert chance(START, "soviet") + chance(START, "axis") == pytest.approx(1.0)
    assert 0.0 < chance(START) < 1.0
    assert chance(START, "west") == 0.0


def test_a_finished_game_is_won_or_lost():
    found = clone(START)
    found.result = Result(winner="soviet", kind="won", params={"winner": "soviet"})
    assert chance(found, "soviet") == 1.0 and chance(found, "axis") == 0.0


def test_each_objective_the_attacker_holds_raises_its_chance():
    """0.3: the attacker wins holding enough objectives at the end."""
    one = with_control(OBJECTIVES[0], "soviet")
    two = clone(one)
    two.data["control"][OBJECTIVES[1]] = "soviet"
    assert chance(START) < chance(one) < chance(two)


def test_the_same_margin_counts_more_in_the_last_turn():
    """The margin of a position that wins is surer near the end."""
    winning = clone(START)
    for hex_id in OBJECTIVES[:5]:
        winning.data["control"][hex_id] = "soviet"
    late = clone(winning)
    late.data["turn"] = late.data["last_turn"]
    assert chance(winning) < chance(late)


def test_steps_over_the_stacking_limit_count_as_lost():
    """9.2: a fourth unit in a hex adds nothing to its side's steps: the stacking check takes
    the excess at the end of the phase."""
    limits = strategy.game_tables(START)["stacking"]
    hex_id = "e1603"
    data = {"units": {}}
    for number, uid in enumerate(("s-15th", "s-16th", "s-17th", "s-25th")):
        data["units"][uid] = {"hex": hex_id, "steps": 2}
        lead = strategy._step_lead(data, "soviet", limits)
        assert lead == min(2 * (number + 1), limits.normal.steps)


def test_the_ordering_leaves_out_cancel_and_puts_destinations_near_the_objectives_first():
    found = clone(START)
    found.data["turn"] = 1
    offered = [Action(text) for text in ("cancel", "hex w5625", "hex e1603", "stop")]
    ordered = [action.text for action in GAME.order_actions(found, "soviet", offered)]
    assert ordered == ["hex w5625", "hex e1603", "stop"]
    assert GAME.order_actions(found, "soviet", [Action("cancel")]) == [Action("cancel")]


def test_the_units_to_move_come_strongest_first():
    offered = GAME.legal_actions(START, "axis")
    ordered = [action.text for action in GAME.order_actions(START, "axis", offered)]
    attacks = [
        strategy.values(START.data, text.split()[1])[0]
        for text in ordered
        if text.startswith("move ")
    ]
    assert attacks == sorted(attacks, reverse=True) and len(attacks) > 1
    assert {action.text for action in offered} == set(ordered)


def test_the_chances_of_taking_objectives_end_with_a_factions_last_moves_and_battles():
    """An objective changes hands only by moving or fighting (3, 4.1, 4.2, 5): once the
    attacker's last faction turn has passed its reserve movement, only what it holds counts."""
    found = clone(START)
    found.data.update(turn=found.data["last_turn"], phasing="soviet", phase="regular_combat")
    assert strategy.turns_of_action_left(found.data, "soviet") == 0.5
    assert strategy.turns_of_action_left(found.data, "axis") == 0.0
    found.data["phase"] = "final_administrative"
    assert strategy.turns_of_action_left(found.data, "soviet") == 0.0
    for count, expected_winner in ((3, "axis"), (4, "soviet")):
        held = clone(found)
        for hex_id in OBJECTIVES[:count]:
            held.data["control"][hex_id] = "soviet"
        assert chance(held, expected_winner) > 0.5
    first = clone(START)
    first.data.update(phasing="axis", phase="operational_movement")
    assert strategy.turns_of_action_left(first.data, "soviet") == first.data["last_turn"]


CAMPAIGN = GAME.setup("c1_1937", 5)


def test_the_1937_campaigns_goal_is_a_strategic_value_of_one_for_the_axis():
    """0.1, 0.1.2: the final VP check decides the 1937 campaign; a strategic value of 1 or more
    (a tie of VP) is the Axis's, so the Axis needs as many strategic hexes as make it 1."""
    goal = strategy.goal_of(CAMPAIGN)
    held = seasonal.strategic_holders(CAMPAIGN)
    assert goal.attacker == "axis" and set(goal.holders) == set(held)
    now = sum(1 for side in goal.holders.values() if side == "axis")
    sv = seasonal.strategic_value(CAMPAIGN)["sv"]
    assert now - goal.needs == sv - 1  # each hex more or fewer moves the value by one


def test_an_allied_collapse_marker_raises_the_axis_chance_in_the_1937_campaign():
    """0.1.1: an Allied Collapse marker adds to the Axis tally of the strategic value."""
    collapsed = clone(CAMPAIGN)
    collapsed.data.setdefault("strategic_warfare", []).append("allied_collapse")
    assert chance(CAMPAIGN, "axis") < chance(collapsed, "axis")
    assert chance(collapsed, "west") == pytest.approx(1.0 - chance(collapsed, "axis"))
