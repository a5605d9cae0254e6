"""The strong bots' thinking time in the static site, on Pyodide, beside this CPython.

    python benchmarks/pyodide_bots.py --site _build/html          # every game, a built site
    python benchmarks/pyodide_bots.py skip-bo yahtzix --deals 5   # two games, 5 deals each
    python benchmarks/pyodide_bots.py --json                      # builds the book first

Issue 17 asks the strong level to keep the board responsive in the browser: under a
second per bot move on Pyodide. For each game this script opens the game's chapter page
of the built site in headless Chromium (Debian's, under Playwright), served from
127.0.0.1 with every other request refused (the site is offline), and starts Pyodide
there from the files the play board's worker loads (``gamebox/static/play_worker.js``:
the site's own ``_static/gamebox/pyodide/``, then the gamebox wheel, then ``import
gamebox.play``); that is the *start* time. It runs on the page's main thread here, where
a call can be timed alone: the same Python as in the worker, without its messages. Then
it plays ``--deals`` seeded two-player games (seeds ``--seed``, ``--seed`` + 1...)
through ``Session.answer``, the one call the board makes (each game's new session is
timed too, *deal*: it warms the bots, building the tables some build once, as the
board's first call does while the reader waits for "Play"): the reader's seat (seat 0) by
the first-move rule (a newcomer who clicks the first listed move), the other seat the
strong bot, each game until ``--moves`` strong moves are made or it ends. Each call is
timed inside the page with ``performance.now()`` around it (no Playwright round trip is
counted); a bot call includes what the board waits for: the bot's thinking, the move and
the new view (the board's SVG). Chance moves (dice, a shuffle) are not counted. On the
reader's turn the board *ponders* (``play.js``: "ponder" calls once the board is drawn,
one hint each, while the view says some are owed): the strong bot's thought on the
reader's position, kept for the review and the Hint button, while the reader thinks;
those calls are reported apart. With ``--no-ponder`` the reader moves before the board
has pondered: the hint of each of the reader's moves is then owed to the review, and
the bot's reply does not wait for it (it did until the board pondered owed hints one a
call); the *review* column is the wait for the finished game's review, which works out
every hint still owed (none when the board pondered). A reader who clicks while a
ponder call is under way waits for it to end, then for the move and the bot: the
*click* column is the longest such wait, were the click made as the turn's last ponder
call began.

Last, the *stall* columns: what a reader feels, on a fresh visit to the chapter, of
the real play board (``play.js``, its Python in the page's worker): the page's longest
main-thread stall, the gap between two ticks of a 10 ms timer, while "Play" starts
Python against the strong bots, then while the reader makes ``--moves`` moves by
clicking the first move button (pondering and the bots' replies included). A page that
froze while Python worked would show its whole wait here.

The same games are then played by the same code in this CPython (a fresh interpreter
that imports gamebox from the site's own wheel, whatever the checkout holds now): the
same seeds give the same positions (the script checks that the games' logs are the same
on both sides), so the ratio Pyodide/CPython compares like with like. Without ``--site``
the script builds the book into a temporary folder first (``jupyter-book build --all``,
a minute or more). The figures depend on the machine and on its load; the speed targets
live here, in a benchmark, not in the tests.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import inspect
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from gamebox.core import games

ROOT = Path(__file__).resolve().parent.parent
#: The target of issue 17: a strong bot's move under a second on Pyodide.
TARGET_MS = 1000.0


def drive(spec: dict, most: int, ponder: bool, clock) -> dict:
    """Deal the session of ``spec`` (timed: "deal", the bots warmed) and play it on
    through its board's calls (``Session.answer``): the reader by the first-move rule
    (after the board's pondering, with ``ponder``: "ponder" calls while the view owes
    hints, as ``play.js`` makes them), the bots as they come, until ``most`` bot moves
    (chance moves aside) or the game's end; then, if it ended, the review's first frame.
    Returns each timed call's milliseconds by kind ("deal", "bot", "ponder", "review",
    and "click": a reader's wait who clicks as the turn's last ponder call begins, that
    call, the move and the call after it if a bot's or chance's) and the sha256 of the
    game's log. Sent to Pyodide as source, so it imports what it needs itself."""
    import hashlib
    import json

    from gamebox.play import Session

    start = clock()
    session = Session.from_spec(spec)
    dealt = clock() - start

    def ask(call, arg=None):
        start = clock()
        view = json.loads(session.answer(json.dumps({"call": call, "arg": arg})))
        if view["error"]:
            raise RuntimeError(f"{call}: {view['error']}")
        return view, clock() - start

    times = {"deal": [dealt], "bot": [], "ponder": [], "review": [], "click": []}
    view = session.view()
    click = None  # the wait so far of a reader who clicked during the last ponder call
    while not view["over"] and len(times["bot"]) < most:
        if view["your_turn"]:
            owed, last = ponder, 0.0
            while owed:  # a site before hints_owed: one call
                view, last = ask("ponder")
                times["ponder"].append(last)
                owed = view.get("hints_owed", 0)
            view, ms = ask("move", view["moves"][0])
            click = last + ms if ponder else None
            if click is not None and not view["bots_to_move"]:
                times["click"].append(click)
                click = None
        else:
            chance = session.state.is_chance
            view, ms = ask("bot")
            if not chance:
                times["bot"].append(ms)
            if click is not None:
                times["click"].append(click + ms)
                click = None
    log = "\n".join(view["log"]).encode()
    if view["over"]:
        times["review"].append(ask("review", 0)[1])
    return {"times": times, "over": view["over"], "log": hashlib.sha256(log).hexdigest()}


