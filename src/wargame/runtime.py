"""How a process that plays sets up Python's cycle collector (applied when ``wargame`` is imported).

Listing legal actions and applying them make and drop many small containers (choices, paths,
sets of hexes), nearly none of them in reference cycles, which reference counting frees. With
the default threshold (a young collection every 700 new containers), the collector ran about
70 young collections per 1,000 random-play actions of the Empire of the Sun campaign and took
2.5 % of the instructions (``bench/rules_speed.py``, ``docs/rules-speed.md``, issue 15). A
threshold of 10,000 keeps the garbage a collection may find small (a few megabytes at most) and
runs it 14 times less often. An application that embeds the package and wants its own threshold
sets it after the import.
"""

from __future__ import annotations

import gc
from typing import Final

YOUNG_THRESHOLD: Final = 10_000
"""New containers between two young collections (Python's default: 700)."""


def tune_collector() -> None:
    """Collect the young generation every ``YOUNG_THRESHOLD`` containers, the older ones as
    Python does by default."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
