"""Yahtzix: scoring against a brute force, one test per ruling (with its refusals),
the worked examples' outcomes, options, the exact odds and the bots."""

import html
import json
import random
import re
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product
from pathlib import Path

import pytest

import gamebox
from gamebox.bots import RandomBot, hint, play
from gamebox.games.yahtzix import Yahtzix, odds
from gamebox.games.yahtzix.bots import HeuristicBot, StrongBot
from gamebox.games.yahtzix.examples import EXAMPLES, GUIDE
from gamebox.games.yahtzix.moves import Bank, Dice, GoForIt, Keep, RollSome, keep_value, score
from gamebox.games.yahtzix.position import DECIDE, KEEP, START
from gamebox.games.yahtzix.rules import YahtzixOptions, YahtzixState
from gamebox.games.yahtzix.rulings import AID, QUESTIONS
from gamebox.rulings import Kind
from gamebox.svg import pick_tokens
from tests import helpers
from tests.helpers import refused

ROOT = Path(__file__).resolve().parents[2]
RULES_PY = ROOT / "gamebox" / "games" / "yahtzix" / "rules.py"
CHAPTER = ROOT / "book" / "md" / "yahtzix.md"

# ------------------------------------------------------------------ brute force scoring

TRIPLES = {1: 30, 2: 20, 3: 30, 4: 40, 5: 50, 6: 60}


def group_value(dice):
    """The value of one group of dice counted together, or None (written from YX-2)."""
    d = sorted(dice)
    n = len(d)
    same = len(set(d)) == 1
    if n == 1:
        return {1: 10, 5: 5}.get(d[0])
    if n == 3 and same:
        return TRIPLES[d[0]]
    if n == 4 and same:
        return 250
    if n == 5 and d in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]):
        return 150
    if n == 6:
        if d == [1, 2, 3, 4, 5, 6]:
            return 200
        if sorted(Counter(d).values()) in ([3, 3], [6]):
            return 150
    return None


def set_partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in set_partitions(rest):
        yield [[first], *part]
        for i in range(len(part)):
            yield [*part[:i], [first, *part[i]], *part[i + 1 :]]


def covering_value(dice):
    """Best value of counting every die of ``dice`` in some group, None if impossible."""
    best = None
    for part in set_partitions(list(dice)):
        values = [group_value(g) for g in part]
        if None not in values:
            best = max(best or 0, sum(values))
    return best


@cache
def brute(roll):
    """(the roll's score, {kept multiset: points}) by trying every subset and partition."""
    best, keeps = 0, {}
    for mask in range(1, 1 << len(roll)):
        sub = tuple(sorted(roll[i] for i in range(len(roll)) if mask >> i & 1))
        v = covering_value(sub)
        if v is None:
            continue
        if len(sub) == 6:
            v = max(v, 100)
        keeps[sub] = v
        best = max(best, v)
    return best, keeps


def test_scoring_matches_brute_force_on_all_46656_rolls():
    seen = 0
    for roll in product(range(1, 7), repeat=6):
        expect, _ = brute(tuple(sorted(roll)))
        assert score(roll) == expect, roll
        seen += 1
    assert seen == 6**6


def test_every_keep_matches_brute_force():
    for roll in combinations_with_replacement(range(1, 7), 6):
        _, keeps = brute(roll)
        c = Counter(roll)
        for sub in product(*(range(c[f] + 1) for f in range(1, 7))):
            kept = [f for f in range(1, 7) for _ in range(sub[f - 1])]
            if kept:
                assert keep_value(roll, kept) == keeps.get(tuple(kept)), (roll, kept)


def test_later_rolls_score_singles_only():
    for n in range(1, 7):
        for roll in combinations_with_replacement(range(1, 7), n):
            assert score(roll, first=False) == 10 * roll.count(1) + 5 * roll.count(5)


# ------------------------------------------------------------------ helpers


def game(players=2, **options):
    return gamebox.load("yahtzix", players=players, **options)


def run(state, *moves):
    for m in moves:
        state = state.apply(m)
    return state


# ------------------------------------------------------------------ rulings


def test_yx1_single_ones_and_fives():
    assert score([1]) == 10 and score([5]) == 5
    assert score([1, 5, 2, 3, 3, 6]) == 15
    assert keep_value([1, 5, 2], [5]) == 5


def test_yx2_premiums():
    for face, value in TRIPLES.items():
        others = [f for f in (2, 3, 4, 6) if f != face][:3]
        assert score([face] * 3 + others) == value
    assert score([4, 4, 4, 4, 2, 3]) == 250
    assert score([3, 3, 3, 6, 6, 6]) == 150
    assert score([2, 3, 4, 5, 6, 6]) == 150
    assert score([1, 2, 3, 4, 5, 6]) == 200
    assert score([1, 2, 2, 2, 5, 5]) == 100


def test_yx3_highest_count_each_die_once():
    assert score([1, 2, 3, 4, 5, 6]) == 200  # not 150 + 150
    assert score([1, 1, 1, 1, 1, 1]) == 270  # four of a kind + two 1s
    assert score([2, 2, 2, 2, 2, 2]) == 250  # four of a kind beats two triplets
    assert score([5, 5, 5, 5, 5, 2]) == 255
    assert keep_value([2] * 6, [2] * 6) == 150  # all six set aside: two triplets
    assert keep_value([1, 2, 3, 4, 5, 5], [1, 2, 3, 4, 5, 5]) == 155
    s = run(game().start(1), "roll 1 2 2 2 3 4")
    # part of a premium is no premium: its dice count only when set aside together (YX-15)
    err = refused(s, "keep 2 2", "YX-15")
    assert "together" in err.reason and "neither" not in err.reason
    assert "neither" in refused(s, "keep 1 3", "YX-15").reason  # every die set aside counts
    assert s.keep_options()[Keep((1, 2, 2, 2))] == 30
    # more dice than the roll has: each die counts once, 1-6 is not also 1-5 and 2-6
    s = run(game().start(1), "roll 1 2 3 4 5 6")
    err = refused(s, "keep 1 2 3 4 5 2 3 4 5 6", "YX-3")
    assert "once" in err.reason


def test_yx4_source_examples():
    assert score([1, 2, 2, 2, 5, 5]) == 100
    assert score([1, 1, 2, 3, 5, 5]) == 30


