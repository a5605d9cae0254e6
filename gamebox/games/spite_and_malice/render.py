"""The Spite and Malice board as areas that fit a phone.

The board is five areas, each at most :data:`gamebox.svg.AREA_MOST` (320) px wide, in
the order a player reads them:

1. **the header**: the title and whose turn it is (or the result), and the last move in
   words, wrapped to the area's width;
2. **the centre**: every centre stack with the rank it needs next, then the stock and
   the set-aside pile, five places to a line;
3. **P0's panel**, then **P1's panel**: the pay-off pile (count and up-card) and the four
   rows, each row a column of cards cascading downwards with its top card, the one that
   can be played, whole at the foot;
4. **the hand** of the seat the board is drawn for: the viewer's, or in a worked example
   the player to move's (the other hand shows only as a count in its panel).

The board's text (:func:`describe`, which is also ``str(state)``) says the same in lines.

The panels keep seat order, whoever is to move, so that each seat's rows stay in one
place from frame to frame of a worked example, and on a desktop column (two areas to a
line) the two panels, drawn the same height, share a line. The last move is outlined.

Every piece ``state.picks`` names is tagged for a play board, with its outline: the
mover's hand cards (by name), pay-off pile (``pay-off``) and rows (``row 1``..``row 4``,
the whole column, or the empty place), and the centre stacks (``stack 1``, ...). A board
drawn for a seat's own view marks that seat "you".

>>> import gamebox
>>> state = gamebox.load("spite-and-malice").start(seed=3)
>>> drawn = board(state, state.viewpoint(0))
>>> [area.name for area in drawn.areas]
['the header', 'the centre', 'your panel (P0)', "P1's panel", 'your hand (P0)']
>>> max(area.width for area in drawn.areas) <= draw.AREA_MOST
True
>>> "P1 to move" in drawn.areas[0].body and 'data-pick="row 4"' in drawn.areas[3].body
True
"""

from __future__ import annotations

import textwrap

from gamebox import svg as draw
from gamebox.components import CODED, JOKER_CODE, Card, codes_text
from gamebox.core import Viewpoint
from gamebox.games.spite_and_malice.moves import (
    HAND,
    NEW,
    PAYOFF,
    PAYOFF_TOKEN,
    Place,
    Play,
    Stuck,
    in_hand_order,
    rank_symbol,
    row_token,
    stack_token,
)
from gamebox.games.spite_and_malice.rules import SpiteAndMaliceState

WIDTH = draw.AREA_MOST
EDGE = 8  # the margin inside an area
CW, CH = draw.CARD_W, draw.CARD_H
#: The size of the board's small grey labels: at least 11.5 units, so 11.5 CSS px on a
#: phone, where the board keeps its natural size.
LABEL = 11.5
#: A character's width, as a share of the font size, for wrapping text to an area
#: (letters and digits at these sizes; bold a little wider).
CHAR = 0.62
#: Centre places and hand cards lie on a grid of five to a line, 62 px apart from 12 px
#: in: a card's hit area (52 px wide) stays clear of its neighbour's, a label of up to 8
#: characters ("needs 10", "JK as 10") clear of the next one's, and the first place's
#: "aces start" inside the area.
GRID_X = 12
PITCH = 62
PER_LINE = (WIDTH - 2 * GRID_X + PITCH - CW) // PITCH
#: A centre line: a pile, its label and what it needs.
CENTRE_LINE = CH + 44
#: In a panel, the pay-off pile's column and the rows' columns, 62 px apart.
PAYOFF_X = 14
ROW_X = 78
ROW_PITCH = 62
#: A row's cards cascade downwards this far apart, showing each card's rank and suit...
CASCADE = 30.0
#: ...until the column would grow taller than this; a longer row closes up (a card's rank
#: still shows at 16 px apart, 12 cards in this height).
COLUMN_MOST = CH + 6 * CASCADE
PANEL_TOP = 46  # the panel's title line and the labels above its piles


