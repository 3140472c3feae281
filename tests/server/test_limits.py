"""Limits: per-client rates of game creations and of actions (429 with Retry-After, on the hot lane
and through FastAPI alike), a cap on the games with no human seat a server plays at once, a request
body that does not arrive in time (408, the connection closed), and abandoned games deleted."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from datetime import timedelta

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from tests.server.conftest import Player, new_game, run_loop, wait_for
from tests.server.test_hot import served
from tests.toy_game import GAME
from wargame.engine.errors import WargameError
from wargame.server import bot_seats
from wargame.server.app import create_app
from wargame.server.bot_seats import decide
from wargame.server.limits import Buckets, Limits, rate
from wargame.server.service import Service
from wargame.server.store import ACTIONS, GAMES, SEATS, SNAPSHOTS, Store, now

pytestmark = pytest.mark.game("toy")

BOTS = {"red": "bot:random", "blue": "bot:random"}


def limited(database, hot_lane=True, **limits):
    return TestClient(create_app(database, hot_lane=hot_lane, limits=Limits(**limits)))


def too_many(response, what):
    assert response.status_code == 429, response.text
    assert response.json()["error"].startswith(f"too many {what} from this address: at most ")
    assert int(response.headers["retry-after"]) >= 1


def games_in(database):
    with sqlite3.connect(database.removeprefix("sqlite:///")) as db:
        return db.execute("SELECT count(*) FROM games").fetchone()[0]


# -- rates ---------------------------------------------------------------------------------------


def test_rates_are_written_count_per_unit_or_off():
    assert str(rate("20/second")) == "20/second" and rate("20/second").seconds == 1
    assert rate("10/minutes").seconds == 60 and rate("3 / hour").count == 3
    assert rate("off") is None
    for bad in ("10", "10/fortnight", "0/second", "ten/minute", "-1/hour"):
        with pytest.raises(WargameError, match="COUNT/UNIT"):
            rate(bad)


def test_a_bucket_lets_a_burst_through_then_one_request_per_refill():
    bucket = Buckets(rate("3/minute"), "actions")
    assert [bucket.take("a", 0.0) for _ in range(3)] == [0, 0, 0]
    assert bucket.take("a", 1.0) == pytest.approx(19.0)  # a token comes back every 20 s
    assert bucket.take("b", 1.0) == 0  # another client has its own bucket
    assert bucket.take("a", 20.0) == 0
    assert bucket.take("a", 20.0) > 0


def test_a_bucket_forgets_the_clients_whose_bucket_is_full_again():
    bucket = Buckets(rate("1/second"), "actions")
    for n in range(3000):
        bucket.take(f"10.0.{n // 256}.{n % 256}", n / 1000)
    assert len(bucket._levels) < 2100  # only the last second's clients, and a margin
    assert bucket.take("10.0.11.183", 3.0) > 0  # the latest are still counted


@pytest.mark.parametrize("hot_lane", [True, False], ids=["hot-lane", "fastapi"])
def test_a_client_beyond_its_action_rate_gets_429_and_nothing_changes(database, hot_lane):
    with limited(database, hot_lane, act=rate("3/minute")) as client:
        _, players = new_game(client)
        red, blue = players["red"], players["blue"]
        assert red.act(red.get()["view"]["actions"][0], 0).status_code == 200
        assert red.act("nonsense", 1).status_code == 422  # a refused action counts too
        assert red.post("undo", 1).status_code in (200, 422)
        bid = blue.get()["view"]["actions"][0]
        version = blue.get()["version"]
        too_many(blue.act(bid, version), "actions")
        too_many(red.post("resign", version), "actions")
        assert blue.get()["version"] == version  # views are not limited
        assert served(client) == (4 + 2 if hot_lane else 0)  # the lane's views and actions
        other = TestClient(client.app, client=("192.0.2.7", 4000))
        assert Player(other, blue.game_id, blue.token).act(bid, version).status_code == 200


def test_a_client_beyond_its_creation_rate_gets_429_and_no_game(database):
    with limited(database, create=rate("2/hour")) as client:
        new_game(client)
        new_game(client)
        too_many(
            client.post("/api/games", json={"game": "toy", "scenario": "standard"}), "new games"
        )
        assert games_in(database) == 2
        new_game(TestClient(client.app, client=("2001:db8:1:2::5", 4000)))
        same_network = TestClient(client.app, client=("2001:db8:1:2::99", 4000))
        new_game(same_network)
        too_many(same_network.post("/api/games", json={"game": "toy"}), "new games")


# -- games without a human seat ------------------------------------------------------------------


def test_games_without_a_human_seat_are_capped_per_server(database, monkeypatch):
    # the bots think only once let through, so both games still run when the third is asked for
    # however slow the machine (a free-running game of two rounds can end before that)
    let_through = threading.Event()

    def held_decision(lookup, ask):
        let_through.wait(timeout=60)
        return decide(lookup, ask)

    monkeypatch.setattr(bot_seats, "decide", held_decision)
    app = create_app(database, limits=Limits(bot_games=2))
    with TestClient(app) as client:
        new_game(client, seats=BOTS, options={"rounds": 2})
        new_game(client, seats=BOTS, options={"rounds": 2})
        body = {"game": "toy", "scenario": "standard", "seats": BOTS}
        refused = client.post("/api/games", json=body)
        assert refused.status_code == 503 and int(refused.headers["retry-after"]) >= 1
        assert refused.json() == {
            "error": "this server already runs 2 games without a human seat; try again later"
        }
        assert games_in(database) == 2
        new_game(client, seats={"blue": "bot:random"})  # a human plays: no cap
        let_through.set()  # the bot games play to their end and free their places
        wait_for(lambda: client.post("/api/games", json=body).status_code == 201, seconds=60)


# -- request bodies ------------------------------------------------------------------------------


def send_without_body(app, path):
    """Call the application as uvicorn would for a POST whose body never comes; what it sent."""
    sent = []

    async def never():
        await asyncio.Event().wait()

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"content-type", b"application/json"), (b"content-length", b"50")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
        "scheme": "http",
        "http_version": "1.1",
        "root_path": "",
    }
    run_loop(asyncio.wait_for(app(scope, never, send), 120))  # a bound for a hang, not a wait
    return sent


@pytest.mark.parametrize("path", ["/api/games", "/api/games/abc/actions"])
def test_a_body_that_does_not_arrive_in_time_gets_408_and_a_closed_connection(database, path):
    with limited(database, body_seconds=0.2) as client:
        start, body = send_without_body(client.app, path)
    assert start["status"] == 408
    assert (b"connection", b"close") in start["headers"]
    assert body["body"] == b'{"error": "the request body did not arrive within 0.2 s"}'


# -- abandoned games -----------------------------------------------------------------------------


@pytest.fixture
def store(store_url):
    found = Store(store_url)
    yield found
    found.close()


def age(store, game_id, days):
    with store.engine.begin() as db:
        then = now() - timedelta(days=days)
        db.execute(sa.update(GAMES).where(GAMES.c.id == game_id).values(updated=then))


def rows_of(store, game_id):
    with store.engine.connect() as db:
        return [
            db.execute(sa.select(sa.func.count()).where(table.c.game_id == game_id)).scalar()
            for table in (SEATS, ACTIONS, SNAPSHOTS)
        ] + [db.execute(sa.select(sa.func.count()).where(GAMES.c.id == game_id)).scalar()]


def test_unfinished_games_untouched_for_long_are_deleted_with_their_rows(store):
    service = Service(store)
    created = service.create("toy", "standard", 1, {}, {}, hot_seat=True)
    abandoned, token = created["id"], created["seats"]["red"]["token"]
    state = store.load(abandoned)[1]
    service.act(abandoned, token, 0, GAME.legal_actions(state, "red")[0].text, "en")
    finished = service.create("toy", "standard", 2, {"rounds": 1}, BOTS)["id"]
    while service.bot_step(finished):
        pass
    fresh = service.create("toy", "standard", 3, {}, {}, hot_seat=True)["id"]
    for game_id in (abandoned, finished):
        age(store, game_id, 8)
    age(store, fresh, 6)
    assert rows_of(store, abandoned) == [3, 1, 1, 1]  # seats, actions, snapshots, the game
    assert store.expire(now() - timedelta(days=7)) >= 1
    assert rows_of(store, abandoned) == [0, 0, 0, 0]
    assert rows_of(store, finished)[3] == rows_of(store, fresh)[3] == 1
    assert store.load(finished)[1].result is not None


def test_a_server_with_expire_days_deletes_abandoned_games_when_it_starts(database):
    with TestClient(create_app(database)) as client:
        created, _ = new_game(client)
        kept, _ = new_game(client)
    store = Store(database)
    age(store, created["id"], 3)
    store.close()
    with limited(database, expire_days=2):
        wait_for(lambda: games_in(database) == 1)
    with Store(database).engine.connect() as db:
        assert db.execute(sa.select(GAMES.c.id)).scalars().all() == [kept["id"]]
