"""The game protocol shared by every game: games, states, moves, refusals, the registry.

A game is loaded by name with its options, and started from a seed::

    >>> import gamebox
    >>> game = gamebox.load("milk-run", players=2)
    >>> state = game.start(seed=1)
    >>> move = state.legal_moves()[0]
    >>> state.apply(move).history == [move]
    True

``state.legal_moves()`` is the single authority on legality. ``state.apply(move)``
returns a new state and leaves the old one untouched; anything not in
``legal_moves()`` is refused with :class:`IllegalMove`, which names the ruling it
breaks.
"""

from __future__ import annotations

import importlib
import json
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Self

from gamebox.rng import Rng

#: ``state.current_player`` while the next move is chance's (dice, a draw of lots).
CHANCE = -1


class IllegalMove(Exception):
    """A move the rules refuse.

    ``rule`` is a ruling id such as ``"MR-9"``; ``reason`` is one plain sentence.

    >>> err = IllegalMove("MR-9", "your black Go pile shows an ace, so you cannot deliver")
    >>> str(err)
    'MR-9: your black Go pile shows an ace, so you cannot deliver'
    """

    def __init__(self, rule: str, reason: str, move: object = None) -> None:
        super().__init__(rule, reason, move)
        self.rule = rule
        self.reason = reason
        self.move = move

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}"

    def __repr__(self) -> str:
        return f"IllegalMove({self.rule!r}, {self.reason!r})"


class Move(ABC):
    """A move. Subclasses are frozen dataclasses whose ``str()`` is the move's text form,
    the form that ``state.parse_move`` reads back and that ``state.history`` stores in JSON."""

    @abstractmethod
    def __str__(self) -> str: ...


@dataclass(frozen=True)
class Options:
    """Base of every game's options: a frozen dataclass with the source's defaults."""

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


