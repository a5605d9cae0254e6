"""A game between a reader and bots, one call at a time.

:class:`Session` drives any registered game through the common protocol, so the same
Python serves the JupyterLab play board (in the kernel) and the static site's play
board (in the reader's browser, on Pyodide). Every answer is a plain dict (a *view*)
that a front end can draw: the board, whose turn it is, the reader's legal moves, the
log, the result, and the refusal of a move the reader tried.

>>> s = Session("milk-run", players=2, seat=0, bots="random", seed=7)
>>> v = s.view()
>>> v["your_turn"], v["seed"], v["moves"][:2]
(True, 7, ['draw stock'])
>>> s.try_move("draw discard")["refusal"]["rule"]
'MR-4'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Set
from typing import Any

from gamebox.bots import make_bots, next_move
from gamebox.core import CHANCE, IllegalMove, State, load
from gamebox.svg import pick_tokens

LOG_LINES = 200
TEMPTING = 6


class Session:
    """The reader plays ``seat``; every other seat is a bot (``bots`` is "random" or
    "heuristic", or one name per seat). Chance moves come from the state's generator."""

    def __init__(
        self,
        name: str,
        players: int | None = None,
        *,
        seat: int = 0,
        bots: str | list[str] = "heuristic",
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = load(name, players=players, **dict(options or {}))
        if not 0 <= seat < self.game.players:
            raise ValueError(f"seat {seat} is not one of the {self.game.players} seats")
        self.seat = seat
        self.bot_kinds = bots
        self.new_game(seed)

    # -- the game ------------------------------------------------------------------

    def new_game(self, seed: int) -> dict[str, Any]:
        """Deal a new game from ``seed``."""
        self.seed = seed
        self.bots = make_bots(self.game, self.bot_kinds, seed)
        self.state: State = self.game.start(seed)
        self.undo_stack: list[tuple[State, int]] = []
        self.log: list[str] = [f"New game of {self.game.title}, seed {seed}."]
        self.refusal: dict[str, str] | None = None
        return self.view()

    def seat_name(self, player: int) -> str:
        if player == CHANCE:
            return "Dice"
        if player == self.seat:
            return "You"
        kind = self.bots[player].name
        return f"Player {player + 1} ({kind} bot)"

    @property
    def your_turn(self) -> bool:
        return not self.state.is_over and self.state.current_player == self.seat

    @property
    def bots_to_move(self) -> bool:
        """True while the next move is a bot's or chance's."""
        return not self.state.is_over and self.state.current_player != self.seat

    def try_move(self, text: str) -> dict[str, Any]:
        """The reader tries ``text``: played if legal, else explained (nothing changes)."""
        self.refusal = None
        if not self.your_turn:
            self.refusal = {"move": text, "rule": "", "reason": "It is not your turn."}
            return self.view()
        try:
            before = self.state
            self.state = self.state.apply(text)
        except IllegalMove as err:
            if err.rule == f"{self.game.rule_prefix}-0":  # text that is no move at all
                self.refusal = {
                    "move": text,
                    "rule": "",
                    "reason": f"That is not a move: {err.reason}.",
                }
            else:
                self.refusal = {"move": text, "rule": err.rule, "reason": err.reason}
            return self.view()
        self.undo_stack.append((before, len(self.log)))
        self.log.append(f"You: {self.state.last_move}")
        return self.view()

    def step_bot(self) -> dict[str, Any]:
        """Let the bot (or the dice) to move make one move."""
        if self.bots_to_move:
            who = self.state.current_player
            move = next_move(self.state, self.bots)
            self.state = self.state.apply(move)
            self.log.append(f"{self.seat_name(who)}: {move}")
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
        """The reader's legal moves come with their ``picks``: what to click on the board
        to make each one (the board's SVG tags those pieces with ``data-pick``)."""
        state = self.state
        moves = state.legal_moves() if self.your_turn else []
        board = state.svg(viewer=self.seat)
        return {
            "game": self.game.name,
            "title": self.game.title,
            "seed": self.seed,
            "seat": self.seat,
            "svg": board,
            "text": state.describe(self.seat),
            "summary": state.summary(),
            "to_move": self.seat_name(state.current_player) if not state.is_over else "",
            "your_turn": self.your_turn,
            "bots_to_move": self.bots_to_move,
            "moves": [str(m) for m in moves],
            "picks": [list(state.picks(m)) for m in moves],
            "tempting": self.tempting() if self.your_turn else [],
            "refused_picks": self.refused_picks(pick_tokens(board)) if self.your_turn else [],
            "log": self.log[-LOG_LINES:],
            "over": state.is_over,
            "result": self.result(),
            "can_undo": bool(self.undo_stack),
            "refusal": self.refusal,
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

    def view_json(self) -> str:
        return json.dumps(self.view(), ensure_ascii=False)
