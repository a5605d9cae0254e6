"""How good can a Spite and Malice player be? A clairvoyant reference, for measurement only.

    python benchmarks/sm_ceiling.py --player strong --opponent first 0-99 2000-2099
    python benchmarks/sm_ceiling.py --player clairvoyant --opponent first 6 30 2008
    python benchmarks/sm_ceiling.py --player modelled --peeks --opponent first 0-99
    python benchmarks/sm_ceiling.py --player strong --compare 33

Each seed is one game of ``benchmarks/matches.py``'s pairing (the same deal, seats and bot
seeds: the player takes seat 0 on even seeds, seat 1 on odd ones), and one line per seed
says who won. The players:

* ``strong``, ``heuristic``, ``blocking``, ``first``: the bots of
  :mod:`gamebox.games.spite_and_malice.bots` and the first-move player (``--sure`` sets
  the strong bot's :attr:`StrongBot.sure`);
* ``clairvoyant``: sees the whole state (the other hand, both pay-off piles, the stock in
  its order, the generator that will shuffle the set-aside pile) and knows the opponent's
  bot. For each legal move it plays the game on exactly as it will go: the opponent's bot
  for the opponent, the blocking bot (and, with ``--selves``, each other listed bot) for
  itself, to the end of the game or ``--turns`` of the opponent's turns ahead, and picks
  the move whose best future scores most (a win 100, a loss -100, a draw -50, else the
  pay-off cards ahead). Nothing is sampled: it is the best play this search finds with the
  true deal, a few seconds a game;
* ``modelled``: the strong bot, with the opponent's own bot (or ``--model``) in its
  playouts for the opponent's seat, and ``--budget`` playouts a move; with ``--peeks`` its
  deals shuffle only the stock (it sees the other hand and both pay-off piles).

A seed the clairvoyant also loses is one the deal decides, as far as this search can tell:
the strong bot's target is then bounded by the seeds anyone could win. ``--compare`` prints
the strong bot's moves after which the clairvoyant's look-ahead loses (or draws) where
another move would win. These players are never offered to readers.
"""

from __future__ import annotations

import argparse
import copy
import time

from gamebox.bots import Bot, next_move
from gamebox.core import Move, State, load
from gamebox.games.spite_and_malice.bots import (
    DRY_BUDGET,
    BlockingBot,
    HeuristicBot,
    StrongBot,
)
from gamebox.games.spite_and_malice.rules import SpiteAndMaliceState
from gamebox.rng import Rng, derive
from matches import FirstMoveBot

BOTS: dict[str, type[Bot]] = {
    "first": FirstMoveBot,
    "heuristic": HeuristicBot,
    "blocking": BlockingBot,
    "strong": StrongBot,
}


class Clairvoyant(Bot):
    """Searches every legal move with the true deal and the opponent's true bot."""

    name = "clairvoyant"

    def __init__(self, opponent: Bot, selves: list[Bot], turns: int, cap: int = 2_000) -> None:
        super().__init__(0)
        self.opponent = opponent
        self.selves = selves
        self.turns = turns
        self.cap = cap

    def future(self, state: State, me: int, self_bot: Bot) -> float:
        """The game played on from ``state``: the opponent by its bot, ``me`` by
        ``self_bot``, until it ends or the opponent has had ``turns`` turns."""
        turns, was = 0, state.current_player
        for _ in range(self.cap):
            if state.is_over:
                break
            p = state.current_player
            if p != was:
                turns += p != me
                was = p
            if p == me and turns >= self.turns:
                break
            bot = self_bot if p == me else self.opponent
            state = state.apply(bot.choose(state))
        if state.is_over:
            won = state.winners
            return -50.0 if not won else 100.0 if won[0] == me else -100.0
        return float(len(state.payoff[1 - me]) - len(state.payoff[me]))

    def scores(self, state: State) -> dict[Move, float]:
        """What each legal move leads to, with the best of :attr:`selves` after it."""
        me = state.current_player
        return {
            m: max(self.future(state.apply(m), me, bot) for bot in self.selves)
            for m in state.legal_moves()
        }

    def choose(self, state: State) -> Move:
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        plain = self.selves[0].choose(state)
        scores = self.scores(state)
        best = max(scores.values())
        return plain if scores[plain] == best else next(m for m in legal if scores[m] == best)


