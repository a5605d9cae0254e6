"""The built book in a real browser, offline.

Builds the book with warnings as errors (into a temporary folder, or tests the site in
``$GAMEBOX_SITE`` if set), serves it on 127.0.0.1, and opens every page in Debian's
Chromium with Playwright. Every board (found generically: each Stepper in each page's
embedded widget state, rendered as ``[data-gamebox-stepper]``) is clicked through:
next / previous / first / last, the arrow keys, a deep link ``#<id>-<step>`` opened in
a fresh load, and every "your move" question (a refused choice shows its ruling, the
move played reveals the next position). Any console error, page error, failed request,
HTTP error, or request to another host than 127.0.0.1 fails the test. Every play board
starts Python in the browser, answers garbage and a bad seed with a message, and plays
a game to its end; no page weighs 1 MB. Every page is surveyed at 390 x 844 (a touch
phone) and 1280 x 800, light and dark, its play boards dealt: no board scrolls sideways
or has a text under 11 px or cut by its area's edge, every piece a move picks takes a
44 px tap at its centre, and axe-core finds no serious or critical violation.
"""

from __future__ import annotations

import base64
import json
import re
import time
from pathlib import Path

import pytest

from gamebox.widgets import unpack_frames
from tests.browser import PLAY_TO_THE_END, SMALLEST_PX, TAP_PX, TAPPABLE, Watch

pytestmark = pytest.mark.slow

STATE_MIME = "application/vnd.jupyter.widget-state+json"
TIMEOUT_MS = 30_000
#: No page of the site may be this big (its boards' frames are embedded packed).
MOST_PAGE_BYTES = 1_000_000

# ----------------------------------------------------------------------- fixtures


def pages(site: Path) -> list[str]:
    """Every page of the site (not the theme's template fragments under _static/)."""
    found = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        if rel.startswith(("_static/", "_sources/", "_images/")):
            continue
        found.append(rel)
    return found


def steppers_in(html: str) -> list[dict]:
    """The Stepper models embedded in a page: id, frames (unpacked) and the ruling ids
    it links to the Rulings page, in model order."""
    found = []
    pattern = rf'<script type="{re.escape(STATE_MIME)}">(.*?)</script>'
    for block in re.findall(pattern, html, re.S):
        state = json.loads(block)
        for model in state.get("state", {}).values():
            s = model.get("state", {})
            if "example_id" in s and "packed" in s and "gamebox Stepper" in str(s.get("_esm")):
                frames = unpack_frames(s["packed"])
                found.append({"id": s["example_id"], "frames": frames, "linked": s["linked"]})
    return found


# ------------------------------------------------------------------------ the page


