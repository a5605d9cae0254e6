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
from gamebox.core import games, load, option, refuses
from gamebox.rng import Rng
from gamebox.speed import SCANS


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

    def malformed(self, state):
        if type(self.value) is not int:
            return f"a number is added, not {self.value!r}"
        return None


@dataclass(frozen=True)
class Pass(Move):
    def __str__(self):
        return "pass"


@dataclass(frozen=True)
class RaceOptions(Options):
    goal: int = option(10, "the total to reach exactly", rule="TY-2", low=2, high=99)


class RaceState(State):
    """The toy game written the way every game is: declared fields (``totals`` is a
    list, so the generic copy copies it), one ``@refuses`` check per kind of move, and
    ``player``, the seat whose turn it is."""

    totals: list[int]
    player: int
    rolled: int | None

    def __init__(self, game, rng, totals, player, rolled):
        self._init_state(game, rng)
        self.totals, self.player, self.rolled = totals, player, rolled
        self._end_if_reached()

    current_player = property(lambda s: CHANCE if s.rolled is None else s.player)
    scores = property(lambda s: tuple(s.totals))

    def _end_if_reached(self):
        goal = self.game.options.goal
        if goal in self.totals:
            self.end((self.totals.index(goal),), f"reached {goal}")

    def _legal_moves(self):
        if self.rolled is None:
            return [Roll(v) for v in (1, 2, 3)]
        fits = self.totals[self.player] + self.rolled <= self.game.options.goal
        return ([Add(self.rolled)] if fits else []) + [Pass()]

    def chance_outcomes(self):
        return [(Roll(v), 1) for v in (1, 2, 3)]

    def candidate_moves(self):
        return [Roll(v) for v in (1, 2, 3)] + [Add(v) for v in (1, 2, 3)] + [Pass()]

    @refuses(Roll)
    def _why_roll(self, move):
        if self.rolled is not None:
            return IllegalMove("TY-3", "the die has been rolled already")
        if move.value not in (1, 2, 3):
            return IllegalMove("TY-3", "the die shows 1, 2 or 3")
        return None

    @refuses(Add, Pass)
    def _why_turn(self, move):
        if self.rolled is None:
            return IllegalMove("TY-3", "chance rolls first")
        if isinstance(move, Pass):
            return None
        if move.value != self.rolled:
            return IllegalMove("TY-1", f"you rolled {self.rolled}, so you add {self.rolled}")
        if self.totals[self.player] + move.value > self.game.options.goal:
            return IllegalMove("TY-2", "that would take you past ten")
        return None

    def _play(self, move):
        if isinstance(move, Roll):
            self.rolled = move.value
            return
        if isinstance(move, Add):
            self.totals[self.player] += move.value
        self.rolled = None
        self.player = 1 - self.player
        self._end_if_reached()

    def to_data(self):
        return {"totals": self.totals, "to_move": self.player, "rolled": self.rolled}

    def _validate(self):
        if len(self.totals) != 2 or not all(0 <= t <= self.game.options.goal for t in self.totals):
            raise ValueError(f"totals {self.totals} are not two totals up to the goal")

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

    def _describe(self, view):
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


def test_each_state_draws_from_a_generator_of_its_own(game):
    s0 = game.start(3)
    s1 = s0.apply(s0.sample_chance())
    assert s1.rng != s0.rng  # a chance move steps the new state's generator on
    s2 = s1.apply("pass")  # no chance: the same stream, until s2 draws from it
    assert s2.rng == s1.rng and s2.rng is not s1.rng
    before = s1.rng.state
    s2.rng.shuffle(list(range(10)))  # as a shuffle in _play draws
    assert s1.rng.state == before != s2.rng.state
    s3 = s1.apply("pass")  # a sibling of s2, from the unchanged s1
    assert s3.rng.state == before and s3.sample_chance() == s3.sample_chance()
    assert s3.rng.state == before  # sampling draws from a copy


def test_the_outcome_records_how_the_game_ended(game):
    """None while the game goes on; then the winners, the final scores and the reason,
    from which ``is_over``, ``winners`` and ``winner`` derive; a loaded finished position
    has its outcome too."""
    s = game.start(2)
    assert s.outcome is None and not s.is_over and s.winners == () and s.winner is None
    final = play(game, seed=4, bots=[RandomBot(1), RandomBot(2)])
    won = final.outcome
    assert (
        won.winners == (final.winner,) and won.scores == final.scores and won.reason == "reached 10"
    )
    assert final.is_over and final.winners == won.winners and 10 in won.scores
    assert game.state_from_json(final.to_json()).outcome == won
    assert final.check("pass").rule == "TY-0"  # the core's refusal once the game is over


def test_a_malformed_move_object_is_refused_by_its_own_check_first(game):
    """Each kind of move says why an object of it is no move at all (``Move.malformed``);
    the state refuses it with the game's ``-0`` ruling before any rule of play."""
    s = game.start(5).apply("roll 2")
    for state in (s, game.start(5)):
        err = state.check(Add("2"))
        assert (err.rule, err.reason) == ("TY-0", "a number is added, not '2'")
    assert s.check(Add(3)).rule == "TY-1" and Pass().malformed(s) is None


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
    with pytest.raises(ValueError, match="Race to ten takes 2 players, not 3"):
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


