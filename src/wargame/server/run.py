"""``wargame serve``: open the store, bind the socket, run the application with uvicorn.

The socket is bound here, before uvicorn starts, so that a bad host or a busy port is one line from
the command (a WargameError) rather than a log record and an exit from inside uvicorn.
"""

from __future__ import annotations

import gc
import os
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
from wargame.server.limits import MAX_BODY
from wargame.server.store import DEFAULT_DURABILITY, Store


def serve(
    host: str,
    port: int,
    database: str | None,
    bot_delay: float = 0.0,
    workers: int = 1,
    *,
    durability: str = DEFAULT_DURABILITY,
) -> None:
    """Serve until stopped; with ``workers`` above 1, that many server processes share the socket
    and the database (uvicorn's supervisor starts them and restarts one that dies).
    ``durability``: how far an acknowledged action is safe (``store.DURABILITY``)."""
    if not 1 <= workers <= MAX_WORKERS:
        raise WargameError(f"--workers must be between 1 and {MAX_WORKERS}")
    listening = bind(host, port, shared=workers > 1)
    try:
        store = Store(database, durability)  # a bad URL or database is one line, here
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
    if workers > 1:
        store.close()
        _serve_in_processes(listening, store, bot_delay, workers)
        return
    app = create_app(store=store, bot_delay=bot_delay, on_started=settle)
    config = uvicorn.Config(app, **_SETTINGS)
    try:
        uvicorn.Server(config).run(sockets=[listening])
    finally:
        store.close()


MAX_WORKERS = 64
_SETTINGS: dict[str, Any] = {
    "log_level": "info",
    "lifespan": "on",
    "access_log": False,
    "ws_max_size": MAX_BODY,
    "http": JoinedWritesProtocol,
}
_DATABASE = "WARGAME_SERVE_DATABASE"
_DURABILITY = "WARGAME_SERVE_DURABILITY"
_BOT_DELAY = "WARGAME_SERVE_BOT_DELAY"


def _serve_in_processes(
    listening: socket.socket, store: Store, bot_delay: float, workers: int
) -> None:
    """Each worker process builds its own application (``worker_app``) from the environment."""
    os.environ[_DATABASE] = store.url
    os.environ[_DURABILITY] = store.durability
    os.environ[_BOT_DELAY] = repr(bot_delay)
    config = uvicorn.Config(
        "wargame.server.run:worker_app", factory=True, workers=workers, **_SETTINGS
    )
    _WorkersOnOnePort(config, sockets=[listening]).run()


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
    delay = float(os.environ[_BOT_DELAY])
    durability = os.environ[_DURABILITY]
    return create_app(
        os.environ[_DATABASE], durability=durability, bot_delay=delay, on_started=settle
    )


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
