"""The book's reference pages (issue 16): the Rulings page, the glossary and the player
aids, drawn from the games' rulings tables by ``gamebox.reference`` and written by
``python book/booktool.py pages``; every ruling id in the book's text links to its entry.

The quick tests check the committed pages against the tables, the renderers on a toy
game's tables (so they test something before every game's table has landed), and the
link transform on small doctrees. The slow ones read the built site (``$GAMEBOX_SITE``,
or a build with warnings as errors): every game's entries, every ruling id in a chapter a
link to an anchor that exists, no broken link, and each player aid printed by Chromium on
exactly one A4 page and one Letter page.
"""

from __future__ import annotations

import functools
import html
import http.server
import io
import re
import threading
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from docutils import nodes
from docutils.core import publish_doctree

import booktool
import gamebox
from gamebox import reference
from gamebox.core import game_class
from gamebox.rulings import Kind, PlayerAid, Question, Ruling, Term, check_table

ROOT = Path(__file__).resolve().parent.parent
GAMES = gamebox.games()
AID_GAMES = [name for name in GAMES if reference.player_aid(name) is not None]
AID_HEADINGS = ("Set-up", "A turn", "Special cases", "Scoring")


def every_ruling() -> dict[str, Ruling]:
    return booktool.ruling_index()


# ----------------------------------------------------------------- a toy game's tables


TOY_RULINGS = (
    Ruling("TY-0", Kind.SOURCE, "Text that is no move.", "The engine."),
    Ruling("TY-1", Kind.SOURCE, "Draw before you play.", "Turns", "A turn"),
    Ruling("TY-2", Kind.INFERRED, "TY-1 holds on the first turn too.", "Silent", ""),
    Ruling("TY-3", Kind.RECONSTRUCTED, "A joker steals.", "Lost page", "The piles, one by one"),
)
TOY_AID = PlayerAid(
    goal="Empty your hand first.",
    setup=("Deal five cards each.",),
    turn=("Draw a card (TY-1).", "Play one card."),
    special=("A joker steals (TY-3).",),
    scoring=("The first with no cards wins.",),
)


class Toy:
    """A stand-in game class with a rulings module, as ``game_class`` returns one."""

    __module__ = "gamebox.games.toy.rules"
    title = "Toy"
    rule_prefix = "TY"
    min_players, max_players = 2, 4
    module = SimpleNamespace(
        RULINGS=TOY_RULINGS,
        TERMS=(
            Term("stock", "The face-down pile.", "A turn"),
            Term("Bay", "Where a train starts."),
        ),
        AID=TOY_AID,
        QUESTIONS=(
            Question("May I draw twice?", "No: one card a turn.", ("TY-1",)),
            Question("Does a joker steal on turn one?", "Yes.", ("TY-3", "TY-2")),
        ),
    )

    @classmethod
    def rulings(cls) -> dict[str, Ruling]:
        return check_table(cls.rule_prefix, cls.module.RULINGS)

    @classmethod
    def sibling(cls, name: str) -> object:
        return cls.module if name == "rulings" else None


class Other(Toy):
    __module__ = "gamebox.games.other.rules"
    title = "Other"
    rule_prefix = "OT"
    module = SimpleNamespace(
        RULINGS=(Ruling("OT-0", Kind.SOURCE, "Not a move.", "-"),),
        TERMS=(Term("Stock", "Where Other's cards wait.", "Set-up"),),
    )


