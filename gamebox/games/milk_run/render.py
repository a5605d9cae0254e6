"""The Milk Run board as SVG.

Every player's six piles, one row per colour of milk: the Limit pile (its top card,
or the 5 that an empty pile stands for), the Go pile ("go" or "stop"), and the
Delivery column fanned so that every card shows, with its total against 30. On the
right: the stock, the discard pile (its top three fanned, top card rightmost, since
only the top one can be drawn) and one hand: the viewer's, or in a worked example the
player to move's. The card the last move put down, drew or stole is outlined. The
piles and the hand's cards are tagged with the tokens of ``state.picks``.

>>> import gamebox
>>> state = gamebox.load("milk-run").start(3).apply("draw stock")
>>> picture = svg(state, state.viewpoint())
>>> picture.startswith("<svg") and "P0 to draw" in picture
True
"""

from __future__ import annotations

from gamebox import svg as draw
from gamebox.components import CODE_TEXT, CODED
from gamebox.core import Viewpoint
from gamebox.games.milk_run.moves import (
    COLOUR_WORD,
    COLOURS,
    COLUMN,
    DISCARD,
    GO,
    LIMIT,
    MILK,
    WIN,
    Draw,
    Play,
    pile_token,
    sort_cards,
)
from gamebox.games.milk_run.rules import MilkRunState

WIDTH = 700
HEADER = 30
ROW = 92  # one colour row of a player: a card, its label, a gap
PANEL = 20 + 2 * ROW
LEFT_W = 468  # the players' piles; the shared piles and the hand are to the right
COLUMN_X = 186
COLUMN_W = 244  # room for a Delivery column before its cards overlap more tightly
RIGHT_X = 480


def mover(state: MilkRunState) -> int:
    """The player who made the last move (the turn may have passed on since)."""
    if state.is_over or state.step > 0:
        return state.player
    return (state.player - 1) % state.n


def highlights(state: MilkRunState) -> set[tuple]:
    """Where the last move left a card: ``("pile", p, colour, kind, index)``,
    ``("discard",)`` or ``("hand", code)``."""
    move = state.last_move
    marks: set[tuple] = set()
    if move is None:
        return marks
    who = mover(state)
    if isinstance(move, Draw):
        marks.add(("hand", state.hands[who][-1]))
    elif isinstance(move, Play):
        if move.pile == DISCARD:
            marks.add(("discard",))
        elif move.pile == COLUMN:
            marks.add(("pile", who, move.colour, COLUMN, -1))
        else:
            marks.add(("pile", move.owner, move.colour, move.pile, -1))
            if state.stolen >= 0:
                marks.add(("pile", who, move.colour, COLUMN, -1))
    return marks


def _row(state: MilkRunState, p: int, k: int, y: float, marks: set[tuple]) -> str:
    limit = state.pile(p, k, LIMIT)
    go = state.pile(p, k, GO)
    col = state.pile(p, k, COLUMN)
    word = COLOUR_WORD[k]
    body = draw.text(0, y + 30, word, size=12, weight="bold", fill="#C8102E" if k == 0 else None)
    body += draw.text(0, y + 45, MILK[k], size=11.5, cls="muted")
    lim_label = f"limit {state.limit(p, k)}" if limit else "empty: 5"
    body += draw.pickable(draw.pile(
        [CODED[c] for c in limit], 68, y, label=lim_label,
        highlight=("pile", p, k, LIMIT, -1) in marks,
    ), pile_token(LIMIT, p, k))  # fmt: skip
    body += draw.pickable(draw.pile(
        [CODED[c] for c in go], 124, y, label="go" if state.is_go(p, k) else "stop",
        highlight=("pile", p, k, GO, -1) in marks,
    ), pile_token(GO, p, k))  # fmt: skip
    x0 = COLUMN_X
    if col:
        dx = 22 if len(col) < 2 else min(22, (COLUMN_W - draw.CARD_W) / (len(col) - 1))
        hl = {len(col) - 1} if ("pile", p, k, COLUMN, -1) in marks else set()
        column = draw.fan([CODED[c] for c in col], x0, y, dx=dx, highlight=hl)
    else:
        column = draw.playing_card(None, x0, y)
    body += draw.pickable(column, pile_token(COLUMN, p, k))
    body += draw.text(x0 + draw.CARD_W / 2, y + draw.CARD_H + 15, "deliveries", size=11.5,
                      anchor="start", cls="muted")  # fmt: skip
    total = state.total(p, k)
    done = total >= WIN
    body += draw.text(LEFT_W - 4, y + 34, f"{total}/{WIN}", size=15, anchor="end",
                      weight="bold" if done else "normal")  # fmt: skip
    if done:
        body += draw.text(LEFT_W - 4, y + 50, "done", size=11.5, anchor="end", cls="muted")
    return body


