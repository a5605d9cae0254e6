"""The example boards' viewpoints and variants in the built book, in a real browser.

On every board of every page: the viewpoint is switched to each seat's view and the
board stepped through (every question answered with each choice, then revealed), and
no card or tile hidden from that seat is named in the board's text (its narration,
note, question, verdicts, divergence line and screen-reader text; its drawing for the
names that cannot be a count or a label). On every board with variants, each variant
is switched on: the board goes to the step where play diverges and marks it (a refused
move's ruling in the mark), or says the example plays the same.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from gamebox.core import game_class
from gamebox.scenario import NAME, hidden_names
from gamebox.widgets import unpack_board
from tests.browser import Watch
from tests.conftest import GAMES

pytestmark = pytest.mark.slow

STATE_MIME = "application/vnd.jupyter.widget-state+json"
TIMEOUT_MS = 60_000
EXAMPLES = {sc.id: sc for name in GAMES for sc in game_class(name).examples()}


def pages(site: Path) -> list[str]:
    skip = ("_static/", "_sources/", "_images/")
    return [
        rel
        for path in sorted(site.rglob("*.html"))
        if not (rel := path.relative_to(site).as_posix()).startswith(skip)
    ]


def boards_in(html_text: str) -> list[dict]:
    """The Steppers embedded in a page, with their views and variants unpacked."""
    found = []
    pattern = rf'<script type="{re.escape(STATE_MIME)}">(.*?)</script>'
    for block in re.findall(pattern, html_text, re.S):
        for model in json.loads(block).get("state", {}).values():
            s = model.get("state", {})
            if "example_id" in s and "packed" in s and "gamebox Stepper" in str(s.get("_esm")):
                frames, views, variants = unpack_board(s["packed"])
                found.append(
                    {"id": s["example_id"], "frames": frames, "views": views, "variants": variants}
                )
    return found


#: Switches a board to one list (a seat's view), steps through it, and returns what
#: the board says at each step: on a "your move" step, first the question with every
#: choice's verdict (on the position before the move), then the step itself.
STEP_THROUGH_VIEW = """async ([id, key]) => {
  const root = document.querySelector(`[data-gamebox-stepper="${id}"]`);
  const pick = root.querySelector(".gbs-view");
  pick.value = key;
  pick.dispatchEvent(new Event("change"));
  root.querySelector('button[data-act="first"]').click();
  const parts = [".gbs-say", ".gbs-note", ".gbs-sr", ".gbs-prompt", ".gbs-choices",
    ".gbs-verdict", ".gbs-diverge", ".gbs-mark"];
  const grab = (stage) => ({
    stage,
    index: Number(root.dataset.index),
    text: parts.map((s) => root.querySelector(s)).filter((el) => el && !el.closest("[hidden]"))
      .map((el) => el.textContent).join("\\n"),
    drawing: [...root.querySelectorAll(".gbs-board svg text, .gbs-board svg title, "
      + ".gbs-board svg desc")].map((t) => t.textContent).join("\\n"),
  });
  const out = [];
  const n = Number(root.dataset.count);
  for (let i = 0; i < n; i += 1) {
    if (i) root.querySelector('button[data-act="next"]').click();
    if (root.dataset.asking === "true") {
      const choices = root.querySelectorAll(".gbs-choice");
      for (let k = 0; k < choices.length; k += 1) {
        if (root.dataset.asking !== "true") break;
        if (root.querySelectorAll(".gbs-choice")[k].dataset.legal === "true") continue;
        root.querySelectorAll(".gbs-choice")[k].click();
        out.push(grab("ask"));
      }
      out.push(grab("ask"));
      if (root.dataset.asking === "true") root.querySelector(".gbs-reveal").click();
    }
    out.push(grab("step"));
  }
  return { list: root.dataset.list, count: n, out };
}"""

#: Switches a board to one variant and returns where it stands and what it marks.
SWITCH_VARIANT = """([id, key]) => {
  const root = document.querySelector(`[data-gamebox-stepper="${id}"]`);
  const pick = root.querySelector(".gbs-variant");
  pick.value = key;
  pick.dispatchEvent(new Event("change"));
  const mark = root.querySelector(".gbs-mark");
  const line = root.querySelector(".gbs-diverge");
  return {
    list: root.dataset.list,
    index: Number(root.dataset.index),
    count: Number(root.dataset.count),
    diverged: root.dataset.diverged,
    mark: mark.hidden ? null : mark.textContent,
    line: line.hidden ? null : line.textContent,
    viewLocked: root.querySelector(".gbs-view").disabled,
  };
}"""


def open_boards(browser, url: str, expected: int):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    watch = Watch(page, url)
    page.goto(url, wait_until="load")
    page.wait_for_function(
        "n => document.querySelectorAll('[data-gamebox-stepper]').length >= n", arg=expected
    )
    return context, page, watch


def test_every_seat_view_and_variant_of_every_board(site: Path, server: str, browser) -> None:
    seen = {"views": 0, "steps": 0, "variants": 0, "marks": 0, "open": 0}
    for rel in pages(site):
        boards = boards_in((site / rel).read_text(encoding="utf-8"))
        if not boards:
            continue
        context, page, watch = open_boards(browser, f"{server}/{rel}", len(boards))
        try:
            for b in boards:
                check_views(page, b, rel, seen)
                check_variants(page, b, rel, seen)
            page.wait_for_timeout(100)
            assert not watch.problems, f"{rel}:\n" + "\n".join(watch.problems)
        finally:
            context.close()
    print("checked:", seen)
    assert seen["views"] and seen["marks"] and seen["open"], seen


def check_views(page, b: dict, rel: str, seen: dict) -> None:
    board = page.locator(f'[data-gamebox-stepper="{b["id"]}"]').first
    scenario = EXAMPLES.get(b["id"])
    if not b["views"]:
        if scenario is not None:
            assert not scenario.has_hidden(), b["id"]
            note = board.locator(".gbs-open").inner_text()
            assert note.startswith("Nothing is hidden"), (rel, b["id"], note)
            seen["open"] += 1
        return
    assert scenario is not None and len(b["views"]) == scenario.players, b["id"]
    states = scenario.states()
    for seat, view in enumerate(b["views"]):
        got = page.evaluate(STEP_THROUGH_VIEW, [b["id"], f"view-{seat}"])
        assert got["list"] == f"view-{seat}" and got["count"] == len(view["frames"]), b["id"]
        for shown in got["out"]:
            i = shown["index"]
            hidden = hidden_names(states[i], seat)
            if shown["stage"] == "ask":  # the question stands on the position before
                hidden |= hidden_names(states[i - 1], seat)
            named = set(NAME.findall(shown["text"])) & hidden
            drawn = {n for n in NAME.findall(html.unescape(shown["drawing"])) if not n.isdigit()}
            where = f"{rel} {b['id']} {view['label']} step {i} ({shown['stage']})"
            assert not named, (where, named, shown["text"])
            assert not drawn & hidden, (where, drawn & hidden)
            seen["steps"] += 1
        seen["views"] += 1
    page.evaluate(STEP_THROUGH_VIEW, [b["id"], ""])  # back to the teaching view


def check_variants(page, b: dict, rel: str, seen: dict) -> None:
    for k, variant in enumerate(b["variants"]):
        got = page.evaluate(SWITCH_VARIANT, [b["id"], f"variant-{k}"])
        where = f"{rel} {b['id']} {variant['label']}"
        assert got["list"] == f"variant-{k}" and got["viewLocked"], where
        assert got["count"] == len(variant["frames"]) and got["line"], where
        assert variant["say"] in got["line"], (where, got["line"])
        if variant["step"] is None:
            assert "plays exactly the same" in got["line"], where
            assert got["mark"] is None and got["diverged"] == "false", where
        else:
            assert got["index"] == variant["step"] and got["diverged"] == "true", (where, got)
            assert got["mark"] and "Play diverges here" in got["mark"], where
            if variant["ruling"]:
                assert variant["ruling"] in got["mark"], where
            seen["marks"] += 1
        seen["variants"] += 1
    if b["variants"]:
        page.evaluate(SWITCH_VARIANT, [b["id"], ""])
