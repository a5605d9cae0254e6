"""Random-playout speed of every registered game, side by side with RLCard's Uno.

    pip install -r benchmarks/requirements.txt          # RLCard, beside gamebox
    python benchmarks/playouts.py                       # every registered game
    python benchmarks/playouts.py milk-run yahtzix      # some games
    python benchmarks/playouts.py --runs 7 --seconds 2 --players 2 --board --book
    python benchmarks/playouts.py skip-bo --option preset=modern   # a game's options

The peer is RLCard's raw Uno loop (``rlcard.games.uno.game.UnoGame``: ``get_legal_actions()``
then ``step()`` of a random legal action, restarting at game end), a widely used card-game
engine in pure Python: a gamebox game's **ratio to Uno** says how its rules engine compares
with that one, and unlike raw moves/s it hardly depends on the machine or its load.

Every run plays whole games from a fresh deal, one after another, until ``--seconds`` have
passed (a run ends at a game's end), on one core:

- gamebox: ``state.legal_moves()``, then ``state.apply`` of a uniformly random legal move;
  at a chance node (dice, a shuffle) the move is sampled with ``state.sample_chance()`` and
  counts as a move; a game longer than ``--cap`` moves is stopped and reported;
- Uno: the same loop over ``UnoGame`` (two players, its generator seeded).

The two are interleaved so that drift of the machine (other work, frequency changes) hits
both: each run of a game is paired with a run of Uno just before or after it (the order
alternates), and its ratio is taken within the pair. Reported are medians over ``--runs``
pairs: moves/s, the ratio to Uno, whole games/s and moves per game. ``--board`` adds the
play board's answer time, ``--book`` the time of ``jupyter-book build --all`` from clean.
``--option NAME=VALUE`` (repeatable) plays every game named with that option, which shows
what a rule costs (Skip-Bo's lead-up search, say: ``preset=modern`` leaves it out); a game
that has no such option reports the refusal. A game whose package fails to import or to
play is reported in the table, not fatal.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamebox.core import Game, game_class, games, load
from gamebox.play import Session

#: The project folder (this file is in its ``benchmarks/``).
ROOT = Path(__file__).resolve().parent.parent

#: What a missing peer asks for.
INSTALL = "pip install -r benchmarks/requirements.txt"


@dataclass(frozen=True)
class Run:
    """Whole games played in one timed run."""

    moves: int
    games: int
    seconds: float
    capped: int = 0

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.seconds

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds


#: A run of one subject: (seconds, seed) -> the games it played.
Runner = Callable[[float, int], Run]


@dataclass
class Result:
    """One line of the report: a subject's runs, and its Uno partners' (same order)."""

    name: str
    players: int = 0
    runs: list[Run] = field(default_factory=list)
    peers: list[Run] = field(default_factory=list)
    ms_per_view: float | None = None
    error: str = ""
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """The name, and the options it was played with."""
        said = ", ".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.name} ({said})" if said else self.name

    @property
    def moves_per_s(self) -> float:
        return statistics.median(r.moves_per_s for r in self.runs)

    @property
    def games_per_s(self) -> float:
        return statistics.median(r.games_per_s for r in self.runs)

    @property
    def moves_per_game(self) -> float:
        return sum(r.moves for r in self.runs) / max(sum(r.games for r in self.runs), 1)

    @property
    def ratio(self) -> float | None:
        """Median over the pairs of (this run's moves/s) / (its Uno partner's moves/s)."""
        if not self.peers:
            return None
        pairs = zip(self.runs, self.peers, strict=True)
        return statistics.median(mine.moves_per_s / uno.moves_per_s for mine, uno in pairs)


def seats(name: str, players: int | None) -> int:
    """The player count to measure: ``players`` if given, else 2, within the game's range."""
    cls = game_class(name)
    want = 2 if players is None else players
    return max(cls.min_players, min(want, cls.max_players))


