"""A heuristic Skip-Bo player.

Its priorities, in order:

1. play its reserve card whenever it can, directly or by the cheapest lead-up (fewest
   Skip-Bo cards spent, as many helper cards as possible cleared);
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
>>> final.is_over, final.winners
(True, (0,))
"""

from __future__ import annotations

from gamebox.bots import Bot
from gamebox.core import Move
from gamebox.games.skip_bo.rules import (
    HAND,
    PASS,
    RESERVE,
    STACK,
    WILD,
    Block,
    Discard,
    LeadUp,
    Play,
    SkipBoState,
)


class HeuristicBot(Bot):
    """Plays its reserve card whenever a lead-up reaches it; discards to keep runs."""

    name = "heuristic"

    def choose(self, state: SkipBoState) -> Move:
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        reserve = [m for m in legal if _uses_reserve(m)]
        if reserve:
            return max(reserve, key=lambda m: (_lead_up_value(m), -legal.index(m)))
        opts = state.game.options
        if not opts.leading_up and state.phase == 0:
            # free helper plays: find a run to the reserve card, play its first card
            runs = state.runs(bool(opts.alternating))
            if runs:
                best = max(runs, key=_lead_up_value)
                src, s, c, k = best.steps[0]
                need = state.need(k)
                move = Play(src, c, k, need, s)
                if move in legal:
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
        return max(discards, key=lambda m: (self._discard_value(state, m), -legal.index(m)))

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
            out.update(k for k in range(4) if needs[k] == res[-1])
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


def _uses_reserve(move: Move) -> bool:
    return (move.__class__ is Play and move.src == RESERVE) or move.__class__ is LeadUp


def _lead_up_value(move: Move) -> float:
    if move.__class__ is Play:
        return 100.0 if move.card != WILD else 90.0
    steps = move.steps
    wild_hand = sum(1 for s in steps if s[0] == HAND and s[2] == WILD)
    hand = sum(1 for s in steps if s[0] == HAND)
    helpers = sum(1 for s in steps if s[0] == STACK)
    return 80.0 - 6 * wild_hand - hand + 0.5 * helpers
