"""The heuristic Yahtzix bot: the exact turn policy of :mod:`odds`, with a goal that
changes with the game.

* Most turns it maximises the turn's expected recorded points (30 or more to open,
  YX-9; in variation L nothing past the target, and landing exactly on it is worth a
  win, YX-12).
* At the start of a turn it goes for it (YX-10) when the offered total, rolled on with
  the leftover dice, is worth more than a fresh turn.
* On its last turn of the game (the play-around, YX-11) it maximises its chance of
  ending above the best other score instead of its points.

>>> import gamebox
>>> from gamebox.bots import play
>>> game = gamebox.load("yahtzix", players=3)
>>> final = play(game, 4, [HeuristicBot(i) for i in range(3)])
>>> final.is_over, max(final.scores) >= 2000
(True, True)
"""

from __future__ import annotations

from gamebox.bots import Bot
from gamebox.core import Move
from gamebox.games.yahtzix.odds import Planner, planner
from gamebox.games.yahtzix.rules import (
    BANK,
    DECIDE,
    DICE,
    GO,
    KEEP,
    OPENING,
    ROLL,
    START,
    Keep,
    RollSome,
    YahtzixState,
)

#: How much landing exactly on the target is worth in variation L (a win).
EXACT_BONUS = 1000


def goal(state: YahtzixState) -> Planner:
    """The planner for the player to move: what a finished turn is worth to her."""
    p = state.player
    s = state.scores_[p]
    opts = state.game.options
    need = 0 if s else OPENING
    cap = opts.target - s if opts.variation_l else None
    choose = state.may_roll_some()
    if state.final_from is not None:
        best_other = max(x for q, x in enumerate(state.scores_) if q != p)
        return planner(need, cap, best_other - s, choose)
    return planner(need, cap, None, choose, EXACT_BONUS if cap is not None else 0)


def _roll_move(state: YahtzixState, k: int) -> Move:
    return ROLL if k == state.cup else RollSome(k)


class HeuristicBot(Bot):
    """Plays each turn by the exact dynamic programme of :class:`odds.Planner`."""

    name = "heuristic"

    def choose(self, state: YahtzixState) -> Move:  # type: ignore[override]
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        ph = state.phase
        if ph == KEEP:
            plan = goal(state)
            m = state.cup + len(state.rolled)
            options = plan.keep_values(state.total, m, state.rolled, state.rolls)
            allowed = state.keep_options()
            for kept, _, _ in options:
                if Keep(kept) in allowed:
                    return Keep(kept)
            return legal[0]
        if ph == DECIDE:
            _, k = goal(state).decide(state.total, state.cup, state.rolls)
            return BANK if k == 0 else _roll_move(state, k)
        if ph == START:
            plan = goal(state)
            best_k = max(plan.first_roll_choices(), key=lambda k: plan.roll_value(0, DICE, k, 1))
            best: tuple[float, Move] = (
                plan.roll_value(0, DICE, best_k, 1),
                _roll_move(state, best_k),
            )
            offer = state.offer_for(state.player)
            if offer is not None and GO in legal:
                v = plan.go_for_it_value(offer.total, offer.leftover)
                if v > best[0]:
                    best = (v, GO)
            return best[1]
        return legal[0]
