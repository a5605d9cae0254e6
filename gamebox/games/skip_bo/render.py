"""The Skip-Bo board as areas that fit a phone (each at most ``draw.AREA_MOST`` wide).

In reading order: the turn (the title with the status, the last move, the deck and the
completed piles set aside), the four shared build piles (each labelled with the value it
needs next), one panel per player (the reserve pile, count and face-up card, and the four
helper stacks, top card and depth), and at the foot one hand: the viewer's (marked
"you"), or in a worked example the player to move's; the other hands show only as counts.
On a phone the areas stack; on a wider page they pair up, two per row. What the last move
touched is outlined in orange. The build piles, the mover's reserve, helper stacks and
hand cards, and the other reserves (a block names one) are tagged with the tokens of
``state.picks``, each over its card's outline, so an empty pile is tapped anywhere in it.
:func:`describe` writes the same position as text (``str(state)``), under the same title.

>>> import gamebox
>>> state = gamebox.load("skip-bo").start(seed=3)
>>> areas = board(state, state.viewpoint()).areas
>>> [area.name for area in areas]
['the turn, the deck and the set-aside', 'the build piles', "P0's panel", "P1's panel", "P0's hand"]
>>> "needs 1" in areas[1].body and "P0 to play" in areas[0].body
True
"""

from __future__ import annotations

import textwrap

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
    cards_text,
)
from gamebox.games.skip_bo.rules import SkipBoState

WIDTH = draw.AREA_MOST
CW, CH = draw.CARD_W, draw.CARD_H
#: The margin kept inside an area's edge (room for the orange outline and the badges).
EDGE = 12
#: The size of the board's small labels, in SVG units (one CSS pixel at the board's
#: natural size): above the 11 every board keeps, so that they read on a phone.
LABEL = 11.5
#: Card slots, left edge to left edge: the build piles (room for a bold "needs 12" under
#: each), a panel's helper stacks and a hand's cards (each hit area 52 wide, apart).
PILE_STEP, STACK_STEP, HAND_STEP = 80, 58, 56
#: Where a panel's cards start, below its name line.
PANEL_TOP = 28
#: A panel's reserve card, clear of the edge by half its "reserve 20" label.
RESERVE_X = 16
#: The left edges of the set-aside card (the deck's is EDGE) and of the last move's text
#: beside them (clear of the set-aside's badge).
ASIDE, LAST = EDGE + 64, EDGE + 64 + CW + 20


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
    mover = state.player if state.winner is None else state.winner
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


def _lines(words: str, size: float, x: float, y: float, **style: str) -> tuple[str, float]:
    """``words`` wrapped between ``x`` and the area's right margin at ``size`` (a
    character taken as 0.6 of the size wide, a safe guess for this type), one line every
    1.3 sizes from the baseline ``y``: the text and the baseline of the line after it."""
    body = ""
    for line in textwrap.wrap(words, int((WIDTH - x - EDGE) / (0.6 * size))):
        body += draw.text(x, y, line, size=size, **style)
        y += 1.3 * size
    return body, y


def _label(words: str) -> str:
    """The muted label centred under a card drawn at (0, 0)."""
    return draw.text(CW / 2, CH + 16, words, size=LABEL, anchor="middle", cls="muted")


def _depth(n: int, **paint: str) -> str:
    """The edges of up to three cards under the top one of a pile of ``n``."""
    return "".join(
        draw.rect(1.5 * i, 1.5 * i, CW, CH, rx=5, **paint) for i in range(min(n - 1, 3), 0, -1)
    )


def _header(state: SkipBoState, title: str, mover: int) -> draw.Area:
    """The title with the status (wrapped to the area's width); under it the deck and
    the completed piles set aside, and beside them the last move."""
    body, y = _lines(title, 14, EDGE, 20, weight="bold")
    y -= 6  # the cards' top: the next line's baseline less a line, plus 8 px
    if state.deck:
        deck = draw.skip_bo_card(CARD[0], 0, 0, face_down=True)
    else:
        deck = draw.rect(0, 0, CW, CH, rx=5, cls="slot")
    deck += draw.badge(CW - 2, 2, len(state.deck)) + _label("deck")
    body += draw.group(deck, x=EDGE, y=y, label=f"deck: {len(state.deck)} cards")
    aside = draw.rect(0, 0, CW, CH, rx=5, cls="slot")
    aside += draw.badge(CW - 2, 2, len(state.aside)) + _label("set aside")
    body += draw.group(aside, x=ASIDE, y=y, label=f"set aside: {len(state.aside)} cards")
    last = state.last_move
    if last is not None:
        body += draw.text(LAST, y + 12, f"last move (P{mover}):", size=LABEL, cls="muted")
        body += _lines(str(last), LABEL, LAST, y + 12 + 1.3 * LABEL, cls="muted")[0]
    return draw.Area("the turn, the deck and the set-aside", WIDTH, y + CH + 26, body)


