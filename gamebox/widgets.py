"""The book's board: a :class:`Stepper` that steps through pre-rendered frames.

A Stepper holds every frame of a worked example (the SVG board, one narration line,
the step label, the ruling ids shown, an optional "your move" question with the
engine's verdict on each candidate move, and a plain-text version of the board).
Its front end (``gamebox/static/stepper.js``) holds the controls, so it steps in
JupyterLab with a kernel and in the static site with no kernel at all:

- first / previous / next / last buttons, a step counter and the step's label;
- the left and right arrow keys (Home and End too) while the board has the focus;
- a deep link per step: ``#<example-id>-<step>`` opens the page at that step (step 0 is
  the start position, step ``k`` the position after the example's ``k``-th move);
- "your move" steps: the reader picks among candidate moves and sees the verdict
  (legal, or the ruling id and the reason) before the move is shown;
- a visually hidden text version of each board, and a live narration line, for screen
  readers.

:class:`PlayBoard` is the other board: a whole game against the bots, the engine running
in the kernel in JupyterLab and in the reader's browser (Pyodide) in the built book.

This is the only module of gamebox that needs ``anywidget`` (``pip install
gamebox[widgets]``); the engine itself uses the standard library only.

>>> from gamebox.scenario import frame
>>> board = Stepper(
...     example_id="demo", title="A demo", frames=[frame("<svg></svg>", "Hello.", "Start")]
... )
>>> board
Stepper('demo', 'A demo', 1 frame)
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

try:
    import anywidget
    import traitlets
except ImportError as err:  # pragma: no cover - only without the widget extra
    raise ImportError(
        "gamebox.widgets needs anywidget: pip install 'gamebox[widgets]' "
        "(the engine itself needs nothing)"
    ) from err

from gamebox.play import Session

if TYPE_CHECKING:
    from gamebox.scenario import Scenario

STATIC = Path(__file__).parent / "static"


def stylesheet(name: str) -> str:
    """A board's styles: the frame and palette every board shares, then its own."""
    return "\n".join(STATIC.joinpath(n).read_text(encoding="utf-8") for n in ("board.css", name))


#: Example ids are also URL fragments: lowercase words joined by hyphens.
ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

#: Every frame carries these keys (see :func:`gamebox.scenario.frame`).
FRAME_KEYS = ("label", "say", "rules", "svg", "text", "ask")


def check_frame(frame: Any, where: str = "frame") -> dict[str, Any]:
    """Validate one frame dict (raises ``ValueError`` with what is wrong) and return it."""
    if not isinstance(frame, dict):
        raise ValueError(f"{where} is not a dict")
    missing = [k for k in FRAME_KEYS if k not in frame]
    if missing:
        raise ValueError(f"{where} lacks {', '.join(missing)}")
    for key in ("label", "say", "svg", "text"):
        if not isinstance(frame[key], str):
            raise ValueError(f"{where}: {key} must be a string")
    if not all(isinstance(r, str) for r in frame["rules"]):
        raise ValueError(f"{where}: rules must be ruling ids (strings)")
    ask = frame["ask"]
    if ask is not None:
        if not isinstance(ask, dict) or not isinstance(ask.get("choices"), list):
            raise ValueError(f"{where}: ask must be a dict with a list of choices")
        if not ask["choices"]:
            raise ValueError(f"{where}: ask has no choices")
        for choice in ask["choices"]:
            lacking = [k for k in ("move", "legal", "rule", "reason") if k not in choice]
            if lacking:
                raise ValueError(f"{where}: a choice lacks {', '.join(lacking)}")
    return frame


