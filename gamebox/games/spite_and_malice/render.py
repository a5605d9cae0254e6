"""The Spite and Malice board as SVG.

P1 sits at the top, P0 at the bottom; each has a pay-off pile (count and up-card) and
four rows fanned left to right. The centre shows every stack with the rank it needs
next, the stock and the set-aside pile; one hand is at the foot: the viewer's, or in a
worked example the player to move's (the other hand shows only as a count). The last
move is outlined in orange and written under the title.

The pieces of ``state.picks`` are tagged for a play board: the mover's hand cards (by
name), pay-off pile (``pay-off``) and rows (``row 1``..``row 4``), and the centre
stacks (``stack 1``, ...). A board drawn for a seat's own view marks that seat "you".

>>> import gamebox
>>> state = gamebox.load("spite-and-malice").start(seed=3)
>>> picture = svg(state, state.viewpoint())
>>> picture.startswith("<svg") and "pay-off" in picture and "P1 to move" in picture
True
"""

from __future__ import annotations

from gamebox import svg as draw
from gamebox.components import CODED, JOKER_CODE, Card
from gamebox.core import Viewpoint
from gamebox.games.spite_and_malice.moves import (
    HAND,
    NEW,
    PAYOFF,
    PAYOFF_TOKEN,
    Place,
    Play,
    Stuck,
    rank_symbol,
    row_token,
    stack_token,
)
from gamebox.games.spite_and_malice.rules import SpiteAndMaliceState

WIDTH = 720
CW, CH = draw.CARD_W, draw.CARD_H
ROW_X = 100  # first row column
ROW_W = 148  # width of one row column
STACK_W = 68
#: The most a row's cards are fanned apart: enough to show a 10's corner whole.
FAN_DX = 22.0
#: The size of the board's small grey labels: at least 11.5 units, so 11.5 CSS px on a
#: phone, where the board keeps its natural size.
LABEL = 11.5
PANEL_H = CH + 46


def said(move: Play | Place | Stuck) -> str:
    """A move as a player would say it, for the board's "last move" line.

    >>> from gamebox.games.spite_and_malice.rules import parse_move
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


def _row(cards: tuple[int, ...], x: float, y: float, label: str, hl: bool) -> str:
    n = len(cards)
    dx = FAN_DX if n <= 1 else min(FAN_DX, (ROW_W - 8 - CW) / (n - 1))
    body = draw.fan([CODED[c] for c in cards], 0, 0, dx=dx, highlight={n - 1} if hl else ())
    body += draw.text(0, CH + 15, label, size=LABEL, cls="muted")
    return draw.group(body, x=x, y=y, label=f"{label}: {n} cards")


def _player(
    state: SpiteAndMaliceState, p: int, y: float, hl_row: int | None, view: Viewpoint
) -> str:
    """A player's panel; the pay-off pile and rows of the player to move are pickable."""
    colour = draw.player_colour(p)
    pile = [CODED[c] for c in state.payoff[p]]
    mover = p == state.current_player
    body = draw.rect(0, 0, WIDTH - 16, PANEL_H, rx=8, cls="panel")
    you = " (you)" if view.personal and p == view.seat else ""
    turn = " · to move" if mover else ""
    won = " · wins" if state.victor == p else ""
    hand = f"holds {len(state.hands[p])} in hand"
    body += draw.text(10, 16, f"P{p}{you}{turn}{won}", size=13, weight="bold", fill=colour)
    body += draw.text(WIDTH - 28, 16, hand, size=LABEL, anchor="end", cls="muted")
    payoff = draw.pile(pile, 14, 24)
    payoff += draw.text(
        14 + CW / 2, 24 + CH + 15, f"pay-off {len(pile)}", size=LABEL, anchor="middle", cls="muted"
    )
    body += draw.pickable(payoff, PAYOFF_TOKEN) if mover else payoff
    for r, row in enumerate(state.rows[p]):
        fan = _row(row, ROW_X + r * ROW_W, 24, f"row {r + 1}", hl_row == r)
        body += draw.pickable(fan, row_token(r + 1)) if mover else fan
    return draw.group(body, x=8, y=y, label=f"player {p}")


