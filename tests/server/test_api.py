"""The JSON API of notes/server_api.md on the toy game: create, view, act, undo, resign, record,
and every kind of bad request refused with a 4xx ``{"error": ...}`` that changes nothing."""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading

import pytest

from tests.server.conftest import new_game
from wargame.games import REGISTRY

pytestmark = pytest.mark.game("toy")


def bid_both(players):
    """Both sides bid their first card; returns the side with the initiative and its player."""
    for side in ("red", "blue"):
        view = players[side].get()["view"]
        assert players[side].act(view["actions"][0]).status_code == 200
    initiative = players[None].get()["view"]["board"]["initiative"]
    return initiative, players[initiative]


def test_catalog_lists_the_playable_games_with_sides_scenarios_and_options(client):
    catalog = client.get("/api/catalog").json()
    entry = next(e for e in catalog if e["id"] == "empire-of-the-sun")
    assert entry["sides"] == ["japan", "allied"]
    assert {"id": "1942", "title": entry["scenarios"][1]["title"]}.items() <= next(
        s for s in entry["scenarios"] if s["id"] == "1942"
    ).items()
    assert entry["options"][0]["name"] == "bidding"
    assert "toy" not in {e["id"] for e in catalog}  # an unlisted test game


def test_catalog_names_each_side_in_each_language_from_the_games_own_words(client):
    """The lobby names the seats in the page's language: Dai Senso!'s factions too, which the
    client's own words do not know."""
    entry = next(e for e in client.get("/api/catalog").json() if e["id"] == "dai-senso")
    assert entry["side_names"]["en"] == {"axis": "Axis", "west": "West", "soviet": "Soviet"}
    assert entry["side_names"]["ja"] == {"axis": "枢軸", "west": "西側", "soviet": "ソヴィエト"}


def test_the_lobby_offers_dai_senso_and_a_side_out_of_the_scenario_gets_an_idle_seat(client):
    """Dai Senso! is drawn in the browser, so the lobby offers it; August Storm is played by the
    Axis and the Soviets, and the West's seat, not in the scenario, goes to a bot that is never
    asked, even when the request names it human: nobody waits on an idle seat."""
    catalog = client.get("/api/catalog").json()
    entry = next(e for e in catalog if e["id"] == "dai-senso")
    storm = next(s for s in entry["scenarios"] if s["id"] == "a1_august_storm")
    assert storm["sides"] == ["axis", "soviet"] and entry["sides"] == ["axis", "west", "soviet"]
    seats = {"axis": "human", "west": "human", "soviet": "human"}
    made = client.post(
        "/api/games", json={"game": "dai-senso", "scenario": "a1_august_storm", "seats": seats}
    )
    assert made.status_code == 201, made.text
    assert made.json()["seats"]["west"] == {"kind": "bot:random", "token": None, "url": None}
    assert made.json()["seats"]["soviet"]["kind"] == "human"


def test_a_rematch_of_august_storm_swaps_the_axis_and_the_soviets_and_keeps_the_west_idle(client):
    seats = {"axis": "human", "soviet": "bot:random"}
    made = client.post(
        "/api/games", json={"game": "dai-senso", "scenario": "a1_august_storm", "seats": seats}
    ).json()
    axis = made["seats"]["axis"]["token"]
    resigned = client.post(
        f"/api/games/{made['id']}/resign", json={"token": axis, "version": made["version"]}
    )
    assert resigned.status_code == 200, resigned.text
    again = client.post(f"/api/games/{made['id']}/rematch", json={"token": axis})
    assert again.status_code == 201, again.text
    assert again.json()["seat_of"] == {"axis": "soviet", "soviet": "axis"}
    assert again.json()["seats"]["soviet"]["kind"] == "human"
    assert again.json()["seats"]["west"]["kind"] == "bot:random"


