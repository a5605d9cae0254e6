"""The bots' levels against each other: seeded matches, win rates per game.

    python benchmarks/matches.py                          # every game, the usual pairings
    python benchmarks/matches.py skip-bo --games 100      # one game, 100 games per pairing
    python benchmarks/matches.py --pair strong:first --pair strong:heuristic

A pairing ``a:b`` plays ``--games`` two-player games of bot ``a`` against bot ``b``,
from seeds 0, 1, 2... (or from ``--first-seed``); ``a`` takes seat 0 in even games and
seat 1 in odd ones, so neither owns the first move. The bots are the levels of
:data:`gamebox.bots.LEVELS` (``random``, ``heuristic``, ``strong``) and ``first``: a
player who always makes the first listed legal move (the newcomer who clicks the first
button). Each line reports ``a``'s wins, losses and draws (a game with no winner or with
both seats winning), and the slowest and mean thinking time of ``a`` per move: CPU time
of this process (``time.process_time``), so that other work on a busy machine does not
count; in this CPython (Pyodide in a browser is about two to three times slower).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from gamebox.bots import Bot, bot_types, next_move
from gamebox.core import Move, State, games, load
from gamebox.rng import derive

PAIRINGS = ("strong:first", "strong:heuristic", "heuristic:first", "heuristic:random")


class FirstMoveBot(Bot):
    """Always the first listed legal move."""

    name = "first"

    def choose(self, state: State) -> Move:
        return state.legal_moves()[0]


@dataclass
class Tally:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    moves: int = 0
    thinking: float = 0.0
    slowest: float = 0.0
    unfinished: int = 0

    def line(self, game: str, pairing: str) -> str:
        played = self.wins + self.losses + self.draws
        mean = self.thinking / self.moves if self.moves else 0.0
        return (
            f"{game:17} {pairing:18} {self.wins:4} won {self.losses:4} lost {self.draws:3} drawn"
            f" of {played:4}   {self.wins / max(played, 1):6.1%}"
            f"   CPU per move: mean {mean * 1000:7.1f} ms, slowest {self.slowest * 1000:7.1f} ms"
            + (f"   ({self.unfinished} unfinished)" if self.unfinished else "")
        )


def make(game, level: str, seed: int) -> Bot:
    if level == "first":
        return FirstMoveBot(seed)
    types = bot_types(game)
    if level not in types:
        raise SystemExit(f"{game.name} has no {level!r} bot; it has {', '.join(types)}")
    return types[level](seed)


def match(name: str, pairing: str, count: int, cap: int, first: int = 0) -> Tally:
    a, b = pairing.split(":")
    game = load(name, players=2)
    tally = Tally()
    for seed in range(first, first + count):
        seat = seed % 2
        bots = [make(game, a, derive(seed, 0)), make(game, b, derive(seed, 1))]
        if seat:
            bots.reverse()
        state = game.start(seed)
        for _ in range(cap):
            if state.is_over:
                break
            if not state.is_chance and state.current_player == seat:
                began = time.process_time()
                move = next_move(state, bots)
                spent = time.process_time() - began
                tally.moves += 1
                tally.thinking += spent
                tally.slowest = max(tally.slowest, spent)
            else:
                move = next_move(state, bots)
            state = state.apply(move)
        if not state.is_over:
            tally.unfinished += 1
            tally.draws += 1
            continue
        winners = set(state.winners)
        if winners == {seat}:
            tally.wins += 1
        elif winners and seat not in winners:
            tally.losses += 1
        else:
            tally.draws += 1
    return tally


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="registry names (default: every game)")
    parser.add_argument("--games", dest="count", type=int, default=100, help="games per pairing")
    parser.add_argument("--pair", action="append", help="a:b pairings (default: the usual four)")
    parser.add_argument("--cap", type=int, default=5_000, help="moves before a game is stopped")
    parser.add_argument(
        "--first-seed",
        type=int,
        default=0,
        help="seed of the first game (tune a bot on other seeds than the ones you report)",
    )
    args = parser.parse_args(argv)
    for name in args.games or games():
        for pairing in args.pair or PAIRINGS:
            a, b = pairing.split(":")
            types = set(bot_types(load(name, players=2))) | {"first"}
            if not {a, b} <= types:
                print(f"{name:17} {pairing:18} (no {', '.join(sorted({a, b} - types))} bot)")
                continue
            tally = match(name, pairing, args.count, args.cap, args.first_seed)
            print(tally.line(name, pairing), flush=True)


if __name__ == "__main__":
    main()
