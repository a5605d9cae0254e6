"""Finish Line's pieces and notation: the path's sizes, the dice, the special cards, the
moves and their text.

Everything here is read without a position: the dice as bits (``RED``, ``BLACK``), the
special cards, what a move did (the board's highlight), the move classes with their text
forms and what makes a move object no move at all (``malformed``), the tables of prebuilt
moves (every roll; the advances, made once per path length and shared), and the reading
of a move's text. The board is in :mod:`gamebox.games.finish_line.board`, the position
(the markers, the turn and its stage) in :mod:`gamebox.games.finish_line.position`; the
rules (what is legal, what a move does) are in :mod:`gamebox.games.finish_line.rules`.

>>> str(parse_move("Move 52 to finish with RED", 54))
'move 52 to finish with red'
>>> parse_move("yank P1 from 33", 54), parse_move("roll red 6 black 2", 54) is ROLL_OF[6, 2]
(Yank(player=1, square=33), True)
>>> Yank(None, 33).malformed(None)
'Yank(player=None, square=33) is no move of Finish Line: it takes a player and a square'
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gamebox.checks import flags, ints
from gamebox.components import Rank
from gamebox.core import Move, shorten

if TYPE_CHECKING:
    from gamebox.core import State

ROWS = 6
MARKERS = 3
RED, BLACK = 1, 2  # bits of the unused-dice mask
DIE_NAMES = {RED: "red", BLACK: "black"}
DIE_TOKENS = {RED: "red die", BLACK: "black die"}  # the dice as pieces on the board

# special cards (stage 2)
ACE, KING, QUEEN, JACK, TWO = "A", "K", "Q", "J", "2"
SPECIAL_OF = {Rank.ACE: ACE, Rank.KING: KING, Rank.QUEEN: QUEEN, Rank.JACK: JACK, Rank.TWO: TWO}

# what the last move did, for the board's highlight (``State.trail``)
T_MOVE, T_LADDER, T_CHUTE, T_PULL, T_YANK, T_SWAP, T_KNOCK = range(1, 8)
TRAIL_NAMES = ("", "move", "ladder", "chute", "pull", "yank", "swap", "knock")


def marker_token(player: int, square: int, finish: int) -> str:
    """How the board names ``player``'s marker (one disc per player and square): ``P1
    marker at start``, ``P1 marker on 33`` or ``P1 marker home``."""
    if square <= 0:
        return f"P{player} marker at start"
    if square >= finish:
        return f"P{player} marker home"
    return f"P{player} marker on {square}"


def _no_move(move: Move, takes: str) -> str:
    """Why ``move`` is no move of Finish Line: its fields are not of the kinds it ``takes``."""
    return f"{shorten(repr(move), 80)} is no move of Finish Line: it takes {takes}"


@dataclass(frozen=True, slots=True)
class Roll(Move):
    """Chance: the red and the black die."""

    red: int
    black: int

    def __str__(self) -> str:
        return f"roll red {self.red} black {self.black}"

    def malformed(self, state: State) -> str | None:
        return None if ints(self.red, self.black) else _no_move(self, "two dice")


@dataclass(frozen=True, slots=True)
class Advance(Move):
    """Stage 1: move a marker from square ``frm`` to ``to`` with one die (FL-6).

    Of your markers on ``frm``, the move takes the one that the first die brought there
    if it may go on, else one that has not moved this turn; with ``waiting``, one that
    has not moved this turn although the one that arrived could go on (it stays, to roll
    for its card or to attack).
    """

    frm: int
    to: int
    die: int  # RED or BLACK
    home: bool = False  # ``to`` is the finish
    waiting: bool = False

    def __str__(self) -> str:
        to = "finish" if self.home else ("start" if self.to == 0 else str(self.to))
        die = DIE_NAMES[self.die] if self.die in (RED, BLACK) else f"die {self.die!r}"
        if self.waiting:
            return f"move the waiting marker on {self.frm} to {to} with {die}"
        frm = "start" if self.frm == 0 else str(self.frm)
        return f"move {frm} to {to} with {die}"

    def malformed(self, state: State) -> str | None:
        if ints(self.frm, self.to, self.die) and flags(self.home, self.waiting):
            return None
        return _no_move(self, "two squares, a die and two flags")


@dataclass(frozen=True, slots=True)
class Yank(Move):
    """Stage 2, an activated jack: yank this opponent's marker back onto the jack (FL-14)."""

    player: int
    square: int

    def __str__(self) -> str:
        return f"yank P{self.player} from {self.square}"

    def malformed(self, state: State) -> str | None:
        return None if ints(self.player, self.square) else _no_move(self, "a player and a square")


