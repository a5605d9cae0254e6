"""A sensible Spite and Malice player.

:class:`HeuristicBot` plays its pay-off card whenever it can reach it, directly or
through a chain of hand cards, row tops and jokers on one centre stack; otherwise it
empties its hand onto the centre, then plays its row tops there, wherever that does not
hand the opponent their pay-off card, and ends the turn by placing the card that keeps
its rows descending most usefully (on an equal or next-higher rank, kings on empty
rows). Row tops kept flowing complete more stacks, which go back into the stock: over
seeds 0 to 199, without that step 38 of 200 games between two of these bots were drawn
(SM-13), with it 21, and it beats the random bot in 171 of 200 games instead of 163.

:class:`BlockingBot` is the heuristic bot with a stricter idea of "safe": it plays no
card that leaves a stack one card short of the opponent's up-card, or two to four short
where all but one of the missing ranks show on the opponent's rows. It
also holds back its pay-off up-card (unless it is its own last) where the opponent's next
card would go on it: when it is one rank below the opponent's last pay-off card, and,
once the opponent is down to :data:`NEAR` pay-off cards, wherever it would leave a stack
short of their up-card as above. The heuristic blocks only the exact rank, so it built
stacks to one card below the opponent's pay-off card and the first-move player's hand or
rows supplied the card; the strong bot's search could not see that while its playouts
gave the opponent the same habit.

:class:`StrongBot` (the level "strong") is determinized Monte Carlo over the turn, on top
of the blocking bot. It takes the blocking bot's move when there is nothing to weigh: the
one legal move, a pay-off card that can go out, a forced ace or 2 (SM-9). Otherwise it
deals the cards its seat cannot see afresh (:func:`determinize`: the other hand, the
stock and both pay-off piles beneath their up-cards, from the same cards sorted first,
so their hidden order tells it nothing), at least 4 times and about 160 playouts in all
(the shared :class:`gamebox.bots.DealtBot`); from each deal and each legal move the
blocking bot plays both seats on to the end of the opponent's next turn, and scores the
pay-off cards ahead (a won or lost game counts 100). It plays another move than the
blocking bot's only when that one gained more, deal by deal, than :attr:`StrongBot.sure`
standard errors of those gains. Its reason is the blocking bot's when they agree, else
what the deals showed. Sampled deals, common to every move, keep it from peeking and keep
its choice the same for the same seed. Once the stock and the set-aside pile hold
:data:`DRY` cards or fewer, its playouts go on to the end of the game (at most
:data:`TO_THE_END` moves, :data:`DRY_BUDGET` of them, :data:`DRY_MOVES` moves in all),
and a drawn game counts :data:`DRAWN`: when the stock runs dry the game may lock up
(SM-13), which shows only later than the next turn, and a draw is no win.

Measured in seeded two-player matches (``benchmarks/matches.py``'s seeds and seats), on
seeds 0 to 99: against the player who always makes the first listed move it won 91 games,
lost 8, drew 1; against the heuristic bot it won 65, lost 31, drew 4. On seeds 2000 to
2099, used for nothing else: 85 won and 15 lost against the first-move player, 48 won, 44
lost and 8 drawn against the heuristic bot, so its edge over the heuristic bot is small.
The target of 95 against the first-move player is missed, and not because the deals are
lost ones: ``benchmarks/sm_ceiling.py``'s clairvoyant player, which sees every card (the
stock's order too), knows the opponent's bot and plays every move on to the end of the
game, won every one of the 24 games of those 200 seeds the strong bot did not win
against the first-move player, and every one of the 87 it did not win against the
heuristic bot. What the strong bot lacks is mostly what it may not see. On seeds 0 to 99
against the first-move player, its own search won 91 with a perfect model of that player
in its playouts (the opponent model is not what it misjudges), 94 when it also saw the
other hand and both pay-off piles (only the stock shuffled in its deals), and the
clairvoyant looking only to the end of the opponent's next turn won 92 and lost none (8
drawn). Against the first-move player it thinks 16.5 ms of CPU a move on average in this
CPython; its slowest move, 80 playouts to the end of the game near a dry stock, took
0.25 s.

>>> import gamebox
>>> from gamebox.bots import play
>>> game = gamebox.load("spite-and-malice")
>>> final = play(game, 1, [HeuristicBot(1), HeuristicBot(2)])
>>> final.is_over
True
"""

