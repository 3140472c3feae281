"""The search bot's remark in the browser's log (issue 15, point 5): a line of its own, in the
viewer's language, saying why the computer played its card as it did."""

from __future__ import annotations

import pytest

from tests.browser.test_client import create_game

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]

OPENING = {"en": "Why (the computer, Japan): ", "ja": "判断（コンピュータ・日本軍）："}


def test_the_computer_says_why_it_played_its_card(page, server, artifacts):
    links = create_game(page, server, allied="bot:random", japan="bot:mcts-easy", scenario="1942")
    path, _, fragment = links["spectator"].partition("#")
    path = path.partition("?")[0]
    base = path if path.startswith("http") else f"{server}{path}"
    for lang, opening in OPENING.items():
        page.goto(f"{base}?lang={lang}#{fragment}")
        remark = page.locator("#log li.log-remark").first
        remark.wait_for(timeout=300_000)
        assert remark.inner_text().startswith(opening)
        assert remark.get_attribute("title")
        page.evaluate("() => document.querySelector('#log li.log-remark').scrollIntoView()")
        page.screenshot(path=str(artifacts / f"bot-remark-{lang}.png"))
