"""The Dual Mexican Train board: the roundhouse, drawn as spokes from the centre.

The centre engine sits in a hub on the left; one spoke per player leads to her lane:
her engine bay, her train (doublets stand crosswise, their sides branch above and
below), her side train, and any markers in her colour. Long trains show their last
tiles with a "+k" count of the hidden ones, so ten players with long trains still fit
a 700-pixel page. The hand of the player to move is shown under the lanes, and the
last move is outlined.
"""

from __future__ import annotations

from gamebox import svg as g
from gamebox.components import Domino
from gamebox.games.mexican_train.rules import (
    DRAWING,
    ENGINE,
    OVER,
    PICK,
    SCORED,
    Play,
    tile_text,
)

W = 700
S = 13  # half-tile size in the lanes
TW = 2 * S + 3  # advance per tile laid lengthwise
DW = S + 3  # advance per doublet (crosswise)
LANE = 2 * S + 8
SUB = int(1.5 * S) + 4  # extra lane height for a row of doublet sides
HUB_X, X0 = 56, 150
MAX_TRAIN, MAX_SIDE, MAX_BRANCH = 9, 5, 4


def _dom(code: int) -> Domino:
    return Domino(code // 10, code % 10)


def _oriented(tiles: tuple[int, ...], start: int) -> list[tuple[int, int, int]]:
    out, v = [], start
    for t in tiles:
        hi, lo = divmod(t, 10)
        a, b = (hi, lo) if hi == v else (lo, hi)
        out.append((t, a, b))
        v = b
    return out


def _line(state, key, start, x, y, limit, hl_key, *, sides=True, owner=0):
    """Draw one line (train, side train or branch) from (x, y); return (svg, end x,
    branch drawings above, below)."""
    tiles, _end, marked, dbl = state.lines[key]
    parts, above, below = [], [], []
    seq = _oriented(tiles, start)
    skip = max(0, len(seq) - limit)
    if skip:
        parts.append(g.text(x + 2, y + S * 0.75, f"+{skip}", size=10, cls="muted"))
        x += 22
    last_x = x
    for i, (t, a, b) in enumerate(seq):
        if i < skip:
            continue
        hl = key == hl_key and i == len(seq) - 1
        if a == b:
            parts.append(
                g.domino(_dom(t), x, y - S / 2, ends=(a, b), vertical=True, size=S, highlight=hl)
            )
            if sides and i in dbl:
                for s, bucket in ((0, above), (1, below)):
                    sk = (key[0], key[1], i, s)
                    st, _se, sm, _ = state.lines[sk]
                    if st or sm:
                        bucket.append((sk, a, x, sm))
            last_x = x
            x += DW
        else:
            parts.append(g.domino(_dom(t), x, y, ends=(a, b), size=S, highlight=hl))
            last_x = x
            x += TW
    if marked and seq:
        # on the inner half of the last tile, so that the open end stays visible
        mx = last_x + S / 2
        parts.append(g.marker(mx, y + S / 2, owner, r=5.5))
    return "".join(parts), x, above, below


def _branch(state, sk, start, x, y, hl_key, owner):
    """A doublet's side: a short line drawn on a sub-row."""
    tiles, _e, marked, _ = state.lines[sk]
    body, _x, _, _ = _line(
        state, sk, start, x - S / 2, y, MAX_BRANCH, hl_key, sides=False, owner=owner
    )
    out = [body]
    if marked and not tiles:
        out.append(g.marker(x + S / 2, y + S / 2 + 2, owner, r=5.5))
    return "".join(out)


def svg(state, *, viewer: int | None = None) -> str:
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
                state, ("T", q), state.engine, X0 + 62, 0, MAX_TRAIN, hl_key, owner=q
            )
        else:
            body, xend, above, below = "", X0 + 62, [], []
        top = SUB if above else 0
        bottom = SUB if below else 0
        h = LANE + top + bottom
        rows.append((q, y, top, h, body, xend, above, below))
        y += h
    lanes_bottom = y
    hub_y = (40 + lanes_bottom) / 2
    # hub
    hub = g.circle(HUB_X, hub_y, 38, cls="rule", fill="none")
    if state.centre >= 0:
        hl = isinstance(last, Play) and last.kind == "C"
        hub += g.domino(
            _dom(state.centre), HUB_X - S / 2, hub_y - S, vertical=True, size=S, highlight=hl
        )
    else:
        hub += g.text(HUB_X, hub_y + 4, "no engine", size=10, anchor="middle", cls="muted")
    hub += g.text(HUB_X, hub_y + 52, f"boneyard {len(state.boneyard)}", size=11, anchor="middle")
    lanes.append(hub)
    for q, y0, top, h, body, xend, above, below in rows:
        ly = y0 + top + LANE / 2 - S / 2  # tile top of the main sub-row
        colour = g.player_colour(q)
        cur = q == state.cur and state.phase != OVER
        lanes.append(g.line(HUB_X + 38, hub_y, X0 - 4, ly + S / 2, cls="rule"))
        if cur:
            lanes.append(g.rect(X0 - 6, y0 + 2, W - X0, h - 4, rx=6, cls="panel"))
        lanes.append(g.circle(X0 + 5, ly + S / 2, 5, fill=colour))
        weight = "bold" if cur else "normal"
        lanes.append(g.text(X0 + 14, ly + S * 0.55, names[q], size=12, weight=weight))
        count = len(state.hands[q])
        info = f"{count} tile{'s' if count != 1 else ''}"
        if count == 1 and state.phase not in (SCORED, OVER):
            info = "kept quiet" if q in (state.silent, state.owed) else "knock!"
        lanes.append(g.text(X0 + 14, ly + S * 1.45, info, size=9.5, cls="muted"))
        score = f"total {state.totals[q]}"
        if state.hand_scores is not None:
            score = f"+{state.hand_scores[q]} = {state.totals[q]}"
        lanes.append(g.text(W - 8, ly + S * 0.75, score, size=10, anchor="end", cls="muted"))
        if not state.lines:
            continue
        tiles, _e, marked, _d = state.lines[("T", q)]
        bx = X0 + 62
        if not tiles:
            lanes.append(g.rect(bx, ly - 1, 2 * S + 2, S + 2, rx=3, cls="slot"))
            lanes.append(
                g.text(bx + S + 1, ly + S * 0.75, "bay", size=8, anchor="middle", cls="muted")
            )
            if marked:
                lanes.append(g.marker(bx + S + 1, ly + S / 2, q, r=5.5))
        lanes.append(g.group(body, y=ly))
        for sk, a, x, _sm in above:
            lanes.append(_branch(state, sk, a, x, ly - S / 2 - S - 1, hl_key, q))
        for sk, a, x, _sm in below:
            lanes.append(_branch(state, sk, a, x, ly + 1.5 * S + 1, hl_key, q))
        # the side train, right of the train
        stiles = state.lines[("S", q)][0]
        if stiles:
            sx = max(xend + 10, 480)
            lanes.append(g.text(sx, ly + S * 0.8, "side", size=9, cls="muted"))
            sbody, _x, sab, sbe = _line(
                state, ("S", q), state.engine, sx + 24, 0, MAX_SIDE, hl_key, owner=q
            )
            lanes.append(g.group(sbody, y=ly))
            for sk, a, x, _sm in sab:
                lanes.append(_branch(state, sk, a, x, ly - S / 2 - S - 1, hl_key, q))
            for sk, a, x, _sm in sbe:
                lanes.append(_branch(state, sk, a, x, ly + 1.5 * S + 1, hl_key, q))
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
        who = names[state.cur]
        note = {
            ENGINE: "places the engine",
            DRAWING: "everybody draws one tile at once",
            SCORED: "hand over: deal the next",
        }.get(state.phase, "to move")
        if state.pending is not None and state.phase == "play":
            pk, po, pi, ps = state.pending
            where = Play(0, pk, po, pi, ps, names[po]).target_text()
            note = f"to move · open doublet at {where}"
        body.append(g.text(8, y + 12, f"{who} {note}", size=12, weight="bold"))
        x = 8
        hand = sorted(state.hands[state.cur], reverse=True)
        picked = state.picked if last == PICK else -1
        done_hl = False
        for t in hand:
            hl = t == picked and not done_hl
            done_hl = done_hl or hl
            body.append(g.domino(_dom(t), x, y + 20, vertical=True, size=14, highlight=hl))
            x += 18
            if x > W - 20:
                break
        y += 20 + 30 + 8
    desc = str(state)
    return g.document(W, y, "".join(body), title=f"Dual Mexican Train, {head}", desc=desc)
