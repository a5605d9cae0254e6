"""The whole game as a race: a two-player Yahtzix's chances of winning from any two
scores near the target, for the strong bot.

Near the end what a turn is worth is not its points but the chance of winning after
it. This module works that chance out for two players who are both open:

* :func:`turn_points`: the exact distribution of a turn's banked points when it is
  played for the most points on average (the heuristic bot's turn, :class:`odds.Planner`);
* :func:`last_turn_chances`: the chance a last turn (YX-11) beats a lead of x points,
  played for exactly that, for every x at once (one dynamic programme over the points
  still missing);
* :class:`Race`: ``win[a][b]``, the chance that the player to move, ``a`` steps of 5
  points from the target, wins against the other player ``b`` steps from it, when both
  play every later turn as above and the last turn to beat the leader: a table
  filled in order of ``a + b``, a bust's two positions solved together.

The strong bot values each way its own turn can end by this table (one step of policy
improvement over the heuristic bot). The table covers the last ``HORIZON`` points of
both players and is built once per target, lazily, in about 0.1 s of CPU.

>>> dist = turn_points()
>>> round(sum(dist), 6), round(5 * sum(g * p for g, p in enumerate(dist)), 2)  # mean, as odds
(1.0, 55.83)
>>> q = last_turn_chances()
>>> round(q[1], 3), round(q[10], 3), round(q[20], 3)  # leads of 5, 50 and 100 points
(0.963, 0.314, 0.156)
>>> table = race()
>>> round(table.win[40][40], 2), round(table.win[40][20], 2)  # 200 each; 200 against 100
(0.56, 0.35)
"""

from __future__ import annotations

from functools import cache
from itertools import accumulate
from operator import mul

from gamebox.games.yahtzix.moves import DICE, MAX_ROLLS, _keeps
from gamebox.games.yahtzix.odds import Planner, _later_classes, _weighted_rolls, planner

#: Scores move in steps of 5 points.
STEP = 5
#: The table covers the last this many points of both players.
HORIZON = 800


@cache
def _first_rolls() -> tuple[tuple[float, bool, tuple[tuple[int, int], ...]], ...]:
    """A turn's first roll, grouped: (chance, shows a 1 or 5, the keeps that matter as
    (points, dice left)). A keep with no more points and no more dice left than another
    is left out: for a goal where more points are never worth less (the turn's points,
    beating a lead on the last turn: the two uses here) it is never better, since a
    player may always bank. (Near the target of a whole game that fails: reaching it
    with a small lead hands the other player a last turn.)"""
    groups: dict[tuple[bool, tuple[tuple[int, int], ...]], float] = {}
    for dice, w in _weighted_rolls(DICE):
        keeps = {(v, DICE - len(k)) for k, v in _keeps(dice, True).items()}
        best = tuple(
            sorted(
                (v, m)
                for v, m in keeps
                if not any(v2 >= v and m2 >= m and (v2, m2) != (v, m) for v2, m2 in keeps)
            )
        )
        key = (1 in dice or 5 in dice, best)
        groups[key] = groups.get(key, 0.0) + w / 6**DICE
    return tuple((p, had15, keeps) for (had15, keeps), p in groups.items())


