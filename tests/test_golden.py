"""Each game's golden playthrough: a seeded heuristic-bot game must replay line for line.

After an intended change of behaviour, regenerate with ``python -m gamebox.golden NAME``
and review the diff."""

import pytest

from gamebox.golden import FOLDER, playthrough
from tests.conftest import GAMES


@pytest.mark.parametrize("name", GAMES)
def test_golden_playthrough(name):
    expected = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    assert playthrough(name) == expected
