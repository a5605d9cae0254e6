"""Finish Line's position: what the board and the markers hold, whose turn and which
stage, the views that read them, the set-up and the loading of a position.

The board is a zigzag path of dealt cards. Path square 0 is the imaginary start;
then comes row 1 (the bottom row) from right to left, the lower left wing, row 2 from
left to right, the lower right wing, and so on up to the upper right wing, the
finish (square 54 on the default board of six rows of eight). Marker ``g`` belongs to
player ``g // 3``; ``state.pos[g]`` is its square.

>>> import gamebox
>>> state = gamebox.load("finish-line", players=2).setup(markers=[[0, 4, 4], [9, 9, "finish"]])
>>> state.markers(0), state.pos, state.scores, state.phase == ROLL, state.n
([0, 4, 4], [0, 4, 4, 9, 9, 54], (0, 1), True, 2)

The rules that change a position (legal moves, refusals, playing a move) are in
:mod:`gamebox.games.finish_line.rules`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Self

from gamebox.checks import check_wholes, require, whole
from gamebox.components import Card, standard_deck
from gamebox.core import CHANCE, Move, State
from gamebox.games.finish_line.board import SAMPLE_BOARD, Board, deal_board, is_wing_card
from gamebox.games.finish_line.moves import (
    ACE,
    BLACK,
    DIE_TOKENS,
    JACK,
    KING,
    MARKERS,
    QUEEN,
    RED,
    ROWS,
    T_KNOCK,
    T_MOVE,
    TWO,
    Advance,
    Swap,
    Yank,
    marker_token,
    parse_move,
)
from gamebox.rng import Rng

if TYPE_CHECKING:
    from gamebox.games.finish_line.rules import FinishLine

# the stages of a turn (``state.phase``, module constants); the game ends in a MOVE, and
# the JSON and the summary call its stage "over" from then on (``state.outcome`` is set)
ROLL, MOVE, SPECIAL, CHOOSE, ATTACK = range(5)
PHASE_NAMES = ("roll", "move", "special", "choose", "attack")
_CHANCE_PHASES = frozenset((ROLL, SPECIAL, ATTACK))
DECK_SIZE = 54


# ------------------------------------------------------------------------- the position


class Position(State):
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

    def _end(self) -> None:
        """FL-17: the game ends; the winner is the first player home (in a game played
        for places, the last one left takes the last place)."""
        order = ", ".join(f"P{p}" for p in self.places)
        if self.game.options.play_for_places:
            self.end(self.places[:1], f"every place is decided ({order})")
        else:  # one player home (a loaded position with none or more fails _validate)
            self.end(self.places[:1], f"{order} has all three markers home")

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

    # --------------------------------------------------------------------------- set-up

    @classmethod
    def dealt(cls, game: FinishLine, seed: int) -> Self:
        """The first position of ``game``: a board dealt from ``seed``, every marker at the
        start, P0 to roll."""
        rng = Rng(seed)
        board = deal_board(rng, game.options.row_length, None)
        return cls(game, rng, board, [0] * (MARKERS * game.players), 0)

    @classmethod
    def set_up(
        cls,
        game: FinishLine,
        board: Sequence[str | Card] | None,
        markers: Sequence[Sequence[int | str]] | None,
        player: int,
        undealt: Sequence[str | Card],
        seed: int,
    ) -> Self:
        """The position that ``game.setup(...)`` describes (see ``FinishLine._setup``)."""
        if board is None:
            require(game.options.row_length == 8, "the sample board has rows of 8")
            board = SAMPLE_BOARD
        cards = cls._cards(board, DECK_SIZE, "board")
        if not undealt and len(cards) < DECK_SIZE:
            left = Counter(standard_deck(jokers=2))
            left.subtract(cards)
            undealt = [c for c, k in left.items() for _ in range(k)]
        b = cls._board(game, cards, undealt)
        if markers is None:
            markers = [[0] * MARKERS for _ in range(game.players)]
        pos = [cls._square(v, b.finish) for v in cls._markers(game, markers)]
        return cls(game, Rng(seed), b, pos, player)

    @classmethod
    def _board(cls, game: FinishLine, board: Any, undealt: Any) -> Board:
        """The board of ``game``'s row length from its cards in path order."""
        length = game.options.row_length
        size = ROWS * (length + 1)
        cards = cls._cards(board, DECK_SIZE, "board")
        require(
            len(cards) == size, f"a board of rows of {length} has {size} cards, not {len(cards)}"
        )
        return Board.of(cards, length, cls._cards(undealt, DECK_SIZE - size, "undealt"))

    @staticmethod
    def _markers(game: FinishLine, markers: Sequence[Sequence[Any]]) -> list[Any]:
        """Each player's three squares, given player by player, in one list."""
        require(
            len(markers) == game.players and all(len(m) == MARKERS for m in markers),
            f"give {MARKERS} squares for each of the {game.players} players",
        )
        return [sq for m in markers for sq in m]

    @staticmethod
    def _square(value: Any, finish: int) -> int:
        """A square as a hand-set position gives it: a number, "start" or "finish"."""
        if value in ("start", "s"):
            return 0
        if value in ("finish", "home", "f"):
            return finish
        if type(value) is str and value.isdigit() and len(value) <= 3:
            value = int(value)
        require(
            whole(value, 0, finish),
            f"a marker is on a square from 0 (start) to {finish} (finish), not {value!r}",
        )
        return value

    @staticmethod
    def _cards(given: Any, most: int, what: str) -> list[Card]:
        """Cards given as a list of cards or their texts, at most ``most`` of them."""
        if isinstance(given, str) or not isinstance(given, Sequence):
            raise TypeError(f"{what} is a list of cards, not {type(given).__name__}")
        require(len(given) <= most, f"{what} holds {len(given)} cards; the deck has {most}")
        for c in given:
            if not isinstance(c, Card | str):
                raise TypeError(f"{what}: {c!r} is not a card")
        return [c if isinstance(c, Card) else Card.parse(c) for c in given]

    # ----------------------------------------------------------- loading and validation

    @classmethod
    def from_data(cls, game: FinishLine, position: Mapping[str, Any], rng: Rng) -> Self:
        """The position that :meth:`to_data` wrote (checked by :meth:`_validate` after)."""
        board = cls._board(game, position["board"], position["undealt"])
        s = cls(game, rng, board, cls._markers(game, position["markers"]), position["player"])
        over = position["phase"] == "over"  # the game ended in a MOVE
        s.phase = MOVE if over else PHASE_NAMES.index(position["phase"])
        s.red, s.black = position["dice"]
        s.unused = position["unused"]
        s.moved1, s.moved2 = position["moved"]
        most = MARKERS * game.players + 1  # enough to refuse, not a hostile file's length
        s.queue = tuple(position["queue"][: MARKERS + 1])
        s.attacks = tuple(
            (i, sq, tuple(v[:most])) for i, sq, v in position["attacks"][: MARKERS + 1]
        )
        s.choices = tuple((p, sq) for p, sq in position["choices"][:most])
        s.roll = tuple(position["roll"])
        s.places = tuple(position["done"][: game.players + 1])
        s.trail = tuple(position["trail"][:5])
        if over:
            s._end()
        return s

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
