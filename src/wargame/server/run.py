"""``wargame serve``: open the store, bind the socket, run the application with uvicorn.

The socket is bound here, before uvicorn starts, so that a bad host or a busy port is one line from
the command (a WargameError) rather than a log record and an exit from inside uvicorn.

A server whose database writer has stopped for good (``Store.stopped``) exits: the command with
status 1 and one line, a worker process of ``--workers N`` by its SIGTERM, and uvicorn's supervisor
starts another. A stop (SIGTERM) waits ``GRACEFUL_SECONDS`` at most for open requests.
"""

from __future__ import annotations

import gc
import logging
import os
import re
import signal
import socket
from typing import Any

import uvicorn
from sqlalchemy.engine import make_url
from uvicorn.supervisors import Multiprocess

from wargame.engine.errors import WargameError
from wargame.games import load_plugins
from wargame.server.app import create_app
from wargame.server.catalog import catalog
from wargame.server.coalesce import JoinedWritesProtocol
from wargame.server.limits import DEFAULT_LIMITS, MAX_BODY, Limits
from wargame.server.store import BUSY_TIMEOUT, DEFAULT_DURABILITY, Store


def serve(
    host: str,
    port: int,
    database: str | None,
    bot_delay: float = 0.0,
    workers: int = 1,
    *,
    bot_processes: int = 0,
    durability: str = DEFAULT_DURABILITY,
    busy_timeout: float = BUSY_TIMEOUT,
    limits: Limits = DEFAULT_LIMITS,
    forwarded_allow_ips: str | None = None,
) -> None:
    """Serve until stopped; with ``workers`` above 1, that many server processes share the socket
    and the database (uvicorn's supervisor starts them and restarts one that dies).
    ``durability``: how far an acknowledged action is safe (``store.DURABILITY``);
    ``busy_timeout``: how long a write waits for a busy database; ``limits``: what a client and
    the server may ask; ``bot_processes``: worker processes per server process where bots
    think; ``forwarded_allow_ips``: the proxies whose X-Forwarded-For names the
    client (uvicorn's default: $FORWARDED_ALLOW_IPS, else 127.0.0.1)."""
    if not 1 <= workers <= MAX_WORKERS:
        raise WargameError(f"--workers must be between 1 and {MAX_WORKERS}")
    listening = bind(host, port, shared=workers > 1)
    try:
        store = Store(database, durability, busy_timeout)  # a bad URL or database: one line
    except WargameError:
        listening.close()
        raise
    shown = make_url(store.url).render_as_string(hide_password=True)
    port = listening.getsockname()[1]
    print(
        f"wargame: serving on http://{_display(host)}:{port}/ (database {shown}, "
        f"durability {durability})",
        flush=True,
    )
    settings = _SETTINGS | _forwarded(forwarded_allow_ips)
    if workers > 1:
        store.close()
        _worker_environment(store, bot_delay, bot_processes, limits)
        _serve_in_processes(listening, workers, settings)
        return
    app = create_app(
        store=store,
        bot_delay=bot_delay,
        bot_processes=bot_processes,
        on_started=settle,
        limits=limits,
    )
    server = uvicorn.Server(uvicorn.Config(app, **settings))
    hide_tokens()
    store.when_stopped(lambda _reason: setattr(server, "should_exit", True))
    try:
        server.run(sockets=[listening])
    finally:
        store.close()
    if store.stopped is not None:
        raise WargameError(f"the database writer has stopped ({store.stopped}); exiting")


log = logging.getLogger("wargame.server")
MAX_WORKERS = 64
GRACEFUL_SECONDS = 3
_SETTINGS: dict[str, Any] = {
    "log_level": "info",
    "lifespan": "on",
    "access_log": False,
    "ws_max_size": MAX_BODY,
    "http": JoinedWritesProtocol,
    "timeout_graceful_shutdown": GRACEFUL_SECONDS,
}
_DATABASE = "WARGAME_SERVE_DATABASE"
_DURABILITY = "WARGAME_SERVE_DURABILITY"
_BUSY_TIMEOUT = "WARGAME_SERVE_BUSY_TIMEOUT"
_BOT_DELAY = "WARGAME_SERVE_BOT_DELAY"
_BOT_PROCESSES = "WARGAME_SERVE_BOT_PROCESSES"
_LIMITS = "WARGAME_SERVE_LIMITS"


def _forwarded(allow_ips: str | None) -> dict[str, Any]:
    return {} if allow_ips is None else {"forwarded_allow_ips": allow_ips}


def _serve_in_processes(listening: socket.socket, workers: int, settings: dict[str, Any]) -> None:
    """Each worker process builds its own application (``worker_app``) from the environment
    (``_worker_environment``)."""
    config = uvicorn.Config(
        "wargame.server.run:worker_app", factory=True, workers=workers, **settings
    )
    _WorkersOnOnePort(config, sockets=[listening]).run()


