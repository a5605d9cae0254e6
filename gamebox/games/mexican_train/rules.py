"""Dual Mexican Train: the rules as code.

Two double-nine sets (110 tiles) are dealt to 6-10 players, who build trains out of a
roundhouse: each player's own train starts in her *engine bay* and radiates from the
centre engine, a doublet that changes every *hand* ([9:9] in the first, [0:0] in the
tenth). A *hand* is one deal; a *go-round* is one turn for every player (MT-4).

The pieces and their notation are in :mod:`~gamebox.games.mexican_train.moves`, the
position (dealt, set up, loaded, checked) in :mod:`~gamebox.games.mexican_train.position`,
its drawing and text in :mod:`~gamebox.games.mexican_train.render`; here are the
options, the legal moves and refusals, playing a move and scoring it, and the game.

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

from gamebox.core import Game, IllegalMove, Move, Options, option, refuses
from gamebox.games.mexican_train.moves import (
    ALL_TILES,
    BONEYARD,
    CHALLENGE,
    DRAW,
    DRAWING,
    DRAWS,
    ENGINE,
    HAND_SIZES,
    HAS,
    KEPT_BACK,
    KNOCKS,
    MARK,
    MARKS,
    NEXT,
    NEXTS,
    NONE_SHOWN,
    PICK,
    PICKS,
    PLAYING,
    SCORED,
    SHOWING,
    SIDE_TRAIN,
    SPOTS,
    TILE_CODES,
    TRAIN,
    WORDS,
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
    line_key,
    new_tuple,
    parse_move,
    place_text,
    tile_code,  # noqa: F401 (the book reads it here)
    tile_text,
    tile_value,
    tiles_text,
)
from gamebox.games.mexican_train.position import Position
from gamebox.rng import Rng

# ------------------------------------------------------------------------------ options


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


#: Why nobody lays a tile, picks, marks, knocks or challenges in each phase but play.
_NOT_PLAYING = {
    SCORED: ("MT-15", "this hand is over and scored: the only move is to deal the next hand"),
    DRAWING: ("MT-17", "nobody holds a missing engine: everybody draws until one turns up"),
    ENGINE: ("MT-5", "the hand begins when the engine is placed in the centre; nothing else"),
}


class MexicanTrainState(Position):
    """A position and its rules: legal moves, refusals (``_why_*``), playing a move."""

    # ---------------------------------------------------------------------- legal moves

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
            return [Play(self._find_engine()[0], "C", p, -1, -1, self.names[p])]
        if phase == DRAWING:
            return DRAWS
        return NEXTS  # SCORED

    def candidate_moves(self) -> list[Move]:
        out = self.legal_moves()
        out += WORDS.values()
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

    # ------------------------------------------------------------------------- refusals

    def why_over(self) -> IllegalMove:
        played = self.hand_no
        return IllegalMove(
            "MT-16",
            f"the series is over after {played} hand{'s' if played != 1 else ''}: "
            "the lowest total has won",
        )

    def _turn_refusal(self) -> IllegalMove | None:
        """Why the player to move may not lay a tile, pick, mark or challenge now: it is no
        time for play (between hands, during the simultaneous draw, before the engine is
        placed), or she is down to one tile and must knock first (MT-14)."""
        why = _NOT_PLAYING.get(self.phase)
        if why is not None:
            return IllegalMove(*why)
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
            engine = self._find_engine()[0]
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
        if err := self._turn_refusal():
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
        if err := self._turn_refusal():
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
        if err := self._turn_refusal():
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
        if (why := _NOT_PLAYING.get(self.phase)) is not None:
            return IllegalMove(*why)
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
        if err := self._turn_refusal():
            return err
        if self.silent == self.player:
            return IllegalMove(
                "MT-14", "you kept quiet yourself: only another player may challenge you"
            )
        if self.silent >= 0:
            if self.boneyard:
                return None
            return IllegalMove("MT-14", "the boneyard is empty: there is no penalty tile to pick")
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
            return IllegalMove(*_NOT_PLAYING[SCORED])
        return IllegalMove(
            "MT-17", "players draw together only when nobody holds any of the missing engines"
        )

    @refuses(NextHand)
    def _why_next_hand(self, move: NextHand) -> IllegalMove | None:
        if self.phase == SCORED:
            return None
        return IllegalMove("MT-15", "the hand is not over yet, so there is no next hand")

    # ------------------------------------------------------------------- playing a move

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
        lines = self.lines  # empty, as are the pick and the count of stuck turns (MT-5)
        for q in range(self.n):
            lines[TRAIN[q]] = ((), d, False, ())
            lines[SIDE_TRAIN[q]] = ((), d, False, ())
        self.phase = PLAYING
        self.lead = p
        self.goround = 1
        if not hand:  # only with hand_size=1: placing the engine was her last tile
            self._end_hand()
            return
        self.pending, self.layer, self.pend_mode = ("B", p, -1, -1), p, "layer"

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
        self.hand_scores = self.hand_points()
        self.totals = tuple(a + b for a, b in zip(self.totals, self.hand_scores, strict=True))
        self.used = tuple(sorted((*self.used, self.engine), reverse=True))
        self.hand_no += 1
        self.pending = None
        self.picked = -1
        self.owed = self.silent = -1
        self.knocked = ()
        self.phase = SCORED
        if self.hand_no >= self.game.options.hands:  # at most ten: one for each engine
            self._end_series()

    def _draw_round(self) -> None:
        """MT-17: everybody draws one tile at once, in turn order; the highest missing
        engine drawn is placed by the player who drew it (the first, if two did)."""
        n = self.n
        bone = list(self.boneyard)
        for k in range(min(n, len(bone))):
            q = (self.first + k) % n
            self.hands[q] = (*self.hands[q], bone.pop())
        self.boneyard = tuple(bone)
        found = self._find_engine()  # nobody held one before: one of the drawers, if any
        if found is not None:
            self.phase = ENGINE
            self.player = found[1]


# ----------------------------------------------------------------------------- the game


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
        size = options.get("hand_size") or HAND_SIZES[players]
        if size * players > len(ALL_TILES) - KEPT_BACK:
            raise ValueError(
                f"{players} players cannot be dealt {size} tiles each: at most "
                f"{(len(ALL_TILES) - KEPT_BACK) // players}, so that {KEPT_BACK} tiles or "
                "more stay in the boneyard"
            )
        return {**options, "hand_size": size}

    def components(self) -> Counter:
        return Counter(map(domino, ALL_TILES))

    def score_range(self) -> tuple[int, int]:
        return (0, 10 * sum(tile_value(t) for t in ALL_TILES))

    def start(self, seed: int) -> MexicanTrainState:
        return MexicanTrainState.deal(self, seed)

    def _setup(self, **position: Any) -> MexicanTrainState:
        """An explicit deal: the keywords of :meth:`Position.set_up`."""
        return MexicanTrainState.set_up(self, **position)

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> MexicanTrainState:
        return MexicanTrainState.from_data(self, position, rng)
