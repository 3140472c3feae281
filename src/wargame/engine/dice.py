"""Dice as values: a die is its number of faces and its lowest face."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Die:
    """A die with ``sides`` faces numbered ``low`` .. ``low + sides - 1``.

    ``Die(6)`` is the usual d6 (1-6); ``Die(10, low=0)`` is a ten-sided die read 0-9.
    """

    sides: int
    low: int = 1

    def __post_init__(self) -> None:
        if self.sides < 1:
            raise ValueError(f"a die needs at least one side, not {self.sides}")

    @property
    def high(self) -> int:
        return self.low + self.sides - 1

    def faces(self) -> range:
        return range(self.low, self.low + self.sides)

    def __str__(self) -> str:
        return f"d{self.sides}" if self.low == 1 else f"d{self.sides}({self.low}-{self.high})"


D6 = Die(6)
D10_ZERO = Die(10, low=0)
