"""The About page of Empire of the Sun, as players read it in English and in Japanese: the notice
that the edition is an unofficial fan edition of the published game (credited), the rules we
designed with their reasons, every card's effect, and none of the source tags or test names that
stay in the data."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]

INTERNAL = re.compile(r"IMPL|\bspec\b|later-edition|§|tests/|::test_")
NOTICE = {
    "en": ("unofficial fan edition", "Mark Herman", "GMT Games", "own the printed game"),
    "ja": ("非公式ファン版", "マーク・ハーマン", "GMT Games", "太陽の帝国", "印刷版のゲーム"),
}
STAND_IN = {"en": "When a deck runs out", "ja": "山札がなくなったら"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_about_page_tells_players_what_this_edition_is(page, server, artifacts, lang):
    page.goto(f"{server}/about/empire-of-the-sun?lang={lang}")
    page.wait_for_selector("#notice p")
    notice = page.inner_text("#notice")
    assert all(words in notice for words in NOTICE[lang]), notice
    assert STAND_IN[lang] in page.inner_text("#stand-in-list")
    assert page.locator("#cards-table tr[data-card]").count() == 170
    page.eval_on_selector_all("details", "found => found.forEach(d => { d.open = true; })")
    assert not INTERNAL.search(page.inner_text("body"))
    assert page.title() == page.inner_text("#about-title")
    page.screenshot(path=str(artifacts / f"about_page_{lang}.png"))