def test_yx5_first_roll_bust():
    s = game().setup(scores=[50, 60])
    assert s.is_chance
    refused(s, "roll 1 2 3", "YX-5")
    refused(s, "bank", "YX-5")
    s2 = s.apply("roll 2 2 3 4 6 6")
    assert s2.scores == (50, 60) and s2.player == 1 and s2.is_chance
    assert "bust" in s2.note


def test_yx6_keep_then_bank_or_roll():
    s = run(game().setup(scores=[50, 60]), "roll 1 1 2 3 5 5")
    assert s.phase == KEEP and s.current_player == 0
    refused(s, "roll", "YX-6")  # rolling again without keeping a scoring die
    refused(s, "bank", "YX-6")
    refused(s, "keep", "YX-6")
    refused(s, "keep 1 1 1", "YX-6")  # the roll shows only two 1s
    refused(s, "keep 4", "YX-6")
    keeps = [str(m) for m in s.legal_moves()]
    for k in ("keep 1", "keep 1 1", "keep 1 1 5", "keep 1 1 5 5"):
        assert k in keeps
    s2 = s.apply("keep 1 1 5")
    assert s2.phase == DECIDE and s2.total == 25 and s2.cup == 3
    refused(s2, "keep 2 3", "YX-6")
    assert run(s2, "bank").scores == (75, 60)


def test_yx6_a_pure_premium_roll_must_be_banked():
    s = run(game().setup(scores=[50, 60]), "roll 2 2 2 3 4 6", "keep 2 2 2")
    assert s.scores == (70, 60) and s.player == 1
    assert s.offer is not None and s.offer.leftover == 3


def test_yx6_at_most_three_rolls():
    s = run(
        game().setup(scores=[50, 60]),
        "roll 1 2 3 3 4 6", "keep 1", "roll", "roll 1 2 3 4 6", "keep 1", "roll",
        "roll 1 2 3 4", "keep 1",
    )  # fmt: skip
    assert s.scores == (80, 60) and s.player == 1


def test_yx7_later_rolls_only_ones_and_fives():
    s = run(game().setup(scores=[50, 60]), "roll 2 2 3 5 6 6", "keep 5", "roll")
    s = s.apply("roll 4 4 4 5 5")
    err = refused(s, "keep 4 4 4 5 5", "YX-7")  # counting a premium from a later roll
    assert "first roll" in err.reason
    s = run(s, "keep 5 5", "roll", "roll 3 5 6", "keep 5")
    assert s.scores == (70, 60)  # 20, not four of a kind


def test_yx7_later_bust_loses_the_turn():
    s = run(game().setup(scores=[300, 250]), "roll 1 2 2 3 4 6", "keep 1", "roll")
    s = run(s, "roll 2 3 4 5 5", "keep 5 5", "roll", "roll 2 3 6")
    assert s.scores == (300, 250) and s.player == 1


def test_yx8_no_hot_dice():
    s = run(game().setup(scores=[50, 60]), "roll 1 2 3 4 5 6", "keep 1 2 3 4 5 6")
    assert s.scores == (250, 60) and s.player == 1 and s.offer is None


def test_yx9_opening_at_30():
    s = run(game().start(1), "roll 1 2 3 3 5 5", "keep 1 5 5", "bank")
    assert s.scores == (0, 0) and not s.opened(0)
    s = game().start(1)
    s = run(s, "roll 1 1 2 3 5 5", "keep 1 1 5 5", "bank")
    assert s.scores == (30, 0) and s.opened(0)


def test_yx10_go_for_it():
    s = run(game(3).setup(scores=[200, 150, 180]), "roll 1 2 3 3 5 6", "keep 1 5", "roll")
    s = run(s, "roll 1 1 2 4", "keep 1 1", "bank")
    assert s.phase == START and s.player == 1
    err = refused(s, "bank", "YX-6")
    assert "going for it" in err.reason
    refused(s, "roll 2 dice", "YX-12")
    s = s.apply("go for it")
    assert s.is_chance and s.to_roll == 2 and s.total == 35 and s.rolls == 1
    refused(s, "roll 1 2 3", "YX-5")
    s = run(s, "roll 3 5")
    refused(s, "go for it", "YX-10")
    s = run(s, "keep 5")
    refused(s, "go for it", "YX-10")
    s = s.apply("bank")
    assert s.scores == (235, 190, 180)
    s = run(s, "go for it", "roll 4")  # bust
    assert s.scores == (235, 190, 180) and s.player == 0
    assert s.note == "Player 3 is bust going for Player 2's 40"  # not his 40 to lose
    assert s.offer_for(0).total == 40  # the most recent banked turn stays on offer
    assert s.phase == START


def test_yx10_a_later_go_for_it_bust_loses_only_what_was_added():
    s = game(3).setup(
        scores=[200, 150, 180], turn=2, offer={"owner": 1, "total": 35, "aside": "1 1 5"}
    )
    s = run(s, "go for it", "roll 2 4 5", "keep 5", "roll", "roll 3 6")
    assert s.scores == (200, 150, 180)
    assert s.note == "Player 3 is bust going for Player 2's 35, losing the 5 added to it"


def test_yx10_go_for_it_refusals():
    s = game().setup(scores=[100, 100])
    refused(s.apply("roll 1 2 3 4 6 6"), "go for it", "YX-10")
    s = game().setup(scores=[100, 100], offer={"owner": 0, "total": 40, "aside": "1 1 5 5"})
    assert s.is_chance  # her own banked turn is not on offer to her (YX-17)
    assert "own" in refused(s, "go for it", "YX-17").reason
    s = game().setup(scores=[100, 100], turn=1, offer={"owner": 0, "total": 40, "aside": "1 1"})
    assert "go for it" in [str(m) for m in s.legal_moves()]
    # a go-for-it turn may open
    s0 = game().setup(scores=[100, 0], turn=1, offer={"owner": 0, "total": 40, "aside": "1 1"})
    s1 = run(s0, "go for it", "roll 2 3 4 5", "keep 5", "bank")
    assert s1.scores == (100, 45)


