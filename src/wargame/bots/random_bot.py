"""The random bot: picks uniformly among the legal actions listed in its own view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.rng import Rng


class RandomBot:
    """A seat that plays a uniformly random legal action, seeded for reproducible games."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, view: Mapping[str, Any]) -> str:
        """One action text from ``view["actions"]`` (the view of the bot's own seat)."""
        actions = view["actions"]
        if not actions:
            raise ValueError("the bot was asked to act but its view lists no legal action")
        return str(self.rng.choice(actions))
