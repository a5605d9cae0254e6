"""Bots, and playing a whole game with them.

Every bot takes a seed and owns its generator; none reads the global random module.

>>> import gamebox
>>> game = gamebox.load("milk-run", players=2)
>>> final = play(game, seed=3, bots=[RandomBot(1), RandomBot(2)], max_moves=50)
>>> len(final.history) <= 50
True
"""

from __future__ import annotations

from collections.abc import Sequence

from gamebox.core import Game, Move, State, shorten
from gamebox.rng import Rng, derive


class Bot:
    """A player: :meth:`choose` picks one of ``state.legal_moves()``."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Move:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Picks uniformly among the legal moves."""

    name = "random"

    def choose(self, state: State) -> Move:
        return self.rng.choice(state.legal_moves())


def next_move(state: State, bots: Sequence[Bot]) -> Move:
    """The move made at ``state``: chance's own pick (from the state's generator), or
    the choice of the bot in the seat to move."""
    if state.is_chance:
        return state.sample_chance()
    return bots[state.current_player].choose(state)


def play(
    game: Game,
    seed: int,
    bots: Sequence[Bot] | None = None,
    *,
    max_moves: int = 100_000,
    state: State | None = None,
) -> State:
    """Play from ``game.start(seed)`` (or ``state``) until the game ends or ``max_moves``
    moves were made. Chance moves come from the state's own generator."""
    if state is None:
        state = game.start(seed)
    if bots is None:
        bots = [RandomBot(derive(seed, i)) for i in range(game.players)]
    for _ in range(max_moves):
        if state.is_over:
            break
        state = state.apply(next_move(state, bots))
    return state


def bot_types(game: Game) -> dict[str, type[Bot]]:
    """The bots that play ``game``, by name: ``random``, and ``heuristic`` (the
    ``HeuristicBot`` of the game package's ``bots`` module).

    >>> import gamebox
    >>> sorted(bot_types(gamebox.load("yahtzix")))
    ['heuristic', 'random']
    """
    module = game.sibling("bots")
    found: dict[str, type[Bot]] = {"random": RandomBot}
    if module is not None:
        found["heuristic"] = module.HeuristicBot
    return found


def make_bots(game: Game, kind: str | Sequence[str], seed: int = 0) -> list[Bot]:
    """One bot per seat: ``kind`` is a bot name ("random", "heuristic") or one per seat;
    an unknown name is refused with ``ValueError``."""
    kinds = [kind] * game.players if isinstance(kind, str) else list(kind)
    types = bot_types(game)
    if len(kinds) != game.players:
        raise ValueError(f"{len(kinds)} bot names for {game.players} seats")
    for k in kinds:
        if k not in types:
            raise ValueError(f"no {shorten(str(k))!r} bot; the bots are {', '.join(types)}")
    return [types[k](derive(seed, i)) for i, k in enumerate(kinds)]
