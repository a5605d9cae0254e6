"""The shared bot machinery: DealtBot's rule for leaving the heuristic's move."""

from __future__ import annotations

import pytest

import gamebox
from gamebox.bots import Advice, Bot, DealtBot


class First(Bot):
    """Advises the first legal move."""

    def advise(self, state):
        return Advice(state.legal_moves()[0], "The first move.")


def gaining(deals_won: int, deals: int):
    """A DealtBot on ``deals`` deals (each the position itself) whose playouts score 1 for the
    second legal move in the first ``deals_won`` deals and 0 everywhere else."""

    class Scripted(DealtBot):
        heuristic = First
        sure = 1.0

        def __init__(self, moves: int) -> None:
            super().__init__(0)
            self.budget = deals * moves
            self.calls = 0

        def determinize(self, state, seat):
            return state

        def playout(self, state, seat):  # called move by move, deal by deal in each
            move, deal = divmod(self.calls, deals)
            self.calls += 1
            return 1.0 if move == 1 and deal < deals_won else 0.0

        def explain(self, move):
            return "It gained", "MR-1"

    return Scripted


@pytest.mark.parametrize(("deals_won", "leaves"), [(0, False), (1, False), (2, True), (4, True)])
def test_a_move_must_gain_more_than_a_standard_error_to_replace_the_heuristics(
    deals_won: int, leaves: bool
) -> None:
    state = gamebox.load("milk-run", players=2).start(3)
    while state.is_chance or len(state.legal_moves()) < 2:
        state = state.apply(state.sample_chance() if state.is_chance else state.legal_moves()[0])
    legal = state.legal_moves()
    for deals in range(4, 101):
        advice = gaining(deals_won, deals)(len(legal)).advise(state)
        # one deal of n won: a mean of 1/n, exactly one standard error (1/n too), so not
        # "more than" one: the heuristic's move stays, however the platform rounds
        assert advice.move == (legal[1] if leaves else legal[0]), deals
        assert ("deals" in advice.reason) == leaves


def test_a_session_warms_each_kind_of_its_bots_and_the_hints_once_as_it_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What a bot builds once (a table) is built when a play session deals, while the
    reader waits for the board, not in a bot's move or a hint."""
    from gamebox.bots import RandomBot, hint_bot, warm
    from gamebox.play import Session

    warmed: list[type[Bot]] = []
    game = gamebox.load("milk-run", players=3)
    strong = hint_bot(game)
    for kind in (RandomBot, strong):
        monkeypatch.setattr(kind, "warm", classmethod(lambda cls, g: warmed.append(cls)))
    warm(game, [RandomBot(1), RandomBot(2)])
    assert warmed == [RandomBot, strong]
    warmed.clear()
    session = Session("milk-run", players=3, bots=["random", "strong", "strong"])
    assert warmed == [RandomBot, strong] and session.seed == 0
    assert Bot.warm(game) is None  # by default, nothing to build
