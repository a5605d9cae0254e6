"""Milk Run: the rules as code.

Each player keeps six piles, three per colour of milk (MR-3): red cards make
strawberry milk, black cards chocolate milk. Per colour there is a *Limit* pile (the
biggest single delivery allowed, 5 while empty), a *Go* pile (a face card on top means
"go", anything else "stop") and a *Delivery* column (the deliveries made). Whoever has
30 or more in both columns wins at once (MR-11).

A turn is four moves by the same player: two draws, then two card plays (MR-4, MR-5).

>>> import gamebox
>>> game = gamebox.load("milk-run", players=2)
>>> state = game.start(seed=1)
>>> [str(m) for m in state.legal_moves()]  # the discard pile is still empty
['draw stock']
>>> state = state.apply("draw stock").apply("draw stock")
>>> state.check("draw stock")
IllegalMove('MR-5', 'you have drawn your two cards; now play two cards from your hand')

Cards are stored as small integers (``card_code``) so that states copy fast; every
text form uses the usual card notation (``10♠``, ``Q♥``, ``JK``).

>>> card_text(card_code("10♠")), RANK[card_code("Q♥")], COLOUR[card_code("Q♥")] == RED
('10♠', 12, True)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamebox.components import Card, Rank, Suit, Supply, words
from gamebox.core import Game, IllegalMove, Move, Options, State
from gamebox.rng import Rng

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

JOKER = 52
WIN = 30  # deliveries needed in each colour (MR-11)
EMPTY_LIMIT = 5  # an empty Limit pile allows deliveries up to 5 (MR-7)
HAND = 6  # cards dealt, and held between turns (MR-2, MR-5)

_SUITS = list(Suit)
#: ``CARD[code]`` is the :class:`Card` of a card code (0-51 by suit then rank, 52 joker).
CARD: tuple[Card, ...] = tuple(
    [Card.parse(f"{Rank(r).symbol}{s.value}") for s in _SUITS for r in range(1, 14)]
    + [Card.joker()]
)
TEXT: tuple[str, ...] = tuple(str(c) for c in CARD)
#: 1 (ace) to 13 (king); 0 for a joker.
RANK: tuple[int, ...] = tuple(0 if c.rank is None else int(c.rank) for c in CARD)
#: RED, BLACK, or -1 for a joker (jokers have no colour, MR-10).
COLOUR: tuple[int, ...] = tuple(
    -1 if c.suit is None else (RED if c.suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK)
    for c in CARD
)
IS_NUMBER = tuple(2 <= r <= 10 for r in RANK)
IS_FACE = tuple(r >= 11 for r in RANK)
#: Cards that show "stop" on top of a Go pile: aces and jokers (MR-8).
IS_STOP = tuple(r <= 1 for r in RANK)
_CODE = {c: i for i, c in enumerate(CARD)}
#: One deck: 52 cards and two jokers (MR-1).
DECK: tuple[int, ...] = (*range(52), JOKER, JOKER)


def card_code(text: str | Card) -> int:
    """The code of a card given as text (``"10♠"``, ``"qh"``, ``"JK"``) or a :class:`Card`."""
    card = text if isinstance(text, Card) else Card.parse(text)
    return _CODE[card]


def card_text(code: int) -> str:
    return TEXT[code]


def parse_cards(text: str | Sequence[str] | None) -> list[int]:
    """Card codes from ``"9♥ 5♦ JK"`` (or a list of card texts); empty for None."""
    return [card_code(t) for t in words(text)]


def cards_text(codes: Sequence[int]) -> str:
    return " ".join(TEXT[c] for c in codes)


def pile_index(player: int, colour: int, kind: int) -> int:
    """Where a player's pile sits in ``state.piles``: six per player, by colour and kind."""
    return 6 * player + 3 * colour + kind


# ---------------------------------------------------------------------- options


