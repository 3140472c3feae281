"""Offering an action or refusing it with its one-line reason, as every decision of the game
does."""

from __future__ import annotations

from typing import Any

from wargame.engine.procedure import Choices


def offer(choices: Choices, text: str, reason: str, effect: Any, *args: Any) -> None:
    """Add ``text`` with ``effect`` if ``reason`` is empty, else refuse it with ``reason``."""
    if reason:
        choices.refuse(text, reason)
    else:
        choices.add(text, effect, *args)