def test_create_gives_a_secret_link_per_human_seat_and_a_spectator_link(client, database):
    created, _players = new_game(client, seats={"blue": "bot:random"})
    assert created["version"] == 0
    red = created["seats"]["red"]
    assert red["kind"] == "human" and len(red["token"]) >= 32
    assert red["url"] == f"/play/{created['id']}#token={red['token']}"  # not sent to a server
    assert created["seats"]["blue"] == {"kind": "bot:random", "token": None, "url": None}
    assert created["spectator"]["url"].endswith(created["spectator"]["token"])
    with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
        stored = {row[0] for row in db.execute("SELECT token_hash FROM seats")}
    assert red["token"] not in stored
    assert hashlib.sha256(red["token"].encode()).hexdigest() in stored


def test_each_seat_sees_its_own_view_and_the_spectator_none(client):
    _created, players = new_game(client)
    red = players["red"].get()
    spectator = players[None].get(lang="ja")
    assert red["seat"] == "red" and red["view"]["board"]["hand"]
    assert red["view"]["actions"] and red["prompt_text"] == "Bid a card face down"
    assert red["static_url"] == "/api/kinds/toy/static?lang=en"
    assert red["backdrop_url"] == spectator["backdrop_url"] == "/api/kinds/toy/backdrop"
    assert spectator["seat"] is None and spectator["view"]["board"]["hand"] is None
    assert spectator["view"]["actions"] == [] and spectator["prompt_text"] is None
    assert spectator["log_text"] and spectator["log_text"] != red["log_text"]


def test_an_action_moves_the_game_one_version_on(client):
    _, players = new_game(client)
    red = players["red"]
    before = red.get()
    response = red.act(before["view"]["actions"][0], version=0)
    assert response.status_code == 200
    after = response.json()
    assert after["version"] == 1 and after["view"]["moves"] == 1
    assert after["view"]["actions"] == []  # red waits for blue's bid
    assert players["blue"].get()["version"] == 1


def refusals(client, players, game_id):
    red = players["red"]
    card = red.get()["view"]["actions"][0]
    url = f"/api/games/{game_id}/actions"
    return [
        (client.post(url, content=b"{not json", headers={"content-type": "application/json"}), 400),
        (client.post(url, json={"token": red.token, "version": 0}), 400),
        (client.post(url, json={"token": red.token, "version": "x", "action": card}), 400),
        (client.post("/api/games/nosuchgame/actions", json=_move(red.token, 0, card)), 404),
        (client.post(url, json=_move("not-a-token", 0, card)), 403),
        (client.post(url, json=_move(players[None].token, 0, card)), 403),
        (client.post(url, json=_move(red.token, 7, card)), 409),
        (red.act("card c99", version=0), 422),
        (red.act("hex 0101", version=0), 422),
        (red.act("bad!token", version=0), 422),
        (client.post(url, content=b"{" + b" " * 70_000 + b"}"), 413),
    ]


def _move(token, version, action):
    return {"token": token, "version": version, "action": action}


def test_bad_requests_get_a_4xx_with_one_error_line_and_change_nothing(client):
    created, players = new_game(client)
    before = players[None].get()
    for response, status in refusals(client, players, created["id"]):
        assert response.status_code == status, response.text
        body = response.json()
        assert isinstance(body["error"], str) and "\n" not in body["error"]
    assert players[None].get() == before


def test_a_stale_version_names_the_current_one(client):
    _, players = new_game(client)
    card = players["red"].get()["view"]["actions"][0]
    players["red"].act(card, version=0)
    response = players["blue"].act(players["blue"].get()["view"]["actions"][0], version=0)
    assert response.status_code == 409 and response.json()["version"] == 1


