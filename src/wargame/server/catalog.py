"""What the server tells about kinds of games, apart from any one game: the catalogue for the lobby,
the never-changing data a client draws with, and the "about this edition" facts (rule coverage and
provisional stand-ins). Each is computed once per game and language and kept: it cannot change
while the server runs."""

from __future__ import annotations

import gzip
import hashlib
from functools import cache
from typing import Any

import msgspec

from wargame.engine.contract import Game
from wargame.engine.i18n import DEFAULT_LANGUAGE, LANGUAGES
from wargame.engine.rules import RuleRow, find_tests_dir, report, scan_tests
from wargame.games import REGISTRY
from wargame.server.bot_seats import seat_kind_names
from wargame.text import title_in


def catalog() -> list[dict[str, Any]]:
    """The listed games that can be played in the browser, with their sides, scenarios and
    options."""
    entries = [entry for entry in REGISTRY.listed() if REGISTRY.playable(entry.id)]
    games = [REGISTRY.game(entry.id) for entry in entries]
    return [describe(game) for game in games if game.in_lobby]


def describe(game: Game) -> dict[str, Any]:
    return {
        "id": game.id,
        "title": game.title,
        "title_ja": game.title_ja or game.title,
        "sides": list(game.sides),
        "side_names": {
            lang: {side: game.catalog.name("side", side, lang) for side in game.sides}
            for lang in LANGUAGES
        },
        "seat_kinds": list(seat_kind_names()),
        "scenarios": [
            {
                "id": s.id,
                "title": s.title,
                "title_ja": s.title_ja or s.title,
                "sides": list(game.scenario_sides(s.id)),
            }
            for s in game.scenarios()
        ],
        "options": [
            {
                "name": o.name,
                "default": o.default,
                "choices": list(o.choices),
                "description": o.description,
            }
            for o in game.options()
        ],
        "rules_overlay": game.tables is not None,
    }


def static_url(game: Game, lang: str) -> str:
    """Where a client gets the static data of this kind of game: one URL for every game of the
    kind, so that a browser keeps one copy (its ETag tells when the copy is stale)."""
    return f"/api/kinds/{game.id}/static?lang={lang}"


def backdrop_url(game: Game) -> str:
    """Where a client gets the backdrop of this kind of game (one URL per kind, as above)."""
    return f"/api/kinds/{game.id}/backdrop"


@cache
def etag(body: bytes) -> str:
    """The entity tag of a kept body (a strong validator: a digest of its bytes)."""
    return '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


@cache
def static_json(game: Game, lang: str) -> bytes:
    """The body of GET /api/kinds/{game}/static (and /api/games/{id}/static) for this kind of
    game, encoded once."""
    messages = game.catalog.messages
    return msgspec.json.encode(
        {
            "game": game.id,
            "title": title_in(game, lang),
            "lang": lang,
            "sides": [
                {"id": side, "name": game.catalog.name("side", side, lang)} for side in game.sides
            ],
            "messages": {**messages[DEFAULT_LANGUAGE], **messages[lang]},
            "data": game.client_data(),
        }
    )


@cache
def gzipped(body: bytes) -> bytes:
    """``body`` gzipped, once: for the kept bodies of this module (the same objects each time,
    whose hash Python keeps)."""
    return gzip.compress(body, compresslevel=6, mtime=0)


@cache
def backdrop_json(game: Game) -> bytes:
    """The body of GET /api/kinds/{game}/backdrop (and /api/games/{id}/backdrop) for this kind
    of game, encoded once."""
    return msgspec.json.encode({"game": game.id, "lines": game.backdrop()})


@cache
def about(game: Game) -> dict[str, Any]:
    """What the About page tells players: the published game credited (``credits``), rule
    coverage (implemented, provenance, tests where a test folder is at hand), every provisional
    stand-in in players' words, every card and the printed tables a rules overlay may replace,
    each in English and Japanese."""
    rows: list[dict[str, Any]] = []
    stand_ins: list[dict[str, str]] = []
    credits: dict[str, Any] | None = None
    if game.rules is not None:
        tests_dir = find_tests_dir()
        found = report(game.rules, scan_tests(tests_dir) if tests_dir else None)
        rows = [row.to_json() for row in found.rows]
        stand_ins = [item for row in found.rows for item in stand_ins_of(row)]
        index_credits = game.rules.index().credits
        credits = msgspec.to_builtins(index_credits) if index_credits else None
    return {
        "game": game.id,
        "title": game.title,
        "title_ja": game.title_ja or game.title,
        "credits": credits,
        "rules": rows,
        "stand_ins": stand_ins,
        "cards": game.cards(),
        "tables": [] if game.tables is None else game.tables.listing(),
    }


def stand_ins_of(row: RuleRow) -> list[dict[str, str]]:
    """The rule's stand-ins as players read them; one the rule index does not explain yet shows
    its maintainers' description rather than nothing (tests/test_rule_indexes.py forbids it)."""
    rule = {"rule": row.number, "title": row.title, "title_ja": row.title_ja or row.title}
    told = [{**rule, "text": s.text, "text_ja": s.text_ja or s.text} for s in row.explained]
    if len(told) == len(row.stand_ins):
        return told
    return [{**rule, "text": text, "text_ja": text} for text in row.stand_ins]
