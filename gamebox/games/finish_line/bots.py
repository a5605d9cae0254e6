"""A heuristic Finish Line player.

It looks one turn ahead: for the first die it tries every follow-up with the second
die, and it scores the positions it could reach. It likes progress, safe squares
(wings and jokers), finishing moves and attacks, and it stays off the chutes; for a
jack or a two it picks the target that hurts the leading opponent most.

>>> import gamebox
>>> from gamebox.bots import RandomBot, play
>>> game = gamebox.load("finish-line", players=2)
>>> final = play(game, seed=1, bots=[HeuristicBot(1), HeuristicBot(2)])
>>> final.is_over
True
"""

from __future__ import annotations

from gamebox.bots import Bot
from gamebox.core import Move
from gamebox.games.finish_line.rules import (
    ACE,
    JACK,
    KING,
    MOVE,
    QUEEN,
    TWO,
    FinishLineState,
)

HOME_BONUS = 25.0  # a marker home is worth more than reaching the square before it
SAFE_BONUS = 3.0  # sitting on a wing or a joker
ATTACK_BONUS = 5.0  # a moved marker sharing an open card with opponents will attack them
CHANCE_ACT = 15 / 36  # the chance that a special card acts


def evaluate(state: FinishLineState, me: int) -> float:
    """How good the position is for player ``me`` (higher is better)."""
    board = state.board
    finish = board.finish
    pos = state.pos
    n = state.game.players
    mine = 0.0
    theirs = 0.0
    pending = state.moved1 & ~state.moved2 if state.player == me else 0
    moved = state.moved1 | state.moved2 if state.player == me else 0
    for g, sq in enumerate(pos):
        owner = g // 3
        if sq == finish:
            value = finish + HOME_BONUS
        else:
            value = float(sq)
            if sq and board.safe[sq]:
                value += SAFE_BONUS
            if owner == me:
                i = g - me * 3
                kind = board.special[sq]
                if pending >> i & 1 and kind:
                    if kind == KING and board.ladder[sq] >= 0:
                        value += CHANCE_ACT * (board.ladder[sq] - sq)
                    elif kind == ACE:
                        value -= CHANCE_ACT * (sq - board.chute[sq])
                    elif kind in (QUEEN, JACK, TWO):
                        value += 2.0
                if moved >> i & 1 and not board.safe[sq]:
                    rivals = sum(1 for h, q in enumerate(pos) if q == sq and h // 3 != me)
                    value += ATTACK_BONUS * rivals
        if owner == me:
            mine += value
        else:
            theirs += value
    return mine - theirs / max(1, n - 1)


class HeuristicBot(Bot):
    """Prefers safe squares, finishing moves and attacks; plays both dice as a pair."""

    name = "heuristic"

    def choose(self, state: FinishLineState) -> Move:
        me = state.current_player
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        best, best_value = moves[0], float("-inf")
        for move in moves:
            after = state.apply(move)
            value = evaluate(after, me)
            if after.phase == MOVE and after.player == me:
                value = max(evaluate(after.apply(m), me) for m in after.legal_moves())
            if value > best_value + 1e-9:
                best, best_value = move, value
        return best
