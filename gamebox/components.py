"""The game box: playing cards, Skip-Bo cards, dominoes and dice.

Every component is a small frozen value with a short text form that parses back.

>>> Card.parse("10♠"), Card.parse("qh"), Card.parse("JK")
(Card('10♠'), Card('Q♥'), Card('JK'))
>>> Card.parse("10♠").colour, Card.parse("Q♥").is_face, Card.parse("JK").colour
(<Colour.BLACK: 'black'>, True, None)
>>> len(standard_deck(jokers=2)), len(standard_deck(decks=3, jokers=2))
(54, 162)
>>> Domino(3, 9), Domino.parse("[9:3]") == Domino(9, 3), Domino(4, 4).is_double
(Domino('[9:3]'), True, True)
>>> len(domino_set(9)), len(domino_set(9, sets=2))
(55, 110)
>>> SkipBoCard.parse("SB"), SkipBoCard(7), len(skip_bo_deck())
(SkipBoCard('SB'), SkipBoCard('7'), 168)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum

# --------------------------------------------------------------------------- cards


class Colour(Enum):
    BLACK = "black"
    RED = "red"


class Suit(Enum):
    """The four suits, in bridge order. The value is the suit's symbol."""

    CLUBS = "♣"
    DIAMONDS = "♦"
    HEARTS = "♥"
    SPADES = "♠"

    @property
    def colour(self) -> Colour:
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK

    @property
    def letter(self) -> str:
        return self.name[0]

    @classmethod
    def parse(cls, text: str) -> Suit:
        for suit in cls:
            if text in (suit.value, suit.letter, suit.letter.lower()):
                return suit
        raise ValueError(f"not a suit: {text!r}")


class Rank(IntEnum):
    """Ranks from ace (1) to king (13); jokers have no rank."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]

    @property
    def is_face(self) -> bool:
        return self >= Rank.JACK

    @classmethod
    def parse(cls, text: str) -> Rank:
        text = text.upper()
        for rank, symbol in _RANK_SYMBOLS.items():
            if text == symbol or (text == "T" and rank == Rank.TEN):
                return rank
        raise ValueError(f"not a rank: {text!r}")


_RANK_SYMBOLS = {r: {1: "A", 11: "J", 12: "Q", 13: "K"}.get(int(r), str(int(r))) for r in Rank}
JOKER_TEXT = "JK"


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card, or a joker (``rank`` and ``suit`` both ``None``)."""

    rank: Rank | None
    suit: Suit | None

    @classmethod
    def joker(cls) -> Card:
        return _JOKER

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def colour(self) -> Colour | None:
        return None if self.suit is None else self.suit.colour

    @property
    def is_face(self) -> bool:
        return self.rank is not None and self.rank.is_face

    @property
    def is_number(self) -> bool:
        """2 to 10."""
        return self.rank is not None and 2 <= self.rank <= 10

    def __str__(self) -> str:
        if self.rank is None:
            return JOKER_TEXT
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def name(self) -> str:
        """The card's name in words, for screen readers: ``'ten of spades'``."""
        if self.rank is None:
            return "joker"
        return f"{_RANK_WORDS[self.rank]} of {self.suit.name.lower()}"

    @classmethod
    def parse(cls, text: str) -> Card:
        text = text.strip()
        if text.upper() in (JOKER_TEXT, "JOKER", "🃏"):
            return _JOKER
        if len(text) < 2:
            raise ValueError(f"not a card: {text!r}")
        return _card(Rank.parse(text[:-1]), Suit.parse(text[-1]))

    # ordering for sorting hands: jokers last
    def sort_key(self) -> tuple[int, int]:
        if self.rank is None:
            return (99, 0)
        return (int(self.rank), list(Suit).index(self.suit))


_RANK_WORDS = {
    Rank.ACE: "ace", Rank.TWO: "two", Rank.THREE: "three", Rank.FOUR: "four",
    Rank.FIVE: "five", Rank.SIX: "six", Rank.SEVEN: "seven", Rank.EIGHT: "eight",
    Rank.NINE: "nine", Rank.TEN: "ten", Rank.JACK: "jack", Rank.QUEEN: "queen",
    Rank.KING: "king",
}  # fmt: skip

# Interned cards: ``Card.parse`` and the decks hand out these very objects, so
# identity comparison is cheap and a deck of 324 cards holds 53 distinct objects.
_JOKER = Card(None, None)
_CARDS = {(r, s): Card(r, s) for r in Rank for s in Suit}