def gamebox_runner(game: Game, cap: int) -> Runner:
    """Random playouts of ``game``: legal moves, a random one applied (chance sampled)."""

    def run(seconds: float, seed: int) -> Run:
        pick = random.Random(seed)
        moves = games = capped = 0
        start = time.perf_counter()
        while True:
            state = game.start(seed * 100_000 + games)
            played = 0
            while not state.is_over and played < cap:
                legal = state.legal_moves()
                move = state.sample_chance() if state.is_chance else pick.choice(legal)
                state = state.apply(move)
                played += 1
            moves += played
            games += 1
            capped += not state.is_over
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return Run(moves, games, elapsed, capped)

    return run


def uno_runner(players: int = 2) -> Runner:
    """RLCard's raw Uno loop: legal actions, a random one stepped, restart at game end."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ModuleNotFoundError as err:
        raise ModuleNotFoundError(f"the peer benchmark needs RLCard ({err}): {INSTALL}") from err

    def run(seconds: float, seed: int) -> Run:
        pick = random.Random(seed)
        uno = UnoGame(num_players=players)
        uno.np_random = np.random.RandomState(seed)  # every deal of the run, reproducibly
        moves = games = 0
        start = time.perf_counter()
        while True:
            uno.init_game()
            while not uno.is_over():
                uno.step(pick.choice(uno.get_legal_actions()))
                moves += 1
            games += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return Run(moves, games, elapsed)

    return run


def ms_per_view(
    name: str, players: int, seconds: float, seed: int, options: Mapping[str, Any] | None = None
) -> float:
    """Milliseconds per play-board answer (:class:`gamebox.play.Session`, random moves
    against random bots): the move or the bot's move, then the whole view (the board's
    SVG for the reader's seat, the legal moves with their picks, the tempting moves)."""
    session = Session(name, players, seat=0, bots="random", seed=seed, options=options)
    pick = random.Random(seed)
    views = 0
    start = time.perf_counter()
    while True:
        if session.state.is_over:
            session.new_game(session.seed + 1)
        if session.bots_to_move:
            session.step_bot()
        else:
            session.try_move(str(pick.choice(session.state.legal_moves())))
        views += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return 1000 * elapsed / views


def describe(err: Exception) -> str:
    """A failure in one line: the exception and where it was raised."""
    if isinstance(err, ModuleNotFoundError):  # a game whose package is not written yet
        return f"does not import: {err}"
    last = traceback.extract_tb(err.__traceback__)[-1]
    return f"{type(err).__name__}: {err} ({Path(last.filename).name}:{last.lineno})"


def measure(
    names: Sequence[str],
    peer: Runner,
    *,
    runs: int,
    seconds: float,
    players: int | None,
    cap: int,
    board: bool,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[str], None] = lambda line: None,
) -> tuple[list[Result], Result]:
    """Every game's runs, each paired with a run of ``peer`` (Uno), interleaved: run ``k`` of
    every game, then run ``k + 1``...; within a pair the peer goes first on even runs. The
    games are played with ``options``, which their lines in the report name."""
    results = [Result(name, options=dict(options or {})) for name in names]
    runners: dict[str, Runner] = {}
    for result in results:
        try:
            result.players = seats(result.name, players)
            game = load(result.name, players=result.players, **result.options)
            runners[result.name] = gamebox_runner(game, cap)
        except Exception as err:  # a broken game: report it, go on with the others
            result.error = describe(err)
    uno = Result("uno (RLCard)", players=2)
    for k in range(runs):
        progress(f"run {k + 1} of {runs}")
        for result in results:
            if result.error:
                continue
            seed = k + 1
            try:
                if k % 2 == 0:
                    peer_run = peer(seconds, seed)
                    mine = runners[result.name](seconds, seed)
                else:
                    mine = runners[result.name](seconds, seed)
                    peer_run = peer(seconds, seed)
            except Exception as err:
                result.error = describe(err)
                continue
            result.runs.append(mine)
            result.peers.append(peer_run)
            uno.runs.append(peer_run)
    if board:
        for result in results:
            if result.error:
                continue
            progress(f"board {result.name}")
            try:
                result.ms_per_view = statistics.median(
                    ms_per_view(result.name, result.players, seconds, seed, result.options)
                    for seed in range(1, runs + 1)
                )
            except Exception as err:
                result.error = describe(err)
    return results, uno


