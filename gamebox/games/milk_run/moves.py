"""Milk Run's pieces and notation: the cards as codes, the piles, the moves and their text.

Everything here is read without a position: the colours of milk and the pile kinds, the
game's numbers (30 to win in each colour, a hand of six), what Milk Run needs to know
about a card code, the move classes (:class:`Draw`, :class:`Play`) with their text
forms and :func:`in_words`, the tables of the moves the engine lists (made once, looked
up), the reading of a move's text (:func:`parse_move`), a turn's phases and the order a
hand is shown in. The rules (what is legal, what a move does) are in
:mod:`gamebox.games.milk_run.rules`.

Cards are the small integer codes of :mod:`gamebox.components` (``card_code``), so
that states copy fast; every text form uses the usual card notation (``10♠``, ``Q♥``,
``JK``). The tables below add what Milk Run needs to know about a code:

>>> q = card_code("Q♥")
>>> CODE_TEXT[q], CODE_RANK[q], COLOUR[q] == RED, IS_FACE[q], COLOUR[card_code("JK")]
('Q♥', 12, True, True, -1)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from gamebox.checks import whole
from gamebox.components import (
    CODE_RANK,
    CODE_SUIT,
    CODE_TEXT,
    CODED,
    JOKER_CODE,
    Colour,
    card_code,
    standard_codes,
)
from gamebox.core import Move, State, shorten

# ------------------------------------------------------------------------ cards

#: Colour indices: red cards are strawberry milk, black cards chocolate milk (MR-3).
RED, BLACK = 0, 1
COLOURS = (RED, BLACK)
COLOUR_WORD = ("red", "black")
MILK = ("strawberry", "chocolate")

#: Pile kinds of a player (MR-3), and the discard pile as a play target (MR-5).
LIMIT, GO, COLUMN, DISCARD = 0, 1, 2, 3
PILE_WORD = ("limit", "go", "column", "discard")
PILE_NAME = ("Limit pile", "Go pile", "Delivery column", "discard pile")

WIN = 30  # deliveries needed in each colour (MR-11)
EMPTY_LIMIT = 5  # an empty Limit pile allows deliveries up to 5 (MR-7)
HAND = 6  # cards dealt, and held between turns (MR-2, MR-5)
MOST_IN_HAND = HAND + 2  # six, and the turn's two draws
MAX_PLAYERS = 6  # players, and decks shuffled together (MR-14)
CODES = len(CODED)  # 52 cards and the joker's code

#: RED, BLACK, or -1 for a joker (jokers have no colour, MR-10).
COLOUR: tuple[int, ...] = tuple(
    -1 if s is None else (RED if s.colour is Colour.RED else BLACK) for s in CODE_SUIT
)
IS_NUMBER = tuple(2 <= r <= 10 for r in CODE_RANK)
IS_FACE = tuple(r >= 11 for r in CODE_RANK)
#: One deck: 52 cards and two jokers (MR-1).
DECK: tuple[int, ...] = tuple(standard_codes(jokers=2))


def pile_index(player: int, colour: int, kind: int) -> int:
    """Where a player's pile sits in ``state.piles``: six per player, by colour and kind."""
    return 6 * player + 3 * colour + kind


# ------------------------------------------------------------------------ moves


def pile_token(pile: int, owner: int, colour: int) -> str:
    """How the board names a pile a card can go to: ``discard``, or the kind, the owner
    and the colour, as in ``limit P1 red`` or ``column P0 black``."""
    if pile == DISCARD:
        return "discard"
    return f"{PILE_WORD[pile]} P{owner} {COLOUR_WORD[colour]}"


