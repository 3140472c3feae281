"""The store on SQLite and, when a server is reachable ($WARGAME_TEST_POSTGRES_URL), PostgreSQL:
one transaction per change with the version check, an append-only log, snapshots, and no
acknowledged action lost when the server process dies."""

from __future__ import annotations

import threading

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Player, new_game
from tests.server.test_api import bid_both
from tests.toy_game import GAME
from wargame.engine.session import Session
from wargame.engine.state import state_hash
from wargame.server import service as service_module
from wargame.server.app import create_app
from wargame.server.service import BOT, HUMAN, Service
from wargame.server.store import DURABILITY, Stale, Store, StoreError, normalise_url

pytestmark = pytest.mark.game("toy")


def new(service, seats=None):
    created = service.create("toy", "standard", 11, {}, seats or {}, hot_seat=True)
    tokens = {side: link["token"] for side, link in created["seats"].items()}
    return created["id"], tokens


def play_bots_to_the_end(service, game_id):
    while service.bot_step(game_id):
        pass
    return service.load(game_id)[1]


def replayed(service, game_id):
    row, _ = service.load(game_id)
    return Session.replay(service._record(row), GAME).state


def test_urls_a_user_may_give():
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("sqlite:///x.db") == "sqlite:///x.db"
    assert normalise_url("games.db").startswith("sqlite:////")


@pytest.mark.parametrize(("durability", "synchronous"), [("process", 1), ("disk", 2)])
def test_a_sqlite_stores_durability_is_its_connections_synchronous_mode(
    tmp_path, durability, synchronous
):
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}", durability)
    try:
        with store.engine.connect() as db:
            assert db.exec_driver_sql("PRAGMA synchronous").scalar() == synchronous  # 1 NORMAL
            assert db.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    finally:
        store.close()