def open_page(browser, url: str, expected: int):
    """A fresh page at ``url`` with every expected board rendered."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    watch = Watch(page, url)
    page.goto(url, wait_until="load")
    if expected:
        page.wait_for_function(
            "n => document.querySelectorAll('[data-gamebox-stepper]').length >= n", arg=expected
        )
    return context, page, watch


#: The links of the elements a locator finds (null for an element that links nothing).
HREFS = "els => els.map((el) => el.getAttribute('href'))"


def ruling_href(rule: str, linked: dict[str, str]) -> str | None:
    """Where a board's ruling tag leads in the built book: its entry on the Rulings page,
    beside the chapters, if it has one (``linked``: the board's ids that do)."""
    return f"rulings.html#{rule.lower()}" if rule in linked else None


def state_of(board) -> tuple[int, str]:
    return int(board.get_attribute("data-index")), board.get_attribute("data-asking")


def labelled(rule: str, linked: dict[str, str]) -> str:
    """A ruling id as a board shows it: with its kind when it is the project's own reading."""
    return f"{rule} ({linked[rule]})" if linked.get(rule) else rule


def check_step(board, frames: list[dict], i: int, where: str, linked: dict[str, str]) -> None:
    """The board shows step ``i`` as the frame says, and answers its question if any;
    its ruling ids in ``linked`` link to their entries, the others link nothing."""
    assert board.get_attribute("data-index") == str(i), where
    frame = frames[i]
    n = len(frames)
    assert board.locator(".gbs-counter").inner_text() == f"{i + 1} / {n}", where
    assert board.locator(".gbs-label").inner_text() == frame["label"].strip(), where
    assert board.locator(".gbs-board svg").count() >= (1 if frame["svg"] else 0), where
    if not frame["ask"]:
        assert board.get_attribute("data-asking") == "false", where
        say = board.locator(".gbs-say")
        if frame["say"]:
            assert say.inner_text().strip() == frame["say"].strip(), where
        tags = board.locator(".gbs-rules .gbs-tag")
        assert tags.all_inner_texts() == [labelled(r, linked) for r in frame["rules"]], where
        assert tags.evaluate_all(HREFS) == [ruling_href(r, linked) for r in frame["rules"]], where
        return
    # "Your move": the question first, on the position before the move.
    assert board.get_attribute("data-asking") == "true", where
    prompt = board.locator(".gbs-prompt").inner_text()
    assert prompt.strip() == frame["ask"]["prompt"].strip(), where
    choices = frame["ask"]["choices"]
    buttons = board.locator(".gbs-choice")
    assert buttons.count() == len(choices), where
    for k, choice in enumerate(choices):
        if choice.get("taken"):
            continue
        buttons.nth(k).click()
        verdict = board.locator(".gbs-verdict").inner_text()
        if choice["legal"]:
            assert "is legal" in verdict, f"{where}: {verdict}"
        else:
            assert "refused" in verdict and (choice["rule"] or "") in verdict, f"{where}: {verdict}"
            links = board.locator(".gbs-verdict .gb-ruling").evaluate_all(HREFS)
            assert links == ([ruling_href(choice["rule"], linked)] if choice["rule"] else []), where
        assert board.get_attribute("data-asking") == "true", where
    taken = [k for k, c in enumerate(choices) if c.get("taken")]
    if taken:
        buttons.nth(taken[0]).click()
        assert "is legal" in board.locator(".gbs-verdict").inner_text(), where
    else:
        board.locator(".gbs-reveal").click()
    assert board.get_attribute("data-asking") == "false", where
    if frame["say"]:
        assert board.locator(".gbs-say").inner_text().strip() == frame["say"].strip(), where


def click_through(page, board, b: dict, where: str) -> None:
    frames, sid = b["frames"], b["id"]
    n = len(frames)
    assert board.get_attribute("data-count") == str(n), sid
    btn = {
        act: board.locator(f'button[data-act="{act}"]') for act in ("first", "prev", "next", "last")
    }
    # Every step with the Next button, answering each question on the way.
    check_step(board, frames, 0, f"{sid} step 0", b["linked"])
    assert btn["first"].is_disabled() and btn["prev"].is_disabled()
    for i in range(1, n):
        btn["next"].click()
        check_step(board, frames, i, f"{sid} step {i}", b["linked"])
        assert page.evaluate("location.hash") == f"#{sid}-{i}", f"{where}: address not updated"
    assert btn["next"].is_disabled() and btn["last"].is_disabled()
    # Back with Previous, then First and Last.
    if n > 2:
        btn["prev"].click()
        assert board.get_attribute("data-index") == str(n - 2), sid
    if n > 1:
        btn["first"].click()
        assert board.get_attribute("data-index") == "0", sid
        btn["last"].click()
        assert board.get_attribute("data-index") == str(n - 1), sid
    # The keys, with the focus on the board.
    board.focus()
    board.press("Home")
    assert board.get_attribute("data-index") == "0", sid
    if n > 1:
        board.press("ArrowRight")
        assert board.get_attribute("data-index") == "1", sid
        board.press("ArrowLeft")
        assert board.get_attribute("data-index") == "0", sid
    board.press("End")
    assert board.get_attribute("data-index") == str(n - 1), sid


# -------------------------------------------------------------------------- tests


def test_site_has_no_external_assets(site: Path) -> None:
    """No page names another host for a script, a style sheet, a font or an iframe."""
    external = re.compile(
        r"""<(?:script|link|iframe|img|source)\b[^>]*?\b(?:src|href)=["'](?:https?:)?//""", re.I
    )
    for rel in pages(site):
        html = (site / rel).read_text(encoding="utf-8")
        for tag in external.findall(html):
            if "<link" in tag.lower():
                continue  # checked below: only stylesheet/preload/icon links load anything
            pytest.fail(f"{rel} loads from another host: {tag}")
        for link in re.findall(r"<link\b[^>]*>", html, re.I):
            if re.search(r"""rel=["'](?:stylesheet|preload|icon|modulepreload)""", link) and (
                re.search(r"""href=["'](?:https?:)?//""", link)
            ):
                pytest.fail(f"{rel} loads from another host: {link}")
    css = list((site / "_static").rglob("*.css"))
    for path in css:
        text = path.read_text(encoding="utf-8", errors="replace")
        for url in re.findall(r"""(?:@import|url\()\s*["']?(https?:)?//[^)"']+""", text):
            pytest.fail(f"{path.relative_to(site)} loads from another host: {url}")


def test_no_page_weighs_a_megabyte(site: Path) -> None:
    """Every page, its embedded boards included, stays under 1 MB (uncompressed)."""
    sizes = {rel: (site / rel).stat().st_size for rel in pages(site)}
    print("page sizes:", ", ".join(f"{rel} {size:,}" for rel, size in sizes.items()))
    heavy = {rel: size for rel, size in sizes.items() if size >= MOST_PAGE_BYTES}
    assert not heavy, heavy


def test_a_page_holds_each_board_front_end_once(site: Path) -> None:
    """A chapter's boards share their front ends: the page's one front-ends script holds
    each (the Stepper's and the PlayBoard's script and styles) once, and every board's
    state holds only a short loader that names its entries there."""
    import booktool

    scripts = rf'<script type="{re.escape(STATE_MIME)}">(.*?)</script>'
    shared = rf'<script id="{booktool.FRONT_ENDS}" type="application/json">(.*?)</script>'
    chapters = 0
    for rel in pages(site):
        html = (site / rel).read_text(encoding="utf-8")
        tables = re.findall(shared, html, re.S)
        states = re.findall(scripts, html, re.S)
        if not states:
            assert not tables, rel
            continue
        assert len(tables) == 1, rel
        table = json.loads(tables[0])
        named = set()
        for block in states:
            for model in json.loads(block)["state"].values():
                esm = model["state"].get("_esm")
                if isinstance(esm, str):
                    assert len(esm) < booktool.SHARED_FROM, (rel, esm[:80])
                    named |= set(re.findall(r'shared\["([0-9a-f]+)"\]', esm))
        assert named == set(table), rel
        chapters += "gamebox Stepper" in html and "gamebox PlayBoard" in html
    assert chapters >= 6


def test_every_page_names_an_icon_the_site_has(site: Path) -> None:
    """A page without an icon link makes the browser ask for /favicon.ico, which the site
    does not serve: a 404 in the console (it came from the root page's redirect). The
    redirect itself carries its icon inline: it leaves before a linked icon has loaded,
    and the aborted request failed the browser test now and then."""
    favicon = (site / "_static" / "favicon.svg").read_bytes()
    for rel in pages(site):
        html = (site / rel).read_text(encoding="utf-8")
        icon = re.search(r"""<link\b[^>]*rel=["']icon["'][^>]*href=["']([^"']+)""", html)
        assert icon, f"{rel} names no icon"
        href = icon.group(1)
        if 'http-equiv="Refresh"' in html:
            assert href.startswith("data:image/svg+xml;base64,"), f"{rel} links its icon"
            assert base64.b64decode(href.partition(",")[2]) == favicon, rel
        else:
            assert (site / rel).parent.joinpath(href).resolve().is_file(), rel


#: Scripts no page may load: the Jupyter widgets HTML manager and require.js (3.7 MB;
#: the site's own gamebox-widgets.js draws the boards) and the theme's icon-font script
#: (1.49 MB; gamebox-icons.css draws its icons).
HEAVY_SCRIPTS = ("embed-amd.js", "require.js", "scripts/fontawesome.js")


def test_pages_load_neither_the_widget_manager_nor_the_icon_font(site: Path) -> None:
    """The boards come from the site's own loader, on every page that has some, and no
    page loads the HTML manager, require.js or the theme's icon-font script (which the
    site no longer holds: nobody keeping the book offline downloads it)."""
    import booktool

    for name in booktool.THEME_UNUSED:
        assert not (site / "_static" / name).exists(), name
    loaders = 0
    for rel in pages(site):
        html = (site / rel).read_text(encoding="utf-8")
        sources = re.findall(r"""<script\b[^>]*\bsrc=["']([^"']+)""", html)
        heavy = [src for src in sources if src.split("?")[0].endswith(HEAVY_SCRIPTS)]
        assert not heavy, f"{rel} loads {heavy}"
        loader = [src for src in sources if src.split("?")[0].endswith("/gamebox-widgets.js")]
        assert len(loader) == (1 if STATE_MIME in html else 0), f"{rel}: {loader}"
        loaders += len(loader)
    assert loaders >= 7, "the intro and every chapter have boards"


def test_every_icon_of_a_page_is_drawn_by_the_sites_icons(site: Path) -> None:
    """Every Font Awesome icon a page shows (``<i class="fa-solid fa-bars">``, or a
    ``<span>``) has its outline in ``gamebox-icons.css``, which draws them all without
    the theme's icon-font script: an icon it does not list would not show."""
    css = (site / "_static" / "gamebox-icons.css").read_text(encoding="utf-8")
    drawn = set(re.findall(r"^\.fa-([a-z0-9-]+) \{", css, re.M))
    used: dict[str, str] = {}
    for rel in pages(site):
        html = (site / rel).read_text(encoding="utf-8")
        for classes in re.findall(r"""<(?:i|span)\b[^>]*\bclass=["']([^"']*)""", html):
            names = classes.split()
            if {"fa-solid", "fas"} & set(names):
                for name in names:
                    if name.startswith("fa-") and name not in ("fa-solid", "fa-lg"):
                        used.setdefault(name.removeprefix("fa-"), rel)
    assert "bars" in used and "magnifying-glass" in used, used
    missing = {name: rel for name, rel in used.items() if name not in drawn}
    assert not missing, f"icons with no outline in gamebox-icons.css: {missing}"


def test_every_board_in_every_page(site: Path, server: str, browser) -> None:
    all_pages = pages(site)
    assert "book/intro.html" in all_pages
    seen_boards = 0
    for rel in all_pages:
        html = (site / rel).read_text(encoding="utf-8")
        boards = steppers_in(html)
        ids = [b["id"] for b in boards]
        assert len(ids) == len(set(ids)), f"{rel}: two boards share an id: {ids}"
        url = f"{server}/{rel}"
        context, page, watch = open_page(browser, url, len(boards))
        try:
            for b in boards:
                board = page.locator(f'[data-gamebox-stepper="{b["id"]}"]').first
                click_through(page, board, b, f"{rel} {b['id']}")
            page.wait_for_timeout(100)
            assert not watch.problems, f"{rel}:\n" + "\n".join(watch.problems)
        finally:
            context.close()
        # A deep link, in a fresh load, opens each board at its step and scrolls to it.
        for b in boards:
            n = len(b["frames"])
            step = min(2, n - 1)
            context, page, watch = open_page(browser, f"{url}#{b['id']}-{step}", len(boards))
            try:
                board = page.locator(f'[data-gamebox-stepper="{b["id"]}"]').first
                page.wait_for_function(
                    "([id, k]) => { const el = document.querySelector("
                    '`[data-gamebox-stepper="${id}"]`); return el && el.dataset.index === k; }',
                    arg=[b["id"], str(step)],
                )
                deadline = time.monotonic() + 5
                while not _in_view(page, board) and time.monotonic() < deadline:
                    page.wait_for_timeout(100)
                assert _in_view(page, board), f"{rel}: #{b['id']}-{step} did not scroll to it"
                others = [o for o in boards if o["id"] != b["id"]]
                for o in others:
                    other = page.locator(f'[data-gamebox-stepper="{o["id"]}"]').first
                    assert other.get_attribute("data-index") == "0", f"{rel}: {o['id']} moved"
                assert not watch.problems, f"{rel}#{b['id']}-{step}:\n" + "\n".join(watch.problems)
            finally:
                context.close()
        seen_boards += len(boards)
    assert seen_boards >= 4, "the intro alone has four boards"


def _in_view(page, board) -> bool:
    box = board.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] < height and box["y"] + min(box["height"], 200) > 0


