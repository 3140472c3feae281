"""Facts of one position, worked out once while a decision is listed.

Listing a decision reads the position and never changes it (:func:`procedure.current_decision`
runs the decision step inside :func:`reading`), yet it may ask the same question many times: a
movement decision asks, for each unit and each area it might enter, who stands there. A game
function answers such a question with :func:`remembered`, which works the answer out once per
listing and forgets it when the listing ends; outside a listing it simply works it out, so the
function stays correct wherever it is called, while effects change the position. A question
answered for the whole position at once, to be looked up many times, may ask :func:`is_read`
first and answer only the part it needs when the position is not being read.

An answer that depends on a few facts only, which a question can name in full (the areas a
search may not leave, say, rather than the position), is kept from one position to the next by
:class:`Answers`.

Hand-written because the memo must end with the listing: ``functools.cache`` would keep answers
about a position that has changed since.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

T = TypeVar("T")

_open: dict[int, dict[Hashable, Any]] = {}
"""The memos of the positions being read now, by the identity of their data."""


@contextmanager
def reading(data: object) -> Iterator[None]:
    """While the block runs, ``data`` is only read: answers about it may be remembered."""
    key = id(data)
    if key in _open:
        yield
        return
    _open[key] = {}
    try:
        yield
    finally:
        del _open[key]


def is_read(data: object) -> bool:
    """Whether ``data`` is being read (:func:`reading`): a memo of the whole position pays."""
    return id(data) in _open


def remembered(data: object, question: Hashable, answer: Callable[[], T]) -> T:
    """``answer()``, worked out once per :func:`reading` of ``data`` for each ``question``."""
    memo = _open.get(id(data))
    if memo is None:
        return answer()
    if question in memo:
        found: T = memo[question]
        return found
    found = memo[question] = answer()
    return found


class Answers(Generic[T]):
    """Answers kept across positions, by questions that name everything their answer depends
    on (so an answer never goes stale), at most ``limit`` of them: all are forgotten when full.
    An answer is shared by whoever asks: read it, never change it."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._found: dict[Hashable, T] = {}

    def get(self, question: Hashable, answer: Callable[[], T]) -> T:
        found = self._found.get(question)
        if found is None:
            if len(self._found) >= self.limit:
                self._found.clear()
            found = self._found[question] = answer()
        return found
