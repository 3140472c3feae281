"""Benchmarks of a game over the contract: random play speed, state copy cost, state size.

Figures are measured in one run and reported with ratios, because the machines are noisy.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from wargame.engine.contract import Game
from wargame.engine.rng import Rng, derive_seed
from wargame.engine.session import Session
from wargame.engine.state import State, clone, to_json


def run_bench(game: Game, seconds: float, seed: int, scenario: str | None = None) -> dict[str, Any]:
    """Play random games for about ``seconds`` and measure; return the figures."""
    scenario_id = scenario or game.scenarios()[0].id
    rng = Rng(derive_seed(seed, "bench"))
    samples: list[State] = []
    actions = games = 0
    apply_time = legal_time = 0.0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        state = game.setup(scenario_id, rng.next64())
        games += 1
        while state.result is None and time.perf_counter() < deadline:
            side = rng.choice(game.active(state))
            started = time.perf_counter()
            legal = game.legal_actions(state, side)
            legal_time += time.perf_counter() - started
            started = time.perf_counter()
            state = game.apply(state, side, rng.choice(legal))
            apply_time += time.perf_counter() - started
            actions += 1
            if actions % 25 == 0:
                samples.append(state)
        samples.append(state)
    clone_us = _clone_cost_us(samples, getattr(game, "flat_data_keys", frozenset()))
    sizes = [len(to_json(s)) for s in samples]
    apply_us = 1e6 * apply_time / max(actions, 1)
    return {
        "game": game.id,
        "scenario": scenario_id,
        "games_started": games,
        "actions": actions,
        "actions_per_second": actions / max(apply_time + legal_time, 1e-9),
        "apply_us": apply_us,
        "legal_actions_us": 1e6 * legal_time / max(actions, 1),
        "clone_us": clone_us,
        "clone_to_apply_ratio": clone_us / apply_us if apply_us else None,
        "state_bytes_median": statistics.median(sizes),
        "state_bytes_max": max(sizes),
        "replay_actions_per_second": _replay_speed(game, scenario_id, seed),
    }


def _clone_cost_us(samples: list[State], flat: frozenset[str]) -> float:
    rounds = max(1, 2000 // max(len(samples), 1))
    started = time.perf_counter()
    for _ in range(rounds):
        for state in samples:
            clone(state, flat)
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
    ratio = found["clone_to_apply_ratio"]
    return "\n".join(
        [
            f"bench {found['game']} ({found['scenario']}): {found['actions']} actions "
            f"in {found['games_started']} game(s)",
            f"  random play        {found['actions_per_second']:10.0f} actions/s",
            f"  apply              {found['apply_us']:10.1f} µs/action",
            f"  legal_actions      {found['legal_actions_us']:10.1f} µs/call",
            f"  clone              {found['clone_us']:10.1f} µs/state"
            + (f"  ({ratio:.2f} × apply)" if ratio is not None else ""),
            f"  state size         {found['state_bytes_median']:10.0f} bytes median, "
            f"{found['state_bytes_max']} max (JSON)",
            f"  replay             {found['replay_actions_per_second']:10.0f} actions/s",
        ]
    )
