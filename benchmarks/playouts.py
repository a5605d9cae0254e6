"""Random-playout throughput of every registered game, and the book's build time.

    python benchmarks/playouts.py                    # every registered game
    python benchmarks/playouts.py milk-run yahtzix   # some games
    python benchmarks/playouts.py --runs 5 --seconds 2 --players 2 --book

For each game, on one core:

- **moves/s**: ``state.legal_moves()`` then ``state.apply`` of a uniformly random legal
  move (chance moves are sampled with ``state.sample_chance()`` and count as moves),
  restarting from a new seed whenever a game ends;
- **games/s**: whole games between random bots (``gamebox.bots.play``), each capped at
  ``--cap`` moves (a capped game still counts, and is reported);

- **board ms**: one answer of the play board (:class:`gamebox.play.Session`) in a game
  of random moves against random bots: the move or the bot's move, then the whole view
  (the board's SVG for the reader's seat, the legal moves with their picks, the
  tempting and the refused moves), as the kernel or the browser's Python computes it;

each the median of ``--runs`` runs of ``--seconds`` seconds. ``--book`` also times
``jupyter-book build --all`` from clean (into a temporary folder). A game whose package
fails to import or to play is reported in the table, not fatal.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from gamebox.bots import RandomBot, play
from gamebox.core import Game, game_class, games, load
from gamebox.play import Session
from gamebox.rng import Rng


@dataclass
class Result:
    name: str
    players: int = 0
    moves_per_s: float = 0.0
    games_per_s: float = 0.0
    moves_per_game: float = 0.0
    capped: int = 0
    games: int = 0
    ms_per_view: float = 0.0
    error: str = ""


def seats(name: str, players: int | None) -> int:
    """The player count to measure: ``players`` if given, else 2 within the game's range."""
    cls = game_class(name)
    want = 2 if players is None else players
    return max(cls.min_players, min(want, cls.max_players))


def moves_per_second(game: Game, seconds: float, seed: int) -> float:
    """Random legal moves applied per second (restarting at each game end)."""
    rng = Rng(seed)
    n_game = seed * 1_000
    state = game.start(n_game)
    moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(64):
            if state.is_over:
                n_game += 1
                state = game.start(n_game)
            legal = state.legal_moves()
            move = state.sample_chance() if state.is_chance else rng.choice(legal)
            state = state.apply(move)
            moves += 1
        now = time.perf_counter()
        if now >= deadline:
            return moves / (now - start)


def games_per_second(
    game: Game, seconds: float, seed: int, cap: int
) -> tuple[float, int, int, int]:
    """Whole random-bot games per second: (games/s, games, moves, games stopped by the cap)."""
    n_games = moves = capped = 0
    start = time.perf_counter()
    while True:
        s = seed * 1_000 + n_games
        bots = [RandomBot(s * 10 + i) for i in range(game.players)]
        final = play(game, s, bots, max_moves=cap)
        n_games += 1
        played = len(final.history)
        moves += played
        capped += not final.is_over
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n_games / elapsed, n_games, moves, capped


def ms_per_view(name: str, players: int, seconds: float, seed: int) -> float:
    """Milliseconds per play-board answer (a move, then the whole view)."""
    session = Session(name, players, seat=0, bots="random", seed=seed)
    rng = Rng(seed)
    views = 0
    start = time.perf_counter()
    while True:
        if session.state.is_over:
            session.new_game(session.seed + 1)
        if session.bots_to_move:
            session.step_bot()
        else:
            session.try_move(str(rng.choice(session.state.legal_moves())))
        views += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return 1000 * elapsed / views


