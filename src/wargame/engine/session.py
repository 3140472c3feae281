"""A game in progress: its record (the source of truth), its state, undo, save and replay.

The record holds everything needed to rebuild the game: game id, rules version, scenario, seed,
options, the actions in order and the remarks said after some of them (a bot's reason for its play:
a public log line that no rule gives back, so the record keeps it beside its action and every
replay puts it back in the log after that action). A save file holds the record and, to load fast,
the current state with its hash and the last undo checkpoint. ``replay`` rebuilds the state from
the record alone and verifies it against the saved one.

A save file is checked whole before anything uses it: at most ``MAX_SAVE_BYTES``, a known format
version, the shape of a save, its hash (in versions 2 and 3, of everything in the file; version 1,
still read, hashed the state alone), a known game, a seed in range, a known random generator, a
record and states of one game, and remarks that are public and follow actions of the record.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal, TypeVar

import msgspec

from wargame.engine.action import Action
from wargame.engine.contract import Game, can_undo
from wargame.engine.errors import BadSaveFile, IllegalAction, UnknownGame, WargameError
from wargame.engine.files import read_limited, write_atomically
from wargame.engine.log import Event, Side
from wargame.engine.rng import (
    DEFAULT_GENERATOR,
    GENERATORS,
    LEGACY_GENERATOR,
    commitment,
    new_salt,
    new_seed,
    seed_problem,
)
from wargame.engine.state import State, state_hash

SAVE_FORMAT: Final = "wargame-save"
SAVE_VERSION: Final = 3
"""Version 3's record may hold remarks; the ``save_hash`` of versions 2 and 3 covers the whole
file, version 1's ``state_hash`` only the state."""
READ_VERSIONS: Final = (1, 2, 3)
MAX_SAVE_BYTES: Final = 8 * 2**20
"""The largest save file read. The largest saves are of the longest game there is: sixty random
games of its full campaign, played to their end (1,200 to 1,800 actions), saved to 0.22 MB at most,
and to 0.38 MB at most at any point of the game (an undo checkpoint is a second copy of the state
and its log). 8 MB leaves twenty times that for longer games, and bounds what a file can make the
program decode (up to 25 bytes of memory for a byte of JSON: 200 MB)."""
RESIGN: Final = "resign"
_CANONICAL: Final = msgspec.json.Encoder(order="sorted")
_RECORD_IN_STATE: Final = ("game", "rules_version", "scenario", "seed", "generator")
"""What a record and the states it leads to both name, and must name alike."""


class Record(msgspec.Struct):
    """A game record: replaying it reproduces the game exactly.

    ``commitment`` (``rng.commitment`` of ``seed`` and ``salt``) is public from the start; the seed
    and the salt are secret until the game is over. ``seed_chosen`` says that somebody chose the
    seed rather than the operating system. A record made before records named their generator has
    the legacy one and no commitment.

    ``remarks`` are the public log lines said after some actions, keyed by the action's number
    (the first is 1): ``Session.act`` puts each in the log right after its action, and replaying
    the record puts it back there. A record made before remarks has none.
    """

    game: str
    rules_version: str
    scenario: str
    seed: int
    options: dict[str, Any]
    actions: list[tuple[str, str]] = []
    generator: str = LEGACY_GENERATOR
    salt: str = ""
    commitment: str = ""
    seed_chosen: bool = False
    remarks: dict[int, Event] = {}


class SaveFile(msgspec.Struct):
    """A save file. ``save_hash`` (version 2) is ``hash_save`` of the rest; ``state_hash`` is
    the state's fingerprint that ``wargame replay`` shows."""

    format: Literal["wargame-save"]
    version: int
    record: Record
    state: State
    state_hash: str
    undo_base: State | None = None
    failure: dict[str, Any] | None = None
    save_hash: str = ""


class _Header(msgspec.Struct):
    format: str = ""
    version: int = 0


GameLookup = Callable[[str], Game]
_Decoded = TypeVar("_Decoded", "SaveFile", "_Header")


