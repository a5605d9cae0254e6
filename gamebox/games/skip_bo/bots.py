"""A heuristic Skip-Bo player.

Its priorities, in order:

1. play its reserve card whenever it can: directly, or by the cheapest run leading up to
   it (fewest Skip-Bo cards spent, then fewest hand cards, as many helper cards as
   possible cleared), one card at a time;
2. block an opponent about to go out: a hand card (or, under option #2, a helper card)
   on the pile her reserve card would take;
3. play numbered hand cards that fit, unless that hands the next player her reserve
   card; empty hands are refilled at once (SB-13), so playing out pays;
4. discard to keep runs: onto an empty helper stack, a card equal to the top, or (under
   option #1, which forbids two plays in a row from one stack) two below the top, so
   that a run alternates between stacks as in the source's example; never bury a
   Skip-Bo card, and never discard one while another card will do.

:class:`StrongBot` (the level "strong") is determinized Monte Carlo over the turn. It
takes the heuristic's move when there is nothing to weigh: the one legal move, or a
reserve card that can go out. Otherwise it deals the cards its seat cannot see afresh
(:func:`determinize`: the other hands, the deck and every reserve beneath its face-up
card, her own too, from the same cards sorted first, so their hidden order tells it
nothing), at least 4 times and about 160 playouts in all (the shared
:class:`gamebox.bots.DealtBot`); from each deal and
each legal move the heuristic plays every seat on to the end of the seat's own next turn
(a discard pays off only then). A deal's end counts the reserve cards it is ahead of the
nearest opponent (a won or lost hand counts 100), less half a card (:data:`FED`) when the
next player's reserve card fits a build pile at once. The same deals serve every move,
so each is compared with the heuristic's move deal by deal: it plays another move only
when that one gained more than :data:`SURE` standard errors of those paired differences
(with a dozen moves and a few deals each, the best-looking mean is often luck), and
otherwise the heuristic's, whose reason it then gives; else it says what the deals
showed. Measured in seeded two-player matches (``benchmarks/matches.py``'s seeds and
seats, 0 to 99): it won 72 of 100 games against the heuristic bot and 99 of 100 against
the player who always makes the first listed move (the heuristic bot wins all 100), with
32 to 40 ms of CPU a move on average and 0.24 s at most, in this CPython. (Before the
standard-error test was made exact, so that a move gaining in one deal only no longer
counts as clearly better, it had won 77 and 100; before the standard-error rule and the
fed card, 49 of 84 against the heuristic bot.)

>>> import gamebox
>>> from gamebox.bots import play
>>> game = gamebox.load("skip-bo", players=2)
>>> final = play(game, 4, [HeuristicBot(1), HeuristicBot(2)])
>>> final.is_over, len(final.winners)
(True, 1)
"""

from __future__ import annotations

import copy

from gamebox.bots import Advice, Bot, DealtBot
from gamebox.core import Move
from gamebox.games.skip_bo.leadup import reaches, top_bits
from gamebox.games.skip_bo.moves import (
    HAND,
    PASS,
    PILES,
    RESERVE,
    RUN,
    STACK,
    STACKS,
    TEXT,
    WILD,
    Block,
    Discard,
    Play,
    bits,
)
from gamebox.games.skip_bo.position import PLAYING
from gamebox.games.skip_bo.rules import SkipBoState
from gamebox.rng import Rng

#: What a run's card costs the bot: a Skip-Bo card from the hand is dear, a numbered
#: hand card a little (the hand refills), and a helper card a gain (it clears a stack).
COST = {(HAND, True): 7.0, (HAND, False): 1.0, (STACK, True): -0.5, (STACK, False): -0.5}
#: What the strong bot's playout counts against a deal that ends with the next player's
#: reserve card fitting a build pile at once: it will most likely go down.
FED = 0.5
#: How many standard errors a move must beat the heuristic's move by, deal by deal.
SURE = 1.0


