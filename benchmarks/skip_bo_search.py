"""Where Skip-Bo's random playouts spend their time on the lead-up rule (SB-9), for
measurement only.

    python benchmarks/skip_bo_search.py                  # 500 seeded games, 1980 rules
    python benchmarks/skip_bo_search.py --games 2000 --option preset=official

In the 1980 game a helper card is legal only as the first card of a run that can carry its
build pile on to the reserve card, so a position where a helper card fits checks each such
card (``SkipBoState._helper_plays``), often with a search (:func:`leadup.search`). This
script plays seeded random games (the loop of ``playouts.py``) with a clock around that
check, then the same games again counting the search's calls (so that counting does not
slow what is timed), and reports:

* the share of positions that check, and the check's time a move beside the whole move's
  (both with the clock's own cost);
* the median check with a search and without one;
* how the check's time spreads over positions: the share of the costliest 10% and 1%;
* the search's calls in a check at the median and the top percentiles;
* how often a search repeats the exact input of an earlier one (hand, Skip-Bo cards, value
  needed, reserve card, last stack, the stacks as they stand): what a cache could answer.

``playouts.py skip-bo --option preset=modern`` gives the same engine's speed without the
rule.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass

from gamebox.core import load
from gamebox.games.skip_bo import leadup, rules
from playouts import option


@dataclass(frozen=True)
class Report:
    """What :func:`measure` found: ``checks`` holds each check's (nanoseconds, search
    calls, its steps included); ``searches`` counts the searches the checks started, and
    ``repeats`` those whose exact input an earlier one had."""

    moves: int
    move_ns: int
    checks: list[tuple[int, int]]
    searches: int
    repeats: int

    @property
    def check_share(self) -> float:
        """The share of positions that check a helper card."""
        return len(self.checks) / self.moves

    @property
    def check_ns_per_move(self) -> float:
        return sum(ns for ns, _ in self.checks) / self.moves

    def costliest_share(self, fraction: float) -> float:
        """The share of the checks' time taken by their costliest ``fraction``."""
        times = sorted((ns for ns, _ in self.checks), reverse=True)
        return sum(times[: max(1, round(fraction * len(times)))]) / sum(times)

    def calls_at(self, quantile: float) -> int:
        """The search's calls in a check at ``quantile`` (0.5: the median)."""
        calls = sorted(n for _, n in self.checks)
        return calls[min(len(calls) - 1, int(quantile * len(calls)))]


def measure(games: int, seed: int = 0, options: dict | None = None) -> Report:
    """Play ``games`` seeded random two-player games twice: once with a clock around each
    check, once counting the search's calls (the same games, check for check: the moves
    do not depend on either), so that counting does not slow what is timed."""
    game = load("skip-bo", players=2, **(options or {}))
    check, search = rules.SkipBoState._helper_plays, leadup.search

    def play() -> tuple[int, int]:
        pick = random.Random(seed)
        moves = 0
        start = time.perf_counter_ns()
        for g in range(games):
            state = game.start(seed * 100_000 + g)
            while not state.is_over:
                state = state.apply(pick.choice(state.legal_moves()))
                moves += 1
        return moves, time.perf_counter_ns() - start

    times: list[int] = []

    def timed_check(state, *args):
        start = time.perf_counter_ns()
        check(state, *args)
        times.append(time.perf_counter_ns() - start)

    calls: list[int] = []
    depth, searches, repeats = [0], [0], [0]
    seen: set[tuple] = set()

    def counted_check(state, *args):
        calls.append(0)
        check(state, *args)

    def counted_search(hand, wilds, stacks, depths, tops, need, reserve, last, alt, dead):
        calls[-1] += 1
        if not depth[0]:  # a search the check starts, not one of its own steps
            shown = tuple(st[:d] for st, d in zip(stacks, depths, strict=True))
            key = (hand, wilds, need, reserve, last, shown)
            searches[0] += 1
            repeats[0] += key in seen
            seen.add(key)
        depth[0] += 1
        try:
            return search(hand, wilds, stacks, depths, tops, need, reserve, last, alt, dead)
        finally:
            depth[0] -= 1

    try:
        rules.SkipBoState._helper_plays = timed_check
        moves, took = play()
        rules.SkipBoState._helper_plays = counted_check
        leadup.search = rules.search = counted_search
        play()
    finally:
        rules.SkipBoState._helper_plays = check
        leadup.search = rules.search = search
    checks = list(zip(times, calls, strict=True))
    return Report(moves, took // max(moves, 1), checks, searches[0], repeats[0])


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(prog="python benchmarks/skip_bo_search.py")
    parser.add_argument("--games", type=int, default=500, help="seeded random games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], type=option,
                        metavar="NAME=VALUE", help="a Skip-Bo option (repeatable)")  # fmt: skip
    args = parser.parse_args(argv)
    r = measure(args.games, args.seed, dict(args.option))
    if not r.checks:
        print(f"no position of {r.moves:,} moves checked a helper card")
        return 0
    median = statistics.median(ns for ns, _ in r.checks)
    print(f"{args.games} random games, {r.moves:,} moves; {r.move_ns:,} ns a move (timed)")
    print(f"positions that check a helper card: {r.check_share:.0%}")
    share = r.check_ns_per_move / r.move_ns
    print(f"the check: {r.check_ns_per_move:,.0f} ns a move ({share:.0%}), "
          f"median {median:,.0f} ns a check")  # fmt: skip
    print(f"costliest 10% of checks: {r.costliest_share(0.1):.0%} of the check's time; "
          f"1%: {r.costliest_share(0.01):.0%}")  # fmt: skip
    print("search calls in a check, median / 90th / 99th / 99.9th percentile: "
          + " / ".join(str(r.calls_at(q)) for q in (0.5, 0.9, 0.99, 0.999)))  # fmt: skip
    started = [ns for ns, n in r.checks if n]
    plain = [ns for ns, n in r.checks if not n]
    print(f"checks with a search: {len(started) / len(r.checks):.0%}, median "
          f"{statistics.median(started or [0]):,.0f} ns; without: median "
          f"{statistics.median(plain or [0]):,.0f} ns")  # fmt: skip
    print(f"searches repeating an earlier one's exact input: "
          f"{r.repeats / max(r.searches, 1):.1%} of {r.searches:,}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
