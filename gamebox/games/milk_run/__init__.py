"""Milk Run: a card game of milk deliveries for two or more players.

Each player runs two milk routes, strawberry (red cards) and chocolate (black cards):
a face card on your Go pile lets you deliver, number cards on your Delivery column
count the deliveries, and the first to 30 of each flavour wins. Aces stop other
players, low cards squeeze their Delivery Limits, and jokers steal their last delivery.

Rules: "Milk Run" by Samuel and Jacob H. Stoddard, from *Pips: Original Playing Card
and Dice Games*; where the text is silent, the project's rulings MR-1..MR-13 decide
(see the book chapter).
"""

from gamebox.games.milk_run.rules import MilkRun, MilkRunOptions, MilkRunState

__all__ = ["MilkRun", "MilkRunOptions", "MilkRunState"]
