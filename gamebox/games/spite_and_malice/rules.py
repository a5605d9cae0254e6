"""Spite and Malice (2006 house rules): the rules as code.

Two players race to empty a 26-card *pay-off* pile onto shared *centre stacks* built
from ace up to king. Each player also keeps four private *rows* built downward. The
house rules of the 2006 post are filled out by the rulings SM-1..SM-14.

Cards are stored as small integers (``4 * rank + suit``; a joker is 0) so that a state
copies fast; the text forms use :class:`gamebox.components.Card` notation.

>>> import gamebox
>>> game = gamebox.load("spite-and-malice")
>>> state = game.start(seed=3)
>>> state.current_player, str(state.up_card(0)), str(state.up_card(1))  # SM-3
(1, '6♥', '10♣')
>>> state.legal_moves()  # P1 holds an ace, so it must start a stack first (SM-9)
[Play('A♦ → new stack')]
>>> state.check("J♣ → row 1").rule, state.check("A♦ → row 1").rule
('SM-9', 'SM-5')

Moves read like this: ``A♠ → new stack``, ``5♥ → stack 2`` (from the hand),
``JK as 5 → stack 2``, ``row 3: 9♣ → stack 1``, ``pay-off: 6♦ → stack 2``,
``9♣ → row 3`` (the card that ends the turn) and ``stuck``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamebox.components import Card, Rank, Suit, cards, standard_deck
from gamebox.core import Game, IllegalMove, Move, Options, State
from gamebox.rng import Rng

# ------------------------------------------------------------------------ cards

JOKER = 0
HAND_SIZE = 5  # SM-2
PAYOFF_SIZE = 26  # SM-2
ROWS = 4  # SM-4
KING = 13
#: The ranks a joker may stand for (SM-8): anything but ace, 2, 7 and king.
JOKER_RANKS = frozenset({3, 4, 5, 6, 8, 9, 10, 11, 12})

_SUITS = list(Suit)
#: code -> Card (index 0 is the joker; codes 4..55 are the 52 cards).
CARD_OF: list[Card | None] = [None] * 56
CARD_OF[JOKER] = Card.joker()
for _r in Rank:
    for _i, _s in enumerate(_SUITS):
        CARD_OF[4 * int(_r) + _i] = Card.parse(f"{_r.symbol}{_s.value}")
CODE_OF: dict[Card, int] = {c: i for i, c in enumerate(CARD_OF) if c is not None}


def code(card: Card | str) -> int:
    """A card's code: ``code('5♥') == 4 * 5 + 2``; the joker is 0."""
    if isinstance(card, str):
        card = Card.parse(card)
    return CODE_OF[card]


def codes(text: str | Iterable[Card | str]) -> list[int]:
    """Codes of several cards written as text (``"K♠ Q♥"``) or given as cards."""
    if isinstance(text, str):
        return [CODE_OF[c] for c in cards(text)]
    return [code(c) for c in text]


def text_of(cs: Iterable[int]) -> str:
    return " ".join(str(CARD_OF[c]) for c in cs)


def rank_of(c: int) -> int:
    """1 (ace) to 13 (king); 0 for a joker."""
    return c >> 2


_RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def rank_name(n: int) -> str:
    """``rank_name(8) == 'an 8'``, ``rank_name(12) == 'a queen'``."""
    word = _RANK_NAMES.get(n, str(n))
    return ("an " if word[0] in "a8" else "a ") + word


def rank_symbol(n: int) -> str:
    return Rank(n).symbol


# ------------------------------------------------------------------------ moves

HAND = 0  # Play.source: 0 = hand, 1-4 = a row, 5 = the pay-off pile
PAYOFF = 5
NEW = 0  # Play.stack: 0 = start a new stack, 1.. = a stack in the centre


@dataclass(frozen=True)
class Play(Move):
    """A card to the centre: from the hand (``source`` 0), a row top (1-4) or the pay-off
    up-card (5), onto stack ``stack`` (1-based) or a new stack (0). A joker names the rank
    it stands for in ``as_rank``."""

    card: Card
    source: int = HAND
    stack: int = NEW
    as_rank: int = 0

    def __str__(self) -> str:
        where = "" if self.source == HAND else "pay-off: " if self.source == PAYOFF else ""
        if 1 <= self.source <= ROWS:
            where = f"row {self.source}: "
        joker = f" as {rank_symbol(self.as_rank)}" if self.as_rank else ""
        to = "new stack" if self.stack == NEW else f"stack {self.stack}"
        return f"{where}{self.card}{joker} → {to}"

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"


