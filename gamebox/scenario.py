"""Worked examples as data.

A :class:`Scenario` is a start position (an explicit deal/board/dice, or a seed), a
list of scripted :class:`Step` moves with one narration line each, and the ruling ids
it shows. Replaying it goes through ``state.apply``, so an example cannot show an
illegal move; the same data drives the pytest scenario tests and the book's boards.

A step may ask the reader to choose ("your move"): ``ask`` lists candidate moves, and
each candidate's verdict (legal, or the refusal with its ruling id and reason) is
computed by the engine into the frame, so the feedback also works in a static page.

Two more things are computed from the same data, for the boards:

- **a seat's view** (:meth:`Scenario.seat_frames`): every position as one player sees it,
  with the narration redacted so that it never names a card or tile hidden from that
  player (:func:`hidden_names`, :func:`redact`);
- **the example under another option** (:meth:`Scenario.variant`): the same start and
  the same moves replayed under a changed option, and the first step where play
  diverges (a :class:`Divergence`); :meth:`Scenario.offers` lists the options a board
  offers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cache, cached_property
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
        return [*self._states]

    @cached_property
    def _states(self) -> tuple[State, ...]:
        """The states, replayed once (a board asks for them for every view and variant)."""
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
        return tuple(out)

    def all_rules(self) -> tuple[str, ...]:
        """Every ruling id shown, in order of first appearance."""
        seen: dict[str, None] = dict.fromkeys(self.rules)
        for step in self.steps:
            seen.update(dict.fromkeys(step.rules))
        return tuple(seen)

    def frames(self) -> list[dict[str, Any]]:
        """Pre-rendered frames for the Stepper board: one for the start, one per step."""
        return [dict(f) for f in self._teaching]

    @cached_property
    def _teaching(self) -> tuple[dict[str, Any], ...]:
        """The teaching view's frames, drawn once (each seat's view and each variant
        starts from them)."""
        states = self.states()
        return tuple(self._frame(states, i) for i in range(len(states)))

    def _ask(self, before: State, step: Step) -> dict[str, Any] | None:
        """A step's "your move" question, with the engine's verdict on each choice."""
        if not step.ask:
            return None
        return {
            "prompt": step.prompt or "Your move: which of these would you play?",
            "choices": [verdict(before, text, taken=text == step.move) for text in step.ask],
        }

    def _frame(self, states: list[State], i: int) -> dict[str, Any]:
        """The teaching view's frame of step ``i`` (0: the start)."""
        if i == 0:
            return state_frame(states[0], self.intro, "Start")
        step = self.steps[i - 1]
        ask = self._ask(states[i - 1], step)
        return state_frame(states[i], step.say, step.label or f"Step {i}", step.rules, ask)

    # -- one seat's view -----------------------------------------------------------

    def has_hidden(self) -> bool:
        """Does any position of the example hide a card or tile from some seat?"""
        seats = range(self.players)
        return any(hidden_names(state, seat) for state in self.states() for seat in seats)

    def seat_label(self, seat: int) -> str:
        """What a board calls the view of ``seat``: "Player 1's view", with the game's
        own name for the seat where it has one (``State.board_name``): "Player 1's view
        (P0)"."""
        short = self.start().board_name(seat)
        return f"{seat_name(seat)}'s view" + (f" ({short})" if short else "")

    def seat_frames(self, seat: int) -> list[dict[str, Any]]:
        """The frames as player ``seat`` sees the example: each board and its text drawn
        for that seat (other hands as backs, with counts), and the narration with every
        name hidden from the seat replaced (:func:`redact`). A "your move" question is
        kept only if nothing in it (a choice, a verdict's reason) names a hidden card or
        tile, checked on the position before the move and after it; a frame whose line
        was shortened, or whose question was left out, says so in its ``note``."""
        states = self.states()
        out = []
        for i, state in enumerate(states):
            teaching = self._teaching[i]
            hidden = hidden_names(state, seat)
            say, cut = redact(teaching["say"], hidden)
            notes = []
            if cut:
                notes.append(
                    "Shortened for this view: it names no card or tile this player cannot see."
                )
            ask = teaching["ask"]
            if ask is not None:
                unseen = hidden | hidden_names(states[i - 1], seat)
                words = [ask["prompt"]] + [f"{c['move']} {c['reason']}" for c in ask["choices"]]
                if any(redact(text, unseen)[1] for text in words):
                    ask = None
                    notes.append(
                        "This step's question names cards or tiles this player cannot see: "
                        "it is asked in the all-hands view."
                    )
            f = frame(
                state.board_html(viewer=seat),
                say,
                teaching["label"],
                tuple(teaching["rules"]),
                ask,
                state.describe(seat),
            )
            if notes:
                f["note"] = " ".join(notes)
            out.append(f)
        return out

    # -- the example under another option ----------------------------------------------

    def offers(self) -> list[dict[str, Any]]:
        """The options a board offers for this example: for each option of the game
        (:meth:`gamebox.core.Options.describe`), the alternatives to its value here (the
        value the game resolved, so an option left to a preset or the player count is
        read as it plays): a flag flipped, every other value of a choice, and for a
        number its smallest and largest values and its two neighbours.

        An alternative is left out when it cannot apply to this example: the game
        refuses it for this player count (``gamebox.load`` raises, such as more tiles
        per hand than the boneyard holds), or the resolved options come out unchanged
        (a preset that the example's own explicit options override)."""
        base = self.load_game()
        resolved = base.options.as_dict()
        out = []
        for f in fields(base.options_type):
            now = resolved[f.name]
            for value in alternatives(f.metadata, now):
                changed = {**self.options, f.name: value}
                try:
                    game = load(self.game, players=self.players, **changed)
                except (TypeError, ValueError):
                    continue
                if game.options == base.options:
                    continue
                out.append(
                    {
                        "name": f.name,
                        "value": value,
                        "label": f"{f.name}={value!r}",
                        "doc": f.metadata.get("doc", ""),
                        "rule": f.metadata.get("rule", ""),
                    }
                )
        return out

    def variant(self, options: Mapping[str, Any]) -> Divergence:
        """Replay this example (its start, seed or set-up, and its moves' texts) with
        ``options`` changed, and find the first step where play diverges from the
        example: the start cannot be set up (``"setup"``), a move is refused
        (``"refused"``: the replay stops there), the winner, a score or the position
        differs, the next move becomes forced or no longer is, or the legal moves differ
        (``"winner"``, ``"score"``, ``"position"``, ``"forced"``, ``"choices"``), in that
        order of precedence at one step; ``"identical"`` if no step differs. Its frames
        show the replay in the teaching view: the example's own narration while the
        position is the example's, the move's text after."""
        label = ", ".join(f"{k}={v!r}" for k, v in options.items())
        changed = replace(self, options={**self.options, **options})
        base = self.states()
        base_frames = self._teaching
        try:
            state = changed.start()
        except (TypeError, ValueError) as err:
            say = f"This example's start cannot be set up with {label}: {err}"
            start = {**base_frames[0], "say": say, "rules": [], "ask": None}
            return Divergence(dict(options), 0, "setup", say, frames=(start,))
        states = [state]
        refusal: IllegalMove | None = None
        for step in self.steps:
            if step.move is not None:
                refusal = state.check(step.move)
                if refusal is not None:
                    break
                state = state.apply(step.move)
            states.append(state)
        frames = []
        found: tuple[int, str, str] | None = None
        for i, state in enumerate(states):
            same = same_position(state, base[i])
            if same:
                f = changed._frame(states, i)
                f["say"] = base_frames[i]["say"]
            elif i == 0:
                f = state_frame(state, f"The example's start, set up with {label}.", "Start")
            else:
                step = self.steps[i - 1]
                said = f"The example's move, replayed with {label}: {step.move}."
                if step.move is None:
                    said = f"The example's pause, with {label}."
                f = state_frame(state, said, step.label or f"Step {i}")
            if found is None:
                kind = difference(state, base[i])
                # The legal moves differ because the example's next move is refused
                # here: that refusal is the divergence, said at its own step.
                refused_next = refusal is not None and i == len(states) - 1
                if kind is not None and not (refused_next and kind[0] in ("forced", "choices")):
                    found = (i, kind[0], f"{f['label']}: {kind[1]}")
            frames.append(f)
        if refusal is not None:
            i = len(states)
            step = self.steps[i - 1]
            label_i = step.label or f"Step {i}"
            said = (
                f"{label_i}: the example's move {step.move} is refused with {label}: "
                f"{refusal.rule}: {refusal.reason}. The example's moves stop here."
            )
            frames.append(state_frame(states[-1], said, label_i, (refusal.rule,)))
            if found is None:
                return Divergence(dict(options), i, "refused", said, refusal.rule, tuple(frames))
        if found is None:
            say = f"With {label} this example plays exactly the same: no step differs."
            return Divergence(dict(options), None, "identical", say, frames=tuple(frames))
        i, kind, say = found
        frames[i] = {**frames[i], "say": f"{say} {frames[i]['say']}"}
        return Divergence(dict(options), i, kind, say, frames=tuple(frames))