# ------------------------------------------------------------------- the play boards


def play_boards_in(html: str) -> list[str]:
    """The games of the PlayBoards embedded in a page."""
    return [s["spec"]["game"] for s in play_models_in(html)]


def play_models_in(html: str) -> list[dict]:
    """The states of the PlayBoard models embedded in a page."""
    found = []
    pattern = rf'<script type="{re.escape(STATE_MIME)}">(.*?)</script>'
    for block in re.findall(pattern, html, re.S):
        for model in json.loads(block).get("state", {}).values():
            s = model.get("state", {})
            if "spec" in s and "gamebox PlayBoard" in str(s.get("_esm")):
                found.append(s)
    return found


#: A refusal's ruling id, with its kind when it is the project's own reading.
REFUSED = r"Refused: .* ([A-Z]{2}-\d+)(?: \([a-z ]+\))?: "
IDLE_ANSWER = REFUSED + "|No move of yours uses"

#: A try of 100,000 characters with control characters in it, typed and submitted.
GARBAGE = "'\\u0007' + 'y'.repeat(99999)"


def try_garbage(page, root) -> str:
    """Submit the garbage try and return what the board says once it is not busy."""
    root.locator(".gbp-try-input").evaluate(f"el => {{ el.value = {GARBAGE}; }}")
    root.locator(".gbp-try-button").click()
    page.wait_for_function(
        "el => el.querySelector('.gbp-refusal').textContent.includes('characters long')"
        " && el.dataset.busy === 'false'",
        arg=root.element_handle(),
    )
    return root.locator(".gbp-refusal").inner_text()


