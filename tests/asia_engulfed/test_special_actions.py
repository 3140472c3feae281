"""Special actions of Asia Engulfed have only the uses T17 lists: Europe Engulfed's others are
never offered (7.9)."""

import random

import pytest

from tests.asia_engulfed.test_charts import refusal
from tests.asia_engulfed.test_movement import moves, start
from wargame.games.asia_engulfed import GAME

pytestmark = pytest.mark.game("asia-engulfed")

USES = {  # the verb of each action that spends a special action, and its T17 use
    "invade": "invasion",
    "breakthrough": "breakthrough_round",
    "extend": "extended_naval_operations",
    "extensive_rebasing": "extensive_rebasing",
    "code_breaking": "code_breaking",
    "nationalist_attack": "chinese_attack",
    "unrestricted": "unrestricted_replacements",
}
POWERS = ("japan", "usa", "cw")


def held(state):
    return {p: state.data["tracks"].get(f"special_actions_{p}", 0) for p in POWERS}


@pytest.mark.rule("7.9")
def test_special_actions_are_spent_only_on_the_uses_of_table_t17():
    state = GAME.setup("jan1942", 1)
    for power in POWERS:
        state.data["tracks"][f"special_actions_{power}"] = 5
    pick = random.Random(1)
    spent_on = set()
    for _ in range(3000):
        active = GAME.active(state)
        if not active:
            break
        action = pick.choice(GAME.legal_actions(state, active[0]))
        before = held(state)
        state = GAME.apply(state, active[0], action)
        if any(held(state)[p] < before[p] for p in POWERS):
            spent_on.add(action.verb)
    assert spent_on and spent_on <= set(USES), spent_on - set(USES)


@pytest.mark.rule("7.9", "5.14")
def test_no_special_action_lets_a_block_leave_a_contest_without_a_rear_guard():
    state = start()
    state.data["tracks"]["special_actions_japan"] = 3
    assert moves(state, "japan", "jp-25a") == []  # alone against two blocks in Malaya


@pytest.mark.rule("7.9")
def test_a_rules_overlay_cannot_give_special_actions_a_europe_engulfed_use():
    for use in ("counterattack", "pre_combat_retreat", "limited_supply"):
        message = refusal(
            "t17_special_action_uses", lambda values, use=use: values.update({use: 1})
        )
        assert use in message