def test_options_are_checked_by_type_and_range(game):
    assert Race(2, goal=12).options.goal == 12
    for bad, error in ((2.0, TypeError), (True, TypeError), ("10", TypeError), (1, ValueError)):
        with pytest.raises(error, match="goal is a whole number from 2 to 99"):
            Race(2, goal=bad)
    with pytest.raises(TypeError, match="players is a whole number"):
        Race(2.0)
    assert RaceOptions.describe() == [
        {
            "name": "goal",
            "default": 10,
            "doc": "the total to reach exactly",
            "rule": "TY-2",
            "takes": "a whole number from 2 to 99",
        }
    ]


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        (1.5, TypeError),
        (1e21, TypeError),
        (True, TypeError),
        ("3", TypeError),
        (-1, ValueError),
        (2**64, ValueError),
    ],
)
def test_a_seed_is_a_whole_number_in_the_generators_range(game, seed, error):
    with pytest.raises(error, match="a seed is a whole number from 0 to 2\\*\\*64 - 1"):
        game.start(seed)
    assert game.start(2**64 - 1) != game.start(0)


def test_the_generic_copy_copies_declared_containers(game):
    assert RaceState._copied == ("totals",)
    s = game.start(1).apply("roll 3")
    after = s.apply("add 3")
    assert s.totals == [0, 0] and after.totals == [3, 0]


def test_the_generic_copy_carries_every_declared_field_and_only_those(game):
    assert RaceState._fields == ("game", "player", "outcome", "totals", "rolled")
    s = game.start(1).apply("roll 3")
    after = s.apply("add 3")
    assert {k: v for k, v in vars(after).items() if k in RaceState._fields} == {
        "game": game,
        "player": 1,
        "totals": [3, 0],
        "rolled": None,
        "outcome": None,
    }
    assert set(vars(after)) == {*RaceState._fields, "_rng", "_hist", "_legal", "_ids"}


@pytest.mark.parametrize("name", games())
def test_every_state_fits_the_compact_layout_of_its_fields(name):
    """At most 25 declared fields: with the 4 that apply sets, CPython keeps the
    attributes in the instance's compact layout (29 at most), quick to read."""
    assert len(type(load(name).start(0))._fields) <= 25


def test_lookups_agree_whether_they_scan_or_use_the_set_of_ids(game):
    s = game.start(5).apply("roll 2")
    legal = s.legal_moves()
    assert legal == [Add(2), Pass()]
    for _ in range(SCANS + 3):  # the first lookups scan the list, later ones use a set
        for move in legal:
            assert s.apply(move).last_move is move  # found by identity
        assert s.is_legal(Add(2)) and s.is_legal(Pass())  # equal moves, built anew
        assert not s.is_legal(Add(3)) and not s.is_legal(Roll(2))
        assert s.check(Add(3)).rule == "TY-1"
    assert isinstance(s._ids, set)  # built once, after the scans
    assert s.apply(legal[0])._ids == 0  # a new state scans afresh


def test_one_check_per_kind_of_move_agrees_with_the_legal_moves(game):
    state = game.start(3)
    for _ in range(40):
        if state.is_over:
            break
        legal = state.legal_moves()
        for move in state.candidate_moves():
            assert (state.why_illegal(move) is None) == (move in legal), move
        state = state.apply(state.sample_chance() if state.is_chance else legal[0])


def test_foreign_moves_and_huge_texts_are_refused_cleanly(game):
    import gamebox

    s = game.start(1).apply("roll 2")
    foreign = gamebox.load("milk-run").start(1).legal_moves()[0]
    before = s.to_json()
    with pytest.raises(TypeError, match="not a move of Race to ten"):
        s.apply(foreign)
    with pytest.raises(TypeError):
        s.apply(None)
    with pytest.raises(IllegalMove) as err:
        s.apply("add " + "9" * 1_000_000)
    assert err.value.rule == "TY-0" and len(err.value.move) <= 60
    assert "1,000,004 characters" in err.value.reason
    assert s.to_json() == before


def test_corrupt_json_is_refused_with_a_reason(game):
    import json

    state = game.start(2).apply("roll 1").apply("add 1")
    good = json.loads(state.to_json())
    corrupt = [
        ("[]", "is an object"),
        ("{", "not JSON"),
        ({**good, "rng": "x"}, "rng is not a int"),
        ({**good, "rng": -5}, "rng: a seed"),
        ({**good, "history": ["roll 1", "dance"]}, "history entry 1"),
        ({**good, "position": {**good["position"], "totals": [1, 50]}}, "totals"),
        ({**good, "position": {**good["position"], "to_move": 7}}, "player 7"),
        ({**good, "position": {}}, "KeyError"),
        ({k: v for k, v in good.items() if k != "game"}, "'game' is missing"),
    ]
    for data, problem in corrupt:
        text = data if isinstance(data, str) else json.dumps(data)
        with pytest.raises(ValueError, match=problem):
            game.state_from_json(text)
    assert game.state_from_json(json.dumps(good)) == state