#: Clicks, one after another, the board's pieces that no legal move uses, until the
#: board answers: the refusal of the move they make, or that no move uses the piece.
CLICK_IDLE_PIECES = """async (root, answer) => {
  const said = () => root.querySelector(".gbp-refusal").textContent;
  const idle = root.querySelectorAll(".gbp-board .gbp-piece:not(.gbp-pickable)");
  for (const piece of idle) {
    piece.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    do await new Promise((resolve) => setTimeout(resolve, 20));
    while (root.dataset.busy === "true");
    if (new RegExp(answer).test(said())) break;
  }
  return said();
}"""


def test_play_a_whole_game_of_every_chapter(site: Path, server: str, browser) -> None:
    """Every chapter's play board starts Python in the browser from the site's own files,
    explains a refused try, takes a move back, and plays a game to its end by clicking,
    mostly on the board's pieces."""
    played = []
    idle_pieces = 0
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        for rel in pages(site):
            models = [  # the chapter's play board, not its quick start's guided game
                m
                for m in play_models_in((site / rel).read_text(encoding="utf-8"))
                if not m["spec"].get("guide")
            ]
            if not models:
                continue
            games = [m["spec"]["game"] for m in models]
            assert len(games) == 1, f"{rel}: one play board a chapter"
            page = context.new_page()
            page.set_default_timeout(120_000)
            watch = Watch(page, server)
            page.goto(f"{server}/{rel}", wait_until="load")
            root = page.locator(f'[data-gamebox-play="{games[0]}"]:not([data-gamebox-guide])')
            root.evaluate("el => { el.dataset.pause = '0'; }")
            # Before "Play" the board shows the deal, and asks for no move yet.
            status = root.locator(".gbp-status").inner_text()
            assert "press Play" in status and "You are Player" in status, f"{rel}: {status!r}"
            assert not re.search(r"(?i)your move", root.inner_text()), f"{rel}: {status!r}"
            start = time.monotonic()
            root.locator(".gbp-start").click()
            root.locator(".gbp-move").first.wait_for()
            first_board = time.monotonic() - start
            # A tempting move is refused with its ruling; text that is no move is explained.
            root.locator(".gbp-refused").first.click()
            page.wait_for_function(
                "([el, refused]) => new RegExp(refused).test("
                "el.querySelector('.gbp-refusal').textContent)",
                arg=[root.element_handle(), REFUSED],
            )
            said = root.locator(".gbp-refusal").inner_text()
            rule = re.search(REFUSED, said).group(1)
            tag = root.locator(".gbp-refusal .gb-ruling")
            linked = models[0]["linked"]
            href = ruling_href(rule, linked)
            assert tag.inner_text() == labelled(rule, linked), rel
            assert tag.get_attribute("href") == href, rel
            if href:
                assert tag.get_attribute("target") == "_blank", f"{rel}: the game would be lost"
            root.locator(".gbp-try-input").fill("this is not a move")
            root.locator(".gbp-try-button").click()
            page.wait_for_function(
                "el => el.querySelector('.gbp-refusal').textContent.includes('not a move')",
                arg=root.element_handle(),
            )
            # Garbage, and a bad seed: said why, echoed trimmed, the game kept, not busy.
            said = try_garbage(page, root)
            assert "characters long" in said and len(said) < 300, said
            log = root.locator(".gbp-log-list").inner_text()
            root.locator(".gbp-seed").fill("1.5")
            root.locator(".gbp-new").click()
            page.wait_for_function(
                "el => el.querySelector('.gbp-refusal').textContent.includes('New game refused')"
                " && el.dataset.busy === 'false'",
                arg=root.element_handle(),
            )
            assert root.locator(".gbp-log-list").inner_text() == log, f"{rel}: the game changed"
            # Pieces on the board that no legal move uses: a refusal, or a word on why.
            if root.locator(".gbp-board .gbp-piece:not(.gbp-pickable)").count():
                said = root.evaluate(CLICK_IDLE_PIECES, IDLE_ANSWER)
                assert re.search(IDLE_ANSWER, said), f"{rel}: {said!r}"
                idle_pieces += 1
            # A move, then undo: the log says so.
            root.locator(".gbp-move").first.click()
            page.wait_for_function(
                "el => !el.querySelector('.gbp-undo').disabled", arg=root.element_handle()
            )
            root.locator(".gbp-undo").click()
            page.wait_for_function(
                "el => el.querySelector('.gbp-log-list').textContent.includes('took back')",
                arg=root.element_handle(),
            )
            result = root.evaluate(PLAY_TO_THE_END)
            status = root.locator(".gbp-status").inner_text()
            assert re.search(r"win|drawn", status), f"{rel}: no result shown: {status!r}"
            assert result["board"], f"{rel}: no move was picked on the board"
            assert not watch.problems, f"{rel}:\n" + "\n".join(watch.problems)
            played.append(games[0])
            print(
                f"{games[0]}: first board {first_board:.1f} s, {result['you']} reader moves "
                f"({result['board']} clicks on the board, {result['buttons']} on buttons), "
                f"{result['ms'] / max(result['you'], 1):.1f} ms per reader move"
            )
            page.close()
    finally:
        context.close()
    assert len(played) >= 6, f"play boards found only for {played}"
    assert idle_pieces >= 3, "too few boards had a piece to click that no move uses"


