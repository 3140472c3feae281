"""What happens between requests: WebSocket pushes to each viewer, and bot seats that play in the
server without holding up anyone else."""

from __future__ import annotations

import time

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import new_game, wait_for

pytestmark = pytest.mark.game("toy")


def socket_url(player, lang="en"):
    return f"/api/games/{player.game_id}/ws?token={player.token}&lang={lang}"


def test_a_socket_gets_the_state_on_connect_and_after_every_change(client):
    _, players = new_game(client)
    red, blue = players["red"], players["blue"]
    with client.websocket_connect(socket_url(blue)) as socket:
        first = socket.receive_json()
        assert first["type"] == "state" and first["version"] == 0 and first["seat"] == "blue"
        assert first == {"type": "state", **blue.get()}
        red.act(red.get()["view"]["actions"][0])
        pushed = socket.receive_json()
        assert pushed["version"] == 1 and pushed["seat"] == "blue"
        assert pushed["view"]["board"]["bid_made"] == ["red"]


def test_a_spectator_socket_sees_no_hand(client):
    _, players = new_game(client)
    with client.websocket_connect(socket_url(players[None], "ja")) as socket:
        message = socket.receive_json()
    assert message["seat"] is None and message["view"]["board"]["hand"] is None
    assert message["static_url"].endswith("lang=ja")


def test_a_socket_with_a_bad_token_is_told_and_closed(client):
    created, _ = new_game(client)
    with client.websocket_connect(f"/api/games/{created['id']}/ws?token=nope") as socket:
        assert socket.receive_json() == {"type": "error", "error": "unknown token for this game"}
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4403
    with client.websocket_connect("/api/games/nope/ws?token=x") as socket:
        assert "no game" in socket.receive_json()["error"]


def test_a_socket_opened_without_a_token_takes_it_from_its_first_message(client):
    _, players = new_game(client)
    red, blue = players["red"], players["blue"]
    with client.websocket_connect(f"/api/games/{blue.game_id}/ws?lang=en") as socket:
        socket.send_json({"token": blue.token})
        assert socket.receive_json() == {"type": "state", **blue.get()}
        red.act(red.get()["view"]["actions"][0])
        assert socket.receive_json()["version"] == 1


def test_a_socket_takes_the_token_from_the_authorization_header(client):
    _, players = new_game(client)
    blue = players["blue"]
    header = {"Authorization": f"Bearer {blue.token}"}
    with client.websocket_connect(f"/api/games/{blue.game_id}/ws", headers=header) as socket:
        assert socket.receive_json() == {"type": "state", **blue.get()}


@pytest.mark.parametrize("first", ['{"token": "nope"}', "hello", '{"token": 7}'])
def test_a_socket_whose_first_message_names_no_token_is_told_and_closed(client, first):
    created, _ = new_game(client)
    with client.websocket_connect(f"/api/games/{created['id']}/ws") as socket:
        socket.send_text(first)
        assert "error" in socket.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == (4403 if "nope" in first else 4400)


def test_a_bot_seat_answers_the_human_seat(client):
    _, players = new_game(client, seats={"blue": "bot:random"})
    red = players["red"]
    response = red.act(red.get()["view"]["actions"][0])
    if response.status_code == 409:  # the bot's bid came between our view and our bid
        response = red.act(red.get()["view"]["actions"][0])
    assert response.status_code == 200, response.text
    after = wait_for(lambda: (v := red.get())["view"]["board"]["initiative"] and v)
    assert after["version"] >= 2
    log = players[None].get()["log_text"]
    assert "Blue bids a card face down" in log


def test_bots_play_a_whole_game_by_themselves(client):
    created, players = new_game(client, seats={"red": "bot:random", "blue": "bot:random"})
    spectator = players[None]
    final = wait_for(lambda: (v := spectator.get())["view"]["result"] and v)
    record = client.get(
        f"/api/games/{created['id']}/record", params={"token": spectator.token}
    ).json()
    assert len(record["actions"]) == final["view"]["moves"] == final["version"]


def test_the_server_answers_while_bots_play(client):
    """Bot moves run in worker threads: requests are served while a bot game goes on."""
    new_game(client, seats={"red": "bot:random", "blue": "bot:random"}, options={"rounds": 6})
    started = time.perf_counter()
    for _ in range(10):
        assert client.get("/api/catalog").status_code == 200
    assert time.perf_counter() - started < 5


def test_a_socket_follows_a_bot_game_to_its_end(client):
    _, players = new_game(client, seats={"red": "bot:random", "blue": "bot:random"})
    with client.websocket_connect(socket_url(players[None])) as socket:
        versions = []
        while True:
            message = socket.receive_json()
            versions.append(message["version"])
            if message["view"]["result"]:
                break
    assert versions == sorted(versions) and len(set(versions)) == len(versions)


def test_a_socket_learns_of_a_move_made_through_another_server(database, client):
    """Two servers on one database (``--workers 2``): each process's watcher wakes its sockets
    when another process moves their game."""
    from fastapi.testclient import TestClient

    from tests.server.conftest import Player
    from wargame.server.app import create_app

    _, players = new_game(client)
    with (
        TestClient(create_app(database)) as other,
        client.websocket_connect(socket_url(players["blue"])) as socket,
    ):
        assert socket.receive_json()["version"] == 0
        red_there = Player(other, players["red"].game_id, players["red"].token)
        started = time.monotonic()
        assert red_there.act(red_there.get()["view"]["actions"][0], 0).status_code == 200
        pushed = socket.receive_json()
        assert pushed["version"] == 1 and pushed["view"]["board"]["bid_made"] == ["red"]
        assert time.monotonic() - started < 5
