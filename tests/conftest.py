"""Shared fixtures: the list of registered games drives the generic suites."""

import os

import gamebox

GAMES = gamebox.games()
#: Playouts per game in the conformance suite: a quick default, thousands in CI.
PLAYOUTS = int(os.environ.get("GAMEBOX_PLAYOUTS", "24"))