from __future__ import annotations

import copy

from gamebox.bots import Advice, Bot, DealtBot
from gamebox.components import CODED, JOKER_CODE
from gamebox.core import Move, State
from gamebox.games.spite_and_malice.moves import (
    HAND,
    JOKER_RANKS,
    NEW,
    PAYOFF,
    RANK,
    ROWS,
    Place,
    Play,
    play_move,
    rank_symbol,
)
from gamebox.games.spite_and_malice.rules import SpiteAndMaliceState
from gamebox.rng import Rng


def chain_to_payoff(state: SpiteAndMaliceState) -> list[Play] | None:
    """The shortest plays (hand cards first, then row tops, jokers last) that let the
    player to move put their pay-off up-card on a centre stack, or None.

    The plays are computed on one stack at a time; the last one is the pay-off card.
    """
    p = state.player
    top = state.payoff[p][-1]
    target = RANK[top]
    best: list[Play] | None = None
    for i, stack in enumerate(state.stacks):
        need = len(stack) + 1
        if need > target:
            continue
        hand = list(state.hands[p])
        rows = [list(r) for r in state.rows[p]]
        path: list[Play] = []
        if _extend(need, target, i + 1, hand, rows, path) and (
            best is None or len(path) < len(best)
        ):
            best = [*path, play_move(top, PAYOFF, i + 1)]
    return best


def _extend(
    need: int, target: int, stack: int, hand: list[int], rows: list[list[int]], path: list[Play]
) -> bool:
    if need == target:
        return True
    for c in hand:
        if RANK[c] == need:
            hand.remove(c)
            path.append(play_move(c, HAND, stack))
            if _extend(need + 1, target, stack, hand, rows, path):
                return True
            path.pop()
            hand.append(c)
            break
    for r, row in enumerate(rows):
        if row and RANK[row[-1]] == need:
            c = row.pop()
            path.append(play_move(c, r + 1, stack))
            if _extend(need + 1, target, stack, hand, rows, path):
                return True
            path.pop()
            row.append(c)
    if need in JOKER_RANKS and JOKER_CODE in hand:
        hand.remove(JOKER_CODE)
        path.append(play_move(JOKER_CODE, HAND, stack, need))
        if _extend(need + 1, target, stack, hand, rows, path):
            return True
        path.pop()
        hand.append(JOKER_CODE)
    return False


def _row_score(state: SpiteAndMaliceState, move: Place) -> tuple[int, int]:
    """Lower is better: an equal or next-higher top is ideal; empty rows are kept for
    high cards."""
    rank = move.card.rank
    row = state.rows[state.player][move.row - 1]
    score = max(0, RANK[row[-1]] - rank - 1) if row else 13 - rank + 2
    return (score, -rank)


def _what(move: Play) -> str:
    """The card a play moves and where from: ``the 5♦``, ``the joker as 5``,
    ``your row 2's 9♣``, ``your pay-off 6♥``."""
    if move.source == PAYOFF:
        return f"your pay-off {move.card}"
    if move.source != HAND:
        return f"your row {move.source}'s {move.card}"
    if move.as_rank:
        return f"the joker as {rank_symbol(move.as_rank)}"
    return f"the {move.card}"


def _to(move: Play) -> str:
    return "a new stack" if move.stack == NEW else f"stack {move.stack}"


def _reason_for_place(state: SpiteAndMaliceState, move: Place) -> str:
    row = state.rows[state.player][move.row - 1]
    if not row:
        why = "an empty row is kept for a high card, which will wait longest"
    elif RANK[row[-1]] - move.card.rank <= 1:
        why = f"right under the {CODED[row[-1]]}, the row goes down in order"
    else:
        why = "of the rows that take it, this one skips the fewest ranks"
    return f"End the turn with the {move.card} on row {move.row}: {why} (SM-10)."