def test_yx17_an_offer_that_comes_back_round_is_not_the_owners():
    """Player 1 banks 10 with five dice over; Player 2 goes for it and busts: the offer
    would pass on, but the next player is its owner, so she rolls six fresh dice."""
    s = run(game().setup(scores=[100, 100]), "roll 1 2 3 4 6 6", "keep 1", "bank")
    s = run(s, "go for it", "roll 2 3 4 6 6")
    assert s.player == 0 and s.is_chance and s.scores == (110, 100)
    assert "own" in refused(s, "go for it", "YX-17").reason


def test_yx10_an_offer_lasts_one_turn_unless_a_go_for_it_busts():
    """Issue 14: Player 1 banks 15 with dice left over; Player 2 declines, rolls six
    fresh dice and busts; Player 1 busts too. Player 2 is not offered the 15 again:
    only the turn just banked, or after a go-for-it bust the turn gone for, is on offer."""
    s = run(game().setup(scores=[100, 100]), "roll 1 2 3 3 5 6", "keep 1 5", "bank")
    assert s.offer_for(1) is not None and s.offer_for(1).total == 15
    s = run(s, "roll", "roll 2 2 3 4 6 6")  # declined, and bust on a fresh turn
    assert s.player == 0 and s.offer is None
    s = s.apply("roll 2 2 3 4 6 6")
    assert s.player == 1 and s.is_chance and s.offer is None
    assert "nothing to go for" in refused(s, "go for it", "YX-10").reason
    # after a go-for-it bust the chain goes on, until its owner's turn ends
    s = run(game().setup(scores=[100, 100]), "roll 1 2 3 3 5 6", "keep 1 5", "bank")
    s = run(s, "go for it", "roll 2 3 4 6")  # bust going for it: the 15 stays on offer
    assert s.player == 0 and s.offer.owner == 0 and s.is_chance  # but not to its owner
    s = s.apply("roll 2 2 3 4 6 6")
    assert s.player == 1 and s.offer is None and s.is_chance


def test_yx10_a_turn_past_the_target_in_variation_l_ends_the_offer():
    g = game(3, variation_l=True)
    s = g.setup(scores=[1960, 1000, 1000], offer={"owner": 2, "total": 10, "aside": "1"})
    assert s.phase == START and s.offer_for(0) is not None
    s = run(s, "roll", "roll 1 1 2 3 5 5", "keep 1 1 5 5", "roll", "roll 1 1", "keep 1 1")
    assert s.scores == (1960, 1000, 1000) and s.player == 1
    assert s.offer is None and s.is_chance


def test_yx11_play_around_and_shared_win():
    s = game(3).setup(scores=[1980, 1900, 1850])
    s = run(s, "roll 1 1 2 3 4 6", "keep 1 1", "bank")
    assert s.final_from == 0 and not s.is_over
    s = run(s, "roll", "roll 1 2 3 4 5 6", "keep 1 2 3 4 5 6")
    assert s.scores == (2000, 2100, 1850)
    s = run(s, "roll 2 3 6 6 6 6", "keep 6 6 6 6")
    assert s.is_over and s.winners == (1, 2) and s.scores[2] == 2100  # a tie shares the win
    assert s.outcome.reason == "Player 1 reached 2000 and everyone else has had a last turn"
    assert s.phase is None and s.current_player == -1 and s.outcome.scores == s.scores
    refused(s, "roll", "YX-11")
    again = gamebox.from_json(s.to_json())  # the JSON says "over"; the outcome follows
    assert json.loads(s.to_json())["position"]["phase"] == "over" and again.outcome == s.outcome
    # a tie at the target
    t = game().setup(scores=[1990, 1980])
    t = run(t, "roll 1 2 3 3 4 6", "keep 1", "bank", "roll", "roll 1 2 3 3 4 6", "keep 1")
    t = run(t, "roll", "roll 1 2 3 4 6", "keep 1", "bank")
    assert t.is_over and t.scores == (2000, 2000) and t.winners == (0, 1)


def test_yx12_variation_l_exactly():
    g = game(variation_l=True)
    s = g.setup(scores=[1960, 1500])
    assert s.phase == START and s.near(0)
    refused(s, "roll 6 dice", "YX-12")
    refused(s, "go for it", "YX-10")
    names = [str(m) for m in s.legal_moves()]
    assert names == [
        "roll",
        "roll 1 die",
        "roll 2 dice",
        "roll 3 dice",
        "roll 4 dice",
        "roll 5 dice",
    ]
    # passing the target scores nothing
    over = run(s, "roll", "roll 1 1 2 3 5 5", "keep 1 1 5 5", "roll", "roll 1 1", "keep 1 1")
    assert over.scores == (1960, 1500) and over.player == 1
    # a premium near the target counts as nothing, even with 1s in it
    assert run(s, "roll 3 dice", "roll 1 1 1").scores == (1960, 1500)
    assert run(s, "roll 3 dice", "roll 1 1 1").player == 1
    # only 1s and 5s count (all count is ignored)
    s2 = run(s, "roll", "roll 1 2 3 3 5 5")
    refused(s2, "keep 1 2 3 3 5 5", "YX-12")
    assert run(s, "roll", "roll 1 2 2 2 5 5").player == 1  # the triple makes it count nothing
    assert run(s, "roll", "roll 1 1 2 2 3 4").phase == KEEP  # no premium: the 1s count

    s3 = run(s, "roll 3 dice", "roll 1 1 4", "keep 1 1", "roll 2 dice", "roll 1 1", "keep 1 1")
    s3 = s3.apply("bank")
    assert s3.scores == (2000, 1500) and s3.final_from == 0


def test_yx12_going_for_it_near_the_target():
    g = game(variation_l=True)
    s = g.setup(scores=[1960, 1000], offer={"owner": 1, "total": 10, "aside": "1"})
    err = refused(s, "bank", "YX-6")
    assert "or fewer, or by going for it" in err.reason
    s = s.apply("go for it")
    assert s.is_chance and s.to_roll == 5  # the go-for-it roll: all her leftover dice
    s = run(s, "roll 1 2 3 4 6", "keep 1")  # the dice left are his own now
    assert "roll 2 dice" in [str(m) for m in s.legal_moves()]
    s = run(s, "roll 2 dice", "roll 1 5", "keep 1 5")
    assert s.scores == (1995, 1000)


