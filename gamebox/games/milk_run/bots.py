"""A Milk Run player that plays to win.

The heuristic bot judges every legal play by the position it leads to, one card at a
time: its own deliveries (each column counted up to 30), what its Go and Limit piles
promise, the cards it keeps, and the progress of the strongest opponent, weighted
most. So it delivers whatever it may, raises its own limits when its hand holds
bigger cards, stops the leader with an ace (or a joker, stealing when it can), lowers
the leader's limits with small cards, and discards what helps it least. It draws
from the stock first, then takes the top discard when that card is worth more than
an unknown one.

Both bots say why (``advise``): one plain sentence per kind of move, naming the ruling
it rests on (:func:`explain`).

The strong bot searches its turn. At its first play it scores every pair of plays
left in the turn by :func:`evaluate` at the turn's end; the :data:`CANDIDATES` best
(one per first play) are then played on :data:`SAMPLES` deals of the cards it cannot
see (:func:`determinize`: the rivals' hands and the stock dealt again from the cards
that are not in its hand, on a pile or in the discards), each followed by the rivals'
heuristic turns, and ranked by the average evaluation after them. Its second draw
weighs the top discard the same way: the best turn that card allows against the best
turns after as many guesses at the stock's top card. It never reads a hidden card:
dealing them again leaves its advice unchanged (a test checks it).

Measured with ``benchmarks/matches.py milk-run --games 100`` (seeds 0 to 99, seats
alternating): the strong bot won 68 of 100 games against the heuristic bot (58 of 100
before its draws were searched) and 100 of 100 against the player who always
makes the first listed move (the heuristic bot wins 100 of 100 there). Thinking time,
in CPU time over three games: 14 ms a move on average, 42 ms at the slowest (the
benchmark's wall clock, on a two-core machine shared by many processes, said 177 ms
and 2 s).

>>> import gamebox
>>> from gamebox.bots import play
>>> game = gamebox.load("milk-run", players=2)
>>> final = play(game, 7, [HeuristicBot(1), HeuristicBot(2)])
>>> final.is_over, final.winners, final.turn
(True, (1,), 48)
"""

from __future__ import annotations

import functools
from collections import Counter

from gamebox.bots import Advice, Bot
from gamebox.components import CODE_RANK, CODE_TEXT, JOKER_CODE, codes_text
from gamebox.core import Move, State
from gamebox.games.milk_run.moves import (
    CODES,
    COLOUR,
    COLOUR_WORD,
    COLOURS,
    COLUMN,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    EMPTY_LIMIT,
    FIRST_DRAW,
    FIRST_PLAY,
    IS_FACE,
    IS_NUMBER,
    LIMIT,
    MILK,
    WIN,
    Draw,
)
from gamebox.games.milk_run.rules import MilkRunState
from gamebox.rng import Rng

#: What an unseen stock card is worth in hand, on average.
STOCK_CARD = 1.6
#: What reaching 30 in a colour is worth beyond the deliveries (more than any promise).
DONE = 12


def progress(state: MilkRunState, p: int) -> float:
    """How far ``p`` is from winning: per colour, the deliveries (up to 30) plus what an
    open Go pile and a high limit promise; a colour at 30 counts more than any promise."""
    # The piles read as MilkRunState.total, is_go and limit read them (without the calls:
    # the bots score every play of every turn by this).
    totals, piles = state.totals, state.piles
    value = 0.0
    for k in COLOURS:
        total = totals[2 * p + k]
        go = piles[6 * p + 3 * k + 1]
        is_go = bool(go) and IS_FACE[go[-1]]
        if total >= WIN:
            value += WIN + DONE + is_go  # an open pile guards against steals
            continue
        limit = piles[6 * p + 3 * k]
        value += total + 0.8 * ((CODE_RANK[limit[-1]] if limit else EMPTY_LIMIT) - 5)
        if is_go:
            value += 4 + 3 * total / WIN
    return value


