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
#: Seeds are whole numbers from 0 to SEEDS - 1: one for each state of the generator.
SEEDS = 1 << 64
_new_object = object.__new__


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number in ``range(SEEDS)``; raises ``TypeError`` for
    any other type (a bool, a float such as 1.5 or 1e21, a text) and ``ValueError`` for
    a number out of range (two seeds never give the same game).

    >>> check_seed(7)
    7
    >>> check_seed(2**64)
    Traceback (most recent call last):
    ...
    ValueError: a seed is a whole number from 0 to 2**64 - 1, not 18446744073709551616
    >>> check_seed(1.5)
    Traceback (most recent call last):
    ...
    TypeError: a seed is a whole number from 0 to 2**64 - 1, not 1.5 (a float)
    """
    if type(seed) is not int:
        shown = repr(seed) if len(repr(seed)) <= 40 else repr(seed)[:37] + "..."
        raise TypeError(
            f"a seed is a whole number from 0 to 2**64 - 1, not {shown} (a {type(seed).__name__})"
        )
    if not 0 <= seed < SEEDS:
        shown = str(seed) if seed.bit_length() <= 128 else f"a number of {len(str(seed))} digits"
        raise ValueError(f"a seed is a whole number from 0 to 2**64 - 1, not {shown}")
    return seed


def derive(seed: int, index: int) -> int:
    """A seed of its own for the ``index``-th of several generators drawn from one
    ``seed`` (a bot per seat, say), always within range.

    >>> derive(5, 1), derive(2**64 - 1, 0) < SEEDS
    (5001, True)
    """
    return (seed * 1000 + index) % SEEDS


class Rng:
    """SplitMix64: a seeded generator whose state is a single 64-bit integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = check_seed(seed)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    __hash__ = None  # a generator changes as it is used: not a dictionary key

    def copy(self) -> Rng:
        twin = _new_object(Rng)  # every apply copies a generator: no __init__, no check
        twin.state = self.state
        return twin

    def stepped(self) -> Rng:
        """A copy one output further on (that output is not computed): where this
        generator will be once it has drawn once."""
        twin = _new_object(Rng)
        twin.state = (self.state + _GOLDEN) & _MASK
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
        """Shuffle in place (Fisher-Yates): swap each item, from the last, with one drawn
        by :meth:`randbelow` from those up to it. The draws are written out here (the same
        numbers as :meth:`next64` and :meth:`randbelow`): a deal shuffles a hundred cards
        or more, and calls cost more than the arithmetic."""
        s = self.state
        top = SEEDS - len(items)  # randbelow refuses no draw below this, for any bound here
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z >= top:  # near the top of the range: refused as randbelow refuses it?
                n = i + 1
                self.state = s
                while z >= SEEDS - SEEDS % n:
                    z = self.next64()
                s = self.state
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = s
