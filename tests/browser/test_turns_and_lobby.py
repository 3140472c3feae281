"""Whose move it is, and the games of this browser (issue 14): the title and icon of a seat that
must move, and an optional tone; hot-seat's "pass the device" screen before a seat's hand; the
lobby's list of the games this browser holds with where each stands (asked with the tokens in a
POST body); a rematch with the sides swapped, from the lobby and from the play page; and the
edition notice in the lobby's footer."""

from __future__ import annotations

import json

import pytest

from tests.browser.test_client import (
    call,
    create_game,
    pass_the_device,
    play_button,
    wait_prompt,
)
from tests.browser.test_hardening import link_token, recorded, sent_url

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]


def game_of(link):
    return link.split("/play/")[1].split("?")[0]


def resign_by_api(server, link):
    game_id, token = game_of(link), link_token(link)
    body = call(server, f"/api/games/{game_id}?token={token}")
    call(server, f"/api/games/{game_id}/resign", {"token": token, "version": body["version"]})


def resign(page):
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.wait_for_selector("#result")


def held_games(page):
    return page.evaluate("() => JSON.parse(localStorage.getItem('wargame.games'))")


# -- your move ----------------------------------------------------------------------------------


def test_a_seat_to_move_is_told_by_the_title_the_icon_and_a_tone(browser, page, server):
    links = create_game(page, server, allied="human")
    allies = browser.new_context(viewport={"width": 1300, "height": 850}).new_page()
    allies.goto(links["allied"])
    allies.wait_for_function("() => document.body.dataset.seat === 'allied'")
    assert not allies.title().startswith("▶")  # Japan moves first
    waiting_icon = allies.get_attribute("link[rel=icon]", "href")
    assert waiting_icon.startswith("data:image/png")
    assert allies.get_attribute("#sound", "aria-pressed") == "false"  # off unless asked
    allies.click("#sound")
    assert allies.get_attribute("#sound", "aria-pressed") == "true"
    assert allies.get_attribute("body", "data-chimes") == "1"  # a sample of the tone

    page.goto(links["japan"])
    wait_prompt(page, "prompt.assign_none")
    assert page.title().startswith("▶ Your move")
    play_button(page, "done")
    allies.wait_for_function("() => document.title.startsWith('▶ Your move')")
    assert allies.get_attribute("link[rel=icon]", "href") != waiting_icon
    allies.wait_for_function("() => document.body.dataset.chimes === '2'")
    page.wait_for_function("() => !document.title.startsWith('▶')")

    allies.reload()
    allies.wait_for_function("() => document.title.startsWith('▶')")
    assert allies.get_attribute("#sound", "aria-pressed") == "true"  # remembered
    allies.click(".lang[data-lang=ja]")
    allies.wait_for_function("() => document.title.startsWith('▶ あなたの番')")
    assert allies.inner_text("#sound") == "音：オン"
    allies.context.close()


# -- hot-seat privacy ------------------------------------------------------------------------------


def test_switching_seats_shows_a_pass_the_device_screen_first(page, server, artifacts):
    links = create_game(page, server, allied="human")
    page.goto(links["japan"])
    wait_prompt(page, "prompt.assign_none")
    page.fill("#notes", "Japan's plan")
    assert page.locator("#hand .card").count() == 1
    play_button(page, "done")
    page.select_option("#seat-select", label="Allies")
    page.wait_for_selector("#pass-screen:not([hidden])")
    assert page.inner_text("#pass-title") == "Pass the device to Allies"
    assert page.locator(".card").count() == 0  # no hand, of either seat, in the page
    assert page.locator("#log li").count() == 0 and page.locator("#notes").count() == 0
    assert page.inner_text("#prompt-panel") == ""
    assert "Japan's plan" not in page.content()
    page.screenshot(path=str(artifacts / "pass_the_device.png"))
    pass_the_device(page, "allied")
    wait_prompt(page, "prompt.intelligence")
    assert page.input_value("#notes") == ""  # the Allies' own notes
    page.select_option("#seat-select", label="Japan")  # and back: the screen comes first again
    pass_the_device(page, "japan")
    assert page.input_value("#notes") == "Japan's plan"


# -- the lobby ----------------------------------------------------------------------------------


def lobby_line(page, link):
    return page.locator(f'#my-games li[data-game="{game_of(link)}"]')


