"""The game store: the append-only action log (the source of truth), each game's current state and
undo base, and periodic snapshots, in SQLite (the default: one file, WAL) or PostgreSQL.

Hand-written over SQLAlchemy Core so that one piece of code serves both databases. Every change of
a game bumps the game's version only if it still has the version the change was computed from
(``UPDATE games ... WHERE id = ? AND version = ?``) and appends the change to the log under that new
version: of two changes racing for one version exactly one is stored, and the other learns it is
stale. Nothing is acknowledged before its transaction has committed, so a crash of the server
loses no acknowledged action. How far beyond that an acknowledged action is safe is the store's
``durability`` (``DURABILITY``): by default it survives the server's crash or kill but not a power
cut (SQLite's ``synchronous=NORMAL``); ``disk`` waits for the disk at every commit (``FULL``), for
a power cut too. With PostgreSQL it is the database server's setting.

Changes are written by one writer thread per store, with group commit: the changes that arrive
while a transaction is being made durable wait, and are then written together in the next
transaction, one flush to disk for all of them. A flush costs about a millisecond here, and one
per action would cap a server near a thousand actions a second on the fastest disk, and far below
that while other threads compete for it; a batch also takes SQLite's single write lock once.
A change that fails on its own (a stale version) does not hold back the others of its batch.

Several servers may share one database. On PostgreSQL the transaction that stores a change also
notifies the game's id (``CHANNEL``), so that every server pushes it to its sockets as it commits
(``changes``). A game's bots are moved by one server at a time, the holder of the game's lease
(``take_lease``): a row with its owner and expiry by the database's clock, taken, renewed and
handed over atomically, so that another server takes over when the owner dies.

The store fails safely: a busy or locked database makes a write wait at most ``busy_timeout``
seconds, and database trouble (busy, read-only, full, out of reach) is ``unavailable``, not a bug;
the writer thread is supervised (``Writer``); and no error names a statement's values (the
engines hide them), which hold a game's seed, generator state and hands.
"""

from __future__ import annotations

import fcntl
import json
import logging
import queue
import sqlite3
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, Final, TypeVar

import msgspec
import sqlalchemy as sa
from platformdirs import user_data_dir
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.ext.compiler import compiles

from wargame.engine.errors import WargameError
from wargame.engine.log import Event
from wargame.engine.rng import LEGACY_GENERATOR
from wargame.engine.state import State

A = TypeVar("A")
B = TypeVar("B")

SNAPSHOT_EVERY: Final = 64
"""A snapshot is kept at the first undo checkpoint this many actions after the previous one."""

SPECTATOR: Final = ""
"""The ``seat`` of the spectator link (seats are otherwise named by side)."""

_STATE_CACHE: Final = 256

DURABILITY: Final = {"process": "NORMAL", "disk": "FULL"}
"""How far an acknowledged action is safe, and the SQLite ``synchronous`` mode (WAL) that gives it.

``process``: its transaction is in the write-ahead log, handed to the operating system, so it
survives the server's crash or kill (``kill -9``); a power cut or a crash of the machine may take
back what was committed since the last checkpoint (the store checkpoints twice a second, and the
log reaches the disk then). ``disk``: every commit waits until the log is on the disk, so it
survives a power cut too, but then every action waits for the disk: with other programs writing to
the same disk, a flush took 100 ms to 1 s here (the operating system writes their data out first),
and ``bench/load.py`` at 500 actions a second measured a p99 of 55-370 ms against 6-8 ms with
``process`` (four interleaved pairs of runs while another process wrote 40 MB/s)."""
DEFAULT_DURABILITY: Final = "process"
CONNECT_TIMEOUT: Final = 10
"""Seconds to wait for a database server before the request fails (psycopg waits forever)."""
BUSY_TIMEOUT: Final = 5.0
"""Seconds a write waits for a busy or locked database before it fails as ``unavailable`` (SQLite's
busy timeout, PostgreSQL's lock_timeout, the wait for a pooled connection)."""
EXPIRE_BATCH: Final = 100
"""Games deleted in one transaction by ``Store.expire`` (the writer does nothing else meanwhile)."""

log = logging.getLogger("wargame.server")

metadata = sa.MetaData()

GAMES = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("scenario", sa.String(64), nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),  # a legacy game's seed (else 0)
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("rules_version", sa.String(32), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("state", sa.Text, nullable=False),
    sa.Column("base", sa.Text),  # the undo base, when it is not the state itself
    sa.Column("result", sa.Text),
    sa.Column("snapshot", sa.Integer, nullable=False),  # moves of the latest snapshot
    # a spectator sees the game this many actions behind, until it is over (0: live)
    sa.Column("spectator_delay", sa.Integer, nullable=False, server_default="0"),
    # the dice of a game made since seeds grew past 64 bits (JSON, see ``Dice``; NULL: legacy)
    sa.Column("dice", sa.Text),
    sa.Column("rematch", sa.String(32)),  # the game made as this one's rematch, once there is one
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
)

SEATS = sa.Table(
    "seats",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.String(64), primary_key=True),  # a side, or SPECTATOR
    sa.Column("kind", sa.String(32), nullable=False),  # "human", "bot:random", "spectator"
    sa.Column("token_hash", sa.String(64), unique=True),  # SHA-256 hex; none for a bot
)

ACTIONS = sa.Table(
    "actions",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),  # the game's version once stored
    sa.Column("kind", sa.String(8), nullable=False),  # "action" or "undo"
    sa.Column("side", sa.String(64), nullable=False),
    sa.Column("text", sa.String(256), nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    # what a bot said of why it took the action (an engine ``Event`` as JSON; NULL: nothing)
    sa.Column("remark", sa.Text),
)

