"""The play protocol is declared once, in :mod:`gamebox.play`: the calls a board makes
(``CALLS``, each with its argument and its handler) and the view every call answers (the
``View`` record). These tests hold the front end (``play.js``) to those declarations: it
reads no view key that ``View`` lacks, every field is read (or marked for Python callers
only), and every call it makes, its toolbar's included, is declared."""

from __future__ import annotations

import inspect
import re
from dataclasses import MISSING, asdict, fields

import pytest

from gamebox import play
from gamebox.play import CALLS, FOR_PYTHON, Note, Played, Session, Undo, View
from gamebox.widgets import STATIC

#: The front end, without its comments (a comment may say "the view's lately").
PLAY_JS = "\n".join(
    line
    for line in STATIC.joinpath("play.js").read_text(encoding="utf-8").split("\n")
    if not line.lstrip().startswith("//")
)


def view_keys_read(source: str) -> set[str]:
    """Every key a script reads from a view: ``view.<key>`` (also ``state.view.<key>``),
    ``view["<key>"]``, and destructuring such as ``({ started, view }) =>`` does not count
    (it names the state's fields) but ``const { a, b } = view`` does."""
    keys = set(re.findall(r"\bview\.([A-Za-z_]\w*)", source))
    keys |= set(re.findall(r"\bview\[\"(\w+)\"\]", source))
    for names in re.findall(r"\{([\w\s,]+)\}\s*=\s*(?:state\.)?view\b(?![.\[])", source):
        keys |= {name.strip() for name in names.split(",") if name.strip()}
    return keys


def test_the_key_finder_finds_each_way_of_reading() -> None:
    source = 'view.seed; state.view.over; review.frame; view["log"]; const { a, b } = view;'
    assert view_keys_read(source) == {"seed", "over", "log", "a", "b"}
    assert view_keys_read("const { move, rule } = view.refusal;") == {"refusal"}


def test_play_js_reads_only_declared_view_keys_and_every_board_field() -> None:
    read = view_keys_read(PLAY_JS)
    declared = View.declared()
    assert read - set(declared) == set(), "play.js reads keys View does not declare"
    for_board = {name for name, (_, board) in declared.items() if board}
    assert for_board - read == set(), f"fields no board reads: mark them {FOR_PYTHON!r}"
    assert read & (set(declared) - for_board) == set(), "a field marked for Python is read"


def test_every_field_has_a_type_and_a_meaning() -> None:
    for name, (meaning, _) in View.declared().items():
        assert isinstance(meaning, str) and 10 <= len(meaning) <= 80, name
    assert set(asdict(View(**required()))) == {f.name for f in fields(View)}


def required() -> dict[str, object]:
    """The fields every view sets (the others have a no-board default), as placeholders."""
    return {f.name: None for f in fields(View) if f.default is f.default_factory is MISSING}


def test_the_view_is_built_in_one_place() -> None:
    """Only Session.record constructs a View; a view with no board (the screen being
    passed on) shows the position fields' defaults."""
    source = inspect.getsource(play)
    assert len(re.findall(r"\bView\(", source)) == 1
    assert "return View(" in inspect.getsource(Session.record)
    session = Session("milk-run", players=2, humans=[0, 1], names=["Ann", "Bo"], seed=3)
    assert session.view() == asdict(session.record())
    session.call("move", session.view()["moves"][0])
    while not session.handover:
        session.call("move", session.view()["moves"][-1])
    shown, empty = session.record(), View(**required())
    position = session._board()  # the fields a board shows while it is not passed on
    assert position and all(getattr(shown, name) == getattr(empty, name) for name in position)


def test_every_call_is_declared_once_with_its_handler() -> None:
    assert list(CALLS) == [
        "new", "move", "bot", "undo", "hint", "ponder", "viewpoint", "ready", "review"
    ]  # fmt: skip
    for name, call in CALLS.items():
        assert call.name == name and getattr(Session, call.handler.__name__) is call.handler
        assert call.handler.__doc__, name  # what the call does, said once
    handlers = [m for m in vars(Session).values() if m in {c.handler for c in CALLS.values()}]
    assert len(handlers) == len(CALLS)


@pytest.mark.parametrize("name", [n for n, c in CALLS.items() if not c.takes])
def test_a_call_that_takes_no_argument_refuses_one_and_changes_nothing(name: str) -> None:
    session = Session("milk-run", players=2, bots="random", seed=5)
    session.call("move", session.view()["moves"][0])
    before = (session.state, tuple(session.story), len(session.undo_stack))
    view = session.call(name, "junk")
    assert view["error"] == f"The call {name!r} takes no argument."
    assert (session.state, tuple(session.story), len(session.undo_stack)) == before


def test_the_calls_play_js_makes_are_declared() -> None:
    """Every call the front end makes (its toolbar's, its moves', the bots' and the
    ponderer's) is one of CALLS, and each toolbar button is declared once."""
    made = set(re.findall(r'\bcall: "(\w+)"', PLAY_JS))
    made |= set(re.findall(r'\bact\(play, "(\w+)"', PLAY_JS))
    made |= set(re.findall(r'\bbackend\.call\("(\w+)"', PLAY_JS))
    assert made and made <= set(CALLS), made - set(CALLS)
    toolbar = PLAY_JS[
        PLAY_JS.index("const TOOLBAR = [") : PLAY_JS.index("];", PLAY_JS.index("const TOOLBAR"))
    ]
    classes = re.findall(r'className: "([\w-]+)"', toolbar)
    assert len(classes) == len(set(classes)) == len(re.findall(r"\bcall: ", toolbar))
    assert {"gbp-new", "gbp-undo", "gbp-hint-button", "gbp-viewpoint", "gbp-review-button"} <= set(
        classes
    )
    # One loop makes them all; no button of the toolbar is made by hand elsewhere.
    rest = PLAY_JS.replace(toolbar, "")
    assert not [c for c in classes if f'"{c}"' in rest]


def test_a_game_is_told_as_one_record_per_move() -> None:
    """The story holds one Played per move (with its line, mover, reason, hint or the hint
    owed) and the log's own Notes; an undo is a named record that cuts the story once."""
    session = Session("milk-run", players=2, bots="random", seed=11)
    session.call("move", session.view()["moves"][0])
    session.run_bots()
    assert all(isinstance(entry, Played | Note) for entry in session.story)
    assert session.trail[0].mover == 0 and session.trail[0].owed
    assert session.pending == [0] and session.view()["hints_owed"] >= 1
    (undo,) = session.undo_stack
    assert isinstance(undo, Undo) and undo.told == 1 and undo.guide_at == 0
    view = session.call("undo")
    assert session.story[1:] == [Note(line="(You took back your last move.)")]
    assert view["log"] == [session.story[0].line, "(You took back your last move.)"]
    assert session.trail == [] and session.pending == []
