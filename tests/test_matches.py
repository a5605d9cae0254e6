"""The match script (``benchmarks/matches.py``): seeded, seat-alternating, counted right."""

from __future__ import annotations

import matches
from gamebox.bots import LEVELS


def test_a_match_is_seeded_and_counts_every_game() -> None:
    once = matches.match("milk-run", "heuristic:random", 4, cap=5_000)
    again = matches.match("milk-run", "heuristic:random", 4, cap=5_000)
    assert (once.wins, once.losses, once.draws) == (again.wins, again.losses, again.draws)
    assert once.wins + once.losses + once.draws == 4
    assert once.moves > 0 and once.slowest > 0 and once.thinking >= once.slowest


def test_a_bot_against_itself_takes_both_seats() -> None:
    """A first-move player against itself: alternating seats, the same bot wins and
    loses as the seat it holds decides."""
    tally = matches.match("skip-bo", "first:first", 6, cap=20_000)
    assert tally.wins + tally.losses + tally.draws == 6
    assert tally.wins and tally.losses


def test_a_stopped_game_is_counted_as_unfinished() -> None:
    tally = matches.match("yahtzix", "random:random", 2, cap=3)
    assert tally.unfinished == 2 and tally.draws == 2
    assert "(2 unfinished)" in tally.line("yahtzix", "random:random")


def test_the_first_move_player_and_every_level_can_be_made() -> None:
    game = matches.load("finish-line", players=2)
    state = game.start(1)
    while state.is_chance:
        state = state.apply(state.sample_chance())
    assert matches.make(game, "first", 0).choose(state) == state.legal_moves()[0]
    for level in LEVELS:
        assert matches.make(game, level, 0).choose(state) in state.legal_moves()
