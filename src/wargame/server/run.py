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
from wargame.server.limits import MAX_BODY
from wargame.server.store import Store


def serve(
    host: str, port: int, database: str | None, bot_delay: float = 0.0, workers: int = 1
) -> None:
    """Serve until stopped; with ``workers`` above 1, that many server processes share the socket
    and the database (uvicorn's supervisor starts them and restarts one that dies)."""
    if not 1 <= workers <= MAX_WORKERS:
        raise WargameError(f"--workers must be between 1 and {MAX_WORKERS}")
    listening = bind(host, port)
    try:
        store = Store(database)  # a bad URL or an unusable database is one line, here
    except WargameError:
        listening.close()
        raise
    shown = make_url(store.url).render_as_string(hide_password=True)
    port = listening.getsockname()[1]
    print(f"wargame: serving on http://{_display(host)}:{port}/ (database {shown})", flush=True)
    if workers > 1:
        store.close()
        _serve_in_processes(listening, store.url, bot_delay, workers)
        return
    config = uvicorn.Config(settled(create_app(store=store, bot_delay=bot_delay)), **_SETTINGS)
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
}
_DATABASE = "WARGAME_SERVE_DATABASE"
_BOT_DELAY = "WARGAME_SERVE_BOT_DELAY"


def _serve_in_processes(listening: socket.socket, url: str, bot_delay: float, workers: int) -> None:
    """Each worker process builds its own application (``worker_app``) from the environment."""
    os.environ[_DATABASE] = url
    os.environ[_BOT_DELAY] = repr(bot_delay)
    config = uvicorn.Config(
        "wargame.server.run:worker_app", factory=True, workers=workers, **_SETTINGS
    )
    Multiprocess(config, sockets=[listening]).run()


def worker_app() -> Any:
    """The application of one worker process of ``serve(..., workers=N)``: a fresh interpreter,
    which loads the plugin games as the command did."""
    load_plugins()
    return settled(create_app(os.environ[_DATABASE], bot_delay=float(os.environ[_BOT_DELAY])))


def settled(app: Any) -> Any:
    """``app`` once the games' data is loaded and everything made so far is set aside from the
    garbage collector (``gc.freeze``), so that its full collections look only at what requests
    make. Timed with ``gc.callbacks`` under ``bench/load.py toy --games 100 --rate 200``: without
    this, full collections paused the server for 150 ms and more, the tail of its latency; with
    it, for about 30 ms on a quiet machine (some 78,000 objects of the games and libraries are
    left out of them)."""
    catalog()
    gc.collect()
    gc.freeze()
    return app


def bind(host: str, port: int) -> socket.socket:
    if not 0 <= port <= 65535:
        raise WargameError(f"port {port} is not between 0 and 65535")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return socket.create_server((host, port), family=family, backlog=2048)
    except OSError as error:
        reason = error.strerror or str(error)
        raise WargameError(f"cannot listen on {host}:{port}: {reason}") from None


def _display(host: str) -> str:
    return f"[{host}]" if ":" in host else host