@dataclass
class Session:
    game: Game
    record: Record
    state: State
    undo_base: State

    @classmethod
    def new(
        cls,
        game: Game,
        scenario: str,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        generator: str = DEFAULT_GENERATOR,
    ) -> Session:
        """A new game; without ``seed``, a fresh secret one (``seed_chosen`` says which)."""
        chosen = seed is not None
        seed = new_seed() if seed is None else seed
        salt = new_salt()
        state = game.setup(scenario, seed, options, generator=generator)
        record = Record(
            game.id,
            game.rules_version,
            scenario,
            seed,
            dict(state.options),
            generator=generator,
            salt=salt,
            commitment=commitment(seed, salt),
            seed_chosen=chosen,
        )
        return cls(game, record, state, state)

    @classmethod
    def start(cls, game: Game, record: Record) -> Session:
        """The game of ``record`` before its first action (the record's actions left out)."""
        state = game.setup(record.scenario, record.seed, record.options, generator=record.generator)
        return cls(game, msgspec.structs.replace(record, actions=[], remarks={}), state, state)

    # -- playing ---------------------------------------------------------------------------
    def act(self, side: Side, text: str, remark: Event | None = None) -> State:
        """Apply one action given as text, then put ``remark`` (a public line: why a bot chose
        the action) in the log; the session is unchanged if the action is refused."""
        action = Action.parse(text)
        new = with_remark(_apply(self.game, self.state, side, action), remark)
        self.record.actions.append((side, action.text))
        if remark is not None:
            self.record.remarks[len(self.record.actions)] = remark
        self.state = new
        if new.checkpoint == new.moves:
            self.undo_base = new
        return new

    def undo(self, side: Side) -> State:
        """Take back ``side``'s last action, and its remark, if nothing irreversible happened
        since."""
        if not can_undo(self.state, side):
            raise IllegalAction(self._why_no_undo(side))
        state = carried_on(self.game, self.undo_base, self.record, self.state.moves - 1)
        self.record.remarks.pop(len(self.record.actions), None)
        self.record.actions.pop()
        self.state = state
        return state

    def _why_no_undo(self, side: Side) -> str:
        if self.state.moves == 0:
            return "nothing to undo"
        if self.state.actor != side:
            return "the last action was another side's: only the side that took it may take it back"
        return "the last action cannot be taken back (dice, a draw, a reveal or a change of side)"

    # -- files -----------------------------------------------------------------------------
    def save(self, path: Path, failure: dict[str, Any] | None = None) -> None:
        """Write the save file atomically: a failed write leaves the old file as it was."""
        save = SaveFile(
            SAVE_FORMAT,
            SAVE_VERSION,
            self.record,
            self.state,
            state_hash(self.state),
            None if self.undo_base is self.state else self.undo_base,
            failure,
        )
        save.save_hash = hash_save(save)
        write_atomically(path, msgspec.json.format(msgspec.json.encode(save), indent=1))

    @classmethod
    def load(cls, path: Path, lookup: GameLookup) -> Session:
        save = read_save(path)
        game = game_of(save, lookup, path)
        check_compatible(game, save.record, path)
        undo_base = save.undo_base or save.state
        return cls(game, save.record, save.state, undo_base)

    @classmethod
    def replay(cls, record: Record, game: Game) -> Session:
        """Rebuild a game from its record, checking every action; raise BadSaveFile if one fails."""
        session = cls.start(game, record)
        for number, (side, text) in enumerate(record.actions, start=1):
            try:
                session.act(side, text, record.remarks.get(number))
            except WargameError as error:
                raise BadSaveFile(
                    f"action {number} ({side}: {text}) no longer replays: {error}"
                ) from None
        return session


def _apply(game: Game, state: State, side: Side, action: Action) -> State:
    if action.text == RESIGN:
        return game.resign(state, side)
    return game.apply(state, side, action)


def with_remark(state: State, remark: Event | None) -> State:
    """``state`` with ``remark`` last in its log (``state`` itself without one). A remark is
    public: every viewer sees the same line, so it may name only what everybody knows."""
    if remark is None:
        return state
    if remark.to is not None:
        raise WargameError(f"a remark is for everybody, not only {', '.join(remark.to)}")
    return msgspec.structs.replace(state, log=[*state.log, remark])