def test_malformed_json_is_named(client):
    created, _ = new_game(client)
    response = client.post(
        f"/api/games/{created['id']}/actions",
        content=b'{"token": ',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 400 and "malformed JSON" in response.json()["error"]


def test_an_action_when_the_seat_need_not_decide_is_refused(client):
    _, players = new_game(client)
    red = players["red"]
    red.act(red.get()["view"]["actions"][0])
    response = red.act("card c1")
    assert response.status_code == 422 and "waiting for blue" in response.json()["error"]


def test_two_submissions_racing_for_one_version_apply_exactly_once(client):
    _, players = new_game(client)
    red = players["red"]
    cards = red.get()["view"]["actions"]
    barrier = threading.Barrier(len(cards))
    statuses = []

    def submit(card):
        barrier.wait()
        statuses.append(red.act(card, version=0).status_code)

    threads = [threading.Thread(target=submit, args=(card,)) for card in cards]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] + [409] * (len(cards) - 1)
    view = players[None].get()
    assert view["version"] == 1 and view["view"]["moves"] == 1


def test_undo_takes_back_the_seats_last_click(client):
    _created, players = new_game(client)
    _, mover = bid_both(players)
    before = mover.get()
    card = next(a for a in before["view"]["actions"] if a.startswith("card"))
    picked = mover.act(card).json()
    assert picked["view"]["can_undo"]
    response = mover.post("undo", picked["version"])
    assert response.status_code == 200
    undone = response.json()
    assert undone["version"] == picked["version"] + 1
    assert undone["view"]["board"] == before["view"]["board"]
    assert undone["view"]["actions"] == before["view"]["actions"]
    again = mover.post("undo", undone["version"])
    assert again.status_code == 422 and again.json()["error"]


def test_undo_by_the_other_seat_or_a_spectator_is_refused(client):
    _, players = new_game(client)
    initiative, mover = bid_both(players)
    other = players["blue" if initiative == "red" else "red"]
    card = next(a for a in mover.get()["view"]["actions"] if a.startswith("card"))
    version = mover.act(card).json()["version"]
    assert other.post("undo", version).status_code == 422
    assert players[None].post("undo", version).status_code == 403
    assert players[None].get()["version"] == version


def test_resign_ends_the_game_and_opens_the_record(client):
    created, players = new_game(client)
    url = f"/api/games/{created['id']}/record"
    red_token = players["red"].token
    assert client.get(url, params={"token": red_token}).status_code == 403
    card = players["red"].get()["view"]["actions"][0]
    players["red"].act(card)
    response = players["blue"].post("resign")
    assert response.status_code == 200
    assert response.json()["view"]["result"]["winner"] == "red"
    record = client.get(url, params={"token": red_token}).json()
    assert record["actions"] == [["red", card], ["blue", "resign"]]
    assert record["seed"] == 5 and record["game"] == "toy"
    assert players["red"].post("resign").status_code == 422


def test_replay_shows_a_past_position_to_the_seat_asked_once_the_game_is_over(client):
    created, players = new_game(client)
    url = f"/api/games/{created['id']}/replay"
    token = players["red"].token
    assert client.get(url, params={"token": token, "n": 0}).status_code == 403
    card = players["red"].get()["view"]["actions"][0]
    players["red"].act(card)
    players["blue"].post("resign")
    start = client.get(url, params={"token": token, "n": 0, "seat": "red"}).json()
    assert (start["n"], start["total"], start["view"]["moves"]) == (0, 2, 0)
    assert start["view"]["viewer"] == "red" and card in start["view"]["actions"]
    watched = client.get(url, params={"token": token, "n": 1, "seat": ""}).json()
    assert watched["view"]["viewer"] is None and watched["view"]["moves"] == 1
    too_far = client.get(url, params={"token": token, "n": 3})
    assert too_far.status_code == 400 and "between 0 and 2" in too_far.json()["error"]
    assert client.get(url, params={"token": token, "n": 1, "seat": "green"}).status_code == 400


