"""The reference a chapter shows: a game's rulings, drawn from its table.

A chapter's Rulings section is one code cell, ``rulings_section("milk-run")``: a
Markdown list of every ruling of the game, the project's own readings labelled as such,
each with where in the source it comes from and a link to the section that teaches it.
Its "common mistakes and questions" are another, ``questions_section("milk-run")``.
In the book, every ruling id in the text links to its entry on the Rulings page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gamebox.core import game_class, players_text
from gamebox.rulings import Kind, PlayerAid, Question, Ruling, Term


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
    source = ruling.source.strip().rstrip(".")
    line = f"- **{ruling.id}**{kind}: {ruling.rule} *Source:* {source}."
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
            "the rules this book plays by, enforced by the engine wherever a board meets "
            f"them; {own} of them are the project's own readings, labelled *inferred*, "
            "*house rule* or *reconstructed*. "
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


def tagged(rule: str, table: dict[str, Ruling]) -> str:
    """A ruling id with its kind when it is the project's own reading, as the book writes it
    wherever a player meets the rule: ``"MR-9, inferred"`` (in brackets in running text).

    >>> table = {"MR-9": Ruling("MR-9", Kind.INFERRED, "Deliver to your own column.", "-")}
    >>> tagged("MR-9", table), tagged("MR-4", table)
    ('MR-9, inferred', 'MR-4')
    """
    ruling = table.get(rule)
    return rule if ruling is None or ruling.kind is Kind.SOURCE else f"{rule}, {ruling.kind.label}"


def label_rulings(text: str, table: dict[str, Ruling]) -> str:
    """``text`` with each bracketed list of ruling ids, "(MR-9)" or "(FL-6, FL-9)", given
    the kind of every id that is the project's own reading.

    >>> table = {"MR-9": Ruling("MR-9", Kind.INFERRED, "Deliver to your own column.", "-")}
    >>> label_rulings("Deliver to your column (MR-9); draw two (MR-4, MR-9).", table)
    'Deliver to your column (MR-9, inferred); draw two (MR-4; MR-9, inferred).'
    """

    def label(match: re.Match[str]) -> str:
        ids = [part.strip() for part in match.group(1).split(",")]
        labelled = [tagged(rule, table) for rule in ids]
        return "(" + ("; " if any("," in x for x in labelled) else ", ").join(labelled) + ")"

    return re.sub(r"\(([A-Z]{2}-\d+[a-z]?(?:,\s*[A-Z]{2}-\d+[a-z]?)*)\)", label, text)


def questions(name: str) -> tuple[Question, ...]:
    """Game ``name``'s common mistakes and questions (its ``QUESTIONS``; empty until written)."""
    return tuple(getattr(game_class(name).sibling("rulings"), "QUESTIONS", ()))


def question_markdown(question: Question, table: dict[str, Ruling]) -> str:
    """One common mistake or question as a Markdown list item: the question in bold, the
    answer, and the rulings that settle it (each with its kind when it is the project's)."""
    rules = "; ".join(tagged(rule, table) for rule in question.rulings)
    return f"- **{question.question}** {question.answer} ({rules})"


@dataclass(frozen=True)
class QuestionsSection:
    """A game's common mistakes and questions, as Markdown in a notebook and as text."""

    name: str

    def _repr_markdown_(self) -> str:
        table = game_class(self.name).rulings()
        return "\n".join(question_markdown(q, table) for q in questions(self.name))

    def __str__(self) -> str:
        return "\n".join(
            f"{q.question} {q.answer} ({', '.join(q.rulings)})" for q in questions(self.name)
        )

    def __repr__(self) -> str:
        return f"QuestionsSection({self.name!r}, {len(questions(self.name))} questions)"


def questions_section(name: str) -> QuestionsSection:
    """The "common mistakes and questions" list of the chapter of game ``name``."""
    game_class(name)  # an unknown game fails here, not when the cell is shown
    return QuestionsSection(name)


# ------------------------------------------------------------ the book's reference pages
# The Rulings page, the glossary and the player aids are drawn from every registered
# game's ``rulings`` module; a game whose table has not been written yet is left out.
# The book's tool writes them to book/ (``python book/booktool.py pages``).


def chapter(name: str) -> str:
    """The page name of game ``name``'s chapter: its package (``book/<package>.ipynb``).

    >>> chapter("milk-run")
    'milk_run'
    """
    return game_class(name).__module__.split(".")[2]


def terms(name: str) -> tuple[Term, ...]:
    """Game ``name``'s glossary words (its ``TERMS``; empty until they are written)."""
    module = game_class(name).sibling("rulings")
    return tuple(getattr(module, "TERMS", ()))


def player_aid(name: str) -> PlayerAid | None:
    """Game ``name``'s one-page summary (its ``AID``), or None until it is written."""
    return getattr(game_class(name).sibling("rulings"), "AID", None)


def _taught_link(title: str, name: str) -> str:
    """A link to the section ``title`` of game ``name``'s chapter, from a page of ``book/``."""
    return f"[{title}]({chapter(name)}.ipynb#{slug(title)})"


