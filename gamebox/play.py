"""A game between a reader and bots, one call at a time.

:class:`Session` drives any registered game through the common protocol, so the same
Python serves the JupyterLab play board (in the kernel) and the static site's play
board (in the reader's browser, on Pyodide). Both boards talk to it through one entry
point, :meth:`Session.call`, which never raises. The protocol is declared in two places
only:

- :data:`CALLS`, the calls a board makes: each a name, what its argument is, and the
  :class:`Session` method that handles it (declared on the method, with :func:`handles`);
- :class:`View`, what every call answers: one record, built in one place
  (:meth:`Session.record`), whose fields are every key a board reads, each with its type
  and meaning. A board receives it as a JSON object (:meth:`Session.view`): the board,
  whose turn it is, the reader's legal moves, the log (with the bots' reasons), the
  result, the refusal of a move the reader tried, and the error of a call that could not
  be made.

A session also teaches: a guided first game (``guide``), hints, the bots' levels, the
game's options, a review of a finished game, a seat's view or all hands, and
pass-and-play for several readers at one screen (``humans`` and ``names``). A view names
things as a reader would: "You are Player 1", never the engine's shorthand (its one-line
``summary``, such as ``P0 R0 B0``, is for logs).

>>> s = Session("milk-run", players=2, seat=0, bots="random", seed=7)
>>> v = s.view()
>>> v["your_turn"], v["seed"], v["moves"][:2]
(True, 7, ['draw stock'])
>>> s.call("move", "draw discard")["refusal"]["rule"]
'MR-4'
>>> s.call("new", {"seed": "1.5"})["error"]
"New game refused: a seed is a whole number from 0 to 2**64 - 1, not '1.5'."
>>> s.call("fly")["error"][:40]
"There is no call 'fly'; the calls are 'n"
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Mapping, Set
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Annotated, Any, TypedDict, get_type_hints

from gamebox.bots import Advice, bot_types, hint, make_bots, warm
from gamebox.core import (
    CHANCE,
    MAX_MOVE_TEXT,
    Game,
    IllegalMove,
    Move,
    State,
    _option_kinds,
    game_class,
    load,
    players_text,
)
from gamebox.rng import check_seed
from gamebox.scenario import Scenario, Step, frame, hidden_names, other_hands
from gamebox.svg import pick_tokens

LOG_LINES = 200
TEMPTING = 6
#: A reader's text is echoed back at most this long, an ellipsis included.
ECHO = 80
#: What a board's spec holds (:meth:`Session.from_spec`, the ``"new"`` call).
SPEC_KEYS = ("game", "players", "seat", "bots", "seed", "options", "guide", "humans", "names")
#: How a board shows the position: one seat's view (what that player knows), or every
#: hand (the teaching view).
VIEWPOINTS = ("seat", "all")
#: The longest name of a reader at a pass-and-play screen.
NAME_MOST = 24
#: What a seat's view shows instead of a bot's reason that names a card hidden from it.
HIDDEN_REASON = "(its reason names a card your seat cannot see)"
#: A word as the leak check compares them: "7♣"; "[3:5]" is "3" and "5".
WORD = re.compile(r"[^\s,.;:!?()\[\]|'\"]+")
#: An option's values are listed in a menu when they are at most this many.
MENU_MOST = 12
#: What the engine raises for a call it refuses: told to the reader as it is.
REFUSALS = (ValueError, TypeError, KeyError, IllegalMove)
#: The verbs a bot's advice starts with, or a clause of it after a colon, as the player to
#: move is told them ("Play the 5"); retold about a bot, they take its "s" ("plays the 5").
ADVICE_VERBS = frozenset((
    "answer", "bank", "bring", "challenge", "cover", "deal", "deliver", "discard", "draw", "end",
    "fill", "go", "keep", "knock", "lay", "move", "pass", "pick", "place", "play", "put", "raise",
    "roll", "set", "shed", "squeeze", "start", "stop", "swap", "take", "yank",
))  # fmt: skip
#: What "you" does in advice ("you hold", "you are stuck"), retold about a bot: "it holds",
#: "it is stuck"; before any other word ("you may", "brings you closer"), "you" is "it".
SUBJECT_VERBS = {"are": "is", "have": "has", "were": "was", "hold": "holds", "need": "needs"}
#: What an option's value is called in a board's menu.
VALUE_WORDS = {None: "the rules' default", True: "yes", False: "no"}


def echo(text: str, most: int = ECHO) -> str:
    """``text`` as a board may show it: control characters (and any other character
    of Unicode's "other" categories, lone surrogates included) written as escapes, and
    cut to ``most`` characters with an ellipsis.

    >>> echo("draw\\x00stock")
    'draw\\\\x00stock'
    >>> echo("x" * 1_000_000, 8)
    'xxxxxxx…'
    """
    cut = text[: most + 1]  # escapes only lengthen it: nothing past this can show
    shown = "".join(
        ch if not unicodedata.category(ch).startswith("C") else ascii(ch)[1:-1] for ch in cut
    )
    return shown if len(shown) <= most else shown[: most - 1] + "…"


def kind_of(value: Any) -> str:
    """How a board names what it was given instead of a text: "null", "a number"..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return f"a {type(value).__name__}"


def _words(err: Exception) -> str:
    if isinstance(err, KeyError) and err.args and isinstance(err.args[0], str):
        return err.args[0]  # str(KeyError) would quote it
    return str(err)


def refusal_text(err: Exception) -> str:
    """The sentence a board shows for a call refused with one of :data:`REFUSALS`: the
    engine's own words.

    >>> refusal_text(KeyError("no game called 'go'"))
    "no game called 'go'."
    """
    return echo(_words(err).rstrip("."), 300) + "."


def engine_error(err: Exception) -> str:
    """The sentence a board shows for an engine's bug: it says so, with no traceback.

    >>> engine_error(KeyError(3))
    'Engine error (KeyError): 3.'
    """
    return f"Engine error ({type(err).__name__}): {echo(_words(err).rstrip('.'), 200)}."


def parse_seed(value: Any) -> int:
    """A seed: a whole number from 0 to 2**64 - 1, or its digits as text (what a seed
    field holds). Raises ``TypeError`` or ``ValueError`` saying what is wrong.

    >>> parse_seed(" 42 "), parse_seed(7)
    (42, 7)
    >>> parse_seed("-3")
    Traceback (most recent call last):
    ...
    ValueError: a seed is a whole number from 0 to 2**64 - 1, not '-3'
    """
    if isinstance(value, str):
        text = value.strip()
        if not text:
            raise ValueError("the seed is empty: give a whole number from 0 to 2**64 - 1")
        if not (text.isascii() and text.isdigit()):
            raise ValueError(f"a seed is a whole number from 0 to 2**64 - 1, not {echo(text)!r}")
        if len(text) > 20:  # more digits than 2**64 has: no need to read them
            raise ValueError(
                f"a seed is a whole number from 0 to 2**64 - 1, not a number of {len(text)} digits"
            )
        value = int(text)
    return check_seed(value)


def move_groups(picks: list[list[str]]) -> list[Group]:
    """The reader's moves in rows, by the piece each one moves (its first pick, for a
    move with a piece and a target): a row per piece, then one row (key "") for the
    moves that stand alone, such as "draw stock" or "roll". Each row lists the moves'
    positions in the view's ``moves``.

    >>> move_groups([["7♦", "row 2"], ["stock"], ["7♦", "row 3"], []])
    [{'key': '7♦', 'moves': [0, 2]}, {'key': '', 'moves': [1, 3]}]
    """
    rows: dict[str, list[int]] = {}
    alone: list[int] = []
    for i, p in enumerate(picks):
        if len(p) >= 2:
            rows.setdefault(p[0], []).append(i)
        else:
            alone.append(i)
    found = [{"key": key, "moves": moves} for key, moves in rows.items()]
    return found + ([{"key": "", "moves": alone}] if alone else [])


def third_person(verb: str) -> str:
    """An imperative as a bot's deed: "play" -> "plays", "pass" -> "passes", "go" -> "goes".

    >>> [third_person(v) for v in ("play", "pass", "go", "carry", "squeeze")]
    ['plays', 'passes', 'goes', 'carries', 'squeezes']
    """
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def retold(advice: str) -> str:
    """A bot's reason, which the bots word as advice to the player to move (the words a
    hint gives the reader: "Draw your second card from the stock."), retold about the bot
    that made the move, as its log line and the list of the bots' moves show it: "draws
    its second card from the stock." Only this function turns advice into a report, for
    every game: its imperatives (at the start, after a colon or "then") take an "s", and
    "you" and "your" become "it" and "its".

    >>> retold("Draw your second card from the stock.")
    'draws its second card from the stock.'
    >>> retold("You hold no card to discard: pass (SB-17).")
    'It holds no card to discard: passes (SB-17).'
    >>> retold("Play the 7: every card played brings you closer, and you are stuck after.")
    'plays the 7: every card played brings it closer, and it is stuck after.'
    """
    tokens = re.split(r"(\W+)", advice)  # words at even places, what parts them between
    pronouns = {"you": "it", "your": "its", "yours": "its own"}
    for i in range(0, len(tokens), 2):
        word, then = tokens[i].lower(), tokens[i + 2].lower() if i + 2 < len(tokens) else ""
        # A clause's first word: the advice's, after a colon, or after "and then".
        opens = i == 0 or tokens[i - 1].rstrip().endswith(":") or tokens[i - 2 : i] == ["then", " "]
        if opens and word in ADVICE_VERBS:
            tokens[i] = third_person(word)
        elif word == "you" and then in SUBJECT_VERBS:
            tokens[i], tokens[i + 2] = "it", SUBJECT_VERBS[then]
        elif word in pronouns:
            tokens[i] = pronouns[word]
    if tokens[0] in ("it", "its"):  # "You hold", "Your only play"
        tokens[0] = tokens[0].capitalize()
    return "".join(tokens)


def unnamed(reason: str, rule: str | None) -> str:
    """``reason`` without its bracketed ruling id, where the board shows ``rule`` as a tag
    beside it (the tag names the ruling once, with its kind and a link).

    >>> unnamed("an empty stack takes any card (SB-12).", "SB-12")
    'an empty stack takes any card.'
    >>> unnamed("the row goes down (SM-10); so does SM-9.", "SM-10")
    'the row goes down; so does SM-9.'
    """
    return re.sub(rf"\s*\({re.escape(rule)}\)", "", reason) if rule else reason


def and_list(items: list[str]) -> str:
    """Items in words: "a", "a and b", "a, b and c"."""
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def words(text: str) -> set[str]:
    """The words of a text, as the leak check compares a reason with what a seat sees.

    >>> sorted(words("Play the 7♣ on [3:5]."))
    ['3', '5', '7♣', 'Play', 'on', 'the']
    """
    return set(WORD.findall(text))


def value_words(value: Any) -> str:
    """An option's value as a board's menu shows it: "yes", "no", "the rules' default"
    (None), else the value itself.

    >>> [value_words(v) for v in (None, True, 3, "satisfy")]
    ["the rules' default", 'yes', '3', 'satisfy']
    """
    return VALUE_WORDS[value] if value is None or isinstance(value, bool) else str(value)


def option_rows(game_type: type[Game], given: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A game's options as a board offers them before a game: each as
    :meth:`gamebox.core.Options.describe` tells it (name, default, one-line ``doc``,
    ruling ``rule``), in a reader's words: its ``label`` ("Reserve size"), its ``value``
    (``given``, else the default), ``choices`` (every value, where they are few: a menu)
    with their ``words`` ("yes", "the rules' default"), else ``low``/``high`` (a number
    field), and what it ``takes``: nothing to add for a menu, which shows its values;
    for a number field, its range, and that an empty field takes the rules' default.

    >>> row = option_rows(game_class("milk-run"), {})[0]
    >>> row["label"], row["choices"], row["words"][:2], row["takes"]
    ('Decks', [None, 1, 2, 3, 4, 5, 6], ["the rules' default", '1'], '')
    >>> option_rows(game_class("skip-bo"), {})[1]["takes"]
    "a whole number from 1 to 79 (empty: the rules' default)"
    """
    rows = []
    told = game_type.options_type.describe()
    for row, f in zip(told, fields(game_type.options_type), strict=True):
        kinds, meta = _option_kinds(f), f.metadata
        low, high = meta.get("low"), meta.get("high")
        choices = list(meta.get("choices") or ())
        if not choices and bool in kinds:
            choices = [False, True]
        if not choices and int in kinds and low is not None and high is not None:
            choices = list(range(low, high + 1)) if high - low < MENU_MOST else []
        if choices and type(None) in kinds:
            choices = [None, *choices]
        value = given.get(f.name, row["default"])
        empty = value_words(row["default"])
        takes = "" if choices else f"a whole number from {low} to {high} (empty: {empty})"
        rows.append(
            {
                **row,
                "label": f.name.replace("_", " ").capitalize(),
                "takes": takes,
                "value": value,
                "choices": choices,
                "words": [value_words(c) for c in choices],
                "low": low,
                "high": high,
            }
        )
    return rows


def check_names(names: Any, humans: tuple[int, ...]) -> dict[int, str]:
    """The readers' names by seat: ``names`` (one a human seat), or None for "You"
    alone, "Player 2"... for several. Raises ``TypeError`` or ``ValueError`` saying why.

    >>> check_names(["Ann", " Bo "], (0, 2))
    {0: 'Ann', 2: 'Bo'}
    """
    if names is None:
        if len(humans) == 1:
            return {humans[0]: "You"}
        return {h: f"Player {h + 1}" for h in humans}
    if not isinstance(names, list | tuple):
        raise TypeError(f"names is a list of the readers' names, not {kind_of(names)}")
    if len(names) != len(humans):
        raise ValueError(f"{len(names)} names for {len(humans)} readers at the screen")
    found: dict[int, str] = {}
    for seat, name in zip(humans, names, strict=True):
        if not isinstance(name, str):
            raise TypeError(f"a reader's name is a text, not {kind_of(name)}")
        name = name.strip()
        if not name or len(name) > NAME_MOST:
            raise ValueError(f"a reader's name has 1 to {NAME_MOST} characters, not {len(name)}")
        if any(unicodedata.category(ch).startswith("C") for ch in name):
            raise ValueError(f"a reader's name holds no control character: {echo(name, 40)!r}")
        if name in found.values():
            raise ValueError(f"two readers are named {echo(name, 40)!r}")
        found[seat] = name
    return found


# -- the protocol: the calls -------------------------------------------------------


class CallError(Exception):
    """A call a board cannot make now: the view's ``error`` says these words, and the
    session is as it was."""


#: What a call does: a :class:`Session` method given the call's argument. It changes the
#: session, or raises :class:`CallError` (or one of :data:`REFUSALS`) having changed nothing.
Handler = Callable[["Session", Any], None]


@dataclass(frozen=True)
class Call:
    """One call of the play protocol: its ``name``, what its argument is (``takes``, in
    words; "" for a call that takes none, whose argument must be null) and the
    :class:`Session` method that answers it, whose docstring says what it does."""

    name: str
    takes: str
    handler: Handler


#: The calls a board makes (:meth:`Session.call`), by name, in the order
#: :class:`Session` declares their handlers (:func:`handles` adds each).
CALLS: dict[str, Call] = {}


def handles(name: str, takes: str = "") -> Callable[[Handler], Handler]:
    """Declare the method below the handler of the call ``name``, whose argument is
    ``takes`` (in words; "" for a call that takes no argument), in :data:`CALLS`.

    >>> CALLS["viewpoint"].takes
    "'seat' (the reader's seat's view) or 'all' (every hand)"
    >>> CALLS["hint"].handler.__name__, CALLS["hint"].takes
    ('_give_hint', '')
    """

    def register(handler: Handler) -> Handler:
        CALLS[name] = Call(name, takes, handler)
        return handler

    return register


# -- the protocol: the view ----------------------------------------------------------


class Said(TypedDict):
    """One thing that happened since the reader's last move."""

    line: str  # the log's line of a move ("" for the guide's words)
    why: str  # the bot's reason (or a note that it is hidden), or the guide's words


class Group(TypedDict):
    """A row of the reader's moves: those that move one piece (:func:`move_groups`)."""

    key: str  # the piece they move ("" for the row of moves that stand alone)
    moves: list[int]  # their places in the view's ``moves``


class Other(TypedDict):
    """In the all-hands view, what another seat sees that the reader's does not."""

    seat: str  # the seat's name
    lines: list[str]  # the lines of its text that the reader's lacks (its hand)


class Reader(TypedDict):
    """A reader at the screen."""

    seat: int
    name: str


class Players(TypedDict):
    """The player count, as the setup offers it."""

    count: int  # this game's
    low: int  # the fewest the game takes
    high: int  # the most
    doc: str  # "Milk Run takes 2 to 4 players."


class Refusal(TypedDict):
    """A move the reader tried that the rules, or the guided game's lesson, refuse."""

    move: str  # the text tried, as a board may show it (:func:`echo`)
    rule: str  # the ruling that refuses it ("" for text that is no move, or another lesson)
    reason: str  # why, in words


class Mark(TypedDict):
    """A hint: the move a good player would make, and why."""

    move: str
    reason: str
    rule: str  # the ruling it rests on, or ""


class Hinted(Mark):
    """The hint asked for, with the pieces its move picks (outlined on the board)."""

    picks: list[str]


class GuideStep(TypedDict):
    """The guided game's step, as the reader counts their own steps."""

    title: str  # the guided game's
    step: int  # the reader's step, from 1
    steps: int  # the reader's steps in all
    say: str  # what to do now (or that the guided game is over)
    rules: list[str]  # the rulings it teaches
    move: str  # the move it asks for ("" while it asks for none)
    picks: list[str]  # the pieces that move picks (outlined on the board)
    done: bool  # the script is played out: free play against the bots


class Review(TypedDict):
    """A frame of the review of a finished game."""

    index: int  # the frame's number, 0 the deal
    count: int  # the frames in all
    frame: dict[str, Any]  # the frame, as a Stepper's (:func:`gamebox.scenario.frame`)
    marks: list[int]  # the frames where a reader's move was not the hint's
    mark: Mark | None  # the hint, where this frame's move was not it


#: Marks a :class:`View` field that only Python callers read (tests, a notebook), not a board.
FOR_PYTHON = "for Python callers only"


@dataclass(frozen=True)
class View:
    """What a board draws after each call, the only thing a call answers: every field a
    board reads, each with its type and, in its annotation, its meaning (and
    :data:`FOR_PYTHON` on the few that no board reads). Built in one place,
    :meth:`Session.record`. The position's fields take their defaults (no board, no
    moves) while the screen is to be passed to another reader, and when the engine
    cannot draw the position (``error`` says so).

    >>> [name for name, (_, board) in View.declared().items() if not board]
    ['game', 'title', 'seat', 'humans', 'bots']
    """

    # -- the game and who plays it
    game: Annotated[str, "the game's registered name", FOR_PYTHON]
    title: Annotated[str, "the game's title (the board has it as a trait)", FOR_PYTHON]
    seed: Annotated[int, "the seed of the deal"]
    seat: Annotated[int, "the seat of the reader holding the screen", FOR_PYTHON]
    seats: Annotated[str, "who plays which seat, in words"]
    humans: Annotated[list[Reader], "the readers at the screen", FOR_PYTHON]
    bots: Annotated[str | list[str], "the bots' level, or one per seat", FOR_PYTHON]
    levels: Annotated[list[str], "the bots' levels a reader may choose"]
    players: Annotated[Players, "the player count, and the counts the game takes"]
    options: Annotated[list[dict[str, Any]], "the game's options as the setup offers them"]
    can_guide: Annotated[bool, "the game has a guided first game"]
    can_see_all: Annotated[bool, "the game hides something from a seat: 'All hands' is offered"]
    viewpoint: Annotated[str, "'seat' (the reader's seat's view) or 'all' (every hand)"]
    handover: Annotated[str, "the reader the screen is to be passed to ('' if none)"]
    lately: Annotated[list[Said], "what happened since the reader's last move, in order"]
    log: Annotated[list[str], "the game's log, its last lines"]
    reasons: Annotated[list[str], "each log line's reason ('' if none), as this view may show it"]
    # -- the position (no board while the screen is passed on, or when the engine fails)
    svg: Annotated[str, "the board's HTML: its areas' SVGs, pieces tagged data-pick"] = ""
    text: Annotated[str, "the board as text (with the other hands in the all-hands view)"] = ""
    others: Annotated[list[Other], "all hands: the others' hands"] = field(default_factory=list)
    to_move: Annotated[str, "who is to move ('' once the game is over)"] = ""
    your_turn: Annotated[bool, "the reader holding the screen is to move"] = False
    bots_to_move: Annotated[bool, "a bot (or the dice, or the guide's script) is to move"] = False
    moves: Annotated[list[str], "the reader's legal moves"] = field(default_factory=list)
    picks: Annotated[list[list[str]], "each move's pieces to pick"] = field(default_factory=list)
    groups: Annotated[list[Group], "the moves' rows, a piece each"] = field(default_factory=list)
    tempting: Annotated[list[str], "refused moves, to try"] = field(default_factory=list)
    refused_picks: Annotated[list[list[Any]], "refused [picks, text]"] = field(default_factory=list)
    over: Annotated[bool, "the game is over"] = False
    result: Annotated[str, "who won, and the scores ('' while the game goes on)"] = ""
    # -- teaching
    guide: Annotated[GuideStep | None, "the guided game's step (None in a free game)"] = None
    hint: Annotated[Hinted | None, "the hint asked for by this call"] = None
    review: Annotated[Review | None, "the review's frame asked for by this call"] = None
    hints_owed: Annotated[int, "the hints the board may still ponder ('ponder' calls)"] = 0
    # -- this call's answer
    can_undo: Annotated[bool, "a move of the reader's can be taken back"] = False
    refusal: Annotated[Refusal | None, "why the move this call tried was refused"] = None
    error: Annotated[str, "why this call could not be made ('' if it was)"] = ""
    serial: Annotated[int, "the answer's number at a kernel board (PlayBoard counts them)"] = 0

    @classmethod
    def declared(cls) -> dict[str, tuple[str, bool]]:
        """Each field's meaning, and whether a board reads it (not :data:`FOR_PYTHON`)."""
        hints = get_type_hints(cls, include_extras=True)
        told = {f.name: hints[f.name].__metadata__ for f in fields(cls)}
        return {name: (meta[0], FOR_PYTHON not in meta) for name, meta in told.items()}


# -- a game's story ---------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """One move of the game, as the log, the list of what happened since the reader's
    move and the review tell it: the state after it, who made it, the log's line, the
    bot's reason (or the guide's narration), the readers it is ``hidden`` from (it names
    a card they cannot see) and, for a reader's move, the hint at the position before it
    (``hinted``), or that this hint is still ``owed`` (to work out when nothing waits)."""

    state: State
    move: Move
    mover: int
    line: str
    reason: str = ""
    hinted: Advice | None = None
    hidden: frozenset[int] = frozenset()
    owed: bool = False


@dataclass(frozen=True)
class Note:
    """Words on the screen that are no move: a line of the log's own (``line``: the new
    game, a move taken back), or the guide's words (``reason``: its intro, a narration),
    told with the moves since the reader's last one. It shows no card: hidden from none."""

    line: str = ""
    reason: str = ""
    hidden: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Undo:
    """What taking back a reader's move restores: the state before it, the length of
    the session's story then (the move and all after it are cut), and the guided game's
    step."""

    state: State
    told: int
    guide_at: int


