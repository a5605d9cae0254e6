"""The reference a chapter shows: a game's rulings, drawn from its table.

A chapter's Rulings section is one code cell, ``rulings_section("milk-run")``: a
Markdown list of every ruling of the game, the project's own readings labelled as such,
each with where in the source it comes from and a link to the section that teaches it.
In the book, every ruling id in the text links to its entry on the Rulings page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gamebox.core import game_class
from gamebox.rulings import Kind, Ruling


def slug(title: str) -> str:
    """The anchor Sphinx gives a section titled ``title``.

    >>> slug("The piles, one by one"), slug("Go for it!")
    ('the-piles-one-by-one', 'go-for-it')
    """
    words = re.sub(r"[^\w\s-]", "", title.lower()).split()
    return "-".join(words)


def ruling_markdown(ruling: Ruling, *, chapter: str = "") -> str:
    """One ruling as a Markdown list item: its id and kind, the rule, its source, and a
    link to the section of ``chapter`` (a page name such as ``milk_run``; empty for a
    link within the same page) that teaches it."""
    kind = "" if ruling.kind is Kind.SOURCE else f" ({ruling.kind.label})"
    line = f"- **{ruling.id}**{kind}: {ruling.rule} *Source:* {ruling.source}"
    if ruling.taught:
        target = f"{chapter}.md#{slug(ruling.taught)}" if chapter else f"#{slug(ruling.taught)}"
        line += f" *Taught in* [{ruling.taught}]({target})."
    return line


@dataclass(frozen=True)
class RulingsSection:
    """A game's rulings, shown as Markdown in a notebook and as text by ``print``."""

    name: str

    @property
    def rulings(self) -> list[Ruling]:
        return list(game_class(self.name).rulings().values())

    def _repr_markdown_(self) -> str:
        own = sum(r.kind is not Kind.SOURCE for r in self.rulings)
        head = (
            f"Every rule of this chapter has an id. The {len(self.rulings)} rulings below are "
            f"the ones the engine enforces; {own} of them are the project's own readings, "
            "labelled *inferred*, *house rule* or *reconstructed*. "
            "The [Rulings page](rulings.md) lists every game's."
        )
        return "\n".join([head, "", *(ruling_markdown(r) for r in self.rulings)])

    def __str__(self) -> str:
        return "\n".join(f"{r.tag}: {r.rule}" for r in self.rulings)

    def __repr__(self) -> str:
        return f"RulingsSection({self.name!r}, {len(self.rulings)} rulings)"


def rulings_section(name: str) -> RulingsSection:
    """The Rulings section of the chapter of game ``name``."""
    game_class(name)  # an unknown game fails here, not when the cell is shown
    return RulingsSection(name)
