"""Finish Line, a race game played on a board of dealt cards.

The 54 cards of a deck (jokers included) are dealt as a zigzag path; each player
races three markers from an imaginary start to the finish card, rolling a red and a
black die. Special cards (aces, kings, queens, jacks and twos) act when the die of
their colour rolls higher, and markers that share a card fight.

Source: "Finish Line", Pips (rinkworks.com/pips/rules/finishline.shtml). The source's
board diagram, its list of card actions and the outcome of an attack are lost; the
rulings FL-2, FL-11, FL-12, FL-15 and FL-16 reconstruct them (see the book chapter).
"""

from gamebox.games.finish_line.board import (
    SAMPLE_BOARD,
    Board,
    deal,
    sample_board,
    sample_board_problems,
)
from gamebox.games.finish_line.moves import Advance, Roll, Swap, Yank
from gamebox.games.finish_line.rules import FinishLine, FinishLineOptions, FinishLineState

__all__ = [
    "SAMPLE_BOARD",
    "Advance",
    "Board",
    "FinishLine",
    "FinishLineOptions",
    "FinishLineState",
    "Roll",
    "Swap",
    "Yank",
    "deal",
    "sample_board",
    "sample_board_problems",
]