@pytest.fixture
def toys(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    classes = {"toy": Toy, "other": Other}
    monkeypatch.setattr(reference, "game_class", classes.__getitem__)
    return list(classes)


def test_the_rulings_page_anchors_each_entry_with_its_kind_source_and_section(toys) -> None:
    page = reference.rulings_page(toys)
    assert page.startswith("# Rulings\n")
    assert "## Toy\n" in page and "## Other\n" in page
    assert "4 rulings, 2 of them the project's own readings" in page
    assert "{doc}`Toy <toy>`; the {doc}`player aid <aids/toy>`." in page
    assert "{doc}`Other <other>`." in page  # no player aid yet: no link to one
    entries = {
        m.group(1): m.group(2)
        for m in re.finditer(r"\(([a-z]+-\d+)\)=\n(.*?)(?:\n\n|\Z)", page, re.S)
    }
    assert list(entries) == ["ty-0", "ty-1", "ty-2", "ty-3", "ot-0"]
    assert entries["ty-1"] == (
        "**TY-1**: Draw before you play. \\\n"
        "*Source:* Turns. *Taught in* [A turn](toy.ipynb#a-turn)."
    )
    assert entries["ty-2"].startswith("**TY-2** *(inferred)*: TY-1 holds")
    assert "*Stated in* the chapter's [Rulings](toy.ipynb#rulings) section." in entries["ty-2"]
    assert entries["ty-3"].startswith("**TY-3** *(reconstructed)*: A joker steals.")
    assert "[The piles, one by one](toy.ipynb#the-piles-one-by-one)" in entries["ty-3"]
    assert "(source)" not in page


def test_the_glossary_gives_a_word_of_several_games_one_entry(toys) -> None:
    page = reference.glossary_page(toys)
    body = page.split("```{glossary}\n", 1)[1]
    assert body.endswith("```\n")
    assert body.splitlines()[0] == "Bay", "sorted without regard to case"
    assert "\nstock\n  *Toy*: The face-down pile. ([A turn](toy.ipynb#a-turn))\n\n" in body
    assert "  *Other*: Where Other's cards wait. ([Set-up](other.ipynb#set-up))\n" in body
    assert "\nStock\n" not in body, "one entry per word, whatever its case"


def test_a_player_aid_has_the_goal_and_the_four_parts_in_order(toys) -> None:
    page = reference.aid_page("toy")
    assert page.startswith("# Toy: player aid\n")
    assert "```{container} gamebox-aid\nEmpty your hand first.\n```" in page
    assert "For 2 to 4 players." in page and "{doc}`Toy <../toy>`" in page
    at = [page.index(f"\n## {heading}\n") for heading in AID_HEADINGS]
    assert at == sorted(at)
    assert "- Draw a card (TY-1).\n- Play one card.\n" in page
    with pytest.raises(LookupError):
        reference.aid_page("other")


def test_a_player_aid_labels_the_projects_readings_and_ends_with_the_common_mistakes(
    toys,
) -> None:
    page = reference.aid_page("toy")
    assert "- A joker steals (TY-3, reconstructed).\n" in page
    mistakes = page.split("\n## Common mistakes\n\n", 1)[1]
    assert mistakes == (
        "- **May I draw twice?** No: one card a turn. (TY-1)\n"
        "- **Does a joker steal on turn one?** Yes. (TY-3, reconstructed; TY-2, inferred)\n"
    )


def test_the_rulings_page_ends_each_game_with_its_questions(toys) -> None:
    page = reference.rulings_page(toys)
    toy, other = page.split("\n## Toy\n", 1)[1].split("\n## Other\n", 1)
    assert "\n### Toy: common mistakes and questions\n\n- **May I draw twice?**" in toy
    assert "common mistakes" not in other, "a game with no QUESTIONS has no such list"
    section = reference.questions_section("toy")
    assert section._repr_markdown_().splitlines()[0] == (
        "- **May I draw twice?** No: one card a turn. (TY-1)"
    )
    assert str(section).splitlines()[1] == "Does a joker steal on turn one? Yes. (TY-3, TY-2)"


@pytest.mark.parametrize("name", GAMES)
def test_every_game_answers_its_common_mistakes_with_its_own_rulings(name: str) -> None:
    """At least six common mistakes and questions per game, each settled by rulings of
    the game's own table, shown in its chapter (``questions_section``) before its
    Rulings section."""
    asked = reference.questions(name)
    assert len(asked) >= 6, f"{name} has {len(asked)} common mistakes and questions"
    table = game_class(name).rulings()
    for question in asked:
        assert set(question.rulings) <= table.keys(), question.question
    chapter = (ROOT / "book" / "md" / f"{reference.chapter(name)}.md").read_text(encoding="utf-8")
    cell = f'questions_section("{name}")'
    assert cell in chapter
    assert chapter.index("## Common mistakes and questions") < chapter.index(cell)
    assert chapter.index(cell) < chapter.index("\n## Rulings")


# ------------------------------------------------------------------ the committed pages


def test_the_committed_reference_pages_are_drawn_from_the_tables_as_they_are() -> None:
    assert booktool.reference_problems(ROOT) == []


def test_every_ruling_of_every_game_has_its_entry() -> None:
    page = (ROOT / "book" / "rulings.md").read_text(encoding="utf-8")
    for ruling in every_ruling().values():
        assert f"({ruling.anchor})=\n**{ruling.id}**" in page, ruling.id


def test_every_term_of_every_game_is_in_the_glossary() -> None:
    page = (ROOT / "book" / "glossary.md").read_text(encoding="utf-8")
    for name in GAMES:
        for term in reference.terms(name):
            assert f"\n{term.word}\n" in page or f"\n{term.word.casefold()}\n" in page.casefold()
            assert f"*{game_class(name).title}*: {term.meaning}" in page


def test_the_reference_pages_are_listed_and_linked_from_the_intro() -> None:
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    for entry in ("file: book/rulings", "file: book/glossary", "file: book/aids"):
        assert f"- {entry}\n" in toc, entry
    assert "- glob: book/aids/*\n" in toc
    intro = (ROOT / "book" / "md" / "intro.md").read_text(encoding="utf-8")
    for page in ("rulings", "glossary", "aids"):
        assert f"<{page}>`" in intro, f"the intro links no {page} page"
    aids = (ROOT / "book" / "aids.md").read_text(encoding="utf-8")
    for name in GAMES:
        linked = f"<aids/{reference.chapter(name)}>`" in aids
        assert linked == (name in AID_GAMES), name


def test_a_stale_or_stray_page_is_reported(tmp_path: Path) -> None:
    for path, text in booktool.reference_pages(tmp_path).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert booktool.reference_problems(tmp_path) == []
    (tmp_path / "book" / "glossary.md").write_text("# Glossary\n", encoding="utf-8")
    (tmp_path / "book" / "aids").mkdir(exist_ok=True)
    (tmp_path / "book" / "aids" / "chess.md").write_text("# Chess\n", encoding="utf-8")
    assert booktool.reference_problems(tmp_path) == [
        f"book/glossary.md is stale: {booktool.PAGES}",
        f"book/aids/chess.md is no game's aid: {booktool.PAGES}",
    ]
    booktool.write_reference_pages(tmp_path)
    assert booktool.reference_problems(tmp_path) == []


# -------------------------------------------------------------------- the link transform


def test_ruling_ids_in_text_become_links_and_nowhere_else() -> None:
    doctree = publish_doctree(
        "TY-1 in a heading\n"
        "=================\n\n"
        "Draw first (TY-1), and TY-3's joker; TY-9 is no ruling, XTY-1 and TY-10 no id.\n\n"
        "Code ``TY-1`` and a link `TY-3 <https://example.org>`_ stay.\n\n"
        "::\n\n    play TY-1\n",
        settings_overrides={"report_level": 5},
    )
    rulings = Toy.rulings()
    assert booktool.link_rulings(doctree, rulings, "../rulings.html") == 2
    made = [n for n in doctree.findall(nodes.reference) if "gamebox-ruling" in n["classes"]]
    assert [(n.astext(), n["refuri"]) for n in made] == [
        ("TY-1", "../rulings.html#ty-1"),
        ("TY-3", "../rulings.html#ty-3"),
    ]
    assert made[1]["reftitle"] == "TY-3 (reconstructed): A joker steals."
    paragraph = made[0].parent
    assert paragraph.astext().startswith("Draw first (TY-1), and TY-3's joker; TY-9 is no ruling")
    assert doctree.next_node(nodes.title).astext() == "TY-1 in a heading"
    assert booktool.link_rulings(doctree, {}, "rulings.html") == 0


# ---------------------------------------------------------------------- the built site


def soup(path: Path):
    from bs4 import BeautifulSoup

    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def pages(site: Path) -> list[Path]:
    skip = ("_static/", "_sources/", "_images/")
    return [
        p
        for p in sorted(site.rglob("*.html"))
        if not p.relative_to(site).as_posix().startswith(skip)
    ]


def chapters() -> list[str]:
    return [f"book/{reference.chapter(name)}.html" for name in GAMES]


@pytest.mark.slow
def test_the_reference_pages_hold_every_games_entries(site: Path) -> None:
    rulings = soup(site / "book" / "rulings.html")
    ids = {tag["id"] for tag in rulings.select("[id]")}
    for ruling in every_ruling().values():
        assert ruling.anchor in ids, ruling.id
        entry = rulings.find(id=ruling.anchor)
        word = re.search(r"\w{3,}", ruling.rule).group()  # (the site curls quotes)
        assert ruling.id in entry.get_text() and word in entry.get_text(), ruling.id
    terms = {
        dt.get_text(" ", strip=True).removesuffix("#").strip().casefold()
        for dt in soup(site / "book" / "glossary.html").select("dl.glossary dt")
    }
    for name in GAMES:
        for term in reference.terms(name):
            assert term.word.casefold() in terms, term.word
    for name in AID_GAMES:
        aid = soup(site / "book" / "aids" / f"{reference.chapter(name)}.html")
        headings = [h.get_text(strip=True).rstrip("#") for h in aid.select("article h2")]
        asked = ["Common mistakes"] if reference.questions(name) else []
        assert headings == [*AID_HEADINGS, *asked], name
    intro = soup(site / "book" / "intro.html")
    hrefs = {a["href"] for a in intro.select("article a[href]")}
    assert {"rulings.html", "glossary.html"} <= hrefs


#: Where a ruling id in a page is not prose: code, literals, headings, scripts, links
#: (and a cell's HTML output, which the page shows as the cell made it).
NOT_PROSE_CLASS = "text_html"
NOT_PROSE = {
    "a",
    "code",
    "pre",
    "kbd",
    "samp",
    "script",
    "style",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "title",
}


@pytest.mark.slow
@pytest.mark.parametrize("page", chapters())
def test_every_ruling_id_in_a_chapter_links_to_its_entry(site: Path, page: str) -> None:
    rulings = every_ruling()
    if not rulings:
        pytest.skip("no game's rulings table has landed yet")
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, rulings)) + r")(?![\w-])")
    anchors = {tag["id"] for tag in soup(site / "book" / "rulings.html").select("[id]")}
    article = soup(site / page).select_one("article")
    bare = [
        text.strip()[:80]
        for text in article.find_all(string=pattern)
        if not any(
            parent.name in NOT_PROSE or NOT_PROSE_CLASS in (parent.get("class") or ())
            for parent in text.parents
        )
    ]
    assert not bare, f"ruling ids in {page}'s text that are no link: {bare[:5]}"
    links = article.select("a.gamebox-ruling")
    for link in links:
        href = link["href"]
        assert href == f"rulings.html#{rulings[link.get_text()].anchor}", href
        assert href.partition("#")[2] in anchors, href