def _panel(state: MilkRunState, p: int, y: float, marks: set[tuple]) -> str:
    body = ""
    to_move = not state.is_over and p == state.player
    if to_move:
        body += draw.rect(-6, -4, LEFT_W + 10, PANEL - 4, rx=8, cls="panel")
    body += draw.marker(8, 8, p, r=7)
    name = f"P{p}"
    if state.winner_ == p:
        name += " wins"
    elif to_move:
        name += " to move"
    body += draw.text(22, 13, name, size=13, weight="bold")
    for k in COLOURS:
        body += _row(state, p, k, 20 + k * ROW, marks)
    return draw.group(body, x=10, y=y, label=f"player {p}'s piles")


def _shared(state: MilkRunState, marks: set[tuple], view: Viewpoint) -> str:
    body = draw.text(0, 0, "Stock", size=12, weight="bold")
    body += draw.pickable(draw.pile([CODED[c] for c in state.stock], 0, 10, face_down=True,
                                    label=f"{len(state.stock)} cards"), "stock")  # fmt: skip
    body += draw.text(74, 0, "Discard (top: right)", size=12, weight="bold")
    top3 = state.discard[-3:]
    if top3:
        hl = {len(top3) - 1} if ("discard",) in marks else set()
        discard = draw.fan([CODED[c] for c in top3], 74, 10, dx=14, highlight=hl)
    else:
        discard = draw.playing_card(None, 74, 10)
    body += draw.pickable(discard, "discard")
    body += draw.text(74, 10 + draw.CARD_H + 15, f"{len(state.discard)} cards", size=11.5,
                      cls="muted")  # fmt: skip
    if state.is_over:
        return draw.group(body, x=RIGHT_X, y=HEADER + 14, label="stock and discard pile")
    p = view.seat
    hand = sort_cards(state.hands[p])
    hl: set[int] = set()
    for mark in marks:
        if mark[0] == "hand" and mark[1] in hand:
            hl.add(hand.index(mark[1]))
    y = 120
    body += draw.text(0, y, f"P{p}'s hand ({len(hand)} cards)", size=12, weight="bold")
    dx = 24 if len(hand) < 2 else min(24, (WIDTH - RIGHT_X - 12 - draw.CARD_W) / (len(hand) - 1))
    body += draw.fan([CODED[c] for c in hand], 0, y + 10, dx=dx, highlight=hl,
                     picks=[CODE_TEXT[c] for c in hand])  # fmt: skip
    return draw.group(body, x=RIGHT_X, y=HEADER + 14, label="stock, discard pile and hand")


def _last_move_text(state: MilkRunState) -> str:
    move = state.last_move
    if move is None:
        return ""
    text = f"last move: P{mover(state)} {move}"
    if state.stolen >= 0:
        text += f" (stole the {CODED[state.stolen]})"
    return text


def board(state: MilkRunState, view: Viewpoint) -> draw.Board:
    """The whole board (see the module docstring), showing the hand of ``view.seat``."""
    marks = highlights(state)
    body = draw.text(10, 20, f"Milk Run · turn {state.turn} · {state.status()}", size=14,
                     weight="bold")  # fmt: skip
    last = _last_move_text(state)
    if last:
        body += draw.text(WIDTH - 8, 20, last, size=11.5, anchor="end", cls="muted")
    for p in range(state.n):
        body += _panel(state, p, HEADER + 10 + p * PANEL, marks)
    body += draw.line(LEFT_W + 10, HEADER + 6, LEFT_W + 10, HEADER + state.n * PANEL)
    body += _shared(state, marks, view)
    height = max(HEADER + 14 + state.n * PANEL, 330)
    title = f"Milk Run board, turn {state.turn}: {state.status()}"
    return draw.single_area(WIDTH, height, body, title=title, desc=state._describe(view))
