"""The seeded random generator whose whole state is one integer kept in the game state.

Hand-written rather than :mod:`random` or NumPy because the generator's state must be a small
JSON value that is copied with every game state (search bots copy states thousands of times) and
must give the same numbers on every platform and Python version. SplitMix64 (Steele, Lea and Flood,
2014) does that in a few lines and passes BigCrush; it is more than good enough for dice and decks.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

from wargame.engine.dice import Die

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *salts: int | str) -> int:
    """A well-mixed 64-bit seed from a seed and salts (game number, scenario name...)."""
    value = _mix(seed & _MASK)
    for salt in salts:
        number = salt if isinstance(salt, int) else int.from_bytes(salt.encode(), "little")
        value = _mix(((value ^ number) + _GOLDEN) & _MASK)
    return value


class Rng:
    """A SplitMix64 stream. ``state`` is the only data and may be stored and restored freely."""

    __slots__ = ("state", "used")

    def __init__(self, state: int) -> None:
        self.state = state & _MASK
        self.used = False

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(derive_seed(seed))

    def next64(self) -> int:
        self.used = True
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1`` (rejection sampling, no modulo bias)."""
        if n < 1:
            raise ValueError(f"cannot draw below {n}")
        threshold = (1 << 64) % n
        while True:
            value = self.next64()
            if value >= threshold:
                return value % n

    def roll(self, die: Die) -> int:
        return die.low + self.below(die.sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) / float(1 << 53)
