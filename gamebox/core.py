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
import inspect
import json
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, Field, dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Self

from gamebox.rng import Rng
from gamebox.rulings import Ruling, check_table
from gamebox.speed import Lookups, successor_maker

if TYPE_CHECKING:
    from gamebox.svg import Board

#: ``state.current_player`` while the next move is chance's (dice, a draw of lots).
CHANCE = -1
#: What reading hostile data (a hand-set position, a loaded JSON) may raise in a game's
#: code: each is turned into one ``ValueError`` that names the problem.
BAD_DATA = (ValueError, TypeError, LookupError, AttributeError, ArithmeticError, RecursionError)


class IllegalMove(Exception):
    """A move the rules refuse.

    ``rule`` is a ruling id such as ``"MR-9"``; ``reason`` is one plain sentence;
    ``move`` is the refused :class:`Move`, or the text tried when it is no move at all.

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
    """A move. Subclasses are immutable values (frozen dataclasses, or named tuples where
    a game builds many) whose ``str()`` is the move's text form, the form that
    ``state.parse_move`` reads back and that ``state.history`` stores in JSON."""

    @abstractmethod
    def __str__(self) -> str: ...

    def malformed(self, state: State) -> str | None:
        """Why this move object is no move of its game at all, whatever the position: a
        field of the wrong kind, a card or a seat that does not exist (a move built by
        hand, or read from a hostile file); None for a well-formed move. The state's
        :meth:`State.why_illegal` asks this first and refuses such a move with the
        ruling ``<prefix>-0``. Games override it for their kinds of move."""
        return None


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the ``winners`` (several on a shared win, none on a draw or a
    blocked game), each seat's final ``scores``, and the ``reason`` in plain words
    ("P1 delivered 30 miles in both colours", "the stock ran out: a draw").

    >>> Outcome((1,), (35, 60), "P1 delivered 30 miles in both colours")
    Outcome(winners=(1,), scores=(35, 60), reason='P1 delivered 30 miles in both colours')
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


def option(
    default: Any,
    doc: str,
    *,
    rule: str = "",
    low: int | None = None,
    high: int | None = None,
    choices: tuple[Any, ...] = (),
) -> Any:
    """An option of a game, declared in its :class:`Options` dataclass: the source's
    ``default``, a one-line ``doc`` for readers, the ``rule`` it varies, and what values
    it takes (``low``..``high`` for a number, or one of ``choices``). The type comes
    from the field's annotation; :meth:`Options.checked` refuses anything else.

    >>> @dataclass(frozen=True)
    ... class Demo(Options):
    ...     decks: int = option(1, "how many decks", rule="XX-1", low=1, high=4)
    >>> Demo.checked({"decks": 2})
    {'decks': 2}
    >>> Demo.checked({"decks": 9})
    Traceback (most recent call last):
    ...
    ValueError: decks is a whole number from 1 to 4, not 9
    >>> Demo.checked({"decks": 2.0})
    Traceback (most recent call last):
    ...
    TypeError: decks is a whole number from 1 to 4, not 2.0 (a float)
    >>> Demo.checked({"deck": 2})
    Traceback (most recent call last):
    ...
    TypeError: Demo has no option 'deck'; its options are: decks
    """
    meta = {"doc": doc, "rule": rule, "low": low, "high": high, "choices": tuple(choices)}
    return field(default=default, metadata=meta)


#: Annotation words an option may use, and the Python types they accept.
_OPTION_TYPES: dict[str, type] = {"int": int, "bool": bool, "str": str, "None": type(None)}


def _option_kinds(f: Field) -> tuple[type, ...]:
    annotation = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
    try:
        return tuple(_OPTION_TYPES[word.strip()] for word in annotation.split("|"))
    except KeyError:
        raise TypeError(f"option {f.name} has an unsupported type {annotation!r}") from None


def _describe_option(f: Field) -> str:
    """What values an option takes, in words ("a whole number from 1 to 4")."""
    kinds, meta = _option_kinds(f), f.metadata
    words = []
    if meta.get("choices"):
        words.append("one of " + ", ".join(repr(c) for c in meta["choices"]))
    elif int in kinds:
        lo, hi = meta.get("low"), meta.get("high")
        span = (
            f" from {lo} to {hi}"
            if lo is not None and hi is not None
            else f", at least {lo}"
            if lo is not None
            else f", at most {hi}"
            if hi is not None
            else ""
        )
        words.append(f"a whole number{span}")
    elif bool in kinds:
        words.append("True or False")
    elif str in kinds:
        words.append("a text")
    if type(None) in kinds:
        words.append("None (the default for the player count)")
    return " or ".join(words)


def _option_value_ok(f: Field, value: Any) -> bool | None:
    """True if ``value`` suits option ``f``, False if it has the right type but is out
    of range, None if its type is wrong."""
    kinds, meta = _option_kinds(f), f.metadata
    if value is None:
        return True if type(None) in kinds else None
    if type(value) not in kinds:  # exact: True is no int here, and 2.0 no int either
        return None
    if meta.get("choices") and value not in meta["choices"]:
        return False
    if type(value) is int:
        lo, hi = meta.get("low"), meta.get("high")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            return False
    return True


@dataclass(frozen=True)
class Options:
    """Base of every game's options: a frozen dataclass with the source's defaults,
    each field declared with :func:`option`."""

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def checked(cls, given: Mapping[str, Any]) -> dict[str, Any]:
        """``given`` if every name is an option and every value suits it; raises
        ``TypeError`` (unknown name, wrong type) or ``ValueError`` (out of range)."""
        known = {f.name: f for f in fields(cls)}
        for name, value in given.items():
            f = known.get(name) if isinstance(name, str) else None
            if f is None:
                raise TypeError(
                    f"{cls.__name__} has no option {name!r}; its options are: "
                    + (", ".join(known) or "none")
                )
            ok = _option_value_ok(f, value)
            if not ok:
                shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
                kind = "" if ok is False else f" (a {type(value).__name__})"
                error = ValueError if ok is False else TypeError
                raise error(f"{name} is {_describe_option(f)}, not {shown}{kind}")
        return dict(given)

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Each option with its default, its one-line explanation, its ruling and the
        values it takes: what a board shows a reader before a game starts."""
        return [
            {
                "name": f.name,
                "default": None if f.default is MISSING else f.default,
                "doc": f.metadata.get("doc", ""),
                "rule": f.metadata.get("rule", ""),
                "takes": _describe_option(f),
            }
            for f in fields(cls)
        ]


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
        if type(players) is not int:
            raise TypeError(f"players is a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            takes = players_text(self.min_players, self.max_players)
            raise ValueError(f"{self.title} takes {takes}, not {players}")
        self.players = players
        given = self.options_type.checked(options)
        resolved = self.options_type.checked(self.resolve_options(players, given))
        self.options = self.options_type(**resolved)

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
        examples: the keywords the game's ``_setup`` documents. A position the game
        cannot reach (a card twice, a seat that does not exist, a score out of range)
        is refused with ``ValueError`` naming the problem; an unknown keyword with
        ``TypeError``."""
        inspect.signature(self._setup).bind(**position)  # TypeError: no such keyword
        try:
            state = self._setup(**position)  # a value of the wrong type: TypeError too
        except (LookupError, AttributeError, ArithmeticError, RecursionError) as err:
            raise ValueError(
                f"not a position of {self.title}: {type(err).__name__}: {shorten(str(err), 200)}"
            ) from None
        return state.validate()

    def _setup(self, **position: Any) -> State:
        raise TypeError(f"{self.title} has no explicit set-up")

    @abstractmethod
    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> State:
        """Rebuild a state from its ``position`` (the game's part of the JSON form)."""

    def state_from_json(self, data: str | Mapping[str, Any]) -> State:
        """Rebuild a state written by :meth:`State.to_json`, history included. The JSON
        must be of this game, player count and options (:func:`from_json` reads them
        from the JSON instead). Anything else, or a position the game cannot reach, is
        refused with ``ValueError`` naming the problem."""
        data = _json_form(data)
        if data["game"] != self.name:
            raise ValueError(f"this JSON is a {shorten(data['game'])} state, not {self.name}")
        if data["players"] != self.players or data["options"] != self.options.as_dict():
            try:
                written = repr(load(data["game"], data["players"], **data["options"]))
            except (TypeError, ValueError) as err:
                written = f"a game with impossible players or options ({err})"
            raise ValueError(f"this JSON is a state of {written}, not of {self!r}")
        try:
            rng = Rng(data["rng"])
        except (TypeError, ValueError) as err:
            raise ValueError(f"rng: {err}") from None
        try:
            state = self.state_from_data(data["position"], rng)
        except BAD_DATA as err:
            raise ValueError(
                f"not a position of {self.title}: {type(err).__name__}: {shorten(str(err), 200)}"
            ) from None
        state.validate()
        hist = None
        for i, text in enumerate(data["history"]):
            try:
                state._parse_or_refuse(text)
            except IllegalMove:
                raise ValueError(
                    f"history entry {i}, {shorten(text)!r}, is not a move of {self.title}"
                ) from None
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
    def sibling(cls, name: str) -> Any:
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
        module = cls.sibling("examples")
        return list(module.EXAMPLES) if module else []

    @classmethod
    def guide(cls) -> Any:
        """The guided first game: the ``GUIDE`` scenario of the game package's
        ``examples`` module (a :class:`gamebox.Scenario` with a ``seat``: the reader
        plays that seat, the other steps are the bots' narrated replies), or None."""
        module = cls.sibling("examples")
        return getattr(module, "GUIDE", None) if module else None

    @classmethod
    def rulings(cls) -> dict[str, Ruling]:
        """The game's rulings by id (see :mod:`gamebox.rulings`): the ``RULINGS`` table
        of the game package's ``rulings`` module, checked (every id of the game, none
        twice, ``<prefix>-0`` present); empty for a game without one."""
        module = cls.sibling("rulings")
        return check_table(cls.rule_prefix, tuple(module.RULINGS) if module else ())

    def score_range(self) -> tuple[int, int]:
        """The lowest and highest score a player can have at any point."""
        return (-(10**9), 10**9)


#: Annotations whose fields hold a mutable container: the generic copy copies them.
_MUTABLE_HEADS = frozenset({"list", "dict", "set", "Counter", "bytearray"})
#: The longest text tried as a move; longer text is refused before it is read.
MAX_MOVE_TEXT = 200
#: The fields :meth:`State.apply` sets itself on each new state (the rest are copied).
_OWN_FIELDS = frozenset({"_rng", "_hist", "_legal", "_ids"})


def players_text(least: int, most: int) -> str:
    """How many players a game takes, in words.

    >>> players_text(2, 8), players_text(2, 2)
    ('2 to 8 players', '2 players')
    """
    return f"{least} players" if least == most else f"{least} to {most} players"


def shorten(text: str, most: int = 60) -> str:
    """``text`` cut to ``most`` characters with an ellipsis, for echoing a reader's try.

    >>> shorten("x" * 100, 10)
    'xxxxxxxxx…'
    """
    return text if len(text) <= most else text[: most - 1] + "…"


def refuses(*kinds: type[Move]) -> Callable[[Callable], Callable]:
    """Mark a state method as THE check of these kinds of move. The method returns None
    when the move is legal here, else the :class:`IllegalMove` that refuses it; the
    state's :meth:`State.why_illegal` dispatches to it by the move's class, so a ruling
    is written once and both the refusals and the conformance suite (which checks that
    "no refusal" equals "legal") use it."""

    def mark(method: Callable) -> Callable:
        method._refuses = kinds  # type: ignore[attr-defined]
        return method

    return mark


@dataclass(frozen=True, slots=True)
class Viewpoint:
    """Who a display (text or board) is for. ``seat``: the seat whose hidden pieces
    show. ``personal``: True for that seat's own view (a play board: "you"), False for
    the teaching view of a worked example, which shows the hand of the seat to move."""

    seat: int
    personal: bool


class State(Lookups, ABC):
    """A position of a game. States are values: :meth:`apply` returns a new one.

    **Declared fields.** A subclass annotates every field of its position at class level
    (each state sets them all) and keeps them in the instance (no ``__slots__``). A field
    annotated as a ``list``, ``dict`` or ``set`` is copied one level deep by the generic
    copy in :meth:`apply` (its items must be immutable: tuples, ints, strings); every
    other field holds an immutable value that states share. CPython keeps up to 29
    attributes of an instance in a compact layout that is quick to read and to fill;
    :meth:`apply` sets 4 itself (the history, the generator, the legal moves and their
    lookups), so a state stays in it with at most 25 declared fields, ``game`` and
    ``player`` included. Every state has ``player``:
    the seat whose turn it is (kept while chance moves and once the game is over), the
    seat a display shows by default (:meth:`viewpoint`).

    **Legality.** ``_legal_moves`` lists the legal moves (fast); each kind of move has
    one check, a method marked ``@refuses(Kind)`` that returns None when the move is
    legal and its refusal otherwise. The two must agree, which the conformance suite
    asserts over random positions.

    A subclass also implements ``_play`` (on a fresh copy), ``candidate_moves``,
    ``components``, ``parse_move``, ``to_data``, ``_describe`` and the read-only
    properties, and may add ``_validate`` (checks of a loaded position).
    """

    game: Game
    #: How the game ended (:class:`Outcome`), or None while it goes on: set by :meth:`end`.
    outcome: Outcome | None
    #: This state's own generator (see :attr:`rng`), or in a 1-tuple the generator it
    #: shares with the state it came from, which nothing draws from any more.
    _rng: Rng | tuple[Rng]
    player: int
    _hist: tuple | None
    _legal: list[Move] | tuple[Move, ...] | None
    #: The lookups of moves so far (an int), then the set of the legal moves' ids, which
    #: takes in the moves themselves once one is looked up by value (see
    #: :class:`gamebox.speed.Lookups`).
    _ids: int | set[int] | frozenset[int]

    #: Fields copied one level deep by :meth:`apply` (from the annotations).
    _copied: ClassVar[tuple[str, ...]] = ()
    #: Every field :meth:`apply` carries over to the next state (from the annotations).
    _fields: ClassVar[tuple[str, ...]] = ("game", "player", "outcome")
    #: A bare new state with this one's fields (see :func:`gamebox.speed.successor_maker`).
    _successor: ClassVar[Callable[[Any], Any]]
    #: The check of each kind of move (from the ``@refuses`` marks).
    _checks: ClassVar[dict[type, Callable[[Any, Any], IllegalMove | None]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        copied = dict.fromkeys(cls._copied)
        for name, annotation in vars(cls).get("__annotations__", {}).items():
            text = annotation if isinstance(annotation, str) else repr(annotation)
            head = text.split("[", 1)[0].strip().rpartition(".")[2]
            if head in _MUTABLE_HEADS:
                copied[name] = None
        cls._copied = tuple(copied)
        fields = dict.fromkeys(cls._fields)
        for name, annotation in vars(cls).get("__annotations__", {}).items():
            text = annotation if isinstance(annotation, str) else repr(annotation)
            if name not in _OWN_FIELDS and "ClassVar" not in text:
                fields[name] = None
        cls._fields = tuple(fields)
        cls._successor = successor_maker(cls, cls._fields, cls._copied)
        checks = dict(cls._checks)
        for attr in vars(cls).values():
            for kind in getattr(attr, "_refuses", ()):
                checks[kind] = attr
        cls._checks = checks

    def _init_state(self, game: Game, rng: Rng) -> None:
        self.game = game
        self.outcome = None
        self._rng = rng
        self._hist = None
        self._legal = None
        self._ids = 0

    # -- what a subclass provides -----------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The player to move, :data:`CHANCE` while dice or lots decide, -1 too when over."""

    @property
    def is_over(self) -> bool:
        """Has the game ended (see :attr:`outcome`)? Inside a game's rules, where speed
        counts, ``self.outcome is None`` says the same in one attribute read."""
        return self.outcome is not None

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each player's score (or progress) now."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning players once the game is over (several on a shared win, none on a
        draw or while the game goes on)."""
        outcome = self.outcome
        return () if outcome is None else outcome.winners

    def end(self, winners: Iterable[int], reason: str) -> None:
        """End the game (in :meth:`_play`, once the final scores are in place): the
        :attr:`outcome` records the ``winners``, the scores now and the ``reason``."""
        self.outcome = Outcome(tuple(winners), self.scores, reason)

    @abstractmethod
    def _legal_moves(self) -> list[Move] | tuple[Move, ...]:
        """Every legal move, in a stable order (a tuple may be shared between states)."""

    @abstractmethod
    def candidate_moves(self) -> list[Move]:
        """Moves of every shape a player might try here, legal or not (a superset of the
        legal ones that includes the tempting illegal ones). The conformance suite checks
        that the illegal ones are refused with a reason."""

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

    def why_over(self) -> IllegalMove:
        """The refusal of any move once the game is over (games name the ruling that
        ended it)."""
        return IllegalMove(f"{self.game.rule_prefix}-0", "the game is over")

    def _validate(self) -> None:
        """Checks of a loaded or hand-set position beyond the generic ones (raise
        ValueError naming the problem). Runs first, so it can bound counts before the
        components are counted."""
        return

    def _describe(self, view: Viewpoint) -> str:
        """The position as text, as ``view.seat`` may see it: the ``describe(state,
        view)`` function of the game package's ``render`` module, beside its board."""
        return self.game.sibling("render").describe(self, view)

    # -- the protocol ---------------------------------------------------------------

    @property
    def is_chance(self) -> bool:
        return self.current_player == CHANCE and not self.is_over

    @property
    def winner(self) -> int | None:
        """The single winner, or None (game not over, drawn, or a shared win)."""
        w = self.winners
        return w[0] if len(w) == 1 else None

    def _legal_list(self) -> list[Move]:
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_over else self._legal_moves()
        return legal

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a stable order (empty once the game is over): a list of
        the caller's own, which it may change without touching the state."""
        legal = self._legal
        return [*(self._legal_list() if legal is None else legal)]

    def is_legal(self, move: Move | str) -> bool:
        if isinstance(move, str):
            try:
                move = self._parse_or_refuse(move)
            except IllegalMove:
                return False
        return isinstance(move, Move) and self._is_legal_move(move)

    def why_illegal(self, move: Move) -> IllegalMove | None:
        """None if ``move`` is legal here, else the refusal: the check that the state's
        class marked ``@refuses`` for the move's kind. A move of another game raises
        ``TypeError``."""
        check = self._checks.get(move.__class__)
        if check is None:
            raise TypeError(
                f"{move!r} is not a move of {self.game.title} (its moves are "
                + ", ".join(sorted(k.__name__ for k in self._checks))
                + ")"
            )
        problem = move.malformed(self)
        if problem is not None:
            return IllegalMove(f"{self.game.rule_prefix}-0", problem)
        if self.is_over:
            return self.why_over()
        return check(self, move)

    def check(self, move: Move | str) -> IllegalMove | None:
        """None if ``move`` is legal here, else the refusal :meth:`apply` would raise."""
        if isinstance(move, str):
            try:
                move = self._parse_or_refuse(move)
            except IllegalMove as err:
                return err
        if not isinstance(move, Move):
            raise TypeError(f"a move is a Move or its text, not {shorten(repr(move))}")
        if self._is_legal_move(move):
            return None
        err = self.why_illegal(move)
        if err is None:
            raise RuntimeError(
                f"engine bug: {move} is not among the legal moves, yet no rule refuses it"
            )
        err.move = move
        return err

    def _parse_or_refuse(self, text: str) -> Move:
        """``text`` read as a move of this game, or refused with ``<prefix>-0`` (text
        over :data:`MAX_MOVE_TEXT` characters is refused unread, and echoed shortened)."""
        rule = f"{self.game.rule_prefix}-0"
        if len(text) > MAX_MOVE_TEXT:
            raise IllegalMove(
                rule,
                f"no move of {self.game.title} is {len(text):,} characters long",
                shorten(text),
            )
        try:
            return self.parse_move(text)
        except (ValueError, LookupError) as err:
            raise IllegalMove(rule, str(err) or f"not a move: {text!r}", text) from err

    def apply(self, move: Move | str) -> Self:
        """The state after ``move``; raises :class:`IllegalMove` and changes nothing if
        ``move`` is not one of :meth:`legal_moves` (text that is not a move at all is
        refused as :meth:`check` refuses it, with the ruling id ``<prefix>-0``)."""
        if not self._is_legal_move(move):  # a move taken from legal_moves() is found at once
            if move.__class__ not in self._checks:  # not a move of this game: text, or wrong
                if isinstance(move, str):
                    move = self._parse_or_refuse(move)
                elif not isinstance(move, Move):
                    raise TypeError(f"a move is a Move or its text, not {shorten(repr(move))}")
            if not self._is_legal_move(move):
                raise self.check(move)
        # The copy that _play changes: the declared containers are copied one level
        # deep, every other field is shared (it holds an immutable value).
        new = self._successor()
        rng = self._rng
        if rng.__class__ is not tuple:  # this state's own generator: the next one shares it
            rng = (rng,)
        # after a chance move the new state's generator steps on
        new._rng = rng[0].stepped() if self.is_chance else rng
        new._legal = None
        new._ids = 0
        new._hist = (move, self._hist)
        new._play(move)
        return new

    @property
    def rng(self) -> Rng:
        """The state's own generator, made on first use. A state made by :meth:`apply`
        shares the generator of the state it came from (which nothing draws from any more)
        until it reads ``rng``: then it gets a copy of its own to draw from. Most moves
        never draw (only a shuffle does), so most states never copy one."""
        own = self._rng
        if own.__class__ is tuple:
            own = self._rng = own[0].copy()
        return own

    @rng.setter
    def rng(self, rng: Rng) -> None:
        self._rng = rng

    def sample_chance(self) -> Move:
        """The chance move this state's generator picks (the state is not changed)."""
        if not self.is_chance:
            raise ValueError("the game is over" if self.is_over else "it is a player's turn")
        own = self._rng  # the generator as it stands, not made this state's
        return self._sample_chance((own[0] if own.__class__ is tuple else own).copy())

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

    # -- checking a position ---------------------------------------------------------

    def validate(self) -> Self:
        """This state, if it is a position the game can reach; else ``ValueError`` naming
        the problem. Checked: the game's own ``_validate``, the seat to move, every
        component present once (none lost or duplicated), the scores in range, and legal
        moves that the engine can list (one at least while the game goes on)."""
        title = self.game.title
        try:
            self._validate()
            player, n = self.player, self.game.players
            if type(player) is not int or not 0 <= player < n:
                raise ValueError(f"player {shorten(repr(player))} is not one of the {n} seats")
            found, box = self.components(), self.game.components()
            if found != box:
                extra, missing = found - box, box - found
                parts = [
                    f"{word}: " + ", ".join(f"{k} {shorten(str(c), 20)}" for c, k in pieces.items())
                    for word, pieces in (("extra", extra), ("missing", missing))
                    if pieces
                ]
                raise ValueError(f"the pieces are not the game's ({'; '.join(parts)[:300]})")
            lo, hi = self.game.score_range()
            scores = self.scores
            if len(scores) != n or not all(lo <= s <= hi for s in scores):
                raise ValueError(f"the scores {scores} are not {n} scores from {lo} to {hi}")
            if not self._legal_list() and not self.is_over:
                raise ValueError("no move is legal, yet the game is not over")
        except ValueError as err:
            raise ValueError(f"not a position of {title}: {err}") from None
        except BAD_DATA as err:
            raise ValueError(
                f"not a position of {title}: {type(err).__name__}: {shorten(str(err), 200)}"
            ) from None
        self._legal = None
        self._ids = 0
        return self

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

    def viewpoint(self, viewer: int | None = None) -> Viewpoint:
        """Who a display of this state is for, decided here once for the text and the
        board: seat ``viewer``'s own view, or by default the teaching view, which shows
        the hand of the seat whose turn it is.

        >>> import gamebox
        >>> state = gamebox.load("milk-run").start(1)
        >>> state.viewpoint(), state.viewpoint(1)
        (Viewpoint(seat=0, personal=False), Viewpoint(seat=1, personal=True))
        """
        if viewer is None:
            return Viewpoint(self.player, personal=False)
        if type(viewer) is not int or not 0 <= viewer < self.game.players:
            raise ValueError(
                f"viewer is a seat from 0 to {self.game.players - 1}, not {shorten(repr(viewer))}"
            )
        return Viewpoint(viewer, personal=True)

    def describe(self, viewer: int | None = None) -> str:
        """The position as text, as :meth:`viewpoint` decides (``str(state)`` is the
        teaching view); a game with hidden hands shows only that seat's."""
        return self._describe(self.viewpoint(viewer))

    def __str__(self) -> str:
        return self.describe()

    def board_name(self, seat: int) -> str | None:
        """What this game's board and text call player ``seat`` ("P0" for the first
        seat), or None where they say "Player 1" as the book's own words do. A play
        board's status line and a worked example's seat views give it beside "Player 1",
        so a reader knows which seat on the board is theirs."""
        return f"P{seat}"

    def summary(self) -> str:
        """One line on the position, for logs and the golden playthroughs (games override)."""
        return "scores " + " ".join(map(str, self.scores))

    def _repr_svg_(self) -> str:
        return self.svg()

    def areas(self, *, viewer: int | None = None) -> Board:
        """The board as areas (:class:`gamebox.svg.Board`), drawn by the ``board(state,
        view)`` function of the game package's ``render`` module for the
        :meth:`viewpoint` of ``viewer``: that seat's hand shows and the others' stay
        hidden."""
        return self.game.sibling("render").board(self, self.viewpoint(viewer))

    def svg(self, *, viewer: int | None = None) -> str:
        """The board (:meth:`areas`) as one SVG picture."""
        return self.areas(viewer=viewer).svg()

    def board_html(self, *, viewer: int | None = None) -> str:
        """The board (:meth:`areas`) as a board frame shows it: each area its own SVG at its
        natural size, side by side where the page has room and stacked on a phone."""
        return self.areas(viewer=viewer).html()

    def picks(self, move: Move) -> tuple[str, ...]:
        """What a reader clicks on the board to make ``move``, such as the card and then
        where it goes: tokens that the board's SVG carries as ``data-pick`` attributes
        (see :func:`gamebox.svg.pickable`). Empty for a move made by a button alone
        ("roll", "pass"). Games override."""
        return ()


def _json_form(data: str | Mapping[str, Any]) -> dict[str, Any]:
    """The JSON form of a state, read and checked for shape (``ValueError`` if not)."""
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as err:
            raise ValueError(f"not JSON: {shorten(str(err), 120)}") from None
    if not isinstance(data, Mapping):
        raise ValueError(f"a state's JSON is an object, not {type(data).__name__}")
    shapes = {
        "game": str,
        "players": int,
        "options": Mapping,
        "rng": int,
        "history": list,
        "position": Mapping,
    }
    for key, kind in shapes.items():
        if key not in data:
            raise ValueError(f"a state's JSON has {', '.join(shapes)}; {key!r} is missing")
        if not isinstance(data[key], kind) or isinstance(data[key], bool):
            raise ValueError(f"{key} is not a {kind.__name__} but {type(data[key]).__name__}")
    if not all(isinstance(t, str) for t in data["history"]):
        raise ValueError("history is a list of move texts")
    return dict(data)


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
    data = _json_form(data)
    if data["game"] not in REGISTRY:
        raise ValueError(
            f"no game called {shorten(data['game'])!r}; registered: {', '.join(REGISTRY)}"
        )
    try:
        game = load(data["game"], data["players"], **data["options"])
    except (TypeError, ValueError) as err:
        raise ValueError(f"the JSON's players or options: {err}") from None
    return game.state_from_json(data)


def games() -> list[str]:
    """Names of every registered game."""
    return list(REGISTRY)