def test_yx12_choosing_with_one_die_left():
    s = game(variation_l=True).setup(scores=[1960, 1500])
    s = run(s, "roll", "roll 1 1 2 3 5 5", "keep 1 1 5 5", "roll", "roll 2 5", "keep 5")
    assert s.cup == 1 and s.phase == DECIDE
    err = refused(s, "roll 1 die", "YX-12")
    assert "one die" in err.reason and "1 to 0" not in err.reason
    s = run(game(variation_l=True).setup(scores=[1960, 1500]), "roll", "roll 1 2 3 3 4 6", "keep 1")
    assert "1 to 4" in refused(s, "roll 5 dice", "YX-12").reason


def test_yx12_roll_some_refused_far_from_target_or_without_variation():
    s = run(game().setup(scores=[1960, 1500]), "roll 1 2 3 3 4 6", "keep 1")
    refused(s, "roll 2 dice", "YX-12")
    s = run(game(variation_l=True).setup(scores=[1000, 1500]), "roll 1 2 3 3 4 6", "keep 1")
    refused(s, "roll 2 dice", "YX-12")


# ------------------------------------------------------------------ options and engine


def test_options():
    assert game().options.target == 2000 and not game().options.variation_l
    assert game(target=1000).options.target == 1000
    with pytest.raises(ValueError, match="target is one of 2000, 1500, 1000, not 1234"):
        game(target=1234)
    for bad in (2000.0, True, "2000"):
        with pytest.raises(TypeError, match="target is one of"):
            game(target=bad)
    with pytest.raises(TypeError, match="variation_l is True or False"):
        game(variation_l="x")
    with pytest.raises(ValueError):
        gamebox.load("yahtzix", players=9)
    assert [(o["name"], o["rule"], o["takes"]) for o in YahtzixOptions.describe()] == [
        ("target", "YX-11", "one of 2000, 1500, 1000"),
        ("variation_l", "YX-12", "True or False"),
    ]
    s = game(target=1000).setup(scores=[990, 0])
    s = run(s, "roll 1 2 3 3 4 6", "keep 1", "bank")
    assert s.final_from == 0


def test_player_is_the_seat_to_move_at_chance_nodes_and_at_the_end():
    s = game(3).setup(scores=[1980, 1900, 1850], turn=1)
    assert s.is_chance and s.player == 1 and s.viewpoint().seat == 1
    s = run(s, "roll 2 2 3 4 6 6")  # Player 2 is bust: Player 3 rolls
    assert s.is_chance and s.player == 2
    s = run(s, "roll 2 2 3 4 6 6", "roll 1 2 3 4 5 6", "keep 1 2 3 4 5 6")
    assert s.final_from == 0 and s.player == 1
    s = run(s, "roll 2 2 3 4 6 6", "roll 2 2 3 4 6 6")
    assert s.is_over and s.player == 2 and s.winners == (0,)
    assert s.why_illegal(Keep((1,))).rule == "YX-11"
    assert "Player 1 reached 2000" in s.check("roll").reason


def test_the_generic_copy_copies_only_the_scores():
    assert YahtzixState._copied == ("scores_",)
    s = run(game().setup(scores=[50, 60]), "roll 1 1 2 3 5 5", "keep 1 1 5 5")
    after = s.apply("bank")
    assert s.scores == (50, 60) and after.scores == (80, 60)
    assert s.total == 30 and after.total == 0


@pytest.mark.parametrize(
    ("position", "problem"),
    [
        ({"scores": [-500, 0]}, "a recorded score is 0"),
        ({"scores": [15, 0]}, "from 30"),  # nothing under 30 is ever recorded (YX-9)
        ({"scores": [32, 0]}, "steps of 5"),
        ({"scores": [50, 60, 70]}, "2 scores expected"),
        ({"scores": ["50", 60]}, "a recorded score"),
        ({"turn": 7}, "turn is a whole number from 0 to 1, not 7"),
        ({"turn": True}, "turn is a whole number"),
        ({"final_from": 0}, "no player who reached 2000"),
        ({"scores": [2010, 0]}, "final_from is None"),
        ({"offer": {"owner": 5, "total": 40, "aside": "1 1"}}, "an offer is a player"),
        ({"offer": {"owner": 1, "total": 40, "aside": "1 1 1 1 1 1"}}, "one to five dice"),
        ({"offer": {"owner": 1, "total": 40, "aside": "1 7"}}, "an offer"),
    ],
)
def test_setup_refuses_impossible_positions(position, problem):
    with pytest.raises(ValueError, match=problem):
        game().setup(**position)


def test_json_refuses_impossible_positions_without_hanging():
    s = run(game().start(1), "roll 1 1 2 3 5 5", "keep 1 1")
    good = json.loads(s.to_json())
    corrupt = [
        ({"cup": 10**9}, "cup is a whole number from 0 to 6"),  # used to hang components()
        ({"cup": 3}, "the turn holds 5 dice"),
        ({"rolled": [1, 2], "cup": 2}, "dice lie on the table in the decide phase"),
        ({"aside": [[1, 1], [5]], "cup": 3}, "2 groups"),
        ({"aside": [[1, 9]]}, "groups of die faces"),
        ({"phase": "bank"}, "phase 'bank' is not one of"),
        ({"phase": "keep"}, "groups of dice aside in the keep phase"),
        ({"phase": "over"}, "1 rolls and 1 groups of dice aside in the over phase"),
        ({"total": 0}, "a turn total of 0"),
        ({"gofor": True}, "going for it needs an offer"),
        ({"offer": [0, 20, [1, 1]], "gofor": True}, "another player's dice"),
        ({"offer": [0, 40]}, "ValueError"),
        ({"note": "x" * 1000}, "short text"),
        ({"scores": [40, 50, 60]}, "2 scores"),
    ]
    for change, problem in corrupt:
        data = {**good, "position": {**good["position"], **change}}
        with pytest.raises(ValueError, match=problem):
            gamebox.from_json(json.dumps(data))
    assert gamebox.from_json(json.dumps(good)) == s


