"""A game as an OpenSpiel game (wargame.adapters.openspiel): the engine's own draws as chance
nodes, reproducing a real game draw for draw; actions by index; views as information states that
show nothing hidden; resampling with the game's determinize; OpenSpiel's API test and its own
MCTS and IS-MCTS bots on Empire of the Sun."""

from __future__ import annotations

import numpy as np
import pytest

from tests.adapters.recorded import recorded_game
from wargame.adapters import view_text
from wargame.engine.errors import WargameError
from wargame.games import REGISTRY

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("wargame.adapters.openspiel")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")


def settle(state, random: np.random.RandomState) -> None:
    """Play chance nodes by their probabilities until a side decides or the game ends."""
    while state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(random.choice(outcomes, p=chances))


def replay(game, state, steps) -> None:
    """Play a recorded game's steps in an OpenSpiel state: each draw must be a chance node of
    the same n, each action a legal one of the same side."""
    for kind, first, second in steps:
        if kind == "draw":
            assert state.is_chance_node()
            assert state.chance_outcomes() == [(o, 1 / first) for o in range(first)]
            state.apply_action(second)
        else:
            player = game.sides.index(first)
            assert state.current_player() == player
            texts = [state.action_to_string(player, a) for a in state.legal_actions()]
            assert state.legal_actions() == list(range(len(texts)))
            state.apply_action(texts.index(second))


def test_chance_nodes_are_the_engines_draws_and_replay_a_real_game_exactly(toy):
    real, steps = recorded_game(toy, "standard", seed=11)
    state = openspiel.load("toy", scenario="standard").new_initial_state()
    replay(toy, state, steps)
    assert state.is_terminal()
    assert state.observation_string(0) == view_text(toy.view(real, "red", False))
    winner = real.result.winner
    assert winner is not None  # this seed's game has a winner
    assert state.returns() == [1.0 if side == winner else -1.0 for side in toy.sides]
    rolls = [step for step in steps[11:] if step[0] == "draw"]
    assert rolls and {n for _, n, _ in rolls} == {6}  # ties broken with a die each


@pytest.mark.game("empire-of-the-sun")
def test_empire_of_the_sun_replays_draw_for_draw():
    game = REGISTRY.game("empire-of-the-sun")
    real, steps = recorded_game(game, "1942", seed=14, actions=60)
    state = openspiel.load("empire-of-the-sun", scenario="1942").new_initial_state()
    replay(game, state, steps)
    assert [n for kind, n, _ in steps[166:] if kind == "draw"] == [10] * 6  # combat dice (d10)
    for side in game.sides:
        player = game.sides.index(side)
        assert state.observation_string(player) == view_text(game.view(real, side, False))


def test_the_set_up_draws_are_chance_nodes_a_shuffle_step_by_step(toy):
    state = openspiel.load("toy", scenario="standard").new_initial_state()
    bounds = []
    while state.is_chance_node():
        bounds.append(len(state.chance_outcomes()))
        state.apply_action(0)
    assert bounds == list(range(12, 1, -1))  # Fisher-Yates over the twelve cards
    assert state.current_player() in (0, 1)


def test_the_information_state_is_the_sides_view_and_shows_nothing_hidden(toy):
    state = openspiel.load("toy", scenario="standard").new_initial_state()
    settle(state, np.random.RandomState(1))
    red, blue = state.information_state_string(0), state.information_state_string(1)
    position = state._now().position
    assert red == view_text(toy.view(position, "red"))
    assert blue == view_text(toy.view(position, "blue"))
    for card in position.data["hands"]["blue"]:
        assert f'"{card}"' not in red
    assert state.observation_string(0) == view_text(toy.view(position, "red", log=False))
    resampled = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert resampled.information_state_string(0) == red
    assert resampled.legal_actions() == state.legal_actions()


def test_resampling_draws_the_hidden_parts_anew(toy):
    state = openspiel.load("toy", scenario="standard").new_initial_state()
    settle(state, np.random.RandomState(2))
    hands = {
        tuple(
            state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            ._now()
            .position.data["hands"]["blue"]
        )
        for _ in range(12)
    }
    assert len(hands) > 1


def test_a_decision_with_more_actions_than_the_bound_is_refused(toy):
    state = openspiel.load("toy", scenario="standard", max_actions=2).new_initial_state()
    settle(state, np.random.RandomState(3))
    with pytest.raises(WargameError, match="legal actions, above max_actions 2"):
        state.legal_actions()


def test_a_game_is_cut_off_as_a_draw_after_max_moves():
    game = openspiel.load("empire-of-the-sun", scenario="1942", max_moves=3)
    assert game.max_game_length() == 3
    state, random = game.new_initial_state(), np.random.RandomState(4)
    moves = 0
    while not state.is_terminal():
        settle(state, random)
        if not state.is_terminal():
            state.apply_action(random.choice(state.legal_actions()))
            moves += 1
    assert moves == 3
    assert state.returns() == [0.0, 0.0]


def test_openspiels_own_consistency_test_passes():
    for name, params in (("toy", {}), ("empire-of-the-sun", {"scenario": "1942", "max_moves": 25})):
        pyspiel.random_sim_test(
            openspiel.load(name, **params), num_sims=1, serialize=False, verbose=False
        )


def test_an_unknown_scenario_is_refused():
    with pytest.raises(WargameError, match="no scenario 'x'"):
        openspiel.load("empire-of-the-sun", scenario="x")


@pytest.mark.game("empire-of-the-sun")
def test_openspiels_mcts_and_ismcts_bots_play_empire_of_the_sun():
    game = openspiel.load("empire-of-the-sun", scenario="1942")
    random = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(6), max_length=15)
    bots = [
        mcts.MCTSBot(game, 2.0, 6, evaluator, solve=False, random_state=np.random.RandomState(7)),
        ismcts.ISMCTSBot(game, evaluator, 2.0, 6, random_state=np.random.RandomState(8)),
    ]
    state = game.new_initial_state()
    settle(state, random)
    played = []
    for turn in range(4):
        player = state.current_player()
        action = bots[turn % 2].step(state)
        assert action in state.legal_actions()
        played.append(state.action_to_string(player, action))
        state.apply_action(action)
        settle(state, random)
    assert len(played) == 4 and not state.is_terminal()
