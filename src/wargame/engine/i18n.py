"""Message catalogues in English and Japanese, and rendering of keys with parameters.

A template names its parameters as Python format fields. A field may name a catalogue namespace as
its format spec: ``{side:side}`` renders the parameter ``side`` through the entry ``side.<value>``
(for example ``side.japan`` -> "Japan" / "日本"), ``{hex:hex}`` through ``hex.<id>``; a value
with no
entry in that namespace is shown as it is, so hex ids without a name print as their id. The spec
``message`` renders the parameter as a message key of its own, with the same parameters:
``{summary:message}`` with ``summary="result.won"`` renders ``result.won``.
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


def flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """Nested mappings to dotted keys: ``{"log": {"roll": "..."}}`` -> ``{"log.roll": "..."}``."""
    flat: dict[str, str] = {}
    for key, value in tree.items():
        dotted = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(flatten(value, dotted + "."))
        else:
            flat[dotted] = str(value)
    return flat


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
        name order (a game may split its messages by rulebook section)."""
        for lang in LANGUAGES:
            paths = [directory / f"{lang}.yaml", *sorted(directory.glob(f"{lang}.*.yaml"))]
            for path in paths:
                if path.exists():
                    tree = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {}
                    self.add(lang, flatten(tree))

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
        """The display name of ``value`` in ``namespace``, or the value itself."""
        found = self.lookup(f"{namespace}.{value}", lang)
        return str(value) if found is None else found

    def render(self, key: str, params: Mapping[str, Any], lang: str) -> str:
        """Render a message; an unknown key renders as the key and its parameters."""
        template = self.lookup(key, lang)
        if template is None:
            shown = " ".join(f"{name}={value}" for name, value in params.items())
            return f"{key} {shown}".strip()
        return _Formatter(self, lang, params).vformat(template, (), params)


class _Formatter(string.Formatter):
    def __init__(self, catalog: Catalog, lang: str, params: Mapping[str, Any]) -> None:
        self.catalog = catalog
        self.lang = lang
        self.params = params

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "message":
            return self.catalog.render(str(value), self.params, self.lang)
        if format_spec.isidentifier():
            if isinstance(value, list):
                return self.join(self.catalog.name(format_spec, item, self.lang) for item in value)
            return self.catalog.name(format_spec, value, self.lang)
        return str(super().format_field(value, format_spec))

    def join(self, names: Iterable[str]) -> str:
        return ("、" if self.lang == "ja" else ", ").join(names)

    def get_value(self, key: int | str, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str) and key not in kwargs:
            return f"{{{key}}}"
        return super().get_value(key, args, kwargs)


ENGINE_CATALOG: Final = Catalog()
ENGINE_CATALOG.add_directory(Path(__file__).parent / "messages")