@dataclass(frozen=True)
class MilkRunOptions(Options):
    """``decks``: how many 54-card decks are shuffled together (MR-1). The source asks
    for one per player, and allows being short a deck; None means one per player."""

    decks: int | None = None


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
    """

    code: int
    pile: int
    owner: int = -1
    colour: int = -1

    @property
    def card(self) -> Card:
        return CARD[self.code]

    def __str__(self) -> str:
        head = f"{TEXT[self.code]} {ARROW} {PILE_WORD[self.pile]}"
        if self.pile == DISCARD:
            return head
        if self.owner >= 0:
            head += f" P{self.owner}"
        if self.colour != COLOUR[self.code]:
            head += f" {COLOUR_WORD[self.colour]}"
        return head

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"


DRAW_STOCK = Draw("stock")
DRAW_DISCARD = Draw("discard")
MAX_PLAYERS = 6

# Interned moves, so that listing the legal moves builds no objects.
_DISCARD = tuple(Play(c, DISCARD) for c in range(53))
_COLUMN = tuple(tuple(Play(c, COLUMN, -1, k) for k in COLOURS) for c in range(53))
_LIMIT = tuple(
    tuple(tuple(Play(c, LIMIT, q, k) for k in COLOURS) for q in range(MAX_PLAYERS))
    for c in range(53)
)
_GO = tuple(
    tuple(tuple(Play(c, GO, q, k) for k in COLOURS) for q in range(MAX_PLAYERS)) for c in range(53)
)

_MOVE_RE = re.compile(
    r"^\s*(\S+)\s*(?:→|->|to)\s*(limit|go|column|discard)"
    r"(?:\s+P?(\d+))?(?:\s+(red|black))?\s*$",
    re.IGNORECASE,
)
_STEP_NAMES = {"draw": 0, "second draw": 1, "play": 2, "second play": 3}
_STEP_TEXT = (
    "to draw (first of two cards)",
    "to draw (second of two cards)",
    "to play (first of two cards)",
    "to play (second of two cards)",
)


# ------------------------------------------------------------------------ state


class MilkRunState(State):
    """A position of Milk Run.

    ``hands[p]`` is a tuple of card codes; ``piles[pile_index(p, colour, kind)]`` a tuple
    (bottom first); ``totals[2 * p + colour]`` the sum of that Delivery column;
    ``stock`` and ``discard`` are tuples whose last card is the top. ``step`` counts the
    moves made in the turn: 0 and 1 are the draws, 2 and 3 the plays.
    """

    n: int
    hands: list[tuple[int, ...]]
    piles: list[tuple[int, ...]]
    totals: list[int]
    stock: tuple[int, ...]
    discard: tuple[int, ...]
    player: int
    step: int
    took_discard: bool
    winner_: int
    drawn: bool
    turn: int
    rebuilds: int
    stolen: int

    # -- the protocol's read-only views ---------------------------------------------

    @property
    def current_player(self) -> int:
        return -1 if self.winner_ >= 0 or self.drawn else self.player

    @property
    def is_over(self) -> bool:
        return self.winner_ >= 0 or self.drawn

    @property
    def scores(self) -> tuple[int, ...]:
        """Deliveries counted toward the goal: each column up to 30, so 60 means a win."""
        t = self.totals
        return tuple(min(t[2 * p], WIN) + min(t[2 * p + 1], WIN) for p in range(self.n))

    @property
    def winners(self) -> tuple[int, ...]:
        return (self.winner_,) if self.winner_ >= 0 else ()

    # -- reading the piles ---------------------------------------------------------

    def pile(self, player: int, colour: int, kind: int) -> tuple[int, ...]:
        return self.piles[6 * player + 3 * colour + kind]

    def limit(self, player: int, colour: int) -> int:
        """The biggest single delivery ``player`` may make in ``colour`` (MR-7)."""
        pile = self.piles[6 * player + 3 * colour]
        return RANK[pile[-1]] if pile else EMPTY_LIMIT

    def is_go(self, player: int, colour: int) -> bool:
        """Does that Go pile show a face card (MR-8)?"""
        pile = self.piles[6 * player + 3 * colour + 1]
        return bool(pile) and IS_FACE[pile[-1]]

    def total(self, player: int, colour: int) -> int:
        return self.totals[2 * player + colour]

    @property
    def hand(self) -> tuple[int, ...]:
        """The hand of the player whose turn it is."""
        return self.hands[self.player]

    # -- legal moves --------------------------------------------------------------------

    def _draws(self) -> list[Move]:
        moves: list[Move] = []
        if self.stock:
            moves.append(DRAW_STOCK)
        if self.discard and not self.took_discard:
            moves.append(DRAW_DISCARD)
        return moves

    def _legal_moves(self) -> list[Move]:
        if self.step < 2:
            return self._draws()
        p, n, piles = self.player, self.n, self.piles
        moves: list[Move] = []
        for c in sorted(set(self.hands[p])):
            k = COLOUR[c]
            if IS_NUMBER[c]:
                row = _LIMIT[c]
                moves.extend(row[q][k] for q in range(n))
                # MR-9: own column, under "go", within the limit
                if self.is_go(p, k) and RANK[c] <= self.limit(p, k):
                    moves.append(_COLUMN[c][k])
            elif IS_FACE[c]:
                row = _GO[c]
                for q in range(n):
                    go = piles[6 * q + 3 * k + 1]
                    if not go or IS_STOP[go[-1]]:
                        moves.append(row[q][k])
            elif c != JOKER:  # an ace
                row = _GO[c]
                for q in range(n):
                    go = piles[6 * q + 3 * k + 1]
                    if go and IS_FACE[go[-1]]:
                        moves.append(row[q][k])
            else:
                row = _GO[c]
                for q in range(n):
                    for k in COLOURS:
                        go = piles[6 * q + 3 * k + 1]
                        if go and IS_FACE[go[-1]] and (q == p or self._steal_ok(q, k)):
                            moves.append(row[q][k])
            moves.append(_DISCARD[c])
        return moves

    def _steal_ok(self, victim: int, colour: int) -> bool:
        """MR-10: a joker on another player's go needs your own go, and the stolen card
        (if there is one) must not exceed your own limit."""
        p = self.player
        if not self.is_go(p, colour):
            return False
        column = self.piles[6 * victim + 3 * colour + 2]
        return not column or RANK[column[-1]] <= self.limit(p, colour)

    def candidate_moves(self) -> list[Move]:
        """Every draw, and every card in hand on every pile it could be put on (legal or
        not), so that each refusal can be explained."""
        moves: list[Move] = [DRAW_STOCK, DRAW_DISCARD]
        p = self.player
        for c in sorted(set(self.hands[p])):
            for q in range(self.n):
                for k in COLOURS:
                    moves.append(_LIMIT[c][q][k])
                    moves.append(_GO[c][q][k])
                if q != p:
                    moves.append(Play(c, COLUMN, q, max(COLOUR[c], 0)))
            moves.extend(_COLUMN[c])
            moves.append(_DISCARD[c])
        return moves

    # -- refusals ---------------------------------------------------------------------

    def why_illegal(self, move: Move) -> IllegalMove:
        if self.winner_ >= 0:
            return IllegalMove("MR-11", f"the game is over: P{self.winner_} has won")
        if self.drawn:
            return IllegalMove("MR-12", "the game is over: the stock ran out for good (a draw)")
        if isinstance(move, Draw):
            return self._why_draw()
        if isinstance(move, Play):
            return self._why_play(move)
        return IllegalMove("MR-5", f"{move} is not a Milk Run move")

    def _why_draw(self) -> IllegalMove:
        if self.step >= 2:
            left = "two cards" if self.step == 2 else "one more card"
            return IllegalMove(
                "MR-5", f"you have drawn your two cards; now play {left} from your hand"
            )
        # While the game goes on, the stock is never empty at a draw (MR-12), so only
        # the discard pile can refuse one.
        if self.took_discard:
            return IllegalMove(
                "MR-4",
                "you already took the top discard this turn; the second card must come "
                "from the stock (never two from the discard pile)",
            )
        return IllegalMove("MR-4", "the discard pile is empty; draw from the stock")

    def _why_play(self, move: Play) -> IllegalMove:
        p, c = self.player, move.code
        name = TEXT[c]
        if self.step < 2:
            left = "two cards" if self.step == 0 else "one more card"
            return IllegalMove("MR-4", f"draw first: you still have {left} to draw this turn")
        if c not in self.hands[p]:
            return IllegalMove("MR-5", f"you do not hold the {name}")
        k, colour = move.colour, COLOUR_WORD[move.colour] if move.colour >= 0 else ""
        q = move.owner
        if move.pile == LIMIT:
            if not IS_NUMBER[c]:
                return IllegalMove(
                    "MR-7", f"a Limit pile takes only number cards 2 to 10, not the {name}"
                )
            if COLOUR[c] != k:
                return IllegalMove(
                    "MR-7", f"the {colour} Limit pile takes only {colour} cards, not the {name}"
                )
        elif move.pile == GO:
            return self._why_go(move)
        elif move.pile == COLUMN:
            if q >= 0 and q != p:
                return IllegalMove("MR-9", "you deliver only to your own Delivery columns")
            if not IS_NUMBER[c]:
                return IllegalMove(
                    "MR-9", f"a Delivery column takes only number cards 2 to 10, not the {name}"
                )
            if COLOUR[c] != k:
                return IllegalMove(
                    "MR-9",
                    f"the {colour} column holds {MILK[k]} milk; only {colour} cards go there",
                )
            if not self.is_go(p, k):
                return IllegalMove(
                    "MR-9",
                    f"your {colour} Go pile shows {self._go_word(p, k)}, which means stop: "
                    f"no {MILK[k]} deliveries until a face card covers it",
                )
            lim_pile = self.pile(p, k, LIMIT)
            if RANK[c] > self.limit(p, k):
                why = (
                    f"your {colour} Limit pile shows the {TEXT[lim_pile[-1]]}"
                    if lim_pile
                    else f"your {colour} Limit pile is empty, which counts as a 5"
                )
                return IllegalMove("MR-7", f"{why}, so you cannot deliver the {name}")
        return IllegalMove("MR-5", f"{move} is not possible here")

    def _go_word(self, player: int, colour: int) -> str:
        pile = self.pile(player, colour, GO)
        if not pile:
            return "nothing (an empty pile)"
        top = pile[-1]
        return "a joker" if top == JOKER else f"the {TEXT[top]}"

    def _why_go(self, move: Play) -> IllegalMove:
        p, c, q, k = self.player, move.code, move.owner, move.colour
        name, colour = TEXT[c], COLOUR_WORD[k]
        whose = "your" if q == p else f"P{q}'s"
        if IS_NUMBER[c]:
            return IllegalMove(
                "MR-8", f"a Go pile takes only face cards, aces and jokers, not the {name}"
            )
        if c != JOKER and COLOUR[c] != k:
            return IllegalMove(
                "MR-8",
                f"the {colour} Go pile takes only {colour} face cards, {colour} aces and "
                f"jokers, not the {name}",
            )
        shows = self._go_word(q, k)
        if IS_FACE[c]:
            return IllegalMove(
                "MR-8",
                f"{whose} {colour} Go pile shows {shows}; a face card goes only on an "
                "empty Go pile, an ace or a joker",
            )
        if not self.is_go(q, k):
            card = "a joker" if c == JOKER else "an ace"
            return IllegalMove(
                "MR-8" if c != JOKER else "MR-10",
                f"{whose} {colour} Go pile shows {shows}; {card} goes only on a face card",
            )
        # a joker on another player's face card: the steal conditions (MR-10)
        if not self.is_go(p, k):
            return IllegalMove(
                "MR-10",
                f"to play a joker on P{q}'s {colour} Go pile, your own {colour} Go pile must "
                f"show a face card, and it shows {self._go_word(p, k)}",
            )
        stolen = self.pile(q, k, COLUMN)[-1]
        return IllegalMove(
            "MR-10",
            f"the joker would steal P{q}'s {TEXT[stolen]}, which is above your own {colour} "
            f"limit of {self.limit(p, k)}",
        )

    # -- playing --------------------------------------------------------------------------

    def _copy(self) -> MilkRunState:
        new = MilkRunState.__new__(MilkRunState)
        d = new.__dict__
        d.update(self.__dict__)
        d["hands"] = self.hands.copy()
        d["piles"] = self.piles.copy()
        d["totals"] = self.totals.copy()
        return new

    def _play(self, move: Move) -> None:
        p = self.player
        self.stolen = -1
        if move.__class__ is Draw:
            if move.source == "stock":
                card, self.stock = self.stock[-1], self.stock[:-1]
            else:
                card, self.discard = self.discard[-1], self.discard[:-1]
                self.took_discard = True
            self.hands[p] += (card,)
            self.step += 1
            if self.step == 1:
                self._need_a_draw()
            return
        c = move.code
        hand = self.hands[p]
        i = hand.index(c)
        self.hands[p] = hand[:i] + hand[i + 1 :]
        pile = move.pile
        if pile == DISCARD:
            self.discard += (c,)
        elif pile == COLUMN:
            k = move.colour
            self.piles[6 * p + 3 * k + 2] += (c,)
            self.totals[2 * p + k] += RANK[c]
            self._check_win(p)
        else:
            q, k = move.owner, move.colour
            self.piles[6 * q + 3 * k + pile] += (c,)
            if c == JOKER and q != p:
                self._steal(q, k)
        if self.winner_ >= 0:
            return
        self.step += 1
        if self.step == 4:
            self.player = (p + 1) % self.n
            self.step = 0
            self.took_discard = False
            self.turn += 1
            self._need_a_draw()

    def _steal(self, victim: int, colour: int) -> None:
        """MR-10: the joker moves the last card of the victim's column onto yours."""
        column = self.piles[6 * victim + 3 * colour + 2]
        if not column:
            return
        card = column[-1]
        p = self.player
        self.piles[6 * victim + 3 * colour + 2] = column[:-1]
        self.totals[2 * victim + colour] -= RANK[card]
        self.piles[6 * p + 3 * colour + 2] += (card,)
        self.totals[2 * p + colour] += RANK[card]
        self.stolen = card
        self._check_win(p)

    def _check_win(self, p: int) -> None:
        """MR-11: both columns at 30 or more wins at once."""
        if self.totals[2 * p] >= WIN and self.totals[2 * p + 1] >= WIN:
            self.winner_ = p

    def _need_a_draw(self) -> None:
        """MR-12: a draw is due; rebuild an empty stock, and end the game drawn at once
        if the rebuilt stock is still empty (house rule), even if the top discard could
        still be taken."""
        if not self.stock:
            self.rebuild_stock()
            if not self.stock:
                self.drawn = True

    def rebuild_stock(self) -> None:
        """MR-12: every Limit and Go pile keeps only its top card, the discard pile its top
        three; all the other cards are shuffled into a new stock."""
        cards: list[int] = []
        piles = self.piles
        for p in range(self.n):
            for k in COLOURS:
                for kind in (LIMIT, GO):
                    i = 6 * p + 3 * k + kind
                    if len(piles[i]) > 1:
                        cards.extend(piles[i][:-1])
                        piles[i] = piles[i][-1:]
        if len(self.discard) > 3:
            cards.extend(self.discard[:-3])
            self.discard = self.discard[-3:]
        self.rng.shuffle(cards)
        self.stock = tuple(cards)
        self.rebuilds += 1

    # -- data -------------------------------------------------------------------------------

    def components(self) -> Counter:
        codes = Counter(self.stock)
        codes.update(self.discard)
        for hand in self.hands:
            codes.update(hand)
        for pile in self.piles:
            codes.update(pile)
        return Counter({CARD[c]: k for c, k in codes.items()})

    def to_data(self) -> dict[str, Any]:
        return {
            "hands": [cards_text(h) for h in self.hands],
            "piles": [
                {
                    f"{COLOUR_WORD[k]} {PILE_WORD[kind]}": cards_text(self.pile(p, k, kind))
                    for k in COLOURS
                    for kind in (LIMIT, GO, COLUMN)
                }
                for p in range(self.n)
            ],
            "stock": cards_text(self.stock),
            "discard": cards_text(self.discard),
            "player": self.player,
            "step": self.step,
            "took_discard": self.took_discard,
            "winner": self.winner_,
            "drawn": self.drawn,
            "turn": self.turn,
            "rebuilds": self.rebuilds,
            "stolen": TEXT[self.stolen] if self.stolen >= 0 else "",
        }

    def parse_move(self, text: str) -> Move:
        """Read ``draw stock``, ``draw discard`` or ``<card> → <pile> [P<n>] [red|black]``.

        >>> import gamebox
        >>> s = gamebox.load("milk-run").start(1)
        >>> s.parse_move("7h -> limit P1"), s.parse_move("JK → go black")
        (Play('7♥ → limit P1'), Play('JK → go P0 black'))
        """
        t = text.strip()
        low = t.lower()
        if low in ("draw stock", "draw discard"):
            return DRAW_STOCK if low == "draw stock" else DRAW_DISCARD
        m = _MOVE_RE.match(t)
        if not m:
            raise ValueError(f"not a Milk Run move: {text!r}")
        card_s, pile_s, owner_s, colour_s = m.groups()
        c = card_code(card_s)
        pile = PILE_WORD.index(pile_s.lower())
        if pile == DISCARD:
            if owner_s or colour_s:
                raise ValueError("there is one discard pile: write '<card> → discard'")
            return _DISCARD[c]
        if colour_s:
            k = COLOUR_WORD.index(colour_s.lower())
        elif c == JOKER:
            raise ValueError("a joker has no colour: say which pile, e.g. 'JK → go P1 red'")
        else:
            k = COLOUR[c]
        owner = self.player if owner_s is None else int(owner_s)
        if not 0 <= owner < self.n:
            raise ValueError(f"there is no player P{owner}")
        if pile == COLUMN:
            return _COLUMN[c][k] if owner == self.player else Play(c, COLUMN, owner, k)
        return (_LIMIT if pile == LIMIT else _GO)[c][owner][k]

    def picks(self, move: Move) -> tuple[str, ...]:
        """On the board, a draw picks its pile; a play picks the card, then the pile.

        >>> import gamebox
        >>> s = gamebox.load("milk-run").start(1)
        >>> s.picks(DRAW_STOCK), s.picks(s.parse_move("7h -> limit P1"))
        (('stock',), ('7♥', 'limit P1 red'))
        """
        if isinstance(move, Draw):
            return (move.source,)
        owner = self.player if move.owner < 0 else move.owner
        return (TEXT[move.code], pile_token(move.pile, owner, move.colour))

    # -- display -------------------------------------------------------------------------

    def summary(self) -> str:
        cols = ", ".join(
            f"P{p} R{self.total(p, RED)} B{self.total(p, BLACK)}" for p in range(self.n)
        )
        end = ""
        if self.winner_ >= 0:
            end = f" | P{self.winner_} wins"
        elif self.drawn:
            end = " | drawn"
        return f"turn {self.turn} | {cols} | stock {len(self.stock)}{end}"

    def status(self) -> str:
        """Who is to do what, in words."""
        if self.winner_ >= 0:
            return f"P{self.winner_} has won"
        if self.drawn:
            return "drawn: the stock ran out for good"
        return f"P{self.player} {_STEP_TEXT[self.step]}"

    def __str__(self) -> str:
        return self.describe()

    def describe(self, viewer: int | None = None) -> str:
        """The position as text, with the hand of the player to move, or of ``viewer``."""
        top3 = cards_text(self.discard[-3:]) or "-"
        lines = [
            f"Milk Run, turn {self.turn}: {self.status()}",
            f"stock {len(self.stock)} | discard {len(self.discard)}, top three (top last) {top3}",
        ]
        for p in range(self.n):
            for k in COLOURS:
                lim = self.pile(p, k, LIMIT)
                go = self.pile(p, k, GO)
                col = self.pile(p, k, COLUMN)
                head = f"P{p}" if k == RED else ""
                lines.append(
                    f"{head:<3} {COLOUR_WORD[k]:<5} limit {TEXT[lim[-1]] if lim else '(5)':<3}"
                    f" go {TEXT[go[-1]] if go else '-':<3}"
                    f" column {cards_text(col) or '-'} = {self.total(p, k)}/{WIN}"
                )
        if not self.is_over:
            p = self.player if viewer is None else viewer
            lines.append(f"P{p} holds {cards_text(sorted(self.hands[p], key=_sort_key))}")
        return "\n".join(lines)


