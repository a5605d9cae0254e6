"""Skip-Bo, 1980 rules: race to empty your reserve pile onto shared build piles from 1 to 12.

Rules from the Senior Citizens/Retirees of Continental Ranch (Tucson) page "SKIP-BO, 1980
Version" (page rev. 16 Feb 2003), with its two options: #1 alternating between helper
stacks and #2 blocking. Where the page is terse, the project's rulings SB-1..SB-16
decide (see the book chapter). Preset ``modern`` gives the later, simpler game.
"""

from gamebox.games.skip_bo.rules import SkipBo, SkipBoOptions, SkipBoState

__all__ = ["SkipBo", "SkipBoOptions", "SkipBoState"]
