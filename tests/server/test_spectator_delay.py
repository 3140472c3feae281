"""Spectators with a delay: a game created with ``spectator_delay`` N shows its spectators the
position N actions back until it is over, and lets them (and only them) replay it meanwhile, as
spectators, up to that position."""

from __future__ import annotations

import sqlite3

import msgspec
import pytest

from tests.server.conftest import Player, new_game
from tests.server.test_live import socket_url
from tests.toy_game import GAME
from wargame.engine.session import Session
from wargame.engine.state import state_hash
from wargame.server import service as service_module
from wargame.server.service import Service
from wargame.server.store import Store

pytestmark = pytest.mark.game("toy")


def delayed_game(client, delay):
    """A new toy game whose spectators see it ``delay`` actions behind; a Player per seat."""
    response = client.post(
        "/api/games",
        json={
            "game": "toy",
            "scenario": "standard",
            "seed": 5,
            "hot_seat": True,
            "spectator_delay": delay,
        },
    )
    assert response.status_code == 201, response.text
    created = response.json()
    links = {side: link["token"] for side, link in created["seats"].items()}
    links[None] = created["spectator"]["token"]
    return {side: Player(client, created["id"], token) for side, token in links.items()}


def play(players, count):
    """Play the first legal action ``count`` times; the sides that moved."""
    moved = []
    for _ in range(count):
        side = players["red"].get()["view"]["active"][0]  # the spectator may lag
        mover = players[side]
        assert mover.act(mover.get()["view"]["actions"][0]).status_code == 200
        moved.append(side)
    return moved


def bids_made(body):
    return body["view"]["board"]["bid_made"]


def test_a_spectator_sees_the_game_the_delay_behind(client):
    players = delayed_game(client, 2)
    first, *_ = play(players, 1)
    watching = players[None].get()
    assert watching["version"] == 1 and watching["delay"] == {"actions": 2, "shown": 0, "total": 1}
    assert bids_made(watching) == []  # the position at the start
    play(players, 2)
    watching = players[None].get()
    assert watching["delay"] == {"actions": 2, "shown": 1, "total": 3}
    assert bids_made(watching) == [first]  # after the first bid only
    assert "delay" not in players["red"].get()  # the players see the game as it is


def test_without_a_delay_a_spectator_sees_the_game_as_it_is(client):
    _, players = new_game(client)
    players["red"].act(players["red"].get()["view"]["actions"][0])
    watching = players[None].get()
    assert "delay" not in watching and bids_made(watching) == ["red"]


def test_the_delayed_position_is_the_replayed_one(client):
    players = delayed_game(client, 3)
    play(players, 6)
    watching = players[None].get()
    shown = watching["delay"]["shown"]
    replayed = client.get(
        f"/api/games/{players[None].game_id}/replay",
        params={"token": players[None].token, "n": shown},
    ).json()
    assert replayed["view"] == watching["view"] and replayed["total"] == shown


def test_while_the_game_runs_only_spectators_replay_and_not_past_the_delay(client):
    players = delayed_game(client, 2)
    play(players, 4)
    url = f"/api/games/{players[None].game_id}/replay"
    spectator = players[None].token

    def replay(token, n, seat=""):
        return client.get(url, params={"token": token, "n": n, "seat": seat})

    assert replay(spectator, 2).status_code == 200
    assert replay(spectator, 3).status_code == 400
    assert replay(spectator, 1, "red").status_code == 403
    assert replay(players["red"].token, 1).status_code == 403


def test_a_spectator_socket_gets_the_delayed_position(client):
    players = delayed_game(client, 1)
    with client.websocket_connect(socket_url(players[None])) as socket:
        assert socket.receive_json()["delay"]["shown"] == 0
        play(players, 2)
        pushed = [socket.receive_json() for _ in range(2)]
    assert [message["delay"]["shown"] for message in pushed] == [0, 1]


def test_positions_are_replayed_from_the_latest_snapshot(tmp_path, monkeypatch):
    monkeypatch.setattr(service_module, "SNAPSHOT_EVERY", 3)
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    service = Service(store)
    created = service.create("toy", "standard", 9, {}, {"red": "bot:random", "blue": "bot:random"})
    game_id = created["id"]
    while service.bot_step(game_id):
        pass
    row, _ = service.load(game_id)
    record = service._record(row)
    assert len(list(store.snapshots(game_id))) > 2
    for n in range(len(record.actions) + 1):
        prefix = Session.replay(msgspec.structs.replace(record, actions=record.actions[:n]), GAME)
        assert state_hash(service._position(row, record, n)) == state_hash(prefix.state)
    store.close()


def test_an_older_database_gets_the_delay_column(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute(
            "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL,"
            " scenario VARCHAR(64) NOT NULL, seed BIGINT NOT NULL, options TEXT NOT NULL,"
            " rules_version VARCHAR(32) NOT NULL, version INTEGER NOT NULL, state TEXT NOT NULL,"
            " base TEXT, result TEXT, snapshot INTEGER NOT NULL, created DATETIME NOT NULL,"
            " updated DATETIME NOT NULL)"
        )
    store = Store(f"sqlite:///{path}")
    game_id = Service(store).create("toy", "standard", 1, {}, {}, hot_seat=True)["id"]
    assert store.load(game_id)[0].spectator_delay == 0
    store.close()
