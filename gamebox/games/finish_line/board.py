"""Finish Line's board: the dealt cards along the path, and the book's sample board.

A :class:`Board` holds the cards in path order with everything the rules read from them
(each square's row, column and wing, its rank, colour and special card, the ladders and
chutes, where a stop value halts a marker). :func:`deal` lays out a shuffled deck (FL-1,
FL-2); :func:`sample_board` is the fixed board of the book's worked examples. The position
is in :mod:`gamebox.games.finish_line.position`, the rules in
:mod:`gamebox.games.finish_line.rules`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import ClassVar

from gamebox.components import Card, Rank, Suit, standard_deck
from gamebox.games.finish_line.moves import ROWS, SPECIAL_OF, advance_tables
from gamebox.rng import Rng


class Board:
    """The dealt cards along the path, with everything derived from them.

    ``cards[0]`` is ``None`` (the imaginary start); ``cards[1:]`` follow the path.
    """

    __slots__ = (
        "_key",
        "advances",
        "cards",
        "chute",
        "col",
        "finish",
        "ladder",
        "length",
        "rank",
        "red",
        "row",
        "safe",
        "special",
        "stop_next",
        "undealt",
        "wing",
    )  # fmt: skip

    _cache: ClassVar[dict[tuple, Board]] = {}

    def __init__(self, cards: Sequence[Card], length: int, undealt: Sequence[Card] = ()) -> None:
        n = ROWS * (length + 1)
        if len(cards) != n:
            raise ValueError(f"a board of rows of {length} has {n} cards, not {len(cards)}")
        self.cards: tuple[Card | None, ...] = (None, *cards)
        self.undealt = tuple(undealt)
        self.length = length
        self.finish = n
        self.row, self.col, self.wing = row, col, wing = _geometry(length)
        # one pass over the cards: each square's rank (0: a joker or the start), colour,
        # safety (a wing or a joker, FL-4) and special card, and the squares of each rank
        rank, red, safe = [0] * (n + 1), [False] * (n + 1), [True] * (n + 1)
        where: list[list[int]] = [[] for _ in range(14)]
        for sq, c in enumerate(cards, 1):
            if c.rank is not None:
                rank[sq] = int(c.rank)
                red[sq] = c.suit is _HEARTS or c.suit is _DIAMONDS
                safe[sq] = wing[sq]
            where[rank[sq]].append(sq)
        self.rank, self.red, self.safe = tuple(rank), tuple(red), tuple(safe)
        self.special = tuple(map(_SPECIAL_BY_RANK.__getitem__, rank))
        ladder = [-1] * (n + 1)
        chute = [-1] * (n + 1)
        for sq in where[Rank.KING]:
            if not wing[sq] and row[sq] < ROWS - 1:
                ladder[sq] = self.square(row[sq] + 1, col[sq])
        for sq in where[Rank.ACE]:
            if not wing[sq]:
                chute[sq] = self.square(row[sq] - 1, col[sq]) if row[sq] > 0 else 0
        self.ladder = tuple(ladder)
        self.chute = tuple(chute)
        # stop_next[stop][sq]: the first square after sq whose card has rank ``stop``
        # (n + 1 if none): where a marker moving from sq halts (FL-7)
        table = []
        for squares in where[:13]:
            nxt: list[int] = []
            for sq in squares:
                nxt += [sq] * (sq - len(nxt))
            nxt += [n + 1] * (n + 1 - len(nxt))
            table.append(tuple(nxt))
        self.stop_next = tuple(table)
        self.advances = advance_tables(n)
        self._key = (self.cards, length, self.undealt)

    @classmethod
    def of(cls, cards: Sequence[Card], length: int, undealt: Sequence[Card] = ()) -> Board:
        """A board, shared between states with the same cards (a hand-set or loaded
        position; a deal makes its own)."""
        key = ((None, *cards), length, tuple(undealt))
        board = cls._cache.get(key)
        if board is None:
            if len(cls._cache) > 4096:
                cls._cache.clear()
            board = cls._cache[key] = cls(cards, length, undealt)
        return board

    def square(self, row: int, col: int) -> int:
        """The path square of the card in ``row`` (0 = bottom) and ``col`` (0 = left)."""
        k = self.length - 1 - col if row % 2 == 0 else col
        return row * (self.length + 1) + 1 + k

    def card(self, sq: int) -> Card | None:
        return self.cards[sq]

    @property
    def finish_card(self) -> Card:
        return self.cards[self.finish]

    def name(self, sq: int) -> str:
        """``'8♦ (4)'``, ``'the start'``, ``'the finish (7♥)'``."""
        if sq <= 0:
            return "the start"
        if sq == self.finish:
            return f"the finish ({self.cards[sq]})"
        return f"{self.cards[sq]} ({sq})"

    def wing_squares(self) -> list[int]:
        return [sq for sq in range(1, self.finish + 1) if self.wing[sq]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)


#: The 54 cards, unshuffled.
_DECK = tuple(standard_deck(jokers=2))
#: The red suits (FL-10: a card's colour picks the die that makes it act).
_HEARTS, _DIAMONDS = Suit.HEARTS, Suit.DIAMONDS
#: The special card of each rank (0: a joker or the start).
_SPECIAL_BY_RANK = tuple(SPECIAL_OF.get(r, "") if r else "" for r in range(14))


@functools.cache
def _geometry(length: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...]]:
    """Each path square's row (0 = bottom), column (0 = left; -1 for a wing or the start)
    and whether it is a wing, on a board of rows of ``length``."""
    n = ROWS * (length + 1)
    row, col, wing = [-1] * (n + 1), [-1] * (n + 1), [False] * (n + 1)
    for sq in range(1, n + 1):
        r, k = divmod(sq - 1, length + 1)
        row[sq] = r  # a wing after row r: left when r is even
        if k == length:
            wing[sq] = True
        else:
            col[sq] = length - 1 - k if r % 2 == 0 else k
    return tuple(row), tuple(col), tuple(wing)


def is_wing_card(card: Card) -> bool:
    """FL-1: a wing card is a 3 to 10 (no face card, ace, two or joker)."""
    return card.rank is not None and 3 <= card.rank <= 10


def deal(rng: Rng, length: int = 8) -> tuple[Board, list[tuple[str, str, int]]]:
    """Shuffle the 54 cards and deal a board (FL-1, FL-2).

    The six wings come first, in path order; a face card, ace, two or joker dealt to
    a wing goes back into the middle of the deck and the next card is dealt instead.
    The rows follow in path order. Returns the board and a log of the deal:
    ``("wing", card, square)``, ``("back", card, square)`` (put back into the middle)
    and ``("row", card, square)``.

    >>> board, log = deal(Rng(3))
    >>> all(is_wing_card(board.card(sq)) for sq in board.wing_squares())
    True
    >>> len(board.cards) - 1 + len(board.undealt)
    54
    """
    log: list[tuple[str, str, int]] = []
    return deal_board(rng, length, log), log


def deal_board(rng: Rng, length: int, log: list[tuple[str, str, int]] | None) -> Board:
    """The board of :func:`deal`, writing the log only if ``log`` is a list (a game's
    start keeps none)."""
    deck = list(_DECK)
    rng.shuffle(deck)
    n = ROWS * (length + 1)
    slots: list[Card | None] = [None] * (n + 1)
    for sq in range(length + 1, n + 1, length + 1):
        for _ in range(200):
            card = deck.pop(0)
            if is_wing_card(card):
                slots[sq] = card
                if log is not None:
                    log.append(("wing", str(card), sq))
                break
            deck.insert(len(deck) // 2, card)
            if log is not None:
                log.append(("back", str(card), sq))
        else:  # pragma: no cover - 32 of the 54 cards are wing cards
            raise RuntimeError("no wing card found")
    rows, deck = deck[: n - ROWS], deck[n - ROWS :]  # the rows in path order; the rest: undealt
    for r in range(ROWS):
        first = r * (length + 1) + 1
        slots[first : first + length] = rows[r * length : (r + 1) * length]
        if log is not None:
            log.extend(("row", str(slots[sq]), sq) for sq in range(first, first + length))
    return Board(slots[1:], length, deck)


# ---------------------------------------------------------------- the sample board

#: The book's fixed board (path order, squares 1 to 54): it satisfies every worked
#: example of the source (see :func:`sample_board_problems`).
_SAMPLE_ROWS = (
    "7♠ A♥ 6♣ 8♦ 9♣ JK Q♠ A♠ 9♠",  # row 1 (right to left), lower left wing
    "K♦ 5♠ K♥ 4♠ 3♥ 10♦ 5♥ 3♦ 6♥",  # row 2 (left to right), lower right wing
    "2♠ Q♥ A♦ 3♠ 6♦ J♦ 8♥ 4♥ 10♥",  # row 3, middle left wing
    "3♣ 10♣ J♠ 7♣ 9♥ 4♦ Q♦ A♣ 5♣",  # row 4, middle right wing
    "K♣ 2♥ 6♠ K♠ 4♣ J♥ JK 2♦ 8♠",  # row 5, upper left wing
    "Q♣ 9♦ 5♦ J♣ 7♦ 2♣ 10♠ 8♣ 7♥",  # row 6, the finish
)
SAMPLE_BOARD = [card for row in _SAMPLE_ROWS for card in row.split()]


def sample_board() -> Board:
    return Board.of([Card.parse(t) for t in SAMPLE_BOARD], 8)


def sample_board_problems(board: Board) -> list[str]:
    """Every constraint that the worked examples put on the sample board (see the
    rulings), checked; returns what fails (an empty list: all hold).

    >>> sample_board_problems(sample_board())
    []
    """
    out: list[str] = []
    where = {str(c): sq for sq, c in enumerate(board.cards) if c is not None}

    def need(ok: bool, what: str) -> None:
        if not ok:
            out.append(what)

    names = sorted(str(c) for c in board.cards[1:]) + [str(c) for c in board.undealt]
    need(sorted(names) == sorted(str(c) for c in standard_deck(jokers=2)), "all 54 cards")
    need(board.length == 8, "six rows of eight")
    for sq in board.wing_squares():
        need(is_wing_card(board.cards[sq]), f"wing {sq} is 3-10 (FL-1)")
    for text, sq in (("7♠", 1), ("A♠", 8), ("9♠", 9), ("K♦", 10), ("3♦", 17), ("6♥", 18),
                     ("7♥", 54), ("A♥", 2)):  # fmt: skip
        need(where.get(text) == sq, f"{text} on square {sq}")
    need(board.wing[9] and board.wing[18] and board.finish == 54, "wings at 9, 18, finish 54")
    eight = where["8♦"]
    need(3 <= eight <= 6, "8♦ on squares 3-6")
    need(all(board.rank[sq] != 8 for sq in range(1, eight)), "no 8 before 8♦")
    need(eight == 4, "8♦ four squares from the start (two fours)")
    three, queen = where["3♥"], where["Q♥"]
    need(queen - three == 6, "3♥ six squares before Q♥")
    need(all(board.rank[sq] != 7 for sq in range(three + 1, queen)), "no 7 between 3♥ and Q♥")
    need(where["K♥"] - where["5♠"] == 1, "5♠ directly before K♥")
    need(three < 18 and where["5♠"] < 18 and where["K♥"] < 18 < queen, "K♥ < 6♥ (18) < Q♥")
    ten = where["10♠"]
    dist = board.finish - ten
    need(dist not in (3, 4) and dist < 6 and dist <= 4, "10♠: 3 or 4 not exact, 6 overshoots")
    need(all(board.rank[sq] not in (7, 12) for sq in range(ten + 1, board.finish)),
         "no 7 and no queen between 10♠ and the finish")  # fmt: skip
    order = [where[t] for t in ("8♥", "J♠", "4♦", "K♠")]
    need(order == sorted(order), "8♥ < J♠ < 4♦ < K♠")
    need(where["J♠"] < where["2♥"] < min(where["10♠"], where["9♦"]), "J♠ < 2♥ < 10♠, 9♦")
    need(not board.safe[where["4♦"]] and not board.safe[where["2♥"]], "4♦, 2♥ not safeties")
    return out
