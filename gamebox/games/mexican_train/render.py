"""The Dual Mexican Train board: the roundhouse, drawn as spokes from the centre.

The centre engine sits in a hub on the left; one spoke per player leads to her lane:
her engine bay, her train (doublets stand crosswise, their sides branch above and
below), her side train, and any markers in her colour. Long trains show their last
tiles and their doublets, with a "+k" count of the tiles hidden between them, so ten
players with long trains still fit the board; each lane's score has a column of its own
at the right. One hand is shown under the lanes: the viewer's, or in a worked example
the player to move's (the other hands show only as tile counts). The last move is
outlined.

The pieces of ``state.picks`` are tagged for a play board: the tiles of the hand shown,
the centre, the boneyard, each player's tile count, each bay, train, side train and
branch, and each half of a doublet with sides (the top half names side a, which
branches above; the bottom half side b). Drawn for the viewer to move, the board adds
an empty "side" slot to her lane while she may start her side train (MT-13: her bay
holds an engine and no doublet is open).

The position as text (:func:`describe`, behind ``state.describe``) is written here too:
the table's line of facts, one row per player with her train, doublet sides and side
train, and the hand the view shows.
"""

from __future__ import annotations

from gamebox import svg as g
from gamebox.core import Viewpoint
from gamebox.games.mexican_train.moves import (
    BONEYARD,
    DRAWING,
    ENGINE,
    OVER,
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

LANES_END = 800  # no train, side train or branch reaches past this x
SCORES = 84  # then the column of each lane's score ("total 152", "+54 = 317")
W = LANES_END + SCORES
S = 18  # half-tile size in the lanes
HAND = 20  # half-tile size in the hand shown under the lanes
TW = 2 * S + 3  # advance per tile laid lengthwise
DW = S + 3  # advance per doublet (crosswise)
LANE = 2 * S + 8
SUB = int(1.5 * S) + 4  # extra lane height for a row of doublet sides
RUN = 26  # advance for a "+k" count of hidden tiles
HUB_X, X0 = 56, 150
BAY_X = X0 + 72  # a lane's bay, where its train starts (name and tile count before it)
SIDE_X = 610  # where a side train's "side" starts, unless its train reaches further
SIDE_GAP = 30  # from "side" to the side train's first tile
MAX_TRAIN, MAX_SIDE, MAX_BRANCH = 9, 4, 4
SMALL = 11.5  # the board's smallest text: counts, labels, scores
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


def _shown(seq: list, dbl: tuple, limit: int, room: float | None) -> tuple[set[int], bool]:
    """Which tiles of a line to draw, and whether a "+k" count of the hidden ones fits.

    A train shows all its tiles when there are at most ``limit``, else its last ones and
    every doublet with sides (their sides are places to play): as many of the last ones
    as fit the width of ``limit`` tiles and one "+k" count. A branch shows at most its
    last ``limit`` tiles, fewer when the next branch leaves it only ``room`` pixels."""
    n = len(seq)
    if room is None:
        if n <= limit:
            return set(range(n)), True
        budget, least = RUN + limit * TW, 2
    else:
        budget, least = room, 1
    tail = min(n, limit)
    while True:
        shown = set(range(n - tail, n)).union(dbl)
        runs = sum(1 for i in range(n) if i not in shown and (i == 0 or i - 1 in shown))
        width = RUN * runs + sum(DW if seq[i][1] == seq[i][2] else TW for i in shown)
        if width <= budget:
            return shown, True
        if tail <= least:
            return shown, room is None or width - RUN * runs <= budget
        tail -= 1


def _doublet(code: int, v: int, x: float, y: float, hl: bool, tokens: tuple[str, str]) -> str:
    """A doublet with sides, standing crosswise: drawn as :func:`gamebox.svg.domino`
    draws it, but with each half of its face tagged as the side that branches from it
    (the top half side a, the bottom half side b)."""
    r = S * 0.18
    g2 = 2 * S
    faces = (
        f"M0 {S}V{r:g}A{r:g} {r:g} 0 0 1 {r:g} 0H{S - r:g}A{r:g} {r:g} 0 0 1 {S} {r:g}V{S}Z",
        f"M0 {S}H{S}V{g2 - r:g}A{r:g} {r:g} 0 0 1 {S - r:g} {g2}H{r:g}"
        f"A{r:g} {r:g} 0 0 1 0 {g2 - r:g}Z",
    )
    body = ""
    for k, (face, token) in enumerate(zip(faces, tokens, strict=True)):
        half = f'<path d="{face}" class="paper" style="stroke:none"/>'
        half += g.pips(v, 0, k * S, S, spots=SPOTS)
        body += g.pickable(half, token)
    body += f'<rect x="0" y="0" width="{S}" height="{g2}" rx="{r:g}" class="paper" '
    body += 'style="fill:none"/>' + g.line(2, S, S - 2, S, cls="rule")
    if hl:
        body += g.rect(-2, -2, S + 4, g2 + 4, rx=S * 0.25, cls="hl")
    return g.group(body, x=x, y=y, label=str(domino(code)))


def _line(state, key, start, x, y, limit, hl_key, *, sides=True, owner=0, room=None):
    """Draw one line (train, side train or branch) from (x, y); return (svg, end x,
    branches above, below: (key, start, x, marked))."""
    tiles, _end, marked, dbl = state.lines[key]
    dbl = dbl if sides else ()
    parts, above, below = [], [], []
    seq = _oriented(tiles, start)
    shown, counted = _shown(seq, dbl, limit, room)
    last_x = x
    hidden = 0
    for i, (t, a, b) in enumerate(seq):
        if i not in shown:
            hidden += 1
            continue
        if hidden and counted:
            parts.append(g.text(x + 2, y + S * 0.75, f"+{hidden}", size=SMALL, cls="muted"))
            x += RUN
        hidden = 0
        hl = key == hl_key and i == len(seq) - 1
        if a == b:
            if i in dbl:
                tokens = (_place(state, (*key, i, 0)), _place(state, (*key, i, 1)))
                parts.append(_doublet(t, a, x, y - S / 2, hl, tokens))
            else:
                parts.append(_tile(t, x, y - S / 2, ends=(a, b), vertical=True, highlight=hl))
            if i in dbl:
                for s, bucket in ((0, above), (1, below)):
                    sk = (key[0], key[1], i, s)
                    st, _se, sm, _ = state.lines[sk]
                    if st or sm:
                        bucket.append((sk, a, x, sm))
            last_x = x
            x += DW
        else:
            parts.append(_tile(t, x, y, ends=(a, b), highlight=hl))
            last_x = x
            x += TW
    if marked and seq:
        # on the inner half of the last tile, so that the open end stays visible
        mx = last_x + S / 2
        parts.append(g.marker(mx, y + S / 2, owner, r=MARKER_R))
    return "".join(parts), x, above, below


def _branch(state, sk, start, x, y, hl_key, owner, room):
    """A doublet's side: a short line drawn on a sub-row, tagged as its place."""
    tiles, _e, marked, _ = state.lines[sk]
    body, _x, _, _ = _line(
        state, sk, start, x - S / 2, y, MAX_BRANCH, hl_key, sides=False, owner=owner, room=room
    )
    out = [body]
    if marked and not tiles:
        out.append(g.marker(x + S / 2, y + S / 2 + 2, owner, r=MARKER_R))
    return g.pickable("".join(out), _place(state, sk))


def _branches(state, above, below, ly, right, hl_key, owner) -> list[str]:
    """The sides of a line's doublets that hold tiles or a marker, above and below its
    row, each shortened to end before the next one (or ``right``)."""
    out = []
    for bucket, y in ((above, ly - S / 2 - S - 1), (below, ly + 1.5 * S + 1)):
        ends = [x - S / 2 for _sk, _a, x, _sm in bucket[1:]] + [right]
        for (sk, a, x, _sm), end in zip(bucket, ends, strict=False):
            out.append(_branch(state, sk, a, x, y, hl_key, owner, end - (x - S / 2) - 3))
    return out


def _all(shape: str) -> str:
    """An outline that can be clicked inside too, though it is not filled."""
    return shape.replace(" ", ' pointer-events="all" ', 1)


def _slot(x: float, y: float, word: str) -> str:
    """An empty bay (or side train) a tile can go to."""
    body = _all(g.rect(x, y - 1, 2 * S + 2, S + 2, rx=3, cls="slot"))
    return body + g.text(x + S + 1, y + S * 0.75, word, size=SMALL, anchor="middle", cls="muted")


def board(state, view: Viewpoint) -> g.Board:
    """The whole board (see the module docstring), with the hand of the seat ``view``
    shows."""
    n = state.n
    names = state.names
    last = state.last_move
    hl_key = last.key if isinstance(last, Play) and last.kind != "C" else None
    lanes = []
    # measure lanes: a lane grows when a doublet side holds tiles or a marker
    rows = []
    y = 40
    for q in range(n):
        if state.lines:
            body, xend, above, below = _line(
                state, ("T", q), state.engine, BAY_X, 0, MAX_TRAIN, hl_key, owner=q
            )
        else:
            body, xend, above, below = "", BAY_X, [], []
        sx = max(xend + 10, SIDE_X)  # where the side train starts ("side", then its tiles)
        if state.lines and state.lines[("S", q)][0]:
            # a side train with many doublets (all shown: their sides are places to
            # play) starts further left, as far as its own train leaves room
            width = _line(state, ("S", q), state.engine, 0, 0, MAX_SIDE, None)[1]
            sx = max(xend + 10, min(sx, LANES_END - SIDE_GAP - width))
            room = LANES_END - (sx + SIDE_GAP)
            side = _line(
                state,
                ("S", q),
                state.engine,
                sx + SIDE_GAP,
                0,
                MAX_SIDE,
                hl_key,
                owner=q,
                room=room,
            )
        else:
            side = None
        top = SUB if above or (side and side[2]) else 0
        bottom = SUB if below or (side and side[3]) else 0
        h = LANE + top + bottom
        rows.append((q, y, top, h, body, sx, above, below, side))
        y += h
    lanes_bottom = y
    hub_y = (40 + lanes_bottom) / 2
    # hub
    hub = _all(g.circle(HUB_X, hub_y, 38, cls="rule", fill="none"))
    if state.centre >= 0:
        hl = isinstance(last, Play) and last.kind == "C"
        hub += _tile(state.centre, HUB_X - S / 2, hub_y - S, vertical=True, highlight=hl)
    else:
        hub += g.text(HUB_X, hub_y + 4, "no engine", size=SMALL, anchor="middle", cls="muted")
    lanes.append(g.pickable(hub, "centre"))
    bone = g.text(HUB_X, hub_y + 54, f"boneyard {len(state.boneyard)}", size=12, anchor="middle")
    lanes.append(g.pickable(bone, BONEYARD))
    for q, y0, top, h, body, sx, above, below, side in rows:
        ly = y0 + top + LANE / 2 - S / 2  # tile top of the main sub-row
        colour = g.player_colour(q)
        cur = q == state.player and state.phase != OVER
        lanes.append(g.line(HUB_X + 38, hub_y, X0 - 4, ly + S / 2, cls="rule"))
        if cur:
            lanes.append(g.rect(X0 - 6, y0 + 2, W - X0, h - 4, rx=6, cls="panel"))
        lanes.append(g.circle(X0 + 5, ly + S / 2, 6, fill=colour))
        weight = "bold" if cur else "normal"
        lanes.append(g.text(X0 + 15, ly + S * 0.6, names[q], size=13, weight=weight))
        count = len(state.hands[q])
        info = f"{count} tile{'s' if count != 1 else ''}"
        if count == 1 and state.phase not in (SCORED, OVER):
            info = one_tile_word(state, q) or info
        elif q == state.silent:  # MT-14: picked while following up, still open to a challenge
            info += ", kept quiet"
        info = g.text(X0 + 15, ly + S * 1.5, info, size=SMALL, cls="muted")
        lanes.append(g.pickable(info, tiles_text(names[q])))
        score = f"total {state.totals[q]}"
        if state.hand_scores is not None:
            score = f"+{state.hand_scores[q]} = {state.totals[q]}"
        lanes.append(g.text(W - 8, ly + S * 0.75, score, size=SMALL, anchor="end", cls="muted"))
        if not state.lines:
            continue
        tiles, _e, marked, _d = state.lines[("T", q)]
        bx = BAY_X
        if not tiles:
            bay = _slot(bx, ly, "bay")
            if marked:
                # beside the slot, so that its word stays readable
                bay += g.marker(bx + 2 * S + 4 + MARKER_R, ly + S / 2, q, r=MARKER_R)
            lanes.append(g.pickable(bay, place_text("B", names[q])))
            lanes.append(g.group(body, y=ly))
        else:
            lanes.append(g.pickable(g.group(body, y=ly), _place(state, ("T", q))))
        lanes += _branches(
            state, above, below, ly, sx + SIDE_GAP - 4 if side else LANES_END, hl_key, q
        )
        # the side train, right of the train
        if side:
            sbody, _x, sab, sbe = side
            word = g.text(sx, ly + S * 0.8, "side", size=SMALL, cls="muted")
            lanes.append(g.pickable(word + g.group(sbody, y=ly), _place(state, ("S", q))))
            lanes += _branches(state, sab, sbe, ly, LANES_END, hl_key, q)
        elif (
            cur
            and view.personal
            and q == view.seat
            and tiles
            and state.phase == PLAYING
            and state.pending is None
        ):
            lanes.append(g.pickable(_slot(sx + SIDE_GAP, ly, "side"), _place(state, ("S", q))))
    # header
    opts = state.game.options
    head = f"Hand {state.hand_number} of {opts.hands}"
    if state.centre >= 0:
        head += f" · engine {tile_text(state.centre)}"
    if state.phase == "play":
        head += f" · go-round {state.goround}"
    head += f" · doublets: {opts.doublets}"
    body = [g.text(8, 20, head, size=13, weight="bold")]
    body += lanes
    # the hand to move
    y = lanes_bottom + 10
    if state.phase == OVER:
        win = ", ".join(names[w] for w in state.winners)
        body.append(
            g.text(8, y + 18, f"Series over: lowest total wins: {win}", size=13, weight="bold")
        )
        y += 30
    else:
        who = names[state.player]
        note = {
            ENGINE: "places the engine",
            DRAWING: "everybody draws one tile at once",
            SCORED: "hand over: deal the next",
        }.get(state.phase, "to move")
        if state.pending is not None and state.phase == "play":
            pk, po, pi, ps = state.pending
            where = place_text(pk, names[po], pi, ps)
            note = f"to move · open doublet at {where}"
        p = view.seat
        if p != state.player:
            note += f" · {names[p]}'s hand:"
        body.append(g.text(8, y + 14, f"{who} {note}", size=13, weight="bold"))
        x, hy = 8, y + 24
        hand = sorted(state.hands[p], reverse=True)
        picked = state.picked if last == PICK and p == state.player else -1
        done_hl = False
        for t in hand:
            if x > W - HAND - 4:  # a long hand (a few picks too many) goes on in another row
                x, hy = 8, hy + 2 * HAND + 6
            hl = t == picked and not done_hl
            done_hl = done_hl or hl
            tile = _tile(t, x, hy, vertical=True, size=HAND, highlight=hl)
            body.append(g.pickable(tile, tile_text(t)))
            x += HAND + 5
        y = hy + 2 * HAND + 10
    desc = state._describe(view)
    return g.single_area(W, y, "".join(body), title=f"Dual Mexican Train, {head}", desc=desc)


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
    width = max(len(x) for x in state.names)
    for q, name in enumerate(state.names):
        lead = ">" if q == state.player and state.phase != OVER else " "
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
    if state.phase == OVER:
        out.append("Series over: " + ", ".join(state.names[w] for w in state.winners) + " won")
        return "\n".join(out)
    p, seat = state.player, view.seat
    hand = tile_row(sorted(state.hands[seat], reverse=True))
    if seat == p:
        out.append(f"{state.names[p]} to move, holding {hand}")
    else:
        out.append(f"{state.names[p]} to move; {state.names[seat]} holds {hand}")
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
