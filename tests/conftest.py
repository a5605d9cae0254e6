"""Shared fixtures: the list of registered games drives the generic suites."""

import os
from pathlib import Path

import pytest

import gamebox
from tests.browser import CHROMIUM, CHROMIUM_ARGS

GAMES = gamebox.games()
#: Playouts per game in the conformance suite: a quick default, thousands in CI.
PLAYOUTS = int(os.environ.get("GAMEBOX_PLAYOUTS", "24"))


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
