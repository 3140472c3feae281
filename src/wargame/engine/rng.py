"""Random generators whose whole state is one integer kept in the game state.

A game's dice and draws come from a *keyed* stream (``KeyedRng``): BLAKE2b, keyed with the game's
seed, in counter mode, so that no sequence of outputs a player sees reveals the key or what comes
next. The seed has at least 128 secret bits (``new_seed``); a commitment to it (``commitment``) is
public from the start and the seed is shown once the game is over, so that anybody can check that
the dice of a finished game came from the seed committed to (``wargame verify``).

``Rng`` (SplitMix64) is the generator of records made before (``LEGACY_GENERATOR``), kept so that
they replay exactly, and the fast non-secret stream of tools (the fuzzer's choices, a random bot).
Both are hand-written rather than :mod:`random` or NumPy because the state must be a small JSON
value copied with every game state and give the same numbers on every platform and Python version.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import Callable, Iterator, MutableSequence, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final, TypeVar

from wargame.engine.dice import Die

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15

KEYED_GENERATOR: Final = "blake2b-ctr"
LEGACY_GENERATOR: Final = "splitmix64"
GENERATORS: Final = (KEYED_GENERATOR, LEGACY_GENERATOR)
DEFAULT_GENERATOR: Final = KEYED_GENERATOR

SEED_BITS: Final = 128
"""Bits of a new game's seed: beyond the reach of trying every seed against what one has seen."""
SEED_BYTES: Final = 32
SEED_LIMIT: Final = 1 << (8 * SEED_BYTES)
"""Seeds are below this (the keyed stream's key is the seed's 32 bytes, big-endian)."""


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *salts: int | str) -> int:
    """A well-mixed 64-bit seed from a seed (of any size) and salts (game number, side...)."""
    value = _mix(seed & _MASK)
    for limb in _limbs(abs(seed) >> 64):
        value = _mix(((value ^ limb) + _GOLDEN) & _MASK)
    for salt in salts:
        number = salt if isinstance(salt, int) else int.from_bytes(salt.encode(), "little")
        value = _mix(((value ^ number) + _GOLDEN) & _MASK)
    return value


def _limbs(value: int) -> list[int]:
    """The 64-bit pieces of ``value``, lowest first (none for 0)."""
    found = []
    while value:
        found.append(value & _MASK)
        value >>= 64
    return found


class RandomSource:
    """Uniform draws over ``next64``; ``state`` is the only data, ``used`` says whether any draw
    was made since the source was built."""

    __slots__ = ("state", "used")

    def __init__(self, state: int) -> None:
        self.state = state
        self.used = False

    def next64(self) -> int:
        raise NotImplementedError

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


class Rng(RandomSource):
    """A SplitMix64 stream (Steele, Lea and Flood, 2014; passes BigCrush): fast, and predictable
    from a few outputs, so never a secret game's dice (see ``KeyedRng``)."""

    __slots__ = ()

    def __init__(self, state: int) -> None:
        super().__init__(state & _MASK)

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(derive_seed(seed))

    def next64(self) -> int:
        self.used = True
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)


_WORDS: Final = struct.Struct("<8Q")
_PERSON: Final = b"wargame dice"


class KeyedRng(RandomSource):
    """BLAKE2b keyed with the seed, in counter mode: output ``n`` is the ``n % 8``-th 64-bit word
    of BLAKE2b-512(key=seed, message=n // 8). ``state`` is ``n``, the count of outputs drawn:
    without the key it tells nothing of what comes next. One hash gives eight outputs, and the
    blocks hashed last are kept (``_BLOCKS``): a game builds a new generator for every step, and
    most steps that draw, draw from the block the step before drew from."""

    __slots__ = ("_block", "_seed", "_words")

    def __init__(self, seed: int, state: int = 0) -> None:
        super().__init__(state)
        self._seed = seed
        self._block = -1
        self._words: tuple[int, ...] = ()

    def next64(self) -> int:
        self.used = True
        index = self.state
        if index >> 3 != self._block:
            self._block = index >> 3
            self._words = _block(self._seed, self._block)
        self.state = index + 1
        return self._words[index & 7]


_BLOCKS: dict[tuple[int, int], tuple[int, ...]] = {}
_BLOCKS_KEPT: Final = 4096


def _block(seed: int, block: int) -> tuple[int, ...]:
    """The eight outputs of ``block`` of ``seed``'s stream (kept for the next ones to ask)."""
    words = _BLOCKS.get((seed, block))
    if words is None:
        hashed = hashlib.blake2b(
            block.to_bytes(8, "little"), key=seed_bytes(seed), digest_size=64, person=_PERSON
        )
        words = _WORDS.unpack(hashed.digest())
        if len(_BLOCKS) >= _BLOCKS_KEPT:
            _BLOCKS.clear()
        _BLOCKS[seed, block] = words
    return words


DrawSource = Callable[[str, int, int], RandomSource]
"""Makes the stream a game step draws from, given the state's generator, seed and ``rng``."""
_DRAW_SOURCE: ContextVar[DrawSource | None] = ContextVar("draw_source", default=None)


@contextmanager
def drawing_with(source: DrawSource) -> Iterator[None]:
    """Inside, every game step draws from ``source(generator, seed, state)`` in place of the
    state's own stream: how an adapter makes each draw of the rules a chance node of its own
    (``wargame.adapters.draws``)."""
    token = _DRAW_SOURCE.set(source)
    try:
        yield
    finally:
        _DRAW_SOURCE.reset(token)


def game_rng(generator: str, seed: int, state: int) -> RandomSource:
    """The stream of a game made with ``generator`` and ``seed``, at ``state`` (or what
    ``drawing_with`` puts in its place)."""
    source = _DRAW_SOURCE.get()
    if source is not None:
        return source(generator, seed, state)
    if generator == KEYED_GENERATOR:
        return KeyedRng(seed, state)
    if generator == LEGACY_GENERATOR:
        return Rng(state)
    raise ValueError(f"unknown random generator {generator!r}; known: {', '.join(GENERATORS)}")


def initial_state(generator: str, seed: int) -> int:
    """The generator's state before a game's first draw."""
    return derive_seed(seed) if generator == LEGACY_GENERATOR else 0


def new_seed() -> int:
    """A fresh secret seed of ``SEED_BITS`` bits from the operating system."""
    return secrets.randbits(SEED_BITS)


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` cannot seed a game, or None if it can."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        return f"a seed is a whole number, not {type(seed).__name__}"
    if not 0 <= seed < SEED_LIMIT:
        return f"a seed is between 0 and 2**{8 * SEED_BYTES} - 1"
    return None


def seed_bytes(seed: int) -> bytes:
    """The seed as the stream's key: 32 bytes, big-endian (its 64-digit hex form)."""
    problem = seed_problem(seed)
    if problem is not None:
        raise ValueError(problem)
    return seed.to_bytes(SEED_BYTES, "big")


def seed_hex(seed: int) -> str:
    return seed_bytes(seed).hex()


def new_salt() -> str:
    """A fresh salt for a commitment (hex)."""
    return secrets.token_hex(16)


def commitment(seed: int, salt: str) -> str:
    """SHA-256 of the salt's bytes then the seed's 32 bytes, in hex: shown to every seat at the
    start, it binds the game to its seed without telling it (the salt keeps a chosen small seed
    from being found by trying small numbers). A browser recomputes it with Web Crypto."""
    return hashlib.sha256(bytes.fromhex(salt) + seed_bytes(seed)).hexdigest()
