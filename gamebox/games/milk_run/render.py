"""The Milk Run board as areas that fit a phone.

The board is drawn as :class:`gamebox.svg.Area` parts, each at most
:data:`gamebox.svg.AREA_MOST` (320) px wide, so that a phone stacks them and a desktop
column sets them two to a row:

1. **The turn, the stock and the discard pile**: the title and status, the last move
   (both wrapped to the area's width), then the stock and the discard pile (its top three
   fanned, top card rightmost, since only the top one can be drawn).
2. **The hand** of the seat shown: the viewer's, or in a worked example the player to
   move's, as whole cards, six to a row. It comes straight after the stock and the
   discard pile, not after the panels, because a turn starts there: draw two, then
   pick a card of the hand. On a phone the stock and the hand are on one screen; on a
   desktop they share the first row.
3. **Each player's panel**, in seat order, so that the frames of a worked example keep
   every panel in its place while the turn passes (the mover's panel is shaded
   instead). A panel holds two rows, red (strawberry) above black (chocolate): the
   Limit pile (its top card, or the 5 that an empty pile stands for), the Go pile ("go"
   or "stop") and the Delivery column, fanned so that every card's corner shows, with
   its total against 30.

The card the last move put down, drew or stole is outlined. The piles and the hand's
cards are tagged with the tokens of ``state.picks``, each with its outline, so an empty
pile is tapped anywhere inside its slot.

The same position as text (``str(state)``, the board's description) is :func:`describe`,
its first line the :func:`status` the board's title shows too.

>>> import gamebox
>>> state = gamebox.load("milk-run").start(3).apply("draw stock")
>>> board = state.areas()
>>> [area.name for area in board.areas]  # doctest: +NORMALIZE_WHITESPACE
['the turn, the stock and the discard pile', "P0's hand", "P0's panel", "P1's panel"]
>>> all(area.width <= 320 for area in board.areas), "P0 to draw" in board.areas[0].body
(True, True)
"""

from __future__ import annotations

import textwrap

from gamebox import svg as draw
from gamebox.components import CODE_TEXT, CODED, codes_text
from gamebox.core import Viewpoint
from gamebox.games.milk_run.moves import (
    _PHASE_TEXT,
    COLOUR_WORD,
    COLOURS,
    COLUMN,
    DISCARD,
    FIRST_DRAW,
    GO,
    LIMIT,
    MILK,
    MOST_IN_HAND,
    RED,
    WIN,
    Draw,
    Play,
    pile_token,
    sort_cards,
)
from gamebox.games.milk_run.rules import MilkRunState

WIDTH = draw.AREA_MOST  # every area, so that two pair up in a desktop column
MARGIN = 6  # left and right, inside an area: room for a hit rect and an outline
GAP = 4  # between two cards side by side: their hit rects (2 px beyond each) just meet
PITCH = draw.CARD_W + GAP  # card to card in a row of whole cards
ROW_PITCH = draw.CARD_H + 10  # row to row: the hit rects (2 px beyond) stay apart
HAND_ROW = (WIDTH - 2 * MARGIN + GAP) // PITCH  # six whole cards to a row
CHAR = 0.6  # a character's width, as a share of the font size (for wrapping)

# A player's panel: its name, then one row per colour (heading, piles, pile labels).
NAME_H = 24
COLOUR_H = 106
PILE_DY = 20  # a colour's piles below its heading
GO_X = MARGIN + draw.CARD_W + 8  # the Go pile, clear of the Limit pile's two-digit count
COLUMN_X = GO_X + draw.CARD_W + 8
COLUMN_W = WIDTH - MARGIN - COLUMN_X  # room for a Delivery column
FAN_DX = 22  # a column's cards apart, until it needs to close up to fit
PANEL_H = NAME_H + 2 * COLOUR_H


def mover(state: MilkRunState) -> int:
    """The player who made the last move (the turn may have passed on since)."""
    if state.is_over or state.phase > FIRST_DRAW:
        return state.player
    return (state.player - 1) % state.n


def highlights(state: MilkRunState) -> set[tuple]:
    """Where the last move left a card: ``("pile", p, colour, kind, index)``,
    ``("discard",)`` or ``("hand", p, code)`` (a card ``p`` drew)."""
    move = state.last_move
    marks: set[tuple] = set()
    if move is None:
        return marks
    who = mover(state)
    if isinstance(move, Draw):
        marks.add(("hand", who, state.hands[who][-1]))
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


def _box(x: float, y: float, width: float = draw.CARD_W) -> tuple[float, float, float, float]:
    """The outline of a card, a pile or a fan of cards at (x, y), as ``pickable`` takes it."""
    return (x, y, width, draw.CARD_H)


def _lines(text: str, size: float) -> list[str]:
    """``text`` wrapped to the area's width, at about :data:`CHAR` x ``size`` a character."""
    return textwrap.wrap(text, int((WIDTH - 2 * MARGIN) / (CHAR * size)))