def said(move: Play | Place | Stuck) -> str:
    """A move as a player would say it, for the board's "last move" line.

    >>> from gamebox.games.spite_and_malice.moves import parse_move
    >>> said(parse_move("pay-off: 5♣ → stack 1")), said(parse_move("Q♣ → row 3"))
    ('played the 5♣ from the pay-off pile to stack 1', 'placed the Q♣ on row 3')
    >>> said(parse_move("row 2: JK as 5 → new stack")), said(parse_move("stuck"))
    ('played the joker as a 5 from row 2 to a new stack', 'was stuck')
    """
    if isinstance(move, Stuck):
        return "was stuck"
    card = f"the {move.card}" if move.code != JOKER_CODE else "the joker"
    if isinstance(move, Place):
        return f"placed {card} on row {move.row}"
    if move.as_rank:
        rank = rank_symbol(move.as_rank)
        card += f" as {'an' if rank == '8' else 'a'} {rank}"
    where = {HAND: "", PAYOFF: " from the pay-off pile"}.get(
        move.source, f" from row {move.source}"
    )
    to = "a new stack" if move.stack == NEW else f"stack {move.stack}"
    return f"played {card}{where} to {to}"


def wrap(words: str, size: float) -> list[str]:
    """``words`` in lines that fit an area's width at font ``size``.

    >>> wrap("last move: P0 played the joker as an 8 from the pay-off pile to stack 3", 12)
    ['last move: P0 played the joker as an 8', 'from the pay-off pile to stack 3']
    """
    return textwrap.wrap(words, int((WIDTH - 2 * EDGE) / (CHAR * size)))


