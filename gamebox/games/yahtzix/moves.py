"""Yahtzix's pieces and notation: the dice, what a roll scores, the moves and their text.

Everything here is read without a position: the game's numbers (six dice, three rolls,
30 to open, the premiums' values), the scoring of a roll (:func:`score`, the keeps a
roll allows with their points, :func:`keep_value`), the move classes with their text
forms, the chance outcomes of n dice and the tables of moves the engine lists (made
once, shared), and the reading of a move's text (:func:`parse_move`). The rules (what
is legal when, what a move does) are in :mod:`gamebox.games.yahtzix.rules`; the odds of
a roll and of a turn are in :mod:`gamebox.games.yahtzix.odds`.

>>> score([1, 1, 2, 3, 5, 5]), str(parse_move("keep 5, 1")), _keeps((1, 2, 5), False)[(1,)]
(30, 'keep 1 5', 10)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement, product
from math import factorial
from types import MappingProxyType

from gamebox.core import Move, shorten

# ------------------------------------------------------------------------ scores

DICE = 6
MAX_ROLLS = 3
OPENING = 30  # YX-9
NEAR = 50  # YX-12: "within 50 points of going out"
SINGLE = {1: 10, 5: 5}  # YX-1
TRIPLE = {1: 30, 2: 20, 3: 30, 4: 40, 5: 50, 6: 60}  # YX-2
FOUR_OF_A_KIND = 250  # YX-2 (inferred value)
ALL_COUNT = 100
TWO_TRIPLETS = 150
SMALL_STRAIGHT = 150  # 1-5 or 2-6
LARGE_STRAIGHT = 200  # 1-6
TARGETS = (2000, 1500, 1000)  # YX-11

Counts = tuple[int, int, int, int, int, int]


def counts_of(dice: Iterable[int]) -> Counts:
    """How many dice show each face 1..6.

    >>> counts_of([1, 1, 2, 3, 5, 5])
    (2, 1, 1, 0, 2, 0)
    """
    c = [0] * 6
    for d in dice:
        c[d - 1] += 1
    return tuple(c)  # type: ignore[return-value]


def _minus(c: Counts, face: int, n: int = 1) -> Counts:
    lst = list(c)
    lst[face - 1] -= n
    return tuple(lst)  # type: ignore[return-value]


@cache
def _best(c: Counts, cover: bool) -> int:
    """The best count of the dice ``c`` by premiums and single 1s and 5s (YX-3).

    With ``cover`` every die must count (-1 when that is impossible). The die of the
    lowest face showing is either left uncounted (not when ``cover``) or counted in one
    of the groups that can hold it; the rest is counted the same way.
    """
    f = next((i + 1 for i in range(6) if c[i]), 0)
    if not f:
        return 0
    options = []
    if not cover:
        options.append(_best(_minus(c, f), False))

    def add(value: int, rest: Counts) -> None:
        sub = _best(rest, cover)
        if sub >= 0:
            options.append(value + sub)

    if f in SINGLE:
        add(SINGLE[f], _minus(c, f))
    n = c[f - 1]
    if n >= 3:
        add(TRIPLE[f], _minus(c, f, 3))
        for g in range(f, 7):
            need = 6 if g == f else 3
            if (c[g - 1] if g != f else n) >= need:
                add(TWO_TRIPLETS, _minus(_minus(c, f, 3), g, 3))
    if n >= 4:
        add(FOUR_OF_A_KIND, _minus(c, f, 4))
    if f == 1 and all(c[:5]):
        rest = (*(x - 1 for x in c[:5]), c[5])
        add(SMALL_STRAIGHT, rest)  # type: ignore[arg-type]
        if c[5]:
            add(LARGE_STRAIGHT, tuple(x - 1 for x in c))  # type: ignore[arg-type]
    if f == 2 and all(c[1:]):
        add(SMALL_STRAIGHT, (0, *(x - 1 for x in c[1:])))  # type: ignore[arg-type]
    return max(options, default=-1)


def singles(dice: Iterable[int]) -> int:
    """The 1s and 5s alone (YX-1): what a second or third roll scores.

    >>> singles([1, 5, 5, 2, 2, 2])
    20
    """
    return sum(SINGLE.get(d, 0) for d in dice)


def all_count(dice: Iterable[int]) -> bool:
    """Whether every one of six dice counts in one way of counting them (YX-2, YX-3).

    >>> all_count([1, 2, 2, 2, 5, 5]), all_count([1, 1, 2, 3, 5, 5])
    (True, False)
    """
    dice = tuple(dice)
    return len(dice) == DICE and _best(counts_of(dice), True) >= 0


@cache
def _score(dice: tuple[int, ...], first: bool) -> int:
    if not first:
        return singles(dice)
    c = counts_of(dice)
    best = _best(c, False)
    if len(dice) == DICE and _best(c, True) >= 0:
        best = max(best, ALL_COUNT)
    return best


def score(dice: Iterable[int], *, first: bool = True) -> int:
    """The value of a roll: the highest total over non-overlapping ways to count it,
    or 100 if all six dice count, whichever is higher (YX-1 to YX-4). Premiums count
    only in the first roll of a turn (``first``); later rolls score their 1s and 5s.

    >>> score([1, 1, 2, 3, 5, 5])  # the source's example: 10 + 10 + 5 + 5
    30
    >>> score([1, 2, 2, 2, 5, 5])  # 40 counted piece by piece, but all six count
    100
    >>> score([1, 2, 3, 4, 5, 6]), score([2, 3, 4, 5, 6, 6]), score([1, 2, 3, 4, 5, 5])
    (200, 150, 155)
    >>> score([4, 4, 4, 4, 2, 3]), score([1, 1, 1, 1, 1, 1]), score([3, 3, 3, 6, 6, 6])
    (250, 270, 150)
    >>> score([2, 3, 4, 6, 6, 2]), score([5, 5, 5, 2], first=False)
    (0, 15)
    """
    return _score(tuple(sorted(dice)), first)


def has_premium(dice: Iterable[int]) -> bool:
    """Whether a roll shows a premium other than "all count" (a triple or more, or a
    five-dice straight), the rolls variation L forbids near the target (YX-12).

    >>> has_premium([2, 2, 2, 1]), has_premium([2, 3, 4, 5, 6]), has_premium([1, 5, 5])
    (True, True, False)
    """
    c = counts_of(dice)
    return max(c) >= 3 or all(c[:5]) or all(c[1:])


def keep_value(
    roll: Iterable[int], kept: Iterable[int], *, first: bool = True, premiums: bool = True
) -> int | None:
    """The points of the dice ``kept`` out of ``roll``, or None when they cannot all be
    set aside: every set-aside die must count (YX-6), premiums only in a first roll
    (YX-7), "all count" only when all six dice of the roll are kept.

    >>> keep_value([1, 1, 2, 3, 5, 5], [1, 1, 5])
    25
    >>> keep_value([1, 2, 2, 2, 5, 5], [1, 2, 2, 2, 5, 5]), keep_value([2, 2, 2, 3], [2, 2])
    (100, None)
    >>> keep_value([5, 5, 5, 4], [5, 5, 5]), keep_value([5, 5, 5, 4], [5, 5, 5], first=False)
    (50, 15)
    """
    roll, kept = tuple(sorted(roll)), tuple(sorted(kept))
    return _keeps(roll, first and premiums).get(kept)


@cache
def _keeps(roll: tuple[int, ...], first: bool) -> Mapping[tuple[int, ...], int]:
    """Every set of dice that may be set aside from a sorted roll, with its points
    (read-only: the cache shares it between every state with the same roll)."""
    c = counts_of(roll)
    out: dict[tuple[int, ...], int] = {}
    for sub in product(*(range(n + 1) for n in c)):
        if not any(sub):
            continue
        kept = tuple(f + 1 for f in range(6) for _ in range(sub[f]))
        if first:
            v = _best(sub, True)  # type: ignore[arg-type]
            if v >= 0 and sub == c and len(roll) == DICE:
                v = max(v, ALL_COUNT)
        else:
            v = singles(kept) if all(d in SINGLE for d in kept) else -1
        if v > 0:
            out[kept] = v
    return MappingProxyType(dict(sorted(out.items(), key=lambda kv: (len(kv[0]), kv[0]))))


# ------------------------------------------------------------------------ moves


@lru_cache(maxsize=4096)
def _dice_str(dice: tuple[int, ...]) -> str:
    return " ".join(map(str, dice))


def die_token(i: int) -> str:
    """How the board names the ``i``-th die (from 0) of the roll on the table, which
    lies sorted, left to right: ``die 1`` to ``die 6``."""
    return f"die {i + 1}"


@lru_cache(maxsize=4096)
def _keep_picks(rolled: tuple[int, ...], kept: tuple[int, ...]) -> tuple[str, ...]:
    """The dice of the sorted ``rolled`` that a sorted ``kept`` sets aside: for each
    face, the first dice showing it (empty when the roll does not show them)."""
    out, i = [], 0
    for d in kept:
        while i < len(rolled) and rolled[i] < d:
            i += 1
        if i == len(rolled) or rolled[i] != d:
            return ()
        out.append(die_token(i))
        i += 1
    return tuple(out)


def _sort_dice(move: Dice | Keep) -> None:
    """Store a move's dice as a sorted tuple, the order its text shows them in.

    >>> Keep([5, 1])
    Keep(dice=(1, 5))
    >>> Keep((1, True))
    Traceback (most recent call last):
    ...
    TypeError: the dice are whole numbers, not (1, True)
    """
    dice = tuple(move.dice)
    if not all(type(d) is int for d in dice):
        raise TypeError(f"the dice are whole numbers, not {shorten(repr(move.dice))}")
    object.__setattr__(move, "dice", tuple(sorted(dice)))


@dataclass(frozen=True)
class Dice(Move):
    """Chance: the dice rolled, sorted (``roll 1 1 2 3 5 5``)."""

    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        _sort_dice(self)

    def __str__(self) -> str:
        return f"roll {_dice_str(self.dice)}"


@dataclass(frozen=True)
class Keep(Move):
    """Set scoring dice aside from the roll on the table (``keep 1 1 5``); the dice
    are kept sorted, so ``Keep((5, 1)) == Keep((1, 5))``."""

    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        _sort_dice(self)

    def __str__(self) -> str:
        return f"keep {_dice_str(self.dice)}".rstrip()


@dataclass(frozen=True)
class Roll(Move):
    """Roll every die not set aside (``roll``): the first roll of a turn or the next."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class RollSome(Move):
    """Variation L near the target: roll only ``n`` of the dice (``roll 2 dice``)."""

    n: int

    def __post_init__(self) -> None:
        if type(self.n) is not int:
            raise TypeError(f"the dice to roll are a whole number, not {shorten(repr(self.n))}")

    def __str__(self) -> str:
        return f"roll {self.n} dice" if self.n != 1 else "roll 1 die"


