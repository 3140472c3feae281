"""What a game tells the player, through the play server (issue 14): every note and preview of the
viewer's decision in its body with its text in the asked language, the scenario's title in that
language, and the replay's action in the words the game labelled it with."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.server.conftest import new_game


def texts(note):
    found = [note["label"]["text"]] if "label" in note else []
    return found + [c["text"] for c in note.get("consequences", [])]


def bid_both(players):
    for side in ("red", "blue"):
        players[side].act(players[side].get()["view"]["actions"][0])
    return next(players[s] for s in ("red", "blue") if players[s].get()["view"]["actions"])


@pytest.mark.game("toy")
def test_the_body_holds_every_note_of_the_viewers_decision_with_its_text(client):
    _, players = new_game(client)
    body = players["red"].get()
    assert set(body["notes_text"]) == set(body["view"]["actions"])
    card = body["view"]["actions"][0]
    assert body["notes_text"][card]["label"]["text"] == f"Bid {card.split()[1]}"
    assert body["preview_text"] is None and body["scenario_title"] == "Standard"
    japanese = players["red"].get(lang="ja")
    assert japanese["notes_text"][card]["label"]["text"] == f"{card.split()[1]}で入札"
    assert japanese["scenario_title"] == "標準"
    assert players[None].get()["notes_text"] == {}


@pytest.mark.game("toy")
def test_a_preview_reaches_the_client_rendered_with_exact_chances(client):
    for seed in range(1, 60):
        _, players = new_game(client, seed=seed)
        mover = bid_both(players)
        view = mover.get()["view"]
        for card in [a for a in view["actions"] if a.startswith("card")]:
            mover.act(card)
            notes = mover.get()["notes_text"]
            meeting = [n for n in notes.values() if "preview" in n]
            if meeting:
                (note,) = meeting
                assert any("a fight" in text for text in texts(note))
                (roll,) = note["preview"]["rolls"]
                assert sum(Fraction(o["probability"]) for o in roll["outcomes"]) == 1
                assert {o["label"]["text"] for o in roll["outcomes"]} == {
                    "Red wins", "Blue wins", "A tie: roll again"
                }  # fmt: skip
                return
            mover.act("cancel")
    pytest.fail("no seed brought a token within reach of the other")


@pytest.mark.game("empire-of-the-sun")
def test_an_empire_body_names_its_scenario_and_words_every_action(client):
    _, players = new_game(client, "empire-of-the-sun", "campaign")
    body = players["japan"].get()
    assert body["scenario_title"] == "The Full Campaign, Dec '41 - Aug '45"
    assert players["japan"].get(lang="ja")["scenario_title"] == "キャンペーン(1941年12月-1945年8月)"
    for side in ("japan", "allied"):
        shown = players[side].get()
        for action in shown["view"]["actions"]:
            label = shown["notes_text"][action]["label"]["text"]
            assert label and "{" not in label and not label.startswith("label.")


@pytest.mark.game("toy")
def test_the_replay_names_each_action_in_the_words_it_was_offered_with(client):
    created, players = new_game(client)
    card = players["red"].get()["view"]["actions"][0]
    players["red"].act(card)
    players["blue"].post("resign")
    url = f"/api/games/{created['id']}/replay"
    token = players["red"].token
    first = client.get(url, params={"token": token, "n": 1, "seat": "red"}).json()
    assert first["action"] == {"side": "red", "text": card, "label": f"Bid {card.split()[1]}"}
    japanese = client.get(url, params={"token": token, "n": 1, "lang": "ja"}).json()
    assert japanese["action"]["label"] == f"{card.split()[1]}で入札"
    assert client.get(url, params={"token": token, "n": 0}).json()["action"] is None
    last = client.get(url, params={"token": token, "n": 2}).json()
    assert last["action"] == {"side": "blue", "text": "resign", "label": "resign"}
