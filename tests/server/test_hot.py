"""The hot lane (``server/hot.py``) answers the requests of every move exactly as the FastAPI routes
do, and leaves to them whatever it cannot read without doubt. Two servers share one database file,
one with the lane and one without; each request goes to both, on two games made alike."""

from __future__ import annotations

import random
import re

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Player, new_game
from wargame.server.app import create_app

pytestmark = pytest.mark.game("toy")


@pytest.fixture
def pair(database):
    with (
        TestClient(create_app(database)) as hot,
        TestClient(create_app(database, hot_lane=False)) as plain,
    ):
        yield hot, plain


def served(client):
    """Requests that the client's server answered in its hot lane (0 without a lane)."""
    layer = client.app.middleware_stack
    while not hasattr(layer, "served") and hasattr(layer, "app"):
        layer = layer.app  # the middleware in front of the lane
    return getattr(layer, "served", 0)


def same(hot, plain, hot_game, plain_game):
    """The two answers with each game's id put in the other's place and its dice (each game has a
    salt of its own, hence its own commitment) left out."""
    assert hot.status_code == plain.status_code, (hot.text, plain.text)
    assert comparable(hot.text, hot_game) == comparable(plain.text, plain_game)
    return hot


def comparable(text, game_id):
    return re.sub(r'"dice":\{[^}]*\}', '"dice":{}', text.replace(game_id, "GAME"))


def test_a_game_played_through_the_lane_answers_as_fastapi_does(pair):
    hot_client, plain_client = pair
    hot_created, hot_players = new_game(hot_client, seed=11)
    plain_created, plain_players = new_game(plain_client, seed=11)
    ids = hot_created["id"], plain_created["id"]
    rng = random.Random(3)
    body = hot_players[None].get()
    played = 0
    for step in range(40):
        if body["view"]["result"] is not None:
            break
        side = rng.choice(body["view"]["active"])
        query = {"token": hot_players[side].token, "lang": rng.choice(["en", "ja"])}
        if step % 3:
            query["log_from"] = str(rng.randrange(0, len(body["log_text"]) + 2))
        plain_query = {**query, "token": plain_players[side].token}
        path = "/api/games/{}"
        view = same(
            hot_client.get(path.format(ids[0]), params=query),
            plain_client.get(path.format(ids[1]), params=plain_query),
            *ids,
        )
        action = rng.choice(view.json()["view"]["actions"])
        move = {"version": view.json()["version"], "action": action}
        params = {key: value for key, value in query.items() if key != "token"}
        body = same(
            hot_client.post(
                path.format(ids[0]) + "/actions",
                params=params,
                json={"token": hot_players[side].token, **move},
            ),
            plain_client.post(
                path.format(ids[1]) + "/actions",
                params=params,
                json={"token": plain_players[side].token, **move},
            ),
            *ids,
        ).json()
        played += 1
    assert played >= 10 and body["version"] == played
    assert served(hot_client) == 1 + 2 * played and served(plain_client) == 0


ODD_QUERIES = [
    ({"token": "not-a-token"}, 403),
    ({"lang": "xx"}, 400),
    ({"log_from": "-1"}, 400),
    ({"log_from": "x"}, 400),
    ({"log_from": " 2"}, 200),  # pydantic reads it as 2
]


@pytest.mark.parametrize(("query", "status"), ODD_QUERIES)
def test_an_odd_view_request_gets_the_same_answer(pair, query, status):
    hot_client, plain_client = pair
    hot_created, hot_players = new_game(hot_client)
    plain_created, plain_players = new_game(plain_client)
    for client, game_id, players in (
        (hot_client, hot_created["id"], hot_players),
        (plain_client, plain_created["id"], plain_players),
    ):
        client.checked = client.get(
            f"/api/games/{game_id}", params={"token": players["red"].token, **query}
        )
    same(hot_client.checked, plain_client.checked, hot_created["id"], plain_created["id"])
    assert hot_client.checked.status_code == status


def test_a_view_with_the_token_in_the_header_is_the_view_with_it_in_the_query(pair):
    hot_client, plain_client = pair
    hot_created, hot_players = new_game(hot_client)
    plain_created, plain_players = new_game(plain_client)
    by_header = []
    for client, players in ((hot_client, hot_players), (plain_client, plain_players)):
        red = players["red"]
        url = f"/api/games/{red.game_id}"
        header = {"Authorization": f"Bearer {red.token}"}
        by_header.append(client.get(url, params={"lang": "ja"}, headers=header))
        by_query = client.get(url, params={"lang": "ja", "token": red.token})
        assert by_header[-1].status_code == 200 and by_header[-1].content == by_query.content
    same(*by_header, hot_created["id"], plain_created["id"])
    assert served(hot_client) == 2  # both views, in the lane