@dataclass(frozen=True)
class Divergence:
    """Where an example replayed under changed ``options`` first differs from itself
    (see :meth:`Scenario.variant`): the ``step`` (0: the start; None when no step
    differs), its ``kind``, a plain sentence ``say``ing what differs, the ruling of a
    refused move, and the replay's frames (up to the refused move, if one is)."""

    options: dict[str, Any]
    step: int | None
    kind: str
    say: str
    rule: str | None = None
    frames: tuple[dict[str, Any], ...] = ()


def alternatives(meta: Mapping[str, Any], now: Any) -> list[Any]:
    """The values a board offers for an option declared with ``meta`` (see
    :func:`gamebox.core.option`) whose value is ``now``.

    >>> alternatives({"choices": (24, 18)}, 24), alternatives({}, False)
    ([18], [True])
    >>> alternatives({"low": 1, "high": 10}, 10), alternatives({"low": 0, "high": 8}, 2)
    ([1, 9], [0, 1, 3, 8])
    """
    if meta.get("choices"):
        return [c for c in meta["choices"] if c != now]
    if type(now) is bool:
        return [not now]
    lo, hi = meta.get("low"), meta.get("high")
    if type(now) is not int or lo is None or hi is None:
        return []  # an open-ended number: no generic alternative
    return sorted({v for v in (lo, now - 1, now + 1, hi) if lo <= v <= hi and v != now})