def test_move_objects_with_impossible_fields_are_refused():
    s = game().start(1)
    refused(s, Dice((7, 7, 7, 7, 7, 7)), "YX-5")
    refused(s, Dice((1, 2, 3)), "YX-5")
    s = s.apply("roll 1 1 2 3 5 5")
    assert s.apply(Keep((5, 1))).total == 15  # the dice of a move are kept in order
    refused(s, Keep((0,)), "YX-6")
    refused(s, Keep((1, 1, 1, 1, 1, 1, 1)), "YX-3")
    s = s.apply("keep 1 1")
    for n in (0, 6, 10**9, -3):
        refused(game(variation_l=True).setup(scores=[1960, 0]), RollSome(n), "YX-12")
        refused(s, RollSome(n), "YX-12")
    for build in (lambda: Keep("zz"), lambda: Keep(None), lambda: RollSome(2.5)):
        with pytest.raises(TypeError):
            build()
    foreign = gamebox.load("milk-run").start(1).legal_moves()[0]
    with pytest.raises(TypeError, match="not a move of Yahtzix"):
        s.apply(foreign)
    for text in ("roll 9 dice", "keep 7", "roll " + "9" * 150 + " dice", "roll 1 2 3 4 5 6 1"):
        assert s.check(text).rule.startswith("YX-")


def test_states_in_the_same_situation_share_their_legal_moves():
    a = game().start(1)
    b = run(game().setup(scores=[100, 100]), "roll 1 1 2 3 5 5", "keep 1 1", "bank", "roll")
    assert a._legal_moves() is b._legal_moves()  # six dice to roll: the same outcomes
    assert len(a.legal_moves()) == 462 and a.legal_moves() is not a.legal_moves()
    move = a.legal_moves()[7]
    assert b.apply(move).history[-1] is move


def test_chance_outcomes_weights():
    s = game().start(3)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 462 and sum(w for _, w in outcomes) == 6**6
    assert str(outcomes[0][0]) == "roll 1 1 1 1 1 1"
    assert dict((str(m), w) for m, w in outcomes)["roll 1 2 3 4 5 6"] == 720


def test_board_text_and_svg():
    s = run(game().start(1), "roll 1 1 2 3 5 5")
    text = str(s)
    assert "On the table: 1 1 2 3 5 5" in text and "keep 1 1 5 5 (+30)" in text
    assert s.describe(1) == s.describe(0) == text  # nothing is hidden in Yahtzix
    svg = s.svg()
    assert svg.startswith("<svg") and "Player 1" in svg


# ------------------------------------------------------------------ worked examples


def final(scenario_id):
    sc = next(sc for sc in EXAMPLES if sc.id == scenario_id)
    return sc.states()[-1]


def test_example_first_turns():
    s = final("yx-first-turns")
    assert s.scores == (150, 70, 155) and s.player == 1


def test_example_choices():
    s = final("yx-choices")
    assert s.scores == (30, 0)


def test_example_all_count():
    assert final("yx-all-count").scores == (100, 0)


def test_example_fives():
    assert final("yx-fives").scores == (140, 85)


def test_example_straight():
    assert final("yx-straight").scores == (200, 0)


def test_example_opening():
    s = final("yx-opening")
    assert s.scores == (0, 30) and not s.opened(0) and s.opened(1)


def test_example_bust():
    s = final("yx-bust")
    assert s.scores == (300, 250) and s.player == 0


def test_example_go_for_it():
    s = final("yx-go-for-it")
    assert s.scores == (235, 190, 180)
    assert "go for it" in [str(m) for m in s.legal_moves()]


def test_example_end():
    s = final("yx-end")
    assert s.is_over and s.winners == (2,) and s.scores == (2000, 2055, 2100)


def test_example_variation_l():
    s = final("yx-variation-l")
    assert s.is_over and s.winners == (0,) and s.scores == (2000, 1500)


NUMBER = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _named(dice, say):
    """Whether ``say`` names the dice ``dice``: as a list ("1, 1, 5 and 5") or face by
    face with their counts ("the 1 and two 5s")."""
    faces = [str(d) for d in dice]
    listed = faces[0] if len(faces) == 1 else f"{', '.join(faces[:-1])} and {faces[-1]}"
    if listed in say:
        return True
    counts = Counter(dice)
    return all(
        re.search(rf"\b(a|the|one) {d}\b" if n == 1 else rf"\b{NUMBER[n]} {d}s\b", say)
        for d, n in counts.items()
    )


@pytest.mark.parametrize("scenario", EXAMPLES, ids=[sc.id for sc in EXAMPLES])
def test_every_step_names_the_dice_that_moved_and_where(scenario):
    """A roll's dice land on the table; a keep sets its dice aside; rolling takes dice
    from the cup; a bank puts the turn total on the score; going for it takes the
    offered dice and total."""
    states = scenario.states()
    for before, after, step in zip(states[:-1], states[1:], scenario.steps, strict=True):
        if step.move is None:
            continue
        move, say = before.parse_move(step.move), step.say
        kind = type(move)
        where = f"{scenario.id} {step.move}: {say}"
        if kind is Dice:
            assert _named(move.dice, say) and "table" in say, where
        elif kind is Keep:
            assert _named(move.dice, say) and "aside" in say, where
        elif kind is GoForIt:
            offer = before.offer
            assert _named(offer.aside, say) and f"{offer.total}" in say, where
        elif kind is Bank:
            assert f"{before.total}" in say and "score" in say, where
        else:  # a roll of the cup, all of it or some dice
            assert NUMBER[after.to_roll] in say and "cup" in say, where


# ------------------------------------------------------------------ the play board


def test_picks_name_the_dice_kept_and_the_pieces_on_the_board():
    states = next(sc for sc in EXAMPLES if sc.id == "yx-go-for-it").states()
    keep = states[1]  # Player 1 rolled 1 2 3 3 5 6
    picks = {str(m): keep.picks(m) for m in keep.legal_moves()}
    assert picks == {
        "keep 1": ("die 1",),
        "keep 5": ("die 5",),
        "keep 1 5": ("die 1", "die 5"),
    }
    start = states[6]  # Player 2 may go for Player 1's 35
    assert {str(m): start.picks(m) for m in start.legal_moves()} == {
        "roll": ("cup",),
        "go for it": ("offer",),
    }
    decide = states[2]
    assert [decide.picks(m) for m in decide.legal_moves()] == [("cup",), ("turn total",)]
    for s in (keep, start, decide):
        board = pick_tokens(s.svg(viewer=s.current_player))
        assert {t for m in s.legal_moves() for t in s.picks(m)} <= board
    # the same faces: the first dice showing them, so every keep has its own dice
    s = game().start(1).apply("roll 1 1 2 3 5 5")
    picks = [s.picks(m) for m in s.legal_moves()]
    assert s.picks(Keep((1, 5, 5))) == ("die 1", "die 5", "die 6")
    assert len(set(map(frozenset, picks))) == len(picks)


