"""A sensible Spite and Malice player.

:class:`HeuristicBot` plays its pay-off card whenever it can reach it, directly or
through a chain of hand cards, row tops and jokers on one centre stack; otherwise it
empties its hand onto the centre, then plays its row tops there, wherever that does not
hand the opponent their pay-off card, and ends the turn by placing the card that keeps
its rows descending most usefully (on an equal or next-higher rank, kings on empty
rows). Row tops kept flowing complete more stacks, which go back into the stock: over
seeds 0 to 199, without that step 38 of 200 games between two of these bots were drawn
(SM-13), with it 21, and it beats the random bot in 171 of 200 games instead of 163.

>>> import gamebox
>>> from gamebox.bots import play
>>> game = gamebox.load("spite-and-malice")
>>> final = play(game, 1, [HeuristicBot(1), HeuristicBot(2)])
>>> final.is_over
True
"""

from __future__ import annotations

from gamebox.bots import Bot
from gamebox.components import JOKER_CODE
from gamebox.core import Move, State
from gamebox.games.spite_and_malice.rules import (
    HAND,
    JOKER_RANKS,
    PAYOFF,
    RANK,
    ROWS,
    Place,
    Play,
    SpiteAndMaliceState,
    play_move,
)


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


class HeuristicBot(Bot):
    """Plays to empty its pay-off pile first (see the module docstring)."""

    name = "heuristic"

    def choose(self, state: State) -> Move:
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        assert isinstance(state, SpiteAndMaliceState)
        for m in legal:
            if isinstance(m, Play) and m.source == PAYOFF:
                return m
        if state.forced():
            return legal[0]
        chain = chain_to_payoff(state)
        if chain:
            return chain[0]
        p = state.player
        opp_rank = RANK[state.payoff[1 - p][-1]]
        plays = [m for m in legal if isinstance(m, Play)]

        def safe(m: Play) -> bool:
            # after this play the stack must not need the opponent's up-card
            need = len(state.stacks[m.stack - 1]) + 2 if m.stack else 2
            return need != opp_rank

        for m in plays:
            if m.source == HAND and not m.card.is_joker and safe(m):
                return m
        for m in plays:
            if 1 <= m.source <= ROWS and safe(m):
                return m
        places = [m for m in legal if isinstance(m, Place)]
        if places:
            return min(places, key=lambda m: _row_score(state, m))
        safe_plays = [m for m in plays if safe(m)] or plays
        return safe_plays[0]
