"""Skip-Bo's pieces and notation: the cards, the moves and their text.

Everything here is read without a position: the counts of the deal, the cards as small
integers (1 to 12, and 0 for the wild Skip-Bo card, text ``SB``) and their texts, the
tables of the values a build pile climbs through (:data:`RUN`), the move classes
(:class:`Play`, :class:`Block`, :class:`Discard`, :class:`Pass`) with their text forms,
the tables of the moves the engine lists (made once, looked up), the facts of a hand and
of the build piles' needs that the legal moves read, and the reading of a move's text.
A move built by hand with fields no Skip-Bo move has says why it is none (its
``malformed``, SB-0). The position is in :mod:`gamebox.games.skip_bo.position`, the
rules (what is legal, what a move does) in :mod:`gamebox.games.skip_bo.rules`. Moves
read like this::

    7 → pile 2      SB as 3 → pile 2      reserve 10 → pile 1      stack 2: 8 → pile 3
    block P1: stack 2: 8 → pile 3      discard 9 → stack 4      pass

>>> parse_move("stack 2: 7 -> pile 1", (7, 1, 1, 1))
Play(src=2, card=7, pile=0, value=7, stack=1)
>>> card_name(8), card_name(WILD), cards_text([3, WILD, 12])
('an 8', 'a Skip-Bo', '3 SB 12')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from gamebox.components import SkipBoCard, words
from gamebox.core import IllegalMove, Move, State

# ------------------------------------------------------------------------ cards

WILD = 0
HAND_SIZE = 5  # SB-5
PILES = 4  # build piles (SB-6)
STACKS = 4  # helper stacks per player (SB-8)
TOP = 12  # a build pile is complete at 12 (SB-6)
#: The numbered cards of the deck in order: twelve each of 1 to 12 (SB-1).
NUMBERS: tuple[int, ...] = tuple(v for v in range(1, TOP + 1) for _ in range(12))
CARD: tuple[SkipBoCard, ...] = tuple(SkipBoCard(v) for v in range(13))
TEXT: tuple[str, ...] = tuple(str(c) for c in CARD)

#: Sources of a card played to a build pile.
HAND, RESERVE, STACK = 0, 1, 2
ARROW = "→"

#: The seed's deal: reserve cards per player by player count (SB-2).
SEED_RESERVE = {2: 20, 3: 20, 4: 20, 5: 15, 6: 15, 7: 10, 8: 10}
#: The official (later) deal: 30 cards for 2-4 players, 20 for 5 or 6; the official
#: rules stop at 6 players, and 20 each would not leave 7 or 8 players enough to draw, so
#: the engine deals them 15.
OFFICIAL_RESERVE = {2: 30, 3: 30, 4: 30, 5: 20, 6: 20, 7: 15, 8: 15}
#: The largest reserve any deal allows: two players, 24 wild cards, five cards in hand.
MOST_RESERVE = (144 + 24) // 2 - HAND_SIZE

PRESETS = ("1980", "official", "modern")
SCORINGS = ("official", "easy")
MATCH_TARGET = 500  # SB-16, official scoring


def card_value(text: str) -> int:
    """``"SB"`` -> 0, ``"7"`` -> 7 (raises ValueError for anything else)."""
    return SkipBoCard.parse(text).value


def parse_cards(text: str | Sequence[str] | None) -> list[int]:
    """Card values from ``"3 SB 12"`` (or a list of texts); empty for None."""
    return [card_value(t) for t in words(text)]


def cards_text(cards: Sequence[int]) -> str:
    return " ".join(TEXT[c] for c in cards)


def _text(card: object) -> str:
    """A card's text; a value no card has (in a hand-made Move) is shown as it is."""
    return TEXT[card] if type(card) is int and 0 <= card <= TOP else repr(card)


def card_name(value: int) -> str:
    """ "a 7", "an 8", "an 11", "a Skip-Bo"."""
    if value == WILD:
        return "a Skip-Bo"
    return f"an {value}" if value in (8, 11) else f"a {value}"


#: ``NEXT[v]``: what a build pile needs after a card went on as ``v``: ``v + 1``, and a 1
#: after a 12 (the completed pile is set aside and its slot takes a 1 again, SB-6).
NEXT: tuple[int, ...] = (*range(1, TOP + 1), 1)


