"""Exact odds of Yahtzix, by enumerating every roll and scoring it with the engine.

Nothing here is simulated. Each table sums over all equally likely rolls (6**n of
them for n dice, grouped into sorted multisets with multinomial weights) and scores
them with :func:`gamebox.games.yahtzix.moves.score` and the engine's own list of
legal keeps, so the odds and the rules cannot disagree.

* :func:`bust_chance`: the chance that a roll of n dice scores nothing;
* :func:`first_roll_distribution`: the score of a turn's first roll (six dice);
* :class:`Planner`: the turn as a dynamic programme over its at most three rolls:
  the expected value of rolling again against banking in every situation, and the
  keep that maximises the turn's expected score (what the heuristic bot plays);
* :func:`advise`: "what should I keep?" for a roll.

>>> bust_chance(6), bust_chance(1, first=False)
(Fraction(5, 162), Fraction(2, 3))
>>> round(Planner().turn_value(), 2)  # expected points of a turn played well
55.83
>>> [(str(k), round(v, 1), act) for k, v, act in advise([1, 1, 2, 3, 5, 5])][:2]
[('keep 1 1 5 5', 30.0, 'bank'), ('keep 1 1', 26.1, 'roll 4 dice')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from functools import cache, lru_cache
from math import factorial

from gamebox.games.yahtzix.moves import (
    DICE,
    MAX_ROLLS,
    OPENING,
    Keep,
    _keeps,
    _outcomes,
    _score,
    has_premium,
    singles,
)

# ------------------------------------------------------------------------ single rolls


def _weighted_rolls(n: int) -> list[tuple[tuple[int, ...], int]]:
    return [(m.dice, w) for m, w in _outcomes(n)[1]]  # type: ignore[attr-defined]


def bust_chance(n: int, *, first: bool = True, near_l: bool = False) -> Fraction:
    """The chance that a roll of ``n`` dice scores nothing (YX-5, YX-7).

    ``first``: a turn's first roll, where premiums count; otherwise only 1s and 5s
    count. ``near_l``: a first roll in variation L near the target, where a premium
    roll counts as nothing too (YX-12).

    >>> bust_chance(6), bust_chance(3), bust_chance(3, first=False)
    (Fraction(5, 162), Fraction(5, 18), Fraction(8, 27))
    >>> bust_chance(2, near_l=True)
    Fraction(4, 9)
    """
    bad = 0
    for dice, w in _weighted_rolls(n):
        bust = (has_premium(dice) or not singles(dice)) if near_l else _score(dice, first) == 0
        bad += w * bust
    return Fraction(bad, 6**n)


def first_roll_distribution() -> dict[int, Fraction]:
    """The score of a turn's first roll of six dice: each value with its chance.

    >>> dist = first_roll_distribution()
    >>> dist[0], dist[100], sum(dist.values())
    (Fraction(5, 162), Fraction(5, 486), Fraction(1, 1))
    """
    out: Counter = Counter()
    for dice, w in _weighted_rolls(DICE):
        out[_score(dice, True)] += w
    return {v: Fraction(out[v], 6**DICE) for v in sorted(out)}


def premium_chances() -> dict[str, Fraction]:
    """How often a first roll of six dice is worth each kind of count (its best one)."""
    kinds: Counter = Counter()
    for dice, w in _weighted_rolls(DICE):
        kinds[_kind(dice)] += w
    return {k: Fraction(v, 6**DICE) for k, v in kinds.most_common()}


def _kind(dice: tuple[int, ...]) -> str:
    v = _score(dice, True)
    c = Counter(dice)
    if v == 0:
        return "bust"
    if v >= 200 and len(c) == 6:
        return "six-dice straight"
    if max(c.values()) >= 4 and v >= 250:
        return "four of a kind or more"
    if v >= 150 and sorted(c.values()) == [3, 3]:
        return "two triplets"
    if v >= 150 and has_premium(dice) and max(c.values()) < 3:
        return "five-dice straight"
    if v == 100:
        return "all six count"
    if max(c.values()) >= 3 and v > singles(dice):
        return "a triple"
    return "1s and 5s only"


# ------------------------------------------------------------------------ the turn


def _multinomial(*ks: int) -> int:
    out = factorial(sum(ks))
    for k in ks:
        out //= factorial(k)
    return out


@cache
def _later_classes(k: int) -> tuple[tuple[int, int, int], ...]:
    """A later roll of ``k`` dice by (1s, 5s, weight): only 1s and 5s matter there."""
    out = []
    for a in range(k + 1):
        for b in range(k - a + 1):
            c = k - a - b
            out.append((a, b, _multinomial(a, b, c) * 4**c))
    return tuple(out)


class Planner:
    """The best play of one turn, by dynamic programming over its rolls.

    A turn's situation after a keep is (points set aside ``t``, dice left ``m``, rolls
    made ``r``). :meth:`decide` compares banking with rolling again (every choice of
    how many dice, in variation L near the target); :meth:`roll_value` averages the
    best keep over every outcome of a roll. What a finished turn is worth is
    :meth:`payoff`:

    * points mode (default): the turn's points, 0 below ``need`` (30 to open, YX-9)
      or above ``cap`` (variation L: points past the target score nothing); with
      ``exact_bonus`` the points that land exactly on the target count that much more;
    * win mode (``beat`` given, the last turn of the game): 1 for ending above the
      best other score, 1/2 for a tie, 0 below (plus a hair per point, to break ties
      between hopeless lines).

    ``choose``: the player may roll fewer dice and premium rolls count as nothing
    (variation L near the target, YX-12).
    """

    def __init__(
        self,
        need: int = 0,
        cap: int | None = None,
        beat: int | None = None,
        choose: bool = False,
        exact_bonus: int = 0,
    ) -> None:
        self.need, self.cap, self.beat, self.choose = need, cap, beat, choose
        self.exact_bonus = exact_bonus
        self._decide: dict[tuple[int, int, int], tuple[float, int]] = {}
        self._roll: dict[tuple[int, int, int, int], float] = {}
        self.nothing = self._final(0, valid=False)

    # -- what a turn is worth -------------------------------------------------------------

    def _final(self, t: int, valid: bool) -> float:
        if self.beat is None:
            if not valid:
                return 0.0
            return float(t + (self.exact_bonus if self.cap is not None and t == self.cap else 0))
        gain = t if valid else 0
        win = 1.0 if gain > self.beat else 0.5 if gain == self.beat else 0.0
        return win + gain * 1e-6

    def payoff(self, t: int, left: int = 0) -> float:
        """What banking a turn of ``t`` points is worth; ``left``, the dice left over,
        which the next player may go for (YX-10), is for a subclass to weigh (the
        strong bot's): this planner counts only the points."""
        valid = t >= self.need and (self.cap is None or t <= self.cap)
        return self._final(t, valid)

    # -- the dynamic programme -----------------------------------------------------------

    def after_keep(self, t: int, m: int, r: int, had15: bool = True) -> float:
        """The value of the turn after a keep: ``t`` points aside, ``m`` dice left,
        ``r`` rolls made, ``had15`` whether the roll showed a 1 or a 5 (YX-6)."""
        if self.cap is not None and t > self.cap:
            return self.nothing
        if m == 0 or r >= MAX_ROLLS or not had15:
            return self.payoff(t, m)
        return self.decide(t, m, r)[0]

    def decide(self, t: int, m: int, r: int) -> tuple[float, int]:
        """Bank or roll, with ``t`` points aside, ``m`` dice left after ``r`` rolls:
        (value, dice to roll), 0 dice meaning bank."""
        key = (t, m, r)
        hit = self._decide.get(key)
        if hit is not None:
            return hit
        best = (self.payoff(t, m), 0)
        if m and r < MAX_ROLLS and not (self.beat is not None and best[0] >= 1.0 and not self.cap):
            for k in range(1, m + 1) if self.choose else (m,):
                v = self.roll_value(t, m, k, r + 1)
                if v > best[0] + 1e-12:
                    best = (v, k)
        self._decide[key] = best
        return best

    def roll_value(self, t: int, m: int, k: int, rn: int) -> float:
        """The expected value of rolling ``k`` of the ``m`` dice left, as roll number
        ``rn`` of the turn, with ``t`` points aside, playing on optimally."""
        key = (t, m, k, rn)
        hit = self._roll.get(key)
        if hit is not None:
            return hit
        total = 0.0
        if rn == 1:
            for dice, w in _weighted_rolls(k):
                total += w * self._best_keep(t, m, dice, rn)[1]
        else:
            for a, b, w in _later_classes(k):
                if a + b == 0:
                    total += w * self.nothing
                    continue
                best = max(
                    self.after_keep(t + 10 * i + 5 * j, m - i - j, rn)
                    for i in range(a + 1)
                    for j in range(b + 1)
                    if i or j
                )
                total += w * best
        value = total / 6**k
        self._roll[key] = value
        return value

    def keeps(self, dice: tuple[int, ...], rn: int) -> dict[tuple[int, ...], int]:
        """The legal keeps of a roll (empty when it busts) with their points."""
        dice = tuple(sorted(dice))
        if rn == 1 and not self.choose:
            return _keeps(dice, True)
        if rn == 1 and has_premium(dice):
            return {}
        return _keeps(dice, False)

    def keep_values(
        self, t: int, m: int, dice: Iterable[int], rn: int
    ) -> list[tuple[tuple[int, ...], float, int]]:
        """Every keep of the roll ``dice`` (roll number ``rn``, ``m`` dice in play
        before it, ``t`` points aside) with the value of the turn after it and the
        dice to roll next (0: bank), best first."""
        dice = tuple(sorted(dice))
        had15 = 1 in dice or 5 in dice
        rolls_on = rn < MAX_ROLLS and had15
        out = []
        for kept, v in self.keeps(dice, rn).items():
            t2, m2 = t + v, m - len(kept)
            if rolls_on and m2 and (self.cap is None or t2 <= self.cap):
                val, act = self.decide(t2, m2, rn)  # what after_keep would read, and the act
            else:
                val, act = self.after_keep(t2, m2, rn, had15), 0
            out.append((kept, val, act))
        out.sort(key=lambda x: (-x[1], len(x[0]), x[0]))
        return out

    def _best_keep(self, t: int, m: int, dice: tuple[int, ...], rn: int) -> tuple[tuple, float]:
        options = self.keep_values(t, m, dice, rn)
        if not options:
            return ((), self.nothing)
        return options[0][0], options[0][1]

    def turn_value(self) -> float:
        """The value of a whole turn before its first roll (the best number of dice
        to roll when the player may choose)."""
        return max(self.roll_value(0, DICE, k, 1) for k in self.first_roll_choices())

    def first_roll_choices(self) -> range:
        return range(1, DICE + 1) if self.choose else range(DICE, DICE + 1)

    def go_for_it_value(self, total: int, leftover: int) -> float:
        """The value of going for a banked turn of ``total`` with ``leftover`` dice
        (YX-10): her dice are the first roll, so the leftover dice are roll two."""
        return self.roll_value(total, leftover, leftover, 2)


@lru_cache(maxsize=256)
def planner(
    need: int = 0,
    cap: int | None = None,
    beat: int | None = None,
    choose: bool = False,
    exact_bonus: int = 0,
) -> Planner:
    """A shared, lazily filled :class:`Planner` (computed once per goal)."""
    return Planner(need, cap, beat, choose, exact_bonus)


def opening_planner(opened: bool = True) -> Planner:
    """The points-maximising planner for an opened player, or one who needs 30."""
    return planner(0 if opened else OPENING)


# ------------------------------------------------------------------------ the reader's view


def advise(
    roll: Iterable[int], total: int = 0, roll_number: int = 1, *, opened: bool = True
) -> list[tuple[Keep, float, str]]:
    """What should I keep? Every legal keep of ``roll`` with the expected points of
    the turn if it is played well from there, and what to do next, best first.

    ``total`` is the points already set aside this turn, ``roll_number`` which roll
    this is (1 to 3); six dice are in play on roll one, and the dice rolled otherwise.

    >>> [(str(k), round(v, 1), a) for k, v, a in advise([1, 2, 2, 2, 5, 5])][:2]
    [('keep 1 2 2 2 5 5', 100.0, 'bank (all six set aside)'), ('keep 1 2 2 2 5', 35.0, 'bank')]
    """
    dice = tuple(sorted(roll))
    p = opening_planner(opened)
    m = DICE if roll_number == 1 else len(dice)
    out = []
    for kept, val, act in p.keep_values(total, m, dice, roll_number):
        what = "bank" if act == 0 else f"roll {act} {'die' if act == 1 else 'dice'}"
        if act == 0 and m - len(kept) == 0:
            what = "bank (all six set aside)"
        out.append((Keep(kept), val, what))
    return out


def roll_or_bank(opened: bool = True, totals: Iterable[int] = range(5, 305, 5)) -> list[dict]:
    """For each situation after a keep (points aside, dice left, rolls made): the
    expected value of banking and of rolling again, for an opened player by default.

    >>> row = next(r for r in roll_or_bank() if r == r | {"total": 20, "dice": 4, "rolls": 1})
    >>> row["bank"], round(row["roll"], 2)  # 20 aside and four dice: rolling is worth more
    (20, 26.07)
    """
    p = opening_planner(opened)
    rows = []
    for rolls in (1, 2):
        for m in range(1, DICE):
            for t in totals:
                rows.append(
                    {
                        "total": t,
                        "dice": m,
                        "rolls": rolls,
                        "bank": t if t >= p.need else 0,
                        "roll": p.roll_value(t, m, m, rolls + 1),
                    }
                )
    return rows


def break_even(opened: bool = True) -> dict[tuple[int, int], int | None]:
    """For each (dice left, rolls made): the smallest total at which banking is at least
    as good as rolling again (None if rolling is better up to 1,000 points)."""
    p = opening_planner(opened)
    out: dict[tuple[int, int], int | None] = {}
    for rolls in (1, 2):
        for m in range(1, DICE):
            out[(m, rolls)] = next(
                (t for t in range(5, 1005, 5) if p.decide(t, m, rolls)[1] == 0), None
            )
    return out