ARROW = "→"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(Move):
    """Draw the top card of the stock or of the discard pile (MR-4)."""

    source: str  # "stock" or "discard"

    def __post_init__(self) -> None:
        if not isinstance(self.source, str):
            raise TypeError(f"a draw's source is a text, not {shorten(repr(self.source))}")

    def malformed(self, state: State) -> str | None:
        """A draw names one of the two piles a card is drawn from."""
        if self.source in ("stock", "discard"):
            return None
        return "you draw from the stock or from the discard pile"

    def __str__(self) -> str:
        return f"draw {self.source}"

    def __repr__(self) -> str:
        return f"Draw({str(self)!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Play(Move):
    """Play a card from your hand (MR-5).

    ``pile`` is LIMIT or GO (of player ``owner``, in ``colour``), COLUMN (your own
    Delivery column of ``colour``; ``owner`` is -1, or another player's number for the
    move a newcomer might try) or DISCARD. The text form names the colour only when it
    is not the card's own (always for a joker)::

        7♥ → limit P1     K♠ → go P0     9♥ → column     JK → go P1 black     4♣ → discard

    The fields are whole numbers (``TypeError`` otherwise: ``True`` would pass for a 1).
    A Play whose numbers name no card, pile, seat or colour is no move of any position:
    its text says so, and every state refuses it (:meth:`malformed`).

    >>> str(Play(card_code("7♥"), LIMIT, 1, RED)), str(Play(99, LIMIT, 1, RED))
    ('7♥ → limit P1', 'no such play (card 99, pile 0, owner 1, colour 0)')
    >>> import gamebox
    >>> Play(card_code("7♥"), LIMIT, 5, RED).malformed(gamebox.load("milk-run").start(1))
    'there is no player P5: the players are P0 to P1'
    """

    code: int
    pile: int
    owner: int = -1
    colour: int = -1

    def __post_init__(self) -> None:
        for name in ("code", "pile", "owner", "colour"):
            value = getattr(self, name)
            if type(value) is not int:
                raise TypeError(f"a play's {name} is a whole number, not {shorten(repr(value))}")

    def malformed(self, state: State | None) -> str | None:
        """Why the fields name no card, pile, colour (or -1) and seat (or -1) of
        ``state``'s table, or of any table (six seats) for ``state`` None; None if they
        do."""
        if not (
            whole(self.code, 0, CODES - 1)
            and whole(self.pile, LIMIT, DISCARD)
            and whole(self.colour, -1, BLACK)
            and whole(self.owner, -1, MAX_PLAYERS - 1)
        ):
            return (
                "that play names no card of the deck, or no pile, player or colour of the "
                "table: write it as, say, '7♥ → limit P1'"
            )
        n = MAX_PLAYERS if state is None else state.n
        if self.owner >= n:
            return f"there is no player P{self.owner}: the players are P0 to P{n - 1}"
        return None

    def __str__(self) -> str:
        if self.malformed(None) is not None:
            fields = (self.code, self.pile, self.owner, self.colour)
            shown = (shorten(repr(f), 20) for f in fields)
            return "no such play (card {}, pile {}, owner {}, colour {})".format(*shown)
        head = f"{CODE_TEXT[self.code]} {ARROW} {PILE_WORD[self.pile]}"
        if self.pile == DISCARD:
            return head
        if self.owner >= 0:
            head += f" P{self.owner}"
        if self.colour != COLOUR[self.code]:
            head += f" {COLOUR_WORD[self.colour]}"
        return head

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"


def in_words(move: Draw | Play) -> str:
    """A move as a player would say it, for the book's prose: no arrows, no pile tokens.

    >>> in_words(Draw("stock")), in_words(Draw("discard"))
    ('draws a card from the stock', 'takes the top card of the discard pile')
    >>> in_words(Play(card_code("7♥"), LIMIT, 1, RED))
    "plays the 7♥ on P1's red Limit pile"
    >>> in_words(Play(card_code("9♣"), COLUMN, -1, BLACK)), in_words(Play(JOKER_CODE, DISCARD))
    ('delivers the 9♣ to their black Delivery column', 'discards the joker')
    """
    if isinstance(move, Draw):
        if move.source == "discard":
            return "takes the top card of the discard pile"
        return f"draws a card from the {move.source}"
    card = "the joker" if move.code == JOKER_CODE else f"the {CODE_TEXT[move.code]}"
    if move.pile == DISCARD:
        return f"discards {card}"
    colour = COLOUR_WORD[move.colour]
    if move.pile == COLUMN and move.owner < 0:
        return f"delivers {card} to their {colour} Delivery column"
    return f"plays {card} on P{move.owner}'s {colour} {PILE_NAME[move.pile]}"


DRAW_STOCK = Draw("stock")
DRAW_DISCARD = Draw("discard")

# Interned moves, so that listing the legal moves builds no objects.
_DISCARD = tuple(Play(c, DISCARD) for c in range(CODES))
_COLUMN = tuple(tuple(Play(c, COLUMN, -1, k) for k in COLOURS) for c in range(CODES))
_LIMIT, _GO = (
    tuple(
        tuple(tuple(Play(c, kind, q, k) for k in COLOURS) for q in range(MAX_PLAYERS))
        for c in range(CODES)
    )
    for kind in (LIMIT, GO)
)
#: The kinds of card, as ``_legal_moves`` sorts them.
_NUMBER, _FACE, _ACE, _JOKER = 0, 1, 2, 3
_KIND = tuple(
    _JOKER if c == JOKER_CODE else _NUMBER if IS_NUMBER[c] else _FACE if IS_FACE[c] else _ACE
    for c in range(CODES)
)


#: Which of the four numbers of a turn's context (see ``_plays_table``) decides a
#: card's plays: 0/1, the biggest delivery allowed now in red/black, for a number card;
#: 2/3, the players whose red/black Go pile shows a face card, for a face card or an ace.
_CONTEXT = tuple(
    (COLOUR[c] if IS_NUMBER[c] else 2 + COLOUR[c]) if c != JOKER_CODE else -1 for c in range(CODES)
)


