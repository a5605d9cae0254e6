"""The Stepper board: its traits, its frames (packed for the page), its repr, and its
front-end contract."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest

from gamebox.rulings import Kind, Ruling
from gamebox.scenario import frame

widgets = pytest.importorskip("gamebox.widgets")
Stepper = widgets.Stepper


def frames(n: int = 3, ask_at: int | None = None) -> list[dict]:
    out = []
    for i in range(n):
        ask = None
        if i == ask_at:
            ask = {
                "prompt": "Your move?",
                "choices": [
                    {"move": "a", "legal": True, "rule": None, "reason": "Legal.", "taken": True},
                    {"move": "b", "legal": False, "rule": "X-1", "reason": "no.", "taken": False},
                ],
            }
        out.append(frame(f"<svg><text>{i}</text></svg>", f"say {i}", f"Step {i}", ("X-1",), ask))
    return out


class FakeScenario:
    """Duck-typed like gamebox.Scenario: what Stepper.from_scenario reads."""

    id = "fake-win"
    title = "A fake win"
    source = "Nowhere, example 1"
    players = 2

    def frames(self) -> list[dict]:
        return frames(4, ask_at=2)

    def has_hidden(self) -> bool:
        return True

    def seat_label(self, seat: int) -> str:
        return f"Player {seat + 1}'s view"

    def seat_frames(self, seat: int) -> list[dict]:
        return [{**f, "say": f"seat {seat}: {f['say']}"} for f in frames(4)]

    def offers(self) -> list[dict]:
        return []


def test_a_stepper_embeds_its_front_end_compact() -> None:
    """Each Stepper of a page carries its own copy of its front end: the files without
    comments, indentation or blank lines, but with their title lines."""
    for name in ("board.js", "stepper.js", "board.css", "stepper.css"):
        whole = widgets.STATIC.joinpath(name).read_text(encoding="utf-8")
        short = widgets.compact(name)
        assert short.split("\n")[0] == whole.split("\n")[0]
        assert len(short) < 0.9 * len(whole), name
        assert not re.search(r"^\s|^//|/\*", short.partition("\n")[2], re.M), name
    assert Stepper._esm.startswith("// gamebox boards") and "gamebox Stepper" in Stepper._esm


def test_traits_and_repr() -> None:
    board = Stepper(example_id="demo-1", title="Demo", source="Here", frames=frames(7))
    assert repr(board) == "Stepper('demo-1', 'Demo', 7 frames)"
    assert board.index == 0 and board.frame["label"] == "Step 0"
    names = set(board.keys)
    assert {"example_id", "title", "source", "packed", "index", "_esm", "_css"} <= names
    assert "frames" not in names  # the page holds them packed only
    assert widgets.unpack_frames(board.packed) == board.frames
    one = Stepper(example_id="x", frames=frames(1))
    assert repr(one) == "Stepper('x', '', 1 frame)"


def test_stepping_from_python_is_clamped() -> None:
    board = Stepper(example_id="demo", frames=frames(3))
    board.next()
    board.next()
    board.next()
    assert board.index == 2
    board.prev()
    assert board.index == 1
    board.first()
    assert board.index == 0
    board.last()
    assert board.index == 2
    board.index = 99
    assert board.index == 2
    board.index = -4
    assert board.index == 0
    assert board.anchor(3) == "#demo-3"


def test_from_scenario() -> None:
    board = Stepper.from_scenario(FakeScenario())
    assert (board.example_id, board.title, board.source) == (
        "fake-win",
        "A fake win",
        "Nowhere, example 1",
    )
    assert len(board.frames) == 4
    assert board.frames[2]["ask"]["choices"][1]["rule"] == "X-1"
    assert repr(board) == "Stepper('fake-win', 'A fake win', 4 frames)"
    assert [v["label"] for v in board.views] == ["Player 1's view", "Player 2's view"]
    assert board.views[1]["frames"][3]["say"] == "seat 1: say 3"
    assert board.variants == [] and board.open_note == ""


@pytest.mark.parametrize("bad", ["Has Caps", "under_score", "-lead", "trail-", "", "a--b"])
def test_example_ids_are_url_fragments(bad: str) -> None:
    with pytest.raises(Exception, match="example id"):
        Stepper(example_id=bad, frames=frames(1))


def test_frames_are_checked() -> None:
    with pytest.raises(Exception, match="lacks"):
        Stepper(example_id="x", frames=[{"label": "a"}])
    broken = frames(2, ask_at=1)
    broken[1]["ask"]["choices"] = []
    with pytest.raises(Exception, match="no choices"):
        Stepper(example_id="x", frames=broken)
    broken = frames(1)
    broken[0]["rules"] = [3]
    with pytest.raises(Exception, match="ruling ids"):
        Stepper(example_id="x", frames=broken)


def test_front_end_contract() -> None:
    """tests/test_site.py finds and drives boards through these names."""
    esm = Stepper._esm
    shared = widgets.compact("board.js")
    assert esm.startswith(shared) and esm.count("export default") == 1
    assert "gamebox Stepper" not in shared and "gamebox PlayBoard" not in shared
    assert "function boardFrame" in shared and "boardFrame(" in esm.removeprefix(shared)
    assert "unpackFrames" in esm and "change:packed" in esm and "change:frames" not in esm
    for name in ("gbs-view", "gbs-variant", "gbs-diverge", "gbs-mark", "gbs-note", "linked_more"):
        assert name in esm, name
    css = Stepper._css
    assert "export default { render }" in esm
    assert "gamebox Stepper" in esm  # how the site test recognises a Stepper's model
    for name in ("gameboxStepper", "data-act", "gbs-choice", "gbs-verdict", "gbs-reveal"):
        assert name in esm, name
    assert "replaceState" in esm and "hashchange" in esm and "ArrowRight" in esm
    assert "aria-live" in esm and "gbs-sr" in css
    assert 'html[data-theme="dark"]' in css and "data-jp-theme-light" in css
    assert "prefers-color-scheme: dark" in css and "color-scheme: dark" in css
    assert "://" not in esm.replace("http://www.w3.org/2000/svg", "")  # nothing from the network


def test_real_scenarios_make_boards() -> None:
    """Every registered game that is ready: its first worked example makes a board."""
    import gamebox

    made = 0
    for name in gamebox.games():
        try:
            examples = gamebox.core.game_class(name).examples()
        except (ImportError, AttributeError):
            continue  # that game's package is not written yet
        if examples:
            board = Stepper.from_scenario(examples[0])
            assert len(board.frames) == len(examples[0].steps) + 1
            assert repr(board).startswith(f"Stepper({examples[0].id!r}")
            made += 1
    if not made:
        pytest.skip("no game with worked examples is registered yet")


def test_engine_imports_without_widgets() -> None:
    code = "import sys, gamebox; sys.exit('anywidget' in sys.modules or 'traitlets' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_fewer_frames_keep_the_index_on_a_frame() -> None:
    board = Stepper(example_id="x", frames=frames(7), index=6)
    board.frames = frames(3)
    assert board.index == 2 and board.frame == board.frames[2]
    assert widgets.unpack_frames(board.packed) == frames(3)  # repacked


def test_packing_gives_back_any_text() -> None:
    """Every character of a board falls in one piece: broken tags, stray brackets and
    text all come back as they were, frame after frame."""
    rng = random.Random(15)
    boards = ["", "<", ">", "<<a>", "a<b", "<svg><g/></svg>", "<a>text</a><"]
    boards += [
        "".join(rng.choice('<>/ ag="♠') for _ in range(rng.randrange(60))) for _ in range(200)
    ]
    given = [frame(svg, f"say {i}", f"Step {i}") for i, svg in enumerate(boards)]
    packed = widgets.pack_frames(given)
    assert widgets.unpack_frames(packed) == given
    assert len(packed["pieces"]) == len(set(packed["pieces"]))


def test_real_examples_pack_small_and_whole() -> None:
    """Every worked example of every game: unpacked, its frames are the scenario's, and
    packed, its boards take far less room than written out (the chapters' pages embed
    them: no page may reach 1 MB)."""
    import gamebox

    whole = packed_size = 0
    for name in gamebox.games():
        for example in gamebox.core.game_class(name).examples():
            given = example.frames()
            packed = Stepper(example_id=example.id, frames=given).packed
            assert widgets.unpack_frames(packed) == given
            whole += len(json.dumps([[f["svg"], f["text"]] for f in given], ensure_ascii=False))
            packed_size += len(json.dumps([[f["svg"], f["text"]] for f in packed["frames"]]))
            packed_size += len(json.dumps(packed["pieces"], ensure_ascii=False))
    assert whole and packed_size < whole / 4, (packed_size, whole)


def test_a_real_board_packs_its_views_and_variants() -> None:
    """A board of a game with hidden hands has one view per seat, and one variant per
    offered option; all of them come back whole from the packed form, and the extra
    frames cost far less than the example's own."""
    from gamebox.games.milk_run.examples import EXAMPLES

    example = EXAMPLES[0]
    board = Stepper.from_scenario(example)
    assert [v["label"] for v in board.views] == ["Player 1's view (P0)", "Player 2's view (P1)"]
    assert [v["label"] for v in board.variants] == [o["label"] for o in example.offers()]
    assert board.open_note == ""
    base, views, variants = widgets.unpack_board(board.packed)
    assert base == board.frames == example.frames()
    assert [v["frames"] for v in views] == [example.seat_frames(s) for s in (0, 1)]
    for got, offered in zip(variants, example.offers(), strict=True):
        found = example.variant({offered["name"]: offered["value"]})
        assert got["frames"] == list(found.frames)
        assert (got["kind"], got["step"], got["say"]) == (found.kind, found.step, found.say)
    alone = len(json.dumps(widgets.pack_frames(board.frames), ensure_ascii=False))
    extra = len(json.dumps(board.packed, ensure_ascii=False)) - alone
    views_whole = len(json.dumps([v["frames"] for v in board.views], ensure_ascii=False))
    assert extra < views_whole / 2, (extra, views_whole)


