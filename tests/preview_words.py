"""The words of a preview (engine ``notes``): the messages it holds, each checked to read in a
language, and the names of the values its forces show (the battle panel reads them in the
``reason`` namespace). Shared by the games' preview tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def messages_in(data: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every message (``{key, params}``) inside ``data``, a preview or a list of them."""
    if isinstance(data, list):
        for item in data:
            yield from messages_in(item)
    elif isinstance(data, dict):
        if isinstance(data.get("key"), str) and isinstance(data.get("params"), dict):
            yield data["key"], data["params"]
        for value in data.values():
            yield from messages_in(value)


def rendered_keys(game: Any, data: Any, lang: str) -> set[str]:
    """The message keys in ``data``, each asserted to have words in ``lang`` that render whole
    (no placeholder left)."""
    keys = set()
    for key, params in messages_in(data):
        assert game.catalog.lookup(key, lang), f"{key} has no {lang} words"
        text = game.catalog.render(key, params, lang)
        assert "{" not in text, text
        keys.add(key)
    return keys


def assert_value_names(game: Any, preview: dict[str, Any], lang: str) -> None:
    """Each value and total a preview's forces show has its name in ``lang``."""
    for forces in preview["sides"]:
        for name in [*forces["totals"], *(n for u in forces["units"] for n in u["values"])]:
            assert game.catalog.lookup(f"reason.{name}", lang), name