@dataclass(frozen=True)
class Bank(Move):
    """Stop and score the turn's total (``bank``)."""

    def __str__(self) -> str:
        return "bank"


@dataclass(frozen=True)
class GoForIt(Move):
    """Take the last banked turn's set-aside dice and roll its leftover dice (YX-10)."""

    def __str__(self) -> str:
        return "go for it"


ROLL, BANK, GO = Roll(), Bank(), GoForIt()

# The board pieces that the moves other than keeps pick (see YahtzixState.picks).
CUP, TURN_TOTAL, OFFER = "cup", "turn total", "offer"
_BUTTON_PICKS: dict[type, tuple[str, ...]] = {
    Roll: (CUP,),
    Bank: (TURN_TOTAL,),
    GoForIt: (OFFER,),
}


@cache
def _outcomes(n: int) -> tuple[tuple[Dice, ...], list[tuple[Move, int]], list[int], int]:
    """Chance outcomes of ``n`` dice: sorted multisets with multinomial weights, and
    the weights' running totals and sum (for sampling by bisection)."""
    moves, pairs, cum, total = [], [], [], 0
    for dice in combinations_with_replacement(range(1, 7), n):
        w = factorial(n)
        for k in counts_of(dice):
            w //= factorial(k)
        m = Dice(dice)
        moves.append(m)
        pairs.append((m, w))
        total += w
        cum.append(total)
    return tuple(moves), pairs, cum, total


