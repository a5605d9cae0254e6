"""The Dual Mexican Train board: areas a phone stacks and a desktop column pairs.

A board is a row of areas (:class:`gamebox.svg.Area`), each at most
:data:`gamebox.svg.AREA_MOST` (320) px wide, in the order a player reads them: the table
(the hand and go-round, whose move it is and the last move, wrapped to the width), the
centre (the hub with the centre engine, and the boneyard), one panel per player in seat
order, and the hand shown. Seat order, not the mover's first: each panel keeps its place
from move to move, so a reader stepping through a game finds a train where it was; the
mover's panel is shaded and her name bold. One hand is shown: the viewer's, or in a
worked example the player to move's (the others show as tile counts). The last move is
outlined.

A panel stacks rows one tap (:data:`gamebox.svg.TAP`) high: her name, tile count and
score; her train (or her empty bay), in rows that wrap within the area, showing its last
tiles and its doublets with a "+k" count of the tiles hidden between them; for each
doublet with sides, a row per side that holds tiles (labelled with the doublet, as
"tile 2 [3:3]", since "+k" may hide its place) and a row of slots for its empty sides;
then her side train and its doublets' sides the same way. Markers sit on the inner half
of a line's last tile, or in an empty slot.

The pieces of ``state.picks`` are tagged for a play board, each with its outline: the
tiles of the hand shown (whole, their centres a tap apart, seven to a row), the centre,
the boneyard, each player's name and tile count, each bay, train, side train and
doublet's side (an empty one by its slot). Every hit area is at least 44 px square and
none overlaps another. Drawn for the viewer to move, the board adds an empty "side
train" slot to her panel while she may start her side train (MT-13: her bay holds an
engine and no doublet is open).

>>> import gamebox
>>> state = gamebox.load("mexican-train", players=6).start(2).apply("[9:9] → centre")
>>> board = state.areas(viewer=0)
>>> [area.name for area in board.areas][:4], board.areas[-1].name
(['the table', 'the centre and the boneyard', 'your panel', "Ann's panel"], 'your hand')
>>> {area.width for area in board.areas}
{320}

The position as text (:func:`describe`, behind ``state.describe``) is written here too:
the table's line of facts, one row per player with her train, doublet sides and side
train, whose move it is and the hand the view shows.
"""

from __future__ import annotations

import textwrap

from gamebox import svg as g
from gamebox.core import Viewpoint
from gamebox.games.mexican_train.moves import (
    BONEYARD,
    DRAWING,
    ENGINE,
    PICK,
    PLAYING,
    SCORED,
    Play,
    chain_text,
    domino,
    place_text,
    tile_row,
    tile_text,
    tiles_text,
)

WIDTH = g.AREA_MOST  # every area: a phone's frame holds one, a desktop column two abreast
EDGE = 8  # an area's margin
RIGHT = WIDTH - EDGE  # no tile, label or slot reaches past this x
CHAR = 0.6  # a character's width as a share of its font size, to wrap and fit text
BIG, SMALL = 13, 11.5  # the header's, names' and hand's title; counts, labels, scores
S = 18  # half-tile size in the panels
HAND = 22  # half-tile size in the hand: a tile 22 x 44, about a tap target itself
GAP = 3
TW = 2 * S + GAP  # advance per tile laid lengthwise
DW = S + GAP  # advance per doublet (crosswise)
RUN = 26  # advance for a "+k" count of hidden tiles
ROW = g.TAP  # a panel's row: a line's tiles, a doublet's sides, a slot; one tap high
SIDE_X = 84  # where a side train's tiles start, after "side train"
SIDES_X = 116  # where a doublet side's tiles or slots start, after "tile 12 [9:9]"
SLOT_W = 90  # an empty side's slot; two fit abreast after SIDES_X
MAX_TRAIN, MAX_SIDE, MAX_BRANCH = 9, 4, 4
MARKER_R = 7
#: The spots' size on a tile: larger than :func:`gamebox.svg.pips` draws them by default,
#: so that a 7, 8 or 9 can be counted on a phone.
SPOTS = (0.12, 0.1)


def _tile(
    code: int,
    x: float,
    y: float,
    *,
    ends: tuple[int, int] | None = None,
    vertical: bool = False,
    size: float = S,
    highlight: bool = False,
) -> str:
    """A tile as :func:`gamebox.svg.domino` draws it, with the larger :data:`SPOTS`;
    ``ends`` orders its numbers (left or top first)."""
    return g.domino(
        domino(code),
        x,
        y,
        ends=ends,
        vertical=vertical,
        size=size,
        highlight=highlight,
        spots=SPOTS,
    )


