"""HTTP connections that send what uvicorn writes in one turn of the event loop with one write.

uvicorn writes a response's head (at ``http.response.start``) and its body with two transport
writes, and uvloop sends each at once: two system calls and two packets per response, each of
which wakes the client. Sampled with ``py-spy --gil`` under ``bench/load.py toy`` at 500 actions
a second, those two writes were 15% of the event loop's time. Here a connection's transport keeps
the writes of one turn of the loop and sends them joined at the start of the next turn. In nine
interleaved pairs of that run (two workers) the p99 of an action had a median of 80 ms against
91 ms without (better in six pairs), and the load generator used 0.25 cores against 0.30; the
server's own CPU per request did not change measurably.

Hand-written because neither uvicorn nor uvloop offers this: it is a thin proxy around the
transport that uvloop gives the protocol; everything but writing and closing passes through.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class JoinedWrites:
    """A transport's proxy that sends the writes of one loop turn as one."""

    def __init__(self, transport: Any, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._waiting: list[bytes] = []

    def write(self, data: bytes) -> None:
        if not self._waiting:
            self._loop.call_soon(self._send)
        self._waiting.append(bytes(data))

    def writelines(self, lines: Any) -> None:
        for data in lines:
            self.write(data)

    def get_write_buffer_size(self) -> int:
        return int(self._transport.get_write_buffer_size()) + sum(map(len, self._waiting))

    def close(self) -> None:
        self._send()
        self._transport.close()

    def abort(self) -> None:
        self._waiting.clear()
        self._transport.abort()

    def _send(self) -> None:
        if self._waiting and not self._transport.is_closing():
            self._transport.write(b"".join(self._waiting))
        self._waiting.clear()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class JoinedWritesProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol over a ``JoinedWrites`` transport."""

    def connection_made(self, transport: Any) -> None:  # uvloop's is no asyncio.Transport
        super().connection_made(JoinedWrites(transport, self.loop))  # type: ignore[arg-type]
