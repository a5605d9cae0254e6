"""Rulings as data: the rules each game enforces, with their ids, kinds and sources.

Every :class:`~gamebox.IllegalMove` names a ruling id such as ``MR-7``. A game carries
its reference in its package's ``rulings`` module:

- ``RULINGS``: a tuple of :class:`Ruling`: the id, the :class:`Kind` of ruling (the
  source's own rule, or a reading the project chose), the rule in the project's plain
  words, where in the source it comes from, and where the book teaches it;
- ``TERMS``: a tuple of :class:`Term`, the game's words for the book's glossary;
- ``AID``: a :class:`PlayerAid`, the one-page summary a teacher prints;
- ``QUESTIONS``: a tuple of :class:`Question`, the common mistakes and questions at the
  table, each answered and tied to the rulings that settle it.

The book's Rulings page, glossary, player aids and each chapter's Rulings section are
drawn from these, and the conformance suite checks that every refusal names an id of
its game's table.

>>> r = Ruling("MR-7", Kind.SOURCE, "A Limit pile takes number cards 2 to 10.", "The piles")
>>> r.anchor, r.kind.label
('mr-7', 'source')
>>> Ruling("MR-9", Kind.INFERRED, "Deliver to your own column only.", "The piles").tag
'MR-9 (inferred)'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

ID_PATTERN = re.compile(r"^[A-Z]{2}-\d+[a-z]?$")


class Kind(Enum):
    """Where a ruling comes from. Every kind but ``SOURCE`` is the project's own
    reading, and the book labels it so wherever the rule is stated."""

    SOURCE = "source"  # the source says so (in other words)
    INFERRED = "inferred"  # the source is silent or ambiguous; the project reads it so
    HOUSE = "house rule"  # the source has no such rule; the project adds one
    RECONSTRUCTED = "reconstructed"  # the source's text is lost; the project rebuilds it

    @property
    def label(self) -> str:
        return self.value


@dataclass(frozen=True)
class Ruling:
    """One ruling: ``id`` (``"MR-7"``), ``kind``, ``rule`` (one or two plain sentences in
    the project's words), ``source`` (where in the source it comes from, or why the
    project decided it), and ``taught`` (the title of the chapter section that teaches
    it, empty if only the Rulings section states it)."""

    id: str
    kind: Kind
    rule: str
    source: str
    taught: str = ""

    def __post_init__(self) -> None:
        if not ID_PATTERN.match(self.id):
            raise ValueError(f"a ruling id is like 'MR-7', not {self.id!r}")
        if not isinstance(self.kind, Kind):
            raise TypeError(f"{self.id}: kind is a rulings.Kind, not {self.kind!r}")
        if not self.rule.strip():
            raise ValueError(f"{self.id} states no rule")

    @property
    def anchor(self) -> str:
        """The ruling's anchor on the book's Rulings page (``rulings.html#mr-7``)."""
        return self.id.lower()

    @property
    def tag(self) -> str:
        """The id, with the kind when it is the project's own reading."""
        return self.id if self.kind is Kind.SOURCE else f"{self.id} ({self.kind.label})"


def check_table(prefix: str, rulings: tuple[Ruling, ...]) -> dict[str, Ruling]:
    """The table by id, after checking that every id has the game's ``prefix``, none
    comes twice, and ``<prefix>-0`` (text that is no move at all) is there.

    >>> table = check_table("TY", (Ruling("TY-0", Kind.SOURCE, "Not a move.", "-"),))
    >>> sorted(table)
    ['TY-0']
    """
    table: dict[str, Ruling] = {}
    for ruling in rulings:
        if not ruling.id.startswith(f"{prefix}-"):
            raise ValueError(f"{ruling.id} is not a ruling of {prefix}")
        if ruling.id in table:
            raise ValueError(f"{ruling.id} is in the table twice")
        table[ruling.id] = ruling
    if rulings and f"{prefix}-0" not in table:
        raise ValueError(f"{prefix}-0 (text that is no move) is missing from the table")
    return table


@dataclass(frozen=True)
class Term:
    """A word of a game for the glossary: ``word`` ("pay-off pile"), ``meaning`` (one
    plain sentence), and ``taught`` (the title of the chapter section that explains it)."""

    word: str
    meaning: str
    taught: str = ""


@dataclass(frozen=True)
class Question:
    """A common mistake or question at the table, as a teacher meets it: ``question`` (in a
    player's words: "Can I play a card on a rival's Limit pile?"), ``answer`` (one or two
    plain sentences), and ``rulings`` (the ids that settle it, at least one). The chapter,
    the player aid and the Rulings page show the same entries.

    >>> q = Question("Can I discard a joker?", "Yes, but the next player may take it.", ("MR-6",))
    >>> q.rulings
    ('MR-6',)
    >>> Question("Why?", "Because.", ())
    Traceback (most recent call last):
    ...
    ValueError: 'Why?' names no ruling: a question is tied to the rulings that settle it
    """

    question: str
    answer: str
    rulings: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.question.strip() or not self.answer.strip():
            raise ValueError("a question has a question and an answer")
        if isinstance(self.rulings, str) or not self.rulings:
            raise ValueError(
                f"{self.question!r} names no ruling: a question is tied to the rulings that "
                "settle it"
            )
        for rule in self.rulings:
            if not ID_PATTERN.match(rule):
                raise ValueError(f"a ruling id is like 'MR-7', not {rule!r}")


@dataclass(frozen=True)
class PlayerAid:
    """A game on one printed page, in the project's words: the goal in a sentence, then
    short lines for the set-up, a turn, the special cases and the scoring (or how the
    game ends). Ruling ids may stand in the lines, e.g. "(MR-10)"."""

    goal: str
    setup: tuple[str, ...]
    turn: tuple[str, ...]
    special: tuple[str, ...]
    scoring: tuple[str, ...]

    def __post_init__(self) -> None:
        for name in ("setup", "turn", "special", "scoring"):
            lines = getattr(self, name)
            if not lines or not all(isinstance(x, str) and x.strip() for x in lines):
                raise ValueError(f"a player aid's {name} is one or more lines of text")
