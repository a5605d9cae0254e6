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