@pytest.mark.slow
def test_no_link_of_the_site_is_broken(site: Path) -> None:
    ids: dict[Path, set[str]] = {}

    def ids_of(path: Path) -> set[str]:
        if path not in ids:
            ids[path] = {tag["id"] for tag in soup(path).select("[id]")}
        return ids[path]

    broken = []
    for page in pages(site):
        text = page.read_text(encoding="utf-8")
        steppers = set(re.findall(r'"example_id":\s*"([^"]+)"', text))
        for link in soup(page).select("a[href]"):
            href = html.unescape(link["href"])
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith("javascript:"):
                continue
            target = (
                page if not parts.path else Path(unquote(urljoin(page.as_uri(), parts.path)[7:]))
            )
            if target.is_dir():
                target = target / "index.html"
            where = f"{page.relative_to(site)}: {href}"
            if not target.is_file():
                broken.append(where)
            elif (
                parts.fragment and target.suffix == ".html" and parts.fragment not in ids_of(target)
            ):
                step = re.fullmatch(r"(.+)-\d+", parts.fragment)
                if not (target == page and step and step.group(1) in steppers):
                    broken.append(where)  # a stepper's deep link is the board's own
    assert not broken, broken[:10]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def served(site: Path):
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site))
    )
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.mark.slow
@pytest.mark.parametrize("name", AID_GAMES)
def test_a_player_aid_prints_on_one_page_of_a4_and_of_letter(
    served: str, browser, name: str
) -> None:
    from pypdf import PdfReader

    page = browser.new_page()
    try:
        page.goto(f"{served}/book/aids/{reference.chapter(name)}.html", wait_until="load")
        for paper in ("A4", "Letter"):
            pdf = PdfReader(io.BytesIO(page.pdf(format=paper, print_background=True)))
            assert len(pdf.pages) == 1, f"{name}'s aid takes {len(pdf.pages)} {paper} pages"
            text = pdf.pages[0].extract_text()
            lines = [line.strip() for line in text.splitlines()]
            assert f"{game_class(name).title}: player aid" in lines, text[:300]
            for heading in AID_HEADINGS:
                assert heading in lines, f"{paper}: no {heading!r} heading in {text[:300]}"
            # the theme's navigation, contents and footer are not printed
            for chrome in ("Player aids", "Glossary", "Rules engines and boards by"):
                assert chrome not in text, f"{paper}: {chrome!r} printed"
    finally:
        page.close()
