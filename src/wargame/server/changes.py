"""Changes stored by any server of one PostgreSQL database, learnt as they commit: the transaction
that stores a change notifies its game's id on ``store.CHANNEL`` (``store.announce``), and each
server listens on a connection of its own (``listen``).

Hand-written over psycopg 3 because SQLAlchemy has no listening connection: its pool lends
connections to requests, while this one stays open and idle for the server's life, and is made
again when it drops. What is committed while it is down is notified to nobody, so each time it is
made (again) the server is told to look at the games it watches (``on_connect``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Final

import psycopg
from sqlalchemy.engine import make_url

from wargame.server.store import CHANNEL, CONNECT_TIMEOUT, _first_line

FIRST_WAIT: Final = 0.2
LONGEST_WAIT: Final = 5.0
"""Seconds between tries to make the connection again, doubling from the first to the longest."""

KEEPALIVES: Final = {"keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5}
"""TCP keepalives: a connection that died without a word (a host gone, a network cut) is found
within about half a minute rather than never, as an idle connection sends nothing."""

log = logging.getLogger("wargame.server")


async def listen(
    url: str, name: str, on_change: Callable[[str], None], on_connect: Callable[[], None]
) -> None:
    """Call ``on_change(game_id)`` for every change stored in the database at ``url`` (a
    SQLAlchemy URL), and ``on_connect()`` each time the connection listens (again); until
    cancelled. ``name`` is the connection's application_name, which its server shows in
    ``pg_stat_activity``."""
    wait = FIRST_WAIT
    while True:
        try:
            async with await _connect(url, name) as connection:
                await connection.execute(f"LISTEN {CHANNEL}")
                wait = FIRST_WAIT
                on_connect()
                async for note in connection.notifies():
                    on_change(note.payload)
        except psycopg.Error as error:
            log.warning("listening for changes: %s; again in %.1f s", _first_line(error), wait)
        await pause(wait)
        wait = min(2 * wait, LONGEST_WAIT)


async def pause(seconds: float) -> None:
    """The wait before connecting again (a test holds it to make changes meanwhile)."""
    await asyncio.sleep(seconds)


async def _connect(url: str, name: str) -> psycopg.AsyncConnection[tuple[object, ...]]:
    return await psycopg.AsyncConnection.connect(
        libpq_url(url),
        autocommit=True,
        application_name=name[:63],  # PostgreSQL's limit
        connect_timeout=CONNECT_TIMEOUT,
        **KEEPALIVES,
    )


def libpq_url(url: str) -> str:
    """The store's SQLAlchemy URL (``postgresql+psycopg://...``) as libpq reads it."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