def only_move(move: Move) -> Advice:
    """The advice when ``move`` is the one legal move."""
    if isinstance(move, Place):
        return Advice(
            move,
            f"End the turn with the {move.card} on row {move.row}: no other move (SM-10).",
            "SM-10",
        )
    if not isinstance(move, Play):
        return Advice(
            move, "No card can go anywhere: you are stuck and the turn passes (SM-12).", "SM-12"
        )
    if move.source == PAYOFF:
        return Advice(
            move, f"Play {_what(move)} to {_to(move)}: emptying it wins (SM-14).", "SM-14"
        )
    if 1 <= RANK[move.code] <= 2:
        return Advice(
            move,
            f"Play {_what(move)} to {_to(move)}: an ace or a 2 you can play must go first (SM-9).",
            "SM-9",
        )
    return Advice(move, f"Play {_what(move)} to {_to(move)}: no other move (SM-7).", "SM-7")


#: The heuristic's rules of thumb (see :meth:`HeuristicBot.pick`): the reason each gives
#: for a play, with the ruling it names (``{what}``, ``{to}``, ``{up}``: the mover's pay-off
#: up-card, ``{opp}``: the opponent's).
_REASONS = {
    "pay-off": (
        "Play {what} to {to}: every pay-off card played brings you closer to winning, and "
        "the last one wins (SM-14).",
        "SM-14",
    ),
    "forced": (
        "Play {what} to {to} first: while you can play an ace, or a 2 on a stack showing "
        "only its ace, you must (SM-9).",
        "SM-9",
    ),
    "chain": (
        "Play {what} to {to}: it builds that stack up to your pay-off {up}, which goes on "
        "next (SM-7).",
        "SM-7",
    ),
    "hand": (
        "Play {what} to {to}: a hand played out draws five new cards, and the stack will "
        "not need your opponent's {opp} (SM-10).",
        "SM-10",
    ),
    "row": (
        "Play {what} to {to}: it frees the card beneath and keeps the stacks moving, and "
        "the stack will not need your opponent's {opp} (SM-7).",
        "SM-7",
    ),
    "no row": (
        "Play {what} to {to}: no card of your hand fits a row, and you may not pass while "
        "you can play (SM-12).",
        "SM-12",
    ),
}


class HeuristicBot(Bot):
    """Plays to empty its pay-off pile first (see the module docstring); :meth:`advise`
    names the rule of thumb that chose the move."""

    name = "heuristic"
    #: Whether it also keeps a stack from coming within one card of the opponent's
    #: up-card, not counting the ranks their rows show (:class:`BlockingBot`).
    blocks = False

    def choose(self, state: State) -> Move:
        return self.pick(state)[0]

    def advise(self, state: State) -> Advice:
        move, why = self.pick(state)
        if why == "only":
            return only_move(move)
        assert isinstance(state, SpiteAndMaliceState)
        if why == "place":
            return Advice(move, _reason_for_place(state, move), "SM-10")
        text, rule = _REASONS[why]
        p = state.player
        up, opp = (CODED[state.payoff[q][-1]] for q in (p, 1 - p))
        return Advice(move, text.format(what=_what(move), to=_to(move), up=up, opp=opp), rule)

    def pick(self, state: State) -> tuple[Move, str]:
        """The move and the rule of thumb that chose it (a key of ``_REASONS``, or
        ``only`` for the one legal move and ``place`` for the card that ends the turn);
        the playouts of the strong bot call this alone, without the words."""
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0], "only"
        assert isinstance(state, SpiteAndMaliceState)
        plays = [m for m in legal if m.__class__ is Play]
        p, other = state.player, 1 - state.player
        opp_rank = RANK[state.payoff[other][-1]]
        stacks = state.stacks
        # the ranks the opponent shows on their rows, for a bot that blocks
        tops = {RANK[row[-1]] for row in state.rows[other] if row} if self.blocks else set()

        def fine(need: int) -> bool:
            # a stack that needs this rank must not need the opponent's up-card, nor (for
            # a bot that blocks) be within one card, besides their row tops, of needing it
            if not self.blocks or need > opp_rank or opp_rank - need > 4:
                return need != opp_rank
            return len(set(range(need, opp_rank)) - tops) > 1

        def safe(m: Play) -> bool:
            return fine(len(stacks[m.stack - 1]) + 2 if m.stack else 2)

        # a bot that blocks holds back its up-card (unless it is its own last) when the
        # stack it goes on would not be fine, once the opponent's pile is down to NEAR
        # cards: the opponent is then about to win, and that card may be their next
        hold = self.blocks and len(state.payoff[other]) <= NEAR and len(state.payoff[p]) > 1
        hold = hold and not fine(RANK[state.payoff[p][-1]] + 1)
        for m in plays:
            if m.source == PAYOFF and not hold:
                return m, "pay-off"
        if state.forced():
            return legal[0], "forced"
        chain = None if hold else chain_to_payoff(state)
        if chain:
            return chain[0], "chain"
        for m in plays:
            if m.source == HAND and m.code != JOKER_CODE and safe(m):
                return m, "hand"
        for m in plays:
            if 1 <= m.source <= ROWS and safe(m):
                return m, "row"
        places = [m for m in legal if m.__class__ is Place]
        if places:
            return min(places, key=lambda m: _row_score(state, m)), "place"
        safe_plays = [m for m in plays if safe(m)] or plays
        return safe_plays[0], "no row"


