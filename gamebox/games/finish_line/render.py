"""The Finish Line board as areas that fit a phone, in the order a player reads them:

* **the status**: whose turn it is and which stage (or who won), the seat drawn for
  ("you: P1") and the last move, wrapped to the area's width;
* **the track**: the dealt cards as the zigzag path of the rules (FL-3), rows from the
  bottom up, the wings at the ends, the start under the bottom row's right end, each card
  with its path number above it; the markers as small discs in player colours (one per
  player on a card, with a count when two or three share it) and the path of the last
  move highlighted (orange: a die move; purple: a card's or an attack's effect);
* **the dice**: the turn's red and black die (a die already used is faded), the stop
  value, and the card or attack roll of stage 2 or 3;
* **a panel per seat**, the player to move first and then the others in turn order (the
  pieces the next move picks sit right under the dice, and whoever moves next comes
  next): the player's colour, markers home, and her markers as large discs, one per
  square she holds, each naming its place and card.

Every area is at most 320 px wide (:data:`gamebox.svg.AREA_MOST`; a desktop column sets
two side by side, a phone stacks them) and keeps its natural size (one unit is one CSS
px), so no text of its own is smaller than 11.5 units. The whole track fits in 320 px,
so its markers are too small to tap: a move picks the discs in the panels instead. Each
disc (one player's markers on one square) and each of the turn's dice is tagged with its
token of ``state.picks`` (:func:`~gamebox.games.finish_line.moves.marker_token`, ``red
die``, ``black die``) with a tap target of at least 44 x 44 px that overlaps no other.
Nothing is hidden in Finish Line: a board drawn for a seat's own view is the same board,
with that seat marked "you". The position as text (:func:`describe`, what ``str(state)``
shows) is drawn here too, row by row.

>>> import gamebox
>>> state = gamebox.load("finish-line").setup().apply("roll red 6 black 2")
>>> after = state.apply("move start to 4 with red")
>>> board = after.areas(viewer=0)
>>> [area.name for area in board.areas]
['the status', 'the track', 'the dice', "P0's panel", "P1's panel"]
>>> max(area.width for area in board.areas) <= draw.AREA_MOST
True
>>> sorted(draw.pick_tokens(board.html()))[:3]
['P0 marker at start', 'P0 marker on 4', 'P1 marker at start']
>>> "stop 8" in board.svg() and "you: P0" in board.svg()
True
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping

from gamebox import svg as draw
from gamebox.components import Card, Colour, DieColour
from gamebox.core import Viewpoint
from gamebox.games.finish_line.board import Board, deal
from gamebox.games.finish_line.moves import (
    BLACK,
    DIE_NAMES,
    DIE_TOKENS,
    MARKERS,
    RED,
    ROWS,
    T_MOVE,
    TRAIL_NAMES,
    marker_token,
)
from gamebox.games.finish_line.position import ATTACK, CHOOSE, MOVE, ROLL, SPECIAL
from gamebox.games.finish_line.rules import FinishLineState
from gamebox.rng import Rng
from gamebox.scenario import frame

WIDTH = draw.AREA_MOST  # the status, the dice and the panels
SMALL = 11.5  # the board's own small labels: a board keeps its natural size on a phone
CHAR = 0.6  # a character's width, as a share of the font size (an estimate for wrapping)
PAD = 8  # the margin inside an area

# the track: ten columns (a wing, eight cards, a wing) of cards 28 px wide fit in 320
EDGE = 5  # the track's margin
W, H = 28, 44  # a card on the track
PITCH_X, PITCH_Y = 31, 60  # from a card to the next in a row, and from a row to the next
TOP = PITCH_Y // 2 + 16  # the top row; the finish wing sits half a row above it
DISC_R, DISC_STEP = 6, 13  # a marker on a card: two side by side, up to four players
CROWD_R, CROWD_STEP = 4.4, 9.2  # five or six players on a card: three side by side
START_STEP = 15  # a disc in the start box: six players side by side
START_W, START_H = 6 * START_STEP + 8, 22  # the start box
# a panel's markers: discs a tap target wide, far enough apart that no two hit areas meet
PIECE_R = draw.TAP / 2 - 2  # a disc's radius: its outline grows to the 44 px hit area
PIECE_STEP = 66  # from one disc's centre to the next
PIECE_X = 146  # the first disc's centre: the player's name and tally sit to its left
DIE = draw.TAP  # the turn's dice
PURPLE = "#7A3E9D"  # a card's or an attack's effect; jokers


def _lines(text: str, size: float, width: float = WIDTH - 2 * PAD) -> list[str]:
    """``text`` wrapped to lines that fit ``width`` at font ``size`` (about 0.6 em a
    character)."""
    return textwrap.wrap(text, int(width // (CHAR * size))) or [""]


# ------------------------------------------------------------------------- the track


def _row_y(r: float) -> float:
    """The top of the cards of row ``r`` (0: the bottom row)."""
    return TOP + (ROWS - 1 - r) * PITCH_Y


def _geometry(b: Board) -> dict[int, tuple[float, float]]:
    """Top-left corner of every path square's card (square 0: the start box)."""
    n = b.length
    spots: dict[int, tuple[float, float]] = {}
    for sq in range(1, b.finish + 1):
        r = b.row[sq]
        if b.wing[sq]:
            x = EDGE if r % 2 == 0 else EDGE + (n + 1) * PITCH_X
            spots[sq] = (x, _row_y(r + 0.5))
        else:
            spots[sq] = (EDGE + (b.col[sq] + 1) * PITCH_X, _row_y(r))
    # the start box: under the bottom row, its right edge under square 1's, with room
    # on its left for the word "start"
    right = spots[1][0] + W
    spots[0] = (max(EDGE + 44, right - START_W), _row_y(0) + H + 8)
    return spots


