"""Spite and Malice, as a 2006 blog post remembers it: two players, two decks, a race
to empty a 26-card pay-off pile onto shared centre stacks built from ace to king.

Source: the blog post "spite and malice" of 30 December 2006 (house rules taught by
friends); where the post is silent the project's rulings SM-1..SM-14 decide, most of
them from the book version of the game (see the book chapter).
"""

from gamebox.games.spite_and_malice.rules import SpiteAndMalice, SpiteAndMaliceOptions

__all__ = ["SpiteAndMalice", "SpiteAndMaliceOptions"]
