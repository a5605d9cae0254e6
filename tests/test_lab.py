"""The play board in a live JupyterLab, with a kernel: the path a teacher uses.

Starts JupyterLab on 127.0.0.1 in a temporary folder holding a notebook that shows a
``PlayBoard`` for each game below, runs it in Debian's Chromium, and plays each game to its
end by clicking, the engine answering from the kernel. Any console error, page error,
failed request, or request to another host fails the test.

JupyterLab runs with its own settings, workspaces, config, data and runtime folders (all
temporary), so nothing of the user's JupyterLab can change what it shows: a workspace
left open on a chapter (``jupyter lab book/``), changed settings, another ``python3``
kernel, a server config asking for a password.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from tests.browser import PLAY_TO_THE_END, Watch

pytestmark = pytest.mark.slow

#: A card game and a dice game (chance moves, no hidden hands).
GAMES = ["milk-run", "yahtzix"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def lab_env(own: Path) -> dict[str, str]:
    """The environment of a JupyterLab that reads nothing of the user's: its config, data
    (kernel specs), runtime and IPython folders under ``own``."""
    env = dict(os.environ)
    for name, folder in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
    ):
        (own / folder).mkdir(exist_ok=True)
        env[name] = str(own / folder)
    return env


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory):
    """JupyterLab serving a folder with ``play.ipynb``; yields the notebook's URL."""
    root: Path = tmp_path_factory.mktemp("lab")
    own: Path = tmp_path_factory.mktemp("lab-home")
    # A fresh settings folder would ask, in a toast over the page, whether to fetch news.
    quiet = own / "user-settings" / "@jupyterlab" / "apputils-extension"
    quiet.mkdir(parents=True)
    (quiet / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    code = (
        "from IPython.display import display\n\nfrom gamebox.widgets import PlayBoard\n\n"
        f"for name in {GAMES!r}:\n    display(PlayBoard(name, seed=1))"
    )
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    notebook.metadata["kernelspec"] = {
        "name": "python3", "display_name": "Python 3", "language": "python",
    }  # fmt: skip
    nbformat.write(notebook, root / "play.ipynb")
    port = free_port()
    log = (root / "lab.log").open("w")
    server = subprocess.Popen(
        [
            sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
            f"--port={port}", "--ip=127.0.0.1", f"--ServerApp.root_dir={root}",
            "--IdentityProvider.token=", "--LabApp.news_url=", "--LabApp.check_for_updates_class="
            "jupyterlab.NeverCheckForUpdate", "--LabApp.extension_manager=readonly",
            f"--LabApp.user_settings_dir={own / 'user-settings'}",
            f"--LabApp.workspaces_dir={own / 'workspaces'}",
        ],
        stdout=log, stderr=subprocess.STDOUT, env=lab_env(own),
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                assert server.poll() is None, (root / "lab.log").read_text()
                assert time.monotonic() < deadline, "JupyterLab did not start in 60 s"
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/lab/tree/play.ipynb"
    finally:
        server.terminate()
        server.wait(30)
        log.close()


def test_play_whole_games_in_jupyterlab_with_a_kernel(lab: str, browser) -> None:
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(90_000)
    watch = Watch(page, lab)
    try:
        page.goto(lab, wait_until="load")
        # Run the cell once the kernel is up (before, JupyterLab asks which kernel).
        page.get_by_text(re.compile(r"\| Idle$")).first.wait_for()
        page.locator(".jp-Notebook .jp-Cell").first.click()
        start = time.monotonic()
        page.keyboard.press("Shift+Enter")
        accept = page.locator(".jp-Dialog .jp-mod-accept")
        if accept.count():
            accept.click()
        boards = page.locator("[data-gamebox-play]")
        for k, name in enumerate(GAMES):
            root = boards.nth(k)
            root.locator(".gbp-move").first.wait_for()
            if k == 0:
                print(f"first board {time.monotonic() - start:.1f} s after running the cell")
            assert root.get_attribute("data-gamebox-play") == name
            result = root.evaluate(PLAY_TO_THE_END)
            status = root.locator(".gbp-status").inner_text()
            assert re.search(r"win|drawn", status), f"{name}: no result shown: {status!r}"
            assert result["board"], f"{name}: no move was picked on the board"
            print(
                f"{name} in JupyterLab: {result['you']} reader moves, "
                f"{result['ms'] / max(result['you'], 1):.1f} ms per reader move"
            )
        # A refused try and an undo go through the kernel too.
        root = boards.first
        root.locator(".gbp-new").click()
        root.locator(".gbp-refused").first.click()
        page.wait_for_function(
            "el => /Refused: .* [A-Z]{2}-\\d+: /"
            ".test(el.querySelector('.gbp-refusal').textContent)",
            arg=root.element_handle(),
        )
        assert not watch.problems, "\n".join(watch.problems)
    except Exception:
        page.screenshot(path="/tmp/lab-fail.png", full_page=True)
        raise
    finally:
        context.close()