def _oriented(tiles: tuple[int, ...], start: int) -> list[tuple[int, int, int]]:
    out, v = [], start
    for t in tiles:
        hi, lo = divmod(t, 10)
        a, b = (hi, lo) if hi == v else (lo, hi)
        out.append((t, a, b))
        v = b
    return out


def _place(state, key: tuple) -> str:
    """The pick token of a line: a train, a side train or a doublet's side."""
    kind, owner = key[0], key[1]
    idx, side = (key[2], key[3]) if len(key) == 4 else (-1, -1)
    return place_text(kind, state.names[owner], idx, side)


def _wrap(words: str, size: float) -> list[str]:
    """``words`` in lines that fit the area's width at ``size``, broken between the
    " · " parts of a line (such as the header's) where it can."""
    most = int((RIGHT - EDGE) / (CHAR * size))
    lines: list[str] = []
    for part in words.split(" · "):
        if lines and len(lines[-1]) + 3 + len(part) <= most:
            lines[-1] += " · " + part
        else:
            lines += textwrap.wrap(part, most)
    return lines


def _fit(words: str, size: float, room: float) -> str:
    """``words`` shortened with an ellipsis to fit ``room`` pixels at ``size`` (a long
    player's name beside her score)."""
    most = int(room / (CHAR * size))
    return words if len(words) <= most else words[: most - 1] + "…"


def _band(y: float, rows: int = 1) -> tuple[float, float, float, float]:
    """The outline of ``rows`` of a panel's rows from ``y``, across the area: 4 px short
    of a row's height, so that its hit area (2 px more each way) meets the next one's
    and does not overlap it."""
    return (EDGE, y + 2, RIGHT - EDGE, rows * ROW - 4)


def _line(state, key, start, limit, hl_key, owner, x0, y0) -> tuple[str, int]:
    """Draw one line (train, side train or doublet side) in rows of :data:`ROW` from
    (``x0``, ``y0``), wrapping at :data:`RIGHT` back to ``x0``; return the drawing and
    its number of rows.

    A line shows all its tiles when there are at most ``limit``, else its last
    ``limit`` and every doublet with sides (their sides are places to play), with a
    "+k" count for each run of hidden tiles. Its marker sits on the inner half of the
    last tile, so that the open end stays visible."""
    tiles, _end, marked, dbl = state.lines[key]
    seq = _oriented(tiles, start)
    shown = set(range(max(0, len(seq) - limit), len(seq))).union(dbl if len(key) == 2 else ())
    items: list[tuple[str, int]] = []  # ("tile", index) or ("count", hidden)
    hidden = 0
    for i in range(len(seq)):
        if i not in shown:
            hidden += 1
            continue
        if hidden:
            items.append(("count", hidden))
        hidden = 0
        items.append(("tile", i))
    parts, x, row, last_x = [], x0, 0, x0
    for kind, v in items:
        width = RUN if kind == "count" else DW if seq[v][1] == seq[v][2] else TW
        if x > x0 and x + width - GAP > RIGHT:
            x, row = x0, row + 1
        y = y0 + row * ROW
        if kind == "count":
            parts.append(g.text(x + 2, y + ROW / 2 + 4, f"+{v}", size=SMALL, cls="muted"))
        else:
            t, a, b = seq[v]
            hl = key == hl_key and v == len(seq) - 1
            if a == b:  # a doublet stands crosswise
                parts.append(_tile(t, x, y + ROW / 2 - S, ends=(a, b), vertical=True, highlight=hl))
            else:
                parts.append(_tile(t, x, y + (ROW - S) / 2, ends=(a, b), highlight=hl))
            last_x = x
        x += width
    if marked and seq:
        parts.append(g.marker(last_x + S / 2, y0 + row * ROW + ROW / 2, owner, r=MARKER_R))
    return "".join(parts), row + 1


def _slot(x: float, y: float, w: float, word: str, token: str, marker: int = -1) -> str:
    """An empty place a tile can go to (a bay, a side train, a doublet's side) in the row
    from ``y``, tagged as ``token`` with its outline, so that a tap anywhere inside it
    picks it; ``marker``: the seat whose marker is on it."""
    body = g.rect(x, y + 4, w, ROW - 8, rx=4, cls="slot")
    mid = x + w / 2
    if marker >= 0:  # at the slot's right end, clear of its word
        body += g.marker(x + w - MARKER_R - 5, y + ROW / 2, marker, r=MARKER_R)
        mid -= MARKER_R
    body += g.text(mid, y + ROW / 2 + 4, word, size=SMALL, anchor="middle", cls="muted")
    return g.pickable(body, token, (x, y + 4, w, ROW - 8))


