"""The play server with three seats (issue 17, point 1), through the three-player test game
``trio``: three humans hot-seat or each on a link of their own, one person against two bots,
each seat's view its own and the spectator's nobody's."""

from __future__ import annotations

import pytest

from tests.server.conftest import new_game, wait_for
from tests.trio_game.game import SIDES

pytestmark = pytest.mark.game("trio")


def test_the_server_seats_three_players_each_with_a_view_of_its_own(client):
    created, players = new_game(client, game="trio", seed=8)
    assert set(created["seats"]) == set(SIDES)
    bodies = {side: players[side].get() for side in SIDES}
    assert {side: body["view"]["viewer"] for side, body in bodies.items()} == {s: s for s in SIDES}
    hands = {side: set(body["view"]["board"]["hand"]) for side, body in bodies.items()}
    assert all(len(hand) == 3 for hand in hands.values())
    for side in SIDES:
        shown = str(bodies[side]["view"])
        for other in set(SIDES) - {side}:
            assert not any(f"'{card}'" in shown for card in hands[other]), (side, other)
    spectator = str(players[None].get()["view"])
    assert not any(f"'{card}'" in spectator for hand in hands.values() for card in hand)


def test_three_humans_play_a_whole_game_on_the_server(client):
    _, players = new_game(client, game="trio", seed=9)
    for _ in range(60):
        body = players["north"].get()
        if body["view"]["result"]:
            break
        side = body["view"]["active"][0]
        own = players[side].get()["view"]
        assert players[side].act(own["actions"][0]).status_code == 200
    result = players["west"].get()["view"]["result"]
    assert result and result["winner"] in (*SIDES, None)
    asked = client.post(
        f"/api/games/{players['north'].game_id}/rematch", json={"token": players["north"].token}
    )
    assert asked.status_code == 201, asked.text
    assert asked.json()["seat_of"] == {"north": "east", "east": "west", "west": "north"}


def test_one_person_plays_against_two_bots(client):
    seats = {"east": "bot:random", "west": "bot:random"}
    _, players = new_game(client, game="trio", seed=10, seats=seats, hot_seat=False)
    assert set(players) == {"north", None}  # the bots' seats have no link
    north = players["north"]

    def north_to_act_or_over():
        body = north.get()
        return (body["view"]["result"] or body["view"]["active"] == ["north"]) and body

    played = 0
    while not (body := wait_for(north_to_act_or_over))["view"]["result"]:
        assert north.act(body["view"]["actions"][0]).status_code == 200
        played += 1
    assert played == 4  # one bid a round, the bots bidding beside
    assert body["bots"] == {"east": "random", "west": "random"}
    assert body["view"]["result"]["scores"].keys() == set(SIDES)
