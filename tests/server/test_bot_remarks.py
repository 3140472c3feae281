"""A bot's remark in a stored game (issue 15, point 5): kept in the log of actions beside its
action, so that every replay of the record says it again where it was first said: the dice check
of the finished game, an undo, a spectator's delayed view, another server reading the game."""

from __future__ import annotations

import secrets

import msgspec
import pytest
import sqlalchemy as sa

from tests.toy_game import GAME
from wargame.engine.contract import can_undo
from wargame.engine.log import Event, redact
from wargame.engine.session import Session
from wargame.engine.state import state_hash
from wargame.server import bot_seats
from wargame.server.bot_seats import BotTurn
from wargame.server.service import Service
from wargame.server.store import Store, normalise_url

pytestmark = pytest.mark.game("toy")

WHY = Event("log.initiative", {"side": "blue", "why": "the bot's reason"})  # a line the toy says
RED_WHY = Event("log.initiative", {"side": "red", "why": "red's reason"})


@pytest.fixture
def remarking(monkeypatch):
    """Every bot says WHY after each of its actions."""
    monkeypatch.setattr(bot_seats, "remark", lambda game, bot, side: WHY)


def bots_to_the_end(service, game_id):
    while service.bot_step(game_id):
        pass
    return service.load(game_id)


def test_a_finished_game_with_remarks_passes_its_dice_check(store, remarking):
    service = Service(store)
    created = service.create("toy", "standard", 9, {}, {"red": "bot:random", "blue": "bot:random"})
    game_id, token = created["id"], created["spectator"]["token"]
    _, state = bots_to_the_end(service, game_id)
    assert state.result is not None
    record = service.record(game_id, token)
    assert len(record["remarks"]) == len(record["actions"]) == state.moves > 10
    assert state.log.count(WHY) == state.moves
    found = service.verify(game_id, token)
    assert found["ok"], found["problems"]
    replayed = msgspec.json.decode(service.replay(game_id, token, state.moves, "", "en"))
    shown = msgspec.json.decode(service.body(service.viewer(game_id, token), "en"))
    assert replayed["log_text"] == shown["log_text"]


def test_an_undo_a_reload_and_a_delayed_view_show_the_log_as_it_was_live(store_url, remarking):
    service, elsewhere = Service(Store(store_url)), Service(Store(store_url))  # two servers
    created = service.create("toy", "standard", 5, {}, {"blue": "bot:random"}, spectator_delay=2)
    game_id = created["id"]
    red, spectator = created["seats"]["red"]["token"], created["spectator"]["token"]
    live = {}  # the log after each number of actions, as it was last played

    def noted():
        row, state = service.load(game_id)
        live[state.moves] = state.log
        return row, state

    row, state = noted()
    taken_back = False
    while state.result is None:
        while service.bot_step(game_id):
            noted()
        row, state = noted()
        delayed = live[max(0, state.moves - 2)] if state.result is None else state.log
        assert logged(service, game_id, spectator) == redact(delayed, None)
        for token in (red, spectator):  # the other server reads the same game from the store
            assert body(elsewhere, game_id, token) == body(service, game_id, token)
        if state.result is not None:
            break
        text = GAME.legal_actions(state, "red")[0].text
        if taken_back:
            service.act(game_id, red, row.version, text, "en")
        else:  # a remark said after red's action, which red then takes back if it may
            service.bot_play(BotTurn(row, state, "red", None), text, RED_WHY)
            said = service._record(service.load(game_id)[0]).remarks
            row, after = noted()
            assert after.log[-1] == said[after.moves] == RED_WHY
            if can_undo(after, "red"):
                service.undo(game_id, red, row.version, "en")
                row, undone = noted()
                assert undone.log == state.log
                assert service._record(row).remarks == {
                    n: line for n, line in said.items() if n <= state.moves
                }
                taken_back = True
        row, state = noted()
    assert taken_back
    record = service._record(row)
    for said in (WHY, RED_WHY):
        assert list(record.remarks.values()).count(said) == state.log.count(said) > 0
    for n in range(len(record.actions) + 1):
        assert service._position(row, record, n).log == live[n]
    assert state_hash(Session.replay(record, GAME).state) == state_hash(state)
    service.store.close()
    elsewhere.store.close()


def body(service, game_id, token):
    return service.body(service.viewer(game_id, token), "en")


def logged(service, game_id, token):
    shown = msgspec.json.decode(body(service, game_id, token))["view"]["log"]
    return [msgspec.convert(event, Event) for event in shown]


@pytest.fixture
def empty_database(store_url):
    """A database of its own (SQLite: a new file; PostgreSQL: a new database, dropped after)."""
    if not store_url.startswith("postgresql"):
        yield store_url
        return
    name = f"wargame_test_{secrets.token_hex(6)}"
    admin = sa.create_engine(normalise_url(store_url), isolation_level="AUTOCOMMIT")
    with admin.connect() as db:
        db.execute(sa.text(f"CREATE DATABASE {name}"))
    try:
        yield store_url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as db:
            db.execute(sa.text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()


def test_an_older_database_gains_the_remark_column_and_keeps_its_games(empty_database, monkeypatch):
    service = Service(Store(empty_database))
    seats = {"red": "bot:random", "blue": "bot:random"}
    created = service.create("toy", "standard", 3, {}, seats)
    game_id, token = created["id"], created["spectator"]["token"]
    for _ in range(6):
        service.bot_step(game_id)
    service.release_all_bots()
    with service.store.engine.begin() as db:  # as the program made it before remarks
        db.execute(sa.text("ALTER TABLE actions DROP COLUMN remark"))
    assert "remark" not in columns(service.store)
    before = service.store.load(game_id)[1]
    service.store.close()

    again = Service(Store(empty_database))
    assert "remark" in columns(again.store)
    row, state = again.load(game_id)
    assert state_hash(state) == state_hash(before)
    record = again._record(row)
    assert len(record.actions) == 6 and record.remarks == {}
    assert state_hash(Session.replay(record, GAME).state) == state_hash(state)

    monkeypatch.setattr(bot_seats, "remark", lambda game, bot, side: WHY)
    row, state = bots_to_the_end(again, game_id)
    record = again._record(row)
    assert sorted(record.remarks) == list(range(7, len(record.actions) + 1))
    found = again.verify(game_id, token)
    assert found["ok"], found["problems"]
    again.store.close()


def columns(store):
    return {column["name"] for column in sa.inspect(store.engine).get_columns("actions")}
