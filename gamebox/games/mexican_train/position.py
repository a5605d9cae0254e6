"""Dual Mexican Train's position, the table and the series: read, dealt, set up, loaded
and checked. The rules that change it are in :mod:`gamebox.games.mexican_train.rules`,
whose ``MexicanTrainState`` is a :class:`Position`.

>>> import gamebox
>>> state = gamebox.load("mexican-train", players=8).start(seed=2)
>>> state.phase, state.hand_number, [len(h) for h in state.hands], len(state.boneyard)
('engine', 1, [7, 7, 7, 7, 7, 7, 7, 7], 54)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Self

from gamebox.checks import require, whole, wholes
from gamebox.core import Game, State, shorten
from gamebox.games.mexican_train.moves import (
    ALL_TILES,
    DEFAULT_NAMES,
    DRAWING,
    ENGINE,
    NAME,
    OVER,
    PEND_MODES,
    PHASES,
    PLAYING,
    SCORED,
    TOP,
    domino,
    is_double,
    line_key,
    line_ok,
    line_order,
    parse_tiles,
    tile_code,
    tile_row,
    tile_text,
    tile_value,
    tiles_ok,
)
from gamebox.rng import Rng

#: The fields a position's JSON holds as they are (``_PLAIN``) or as lists (``_LISTED``,
#: tuples in the state): ``from_data`` reads them back unchanged, for ``_validate``.
_PLAIN = ("phase", "hand_no", "engine", "first", "lead", "player", "goround", "layer",
          "pend_mode", "stuck", "owed", "silent")  # fmt: skip
_LISTED = ("used", "knocked", "totals")

# ------------------------------------------------------------------------- the position


class Position(State):
    """A position: the hand in progress (or just scored) and the series totals. ``phase``,
    the stage of the hand, is a string constant of :mod:`~gamebox.games.mexican_train.moves`:
    ``ENGINE``, ``DRAWING``, ``PLAYING`` or ``SCORED`` (a finished series ends scored)."""

    names: tuple[str, ...]
    phase: str
    hand_no: int  # hands scored so far
    used: tuple[int, ...]  # their engines, highest first
    engine: int  # this hand's engine number, -1 until it is placed
    centre: int  # its tile, -1 until placed
    first: int  # the seat that started this hand's search for the engine (MT-5)
    lead: int  # the seat that placed the engine: a go-round starts with her
    player: int
    goround: int
    hands: list[tuple[int, ...]]
    boneyard: tuple[int, ...]  # picks come off the end
    lines: dict[tuple, tuple]
    pending: tuple[str, int, int, int] | None  # the open doublet (kind, owner, idx, side)
    layer: int  # who laid it
    pend_mode: str  # "layer": she follows it up; "satisfy": the next players must
    picked: int  # the tile picked this turn, -1 if none
    stuck: int  # turns in a row that changed nothing (MT-15)
    owed: int  # the seat that must knock or keep quiet now (MT-14), -1 if none
    silent: int  # the seat that kept quiet and may be challenged, -1 if none
    knocked: tuple[int, ...]  # who knocked, under table knocking
    totals: tuple[int, ...]
    hand_scores: tuple[int, ...] | None  # the last hand's points, once it is scored

    def __init__(self, game: Game, rng: Rng, names: tuple[str, ...]) -> None:
        """A series before its first deal."""
        self._init_state(game, rng)
        n = game.players
        self.names = names
        self.phase = SCORED
        self.hand_no = 0
        self.used = ()
        self.hands = [()] * n
        self.boneyard = ()
        self.totals = (0,) * n
        self._clear_table(0)

    @property
    def n(self) -> int:
        return self.game.players

    #: No chance moves: the shuffles are part of the deal (the move "next hand").
    is_chance = False

    @property
    def current_player(self) -> int:
        return -1 if self.outcome is not None else self.player

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's series total so far (MT-16: the lowest total wins)."""
        return self.totals

    def board_name(self, seat: int) -> str:
        """The players go by their names here ("Joe"), on the board and in the text."""
        return self.names[seat]

    @property
    def hand_number(self) -> int:
        """The hand in progress (or just scored), counting from 1."""
        return self.hand_no + (1 if self.phase in (ENGINE, DRAWING, PLAYING) else 0)

    def bay_done(self, p: int) -> bool:
        """MT-7: a bay is done once it holds an engine or a marker."""
        tiles, _end, marked, _d = self.lines[("T", p)]
        return bool(tiles) or marked

    def summary(self) -> str:
        sizes = " ".join(str(len(h)) for h in self.hands)
        tot = " ".join(map(str, self.totals))
        where = f"hand {self.hand_number}"
        if self.phase == PLAYING:
            where += f" go-round {self.goround}"
        return f"{where} | tiles {sizes} | boneyard {len(self.boneyard)} | totals {tot}"

    def hand_points(self) -> tuple[int, ...]:
        """What each player's tiles in hand cost her (MT-16)."""
        return tuple(sum(map(tile_value, h)) for h in self.hands)

    def _end_series(self) -> None:
        """MT-16: the series is over (played, or loaded), and the lowest total wins."""
        best = min(self.totals)
        winners = [p for p, t in enumerate(self.totals) if t == best]
        who = " and ".join(self.names[p] for p in winners)
        self.end(winners, f"after {self.hand_no} hands {who} had the lowest total, {best} (MT-16)")

    # --------------------------------------------------------------------------- set-up

    @classmethod
    def deal(cls, game: Game, seed: int) -> Self:
        """The first hand of a series, shuffled with ``Rng(seed)`` (MT-2, MT-5)."""
        state = cls(game, Rng(seed), DEFAULT_NAMES[: game.players])
        state._deal()
        return state

    @classmethod
    def set_up(
        cls,
        game: Game,
        *,
        hands: list,
        boneyard: str | list = "",
        names: list[str] | tuple[str, ...] | None = None,
        hand_no: int = 0,
        used: str | list = (),
        totals: list[int] | None = None,
        first: int | None = None,
        seed: int = 0,
    ) -> Self:
        """An explicit deal (``game.setup``): ``hands`` (one tile string per player),
        ``boneyard`` (the tiles picked first, in order; the rest of the 110 follow in a
        seeded order), ``names``, ``hand_no`` (hands already played), ``used`` (their
        engines, e.g. ``"9 8 7"``), ``totals`` (the series so far), ``first`` (who sits
        first)."""
        n = game.players
        names = tuple(names) if names else DEFAULT_NAMES[:n]
        require(len(names) == n and len(hands) == n, f"give {n} names and {n} hands")
        dealt = [tuple(parse_tiles(h)) for h in hands]
        top = parse_tiles(boneyard)
        rest = Counter(ALL_TILES)
        for t in [t for h in dealt for t in h] + top:
            require(rest[t] > 0, f"there are only two {tile_text(t)} tiles")
            rest[t] -= 1
        others = sorted(rest.elements())
        Rng(seed).shuffle(others)
        state = cls(game, Rng(seed), names)
        state.hands = dealt
        state.boneyard = tuple(others + top[::-1])  # picks come off the end
        state.hand_no = hand_no
        if isinstance(used, str):
            used = [int(x) for x in used.split()]
        state.used = tuple(sorted(used, reverse=True))
        state.totals = tuple(totals) if totals else (0,) * n
        first = hand_no % n if first is None else first
        require(
            whole(first, 0, n - 1), f"first is a seat from 0 to {n - 1}, not {shorten(repr(first))}"
        )
        state._begin_hand(first)
        return state

    def _deal(self) -> None:
        tiles = list(ALL_TILES)
        self.rng.shuffle(tiles)
        size = self.game.options.hand_size
        n = self.n
        self.hands = [tuple(tiles[i * size : (i + 1) * size]) for i in range(n)]
        self.boneyard = tuple(tiles[n * size :])
        self._begin_hand(self.hand_no % n)

    def _clear_table(self, first: int) -> None:
        """No engine, no line, no turn under way; seat ``first`` starts the search."""
        self.first = self.lead = self.player = first
        self.goround = self.stuck = 0
        self.engine = self.centre = self.layer = self.picked = self.owed = self.silent = -1
        self.lines = {}
        self.pending = self.hand_scores = None
        self.pend_mode = ""
        self.knocked = ()

    def _begin_hand(self, first: int) -> None:
        """MT-5: find the engine holder (or start the simultaneous draw, MT-17)."""
        self._clear_table(first)
        found = self._find_engine()
        if found is None:
            self.phase = DRAWING
        else:
            self.phase = ENGINE
            self.player = found[1]

    def _find_engine(self) -> tuple[int, int] | None:
        """This hand's engine and who places it (MT-5): the highest unused doublet that
        anybody holds, and its first holder in turn order; None while nobody holds one."""
        n = self.n
        for code in range(11 * TOP, -1, -11):
            if code // 11 not in self.used:
                for k in range(n):
                    q = (self.first + k) % n
                    if code in self.hands[q]:
                        return code, q
        return None

    # ----------------------------------------------------------- loading and validation

    @classmethod
    def from_data(cls, game: Game, position: Mapping[str, Any], rng: Rng) -> Self:
        """The position :meth:`to_data` wrote (``game.state_from_data``)."""
        d = position
        state = cls(game, rng, tuple(d["names"]))
        for name in _PLAIN:
            setattr(state, name, d[name])
        for name in _LISTED:
            setattr(state, name, tuple(d[name]))
        state.centre = tile_code(d["centre"]) if d["centre"] is not None else -1
        state.hands = [tuple(parse_tiles(h)) for h in d["hands"]]
        state.boneyard = tuple(parse_tiles(d["boneyard"]))
        lines = {
            tuple(key): (tuple(parse_tiles(tiles)), end, marked, tuple(dbl))
            for key, tiles, end, marked, dbl in d["lines"]
        }
        state.lines = {key: lines[key] for key in sorted(lines, key=line_order)}
        state.pending = tuple(d["pending"]) if d["pending"] is not None else None
        state.picked = tile_code(d["picked"]) if d["picked"] is not None else -1
        state.hand_scores = tuple(d["hand_scores"]) if d["hand_scores"] is not None else None
        if state.phase == OVER:  # a finished series: its last hand is scored
            state.phase = SCORED
            state._end_series()
        return state

    def components(self) -> Counter:
        c = Counter(self.boneyard)
        for h in self.hands:
            c.update(h)
        for line in self.lines.values():
            c.update(line[0])
        if self.centre >= 0:
            c[self.centre] += 1
        return Counter({domino(t): k for t, k in c.items()})

    def to_data(self) -> dict[str, Any]:
        lines = []
        for key in sorted(self.lines):
            tiles, end, marked, dbl = self.lines[key]
            lines.append([list(key), tile_row(tiles), end, marked, list(dbl)])
        return {
            **{name: getattr(self, name) for name in _PLAIN},
            **{name: list(getattr(self, name)) for name in _LISTED},
            "phase": OVER if self.outcome is not None else self.phase,
            "names": list(self.names),
            "centre": tile_text(self.centre) if self.centre >= 0 else None,
            "hands": [tile_row(h) for h in self.hands],
            "boneyard": tile_row(self.boneyard),
            "lines": lines,
            "pending": list(self.pending) if self.pending is not None else None,
            "picked": tile_text(self.picked) if self.picked >= 0 else None,
            "hand_scores": list(self.hand_scores) if self.hand_scores is not None else None,
        }

    def _validate(self) -> None:
        """A loaded or hand-set position: every field of the right type and range, and
        the fields consistent with each other and with the phase of the hand."""
        n, opts, phase, names = self.n, self.game.options, self.phase, self.names
        require(
            type(names) is tuple
            and len(names) == n
            and all(type(x) is str and NAME.fullmatch(x) for x in names)
            and len(set(names)) == n,
            f"names are {n} different names of letters, digits, spaces, dots and dashes, "
            "starting with a letter, up to 20 characters",
        )
        require(phase in PHASES, f"the phase is one of {', '.join(PHASES)}")
        for field in ("first", "lead", "player"):
            require(whole(getattr(self, field), 0, n - 1), f"{field} is a seat from 0 to {n - 1}")
        for field in ("layer", "owed", "silent"):
            require(whole(getattr(self, field), -1, n - 1), f"{field} is -1 or a seat")
        require(whole(self.hand_no, 0, opts.hands), f"hand_no is from 0 to {opts.hands}")
        used = self.used
        require(
            wholes(used, 0, TOP)
            and used == tuple(sorted(set(used), reverse=True))
            and len(used) == self.hand_no,
            "used holds the engines of the hands played, one each, highest first",
        )
        require(
            whole(self.goround, 0, 10_000) and whole(self.stuck, 0, n),
            "goround and stuck are counts in range",
        )
        require(
            type(self.hands) is list
            and len(self.hands) == n
            and all(tiles_ok(h) for h in self.hands)
            and tiles_ok(self.boneyard),
            f"hands are {n} tuples of tiles, and the boneyard one",
        )
        require(wholes(self.totals, 0, 10**6, fewest=n, most=n), f"totals are {n} whole numbers")
        require(
            wholes(self.knocked, 0, n - 1)
            and len(set(self.knocked)) == len(self.knocked)
            and (opts.knocking == "table" or not self.knocked),
            "knocked holds seats, each once, and only under table knocking",
        )
        require(self.pend_mode in PEND_MODES, f"pend_mode is one of {PEND_MODES}")
        over = self.hand_no >= opts.hands  # at most ten hands: an engine is left for each
        if phase in (ENGINE, DRAWING, PLAYING):
            require(not over, "a hand is under way, so the series has a hand and an engine left")
        else:
            require(
                (self.outcome is not None) == over and self.hand_no > 0,
                f"after {self.hand_no} of {opts.hands} hands the series is "
                + ("over" if over else "not over"),
            )
        if phase in (ENGINE, DRAWING):
            require(
                self.engine == self.centre == -1
                and not self.lines
                and self.pending is None
                and self.picked == self.owed == self.silent == -1
                and not self.knocked
                and self.hand_scores is None
                and self.goround == self.stuck == 0
                and self.lead == self.first,
                "before the engine is placed, the table is empty",
            )
            found = self._find_engine()
            if phase == ENGINE:
                require(
                    found is not None and found[1] == self.player,
                    "the engine is placed by its first holder (MT-5)",
                )
            else:
                require(found is None, "players draw only while nobody holds an engine (MT-17)")
            return
        require(
            whole(self.engine, 0, TOP) and self.centre == 11 * self.engine,
            "the centre holds the engine, a doublet",
        )
        require(
            (self.engine in used) != (phase == PLAYING),
            "the engine of a scored hand is used, that of the hand in play is not",
        )
        self._validate_lines()
        if phase == PLAYING:
            self._validate_turn()
        else:
            scored = self.hand_points()
            require(
                self.hand_scores == scored
                and all(a >= b for a, b in zip(self.totals, scored, strict=True))
                and self.pending is None
                and self.picked == self.owed == self.silent == -1
                and not self.knocked,
                "a scored hand counts the tiles still held, in each total (MT-16)",
            )

    def _validate_lines(self) -> None:
        """Every train, side train and doublet side, each a chain of matching tiles."""
        lines, n = self.lines, self.n
        require(type(lines) is dict, "lines is a table of lines")
        keys = set()
        for q in range(n):
            for kind in ("T", "S"):
                keys.add((kind, q))
                line = lines.get((kind, q))
                require(line_ok(line, self.engine, True), f"the line {kind}{q} is a chain of tiles")
                for i in line[3]:
                    for s in (0, 1):
                        keys.add((kind, q, i, s))
                        side = lines.get((kind, q, i, s))
                        require(
                            line_ok(side, line[0][i] % 10, False) and (kind == "T" or not side[2]),
                            f"the side {s} of tile {i} of the line {kind}{q} is a chain of tiles",
                        )
                require(kind == "T" or not line[2], "markers go on trains, not side trains")
        require(set(lines) == keys, "lines holds every train and side train and no other line")

    def _validate_turn(self) -> None:
        """The turn in play: the open doublet, the pick, the knock (MT-6..MT-14)."""
        p, opts = self.player, self.game.options
        require(
            self.hand_scores is None and self.goround >= 1 and self.stuck < self.n,
            "a hand in play has go-rounds, no score yet, and is not blocked",
        )
        require(all(self.hands), "a hand in play ends when a player has no tile: no empty hand")
        pending = self.pending
        if pending is not None:
            require(
                type(pending) is tuple
                and len(pending) == 4
                and line_key(*pending) in self.lines
                and self.pend_mode in ("layer", "satisfy")
                and (self.pend_mode == "satisfy") <= (opts.doublets == "satisfy")
                and (self.pend_mode == "satisfy" or self.layer == p),
                "the open doublet is a line of the table, followed up as the option says",
            )
            tiles = self.lines[line_key(*pending)][0]
            if pending[0] == "B":
                require(
                    pending[2:] == (-1, -1) and not tiles,
                    "the centre engine is followed up in an empty bay",
                )
            else:
                require(
                    pending[0] in ("T", "S") and tiles and is_double(tiles[-1]),
                    "the open doublet ends its line",
                )
        require(
            self.picked == -1 or (whole(self.picked, 0, 99) and self.picked in self.hands[p]),
            "the tile picked this turn is in the hand of the player to move",
        )
        if self.owed >= 0 or self.silent >= 0:
            require(opts.knocking == "table", "players knock themselves only under table knocking")
        if self.owed >= 0:
            require(
                self.owed == p and len(self.hands[p]) == 1 and self.silent in (-1, p),
                "the player who must knock or keep quiet is to move, with one tile",
            )
        if self.silent >= 0 and self.silent != p:
            require(self.picked == -1, "a pick ends the chance to challenge")