def _number_limits(state: MilkRunState, p: int) -> tuple[int, int]:
    """What a number card is worth in ``p``'s hand depends on, per colour: -1 once that
    column is at 30, else its limit (:meth:`MilkRunState.limit`)."""
    return tuple(-1 if state.total(p, k) >= WIN else state.limit(p, k) for k in COLOURS)


@functools.cache
def _worths(limits: tuple[int, int]) -> tuple[float, ...]:
    """What keeping each card code is worth in a hand with these :func:`_number_limits`."""

    def worth(code: int) -> float:
        if code == JOKER_CODE:
            return 6.0
        if IS_FACE[code]:
            return 2.0
        if not IS_NUMBER[code]:  # an ace
            return 2.5
        limit = limits[COLOUR[code]]
        if limit < 0:
            return 0.2 * CODE_RANK[code]
        if CODE_RANK[code] <= limit:
            return 0.5 * CODE_RANK[code]
        return 0.15 * CODE_RANK[code]

    return tuple(worth(code) for code in range(CODES))


def card_value(state: MilkRunState, p: int, code: int) -> float:
    """What keeping ``code`` in ``p``'s hand is worth."""
    return _worths(_number_limits(state, p))[code]


def evaluate(state: MilkRunState, me: int) -> float:
    """The position from ``me``'s side: own progress against the opponents', the
    leader counting most, and the hand."""
    outcome = state.outcome
    if outcome is not None and outcome.winners:
        return 1e6 if outcome.winners[0] == me else -1e6
    others = sorted((progress(state, q) for q in range(state.n) if q != me), reverse=True)
    value = progress(state, me) - 1.2 * others[0] - 0.2 * sum(others[1:])
    worths = _worths(_number_limits(state, me))
    return value + sum([worths[c] for c in state.hands[me]])


class HeuristicBot(Bot):
    """Greedy one-card look-ahead on :func:`evaluate`; ties broken by the bot's rng."""

    name = "heuristic"

    def advise(self, state: State) -> Advice:
        assert isinstance(state, MilkRunState)
        move = self._pick(state)
        reason, rule = explain(state, move)
        return Advice(move, reason, rule)

    def choose(self, state: State) -> Move:
        """The move :meth:`advise` gives, without working out why (games between bots)."""
        assert isinstance(state, MilkRunState)
        return self._pick(state)

    def _pick(self, state: MilkRunState) -> Move:
        if state.phase < FIRST_PLAY:
            return draw(state)
        best = greedy_best(state, state.legal_moves())
        return best[0] if len(best) == 1 else self.rng.choice(best)


def draw(state: MilkRunState) -> Move:
    """The stock first; then the top discard when it is worth more in hand than an
    unknown card (:data:`STOCK_CARD`)."""
    legal = state.legal_moves()
    if DRAW_STOCK in legal and (state.phase == FIRST_DRAW or DRAW_DISCARD not in legal):
        return DRAW_STOCK
    if DRAW_DISCARD in legal:
        take = card_value(state, state.player, state.discard[-1]) > STOCK_CARD
        if take or DRAW_STOCK not in legal:
            return DRAW_DISCARD
    return DRAW_STOCK


def greedy_best(state: MilkRunState, legal: list[Move]) -> list[Move]:
    """The plays whose position scores highest by :func:`evaluate` (ties all listed)."""
    me = state.player
    best: list[Move] = []
    best_value = -1e18
    for move in legal:
        value = evaluate(state.apply(move), me)
        if value > best_value + 1e-9:
            best, best_value = [move], value
        elif value > best_value - 1e-9:
            best.append(move)
    return best


def _card(code: int) -> str:
    return "the joker" if code == JOKER_CODE else f"the {CODE_TEXT[code]}"