def board(state: SpiteAndMaliceState, view: Viewpoint) -> draw.Board:
    """The whole board (see the module docstring), drawn for ``view``: the hand of
    ``view.seat`` shows at the foot, whoever is to move."""
    move = state.last_move
    mover = state.victor if state.is_over and state.victor is not None else state.player
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
        mover = 1 - state.player if not state.is_over else mover

    if state.is_over:
        head = (
            f"drawn game ({state.draw_rule()})"
            if state.victor is None
            else (f"P{state.victor} wins, scoring {state.scores[state.victor]} (SM-14)")
        )
    else:
        head = f"P{state.player} to move"
    last = f"last move: P{mover} {said(move)}" if move is not None else "the deal"
    body = draw.text(8, 16, f"Spite and Malice · {head}", size=14, weight="bold")
    body += draw.text(WIDTH - 8, 16, last, size=12, anchor="end", cls="muted")

    y1 = 26
    body += _player(state, 1, y1, hl_row.get(1), view)
    # centre
    yc = y1 + PANEL_H + 8
    centre = draw.text(0, 12, "Centre stacks", size=12, weight="bold")
    for i, stack in enumerate(state.stacks):
        cards = [CODED[c] for c in stack]
        x = i * STACK_W
        pile = draw.pile(cards, x, 20, highlight=hl_stack == i)
        label = f"stack {i + 1}"
        if stack[-1] == JOKER_CODE:
            label = f"JK as {rank_symbol(len(stack))}"
        pile += draw.text(x + CW / 2, 20 + CH + 15, label, size=LABEL, anchor="middle", cls="muted")
        need = f"needs {rank_symbol(len(stack) + 1)}"
        pile += draw.text(x + CW / 2, 20 + CH + 30, need, size=12, anchor="middle", weight="bold")
        centre += draw.pickable(pile, stack_token(i + 1))
    if not state.stacks:
        centre += draw.playing_card(None, 0, 20)
        centre += draw.text(
            CW / 2, 20 + CH + 15, "aces start", size=LABEL, anchor="middle", cls="muted"
        )
    stock = [CODED[c] for c in state.stock]
    aside = [CODED[c] for c in state.aside]
    sx = WIDTH - 16 - 2 * 70
    for x, cards, name in ((sx, stock, "stock"), (sx + 70, aside, "set aside")):
        label = f"{name} {len(cards)}"
        heap = draw.pile(cards, 0, 0, face_down=True)
        heap += draw.text(CW / 2, CH + 15, label, size=LABEL, anchor="middle", cls="muted")
        centre += draw.group(heap, x=x, y=20, label=label)
    body += draw.group(centre, x=16, y=yc, label="centre")
    y0 = yc + 20 + CH + 42
    body += _player(state, 0, y0, hl_row.get(0), view)
    # the viewer's hand, or the hand of the player to move
    yh = y0 + PANEL_H + 12
    if not state.is_over:
        p = view.seat
        hand = sorted((CODED[c] for c in state.hands[p]), key=Card.sort_key)
        body += draw.text(
            16, yh + 14, f"P{p}'s hand", size=12, weight="bold", fill=draw.player_colour(p)
        )
        picks = [str(c) for c in hand] if p == state.player else []
        body += (
            draw.fan(hand, 96, yh, dx=CW + 6, picks=picks)
            if hand
            else draw.text(96, yh + 14, "(empty)", size=12, cls="muted")
        )
        height = yh + CH + 12
    else:
        height = yh
    return draw.single_area(
        WIDTH, height, body, title=f"Spite and Malice: {head}; {last}", desc=state._describe(view)
    )