@dataclass(frozen=True)
class Place(Move):
    """A card from the hand onto one of your rows (1-4): this ends the turn (SM-10)."""

    card: Card
    row: int

    def __str__(self) -> str:
        return f"{self.card} → row {self.row}"

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


# Moves are values; interning them keeps move generation cheap.
_PLAYS: dict[tuple[int, int, int, int], Play] = {}
_PLACES: dict[tuple[int, int], Place] = {}


def _play(c: int, source: int, stack: int, as_rank: int = 0) -> Play:
    key = (c, source, stack, as_rank)
    move = _PLAYS.get(key)
    if move is None:
        move = _PLAYS[key] = Play(CARD_OF[c], source, stack, as_rank)
    return move


def _place(c: int, row: int) -> Place:
    key = (c, row)
    move = _PLACES.get(key)
    if move is None:
        move = _PLACES[key] = Place(CARD_OF[c], row)
    return move


_MOVE_RE = re.compile(
    r"^\s*(?:(?P<src>pay-?off|row\s*(?P<srow>\d+))\s*:\s*)?(?P<card>\S+)"
    r"(?:\s+as\s+(?P<as>\w+))?\s*(?:→|->)\s*"
    r"(?P<to>new\s+stack|stack\s*(?P<stack>\d+)|row\s*(?P<row>\d+))\s*$",
    re.IGNORECASE,
)


def parse_move(text: str) -> Move:
    """Read a move from its text form.

    >>> parse_move("JK as 5 -> stack 2"), parse_move("row 3: 9♣ → stack 1")
    (Play('JK as 5 → stack 2'), Play('row 3: 9♣ → stack 1'))
    >>> parse_move("9c → row 4"), parse_move("stuck")
    (Place('9♣ → row 4'), Stuck())
    """
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


# ---------------------------------------------------------------------- options


@dataclass(frozen=True)
class SpiteAndMaliceOptions(Options):
    """``jokers``: jokers shuffled into the draw deck (SM-1; the book version has 4)."""

    jokers: int = 2


# ------------------------------------------------------------------------ state