def test_a_refused_garbage_move_fits_a_phone(
    site: Path, server: str, browser, tmp_path: Path
) -> None:
    """At 390 px wide, a play board's refusal of a long garbage try wraps inside the
    board (a screenshot is kept in the test's folder, its path printed)."""
    rel = next(r for r in pages(site) if play_boards_in((site / r).read_text(encoding="utf-8")))
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.set_default_timeout(120_000)
        watch = Watch(page, server)
        page.goto(f"{server}/{rel}", wait_until="load")
        root = page.locator("[data-gamebox-play]:not([data-gamebox-guide])").first
        root.locator(".gbp-start").click()
        root.locator(".gbp-move").first.wait_for()
        said = try_garbage(page, root)
        assert said.startswith("Refused: ") and "…" in said, said
        refusal = root.locator(".gbp-refusal")
        refusal.scroll_into_view_if_needed()
        wide = root.evaluate("el => [el.scrollWidth, el.clientWidth]")
        assert wide[0] <= wide[1] + 1, f"the board overflows: {wide}"
        box, board = refusal.bounding_box(), root.bounding_box()
        assert box["x"] + box["width"] <= board["x"] + board["width"] + 1
        shot = tmp_path / "refused-garbage-390.png"
        root.screenshot(path=str(shot))
        print(f"screenshot: {shot}")
        assert not watch.problems, "\n".join(watch.problems)
    finally:
        context.close()


# ---------------------------------------------------- on a phone and on a laptop

PHONE = {"width": 390, "height": 844}
#: A laptop screen whose column the theme's contents sidebar narrows most (1200-1350 px).
LAPTOP = {"width": 1280, "height": 800}
#: The screens every page is surveyed on, by name: a phone held upright (a touch screen)
#: and that laptop.
SCREENS = {
    "390": {"viewport": PHONE, "has_touch": True, "is_mobile": True},
    "1280": {"viewport": LAPTOP},
}
SCHEMES = ("light", "dark")
#: axe-core, pinned in package.json (npm ci installs it): the accessibility check.
AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
#: The impacts of an axe-core violation that fail the test (the others are reported).
BLOCKING = ("serious", "critical")

#: Every board of the page looked at as it is drawn: each Stepper at every step (each
#: question revealed), then each play board as it stands. A board (.gbs-board,
#: .gbp-board) is the strip its areas sit in, one SVG each. What is wrong, as
#: {check, key, where}: the strip scrolls sideways ("wide"); an area reaches past the
#: strip's edge, hidden or not ("cut"); a text's rendered size (its computed font size
#: times the scale from its transform to the screen) is under ``least`` px ("small"); a
#: text's box reaches past its area's box, which clips it ("outside"). Also how many
#: boards and texts were measured, and the smallest text.
SURVEY_BOARDS = """(least) => {
  const out = { wrong: [], boards: 0, texts: 0, smallest: Infinity };
  const px = (n) => Math.round(n * 100) / 100;
  const look = (board, name, where) => {
    out.boards += 1;
    const hidden = board.scrollWidth - board.clientWidth;
    if (hidden > 1) out.wrong.push({ check: "wide", key: name, where: `${where}: ` +
      `${board.scrollWidth} px in a strip of ${board.clientWidth}` });
    const strip = board.getBoundingClientRect();
    const areas = [...board.querySelectorAll("svg")].filter((s) => !s.parentElement.closest("svg"));
    areas.forEach((svg, k) => {
      const area = svg.getBoundingClientRect();
      if (area.left < strip.left - 1 || area.right > strip.right + 1) {
        const span = `${px(area.left)}-${px(area.right)} px`;
        out.wrong.push({ check: "cut", key: `${name}, area ${k + 1}`,
          where: `${where}: ${span} in the strip's ${px(strip.left)}-${px(strip.right)}` });
      }
      for (const t of svg.querySelectorAll("text")) {
        const m = t.getScreenCTM();
        const words = t.textContent.trim();
        if (!words || !m) continue;
        const size = parseFloat(getComputedStyle(t).fontSize) *
          Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        out.texts += 1;
        out.smallest = Math.min(out.smallest, size);
        if (size < least - 0.005) {
          out.wrong.push({ check: "small", key: `'${words}' ${px(size)} px`, where });
        }
        const box = t.getBoundingClientRect();
        const over = Math.max(area.left - box.left, box.right - area.right,
          area.top - box.top, box.bottom - area.bottom);
        if (box.width && over > 1) {
          out.wrong.push({ check: "outside", key: `${name}, area ${k + 1}: '${words}'`,
            where: `${where}: ${px(over)} px past its area` });
        }
      }
    });
  };
  for (const root of document.querySelectorAll("[data-gamebox-stepper]")) {
    const name = root.dataset.gameboxStepper;
    root.querySelector('button[data-act="first"]').click();
    for (let i = 0; i < Number(root.dataset.count); i += 1) {
      if (i) root.querySelector('button[data-act="next"]').click();
      if (root.dataset.asking === "true") root.querySelector(".gbs-reveal").click();
      for (const board of root.querySelectorAll(".gbs-board")) look(board, name, `step ${i}`);
    }
  }
  for (const root of document.querySelectorAll("[data-gamebox-play]")) {
    const guided = "gameboxGuide" in root.dataset ? " guided" : "";
    const name = `play ${root.dataset.gameboxPlay}${guided}`;
    for (const board of root.querySelectorAll(".gbp-board")) look(board, name, "dealt");
  }
  return out;
}"""

