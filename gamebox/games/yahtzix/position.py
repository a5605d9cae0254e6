"""Yahtzix's position: the scores, whose turn and the turn in progress, with the views
that read them, the start of a turn, an explicit set-up, and the JSON form with the
checks of a loaded position. The rules that change a position (legal moves, refusals,
playing a move) are in :mod:`gamebox.games.yahtzix.rules`, whose ``YahtzixState`` is a
:class:`Position`; the text and the board are drawn by :mod:`gamebox.games.yahtzix.render`.

>>> import gamebox
>>> s = gamebox.load("yahtzix", players=3).setup(scores=[0, 450, 1200], turn=1)
>>> s.n, s.opened(0), s.opened(1), s.phase, s.current_player, s.summary()
(3, False, True, 'rolling', -1, 'scores 0 450 1200 | P1 to roll')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import chain
from types import MappingProxyType
from typing import Any, NamedTuple, Self

from gamebox.checks import flags, ints, require, whole, wholes
from gamebox.core import CHANCE, Game, Move, State, shorten
from gamebox.games.yahtzix.moves import (
    _BUTTON_PICKS,
    DICE,
    MAX_ROLLS,
    NEAR,
    OPENING,
    Keep,
    _dice_str,
    _keep_moves,
    _keep_picks,
    parse_move,
)
from gamebox.rng import Rng

# ------------------------------------------------------------------------- the position

#: A turn's stages (``state.phase``), module constants written as they are in the JSON.
START, ROLLING, KEEP, DECIDE = "start", "rolling", "keep", "decide"
PHASES = (START, ROLLING, KEEP, DECIDE)
#: A finished game has no turn under way (its ``phase`` is None); its JSON says "over".
OVER = "over"
#: The longest note on what just happened (the engine's own are far shorter).
MAX_NOTE = 200
#: The fields a position's JSON holds as they are (``_PLAIN``), as lists of dice
#: (``_ROLLS``) and as lists of groups of dice (``_GROUPS``), tuples in the state:
#: ``from_data`` reads them back unchanged, for ``_validate`` to check.
_PLAIN = ("phase", "total", "rolls", "cup", "to_roll", "gofor", "final_from", "note")
_ROLLS = ("rolled", "last_roll")
_GROUPS = ("aside", "last_aside")


class Offer(NamedTuple):
    """A banked turn that left dice over (YX-10): who banked it, its points, its dice."""

    owner: int
    total: int
    aside: tuple[int, ...]

    @property
    def leftover(self) -> int:
        return DICE - len(self.aside)


def _faces(dice: object, fewest: int = 0, most: int = DICE) -> bool:
    """Whether ``dice`` is a sorted tuple of ``fewest`` to ``most`` die faces.

    >>> _faces((1, 1, 5)), _faces((5, 1)), _faces((0,)), _faces([1]), _faces((), fewest=1)
    (True, False, False, False, False)
    """
    return wholes(dice, 1, 6, fewest=fewest, most=most) and list(dice) == sorted(dice)


class Position(State):
    """A position: recorded scores (one for each of the ``n`` players), whose turn, and
    the turn in progress. ``phase`` is the turn's stage (the module constants
    :data:`START`, :data:`ROLLING`, :data:`KEEP`, :data:`DECIDE`), None once the game is
    over (its ``outcome`` says how it ended). ``aside`` holds the set-aside dice as one
    group per roll, ``rolled`` the roll on the table waiting to be kept, ``cup`` the dice
    neither rolled nor set aside, and ``to_roll`` how many of them are being rolled.
    ``offer`` is the banked turn a player may go for (YX-10) and ``gofor`` whether this
    turn went for it; ``final_from`` is the player who reached the target (YX-11).
    ``note``, ``last_roll`` and ``last_aside`` tell what just happened, for the displays.
    """

    n: int
    scores_: list[int]
    player: int
    phase: str | None
    total: int
    rolls: int
    aside: tuple[tuple[int, ...], ...]
    rolled: tuple[int, ...]
    cup: int
    to_roll: int
    gofor: bool
    offer: Offer | None
    final_from: int | None
    note: str
    last_roll: tuple[int, ...]
    last_aside: tuple[tuple[int, ...], ...]

    def __init__(self, game: Game, rng: Rng) -> None:
        """The start of a game: nobody has scored, and the first player rolls six dice."""
        self._init_state(game, rng)
        self.n = game.players
        self.scores_ = [0] * self.n
        self.player = 0
        self.phase = ROLLING
        self.total = self.rolls = 0
        self.aside, self.rolled, self.last_roll, self.last_aside = (), (), (), ()
        self.cup = self.to_roll = DICE
        self.gofor, self.offer, self.final_from = False, None, None
        self.note = ""

    @property
    def current_player(self) -> int:
        return CHANCE if self.phase == ROLLING or self.outcome is not None else self.player

    @property
    def is_chance(self) -> bool:
        return self.phase == ROLLING

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.scores_)

    @property
    def target(self) -> int:
        return self.game.options.target

    def reached(self, score: int) -> bool:
        """Whether ``score`` reaches the target (exactly, in variation L; YX-11, YX-12)."""
        return score == self.target if self.game.options.variation_l else score >= self.target

    def opened(self, player: int) -> bool:
        """Whether ``player`` has opened (scored a turn of 30 or more, YX-9)."""
        return self.scores_[player] > 0

    def near(self, player: int) -> bool:
        """Variation L: within 50 points of the target (YX-12)."""
        if not self.game.options.variation_l:
            return False
        s = self.scores_[player]
        return s > 0 and self.target - s <= NEAR

    def offer_for(self, player: int) -> Offer | None:
        """The banked turn ``player`` may go for (YX-10), if any."""
        o = self.offer
        return o if o is not None and o.owner != player else None

    @property
    def set_aside(self) -> tuple[int, ...]:
        """Every die set aside this turn, group after group."""
        return tuple(chain.from_iterable(self.aside))

    def keep_options(self) -> Mapping[Keep, int]:
        """The keeps open now, with their points (empty outside the keep phase)."""
        if self.phase == KEEP:
            return _keep_moves(self.rolled, self._premiums())[1]
        return MappingProxyType({})

    def _premiums(self) -> bool:
        return self.rolls == 1 and not self.gofor and not self.near(self.player)

    def may_roll_some(self) -> bool:
        """Variation L near the target: the player may roll fewer dice (YX-12). The
        go-for-it roll is no choice (it rolls all her leftover dice, YX-10), but every
        later roll of a go-for-it turn is the player's own."""
        return self.near(self.player)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def picks(self, move: Move) -> tuple[str, ...]:
        """On the board, a keep picks the dice it sets aside from the roll on the table
        (the first dice showing its faces, left to right); a roll picks the ``cup``, a
        bank the ``turn total``, going for it the ``offer``. Rolling only some of the
        dice (variation L) is a button.

        >>> import gamebox
        >>> s = gamebox.load("yahtzix").start(1).apply("roll 1 1 2 3 5 5")
        >>> s.picks(Keep((1, 1, 5))), s.picks(Keep((5, 5)))
        (('die 1', 'die 2', 'die 5'), ('die 5', 'die 6'))
        >>> s = s.apply("keep 1 1 5")
        >>> [s.picks(s.parse_move(text)) for text in ("roll", "bank", "roll 2 dice")]
        [('cup',), ('turn total',), ()]
        """
        t = type(move)
        if t is Keep:
            if self.phase != KEEP:
                return ()
            return _keep_picks(self.rolled, move.dice)  # type: ignore[attr-defined]
        return _BUTTON_PICKS.get(t, ())

    def choices(self) -> list[str]:
        """The moves open to the player to move, as text (with points for keeps)."""
        if self.phase == KEEP:
            return [f"{k} (+{v})" for k, v in self.keep_options().items()]
        if self.phase in (START, DECIDE):
            return [str(m) for m in self.legal_moves()]
        return []

    def board_name(self, seat: int) -> None:
        """None: the board and the text say "Player 1", as the book does."""
        return None

    def summary(self) -> str:
        marks = " ".join(map(str, self.scores_))
        if self.outcome is not None:
            return f"scores {marks} | over"
        p = self.player
        turn = f"P{p} roll {self.rolls}, {self.total} aside [{_dice_str(self.set_aside)}]"
        if not self.rolls:
            turn = f"P{p} to {'go' if self.phase == START else 'roll'}"
        if self.rolled:
            turn += f" rolled [{_dice_str(self.rolled)}]"
        extra = f" | {self.note}" if self.note else ""
        return f"scores {marks} | {turn}{extra}"

    # --------------------------------------------------------------------------- set-up

    def _start_turn(self) -> None:
        p = self.player
        if self.offer_for(p) is not None or self.near(p):
            self.phase = START
        else:
            self.phase, self.to_roll = ROLLING, DICE

    @classmethod
    def set_up(
        cls,
        game: Game,
        *,
        scores: list[int] | tuple[int, ...] | None = None,
        turn: int = 0,
        offer: Mapping[str, Any] | None = None,
        final_from: int | None = None,
        seed: int = 0,
    ) -> Self:
        """The start of ``turn``'s turn with recorded ``scores``; ``offer`` is a banked
        turn to go for, ``{"owner": 1, "total": 85, "aside": "1 1 5 5 5"}``;
        ``final_from`` the player who reached the target (the last round is on)."""
        s = cls(game, Rng(seed))
        if scores is not None:
            s.scores_ = list(scores)
        s.player, s.final_from = turn, final_from
        if offer is not None:
            aside = offer["aside"]
            if isinstance(aside, str):
                aside = [int(x) for x in aside.split()]
            s.offer = Offer(offer["owner"], offer["total"], tuple(sorted(aside)))
        s.validate()  # the scores and the seat are sound before the turn starts from them
        s._start_turn()
        return s

    # ----------------------------------------------------------- loading and validation

    @classmethod
    def from_data(cls, game: Game, d: Mapping[str, Any], rng: Rng) -> Self:
        """The position :meth:`to_data` wrote, its fields as they are (for ``_validate``)."""
        s = cls(game, rng)
        for name in _PLAIN:
            setattr(s, name, d[name])
        for name in _ROLLS:
            setattr(s, name, tuple(d[name]))
        for name in _GROUPS:
            setattr(s, name, tuple(tuple(g) for g in d[name]))
        s.scores_ = list(d["scores"])
        s.player = d["turn"]
        if d["offer"] is not None:
            owner, total, aside = d["offer"]
            s.offer = Offer(owner, total, tuple(aside))
        # a finished game (one too broken to say who won stays "over": _validate refuses it)
        if s.phase == OVER and s.scores_ and ints(s.final_from, *s.scores_):
            s._end_game()
        return s

    def _end_game(self) -> None:
        """End the game: every other player has had a last turn since ``final_from``
        reached the target; the highest score wins, a tie shares the win (YX-11)."""
        top = max(self.scores_)
        self.phase = None
        self.end(
            (p for p, s in enumerate(self.scores_) if s == top),
            f"Player {self.final_from + 1} reached {self.target} "
            "and everyone else has had a last turn",
        )

    def to_data(self) -> dict[str, Any]:
        o = self.offer
        return {
            **{name: getattr(self, name) for name in _PLAIN},
            **{name: list(getattr(self, name)) for name in _ROLLS},
            **{name: [list(g) for g in getattr(self, name)] for name in _GROUPS},
            "scores": list(self.scores_),
            "turn": self.player,
            "offer": None if o is None else [o.owner, o.total, list(o.aside)],
            "phase": OVER if self.outcome is not None else self.phase,
        }

    def components(self) -> Counter:
        n = sum(len(g) for g in self.aside) + len(self.rolled) + self.cup
        return Counter(("die", i) for i in range(n))

    def _validate(self) -> None:
        """Sizes and counts first (before anything counts the dice), then the scores and
        the offer, then that the phase, the turn and the offer agree with each other."""
        n, hi = self.n, self.game.score_range()[1]
        ints = {"turn": self.player, "total": self.total, "rolls": self.rolls}
        ints |= {"cup": self.cup, "to_roll": self.to_roll}
        highest = {"turn": n - 1, "total": hi, "rolls": MAX_ROLLS, "cup": DICE, "to_roll": DICE}
        for name, value in ints.items():
            require(
                whole(value, 0, highest[name]),
                f"{name} is a whole number from 0 to {highest[name]}, not {shorten(repr(value))}",
            )
        groups = (self.aside, self.last_aside)
        require(
            all(type(g) is tuple and len(g) <= MAX_ROLLS for g in groups)
            and all(_faces(d, 1) for g in groups for d in g),
            "the dice set aside are up to three groups of die faces, in order",
        )
        require(
            _faces(self.rolled) and _faces(self.last_roll),
            "a roll is up to six die faces, in order",
        )
        dice = sum(map(len, self.aside)) + len(self.rolled) + self.cup
        require(
            dice == DICE and sum(map(len, self.last_aside)) <= DICE,
            f"the turn holds {dice} dice, not {DICE}",
        )
        require(
            flags(self.gofor) and type(self.note) is str and len(self.note) <= MAX_NOTE,
            "gofor is True or False, and the note a short text",
        )
        scores = self.scores_
        require(
            type(scores) is list and len(scores) == n, f"{n} scores expected, one for each player"
        )
        top = self.target if self.game.options.variation_l else hi
        for s in scores:
            require(
                whole(s, 0, top) and s % 5 == 0 and (s == 0 or s >= OPENING),
                f"a recorded score is 0 (not opened) or from {OPENING} to {top} in "
                f"steps of 5 (YX-1, YX-9), not {shorten(repr(s))}",
            )
        out = self.final_from
        if out is None:
            require(
                not any(self.reached(s) for s in scores),
                f"a player has reached {self.target}, but final_from is None",
            )
        else:
            require(
                whole(out, 0, n - 1) and self.reached(scores[out]),
                f"final_from {shorten(repr(out))} is no player who reached {self.target}",
            )
        o = self.offer
        require(
            o is None
            or (
                whole(o.owner, 0, n - 1)
                and whole(o.total, 5, hi)
                and o.total % 5 == 0
                and _faces(o.aside, 1, DICE - 1)
            ),
            "an offer is a player, a total in steps of 5 and one to five dice, in order",
        )
        self._validate_phase()

    def _validate_phase(self) -> None:
        ph, p, rolls, groups = self.phase, self.player, self.rolls, len(self.aside)
        ph = OVER if self.outcome is not None else ph  # the stage as the JSON names it
        require(
            ph in PHASES or ph == OVER,
            f"phase {shorten(repr(ph))} is not one of {', '.join(PHASES)}, {OVER}",
        )
        require(
            (groups == 0) == (self.total == 0) and self.total % 5 == 0,
            f"a turn total of {self.total} with {groups} groups of dice aside",
        )
        require(not self.rolled or ph == KEEP, f"dice lie on the table in the {ph} phase")
        rolls_in = {START: (0,), OVER: (0,), ROLLING: (0, 1, 2), KEEP: (1, 2, 3), DECIDE: (1, 2)}
        require(
            rolls in rolls_in[ph] and groups == rolls - (ph == KEEP),
            f"{rolls} rolls and {groups} groups of dice aside in the {ph} phase",
        )
        require(ph != KEEP or self.rolled, "no dice on the table to keep")
        require(
            ph != START or self.offer_for(p) is not None or self.near(p),
            "a turn starts with a choice only with an offer or near the target",
        )
        require(
            ph != ROLLING
            or (
                1 <= self.to_roll <= self.cup
                and (
                    self.to_roll == self.cup
                    # fewer near the target, but the go-for-it roll takes all her leftover dice
                    or (self.may_roll_some() and not (self.gofor and self.rolls == 1))
                )
            ),
            f"{self.to_roll} of {self.cup} dice cannot be rolled now",
        )
        o = self.offer
        require(
            not self.gofor
            or (
                o is not None
                and o.owner != p
                and rolls >= 1
                and self.aside[:1] == (o.aside,)
                and self.total >= o.total
            ),
            "going for it needs an offer of another player's dice",
        )
        require(
            ph != OVER or (p + 1) % self.n == self.final_from,
            "the game ends when the play-around comes back to final_from",
        )
        require(
            ph == OVER or p != self.final_from,
            "the player who reached the target has no more turns",
        )
        require(
            not self.game.options.variation_l
            or ph in (START, OVER)
            or self.scores_[p] + self.total <= self.target,
            "in variation L a turn past the target has ended",
        )
