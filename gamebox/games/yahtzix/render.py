"""The Yahtzix board: the six dice, the turn in progress, every player's score.

Left: the dice set aside this turn (one group per roll, the newest outlined when it
was just set aside), the roll on the table (the dice that can score outlined), the
dice still in the cup, the turn's running total, a banked turn on offer to "go for"
(YX-10), the choices open to the player and what just happened. Right: each player's
recorded score and whether she has opened (YX-9); the player to move is shaded.

The board's pieces are tagged with the tokens of ``state.picks``: the dice on the table
``die 1`` to ``die 6`` (left to right, what a keep picks), the ``cup`` (roll), the
``turn total`` (bank) and the ``offer`` (go for it). Nothing is hidden in Yahtzix: a
board drawn for a seat's own view is the same board with that seat marked "you".
"""

from __future__ import annotations

from gamebox import svg as g
from gamebox.core import Viewpoint
from gamebox.games.yahtzix.moves import CUP, OFFER, TURN_TOTAL, Dice, Keep, die_token
from gamebox.games.yahtzix.rules import KEEP, OVER, ROLLING, START, YahtzixState

W = 700
D = 32  # die size
STEP = D + 6
LEFT = 110  # x of the first die in a row
PANEL_X = 492


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


def _wrap(items: list[str], width: int) -> list[str]:
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