def bench_game(name: str, *, runs: int, seconds: float, players: int | None, cap: int) -> Result:
    result = Result(name)
    try:
        result.players = seats(name, players)
        game = load(name, players=result.players)
        mps = [moves_per_second(game, seconds, seed) for seed in range(1, runs + 1)]
        gps, totals = [], [0, 0, 0]
        for seed in range(1, runs + 1):
            rate, n, moves, capped = games_per_second(game, seconds, seed, cap)
            gps.append(rate)
            totals = [totals[0] + n, totals[1] + moves, totals[2] + capped]
        result.moves_per_s = statistics.median(mps)
        result.games_per_s = statistics.median(gps)
        result.games, result.capped = totals[0], totals[2]
        result.moves_per_game = totals[1] / max(totals[0], 1)
        result.ms_per_view = statistics.median(
            ms_per_view(name, result.players, seconds, seed) for seed in range(1, runs + 1)
        )
    except ModuleNotFoundError as err:  # a game whose package is not written yet
        result.error = f"does not import: {err}"
    except Exception as err:  # a broken game: report it, go on with the others
        last = traceback.extract_tb(err.__traceback__)[-1]
        result.error = f"{type(err).__name__}: {err} ({Path(last.filename).name}:{last.lineno})"
    return result


def table(results: Sequence[Result]) -> str:
    head = ("game", "players", "moves/s", "games/s", "moves/game", "board ms", "note")
    rows = []
    for r in results:
        if r.error:
            rows.append((r.name, str(r.players or "-"), "-", "-", "-", "-", r.error[:90]))
            continue
        note = f"{r.capped} of {r.games} games hit the cap" if r.capped else f"{r.games} games"
        rows.append((
            r.name, str(r.players), f"{r.moves_per_s:,.0f}", f"{r.games_per_s:,.1f}",
            f"{r.moves_per_game:,.0f}", f"{r.ms_per_view:.2f}", note,
        ))  # fmt: skip
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows, strict=True)]
    right = {1, 2, 3, 4, 5}

    def fmt(row: Sequence[str]) -> str:
        cells = [
            str(c).rjust(w) if i in right else str(c).ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        return "| " + " | ".join(cells) + " |"

    rule = "|" + "|".join(("-" * (w + 1) + ":") if i in right else "-" * (w + 2)
                          for i, w in enumerate(widths)) + "|"  # fmt: skip
    return "\n".join([fmt(head), rule, *(fmt(r) for r in rows)])


def book_build_seconds(root: Path) -> tuple[float, bool, str]:
    """Seconds for ``jupyter-book build --all`` of the book into a fresh folder."""
    with tempfile.TemporaryDirectory(prefix="gamebox-book-") as out:
        cmd = ["jupyter-book", "build", "--all", str(root), "--path-output", out, "-W", "-n"]
        start = time.perf_counter()
        proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=False)
        took = time.perf_counter() - start
    return took, proc.returncode == 0, (proc.stdout + proc.stderr)[-2000:]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python benchmarks/playouts.py", description="Random-playout throughput of each game."
    )
    parser.add_argument("names", nargs="*", help="registered game names (default: all)")
    parser.add_argument("--runs", type=int, default=5, help="runs per measure (median)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per run")
    parser.add_argument("--players", type=int, default=None, help="seats (default 2, clamped)")
    parser.add_argument("--cap", type=int, default=5_000, help="move cap of a bot game")
    parser.add_argument("--book", action="store_true", help="also time the book build")
    args = parser.parse_args(argv)
    names = args.names or games()
    unknown = [n for n in names if n not in games()]
    if unknown:
        parser.error(f"not registered: {', '.join(unknown)} (registered: {', '.join(games())})")
    print(
        f"Random playouts, median of {args.runs} runs of {args.seconds:g} s, one core, "
        f"Python {sys.version.split()[0]}"
    )
    results = []
    for name in names:
        print(f"  {name} ...", file=sys.stderr, flush=True)
        results.append(
            bench_game(
                name, runs=args.runs, seconds=args.seconds, players=args.players, cap=args.cap
            )
        )
    print(table(results))
    if args.book:
        took, ok, log = book_build_seconds(Path(__file__).resolve().parent.parent)
        print(f"\nBook build from clean (jupyter-book build --all -W -n): {took:.1f} s"
              + ("" if ok else " FAILED"))  # fmt: skip
        if not ok:
            print(log)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
