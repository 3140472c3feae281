"""Provably fair dice through the play server (issue 13): a secret 128-bit seed for every game, a
commitment every seat sees from the start, the seed shown and checkable once the game is over, and
a chosen seed only where nobody can be cheated by it (every seat is then told)."""

from __future__ import annotations

import hashlib

import pytest

from tests.server.conftest import new_game, wait_for
from wargame.engine.rng import seed_hex

pytestmark = pytest.mark.game("toy")


def finish(players):
    """Red plays a card, blue resigns: a short finished game with dealt cards."""
    players["red"].act(players["red"].get()["view"]["actions"][0])
    assert players["blue"].post("resign").status_code == 200


def test_a_new_game_has_a_secret_128_bit_seed_and_every_seat_sees_the_commitment(client):
    created, players = new_game(client, seed=None)
    row, _ = client.app.state.service.load(created["id"])
    seed = row.dice.seed
    assert seed.bit_length() > 100 and not created["seed_chosen"]
    secret_forms = {str(seed), seed_hex(seed), row.dice.salt}
    for player in players.values():
        body = player.get()
        assert body["dice"]["commitment"] == created["commitment"] == row.dice.commitment
        assert body["dice"]["seed_chosen"] is False and "seed_hex" not in body["dice"]
        assert not [form for form in secret_forms if form in str(body)]


def test_once_over_the_seed_and_salt_give_the_commitment_shown_at_the_start(client):
    created, players = new_game(client, seed=None)
    shown = players["red"].get()["dice"]["commitment"]
    finish(players)
    dice = players["red"].get()["dice"]
    digest = hashlib.sha256(bytes.fromhex(dice["salt"]) + bytes.fromhex(dice["seed_hex"]))
    assert digest.hexdigest() == shown
    record = client.get(
        f"/api/games/{created['id']}/record", params={"token": players["blue"].token}
    ).json()
    assert record["seed_hex"] == dice["seed_hex"] and record["commitment"] == shown
    assert int(record["seed_hex"], 16) == record["seed"]


def test_verify_recomputes_the_dice_of_a_finished_game_only(client):
    created, players = new_game(
        client, seats={"red": "bot:random", "blue": "bot:random"}, seed=None
    )
    url = f"/api/games/{created['id']}/verify"
    spectator = {"token": players[None].token}
    assert client.get(url, params={"token": "nope"}).status_code == 403
    wait_for(lambda: players[None].get()["view"]["result"] is not None)
    found = client.get(url, params=spectator).json()
    assert found["ok"] and found["commitment"] == "matches" and found["problems"] == []
    assert found["random"]["shuffles"] >= 1 and found["random"]["draws"] >= 1
    assert found["expected"] == created["commitment"]


def test_verify_before_the_end_is_refused(client):
    created, players = new_game(client, seed=None)
    response = client.get(
        f"/api/games/{created['id']}/verify", params={"token": players["red"].token}
    )
    assert response.status_code == 403 and "once the game is over" in response.json()["error"]


def games_stored(client):
    with client.app.state.service.store.engine.connect() as db:
        return db.exec_driver_sql("SELECT count(*) FROM games").scalar()


def test_a_chosen_seed_between_two_people_is_refused_and_changes_nothing(client):
    before = games_stored(client)
    response = client.post("/api/games", json={"game": "toy", "scenario": "standard", "seed": 5})
    assert response.status_code == 400
    assert "chosen seed" in response.json()["error"]
    assert games_stored(client) == before


@pytest.mark.parametrize(
    "extra",
    [
        {"hot_seat": True},
        {"seats": {"blue": "bot:random"}},
        {"seats": {"red": "bot:random", "blue": "bot:random"}},
    ],
)
def test_a_chosen_seed_is_accepted_where_one_person_plays_and_every_seat_is_told(client, extra):
    created, players = new_game(client, seed=77, **extra)
    assert created["seed_chosen"]
    for player in players.values():
        assert player.get()["dice"]["seed_chosen"] is True


def test_a_chosen_seed_gives_the_same_game_as_the_command_line(client):
    from tests.toy_game.game import GAME
    from wargame.engine.state import state_hash

    created, _ = new_game(client, seed=2**100 + 3)
    _, state = client.app.state.service.load(created["id"])
    assert state_hash(state) == state_hash(GAME.setup("standard", 2**100 + 3))