def rulings_page(names: list[str]) -> str:
    """The Rulings page (``book/rulings.md``): every ruling of the games ``names``, each
    entry anchored by its id (``#mr-7``), with its kind when it is the project's own
    reading, the rule, its source, and the chapter section that teaches it."""
    lines = [
        "# Rulings",
        "",
        "Every rule the engine enforces has an id, such as MR-7: the prefix names the game,",
        "the number the rule. A refused move names the ruling that refuses it, and every",
        "ruling id in the book links here. Most rulings say what the source says, in our",
        "own words; the others are the project's own readings, labelled *inferred* (the",
        "source is silent or ambiguous), *house rule* (the source has no such rule) or",
        "*reconstructed* (the source's text is lost).",
    ]
    for name in names:
        table = game_class(name).rulings()
        if not table:
            continue
        cls = game_class(name)
        here = chapter(name)
        own = sum(r.kind is not Kind.SOURCE for r in table.values())
        lines += [
            "",
            f"## {cls.title}",
            "",
            f"{len(table)} rulings, {own} of them the project's own readings. The chapter:"
            if len(table) > 1
            else "1 ruling. The chapter:",
            f"{{doc}}`{cls.title} <{here}>`"
            + (f"; the {{doc}}`player aid <aids/{here}>`." if player_aid(name) else "."),
        ]
        for ruling in table.values():
            kind = "" if ruling.kind is Kind.SOURCE else f" *({ruling.kind.label})*"
            where = (
                f"*Taught in* {_taught_link(ruling.taught, name)}."
                if ruling.taught
                else f"*Stated in* the chapter's {_taught_link('Rulings', name)} section."
            )
            source = ruling.source.strip().rstrip(".")
            lines += [
                "",
                f"({ruling.anchor})=",
                f"**{ruling.id}**{kind}: {ruling.rule} \\",
                f"*Source:* {source}. {where}",
            ]
        asked = questions(name)
        if asked:
            lines += [
                "",
                f"### {cls.title}: common mistakes and questions",
                "",
                *(question_markdown(q, table) for q in asked),
            ]
    return "\n".join(lines) + "\n"


def glossary_page(names: list[str]) -> str:
    """The glossary (``book/glossary.md``): every game's ``TERMS`` in one alphabetical
    glossary; a word that several games use is one entry with each game's meaning."""
    words: dict[str, list[tuple[str, Term]]] = {}
    for name in names:
        for term in terms(name):
            words.setdefault(term.word.casefold(), []).append((name, term))
    lines = [
        "# Glossary",
        "",
        "The words the chapters use for the games' cards, piles, tiles and moves, in",
        "alphabetical order, each with the game that uses it and the section that explains it.",
    ]
    if not words:
        return "\n".join(lines) + "\n"
    lines += ["", "```{glossary}"]
    for key in sorted(words):
        uses = words[key]
        lines.append(uses[0][1].word)
        for i, (name, term) in enumerate(uses):
            taught = f" ({_taught_link(term.taught, name)})" if term.taught else ""
            lines += [*([""] if i else []), f"  *{game_class(name).title}*: {term.meaning}{taught}"]
        lines.append("")
    lines[-1] = "```"
    return "\n".join(lines) + "\n"


def aids_page(names: list[str]) -> str:
    """The player aids' own page (``book/aids.md``): a link to each game's aid."""
    have = [name for name in names if player_aid(name) is not None]
    lines = [
        "# Player aids",
        "",
        "One printed page per game, for the table or to hand out: the goal, the set-up, a",
        "turn, the special cases and the scoring, with the ids of the rulings they rest on.",
        "Print a page from your browser (A4 or Letter): the site's menus and sidebars are left",
        "out of the print.",
    ]
    missing = [game_class(name).title for name in names if name not in have]
    if missing:
        lines += ["", f"Not written yet: the aid of {', '.join(missing)}."]
    if have:
        lines += ["", *(f"- {{doc}}`{game_class(n).title} <aids/{chapter(n)}>`" for n in have)]
    return "\n".join(lines) + "\n"


def aid_page(name: str) -> str:
    """The printable player aid of game ``name`` (``book/aids/<package>.md``): its goal,
    then the set-up, a turn, the special cases and the scoring, one line each."""
    aid = player_aid(name)
    if aid is None:
        raise LookupError(f"{name} has no player aid (AID in its rulings module)")
    cls = game_class(name)
    lines = [
        f"# {cls.title}: player aid",
        "",
        "```{container} gamebox-aid",
        aid.goal,
        "```",
        "",
        f"For {players_text(cls.min_players, cls.max_players)}. The full rules are in the chapter",
        f"{{doc}}`{cls.title} <../{chapter(name)}>`, and every ruling id is explained on the",
        "{doc}`Rulings page <../rulings>`.",
    ]
    table = cls.rulings()
    for title, items in (
        ("Set-up", aid.setup),
        ("A turn", aid.turn),
        ("Special cases", aid.special),
        ("Scoring", aid.scoring),
    ):
        lines += ["", f"## {title}", "", *(f"- {label_rulings(item, table)}" for item in items)]
    asked = questions(name)
    if asked:
        lines += ["", "## Common mistakes", "", *(question_markdown(q, table) for q in asked)]
    return "\n".join(lines) + "\n"
