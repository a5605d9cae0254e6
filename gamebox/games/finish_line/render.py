"""The Finish Line board as SVG: the dealt cards as the zigzag path (path numbers
small), the wings and the finish, the markers in player colours (one disc per player
on a card, with a count when several share it), the dice and the stop value of the
turn, and the path of the last move highlighted. A board keeps its natural size on a
phone (one unit is one CSS px), so no text of its own is smaller than 11.5 units.

Each marker disc (a player's markers on one square) and each of the turn's dice is
tagged with its token of ``state.picks`` (:func:`~gamebox.games.finish_line.rules.marker_token`,
``red die``, ``black die``), so a play board can pick a move by clicking them. Nothing
is hidden in Finish Line: a board drawn for a seat's own view is the same board, with
that seat marked "you" in the panel.

>>> import gamebox
>>> state = gamebox.load("finish-line").setup().apply("roll red 6 black 2")
>>> after = state.apply("move start to 4 with red")
>>> picture = svg(after, after.viewpoint())
>>> picture.startswith("<svg") and "stop 8" in picture and "<title" in picture
True
"""

from __future__ import annotations

from gamebox import svg as draw
from gamebox.components import Card, DieColour
from gamebox.core import Viewpoint
from gamebox.games.finish_line.rules import (
    ATTACK,
    BLACK,
    CHOOSE,
    DIE_TOKENS,
    MOVE,
    OVER,
    RED,
    ROWS,
    SPECIAL,
    T_MOVE,
    TRAIL_NAMES,
    Board,
    FinishLineState,
    deal,
    marker_token,
)
from gamebox.rng import Rng
from gamebox.scenario import frame

W, H = 44, 60  # card size
PITCH_X, PITCH_Y = 56, 74
LEFT, TOP = 8, 58
PANEL_X = 590
WIDTH = 730
SMALL = 11.5  # the smallest text: a board keeps its natural size on a phone, 1 unit = 1 CSS px
DISC_R = 9.5  # a marker disc's radius: two side by side on a card
CROWD_R = 7  # the radius when five or six players share a card: three side by side
START_W = W + 40  # the start box, wide enough for six players' discs in two rows


def _geometry(b: Board) -> dict[int, tuple[float, float]]:
    """Top-left corner of every path square's card (and of the start box, square 0)."""
    n = b.length
    spots: dict[int, tuple[float, float]] = {}

    def row_y(r: float) -> float:
        return TOP + (ROWS - 1 - r) * PITCH_Y

    for sq in range(1, b.finish + 1):
        r = b.row[sq]
        if b.wing[sq]:
            x = LEFT if r % 2 == 0 else LEFT + (n + 1) * PITCH_X
            spots[sq] = (x, row_y(r + 0.5))
        else:
            spots[sq] = (LEFT + (b.col[sq] + 1) * PITCH_X, row_y(r))
    spots[0] = (LEFT + n * PITCH_X, row_y(-1) + 4)
    return spots


def _centre(spot: tuple[float, float]) -> tuple[float, float]:
    return spot[0] + W / 2, spot[1] + H / 2


def _polyline(points: list[tuple[float, float]], *, stroke: str, width: float, dash: str = "",
              opacity: float = 1.0) -> str:  # fmt: skip
    pts = " ".join(f"{x:g},{y:g}" for x, y in points)
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<polyline points="{pts}" fill="none" stroke="{stroke}" stroke-width="{width:g}" '
        f'stroke-linecap="round" stroke-linejoin="round" opacity="{opacity:g}"{extra}/>'
    )