#: Run in the chapter page: start Pyodide as play.js does, then play the game.
IN_PAGE = """async ([specs, most, ponder, source]) => {
  const root = document.documentElement.dataset.content_root || "./";
  const base = new URL(`${root}_static/gamebox/`, window.location.href).href;
  const t0 = performance.now();
  const { loadPyodide } = await import(`${base}pyodide/pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL: `${base}pyodide/` });
  const manifest = await (await fetch(`${base}wheel.json`)).json();
  const wheel = await (await fetch(`${base}${manifest.wheel}`)).arrayBuffer();
  pyodide.unpackArchive(wheel, "wheel");
  pyodide.runPython("import gamebox.play");
  const started = performance.now() - t0;
  pyodide.globals.set("specs_json", JSON.stringify(specs));
  pyodide.globals.set("most", most);
  pyodide.globals.set("ponder", ponder);
  pyodide.runPython("from js import performance; clock = performance.now");
  const out = pyodide.runPython(source);
  return { started, version: pyodide.version, games: JSON.parse(out) };
}"""


#: The Python that plays the games, the same on both sides: given ``specs_json``,
#: ``most``, ``ponder`` and ``clock`` (milliseconds), its last line's value is the JSON
#: list of each game's figures. Read once, at import: the file may change meanwhile.
PROGRAM = "\n".join(
    [
        inspect.getsource(drive),
        "import json",
        "json.dumps([drive(s, most, ponder, clock) for s in json.loads(specs_json)])",
    ]
)


@dataclass
class Result:
    """One game's figures (milliseconds, over the games of ``seeds``), or the error that
    stopped its measure. ``ended``: the games that ended before their ``--moves``;
    ``ponder``: did the board ponder on each of the reader's turns (see :class:`Plan`);
    ``page_errors``: the chapter page's own errors meanwhile (a broken board, say)."""

    game: str
    seeds: list[int]
    ponder: bool = True
    start_ms: float = 0.0
    pyodide: str = ""
    bot_ms: list[float] = field(default_factory=list)
    ponder_ms: list[float] = field(default_factory=list)
    review_ms: list[float] = field(default_factory=list)
    deal_ms: list[float] = field(default_factory=list)
    click_ms: list[float] = field(default_factory=list)
    cpython_bot_ms: list[float] = field(default_factory=list)
    ended: int = 0
    same_game: bool = False
    page_errors: list[str] = field(default_factory=list)
    stall_start_ms: float = 0.0
    stall_play_ms: float = 0.0
    error: str = ""

    @property
    def ratio(self) -> float | None:
        """Pyodide's mean time per strong move over this CPython's, on the same
        positions (None if the two games differed)."""
        if not (self.same_game and self.bot_ms and sum(self.cpython_bot_ms)):
            return None
        return statistics.fmean(self.bot_ms) / statistics.fmean(self.cpython_bot_ms)

    def summary(self) -> dict:
        def figures(ms: list[float]) -> dict:
            if not ms:
                return {"count": 0}
            mean, median = statistics.fmean(ms), statistics.median(ms)
            return {"count": len(ms), "mean": mean, "median": median, "slowest": max(ms)}

        return {
            **{k: v for k, v in asdict(self).items() if not k.endswith("_ms")},
            "start_ms": self.start_ms,
            "bot": figures(self.bot_ms),
            "ponder": figures(self.ponder_ms),
            "review": figures(self.review_ms),
            "deal": figures(self.deal_ms),
            "click": figures(self.click_ms),
            "cpython_bot": figures(self.cpython_bot_ms),
            "ratio": self.ratio,
            "over_target": sum(ms > TARGET_MS for ms in self.bot_ms),
            "stall": {"start": self.stall_start_ms, "play": self.stall_play_ms},
        }