def _worker_environment(store: Store, bot_delay: float, bot_processes: int, limits: Limits) -> None:
    os.environ[_DATABASE] = store.url
    os.environ[_DURABILITY] = store.durability
    os.environ[_BUSY_TIMEOUT] = repr(store.busy_timeout)
    os.environ[_BOT_DELAY] = repr(bot_delay)
    os.environ[_BOT_PROCESSES] = str(bot_processes)
    os.environ[_LIMITS] = limits.encode()


class _WorkersOnOnePort(Multiprocess):
    """uvicorn's supervisor of worker processes, but each worker listens on a socket of its own
    bound to the one port (SO_REUSEPORT), and the kernel spreads new connections over them. On one
    shared socket, the worker that wakes first accepts every connection waiting: measured with
    ``bench/load.py --workers 2``, all 100 keep-alive connections went to one worker, the other
    served nothing. ``sockets`` is read each time a worker is started (its first, a restart)."""

    @property  # type: ignore[override]
    def sockets(self) -> list[socket.socket]:
        return [_listen(self._address)]

    @sockets.setter
    def sockets(self, reserved: list[socket.socket]) -> None:
        self._address = reserved[0].getsockname()


def worker_app() -> Any:
    """The application of one worker process of ``serve(..., workers=N)``: a fresh interpreter,
    which loads the plugin games as the command did."""
    load_plugins()
    app = create_app(
        os.environ[_DATABASE],
        durability=os.environ[_DURABILITY],
        busy_timeout=float(os.environ[_BUSY_TIMEOUT]),
        bot_delay=float(os.environ[_BOT_DELAY]),
        bot_processes=int(os.environ[_BOT_PROCESSES]),
        limits=Limits.decode(os.environ[_LIMITS]),
        on_started=settle,
    )
    app.state.service.store.when_stopped(_stop_worker)
    hide_tokens()
    return app


def _stop_worker(reason: str) -> None:
    """Stop this worker process as SIGTERM does (it then dies of it, and the supervisor starts
    another)."""
    log.error("exiting: the database writer has stopped (%s)", reason)
    os.kill(os.getpid(), signal.SIGTERM)


class _HideTokens(logging.Filter):
    """Records show a seat's token as ``token=…``: uvicorn logs the whole URL of a WebSocket when
    it connects, and its query holds the token."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = _hidden(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_hidden(a) if isinstance(a, str) else a for a in record.args)
        return True


_TOKEN = re.compile(r"token=[^&\s\"']*")


def _hidden(text: str) -> str:
    return _TOKEN.sub("token=…", text) if "token=" in text else text


def hide_tokens() -> None:
    """Keep seat tokens out of uvicorn's log records (its own and its access log's)."""
    for name in ("uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        if not any(isinstance(known, _HideTokens) for known in logger.filters):
            logger.addFilter(_HideTokens())


def settle() -> None:
    """Load the games' data and set everything made so far aside from the garbage collector
    (``gc.freeze``), so that its full collections look only at what requests make. Called once
    uvicorn has started (its protocol modules, uvloop and websockets, are imported by then: some
    96,000 objects that a freeze before the start left to the first full collection under load,
    a pause of about 100 ms). Timed with ``gc.callbacks`` under ``bench/load.py toy --games 100``:
    without a freeze, full collections paused the server for 150 ms and more, the tail of its
    latency."""
    catalog()
    gc.collect()
    gc.freeze()


def bind(host: str, port: int, shared: bool = False) -> socket.socket:
    """A socket listening on ``host:port``; if ``shared``, only bound, with SO_REUSEPORT, for the
    workers to listen on the port with sockets of their own (it holds the port, never a
    connection: the kernel routes connections to listening sockets only)."""
    if not 0 <= port <= 65535:
        raise WargameError(f"port {port} is not between 0 and 65535")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        if shared:
            return _reusing(family, (host, port))
        return socket.create_server((host, port), family=family, backlog=BACKLOG)
    except OSError as error:
        reason = error.strerror or str(error)
        raise WargameError(f"cannot listen on {host}:{port}: {reason}") from None


BACKLOG = 2048


def _reusing(family: socket.AddressFamily, address: Any) -> socket.socket:
    """A socket bound to ``address`` that other sockets of this user may bind too."""
    bound = socket.socket(family, socket.SOCK_STREAM)
    try:
        bound.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        bound.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        bound.bind(address)
    except OSError:
        bound.close()
        raise
    return bound


def _listen(address: Any) -> socket.socket:
    family = socket.AF_INET6 if len(address) == 4 else socket.AF_INET
    listening = _reusing(family, address)
    listening.listen(BACKLOG)
    return listening


def _display(host: str) -> str:
    return f"[{host}]" if ":" in host else host
