"""The game protocol, on a toy game small enough to read in one go.

"Race to ten": chance rolls a number from 1 to 3, then the player to move adds it to
their total or passes; whoever reaches exactly ten wins. Rulings: TY-1 (add what was
rolled), TY-2 (never pass ten), TY-3 (chance rolls first).
"""

import pickle
from collections import Counter
from dataclasses import dataclass

import pytest

from gamebox import CHANCE, Game, IllegalMove, Move, Options, State
from gamebox.bots import RandomBot, play
from gamebox.rng import Rng


@dataclass(frozen=True)
class Roll(Move):
    value: int

    def __str__(self):
        return f"roll {self.value}"


@dataclass(frozen=True)
class Add(Move):
    value: int

    def __str__(self):
        return f"add {self.value}"


@dataclass(frozen=True)
class Pass(Move):
    def __str__(self):
        return "pass"


@dataclass(frozen=True)
class RaceOptions(Options):
    goal: int = 10


class RaceState(State):
    def __init__(self, game, rng, totals, to_move, rolled):
        self._init_state(game, rng)
        self.totals, self.to_move, self.rolled = totals, to_move, rolled

    current_player = property(lambda s: CHANCE if s.rolled is None else s.to_move)
    is_over = property(lambda s: s.game.options.goal in s.totals)
    scores = property(lambda s: tuple(s.totals))
    winners = property(lambda s: tuple(i for i, t in enumerate(s.totals) if t == 10))

    def _legal_moves(self):
        if self.rolled is None:
            return [Roll(v) for v in (1, 2, 3)]
        fits = self.totals[self.to_move] + self.rolled <= self.game.options.goal
        return ([Add(self.rolled)] if fits else []) + [Pass()]

    def chance_outcomes(self):
        return [(Roll(v), 1) for v in (1, 2, 3)]

    def candidate_moves(self):
        return [Roll(v) for v in (1, 2, 3)] + [Add(v) for v in (1, 2, 3)] + [Pass()]

    def why_illegal(self, move):
        if self.rolled is None:
            return IllegalMove("TY-3", "chance rolls first")
        if isinstance(move, Roll):
            return IllegalMove("TY-3", "the die has been rolled already")
        if move.value != self.rolled:
            return IllegalMove("TY-1", f"you rolled {self.rolled}, so you add {self.rolled}")
        return IllegalMove("TY-2", "that would take you past ten")

    def _copy(self):
        return RaceState(self.game, self.rng, list(self.totals), self.to_move, self.rolled)

    def _play(self, move):
        if isinstance(move, Roll):
            self.rolled = move.value
            return
        if isinstance(move, Add):
            self.totals[self.to_move] += move.value
        self.rolled = None
        self.to_move = 1 - self.to_move

    def to_data(self):
        return {"totals": self.totals, "to_move": self.to_move, "rolled": self.rolled}

    def components(self):
        return Counter(["die"])

    def parse_move(self, text):
        word, _, arg = text.partition(" ")
        kinds = {"roll": Roll, "add": Add}
        if word == "pass":
            return Pass()
        if word in kinds and arg.isdigit():
            return kinds[word](int(arg))
        raise ValueError(f"not a move: {text!r}")

    def __str__(self):
        return f"totals {self.totals}, rolled {self.rolled}"


class Race(Game):
    name, title, rule_prefix = "race", "Race to ten", "TY"
    min_players = max_players = 2
    options_type = RaceOptions

    def start(self, seed):
        return RaceState(self, Rng(seed), [0, 0], 0, None)

    def state_from_data(self, position, rng):
        return RaceState(
            self, rng, list(position["totals"]), position["to_move"], position["rolled"]
        )

    def components(self):
        return Counter(["die"])


@pytest.fixture
def game():
    return Race(2)


def test_apply_returns_a_new_state_and_keeps_the_old(game):
    s0 = game.start(1)
    assert s0.is_chance and s0.current_player == CHANCE
    s1 = s0.apply("roll 2")
    assert s0.rolled is None and s1.rolled == 2
    assert s1.history == [Roll(2)] and s0.history == []
    assert s1.last_move == Roll(2)


def test_refusals_name_the_rule_and_change_nothing(game):
    s1 = game.start(1).apply("roll 2")
    before = s1.to_json()
    with pytest.raises(IllegalMove) as err:
        s1.apply("add 3")
    assert err.value.rule == "TY-1" and "you rolled 2" in err.value.reason
    assert str(err.value).startswith("TY-1: ")
    assert s1.to_json() == before
    assert s1.check("add 2") is None
    assert s1.check("add 3").rule == "TY-1"
    assert s1.check("dance").rule == "TY-0"  # not a move at all
    with pytest.raises(IllegalMove) as err:
        s1.apply("dance")  # refused as check() refuses it
    assert err.value.rule == "TY-0" and err.value.move == "dance"
    with pytest.raises(TypeError):
        s1.check(3)
    assert not s1.is_legal("roll 1")
    again = pickle.loads(pickle.dumps(err.value))
    assert (again.rule, again.reason, str(again)) == (
        err.value.rule,
        err.value.reason,
        str(err.value),
    )


def test_legal_moves_cannot_be_mutated_from_outside(game):
    s = game.start(1)
    s.legal_moves().clear()
    assert len(s.legal_moves()) == 3


def test_chance_is_seeded_by_the_state(game):
    s = game.start(8)
    assert s.sample_chance() == s.sample_chance()  # sampling changes nothing
    rolls = []
    for _ in range(30):
        move = s.sample_chance()
        rolls.append(move.value)
        s = s.apply(move).apply("pass")
    assert set(rolls) == {1, 2, 3}
    with pytest.raises(ValueError, match="player's turn"):
        game.start(8).apply("roll 1").sample_chance()


def test_replay_and_json_round_trip(game):
    final = play(game, seed=4, bots=[RandomBot(1), RandomBot(2)])
    assert final.is_over and final.winner in (0, 1) and final.legal_moves() == []
    assert game.replay(4, final.history) == final
    again = game.state_from_json(final.to_json())
    assert again == final and again.history == final.history


def test_json_is_read_back_only_into_its_own_game():
    import gamebox

    state = gamebox.load("finish-line", players=3, row_length=3).start(2)
    for other in (
        gamebox.load("finish-line", players=3),
        gamebox.load("finish-line", players=2, row_length=3),
    ):
        with pytest.raises(ValueError, match="row_length=3"):
            other.state_from_json(state.to_json())
    again = gamebox.from_json(state.to_json())
    assert again == state and again.game == state.game


def test_options_and_player_counts(game):
    assert game.options.goal == 10
    assert repr(game) == "gamebox.load('race', players=2, goal=10)"
    with pytest.raises(ValueError, match="2 to 2 players"):
        Race(3)
    with pytest.raises(TypeError):
        Race(2, colour="red")


def test_registry_names_every_game():
    import gamebox

    assert gamebox.games() == [
        "milk-run",
        "spite-and-malice",
        "finish-line",
        "mexican-train",
        "skip-bo",
        "yahtzix",
    ]
    with pytest.raises(KeyError, match="no game called"):
        gamebox.load("chess")
