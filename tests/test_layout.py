"""Every game package has the same shape, so that a seventh game is written by copying one.

The same modules (a game may add its own beside them: Skip-Bo's lead-up search, Finish
Line's track, Yahtzix's odds and race tables), the same public names in each, the same
section headings in the same order, and the same split: ``position.py`` says what a
position is (its fields, set-up, loading and validation), ``rules.py`` what moves do
(legal moves, one check per kind, playing a move), ``render.py`` how it looks (the board
and the text). A game is enrolled by registering it: nothing here names one.
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

from gamebox.core import Game, Move, State, game_class, games

#: The modules of every game package, and the public names each must have.
SHAPE = {
    "moves": {"parse_move"},
    "position": {"Position"},
    "rules": set(),  # the game's State, Options and Game classes (checked below)
    "render": {"board", "describe"},
    "rulings": {"RULINGS", "TERMS", "AID"},
    "examples": {"EXAMPLES", "GUIDE"},
    "bots": {"HeuristicBot", "StrongBot"},
}

#: The section headings of the two halves of a game's engine, in order.
HEADINGS = {
    "position": ["the position", "set-up", "loading and validation"],
    "rules": ["options", "legal moves", "refusals", "playing a move", "the game"],
}

HEADING = re.compile(r"^ *# -{4,} (.+)$", re.M)


def package(name: str) -> str:
    return game_class(name).__module__.rpartition(".")[0].removesuffix(".rules")


@pytest.mark.parametrize("name", games())
def test_every_game_package_has_the_same_modules_and_names(name: str) -> None:
    root = package(name)
    folder = Path(importlib.import_module(root).__file__).parent
    assert set(SHAPE) <= {p.stem for p in folder.glob("*.py")}, name
    for module, names in SHAPE.items():
        found = vars(importlib.import_module(f"{root}.{module}"))
        assert names <= set(found), f"{root}.{module} lacks {names - set(found)}"
    rules = importlib.import_module(f"{root}.rules")
    position = importlib.import_module(f"{root}.position").Position

    def own(kind: type) -> list[type]:
        return [
            v
            for v in vars(rules).values()
            if inspect.isclass(v) and issubclass(v, kind) and v.__module__ == rules.__name__
        ]

    assert issubclass(position, State) and position.__module__.endswith(".position")
    assert [s for s in own(State) if issubclass(s, position)] == own(State), name
    assert len(own(State)) == 1 and own(Game) == [game_class(name)], name
    moves = importlib.import_module(f"{root}.moves")
    kinds = {v for v in vars(moves).values() if inspect.isclass(v) and issubclass(v, Move)}
    assert set(own(State)[0]._checks) <= kinds, "every kind of move lives in moves.py"


@pytest.mark.parametrize("name", games())
def test_every_engine_says_the_same_things_under_the_same_headings(name: str) -> None:
    """position.py and rules.py have the same headings in the same order; the position
    and the game keep no end of game of their own (the core's ``outcome`` is it)."""
    folder = Path(importlib.import_module(package(name)).__file__).parent
    for module, expected in HEADINGS.items():
        text = (folder / f"{module}.py").read_text(encoding="utf-8")
        assert HEADING.findall(text) == expected, f"{name}: {module}.py"
    state = type(game_class(name)(game_class(name).min_players).start(1))
    for attribute in ("is_over", "winners", "winner"):
        assert getattr(state, attribute) is getattr(State, attribute), (name, attribute)