def turn_points(plan: Planner | None = None) -> list[float]:
    """``dist[g]``: the chance that a turn played by ``plan`` (the points planner of an
    open player by default) banks ``g`` steps of 5 points; ``dist[0]`` includes busts."""
    plan = plan or planner(0)
    dist: dict[int, float] = {}

    def bank(t: int, prob: float) -> None:
        dist[t // STEP] = dist.get(t // STEP, 0.0) + prob

    def after(t: int, m: int, r: int, prob: float) -> None:
        k = plan.decide(t, m, r)[1] if m and r < MAX_ROLLS else 0
        if not k:
            bank(t, prob)
            return
        for ones, fives, w in _later_classes(k):
            if not ones + fives:
                bank(0, prob * w / 6**k)
                continue
            _, i, j = max(
                (plan.after_keep(t + 10 * i + 5 * j, m - i - j, r + 1), i, j)
                for i in range(ones + 1)
                for j in range(fives + 1)
                if i or j
            )
            after(t + 10 * i + 5 * j, m - i - j, r + 1, prob * w / 6**k)

    for prob, had15, keeps in _first_rolls():
        if not keeps:
            bank(0, prob)
            continue
        _, v, m = max((plan.after_keep(v, m, 1, had15), v, m) for v, m in keeps)
        if had15:
            after(v, m, 1, prob)
        else:
            bank(v, prob)
    return [dist.get(g, 0.0) for g in range(max(dist) + 1)]


@cache
def last_turn_chances() -> tuple[float, ...]:
    """``q[x]``: the chance that an open player's last turn, played to beat a lead of
    ``x`` steps of 5 points, ends above it (a tie counts half), for every lead it can
    beat (a lead is at least 1: whoever reaches the target is ahead). The turn's value
    depends only on the points still missing, so one programme over (points missing,
    dice left, rolls made) serves every lead."""
    memo: dict[tuple[int, int, int], float] = {}

    def after(e: int, m: int, r: int) -> float:
        """``e`` steps above the lead (0: level) with ``m`` dice left after ``r`` rolls."""
        if e > 0:
            return 1.0
        if not m or r >= MAX_ROLLS:
            return 0.5 if e == 0 else 0.0
        key = (e, m, r)
        if key not in memo:
            total = 0.0
            for ones, fives, w in _later_classes(m):
                if ones + fives:
                    total += w * max(
                        after(e + 2 * i + j, m - i - j, r + 1)
                        for i in range(ones + 1)
                        for j in range(fives + 1)
                        if i or j
                    )
            memo[key] = max(0.5 if e == 0 else 0.0, total / 6**m)
        return memo[key]

    out: list[float] = []
    while not out or out[-1] > 0:
        x = len(out)
        out.append(
            sum(
                p * max(after(v // STEP - x, m if had15 else 0, 1) for v, m in keeps)
                for p, had15, keeps in _first_rolls()
                if keeps
            )
        )
    return tuple(out[:-1])


class Race:
    """``win[a][b]``: the chance that the player to move, ``a`` steps of 5 points from
    ``target``, beats the other player, ``b`` steps from it (both open, ``a`` and ``b``
    from 1 to ``horizon // 5``).

    A turn banks ``g`` steps with the chance ``turn_points()[g]``. Short of the target
    the other player is then to move, ``b`` against ``a - g``; reaching it leaves him
    one last turn against a lead of ``b - a + g`` steps (:func:`last_turn_chances`). A
    bust (``g = 0``) hands the move over with the scores unchanged, so ``win[a][b]`` and
    ``win[b][a]`` depend on each other: with ``x`` and ``y`` what the other turns give
    each, ``w = d(1 - v) + x`` and ``v = d(1 - w) + y``, solved together.
    """

    def __init__(self, horizon: int = HORIZON) -> None:
        self.n = n = horizon // STEP
        dist = turn_points()
        self.beat = beat = last_turn_chances()
        d, top = dist[0], len(dist) - 1
        below = [0.0, *accumulate(dist[1:])]  # below[k]: the chance of 1 to k steps
        win = [[0.0] * (n + 1) for _ in range(n + 1)]

        def others(a: int, b: int) -> float:
            """What the turns that bank something give the player ``a`` from the target."""
            k = min(a - 1, top)
            row = win[b]
            total = below[k] - sum(map(mul, dist[1 : k + 1], reversed(row[a - k : a])))
            for g in range(a, top + 1):
                lead = b - a + g
                total += dist[g] * (1 - beat[lead] if lead < len(beat) else 1.0)
            return total

        for s in range(2, 2 * n + 1):
            for a in range(max(1, s - n), (s + 1) // 2):
                b = s - a
                x, y = others(a, b), others(b, a)
                w = (d * (1 - d) + x - d * y) / (1 - d * d)
                win[a][b], win[b][a] = w, d * (1 - w) + y
            if s % 2 == 0 and s // 2 <= n:
                a = s // 2
                win[a][a] = (d + others(a, a)) / (1 + d)
        self.win = win

    def after_bank(self, a: int, b: int) -> float:
        """The chance to win of a player who has just banked and stands ``a`` steps from
        the target (0 or less: reached), the other player ``b`` steps from it and to move."""
        if a > 0:
            return 1 - self.win[b][a]
        lead = b - a
        return 1 - self.beat[lead] if lead < len(self.beat) else 1.0

    def covers(self, a: int, b: int) -> bool:
        """Whether the table holds two players ``a`` and ``b`` steps from the target."""
        return 0 < a <= self.n and 0 < b <= self.n


@cache
def race() -> Race:
    """The race table (the same for every target: it counts steps from it), built once
    when first asked for."""
    return Race()