#: What sticks out past the right edge of the screen: the page scrolling sideways, and
#: every element wider than the viewport, except inside an element that scrolls or
#: clips sideways (SURVEY_BOARDS checks the boards' strips) or one fixed to the screen
#: (the theme's drawers, off screen until opened).
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const page = document.scrollingElement.scrollWidth;
  if (page > width + 1) out.push(`the page scrolls sideways: ${page} > ${width}`);
  const visit = (el) => {
    const style = getComputedStyle(el);
    if (style.display === "none" || style.position === "fixed") return;
    const box = el.getBoundingClientRect();
    if (box.width && box.right > width + 1) {
      const name = el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ?
        `.${el.className.trim().split(/\\s+/).join(".")}` : "");
      out.push(`${name} reaches ${Math.round(box.right)} px`);
    }
    if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX)) return;
    for (const child of el.children) visit(child);
  };
  visit(document.body);
  return out;
}"""

#: axe-core's violations on the page (axe.min.js injected first), of the ``rules`` given
#: (options of axe.run): each rule's id, impact, help, how many elements break it, and
#: the first three (their selectors and why).
AXE_RUN = """async (rules) => {
  const found = await axe.run(document, { resultTypes: ["violations"], ...rules });
  return found.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
    nodes: v.nodes.slice(0, 3).map((n) => ({
      target: n.target.join(" "),
      why: (n.failureSummary || "").split("\\n").slice(1).join(" ").trim(),
    })),
  }));
}"""

#: A play board whose game has begun and waits for the reader (or is over).
READERS_TURN = (
    "el => el.dataset.busy === 'false' && (el.dataset.over === 'true' || "
    "(el.dataset.yourTurn === 'true' && el.querySelector('.gbp-move')))"
)


def board_pages(site: Path) -> list[str]:
    """The pages with a board: the chapters and the intro."""
    return [
        rel
        for rel in pages(site)
        if steppers_in(html := (site / rel).read_text(encoding="utf-8")) or play_boards_in(html)
    ]


def deal(page) -> None:
    """Press Play on every play board of the page, the bots' pause 0, and wait until
    each game has begun and waits for the reader: its board shows the position."""
    for root in page.locator("[data-gamebox-play]").all():
        root.evaluate("el => { el.dataset.pause = '0'; }")
        root.locator(".gbp-start").click()
        page.wait_for_function(READERS_TURN, arg=root.element_handle())


class Survey:
    """What the survey of every page found. Each problem is kept once, by its check and
    key (page and what is wrong), with where it was first seen and how often; axe-core's
    violations by rule; and how many boards, texts and pieces were measured."""

    def __init__(self) -> None:
        self.found: dict[str, dict[str, list]] = {}
        self.counts: dict[str, int] = {}
        self.smallest: dict[str, float] = {}
        self.axe: dict[str, dict] = {}
        self.seconds: dict[str, float] = {}
        self._clock = time.monotonic()

    def lap(self, what: str) -> None:
        """The time since the last lap goes to ``what`` (where the survey spends it)."""
        now = time.monotonic()
        self.seconds[what] = self.seconds.get(what, 0.0) + now - self._clock
        self._clock = now

    def add(self, check: str, key: str, where: str) -> None:
        self.found.setdefault(check, {}).setdefault(key, [where, 0])[1] += 1

    def count(self, what: str, n: int) -> None:
        self.counts[what] = self.counts.get(what, 0) + n

    def lines(self, *checks: str) -> list[str]:
        """Each problem of ``checks``: its key, where first seen, how often."""
        return [
            f"{key} ({where}{f'; {n} times' if n > 1 else ''})"
            for check in checks
            for key, (where, n) in self.found.get(check, {}).items()
        ]

    def add_axe(self, violations: list[dict], where: str) -> None:
        for v in violations:
            rule = self.axe.setdefault(
                v["id"], {"impact": v["impact"], "help": v["help"], "elements": 0, "pages": []}
            )
            rule["elements"] += v["count"]
            rule["pages"].append(where)
            rule.setdefault("examples", v["nodes"][:2])

    def axe_lines(self, impacts: tuple[str, ...]) -> list[str]:
        """axe-core's rules broken with one of ``impacts``: the help, how many elements on
        how many page views, and two examples (selector, why) from the first."""
        lines = []
        for rule_id, rule in sorted(self.axe.items(), key=lambda kv: -kv[1]["elements"]):
            if rule["impact"] not in impacts:
                continue
            lines.append(
                f"{rule_id} ({rule['impact']}): {rule['help']}: {rule['elements']} elements "
                f"on {len(rule['pages'])} page views, first {rule['pages'][0]}"
            )
            lines += [f"    {n['target']}: {n['why']}" for n in rule["examples"]]
        return lines


#: axe-core's rules per colour scheme: all of them in the light one; in the dark one
#: only what the colours change (the contrast), since the rest reads the same page.
AXE_RULES = {"light": {}, "dark": {"runOnly": ["color-contrast"]}}

#: The theme's colour scheme set as its switch does (its mode and theme on <html>),
#: the screen's preference with it, so the page need not load again.
SET_SCHEME = """(scheme) => {
  document.documentElement.dataset.mode = scheme;
  document.documentElement.dataset.theme = scheme;
}"""


#: No transition (the theme's colour fades) is still running; an animation that never
#: ends (the lesson's pulsing mark) is not waited for.
SETTLED = """() => document.getAnimations().every(
  (a) => a.playState !== "running" || a.effect.getTiming().iterations === Infinity)"""


def survey_page(
    page, rel: str, boards: int, found: Survey, where: str, shots: Path, scheme: str
) -> None:
    """One page, its play boards dealt, at one screen and colour scheme: screenshots of
    its last Stepper and its free play board kept, the pieces to pick measured and
    tapped (in the light scheme: the dark one draws them alike), axe-core run, every
    step of every board measured; what is wrong goes to ``found``."""
    if boards:
        stem = f"{rel.removesuffix('.html').replace('/', '-')}-{where.replace(', ', '-')}"
        for kind, selector in (("board", ".gbs-board"), ("play", ".gbp-board")):
            if page.locator(selector).count():
                page.locator(selector).last.scroll_into_view_if_needed()
                shot = shots / f"{stem}-{kind}.png"
                page.screenshot(path=str(shot))
                print(f"screenshot: {shot}")
        if scheme == "light":
            taps = page.evaluate(TAPPABLE, TAP_PX)
            found.count("pieces", taps["pieces"])
            for wrong in taps["wrong"]:
                found.add("tap", f"{rel}: {wrong}", where)
        found.lap("screenshots and taps")
    found.add_axe(page.evaluate(AXE_RUN, AXE_RULES[scheme]), f"{rel} ({where})")
    found.lap("axe")
    if boards:
        measured = page.evaluate(SURVEY_BOARDS, SMALLEST_PX)
        found.count("boards", measured["boards"])
        found.count("texts", measured["texts"])
        key = f"{rel} at {where.split(',')[0]} px"
        found.smallest[key] = min(found.smallest.get(key, 99.0), measured["smallest"])
        for wrong in measured["wrong"]:
            found.add(wrong["check"], f"{rel}: {wrong['key']}", f"{where}, {wrong['where']}")
    for wrong in page.evaluate(OVERFLOW):
        found.add("page", f"{rel}: {wrong}", where)
    found.lap("boards")


def visit(page, server: str, rel: str, boards: int, found: Survey, shots: Path) -> None:
    """The page ``rel`` (with ``boards`` boards) loaded in the light colour scheme, the
    screen's (its theme follows it), its play boards dealt, and surveyed; then switched
    to the dark scheme and surveyed again."""
    screen = str(page.viewport_size["width"])
    page.emulate_media(color_scheme="light")
    page.goto(f"{server}/{rel}", wait_until="load")
    page.wait_for_function(
        "n => document.querySelectorAll('[data-gamebox-stepper], [data-gamebox-play]').length >= n",
        arg=boards,
    )
    theme = page.evaluate("document.documentElement.dataset.theme")
    if theme != "light":
        found.add("page", f"{rel}: the page's theme is {theme} on a light screen", screen)
    page.add_script_tag(path=str(AXE))
    found.lap("load")
    if boards:
        deal(page)
        found.lap("deal")
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        page.evaluate(SET_SCHEME, scheme)
        # the theme fades its colours in: measure them once the fades are over
        page.wait_for_function(SETTLED)
        survey_page(page, rel, boards, found, f"{screen}, {scheme}", shots, scheme)


@pytest.fixture(scope="module")
def survey(site: Path, server: str, browser, tmp_path_factory) -> Survey:
    """Every page of the site at 390 x 844 (touch) and 1280 x 800, light and dark (see
    :func:`visit`). The screenshots go to a folder of their own, paths printed."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: npm ci (.ci/run does it)")
    found = Survey()
    shots = tmp_path_factory.mktemp("screens")
    all_pages = [r for r in pages(site) if 'http-equiv="Refresh"' not in (site / r).read_text()]
    assert len(board_pages(site)) >= 7, "the intro and six chapters have boards"
    for screen, options in SCREENS.items():
        context = browser.new_context(**options)
        try:
            page = context.new_page()
            page.set_default_timeout(180_000)
            watch = Watch(page, server)
            for rel in all_pages:
                boards = len(steppers_in(html := (site / rel).read_text(encoding="utf-8")))
                visit(page, server, rel, boards + len(play_boards_in(html)), found, shots)
                for problem in watch.problems:
                    found.add("page", f"{rel}: {problem}", screen)
                watch.problems.clear()
        finally:
            context.close()
    print(f"screenshots in {shots}")
    print("the survey's time:", {what: round(s) for what, s in found.seconds.items()})
    return found