class Game(ABC):
    """One game with its player count and options: a factory of states.

    Subclasses set the class attributes and implement :meth:`start` and
    :meth:`state_from_data`.
    """

    name: ClassVar[str]  # registry name, e.g. "milk-run"
    title: ClassVar[str]  # "Milk Run"
    rule_prefix: ClassVar[str]  # "MR": every IllegalMove.rule starts with it
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_type: ClassVar[type[Options]]
    #: Option sets besides the defaults that change how the game plays: the
    #: conformance suite plays each of them as it plays the defaults.
    variants: ClassVar[tuple[Mapping[str, Any], ...]] = ()

    def __init__(self, players: int, **options: Any) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        self.players = players
        self.options = self.options_type(**self.resolve_options(players, options))

    def resolve_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Hook: fill defaults that depend on the player count, expand presets, validate."""
        return options

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.as_dict().items())
        return f"gamebox.load({self.name!r}, players={self.players}{', ' if opts else ''}{opts})"

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and other.players == self.players
            and other.options == self.options
        )

    def __hash__(self) -> int:
        return hash((self.name, self.players, self.options))

    # -- states ---------------------------------------------------------------

    @abstractmethod
    def start(self, seed: int) -> State:
        """The first state of a game dealt/rolled from ``seed``."""

    def setup(self, **position: Any) -> State:
        """A state from an explicit position (a fixed deal, board or dice), for worked
        examples. Each game documents the keywords it takes."""
        raise NotImplementedError(f"{self.title} has no explicit set-up")

    @abstractmethod
    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> State:
        """Rebuild a state from its ``position`` (the game's part of the JSON form)."""

    def state_from_json(self, data: str | Mapping[str, Any]) -> State:
        """Rebuild a state written by :meth:`State.to_json`, history included. The JSON
        must be of this game, player count and options (:func:`from_json` reads them
        from the JSON instead)."""
        if isinstance(data, str):
            data = json.loads(data)
        if data["game"] != self.name:
            raise ValueError(f"this JSON is a {data['game']} state, not {self.name}")
        if data["players"] != self.players or data["options"] != self.options.as_dict():
            written = load(data["game"], data["players"], **data["options"])
            raise ValueError(f"this JSON is a state of {written!r}, not of {self!r}")
        state = self.state_from_data(data["position"], Rng(data["rng"]))
        hist = None
        for text in data["history"]:
            hist = (text, hist)
        state._hist = hist
        return state

    def replay(self, seed: int, moves: Iterable[Move | str]) -> State:
        """Start from ``seed`` and apply ``moves`` in order."""
        state = self.start(seed)
        for move in moves:
            state = state.apply(move)
        return state

    # -- what the conformance suite checks ---------------------------------------

    @abstractmethod
    def components(self) -> Counter:
        """Every component in play (cards, tiles, markers...), as a multiset."""

    @classmethod
    def _sibling(cls, name: str) -> Any:
        """The module ``name`` beside the game's own (``examples``, ``bots``), or None."""
        package = cls.__module__.rpartition(".")[0]
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as err:
            if err.name != f"{package}.{name}":
                raise
            return None

    @classmethod
    def examples(cls) -> list:
        """The worked examples of the source, as :class:`gamebox.Scenario` data: the
        ``EXAMPLES`` list of the game package's ``examples`` module."""
        module = cls._sibling("examples")
        return list(module.EXAMPLES) if module else []

    def score_range(self) -> tuple[int, int]:
        """The lowest and highest score a player can have at any point."""
        return (-(10**9), 10**9)

    @property
    def bots(self) -> dict[str, type]:
        """The bots that play this game, by name: ``random``, and ``heuristic`` (the
        ``HeuristicBot`` of the game package's ``bots`` module)."""
        from gamebox.bots import RandomBot

        module = self._sibling("bots")
        found = {"random": RandomBot}
        if module is not None:
            found["heuristic"] = module.HeuristicBot
        return found


class State(ABC):
    """A position of a game. States are values: :meth:`apply` returns a new one.

    A subclass stores its position in attributes, and implements ``_legal_moves``,
    ``_play`` (mutating a fresh copy), ``_copy``, ``why_illegal``, ``candidate_moves``,
    ``components``, ``parse_move``, ``to_data`` and the read-only properties.
    """

    game: Game
    rng: Rng
    _hist: tuple | None
    _legal: list[Move] | None

    def _init_state(self, game: Game, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self._hist = None
        self._legal = None

    # -- what a subclass provides -----------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The player to move, :data:`CHANCE` while dice or lots decide, -1 too when over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each player's score (or progress) now."""

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The winning players once the game is over (several on a shared win, none on a draw)."""

    @abstractmethod
    def _legal_moves(self) -> list[Move]:
        """Every legal move, in a stable order."""

    @abstractmethod
    def candidate_moves(self) -> list[Move]:
        """Moves of every shape a player might try here, legal or not (a superset of the
        legal ones that includes the tempting illegal ones). The conformance suite checks
        that the illegal ones are refused with a reason."""

    @abstractmethod
    def why_illegal(self, move: Move) -> IllegalMove:
        """The refusal for a move that is not legal here: the ruling it breaks and why."""

    @abstractmethod
    def _copy(self) -> Self:
        """A copy deep enough that :meth:`_play` on it leaves this state untouched."""

    @abstractmethod
    def _play(self, move: Move) -> None:
        """Carry out a legal move on this (fresh) state."""

    @abstractmethod
    def to_data(self) -> dict[str, Any]:
        """The position as JSON-ready data (read back by ``game.state_from_data``)."""

    @abstractmethod
    def components(self) -> Counter:
        """Every component found in this position (must equal ``game.components()``)."""

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read a move from its text form (raise ValueError when it is not a move)."""

    # -- the protocol ---------------------------------------------------------------

    @property
    def is_chance(self) -> bool:
        return self.current_player == CHANCE and not self.is_over

    @property
    def winner(self) -> int | None:
        """The single winner, or None (game not over, drawn, or a shared win)."""
        w = self.winners
        return w[0] if len(w) == 1 else None

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a stable order (empty once the game is over)."""
        if self._legal is None:
            self._legal = [] if self.is_over else self._legal_moves()
        return list(self._legal)

    def is_legal(self, move: Move | str) -> bool:
        if isinstance(move, str):
            try:
                move = self.parse_move(move)
            except ValueError:
                return False
        if self._legal is None:
            self.legal_moves()
        return move in self._legal

    def check(self, move: Move | str) -> IllegalMove | None:
        """None if ``move`` is legal here, else the refusal :meth:`apply` would raise."""
        if isinstance(move, str):
            try:
                move = self._parse_or_refuse(move)
            except IllegalMove as err:
                return err
        if not isinstance(move, Move):
            raise TypeError(f"a move is a Move or its text, not {move!r}")
        if self.is_legal(move):
            return None
        err = self.why_illegal(move)
        if not isinstance(err, IllegalMove):
            raise RuntimeError(f"engine bug: {move} is not legal but why_illegal gave no reason")
        err.move = move
        return err

    def _parse_or_refuse(self, text: str) -> Move:
        """``text`` read as a move of this game, or refused with ``<prefix>-0``."""
        try:
            return self.parse_move(text)
        except ValueError as err:
            raise IllegalMove(f"{self.game.rule_prefix}-0", str(err), text) from err

    def apply(self, move: Move | str) -> Self:
        """The state after ``move``; raises :class:`IllegalMove` and changes nothing if
        ``move`` is not one of :meth:`legal_moves` (text that is not a move at all is
        refused as :meth:`check` refuses it, with the ruling id ``<prefix>-0``)."""
        if isinstance(move, str):
            move = self._parse_or_refuse(move)
        if self._legal is None:
            self.legal_moves()
        if move not in self._legal:
            raise self.check(move)
        new = self._copy()
        new._legal = None
        new._hist = (move, self._hist)
        new.rng = self.rng.copy()  # _play may shuffle: the old state keeps its generator
        if self.is_chance:
            new.rng.next64()
        new._play(move)
        return new

    def sample_chance(self) -> Move:
        """The chance move this state's generator picks (the state is not changed)."""
        if not self.is_chance:
            raise ValueError("the game is over" if self.is_over else "it is a player's turn")
        return self._sample_chance(self.rng.copy())

    def _sample_chance(self, rng: Rng) -> Move:
        outcomes = self.chance_outcomes()
        total = sum(w for _, w in outcomes)
        pick = rng.randbelow(total)
        for move, weight in outcomes:
            pick -= weight
            if pick < 0:
                return move
        raise AssertionError("unreachable")

    def chance_outcomes(self) -> list[tuple[Move, int]]:
        """At a chance node: each outcome with its integer weight (weights sum to the
        number of equally likely raw outcomes, e.g. 36 for two dice). A game with
        chance moves overrides this."""
        raise NotImplementedError(f"{self.game.title} has no chance moves")

    @property
    def history(self) -> list[Move]:
        """Every move applied since the start, oldest first."""
        moves = []
        node = self._hist
        while node is not None:
            moves.append(node[0])
            node = node[1]
        moves.reverse()
        return [self.parse_move(m) if isinstance(m, str) else m for m in moves]

    @property
    def last_move(self) -> Move | None:
        if self._hist is None:
            return None
        m = self._hist[0]
        return self.parse_move(m) if isinstance(m, str) else m

    # -- JSON ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "players": self.game.players,
            "options": self.game.options.as_dict(),
            "rng": self.rng.state,
            "history": [str(m) for m in self.history],
            "position": self.to_data(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # states compare by value but are not dictionary keys

    # -- display -------------------------------------------------------------------------

    def describe(self, viewer: int | None = None) -> str:
        """The position as text, as ``viewer`` may see it (games with hidden hands
        override this so that ``str(state)`` shows the hand of the player to move and
        ``describe(p)`` shows seat p's instead)."""
        return str(self)

    def summary(self) -> str:
        """One line on the position, for logs and the golden playthroughs (games override)."""
        return "scores " + " ".join(map(str, self.scores))

    def _repr_svg_(self) -> str:
        return self.svg()

    def svg(self, *, viewer: int | None = None) -> str:
        """The board as an SVG string, drawn by the ``svg`` function of the game package's
        ``render`` module. With ``viewer`` set, the board is drawn for that seat: its own
        hand shows and the others' stay hidden (a worked example, with no viewer, shows
        the hand of the player to move)."""
        return self.game._sibling("render").svg(self, viewer=viewer)

    def picks(self, move: Move) -> tuple[str, ...]:
        """What a reader clicks on the board to make ``move``, such as the card and then
        where it goes: tokens that the board's SVG carries as ``data-pick`` attributes
        (see :func:`gamebox.svg.pickable`). Empty for a move made by a button alone
        ("roll", "pass"). Games override."""
        return ()


# ---------------------------------------------------------------------------- registry

#: Registered games: name -> "module:GameClass". Registering a game here is all it
#: takes for the conformance suite, the benchmark and the bots to cover it.
REGISTRY: dict[str, str] = {}


def register(name: str, target: str) -> None:
    """Register a game class by import path ("package.module:Class")."""
    REGISTRY[name] = target


def game_class(name: str) -> type[Game]:
    try:
        target = REGISTRY[name]
    except KeyError:
        raise KeyError(f"no game called {name!r}; registered: {', '.join(REGISTRY)}") from None
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)


def load(name: str, players: int | None = None, **options: Any) -> Game:
    """The game registered as ``name``, for ``players`` players (default: the minimum)."""
    cls = game_class(name)
    return cls(cls.min_players if players is None else players, **options)


def from_json(data: str | Mapping[str, Any]) -> State:
    """Rebuild a state written by :meth:`State.to_json`, with the game, player count and
    options the JSON names.

    >>> state = load("milk-run", players=3, decks=2).start(7).apply("draw stock")
    >>> again = from_json(state.to_json())
    >>> again == state, again.game
    (True, gamebox.load('milk-run', players=3, decks=2))
    """
    if isinstance(data, str):
        data = json.loads(data)
    return load(data["game"], data["players"], **data["options"]).state_from_json(data)


def games() -> list[str]:
    """Names of every registered game."""
    return list(REGISTRY)
