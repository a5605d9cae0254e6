"""How heavy the built book is, and how soon Play is ready: the figures of issue 30.

Run against a built site (``jupyter-book build --all --path-output /tmp/x .``)::

    python benchmarks/site_weight.py /tmp/x/_build/html [--page book/finish_line.html]
                                                         [--repeat 3]

It serves the site on 127.0.0.1 with Python's plain static server (no compression, as
the issue measures) and opens it in Debian's Chromium (Playwright), then prints:

- each page opened cold (a fresh browser: no cache, no service worker), its boards
  drawn and the network quiet: the bytes of the response bodies it asked for and how
  many requests, Play's runtime (the worker, Pyodide and the wheel under
  ``_static/gamebox/``, which the page preloads) apart;
- what the service worker keeps for offline use (files, MB) and how long one visit
  took to keep it;
- Play to "your turn" on ``--page``'s free play board (the bots' pause 0), the median
  of ``--repeat`` runs: cold (a fresh browser, Play pressed as soon as the page has
  loaded), warm (the same browser, the page loaded again: its files cached) and
  preloaded (a fresh browser, the page open 10 s before Play).

The timings depend on the machine's load: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
#: Play's runtime under the site's root: the worker, Pyodide and the engine's wheel.
RUNTIME = "/_static/gamebox/"
#: The service worker's record of what it keeps (book/offline.py writes it).
INFO = "_static/gamebox-offline.json"
TIMEOUT_MS = 120_000
#: How long a page is left open before Play, for the preloaded figure.
OPEN_S = 10
#: A play board whose game has begun and waits for the reader (or is over).
READERS_TURN = (
    "el => el.dataset.busy === 'false' && (el.dataset.over === 'true' || "
    "el.dataset.yourTurn === 'true')"
)
#: The widget state a page embeds (one Stepper or play board a model).
STATE = '<script type="application/vnd.jupyter.widget-state+json">'


@contextmanager
def serve(site: Path) -> Iterator[str]:
    """The site on 127.0.0.1 (a free port), quietly; yields its address."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def site_pages(site: Path) -> list[str]:
    """Every page of the site but the root's redirect (not the theme's fragments)."""
    return [
        rel
        for path in sorted(site.rglob("*.html"))
        if not (rel := path.relative_to(site).as_posix()).startswith(("_", "index.html"))
    ]


def boards_on(site: Path, rel: str) -> tuple[int, int]:
    """How many Steppers and play boards the page embeds (their front ends' titles)."""
    html = (site / rel).read_text(encoding="utf-8")
    states = html.split(STATE)[1:]
    body = "".join(state.split("</script>")[0] for state in states)
    return body.count("// gamebox Stepper"), body.count("// gamebox PlayBoard")


def wait_for_boards(page: Any, steppers: int, plays: int) -> None:
    """Until the page has drawn that many Steppers and play boards."""
    page.wait_for_function(
        "([s, p]) => document.querySelectorAll('[data-gamebox-stepper]').length >= s && "
        "document.querySelectorAll('[data-gamebox-play]').length >= p",
        arg=[steppers, plays],
    )


def cold_transfer(browser: Any, server: str, rel: str, boards: tuple[int, int]) -> dict:
    """The page ``rel`` opened in a fresh browser context (no cache, service workers
    blocked), its ``boards`` (Steppers, play boards) drawn and the network quiet:
    ``{"bytes", "requests"}`` of the page's own responses and ``{"runtime"}``, the bytes
    of Play's runtime that it preloaded."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    finished: list[Any] = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(f"{server}/{rel}", wait_until="load")
    wait_for_boards(page, *boards)
    page.wait_for_load_state("networkidle")
    found = {"bytes": 0, "requests": 0, "runtime": 0}
    for request in finished:
        size = request.sizes()["responseBodySize"]
        if RUNTIME in request.url:
            found["runtime"] += size
        else:
            found["bytes"] += size
            found["requests"] += 1
    context.close()
    return found


def play_seconds(page: Any, server: str, rel: str, boards: tuple[int, int], wait: float) -> float:
    """Load ``rel`` in ``page``, wait ``wait`` seconds, press Play on its free play board
    (the last one: a chapter's first is its guided quick start) and time until the
    reader's turn."""
    page.goto(f"{server}/{rel}", wait_until="load")
    wait_for_boards(page, *boards)
    time.sleep(wait)
    root = page.locator("[data-gamebox-play]").last
    root.evaluate("el => { el.dataset.pause = '0'; }")
    start = time.perf_counter()
    root.locator(".gbp-start").click()
    page.wait_for_function(READERS_TURN, arg=root.element_handle(), polling="raf")
    return time.perf_counter() - start


def play_times(browser: Any, server: str, rel: str, boards: tuple[int, int], repeat: int):
    """Cold, warm and preloaded times to "your turn" (lists of seconds)."""
    times: dict[str, list[float]] = {"cold": [], "warm": [], "preloaded": []}
    for _ in range(repeat):
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        times["cold"].append(play_seconds(page, server, rel, boards, 0))
        times["warm"].append(play_seconds(page, server, rel, boards, 0))
        context.close()
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        times["preloaded"].append(play_seconds(page, server, rel, boards, OPEN_S))
        context.close()
    return times


def keep_seconds(browser: Any, server: str, rel: str) -> float:
    """One visit with the service worker allowed: seconds until the book is kept."""
    context = browser.new_context()
    page = context.new_page()
    start = time.perf_counter()
    page.goto(f"{server}/{rel}", wait_until="load")
    page.wait_for_function(
        "() => document.querySelector('.gb-offline')?.dataset.state === 'kept'",
        timeout=TIMEOUT_MS * 3,
    )
    seconds = time.perf_counter() - start
    context.close()
    return seconds


def main(argv: list[str] | None = None) -> int:
    """Print the figures (see the module's docstring)."""
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="the built site (_build/html)")
    parser.add_argument("--page", default="book/finish_line.html", help="the page to Play on")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each Play timing")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    with serve(site) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        print("Each page opened cold (no cache, no service worker), Play's runtime apart:")
        for rel in site_pages(site):
            found = cold_transfer(browser, server, rel, boards_on(site, rel))
            print(
                f"  {rel:34} {found['bytes'] / 1e6:5.2f} MB {found['requests']:4} requests"
                f"   (runtime preloaded: {found['runtime'] / 1e6:4.1f} MB)"
            )
        if (site / INFO).is_file():
            info = json.loads((site / INFO).read_text(encoding="utf-8"))
            seconds = keep_seconds(browser, server, args.page)
            print(
                f"Kept for offline use: {info['files']} files, {info['bytes'] / 1e6:.1f} MB, "
                f"in {seconds:.1f} s after the first visit's navigation"
            )
        boards = boards_on(site, args.page)
        times = play_times(browser, server, args.page, boards, args.repeat)
        print(f"Play to 'your turn' on {args.page} (median of {args.repeat}; runs in s):")
        for kind, runs in times.items():
            listed = ", ".join(f"{t:.2f}" for t in runs)
            print(f"  {kind:10} {statistics.median(runs):5.2f} s   ({listed})")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
