"""Limits on what one request, one client and one server may ask for (``wargame serve``'s flags,
``Limits``), the request's as plain ASGI middleware in front of the hot lane and FastAPI alike.

``BodyLimit``: a request body of at most 64 KB (413), which must arrive within ``body_seconds``
(408, and the connection is closed: a body that never came held its connection open for good, and a
stopping server waits for its connections). Hand-written because uvicorn bounds neither the size
nor the time of a body, and Starlette's own RequestBodyLimitMiddleware (new in Starlette 1.x)
answers in plain text rather than the API's ``{"error": ...}`` shape. It reads at most the limit
(refusing at once a larger declared Content-Length, and a chunked body as soon as it passes the
limit) and hands the application the body it read.

``ClientLimits``: 429, with Retry-After, for a client beyond its rate of game creations or of
actions. Hand-written, a token bucket per client in a dict, because the ``limits`` library's
in-memory storage, tried first, keeps a timer thread that sweeps every client's entries every 10 ms
while any exist: with requests spread as a server gets them (``bench/limiter.py``: 2,000 a second
from 100 clients), it cost 21-27 µs of CPU per request (its fixed window; 44 µs its moving window,
140 µs with 5,000 clients) against 1.4 µs here (2.6 µs with 5,000); an action costs the server
about 800 µs in all. A client is its address: the peer's, or the one a trusted proxy names
(uvicorn's proxy headers: ``--forwarded-allow-ips``); an IPv6 client is its /64 network, which one
machine commonly has whole. Each server process counts alone (``--workers N``: a client whose
requests reach several workers may get up to N times the rate).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import math
import re
import time
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, Final

from wargame.engine.errors import WargameError

MAX_BODY: Final = 64 * 1024
BODY_SECONDS: Final = 10.0

Scope = dict[str, Any]
Message = dict[str, Any]


@dataclass(frozen=True)
class Rate:
    """``count`` requests at once, then ``count`` every ``seconds``; written ``COUNT/UNIT``."""

    count: int
    seconds: float
    unit: str

    def __str__(self) -> str:
        return f"{self.count}/{self.unit}"


UNITS: Final = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
OFF: Final = "off"


def rate(text: str) -> Rate | None:
    """``COUNT/UNIT`` (a unit of ``UNITS``) or ``off`` (None)."""
    if text.strip().lower() == OFF:
        return None
    found = re.fullmatch(r"\s*([0-9]+)\s*/\s*([a-z]+?)s?\s*", text.lower())
    if found is None or found.group(2) not in UNITS or int(found.group(1)) < 1:
        units = ", ".join(UNITS)
        raise WargameError(f"bad rate {text!r}: write COUNT/UNIT (a unit of {units}) or {OFF}")
    unit = found.group(2)
    return Rate(int(found.group(1)), UNITS[unit], unit)


@dataclass(frozen=True)
class Limits:
    """What a client or the server may ask for. These defaults, an application's, limit only the
    body; ``wargame serve``'s own defaults (cli.py) are an operator's."""

    create: Rate | None = None  # game creations per client
    act: Rate | None = None  # actions, undos and resignations per client
    bot_games: int | None = None  # live games with no human seat, per server process
    body_seconds: float = BODY_SECONDS
    expire_days: float | None = None  # unfinished games untouched this long are deleted

    def encode(self) -> str:
        """As text, for the environment of worker processes (``decode`` reads it)."""
        fields = asdict(self)
        fields["create"] = str(self.create or OFF)
        fields["act"] = str(self.act or OFF)
        return json.dumps(fields)

    @staticmethod
    def decode(text: str) -> Limits:
        fields = json.loads(text)
        return Limits(**fields | {"create": rate(fields["create"]), "act": rate(fields["act"])})


DEFAULT_LIMITS: Final = Limits()


class BodyLimit:
    def __init__(self, app: Any, limit: int = MAX_BODY, seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is None or declared < 0:
            await refuse(send, 400, "bad Content-Length header")
            return
        if declared > self.limit:
            await refuse(send, 413, f"request body larger than {self.limit} bytes")
            return
        try:
            body = await self._read_in_time(receive, declared > 0 or _chunked(scope))
        except TimeoutError:
            late = f"the request body did not arrive within {self.seconds:g} s"
            await refuse(send, 408, late, [(b"connection", b"close")])
            return
        if body is None:
            await refuse(send, 413, f"request body larger than {self.limit} bytes")
            return
        await self.app(scope, replay(body, receive), send)

    async def _read_in_time(self, receive: Any, has_body: bool) -> bytes | None:
        """The body, or TimeoutError; a request without one is complete already (uvicorn says so
        with its head), and the timer (7 µs a request here) is armed only for one with a body."""
        if not has_body:
            return await self._read(receive)
        async with asyncio.timeout(self.seconds):
            return await self._read(receive)

    async def _read(self, receive: Any) -> bytes | None:
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                return None
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        return b"".join(chunks)


def _content_length(scope: Scope) -> int | None:
    """The declared length (0 when none is declared), or None if it is not a number."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return 0


