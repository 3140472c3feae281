"""``wargame serve`` fails safely and keeps its limits as a real process: SIGTERM stops it within
10 s whatever is open, a database writer that cannot start makes it exit with a status that asks a
supervisor to start it again, a body that never comes gets 408 and a closed connection, and a
client behind a trusted proxy is the address the proxy names."""

from __future__ import annotations

import contextlib
import signal
import socket
import time

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.test_serve import kill_all, one_line_error, serve, start

pytestmark = pytest.mark.game("toy")

BOTS = {"red": "bot:random", "blue": "bot:random"}


def body_that_never_comes(base):
    """A connection that has sent a POST's head and the first byte of its 100-byte body."""
    host, port = base.removeprefix("http://").split(":")
    opened = socket.create_connection((host, int(port)), timeout=120)  # a bound, not a wait
    head = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    opened.sendall(f"{head}Content-Length: 100\r\n\r\n{{".encode())
    return opened


@pytest.mark.parametrize("workers", [1, 2])
def test_sigterm_stops_the_server_within_10_s_with_sockets_bot_games_and_a_stalled_body(
    tmp_path, workers
):
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    process, base = start(database, "--workers", workers, "--bot-delay", 0.2)
    with contextlib.ExitStack() as opened:
        try:
            for _ in range(3):
                body = {"game": "toy", "scenario": "standard", "seats": BOTS}
                created = httpx.post(f"{base}/api/games", json=body).json()
                token = created["spectator"]["token"]
                url = f"{base.replace('http', 'ws')}/api/games/{created['id']}/ws?token={token}"
                socket_ = opened.enter_context(connect(url))
                assert socket_.recv()
            opened.enter_context(body_that_never_comes(base))
            time.sleep(0.5)  # the bots play, the body waits
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=10) in (0, -signal.SIGTERM)
        finally:
            kill_all(process)


def test_a_server_whose_database_writer_cannot_start_exits_with_status_1(tmp_path):
    (tmp_path / "games.sqlite3.write-lock").mkdir()
    process = serve("--port", 0, "--database", tmp_path / "games.sqlite3")
    try:
        _, err = process.communicate(timeout=60)
    finally:
        kill_all(process)
    assert process.returncode == 1
    assert (
        err.strip()
        .splitlines()[-1]
        .startswith("wargame: error: the database writer has stopped ([Errno 21] Is a directory")
    )


def test_a_body_that_never_comes_gets_408_and_the_connection_is_closed(tmp_path):
    process, base = start(f"sqlite:///{tmp_path / 'games.sqlite3'}", "--body-timeout", 1)
    try:
        with body_that_never_comes(base) as waiting:
            answer = b""
            while chunk := waiting.recv(4096):  # until the server closes the connection
                answer += chunk
    finally:
        kill_all(process)
    assert answer.startswith(b"HTTP/1.1 408 ")
    assert answer.endswith(b'{"error": "the request body did not arrive within 1 s"}')


def test_a_client_is_the_address_a_trusted_proxy_names_and_else_its_own(tmp_path):
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    process, base = start(
        database, "--create-limit", "1/hour", "--forwarded-allow-ips", "127.0.0.1"
    )
    body = {"game": "toy", "scenario": "standard"}

    def create(local, forwarded):
        transport = httpx.HTTPTransport(local_address=local)
        with httpx.Client(transport=transport) as client:
            headers = {"X-Forwarded-For": forwarded}
            return client.post(f"{base}/api/games", json=body, headers=headers).status_code

    try:
        assert create("127.0.0.1", "203.0.113.1") == 201  # through the proxy
        assert create("127.0.0.1", "203.0.113.2") == 201
        assert create("127.0.0.1", "203.0.113.1") == 429
        assert create("127.0.0.2", "198.51.100.1") == 201  # not a proxy: its own address
        assert create("127.0.0.2", "198.51.100.2") == 429
    finally:
        kill_all(process)


def test_bad_limits_are_one_line():
    assert "--create-limit: bad rate '10/fortnight'" in one_line_error(
        "--create-limit", "10/fortnight"
    )
    assert "--action-limit: bad rate" in one_line_error("--action-limit", "many")
    assert "--expire-days must be more than 0" in one_line_error("--expire-days", 0)
    assert "--busy-timeout must be more than 0" in one_line_error("--busy-timeout", -1)
    assert "--body-timeout must be more than 0" in one_line_error("--body-timeout", 0)
    assert "--max-bot-games cannot be negative" in one_line_error("--max-bot-games", -1)
