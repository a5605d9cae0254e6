"""The built book, installable and readable offline: a web app manifest and a service worker.

A local Sphinx extension of the book (``sphinx: local_extensions: {offline: book}`` in
``_config.yml``), beside :mod:`booktool`. It is a tool of the book, not of the engine.

- Every page links the web app manifest (``<link rel="manifest">``, the theme colour,
  the home-screen icon) and loads ``_static/gamebox-offline.js``, which registers the
  service worker and draws the "Keep this book for offline use" control in the page
  footer (``_static/gamebox-offline.css``). JupyterLab never loads either: it has no
  service worker.
- When the build has finished (after booktool's own hook, which copies the scripts,
  Pyodide and the engine's wheel into ``_static/``), it writes ``manifest.webmanifest``
  at the site's root and runs ``book/offline_sw.mjs`` with node, which has Workbox's
  ``generateSW`` (``workbox-build``, pinned in ``package.json``) write ``sw.js``: a
  service worker that precaches the whole site (pages, scripts, styles, fonts, images,
  Pyodide, the wheel: everything a page or a play board loads) with a revision hash per
  file, and ``_static/gamebox-offline.json``, how many files and bytes it keeps (the
  control says so).

The caching policy (what ``gamebox-offline.js`` does):

- On a reader's first visit the page registers the worker once it has loaded, and the
  worker precaches the whole book at once, Pyodide included (about 13 MB of the
  total): after that one visit every page, every board and Play work with the network
  cut. The control shows the progress (files kept of the total) and then says how much
  the book keeps.
- When the browser asks to save data (``navigator.connection.saveData``), nothing is
  precached unless the reader asks: the control is a button, "Keep this book for
  offline use", with the size it would save.
- A new build changes ``sw.js``; the browser installs the new worker, which fetches only
  the files whose revision changed, and waits; the page then says "A new version of
  this book is ready" with a Reload button, which lets the new worker take over
  (Workbox's ``SKIP_WAITING`` message) and reloads the page. The old cache is dropped
  (``cleanupOutdatedCaches``).

The icons (``book/_static/gamebox-icon-192.png`` and ``-512.png``) are the site's
``favicon.svg`` drawn by Chromium at those sizes, on the board's paper colour.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

#: The manifest, at the site's root (its scope is the whole site).
MANIFEST = "manifest.webmanifest"
#: The service worker Workbox writes, at the site's root.
SERVICE_WORKER = "sw.js"
#: How much the precache keeps, for the page's control (under the site's root).
INFO = "_static/gamebox-offline.json"
#: The script that generates the service worker (beside this file).
GENERATOR = Path(__file__).with_name("offline_sw.mjs")

#: The browser's toolbar on a phone, and the splash screen of the installed book.
THEME_COLOUR = "#1a1a1a"
BACKGROUND_COLOUR = "#fffdf8"
#: The home-screen icons under ``_static/`` (size in px, file).
ICONS = ((192, "gamebox-icon-192.png"), (512, "gamebox-icon-512.png"))

#: Files of the built site that no page loads, so the precache leaves them out: the
#: pages' sources (a download), Sphinx's build record and inventory, source maps and
#: licence notes beside the theme's scripts, the theme's translations (compiled in), and
#: MathJax's SVG output (the book draws its maths with CHTML).
IGNORED = (
    ".buildinfo",
    "objects.inv",
    "_sources/**",
    "**/*.map",
    "**/*.LICENSE.txt",
    "_static/locales/**",
    "_static/mathjax/output/svg/**",
    "_static/mathjax/output/svg.js",
)

#: The largest file the precache keeps: Pyodide's WebAssembly is 9.6 MB (Workbox's
#: default limit is 2 MB, and a bigger file would be left out with a warning).
LARGEST_FILE = 16 * 1024 * 1024


def web_manifest(title: str, start: str) -> dict[str, Any]:
    """The web app manifest of a site titled ``title`` whose first page is ``start``
    (relative to the site's root, where the manifest lives).

    >>> m = web_manifest("gamebox", "book/intro.html")
    >>> m["display"], m["start_url"], m["scope"], [i["sizes"] for i in m["icons"]]
    ('standalone', 'book/intro.html', './', ['192x192', '512x512', 'any'])
    """
    icons = [
        {"src": f"_static/{name}", "sizes": f"{size}x{size}", "type": "image/png"}
        for size, name in ICONS
    ]
    icons.append({"src": "_static/favicon.svg", "sizes": "any", "type": "image/svg+xml"})
    return {
        "name": f"{title}: the interactive rules book",
        "short_name": title,
        "description": "Rules, examples and play boards of card and dice games; works offline.",
        "start_url": start,
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }


def workbox_config(site: Path, info: Path) -> dict[str, Any]:
    """generateSW's options for the built site in ``site`` (see ``offline_sw.mjs``):
    every file but :data:`IGNORED` precached, navigations to a folder served its
    ``index.html``, a page's query string ignored (a page is the same page with any
    query), old caches dropped, and the new worker waiting for the reader's Reload."""
    return {
        "info": str(info),
        "globDirectory": str(site),
        "globPatterns": ["**/*"],
        "globIgnores": list(IGNORED),
        "swDest": str(site / SERVICE_WORKER),
        "maximumFileSizeToCacheInBytes": LARGEST_FILE,
        "cleanupOutdatedCaches": True,
        "clientsClaim": True,
        "skipWaiting": False,
        "directoryIndex": "index.html",
        "ignoreURLParametersMatching": [".*"],
        "inlineWorkboxRuntime": True,
        "sourcemap": False,
        "mode": "production",
    }