def _cell(i: int, top: float, line: float) -> tuple[float, float]:
    """Where the ``i``-th place of a grid starting at ``top`` goes, ``line`` px a line."""
    return GRID_X + (i % PER_LINE) * PITCH, top + (i // PER_LINE) * line


def _lines(i: int) -> int:
    """How many grid lines ``i`` places take (at least one)."""
    return max(1, -(-i // PER_LINE))


def _pile_box(x: float, y: float, n: int) -> tuple[float, float, float, float]:
    """The outline of a pile of ``n`` cards drawn at (x, y): its top card and the edge
    (up to three cards' worth, 1.5 px each) that shows its depth."""
    edge = 1.5 * min(max(n - 1, 0), 3)
    return x, y, CW + edge, CH + edge


def _column_step(n: int) -> float:
    """How far apart a row's ``n`` cards cascade: :data:`CASCADE`, closing up to keep
    the column within :data:`COLUMN_MOST`."""
    return CASCADE if n <= 1 else min(CASCADE, (COLUMN_MOST - CH) / (n - 1))


def _column_height(n: int) -> float:
    return CH + max(n - 1, 0) * _column_step(n)


def _header(head: str, last: str) -> draw.Area:
    title = f"Spite and Malice · {head}"
    titles = [title] if len(wrap(title, 14)) == 1 else ["Spite and Malice", *wrap(head, 14)]
    body, y = "", 4.0
    for line in titles:
        y += 18
        body += draw.text(EDGE, y, line, size=14, weight="bold")
    y += 2
    for line in wrap(last, 12):
        y += 16
        body += draw.text(EDGE, y, line, size=12, cls="muted")
    return draw.Area("the header", WIDTH, y + 8, body)


def _centre(state: SpiteAndMaliceState, hl_stack: int | None) -> draw.Area:
    """The centre stacks (each pickable as a whole), then the stock and set-aside pile."""
    body = draw.text(EDGE, 16, "Centre stacks", size=12, weight="bold")
    top = 26
    for i, stack in enumerate(state.stacks):
        x, y = _cell(i, top, CENTRE_LINE)
        label = f"stack {i + 1}"
        if stack[-1] == JOKER_CODE:
            label = f"JK as {rank_symbol(len(stack))}"
        pile = draw.pile([CODED[c] for c in stack], x, y, highlight=hl_stack == i)
        pile += draw.text(x + CW / 2, y + CH + 16, label, size=LABEL, anchor="middle", cls="muted")
        need = f"needs {rank_symbol(len(stack) + 1)}"
        pile += draw.text(x + CW / 2, y + CH + 31, need, size=12, anchor="middle", weight="bold")
        body += draw.pickable(pile, stack_token(i + 1), _pile_box(x, y, len(stack)))
    places = len(state.stacks)
    if not state.stacks:
        x, y = _cell(0, top, CENTRE_LINE)
        body += draw.playing_card(None, x, y)
        body += draw.text(
            x + CW / 2, y + CH + 16, "aces start", size=LABEL, anchor="middle", cls="muted"
        )
        places = 1
    for name, codes in (("stock", state.stock), ("set aside", state.aside)):
        x, y = _cell(places, top, CENTRE_LINE)
        count = f"{len(codes)} card{'s' * (len(codes) != 1)}"
        heap = draw.pile([CODED[c] for c in codes], 0, 0, face_down=True)
        heap += draw.text(CW / 2, CH + 16, name, size=LABEL, anchor="middle", cls="muted")
        heap += draw.text(CW / 2, CH + 31, count, size=LABEL, anchor="middle", cls="muted")
        body += draw.group(heap, x=x, y=y, label=f"{name}: {count}")
        places += 1
    return draw.Area("the centre", WIDTH, top + _lines(places) * CENTRE_LINE, body)


def _panel(
    state: SpiteAndMaliceState, p: int, height: float, hl_row: int | None, view: Viewpoint
) -> draw.Area:
    """A seat's panel; the pay-off pile and rows of the player to move are pickable."""
    mover = p == state.current_player
    mine = view.personal and p == view.seat
    you = " (you)" if mine else ""
    turn = " · to move" if mover else ""
    won = " · wins" if p in state.winners else ""
    colour = draw.player_colour(p)
    body = draw.rect(0, 0, WIDTH, height, rx=8, cls="panel")
    body += draw.text(EDGE, 18, f"P{p}{you}{turn}{won}", size=13, weight="bold", fill=colour)
    hand = f"holds {len(state.hands[p])} in hand"
    body += draw.text(WIDTH - EDGE, 18, hand, size=LABEL, anchor="end", cls="muted")
    payoff = [CODED[c] for c in state.payoff[p]]
    label = f"pay-off {len(payoff)}"
    pile = draw.text(PAYOFF_X + CW / 2, 38, label, size=LABEL, anchor="middle", cls="muted")
    pile += draw.group(draw.pile(payoff, PAYOFF_X, PANEL_TOP), label=f"{label} cards")
    outline = _pile_box(PAYOFF_X, PANEL_TOP, len(payoff))
    body += draw.pickable(pile, PAYOFF_TOKEN, outline) if mover else pile
    for r, row in enumerate(state.rows[p]):
        x, n, label = ROW_X + r * ROW_PITCH, len(row), f"row {r + 1}"
        top = {n - 1} if hl_row == r else ()
        column = draw.text(x + CW / 2, 38, label, size=LABEL, anchor="middle", cls="muted")
        cards = [CODED[c] for c in row]
        fan = draw.fan(cards, x, PANEL_TOP, dx=0, dy=_column_step(n), highlight=top)
        column += draw.group(fan, label=f"{label}: {n} card{'s' * (n != 1)}")
        outline = (x, PANEL_TOP, CW, _column_height(n))
        body += draw.pickable(column, row_token(r + 1), outline) if mover else column
    name = f"your panel (P{p})" if mine else f"P{p}'s panel"
    return draw.Area(name, WIDTH, height, body)


def _hand(state: SpiteAndMaliceState, view: Viewpoint) -> draw.Area:
    """The hand of ``view.seat``, whole cards in a grid; pickable when it is that seat's
    turn."""
    p = view.seat
    mine = view.personal
    cards = sorted((CODED[c] for c in state.hands[p]), key=Card.sort_key)
    title = f"your hand (P{p})" if mine else f"P{p}'s hand"
    body = draw.text(EDGE, 16, title, size=12, weight="bold", fill=draw.player_colour(p))
    if not cards:
        body += draw.text(EDGE, 40, "(empty)", size=12, cls="muted")
    top = 26
    for i, card in enumerate(cards):
        x, y = _cell(i, top, CH + 10)
        face = draw.playing_card(card, x, y)
        body += draw.pickable(face, str(card), (x, y, CW, CH)) if p == state.player else face
    return draw.Area(title, WIDTH, top + _lines(len(cards)) * (CH + 10), body)


def board(state: SpiteAndMaliceState, view: Viewpoint) -> draw.Board:
    """The board's areas (see the module docstring), drawn for ``view``: the hand of
    ``view.seat`` shows at the foot, whoever is to move."""
    move, outcome = state.last_move, state.outcome
    mover = outcome.winners[0] if outcome is not None and outcome.winners else state.player
    head = _head(state, ruling=True)
    hl_row: dict[int, int] = {}
    hl_stack: int | None = None
    if isinstance(move, Place):
        mover = 1 - state.player
        hl_row[mover] = move.row - 1
    elif isinstance(move, Play):
        idx = len(state.stacks) - 1 if move.stack == NEW else move.stack - 1
        if 0 <= idx < len(state.stacks) and CODED[state.stacks[idx][-1]] == move.card:
            hl_stack = idx
    elif isinstance(move, Stuck):
        mover = 1 - state.player if outcome is None else mover
    last = f"last move: P{mover} {said(move)}" if move is not None else "the deal"

    longest = max(len(row) for rows in state.rows for row in rows)
    height = PANEL_TOP + _column_height(longest) + 10
    areas = [_header(head, last), _centre(state, hl_stack)]
    areas += [_panel(state, p, height, hl_row.get(p), view) for p in (0, 1)]
    if outcome is None:
        areas.append(_hand(state, view))
    return draw.Board(f"Spite and Malice: {head}; {last}", describe(state, view), tuple(areas))


def _head(state: SpiteAndMaliceState, *, ruling: bool) -> str:
    """Whose turn it is, or how the game ended: "P0 wins, scoring 7" (with " (SM-14)"
    if ``ruling``) or "drawn game (SM-13)"."""
    outcome = state.outcome
    if outcome is None:
        return f"P{state.player} to move"
    if not outcome.winners:
        return f"drawn game ({state.draw_rule()})"
    won = outcome.winners[0]
    return f"P{won} wins, scoring {outcome.scores[won]}" + " (SM-14)" * ruling


def describe(state: SpiteAndMaliceState, view: Viewpoint) -> str:
    """The position as text (``str(state)``), with the hand of ``view.seat``; the other
    hand stays hidden, and neither shows once the game is over.

    >>> import gamebox
    >>> print(gamebox.load("spite-and-malice").start(seed=3))
    Spite and Malice: P1 to move
    P1 pay-off 26 up 10♣ | rows [] [] [] []
    P0 pay-off 26 up 6♥ | rows [] [] [] []
    Centre: no stacks
    P1 hand: A♦ 5♠ J♣ J♠ K♦
    Stock 44 · set aside 0
    """
    lines = [f"Spite and Malice: {_head(state, ruling=False)}"]
    for p in (1, 0):
        rows = " ".join(f"[{codes_text(r)}]" for r in state.rows[p])
        up = state.up_card(p) or "--"
        lines.append(f"P{p} pay-off {len(state.payoff[p])} up {up} | rows {rows}")
    centre = " | ".join(
        f"{i + 1}: {codes_text(s[-1:])} needs {rank_symbol(len(s) + 1)}"
        for i, s in enumerate(state.stacks)
    )
    lines.append(f"Centre: {centre or 'no stacks'}")
    if state.outcome is None:
        hand = codes_text(in_hand_order(state.hands[view.seat]))
        lines.append(f"P{view.seat} hand: {hand or '-'}")
    lines.append(f"Stock {len(state.stock)} · set aside {len(state.aside)}")
    return "\n".join(lines)