def test_the_default_durability_survives_the_process_and_an_unknown_one_is_refused(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    store.close()
    assert store.durability == "process" and set(DURABILITY) == {"process", "disk"}
    with pytest.raises(StoreError, match="unknown durability 'never'; choose process or disk"):
        Store(f"sqlite:///{tmp_path / 'h.sqlite3'}", "never")


def test_a_new_game_loads_back_as_created(store):
    service = Service(store)
    game_id, _tokens = new(service)
    row, state = store.load(game_id)
    assert (row.game, row.scenario, row.dice.seed, row.version) == ("toy", "standard", 11, 0)
    assert state_hash(state) == state_hash(GAME.setup("standard", 11))
    assert {seat.seat: seat.kind for seat in store.seats(game_id)} == {
        "red": HUMAN,
        "blue": HUMAN,
        "": "spectator",
    }
    assert store.load("missing") is None and store.version("missing") is None


def test_each_change_is_logged_under_its_version(store):
    service = Service(store, GAME_LOOKUP)
    game_id, _ = new(service, {"red": BOT, "blue": BOT})
    final = play_bots_to_the_end(service, game_id)
    log = store.log(game_id)
    assert [entry.seq for entry in log] == list(range(1, store.version(game_id) + 1))
    assert final.result is not None
    assert state_hash(replayed(service, game_id)) == state_hash(final)


def test_a_change_from_an_old_version_is_stale(store):
    service = Service(store)
    game_id, tokens = new(service)
    row, state = store.load(game_id)
    text = GAME.legal_actions(state, "red")[0].text
    service.act(game_id, tokens["red"], 0, text, "en")
    with pytest.raises(Stale) as stale:
        service.store.commit(game_id, _change(row.version, state))
    assert stale.value.current == 1
    assert len(store.log(game_id)) == 1


def _change(version, state):
    from wargame.server.store import Change

    return Change(version, "action", "red", "card c1", state, None)


def test_racing_threads_store_exactly_one_change_per_version(store):
    service = Service(store)
    game_id, tokens = new(service)
    _, state = store.load(game_id)
    cards = [a.text for a in GAME.legal_actions(state, "red")] * 3
    barrier = threading.Barrier(len(cards))
    outcomes = []

    def submit(text):
        barrier.wait()
        try:
            service.act(game_id, tokens["red"], 0, text, "en")
            outcomes.append("ok")
        except service_module.Stale:
            outcomes.append("stale")

    threads = [threading.Thread(target=submit, args=(text,)) for text in cards]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes.count("ok") == 1 and outcomes.count("stale") == len(cards) - 1
    assert store.version(game_id) == 1 and len(store.log(game_id)) == 1


def test_snapshots_are_kept_at_checkpoints_and_replay_to_the_state(store, monkeypatch):
    monkeypatch.setattr(service_module, "SNAPSHOT_EVERY", 3)
    service = Service(store)
    game_id, _ = new(service, {"red": BOT, "blue": BOT})
    final = play_bots_to_the_end(service, game_id)
    snapshots = list(store.snapshots(game_id))
    assert len(snapshots) >= 3 and snapshots[0].moves == 0
    record = service._record(service.load(game_id)[0])
    for snapshot in snapshots:
        assert snapshot.checkpoint == snapshot.moves
        session = Session(GAME, service_module._blank_record(), snapshot, snapshot)
        for side, text in record.actions[snapshot.moves :]:
            session.act(side, text)
        assert state_hash(session.state) == state_hash(final)


def test_a_new_server_on_the_same_file_continues_the_game(database):
    first = TestClient(create_app(database))
    first.__enter__()
    try:
        _, players = new_game(first)
        bid_both(players)
        before = players["red"].get()
        # a second server opens the file while the first has not shut down, as after a kill
        with TestClient(create_app(database)) as second:
            again = {side: Player(second, p.game_id, p.token) for side, p in players.items()}
            assert again["red"].get() == before
            side = before["view"]["active"][0]
            actions = again[side].get()["view"]["actions"]
            assert again[side].act(actions[0], before["version"]).status_code == 200
            assert again[None].get()["version"] == before["version"] + 1
    finally:
        first.__exit__(None, None, None)


def GAME_LOOKUP(game_id):  # noqa: N802 - reads like the registry it stands for
    assert game_id == "toy"
    return GAME


def test_the_api_plays_on_either_database(store):
    with TestClient(create_app(store=store)) as client:
        _, players = new_game(client, seats={"blue": BOT})
        red = players["red"]
        before = red.get()
        card = before["view"]["actions"][0]
        response = red.act(card, before["version"])
        if response.status_code == 409:  # the blue bot bid first: choose again
            before = red.get()
            response = red.act(card, before["version"])
        assert response.status_code == 200
        assert red.act(card, before["version"]).status_code == 409
        with client.websocket_connect(f"/api/games/{red.game_id}/ws?token={red.token}") as ws:
            assert ws.receive_json()["version"] >= 1


# -- group commit ------------------------------------------------------------------------------


def _held_writer(store):
    """Occupy the store's writer with a write that waits for the returned event; the writes
    handed over meanwhile queue and then go in one batch."""
    release, holding = threading.Event(), threading.Event()

    def hold(_db):
        holding.set()
        release.wait(10)

    thread = threading.Thread(target=store._writer.write, args=(hold,))
    thread.start()
    assert holding.wait(10)
    return release, thread


def _in_threads(calls):
    """Start each call in a thread; return a function that waits and gives each one's outcome."""
    outcomes = [None] * len(calls)

    def run(i, call):
        try:
            outcomes[i] = call()
        except Exception as error:
            outcomes[i] = error

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()

    def finish():
        for thread in threads:
            thread.join(10)
        return outcomes

    return finish


def _queued(store, count):
    return lambda: store._writer._queue.qsize() >= count


def test_changes_waiting_for_the_writer_are_committed_together(store):
    import sqlalchemy as sa

    from tests.server.conftest import wait_for

    service = Service(store)
    games = [new(service) for _ in range(4)]
    states = {game_id: store.load(game_id)[1] for game_id, _ in games}
    commits = []
    sa.event.listen(store.engine, "commit", lambda _conn: commits.append(1))
    release, holder = _held_writer(store)
    calls = [
        lambda game_id=game_id, tokens=tokens: service.act(
            game_id, tokens["red"], 0, GAME.legal_actions(states[game_id], "red")[0].text, "en"
        )
        for game_id, tokens in games
    ]
    stale_game = games[0][0]
    calls.append(lambda: store.commit(stale_game, _change(5, states[stale_game])))
    finish = _in_threads(calls)
    wait_for(_queued(store, len(calls)))
    release.set()
    holder.join(10)
    outcomes = finish()
    assert all(isinstance(body, bytes) for body in outcomes[:4])
    assert isinstance(outcomes[4], Stale) and outcomes[4].current in (0, 1)
    assert len(commits) == 2  # the held write's transaction, then one for the five waiting
    assert all(store.version(game_id) == 1 for game_id, _ in games)


def test_a_write_that_fails_in_a_batch_fails_alone(store):
    from tests.server.conftest import wait_for

    service = Service(store)
    (game_id, _), (other_id, _) = new(service), new(service)
    state = store.load(game_id)[1]
    release, holder = _held_writer(store)

    def broken(_db):
        raise RuntimeError("a bug in a write")

    finish = _in_threads(
        [
            lambda: store.commit(game_id, _change(0, state)),
            lambda: store._writer.write(broken),
            lambda: store.commit(other_id, _change(0, state)),
        ]
    )
    wait_for(_queued(store, 3))
    release.set()
    holder.join(10)
    first, failed, last = finish()
    assert (first, last) == (1, 1)
    assert isinstance(failed, RuntimeError)
    assert store.version(game_id) == store.version(other_id) == 1


def test_a_server_whose_copy_is_behind_refuses_a_move_as_stale(database):
    """Each server keeps the game it stored last; another server moving the game makes that copy
    old, and a move computed from it is refused by the version check, naming the real version."""
    with (
        TestClient(create_app(database)) as first,
        TestClient(create_app(database)) as second,
    ):
        _, players = new_game(first)
        red = players["red"]
        card = red.get()["view"]["actions"][0]
        assert red.act(card, 0).status_code == 200  # the first server now holds version 1
        blue_there = Player(second, red.game_id, players["blue"].token)
        bid = blue_there.get()["view"]["actions"][0]
        assert blue_there.act(bid, 1).status_code == 200
        response = players["blue"].act(bid, 1)  # legal in the first server's copy
        assert response.status_code == 409 and response.json()["version"] == 2
        assert players[None].get()["version"] == 2


def test_the_action_writes_of_a_batch_go_in_one_statement_each(store):
    import sqlalchemy as sa

    from tests.server.conftest import wait_for

    service = Service(store)
    games = [new(service) for _ in range(4)]
    states = {game_id: store.load(game_id)[1] for game_id, _ in games}
    updates = []

    def seen(_conn, _cursor, statement, parameters, _context, executemany):
        if statement.lstrip().upper().startswith("UPDATE GAMES"):
            updates.append(len(parameters) if executemany else 1)

    sa.event.listen(store.engine, "before_cursor_execute", seen)
    release, holder = _held_writer(store)
    finish = _in_threads(
        [
            lambda game_id=game_id: store.commit(game_id, _change(0, states[game_id]))
            for game_id, _ in games
        ]
    )
    wait_for(_queued(store, len(games)))
    release.set()
    holder.join(10)
    assert finish() == [1, 1, 1, 1]
    together = store.engine.dialect.supports_sane_multi_rowcount
    assert updates == ([4] if together else [1, 1, 1, 1])
    assert [len(store.log(game_id)) for game_id, _ in games] == [1, 1, 1, 1]


def test_a_store_sees_the_version_another_store_wrote(tmp_path):
    """The version a reader checks before trusting its own copy comes from the file, not from
    what this store wrote last (``Store.version``: plain sqlite3 connections on SQLite)."""
    database = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    first, second = Store(database), Store(database)
    try:
        game_id, _ = new(Service(first))
        state = first.load(game_id)[1]
        assert first.version(game_id) == 0
        assert second.commit(game_id, _change(0, state)) == 1
        assert first.version(game_id) == 1
        assert first.version("missing") is None
    finally:
        first.close()
        second.close()


def test_writes_that_arrive_while_another_process_writes_go_in_one_batch(tmp_path, monkeypatch):
    """The writer takes the lock between processes first and its batch then: what arrived while
    another process held the lock is written in one transaction, not one write and then the
    rest."""
    import fcntl

    import sqlalchemy as sa

    from tests.server.conftest import wait_for
    from wargame.server import store as store_module

    locking = threading.Event()
    real_lock = store_module._file_lock

    def noted_lock(handle):
        locking.set()
        return real_lock(handle)

    monkeypatch.setattr(store_module, "_file_lock", noted_lock)
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    try:
        service = Service(store)
        games = [new(service) for _ in range(4)]
        states = {game_id: store.load(game_id)[1] for game_id, _ in games}
        commits = []
        sa.event.listen(store.engine, "commit", lambda _conn: commits.append(1))
        with (tmp_path / "g.sqlite3.write-lock").open("a") as other_process:
            fcntl.flock(other_process, fcntl.LOCK_EX)
            calls = [
                lambda game_id=game_id: store.commit(game_id, _change(0, states[game_id]))
                for game_id, _ in games
            ]
            locking.clear()  # set by the creations above
            first = _in_threads(calls[:1])
            assert locking.wait(10)  # the writer has taken the first write and waits
            rest = _in_threads(calls[1:])
            wait_for(_queued(store, len(calls) - 1))
            fcntl.flock(other_process, fcntl.LOCK_UN)
        assert first() + rest() == [1, 1, 1, 1]
        assert len(commits) == 1
    finally:
        store.close()


def test_the_write_ahead_log_is_copied_into_the_database_file_while_the_store_runs(tmp_path):
    """Writers never checkpoint (that stalled every process's actions); the store's checkpointer
    thread does, so the database file itself grows while the store is open."""
    from tests.server.conftest import wait_for

    path = tmp_path / "g.sqlite3"
    store = Store(f"sqlite:///{path}")
    try:
        wait_for(lambda: path.stat().st_size > 0)  # the tables, checkpointed
        empty = path.stat().st_size
        service = Service(store)
        for _ in range(30):
            new(service)
        assert path.with_name("g.sqlite3-wal").stat().st_size > 0
        wait_for(lambda: path.stat().st_size > empty)
    finally:
        store.close()


def test_closing_a_store_while_threads_read_versions_waits_for_them_and_then_refuses(tmp_path):
    """A bot's thread may still ask a game's version as the server stops: closing the store
    under it must not crash the process (it did: a connection closed while in use), and a read
    after the close is refused."""
    store = Store(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    game_id, _tokens = new(Service(store))
    outcomes: list[str] = []
    started = threading.Barrier(5)

    def read_until_closed() -> None:
        started.wait()
        try:
            while True:
                assert store.version(game_id) == 0
        except StoreError as error:
            outcomes.append(str(error))

    readers = [threading.Thread(target=read_until_closed) for _ in range(4)]
    for reader in readers:
        reader.start()
    started.wait()
    store.close()
    for reader in readers:
        reader.join(timeout=30)
    assert outcomes == ["the store is closed"] * 4
