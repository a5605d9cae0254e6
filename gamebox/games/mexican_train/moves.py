"""Dual Mexican Train's pieces and notation: the tiles as numbers, the moves and their text.

Everything here is read without a position: the two double-nine sets, a tile's spots and
value (MT-16), the places a tile goes (the centre, a bay, a train, a side train, a
doublet's side) and their keys in ``state.lines``, the move classes with their text
forms, the check of a hand-made play's fields against the table's seats
(``Play.malformed``), the reading of a move's text (:func:`parse_move`), and the names
of a hand's phases. The position is in :mod:`gamebox.games.mexican_train.position`, the
rules (what is legal, what a move does) in :mod:`gamebox.games.mexican_train.rules`.

Tiles are stored as small integers (``10 * high + low``) so that states copy fast; the
text forms use :class:`gamebox.components.Domino` notation (``[9:3]``).

>>> tile_value(44), tile_value(0), tile_value(93)
(16, 50, 12)
>>> parse_move("[3:9] -> Ann's train, tile 2, side b", ("Joe", "Ann"), 0)
Play("[9:3] → Ann's train, tile 2, side b")
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from gamebox.checks import flags
from gamebox.components import Domino, domino_set
from gamebox.core import Move, State, shorten

# ------------------------------------------------------------------------ tiles

TOP = 9
#: Every tile of the two mixed double-nine sets, as codes ``10 * high + low`` (MT-1).
ALL_TILES: tuple[int, ...] = tuple(10 * d.high + d.low for d in domino_set(TOP, sets=2))
#: The codes that are tiles: a move or a position naming any other number is refused.
TILE_CODES: frozenset[int] = frozenset(ALL_TILES)
#: The tiles showing each number of spots: ``HAS[3]`` holds [3:0] to [9:3].
HAS: tuple[frozenset[int], ...] = tuple(
    frozenset(t for t in TILE_CODES if v in divmod(t, 10)) for v in range(TOP + 1)
)
#: ``SHOWING[v][code]``: whether the tile ``code`` shows the number ``v`` (``HAS`` as
#: flags, looked up without hashing).
SHOWING: tuple[tuple[bool, ...], ...] = tuple(
    tuple(t in HAS[v] for t in range(100)) for v in range(TOP + 1)
)
#: No number shown yet, a flag per number (a list of them is filled in, number by number).
NONE_SHOWN = (False,) * (TOP + 1)
#: ``SPOTS[code]``: a tile's two numbers, high first: ``SPOTS[93] == (9, 3)``.
SPOTS: tuple[tuple[int, int], ...] = tuple(divmod(t, 10) for t in range(100))
#: The example's eight players, then two more for nine and ten players.
DEFAULT_NAMES = ("Joe", "Ann", "Don", "Jan", "Sue", "Ken", "Art", "Ina", "Lou", "Meg")
#: Hand size by player count (MT-2); counts under six are the project's extension.
HAND_SIZES = {2: 12, 3: 11, 4: 10, 5: 9, 6: 9, 7: 8, 8: 7, 9: 7, 10: 7}
#: Tiles that always stay in the boneyard at the deal, whatever the hand size.
KEPT_BACK = 8
#: A player's name: a word or two, readable inside a move's text ("Ann's train").
NAME = re.compile(r"[^\W\d_][\w .-]{0,18}[\w.]|[^\W\d_]")
_TILE = re.compile(r"\[?\s*([0-9])\s*:\s*([0-9])\s*\]?")


def tile_text(code: int) -> str:
    """``93 -> '[9:3]'``."""
    return f"[{code // 10}:{code % 10}]"


def domino(code: int) -> Domino:
    """``93 -> Domino('[9:3]')``: the component a tile's code stands for."""
    return Domino(code // 10, code % 10)


def tile_row(codes: Iterable[int]) -> str:
    """``(93, 0) -> '[9:3] [0:0]'``: tiles as a hand, a train or the boneyard are written."""
    return " ".join(map(tile_text, codes))


def tile_code(text: str) -> int:
    """``'[3:9]' -> 93`` (raises ValueError when the text is not a double-nine tile).

    >>> tile_code("[3:9]"), tile_code("9:3")
    (93, 93)
    >>> tile_code("[9:10]")
    Traceback (most recent call last):
    ...
    ValueError: '[9:10]' is not a double-nine tile such as [9:3]
    """
    m = _TILE.fullmatch(text.strip())
    if not m:
        raise ValueError(f"{shorten(text, 20)!r} is not a double-nine tile such as [9:3]")
    a, b = int(m[1]), int(m[2])
    return 10 * a + b if a >= b else 10 * b + a


def tile_value(code: int) -> int:
    """A tile left in hand at the end of a hand (MT-16): its spots, doublets twice,
    and [0:0] is worth 50."""
    hi, lo = divmod(code, 10)
    if hi == lo:
        return 50 if hi == 0 else 4 * hi
    return hi + lo


def is_double(code: int) -> bool:
    return code // 10 == code % 10


def other_end(code: int, v: int) -> int:
    hi, lo = divmod(code, 10)
    return lo if hi == v else hi


def parse_tiles(text: str | list | tuple) -> list[int]:
    """Tiles from ``"[9:3] [5:5]"`` or a list of tile texts (ValueError for anything
    else in the text, TypeError for a list item that is no text)."""
    words = text.split() if isinstance(text, str) else text
    out = []
    for word in words:
        if not isinstance(word, str):
            raise TypeError(f"a tile is written as a text such as [9:3], not {word!r:.40}")
        out.append(tile_code(word))
    return out


# ------------------------------------------------------------------------ moves

ARROW = "→"
#: The constructor of the named-tuple moves, bound once, for the engine's own legal moves
#: (``Play(...)`` checks its fields' types).
new_tuple = tuple.__new__
#: Where a tile goes: the centre engine, a player's engine bay, train or side train.
KINDS = ("C", "B", "T", "S")


def place_text(kind: str, name: str, idx: int = -1, side: int = -1) -> str:
    """Where a tile goes, in words (and as the board's pick token): ``centre``,
    ``Joe's bay``, ``Joe's train``, ``Joe's side train``, or a doublet's side such as
    ``Joe's train, tile 2, side a`` (side a branches above the doublet, b below)."""
    if kind == "C":
        return "centre"
    if kind == "B":
        return f"{name}'s bay"
    where = f"{name}'s {'train' if kind == 'T' else 'side train'}"
    if idx >= 0:
        where += f", tile {idx + 1}, side {'ab'[side]}"
    return where


#: The pick token of the boneyard, clicked to pick a tile, to draw (MT-17) or to deal.
BONEYARD = "boneyard"


def tiles_text(name: str) -> str:
    """The pick token of a player's tile count on the board (``Ann's tiles``), clicked to
    challenge her when she kept quiet (MT-14)."""
    return f"{name}'s tiles"


class _PlayFields(NamedTuple):
    tile: int
    kind: str
    owner: int
    idx: int
    side: int
    name: str


class Play(_PlayFields, Move):
    """Lay a tile: ``Play(tile, kind, owner, idx, side, name)``.

    ``kind`` is "C" (the centre engine), "B" (a player's engine bay), "T" (a player's
    train) or "S" (a player's side train); ``idx``/``side`` name a doublet's side (the
    tile's position in the train, from 0, and side 0 or 1), both -1 for the end of the
    line; ``name`` is the owner's name, used in the text form. The fields are whole
    numbers and texts (anything else is a TypeError: 31.0 or True would compare equal to
    a legal move's 31 or 1); whether they name a tile and a place at this table is the
    rules' business. A named tuple: the legal moves of every turn are built as tuples
    are, from the position's own numbers, without the type checks.

    >>> Play(93, "B", 0, -1, -1, "Joe")
    Play("[9:3] → Joe's bay")
    >>> Play(93, "B", 0, -1, -1, "Joe")._replace(owner=True)
    Traceback (most recent call last):
    ...
    TypeError: a Play holds whole numbers and texts, not (93, 'B', True, -1, -1, 'Joe')
    """

    __slots__ = ()

    def __new__(cls, tile: int, kind: str, owner: int, idx: int, side: int, name: str) -> Play:
        fields = (tile, kind, owner, idx, side, name)
        if tuple(map(type, fields)) != (int, str, int, int, int, str):
            raise TypeError(f"a Play holds whole numbers and texts, not {fields!r:.120}")
        return new_tuple(cls, fields)

    @classmethod
    def _make(cls, iterable: Iterable) -> Play:
        return cls(*iterable)

    @property
    def key(self) -> tuple:
        """The key of the line this tile goes on (:func:`line_key`)."""
        return line_key(self.kind, self.owner, self.idx, self.side)

    def target_text(self) -> str:
        return place_text(self.kind, self.name, self.idx, self.side)

    def malformed(self, state: State) -> str | None:
        """Why this is no play at the table of ``state`` at all: a tile no set has, a place
        that is none, a seat that does not exist or goes by another name, a doublet's side
        where there is none.

        >>> import gamebox
        >>> state = gamebox.load("mexican-train", players=6).start(2)
        >>> Play(93, "T", 7, -1, -1, "Ina").malformed(state)
        'this table has 6 seats, 0 to 5: not seat 7'
        """
        tile, kind, owner, idx, side, name = self
        names = state.names
        n = len(names)
        if tile not in TILE_CODES:
            return f"there is no tile {tile}: the tiles run from [0:0] to [9:9] (codes 0-99)"
        if kind not in KINDS:
            return (
                f"{shorten(kind, 20)!r} is no place: a tile goes to the centre (C), a bay (B), "
                "a train (T) or a side train (S)"
            )
        if not 0 <= owner < n:
            return f"this table has {n} seats, 0 to {n - 1}: not seat {owner}"
        if name != names[owner]:
            return f"seat {owner} is {names[owner]}'s, not {shorten(name, 20)!r}'s"
        if (idx, side) != (-1, -1) and (kind in ("C", "B") or idx < 0 or side not in (0, 1)):
            return (
                "a tile goes to the end of a line (tile -1, side -1) or to side 0 or 1 of a "
                "doublet in a train or side train"
            )
        return None

    def __str__(self) -> str:
        return f"{tile_text(self.tile)} {ARROW} {self.target_text()}"

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"


@dataclass(frozen=True)
class Word(Move):
    """A move with no tile, one class per word: its text is the word."""

    text: ClassVar[str]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


@dataclass(frozen=True, repr=False)
class Pick(Word):
    """Pick one tile from the boneyard (MT-8)."""

    text = "pick"


@dataclass(frozen=True, repr=False)
class Mark(Word):
    """Put a marker on your train, or on a side of its last doublet (MT-9)."""

    text = "mark"


@dataclass(frozen=True, repr=False)
class Draw(Word):
    """Everybody draws one tile at once, while nobody holds a missing engine (MT-17)."""

    text = "draw"


@dataclass(frozen=True, repr=False)
class NextHand(Word):
    """Deal the next hand of the series (MT-15, MT-16)."""

    text = "next hand"


@dataclass(frozen=True, repr=False)
class Knock(Word):
    """Knock: down to one tile, under table knocking (MT-14)."""

    text = "knock"


@dataclass(frozen=True, repr=False)
class KeepQuiet(Word):
    """Do not knock, and risk a challenge (MT-14)."""

    text = "keep quiet"


@dataclass(frozen=True, repr=False)
class Challenge(Word):
    """Challenge the player who kept quiet: she picks a penalty tile (MT-14)."""

    text = "challenge"


PICK, MARK, DRAW, NEXT = Pick(), Mark(), Draw(), NextHand()
KNOCK, QUIET, CHALLENGE = Knock(), KeepQuiet(), Challenge()
PICKS, MARKS, DRAWS, NEXTS, KNOCKS = (PICK,), (MARK,), (DRAW,), (NEXT,), (KNOCK, QUIET)
WORDS: dict[str, Word] = {w.text: w for w in (PICK, MARK, DRAW, NEXT, KNOCK, QUIET, CHALLENGE)}

_TARGET = re.compile(
    r"(?P<name>.+?)'s (?P<what>bay|train|side train)"
    r"(?:, tile (?P<tile>[0-9]{1,3}), side (?P<side>[ab]))?"
)


def parse_move(text: str, names: tuple[str, ...], player: int) -> Move:
    """The move a text names at a table of ``names`` where ``player`` is to move (the
    centre engine is hers to place); ValueError for a text that is no move."""
    text = text.strip()
    low = text.lower()
    if low in WORDS:
        return WORDS[low]
    head, sep, tail = text.replace("->", ARROW).partition(ARROW)
    if not sep:
        raise ValueError(f"not a Mexican Train move: {shorten(text)!r}")
    tile = tile_code(head)
    tail = tail.strip()
    if tail == "centre":
        return Play(tile, "C", player, -1, -1, names[player])
    m = _TARGET.fullmatch(tail)
    if not m:
        raise ValueError(f"not a place on the table: {shorten(tail)!r}")
    name = m["name"]
    if name not in names:
        raise ValueError(f"nobody called {shorten(name)!r} plays here")
    owner = names.index(name)
    kind = {"bay": "B", "train": "T", "side train": "S"}[m["what"]]
    idx, side = -1, -1
    if m["tile"]:
        if kind == "B":
            raise ValueError("a bay has no doublet sides")
        idx, side = int(m["tile"]) - 1, "ab".index(m["side"])
        if idx < 0:
            raise ValueError("a train's tiles are counted from 1")
    return Play(tile, kind, owner, idx, side, name)


# ------------------------------------------------------------------------ phases

#: The stages of a hand, ``state.phase`` (module constants, strings as JSON writes them):
#: looking for the engine, drawing for it together (MT-17), playing, scored. The last
#: hand of a series stays scored (``state.outcome`` says the series is over), and the
#: JSON of a finished series writes its phase as ``OVER``: ``PHASES`` are the JSON's.
ENGINE, DRAWING, PLAYING, SCORED, OVER = "engine", "draw", "play", "scored", "over"
PHASES = (ENGINE, DRAWING, PLAYING, SCORED, OVER)
PEND_MODES = ("", "layer", "satisfy")

# ------------------------------------------------------------------------ lines

# A line is (tiles, end, marked, doublets): the tiles laid on it in order, the number
# its open end shows, whether a marker sits on that end, and (for a train or a side
# train) the positions of its doublets, whose two sides are lines of their own keyed
# (kind, owner, position, side).

#: The key of each seat's train, and of each seat's side train, in ``state.lines``.
TRAIN = tuple(("T", q) for q in range(10))
SIDE_TRAIN = tuple(("S", q) for q in range(10))


def line_key(kind: str, owner: int, idx: int, side: int) -> tuple:
    """The key in ``state.lines`` of the line a tile goes on (a bay is the start of its
    owner's train): ``("T", 2)``, or a doublet's side such as ``("S", 2, 4, 1)``."""
    if idx < 0:
        return SIDE_TRAIN[owner] if kind == "S" else TRAIN[owner]
    return (kind, owner, idx, side)


def line_order(key: tuple) -> tuple:
    """Where a line comes in ``state.lines``: seat by seat, her train, its doublets'
    sides, her side train, its doublets' sides (the order of the legal plays)."""
    return (key[1], key[0] == "S", key[2:])


def inserted(lines: dict, after: tuple, new: dict) -> dict:
    """``lines`` with the ``new`` lines right after the line ``after``."""
    out = {}
    for key, line in lines.items():
        out[key] = line
        if key == after:
            out.update(new)
    return out


def chain_text(tiles: tuple[int, ...], start: int, limit: int = 0) -> str:
    """A line's tiles as laid from an end showing ``start``, each turned so that it
    joins the one before; with a ``limit``, the last ones and how many come before.

    >>> chain_text((99, 93, 31, 11), 9, limit=3)
    '+1 [9:3] [3:1] [1:1]'
    """
    parts = []
    v = start
    for t in tiles:
        hi, lo = divmod(t, 10)
        a, b = (hi, lo) if hi == v else (lo, hi)
        parts.append(f"[{a}:{b}]")
        v = b
    if limit and len(parts) > limit:
        parts = [f"+{len(parts) - limit}", *parts[-limit:]]
    return " ".join(parts)


def tiles_ok(tiles: object) -> bool:
    return type(tiles) is tuple and all(type(t) is int and t in TILE_CODES for t in tiles)


def line_ok(line: object, start: int, with_sides: bool) -> bool:
    """``line`` is (tiles, end, marked, doublets): tiles that join from ``start`` to
    ``end``, and (a train or a side train) the positions of its doublets, or none (a
    doublet's side)."""
    if type(line) is not tuple or len(line) != 4:
        return False
    tiles, end, marked, dbl = line
    if not tiles_ok(tiles) or not flags(marked) or type(dbl) is not tuple:
        return False
    v = start
    for t in tiles:
        if t not in HAS[v]:
            return False
        v = other_end(t, v)
    doublets = tuple(i for i, t in enumerate(tiles) if is_double(t)) if with_sides else ()
    return end == v and type(end) is int and dbl == doublets
