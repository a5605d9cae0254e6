"""Dual Mexican Train: the rules as code.

Two double-nine sets (110 tiles) are dealt to 6-10 players, who build trains out of a
roundhouse: each player's own train starts in her *engine bay* and radiates from the
centre engine, a doublet that changes every *hand* ([9:9] in the first, [0:0] in the
tenth). A *hand* is one deal; a *go-round* is one turn for every player (MT-4).

The pieces and their notation (tiles, moves, move texts, the keys of the lines) live
in :mod:`gamebox.games.mexican_train.moves`, the position drawn and written out in
:mod:`gamebox.games.mexican_train.render`; this module holds the options, the state
with its legal moves and refusals (one ``_why_*`` check per kind of move), applying a
move, scoring, loading and checking a position, and the game.

>>> import gamebox
>>> game = gamebox.load("mexican-train", players=8)
>>> state = game.start(seed=2)
>>> state.names[state.current_player], state.legal_moves()
('Joe', [Play('[9:9] → centre')])
>>> game.start(seed=1).legal_moves()  # nobody holds a [9:9]: it waits for a later hand
[Play('[8:8] → centre')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamebox.checks import require, whole, wholes
from gamebox.core import (
    Game,
    IllegalMove,
    Move,
    Options,
    State,
    Viewpoint,
    option,
    refuses,
    shorten,
)
from gamebox.games.mexican_train.moves import (
    ALL_TILES,
    BONEYARD,
    CHALLENGE,
    DEFAULT_NAMES,
    DRAW,
    DRAWING,
    DRAWS,
    ENGINE,
    HAND_SIZES,
    HAS,
    KEPT_BACK,
    KNOCK,
    KNOCKS,
    MARK,
    MARKS,
    NAME,
    NEXT,
    NEXTS,
    NONE_SHOWN,
    OVER,
    PEND_MODES,
    PHASES,
    PICK,
    PICKS,
    PLAYING,
    QUIET,
    SCORED,
    SHOWING,
    SIDE_TRAIN,
    SPOTS,
    TILE_CODES,
    TOP,
    TRAIN,
    Challenge,
    Draw,
    KeepQuiet,
    Knock,
    Mark,
    NextHand,
    Pick,
    Play,
    domino,
    inserted,
    is_double,
    line_key,
    line_ok,
    line_order,
    new_tuple,
    parse_move,
    parse_tiles,
    place_text,
    tile_code,
    tile_row,
    tile_text,
    tile_value,
    tiles_ok,
    tiles_text,
)
from gamebox.games.mexican_train.render import describe
from gamebox.rng import Rng

# ---------------------------------------------------------------------- options


@dataclass(frozen=True)
class MexicanTrainOptions(Options):
    """The table's choices, announced before the series."""

    doublets: str = option(
        "satisfy",
        "who answers a doublet its layer could not follow up: the next players in turn "
        "('satisfy', as in the source's example) or nobody ('follow-up')",
        rule="MT-3",
        choices=("satisfy", "follow-up"),
    )
    hands: int = option(
        10, "how many of the ten hands the series plays", rule="MT-16", low=1, high=10
    )
    hand_size: int | None = option(
        None,
        "tiles dealt to each player; by default the source's number for the table "
        "(for two to five players, the project's extension)",
        rule="MT-2",
        low=1,
        high=(len(ALL_TILES) - KEPT_BACK) // 2,
    )
    knocking: str = option(
        "auto",
        "'auto': the program knocks for everybody; 'table': players knock themselves, "
        "and one who keeps quiet risks a challenge",
        rule="MT-14",
        choices=("auto", "table"),
    )


#: The fields a position's JSON holds as they are (``_PLAIN``) or as lists
#: (``_LISTED``, tuples in the state): ``state_from_data`` reads them back unchanged,
#: for ``_validate`` to check.
_PLAIN = ("phase", "hand_no", "engine", "first", "lead", "player", "goround", "layer",
          "pend_mode", "stuck", "owed", "silent")  # fmt: skip
_LISTED = ("used", "knocked", "totals")


