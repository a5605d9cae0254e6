"""Dual Mexican Train: the rules as code.

Two double-nine sets (110 tiles) are dealt to 6-10 players, who build trains out of a
roundhouse: each player's own train starts in her *engine bay* and radiates from the
centre engine, a doublet that changes every *hand* ([9:9] in the first, [0:0] in the
tenth). A *hand* is one deal; a *go-round* is one turn for every player (MT-4).

Tiles are stored as small integers (``10 * high + low``) so that states copy fast; the
text forms use :class:`gamebox.components.Domino` notation (``[9:3]``).

>>> import gamebox
>>> game = gamebox.load("mexican-train", players=8)
>>> state = game.start(seed=2)
>>> state.names[state.current_player], state.legal_moves()
('Joe', [Play('[9:9] → centre')])
>>> game.start(seed=1).legal_moves()  # nobody holds a [9:9]: it waits for a later hand
[Play('[8:8] → centre')]
>>> tile_value(44), tile_value(0), tile_value(93)
(16, 50, 12)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamebox.components import Domino, domino_set
from gamebox.core import Game, IllegalMove, Move, Options, State
from gamebox.rng import Rng

# ------------------------------------------------------------------------ tiles

TOP = 9
#: Every tile of the two mixed double-nine sets, as codes ``10 * high + low`` (MT-1).
ALL_TILES: tuple[int, ...] = tuple(10 * d.high + d.low for d in domino_set(TOP, sets=2))
#: The example's eight players, then two more for nine and ten players.
DEFAULT_NAMES = ("Joe", "Ann", "Don", "Jan", "Sue", "Ken", "Art", "Ina", "Lou", "Meg")
#: Hand size by player count (MT-2); counts under six are the project's extension.
HAND_SIZES = {2: 12, 3: 11, 4: 10, 5: 9, 6: 9, 7: 8, 8: 7, 9: 7, 10: 7}


def tile_text(code: int) -> str:
    """``93 -> '[9:3]'``."""
    return f"[{code // 10}:{code % 10}]"


def tile_code(text: str) -> int:
    """``'[3:9]' -> 93`` (raises ValueError when the text is not a double-nine tile)."""
    d = Domino.parse(text)
    if d.high > TOP:
        raise ValueError(f"{text} is not a double-nine tile")
    return 10 * d.high + d.low


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
    """Tiles from ``"[9:3] [5:5]"`` or a list of tile texts."""
    if isinstance(text, str):
        text = re.findall(r"\[\s*\d+\s*:\s*\d+\s*\]", text)
    return [tile_code(t) if isinstance(t, str) else int(t) for t in text]


# ---------------------------------------------------------------------- options


@dataclass(frozen=True)
class MexicanTrainOptions(Options):
    """``doublets``: "satisfy" (the source's example) or "follow-up" (MT-3);
    ``hands``: how many of the ten hands to play (MT-16); ``hand_size``: tiles dealt
    to each player (MT-2; filled in from the player count when left out); ``knocking``:
    "auto" (the program knocks for you) or "table" (you knock yourself, or keep quiet
    and risk a challenge, MT-14)."""

    doublets: str = "satisfy"
    hands: int = 10
    hand_size: int | None = None
    knocking: str = "auto"


# ------------------------------------------------------------------------ moves

ARROW = "→"


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


class Play(tuple, Move):
    """Lay a tile: ``Play(tile, kind, owner, idx, side, name)``.

    ``kind`` is "C" (the centre engine), "B" (a player's engine bay), "T" (a player's
    train) or "S" (a player's side train); ``idx``/``side`` name a doublet's side (the
    tile's position in the train, from 0, and side 0 or 1), both -1 for the end of the
    line; ``name`` is the owner's name, used in the text form.
    """

    __slots__ = ()

    def __new__(cls, tile: int, kind: str, owner: int, idx: int, side: int, name: str):
        return tuple.__new__(cls, (tile, kind, owner, idx, side, name))

    tile = property(lambda self: self[0])
    kind = property(lambda self: self[1])
    owner = property(lambda self: self[2])
    idx = property(lambda self: self[3])
    side = property(lambda self: self[4])
    name = property(lambda self: self[5])

    @property
    def key(self) -> tuple:
        """The key of the line this tile goes on."""
        kind = "T" if self[1] == "B" else self[1]
        if self[3] < 0:
            return (kind, self[2])
        return (kind, self[2], self[3], self[4])

    def target_text(self) -> str:
        return place_text(self[1], self[5], self[3], self[4])

    def __str__(self) -> str:
        return f"{tile_text(self[0])} {ARROW} {self.target_text()}"

    def __repr__(self) -> str:
        return f"Play({str(self)!r})"


class Word(str, Move):
    """A move with no tile: ``pick``, ``mark``, ``draw`` (MT-17) or ``next hand``."""

    __slots__ = ()

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Word({str.__str__(self)!r})"


PICK, MARK, DRAW, NEXT = Word("pick"), Word("mark"), Word("draw"), Word("next hand")
KNOCK, QUIET, CHALLENGE = Word("knock"), Word("keep quiet"), Word("challenge")
WORDS = {w: w for w in (PICK, MARK, DRAW, NEXT, KNOCK, QUIET, CHALLENGE)}

_TARGET = re.compile(
    r"^(?P<name>.+?)'s (?P<what>bay|train|side train)"
    r"(?:, tile (?P<tile>\d+), side (?P<side>[ab]))?$"
)

# ------------------------------------------------------------------------ phases

ENGINE, DRAWING, PLAYING, SCORED, OVER = "engine", "draw", "play", "scored", "over"

# A line is (tiles, end, marked, doublets): the tiles laid on it in order, the number
# its open end shows, whether a marker sits on that end, and (for a train or a side
# train) the positions of its doublets, whose two sides are lines of their own keyed
# (kind, owner, position, side).
EMPTY: tuple = ()


class MexicanTrainState(State):
    """A position: the hand in progress (or just scored) and the series totals."""

    __slots__ = (
        "_hist",
        "_legal",
        "boneyard",
        "centre",
        "cur",
        "engine",
        "first",
        "game",
        "goround",
        "hand_no",
        "hand_scores",
        "hands",
        "knocked",
        "layer",
        "lead",
        "lines",
        "names",
        "owed",
        "pend_mode",
        "pending",
        "phase",
        "picked",
        "rng",
        "silent",
        "stuck",
        "totals",
        "used",
    )

    # -- the protocol's read-only views ---------------------------------------------

    @property
    def n(self) -> int:
        return self.game.players

    @property
    def current_player(self) -> int:
        return -1 if self.phase == OVER else self.cur

    @property
    def player(self) -> int:
        """The seat whose turn it is."""
        return self.cur

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's series total so far (MT-16: the lowest total wins)."""
        return self.totals

    @property
    def winners(self) -> tuple[int, ...]:
        if self.phase != OVER:
            return ()
        best = min(self.totals)
        return tuple(p for p, t in enumerate(self.totals) if t == best)

    @property
    def hand_number(self) -> int:
        """The hand in progress (or just scored), counting from 1."""
        return self.hand_no + (1 if self.phase in (ENGINE, DRAWING, PLAYING) else 0)

    def bay_done(self, p: int) -> bool:
        """MT-7: a bay is done once it holds an engine or a marker."""
        tiles, _end, marked, _d = self.lines[("T", p)]
        return bool(tiles) or marked

    # -- legal moves -------------------------------------------------------------------

    def _by_value(self, tiles) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for t in tiles:
            hi, lo = divmod(t, 10)
            lst = out.setdefault(hi, [])
            if t not in lst:
                lst.append(t)
            if lo != hi:
                lst = out.setdefault(lo, [])
                if t not in lst:
                    lst.append(t)
        return out

    def _targets(self, p: int) -> list[tuple]:
        """The open ends where player ``p`` may lay a tile now, as
        (kind, owner, idx, side, value), following the duties of MT-6..MT-8."""
        lines = self.lines
        if self.pending is not None:
            kind, owner, idx, side = self.pending
            key = ("T" if kind == "B" else kind, owner) if idx < 0 else (kind, owner, idx, side)
            return [(kind, owner, idx, side, lines[key][1])]
        main = lines[("T", p)]
        if not main[0] and not main[2]:
            return [("B", p, -1, -1, self.engine)]
        out = []
        names_n = self.n
        for q in range(names_n):
            tiles, end, marked, dbl = lines[("T", q)]
            mine = q == p
            if mine or marked:
                out.append(("T" if tiles else "B", q, -1, -1, end))
            for i in dbl:
                for s in (0, 1):
                    side = lines[("T", q, i, s)]
                    if mine or side[2]:
                        out.append(("T", q, i, s, side[1]))
            stiles, send, _m, sdbl = lines[("S", q)]
            if stiles:
                out.append(("S", q, -1, -1, send))
                for i in sdbl:
                    for s in (0, 1):
                        out.append(("S", q, i, s, lines[("S", q, i, s)][1]))
            elif mine and main[0]:
                out.append(("S", q, -1, -1, send))
        return out

    def _plays(self, p: int, tiles) -> list[Move]:
        byv = self._by_value(tiles)
        names = self.names
        out: list[Move] = []
        for kind, owner, idx, side, v in self._targets(p):
            for t in byv.get(v, EMPTY):
                out.append(Play(t, kind, owner, idx, side, names[owner]))
        return out

    def _legal_moves(self) -> list[Move]:
        phase = self.phase
        if phase == PLAYING:
            p = self.cur
            if self.owed >= 0:
                return [KNOCK, QUIET]
            tiles = (self.picked,) if self.picked >= 0 else self.hands[p]
            out = self._plays(p, tiles)
            if not out:
                out = [PICK] if self.picked < 0 and self.boneyard else [MARK]
            if self.silent >= 0 and self.silent != p and self.boneyard:
                out.insert(0, CHALLENGE)  # MT-14: optional, before her own play
            return out
        if phase == ENGINE:
            d = self._engine_to_place()
            return [Play(d * 11, "C", self.cur, -1, -1, self.names[self.cur])]
        if phase == DRAWING:
            return [DRAW]
        if phase == SCORED:
            return [NEXT]
        return []

    def _engine_to_place(self) -> int:
        """The highest unused doublet the current player holds (MT-5)."""
        hand = self.hands[self.cur]
        for d in range(TOP, -1, -1):
            if d not in self.used and d * 11 in hand:
                return d
        raise AssertionError("the engine holder has no engine")

    def candidate_moves(self) -> list[Move]:
        legal = self.legal_moves()
        out = list(legal)
        out += [PICK, MARK, DRAW, NEXT, KNOCK, QUIET, CHALLENGE]
        if self.phase in (OVER,):
            return out
        p = self.cur
        hand = sorted(set(self.hands[p]))
        names = self.names
        targets = [("C", p, -1, -1)]
        for q in range(self.n):
            targets += [("B", q, -1, -1), ("T", q, -1, -1), ("S", q, -1, -1)]
            if self.lines:
                for kind in "TS":
                    for i in self.lines[(kind, q)][3]:
                        targets += [(kind, q, i, 0), (kind, q, i, 1)]
        targets.append(("T", p, 0, 0))  # a side of a tile that is no doublet (or absent)
        for t in hand[:6]:
            for kind, owner, idx, side in targets:
                out.append(Play(t, kind, owner, idx, side, names[owner]))
        missing = next(t for t in sorted(set(ALL_TILES)) if t not in self.hands[p])
        out.append(Play(missing, "T", p, -1, -1, names[p]))
        return out

    # -- refusals --------------------------------------------------------------------------

    def why_illegal(self, move: Move) -> IllegalMove:
        phase = self.phase
        if phase == OVER:
            return IllegalMove("MT-16", "the series is over")
        if move == NEXT:
            return IllegalMove("MT-15", "the hand is not over yet, so there is no next hand")
        if phase == SCORED:
            return IllegalMove(
                "MT-15", "this hand is over and scored: the only move is to deal the next hand"
            )
        if move == DRAW:
            return IllegalMove(
                "MT-17",
                "players draw together only when nobody holds any of the missing engines",
            )
        if phase == DRAWING:
            return IllegalMove(
                "MT-17", "nobody holds a missing engine: everybody draws until one turns up"
            )
        if phase == ENGINE:
            if isinstance(move, Play) and move.kind == "C":
                return IllegalMove(
                    "MT-5",
                    f"this hand's engine is {tile_text(self._engine_to_place() * 11)}, the "
                    "highest unused doublet that anybody holds",
                )
            return IllegalMove(
                "MT-5", "the hand begins when the engine is placed in the centre; nothing else"
            )
        p = self.cur
        who = self.names[p]
        if self.owed >= 0:
            return IllegalMove(
                "MT-14", f"{who} is down to one tile: first knock (or keep quiet and risk it)"
            )
        if move in (KNOCK, QUIET):
            return IllegalMove(
                "MT-14",
                "you knock when a play leaves you with one tile"
                + (
                    "; here the program knocks for you"
                    if self.game.options.knocking == "auto"
                    else ""
                ),
            )
        if move == CHALLENGE:
            if self.silent == p:
                return IllegalMove(
                    "MT-14", "you kept quiet yourself: only another player may challenge you"
                )
            if self.silent >= 0 and not self.boneyard:
                why = "the boneyard is empty: there is no penalty tile to pick"
            elif self.picked >= 0:
                why = "the chance to challenge ended with your pick"
            else:
                why = "nobody has kept quiet with one tile, so there is nobody to challenge"
            return IllegalMove("MT-14", why)
        plays = [m for m in self.legal_moves() if isinstance(m, Play)]
        if move == PICK:
            if self.picked >= 0:
                return IllegalMove("MT-8", "you have picked once this turn already")
            if plays:
                return IllegalMove(
                    "MT-8",
                    f"you can play ({plays[0]}), and you pick only when you have no play",
                )
            return IllegalMove("MT-8", "the boneyard is empty: there is nothing to pick")
        if move == MARK:
            if plays:
                return IllegalMove(
                    "MT-9", f"you can still play ({plays[0]}), so you may not mark and pass"
                )
            return IllegalMove(
                "MT-9", "pick a tile from the boneyard first: you mark only if it is no use"
            )
        if not isinstance(move, Play):
            return IllegalMove("MT-8", f"{move} is not a move of this game")
        tile, kind = move.tile, move.kind
        t = tile_text(tile)
        if kind == "C":
            return IllegalMove("MT-5", "the centre already holds this hand's engine")
        if tile not in self.hands[p]:
            return IllegalMove("MT-8", f"{who} holds no {t}")
        if self.picked >= 0 and tile != self.picked:
            return IllegalMove(
                "MT-8",
                f"after a pick you may play only the tile you picked, {tile_text(self.picked)}",
            )
        owner = move.owner
        if self.pending is not None:
            pk, po, pi, ps = self.pending
            target = Play(tile, pk, po, pi, ps, self.names[po]).target_text()
            need = self._targets(p)[0][4]
            if pk == "B":  # MT-6: the centre engine is followed up in a bay
                rule, doublet = "MT-6", f"the centre engine {tile_text(self.centre)}"
                how = f"with a {need} in {target}"
            else:
                rule, doublet, how = "MT-11", f"the doublet at {target}", f"with a {need}"
            if (kind, owner, move.idx, move.side) != self.pending:
                if self.layer == p and self.pend_mode == "layer":
                    return IllegalMove(rule, f"you must first follow up {doublet}, {how}")
                return IllegalMove(
                    rule, f"{doublet} must be satisfied first, {how} (doublets: satisfy)"
                )
            return IllegalMove(rule, f"{t} has no {need}: following up {doublet} needs a {need}")
        if not self.bay_done(p) and (kind, owner) != ("B", p):
            return IllegalMove(
                "MT-7",
                f"{who}'s bay is neither filled nor marked: fill it (or pick, or mark it) "
                "before any other play",
            )
        # the line itself
        key = move.key
        if move.idx >= 0:
            base = self.lines.get((kind, owner))
            if base is None or move.idx not in base[3]:
                return IllegalMove(
                    "MT-12",
                    f"tile {move.idx + 1} of {move.name}'s "
                    f"{'train' if kind == 'T' else 'side train'} is not a doublet with sides",
                )
        line = self.lines[key]
        tiles, end, marked, _d = line
        if kind == "B":
            if tiles:
                return IllegalMove("MT-8", f"{move.name}'s bay already holds an engine")
            if owner != p and not marked:
                return IllegalMove(
                    "MT-8",
                    f"{move.name}'s bay is not marked: you may put an engine only in your own "
                    "bay or in a marked one",
                )
        elif kind == "T":
            if not tiles and move.idx < 0:
                reason = f"{move.name}'s train has no engine yet"
                if owner != p and not marked:
                    reason += f", and only {move.name} may fill the bay while it is not marked"
                elif tile // 10 == end or tile % 10 == end:
                    reason += f": play {t} to {move.name}'s bay instead"
                else:
                    reason += f": its bay first needs an engine, a tile with a {end}"
                return IllegalMove("MT-8", reason)
            if owner != p and not marked:
                what = "train" if move.idx < 0 else "doublet side"
                return IllegalMove(
                    "MT-12" if move.idx >= 0 else "MT-8",
                    f"{move.name}'s {what} is not marked, so only {move.name} may add to it",
                )
        else:  # side train
            if not tiles and move.idx < 0:
                if owner != p:
                    return IllegalMove(
                        "MT-13", "you may start only your own side train, in front of you"
                    )
                if not self.lines[("T", p)][0]:
                    return IllegalMove(
                        "MT-13", "you may start a side train only once your bay holds an engine"
                    )
        if not (tile // 10 == end or tile % 10 == end):
            if kind == "B":
                return IllegalMove(
                    "MT-7", f"{t} has no {end}: an engine in a bay must match the centre's {end}"
                )
            if kind == "S" and not tiles:
                return IllegalMove(
                    "MT-13",
                    f"{t} has no {end}: a side train's first tile must match the centre's {end}",
                )
            return IllegalMove("MT-8", f"{t} has no {end}: the open end shows {end}")
        return IllegalMove("MT-8", f"{move} is not a legal play now")

    # -- playing ------------------------------------------------------------------------------

    def _copy(self) -> MexicanTrainState:
        new = MexicanTrainState.__new__(MexicanTrainState)
        new.game = self.game
        new.rng = self.rng
        new.names = self.names
        new.phase = self.phase
        new.hand_no = self.hand_no
        new.used = self.used
        new.engine = self.engine
        new.centre = self.centre
        new.first = self.first
        new.lead = self.lead
        new.cur = self.cur
        new.goround = self.goround
        new.hands = list(self.hands)
        new.boneyard = self.boneyard
        new.lines = dict(self.lines)
        new.pending = self.pending
        new.layer = self.layer
        new.pend_mode = self.pend_mode
        new.picked = self.picked
        new.stuck = self.stuck
        new.owed = self.owed
        new.silent = self.silent
        new.knocked = self.knocked
        new.totals = self.totals
        new.hand_scores = self.hand_scores
        return new

    def _play(self, move: Move) -> None:
        # MT-14: the chance to challenge lasts until another player's first move; the quiet
        # player's own follow-up of a doublet does not end it
        if self.silent >= 0 and self.cur != self.silent:
            if move == CHALLENGE:  # MT-14: the silent player picks a penalty tile
                *rest, tile = self.boneyard
                self.boneyard = tuple(rest)
                q = self.silent
                self.hands[q] = (*self.hands[q], tile)
                self.silent = -1
                return
            self.silent = -1
        if move in (KNOCK, QUIET):
            p = self.owed
            self.owed = -1
            self.silent = p if move == QUIET else -1
            others = tuple(q for q in self.knocked if q != p)
            self.knocked = (*others, p) if move == KNOCK else others
            if not (self.pending is not None and self.layer == p and self.pend_mode == "layer"):
                self._next_turn()
            return
        if isinstance(move, Play):
            if move[1] == "C":
                self._place_centre(move[0])
            else:
                self._lay(move)
        elif move == PICK:
            *rest, tile = self.boneyard
            self.boneyard = tuple(rest)
            self.hands[self.cur] = (*self.hands[self.cur], tile)
            self.picked = tile
        elif move == MARK:
            self._mark()
        elif move == DRAW:
            self._draw_round()
        elif move == NEXT:
            self._deal()

    def _next_turn(self) -> None:
        self.cur = (self.cur + 1) % self.n
        self.picked = -1
        if self.cur == self.lead:
            self.goround += 1

    def _place_centre(self, tile: int) -> None:
        p = self.cur
        hand = list(self.hands[p])
        hand.remove(tile)
        self.hands[p] = tuple(hand)
        d = tile % 10
        self.engine = d
        self.centre = tile
        self.lines = {}
        for q in range(self.n):
            self.lines[("T", q)] = ((), d, False, ())
            self.lines[("S", q)] = ((), d, False, ())
        self.phase = PLAYING
        self.lead = p
        self.goround = 1
        self.stuck = 0
        self.picked = -1
        if not hand:  # cannot happen with real hand sizes; kept for hand_size=1
            self._end_hand()
            return
        self.pending = ("B", p, -1, -1)
        self.layer = p
        self.pend_mode = "layer"

    def _lay(self, move: Play) -> None:
        p = self.cur
        tile, kind, owner, idx, side = move[0], move[1], move[2], move[3], move[4]
        hand = list(self.hands[p])
        hand.remove(tile)
        self.hands[p] = tuple(hand)
        key = move.key
        lines = self.lines
        tiles, end, marked, dbl = lines[key]
        pos = len(tiles)
        if marked and owner == p:
            marked = False  # MT-10: your own play lifts your marker
        double = tile // 10 == tile % 10
        if double and len(key) == 2:
            dbl = (*dbl, pos)
            lines[(key[0], owner, pos, 0)] = ((), end, False, ())
            lines[(key[0], owner, pos, 1)] = ((), end, False, ())
        lines[key] = ((*tiles, tile), other_end(tile, end), marked, dbl)
        self.stuck = 0
        if not hand:  # MT-14: out, even on a doublet
            self._end_hand()
            return
        if double:
            self.pending = ("T" if kind == "B" else kind, owner, idx, side)
            self.layer = p
            self.pend_mode = "layer"
            self.picked = -1
        else:
            self.pending = None
        if len(hand) == 1 and self.game.options.knocking == "table":
            self.owed = p  # MT-14: knock now, or keep quiet
            self.picked = -1
            return
        if not double:
            self._next_turn()

    def _mark(self) -> None:
        p = self.cur
        lines = self.lines
        key = ("T", p)
        tiles, end, marked, dbl = lines[key]
        changed = False
        if not marked:
            lines[key] = (tiles, end, True, dbl)
            changed = True
        elif dbl:  # MT-9: the end is marked already: mark a side of the last doublet
            i = dbl[-1]
            for s in (0, 1):
                st, se, sm, sd = lines[("T", p, i, s)]
                if not sm:
                    lines[("T", p, i, s)] = (st, se, True, sd)
                    changed = True
                    break
        if self.pending is not None and self.pend_mode == "layer":
            if self.game.options.doublets == "satisfy":
                self.pend_mode = "satisfy"
            else:
                self.pending = None
        if changed or self.picked >= 0:
            self.stuck = 0
        else:
            self.stuck += 1
        self._next_turn()
        if self.stuck >= self.n:  # MT-15: a whole go-round with no play: blocked
            self._end_hand()

    def _end_hand(self) -> None:
        self.hand_scores = tuple(sum(tile_value(t) for t in h) for h in self.hands)
        self.totals = tuple(a + b for a, b in zip(self.totals, self.hand_scores, strict=True))
        self.used = tuple(sorted((*self.used, self.engine), reverse=True))
        self.hand_no += 1
        self.pending = None
        self.picked = -1
        self.owed = self.silent = -1
        self.knocked = ()
        if self.hand_no >= self.game.options.hands or len(self.used) > TOP:
            self.phase = OVER
        else:
            self.phase = SCORED

    def _deal(self) -> None:
        rng = self.rng
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        size = self.game.options.hand_size
        n = self.n
        self.hands = [tuple(tiles[i * size : (i + 1) * size]) for i in range(n)]
        self.boneyard = tuple(tiles[n * size :])
        self._begin_hand(self.hand_no % n)

    def _begin_hand(self, first: int) -> None:
        """MT-5: find the engine holder (or start the simultaneous draw, MT-17)."""
        self.first = first
        self.lead = first
        self.cur = first
        self.goround = 0
        self.engine = -1
        self.centre = -1
        self.lines = {}
        self.pending = None
        self.layer = -1
        self.pend_mode = ""
        self.picked = -1
        self.stuck = 0
        self.owed = -1
        self.silent = -1
        self.knocked = ()
        self.hand_scores = None
        holder = self._find_engine_holder()
        if holder is None:
            self.phase = DRAWING
        else:
            self.phase = ENGINE
            self.cur = holder

    def _find_engine_holder(self) -> int | None:
        n = self.n
        for d in range(TOP, -1, -1):
            if d in self.used:
                continue
            code = d * 11
            for k in range(n):
                q = (self.first + k) % n
                if code in self.hands[q]:
                    return q
        return None

    def _draw_round(self) -> None:
        """MT-17: everybody draws one tile at once; the highest missing engine found
        is placed by the player who drew it."""
        n = self.n
        found = None
        bone = list(self.boneyard)
        for k in range(n):
            q = (self.first + k) % n
            if not bone:
                break
            t = bone.pop()
            self.hands[q] = (*self.hands[q], t)
            d = t // 10
            if t % 10 == d and d not in self.used and (found is None or d > found[0]):
                found = (d, q)
        self.boneyard = tuple(bone)
        if found is not None:
            self.phase = ENGINE
            self.cur = found[1]

    # -- components, data ---------------------------------------------------------------------

    def components(self) -> Counter:
        c: Counter = Counter()
        for h in self.hands:
            c.update(h)
        c.update(self.boneyard)
        for line in self.lines.values():
            c.update(line[0])
        if self.centre >= 0:
            c[self.centre] += 1
        return Counter({Domino(t // 10, t % 10): k for t, k in c.items()})

    def to_data(self) -> dict[str, Any]:
        def tt(ts):
            return " ".join(tile_text(t) for t in ts)

        lines = []
        for key in sorted(self.lines, key=lambda k: (k[0], *k[1:])):
            tiles, end, marked, dbl = self.lines[key]
            lines.append([list(key), tt(tiles), end, marked, list(dbl)])
        return {
            "names": list(self.names),
            "phase": self.phase,
            "hand_no": self.hand_no,
            "used": list(self.used),
            "engine": self.engine,
            "centre": tile_text(self.centre) if self.centre >= 0 else None,
            "first": self.first,
            "lead": self.lead,
            "cur": self.cur,
            "goround": self.goround,
            "hands": [tt(h) for h in self.hands],
            "boneyard": tt(self.boneyard),
            "lines": lines,
            "pending": list(self.pending) if self.pending is not None else None,
            "layer": self.layer,
            "pend_mode": self.pend_mode,
            "picked": tile_text(self.picked) if self.picked >= 0 else None,
            "stuck": self.stuck,
            "owed": self.owed,
            "silent": self.silent,
            "knocked": list(self.knocked),
            "totals": list(self.totals),
            "hand_scores": list(self.hand_scores) if self.hand_scores is not None else None,
        }

    def parse_move(self, text: str) -> Move:
        text = text.strip()
        low = text.lower()
        if low in WORDS:
            return WORDS[low]
        head, sep, tail = text.replace("->", ARROW).partition(ARROW)
        if not sep:
            raise ValueError(f"not a Mexican Train move: {text!r}")
        tile = tile_code(head.strip())
        tail = tail.strip()
        if tail == "centre":
            return Play(tile, "C", self.cur, -1, -1, self.names[self.cur])
        m = _TARGET.match(tail)
        if not m:
            raise ValueError(f"not a place on the table: {tail!r}")
        name = m["name"]
        if name not in self.names:
            raise ValueError(f"nobody called {name!r} plays here")
        owner = self.names.index(name)
        kind = {"bay": "B", "train": "T", "side train": "S"}[m["what"]]
        idx, side = -1, -1
        if m["tile"]:
            if kind == "B":
                raise ValueError("a bay has no doublet sides")
            idx, side = int(m["tile"]) - 1, "ab".index(m["side"])
        return Play(tile, kind, owner, idx, side, name)

    def picks(self, move: Move) -> tuple[str, ...]:
        """On the board, a play picks the tile in hand, then where it goes (the centre, a
        bay, a train, a side train, or the half of a doublet whose side it goes to); a
        mark picks where the marker goes; a pick, the simultaneous draw and the deal of
        the next hand pick the boneyard; a challenge picks the tile count of the player
        who kept quiet. Knocking and keeping quiet are buttons.

        >>> import gamebox
        >>> s = gamebox.load("mexican-train", players=8).start(2)
        >>> s.picks(s.legal_moves()[0])
        ('[9:9]', 'centre')
        >>> s = s.apply("[9:9] → centre")
        >>> s.picks(s.parse_move("[9:3] → Joe's bay")), s.picks(PICK), s.picks(MARK)
        (('[9:3]', "Joe's bay"), ('boneyard',), ("Joe's bay",))
        """
        if isinstance(move, Play):
            return (tile_text(move.tile), move.target_text())
        if move in (PICK, DRAW, NEXT):
            return (BONEYARD,)
        if move == MARK and self.phase == PLAYING:
            return (self._mark_place(),)
        if move == CHALLENGE and self.silent >= 0:
            return (tiles_text(self.names[self.silent]),)
        return ()

    def _mark_place(self) -> str:
        """Where a mark puts the marker (MT-9): the end of the mover's train (or her bay),
        or, when that is marked already, a side of her last doublet."""
        p, name = self.cur, self.names[self.cur]
        tiles, _end, marked, dbl = self.lines[("T", p)]
        if not tiles:
            return place_text("B", name)
        if marked and dbl:
            for side in (0, 1):
                if not self.lines[("T", p, dbl[-1], side)][2]:
                    return place_text("T", name, dbl[-1], side)
        return place_text("T", name)

    # -- display -----------------------------------------------------------------------------

    def line_text(self, key: tuple, start: int, limit: int = 0) -> str:
        """A line's tiles as laid (each turned so that it joins the one before)."""
        tiles = self.lines[key][0]
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

    def summary(self) -> str:
        sizes = " ".join(str(len(h)) for h in self.hands)
        tot = " ".join(map(str, self.totals))
        where = f"hand {self.hand_number}"
        if self.phase == PLAYING:
            where += f" go-round {self.goround}"
        return f"{where} | tiles {sizes} | boneyard {len(self.boneyard)} | totals {tot}"

    def one_tile_word(self, q: int) -> str:
        """What the table knows of player ``q`` who is down to one tile, or who kept quiet
        and may still be challenged (MT-14); "" when it knows nothing more: under table
        knocking, a player who kept quiet and was not challenged in time."""
        if q == self.owed:
            return "to knock or keep quiet"
        if q == self.silent:
            return "kept quiet"
        knocked = self.game.options.knocking == "auto" or q in self.knocked
        return "knock!" if knocked else ""

    def __str__(self) -> str:
        return self.describe()

    def describe(self, viewer: int | None = None) -> str:
        """The position as text, with the hand of the player to move, or of ``viewer``."""
        opts = self.game.options
        out = []
        head = f"Hand {self.hand_number} of {opts.hands}"
        if self.engine >= 0:
            head += f" · engine {tile_text(self.centre)}"
        if self.phase == PLAYING:
            head += f" · go-round {self.goround}"
        head += f" · boneyard {len(self.boneyard)} · doublets: {opts.doublets}"
        out.append(head)
        width = max(len(x) for x in self.names)
        for q, name in enumerate(self.names):
            lead = ">" if q == self.cur and self.phase != OVER else " "
            count = len(self.hands[q])
            row = f"{lead}{name:<{width}} {count:>2} tile{'s' if count != 1 else ''}"
            if self.phase == PLAYING and (count == 1 or q == self.silent):
                row += f" {self.one_tile_word(q)}".rstrip()
            if self.lines:
                tiles, _end, marked, dbl = self.lines[("T", q)]
                if tiles:
                    row += f" | train {self.line_text(('T', q), self.engine, 8)}"
                else:
                    row += " | bay empty"
                if marked:
                    row += " (marked)"
                for i in dbl:
                    for s in (0, 1):
                        sk = ("T", q, i, s)
                        st, _se, sm, _ = self.lines[sk]
                        if st or sm:
                            side = self.line_text(sk, tiles[i] % 10, 4) or "-"
                            row += f" | tile {i + 1} side {'ab'[s]}: {side}"
                            row += " (marked)" if sm else ""
                stiles, _e, _m, sdbl = self.lines[("S", q)]
                if stiles:
                    row += f" | side train {self.line_text(('S', q), self.engine, 6)}"
                    for i in sdbl:
                        for s in (0, 1):
                            sk = ("S", q, i, s)
                            if self.lines[sk][0]:
                                side = self.line_text(sk, stiles[i] % 10, 4)
                                row += f" | side tile {i + 1} side {'ab'[s]}: {side}"
            row += f" | total {self.totals[q]}"
            if self.hand_scores is not None:
                row += f" (hand {self.hand_scores[q]})"
            out.append(row)
        if self.phase == OVER:
            out.append("Series over: " + ", ".join(self.names[w] for w in self.winners) + " won")
        else:
            p = self.cur if viewer is None else viewer
            hand = " ".join(tile_text(t) for t in sorted(self.hands[p], reverse=True))
            if p == self.cur:
                out.append(f"{self.names[p]} to move, holding {hand}")
            else:
                out.append(f"{self.names[self.cur]} to move; {self.names[p]} holds {hand}")
            if self.pending is not None:
                pk, po, pi, ps = self.pending
                where = Play(0, pk, po, pi, ps, self.names[po]).target_text()
                out.append(f"open doublet to follow up at {where}")
        return "\n".join(out)


# --------------------------------------------------------------------------- the game


class MexicanTrain(Game):
    """Dual Mexican Train for 6-10 players (2-5 with the ``hand_size`` extension)."""

    name = "mexican-train"
    title = "Dual Mexican Train"
    rule_prefix = "MT"
    min_players = 2
    max_players = 10
    options_type = MexicanTrainOptions
    variants = ({"doublets": "follow-up"}, {"knocking": "table", "hands": 3})

    def resolve_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = dict(options)
        if opts.get("doublets", "satisfy") not in ("satisfy", "follow-up"):
            raise ValueError("doublets is 'satisfy' or 'follow-up'")
        if opts.get("knocking", "auto") not in ("auto", "table"):
            raise ValueError("knocking is 'auto' or 'table'")
        hands = opts.get("hands", 10)
        if not 1 <= hands <= 10:
            raise ValueError("a series has 1 to 10 hands")
        if opts.get("hand_size") is None:
            opts["hand_size"] = HAND_SIZES[players]
        size = opts["hand_size"]
        if not size >= 1 or size * players > len(ALL_TILES) - 8:
            raise ValueError(f"{players} players cannot be dealt {size} tiles each")
        return opts

    def components(self) -> Counter:
        return Counter(Domino(t // 10, t % 10) for t in ALL_TILES)

    def score_range(self) -> tuple[int, int]:
        return (0, 10 * sum(tile_value(t) for t in ALL_TILES))

    def _blank(self, rng: Rng, names: tuple[str, ...]) -> MexicanTrainState:
        s = MexicanTrainState.__new__(MexicanTrainState)
        s._init_state(self, rng)
        s.names = names
        s.phase = SCORED
        s.hand_no = 0
        s.used = ()
        s.totals = (0,) * self.players
        s.hand_scores = None
        s.owed = s.silent = -1
        s.knocked = ()
        s.hands = [()] * self.players
        s.boneyard = ()
        return s

    def start(self, seed: int) -> MexicanTrainState:
        s = self._blank(Rng(seed), DEFAULT_NAMES[: self.players])
        s._deal()
        return s

    def setup(
        self,
        *,
        hands: list,
        boneyard: str | list = "",
        names: list[str] | tuple[str, ...] | None = None,
        hand_no: int = 0,
        used: str | list = (),
        totals: list[int] | None = None,
        first: int | None = None,
        seed: int = 0,
    ) -> MexicanTrainState:
        """An explicit deal: ``hands`` (one tile string per player), ``boneyard`` (the
        tiles picked first, in order; the rest of the 110 follow in a seeded order),
        ``names``, ``hand_no`` (hands already played), ``used`` (their engines, e.g.
        ``"9 8 7"``), ``totals`` (the series so far), ``first`` (who sits first)."""
        n = self.players
        names = tuple(names) if names else DEFAULT_NAMES[:n]
        if len(names) != n or len(hands) != n:
            raise ValueError(f"give {n} names and {n} hands")
        dealt = [tuple(parse_tiles(h)) for h in hands]
        top = parse_tiles(boneyard)
        rest = Counter(ALL_TILES)
        for t in [t for h in dealt for t in h] + top:
            if rest[t] <= 0:
                raise ValueError(f"there are only two {tile_text(t)} tiles")
            rest[t] -= 1
        others = sorted(rest.elements())
        Rng(seed).shuffle(others)
        s = self._blank(Rng(seed), names)
        s.hands = dealt
        s.boneyard = tuple(others + top[::-1])  # picks come off the end
        s.hand_no = hand_no
        if isinstance(used, str):
            used = [int(x) for x in used.split()]
        s.used = tuple(sorted(used, reverse=True))
        s.totals = tuple(totals) if totals else (0,) * n
        s._begin_hand(hand_no % n if first is None else first)
        return s

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> MexicanTrainState:
        d = position
        s = self._blank(rng, tuple(d["names"]))
        s.phase = d["phase"]
        s.hand_no = d["hand_no"]
        s.used = tuple(d["used"])
        s.engine = d["engine"]
        s.centre = tile_code(d["centre"]) if d["centre"] else -1
        s.first = d["first"]
        s.lead = d["lead"]
        s.cur = d["cur"]
        s.goround = d["goround"]
        s.hands = [tuple(parse_tiles(h)) for h in d["hands"]]
        s.boneyard = tuple(parse_tiles(d["boneyard"]))
        s.lines = {
            tuple(key): (tuple(parse_tiles(tiles)), end, marked, tuple(dbl))
            for key, tiles, end, marked, dbl in d["lines"]
        }
        s.pending = tuple(d["pending"]) if d["pending"] is not None else None
        s.layer = d["layer"]
        s.pend_mode = d["pend_mode"]
        s.picked = tile_code(d["picked"]) if d["picked"] else -1
        s.stuck = d["stuck"]
        s.owed = d.get("owed", -1)
        s.silent = d.get("silent", -1)
        s.knocked = tuple(d.get("knocked", ()))
        s.totals = tuple(d["totals"])
        s.hand_scores = tuple(d["hand_scores"]) if d["hand_scores"] is not None else None
        return s
