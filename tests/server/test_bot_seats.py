"""Where bot seats think (issue 15, point 5): in worker processes, so that a bot that thinks
holds up no other game; their moves paced while someone watches; each seat's kind of bot."""

from __future__ import annotations

import os

import pytest
from fastapi.testclient import TestClient

import wargame.server.live as live_module
from tests.server import held_bot
from tests.server.conftest import new_game, wait_for
from tests.server.test_limits import age
from tests.server.test_live import socket_url
from wargame.engine.log import Event
from wargame.server import bot_seats
from wargame.server.app import create_app


@pytest.fixture
def gate(tmp_path, monkeypatch):
    path = tmp_path / "gate"
    monkeypatch.setenv(held_bot.GATE, str(path))
    with held_bot.registered():
        yield path


def test_a_thinking_bot_holds_up_no_other_game(database, gate):
    app = create_app(database, bot_processes=1, bot_lookup=held_bot.lookup)
    with TestClient(app) as client:
        _, thinking = new_game(client, seats={"blue": "bot:held"})
        red = thinking["red"]
        assert red.act(red.get()["view"]["actions"][0]).status_code == 200
        waiting = red.get()
        assert waiting["bots"] == {"blue": "held"} and "blue" in waiting["view"]["active"]

        _, other = new_game(client, seats={"blue": "bot:random"})
        assert play_against_the_bot(other["red"], actions=6) > 0  # the other game goes on
        assert red.get()["version"] == waiting["version"]  # the held bot still thinks

        gate.touch()
        wait_for(lambda: red.get()["version"] > waiting["version"])
    thinker = int(gate.with_name("gate.pid").read_text())
    assert thinker != os.getpid()  # it thought in a worker process, not the server's


def test_a_bot_of_an_unknown_kind_is_refused(client):
    body = {"game": "toy", "scenario": "standard", "seats": {"blue": "bot:genius"}}
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    assert "seat kind 'bot:genius': use one of human, bot:random" in response.text


def test_the_catalog_names_the_kinds_of_seat(client):
    for entry in client.get("/api/catalog").json():
        assert entry["seat_kinds"][:2] == ["human", "bot:random"]


def test_bot_moves_are_paced_only_while_someone_watches(database, monkeypatch):
    pauses = []
    real_sleep = live_module.asyncio.sleep

    async def sleep(seconds, *args):
        if seconds == 0.25:
            pauses.append(seconds)
        await real_sleep(0)

    monkeypatch.setattr(live_module.asyncio, "sleep", sleep)
    with TestClient(create_app(database, bot_delay=0.25)) as client:
        _, players = new_game(client, seats={"blue": "bot:random"})
        red = players["red"]
        assert play_against_the_bot(red, actions=4) > 0
        assert pauses == []  # nobody watches: the bot's answers come at once
        with client.websocket_connect(socket_url(players[None])) as socket:
            socket.receive_json()
            bot_moves = play_against_the_bot(red, actions=4)
        assert bot_moves > 0 and pauses == [0.25] * bot_moves


def play_against_the_bot(red, actions):
    """Red plays its first action ``actions`` times, each once the bot has answered; how many
    moves the bot made meanwhile."""
    started = red.get()["version"]
    for _ in range(actions):
        body = wait_for(lambda: (b := red.get())["view"]["active"] == ["red"] and b)
        assert red.act(body["view"]["actions"][0]).status_code == 200
    final = wait_for(lambda: (b := red.get())["view"]["active"] == ["red"] and b)
    return final["version"] - started - actions


@pytest.mark.parametrize("processes", [0, 2])
def test_a_game_keeps_one_bot_per_side_until_it_ends(database, gate, processes):
    gate.touch()
    app = create_app(database, bot_processes=processes, bot_lookup=held_bot.lookup)
    with TestClient(app) as client:
        _, players = new_game(client, seats={"blue": "bot:held"})
        answered = gate.with_name("gate.bots")
        for _ in range(12):
            play_against_the_bot(players["red"], actions=1)
            if answered.exists() and len(answered.read_text().splitlines()) >= 3:
                break
        answers = [line.split() for line in answered.read_text().splitlines()]
        assert len(answers) >= 3
        assert len({(pid, bot) for pid, bot, _ in answers}) == 1  # one bot object, one process
        assert [int(n) for *_, n in answers] == list(range(1, len(answers) + 1))
        kept = client.portal.call(app.state.live.bots.kept)
        assert kept == [(players["red"].game_id, "blue", "held")]

        assert players["red"].post("resign").status_code == 200
        wait_for(lambda: client.portal.call(app.state.live.bots.kept) == [])


def test_the_bots_of_a_deleted_game_are_dropped(database, gate):
    gate.touch()
    app = create_app(database, bot_processes=1, bot_lookup=held_bot.lookup)
    with TestClient(app) as client:
        _, players = new_game(client, seats={"blue": "bot:held"})
        assert play_against_the_bot(players["red"], actions=2) > 0
        bots, store = app.state.live.bots, app.state.service.store
        assert len(client.portal.call(bots.kept)) == 1
        age(store, players["red"].game_id, 3)
        expiring = client.portal.start_task_soon(live_module.expire_abandoned, store, 2.0, bots)
        try:
            wait_for(lambda: client.portal.call(bots.kept) == [])
        finally:
            expiring.cancel()
        assert store.load(players["red"].game_id) is None


def test_a_bots_remark_is_stored_in_the_log_after_its_action(database, gate, monkeypatch):
    gate.touch()
    said = Event("log.initiative", {"side": "blue", "remark": "yes"})  # a line the toy can say
    monkeypatch.setattr(bot_seats, "remark", lambda game, bot, side: said)
    with TestClient(create_app(database, bot_lookup=held_bot.lookup)) as client:
        _, players = new_game(client, seats={"blue": "bot:held"})
        for _ in range(12):
            play_against_the_bot(players["red"], actions=1)
            body = players["red"].get()
            if said in [Event(**event) for event in body["view"]["log"]]:
                break
        index = [Event(**event) for event in body["view"]["log"]].index(said)
        assert body["log_text"][index] == "Blue has the initiative"
