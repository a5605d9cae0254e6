"""Spite and Malice's pieces and notation: the cards as codes, the moves and their text.

Everything here is read without a position: the counts of the deal, the ranks a joker
may stand for, the order a hand is shown in, the move classes (:class:`Play`,
:class:`Place`, :class:`Stuck`) with their text forms, the tables of the moves the
engine lists (made once, looked up), and the reading of a move's text. The rules (what
is legal, what a move does) are in :mod:`gamebox.games.spite_and_malice.rules`.

Cards are stored by their codes of :mod:`gamebox.components` (``card_code``; the joker
is ``JOKER_CODE``) so that a state copies fast; the text forms use the card notation.
Moves read like this: ``A♠ → new stack``, ``5♥ → stack 2`` (from the hand),
``JK as 5 → stack 2``, ``row 3: 9♣ → stack 1``, ``pay-off: 6♦ → stack 2``,
``9♣ → row 3`` (the card that ends the turn) and ``stuck``.

>>> parse_move("row 3: 9c -> stack 1"), rank_name(8), rank_symbol(12)
(Play('row 3: 9♣ → stack 1'), 'an 8', 'Q')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from gamebox.components import (
    CODE_RANK,
    CODE_SUIT,
    CODE_TEXT,
    CODED,
    JOKER_CODE,
    Card,
    Rank,
    Suit,
    card_code,
)
from gamebox.core import Move

# ------------------------------------------------------------------------ cards

HAND_SIZE = 5  # SM-2
PAYOFF_SIZE = 26  # SM-2
ROWS = 4  # SM-4
KING = 13
#: The most centre stacks there can be at once: one per ace of the two decks (SM-6).
MAX_STACKS = 8
#: The ranks a joker may stand for (SM-8): anything but ace, 2, 7 and king.
JOKER_RANKS = frozenset({3, 4, 5, 6, 8, 9, 10, 11, 12})
#: ``RANK[code]``: 1 (ace) to 13 (king), 0 for the joker.
RANK = CODE_RANK

_SUITS = list(Suit)
#: The order a hand is shown and its moves are listed in: by rank, then suit (bridge
#: order), the joker first.
SHOWN: tuple[int, ...] = tuple(
    0 if suit is None else 4 * rank + _SUITS.index(suit)
    for rank, suit in zip(CODE_RANK, CODE_SUIT, strict=True)
)


def in_hand_order(codes: Iterable[int]) -> list[int]:
    """Cards in the order a hand is shown: by rank, then suit, the joker first.

    >>> from gamebox.components import card_codes, codes_text
    >>> codes_text(in_hand_order(card_codes("Q♣ 5♥ JK 5♣ A♠")))
    'JK A♠ 5♣ 5♥ Q♣'
    """
    return sorted(codes, key=SHOWN.__getitem__)


_RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def rank_name(n: int) -> str:
    """``rank_name(8) == 'an 8'``, ``rank_name(12) == 'a queen'``."""
    word = _RANK_NAMES.get(n, str(n))
    return ("an " if word[0] in "a8" else "a ") + word


def rank_symbol(n: object) -> str:
    """``rank_symbol(12) == 'Q'``; anything that is no rank is written as it is."""
    if type(n) is int and 1 <= n <= KING:
        return Rank(n).symbol
    return str(n)


def _card_text(code: int | None) -> str:
    """How a move writes its card: ``5♥``, ``JK``, or ``<no card>`` for anything else."""
    return "<no card>" if code is None else CODE_TEXT[code]


def _code_of(card: object) -> int | None:
    """The code of ``card`` if it is a card of the game (a joker included), else None."""
    if not isinstance(card, Card):
        return None
    try:
        return card_code(card)
    except KeyError:  # a Card built with a rank or suit that does not exist
        return None


# ------------------------------------------------------------------------ moves

HAND = 0  # Play.source: 0 = hand, 1-4 = a row, 5 = the pay-off pile
PAYOFF = 5
NEW = 0  # Play.stack: 0 = start a new stack, 1.. = a stack in the centre


@dataclass(frozen=True)
class Play(Move):
    """A card to the centre: from the hand (``source`` 0), a row top (1-4) or the pay-off
    up-card (5), onto stack ``stack`` (1-based) or a new stack (0). A joker names the rank
    it stands for in ``as_rank``. ``code`` is the card's code (None if ``card`` is no
    card of the game)."""

    card: Card
    source: int = HAND
    stack: int = NEW
    as_rank: int = 0
    code: int | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", _code_of(self.card))

    def __str__(self) -> str:
        if self.source == PAYOFF:
            where = "pay-off: "
        elif self.source != HAND:
            where = f"row {self.source}: "
        else:
            where = ""
        joker = f" as {rank_symbol(self.as_rank)}" if self.as_rank else ""
        to = "new stack" if self.stack == NEW else f"stack {self.stack}"
        return f"{where}{_card_text(self.code)}{joker} → {to}"

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"


@dataclass(frozen=True)
class Place(Move):
    """A card from the hand onto one of your rows (1-4): this ends the turn (SM-10).
    ``code`` is the card's code (None if ``card`` is no card of the game)."""

    card: Card
    row: int
    code: int | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", _code_of(self.card))

    def __str__(self) -> str:
        return f"{_card_text(self.code)} → row {self.row}"

    def __repr__(self) -> str:
        return f"Place({str(self)!r})"


@dataclass(frozen=True)
class Stuck(Move):
    """No legal move at all: the turn passes (SM-12)."""

    def __str__(self) -> str:
        return "stuck"

    def __repr__(self) -> str:
        return "Stuck()"


