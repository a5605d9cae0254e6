"""The Skip-Bo board as SVG.

At the top, the deck, the four shared build piles (each labelled with the value it needs
next) and the completed piles set aside. Below, one panel per player: the reserve pile
(count and face-up card) and the four helper stacks (top card and depth). At the foot,
one hand: the viewer's (marked "you"), or in a worked example the player to move's; the
other hands show only as counts. What the last move touched is outlined in orange, and
the move is written under the title. The build piles, the mover's reserve, helper
stacks and hand cards, and the other reserves (a block names one) are tagged with the
tokens of ``state.picks``.

>>> import gamebox
>>> state = gamebox.load("skip-bo").start(seed=3)
>>> picture = svg(state, state.viewpoint())
>>> picture.startswith("<svg") and "needs 1" in picture and "P0 to play" in picture
True
"""

from __future__ import annotations

from gamebox import svg as draw
from gamebox.core import Viewpoint
from gamebox.games.skip_bo.moves import (
    CARD,
    PILES,
    RESERVE,
    STACK,
    STACKS,
    TEXT,
    Block,
    Discard,
    Pass,
    Play,
)
from gamebox.games.skip_bo.rules import SkipBoState

WIDTH = 720
CW, CH = draw.CARD_W, draw.CARD_H
PANEL_W = 348
PANEL_H = CH + 44
GAP = 8
#: The size of the board's small labels, in SVG units (one CSS pixel at the board's
#: natural size): above the 11 every board keeps, so that they read on a phone.
LABEL = 11.5


def _touched(state: SkipBoState) -> tuple[int, set]:
    """Who made the last move, and what it touched: ("pile", k), ("stack", s),
    ("reserve",), ("hand",)."""
    move = state.last_move
    if move is None:
        return -1, set()
    if isinstance(move, Discard | Pass):
        mover = (state.player - 1) % state.n
        if isinstance(move, Discard):
            return mover, {("stack", move.stack)}
        return mover, set()
    mover = state.winner_ if state.winner_ >= 0 else state.player
    out: set = set()
    if isinstance(move, Play):
        out.add(("pile", move.pile))
        out.add(
            ("stack", move.stack)
            if move.src == STACK
            else (("reserve",) if move.src == RESERVE else ("hand",))
        )
    elif isinstance(move, Block):
        out |= {("pile", move.pile), ("stack", move.stack)}
    return mover, out


def _stack(cards: tuple[int, ...], x: float, y: float, label: str, hl: bool) -> str:
    body = ""
    for i in range(min(len(cards) - 1, 3), 0, -1):
        body += draw.rect(1.5 * i, 1.5 * i, CW, CH, rx=5, cls="paper")
    top = CARD[cards[-1]] if cards else None
    body += draw.skip_bo_card(top, 0, 0, highlight=hl)
    if len(cards) > 1:
        body += draw.badge(CW - 2, 2, len(cards))
    body += draw.text(CW / 2, CH + 14, label, size=LABEL, anchor="middle", cls="muted")
    shows = TEXT[cards[-1]] if cards else "empty"
    return draw.group(body, x=x, y=y, label=f"{label}: {len(cards)} cards, shows {shows}")


def _panel(
    state: SkipBoState, p: int, x: float, y: float, mover: int, hits: set, view: Viewpoint
) -> str:
    colour = draw.player_colour(p)
    res = state.reserves[p]
    body = draw.rect(0, 0, PANEL_W, PANEL_H, rx=8, cls="panel")
    tag = ""
    if state.winner_ == p:
        tag = " · wins"
    elif p == state.current_player:
        tag = " · to play"
    you = " (you)" if view.personal and p == view.seat else ""
    body += draw.text(10, 15, f"P{p}{you}{tag}", size=12.5, weight="bold", fill=colour)
    body += draw.text(
        PANEL_W - 10, 15, f"hand {len(state.hands[p])}", size=LABEL, anchor="end", cls="muted"
    )
    mine = p == mover
    # reserve: face-down depth under a face-up top card
    rb = ""
    for i in range(min(len(res) - 1, 3), 0, -1):
        rb += draw.rect(1.5 * i, 1.5 * i, CW, CH, rx=5, fill="#e67e22", stroke="#8a8a8a")
    rb += draw.skip_bo_card(
        CARD[res[-1]] if res else None, 0, 0, highlight=mine and ("reserve",) in hits
    )
    rb += draw.badge(CW - 2, 2, len(res))
    rb += draw.text(
        CW / 2, CH + 14, f"reserve {len(res)}", size=LABEL, anchor="middle", cls="muted"
    )
    rb = draw.group(rb, x=10, y=22, label=f"P{p} reserve: {len(res)} cards")
    moving = p == state.current_player  # its pieces are named as the mover's own
    body += draw.pickable(rb, "reserve" if moving else f"P{p} reserve")
    for s in range(STACKS):
        sb = _stack(
            state.helper(p, s), 86 + s * 64, 22, f"stack {s + 1}", mine and ("stack", s) in hits
        )
        body += draw.pickable(sb, f"stack {s + 1}") if moving else sb
    return draw.group(body, x=x, y=y, label=f"player {p}")


