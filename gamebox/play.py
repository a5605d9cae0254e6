"""A game between a reader and bots, one call at a time.

:class:`Session` drives any registered game through the common protocol, so the same
Python serves the JupyterLab play board (in the kernel) and the static site's play
board (in the reader's browser, on Pyodide). Both boards talk to it through one entry
point, :meth:`Session.call` (``"new"``, ``"move"``, ``"bot"`` or ``"undo"`` with one
argument), which never raises: every answer is a plain dict (a *view*) that a front end
can draw: the board, whose turn it is, the reader's legal moves, the log, the result,
the refusal of a move the reader tried, and the error of a call that could not be made.
A view names things as a reader would: "You are Player 1", never the engine's shorthand
(its one-line ``summary``, such as ``P0 R0 B0``, is for logs).

>>> s = Session("milk-run", players=2, seat=0, bots="random", seed=7)
>>> v = s.view()
>>> v["your_turn"], v["seed"], v["moves"][:2]
(True, 7, ['draw stock'])
>>> s.call("move", "draw discard")["refusal"]["rule"]
'MR-4'
>>> s.call("new", {"seed": "1.5"})["error"]
"New game refused: a seed is a whole number from 0 to 2**64 - 1, not '1.5'."
>>> s.call("fly")["error"]
"There is no call 'fly'; the calls are 'new', 'move', 'bot' and 'undo'."
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Set
from typing import Any

from gamebox.bots import make_bots, next_move
from gamebox.core import CHANCE, MAX_MOVE_TEXT, IllegalMove, State, load
from gamebox.rng import check_seed
from gamebox.svg import pick_tokens

LOG_LINES = 200
TEMPTING = 6
#: A reader's text is echoed back at most this long, an ellipsis included.
ECHO = 80
#: What a board's spec holds (:meth:`Session.from_spec`, the ``"new"`` call).
SPEC_KEYS = ("game", "players", "seat", "bots", "seed", "options")
#: What the engine raises for a call it refuses: told to the reader as it is.
REFUSALS = (ValueError, TypeError, KeyError, IllegalMove)

#: The board part of a view when the engine cannot draw the position (an engine error).
NO_BOARD: dict[str, Any] = {
    "svg": "",
    "text": "",
    "to_move": "",
    "your_turn": False,
    "bots_to_move": False,
    "moves": [],
    "picks": [],
    "groups": [],
    "tempting": [],
    "refused_picks": [],
    "over": False,
    "result": "",
}


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


def move_groups(picks: list[list[str]]) -> list[dict[str, Any]]:
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


class Session:
    """The reader plays ``seat``; every other seat is a bot (``bots`` is "random" or
    "heuristic", or one name per seat). Chance moves come from the state's generator.

    The constructor refuses a bad game, player count, seat, bot, seed or option with
    ``ValueError``, ``TypeError`` or ``KeyError`` (it is called by a chapter's author);
    once made, a session answers every :meth:`call` with a view and never raises.
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
    ) -> None:
        self.refusal: dict[str, str] | None = None
        self.error = ""
        spec = {"game": name, "players": players, "seat": seat, "bots": bots, "seed": seed}
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
        name, players, seat = spec["game"], spec["players"], spec["seat"]
        if not isinstance(name, str):
            raise TypeError(f"a game is named by a text, not {kind_of(name)}")
        if players is not None and type(players) is not int:
            raise TypeError(f"players is a whole number, not {kind_of(players)}")
        if not isinstance(spec["options"], Mapping):
            raise TypeError(
                f"options are an object of names and values, not {kind_of(spec['options'])}"
            )
        seed = parse_seed(spec["seed"])
        game = load(name, players=players, **spec["options"])
        if type(seat) is not int or not 0 <= seat < game.players:
            seats = f"0 to {game.players - 1}"
            raise ValueError(f"seat {echo(repr(seat), 40)} is not one of the seats, {seats}")
        bots = make_bots(game, spec["bots"], seed)
        state = game.start(seed)
        # Everything checked: only now does the session change.
        self.spec = {**spec, "seed": seed, "options": dict(spec["options"])}
        self.game, self.seat, self.seed = game, seat, seed
        self.bots, self.state = bots, state
        self.undo_stack: list[tuple[State, int]] = []
        self.log: list[str] = [f"New game of {game.title}, seed {seed}."]
        self.refusal = None

    # -- the one entry point of both boards ------------------------------------------

    def call(self, name: Any, arg: Any = None) -> dict[str, Any]:
        """Answer a board's call with the view, never raising:

        - ``"new"``: a new deal; ``arg`` holds the spec's keys to change (``seed``,
          ``bots``...), or is null for the same spec;
        - ``"move"``: the reader tries the text ``arg``: played if legal, else explained;
        - ``"bot"``: the bot (or the dice) to move makes one move;
        - ``"undo"``: take back the reader's last move and the bots' moves after it.

        A call that cannot be made changes nothing, and its view says why in
        ``error`` (a refused move says why in ``refusal``).
        """
        self.refusal = None
        self.error = ""
        try:
            if name == "new":
                if arg is None:
                    arg = {}
                try:
                    self._begin({**self.spec, **self._checked_keys(arg)})
                except REFUSALS as err:
                    self.error = f"New game refused: {refusal_text(err)}"
            elif name == "move":
                self.try_move(arg)
            elif name == "bot":
                if not self.bots_to_move:
                    self.error = "No bot is to move now."
                self.step_bot()
            elif name == "undo":
                if not self.undo_stack:
                    self.error = "There is no move of yours to take back."
                self.undo()
            elif isinstance(name, str):
                self.error = (
                    f"There is no call {echo(name, 40)!r}; "
                    "the calls are 'new', 'move', 'bot' and 'undo'."
                )
            else:
                self.error = (
                    f"A call is named by a text, not {kind_of(name)}; "
                    "the calls are 'new', 'move', 'bot' and 'undo'."
                )
        except REFUSALS as err:
            self.error = refusal_text(err)
        except Exception as err:  # an engine's bug: shown, never raised
            self.error = f"{engine_error(err)} The game is as it was before this call."
        return self.view()

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
            view = {**self.view(), "error": "A board's request is a JSON object."}
        return json.dumps(view, ensure_ascii=False)

    # -- the game ------------------------------------------------------------------

    def new_game(self, seed: int | str) -> dict[str, Any]:
        """Deal a new game from ``seed`` (raises ``TypeError`` or ``ValueError`` for a
        bad seed, and keeps the game)."""
        self._begin({**self.spec, "seed": seed})
        return self.view()

    def seat_name(self, player: int) -> str:
        if player == CHANCE:
            return "Dice"
        if player == self.seat:
            return "You"
        kind = self.bots[player].name
        return f"Player {player + 1} ({kind} bot)"

    def seats(self) -> str:
        """Who plays which seat, in words (a board's status line says it).

        >>> Session("milk-run", players=3, seat=1, bots="random").seats()
        'You are Player 2, against Player 1 (random bot) and Player 3 (random bot).'
        """
        others = [self.seat_name(p) for p in range(self.game.players) if p != self.seat]
        against = ", ".join(others[:-1]) + " and " + others[-1] if len(others) > 1 else others[0]
        return f"You are Player {self.seat + 1}, against {against}."

    @property
    def your_turn(self) -> bool:
        return not self.state.is_over and self.state.current_player == self.seat

    @property
    def bots_to_move(self) -> bool:
        """True while the next move is a bot's or chance's."""
        return not self.state.is_over and self.state.current_player != self.seat

    def try_move(self, text: Any) -> dict[str, Any]:
        """The reader tries ``text``: played if legal, else explained (nothing changes).
        Any value is answered: text that cannot be a move is refused before the engine
        reads it, and the refusal echoes it trimmed."""
        self.refusal = None
        if not isinstance(text, str):
            return self._refuse(
                kind_of(text), f"A move is written as text, not as {kind_of(text)}."
            )
        if self.state.is_over:
            return self._refuse(text, "The game is over: start a new game to play again.")
        if not self.your_turn:
            return self._refuse(text, "It is not your turn.")
        if len(text) > MAX_MOVE_TEXT:
            return self._refuse(text, f"That is not a move: it is {len(text):,} characters long.")
        if any(unicodedata.category(ch).startswith("C") for ch in text):
            return self._refuse(text, "That is not a move: it holds a control character.")
        try:
            after = self.state.apply(text)
        except IllegalMove as err:
            if err.rule == f"{self.game.rule_prefix}-0":  # text that is no move at all
                return self._refuse(text, f"That is not a move: {err.reason}.")
            return self._refuse(text, err.reason, err.rule)
        line = f"You: {after.last_move}"
        self.undo_stack.append((self.state, len(self.log)))
        self.state = after
        self.log.append(line)
        return self.view()

    def _refuse(self, text: str, reason: str, rule: str = "") -> dict[str, Any]:
        self.refusal = {"move": echo(text), "rule": rule, "reason": echo(reason, 400)}
        return self.view()

    def step_bot(self) -> dict[str, Any]:
        """Let the bot (or the dice) to move make one move."""
        if self.bots_to_move:
            line = f"{self.seat_name(self.state.current_player)}: "
            move = next_move(self.state, self.bots)
            self.state = self.state.apply(move)  # the last step that can fail
            self.log.append(line + str(move))
        return self.view()

    def run_bots(self) -> dict[str, Any]:
        """Let the bots play until it is the reader's turn or the game is over."""
        while self.bots_to_move:
            self.step_bot()
        return self.view()

    def undo(self) -> dict[str, Any]:
        """Take back the reader's last move (and the bots' moves after it)."""
        if self.undo_stack:
            self.state, cut = self.undo_stack.pop()
            del self.log[cut:]
            self.log.append("(You took back your last move.)")
        self.refusal = None
        return self.view()

    # -- what a front end draws --------------------------------------------------------

    def result(self) -> str:
        if not self.state.is_over:
            return ""
        winners = self.state.winners
        scores = ", ".join(f"{self.seat_name(i)} {s}" for i, s in enumerate(self.state.scores))
        if not winners:
            return f"The game is drawn. Scores: {scores}."
        names = " and ".join(self.seat_name(w) for w in winners)
        verbs = {True: "win", False: "wins"}
        verb = "share the win" if len(winners) > 1 else verbs[winners == (self.seat,)]
        return f"{names} {verb}! Scores: {scores}."

    def view(self) -> dict[str, Any]:
        """What a board draws. The reader's legal moves come with their ``picks``: what
        to click on the board to make each one (the board's SVG tags those pieces with
        ``data-pick``), and ``groups``: the rows the board lists them in. If the engine
        fails to draw the position, the view has no board and says so in ``error``."""
        error = self.error
        try:
            board = self._board()
        except Exception as err:  # an engine's bug: shown, never raised
            board, error = NO_BOARD, " ".join(filter(None, [error, engine_error(err)]))
        return {
            "game": self.game.name,
            "title": self.game.title,
            "seed": self.seed,
            "seat": self.seat,
            "seats": self.seats(),
            **board,
            "log": self.log[-LOG_LINES:],
            "can_undo": bool(self.undo_stack),
            "refusal": self.refusal,
            "error": error,
        }

    def _board(self) -> dict[str, Any]:
        state = self.state
        moves = state.legal_moves() if self.your_turn else []
        picks = [list(state.picks(m)) for m in moves]
        board = state.svg(viewer=self.seat)
        return {
            "svg": board,
            "text": state.describe(self.seat),
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
        >>> s.try_move("7♣ → limit P0 red")["refusal"]["rule"]
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
