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

    @classmethod
    def warm(cls, game: Game) -> None:
        """Build now what this bot would otherwise build on one of its first moves in
        ``game`` (a table kept for the whole process), so that no move waits for it:
        a play session warms its bots when it deals (:func:`warm`). Nothing, by
        default."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Picks uniformly among the legal moves."""

    name = "random"

    def choose(self, state: State) -> Move:
        return self.rng.choice(state.legal_moves())

    def advise(self, state: State) -> Advice:
        return Advice(self.choose(state), "A move picked at random among the legal ones.")


class DealtBot(Bot):
    """Determinized Monte Carlo over a turn, for a game whose hands are hidden: the
    ``strong`` level of Spite and Malice and Skip-Bo.

    It asks the game's heuristic bot first; where the heuristic's advice needs no
    weighing (:meth:`settled`: the one legal move, a winning card), that is the answer.
    Otherwise it deals afresh, from its own generator, everything its seat cannot see
    (:meth:`determinize`), at least 4 times and about :attr:`budget` playouts in all;
    from each deal and each legal move, the heuristic plays every seat on
    (:meth:`playout`, which scores the end for the seat; a subclass may bound that work
    by stopping after fewer deals, :meth:`weigh`). The same deals serve every
    move, so each is compared with the heuristic's deal by deal: the move that gained
    most on it is played if its mean gain is above :attr:`sure` standard errors of those
    paired gains, else the heuristic's. A subclass names the game's pieces: :attr:`heuristic`,
    :attr:`horizon` ("to your next turn"), :attr:`measure` ("pay-off cards") and
    :meth:`explain`, the words and ruling of a move the search prefers.
    """

    name = "strong"
    #: Playouts spent on one decision, shared among the candidate moves.
    budget = 160
    #: Standard errors a move's gain on the heuristic's move must exceed (0: any gain).
    sure = 0.0
    heuristic: type[Bot]
    horizon = ""
    measure = ""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.playout_bot = self.heuristic(0)

    def settled(self, plain: Advice) -> bool:
        """Is the heuristic's advice the answer without a search?"""
        return False

    def determinize(self, state: State, seat: int) -> State:
        """A copy of ``state`` with everything ``seat`` cannot see dealt afresh."""
        raise NotImplementedError

    def playout(self, state: State, seat: int) -> float:
        """The heuristic plays on from ``state``; what the end is worth to ``seat``."""
        raise NotImplementedError

    def explain(self, move: Move) -> tuple[str, str]:
        """What a move the search prefers does, and the ruling it follows."""
        raise NotImplementedError

    def weigh(self, deals: list[State], legal: list[Move], seat: int) -> dict[Move, list[float]]:
        """Each legal move's playout from each deal, deal by deal (:meth:`playout` of the
        deal after the move, for ``seat``). A subclass may stop early, at a deal's end:
        every move's list then holds the same deals, the first ones."""
        return {m: [self.playout(w.apply(m), seat) for w in deals] for m in legal}

    def advise(self, state: State) -> Advice:
        legal = state.legal_moves()
        plain = self.playout_bot.advise(state)
        if len(legal) == 1 or self.settled(plain):
            return plain
        me = state.player
        deals = [self.determinize(state, me) for _ in range(max(4, self.budget // len(legal)))]
        leads = self.weigh(deals, legal, me)
        base = leads[plain.move]
        n = len(base)
        gains = {m: [a - b for a, b in zip(row, base, strict=True)] for m, row in leads.items()}
        best = max(legal, key=lambda m: sum(gains[m]))
        total = sum(gains[best])
        squares = sum(g * g for g in gains[best])
        # Its mean gain total/n must exceed `sure` standard errors, sqrt(variance/n) with
        # variance (squares - total**2/n)/(n-1). Squared, that is the test below: only
        # + - *, so exact for whole-number gains and the same on every platform (a square
        # root or a power need not round alike in CPython and in Pyodide, and a move that
        # gains in one deal only sits exactly on the line: rounding must not decide).
        bound = self.sure * self.sure * (n * squares - total * total)
        if total <= 0 or total * total * (n - 1) <= bound:
            return plain  # not clearly better than the heuristic's move: keep that
        what, rule = self.explain(best)
        return Advice(
            best,
            f"{what}: in {n} deals of the cards you cannot see, played on {self.horizon}, "
            f"it kept you {sum(leads[best]) / n:+.1f} {self.measure} on your opponent, against "
            f"{sum(base) / n:+.1f} for {plain.move} ({rule}).",
            rule,
        )


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
    the game's strongest bot, seeded from what the player to move sees (the same hint
    every time, whatever the cards they cannot see)."""
    if state.is_over or state.is_chance:
        raise ValueError("a hint is for a player to move, in a game still going")
    seen = state.describe(state.current_player)
    return hint_bot(state.game)(zlib.crc32(seen.encode())).advise(state)


def hint_bot(game: Game) -> type[Bot]:
    """The bot :func:`hint` asks: the game's strongest."""
    types = bot_types(game)
    return next(types[level] for level in reversed(LEVELS) if level in types)


def warm(game: Game, bots: Sequence[Bot] = ()) -> None:
    """Warm (:meth:`Bot.warm`) the bots of ``bots`` and the one :func:`hint` asks, each
    kind once."""
    for kind in dict.fromkeys([*map(type, bots), hint_bot(game)]):
        kind.warm(game)


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
