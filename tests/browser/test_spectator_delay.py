"""A spectator link of a game created with a delay, in the browser: the page says how far behind
it is, and the replay opens on what the spectator may see, as a spectator only."""

from __future__ import annotations

import pytest

from tests.browser.test_client import call, create_game

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]


def play_first_actions(server, links, count):
    game_id = links["japan"].split("/play/")[1].split("?")[0]
    tokens = {side: link.split("token=")[1].split("&")[0] for side, link in links.items()}
    for _ in range(count):
        side = call(server, f"/api/games/{game_id}?token={tokens['japan']}")["view"]["active"][0]
        mine = call(server, f"/api/games/{game_id}?token={tokens[side]}")
        move = {
            "token": tokens[side],
            "version": mine["version"],
            "action": mine["view"]["actions"][0],
        }
        call(server, f"/api/games/{game_id}/actions", move)


def test_a_delayed_spectator_is_told_and_replays_only_what_it_may_see(page, server, artifacts):
    links = create_game(page, server, allied="human", spectator_delay=2)
    play_first_actions(server, links, 3)
    page.goto(links["spectator"])
    page.wait_for_selector("#status:has-text('Spectator delay')")
    assert "showing 1 of 3 actions" in page.inner_text("#status")
    assert page.is_visible("#replay-button")
    page.click("#replay-button")
    page.wait_for_selector("#replay-bar:not([hidden])")
    assert page.inner_text("#replay-step").replace(" ", "") == "1/1"
    seats = page.locator("#replay-seat option")
    assert seats.count() == 1 and seats.first.get_attribute("value") == ""
    page.click("#replay-first")
    page.wait_for_function(
        "() => document.querySelector('#replay-step').textContent.startsWith('0 ')"
    )
    page.screenshot(path=str(artifacts / "spectator_delay_replay.png"))
    page.click("#replay-exit")
    assert page.is_hidden("#replay-bar")
