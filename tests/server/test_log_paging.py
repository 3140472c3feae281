"""Log paging: ``log_from=N`` on GET, on the POSTs and on the WebSocket sends only the log entries
from index N on (``view.log`` and ``log_text`` cut alike), with ``log_total``, ``log_from``,
``log_hash`` and ``log_base``; a ``log_from`` beyond the log (an undo) answers the whole log with
``log_from`` 0; without ``log_from``, the whole log as before."""

from __future__ import annotations

import msgspec
import pytest

from tests.server.conftest import new_game
from tests.server.test_api import bid_both
from tests.server.test_live import socket_url
from wargame.engine.log import Event
from wargame.games import REGISTRY
from wargame.server.service import Page, prefix_hash, rendered_log

pytestmark = pytest.mark.game("toy")


def paged(player, log_from, lang="en"):
    response = player.client.get(
        f"/api/games/{player.game_id}",
        params={"token": player.token, "lang": lang, "log_from": log_from},
    )
    assert response.status_code == 200, response.text
    return response.json()


def test_without_log_from_the_whole_log_is_sent(client):
    _, players = new_game(client)
    bid_both(players)
    whole = players["red"].get()
    assert whole["log_from"] == 0 and whole["log_total"] == len(whole["log_text"]) > 3
    assert len(whole["view"]["log"]) == whole["log_total"]
    assert whole["log_base"] == "" and whole["log_hash"]


def test_log_from_sends_only_the_later_lines_of_view_log_and_log_text_alike(client):
    _, players = new_game(client)
    bid_both(players)
    for viewer in ("red", "blue", None):
        whole = players[viewer].get()
        page = paged(players[viewer], 3)
        assert page["log_from"] == 3 and page["log_total"] == whole["log_total"]
        assert page["log_text"] == whole["log_text"][3:]
        assert page["view"]["log"] == whole["view"]["log"][3:]
        assert page["log_hash"] == whole["log_hash"]
        assert page["log_base"] == paged(players[viewer], 3)["log_base"] != whole["log_hash"]
        everything = paged(players[viewer], whole["log_total"])
        assert everything["log_text"] == [] and everything["view"]["log"] == []
        assert everything["log_base"] == whole["log_hash"]
        assert {**page, "view": None, "log_text": None, "log_from": 0, "log_base": ""} == {
            **whole,
            "view": None,
            "log_text": None,
        }


def test_log_from_is_answered_from_the_cached_body_and_0_is_the_whole_log(client):
    _, players = new_game(client)
    red = players["red"]
    assert paged(red, 0) == red.get()
    assert paged(red, 2)["log_text"] == red.get()["log_text"][2:]
    assert paged(red, 0)["log_text"] == red.get()["log_text"]  # the cache still holds it all


def test_a_negative_log_from_is_refused(client):
    _, players = new_game(client)
    response = players["red"].client.get(
        f"/api/games/{players['red'].game_id}",
        params={"token": players["red"].token, "log_from": -1},
    )
    assert response.status_code == 400 and "log_from" in response.json()["error"]


def test_a_log_from_beyond_the_log_resets_the_client_to_the_whole_log(client):
    """After an undo the log may be shorter than what the client has: it gets it all again."""
    _, players = new_game(client)
    red = players["red"]
    whole = red.get()
    reset = paged(red, whole["log_total"] + 5)
    assert reset["log_from"] == 0 and reset["log_text"] == whole["log_text"]
    assert reset["view"]["log"] == whole["view"]["log"]


def test_actions_and_undo_take_log_from_as_a_query_parameter(client):
    _, players = new_game(client)
    _, mover = bid_both(players)
    before = mover.get()
    have = before["log_total"]
    card = next(a for a in before["view"]["actions"] if a.startswith("card"))
    url = f"/api/games/{mover.game_id}"
    move = {"token": mover.token, "version": before["version"], "action": card}
    picked = client.post(f"{url}/actions", params={"log_from": have}, json=move).json()
    assert picked["log_from"] == have and picked["log_base"] == before["log_hash"]
    assert picked["view"]["can_undo"]
    undo = {"token": mover.token, "version": picked["version"]}
    undone = client.post(f"{url}/undo", params={"log_from": picked["log_total"]}, json=undo)
    assert undone.status_code == 200
    body = undone.json()
    assert body["log_total"] == before["log_total"] and body["log_hash"] == before["log_hash"]
    # a client that had more lines than the log has after the undo starts again
    move["version"] = body["version"]
    again = client.post(f"{url}/actions", params={"log_from": body["log_total"] + 1}, json=move)
    again = again.json()
    assert again["log_from"] == 0 and again["log_text"] == mover.get()["log_text"]
    resign = {"token": mover.token, "version": again["version"]}
    resigned = client.post(f"{url}/resign", params={"log_from": again["log_total"]}, json=resign)
    assert resigned.json()["log_from"] == again["log_total"]
    assert resigned.json()["log_base"] == again["log_hash"]


