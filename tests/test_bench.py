"""The peer benchmark (``benchmarks/playouts.py``): its loops, its pairing, its report."""

from __future__ import annotations

import pytest

import playouts
from gamebox.core import load


def test_a_gamebox_run_plays_whole_games_reproducibly() -> None:
    run = playouts.gamebox_runner(load("finish-line", players=2), cap=100_000)
    once = run(0.0, 3)  # no time: exactly one whole game
    assert once.games == 1 and once.capped == 0 and once.moves > 10
    assert run(0.0, 3).moves == once.moves  # the same seed plays the same game
    assert {run(0.0, seed).moves for seed in (4, 5, 6)} != {once.moves}  # others differ


def test_a_gamebox_run_stops_a_game_at_the_cap() -> None:
    run = playouts.gamebox_runner(load("skip-bo", players=2), cap=5)(0.0, 1)
    assert (run.moves, run.games, run.capped) == (5, 1, 1)


def test_the_uno_loop_plays_whole_seeded_games() -> None:
    pytest.importorskip("rlcard", reason=playouts.INSTALL)
    run = playouts.uno_runner()
    first = run(0.0, 7)
    assert first.games == 1 and first.moves > 0
    assert run(0.0, 7).moves == first.moves  # seeded: the same game again
    longer = run(0.05, 7)
    assert longer.games >= 1 and longer.seconds >= 0.05


def test_runs_are_paired_with_the_peer_alternately(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def fake(name: str, moves: int) -> playouts.Runner:
        def run(seconds: float, seed: int) -> playouts.Run:
            calls.append(f"{name} {seed}")
            return playouts.Run(moves * seed, seed, 1.0)

        return run

    monkeypatch.setattr(playouts, "gamebox_runner", lambda game, cap: fake(game.name, 100))
    results, uno = playouts.measure(
        ["milk-run", "nothing-here", "yahtzix"],
        fake("uno", 400),
        runs=3,
        seconds=1.0,
        players=None,
        cap=10,
        board=False,
    )
    assert calls == [
        "uno 1", "milk-run 1", "uno 1", "yahtzix 1",
        "milk-run 2", "uno 2", "yahtzix 2", "uno 2",
        "uno 3", "milk-run 3", "uno 3", "yahtzix 3",
    ]  # fmt: skip
    milk, missing, _ = results
    assert "no game called 'nothing-here'" in missing.error and not missing.runs
    assert milk.ratio == pytest.approx(0.25) and milk.moves_per_s == 200
    assert len(uno.runs) == 6 and uno.ratio is None


def test_the_report_is_an_aligned_table() -> None:
    broken = playouts.Result("nothing-here", error="does not import: No module named 'x'")
    fine = playouts.Result(
        "toy",
        players=2,
        runs=[playouts.Run(2000, 4, 2.0), playouts.Run(3000, 6, 2.0, capped=1)],
        peers=[playouts.Run(8000, 100, 2.0), playouts.Run(6000, 80, 2.0)],
        ms_per_view=0.456,
    )
    uno = playouts.Result("uno (RLCard)", players=2, runs=fine.peers)
    text = playouts.table([broken, fine], uno, board=True)
    lines = text.splitlines()
    assert len({len(line) for line in lines}) == 1  # aligned
    assert "x Uno" in lines[0] and "board ms" in lines[0]
    assert "does not import" in lines[2]
    toy = lines[3]
    # moves/s 1,250 (median of 1,000 and 1,500), ratio median(0.25, 0.5), games/s 2.5
    for cell in ("1,250", "0.38", "2.5", "500", "0.46", "1 of 10 games hit the cap"):
        assert cell in toy, (cell, toy)
    assert " 3,500 | " in lines[4] and "180 games" in lines[4]
