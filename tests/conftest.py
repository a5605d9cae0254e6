"""Shared fixtures: the list of registered games drives the generic suites; the built
book (``site``, built once per test session, or ``$GAMEBOX_SITE``) and its local
server (``server``) serve every browser and site test. Helpers that tests call, rather
than receive as fixtures, are in ``tests/helpers.py``."""

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import gamebox
from tests.browser import CHROMIUM, CHROMIUM_ARGS, QuietBrowser

ROOT = Path(__file__).resolve().parent.parent
GAMES = gamebox.games()
#: Random playouts per game and player count in the conformance suite, which scales its
#: other counts from it: 2 in the quick run, 150 under ``.ci/run``.
PLAYOUTS = int(os.environ.get("GAMEBOX_PLAYOUTS", "2"))


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium under Playwright, for the browser tests: a new context neither
    keeps the book nor preloads Play unless asked (:class:`tests.browser.QuietBrowser`)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield QuietBrowser(chromium)
        chromium.close()


def build_book(out: Path) -> Path:
    """``jupyter-book build`` with warnings as errors; returns the html folder."""
    cmd = [
        sys.executable, "-m", "jupyter_book.cli.main", "build", str(ROOT),
        "--path-output", str(out), "-W", "-n", "--keep-going",
    ]  # fmt: skip
    exe = shutil.which("jupyter-book")
    if exe:
        cmd[:3] = [exe]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"the book build failed:\n{log[-6000:]}"
    html = out / "_build" / "html"
    assert (html / "index.html").is_file(), log[-3000:]
    return html


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("GAMEBOX_SITE")
    if given:
        return Path(given).resolve()
    return build_book(tmp_path_factory.mktemp("book"))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def server(site: Path):
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