def next_need(need: int) -> int:
    """What a build pile needs after a card went on where it needed ``need``
    (:data:`NEXT`)."""
    return NEXT[need]


#: ``RUN[a][r]``: the values a build pile needing ``a`` takes, one by one, before it
#: needs ``r``: ``a`` up to ``r - 1``, through 12 and on from 1 if ``a`` is above ``r``
#: (the source's "long reach"); ``RUN_BITS[a][r]``: the same values as a bit mask.
RUN: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(range(a, r)) if a <= r else (*range(a, TOP + 1), *range(1, r)) for r in range(TOP + 1)
    )
    for a in range(TOP + 1)
)
RUN_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << v for v in RUN[a][r]) for r in range(TOP + 1)) for a in range(TOP + 1)
)
#: ``RUN_ON[r][v]``: the values a build pile must still take, as a bit mask, after a
#: card went on it as ``v``, before it takes ``r`` (``RUN_BITS`` from the value after ``v``).
RUN_ON: tuple[tuple[int, ...], ...] = tuple(
    tuple(RUN_BITS[1 if v == TOP else v + 1][r] for v in range(TOP + 1)) for r in range(TOP + 1)
)


def bits(cards: Sequence[int]) -> int:
    """The numbered cards among ``cards`` as a bit mask (bit ``v`` for the value ``v``)."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask & ~1


# ------------------------------------------------------------------------ moves


@dataclass(frozen=True, slots=True)
class Play(Move):
    """One card to a build pile: from the hand, the reserve top, or a helper stack top
    (in the 1980 game only as part of a run leading up to the reserve card, SB-9).

    ``pile`` and ``stack`` count from 0 (the text counts from 1; ``stack`` is -1 for
    a hand or reserve card); ``value`` is the value the card takes (a Skip-Bo card
    names one)::

        7 → pile 2      SB as 3 → pile 2      reserve 10 → pile 1      stack 2: 8 → pile 3
    """

    src: int
    card: int
    pile: int
    value: int
    stack: int = -1

    def malformed(self, state: State) -> str | None:
        """A field no play has (see :func:`_bad_card`), or a source that is none."""
        problem = _bad_card(self)
        if problem is None and self.src not in (HAND, RESERVE, STACK):
            return "a card is played from the hand, the reserve or a stack"
        if problem is None and self.src != STACK and self.stack != -1:
            return "only a helper card is played from a stack"
        return problem

    def __str__(self) -> str:
        what = f"SB as {self.value}" if self.card == WILD else _text(self.card)
        if self.src == RESERVE:
            what = f"reserve {what}"
        elif self.src == STACK:
            what = f"stack {_number(self.stack)}: {what}"
        return f"{what} {ARROW} pile {_number(self.pile)}"


@dataclass(frozen=True, slots=True)
class Block(Move):
    """Option #2 (SB-11): one helper-stack card played without leading up, instead of
    any other play of the turn, to take the one build slot an opponent near going out
    could fill with her reserve card. Text: ``block P1: stack 2: 8 → pile 3``."""

    victim: int
    stack: int
    card: int
    pile: int
    value: int

    def malformed(self, state: State) -> str | None:
        return _bad_card(self)

    def __str__(self) -> str:
        what = f"SB as {self.value}" if self.card == WILD else _text(self.card)
        return (
            f"block P{self.victim}: stack {_number(self.stack)}: {what} {ARROW} "
            f"pile {_number(self.pile)}"
        )


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """The closing discard onto one of your four helper stacks: the turn ends (SB-12)."""

    card: int
    stack: int

    def malformed(self, state: State) -> str | None:
        return _bad_card(self)

    def __str__(self) -> str:
        return f"discard {_text(self.card)} {ARROW} stack {_number(self.stack)}"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """End the turn with an empty hand (nothing left to discard, the deck is empty)."""

    def __str__(self) -> str:
        return "pass"


def _bad_card(move: Play | Block | Discard) -> str | None:
    """Why a hand-made move is no Skip-Bo move at all (refused as SB-0, as text that is
    no move is): a field that is not a whole number, or a card that does not exist.
    Which values a card may take is a ruling (SB-14), for the rules to refuse."""
    for name in move.__slots__:
        if type(getattr(move, name)) is not int:
            return f"a Skip-Bo move's {name} is a whole number"
    if not 0 <= move.card <= TOP:
        return f"there is no Skip-Bo card {move.card}: they are 1 to 12 and SB"
    return None


def _number(index: object) -> str:
    """A pile's or stack's number as the text writes it (from 1)."""
    return str(index + 1) if type(index) is int else repr(index)


PASS = Pass()


def _plays(src: int, stack: int = -1) -> tuple[tuple[tuple[Play | None, ...], ...], ...]:
    """``table[card][pile][value]``: the play of ``card`` from ``src`` taking ``value``
    (None where a numbered card would take another value than its own)."""
    return tuple(
        tuple(
            tuple(Play(src, c, k, v, stack) if c in (WILD, v) else None for v in range(TOP + 1))
            for k in range(PILES)
        )
        for c in range(TOP + 1)
    )


#: The plays the legal-move generator lists, made once: from the hand, the reserve and
#: each helper stack (``STACK_PLAYS[s]``).
HAND_PLAYS = _plays(HAND)
RESERVE_PLAYS = _plays(RESERVE)
STACK_PLAYS = tuple(_plays(STACK, s) for s in range(STACKS))
DISCARDS = tuple(tuple(Discard(c, s) for s in range(STACKS)) for c in range(TOP + 1))


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What the legal moves need to know of a hand: its ``cards`` once each (in order),
    how many Skip-Bo cards it holds (``wilds``), its numbered cards as a :func:`bits`
    mask (``numbers``), and its ``discards``, onto each of the four helper stacks."""

    cards: tuple[int, ...]
    wilds: int
    numbers: int
    discards: tuple[Discard, ...]


