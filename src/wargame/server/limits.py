"""A request body limit (413 above 64 KB) as plain ASGI middleware.

Hand-written because uvicorn does not bound a body, and Starlette's own RequestBodyLimitMiddleware
(new in Starlette 1.x) answers in plain text rather than the API's ``{"error": ...}`` shape. This
one reads at most the limit (refusing at once a larger declared Content-Length, and a chunked body
as soon as it passes the limit) and hands the application the body it read.
"""

from __future__ import annotations

import json
from typing import Any, Final

MAX_BODY: Final = 64 * 1024

Scope = dict[str, Any]
Message = dict[str, Any]


class BodyLimit:
    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is None or declared < 0:
            await _refuse(send, 400, "bad Content-Length header")
            return
        if declared > self.limit:
            await _refuse(send, 413, f"request body larger than {self.limit} bytes")
            return
        body = await self._read(receive)
        if body is None:
            await _refuse(send, 413, f"request body larger than {self.limit} bytes")
            return
        await self.app(scope, replay(body, receive), send)

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


async def _refuse(send: Any, status: int, reason: str) -> None:
    body = json.dumps({"error": reason}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
