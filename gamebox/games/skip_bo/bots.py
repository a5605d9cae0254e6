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

>>> import gamebox
>>> from gamebox.bots import play
>>> game = gamebox.load("skip-bo", players=2)
>>> final = play(game, 4, [HeuristicBot(1), HeuristicBot(2)])
>>> final.is_over, len(final.winners)
(True, 1)
"""

from __future__ import annotations

from gamebox.bots import Bot
from gamebox.core import Move
from gamebox.games.skip_bo.rules import (
    HAND,
    PASS,
    PILES,
    RESERVE,
    RUN,
    STACK,
    STACKS,
    WILD,
    Block,
    Discard,
    Play,
    SkipBoState,
    bits,
    reaches,
    top_bits,
)

#: What a run's card costs the bot: a Skip-Bo card from the hand is dear, a numbered
#: hand card a little (the hand refills), and a helper card a gain (it clears a stack).
COST = {(HAND, True): 7.0, (HAND, False): 1.0, (STACK, True): -0.5, (STACK, False): -0.5}


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


class HeuristicBot(Bot):
    """Plays its reserve card whenever a run reaches it; discards to keep runs."""

    name = "heuristic"

    def choose(self, state: SkipBoState) -> Move:
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        for m in legal:
            if m.__class__ is Play and m.src == RESERVE:
                return m
        if state.phase == 0:
            run = best_run(state)
            if run:
                src, s, c, k = run[0]
                move = Play(src, c, k, state.need(k), s)
                if state.is_legal(move):
                    return move
        threat = self._threats(state)
        if threat:
            for m in legal:
                if m.__class__ is Play and m.pile in threat and m.card != WILD:
                    return m
            for m in legal:
                if m.__class__ is Block:
                    return m
            for m in legal:
                if m.__class__ is Play and m.pile in threat:
                    return m
        plays = [m for m in legal if m.__class__ is Play and m.card != WILD]
        if plays:
            nxt = state.reserve_top((state.player + 1) % state.n)
            good = [m for m in plays if nxt is None or nxt == WILD or m.value + 1 != nxt]
            if good:
                # hand cards first (they refill), helper cards (modern game) next
                return min(good, key=lambda m: (m.src != HAND, -m.value))
        discards = [m for m in legal if m.__class__ is Discard]
        if not discards:
            return PASS if PASS in legal else legal[0]
        # max() keeps the first of equals: the legal order breaks ties
        return max(discards, key=lambda m: self._discard_value(state, m))

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
