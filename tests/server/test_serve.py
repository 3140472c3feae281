"""``wargame serve`` as a user runs it: a real server process, one line for a bad start, and no
acknowledged action lost when the process is killed in the middle of a game."""

from __future__ import annotations

import contextlib
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.conftest import ROOT
from tests.toy_game import GAME
from wargame.engine.session import Session
from wargame.engine.state import state_hash
from wargame.server.limits import Limits
from wargame.server.service import Service
from wargame.server.store import Store

pytestmark = pytest.mark.game("toy")

WARGAME = str(Path(sys.executable).parent / "wargame")
ENV = {**os.environ, "WARGAME_GAMES": "tests.toy_game"}
# a bound for a server that never answers: a loaded machine (load 24 on 2 cores seen) is slow
START_SECONDS = 120


def serve(*arguments):
    return subprocess.Popen(
        [WARGAME, "serve", *map(str, arguments)],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its worker processes too can be killed as a group
    )


def kill_all(process):
    """Kill the server and its workers; what it wrote to stderr."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    return process.communicate()[1] or ""


def start(database, *more):
    """A server on a free port; its process and base URL once it answers (as soon as it does:
    the bound is for a server that never will, not a wait)."""
    process = serve("--port", 0, "--database", database, *more)
    line = process.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert found, line + process.stderr.read()
    base = f"http://127.0.0.1:{found.group(1)}"
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if httpx.get(f"{base}/api/catalog").status_code == 200:
                return process, base
        except httpx.TransportError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError("the server did not answer")


def one_line_error(*arguments):
    process = serve(*arguments)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 1, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wargame: error: "), err
    return lines[0]


def test_worker_processes_open_the_store_with_the_commands_durability(tmp_path, monkeypatch):
    from wargame.server import run

    monkeypatch.setenv(run._DATABASE, f"sqlite:///{tmp_path / 'games.sqlite3'}")
    monkeypatch.setenv(run._BOT_DELAY, "0.0")
    monkeypatch.setenv(run._BOT_PROCESSES, "0")
    monkeypatch.setenv(run._DURABILITY, "disk")
    monkeypatch.setenv(run._BUSY_TIMEOUT, "5.0")
    monkeypatch.setenv(run._LIMITS, Limits().encode())
    app = run.worker_app()
    store = app.state.service.store
    try:
        assert store.durability == "disk"
    finally:
        store.close()


def test_the_durability_choices_are_the_stores(capsys):
    from wargame.cli import main
    from wargame.server.store import DURABILITY

    assert main(["serve", "--durability", "never"]) == 2
    assert f"(choose from {', '.join(map(repr, DURABILITY))})" in capsys.readouterr().err


def test_a_bad_start_is_one_line(tmp_path):
    assert "port 70000" in one_line_error("--port", 70000)
    assert "--workers must be" in one_line_error("--workers", 0)
    with socket.create_server(("127.0.0.1", 0)) as probe:  # not the default port: in use or not
        free = probe.getsockname()[1]
    bad_database = one_line_error("--port", free, "--database", "mysql://x/y")
    assert "unsupported database" in bad_database
    no_folder = one_line_error("--port", free, "--database", tmp_path / "none" / "g.db")
    assert "no folder" in no_folder
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        assert f"cannot listen on 127.0.0.1:{port}" in one_line_error("--port", port)


class Client:
    """Plays random legal actions for whichever seat must act, noting each acknowledged one."""

    def __init__(self, base, created):
        self.http = httpx.Client(base_url=base, timeout=10)
        self.game_id = created["id"]
        self.tokens = {side: link["token"] for side, link in created["seats"].items()}
        self.acknowledged = []
        self.rng = random.Random(7)

    def play(self, stop):
        try:
            while not stop.is_set() and self.step():
                pass
        except httpx.TransportError:
            pass  # the server died

    def step(self):
        views = {side: self.view(side) for side in self.tokens}
        acting = [side for side, view in views.items() if view["view"]["actions"]]
        if not acting:
            return False
        side = self.rng.choice(acting)
        action = self.rng.choice(views[side]["view"]["actions"])
        body = {"token": self.tokens[side], "version": views[side]["version"], "action": action}
        response = self.http.post(f"/api/games/{self.game_id}/actions", json=body)
        if response.status_code == 200:
            self.acknowledged.append((response.json()["version"], side, action))
        return True

    def view(self, side):
        params = {"token": self.tokens[side]}
        return self.http.get(f"/api/games/{self.game_id}", params=params).json()


@pytest.mark.parametrize("durability", ["process", "disk"])
def test_killing_the_server_mid_game_loses_no_acknowledged_action(tmp_path, durability):
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    process, base = start(database, "--durability", durability)
    try:
        body = {
            "game": "toy",
            "scenario": "standard",
            "seed": 3,
            "hot_seat": True,
            "options": {"rounds": 6},
        }
        created = httpx.post(f"{base}/api/games", json=body).json()
        player = Client(base, created)
        stop = threading.Event()
        playing = threading.Thread(target=player.play, args=(stop,))
        playing.start()
        deadline = time.monotonic() + 30
        while len(player.acknowledged) < 8 and time.monotonic() < deadline:
            time.sleep(0.005)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        stop.set()
        playing.join(timeout=30)
    finally:
        process.kill()
        process.communicate()
    assert len(player.acknowledged) >= 8
    after = Service(Store(database))
    log = {entry.seq: (entry.side, entry.text) for entry in after.store.log(created["id"])}
    for version, side, action in player.acknowledged:
        assert log[version] == (side, action)
    row, state = after.load(created["id"])
    assert row.version == len(log) >= len(player.acknowledged)
    replayed = Session.replay(after._record(row), GAME).state
    assert state_hash(replayed) == state_hash(state)
    if state.result is None:
        side = GAME.active(state)[0]
        text = GAME.legal_actions(state, side)[0].text
        after.act(created["id"], player.tokens[side], row.version, text, "en")
        assert after.store.version(created["id"]) == row.version + 1


def test_several_worker_processes_play_one_game_and_stop_together(tmp_path):
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    process, base = start(database, "--workers", 2)
    try:
        body = {"game": "toy", "scenario": "standard", "seed": 4, "hot_seat": True}
        created = httpx.post(f"{base}/api/games", json=body).json()
        player = Client(base, created)
        player.play(threading.Event())  # to the end: each request may reach either process
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    finally:
        kill_all(process)
    after = Service(Store(database))
    row, state = after.load(created["id"])
    assert state.result is not None and row.version == len(player.acknowledged) > 10
    assert state_hash(Session.replay(after._record(row), GAME).state) == state_hash(state)


def test_a_served_app_leaves_its_startup_objects_out_of_garbage_collections(tmp_path):
    import gc

    from fastapi.testclient import TestClient

    from wargame.server.app import create_app
    from wargame.server.run import settle

    app = create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}", on_started=settle)
    try:
        assert gc.get_freeze_count() == 0
        with TestClient(app):  # its start (the lifespan) settles the process
            assert gc.get_freeze_count() > 10_000  # the games' data and the libraries
    finally:
        gc.unfreeze()
        app.state.service.store.close()


def test_each_worker_listens_on_a_socket_of_its_own_and_connections_spread_over_them():
    """With one shared socket the worker that woke first took all 100 connections of the load
    test; each worker's own SO_REUSEPORT socket lets the kernel spread them."""
    from wargame.server.run import _WorkersOnOnePort, bind

    reserved = bind("127.0.0.1", 0, shared=True)
    supervisor = _WorkersOnOnePort.__new__(_WorkersOnOnePort)  # no signal handlers in a test
    supervisor.sockets = [reserved]
    port = reserved.getsockname()[1]
    with pytest.raises(ConnectionRefusedError):  # the reserved socket holds the port, no queue
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    workers = [supervisor.sockets[0], supervisor.sockets[0]]
    clients = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(40)]
    accepted = []
    for listening in workers:
        listening.setblocking(False)
        count = 0
        with contextlib.suppress(BlockingIOError):
            while True:
                listening.accept()[0].close()
                count += 1
        accepted.append(count)
    assert [listening.getsockname()[1] for listening in workers] == [port, port]
    for opened in [*clients, *workers, reserved]:
        opened.close()
    assert sum(accepted) == 40 and min(accepted) > 0, accepted
