"""What keeps a seat's secret token and its page safe in a browser: the security headers of every
response, the API documentation pages' own policy, and how a request names its token.

Every response, whoever answers it (a page, a static file, FastAPI, the hot lane, an error, a 304),
carries a Content-Security-Policy that runs no script but the server's own files (no inline script,
no ``eval``, no inline style) and lets no other site frame the page, ``X-Content-Type-Options:
nosniff`` and ``Referrer-Policy: no-referrer``. The interactive API documentation (``/docs``,
``/redoc``) is FastAPI's page of Swagger UI or ReDoc, which load their scripts and styles from a
CDN and start from an inline script: those two pages have a policy of their own, which allows the
CDN, that inline script by its hash (not any inline script) and inline styles. They render only the
server's own OpenAPI document and are not the pages that hold seat tokens.

A token stays out of URLs, and so out of access logs and Referer headers: a seat's link carries it
in the fragment (``/play/{id}#token=...``, never sent to a server), the client sends it in an
``Authorization: Bearer`` header with every GET and in the JSON body of every POST, and as the
first message of its WebSocket. ``?token=`` still works for API clients written before.
"""

from __future__ import annotations

import base64
import hashlib
import re
from typing import Annotated, Any, Final

from fastapi import APIRouter, Depends, FastAPI, Query, Security
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from wargame.server.limits import Scope

POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; manifest-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The client's policy: ``connect-src 'self'`` covers the API and its WebSocket (ws: and wss: of
the same host), ``img-src data:`` the pages' empty icon (``<link rel="icon" href="data:,">``)."""

CDN: Final = "https://cdn.jsdelivr.net"
_DOCS_SOURCES: Final = {
    "style-src": f"{CDN} https://fonts.googleapis.com 'unsafe-inline'",
    "font-src": "https://fonts.gstatic.com",
    "img-src": "'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly",
    "connect-src": "'self'",
    "worker-src": "blob:",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'none'",
    "frame-ancestors": "'none'",
}
_INLINE_SCRIPT: Final = re.compile(r"<script>(.*?)</script>", re.DOTALL)

_OTHER_HEADERS: Final = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
_HEADERS: Final = [(b"content-security-policy", POLICY.encode()), *_OTHER_HEADERS]


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP response; a response that has a
    Content-Security-Policy of its own (the documentation pages) keeps it."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = with_security_headers(message.get("headers", []))
            await send(message)

        await self.app(scope, receive, secured)


def with_security_headers(headers: Any) -> list[Any]:
    headers = list(headers)
    has_policy = any(name.lower() == b"content-security-policy" for name, _ in headers)
    return headers + (_OTHER_HEADERS if has_policy else _HEADERS)


# -- the API documentation ------------------------------------------------------------------------


def docs_routes(app: FastAPI) -> APIRouter:
    """``/docs`` (Swagger UI) and ``/redoc`` as FastAPI serves them, under their own policy (the
    application is made with ``docs_url=None, redoc_url=None``)."""
    openapi_url = str(app.openapi_url)
    swagger = get_swagger_ui_html(
        openapi_url=openapi_url, title=f"{app.title} - Swagger UI", oauth2_redirect_url=None
    ).body
    redoc = get_redoc_html(openapi_url=openapi_url, title=f"{app.title} - ReDoc").body
    headers = {"Content-Security-Policy": docs_policy(bytes(swagger) + bytes(redoc))}
    router = APIRouter(include_in_schema=False)

    @router.get("/docs")
    async def swagger_ui() -> HTMLResponse:
        return HTMLResponse(swagger, headers=headers)

    @router.get("/redoc")
    async def redoc_page() -> HTMLResponse:
        return HTMLResponse(redoc, headers=headers)

    return router


def docs_policy(pages: bytes) -> str:
    """The documentation pages' policy: scripts from the CDN and the pages' own inline scripts,
    named by their SHA-256."""
    hashes = [script_hash(script) for script in _INLINE_SCRIPT.findall(pages.decode())]
    sources = {"default-src": "'none'", "script-src": " ".join([CDN, *hashes]), **_DOCS_SOURCES}
    return "; ".join(f"{name} {value}" for name, value in sources.items())


def script_hash(script: str) -> str:
    digest = hashlib.sha256(script.encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


# -- a request's token ----------------------------------------------------------------------------

_BEARER_HEADER: Final = re.compile(rb"[Bb][Ee][Aa][Rr][Ee][Rr] ([A-Za-z0-9_-]{1,200})")
_BEARER: Final = HTTPBearer(
    auto_error=False,
    description="the seat's or the spectator's token: `Authorization: Bearer <token>`",
)


def seat_token(
    bearer: Annotated[HTTPAuthorizationCredentials | None, Security(_BEARER)],
    token: Annotated[
        str, Query(description="the token, for clients that cannot send the header")
    ] = "",
) -> str:
    """The token of the request: its Authorization header's, else its query's."""
    return bearer.credentials if bearer else token


SeatToken = Annotated[str, Depends(seat_token)]


def hot_token(scope: Scope, query_token: str) -> str | None:
    """``seat_token`` for the hot lane: the Authorization header's token, else ``query_token``;
    None if the request has a header of another form (FastAPI then judges it)."""
    found = [value for name, value in scope["headers"] if name == b"authorization"]
    if not found:
        return query_token
    bearer = _BEARER_HEADER.fullmatch(found[0]) if len(found) == 1 else None
    return bearer.group(1).decode() if bearer else None
