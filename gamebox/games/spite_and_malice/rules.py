"""Spite and Malice (2006 house rules): the rules as code.

Two players race to empty a 26-card *pay-off* pile onto shared *centre stacks* built
from ace up to king. Each player also keeps four private *rows* built downward. The
house rules of the 2006 post are filled out by the rulings SM-1..SM-17 (see the ``rulings`` module).

This module holds the options, the state (its legal moves, the refusals of the rest,
applying a move, the score, loading and checking a position) and the game (the deal).
The pieces and their notation (the cards as codes, the moves and their text, the tables
of the moves the engine lists) are in :mod:`gamebox.games.spite_and_malice.moves`.

>>> import gamebox
>>> game = gamebox.load("spite-and-malice")
>>> state = game.start(seed=3)
>>> state.current_player, str(state.up_card(0)), str(state.up_card(1))  # SM-3
(1, '6♥', '10♣')
>>> state.legal_moves()  # P1 holds an ace, so it must start a stack first (SM-9)
[Play('A♦ → new stack')]
>>> state.check("J♣ → row 1").rule, state.check("A♦ → row 1").rule
('SM-9', 'SM-5')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamebox.checks import card_list, check_types, list_of, require, whole
from gamebox.components import CODED, JOKER_CODE, Supply, codes_text, standard_codes
from gamebox.core import Game, IllegalMove, Move, Options, State, option, refuses
from gamebox.games.spite_and_malice.moves import (
    EMPTY_ROW,
    HAND,
    HAND_SIZE,
    JOKER_PLAYS,
    JOKER_RANKS,
    JOKER_STANDS,
    KING,
    MAX_STACKS,
    NEW,
    NONE_HELD,
    PAIR_TAKING,
    PAYOFF,
    PAYOFF_SIZE,
    PAYOFF_TOKEN,
    PLACES_ON,
    PLAYS,
    RANK,
    ROWS,
    SHOWN_ORDER,
    STUCK,
    Card,
    Place,
    Play,
    Stuck,
    in_hand_order,
    parse_move,
    rank_name,
    rank_symbol,
    row_token,
    stack_token,
)
from gamebox.rng import Rng

# ---------------------------------------------------------------------- options


@dataclass(frozen=True)
class SpiteAndMaliceOptions(Options):
    """The game's one option (SM-1)."""

    jokers: int = option(
        2, "jokers shuffled into the draw deck (the book version has 4)", rule="SM-1", low=0, high=8
    )


# ------------------------------------------------------------------------ state


def _without(cards: tuple[int, ...], code: int) -> tuple[int, ...]:
    """``cards`` less one ``code``."""
    i = cards.index(code)
    return cards[:i] + cards[i + 1 :]