def test_rolling_some_dice_is_a_button():
    s = game(variation_l=True).setup(scores=[1960, 0])
    assert s.phase == START
    assert {str(m): s.picks(m) for m in s.legal_moves()} == {
        "roll": ("cup",),
        **{f"roll {n} {'die' if n == 1 else 'dice'}": () for n in range(1, 6)},
    }


def test_the_board_for_a_viewer_hides_nothing_and_marks_the_seat():
    s = game(3).start(1).apply("roll 1 1 2 3 5 5")
    mine, theirs, example = s.svg(viewer=1), s.svg(viewer=0), s.svg()
    assert ">You (P2)<" in mine and ">Player 2<" not in mine and ">Player 1<" in mine
    assert ">You (P1)<" in theirs and ">You (" not in example
    assert pick_tokens(mine) == pick_tokens(theirs) == pick_tokens(example)

    def same(doc):  # the ids of title and desc are hashes of the drawing
        return re.sub(r"gb[0-9a-f]{10}", "gb", doc.replace(">You (P2)<", ">Player 2<"))

    assert same(mine) == same(example)


#: A piece a move picks: its token and its hit area's x, y, width and height.
HIT = re.compile(
    r'<g data-pick="([^"]*)"><rect class="hit" x="([^"]*)" y="([^"]*)" '
    r'width="([^"]*)" height="([^"]*)"/>'
)
#: An empty place's outline (a place in the cup): x, y, width and height.
SLOT = re.compile(r'<rect x="([^"]*)" y="([^"]*)" width="([^"]*)" height="([^"]*)" [^>]*"slot"')
#: A line of text: x, y, size, anchor and what it says.
TEXT = re.compile(
    r'<text x="([^"]*)" y="([^"]*)" font-size="([^"]*)" text-anchor="([^"]*)"[^>]*>([^<]*)<'
)


def _text_boxes(body):
    """Each line of text's box (left, top, right, bottom), its width estimated at 0.6 em
    a character."""
    for x, y, size, anchor, said in TEXT.findall(body):
        x, y, size = float(x), float(y), float(size)
        wide = 0.6 * size * len(html.unescape(said))
        left = x - {"start": 0, "middle": wide / 2, "end": wide}[anchor]
        yield left, y - 0.8 * size, left + wide, y + 0.2 * size


def _box(x, y, w, h):
    """(left, top, right, bottom) of an outline given as x, y, width, height."""
    x, y, w, h = map(float, (x, y, w, h))
    return x, y, x + w, y + h


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(a, b):
    return b[0] <= a[0] and a[2] <= b[2] and b[1] <= a[1] and a[3] <= b[3]


def test_the_board_reads_on_a_phone_top_to_bottom():
    """Three areas, in reading order: the turn, the dice, the scores. In every position
    of the examples and a few random games (two to four players), no text runs past its
    area's edge or over another text, and the pieces a move picks (the dice on the table,
    the cup, the turn total, the offer) each have a tap target of their own: no two
    overlap, so a tap at the centre of one lands on that piece. The cup is one place to
    tap, its hit area holding every place in it, empty as they are."""
    positions = 0
    for state in _positions(games=3):
        positions += 1
        board = state.areas(viewer=state.current_player if state.current_player >= 0 else None)
        assert [a.name for a in board.areas] == ["the turn", "the dice", "the scores"]
        for area in board.areas:
            texts = list(_text_boxes(area.body))
            for i, box in enumerate(texts):
                assert box[0] >= 0 and box[2] <= area.width, (area.name, box, str(state))
                assert not any(_overlap(box, other) for other in texts[i + 1 :]), area.name
            hits = [_box(*r) for _, *r in HIT.findall(area.body)]
            for i, hit in enumerate(hits):
                assert not any(_overlap(hit, other) for other in hits[i + 1 :]), area.name
        dice = board.areas[1].body
        picks = {token: _box(*r) for token, *r in HIT.findall(dice)}
        assert {f"die {j + 1}" for j in range(len(state.rolled))} <= picks.keys()
        if state.cup:
            cup = dice[dice.index('data-pick="cup"') :].split("</g>")[0]
            slots = [_box(*r) for r in SLOT.findall(cup)]
            assert len(slots) == state.cup
            assert all(_inside(slot, picks["cup"]) for slot in slots)
    assert positions >= 300


@pytest.mark.parametrize("scenario", EXAMPLES, ids=[sc.id for sc in EXAMPLES])
def test_examples_replay_with_refusals(scenario):
    """What tests/test_scenarios.py checks, for this game's examples alone."""
    assert scenario.game == "yahtzix"
    frames = scenario.frames()
    assert len(frames) == len(scenario.steps) + 1
    for frame, step in zip(frames[1:], scenario.steps, strict=True):
        assert frame["svg"].startswith('<div class="gb-areas"') and frame["svg"].count("<svg") == 3
        if step.ask:
            choices = frame["ask"]["choices"]
            assert any(not c["legal"] for c in choices)
            assert all(c["legal"] for c in choices if c["taken"])


# ------------------------------------------------------------------ rulings


def _positions(games=4, seed=3):
    """The worked examples' positions, then every position of a few random games (two to
    four players, variation L in every other one, to 1,000)."""
    for scenario in EXAMPLES:
        yield from scenario.states()
    rng = random.Random(seed)
    for i in range(games):
        state = game(2 + i % 3, target=1000, variation_l=bool(i % 2)).start(seed + i)
        while not state.is_over:
            yield state
            state = state.apply(rng.choice(state.legal_moves()))
        yield state


