"""The fuzzer: random legal games to the end, checking everything the contract promises.

A game fails on: an exception, no legal action while the game is not over, the step limit, an
invariant broken (``check``), a state that is not plain JSON data, a decision that changed the
state, a secret (``Game.secrets``: a side's own, the random generator's key, a deck's order) in
the view, new log line or legal actions of a viewer who may not see it, a determinized state that
the side could tell from the real one, an undo that does not restore the previous state, an
action that used the dice or drew a card and can be taken back, an illegal action (a made-up one,
or one played by a side that may not play it) that is accepted or whose refusal changes the game,
and a replay of the record that does not reproduce the final state. A failing game is saved as a
replayable file.

A long campaign keeps a journal (``FuzzConfig.journal``): one JSON line per finished game, so
that a run stopped part-way (a machine restarted, a session ended) goes on where it stopped when
started again with the same settings, and the games it plays are those one uninterrupted run
would have played."""

from __future__ import annotations

import re
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any, Final

import msgspec

from wargame import __version__
from wargame.bots.random_bot import RandomBot
from wargame.engine.action import Action
from wargame.engine.contract import Game, Secrets, can_undo
from wargame.engine.errors import IllegalAction, WargameError
from wargame.engine.log import Event, Side, redact
from wargame.engine.overlay import overlay_summary
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
    stop_after: int | None = None
    """Stop each game unfinished after this many actions (a bounded check of a long scenario);
    None plays to the end."""
    check_every: int = 1
    undo_rate: float = 0.1
    scenario: str | None = None
    out_dir: Path = Path("fuzz-failures")
    journal: Path | None = None
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("games", "jobs", "max_steps", "check_every", "stop_after"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ValueError(f"{name} must be at least 1, not {getattr(self, name)}")


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
    cpu_seconds: float = 0.0


@dataclass
class FuzzSummary:
    game: str
    outcomes: list[GameOutcome] = field(default_factory=list)
    seconds: float = 0.0
    resumed: int = 0

    @property
    def failures(self) -> list[GameOutcome]:
        return [o for o in self.outcomes if o.failure is not None]

    @property
    def actions(self) -> int:
        return sum(o.actions for o in self.outcomes)

    def results(self) -> Counter[str]:
        return Counter(o.result for o in self.outcomes if o.result is not None)

    @property
    def cpu_seconds(self) -> float:
        return sum(o.cpu_seconds for o in self.outcomes)

    def line(self) -> str:
        resumed = f" ({self.resumed} from the journal)" if self.resumed else ""
        return (
            f"fuzz: {len(self.outcomes)} games{resumed}, {len(self.failures)} failures, "
            f"{self.actions} actions, {self.seconds:.1f} s, {self.cpu_seconds:.0f} CPU s"
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
    journal = Journal.open(config, game_id)
    if journal is not None:
        summary.outcomes = journal.outcomes
        summary.resumed = len(journal.outcomes)
        for outcome in journal.outcomes:
            on_done(outcome)
        done = {outcome.index for outcome in journal.outcomes}
        plans = [plan for plan in plans if plan[1] not in done]
    started = time.perf_counter()
    for outcome in _run_all(plans, config, lookup):
        summary.outcomes.append(outcome)
        if journal is not None:
            journal.write(outcome)
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
        for future in as_completed(futures):
            yield future.result()


def play_one(
    game_id: str, index: int, seed: int, scenario: str, *, config: FuzzConfig, lookup: Lookup
) -> GameOutcome:
    game = lookup(game_id)
    outcome = GameOutcome(index, seed, scenario, 0)
    cpu_started = time.process_time()
    session: Session | None = None
    pending: tuple[Side, str] | None = None
    try:
        session = Session.new(game, scenario, seed, config.options)
        player = _Player(game, session, config, Rng(derive_seed(seed, "fuzzer")))
        for pending in player.moves():  # noqa: B007 - kept to name the failing action
            outcome.actions += 1
        pending = None
        check_whole_views(game, session.state)
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
    outcome.cpu_seconds = time.process_time() - cpu_started
    return outcome


class Journal:
    """The finished games of a run, one JSON line each after a first line naming the run's
    settings; a journal of other settings is refused rather than mixed in."""

    def __init__(self, path: Path, outcomes: list[GameOutcome]) -> None:
        self.path = path
        self.outcomes = outcomes

    @staticmethod
    def settings(config: FuzzConfig, game_id: str) -> dict[str, Any]:
        settings = {
            "game": game_id,
            "version": __version__,
            "games": config.games,
            "seed": config.seed,
            "scenario": config.scenario,
            "max_steps": config.max_steps,
            "check_every": config.check_every,
            "undo_rate": config.undo_rate,
        }
        if config.stop_after is not None:  # only then, as the overlay below
            settings["stop_after"] = config.stop_after
        overlay = overlay_summary(config.options)
        if overlay is not None:  # only then, so that journals of runs without one stay valid
            settings["rules_overlay"] = overlay["digest"]
        return settings

    @classmethod
    def open(cls, config: FuzzConfig, game_id: str) -> Journal | None:
        if config.journal is None:
            return None
        settings = cls.settings(config, game_id)
        path = config.journal
        if not path.exists() or path.stat().st_size == 0:
            path.write_bytes(msgspec.json.encode(settings) + b"\n")
            return cls(path, [])
        text = path.read_bytes()
        whole = text[: text.rfind(b"\n") + 1]  # a line cut short by a stop: played again
        lines = whole.splitlines()
        try:
            recorded = msgspec.json.decode(lines[0])
            outcomes = [msgspec.json.decode(line, type=GameOutcome) for line in lines[1:]]
        except (IndexError, msgspec.DecodeError, msgspec.ValidationError) as error:
            raise WargameError(f"{path} is not a fuzz journal ({error})") from None
        if recorded != settings:
            raise WargameError(
                f"{path} is the journal of another run ({_difference(recorded, settings)}); "
                "name another journal"
            )
        if whole != text:
            path.write_bytes(whole)
        return cls(path, outcomes)

    def write(self, outcome: GameOutcome) -> None:
        with self.path.open("ab") as out:
            out.write(msgspec.json.encode(outcome) + b"\n")


def _difference(recorded: dict[str, Any], settings: dict[str, Any]) -> str:
    return ", ".join(
        f"{key} {recorded.get(key)!r} there, {settings.get(key)!r} here"
        for key in {**recorded, **settings}
        if recorded.get(key) != settings.get(key)
    )


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
            if step == self.config.stop_after:
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
            if deep:
                check_refusals(self.session, side, text)
            yield side, text
            self.play(side, text)

    def play(self, side: Side, text: str) -> None:
        before = self.session.state
        after = self.session.act(side, text)
        check_new_log(self.game, before, after)
        if used_randomness(before, after):
            check_final(self.session, side, text)
        if self.rng.random() < self.config.undo_rate and can_undo(after, side):
            check_undo(self.session, side, before, after, text)


def check_invariants(game: Game, state: State) -> None:
    problems = game.check(state)
    if problems:
        raise FuzzFailure("invariant", "; ".join(problems[:5]))


def check_views(game: Game, state: State, rng: Rng) -> dict[Side, dict[str, Any]]:
    """JSON purity, decisions that change nothing, secrets, determinization. Returns the views.

    The views are taken without the log: :func:`check_new_log` checks each line as it is
    written (a whole log each step made a game's checks grow with the square of its length),
    and :func:`check_whole_views` takes whole views of the last position."""
    fingerprint = check_json(state)
    views: dict[Side | None, dict[str, Any]] = {None: game.view(state, None, log=False)}
    for side in game.sides:
        views[side] = game.view(state, side, log=False)
        game.legal_actions(state, side)
    if _fingerprint(state) != fingerprint:
        raise FuzzFailure("mutation", "computing views or legal actions changed the state")
    check_secrets(game, state, views)
    check_determinize(game, state, views, rng)
    return {side: view for side, view in views.items() if side is not None}


def check_json(state: State) -> tuple[bytes, int]:
    """The state is plain JSON data and survives a round trip; returns its fingerprint. The data
    and frame locals read back are compared with the state's first, which finds a tuple, a set or
    a key that is not a string at C speed; the walk that names the problem runs only then.

    The log is left out, but for its length: it only grows, and :func:`check_new_log` checks each
    line once, as it is written (the whole log each step made a game's checks grow with the
    square of its length)."""
    fingerprint = _fingerprint(state)
    encoded = fingerprint[0]
    again = from_builtins(msgspec.json.decode(encoded))
    if again.data != state.data or [f.locals for f in again.stack] != [
        f.locals for f in state.stack
    ]:
        problems = json_round_trip_problems(state)
        if problems:
            raise FuzzFailure("not-json", "; ".join(problems[:5]))
    if to_json(again) != encoded:
        raise FuzzFailure("not-json", "the state changes through a JSON round trip")
    return fingerprint


def _fingerprint(state: State) -> tuple[bytes, int]:
    """The state's JSON without its log, and the log's length (see :func:`check_json`)."""
    return to_json(msgspec.structs.replace(state, log=[])), len(state.log)


def check_secrets(game: Game, state: State, views: dict[Side | None, dict[str, Any]]) -> None:
    """No viewer sees in its view, or in its legal actions, what it may not see.

    The log is left out here: a card once shown may later go back into a hidden pile, and the old
    log lines that named it are history, not a leak. :func:`check_new_log` checks each new line.
    """
    secrets = SecretsCheck(game.secrets(state))
    for viewer, view in views.items():
        secrets.refuse(viewer, secrets.shown_in(_without_log(view)), "view")
    for side in game.sides:
        texts = [action.text for action in game.legal_actions(state, side)]
        secrets.refuse(side, shown_in_actions(texts, secrets.things), "legal actions")


def check_whole_views(game: Game, state: State) -> None:
    """Every viewer's whole view of ``state``, log included, is plain JSON data and its log is
    the viewer's redacted log."""
    for viewer in [None, *game.sides]:
        view = game.view(state, viewer)
        if msgspec.json.decode(msgspec.json.encode(view)) != view:
            raise FuzzFailure("not-json", f"the view of {viewer or 'a spectator'} is not JSON data")
        logged = [msgspec.to_builtins(event) for event in redact(state.log, viewer)]
        if view["log"] != logged:
            raise FuzzFailure("view", f"the log in the view of {viewer} is not its redacted log")


def check_new_log(game: Game, before: State, after: State) -> None:
    """The log lines one action adds show no viewer what it may not see in the new position."""
    added = after.log[len(before.log) :]
    if not added:
        return
    for event in added:
        if msgspec.json.decode(msgspec.json.encode(event), type=Event) != event:
            raise FuzzFailure("not-json", f"the log line {event.key} is not plain JSON data")
    secrets = SecretsCheck(game.secrets(after))
    for viewer in [None, *game.sides]:
        shown = [msgspec.to_builtins(event) for event in redact(added, viewer)]
        secrets.refuse(viewer, secrets.shown_in(shown), "new log lines")


@dataclass
class Shown:
    """What one viewer is shown, in the forms secrets are recognised by (see ``Secrets``)."""

    words: set[str] = field(default_factory=set)
    """Every string and key, and every integer in decimal."""
    lists: list[list[str]] = field(default_factory=list)
    """Every list of two strings or more."""
    near: dict[str, set[str]] = field(default_factory=dict)
    """For each thing a fact is about, the words shown beside it."""


def shown_in(value: Any, things: frozenset[str] = frozenset()) -> Shown:
    """What a JSON value shows; ``things``: the things of the facts to look for."""
    found = Shown()
    _walk(value, found, things)
    return found


def shown_in_actions(texts: list[str], things: frozenset[str] = frozenset()) -> Shown:
    """What a side's legal actions show: their words, their arguments as one list, and beside
    each of ``things`` an action names, the other words of that action."""
    found = Shown()
    arguments = [word for text in texts for word in text.split(" ")[1:]]
    found.words = {word for text in texts for word in text.split(" ")}
    found.lists = [arguments]
    for text in texts:
        words = set(text.split(" "))
        for thing in things & words:
            found.near.setdefault(thing, set()).update(words)
    return found


def _walk(value: Any, found: Shown, things: frozenset[str]) -> None:
    if type(value) is str:
        found.words.add(value)
    elif type(value) is int:
        found.words.add(str(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            found.words.add(str(key))
            _walk(item, found, things)
        if things:
            _note_things(value, found, things)
    elif isinstance(value, list | tuple):
        for item in value:
            _walk(item, found, things)
        if len(value) > 1 and all(type(item) is str for item in value):
            found.lists.append(list(value))


def _note_things(value: dict[Any, Any], found: Shown, things: frozenset[str]) -> None:
    beside = _scalar_words(value)
    for thing in things & beside:
        near = found.near.setdefault(thing, set())
        near |= beside
        item = value.get(thing)
        if isinstance(item, dict):
            near |= _scalar_words(item)
        elif type(item) in (str, int):
            near.add(str(item))


def _scalar_words(value: dict[Any, Any]) -> set[str]:
    """The keys of a dict and its values that are strings or integers, as words."""
    found = {str(key) for key in value}
    found.update(str(item) for item in value.values() if type(item) in (str, int))
    return found


class SecretsCheck:
    """A position's secrets, made ready to check what each viewer is shown against."""

    def __init__(self, secrets: Secrets) -> None:
        self.secrets = secrets
        every = [*secrets.facts.values(), *secrets.withheld.values()]
        self.things = frozenset(thing for facts in every for thing, _ in facts)
        self.neighbours = {name: _neighbours(order) for name, order in secrets.orders.items()}

    def shown_in(self, value: Any) -> Shown:
        return shown_in(value, self.things)

    def refuse(self, viewer: Side | None, shown: Shown, where: str) -> None:
        """Fail if ``viewer`` is shown (in its ``where``) anything it may not see."""
        leak = next(self.leaks(viewer, shown), None)
        if leak is not None:
            raise FuzzFailure("secret", f"{viewer or 'a spectator'} can see {leak} in its {where}")

    def leaks(self, viewer: Side | None, shown: Shown) -> Iterator[str]:
        """What ``viewer`` is shown and may not see, described."""
        secrets = self.secrets
        for owner, tokens in secrets.owned.items():
            if owner != viewer and tokens & shown.words:
                yield f"{owner}'s secret {_some(tokens & shown.words)}"
        if secrets.hidden & shown.words:
            yield f"{_some(secrets.hidden & shown.words)}, which nobody may see"
        for owner, facts in secrets.facts.items():
            seen = {
                f"{thing}={value}" for thing, value in facts if value in shown.near.get(thing, ())
            }
            if owner != viewer and seen:
                yield f"{owner}'s secret {_some(seen)}"
        seen = {
            f"{thing}={value}"
            for thing, value in secrets.withheld.get(viewer, ())
            if value in shown.near.get(thing, ())
        }
        if seen:
            yield f"the hidden {_some(seen)}"
        named = secrets.unnamed.get(viewer, set()) & shown.words
        if named:
            yield f"the id of the unseen {_some(named)}"
        for name, order in secrets.orders.items():
            run = _run_of(order, self.neighbours[name], shown.lists)
            if run:
                yield f"the order of {name} ({run[0]} next to {run[1]})"


def _neighbours(order: list[str]) -> set[tuple[str, str]]:
    """Every two items next to each other in ``order``, either way round."""
    pairs = set(pairwise(order))
    return pairs | {(second, first) for first, second in pairs}


def _run_of(
    order: list[str], neighbours: set[tuple[str, str]], lists: list[list[str]]
) -> tuple[str, str] | None:
    """Two ``neighbours`` of ``order`` side by side in one of ``lists`` that shows the order: any
    list but a sorted one, which shows no order but its own, unless it is a part of ``order`` in
    its order (a deck's next cards)."""
    for listed in lists:
        run = next((pair for pair in pairwise(listed) if pair in neighbours), None)
        if run and (not _is_sorted(listed) or _is_part(listed, order)):
            return run
    return None


def _is_part(listed: list[str], order: list[str]) -> bool:
    """Whether ``listed`` is a run of ``order``, shorter than it, in its order or reversed."""
    if len(listed) >= len(order) or listed[0] not in order:
        return False
    start = order.index(listed[0])
    forward = order[start : start + len(listed)]
    backward = order[max(start - len(listed) + 1, 0) : start + 1][::-1]
    return listed in (forward, backward)


def _is_sorted(words: list[str]) -> bool:
    """In alphabetical or natural order (``c2`` before ``c10``)."""
    return words == sorted(words) or words == sorted(words, key=_natural)


def _natural(word: str) -> list[str | int]:
    return [int(part) if part.isdigit() else part for part in _DIGITS.split(word)]


_DIGITS: Final = re.compile(r"(\d+)")


def _some(found: set[str]) -> str:
    return ", ".join(sorted(found)[:3])


def check_determinize(
    game: Game, state: State, views: dict[Side | None, dict[str, Any]], rng: Rng
) -> None:
    for side in game.sides:
        view = views[side]
        try:
            sampled = game.determinize(view, side, Rng(rng.next64()))
        except NotImplementedError:
            return
        again = game.view(sampled, side, log=False)
        shown = _without_log(view)
        difference = None if shown == again else first_difference(shown, again)
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


RANDOM_EVENTS: Final = frozenset({"log.roll", "log.draw", "log.draw_hidden", "log.shuffle"})
"""The engine's log events of a roll, a draw and a shuffle (``procedure.Context``)."""


def used_randomness(before: State, after: State) -> bool:
    """Whether the action from ``before`` to ``after`` drew from the generator or drew a card."""
    added = after.log[len(before.log) :]
    return after.rng != before.rng or any(event.key in RANDOM_EVENTS for event in added)


def check_final(session: Session, side: Side, text: str) -> None:
    """An action that rolled, drew or shuffled cannot be taken back, by anybody."""
    undoable = [s for s in session.game.sides if can_undo(session.state, s)]
    if undoable:
        raise FuzzFailure(
            "random-undo", f"{undoable[0]} may undo {side}: {text}, which rolled, drew or shuffled"
        )
    try:
        session.undo(side)
    except IllegalAction:
        return
    raise FuzzFailure(
        "random-undo", f"the session undid {side}: {text}, which rolled, drew or shuffled"
    )


MADE_UP: Final = "nonsense 987654"
NOBODY: Final = "(nobody)"


def check_refusals(session: Session, side: Side, text: str) -> None:
    """A made-up action, and ``side``'s chosen ``text`` played by every side that may not play it
    (acting beside ``side`` or not, or no side of the game), are refused and change nothing."""
    game = session.game
    tries = [(side, MADE_UP), (NOBODY, text)]
    for other in game.sides:
        if other != side and Action(text) not in game.legal_actions(session.state, other):
            tries.append((other, text))
    kept = _Kept.of(session)
    for who, attempt in tries:
        check_refused(session, who, attempt, kept)


def check_refused(session: Session, side: Side, text: str, kept: _Kept | None = None) -> None:
    """``side``'s ``text`` raises IllegalAction and leaves the session as it was (``kept``)."""
    kept = kept or _Kept.of(session)
    try:
        session.act(side, text)
    except IllegalAction:
        changed = kept.changed(session)
        if changed:
            raise FuzzFailure(
                "refusal-changed", f"refusing {side}: {text} changed the {changed}"
            ) from None
        return
    kept.restore(session)  # so that the saved game is the position the action was tried in
    raise FuzzFailure("illegal-accepted", f"{side} may play {text!r}, not its legal action")


@dataclass(frozen=True)
class _Kept:
    """A session's state (and its JSON), undo base and record, to compare and restore."""

    state: State
    encoded: tuple[bytes, int]
    undo_base: State
    actions: list[tuple[str, str]]

    @classmethod
    def of(cls, session: Session) -> _Kept:
        state = session.state
        return cls(state, _fingerprint(state), session.undo_base, list(session.record.actions))

    def changed(self, session: Session) -> str | None:
        """What of the session is no longer as kept, if anything."""
        if session.state is not self.state or _fingerprint(self.state) != self.encoded:
            return "state"
        if session.record.actions != self.actions:
            return "record"
        return "undo base" if session.undo_base is not self.undo_base else None

    def restore(self, session: Session) -> None:
        session.state, session.undo_base = self.state, self.undo_base
        session.record.actions = list(self.actions)


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