def board(state: YahtzixState, view: Viewpoint) -> g.Board:
    """The whole board (see the module docstring); in a seat's own view (a play board)
    that seat is marked "you"."""
    opts = state.game.options
    body = []
    head = f"Yahtzix · target {opts.target:,}" + (" · variation L" if opts.variation_l else "")
    body.append(g.text(16, 24, head, size=15, weight="bold"))
    over = state.phase == OVER
    who = f"Player {state.player + 1}"
    last = state.last_move
    if over:
        names = " and ".join(f"Player {p + 1}" for p in state.winners)
        status = f"Game over: {names} win{'s' if len(state.winners) == 1 else ''}"
    else:
        go = ", going for it" if state.gofor else ""
        status = f"{who}'s turn{go} · " + (
            f"roll {state.rolls} of 3" if state.rolls else "no roll yet"
        )
    body.append(g.text(16, 44, status, size=12.5, cls="muted"))

    # -- set aside --------------------------------------------------------------------
    y = 72
    body.append(g.text(16, y + 21, "Set aside", size=12, weight="bold"))
    x = LEFT
    just_kept = isinstance(last, Keep) and state.rolls > 0
    groups = state.aside
    if not groups and state.last_aside and state.rolls == 0:
        body.append(g.text(x, y - 5, "the last turn's dice", size=11.5, cls="muted"))
        for grp in state.last_aside:
            for j, d in enumerate(grp):
                body.append(
                    g.group(
                        g.die(d, 0, 0, size=D), x=x + j * STEP, y=y + 2, label="last turn"
                    ).replace("<g ", '<g opacity="0.5" ', 1)
                )
            x += len(grp) * STEP + 14
    elif not groups:
        body.append(g.text(x, y + 21, "nothing yet", size=11.5, cls="muted"))
    for i, grp in enumerate(groups):
        label = f"roll {i + 1}"
        if state.gofor and i == 0:
            label = f"Player {state.offer.owner + 1}'s dice" if state.offer else "her dice"
        body.append(g.text(x, y - 5, label, size=11.5, cls="muted"))
        newest = just_kept and i == len(groups) - 1
        for j, d in enumerate(grp):
            body.append(g.die(d, x + j * STEP, y + 2, size=D, held=True, highlight=newest))
        x += len(grp) * STEP + 14
    if not over:
        target = g.rect(W - 290, y - 2, 68, 46, fill="#ffffff")  # invisible, for clicks
        total = target.replace("<rect ", '<rect fill-opacity="0" ', 1)
        total += g.text(W - 226, y + 12, "turn total", size=11.5, anchor="end", cls="muted")
        total += g.text(W - 226, y + 38, state.total, size=24, anchor="end", weight="bold")
        body.append(g.pickable(total, TURN_TOTAL))

    # -- on the table -------------------------------------------------------------------
    y = 128
    body.append(g.text(16, y + 21, "On the table", size=12, weight="bold"))
    if state.rolled:
        marks = _scoring_marks(state)
        for j, d in enumerate(state.rolled):
            die = g.die(d, LEFT + j * STEP, y + 2, size=D, highlight=marks[j])
            body.append(g.pickable(die, die_token(j)))
        body.append(
            g.text(
                LEFT + len(state.rolled) * STEP + 6, y + 23, "outlined: can score",
                size=11.5, cls="muted",
            )
        )  # fmt: skip
    elif isinstance(last, Dice) and state.phase != KEEP and state.last_roll:
        for j, d in enumerate(state.last_roll):
            body.append(
                g.group(g.die(d, 0, 0, size=D), x=LEFT + j * STEP, y=y + 2, label="bust die")
            )
        body.append(
            g.text(
                LEFT + len(state.last_roll) * STEP + 6,
                y + 23,
                "bust: the last roll scored nothing",
                size=12,
                weight="bold",
            )
        )
    else:
        body.append(g.text(LEFT, y + 21, "no roll", size=11.5, cls="muted"))

    # -- in the cup ---------------------------------------------------------------------
    y = 180
    body.append(g.text(16, y + 21, "In the cup", size=12, weight="bold"))
    if state.cup:
        cup = "".join(
            g.rect(LEFT + j * STEP, y + 2, D, D, rx=6, cls="slot") for j in range(state.cup)
        )
        body.append(g.pickable(cup, CUP))
    else:
        body.append(g.text(LEFT, y + 21, "empty", size=11.5, cls="muted"))
    if state.phase == ROLLING and not over:
        body.append(
            g.text(
                LEFT + state.cup * STEP + 6, y + 23, f"rolling {state.to_roll}",
                size=11.5, cls="muted",
            )
        )  # fmt: skip

    # -- offer, choices, last event ------------------------------------------------------
    y = 236
    offer = state.offer_for(state.player) if state.phase == START else None
    if offer is not None:
        panel = g.rect(12, y - 14, 460, 50, rx=6, cls="panel")
        panel += g.text(
            20, y + 2,
            f"On offer (go for it): Player {offer.owner + 1}'s {offer.total}, "
            f"{offer.leftover} {'die' if offer.leftover == 1 else 'dice'} left",
            size=11.5,
        )  # fmt: skip
        for j, d in enumerate(offer.aside):
            panel += g.die(d, 22 + j * 25, y + 9, size=20, held=True)
        body.append(g.pickable(panel, OFFER))
        y += 54
    if not over and state.phase != ROLLING:
        body.append(g.text(16, y + 4, f"Choices for {who}:", size=12, weight="bold"))
        for k, ln in enumerate(_wrap(state.choices(), 74)[:5]):
            body.append(g.text(16, y + 22 + 16 * k, ln, size=11.5))
            last_y = y + 22 + 16 * k
        y = last_y + 10
    elif not over:
        body.append(g.text(16, y + 4, f"The dice decide: {state.to_roll} to roll.", size=12))
        y += 14
    if state.note:
        for k, ln in enumerate(_wrap([state.note], 80)):
            body.append(g.text(16, y + 16 + 16 * k, ln, size=11.5, cls="muted"))
        y += 16
    left_h = y + 20

    # -- players ------------------------------------------------------------------------
    px = PANEL_X
    body.append(g.text(px, 24, "Scores", size=13, weight="bold"))
    py = 38
    for p, s in enumerate(state.scores_):
        to_move = p == state.player and not over
        if to_move:
            body.append(g.rect(px - 4, py, W - px - 6, 26, rx=5, cls="panel"))
        body.append(g.marker(px + 9, py + 13, p, label=str(p + 1)))
        name = f"You (P{p + 1})" if view.personal and p == view.seat else f"Player {p + 1}"
        body.append(g.text(px + 24, py + 17, name, size=12, weight="bold"))
        flag = "opened" if s else "not open"
        if over and p in state.winners:
            flag = "wins"
        elif state.final_from == p:
            flag = "went out"
        body.append(g.text(px + 90, py + 17, flag, size=11.5, cls="muted"))
        body.append(g.text(W - 14, py + 17, f"{s:,}", size=13, anchor="end", weight="bold"))
        py += 30
    height = max(left_h, py + 10, 260)
    return g.single_area(
        W, height, "".join(body), title=f"Yahtzix board: {status}", desc=str(state)
    )
