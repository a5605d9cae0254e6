"""The play boards teach, in a browser (issues 17 and 18): the guided first game
completed by clicking, a hint on every board, a game at each bot level and its review,
and a pass-and-play game of two readers, all by clicking.

Two kinds of page: the built book (``site`` and ``server``: the engine runs in the
browser on Pyodide), and a bare page that renders a kernel's :class:`PlayBoard` with a
stand-in for JupyterLab's widget model, whose messages this test answers with the
board's own Python (so a guided game made here, or any game's GUIDE, plays without a
build). Every test is slow (Chromium); ``-m ""`` runs them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gamebox.core import game_class
from gamebox.widgets import PlayBoard
from tests.browser import PLAY_TO_THE_END, Watch
from tests.conftest import GAMES
from tests.test_play import scripted_guide
from tests.test_site import pages, play_models_in

pytestmark = pytest.mark.slow

BLANK = "http://127.0.0.1:9/"  # answered by the test itself: no server
#: A chapter's play board, not its quick start's guided game.
FREE_BOARD = '[data-gamebox-play="{game}"]:not([data-gamebox-guide])'

#: Renders a kernel's board in a bare page: the model's messages go to window.gbCall
#: (this test's Python), whose answer sets the traits and fires "change:view".
RENDER_BOARD = """async ([esm, css, traits]) => {
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
  const handlers = [];
  const model = {
    get: (key) => traits[key],
    on: (event, handler) => { if (event === "change:view") handlers.push(handler); },
    off: (event, handler) => {
      const i = handlers.indexOf(handler);
      if (i >= 0) handlers.splice(i, 1);
    },
    send: (message) => {
      window.gbCall(JSON.stringify(message)).then((answer) => {
        Object.assign(traits, JSON.parse(answer));
        for (const handler of [...handlers]) handler();
      });
    },
  };
  const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
  const { default: widget } = await import(url);
  const el = document.createElement("div");
  document.body.append(el);
  widget.render({ model, el });
}"""

#: Plays a guided game's steps by clicking what it outlines: the lesson's pieces on the
#: board (the first, then where it goes), else the lesson's move button; the bots'
#: scripted replies play themselves. Returns the clicks made.
PLAY_THE_GUIDE = """async (root) => {
  root.dataset.pause = "0";
  const q = (selector) => root.querySelector(selector);
  const t0 = performance.now();
  let board = 0, buttons = 0;
  const done = () => (q(".gbp-guide-say") || {}).textContent?.includes("end of the guided game");
  while (!done() && root.dataset.over !== "true") {
    if (performance.now() - t0 > 120000) throw new Error("the guided game did not end");
    if (root.dataset.busy !== "true" && root.dataset.yourTurn === "true") {
      const target = q(".gbp-board .gbp-lesson.gbp-target");
      const start = q(".gbp-board .gbp-selected") ? null :
        q(".gbp-board .gbp-lesson.gbp-pickable");
      const piece = target || start;
      if (piece) {
        piece.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        board += 1;
      } else {
        q(".gbp-move-lesson").click();
        buttons += 1;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { board, buttons, done: Boolean(done()) };
}"""


def kernel_page(browser, board: PlayBoard, *, width: int = 1000, dark: bool = False):
    """A page showing ``board`` as JupyterLab would, its calls answered by the board's
    Python; returns (context, page, root, watch)."""
    context = browser.new_context(
        viewport={"width": width, "height": 900}, color_scheme="dark" if dark else "light"
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.route(BLANK, lambda route: route.fulfill(body="<!doctype html><title>board</title>"))
    watch = Watch(page, BLANK)

    def traits() -> dict:
        return {
            "title": board.title,
            "spec": board.spec,
            "view": board.view,
            "linked": board.linked,
        }

    def call(message: str) -> str:
        board._on_call(board, json.loads(message), None)
        return json.dumps(traits(), ensure_ascii=False)

    page.expose_function("gbCall", call)
    page.goto(BLANK)
    page.evaluate(RENDER_BOARD, [board._esm, board._css, traits()])
    root = page.locator("[data-gamebox-play]").first
    return context, page, root, watch


def guided_boards() -> list[tuple[str, PlayBoard]]:
    """Every game's guided game that has one, and the one this suite builds."""
    found = [(name, PlayBoard(name, guide=True)) for name in GAMES if game_class(name).guide()]
    return [*found, ("scripted", PlayBoard("milk-run", guide=scripted_guide(), bots="random"))]


def test_every_guided_game_is_completed_by_clicking(browser, tmp_path: Path) -> None:
    """Each guided game, in a kernel's board: a wrong try first (refused with the
    nudge, nothing played), then every step by clicking what the board outlines,
    the progress shown, to the board's word that the guided game is done."""
    for name, board in guided_boards():
        context, page, root, watch = kernel_page(browser, board)
        try:
            root.evaluate("el => { el.dataset.pause = '0'; }")
            guide = board.session.guide
            progress = root.locator(".gbp-guide-step").inner_text()
            assert re.search(rf": step \d+ of {len(guide.steps)}$", progress), progress
            lesson = board.view["guide"]
            if board.view["your_turn"] and lesson["move"]:
                other = next((m for m in board.view["moves"] if m != lesson["move"]), None)
                if other:
                    at = board.session.guide_at
                    root.locator(f'.gbp-move[data-move="{other}"]').click()
                    page.wait_for_function(
                        "el => el.querySelector('.gbp-refusal').textContent.includes('lesson')",
                        arg=root.element_handle(),
                    )
                    said = root.locator(".gbp-refusal").inner_text()
                    assert f"this lesson asks for {lesson['move']}" in said, said
                    assert board.session.guide_at == at
            result = root.evaluate(PLAY_THE_GUIDE)
            assert result["done"] and result["board"] + result["buttons"] >= 1, (name, result)
            assert board.session.guide_at == len(guide.steps)
            log = root.locator(".gbp-log-list").text_content()
            assert "You: " in log, name
            assert not watch.problems, f"{name}:\n" + "\n".join(watch.problems)
            print(f"{name}: {len(guide.steps)} steps, {result}")
        finally:
            context.close()


def test_guided_board_and_review_on_a_phone_light_and_dark(browser, tmp_path: Path) -> None:
    """The guided board and a review at 390 px, light and dark: nothing wider than the
    screen but the board's own strip, no text under 11 px; screenshots are kept."""
    shots = Path(tmp_path)
    for dark in (False, True):
        board = PlayBoard("milk-run", guide=scripted_guide(), bots="random")
        context, page, root, watch = kernel_page(browser, board, width=390, dark=dark)
        try:
            root.evaluate("el => { el.dataset.pause = '0'; }")
            root.locator(".gbp-hint-button").click()
            root.locator(".gbp-hint-move").wait_for()
            mode = "dark" if dark else "light"
            page.screenshot(path=str(shots / f"guided-{mode}.png"), full_page=True)
            assert_readable(page, root)
            root.evaluate(PLAY_THE_GUIDE)
            root.evaluate(PLAY_TO_THE_END)
            root.locator(".gbp-review-button").click()
            root.locator(".gbp-review-label").wait_for()
            root.locator(".gbp-review-next").click()
            page.wait_for_function(
                "el => el.querySelector('.gbp-review-label').textContent.startsWith('Move 1 of')",
                arg=root.element_handle(),
            )
            page.screenshot(path=str(shots / f"review-{mode}.png"), full_page=True)
            assert_readable(page, root)
            assert not watch.problems, "\n".join(watch.problems)
        finally:
            context.close()
    print(f"screenshots in {shots}")


READABLE = """(root) => {
  const small = [];
  for (const node of root.querySelectorAll("*")) {
    if (node.closest(".gbp-board") || node.closest(".gbp-sr")) continue;
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own || !node.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(node).fontSize);
    if (size < 11) small.push(`${node.className}: ${size}px`);
  }
  const wide = root.scrollWidth > root.clientWidth + 1;
  return { small, wide, page: document.documentElement.scrollWidth };
}"""


def assert_readable(page, root) -> None:
    found = root.evaluate(READABLE)
    assert not found["small"], found["small"]
    assert not found["wide"] and found["page"] <= 390, found


#: A card or a domino as the boards' texts name them: "10♣", "JK", "[9:5]".
PIECE_NAME = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]|\bJK\b|\[\d+:\d+\]")


def check_viewpoints(page, root, rel: str) -> None:
    """ "All hands" shows what the other seats hold; back in the seat's view, no card
    or domino of theirs that the seat cannot see is named anywhere on the board (its
    text, the log, the screen-reader text)."""
    root.locator(".gbp-viewpoint").click()
    page.wait_for_function(
        "el => el.querySelector('.gbp-viewpoint').getAttribute('aria-pressed') === 'true'"
        " && el.dataset.busy === 'false'",
        arg=root.element_handle(),
    )
    others = root.locator(".gbp-others").text_content()
    root.locator(".gbp-viewpoint").click()
    page.wait_for_function(
        "el => el.querySelector('.gbp-viewpoint').getAttribute('aria-pressed') === 'false'"
        " && el.dataset.busy === 'false'",
        arg=root.element_handle(),
    )
    assert root.locator(".gbp-others").is_hidden()
    seat = root.locator(".gbp-sr").text_content()
    hidden = set(PIECE_NAME.findall(others)) - set(PIECE_NAME.findall(seat))
    shown = root.inner_text() + root.locator(".gbp-log-list").text_content()
    assert not hidden & set(PIECE_NAME.findall(shown)), (
        rel,
        hidden & set(PIECE_NAME.findall(shown)),
    )
    print(f"{rel}: all hands showed {len(hidden)} pieces the seat's view never names")


def start(page, root) -> None:
    """Press Play on a built page's board and wait for the first move buttons."""
    root.evaluate("el => { el.dataset.pause = '0'; }")
    root.locator(".gbp-start").click()
    page.wait_for_function(
        "el => el.dataset.busy === 'false' && (el.querySelector('.gbp-move') || "
        "el.dataset.over === 'true')",
        arg=root.element_handle(),
    )


def test_hints_levels_and_reviews_on_every_board(site: Path, server: str, browser) -> None:
    """Every chapter's board in the built book (Pyodide, in the page's one worker): a
    hint names one of the reader's legal moves and outlines it; then a whole game at one
    of the bots' levels (each level at least once, the strong one on two games at least)
    and its review, stepped, with the reader's moves unlike the hint listed; the
    viewpoint toggled between all hands and the seat's view, which names no hidden card."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    levels_played: dict[str, list[str]] = {}
    try:
        boards = []
        for rel in pages(site):
            models = play_models_in((site / rel).read_text(encoding="utf-8"))
            boards += [(rel, m) for m in models if not m["spec"].get("guide")][:1]
        assert len(boards) >= 6, boards
        for k, (rel, model) in enumerate(boards):
            levels = model["view"]["levels"]
            level = levels[k % len(levels)]  # six boards: each level twice where all exist
            game = model["spec"]["game"]
            page = context.new_page()
            page.set_default_timeout(180_000)
            watch = Watch(page, server)
            page.goto(f"{server}/{rel}", wait_until="load")
            root = page.locator(FREE_BOARD.format(game=game)).first
            root.locator(".gbp-bots").select_option(level)
            start(page, root)
            # Python runs in the page's one worker, off the main thread.
            workers = [w.url for w in page.workers]
            assert len(workers) == 1 and workers[0].endswith("/_static/gamebox/play_worker.js")
            root.locator(".gbp-hint-button").click()
            root.locator(".gbp-hint-move").wait_for()
            hinted = root.locator(".gbp-hint-move").inner_text()
            legal = root.locator(".gbp-move").evaluate_all("bs => bs.map((b) => b.dataset.move)")
            assert hinted in legal, (rel, hinted, legal)
            outlined = root.locator(".gbp-board .gbp-lesson, .gbp-move-lesson").count()
            assert outlined, f"{rel}: the hint is not outlined"
            check_viewpoints(page, root, rel)
            root.evaluate(PLAY_TO_THE_END)
            assert re.search(r"win|drawn", root.locator(".gbp-status").inner_text())
            root.locator(".gbp-review-button").click()
            root.locator(".gbp-review-label").wait_for()
            assert "Start" in root.locator(".gbp-review-label").inner_text()
            root.locator(".gbp-review-last").click()
            page.wait_for_function(
                "el => el.querySelector('.gbp-review-next').disabled", arg=root.element_handle()
            )
            marks = root.locator(".gbp-review-mark")
            if marks.count():
                marks.first.click()
                page.wait_for_function(
                    "el => el.querySelector('.gbp-review-say').textContent.includes('hint was')",
                    arg=root.element_handle(),
                )
            root.locator(".gbp-review-close").click()
            assert root.locator(".gbp-review").is_hidden()
            assert not watch.problems, f"{rel}:\n" + "\n".join(watch.problems)
            levels_played.setdefault(level, []).append(game)
            print(f"{game}: {level} bots, {marks.count()} moves unlike the hint")
            page.close()
    finally:
        context.close()
    assert {"random", "heuristic"} <= set(levels_played), levels_played
    assert len(levels_played.get("strong", [])) >= 2, levels_played


def test_a_pass_and_play_game_of_two_readers_by_clicking(site: Path, server: str, browser):
    """Two readers at one screen in the built book: between their turns the board is
    hidden behind "pass the screen" and each takes it by a click, to the game's end."""
    rel, game = next(
        (r, m["spec"]["game"])
        for r in pages(site)
        for m in play_models_in((site / r).read_text(encoding="utf-8"))
        if not m["spec"].get("guide")
    )
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(180_000)
        watch = Watch(page, server)
        page.goto(f"{server}/{rel}", wait_until="load")
        root = page.locator(FREE_BOARD.format(game=game)).first
        root.locator(".gbp-setup summary").click()
        root.locator(".gbp-names").fill("Ann, Bo")
        root.locator(".gbp-players").select_option("2")
        root.evaluate("el => { el.dataset.pause = '0'; }")
        root.locator(".gbp-start").click()
        page.wait_for_function(
            "el => el.dataset.busy === 'false' && el.querySelector('.gbp-status')"
            ".textContent.includes('Ann is Player 1')",
            arg=root.element_handle(),
        )
        root.evaluate(COUNT_HANDOVERS)
        result = root.evaluate(PLAY_TO_THE_END)
        handovers = root.evaluate("el => el.__handovers")
        status = root.locator(".gbp-status").inner_text()
        assert re.search(r"(Ann|Bo) wins|drawn|share", status), status
        log = root.locator(".gbp-log-list").text_content()
        assert "Ann: " in log and "Bo: " in log and result["you"] >= 2
        assert handovers >= 2, "the screen was never passed"
        assert not watch.problems, "\n".join(watch.problems)
        print(f"{game}: pass-and-play, {result['you']} readers' moves, {handovers} handovers")
    finally:
        context.close()


#: Counts the "pass the screen" panels shown (and checks each hides the board and names
#: the next reader), while the game is played.
COUNT_HANDOVERS = """(root) => {
  root.__handovers = 0;
  new MutationObserver(() => {
    if (root.dataset.handover === "true" && !root.__passing) {
      root.__passing = true;
      const hidden = getComputedStyle(root.querySelector(".gbp-board")).display === "none";
      const named = /Pass the screen to (Ann|Bo)/.test(root.querySelector(".gbp-pass").textContent);
      if (hidden && named) root.__handovers += 1;
    } else if (root.dataset.handover !== "true") {
      root.__passing = false;
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-handover"] });
  return 0;
}"""


def test_every_chapters_quick_start_guided_game_by_clicking(site: Path, server: str, browser):
    """A chapter's quick start in the built book (Pyodide): "Play" starts the game's
    guided game, whose steps are completed by clicking what the board outlines."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    done = []
    try:
        for rel in pages(site):
            guided = [
                m["spec"]["game"]
                for m in play_models_in((site / rel).read_text(encoding="utf-8"))
                if m["spec"].get("guide")
            ]
            for game in guided:
                page = context.new_page()
                page.set_default_timeout(180_000)
                watch = Watch(page, server)
                page.goto(f"{server}/{rel}", wait_until="load")
                root = page.locator(f'[data-gamebox-play="{game}"][data-gamebox-guide]').first
                root.evaluate("el => { el.dataset.pause = '0'; }")
                root.locator(".gbp-start").click()
                root.locator(".gbp-guide-step").wait_for()
                result = root.evaluate(PLAY_THE_GUIDE)
                assert result["done"], (rel, result)
                assert not watch.problems, f"{rel}:\n" + "\n".join(watch.problems)
                done.append(game)
                print(f"{rel}: guided game of {game} done, {result}")
                page.close()
    finally:
        context.close()
    assert done, "no chapter has a quick start"  # each chapter's helper adds its own
