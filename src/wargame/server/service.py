"""Games played through the contract on behalf of the API, one stored change per request.

Hand-written because this is where the server's own rules live: which error a request gets (403 an
unknown token, 404 an unknown game, 409 a stale version, 422 an action the game refuses), that a
seat's token is stored only as its SHA-256, that a seat acts only for its own side, that undo
replays from the stored undo base through the engine's ``Session``, that a random bot plays only
its own seat, and only on the server that holds the game's lease when several share the database.
Everything here is synchronous; ``live`` and ``app`` call it from worker threads.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
import socket
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any, Final, NamedTuple

import msgspec

from wargame.engine.contract import Game, can_undo, label_of
from wargame.engine.errors import IllegalAction, WargameError
from wargame.engine.log import Event, Side
from wargame.engine.notes import render_messages
from wargame.engine.overlay import MAX_OVERLAY_BYTES, overlay_summary, parse_overlay
from wargame.engine.overlay import OPTION as OVERLAY_OPTION
from wargame.engine.rng import (
    KEYED_GENERATOR,
    commitment,
    derive_seed,
    new_salt,
    new_seed,
    seed_hex,
)
from wargame.engine.session import RESIGN, Record, Session, carried_on
from wargame.engine.state import State
from wargame.engine.verify import verify
from wargame.games import REGISTRY
from wargame.server import store as stored
from wargame.server.bot_seats import (
    BOT_PREFIX,
    HUMAN,
    BotQuestion,
    BotTurn,
    decide,
    is_bot,
    seat_kind_names,
)
from wargame.server.catalog import backdrop_url, static_url
from wargame.server.store import (
    SNAPSHOT_EVERY,
    SPECTATOR,
    Change,
    GameRow,
    Lru,
    Seat,
    Store,
    then,
)
from wargame.text import scenario_title, title_in

BOT: Final = "bot:random"
UNDO: Final = "undo"


BOT_LEASE: Final = 5.0
"""Seconds a server holds a game's bots after taking or renewing its lease: how long they wait
for another server to take over when it dies while they have to move."""

_JSON: Final = msgspec.json.Encoder()
RENDERED_LINES: Final = 200_000  # rendered log lines kept (a few tens of MB at most)


class ApiError(Exception):
    """A request the server refuses: an HTTP status and one line; ``extra`` joins the body."""

    status = 400

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra
        self.headers: dict[str, str] = {}


def error_body(error: ApiError) -> bytes:
    """``{"error": <one line>}``, with the error's extra fields that are set."""
    extra = {key: value for key, value in error.extra.items() if value is not None}
    return _JSON.encode({"error": error.message, **extra})


class BadRequest(ApiError):
    status = 400


class Forbidden(ApiError):
    status = 403


class NotFound(ApiError):
    status = 404


class Stale(ApiError):
    status = 409


class Conflict(ApiError):
    status = 409


class Gone(ApiError):
    status = 410


class Refused(ApiError):
    """The game refuses the action (IllegalAction): its reason is the message."""

    status = 422


class BotsElsewhere(Exception):
    """Another server moves the game's bots now; its lease has ``seconds`` left unless renewed."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"another server moves these bots for {seconds:.1f} s more")
        self.seconds = seconds


class Unavailable(ApiError):
    """The server cannot do this now (database trouble, too many bot games): try again in
    ``retry_after`` seconds (the Retry-After header)."""

    status = 503

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.headers = {"Retry-After": str(retry_after)}


def refusal(error: Exception) -> ApiError | None:
    """The API's answer to ``error``: itself if it is an ApiError, 503 if it is database trouble,
    None if it is a bug."""
    if isinstance(error, ApiError):
        return error
    trouble = stored.unavailable(error)
    return None if trouble is None else Unavailable(trouble.message, trouble.retry_after)


class Planned(NamedTuple):
    """A change checked and computed but not yet stored, and the game row it was computed from."""

    row: GameRow
    change: Change


@dataclass(frozen=True)
class Viewer:
    """Who a token names: a seat of a game (its side) or its spectator (``side`` None)."""

    game_id: str
    side: Side | None
    kind: str


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def play_url(game_id: str, token: str) -> str:
    """A seat's link: the token in the fragment, which a browser sends to no server."""
    return f"/play/{game_id}#token={token}"


