"""Yahtzix: the rules as code.

Six dice, two to eight players. A turn is at most three rolls: after each roll the
player sets aside scoring dice, then banks the turn's total or rolls the dice that are
left (YX-5 to YX-8). Premiums (triples, four of a kind, two triplets, straights, all
dice counting) score only in a turn's first roll; later rolls score only their 1s and
5s (YX-1 to YX-4, YX-7). Nothing is recorded until a turn of 30 or more (YX-9). The
next player may "go for it" on a banked turn that left dice over (YX-10). When someone
reaches the target, everyone else has one last turn (YX-11).

The game's pieces and notation (the numbers, the scoring of a roll, the moves and their
text) are in :mod:`gamebox.games.yahtzix.moves`; this module holds the options, the
state with its legal moves and refusals, playing a move, loading and checking a
position, and the game.

>>> import gamebox
>>> state = gamebox.load("yahtzix", players=2).start(seed=1)
>>> state.is_chance, str(state.chance_outcomes()[0][0]), state.chance_outcomes()[0][1]
(True, 'roll 1 1 1 1 1 1', 1)
>>> state = state.apply("roll 1 1 2 3 5 5")
>>> [str(m) for m in state.legal_moves()][:5]
['keep 1', 'keep 5', 'keep 1 1', 'keep 1 5', 'keep 5 5']
>>> state = state.apply("keep 1 1 5")
>>> state.total, [str(m) for m in state.legal_moves()]
(25, ['roll', 'bank'])
>>> state.apply("roll").apply("roll 2 3 4").is_chance  # no 1, no 5 in a later roll: bust
True
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import chain, product
from types import MappingProxyType
from typing import Any, NamedTuple

from gamebox.checks import flags, require, whole, wholes
from gamebox.core import (
    CHANCE,
    Game,
    IllegalMove,
    Move,
    Options,
    State,
    option,
    refuses,
    shorten,
)
from gamebox.games.yahtzix.moves import (
    _BUTTON_PICKS,
    BANK,
    DICE,
    GO,
    MAX_ROLLS,
    NEAR,
    OPENING,
    ROLL,
    SINGLE,
    TARGETS,
    Bank,
    Dice,
    GoForIt,
    Keep,
    Roll,
    RollSome,
    _dice_str,
    _keep_moves,
    _keep_picks,
    _outcomes,
    _score,
    _turn_moves,
    counts_of,
    has_premium,
    parse_move,
    singles,
)
from gamebox.rng import Rng

# ------------------------------------------------------------------------ options


@dataclass(frozen=True)
class YahtzixOptions(Options):
    """The source's options: the target, and its variation L."""

    target: int = option(
        2000,
        "the score that ends the game: whoever reaches it makes everyone else play one last turn",
        rule="YX-11",
        choices=TARGETS,
    )
    variation_l: bool = option(
        False,
        "variation L: go out with exactly the target, and near it roll as few dice as you like",
        rule="YX-12",
    )


# ------------------------------------------------------------------------ state

#: A turn's stages (``state.phase``), module constants written as they are in the JSON.
START, ROLLING, KEEP, DECIDE = "start", "rolling", "keep", "decide"
PHASES = (START, ROLLING, KEEP, DECIDE)
#: A finished game has no turn under way (its ``phase`` is None); its JSON says "over".
OVER = "over"
#: The longest note on what just happened (the engine's own are far shorter).
MAX_NOTE = 200
#: The fields a position's JSON holds as they are (``_PLAIN``), as lists of dice
#: (``_ROLLS``) and as lists of groups of dice (``_GROUPS``), tuples in the state:
#: ``state_from_data`` reads them back unchanged, for ``_validate`` to check.
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


