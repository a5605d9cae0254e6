"""Finish Line's rules: the options, the legal moves and refusals, playing a move, the
game. The position they read and change (the board, the markers, whose turn and which
stage; its set-up and loading) is :class:`~gamebox.games.finish_line.position.Position`;
the pieces and the moves' text are in :mod:`gamebox.games.finish_line.moves`, the board
and its deal in :mod:`gamebox.games.finish_line.board`.

>>> import gamebox
>>> game = gamebox.load("finish-line", players=2)
>>> state = game.setup()                 # the book's sample board, every marker at the start
>>> state.board.card(1), state.board.card(9), state.board.finish_card
(Card('7♠'), Card('9♠'), Card('7♥'))
>>> state = state.apply("roll red 6 black 2")     # stop value 8
>>> [str(m) for m in state.legal_moves()]
['move start to 4 with red', 'move start to 2 with black']
>>> state.check("move start to 6 with red").rule  # the 8♦ on square 4 halts a marker
'FL-7'

Moves name markers by their square. When the first die brings a marker onto a card
where another of your markers waits, the second die may move either (FL-6): ``move 4 to
6 with black`` takes the marker that just arrived on, and ``move the waiting marker on 4
to 6 with black`` leaves it where it landed, to roll for its card or to attack.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamebox.components import Card, standard_deck
from gamebox.core import Game, IllegalMove, Move, Options, option, refuses
from gamebox.games.finish_line.board import deal
from gamebox.games.finish_line.moves import (
    ACE,
    BIT_INDEX,
    BIT_PAIRS,
    BLACK,
    DICE,
    DIE_NAMES,
    JACK,
    KING,
    MARKERS,
    QUEEN,
    RED,
    ROLLS,
    T_CHUTE,
    T_KNOCK,
    T_LADDER,
    T_MOVE,
    T_PULL,
    T_SWAP,
    T_YANK,
    TWO,
    Advance,
    Roll,
    Swap,
    Yank,
    intern_advance,
)
from gamebox.games.finish_line.moves import (
    TRAIL_NAMES as TRAIL_NAMES,  # the book's studies read it from here
)
from gamebox.games.finish_line.position import (
    ATTACK,
    CHOOSE,
    MOVE,
    ROLL,
    SPECIAL,
    Position,
)
from gamebox.rng import Rng

# ------------------------------------------------------------------------------ options


@dataclass(frozen=True)
class FinishLineOptions(Options):
    """How the board is dealt and when the game ends."""

    row_length: int = option(
        8,
        "cards in each of the six rows (8 deals the whole deck)",
        rule="FL-2",
        low=2,
        high=8,
    )
    play_for_places: bool = option(
        False, "after the winner, the others play on for second, third...", rule="FL-17"
    )


class FinishLineState(Position):
    """A position with its rules: the legal moves, the refusals, playing a move."""

    # ---------------------------------------------------------------------- legal moves

    def chance_outcomes(self) -> list[tuple[Move, int]]:
        return [(m, 1) for m in ROLLS] if self.is_chance else []

    def _sample_chance(self, rng: Rng) -> Move:
        return ROLLS[rng.randbelow(36)]

    def _legal_moves(self) -> list[Move] | tuple[Move, ...]:
        phase = self.phase
        if phase == MOVE:
            return self._advances()
        if phase == CHOOSE:
            cls = Yank if self._head_kind() == JACK else Swap
            return [cls(p, sq) for p, sq in self.choices]
        return ROLLS

    def _mover(self, sq: int, waiting: bool) -> int:
        """Which of the current player's markers on ``sq`` an advance from there takes
        (FL-6, FL-7): with ``waiting``, one that has not moved this turn while the one
        that arrived could go on; otherwise the one that arrived, if it may go on (it is
        not halted on a card of the stop value), else one that has not moved. -1 if
        there is none."""
        pos = self.pos
        base = self.player * 3
        halted = self.board.rank[sq] == self.red + self.black
        arrived = fresh = -1
        for i in range(MARKERS):
            if pos[base + i] == sq:
                if self.moved1 >> i & 1:
                    if not halted:
                        arrived = i
                elif fresh < 0:
                    fresh = i
        if waiting:
            return fresh if arrived >= 0 else -1
        return arrived if arrived >= 0 else fresh

    def _destination(self, frm: int, pips: int) -> int:
        """Where a die of ``pips`` takes a marker from ``frm``: the first card of the
        stop value on the way halts it (FL-7); a result past the finish means the die
        cannot move it (FL-8)."""
        nxt = self.board.stop_next[self.red + self.black][frm]
        to = frm + pips
        return nxt if nxt < to else to

    def _advances(self) -> list[Move]:
        """The legal advances: each unused die (red first) from each square where a
        marker may move (FL-6, FL-7, FL-9), in marker order, to where it takes the
        marker if that is not past the finish (FL-7, FL-8); and, where the first die
        brought a marker that may go on onto a card where another waits, the waiting
        marker's advance too."""
        board = self.board
        finish = board.finish
        base = self.player * 3
        a, b, c = self.pos[base : base + MARKERS]
        moved = self.moved1
        waiting = -1
        if not moved:  # the first die: every marker off the finish may go
            froms = [a] if a != finish else []
            if b != finish and b != a:
                froms.append(b)
            if c != finish and c != a and c != b:
                froms.append(c)
        else:
            mine = (a, b, c)
            arrived = mine[BIT_INDEX[moved]]  # the one marker the first die moved
            goes_on = arrived != finish and board.rank[arrived] != self.red + self.black
            waits = mine.count(arrived) > 1
            froms = []
            for sq in mine:
                if sq != finish and sq not in froms and (sq != arrived or goes_on or waits):
                    froms.append(sq)
            if goes_on and waits:
                waiting = arrived
        nxt = board.stop_next[self.red + self.black]
        unused = self.unused
        out: list[Move] = []
        for bit in (RED, BLACK):
            if unused & bit:
                pips = self.red if bit == RED else self.black
                plain, other = board.advances[bit]
                for sq in froms:
                    to = sq + pips  # as _destination(sq, pips), inline: the hot path
                    if nxt[sq] < to:
                        to = nxt[sq]
                    if to <= finish:
                        out.append(
                            plain[sq][to] or intern_advance(plain, sq, to, bit, False, finish)
                        )
                        if sq == waiting:
                            out.append(
                                other[sq][to] or intern_advance(other, sq, to, bit, True, finish)
                            )
        return out

    def _can_advance(self) -> bool:
        """Can an unused die move a marker? (FL-9: else the dice left are lost, whatever
        order the player chose, FL-20.) A die moves a marker that may move unless it
        would overshoot the finish with no card of the stop value ahead to halt it (FL-8)."""
        unused = self.unused
        if not unused:
            return False
        board = self.board
        finish = board.finish
        stop = self.red + self.black
        nxt = board.stop_next[stop]
        base = self.player * 3
        pos = self.pos
        if unused == RED | BLACK:  # no marker has moved: the least advanced one can if any can
            low = min(pos[base], pos[base + 1], pos[base + 2])
            return low + min(self.red, self.black) <= finish or nxt[low] <= finish
        pips = self.red if unused == RED else self.black
        moved = self.moved1
        for i in range(MARKERS):
            sq = pos[base + i]
            if sq == finish or (moved >> i & 1 and board.rank[sq] == stop):
                continue
            if sq + pips <= finish or nxt[sq] <= finish:
                return True
        return False

    def candidate_moves(self) -> list[Move]:
        """The legal moves and the tempting ones: a die carried past a stop card or
        past the finish, a used die, a marker that is not yours, the waiting marker
        named where none waits, every jack/two target, a seat that does not exist."""
        out: list[Move] = list(self.legal_moves())
        if self.outcome is not None:
            return [*out, ROLLS[0]]
        finish = self.board.finish
        squares = sorted(set(self.pos))
        if self.phase == MOVE:
            for sq in squares:
                for bit, pips in ((RED, self.red), (BLACK, self.black)):
                    for to in {sq + pips, self._destination(sq, pips), min(sq + pips, finish)}:
                        out.append(Advance(sq, to, bit, to == finish))
                        out.append(Advance(sq, to, bit, to == finish, True))
            out.append(ROLLS[5])
        elif self.phase == CHOOSE:
            for g, sq in enumerate(self.pos):
                out.append(Yank(g // 3, sq))
                out.append(Swap(g // 3, sq))
            out.append(Yank(self.n, squares[-1]))
        else:
            out.append(Advance(squares[0], squares[0] + 1, RED, squares[0] + 1 == finish))
            out.append(Yank((self.player + 1) % self.n, squares[-1]))
            out.append(Roll(7, 1))
        return list(dict.fromkeys(out))

    # ------------------------------------------------------------------------- refusals

    def why_over(self) -> IllegalMove:
        return IllegalMove("FL-17", f"the game is over: {self.outcome.reason}")

    def _wrong_stage(self) -> IllegalMove:
        """Why a move of another stage is refused now (the game is not over)."""
        phase = self.phase
        if phase == ROLL:
            return IllegalMove("FL-5", "the turn starts with a roll of both dice")
        if phase == MOVE:
            return IllegalMove("FL-6", "the dice are rolled: now move markers with them")
        if phase == SPECIAL:
            return IllegalMove(
                "FL-10",
                "the dice are rolled now to see whether the card under the marker on "
                f"{self.board.name(self.pos[self.player * 3 + self.queue[0]])} acts",
            )
        if phase == ATTACK:
            return IllegalMove(
                "FL-16",
                f"the dice are rolled now for an attack on {self.board.name(self.attacks[0][1])}",
            )
        sq = self.pos[self.player * 3 + self.queue[0]]
        if self.board.special[sq] == JACK:
            rule, task = "FL-14", "to yank back onto it"
        else:
            rule, task = "FL-15", "to swap places with"
        return IllegalMove(rule, f"the {self.board.cards[sq]} acted: now choose an opposing "
                                 f"marker {task}")  # fmt: skip

    @refuses(Roll)
    def _why_roll(self, move: Roll) -> IllegalMove | None:
        if self.phase not in (ROLL, SPECIAL, ATTACK):
            return self._wrong_stage()
        if move.red not in DICE or move.black not in DICE:
            return IllegalMove(
                "FL-5", f"each die shows 1 to 6, not red {move.red!r} black {move.black!r}"
            )
        return None

    @refuses(Advance)
    def _why_advance(self, move: Advance) -> IllegalMove | None:
        if self.phase != MOVE:
            return self._wrong_stage()
        board = self.board
        finish = board.finish
        frm, to, die = move.frm, move.to, move.die
        if die not in DIE_NAMES:
            return IllegalMove("FL-6", "a move names its die: the red or the black one")
        colour = DIE_NAMES[die]
        if not (0 <= frm <= finish and 0 <= to <= finish):
            return IllegalMove(
                "FL-3",
                f"the path runs from the start (0) to the finish ({finish}): there is no "
                f"square {frm if not 0 <= frm <= finish else to}",
            )
        if move.home != (to == finish):
            return IllegalMove("FL-8", f"the finish is square {finish}")
        if not self.unused & die:
            return IllegalMove("FL-6", f"the {colour} die has already moved a marker this turn")
        if frm not in self.markers(self.player):
            return IllegalMove("FL-6", f"you have no marker on {board.name(frm)}")
        if frm == finish:
            return IllegalMove("FL-9", "a marker on the finish is out of play")
        stop = self.red + self.black
        pips = self.red if die == RED else self.black
        dest = self._destination(frm, pips)
        if self._mover(frm, move.waiting) < 0:
            if not move.waiting or self._mover(frm, False) < 0:
                return IllegalMove(
                    "FL-7",
                    f"your marker was halted on {board.name(frm)} this turn: it shows the "
                    f"stop value {stop}, so it can go no further until your next turn",
                )
            plain = repr(str(Advance(frm, dest, die, dest == finish) if dest <= finish else move))
            base = self.player * 3
            if not any(self.moved1 >> i & 1 and self.pos[base + i] == frm for i in range(MARKERS)):
                return IllegalMove(
                    "FL-19", f"no marker arrived on {board.name(frm)} this turn: say {plain}"
                )
            if board.rank[frm] == stop:
                return IllegalMove(
                    "FL-7",
                    f"the marker that arrived on {board.name(frm)} is halted there, so {plain} "
                    "moves one that waited",
                )
            return IllegalMove(
                "FL-19", f"only the marker that arrived on {board.name(frm)} is there"
            )
        if dest > finish:
            past = frm + pips - finish
            return IllegalMove(
                "FL-8",
                f"a {pips} would carry the marker {past} square{'s' if past > 1 else ''} past "
                f"the finish; it must be reached exactly (or halted on it by the stop value)",
            )
        if to == dest:
            return None
        if to > dest and dest < frm + pips:
            return IllegalMove(
                "FL-7",
                f"on its way the marker meets {board.name(dest)}, which shows the stop value "
                f"{stop}: it halts there",
            )
        return IllegalMove(
            "FL-6", f"the {colour} die shows {pips}: it takes this marker to {board.name(dest)}"
        )

    @refuses(Yank, Swap)
    def _why_choice(self, move: Yank | Swap) -> IllegalMove | None:
        if self.phase != CHOOSE:
            return self._wrong_stage()
        board = self.board
        sq = self.pos[self.player * 3 + self.queue[0]]
        kind = board.special[sq]
        if type(move) is not (Yank if kind == JACK else Swap):
            return self._wrong_stage()
        rule = "FL-14" if kind == JACK else "FL-15"
        p, q = move.player, move.square
        n = self.n
        if not 0 <= p < n:
            return IllegalMove(rule, f"there is no P{p}: the players are P0 to P{n - 1}")
        if not 0 <= q <= board.finish:
            return IllegalMove(
                "FL-3", f"the path runs from the start (0) to the finish ({board.finish})"
            )
        if (p, q) in self.choices:
            return None
        if p == self.player:
            return IllegalMove(rule, "choose an opponent's marker, not your own")
        if q not in self.markers(p):
            return IllegalMove(rule, f"P{p} has no marker on {board.name(q)}")
        if q == board.finish:
            return IllegalMove(rule, "a marker on the finish is out of play")
        if board.safe[q]:
            return IllegalMove(rule, f"P{p}'s marker on {board.name(q)} is on a safety")
        if kind == TWO:
            return IllegalMove(
                "FL-22", f"P{p}'s marker shares the two: a swap would change nothing"
            )
        if q <= sq:
            return IllegalMove(
                rule, f"P{p}'s marker on {board.name(q)} is not further along than the jack"
            )
        low = dict(self.choices).get(p)
        return IllegalMove(
            rule,
            f"only P{p}'s least advanced marker beyond the jack (on "
            f"{board.name(low) if low else '?'}) may be yanked",
        )

    # ------------------------------------------------------------------- playing a move

    def _play(self, move: Move) -> None:
        self.trail = ()
        phase = self.phase
        if phase == MOVE:
            self._play_advance(move)
        elif phase == ROLL:
            self.red, self.black = move.red, move.black
            self.unused = RED | BLACK
            self.phase = MOVE
            if not self._can_advance():
                self._stage2_begin()
        elif phase == SPECIAL:
            self.roll = (move.red, move.black)
            self._play_special(move.red, move.black)
        elif phase == CHOOSE:
            i = self.queue[0]
            if type(move) is Yank:
                self._yank(self.pos[self.player * 3 + i], move.player, move.square)
            else:
                self._swap(i, move.player, move.square)
            self.choices = ()
            self.queue = self.queue[1:]
            self._stage2_next()
        else:
            self.roll = (move.red, move.black)
            self._play_attack(move.red, move.black)

    def _play_advance(self, move: Advance) -> None:
        base = self.player * 3
        pos = self.pos
        frm, to = move.frm, move.to  # a legal advance's ``to`` is where the die takes it
        moved = self.moved1
        if not moved:  # the first die: every marker there is waiting; the first one goes
            i = pos.index(frm, base, base + MARKERS) - base
        else:  # the second die: the marker that arrived goes on, unless halted or waiting
            i = BIT_INDEX[moved]
            if pos[base + i] != frm:  # another square: none there has moved, the first goes
                i = pos.index(frm, base, base + MARKERS) - base
            elif move.waiting or self.board.rank[frm] == self.red + self.black:
                i = self._mover(frm, move.waiting)
        g = base + i
        pos[g] = to
        self.moved1 = moved | 1 << i
        unused = self.unused = self.unused & ~move.die
        self.trail = (T_MOVE, g, frm, to)
        if to == self.board.finish and pos[base] == pos[base + 1] == pos[base + 2]:
            self._player_home()
        elif not (unused and self._can_advance()):
            self._stage2_begin()

    def _player_home(self) -> None:
        """FL-17: all three markers home."""
        self.places = (*self.places, self.player)
        left = [p for p in range(self.n) if p not in self.places]
        if not self.game.options.play_for_places or len(left) <= 1:
            if self.game.options.play_for_places:
                self.places = (*self.places, *left)
            self._end()
            return
        self._end_turn()

    def _stage2_begin(self) -> None:
        """FL-10: markers moved by dice roll for their cards, most advanced first."""
        moved = self.moved1
        if moved in BIT_INDEX:
            i = BIT_INDEX[moved]
            if not self.board.special[self.pos[self.player * 3 + i]]:  # nothing to roll for
                self.queue = ()
                self._stage3_begin()
                return
            self.queue = (i,)
        else:  # none, or two: the most advanced first; of two on one card, the first marker
            base = self.player * 3
            order = BIT_PAIRS[moved]
            if order and self.pos[base + order[1]] > self.pos[base + order[0]]:
                order = order[::-1]
            self.queue = order
        self._stage2_next()

    def _stage2_next(self) -> None:
        special = self.board.special
        pos = self.pos
        base = self.player * 3
        queue = self.queue
        while queue:
            i = queue[0]
            if special[pos[base + i]] and not self.moved2 >> i & 1 and self._needs_roll(i):
                self.queue = queue
                self.phase = SPECIAL
                return
            queue = queue[1:]
        self.queue = ()
        self._stage3_begin()

    def _play_special(self, red: int, black: int) -> None:
        i = self.queue[0]
        base = self.player * 3
        g = base + i
        sq = self.pos[g]
        board = self.board
        activated = red > black if board.red[sq] else black > red
        if activated:
            kind = board.special[sq]
            if kind in (KING, ACE):
                to = board.ladder[sq] if kind == KING else board.chute[sq]
                self.pos[g] = to
                self.moved2 |= 1 << i
                self.trail = (T_LADDER if kind == KING else T_CHUTE, g, sq, to)
            elif kind == QUEEN:
                t = self._queen_target(sq)
                self.trail = (T_PULL, base + t, self.pos[base + t], sq)
                self.pos[base + t] = sq
                self.moved2 |= 1 << t
            else:
                choices = self._jack_choices(sq) if kind == JACK else self._two_choices(sq)
                if len(choices) > 1:
                    self.choices = choices
                    self.phase = CHOOSE
                    return
                p, q = choices[0]
                if kind == JACK:
                    self._yank(sq, p, q)
                else:
                    self._swap(i, p, q)
        self.queue = self.queue[1:]
        self._stage2_next()

    def _yank(self, sq: int, player: int, frm: int) -> None:
        for g in range(player * 3, player * 3 + 3):
            if self.pos[g] == frm:
                self.trail = (T_YANK, g, self.pos[g], sq)
                self.pos[g] = sq
                break

    def _swap(self, i: int, player: int, frm: int) -> None:
        g = self.player * 3 + i
        sq = self.pos[g]
        for h in range(player * 3, player * 3 + 3):
            if self.pos[h] == frm:
                self.pos[g] = self.pos[h]
                self.pos[h] = sq
                self.trail = (T_SWAP, g, sq, self.pos[g])
                break
        self.moved2 |= 1 << i

    def _stage3_begin(self) -> None:
        """FL-16: every marker of yours that moved this turn and shares a non-safety card
        with opposing markers attacks them, most advanced first (FL-23)."""
        base = self.player * 3
        pos = self.pos
        mine = pos[base : base + MARKERS]
        safe = self.board.safe
        moved = self.moved1 | self.moved2
        attacks = []
        for i, sq in enumerate(mine):
            if moved >> i & 1 and not safe[sq] and pos.count(sq) > mine.count(sq):
                victims = tuple(
                    g for g, q in enumerate(pos) if q == sq and not base <= g < base + MARKERS
                )
                attacks.append((i, sq, victims))
        if not attacks:
            self._end_turn()
            return
        attacks.sort(key=lambda a: (-a[1], a[0]))
        self.attacks = tuple(attacks)
        self._stage3_next()

    def _stage3_next(self) -> None:
        pos = self.pos
        while self.attacks:
            _, sq, victims = self.attacks[0]
            if any(pos[g] == sq for g in victims):
                self.phase = ATTACK
                return
            self.attacks = self.attacks[1:]
        self._end_turn()

    def _play_attack(self, red: int, black: int) -> None:
        _, sq, victims = self.attacks[0]
        if red != black:
            back = max(0, sq - abs(red - black))
            for g in victims:
                if self.pos[g] == sq:
                    self.pos[g] = back
                    self.trail = (T_KNOCK, g, sq, back)
        self.attacks = self.attacks[1:]
        self._stage3_next()

    def _end_turn(self) -> None:
        n = self.n
        p = self.player
        for _ in range(n):
            p = (p + 1) % n
            if p not in self.places:
                break
        self._start_turn(p)


# ----------------------------------------------------------------------------- the game


class FinishLine(Game):
    """Finish Line (Pips): race three markers along a zigzag path of dealt cards."""

    name = "finish-line"
    title = "Finish Line"
    rule_prefix = "FL"
    min_players = 2
    max_players = 6
    options_type = FinishLineOptions
    variants = ({"row_length": 3}, {"play_for_places": True})

    def start(self, seed: int) -> FinishLineState:
        return FinishLineState.dealt(self, seed)

    def deal_log(self, seed: int) -> list[tuple[str, str, int]]:
        """How ``start(seed)`` dealt its board, card by card (see :func:`deal`)."""
        return deal(Rng(seed), self.options.row_length)[1]

    def _setup(
        self,
        board: Sequence[str | Card] | None = None,
        markers: Sequence[Sequence[int | str]] | None = None,
        player: int = 0,
        undealt: Sequence[str | Card] = (),
        seed: int = 0,
    ) -> FinishLineState:
        """A position for a worked example: ``board`` lists the cards in path order
        (default: :data:`SAMPLE_BOARD`; ``undealt``, the rest of the deck), ``markers``
        gives each player's three squares (0 or "start", a path square, or "finish"),
        ``player`` is the one about to roll."""
        return FinishLineState.set_up(self, board, markers, player, undealt, seed)

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> FinishLineState:
        return FinishLineState.from_data(self, position, rng)

    def components(self) -> Counter:
        out = Counter(str(c) for c in standard_deck(jokers=2))
        for p in range(self.players):
            out[f"P{p} marker"] = MARKERS
        out.update(("red die", "black die"))
        return out

    def score_range(self) -> tuple[int, int]:
        return (0, MARKERS)
