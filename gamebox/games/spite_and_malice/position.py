"""Spite and Malice's position: the piles on the table and what reads them, the deal, a
position set up by hand, written to JSON, read back and checked. What is legal and what
a move does are the rules', in :mod:`gamebox.games.spite_and_malice.rules`.

>>> import gamebox
>>> state = gamebox.load("spite-and-malice").start(seed=3)
>>> state.current_player, str(state.up_card(0)), str(state.up_card(1))  # SM-3
(1, '6♥', '10♣')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Self

from gamebox.checks import card_list, check_types, list_of, require, whole
from gamebox.components import CODED, JOKER_CODE, Supply, codes_text, standard_codes
from gamebox.core import State
from gamebox.games.spite_and_malice.moves import (
    HAND_SIZE,
    JOKER_RANKS,
    KING,
    MAX_STACKS,
    PAYOFF_SIZE,
    RANK,
    ROWS,
    Card,
    in_hand_order,
    parse_move,
    rank_symbol,
)
from gamebox.rng import Rng

if TYPE_CHECKING:
    from gamebox.games.spite_and_malice.rules import SpiteAndMalice

# ------------------------------------------------------------------------- the position


class Position(State):
    """A position. Piles are tuples of card codes, bottom first (the top is last):
    ``payoff[p]``, ``hands[p]``, ``rows[p][r]``, ``stacks[i]``, ``stock``, ``aside``.
    ``player`` is the seat to move; once the game is over, the seat that moved last.
    ``outcome`` (see :meth:`_finish`) says who won and why the game ended. A turn has
    no stages (no ``phase``): it lasts until a card goes on a row or the player is stuck.
    """

    player: int
    payoff: list[tuple[int, ...]]
    hands: list[tuple[int, ...]]
    rows: list[tuple[tuple[int, ...], ...]]
    stacks: list[tuple[int, ...]]
    stock: tuple[int, ...]
    aside: tuple[int, ...]
    stuck: bool  # the last turn ended "stuck", and no card reached the centre since (SM-12)
    folds: int  # folds since a card last reached the centre or a row (SM-15)
    #: Never a chance node: the stock is shuffled by the state's own generator (SM-13).
    is_chance = False

    def __init__(self, game: SpiteAndMalice, rng: Rng, player: int = 0) -> None:
        """An empty table (no cards dealt yet) with ``player`` to move."""
        self._init_state(game, rng)
        self.player = player
        self.payoff, self.hands = [(), ()], [(), ()]
        self.rows = [((),) * ROWS, ((),) * ROWS]
        self.stacks = []
        self.stock = self.aside = ()
        self.stuck = False
        self.folds = 0

    @property
    def current_player(self) -> int:
        return self.player if self.outcome is None else -1

    @property
    def scores(self) -> tuple[int, ...]:
        """SM-14: the winner, whose pay-off pile is empty, scores one point per card left
        in the loser's; until then both score 0."""
        pay0, pay1 = self.payoff
        return (0 if pay0 else len(pay1), 0 if pay1 else len(pay0))

    def up_card(self, player: int) -> Card | None:
        """The face-up top card of a player's pay-off pile."""
        pile = self.payoff[player]
        return CODED[pile[-1]] if pile else None

    def needs(self) -> list[int]:
        """The rank each centre stack needs next (a stack of n cards shows rank n)."""
        return [len(s) + 1 for s in self.stacks]

    def draw_rule(self) -> str:
        """The ruling that drew a game that is over with no winner: SM-15 for a third
        fold in a row with cards still to shuffle, else SM-13 (nothing left to draw)."""
        return "SM-15" if self.folds >= 2 and (self.stock or self.aside) else "SM-13"

    def _finish(self, winner: int | None) -> None:
        """End the game: won by ``winner`` (SM-14), or drawn (see :meth:`draw_rule`)."""
        if winner is not None:
            self.end((winner,), f"P{winner} played the last card of their pay-off pile (SM-14)")
        elif self.draw_rule() == "SM-15":
            self.end((), "both players were stuck for a third fold in a row: a draw (SM-15)")
        else:
            self.end((), "both players were stuck with no card left to draw: a draw (SM-13)")

    parse_move = staticmethod(parse_move)

    def summary(self) -> str:
        pay = "-".join(str(len(s)) for s in self.payoff)
        ups = " ".join(str(self.up_card(p) or "--") for p in (0, 1))
        needs = ",".join(rank_symbol(n) for n in self.needs()) or "none"
        head = f"P{self.player} to move" if self.outcome is None else "over"
        return (
            f"{head} · pay-off {pay} (up {ups}) · needs {needs} · "
            f"stock {len(self.stock)} · aside {len(self.aside)}"
        )

    # --------------------------------------------------------------------------- set-up

    @classmethod
    def dealt(cls, game: SpiteAndMalice, seed: int) -> Self:
        """Shuffle both decks with ``Rng(seed)`` and deal (SM-1, SM-2); SM-3 picks the
        first player."""
        rng = Rng(seed)
        pay = standard_codes(1, 0)
        draw = standard_codes(1, game.options.jokers)
        rng.shuffle(pay)
        rng.shuffle(draw)
        state = cls(game, rng)
        state.payoff = [tuple(pay[:PAYOFF_SIZE]), tuple(pay[PAYOFF_SIZE:])]
        dealt = draw[: -2 * HAND_SIZE - 1 : -1]  # from the top, one card at a time, P0 first
        state.hands = [tuple(dealt[0::2]), tuple(dealt[1::2])]
        state.stock = tuple(draw[: -2 * HAND_SIZE])
        state.player = state._first_player()
        return state

    @classmethod
    def set_up(
        cls,
        game: SpiteAndMalice,
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
    ) -> Self:
        """An explicit position for worked examples (``game.setup(...)``).

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
        box = Supply(game.all_codes(), name=CODED.__getitem__)
        state = cls(game, Rng(seed))
        pay = [
            list(reversed(box.take(card_list(t, "a pay-off pile"))))
            for t in list_of(payoff, 2, "pay-off piles")
        ]
        state.hands = [box.take(card_list(h, "a hand")) for h in list_of(hands, 2, "hands")]
        state.rows = [
            tuple(box.take(card_list(r, "a row")) for r in list_of(rs, ROWS, "rows of a player"))
            for rs in list_of(rows, 2, "sets of rows")
        ]
        require(
            len(stacks) <= MAX_STACKS, f"{len(stacks)} centre stacks, but only 8 aces start one"
        )
        state.stacks = [box.take(card_list(s, "a stack")) for s in stacks]
        top_stock = list(reversed(box.take(card_list(stock, "the stock"))))
        state.aside = box.take(card_list(set_aside, "the cards set aside"))
        # the rest in the order a hand is shown, then shuffled: the same for every seed
        rest = in_hand_order(box.rest())
        state.rng.shuffle(rest)
        if payoff_sizes is not None:
            for p, size in enumerate(list_of(payoff_sizes, 2, "pay-off sizes")):
                require(
                    whole(size, 1, PAYOFF_SIZE),
                    f"a pay-off pile holds 1 to {PAYOFF_SIZE} cards, not {size!r}",
                )
                while len(pay[p]) < size:
                    pay[p].insert(0, next(c for c in rest if c != JOKER_CODE))
                    rest.remove(pay[p][0])
        state.payoff = [tuple(pay[0]), tuple(pay[1])]
        require(all(state.payoff), "each player needs a pay-off pile")
        state.stock = tuple(rest + top_stock)
        state.player = state._first_player() if player is None else player
        return state

    def _first_player(self) -> int:
        """SM-3: the higher pay-off up-card starts (ranks only); a tie goes to player 0."""
        return 1 if RANK[self.payoff[1][-1]] > RANK[self.payoff[0][-1]] else 0

    # ----------------------------------------------------------- loading and validation

    @classmethod
    def from_data(cls, game: SpiteAndMalice, position: Mapping[str, Any], rng: Rng) -> Self:
        """The position written by :meth:`to_data` (``game.state_from_data``)."""
        state = cls(game, rng, position["player"])
        state.payoff = [
            card_list(s, "a pay-off pile") for s in list_of(position["payoff"], 2, "pay-off piles")
        ]
        state.hands = [card_list(s, "a hand") for s in list_of(position["hands"], 2, "hands")]
        state.rows = [
            tuple(card_list(r, "a row") for r in list_of(rs, ROWS, "rows of a player"))
            for rs in list_of(position["rows"], 2, "sets of rows")
        ]
        stacks = position["stacks"]
        require(
            isinstance(stacks, list) and len(stacks) <= MAX_STACKS,
            f"stacks: a list of up to {MAX_STACKS} stacks",
        )
        state.stacks = [card_list(s, "a stack") for s in stacks]
        state.stock = card_list(position["stock"], "the stock")
        state.aside = card_list(position["set_aside"], "the cards set aside")
        state.stuck, state.folds = position["stuck"], position["folds"]
        check_types(state, {"stuck": bool, "folds": int})
        over, winner = position["over"], position["winner"]
        require(type(over) is bool, "over is not a bool")
        require(winner is None or whole(winner, 0, 1), f"the winner {winner!r} is not a seat")
        require(
            winner is None or over, f"P{winner} is recorded as the winner of a game still going on"
        )
        if over:
            state._finish(winner)
        return state

    def to_data(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "payoff": [codes_text(s) for s in self.payoff],
            "hands": [codes_text(s) for s in self.hands],
            "rows": [[codes_text(r) for r in rows] for rows in self.rows],
            "stacks": [codes_text(s) for s in self.stacks],
            "stock": codes_text(self.stock),
            "set_aside": codes_text(self.aside),
            "stuck": self.stuck,
            "folds": self.folds,
            "over": self.outcome is not None,
            "winner": self.winner,
        }

    def _validate(self) -> None:
        """What a reachable position shows beyond the generic checks (see SM-1..SM-14)."""
        require(0 <= self.folds <= 2, f"folds is {self.folds}; a third fold in a row ends the game")
        require(
            len(self.payoff) == len(self.hands) == len(self.rows) == 2,
            "there are two pay-off piles, two hands and two sets of rows",
        )
        require(all(len(rows) == ROWS for rows in self.rows), f"each player has {ROWS} rows (SM-4)")
        for p, (pay, hand, rows) in enumerate(zip(self.payoff, self.hands, self.rows, strict=True)):
            require(
                len(pay) <= PAYOFF_SIZE and JOKER_CODE not in pay,
                f"P{p}'s pay-off pile holds a joker or over 26 cards (SM-1, SM-2)",
            )
            require(len(hand) <= HAND_SIZE, f"P{p} holds {len(hand)} cards, more than five")
            for r, row in enumerate(rows, 1):
                ranks = [RANK[c] for c in row]
                require(
                    all(rank > 2 for rank in ranks) and ranks == sorted(ranks, reverse=True),
                    f"P{p}'s row {r} ({codes_text(row)}) does not go down, or holds "
                    "an ace, a 2 or a joker (SM-5)",
                )
        for i, stack in enumerate(self.stacks, 1):
            require(
                1 <= len(stack) < KING
                and all(
                    RANK[c] == n or (c == JOKER_CODE and n in JOKER_RANKS)
                    for n, c in enumerate(stack, 1)
                ),
                f"stack {i} ({codes_text(stack)}) does not climb from ace (SM-6)",
            )
        require(
            [p for p in (0, 1) if not self.payoff[p]] == list(self.winners),
            "the winner recorded is not the one player whose pay-off pile is empty (SM-14)",
        )

    def components(self) -> Counter:
        piles = [self.stock, self.aside, *self.payoff, *self.hands, *self.stacks]
        piles += [row for rows in self.rows for row in rows]
        return Counter(CODED[c] for pile in piles for c in pile)
