"""The search bot's remark in the browser's log (issue 15, point 5): a line of its own, in the
viewer's language, saying why the computer played its card as it did; stored with the game, so
that a page opened later shows it where it was said."""

from __future__ import annotations

import random
import time

import pytest

from tests.browser.test_client import call, create_game

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]

OPENING = {"en": "Why (the computer, Japan): ", "ja": "判断（コンピュータ・日本軍）："}
REMARK = "log.remark_"


def test_the_computer_says_why_it_played_its_card(page, server, artifacts):
    links = create_game(page, server, allied="human", japan="bot:mcts-easy", scenario="1942")
    game_id = links["spectator"].split("/play/")[1].split("?")[0].split("#")[0]
    tokens = {side: link.split("token=")[1].split("&")[0] for side, link in links.items()}
    said_at = allied_plays_until_the_computer_remarks(server, game_id, tokens)
    path, _, fragment = links["spectator"].partition("#")
    path = path.partition("?")[0]
    base = path if path.startswith("http") else f"{server}{path}"
    for lang, opening in OPENING.items():  # the game waits for the Allies: the log stays put
        page.goto(f"{base}?lang={lang}#{fragment}")
        remark = page.locator(f'#log li[data-n="{said_at}"]')
        remark.wait_for()
        assert "log-remark" in remark.get_attribute("class")
        assert remark.inner_text().startswith(opening)
        assert remark.get_attribute("title")
        page.evaluate(
            "n => document.querySelector(`#log li[data-n='${n}']`)"
            ".scrollIntoView({block: 'center'})",
            said_at,
        )
        page.screenshot(path=str(artifacts / f"bot-remark-{lang}.png"))


def allied_plays_until_the_computer_remarks(server, game_id, tokens, seconds=300):
    """The Allies (a person's seat, played here through the API) take a random action (seeded)
    each time they must act, until the computer's first remark is in the log; its index in the
    spectator's log. Not always their first action: in a move it can go round for ever (a group
    that cannot go on, joined again, moved again...)."""
    choose = random.Random(7).choice
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        watched = call(server, f"/api/games/{game_id}?token={tokens['spectator']}")
        keys = [event["key"] for event in watched["view"]["log"]]  # as the spectator's page
        said = [n for n, key in enumerate(keys) if key.startswith(REMARK)]
        body = call(server, f"/api/games/{game_id}?token={tokens['allied']}")
        if said and body["view"]["active"] == ["allied"]:
            return said[0]
        if body["view"]["active"] == ["allied"]:
            move = {
                "token": tokens["allied"],
                "version": body["version"],
                "action": choose(body["view"]["actions"]),
            }
            call(server, f"/api/games/{game_id}/actions", move)
        else:
            time.sleep(0.2)  # the computer thinks
    raise AssertionError(f"no remark from the computer in {seconds} s")
