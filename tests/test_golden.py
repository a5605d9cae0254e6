"""Golden playthroughs: one seeded game between heuristic bots for every registered
game, written as readable text (one line per move: number, player, move, position),
must replay line for line, so any change of behaviour shows up in review.

After an intended change of behaviour, regenerate with ``python -m tests.test_golden NAME``
(every game without a name) and review the diff of ``tests/golden/<game>.txt``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gamebox.bots import make_bots, next_move
from gamebox.core import CHANCE, game_class, games, load
from tests.conftest import GAMES

SEED = 2026
MAX_MOVES = 5000
FOLDER = Path(__file__).resolve().parent / "golden"


def playthrough(name: str, seed: int = SEED) -> str:
    game = load(name, players=game_class(name).min_players)
    bots = make_bots(game, "heuristic", seed)
    state = game.start(seed)
    lines = [f"# {game!r}, seed {seed}, heuristic bots", f"   0 start   | {state.summary()}"]
    for n in range(1, MAX_MOVES + 1):
        if state.is_over:
            break
        who = state.current_player
        move = next_move(state, bots)
        state = state.apply(move)
        seat = "chance" if who == CHANCE else f"P{who}"
        lines.append(f"{n:4d} {seat:<6} {move!s:<28} | {state.summary()}")
    winners = ", ".join(f"P{w}" for w in state.winners) or "nobody"
    ending = f"over: {winners} won" if state.is_over else f"stopped after {MAX_MOVES} moves"
    lines.append(f"# {ending}; scores {' '.join(map(str, state.scores))}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", GAMES)
def test_golden_playthrough(name):
    expected = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    assert playthrough(name) == expected


def main(names: list[str]) -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name in names or games():
        path = FOLDER / f"{name}.txt"
        path.write_text(playthrough(name), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