class BlockingBot(HeuristicBot):
    """The heuristic bot that blocks more: it plays no card that leaves a stack one card
    short of the opponent's up-card, or two, three or four short where all but one of
    the missing ranks show on the opponent's rows. The strong bot plays its playouts
    with it (for both seats) and starts from its advice. Once the opponent has
    :data:`NEAR` pay-off cards or fewer, it also holds back its pay-off up-card (unless it
    is its own last) where it would leave a stack short of their up-card in that way. Over
    seeds 1000 to 1299 it beat the player who always makes the first listed move in 260
    of 300 games (29 lost, 11 drawn; the heuristic bot: 235) and the heuristic bot in 136
    (120 lost, 44 drawn: the more both sides hold back, the more often the stock runs
    dry, SM-13)."""

    name = "blocking"
    blocks = True


def determinize(state: SpiteAndMaliceState, seat: int, rng: Rng) -> SpiteAndMaliceState:
    """A copy of ``state`` in which everything ``seat`` cannot see is dealt afresh from
    ``rng``: the other hand, the stock and both pay-off piles beneath their up-cards,
    refilled from the same cards (sorted first, so their old order tells nothing; no
    joker goes into a pay-off pile, SM-1), with a new generator for later shuffles."""
    other = 1 - seat
    unseen = sorted(state.hands[other] + state.stock + state.payoff[0][:-1] + state.payoff[1][:-1])
    rng.shuffle(unseen)
    plain = [c for c in unseen if c != JOKER_CODE]
    jokers = [c for c in unseen if c == JOKER_CODE]
    world = copy.copy(state)  # the same position for the seat: its legal moves hold
    world.rng = Rng(rng.next64())
    world.payoff = []
    for p in (0, 1):
        depth = len(state.payoff[p]) - 1
        world.payoff.append(tuple(plain[:depth]) + state.payoff[p][-1:])
        del plain[:depth]
    rest = plain + jokers
    rng.shuffle(rest)
    world.hands = list(state.hands)
    world.hands[other] = tuple(rest[: len(state.hands[other])])
    world.stock = tuple(rest[len(state.hands[other]) :])
    return world


#: The opponent's pay-off cards left at or below which the blocking bot holds back an
#: up-card that would bring a stack near their up-card (:meth:`HeuristicBot.pick`).
NEAR = 3
#: Cards left to draw (the stock and the set-aside pile) at or below which the strong bot
#: plays its playouts on to the end of the game: the stock is about to run dry, and
#: whether the game then locks up (SM-13) shows only later than the next turn.
DRY = 5
#: The longest of those playouts, in moves, and how many the search spends on them.
TO_THE_END, DRY_BUDGET = 100, 80
#: The most moves those playouts may make in all for one decision. The budget's worth of
#: the longest playouts is 8,000, but a position of more than 20 legal moves still gets
#: 4 deals of each (100 playouts for 25 moves, 160 for 40): the search stops at the end
#: of the last deal it has moves for (:meth:`StrongBot.weigh`, never below
#: :data:`DRY_DEALS` deals), so no position of up to 50 legal moves costs more than
#: 10,100 moves (about 0.2 s of CPU). It changed no move in the 400 seeded games of
#: ``benchmarks/matches.py`` (seeds 0-99 and 2000-2099, against the first-move player
#: and the heuristic bot; the most one decision needed in the first hundred was 9,910);
#: 8,000 changed 3 games of seeds 0-99 against the heuristic bot, 2 won ones lost.
DRY_MOVES = 10_000
#: The fewest deals that search weighs, however many moves they cost.
DRY_DEALS = 2
#: What a drawn game is worth to the strong bot: it plays to win, and a draw is no win.
DRAWN = -50.0


