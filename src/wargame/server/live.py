"""What happens between requests: pushing each change to the game's WebSocket viewers, and the bot
seats playing in the background.

Hand-written because a bot must not hold up the event loop while it thinks, nor a socket while a
body is built: their loads, views and moves run in worker threads (``in_thread``). A game has at
most one bot task per server process; a change while it runs makes it look again. Of the servers
sharing a database, only the one holding the game's lease moves its bots (``Service.bot_step``):
it holds it while they have moves to make and then frees it, and a server that found it taken
looks again when it runs out, which is when its owner died. A bot whose turn meets database
trouble (busy, away) looks again after the wait the database's error names: a browser only
listens, so nothing else would wake it.

A change made by another server on the same database wakes the sockets of its game too. On
PostgreSQL every server listens for the changes as they commit (``changes``). On a SQLite file
(``wargame serve --workers N``, processes of one machine) one watcher per process reads the
versions of all the games it has sockets for twice a second and wakes the sockets of those that
moved: SQLite has no notifications between processes.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import timedelta
from functools import partial
from typing import Annotated, Any, Final, TypeVar

import anyio
import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect

from wargame.server.bot_seats import BotPool
from wargame.server.service import (
    ApiError,
    BadRequest,
    BotsElsewhere,
    NotFound,
    Service,
    Unavailable,
    Viewer,
)
from wargame.server.store import Store, now, unavailable

WATCH_SECONDS: Final = 0.5
HELLO_SECONDS: Final = 30.0
"""How long a socket opened without a token waits for its first message, the token."""
BOT_GAME_RETRY: Final = 30
EXPIRE_EVERY: Final = 3600.0

log = logging.getLogger("wargame.server")
T = TypeVar("T")


WORKERS: Final = 8
"""Worker threads for games and the database, per event loop (writes go through the store's own
writer thread). More would only queue on Python's GIL."""

_POOLS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, ThreadPoolExecutor] = (
    weakref.WeakKeyDictionary()
)