ODD_HEADERS = [
    ("Bearer not-a-token", {}, 403),
    ("bearer {token}", {}, 200),  # the scheme in any case
    ("Bearer {token}", {"token": "not-a-token"}, 200),  # the header before the query
    ("Basic {token}", {"token": "{token}"}, 200),  # another scheme: the query's token
    ("Bearer", {}, 403),
    ("Bearer not.a.token", {}, 403),
]


@pytest.mark.parametrize(("header", "query", "status"), ODD_HEADERS)
def test_an_odd_authorization_header_gets_the_same_answer(pair, header, query, status):
    hot_client, plain_client = pair
    hot_created, hot_players = new_game(hot_client)
    plain_created, plain_players = new_game(plain_client)
    for client, players in ((hot_client, hot_players), (plain_client, plain_players)):
        token = players["red"].token
        client.checked = client.get(
            f"/api/games/{players['red'].game_id}",
            params={name: value.format(token=token) for name, value in query.items()},
            headers={"Authorization": header.format(token=token)},
        )
    same(hot_client.checked, plain_client.checked, hot_created["id"], plain_created["id"])
    assert hot_client.checked.status_code == status


def bad_moves(player: Player, action: str):
    """(body bytes or JSON, extra query) of requests that change nothing."""
    token = player.token
    return [
        (b"{not json", {}),
        (b'{"token": ', {}),
        ({"token": token, "version": 0}, {}),
        ({"token": token, "version": "x", "action": action}, {}),
        ({"token": token, "version": -1, "action": action}, {}),
        ({"token": token, "version": 0, "action": action, "more": 1}, {}),
        ({"token": "not-a-token", "version": 0, "action": action}, {}),
        ({"token": token, "version": 7, "action": action}, {}),
        ({"token": token, "version": 0, "action": "card c99"}, {}),
        ({"token": token, "version": 0, "action": action}, {"lang": "xx"}),
        ({"token": token, "version": 0, "action": "x" * 1001}, {}),
    ]


def test_a_bad_action_gets_the_same_answer_and_changes_nothing(pair):
    hot_client, plain_client = pair
    hot_created, hot_players = new_game(hot_client)
    plain_created, plain_players = new_game(plain_client)
    action = hot_players["red"].get()["view"]["actions"][0]
    before = hot_players[None].get()
    hot_bad = bad_moves(hot_players["red"], action)
    plain_bad = bad_moves(plain_players["red"], action)
    for (hot_body, query), (plain_body, _) in zip(hot_bad, plain_bad, strict=True):
        answers = []
        for client, game_id, body in (
            (hot_client, hot_created["id"], hot_body),
            (plain_client, plain_created["id"], plain_body),
        ):
            url = f"/api/games/{game_id}/actions"
            if isinstance(body, bytes):
                sent = client.post(
                    url, params=query, content=body, headers={"content-type": "application/json"}
                )
            else:
                sent = client.post(url, params=query, json=body)
            answers.append(sent)
        found = same(*answers, hot_created["id"], plain_created["id"])
        assert 400 <= found.status_code < 500
    assert hot_players[None].get() == before


def test_a_version_written_as_a_string_is_left_to_fastapi_which_accepts_it(pair):
    """msgspec is strict where pydantic is lax: such a body passes the lane to FastAPI."""
    hot_client, _ = pair
    _, players = new_game(hot_client)
    red = players["red"]
    action = red.get()["view"]["actions"][0]
    before = served(hot_client)
    response = hot_client.post(
        f"/api/games/{red.game_id}/actions",
        json={"token": red.token, "version": "0", "action": action},
    )
    assert response.status_code == 200 and response.json()["version"] == 1
    assert served(hot_client) == before


def test_a_large_view_is_gzipped_by_the_lane_as_by_fastapi(pair):
    answers = []
    for client in pair:
        _, players = new_game(client, "empire-of-the-sun", "1942")
        side = next(side for side in players if side)
        answers.append(
            client.get(
                f"/api/games/{players[side].game_id}",
                params={"token": players[side].token},
                headers={"accept-encoding": "gzip"},
            )
        )
    hot, plain = answers
    assert len(hot.content) >= 4096 or hot.headers.get("content-encoding") == "gzip"
    assert hot.headers.get("content-encoding") == plain.headers.get("content-encoding") == "gzip"
    assert hot.json()["view"]["board"].keys() == plain.json()["view"]["board"].keys()


def test_a_bug_behind_the_lane_is_a_500_in_the_error_shape(pair, monkeypatch):
    hot_client, _ = pair
    _, players = new_game(hot_client)
    red = players["red"]
    action = red.get()["view"]["actions"][0]

    def broken(*_args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(hot_client.app.state.service, "plan_act", broken)
    response = red.act(action, 0)
    assert response.status_code == 500
    assert response.json() == {"error": "internal error (a bug; it is logged)"}
    assert red.get()["version"] == 0