@dataclass(frozen=True, slots=True)
class Swap(Move):
    """Stage 2, an activated two: swap places with this opponent's marker (FL-15)."""

    player: int
    square: int

    def __str__(self) -> str:
        return f"swap with P{self.player} on {self.square}"

    def malformed(self, state: State) -> str | None:
        return None if ints(self.player, self.square) else _no_move(self, "a player and a square")


#: The 36 rolls of the two dice: every chance node's legal moves, one shared tuple.
ROLLS: tuple[Roll, ...] = tuple(Roll(r, b) for r in range(1, 7) for b in range(1, 7))
DICE = range(1, 7)
ROLL_OF = {(m.red, m.black): m for m in ROLLS}
AdvanceTable = list[list[Advance | None]]


@functools.cache
def advance_tables(finish: int) -> dict[int, tuple[AdvanceTable, AdvanceTable]]:
    """For each die, tables ``[from][to]`` of the advances on a path to ``finish``, the
    plain ones and those of the waiting marker, filled as they are met: the legal moves
    are these very objects (the core finds a chosen one by identity)."""
    return {
        bit: tuple([[None] * (finish + 1) for _ in range(finish + 1)] for _ in range(2))
        for bit in (RED, BLACK)
    }


def intern_advance(
    table: AdvanceTable, frm: int, to: int, die: int, waiting: bool, finish: int
) -> Advance:
    move = table[frm][to] = Advance(frm, to, die, to == finish, waiting)
    return move


#: The marker index of a one-bit mask of moved markers.
BIT_INDEX = {1: 0, 2: 1, 4: 2}
#: The marker indexes of a mask of moved markers with none or two bits, in marker order.
BIT_PAIRS = {0: (), 3: (0, 1), 5: (0, 2), 6: (1, 2)}


_MOVE_RE = re.compile(
    r"^move (?:(start|\d{1,3})|the waiting marker on (\d{1,3})) to (start|finish|\d{1,3}) "
    r"with (red|black)$"
)
_ROLL_RE = re.compile(r"^roll red ([1-6]) black ([1-6])$")
_YANK_RE = re.compile(r"^yank p(\d{1,3}) from (\d{1,3})$")
_SWAP_RE = re.compile(r"^swap with p(\d{1,3}) on (\d{1,3})$")


def parse_move(text: str, finish: int) -> Move:
    """A move from its text, case and spacing aside, on a path to ``finish``; any other
    text is a ``ValueError``. Squares are read as written, so the rules can say why a
    square off the board is no move (FL-3)."""
    if not isinstance(text, str):
        raise ValueError(f"a move is a text, not {type(text).__name__}")
    t = " ".join(text.strip().lower().split())
    m = _ROLL_RE.match(t)
    if m:
        return ROLL_OF[int(m[1]), int(m[2])]
    m = _MOVE_RE.match(t)
    if m:
        waiting = m[2] is not None
        frm = int(m[2]) if waiting else (0 if m[1] == "start" else int(m[1]))
        to = {"start": 0, "finish": finish}[m[3]] if not m[3].isdigit() else int(m[3])
        return Advance(frm, to, RED if m[4] == "red" else BLACK, to == finish, waiting)
    m = _YANK_RE.match(t)
    if m:
        return Yank(int(m[1]), int(m[2]))
    m = _SWAP_RE.match(t)
    if m:
        return Swap(int(m[1]), int(m[2]))
    raise ValueError(
        f"not a Finish Line move: {text!r} (try 'roll red 6 black 2', "
        "'move start to 4 with red', 'move the waiting marker on 4 to 6 with black', "
        "'yank P1 from 33' or 'swap with P1 on 38')"
    )
