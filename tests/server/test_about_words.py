"""The About page speaks to players: the reasons of the rules and charts we designed name the
rulebook, the published sources and the game's history, never this project's own files (the
seed, the spec, the supplement and its sections, the open questions) nor its tests, which a
player has never seen. Checked for every listed game over what the page shows: the stand-ins'
titles and texts, the charts' titles and reasons, the cards' titles and effects, the rules'
titles and the reasons a numbered section is not a rule, in both languages."""

from __future__ import annotations

import re

import pytest

from wargame.games import REGISTRY
from wargame.server.catalog import about

INTERNAL = re.compile(
    r"(?<![A-Za-z])(seeds?|spec|blog|[Ss]upplement|open questions?)(?![A-Za-z])|§|IMPL|tests/"
    r"|::test_|\w\.py\b|補遺|補足[A-Z]?\d|シード|仕様書|ブログ|未解決の問題"
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
