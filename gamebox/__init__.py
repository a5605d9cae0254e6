"""gamebox: rules engines for six tabletop games.

>>> import gamebox
>>> sorted(gamebox.games())[:2]
['finish-line', 'mexican-train']
"""

import gamebox.games  # noqa: F401  (registers every game)
from gamebox.core import (
    CHANCE,
    REGISTRY,
    Game,
    IllegalMove,
    Move,
    Options,
    State,
    Viewpoint,
    from_json,
    games,
    load,
    option,
    refuses,
)
from gamebox.scenario import Scenario, Step

__all__ = [
    "CHANCE",
    "REGISTRY",
    "Game",
    "IllegalMove",
    "Move",
    "Options",
    "Scenario",
    "State",
    "Step",
    "Viewpoint",
    "from_json",
    "games",
    "load",
    "option",
    "refuses",
]
