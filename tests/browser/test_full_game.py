"""A whole game played in the browser by clicking only (issue 14): Empire of the Sun's 1942
scenario, Japan in the browser against the server's random bot, from the set-up to the end of the
scenario (a natural end: the victory check of its last turn, not a resignation).

At each decision of Japan the test picks, with a seeded generator, one of the things the page
offers to click: a button under the prompt, a highlighted hex, a stack with a legal unit, a legal
card of the hand. A hex, a stack or a card first opens (nothing is played by that click); then
one of the buttons of its popup is clicked, and an action with consequences is confirmed in the
dialog that lists them. The game's seed and the bots' choices are fixed, so the game is the same
at every run.

$WARGAME_FULL_GAME_BOT names the opponent (a bot kind of the lobby; ``random`` unless told): CI
plays against the random bot, and ``WARGAME_FULL_GAME_BOT=mcts`` plays the same clicked game
against the search bot ("Computer, normal"), which takes far longer and is run by hand."""

from __future__ import annotations

import os
import random

import pytest

from tests.browser.test_client import create_game, version, wait_newer

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]

OPPONENT = os.environ.get("WARGAME_FULL_GAME_BOT", "random")
MOST_ACTIONS = 900  # Japan's decisions: a random 1942 game takes about 180

OFFERED = """() => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  return [
    ...all('#buttons button.action').map((b) => ['button', b.dataset.action]),
    ...all('#map .target[data-target-hex]').map((p) => ['hex', p.dataset.targetHex]),
    ...all('#map g.stack.has-target').map((g) => ['stack', g.dataset.hex, g.dataset.side]),
    ...all('#cards-panel .card.legal').map((c) => ['card', c.dataset.card]),
  ];
}"""

SETTLED = """() => !document.body.dataset.busy && (document.querySelector('#result')
  || Number(document.querySelector('#prompt-panel').dataset.actions) > 0)"""
QUIET_MS = 30_000  # a page whose game has not moved for this long is stuck


def wait_settled(page, playwright_api):
    """Wait until Japan must act or the game is over, for as long as the game moves on: between
    two of Japan's decisions the bot may play a whole turn of the Allies, which on a loaded
    machine took longer than one fixed wait of 30 s; only a page that has not moved for 30 s
    fails."""
    while True:
        seen = page.get_attribute("body", "data-version")  # none before the first view
        try:
            page.wait_for_function(SETTLED, timeout=QUIET_MS)
            return
        except playwright_api.TimeoutError:
            if page.get_attribute("body", "data-version") == seen:
                raise


def weight(kind, action):
    """Fewer "cancel"s, so that the game moves on."""
    return 0.25 if kind == "button" and action.startswith("cancel") else 1.0


def open_and_choose(page, opener, rng):
    """Click ``opener`` (a hex, a stack or a card): it opens without playing; then click one of
    its popup's buttons."""
    before = version(page)
    opener.click()
    page.wait_for_selector("#popup:not([hidden])")
    assert version(page) == before  # opening plays nothing
    buttons = page.locator("#popup button.action:not(:disabled)")
    choice = buttons.nth(rng.randrange(buttons.count()))
    return choice.get_attribute("data-action"), choice


def one_decision(page, rng):
    """Make one of Japan's decisions by clicking; the action played."""
    page.keyboard.press("Escape")  # no popup over what is to be clicked
    offered = page.evaluate(OFFERED)
    assert offered, "Japan must act but the page offers nothing to click"
    kind, *what = rng.choices(offered, [weight(k, w[0]) for k, *w in offered])[0]
    if kind == "button":
        action, button = what[0], page.locator(f'#buttons button[data-action="{what[0]}"]')
    elif kind == "card":
        opener = page.locator(f'#cards-panel .card[data-card="{what[0]}"] .card-title')
        action, button = open_and_choose(page, opener, rng)
    else:
        selector = (
            f'#map .target[data-target-hex="{what[0]}"]'
            if kind == "hex"
            else f'#map g.stack.has-target[data-hex="{what[0]}"][data-side="{what[1]}"]'
        )
        page.locator(selector).focus()  # the map pans to it, clear of its edges and buttons
        action, button = open_and_choose(page, page.locator(selector), rng)
    before = version(page)
    button.click()
    if page.locator("#confirm:not([hidden])").count():  # it has consequences: confirm them
        page.click("#confirm-ok")
    wait_newer(page, before)
    return action


def test_a_1942_game_is_played_to_its_end_by_clicking(page, server, artifacts, playwright_api):
    page.set_default_timeout(30_000)
    page.goto(create_game(page, server, allied=f"bot:{OPPONENT}", scenario="1942")["japan"])
    wait_settled(page, playwright_api)
    rng = random.Random(14)
    played = []
    while not page.locator("#result").count():
        assert len(played) < MOST_ACTIONS, f"no end after {len(played)} actions"
        played.append(one_decision(page, rng))
        wait_settled(page, playwright_api)
        if len(played) == 40:
            page.screenshot(path=str(artifacts / "full_game_under_way.png"))
    page.screenshot(path=str(artifacts / "full_game_end.png"))
    result = page.inner_text("#result")
    assert "Game over" in result and "resigned" not in result
    assert page.locator("#log li[data-key='log.game_over']").count() == 1
    kinds = {action.split(" ")[0] for action in played}
    assert {"card", "done"} <= kinds  # cards were played and orders given
    assert len(played) > 30