def best_run(state: SkipBoState) -> list[tuple[int, int, int, int]] | None:
    """The cheapest run of the player to move that carries a build pile up to her
    numbered reserve card and ends on it: its plays ``(source, stack, card, pile)``, the
    reserve card last; None if there is none, or if her reserve card is a Skip-Bo card
    (that one is played at once, anywhere). While a run is under way (SB-9) it goes on
    on that pile; else it uses at least one helper card. Lowest total :data:`COST` wins,
    the first found on a tie (piles in order, hand cards before helper cards)."""
    p = state.player
    reserve = state.reserves[p]
    if not reserve or reserve[-1] == WILD:
        return None
    r = reserve[-1]
    hand = state.hands[p]
    stacks = [state.helper(p, s) for s in range(STACKS)]
    alternating = bool(state.game.options.alternating)
    running = state.lead >= 0
    last = state.last_stack if alternating else -1
    depths = [len(st) for st in stacks]
    tops, dead = top_bits(stacks, depths, last), set()
    numbers, wilds = bits(hand), hand.count(WILD)
    best: tuple[float, list[tuple[int, int, int, int]]] | None = None
    for k in [state.lead] if running else range(PILES):
        need = state.need(k)
        if need == r and not running:
            continue  # the reserve card goes on directly
        if not reaches(numbers, wilds, stacks, depths, need, r, last, alternating, tops, dead):
            continue  # no way at all up to the reserve card: no cheapest one either
        values = RUN[need][r]
        found = _cheapest(values, hand, stacks, alternating, state.last_stack, running)
        if found is not None and (best is None or found[0] < best[0]):
            best = (found[0], [(src, s, c, k) for src, s, c in found[1]] + [(RESERVE, -1, r, k)])
    return None if best is None else best[1]


def _cheapest(
    values: tuple[int, ...],
    hand: tuple[int, ...],
    stacks: list[tuple[int, ...]],
    alternating: bool,
    last: int,
    helped: bool,
) -> tuple[float, list[tuple[int, int, int]]] | None:
    """The cheapest plays ``(source, stack, card)`` that lay ``values`` in order, with
    their cost (a helper card among them unless ``helped``); memoised by position."""
    depths = [len(st) for st in stacks]
    wilds = hand.count(WILD)
    memo: dict[tuple, tuple[float, list[tuple[int, int, int]]] | None] = {}

    def go(i: int, wilds: int, last: int, helped: bool) -> tuple | None:
        if i == len(values):
            return (0.0, []) if helped else None
        key = (i, wilds, last, helped, *depths)
        if key in memo:
            return memo[key]
        v = values[i]
        best = None
        options: list[tuple[int, int, int]] = []
        if v in hand:
            options.append((HAND, -1, v))
        elif wilds:
            options.append((HAND, -1, WILD))
        for s in range(STACKS):
            d = depths[s]
            if d and not (alternating and s == last) and stacks[s][d - 1] in (v, WILD):
                options.append((STACK, s, stacks[s][d - 1]))
        for src, s, c in options:
            if src == STACK:
                depths[s] -= 1
                rest = go(i + 1, wilds, s, True)
                depths[s] += 1
            else:
                rest = go(i + 1, wilds - (c == WILD), last, helped)
            if rest is not None:
                cost = COST[src, c == WILD] + rest[0]
                if best is None or cost < best[0]:
                    best = (cost, [(src, s, c), *rest[1]])
        memo[key] = best
        return best

    return go(0, wilds, last if alternating else -1, helped)


def _card(card: int, value: int) -> str:
    """``the 7``, ``a Skip-Bo card as 7``."""
    return f"a Skip-Bo card as {value}" if card == WILD else f"the {card}"


def _what(move: Play) -> str:
    """The card a play moves and where from: ``your reserve 9``, ``the 5``, ``your
    stack 2's 8``."""
    if move.src == RESERVE:
        return f"your reserve {TEXT[move.card]}"
    if move.src == STACK:
        return f"your stack {move.stack + 1}'s {TEXT[move.card]}"
    return _card(move.card, move.value)


def _to(move: Play | Block) -> str:
    return f"pile {move.pile + 1}"


def only_move(state: SkipBoState, move: Move) -> Advice:
    """The advice when ``move`` is the one legal move."""
    if move.__class__ is Discard:
        return Advice(
            move,
            f"End the turn: discard the {TEXT[move.card]} on your stack {move.stack + 1}, "
            "your one move (SB-12).",
            "SB-12",
        )
    if move.__class__ is Play:
        if move.src == RESERVE:
            return Advice(
                move, f"Play {_what(move)} to {_to(move)}: the last one wins (SB-15).", "SB-15"
            )
        if state.lead >= 0:
            return Advice(
                move,
                f"Play {_what(move)} to {_to(move)}: a run goes on until your reserve "
                "card is down (SB-9).",
                "SB-9",
            )
        return Advice(move, f"Play {_what(move)} to {_to(move)}: your one move (SB-7).", "SB-7")
    if move.__class__ is Block:
        return Advice(move, f"{move}: your one move (SB-11).", "SB-11")
    return Advice(move, "You hold no card to discard: pass (SB-17).", "SB-17")


