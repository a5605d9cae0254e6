"""What the browser tests share: Debian's Chromium, the watch on what a page does, and
the script that plays a play board's game to its end by clicking."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

CHROMIUM = os.environ.get("GAMEBOX_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

#: Hosts and schemes a page may load from: the server under test only.
LOCAL_HOSTS = {"127.0.0.1"}
LOCAL_SCHEMES = {"data", "blob", "about"}


class Watch:
    """Everything a page does that the tests forbid: a console error, a page error, a
    failed request, an HTTP error, a request to another host or port than ``base``'s."""

    def __init__(self, page, base: str) -> None:
        self.problems: list[str] = []
        base_port = urlsplit(base).port

        def on_request(request) -> None:
            url = urlsplit(request.url)
            if url.scheme in LOCAL_SCHEMES:
                return
            if url.hostname not in LOCAL_HOSTS or url.port != base_port:
                self.problems.append(f"request to another host: {request.url}")

        def on_response(response) -> None:
            if response.status >= 400:
                self.problems.append(f"HTTP {response.status}: {response.url}")

        def on_failed(request) -> None:
            # Fetches a navigation may cut off (ERR_ABORTED), none the book's fault: the
            # page's icon, which Chromium fetches on its own, and the Python runtime that a
            # page with play boards preloads while the reader is idle (_static/gamebox/).
            aborted = "ERR_ABORTED" in (request.failure or "")
            path = urlsplit(request.url).path
            if not (aborted and (path.endswith("/favicon.svg") or "/_static/gamebox/" in path)):
                self.problems.append(f"request failed: {request.url} ({request.failure})")

        page.on("request", on_request)
        page.on("response", on_response)
        page.on("requestfailed", on_failed)
        page.on("pageerror", lambda err: self.problems.append(f"page error: {err}"))
        page.on(
            "console",
            lambda msg: msg.type == "error" and self.problems.append(f"console error: {msg.text}"),
        )


#: Plays the board's game to its end, the bots' pause set to 0 (at a pass-and-play
#: screen, each reader takes the screen when it is passed). On the reader's turn it
#: clicks the board: a piece outlined as a possible next pick, else the first piece that
#: can be picked; when a pick leaves several moves that no further piece tells apart
#: (or a move has no piece to pick, such as "roll"), it clicks the first move button.
PLAY_TO_THE_END = """async (root) => {
  root.dataset.pause = "0";
  const t0 = performance.now();
  let board = 0, buttons = 0;
  const q = (selector) => root.querySelector(selector);
  while (root.dataset.over !== "true") {
    if (performance.now() - t0 > 300000) throw new Error("the game did not end");
    if (root.dataset.busy !== "true" && root.dataset.handover === "true") {
      q(".gbp-ready").click();  // pass-and-play: the next reader takes the screen
    } else if (
      root.dataset.busy !== "true" && root.dataset.yourTurn === "true" && q(".gbp-move")
    ) {
      const piece = q(".gbp-board .gbp-target") ||
        (q(".gbp-board .gbp-selected") ? null : q(".gbp-board .gbp-pickable"));
      if (piece) {
        piece.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        board += 1;
      } else {
        q(".gbp-move").click();
        buttons += 1;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const humans = ["You", ...[...root.querySelectorAll(".gbp-names")].flatMap(
    (field) => field.value.split(",").map((name) => name.trim()).filter(Boolean)
  )];
  const you = [...root.querySelectorAll(".gbp-log-list li")]
    .filter((li) => humans.some((name) => li.textContent.startsWith(`${name}:`))).length;
  return { board, buttons, you, ms: performance.now() - t0 };
}"""


#: No text on a board may be smaller than this, in CSS pixels (gamebox.svg.SMALLEST).
SMALLEST_PX = 11
#: Every piece a move picks takes a tap this big, in CSS pixels (gamebox.svg.TAP).
TAP_PX = 44

#: The pieces a legal move picks now, on every play board whose reader is to move (its
#: front end marks them gbp-pickable): each one scrolled to the middle of the screen,
#: then measured and tapped where a finger lands, at its centre. Returns the pieces
#: measured and what is wrong: a piece smaller than ``least`` px either way, or one
#: whose centre lands on something else (the piece the front end reads from the element
#: there, as play.js's pieceAt does: the innermost pickable piece around it).
TAPPABLE = """(least) => {
  const wrong = [];
  let pieces = 0;
  const name = (el) => el ? el.tagName.toLowerCase() + (el.dataset.pick ?
    `[data-pick="${el.dataset.pick}"]` : "") + (el.getAttribute("class") ?
    `.${el.getAttribute("class").trim().split(/\\s+/).join(".")}` : "") : "nothing";
  const pieceAt = (node) => {
    let piece = node && node.closest("[data-pick]");
    while (piece && !piece.classList.contains("gbp-pickable")) {
      piece = piece.parentElement && piece.parentElement.closest("[data-pick]");
    }
    return piece;
  };
  for (const root of document.querySelectorAll("[data-gamebox-play]")) {
    if (root.dataset.yourTurn !== "true" || root.dataset.busy === "true") continue;
    const board = `${root.dataset.gameboxPlay}${"gameboxGuide" in root.dataset ? " guided" : ""}`;
    for (const piece of root.querySelectorAll(".gbp-board .gbp-pickable")) {
      pieces += 1;
      piece.scrollIntoView({ block: "center", inline: "center" });
      const box = piece.getBoundingClientRect();
      const size = `${Math.round(box.width * 10) / 10} x ${Math.round(box.height * 10) / 10}`;
      if (box.width < least - 0.5 || box.height < least - 0.5) {
        wrong.push(`${board}: ${piece.dataset.pick} is ${size} px`);
      }
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      if (pieceAt(hit) !== piece) {
        wrong.push(`${board}: a tap at the centre of ${piece.dataset.pick} (${size} px) ` +
          `lands on ${name(hit)}, which picks ${pieceAt(hit)?.dataset.pick ?? "nothing"}`);
      }
    }
  }
  return { pieces, wrong };
}"""


#: The browser asks to save data (a data saver, a metered connection): the book keeps
#: nothing for offline use and preloads no runtime unless the reader asks.
SAVE_DATA = """Object.defineProperty(navigator, "connection", {
  value: { saveData: true, addEventListener() {}, removeEventListener() {} },
})"""


class QuietBrowser:
    """Chromium whose new contexts neither keep the book (service workers blocked) nor
    preload Play's runtime (the browser saves data), unless a test asks with
    ``keeps=True``: the survey tests open every page many times, and each visit would
    otherwise fetch and compile some 20 MB in the background on the test machine's two
    cores. The offline tests (``tests/test_offline.py``) check both features."""

    def __init__(self, browser) -> None:
        self._browser = browser

    def new_context(self, *, keeps: bool = False, **options):
        if keeps:
            return self._browser.new_context(**options)
        context = self._browser.new_context(**{"service_workers": "block", **options})
        context.add_init_script(SAVE_DATA)
        return context

    def __getattr__(self, name: str):
        return getattr(self._browser, name)
