"""What the lobby asks of the server (issue 14): a summary of each game a browser holds, asked with
the tokens in the body, and a rematch of a finished game, made once, with the seats' kinds swapped
and a new secret seed."""

from __future__ import annotations

import sqlite3
from datetime import datetime

import pytest

from tests.server.conftest import Player, new_game
from tests.server.test_limits import limited, too_many
from wargame.games import REGISTRY
from wargame.server.limits import rate
from wargame.server.service import Service
from wargame.server.store import Store

pytestmark = pytest.mark.game("toy")


def summaries(client, *pairs, lang="en"):
    body = {"games": [{"id": game_id, "token": token} for game_id, token in pairs], "lang": lang}
    response = client.post("/api/games/summaries", json=body)
    assert response.status_code == 200, response.text
    return response.json()["games"]


def finish(players):
    """Red resigns: the game is over, Blue wins (again at the version a bot moved it to)."""
    for _ in range(20):
        response = players["red"].post("resign")
        if response.status_code != 409:
            break
    assert response.status_code == 200, response.text


def test_a_summary_names_the_game_its_turn_who_acts_and_when_it_last_changed(client):
    created, players = new_game(client, scenario="short")
    red = players["red"]
    red.act(red.get()["view"]["actions"][0])
    [line] = summaries(client, (created["id"], red.token))
    assert line["id"] == created["id"] and line["error"] is None
    assert (line["game"], line["title"]) == ("toy", "Toy skirmish (test game)")
    assert (line["scenario"], line["scenario_title"]) == ("short", "Short")
    assert line["seat"] == "red" and line["version"] == red.get()["version"]
    assert [side["id"] for side in line["sides"]] == ["red", "blue"]
    assert line["active"] == ["blue"] and line["result"] is None and line["rematch"] is None
    assert datetime.fromisoformat(line["updated"]).utcoffset() is not None
    finish(players)
    [over] = summaries(client, (created["id"], players[None].token))
    assert over["seat"] is None and over["active"] == []
    assert over["result"]["winner"] == "blue" and over["result_text"]
    assert over["updated"] >= line["updated"]


def test_a_delayed_spectator_s_summary_is_as_far_back_as_its_view(client):
    body = {"game": "toy", "scenario": "standard", "seed": 5, "hot_seat": True}
    created = client.post("/api/games", json={**body, "spectator_delay": 2}).json()
    red = Player(client, created["id"], created["seats"]["red"]["token"])
    red.act(red.get()["view"]["actions"][0])
    spectator = created["spectator"]["token"]
    seat, watcher = summaries(client, (created["id"], red.token), (created["id"], spectator))
    assert seat["active"] == ["blue"]
    assert watcher["active"] == ["red", "blue"]  # the opening position: no action shown yet


def test_an_unknown_game_or_token_gets_an_error_line_of_its_own(client):
    created, players = new_game(client)
    lines = summaries(
        client,
        (created["id"], "not-a-token"),
        ("no-such-game", players["red"].token),
        (created["id"], players["blue"].token),
    )
    assert lines[0] == {**lines[0], "id": created["id"], "error": "unknown token for this game"}
    assert lines[1]["id"] == "no-such-game" and "no game" in lines[1]["error"]
    assert lines[2]["error"] is None and lines[2]["seat"] == "blue"


def test_summaries_are_asked_in_the_body_only_and_within_bounds(client):
    created, players = new_game(client)
    many = [{"id": created["id"], "token": players["red"].token}] * 201
    assert client.post("/api/games/summaries", json={"games": many}).status_code == 400
    wrong = client.post("/api/games/summaries", json={"games": [], "tokens": ["x"]})
    assert wrong.status_code == 400 and "tokens" in wrong.json()["error"]
    assert client.get("/api/games/summaries").status_code in (403, 404, 405)