class HeuristicBot(Bot):
    """Plays its reserve card whenever a run reaches it; discards to keep runs;
    :meth:`advise` names the priority that chose the move."""

    name = "heuristic"

    def advise(self, state: SkipBoState) -> Advice:
        legal = state.legal_moves()
        if len(legal) == 1:
            return only_move(state, legal[0])
        for m in legal:
            if m.__class__ is Play and m.src == RESERVE:
                return Advice(
                    m,
                    f"Play {_what(m)} to {_to(m)}: every reserve card played brings you "
                    "closer to winning, and the last one wins (SB-15).",
                    "SB-15",
                )
        if state.phase == PLAYING:
            run = best_run(state)
            if run:
                src, s, c, k = run[0]
                move = Play(src, c, k, state.need(k), s)
                if state.is_legal(move):
                    r = TEXT[state.reserves[state.player][-1]]
                    return Advice(
                        move,
                        f"Play {_what(move)} to {_to(move)}: it leads that pile up to your "
                        f"reserve {r}, the cheapest way there (SB-9).",
                        "SB-9",
                    )
        threat = self._threats(state)
        if threat:
            for m in legal:
                if m.__class__ is Play and m.pile in threat and m.card != WILD:
                    return Advice(
                        m, _blocking(state, m, "now that pile needs another number"), "SB-6"
                    )
            for m in legal:
                if m.__class__ is Block:
                    return Advice(m, _blocking(state, m, "block it with a helper card"), "SB-11")
            for m in legal:
                if m.__class__ is Play and m.pile in threat:
                    return Advice(
                        m, _blocking(state, m, "a Skip-Bo card takes that place"), "SB-14"
                    )
        plays = [m for m in legal if m.__class__ is Play and m.card != WILD]
        if plays:
            nxt = state.reserve_top((state.player + 1) % state.n)
            good = [m for m in plays if nxt is None or nxt == WILD or m.value + 1 != nxt]
            if good:
                # hand cards first (they refill), helper cards (modern game) next
                m = min(good, key=lambda m: (m.src != HAND, -m.value))
                if m.src == HAND:
                    why, rule = "a hand played out is refilled with five cards at once", "SB-13"
                else:
                    why, rule = "it uncovers the helper card beneath", "SB-8"
                return Advice(
                    m,
                    f"Play {_what(m)} to {_to(m)}: {why} ({rule}).",
                    rule,
                )
        discards = [m for m in legal if m.__class__ is Discard]
        if not discards:
            if PASS in legal:
                return Advice(PASS, "You hold no card to discard: pass (SB-17).", "SB-17")
            return only_move(state, legal[0])
        # max() keeps the first of equals: the legal order breaks ties
        m = max(discards, key=lambda m: self._discard_value(state, m))
        return Advice(m, _discard_reason(state, m), "SB-12")

    @staticmethod
    def _threats(state: SkipBoState) -> set[int]:
        """Piles an opponent near going out could fill with her reserve card now."""
        limit = state.game.options.block_threshold
        needs = state.needs
        out: set[int] = set()
        for q in range(state.n):
            res = state.reserves[q]
            if q == state.player or not res or len(res) > limit or res[-1] == WILD:
                continue
            out.update(k for k in range(PILES) if needs[k] == res[-1])
        return out

    @staticmethod
    def _discard_value(state: SkipBoState, move: Discard) -> float:
        c = move.card
        st = state.helper(state.player, move.stack)
        alternating = state.game.options.alternating
        if c == WILD:
            return -100.0
        score = 0.0
        if not st:
            score += 3
        else:
            t = st[-1]
            if t == WILD:
                score -= 20
            elif t == c:
                score += 2.5
            elif t == c + 1:
                score += 1 if alternating else 4
            elif t == c + 2 and alternating:
                score += 3.5
            else:
                score -= 1 + 0.2 * len(st)
                if t < c:
                    score -= 1  # buries a lower card that will be needed sooner
        # discard cards far from what the piles and the reserve need
        res = state.reserve_top(state.player)
        if res is not None and res != WILD and c < res:
            score -= 0.5 * (1 if res - c <= 3 else 0)
        score += 0.1 * c
        return score


