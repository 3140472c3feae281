"""The two requests of every move, served without FastAPI's per-request machinery: a seat's view
(``GET /api/games/{id}``) and an action (``POST /api/games/{id}/actions``).

Hand-written because FastAPI's dependency solving, pydantic validation and middleware chain cost a
server on two cores more than the game itself: measured with ``bench/load.py toy``, about 4.2 ms of
server CPU per request through FastAPI against 2.3 ms through this lane. It is plain ASGI middleware
in front of the FastAPI routes, which remain the API's definition (its OpenAPI document) and its
error messages: this lane serves only a request it can read without doubt (known query parameters of
the right form, a JSON body with exactly the fields of ``models.Move``, each of its type), and hands
anything else to FastAPI untouched, which answers it as before. The answers are the same either way;
``tests/server/test_hot.py`` plays the same requests through both and compares them.

The lane plans a move and builds a body on the event loop, and awaits only the store's writer: under
Python's GIL a worker thread runs no game code in parallel with the loop, and each hop to one and
back cost about 90 µs of CPU and a wait for the GIL (runs of ``bench/load.py toy`` here: 1.9 to 2.2
ms of server CPU per request with the hops, 1.5 to 1.6 ms without). A long computation of a large
game holds up the other requests meanwhile, as it would hold the GIL in a thread. With a database
server (PostgreSQL) rather than SQLite, the work goes to worker threads after all: a read there may
wait on the network, and the loop must not.
"""

from __future__ import annotations

import asyncio
import gzip
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Annotated, Any, Final, TypeVar
from urllib.parse import parse_qsl

import msgspec

from wargame.engine.i18n import LANGUAGES
from wargame.server.limits import Message, Scope, replay
from wargame.server.live import Live, in_thread
from wargame.server.security import hot_token
from wargame.server.service import ApiError, Service, error_body, refusal

GAME_PATH: Final = re.compile(r"/api/games/([A-Za-z0-9_-]{1,64})(/actions)?")
DIGITS: Final = re.compile(r"[0-9]{1,9}")
INTERNAL_ERROR: Final = b'{"error":"internal error (a bug; it is logged)"}'
GZIP_FROM: Final = 4096
"""Bodies from this size are sent gzipped to a client that accepts it (as GZipMiddleware does)."""


class Move(msgspec.Struct, forbid_unknown_fields=True):
    """``models.Move`` as msgspec reads it: strict types, so that anything pydantic might read
    differently (a version given as a string, say) is left to FastAPI."""

    token: Annotated[str, msgspec.Meta(max_length=200)]
    version: Annotated[int, msgspec.Meta(ge=0)]
    action: Annotated[str, msgspec.Meta(max_length=1000)]


_MOVE: Final = msgspec.json.Decoder(Move)
log = logging.getLogger("wargame.server")
T = TypeVar("T")