def explain(state: MilkRunState, move: Move) -> tuple[str, str]:
    """Why a player would make ``move`` at ``state``: one plain sentence naming the idea,
    and the ruling it rests on."""
    p = state.player
    if isinstance(move, Draw):
        if move == DRAW_DISCARD:
            top = _card(state.discard[-1])
            return (
                f"Take {top} from the discard pile: it is worth more to you than an "
                "unknown card from the stock.",
                "MR-4",
            )
        if state.phase == FIRST_DRAW:
            return (
                "Draw from the stock first: the top discard is still yours to take with "
                "the second draw if it helps.",
                "MR-4",
            )
        if state.took_discard or not state.discard:
            return "Draw your second card from the stock.", "MR-4"
        top = _card(state.discard[-1])
        return (
            f"Draw from the stock again: {top} on the discard pile helps you less than "
            "an unknown card would.",
            "MR-4",
        )
    after = state.apply(move)
    card, k = _card(move.code), move.colour
    colour, milk = COLOUR_WORD[k] if k >= 0 else "", MILK[k] if k >= 0 else ""
    if after.winners == (p,):
        return f"Play {card}: it takes both of your columns to 30 and wins at once.", "MR-11"
    if move.pile == DISCARD:
        return (
            f"Discard {card}: of your cards it helps you least, and the discard pile "
            "takes any card.",
            "MR-5",
        )
    if move.pile == COLUMN:
        total = after.total(p, k)
        if state.total(p, k) >= WIN:
            return (
                f"Deliver {card} although your {colour} column is past 30: a bigger "
                "column is safer from a joker.",
                "MR-13",
            )
        return (
            f"Deliver {card} to your {colour} column: {total} of the 30 {milk} milk you need.",
            "MR-9",
        )
    q = move.owner
    if move.pile == LIMIT:
        if q == p:
            return (
                f"Raise your {colour} limit to {CODE_RANK[move.code]} with {card}: "
                "bigger deliveries become allowed.",
                "MR-7",
            )
        return (
            f"Squeeze P{q}'s {colour} limit down to {CODE_RANK[move.code]} with {card}: "
            "they may deliver only small cards there.",
            "MR-7",
        )
    if move.code == JOKER_CODE:
        if q == p:
            return (
                f"Cover your own {colour} Go pile with the joker: it guards your "
                "column against a rival's joker.",
                "MR-13",
            )
        if after.stolen >= 0:
            return (
                f"Play the joker on P{q}'s {colour} Go pile: it stops them and steals "
                f"their {CODE_TEXT[after.stolen]} onto your column.",
                "MR-10",
            )
        return (
            f"Play the joker on P{q}'s {colour} Go pile: it stops their {milk} deliveries.",
            "MR-10",
        )
    if IS_FACE[move.code]:
        if q == p:
            return (
                f"Put {card} on your {colour} Go pile: a face card means go, so you may "
                f"deliver {milk} milk.",
                "MR-8",
            )
        return (
            f"Put {card} on P{q}'s {colour} Go pile: it is the least harmful place "
            "for a card you cannot use.",
            "MR-8",
        )
    if q == p:
        return (
            f"Put {card} on your own {colour} Go pile: with your column at 30 it "
            "guards it against a joker.",
            "MR-13",
        )
    return (
        f"Stop P{q} with {card} on their {colour} Go pile: no {milk} deliveries until "
        "they cover it with a face card.",
        "MR-8",
    )


