"""Helpers shared by the test modules: how a test says that a move is refused, and how
it pins a whole seeded game in two numbers. (Fixtures live in ``conftest.py``.)"""

import hashlib

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