def carried_on(game: Game, state: State, record: Record, until: int) -> State:
    """``state`` (a position of ``record``'s game) carried on through the record's actions up to
    the ``until``-th, each followed by its remark, as they were first played."""
    for number in range(state.moves + 1, until + 1):
        side, text = record.actions[number - 1]
        state = _apply(game, state, side, Action.parse(text))
        state = with_remark(state, record.remarks.get(number))
    return state


def positions(game: Game, record: Record) -> Iterator[State]:
    """``record``'s game at its start and after each of its actions (each followed by its
    remark, as :func:`carried_on` plays them), for tools that read every position of a recorded
    game; an action the rules no longer allow raises, as in play."""
    state = Session.start(game, record).state
    yield state
    for number in range(1, len(record.actions) + 1):
        state = carried_on(game, state, record, number)
        yield state


def read_save(path: Path) -> SaveFile:
    """The save file at ``path``, checked whole but for its game (``game_of``)."""
    data = read_limited(path, MAX_SAVE_BYTES)
    _check_header(_decode(data, _Header, path), path)
    save = _decode(data, SaveFile, path)
    problem = _hash_problem(save) or _record_problem(save)
    if problem:
        raise BadSaveFile(f"{path}: {problem}")
    return save


def _decode(data: bytes, kind: type[_Decoded], path: Path) -> _Decoded:
    try:
        return msgspec.json.decode(data, type=kind)
    except msgspec.ValidationError as error:
        raise BadSaveFile(f"{path}: not a wargame save file: {error}") from None
    except msgspec.DecodeError as error:
        raise BadSaveFile(f"{path}: malformed or truncated save file ({error})") from None
    except RecursionError:
        raise BadSaveFile(f"{path}: not a wargame save file: nested too deeply") from None


def _check_header(header: _Header, path: Path) -> None:
    if header.format != SAVE_FORMAT:
        raise BadSaveFile(f"{path}: not a wargame save file (its format is not {SAVE_FORMAT!r})")
    if header.version not in READ_VERSIONS:
        known = " and ".join(map(str, READ_VERSIONS))
        raise BadSaveFile(
            f"{path}: save format version {header.version}; this program reads versions {known}"
        )


def hash_save(save: SaveFile) -> str:
    """The hash of a version-2 or 3 save: blake2b of the canonical JSON of all but this hash.
    A record without remarks is hashed without the field, as version 2 wrote it, so that the
    saves made before remarks keep their hash."""
    unhashed = msgspec.to_builtins(msgspec.structs.replace(save, save_hash=""), str_keys=True)
    if not save.record.remarks:
        del unhashed["record"]["remarks"]
    return hashlib.blake2b(_CANONICAL.encode(unhashed), digest_size=16).hexdigest()


def _hash_problem(save: SaveFile) -> str | None:
    if save.version == 1:
        if state_hash(save.state) != save.state_hash:
            return "the saved state does not match its hash (file damaged?)"
    elif hash_save(save) != save.save_hash:
        return "the save does not match its hash (file damaged?)"
    return None


def _record_problem(save: SaveFile) -> str | None:
    record = save.record
    problem = seed_problem(record.seed)
    if problem is not None:
        return problem
    if record.generator not in GENERATORS:
        return f"unknown random generator {record.generator!r}"
    for label, state in (("saved state", save.state), ("undo checkpoint", save.undo_base)):
        for name in _RECORD_IN_STATE:
            if state is not None and getattr(state, name) != getattr(record, name):
                return f"the record and the {label} are not of the same {name}"
    return _remark_problem(record)


def _remark_problem(record: Record) -> str | None:
    for number, remark in sorted(record.remarks.items()):
        if not 1 <= number <= len(record.actions):
            return f"a remark follows action {number}, which the record does not have"
        if remark.to is not None:
            return f"the remark after action {number} is not for everybody"
    return None


def game_of(save: SaveFile, lookup: GameLookup, path: Path) -> Game:
    """The game of a save, or BadSaveFile if this program has no such game."""
    try:
        return lookup(save.record.game)
    except UnknownGame as error:
        raise BadSaveFile(f"{path}: {error}") from None


def check_compatible(game: Game, record: Record, path: Path) -> None:
    if record.rules_version != game.rules_version:
        raise BadSaveFile(
            f"{path}: made with {game.id} rules version {record.rules_version}, "
            f"this program has {game.rules_version}"
        )