class Table(dict):
    """A table of the values of a pure function ``make``, filled as keys are asked for:
    ``table[key]`` is ``make(key)``, made on the first lookup and kept (one subscript
    each time after that)."""

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.make(key)
        return value


def hand_facts(hand: tuple[int, ...]) -> HandFacts:
    """The :class:`HandFacts` of ``hand`` (a sorted tuple of card values); the rules
    read them from :data:`HAND_FACTS`.

    >>> facts = hand_facts((0, 3, 3, 7))
    >>> facts.cards, facts.wilds, bin(facts.numbers), len(facts.discards)
    ((0, 3, 7), 1, '0b10001000', 12)
    """
    cards = tuple(sorted(set(hand)))
    discards = tuple(chain.from_iterable(map(DISCARDS.__getitem__, cards)))
    return HandFacts(cards, hand.count(WILD), bits(hand), discards)


#: ``HAND_FACTS[hand]``: :func:`hand_facts` of each hand seen so far (a sorted tuple of at
#: most five cards, so at most 8,568 entries), kept because every turn asks for them.
HAND_FACTS: dict[tuple[int, ...], HandFacts] = Table(hand_facts)


def piles_taking(sizes: tuple[int, ...]) -> tuple[tuple[Play, ...], ...]:
    """For each card (0 to 12, then -1 for none), its plays from the hand onto the
    build piles it goes on, given how many cards each pile holds (``sizes``; it needs
    one more): a Skip-Bo card on every pile, as the value that pile needs. A play's
    ``pile`` and ``value`` say where the card goes, and as what, from any source. The
    rules read them from :data:`PILES_AT`.

    >>> fits = piles_taking((2, 0, 2, 11))
    >>> [str(m) for m in fits[3]], [m.value for m in fits[0]], fits[5], fits[-1]
    (['3 → pile 1', '3 → pile 3'], [3, 1, 3, 12], (), ())
    """
    fits: list[list[Play]] = [[] for _ in range(TOP + 2)]
    for k, size in enumerate(sizes):
        fits[size + 1].append(HAND_PLAYS[size + 1][k][size + 1])
        fits[WILD].append(HAND_PLAYS[WILD][k][size + 1])
    return tuple(map(tuple, fits))


#: ``PILES_AT[sizes]``: :func:`piles_taking` of the build piles holding ``sizes`` cards,
#: for each seen so far (four sizes of 0 to 11: at most 20,736 entries).
PILES_AT: dict[tuple[int, ...], tuple[tuple[Play, ...], ...]] = Table(piles_taking)


