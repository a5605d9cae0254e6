"""Helpers shared by the test modules: how a test says that a move is refused, and how
it pins a whole seeded game in two numbers, and how it asks for a package that only the
benchmarks install. (Fixtures live in ``conftest.py``.)"""

import hashlib
import importlib
import os

import pytest

import gamebox
from gamebox.bots import next_move


def refused(state, move, rule):
    """``move`` is refused with ``rule`` and a reason, by ``state.check`` and by
    ``state.apply`` alike, and the state is left unchanged; returns the refusal."""
    before = state.to_json()
    err = state.check(move)
    assert err is not None, f"{move} should be refused"
    assert err.rule == rule, f"{move}: {err}"
    assert err.reason.strip()
    with pytest.raises(gamebox.IllegalMove) as raised:
        state.apply(move)
    assert raised.value.rule == rule, raised.value
    assert state.to_json() == before
    return err


def record(game, seed, bots, *, advised=False):
    """A seeded game played to its end by ``bots`` (chance moves from the state's own
    generator), in the form a test pins: the number of moves and the first 16 hex digits
    of the sha256 of their texts, one per line. ``advised``: also check that each bot's
    advice is the move it chose (for bots whose advice draws nothing from a generator)."""
    state, texts = game.start(seed), []
    while not state.is_over:
        move = next_move(state, bots)
        if advised and not state.is_chance:
            assert bots[state.current_player].advise(state).move == move, (state, move)
        texts.append(str(move))
        state = state.apply(move)
    return len(texts), hashlib.sha256("\n".join(texts).encode()).hexdigest()[:16]


def benchmark_package(name):
    """The module ``name``, which only ``benchmarks/requirements.txt`` installs (numpy,
    RLCard). Where it is missing, as in an environment made from ``requirements.txt``
    alone for the README's quick command, the test that asked is skipped, saying so;
    under ``.ci/run``, which installs both files and sets ``GAMEBOX_EVERY_TEST``, it is
    imported outright, so that a missing package fails the run instead of hiding a test."""
    if os.environ.get("GAMEBOX_EVERY_TEST"):
        return importlib.import_module(name)
    return pytest.importorskip(
        name, reason=f"{name} is not installed: pip install -r benchmarks/requirements.txt"
    )


def chapter_parts(md):
    """A chapter source's prose (its Markdown cells, joined) and its code cells, each as
    (tags, source), read as the book's tool reads it (``booktool.read_markdown``)."""
    import booktool

    nb = booktool.read_markdown(md)
    prose = "\n\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")
    cells = [
        (set(cell.metadata.get("tags", ())), cell.source)
        for cell in nb.cells
        if cell.cell_type == "code"
    ]
    return prose, cells