STUCK = Stuck()

#: How the board names the pay-off up-card of the player to move (see ``State.picks``).
PAYOFF_TOKEN = "pay-off"


def row_token(row: int) -> str:
    """How the board names a row (1-4) of the player to move: ``row 3``."""
    return f"row {row}"


def stack_token(stack: int) -> str:
    """How the board names a centre stack (1-based): ``stack 2``."""
    return f"stack {stack}"


# Moves are values: the ones the engine lists are made once, here, and looked up.
#: ``PLAYS[source][stack][code]``: a card as itself to a stack (0 = a new one).
PLAYS: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(tuple(Play(card, source, stack) for card in CODED) for stack in range(MAX_STACKS + 1))
    for source in range(PAYOFF + 1)
)
#: ``JOKER_PLAYS[stack][rank]``: the joker from the hand, standing for ``rank``.
JOKER_PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(CODED[JOKER_CODE], HAND, stack, rank) for rank in range(KING + 1))
    for stack in range(MAX_STACKS + 1)
)
#: ``PLACES[row - 1][code]``: a hand card onto a row.
PLACES: tuple[tuple[Place, ...], ...] = tuple(
    tuple(Place(card, row) for card in CODED) for row in range(1, ROWS + 1)
)
#: ``SHOWN_ORDER(code)``: the place of a card in a hand as it is shown (``SHOWN`` as
#: a list, whose bound ``__getitem__`` is a fast sort key).
SHOWN_ORDER = list(SHOWN).__getitem__
#: No rank held yet, a flag per rank (a list of them is filled in, card by card).
NONE_HELD = (False,) * (KING + 1)
#: ``JOKER_STANDS[rank]``: whether a joker may stand for ``rank`` (SM-8).
JOKER_STANDS: tuple[bool, ...] = tuple(rank in JOKER_RANKS for rank in range(KING + 1))
#: What an empty row shows in ``_legal_moves``: a rank above the king, so it takes any
#: card and no stack needs it.
EMPTY_ROW = KING + 1
#: ``PAIR_TAKING[a][b][rank]``: which of two rows, showing the ranks ``a`` and ``b``,
#: take a card of ``rank`` (SM-5: a row showing ``low`` takes 3 to ``low``; none takes an
#: ace, a 2 or the joker, rank 0): bit 0 for the first row, bit 1 for the second.
PAIR_TAKING: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple((3 <= rank <= a) | (3 <= rank <= b) << 1 for rank in range(KING + 1))
        for b in range(EMPTY_ROW + 1)
    )
    for a in range(EMPTY_ROW + 1)
)
#: ``PLACES_ON[first][second][code]``: a hand card onto the rows that take it, in row
#: order: of rows 1 and 2, those of the bits ``first`` (``PAIR_TAKING`` of rows 1 and
#: 2); of rows 3 and 4, those of ``second``.
PLACES_ON: tuple[tuple[tuple[tuple[Place, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(
            tuple(PLACES[r][c] for r in range(ROWS) if (first | second << 2) >> r & 1)
            for c in range(len(CODED))
        )
        for second in range(4)
    )
    for first in range(4)
)


def play_move(code: int, source: int, stack: int, as_rank: int = 0) -> Play:
    """The play of the card ``code`` from ``source`` to ``stack`` (``as_rank`` for a
    joker), the same object the engine lists among the legal moves.

    >>> play_move(card_code("JK"), HAND, 2, 5), play_move(card_code("9♣"), 3, 1)
    (Play('JK as 5 → stack 2'), Play('row 3: 9♣ → stack 1'))
    """
    if as_rank:
        return JOKER_PLAYS[stack][as_rank]
    return PLAYS[source][stack][code]


_MOVE_RE = re.compile(
    r"^\s*(?:(?P<src>pay-?off|row\s*(?P<srow>\d+))\s*:\s*)?(?P<card>\S+)"
    r"(?:\s+as\s+(?P<as>\w+))?\s*(?:→|->)\s*"
    r"(?P<to>new\s+stack|stack\s*(?P<stack>\d+)|row\s*(?P<row>\d+))\s*$",
    re.IGNORECASE,
)


def parse_move(text: str) -> Move:
    """Read a move from its text form; anything else raises ``ValueError``.

    >>> parse_move("JK as 5 -> stack 2"), parse_move("row 3: 9♣ → stack 1")
    (Play('JK as 5 → stack 2'), Play('row 3: 9♣ → stack 1'))
    >>> parse_move("9c → row 4"), parse_move("stuck")
    (Place('9♣ → row 4'), Stuck())
    """
    if not isinstance(text, str):
        raise ValueError(f"a move is text, not {type(text).__name__}")
    if text.strip().lower() in ("stuck", "pass"):
        return STUCK
    m = _MOVE_RE.match(text)
    if m is None:
        raise ValueError(f"not a Spite and Malice move: {text!r}")
    card = Card.parse(m["card"])
    src = m["src"]
    source = HAND if src is None else int(m["srow"]) if m["srow"] else PAYOFF
    if m["srow"] and not 1 <= source <= ROWS:
        raise ValueError(f"there is no row {source}: your rows are 1 to {ROWS} (SM-4)")
    as_rank = int(Rank.parse(m["as"])) if m["as"] else 0
    if m["row"] is not None:
        if src is not None or as_rank:
            raise ValueError(f"only a card from the hand, as itself, goes on a row: {text!r}")
        return Place(card, int(m["row"]))
    stack = int(m["stack"]) if m["stack"] else NEW
    return Play(card, source, stack, as_rank)
