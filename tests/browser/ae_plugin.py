"""Asia Engulfed offered for the browser tests (``WARGAME_GAMES=tests.browser.ae_plugin``): the
catalogue does not offer it until its introductory scenario plays whole, but its page is built
now. Its entry keeps its rule index; only the playable module is added."""

from __future__ import annotations

from dataclasses import replace

from wargame.engine.registry import Registry


def register(registry: Registry) -> None:
    entry = registry.entry("asia-engulfed")
    registry.add(replace(entry, module="wargame.games.asia_engulfed"))
