"""Keeping a bot out of circles: a decision it has met before, in the very same position (an
action such as "cancel" leads back to the decision before), must be answered differently."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

import msgspec

_ENCODE = msgspec.json.Encoder().encode
KEPT = 256


class Repeats:
    """The positions a seat has decided at lately and what it chose at each."""

    def __init__(self) -> None:
        self.taken: OrderedDict[int, set[str]] = OrderedDict()

    @staticmethod
    def key(view: Mapping[str, Any]) -> int:
        """The position of a view, whatever the number of moves made to reach it."""
        return hash(_ENCODE((view["board"], view["stack"], view["actions"])))

    def fresh(self, view: Mapping[str, Any]) -> list[str]:
        """The offered actions not yet taken from this position (all, if every one was)."""
        offered: list[str] = list(view["actions"])
        taken = self.taken.get(self.key(view), set())
        return [text for text in offered if text not in taken] or offered

    def note(self, view: Mapping[str, Any], action: str) -> None:
        key = self.key(view)
        self.taken.setdefault(key, set()).add(action)
        self.taken.move_to_end(key)
        if len(self.taken) > KEPT:
            self.taken.popitem(last=False)