def _markers_at(state: FinishLineState) -> dict[int, list[tuple[int, int]]]:
    """Square -> [(player, how many)] in player order."""
    at: dict[int, dict[int, int]] = {}
    for g, sq in enumerate(state.pos):
        at.setdefault(sq, {})
        at[sq][g // 3] = at[sq].get(g // 3, 0) + 1
    return {sq: sorted(d.items()) for sq, d in at.items()}


def _discs(
    x: float, y: float, width: float, stack: list[tuple[int, int]], tokens: list[str],
    r: float = DISC_R,
) -> str:  # fmt: skip
    """One disc per player (labelled with the count when more than one) in rows of three,
    each tagged with its token."""
    out = ""
    per_row = max(1, int(width // (2 * r + 2)))
    for k, (player, count) in enumerate(stack):
        row, col = divmod(k, per_row)
        cx = x + r + 1 + col * (2 * r + 2)
        cy = y + r + row * (2 * r + 2)
        disc = draw.marker(cx, cy, player, r=r, label=str(count) if count > 1 else "")
        out += draw.pickable(disc, tokens[k])
    return out


def board(state: FinishLineState, view: Viewpoint) -> draw.Board:
    """The whole board (see the module docstring). Nothing is hidden, so a seat's own
    view (``view.personal``) only marks that seat ("you") in the panel."""
    you = view.seat if view.personal else None  # the seat marked "you", if any
    b = state.board
    spots = _geometry(b)
    body = []
    height = spots[0][1] + H + 10

    # the zigzag path, faint, under the cards
    order = [_centre(spots[sq]) for sq in range(b.finish + 1)]
    body.append(_polyline(order, stroke="#9ca3af", width=2, dash="3 4", opacity=0.8))

    # the last move
    trail = state.trail
    changed = set()
    if trail:
        kind, _, frm, to = trail
        if kind == T_MOVE:
            squares = list(range(frm, to + 1)) if to >= frm else [frm, to]
        else:
            squares = [frm, to]
        changed = {frm, to}

    # cards
    for sq in range(1, b.finish + 1):
        x, y = spots[sq]
        card = b.cards[sq]
        body.append(draw.playing_card(card, x, y, w=W, h=H, highlight=trail and sq == trail[3]))
        label = "finish" if sq == b.finish else str(sq)
        body.append(draw.text(x + W, y - 3, label, size=SMALL, anchor="end", cls="muted"))
    sx, sy = spots[0]
    left = sx + W + 2 - START_W  # the start box grows to the left, under the bottom row
    body.append(draw.rect(left - 2, sy, START_W + 4, 2 * DISC_R + 26, rx=8, cls="slot"))
    body.append(draw.text(sx + W / 2, sy + H - 2, "start", size=SMALL, anchor="middle",
                          cls="muted"))  # fmt: skip
    if trail and trail[3] == 0:
        body.append(draw.rect(left - 4, sy - 2, START_W + 8, 2 * DISC_R + 30, rx=9, cls="hl"))

    if trail:
        pts = [_centre(spots[sq]) for sq in squares]
        colour = "#ff8c00" if trail[0] == T_MOVE else "#7A3E9D"
        body.append(_polyline(pts, stroke=colour, width=5, opacity=0.75))
        ex, ey = pts[-1]
        body.append(f'<circle cx="{ex:g}" cy="{ey:g}" r="5" fill="{colour}"/>')

    # markers
    for sq, stack in sorted(_markers_at(state).items()):
        x, y = spots[sq]
        tokens = [marker_token(p, sq, b.finish) for p, _ in stack]
        if sq == 0:
            body.append(_discs(x + W + 2 - START_W, y + 1, START_W, stack, tokens))
        else:
            r, width = (DISC_R, W - 2) if len(stack) <= 4 else (CROWD_R, W + 8)
            pitch = 2 * r + 2
            rows = -(-len(stack) // int(width // pitch))
            body.append(_discs(x + (W - width) / 2, y + H - pitch * rows, width, stack, tokens, r))

    # the panel: whose turn, dice, stop value, stage
    px = PANEL_X
    who = state.player
    body.append(draw.rect(px - 6, 4, WIDTH - px + 2, height - 8, rx=8, cls="panel"))
    if state.phase == OVER:
        body.append(draw.text(px + 4, 26, "game over", size=13, weight="bold"))
        body.append(draw.marker(px + 14, 44, state.done[0], r=9))
        body.append(draw.text(px + 28, 48, f"P{state.done[0]} wins", size=12, weight="bold"))
    else:
        body.append(draw.marker(px + 12, 20, who, r=9))
        turn = "your turn" if who == you else f"P{who}'s turn"
        body.append(draw.text(px + 26, 25, turn, size=13, weight="bold"))
        stage = {MOVE: "stage 1: move", SPECIAL: "stage 2: card roll", CHOOSE: "stage 2: choose",
                 ATTACK: "stage 3: attack"}.get(state.phase, "roll the dice")  # fmt: skip
        body.append(draw.text(px + 4, 46, stage, size=SMALL, cls="muted"))
    if state.red:
        body.append(draw.text(px + 4, 72, "the turn's dice", size=SMALL, cls="muted"))
        for k, (bit, value, colour) in enumerate(
            ((RED, state.red, DieColour.RED), (BLACK, state.black, DieColour.BLACK))
        ):
            die = draw.die(value, px + 4 + k * 44, 80, size=34, colour=colour)
            used = state.phase == MOVE and not state.unused & bit
            body.append(draw.pickable(f'<g opacity="0.35">{die}</g>' if used else die,
                                      DIE_TOKENS[bit]))  # fmt: skip
        body.append(draw.text(px + 4, 138, f"stop {state.stop}", size=18, weight="bold"))
        stop_name = {11: "a jack", 12: "a queen", 2: "a two"}.get(state.stop, "")
        if stop_name:
            body.append(draw.text(px + 4, 156, f"({stop_name})", size=SMALL, cls="muted"))
    if state.roll != (0, 0):
        body.append(draw.text(px + 4, 178, "card/attack roll", size=SMALL, cls="muted"))
        r, k = state.roll
        body.append(draw.die(r, px + 4, 186, size=26, colour=DieColour.RED))
        body.append(draw.die(k, px + 36, 186, size=26, colour=DieColour.BLACK))
    if trail:
        body.append(draw.text(px + 4, 234, f"last: {TRAIL_NAMES[trail[0]]}", size=SMALL))
        body.append(draw.text(px + 4, 250, f"{_where(state, trail[2])} → {_where(state, trail[3])}",
                              size=SMALL, cls="muted"))  # fmt: skip
    # players: colour and markers home
    y0 = 276
    for p in range(state.game.players):
        home = sum(sq == b.finish for sq in state.markers(p))
        body.append(draw.marker(px + 10, y0 + p * 22, p, r=7))
        body.append(draw.text(px + 22, y0 + p * 22 + 4, f"P{p}: {home}/3 home", size=SMALL,
                              weight="bold" if p == you else "normal"))  # fmt: skip
    if you is not None:
        body.append(draw.text(px + 4, y0 + state.game.players * 22 + 4, f"you: P{you}",
                              size=SMALL, cls="muted"))  # fmt: skip

    title = f"Finish Line: {state.stage_text()}"
    desc = _description(state, changed)
    if you is not None:
        desc += f" Drawn for P{you}; nothing is hidden."
    return draw.single_area(WIDTH, height, "".join(body), title=title, desc=desc)


def _where(state: FinishLineState, sq: int) -> str:
    if sq == 0:
        return "start"
    if sq == state.board.finish:
        return "finish"
    return f"{state.board.cards[sq]} ({sq})"


def _description(state: FinishLineState, changed: set[int]) -> str:
    b = state.board
    parts = [f"A zigzag path of {b.finish} cards from the start to the finish, {b.finish_card}."]
    for p in range(state.game.players):
        where = ", ".join(_where(state, sq) for sq in sorted(state.markers(p)))
        parts.append(f"P{p}'s markers: {where}.")
    if state.trail:
        kind, _, frm, to = state.trail
        parts.append(f"Last: {TRAIL_NAMES[kind]} from {_where(state, frm)} to {_where(state, to)}.")
    return " ".join(parts)


# ---------------------------------------------------------------------------- the deal


def deal_svg(board: Board, shown: dict[int, Card], *, highlight: int = -1, note: str = "") -> str:
    """The board during the deal: the cards dealt so far, empty slots elsewhere."""
    spots = _geometry(board)
    body = []
    for sq in range(1, board.finish + 1):
        x, y = spots[sq]
        body.append(draw.playing_card(shown.get(sq), x, y, w=W, h=H, highlight=sq == highlight))
        label = "finish" if sq == board.finish else str(sq)
        body.append(draw.text(x + W, y - 3, label, size=SMALL, anchor="end", cls="muted"))
    height = spots[0][1] + H + 10
    px = PANEL_X
    body.append(draw.rect(px - 6, 4, WIDTH - px + 2, height - 8, rx=8, cls="panel"))
    body.append(draw.text(px + 4, 26, "the deal", size=13, weight="bold"))
    body.append(draw.text(px + 4, 46, f"{len(shown)} of {board.finish} dealt", size=SMALL))
    for k, line in enumerate(note.split("\n")):
        body.append(draw.text(px + 4, 70 + 16 * k, line, size=SMALL, cls="muted"))
    desc = f"{len(shown)} cards dealt: " + ", ".join(
        f"{c} on {sq}" for sq, c in sorted(shown.items())
    )
    return draw.document(WIDTH, height, "".join(body), title="Dealing the board", desc=desc)


def deal_frames(seed: int, length: int = 8) -> list[dict]:
    """Stepper frames that deal ``start(seed)``'s board: the wings one by one (with every
    card put back into the middle of the deck), then the rows one by one."""
    board, log = deal(Rng(seed), length)
    shown: dict[int, Card] = {}
    frames = [frame(deal_svg(board, shown), "The shuffled deck: 52 cards and two jokers.",
                    "Start", ("FL-1",), text="no cards dealt yet")]  # fmt: skip
    row_cards: list[int] = []
    for kind, card, sq in log:
        if kind == "back":
            say = f"{card} turned up for the wing on square {sq}: it goes back into the middle."
            svg_text = deal_svg(board, shown, highlight=sq, note=f"{card}: put back")
            frames.append(frame(svg_text, say, f"Wing {sq}", ("FL-1",), text=say))
        elif kind == "wing":
            shown[sq] = board.cards[sq]
            say = f"{card} is a 3 to 10: it becomes the wing card on square {sq}."
            if sq == board.finish:
                say += " This upper right wing is the finish."
            svg_text = deal_svg(board, shown, highlight=sq, note=f"{card}: a wing")
            frames.append(frame(svg_text, say, f"Wing {sq}", ("FL-1", "FL-3"), text=say))
        else:
            shown[sq] = board.cards[sq]
            row_cards.append(sq)
            if len(row_cards) == length:
                r = board.row[sq] + 1
                say = f"Row {r} is dealt: squares {row_cards[0]} to {row_cards[-1]} of the path."
                frames.append(frame(deal_svg(board, shown, note=f"row {r}"), say, f"Row {r}",
                                    ("FL-2", "FL-3"), text=say))  # fmt: skip
                row_cards = []
    return frames