def test_rulings_table_is_complete_and_says_where_each_rule_is_taught():
    table = Yahtzix.rulings()
    assert list(table) == [f"YX-{i}" for i in range(19)]
    raised = set(re.findall(r'"(YX-\d+)"', RULES_PY.read_text(encoding="utf-8")))
    assert raised <= set(table) and {"YX-15", "YX-17"} <= raised
    kinds = {r.id: r.kind for r in table.values() if r.kind is not Kind.SOURCE}
    inferred = (2, 3, 8, 10, 11, 12, 13, 14, 15, 17, 18)
    assert kinds == {
        **{f"YX-{i}": Kind.INFERRED for i in inferred},
        "YX-0": Kind.HOUSE,
        "YX-16": Kind.HOUSE,
    }


def test_the_source_only_says_the_highest_score_wins_so_shared_wins_are_inferred():
    """Rule J names no tie: YX-11's shared win is the project's reading, and says so."""
    ruling = Yahtzix.rulings()["YX-11"]
    assert ruling.kind is Kind.INFERRED
    assert "share the win" in ruling.rule and "project's reading" in ruling.source


def _chapter_parts():
    """The chapter's prose and its code cells, each as (tags, source)."""
    prose, cells = helpers.chapter_parts(CHAPTER)
    return prose, cells


def test_every_mention_of_the_projects_own_readings_carries_its_kind():
    """Wherever the chapter names a ruling that is not the source's, its kind follows:
    "(YX-14, inferred)", "(YX-16, house rule)"."""
    table = Yahtzix.rulings()
    prose, _ = _chapter_parts()
    mentions = list(re.finditer(r"YX-\d+", prose))
    assert len(mentions) > 20
    own = 0
    for mention in mentions:
        ruling = table[mention.group()]
        if ruling.kind is not Kind.SOURCE:
            own += 1
            after = prose[mention.end() : mention.end() + 20]
            assert after.startswith(f", {ruling.kind.label}"), (mention.group(), after)
    assert own >= len([r for r in table.values() if r.kind is not Kind.SOURCE])


def test_the_chapter_teaches_the_rules_before_the_preview_and_the_odds_after_playing():
    """Goal, the table, a turn, the special cases; the seeded game's first turns once every
    rule they show is taught; the exact odds after "Play a game"; the common mistakes just
    before the Rulings."""
    prose, _ = _chapter_parts()
    heads = re.findall(r"^## (.+)$", prose, flags=re.M)
    assert heads == [
        "The dice, and how a game starts",
        "A turn, step by step",
        "What the dice are worth",
        "Later rolls, and going bust",
        "Opening at 30",
        "Go for it",
        "The end of the game",
        "A real game's first turns",
        "Options and variation L",
        "Play a game",
        "The exact odds",
        "By the numbers",
        "Common mistakes and questions",
        "Rulings",
        "Sources and credits",
    ]
    assert prose.index("**Quick start.**") < prose.index("## The dice")


def test_a_site_reader_sees_no_python_and_every_board_cell_runs_on_its_own():
    _, cells = _chapter_parts()
    assert all("remove-input" in tags for tags, _ in cells)
    boards = [cell for _, cell in cells if "Stepper.from_scenario(" in cell]
    assert len(boards) == len(EXAMPLES)
    for cell in boards:
        name = re.search(r"Stepper\.from_scenario\((\w+)\)", cell).group(1)
        assert f"from gamebox.games.yahtzix.examples import {name}\n" in cell
        assert "from gamebox.widgets import Stepper\n" in cell
    players = [cell for _, cell in cells if "PlayBoard(" in cell]
    assert len(players) == 2
    assert all("from gamebox.widgets import PlayBoard" in cell for cell in players)


def test_the_go_for_it_fine_points_are_on_the_rulings_page():
    """The chapter states going for it and points to YX-10's entry for who may go for it
    after a bust and how long an offer lasts; the ruling carries those details."""
    prose, _ = _chapter_parts()
    go = prose[prose.index("## Go for it") : prose.index("## The end of the game")]
    assert "(rulings.md#yahtzix)" in go and "most recent" not in go
    rule = Yahtzix.rulings()["YX-10"].rule
    assert "bust" in rule and "passes on" in rule and "nothing on offer" in rule
    assert "keeps her score" in rule and "open you" in rule


def test_common_mistakes_are_short_and_tied_to_rulings_of_the_table():
    table = Yahtzix.rulings()
    assert 6 <= len(QUESTIONS) <= 9
    assert len({q.question for q in QUESTIONS}) == len(QUESTIONS)
    for q in QUESTIONS:
        assert set(q.rulings) <= set(table), q.question
        assert q.question.endswith("?") and len(re.findall(r"[.!?](?:\s|$)", q.answer)) <= 2
    _, cells = _chapter_parts()
    assert any('questions_section("yahtzix")' in cell for _, cell in cells)


# ------------------------------------------------------------------ odds


def test_bust_chances_by_counting():
    for n in range(1, 7):
        bad = sum(1 for r in product(range(1, 7), repeat=n) if not ({1, 5} & set(r)))
        assert odds.bust_chance(n, first=False) == Fraction(bad, 6**n)
    assert odds.bust_chance(6) == Fraction(1440, 6**6)


def test_first_roll_distribution():
    dist = odds.first_roll_distribution()
    assert sum(dist.values()) == 1
    assert max(dist) == 270 and dist[0] == odds.bust_chance(6)


def test_planner_small_case_by_hand():
    p = odds.Planner()
    # one die left on roll three is impossible; one die on roll two: bank 5 vs roll
    # (roll: 1/6 -> 15 banked, 1/6 -> 10 banked (cup empty or third roll), 4/6 -> 0)
    assert p.roll_value(5, 1, 1, 2) == pytest.approx((15 + 10) / 6)
    assert p.decide(5, 1, 1) == (5.0, 0)
    assert p.turn_value() == pytest.approx(55.835, abs=1e-3)
    assert odds.advise([1, 1, 2, 3, 5, 5])[0][0] == Keep((1, 1, 5, 5))


# ------------------------------------------------------------------ bots


def test_heuristic_beats_random():
    g = game()
    wins = 0
    for seed in range(20):
        seat = seed % 2
        bots = [RandomBot(seed), RandomBot(seed + 100)]
        bots[seat] = HeuristicBot(seed)
        final_state = play(g, seed, bots, max_moves=20_000)
        wins += seat in final_state.winners
    assert wins >= 16


