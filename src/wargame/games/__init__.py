"""The games of this project. Each package mirrors its rulebook; ``GAME`` is its contract object."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

from wargame.engine.registry import Entry, Registry

_HERE = Path(__file__).parent

REGISTRY = Registry()

for _id, _title, _package, _module in (
    ("empire-of-the-sun", "Empire of the Sun (v2.0)", "empire_of_the_sun", ""),
    ("asia-engulfed", "Asia Engulfed", "asia_engulfed", ""),
    ("dai-senso", "Dai Senso!", "dai_senso", ""),
    ("aegean-strike", "Aegean Strike", "aegean_strike", ""),
):
    REGISTRY.add(Entry(_id, _title, _module, True, _HERE / _package / "data" / "rules.yaml"))


def _load_plugins() -> None:
    """Games from other packages: $WARGAME_GAMES lists modules whose ``register(REGISTRY)``
    adds them (the test suite adds its toy game this way)."""
    for module in filter(None, os.environ.get("WARGAME_GAMES", "").split(",")):
        importlib.import_module(module.strip()).register(REGISTRY)


_load_plugins()
