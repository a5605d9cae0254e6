"""Finish Line: the board, the moves, the turn and the game.

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
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gamebox.components import Card, Colour, Rank, standard_deck
from gamebox.core import CHANCE, Game, IllegalMove, Move, Options, State
from gamebox.rng import Rng

ROWS = 6
MARKERS = 3
RED, BLACK = 1, 2  # bits of the unused-dice mask
DIE_NAMES = {RED: "red", BLACK: "black"}
DIE_TOKENS = {RED: "red die", BLACK: "black die"}  # the dice as pieces on the board

# phases of a turn
ROLL, MOVE, SPECIAL, CHOOSE, ATTACK, OVER = range(6)
PHASE_NAMES = ("roll", "move", "special", "choose", "attack", "over")

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


# ------------------------------------------------------------------------ options


@dataclass(frozen=True)
class FinishLineOptions(Options):
    """``row_length``: cards in each of the six rows (FL-2; 8 uses the whole deck).
    ``play_for_places``: after the winner, the others play on for second, third...
    (FL-17; off by default: the game ends with the first player home)."""

    row_length: int = 8
    play_for_places: bool = False


# -------------------------------------------------------------------------- moves


@dataclass(frozen=True, slots=True)
class Roll(Move):
    """Chance: the red and the black die."""

    red: int
    black: int

    def __str__(self) -> str:
        return f"roll red {self.red} black {self.black}"


@dataclass(frozen=True, slots=True)
class Advance(Move):
    """Stage 1: move your marker from square ``frm`` to ``to`` with one die (FL-6)."""

    frm: int
    to: int
    die: int  # RED or BLACK
    home: bool = False  # ``to`` is the finish

    def __str__(self) -> str:
        frm = "start" if self.frm == 0 else str(self.frm)
        to = "finish" if self.home else ("start" if self.to == 0 else str(self.to))
        return f"move {frm} to {to} with {DIE_NAMES[self.die]}"


@dataclass(frozen=True, slots=True)
class Yank(Move):
    """Stage 2, an activated jack: yank this opponent's marker back onto the jack (FL-14)."""

    player: int
    square: int

    def __str__(self) -> str:
        return f"yank P{self.player} from {self.square}"


@dataclass(frozen=True, slots=True)
class Swap(Move):
    """Stage 2, an activated two: swap places with this opponent's marker (FL-15)."""

    player: int
    square: int

    def __str__(self) -> str:
        return f"swap with P{self.player} on {self.square}"


ROLLS: list[Roll] = [Roll(r, b) for r in range(1, 7) for b in range(1, 7)]
_ROLL_OF = {(m.red, m.black): m for m in ROLLS}
_ADVANCES: dict[tuple[int, int, int, bool], Advance] = {}


def _advance(frm: int, to: int, die: int, home: bool) -> Advance:
    key = (frm, to, die, home)
    move = _ADVANCES.get(key)
    if move is None:
        move = _ADVANCES[key] = Advance(frm, to, die, home)
    return move


# -------------------------------------------------------------------------- board


