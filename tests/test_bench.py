"""The peer benchmark (``benchmarks/playouts.py``): its loops, its pairing, its report."""

from __future__ import annotations

import json

import pytest

import playouts
import pyodide_bots
import skip_bo_search
from gamebox.core import load
from gamebox.games.skip_bo import leadup, rules
from tests.helpers import benchmark_package


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
    benchmark_package("rlcard")
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


def test_options_are_read_from_the_command_line_and_played_and_named() -> None:
    assert playouts.option("wilds=18") == ("wilds", 18)
    assert playouts.option("preset=modern") == ("preset", "modern")
    assert playouts.option(" blocking = false") == ("blocking", False)
    with pytest.raises(Exception, match="NAME=VALUE"):
        playouts.option("modern")
    results, _ = playouts.measure(
        ["skip-bo", "milk-run"],
        playouts.gamebox_runner(load("finish-line", players=2), cap=100_000),
        runs=1,
        seconds=0.0,
        players=None,
        cap=100_000,
        board=False,
        options={"preset": "modern"},
    )
    skip_bo, milk_run = results
    assert skip_bo.label == "skip-bo (preset=modern)" and skip_bo.runs and not skip_bo.error
    assert "has no option 'preset'" in milk_run.error and not milk_run.runs
    report = playouts.table(results, playouts.Result("uno (RLCard)", players=2))
    assert "| skip-bo (preset=modern) " in report and "| milk-run (preset=modern) " in report


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


def test_the_pyodide_table_is_aligned_and_says_what_it_could_not_measure() -> None:
    fine = pyodide_bots.Result(
        "toy",
        seeds=[1, 2],
        start_ms=8400.0,
        bot_ms=[100.0, 300.0, 1200.0],
        ponder_ms=[50.0],
        review_ms=[2500.0],
        deal_ms=[31.0, 12.0],
        click_ms=[640.0],
        cpython_bot_ms=[40.0, 120.0, 440.0],
        ended=1,
        same_game=True,
        stall_start_ms=412.0,
        stall_play_ms=57.0,
    )
    apart = pyodide_bots.Result(
        "other", seeds=[1], bot_ms=[10.0], cpython_bot_ms=[5.0], page_errors=["boom"]
    )
    broken = pyodide_bots.Result("nothing-here", [1], error="no game called 'nothing-here'")
    lines = pyodide_bots.table([fine, apart, broken]).splitlines()
    assert len({len(line) for line in lines[:5]}) == 1  # the rows are aligned
    toy = lines[2]
    # 3 moves (a game ended first), mean 533.3, median 300, slowest 1200, one over a
    # second, CPython's mean 200, ratio 2.67; one ponder of 50 ms; a click that waited
    # 640 ms; the review opened in 2.5 s; the slowest deal 31 ms. The page's longest
    # stalls: 412 ms while Python started, 57 ms while playing.
    cells = (" 8.4 |   31 ", " 3* ", " 533.3 ", " 300.0 ", " 1200.0 ", " 1 ", " 200.0 ", " 2.67 ")
    for cell in (*cells, "   50.0 |    640 |   2500 |   412    57"):
        assert cell in toy, (cell, toy)
    assert " n/a " in lines[3] and "differed" in lines[-1]  # not the same game: no ratio
    assert "other: the page's error: boom" in lines
    assert "no game called 'nothing-here'" in lines[4]


@pytest.mark.slow
def test_the_pyodide_benchmark_times_a_games_strong_moves_in_the_site(
    site, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["finish-line", "--site", str(site), "--seed", "4", "--deals", "2", "--moves", "3"]
    code = pyodide_bots.main([*args, "--json"])
    [figures] = json.loads(capsys.readouterr().out)
    assert code == 0 and not figures["error"], figures
    assert figures["game"] == "finish-line" and figures["seeds"] == [4, 5] and figures["pyodide"]
    assert figures["start_ms"] > 0
    assert figures["bot"]["count"] == figures["cpython_bot"]["count"] == 6  # 3 a deal
    assert figures["ponder"]["count"] >= 1
    # the real board's page: a 10 ms timer ticked, so each stall is a measured gap
    assert figures["stall"]["start"] >= 10 and figures["stall"]["play"] >= 10
    bot = figures["bot"]
    assert bot["mean"] > 0 and bot["median"] <= bot["slowest"]
    assert figures["same_game"] and figures["ratio"] > 0  # the same positions in both


def test_a_failure_in_the_page_is_reported_by_its_head_and_its_error() -> None:
    err = RuntimeError("PythonError: Traceback (most recent call last):\n  File x\nNameError: y\n")
    said = pyodide_bots.failure(err)
    assert said == "RuntimeError: PythonError: Traceback (most recent call last): ... NameError: y"
    assert pyodide_bots.failure(OSError("no such file")) == "OSError: no such file"


def test_the_skip_bo_search_report_times_the_check_and_counts_its_searches() -> None:
    search, check = leadup.search, rules.SkipBoState._helper_plays
    report = skip_bo_search.measure(12, seed=3)
    patched = (leadup.search, rules.search, rules.SkipBoState._helper_plays)
    assert patched == (search, search, check)  # nothing stays patched
    assert report.moves > 1000 and 0.3 < report.check_share < 0.95
    assert 0 < report.check_ns_per_move < report.move_ns
    assert 0.1 <= report.costliest_share(0.1) <= 1 and report.costliest_share(1) == 1
    assert report.calls_at(0.5) <= report.calls_at(0.999) and report.searches > 100
    assert 0 <= report.repeats < report.searches
    again = skip_bo_search.measure(12, seed=3)
    assert [n for _, n in again.checks] == [n for _, n in report.checks]  # seeded
    modern = skip_bo_search.measure(3, options={"preset": "modern"})
    assert modern.checks and modern.searches == 0  # the later game has no lead-up search
