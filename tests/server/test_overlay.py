"""A new game with the player's printed charts (issue 16 point 6): POST /api/games takes a rules
overlay as YAML text or as its mapping; the game body names it and the tables it replaced; a bad
one is refused with 400 and its one-line reason, and no game is made."""

from __future__ import annotations

import sqlite3

import pytest

from tests.server.conftest import new_game
from wargame.engine.overlay import MAX_OVERLAY_BYTES, OPTION
from wargame.games.empire_of_the_sun.charts import TABLES

pytestmark = pytest.mark.game("empire-of-the-sun")

GAME = "empire-of-the-sun"
PRINTED = {row["id"]: row["values"] for row in TABLES.listing()}
SURPRISE_2 = """\
game: empire-of-the-sun
name: Second printing
tables:
  t3_modifiers:
    surprise: 2
    ambush: 4
    us_air_by_year: {1943: 1, 1944: 3, 1945: 3}
"""


def create(client, **fields):
    body = {"game": GAME, "scenario": "1942", "seats": {}, **fields}
    return client.post("/api/games", json=body)


def games_stored(database):
    with sqlite3.connect(database.removeprefix("sqlite:///")) as connection:
        return connection.execute("select count(*) from games").fetchone()[0]


@pytest.mark.rule("8.2")
def test_a_game_made_with_overlay_text_is_played_with_it_and_says_so(client):
    made = create(client, rules_overlay=SURPRISE_2)
    assert made.status_code == 201, made.text
    token = made.json()["seats"]["japan"]["token"]
    body = client.get(f"/api/games/{made.json()['id']}", params={"token": token, "lang": "ja"})
    facts = body.json()["rules_overlay"]
    assert facts["name"] == "Second printing" and len(facts["digest"]) == 64
    assert facts["tables"] == [{"id": "t3_modifiers", "title": "T3 航空・海上戦闘のダイス修正"}]
    played_with = body.json()["view"]["options"][OPTION]["tables"]["t3_modifiers"]
    assert played_with == {**PRINTED["t3_modifiers"], "surprise": 2}
    row, _ = client.app.state.service.load(made.json()["id"])
    assert row.options[OPTION] == body.json()["view"]["options"][OPTION]  # kept with the game


def test_an_overlay_may_come_as_a_mapping_and_one_that_changes_nothing_is_none(client):
    changed = {"tables": {"t3_modifiers": {**PRINTED["t3_modifiers"], "ambush": 5}}}
    _, players = new_game(client, GAME, "1942", options=None, seed=7)
    made = create(client, rules_overlay=changed)
    assert made.status_code == 201, made.text
    same = create(client, rules_overlay={"tables": {"t4_ground": PRINTED["t4_ground"]}})
    token = same.json()["seats"]["allied"]["token"]
    body = client.get(f"/api/games/{same.json()['id']}", params={"token": token}).json()
    assert body["rules_overlay"] is None and OPTION not in body["view"]["options"]
    assert players["japan"].get()["rules_overlay"] is None


@pytest.mark.parametrize(
    ("overlay", "problem"),
    [
        ("tables: {t3_modifiers: {surprise: 2}}", "rules overlay: table t3_modifiers: Object"),
        ("tables: {t9: 1}", "no table 't9'"),
        ("game: dai-senso\ntables: {}", "an overlay for 'dai-senso'"),
        ("tables: [1", "rules_overlay: not valid YAML"),
        ("a: &x 1\nb: *x", "may not use YAML aliases"),
        ({"tables": {"t4_ground": {"ratings": {"≤2": "lots"}}}}, "rating 'lots' is not a number"),
        ({"tables": {}, "name": "x" * MAX_OVERLAY_BYTES}, "48 KB at most"),
        ("#" * (MAX_OVERLAY_BYTES + 1), "48 KB at most"),
    ],
)
def test_a_bad_overlay_is_refused_with_its_reason_and_makes_no_game(
    client, database, overlay, problem
):
    before = games_stored(database)
    refused = create(client, rules_overlay=overlay)
    assert refused.status_code == 400
    assert problem in refused.json()["error"] and "\n" not in refused.json()["error"]
    assert refused.json()["field"] == "rules_overlay"  # a page says so in its own language
    assert games_stored(database) == before


def test_a_request_over_the_body_limit_is_refused_before_its_overlay_is_read(client, database):
    refused = create(client, rules_overlay="#" * (2 * MAX_OVERLAY_BYTES + 1))
    assert refused.status_code == 413 and games_stored(database) == 0


def test_an_overlay_given_twice_is_refused(client):
    refused = create(client, rules_overlay=SURPRISE_2, options={OPTION: {"tables": {}}})
    assert refused.status_code == 400 and "give the rules overlay once" in refused.json()["error"]


def test_a_game_without_printed_tables_refuses_an_overlay(client):
    refused = client.post(
        "/api/games",
        json={"game": "toy", "scenario": "standard", "rules_overlay": "tables: {}"},
    )
    assert refused.status_code == 400 and "no printed tables" in refused.json()["error"]


def test_the_catalog_and_the_about_facts_tell_of_the_tables(client):
    catalog = {entry["id"]: entry for entry in client.get("/api/catalog").json()}
    assert catalog[GAME]["rules_overlay"] is True
    about = client.get(f"/api/about/{GAME}").json()
    assert [table["id"] for table in about["tables"]] == list(PRINTED)
    assert {table["ref"] for table in about["tables"]} == {
        "16.4",
        "8.2",
        "8.4",
        "15.1",
        "11.2",
        "11.32",
        "11.1",
    }


def test_the_template_is_served_and_given_back_unchanged_makes_the_printed_game(client):
    got = client.get(f"/api/kinds/{GAME}/overlay-template")
    assert got.status_code == 200 and "attachment" in got.headers["content-disposition"]
    assert "t3_air_naval:" in got.text and "# T4 Ground combat results (rule 8.4" in got.text
    made = create(client, rules_overlay=got.text)
    token = made.json()["seats"]["japan"]["token"]
    body = client.get(f"/api/games/{made.json()['id']}", params={"token": token}).json()
    assert body["rules_overlay"] is None and OPTION not in body["view"]["options"]
    assert client.get("/api/kinds/toy/overlay-template").status_code == 404


def test_a_rematch_is_played_with_the_same_overlay(client):
    made = create(client, rules_overlay=SURPRISE_2).json()
    token = made["seats"]["japan"]["token"]
    version = client.get(f"/api/games/{made['id']}", params={"token": token}).json()["version"]
    resigned = client.post(
        f"/api/games/{made['id']}/resign", json={"token": token, "version": version}
    )
    assert resigned.status_code == 200, resigned.text
    again = client.post(f"/api/games/{made['id']}/rematch", json={"token": token})
    assert again.status_code == 201, again.text
    seat = again.json()["seats"]["allied"]["token"]
    body = client.get(f"/api/games/{again.json()['id']}", params={"token": seat}).json()
    assert body["rules_overlay"]["name"] == "Second printing"
    assert body["rules_overlay"]["tables"] == [
        {"id": "t3_modifiers", "title": "T3 Air-naval die-roll modifiers"}
    ]