class Session:
    """The readers at the screen play the ``humans`` seats (by default ``seat`` alone);
    every other seat is a bot (``bots`` is a level of :data:`gamebox.bots.LEVELS`, or one
    per seat). Chance moves come from the state's generator. With ``guide`` the game is
    the game's guided first game (:meth:`gamebox.core.Game.guide`, or the
    :class:`~gamebox.scenario.Scenario` given): its deal, the reader's steps asked one by
    one, the bots' replies scripted, then free play against the bots.

    The constructor refuses a bad game, player count, seat, bot, seed, option or name
    with ``ValueError``, ``TypeError`` or ``KeyError`` (it is called by a chapter's
    author); once made, a session answers every :meth:`call` with a view and never raises.
    """

    def __init__(
        self,
        name: str,
        players: int | None = None,
        *,
        seat: int = 0,
        bots: str | list[str] = "heuristic",
        seed: int | str = 0,
        options: Mapping[str, Any] | None = None,
        guide: bool | Scenario = False,
        humans: list[int] | None = None,
        names: list[str] | None = None,
    ) -> None:
        # What one call asked for or could not do, shown by its view (reset by each call).
        self.refusal: Refusal | None = None
        self.error = ""
        self.hinted: Advice | None = None
        self.reviewing: int | None = None
        self.viewpoint = "seat"
        #: The hint worked out last, with the state it is the hint of.
        self.kept: tuple[State, Advice] | None = None
        spec = {"game": name, "players": players, "seat": seat, "bots": bots, "seed": seed}
        spec |= {"guide": guide, "humans": humans, "names": names}
        self._begin({**spec, "options": {} if options is None else options})

    @classmethod
    def from_spec(cls, spec: Mapping[str, Any]) -> Session:
        """A session from a board's spec: a mapping of some of :data:`SPEC_KEYS` (the
        others take the constructor's defaults)."""
        given = cls._checked_keys(spec)
        return cls(given.pop("game", None), **given)

    @staticmethod
    def _checked_keys(spec: Any) -> dict[str, Any]:
        if not isinstance(spec, Mapping):
            raise TypeError(
                f"a game's spec is an object of {', '.join(SPEC_KEYS)}, not {kind_of(spec)}"
            )
        unknown = [k for k in spec if k not in SPEC_KEYS]
        if unknown:
            raise TypeError(
                f"a game's spec has no {echo(str(unknown[0]), 40)!r}; it has {', '.join(SPEC_KEYS)}"
            )
        return dict(spec)

    def _begin(self, spec: dict[str, Any]) -> None:
        """Deal a new game from a whole spec, or raise and change nothing."""
        name, players, seat, guide = spec["game"], spec["players"], spec["seat"], spec["guide"]
        if not isinstance(name, str):
            raise TypeError(f"a game is named by a text, not {kind_of(name)}")
        if players is not None and type(players) is not int:
            raise TypeError(f"players is a whole number, not {kind_of(players)}")
        if not isinstance(spec["options"], Mapping):
            raise TypeError(
                f"options are an object of names and values, not {kind_of(spec['options'])}"
            )
        if not isinstance(guide, bool | Scenario):
            raise TypeError(f"guide is true or false, not {kind_of(guide)}")
        seed = parse_seed(spec["seed"])
        # An option left empty (None, or an empty field's "") takes the rules' default.
        known = {f.name for f in fields(game_class(name).options_type)}
        spec["options"] = {
            k: v for k, v in spec["options"].items() if k not in known or v not in (None, "")
        }
        scenario = game_class(name).guide() if guide is True else guide or None
        if guide is True and scenario is None:
            raise ValueError(f"{game_class(name).title} has no guided game yet")
        if scenario is not None and scenario.game != name:
            raise ValueError(f"the guided game {scenario.id!r} is one of {scenario.game}")
        if scenario is not None:
            game, state = scenario.load_game(), scenario.start()
        else:
            game = load(name, players=players, **spec["options"])
            state = game.start(seed)
        if type(seat) is not int or not 0 <= seat < game.players:
            seats = f"0 to {game.players - 1}"
            raise ValueError(f"seat {echo(repr(seat), 40)} is not one of the seats, {seats}")
        given = spec["names"]
        if isinstance(given, list | tuple) and len(given) > game.players:
            raise ValueError(
                f"{len(given)} names for {game.players} players: give one name per reader at "
                f"the screen ({game.players} at most)"
            )
        humans = self._humans(spec["humans"], game, seat if scenario is None else scenario.seat)
        if scenario is not None and humans != (scenario.seat,):
            raise ValueError(f"a guided game has one reader, at seat {scenario.seat}")
        names = check_names(spec["names"], humans)
        bots = make_bots(game, spec["bots"], seed)
        # The tables the bots (and the hint's bot) build once, built while the reader
        # waits for the board to start, rather than in a bot's move or a hint.
        warm(game, bots)
        # Everything checked: only now does the session change.
        self.spec = {**spec, "seed": seed, "options": dict(spec["options"])}
        self.game, self.seat, self.seed = game, humans[0], seed
        self.humans, self.names, self.viewer = humans, names, humans[0]
        self.bots, self.state, self.start_state = bots, state, state
        self.guide, self.guide_at = scenario, 0
        #: The guided game's steps that are the reader's (their places in its steps).
        self.mine = self._readers_steps(scenario) if scenario is not None else []
        #: Does the game hide anything from a seat (a hand)? Only then is "all hands" offered.
        self.hides = any(hidden_names(state, p) for p in range(game.players))
        opening = f"Guided game of {game.title}: {scenario.title}." if scenario else ""
        #: The game's story, in order: one record per move (:class:`Played`), and the
        #: log's own lines and the guide's words (:class:`Note`). The log, what happened
        #: since the reader's move, the review and the hints owed are all read from it.
        self.story: list[Played | Note] = [
            Note(line=opening or f"New game of {game.title}, seed {seed}."),
            *([Note(reason=scenario.intro)] if scenario is not None else []),
        ]
        #: The reader's moves that can be taken back, the last on top.
        self.undo_stack: list[Undo] = []
        self._skip_narration()

    @staticmethod
    def _readers_steps(scenario: Scenario) -> list[int]:
        """The places of a guided game's steps that ask the reader for a move."""
        states = scenario.states()
        return [
            i
            for i, step in enumerate(scenario.steps)
            if step.move is not None and states[i].current_player == scenario.seat
        ]

    @staticmethod
    def _humans(humans: Any, game: Game, seat: int) -> tuple[int, ...]:
        """The seats played at this screen: ``humans``, or ``seat`` alone if None."""
        if humans is None:
            return (seat,)
        if not isinstance(humans, list | tuple) or not humans:
            raise TypeError(
                f"humans is a list of the seats played at this screen, not {kind_of(humans)}"
            )
        for h in humans:
            if type(h) is not int or not 0 <= h < game.players:
                seats = f"0 to {game.players - 1}"
                raise ValueError(f"humans: {echo(repr(h), 40)} is not one of the seats, {seats}")
        if len(set(humans)) != len(humans):
            raise ValueError("humans names a seat twice")
        return tuple(humans)

    # -- the one entry point of both boards ------------------------------------------

    def call(self, name: Any, arg: Any = None) -> dict[str, Any]:
        """Answer a board's call, one of :data:`CALLS` with its argument, with the view
        (:meth:`view`), never raising. A call that cannot be made changes nothing, and
        its view says why in ``error`` (a refused move says why in ``refusal``)."""
        self.refusal, self.error, self.hinted, self.reviewing = None, "", None, None
        try:
            self._declared(name, arg).handler(self, arg)
        except CallError as err:
            self.error = str(err)
        except REFUSALS as err:
            self.error = refusal_text(err)
        except Exception as err:  # an engine's bug: shown, never raised
            self.hinted = self.reviewing = None
            self.error = f"{engine_error(err)} The game is as it was before this call."
        return self.view()

    @staticmethod
    def _declared(name: Any, arg: Any) -> Call:
        """The call ``name`` of :data:`CALLS`, if it takes ``arg``; else :class:`CallError`."""
        calls = and_list([repr(c) for c in CALLS])
        if not isinstance(name, str):
            raise CallError(
                f"A call is named by a text, not {kind_of(name)}; the calls are {calls}."
            )
        if name not in CALLS:
            raise CallError(f"There is no call {echo(name, 40)!r}; the calls are {calls}.")
        if arg is not None and not CALLS[name].takes:
            raise CallError(f"The call {name!r} takes no argument.")
        return CALLS[name]

    def answer(self, request: str) -> str:
        """:meth:`call` for a JSON request ``{"call": name, "arg": arg}``, answered with
        the view as JSON: how the browser's board (on Pyodide) calls the session."""
        try:
            data = json.loads(request)
        except (TypeError, ValueError, RecursionError):  # not a request: not JSON, or absurd
            data = None
        if isinstance(data, dict):
            view = self.call(data.get("call"), data.get("arg"))
        else:
            view = asdict(replace(self.record(), error="A board's request is a JSON object."))
        return json.dumps(view, ensure_ascii=False)

    # -- the calls: each handler declared with the call it answers -----------------------

    @handles("new", "the spec's keys to change (an object: seed, bots, options...), or null")
    def _new(self, changes: Any) -> None:
        """Deal a new game: the spec's keys given (``seed``, ``bots``, ``options``,
        ``players``, ``guide``, ``humans``, ``names``...) as given, the others as before."""
        try:
            self._begin({**self.spec, **self._checked_keys({} if changes is None else changes)})
        except REFUSALS as err:
            raise CallError(f"New game refused: {refusal_text(err)}") from err

    @handles("move", "the text of the move the reader tries")
    def _move(self, text: Any) -> None:
        """The reader tries ``text``: played if legal (and, in a guided game, the lesson's
        move), else explained in ``refusal`` (nothing changes). Any value is answered:
        text that cannot be a move is refused before the engine reads it, and the refusal
        echoes it trimmed. In a guided game a legal move that is not the lesson's is
        refused too, with the step's nudge."""
        if not isinstance(text, str):
            return self._refuse(
                kind_of(text), f"A move is written as text, not as {kind_of(text)}."
            )
        if self.state.is_over:
            return self._refuse(text, "The game is over: start a new game to play again.")
        if self.handover:
            return self._refuse(text, f"Pass the screen to {self.handover} first.")
        if not self.your_turn:
            return self._refuse(text, "It is not your turn.")
        if len(text) > MAX_MOVE_TEXT:
            return self._refuse(text, f"That is not a move: it is {len(text):,} characters long.")
        if any(unicodedata.category(ch).startswith("C") for ch in text):
            return self._refuse(text, "That is not a move: it holds a control character.")
        lesson = self._lesson()
        nudge = lesson.nudge if lesson is not None else ""

        def nudged(reason: str) -> str:
            return f"{reason.rstrip('.')}. {nudge}" if nudge else reason

        try:
            after = self.state.apply(text)
        except IllegalMove as err:
            if err.rule == f"{self.game.rule_prefix}-0":  # text that is no move at all
                return self._refuse(text, nudged(f"That is not a move: {err.reason}."))
            return self._refuse(text, nudged(err.reason), err.rule)
        move = after.last_move
        if lesson is not None and move != self.state.parse_move(lesson.move):
            return self._refuse(text, nudged(f"Legal, but this lesson asks for {lesson.move}."))
        # The hint here, for the review (the lesson's move is the guided game's hint):
        # the one kept (asked for, or pondered while the reader thought), else owed: worked
        # out later, when nothing waits for it (_ponder), or when the review opens.
        hinted = self._kept_here()
        self.undo_stack.append(Undo(self.state, len(self.story), self.guide_at))
        line = f"{self.seat_name(self.viewer)}: {move}"
        owed = lesson is None and hinted is None
        return self._record(Played(after, move, self.viewer, line, hinted=hinted, owed=owed))

    @handles("bot")
    def _bot(self, _: None = None) -> None:
        """The bot (or the dice) to move makes one move: in a guided game, the script's
        reply, narrated. It works out no hint the review is owed: the reader waits for
        the bot's own thought alone."""
        if not self.bots_to_move:
            raise CallError("No bot is to move now.")
        player, state = self.state.current_player, self.state
        lesson = self._lesson()
        if lesson is not None:
            move, reason = state.parse_move(lesson.move), lesson.say
        elif state.is_chance:
            move, reason = state.sample_chance(), ""
        else:
            advice = self.bots[player].advise(state)
            move, reason = advice.move, retold(advice.reason)
        try:
            after = state.apply(move)  # the last step that can fail
        except REFUSALS as err:  # a bot's move is never the reader's mistake
            raise RuntimeError(f"the bot's move was refused: {refusal_text(err)}") from err
        line = f"{self.seat_name(player)}: {after.last_move}"
        self._record(Played(after, after.last_move, player, line, reason))

    @handles("undo")
    def _undo(self, _: None) -> None:
        """Take back the reader's last move and the bots' moves after it."""
        if not self.undo_stack:
            raise CallError("There is no move of yours to take back.")
        undo = self.undo_stack.pop()
        self.state, self.guide_at = undo.state, undo.guide_at
        del self.story[undo.told :]
        self.story.append(Note(line="(You took back your last move.)"))

    @handles("hint")
    def _give_hint(self, _: None) -> None:
        """The move a good player would make now, with its reason (the view's ``hint``)."""
        if not self.your_turn:
            raise CallError("A hint is for your turn, in a game still going.")
        self.hinted = self._hint()

    @handles("ponder")
    def _ponder(self, _: None) -> None:
        """The board's work while the reader thinks, one of :attr:`hints_owed` a call:
        the hint of the reader's position first (kept for the review, and so that "hint"
        answers at once: the Hint button and the reader's next move want it), else the
        oldest hint the review is owed (of a move made before its position was
        pondered). The view shows nothing new but ``hints_owed`` (the board asks again
        while that is not 0 and the reader has not moved)."""
        if not self._thought_here():
            self._hint()
        else:
            self._settle(1)

    @handles("viewpoint", "'seat' (the reader's seat's view) or 'all' (every hand)")
    def _viewpoint(self, viewpoint: Any) -> None:
        """Show the position as the reader's seat sees it, or every hand."""
        if viewpoint not in VIEWPOINTS:
            shown = echo(viewpoint, 40) if isinstance(viewpoint, str) else kind_of(viewpoint)
            raise CallError(
                f"A viewpoint is 'seat' (your seat's view) or 'all' (every hand), not {shown!r}."
            )
        self.viewpoint = viewpoint

    @handles("ready")
    def _ready(self, _: None) -> None:
        """At a pass-and-play screen, the next reader has the screen."""
        if not self.handover:
            raise CallError("No one is waiting for the screen.")
        self.viewer = self.state.current_player
        self.undo_stack.clear()  # a reader takes back only their own moves

    @handles("review", "the frame's number (0, or null: the deal)")
    def _open_review(self, index: Any) -> None:
        """Show frame ``index`` of a finished game, working out the hints still owed."""
        index = 0 if index is None else index
        if not self.state.is_over:
            raise CallError("The review opens when the game is over.")
        if type(index) is not int or not 0 <= index <= len(self.trail):
            shown = echo(repr(index), 40) if type(index) is int else kind_of(index)
            raise CallError(f"The review has frames 0 to {len(self.trail)}, not {shown}.")
        self._settle()
        self.reviewing = index

    # -- the game ------------------------------------------------------------------

    def run_bots(self) -> dict[str, Any]:
        """Let the bots play until it is the reader's turn or the game is over (a
        notebook's or a test's shortcut for "bot" calls)."""
        while self.bots_to_move:
            self._bot()
        return self.view()

    def seat_name(self, player: int) -> str:
        if player == CHANCE:
            return "Dice"
        if player in self.names:
            return self.names[player]
        kind = self.bots[player].name
        return f"Player {player + 1} ({kind} bot)"

    def seats(self) -> str:
        """Who plays which seat, in words (a board's status line says it), with each
        seat's name on the board where the game has one (``State.board_name``).

        >>> Session("milk-run", players=3, seat=1, bots="random").seats()
        'You are Player 2 (P1), against Player 1 (P0, random bot) and Player 3 (P2, random bot).'
        >>> Session("milk-run", players=3, humans=[0, 2], names=["Ann", "Bo"]).seats()
        'Ann is Player 1 (P0) and Bo is Player 3 (P2), against Player 2 (P1, heuristic bot).'
        >>> Session("yahtzix", players=2).seats()
        'You are Player 1, against Player 2 (heuristic bot).'
        """

        def seat(p: int, *more: str) -> str:
            said = ", ".join(filter(None, (self.state.board_name(p), *more)))
            return f"Player {p + 1}" + (f" ({said})" if said else "")

        players = range(self.game.players)
        bots = [seat(p, f"{self.bots[p].name} bot") for p in players if p not in self.humans]
        if len(self.humans) == 1:
            you = f"You are {seat(self.seat)}"
        else:
            you = and_list([f"{self.names[h]} is {seat(h)}" for h in self.humans])
        return f"{you}, against {and_list(bots)}." if bots else f"{you}."

    @property
    def your_turn(self) -> bool:
        """True while the reader holding the screen is to move."""
        return not self.state.is_over and self.state.current_player == self.viewer

    @property
    def handover(self) -> str:
        """The name of the reader the screen is to be passed to, while the next move is
        another reader's than the one holding it ("" otherwise)."""
        player = self.state.current_player
        if self.state.is_over or player == self.viewer or player not in self.humans:
            return ""
        return self.names[player]

    @property
    def bots_to_move(self) -> bool:
        """True while the next move is a bot's or chance's (or the guide's script's)."""
        return not self.state.is_over and self.state.current_player not in self.humans

    def _lesson(self) -> Step | None:
        """The guided game's next step, while it has one."""
        if self.guide is None or self.guide_at >= len(self.guide.steps):
            return None
        return self.guide.steps[self.guide_at]

    def _skip_narration(self) -> None:
        """Pass the guide's steps that only narrate, keeping their words."""
        step = self._lesson()
        while step is not None and step.move is None:
            self.story.append(Note(reason=step.say))
            self.guide_at += 1
            step = self._lesson()

    def _refuse(self, text: str, reason: str, rule: str = "") -> None:
        self.refusal = {"move": echo(text), "rule": rule, "reason": echo(reason, 400)}

    def _kept_here(self) -> Advice | None:
        """The hint kept of this very position, if it is (:attr:`kept`)."""
        return self.kept[1] if self.kept is not None and self.kept[0] is self.state else None

    def _hint(self) -> Advice:
        """The hint at this position (kept, so asking again, then moving, costs nothing).
        While a guided game has a step of the reader's, the hint is the lesson's move,
        with its instruction as the reason: the lesson and the hint never disagree."""
        step = self._lesson()
        if step is not None and step.move is not None and self.your_turn:
            rule = step.rules[0] if step.rules else None
            return Advice(self.state.parse_move(step.move), step.say, rule)
        kept = self._kept_here()
        if kept is None:
            kept = hint(self.state)
            self.kept = (self.state, kept)
        return kept

    def _record(self, played: Played) -> None:
        """A move made: the new state, and its record in the story (whom its reason
        must not be shown to)."""
        before, self.state = self.state, played.state
        if played.reason and played.mover != CHANCE:
            # A card the mover held that the move did not show, and a reader does not see.
            secret = words(before.describe(played.mover)) - words(str(played.move))
            said = words(played.reason)
            hidden = [h for h in self.humans if said & (secret - words(before.describe(h)))]
            played = replace(played, hidden=frozenset(hidden))
        self.story.append(played)
        if self._lesson() is not None:
            self.guide_at += 1
            self._skip_narration()

    @property
    def trail(self) -> list[Played]:
        """The moves made, in order: the review's frames after the deal."""
        return [entry for entry in self.story if isinstance(entry, Played)]

    @property
    def pending(self) -> list[int]:
        """The reader's moves (their places in :attr:`trail`) whose hint is owed."""
        return [i for i, played in enumerate(self.trail) if played.owed]

    def _thought_here(self) -> bool:
        """Is the hint of the reader's position at hand without a thought (kept, or the
        guided game's lesson), or is there none to think of (not the reader's turn)?"""
        if not self.your_turn:
            return True
        step = self._lesson()
        return (step is not None and step.move is not None) or self._kept_here() is not None

    @property
    def hints_owed(self) -> int:
        """The strong bot's thoughts the board may still ponder: the hint of the
        reader's position, if it is their turn and it is not kept yet, and the hints the
        review is owed (:attr:`pending`)."""
        return len(self.pending) + (not self._thought_here())

    def _settle(self, most: int | None = None) -> None:
        """Work out the hints the review is owed of the reader's moves, the oldest
        first (``most`` of them; by default all). A board ponders while the reader
        thinks, so a move usually has its hint; one made before that is worked out when
        nothing waits for it: in a later "ponder" call (a bot's reply never waits for
        it), or when the review opens."""
        before, left = self.start_state, len(self.story) if most is None else most
        for i, entry in enumerate(self.story):
            if not isinstance(entry, Played):
                continue
            if entry.owed and left:
                self.story[i] = replace(entry, hinted=hint(before), owed=False)
                left -= 1
            before = entry.state

    # -- what a front end draws --------------------------------------------------------

    def result(self) -> str:
        if not self.state.is_over:
            return ""
        winners = self.state.winners
        scores = ", ".join(f"{self.seat_name(i)} {s}" for i, s in enumerate(self.state.scores))
        if not winners:
            return f"The game is drawn. Scores: {scores}."
        names = " and ".join(self.seat_name(w) for w in winners)
        verb = "wins"
        if len(winners) > 1:
            verb = "share the win"
        elif self.names.get(winners[0]) == "You":
            verb = "win"
        return f"{names} {verb}! Scores: {scores}."

    def view(self) -> dict[str, Any]:
        """What a board draws now, as the JSON object it receives: :meth:`record`'s."""
        return asdict(self.record())

    def record(self) -> View:
        """The one place a :class:`View` is built. The reader's legal moves come with
        their ``picks``: what to click on the board to make each one (the board's SVG
        tags those pieces with ``data-pick``), and ``groups``: the rows the board lists
        them in. If the engine fails to draw the position, the view has no board and
        says so in ``error``. While the screen is to be passed to another reader, the
        view shows no board and no hand: only ``handover``, the name of who is to take it."""
        error = self.error
        try:
            board = self._board() if not self.handover else {}
            teaching = self._teaching()
        except Exception as err:  # an engine's bug: shown, never raised
            board, teaching = {}, {}
            error = " ".join(filter(None, [error, engine_error(err)]))
        logged = [entry for entry in self.story if entry.line][-LOG_LINES:]
        game = self.game
        return View(
            game=game.name,
            title=game.title,
            seed=self.seed,
            seat=self.viewer,
            seats=self.seats(),
            humans=[{"seat": h, "name": self.names[h]} for h in self.humans],
            bots=self.spec["bots"],
            levels=list(bot_types(game)),
            players={
                "count": game.players,
                "low": game.min_players,
                "high": game.max_players,
                "doc": f"{game.title} takes {players_text(game.min_players, game.max_players)}.",
            },
            options=option_rows(type(game), self.spec["options"]),
            can_guide=type(game).guide() is not None,
            can_see_all=self.hides,
            viewpoint=self.viewpoint,
            handover=self.handover,
            lately=self._lately(),
            log=[entry.line for entry in logged],
            reasons=[self._shown(entry) for entry in logged],
            **board,
            **teaching,
            can_undo=bool(self.undo_stack),
            refusal=self.refusal,
            error=error,
        )

    @property
    def _looker(self) -> int:
        """The reader looking at the screen: the one holding it, or the one it is to be
        passed to."""
        return self.state.current_player if self.handover else self.viewer

    def _shown(self, entry: Played | Note) -> str:
        """An entry's reason as this view may show it: in a seat's view, one that names a
        card hidden from the reader looking is not shown."""
        omniscient = self.viewpoint == "all" and not self.handover
        return entry.reason if omniscient or self._looker not in entry.hidden else HIDDEN_REASON

    def _lately(self) -> list[Said]:
        """What happened since the last move of the reader looking, in order (the guide's
        words and the others' moves: ``line``, the log's, and ``why``, the bot's reason
        or the guide's words), so that the screen keeps every bot's move of a round, and
        the guided game's intro, until that reader moves again."""
        mine = [i for i, e in enumerate(self.story) if getattr(e, "mover", None) == self._looker]
        since = self.story[mine[-1] + 1 :] if mine else self.story
        told = [e for e in since if isinstance(e, Played) or not e.line]  # not the log's notes
        return [{"line": entry.line, "why": self._shown(entry)} for entry in told]

    def _teaching(self) -> dict[str, Any]:
        """The :class:`View`'s fields of the guide's step, the hint asked for, the review
        frame asked for and the hints the board may still ponder (:attr:`hints_owed`)."""
        advice = self.hinted
        hinted: Hinted | None = None
        if advice is not None:
            picks = list(self.state.picks(advice.move))
            hinted = {**self._mark(advice), "picks": picks}
        review = self._review(self.reviewing) if self.reviewing is not None else None
        guide = self._guide_view()
        return {"guide": guide, "hint": hinted, "review": review, "hints_owed": self.hints_owed}

    @staticmethod
    def _mark(advice: Advice) -> Mark:
        """The hint as the board shows it: the reason, then its ruling as a tag (so the
        reason's own "(SB-12)" goes: the tag says it, with its kind and link)."""
        return {
            "move": str(advice.move),
            "reason": unnamed(advice.reason, advice.rule),
            "rule": advice.rule or "",
        }

    def _guide_view(self) -> GuideStep | None:
        """The guided game's step as the reader counts it (their own steps: "your step 3
        of 12"), what it asks for (``say``, its ``rules``, ``move`` and the ``picks``
        to outline), and whether the guide is ``done``; what the bots did and the guide
        said since the reader's move are in the view's ``lately``."""
        if self.guide is None:
            return None
        lesson = self._lesson()
        asked = lesson if lesson is not None and self.your_turn else None
        done = "That is the end of the guided game: play on against the bots, or start a new game."
        taken = sum(i < self.guide_at for i in self.mine)  # the reader's steps made
        return {
            "title": self.guide.title,
            "step": min(taken + 1, len(self.mine)),
            "steps": len(self.mine),
            "say": asked.say if asked else ("" if lesson else done),
            "rules": list(asked.rules) if asked else [],
            "move": asked.move if asked else "",
            "picks": list(self.state.picks(self.state.parse_move(asked.move))) if asked else [],
            "done": lesson is None,
        }

    def _review(self, index: int) -> Review:
        """Frame ``index`` of the finished game (the Stepper's frame format), with the
        frames where a reader's move differed from the hint (``marks``)."""
        trail = self.trail
        marks = [i for i, p in enumerate(trail, 1) if self._differs(p)]
        played = trail[index - 1] if index else None
        state = played.state if played else self.start_state
        viewer = None if self.viewpoint == "all" else self.viewer
        rules: tuple[str, ...] = ()
        mark = None
        if played is None:
            say, label = "The deal.", "Start"
        else:
            label = f"Move {index} of {len(trail)}"
            say = f"{played.line}."
            if played.reason and (viewer is None or viewer not in played.hidden):
                say += f" {played.reason}"
            advice = played.hinted
            if advice is not None and self._differs(played):
                mark = self._mark(advice)
                say += f" The hint was {advice.move}: {mark['reason']}"
                rules = (advice.rule,) if advice.rule else ()
        shown = frame(
            state.board_html(viewer=viewer), say, label, rules, None, state.describe(viewer)
        )
        return {
            "index": index,
            "count": len(trail) + 1,
            "frame": shown,
            "marks": marks,
            "mark": mark,
        }

    @staticmethod
    def _differs(played: Played) -> bool:
        """A reader's move that was not the hint's."""
        return played.hinted is not None and str(played.hinted.move) != str(played.move)

    def _board(self) -> dict[str, Any]:
        """The :class:`View`'s fields of the position: the board, whose move it is, and
        the reader's moves."""
        state = self.state
        moves = state.legal_moves() if self.your_turn else []
        picks = [list(state.picks(m)) for m in moves]
        board = state.board_html(viewer=self.viewer)
        others = self._others() if self.viewpoint == "all" else []
        text = "\n".join(
            [state.describe(self.viewer), *(line for o in others for line in o["lines"])]
        )
        return {
            "svg": board,
            "text": text,
            "others": others,
            "to_move": self.seat_name(state.current_player) if not state.is_over else "",
            "your_turn": self.your_turn,
            "bots_to_move": self.bots_to_move,
            "moves": [str(m) for m in moves],
            "picks": picks,
            "groups": move_groups(picks),
            "tempting": self.tempting() if self.your_turn else [],
            "refused_picks": self.refused_picks(pick_tokens(board)) if self.your_turn else [],
            "over": state.is_over,
            "result": self.result(),
        }

    def _others(self) -> list[Other]:
        """In the all-hands view, what each other seat sees that the reader's seat does
        not (its hand): the lines of its own text that the reader's text lacks."""
        return [
            {"seat": self.seat_name(p), "lines": lines}
            for p, lines in other_hands(self.state, self.viewer)
        ]

    def tempting(self, most: int = TEMPTING) -> list[str]:
        """A few moves of the right shape that the rules refuse here, spread over the
        game's candidate moves, for the reader to try and see why."""
        legal = set(map(str, self.state.legal_moves()))
        refused = [t for t in map(str, self.state.candidate_moves()) if t not in legal]
        refused = list(dict.fromkeys(refused))
        step = max(1, len(refused) // most)
        return refused[::step][:most]

    def refused_picks(self, on_board: Set[str]) -> list[list]:
        """Moves the rules refuse here whose pieces are all ``on_board``, as ``[picks,
        text]`` pairs (one move per set of pieces, none that a legal move shares): a
        reader who picks a card and then a pile it cannot go to is shown the ruling,
        as if the move had been typed.

        >>> s = Session("milk-run", seat=0, bots="random", seed=7)
        >>> s.refused_picks(pick_tokens(s.state.svg(viewer=0)))[:2]
        [[['discard'], 'draw discard'], [['7♣', 'limit P0 red'], '7♣ → limit P0 red']]
        >>> s.call("move", "7♣ → limit P0 red")["refusal"]["rule"]
        'MR-4'
        """
        state = self.state
        taken = {frozenset(state.picks(m)) for m in state.legal_moves()}
        found = []
        for move in state.candidate_moves():
            picks = state.picks(move)
            key = frozenset(picks)
            if picks and key not in taken and on_board.issuperset(picks):
                taken.add(key)
                found.append([list(picks), str(move)])
        return found
