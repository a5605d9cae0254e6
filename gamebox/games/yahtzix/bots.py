"""The heuristic Yahtzix bot: the exact turn policy of :mod:`odds`, with a goal that
changes with the game.

* Most turns it maximises the turn's expected recorded points (30 or more to open,
  YX-9; in variation L nothing past the target, and landing exactly on it is worth a
  win, YX-12).
* At the start of a turn it goes for it (YX-10) when the offered total, rolled on with
  the leftover dice, is worth more than a fresh turn.
* On its last turn of the game (the play-around, YX-11) it maximises its chance of
  ending above the best other score instead of its points.

Both bots give a reason for each move (:meth:`advise`): the keep, bank, roll or
go-for-it with what the programme expects of it and the ruling it rests on.

The strong bot plays the same programme with other goals (the last turn and variation
L stay the heuristic's):

* Near the target (both players open and within 800 points of it), a turn is worth the
  chance of winning the game after it, read from :mod:`race`: the exact chance of
  winning from any two scores when every later turn is played for points and the last
  turn to beat the leader. This is one step of policy improvement over the heuristic:
  more risk when behind, less when ahead, and the lead a bank leaves the other
  player's last turn weighed exactly.
* Everywhere, a bank that leaves dice over is worth less by what going for it is worth
  to the next player beyond a fresh turn of his own (YX-10): far from the target
  banking 150 with two dice left counts as about 118 points, 300 with two as about 184.

Measured with ``benchmarks/matches.py yahtzix`` (seats alternating): the strong bot won
400 of 400 games against the player who always makes the first listed move, and against
the heuristic bot it is no stronger: 9,971 won, 9,956 lost and 73 drawn of 20,000 games
(seeds 0 to 19,999; 49.9%). On other seeds (100,000 to 109,999) it won 4,958 of 10,000
(42 drawn), and with the race table alone (the bank's offer left out of its goal) 4,971:
neither part changes the result measurably. Together: 14,929 won of 30,000 (49.8%, 95%
confidence interval 49.2% to 50.3%).

No bot can beat the heuristic clearly. Take the race of :mod:`race` (two open players,
offers left out) and work out, backwards from every pair of scores, the best reply to
the heuristic bot: every turn of the whole game played for the chance of winning against
the heuristic's turns. From 0 to 0, seats alternating, it wins 50.30% (a draw counted as
half a win), an edge of 0.3 points that would take some 280,000 games to show (a
one-sided test at 1% with an 80% chance of seeing it); 52% would need seven times as
much. The strong bot's own play wins 50.28% of that race: it has nearly all of the edge
already. (``python benchmarks/yahtzix_ceiling.py`` computes these, in about 3 minutes of
CPU: exactly where a player is within 100 points of the target, and further out by the
best of 607 ways to play a turn; on races to 200 and 500 that shortcut agrees with the
exact reply within one in a million.) The dice
decide nearly everything and the heuristic's turn programme is already exact, so a
whole-game view has almost nothing to add; what the strong bot gives a reader is its
reasons, which name the chance of winning near the end.

Thinking time: under a millisecond a move on average (0.3 ms of CPU over 30 games). The
race table (161 x 161 chances) and the points planners are built once, in about 0.12 s
of CPU, by :meth:`StrongBot.warm` when a play session deals; else the move that first
needs the table builds it, the slowest move, 0.14 s of CPU (0.7 s on Pyodide in the
built site, on the loaded machine).

>>> import gamebox
>>> from gamebox.bots import play
>>> game = gamebox.load("yahtzix", players=3)
>>> final = play(game, 4, [HeuristicBot(i) for i in range(3)])
>>> final.is_over, max(final.scores) >= 2000
(True, True)
"""

from __future__ import annotations

from functools import lru_cache

from gamebox.bots import Advice, Bot
from gamebox.core import Game, Move
from gamebox.games.yahtzix.moves import BANK, DICE, GO, OPENING, ROLL, Keep, RollSome
from gamebox.games.yahtzix.odds import Planner, planner
from gamebox.games.yahtzix.position import DECIDE, KEEP
from gamebox.games.yahtzix.race import STEP, race
from gamebox.games.yahtzix.rules import YahtzixState

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


