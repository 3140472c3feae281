"""Errors the engine raises.

Every error a user can cause derives from :class:`WargameError` and carries a one-line message that
names the problem; the command line prints that line and exits non-zero, the server turns it into a
4xx response. Errors that mean a bug in a game (an invariant broken, a procedure that never asks for
a decision) derive from :class:`GameBug` instead and are never shown as a user's mistake.
"""

from __future__ import annotations


class WargameError(Exception):
    """A mistake of the user or of the input: one clear line, nothing changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class IllegalAction(WargameError):
    """An action that is not among the legal actions of that side now."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnknownGame(WargameError):
    """No game, scenario or option of that name."""


class BadSaveFile(WargameError):
    """A save file that cannot be read, is truncated or does not replay."""


class DataError(WargameError):
    """A game data file that does not match its schema."""


class GameBug(Exception):
    """A game broke the engine's contract: a bug, not a user's mistake."""


class InvariantError(GameBug):
    """A game state failed one of the game's invariants (``check``)."""
