"""The Yahtzix board: the six dice, the turn in progress, every player's score.

The board is three areas, each 320 px wide (:data:`gamebox.svg.AREA_MOST`), in the
order a player reads them; a phone stacks them, a desktop column sets the first two side
by side:

* **the turn**: the title, whose turn it is and which roll, and what just happened;
* **the dice**: a banked turn on offer to "go for" (YX-10), the dice set aside this turn
  (one group per roll, the newest outlined when it was just set aside) with the turn's
  running total, the roll on the table (the dice that can score outlined), the dice still
  in the cup, and the choices open to the player;
* **the scores**: each player's recorded score and whether she has opened (YX-9); the
  player to move is shaded.

The board's pieces are tagged with the tokens of ``state.picks``: the dice on the table
``die 1`` to ``die 6`` (left to right, what a keep picks), the ``cup`` (roll), the
``turn total`` (bank) and the ``offer`` (go for it), each with a tap target of at least
44 x 44 px that overlaps no other. Nothing is hidden in Yahtzix (there is no hand): a
board drawn for a seat's own view is the same board with that seat marked "you".

>>> import gamebox
>>> state = gamebox.load("yahtzix").start(1).apply("roll 1 1 2 3 5 5")
>>> board = state.areas()
>>> [(area.name, area.width) for area in board.areas]
[('the turn', 320), ('the dice', 320), ('the scores', 320)]
>>> sorted(g.pick_tokens(board.html()))
['die 1', 'die 2', 'die 3', 'die 4', 'die 5', 'die 6', 'turn total']
"""

from __future__ import annotations

import textwrap

from gamebox import svg as g
from gamebox.core import Viewpoint
from gamebox.games.yahtzix.moves import (
    CUP,
    MAX_ROLLS,
    OFFER,
    TURN_TOTAL,
    Dice,
    Keep,
    _dice_str,
    die_token,
)
from gamebox.games.yahtzix.position import KEEP, ROLLING, START
from gamebox.games.yahtzix.rules import YahtzixState

W = g.AREA_MOST
PAD = 12  # the margin inside an area
AD, AD_STEP = 32, 38  # a die set aside, and the step from one to the next
TD, TD_STEP = 40, 48  # a die on the table or a place in the cup: a tap target apart
GAP = 14  # between two groups of dice set aside
LEAD = 4.5  # the space between two lines of text