def generate_service_worker(root: Path, site: Path) -> dict[str, Any]:
    """Write ``sw.js`` and the precache's :data:`INFO` into the built ``site`` with the
    project's node_modules (``root``); returns ``{"files", "bytes", "warnings"}``."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("the book's service worker is made with node: apt-get install nodejs")
    with tempfile.TemporaryDirectory(prefix="gamebox-sw-") as folder:
        config = Path(folder) / "workbox.json"
        config.write_text(json.dumps(workbox_config(site, site / INFO)), encoding="utf-8")
        done = subprocess.run(
            [node, str(GENERATOR), str(config)],
            cwd=root,
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode != 0:
        raise RuntimeError(f"generating the service worker failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout)


def head_tags(pathto: Any) -> str:
    """The tags every page's head gets: its manifest, theme colour and home-screen icon
    (``pathto(file, 1)``: Sphinx's path from the page to a file of the site)."""
    return (
        f'<link rel="manifest" href="{pathto(MANIFEST, 1)}" />\n'
        f'<meta name="theme-color" content="{THEME_COLOUR}" />\n'
        f'<link rel="apple-touch-icon" href="{pathto("_static/" + ICONS[0][1], 1)}" />\n'
    )


def _page(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    """``html-page-context``: the manifest's tags in the page's head."""
    if "pathto" in context:
        context["metatags"] = context.get("metatags", "") + head_tags(context["pathto"])


def _build_finished(app: Any, exception: Exception | None) -> None:
    """``build-finished``, after booktool's (priority 400): the manifest and the worker."""
    from sphinx.util import logging

    if exception is not None or app.builder.format != "html":
        return
    site = Path(app.outdir)
    start = app.builder.get_target_uri(app.config.root_doc)
    title = app.config.html_title or app.config.project
    manifest = web_manifest(title, start)
    (site / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    made = generate_service_worker(Path(app.srcdir), site)
    logger = logging.getLogger(__name__)
    for warning in made.get("warnings", []):
        logger.warning(f"service worker: {warning}")
    logger.info(f"service worker: {made['files']} files precached, {made['bytes'] / 1e6:.1f} MB")


def setup(app: Any) -> dict[str, Any]:
    """Sphinx entry point (``local_extensions: {offline: book}`` in ``_config.yml``)."""
    app.add_js_file("gamebox-offline.js", defer="defer")
    app.add_css_file("gamebox-offline.css")
    app.connect("html-page-context", _page)
    # after booktool's (400), which copies Pyodide and the wheel into _static/, and
    # sphinx-external-toc's (500), which may write index.html
    app.connect("build-finished", _build_finished, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
