"""The seeded random generator that every state owns.

Nothing in gamebox reads Python's global :mod:`random` module. Each state carries a
small :class:`Rng` whose whole state is one integer, so it copies for free with the
state, survives a JSON round trip, and gives the same numbers on every Python version
(and in the browser on Pyodide).

The generator is SplitMix64 (Steele, Lea and Flood, 2014): fast, statistically sound
for games, and simple enough to read.

>>> rng = Rng(2024)
>>> [rng.randbelow(6) + 1 for _ in range(8)]
[2, 3, 4, 2, 3, 2, 6, 3]
>>> deck = list(range(10))
>>> Rng(7).shuffle(deck)
>>> deck
[8, 1, 5, 9, 0, 4, 3, 2, 6, 7]
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64: a seeded generator whose state is a single 64-bit integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    __hash__ = None  # a generator changes as it is used: not a dictionary key

    def copy(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def roll(self, sides: int = 6) -> int:
        """One die: a uniform integer from 1 to ``sides``."""
        return self.randbelow(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
