"""Worked examples as data.

A :class:`Scenario` is a start position (an explicit deal/board/dice, or a seed), a
list of scripted :class:`Step` moves with one narration line each, and the ruling ids
it shows. Replaying it goes through ``state.apply``, so an example cannot show an
illegal move; the same data drives the pytest scenario tests and the book's boards.

A step may ask the reader to choose ("your move"): ``ask`` lists candidate moves, and
each candidate's verdict (legal, or the refusal with its ruling id and reason) is
computed by the engine into the frame, so the feedback also works in a static page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gamebox.core import Game, IllegalMove, State, load


@dataclass(frozen=True)
class Step:
    """One step of a worked example.

    ``move`` is the move's text form (None for a narration-only step that shows the
    same position again); ``say`` is the one narration line; ``rules`` the ruling ids
    the step shows; ``label`` replaces the step number where the source has its own
    numbering ("(b)", "Step 9"); ``ask`` turns the step into a "your move" question
    offering these candidate moves before ``move`` is shown, with ``prompt`` as the
    question.
    """

    move: str | None
    say: str
    rules: tuple[str, ...] = ()
    label: str | None = None
    ask: tuple[str, ...] = ()
    prompt: str = ""
    #: In a guided game, a step of the reader's seat: the nudge a wrong try gets after
    #: its ruling ("Look at your pay-off pile first."); ``say`` is the instruction.
    nudge: str = ""


@dataclass(frozen=True)
class Scenario:
    """A worked example: where it starts, what happens, and which rules it shows."""

    id: str  # unique across the book, also the deep-link anchor: "#<id>-<step>"
    game: str  # registry name
    title: str
    source: str  # where it comes from: "Milk Run, 'Winning' (source example 1)"
    intro: str  # narration of the starting position (frame 0)
    steps: tuple[Step, ...]
    players: int = 2
    options: Mapping[str, Any] = field(default_factory=dict)
    setup: Mapping[str, Any] | None = None  # passed to game.setup(**setup)
    seed: int | None = None  # or: start from game.start(seed)
    rules: tuple[str, ...] = ()
    #: A guided first game: the seat the reader plays (their steps are the moves they
    #: are asked to make, ``say`` telling what and why); None for a worked example.
    seat: int | None = None

    def load_game(self) -> Game:
        return load(self.game, players=self.players, **self.options)

    def start(self) -> State:
        game = self.load_game()
        if self.setup is not None:
            return game.setup(**self.setup)
        if self.seed is None:
            raise ValueError(f"scenario {self.id} needs a setup or a seed")
        return game.start(self.seed)

    def states(self) -> list[State]:
        """The start state then the state after each step (raises IllegalMove if the
        engine refuses a scripted move: the example and the rules disagree)."""
        state = self.start()
        out = [state]
        for i, step in enumerate(self.steps, 1):
            if step.move is not None:
                try:
                    state = state.apply(step.move)
                except IllegalMove as err:
                    where = f"scenario {self.id}, {step.label or f'step {i}'}"
                    raise IllegalMove(err.rule, f"{where}: {err.reason}", err.move) from err
            out.append(state)
        return out

    def all_rules(self) -> tuple[str, ...]:
        """Every ruling id shown, in order of first appearance."""
        seen: dict[str, None] = dict.fromkeys(self.rules)
        for step in self.steps:
            seen.update(dict.fromkeys(step.rules))
        return tuple(seen)

    def frames(self) -> list[dict[str, Any]]:
        """Pre-rendered frames for the Stepper board: one for the start, one per step."""
        states = self.states()
        frames = [state_frame(states[0], self.intro, "Start")]
        for i, step in enumerate(self.steps, start=1):
            ask = None
            if step.ask:
                before = states[i - 1]
                ask = {
                    "prompt": step.prompt or "Your move: which of these would you play?",
                    "choices": [
                        verdict(before, text, taken=text == step.move) for text in step.ask
                    ],
                }
            label = step.label or f"Step {i}"
            frames.append(state_frame(states[i], step.say, label, step.rules, ask))
        return frames


def verdict(state: State, text: str, *, taken: bool = False) -> dict[str, Any]:
    """The engine's verdict on one candidate move, as a frame's "your move" choice."""
    err = state.check(text)
    return {
        "move": text,
        "legal": err is None,
        "rule": None if err is None else err.rule,
        "reason": "Legal." if err is None else err.reason,
        "taken": taken,
    }


def frame(
    svg: str,
    say: str,
    label: str,
    rules: tuple[str, ...] = (),
    ask: dict | None = None,
    text: str = "",
) -> dict[str, Any]:
    """One frame of a Stepper board: the SVG board, the narration line, the step label,
    the ruling ids shown, an optional "your move" question, and a plain-text
    alternative of the board (for screen readers and for nbval)."""
    return {"label": label, "say": say, "rules": list(rules), "svg": svg, "text": text, "ask": ask}


def state_frame(
    state: State, say: str, label: str, rules: tuple[str, ...] = (), ask: dict | None = None
) -> dict[str, Any]:
    """A frame showing ``state`` (its board highlights the last move)."""
    return frame(state.svg(), say, label, rules, ask, str(state))
