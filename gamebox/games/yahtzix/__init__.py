"""Yahtzix: a dice game of the Farkle / "10,000" family for two to eight players.

Roll six dice up to three times a turn, setting scoring dice aside after each roll;
bank the turn's points or risk them on another roll. The first to reach the target
(2,000 points) makes everyone else play one last turn, and the highest score wins.

Source: the "Yahtzix rules" page of the Continental Ranch site (seed text
``dual-mexican-train-skip-bo-yahtzix.txt``, third part); rulings YX-1 to YX-12 in
``shared/rulings/yahtzix.md``.
"""

from gamebox.games.yahtzix.moves import keep_value, score
from gamebox.games.yahtzix.rules import Yahtzix, YahtzixOptions, YahtzixState

__all__ = ["Yahtzix", "YahtzixOptions", "YahtzixState", "keep_value", "score"]