async def in_thread(function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` in one of the loop's worker threads: a plain executor, which costs
    about 90 µs of CPU per call here against 110 µs for anyio's ``to_thread``."""
    loop = asyncio.get_running_loop()
    pool = _POOLS.get(loop)
    if pool is None:
        pool = _POOLS[loop] = ThreadPoolExecutor(WORKERS, thread_name_prefix="wargame")
        weakref.finalize(loop, pool.shutdown, wait=False)
    return await loop.run_in_executor(pool, partial(function, *args))


class Live:
    """The WebSocket listeners and bot tasks of one server process."""

    def __init__(
        self, service: Service, bot_delay: float = 0.0, bots: BotPool | None = None
    ) -> None:
        self.service = service
        self.bot_delay = bot_delay
        self.bots = bots or BotPool(0, service.lookup, in_thread)
        self.listeners: dict[str, set[asyncio.Event]] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.again: set[str] = set()
        self.bot_only: set[str] = set()  # games of ``tasks`` with no human seat, made here
        self._bot_games_starting = 0
        self.versions: dict[str, int | None] = {}  # each watched game's version, last read
        self.watcher: asyncio.Task[None] | None = None
        self.retries: dict[str, asyncio.TimerHandle] = {}  # games whose bots another server moves

    def changed(self, game_id: str) -> None:
        """A game changed in this process: wake its sockets and its bots (its seats are known:
        the change was made by one of them)."""
        self._wake(game_id)
        if self.service.has_bots(game_id):
            self.poke(game_id)

    # -- bots ----------------------------------------------------------------------------------
    def poke(self, game_id: str, bot_only: bool = False) -> None:
        """Let the game's bots move if one must (a task per game; a running one looks again).
        ``bot_only``: a new game with no human seat, counted for the cap (``bot_game_slot``)."""
        if bot_only:
            self.bot_only.add(game_id)
        if game_id in self.tasks:
            self.again.add(game_id)
            return
        self.tasks[game_id] = asyncio.get_running_loop().create_task(self._play(game_id))

    @contextmanager
    def bot_game_slot(self, cap: int | None) -> Iterator[None]:
        """Room for one more game with no human seat while fewer than ``cap`` run (None: no cap,
        nothing counted), or 503; the game holds it from its ``poke(bot_only=True)`` to its end."""
        if cap is None:
            yield
            return
        if len(self.bot_only) + self._bot_games_starting >= cap:
            refusal = f"this server already runs {cap} games without a human seat; try again later"
            raise Unavailable(refusal, retry_after=BOT_GAME_RETRY)
        self._bot_games_starting += 1
        try:
            yield
        finally:
            self._bot_games_starting -= 1

    async def _play(self, game_id: str) -> None:
        try:
            while True:
                turn = await in_thread(self.service.bot_turn, game_id)
                if turn is not None:
                    answer = await self.bots.choose(turn.ask)
                    await in_thread(self.service.bot_play, turn, answer.text, answer.remark)
                    self._wake(game_id)
                    if game_id in self.listeners:  # someone watches: moves they can follow
                        await asyncio.sleep(self.bot_delay)
                elif game_id in self.again:
                    self.again.discard(game_id)
                elif not await in_thread(self.service.release_bots, game_id):
                    if await in_thread(self.service.over, game_id):
                        await self.bots.forget(game_id)
                    return
                # freed: look once more, for a change stored elsewhere that found the lease taken
        except BotsElsewhere as busy:
            self._look_again_after(game_id, busy.seconds)
        except NotFound:  # the game was deleted
            await self.bots.forget(game_id)
        except ApiError as refused:  # its move refused (a bug), or rules this server lacks (410)
            log.error("bot of game %s stopped: %s", game_id, refused)
        except Exception as error:
            trouble = unavailable(error)
            if trouble is None:  # a bug in a game must not stop the server: log it, stop this bot
                log.exception("bot of game %s stopped", game_id)
            else:  # the database's trouble passes: the bots look again when it asks them to
                log.warning("bot of game %s waits %d s: %s", game_id, trouble.retry_after, trouble)
                self._look_again_after(game_id, trouble.retry_after, game_id in self.bot_only)
        finally:
            self.tasks.pop(game_id, None)
            self.again.discard(game_id)
            self.bot_only.discard(game_id)  # until a retry for the database counts it again

    def _look_again_after(self, game_id: str, seconds: float, bot_only: bool = False) -> None:
        """Poke the game after ``seconds``: once another server's lease on its bots has run out,
        unless renewed, or once the database may serve again (``bot_only``: then it counts for
        the cap again, as a game with no human seat)."""
        if game_id not in self.retries:
            after = seconds + 0.05  # the lease's time left by the database's clock, and a little
            later = asyncio.get_running_loop().call_later(after, self._retry, game_id, bot_only)
            self.retries[game_id] = later

    def _retry(self, game_id: str, bot_only: bool) -> None:
        del self.retries[game_id]
        self.poke(game_id, bot_only)

    def _wake(self, game_id: str) -> None:
        for event in self.listeners.get(game_id, ()):
            event.set()

    def _wake_all(self) -> None:
        for game_id in list(self.listeners):
            self._wake(game_id)

    async def stop(self) -> None:
        """Stop the bots and the watcher, and free this server's leases for the other servers."""
        for later in self.retries.values():
            later.cancel()
        tasks = [*self.tasks.values(), *([self.watcher] if self.watcher else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.bots.close()
        try:
            await in_thread(self.service.release_all_bots)
        except Exception:  # the database is away: the leases run out by themselves
            log.exception("cannot free the bot leases")

    # -- changes made by other processes -------------------------------------------------------
    def watch(self, game_id: str) -> asyncio.Event:
        """An event set whenever the game may have changed, set already (a new watcher looks at
        once); ``forget`` it when done."""
        event = asyncio.Event()
        event.set()
        self.listeners.setdefault(game_id, set()).add(event)
        if self.watcher is None:
            self.watcher = asyncio.get_running_loop().create_task(self._follow_other_servers())
        return event

    def forget(self, game_id: str, event: asyncio.Event) -> None:
        events = self.listeners.get(game_id, set())
        events.discard(event)
        if not events:
            self.listeners.pop(game_id, None)

    async def _follow_other_servers(self) -> None:
        store = self.service.store
        if store.engine.dialect.name != "postgresql":
            await self._watching()
            return
        from wargame.server import changes  # noqa: PLC0415 - psycopg, there with PostgreSQL only

        name = f"wargame-listen {self.service.server_name}"
        await changes.listen(store.url, name, self._wake, self._wake_all)

    async def _watching(self) -> None:
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            games = list(self.listeners)
            if not games:
                continue
            try:
                versions = await in_thread(self.service.store.versions, games)
            except Exception:  # the database is away for a moment: try again later
                log.exception("cannot read game versions")
                continue
            for game_id in games:
                if versions.get(game_id) != self.versions.get(game_id):
                    self.versions[game_id] = versions.get(game_id)
                    self._wake(game_id)
            for gone in set(self.versions) - set(games):
                del self.versions[gone]

    # -- sockets -------------------------------------------------------------------------------
    async def serve(
        self, socket: WebSocket, game_id: str, token: str, lang: str, log_from: int | None = None
    ) -> None:
        """Send ``{"type": "state", ...}`` on connect and after every change, until closed; with
        ``log_from``, each message carries only the log lines this connection has not sent yet.
        Without ``token``, the client's first message names it: ``{"token": ...}``."""
        await socket.accept()
        try:
            token = token or await _first_token(socket)
            viewer = await in_thread(self.service.viewer, game_id, token)
            has_bots = await in_thread(self.service.has_bots, game_id)
        except ApiError as error:
            await socket.send_json({"type": "error", "error": error.message})
            await socket.close(code=4000 + error.status)
            return
        except WebSocketDisconnect:
            return
        if has_bots:
            self.poke(game_id)
        event = self.watch(game_id)
        try:
            push = partial(self._push, socket, viewer, lang, event, log_from)
            await _until_closed(socket, push)
        finally:
            self.forget(game_id, event)

    async def _push(
        self,
        socket: WebSocket,
        viewer: Viewer,
        lang: str,
        event: asyncio.Event,
        log_from: int | None,
    ) -> None:
        """``log_from`` None: the whole log every time (as before paging); else the number of log
        lines the client has, moved on by every message sent."""
        sent = None
        while True:
            await event.wait()
            event.clear()
            version = await in_thread(self.service.store.version, viewer.game_id)
            if version is None:
                return
            if version != sent:
                found = await in_thread(self.service.versioned_body, viewer, lang, log_from)
                sent, body, total = found
                await socket.send_text('{"type":"state",' + body.decode()[1:])
                log_from = None if log_from is None else total


class Hello(msgspec.Struct):
    """The first message of a socket opened without a token."""

    token: Annotated[str, msgspec.Meta(max_length=200)]


_HELLO: Final = msgspec.json.Decoder(Hello)


async def _first_token(socket: WebSocket) -> str:
    """The token of the client's first message (a browser cannot send it in a header, and in the
    URL it would end in logs)."""
    try:
        message = await asyncio.wait_for(socket.receive(), HELLO_SECONDS)
    except TimeoutError:
        raise BadRequest('no first message {"token": ...}') from None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    try:
        return _HELLO.decode(message.get("text") or message.get("bytes") or b"").token
    except msgspec.DecodeError:
        raise BadRequest('the first message must be {"token": ...}') from None


async def _until_closed(socket: WebSocket, push: Callable[[], Awaitable[None]]) -> None:
    """Run ``push`` until the client goes away (or ``push`` ends); client messages are ignored."""
    async with anyio.create_task_group() as group:

        async def pushing() -> None:
            try:
                await push()
            except (WebSocketDisconnect, RuntimeError, OSError, ApiError):
                pass  # the socket closed under us, or the game went away
            finally:
                group.cancel_scope.cancel()

        group.start_soon(pushing)
        try:
            while (await socket.receive())["type"] != "websocket.disconnect":
                pass
        finally:
            group.cancel_scope.cancel()


async def expire_abandoned(store: Store, days: float, bots: BotPool | None = None) -> None:
    """Delete the unfinished games untouched for ``days`` days, now and every ``EXPIRE_EVERY``
    seconds (``Store.expire``), and the bots kept for them."""
    while True:
        gone: list[str] = []
        try:
            deleted = await in_thread(store.expire, now() - timedelta(days=days), gone.extend)
        except Exception:  # the database is away for a moment: try again later
            log.exception("cannot delete the abandoned games")
        else:
            if deleted:
                log.info("deleted %d unfinished games untouched for %g days", deleted, days)
        for game_id in gone if bots is not None else ():
            await bots.forget(game_id)
        await asyncio.sleep(EXPIRE_EVERY)