class Board:
    """The dealt cards along the path, with everything derived from them.

    ``cards[0]`` is ``None`` (the imaginary start); ``cards[1:]`` follow the path.
    """

    __slots__ = (
        "_key",
        "cards",
        "chute",
        "col",
        "finish",
        "ladder",
        "length",
        "rank",
        "red",
        "row",
        "safe",
        "special",
        "stop_next",
        "undealt",
        "wing",
    )  # fmt: skip

    _cache: ClassVar[dict[tuple, Board]] = {}

    def __init__(self, cards: Sequence[Card], length: int, undealt: Sequence[Card] = ()) -> None:
        n = ROWS * (length + 1)
        if len(cards) != n:
            raise ValueError(f"a board of rows of {length} has {n} cards, not {len(cards)}")
        self.cards: tuple[Card | None, ...] = (None, *cards)
        self.undealt = tuple(undealt)
        self.length = length
        self.finish = n
        self.rank = tuple(0 if c is None or c.is_joker else int(c.rank) for c in self.cards)
        self.red = tuple(c is not None and c.colour is Colour.RED for c in self.cards)
        self.row = [-1] * (n + 1)
        self.col = [-1] * (n + 1)
        self.wing = [False] * (n + 1)
        for sq in range(1, n + 1):
            r, k = divmod(sq - 1, length + 1)
            if k == length:
                self.wing[sq] = True
                self.row[sq] = r  # a wing after row r: left when r is even
            else:
                self.row[sq] = r
                self.col[sq] = length - 1 - k if r % 2 == 0 else k
        self.safe = tuple(
            sq == 0 or self.wing[sq] or self.cards[sq].is_joker for sq in range(n + 1)
        )
        self.special = tuple(
            "" if c is None or c.is_joker else SPECIAL_OF.get(c.rank, "") for c in self.cards
        )
        self.ladder = tuple(
            self.square(self.row[sq] + 1, self.col[sq])
            if self.special[sq] == KING and not self.wing[sq] and self.row[sq] < ROWS - 1
            else -1
            for sq in range(n + 1)
        )
        self.chute = tuple(
            (self.square(self.row[sq] - 1, self.col[sq]) if self.row[sq] > 0 else 0)
            if self.special[sq] == ACE and not self.wing[sq]
            else -1
            for sq in range(n + 1)
        )
        big = n + 1
        table = []
        for stop in range(13):
            nxt = [big] * (n + 1)
            following = big
            for sq in range(n, -1, -1):
                nxt[sq] = following
                if self.rank[sq] == stop:
                    following = sq
            table.append(tuple(nxt))
        self.stop_next = tuple(table)
        self._key = (tuple(str(c) for c in cards), length, tuple(str(c) for c in undealt))

    @classmethod
    def of(cls, cards: Sequence[Card], length: int, undealt: Sequence[Card] = ()) -> Board:
        """A board, shared between states with the same cards."""
        key = (tuple(str(c) for c in cards), length, tuple(str(c) for c in undealt))
        board = cls._cache.get(key)
        if board is None:
            if len(cls._cache) > 4096:
                cls._cache.clear()
            board = cls._cache[key] = cls(cards, length, undealt)
        return board

    def square(self, row: int, col: int) -> int:
        """The path square of the card in ``row`` (0 = bottom) and ``col`` (0 = left)."""
        k = self.length - 1 - col if row % 2 == 0 else col
        return row * (self.length + 1) + 1 + k

    def card(self, sq: int) -> Card | None:
        return self.cards[sq]

    @property
    def finish_card(self) -> Card:
        return self.cards[self.finish]

    def name(self, sq: int) -> str:
        """``'8♦ (4)'``, ``'the start'``, ``'the finish (7♥)'``."""
        if sq <= 0:
            return "the start"
        if sq == self.finish:
            return f"the finish ({self.cards[sq]})"
        return f"{self.cards[sq]} ({sq})"

    def wing_squares(self) -> list[int]:
        return [sq for sq in range(1, self.finish + 1) if self.wing[sq]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)


def is_wing_card(card: Card) -> bool:
    """FL-1: a wing card is a 3 to 10 (no face card, ace, two or joker)."""
    return card.rank is not None and 3 <= card.rank <= 10


