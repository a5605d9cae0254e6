"""Dual Mexican Train: dominoes for six to ten players, two double-nine sets, ten hands.

Rules from the Senior Citizens/Retirees of Continental Ranch (Tucson), whose page
builds on the common Mexican Train game; where their text is terse, the project's
rulings MT-1..MT-17 decide (see the book chapter).
"""

from gamebox.games.mexican_train.rules import MexicanTrain, MexicanTrainOptions

__all__ = ["MexicanTrain", "MexicanTrainOptions"]