def _sides(state, key, y, hl_key, owner) -> tuple[list[str], float]:
    """The rows of a line's doublets' sides from ``y``: a row for each side that holds
    tiles, and one with a slot for each empty side of a doublet (both in one row when
    both are empty); return them and the y after them."""
    tiles, _end, _marked, dbl = state.lines[key]
    out = []
    for i in dbl:
        start = tiles[i] % 10
        doublet = f"tile {i + 1} {tile_text(tiles[i])}"  # the doublet, where "+k" hid its place
        empty = [s for s in (0, 1) if not state.lines[(*key, i, s)][0]]
        for s in (0, 1):
            sk = (*key, i, s)
            if s not in empty:
                label = g.text(EDGE, y + 19, doublet, size=SMALL)
                label += g.text(EDGE, y + 34, f"side {'ab'[s]}", size=SMALL)
                body, rows = _line(state, sk, start, MAX_BRANCH, hl_key, owner, SIDES_X, y)
                out.append(g.pickable(label + body, _place(state, sk), _band(y, rows)))
                y += rows * ROW
            elif s == empty[0]:
                out.append(g.text(EDGE, y + ROW / 2 + 4, doublet, size=SMALL))
                for e in empty:
                    x = SIDES_X + e * (SLOT_W + 8)
                    mark = owner if state.lines[(*key, i, e)][2] else -1
                    token = _place(state, (*key, i, e))
                    out.append(_slot(x, y, SLOT_W, f"side {'ab'[e]}", token, mark))
                y += ROW
    return out, y


def _header(state, head: str, names) -> g.Area:
    """The table's line, whose move it is (or who won the series) and the last move,
    each wrapped to the area's width."""
    if state.outcome is not None:
        status = "Series over: lowest total wins: " + ", ".join(names[w] for w in state.winners)
    elif state.phase == DRAWING:  # nobody's turn: the whole table draws
        status = "Everybody draws one tile at once"
    else:
        note = {
            ENGINE: "places the engine",
            SCORED: "hand over: deal the next",
        }.get(state.phase, "to move")
        if state.pending is not None and state.phase == PLAYING:
            pk, po, pi, ps = state.pending
            note = f"to move · open doublet at {place_text(pk, names[po], pi, ps)}"
        status = f"{names[state.player]} {note}"
    lines = [(head, BIG, "bold", "ink"), (status, BIG, "bold", "ink")]
    if state.last_move is not None:
        lines.append((f"Last move: {state.last_move}", SMALL, "normal", "muted"))
    body, y = [], EDGE
    for words, size, weight, cls in lines:
        for line in _wrap(words, size):
            y += round(size * 1.4)
            body.append(g.text(EDGE, y, line, size=size, weight=weight, cls=cls))
    return g.Area("the table", WIDTH, y + EDGE + 2, "".join(body))


def _centre(state) -> g.Area:
    """The shared places: the hub with the centre engine, and the boneyard."""
    last = state.last_move
    cx, cy, r = EDGE + 40, 48, 38
    hub = g.circle(cx, cy, r, cls="rule")
    if state.centre >= 0:
        hl = isinstance(last, Play) and last.kind == "C"
        hub += _tile(state.centre, cx - S / 2, cy - S, vertical=True, highlight=hl)
    else:
        hub += g.text(cx, cy + 4, "no engine", size=SMALL, anchor="middle", cls="muted")
    body = g.pickable(hub, "centre", (cx - r, cy - r, 2 * r, 2 * r))
    bx = cx + r + 30
    pile = "".join(g.rect(bx + 4 * k, 28 - 2 * k, S, 2 * S, rx=3, cls="back") for k in range(3))
    pile += g.text(bx + 40, 44, "boneyard", size=SMALL, cls="muted")
    pile += g.text(bx + 40, 62, f"{len(state.boneyard)} tiles", size=BIG, weight="bold")
    body += g.pickable(pile, BONEYARD, (bx - 4, 20, 130, 52))
    return g.Area("the centre and the boneyard", WIDTH, 2 * cy, body)


