"""Any playable game as a PettingZoo AEC environment (``pip install wargame[pettingzoo]``).

``env("empire-of-the-sun", scenario="1942")`` is the environment (PettingZoo's order-enforcing
wrapper around :class:`WargameEnv`). Agents are the game's sides; the agent to act is the side
that decides (the first in the game's order when several do, see :mod:`wargame.adapters`).

* Action: ``Discrete(max_actions)``, an index in the agent's legal actions as the game lists
  them at this decision; ``infos[agent]["legal_actions"]`` holds their texts, and the
  observation's ``action_mask`` marks the legal indices.
* Observation: ``{"observation": the agent's view, "action_mask": ...}``. The view is what a
  person in the seat is shown (``Game.view``, without the log), as canonical JSON in UTF-8,
  one byte per element of a ``uint8`` array of ``observation_bytes`` (default 262,144; Empire of
  the Sun's views take 15,000 bytes, up to 105,000 where a stack's moves each carry their
  consequences), padded with zero bytes, which JSON never holds:
  ``bytes(obs["observation"]).rstrip(b"\\0").decode()`` is the text again. A view that does not
  fit is refused with an error naming the parameter.
* Rewards at the end only: the winner 1, every other side -1/(n-1), 0 in a draw; after
  ``max_moves`` decisions (20,000) the game is truncated.
* Dice and draws come from the game's own keyed generator, seeded by ``reset(seed=...)`` (the
  game's seed); a ``reset()`` after it seeds the next game with a seed derived from it, and one
  before any seed was given with a fresh secret one.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from wargame.adapters import final_returns, legal_texts, to_move, view_text
from wargame.engine.action import Action
from wargame.engine.errors import WargameError
from wargame.engine.log import Side
from wargame.engine.rng import derive_seed, new_seed, seed_problem
from wargame.games import REGISTRY

OBSERVATION_BYTES: Final = 262_144


def env(game_id: str, **settings: Any) -> AECEnv:
    """The environment of ``game_id``, wrapped so that its methods are called in order."""
    return wrappers.OrderEnforcingWrapper(WargameEnv(game_id, **settings))


class WargameEnv(AECEnv):  # type: ignore[misc]
    def __init__(
        self,
        game_id: str,
        *,
        scenario: str | None = None,
        max_actions: int = 1000,
        observation_bytes: int = OBSERVATION_BYTES,
        max_moves: int = 20_000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = REGISTRY.game(game_id)
        self.scenario = scenario or self.game.scenarios()[0].id
        self.game.scenario(self.scenario)
        if render_mode not in (None, "ansi"):
            raise WargameError(f"render mode {render_mode!r}: only 'ansi' (text) is offered")
        self.render_mode = render_mode
        self.max_actions, self.max_moves = max_actions, max_moves
        self.metadata = {
            "name": f"wargame_{game_id.replace('-', '_')}",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.possible_agents = list(self.game.sides)
        self.action_spaces = {side: spaces.Discrete(max_actions) for side in self.game.sides}
        self.observation_spaces = {
            side: spaces.Dict(
                {
                    "observation": spaces.Box(0, 255, (observation_bytes,), np.uint8),
                    "action_mask": spaces.Box(0, 1, (max_actions,), np.int8),
                }
            )
            for side in self.game.sides
        }
        self.position: Any = None
        self.seeds: tuple[int, int] | None = None
        """The last seed given to ``reset`` and the resets since."""

    def observation_space(self, agent: Side) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: Side) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, seeded by ``seed``; without one, by the next seed derived from the last
        one given (as Gymnasium's environments go on with their generator), else a fresh one."""
        if seed is not None:
            if seed_problem(seed) is not None:
                raise WargameError(f"seed: {seed_problem(seed)}")
            self.seeds = (seed, 0)
        elif self.seeds is not None:
            self.seeds = (self.seeds[0], self.seeds[1] + 1)
        given = self.seeds or (new_seed(), 0)
        game_seed = given[0] if given[1] == 0 else derive_seed(*given)
        self.position = self.game.setup(self.scenario, game_seed)
        self.moves = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._next()

    def _next(self) -> None:
        """Whose turn it is, and each agent's legal actions."""
        self.infos = {
            side: {"legal_actions": legal_texts(self.game, self.position, side, self.max_actions)}
            for side in self.agents
        }
        side = to_move(self.game, self.position)
        if side is not None:
            self.agent_selection = side
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: Side) -> dict[str, np.ndarray]:
        text = view_text(self.game.view(self.position, agent, log=False)).encode()
        shape = self.observation_spaces[agent]["observation"].shape
        if len(text) > shape[0]:
            raise WargameError(
                f"{agent}'s view takes {len(text)} bytes, above observation_bytes {shape[0]}"
            )
        observation = np.zeros(shape, np.uint8)
        observation[: len(text)] = np.frombuffer(text, np.uint8)
        mask = np.zeros(self.max_actions, np.int8)
        mask[: len(self.infos[agent]["legal_actions"])] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.infos[agent]["legal_actions"]
        if action is None or not 0 <= int(action) < len(legal):
            raise WargameError(f"{agent} has no action {action}: {len(legal)} legal actions")
        self._cumulative_rewards[agent] = 0.0
        self.position = self.game.apply(self.position, agent, Action(legal[int(action)]))
        self.moves += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.position.result is not None or to_move(self.game, self.position) is None:
            returns = final_returns(self.game.sides, self.position)
            self.rewards = {side: returns[self.game.sides.index(side)] for side in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.moves >= self.max_moves:
            self.truncations = dict.fromkeys(self.agents, True)
        self._next()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.game.describe(self.position, None, "en")

    def close(self) -> None:
        pass
