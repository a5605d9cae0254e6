"""Shared fixtures: the list of registered games drives the generic suites."""

import os
from pathlib import Path

import pytest

import gamebox
from tests.browser import CHROMIUM, CHROMIUM_ARGS

GAMES = gamebox.games()
#: Playouts per game in the conformance suite: a quick default, thousands in CI.
PLAYOUTS = int(os.environ.get("GAMEBOX_PLAYOUTS", "24"))


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


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium under Playwright, for the browser tests."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