class Service:
    """Creates, shows and plays stored games; safe to call from many threads at once."""

    def __init__(
        self,
        store: Store,
        lookup: Callable[[str], Game] = REGISTRY.game,
        *,
        bot_lease: float = BOT_LEASE,
    ) -> None:
        self.store = store
        self.lookup = lookup
        self.server_name = new_server_name()  # the owner of the bot leases it takes
        self.bot_lease = bot_lease
        self._leases: dict[str, float] = {}  # game -> time.monotonic() its lease runs out by
        self._seats = Lru(1024)  # seats never change once a game exists
        self._bodies = Lru(512)  # (game, version, seat, lang) -> Page (the body, encoded)
        self._last_pages = Lru(512)  # (game, seat, lang) -> the Page built last (its log reused)
        self._latest = Lru(4096)  # game -> (row, state) last loaded or stored by this process

    # -- creating --------------------------------------------------------------------------
    def create(
        self,
        game_kind: str,
        scenario: str,
        seed: int | None,
        options: dict[str, Any],
        seats: dict[str, str],
        *,
        spectator_delay: int = 0,
        hot_seat: bool = False,
        rematch_of: str | None = None,
        rules_overlay: str | dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A new game with one secret link per human seat and one for spectators, who see the
        game ``spectator_delay`` actions behind until it is over. Its seed is 128 secret random
        bits, or ``seed`` where nobody could be cheated by it (``chosen_seed_refusal``). With
        ``rules_overlay`` (YAML text or its mapping), it is played with the player's printed
        charts. With ``rematch_of``, it is stored as that game's rematch (see ``rematch``)."""
        game = self.kind(game_kind, BadRequest)
        kinds = idle_seats(game, scenario, seat_kinds(game, seats))
        if seed is not None and (refusal := chosen_seed_refusal(kinds, hot_seat)):
            raise BadRequest(refusal)
        dice = new_dice(seed)
        options = checked_overlay(game, options, rules_overlay)
        try:
            state = game.setup(scenario, dice.seed, options, generator=dice.generator)
        except WargameError as error:
            raise BadRequest(error.message) from None
        game_id = secrets.token_urlsafe(12)
        tokens = {side: new_token() for side, kind in kinds.items() if kind == HUMAN}
        tokens[SPECTATOR] = new_token()
        row = GameRow(
            game_id,
            game.id,
            scenario,
            dice,
            dict(state.options),
            game.rules_version,
            version=0,
            snapshot=0,
            spectator_delay=spectator_delay,
        )
        seats = seat_rows(kinds, tokens)
        self.store.create(row, state, seats, rematch_of)
        self._seats.put(game_id, seats)
        self._latest.put(game_id, (row, state))
        return {
            "id": game_id,
            "version": 0,
            "seats": {side: _link(game_id, kind, tokens.get(side)) for side, kind in kinds.items()},
            "spectator": _link(game_id, "spectator", tokens[SPECTATOR]),
            "commitment": dice.commitment,
            "seed_chosen": dice.chosen,
        }

    def rematch(self, game_id: str, token: str) -> dict[str, Any]:
        """A new game of the finished ``game_id`` (kind, scenario, options, spectator delay; a
        new secret seed) with its seats' kinds moved on by one side of those that play in its
        scenario (two sides swap; an idle seat stays idle), asked by
        one of its seats: the creation body, plus ``seat_of``, the new side of each old side's
        holder. A game has one rematch: asked again, 409 naming it."""
        if self.viewer(game_id, token).side is None:
            raise Forbidden("a spectator cannot ask for a rematch")
        row, _ = self._finished(game_id, token, "a rematch is made")
        sides = list(self._game(row).scenario_sides(row.scenario))  # an idle seat stays idle
        kinds = {seat.seat: seat.kind for seat in self.seats(game_id) if seat.seat in sides}
        seat_of = {side: sides[(index + 1) % len(sides)] for index, side in enumerate(sides)}
        moved = {seat_of[side]: kind for side, kind in kinds.items()}
        try:
            created = self.create(
                row.game,
                row.scenario,
                None,
                row.options,
                moved,
                spectator_delay=row.spectator_delay,
                rematch_of=row.id,
            )
        except stored.RematchExists as made:
            made_already = "a rematch of this game was made already"
            raise Conflict(made_already, rematch=made.game_id) from None
        return {**created, "seat_of": seat_of}

    def summaries(self, asked: list[tuple[str, str]], lang: str) -> list[dict[str, Any]]:
        """One line per game of ``asked`` (game id, a token of it): what its viewer may know of
        where it stands (``summary``), or ``error`` for an unknown game or token."""
        activity = self.store.activity([game_id for game_id, _ in asked])
        found = []
        for game_id, token in asked:
            try:
                found.append(self.summary(game_id, token, lang, activity.get(game_id)))
            except ApiError as error:
                found.append({"id": game_id, "error": error.message})
        return found

    def summary(
        self, game_id: str, token: str, lang: str, activity: stored.Activity | None
    ) -> dict[str, Any]:
        """The game's kind, title and scenario, its turn, who must act and its result, as the
        token's viewer sees the game now (a delayed spectator, as far back as its delay)."""
        viewer = self.viewer(game_id, token)
        row, state = self.load(game_id)
        game = self._game(row)
        if viewer.side is None and row.spectator_delay and state.result is None:
            view = msgspec.json.decode(self._page(row, state, None, lang).view)  # as delayed
        else:
            view = game.view(state, viewer.side, log=False)  # no log to render
        board = view.get("board") if isinstance(view.get("board"), dict) else {}
        result = view.get("result")
        return {
            "id": game_id,
            "game": row.game,
            "title": title_in(game, lang),
            "scenario": row.scenario,
            "scenario_title": scenario_title(game, row.scenario, lang),
            "seat": viewer.side,
            "sides": [
                {"id": side, "name": game.catalog.name("side", side, lang)} for side in game.sides
            ],
            "version": row.version,
            "turn": board.get("turn"),
            "active": view.get("active", []),
            "result": result,
            "result_text": None if result is None else render(game, _result_message(result), lang),
            "updated": None if activity is None else activity.updated.isoformat(),
            "rematch": None if activity is None else activity.rematch,
        }

    def kind(self, game_kind: str, refusal: type[ApiError] = NotFound) -> Game:
        """The kind of game named; if there is none, ``refusal`` (404 for a URL that names it,
        400 for a request body)."""
        try:
            return self.lookup(game_kind)
        except WargameError as error:
            raise refusal(error.message) from None

    # -- who is asking -----------------------------------------------------------------------
    def viewer(self, game_id: str, token: str) -> Viewer:
        """The seat ``token`` opens in ``game_id``: 404 unknown game, 403 unknown token."""
        wanted = token_hash(token)
        for seat in self.seats(game_id):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                return Viewer(game_id, seat.seat or None, seat.kind)
        raise Forbidden("unknown token for this game")

    def seats(self, game_id: str) -> list[Seat]:
        found: list[Seat] | None = self._seats.get(game_id)
        if found is None:
            found = self.store.seats(game_id)
            if not found:
                raise NotFound(f"no game {game_id!r}")
            self._seats.put(game_id, found)
        return found

    def has_bots(self, game_id: str) -> bool:
        return any(is_bot(seat.kind) for seat in self.seats(game_id))

    def bot_seats(self, game_id: str) -> dict[Side, str]:
        """The game's bot seats, each with its bot's kind: a client says "the computer is
        thinking" while one of them must act."""
        seats = self.seats(game_id)
        return {
            seat.seat: seat.kind.removeprefix(BOT_PREFIX) for seat in seats if is_bot(seat.kind)
        }

    def bot_only(self, game_kind: str, seats: dict[str, str]) -> bool:
        """Whether a new game with these seats would have no human seat."""
        sides = self.kind(game_kind, BadRequest).sides
        return all(is_bot(seats.get(side, HUMAN)) for side in sides)

    # -- showing -----------------------------------------------------------------------------
    def body(self, viewer: Viewer, lang: str, log_from: int | None = None) -> bytes:
        """The game as ``viewer`` sees it now (the body of GET /api/games/{id}), as JSON; with
        ``log_from``, only the log lines from that index on (see ``Page.encode``)."""
        return self.versioned_body(viewer, lang, log_from)[1]

    def versioned_body(
        self, viewer: Viewer, lang: str, log_from: int | None = None
    ) -> tuple[int, bytes, int]:
        """The body, the version it shows and the viewer's whole log length."""
        row, state = self.load(viewer.game_id)
        page = self._page(row, state, viewer.side, lang)
        return row.version, page.encode(log_from), page.total

    def _body(
        self, row: GameRow, state: State, side: Side | None, lang: str, log_from: int | None
    ) -> bytes:
        return self._page(row, state, side, lang).encode(log_from)

    def _page(self, row: GameRow, state: State, side: Side | None, lang: str) -> Page:
        """The viewer's body at this version, built once: the cache key names everything the
        body depends on, and a page of its log is cut from it per request."""
        key = (row.id, row.version, side, lang)
        found: Page | None = self._bodies.get(key)
        if found is None:
            if side is None and row.spectator_delay and state.result is None:
                found = self._delayed_page(row, lang)
            else:
                before = self._last_pages.get((row.id, side, lang))
                found = game_page(self._game(row), row, state, side, lang, before=before)
                self._last_pages.put((row.id, side, lang), found)
            found.head["bots"] = self.bot_seats(row.id)
            self._bodies.put(key, found)
        return found

    def _delayed_page(self, row: GameRow, lang: str) -> Page:
        """A spectator's body while the game runs with a delay: the position ``delay`` actions
        back, with ``delay`` saying so (``shown`` actions of ``total``)."""
        record = self._record(row)
        total = len(record.actions)
        shown = max(0, total - row.spectator_delay)
        then = self._position(row, record, shown)
        delay = {"actions": row.spectator_delay, "shown": shown, "total": total}
        return game_page(self._game(row), row, then, None, lang, delay=delay)

    def _position(self, row: GameRow, record: Record, n: int) -> State:
        """The state after the record's first ``n`` actions and their remarks, replayed from the
        latest snapshot before them (snapshots are taken at checkpoints, which no undo goes
        behind)."""
        game = self._game(row)
        start = self.store.snapshot_before(row.id, n) or game.setup(
            row.scenario, row.dice.seed, row.options, generator=row.dice.generator
        )
        return carried_on(game, start, record, n)

    def game_of(self, game_id: str) -> Game:
        row, _ = self.load(game_id)
        return self._game(row)

    def load(self, game_id: str) -> tuple[GameRow, State]:
        """The game's row and state now: the ones this process has if the game is still at their
        version (one small query), else read from the store."""
        latest = self._latest.get(game_id)
        if latest is not None and self.store.version(game_id) == latest[0].version:
            return latest  # type: ignore[no-any-return]
        loaded = self.store.load(game_id)
        if loaded is None:
            raise NotFound(f"no game {game_id!r}")
        self._latest.put(game_id, loaded)
        return loaded

    def _game(self, row: GameRow) -> Game:
        game = self.lookup(row.game)
        if game.rules_version != row.rules_version:
            raise Gone(
                f"this game was made with {row.game} rules version {row.rules_version}; "
                f"this server has version {game.rules_version}"
            )
        return game

    def record(self, game_id: str, token: str) -> dict[str, Any]:
        """The game record, once the game is over (it shows the seed and every hidden action);
        ``seed_hex`` is the seed as the 32 bytes its commitment hashes (a browser cannot read a
        128-bit number from JSON exactly)."""
        row, _ = self._finished(game_id, token, "the record is shown")
        record = self._record(row)
        return {**msgspec.to_builtins(record, str_keys=True), "seed_hex": seed_hex(record.seed)}

    def verify(self, game_id: str, token: str) -> dict[str, Any]:
        """``engine.verify`` of the finished game: its seed and salt give the commitment shown
        from the start, and replaying its record from the seed gives every roll, draw and
        shuffle, and the final position, that the players saw."""
        row, state = self._finished(game_id, token, "the dice are verified")
        record = self._record(row)
        found = verify(self._game(row), record, state)
        facts = {"generator": record.generator, "salt": record.salt}
        facts |= {"seed_hex": seed_hex(record.seed), "expected": record.commitment}
        return found.to_builtins() | facts

    def _finished(self, game_id: str, token: str, what: str) -> tuple[GameRow, State]:
        self.viewer(game_id, token)
        row, state = self.load(game_id)
        if state.result is None:
            raise Forbidden(f"{what} once the game is over")
        return row, state

    def replay(self, game_id: str, token: str, n: int, seat: str, lang: str) -> bytes:
        """The position after the record's first ``n`` actions as ``seat`` (a side, or "" for a
        spectator) saw it; the body of GET /api/games/{id} plus ``n`` and ``total``. Once the game
        is over, for anyone with a link; while it runs, for the spectator link only, as a
        spectator, up to what its delay lets it see."""
        viewer = self.viewer(game_id, token)
        row, state = self.load(game_id)
        game = self._game(row)
        record = self._record(row)
        total = len(record.actions)
        if state.result is None:
            if viewer.side is not None or seat:
                raise Forbidden("while the game runs, only spectators replay it, as spectators")
            total = max(0, total - row.spectator_delay)
        if not 0 <= n <= total:
            raise BadRequest(f"n must be between 0 and {total}")
        if seat and seat not in game.sides:
            raise BadRequest(f"unknown seat {seat!r}; seats are {', '.join(game.sides)}")
        position, action = self._replayed(row, record, n, lang)
        page = game_page(game, row, position, seat or None, lang)
        return page.encode(None, n=n, total=total, action=action)

    def _replayed(
        self, row: GameRow, record: Record, n: int, lang: str
    ) -> tuple[State, dict[str, str] | None]:
        """The position after the record's first ``n`` actions and the last of them, in words
        (``{"side", "text", "label"}``, None at the start)."""
        if n == 0:
            return self._position(row, record, 0), None
        before = self._position(row, record, n - 1)
        side, text = record.actions[n - 1]
        label = action_words(self._game(row), before, side, text, lang)
        after = carried_on(self._game(row), before, record, n)
        return after, {"side": side, "text": text, "label": label}

    def _record(self, row: GameRow) -> Record:
        """The game's record at ``row``'s version, whatever was stored since: an undo planned
        from that version replays it from the undo base of that version."""
        dice = row.dice
        record = Record(
            row.game,
            row.rules_version,
            row.scenario,
            dice.seed,
            row.options,
            generator=dice.generator,
            salt=dice.salt,
            commitment=dice.commitment,
            seed_chosen=dice.chosen,
        )
        for entry in self.store.log(row.id, until=row.version):
            if entry.kind == UNDO:
                record.remarks.pop(len(record.actions), None)
                record.actions.pop()
            else:
                record.actions.append((entry.side, entry.text))
                if entry.remark is not None:
                    record.remarks[len(record.actions)] = entry.remark
        return record

    # -- playing -----------------------------------------------------------------------------
    # A change is planned (checked and computed), submitted to the store's writer, and answered
    # with the new body once stored. ``act`` and ``undo`` do the three in turn; the hot lane
    # (``hot``) plans and answers on the event loop and awaits the submission.
    def act(
        self,
        game_id: str,
        token: str,
        version: int,
        text: str,
        lang: str,
        *,
        log_from: int | None = None,
    ) -> bytes:
        """Play ``text`` for the token's seat; the new body for that seat."""
        planned = self.plan_act(game_id, token, version, text)
        return self.answer(planned, self.submit(planned).result(), lang, log_from)

    def resign(
        self, game_id: str, token: str, version: int, lang: str, *, log_from: int | None = None
    ) -> bytes:
        return self.act(game_id, token, version, RESIGN, lang, log_from=log_from)

    def undo(
        self, game_id: str, token: str, version: int, lang: str, *, log_from: int | None = None
    ) -> bytes:
        """Take back the seat's last action (replayed from the stored undo base)."""
        planned = self.plan_undo(game_id, token, version)
        return self.answer(planned, self.submit(planned).result(), lang, log_from)

    def plan_act(self, game_id: str, token: str, version: int, text: str) -> Planned:
        side, row, state = self._turn(game_id, token, version)
        return self._planned(row, state, side, self._apply(row, state, side, text), text)

    def plan_undo(self, game_id: str, token: str, version: int) -> Planned:
        side, row, state = self._turn(game_id, token, version)
        if not can_undo(state, side):
            raise Refused(_undo_refusal(self._game(row), state, side))
        base = self._stored_base(row)
        session = Session(self._game(row), self._record(row), state, base)
        new = session.undo(side)
        own_base = new.moves == new.checkpoint
        change = Change(row.version, UNDO, side, UNDO, new, None, keep_base=not own_base)
        return Planned(row, self._with_snapshot(row, change))

    def submit(self, planned: Planned) -> Future[GameRow]:
        """Hand the change to the store; the future gives the game row once it is stored, or
        raises Stale (409) if the game moved on meanwhile."""
        row, change = planned
        state = change.state

        def stored_row(version: int) -> GameRow:
            moved = state.moves if change.snapshot else row.snapshot
            now = replace(row, version=version, snapshot=moved)
            self._latest.put(row.id, (now, state))
            return now

        def stale(error: BaseException) -> BaseException:
            if isinstance(error, stored.Stale):
                return _stale(row.version, error.current)
            return error

        return then(self.store.submit(row.id, change), stored_row, stale)

    def answer(
        self, planned: Planned, row: GameRow, lang: str, log_from: int | None = None
    ) -> bytes:
        """The acting seat's body once the planned change is stored as ``row``."""
        change = planned.change
        return self._body(row, change.state, change.side, lang, log_from)

    def _stored_base(self, row: GameRow) -> State:
        try:
            base = self.store.base(row.id, row.version)
        except stored.Stale as error:
            raise _stale(row.version, error.current) from None
        if base is None:
            raise Refused("nothing to undo")
        return base

    def _turn(self, game_id: str, token: str, version: int) -> tuple[Side, GameRow, State]:
        """The acting seat's side and the game, checked: a seat, at the version it names."""
        viewer = self.viewer(game_id, token)
        if viewer.side is None:
            raise Forbidden("a spectator cannot act")
        latest = self._latest.get(game_id)
        if latest is not None and latest[0].version == version:
            # this process stored that version last; had another moved on since, the commit's
            # version check refuses the change as stale, so the database need not be asked
            return viewer.side, *latest
        row, state = self.load(game_id)
        if version != row.version:
            raise _stale(version, row.version)
        return viewer.side, row, state

    def _apply(
        self, row: GameRow, state: State, side: Side, text: str, remark: Event | None = None
    ) -> State:
        session = Session(self._game(row), _blank_record(), state, state)
        try:
            return session.act(side, text, remark)
        except IllegalAction as error:
            raise Refused(error.reason) from None

    def _planned(
        self,
        row: GameRow,
        before: State,
        side: Side,
        new: State,
        text: str,
        *,
        remark: Event | None = None,
    ) -> Planned:
        """``new`` (with ``remark`` last in its log, if any) to be stored with the undo base it
        implies: itself at a checkpoint, else the last checkpoint (``before`` if it was one, else
        the stored base, kept as it is)."""
        own_base = new.moves == new.checkpoint
        keep = not own_base and before.moves != before.checkpoint
        base = None if own_base or keep else before
        change = Change(row.version, "action", side, text, new, base, keep_base=keep, remark=remark)
        return Planned(row, self._with_snapshot(row, change))

    @staticmethod
    def _with_snapshot(row: GameRow, change: Change) -> Change:
        """The change, asking for a snapshot at a checkpoint far enough from the last one."""
        state = change.state
        due = state.moves == state.checkpoint and state.moves >= row.snapshot + SNAPSHOT_EVERY
        return replace(change, snapshot=due)

    # -- bots --------------------------------------------------------------------------------
    def bot_step(self, game_id: str) -> bool:
        """One move for a bot seat that must act now, chosen here; False if no bot has to act.
        Raises BotsElsewhere if another server holds the game's lease (it moves them)."""
        turn = self.bot_turn(game_id)
        if turn is None:
            return False
        answer = decide(self.lookup, turn.ask)
        self.bot_play(turn, answer.text, answer.remark)
        return True

    def bot_turn(self, game_id: str) -> BotTurn | None:
        """The bot seat that must act now and what it is asked (its seat's view), this server
        holding the game's bots; None if no bot has to act. Raises BotsElsewhere if another
        server holds the game's lease (it moves them)."""
        found = self._bot_to_move(game_id)
        if found is not None and self._hold_bots(game_id):
            found = self._bot_to_move(game_id)  # as it is now that no other server moves them
        if found is None:
            return None
        row, state, side, kind = found
        view = self._game(row).view(state, side, log=False)
        seed = derive_seed(row.dice.seed, "bot", side, row.version)
        return BotTurn(row, state, side, BotQuestion(row.game, game_id, kind, side, seed, view))

    def bot_play(self, turn: BotTurn, text: str, remark: Event | None = None) -> None:
        """Play the bot's answer to ``turn``, unless the game moved on meanwhile (the caller
        then looks again); its ``remark`` (why it chose it) goes in the log after the action's
        own lines, for everybody (``Game.explain`` says only what the action reveals), and in
        the stored log of actions beside it, so that every replay of the record says it again
        (the dice check, an undo, a spectator's delayed view, a replay of the finished game)."""
        row, state, side = turn.row, turn.state, turn.side
        new = self._apply(row, state, side, text, remark)
        planned = self._planned(row, state, side, new, text, remark=remark)
        with contextlib.suppress(Stale):  # somebody moved first: the caller looks again
            self.submit(planned).result()

    def _bot_to_move(self, game_id: str) -> tuple[GameRow, State, Side, str] | None:
        """The game now and the bot seat that must act in it (with its kind), if one must."""
        bots = {seat.seat: seat.kind for seat in self.seats(game_id) if is_bot(seat.kind)}
        if not bots:
            return None
        row, state = self.load(game_id)
        if state.result is not None:
            return None
        acting = [side for side in self._game(row).active(state) if side in bots]
        return (row, state, acting[0], bots[acting[0]].removeprefix(BOT_PREFIX)) if acting else None

    def _hold_bots(self, game_id: str) -> bool:
        """Take or renew this server's lease on the game's bots, or raise BotsElsewhere; whether
        the store was asked (only once half of the lease has run)."""
        started = time.monotonic()
        if self._leases.get(game_id, started) - started > self.bot_lease / 2:
            return False
        lease = self.store.take_lease(game_id, self.server_name, self.bot_lease)
        if lease.owner != self.server_name:
            self._leases.pop(game_id, None)
            raise BotsElsewhere(lease.seconds_left)
        self._leases[game_id] = started + self.bot_lease  # the store's clock ran it from later
        return True

    def over(self, game_id: str) -> bool:
        """Whether the game has ended or is gone (its bots have nothing left to decide)."""
        loaded = self.store.load(game_id)
        return loaded is None or loaded[1].result is not None

    def release_bots(self, game_id: str) -> bool:
        """Free this server's lease on the game's bots, for whichever server sees their next turn
        first; whether it held one."""
        if self._leases.pop(game_id, None) is None:
            return False
        self.store.release_lease(game_id, self.server_name)
        return True

    def release_all_bots(self) -> None:
        for game_id in list(self._leases):
            self.release_bots(game_id)


IDLE_SEAT: Final = BOT_PREFIX + "random"
"""The kind of a seat whose side does not play in the game's scenario (see ``idle_seats``)."""


def new_server_name() -> str:
    """A name for this server unlike any other's: its process, its host and a random part."""
    return f"{os.getpid()}@{socket.gethostname()[:32]}/{secrets.token_hex(4)}"


def seat_kinds(game: Game, seats: dict[str, str]) -> dict[Side, str]:
    """Each side's seat kind; sides not named are human."""
    for side, kind in seats.items():
        if side not in game.sides:
            raise BadRequest(f"{game.id} has no side {side!r}; sides are {', '.join(game.sides)}")
        if kind not in seat_kind_names():
            raise BadRequest(f"seat kind {kind!r}: use one of {', '.join(seat_kind_names())}")
    return {side: seats.get(side, HUMAN) for side in game.sides}


def idle_seats(game: Game, scenario: str, kinds: dict[Side, str]) -> dict[Side, str]:
    """The seat kinds with each side that does not play in the scenario given to the random bot,
    which is never asked (``Game.scenario_sides``): no person waits on an idle seat."""
    playing = game.scenario_sides(scenario)
    return {side: kind if side in playing else IDLE_SEAT for side, kind in kinds.items()}


def chosen_seed_refusal(kinds: dict[Side, str], hot_seat: bool) -> str | None:
    """Why a chosen seed is refused for a game of these seats, if it is: whoever knows the seed
    knows every card and roll to come, so a seed is chosen only where no two people play each
    other (one human seat at most, or one person holding every seat: ``hot_seat``)."""
    humans = sum(1 for kind in kinds.values() if kind == HUMAN)
    if humans > 1 and not hot_seat:
        return (
            "a chosen seed is only for games where one person holds every human seat "
            "(hot_seat) or plays against bots: whoever knows the seed knows every roll and card"
        )
    return None


def new_dice(seed: int | None) -> stored.Dice:
    """The dice of a new game: the keyed generator, ``seed`` or a fresh secret one, a salt and
    the commitment every seat is shown from the start."""
    salt = new_salt()
    chosen = seed is not None
    seed = new_seed() if seed is None else seed
    return stored.Dice(KEYED_GENERATOR, seed, salt, commitment(seed, salt), chosen)


def seat_rows(kinds: dict[Side, str], tokens: dict[str, str]) -> list[Seat]:
    """The stored seats: each side's kind and its token's hash (none for a bot), and the
    spectator's."""
    rows = [Seat(side, kind, _hash_of(tokens.get(side))) for side, kind in kinds.items()]
    rows.append(Seat(SPECTATOR, "spectator", token_hash(tokens[SPECTATOR])))
    return rows


def game_page(
    game: Game,
    row: GameRow,
    state: State,
    side: Side | None,
    lang: str,
    *,
    delay: dict[str, int] | None = None,
    before: Page | None = None,
) -> Page:
    """The body of GET /api/games/{id} for ``side``, to be sent whole or from a log line on;
    ``delay`` describes a spectator's delayed position (None: the body has no ``delay``);
    ``before``, an earlier page of the same viewer and language, lends the log lines the two
    have in common."""
    view = game.view(state, side, log=False)
    prompt = view.get("prompt")
    logged = game.logged(state, side)
    texts, encoded, marks = rendered_log(game, logged, lang, before)
    words = rendered_words(game, lang)
    head = {
        "id": row.id,
        "game": row.game,
        "version": row.version,
        "seat": side,
        "scenario_title": scenario_title(game, state.scenario, lang),
        "log_total": len(texts),
        "log_hash": prefix_hash(marks, len(texts)),
        "prompt_text": None if prompt is None else render(game, prompt, lang),
        "notes_text": render_messages(with_labels(view), words),
        "preview_text": render_messages(view.get("preview"), words),
        "static_url": static_url(game, lang),
        "backdrop_url": backdrop_url(game),
        "dice": dice_facts(row.dice, over=state.result is not None),
        "rules_overlay": overlay_facts(game, state.options, lang),
    }
    if delay is not None:
        head["delay"] = delay
    return Page(head, _JSON.encode(view), encoded, texts, marks, logged)


def checked_overlay(
    game: Game, options: dict[str, Any], given: str | dict[str, Any] | None
) -> dict[str, Any]:
    """``with_overlay``, the overlay checked against ``game``'s tables; a refusal names the
    request's field (``rules_overlay``), so that a page can say in its language what was wrong."""
    try:
        options = with_overlay(options, given)
        game.overlay(options.get(OVERLAY_OPTION))
    except WargameError as error:
        raise BadRequest(error.message, field=OVERLAY_OPTION) from None
    return options


def with_overlay(options: dict[str, Any], given: str | dict[str, Any] | None) -> dict[str, Any]:
    """``options`` with the rules overlay of a new game's ``rules_overlay`` (YAML text, or the
    mapping), which the game then checks; given twice, refused."""
    if given is None:
        return options
    if OVERLAY_OPTION in options:
        raise BadRequest(
            f"give the rules overlay once: rules_overlay or options.{OVERLAY_OPTION}",
            field=OVERLAY_OPTION,
        )
    where = "rules_overlay"
    if isinstance(given, str):
        return {**options, OVERLAY_OPTION: parse_overlay(given, where)}
    if len(msgspec.json.encode(given)) > MAX_OVERLAY_BYTES:
        raise BadRequest(
            f"{where}: an overlay is {MAX_OVERLAY_BYTES // 1024} KB at most", field=OVERLAY_OPTION
        )
    return {**options, OVERLAY_OPTION: given}


def overlay_facts(game: Game, options: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """What the body tells of the game's rules overlay: its name, digest and the tables it
    replaces, each titled in ``lang``."""
    summary = overlay_summary(options)
    if summary is None:
        return None
    tables = game.tables
    titled = [
        {"id": table, "title": tables.title(table, lang) if tables else table}
        for table in summary["tables"]
    ]
    return {**summary, "tables": titled}


def dice_facts(dice: stored.Dice, over: bool) -> dict[str, Any]:
    """What every viewer is told of the game's dice: the generator, the commitment to its seed
    and whether somebody chose the seed; once the game is over, the seed and the salt too."""
    facts: dict[str, Any] = {
        "generator": dice.generator,
        "commitment": dice.commitment,
        "seed_chosen": dice.chosen,
    }
    if over:
        facts |= {"seed_hex": seed_hex(dice.seed), "salt": dice.salt}
    return facts


@dataclass(frozen=True)
class Page:
    """One viewer's body at one version, kept encoded (the view but its log, each log event) with
    the hash of each prefix of the log (8 bytes each), so that a client which has the first N
    lines gets only the rest, cut from the same cached body."""

    head: dict[str, Any]
    view: bytes  # the view without its log, as JSON
    events: list[bytes]  # view["log"], each event as JSON
    texts: list[str]  # log_text
    marks: bytes  # blake2b digests of each prefix of the log after the first (see rendered_log)
    logged: list[Event] = field(default_factory=list)  # the events, to compare with a later log

    @property
    def total(self) -> int:
        return len(self.texts)

    def encode(self, log_from: int | None, **extra: Any) -> bytes:
        """The body as JSON; with ``0 < log_from <= total``, only the log entries from index
        ``log_from`` on (``view.log`` and ``log_text`` alike), ``log_base`` being the hash of the
        lines before. Otherwise (no ``log_from``, or more lines than the log has now: an undo) the
        whole log with ``log_from`` 0, which tells a client to start its log again."""
        start = log_from if log_from and log_from <= self.total else 0
        log = b"[" + b",".join(self.events[start:]) + b"]"
        view = self.view[:-1] + (b',"log":' if len(self.view) > 2 else b'"log":') + log + b"}"
        body = {
            **self.head,
            "view": msgspec.Raw(view),
            "log_text": self.texts[start:],
            "log_from": start,
            "log_base": prefix_hash(self.marks, start),
            **extra,
        }
        return _JSON.encode(body)


def prefix_hash(marks: bytes, n: int) -> str:
    """The hash of the first ``n`` log events ("" for none)."""
    return marks[(n - 1) * 8 : n * 8].hex() if n else ""


def render(game: Game, message: dict[str, Any], lang: str) -> str:
    return game.catalog.render(message["key"], message.get("params", {}), lang)


def rendered_words(game: Game, lang: str) -> Callable[[str, dict[str, Any]], str]:
    """A message's text in ``lang``, for ``render_messages``."""
    return lambda key, params: game.catalog.render(key, params, lang)


def with_labels(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The view's notes, with a note holding its label for every action that has words."""
    notes = view.get("notes") or {}
    found = {}
    for text in view.get("actions", []):
        label = label_of(view, text)
        note = notes.get(text)
        if label is not None:
            note = {**(note or {}), "label": label}
        if note:
            found[text] = note
    return found


def action_words(game: Game, before: State, side: Side, text: str, lang: str) -> str:
    """An action in words, as the game labelled it when it was offered (its text if it had
    no label), in ``lang``."""
    label = label_of(game.view(before, side, log=False), text)
    return text if label is None else render(game, label, lang)


_RENDERED: Final = Lru(RENDERED_LINES)


def render_logged(game: Game, event: dict[str, Any], lang: str) -> str:
    """A log line, rendered once per distinct event and language: a long game's log would
    otherwise be rendered again, line by line, for every response (tens of ms late in a game)."""
    return _rendered(game, event, _JSON.encode(event), lang)


def _rendered(game: Game, event: dict[str, Any], encoded: bytes, lang: str) -> str:
    key = (game.id, lang, encoded)
    found: str | None = _RENDERED.get(key)
    if found is None:
        found = render(game, event, lang)
        _RENDERED.put(key, found)
    return found


def rendered_log(
    game: Game, events: list[Event], lang: str, before: Page | None = None
) -> tuple[list[str], list[bytes], bytes]:
    """Each event rendered in ``lang``, each event as JSON, and the hash of each prefix of the log
    (8 bytes per event: bytes 8(n-1) to 8n name the first n events): a client's lines are a prefix
    of the log now only if their hash matches (an undo then new lines can keep the length).
    The events that ``before`` (a page in ``lang``) begins with are taken from it, not encoded,
    rendered and hashed again: the log of a long game is thousands of lines, and it grows by a
    few (and its events are mostly the very objects of the state before)."""
    kept = _common_start(before.logged, events) if before else 0
    encoded = before.events[:kept] if before else []
    texts = before.texts[:kept] if before else []
    marks = bytearray(before.marks[: kept * 8] if before else b"")
    mark = bytes(marks[-8:])
    for event in events[kept:]:
        json = _JSON.encode(event)
        encoded.append(json)
        texts.append(_rendered(game, {"key": event.key, "params": event.params}, json, lang))
        mark = hashlib.blake2b(mark + json, digest_size=8).digest()
        marks += mark
    return texts, encoded, bytes(marks)


def _common_start(old: list[Event], new: list[Event]) -> int:
    """How many events ``old`` and ``new`` have in common from their start."""
    n = 0
    for a, b in zip(old, new, strict=False):
        if a is not b and a != b:
            break
        n += 1
    return n


def _result_message(result: dict[str, Any]) -> dict[str, Any]:
    """The message naming a result, as the client renders it (``result.<kind>``)."""
    return {"key": f"result.{result.get('kind')}", "params": result.get("params") or {}}


def _undo_refusal(game: Game, state: State, side: Side) -> str:
    """Why ``side`` may not undo now, in the words of the engine's Session."""
    try:
        Session(game, _blank_record(), state, state).undo(side)
    except IllegalAction as error:
        return error.reason
    return "nothing to undo"


def _blank_record() -> Record:
    """A record for a Session that only applies one action (the stored log is the record)."""
    return Record("", "", "", 0, {})


def _stale(given: int, current: int | None) -> Stale:
    return Stale(f"stale version {given}; the game is at version {current}", version=current)


def _hash_of(token: str | None) -> str | None:
    return None if token is None else token_hash(token)


def _link(game_id: str, kind: str, token: str | None) -> dict[str, Any]:
    url = None if token is None else play_url(game_id, token)
    return {"kind": kind, "token": token, "url": url}