def test_the_lobby_lists_this_browser_s_games_with_where_they_stand(page, server, artifacts):
    requests = recorded(page, "request")
    running = create_game(page, server, scenario="1942")  # Japan against the bot
    over = create_game(page, server, allied="human")  # both seats in this browser
    resign_by_api(server, over["japan"])
    page.goto(f"{server}/?lang=en")
    line = lobby_line(page, running["japan"])
    line.locator(".game-status:has-text('Turn')").wait_for()
    assert line.locator(".game-title").inner_text() == "Empire of the Sun (v2.0) — 1942"
    assert "Turn 2" in line.inner_text() and "To act: Japan (you)" in line.inner_text()
    assert "your-move" in line.get_attribute("class")
    assert line.locator(".when").inner_text() in ("now", "this minute", "1 minute ago")
    finished = lobby_line(page, over["japan"])
    assert "Over: Japan resigned" in finished.inner_text()
    assert "The Full Campaign" in finished.locator(".game-title").inner_text()
    assert finished.locator("button.rematch").count() == 1
    page.screenshot(path=str(artifacts / "lobby_list.png"), full_page=True)

    asked = [r for r in requests if sent_url(r).endswith("/api/games/summaries")]
    assert asked and asked[-1].method == "POST"
    body = json.loads(asked[-1].post_data)
    assert {entry["id"] for entry in body["games"]} >= {game_of(running["japan"])}
    tokens = {link_token(link) for link in [*running.values(), *over.values()]}
    assert {entry["token"] for entry in body["games"]} <= tokens
    for request in requests:
        assert not any(token in sent_url(request) for token in tokens)

    page.click(".lang[data-lang=ja]")
    page.wait_for_function(
        f"() => document.querySelector('#my-games li[data-game=\"{game_of(running['japan'])}\"]')"
        ".textContent.includes('1942年')"
    )
    assert "手番" in lobby_line(page, running["japan"]).inner_text()


def test_a_rematch_swaps_the_sides_from_the_lobby_and_from_the_play_page(page, server):
    hot = create_game(page, server, allied="human")
    resign_by_api(server, hot["japan"])
    page.goto(f"{server}/?lang=en")
    lobby_line(page, hot["japan"]).locator("button.rematch").click()
    page.wait_for_selector("#created:not([hidden]) #links tr[data-seat=allied] a.seat-link")
    lobby_line(page, hot["japan"]).locator("a.rematch-link").wait_for()
    rematch = game_of(page.get_attribute("#links tr[data-seat=japan] a.seat-link", "href"))
    held = held_games(page)[rematch]
    assert held["rematch_of"] == game_of(hot["japan"])
    assert set(held["seats"]) == {"japan", "allied"}  # hot-seat: this browser holds both again

    against_bot = create_game(page, server, scenario="1942")  # Japan here, the Allies the bot
    page.goto(against_bot["japan"])
    wait_prompt(page, "prompt.action")
    resign(page)
    page.click("#rematch")
    page.wait_for_selector("#rematch-links")
    assert "Japan: played by the server's bot" in page.inner_text("#rematch-links")
    page.click("#rematch-links a.rematch-open[data-side=allied]")  # Japan's player is the Allies
    page.wait_for_function("() => document.body.dataset.seat === 'allied'")
    page.wait_for_selector("#prompt-panel[data-prompt]", state="attached")
    assert "1942" in page.inner_text("#title")


def test_the_lobby_footer_says_what_this_edition_is_and_credits_each_game(page, server):
    page.goto(f"{server}/?lang=en")
    # the footer is in the page with an English placeholder; the lobby fills it once its words
    # have come: wait for them, not for the element
    page.wait_for_function(
        "() => [...document.querySelectorAll('#edition-notice [data-i18n]')]"
        ".every((item) => item.textContent.trim()) && document.documentElement.lang === 'en'"
        " && document.querySelector('#edition-notice').textContent.includes('not affiliated')"
    )
    notice = page.inner_text("#edition-notice")
    assert "unofficial fan edition" in notice and "not affiliated with or endorsed" in notice
    assert "paraphrased" in notice and "own the printed games" in notice
    for credit in (
        "Empire of the Sun: designed by Mark Herman, published by GMT Games",
        "Asia Engulfed: designed by Rick Young and Jesse Evans, published by GMT Games",
        "Dai Senso!: designed by Alan Emrich, Thomas Prowell and Salvatore Vasta, published by "
        "Decision Games",
        "Aegean Strike: designed by Mark Herman, published by Victory Games",
    ):
        assert credit in notice
    page.click(".lang[data-lang=ja]")
    page.wait_for_function(
        "() => document.querySelector('#edition-notice').textContent.includes('非公式')"
    )
    assert "GMT Games" in page.inner_text("#edition-notice")