def test_heuristic_games_end_with_every_option():
    for opts in (
        {},
        {"target": 1000},
        {"variation_l": True},
        {"variation_l": True, "target": 1000},
    ):
        g = game(3, **opts)
        final_state = play(g, 7, [HeuristicBot(i) for i in range(3)], max_moves=20_000)
        assert final_state.is_over, opts


# --------------------------------------------------------- guided game, advice, strong bot


def test_guide_replays_and_shows_the_aids_main_rulings():
    assert Yahtzix.guide() is GUIDE and GUIDE.seat == 0
    states = GUIDE.states()
    mine = [
        (step, before)
        for step, before in zip(GUIDE.steps, states, strict=False)
        if before.current_player == 0
    ]
    assert 8 <= len(mine) <= 15
    for step, before in mine:
        assert step.say and step.rules and step.nudge
        assert hint(before).move == before.parse_move(step.move), step.move
    cited = set(re.findall(r"YX-\d+", " ".join((AID.goal, *AID.turn))))
    assert cited and cited <= set(GUIDE.all_rules()) <= set(Yahtzix.rulings())
    assert states[-1].scores == (155, 0) and not states[-1].is_over


def _decisions(g, seed, bots):
    state = g.start(seed)
    while not state.is_over:
        if not state.is_chance:
            yield state
            state = state.apply(bots[state.current_player].choose(state))
        else:
            state = state.apply(state.sample_chance())


@pytest.mark.parametrize(
    ("opts", "named"),
    [({}, {"YX-6", "YX-7"}), ({"variation_l": True, "target": 1000}, {"YX-12"})],
)
def test_advice_is_one_sentence_naming_a_ruling_of_the_table(opts, named):
    rulings = Yahtzix.rulings()
    seen = set()
    g = game(2, **opts)
    for state in _decisions(g, 3, [HeuristicBot(0), StrongBot(1)]):
        for bot in (HeuristicBot(0), StrongBot(0)):
            advice = bot.advise(state)
            assert advice.move in state.legal_moves()
            assert advice.rule in rulings, advice
            text = advice.reason
            assert text[0].isupper() and text.endswith(".") and ". " not in text, text
            seen.add(advice.rule)
    assert named <= seen


def test_strong_bot_never_reads_the_dice_to_come():
    """The generator of a state decides its future rolls: the strong bot's advice is
    the same whatever it holds."""
    g = game()
    for n, state in enumerate(_decisions(g, 5, [StrongBot(0), HeuristicBot(1)])):
        if n % 9:
            continue
        data = json.loads(state.to_json())
        data["rng"] = (data["rng"] + 12345) % 2**64
        other = g.state_from_json(data)
        assert other.rng != state.rng
        assert StrongBot(2).advise(other) == StrongBot(2).advise(state)


def test_strong_bot_counts_what_a_bank_leaves_the_next_player():
    """Banking 150 with two dice left offers the next player a turn worth more than a
    fresh one: the strong bot values that bank below its 150 points, the heuristic at
    150; a bank of all six dice offers nothing."""
    from gamebox.games.yahtzix.bots import goal, strong_goal

    state = game().setup(scores=[500, 400]).apply("roll 1 1 2 3 5 5").apply("keep 1 1 5 5")
    assert goal(state).payoff(150, 2) == 150
    assert strong_goal(state).payoff(150, 2) < 150 == strong_goal(state).payoff(150, 0)


@pytest.mark.parametrize("opts", [{}, {"variation_l": True, "target": 1000}])
def test_strong_bot_plays_a_whole_game(opts):
    final = play(game(2, **opts), 9, [StrongBot(1), HeuristicBot(2)], max_moves=20_000)
    assert final.is_over and final.winners


def test_race_table_agrees_with_the_turn_programmes():
    """The race's pieces against the odds module's own programmes: the turn's points
    average what the points planner expects, and each last-turn chance is what a
    planner playing to beat that lead expects."""
    from gamebox.games.yahtzix.race import last_turn_chances, race, turn_points

    dist = turn_points()
    assert sum(dist) == pytest.approx(1)
    assert 5 * sum(g * p for g, p in enumerate(dist)) == pytest.approx(odds.planner(0).turn_value())
    beat = last_turn_chances()
    for lead in (1, 7, 20, 31, len(beat) - 1):
        assert beat[lead] == pytest.approx(odds.Planner(beat=5 * lead).turn_value(), abs=1e-3)
    win = race().win
    assert 0.5 < win[1][1] < 1 and 0.5 < win[40][40] < 1  # the player to move is ahead
    for a, b in ((1, 1), (10, 30), (40, 40), (100, 97)):
        assert win[a + 5][b] < win[a][b] < win[a][b + 5]  # nearer the target is better


def test_strong_bot_plays_for_the_win_near_the_target():
    """At 1,950 against 1,500, with 25 aside and three dice left after the first roll,
    the heuristic rolls on for the points; the strong bot banks: a sure step towards
    the target is worth more to its chance of winning than the points it risks."""
    from gamebox.games.yahtzix.bots import race_planner, strong_goal

    state = game().setup(scores=[1950, 1500]).apply("roll 1 1 2 3 5 6").apply("keep 1 1 5")
    assert (state.phase, state.total, state.cup) == (DECIDE, 25, 3)
    assert str(HeuristicBot(0).choose(state)) == "roll"
    assert str(StrongBot(0).choose(state)) == "bank"
    assert strong_goal(state) is race_planner(10, 100, 0)
    assert "chance to win the game" in StrongBot(0).advise(state).reason


def test_the_strong_bot_builds_its_tables_when_warmed() -> None:
    """StrongBot.warm builds the race table and the points planners its first moves
    would build (a play session warms it when it deals), so no move waits for them."""
    from gamebox.games.yahtzix import race as race_module
    from gamebox.games.yahtzix.bots import gift_planner

    race_module.race.cache_clear()
    gift_planner.cache_clear()
    StrongBot.warm(gamebox.load("yahtzix", players=2))
    assert race_module.race.cache_info().currsize == 1
    assert gift_planner.cache_info().currsize == 4
    race_module.race.cache_clear()
    StrongBot.warm(gamebox.load("yahtzix", players=2, variation_l=True))
    assert race_module.race.cache_info().currsize == 0  # the heuristic's goals there