SNAPSHOTS = sa.Table(
    "snapshots",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("moves", sa.Integer, primary_key=True),
    sa.Column("state", sa.Text, nullable=False),
)


BOT_LEASES = sa.Table(
    "bot_leases",
    metadata,
    sa.Column("game_id", sa.String(32), primary_key=True),
    sa.Column("owner", sa.String(64), nullable=False),  # the server that moves the game's bots
    sa.Column("expires", sa.Float, nullable=False),  # seconds since 1970, the database's clock
)

CHANNEL: Final = "wargame_changes"
"""The PostgreSQL channel on which a stored change is notified: its game's id."""


class Lru:
    """A small thread-safe map that forgets its least recently used entries."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def then(
    future: Future[A],
    result: Callable[[A], B],
    error: Callable[[BaseException], BaseException] = lambda error: error,
) -> Future[B]:
    """A future of ``result(value)`` once ``future`` has its value, or of ``error(its error)``;
    the functions run in the thread that completes ``future``."""
    mapped: Future[B] = Future()

    def done(finished: Future[A]) -> None:
        try:
            value = finished.result()
        except BaseException as failure:
            mapped.set_exception(error(failure))
            return
        try:
            mapped.set_result(result(value))
        except BaseException as failure:
            mapped.set_exception(failure)

    future.add_done_callback(done)
    return mapped


class StoreError(WargameError):
    """The database cannot be opened or used (bad URL, unreachable server, damaged file)."""


class Unavailable(StoreError):
    """The database cannot serve a request now; ``retry_after`` is the seconds to wait before
    asking again. Its message is one line for a client: it names no file, host or statement."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


BUSY: Final = ("the database is busy; try again shortly", 2)
READ_ONLY: Final = ("the database is read-only", 60)
FULL: Final = ("the database's disk is full", 60)
AWAY: Final = ("the database cannot be reached", 5)
BROKEN: Final = ("the database cannot be read or written (damaged, or a disk error)", 60)
WRITER_RESTARTING: Final = ("the database writer failed and is starting again; try again", 2)
WRITER_STOPPED: Final = ("the database writer has stopped; the server must be restarted", 60)

_SQLITE_TROUBLE: Final = {
    "SQLITE_BUSY": BUSY,
    "SQLITE_LOCKED": BUSY,
    "SQLITE_READONLY": READ_ONLY,
    "SQLITE_FULL": FULL,
    "SQLITE_IOERR": BROKEN,
    "SQLITE_CORRUPT": BROKEN,
    "SQLITE_NOTADB": BROKEN,
    "SQLITE_CANTOPEN": BROKEN,
}
_POSTGRES_TROUBLE: Final = {
    "25006": READ_ONLY,  # read_only_sql_transaction
    "55P03": BUSY,  # lock_not_available (lock_timeout)
    "57014": BUSY,  # query_canceled
    "40001": BUSY,  # serialization_failure
    "40P01": BUSY,  # deadlock_detected
    "53300": BUSY,  # too_many_connections
    "53100": FULL,  # disk_full
    "08": AWAY,  # connection exceptions (a class of codes)
    "57P": AWAY,  # the server shuts down or starts
}


def unavailable(error: BaseException) -> Unavailable | None:
    """What database trouble ``error`` is, or None if it is none (then it is a bug)."""
    if isinstance(error, Unavailable):
        return error
    found = _trouble(error)
    return None if found is None else Unavailable(*found)


def _trouble(error: BaseException) -> tuple[str, int] | None:
    if isinstance(error, sa.exc.TimeoutError):  # no pooled connection came free in time
        return BUSY
    cause = getattr(error, "orig", None) or error
    sqlite = _sqlite_primary(cause)
    if sqlite is not None:
        return _SQLITE_TROUBLE.get(sqlite)
    state = getattr(cause, "sqlstate", None)
    if isinstance(state, str):
        return next((found for k, found in _POSTGRES_TROUBLE.items() if state.startswith(k)), None)
    if getattr(error, "connection_invalidated", False) or _cannot_connect(cause):
        return AWAY
    return None


def _cannot_connect(error: BaseException) -> bool:
    """psycopg's error for a server that cannot be reached (it has no SQLSTATE)."""
    psycopg = sys.modules.get("psycopg")
    return psycopg is not None and isinstance(error, psycopg.OperationalError)


def _sqlite_primary(error: BaseException) -> str | None:
    """The primary result code's name of a sqlite3 error (SQLITE_BUSY for SQLITE_BUSY_SNAPSHOT)."""
    name = getattr(error, "sqlite_errorname", None)
    if not isinstance(name, str):
        return None
    return "_".join(name.split("_")[:2])


class Stale(Exception):
    """The game is no longer at the version a change was computed from."""

    def __init__(self, current: int | None) -> None:
        super().__init__(f"stale version; the game is at version {current}")
        self.current = current


class RematchExists(Exception):
    """A rematch of the game was made already: ``game_id`` is the game made then."""

    def __init__(self, game_id: str | None) -> None:
        super().__init__(f"a rematch of this game was made already: {game_id}")
        self.game_id = game_id


@dataclass(frozen=True)
class Activity:
    """When a game last changed (made, or an action, undo or resignation stored) and the game
    made as its rematch, if any."""

    updated: datetime
    rematch: str | None


class Dice(msgspec.Struct, frozen=True):
    """Where a game's randomness comes from: its generator, its secret seed and salt, the public
    commitment to them, and whether somebody chose the seed. A game stored before games committed
    to their seed has the legacy generator and no commitment."""

    generator: str = LEGACY_GENERATOR
    seed: int = 0
    salt: str = ""
    commitment: str = ""
    chosen: bool = False


