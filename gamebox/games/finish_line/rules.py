"""Finish Line: the options, the state, its legal moves and refusals, playing a move,
loading a position, the game.

The board is a zigzag path of dealt cards. Path square 0 is the imaginary start;
then comes row 1 (the bottom row) from right to left, the lower left wing, row 2 from
left to right, the lower right wing, and so on up to the upper right wing, the
finish (square 54 on the default board of six rows of eight).

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

The pieces and the moves' text are in :mod:`gamebox.games.finish_line.moves`, the board
and its deal in :mod:`gamebox.games.finish_line.board`.

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

from gamebox.checks import check_wholes, require, whole
from gamebox.components import Card, standard_deck
from gamebox.core import (
    CHANCE,
    Game,
    IllegalMove,
    Move,
    Options,
    State,
    option,
    refuses,
)
from gamebox.games.finish_line.board import (
    SAMPLE_BOARD,
    Board,
    deal,
    deal_board,
    is_wing_card,
)
from gamebox.games.finish_line.moves import (
    ACE,
    BIT_INDEX,
    BIT_PAIRS,
    BLACK,
    DICE,
    DIE_NAMES,
    DIE_TOKENS,
    JACK,
    KING,
    MARKERS,
    QUEEN,
    RED,
    ROLLS,
    ROWS,
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
    marker_token,
    parse_move,
)
from gamebox.games.finish_line.moves import (
    TRAIL_NAMES as TRAIL_NAMES,  # the book's studies read it from here
)
from gamebox.rng import Rng

# the stages of a turn (``state.phase``, module constants); the game ends in a MOVE, and
# the JSON and the summary call its stage "over" from then on (``state.outcome`` is set)
ROLL, MOVE, SPECIAL, CHOOSE, ATTACK = range(5)
PHASE_NAMES = ("roll", "move", "special", "choose", "attack")
_CHANCE_PHASES = frozenset((ROLL, SPECIAL, ATTACK))


# ------------------------------------------------------------------------ options


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


# -------------------------------------------------------------------------- state


class FinishLineState(State):
    """A position: the board, every marker's square, whose turn and which stage
    (``phase``: one of the module's constants ROLL to ATTACK)."""

    board: Board
    pos: list[int]  # square of marker g = player * 3 + i (0 start, board.finish home)
    n: int  # the player count
    player: int
    phase: int
    red: int  # the turn's dice (stop value = red + black; 0 before the roll)
    black: int
    unused: int  # dice not yet used in stage 1 (bits RED, BLACK)
    moved1: int  # bits of the current player's markers moved in stage 1
    moved2: int  # ... moved in stage 2
    queue: tuple[int, ...]  # stage 2: markers still to roll for, head first
    attacks: tuple[tuple[int, int, tuple[int, ...]], ...]  # (marker, square, victims)
    choices: tuple[tuple[int, int], ...]  # jack/two targets: (player, square)
    roll: tuple[int, int]  # the last roll of stage 2 or 3
    places: tuple[int, ...]  # players with all markers home, in the order they came home
    trail: tuple[int, ...]  # what the last move did: (kind, marker, from, to)

    def __init__(self, game: FinishLine, rng: Rng, board: Board, pos: list[int], player: int):
        self._init_state(game, rng)
        self.n = game.players
        self.board = board
        self.pos = pos
        self.places = ()
        self.trail = ()
        self._start_turn(player)

    def _start_turn(self, player: int) -> None:
        """``player``'s turn begins: the dice to roll, nothing moved, queued or chosen."""
        self.player = player
        self.phase = ROLL
        self.red = self.black = 0
        self.unused = self.moved1 = self.moved2 = 0
        self.queue = ()
        self.attacks = ()
        self.choices = ()
        self.roll = (0, 0)

    # -- protocol ---------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self.player if self.phase in (MOVE, CHOOSE) and self.outcome is None else CHANCE

    @property
    def is_chance(self) -> bool:
        """The dice decide: the turn's roll, a card's roll or an attack's."""
        return self.phase in _CHANCE_PHASES

    @property
    def stop(self) -> int:
        """The stop value of the turn (0 before the roll)."""
        return self.red + self.black

    @property
    def scores(self) -> tuple[int, ...]:
        """Markers home, per player."""
        f = self.board.finish
        return tuple(self.markers(p).count(f) for p in range(self.n))

    @property
    def phase_name(self) -> str:
        """The stage in words, as the JSON and the summary write it ("over" at the end)."""
        return PHASE_NAMES[self.phase] if self.outcome is None else "over"

    def markers(self, player: int) -> list[int]:
        """The squares of ``player``'s three markers."""
        return self.pos[player * 3 : player * 3 + 3]

    def chance_outcomes(self) -> list[tuple[Move, int]]:
        if not self.is_chance:
            return []
        return [(m, 1) for m in ROLLS]

    def _sample_chance(self, rng: Rng) -> Move:
        return ROLLS[rng.randbelow(36)]

    def why_over(self) -> IllegalMove:
        return IllegalMove("FL-17", f"the game is over: {self.outcome.reason}")

    def _end(self) -> None:
        """FL-17: the game ends; the winner is the first player home (in a game played
        for places, the last one left takes the last place)."""
        order = ", ".join(f"P{p}" for p in self.places)
        if self.game.options.play_for_places:
            self.end(self.places[:1], f"every place is decided ({order})")
        else:  # one player home (a loaded position with none or more fails _validate)
            self.end(self.places[:1], f"{order} has all three markers home")

    # -- legal moves ----------------------------------------------------------------

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

    def _head_kind(self) -> str:
        """The special card under the marker at the head of the stage-2 queue."""
        return self.board.special[self.pos[self.player * 3 + self.queue[0]]]

    def _queen_target(self, sq: int) -> int:
        """FL-13: your nearest less-advanced marker not on a safety (-1 if none); of two
        on one card, one that is not waiting for its own roll goes first (FL-21)."""
        base = self.player * 3
        safe = self.board.safe
        best, best_sq, best_waiting = -1, -1, True
        for i in range(MARKERS):
            p = self.pos[base + i]
            if p >= sq or safe[p]:
                continue
            waiting = i in self.queue[1:]
            if p > best_sq or (p == best_sq and best_waiting and not waiting):
                best, best_sq, best_waiting = i, p, waiting
        return best

    def _jack_choices(self, sq: int) -> tuple[tuple[int, int], ...]:
        """FL-14: each opponent's least-advanced marker beyond the jack, off the safeties."""
        out = []
        safe = self.board.safe
        finish = self.board.finish
        for p in range(self.n):
            beyond = [q for q in self.markers(p) if sq < q < finish and not safe[q]]
            if beyond and p != self.player:
                out.append((p, min(beyond)))
        return tuple(out)

    def _two_choices(self, sq: int) -> tuple[tuple[int, int], ...]:
        """FL-15: every opposing marker not on a safety, not home (and not on this two:
        FL-22)."""
        safe = self.board.safe
        out = set()
        for g, q in enumerate(self.pos):
            if g // 3 != self.player and not safe[q] and q != sq:
                out.add((g // 3, q))
        return tuple(sorted(out))

    # -- the one check of each kind of move -----------------------------------------

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

    # -- playing ------------------------------------------------------------------------

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

    def _needs_roll(self, i: int) -> bool:
        sq = self.pos[self.player * 3 + i]
        kind = self.board.special[sq]
        if not kind:
            return False
        if kind == KING:
            return self.board.ladder[sq] >= 0
        if kind == ACE:
            return True
        if kind == QUEEN:
            return self._queen_target(sq) >= 0
        if kind == JACK:
            return bool(self._jack_choices(sq))
        return bool(self._two_choices(sq))

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

    # -- checking a loaded or hand-set position -----------------------------------------

    def _validate(self) -> None:
        n = self.n
        board = self.board
        finish = board.finish
        pos = self.pos
        require(
            type(pos) is list and len(pos) == MARKERS * n,
            f"give {MARKERS} squares for each of the {n} players",
        )
        require(
            all(whole(sq, 0, finish) for sq in pos),
            f"a marker is on a square from 0 (the start) to {finish} (the finish)",
        )
        for sq in board.wing_squares():
            require(
                is_wing_card(board.cards[sq]),
                f"the wing on square {sq} holds {board.cards[sq]}, not a 3 to 10",
            )
        player, phase = self.player, self.phase
        require(whole(player, 0, n - 1), f"player {player!r} is not one of the {n} seats")
        require(whole(phase, ROLL, ATTACK), f"no phase {phase!r}")
        check_wholes("the dice", (self.red, self.black), 0, 6)
        require(
            (phase == ROLL) == (self.red == 0) == (self.black == 0),
            f"the dice {self.red} and {self.black} do not fit the {self.phase_name} phase",
        )
        check_wholes("unused dice", (self.unused,), 0, RED | BLACK)
        check_wholes("moved markers", (self.moved1, self.moved2), 0, 7)
        check_wholes("the last roll", self.roll, 0, 6, fewest=2, most=2)
        require(
            0 not in self.roll or self.roll == (0, 0), f"the last roll {self.roll} is not two dice"
        )
        check_wholes("the stage-2 queue", self.queue, 0, MARKERS - 1, most=MARKERS)
        require(
            len(set(self.queue)) == len(self.queue)
            and all(self.moved1 >> i & 1 for i in self.queue),
            f"the stage-2 queue {self.queue} is not of markers moved by dice",
        )
        self._validate_places()
        self._validate_phase()
        check_wholes("the last move", self.trail, 0, MARKERS * n + finish, most=4)
        require(
            not self.trail
            or (
                len(self.trail) == 4
                and T_MOVE <= self.trail[0] <= T_KNOCK
                and self.trail[1] < MARKERS * n
                and max(self.trail[2:]) <= finish
            ),
            f"the last move {self.trail} is not one the board can show",
        )

    def _validate_places(self) -> None:
        n = self.n
        finish = self.board.finish
        places = self.places
        check_wholes("the players home", places, 0, n - 1, most=n)
        require(len(set(places)) == len(places), f"a player comes home twice in {places}")
        home = {p for p in range(n) if all(sq == finish for sq in self.markers(p))}
        if self.outcome is None:
            require(
                home == set(places),
                f"the players home {places} are not those with three markers home",
            )
            require(
                self.player not in places, f"P{self.player} has every marker home and plays no more"
            )
        elif self.game.options.play_for_places:
            require(
                sorted(places) == list(range(n)) and home == set(places[:-1]),
                f"the places {places} are not the order the players came home",
            )
        else:
            require(
                len(places) == 1 and home == set(places),
                f"the winner {places} is not the player with three markers home",
            )

    def _validate_phase(self) -> None:
        phase = self.phase
        require(
            phase not in (ROLL, MOVE) or not any((self.queue, self.choices, self.attacks)),
            f"no card rolls or attacks wait in the {self.phase_name} phase",
        )
        require(
            phase != ROLL or not (self.unused or self.moved1 or self.moved2 or self.roll != (0, 0)),
            "nothing has moved before the roll",
        )
        if phase == MOVE and self.outcome is None:  # the last die may move the marker twice
            used = (RED | BLACK) & ~self.unused
            require(
                not self.moved2
                and self.roll == (0, 0)
                and self.moved1.bit_count() == used.bit_count(),
                "in stage 1 each used die has moved one marker",
            )
        if phase in (SPECIAL, CHOOSE):
            require(
                self.queue and not self.attacks, "a card roll needs a marker that moved by dice"
            )
            i = self.queue[0]
            require(
                phase != SPECIAL
                or not (self.choices or self.moved2 >> i & 1 or not self._needs_roll(i)),
                "the marker at the head of the stage-2 queue has no card to roll for",
            )
            if phase == CHOOSE:
                kind = self._head_kind()
                sq = self.pos[self.player * 3 + i]
                targets = {JACK: self._jack_choices, TWO: self._two_choices}.get(kind)
                choices = targets(sq) if targets else ()
                require(
                    len(choices) >= 2 and tuple(map(tuple, self.choices)) == choices,
                    f"the targets {self.choices} are not the card's choice",
                )
        if phase == ATTACK:
            self._validate_attacks()

    def _validate_attacks(self) -> None:
        require(
            self.attacks and not self.queue and not self.choices, "an attack roll needs an attack"
        )
        n = self.n
        base = self.player * 3
        for attack in self.attacks:
            require(
                isinstance(attack, tuple) and len(attack) == 3,
                f"an attack is (marker, square, victims), not {attack!r}",
            )
            i, sq, victims = attack
            check_wholes("an attacker", (i,), 0, MARKERS - 1)
            check_wholes("a victim", victims, 0, MARKERS * n - 1, most=MARKERS * n)
            require(
                self.pos[base + i] == sq
                and not self.board.safe[sq]
                and not any(base <= g < base + MARKERS for g in victims),
                f"the attack {attack} is not on the attacker's open card",
            )
        _, sq, victims = self.attacks[0]
        require(any(self.pos[g] == sq for g in victims), "the next attack has nobody to attack")

    # -- data -------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        b = self.board
        n = self.n
        return {
            "board": [str(c) for c in b.cards[1:]],
            "undealt": [str(c) for c in b.undealt],
            "markers": [self.pos[p * 3 : p * 3 + 3] for p in range(n)],
            "player": self.player,
            "phase": self.phase_name,
            "dice": [self.red, self.black],
            "unused": self.unused,
            "moved": [self.moved1, self.moved2],
            "queue": list(self.queue),
            "attacks": [[i, sq, list(v)] for i, sq, v in self.attacks],
            "choices": [list(c) for c in self.choices],
            "roll": list(self.roll),
            "done": list(self.places),
            "trail": list(self.trail),
        }

    def components(self) -> Counter:
        out = Counter(str(c) for c in self.board.cards[1:])
        out.update(str(c) for c in self.board.undealt)
        f = self.board.finish
        out.update(f"P{g // 3} marker" for g, sq in enumerate(self.pos) if 0 <= sq <= f)
        out.update(("red die", "black die"))
        return out

    def parse_move(self, text: str) -> Move:
        """A move from its text (see :func:`~gamebox.games.finish_line.moves.parse_move`).

        >>> import gamebox
        >>> state = gamebox.load("finish-line").setup()
        >>> state.parse_move("Move 52 to 54 with RED"), state.parse_move("yank P1 from 33")
        (Advance(frm=52, to=54, die=1, home=True, waiting=False), Yank(player=1, square=33))
        >>> str(state.parse_move("move the waiting marker on 4 to 6 with black"))
        'move the waiting marker on 4 to 6 with black'
        """
        return parse_move(text, self.board.finish)

    def picks(self, move: Move) -> tuple[str, ...]:
        """On the board, an advance picks the marker (by its square), then the die that
        moves it; a yank or a swap picks the opposing marker. Rolls are the dice's own.

        >>> import gamebox
        >>> s = gamebox.load("finish-line").setup().apply("roll red 6 black 2")
        >>> s.picks(s.parse_move("move start to 4 with red"))
        ('P0 marker at start', 'red die')
        >>> s.picks(s.parse_move("yank P1 from 33")), s.picks(s.parse_move("roll red 1 black 2"))
        (('P1 marker on 33',), ())
        """
        finish = self.board.finish
        if isinstance(move, Advance):
            return (marker_token(self.player, move.frm, finish), DIE_TOKENS[move.die])
        if isinstance(move, (Yank, Swap)):
            return (marker_token(move.player, move.square, finish),)
        return ()

    def summary(self) -> str:
        parts = (f"P{p} " + ",".join(map(str, sorted(self.markers(p)))) for p in range(self.n))
        return " ".join(parts) + f" | {self.phase_name}"


# --------------------------------------------------------------------------- game


def _square(value: Any, finish: int) -> int:
    """A square as a hand-set position gives it: a number, "start" or "finish"."""
    if value in ("start", "s"):
        return 0
    if value in ("finish", "home", "f"):
        return finish
    if type(value) is str and value.isdigit() and len(value) <= 3:
        value = int(value)
    if not whole(value, 0, finish):
        raise ValueError(
            f"a marker is on a square from 0 (start) to {finish} (finish), not {value!r}"
        )
    return value


def _cards(given: Any, most: int, what: str) -> list[Card]:
    """Cards given as a list of cards or their texts, at most ``most`` of them."""
    if isinstance(given, str) or not isinstance(given, Sequence):
        raise TypeError(f"{what} is a list of cards, not {type(given).__name__}")
    require(len(given) <= most, f"{what} holds {len(given)} cards; the deck has {most}")
    for c in given:
        if not isinstance(c, Card | str):
            raise TypeError(f"{what}: {c!r} is not a card")
    return [c if isinstance(c, Card) else Card.parse(c) for c in given]


DECK_SIZE = 54


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
        rng = Rng(seed)
        board = deal_board(rng, self.options.row_length, None)
        return FinishLineState(self, rng, board, [0] * (MARKERS * self.players), 0)

    def deal_log(self, seed: int) -> list[tuple[str, str, int]]:
        """How ``start(seed)`` dealt its board, card by card (see :func:`deal`)."""
        return deal(Rng(seed), self.options.row_length)[1]

    def _board(self, board: Any, undealt: Any) -> Board:
        length = self.options.row_length
        size = ROWS * (length + 1)
        cards = _cards(board, DECK_SIZE, "board")
        if len(cards) != size:
            raise ValueError(f"a board of rows of {length} has {size} cards, not {len(cards)}")
        rest = _cards(undealt, DECK_SIZE - size, "undealt")
        return Board.of(cards, length, rest)

    def _markers(self, markers: Sequence[Sequence[Any]]) -> list[Any]:
        """Each player's three squares, given player by player, in one list."""
        require(
            len(markers) == self.players and all(len(m) == MARKERS for m in markers),
            f"give {MARKERS} squares for each of the {self.players} players",
        )
        return [sq for m in markers for sq in m]

    def _setup(
        self,
        board: Sequence[str | Card] | None = None,
        markers: Sequence[Sequence[int | str]] | None = None,
        player: int = 0,
        undealt: Sequence[str | Card] = (),
        seed: int = 0,
    ) -> FinishLineState:
        """A position for a worked example: ``board`` lists the cards in path order
        (default: :data:`SAMPLE_BOARD`), ``markers`` gives each player's three squares
        (0 or "start", a path square, or "finish"), ``player`` is the one about to roll."""
        length = self.options.row_length
        if board is None:
            require(length == 8, "the sample board has rows of 8")
            board = SAMPLE_BOARD
        cards = _cards(board, DECK_SIZE, "board")
        if not undealt and len(cards) < DECK_SIZE:
            left = Counter(standard_deck(jokers=2))
            left.subtract(cards)
            undealt = [c for c, k in left.items() for _ in range(k)]
        b = self._board(cards, undealt)
        if markers is None:
            markers = [[0] * MARKERS for _ in range(self.players)]
        pos = [_square(v, b.finish) for v in self._markers(markers)]
        return FinishLineState(self, Rng(seed), b, pos, player)

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> FinishLineState:
        board = self._board(position["board"], position["undealt"])
        markers = self._markers(position["markers"])
        s = FinishLineState(self, rng, board, markers, position["player"])
        over = position["phase"] == "over"  # the game ended in a MOVE
        s.phase = MOVE if over else PHASE_NAMES.index(position["phase"])
        s.red, s.black = position["dice"]
        s.unused = position["unused"]
        s.moved1, s.moved2 = position["moved"]
        s.queue = tuple(position["queue"][: MARKERS + 1])
        s.attacks = tuple(
            (i, sq, tuple(v[: MARKERS * self.players + 1]))
            for i, sq, v in position["attacks"][: MARKERS + 1]
        )
        s.choices = tuple((p, sq) for p, sq in position["choices"][: MARKERS * self.players + 1])
        s.roll = tuple(position["roll"])
        s.places = tuple(position["done"][: self.players + 1])
        s.trail = tuple(position["trail"][:5])
        if over:
            s._end()
        return s

    def components(self) -> Counter:
        out = Counter(str(c) for c in standard_deck(jokers=2))
        for p in range(self.players):
            out[f"P{p} marker"] = MARKERS
        out.update(("red die", "black die"))
        return out

    def score_range(self) -> tuple[int, int]:
        return (0, MARKERS)