def _chars(size: float, width: float = W - 2 * PAD) -> int:
    """How many characters of text at ``size`` fit in ``width`` (about 0.6 em each)."""
    return int(width // (0.6 * size))


def _wrap(items: list[str], width: int) -> list[str]:
    """``items`` joined by " · " into lines of at most ``width`` characters (an item is
    never split)."""
    lines, cur = [], ""
    for it in items:
        cand = f"{cur} · {it}" if cur else it
        if len(cand) > width and cur:
            lines.append(cur)
            cur = it
        else:
            cur = cand
    if cur:
        lines.append(cur)
    return lines


def _lines(lines: list[str], y: float, *, size: float, **style: str) -> tuple[str, float]:
    """``lines`` of text from the baseline ``y`` down, at the area's left margin; and the
    height they take."""
    step = size + LEAD
    body = "".join(g.text(PAD, y + k * step, ln, size=size, **style) for k, ln in enumerate(lines))
    return body, len(lines) * step


def _scoring_marks(state: YahtzixState) -> list[bool]:
    """For each die on the table (sorted), whether it can count in some keep."""
    most = [0] * 7
    for keep in state.keep_options():
        for f in range(1, 7):
            most[f] = max(most[f], keep.dice.count(f))
    out, used = [], [0] * 7
    for d in state.rolled:
        out.append(used[d] < most[d])
        used[d] += 1
    return out


def _status(state: YahtzixState) -> str:
    """Whose turn it is and which roll, or who won."""
    if state.outcome is not None:
        won = state.outcome.winners
        names = " and ".join(f"Player {p + 1}" for p in won)
        return f"Game over: {names} win{'s' if len(won) == 1 else ''}"
    go = ", going for it" if state.gofor else ""
    roll = f"roll {state.rolls} of 3" if state.rolls else "no roll yet"
    return f"Player {state.player + 1}'s turn{go} · {roll}"


def _turn(state: YahtzixState, status: str) -> g.Area:
    """The header: the title, the status line and what just happened, wrapped."""
    opts = state.game.options
    head = ["Yahtzix", f"target {opts.target:,}"] + (["variation L"] if opts.variation_l else [])
    body, tall = _lines(_wrap(head, _chars(14)), 22, size=14, weight="bold")
    y = 22 + tall
    said, tall = _lines(_wrap(status.split(" · "), _chars(12.5)), y, size=12.5, cls="muted")
    body, y = body + said, y + tall
    if state.note:
        note, tall = _lines(textwrap.wrap(f"Last: {state.note}", _chars(11.5)), y + 2, size=11.5)
        body, y = body + note, y + 2 + tall
    return g.Area("the turn", W, y + 6, body)


def _offer(state: YahtzixState, y: float) -> tuple[str, float]:
    """The banked turn on offer to the player to move (YX-10), as a panel to tap; its
    body and the height it takes (nothing when there is no offer)."""
    offer = state.offer_for(state.player) if state.phase == START else None
    if offer is None:
        return "", 0
    dice = "die" if offer.leftover == 1 else "dice"
    box = (8, y, W - 16, 64)
    panel = g.rect(*box, rx=6, cls="panel")
    panel += g.text(
        PAD + 4,
        y + 18,
        f"Go for it: Player {offer.owner + 1}'s {offer.total},",
        size=12,
        weight="bold",
    )
    panel += g.text(PAD + 4, y + 34, f"{offer.leftover} {dice} left to roll", size=11.5)
    for j, d in enumerate(offer.aside):
        panel += g.die(d, 170 + j * 26, y + 28, size=22, held=True)
    return g.pickable(panel, OFFER, box), 74


def _aside(state: YahtzixState, y: float) -> tuple[str, float]:
    """The dice set aside this turn, one group per roll, and the turn total to tap (to
    bank), from ``y`` down; the groups wrap onto another row where the area ends."""
    over = state.outcome is not None
    body = g.text(PAD, y + 20, "Set aside", size=12, weight="bold")
    if not over:
        box = (W - PAD - 92, y, 92, 46)
        total = g.rect(*box, rx=6, cls="panel")
        total += g.text(W - PAD - 8, y + 15, "turn total", size=11.5, anchor="end", cls="muted")
        total += g.text(W - PAD - 8, y + 40, state.total, size=22, anchor="end", weight="bold")
        body += g.pickable(total, TURN_TOTAL, box)
    groups, labels = state.aside, [f"roll {i + 1}" for i in range(len(state.aside))]
    faded = not groups and bool(state.last_aside) and state.rolls == 0
    if faded:
        groups, labels = state.last_aside, [""] * len(state.last_aside)
        body += g.text(PAD, y + 38, "the last turn's dice", size=11.5, cls="muted")
    elif not groups:
        body += g.text(PAD, y + 38, "nothing yet", size=11.5, cls="muted")
        return body, 54
    if state.gofor and labels:
        offer = state.offer
        labels[0] = f"Player {offer.owner + 1}'s dice" if offer else "her dice"
    newest = isinstance(state.last_move, Keep) and state.rolls > 0
    x, row = PAD + 3, y + 40  # the first row starts below the turn total
    for i, (grp, label) in enumerate(zip(groups, labels, strict=True)):
        wide = max(len(grp) * AD_STEP - 6, len(label) * 0.6 * 11.5)
        if x > PAD + 3 and x + wide > W - PAD:
            x, row = PAD + 3, row + AD + 26
        body += g.text(x, row + 12, label, size=11.5, cls="muted") if label else ""
        for j, d in enumerate(grp):
            dx, dy = x + j * AD_STEP, row + 18
            if faded:
                die = g.group(g.die(d, 0, 0, size=AD), x=dx, y=dy, label="last turn")
                body += die.replace("<g ", '<g opacity="0.5" ', 1)
            else:
                last = newest and i == len(groups) - 1
                body += g.die(d, dx, dy, size=AD, held=True, highlight=last)
        x += wide + GAP
    return body, row + 18 + AD + 10 - y


def _table(state: YahtzixState, y: float) -> tuple[str, float]:
    """The roll on the table, each die a tap target for a keep (or the last roll, when
    it was a bust), from ``y`` down."""
    body = g.text(PAD, y + 14, "On the table", size=12, weight="bold")
    dy = y + 24
    if state.rolled:
        body += g.text(W - PAD, y + 14, "outlined: can score", size=11.5, anchor="end", cls="muted")
        for j, (d, scores) in enumerate(zip(state.rolled, _scoring_marks(state), strict=True)):
            box = (PAD + 4 + j * TD_STEP, dy, TD, TD)
            die = g.die(d, box[0], dy, size=TD, highlight=scores)
            body += g.pickable(die, die_token(j), box)
        return body, 24 + TD + 12
    if isinstance(state.last_move, Dice) and state.phase != KEEP and state.last_roll:
        for j, d in enumerate(state.last_roll):
            die = g.die(d, 0, 0, size=TD)
            body += g.group(die, x=PAD + 4 + j * TD_STEP, y=dy, label="bust die")
        body += g.text(
            PAD, dy + TD + 18, "Bust: the last roll scored nothing", size=12, weight="bold"
        )
        return body, 24 + TD + 28
    body += g.text(W - PAD, y + 14, "no roll", size=11.5, anchor="end", cls="muted")
    return body, 24


def _cup(state: YahtzixState, y: float) -> tuple[str, float]:
    """The dice in the cup, as one place to tap (to roll them), from ``y`` down."""
    body = g.text(PAD, y + 14, "In the cup", size=12, weight="bold")
    if state.phase == ROLLING:
        body += g.text(
            W - PAD, y + 14, f"rolling {state.to_roll}", size=11.5, anchor="end", cls="muted"
        )
    if not state.cup:
        body += g.text(PAD + 80, y + 14, "empty", size=11.5, cls="muted")
        return body, 24
    dy = y + 24
    box = (PAD + 4, dy, state.cup * TD_STEP - (TD_STEP - TD), TD)
    slots = "".join(
        g.rect(PAD + 4 + j * TD_STEP, dy, TD, TD, rx=7, cls="slot") for j in range(state.cup)
    )
    return body + g.pickable(slots, CUP, box), 24 + TD + 12


def _choices(state: YahtzixState, y: float) -> tuple[str, float]:
    """The moves open to the player to move, wrapped (or what the dice decide)."""
    if state.outcome is not None:
        return "", 0
    if state.phase == ROLLING:
        said = f"The dice decide: {state.to_roll} to roll."
        return g.text(PAD, y + 14, said, size=12), 22
    who = f"Choices for Player {state.player + 1}:"
    lines, tall = _lines(_wrap(state.choices(), _chars(11.5)), y + 32, size=11.5)
    return g.text(PAD, y + 14, who, size=12, weight="bold") + lines, 22 + tall + 4


def _dice(state: YahtzixState) -> g.Area:
    """The shared places, top to bottom: the offer, the dice set aside with the turn
    total, the table, the cup, then the choices."""
    body, y = "", 6.0
    for part in (_offer, _aside, _table, _cup, _choices):
        drawn, tall = part(state, y)
        body += drawn
        y += tall + (8 if tall else 0)
    return g.Area("the dice", W, y, body)


def _scores(state: YahtzixState, view: Viewpoint) -> g.Area:
    """The score sheet, one row per seat in seat order (the order of play, so a row
    stays put from turn to turn and the shaded row moves round the table)."""
    outcome = state.outcome
    body = g.text(PAD, 22, "Scores", size=13, weight="bold")
    y = 34
    for p, s in enumerate(state.scores_):
        if p == state.player and outcome is None:
            body += g.rect(PAD - 4, y, W - 2 * PAD + 8, 26, rx=5, cls="panel")
        body += g.marker(PAD + 9, y + 13, p, label=str(p + 1))
        name = f"You (P{p + 1})" if view.personal and p == view.seat else f"Player {p + 1}"
        body += g.text(PAD + 26, y + 17, name, size=12, weight="bold")
        flag = "opened" if s else "not open"
        if outcome is not None and p in outcome.winners:
            flag = "wins"
        elif state.final_from == p:
            flag = "went out"
        body += g.text(PAD + 120, y + 17, flag, size=11.5, cls="muted")
        body += g.text(W - PAD, y + 17, f"{s:,}", size=13, anchor="end", weight="bold")
        y += 30
    return g.Area("the scores", W, y + 6, body)


def describe(state: YahtzixState, view: Viewpoint) -> str:
    """The position as text (``str(state)``, ``state.describe(viewer)``): nothing is
    hidden in Yahtzix, so every view reads the same."""
    opts = state.game.options
    head = f"Yahtzix, target {opts.target}" + (" (variation L)" if opts.variation_l else "")
    lines = [head]
    for p, s in enumerate(state.scores_):
        mark = ">" if p == state.player and state.outcome is None else " "
        opened = "opened" if s else "not open"
        final = "  reached the target" if state.final_from == p else ""
        lines.append(f"{mark} Player {p + 1}: {s:>5}  {opened}{final}")
    if state.outcome is not None:
        won = state.outcome.winners
        w = ", ".join(f"Player {p + 1}" for p in won)
        lines.append(f"Game over. Winner{'s' if len(won) > 1 else ''}: {w}")
    else:
        go = " (going for it)" if state.gofor else ""
        lines.append(
            f"Player {state.player + 1}'s turn{go}: {state.rolls} of {MAX_ROLLS} rolls, "
            f"turn total {state.total}"
        )
        groups = " ".join(f"[{_dice_str(grp)}]" for grp in state.aside) or "none"
        lines.append(f"Set aside: {groups}")
        if state.rolled:
            lines.append(f"On the table: {_dice_str(state.rolled)}")
        lines.append(f"In the cup: {state.cup}")
        o = state.offer_for(state.player)
        if o is not None and state.phase == START:
            lines.append(
                f"Go for it: Player {o.owner + 1}'s {o.total} with {o.leftover} "
                f"{'die' if o.leftover == 1 else 'dice'} left"
            )
        if state.phase == ROLLING:
            lines.append(f"Rolling {state.to_roll} dice")
        else:
            lines.append("Choices: " + "; ".join(state.choices()))
    if state.note:
        lines.append(f"Last: {state.note}")
    return "\n".join(lines)


def board(state: YahtzixState, view: Viewpoint) -> g.Board:
    """The whole board as three areas (see the module docstring): the turn, the dice,
    the scores. The score sheet is one area, not a panel per seat: a seat holds only a
    score and whether she has opened, one row, and up to eight rows read best as one
    table in seat order. In a seat's own view (a play board) that seat is marked "you"."""
    status = _status(state)
    areas = (_turn(state, status), _dice(state), _scores(state, view))
    return g.Board(f"Yahtzix board: {status}", str(state), areas)
