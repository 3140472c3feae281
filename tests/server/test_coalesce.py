"""The HTTP transport proxy that joins the writes of one event-loop turn into one."""

from __future__ import annotations

import asyncio

from tests.server.conftest import run_loop
from wargame.server import run
from wargame.server.coalesce import JoinedWrites, JoinedWritesProtocol


class Recording:
    """A transport that records what it is asked to do."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self.closed = self.aborted = False

    def write(self, data: bytes) -> None:
        self.sent.append(data)

    def is_closing(self) -> bool:
        return self.closed or self.aborted

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = True

    def get_write_buffer_size(self) -> int:
        return 7

    def get_extra_info(self, name: str) -> str:
        return f"info {name}"


def test_the_writes_of_one_turn_leave_as_one_write_in_the_next():
    async def respond():
        real = Recording()
        joined = JoinedWrites(real, asyncio.get_running_loop())
        joined.write(b"HTTP/1.1 200 OK\r\n\r\n")
        joined.writelines([b"{", memoryview(b'"a": 1}')])
        held = (list(real.sent), joined.get_write_buffer_size())
        await asyncio.sleep(0)
        return held, real.sent

    (before, size), after = run_loop(respond())
    assert before == [] and size == 7 + 19 + 1 + 7
    assert after == [b'HTTP/1.1 200 OK\r\n\r\n{"a": 1}']


def test_closing_sends_what_waits_and_aborting_drops_it():
    async def end(how):
        real = Recording()
        joined = JoinedWrites(real, asyncio.get_running_loop())
        joined.write(b"last words")
        getattr(joined, how)()
        await asyncio.sleep(0)
        return real

    closed, aborted = run_loop(end("close")), run_loop(end("abort"))
    assert closed.sent == [b"last words"] and closed.closed
    assert aborted.sent == [] and aborted.aborted


def test_everything_else_passes_through_and_the_server_uses_it():
    async def ask():
        return JoinedWrites(Recording(), asyncio.get_running_loop()).get_extra_info("peername")

    assert run_loop(ask()) == "info peername"
    assert run._SETTINGS["http"] is JoinedWritesProtocol