def same_position(a: State, b: State) -> bool:
    """Do two states hold the same position (whatever their options)?"""
    return a.to_data() == b.to_data()


def difference(state: State, example: State) -> tuple[str, str] | None:
    """How ``state`` differs from the example's ``example`` at the same step, as a kind
    and a plain sentence, or None: its winner, then its scores, its position (the
    first line of the text form that differs), whether the next move is forced, and
    the legal moves."""
    if state.is_over != example.is_over or state.winners != example.winners:
        return "winner", f"the winners are {_seats(state)} instead of {_seats(example)}."
    if state.scores != example.scores:
        return "score", (
            f"the scores are {_scores(state)} instead of the example's {_scores(example)}."
        )
    if not same_position(state, example):
        ours, theirs = str(state).splitlines(), str(example).splitlines()
        pairs = zip(ours + [""] * len(theirs), theirs + [""] * len(ours), strict=False)
        line, was = next(((a, b) for a, b in pairs if a != b), ("", ""))
        return "position", f"the position differs: '{line}' where the example has '{was}'."
    legal = [str(m) for m in state.legal_moves()]
    before = [str(m) for m in example.legal_moves()]
    if (len(legal) == 1) != (len(before) == 1):
        if len(legal) == 1:
            return "forced", f"the next move is forced ({legal[0]}); in the example it is a choice."
        return "forced", f"the next move ({before[0]}) is no longer forced: {len(legal)} are legal."
    if set(legal) != set(before):
        more = [m for m in legal if m not in before]
        fewer = [m for m in before if m not in legal]
        words = []
        if more:
            words.append(f"legal now: {_some(more)}")
        if fewer:
            words.append(f"no longer legal: {_some(fewer)}")
        return "choices", "the legal moves differ (" + "; ".join(words) + ")."
    return None


def _some(moves: list[str]) -> str:
    shown = ", ".join(moves[:3])
    return shown + (f" and {len(moves) - 3} more" if len(moves) > 3 else "")


def _scores(state: State) -> str:
    return " ".join(map(str, state.scores))


def _seats(state: State) -> str:
    if not state.is_over:
        return "not decided (the game goes on)"
    if not state.winners:
        return "nobody (a draw)"
    return ", ".join(seat_name(p) for p in state.winners)


def seat_name(seat: int) -> str:
    """A seat as a board names it: "Player 1" for seat 0."""
    return f"Player {seat + 1}"


#: A card or tile as the engine writes it: a domino "[6:4]", a playing card "10♥" or
#: "JK", a Skip-Bo card "7" or "SB"; never a part of a longer word, of a domino or of a
#: ruling id ("SB-6") or range ("2-10"), and never a number that labels a place ("pile 2",
#: "stack 3", "option #1", "hand 9").
_LABELS = ("pile", "piles", "stack", "stacks", "step", "hand", "turn", "row", "rows", "#")
_BOUNDARY_BEFORE = r"(?<![\w♠♥♦♣:\[-])" + "".join(
    f"(?<!{re.escape(word + ('' if word == '#' else ' '))})"
    for label in _LABELS
    for word in (label, label.capitalize())
)
_BOUNDARY_AFTER = r"(?![\w♠♥♦♣:\]-])"
NAME = re.compile(
    _BOUNDARY_BEFORE
    + r"(?:\[\d+:\d+\]|(?:10|[2-9AJQK])[♠♥♦♣]|JK|SB|1[0-2]|[1-9])"
    + _BOUNDARY_AFTER
)


