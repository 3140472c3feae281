"""The HTTP and WebSocket API, as a FastAPI application (its OpenAPI document is served at /docs).

Routes only translate: they validate the request (pydantic models, so /openapi.json describes the
contract), run the service in a worker thread, tell ``live`` about a change, and turn every refusal
into a 4xx response ``{"error": "<one line>"}`` (a stale version adds ``"version"``). The requests
of every move, views and actions, are served ahead of FastAPI by the hot lane (``hot``), which
answers them alike and leaves FastAPI every request it cannot read without doubt.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException

from wargame import __version__
from wargame.engine.contract import Game
from wargame.engine.i18n import LANGUAGES
from wargame.games import REGISTRY
from wargame.server import models
from wargame.server.bot_seats import BotPool, registered_game
from wargame.server.catalog import backdrop_json, catalog, etag, gzipped, static_json
from wargame.server.hot import GZIP_FROM, INTERNAL_ERROR, HotLane, accepts_gzip
from wargame.server.limits import DEFAULT_LIMITS, BodyLimit, ClientLimits, Limits
from wargame.server.live import Live, expire_abandoned, in_thread
from wargame.server.models import Lang
from wargame.server.pages import STATIC, about_game, page_routes
from wargame.server.security import SeatToken, SecurityHeaders, docs_routes
from wargame.server.service import (
    ApiError,
    NotFound,
    Service,
    Viewer,
    error_body,
    is_bot,
    refusal,
)
from wargame.server.store import BUSY_TIMEOUT, DEFAULT_DURABILITY, Store, StoreError

log = logging.getLogger("wargame.server")

_REASONS = {
    400: "malformed request",
    403: "unknown token, or a seat that may not do this",
    404: "no such game",
    408: "the request body did not arrive in time (the connection is closed)",
    409: "stale version: the game has moved on (the body gives the current version); for a "
    "rematch, one was made already (the body names it)",
    413: "request body larger than 64 KB",
    422: "the game refuses the action (its reason is the error)",
    429: "too many requests of this kind from this address (Retry-After: seconds to wait)",
    503: "the server cannot do this now: the database is busy, read-only or away, or too many "
    "bot-only games run (Retry-After: seconds to wait)",
}


_DESCRIPTION = """Rules-enforced board wargames over HTTP. A game has one secret token per human
seat and one for spectators; every request names it: a GET in the header
`Authorization: Bearer <token>` (clients written before it may still send the query parameter
`token`; the header wins), a POST in its JSON body. Tokens are kept out of URLs, which end in access
logs and Referer headers: a seat's link, `/play/{id}#token=<token>`, carries it in the fragment,
which a browser never sends. Every change moves the game's `version` on by one, and a change must
name the version it was chosen at (else 409). Errors are `{"error": "<one line>"}` with a 4xx
status, or 503 (with `Retry-After`) when the server cannot do it now; `GET /health` answers 503
once the server cannot store games any more.

Log paging: `log_from=N` (a query parameter of GET, of the POSTs and of the WebSocket) asks only
for the log entries from index N on: `view.log` and `log_text` are cut alike, `log_total` is the
viewer's whole log length, `log_base` the `log_hash` of the first N lines (a client appends the
page only to lines with that hash). A `log_from` beyond the log (after an undo) answers the whole
log with `log_from` 0: the client starts its log again. Without `log_from`, the whole log.

WebSocket `/api/games/{game_id}/ws?lang=en|ja[&log_from=N]`: a browser cannot send headers with a
WebSocket, so the client's first message is `{"token": "<token>"}` (a client that sends the
Authorization header or `?token=` sends no such message). Then, and after every change, the server
sends `{"type": "state", ...}` with the body of `GET /api/games/{game_id}` for that viewer (schema
`StateMessage`); with `log_from`, each message has only the lines after those the connection sent
before (the first, those from N on). A bad token or first message gets
`{"type": "error", "error": ...}` and a close code 4000 + the HTTP status (4403, 4400)."""


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": models.ErrorBody, "description": _REASONS[code]} for code in codes}


def create_app(
    database: str | None = None,
    *,
    durability: str = DEFAULT_DURABILITY,
    store: Store | None = None,
    bot_delay: float = 0.0,
    bot_processes: int = 0,
    lookup: Callable[[str], Game] = REGISTRY.game,
    bot_lookup: Callable[[str], Game] = registered_game,
    hot_lane: bool = True,
    on_started: Callable[[], None] | None = None,
    limits: Limits = DEFAULT_LIMITS,
    busy_timeout: float = BUSY_TIMEOUT,
) -> FastAPI:
    """The server over ``store`` (or a store opened on ``database``, default SQLite, with that
    ``durability``: ``store.DURABILITY``, and ``busy_timeout``); without ``hot_lane``, FastAPI
    serves every request (the tests compare the two). ``on_started`` is called once the server
    has started, before the first request. ``limits``: what a client and the server may ask.
    Bots that search think in ``bot_processes`` worker processes (0: in threads), which find a
    game with ``bot_lookup`` (picklable: a module's function)."""
    own_store = store is None
    store = store or Store(database, durability, busy_timeout)
    service = Service(store, lookup)
    live = Live(service, bot_delay, BotPool(bot_processes, lookup, in_thread, bot_lookup))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if on_started:
            on_started()
        expiring = None
        if limits.expire_days is not None:
            expiring = asyncio.create_task(expire_abandoned(store, limits.expire_days, live.bots))
        yield
        if expiring is not None:
            expiring.cancel()
        await live.stop()
        if own_store:
            store.close()

    app = PlayServer(
        title="wargame play server",
        version=__version__,
        description=_DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # docs_routes serves them, under their own security policy
        redoc_url=None,
    )
    app.state.service = service
    app.state.live = live
    app.state.hot_lane = hot_lane
    app.state.limits = limits
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_FROM)
    _add_error_handlers(app)
    app.include_router(api_routes(service, live, limits))
    app.include_router(health_routes(store))
    app.include_router(page_routes(service))
    app.include_router(docs_routes(app))
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")
    return app