class SpiteAndMaliceState(State):
    """A position. Piles are tuples of card codes, bottom first (the top is last):
    ``payoff[p]``, ``hands[p]``, ``rows[p][r]``, ``stacks[i]``, ``stock``, ``aside``.
    ``player`` is the seat to move; once the game is over, the seat that moved last.
    ``outcome`` (see :meth:`_finish`) says who won and why the game ended."""

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

    def __init__(self, game: Game, rng: Rng, player: int = 0) -> None:
        """An empty table (no cards dealt yet) with ``player`` to move."""
        self._init_state(game, rng)
        self.player = player
        self.payoff = [(), ()]
        self.hands = [(), ()]
        self.rows = [((),) * ROWS, ((),) * ROWS]
        self.stacks = []
        self.stock = ()
        self.aside = ()
        self.stuck = False
        self.folds = 0

    # -- protocol ------------------------------------------------------------------

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

    def forced(self) -> bool:
        """SM-9: whether an ace or a 2 must be played now."""
        return bool(self._forced(in_hand_order(set(self.hands[self.player]))))

    def _forced(self, hand: Sequence[int]) -> list[Move]:
        """SM-9: the plays of an ace or of a 2 on a stack showing only its ace, that the
        player to move must choose from (``hand``: their cards in hand order, once each)."""
        top = self.payoff[self.player][-1]
        out: list[Move] = []
        low = [c for c in hand if RANK[c] <= 2 and c != JOKER_CODE]
        top_rank = RANK[top]
        if not low and top_rank > 2:
            return out
        if top_rank == 1:
            out.append(PLAYS[PAYOFF][NEW][top])
        for c in low:
            if RANK[c] == 1:
                out.append(PLAYS[HAND][NEW][c])
        twos = [c for c in low if RANK[c] == 2]
        if top_rank == 2 or twos:
            for i, stack in enumerate(self.stacks, 1):
                if len(stack) == 1:
                    if top_rank == 2:
                        out.append(PLAYS[PAYOFF][i][top])
                    for c in twos:
                        out.append(PLAYS[HAND][i][c])
        return out

    def _legal_moves(self) -> list[Move]:
        p = self.player
        top = self.payoff[p][-1]
        top_rank = RANK[top]
        row1, row2, row3, row4 = self.rows[p]  # the rank each row shows (SM-4, SM-5)
        low1 = RANK[row1[-1]] if row1 else EMPTY_ROW
        low2 = RANK[row2[-1]] if row2 else EMPTY_ROW
        low3 = RANK[row3[-1]] if row3 else EMPTY_ROW
        low4 = RANK[row4[-1]] if row4 else EMPTY_ROW
        taking12, taking34 = PAIR_TAKING[low1][low2], PAIR_TAKING[low3][low4]
        hand: list[int] = []  # the hand as shown, a card held twice once (two decks)
        held = [*NONE_HELD]  # the ranks in the hand (the joker's is 0)
        places: list[Move] = []  # SM-10: the card that ends the turn, onto a row
        last = -1
        for c in sorted(self.hands[p], key=SHOWN_ORDER):
            if c != last:
                last = c
                hand.append(c)
                rank = RANK[c]
                held[rank] = True
                places += PLACES_ON[taking12[rank]][taking34[rank]][c]
        stacks = self.stacks
        if held[1] or top_rank == 1 or ((held[2] or top_rank == 2) and 1 in map(len, stacks)):
            return self._forced(hand)  # SM-9: rows hold no aces or twos (SM-5)
        joker = held[0]
        out: list[Move] = []
        for i, stack in enumerate(stacks, 1):  # SM-6, SM-7
            need = len(stack) + 1
            if top_rank == need:
                out.append(PLAYS[PAYOFF][i][top])
            if low1 == need:
                out.append(PLAYS[1][i][row1[-1]])
            if low2 == need:
                out.append(PLAYS[2][i][row2[-1]])
            if low3 == need:
                out.append(PLAYS[3][i][row3[-1]])
            if low4 == need:
                out.append(PLAYS[4][i][row4[-1]])
            if held[need]:
                for c in hand:
                    if RANK[c] == need:
                        out.append(PLAYS[HAND][i][c])
            if joker and JOKER_STANDS[need]:  # SM-8
                out.append(JOKER_PLAYS[i][need])
        if out:
            out += places
            return out
        return places or [STUCK]  # SM-12

    def candidate_moves(self) -> list[Move]:
        """The legal moves and the tempting illegal ones: any hand card to any row or
        stack, non-aces to a new stack, jokers as the needed rank, a 7 or a king, every
        row card (top or buried) and the pay-off card to every stack, and ``stuck``."""
        if self.outcome is not None:
            return [STUCK]
        p = self.player
        hand = in_hand_order(set(self.hands[p]))
        top = CODED[self.payoff[p][-1]]
        n_stacks = len(self.stacks)
        out: list[Move] = list(self.legal_moves())
        targets = range(n_stacks + 2)  # new stack, every stack, one beyond the last
        for c in hand:
            card = CODED[c]
            for r in range(1, ROWS + 1):
                out.append(Place(card, r))
            for t in targets:
                if c == JOKER_CODE:
                    need = len(self.stacks[t - 1]) + 1 if 1 <= t <= n_stacks else 5
                    for as_rank in dict.fromkeys((need, 7, 13, 1, 2)):
                        if 1 <= as_rank <= KING:
                            out.append(Play(card, HAND, t, as_rank))
                    out.append(Play(card, HAND, t, 0))
                else:
                    out.append(Play(card, HAND, t))
        for t in targets:
            out.append(Play(top, PAYOFF, t))
            for r, row in enumerate(self.rows[p], 1):
                for c in in_hand_order(set(row)):
                    out.append(Play(CODED[c], r, t))
        out.append(STUCK)
        return list(dict.fromkeys(out))

    # -- the checks: one per kind of move -----------------------------------------------

    def draw_rule(self) -> str:
        """The ruling that drew a game that is over with no winner: SM-15 for a third
        fold in a row with cards still to shuffle, else SM-13 (nothing left to draw)."""
        return "SM-15" if self.folds >= 2 and (self.stock or self.aside) else "SM-13"

    def why_over(self) -> IllegalMove:
        won = self.outcome.winners
        if not won:
            return IllegalMove(self.draw_rule(), "the game is over: it was drawn")
        return IllegalMove("SM-14", f"the game is over: P{won[0]} played the last pay-off card")

    @refuses(Stuck)
    def _why_stuck(self, move: Stuck) -> IllegalMove | None:
        """SM-12: "stuck" is legal only when no other move is."""
        for other in self.legal_moves():
            if other is not STUCK:
                return IllegalMove(
                    "SM-12",
                    f"you can still move (for example {other}), and passing is not allowed "
                    "while any legal move exists",
                )
        return None

    @refuses(Place)
    def _why_place(self, move: Place) -> IllegalMove | None:
        """SM-4, SM-5 and SM-10: a card from the hand onto a row that takes it."""
        c, row = move.code, move.row
        if not whole(row, 1, ROWS):
            return IllegalMove("SM-4", f"you have rows 1 to {ROWS}, not row {row}")
        if c is None:
            return IllegalMove(
                "SM-1", "that is no card of the two decks: cards are written like 5♥, 10♣ or JK"
            )
        p = self.player
        if c not in self.hands[p]:
            return IllegalMove(
                "SM-10", f"only a card from your hand goes on a row, and you hold no {move.card}"
            )
        rank = RANK[c]
        if c == JOKER_CODE:
            return IllegalMove(
                "SM-5",
                "a joker never goes in a row: it only stands in for a card on a centre stack",
            )
        if rank <= 2:
            return IllegalMove(
                "SM-5",
                f"{rank_name(rank)} may never go in a row (no aces or twos in rows): "
                "it can only be played to the centre",
            )
        cards = self.rows[p][row - 1]
        if cards and RANK[cards[-1]] < rank:
            return IllegalMove(
                "SM-5",
                f"row {row} shows {rank_name(RANK[cards[-1]])} and rows are built "
                f"downward, so {rank_name(rank)} cannot go on it (equal or lower ranks can)",
            )
        return self._why_not_forced(move)

    @refuses(Play)
    def _why_play(self, move: Play) -> IllegalMove | None:
        """SM-5..SM-9: a card that may leave where it is, for a stack that needs it."""
        c, source, stack, as_rank = move.code, move.source, move.stack, move.as_rank
        if c is None:
            return IllegalMove(
                "SM-1", "that is no card of the two decks: cards are written like 5♥, 10♣ or JK"
            )
        if not whole(source, HAND, PAYOFF):
            return IllegalMove(
                "SM-4",
                f"cards reach the centre from your hand, your rows 1 to {ROWS} or your "
                "pay-off pile",
            )
        p = self.player
        # where the card comes from (SM-7)
        if source == PAYOFF:
            top = self.payoff[p][-1]
            if c != top:
                return IllegalMove(
                    "SM-7", f"your pay-off up-card is the {CODED[top]}, not the {move.card}"
                )
        elif source != HAND:
            row = self.rows[p][source - 1]
            if c not in row:
                what = "is empty" if not row else f"does not hold the {move.card}"
                return IllegalMove("SM-7", f"your row {source} {what}")
            if row[-1] != c:
                return IllegalMove(
                    "SM-5",
                    f"only the top card of a row may be played, and row {source} shows "
                    f"the {CODED[row[-1]]} on top of the {move.card}",
                )
        elif c not in self.hands[p]:
            return IllegalMove(
                "SM-7",
                f"you hold no {move.card}: cards reach the centre from your hand, your "
                "row tops or your pay-off up-card",
            )
        # what it may stand for (SM-8)
        rank = RANK[c]
        if not whole(as_rank, 0, KING):
            return IllegalMove("SM-8", f"there is no rank {as_rank!r}: ranks go from ace to king")
        if c == JOKER_CODE:
            if not as_rank:
                return IllegalMove(
                    "SM-8", "say which rank the joker stands for, as in 'JK as 5 → stack 2'"
                )
            if as_rank not in JOKER_RANKS:
                return IllegalMove(
                    "SM-8",
                    "a joker stands for any rank except ace, 2, 7 and king, so it cannot be "
                    f"{rank_name(as_rank)}",
                )
            rank = as_rank
        elif as_rank:
            return IllegalMove(
                "SM-8", f"only a joker stands for another rank; the {move.card} is itself"
            )
        # where it goes (SM-6)
        n_stacks = len(self.stacks)
        if not whole(stack, NEW, n_stacks):
            there = {0: "no stacks yet", 1: "only stack 1"}.get(n_stacks, f"stacks 1 to {n_stacks}")
            return IllegalMove("SM-6", f"there is no stack {stack}: the centre has {there}")
        if stack == NEW:
            if rank != 1:
                return IllegalMove(
                    "SM-6", f"only an ace starts a new centre stack, not {rank_name(rank)}"
                )
        else:
            need = len(self.stacks[stack - 1]) + 1
            if rank != need:
                if rank == 1:
                    why = "an ace only starts a new stack"
                else:
                    why = "stacks climb one rank at a time from ace to king, suits ignored"
                return IllegalMove(
                    "SM-6",
                    f"stack {stack} shows {rank_name(need - 1)} and needs {rank_name(need)}, "
                    f"not {rank_name(rank)}: {why}",
                )
        return self._why_not_forced(move)

    def _why_not_forced(self, move: Move) -> IllegalMove | None:
        """SM-9: a move the other rules allow, refused while an ace or a 2 is forced and
        it is not one of those plays."""
        forced = self._forced(in_hand_order(set(self.hands[self.player])))
        if not forced or move in forced:
            return None
        first = forced[0]
        if first.card.rank == 1:
            why = f"you can play an ace ({first}), and while you can, you must play it first"
        else:
            why = (
                f"a stack shows only its ace and you can play a 2 ({first}): you must play it first"
            )
        return IllegalMove("SM-9", why)

    # -- playing ---------------------------------------------------------------------

    def _draw(self, p: int, n: int) -> None:
        """Draw ``n`` cards to player p's hand, top of the stock first, rebuilding the
        stock from the set-aside cards when it runs out (SM-13)."""
        hand, stock = self.hands[p], self.stock
        if 0 < n <= len(stock):  # the common case: the stock is deep enough
            self.hands[p] = hand + stock[: -n - 1 : -1]
            self.stock = stock[:-n]
            return
        while n > 0:
            if not stock:
                if not self.aside:
                    break
                pool = list(self.aside)
                self.rng.shuffle(pool)
                stock, self.aside = tuple(pool), ()
            k = min(n, len(stock))
            hand += stock[: -k - 1 : -1]
            stock = stock[:-k]
            n -= k
        self.stock = stock
        self.hands[p] = hand

    def _finish(self, winner: int | None) -> None:
        """End the game: won by ``winner`` (SM-14), or drawn (see :meth:`draw_rule`)."""
        if winner is not None:
            self.end((winner,), f"P{winner} played the last card of their pay-off pile (SM-14)")
        elif self.draw_rule() == "SM-15":
            self.end((), "both players were stuck for a third fold in a row: a draw (SM-15)")
        else:
            self.end((), "both players were stuck with no card left to draw: a draw (SM-13)")

    def _end_turn(self, p: int) -> None:
        self._draw(p, HAND_SIZE - len(self.hands[p]))  # SM-11
        self.player = 1 - p

    def _play(self, move: Move) -> None:
        p = self.player
        kind = move.__class__
        if kind is Play:
            c, source = move.code, move.source
            if source == HAND:
                self.hands[p] = _without(self.hands[p], c)
            elif source == PAYOFF:
                self.payoff[p] = self.payoff[p][:-1]
            else:
                rows = list(self.rows[p])
                rows[source - 1] = rows[source - 1][:-1]
                self.rows[p] = tuple(rows)
            if move.stack == NEW:
                self.stacks.append((c,))
            else:
                i = move.stack - 1
                stack = self.stacks[i] + (c,)
                if len(stack) == KING:  # SM-6: a finished stack is set aside
                    del self.stacks[i]
                    self.aside += stack
                else:
                    self.stacks[i] = stack
            # SM-12: a card reached the centre, so an earlier "stuck" may no longer hold
            self.stuck = False
            self.folds = 0
            if source == PAYOFF and not self.payoff[p]:  # SM-14
                self._finish(p)
            elif source == HAND and not self.hands[p]:  # SM-10
                self._draw(p, HAND_SIZE)
        elif kind is Place:
            c = move.code
            self.hands[p] = _without(self.hands[p], c)
            rows = list(self.rows[p])
            rows[move.row - 1] += (c,)
            self.rows[p] = tuple(rows)
            self.stuck = False
            self.folds = 0
            self._end_turn(p)
        elif not self.stuck:  # SM-12: the first to be stuck passes the turn
            self.stuck = True
            self._end_turn(p)
        elif (not self.stock and not self.aside) or self.folds >= 2:  # SM-13, SM-15: drawn
            self._finish(None)
        else:  # SM-12: neither player can play: both fold
            self.aside += self.hands[0] + self.hands[1]
            self.hands = [(), ()]
            self.folds += 1
            self.stuck = False
            self._draw(1 - p, HAND_SIZE)
            self._draw(p, HAND_SIZE)
            self.player = 1 - p

    # -- data --------------------------------------------------------------------------

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
        stacks = self.stacks
        require(
            len(stacks) <= MAX_STACKS, f"{len(stacks)} centre stacks, but only 8 aces start one"
        )
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
        for i, stack in enumerate(stacks, 1):
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
        every: list[int] = [*self.stock, *self.aside]
        for p in (0, 1):
            every += self.payoff[p]
            every += self.hands[p]
            for row in self.rows[p]:
                every += row
        for s in self.stacks:
            every += s
        return Counter(CODED[c] for c in every)

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
        head = f"P{self.player} to move" if self.outcome is None else "over"
        return (
            f"{head} · pay-off {pay} (up {ups}) · needs {needs} · "
            f"stock {len(self.stock)} · aside {len(self.aside)}"
        )