def test_a_board_keeps_its_cheapest_variants_within_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the budget a board leaves variants out, the costliest first, keeps the
    others in their order, and names those left out (the front end lists them)."""
    cheap = {"label": "cheap", "frames": frames(3)}  # the example's own frames: shared
    costly = {
        "label": "costly",
        "frames": [frame(f"<svg>{'x' * 900}{i}</svg>", "", "") for i in range(3)],
    }
    kept, left_out = widgets.within_budget(frames(3), [], [costly, cheap])
    assert [v["label"] for v in kept] == ["costly", "cheap"] and left_out == []
    monkeypatch.setattr(widgets, "VARIANT_BUDGET", 1000)
    kept, left_out = widgets.within_budget(frames(3), [], [costly, cheap])
    assert [v["label"] for v in kept] == ["cheap"] and left_out == ["costly"]
    assert "left_out" in Stepper._esm and "left out: page weight" in Stepper._esm


def test_a_game_with_nothing_hidden_says_so() -> None:
    from gamebox.games.finish_line.examples import EXAMPLES

    board = Stepper.from_scenario(EXAMPLES[0])
    assert board.views == []
    assert board.open_note.startswith("Nothing is hidden in Finish Line")


def test_views_and_variants_are_checked() -> None:
    with pytest.raises(Exception, match="needs a label"):
        Stepper(example_id="x", frames=frames(2), views=[{"frames": frames(2)}])
    with pytest.raises(Exception, match="lacks"):
        Stepper(example_id="x", frames=frames(2), variants=[{"label": "v", "frames": [{}]}])
    with pytest.raises(Exception, match="no frames"):
        Stepper(example_id="x", frames=frames(2), views=[{"label": "v", "frames": []}])


def entries(monkeypatch: pytest.MonkeyPatch, *ids: str) -> None:
    """The Rulings page has an entry for ``ids`` only: "X-9" and "MR-9" are the project's
    own readings (inferred), the others the source's."""
    table = {
        rule: Ruling("TY-1", Kind.INFERRED if rule.endswith("-9") else Kind.SOURCE, "A rule.", "-")
        for rule in ids
    }
    monkeypatch.setattr(widgets, "ruling_table", lambda: table)


