"""The built book, light, installable and offline (issue 30), in a real browser.

Served by a plain static server on 127.0.0.1 (the ``site`` and ``server`` fixtures of
``tests/conftest.py``) and opened in Debian's Chromium:

- each chapter opened with an empty cache transfers at most 2 MB, each other page at
  most 1 MB (the sum of the response bodies the page asks for; Play's runtime, which
  the page preloads, and the offline copy, which the service worker makes in the
  background, are counted apart: ``benchmarks/site_weight.py``'s ``RUNTIME``);
- after one visit online (the service worker active, the book kept), with the network
  cut, every page loads from the service worker and its boards step, and two
  chapters' play boards start and take a move;
- the web app manifest has what an installable app needs, and its icons exist;
- the "Keep this book for offline use" control, where the browser asks to save data,
  is a real button, 44 px tall, named, inside a 360 px screen, and axe-core finds
  nothing serious about it, light or dark;
- a new build's service worker waits, the page says a new version is ready, and its
  Reload button brings the new pages.

All but the last test are marked slow; the last, quick, checks ``book/offline.py``'s
options for Workbox and the tags it writes into a page.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import offline  # book/offline.py (the tests' pythonpath has book/ and benchmarks/)
from site_weight import RUNTIME, boards_on, cold_transfer, wait_for_boards
from tests.browser import SAVE_DATA, Watch
from tests.test_site import AXE, READERS_TURN, SET_SCHEME, SETTLED, pages

ROOT = Path(__file__).resolve().parent.parent
slow = pytest.mark.slow

TIMEOUT_MS = 60_000
#: The most a chapter (a page built from a notebook) may transfer opened cold, and any
#: other page (the Rulings, the glossary, the aids...), in bytes (issue 30).
CHAPTER_BYTES = 2_000_000
REFERENCE_BYTES = 1_000_000
#: How long the first visit may take to keep the whole book (about 30 MB from 127.0.0.1).
KEEP_MS = 180_000
#: The control's state once the book is kept (gamebox-offline.js).
KEPT = "() => document.querySelector('.gb-offline')?.dataset.state === 'kept'"


def is_chapter(site: Path, rel: str) -> bool:
    """A chapter: a page built from a notebook (its source kept as .ipynb)."""
    return (site / "_sources" / rel).with_suffix(".ipynb").is_file()


# ------------------------------------------------------------------ the weight


@slow
def test_each_page_opened_cold_is_light(site: Path, server: str, browser) -> None:
    """Each page in a fresh browser (no cache, no service worker), its boards drawn and
    the network quiet: the bodies of the responses it asked for, Play's runtime apart."""
    heavy, lines = [], []
    for rel in pages(site):
        if rel == "index.html":
            continue  # the redirect to the first chapter
        found = cold_transfer(browser, server, rel, boards_on(site, rel))
        most = CHAPTER_BYTES if is_chapter(site, rel) else REFERENCE_BYTES
        line = f"{rel}: {found['bytes'] / 1e6:.2f} MB in {found['requests']} requests"
        line += f" (Play's runtime, apart: {found['runtime'] / 1e6:.1f} MB)"
        lines.append(line)
        if found["bytes"] > most:
            heavy.append(f"{line}, over {most / 1e6:.0f} MB")
    print("\n".join(lines))
    assert not heavy, "\n".join(heavy)


# ------------------------------------------------------------------ offline