# ------------------------------------------------------------------------- game


class SpiteAndMalice(Game):
    """Spite and Malice as played in the 2006 post, with the rulings SM-1..SM-17."""

    name = "spite-and-malice"
    title = "Spite and Malice"
    rule_prefix = "SM"
    min_players = 2
    max_players = 2
    options_type = SpiteAndMaliceOptions
    variants = ({"jokers": 0}, {"jokers": 4})

    def _all_codes(self) -> list[int]:
        """SM-1: the pay-off deck, then the draw deck with its jokers."""
        return standard_codes(1, 0) + standard_codes(1, self.options.jokers)

    def components(self) -> Counter:
        """SM-1: a 52-card pay-off deck and a 52-card draw deck with the jokers."""
        return Counter(CODED[c] for c in self._all_codes())

    def score_range(self) -> tuple[int, int]:
        return (0, PAYOFF_SIZE)

    def start(self, seed: int) -> SpiteAndMaliceState:
        """Shuffle both decks with ``Rng(seed)`` and deal (SM-1, SM-2); SM-3 picks the
        first player."""
        rng = Rng(seed)
        pay = standard_codes(1, 0)
        draw = standard_codes(1, self.options.jokers)
        rng.shuffle(pay)
        rng.shuffle(draw)
        state = SpiteAndMaliceState(self, rng)
        state.payoff = [tuple(pay[:PAYOFF_SIZE]), tuple(pay[PAYOFF_SIZE:])]
        hands: tuple[list[int], list[int]] = ([], [])
        for _ in range(HAND_SIZE):
            for p in (0, 1):
                hands[p].append(draw.pop())
        state.hands = [tuple(hands[0]), tuple(hands[1])]
        state.stock = tuple(draw)
        state.player = _first_player(state.payoff)
        return state

    def _setup(
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
        box = Supply(self._all_codes(), name=CODED.__getitem__)
        state = SpiteAndMaliceState(self, Rng(seed))
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
        state.player = _first_player(state.payoff) if player is None else player
        return state

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> SpiteAndMaliceState:
        state = SpiteAndMaliceState(self, rng, position["player"])
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
        state.stuck = position["stuck"]
        state.folds = position["folds"]
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


def _first_player(payoff: Sequence[Sequence[int]]) -> int:
    """SM-3: the higher pay-off up-card starts (ranks only); a tie goes to player 0."""
    return 1 if RANK[payoff[1][-1]] > RANK[payoff[0][-1]] else 0
