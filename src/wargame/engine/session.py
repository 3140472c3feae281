"""A game in progress: its record (the source of truth), its state, undo, save and replay.

The record holds everything needed to rebuild the game: game id, rules version, scenario, seed,
options and the actions in order. A save file holds the record and, to load fast, the current state
with its hash and the last undo checkpoint. ``replay`` rebuilds the state from the record alone and
verifies it against the saved one.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

import msgspec

from wargame.engine.action import Action
from wargame.engine.contract import Game, can_undo
from wargame.engine.errors import BadSaveFile, IllegalAction, WargameError
from wargame.engine.log import Side
from wargame.engine.rng import (
    DEFAULT_GENERATOR,
    LEGACY_GENERATOR,
    commitment,
    new_salt,
    new_seed,
)
from wargame.engine.state import State, state_hash

SAVE_FORMAT: Final = "wargame-save"
SAVE_VERSION: Final = 1
RESIGN: Final = "resign"


class Record(msgspec.Struct):
    """A game record: replaying it reproduces the game exactly.

    ``commitment`` (``rng.commitment`` of ``seed`` and ``salt``) is public from the start; the seed
    and the salt are secret until the game is over. ``seed_chosen`` says that somebody chose the
    seed rather than the operating system. A record made before records named their generator has
    the legacy one and no commitment.
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


class SaveFile(msgspec.Struct):
    format: Literal["wargame-save"]
    version: int
    record: Record
    state: State
    state_hash: str
    undo_base: State | None = None
    failure: dict[str, Any] | None = None


GameLookup = Callable[[str], Game]


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
        return cls(game, msgspec.structs.replace(record, actions=[]), state, state)

    # -- playing ---------------------------------------------------------------------------
    def act(self, side: Side, text: str) -> State:
        """Apply one action given as text; the session is unchanged if it is refused."""
        action = Action.parse(text)
        if action.text == RESIGN:
            new = self.game.resign(self.state, side)
        else:
            new = self.game.apply(self.state, side, action)
        self.record.actions.append((side, action.text))
        self.state = new
        if new.checkpoint == new.moves:
            self.undo_base = new
        return new

    def undo(self, side: Side) -> State:
        """Take back ``side``'s last action, if nothing irreversible happened since."""
        if not can_undo(self.state, side):
            raise IllegalAction(self._why_no_undo(side))
        state = self.undo_base
        for actor, text in self.record.actions[state.moves : self.state.moves - 1]:
            state = _apply_text(self.game, state, actor, text)
        self.record.actions.pop()
        self.state = state
        return state

    def _why_no_undo(self, side: Side) -> str:
        if self.state.moves == 0:
            return "nothing to undo"
        if self.state.actor != side:
            return f"the last action was not {side}'s"
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
        write_atomically(path, msgspec.json.format(msgspec.json.encode(save), indent=1))

    @classmethod
    def load(cls, path: Path, lookup: GameLookup) -> Session:
        save = read_save(path)
        game = lookup(save.record.game)
        check_compatible(game, save.record, path)
        if state_hash(save.state) != save.state_hash:
            raise BadSaveFile(f"{path}: the saved state does not match its hash (file damaged?)")
        undo_base = save.undo_base or save.state
        return cls(game, save.record, save.state, undo_base)

    @classmethod
    def replay(cls, record: Record, game: Game) -> Session:
        """Rebuild a game from its record, checking every action; raise BadSaveFile if one fails."""
        session = cls.start(game, record)
        for number, (side, text) in enumerate(record.actions, start=1):
            try:
                session.act(side, text)
            except WargameError as error:
                raise BadSaveFile(
                    f"action {number} ({side}: {text}) no longer replays: {error}"
                ) from None
        return session


def _apply_text(game: Game, state: State, side: Side, text: str) -> State:
    if text == RESIGN:
        return game.resign(state, side)
    return game.apply(state, side, Action.parse(text))


def read_save(path: Path) -> SaveFile:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise BadSaveFile(f"{path}: cannot read ({error.strerror})") from None
    try:
        return msgspec.json.decode(data, type=SaveFile)
    except msgspec.ValidationError as error:
        raise BadSaveFile(f"{path}: not a wargame save file: {error}") from None
    except msgspec.DecodeError as error:
        raise BadSaveFile(f"{path}: malformed or truncated save file ({error})") from None


def check_compatible(game: Game, record: Record, path: Path) -> None:
    if record.rules_version != game.rules_version:
        raise BadSaveFile(
            f"{path}: made with {game.id} rules version {record.rules_version}, "
            f"this program has {game.rules_version}"
        )


def write_atomically(path: Path, data: bytes) -> None:
    directory = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
