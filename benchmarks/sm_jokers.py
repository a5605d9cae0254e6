"""How many jokers for a first game of Spite and Malice? Drawn games by joker count.

    python benchmarks/sm_jokers.py                  # 0 to 4 jokers, seeds 0-1999 each
    python benchmarks/sm_jokers.py --jokers 2 4 --seeds 0-59

The chapter recommends four jokers for a first game (the option ``jokers``; the engine's
default is a deck's usual two). This script is the source of that advice: for each joker
count it plays the same seeded games between two heuristic bots (the deal of seed ``s``,
each bot seeded with ``s``, as the chapter's "By the numbers" study does) and counts the
games that end drawn (SM-13, SM-15) rather than won, with the turns a game lasts and how
often the first player wins a decided game. A *turn* ends with a card placed on a row
(SM-10) or a player stuck (SM-12).

A drawn game is what a newcomer should not meet first: cards buried in rows that only go
down, a stock run dry, both players stuck. Every joker is a way past a missing rank. The
bots are not people, but the trend is the deal's. On seeds 0-1999 (about 75 s of CPU):

    0 jokers:  533 of 2000 drawn ( 27%),  75.6 turns a game, first player wins  45% ...
    1 jokers:  283 of 2000 drawn ( 14%),  74.0 turns a game, first player wins  50% ...
    2 jokers:  183 of 2000 drawn (  9%),  70.9 turns a game, first player wins  48% ...
    3 jokers:  102 of 2000 drawn (  5%),  70.3 turns a game, first player wins  47% ...
    4 jokers:   74 of 2000 drawn (  4%),  70.7 turns a game, first player wins  49% ...

The chapter's own study, seeds 0-59, finds 7 of 60 drawn (12%) with two jokers and 2 of
60 (3%) with four: the same trend on fewer games.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from gamebox.bots import make_bots, play
from gamebox.core import load
from gamebox.games.spite_and_malice.rules import Place, Stuck


@dataclass(frozen=True)
class Tally:
    """The games of one joker count: how many, drawn, won by the first player, and turns."""

    jokers: int
    games: int
    drawn: int
    first_wins: int
    turns: int

    def line(self) -> str:
        """One line of the table: drawn share, first player's share of decided games."""
        decided = self.games - self.drawn
        first = self.first_wins / decided if decided else 0.0
        return (
            f"{self.jokers} jokers: {self.drawn:4d} of {self.games} drawn "
            f"({self.drawn / self.games:4.0%}), {self.turns / self.games:5.1f} turns a game, "
            f"first player wins {first:4.0%} of decided games"
        )


def tally(jokers: int, seeds: list[int]) -> Tally:
    """Play heuristic against heuristic on each seed with ``jokers`` in the draw deck."""
    game = load("spite-and-malice", jokers=jokers)
    drawn = first_wins = turns = 0
    for seed in seeds:
        first = game.start(seed).current_player
        final = play(game, seed, make_bots(game, "heuristic", seed), max_moves=20_000)
        turns += sum(isinstance(move, (Place, Stuck)) for move in final.history)
        if not final.winners:
            drawn += 1
        elif final.winners == (first,):
            first_wins += 1
    return Tally(jokers, len(seeds), drawn, first_wins, turns)


def seed_list(spec: str) -> list[int]:
    """``"0-399"`` is seeds 0 to 399; ``"7"`` is seed 7.

    >>> seed_list("3-5"), seed_list("9")
    ([3, 4, 5], [9])
    """
    low, _, high = spec.partition("-")
    return list(range(int(low), int(high or low) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jokers", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    parser.add_argument("--seeds", default="0-1999", help="a range such as 0-59")
    args = parser.parse_args()
    seeds = seed_list(args.seeds)
    for jokers in args.jokers:
        start = time.process_time()
        result = tally(jokers, seeds)
        print(f"{result.line()}  [{time.process_time() - start:.0f} s CPU]", flush=True)


if __name__ == "__main__":
    main()
