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
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from gamebox.core import game_class
from gamebox.widgets import PlayBoard
from tests.browser import PLAY_TO_THE_END, TAP_PX, TAPPABLE, Watch
from tests.conftest import GAMES
from tests.test_play import scripted_guide
from tests.test_site import pages, play_boards_in, play_models_in

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
            mine = board.view["guide"]["steps"]  # the reader's own steps, not the bots'
            assert mine < len(guide.steps) and re.search(rf"your step \d+ of {mine}$", progress), (
                progress
            )
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
    seat = root.locator(".gbp-sr:not(.gbp-announce)").text_content()  # the board as text
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
            if model["view"]["can_see_all"]:  # the game hides something from a seat
                check_viewpoints(page, root, rel)
            else:  # nothing is hidden: no "All hands" to offer
                assert root.locator(".gbp-viewpoint").is_hidden(), rel
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


#: A phone held upright, with a touch screen: where the quick start's guided games are
#: played by tapping.
PHONE_TOUCH = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
#: A play board that waits for the reader's tap or key (or has ended): not busy, and
#: the reader to move, or the guided game done, or the game over.
WAITS_FOR_THE_READER = """(root) => root.dataset.busy === "false" && (
  root.dataset.over === "true" || root.dataset.yourTurn === "true" ||
  (root.querySelector(".gbp-guide-say") || {}).textContent?.includes("end of the guided game"))"""
#: What the guided board asks now: "done" (its end said), "over", or the selector of the
#: piece its lesson outlines to tap next (where the picked piece goes, else the first
#: piece when none is picked yet); "" when the lesson outlines no piece to tap.
LESSON_PIECE = """(root) => {
  if ((root.querySelector(".gbp-guide-say") || {}).textContent?.includes("end of the guided game"))
    return "done";
  if (root.dataset.over === "true") return "over";
  const board = root.querySelector(".gbp-board");
  const piece = board.querySelector(".gbp-lesson.gbp-target") ||
    (board.querySelector(".gbp-selected") ? null : board.querySelector(".gbp-lesson.gbp-pickable"));
  return piece ? `[data-pick="${CSS.escape(piece.dataset.pick)}"]` : "";
}"""


def tap_the_guide(page, root, rel: str) -> dict:
    """Completes a guided game by tapping, as a finger does, the piece its lesson
    outlines at each turn (never a move button); before each tap every piece a move
    picks is measured and tapped at its centre (TAPPABLE). Returns the taps made and
    what TAPPABLE found wrong."""
    taps, wrong = 0, []
    while True:
        page.wait_for_function(WAITS_FOR_THE_READER, arg=root.element_handle())
        asks = root.evaluate(LESSON_PIECE)
        if asks in ("done", "over"):
            return {"taps": taps, "wrong": wrong, "end": asks}
        lesson = root.locator(".gbp-guide-say").inner_text()
        assert asks, f"{rel}: the lesson outlines no piece to tap: {lesson!r}"
        wrong += page.evaluate(TAPPABLE, TAP_PX)["wrong"]
        try:
            root.locator(f".gbp-board {asks}").first.tap(timeout=10_000)
        except PlaywrightTimeout as err:
            said = str(err).splitlines()
            pytest.fail(f"{rel}: no tap reached {asks} ({said[-1].strip()}); {wrong}")
        taps += 1
        assert taps < 200, f"{rel}: the guided game does not end"


def test_every_chapters_quick_start_guided_game_by_tapping(site: Path, server: str, browser):
    """A chapter's quick start in the built book (Pyodide), on a phone at 390 x 844: a tap
    on "Play" starts the game's guided game, whose steps are completed by tapping the
    pieces the board outlines (a touch at the piece's centre, never a move button), to
    the board's word that it is done; at every turn each piece a move picks is at least
    44 x 44 px and a tap at its centre picks it."""
    context = browser.new_context(**PHONE_TOUCH)
    done, wrong = [], []
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
                root.locator(".gbp-start").tap()
                root.locator(".gbp-guide-step").wait_for()
                result = tap_the_guide(page, root, rel)
                assert result["end"] == "done", (rel, result)
                log = root.locator(".gbp-log-list").text_content()
                assert "You: " in log, rel
                assert not watch.problems, f"{rel}:\n" + "\n".join(watch.problems)
                wrong += [f"{rel}: {w}" for w in dict.fromkeys(result["wrong"])]
                done.append(game)
                print(f"{rel}: guided game of {game} done by {result['taps']} taps")
                page.close()
    finally:
        context.close()
    assert len(done) >= 6, f"quick starts found only for {done}"
    assert not wrong, f"{len(wrong)} pieces hard to tap:\n" + "\n".join(wrong)