class StrongBot(Bot):
    """A search over the whole turn, then determinized samples of the rivals' replies.

    See the module docstring for how it works and what it measured."""

    name = "strong"

    def advise(self, state: State) -> Advice:
        assert isinstance(state, MilkRunState)
        if state.phase < FIRST_PLAY:
            move = self._draw(state)
            return Advice(move, *explain(state, move))
        legal = state.legal_moves()
        greedy = greedy_best(state, legal)
        plans = best_turns(state, legal)
        if len(plans) > 1:
            plans = self._replies(state, plans)
        move = plans[0][1]
        reason, rule = explain(state, move)
        if move not in greedy and len(plans) > 1:
            reason = (
                f"{reason[:-1]}: over your whole turn and {SAMPLES} guesses at the hidden "
                f"cards and the replies, it did better than {greedy[0]}, the best-looking "
                "single card."
            )
        return Advice(move, reason, rule)

    def _draw(self, state: MilkRunState) -> Move:
        """The second draw, when the top discard may be taken: the best turn it allows
        against the best turns after :data:`SAMPLES` guesses at the stock's top card."""
        if state.phase == FIRST_DRAW or DRAW_DISCARD not in state.legal_moves():
            return DRAW_STOCK
        taken = state.apply(DRAW_DISCARD)
        take = best_turns(taken, taken.legal_moves())[0][0]
        stock = 0.0
        for _ in range(SAMPLES):
            drawn = determinize(state, self.rng).apply(DRAW_STOCK)
            stock += best_turns(drawn, drawn.legal_moves())[0][0]
        return DRAW_DISCARD if take > stock / SAMPLES else DRAW_STOCK

    def _replies(self, state: MilkRunState, plans: list[Plan]) -> list[Plan]:
        """The candidate turns, ranked by the position after the rivals' replies (their
        heuristic turns), averaged over :data:`SAMPLES` deals of the cards ``state``'s
        player cannot see."""
        me = state.player
        totals = [0.0] * len(plans)
        reply = HeuristicBot(self.rng.next64() >> 1)
        for _ in range(SAMPLES):
            world = determinize(state, self.rng)
            for i, (_, _, moves) in enumerate(plans):
                after = world
                for m in moves:
                    after = after.apply(m)
                for _ in range(PLIES * (state.n - 1)):
                    if after.outcome is not None or after.player == me:
                        break
                    after = after.apply(reply.choose(after))
                totals[i] += evaluate(after, me)
        order = sorted(range(len(plans)), key=lambda i: -totals[i])
        return [plans[i] for i in order]


#: A candidate turn: its value by :func:`evaluate`, its first play, and its plays.
Plan = tuple[float, Move, tuple[Move, ...]]
#: How many of the best turns the replies are sampled for.
CANDIDATES = 6
#: How many deals of the hidden cards are sampled.
SAMPLES = 6
#: The rivals' moves simulated per rival: a turn is two draws and two plays.
PLIES = 4


def best_turns(state: MilkRunState, legal: list[Move]) -> list[Plan]:
    """The turn's remaining plays (one or two), every combination scored by
    :func:`evaluate` at the end of the turn: the :data:`CANDIDATES` best, best first,
    one per first play."""
    me = state.player
    best: dict[Move, Plan] = {}
    for move in legal:
        after = state.apply(move)
        if after.outcome is not None or after.player != me:
            plan = (evaluate(after, me), move, (move,))
        else:
            plan = max(
                ((evaluate(after.apply(m), me), move, (move, m)) for m in after.legal_moves()),
                key=lambda x: x[0],
            )
        best[move] = plan
    return sorted(best.values(), key=lambda x: -x[0])[:CANDIDATES]


def determinize(state: MilkRunState, rng: Rng) -> MilkRunState:
    """``state`` with every card its player cannot see (the rivals' hands and the
    stock) dealt again at random, consistent with what is in sight: the same sizes,
    and only cards not seen in the player's hand, on the piles or in the discards."""
    me = state.player
    unseen = Counter(state.game.deck())
    unseen.subtract(state.hands[me])
    unseen.subtract(state.discard)
    for pile in state.piles:
        unseen.subtract(pile)
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    data = state.to_data()
    for q in range(state.n):
        if q != me:
            size = len(state.hands[q])
            data["hands"][q] = codes_text(pool[:size])
            pool = pool[size:]
    data["stock"] = codes_text(pool)
    return state.game.state_from_data(data, Rng(rng.next64() >> 1))