def _paragraph(lines: list[str], y: float, size: float, step: float, **style: str) -> str:
    """``lines`` from the baseline ``y`` down, ``step`` apart, at the left margin."""
    return "".join(
        draw.text(MARGIN, y + i * step, line, size=size, **style) for i, line in enumerate(lines)
    )


def _last_move_text(state: MilkRunState) -> str:
    move = state.last_move
    if move is None:
        return ""
    text = f"last move: P{mover(state)} {move}"
    if state.stolen >= 0:
        text += f" (stole the {CODED[state.stolen]})"
    return text


# The turn area: the title (one or two lines) and the last move below it (one or two),
# then the two piles at a fixed height, so that they stay put from frame to frame.
TITLE_SIZE, TITLE_STEP = 14, 18
LAST_SIZE, LAST_STEP = 12, 16
PILES_Y = 2 * TITLE_STEP + 2 * LAST_STEP + 32
DISCARD_X = MARGIN + draw.CARD_W + 26
DISCARD_DX = 20  # the fanned cards' corners show a whole "10"
TURN_H = PILES_Y + draw.CARD_H + 22


def _cards(n: int) -> str:
    """A count of cards in words: "1 card", "7 cards"."""
    return f"{n} card{'s' * (n != 1)}"


def _turn(state: MilkRunState, marks: set[tuple]) -> draw.Area:
    """The title and status, the last move, the stock and the discard pile."""
    title = _lines(f"Milk Run · turn {state.turn} · {status(state)}", TITLE_SIZE)
    body = _paragraph(title, 20, TITLE_SIZE, TITLE_STEP, weight="bold")
    last = _lines(_last_move_text(state), LAST_SIZE)
    body += _paragraph(last, 20 + len(title) * TITLE_STEP, LAST_SIZE, LAST_STEP, cls="muted")
    y = PILES_Y
    body += draw.text(MARGIN, y - 8, "Stock", size=12, weight="bold")
    stock = draw.pile([CODED[c] for c in state.stock], MARGIN, y, face_down=True,
                      label=_cards(len(state.stock)))  # fmt: skip
    body += draw.pickable(stock, "stock", _box(MARGIN, y))
    body += draw.text(DISCARD_X, y - 8, "Discard (top: right)", size=12, weight="bold")
    top3 = state.discard[-3:]
    if top3:
        hl = {len(top3) - 1} if ("discard",) in marks else set()
        discard = draw.fan([CODED[c] for c in top3], DISCARD_X, y, dx=DISCARD_DX, highlight=hl)
    else:
        discard = draw.playing_card(None, DISCARD_X, y)
    width = draw.CARD_W + DISCARD_DX * max(len(top3) - 1, 0)
    body += draw.pickable(discard, "discard", _box(DISCARD_X, y, width))
    body += draw.text(DISCARD_X, y + draw.CARD_H + 15, _cards(len(state.discard)),
                      size=draw.SMALLEST, cls="muted")  # fmt: skip
    return draw.Area("the turn, the stock and the discard pile", WIDTH, TURN_H, body)


# The hand area: its heading, then room for the most cards a hand holds (two rows), so
# that the panels below keep their place while the hand grows and shrinks in a turn.
HAND_Y = 26
HAND_H = HAND_Y + (MOST_IN_HAND - 1) // HAND_ROW * ROW_PITCH + draw.CARD_H + 8


def _hand(state: MilkRunState, marks: set[tuple], view: Viewpoint) -> draw.Area:
    """The hand of ``view.seat``, sorted, every card whole and tagged with its text."""
    p = view.seat
    hand = sort_cards(state.hands[p])
    drawn = [hand.index(mark[2]) for mark in marks if mark[:2] == ("hand", p)]
    body = draw.text(MARGIN, 16, f"P{p}'s hand ({_cards(len(hand))})", size=12, weight="bold")
    for i, code in enumerate(hand):
        x = MARGIN + i % HAND_ROW * PITCH
        y = HAND_Y + i // HAND_ROW * ROW_PITCH
        card = draw.playing_card(CODED[code], x, y, highlight=i in drawn)
        body += draw.pickable(card, CODE_TEXT[code], _box(x, y))
    name = "your hand" if view.personal else f"P{p}'s hand"
    return draw.Area(name, WIDTH, HAND_H, body)


def _column(cards: tuple[int, ...], y: float, highlight: bool) -> tuple[str, float]:
    """A Delivery column fanned within :data:`COLUMN_W`, and its width."""
    if not cards:
        return draw.playing_card(None, COLUMN_X, y), draw.CARD_W
    dx = min(FAN_DX, (COLUMN_W - draw.CARD_W) / max(len(cards) - 1, 1))
    hl = {len(cards) - 1} if highlight else set()
    fan = draw.fan([CODED[c] for c in cards], COLUMN_X, y, dx=dx, highlight=hl)
    return fan, draw.CARD_W + dx * (len(cards) - 1)