def bad_value(move: Play | Block) -> IllegalMove | None:
    """The refusal of a card played as a value it cannot take (SB-14): a numbered card
    counts as itself, a Skip-Bo card as 1 to 12."""
    card, value = move.card, move.value
    if card != WILD and value != card:
        return IllegalMove(
            "SB-14",
            f"only a Skip-Bo card takes a value of its own; {card_name(card)} counts as {card}",
        )
    if not 1 <= value <= TOP:
        return IllegalMove("SB-14", f"a Skip-Bo card counts as 1 to 12, not {value}")
    return None


def no_pile(pile: int) -> IllegalMove:
    return IllegalMove(
        "SB-6",
        "there are at most four build piles, and a fifth cannot be started: "
        "a 1 waits until a pile is completed and its slot frees"
        if pile >= PILES
        else f"the build piles are numbered 1 to 4, not {pile + 1}",
    )


_ARROW_RE = r"\s*(?:→|->)\s*"
_CARD_RE = r"(SB|\d+)(?:\s+as\s+(\d+))?"
_PLAY_RE = re.compile(
    rf"^\s*(?:(reserve)\s+|stack\s+(\d+)\s*:\s*)?{_CARD_RE}{_ARROW_RE}pile\s+(\d+)\s*$",
    re.IGNORECASE,
)
_BLOCK_RE = re.compile(
    rf"^\s*block\s+P(\d+)\s*:\s*stack\s+(\d+)\s*:\s*{_CARD_RE}{_ARROW_RE}pile\s+(\d+)\s*$",
    re.IGNORECASE,
)
_DISCARD_RE = re.compile(rf"^\s*discard\s+(SB|\d+){_ARROW_RE}stack\s+(\d+)\s*$", re.IGNORECASE)
#: Pile and stack numbers the parser reads (a fifth is read, and refused by the rules).
_MOST_INDEX = 9


def _index(text: str, what: str) -> int:
    i = int(text) - 1
    if not 0 <= i < _MOST_INDEX:
        raise ValueError(f"no {what} {text}")
    return i


def parse_move(text: str, needs: Sequence[int]) -> Move:
    """Read a move's text form (ValueError if it is none). A Skip-Bo card named without
    a value takes the value its build pile ``needs`` (1 on a fifth pile, which the rules
    refuse).

    >>> for t in ("SB -> pile 1", "reserve 1 → pile 2", "stack 2: 7 -> pile 1",
    ...           "block P1: stack 3: 9 → pile 4", "discard 9 -> stack 4"):
    ...     print(parse_move(t, (1, 1, 1, 1)))
    SB as 1 → pile 1
    reserve 1 → pile 2
    stack 2: 7 → pile 1
    block P1: stack 3: 9 → pile 4
    discard 9 → stack 4
    """
    t = text.strip()
    if t.lower() == "pass":
        return PASS
    m = _DISCARD_RE.match(t)
    if m:
        return Discard(card_value(m[1]), _index(m[2], "stack"))
    m = _PLAY_RE.match(t)
    if m:
        reserve, stack_s, card_s, as_s, pile_s = m.groups()
        c, k = card_value(card_s), _index(pile_s, "pile")
        v = _named(c, needs[k] if k < len(needs) else 1, as_s)
        if reserve:
            return Play(RESERVE, c, k, v)
        if stack_s:
            return Play(STACK, c, k, v, _index(stack_s, "stack"))
        return Play(HAND, c, k, v)
    m = _BLOCK_RE.match(t)
    if m:
        q_s, stack_s, card_s, as_s, pile_s = m.groups()
        c, k = card_value(card_s), _index(pile_s, "pile")
        if len(q_s) > 2:
            raise ValueError(f"there is no P{q_s}")
        need = needs[k] if k < len(needs) else 1
        return Block(int(q_s), _index(stack_s, "stack"), c, k, _named(c, need, as_s))
    raise ValueError(f"not a Skip-Bo move: {text!r}")


def _named(card: int, need: int, as_s: str | None) -> int:
    """The value ``card`` takes: its own, or the one a Skip-Bo card names (``as_s``), or
    else the value its pile ``need``s."""
    if card != WILD:
        if as_s is not None:
            raise ValueError("only a Skip-Bo card names a value ('SB as 3 → pile 2')")
        return card
    if as_s is None:
        return need
    v = int(as_s)
    if not 1 <= v <= TOP:
        raise ValueError("a Skip-Bo card names a value from 1 to 12")
    return v