#: What the keyboard should reach next on the reader's turn: a piece where the picked
#: one goes, else (nothing picked) a piece a move picks, else a move button (a move no
#: piece tells apart from another, or one with no piece).
NEXT_KEY_TARGET = """(root) => {
  const board = root.querySelector(".gbp-board");
  if (board.querySelector(".gbp-target")) return ".gbp-board .gbp-target";
  if (!board.querySelector(".gbp-selected") && board.querySelector(".gbp-pickable"))
    return ".gbp-board .gbp-pickable";
  return ".gbp-move";
}"""

#: What a key on the board changes: whether the board is busy (a move is made), the
#: log's length, and the pieces picked.
PICKED = """(root) => [root.dataset.busy, root.querySelector(".gbp-log-list").children.length,
  ...[...root.querySelectorAll(".gbp-board .gbp-selected")].map((el) => el.dataset.pick)]"""

#: Whether the focus is on an element of ``root`` that ``selector`` matches.
FOCUSED = """([root, selector]) => {
  const el = document.activeElement;
  return Boolean(el && root.contains(el) && el.matches(selector));
}"""


def tab_to(page, root, selector: str, most: int = 3000) -> int:
    """Press Tab until the focus is on an element of ``root`` matching ``selector``;
    returns the presses (none if it is there already)."""
    handle = root.element_handle()
    for presses in range(most):
        if page.evaluate(FOCUSED, [handle, selector]):
            return presses
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached {selector} in {most} presses")


def key_to(page, root, selector: str) -> dict[str, int]:
    """Move the focus to an element of ``root`` matching ``selector`` as a keyboard
    reader does: a board piece by Tab to the board (one stop), Home to its first piece
    and the arrow key along them, anything else by Tab; returns the keys pressed."""
    if not selector.startswith(".gbp-board "):
        return {"Tab": tab_to(page, root, selector)}
    keys = {"Tab": tab_to(page, root, ".gbp-board [data-pick]"), "Home": 1, "ArrowRight": 0}
    page.keyboard.press("Home")  # the first piece: the arrow key goes on from there
    handle = root.element_handle()
    pieces = root.locator(".gbp-board [data-pick]").count()
    while not page.evaluate(FOCUSED, [handle, selector]):
        assert keys["ArrowRight"] <= 2 * pieces, f"the arrow key never reached {selector}"
        page.keyboard.press("ArrowRight")
        keys["ArrowRight"] += 1
    return keys


def test_a_whole_game_by_keyboard_alone(site: Path, server: str, browser) -> None:
    """Mexican Train's play board (one hand, four seats: the shortest game of the
    chapters') played to its end by keyboard alone: Tab to Play and Enter, then on each
    turn Tab to the board and the arrow key to a piece a move picks and Enter, the arrow
    key on to where it goes and Space (Tab to a move button when no piece tells the
    moves apart), as a reader without a mouse."""
    rel, game = "book/mexican_train.html", "mexican-train"
    assert game in play_boards_in((site / rel).read_text(encoding="utf-8"))
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.set_default_timeout(180_000)
        watch = Watch(page, server)
        page.goto(f"{server}/{rel}", wait_until="load")
        root = page.locator(FREE_BOARD.format(game=game)).first
        root.evaluate("el => { el.dataset.pause = '0'; }")
        tabs = tab_to(page, root, ".gbp-start")
        page.keyboard.press("Enter")
        keys = {"Tab": tabs, "Enter": 1, "Space": 0}
        moves = 0
        while True:
            page.wait_for_function(WAITS_FOR_THE_READER, arg=root.element_handle())
            if root.get_attribute("data-over") == "true":
                break
            before = root.locator(".gbp-log-list li").count()
            while (
                root.get_attribute("data-busy") == "false"
                and root.locator(".gbp-log-list li").count() == before
            ):
                selector = root.evaluate(NEXT_KEY_TARGET)
                for name, presses in key_to(page, root, selector).items():
                    keys[name] = keys.get(name, 0) + presses
                key = "Space" if selector.endswith(".gbp-target") else "Enter"
                before_key = root.evaluate(PICKED)
                page.keyboard.press(" " if key == "Space" else key)
                keys[key] += 1
                after = root.evaluate(PICKED)
                assert after != before_key, f"{key} on {selector} did nothing: {after}"
                assert sum(keys.values()) < 50_000, "the game does not end"
            moves += 1
        status = root.locator(".gbp-status").inner_text()
        assert re.search(r"win|drawn", status), status
        log = root.locator(".gbp-log-list").text_content()
        assert "You: " in log
        assert not watch.problems, "\n".join(watch.problems)
        print(f"{game} by keyboard: {moves} reader moves, keys pressed {keys}")
    finally:
        context.close()