def deal(rng: Rng, length: int = 8) -> tuple[Board, list[tuple[str, str, int]]]:
    """Shuffle the 54 cards and deal a board (FL-1, FL-2).

    The six wings come first, in path order; a face card, ace, two or joker dealt to
    a wing goes back into the middle of the deck and the next card is dealt instead.
    The rows follow in path order. Returns the board and a log of the deal:
    ``("wing", card, square)``, ``("back", card, square)`` (put back into the middle)
    and ``("row", card, square)``.

    >>> board, log = deal(Rng(3))
    >>> all(is_wing_card(board.card(sq)) for sq in board.wing_squares())
    True
    >>> len(board.cards) - 1 + len(board.undealt)
    54
    """
    deck = standard_deck(jokers=2)
    rng.shuffle(deck)
    n = ROWS * (length + 1)
    slots: list[Card | None] = [None] * (n + 1)
    log: list[tuple[str, str, int]] = []
    for sq in range(length + 1, n + 1, length + 1):
        for _ in range(200):
            card = deck.pop(0)
            if is_wing_card(card):
                slots[sq] = card
                log.append(("wing", str(card), sq))
                break
            deck.insert(len(deck) // 2, card)
            log.append(("back", str(card), sq))
        else:  # pragma: no cover - 32 of the 54 cards are wing cards
            raise RuntimeError("no wing card found")
    for sq in range(1, n + 1):
        if slots[sq] is None:
            slots[sq] = deck.pop(0)
            log.append(("row", str(slots[sq]), sq))
    return Board.of(slots[1:], length, deck), log


# ---------------------------------------------------------------- the sample board

#: The book's fixed board (path order, squares 1 to 54): it satisfies every worked
#: example of the source (see :func:`sample_board_problems`).
_SAMPLE_ROWS = (
    "7♠ A♥ 6♣ 8♦ 9♣ JK Q♠ A♠ 9♠",  # row 1 (right to left), lower left wing
    "K♦ 5♠ K♥ 4♠ 3♥ 10♦ 5♥ 3♦ 6♥",  # row 2 (left to right), lower right wing
    "2♠ Q♥ A♦ 3♠ 6♦ J♦ 8♥ 4♥ 10♥",  # row 3, middle left wing
    "3♣ 10♣ J♠ 7♣ 9♥ 4♦ Q♦ A♣ 5♣",  # row 4, middle right wing
    "K♣ 2♥ 6♠ K♠ 4♣ J♥ JK 2♦ 8♠",  # row 5, upper left wing
    "Q♣ 9♦ 5♦ J♣ 7♦ 2♣ 10♠ 8♣ 7♥",  # row 6, the finish
)
SAMPLE_BOARD = [card for row in _SAMPLE_ROWS for card in row.split()]


def sample_board() -> Board:
    return Board.of([Card.parse(t) for t in SAMPLE_BOARD], 8)


def sample_board_problems(board: Board) -> list[str]:
    """Every constraint that the worked examples put on the sample board (see the
    rulings), checked; returns what fails (an empty list: all hold).

    >>> sample_board_problems(sample_board())
    []
    """
    out: list[str] = []
    where = {str(c): sq for sq, c in enumerate(board.cards) if c is not None}

    def need(ok: bool, what: str) -> None:
        if not ok:
            out.append(what)

    names = sorted(str(c) for c in board.cards[1:]) + [str(c) for c in board.undealt]
    need(sorted(names) == sorted(str(c) for c in standard_deck(jokers=2)), "all 54 cards")
    need(board.length == 8, "six rows of eight")
    for sq in board.wing_squares():
        need(is_wing_card(board.cards[sq]), f"wing {sq} is 3-10 (FL-1)")
    for text, sq in (("7♠", 1), ("A♠", 8), ("9♠", 9), ("K♦", 10), ("3♦", 17), ("6♥", 18),
                     ("7♥", 54), ("A♥", 2)):  # fmt: skip
        need(where.get(text) == sq, f"{text} on square {sq}")
    need(board.wing[9] and board.wing[18] and board.finish == 54, "wings at 9, 18, finish 54")
    eight = where["8♦"]
    need(3 <= eight <= 6, "8♦ on squares 3-6")
    need(all(board.rank[sq] != 8 for sq in range(1, eight)), "no 8 before 8♦")
    need(eight == 4, "8♦ four squares from the start (two fours)")
    three, queen = where["3♥"], where["Q♥"]
    need(queen - three == 6, "3♥ six squares before Q♥")
    need(all(board.rank[sq] != 7 for sq in range(three + 1, queen)), "no 7 between 3♥ and Q♥")
    need(where["K♥"] - where["5♠"] == 1, "5♠ directly before K♥")
    need(three < 18 and where["5♠"] < 18 and where["K♥"] < 18 < queen, "K♥ < 6♥ (18) < Q♥")
    ten = where["10♠"]
    dist = board.finish - ten
    need(dist not in (3, 4) and dist < 6 and dist <= 4, "10♠: 3 or 4 not exact, 6 overshoots")
    need(all(board.rank[sq] not in (7, 12) for sq in range(ten + 1, board.finish)),
         "no 7 and no queen between 10♠ and the finish")  # fmt: skip
    order = [where[t] for t in ("8♥", "J♠", "4♦", "K♠")]
    need(order == sorted(order), "8♥ < J♠ < 4♦ < K♠")
    need(where["J♠"] < where["2♥"] < min(where["10♠"], where["9♦"]), "J♠ < 2♥ < 10♠, 9♦")
    need(not board.safe[where["4♦"]] and not board.safe[where["2♥"]], "4♦, 2♥ not safeties")
    return out


# -------------------------------------------------------------------------- state


class FinishLineState(State):
    """A position: the board, every marker's square, whose turn and which stage."""

    __slots__ = (
        "_hist",
        "_legal",
        "attacks",
        "black",
        "board",
        "choices",
        "done",
        "game",
        "moved1",
        "moved2",
        "phase",
        "player",
        "pos",
        "queue",
        "red",
        "rng",
        "roll",
        "trail",
        "unused",
    )  # fmt: skip

    def __init__(self, game: FinishLine, rng: Rng, board: Board, pos: list[int], player: int):
        self._init_state(game, rng)
        self.board = board
        self.pos = pos  # square of marker g = player * 3 + i (0 start, board.finish home)
        self.player = player
        self.phase = ROLL
        self.red = self.black = 0  # the turn's dice (stop value = red + black)
        self.unused = 0  # dice not yet used in stage 1 (bits RED, BLACK)
        self.moved1 = 0  # bits of the current player's markers moved in stage 1
        self.moved2 = 0  # ... moved in stage 2
        self.queue: tuple[int, ...] = ()  # stage 2: markers still to roll for, head first
        self.attacks: tuple[tuple[int, int, tuple[int, ...]], ...] = ()  # (i, square, victims)
        self.choices: tuple[tuple[int, int], ...] = ()  # jack/two targets: (player, square)
        self.roll: tuple[int, int] = (0, 0)  # the last roll of stage 2 or 3
        self.done: tuple[int, ...] = ()  # players with all markers home, in order
        self.trail: tuple[int, ...] = ()  # what the last move did: (kind, marker, from, to)

    # -- protocol ---------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self.player if self.phase in (MOVE, CHOOSE) else CHANCE

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def stop(self) -> int:
        """The stop value of the turn (0 before the roll)."""
        return self.red + self.black

    @property
    def scores(self) -> tuple[int, ...]:
        """Markers home, per player."""
        f = self.board.finish
        pos = self.pos
        return tuple(
            sum(pos[p * 3 + i] == f for i in range(MARKERS)) for p in range(self.game.players)
        )

    @property
    def winners(self) -> tuple[int, ...]:
        return self.done[:1] if self.phase == OVER else ()

    @property
    def places(self) -> tuple[int, ...]:
        """Players in the order they brought all three markers home."""
        return self.done

    def markers(self, player: int) -> list[int]:
        """The squares of ``player``'s three markers."""
        return self.pos[player * 3 : player * 3 + 3]

    def _copy(self) -> FinishLineState:
        new = FinishLineState.__new__(FinishLineState)
        new.game = self.game
        new.rng = self.rng
        new.board = self.board
        new.pos = self.pos[:]
        new.player = self.player
        new.phase = self.phase
        new.red = self.red
        new.black = self.black
        new.unused = self.unused
        new.moved1 = self.moved1
        new.moved2 = self.moved2
        new.queue = self.queue
        new.attacks = self.attacks
        new.choices = self.choices
        new.roll = self.roll
        new.done = self.done
        new.trail = ()
        return new

    def chance_outcomes(self) -> list[tuple[Move, int]]:
        if not self.is_chance:
            return []
        return [(m, 1) for m in ROLLS]

    def _sample_chance(self, rng: Rng) -> Move:
        return ROLLS[rng.randbelow(36)]

    # -- legal moves ----------------------------------------------------------------

    def _legal_moves(self) -> list[Move]:
        phase = self.phase
        if phase == MOVE:
            return self._advances()
        if phase == CHOOSE:
            kind = self.board.special[self.pos[self.player * 3 + self.queue[0]]]
            cls = Yank if kind == JACK else Swap
            return [cls(p, sq) for p, sq in self.choices]
        if phase == OVER:
            return []
        return ROLLS

    def _pick(self, sq: int) -> int:
        """Which of the current player's markers on ``sq`` a move from there takes: one
        that already moved this turn continues if it may, else one that did not move;
        -1 if none may move (FL-7)."""
        pos = self.pos
        base = self.player * 3
        stopped = self.board.rank[sq] == self.red + self.black
        fresh = -1
        for i in range(MARKERS):
            if pos[base + i] == sq:
                if self.moved1 >> i & 1:
                    if not stopped:
                        return i
                elif fresh < 0:
                    fresh = i
        return fresh

    def _destination(self, frm: int, die: int) -> int:
        """Where a die of ``die`` pips takes a marker from ``frm`` (FL-7, FL-8); a result
        beyond the finish means the die cannot move it."""
        nxt = self.board.stop_next[self.red + self.black][frm]
        to = frm + die
        return nxt if nxt < to else to

    def _advances(self) -> list[Move]:
        board = self.board
        finish = board.finish
        base = self.player * 3
        pos = self.pos
        out: list[Move] = []
        squares = []
        for i in range(MARKERS):
            sq = pos[base + i]
            if sq != finish and sq not in squares and self._pick(sq) >= 0:
                squares.append(sq)
        for bit, pips in ((RED, self.red), (BLACK, self.black)):
            if not self.unused & bit:
                continue
            for sq in squares:
                to = self._destination(sq, pips)
                if to <= finish:
                    out.append(_advance(sq, to, bit, to == finish))
        return out

    def _queen_target(self, sq: int) -> int:
        """FL-13: your nearest less-advanced marker not on a safety (-1 if none); of two
        on one card, one that is not waiting for its own roll goes first."""
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
        for p in range(self.game.players):
            if p == self.player:
                continue
            low = finish
            for g in range(p * 3, p * 3 + 3):
                q = self.pos[g]
                if sq < q < low and not safe[q]:
                    low = q
            if low < finish:
                out.append((p, low))
        return tuple(out)

    def _two_choices(self, sq: int) -> tuple[tuple[int, int], ...]:
        """FL-15: every opposing marker not on a safety, not home (and not on this two)."""
        safe = self.board.safe
        out = set()
        for g, q in enumerate(self.pos):
            if g // 3 != self.player and not safe[q] and q != sq:
                out.add((g // 3, q))
        return tuple(sorted(out))

    # -- playing ------------------------------------------------------------------------

    def _play(self, move: Move) -> None:
        phase = self.phase
        if phase == ROLL:
            self.red, self.black = move.red, move.black
            self.unused = RED | BLACK
            self.phase = MOVE
            moves = self._advances()
            if moves:
                self._legal = moves
            else:
                self._stage2_begin()
        elif phase == MOVE:
            self._play_advance(move)
        elif phase == SPECIAL:
            self.roll = (move.red, move.black)
            self._play_special(move.red, move.black)
        elif phase == CHOOSE:
            i = self.queue[0]
            if type(move) is Yank:
                self._yank(self.pos[self.player * 3 + i], move.player, move.square)
            else:
                self._swap(i, move.player, move.square)
            self.queue = self.queue[1:]
            self._stage2_next()
        elif phase == ATTACK:
            self.roll = (move.red, move.black)
            self._play_attack(move.red, move.black)

    def _play_advance(self, move: Advance) -> None:
        i = self._pick(move.frm)
        base = self.player * 3
        self.pos[base + i] = move.to
        self.moved1 |= 1 << i
        self.unused &= ~move.die
        self.trail = (T_MOVE, base + i, move.frm, move.to)
        if move.home:
            finish = self.board.finish
            if all(self.pos[base + k] == finish for k in range(MARKERS)):
                self._player_home()
                return
        if self.unused:
            moves = self._advances()
            if moves:
                self._legal = moves
                return
        self._stage2_begin()

    def _player_home(self) -> None:
        """FL-17: all three markers home."""
        self.done = (*self.done, self.player)
        left = [p for p in range(self.game.players) if p not in self.done]
        if not self.game.options.play_for_places or len(left) <= 1:
            if self.game.options.play_for_places:
                self.done = (*self.done, *left)
            self.phase = OVER
            self._legal = []
            return
        self._end_turn()

    def _stage2_begin(self) -> None:
        """FL-10: markers moved by dice roll for their cards, most advanced first."""
        base = self.player * 3
        pos = self.pos
        moved = [i for i in range(MARKERS) if self.moved1 >> i & 1]
        moved.sort(key=lambda i: (-pos[base + i], i))
        self.queue = tuple(moved)
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
        while self.queue:
            i = self.queue[0]
            if not self.moved2 >> i & 1 and self._needs_roll(i):
                self.phase = SPECIAL
                self._legal = ROLLS
                return
            self.queue = self.queue[1:]
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
            if kind == KING:
                self.pos[g] = board.ladder[sq]
                self.moved2 |= 1 << i
                self.trail = (T_LADDER, g, sq, board.ladder[sq])
            elif kind == ACE:
                self.pos[g] = board.chute[sq]
                self.moved2 |= 1 << i
                self.trail = (T_CHUTE, g, sq, board.chute[sq])
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
                self.pos[g] = sq
                self.trail = (T_YANK, g, frm, sq)
                break
        self.choices = ()

    def _swap(self, i: int, player: int, frm: int) -> None:
        g = self.player * 3 + i
        sq = self.pos[g]
        for h in range(player * 3, player * 3 + 3):
            if self.pos[h] == frm:
                self.pos[h] = sq
                break
        self.pos[g] = frm
        self.moved2 |= 1 << i
        self.trail = (T_SWAP, g, sq, frm)
        self.choices = ()

    def _stage3_begin(self) -> None:
        """FL-16: every marker of yours that moved this turn and shares a non-safety card
        with opposing markers attacks them, most advanced first."""
        base = self.player * 3
        pos = self.pos
        safe = self.board.safe
        moved = self.moved1 | self.moved2
        attacks = []
        for i in range(MARKERS):
            if moved >> i & 1:
                sq = pos[base + i]
                if safe[sq]:
                    continue
                victims = tuple(
                    g for g, q in enumerate(pos) if q == sq and not base <= g < base + 3
                )
                if victims:
                    attacks.append((i, sq, victims))
        if attacks:
            attacks.sort(key=lambda a: (-a[1], a[0]))
        self.attacks = tuple(attacks)
        self._stage3_next()

    def _stage3_next(self) -> None:
        pos = self.pos
        while self.attacks:
            _, sq, victims = self.attacks[0]
            if any(pos[g] == sq for g in victims):
                self.phase = ATTACK
                self._legal = ROLLS
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
        n = self.game.players
        p = self.player
        for _ in range(n):
            p = (p + 1) % n
            if p not in self.done:
                break
        self.player = p
        self.phase = ROLL
        self.red = self.black = 0
        self.unused = self.moved1 = self.moved2 = 0
        self.queue = ()
        self.attacks = ()
        self.choices = ()
        self.roll = (0, 0)
        self._legal = ROLLS

    # -- refusals ---------------------------------------------------------------------

    def candidate_moves(self) -> list[Move]:
        """The legal moves and the tempting ones: a die carried past a stop card or
        past the finish, a used die, a marker that is not yours, every jack/two target."""
        out: list[Move] = list(self.legal_moves())
        if self.is_over:
            return [*out, ROLLS[0]]
        finish = self.board.finish
        squares = sorted(set(self.pos))
        if self.phase == MOVE:
            for sq in squares:
                for bit, pips in ((RED, self.red), (BLACK, self.black)):
                    for to in {sq + pips, self._destination(sq, pips), min(sq + pips, finish)}:
                        out.append(Advance(sq, to, bit, to == finish))
            out.append(ROLLS[5])
        elif self.phase == CHOOSE:
            for g, sq in enumerate(self.pos):
                out.append(Yank(g // 3, sq))
                out.append(Swap(g // 3, sq))
        else:
            out.append(Advance(squares[0], squares[0] + 1, RED, squares[0] + 1 == finish))
            out.append(Yank((self.player + 1) % self.game.players, squares[-1]))
        seen: set[str] = set()
        unique = []
        for m in out:
            if str(m) not in seen:
                seen.add(str(m))
                unique.append(m)
        return unique

    def why_illegal(self, move: Move) -> IllegalMove:
        phase = self.phase
        if phase == OVER:
            return IllegalMove("FL-17", "the game is over: a player has all three markers home")
        if phase in (ROLL, SPECIAL, ATTACK):
            if isinstance(move, Roll):  # pragma: no cover - every roll is legal here
                return IllegalMove("FL-5", "that is not a roll of two dice")
            stage = {
                ROLL: ("FL-5", "the turn starts with a roll of both dice"),
                SPECIAL: ("FL-10", "the dice are rolled now to see whether the card "
                          f"under the marker on {self._head_name()} acts"),
                ATTACK: ("FL-16", "the dice are rolled now for an attack on "
                         f"{self.board.name(self.attacks[0][1]) if self.attacks else 'a card'}"),
            }[phase]  # fmt: skip
            return IllegalMove(*stage)
        if phase == CHOOSE:
            return self._why_choice(move)
        # stage 1
        if isinstance(move, Roll):
            return IllegalMove("FL-6", "the dice are rolled: now move markers with them")
        if not isinstance(move, Advance):
            return IllegalMove("FL-6", "in stage 1 you move markers with the dice")
        return self._why_advance(move)

    def _head_name(self) -> str:
        if not self.queue:
            return "a special card"
        return self.board.name(self.pos[self.player * 3 + self.queue[0]])

    def _why_advance(self, move: Advance) -> IllegalMove:
        board = self.board
        finish = board.finish
        colour = DIE_NAMES.get(move.die, "?")
        if not self.unused & move.die:
            return IllegalMove("FL-6", f"the {colour} die has already moved a marker this turn")
        base = self.player * 3
        mine = [self.pos[base + i] for i in range(MARKERS)]
        if move.frm not in mine:
            return IllegalMove("FL-6", f"you have no marker on {board.name(move.frm)}")
        if move.frm == finish:
            return IllegalMove("FL-9", "a marker on the finish is out of play")
        stop = self.red + self.black
        if self._pick(move.frm) < 0:
            return IllegalMove(
                "FL-7",
                f"your marker was halted on {board.name(move.frm)} this turn: it shows the "
                f"stop value {stop}, so it can go no further until your next turn",
            )
        pips = self.red if move.die == RED else self.black
        to = self._destination(move.frm, pips)
        if to > finish:
            past = move.frm + pips - finish
            return IllegalMove(
                "FL-8",
                f"a {pips} would carry the marker {past} square{'s' if past > 1 else ''} past "
                f"the finish; it must be reached exactly (or halted on it by the stop value)",
            )
        if move.to > to and to < move.frm + pips:
            return IllegalMove(
                "FL-7",
                f"on its way the marker meets {board.name(to)}, which shows the stop value "
                f"{stop}: it halts there",
            )
        return IllegalMove(
            "FL-6",
            f"the {colour} die shows {pips}: it takes this marker to {board.name(to)}",
        )

    def _why_choice(self, move: Move) -> IllegalMove:
        board = self.board
        sq = self.pos[self.player * 3 + self.queue[0]]
        kind = board.special[sq]
        rule = "FL-14" if kind == JACK else "FL-15"
        want = Yank if kind == JACK else Swap
        if type(move) is not want:
            task = "to yank back onto it" if kind == JACK else "to swap places with"
            return IllegalMove(
                rule, f"the {board.cards[sq]} acted: now choose an opposing marker {task}"
            )
        p, q = move.player, move.square
        if not 0 <= p < self.game.players:
            return IllegalMove(
                rule, f"there is no P{p}: the players are P0 to P{self.game.players - 1}"
            )
        if p == self.player:
            return IllegalMove(rule, "choose an opponent's marker, not your own")
        if q not in self.pos[p * 3 : p * 3 + 3]:
            return IllegalMove(rule, f"P{p} has no marker on {board.name(q)}")
        if q == board.finish:
            return IllegalMove(rule, "a marker on the finish is out of play")
        if board.safe[q]:
            return IllegalMove(rule, f"P{p}'s marker on {board.name(q)} is on a safety")
        if kind == JACK:
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
        return IllegalMove(rule, f"P{p}'s marker shares the two: a swap would change nothing")

    # -- data -------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        b = self.board
        n = self.game.players
        return {
            "board": [str(c) for c in b.cards[1:]],
            "undealt": [str(c) for c in b.undealt],
            "markers": [self.pos[p * 3 : p * 3 + 3] for p in range(n)],
            "player": self.player,
            "phase": PHASE_NAMES[self.phase],
            "dice": [self.red, self.black],
            "unused": self.unused,
            "moved": [self.moved1, self.moved2],
            "queue": list(self.queue),
            "attacks": [[i, sq, list(v)] for i, sq, v in self.attacks],
            "choices": [list(c) for c in self.choices],
            "roll": list(self.roll),
            "done": list(self.done),
            "trail": list(self.trail),
        }

    def components(self) -> Counter:
        out = Counter(str(c) for c in self.board.cards[1:])
        out.update(str(c) for c in self.board.undealt)
        f = self.board.finish
        out.update(f"P{g // 3} marker" for g, sq in enumerate(self.pos) if 0 <= sq <= f)
        out.update(("red die", "black die"))
        return out

    _MOVE_RE = re.compile(r"^move (start|\d+) to (start|finish|\d+) with (red|black)$")
    _ROLL_RE = re.compile(r"^roll red ([1-6]) black ([1-6])$")
    _YANK_RE = re.compile(r"^yank p(\d+) from (\d+)$")
    _SWAP_RE = re.compile(r"^swap with p(\d+) on (\d+)$")

    def parse_move(self, text: str) -> Move:
        t = " ".join(str(text).strip().lower().split())
        finish = self.board.finish
        m = self._ROLL_RE.match(t)
        if m:
            return _ROLL_OF[(int(m[1]), int(m[2]))]
        m = self._MOVE_RE.match(t)
        if m:
            frm = 0 if m[1] == "start" else int(m[1])
            to = {"start": 0, "finish": finish}.get(m[2]) if not m[2].isdigit() else int(m[2])
            return Advance(frm, to, RED if m[3] == "red" else BLACK, to == finish)
        m = self._YANK_RE.match(t)
        if m:
            return Yank(int(m[1]), int(m[2]))
        m = self._SWAP_RE.match(t)
        if m:
            return Swap(int(m[1]), int(m[2]))
        raise ValueError(
            f"not a Finish Line move: {text!r} (try 'roll red 6 black 2', "
            "'move start to 4 with red', 'yank P1 from 33' or 'swap with P1 on 38')"
        )

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

    # -- display ----------------------------------------------------------------------

    def stage_text(self) -> str:
        """Whose turn and which stage, in words."""
        who = f"P{self.player}"
        if self.phase == OVER:
            places = ", ".join(f"P{p}" for p in self.done)
            return f"game over: P{self.done[0]} wins" + (
                f" (places {places})" if len(self.done) > 1 else ""
            )
        if self.phase == ROLL:
            return f"{who} to roll"
        dice = f"red {self.red} black {self.black}, stop {self.stop}"
        if self.phase == MOVE:
            left = " and ".join(DIE_NAMES[b] for b in (RED, BLACK) if self.unused & b)
            return f"{who} to move ({dice}; {left} unused)"
        if self.phase == SPECIAL:
            return f"{who}: roll for {self._head_name()} ({dice})"
        if self.phase == CHOOSE:
            return f"{who}: choose a target for {self._head_name()} ({dice})"
        return f"{who}: roll to attack on {self.board.name(self.attacks[0][1])} ({dice})"

    def __str__(self) -> str:
        b = self.board
        n = self.game.players
        at: dict[int, str] = {}
        for g, sq in enumerate(self.pos):
            at[sq] = at.get(sq, "") + str(g // 3)
        lines = [f"Finish Line, {n} players: {self.stage_text()}"]
        lines.append("start: " + (" ".join(sorted(at.get(0, ""))) or "-"))
        step = b.length + 1
        for r in range(ROWS):
            first = r * step + 1
            cells = []
            for sq in range(first, first + step):
                mark = at.get(sq, "") if sq != b.finish else ""
                cells.append(f"{b.cards[sq]}" + (f"[{''.join(sorted(mark))}]" if mark else ""))
            side = "left" if r % 2 == 0 else "right"
            lines.append(f"{first:2d}-{first + step - 1:2d} " + " ".join(cells[:-1])
                         + f" | {side} wing {cells[-1]}")  # fmt: skip
        home = "".join(sorted(at.get(b.finish, "")))
        lines.append(f"finish {b.finish_card}: " + (" ".join(home) or "-"))
        return "\n".join(lines)

    def summary(self) -> str:
        parts = []
        for p in range(self.game.players):
            sq = sorted(self.markers(p))
            parts.append(f"P{p} " + ",".join(str(s) for s in sq))
        return " ".join(parts) + f" | {PHASE_NAMES[self.phase]}"


# --------------------------------------------------------------------------- game


def _square(value: int | str, finish: int) -> int:
    if isinstance(value, str):
        if value in ("start", "s"):
            return 0
        if value in ("finish", "home", "f"):
            return finish
        value = int(value)
    if not 0 <= value <= finish:
        raise ValueError(f"a marker is on a square from 0 (start) to {finish} (finish)")
    return value


class FinishLine(Game):
    """Finish Line (Pips): race three markers along a zigzag path of dealt cards."""

    name = "finish-line"
    title = "Finish Line"
    rule_prefix = "FL"
    min_players = 2
    max_players = 6
    options_type = FinishLineOptions
    variants = ({"row_length": 3}, {"play_for_places": True})

    def resolve_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        length = options.get("row_length", 8)
        if not isinstance(length, int) or not 2 <= length <= 8:
            raise ValueError("row_length is 2 to 8 (six rows and six wings use 54 cards at 8)")
        return options

    def start(self, seed: int) -> FinishLineState:
        rng = Rng(seed)
        board, _ = deal(rng, self.options.row_length)
        return FinishLineState(self, rng, board, [0] * (MARKERS * self.players), 0)

    def deal_log(self, seed: int) -> list[tuple[str, str, int]]:
        """How ``start(seed)`` dealt its board, card by card (see :func:`deal`)."""
        return deal(Rng(seed), self.options.row_length)[1]

    def setup(
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
            if length != 8:
                raise ValueError("the sample board has rows of 8")
            board = SAMPLE_BOARD
        cards = [c if isinstance(c, Card) else Card.parse(c) for c in board]
        rest = [c if isinstance(c, Card) else Card.parse(c) for c in undealt]
        if not undealt and len(cards) < 54:
            left = Counter(standard_deck(jokers=2))
            left.subtract(cards)
            rest = [c for c, k in left.items() for _ in range(k)]
        b = Board.of(cards, length, rest)
        if markers is None:
            markers = [[0] * MARKERS for _ in range(self.players)]
        if len(markers) != self.players or any(len(m) != MARKERS for m in markers):
            raise ValueError(f"give {MARKERS} squares for each of the {self.players} players")
        pos = [_square(v, b.finish) for m in markers for v in m]
        state = FinishLineState(self, Rng(seed), b, pos, player)
        for p in range(self.players):
            if all(sq == b.finish for sq in state.markers(p)):
                raise ValueError(f"P{p} already has every marker home")
        return state

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> FinishLineState:
        cards = [Card.parse(t) for t in position["board"]]
        undealt = [Card.parse(t) for t in position["undealt"]]
        board = Board.of(cards, self.options.row_length, undealt)
        pos = [sq for m in position["markers"] for sq in m]
        s = FinishLineState(self, rng, board, pos, position["player"])
        s.phase = PHASE_NAMES.index(position["phase"])
        s.red, s.black = position["dice"]
        s.unused = position["unused"]
        s.moved1, s.moved2 = position["moved"]
        s.queue = tuple(position["queue"])
        s.attacks = tuple((i, sq, tuple(v)) for i, sq, v in position["attacks"])
        s.choices = tuple((p, sq) for p, sq in position["choices"])
        s.roll = tuple(position["roll"])
        s.done = tuple(position["done"])
        s.trail = tuple(position["trail"])
        return s

    def components(self) -> Counter:
        out = Counter(str(c) for c in standard_deck(jokers=2))
        for p in range(self.players):
            out[f"P{p} marker"] = MARKERS
        out.update(("red die", "black die"))
        return out

    def score_range(self) -> tuple[int, int]:
        return (0, MARKERS)
