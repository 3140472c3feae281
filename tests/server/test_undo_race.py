"""Undos racing on several server processes of one database: the undo plan replays the stored log
from the stored undo base, and reads both at the version the request names, so that another
process's undo stored meanwhile makes the plan stale (409), never a plan of mixed versions (a 500).
Empire of the Sun because its first action can be taken back (1942: the Allied player's first
placement), which the plan of mixed versions replays from an empty log."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.server.conftest import needs_postgres
from tests.server.test_many_servers import two_servers
from tests.server.test_serve import kill_all, start
from wargame.games import REGISTRY
from wargame.server import service as service_module
from wargame.server.service import Service
from wargame.server.store import Store

pytestmark = pytest.mark.game("empire-of-the-sun")

GAME_ID = "empire-of-the-sun"


def first_placement(service):
    """A 1942 game with its first action played; its id, the Allied token, the setup and the
    action."""
    created = service.create(GAME_ID, "1942", 1, {}, {}, hot_seat=True)
    game_id, token = created["id"], created["seats"]["allied"]["token"]
    _, setup = service.load(game_id)
    action = REGISTRY.game(GAME_ID).legal_actions(setup, "allied")[0].text
    service.act(game_id, token, 0, action, "en")
    return game_id, token, setup, action


def test_an_undo_planned_while_another_server_stores_its_undo_is_stale(store, monkeypatch):
    """The slower server reads the undo base of version 1; the other server's undo is stored
    before it reads the log. Read whole, that log is empty (action, undo), and replaying the
    undo from it raised IndexError."""
    here = Service(store)
    there = Service(Store(store.url))
    try:
        game_id, token, setup, _ = first_placement(here)
        read_base = store.base

        def base_then_undone_elsewhere(game, version):
            found = read_base(game, version)
            there.undo(game_id, token, 1, "en")
            return found

        monkeypatch.setattr(store, "base", base_then_undone_elsewhere)
        with pytest.raises(service_module.Stale) as stale:
            here.undo(game_id, token, 1, "en")
        assert stale.value.extra["version"] == 2
        assert [(entry.seq, entry.kind) for entry in store.log(game_id)] == [
            (1, "action"),
            (2, "undo"),
        ]
        assert store.load(game_id)[1] == setup
    finally:
        there.store.close()


def test_a_plan_replays_the_log_as_it_stood_at_its_version(store):
    """The log read for a plan stops at the plan's version, whatever was stored after it."""
    service = Service(store)
    game_id, token, _, action = first_placement(service)
    row, _ = service.load(game_id)
    service.undo(game_id, token, 1, "en")
    assert service._record(row).actions == [("allied", action)]
    assert service._record(service.load(game_id)[0]).actions == []


# -- through real server processes -------------------------------------------------------------


class Racer:
    """Plays the Allied side of a 1942 game through the servers at ``bases`` and fires requests
    at one version all at once, each on a connection of its own, spread over the servers."""

    def __init__(self, bases):
        self.bases = bases
        created = httpx.post(f"{bases[0]}/api/games", json=NEW_GAME, timeout=60).json()
        self.game_id, self.token = created["id"], created["seats"]["allied"]["token"]
        self.http = httpx.Client(base_url=bases[0], timeout=60)

    def view(self):
        return self.http.get(f"/api/games/{self.game_id}", params={"token": self.token}).json()

    def post(self, verb, body):
        response = self.http.post(f"/api/games/{self.game_id}/{verb}", json=body)
        assert response.status_code == 200, response.text
        return response.json()

    def rewind(self):
        """Take back the Allied actions until none is left to take back."""
        while (seen := self.view())["view"]["can_undo"]:
            self.post("undo", self.body(seen["version"]))

    def place(self):
        """The first of the actions the Allied player may take now; the version after it."""
        seen = self.view()
        placed = self.post("actions", self.body(seen["version"], action=seen["view"]["actions"][0]))
        return placed["version"]

    def body(self, version, **more):
        return {"token": self.token, "version": version, **more}

    def race(self, requests):
        """POST each (verb, body) at once; their statuses."""
        barrier = threading.Barrier(len(requests))

        def post(i, verb, body):
            with httpx.Client(base_url=self.bases[i % len(self.bases)], timeout=60) as client:
                client.get("/api/catalog")  # connected before the barrier
                barrier.wait()
                return client.post(f"/api/games/{self.game_id}/{verb}", json=body).status_code

        with ThreadPoolExecutor(len(requests)) as pool:
            return list(pool.map(post, range(len(requests)), *zip(*requests, strict=True)))


NEW_GAME = {"game": GAME_ID, "scenario": "1942", "seed": 1, "hot_seat": True}
ROUNDS = 20
AT_ONCE = 8


def race_undos(bases):
    """Rounds of undos at once, every third round half of them actions instead: one stored, the
    others refused as stale, in every round."""
    racer = Racer(bases)
    for round_ in range(ROUNDS):
        racer.rewind()
        version = racer.place()
        undo = ("undo", racer.body(version))
        action = ("actions", racer.body(version, action=racer.view()["view"]["actions"][0]))
        mixed = round_ % 3 == 2
        requests = [action if mixed and i % 2 else undo for i in range(AT_ONCE)]
        statuses = racer.race(requests)
        assert sorted(statuses) == [200] + [409] * (AT_ONCE - 1), (round_, statuses)
    racer.http.close()


def test_undos_racing_through_two_worker_processes_store_one(tmp_path):
    process, base = start(
        f"sqlite:///{tmp_path / 'games.sqlite3'}", "--workers", 2, "--action-limit", "off"
    )
    try:
        race_undos([base])
    finally:
        kill_all(process)


@needs_postgres
def test_undos_racing_through_two_servers_on_one_postgresql_database():
    with two_servers() as servers:
        race_undos([base for _, base in servers])
