"""How much better than the heuristic can a Yahtzix bot be? The race solved backwards.

    python benchmarks/yahtzix_ceiling.py                # the strong bot's docstring's figures
    python benchmarks/yahtzix_ceiling.py --checks       # the race to 2,000 only

The game is :mod:`gamebox.games.yahtzix.race`'s race: two open players, offers (YX-10)
left out, scores in steps of 5 points. The heuristic bot's turn banks ``g`` steps with
the chance ``turn_points()[g]`` (``g = 0``: a bust), and whoever is behind when the other
reaches the target has one last turn played to beat the lead (YX-11,
``last_turn_chances()``). A player A meets the heuristic bot B; with A ``a`` steps from
the target and B ``b`` steps from it, ``V[a][b]`` is A's chance of winning with A to move
and ``W[a][b]`` with B to move (a tie of the last turn counts half):

* B's turn: ``W[a][b] = d[0] V[a][b] + sum of d[h] V[a][b - h]`` over ``h >= 1``, where
  ``V[a][b - h]`` becomes A's last turn against B's lead once B reaches the target;
* A's turn banks ``g`` steps with the chance ``p[g]`` of the way A plays it:
  ``V[a][b] = p[0] W[a][b] + sum of p[g] W[a - g][b]`` over ``g >= 1``, where
  ``W[a - g][b]`` becomes B's last turn against A's lead once A reaches the target.

A bust leaves the scores as they were, so ``V[a][b]`` and ``W[a][b]`` are solved together;
every other term is a position nearer the end, so the tables fill in order of ``a`` and
``b``. Seats alternate: A's figure is ``(V[n][n] + W[n][n]) / 2`` from ``n`` steps each.
The ways A plays a turn:

* ``heuristic``: the heuristic bot's turn, ``p = d``: exactly 50% (a check of the tables);
* ``strong``: the strong bot's turn (:class:`bots.RacePlanner`, its offer weighing left
  out as the race leaves offers out) while both players are within its table's 800
  points of the target, the heuristic's further out;
* ``best reply``: the turn that maximises A's chance of winning. ``exact``: the turn
  programme of :class:`odds.Planner` with the chance of winning after each bank as the
  payoff, repeated (policy iteration) until the turn it picks no longer improves, since
  what a bust is worth, ``W[a][b]``, depends on ``V[a][b]``. ``shortcut``: the best of
  some 600 fixed ways to play a turn (for points, to reach ``T`` points, points capped at
  ``T``, points with a bonus at ``T``, points to a power; their distributions computed
  once), the exact turn only where a player is within ``--exact-within`` points of the
  target. The shortcut is what makes the race to 2,000 affordable; the short races check
  it against the exact reply.

Nothing is simulated: every figure is exact arithmetic over the engine's dice odds, the
same on every run. All of it takes about four minutes of CPU, most of them the strong
bot's turn and the best reply on the race to 2,000 (about a minute each).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import cache

import numpy as np

from gamebox.games.yahtzix.bots import RacePlanner
from gamebox.games.yahtzix.moves import DICE, MAX_ROLLS, _keeps
from gamebox.games.yahtzix.odds import (
    Planner,
    _later_classes,
    _weighted_rolls,
    first_roll_distribution,
    planner,
)
from gamebox.games.yahtzix.race import STEP, last_turn_chances, race, turn_points

#: A turn banks at most this many steps: the best first roll, then 1s on every die after.
MOST = (max(first_roll_distribution()) + 10 * DICE * (MAX_ROLLS - 1)) // STEP


def padded(dist: list[float]) -> np.ndarray:
    """A turn distribution as an array over 0 to ``MOST`` steps."""
    out = np.zeros(MOST + 1)
    out[: len(dist)] = dist
    return out


@cache
def first_rolls() -> tuple[tuple[float, bool, tuple[tuple[int, int], ...]], ...]:
    """A turn's first roll, grouped: (chance, shows a 1 or 5, every keep as (points, dice
    left))."""
    groups: dict[tuple[bool, tuple[tuple[int, int], ...]], float] = {}
    for dice, w in _weighted_rolls(DICE):
        keeps = tuple(sorted({(v, DICE - len(kept)) for kept, v in _keeps(dice, True).items()}))
        key = (1 in dice or 5 in dice, keeps)
        groups[key] = groups.get(key, 0.0) + w / 6**DICE
    return tuple((p, had15, keeps) for (had15, keeps), p in groups.items())


def turn_chances(plan: Planner) -> np.ndarray:
    """The chance that a turn played by ``plan`` banks each number of steps (0: a bust).

    This is :func:`race.turn_points` with every keep of the first roll weighed: that one
    leaves out a keep with no more points and no more dice left than another, which is
    right while more points are never worth less, but not here: reaching the target with
    a small lead leaves the other player a last turn, and stopping just short of it can
    be worth more. The chances are carried forward roll by roll, one entry per (points
    aside, dice left), since the plan's choice depends on nothing else."""
    dist = np.zeros(MOST + 1)
    aside: dict[tuple[int, int], float] = {}  # (points aside, dice left) after roll r
    for prob, had15, keeps in first_rolls():
        if not keeps:
            dist[0] += prob
            continue
        _, t, m = max((plan.after_keep(t, m, 1, had15), t, m) for t, m in keeps)
        if had15:
            aside[t, m] = aside.get((t, m), 0.0) + prob
        else:
            dist[t // STEP] += prob
    for r in range(1, MAX_ROLLS + 1):
        rolled: dict[tuple[int, int], float] = {}
        for (t, m), prob in aside.items():
            k = plan.decide(t, m, r)[1] if m and r < MAX_ROLLS else 0
            if not k:
                dist[t // STEP] += prob
                continue
            for ones, fives, w in _later_classes(k):
                chance = prob * w / 6**k
                if not ones + fives:
                    dist[0] += chance
                    continue
                _, i, j = max(
                    (plan.after_keep(t + 10 * i + 5 * j, m - i - j, r + 1), i, j)
                    for i in range(ones + 1)
                    for j in range(fives + 1)
                    if i or j
                )
                key = (t + 10 * i + 5 * j, m - i - j)
                rolled[key] = rolled.get(key, 0.0) + chance
        aside = rolled
    return dist


class Goal(Planner):
    """The turn programme for a goal given as what banking ``t`` points is worth."""

    def __init__(self, worth: Callable[[int], float]) -> None:
        self.worth = worth
        super().__init__()

    def payoff(self, t: int, left: int = 0) -> float:
        return self.worth(t)


class AfterBank(Planner):
    """A turn valued by A's chance of winning after it: banking ``g`` steps is worth
    ``after[g]``, a bust ``bust``."""

    def __init__(self, after: np.ndarray, bust: float) -> None:
        self.after = after
        super().__init__()
        self.nothing = bust

    def payoff(self, t: int, left: int = 0) -> float:
        return float(self.after[t // STEP])


class RaceTurn(RacePlanner):
    """The strong bot's turn in the race, where no bank is on offer to the next player."""

    def payoff(self, t: int, left: int = 0) -> float:
        return super().payoff(t)


def ways() -> np.ndarray:
    """The shortcut's fixed ways to play a turn: one distribution a row, the heuristic's first."""
    goals: list[Callable[[int], float]] = []
    for target in range(STEP, 505, STEP):
        goals.append(lambda t, T=target: float(t >= T))
        goals.append(lambda t, T=target: float(min(t, T)))
        for bonus in (10, 30, 60, 120):
            goals.append(lambda t, T=target, B=bonus: t + (B if t >= T else 0.0))
    for power in (0.5, 0.7, 0.85, 1.2, 1.5, 2.0):
        goals.append(lambda t, P=power: float(t) ** P)
    return np.array([padded(turn_points())] + [padded(turn_points(Goal(g))) for g in goals])


# A's turn at one position: (a, b, after, y, start) -> V[a][b], where ``after[g]`` is A's
# chance after banking g steps, ``y`` what B's turns that bank give A (so a bust is worth
# ``d[0] V + y``), ``start`` the value of the heuristic's turn there.
Reply = Callable[[int, int, np.ndarray, float, float], float]


class Solver:
    """The tables ``V`` and ``W`` of one race for one way A plays (see the module)."""

    def __init__(self) -> None:
        self.d = padded(turn_points())
        beat = last_turn_chances()
        self.beat = np.zeros(2 * MOST + 1_000)  # beat[x]: a last turn beats a lead of x steps
        self.beat[: len(beat)] = beat

    def value(self, p: np.ndarray, after: np.ndarray, y: float) -> float:
        """``V`` when A's turn banks with the chances ``p``: ``v = p[0] (d[0] v + y) + x``."""
        return (p[0] * y + p[1:] @ after[1:]) / (1 - p[0] * self.d[0])

    def solve(self, n: int, reply: Reply) -> tuple[np.ndarray, np.ndarray]:
        """``V`` and ``W`` for a race of ``n`` steps each (``n * STEP`` points)."""
        if len(self.beat) < n + MOST + 1:
            self.beat = np.concatenate([self.beat, np.zeros(n + MOST + 1 - len(self.beat))])
        d, beat = self.d, self.beat
        gs = np.arange(MOST + 1)
        V = np.zeros((n + 1, n + 1))
        W = np.zeros((n + 1, n + 1))
        for a in range(1, n + 1):
            k = min(a - 1, MOST)  # banks that leave A short of the target
            for b in range(1, n + 1):
                after = np.zeros(MOST + 1)  # after[0] is never read: a bust is the bust's
                after[1 : k + 1] = W[a - k : a, b][::-1]
                after[k + 1 :] = 1 - beat[b - a + gs[k + 1 :]]
                h = min(b - 1, MOST)
                y = d[1 : h + 1] @ V[a, b - h : b][::-1] + d[h + 1 :] @ beat[a - b + gs[h + 1 :]]
                v = reply(a, b, after, y, self.value(d, after, y))
                V[a, b] = v
                W[a, b] = d[0] * v + y
        return V, W

    # -- the ways A plays a turn ------------------------------------------------------

    def heuristic(self, a: int, b: int, after: np.ndarray, y: float, start: float) -> float:
        return start

    def strong(self, a: int, b: int, after: np.ndarray, y: float, start: float) -> float:
        table = race()
        if not table.covers(a, b):
            return start
        return self.value(turn_chances(RaceTurn(a, b, planner(0))), after, y)

    def exact(self, a: int, b: int, after: np.ndarray, y: float, start: float) -> float:
        v = start
        while True:
            p = turn_chances(AfterBank(after, self.d[0] * v + y))
            better = self.value(p, after, y)
            if better <= v + 1e-13:
                return max(v, better)
            v = better

    def shortcut(self, table: np.ndarray, within: int) -> Reply:
        """The best of the ways in ``table``, and the exact turn within ``within``
        points of the target."""
        p0 = table[:, 0]

        def reply(a: int, b: int, after: np.ndarray, y: float, start: float) -> float:
            v = float(np.max((p0 * y + table[:, 1:] @ after[1:]) / (1 - p0 * self.d[0])))
            if min(a, b) * STEP <= within:
                v = self.exact(a, b, after, y, v)
            return v

        return reply


def race_figure(solver: Solver, target: int, reply: Reply) -> float:
    """A's chance of winning the race to ``target`` from 0 each, seats alternating."""
    n = target // STEP
    V, W = solver.solve(n, reply)
    return (V[n, n] + W[n, n]) / 2


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", type=int, default=2000, help="the race's length in points")
    parser.add_argument(
        "--exact-within",
        type=int,
        default=100,
        help="the shortcut plays the exact turn within this many points of the target",
    )
    parser.add_argument(
        "--checks",
        type=int,
        nargs="*",
        default=[500, 200],
        help="short races on which the shortcut is checked against the exact reply",
    )
    args = parser.parse_args(argv)
    solver = Solver()
    began = time.process_time()
    table = ways()
    print(f"{len(table)} ways to play a turn, in {time.process_time() - began:.1f} s of CPU")
    shortcut = solver.shortcut(table, args.exact_within)
    rows = [
        (args.target, "heuristic", solver.heuristic),
        (args.target, "strong", solver.strong),
        (args.target, "best reply (shortcut)", shortcut),
    ]
    for target in args.checks:
        rows += [
            (target, "best reply (exact)", solver.exact),
            (target, "best reply (shortcut)", shortcut),
        ]
    print(f"{'race to':>8}  {'A, against the heuristic':26} {'A wins':>10}   CPU")
    for target, name, reply in rows:
        began = time.process_time()
        figure = race_figure(solver, target, reply)
        spent = time.process_time() - began
        print(f"{target:8}  {name:26} {figure:10.6%}  {spent:5.0f} s", flush=True)


if __name__ == "__main__":
    main()