def _plays_table(n: int) -> tuple[tuple[tuple[Play, ...], ...] | None, ...]:
    """Each card's legal plays at a table of ``n`` players, as tuples built once, the
    discard last (MR-5): ``table[c][x]``, where ``x`` is the number of the turn's
    context that ``_CONTEXT[c]`` names. For a number card, ``x`` is the biggest
    delivery its colour allows now (your limit while your Go pile shows a face card,
    else 0): its Limit piles (MR-7), then your Delivery column if it is not above ``x``
    (MR-9). For a face card or an ace, ``x`` is the bitmask of the players whose Go pile
    of its colour shows a face card: a face card goes on the others, an ace on those
    (MR-8). None for the joker, whose steals depend on more than that (MR-10)."""
    table: list[tuple[tuple[Play, ...], ...] | None] = []
    for c in range(CODES):
        kind, k = _KIND[c], COLOUR[c]
        if kind == _NUMBER:
            limits = tuple(_LIMIT[c][q][k] for q in range(n))
            table.append(
                tuple(
                    (*limits, _COLUMN[c][k], _DISCARD[c])
                    if CODE_RANK[c] <= most
                    else (*limits, _DISCARD[c])
                    for most in range(14)
                )
            )
        elif kind == _JOKER:
            table.append(None)
        else:
            on_face = kind == _ACE
            table.append(
                tuple(
                    (*(_GO[c][q][k] for q in range(n) if bool(go >> q & 1) == on_face), _DISCARD[c])
                    for go in range(1 << n)
                )
            )
    return tuple(table)


_PLAYS = tuple(_plays_table(n) for n in range(MAX_PLAYERS + 1))

_MOVE_RE = re.compile(
    r"^\s*(\S+)\s*(?:→|->|to)\s*(limit|go|column|discard)"
    r"(?:\s+P?(\d+))?(?:\s+(red|black))?\s*$",
    re.IGNORECASE,
)
#: A turn's phases (``state.phase``), module constants: the moves made so far in the
#: turn, two draws then two plays (MR-4, MR-5). The set-up names them in words.
FIRST_DRAW, SECOND_DRAW, FIRST_PLAY, SECOND_PLAY = range(4)
_PHASE_NAMES = {
    "draw": FIRST_DRAW,
    "second draw": SECOND_DRAW,
    "play": FIRST_PLAY,
    "second play": SECOND_PLAY,
}
_PHASE_TEXT = (
    "to draw (first of two cards)",
    "to draw (second of two cards)",
    "to play (first of two cards)",
    "to play (second of two cards)",
)
_PILE_KEYS = tuple(f"{COLOUR_WORD[k]} {PILE_WORD[kind]}" for k in COLOURS for kind in range(3))


def parse_move(text: str, player: int, players: int) -> Draw | Play:
    """Read ``draw stock``, ``draw discard`` or ``<card> → <pile> [P<n>] [red|black]``
    (``ValueError`` if it is none); a pile without an owner is ``player``'s, at a table
    of ``players``.

    >>> parse_move("7h -> limit P1", 0, 2), parse_move("JK → go black", 0, 2)
    (Play('7♥ → limit P1'), Play('JK → go P0 black'))
    >>> parse_move("7♥ → limit P2", 0, 2)
    Traceback (most recent call last):
    ...
    ValueError: there is no player P2
    """
    t = text.strip()
    low = t.lower()
    if low in ("draw stock", "draw discard"):
        return DRAW_STOCK if low == "draw stock" else DRAW_DISCARD
    m = _MOVE_RE.match(t)
    if not m:
        raise ValueError(f"not a Milk Run move: {shorten(text)!r}")
    card_s, pile_s, owner_s, colour_s = m.groups()
    c = card_code(card_s)
    pile = PILE_WORD.index(pile_s.lower())
    if pile == DISCARD:
        if owner_s or colour_s:
            raise ValueError("there is one discard pile: write '<card> → discard'")
        return _DISCARD[c]
    if colour_s:
        k = COLOUR_WORD.index(colour_s.lower())
    elif c == JOKER_CODE:
        raise ValueError("a joker has no colour: say which pile, e.g. 'JK → go P1 red'")
    else:
        k = COLOUR[c]
    owner = player if owner_s is None else int(owner_s)
    if not 0 <= owner < players:
        raise ValueError(f"there is no player P{shorten(str(owner), 12)}")
    if pile == COLUMN:
        return _COLUMN[c][k] if owner == player else Play(c, COLUMN, owner, k)
    return (_LIMIT if pile == LIMIT else _GO)[c][owner][k]


def _sort_key(code: int) -> tuple[int, int, int]:
    """Hands sort red then black, then by rank; jokers last."""
    return (COLOUR[code] if code != JOKER_CODE else 2, CODE_RANK[code], code)


def sort_cards(codes: Sequence[int]) -> list[int]:
    return sorted(codes, key=_sort_key)
