"""A Milk Run player that plays to win.

The heuristic bot judges every legal play by the position it leads to, one card at a
time: its own deliveries (each column counted up to 30), what its Go and Limit piles
promise, the cards it keeps, and the progress of the strongest opponent, weighted
most. So it delivers whatever it may, raises its own limits when its hand holds
bigger cards, stops the leader with an ace (or a joker, stealing when it can), lowers
the leader's limits with small cards, and discards what helps it least. It draws
from the stock first, then takes the top discard when that card is worth more than
an unknown one.

>>> import gamebox
>>> from gamebox.bots import play
>>> game = gamebox.load("milk-run", players=2)
>>> final = play(game, 7, [HeuristicBot(1), HeuristicBot(2)])
>>> final.is_over, final.winners, final.turn
(True, (1,), 48)
"""

from __future__ import annotations

from gamebox.bots import Bot
from gamebox.components import CODE_RANK, JOKER_CODE
from gamebox.core import Move, State
from gamebox.games.milk_run.rules import (
    COLOUR,
    COLOURS,
    DRAW_DISCARD,
    DRAW_STOCK,
    IS_FACE,
    IS_NUMBER,
    WIN,
    MilkRunState,
)

#: What an unseen stock card is worth in hand, on average.
STOCK_CARD = 1.6
#: What reaching 30 in a colour is worth beyond the deliveries (more than any promise).
DONE = 12


def progress(state: MilkRunState, p: int) -> float:
    """How far ``p`` is from winning: per colour, the deliveries (up to 30) plus what an
    open Go pile and a high limit promise; a colour at 30 counts more than any promise."""
    value = 0.0
    for k in COLOURS:
        total = state.total(p, k)
        if total >= WIN:
            value += WIN + DONE + state.is_go(p, k)  # an open pile guards against steals
            continue
        value += total + 0.8 * (state.limit(p, k) - 5)
        if state.is_go(p, k):
            value += 4 + 3 * total / WIN
    return value


def card_value(state: MilkRunState, p: int, code: int) -> float:
    """What keeping ``code`` in ``p``'s hand is worth."""
    if code == JOKER_CODE:
        return 6.0
    k = COLOUR[code]
    short = state.total(p, k) < WIN
    if IS_FACE[code]:
        return 2.0
    if not IS_NUMBER[code]:  # an ace
        return 2.5
    if not short:
        return 0.2 * CODE_RANK[code]
    if CODE_RANK[code] <= state.limit(p, k):
        return 0.5 * CODE_RANK[code]
    return 0.15 * CODE_RANK[code]


def evaluate(state: MilkRunState, me: int) -> float:
    """The position from ``me``'s side: own progress against the opponents', the
    leader counting most, and the hand."""
    if state.winner_ >= 0:
        return 1e6 if state.winner_ == me else -1e6
    others = sorted((progress(state, q) for q in range(state.n) if q != me), reverse=True)
    value = progress(state, me) - 1.2 * others[0] - 0.2 * sum(others[1:])
    return value + sum(card_value(state, me, c) for c in state.hands[me])


class HeuristicBot(Bot):
    """Greedy one-card look-ahead on :func:`evaluate`; ties broken by the bot's rng."""

    name = "heuristic"

    def choose(self, state: State) -> Move:
        assert isinstance(state, MilkRunState)
        legal = state.legal_moves()
        me = state.player
        if state.step < 2:
            if DRAW_STOCK in legal and (state.step == 0 or DRAW_DISCARD not in legal):
                return DRAW_STOCK
            if DRAW_DISCARD in legal:
                take = card_value(state, me, state.discard[-1]) > STOCK_CARD
                if take or DRAW_STOCK not in legal:
                    return DRAW_DISCARD
            return DRAW_STOCK
        best: list[Move] = []
        best_value = -1e18
        for move in legal:
            value = evaluate(state.apply(move), me)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif value > best_value - 1e-9:
                best.append(move)
        return best[0] if len(best) == 1 else self.rng.choice(best)
