"""The benchmark (``benchmarks/playouts.py``): its report."""

from __future__ import annotations

import playouts


def test_bench_reports_a_game_that_does_not_load() -> None:
    broken = playouts.Result("nothing-here", error="does not import: No module named 'x'")
    fine = playouts.Result(
        "toy", players=2, moves_per_s=1234.5, games_per_s=3.25, games=4, ms_per_view=0.456
    )
    text = playouts.table([broken, fine])
    assert "does not import" in text and "1,234" in text and "3.2" in text and "0.46" in text
    assert len({len(line) for line in text.splitlines()}) == 1  # an aligned table
