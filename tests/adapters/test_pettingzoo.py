"""A game as a PettingZoo AEC environment (wargame.adapters.pettingzoo): PettingZoo's own API
test on Empire of the Sun and the toy game; the observation is the agent's view and nothing
more; actions by index; rewards from the result; seeds; clear refusals."""

from __future__ import annotations

import json
import warnings

import pytest

from wargame.adapters import view_text
from wargame.engine.errors import WargameError

pettingzoo = pytest.importorskip("pettingzoo")
adapter = pytest.importorskip("wargame.adapters.pettingzoo")
from pettingzoo.test import api_test  # noqa: E402 - after the skip


def decoded(observation) -> str:
    return bytes(observation["observation"]).rstrip(b"\0").decode()


def play_out(env, pick=lambda legal: 0) -> dict[str, float]:
    """Play to the end, each agent taking ``pick(legal texts)``; the rewards each got."""
    got: dict[str, float] = {}
    for agent in env.agent_iter():
        _, reward, terminated, truncated, info = env.last()
        got[agent] = got.get(agent, 0.0) + reward
        env.step(None if terminated or truncated else pick(info["legal_actions"]))
    return got


@pytest.mark.parametrize(("game", "scenario"), [("empire-of-the-sun", "1942"), ("toy", None)])
def test_pettingzoos_api_test_passes(game, scenario):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice for numeric observations and agent names
        api_test(adapter.env(game, scenario=scenario), num_cycles=600)


def test_the_observation_is_the_agents_view_and_shows_nothing_hidden(toy):
    env = adapter.env("toy")
    env.reset(seed=3)
    agent = env.agent_selection
    observation, *_, info = env.last()
    position = env.unwrapped.position
    assert decoded(observation) == view_text(toy.view(position, agent, log=False))
    other = next(side for side in toy.sides if side != agent)
    for card in position.data["hands"][other]:
        assert f'"{card}"' not in decoded(observation)
    legal = [action.text for action in toy.legal_actions(position, agent)]
    assert info["legal_actions"] == legal
    assert list(observation["action_mask"][: len(legal) + 1]) == [1] * len(legal) + [0]


def test_an_index_plays_that_legal_action_and_the_rewards_are_the_result(toy):
    env = adapter.env("toy", scenario="short")
    env.reset(seed=5)
    first = env.agent_selection
    chosen = env.infos[first]["legal_actions"][1]
    env.step(1)
    assert json.loads(decoded(env.observe(first)))["board"]["my_bid"] == chosen.split()[1]
    got = play_out(env)
    result = env.unwrapped.position.result
    assert env.agents == []
    expected = dict.fromkeys(toy.sides, 0.0)
    if result.winner is not None:
        expected = {side: 1.0 if side == result.winner else -1.0 for side in toy.sides}
    assert got == expected


def test_a_seed_gives_the_same_game_and_the_resets_after_it_the_same_next_ones():
    runs = []
    for _ in range(2):
        env = adapter.env("toy")
        logs = []
        for seed in (8, None, None):
            env.reset(seed=seed)
            play_out(env, pick=lambda legal: len(legal) - 1)
            logs.append(env.unwrapped.position.log)
        runs.append(logs)
    assert runs[0] == runs[1]
    assert runs[0][0] != runs[0][1] != runs[0][2]


def test_an_action_out_of_range_is_refused_and_changes_nothing():
    env = adapter.env("toy")
    env.reset(seed=1)
    before, agent = env.unwrapped.position, env.agent_selection
    with pytest.raises(WargameError, match=f"{agent} has no action 99"):
        env.step(99)
    assert env.unwrapped.position is before


def test_a_view_too_large_for_the_observation_is_refused():
    env = adapter.env("toy", observation_bytes=100)
    env.reset(seed=1)
    with pytest.raises(WargameError, match="bytes, above observation_bytes 100"):
        env.last()


def test_a_game_is_truncated_after_max_moves():
    env = adapter.env("empire-of-the-sun", scenario="1942", max_moves=4)
    env.reset(seed=2)
    assert play_out(env) == {"japan": 0.0, "allied": 0.0}
    assert env.unwrapped.moves == 4