def _panel(state, q: int, view: Viewpoint, hl_key) -> g.Area:
    """Player ``q``'s panel: her name, tile count and score, then a row per line of
    tiles: her train (or her empty bay), its doublets' sides, her side train (or, for
    the viewer to move who may start one, its empty slot) and its doublets' sides."""
    names = state.names
    cur = q == state.player and state.outcome is None
    score = f"total {state.totals[q]}"
    if state.hand_scores is not None:
        score = f"+{state.hand_scores[q]} = {state.totals[q]}"
    count = len(state.hands[q])
    info = f"{count} tile{'s' if count != 1 else ''}"
    if count == 1 and state.phase != SCORED:
        info = one_tile_word(state, q) or info
    elif q == state.silent:  # MT-14: picked while following up, still open to a challenge
        info += ", kept quiet"
    room = RIGHT - CHAR * SMALL * len(score) - 8 - (EDGE + 16)
    name = _fit(names[q], BIG, room)
    who = g.circle(EDGE + 6, 15, 6, fill=g.player_colour(q))
    who += g.text(EDGE + 16, 20, name, size=BIG, weight="bold" if cur else "normal")
    who += g.text(EDGE + 16, 36, info, size=SMALL, cls="muted")
    wide = 16 + CHAR * max(BIG * len(name), SMALL * len(info))
    body = [g.pickable(who, tiles_text(names[q]), (EDGE, 2, wide, ROW - 4))]
    body.append(g.text(RIGHT, 20, score, size=SMALL, anchor="end", cls="muted"))
    y = ROW
    if state.lines:
        tiles, _end, marked, _dbl = state.lines[("T", q)]
        if tiles:
            line, rows = _line(state, ("T", q), state.engine, MAX_TRAIN, hl_key, q, EDGE, y)
            body.append(g.pickable(line, _place(state, ("T", q)), _band(y, rows)))
            y += rows * ROW
        else:
            bay = place_text("B", names[q])
            body.append(_slot(EDGE, y, 2 * SLOT_W, "bay", bay, q if marked else -1))
            y += ROW
        sides, y = _sides(state, ("T", q), y, hl_key, q)
        body += sides
        if state.lines[("S", q)][0]:
            word = g.text(EDGE, y + ROW / 2 + 4, "side train", size=SMALL, cls="muted")
            line, rows = _line(state, ("S", q), state.engine, MAX_SIDE, hl_key, q, SIDE_X, y)
            body.append(g.pickable(word + line, _place(state, ("S", q)), _band(y, rows)))
            y += rows * ROW
            sides, y = _sides(state, ("S", q), y, hl_key, q)
            body += sides
        elif (
            cur
            and view.personal
            and q == view.seat
            and tiles
            and state.phase == PLAYING
            and state.pending is None
        ):
            body.append(_slot(EDGE, y, 2 * SLOT_W, "side train", _place(state, ("S", q))))
            y += ROW
    h = y + 4
    frame = (
        g.rect(0, 0, WIDTH, h, rx=8, cls="panel")
        if cur
        else g.rect(0.5, 0.5, WIDTH - 1, h - 1, rx=8, cls="rule", fill="none")
    )
    mine = view.personal and q == view.seat
    return g.Area("your panel" if mine else f"{names[q]}'s panel", WIDTH, h, frame + "".join(body))