def test_the_record_leaves_out_undone_actions(client):
    created, players = new_game(client)
    _, mover = bid_both(players)
    card = next(a for a in mover.get()["view"]["actions"] if a.startswith("card"))
    mover.post("undo", mover.act(card).json()["version"])
    mover.post("resign")
    record = client.get(f"/api/games/{created['id']}/record", params={"token": mover.token}).json()
    assert len(record["actions"]) == 3 and record["actions"][-1][1] == "resign"


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"game": "nope", "scenario": "standard"}, "unknown game"),
        ({"game": "toy", "scenario": "nope"}, "no scenario"),
        ({"game": "toy", "scenario": "standard", "seats": {"green": "human"}}, "no side"),
        ({"game": "toy", "scenario": "standard", "seats": {"red": "robot"}}, "seats.red"),
        (
            {"game": "toy", "scenario": "standard", "seats": {"red": "bot:smart"}},
            "seat kind 'bot:smart': use one of human, bot:random",
        ),
        ({"game": "toy", "scenario": "standard", "options": {"rounds": 99}}, "rounds"),
        ({"game": "toy", "scenario": "standard", "seed": -1}, "seed"),
        ({"game": "aegean-strike", "scenario": "world_war"}, "not playable"),
    ],
)
def test_a_bad_new_game_is_refused(client, body, fragment):
    response = client.post("/api/games", json=body)
    assert response.status_code == 400 and fragment in response.json()["error"]


def test_unknown_paths_and_methods_answer_in_the_error_shape(client):
    assert client.get("/api/nothing").json() == {"error": "Not Found"}
    assert client.delete("/api/games").status_code == 405


def test_static_data_of_a_game_without_drawing_data(client):
    created, _ = new_game(client)
    static = client.get(f"/api/games/{created['id']}/static", params={"lang": "ja"}).json()
    assert static["data"] == {} and static["lang"] == "ja"
    assert static["sides"] == [{"id": "red", "name": "赤"}, {"id": "blue", "name": "青"}]
    assert static["messages"]["prompt.bid"]


def test_a_game_without_a_backdrop_has_no_lines(client):
    created, _ = new_game(client)
    response = client.get(f"/api/games/{created['id']}/backdrop")
    assert response.status_code == 200 and response.json() == {"game": "toy", "lines": []}
    assert "max-age" in response.headers["cache-control"]
    missing = client.get("/api/games/nosuchgame/backdrop")
    assert missing.status_code == 404 and "error" in missing.json()


def test_games_of_one_kind_name_one_static_and_backdrop_url_for_browsers_to_share(client):
    first, players = new_game(client, seed=5)
    _second, others = new_game(client, seed=6)
    body, other = players["red"].get(lang="ja"), others["blue"].get(lang="ja")
    assert body["static_url"] == other["static_url"] == "/api/kinds/toy/static?lang=ja"
    assert body["backdrop_url"] == other["backdrop_url"]
    per_game = client.get(f"/api/games/{first['id']}/static", params={"lang": "ja"})
    assert client.get(body["static_url"]).content == per_game.content
    assert client.get(body["backdrop_url"]).json() == {"game": "toy", "lines": []}
    for missing in ("/api/kinds/nosuchgame/static", "/api/kinds/nosuchgame/backdrop"):
        response = client.get(missing)
        assert response.status_code == 404 and "nosuchgame" in response.json()["error"]


@pytest.mark.parametrize("url", ["/api/kinds/toy/static?lang=en", "/api/kinds/toy/backdrop"])
def test_an_unchanging_body_is_not_sent_again_to_a_client_that_has_it(client, url):
    first = client.get(url)
    tag = first.headers["etag"]
    assert (
        first.status_code == 200
        and tag.startswith('"')
        and "max-age" in first.headers["cache-control"]
    )
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
    stale = client.get(url, headers={"If-None-Match": '"an-older-copy"'})
    assert stale.status_code == 200 and stale.content == first.content
    other_language = client.get("/api/kinds/toy/static?lang=ja")
    assert other_language.headers["etag"] != client.get("/api/kinds/toy/static").headers["etag"]