def _piles(state: SkipBoState, hits: set) -> draw.Area:
    """The four build piles, each with its top card, its name and the value it needs."""
    body = ""
    x0, y = (WIDTH - (PILES - 1) * PILE_STEP - CW) / 2, 8
    for k in range(PILES):
        pile, x = state.piles[k], x0 + k * PILE_STEP
        pb = _depth(len(pile), cls="paper")
        top = CARD[pile[-1]] if pile else None
        pb += draw.skip_bo_card(top, 0, 0, highlight=("pile", k) in hits)
        if pile and pile[-1] == 0:
            pb += draw.text(
                CW / 2, CH - 6, f"as {len(pile)}", size=LABEL, anchor="middle", fill="#fff"
            )
        pb += _label(f"pile {k + 1}")
        pb += draw.text(
            CW / 2, CH + 31, f"needs {len(pile) + 1}", size=12, anchor="middle", weight="bold"
        )
        pb = draw.group(pb, x=x, y=y, label=f"build pile {k + 1}: needs {len(pile) + 1}")
        body += draw.pickable(pb, f"pile {k + 1}", (x, y, CW, CH))
    return draw.Area("the build piles", WIDTH, y + CH + 38, body)


def _stack(cards: tuple[int, ...], x: float, label: str, hl: bool) -> str:
    """A helper stack at ``x`` in a panel: its top card, depth, count and name."""
    body = _depth(len(cards), cls="paper")
    body += draw.skip_bo_card(CARD[cards[-1]] if cards else None, 0, 0, highlight=hl)
    if len(cards) > 1:
        body += draw.badge(CW - 2, 2, len(cards))
    body += _label(label)
    shows = TEXT[cards[-1]] if cards else "empty"
    return draw.group(body, x=x, y=PANEL_TOP, label=f"{label}: {len(cards)} cards, shows {shows}")


def _panel(state: SkipBoState, p: int, mover: int, hits: set, view: Viewpoint) -> draw.Area:
    """Seat ``p``'s panel: her name (and whether she plays or has won), her hand's count,
    her reserve and her four helper stacks, each a card's width and more apart."""
    height = PANEL_TOP + CH + 24
    res = state.reserves[p]
    body = draw.rect(0, 0, WIDTH, height, rx=8, cls="panel")
    tag = ""
    if state.winner == p:
        tag = " · wins"
    elif p == state.current_player:
        tag = " · to play"
    yours = view.personal and p == view.seat
    you = " (you)" if yours else ""
    body += draw.text(
        10, 17, f"P{p}{you}{tag}", size=12.5, weight="bold", fill=draw.player_colour(p)
    )
    body += draw.text(
        WIDTH - 10, 17, f"hand {len(state.hands[p])}", size=LABEL, anchor="end", cls="muted"
    )
    mine = p == mover
    # reserve: face-down depth under a face-up top card
    rb = _depth(len(res), fill="#e67e22", stroke="#8a8a8a")
    rb += draw.skip_bo_card(
        CARD[res[-1]] if res else None, 0, 0, highlight=mine and ("reserve",) in hits
    )
    rb += draw.badge(CW - 2, 2, len(res)) + _label(f"reserve {len(res)}")
    rb = draw.group(rb, x=RESERVE_X, y=PANEL_TOP, label=f"P{p} reserve: {len(res)} cards")
    moving = p == state.current_player  # its pieces are named as the mover's own
    box = (RESERVE_X, PANEL_TOP, CW, CH)
    body += draw.pickable(rb, "reserve" if moving else f"P{p} reserve", box)
    x0 = WIDTH - EDGE - 2 - (STACKS - 1) * STACK_STEP - CW  # room for stack 4's badge
    for s in range(STACKS):
        x = x0 + s * STACK_STEP
        sb = _stack(state.helper(p, s), x, f"stack {s + 1}", mine and ("stack", s) in hits)
        body += draw.pickable(sb, f"stack {s + 1}", (x, PANEL_TOP, CW, CH)) if moving else sb
    name = f"your panel (P{p})" if yours else f"P{p}'s panel"
    return draw.Area(name, WIDTH, height, body)