def _hand(state, view: Viewpoint) -> g.Area:
    """The hand of the seat ``view`` shows, seven whole tiles to a row, their centres a
    tap apart (:data:`gamebox.svg.TAP`), so that each is a tap target of its own."""
    p = view.seat
    hand = sorted(state.hands[p], reverse=True)
    body = [g.text(EDGE, 20, f"{state.names[p]}'s hand", size=BIG, weight="bold")]
    if not hand:
        body.append(g.text(EDGE, 44, "no tiles", size=SMALL, cls="muted"))
    per_row = int((WIDTH - 2 * 4) // g.TAP)
    left = (WIDTH - per_row * g.TAP) / 2 + (g.TAP - HAND) / 2
    picked = state.picked if state.last_move == PICK and p == state.player else -1
    done_hl = False
    for k, t in enumerate(hand):
        row, col = divmod(k, per_row)
        x, y = left + col * g.TAP, 32 + row * (2 * HAND + 8)
        hl = t == picked and not done_hl
        done_hl = done_hl or hl
        tile = _tile(t, x, y, vertical=True, size=HAND, highlight=hl)
        body.append(g.pickable(tile, tile_text(t), (x, y, HAND, 2 * HAND)))
    rows = max(1, -(-len(hand) // per_row))
    name = "your hand" if view.personal else f"{state.names[p]}'s hand"
    return g.Area(name, WIDTH, 32 + rows * (2 * HAND + 8) + 2, "".join(body))


def board(state, view: Viewpoint) -> g.Board:
    """The board as areas (see the module docstring), with the hand of the seat ``view``
    shows."""
    opts = state.game.options
    head = f"Hand {state.hand_number} of {opts.hands}"
    if state.centre >= 0:
        head += f" · engine {tile_text(state.centre)}"
    if state.phase == PLAYING:
        head += f" · go-round {state.goround}"
    head += f" · doublets: {opts.doublets}"
    last = state.last_move
    hl_key = last.key if isinstance(last, Play) and last.kind != "C" else None
    areas = [_header(state, head, state.names), _centre(state)]
    areas += [_panel(state, q, view, hl_key) for q in range(state.n)]
    if state.outcome is None:
        areas.append(_hand(state, view))
    desc = state._describe(view)
    return g.Board(f"Dual Mexican Train, {head}", desc, tuple(areas))


# ------------------------------------------------------------------ the position as text


def one_tile_word(state, q: int) -> str:
    """What the table knows of player ``q`` who is down to one tile, or who kept quiet
    and may still be challenged (MT-14); "" when it knows nothing more: under table
    knocking, a player who kept quiet and was not challenged in time."""
    if q == state.owed:
        return "to knock or keep quiet"
    if q == state.silent:
        return "kept quiet"
    knocked = state.game.options.knocking == "auto" or q in state.knocked
    return "knock!" if knocked else ""


def describe(state, view: Viewpoint) -> str:
    """The position as text, with the hand of the seat ``view`` shows."""
    opts = state.game.options
    out = []
    head = f"Hand {state.hand_number} of {opts.hands}"
    if state.engine >= 0:
        head += f" · engine {tile_text(state.centre)}"
    if state.phase == PLAYING:
        head += f" · go-round {state.goround}"
    head += f" · boneyard {len(state.boneyard)} · doublets: {opts.doublets}"
    out.append(head)
    if state.last_move is not None:  # as the board's table says it
        out.append(f"Last move: {state.last_move}")
    width = max(len(x) for x in state.names)
    for q, name in enumerate(state.names):
        lead = ">" if q == state.player and state.outcome is None else " "
        count = len(state.hands[q])
        row = f"{lead}{name:<{width}} {count:>2} tile{'s' if count != 1 else ''}"
        if state.phase == PLAYING and (count == 1 or q == state.silent):
            row += f" {one_tile_word(state, q)}".rstrip()
        if state.lines:
            row += _lines_text(state, q)
        row += f" | total {state.totals[q]}"
        if state.hand_scores is not None:
            row += f" (hand {state.hand_scores[q]})"
        out.append(row)
    if state.outcome is not None:
        out.append("Series over: " + ", ".join(state.names[w] for w in state.winners) + " won")
        return "\n".join(out)
    # whose move it is, then the hand: a line of its own, so that the lines of the other
    # hands beside a board (each seat's text less the viewer's) name the mover only once
    seat = view.seat
    out.append(f"{state.names[state.player]} to move")
    out.append(f"{state.names[seat]} holds {tile_row(sorted(state.hands[seat], reverse=True))}")
    if state.pending is not None:
        pk, po, pi, ps = state.pending
        out.append(f"open doublet to follow up at {place_text(pk, state.names[po], pi, ps)}")
    return "\n".join(out)


def _lines_text(state, q: int) -> str:
    """Player ``q``'s train, its doublets' sides and her side train, as text."""
    row = ""
    for kind, label, limit in (("T", "", 8), ("S", "side ", 6)):
        tiles, _end, marked, dbl = state.lines[(kind, q)]
        if tiles:
            row += f" | {label}train {chain_text(tiles, state.engine, limit)}"
        elif kind == "T":
            row += " | bay empty"
        row += " (marked)" if marked else ""
        for i in dbl:
            for s in (0, 1):
                st, _se, sm, _sd = state.lines[(kind, q, i, s)]
                if st or sm:
                    side = chain_text(st, tiles[i] % 10, 4) or "-"
                    row += f" | {label}tile {i + 1} side {'ab'[s]}: {side}"
                    row += " (marked)" if sm else ""
    return row
