"""Skip-Bo, 1980 rules: race to empty your reserve pile onto shared build piles from 1 to 12.

Rules from the Senior Citizens/Retirees of Continental Ranch (Tucson) page "SKIP-BO, 1980
Version" (page rev. 16 Feb 2003), with its two options: #1 alternating between helper
stacks and #2 blocking. Where the page is terse, the project's rulings decide: the
table SB-0 to SB-18 is in ``rulings.py``, taught in the book's chapter. Preset ``modern``
gives the later, simpler game.
"""

from gamebox.games.skip_bo.rules import SkipBo, SkipBoOptions, SkipBoState

__all__ = ["SkipBo", "SkipBoOptions", "SkipBoState"]
