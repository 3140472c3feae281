"""Any playable game as an OpenSpiel game (``pip install wargame[openspiel]``).

``load("empire-of-the-sun", scenario="1942")`` registers the game with OpenSpiel (as
``python_wargame_empire_of_the_sun``) and loads it; OpenSpiel's algorithms then play it like any
of its own games. Parameters: ``scenario`` (default: the game's first), ``max_actions`` (the
most legal actions a decision may have, OpenSpiel's number of distinct actions: 1000; a decision
with more is refused with an error), ``max_chance_outcomes`` (the largest n of a draw: 256) and
``max_moves`` (decisions before the game is cut off as a draw: 20,000).

* Players: the game's sides in order (player 0 is ``game.sides[0]``). A decision of several sides
  at once is played one side after the other (see :mod:`wargame.adapters`).
* Actions: at each decision, ids 0 to k-1 are the k legal actions in the order the game lists
  them; ``action_to_string`` gives the action's text.
* Chance: every draw of the rules (a die, a step of a shuffle, a random pick) is a chance node of
  n equally likely outcomes, in the order the rules draw, the set-up's too (the initial state is
  a chance node while the decks are shuffled): the real distribution, nothing sampled (see
  :mod:`wargame.adapters.draws`). A card draw takes the top of a deck shuffled at chance nodes.
* Information state: the player's view (exactly what a person in the seat is shown: ``Game.view``)
  as canonical JSON, with the log as that side sees it (its whole history of what it saw, so
  perfect recall); the observation is the same view without the log; an observation of public
  information only is the spectator's view. At a chance node: the view before the step, and the
  number of draws made (and the action, to the side that took it).
* Returns, at the end only: the winner 1, every other side -1/(n-1); a draw or a game cut off 0.
* ``resample_from_infostate`` draws a full state from the player's view with the game's own
  ``determinize`` (what IS-MCTS needs): the other side's hand and the deck order are sampled,
  never read from the true state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

import pyspiel

from wargame.adapters import final_returns, legal_texts, to_move, view_text
from wargame.adapters.draws import Step, resolve
from wargame.engine.contract import Game
from wargame.engine.errors import WargameError
from wargame.engine.log import Side
from wargame.engine.rng import Rng
from wargame.engine.state import State, state_hash
from wargame.games import REGISTRY

PREFIX: Final = "python_wargame_"
LIMITS: Final = {"max_actions": 1000, "max_chance_outcomes": 256, "max_moves": 20_000}


def short_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def register(game_id: str) -> str:
    """Register ``game_id`` with OpenSpiel (once) and return its OpenSpiel name."""
    name = short_name(game_id)
    if name in pyspiel.registered_names():
        return name
    game = REGISTRY.game(game_id)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"wargame: {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(game.sides),
        min_num_players=len(game.sides),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"scenario": game.scenarios()[0].id, **LIMITS},
    )
    # OpenSpiel makes the game by calling what is registered, and frees that after Python has
    # shut down: a plain function freed then aborts the process; a class is never freed alone.
    maker = type(
        f"OpenSpiel_{game_id.replace('-', '_')}",
        (OpenSpielGame,),
        {"game_id": game_id, "game_type": game_type},
    )
    pyspiel.register_game(game_type, maker)
    return name


def load(game_id: str, **params: Any) -> Any:
    """The game as a ``pyspiel.Game``, with OpenSpiel parameters (``scenario``, limits)."""
    return pyspiel.load_game(register(game_id), params)


@dataclass(frozen=True)
class _Rules:
    """What every state of one loaded game shares."""

    game: Game
    scenario: str
    max_actions: int
    max_chance_outcomes: int
    max_moves: int

    def __deepcopy__(self, memo: Any) -> _Rules:
        return self


@dataclass(frozen=True)
class _Point:
    """Where a game stands: the position after the last step completed (None before the
    set-up) and the step under way, if any, with the n of its next draw once known. Never
    changed (engine states are not), so copies of an OpenSpiel state share it."""

    position: State | None
    step: Step | None
    bound: int | None = None

    def __deepcopy__(self, memo: Any) -> _Point:
        return self


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A game of this project as OpenSpiel's; ``register`` makes a subclass per game."""

    game_id: str
    game_type: Any

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = REGISTRY.game(self.game_id)
        scenario = str(params["scenario"])
        game.scenario(scenario)
        limits = {name: int(params[name]) for name in LIMITS}
        for name, value in limits.items():
            if value < 1:
                raise WargameError(f"{name} must be at least 1, not {value}")
        info = pyspiel.GameInfo(
            num_distinct_actions=limits["max_actions"],
            max_chance_outcomes=limits["max_chance_outcomes"],
            num_players=len(game.sides),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=limits["max_moves"],
        )
        super().__init__(self.game_type, info, params)
        self.rules = _Rules(game, scenario, **limits)

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(iig_obs_type, params)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: OpenSpielGame) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._point = _Point(None, Step(None))  # the set-up, run when first asked
        self._decisions = 0
        self._seen: dict[tuple[int, bool, bool], str] = {}

    # -- where the game stands ---------------------------------------------------------------
    def _now(self) -> _Point:
        point = self._point
        if point.step is not None and point.bound is None:
            point = self._point = self._settle(point.position, point.step)
        return point

    def _settle(self, position: State | None, step: Step) -> _Point:
        found = resolve(self._rules.game, self._rules.scenario, step)
        if isinstance(found, State):
            return _Point(found, None)
        if found > self._rules.max_chance_outcomes:
            raise WargameError(
                f"a draw of {found} outcomes, above max_chance_outcomes "
                f"{self._rules.max_chance_outcomes}"
            )
        return _Point(position, step, found)

    def _side(self) -> Side | None:
        point = self._now()
        if point.bound is not None or point.position is None:
            return None
        if self._decisions >= self._rules.max_moves:
            return None
        return to_move(self._rules.game, point.position)

    def _texts(self, side: Side) -> list[str]:
        point = self._now()
        if point.position is None:
            return []
        return legal_texts(self._rules.game, point.position, side, self._rules.max_actions)

    # -- the OpenSpiel state API -------------------------------------------------------------
    def current_player(self) -> int:
        if self._now().bound is not None:
            return int(pyspiel.PlayerId.CHANCE)
        side = self._side()
        if side is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return self._rules.game.sides.index(side)

    def is_terminal(self) -> bool:
        return self._now().bound is None and self._side() is None

    def _legal_actions(self, player: int) -> list[int]:
        side = self._side()
        if side is None or self._rules.game.sides.index(side) != player:
            return []
        return list(range(len(self._texts(side))))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        bound = self._now().bound
        if bound is None:
            raise WargameError("not a chance node")
        return [(outcome, 1.0 / bound) for outcome in range(bound)]

    def _apply_action(self, action: int) -> None:
        point = self._now()
        if point.bound is not None and point.step is not None:
            if not 0 <= action < point.bound:
                raise WargameError(f"chance outcome {action} is not below {point.bound}")
            step = point.step.then(action)
        else:
            side = self._side()
            texts = [] if side is None else self._texts(side)
            if not 0 <= action < len(texts):
                raise WargameError(f"no action {action}: {len(texts)} legal actions")
            step = Step(point.position, side, texts[action])
            self._decisions += 1
        self._point = self._settle(point.position, step)
        self._seen = {}

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        side = self._side()
        texts = self._texts(side) if side == self._rules.game.sides[player] else []
        return texts[action] if 0 <= action < len(texts) else f"action {action}"

    def returns(self) -> list[float]:
        position = self._now().position if self.is_terminal() else None
        return final_returns(self._rules.game.sides, position)

    def __str__(self) -> str:
        point = self._now()
        if point.position is None:
            return f"{self._rules.game.id} {self._rules.scenario}: setting up"
        shown = f"{self._rules.game.id} {self._rules.scenario}, move {point.position.moves}, "
        shown += state_hash(point.position)
        if point.step is not None:
            shown += f", {point.step.side}: {point.step.action}, draw {len(point.step.outcomes)}"
        return shown

    # -- what a side knows -------------------------------------------------------------------
    def seen_by(self, player: int, private: bool, log: bool) -> str:
        """What ``player`` knows as text (see the module's docstring); ``private`` False: the
        spectator's view."""
        key = (player, private, log)
        if key not in self._seen:
            self._seen[key] = self._shown(self._rules.game.sides[player] if private else None, log)
        return self._seen[key]

    def _shown(self, side: Side | None, log: bool) -> str:
        point = self._now()
        game = self._rules.game
        shown = "" if point.position is None else view_text(game.view(point.position, side, log))
        step = point.step
        if step is not None:
            shown += f"\ndraws made: {len(step.outcomes)}"
            if side is not None and step.side == side:
                shown += f" after {step.action}"
        return shown

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OpenSpielState:
        """A state the player cannot tell from this one: the game's ``determinize`` from the
        player's view, its log the log as the player saw it."""
        point = self._now()
        if point.bound is not None or point.position is None:
            raise WargameError("a state is resampled only where a side decides")
        game, side = self._rules.game, self._rules.game.sides[player_id]
        view = game.view(point.position, side)
        sampled = game.determinize(view, side, Rng(int(probability_sampler() * 2**53)))
        sampled.log = game.logged(point.position, side)
        found: OpenSpielState = self.clone()
        found._point = _Point(sampled, None)
        found._seen = {}
        return found


class ViewObserver:
    """OpenSpiel's observer of a state: strings only (see ``OpenSpielState.seen_by``)."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise WargameError(f"observer parameters are not supported: {params}")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        if iig_obs_type is not None and iig_obs_type.private_info not in (
            private,
            pyspiel.PrivateInfoType.NONE,
        ):
            raise WargameError("an observation of every side's private information is refused")
        self.private = iig_obs_type is None or iig_obs_type.private_info == private
        self.log = iig_obs_type is not None and iig_obs_type.perfect_recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        pass

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return state.seen_by(player, self.private, self.log)
