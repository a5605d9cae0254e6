"""Yahtzix: the rules as code.

Six dice, two to eight players. A turn is at most three rolls: after each roll the
player sets aside scoring dice, then banks the turn's total or rolls the dice that are
left (YX-5 to YX-8). Premiums (triples, four of a kind, two triplets, straights, all
dice counting) score only in a turn's first roll; later rolls score only their 1s and
5s (YX-1 to YX-4, YX-7). Nothing is recorded until a turn of 30 or more (YX-9). The
next player may "go for it" on a banked turn that left dice over (YX-10). When someone
reaches the target, everyone else has one last turn (YX-11).

The game's pieces and notation (the numbers, the scoring of a roll, the moves and their
text) are in :mod:`gamebox.games.yahtzix.moves`; the position (its fields and views,
set-up, loading and checks) in :mod:`gamebox.games.yahtzix.position`. This module holds
the options, the state's legal moves and refusals, playing a move, and the game.

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
from itertools import product
from typing import Any

from gamebox.core import Game, IllegalMove, Move, Options, option, refuses
from gamebox.games.yahtzix.moves import (
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
    _keep_moves,
    _outcomes,
    _score,
    _turn_moves,
    counts_of,
    has_premium,
    singles,
)
from gamebox.games.yahtzix.position import DECIDE, KEEP, ROLLING, START, Offer, Position
from gamebox.rng import Rng

# ------------------------------------------------------------------------------ options


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


# -------------------------------------------------------------------------- legal moves


class YahtzixState(Position):
    """A position with its rules: the legal moves, the refusals, playing a move."""

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
        return list(_outcomes(self.to_roll)[1]) if self.phase == ROLLING else []

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

    # ------------------------------------------------------------------------- refusals

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

    # ------------------------------------------------------------------- playing a move

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


#: How each kind of move is played.
_PLAYS: dict[type, Callable[[YahtzixState, Any], None]] = {
    Dice: YahtzixState._rolled,
    Keep: YahtzixState._keep,
    Roll: YahtzixState._roll,
    RollSome: YahtzixState._roll,
    Bank: lambda state, _: state._bank(),
    GoForIt: YahtzixState._go,
}


# ----------------------------------------------------------------------------- the game


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

    def _setup(self, **position: Any) -> YahtzixState:
        """An explicit position: the keywords of :meth:`Position.set_up`."""
        return YahtzixState.set_up(self, **position)

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> YahtzixState:
        return YahtzixState.from_data(self, position, rng)