def board(state: SkipBoState, view: Viewpoint) -> draw.Board:
    """The whole board (see the module docstring), drawn for ``view``: the hand of its
    seat shows at the foot while the others' stay counts, and on a seat's own view
    (``view.personal``) her panel says "you"."""
    mover, hits = _touched(state)
    body = ""
    title = f"Skip-Bo, turn {state.turn}: {state.status()}"
    body += draw.text(12, 20, title, size=14, weight="bold")
    last = state.last_move
    if last is not None:
        who = f"P{mover}" if mover >= 0 else ""
        body += draw.text(12, 38, f"last move ({who}): {last}", size=LABEL, cls="muted")
    # centre: deck, build piles, set aside
    y0 = 50
    if state.deck:
        deck = draw.skip_bo_card(CARD[0], 0, 0, face_down=True)
    else:
        deck = draw.rect(0, 0, CW, CH, rx=5, cls="slot")
    deck += draw.badge(CW - 2, 2, len(state.deck))
    deck += draw.text(CW / 2, CH + 14, "deck", size=LABEL, anchor="middle", cls="muted")
    body += draw.group(deck, x=20, y=y0, label=f"deck: {len(state.deck)} cards")
    for k in range(PILES):
        pile = state.piles[k]
        x = 130 + k * 110
        pb = ""
        if pile:
            for i in range(min(len(pile) - 1, 3), 0, -1):
                pb += draw.rect(1.5 * i, 1.5 * i, CW, CH, rx=5, cls="paper")
        top = CARD[pile[-1]] if pile else None
        pb += draw.skip_bo_card(top, 0, 0, highlight=("pile", k) in hits)
        if pile and pile[-1] == 0:
            pb += draw.text(
                CW / 2, CH - 6, f"as {len(pile)}", size=LABEL, anchor="middle", fill="#fff"
            )
        pb += draw.text(CW / 2, CH + 14, f"pile {k + 1}", size=LABEL, anchor="middle", cls="muted")
        pb += draw.text(
            CW / 2, CH + 29, f"needs {len(pile) + 1}", size=12, anchor="middle", weight="bold"
        )
        pb = draw.group(pb, x=x, y=y0, label=f"build pile {k + 1}: needs {len(pile) + 1}")
        body += draw.pickable(pb, f"pile {k + 1}")
    ab = draw.rect(0, 0, CW, CH, rx=5, cls="slot")
    ab += draw.badge(CW - 2, 2, len(state.aside))
    ab += draw.text(CW / 2, CH + 14, "set aside", size=LABEL, anchor="middle", cls="muted")
    body += draw.group(ab, x=WIDTH - 80, y=y0, label=f"set aside: {len(state.aside)} cards")
    # players
    y = y0 + CH + 40
    for p in range(state.n):
        col, row = p % 2, p // 2
        px, py = 8 + col * (PANEL_W + GAP), y + row * (PANEL_H + GAP)
        body += _panel(state, p, px, py, mover, hits, view)
    y += ((state.n + 1) // 2) * (PANEL_H + GAP) + 4
    # the hand of the seat the view shows
    if not state.is_over:
        p = view.seat
        hand = state.hands[p]
        body += draw.text(12, y + 14, f"P{p}'s hand", size=12, weight="bold")
        for i, c in enumerate(hand):
            card = draw.skip_bo_card(CARD[c], 100 + i * (CW + 8), y)
            body += draw.pickable(card, TEXT[c]) if p == state.player else card
        if not hand:
            body += draw.text(100, y + 14, "(empty)", size=LABEL, cls="muted")
        y += CH + 10
    else:
        y += 4
    return draw.single_area(WIDTH, y + 6, body, title=title, desc=state._describe(view))
