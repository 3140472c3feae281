"""Fixtures of the play server tests: an app on a fresh SQLite file, its client, and helpers that
create and play games through the HTTP API. The toy game is registered by tests/conftest.py."""

from __future__ import annotations

import asyncio
import os
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from wargame.server.app import create_app
from wargame.server.store import Store

POSTGRES_URL = os.environ.get("WARGAME_TEST_POSTGRES_URL")


def postgres_reachable() -> bool:
    if not POSTGRES_URL:
        return False
    try:
        Store(POSTGRES_URL).close()
    except Exception:
        return False
    return True


needs_postgres = pytest.mark.skipif(
    not postgres_reachable(), reason="no PostgreSQL at $WARGAME_TEST_POSTGRES_URL"
)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=needs_postgres)])
def store_url(request, tmp_path):
    """A fresh SQLite file, and PostgreSQL when one is reachable ($WARGAME_TEST_POSTGRES_URL)."""
    return POSTGRES_URL if request.param == "postgres" else f"sqlite:///{tmp_path / 'g.sqlite3'}"


@pytest.fixture
def store(store_url):
    """A store on each of those databases."""
    found = Store(store_url)
    yield found
    found.close()


@pytest.fixture
def database(tmp_path):
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


@pytest.fixture
def client(database):
    with TestClient(create_app(database)) as found:
        yield found


class Player:
    """One seat's side of the API: its token, and its requests."""

    def __init__(self, client, game_id, token):
        self.client = client
        self.game_id = game_id
        self.token = token

    def get(self, lang="en"):
        response = self.client.get(
            f"/api/games/{self.game_id}", params={"token": self.token, "lang": lang}
        )
        assert response.status_code == 200, response.text
        return response.json()

    def post(self, verb, version=None, **fields):
        if version is None:
            version = self.get()["version"]
        body = {"token": self.token, "version": version, **fields}
        return self.client.post(f"/api/games/{self.game_id}/{verb}", json=body)

    def act(self, action, version=None):
        return self.post("actions", version, action=action)


def new_game(
    client, game="toy", scenario="standard", *, seed=5, seats=None, options=None, hot_seat=True
):
    """Create a game (with a chosen seed, as a hot-seat game unless told otherwise); return its
    creation body and a Player per seat with a token."""
    body = {"game": game, "scenario": scenario, "seed": seed, "seats": seats or {}}
    if seed is not None:
        body["hot_seat"] = hot_seat
    if options is not None:
        body["options"] = options
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    players = {
        side: Player(client, created["id"], link["token"])
        for side, link in created["seats"].items()
        if link["token"]
    }
    players[None] = Player(client, created["id"], created["spectator"]["token"])
    return created, players


def run_loop(coroutine):
    """``asyncio.run`` in a thread of its own: in a test process that ran a browser test, the
    session's Playwright (its sync API) keeps an event loop running in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def wait_for(check, seconds=20.0):
    """Poll ``check()`` until it returns something true; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError("timed out")