@cache
def _keep_moves(roll: tuple[int, ...], first: bool) -> tuple[tuple[Keep, ...], Mapping[Keep, int]]:
    """The keeps of a sorted roll, in order, and each keep's points (read-only: shared
    by every state with the same roll)."""
    values = {Keep(k): v for k, v in _keeps(roll, first).items()}
    return tuple(values), MappingProxyType(values)


@cache
def _turn_moves(some: int, bank: bool, go: bool) -> tuple[Move, ...]:
    """A decision's moves: roll, or roll 1 to ``some - 1`` of the dice (variation L),
    then bank or go for it."""
    return (ROLL, *(RollSome(k) for k in range(1, some)), *((BANK,) * bank), *((GO,) * go))


_DICE_RE = re.compile(r"^[1-6](?:[ ,]+[1-6])*$")


def parse_move(text: str) -> Move:
    """Read a move from its text form (``ValueError`` if it is none).

    >>> parse_move("keep 1, 1, 5"), parse_move("roll 2 dice"), parse_move("go for it")
    (Keep(dice=(1, 1, 5)), RollSome(n=2), GoForIt())
    """
    t = " ".join(text.strip().lower().split())
    if t == "roll":
        return ROLL
    if t == "bank":
        return BANK
    if t in ("go for it", "go"):
        return GO
    m = re.fullmatch(r"roll (\d{1,3}) (?:dice|die)", t)
    if m:
        return RollSome(int(m.group(1)))
    word, _, rest = t.partition(" ")
    if word in ("roll", "keep") and (rest == "" or _DICE_RE.match(rest)):
        dice = tuple(int(x) for x in re.findall(r"[1-6]", rest))
        return Dice(dice) if word == "roll" else Keep(dice)
    raise ValueError(f"not a Yahtzix move: {shorten(text)!r}")