def test_an_undo_then_new_lines_of_the_same_length_change_the_base_hash():
    """A client appends a page only if ``log_base`` is the hash of the lines it has: after an
    undo and new lines, the same count of lines is not the same log."""
    game = REGISTRY.game("toy")
    first = Event("log.bid_made", {"side": "red"})
    old = [first, Event("log.bid_made", {"side": "blue"})]
    new = [first, Event("log.initiative", {"side": "red"})]
    grown = [*old, Event("log.initiative", {"side": "red"})]
    had = page_of(game, old)
    assert base_of(page_of(game, grown), 2) == had.head["log_hash"]
    assert base_of(page_of(game, [*new, first]), 2) != had.head["log_hash"]
    assert base_of(page_of(game, new), 1) == base_of(had, 1)


def base_of(page, log_from):
    sent = msgspec.json.decode(page.encode(log_from))
    assert sent["log_from"] == log_from and len(sent["log_text"]) == page.total - log_from
    assert len(sent["view"]["log"]) == len(sent["log_text"])
    return sent["log_base"]


def page_of(game, events):
    texts, encoded, marks = rendered_log(game, events, "en")
    head = {"log_hash": prefix_hash(marks, len(texts))}
    return Page(head, b"{}", encoded, texts, marks, list(events))


def test_the_socket_sends_only_the_lines_this_connection_has_not_sent(client):
    _, players = new_game(client)
    red, blue = players["red"], players["blue"]
    start = blue.get()
    have = start["log_total"]
    url = socket_url(blue) + f"&log_from={have}"
    with client.websocket_connect(url) as socket:
        first = socket.receive_json()
        assert first["log_from"] == have and first["log_text"] == [] and first["view"]["log"] == []
        assert first["log_base"] == start["log_hash"]
        lines = list(start["log_text"])
        for player in (red, blue):
            player.act(player.get()["view"]["actions"][0])
            pushed = socket.receive_json()
            assert pushed["log_from"] == len(lines) and pushed["log_text"]
            lines += pushed["log_text"]
            assert pushed["log_total"] == len(lines)
        assert lines == blue.get()["log_text"]


def test_a_socket_without_log_from_sends_the_whole_log_every_time(client):
    _, players = new_game(client)
    red, blue = players["red"], players["blue"]
    with client.websocket_connect(socket_url(blue)) as socket:
        assert socket.receive_json()["log_from"] == 0
        red.act(red.get()["view"]["actions"][0])
        pushed = socket.receive_json()
        assert pushed["log_from"] == 0 and pushed["log_text"] == blue.get()["log_text"]


def test_a_socket_whose_client_has_more_lines_than_the_log_gets_it_all(client):
    _, players = new_game(client)
    blue = players["blue"]
    with client.websocket_connect(socket_url(blue) + "&log_from=500") as socket:
        first = socket.receive_json()
    assert first["log_from"] == 0 and first["log_text"] == blue.get()["log_text"]


def test_a_log_built_on_an_earlier_page_is_the_log_built_from_nothing():
    """``rendered_log`` takes the lines an earlier page begins with from it: whatever that page
    was (shorter, longer, the same lines, or others after an undo), the result is the same."""
    game = REGISTRY.game("toy")
    lines = [Event("log.bid_made", {"side": side}) for side in ("red", "blue") * 3]
    other = Event("log.initiative", {"side": "red"})
    logs = [lines[:2], lines, lines[:4], [*lines[:3], other, *lines[4:]], [other], []]
    for earlier in logs:
        before = page_of(game, earlier)
        for events in logs:
            assert rendered_log(game, events, "en", before) == rendered_log(game, events, "en")


def test_a_page_log_is_the_view_log_of_each_viewer():
    """The server builds a page's log from the contract's ``logged`` events, not from ``view``:
    for every viewer, it is the very log ``view`` gives (same JSON, same lines)."""
    from wargame.engine.session import Session
    from wargame.server.service import GameRow, game_page
    from wargame.server.store import Dice

    game = REGISTRY.game("empire-of-the-sun")
    session = Session.new(game, "1942", 3)
    for _ in range(60):
        side = game.active(session.state)[0]
        session.act(side, game.legal_actions(session.state, side)[-1].text)
    state = session.state
    row = GameRow("g", game.id, "1942", Dice(seed=3), {}, game.rules_version, state.moves, 0)
    for side in [None, *game.sides]:
        body = msgspec.json.decode(game_page(game, row, state, side, "en").encode(None))
        assert body["view"]["log"] == game.view(state, side)["log"]
        assert len(body["log_text"]) == len(body["view"]["log"]) > 5