@dataclass(frozen=True)
class GameRow:
    """A stored game's fixed facts and its current version (the state is loaded apart)."""

    id: str
    game: str
    scenario: str
    dice: Dice
    options: dict[str, Any]
    rules_version: str
    version: int
    snapshot: int
    spectator_delay: int = 0


@dataclass(frozen=True)
class Seat:
    seat: str
    kind: str
    token_hash: str | None


@dataclass(frozen=True)
class Change:
    """One change computed from ``version``: an action or an undo, with the resulting state.

    ``base`` is the undo base afterwards (None when the new state is its own base), unless
    ``keep_base`` says the stored one stays; ``snapshot`` asks to keep the new state as a snapshot;
    ``remark`` is the line said after the action (in the state's log already), kept in the log of
    actions so that a replay of the record says it again.
    """

    version: int
    kind: str
    side: str
    text: str
    state: State
    base: State | None
    keep_base: bool = False
    snapshot: bool = False
    remark: Event | None = None


@dataclass(frozen=True)
class Lease:
    """Who moves a game's bots, and for how many seconds more unless it renews its lease."""

    owner: str
    seconds_left: float


@dataclass(frozen=True)
class LogEntry:
    seq: int
    kind: str
    side: str
    text: str
    remark: Event | None = None


def default_url() -> str:
    """SQLite in the user's data folder (created if missing)."""
    folder = Path(user_data_dir("wargame"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'games.sqlite3'}"


def normalise_url(url: str) -> str:
    """A SQLAlchemy URL from what a user gives: ``sqlite:///FILE``, ``postgresql://...`` (served
    by psycopg 3) or a plain file path (SQLite)."""
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    scheme, rest = url.split("://", 1)
    if scheme in ("postgres", "postgresql"):
        return f"postgresql+psycopg://{rest}"
    if scheme in ("sqlite", "postgresql+psycopg"):
        return url
    raise StoreError(f"unsupported database {scheme}://; use sqlite:///FILE or postgresql://...")


def open_engine(
    url: str, durability: str = DEFAULT_DURABILITY, busy_timeout: float = BUSY_TIMEOUT
) -> Engine:
    """An engine whose errors never show a statement's values (``hide_parameters``)."""
    url = normalise_url(url)
    if durability not in DURABILITY:
        raise StoreError(f"unknown durability {durability!r}; choose {' or '.join(DURABILITY)}")
    try:
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite":
            return _sqlite_engine(url, parsed.database, DURABILITY[durability], busy_timeout)
        lock_timeout = f"-c lock_timeout={round(busy_timeout * 1000)}"
        return sa.create_engine(
            url,
            pool_pre_ping=True,
            pool_size=16,
            max_overflow=16,
            pool_timeout=busy_timeout,
            hide_parameters=True,
            connect_args={"connect_timeout": CONNECT_TIMEOUT, "options": lock_timeout},
        )
    except (ArgumentError, NoSuchModuleError, ValueError) as error:
        raise StoreError(f"bad database URL {url!r}: {error}") from None
    except ImportError as error:
        raise StoreError(
            f"PostgreSQL needs psycopg 3 ({error}): pip install 'wargame[postgres]'"
        ) from None


def _sqlite_engine(url: str, database: str | None, synchronous: str, busy_timeout: float) -> Engine:
    if database and database != ":memory:":
        folder = Path(database).parent
        if not folder.is_dir():
            raise StoreError(f"no folder {folder} for the database file")
    engine = sa.create_engine(
        url,
        connect_args={"timeout": busy_timeout, "check_same_thread": False},
        pool_size=16,
        max_overflow=16,
        pool_timeout=busy_timeout,
        hide_parameters=True,
    )

    def pragmas(connection: Any, _record: Any) -> None:
        _sqlite_pragmas(connection, synchronous)

    sa.event.listen(engine, "connect", pragmas)
    return engine


def _sqlite_pragmas(connection: Any, synchronous: str) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={synchronous}")
    cursor.execute("PRAGMA wal_autocheckpoint=0")  # the store's checkpointer does it (below)
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _create_tables(engine: Engine) -> None:
    """Create the tables that are missing; a second try covers another process creating them at
    the same moment (PostgreSQL refuses the loser's CREATE TABLE)."""
    try:
        metadata.create_all(engine)
    except SQLAlchemyError:
        time.sleep(0.5)
        metadata.create_all(engine)
    _add_missing_columns(engine)


_ADDED_COLUMNS: Final = {
    "games": {
        "spectator_delay": "INTEGER NOT NULL DEFAULT 0",
        "dice": "TEXT",
        "rematch": "VARCHAR(32)",
    },
    "actions": {"remark": "TEXT"},
}
"""The columns added to each table since the first databases were made, with their types and
defaults (what the rows stored before them read as)."""


def _add_missing_columns(engine: Engine) -> None:
    """Columns added since a database was made (``_ADDED_COLUMNS``, with their defaults)."""
    inspector = sa.inspect(engine)
    for table, added in _ADDED_COLUMNS.items():
        present = {column["name"] for column in inspector.get_columns(table)}
        for name, kind in added.items():
            if name not in present:
                with engine.begin() as db:
                    db.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {name} {kind}"))


def now() -> datetime:
    return datetime.now(UTC)


def encode_state(state: State) -> str:
    return msgspec.json.encode(state).decode()


def decode_state(text: str) -> State:
    return msgspec.json.decode(text, type=State)


class Store:
    """Games in one database; safe to share between threads and between server processes."""

    def __init__(
        self,
        url: str | None = None,
        durability: str = DEFAULT_DURABILITY,
        busy_timeout: float = BUSY_TIMEOUT,
    ) -> None:
        self.url = normalise_url(url or default_url())
        self.engine = open_engine(self.url, durability, busy_timeout)
        self.durability = durability
        self.busy_timeout = busy_timeout
        self._states = Lru(_STATE_CACHE)
        self.local = self.engine.dialect.name == "sqlite"  # a file of this machine
        lock = _lock_file(self.engine)
        self._writer = Writer(self.engine, lock)
        database = self.engine.url.database if lock else None  # a SQLite file
        self._peek = _VersionPeek(database) if database else None
        self._checkpoints = _Checkpointer(database) if database else None
        try:
            _create_tables(self.engine)
        except SQLAlchemyError as error:
            self.engine.dispose()
            raise StoreError(f"cannot open the database: {_first_line(error)}") from None
        self._writer.start()

    @property
    def stopped(self) -> str | None:
        """Why the writer has stopped for good (None while it works): the server must restart."""
        return self._writer.stopped

    def when_stopped(self, call: Callable[[str], None]) -> None:
        """Call ``call(reason)`` once the writer has stopped for good (at once if it has)."""
        self._writer.when_stopped(call)

    def close(self) -> None:
        self._writer.stop()
        if self._checkpoints is not None:
            self._checkpoints.stop()
        if self._peek is not None:
            self._peek.close()
        self.engine.dispose()

    # -- writing -------------------------------------------------------------------------------
    def create(
        self, row: GameRow, state: State, seats: list[Seat], rematch_of: str | None = None
    ) -> None:
        """Store a new game at version ``row.version`` with its seats and its first snapshot;
        with ``rematch_of``, as that game's rematch, in the same transaction, or raise
        RematchExists (and store nothing) if it has one already."""
        stamp = now()

        def write(db: sa.Connection) -> None:
            if rematch_of is not None:
                _claim_rematch(db, rematch_of, row.id)
            db.execute(
                sa.insert(GAMES).values(
                    **_game_values(row),
                    state=encode_state(state),
                    base=None,
                    result=None,
                    created=stamp,
                    updated=stamp,
                )
            )
            db.execute(sa.insert(SEATS), [_seat_values(row.id, seat) for seat in seats])
            db.execute(sa.insert(SNAPSHOTS).values(_snapshot_values(row.id, state)))

        self._writer.write(write)

    def commit(self, game_id: str, change: Change) -> int:
        """Store ``change``; the new version, or raise Stale."""
        return self.submit(game_id, change).result()

    def submit(self, game_id: str, change: Change) -> Future[int]:
        """Hand ``change`` to the writer; the future gives the new version once the change is
        committed, or raises Stale."""
        new_version = change.version + 1
        stamp = now()
        values = {
            **_change_values(change, new_version, stamp),
            "b_id": game_id,
            "b_version": change.version,
        }
        entry = {"game_id": game_id, "seq": new_version, "at": stamp}
        entry.update(kind=change.kind, side=change.side, text=change.text)
        entry["remark"] = None if change.remark is None else _EVENT.encode(change.remark).decode()
        snapshot = _snapshot_values(game_id, change.state) if change.snapshot else None
        write = ActionWrite(game_id, values, entry, snapshot, self._current_version)

        def remembered(_: None) -> int:
            self._remember(game_id, new_version, change.state)
            return new_version

        return then(self._writer.submit(write), remembered)

    def take_lease(self, game_id: str, owner: str, seconds: float) -> Lease:
        """Make ``owner`` the mover of the game's bots for ``seconds`` if the game's lease is free,
        expired or its own already; the lease as it stands then (another owner's if taken)."""
        found: list[Lease] = []

        def write(db: sa.Connection) -> None:
            found[:] = [_take_lease(db, game_id, owner, seconds)]

        self._writer.write(write)
        return found[0]

    def release_lease(self, game_id: str, owner: str) -> None:
        """Free the game's lease if ``owner`` holds it."""

        def write(db: sa.Connection) -> None:
            db.execute(_RELEASE_LEASE, {"b_id": game_id, "b_owner": owner})

        self._writer.write(write)

    def expire(
        self, untouched_since: datetime, on_deleted: Callable[[list[str]], object] | None = None
    ) -> int:
        """Delete the unfinished games that no change has touched since ``untouched_since``, with
        their seats, log and snapshots, ``EXPIRE_BATCH`` games a transaction; how many.
        ``on_deleted`` is told the ids deleted, batch by batch."""
        deleted = 0
        while ids := self._expired(untouched_since):
            gone = self._delete_expired(ids, untouched_since)
            deleted += len(gone)
            if on_deleted is not None:
                on_deleted(gone)
        return deleted

    def _expired(self, untouched_since: datetime) -> list[str]:
        with self.engine.connect() as db:
            found = db.execute(_EXPIRED.limit(EXPIRE_BATCH), {"b_since": untouched_since})
            return list(found.scalars())

    def _delete_expired(self, ids: list[str], untouched_since: datetime) -> list[str]:
        deleted: list[list[str]] = []
        self._writer.write(lambda db: deleted.append(_delete_expired(db, ids, untouched_since)))
        return deleted[0]

    # -- reading -------------------------------------------------------------------------------
    def load(self, game_id: str) -> tuple[GameRow, State] | None:
        """The game and its current state, or None if there is no such game."""
        with self.engine.connect() as db:
            found = db.execute(_LOAD_ROW, {"b_id": game_id}).first()
            if found is None:
                return None
            state: State | None = self._states.get((game_id, found.version))
            if state is None:  # the state is read only when it is not known already
                found = db.execute(_LOAD_GAME, {"b_id": game_id}).first()
                state = decode_state(found.state)
                self._remember(game_id, found.version, state)
        return _game_row(found), state

    def version(self, game_id: str) -> int | None:
        """The game's version now (None if there is no such game): what a reader asks before it
        trusts a state this process has already."""
        if self._peek is not None:
            return self._peek.version(game_id)
        with self.engine.connect() as db:
            return self._current_version(db, game_id)

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        """The current version of each of these games that exists."""
        with self.engine.connect() as db:
            rows = db.execute(_GAME_VERSIONS, {"b_ids": game_ids})
            return {row.id: int(row.version) for row in rows}

    def activity(self, game_ids: list[str]) -> dict[str, Activity]:
        """When each of these games that exists last changed, and its rematch."""
        query = sa.select(GAMES.c.id, GAMES.c.updated, GAMES.c.rematch).where(
            GAMES.c.id.in_(game_ids)
        )
        with self.engine.connect() as db:
            rows = db.execute(query).all()
        return {row.id: Activity(_utc(row.updated), row.rematch) for row in rows}

    def base(self, game_id: str, version: int) -> State | None:
        """The undo base stored with ``version`` (None: the state is its own base), or raise
        Stale if the game has moved on."""
        with self.engine.connect() as db:
            found = db.execute(
                sa.select(GAMES.c.version, GAMES.c.base).where(GAMES.c.id == game_id)
            ).first()
        if found is None or found.version != version:
            raise Stale(None if found is None else found.version)
        return None if found.base is None else decode_state(found.base)

    def seats(self, game_id: str) -> list[Seat]:
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(SEATS.c.seat, SEATS.c.kind, SEATS.c.token_hash)
                .where(SEATS.c.game_id == game_id)
                .order_by(SEATS.c.seat)
            )
            return [Seat(r.seat, r.kind, r.token_hash) for r in rows]

    def log(self, game_id: str, until: int | None = None) -> list[LogEntry]:
        """The action log of a game, in order: the whole of it, or as it stood at version
        ``until`` (its entries up to that one: the log is only ever appended to)."""
        query = sa.select(
            ACTIONS.c.seq, ACTIONS.c.kind, ACTIONS.c.side, ACTIONS.c.text, ACTIONS.c.remark
        ).where(ACTIONS.c.game_id == game_id)
        if until is not None:
            query = query.where(ACTIONS.c.seq <= until)
        with self.engine.connect() as db:
            rows = db.execute(query.order_by(ACTIONS.c.seq))
            return [LogEntry(r.seq, r.kind, r.side, r.text, _remark(r.remark)) for r in rows]

    def snapshot_before(self, game_id: str, moves: int) -> State | None:
        """The latest snapshot of the game taken at most ``moves`` actions into it."""
        with self.engine.connect() as db:
            found = db.execute(
                sa.select(SNAPSHOTS.c.state)
                .where(SNAPSHOTS.c.game_id == game_id, SNAPSHOTS.c.moves <= moves)
                .order_by(SNAPSHOTS.c.moves.desc())
                .limit(1)
            ).first()
        return None if found is None else decode_state(found.state)

    def snapshots(self, game_id: str) -> Iterator[State]:
        """The game's snapshots, oldest first."""
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(SNAPSHOTS.c.state)
                .where(SNAPSHOTS.c.game_id == game_id)
                .order_by(SNAPSHOTS.c.moves)
            ).all()
        for row in rows:
            yield decode_state(row.state)

    # -- internals -----------------------------------------------------------------------------
    def _current_version(self, db: sa.Connection, game_id: str) -> int | None:
        found = db.execute(_GAME_VERSION, {"b_id": game_id}).first()
        return None if found is None else int(found.version)

    def _remember(self, game_id: str, version: int, state: State) -> None:
        """Keep a decoded state: the state of a version never changes."""
        self._states.put((game_id, version), state)


