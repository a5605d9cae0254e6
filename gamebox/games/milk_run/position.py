"""Milk Run's position: what is on the table and how it is read, dealt, set up, loaded
and checked. The rules that change it (legal moves, refusals, playing a move) are in
:mod:`gamebox.games.milk_run.rules`, whose ``MilkRunState`` is a :class:`Position`.

>>> import gamebox
>>> state = gamebox.load("milk-run").start(seed=1)
>>> [len(hand) for hand in state.hands], len(state.stock), state.limit(0, RED)
([6, 6], 96, 5)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Self

from gamebox.checks import card_list, flags, per_seat, require, whole
from gamebox.components import (
    CODE_RANK,
    CODE_TEXT,
    CODED,
    JOKER_CODE,
    Supply,
    card_code,
    codes_text,
)
from gamebox.core import Game, Move, State, shorten
from gamebox.games.milk_run.moves import (
    _PHASE_NAMES,
    _PILE_KEYS,
    BLACK,
    CODES,
    COLOUR,
    COLOUR_WORD,
    COLOURS,
    COLUMN,
    EMPTY_LIMIT,
    FIRST_DRAW,
    FIRST_PLAY,
    GO,
    HAND,
    IS_FACE,
    IS_NUMBER,
    LIMIT,
    MOST_IN_HAND,
    PILE_NAME,
    RED,
    WIN,
    Draw,
    parse_move,
    pile_index,
    pile_token,
)
from gamebox.rng import Rng

#: The fields a position's JSON holds as they are: ``from_data`` reads them back
#: unchanged, for ``_validate`` to check (and ``step``, the JSON's name of the phase).
_PLAIN = ("player", "took_discard", "turn", "rebuilds")

# ------------------------------------------------------------------------- the position


class Position(State):
    """A position of Milk Run.

    ``hands[p]`` is a tuple of card codes; ``piles[pile_index(p, colour, kind)]`` a tuple
    (bottom first); ``totals[2 * p + colour]`` the sum of that Delivery column;
    ``stock`` and ``discard`` are tuples whose last card is the top. ``phase``, the
    turn's stage, counts the moves made in the turn (the module constants
    ``FIRST_DRAW``, ``SECOND_DRAW``, ``FIRST_PLAY``, ``SECOND_PLAY`` of
    :mod:`~gamebox.games.milk_run.moves`: two draws, then two plays). ``stolen`` is the
    card the last move stole (-1: none). A win (MR-11) or a draw (MR-12) ends the game
    through :meth:`_finish`, which records the :attr:`outcome`.
    """

    n: int
    hands: list[tuple[int, ...]]
    piles: list[tuple[int, ...]]
    totals: list[int]
    stock: tuple[int, ...]
    discard: tuple[int, ...]
    player: int
    phase: int
    took_discard: bool
    turn: int
    rebuilds: int
    stolen: int
    #: Never a chance node: draws come from the stock the state's generator shuffled.
    is_chance = False

    def __init__(self, game: Game, rng: Rng) -> None:
        """An empty table: no cards anywhere, player 0 to draw on turn 1."""
        self._init_state(game, rng)
        n = game.players
        self.n = n
        self.hands = [()] * n
        self.piles = [()] * (6 * n)
        self.totals = [0] * (2 * n)
        self.stock = ()
        self.discard = ()
        self.player = 0
        self.phase = FIRST_DRAW
        self.took_discard = False
        self.turn = 1
        self.rebuilds = 0
        self.stolen = -1

    @property
    def current_player(self) -> int:
        return self.player if self.outcome is None else -1

    @property
    def drawn(self) -> bool:
        """Did the stock run out for good (MR-12)?"""
        outcome = self.outcome
        return outcome is not None and not outcome.winners

    @property
    def scores(self) -> tuple[int, ...]:
        """Deliveries counted toward the goal: each column up to 30, so 60 means a win."""
        t = self.totals
        return tuple(min(t[2 * p], WIN) + min(t[2 * p + 1], WIN) for p in range(self.n))

    def pile(self, player: int, colour: int, kind: int) -> tuple[int, ...]:
        return self.piles[6 * player + 3 * colour + kind]

    def limit(self, player: int, colour: int) -> int:
        """The biggest single delivery ``player`` may make in ``colour`` (MR-7)."""
        pile = self.piles[6 * player + 3 * colour]
        return CODE_RANK[pile[-1]] if pile else EMPTY_LIMIT

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

    def _finish(self, winner: int) -> None:
        """End the game: ``winner`` has 30 in both colours (MR-11), or -1: the stock ran
        out for good, a draw (MR-12)."""
        if winner < 0:
            self.end((), "the stock ran out for good: a draw (MR-12)")
        else:
            self.end((winner,), f"P{winner} delivered 30 in both colours (MR-11)")

    def parse_move(self, text: str) -> Move:
        """A move from its text (see :func:`~gamebox.games.milk_run.moves.parse_move`).

        >>> import gamebox
        >>> gamebox.load("milk-run").start(1).parse_move("JK → go black")
        Play('JK → go P0 black')
        """
        return parse_move(text, self.player, self.n)

    def picks(self, move: Move) -> tuple[str, ...]:
        """On the board, a draw picks its pile; a play picks the card, then the pile.

        >>> import gamebox
        >>> s = gamebox.load("milk-run").start(1)
        >>> s.picks(s.parse_move("draw stock")), s.picks(s.parse_move("7h -> limit P1"))
        (('stock',), ('7♥', 'limit P1 red'))
        """
        if isinstance(move, Draw):
            return (move.source,)
        owner = self.player if move.owner < 0 else move.owner
        return (CODE_TEXT[move.code], pile_token(move.pile, owner, move.colour))

    def summary(self) -> str:
        cols = ", ".join(
            f"P{p} R{self.total(p, RED)} B{self.total(p, BLACK)}" for p in range(self.n)
        )
        end = ""
        if self.winners:
            end = f" | P{self.winners[0]} wins"
        elif self.drawn:
            end = " | drawn"
        return f"turn {self.turn} | {cols} | stock {len(self.stock)}{end}"

    # --------------------------------------------------------------------------- set-up

    @classmethod
    def deal(cls, game: Game, seed: int) -> Self:
        """Shuffle the decks with ``Rng(seed)`` and deal six cards each, one at a time
        (MR-2); the rest is the stock and player 0 starts."""
        rng = Rng(seed)
        deck = game.deck()
        rng.shuffle(deck)
        s = cls(game, rng)
        hands: list[list[int]] = [[] for _ in range(game.players)]
        for _ in range(HAND):
            for hand in hands:
                hand.append(deck.pop())
        s.hands = [tuple(h) for h in hands]
        s.stock = tuple(deck)
        return s

    @classmethod
    def set_up(
        cls,
        game: Game,
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
    ) -> Self:
        """An explicit position, for worked examples (``game.setup(...)``, where the
        rules then read it: a win, or a stock to rebuild).

        ``hands``: a card string per player (``"7♥ K♠ JK"``; None or missing: six cards
        dealt from the rest); ``piles``: per player, a mapping from pile names
        (``"red limit"``, ``"red go"``, ``"red column"``, ``"black limit"``, ...) to
        cards, bottom first; ``discard``: bottom first; ``stock_top``: the next cards of
        the stock, in the order they will be drawn; ``rest``: where every card not named
        goes, shuffled with ``seed`` ("stock": under ``stock_top``; "discard": under the
        discard pile); ``player``, ``step`` (the phase: "draw", "second draw", "play",
        "second play"), ``took_discard`` and ``turn`` say where in the turn we are.

        >>> import gamebox
        >>> s = gamebox.load("milk-run").setup(
        ...     hands=["6♠ 2♣ 3♦ 4♦ 7♥ 8♥"], piles=[{"black go": "K♣", "black limit": "9♠"}],
        ...     stock_top="JK 5♥", step="draw")
        >>> [str(m) for m in s.legal_moves()], s.limit(0, BLACK), s.is_go(0, BLACK)
        (['draw stock'], 9, True)
        >>> gamebox.load("milk-run").setup(hands=["7♥", "8♥", "9♥"])
        Traceback (most recent call last):
        ...
        ValueError: 3 hands for 2 players
        """
        n = game.players
        s = cls(game, Rng(seed))
        box = Supply(game.deck(), name=CODE_TEXT.__getitem__)
        hand_text = per_seat(hands, n, "hands")
        dealt = {
            p: box.take(card_list(t, f"P{p}'s hand")) for p, t in hand_text.items() if t is not None
        }
        for p, spec in per_seat(piles, n, "piles").items():
            if not isinstance(spec, Mapping):
                raise TypeError(f"P{p}'s piles are a mapping such as {{'red limit': '9♥'}}")
            for key, text in spec.items():
                name = " ".join(key.lower().split()) if isinstance(key, str) else None
                require(
                    name in _PILE_KEYS,
                    f"not a pile name: {shorten(repr(key))} (say e.g. 'red limit')",
                )
                k, kind = divmod(_PILE_KEYS.index(name), 3)
                s.piles[pile_index(p, k, kind)] = box.take(card_list(text, f"P{p}'s {name}"))
        s._sum_columns()
        below = box.take(card_list(discard, "the discard pile"))
        top = box.take(card_list(stock_top, "the top of the stock"))
        others = box.rest()
        Rng(seed).shuffle(others)
        for p in range(n):
            if p not in dealt:
                require(
                    len(others) >= HAND, f"only {len(others)} cards are left to deal P{p} a hand"
                )
                dealt[p] = tuple(others.pop() for _ in range(HAND))
        s.hands = [dealt[p] for p in range(n)]
        require(rest in ("stock", "discard"), "rest is 'stock' or 'discard'")
        if rest == "stock":
            s.stock, s.discard = tuple(others) + top[::-1], below
        else:
            s.stock, s.discard = top[::-1], tuple(others) + below
        s.player = player
        if isinstance(step, str) and step in _PHASE_NAMES:
            s.phase = _PHASE_NAMES[step]
        else:
            require(whole(step, 0, 3), f"step is one of {', '.join(_PHASE_NAMES)} (or 0 to 3)")
            s.phase = step
        s.took_discard = took_discard
        s.turn = turn
        return s

    def _sum_columns(self) -> None:
        """Each Delivery column's total, from its cards (a set-up or a loaded position)."""
        for p in range(self.n):
            for k in COLOURS:
                self.totals[2 * p + k] = sum(CODE_RANK[c] for c in self.pile(p, k, COLUMN))

    # ----------------------------------------------------------- loading and validation

    @classmethod
    def from_data(cls, game: Game, position: Mapping[str, Any], rng: Rng) -> Self:
        """The position :meth:`to_data` wrote (``game.state_from_data``)."""
        d, n = position, game.players
        s = cls(game, rng)
        hands, piles = d["hands"], d["piles"]
        if not isinstance(hands, list) or not isinstance(piles, list):
            raise TypeError("hands and piles are lists, one item per player")
        require(
            len(hands) == n and len(piles) == n, f"{n} players have {n} hands and {n} sets of piles"
        )
        s.hands = [card_list(h, f"P{p}'s hand") for p, h in enumerate(hands)]
        for p, spec in enumerate(piles):
            require(
                isinstance(spec, Mapping) and sorted(spec) == sorted(_PILE_KEYS),
                f"P{p}'s piles are the six: {', '.join(_PILE_KEYS)}",
            )
            for i, key in enumerate(_PILE_KEYS):
                s.piles[6 * p + i] = card_list(spec[key], f"P{p}'s {key}")
        s._sum_columns()
        s.stock = card_list(d["stock"], "the stock")
        s.discard = card_list(d["discard"], "the discard pile")
        for name in _PLAIN:
            setattr(s, name, d[name])
        s.phase = d["step"]
        winner, drawn, stolen = d["winner"], d["drawn"], d["stolen"]
        require(
            whole(winner, -1, n - 1), f"the winner {shorten(repr(winner))} is no seat (or -1: none)"
        )
        require(flags(drawn), "drawn is True or False")
        if winner >= 0 or drawn:
            s._finish(winner)
        require(isinstance(stolen, str), "stolen is a card's text, or empty")
        s.stolen = card_code(stolen) if stolen else -1
        return s

    def to_data(self) -> dict[str, Any]:
        return {
            **{name: getattr(self, name) for name in _PLAIN},
            "step": self.phase,
            "hands": [codes_text(h) for h in self.hands],
            "piles": [
                {key: codes_text(self.piles[6 * p + i]) for i, key in enumerate(_PILE_KEYS)}
                for p in range(self.n)
            ],
            "stock": codes_text(self.stock),
            "discard": codes_text(self.discard),
            "winner": self.winners[0] if self.winners else -1,
            "drawn": self.drawn,
            "stolen": CODE_TEXT[self.stolen] if self.stolen >= 0 else "",
        }

    def components(self) -> Counter:
        codes = Counter(self.stock)
        codes.update(self.discard)
        for hand in self.hands:
            codes.update(hand)
        for pile in self.piles:
            codes.update(pile)
        return Counter({CODED[c]: k for c, k in codes.items()})

    def _validate(self) -> None:
        """What the generic checks leave out: the sizes of hands and pile lists, what
        each pile may hold (MR-7, MR-8, MR-9), where in the turn we are, and a winner or
        draw that the position shows."""
        n = self.n
        for p, hand in enumerate(self.hands):
            require(
                len(hand) <= MOST_IN_HAND, f"P{p} holds {len(hand)} cards; a hand holds at most 8"
            )
        require(
            whole(self.phase, 0, 3),
            f"step {shorten(repr(self.phase))} is not 0 to 3 (draw to second play)",
        )
        require(flags(self.took_discard), "took_discard is True or False")
        require(
            whole(self.turn, 1, 10**9) and whole(self.rebuilds, 0, 10**9),
            "the turn counts from 1, the rebuilds from 0",
        )
        require(
            not (self.took_discard and self.phase == FIRST_DRAW),
            "the top discard was taken this turn, yet nothing was drawn",
        )
        for p in range(n):
            for k in COLOURS:
                for kind in (LIMIT, GO, COLUMN):
                    for c in self.pile(p, k, kind):
                        require(
                            c == JOKER_CODE or (COLOUR[c] == k and not IS_NUMBER[c])
                            if kind == GO
                            else COLOUR[c] == k and IS_NUMBER[c],
                            f"the {CODE_TEXT[c]} cannot be on P{p}'s {COLOUR_WORD[k]} "
                            f"{PILE_NAME[kind]}",
                        )
        reached = tuple(p for p in range(n) if min(self.totals[2 * p : 2 * p + 2]) >= WIN)
        who = " and ".join(f"P{p}" for p in reached) or "nobody"
        recorded = " and ".join(f"P{p}" for p in self.winners) or "none"
        require(
            reached == self.winners,
            f"the columns show {who} at 30 in both colours (MR-11), yet the winner "
            f"recorded is {recorded}",
        )
        require(not (self.drawn and self.stock), "a drawn game has an empty stock (MR-12)")
        require(
            self.is_over or self.phase >= FIRST_PLAY or self.stock,
            "a draw is due from an empty stock: MR-12 rebuilds it at once",
        )
        require(
            self.stolen == -1 or (whole(self.stolen, 0, CODES - 1) and IS_NUMBER[self.stolen]),
            "a joker steals a number card from a Delivery column (MR-10)",
        )