def _dice(k: int) -> str:
    return "1 die" if k == 1 else f"{k} dice"


def _worth(plan: Planner, value: float) -> str:
    """A planner's value in words: points on average, or the chance to win."""
    if plan.beat is not None:
        return f"a {min(value, 1.0):.0%} chance to finish on top"
    if isinstance(plan, RacePlanner):
        return f"by the bot's estimate a {value:.0%} chance to win the game"
    if isinstance(plan, GiftPlanner):
        return f"about {value:.0f} points on average, less what it leaves the next player"
    return f"about {value:.0f} points on average"


def best_move(state: YahtzixState, plan: Planner) -> tuple[Move, str, str]:
    """The move ``plan`` values most at ``state``, with a one-sentence reason and its
    ruling (the heuristic bot's play when ``plan`` is :func:`goal`)."""
    legal = state.legal_moves()
    ph = state.phase
    endgame = plan.beat is not None or isinstance(plan, RacePlanner)
    rule = "YX-11" if endgame else "YX-12" if plan.cap is not None else ""
    if len(legal) == 1:
        move = legal[0]
        if isinstance(move, Keep):
            dice = " ".join(map(str, move.dice))
            return move, f"Set aside {dice}: the only dice here that may score.", "YX-6"
        return move, "Roll all six dice to start your turn.", "YX-5"
    if ph == KEEP:
        m = state.cup + len(state.rolled)
        options = plan.keep_values(state.total, m, state.rolled, state.rolls)
        allowed = state.keep_options()
        for kept, value, act in options:
            if Keep(kept) in allowed:
                then = f"then roll {_dice(act)}" if act else "then bank"
                return (
                    Keep(kept),
                    f"Keep {' '.join(map(str, kept))} ({allowed[Keep(kept)]} points) and "
                    f"{then}: {_worth(plan, value)}, the best of the keeps.",
                    rule or "YX-6",
                )
        return legal[0], "The first of the keeps.", "YX-6"
    if ph == DECIDE:
        value, k = plan.decide(state.total, state.cup, state.rolls)
        if k == 0:
            if not state.opened(state.player) and state.total < OPENING:
                why = f"Bank your {state.total}: rolling on risks it for too little"
                return BANK, f"{why}, though it is under 30 and will not open you.", "YX-9"
            if isinstance(plan, RacePlanner):
                return (
                    BANK,
                    f"Bank your {state.total}: {_worth(plan, value)}, more than rolling "
                    f"the {_dice(state.cup)} left.",
                    rule,
                )
            return (
                BANK,
                f"Bank your {state.total}: rolling the {_dice(state.cup)} left risks it "
                "for less than it would add.",
                rule or "YX-7",
            )
        if not state.opened(state.player) and state.total < OPENING:
            return (
                _roll_move(state, k),
                f"Roll {_dice(k)}: {state.total} is under the 30 that opens your score.",
                "YX-9",
            )
        return (
            _roll_move(state, k),
            f"Roll {_dice(k)} rather than bank {state.total}: {_worth(plan, value)}, "
            "though a roll with no 1 or 5 loses the lot.",
            rule or "YX-7",
        )
    # START: a fresh roll, or going for the last banked turn (YX-10)
    best_k = max(plan.first_roll_choices(), key=lambda k: plan.roll_value(0, DICE, k, 1))
    fresh = plan.roll_value(0, DICE, best_k, 1)
    offer = state.offer_for(state.player)
    if offer is not None and GO in legal:
        v = plan.go_for_it_value(offer.total, offer.leftover)
        owner = f"Player {offer.owner + 1}"
        if v > fresh:
            return (
                GO,
                f"Go for {owner}'s {offer.total} with the {_dice(offer.leftover)} left: "
                f"{_worth(plan, v)}, more than a fresh turn ({_worth(plan, fresh)}).",
                "YX-10",
            )
        return (
            _roll_move(state, best_k),
            f"Start a fresh turn: {_worth(plan, fresh)}, more than going for {owner}'s "
            f"{offer.total} with only {_dice(offer.leftover)} to roll.",
            "YX-10",
        )
    return (
        _roll_move(state, best_k),
        f"Roll {_dice(best_k)}: {_worth(plan, fresh)} this turn.",
        rule or "YX-5",
    )


