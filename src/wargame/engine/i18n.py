"""Message catalogues in English and Japanese, and rendering of keys with parameters.

A template names its parameters as Python format fields, with these format specs (the browser
client's ``Messages`` in ``static/js/i18n.js`` renders them alike):

* a catalogue namespace: ``{side:side}`` renders the parameter ``side`` through the entry
  ``side.<value>`` (for example ``side.japan`` -> "Japan" / "日本"), ``{hex:hex}`` through
  ``hex.<id>``; a value with no entry in that namespace is shown as it is, so hex ids without a
  name print as their id. A list renders each item so, joined the language's way;
* forms by grammatical number, ``{hits:# hit|# hits}``: the first form when the parameter is
  singular, the last otherwise, ``#`` standing for the value. A number (or a string of digits)
  is singular when it is 1, a list when it holds one item, any other value (a side) when the
  catalogue has no entry ``number.<value>`` reading ``plural``: ``{side:subject}
  {side:declares|declare}`` gives "Japan declares" and "The Allies declare" (the namespace
  ``subject`` names a side as a sentence's subject, falling back to ``side``);
* ``msg``: the parameter is a message (``{"key": ..., "params": ...}``) or a list of messages,
  each rendered through the catalogue (a die roll's modifiers, say); a string is a key,
  rendered with the parameters of the message it is in; a missing one is nothing;
* any other spec is Python's (``{amount:+d}``); a list with no spec is joined.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Final

import yaml

from wargame.engine.data import SAFE_LOADER

LANGUAGES: Final = ("en", "ja")
DEFAULT_LANGUAGE: Final = "en"
MESSAGE_SPEC: Final = "msg"
SUBJECT: Final = "subject"


def flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """Nested mappings to dotted keys: ``{"log": {"roll": "..."}}`` -> ``{"log.roll": "..."}``.

    Two spellings of one key (``log.roll:`` beside ``log: {roll: ...}``) raise ``ValueError``."""
    flat: dict[str, str] = {}
    for key, value in tree.items():
        dotted = f"{prefix}{key}"
        entries = (
            flatten(value, dotted + ".") if isinstance(value, Mapping) else {dotted: str(value)}
        )
        _refuse_twice(flat, entries)
        flat.update(entries)
    return flat


def _refuse_twice(known: Mapping[str, str], entries: Mapping[str, str]) -> None:
    twice = sorted(known.keys() & entries.keys())
    if twice:
        raise ValueError(f"message key {twice[0]!r} is defined twice")


class Catalog:
    """Messages per language; later layers (a game's) override earlier ones (the engine's)."""

    def __init__(self, messages: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self.messages: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
        for lang, entries in (messages or {}).items():
            self.add(lang, entries)

    def add(self, lang: str, entries: Mapping[str, str]) -> None:
        if lang not in self.messages:
            raise ValueError(f"unsupported language {lang!r}; use one of {', '.join(LANGUAGES)}")
        self.messages[lang].update(entries)

    def add_directory(self, directory: Path) -> None:
        """Add the ``<lang>.yaml`` files of a folder, then its ``<lang>.<part>.yaml`` files in
        name order (a game may split its messages by rulebook section).

        A key defined twice in one folder and language, in one file or two, raises
        ``ValueError`` naming the file: one of the two would be lost unseen."""
        for lang in LANGUAGES:
            paths = [directory / f"{lang}.yaml", *sorted(directory.glob(f"{lang}.*.yaml"))]
            loaded: dict[str, str] = {}
            for path in filter(Path.exists, paths):
                try:
                    tree = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {}
                    entries = flatten(tree)
                    _refuse_twice(loaded, entries)
                except (yaml.YAMLError, ValueError) as error:
                    raise ValueError(f"{path}: {' '.join(str(error).split())}") from None
                loaded.update(entries)
            self.add(lang, loaded)

    def layered(self, *others: Catalog) -> Catalog:
        """A new catalogue: this one, overridden by ``others`` in order."""
        merged = Catalog()
        for catalog in (self, *others):
            for lang, entries in catalog.messages.items():
                merged.add(lang, entries)
        return merged

    def keys(self, lang: str) -> set[str]:
        return set(self.messages[lang])

    def lookup(self, key: str, lang: str) -> str | None:
        """The template for ``key``, falling back to English, or None."""
        found = self.messages.get(lang, {}).get(key)
        if found is None and lang != DEFAULT_LANGUAGE:
            found = self.messages[DEFAULT_LANGUAGE].get(key)
        return found

    def name(self, namespace: str, value: object, lang: str) -> str:
        """The display name of ``value`` in ``namespace``, or the value itself; a side as the
        subject of a sentence (``subject``, "The Allies") falls back to its ``side`` name."""
        if namespace == SUBJECT:  # this language's own, else the side's name in it
            own = self.messages.get(lang, {}).get(f"{SUBJECT}.{value}")
            return own if own is not None else self.name("side", value, lang)
        found = self.lookup(f"{namespace}.{value}", lang)
        return str(value) if found is None else found

    def render(self, key: str, params: Mapping[str, Any], lang: str) -> str:
        """Render a message; an unknown key renders as the key and its parameters. A parameter
        that is an empty list picks the variant ``<key>_no_<name>`` where the language has one
        ("The Allies activate no units" in place of a sentence that ends early)."""
        for name, value in params.items():
            if value == [] and (variant := self.lookup(f"{key}_no_{name}", lang)) is not None:
                return _Formatter(self, lang, params).vformat(variant, (), params)
        template = self.lookup(key, lang)
        if template is None:
            shown = " ".join(f"{name}={value}" for name, value in params.items())
            return f"{key} {shown}".strip()
        return _Formatter(self, lang, params).vformat(template, (), params)


class _Formatter(string.Formatter):
    def __init__(self, catalog: Catalog, lang: str, params: Mapping[str, Any]) -> None:
        self.catalog = catalog
        self.lang = lang
        self.params: Mapping[str, Any] = {}

    def vformat(self, format_string: str, args: Any, kwargs: Mapping[str, Any]) -> str:
        self.params = kwargs
        return super().vformat(format_string, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, _Missing):
            return "" if format_spec == MESSAGE_SPEC else str(value)
        if "|" in format_spec:
            return self.by_number(value, format_spec.split("|"))
        if format_spec == MESSAGE_SPEC:
            items = value if isinstance(value, list) else [value]
            return self.join(self.message(item) for item in items)
        if format_spec.isidentifier():
            if isinstance(value, list):
                return self.join(self.catalog.name(format_spec, item, self.lang) for item in value)
            return self.catalog.name(format_spec, value, self.lang)
        if isinstance(value, list) and not format_spec:
            return self.join(map(str, value))
        return str(super().format_field(value, format_spec))

    def by_number(self, value: Any, forms: list[str]) -> str:
        shown = str(len(value)) if isinstance(value, list) else str(value)
        form = forms[0] if self.singular(value) else forms[-1]
        return form.replace("#", shown)

    def singular(self, value: Any) -> bool:
        if isinstance(value, list):
            return len(value) == 1
        if isinstance(value, int | float) or (isinstance(value, str) and value.isdigit()):
            return float(value) == 1
        return self.catalog.lookup(f"number.{value}", self.lang) != "plural"

    def message(self, item: Any) -> str:
        if isinstance(item, str):  # a key, rendered with the parameters of its message
            return self.catalog.render(item, self.params, self.lang)
        if not isinstance(item, Mapping) or not isinstance(item.get("key"), str):
            return str(item)
        return self.catalog.render(item["key"], item.get("params") or {}, self.lang)

    def join(self, names: Iterable[str]) -> str:
        return ("、" if self.lang == "ja" else ", ").join(names)

    def get_value(self, key: int | str, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str) and key not in kwargs:
            return _Missing(f"{{{key}}}")
        return super().get_value(key, args, kwargs)


class _Missing(str):
    """A parameter the message lacks: shown as its field (``{hex}``), or as nothing where it
    would be messages (``msg``: a log event older than its template)."""

    __slots__ = ()


ENGINE_CATALOG: Final = Catalog()
ENGINE_CATALOG.add_directory(Path(__file__).parent / "messages")


def game_catalog(messages: Path, names: Catalog) -> Catalog:
    """A game's catalogue: the engine's messages, then the game's names (of its pieces and
    places), then the messages in the game's own ``messages`` directory, each over the last."""
    own = Catalog()
    own.add_directory(messages)
    return ENGINE_CATALOG.layered(names, own)