class MexicanTrainState(State):
    """A position: the hand in progress (or just scored) and the series totals."""

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

    def __init__(self, game: MexicanTrain, rng: Rng, names: tuple[str, ...]) -> None:
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

    # -- the protocol's read-only views ---------------------------------------------

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

    # -- legal moves -------------------------------------------------------------------

    def _plays(self, p: int) -> list[Move]:
        """Every tile player ``p`` may lay now, following the duties of MT-6..MT-8: the
        tile she picked this turn, or any tile of her hand (a tile held twice once), on
        each open end it matches, end by end in the order of ``lines`` (seat by seat:
        her train, its doublets' sides, her side train, its doublets' sides)."""
        tiles = (self.picked,) if self.picked >= 0 else self.hands[p]
        lines = self.lines
        ends = []  # (kind, owner, idx, side, number) of each open end she might use
        pending = self.pending
        if pending is not None:  # MT-6, MT-11: the open doublet, and nothing else
            kind, owner, idx, side = pending
            key = (TRAIN[owner] if kind == "B" else (kind, owner)) if idx < 0 else pending
            ends.append((kind, owner, idx, side, lines[key][1]))
        elif not (main := lines[TRAIN[p]])[0] and not main[2]:  # MT-7: her bay first
            ends.append(("B", p, -1, -1, self.engine))
        else:
            shown = [*NONE_SHOWN]  # the numbers her tiles show: an end showing none
            for t in tiles:  # takes none
                hi, lo = SPOTS[t]
                shown[hi] = shown[lo] = True
            for key, (line, end, marked, _d) in lines.items():
                if not shown[end]:
                    continue
                kind, owner = key[0], key[1]
                if len(key) == 4:  # a doublet's side: its owner's, or marked (MT-12, MT-13)
                    if kind == "S" or owner == p or marked:
                        ends.append((kind, owner, key[2], key[3], end))
                elif kind == "T":  # her own train, or a marked one (MT-8)
                    if owner == p or marked:
                        ends.append(("T" if line else "B", owner, -1, -1, end))
                elif line or (owner == p and main[0]):  # any side train, or start hers
                    ends.append(("S", owner, -1, -1, end))
        names = self.names
        out: list[Move] = []
        for kind, owner, idx, side, v in ends:
            has, laid = SHOWING[v], []
            for t in tiles:
                if has[t] and t not in laid:  # a tile she holds twice plays once
                    laid.append(t)
                    out.append(new_tuple(Play, (t, kind, owner, idx, side, names[owner])))
        return out

    def _legal_moves(self) -> list[Move] | tuple[Move, ...]:
        phase = self.phase
        if phase == PLAYING:
            p = self.player
            if self.owed >= 0:
                return KNOCKS
            out = self._plays(p) or (PICKS if self.picked < 0 and self.boneyard else MARKS)
            if self.silent >= 0 and self.silent != p and self.boneyard:
                return [CHALLENGE, *out]  # MT-14: optional, before her own play
            return out
        if phase == ENGINE:
            p = self.player
            return [Play(self._engine_to_place(), "C", p, -1, -1, self.names[p])]
        if phase == DRAWING:
            return DRAWS
        return NEXTS  # SCORED

    def _engine_to_place(self) -> int:
        """The tile of the highest unused doublet the player to move holds (MT-5)."""
        hand = self.hands[self.player]
        return next(d * 11 for d in range(TOP, -1, -1) if d not in self.used and d * 11 in hand)

    def candidate_moves(self) -> list[Move]:
        out = self.legal_moves()
        out += [PICK, MARK, DRAW, NEXT, KNOCK, QUIET, CHALLENGE]
        if self.outcome is not None:
            return out
        p, n = self.player, self.n
        hand = sorted(set(self.hands[p]))
        names = self.names
        targets = [("C", p, -1, -1)]
        for q in range(n):
            targets += [("B", q, -1, -1), ("T", q, -1, -1), ("S", q, -1, -1)]
            if self.lines:
                for kind in "TS":
                    for i in self.lines[(kind, q)][3]:
                        targets += [(kind, q, i, 0), (kind, q, i, 1)]
        targets.append(("T", p, 0, 0))  # a side of a tile that is no doublet (or absent)
        for t in hand[:6]:
            for kind, owner, idx, side in targets:
                out.append(Play(t, kind, owner, idx, side, names[owner]))
        missing = next((t for t in sorted(TILE_CODES) if t not in self.hands[p]), None)
        if missing is not None:
            out.append(Play(missing, "T", p, -1, -1, names[p]))
        # moves no table can make: a seat that does not exist, a tile no set has
        out.append(Play(hand[0] if hand else 0, "T", n, -1, -1, "Nobody"))
        out.append(Play(100, "T", p, -1, -1, names[p]))
        return out

    # -- refusals: one check per kind of move ------------------------------------------

    def why_over(self) -> IllegalMove:
        played = self.hand_no
        return IllegalMove(
            "MT-16",
            f"the series is over after {played} hand{'s' if played != 1 else ''}: "
            "the lowest total has won",
        )

    def _phase_refusal(self) -> IllegalMove | None:
        """Why no player may lay a tile, pick, mark, knock or challenge now: between
        hands, during the simultaneous draw, or before the engine is placed."""
        phase = self.phase
        if phase == PLAYING:
            return None
        if phase == SCORED:
            return IllegalMove(
                "MT-15", "this hand is over and scored: the only move is to deal the next hand"
            )
        if phase == DRAWING:
            return IllegalMove(
                "MT-17", "nobody holds a missing engine: everybody draws until one turns up"
            )
        return IllegalMove(
            "MT-5", "the hand begins when the engine is placed in the centre; nothing else"
        )

    def _owed_refusal(self) -> IllegalMove | None:
        if self.owed < 0:
            return None
        return IllegalMove(
            "MT-14",
            f"{self.names[self.owed]} is down to one tile: first knock (or keep quiet and risk it)",
        )

    @refuses(Play)
    def _why_play(self, move: Play) -> IllegalMove | None:
        tile, kind, owner = move.tile, move.kind, move.owner
        p = self.player
        if self.phase == ENGINE and kind == "C":
            engine = self._engine_to_place()
            if tile != engine:
                return IllegalMove(
                    "MT-5",
                    f"this hand's engine is {tile_text(engine)}, the highest unused doublet "
                    "that anybody holds",
                )
            if owner != p:
                return IllegalMove(
                    "MT-5", f"{self.names[p]} holds the engine {tile_text(engine)} and places it"
                )
            return None
        err = self._phase_refusal() or self._owed_refusal()
        if err is not None:
            return err
        who, t = self.names[p], tile_text(tile)
        if kind == "C":
            return IllegalMove("MT-5", "the centre already holds this hand's engine")
        if tile not in self.hands[p]:
            return IllegalMove("MT-8", f"{who} holds no {t}")
        if self.picked >= 0 and tile != self.picked:
            return IllegalMove(
                "MT-8",
                f"after a pick you may play only the tile you picked, {tile_text(self.picked)}",
            )
        if self.pending is not None:
            return self._why_not_the_follow_up(move)
        if not self.bay_done(p) and (kind, owner) != ("B", p):
            return IllegalMove(
                "MT-7",
                f"{who}'s bay is neither filled nor marked: fill it (or pick, or mark it) "
                "before any other play",
            )
        return self._why_not_on_this_line(move)

    def _why_not_the_follow_up(self, move: Play) -> IllegalMove | None:
        """While a doublet is open (MT-6, MT-11), the one play is its follow-up."""
        pk, po, pi, ps = self.pending
        target = place_text(pk, self.names[po], pi, ps)
        need = self.lines[line_key(*self.pending)][1]
        if pk == "B":  # MT-6: the centre engine is followed up in a bay
            rule, doublet = "MT-6", f"the centre engine {tile_text(self.centre)}"
            how = f"with a {need} in {target}"
        else:
            rule, doublet, how = "MT-11", f"the doublet at {target}", f"with a {need}"
        if (move.kind, move.owner, move.idx, move.side) != self.pending:
            if self.layer == self.player and self.pend_mode == "layer":
                return IllegalMove(rule, f"you must first follow up {doublet}, {how}")
            return IllegalMove(
                rule, f"{doublet} must be satisfied first, {how} (doublets: satisfy)"
            )
        if move.tile not in HAS[need]:
            return IllegalMove(
                rule, f"{tile_text(move.tile)} has no {need}: following up {doublet} needs a {need}"
            )
        return None

    def _why_not_on_this_line(self, move: Play) -> IllegalMove | None:
        """The line's own rules: who may add to it (MT-8, MT-12, MT-13), and matching."""
        tile, kind, owner, idx, name = move.tile, move.kind, move.owner, move.idx, move.name
        p, t = self.player, tile_text(tile)
        if idx >= 0 and idx not in self.lines[(kind, owner)][3]:
            return IllegalMove(
                "MT-12",
                f"tile {idx + 1} of {name}'s {'train' if kind == 'T' else 'side train'} is "
                "not a doublet with sides",
            )
        tiles, end, marked, _d = self.lines[move.key]
        if kind == "B":
            if tiles:
                return IllegalMove("MT-8", f"{name}'s bay already holds an engine")
            if owner != p and not marked:
                return IllegalMove(
                    "MT-8",
                    f"{name}'s bay is not marked: you may put an engine only in your own "
                    "bay or in a marked one",
                )
        elif kind == "T":
            if not tiles and idx < 0:
                reason = f"{name}'s train has no engine yet"
                if owner != p and not marked:
                    reason += f", and only {name} may fill the bay while it is not marked"
                elif tile in HAS[end]:
                    reason += f": play {t} to {name}'s bay instead"
                else:
                    reason += f": its bay first needs an engine, a tile with a {end}"
                return IllegalMove("MT-8", reason)
            if owner != p and not marked:
                what = "train" if idx < 0 else "doublet side"
                return IllegalMove(
                    "MT-12" if idx >= 0 else "MT-8",
                    f"{name}'s {what} is not marked, so only {name} may add to it",
                )
        elif not tiles and idx < 0:  # a side train's first tile
            if owner != p:
                return IllegalMove(
                    "MT-13", "you may start only your own side train, in front of you"
                )
            if not self.lines[("T", p)][0]:
                return IllegalMove(
                    "MT-13", "you may start a side train only once your bay holds an engine"
                )
        if tile not in HAS[end]:
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
        return None

    @refuses(Pick)
    def _why_pick(self, move: Pick) -> IllegalMove | None:
        err = self._phase_refusal() or self._owed_refusal()
        if err is not None:
            return err
        if self.picked >= 0:
            return IllegalMove("MT-8", "you have picked once this turn already")
        plays = self._plays(self.player)
        if plays:
            return IllegalMove(
                "MT-8", f"you can play ({plays[0]}), and you pick only when you have no play"
            )
        if not self.boneyard:
            return IllegalMove("MT-8", "the boneyard is empty: there is nothing to pick")
        return None

    @refuses(Mark)
    def _why_mark(self, move: Mark) -> IllegalMove | None:
        err = self._phase_refusal() or self._owed_refusal()
        if err is not None:
            return err
        plays = self._plays(self.player)
        if plays:
            return IllegalMove(
                "MT-9", f"you can still play ({plays[0]}), so you may not mark and pass"
            )
        if self.picked < 0 and self.boneyard:
            return IllegalMove(
                "MT-9", "pick a tile from the boneyard first: you mark only if it is no use"
            )
        return None

    @refuses(Knock, KeepQuiet)
    def _why_knock(self, move: Knock | KeepQuiet) -> IllegalMove | None:
        err = self._phase_refusal()
        if err is not None:
            return err
        if self.owed < 0:
            auto = self.game.options.knocking == "auto"
            return IllegalMove(
                "MT-14",
                "you knock when a play leaves you with one tile"
                + ("; here the program knocks for you" if auto else ""),
            )
        return None

    @refuses(Challenge)
    def _why_challenge(self, move: Challenge) -> IllegalMove | None:
        err = self._phase_refusal() or self._owed_refusal()
        if err is not None:
            return err
        if self.silent == self.player:
            return IllegalMove(
                "MT-14", "you kept quiet yourself: only another player may challenge you"
            )
        if self.silent >= 0:
            if not self.boneyard:
                return IllegalMove(
                    "MT-14", "the boneyard is empty: there is no penalty tile to pick"
                )
            return None
        if self.picked >= 0:
            return IllegalMove("MT-14", "the chance to challenge ended with your pick")
        return IllegalMove(
            "MT-14", "nobody has kept quiet with one tile, so there is nobody to challenge"
        )

    @refuses(Draw)
    def _why_draw(self, move: Draw) -> IllegalMove | None:
        if self.phase == DRAWING:
            return None
        if self.phase == SCORED:
            return self._phase_refusal()
        return IllegalMove(
            "MT-17", "players draw together only when nobody holds any of the missing engines"
        )

    @refuses(NextHand)
    def _why_next_hand(self, move: NextHand) -> IllegalMove | None:
        if self.phase == SCORED:
            return None
        return IllegalMove("MT-15", "the hand is not over yet, so there is no next hand")

    # -- playing ------------------------------------------------------------------------------

    def _play(self, move: Move) -> None:
        kind = move.__class__
        # MT-14: the chance to challenge lasts until another player's first move; the quiet
        # player's own follow-up of a doublet does not end it
        if self.silent >= 0 and self.player != self.silent:
            if kind is Challenge:  # MT-14: the quiet player picks a penalty tile
                q = self.silent
                self.hands[q] = (*self.hands[q], self.boneyard[-1])
                self.boneyard = self.boneyard[:-1]
                self.silent = -1
                return
            self.silent = -1
        if kind is Play:
            if move.kind == "C":
                self._place_centre(move.tile)
            else:
                self._lay(move)
        elif kind is Pick:
            p, tile = self.player, self.boneyard[-1]
            self.boneyard = self.boneyard[:-1]
            self.hands[p] = (*self.hands[p], tile)
            self.picked = tile
        elif kind is Mark:
            self._mark()
        elif kind is Knock or kind is KeepQuiet:
            self._knock(kind is Knock)
        elif kind is Draw:
            self._draw_round()
        else:  # NextHand
            self._deal()

    def _next_turn(self) -> None:
        p = self.player + 1
        self.player = p = 0 if p == self.game.players else p
        self.picked = -1
        if p == self.lead:
            self.goround += 1

    def _knock(self, aloud: bool) -> None:
        """MT-14: the player down to one tile knocks, or keeps quiet."""
        p = self.owed
        self.owed = -1
        self.silent = -1 if aloud else p
        others = tuple(q for q in self.knocked if q != p)
        self.knocked = (*others, p) if aloud else others
        if not (self.pending is not None and self.layer == p and self.pend_mode == "layer"):
            self._next_turn()

    def _place_centre(self, tile: int) -> None:
        p = self.player
        hand = list(self.hands[p])
        hand.remove(tile)
        self.hands[p] = tuple(hand)
        d = tile % 10
        self.engine = d
        self.centre = tile
        self.lines = {}
        for q in range(self.n):
            self.lines[TRAIN[q]] = ((), d, False, ())
            self.lines[SIDE_TRAIN[q]] = ((), d, False, ())
        self.phase = PLAYING
        self.lead = p
        self.goround = 1
        self.stuck = 0
        self.picked = -1
        if not hand:  # only with hand_size=1: placing the engine was her last tile
            self._end_hand()
            return
        self.pending = ("B", p, -1, -1)
        self.layer = p
        self.pend_mode = "layer"

    def _lay(self, move: Play) -> None:
        p = self.player
        tile, kind, owner, idx, side, _name = move
        hand = self.hands[p]
        i = hand.index(tile)
        self.hands[p] = hand = hand[:i] + hand[i + 1 :]
        key = line_key(kind, owner, idx, side)
        lines = self.lines
        tiles, end, marked, dbl = lines[key]
        if marked and owner == p:
            marked = False  # MT-10: your own play lifts your marker
        hi, lo = SPOTS[tile]
        double = hi == lo
        if double and idx < 0:  # a doublet in a train or side train grows two sides
            pos = len(tiles)
            after = (*key, dbl[-1], 1) if dbl else key  # they go after the line's others
            sides = {(*key, pos, 0): ((), end, False, ()), (*key, pos, 1): ((), end, False, ())}
            self.lines = lines = inserted(lines, after, sides)
            dbl = (*dbl, pos)
        lines[key] = ((*tiles, tile), lo if hi == end else hi, marked, dbl)
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
        p = self.player
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
        self.phase = SCORED
        if self.hand_no >= self.game.options.hands or len(self.used) > TOP:
            self._end_series()

    def _end_series(self) -> None:
        """MT-16: the series is over, and the lowest total wins (several, on a tie)."""
        best = min(self.totals)
        winners = [p for p, t in enumerate(self.totals) if t == best]
        who = " and ".join(self.names[p] for p in winners)
        self.end(winners, f"after {self.hand_no} hands {who} had the lowest total, {best} (MT-16)")

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
        holder = self._find_engine_holder()
        if holder is None:
            self.phase = DRAWING
        else:
            self.phase = ENGINE
            self.player = holder

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
            self.player = found[1]

    # -- components, data ---------------------------------------------------------------------

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
        for key in sorted(self.lines, key=lambda k: (k[0], *k[1:])):
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
        n, opts, phase = self.n, self.game.options, self.phase
        names = self.names
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
        require(
            wholes(self.totals, 0, 10**6, fewest=n, most=n),
            f"totals are {n} whole numbers",
        )
        require(
            wholes(self.knocked, 0, n - 1)
            and len(set(self.knocked)) == len(self.knocked)
            and (opts.knocking == "table" or not self.knocked),
            "knocked holds seats, each once, and only under table knocking",
        )
        require(self.pend_mode in PEND_MODES, f"pend_mode is one of {PEND_MODES}")
        in_hand = phase in (ENGINE, DRAWING, PLAYING)
        if in_hand:
            require(
                self.hand_no < opts.hands and self.hand_no <= TOP,
                "a hand is under way, so the series has a hand and an engine left",
            )
        else:
            over = self.hand_no >= opts.hands or self.hand_no > TOP
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
            holder = self._find_engine_holder()
            if phase == ENGINE:
                require(holder == self.player, "the engine is placed by its first holder (MT-5)")
            else:
                require(holder is None, "players draw only while nobody holds an engine (MT-17)")
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
            scored = tuple(sum(tile_value(t) for t in h) for h in self.hands)
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

    def parse_move(self, text: str) -> Move:
        return parse_move(text, self.names, self.player)

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
        p, name = self.player, self.names[self.player]
        tiles, _end, marked, dbl = self.lines[("T", p)]
        if not tiles:
            return place_text("B", name)
        if marked and dbl:
            for side in (0, 1):
                if not self.lines[("T", p, dbl[-1], side)][2]:
                    return place_text("T", name, dbl[-1], side)
        return place_text("T", name)

    # -- display -----------------------------------------------------------------------------

    def summary(self) -> str:
        sizes = " ".join(str(len(h)) for h in self.hands)
        tot = " ".join(map(str, self.totals))
        where = f"hand {self.hand_number}"
        if self.phase == PLAYING:
            where += f" go-round {self.goround}"
        return f"{where} | tiles {sizes} | boneyard {len(self.boneyard)} | totals {tot}"

    def _describe(self, view: Viewpoint) -> str:
        return describe(self, view)


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
        """The hand size for the table (MT-2), unless given; it must leave tiles in
        the boneyard."""
        opts = dict(options)
        if opts.get("hand_size") is None:
            opts["hand_size"] = HAND_SIZES[players]
        size = opts["hand_size"]
        if size * players > len(ALL_TILES) - KEPT_BACK:
            raise ValueError(
                f"{players} players cannot be dealt {size} tiles each: at most "
                f"{(len(ALL_TILES) - KEPT_BACK) // players}, so that {KEPT_BACK} tiles or "
                "more stay in the boneyard"
            )
        return opts

    def components(self) -> Counter:
        return Counter(map(domino, ALL_TILES))

    def score_range(self) -> tuple[int, int]:
        return (0, 10 * sum(tile_value(t) for t in ALL_TILES))

    def start(self, seed: int) -> MexicanTrainState:
        state = MexicanTrainState(self, Rng(seed), DEFAULT_NAMES[: self.players])
        state._deal()
        return state

    def _setup(
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
        state = MexicanTrainState(self, Rng(seed), names)
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

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> MexicanTrainState:
        d = position
        state = MexicanTrainState(self, rng, tuple(d["names"]))
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
