"""The Yahtzix ceiling script (``benchmarks/yahtzix_ceiling.py``): the race solved
backwards for the heuristic bot, the strong bot and the best reply to the heuristic."""

from __future__ import annotations

import pytest

from gamebox.games.yahtzix.race import turn_points
from tests.helpers import benchmark_package

np = benchmark_package("numpy")
import yahtzix_ceiling as yc  # noqa: E402 (it needs numpy)


def test_the_heuristic_against_itself_wins_half() -> None:
    solver = yc.Solver()
    assert yc.race_figure(solver, 200, solver.heuristic) == pytest.approx(0.5, abs=1e-12)


def test_turn_chances_match_race_turn_points_when_playing_for_points() -> None:
    """Playing for points, the keeps race.turn_points leaves out are never chosen."""
    dist = turn_points()
    chances = yc.turn_chances(yc.Goal(float))
    assert chances.sum() == pytest.approx(1.0)
    assert np.allclose(chances[: len(dist)], dist, atol=1e-15)
    assert not chances[len(dist) :].any()


def test_the_exact_reply_is_the_turn_programme_iterated() -> None:
    """On a race to 30 the exact reply (policy iteration over turn distributions) equals
    plain value iteration with the turn programme's own value of a turn, cell by cell."""
    solver = yc.Solver()
    d0 = solver.d[0]

    def iterated(a: int, b: int, after: np.ndarray, y: float, start: float) -> float:
        v = start
        while True:
            better = yc.AfterBank(after, d0 * v + y).turn_value()
            if abs(better - v) < 1e-13:
                return better
            v = better

    V, W = solver.solve(6, solver.exact)
    V2, W2 = solver.solve(6, iterated)
    assert np.allclose(V, V2, atol=1e-10) and np.allclose(W, W2, atol=1e-10)
    assert (V[1:, 1:] >= solver.solve(6, solver.heuristic)[0][1:, 1:] - 1e-12).all()


@pytest.mark.slow
def test_the_shortcut_agrees_with_the_exact_reply_on_a_race_to_200() -> None:
    solver = yc.Solver()
    exact = yc.race_figure(solver, 200, solver.exact)
    shortcut = yc.race_figure(solver, 200, solver.shortcut(yc.ways(), 50))
    assert exact > 0.505
    assert shortcut <= exact + 1e-12
    assert exact - shortcut < 1e-4