def keep_the_book(context, server: str, rel: str):
    """Visit ``rel`` online and wait until the service worker has kept the whole book
    and controls the page."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{server}/{rel}", wait_until="load")
    page.wait_for_function(KEPT, timeout=KEEP_MS)
    page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)")
    return page


def cut_off(problem: str) -> bool:
    """A request of Play's runtime that the page preloads, cut off by leaving the page
    (the test goes on at once; a reader who stays has it)."""
    return RUNTIME in problem and "ERR_ABORTED" in problem


def first_move(page, root) -> None:
    """Press Play on a play board (the bots' pause 0), wait for the reader's turn, play
    the first legal move and wait for the game to take it: the log grows."""
    root.evaluate("el => { el.dataset.pause = '0'; }")
    root.locator(".gbp-start").click()
    page.wait_for_function(READERS_TURN, arg=root.element_handle(), timeout=TIMEOUT_MS)
    before = root.locator(".gbp-log-list li").count()
    root.locator(".gbp-move").first.click()
    page.wait_for_function(
        "([el, n]) => el.dataset.busy === 'false' && "
        "el.querySelectorAll('.gbp-log-list li').length > n",
        arg=[root.element_handle(), before],
        timeout=TIMEOUT_MS,
    )


@slow
def test_after_one_visit_every_page_and_play_work_offline(site: Path, server: str, browser) -> None:
    """One visit online keeps the book; then, with the network cut, every page comes
    from the service worker, each Stepper steps, and two chapters' games take a move."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, keeps=True)
    chapters = [rel for rel in pages(site) if is_chapter(site, rel)]
    playable = [rel for rel in chapters if boards_on(site, rel)[1]][:2]
    assert len(playable) == 2, "two chapters with a play board"
    page = keep_the_book(context, server, chapters[0])
    context.set_offline(True)
    watch = Watch(page, server)
    problems = []
    for rel in pages(site):
        if rel == "index.html":
            continue
        steppers, plays = boards_on(site, rel)
        response = page.goto(f"{server}/{rel}", wait_until="load")
        if response is None or not response.ok or not response.from_service_worker:
            problems.append(f"{rel}: not served by the service worker ({response})")
            continue
        wait_for_boards(page, steppers, plays)
        for board in page.locator("[data-gamebox-stepper]").all():
            if int(board.get_attribute("data-count")) < 2:
                continue
            board.locator('button[data-act="next"]').click()
            if board.get_attribute("data-index") != "1":
                problems.append(f"{rel}: a Stepper did not step offline")
    for rel in playable:
        page.goto(f"{server}/{rel}", wait_until="load")
        wait_for_boards(page, *boards_on(site, rel))
        free = page.locator("[data-gamebox-play]:not([data-gamebox-guide])")
        first_move(page, free.first if free.count() else page.locator("[data-gamebox-play]").first)
    context.close()
    assert not problems, "\n".join(problems)
    assert not [p for p in watch.problems if not cut_off(p)], "\n".join(watch.problems)


@slow
def test_a_new_build_is_offered_and_taken(site: Path, browser, tmp_path: Path) -> None:
    """A copy of the site, kept; then a page changes and the worker is made again (a new
    build): the page says a new version is ready, and Reload shows the new page."""
    import functools
    import http.server
    import threading

    from tests.conftest import _Quiet

    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    handler = functools.partial(_Quiet, directory=str(copy))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        context = browser.new_context(keeps=True)
        rel = "book/rulings.html"
        page = keep_the_book(context, server, rel)
        target = copy / rel
        target.write_text(
            target.read_text(encoding="utf-8").replace("</h1>", " (new build)</h1>", 1),
            encoding="utf-8",
        )
        offline.generate_service_worker(ROOT, copy)
        page.reload(wait_until="load")  # the browser checks sw.js on a navigation
        page.wait_for_function(
            "() => document.querySelector('.gb-offline')?.dataset.state === 'update'",
            timeout=KEEP_MS,
        )
        box = page.locator(".gb-offline")
        assert "A new version of this book is ready" in box.inner_text()
        assert "(new build)" not in page.locator("h1").first.inner_text()
        with page.expect_navigation():
            box.get_by_role("button", name="Reload with the new version of this book").click()
        page.wait_for_load_state("load")
        assert "(new build)" in page.locator("h1").first.inner_text()
        context.close()
    finally:
        httpd.shutdown()
        httpd.server_close()


# ------------------------------------------------------------------ installable


@slow
def test_the_manifest_makes_the_book_installable(site: Path) -> None:
    manifest = json.loads((site / offline.MANIFEST).read_text(encoding="utf-8"))
    for field in ("name", "short_name", "start_url", "scope", "display", "icons"):
        assert manifest.get(field), field
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"]
    assert (site / manifest["start_url"]).is_file()
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        data = (site / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data.startswith(b"\x89PNG"), icon["src"]
            width = int.from_bytes(data[16:20], "big")
            assert icon["sizes"] == f"{width}x{width}", icon["src"]
    for rel in pages(site):
        if rel == "index.html":
            continue
        html = (site / rel).read_text(encoding="utf-8")
        assert '<link rel="manifest"' in html and 'name="theme-color"' in html, rel
        assert "gamebox-offline.js" in html, rel
    info = json.loads((site / offline.INFO).read_text(encoding="utf-8"))
    assert info["files"] > 50 and info["bytes"] > 10_000_000, info
    worker = (site / offline.SERVICE_WORKER).read_text(encoding="utf-8")
    for kept in ("pyodide.asm.wasm", "python_stdlib.zip", ".whl", "book/rulings.html"):
        assert kept in worker, kept


@slow
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_keep_control_on_a_phone_saving_data(
    site: Path, server: str, browser, scheme: str
) -> None:
    """Where the browser asks to save data, the control offers to keep the book: a named
    button, 44 px tall, inside a 360 px screen, and axe-core finds nothing serious."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: npm ci (.ci/run does it)")
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, has_touch=True, keeps=True
    )
    context.add_init_script(SAVE_DATA)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    watch = Watch(page, server)
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{server}/book/rulings.html", wait_until="load")
    page.evaluate(SET_SCHEME, scheme)
    button = page.get_by_role("button", name="Keep this book for offline use")
    button.wait_for()
    info = json.loads((site / offline.INFO).read_text(encoding="utf-8"))
    assert f"Saves {info['bytes'] / 1e6:.1f} MB" in page.locator(".gb-offline").inner_text()
    assert page.evaluate("() => navigator.serviceWorker.controller") is None
    button.scroll_into_view_if_needed()
    page.wait_for_function(SETTLED)
    box = button.bounding_box()
    assert box["height"] >= 44 - 0.5 and box["x"] >= 0 and box["x"] + box["width"] <= 360
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run('.gb-offline', {resultTypes: ['violations']})).violations"
        ".map((v) => `${v.impact}: ${v.id}: ${v.help}`)"
    )
    assert not [v for v in found if v.startswith(("serious", "critical"))], found
    button.tap()
    page.wait_for_function(KEPT, timeout=KEEP_MS)
    context.close()
    assert not watch.problems, "\n".join(watch.problems)


# ------------------------------------------------------------------ book/offline.py


def test_the_workbox_options_keep_what_pages_load(tmp_path: Path) -> None:
    """What generateSW is asked: every file but the ignored ones, the wasm under the
    size limit, navigations to folders and with queries served, old caches dropped,
    the new worker waiting for the reader."""
    config = offline.workbox_config(tmp_path, tmp_path / offline.INFO)
    assert config["globPatterns"] == ["**/*"]
    assert "_sources/**" in config["globIgnores"] and "**/*.map" in config["globIgnores"]
    assert not any("gamebox" in pattern for pattern in config["globIgnores"])
    assert config["maximumFileSizeToCacheInBytes"] > 9_600_000
    assert config["swDest"] == str(tmp_path / "sw.js")
    assert config["cleanupOutdatedCaches"] and not config["skipWaiting"]
    assert config["directoryIndex"] == "index.html"
    assert config["ignoreURLParametersMatching"] == [".*"]
    tags = offline.head_tags(lambda name, resource: f"../{name}")
    assert '<link rel="manifest" href="../manifest.webmanifest" />' in tags
    assert f'content="{offline.THEME_COLOUR}"' in tags