class _VersionPeek:
    """Reads a game's version from a SQLite file through plain ``sqlite3`` connections, one per
    thread, kept open. A view asks this before each use of the state it has: through SQLAlchemy
    the query cost a sixth of the server's event loop time under ``bench/load.py``, ten times
    what ``sqlite3`` costs (its statement cache keeps the query prepared)."""

    _SQL: Final = "SELECT version FROM games WHERE id = ?"

    def __init__(self, database: str) -> None:
        self._database = database
        self._local = threading.local()
        self._opened: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._reading = 0
        self._closed = False

    def version(self, game_id: str) -> int | None:
        with self._lock:
            if self._closed:
                raise StoreError("the store is closed")
            self._reading += 1
        try:
            found = self._connection().execute(self._SQL, (game_id,)).fetchone()
        finally:
            with self._lock:
                self._reading -= 1
                self._idle.notify_all()
        return None if found is None else int(found[0])

    def close(self) -> None:
        """Close every thread's connection once no thread reads through it: closing a
        connection that another thread is using crashes the process (seen: a bot's thread still
        reading as the server stopped)."""
        with self._lock:
            self._closed = True
            self._idle.wait_for(lambda: self._reading == 0)
            for connection in self._opened:
                connection.close()
            self._opened.clear()
        self._local = threading.local()

    def _connection(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = _plain_connection(self._database, check_same_thread=False)
            connection.execute("PRAGMA query_only=ON")
            with self._lock:
                self._opened.append(connection)
            self._local.connection = connection
        return connection


class _Checkpointer:
    """Copies the SQLite write-ahead log into the database file twice a second, in a thread of
    its own, with a PASSIVE checkpoint: one that never waits for writers nor makes them wait.
    SQLite's own checkpoint (every 1000 pages) ran inside the commit that crossed the mark, with
    the lock between processes held, and every action of every process waited for it: at 500
    actions/s, up to 100 ms (the worst actions of ``bench/load.py``, timed in the server)."""

    SECONDS: Final = 0.5

    def __init__(self, database: str) -> None:
        self._database = database
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="store-checkpoints", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join()

    def _run(self) -> None:
        connection = _plain_connection(self._database)
        try:
            while not self._stopping.wait(self.SECONDS):
                connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            connection.close()


def _plain_connection(database: str, check_same_thread: bool = True) -> sqlite3.Connection:
    """A ``sqlite3`` connection to the store's file outside SQLAlchemy, in autocommit
    (isolation_level None): each statement sees the latest commit and holds no transaction."""
    return sqlite3.connect(
        database, timeout=30, isolation_level=None, check_same_thread=check_same_thread
    )


Write = Callable[[sa.Connection], None]
"""One change's statements. It may raise Stale to refuse the change, but only before its first
write: the other writes of its batch then go on in the same transaction."""


@dataclass(frozen=True)
class ActionWrite:
    """The rows of one action or undo: the game's row, updated only if it is still at the version
    the change was computed from, the log entry, and perhaps a snapshot. The writer sends the
    action writes of a batch in a few ``executemany`` calls (see ``write_together``)."""

    game_id: str
    update: dict[str, Any]
    entry: dict[str, Any]
    snapshot: dict[str, Any] | None
    current_version: Callable[[sa.Connection, str], int | None]

    def __call__(self, db: sa.Connection) -> None:
        if db.execute(_UPDATE_GAME, self.update).rowcount != 1:
            raise Stale(self.current_version(db, self.game_id))
        db.execute(_INSERT_ACTION, self.entry)
        if self.snapshot is not None:
            db.execute(_INSERT_SNAPSHOT, self.snapshot)
        announce(db, [self.game_id])


class _Moved(Exception):
    """A game of a batch was not at the version one of its action writes expects."""


def write_together(db: sa.Connection, writes: list[ActionWrite]) -> None:
    """Store ``writes`` with one ``executemany`` per statement shape, or raise _Moved if a game
    had moved on (the writer then writes the batch again, action by action, and only the stale
    ones fail).
    One call per shape rather than two per action: each call hands the GIL to the event loop and
    waits to get it back, up to the switch interval, and its statements run in one C loop."""
    shapes: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for write in writes:
        shapes.setdefault(tuple(write.update), []).append(write.update)
    for updates in shapes.values():
        if db.execute(_UPDATE_GAME, updates).rowcount != len(updates):
            raise _Moved
    db.execute(_INSERT_ACTION, [write.entry for write in writes])
    snapshots = [write.snapshot for write in writes if write.snapshot is not None]
    if snapshots:
        db.execute(_INSERT_SNAPSHOT, snapshots)
    announce(db, [write.game_id for write in writes])


def announce(db: sa.Connection, game_ids: list[str]) -> None:
    """On PostgreSQL, notify the listening servers (``changes``) that these games changed, once
    the transaction commits (nothing if it rolls back); one statement for a whole batch."""
    if db.dialect.name == "postgresql":
        db.execute(_NOTIFY, {"channel": CHANNEL, "ids": game_ids})


Item = tuple[Write, Future[None]]


class Writer:
    """The store's writer thread: group commit of the writes handed to ``write``.

    Database trouble (busy, read-only, out of reach: ``unavailable``) fails the whole batch, whose
    writes would each meet it again; any other error aborts the batch's transaction, and its writes
    are then tried again one by one, each in its own transaction, so that only the faulty one fails.

    The thread is supervised: an error outside the writes (its lock file cannot be opened, a bug)
    fails every waiting write as ``unavailable`` and the thread starts again, after ``PAUSE``
    seconds doubled at each try. After ``RESTARTS`` tries in a row that fail before writing
    anything it stops for good: ``stopped`` says why, the ``when_stopped`` calls are made (the
    server exits, for its supervisor to start it again) and every write fails at once."""

    BATCH: Final = 256
    RESTARTS = 4
    PAUSE = 0.25
    STOP_SECONDS = 3.0
    """How long ``stop`` waits for the thread (it may be waiting for a busy database)."""

    def __init__(self, engine: Engine, between_processes: Path | None = None) -> None:
        self.engine = engine
        self._between = between_processes
        self._lock_handle: IO[str] | None = None  # the open lock file, while the thread runs
        self._queue: queue.SimpleQueue[Item | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._batch: list[Item] = []  # the batch being written
        self._wrote = False  # since the thread last started
        self.stopped: str | None = None
        self._on_stop: list[Callable[[str], None]] = []

    def write(self, job: Write) -> None:
        """Run ``job`` in a transaction and return once it is committed (or raise its error)."""
        self.submit(job).result()

    def submit(self, job: Write) -> Future[None]:
        """Queue ``job``; the future is done once it is committed (or has its error)."""
        done: Future[None] = Future()
        if self.stopped is not None:
            done.set_exception(Unavailable(*WRITER_STOPPED))
            return done
        self.start()
        self._queue.put((job, done))
        return done

    def when_stopped(self, call: Callable[[str], None]) -> None:
        with self._lock:
            if self.stopped is None:
                self._on_stop.append(call)
                return
        call(self.stopped)

    def stop(self) -> None:
        with self._lock:
            if self._thread is not None:
                self._stopping.set()
                self._queue.put(None)
                self._thread.join(self.STOP_SECONDS)
                self._thread = None

    def start(self) -> None:
        with self._lock:
            if self._thread is None:
                self._stopping.clear()
                self._thread = threading.Thread(target=self._run, name="store-writer", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        failed = 0  # tries in a row that failed before writing anything
        while True:
            try:
                self._serve()
                return
            except Exception as error:
                log.exception("the store's writer failed")
                failed = 1 if self._wrote else failed + 1
                if failed > self.RESTARTS:
                    self._stop_for_good(_first_line(error))
                    return
                if self._fail_waiting(Unavailable(*WRITER_RESTARTING)):
                    return
                self._stopping.wait(self.PAUSE * 2 ** (failed - 1))

    def _serve(self) -> None:
        self._wrote = False
        self._lock_handle = self._between.open("a") if self._between else None
        try:
            while (first := self._queue.get()) is not None:
                self._batch = [first]
                with _file_lock(self._lock_handle):
                    self._batch = self._batch_from(first)
                    self._write_batch(self._batch)
                self._batch = []
                self._wrote = True
        finally:
            if self._lock_handle is not None:
                self._lock_handle.close()

    def _fail_waiting(self, error: Unavailable) -> bool:
        """Fail the batch being written and the writes queued; True if ``stop`` was asked."""
        waiting, self._batch = self._batch, []
        stop = False
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item is None:
                stop = True
            else:
                waiting.append(item)
        for _, done in waiting:
            _settle(done, error)
        return stop

    def _stop_for_good(self, reason: str) -> None:
        with self._lock:
            self.stopped = reason
            calls, self._on_stop = self._on_stop, []
        log.error(
            "the store's writer has stopped after %d failed starts: %s", self.RESTARTS + 1, reason
        )
        refusal = Unavailable(*WRITER_STOPPED)
        self._fail_waiting(refusal)
        for call in calls:
            call(reason)
        while (item := self._queue.get()) is not None:  # what was queued as it stopped
            _settle(item[1], refusal)

    def _write_batch(self, batch: list[Item]) -> None:
        try:
            try:
                self._commit(batch, together=True)
            except _Moved:  # a stale action among them: again, each action's rows on their own
                self._commit(batch, together=False)
        except Exception as error:
            if unavailable(error) is not None:
                for _, done in batch:
                    _settle(done, error)
            else:
                for job in batch:
                    self._commit_alone(job)

    def _batch_from(self, first: Item) -> list[Item]:
        """``first`` and the writes waiting now. Taken once the lock between processes is held:
        the writes that arrived while this process waited for it go in this batch rather than
        the next (with two processes, the lock was busy all the time at 500 actions/s, with
        batches of two writes, and writes queued behind it for up to 150 ms)."""
        batch = [first]
        while len(batch) < self.BATCH:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item is None:  # stop after this batch
                self._queue.put(None)
                break
            batch.append(item)
        return batch

    def _commit(self, batch: list[Item], together: bool = False) -> None:
        """Write ``batch`` in one transaction; its action writes in ``write_together`` if
        ``together`` (the database must count the rows of an ``executemany``)."""
        refused: list[Stale | None] = [None] * len(batch)
        actions = [job for job, _ in batch if isinstance(job, ActionWrite)]
        if not together or len(actions) < 2 or not self.engine.dialect.supports_sane_multi_rowcount:
            actions = []
        with self.engine.begin() as db:  # under the lock between processes (``_run``)
            if actions:
                write_together(db, actions)
            for index, (job, _) in enumerate(batch):
                if actions and isinstance(job, ActionWrite):
                    continue
                try:
                    job(db)
                except Stale as stale:
                    refused[index] = stale
        for (_, done), stale in zip(batch, refused, strict=True):
            if stale is None:
                done.set_result(None)
            else:
                done.set_exception(stale)

    def _commit_alone(self, item: Item) -> None:
        try:
            self._commit([item])
        except Exception as error:
            _settle(item[1], error)


def _settle(done: Future[None], error: BaseException) -> None:
    """Fail ``done`` unless it has its outcome already."""
    if not done.done():
        done.set_exception(error)


_ROW_COLUMNS: Final = (
    GAMES.c.id,
    GAMES.c.game,
    GAMES.c.scenario,
    GAMES.c.seed,
    GAMES.c.options,
    GAMES.c.rules_version,
    GAMES.c.version,
    GAMES.c.snapshot,
    GAMES.c.spectator_delay,
    GAMES.c.dice,
)


# the statements of every action, built once (SQLAlchemy then reuses their compiled form)
_BY_ID: Final = GAMES.c.id == sa.bindparam("b_id")
_LOAD_ROW: Final = sa.select(*_ROW_COLUMNS).where(_BY_ID)
_LOAD_GAME: Final = sa.select(*_ROW_COLUMNS, GAMES.c.state).where(_BY_ID)
_GAME_VERSION: Final = sa.select(GAMES.c.version).where(_BY_ID)
_GAME_VERSIONS: Final = sa.select(GAMES.c.id, GAMES.c.version).where(
    GAMES.c.id.in_(sa.bindparam("b_ids", expanding=True))
)
_UPDATE_GAME: Final = sa.update(GAMES).where(_BY_ID, GAMES.c.version == sa.bindparam("b_version"))
_INSERT_ACTION: Final = sa.insert(ACTIONS)
_INSERT_SNAPSHOT: Final = sa.insert(SNAPSHOTS)
_NOTIFY: Final = sa.text(
    "SELECT pg_notify(:channel, game_id) FROM unnest(CAST(:ids AS text[])) AS game_id"
)


class _DatabaseTime(sa.sql.expression.FunctionElement[float]):
    """Seconds since 1970 by the database's clock, the one clock that all the servers of one
    database share."""

    type = sa.Float()
    inherit_cache = True


@compiles(_DatabaseTime)
def _sqlite_time(_element: Any, _compiler: Any, **_kw: Any) -> str:
    return "((julianday('now') - 2440587.5) * 86400.0)"


@compiles(_DatabaseTime, "postgresql")
def _postgresql_time(_element: Any, _compiler: Any, **_kw: Any) -> str:
    return "CAST(extract(epoch FROM clock_timestamp()) AS double precision)"


_LEASE_BY_ID: Final = BOT_LEASES.c.game_id == sa.bindparam("b_id")
_RELEASE_LEASE: Final = sa.delete(BOT_LEASES).where(
    _LEASE_BY_ID, BOT_LEASES.c.owner == sa.bindparam("b_owner")
)
_LEASE_HELD: Final = sa.select(
    BOT_LEASES.c.owner, (BOT_LEASES.c.expires - _DatabaseTime()).label("left")
).where(_LEASE_BY_ID)


def _take_lease(db: sa.Connection, game_id: str, owner: str, seconds: float) -> Lease:
    """One upsert: a new lease, or the row taken over where it is this owner's or has expired."""
    insert = (postgresql.insert if db.dialect.name == "postgresql" else sqlite.insert)(BOT_LEASES)
    insert = insert.values(game_id=game_id, owner=owner, expires=_DatabaseTime() + seconds)
    taken = insert.on_conflict_do_update(
        index_elements=[BOT_LEASES.c.game_id],
        set_={"owner": insert.excluded.owner, "expires": insert.excluded.expires},
        where=(BOT_LEASES.c.owner == owner) | (BOT_LEASES.c.expires <= _DatabaseTime()),
    )
    if db.execute(taken.returning(BOT_LEASES.c.owner)).first() is not None:
        return Lease(owner, seconds)
    held = db.execute(_LEASE_HELD, {"b_id": game_id}).one()
    return Lease(held.owner, max(0.0, float(held.left)))


_EXPIRED: Final = sa.select(GAMES.c.id).where(
    GAMES.c.result.is_(None), GAMES.c.updated < sa.bindparam("b_since")
)


def _delete_expired(db: sa.Connection, ids: list[str], since: datetime) -> list[str]:
    """Delete those of the games ``ids`` that are still expired (unfinished, untouched since
    ``since``) with their rows; their ids."""
    still = list(db.execute(_EXPIRED.where(GAMES.c.id.in_(ids)), {"b_since": since}).scalars())
    for table in (SNAPSHOTS, ACTIONS, SEATS, BOT_LEASES):
        db.execute(sa.delete(table).where(table.c.game_id.in_(still)))
    db.execute(sa.delete(GAMES).where(GAMES.c.id.in_(still)))
    return still


def _claim_rematch(db: sa.Connection, game_id: str, rematch: str) -> None:
    """Name ``rematch`` as the rematch of ``game_id`` unless it has one (RematchExists)."""
    claimed = db.execute(
        sa.update(GAMES)
        .where(GAMES.c.id == game_id, GAMES.c.rematch.is_(None))
        .values(rematch=rematch)
    )
    if claimed.rowcount != 1:
        found = db.execute(sa.select(GAMES.c.rematch).where(GAMES.c.id == game_id)).first()
        raise RematchExists(None if found is None else found.rematch)


def _utc(stamp: datetime) -> datetime:
    """A stored time as UTC (SQLite gives it back without its zone)."""
    return stamp if stamp.tzinfo is not None else stamp.replace(tzinfo=UTC)


def _game_row(found: Any) -> GameRow:
    return GameRow(
        id=found.id,
        game=found.game,
        scenario=found.scenario,
        dice=_DICE.decode(found.dice) if found.dice else Dice(seed=int(found.seed)),
        options=json.loads(found.options),
        rules_version=found.rules_version,
        version=int(found.version),
        snapshot=int(found.snapshot),
        spectator_delay=int(found.spectator_delay),
    )


def _game_values(row: GameRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "scenario": row.scenario,
        "seed": row.dice.seed if row.dice.generator == LEGACY_GENERATOR else 0,
        "dice": None
        if row.dice.generator == LEGACY_GENERATOR
        else msgspec.json.encode(row.dice).decode(),
        "options": json.dumps(row.options, sort_keys=True),
        "rules_version": row.rules_version,
        "version": row.version,
        "snapshot": row.snapshot,
        "spectator_delay": row.spectator_delay,
    }


_DICE: Final = msgspec.json.Decoder(Dice)
_EVENT: Final = msgspec.json.Encoder()
_REMARK: Final = msgspec.json.Decoder(Event)


def _remark(stored: str | None) -> Event | None:
    return None if stored is None else _REMARK.decode(stored)


def _seat_values(game_id: str, seat: Seat) -> dict[str, Any]:
    return {"game_id": game_id, "seat": seat.seat, "kind": seat.kind, "token_hash": seat.token_hash}


def _snapshot_values(game_id: str, state: State) -> dict[str, Any]:
    return {"game_id": game_id, "moves": state.moves, "state": encode_state(state)}


def _change_values(change: Change, version: int, stamp: datetime) -> dict[str, Any]:
    state = change.state
    values: dict[str, Any] = {
        "version": version,
        "state": encode_state(state),
        "result": None if state.result is None else msgspec.json.encode(state.result).decode(),
        "updated": stamp,
    }
    if not change.keep_base:
        values["base"] = None if change.base is None else encode_state(change.base)
    if change.snapshot:
        values["snapshot"] = state.moves
    return values


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def _lock_file(engine: Engine) -> Path | None:
    """The file whose lock the writers of all processes on one SQLite file take in turn."""
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:":
        return None
    return Path(f"{database}.write-lock")


@contextmanager
def _file_lock(handle: IO[str] | None) -> Iterator[None]:
    """Hold an exclusive lock on the open file ``handle`` (nothing without one). SQLite's own
    wait for its write lock sleeps between tries, longer each time, so that a process whose writer
    keeps coming back can starve another one for a second or more; the kernel wakes a waiter here
    at once."""
    if handle is None:
        yield
        return
    fcntl.flock(handle, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(handle, fcntl.LOCK_UN)