def _card(rank: Rank, suit: Suit) -> Card:
    return _CARDS[(rank, suit)]


def words(text: str | Sequence[str] | None) -> list[str]:
    """The texts of several pieces written in a row, separated by spaces or commas, or
    given as a list already (empty for None): what each game's ``parse_cards`` reads.

    >>> words("9♥ 5♦, JK"), words(["3", "SB"]), words(None)
    (['9♥', '5♦', 'JK'], ['3', 'SB'], [])
    """
    if not text:
        return []
    if isinstance(text, str):
        return text.replace(",", " ").split()
    return list(text)


class Supply:
    """The pieces in a game's box, for a set-up that places them by hand: taking more
    copies of a piece than the box holds is refused, and the rest is what is left.

    >>> box = Supply([3, 1, 1], name=lambda n: f"#{n}")
    >>> box.take([1, 3])
    (1, 3)
    >>> box.rest()
    [1]
    >>> box.take([3])
    Traceback (most recent call last):
    ...
    ValueError: too many #3: the game holds only 1
    """

    def __init__(self, pieces: Iterable[int], name: Callable[[int], str] = str) -> None:
        self.holds = Counter(pieces)
        self.left = Counter(self.holds)
        self.name = name

    def take(self, pieces: Iterable[int]) -> tuple[int, ...]:
        taken = tuple(pieces)
        for piece in taken:
            if self.left[piece] <= 0:
                raise ValueError(
                    f"too many {self.name(piece)}: the game holds only {self.holds[piece]}"
                )
            self.left[piece] -= 1
        return taken

    def rest(self) -> list[int]:
        """What was not taken, in order."""
        return sorted(self.left.elements())


def cards(text: str) -> list[Card]:
    """Parse several cards separated by spaces or commas.

    >>> cards("10♠ 10♣, JK")
    [Card('10♠'), Card('10♣'), Card('JK')]
    """
    return [Card.parse(t) for t in words(text)]


def standard_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """``decks`` 52-card decks, each with ``jokers`` jokers, in a fixed order (unshuffled)."""
    one = [_card(r, s) for s in Suit for r in Rank] + [_JOKER] * jokers
    return one * decks


# ------------------------------------------------------------------- card codes
# The one integer encoding of the standard deck, for the states of the card games:
# small ints copy and compare fast. Codes 0-51 go by suit (bridge order), then rank
# from ace to king; 52 is the joker. Every text form still uses the card notation.

JOKER_CODE = 52
#: ``CODED[code]`` is the :class:`Card` of a code.
CODED: tuple[Card, ...] = (*(_card(r, s) for s in Suit for r in Rank), _JOKER)
#: ``CODE_TEXT[code]``: ``"10♠"``, ``"JK"``.
CODE_TEXT: tuple[str, ...] = tuple(str(c) for c in CODED)
#: ``CODE_RANK[code]``: 1 (ace) to 13 (king); 0 for the joker.
CODE_RANK: tuple[int, ...] = tuple(0 if c.rank is None else int(c.rank) for c in CODED)
#: ``CODE_SUIT[code]``: the :class:`Suit`, None for the joker.
CODE_SUIT: tuple[Suit | None, ...] = tuple(c.suit for c in CODED)
_CODE_OF: dict[Card, int] = {c: i for i, c in enumerate(CODED)}


def card_code(card: str | Card) -> int:
    """The code of a card given as text (``"10♠"``, ``"qh"``, ``"JK"``) or a :class:`Card`.

    >>> card_code("A♣"), card_code("K♠"), card_code("JK"), CODE_TEXT[card_code("qh")]
    (0, 51, 52, 'Q♥')
    """
    return _CODE_OF[card if isinstance(card, Card) else Card.parse(card)]


def card_codes(text: str | Sequence[str | Card] | None) -> list[int]:
    """The codes of several cards (``"9♥ 5♦ JK"``, or a list); empty for None.

    >>> codes_text(card_codes("9♥, 5♦ JK"))
    '9♥ 5♦ JK'
    """
    return [card_code(t) for t in words(text)]


def codes_text(codes: Iterable[int]) -> str:
    """Cards as text, by code, separated by spaces."""
    return " ".join(CODE_TEXT[c] for c in codes)