class SpiteAndMaliceState(State):
    """A position. Piles are tuples of card codes, bottom first (the top is last):
    ``payoff[p]``, ``hands[p]``, ``rows[p][r]``, ``stacks[i]``, ``stock``, ``aside``."""

    player: int
    payoff: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[tuple[int, ...], ...], ...]
    stacks: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    aside: tuple[int, ...]
    stuck: bool  # the previous turn ended with "stuck" (SM-12)
    folds: int  # folds since a card last reached the centre or a row (SM-13)
    over: bool
    victor: int | None

    # -- protocol ------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return -1 if self.over else self.player

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def scores(self) -> tuple[int, ...]:
        """SM-14: the winner scores one point per card left in the loser's pay-off pile."""
        if self.victor is None:
            return (0, 0)
        out = [0, 0]
        out[self.victor] = len(self.payoff[1 - self.victor])
        return tuple(out)

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.victor is None else (self.victor,)

    def up_card(self, player: int) -> Card | None:
        """The face-up top card of a player's pay-off pile."""
        pile = self.payoff[player]
        return CARD_OF[pile[-1]] if pile else None

    def needs(self) -> list[int]:
        """The rank each centre stack needs next (a stack of n cards shows rank n)."""
        return [len(s) + 1 for s in self.stacks]

    def forced(self) -> bool:
        """SM-9: whether an ace or a 2 must be played now."""
        return bool(self._legal_moves_list(forced_only=True))

    def _legal_moves(self) -> list[Move]:
        return self._legal_moves_list()

    def _legal_moves_list(self, forced_only: bool = False) -> list[Move]:
        p = self.player
        hand = sorted(set(self.hands[p]))
        top = self.payoff[p][-1]
        trank = top >> 2
        stacks = self.stacks
        out: list[Move] = []
        # SM-9: forced aces and twos
        if trank == 1:
            out.append(_play(top, PAYOFF, NEW))
        for c in hand:
            if c >> 2 == 1:
                out.append(_play(c, HAND, NEW))
        twos = [c for c in hand if c >> 2 == 2]
        if trank == 2 or twos:
            for i, s in enumerate(stacks):
                if len(s) == 1:
                    if trank == 2:
                        out.append(_play(top, PAYOFF, i + 1))
                    for c in twos:
                        out.append(_play(c, HAND, i + 1))
        if out or forced_only:
            return out
        rows = self.rows[p]
        joker = bool(hand) and hand[0] == JOKER
        for i, s in enumerate(stacks):
            need = len(s) + 1
            n = i + 1
            if trank == need:
                out.append(_play(top, PAYOFF, n))
            for r, row in enumerate(rows):
                if row and row[-1] >> 2 == need:
                    out.append(_play(row[-1], r + 1, n))
            for c in hand:
                if c >> 2 == need:
                    out.append(_play(c, HAND, n))
            if joker and need in JOKER_RANKS:
                out.append(_play(JOKER, HAND, n, need))
        for c in hand:
            rk = c >> 2
            if rk >= 3:
                for r, row in enumerate(rows):
                    if not row or row[-1] >> 2 >= rk:
                        out.append(_place(c, r + 1))
        if not out:
            out.append(STUCK)
        return out

    def candidate_moves(self) -> list[Move]:
        """The legal moves and the tempting illegal ones: any hand card to any row or
        stack, non-aces to a new stack, jokers as the needed rank, a 7 or a king, every
        row card (top or buried) and the pay-off card to every stack, and ``stuck``."""
        if self.over:
            return [STUCK]
        p = self.player
        hand = sorted(set(self.hands[p]))
        top = self.payoff[p][-1]
        n_stacks = len(self.stacks)
        out: list[Move] = list(self.legal_moves())
        targets = range(n_stacks + 2)  # new stack, every stack, one beyond the last
        for c in hand:
            for r in range(1, ROWS + 1):
                out.append(_place(c, r))
            for t in targets:
                if c == JOKER:
                    need = len(self.stacks[t - 1]) + 1 if 1 <= t <= n_stacks else 5
                    for as_rank in dict.fromkeys((need, 7, 13, 1, 2)):
                        if 1 <= as_rank <= KING:
                            out.append(_play(JOKER, HAND, t, as_rank))
                    out.append(_play(JOKER, HAND, t, 0))
                else:
                    out.append(_play(c, HAND, t))
        for t in targets:
            out.append(_play(top, PAYOFF, t))
            for r, row in enumerate(self.rows[p]):
                for c in set(row):
                    out.append(_play(c, r + 1, t))
        out.append(STUCK)
        return list(dict.fromkeys(out))

    def why_illegal(self, move: Move) -> IllegalMove:
        if self.over:
            if self.victor is None:
                return IllegalMove("SM-13", "the game is over: it was drawn")
            return IllegalMove(
                "SM-14", f"the game is over: P{self.victor} played the last pay-off card"
            )
        p = self.player
        legal = self.legal_moves()
        if isinstance(move, Stuck):
            return IllegalMove(
                "SM-12",
                f"you can still move (for example {legal[0]}), and passing is not allowed "
                "while any legal move exists",
            )
        hand = self.hands[p]
        if isinstance(move, Place):
            c = CODE_OF[move.card]
            if not 1 <= move.row <= ROWS:
                return IllegalMove("SM-4", f"you have rows 1 to {ROWS}, not row {move.row}")
            if c not in hand:
                return IllegalMove(
                    "SM-10",
                    f"only a card from your hand goes on a row, and you hold no {move.card}",
                )
            rk = c >> 2
            if c == JOKER:
                return IllegalMove(
                    "SM-5",
                    "a joker never goes in a row: it only stands in for a card on a centre stack",
                )
            if rk <= 2:
                return IllegalMove(
                    "SM-5",
                    f"{rank_name(rk)} may never go in a row (no aces or twos in rows): "
                    "it can only be played to the centre",
                )
            row = self.rows[p][move.row - 1]
            if row and row[-1] >> 2 < rk:
                return IllegalMove(
                    "SM-5",
                    f"row {move.row} shows {rank_name(row[-1] >> 2)} and rows are built "
                    f"downward, so {rank_name(rk)} cannot go on it (equal or lower ranks can)",
                )
            return self._forced_refusal()
        assert isinstance(move, Play)
        c = CODE_OF[move.card]
        # where the card comes from (SM-7)
        if move.source == PAYOFF:
            top = self.payoff[p][-1]
            if c != top:
                return IllegalMove(
                    "SM-7", f"your pay-off up-card is the {CARD_OF[top]}, not the {move.card}"
                )
        elif 1 <= move.source <= ROWS:
            row = self.rows[p][move.source - 1]
            if c not in row:
                what = "is empty" if not row else f"does not hold the {move.card}"
                return IllegalMove("SM-7", f"your row {move.source} {what}")
            if row[-1] != c:
                return IllegalMove(
                    "SM-5",
                    f"only the top card of a row may be played, and row {move.source} shows "
                    f"the {CARD_OF[row[-1]]} on top of the {move.card}",
                )
        elif move.source == HAND:
            if c not in hand:
                return IllegalMove(
                    "SM-7",
                    f"you hold no {move.card}: cards reach the centre from your hand, your "
                    "row tops or your pay-off up-card",
                )
        else:
            return IllegalMove("SM-4", f"you have rows 1 to {ROWS}")
        # what it may stand for (SM-8)
        rk = c >> 2
        if c == JOKER:
            if not move.as_rank:
                return IllegalMove(
                    "SM-8", "say which rank the joker stands for, as in 'JK as 5 → stack 2'"
                )
            if move.as_rank not in JOKER_RANKS:
                return IllegalMove(
                    "SM-8",
                    "a joker stands for any rank except ace, 2, 7 and king, so it cannot be "
                    f"{rank_name(move.as_rank)}",
                )
            rk = move.as_rank
        elif move.as_rank:
            return IllegalMove(
                "SM-8", f"only a joker stands for another rank; the {move.card} is itself"
            )
        # where it goes (SM-6)
        n_stacks = len(self.stacks)
        if move.stack == NEW:
            if rk != 1:
                return IllegalMove(
                    "SM-6", f"only an ace starts a new centre stack, not {rank_name(rk)}"
                )
        elif not 1 <= move.stack <= n_stacks:
            there = {0: "no stacks yet", 1: "only stack 1"}.get(n_stacks, f"stacks 1 to {n_stacks}")
            return IllegalMove("SM-6", f"there is no stack {move.stack}: the centre has {there}")
        else:
            need = len(self.stacks[move.stack - 1]) + 1
            if rk != need:
                if rk == 1:
                    why = "an ace only starts a new stack"
                else:
                    why = "stacks climb one rank at a time from ace to king, suits ignored"
                shows = rank_name(need - 1)
                return IllegalMove(
                    "SM-6",
                    f"stack {move.stack} shows {shows} and needs {rank_name(need)}, "
                    f"not {rank_name(rk)}: {why}",
                )
        return self._forced_refusal()

    def _forced_refusal(self) -> IllegalMove:
        forced = self._legal_moves_list(forced_only=True)
        if forced:
            first = forced[0]
            rk = CODE_OF[first.card] >> 2
            if rk == 1:
                why = f"you can play an ace ({first}), and while you can, you must play it first"
            else:
                why = (
                    f"a stack shows only its ace and you can play a 2 ({first}): "
                    "you must play it first"
                )
            return IllegalMove("SM-9", why)
        return IllegalMove("SM-12", "that is not a legal move here")

    # -- playing ---------------------------------------------------------------------

    def _copy(self) -> SpiteAndMaliceState:
        new = SpiteAndMaliceState.__new__(SpiteAndMaliceState)
        new.game = self.game
        new.rng = self.rng
        new._hist = self._hist
        new._legal = None
        new.player = self.player
        new.payoff = self.payoff
        new.hands = self.hands
        new.rows = self.rows
        new.stacks = self.stacks
        new.stock = self.stock
        new.aside = self.aside
        new.stuck = self.stuck
        new.folds = self.folds
        new.over = self.over
        new.victor = self.victor
        return new

    def _set(self, attr: str, p: int, value: Any) -> None:
        seq = list(getattr(self, attr))
        seq[p] = value
        setattr(self, attr, tuple(seq))

    def _draw(self, p: int, n: int) -> None:
        """Draw ``n`` cards to player p's hand, rebuilding the stock when it runs out."""
        hand = list(self.hands[p])
        stock = self.stock
        for _ in range(n):
            if not stock:
                if not self.aside:
                    break
                pool = list(self.aside)
                self.rng.shuffle(pool)  # SM-13
                stock = tuple(pool)
                self.aside = ()
            hand.append(stock[-1])
            stock = stock[:-1]
        self.stock = stock
        self._set("hands", p, tuple(hand))

    def _end_turn(self, p: int) -> None:
        self._draw(p, HAND_SIZE - len(self.hands[p]))  # SM-11
        self.player = 1 - p

    def _play(self, move: Move) -> None:
        p = self.player
        if isinstance(move, Play):
            c = CODE_OF[move.card]
            src = move.source
            if src == HAND:
                hand = list(self.hands[p])
                hand.remove(c)
                self._set("hands", p, tuple(hand))
            elif src == PAYOFF:
                pile = self.payoff[p][:-1]
                self._set("payoff", p, pile)
            else:
                rows = list(self.rows[p])
                rows[src - 1] = rows[src - 1][:-1]
                self._set("rows", p, tuple(rows))
            stacks = list(self.stacks)
            if move.stack == NEW:
                stacks.append((c,))
            else:
                i = move.stack - 1
                stack = stacks[i] + (c,)
                if len(stack) == KING:  # SM-6: a finished stack is set aside
                    del stacks[i]
                    self.aside += stack
                else:
                    stacks[i] = stack
            self.stacks = tuple(stacks)
            self.folds = 0
            if src == PAYOFF and not self.payoff[p]:  # SM-14
                self.over = True
                self.victor = p
                self.player = -1
                return
            if src == HAND and not self.hands[p]:  # SM-10
                self._draw(p, HAND_SIZE)
        elif isinstance(move, Place):
            c = CODE_OF[move.card]
            hand = list(self.hands[p])
            hand.remove(c)
            self._set("hands", p, tuple(hand))
            rows = list(self.rows[p])
            rows[move.row - 1] = rows[move.row - 1] + (c,)
            self._set("rows", p, tuple(rows))
            self.stuck = False
            self.folds = 0
            self._end_turn(p)
        else:  # Stuck (SM-12)
            if not self.stuck:
                self.stuck = True
                self._end_turn(p)
                return
            # both players stuck: fold (SM-12), or a drawn game (SM-13)
            if (not self.stock and not self.aside) or self.folds >= 2:
                self.over = True
                self.victor = None
                self.player = -1
                return
            self.aside += self.hands[0] + self.hands[1]
            self.hands = ((), ())
            self.folds += 1
            self.stuck = False
            self._draw(1 - p, HAND_SIZE)
            self._draw(p, HAND_SIZE)
            self.player = 1 - p

    # -- data --------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "payoff": [text_of(s) for s in self.payoff],
            "hands": [text_of(s) for s in self.hands],
            "rows": [[text_of(r) for r in rows] for rows in self.rows],
            "stacks": [text_of(s) for s in self.stacks],
            "stock": text_of(self.stock),
            "set_aside": text_of(self.aside),
            "stuck": self.stuck,
            "folds": self.folds,
            "over": self.over,
            "winner": self.victor,
        }

    def components(self) -> Counter:
        every: list[int] = [*self.stock, *self.aside]
        for p in (0, 1):
            every += self.payoff[p]
            every += self.hands[p]
            for row in self.rows[p]:
                every += row
        for s in self.stacks:
            every += s
        return Counter(CARD_OF[c] for c in every)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def picks(self, move: Move) -> tuple[str, ...]:
        """On the board, a move picks the card that moves (a hand card by name, such as
        ``5♥`` or ``JK``; the mover's ``pay-off`` up-card; the top of ``row 3``), then
        where it goes (``stack 2`` or ``row 3``). An ace starting a new stack picks only
        the ace, since that is all it can do; ``stuck`` is a button.

        >>> import gamebox
        >>> s = gamebox.load("spite-and-malice").start(seed=3)
        >>> s.picks(s.parse_move("A♦ → new stack")), s.picks(s.parse_move("J♣ → row 2"))
        (('A♦',), ('J♣', 'row 2'))
        >>> s.picks(parse_move("row 3: 9♣ → stack 1")), s.picks(parse_move("pay-off: 2♦ → stack 2"))
        (('row 3', 'stack 1'), ('pay-off', 'stack 2'))
        """
        if isinstance(move, Place):
            return (str(move.card), row_token(move.row))
        if not isinstance(move, Play):
            return ()
        if move.source == HAND:
            piece = str(move.card)
        elif move.source == PAYOFF:
            piece = PAYOFF_TOKEN
        else:
            piece = row_token(move.source)
        return (piece,) if move.stack == NEW else (piece, stack_token(move.stack))

    # -- display -----------------------------------------------------------------------

    def summary(self) -> str:
        pay = "-".join(str(len(s)) for s in self.payoff)
        ups = " ".join(str(self.up_card(p) or "--") for p in (0, 1))
        needs = ",".join(rank_symbol(n) for n in self.needs()) or "none"
        head = f"P{self.player} to move" if not self.over else "over"
        return (
            f"{head} · pay-off {pay} (up {ups}) · needs {needs} · "
            f"stock {len(self.stock)} · aside {len(self.aside)}"
        )

    def __str__(self) -> str:
        return self.describe()

    def describe(self, viewer: int | None = None) -> str:
        """The position as text (``str(state)``), showing the hand of the player to move,
        or of ``viewer`` if given: the other hand stays hidden."""
        lines = []
        if self.over:
            if self.victor is None:
                lines.append("Spite and Malice: drawn game (SM-13)")
            else:
                lines.append(
                    f"Spite and Malice: P{self.victor} wins, scoring {self.scores[self.victor]}"
                )
        else:
            lines.append(f"Spite and Malice: P{self.player} to move")
        for p in (1, 0):
            rows = " ".join(f"[{text_of(r)}]" for r in self.rows[p])
            up = self.up_card(p) or "--"
            lines.append(f"P{p} pay-off {len(self.payoff[p])} up {up} | rows {rows}")
        centre = " | ".join(
            f"{i + 1}: {text_of(s[-1:])} needs {rank_symbol(len(s) + 1)}"
            for i, s in enumerate(self.stacks)
        )
        lines.append(f"Centre: {centre or 'no stacks'}")
        if not self.over:
            p = self.player if viewer is None else viewer
            lines.append(f"P{p} hand: {text_of(sorted(self.hands[p])) or '-'}")
        lines.append(f"Stock {len(self.stock)} · set aside {len(self.aside)}")
        return "\n".join(lines)