def test_refused_rulings_of_variants_are_linked_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """``linked`` stays the example's own ids; ``linked_more`` holds those only a view or
    a variant shows (a move refused under another option)."""
    entries(monkeypatch, "X-1", "X-9")
    refused = [*frames(2), frame("<svg/>", "refused", "Step 2", ("X-9",))]
    board = Stepper(example_id="x", frames=frames(2), variants=[{"label": "v", "frames": refused}])
    assert board.linked == {"X-1": ""} and board.linked_more == {"X-9": "inferred"}
    assert board.packed["variants"][0]["shared"] == 2


def test_a_board_links_only_the_rulings_with_an_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Stepper's ``linked`` trait holds the ruling ids of its frames (tags and refused
    choices) that the Rulings page has; a play board's, its game's ids that it has."""
    entries(monkeypatch, "X-1", "X-2", "MR-4", "MR-9")
    asked = frames(3, ask_at=1)
    asked[1]["ask"]["choices"][1]["rule"] = "X-2"
    asked[2]["rules"] = ("X-1", "DEMO-1")
    board = Stepper(example_id="x", frames=asked)
    assert board.linked == {"X-1": "", "X-2": ""}  # DEMO-1 has no entry
    board.frames = frames(1)
    assert board.linked == {"X-1": ""}
    assert widgets.PlayBoard("milk-run", players=2).linked == {"MR-4": "", "MR-9": "inferred"}


def test_ruling_entries_are_the_games_tables() -> None:
    import gamebox
    from gamebox.core import game_class

    tables = [set(game_class(name).rulings()) for name in gamebox.games()]
    assert widgets.ruling_entries() == set().union(*tables)


def test_boards_lay_out_their_areas() -> None:
    """A board's areas keep their natural size (one SVG unit to one CSS pixel, not shrunk
    to the column as a picture's own style would) and wrap: side by side where there is
    room, stacked on a phone (the browser tests measure it)."""
    for board in (Stepper, widgets.PlayBoard):
        css = board._css
        assert re.search(r"\.gb-areas \{[^}]*display: flex;[^}]*flex-wrap: wrap;", css)
        assert re.search(
            r":is\(\.gbs-board, \.gbp-board\) svg \{[^}]*max-width: none !important;", css
        )
        assert "max-width: 100%;\n  height: auto" not in css


def test_copies_rebuild_any_board_from_any_earlier_one() -> None:
    """A board written as copies of an earlier one comes back whole, whatever the two
    hold (repeated pieces, runs moved or reordered, nothing shared), and a board equal
    to the earlier one is one copy."""
    rng = random.Random(5)
    for _ in range(300):
        before = [rng.randrange(6) for _ in range(rng.randrange(40))]
        now = [*before]
        for _ in range(rng.randrange(4)):
            at, size = rng.randrange(len(now) + 1), rng.randrange(1, 8)
            now[at:at] = [rng.randrange(9) for _ in range(size)]
        if rng.random() < 0.2:
            rng.shuffle(now)
        rebuilt = []
        for item in widgets.copies(before, now):
            if isinstance(item, list):
                assert item[1] >= widgets.SHORTEST_COPY
                rebuilt += before[item[0] : item[0] + item[1]]
            else:
                rebuilt.append(item)
        assert rebuilt == now
    board = list(range(50))
    assert widgets.copies(board, board) == [[0, 50]]


def test_a_chain_copy_goes_on_without_changing_the_chain() -> None:
    """within_budget tries each variant on a copy of the board's chain: the chain itself
    packs on as if the copy had never been used."""
    given = frames(4)
    chain = widgets.Chain()
    for f in given[:2]:
        chain.add(f)
    other = chain.copy()
    other.add(frame("<svg><b>elsewhere</b></svg>", "x", "y"))
    for f in given[2:]:
        chain.add(f)
    assert {"pieces": list(chain.table), "frames": chain.frames} == widgets.pack_frames(given)
