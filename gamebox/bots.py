"""Bots, and playing a whole game with them.

Every bot takes a seed and owns its generator; none reads the global random module.

>>> import gamebox
>>> game = gamebox.load("milk-run", players=2)
>>> final = play(game, seed=3, bots=[RandomBot(1), RandomBot(2)], max_moves=50)
>>> len(final.history) <= 50
True
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from gamebox.core import Game, Move, State, shorten
from gamebox.rng import Rng, derive

#: The bots' levels, weakest first: the names a board offers and ``make_bots`` takes.
LEVELS = ("random", "heuristic", "strong")


@dataclass(frozen=True)
class Advice:
    """A bot's choice with its reason: ``move`` (one of the legal moves), ``reason`` (one
    plain-English sentence naming the rule or the idea: "play the 5 from your pay-off
    pile: emptying it wins"), and ``rule``, the ruling id the reason names, if any."""

    move: Move
    reason: str
    rule: str | None = None


class Bot:
    """A player: :meth:`advise` picks one of ``state.legal_moves()`` and says why;
    :meth:`choose` is its move alone. A bot overrides one of the two."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Move:
        return self.advise(state).move

    def advise(self, state: State) -> Advice:
        return Advice(self.choose(state), f"The {self.name} bot's choice.")

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Picks uniformly among the legal moves."""

    name = "random"

    def choose(self, state: State) -> Move:
        return self.rng.choice(state.legal_moves())

    def advise(self, state: State) -> Advice:
        return Advice(self.choose(state), "A move picked at random among the legal ones.")


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
    """The bots that play ``game``, by level (:data:`LEVELS`): ``random``, then the
    game package's ``bots.HeuristicBot`` as ``heuristic`` and ``bots.StrongBot`` as
    ``strong``, where the package has them.
    """
    module = game.sibling("bots")
    found: dict[str, type[Bot]] = {"random": RandomBot}
    for level, attr in (("heuristic", "HeuristicBot"), ("strong", "StrongBot")):
        if module is not None and hasattr(module, attr):
            found[level] = getattr(module, attr)
    return found


def hint(state: State) -> Advice:
    """The move a good player would make at ``state``, with its reason: the advice of
    the game's strongest bot, seeded from the position (the same hint every time)."""
    if state.is_over or state.is_chance:
        raise ValueError("a hint is for a player to move, in a game still going")
    types = bot_types(state.game)
    best = next(types[level] for level in reversed(LEVELS) if level in types)
    return best(zlib.crc32(state.to_json().encode())).advise(state)


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
