"""The server fails safely: database trouble is a 503 with Retry-After (not "a bug"), within the
busy timeout; the store's writer is supervised (a failure fails the waiting writes and the writer
starts again; one that cannot start says so on /health); and no log record, traceback or error body
holds a game's seed, generator state, hand or seat token."""

from __future__ import annotations

import contextlib
import json
import logging
import shutil
import sqlite3
import threading
import time

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from tests.server.conftest import new_game, wait_for
from wargame.engine.rng import seed_hex
from wargame.server import bot_seats
from wargame.server import service as service_module
from wargame.server.app import create_app
from wargame.server.bot_seats import decide
from wargame.server.limits import Limits
from wargame.server.store import Store, unavailable

pytestmark = pytest.mark.game("toy")


@pytest.fixture
def store(store_url):
    found = Store(store_url, busy_timeout=0.5)
    yield found
    found.close()


@pytest.fixture(params=[True, False], ids=["hot-lane", "fastapi"])
def client(request, store):
    with TestClient(create_app(store=store, hot_lane=request.param)) as found:
        yield found


def answered_within(seconds, call):
    """``call()``'s result, or fail if it has none within ``seconds`` (a hung server)."""
    outcome = []
    thread = threading.Thread(target=lambda: outcome.append(call()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, f"no answer within {seconds} s"
    return outcome[0]


@contextlib.contextmanager
def write_lock_held(store):
    """Another connection holds the database's write lock (SQLite) or an exclusive lock on the
    games (PostgreSQL): reads go on, writes wait."""
    if store.engine.dialect.name == "sqlite":
        other = sqlite3.connect(store.engine.url.database, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()
        return
    with store.engine.connect() as other:
        other.execute(sa.text("LOCK TABLE games IN EXCLUSIVE MODE"))
        yield
        other.rollback()


def read_only(store):
    """From now on the store's connections may only read (as on a read-only file or server)."""
    pragma = (
        "PRAGMA query_only=ON"
        if store.engine.dialect.name == "sqlite"
        else "SET default_transaction_read_only = on"
    )

    def only_read(connection, _record):
        cursor = connection.cursor()
        cursor.execute(pragma)
        cursor.close()
        connection.commit()  # PostgreSQL takes back a SET with the transaction

    sa.event.listen(store.engine, "connect", only_read)
    store.engine.dispose()


def refused_503(response, error):
    assert response.status_code == 503, response.text
    assert response.json() == {"error": error}
    assert int(response.headers["retry-after"]) >= 1


BUSY = "the database is busy; try again shortly"


def test_a_busy_database_answers_503_with_retry_after_within_the_busy_timeout(client, store):
    _, players = new_game(client)
    red = players["red"]
    card = red.get()["view"]["actions"][0]
    with write_lock_held(store):
        started = time.monotonic()
        refused_503(answered_within(10, lambda: red.act(card, 0)), BUSY)
        body = {"game": "toy", "scenario": "standard"}
        refused_503(answered_within(10, lambda: client.post("/api/games", json=body)), BUSY)
        assert time.monotonic() - started < 8  # two writes, each waiting 0.5 s for the lock
        assert red.get()["version"] == 0  # reads go on
    assert red.act(card, 0).status_code == 200  # nothing was stored: version 0 is still current


def test_a_read_only_database_answers_503_the_database_is_read_only(client, store):
    _, players = new_game(client)
    red = players["red"]
    card = red.get()["view"]["actions"][0]
    read_only(store)
    refused_503(answered_within(10, lambda: red.act(card, 0)), "the database is read-only")
    assert red.get()["version"] == 0


def busy_at_the_bots_first_write(store, monkeypatch):
    """The first bot move's write waits on a lock held elsewhere and fails; what the server
    read that failure as, once it came."""
    met_busy = []
    real_bot_play = service_module.Service.bot_play

    def busy_once(self, turn, text, remark=None):
        if met_busy:
            return real_bot_play(self, turn, text, remark)
        with write_lock_held(store):
            try:
                real_bot_play(self, turn, text, remark)
            except Exception as error:
                met_busy.append(str(unavailable(error)))  # as the server reads it
                raise

    monkeypatch.setattr(service_module.Service, "bot_play", busy_once)
    return met_busy


def test_a_bot_whose_move_meets_a_busy_database_makes_it_once_the_database_is_free(
    store, monkeypatch
):
    """Nobody acts in the game after the bot's failed write, and the bot moves all the same
    once the database can serve again."""
    met_busy = busy_at_the_bots_first_write(store, monkeypatch)
    with TestClient(create_app(store=store)) as client:
        created, _ = new_game(client, seats={"blue": "bot:random"})
        wait_for(lambda: met_busy)  # blue may move at once, and tries
        assert met_busy == [BUSY]
        assert version(store, created) == 0  # nothing of the bot's was stored
        # nobody acts and nobody reads the game (a read would wake its bots): they look again
        wait_for(lambda: version(store, created) > 0)


def test_a_game_without_a_human_seat_waiting_for_the_database_still_counts_for_the_cap(
    store, monkeypatch
):
    met_busy = busy_at_the_bots_first_write(store, monkeypatch)
    decisions, let_through = [], threading.Event()

    def held_after_the_retry(lookup, ask):  # the failed move, the retried one, then held
        decisions.append(ask)
        if len(decisions) > 2:
            let_through.wait(timeout=60)
        return decide(lookup, ask)

    monkeypatch.setattr(bot_seats, "decide", held_after_the_retry)
    bots_only = {"red": "bot:random", "blue": "bot:random"}
    with TestClient(create_app(store=store, limits=Limits(bot_games=1))) as client:
        try:
            created, _ = new_game(client, seats=bots_only)
            wait_for(lambda: version(store, created) > 0)
            assert met_busy == [BUSY]
            body = {"game": "toy", "scenario": "standard", "seats": bots_only}
            refused = client.post("/api/games", json=body)
            assert refused.status_code == 503, refused.text
        finally:
            let_through.set()


def version(store, created):
    return store.load(created["id"])[0].version


# -- the writer thread ---------------------------------------------------------------------------


def break_the_writers_lock_file(store):
    """The writer's open lock file is closed under it, and a folder stands where the file was:
    its next write fails, and so does each start until the folder goes."""
    path = store._writer._between
    store._writer._lock_handle.close()
    path.unlink()
    path.mkdir()
    return path


def test_a_failing_writer_fails_the_waiting_writes_with_503_and_starts_again(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    client = TestClient(create_app(store=store))  # not started: a hung request cannot hang its end
    try:
        _, players = new_game(client)
        red = players["red"]
        card = red.get()["view"]["actions"][0]
        lock = break_the_writers_lock_file(store)
        restarting = "the database writer failed and is starting again; try again"
        refused_503(answered_within(10, lambda: red.act(card, 0)), restarting)
        lock.rmdir()
        wait_for(lambda: answered_within(10, lambda: red.act(card, 0)).status_code == 200)
        assert red.get()["version"] == 1
        assert client.get("/health").json() == {"status": "ok"}
    finally:
        store.close()


def test_a_writer_that_cannot_start_again_stops_for_good_and_health_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr("wargame.server.store.Writer.PAUSE", 0.01)
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    stopped = []
    store.when_stopped(stopped.append)
    with TestClient(create_app(store=store)) as client:
        _, players = new_game(client)
        assert client.get("/health").status_code == 200
        break_the_writers_lock_file(store)
        red = players["red"]
        card = red.get()["view"]["actions"][0]
        assert answered_within(10, lambda: red.act(card, 0)).status_code == 503
        health = wait_for(lambda: (found := client.get("/health")).status_code == 503 and found)
        assert health.json() == {
            "error": "the database writer has stopped; the server is restarting"
        }
        assert len(stopped) == 1 and "Is a directory" in stopped[0]
        stopped_for_good = "the database writer has stopped; the server must be restarted"
        refused_503(answered_within(10, lambda: red.act(card, 0)), stopped_for_good)
        body = {"game": "toy", "scenario": "standard"}
        refused_503(client.post("/api/games", json=body), stopped_for_good)
    store.close()


def test_a_bug_in_a_write_is_still_a_bug():
    from wargame.server.service import refusal

    assert refusal(sa.exc.IntegrityError("INSERT", {}, Exception("UNIQUE failed"))) is None
    assert refusal(RuntimeError("a bug")) is None


# -- secrets in logs -----------------------------------------------------------------------------

SEED = 7_777_777_777_777


def canaries(client, store):
    """A game with a known seed; what of it must never be logged: the seed (the key of its
    generator; the state's count of draws is no secret), in decimal and as the key's hex, red's
    hand as the state holds it, and red's seat token."""
    created, players = new_game(client, seed=SEED)
    red = players["red"]
    state = store.load(created["id"])[1]
    hand = json.dumps(state.data["hands"]["red"], separators=(",", ":"))
    return created, players, [str(SEED), seed_hex(SEED), f'"red":{hand}', red.token]


def provoke_failures(client, store, players, monkeypatch):
    """A busy database, a failing writer, a read-only database and a bug in a write (a game id
    drawn twice), each answered with an error body; returns the bodies."""
    red = players["red"]
    card = red.get()["view"]["actions"][0]
    with write_lock_held(store):
        bodies = [red.act(card, 0)]
    lock = break_the_writers_lock_file(store)
    bodies.append(answered_within(10, lambda: red.act(card, 0)))
    lock.rmdir()
    wait_for(lambda: red.act(card, 0).status_code == 200)
    taken = red.game_id
    monkeypatch.setattr(service_module.secrets, "token_urlsafe", lambda _n=None: taken)
    body = {"game": "toy", "scenario": "standard", "seed": SEED, "hot_seat": True}
    bodies.append(client.post("/api/games", json=body))
    monkeypatch.undo()
    read_only(store)
    blue = players["blue"]
    bodies.append(blue.act(blue.get()["view"]["actions"][0]))
    return bodies


def test_no_log_record_traceback_or_error_body_holds_a_secret(tmp_path, caplog, monkeypatch):
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}", busy_timeout=0.5)
    caplog.set_level(logging.DEBUG)
    with TestClient(create_app(store=store), raise_server_exceptions=False) as client:
        _, players, secrets = canaries(client, store)
        bodies = provoke_failures(client, store, players, monkeypatch)
    store.close()
    assert [body.status_code for body in bodies] == [503, 503, 500, 503]
    assert bodies[2].json() == {"error": "internal error (a bug; it is logged)"}
    client_side = {"httpx", "httpx2", "httpcore"}  # the test client's own records
    server_side = [r for r in caplog.records if r.name.split(".")[0] not in client_side]
    logged = [logging.Formatter().format(record) for record in server_side]
    assert any("Traceback" in text and "IntegrityError" in text for text in logged)
    for text in [*logged, *(body.text for body in bodies)]:
        for secret in secrets:
            assert secret not in text


def test_a_served_process_logs_no_secret(tmp_path):
    """A real server's whole log (uvicorn's too: it logs a WebSocket's URL) after a game, a
    socket, a busy database and a bug (a damaged state), until SIGTERM stops it."""
    import signal

    import httpx
    from websockets.sync.client import connect

    from tests.server.test_serve import start

    path = tmp_path / "g.sqlite3"
    process, base = start(f"sqlite:///{path}", "--busy-timeout", 0.5)
    try:
        body = {"game": "toy", "scenario": "standard", "seed": SEED, "hot_seat": True}
        created = httpx.post(f"{base}/api/games", json=body).json()
        token = created["seats"]["red"]["token"]
        game = f"{base}/api/games/{created['id']}"
        view = httpx.get(game, params={"token": token}).json()
        url = f"{base.replace('http', 'ws')}/api/games/{created['id']}/ws?token={token}"
        with connect(url) as socket:
            assert json.loads(socket.recv())["version"] == 0
        move = {"token": token, "version": 0, "action": view["view"]["actions"][0]}
        with sqlite3.connect(path, isolation_level=None) as other:
            state = json.loads(other.execute("SELECT state FROM games").fetchone()[0])
            other.execute("BEGIN IMMEDIATE")
            assert httpx.post(f"{game}/actions", json=move).status_code == 503
            other.execute("ROLLBACK")
            other.execute("UPDATE games SET version = 1, state = '[' || state")
        assert httpx.get(game, params={"token": token}).status_code == 500
        process.send_signal(signal.SIGTERM)
        _, log = process.communicate(timeout=10)
    finally:
        process.kill()
    hand = json.dumps(state["data"]["hands"]["red"], separators=(",", ":"))
    assert "Traceback" in log and "WebSocket" in log and "token=…" in log
    for secret in (str(SEED), seed_hex(SEED), f'"red":{hand}', token):
        assert secret not in log


def test_a_store_whose_writer_cannot_start_stops_it_and_a_new_store_works_once_mended(tmp_path):
    """A folder where the lock file goes stops a new store's writer for good; a new store (the
    restarted server) on the same file works once the folder is gone."""
    path = tmp_path / "g.sqlite3"
    (tmp_path / "g.sqlite3.write-lock").mkdir()
    broken = Store(f"sqlite:///{path}")
    broken._writer.PAUSE = 0.01
    wait_for(lambda: broken.stopped)
    broken.close()
    shutil.rmtree(tmp_path / "g.sqlite3.write-lock")
    store = Store(f"sqlite:///{path}")
    try:
        service = service_module.Service(store)
        assert service.create("toy", "standard", 1, {}, {}, hot_seat=True)["version"] == 0
        assert store.stopped is None
    finally:
        store.close()