def test_every_board_fits_its_frame(survey: Survey) -> None:
    """At 390 px (a phone) and 1280 px (a laptop's narrowest column), light and dark, no
    board of any page scrolls sideways or hides a part past its strip's edge, at any
    step of a Stepper or on a play board dealt: every board shows whole. Nothing else
    sticks out past the screen, and no page says an error or asks another host."""
    assert survey.counts.get("boards", 0) >= 4 * 40, survey.counts
    lines = survey.lines("wide", "cut", "page")
    assert not lines, f"{len(lines)} boards or pages too wide:\n" + "\n".join(lines)


def test_no_board_text_under_11_px(survey: Survey) -> None:
    """No text of any board, at any step, is drawn smaller than 11 CSS px."""
    print("smallest board text:", {k: round(px, 2) for k, px in survey.smallest.items()})
    assert survey.counts.get("texts", 0) > 1000, survey.counts
    lines = survey.lines("small")
    assert not lines, f"{len(lines)} board texts under {SMALLEST_PX} px:\n" + "\n".join(lines)


def test_no_board_text_runs_outside_its_area(survey: Survey) -> None:
    """No text of any board reaches past the box of its area's SVG, which clips it."""
    lines = survey.lines("outside")
    assert not lines, f"{len(lines)} board texts cut by their area's edge:\n" + "\n".join(lines)