def _track_size(b: Board, spots: Mapping[int, tuple[float, float]]) -> tuple[float, float]:
    right = max(EDGE + (b.length + 1) * PITCH_X + W, spots[0][0] + START_W)
    return right + EDGE, spots[0][1] + START_H + EDGE


def _centre(sq: int, spots: Mapping[int, tuple[float, float]]) -> tuple[float, float]:
    x, y = spots[sq]
    return (x + START_W / 2, y + START_H / 2) if sq == 0 else (x + W / 2, y + H / 2)


def _polyline(points: list[tuple[float, float]], *, stroke: str, width: float, dash: str = "",
              opacity: float = 1.0) -> str:  # fmt: skip
    pts = " ".join(f"{x:g},{y:g}" for x, y in points)
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<polyline points="{pts}" fill="none" stroke="{stroke}" stroke-width="{width:g}" '
        f'stroke-linecap="round" stroke-linejoin="round" opacity="{opacity:g}"{extra}/>'
    )


def _card(card: Card | None, x: float, y: float, *, highlight: bool = False) -> str:
    """A card of the track, narrow enough for ten in a row: its rank and suit (a joker:
    JK, in purple) in one line at the top, its lower part left to the markers; ``None``
    is an empty slot."""
    if card is None:
        return draw.group(draw.rect(0, 0, W, H, rx=4, cls="slot"), x=x, y=y, label="empty",
                          role="img")  # fmt: skip
    body = draw.rect(0, 0, W, H, rx=4, cls="paper")
    if card.is_joker:
        body += draw.text(W / 2, 14, "JK", size=12, anchor="middle", weight="bold", fill=PURPLE)
    else:
        ink = draw.RED_INK if card.suit.colour is Colour.RED else draw.BLACK_INK
        index = f"{card.rank.symbol}{card.suit.value}"
        label = draw.text(W / 2, 14, index, size=12, anchor="middle", weight="bold", fill=ink)
        if len(index) > 2:  # a ten: 27.5 px in a wide bold face, tightened to fit 28
            label = label.replace("<text ", '<text letter-spacing="-1" ', 1)
        body += label
    if highlight:
        body += draw.rect(-2, -2, W + 4, H + 4, rx=6, cls="hl")
    return draw.group(body, x=x, y=y, label=card.name, role="img")


def _cards(b: Board, spots: Mapping[int, tuple[float, float]], shown: Mapping[int, Card | None],
           highlight: int) -> list[str]:  # fmt: skip
    """The path's cards (``shown``; an empty slot where a square has none), each with its
    path number above it, and the start box."""
    out = []
    for sq in range(1, b.finish + 1):
        x, y = spots[sq]
        out.append(_card(shown.get(sq), x, y, highlight=sq == highlight))
        label = "finish" if sq == b.finish else str(sq)
        out.append(draw.text(x + W, y - 3, label, size=SMALL, anchor="end", cls="muted"))
    sx, sy = spots[0]
    out.append(draw.rect(sx, sy, START_W, START_H, rx=8, cls="slot"))
    out.append(draw.text(sx - 4, sy + 15, "start", size=SMALL, anchor="end", cls="muted"))
    if highlight == 0:
        out.append(draw.rect(sx - 2, sy - 2, START_W + 4, START_H + 4, rx=9, cls="hl"))
    return out


