"""The browser client's own words (static/i18n/en.json, ja.json): the same keys in both languages,
Japanese that holds no English (tests/browser/language.py), and no Japanese word that stands for
two different things, such as the Tracks panel and the island of Truk once both read トラック."""

import json
import re
from collections import defaultdict

import pytest

from tests.browser.language import problems_in
from wargame.games import REGISTRY
from wargame.server.pages import STATIC

pytestmark = pytest.mark.game("empire-of-the-sun")

FIELD = re.compile(r"\{\w+\}")


def strings(lang):
    return json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def test_both_languages_have_the_same_keys():
    assert set(strings("en")) == set(strings("ja"))


def test_the_japanese_strings_hold_no_english():
    found = {
        key: [problem.found for problem in problems_in(FIELD.sub(" ", text))]
        for key, text in strings("ja").items()
    }
    assert {key: words for key, words in found.items() if words} == {}


def test_a_place_name_never_reads_like_a_word_of_the_client():
    """A hex's Japanese name equals no client string unless both say the same in English."""
    english, japanese = strings("en"), strings("ja")
    meaning = defaultdict(set)
    for key, text in japanese.items():
        meaning[text].add(english[key].lower())
    board = REGISTRY.game("empire-of-the-sun").client_data()["board"]
    clashes = {
        (hex_["name"], hex_["name_ja"], *sorted(meaning[hex_["name_ja"]]))
        for hex_ in board["hexes"]
        if hex_["name_ja"] in meaning and meaning[hex_["name_ja"]] != {hex_["name"].lower()}
    }
    assert clashes == set()
    assert japanese["play.tracks"] != "トラック"


def test_both_languages_fill_the_same_fields_and_english_agrees_in_number():
    """A field is {name} or {name:one|many} ("#" for the number: t() in static/js/i18n.js); the
    Japanese words fill every field the English fill (and may name more: a title in both
    scripts), and the English pick their form by the number, never "card(s)"."""
    field = re.compile(r"\{(\w+)(?::[^}]*)?\}")
    english, japanese = strings("en"), strings("ja")
    differ = {
        key
        for key in english
        if not set(field.findall(english[key])) <= set(field.findall(japanese[key]))
    }
    assert differ == set()
    assert [key for key, text in english.items() if re.search(r"\w\((s|es)\)", text)] == []


def test_every_game_s_options_read_in_both_languages():
    """The lobby names each option, its hint and each choice of a list from these strings, and
    falls back to the option's English description: Aegean Strike's eleven options once read in
    English in the Japanese lobby, and its balance offered "none", "a" and "b"."""
    missing = []
    for entry in REGISTRY.listed():
        for option in REGISTRY.game(entry.id).options():
            wanted = [option.name, f"{option.name}_hint"]
            if not all(isinstance(choice, bool) for choice in option.choices):
                wanted += [f"{option.name}.{choice}" for choice in option.choices]
            for lang in ("en", "ja"):
                known = strings(lang)
                missing += [
                    f"{lang}: {entry.id} {name}"
                    for name in wanted
                    if f"option.{entry.id}.{name}" not in known and f"option.{name}" not in known
                ]
    assert missing == []