def _sort_key(code: int) -> tuple[int, int, int]:
    """Hands sort red then black, then by rank; jokers last."""
    return (COLOUR[code] if code != JOKER else 2, RANK[code], code)


def sort_cards(codes: Sequence[int]) -> list[int]:
    return sorted(codes, key=_sort_key)


# ------------------------------------------------------------------------ game


class MilkRun(Game):
    """Milk Run for 2 to 6 players (the source: 2 or more, best with 2-4)."""

    name = "milk-run"
    title = "Milk Run"
    rule_prefix = "MR"
    min_players = 2
    max_players = MAX_PLAYERS
    options_type = MilkRunOptions
    variants = ({"decks": 1},)  # short of decks (MR-1)

    def resolve_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = dict(options)
        decks = opts.get("decks")
        if decks is None:
            opts["decks"] = players
        elif not isinstance(decks, int) or decks < 1:
            raise ValueError("decks is a whole number, at least 1")
        return opts

    def deck(self) -> list[int]:
        """Every card code in play, in a fixed order (MR-1)."""
        return list(DECK) * self.options.decks

    def components(self) -> Counter:
        return Counter(CARD[c] for c in self.deck())

    def score_range(self) -> tuple[int, int]:
        return (0, 2 * WIN)

    def _blank(self, rng: Rng) -> MilkRunState:
        s = MilkRunState.__new__(MilkRunState)
        s._init_state(self, rng)
        s.n = self.players
        s.hands = [()] * self.players
        s.piles = [()] * (6 * self.players)
        s.totals = [0] * (2 * self.players)
        s.stock = ()
        s.discard = ()
        s.player = 0
        s.step = 0
        s.took_discard = False
        s.winner_ = -1
        s.drawn = False
        s.turn = 1
        s.rebuilds = 0
        s.stolen = -1
        return s

    def start(self, seed: int) -> MilkRunState:
        """Shuffle the decks with ``Rng(seed)`` and deal six cards each, one at a time
        (MR-2); the rest is the stock and player 0 starts."""
        rng = Rng(seed)
        deck = self.deck()
        rng.shuffle(deck)
        s = self._blank(rng)
        hands: list[list[int]] = [[] for _ in range(self.players)]
        for _ in range(HAND):
            for hand in hands:
                hand.append(deck.pop())
        s.hands = [tuple(h) for h in hands]
        s.stock = tuple(deck)
        return s

    def setup(
        self,
        *,
        hands: Sequence[str | None] | Mapping[int, str] = (),
        piles: Sequence[Mapping[str, str]] | Mapping[int, Mapping[str, str]] = (),
        discard: str = "",
        stock_top: str = "",
        rest: str = "stock",
        player: int = 0,
        step: str | int = "draw",
        took_discard: bool = False,
        turn: int = 1,
        seed: int = 0,
    ) -> MilkRunState:
        """An explicit position, for worked examples.

        ``hands``: a card string per player (``"7♥ K♠ JK"``; None or missing: six cards
        dealt from the rest); ``piles``: per player, a mapping from pile names
        (``"red limit"``, ``"red go"``, ``"red column"``, ``"black limit"``, ...) to
        cards, bottom first; ``discard``: bottom first; ``stock_top``: the next cards of
        the stock, in the order they will be drawn; ``rest``: where every card not named
        goes, shuffled with ``seed`` ("stock": under ``stock_top``; "discard": under the
        discard pile); ``player``, ``step`` ("draw", "second draw", "play",
        "second play"), ``took_discard`` and ``turn`` say where in the turn we are.

        >>> import gamebox
        >>> s = gamebox.load("milk-run").setup(
        ...     hands=["6♠ 2♣ 3♦ 4♦ 7♥ 8♥"], piles=[{"black go": "K♣", "black limit": "9♠"}],
        ...     stock_top="JK 5♥", step="draw")
        >>> [str(m) for m in s.legal_moves()], s.limit(0, BLACK), s.is_go(0, BLACK)
        (['draw stock'], 9, True)
        """
        n = self.players
        s = self._blank(Rng(seed))
        box = Supply(self.deck(), name=TEXT.__getitem__)

        hand_text = dict(hands.items()) if isinstance(hands, Mapping) else dict(enumerate(hands))
        pile_text = dict(piles.items()) if isinstance(piles, Mapping) else dict(enumerate(piles))
        given_hands = {p: box.take(parse_cards(t)) for p, t in hand_text.items() if t is not None}
        for p, spec in pile_text.items():
            for key, text in spec.items():
                words = key.lower().split()
                if len(words) != 2 or words[0] not in COLOUR_WORD or words[1] not in PILE_WORD:
                    raise ValueError(f"not a pile name: {key!r} (say e.g. 'red limit')")
                k, kind = COLOUR_WORD.index(words[0]), PILE_WORD.index(words[1])
                s.piles[pile_index(p, k, kind)] = box.take(parse_cards(text))
        for p in range(n):
            for k in COLOURS:
                s.totals[2 * p + k] = sum(RANK[c] for c in s.pile(p, k, COLUMN))
        below = box.take(parse_cards(discard))
        top = box.take(parse_cards(stock_top))
        others = box.rest()
        Rng(seed).shuffle(others)
        hands_out = []
        for p in range(n):
            if p in given_hands:
                hands_out.append(given_hands[p])
            else:
                hands_out.append(tuple(others.pop() for _ in range(HAND)))
        s.hands = hands_out
        if rest == "stock":
            s.stock = tuple(others) + top[::-1]
            s.discard = below
        elif rest == "discard":
            s.stock = top[::-1]
            s.discard = tuple(others) + below
        else:
            raise ValueError("rest is 'stock' or 'discard'")
        s.player = player
        s.step = _STEP_NAMES[step] if isinstance(step, str) else int(step)
        s.took_discard = took_discard
        s.turn = turn
        for p in range(n):
            s._check_win(p)
        if s.step < 2 and not s.is_over:
            s._need_a_draw()
        return s

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> MilkRunState:
        d = position
        s = self._blank(rng)
        s.hands = [tuple(parse_cards(h)) for h in d["hands"]]
        for p, spec in enumerate(d["piles"]):
            for key, text in spec.items():
                colour_s, pile_s = key.split()
                k, kind = COLOUR_WORD.index(colour_s), PILE_WORD.index(pile_s)
                s.piles[pile_index(p, k, kind)] = tuple(parse_cards(text))
        for p in range(self.players):
            for k in COLOURS:
                s.totals[2 * p + k] = sum(RANK[c] for c in s.pile(p, k, COLUMN))
        s.stock = tuple(parse_cards(d["stock"]))
        s.discard = tuple(parse_cards(d["discard"]))
        s.player = d["player"]
        s.step = d["step"]
        s.took_discard = d["took_discard"]
        s.winner_ = d["winner"]
        s.drawn = d["drawn"]
        s.turn = d["turn"]
        s.rebuilds = d["rebuilds"]
        s.stolen = card_code(d["stolen"]) if d["stolen"] else -1
        return s
