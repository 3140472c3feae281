"""``wargame serve``: open the store, bind the socket, run the application with uvicorn.

The socket is bound here, before uvicorn starts, so that a bad host or a busy port is one line from
the command (a WargameError) rather than a log record and an exit from inside uvicorn.
"""

from __future__ import annotations

import socket

import uvicorn
from sqlalchemy.engine import make_url

from wargame.engine.errors import WargameError
from wargame.server.app import create_app
from wargame.server.limits import MAX_BODY
from wargame.server.store import Store


def serve(host: str, port: int, database: str | None, bot_delay: float = 0.0) -> None:
    listening = bind(host, port)
    try:
        store = Store(database)
    except WargameError:
        listening.close()
        raise
    app = create_app(store=store, bot_delay=bot_delay)
    shown = make_url(store.url).render_as_string(hide_password=True)
    port = listening.getsockname()[1]
    print(f"wargame: serving on http://{_display(host)}:{port}/ (database {shown})", flush=True)
    config = uvicorn.Config(
        app, log_level="info", lifespan="on", access_log=False, ws_max_size=MAX_BODY
    )
    try:
        uvicorn.Server(config).run(sockets=[listening])
    finally:
        store.close()


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
