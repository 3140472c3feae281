"""Empire of the Sun through the play server: the drawing data, a game created, played, taken back
and viewed over HTTP, and no seat ever sent the other seat's hidden cards."""

from __future__ import annotations

import math
import random
import re

import pytest

from tests.server.conftest import new_game
from wargame.fuzz import strings_in
from wargame.games import REGISTRY

pytestmark = pytest.mark.game("empire-of-the-sun")

GAME_ID = "empire-of-the-sun"
SIDES = ("japan", "allied")


@pytest.fixture(scope="module")
def eots():
    return REGISTRY.game(GAME_ID)


def test_client_data_has_the_map_units_and_cards(eots):
    data = eots.client_data()
    board = data["board"]
    assert (board["layout"], board["columns"], board["rows"]) == ("odd-q", [10, 60], [0, 28])
    hexes = {h["id"]: h for h in board["hexes"]}
    assert len(hexes) == 1478
    manila = next(h for h in hexes.values() if h["name"] == "Manila")
    assert manila["name_ja"] and manila["port"] and manila["terrain"] != "ocean"
    assert "philippines" in manila["areas"]
    assert sum(h["resource"] for h in hexes.values()) == 14
    first, neighbour = hexes["2812"], hexes["2813"]
    assert abs(neighbour["y"] - first["y"]) == pytest.approx(3**0.5, abs=1e-3)
    assert board["hexsides"] and {"a", "b", "flags"} <= set(board["hexsides"][0])
    units = {u["id"]: u for u in data["units"]}
    assert all(u["name"] and u["name_ja"] and "attack" in u for u in units.values())
    cards = {c["id"]: c for c in data["cards"]}
    assert len(cards) == 170 and cards["J1"]["title_ja"] and cards["J1"]["oc"] == 3


def test_the_static_endpoint_serves_it_compressed(client):
    created, _ = new_game(client, GAME_ID, "1942")
    response = client.get(f"/api/games/{created['id']}/static", params={"lang": "ja"})
    assert response.status_code == 200 and response.headers["content-encoding"] == "gzip"
    static = response.json()
    assert static["sides"][0]["id"] == "japan" and "日本" in static["sides"][0]["name"]
    assert len(static["data"]["cards"]) == 170
    assert any(key.startswith("hex.") for key in static["messages"])


def test_the_backdrop_endpoint_serves_real_coastlines_in_the_boards_frame(client, eots):
    created, _ = new_game(client, GAME_ID, "1942")
    response = client.get(f"/api/games/{created['id']}/backdrop")
    assert response.status_code == 200 and response.headers["content-encoding"] == "gzip"
    lines = response.json()["lines"]
    assert lines and {line["kind"] for line in lines} == {"coast", "lake", "border"}
    hexes = {h["id"]: (h["x"], h["y"]) for h in eots.client_data()["board"]["hexes"]}
    xs, ys = zip(*hexes.values(), strict=True)
    points = [point for line in lines for point in line["points"]]
    assert all(min(xs) - 1 <= x <= max(xs) + 1 for x, _ in points)
    assert all(min(ys) - 1 <= y <= max(ys) + 1 for _, y in points)
    for island in ("3814", "4017", "4612", "5108"):  # Guam, Truk, Wake, Midway: in their hexes
        x, y = hexes[island]
        assert any(math.dist((x, y), point) < 1.0 for point in points), island


def test_large_unchanging_bodies_are_compressed_once(client):
    from wargame.server import catalog

    created, _ = new_game(client, GAME_ID, "1942")
    url = f"/api/games/{created['id']}/backdrop"
    first = client.get(url)
    compressed = catalog.gzipped.cache_info().misses
    again = client.get(url)
    assert catalog.gzipped.cache_info().misses == compressed  # the copy made for the first
    assert again.headers["content-encoding"] == "gzip" and again.json() == first.json()
    plain = client.get(url, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.json() == first.json()


def test_create_act_undo_and_view_a_game(client):
    _created, players = new_game(client, GAME_ID, "1942", seed=12)
    rng = random.Random(3)
    for _ in range(60):
        side, body = acting(players)
        action = rng.choice(body["view"]["actions"])
        response = players[side].act(action, body["version"])
        assert response.status_code == 200, response.text
        after = response.json()
        if after["view"]["can_undo"]:
            break
    else:
        pytest.fail("no undoable action in 60 random actions")
    undone = players[side].post("undo", after["version"])
    assert undone.status_code == 200, undone.text
    back = undone.json()
    assert back["version"] == after["version"] + 1
    assert back["view"]["board"] == body["view"]["board"]
    assert back["view"]["actions"] == body["view"]["actions"]
    assert back["log_text"] == body["log_text"]
    japanese = players["japan"].get(lang="ja")
    assert japanese["version"] == back["version"] and japanese["log_text"]


def acting(players):
    for side in SIDES:
        body = players[side].get()
        if body["view"]["actions"]:
            return side, body
    raise AssertionError("nobody can act")


def test_no_seat_is_ever_sent_the_other_seats_hidden_cards(client, eots):
    """What a seat or the spectator receives (view, legal actions, prompt, new log lines) never
    names a card that only the other side may see (the game's own ``secrets``)."""
    created, players = new_game(client, GAME_ID, "1942", seed=21)
    service = client.app.state.service
    rng = random.Random(5)
    seen_log = {}
    own_seen = set()
    for _ in range(40):
        state = service.load(created["id"])[1]
        secrets = eots.secrets(state).owned
        assert any(secrets.values())
        for viewer in (None, *SIDES):
            body = players[viewer].get()
            hidden = {
                token for side, tokens in secrets.items() if side != viewer for token in tokens
            }
            new_lines = body["log_text"][seen_log.get(viewer, 0) :]
            seen_log[viewer] = len(body["log_text"])
            assert_hidden(body, new_lines, hidden)
            if viewer and secrets[viewer] & set(strings_in(body["view"]["board"])):
                own_seen.add(viewer)  # the check sees hand cards where they are shown
        side, body = acting(players)
        players[side].act(rng.choice(body["view"]["actions"]), body["version"])
    assert own_seen == set(SIDES)


def assert_hidden(body, new_lines, hidden):
    shown = {key: value for key, value in body["view"].items() if key != "log"}
    leaked = hidden & set(strings_in([shown, body["prompt_text"]]))
    assert not leaked, f"{body['seat']} is sent {leaked}"
    for line in new_lines:
        for token in hidden:
            assert not re.search(rf"\b{re.escape(token)}\b", line), f"{token} in {line!r}"
