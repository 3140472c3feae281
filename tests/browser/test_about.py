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


@pytest.mark.parametrize(
    ("lang", "words", "why"),
    [("en", "nothing to enforce", "example"), ("ja", "実施する内容なし", "プレイ例")],
)
def test_rows_that_are_not_rules_say_so_and_are_not_counted(page, server, lang, words, why):
    """Asia Engulfed numbers notes, an example of play and lost sections that state nothing: the
    page says they have nothing to enforce (not "no"), with the reason on hover in the page's
    language, leaves them out of the count of enforced sections and out of the "only not
    enforced" filter."""
    page.goto(f"{server}/about/asia-engulfed?lang={lang}")
    page.wait_for_selector("#rules-table tr[data-rule='14.0']")
    example = page.locator("#rules-table tr[data-rule='14.0'] td.not-a-rule")
    assert example.inner_text() == words
    assert why in example.get_attribute("title")
    facts = page.evaluate("() => fetch('/api/about/asia-engulfed').then((r) => r.json())")
    rules = [rule for rule in facts["rules"] if not rule.get("not_a_rule")]
    done = sum(rule["implemented"] for rule in rules)
    coverage = page.inner_text("#coverage")
    assert str(len(rules)) in coverage and str(done) in coverage
    assert str(len(facts["rules"])) not in coverage
    page.select_option("#rules select >> nth=1", "no")
    missing = page.locator("#rules-table tr[data-rule]")
    shown = {missing.nth(i).get_attribute("data-rule") for i in range(missing.count())}
    assert shown == {rule["number"] for rule in rules if not rule["implemented"]}