def table(results: Sequence[Result], uno: Result, *, board: bool = False) -> str:
    """The report as an aligned markdown table, the peer last."""
    head = ["game", "players", "moves/s", "x Uno", "games/s", "moves/game"]
    if board:
        head.append("board ms")
    head.append("note")
    rows = []
    for r in [*results, uno]:
        if r.error or not r.runs:
            blanks = ["-"] * (len(head) - 3)
            rows.append([r.label, str(r.players or "-"), *blanks, r.error[:90]])
            continue
        ratio = r.ratio
        row = [
            r.label,
            str(r.players),
            f"{r.moves_per_s:,.0f}",
            "1" if ratio is None else f"{ratio:.2f}",
            f"{r.games_per_s:,.1f}",
            f"{r.moves_per_game:,.0f}",
        ]
        if board:
            row.append("-" if r.ms_per_view is None else f"{r.ms_per_view:.2f}")
        games = sum(run.games for run in r.runs)
        capped = sum(run.capped for run in r.runs)
        row.append(f"{capped} of {games} games hit the cap" if capped else f"{games:,} games")
        rows.append(row)
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    right = set(range(1, len(head) - 1))

    def fmt(row: Sequence[str]) -> str:
        cells = [
            c.rjust(w) if i in right else c.ljust(w)
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


def option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` from the command line: the value read as JSON (``18``, ``false``),
    else kept as text (``modern``).

    >>> option("wilds=18"), option("preset=modern"), option("blocking=false")
    (('wilds', 18), ('preset', 'modern'), ('blocking', False))
    """
    name, eq, value = text.partition("=")
    if not eq or not name.strip():
        raise argparse.ArgumentTypeError(f"an option is NAME=VALUE, not {text!r}")
    try:
        return name.strip(), json.loads(value)
    except json.JSONDecodeError:
        return name.strip(), value


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(
        prog="python benchmarks/playouts.py",
        description="Random-playout moves/s of each game, and its ratio to RLCard's Uno.",
    )
    parser.add_argument("names", nargs="*", help="registered game names (default: all)")
    parser.add_argument("--runs", type=int, default=5, help="runs per game (median)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per run")
    parser.add_argument("--players", type=int, default=None, help="seats (default 2, clamped)")
    parser.add_argument("--cap", type=int, default=20_000, help="most moves in one game")
    parser.add_argument("--board", action="store_true", help="also time the play board")
    parser.add_argument("--book", action="store_true", help="also time the book build")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        type=option,
        metavar="NAME=VALUE",
        help="play with this game option (repeatable): preset=modern, wilds=18",
    )
    args = parser.parse_args(argv)
    names = args.names or games()
    unknown = [n for n in names if n not in games()]
    if unknown:
        parser.error(f"not registered: {', '.join(unknown)} (registered: {', '.join(games())})")
    try:
        peer = uno_runner()
    except ModuleNotFoundError as err:
        print(err, file=sys.stderr)
        return 2
    print(
        f"Random playouts, whole games, median of {args.runs} runs of {args.seconds:g} s per "
        f"game, each paired with a run of RLCard's Uno; one core, Python {sys.version.split()[0]}"
    )
    results, uno = measure(
        names,
        peer,
        runs=args.runs,
        seconds=args.seconds,
        players=args.players,
        cap=args.cap,
        board=args.board,
        options=dict(args.option),
        progress=lambda line: print(f"  {line} ...", file=sys.stderr, flush=True),
    )
    print(table(results, uno, board=args.board))
    if args.book:
        took, ok, log = book_build_seconds(ROOT)
        print(f"\nBook build from clean (jupyter-book build --all -W -n): {took:.1f} s"
              + ("" if ok else " FAILED"))  # fmt: skip
        if not ok:
            print(log)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