def _markers_at(state: FinishLineState) -> dict[int, list[tuple[int, int]]]:
    """Square -> [(player, how many)] in player order."""
    at: dict[int, dict[int, int]] = {}
    for g, sq in enumerate(state.pos):
        at.setdefault(sq, {})
        at[sq][g // MARKERS] = at[sq].get(g // MARKERS, 0) + 1
    return {sq: sorted(d.items()) for sq, d in at.items()}


def _track_markers(sq: int, stack: list[tuple[int, int]], x: float, y: float) -> str:
    """The small discs of the players on square ``sq`` (a card's top-left corner or the
    start box's at x, y), a count on each disc shared by several markers; on a card
    crowded by five or six players the discs are smaller and the counts left to the
    panels."""
    if sq == 0:
        r, step, per_row = DISC_R + 0.5, START_STEP, 6
        left, bottom = x + 4 + START_STEP / 2, y + START_H / 2
    elif len(stack) <= 4:
        r, step, per_row = DISC_R, DISC_STEP, 2
        left, bottom = x + W / 2 - step / 2, y + H - r - 1.5
    else:
        r, step, per_row = CROWD_R, CROWD_STEP, 3
        left, bottom = x + W / 2 - step, y + H - r - 1.5
    rows = -(-len(stack) // per_row)
    out = ""
    for k, (player, count) in enumerate(stack):
        row, col = divmod(k, per_row)
        label = str(count) if count > 1 and r >= DISC_R else ""
        name = f"P{player}'s " + ("marker" if count == 1 else f"{count} markers")
        out += _disc(left + col * step, bottom - (rows - 1 - row) * step, player, r, name, label)
    return out


def _disc(cx: float, cy: float, player: int, r: float, name: str, label: str = "",
          size: float = draw.SMALLEST, ring: bool = False) -> str:  # fmt: skip
    """A disc in ``player``'s colour centred on (cx, cy), ``label`` in white on it and
    ``ring`` an outline (the last move's), named for screen readers as ``name`` (the
    shared marker says "player 1" for P0)."""
    body = (
        f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{draw.player_colour(player)}" '
        'stroke="#ffffff" stroke-width="1.5"/>'
    )
    if label:
        body += draw.text(cx, cy + size * 0.36, label, size=size, anchor="middle",
                          weight="bold", fill="#ffffff")  # fmt: skip
    if ring:
        body += draw.circle(cx, cy, r + 3, cls="hl")
    return draw.group(body, label=name, role="img")


def _trail_squares(trail: tuple[int, ...]) -> list[int]:
    """The squares the last move's highlight runs through: every square of a die move,
    the two ends of a card's or an attack's effect."""
    kind, _, frm, to = trail
    if kind == T_MOVE and to >= frm:
        return list(range(frm, to + 1))
    return [frm, to]


def _track(state: FinishLineState) -> draw.Area:
    b = state.board
    spots = _geometry(b)
    width, height = _track_size(b, spots)
    order = [_centre(sq, spots) for sq in range(b.finish + 1)]
    trail = state.trail
    body = [_polyline(order, stroke="#9ca3af", width=2, dash="3 4", opacity=0.8)]
    body += _cards(b, spots, dict(enumerate(b.cards)), trail[3] if trail else -1)
    if trail:
        pts = [_centre(sq, spots) for sq in _trail_squares(trail)]
        colour = "#ff8c00" if trail[0] == T_MOVE else PURPLE
        body.append(_polyline(pts, stroke=colour, width=4, opacity=0.75))
        ex, ey = pts[-1]
        body.append(f'<circle cx="{ex:g}" cy="{ey:g}" r="4" fill="{colour}"/>')
    for sq, stack in sorted(_markers_at(state).items()):
        body.append(_track_markers(sq, stack, *spots[sq]))
    return draw.Area("the track", width, height, "".join(body))


# ------------------------------------------------------------ the status, dice, panels


def _status(state: FinishLineState, you: int | None) -> draw.Area:
    """Whose turn and which stage (or who won), the seat drawn for, the last move."""
    body = []
    places = state.places
    if state.outcome is not None:
        body.append(draw.circle(PAD + 9, 17, 9, fill=draw.player_colour(places[0])))
        body.append(draw.text(PAD + 24, 22, f"game over: P{places[0]} wins", size=13,
                              weight="bold"))  # fmt: skip
        below = f"places: {', '.join(f'P{p}' for p in places)}" if len(places) > 1 else ""
    else:
        who = state.player
        body.append(draw.circle(PAD + 9, 17, 9, fill=draw.player_colour(who)))
        turn = "your turn" if who == you else f"P{who}'s turn"
        body.append(draw.text(PAD + 24, 22, turn, size=13, weight="bold"))
        below = {MOVE: "stage 1: move", SPECIAL: "stage 2: card roll", CHOOSE: "stage 2: choose",
                 ATTACK: "stage 3: attack"}.get(state.phase, "roll the dice")  # fmt: skip
    if you is not None:
        body.append(draw.text(WIDTH - PAD, 22, f"you: P{you}", size=SMALL, anchor="end",
                              cls="muted"))  # fmt: skip
    lines = [(line, "muted") for line in _lines(below, SMALL)] if below else []
    if state.trail:
        kind, g, frm, to = state.trail
        last = _lines(f"last: {TRAIL_NAMES[kind]} (P{g // MARKERS})", SMALL)
        path = _lines(f"{_where(state, frm)} → {_where(state, to)}", SMALL)
        lines += [(line, "ink") for line in last] + [(line, "muted") for line in path]
    y = 22.0
    for line, cls in lines:
        y += 16
        body.append(draw.text(PAD, y, line, size=SMALL, cls=cls))
    return draw.Area("the status", WIDTH, y + 10, "".join(body))


def _dice(state: FinishLineState) -> draw.Area:
    """The turn's dice (a die used in stage 1 faded), the stop value, the card or attack
    roll."""
    if not state.red:
        text = draw.text(PAD, 22, "no dice rolled yet this turn", size=SMALL, cls="muted")
        return draw.Area("the dice", WIDTH, 34, text)
    body = [draw.text(PAD, 16, "the turn's dice", size=SMALL, cls="muted")]
    for k, (bit, value, colour) in enumerate(
        ((RED, state.red, DieColour.RED), (BLACK, state.black, DieColour.BLACK))
    ):
        x = PAD + k * (DIE + 8)
        die = draw.die(value, x, 24, size=DIE, colour=colour)
        if state.phase == MOVE and not state.unused & bit and state.outcome is None:
            die = f'<g opacity="0.35">{die}</g>'
        body.append(draw.pickable(die, DIE_TOKENS[bit], (x, 24, DIE, DIE)))
    sx = PAD + 2 * (DIE + 8) + 6
    body.append(draw.text(sx, 52, f"stop {state.stop}", size=16, weight="bold"))
    stop_name = {11: "a jack", 12: "a queen", 2: "a two"}.get(state.stop, "")
    if stop_name:
        body.append(draw.text(sx, 68, f"({stop_name})", size=SMALL, cls="muted"))
    if state.roll != (0, 0):
        rx = 200  # right of the widest stop value, 'stop 12'
        body.append(draw.text(rx, 16, "card/attack roll", size=SMALL, cls="muted"))
        r, k = state.roll
        body.append(draw.die(r, rx, 30, size=30, colour=DieColour.RED))
        body.append(draw.die(k, rx + 38, 30, size=30, colour=DieColour.BLACK))
    return draw.Area("the dice", WIDTH, 76, "".join(body))


def _seats(state: FinishLineState) -> list[int]:
    """The panels' order: the player to move first, then the others in turn order (seat
    order once the game is over)."""
    n = state.game.players
    first = state.player if state.outcome is None else 0
    return [(first + k) % n for k in range(n)]


def _panel(state: FinishLineState, p: int, you: int | None) -> draw.Area:
    """Player ``p``'s colour, markers home and markers: one disc per square she holds
    (a count when several share it), naming the square and its card, the marker of the
    last move outlined; each disc is the piece a move picks."""
    b = state.board
    squares = sorted(state.markers(p))
    home = squares.count(b.finish)
    cy = PAD + PIECE_R + 2
    body = [draw.rect(1, 1, WIDTH - 2, cy + PIECE_R + 24, rx=8, cls="panel")]
    body.append(draw.circle(PAD + 9, 20, 7, fill=draw.player_colour(p)))
    name = f"P{p}" + (" (you)" if p == you else "")
    body.append(draw.text(PAD + 22, 24, name, size=13, weight="bold"))
    body.append(draw.text(PAD, 44, f"{home}/3 home", size=SMALL,
                          weight="bold" if p == you else "normal"))  # fmt: skip
    if state.outcome is None and p == state.player:
        body.append(draw.text(PAD, 62, "to move", size=SMALL, cls="muted"))
    elif p in state.places:
        place = state.places.index(p) + 1
        body.append(draw.text(PAD, 62, f"place {place}", size=SMALL, cls="muted"))
    # the square the last move took one of this player's markers to (-1: none)
    moved = state.trail[3] if state.trail and state.trail[1] // MARKERS == p else -1
    for k, sq in enumerate(dict.fromkeys(squares)):
        cx = PIECE_X + k * PIECE_STEP
        spot = "start" if sq == 0 else "home" if sq == b.finish else str(sq)
        count = squares.count(sq)
        what = "marker" if count == 1 else f"{count} markers"
        size = 12.5 if sq and sq != b.finish else SMALL  # a square number, or a word
        disc = _disc(cx, cy, p, PIECE_R, f"P{p}'s {what}: {_where(state, sq)}", spot, size,
                     ring=sq == moved)  # fmt: skip
        box = (cx - PIECE_R, cy - PIECE_R, 2 * PIECE_R, 2 * PIECE_R)
        body.append(draw.pickable(disc, marker_token(p, sq, b.finish), box))
        card = "" if sq == 0 else str(b.cards[sq])
        under = " ".join(filter(None, (card, f"×{count}" if count > 1 else "")))
        body.append(draw.text(cx, cy + PIECE_R + 16, under, size=SMALL, anchor="middle",
                              cls="muted"))  # fmt: skip
    return draw.Area(f"P{p}'s panel", WIDTH, cy + PIECE_R + 26, "".join(body))


def board(state: FinishLineState, view: Viewpoint) -> draw.Board:
    """The board as areas (see the module docstring). Nothing is hidden, so a seat's own
    view (``view.personal``) only marks that seat ("you")."""
    you = view.seat if view.personal else None  # the seat marked "you", if any
    areas = [_status(state, you), _track(state), _dice(state)]
    areas += [_panel(state, p, you) for p in _seats(state)]
    desc = _description(state)
    if you is not None:
        desc += f" Drawn for P{you}; nothing is hidden."
    return draw.Board(f"Finish Line: {stage_text(state)}", desc, tuple(areas))


def _where(state: FinishLineState, sq: int) -> str:
    if sq == 0:
        return "start"
    if sq == state.board.finish:
        return "finish"
    return f"{state.board.cards[sq]} ({sq})"


def _description(state: FinishLineState) -> str:
    b = state.board
    parts = [f"A zigzag path of {b.finish} cards from the start to the finish, {b.finish_card}."]
    for p in range(state.game.players):
        where = ", ".join(_where(state, sq) for sq in sorted(state.markers(p)))
        parts.append(f"P{p}'s markers: {where}.")
    if state.trail:
        kind, _, frm, to = state.trail
        parts.append(f"Last: {TRAIL_NAMES[kind]} from {_where(state, frm)} to {_where(state, to)}.")
    return " ".join(parts)


# ---------------------------------------------------------------------------- the text


def stage_text(state: FinishLineState) -> str:
    """Whose turn and which stage, in words (the board's title and the text's head)."""
    who = f"P{state.player}"
    if state.outcome is not None:
        places = ", ".join(f"P{p}" for p in state.places)
        return f"game over: P{state.places[0]} wins" + (
            f" (places {places})" if len(state.places) > 1 else ""
        )
    if state.phase == ROLL:
        return f"{who} to roll"
    dice = f"red {state.red} black {state.black}, stop {state.stop}"
    if state.phase == MOVE:
        left = " and ".join(DIE_NAMES[b] for b in (RED, BLACK) if state.unused & b)
        return f"{who} to move ({dice}; {left} unused)"
    head = state.board.name(state.pos[state.player * 3 + state.queue[0]]) if state.queue else ""
    if state.phase == SPECIAL:
        return f"{who}: roll for {head} ({dice})"
    if state.phase == CHOOSE:
        return f"{who}: choose a target for {head} ({dice})"
    return f"{who}: roll to attack on {state.board.name(state.attacks[0][1])} ({dice})"


def describe(state: FinishLineState, view: Viewpoint) -> str:
    """The position as text: the board row by row with the markers (``[01]``: a marker of
    P0 and one of P1); nothing is hidden, so every viewpoint reads the same."""
    b = state.board
    at: dict[int, str] = {}
    for g, sq in enumerate(state.pos):
        at[sq] = at.get(sq, "") + str(g // 3)
    lines = [f"Finish Line, {state.n} players: {stage_text(state)}"]
    lines.append("start: " + (" ".join(sorted(at.get(0, ""))) or "-"))
    step = b.length + 1
    for r in range(ROWS):
        first = r * step + 1
        cells = []
        for sq in range(first, first + step):
            mark = at.get(sq, "") if sq != b.finish else ""
            cells.append(f"{b.cards[sq]}" + (f"[{''.join(sorted(mark))}]" if mark else ""))
        side = "left" if r % 2 == 0 else "right"
        lines.append(f"{first:2d}-{first + step - 1:2d} " + " ".join(cells[:-1])
                     + f" | {side} wing {cells[-1]}")  # fmt: skip
    home = "".join(sorted(at.get(b.finish, "")))
    lines.append(f"finish {b.finish_card}: " + (" ".join(home) or "-"))
    return "\n".join(lines)


# ---------------------------------------------------------------------------- the deal


def deal_board(board: Board, shown: Mapping[int, Card], *, highlight: int = -1,
               note: str = "") -> draw.Board:  # fmt: skip
    """The board during the deal, as areas: how far the deal is (and ``note``, lines
    split at newlines), then the track with the cards dealt so far (``shown``) and empty
    slots elsewhere, the card on square ``highlight`` outlined."""
    lines = [line for part in note.split("\n") for line in _lines(part, SMALL)] if note else []
    head = [draw.text(PAD, 22, "the deal", size=13, weight="bold")]
    head.append(draw.text(PAD, 40, f"{len(shown)} of {board.finish} dealt", size=SMALL))
    head += [draw.text(PAD, 58 + 16 * k, line, size=SMALL, cls="muted")
             for k, line in enumerate(lines)]  # fmt: skip
    spots = _geometry(board)
    width, height = _track_size(board, spots)
    track = "".join(_cards(board, spots, shown, highlight))
    desc = f"{len(shown)} cards dealt: " + ", ".join(
        f"{c} on {sq}" for sq, c in sorted(shown.items())
    )
    areas = (
        draw.Area("the deal", WIDTH, 50 + 16 * len(lines), "".join(head)),
        draw.Area("the track", width, height, track),
    )
    return draw.Board("Dealing the board", desc, areas)


def deal_frames(seed: int, length: int = 8) -> list[dict]:
    """Stepper frames that deal ``start(seed)``'s board: the wings one by one (with every
    card put back into the middle of the deck), then the rows one by one."""
    board, log = deal(Rng(seed), length)
    shown: dict[int, Card] = {}
    frames = [frame(deal_board(board, shown).html(), "The shuffled deck: 52 cards and two jokers.",
                    "Start", ("FL-1",), text="no cards dealt yet")]  # fmt: skip
    row_cards: list[int] = []
    for kind, card, sq in log:
        if kind == "back":
            say = f"{card} turned up for the wing on square {sq}: it goes back into the middle."
            html = deal_board(board, shown, highlight=sq, note=f"{card}: put back").html()
            frames.append(frame(html, say, f"Wing {sq}", ("FL-1",), text=say))
        elif kind == "wing":
            shown[sq] = board.cards[sq]
            say = f"{card} is a 3 to 10: it becomes the wing card on square {sq}."
            if sq == board.finish:
                say += " This upper right wing is the finish."
            html = deal_board(board, shown, highlight=sq, note=f"{card}: a wing").html()
            frames.append(frame(html, say, f"Wing {sq}", ("FL-1", "FL-3"), text=say))
        else:
            shown[sq] = board.cards[sq]
            row_cards.append(sq)
            if len(row_cards) == length:
                r = board.row[sq] + 1
                say = f"Row {r} is dealt: squares {row_cards[0]} to {row_cards[-1]} of the path."
                html = deal_board(board, shown, note=f"row {r}").html()
                frames.append(frame(html, say, f"Row {r}", ("FL-2", "FL-3"), text=say))
                row_cards = []
    return frames