class PlayServer(FastAPI):
    """The FastAPI application behind the client limits, the body limit and the hot lane
    (``hot``), which serves the requests of every move before FastAPI's own middleware (error
    pages, telemetry) sees them: the limits hold for both."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """HTTP requests go straight to the middleware stack: FastAPI's own ``__call__`` only adds
        its optional OpenTelemetry hook, which looked up the environment on every request (2% of
        the event loop under ``bench/load.py``). Lifespan and WebSocket scopes go through it."""
        if scope["type"] == "http" and self.middleware_stack is not None:
            scope["app"] = self
            await self.middleware_stack(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)

    def build_middleware_stack(self) -> Any:
        stack = super().build_middleware_stack()
        if self.state.hot_lane:
            stack = HotLane(stack, self.state.service, self.state.live)
        limits: Limits = self.state.limits
        stack = BodyLimit(stack, seconds=limits.body_seconds)
        if limits.create is not None or limits.act is not None:
            stack = ClientLimits(stack, limits.create, limits.act)
        return SecurityHeaders(stack)


def json_bytes(body: bytes, status: int = 200) -> Response:
    return Response(content=body, status_code=status, media_type="application/json")


def health_routes(store: Store) -> APIRouter:
    router = APIRouter()

    @router.get("/health", response_model=models.Health, responses=errors(503))
    async def health() -> Response:
        """200 while the server can store games; 503 once its database writer has stopped for
        good (the server then exits, for its supervisor to start it again)."""
        if store.stopped is not None:
            return json_bytes(_WRITER_STOPPED, 503)
        return json_bytes(b'{"status":"ok"}')

    return router


_WRITER_STOPPED = b'{"error":"the database writer has stopped; the server is restarting"}'


def api_routes(service: Service, live: Live, limits: Limits) -> APIRouter:
    router = APIRouter(prefix="/api")
    _add_game_routes(router, service, live, limits)
    _add_play_routes(router, service, live)

    @router.get("/catalog", response_model=list[models.CatalogEntry])
    async def get_catalog() -> Any:
        return await in_thread(catalog)

    @router.get("/about/{game}", response_model=models.AboutBody, responses=errors(404))
    async def get_about(game: str) -> Any:
        return await in_thread(about_game, service, game)

    @router.get("/kinds/{game}/static", response_model=models.StaticBody, responses=errors(404))
    async def get_kind_static(request: Request, game: str, lang: Lang = "en") -> Response:
        """The static data of a kind of game (what ``static_url`` of a game's body names)."""
        kind = await in_thread(service.kind, game)
        return await _unchanging(request, static_json, kind, lang)

    @router.get("/kinds/{game}/backdrop", response_model=models.BackdropBody, responses=errors(404))
    async def get_kind_backdrop(request: Request, game: str) -> Response:
        """The backdrop of a kind of game (what ``backdrop_url`` of a game's body names)."""
        return await _unchanging(request, backdrop_json, await in_thread(service.kind, game))

    @router.get("/kinds/{game}/overlay-template", responses=errors(404))
    async def get_overlay_template(game: str) -> Response:
        """A rules overlay of every printed table of a kind of game as it has them (YAML), for a
        player to correct with the values of their own charts and give back as ``rules_overlay``
        (404 for a game without printed tables)."""
        kind = await in_thread(service.kind, game)
        if kind.tables is None:
            raise NotFound(f"{kind.id} has no printed tables to replace")
        text = await in_thread(kind.tables.template)
        disposition = f'attachment; filename="{kind.id}-charts.yaml"'
        headers = {"Content-Disposition": disposition}
        return Response(text, media_type="application/yaml", headers=headers)

    @router.websocket("/games/{game_id}/ws")
    async def socket(
        websocket: WebSocket,
        game_id: str,
        token: SeatToken,
        lang: str = "en",
        log_from: int | None = None,
    ) -> None:
        lang = lang if lang in LANGUAGES else "en"
        await live.serve(websocket, game_id, token, lang, _at_least_zero(log_from))

    return router


def _add_game_routes(router: APIRouter, service: Service, live: Live, limits: Limits) -> None:
    @router.post(
        "/games",
        status_code=201,
        response_model=models.Created,
        responses=errors(400, 408, 413, 429, 503),
    )
    async def create_game(new: models.NewGame) -> Any:
        """A new game; one with no human seat only while fewer than the server's cap of them
        run (else 503)."""
        seats = dict(new.seats)
        create = partial(
            service.create,
            spectator_delay=new.spectator_delay,
            hot_seat=new.hot_seat,
            rules_overlay=new.rules_overlay,
        )
        bot_only = service.bot_only(new.game, seats)
        with live.bot_game_slot(limits.bot_games if bot_only else None):
            created = await in_thread(create, new.game, new.scenario, new.seed, new.options, seats)
            if any(is_bot(kind) for kind in seats.values()):
                live.poke(created["id"], bot_only=bot_only)
        return created

    @router.post(
        "/games/{game_id}/rematch",
        status_code=201,
        response_model=models.Rematched,
        responses=errors(400, 403, 404, 408, 409, 413, 429, 503),
    )
    async def rematch(game_id: str, asked: models.Token) -> Any:
        """Once the game is over, a seat of it asks for a new game of the same kind, scenario
        and options, the seats' kinds moved on by one side (two sides swap), with a new secret
        seed; the body is the creation's, plus ``seat_of``. A game has one rematch."""
        created = await in_thread(service.rematch, game_id, asked.token)
        if service.has_bots(created["id"]):
            live.poke(created["id"])
        return created

    @router.post("/games/summaries", response_model=models.Summaries, responses=errors(400))
    async def summaries(asked: models.SummaryRequest) -> Any:
        """Where each game a browser holds stands (title, scenario, turn, who must act, result,
        last change), each asked with one of its tokens, in the body; an unknown game or token
        gets an ``error`` line of its own."""
        pairs = [(entry.id, entry.token) for entry in asked.games]
        return {"games": await in_thread(service.summaries, pairs, asked.lang)}

    @router.get("/games/{game_id}", response_model=models.GameBody, responses=errors(403, 404))
    async def get_game(
        game_id: str, token: SeatToken, lang: Lang = "en", log_from: LogFrom = None
    ) -> Response:
        viewer, bots = await in_thread(_open, service, game_id, token)
        if bots:
            live.poke(game_id)  # resumes bots that a stopped server left to move
        return json_bytes(await in_thread(service.body, viewer, lang, log_from))

    @router.get("/games/{game_id}/static", response_model=models.StaticBody, responses=errors(404))
    async def get_static(request: Request, game_id: str, lang: Lang = "en") -> Response:
        game = await in_thread(service.game_of, game_id)
        return await _unchanging(request, static_json, game, lang)

    @router.get(
        "/games/{game_id}/backdrop", response_model=models.BackdropBody, responses=errors(404)
    )
    async def get_backdrop(request: Request, game_id: str) -> Response:
        game = await in_thread(service.game_of, game_id)
        return await _unchanging(request, backdrop_json, game)

    @router.get("/games/{game_id}/record", response_model=models.RecordBody, responses=errors(403))
    async def get_record(game_id: str, token: SeatToken) -> Any:
        return await in_thread(service.record, game_id, token)

    @router.get("/games/{game_id}/verify", response_model=models.VerifyBody, responses=errors(403))
    async def get_verify(game_id: str, token: SeatToken) -> Any:
        """Once the game is over: its seed and salt against the commitment shown from the start,
        and every roll, draw and shuffle recomputed from the seed (``wargame verify``)."""
        return await in_thread(service.verify, game_id, token)

    @router.get(
        "/games/{game_id}/replay", response_model=models.ReplayBody, responses=errors(400, 403, 404)
    )
    async def get_replay(
        game_id: str, n: int, token: SeatToken, seat: str = "", lang: Lang = "en"
    ) -> Response:
        """The position after the first ``n`` actions, seen by ``seat`` ("" for a spectator);
        once the game is over, or while it runs for the spectator link, as a spectator, up to the
        position its delay shows (``n`` at most ``delay.shown`` of its body)."""
        return json_bytes(await in_thread(service.replay, game_id, token, n, seat, lang))


_CACHE = {"Cache-Control": "public, max-age=3600"}


async def _unchanging(request: Request, encoded: Callable[..., bytes], *key: Any) -> Response:
    """A body that never changes while the server runs (``encoded(*key)``, kept), sent gzipped
    from a copy compressed once when the client accepts it: these bodies are large (Empire of
    the Sun's backdrop is about 1 MB), and GZipMiddleware would compress them again for every
    request (some 200 ms of CPU for the backdrop). Its ETag lets a client that has it already
    (another game of the kind, an hour later) ask again and get an empty 304."""
    body = await in_thread(encoded, *key)
    tag = etag(body)
    headers = {**_CACHE, "ETag": tag}
    if tag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    if not accepts_gzip(request.scope):
        return Response(body, media_type="application/json", headers=headers)
    headers |= {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
    return Response(await in_thread(gzipped, body), media_type="application/json", headers=headers)


LogFrom = Annotated[
    int | None,
    Query(ge=0, description="only the log entries from this index on (see the description)"),
]


def _at_least_zero(log_from: int | None) -> int | None:
    return None if log_from is None else max(0, log_from)


_PLAY_ERRORS = errors(400, 403, 404, 408, 409, 413, 422, 429, 503)


def _add_play_routes(router: APIRouter, service: Service, live: Live) -> None:
    @router.post("/games/{game_id}/actions", response_model=models.GameBody, responses=_PLAY_ERRORS)
    async def post_action(
        game_id: str, move: models.Move, lang: Lang = "en", log_from: LogFrom = None
    ) -> Response:
        act = partial(service.act, log_from=log_from)
        return await _change(live, game_id, act, move.token, move.version, move.action, lang)

    @router.post("/games/{game_id}/undo", response_model=models.GameBody, responses=_PLAY_ERRORS)
    async def post_undo(
        game_id: str, asked: models.TokenVersion, lang: Lang = "en", log_from: LogFrom = None
    ) -> Response:
        undo = partial(service.undo, log_from=log_from)
        return await _change(live, game_id, undo, asked.token, asked.version, lang)

    @router.post("/games/{game_id}/resign", response_model=models.GameBody, responses=_PLAY_ERRORS)
    async def post_resign(
        game_id: str, asked: models.TokenVersion, lang: Lang = "en", log_from: LogFrom = None
    ) -> Response:
        resign = partial(service.resign, log_from=log_from)
        return await _change(live, game_id, resign, asked.token, asked.version, lang)


async def _change(live: Live, game_id: str, call: Any, *args: Any) -> Response:
    """Run one stored change of the game in a worker thread, then tell the live connections."""
    body = await in_thread(call, game_id, *args)
    live.changed(game_id)
    return json_bytes(body)


def _open(service: Service, game_id: str, token: str) -> tuple[Viewer, bool]:
    return service.viewer(game_id, token), service.has_bots(game_id)


# -- errors -------------------------------------------------------------------------------------


def _add_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    for database_error in (SQLAlchemyError, StoreError, sqlite3.Error):
        app.add_exception_handler(database_error, _database_error)
    app.add_exception_handler(Exception, _server_error)


async def _api_error(_request: Request, error: Exception) -> Response:
    assert isinstance(error, ApiError)
    return _refused(error)


def _refused(error: ApiError) -> Response:
    response = json_bytes(error_body(error), error.status)
    response.headers.update(error.headers)
    return response


async def _database_error(request: Request, error: Exception) -> Response:
    """503 for database trouble (busy, read-only, away), logged as one line; else a bug."""
    refused = refusal(error)
    if refused is None:
        log.error("internal error in %s %s", request.method, request.url.path, exc_info=error)
        return json_bytes(INTERNAL_ERROR, 500)
    log.warning("%s %s: %s", request.method, request.url.path, refused.message)
    return _refused(refused)


async def _validation_error(_request: Request, error: Exception) -> Response:
    assert isinstance(error, RequestValidationError)
    return JSONResponse({"error": validation_reason(error.errors())}, status_code=400)


async def _http_error(_request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return JSONResponse({"error": str(error.detail)}, status_code=error.status_code)


async def _server_error(_request: Request, _error: Exception) -> Response:
    return json_bytes(INTERNAL_ERROR, 500)


def validation_reason(problems: Any) -> str:
    """One line for the first problem pydantic found in a request."""
    if not problems:
        return "malformed request"
    first = problems[0]
    if first.get("type") == "json_invalid":
        return f"malformed JSON: {first.get('ctx', {}).get('error', 'cannot be parsed')}"
    where = ".".join(str(part) for part in first.get("loc", ())[1:]) or "body"
    return f"{where}: {first.get('msg', 'invalid')}"
