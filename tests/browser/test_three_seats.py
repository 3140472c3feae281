"""Three seats in the browser (issue 17, point 1), through the three-player test game ``trio``,
listed for this server: the lobby offers a seat choice for each of the three sides and gives a
link to each human seat; a person plays a whole game against two bots by clicking; a hot-seat
page of three humans switches between its three seats."""

from __future__ import annotations

import pytest

from tests.browser.conftest import serving
from tests.browser.test_client import create_and_link, version, wait_newer
from tests.trio_game.game import SIDES

pytestmark = [pytest.mark.game("trio"), pytest.mark.slow]


@pytest.fixture(scope="module")
def trio_server(tmp_path_factory, playwright_api):
    with serving(
        tmp_path_factory.mktemp("trio"), {"WARGAME_GAMES": "tests.trio_game.listed"}
    ) as url:
        yield url


def create(page, server, seats, hot_seat=False):
    """Create a game of trio in the lobby with ``seats`` (side -> seat kind); the links shown."""
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("#game option[value='trio']", state="attached")
    page.select_option("#game", "trio")
    page.wait_for_selector('#seats input[name="seat-west"]', state="attached")
    for side, kind in seats.items():
        page.check(f'input[name="seat-{side}"][value="{kind}"]')
    if hot_seat:
        page.check("#hot-seat")
    return create_and_link(page)


def test_the_lobby_seats_three_sides_and_one_plays_two_bots(page, trio_server, artifacts):
    page.goto(f"{trio_server}/?lang=en")
    page.wait_for_selector("#game option[value='trio']", state="attached")
    page.select_option("#game", "trio")
    page.wait_for_selector('#seats input[name="seat-west"]', state="attached")
    shown = page.eval_on_selector_all(
        "#seats input[value=human]", "(all) => all.map((i) => i.name)"
    )
    assert shown == [f"seat-{side}" for side in SIDES]
    links = create(page, trio_server, {"east": "bot:random", "west": "bot:random"})
    assert set(links) == {"north", "spectator"}
    page.goto(links["north"])
    played = 0
    while not page.locator("#result").count():
        page.wait_for_function(
            "() => document.querySelector('#result') || (!document.body.dataset.busy && "
            "document.querySelector('#buttons button.action:not(:disabled)'))"
        )
        if page.locator("#result").count():
            break
        before = version(page)
        page.locator("#buttons button.action:not(:disabled)").first.click()
        wait_newer(page, before)
        played += 1
        # a bid clicked as a bot's bid lands is refused as stale and clicked again
        assert played <= 12, "North bids once a round, four rounds"
    page.screenshot(path=str(artifacts / "trio_game_over.png"))
    revealed = page.locator("#log li", has_text="Bids: North")
    assert revealed.count() == 4
    result = page.inner_text("#result")
    assert "Game over" in result and "result." not in result  # the game's own words
    assert "Rematch, sides moved on" in result  # three sides move on by one, not swap


def test_a_hot_seat_page_switches_between_three_seats(page, trio_server):
    links = create(page, trio_server, {side: "human" for side in SIDES}, hot_seat=True)
    page.goto(links["north"])
    page.wait_for_selector("#seat-select option", state="attached")
    held = page.eval_on_selector_all(
        "#seat-select option", "(all) => all.map((o) => o.textContent)"
    )
    assert held == ["North", "East", "West", "Spectator"]  # the seats this page holds
    page.select_option("#seat-select", label="West")
    page.wait_for_function("() => document.body.dataset.seat === 'west'")
