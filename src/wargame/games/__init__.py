"""The games of this project. Each package mirrors its rulebook; ``GAME`` is its contract object."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path

from wargame.engine.errors import UnknownGame
from wargame.engine.registry import Entry, Registry

_HERE = Path(__file__).parent

REGISTRY = Registry()
_TABLES_BEFORE_PLAY: dict[str, str] = {}
"""Games not playable yet whose printed tables are data already (wargame tables, rules)."""
_CARDS_BEFORE_PLAY: dict[str, str] = {}
"""Games not playable yet whose cards are data already (wargame cards)."""


for _id, _title, _package, _module, _rules in (
    (
        "empire-of-the-sun",
        "Empire of the Sun (v2.0)",
        "empire_of_the_sun",
        "wargame.games.empire_of_the_sun",
        "",
    ),
    ("asia-engulfed", "Asia Engulfed", "asia_engulfed", "wargame.games.asia_engulfed", ""),
    ("dai-senso", "Dai Senso!", "dai_senso", "wargame.games.dai_senso", ""),
    (
        "aegean-strike",
        "Aegean Strike",
        "aegean_strike",
        "wargame.games.aegean_strike",
        "",
    ),
):
    _index = _HERE / _package / "data" / "rules.yaml"
    REGISTRY.add(
        Entry(
            _id,
            _title,
            _module,
            True,
            _index,
            rules_module=_rules,
            tables_module=_TABLES_BEFORE_PLAY.get(_id, ""),
            cards_module=_CARDS_BEFORE_PLAY.get(_id, ""),
        )
    )


def load_plugins() -> None:
    """Add games from other modules: $WARGAME_GAMES lists modules (importable from the current
    folder too) whose ``register(REGISTRY)`` adds their games; the toy test game comes this way."""
    names = [name.strip() for name in os.environ.get("WARGAME_GAMES", "").split(",")]
    if not any(names):
        return
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    for name in filter(None, names):
        try:
            importlib.import_module(name).register(REGISTRY)
        except (ImportError, AttributeError) as error:
            raise UnknownGame(
                f"cannot load games from {name!r} ($WARGAME_GAMES): {error}"
            ) from None