class StrongBot(DealtBot):
    """Determinized Monte Carlo over the turn (see the module docstring)."""

    heuristic = BlockingBot
    measure = "pay-off cards"
    #: A move must beat the blocking bot's by a standard error, deal by deal: playouts to
    #: the end of the game score 100, -100 or :data:`DRAWN`, and with so wide a spread
    #: the best-looking of a dozen means is often luck.
    sure = 1.0
    #: Whether the stock is about to run dry at the position being weighed (:data:`DRY`).
    dry = False
    #: The bot its playouts give the opponent's seat; None: the blocking bot, as its own
    #: (a measure may set the opponent's real bot, ``benchmarks/sm_ceiling.py``).
    opponent_model: Bot | None = None
    #: The moves the playouts of the decision being weighed have made.
    spent = 0

    @property
    def horizon(self) -> str:
        return "to the end of the game" if self.dry else "to your next turn"

    @property
    def budget(self) -> int:
        return DRY_BUDGET if self.dry else DealtBot.budget

    def advise(self, state: State) -> Advice:
        assert isinstance(state, SpiteAndMaliceState)
        self.dry = len(state.stock) + len(state.aside) <= DRY
        return super().advise(state)

    def settled(self, plain: Advice) -> bool:
        return plain.rule in ("SM-14", "SM-9")

    def determinize(self, state: State, seat: int) -> State:
        assert isinstance(state, SpiteAndMaliceState)
        return determinize(state, seat, self.rng)

    def explain(self, move: Move) -> tuple[str, str]:
        if isinstance(move, Place):
            return f"End the turn with the {move.card} on row {move.row}", "SM-10"
        return f"Play {_what(move)} to {_to(move)}", "SM-7"

    def weigh(self, deals: list[State], legal: list[Move], seat: int) -> dict[Move, list[float]]:
        """Near a dry stock, the deals one by one, every legal move in each, until the
        playouts have made :data:`DRY_MOVES` moves: a deal they ran out in is left out
        (unless fewer than :data:`DRY_DEALS` would remain), and so are the deals after
        it. Otherwise every deal, as :class:`~gamebox.bots.DealtBot` weighs them."""
        if not self.dry:
            return super().weigh(deals, legal, seat)
        leads: dict[Move, list[float]] = {m: [] for m in legal}
        self.spent = 0
        for done, world in enumerate(deals):
            row = []
            for m in legal:
                if done >= DRY_DEALS and self.spent >= DRY_MOVES:
                    return leads
                row.append(self.playout(world.apply(m), seat))
            for m, lead in zip(legal, row, strict=True):
                leads[m].append(lead)
        return leads

    def playout(self, state: State, me: int) -> float:
        """The blocking bot plays on to the end of the opponent's next turn, or when the
        stock is about to run dry (:attr:`dry`) to the end of the game (at most
        :data:`TO_THE_END` moves); the score is the pay-off cards ahead (a win or loss
        counts as 100, a drawn game :data:`DRAWN`). The opponent's seat is played by
        :attr:`opponent_model` if set."""
        mine = self.playout_bot
        theirs = self.opponent_model or mine
        seen_other = False
        for _ in range(TO_THE_END if self.dry else 300):
            if state.outcome is not None:
                break
            p = state.player
            if p != me:
                seen_other = True
            elif seen_other and not self.dry:
                break
            state = state.apply((mine if p == me else theirs).choose(state))
            self.spent += 1
        outcome = state.outcome
        if outcome is not None:
            won = outcome.winners
            return DRAWN if not won else 100.0 if won[0] == me else -100.0
        return float(len(state.payoff[1 - me]) - len(state.payoff[me]))
