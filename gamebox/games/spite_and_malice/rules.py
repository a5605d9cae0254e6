"""Spite and Malice (2006 house rules): the rules of play as code.

The options, the state's rules (its legal moves, the refusals of the rest, applying a
move: the rulings SM-4..SM-17 of the ``rulings`` module) and the game. The state is a
:class:`~gamebox.games.spite_and_malice.position.Position` (the piles, the deal, loading
and checking a position); the cards, the moves and their text are in
:mod:`gamebox.games.spite_and_malice.moves`.

>>> import gamebox
>>> state = gamebox.load("spite-and-malice").start(seed=3)
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

from gamebox.checks import whole
from gamebox.components import CODED, JOKER_CODE, standard_codes
from gamebox.core import Game, IllegalMove, Move, Options, option, refuses
from gamebox.games.spite_and_malice.moves import (
    EMPTY_ROW,
    HAND,
    HAND_SIZE,
    JOKER_PLAYS,
    JOKER_RANKS,
    JOKER_STANDS,
    KING,
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
    Place,
    Play,
    Stuck,
    in_hand_order,
    rank_name,
    row_token,
    stack_token,
)
from gamebox.games.spite_and_malice.position import Position
from gamebox.rng import Rng

# ------------------------------------------------------------------------------ options


@dataclass(frozen=True)
class SpiteAndMaliceOptions(Options):
    """The game's one option (SM-1)."""

    jokers: int = option(
        2,
        "jokers shuffled into the draw deck (4 for a first game, as in the book version)",
        rule="SM-1",
        low=0,
        high=8,
    )


# -------------------------------------------------------------------------- legal moves

#: Why a move whose card is no card of the game is refused (SM-1).
NO_CARD = "that is no card of the two decks: cards are written like 5♥, 10♣ or JK"


class SpiteAndMaliceState(Position):
    """A position (see :class:`Position`) with the rules of play."""

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

    def picks(self, move: Move) -> tuple[str, ...]:
        """On the board, a move picks the card that moves (a hand card by name, such as
        ``5♥`` or ``JK``; the mover's ``pay-off`` up-card; the top of ``row 3``), then
        where it goes (``stack 2`` or ``row 3``). An ace starting a new stack picks only
        the ace, since that is all it can do; ``stuck`` is a button.

        >>> import gamebox
        >>> s = gamebox.load("spite-and-malice").start(seed=3)
        >>> s.picks(s.parse_move("A♦ → new stack")), s.picks(s.parse_move("J♣ → row 2"))
        (('A♦',), ('J♣', 'row 2'))
        >>> [s.picks(s.parse_move(t)) for t in ("row 3: 9♣ → stack 1", "pay-off: 2♦ → stack 2")]
        [('row 3', 'stack 1'), ('pay-off', 'stack 2')]
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

    # ------------------------------------------------------------------------- refusals

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
            return IllegalMove("SM-1", NO_CARD)
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
            return IllegalMove("SM-1", NO_CARD)
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

    # ------------------------------------------------------------------- playing a move

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


def _without(cards: tuple[int, ...], code: int) -> tuple[int, ...]:
    """``cards`` less one ``code``."""
    i = cards.index(code)
    return cards[:i] + cards[i + 1 :]


# ----------------------------------------------------------------------------- the game


class SpiteAndMalice(Game):
    """Spite and Malice as played in the 2006 post, with the rulings SM-1..SM-17."""

    name = "spite-and-malice"
    title = "Spite and Malice"
    rule_prefix = "SM"
    min_players = 2
    max_players = 2
    options_type = SpiteAndMaliceOptions
    variants = ({"jokers": 0}, {"jokers": 4})

    def all_codes(self) -> list[int]:
        """SM-1: the pay-off deck, then the draw deck with its jokers."""
        return standard_codes(1, 0) + standard_codes(1, self.options.jokers)

    def components(self) -> Counter:
        """SM-1: a 52-card pay-off deck and a 52-card draw deck with the jokers."""
        return Counter(CODED[c] for c in self.all_codes())

    def score_range(self) -> tuple[int, int]:
        return (0, PAYOFF_SIZE)

    def start(self, seed: int) -> SpiteAndMaliceState:
        return SpiteAndMaliceState.dealt(self, seed)

    def _setup(self, **position: Any) -> SpiteAndMaliceState:
        return SpiteAndMaliceState.set_up(self, **position)

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> SpiteAndMaliceState:
        return SpiteAndMaliceState.from_data(self, position, rng)