def test_openapi_describes_every_endpoint_and_its_errors(client):
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    for path in (
        "/api/catalog",
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/static",
        "/api/games/{game_id}/backdrop",
        "/api/kinds/{game}/static",
        "/api/kinds/{game}/backdrop",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/undo",
        "/api/games/{game_id}/resign",
        "/api/games/{game_id}/record",
    ):
        assert path in paths
    responses = paths["/api/games/{game_id}/actions"]["post"]["responses"]
    assert {"200", "400", "403", "404", "409", "413", "422"} <= set(responses)
    assert "ErrorBody" in spec["components"]["schemas"]


def test_pages_answer(client):
    assert client.get("/").status_code == 200
    assert client.get("/play/anything").status_code == 200
    about = client.get("/about/empire-of-the-sun")
    assert about.status_code == 200 and "<html" in about.text.lower()
    assert client.get("/about/nothing").status_code == 404
    facts = client.get("/api/about/empire-of-the-sun").json()
    assert facts["rules"] and facts["cards"]


def test_the_about_facts_credit_the_game_and_tell_players_every_stand_in_in_both_languages(client):
    facts = client.get("/api/about/empire-of-the-sun").json()
    credits = facts["credits"]
    assert (credits["title"], credits["publisher"], credits["designers"]) == (
        "Empire of the Sun",
        "GMT Games",
        ["Mark Herman"],
    )
    assert facts["title_ja"] == "太陽の帝国 (v2.0)" and facts["rules"][0]["title_ja"]
    assert len(facts["stand_ins"]) >= 10
    for stand_in in facts["stand_ins"]:
        assert stand_in["text"] and stand_in["text_ja"] and stand_in["title_ja"]
        assert not re.search(r"\bspec\b|IMPL", stand_in["text"])
    j80 = next(card for card in facts["cards"] if card["id"] == "J80")
    assert "暫定" in j80["effect_ja"] and j80["title_ja"]


def test_the_about_page_without_the_client_reads_in_either_language():
    from wargame.server.catalog import about
    from wargame.server.pages import render_about

    facts = about(REGISTRY.game("empire-of-the-sun"))
    english, japanese = render_about(facts, "en"), render_about(facts, "ja")
    assert "unofficial fan edition" in english and "GMT Games" in english
    assert (
        "非公式ファン版" in japanese
        and "太陽の帝国" in japanese
        and "山札がなくなったら" in japanese
    )
    assert not re.search(r"\bspec\b|IMPL", english + japanese)


def test_log_lines_are_rendered_once_per_event_and_language(monkeypatch):
    from wargame.games import REGISTRY
    from wargame.server import service

    game = REGISTRY.game("toy")
    event = {"key": "log.bid_made", "params": {"side": "red", "unique": id(object())}}
    calls = []
    real = service.render
    monkeypatch.setattr(service, "render", lambda *args: calls.append(args) or real(*args))
    first = service.render_logged(game, event, "en")
    assert service.render_logged(game, event, "en") == first == real(game, event, "en")
    service.render_logged(game, event, "ja")
    assert [args[2] for args in calls] == ["en", "ja"]


def test_the_fallback_about_page_says_a_row_that_is_not_a_rule_has_nothing_to_enforce():
    from wargame.server.catalog import about
    from wargame.server.pages import render_about

    facts = about(REGISTRY.game("asia-engulfed"))
    english, japanese = render_about(facts, "en"), render_about(facts, "ja")
    example = re.search(r"<tr><td>14\.0</td>.*?</tr>", english)
    assert example and "nothing to enforce" in example.group() and ">no<" not in example.group()
    assert re.search(r"<tr><td>14\.0</td>.*?実施する内容なし.*?</tr>", japanese)
    enforced = next(rule["number"] for rule in facts["rules"] if rule["implemented"])
    assert re.search(rf"<tr><td>{re.escape(enforced)}</td>.*?<td>yes</td></tr>", english)