def test_a_rematch_swaps_the_seat_kinds_once_the_game_is_over(client):
    created, players = new_game(client, seats={"blue": "bot:random"}, options={"rounds": 2})
    red = players["red"]
    early = red.client.post(f"/api/games/{created['id']}/rematch", json={"token": red.token})
    assert early.status_code == 403 and "once the game is over" in early.json()["error"]
    finish(players)
    made = client.post(f"/api/games/{created['id']}/rematch", json={"token": red.token})
    assert made.status_code == 201, made.text
    rematch = made.json()
    assert rematch["seat_of"] == {"red": "blue", "blue": "red"}
    assert rematch["seats"]["blue"]["kind"] == "human" and rematch["seats"]["blue"]["token"]
    assert rematch["seats"]["red"] == {"kind": "bot:random", "token": None, "url": None}
    assert rematch["seed_chosen"] is False and rematch["commitment"] != created["commitment"]
    new_blue = Player(client, rematch["id"], rematch["seats"]["blue"]["token"])
    view = new_blue.get()["view"]
    assert view["options"]["rounds"] == 2 and view["scenario"] == "standard"
    [old] = summaries(client, (created["id"], players[None].token))
    assert old["rematch"] == rematch["id"]


def test_a_game_has_one_rematch_asked_by_a_seat(client):
    created, players = new_game(client)
    finish(players)
    spectator = players[None].token
    url = f"/api/games/{created['id']}/rematch"
    refused = client.post(url, json={"token": spectator})
    assert refused.status_code == 403 and "spectator" in refused.json()["error"]
    assert client.post(url, json={"token": "nobody"}).status_code == 403
    first = client.post(url, json={"token": players["blue"].token})
    assert first.status_code == 201
    again = client.post(url, json={"token": players["red"].token})
    assert again.status_code == 409
    assert again.json() == {
        "error": "a rematch of this game was made already",
        "rematch": first.json()["id"],
    }
    assert client.post("/api/games/no-such-game/rematch", json={"token": "x"}).status_code == 404


def test_a_rematch_counts_as_a_new_game_for_the_creation_limit(database):
    with limited(database, create=rate("2/hour")) as client:
        created, players = new_game(client)
        finish(players)
        url = f"/api/games/{created['id']}/rematch"
        assert client.post(url, json={"token": players["red"].token}).status_code == 201
        too_many(client.post(url, json={"token": players["blue"].token}), "new games")


def test_an_older_database_gets_the_rematch_column(tmp_path):
    path = tmp_path / "old.sqlite3"
    Store(f"sqlite:///{path}").close()
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE games DROP COLUMN rematch")  # as a database made before it
    store = Store(f"sqlite:///{path}")
    service = Service(store)
    created = service.create("toy", "standard", 1, {}, {}, hot_seat=True)
    red = created["seats"]["red"]["token"]
    service.resign(created["id"], red, 0, "en")
    rematch = service.rematch(created["id"], red)
    assert store.activity([created["id"]])[created["id"]].rematch == rematch["id"]
    store.close()


@pytest.mark.game("empire-of-the-sun")
def test_a_summary_names_the_game_and_its_scenario_in_the_asked_language(client):
    body = {"game": "empire-of-the-sun", "scenario": "1942", "hot_seat": True}
    created = client.post("/api/games", json=body).json()
    pair = (created["id"], created["seats"]["japan"]["token"])
    [english] = summaries(client, pair)
    [japanese] = summaries(client, pair, lang="ja")
    assert english["title"] == "Empire of the Sun (v2.0)"
    assert (japanese["title"], japanese["scenario_title"]) == ("太陽の帝国 (v2.0)", "1942年")


@pytest.mark.parametrize("game_id", [entry.id for entry in REGISTRY.listed()])
def test_every_game_s_summary_gives_the_turn_as_its_board_names_it(client, game_id):
    """Asia Engulfed counts its turns by month ("1942-09"): a summary of one of its games failed
    with a 500 while the response model asked for a number, and the lobby then showed no game's
    turn nor whose move it is. Each game's summary carries the turn its board shows."""
    game = REGISTRY.game(game_id)
    scenario = game.scenarios()[0].id
    body = {"game": game_id, "scenario": scenario, "hot_seat": True}
    created = client.post("/api/games", json=body).json()
    side, seat = next(iter(created["seats"].items()))
    [line] = summaries(client, (created["id"], seat["token"]))
    assert line["error"] is None and line["seat"] == side
    board = Player(client, created["id"], seat["token"]).get()["view"]["board"]
    assert line["turn"] == board["turn"] is not None
