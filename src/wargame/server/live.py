"""What happens between requests: pushing each change to the game's WebSocket viewers, and the bot
seats playing in the background.

Hand-written because the event loop must never wait on a game: every load, view and move runs in a
worker thread (``anyio.to_thread``). A game has at most one bot task per server process; a change
while it runs makes it look again. Each socket also polls the game's version every few seconds, so
that a change made by another server process on the same database reaches it too.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, Final, TypeVar

import anyio
from starlette.websockets import WebSocket, WebSocketDisconnect

from wargame.server.service import ApiError, Service, Viewer

POLL_SECONDS: Final = 2.0

log = logging.getLogger("wargame.server")
T = TypeVar("T")


WORKERS: Final = 8
"""Worker threads for games and the database, per event loop. More would only queue on Python's
GIL, and a thread holding the database's write lock would wait longer for its turn."""

_LIMITERS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, anyio.CapacityLimiter] = (
    weakref.WeakKeyDictionary()
)


async def in_thread(function: Callable[..., T], *args: Any) -> T:
    loop = asyncio.get_running_loop()
    limiter = _LIMITERS.get(loop)
    if limiter is None:
        limiter = _LIMITERS[loop] = anyio.CapacityLimiter(WORKERS)
    return await anyio.to_thread.run_sync(partial(function, *args), limiter=limiter)


class Live:
    """The WebSocket listeners and bot tasks of one server process."""

    def __init__(self, service: Service, bot_delay: float = 0.0) -> None:
        self.service = service
        self.bot_delay = bot_delay
        self.listeners: dict[str, set[asyncio.Event]] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.again: set[str] = set()

    def changed(self, game_id: str) -> None:
        """A game changed in this process: wake its sockets and its bots (its seats are known:
        the change was made by one of them)."""
        self._wake(game_id)
        if self.service.has_bots(game_id):
            self.poke(game_id)

    # -- bots ----------------------------------------------------------------------------------
    def poke(self, game_id: str) -> None:
        """Let the game's bots move if one must (a task per game; a running one looks again)."""
        if game_id in self.tasks:
            self.again.add(game_id)
            return
        self.tasks[game_id] = asyncio.get_running_loop().create_task(self._play(game_id))

    async def _play(self, game_id: str) -> None:
        try:
            while True:
                if await in_thread(self.service.bot_step, game_id):
                    self._wake(game_id)
                    await asyncio.sleep(self.bot_delay)
                elif game_id in self.again:
                    self.again.discard(game_id)
                else:
                    return
        except ApiError:
            return
        except Exception:  # a bug in a game must not stop the server: log it, stop this bot
            log.exception("bot of game %s stopped", game_id)
        finally:
            self.tasks.pop(game_id, None)
            self.again.discard(game_id)

    def _wake(self, game_id: str) -> None:
        for event in self.listeners.get(game_id, ()):
            event.set()

    async def stop(self) -> None:
        for task in list(self.tasks.values()):
            task.cancel()
        await asyncio.gather(*self.tasks.values(), return_exceptions=True)

    # -- sockets -------------------------------------------------------------------------------
    async def serve(
        self, socket: WebSocket, game_id: str, token: str, lang: str, log_from: int | None = None
    ) -> None:
        """Send ``{"type": "state", ...}`` on connect and after every change, until closed; with
        ``log_from``, each message carries only the log lines this connection has not sent yet."""
        await socket.accept()
        try:
            viewer = await in_thread(self.service.viewer, game_id, token)
            has_bots = await in_thread(self.service.has_bots, game_id)
        except ApiError as error:
            await socket.send_json({"type": "error", "error": error.message})
            await socket.close(code=4000 + error.status)
            return
        if has_bots:
            self.poke(game_id)
        event = asyncio.Event()
        event.set()
        self.listeners.setdefault(game_id, set()).add(event)
        try:
            push = partial(self._push, socket, viewer, lang, event, log_from)
            await _until_closed(socket, push)
        finally:
            self._forget(game_id, event)

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
            with anyio.move_on_after(POLL_SECONDS):
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

    def _forget(self, game_id: str, event: asyncio.Event) -> None:
        events = self.listeners.get(game_id, set())
        events.discard(event)
        if not events:
            self.listeners.pop(game_id, None)


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