@dataclass(frozen=True)
class Plan:
    """What is played for each game: a deal per seed, each to ``moves`` strong moves (or
    its end), the board pondering on the reader's turns or not (``ponder``)."""

    seeds: tuple[int, ...]
    moves: int = 30
    ponder: bool = True

    def specs(self, game: str) -> list[dict]:
        """The sessions: two players, the reader at seat 0, the other the strong bot."""
        spec = {"game": game, "players": 2, "seat": 0, "bots": "strong"}
        return [{**spec, "seed": seed} for seed in self.seeds]


def chapter(game: str) -> str:
    """The path of a game's chapter page in the built site."""
    return f"book/{game.replace('-', '_')}.html"


def wheel(site: Path) -> Path:
    """The gamebox wheel that the site's play boards load."""
    folder = site / "_static" / "gamebox"
    return folder / json.loads((folder / "wheel.json").read_text())["wheel"]


def in_cpython(site: Path, game: str, plan: Plan) -> list[dict]:
    """The same game in this CPython, from the site's own wheel (the code the browser
    ran, whatever the checkout holds now), in a fresh interpreter."""
    where = str(wheel(site))
    lines = PROGRAM.splitlines()
    code = "\n".join(
        [
            "import sys, time",
            f"sys.path.insert(0, {where!r})",
            "import gamebox.play",
            f"assert gamebox.play.__file__.startswith({where!r}), gamebox.play.__file__",
            f"specs_json = {json.dumps(plan.specs(game))!r}",
            f"most, ponder = {plan.moves}, {plan.ponder}",
            "clock = lambda: time.perf_counter() * 1000",
            *lines[:-1],
            f"print({lines[-1]})",
        ]
    )
    with tempfile.TemporaryDirectory() as away:  # not the checkout's gamebox/
        proc = subprocess.run(
            [sys.executable, "-c", code], cwd=away, capture_output=True, text=True, check=False
        )
    if proc.returncode:
        said = proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"]
        raise RuntimeError(f"in CPython: {said[-1]}")
    return json.loads(proc.stdout)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 (a free port); yields its address."""
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def build(out: Path) -> Path:
    """Build the book into ``out``; returns its html folder."""
    exe = shutil.which("jupyter-book")
    cmd = [exe] if exe else [sys.executable, "-m", "jupyter_book.cli.main"]
    cmd += ["build", "--all", str(ROOT), "--path-output", str(out)]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    html = out / "_build" / "html"
    if proc.returncode or not (html / "index.html").is_file():
        raise SystemExit(f"the book build failed:\n{(proc.stdout + proc.stderr)[-4000:]}")
    return html


def in_browser(browser, base: str, game: str, plan: Plan) -> dict:
    """The game played in a fresh browser context (a cold cache: a reader's first visit)
    on its chapter page. A request to any other host fails it; the page's own errors
    (the chapter's, not the measure's) are returned in ``page_errors``."""
    problems: list[str] = []
    page_errors: list[str] = []
    here = urlsplit(base)

    def gate(route) -> None:
        url = urlsplit(route.request.url)
        if url.scheme in ("data", "blob") or url.netloc == here.netloc:
            route.continue_()
        else:
            problems.append(f"request to another host: {route.request.url}")
            route.abort()

    context = browser.new_context()
    try:
        context.route("**/*", gate)
        page = context.new_page()
        page.on("pageerror", lambda err: page_errors.append(str(err)))
        page.goto(f"{base}/{chapter(game)}", wait_until="load")
        args = [plan.specs(game), plan.moves, plan.ponder, PROGRAM]
        out = page.evaluate(IN_PAGE, args)
    finally:
        context.close()
    if problems:
        raise RuntimeError("; ".join(problems[:3]))
    return {**out, "page_errors": page_errors}


#: Run in the chapter page: the longest gap between ticks of a 10 ms timer while the
#: first free play board starts against the strong bots, then while the reader makes
#: ``moves`` moves with the first move button.
STALL = """async (root, moves) => {
  let last = performance.now(), longest = 0;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    timer = setTimeout(tick, 10);
  };
  let timer = setTimeout(tick, 10);
  const until = async (ok) => {
    while (!ok()) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  const over = () => root.dataset.over === "true";
  const ready = () => root.dataset.busy !== "true" && root.querySelector(".gbp-move");
  root.dataset.pause = "0";
  const bots = root.querySelector(".gbp-bots");
  bots.value = "strong";
  bots.dispatchEvent(new Event("change", { bubbles: true }));
  root.querySelector(".gbp-start").click();
  await until(() => ready() || over());
  const start = longest;
  longest = 0;
  for (let k = 0; k < moves && !over(); k++) {
    await until(() => (ready() && root.dataset.yourTurn === "true") || over());
    if (!over()) root.querySelector(".gbp-move").click();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await until(() => root.dataset.busy !== "true");
  clearTimeout(timer);
  return { start, play: longest };
}"""


def page_stall(browser, base: str, game: str, moves: int) -> dict:
    """The page's longest main-thread stalls (:data:`STALL`) on a fresh visit."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_default_timeout(300_000)
        page.goto(f"{base}/{chapter(game)}", wait_until="load")
        root = page.locator("[data-gamebox-play]:not([data-gamebox-guide])").first
        root.locator(".gbp-start").wait_for()
        return root.evaluate(STALL, moves)
    finally:
        context.close()


def failure(err: Exception) -> str:
    """An error in a line: its first line, and its last if they differ (for Python's
    error inside the page, the traceback's head and the error itself)."""
    lines = [line.strip() for line in str(err).splitlines() if line.strip()] or [""]
    said = lines[0] if len(lines) == 1 else f"{lines[0]} ... {lines[-1]}"
    return f"{type(err).__name__}: {said}"[:300]


def measure(site: Path, names: list[str], plan: Plan) -> list[Result]:
    """Each game's figures, in the browser then in this CPython."""
    from playwright.sync_api import sync_playwright

    if str(ROOT) not in sys.path:  # run as a script: the browser tests' Chromium settings
        sys.path.insert(0, str(ROOT))
    from tests.browser import CHROMIUM, CHROMIUM_ARGS

    results = []
    with serve(site) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for game in names:
                result = Result(game, list(plan.seeds), plan.ponder)
                results.append(result)
                if game not in games():
                    result.error = f"no game called {game!r}"
                    continue
                try:
                    page = in_browser(browser, base, game, plan)
                    here = in_cpython(site, game, plan)
                except Exception as err:  # reported in its row; the other games go on
                    result.error = failure(err)
                    continue
                result.start_ms, result.pyodide = page["started"], page["version"]
                result.page_errors = page["page_errors"]
                played = page["games"]
                result.bot_ms = [ms for g in played for ms in g["times"]["bot"]]
                result.ponder_ms = [ms for g in played for ms in g["times"]["ponder"]]
                result.review_ms = [ms for g in played for ms in g["times"]["review"]]
                result.deal_ms = [ms for g in played for ms in g["times"]["deal"]]
                result.click_ms = [ms for g in played for ms in g["times"]["click"]]
                result.cpython_bot_ms = [ms for g in here for ms in g["times"]["bot"]]
                result.ended = sum(g["over"] for g in played)
                result.same_game = [g["log"] for g in played] == [g["log"] for g in here]
                try:
                    stall = page_stall(browser, base, game, plan.moves)
                except Exception as err:
                    result.error = failure(err)
                    continue
                result.stall_start_ms, result.stall_play_ms = stall["start"], stall["play"]
        finally:
            browser.close()
    return results


def table(results: list[Result]) -> str:
    """The figures as an aligned text table, one row a game."""
    head = (
        f"{'game':17} | {'start s':>7} | {'deal':>4} | {'moves':>5} | {'mean ms':>7} | "
        f"{'median':>6} | {'slowest':>7} | {'>1 s':>4} | {'CPython':>7} | {'ratio':>5} | "
        f"{'ponders':>7} | {'mean':>6} | {'slowest':>7} | {'click':>6} | {'review':>6} | "
        f"{'stall ms':>11}"
    )
    lines = [head, "-" * len(head)]
    for r in results:
        if r.error:
            lines.append(f"{r.game:17} | {r.error}"[: len(head)].ljust(len(head)))
            continue
        s = r.summary()
        bot, thought, cpy = s["bot"], s["ponder"], s["cpython_bot"]
        ratio = f"{r.ratio:5.2f}" if r.ratio is not None else "  n/a"
        moves = f"{bot['count']}{'*' if r.ended else ' '}"
        lines.append(
            f"{r.game:17} | {r.start_ms / 1000:7.1f} | {s['deal'].get('slowest', 0):4.0f} | "
            f"{moves:>5} | {bot.get('mean', 0):7.1f} | {bot.get('median', 0):6.1f} | "
            f"{bot.get('slowest', 0):7.1f} | {s['over_target']:4} | {cpy.get('mean', 0):7.1f} | "
            f"{ratio} | {thought['count']:7} | {thought.get('mean', 0):6.1f} | "
            f"{thought.get('slowest', 0):7.1f} | {s['click'].get('slowest', 0):6.0f} | "
            f"{s['review'].get('slowest', 0):6.0f} | "
            f"{r.stall_start_ms:5.0f} {r.stall_play_ms:5.0f}"
        )
    lines.append(
        "start: Pyodide and gamebox loaded; deal: ms of the slowest new session (its bots "
        "warmed); moves: strong bot moves timed (* a game ended first); mean/median/slowest: "
        "ms per strong move on Pyodide, the board's call; CPython: mean ms of the same moves "
        "here; ratio: Pyodide/CPython; ponders: the board's thought on the reader's turns "
        "(one hint a call: the reader's position's, for the review and the Hint button), on "
        "Pyodide; click: ms of the longest wait of a reader who clicks as a turn's last "
        "ponder call begins (that call, the move, the next bot's call); review: ms of the "
        "slowest opening of a finished game's review (it works out the hints still owed); "
        "stall: the page's longest main-thread stall with the real board, while Python "
        "starts and while the reader plays (Python runs in a worker)."
    )
    if not all(r.ponder for r in results):
        lines.append(
            "No pondering: the reader moved at once; the hints of the reader's moves are owed "
            "to the review, which works them out when it opens (the bots' replies do not)."
        )
    lines += [f"{r.game}: the page's error: {e[:200]}" for r in results for e in r.page_errors]
    if any(r.error == "" and not r.same_game for r in results):
        lines.append("n/a: the game on Pyodide and in CPython differed, so no ratio.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all six)")
    parser.add_argument("--site", type=Path, help="a built site (_build/html); else build it")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (1)")
    parser.add_argument("--deals", type=int, default=3, help="seeded deals per game (3)")
    parser.add_argument("--moves", type=int, default=30, help="strong moves per deal (30)")
    parser.add_argument(
        "--no-ponder",
        action="store_true",
        help="the reader moves before the board has pondered: the bot's reply to a move "
        "also works out the move's hint, for the review",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    names = args.games or games()
    with tempfile.TemporaryDirectory(prefix="gamebox-book-") as tmp:
        site = args.site or build(Path(tmp))
        if not (site / chapter(names[0])).is_file() and names[0] in games():
            raise SystemExit(f"{site} has no {chapter(names[0])}: is it a built site?")
        seeds = tuple(range(args.seed, args.seed + args.deals))
        results = measure(site, names, Plan(seeds, args.moves, not args.no_ponder))
    if args.json:
        print(json.dumps([r.summary() for r in results], indent=1))
    else:
        print(table(results))
    return 1 if any(r.error for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