def _chunked(scope: Scope) -> bool:
    return any(name == b"transfer-encoding" for name, _ in scope.get("headers", ()))


def replay(body: bytes, receive: Any) -> Any:
    given = False

    async def replayed() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        message: Message = await receive()
        return message

    return replayed


async def refuse(
    send: Any, status: int, reason: str, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    body = json.dumps({"error": reason}).encode()
    head = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": head + (headers or [])})
    await send({"type": "http.response.body", "body": body})


# -- per client ---------------------------------------------------------------------------------

CREATE_PATH: Final = "/api/games"
REMATCH_PATH: Final = re.compile(r"/api/games/[^/]+/rematch")  # a creation too
CHANGE_PATH: Final = re.compile(r"/api/games/[^/]+/(?:actions|undo|resign)")


class ClientLimits:
    """ASGI middleware: 429 for a client beyond its rate of game creations or of changes."""

    def __init__(self, app: Any, create: Rate | None, act: Rate | None) -> None:
        self.app = app
        self.create = None if create is None else Buckets(create, "new games")
        self.act = None if act is None else Buckets(act, "actions")

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        buckets = self._buckets(scope) if scope["type"] == "http" else None
        if buckets is not None:
            wait = buckets.take(client(scope), time.monotonic())
            if wait:
                retry = str(math.ceil(wait)).encode()
                await refuse(send, 429, buckets.refusal(wait), [(b"retry-after", retry)])
                return
        await self.app(scope, receive, send)

    def _buckets(self, scope: Scope) -> Buckets | None:
        if scope["method"] != "POST":
            return None
        path = scope["path"]
        if path == CREATE_PATH or REMATCH_PATH.fullmatch(path):
            return self.create
        return self.act if CHANGE_PATH.fullmatch(path) else None


TIDY_FROM: Final = 1024


class Buckets:
    """A token bucket per client: ``rate.count`` requests at once, refilled at ``rate.count`` per
    ``rate.seconds``. A client whose bucket is full again is forgotten (when the map has doubled
    since it was last tidied), so the map holds about the clients of the last ``rate.seconds``."""

    def __init__(self, limit: Rate, what: str) -> None:
        self.rate = limit
        self.what = what
        self._per_second = limit.count / limit.seconds
        self._levels: dict[str, tuple[float, float]] = {}  # client -> (tokens, at)
        self._tidy_at = TIDY_FROM

    def take(self, key: str, now: float) -> float:
        """0 if the client may go on (it spends a token), else the seconds until it may."""
        tokens, then = self._levels.get(key, (self.rate.count, now))
        tokens = min(self.rate.count, tokens + (now - then) * self._per_second)
        if tokens < 1:
            self._levels[key] = (tokens, now)
            return (1 - tokens) / self._per_second
        self._levels[key] = (tokens - 1, now)
        if len(self._levels) > self._tidy_at:
            self._tidy(now)
        return 0.0

    def refusal(self, wait: float) -> str:
        return (
            f"too many {self.what} from this address: at most {self.rate.count} a "
            f"{self.rate.unit}; try again in {math.ceil(wait)} s"
        )

    def _tidy(self, now: float) -> None:
        full = self.rate.seconds
        self._levels = {key: v for key, v in self._levels.items() if now - v[1] < full}
        self._tidy_at = max(TIDY_FROM, 2 * len(self._levels))


def client(scope: Scope) -> str:
    """The client's address as the server knows it (after uvicorn's proxy headers)."""
    found = scope.get("client")
    host: str = found[0] if found else ""
    return _network(host) if ":" in host else host


@lru_cache(maxsize=4096)
def _network(host: str) -> str:
    try:
        return str(ipaddress.IPv6Network(f"{host}/64", strict=False))
    except ValueError:
        return host
