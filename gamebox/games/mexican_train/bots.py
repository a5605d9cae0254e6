"""Bots for Dual Mexican Train.

The heuristic player sheds the heaviest tiles first (what is left in hand counts
against her, MT-16), lays doublets early while she holds a tile to follow them up
(MT-11), lifts the marker off her own train when she can (MT-10), and goes out
whenever she can. Satisfying an open doublet needs no code: it is then the only kind of
legal play (MT-8).

>>> import gamebox
>>> from gamebox.bots import play
>>> game = gamebox.load("mexican-train", players=6, hands=1)
>>> final = play(game, 4, [HeuristicBot(i) for i in range(6)])
>>> final.is_over
True
"""

from __future__ import annotations

from gamebox.bots import Bot
from gamebox.core import Move, State
from gamebox.games.mexican_train.rules import Play, tile_value


class HeuristicBot(Bot):
    """Plays the move that best lowers what she would score if the hand ended now."""

    name = "heuristic"

    def choose(self, state: State) -> Move:
        legal = state.legal_moves()
        if len(legal) == 1 or not isinstance(legal[0], Play):
            return legal[0]
        p = state.current_player
        hand = state.hands[p]
        if len(hand) == 1:
            return legal[0]
        best, best_score = legal[0], -1e9
        marked_own = state.lines[("T", p)][2] if state.lines else False
        for move in legal:
            tile, kind, owner, idx = move.tile, move.kind, move.owner, move.idx
            hi, lo = divmod(tile, 10)
            score = tile_value(tile)
            if hi == lo and kind != "C":
                # a doublet must be followed up: only lay it with a follow-up in hand
                followers = sum(1 for t in hand if t != tile and (t // 10 == hi or t % 10 == hi))
                score += 12 if followers else -20
            if owner == p and idx < 0 and kind in "TB":
                score += 6 if marked_own else 2
            if score > best_score:
                best, best_score = move, score
        return best
