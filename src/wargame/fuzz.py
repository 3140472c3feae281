"""The fuzzer: random legal games to the end, checking everything the contract promises.

A game fails on: an exception, no legal action while the game is not over, the step limit, an
invariant broken (``check``), a state that is not plain JSON data, a decision that changed the
state, a secret of one side in another viewer's view or log, a determinized state that the side
could tell from the real one, an undo that does not restore the previous state, and a replay of
the record that does not reproduce the final state. A failing game is saved as a replayable file.
"""

from __future__ import annotations

import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from wargame.bots.random_bot import RandomBot
from wargame.engine.contract import Game, can_undo
from wargame.engine.log import Side, redact
from wargame.engine.rng import Rng, derive_seed
from wargame.engine.session import Session
from wargame.engine.state import State, from_builtins, json_round_trip_problems, state_hash, to_json


class FuzzFailure(Exception):
    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


@dataclass(frozen=True)
class FuzzConfig:
    games: int = 10
    seed: int = 0
    jobs: int = 1
    max_steps: int = 20_000
    check_every: int = 1
    undo_rate: float = 0.1
    scenario: str | None = None
    out_dir: Path = Path("fuzz-failures")


@dataclass
class GameOutcome:
    index: int
    seed: int
    scenario: str
    actions: int
    result: str | None = None
    failure: str | None = None
    trace: str | None = None
    dump: str | None = None


@dataclass
class FuzzSummary:
    game: str
    outcomes: list[GameOutcome] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def failures(self) -> list[GameOutcome]:
        return [o for o in self.outcomes if o.failure is not None]

    @property
    def actions(self) -> int:
        return sum(o.actions for o in self.outcomes)

    def results(self) -> Counter[str]:
        return Counter(o.result for o in self.outcomes if o.result is not None)

    def line(self) -> str:
        return (
            f"fuzz: {len(self.outcomes)} games, {len(self.failures)} failures, "
            f"{self.actions} actions, {self.seconds:.1f} s"
        )


Lookup = Callable[[str], Game]


def fuzz(
    game_id: str, config: FuzzConfig, lookup: Lookup, on_done: Callable[[GameOutcome], None]
) -> FuzzSummary:
    """Play ``config.games`` random games; call ``on_done`` as each ends."""
    game = lookup(game_id)
    scenarios = [config.scenario] if config.scenario else [s.id for s in game.scenarios()]
    plans = [
        (game_id, index, derive_seed(config.seed, index), scenarios[index % len(scenarios)])
        for index in range(config.games)
    ]
    summary = FuzzSummary(game_id)
    started = time.perf_counter()
    for outcome in _run_all(plans, config, lookup):
        summary.outcomes.append(outcome)
        on_done(outcome)
    summary.outcomes.sort(key=lambda o: o.index)
    summary.seconds = time.perf_counter() - started
    return summary


def _run_all(
    plans: list[tuple[str, int, int, str]], config: FuzzConfig, lookup: Lookup
) -> Iterator[GameOutcome]:
    if config.jobs <= 1:
        for plan in plans:
            yield play_one(*plan, config=config, lookup=lookup)
        return
    with ProcessPoolExecutor(max_workers=config.jobs) as pool:
        futures = [pool.submit(play_one, *plan, config=config, lookup=lookup) for plan in plans]
        for future in futures:
            yield future.result()


def play_one(
    game_id: str, index: int, seed: int, scenario: str, *, config: FuzzConfig, lookup: Lookup
) -> GameOutcome:
    game = lookup(game_id)
    outcome = GameOutcome(index, seed, scenario, 0)
    session: Session | None = None
    pending: tuple[Side, str] | None = None
    try:
        session = Session.new(game, scenario, seed)
        player = _Player(game, session, config, Rng(derive_seed(seed, "fuzzer")))
        for pending in player.moves():  # noqa: B007 - kept to name the failing action
            outcome.actions += 1
        pending = None
        check_replay(game, session)
        result = session.state.result
        outcome.result = None if result is None else f"{result.kind}:{result.winner or 'draw'}"
    except FuzzFailure as failure:
        outcome.failure = str(failure)
    except Exception as error:  # a crash of the game is what the fuzzer is looking for
        outcome.failure = f"exception: {type(error).__name__}: {error}"
        outcome.trace = traceback.format_exc()
    if outcome.failure is not None and session is not None:
        outcome.dump = str(_dump(session, outcome, pending, config.out_dir))
    return outcome


