"""How many Finish Line games can be won at all? A clairvoyant player, for measurement only.

    python benchmarks/fl_ceiling.py --games 100                  # seeds 0-99: strong vs first-move
    python benchmarks/fl_ceiling.py --games 200 --first-seed 3000 --opponent heuristic

Finish Line hides nothing but the future: every chance move (a turn's roll, a card's
roll, an attack's) is drawn from the state's generator, which steps once per chance move
whatever came up, so the ``k``-th roll of a game is fixed by its seed whatever the
players do. The first-move player is deterministic, and so are the heuristic and strong
bots. Against them a player who knows the seed's rolls faces a puzzle, not a game: is
there a way to play that wins?

The clairvoyant searches for one (nested Monte Carlo search, level 1, over the true
future): at each of its decisions it plays every legal move on to the end of the game
with the true rolls, itself played by the strong bot after that move and the opponent
by its own policy, and keeps the move whose game ends best (a win, the sooner and the
further ahead the better; a loss, the nearer home the better). It remembers the best
whole game found so far and follows it where no move does better, so it wins every seed
the strong bot wins from the start. A seed it loses is one that the deal and the rolls
decided (or that only a deeper search could save): those bound the strong bot's target.
With ``--compare N``, where the two part on a seed the clairvoyant saves, both moves are
weighed on ``N`` fresh futures (the same for both): is the clairvoyant's move better
without its knowledge, or only with it?

It reports, seed by seed, the strong bot's result and, where the strong bot lost, the
clairvoyant's; then the winnable seeds (won by one or the other) and the strong bot's
wins among them. Never offered to readers: it reads the future.
"""

from __future__ import annotations

import argparse
import time

from gamebox.core import load
from gamebox.rng import Rng, derive
from matches import make

#: The first seed of the fresh futures that --compare weighs moves on.
FUTURES = 90_000


def play_out(state, bots: list) -> object:
    """The game played to its end from ``state`` with the true rolls (the state's own
    generator) and ``bots`` in the seats."""
    while not state.is_over:
        if state.is_chance:
            move = state.sample_chance()
        else:
            move = bots[state.current_player].choose(state)
        state = state.apply(move)
    return state


def outcome(final, seat: int) -> float:
    """How well a finished game ended for ``seat``: above 1000 a win (more for a shorter
    game and the opponent further from home), below a loss (more for ``seat`` nearer home)."""
    finish = final.board.finish
    mine = sum(finish - q for q in final.markers(seat))
    theirs = sum(finish - q for q in final.markers(1 - seat))
    turns = len(final.history)
    if final.winners == (seat,):
        return 1000 + theirs - 0.01 * turns
    return -mine


def seating(game, seed: int, opponent: str) -> tuple[int, list]:
    """The strong bot's seat on ``seed`` and the bots in the seats, as in matches.py."""
    seat = seed % 2
    bots = [make(game, "strong", derive(seed, 0)), make(game, opponent, derive(seed, 1))]
    if seat:
        bots.reverse()
    return seat, bots


def clairvoyant_game(game, seed: int, opponent: str) -> tuple[object, int]:
    """The clairvoyant's game on ``seed`` (seat ``seed % 2``, as in matches.py): its end,
    and how many games it played out."""
    seat, bots = seating(game, seed, opponent)
    state = game.start(seed)
    best = play_out(state, bots)
    best_value = outcome(best, seat)
    plan = best.history[len(state.history) :]
    playouts = 1
    while not state.is_over:
        if state.is_chance:
            state = state.apply(state.sample_chance())
            plan = plan[1:]
            continue
        if state.current_player != seat:
            state = state.apply(bots[state.current_player].choose(state))
            plan = plan[1:]
            continue
        moves = state.legal_moves()
        choice = plan[0]
        if len(moves) > 1:
            for move in moves:
                if move == plan[0]:
                    continue
                after = state.apply(move)
                final = play_out(after, bots)
                playouts += 1
                value = outcome(final, seat)
                if value > best_value:
                    best_value, choice = value, move
                    plan = [move, *final.history[len(after.history) :]]
        state = state.apply(choice)
        plan = plan[1:]
    return state, playouts


def strong_game(game, seed: int, opponent: str) -> bool:
    """Whether the strong bot wins ``seed`` as in matches.py."""
    seat, bots = seating(game, seed, opponent)
    return play_out(game.start(seed), bots).winners == (seat,)


def fair_chance(game, state, bots: list, seat: int, futures: int) -> float:
    """How often ``seat`` wins from ``state`` over ``futures`` fresh futures (the same ones
    for every state asked about, so that two moves are compared on the same rolls)."""
    wins = 0
    for k in range(futures):
        other = game.state_from_data(state.to_data(), Rng(FUTURES + k))
        wins += play_out(other, bots).winners == (seat,)
    return wins / futures


def compare(game, seed: int, opponent: str, final, futures: int) -> None:
    """Along the clairvoyant's game ``final``: wherever it parts from the strong bot, both
    moves with their chances of winning on fresh rolls (the strong bot playing on)."""
    seat, bots = seating(game, seed, opponent)
    state = game.start(seed)
    for move in final.history:
        if not state.is_chance and state.current_player == seat:
            mine = bots[seat].choose(state)
            if mine != move:
                seen = fair_chance(game, state.apply(move), bots, seat, futures)
                fair = fair_chance(game, state.apply(mine), bots, seat, futures)
                print(
                    f"    {state.summary()}, dice {state.red} {state.black}: clairvoyant"
                    f" {move} {seen:.2f}, strong {mine} {fair:.2f}",
                    flush=True,
                )
        state = state.apply(move)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--opponent", default="first", help="first or heuristic")
    parser.add_argument(
        "--compare",
        type=int,
        default=0,
        metavar="N",
        help="where the clairvoyant wins a seed the strong bot loses, weigh each move where "
        "they part on N fresh futures",
    )
    args = parser.parse_args(argv)
    game = load("finish-line", players=2)
    won = winnable = 0
    lost_seeds = []
    for seed in range(args.first_seed, args.first_seed + args.games):
        if strong_game(game, seed, args.opponent):
            won += 1
            winnable += 1
            continue
        began = time.process_time()
        final, playouts = clairvoyant_game(game, seed, args.opponent)
        saved = final.winners == (seed % 2,)
        spent = time.process_time() - began
        winnable += saved
        lost_seeds.append(seed)
        print(
            f"seed {seed}: strong lost; clairvoyant {'won' if saved else 'lost'}"
            f" ({playouts} playouts, {spent:.0f} s)",
            flush=True,
        )
        if saved and args.compare:
            compare(game, seed, args.opponent, final, args.compare)
    print(
        f"seeds {args.first_seed}-{args.first_seed + args.games - 1} vs {args.opponent}: strong won"
        f" {won}; winnable {winnable}; strong's wins among the winnable {won} of {winnable}"
        f"; strong lost {lost_seeds}"
    )


if __name__ == "__main__":
    main()