def standard_codes(decks: int = 1, jokers: int = 0) -> list[int]:
    """The codes of :func:`standard_deck`, in the same order.

    >>> [CODED[c] for c in standard_codes(jokers=1)] == standard_deck(jokers=1)
    True
    """
    return [*range(52), *[JOKER_CODE] * jokers] * decks


# ----------------------------------------------------------------- Skip-Bo cards


@dataclass(frozen=True, slots=True, order=True)
class SkipBoCard:
    """A Skip-Bo card: a number from 1 to 12, or the wild Skip-Bo card (``value`` 0)."""

    value: int

    WILD_TEXT = "SB"

    def __post_init__(self) -> None:
        if not 0 <= self.value <= 12:
            raise ValueError(f"a Skip-Bo card is 1-12 or wild, not {self.value}")

    @classmethod
    def wild(cls) -> SkipBoCard:
        return cls(0)

    @property
    def is_wild(self) -> bool:
        return self.value == 0

    def __str__(self) -> str:
        return self.WILD_TEXT if self.value == 0 else str(self.value)

    def __repr__(self) -> str:
        return f"SkipBoCard({str(self)!r})"

    @property
    def name(self) -> str:
        return "Skip-Bo wild card" if self.is_wild else f"Skip-Bo {self.value}"

    @classmethod
    def parse(cls, text: str) -> SkipBoCard:
        text = text.strip().upper()
        if text in (cls.WILD_TEXT, "W", "WILD", "SKIP-BO"):
            return cls(0)
        return cls(int(text))


def skip_bo_deck(wilds: int = 24) -> list[SkipBoCard]:
    """144 numbered cards (twelve each of 1-12) plus ``wilds`` Skip-Bo cards, unshuffled."""
    return [SkipBoCard(v) for v in range(1, 13) for _ in range(12)] + [SkipBoCard(0)] * wilds


# ---------------------------------------------------------------------- dominoes


@dataclass(frozen=True, slots=True, order=True)
class Domino:
    """A domino tile, stored high end first: ``Domino(3, 9) == Domino(9, 3)``."""

    high: int
    low: int

    def __init__(self, a: int, b: int) -> None:
        hi, lo = (a, b) if a >= b else (b, a)
        if lo < 0:
            raise ValueError("a domino end has 0 or more spots")
        object.__setattr__(self, "high", hi)
        object.__setattr__(self, "low", lo)

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def pips(self) -> int:
        return self.high + self.low

    def has(self, n: int) -> bool:
        return n in (self.high, self.low)

    def other(self, n: int) -> int:
        """The end opposite an end showing ``n``."""
        if n == self.high:
            return self.low
        if n == self.low:
            return self.high
        raise ValueError(f"{self} has no {n}")

    def __str__(self) -> str:
        return f"[{self.high}:{self.low}]"

    def __repr__(self) -> str:
        return f"Domino({str(self)!r})"

    @property
    def name(self) -> str:
        return f"double {self.high}" if self.is_double else f"{self.high}-{self.low} domino"

    @classmethod
    def parse(cls, text: str) -> Domino:
        body = text.strip().strip("[]")
        a, sep, b = body.partition(":")
        if not sep:
            raise ValueError(f"not a domino: {text!r}")
        return cls(int(a), int(b))


def domino_set(top: int = 9, sets: int = 1) -> list[Domino]:
    """Every tile from [0:0] to [top:top], ``sets`` times, in a fixed order."""
    return [Domino(a, b) for a in range(top + 1) for b in range(a + 1)] * sets


# -------------------------------------------------------------------------- dice


class DieColour(Enum):
    WHITE = "white"
    RED = "red"
    BLACK = "black"


def dice_text(values: list[int] | tuple[int, ...]) -> str:
    """Dice in their text form.

    >>> dice_text([1, 1, 2, 3, 5, 5])
    '1 1 2 3 5 5'
    """
    return " ".join(str(v) for v in values)


def parse_dice(text: str, sides: int = 6) -> tuple[int, ...]:
    """Parse dice written as ``'6 2'``, ``'6,2'`` or ``'62'``.

    >>> parse_dice("6 2"), parse_dice("1,1,5"), parse_dice("355")
    ((6, 2), (1, 1, 5), (3, 5, 5))
    """
    parts = text.replace(",", " ").split()
    if len(parts) == 1 and len(parts[0]) > 1:
        parts = list(parts[0])
    values = tuple(int(p) for p in parts)
    if not all(1 <= v <= sides for v in values):
        raise ValueError(f"dice show 1 to {sides}: {text!r}")
    return values