class YahtzixState(State):
    """A position: recorded scores (one for each of the ``n`` players), whose turn, and
    the turn in progress.

    ``aside`` holds the set-aside dice as one group per roll, ``rolled`` the roll on
    the table waiting to be kept, ``cup`` the dice neither rolled nor set aside, and
    ``to_roll`` how many of them are being rolled. ``offer`` is the banked turn a
    player may go for (YX-10) and ``gofor`` whether this turn went for it;
    ``final_from`` is the player who reached the target (YX-11). ``note``,
    ``last_roll`` and ``last_aside`` tell what just happened, for the displays.
    ``phase`` is the turn's stage (:data:`START`, :data:`ROLLING`, :data:`KEEP`,
    :data:`DECIDE`), None once the game is over (its ``outcome`` says how it ended).
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

    def __init__(self, game: Yahtzix, rng: Rng) -> None:
        """The start of a game: nobody has scored, and the first player rolls six dice."""
        self._init_state(game, rng)
        self.n = game.players
        self.scores_ = [0] * self.n
        self.player = 0
        self.phase = ROLLING
        self.total = self.rolls = 0
        self.aside, self.rolled, self.last_roll, self.last_aside = (), (), (), ()
        self.cup = self.to_roll = DICE
        self.gofor = False
        self.offer = None
        self.final_from = None
        self.note = ""

    # -- read-only views --------------------------------------------------------------

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
        if self.game.options.variation_l:
            return score == self.target
        return score >= self.target

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
        if self.phase != KEEP:
            return MappingProxyType({})
        return _keep_moves(self.rolled, self._premiums())[1]

    def _premiums(self) -> bool:
        return self.rolls == 1 and not self.gofor and not self.near(self.player)

    def may_roll_some(self) -> bool:
        """Variation L near the target: the player may roll fewer dice (YX-12). The
        go-for-it roll is no choice (it rolls all her leftover dice, YX-10), but every
        later roll of a go-for-it turn is the player's own."""
        return self.near(self.player)

    # -- legal moves ------------------------------------------------------------------

    def _legal_moves(self) -> tuple[Move, ...]:
        """The legal moves, as tuples that states in the same situation share."""
        ph = self.phase
        if ph == ROLLING:
            return _outcomes(self.to_roll)[0]
        if ph == KEEP:
            return _keep_moves(self.rolled, self._premiums())[0]
        some = self.cup if self.near(self.player) else 1
        if ph == DECIDE:
            return _turn_moves(some, True, False)  # roll or bank
        return _turn_moves(some, False, self.offer_for(self.player) is not None)

    def chance_outcomes(self) -> list[tuple[Move, int]]:
        if self.phase != ROLLING:
            return []
        return list(_outcomes(self.to_roll)[1])

    def _sample_chance(self, rng: Rng) -> Move:
        moves, _, cum, total = _outcomes(self.to_roll)
        return moves[bisect_right(cum, rng.randbelow(total))]

    def candidate_moves(self) -> list[Move]:
        moves: list[Move] = self.legal_moves()
        extra: list[Move] = [
            *(ROLL, BANK, GO, RollSome(0), RollSome(2), RollSome(DICE)),
            *(Keep((1,)), Keep((5,)), Keep(()), Keep((7,))),
        ]
        if self.phase == KEEP:
            c = counts_of(self.rolled)
            for sub in product(*(range(n + 1) for n in c)):
                extra.append(Keep(tuple(f + 1 for f in range(6) for _ in range(sub[f]))))
            extra.append(Keep((*self.rolled, 6)))
        if self.phase == ROLLING:
            extra.append(Dice((2,) * (self.to_roll + 1)))
            extra.append(Dice((7,) * self.to_roll))
            if self.to_roll > 1:
                extra.append(Dice((3,) * (self.to_roll - 1)))
        seen = set(moves)
        for m in extra:
            if m not in seen:
                seen.add(m)
                moves.append(m)
        return moves

    # -- the checks: one per kind of move -----------------------------------------------

    def why_over(self) -> IllegalMove:
        return IllegalMove("YX-11", f"the game is over: {self.outcome.reason}")

    def _rolling(self) -> IllegalMove:
        return IllegalMove("YX-5", "the dice are rolling: wait for them to land")

    @refuses(Dice)
    def _why_dice(self, move: Dice) -> IllegalMove | None:
        if self.phase != ROLLING:
            return IllegalMove(
                "YX-5", f"it is Player {self.player + 1}'s decision now, not the dice's"
            )
        bad = next((d for d in move.dice if not 1 <= d <= 6), None)
        if bad is not None:
            return IllegalMove("YX-5", f"a die shows 1 to 6, never {bad}")
        if len(move.dice) != self.to_roll:
            return IllegalMove(
                "YX-5",
                f"{self.to_roll} dice are being rolled, so the roll shows "
                f"{self.to_roll} dice, not {len(move.dice)}",
            )
        return None

    def _why_not_deciding(self) -> IllegalMove | None:
        """The refusal of a roll or a bank while the dice roll or wait to be kept; None
        at the start of a turn and after a keep, when the player decides."""
        if self.phase == ROLLING:
            return self._rolling()
        if self.phase == KEEP:
            return IllegalMove(
                "YX-6",
                "set aside at least one scoring die from this roll first; "
                "only then may you bank or roll the rest",
            )
        return None

    @refuses(Roll)
    def _why_roll(self, move: Roll) -> IllegalMove | None:
        return self._why_not_deciding()

    @refuses(Bank)
    def _why_bank(self, move: Bank) -> IllegalMove | None:
        if self.phase != START:
            return self._why_not_deciding()
        how = "rolling six dice" + (" or fewer" if self.may_roll_some() else "")
        if self.offer_for(self.player) is not None:
            how += ", or by going for it"
        return IllegalMove("YX-6", f"there is nothing to bank yet: start your turn by {how}")

    @refuses(RollSome)
    def _why_roll_some(self, move: RollSome) -> IllegalMove | None:
        err = self._why_not_deciding()
        if err is not None:
            return err
        if not self.game.options.variation_l:
            return IllegalMove(
                "YX-12",
                "you roll every die that is not set aside; choosing how many "
                "to roll is variation L only",
            )
        if not self.near(self.player):
            return IllegalMove(
                "YX-12", f"you may roll fewer dice only within {NEAR} points of the target"
            )
        if 1 <= move.n < self.cup:
            return None
        if self.cup == 1:
            return IllegalMove(
                "YX-12", "only one die is left, so there is no choice: roll it with 'roll'"
            )
        some = "1" if self.cup == 2 else f"1 to {self.cup - 1}"
        return IllegalMove(
            "YX-12",
            f"you have {self.cup} dice to roll: roll {some} of them, or all of them with 'roll'",
        )

    @refuses(GoForIt)
    def _why_go(self, move: GoForIt) -> IllegalMove | None:
        ph = self.phase
        if ph == ROLLING and (self.rolls or self.offer_for(self.player) is not None):
            return self._rolling()  # else the turn starts with no choice: say why
        if ph == KEEP:
            return IllegalMove("YX-10", "you may go for it only before your first roll")
        if ph == DECIDE:
            return IllegalMove("YX-10", "you may go for it only at the start of your turn")
        if self.offer is None:
            return IllegalMove(
                "YX-10",
                "there is nothing to go for: the turn before yours did not end with a bank "
                "that left dice over",
            )
        if self.offer.owner == self.player:
            return IllegalMove("YX-17", "you cannot go for your own banked turn")
        return None

    @refuses(Keep)
    def _why_keep(self, move: Keep) -> IllegalMove | None:
        if self.phase == ROLLING:
            return self._rolling()
        if self.phase != KEEP:
            return IllegalMove("YX-6", "there is no roll on the table to set dice aside from")
        if move in self.keep_options():
            return None
        kept = move.dice
        if not kept:
            return IllegalMove("YX-6", "set aside at least one scoring die")
        if len(kept) > len(self.rolled):
            return IllegalMove(
                "YX-3",
                f"each die counts only once: the roll has {len(self.rolled)} dice, "
                f"so you cannot set aside {len(kept)}",
            )
        have = Counter(self.rolled)
        missing = Counter(kept) - have
        if missing:
            d = min(missing)
            return IllegalMove("YX-6", f"the roll shows no{' more' if have[d] else ''} {d}s")
        bad = sorted(set(d for d in kept if d not in SINGLE))
        if not self._premiums():
            if self.rolls > 1 or self.gofor:
                return IllegalMove(
                    "YX-7",
                    f"a later roll scores only its 1s and 5s; premiums count only "
                    f"in the first roll, so the {bad[0]}s do not count",
                )
            return IllegalMove(
                "YX-12",
                f"near the target in variation L only 1s and 5s count; the {bad[0]}s do not",
            )
        in_premiums = {d for k in self.keep_options() for d in k.dice}
        loose = next((d for d in kept if d not in in_premiums), None)
        if loose is not None:
            return IllegalMove(
                "YX-15",
                f"every die you set aside must count, and the {loose} is neither a 1, a 5 "
                "nor part of a premium in this roll",
            )
        n = Counter(d for d in kept if d not in SINGLE)
        faces = " and ".join(f"{d}s" if n[d] > 1 else str(d) for d in sorted(n))
        verb = "count" if len(n) > 1 or sum(n.values()) > 1 else "counts"
        return IllegalMove(
            "YX-15",
            f"the {faces} here {verb} only as part of a premium, and a premium counts only "
            "when all its dice are set aside together",
        )

    # -- playing ------------------------------------------------------------------------

    def _play(self, move: Move) -> None:
        _PLAYS[type(move)](self, move)

    def _roll(self, move: Roll | RollSome) -> None:
        self.phase, self.to_roll = ROLLING, move.n if type(move) is RollSome else self.cup
        self.note = ""

    def _go(self, move: GoForIt) -> None:
        o = self.offer
        self.gofor = True
        self.aside = (o.aside,)
        self.total = o.total
        self.rolls = 1
        self.cup = o.leftover
        self.phase, self.to_roll = ROLLING, self.cup
        self.note = f"Player {self.player + 1} goes for Player {o.owner + 1}'s {o.total}"

    def _rolled(self, move: Dice) -> None:
        dice = move.dice
        self.rolls += 1
        self.cup -= len(dice)
        self.rolled = self.last_roll = dice
        if self.rolls == 1 and not self.gofor:
            if self.near(self.player):
                bust = has_premium(dice) or not singles(dice)
            else:
                bust = _score(dice, True) == 0
        else:
            bust = 1 not in dice and 5 not in dice  # YX-7: no single to score
        if bust:
            # YX-10: the banked turn stays on offer after a go-for-it bust, not after another
            self._end_turn(self._bust_note(), self.offer if self.gofor else None)
        else:
            self.phase = KEEP
            self.note = ""

    def _bust_note(self) -> str:
        """What a bust loses: the player's own points set aside this turn; going for it,
        the offered total was never his (YX-10)."""
        who = f"Player {self.player + 1} is bust"
        if self.gofor:
            o = self.offer
            own = self.total - o.total
            lost = f", losing the {own} added to it" if own else ""
            return f"{who} going for Player {o.owner + 1}'s {o.total}{lost}"
        return f"{who}, losing {self.total}" if self.total else who

    def _keep(self, move: Keep) -> None:
        value = _keep_moves(self.rolled, self._premiums())[1][move]
        rolled = self.rolled
        self.total += value
        self.aside = (*self.aside, move.dice)
        self.cup += len(rolled) - len(move.dice)
        self.rolled = ()
        p = self.player
        if self.game.options.variation_l and self.scores_[p] + self.total > self.target:
            self._end_turn(
                f"Player {p + 1}'s {self.total} would pass {self.target}: the turn scores nothing",
                None,
            )
        elif self.cup == 0:
            self._bank("all six dice are set aside")
        elif self.rolls >= MAX_ROLLS:
            self._bank("that was the third roll")
        elif 1 not in rolled and 5 not in rolled:
            self._bank("a premium roll with no 1 or 5 must be banked")
        else:
            self.phase = DECIDE
            self.note = ""

    def _bank(self, why: str = "") -> None:
        p, t = self.player, self.total
        why = f" ({why})" if why else ""
        if self.scores_[p] == 0 and t < OPENING:
            note = f"Player {p + 1} banks {t}{why}, not enough to open"
        else:
            opens = " and opens" if self.scores_[p] == 0 else ""
            self.scores_[p] += t
            note = f"Player {p + 1} banks {t}{why}{opens}"
        self._end_turn(note, Offer(p, t, tuple(sorted(self.set_aside))) if self.cup else None)

    def _end_turn(self, note: str, offer: Offer | None) -> None:
        """End the turn of the player to move; ``offer`` is what the next player may go
        for: the turn just banked, or after a go-for-it bust the turn gone for (YX-10)."""
        p = self.player
        if self.final_from is None and self.reached(self.scores_[p]):
            self.final_from = p
            note += f"; {self.target} reached, everyone else has one last turn"
        self.note = note
        self.offer = offer
        self.last_aside = self.aside
        self.total = self.rolls = 0
        self.aside, self.rolled, self.cup, self.gofor = (), (), DICE, False
        nxt = (p + 1) % self.n
        if nxt == self.final_from:
            self._end_game()
            return
        self.player = nxt
        self._start_turn()

    def _end_game(self) -> None:
        """End the game: every other player has had a last turn since ``final_from``
        reached the target; the highest score wins, a tie shares the win (YX-11)."""
        scores = self.scores_
        top = max(scores)
        self.phase = None
        self.end(
            (p for p, s in enumerate(scores) if s == top),
            f"Player {self.final_from + 1} reached {self.target} "
            "and everyone else has had a last turn",
        )

    def _start_turn(self) -> None:
        p = self.player
        if self.offer_for(p) is not None or self.near(p):
            self.phase = START
        else:
            self.phase, self.to_roll = ROLLING, DICE

    # -- checking a position ----------------------------------------------------------

    def _validate(self) -> None:
        """Sizes and counts first (before anything counts the dice), then the scores,
        then that the phase, the turn and the offer agree with each other."""
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
        self._validate_scores()
        self._validate_offer()
        self._validate_phase()

    def _validate_scores(self) -> None:
        n, hi = self.n, self.game.score_range()[1]
        scores = self.scores_
        require(
            type(scores) is list and len(scores) == n, f"{n} scores expected, one for each player"
        )
        if self.game.options.variation_l:
            hi = self.target
        for s in scores:
            require(
                whole(s, 0, hi) and s % 5 == 0 and (s == 0 or s >= OPENING),
                f"a recorded score is 0 (not opened) or from {OPENING} to {hi} in "
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

    def _validate_offer(self) -> None:
        o = self.offer
        if o is None:
            return
        require(
            whole(o.owner, 0, self.n - 1)
            and whole(o.total, 5, self.game.score_range()[1])
            and o.total % 5 == 0
            and _faces(o.aside, 1, DICE - 1),
            "an offer is a player, a total in steps of 5 and one to five dice, in order",
        )

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
        expected = {
            START: (0,),
            OVER: (0,),
            ROLLING: (0, 1, 2),
            KEEP: (1, 2, 3),
            DECIDE: (1, 2),
        }[ph]
        require(
            rolls in expected and groups == rolls - (ph == KEEP),
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
        if ph == OVER:
            require(
                (p + 1) % self.n == self.final_from,
                "the game ends when the play-around comes back to final_from",
            )
        else:
            require(p != self.final_from, "the player who reached the target has no more turns")
        require(
            not self.game.options.variation_l
            or ph in (START, OVER)
            or self.scores_[p] + self.total <= self.target,
            "in variation L a turn past the target has ended",
        )

    # -- data and text ----------------------------------------------------------------

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
        >>> s.picks(ROLL), s.picks(BANK), s.picks(RollSome(2))
        (('cup',), ('turn total',), ())
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


#: How each kind of move is played.
_PLAYS: dict[type, Callable[[YahtzixState, Any], None]] = {
    Dice: YahtzixState._rolled,
    Keep: YahtzixState._keep,
    Roll: YahtzixState._roll,
    RollSome: YahtzixState._roll,
    Bank: lambda state, _: state._bank(),
    GoForIt: YahtzixState._go,
}


# ------------------------------------------------------------------------ game


class Yahtzix(Game):
    """Yahtzix for 2 to 8 players (YX-1 to YX-18, the table in :mod:`.rulings`)."""

    name = "yahtzix"
    title = "Yahtzix"
    rule_prefix = "YX"
    min_players = 2
    max_players = 8
    options_type = YahtzixOptions
    variants = ({"variation_l": True, "target": 1000},)

    def components(self) -> Counter:
        return Counter(("die", i) for i in range(DICE))

    def score_range(self) -> tuple[int, int]:
        return (0, self.options.target + 2000)

    def start(self, seed: int) -> YahtzixState:
        return YahtzixState(self, Rng(seed))

    def _setup(
        self,
        *,
        scores: list[int] | tuple[int, ...] | None = None,
        turn: int = 0,
        offer: Mapping[str, Any] | None = None,
        final_from: int | None = None,
        seed: int = 0,
    ) -> YahtzixState:
        """The start of ``turn``'s turn with recorded ``scores``; ``offer`` is a banked
        turn to go for, ``{"owner": 1, "total": 85, "aside": "1 1 5 5 5"}``;
        ``final_from`` the player who reached the target (the last round is on)."""
        s = YahtzixState(self, Rng(seed))
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

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> YahtzixState:
        d = position
        s = YahtzixState(self, rng)
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
        if s.phase == OVER:  # a finished game: the position says how it ended
            s._end_game()
        return s
