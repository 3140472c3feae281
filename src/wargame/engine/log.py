"""Structured log events, redacted per viewer.

An event is a message key and parameters, never a sentence: it is rendered per language by
:mod:`wargame.engine.i18n`. An event may be private to some sides (``to``); everybody else sees its
``public`` form (for instance "Japan draws a card" in place of "Japan draws card J41") or nothing.
"""

from __future__ import annotations

from typing import Any

import msgspec

Side = str


def possessive(name: str) -> str:
    """``name`` as an English possessive: "red's", but "allies'" for a name ending in s."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


class PublicForm(msgspec.Struct, frozen=True, omit_defaults=True):
    """What the sides outside an event's audience see of it."""

    key: str
    params: dict[str, Any] = {}


class Event(msgspec.Struct, frozen=True, omit_defaults=True):
    """One log entry. ``to`` is None for an event everybody sees in full."""

    key: str
    params: dict[str, Any] = {}
    to: list[Side] | None = None
    public: PublicForm | None = None

    def seen_by(self, viewer: Side | None) -> Event | None:
        """This event as ``viewer`` sees it (None = spectator), or None if hidden from them."""
        if self.to is None or (viewer is not None and viewer in self.to):
            return self
        if self.public is None:
            return None
        return Event(self.public.key, self.public.params)


def redact(events: list[Event], viewer: Side | None) -> list[Event]:
    """The log as ``viewer`` may see it, in order."""
    seen = (event.seen_by(viewer) for event in events)
    return [event for event in seen if event is not None]