def _blocking(state: SkipBoState, move: Play | Block, how: str) -> str:
    """Why a move spoils the pile an opponent's reserve card would fill."""
    for q in range(state.n):
        top = state.reserve_top(q)
        if q != state.player and top == state.need(move.pile):
            left = len(state.reserves[q])
            what = str(move) if move.__class__ is Block else f"Play {_what(move)} to {_to(move)}"
            rule = _RULE[move.__class__, move.card == WILD]
            return (
                f"{what}: P{q} has {left} reserve card{'s' if left > 1 else ''} left and her "
                f"{TEXT[top]} fits that pile, so {how} ({rule})."
            )
    raise ValueError("no opponent's reserve card fits that pile")


_RULE = {
    (Play, False): "SB-6",
    (Play, True): "SB-14",
    (Block, False): "SB-11",
    (Block, True): "SB-11",
}


def _discard_reason(state: SkipBoState, move: Discard) -> str:
    """Why the bot discards ``move.card`` where it does (see ``_discard_value``)."""
    c = move.card
    st = state.helper(state.player, move.stack)
    t = st[-1] if st else None
    if c == WILD:
        why = "only Skip-Bo cards are left to discard"
    elif t is None:
        why = "an empty stack takes any card without burying one"
    elif t == c:
        why = f"on the other {TEXT[c]}, nothing is buried out of order"
    elif t == c + 1:
        why = f"right under the {TEXT[t]}, the stack plays down in order"
    elif t == c + 2 and state.game.options.alternating:
        why = f"two below the {TEXT[t]}, a run can take turns with another stack (SB-10)"
    else:
        why = "every stack is out of order for it, and this one hides the least"
    return f"End the turn with the {TEXT[c]} on your stack {move.stack + 1}: {why} (SB-12)."


def determinize(state: SkipBoState, seat: int, rng: Rng) -> SkipBoState:
    """A copy of ``state`` in which everything ``seat`` cannot see is dealt afresh from
    ``rng``: the other hands, the deck, and every reserve beneath its face-up top card
    (her own too), refilled from the same cards, sorted first so that their old order
    tells nothing; with a new generator for later shuffles (SB-19)."""
    others = [q for q in range(state.n) if q != seat]
    unseen = sorted(
        [c for q in others for c in state.hands[q]]
        + [c for r in state.reserves for c in r[:-1]]
        + list(state.deck)
    )
    rng.shuffle(unseen)
    world = copy.copy(state)  # the same position for the seat: its legal moves hold
    world.rng = Rng(rng.next64())
    reserves = []
    for r in state.reserves:
        depth = max(len(r) - 1, 0)
        reserves.append(tuple(unseen[:depth]) + r[-1:])
        del unseen[:depth]
    world.reserves = tuple(reserves)
    world.hands = list(state.hands)
    for q in others:
        size = len(state.hands[q])
        world.hands[q] = tuple(sorted(unseen[:size]))
        del unseen[:size]
    world.deck = tuple(unseen)
    return world


class StrongBot(DealtBot):
    """Determinized Monte Carlo over the turn (see the module docstring)."""

    heuristic = HeuristicBot
    horizon = "through your next turn"
    measure = "reserve cards"
    sure = SURE

    def settled(self, plain: Advice) -> bool:
        return plain.rule == "SB-15"

    def determinize(self, state: SkipBoState, seat: int) -> SkipBoState:
        return determinize(state, seat, self.rng)

    def explain(self, move: Move) -> tuple[str, str]:
        if move.__class__ is Discard:
            card, stack = TEXT[move.card], move.stack + 1
            return f"End the turn with the {card} on your stack {stack}", "SB-12"
        if move.__class__ is Block:
            return str(move), "SB-11"
        return f"Play {_what(move)} to {_to(move)}", "SB-7"

    def playout(self, state: SkipBoState, me: int) -> float:
        """The heuristic plays on to the end of the seat's next turn (a discard pays off
        then); the score is the reserve cards ahead of the nearest opponent (a win or a
        loss counts as 100)."""
        bot = self.playout_bot
        turns, last = 0, me
        for _ in range(600):
            if state.is_over:
                break
            if state.player != last:
                turns, last = turns + 1, state.player
                if turns > state.n:
                    break
            state = state.apply(bot.choose(state))
        if state.winner is not None:
            return 100.0 if state.winner == me else -100.0
        mine = len(state.reserves[me])
        lead = min(len(r) for q, r in enumerate(state.reserves) if q != me) - mine
        # the next player's reserve card fits a pile at once: half a card lost (SB-6)
        top = state.reserve_top(state.player) if state.player != me else None
        fed = top is not None and (top == WILD or top in state.needs)
        return lead - FED * fed