class HeuristicBot(Bot):
    """Plays each turn by the exact dynamic programme of :class:`odds.Planner`."""

    name = "heuristic"

    def advise(self, state: YahtzixState) -> Advice:  # type: ignore[override]
        move, reason, rule = best_move(state, goal(state))
        return Advice(move, reason, rule)


class GiftPlanner(Planner):
    """The points planner of a player who also counts what her bank leaves the next
    player: a turn banked with dice left over is on offer to him (YX-10), and what
    going for it is worth to him beyond a fresh turn of his own is taken off its points."""

    def __init__(self, need: int, rival: Planner) -> None:
        super().__init__(need)
        self.rival = rival
        self.fresh = rival.turn_value()

    def payoff(self, t: int, left: int = 0) -> float:
        points = super().payoff(t)
        if not left:
            return points
        return points - max(0.0, self.rival.go_for_it_value(t, left) - self.fresh)


@lru_cache(maxsize=8)
def gift_planner(need: int, rival_need: int) -> GiftPlanner:
    """A shared :class:`GiftPlanner` per opening need, hers and the next player's."""
    return GiftPlanner(need, planner(rival_need))


class RacePlanner(Planner):
    """A turn of two open players near the target, valued by the chance of winning the
    game after it (:class:`race.Race`): the player to move is ``a`` steps of 5 points
    from the target and the other ``b``. A bank that leaves dice over counts as the
    next player that much nearer the target as going for it is worth to him beyond a
    fresh turn (YX-10)."""

    def __init__(self, a: int, b: int, rival: Planner) -> None:
        super().__init__()
        self.a, self.b, self.rival = a, b, rival
        self.fresh = rival.turn_value()
        self.table = race()
        self.nothing = self.table.after_bank(a, b)

    def payoff(self, t: int, left: int = 0) -> float:
        b = self.b
        if left:
            gift = self.rival.go_for_it_value(t, left) - self.fresh
            b = max(1, b - max(0, round(gift / STEP)))
        return self.table.after_bank(self.a - t // STEP, b)


@lru_cache(maxsize=64)
def race_planner(a: int, b: int, rival_need: int) -> RacePlanner:
    """A shared :class:`RacePlanner` per position of the race (one a turn, reused by
    each move of it)."""
    return RacePlanner(a, b, planner(rival_need))


def strong_goal(state: YahtzixState) -> Planner:
    """The strong bot's planner: the heuristic's on the last turn of the game and in
    variation L; near the target, when it and the best other player are open, the
    chance of winning the race; else the points less what the bank leaves the next
    player."""
    if state.final_from is not None or state.game.options.variation_l:
        return goal(state)
    p = state.player
    mine = state.scores_[p]
    other = max(x for q, x in enumerate(state.scores_) if q != p)
    nxt = (p + 1) % state.n
    rival_need = 0 if state.opened(nxt) else OPENING
    a, b = (state.target - mine) // STEP, (state.target - other) // STEP
    if mine and other and race().covers(a, b):
        return race_planner(a, b, rival_need)
    return gift_planner(0 if mine else OPENING, rival_need)


class StrongBot(Bot):
    """The heuristic's turn programme, playing for the win near the target and weighing
    what each bank leaves the next player."""

    name = "strong"

    @classmethod
    def warm(cls, game: Game) -> None:
        """The race table and the points planners of either opening need, for her and
        the next player: about 0.1 s of CPU, once, that her first move or the first
        move near the target would otherwise spend (on Pyodide about 0.3 s and 0.7 s)."""
        if game.options.variation_l:
            return  # she plays the heuristic's goals there
        race()
        for need in (0, OPENING):
            for rival_need in (0, OPENING):
                gift_planner(need, rival_need)

    def advise(self, state: YahtzixState) -> Advice:  # type: ignore[override]
        plan = strong_goal(state)
        move, reason, rule = best_move(state, plan)
        return Advice(move, reason, rule)