class HotLane:
    """ASGI middleware: serves views and actions it can read, passes everything else on."""

    def __init__(self, app: Any, service: Service, live: Live) -> None:
        self.app = app
        self.service = service
        self.live = live
        self.served = 0  # requests answered here rather than by FastAPI
        # SQLite answers from a local file in microseconds; a database server may take a network
        # round trip or, when it is away, its connect timeout: then the work goes to a thread
        self.inline = service.store.local

    async def _run(self, function: Callable[..., T], *args: Any) -> T:
        return function(*args) if self.inline else await in_thread(function, *args)

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        found = GAME_PATH.fullmatch(scope["path"]) if scope["type"] == "http" else None
        query = _query(scope) if found else None
        if found is None or query is None:
            await self.app(scope, receive, send)
        elif found.group(2) is None and scope["method"] == "GET":
            await self._view(scope, found.group(1), query, send)
        elif found.group(2) is not None and scope["method"] == "POST":
            await self._act(scope, found.group(1), query, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _view(self, scope: Scope, game_id: str, query: dict[str, Any], send: Any) -> None:
        self.served += 1
        await _answer(scope, send, self._body(game_id, query))

    async def _body(self, game_id: str, query: dict[str, Any]) -> bytes:
        body, bots = await self._run(self._view_body, game_id, query)
        if bots:
            self.live.poke(game_id)  # resumes bots that a stopped server left to move
        return body

    def _view_body(self, game_id: str, query: dict[str, Any]) -> tuple[bytes, bool]:
        viewer = self.service.viewer(game_id, query["token"])
        body = self.service.body(viewer, query["lang"], query["log_from"])
        return body, self.service.has_bots(game_id)

    async def _act(
        self, scope: Scope, game_id: str, query: dict[str, Any], receive: Any, send: Any
    ) -> None:
        data = await _read(receive)
        try:
            move = _MOVE.decode(data)
        except msgspec.DecodeError:  # malformed or unusual: FastAPI names the problem
            await self.app(scope, replay(data, receive), send)
            return
        self.served += 1
        await _answer(scope, send, self._play(game_id, move, query))

    async def _play(self, game_id: str, move: Move, query: dict[str, Any]) -> bytes:
        service = self.service
        planned = await self._run(service.plan_act, game_id, move.token, move.version, move.action)
        row = await asyncio.wrap_future(service.submit(planned))
        self.live.changed(game_id)
        return await self._run(service.answer, planned, row, query["lang"], query["log_from"])


async def _answer(scope: Scope, send: Any, work: Awaitable[bytes]) -> None:
    """Send the body ``work`` gives, or its refusal in the API's error shape."""
    try:
        body = await work
    except Exception as error:
        await _refuse(scope, send, error)
        return
    await _respond(scope, send, 200, body)


async def _refuse(scope: Scope, send: Any, error: Exception) -> None:
    """Answer as FastAPI's handlers do: the refusal, 503 for database trouble (logged as one
    line), 500 for a bug (logged with its traceback)."""
    refused = refusal(error)
    if refused is None:
        log.exception("internal error in %s %s", scope["method"], scope["path"])
        await _respond(scope, send, 500, INTERNAL_ERROR)
        return
    if not isinstance(error, ApiError):
        log.warning("%s %s: %s", scope["method"], scope["path"], refused.message)
    headers = [(name.lower().encode(), value.encode()) for name, value in refused.headers.items()]
    await _respond(scope, send, refused.status, error_body(refused), headers)


def _query(scope: Scope) -> dict[str, Any] | None:
    """``token`` (of the Authorization header, else of the query string), ``lang`` and ``log_from``
    of the query string, or None if any of them is given twice or in a form that FastAPI should
    judge (other parameters are ignored, as FastAPI does)."""
    try:
        pairs = parse_qsl(scope["query_string"].decode("ascii"), strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        return None
    given = dict(pairs)
    if len(given) != len(pairs):
        return None
    lang = given.get("lang", "en")
    log_from = given.get("log_from")
    token = hot_token(scope, given.get("token", ""))
    if lang not in LANGUAGES or (log_from is not None and not DIGITS.fullmatch(log_from)):
        return None
    if token is None:
        return None
    return {
        "token": token,
        "lang": lang,
        "log_from": None if log_from is None else int(log_from),
    }


async def _read(receive: Any) -> bytes:
    """The whole request body (its size is bounded by the BodyLimit middleware outside)."""
    chunks = []
    while True:
        message: Message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    return b"".join(chunks)


async def _respond(
    scope: Scope, send: Any, status: int, body: bytes, more: list[tuple[bytes, bytes]] | None = None
) -> None:
    headers = [(b"content-type", b"application/json"), *(more or ())]
    if len(body) >= GZIP_FROM and accepts_gzip(scope):
        body = gzip.compress(body, 6)
        headers += [(b"content-encoding", b"gzip"), (b"vary", b"Accept-Encoding")]
    headers.append((b"content-length", str(len(body)).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def accepts_gzip(scope: Scope) -> bool:
    return any(name == b"accept-encoding" and b"gzip" in value for name, value in scope["headers"])
