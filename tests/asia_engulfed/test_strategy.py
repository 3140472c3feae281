"""The bots' knowledge of Asia Engulfed (strategy.py): the evaluation prefers what wins (victory
areas, supplied units), the ordering tries moves before passes, neither reads what the side
cannot see, and the game-independent bots play Tipping the Scales with them."""

import copy

import pytest

from tests.asia_engulfed.positions import pass_phase, play
from wargame.bots import make_bot
from wargame.bots.ismcts import Budget, Search
from wargame.engine.action import Action
from wargame.engine.state import State, clone
from wargame.games.asia_engulfed import GAME, strategy
from wargame.games.asia_engulfed.victory import final_result

SCENARIO = "tipping_the_scales"
SOLOMONS_NETWORK = ("east_china_sea", "philippine_sea", "caroline_islands", "solomon_sea")


def fresh(state: State) -> State:
    """A copy nothing was computed of (the evaluation keeps the last state's incomes)."""
    return copy.deepcopy(state)


@pytest.fixture(scope="module")
def start() -> State:
    return GAME.setup(SCENARIO, 3)


@pytest.fixture(scope="module")
def moving() -> State:
    """Japan's operational movement of the first turn, its network through the Solomons."""
    state = pass_phase(GAME.setup(SCENARIO, 3), "japan")  # no fleet sails
    assert state.data["phase"] == "first_supply"
    state = play(state, "japan", *(f"network {sea}" for sea in SOLOMONS_NETWORK), "end")
    while state.data["phase"] != "operational_movement":
        state = pass_phase(state, "japan")
    return state


def test_the_hooks_are_the_games() -> None:
    assert type(GAME).evaluate is strategy.evaluate
    assert type(GAME).order_actions is strategy.order_actions


def test_a_victory_area_more_is_better_for_japan_and_worse_for_the_allies(start) -> None:
    more = clone(start)
    more.data["control"]["new_hebrides"] = "japan"
    for side, better in (("japan", True), ("allies", False)):
        assert (GAME.evaluate(more, side) > GAME.evaluate(fresh(start), side)) is better


def test_the_evaluation_is_a_chance_and_a_finished_game_its_result(start) -> None:
    for side in GAME.sides:
        assert 0.0 < GAME.evaluate(start, side) < 1.0
    over = clone(start)
    over.result = final_result(over.data)
    winner = over.result.winner
    assert GAME.evaluate(over, winner) == 1.0
    assert GAME.evaluate(over, "allies" if winner == "japan" else "japan") == 0.0


def test_supplied_units_are_better_than_cut_off_ones(moving) -> None:
    cut = clone(moving)
    cut.data["network"] = {"markers": [], "submarine": None}
    supplied = strategy.EVALUATION.terms(fresh(moving), "japan")
    without = strategy.EVALUATION.terms(cut, "japan")
    assert without["supply"] < supplied["supply"]
    assert GAME.evaluate(cut, "japan") < GAME.evaluate(fresh(moving), "japan")


def test_own_steps_count(start) -> None:
    weaker = clone(start)
    for unit in weaker.data["units"].values():
        if unit["owner"] == "allies":
            unit["hidden"]["steps"] = 1
    assert GAME.evaluate(weaker, "allies") < GAME.evaluate(fresh(start), "allies")


def test_moves_toward_the_victory_areas_come_first_and_the_pass_last(moving) -> None:
    actions = GAME.legal_actions(moving, "japan")
    ordered = [a.text for a in GAME.order_actions(moving, "japan", actions)]
    assert sorted(ordered) == sorted(a.text for a in actions)
    assert ordered[-1] == "end"
    targets = strategy.objectives(moving.data, "japan")
    assert strategy.pull(targets, "guadalcanal") > strategy.pull(targets, "manchukuo")
    first = Action(ordered[0])
    assert strategy.pull(targets, first.args[-1]) >= strategy.pull(targets, "honshu")


def hide_otherwise(state: State, side: str) -> State:
    """``state`` with the other side's blocks' hidden parts shuffled among blocks of the same
    face and their steps changed: a position ``side`` cannot tell from it."""
    other = clone(state)
    units = other.data["units"]
    by_face: dict[tuple[str, ...], list[str]] = {}
    for unit_id, unit in sorted(units.items()):
        if unit["owner"] != side:
            face = (unit["public"]["colour"], unit["public"]["kind"])
            by_face.setdefault(face, []).append(unit_id)
    changed = 0
    for ids in by_face.values():
        labels = [units[unit_id]["hidden"] for unit_id in ids]
        for unit_id, label in zip(ids, labels[1:] + labels[:1], strict=True):
            units[unit_id]["hidden"] = {**label, "steps": 1}
            changed += 1
    assert changed
    return other


@pytest.mark.parametrize("side", ["japan", "allies"])
def test_the_hooks_never_read_the_other_sides_hidden_blocks(moving, side) -> None:
    other = hide_otherwise(moving, side)
    one = fresh(moving)
    assert GAME.view(one, side) == GAME.view(other, side)
    assert GAME.evaluate(one, side) == GAME.evaluate(other, side)
    assert strategy.EVALUATION.terms(one, side) == strategy.EVALUATION.terms(other, side)
    actions = GAME.legal_actions(moving, "japan")
    assert GAME.order_actions(one, side, actions) == GAME.order_actions(other, side, actions)


def decisions(state: State, bots: dict[str, object], count: int) -> State:
    """``count`` decisions with a choice, each bot answering from its own view."""
    made = 0
    while made < count:
        (side, *_) = GAME.active(state)
        view = GAME.view(state, side, log=False)
        choice = bots[side].choose(view)  # type: ignore[attr-defined]
        assert choice in view["actions"]
        made += len(view["actions"]) > 1
        state = GAME.apply(state, side, Action(choice))
    return state


def test_the_greedy_bot_plays_tipping_the_scales(moving) -> None:
    bots = {side: make_bot("greedy", GAME, side, 5) for side in GAME.sides}
    after = decisions(moving, bots, 4)
    assert after.moves > moving.moves


def test_the_search_bot_plays_tipping_the_scales(start) -> None:
    small = Budget(iterations=6, worlds=2, depth=8)
    bots = {side: Search(GAME, side, 5, small) for side in GAME.sides}
    after = decisions(start, bots, 3)
    assert after.moves > start.moves
