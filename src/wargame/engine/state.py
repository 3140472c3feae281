"""The game state: plain data, cheap to copy, hashable, saved as JSON.

Everything a game needs to continue lives here: the game's own data (``data``: dicts, lists,
strings, numbers, booleans and None only), the sequence of play as a stack of procedure frames,
the random generator's state and the log. Static data (map, pieces, cards) stays out of it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from typing import Any, Final, NamedTuple

import msgspec

from wargame.engine.log import Event
from wargame.engine.rng import LEGACY_GENERATOR

_JSON_ENCODER: Final = msgspec.json.Encoder(order="sorted")


class Frame(msgspec.Struct, omit_defaults=True):
    """One procedure on the stack: its name, the step it is at, and its local values."""

    name: str
    step: str
    locals: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        return self.locals[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.locals[key] = value

    def get(self, key: str, default: Any = None) -> Any:
        return self.locals.get(key, default)


class Result(msgspec.Struct, frozen=True, omit_defaults=True):
    """How a game ended. ``winner`` None is a draw.

    ``kind`` names the way it was decided (a message key under ``result.``), ``missing`` lists the
    rule numbers not implemented yet that could have changed the outcome; ``allies`` the sides
    that share ``winner``'s victory (a win of two factions together).
    """

    winner: str | None
    kind: str
    params: dict[str, Any] = {}
    scores: dict[str, int | float] = {}
    missing: list[str] = []
    allies: list[str] = []


class State(msgspec.Struct, weakref=True):
    """A whole game position. Once a game function has returned it, nobody changes it."""

    game: str
    rules_version: str
    scenario: str
    seed: int
    options: dict[str, Any]
    rng: int
    data: dict[str, Any]
    stack: list[Frame]
    log: list[Event] = []
    moves: int = 0
    checkpoint: int = 0
    actor: str | None = None
    result: Result | None = None
    generator: str = LEGACY_GENERATOR
    """The random generator (``rng.GENERATORS``) of ``seed`` and ``rng``; a state saved before
    games named theirs was made with the legacy one."""


LEAVES: Final = frozenset({str, int, float, bool, type(None)})


def copy_data(value: Any) -> Any:
    """A copy of JSON data in which every dict and list is new and the immutable leaves are shared.

    Hand-written because it is the hot spot of search and play: it is about twice as fast as a
    msgpack round trip (or ``copy.deepcopy``) since strings and numbers are not rebuilt, and a
    dict or list of leaves only (most of them: hands, decks, records of moves), found so by one
    pass in C over the types of its items, is copied at once.
    """
    if type(value) is dict:
        copied = dict(value)
        if LEAVES.issuperset(map(type, copied.values())):
            return copied
        for key, item in value.items():
            if type(item) is dict or type(item) is list:
                copied[key] = copy_data(item)
        return copied
    if type(value) is list:
        items = list(value)
        if LEAVES.issuperset(map(type, items)):
            return items
        for index, item in enumerate(value):
            if type(item) is dict or type(item) is list:
                items[index] = copy_data(item)
        return items
    return value


def clone(state: State, copiers: Mapping[str, Copier] | None = None) -> State:
    """An independent copy. Log events are immutable and shared; everything else is copied.

    ``copiers`` names top-level data keys of a known shape and the :class:`Copier` of each
    (``FLAT`` for a dict or list of immutable values only: one shallow copy does for it).
    """
    special = copiers or {}
    data = {
        key: special[key].copy(value) if key in special else copy_data(value)
        for key, value in state.data.items()
    }
    stack = [Frame(f.name, f.step, copy_data(f.locals)) for f in state.stack]
    return State(
        game=state.game,
        rules_version=state.rules_version,
        scenario=state.scenario,
        seed=state.seed,
        options=dict(state.options),
        rng=state.rng,
        data=data,
        stack=stack,
        log=list(state.log),
        moves=state.moves,
        checkpoint=state.checkpoint,
        actor=state.actor,
        result=state.result,
        generator=state.generator,
    )


class Copier(NamedTuple):
    """A copy for data of one known shape, faster than :func:`copy_data` since it does not look
    at the type of every item, and the check (``problems``) that the data has that shape."""

    copy: Callable[[Any], Any]
    problems: Callable[[Any], list[str]]


def _copy_items(value: Any) -> Any:
    if type(value) is dict:
        return {key: item.copy() for key, item in value.items()}
    return [item.copy() for item in value]


def _items_problems(value: Any) -> list[str]:
    items = value.values() if isinstance(value, dict) else value
    if not isinstance(value, dict | list) or not all(holds_leaves_only(item) for item in items):
        return ["holds an item that is not a dict or list of immutable values"]
    return []


def holds_leaves_only(value: Any) -> bool:
    """Whether ``value`` is a dict or list of immutable values only (strings, numbers...)."""
    items = value.values() if isinstance(value, dict) else value
    return isinstance(value, dict | list) and LEAVES.issuperset(map(type, items))


FLAT_ITEMS: Final = Copier(_copy_items, _items_problems)
"""For a dict or list whose every item is a dict or list of immutable values (records of
leaves, pairs): each item copied shallowly."""


def copier_problems(state: State, copiers: Mapping[str, Copier]) -> list[str]:
    """Where a key given a copier does not have the shape its copy needs."""
    return [
        f"data.{key} {problem}"
        for key in copiers.keys() & state.data.keys()
        for problem in copiers[key].problems(state.data[key])
    ]


def _shallow(value: Any) -> Any:
    if type(value) is dict:
        return dict(value)
    if type(value) is list:
        return list(value)
    return value


def _flat_problems(value: Any) -> list[str]:
    items = value.values() if isinstance(value, dict) else value
    if isinstance(value, dict | list) and any(isinstance(i, dict | list) for i in items):
        return ["is declared flat but holds a container"]
    return []


FLAT: Final = Copier(_shallow, _flat_problems)
"""For a dict or list whose values are immutable (strings, numbers, booleans, None): one
shallow copy, without looking at every item (a container in it would be shared between copies,
which ``problems`` reports)."""


def to_json(state: State) -> bytes:
    """Canonical JSON (sorted keys): equal states give equal bytes."""
    return _JSON_ENCODER.encode(state)


def from_builtins(value: Any) -> State:
    """A state from decoded JSON, validated against the state's shape."""
    return msgspec.convert(value, State)


def state_hash(state: State) -> str:
    """A short fingerprint of the whole state (blake2b of its canonical JSON). A state of the
    legacy generator is hashed as it was before states named their generator, so that the hashes
    in older save files still match."""
    if state.generator == LEGACY_GENERATOR:
        fields = msgspec.structs.asdict(state)
        del fields["generator"]
        encoded = _JSON_ENCODER.encode(fields)
    else:
        encoded = to_json(state)
    return hashlib.blake2b(encoded, digest_size=16).hexdigest()


def json_round_trip_problems(state: State) -> list[str]:
    """Where the state is not plain JSON data (tuples, sets, non-string keys...), if anywhere."""
    problems: list[str] = []
    _walk_json(state.data, "data", problems)
    for index, frame in enumerate(state.stack):
        _walk_json(frame.locals, f"stack[{index}].locals", problems)
    return problems


def _walk_json(value: Any, path: str, problems: list[str]) -> None:
    if value is None or isinstance(value, bool | int | float | str):
        return
    if isinstance(value, list):
        for index, item in enumerate(value):
            _walk_json(item, f"{path}[{index}]", problems)
    elif isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                problems.append(f"{path}: key {key!r} is not a string")
            _walk_json(item, f"{path}.{key}", problems)
    else:
        problems.append(f"{path}: {type(value).__name__} is not JSON data")
