"""Benchmarks of a game over the contract: random play speed, where its time goes, state copy
cost, state size.

Figures are measured in one run and reported with ratios, because the machines are noisy. Times
are CPU time of the process, which other work on a busy machine disturbs less than the clock.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from wargame.engine import contract
from wargame.engine.contract import Game
from wargame.engine.rng import Rng, derive_seed
from wargame.engine.session import Session
from wargame.engine.state import Copier, State, clone, to_json

PARTS = {"legal": "current_decision", "apply": "choose", "copy": "clone"}
"""The parts of an action's time (for a game over procedures, :class:`contract.ProcedureGame`)
and the engine function each is spent in: listing the legal actions (working out a decision,
whether ``apply`` asks it of the new position or ``legal_actions`` of the current one),
applying the action (its effect and the automatic steps after it) and copying the state."""


def run_bench(game: Game, seconds: float, seed: int, scenario: str | None = None) -> dict[str, Any]:
    """Play random games for about ``seconds`` of CPU time and measure; return the figures."""
    scenario_id = scenario or game.scenarios()[0].id
    rng = Rng(derive_seed(seed, "bench"))
    samples: list[State] = []
    actions = games = 0
    play_time = 0.0
    deadline = time.process_time() + seconds
    with _breakdown(game) as spent:
        while time.process_time() < deadline:
            state = game.setup(scenario_id, rng.next64())
            games += 1
            started = time.process_time()
            while state.result is None and time.process_time() < deadline:
                side = rng.choice(game.active(state))
                state = game.apply(state, side, rng.choice(game.legal_actions(state, side)))
                actions += 1
                if actions % 25 == 0:
                    samples.append(state)
            play_time += time.process_time() - started
            samples.append(state)
    clone_us = _clone_cost_us(samples, getattr(game, "copiers", {}))
    sizes = [len(to_json(s)) for s in samples]
    per_action = {part: 1e6 * spent[part] / max(actions, 1) for part in spent}
    return {
        "game": game.id,
        "scenario": scenario_id,
        "games_started": games,
        "actions": actions,
        "actions_per_second": actions / max(play_time, 1e-9),
        "action_us": 1e6 * play_time / max(actions, 1),
        "breakdown_us": per_action,
        "clone_us": clone_us,
        "state_bytes_median": statistics.median(sizes),
        "state_bytes_max": max(sizes),
        "replay_actions_per_second": _replay_speed(game, scenario_id, seed),
    }


@contextmanager
def _breakdown(game: Game) -> Iterator[dict[str, float]]:
    """The CPU time spent in each of :data:`PARTS` while the block runs: the engine functions
    are wrapped for its duration (a game not over procedures gets no parts)."""
    spent: dict[str, float] = {}
    if not isinstance(game, contract.ProcedureGame):
        yield spent
        return
    originals = {part: getattr(contract, name) for part, name in PARTS.items()}
    for part, original in originals.items():
        spent[part] = 0.0
        setattr(contract, PARTS[part], _timed(original, part, spent))
    try:
        yield spent
    finally:
        for part, original in originals.items():
            setattr(contract, PARTS[part], original)


def _timed(function: Callable[..., Any], part: str, spent: dict[str, float]) -> Callable[..., Any]:
    clock = time.process_time

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = clock()
        try:
            return function(*args, **kwargs)
        finally:
            spent[part] += clock() - started

    return timed


def _clone_cost_us(samples: list[State], copiers: Mapping[str, Copier]) -> float:
    rounds = max(1, 2000 // max(len(samples), 1))
    started = time.perf_counter()
    for _ in range(rounds):
        for state in samples:
            clone(state, copiers)
    return 1e6 * (time.perf_counter() - started) / (rounds * len(samples))


def _replay_speed(game: Game, scenario: str, seed: int) -> float:
    rng = Rng(derive_seed(seed, "replay"))
    session = Session.new(game, scenario, seed)
    for _ in range(2000):
        active = game.active(session.state)
        if not active:
            break
        side = rng.choice(active)
        session.act(side, rng.choice(game.legal_actions(session.state, side)).text)
    started = time.perf_counter()
    Session.replay(session.record, game)
    elapsed = time.perf_counter() - started
    return len(session.record.actions) / max(elapsed, 1e-9)


def format_report(found: dict[str, Any]) -> str:
    action_us, parts = found["action_us"], found["breakdown_us"]
    lines = [
        f"bench {found['game']} ({found['scenario']}): {found['actions']} actions "
        f"in {found['games_started']} game(s), CPU time",
        f"  random play        {found['actions_per_second']:10.0f} actions/s"
        f"  ({action_us:.1f} µs/action)",
    ]
    names = {"legal": "legal actions", "apply": "apply", "copy": "copy (clone)"}
    for part, us in parts.items():
        lines.append(f"    {names[part]:<16} {us:10.1f} µs/action  ({us / action_us:4.0%})")
    if parts:
        rest = action_us - sum(parts.values())
        lines.append(f"    {'the rest':<16} {rest:10.1f} µs/action  ({rest / action_us:4.0%})")
    lines += [
        f"  clone              {found['clone_us']:10.1f} µs/state (sampled states)",
        f"  state size         {found['state_bytes_median']:10.0f} bytes median, "
        f"{found['state_bytes_max']} max (JSON)",
        f"  replay             {found['replay_actions_per_second']:10.0f} actions/s",
    ]
    return "\n".join(lines)