def _hand(state: SkipBoState, view: Viewpoint) -> draw.Area:
    """The hand of the seat ``view`` shows, whole cards in rows that fit the area (a
    Skip-Bo hand of five fills one row), pickable when that seat is to move."""
    p = view.seat
    hand = state.hands[p]
    body = draw.text(EDGE, 17, f"P{p}'s hand", size=12, weight="bold")
    per_row = int((WIDTH - 2 * EDGE - CW) // HAND_STEP) + 1
    top = 28
    for i, c in enumerate(hand):
        x, y = EDGE + (i % per_row) * HAND_STEP, top + (i // per_row) * (CH + 12)
        card = draw.skip_bo_card(CARD[c], x, y)
        body += draw.pickable(card, TEXT[c], (x, y, CW, CH)) if p == state.player else card
    if not hand:
        body += draw.text(EDGE, top + 14, "(empty)", size=LABEL, cls="muted")
    rows = max(1, -(-len(hand) // per_row))
    name = "your hand" if view.personal else f"P{p}'s hand"
    return draw.Area(name, WIDTH, top + rows * (CH + 12), body)


def _seats(state: SkipBoState, view: Viewpoint) -> list[int]:
    """The seats in the order their panels show: the seat ``view`` shows first (the
    mover's in a worked example, your own on a play board), so that the reserve and
    stacks her moves use come straight after the build piles; then the others in turn
    order, the next to play first."""
    return [(view.seat + i) % state.n for i in range(state.n)]


def _title(state: SkipBoState) -> str:
    """The board's title and the text's first line: the turn and the status."""
    return f"Skip-Bo, turn {state.turn}: {state.status()}"


def describe(state: SkipBoState, view: Viewpoint) -> str:
    """The position as text (``state.describe()``), with the hand of the seat ``view``
    shows: the build piles with what each needs, the deck, each player's reserve and
    helper stacks (top card and depth).

    >>> import gamebox
    >>> print(gamebox.load("skip-bo").setup(hands=["SB 3"], reserves=["7 3"], piles=[2]))
    Skip-Bo, turn 1: P0 to play
    build piles 1: 2 (needs 3) | 2: - (needs 1) | 3: - (needs 1) | 4: - (needs 1)
    deck 142 | set aside 0
    P0 reserve 2 shows 3 | stacks 1:- 2:- 3:- 4:-
    P1 reserve 20 shows SB | stacks 1:- 2:- 3:- 4:-
    P0 holds SB 3
    """
    piles = " | ".join(
        f"{k + 1}: {TEXT[pl[-1]] if pl else '-'} (needs {len(pl) + 1})"
        for k, pl in enumerate(state.piles)
    )
    lines = [
        _title(state),
        f"build piles {piles}",
        f"deck {len(state.deck)} | set aside {len(state.aside)}",
    ]
    for p in range(state.n):
        res = state.reserves[p]
        tops = " ".join(
            f"{s + 1}:{TEXT[st[-1]]}({len(st)})" if st else f"{s + 1}:-"
            for s in range(STACKS)
            for st in (state.helper(p, s),)
        )
        show = TEXT[res[-1]] if res else "-"
        lines.append(f"P{p} reserve {len(res)} shows {show} | stacks {tops}")
    if state.outcome is None:
        p = view.seat
        lines.append(f"P{p} holds {cards_text(state.hands[p]) or '(nothing)'}")
    return "\n".join(lines)


def board(state: SkipBoState, view: Viewpoint) -> draw.Board:
    """The board as areas (see the module docstring), drawn for ``view``: the hand of its
    seat shows at the foot while the others' stay counts, and on a seat's own view
    (``view.personal``) her panel says "you"."""
    mover, hits = _touched(state)
    title = _title(state)
    areas = [_header(state, title, mover), _piles(state, hits)]
    areas += [_panel(state, p, mover, hits, view) for p in _seats(state, view)]
    if not state.is_over:
        areas.append(_hand(state, view))
    return draw.Board(title, describe(state, view), tuple(areas))