def test_every_piece_a_move_picks_takes_a_tap(survey: Survey) -> None:
    """On every play board dealt (the quick start's guided game and the chapter's own),
    each piece a legal move picks is at least 44 x 44 px and a tap at its centre picks
    it, at both screens."""
    assert survey.counts.get("pieces", 0) >= 4 * 12, survey.counts
    lines = survey.lines("tap")
    assert not lines, f"{len(lines)} pieces hard to tap:\n" + "\n".join(lines)


def test_axe_finds_no_serious_violation(survey: Survey) -> None:
    """axe-core on every page of the site, at both screens, light and dark, its play
    boards dealt: no serious or critical violation (the others are printed)."""
    print("axe-core, moderate and minor:\n" + "\n".join(survey.axe_lines(("moderate", "minor"))))
    lines = survey.axe_lines(BLOCKING)
    assert not lines, "axe-core's serious and critical violations:\n" + "\n".join(lines)


def test_a_ruling_tag_leads_to_its_entry(site: Path, server: str, browser) -> None:
    """Clicking a Stepper's ruling tag opens the Rulings page at the ruling's entry."""
    found = [
        (rel, rule)
        for rel in pages(site)
        for board in steppers_in((site / rel).read_text(encoding="utf-8"))
        for rule in board["frames"][0]["rules"]
        if rule in board["linked"]
    ]
    if not found:
        pytest.skip("no game's rulings table has landed: the Rulings page has no entry yet")
    rel, rule = found[0]
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        watch = Watch(page, server)
        page.goto(f"{server}/{rel}", wait_until="load")
        page.locator(".gbs-rules a.gb-ruling", has_text=rule).first.click()
        page.wait_for_url(f"**/rulings.html#{rule.lower()}")
        assert page.locator(f"#{rule.lower()}").count() == 1, f"no entry for {rule}"
        assert not watch.problems, "\n".join(watch.problems)
    finally:
        context.close()


def test_every_ruling_a_board_links_has_an_entry(site: Path) -> None:
    """Every ruling id a board links (a Stepper's tags and refused choices, a play
    board's refusals) is anchored on the Rulings page: no tag's link is broken. And
    every id a Stepper shows that the games' tables hold is linked."""
    from gamebox.widgets import frame_rulings, ruling_entries

    entries = ruling_entries()
    rulings = (site / "book" / "rulings.html").read_text(encoding="utf-8")
    anchors = set(re.findall(r'\bid="([^"]+)"', rulings))
    missing: dict[str, set[str]] = {}
    for rel in pages(site):
        html = (site / rel).read_text(encoding="utf-8")
        boards = [(b["id"], b["linked"]) for b in steppers_in(html)]
        boards += [(f"play {m['spec']['game']}", m["linked"]) for m in play_models_in(html)]
        for name, linked in boards:
            for rule in linked:
                if rule.lower() not in anchors:
                    missing.setdefault(rule, set()).add(f"{rel} {name}")
        for board in steppers_in(html):
            shown = {rule for frame in board["frames"] for rule in frame_rulings(frame)}
            assert shown & entries == set(board["linked"]), f"{rel} {board['id']}"
    assert not missing, "ruling tags with no entry on the Rulings page: " + ", ".join(
        f"{rule} ({', '.join(sorted(where))})" for rule, where in sorted(missing.items())
    )


#: A Stepper rendered with a stand-in for the widget's model, in a page that embeds
#: widget state (the built book) or not (as JupyterLab's): its ruling tags' elements.
RENDER_STEPPER = """async ([esm, packed, linked, embedded]) => {
  if (embedded) {
    const state = document.createElement("script");
    state.type = "application/vnd.jupyter.widget-state+json";
    state.textContent = "{}";
    document.head.append(state);
  }
  const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
  const { default: widget } = await import(url);
  const traits = { example_id: "demo", title: "Demo", source: "", index: 0, packed, linked };
  const model = {
    get: (key) => traits[key],
    set: (key, value) => { traits[key] = value; },
    save_changes: () => {},
    on: () => {},
    off: () => {},
  };
  const el = document.createElement("div");
  document.body.append(el);
  widget.render({ model, el });
  return [...el.querySelectorAll(".gbs-rules .gbs-tag")].map(
    (tag) => [tag.tagName.toLowerCase(), tag.textContent, tag.getAttribute("href")]
  );
}"""


def test_ruling_tags_link_only_in_the_built_book(browser) -> None:
    """In the built book a ruling tag with an entry links to it on the Rulings page
    beside the chapters; in JupyterLab, which has no such page, and for an id with no
    entry, the tag is the id as plain text (no broken link)."""
    from gamebox.scenario import frame
    from gamebox.widgets import Stepper, pack_frames

    rules = ("MR-7", "DEMO-1", "SB-11")
    packed = pack_frames([frame("<svg></svg>", "Refused.", "Start", rules=rules)])
    # DEMO-1, a toy rule, has no entry on the Rulings page; MR-7 and SB-11 are the source's.
    linked = {"MR-7": "", "SB-11": ""}
    blank = "http://127.0.0.1:9/"  # answered here, by the test: no server
    context = browser.new_context()
    try:
        page = context.new_page()
        page.route(blank, lambda route: route.fulfill(body="<!doctype html><title>board</title>"))
        watch = Watch(page, blank)
        page.goto(blank)
        book = page.evaluate(RENDER_STEPPER, [Stepper._esm, packed, linked, True])
        assert book == [
            ["a", "MR-7", "rulings.html#mr-7"],
            ["span", "DEMO-1", None],
            ["a", "SB-11", "rulings.html#sb-11"],
        ]
        page.reload()
        lab = page.evaluate(RENDER_STEPPER, [Stepper._esm, packed, linked, False])
        assert lab == [["span", rule, None] for rule in rules]
        assert not watch.problems, "\n".join(watch.problems)
    finally:
        context.close()