class Stepper(anywidget.AnyWidget):
    """A board that steps through pre-rendered frames (see the module docstring)."""

    _esm = STATIC / "stepper.js"
    _css = stylesheet("stepper.css")

    example_id = traitlets.Unicode("example").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    source = traitlets.Unicode("").tag(sync=True)
    frames = traitlets.List(traitlets.Dict(), default_value=[]).tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)

    @traitlets.validate("example_id")
    def _valid_id(self, proposal: dict) -> str:
        value = proposal["value"]
        if not ID_PATTERN.match(value):
            raise traitlets.TraitError(
                f"example id {value!r} must be lowercase letters/digits joined by hyphens"
            )
        return value

    @traitlets.validate("frames")
    def _valid_frames(self, proposal: dict) -> list:
        frames = proposal["value"]
        try:
            for i, frame in enumerate(frames):
                check_frame(frame, f"frame {i}")
        except ValueError as err:
            raise traitlets.TraitError(str(err)) from err
        return frames

    @traitlets.validate("index")
    def _valid_index(self, proposal: dict) -> int:
        value = max(0, proposal["value"])
        return min(value, len(self.frames) - 1) if self.frames else value

    @traitlets.observe("frames")
    def _keep_index_on_a_frame(self, change: dict) -> None:
        self.index = min(self.index, max(len(change["new"]) - 1, 0))

    @classmethod
    def from_scenario(cls, scenario: Scenario, **kwargs: Any) -> Stepper:
        """The board of a worked example: its id, title, source and every frame."""
        return cls(
            example_id=scenario.id,
            title=scenario.title,
            source=scenario.source,
            frames=scenario.frames(),
            **kwargs,
        )

    # -- stepping from Python (the front end does the same in the browser) ----------

    @property
    def frame(self) -> dict[str, Any]:
        """The frame shown now."""
        return self.frames[self.index]

    def next(self) -> None:
        self.index = min(self.index + 1, len(self.frames) - 1)

    def prev(self) -> None:
        self.index = max(self.index - 1, 0)

    def first(self) -> None:
        self.index = 0

    def last(self) -> None:
        self.index = len(self.frames) - 1

    def anchor(self, step: int) -> str:
        """The deep link of a step: ``#<example-id>-<step>``."""
        return f"#{self.example_id}-{step}"

    def __repr__(self) -> str:
        n = len(self.frames)
        return f"Stepper({self.example_id!r}, {self.title!r}, {n} frame{'' if n == 1 else 's'})"


class PlayBoard(anywidget.AnyWidget):
    """Play a whole game against the bots (see :mod:`gamebox.play`).

    In JupyterLab the engine runs in the kernel; in the built book it runs in the
    reader's browser on Pyodide, loaded when the reader presses "Play". The board shown
    before that is the deal of the given seed, drawn at build time.
    """

    _esm = STATIC / "play.js"
    _css = stylesheet("play.css")

    title = traitlets.Unicode("").tag(sync=True)
    spec = traitlets.Dict().tag(sync=True)
    view = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        seat: int = 0,
        bots: str = "heuristic",
        seed: int = 0,
        options: dict[str, Any] | None = None,
    ) -> None:
        spec = {
            "game": game,
            "players": players,
            "seat": seat,
            "bots": bots,
            "seed": seed,
            "options": dict(options or {}),
        }
        self._session = self._session_for(spec)
        self._serial = 0
        super().__init__(title=self._session.game.title, spec=spec, view=self._view())
        self.on_msg(self._on_call)

    @staticmethod
    def _session_for(spec: dict[str, Any]) -> Session:
        return Session(
            spec["game"],
            spec["players"],
            seat=spec["seat"],
            bots=spec["bots"],
            seed=spec["seed"],
            options=spec["options"],
        )

    def _view(self) -> dict[str, Any]:
        self._serial += 1
        return {**self._session.view(), "serial": self._serial}

    def _on_call(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        call, arg = content.get("call"), content.get("arg", "")
        if call == "new":
            self.spec = {**self.spec, **content.get("spec", {})}
            self._session = self._session_for(self.spec)
        elif call == "move":
            self._session.try_move(arg)
        elif call == "bot":
            self._session.step_bot()
        elif call == "undo":
            self._session.undo()
        self.view = self._view()

    @property
    def session(self) -> Session:
        """The game being played (the same object the board's buttons drive)."""
        return self._session

    def __repr__(self) -> str:
        s = self.spec
        return (
            f"PlayBoard({s['game']!r}, {self._session.game.players} players, seat {s['seat']}, "
            f"{s['bots']} bots, seed {s['seed']})"
        )