class _Player:
    """Plays one random game, checking each position on the way."""

    def __init__(self, game: Game, session: Session, config: FuzzConfig, rng: Rng) -> None:
        self.game = game
        self.session = session
        self.config = config
        self.rng = rng
        self.bot = RandomBot(rng.next64())

    def moves(self) -> Iterator[tuple[Side, str]]:
        for step in range(self.config.max_steps + 1):
            state = self.session.state
            check_invariants(self.game, state)
            deep = step % self.config.check_every == 0
            views = check_views(self.game, state, self.rng) if deep else {}
            active = self.game.active(state)
            if not active:
                if state.result is None:
                    raise FuzzFailure("no-legal-action", "nobody can act but the game is not over")
                return
            if step == self.config.max_steps:
                raise FuzzFailure("step-limit", f"no end after {step} actions")
            side = self.rng.choice(active)
            view = views.get(side) or {
                "actions": [a.text for a in self.game.legal_actions(state, side)]
            }
            if not view["actions"]:
                raise FuzzFailure("no-legal-action", f"{side} is active but has no legal action")
            text = self.bot.choose(view)
            yield side, text
            self.play(side, text)

    def play(self, side: Side, text: str) -> None:
        before = self.session.state
        after = self.session.act(side, text)
        check_new_log(self.game, before, after)
        if self.rng.random() < self.config.undo_rate and can_undo(after, side):
            check_undo(self.session, side, before, after, text)


def check_invariants(game: Game, state: State) -> None:
    problems = game.check(state)
    if problems:
        raise FuzzFailure("invariant", "; ".join(problems[:5]))


def check_views(game: Game, state: State, rng: Rng) -> dict[Side, dict[str, Any]]:
    """JSON purity, decisions that change nothing, secrets, determinization. Returns the views."""
    check_json(state)
    fingerprint = state_hash(state)
    views: dict[Side | None, dict[str, Any]] = {None: game.view(state, None)}
    for side in game.sides:
        views[side] = game.view(state, side)
        game.legal_actions(state, side)
    if state_hash(state) != fingerprint:
        raise FuzzFailure("mutation", "computing views or legal actions changed the state")
    check_secrets(game, state, views)
    check_determinize(game, state, views, rng)
    return {side: view for side, view in views.items() if side is not None}


def check_json(state: State) -> None:
    problems = json_round_trip_problems(state)
    if problems:
        raise FuzzFailure("not-json", "; ".join(problems[:5]))
    again = from_builtins(msgspec.json.decode(to_json(state)))
    if state_hash(again) != state_hash(state):
        raise FuzzFailure("not-json", "the state changes through a JSON round trip")


def check_secrets(game: Game, state: State, views: dict[Side | None, dict[str, Any]]) -> None:
    """No viewer sees another side's secret in their view.

    The log is left out here: a card once shown may later go back into a hidden pile, and the old
    log lines that named it are history, not a leak. :func:`check_new_log` checks each new line.
    """
    secrets = game.secrets(state)
    for viewer, view in views.items():
        _refuse_leaks(secrets, viewer, set(strings_in(_without_log(view))))


def check_new_log(game: Game, before: State, after: State) -> None:
    """The log lines one action adds show no viewer another side's secret of the new position."""
    added = after.log[len(before.log) :]
    if not added:
        return
    secrets = game.secrets(after)
    for viewer in [None, *game.sides]:
        shown = [msgspec.to_builtins(event) for event in redact(added, viewer)]
        _refuse_leaks(secrets, viewer, set(strings_in(shown)))


def _refuse_leaks(secrets: dict[Side, set[str]], viewer: Side | None, seen: set[str]) -> None:
    for owner, tokens in secrets.items():
        leaked = tokens & seen if owner != viewer else set()
        if leaked:
            who = viewer or "a spectator"
            shown = ", ".join(sorted(leaked)[:3])
            raise FuzzFailure("secret", f"{who} can see {owner}'s secret {shown}")


def check_determinize(
    game: Game, state: State, views: dict[Side | None, dict[str, Any]], rng: Rng
) -> None:
    for side in game.sides:
        view = views[side]
        try:
            sampled = game.determinize(view, side, Rng(rng.next64()))
        except NotImplementedError:
            return
        again = game.view(sampled, side)
        difference = first_difference(_without_log(view), _without_log(again))
        if difference:
            raise FuzzFailure(
                "determinize", f"{side} could tell a determinized state from the game: {difference}"
            )


def _without_log(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "log"}


def check_undo(session: Session, side: Side, before: State, after: State, text: str) -> None:
    restored = session.undo(side)
    if state_hash(restored) != state_hash(before):
        raise FuzzFailure("undo", f"undoing {side}: {text} does not restore the position")
    redone = session.act(side, text)
    if state_hash(redone) != state_hash(after):
        raise FuzzFailure("undo", f"replaying {side}: {text} after an undo gives another position")


def check_replay(game: Game, session: Session) -> None:
    replayed = Session.replay(session.record, game)
    if state_hash(replayed.state) != state_hash(session.state):
        raise FuzzFailure("replay", "replaying the record does not reproduce the final state")


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON values first differ (``board.units.x.at: '2813' != '2812'``), or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: only in {'the game' if key in a else 'the sample'}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{index}]")
            if found:
                return found
        return None
    return None if a == b else f"{path.lstrip('.')}: {a!r:.60} != {b!r:.60}"


def strings_in(value: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from strings_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings_in(item)


def _dump(
    session: Session, outcome: GameOutcome, pending: tuple[Side, str] | None, out_dir: Path
) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{session.game.id}-{outcome.scenario}-{outcome.seed}.json"
    failure = {
        "message": outcome.failure,
        "traceback": outcome.trace,
        "pending": None if pending is None else list(pending),
    }
    session.save(path, failure=failure)
    return path