def names(text: str) -> set[str]:
    """The names of cards and tiles in ``text``.

    >>> sorted(names("SB-6: pile 1 shows a 2 and needs a 3, not the 10♥ or [6:4]"))
    ['10♥', '2', '3', '[6:4]']
    """
    return set(NAME.findall(text))


def hidden_names(state: State, seat: int) -> frozenset[str]:
    """The names of cards and tiles hidden from ``seat``: those some view of ``state``
    shows (the teaching view, or any seat's own) that ``seat``'s view does not. A name
    this seat sees anywhere (one copy on the table, another in a hidden hand) is not
    hidden: saying it tells the seat nothing it cannot see."""
    every = names(state.describe())
    for other in range(state.game.players):
        every |= names(state.describe(other))
    return frozenset(every - names(state.describe(seat)))


def redact(text: str, hidden: frozenset[str] | set[str]) -> tuple[str, bool]:
    """``text`` with every name in ``hidden`` (and its article, or plural) replaced by
    "a hidden card" ("a hidden tile" for a domino, "hidden cards" for a plural), and
    whether anything was replaced.

    >>> redact("P0 draws the K♠ and the 10♥; P1 plays two 7s.", {"K♠", "7"})
    ('P0 draws a hidden card and the 10♥; P1 plays two hidden cards.', True)
    >>> redact("The 7 goes on pile 7, from your 7.", {"7"})
    ('A hidden card goes on pile 7, from a hidden card.', True)
    """
    if not hidden:
        return text, False
    pattern = _redaction(frozenset(hidden))

    def hide(match: re.Match) -> str:
        thing = "tile" if match["name"].startswith("[") else "card"
        said = f"hidden {thing}s" if match["plural"] else f"a hidden {thing}"
        return said.capitalize() if (match["article"] or " ")[0].isupper() else said

    out, count = pattern.subn(hide, text)
    return out, count > 0


@cache
def _redaction(hidden: frozenset[str]) -> re.Pattern:
    """The pattern :func:`redact` replaces, compiled once per set of names."""
    alternation = "|".join(re.escape(n) for n in sorted(hidden, key=len, reverse=True))
    return re.compile(
        r"(?:\b(?P<article>(?i:the|a|an|one|your|his|her|its|their))\s+)?"
        + _BOUNDARY_BEFORE
        + f"(?P<name>{alternation})(?P<plural>'?s)?"
        + _BOUNDARY_AFTER
    )


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
    others: list[str] | None = None,
) -> dict[str, Any]:
    """One frame of a Stepper board: the SVG board, the narration line, the step label,
    the ruling ids shown, an optional "your move" question, a plain-text alternative of
    the board (for screen readers and for nbval), and ``others``: the lines of the
    hands the board does not draw (:func:`other_hands`; empty in a seat's view)."""
    return {
        "label": label, "say": say, "rules": list(rules), "svg": svg, "text": text,
        "ask": ask, "others": list(others or ()),
    }  # fmt: skip


def other_hands(state: State, viewer: int | None = None) -> list[tuple[int, list[str]]]:
    """What the view of ``viewer`` (by default the teaching view, which draws the hand
    of the seat to move) leaves hidden: for each other seat, the lines of its own text
    that this view's text lacks (its hand), in seat order. The all-hands view shows
    them beside the board.

    >>> import gamebox
    >>> state = gamebox.load("spite-and-malice").start(3)
    >>> other_hands(state)
    [(0, ['P0 hand: 3♦ 4♣ 6♥ 10♣ Q♦'])]
    >>> other_hands(gamebox.load("yahtzix").start(3))  # nothing is hidden
    []
    """
    mine = set(state.describe(viewer).splitlines())
    shown = state.viewpoint(viewer).seat
    found = []
    for seat in range(state.game.players):
        lines = [line for line in state.describe(seat).splitlines() if line not in mine]
        if seat != shown and lines:
            found.append((seat, lines))
    return found


def state_frame(
    state: State, say: str, label: str, rules: tuple[str, ...] = (), ask: dict | None = None
) -> dict[str, Any]:
    """A frame of the all-hands teaching view of ``state``: its board (drawing the hand
    of the seat to move and highlighting the last move) and every other hand's lines."""
    others = [line for _, lines in other_hands(state) for line in lines]
    return frame(state.board_html(), say, label, rules, ask, str(state), others)
