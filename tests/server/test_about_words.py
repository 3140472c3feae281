"""The About page speaks to players: the reasons of the rules and charts we designed name the
rulebook, the published sources and the game's history, never this project's own files (the
seed, the spec, the supplement and its sections, the open questions) nor its tests, which a
player has never seen. Checked for every listed game over what the page shows: the stand-ins'
titles and texts, the charts' titles and reasons, the cards' titles and effects, the rules'
titles and the reasons a numbered section is not a rule, in both languages."""

from __future__ import annotations

import re

import pytest

from tests.browser.language import problems_in
from wargame.games import REGISTRY
from wargame.server.catalog import about

INTERNAL = re.compile(
    r"(?<![A-Za-z])(seeds?|spec|blog|[Ss]upplement|open questions?)(?![A-Za-z])|§|IMPL|tests/"
    r"|::test_|\w\.py\b|\bREADME\b|\([a-z]{2}-[a-z]+\)|補遺|補足[A-Z]?\d|シード|仕様書|ブログ|未解決の問題"
)
SHOWN = {
    "stand_ins": ("title", "text"),
    "tables": ("title", "reason"),
    "cards": ("title", "effect"),
    "rules": ("title", "not_a_rule"),
}


def shown_texts(facts):
    """Each text the About page shows, with where it comes from."""
    for kind, fields in SHOWN.items():
        for item in facts.get(kind) or []:
            name = item.get("rule") or item.get("id") or item.get("number")
            for field in fields:
                for key in (field, f"{field}_ja"):
                    text = item.get(key)
                    if isinstance(text, str):
                        yield f"{kind} {name} {key}", text


@pytest.mark.parametrize("game_id", [entry.id for entry in REGISTRY.listed()])
def test_the_about_page_names_no_file_of_this_project(game_id):
    facts = about(REGISTRY.game(game_id))
    found = {
        where: match.group(0)
        for where, text in shown_texts(facts)
        for match in [INTERNAL.search(text)]
        if match
    }
    assert found == {}


@pytest.mark.parametrize("game_id", [entry.id for entry in REGISTRY.listed()])
def test_a_row_that_is_not_a_rule_says_why_in_japanese_too(game_id):
    """The About page's rules table shows why a numbered section has nothing to enforce when
    the pointer rests on it: in Japanese it read in English (Asia Engulfed's player notes,
    Aegean Strike's designer's notes)."""
    facts = about(REGISTRY.game(game_id))
    rows = [rule for rule in facts["rules"] if rule.get("not_a_rule")]
    english = [rule["number"] for rule in rows if rule["not_a_rule_ja"] == rule["not_a_rule"]]
    assert english == []


@pytest.mark.parametrize("game_id", [entry.id for entry in REGISTRY.listed()])
def test_the_japanese_about_page_holds_no_english(game_id):
    """The Japanese texts pass the check the browser tests make of a Japanese page (English
    words left untranslated): Dai Senso!'s and Aegean Strike's chart reasons named overlay keys
    ("hits", "chance", "false", "default") and work tags ("ds-scen") in Japanese sentences."""
    facts = about(REGISTRY.game(game_id))
    found = [
        f"{where}: {problem.found}"
        for where, text in shown_texts(facts)
        if where.endswith("_ja")
        for problem in problems_in(text, where)
    ]
    assert found == []


def test_the_page_without_the_client_gives_the_reason_in_its_language():
    """The About page served without the browser client says why a section is not a rule in the
    page's language, as the client does."""
    from wargame.server.pages import render_about

    facts = about(REGISTRY.game("asia-engulfed"))
    example = next(rule for rule in facts["rules"] if rule["number"] == "14.0")
    assert f'title="{example["not_a_rule_ja"]}"' in render_about(facts, "ja")
    assert f'title="{example["not_a_rule"]}"' in render_about(facts, "en")