# ------------------------------------------------------------------------- game


def _pile(value: str | Sequence[Any] | None) -> tuple[int, ...]:
    if value is None:
        return ()
    return tuple(codes(value))


class SpiteAndMalice(Game):
    """Spite and Malice as played in the 2006 post, with the rulings SM-1..SM-14."""

    name = "spite-and-malice"
    title = "Spite and Malice"
    rule_prefix = "SM"
    min_players = 2
    max_players = 2
    options_type = SpiteAndMaliceOptions
    variants = ({"jokers": 0}, {"jokers": 4})

    def resolve_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        jokers = options.get("jokers", 2)
        if not isinstance(jokers, int) or not 0 <= jokers <= 8:
            raise ValueError(f"jokers must be a whole number from 0 to 8, not {jokers!r}")
        return options

    def _all_codes(self) -> list[int]:
        pay = [CODE_OF[c] for c in standard_deck(1, 0)]
        draw = [CODE_OF[c] for c in standard_deck(1, self.options.jokers)]
        return pay + draw

    def components(self) -> Counter:
        """SM-1: a 52-card pay-off deck and a 52-card draw deck with the jokers."""
        return Counter(CARD_OF[c] for c in self._all_codes())

    def score_range(self) -> tuple[int, int]:
        return (0, PAYOFF_SIZE)

    def _new_state(self, rng: Rng) -> SpiteAndMaliceState:
        state = SpiteAndMaliceState.__new__(SpiteAndMaliceState)
        state._init_state(self, rng)
        state.player = 0
        state.payoff = ((), ())
        state.hands = ((), ())
        state.rows = (((),) * ROWS,) * 2
        state.stacks = ()
        state.stock = ()
        state.aside = ()
        state.stuck = False
        state.folds = 0
        state.over = False
        state.victor = None
        return state

    def start(self, seed: int) -> SpiteAndMaliceState:
        """Shuffle both decks with ``Rng(seed)`` and deal (SM-1, SM-2); SM-3 picks the
        first player."""
        rng = Rng(seed)
        pay = [CODE_OF[c] for c in standard_deck(1, 0)]
        draw = [CODE_OF[c] for c in standard_deck(1, self.options.jokers)]
        rng.shuffle(pay)
        rng.shuffle(draw)
        state = self._new_state(rng)
        state.payoff = (tuple(pay[:PAYOFF_SIZE]), tuple(pay[PAYOFF_SIZE:]))
        hands: tuple[list[int], list[int]] = ([], [])
        for _ in range(HAND_SIZE):
            for p in (0, 1):
                hands[p].append(draw.pop())
        state.hands = (tuple(hands[0]), tuple(hands[1]))
        state.stock = tuple(draw)
        state.player = _first_player(state.payoff)
        return state

    def setup(
        self,
        *,
        payoff: Sequence[str] = ("", ""),
        payoff_sizes: Sequence[int] | None = None,
        hands: Sequence[str] = ("", ""),
        rows: Sequence[Sequence[str]] = (("",) * ROWS, ("",) * ROWS),
        stacks: Sequence[str] = (),
        stock: str = "",
        set_aside: str = "",
        player: int | None = None,
        seed: int = 0,
        **_: Any,
    ) -> SpiteAndMaliceState:
        """An explicit position for worked examples.

        ``payoff`` (per player) and ``stock`` are written top card first (the pay-off
        up-card, the next card drawn); ``rows`` (four per player) and ``stacks`` bottom
        card first, as they are fanned. ``payoff_sizes`` pads each pay-off pile beneath
        the given cards to that many cards; every card not placed anywhere goes into the
        stock beneath the given stock cards (shuffled with ``Rng(seed)``), so the
        position always holds the whole game (SM-1). ``player`` defaults to SM-3.

        >>> import gamebox
        >>> s = gamebox.load("spite-and-malice").setup(
        ...     payoff=["5♥", "9♣"], hands=["A♠ 4♦ JK 9♥ Q♣", "3♠ 3♦ 8♥ 8♣ K♠"],
        ...     rows=[["K♠ Q♥", "", "", ""], ["", "", "", ""]], stacks=["A♦ 2♣ 3♥"],
        ...     player=0)
        >>> [str(m) for m in s.legal_moves()]
        ['A♠ → new stack']
        """
        state = self._new_state(Rng(seed))
        pay = [list(reversed(_pile(t))) for t in payoff]
        state.hands = tuple(_pile(h) for h in hands)
        state.rows = tuple(tuple(_pile(r) for r in rs) for rs in rows)
        state.stacks = tuple(_pile(s) for s in stacks)
        top_stock = list(reversed(_pile(stock)))
        state.aside = _pile(set_aside)
        used = Counter(top_stock) + Counter(state.aside)
        for p in (0, 1):
            used += Counter(pay[p]) + Counter(state.hands[p])
            for r in state.rows[p]:
                used += Counter(r)
        for s in state.stacks:
            used += Counter(s)
        pool = Counter(self._all_codes())
        if used - pool:
            extra = text_of(sorted((used - pool).elements()))
            raise ValueError(f"this position uses more cards than the game has: {extra}")
        rest = sorted((pool - used).elements())
        state.rng.shuffle(rest)
        if payoff_sizes is not None:
            for p in (0, 1):
                while len(pay[p]) < payoff_sizes[p]:
                    pay[p].insert(0, next(c for c in rest if c != JOKER))
                    rest.remove(pay[p][0])
        state.payoff = (tuple(pay[0]), tuple(pay[1]))
        if not all(state.payoff):
            raise ValueError("each player needs a pay-off pile")
        state.stock = tuple(rest + top_stock)
        state.player = _first_player(state.payoff) if player is None else player
        return state

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> SpiteAndMaliceState:
        state = self._new_state(rng)
        state.player = position["player"]
        state.payoff = tuple(_pile(s) for s in position["payoff"])
        state.hands = tuple(_pile(s) for s in position["hands"])
        state.rows = tuple(tuple(_pile(r) for r in rs) for rs in position["rows"])
        state.stacks = tuple(_pile(s) for s in position["stacks"])
        state.stock = _pile(position["stock"])
        state.aside = _pile(position["set_aside"])
        state.stuck = position["stuck"]
        state.folds = position["folds"]
        state.over = position["over"]
        state.victor = position["winner"]
        return state


def _first_player(payoff: Sequence[Sequence[int]]) -> int:
    """SM-3: the higher pay-off up-card starts (ranks only); a tie goes to player 0."""
    return 1 if payoff[1][-1] >> 2 > payoff[0][-1] >> 2 else 0
