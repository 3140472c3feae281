"""Actions: the small clicks that a side sends, with a stable text form.

An action's text is one or more tokens separated by single spaces, the first being the verb:
``done``, ``card 41``, ``hex 2220``, ``unit 17``. The text is what logs, save files, the command
line and URLs carry; two actions are the same action exactly when their texts are equal.
"""

from __future__ import annotations

import re
from typing import Final

from wargame.engine.errors import IllegalAction

_TOKEN: Final = re.compile(r"[A-Za-z0-9_.:+\-]+")
_MAX_LENGTH: Final = 200


class Action:
    """One click of a decision, identified by its text."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    @classmethod
    def of(cls, verb: str, *args: object) -> Action:
        """Build an action from a verb and arguments: ``Action.of("card", 41)`` is ``card 41``."""
        if not args:
            return cls(verb)
        if len(args) == 1:  # most actions: a verb and one argument, joined without a list
            return cls(verb + " " + str(args[0]))
        return cls(" ".join([verb, *map(str, args)]))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action typed by a user or stored in a file; raise IllegalAction if malformed."""
        tokens = text.split()
        if not tokens:
            raise IllegalAction("empty action")
        if len(text) > _MAX_LENGTH:
            raise IllegalAction(f"action longer than {_MAX_LENGTH} characters")
        for token in tokens:
            if not _TOKEN.fullmatch(token):
                raise IllegalAction(f"malformed action {text!r}: bad token {token!r}")
        return cls(" ".join(tokens))

    @property
    def verb(self) -> str:
        return self.text.split(" ", 1)[0]

    @property
    def args(self) -> list[str]:
        return self.text.split(" ")[1:]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"