def _colour_row(state: MilkRunState, p: int, k: int, y: float, marks: set[tuple]) -> str:
    """One colour of a player: heading and total, then Limit, Go and Delivery column."""
    body = draw.text(MARGIN, y + 13, COLOUR_WORD[k], size=12, weight="bold",
                     fill=draw.RED_INK if k == 0 else None)  # fmt: skip
    body += draw.text(MARGIN + 44, y + 13, MILK[k], size=12, cls="muted")
    total = state.total(p, k)
    done = total >= WIN
    body += draw.text(WIDTH - MARGIN, y + 14, f"{total}/{WIN}", size=15, anchor="end",
                      weight="bold" if done else "normal")  # fmt: skip
    if done:
        body += draw.text(WIDTH - MARGIN - 52, y + 13, "done", size=12, anchor="end",
                          cls="muted")  # fmt: skip
    top = y + PILE_DY
    limit = state.pile(p, k, LIMIT)
    label = f"limit {state.limit(p, k)}" if limit else "empty: 5"
    pile = draw.pile([CODED[c] for c in limit], MARGIN, top, label=label,
                     highlight=("pile", p, k, LIMIT, -1) in marks)  # fmt: skip
    body += draw.pickable(pile, pile_token(LIMIT, p, k), _box(MARGIN, top))
    label = "go" if state.is_go(p, k) else "stop"
    pile = draw.pile([CODED[c] for c in state.pile(p, k, GO)], GO_X, top, label=label,
                     highlight=("pile", p, k, GO, -1) in marks)  # fmt: skip
    body += draw.pickable(pile, pile_token(GO, p, k), _box(GO_X, top))
    column, width = _column(state.pile(p, k, COLUMN), top, ("pile", p, k, COLUMN, -1) in marks)
    body += draw.pickable(column, pile_token(COLUMN, p, k), _box(COLUMN_X, top, width))
    body += draw.text(COLUMN_X + draw.CARD_W / 2, top + draw.CARD_H + 15, "deliveries",
                      size=draw.SMALLEST, anchor="middle", cls="muted")  # fmt: skip
    return body


def _panel(state: MilkRunState, p: int, marks: set[tuple]) -> draw.Area:
    """Player ``p``'s six piles, shaded while ``p`` is to move."""
    body = ""
    to_move = not state.is_over and p == state.player
    if to_move:
        body += draw.rect(1, 1, WIDTH - 2, PANEL_H - 2, rx=8, cls="panel")
    body += draw.marker(MARGIN + 8, 13, p, r=7)
    name = f"P{p}"
    if state.winners == (p,):
        name += " wins"
    elif to_move:
        name += " to move"
    body += draw.text(MARGIN + 22, 18, name, size=13, weight="bold")
    for k in COLOURS:
        body += _colour_row(state, p, k, NAME_H + k * COLOUR_H, marks)
    return draw.Area(f"P{p}'s panel", WIDTH, PANEL_H, body)


def board(state: MilkRunState, view: Viewpoint) -> draw.Board:
    """The board as areas (see the module docstring), showing the hand of ``view.seat``
    while the game goes on."""
    marks = highlights(state)
    areas = [_turn(state, marks)]
    if not state.is_over:
        areas.append(_hand(state, marks, view))
    areas += [_panel(state, p, marks) for p in range(state.n)]
    title = f"Milk Run board, turn {state.turn}: {status(state)}"
    return draw.Board(title, describe(state, view), tuple(areas))


def status(state: MilkRunState) -> str:
    """Who is to do what, in words, or how the game ended."""
    outcome = state.outcome
    if outcome is None:
        return f"P{state.player} {_PHASE_TEXT[state.phase]}"
    if outcome.winners:
        return f"P{outcome.winners[0]} has won"
    return "drawn: the stock ran out for good"


def describe(state: MilkRunState, view: Viewpoint) -> str:
    """The position as text (``str(state)``), with the hand of the seat ``view`` shows
    while the game goes on."""
    top3 = codes_text(state.discard[-3:]) or "-"
    lines = [
        f"Milk Run, turn {state.turn}: {status(state)}",
        f"stock {len(state.stock)} | discard {len(state.discard)}, top three (top last) {top3}",
    ]
    for p in range(state.n):
        for k in COLOURS:
            lim = state.pile(p, k, LIMIT)
            go = state.pile(p, k, GO)
            col = state.pile(p, k, COLUMN)
            head = f"P{p}" if k == RED else ""
            lines.append(
                f"{head:<3} {COLOUR_WORD[k]:<5} "
                f"limit {CODE_TEXT[lim[-1]] if lim else '(5)':<3}"
                f" go {CODE_TEXT[go[-1]] if go else '-':<3}"
                f" column {codes_text(col) or '-'} = {state.total(p, k)}/{WIN}"
            )
    if not state.is_over:
        p = view.seat
        lines.append(f"P{p} holds {codes_text(sort_cards(state.hands[p]))}")
    return "\n".join(lines)