class Modelled(StrongBot):
    """The strong bot, peeking at nothing, but its playouts know the opponent's bot: what
    a perfect model of the opponent would be worth."""

    def __init__(self, seed: int, opponent: Bot, budget: int, peeks: bool) -> None:
        super().__init__(seed)
        self.opponent_model = opponent
        self.plain_budget = budget
        self.peeks = peeks

    def determinize(self, state: State, seat: int) -> State:
        """With ``peeks``, only the stock is dealt afresh: the opponent's hand and both
        pay-off piles are the true ones."""
        if not self.peeks:
            return super().determinize(state, seat)
        assert isinstance(state, SpiteAndMaliceState)
        stock = list(state.stock)
        self.rng.shuffle(stock)
        world = copy.copy(state)
        world.rng = Rng(self.rng.next64())
        world.stock = tuple(stock)
        return world

    @property
    def budget(self) -> int:
        return DRY_BUDGET * self.plain_budget // 160 if self.dry else self.plain_budget


def seeds(texts: list[str]) -> list[int]:
    out: list[int] = []
    for t in texts:
        low, _, high = t.partition("-")
        out.extend(range(int(low), int(high or low) + 1))
    return out


def game_result(seed: int, player: str, opponent: str, args: argparse.Namespace) -> tuple:
    """One seeded game as ``matches.py`` plays it: (result, player's moves, CPU seconds)."""
    game = load("spite-and-malice", players=2)
    seat = seed % 2
    other = BOTS[opponent](derive(seed, 1))
    if player == "clairvoyant":
        selves = [BOTS[s](0) for s in args.selves.split(",")]
        me: Bot = Clairvoyant(BOTS[opponent](derive(seed, 1)), selves, args.turns)
    elif player == "modelled":
        me = Modelled(derive(seed, 0), BOTS[args.model or opponent](1), args.budget, args.peeks)
    else:
        me = BOTS[player](derive(seed, 0))
        if args.sure is not None:
            me.sure = args.sure
    bots = [me, other] if seat == 0 else [other, me]
    state = game.start(seed)
    judge = Clairvoyant(BOTS[opponent](derive(seed, 1)), [BlockingBot(0)], args.turns)
    moves, began = 0, time.process_time()
    for _ in range(args.cap):
        if state.is_over:
            break
        mine = not state.is_chance and state.current_player == seat
        moves += mine
        move = next_move(state, bots)
        if args.compare and mine and len(state.legal_moves()) > 1:
            scores = judge.scores(state)
            best = max(scores, key=scores.get)
            if scores[best] > scores[move] and (scores[move] <= -50 or scores[best] >= 100):
                print(
                    f"  move {moves}: {move} -> {scores[move]:+.0f}; {best} -> "
                    f"{scores[best]:+.0f}\n{state.describe(seat)}\n"
                )
        state = state.apply(move)
    spent = time.process_time() - began
    if state.winner is None:
        return "drawn", moves, spent
    return ("won" if state.winner == seat else "lost"), moves, spent


def parser() -> argparse.ArgumentParser:
    """The command line: seeds, the player and its opponent, the reference players' knobs."""
    cli = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    cli.add_argument("seeds", nargs="+", help="seeds or ranges: 0-99 2000-2099 1015")
    players = [*BOTS, "clairvoyant", "modelled"]
    cli.add_argument("--player", default="clairvoyant", choices=players)
    cli.add_argument("--model", help="the modelled bot's model of the opponent (default: it)")
    cli.add_argument(
        "--peeks", action="store_true", help="the modelled bot sees all but the stock's order"
    )
    cli.add_argument("--sure", type=float, help="the strong bot's standard errors")
    cli.add_argument("--budget", type=int, default=160, help="the modelled bot's playouts")
    cli.add_argument("--opponent", default="first", choices=list(BOTS))
    cli.add_argument("--selves", default="blocking", help="the clairvoyant's own playout bots")
    cli.add_argument("--turns", type=int, default=10_000, help="opponent turns looked ahead")
    cli.add_argument(
        "--compare", action="store_true", help="show where the clairvoyant's choice wins more"
    )
    cli.add_argument("--cap", type=int, default=5_000, help="moves before a game is stopped")
    return cli


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    tally = {"won": 0, "lost": 0, "drawn": 0}
    for seed in seeds(args.seeds):
        result, moves, spent = game_result(seed, args.player, args.opponent, args)
        tally[result] += 1
        print(f"seed {seed:5}  {result:5}  {moves:4} moves  {spent:7.1f} s CPU", flush=True)
    print(
        f"{args.player} vs {args.opponent}: {tally['won']} won, {tally['lost']} lost, "
        f"{tally['drawn']} drawn"
    )


if __name__ == "__main__":
    main()
