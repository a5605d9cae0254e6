"""Finish Line: a test per ruling (FL-1 to FL-17), every worked example's outcome,
options and bots."""

import re
from html import unescape
from pathlib import Path

import pytest

import gamebox
from gamebox.bots import RandomBot, play
from gamebox.components import Card, standard_deck
from gamebox.games.finish_line import (
    SAMPLE_BOARD,
    Advance,
    FinishLine,
    FinishLineOptions,
    Roll,
    Yank,
    deal,
    sample_board,
    sample_board_problems,
)
from gamebox.games.finish_line.board import is_wing_card
from gamebox.games.finish_line.bots import HeuristicBot
from gamebox.games.finish_line.examples import EXAMPLES, played
from gamebox.games.finish_line.moves import BLACK, RED, T_MOVE, marker_token
from gamebox.games.finish_line.position import ATTACK
from gamebox.games.finish_line.render import deal_frames
from gamebox.rng import Rng
from gamebox.rulings import Kind
from gamebox.svg import AREA_MOST, TAP, pick_tokens
from tests.helpers import refused

SCENARIOS = {sc.id: sc for sc in EXAMPLES}
ROOT = Path(__file__).resolve().parents[2]
RULES_PY = ROOT / "gamebox/games/finish_line/rules.py"
CHAPTER = ROOT / "book/md/finish_line.md"


def game(players=2, **options):
    return gamebox.load("finish-line", players=players, **options)


def at(*markers, board=None, player=0, **options):
    """A state on the sample board (or ``board``) with these markers, ``player`` to roll."""
    return game(len(markers), **options).setup(board=board, markers=markers, player=player)


def run(state, *moves):
    for move in moves:
        state = state.apply(move)
    return state


def texts(state):
    return [str(m) for m in state.legal_moves()]


def board_with(**swaps):
    """The sample board with cards placed on other squares: ``board_with(s46="K♣")``
    swaps K♣ with the card on square 46."""
    cards = list(SAMPLE_BOARD)
    for key, card in swaps.items():
        sq = int(key[1:])
        i = cards.index(card)
        cards[i], cards[sq - 1] = cards[sq - 1], cards[i]
    return cards


# ----------------------------------------------------------------------- the board


def test_sample_board_meets_every_constraint_of_the_examples():
    assert sample_board_problems(sample_board()) == []
    assert sorted(SAMPLE_BOARD) == sorted(str(c) for c in standard_deck(jokers=2))


def test_fl1_wings_are_three_to_ten_and_bad_cards_go_back_into_the_middle():
    put_back = 0
    for seed in range(60):
        board, log = deal(Rng(seed))
        assert all(is_wing_card(board.card(sq)) for sq in board.wing_squares())
        assert [sq for kind, _, sq in log if kind == "wing"] == board.wing_squares()
        backs = [card for kind, card, _ in log if kind == "back"]
        put_back += len(backs)
        for card in backs:  # a card put back is dealt later into a row
            assert any(k == "row" and c == card for k, c, _ in log)
    assert put_back > 60  # 22 of 54 cards may not be wings: it happens all the time


def test_fl1_the_deal_comes_from_the_seed():
    assert game().start(7) == game().start(7)
    assert game().start(7).board != game().start(8).board
    assert game().deal_log(7) == deal(Rng(7))[1]


def test_fl2_six_rows_of_eight_use_all_54_cards():
    state = game().start(1)
    assert state.board.finish == 54 and state.board.undealt == ()
    assert state.components() == game().components()


def test_fl2_row_length_option_leaves_cards_undealt():
    g = game(row_length=5)
    state = g.start(3)
    assert state.board.finish == 36 and len(state.board.undealt) == 18
    assert state.components() == g.components()
    final = play(g, 3, [RandomBot(1), RandomBot(2)])
    assert final.is_over
    with pytest.raises(ValueError):
        game(row_length=9)


def test_fl3_the_zigzag_path():
    b = sample_board()
    assert [str(b.card(sq)) for sq in (1, 8, 9, 10, 17, 18, 54)] == [
        "7♠", "A♠", "9♠", "K♦", "3♦", "6♥", "7♥"
    ]  # fmt: skip
    assert b.square(0, 7) == 1 and b.square(0, 0) == 8  # bottom row right to left
    assert b.square(1, 0) == 10 and b.square(1, 7) == 17  # row 2 left to right
    assert b.wing_squares() == [9, 18, 27, 36, 45, 54]


def test_fl4_safeties():
    b = sample_board()
    assert b.safe[0] and b.safe[9] and b.safe[54]
    assert b.safe[6] and b.safe[43]  # the jokers
    assert not b.safe[1] and not b.safe[33]


# ----------------------------------------------------------------------- stage 1


def test_fl5_a_turn_starts_with_a_roll_of_two_coloured_dice():
    state = at([0, 0, 0], [0, 0, 0])
    assert state.is_chance
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and sum(w for _, w in outcomes) == 36
    refused(state, "move start to 1 with red", "FL-5")
    state = state.apply("roll red 6 black 2")
    assert state.stop == 8 and state.current_player == 0


def test_fl6_each_die_moves_one_marker():
    state = run(at([0, 0, 0], [5, 0, 0]), "roll red 3 black 1")
    assert texts(state) == ["move start to 3 with red", "move start to 1 with black"]
    refused(state, "move 5 to 8 with red", "FL-6")  # P1's marker
    refused(state, "move start to 2 with red", "FL-6")  # wrong distance
    refused(state, "roll red 1 black 1", "FL-6")
    state = state.apply("move start to 3 with red")
    refused(state, "move start to 3 with red", "FL-6")  # the red die is used
    assert texts(state) == ["move 3 to 4 with black", "move start to 1 with black"]
    state = state.apply("move 3 to 4 with black")  # the same marker again
    assert sorted(state.markers(0)) == [0, 0, 4]


def test_fl6_the_second_die_may_move_the_marker_that_waited_where_one_arrived():
    """Issue 14: the source lets the second die move the same marker or another; a
    marker that arrives where another waits may stay, here to attack P1's marker."""
    state = run(at([0, 3, 0], [3, 0, 0]), "roll red 3 black 2", "move start to 3 with red")
    assert texts(state) == [
        "move 3 to 5 with black",
        "move the waiting marker on 3 to 5 with black",
        "move start to 2 with black",
    ]
    on = state.apply("move 3 to 5 with black")  # the marker that arrived goes on
    assert sorted(on.markers(0)) == [0, 3, 5] and on.player == 1  # 3 and 5 not special
    stays = state.apply("move the waiting marker on 3 to 5 with black")
    assert sorted(stays.markers(0)) == [0, 3, 5]
    assert stays.phase == ATTACK and stays.attacks[0][1] == 3  # the one that arrived attacks
    assert stays.trail == (T_MOVE, 1, 3, 5)  # the marker that waited on 3 moved
    waiting = state.parse_move("Move the  waiting marker on 3 to 5 with BLACK")
    assert waiting == Advance(3, 5, BLACK, waiting=True) and state.picks(waiting) == (
        "P0 marker on 3",
        "black die",
    )


def test_fl6_the_waiting_marker_is_named_only_where_one_arrived_and_may_go_on():
    first = run(at([0, 3, 0], [0, 0, 0]), "roll red 3 black 2")
    err = refused(first, "move the waiting marker on 3 to 5 with red", "FL-19")
    assert (
        "no marker arrived on 6♣ (3)" in err.reason and "say 'move 3 to 6 with red'" in err.reason
    )
    alone = run(at([0, 0, 0], [0, 0, 0]), "roll red 3 black 2", "move start to 3 with red")
    assert (
        "only the marker that arrived"
        in refused(alone, "move the waiting marker on 3 to 5 with black", "FL-19").reason
    )
    halted = run(at([4, 0, 0], [0, 0, 0]), "roll red 4 black 4", "move start to 4 with red")
    assert texts(halted) == ["move 4 to 8 with black", "move start to 4 with black"]
    refused(halted, "move the waiting marker on 4 to 8 with black", "FL-7")
    after = halted.apply("move 4 to 8 with black")  # the one that waited: the other is halted
    assert sorted(after.markers(0)) == [0, 4, 8]


def test_fl7_a_stop_card_halts_a_moving_marker():
    state = run(at([0, 0, 0], [0, 0, 0]), "roll red 6 black 2")
    assert "8♦" in refused(state, "move start to 6 with red", "FL-7").reason
    assert "move start to 4 with red" in texts(state)


def test_fl7_a_halted_marker_goes_no_further_but_one_that_starts_there_may_leave():
    state = run(at([4, 0, 0], [0, 0, 0]), "roll red 4 black 4")
    assert "move 4 to 8 with red" in texts(state)  # it started on the 8♦
    state = run(at([0, 0, 0], [0, 0, 0]), "roll red 4 black 4", "move start to 4 with red")
    refused(state, "move 4 to 8 with black", "FL-7")
    assert texts(state) == ["move start to 4 with black"]


def test_fl8_exact_finish_or_halted_on_it():
    state = run(at([52, 0, 0], [0, 0, 0]), "roll red 6 black 6")
    refused(state, "move 52 to finish with red", "FL-8")
    assert not any(t.startswith("move 52") for t in texts(state))
    state = run(at([52, 0, 0], [0, 0, 0]), "roll red 3 black 4")
    assert "move 52 to finish with red" in texts(state)  # halted on 7♥ by the stop value 7
    state = run(at([52, 0, 0], [0, 0, 0]), "roll red 2 black 1")
    assert "move 52 to finish with red" in texts(state)  # exact count
    refused(state, "move 52 to finish with black", "FL-6")


def test_fl9_a_marker_home_is_out_of_play_and_a_useless_die_is_lost():
    state = run(at([52, 54, 54], [0, 0, 0]), "roll red 6 black 6")
    assert state.current_player == gamebox.CHANCE and state.player == 1  # both dice lost
    state = run(at([51, 54, 0], [0, 0, 0]), "roll red 3 black 5")
    refused(state, "move 54 to finish with red", "FL-9")


# ----------------------------------------------------------------------- stage 2


def test_fl10_a_card_acts_only_if_its_colour_is_strictly_higher():
    state = run(
        at([14, 18, 11], [0, 0, 0]),
        "roll red 6 black 1",
        "move 14 to 20 with red",
        "move 11 to 12 with black",
    )
    assert state.is_chance  # the queen's roll
    tie = state.apply("roll red 3 black 3")  # a tie: the queen does nothing
    assert sorted(tie.markers(0)) == [12, 18, 20] and tie.is_chance  # now the king's roll
    refused(tie, "move 12 to 13 with red", "FL-10")


def test_fl10_markers_moved_in_stage_2_do_not_roll():
    final = SCENARIOS["fl-queen"].states()[-1]
    assert sorted(final.markers(0)) == [18, 20, 20]
    assert final.player == 1  # the pulled K♥ marker did not roll


def test_fl11_king_is_a_ladder_and_does_nothing_on_the_top_row():
    final = SCENARIOS["fl-queen-fails"].states()[-1]
    assert sorted(final.markers(0)) == [18, 20, 24]
    board = board_with(s48="K♣")  # a king on the top row
    state = run(at([47, 0, 0], [0, 0, 0], board=board), "roll red 1 black 3")
    state = run(state, "move 47 to 48 with red", "move start to 3 with black")
    assert state.player == 1  # no roll for the top-row king


def test_fl12_ace_is_a_chute():
    final = SCENARIOS["fl-stop-value"].states()[-1]
    assert sorted(final.markers(0)) == [0, 0, 4]  # A♥ on the bottom row: back to the start
    state = run(at([20, 0, 0], [0, 0, 0]), "roll red 1 black 2")
    state = run(state, "move 20 to 21 with red", "move start to 2 with black")
    state = state.apply("roll red 5 black 1")  # A♦ (21) acts: one row down, same column
    assert sorted(state.markers(0)) == [0, 2, 15]  # column 5: square 21 -> square 15
    assert state.is_chance  # next, the marker on A♥ rolls


def test_fl13_queen_without_a_target_is_not_rolled_for():
    state = run(at([14, 17, 0], [0, 0, 0]), "roll red 6 black 1")
    state = run(state, "move 14 to 20 with red", "move 17 to 18 with black")
    assert state.player == 1 and sorted(state.markers(0)) == [0, 18, 20]


def test_fl14_jack_choices_and_refusals():
    states = SCENARIOS["fl-jack"].states()
    choose = states[-2]
    assert texts(choose) == ["yank P1 from 33", "yank P2 from 38"]
    refused(choose, "yank P1 from 40", "FL-14")  # not P1's least advanced beyond the jack
    refused(choose, "yank P1 from 25", "FL-14")  # behind the jack
    refused(choose, "yank P2 from 52", "FL-14")
    refused(choose, "yank P0 from 23", "FL-14")  # your own
    assert "there is no P5" in refused(choose, "yank P5 from 33", "FL-14").reason
    wrong = refused(choose, "swap with P1 on 33", "FL-14").reason
    assert wrong.endswith("now choose an opposing marker to yank back onto it")
    refused(choose, "roll red 1 black 2", "FL-14")
    assert sorted(states[-1].markers(1)) == [25, 30, 40]


def test_fl14_a_single_target_is_yanked_without_asking_and_safeties_are_spared():
    state = run(at([27, 21, 0], [33, 36, 0]), "roll red 3 black 2")
    state = run(state, "move 27 to 30 with red", "move 21 to 23 with black", "roll red 1 black 4")
    assert sorted(state.markers(1)) == [0, 30, 36]  # 36 is a wing
    state = run(at([27, 21, 0], [36, 0, 0]), "roll red 3 black 2")
    state = run(state, "move 27 to 30 with red", "move 21 to 23 with black")
    assert state.player == 1  # no target: no roll


def test_fl15_two_swaps_with_a_chosen_opponent():
    state = run(at([17, 0, 0], [25, 33, 27]), "roll red 2 black 1")
    state = run(state, "move 17 to 19 with red", "move start to 1 with black")
    state = state.apply("roll red 1 black 5")  # 2♠ is black: it acts
    assert texts(state) == ["swap with P1 on 25", "swap with P1 on 33"]
    refused(state, "swap with P1 on 27", "FL-15")  # a wing
    wrong = refused(state, "yank P1 from 33", "FL-15").reason
    assert wrong.endswith("now choose an opposing marker to swap places with")
    assert "there is no P5" in refused(state, "swap with P5 on 33", "FL-15").reason
    state = state.apply("swap with P1 on 33")
    assert sorted(state.markers(0)) == [0, 1, 33]
    assert sorted(state.markers(1)) == [19, 25, 27]


def test_fl22_a_marker_on_the_two_itself_is_no_target():
    state = run(at([17, 0, 0], [19, 33, 25]), "roll red 2 black 1")
    state = run(state, "move 17 to 19 with red", "move start to 1 with black")
    state = state.apply("roll red 1 black 5")
    assert texts(state) == ["swap with P1 on 25", "swap with P1 on 33"]
    assert "change nothing" in refused(state, "swap with P1 on 19", "FL-22").reason


def test_fl15_the_swap_is_forced_even_backwards():
    state = run(at([17, 0, 0], [5, 0, 0]), "roll red 2 black 1")
    state = run(state, "move 17 to 19 with red", "move start to 1 with black")
    state = state.apply("roll red 1 black 5")
    assert sorted(state.markers(0)) == [0, 1, 5] and sorted(state.markers(1)) == [0, 0, 19]


# ----------------------------------------------------------------------- stage 3


def test_fl16_attack_sends_back_by_the_difference_never_behind_the_start():
    state = run(at([0, 0, 0], [3, 0, 0]), "roll red 2 black 1")
    state = run(state, "move start to 2 with red", "move 2 to 3 with black")
    assert state.is_chance and state.phase == 4  # the attack roll
    refused(state, "move 3 to 4 with red", "FL-16")
    assert sorted(state.apply("roll red 6 black 1").markers(1)) == [0, 0, 0]
    assert sorted(state.apply("roll red 2 black 2").markers(1)) == [0, 0, 3]  # doubles fail


def test_fl16_a_marker_knocked_back_is_not_attacked_again():
    state = run(at([3, 1, 0], [4, 7, 0]), "roll red 4 black 3")
    state = run(state, "move 3 to 7 with red", "move 1 to 4 with black")
    state = state.apply("roll red 1 black 1")  # Q♠: a tie, nothing
    state = state.apply("roll red 4 black 1")  # the attack on 7: back 3, onto 4
    assert sorted(state.markers(1)) == [0, 4, 4]
    state = state.apply("roll red 3 black 1")  # the attack on 4 hits only the first one
    assert sorted(state.markers(1)) == [0, 2, 4]
    assert state.player == 1


def test_fl16_two_attackers_on_one_card():
    final = SCENARIOS["fl-two-attackers"].states()[-1]
    assert sorted(final.markers(0)) == [3, 20, 20] and sorted(final.markers(1)) == [0, 0, 16]


# --------------------------------------------------------------------------- end


def test_fl17_the_first_player_home_wins():
    state = run(at([52, 54, 54], [0, 0, 0]), "roll red 3 black 4", "move 52 to finish with red")
    assert state.is_over and state.winners == (0,) and state.scores == (3, 0)
    assert state.outcome.reason == "P0 has all three markers home" and state.current_player < 0
    assert state.legal_moves() == [] and state.summary().endswith("| over")
    assert "game over: P0 wins" in str(state)
    assert refused(state, "roll red 1 black 1", "FL-17").reason.endswith(
        "P0 has all three markers home"
    )
    with pytest.raises(ValueError):
        at([54, 54, 54], [0, 0, 0])


def test_fl17_play_for_places():
    state = at([52, 54, 54], [52, 54, 54], [0, 0, 0], play_for_places=True)
    state = run(state, "roll red 3 black 4", "move 52 to finish with red")
    assert not state.is_over and state.player == 1 and state.places == (0,)
    state = run(state, "roll red 3 black 4", "move 52 to finish with red")
    assert state.is_over and state.places == (0, 1, 2) and state.winners == (0,)
    assert state.outcome.reason == "every place is decided (P0, P1, P2)"
    again = state.game.state_from_json(state.to_json())  # its JSON says "over": the same outcome
    assert again.outcome == state.outcome and '"phase": "over"' in state.to_json()


# ----------------------------------------------------------------------- examples


def test_example_1_path_is_narration_only():
    assert all(step.move is None for step in SCENARIOS["fl-path"].steps)


def test_example_2_stop_value():
    states = SCENARIOS["fl-stop-value"].states()
    assert states[1].stop == 8
    assert sorted(states[3].markers(0)) == [0, 2, 4]


def test_example_3_two_fours():
    final = SCENARIOS["fl-two-fours"].states()[-1]
    assert sorted(final.markers(0)) == [0, 4, 4] and final.player == 1


def test_example_4_exact_finish():
    states = SCENARIOS["fl-exact-finish"].states()
    assert sorted(states[-1].markers(0)) == [15, 31, 54]
    assert states[-1].scores == (1, 0)


def test_example_5_queen():
    assert sorted(SCENARIOS["fl-queen"].states()[-1].markers(0)) == [18, 20, 20]


def test_example_7_attack_on_the_jack():
    final = SCENARIOS["fl-attack-on-the-jack"].states()[-1]
    assert sorted(final.markers(2)) == [26, 47, 52] and final.player == 1


def test_narration_names_every_marker_an_attack_sends_back():
    steps = played(3, 22, id="fl-turns").steps
    assert steps[-1].say.endswith(
        "It hits (back by the difference, reconstructed): P1's two markers go from J♠ (4) "
        "to the start."
    )
    assert steps[-2].say.endswith("The card acts (yank): P1's marker goes from A♥ (5) to J♠ (4).")
    assert steps[-2].rules == ("FL-10", "FL-14")


def test_a_played_game_s_narration_labels_the_rebuilt_card_actions():
    """A ladder, a chute or a swap is the book's reconstruction: the narration says so, and
    tags the card's own ruling beside FL-10."""
    said = {step.say: step.rules for step in played(3, 40, players=3).steps}
    ladder = next(say for say in said if "(ladder" in say)
    assert "The card acts (ladder, reconstructed): " in ladder and said[ladder][-1] == "FL-11"
    swap = next(say for say in said if "(swap" in say)
    assert "The card acts (swap, reconstructed): " in swap


def test_example_a_marker_that_starts_on_a_stop_card_leaves_it():
    states = SCENARIOS["fl-start-on-a-stop-card"].states()
    rolled = states[1]
    assert rolled.stop == 8 and rolled.board.cards[4].rank == 8
    assert rolled.is_legal("move 4 to 9 with red")  # it began the turn on 8♦
    assert not rolled.is_legal("move start to 5 with red")  # a newcomer halts on 8♦
    assert sorted(states[-1].markers(0)) == [0, 4, 9]


def test_example_a_two_forces_a_swap_with_a_marker_behind():
    states = SCENARIOS["fl-forced-swap"].states()
    choosing = states[-2]
    assert sorted(texts(choosing)) == ["swap with P1 on 11", "swap with P1 on 3"]
    assert refused(choosing, "swap with P1 on 9", "FL-15")  # the wing is a safety
    final = states[-1]
    assert sorted(final.markers(0)) == [0, 4, 11] and sorted(final.markers(1)) == [3, 9, 19]
    assert final.player == 1


def test_example_a_marker_knocked_onto_a_team_mate_is_not_attacked_again():
    states = SCENARIOS["fl-knocked-onto-a-team-mate"].states()
    assert sorted(states[-2].markers(1)) == [0, 4, 4]  # knocked back from Q♠ onto 8♦
    assert sorted(states[-1].markers(1)) == [0, 2, 4] and states[-1].player == 1


def test_every_example_runs_on_the_sample_board():
    for sc in EXAMPLES:
        assert sc.start().board == sample_board()
        assert sc.states()


# ------------------------------------------------------------ picking on the board


def test_picks_name_the_marker_and_the_die():
    state = run(at([0, 0, 4], [0, 2, 0]), "roll red 4 black 4")
    assert {str(m): state.picks(m) for m in state.legal_moves()} == {
        "move start to 4 with red": ("P0 marker at start", "red die"),
        "move 4 to 8 with red": ("P0 marker on 4", "red die"),
        "move start to 4 with black": ("P0 marker at start", "black die"),
        "move 4 to 8 with black": ("P0 marker on 4", "black die"),
    }
    assert state.picks(state.parse_move("roll red 1 black 1")) == ()
    on_board = pick_tokens(state.svg(viewer=0))
    assert on_board == {
        "P0 marker at start", "P0 marker on 4", "P1 marker at start", "P1 marker on 2",
        "red die", "black die",
    }  # fmt: skip


def test_picks_of_a_yank_and_a_swap_name_the_opposing_marker():
    choose = SCENARIOS["fl-jack"].states()[-2]
    picks = [choose.picks(m) for m in choose.legal_moves()]
    assert picks == [("P1 marker on 33",), ("P2 marker on 38",)]
    assert {t for p in picks for t in p} <= pick_tokens(choose.svg(viewer=0))
    state = run(at([17, 0, 0], [25, 33, 27]), "roll red 2 black 1")
    state = run(state, "move 17 to 19 with red", "move start to 1 with black")
    state = state.apply("roll red 1 black 5")
    assert [state.picks(m) for m in state.legal_moves()] == [
        ("P1 marker on 25",), ("P1 marker on 33",),
    ]  # fmt: skip


def test_board_text_is_at_least_11_units_and_the_board_s_own_labels_11_5():
    """A board keeps its natural size on a phone, so a font size of N units shows as N
    CSS px: no text below 11 (the shared card corners), none of this board's own below
    11.5 (path numbers, 'start', the panel's labels), in play, at the end and in the deal."""
    g = game(6, play_for_places=True)
    bots = [HeuristicBot(i) for i in range(6)]
    state = g.start(2)
    boards = []
    while not state.is_over:
        if len(state.history) % 97 == 0:
            boards.append(state.svg())
        state = state.apply(
            state.sample_chance() if state.is_chance else bots[state.player].choose(state)
        )
    boards.append(state.svg())
    boards += [f["svg"] for f in deal_frames(3)]
    for picture in boards:
        sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', picture)]
        assert sizes and min(sizes) >= 11
        # the board's own labels: path numbers, 'start', the panel's grey lines, the tally
        texts = re.findall(r'<text [^>]*font-size="([\d.]+)"([^>]*)>([^<]*)<', picture)
        own = [(size, text) for size, attrs, text in texts if "muted" in attrs or "home" in text]
        assert len(own) > 20
        assert all(float(size) >= 11.5 for size, _ in own), own


def test_a_board_drawn_for_a_viewer_hides_nothing_and_marks_the_seat():
    state = SCENARIOS["fl-jack"].states()[-2]
    plain, mine, theirs = state.svg(), state.svg(viewer=0), state.svg(viewer=1)
    assert "you: P" not in plain and "your turn" not in plain and "P0&#x27;s turn" in plain
    assert "you: P0" in mine and "your turn" in mine
    assert "you: P1" in theirs and "P0&#x27;s turn" in theirs
    assert pick_tokens(plain) == pick_tokens(mine) == pick_tokens(theirs)
    finish = state.board.finish
    every_marker = {marker_token(p, sq, finish) for p in range(3) for sq in state.markers(p)}
    assert every_marker <= pick_tokens(theirs)  # nothing is hidden


# -------------------------------------------------------------- the board on a phone

#: A piece a move picks: its token and its hit area (x, y, width, height).
HIT = re.compile(
    r'<g data-pick="([^"]*)"><rect class="hit" x="([^"]*)" y="([^"]*)" '
    r'width="([^"]*)" height="([^"]*)"/>'
)


def hit_areas(area):
    """Each piece ``area`` tags for picking: token -> its hit area."""
    return [(unescape(t), tuple(map(float, box))) for t, *box in HIT.findall(area.body)]


def test_a_phone_reads_the_status_the_track_the_dice_then_the_mover_s_panel():
    state = run(at([0, 0, 0], [0, 0, 0], [0, 0, 0], player=1), "roll red 6 black 2")
    names = [area.name for area in state.areas(viewer=2).areas]
    assert names == [
        "the status", "the track", "the dice", "P1's panel", "P2's panel", "P0's panel",
    ]  # fmt: skip
    g = game(3)
    bots = [HeuristicBot(i) for i in range(3)]
    over = g.start(4)
    while not over.is_over:
        move = over.sample_chance() if over.is_chance else bots[over.player].choose(over)
        over = over.apply(move)
    names = [area.name for area in over.areas().areas]
    assert names[3:] == ["P0's panel", "P1's panel", "P2's panel"]  # seat order at the end
    assert all(area.width <= AREA_MOST for area in over.areas().areas)


def test_every_piece_a_move_picks_is_a_whole_tap_target_clear_of_the_others():
    """Six players crowd one card and the start: the track's small discs pick nothing,
    each marker a move can pick is one panel disc and each die one die, each hit area at
    least 44 px square and overlapping no other."""
    state = at(*[[6, 6, 0]] * 5, [6, 0, 2], player=5).apply("roll red 1 black 2")
    board = state.areas(viewer=5)
    track = next(area for area in board.areas if area.name == "the track")
    assert track.width <= AREA_MOST and "data-pick" not in track.body
    tagged = [piece for area in board.areas for piece in hit_areas(area)]
    tokens = [token for token, _ in tagged]
    assert len(tokens) == len(set(tokens)) == 6 * 2 + 1 + 2  # start (P0-P4), 6, 2, dice
    assert {t for m in state.legal_moves() for t in state.picks(m)} <= set(tokens)
    for area in board.areas:
        boxes = [box for _, box in hit_areas(area)]
        assert all(w >= TAP and h >= TAP for _, _, w, h in boxes)
        for i, (x, y, w, h) in enumerate(boxes):
            for x2, y2, w2, h2 in boxes[i + 1 :]:
                assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y, area.name


def test_the_panel_outlines_the_marker_the_last_move_took():
    state = at([0, 0, 0], [0, 0, 0]).apply("roll red 6 black 2")
    panel = state.apply("move start to 4 with red").areas().areas[3]
    assert panel.name == "P0's panel"
    pieces = {part.split('"')[0]: part for part in panel.body.split('data-pick="')[1:]}
    assert 'class="hl"' in pieces["P0 marker on 4"]
    assert 'class="hl"' not in pieces["P0 marker at start"]


def test_the_deal_s_frames_show_the_deal_and_the_track_as_areas_a_phone_fits():
    frames = deal_frames(3)
    for f in frames:
        areas = re.findall(r'class="gb gb-area"[^>]* width="([^"]*)"[^>]*aria-label="([^"]*)"',
                           f["svg"])  # fmt: skip
        assert [name for _, name in areas] == ["the deal", "the track"]
        assert all(float(width) <= AREA_MOST for width, _ in areas)
    assert frames[0]["svg"].count('aria-label="empty"') == 54
    assert 'aria-label="empty"' not in frames[-1]["svg"]


# ---------------------------------------------------------- hostile input (issue 14)


def test_text_and_move_objects_off_the_board_are_refused_with_a_ruling():
    state = run(at([0, 0, 0], [0, 0, 0]), "roll red 6 black 2")
    assert "no square 55" in refused(state, "move 55 to 56 with red", "FL-3").reason
    refused(state, "move start to 999 with red", "FL-3")
    refused(state, Advance(-4, 2, RED), "FL-3")
    refused(state, Advance(0, 2, 3), "FL-6")  # no third die
    refused(state, Advance(0, 4, RED, home=True), "FL-8")  # square 4 is no finish
    refused(state, Advance(0, 2.5, RED), "FL-0")
    refused(state, Advance(0, 4, RED, waiting=""), "FL-0")
    refused(state, "move start to 4 with green", "FL-0")
    choose = SCENARIOS["fl-jack"].states()[-2]  # three players
    assert "there is no P5" in refused(choose, Yank(5, 33), "FL-14").reason
    refused(choose, Yank(1, 10**9), "FL-3")
    refused(choose, Yank(None, 33), "FL-0")
    rolling = at([0, 0, 0], [0, 0, 0])
    refused(rolling, Roll(7, 1), "FL-5")
    refused(rolling, Roll(0, 0), "FL-5")


def test_options_are_declared_with_their_range():
    for bad, error in ((10**9, ValueError), (1, ValueError), (True, TypeError), (8.0, TypeError)):
        with pytest.raises(error, match="row_length is a whole number from 2 to 8"):
            game(row_length=bad)
    with pytest.raises(TypeError):
        game(play_for_places="x")
    with pytest.raises(TypeError, match="no option 'rows'"):
        game(rows=3)
    assert [o["rule"] for o in FinishLineOptions.describe()] == ["FL-2", "FL-17"]


@pytest.mark.parametrize(
    ("position", "problem"),
    [
        ({"markers": [[0, 0, 0]] * 3}, "3 squares for each of the 2 players"),
        ({"markers": [[0, 0], [0, 0, 0]]}, "3 squares for each"),
        ({"markers": [[0, 0, 55], [0, 0, 0]]}, "from 0"),
        ({"markers": [[0, 0, 2.5], [0, 0, 0]]}, "from 0"),
        ({"player": 7}, "player 7"),
        ({"board": ["7♠"] * 54}, "pieces are not the game's"),
        ({"board": board_with(s9="K♣")}, "wing on square 9 holds K♣"),
        ({"board": SAMPLE_BOARD[:50]}, "has 54 cards, not 50"),
        ({"undealt": ["7♠"]}, "holds 1 cards"),
    ],
)
def test_impossible_setups_are_refused(position, problem):
    with pytest.raises(ValueError, match=problem):
        game().setup(**position)


def test_a_setup_of_the_wrong_kind_is_a_type_error():
    with pytest.raises(TypeError, match="board is a list of cards"):
        game().setup(board=54)
    with pytest.raises(TypeError, match="is not a card"):
        game().setup(board=[7] * 54)


def test_a_json_position_the_game_cannot_reach_is_refused():
    import json

    state = SCENARIOS["fl-jack"].states()[-2]
    good = json.loads(state.to_json())

    def spoilt(**changes):
        return json.dumps({**good, "position": {**good["position"], **changes}})

    for changes, problem in [
        ({"phase": "over"}, "winner"),
        ({"done": [1]}, "players home"),
        ({"dice": [7, 1]}, "the dice"),
        ({"queue": [0, 0, 0, 0, 0]}, "stage-2 queue"),
        ({"choices": [[1, 33], [1, 40]]}, "targets"),
        ({"phase": "attack"}, "attack"),
        ({"markers": [[0, 0, 0]] * 3 + [[0]] * 10**5}, "for each of the 3 players"),
        ({"trail": [9, 0, 0, 0]}, "last move"),
        ({"moved": [True, 0]}, "moved markers"),
    ]:
        with pytest.raises(ValueError, match=problem):
            state.game.state_from_json(spoilt(**changes))
    assert state.game.state_from_json(json.dumps(good)) == state


# ----------------------------------------------------------------- data and bots


def test_json_round_trip_mid_turn():
    choose = SCENARIOS["fl-jack"].states()[-2]
    again = choose.game.state_from_json(choose.to_json())
    assert again == choose and again.legal_moves() == choose.legal_moves()


def test_text_forms():
    state = at([0, 0, 0], [0, 0, 0])
    assert "7♠" in str(state) and "finish 7♥" in str(state)
    assert state.describe(1) == state.describe() == str(state)  # nothing is hidden
    assert state.summary() == "P0 0,0,0 P1 0,0,0 | roll"
    with pytest.raises(ValueError):
        state.parse_move("fly to the moon")
    assert str(state.parse_move("Move 52 to 54 with RED")) == "move 52 to finish with red"


def test_heuristic_beats_random():
    g = game()
    wins = 0
    for seed in range(40):
        seat = seed % 2
        bots = [HeuristicBot(seed), RandomBot(seed)]
        if seat:
            bots.reverse()
        wins += play(g, seed, bots).winner == seat
    assert wins >= 28


def test_heuristic_bots_finish_with_six_players():
    g = game(6)
    final = play(g, 4, [HeuristicBot(i) for i in range(6)], max_moves=20_000)
    assert final.is_over


def test_setup_takes_cards():
    cards = [Card.parse(t) for t in SAMPLE_BOARD]
    assert FinishLine(2).setup(board=cards).board == sample_board()


# ------------------------------------------------------------- the rulings as data


def test_rulings_table_is_complete_and_says_where_each_rule_is_taught():
    table = FinishLine.rulings()
    assert list(table) == [f"FL-{i}" for i in range(25)]
    raised = set(re.findall(r'"(FL-\d+)"', RULES_PY.read_text(encoding="utf-8")))
    assert raised <= set(table) and {"FL-19", "FL-22"} <= raised
    kinds = {r.id: r.kind for r in table.values() if r.kind is not Kind.SOURCE}
    assert kinds == {
        "FL-2": Kind.RECONSTRUCTED,
        "FL-9": Kind.INFERRED,
        "FL-11": Kind.RECONSTRUCTED,
        "FL-12": Kind.RECONSTRUCTED,
        "FL-15": Kind.RECONSTRUCTED,
        "FL-16": Kind.RECONSTRUCTED,
        "FL-18": Kind.HOUSE,
        "FL-19": Kind.INFERRED,
        "FL-20": Kind.INFERRED,
        "FL-21": Kind.INFERRED,
        "FL-0": Kind.HOUSE,
        "FL-22": Kind.HOUSE,
        "FL-23": Kind.INFERRED,
    }
    chapter = CHAPTER.read_text(encoding="utf-8")
    # the chapter names each of its own readings where it states the rule: "(FL-11,
    # reconstructed)", never a bare "(FL-11)"
    for ruling in table.values():
        if ruling.kind is not Kind.SOURCE:
            kind = r"\s+".join(ruling.kind.label.split())
            assert re.search(rf"\({ruling.id},\s+{kind}\b", chapter), ruling.id
            assert not re.search(rf"\({ruling.id}[);]", chapter), ruling.id


def test_the_source_s_dice_convention_is_a_ruling_on_the_aid():
    """Any two dice that can be told apart will do (the source's own table convention)."""
    from gamebox.games.finish_line.rulings import AID

    ruling = FinishLine.rulings()["FL-24"]
    assert ruling.kind is Kind.SOURCE and "told apart" in ruling.rule
    assert any("(FL-24)" in line for line in AID.setup)
    assert "(FL-24)" in CHAPTER.read_text(encoding="utf-8")


def test_the_aid_s_turn_is_one_list_of_named_stages():
    """Every line of the aid's turn starts with its stage's name, none with a number."""
    from gamebox.games.finish_line.rulings import AID

    assert [line.split(":")[0] for line in AID.turn] == ["Roll", "Move", "Special cards", "Attacks"]


def test_common_questions_are_short_and_tied_to_rulings_of_the_table():
    from gamebox.games.finish_line.rulings import QUESTIONS

    table = FinishLine.rulings()
    assert 7 <= len(QUESTIONS) <= 9
    for q in QUESTIONS:
        assert q.question.endswith("?") and set(q.rulings) <= set(table), q
        assert len(q.answer) <= 130 and q.answer.count(". ") <= 1, q.answer
    # the fine point the chapter left for the Rulings page is answered there
    assert any("FL-19" in q.rulings for q in QUESTIONS)


def test_the_chapter_teaches_in_order_and_points_to_the_fine_points():
    """Goal, the table, a turn, the special cases, then play: the mistakes and the lost rules
    come after "Play a game", and no board cell shows its Python on the site."""
    chapter = CHAPTER.read_text(encoding="utf-8")
    heads = re.findall(r"^## (.+)$", chapter, re.M)
    assert heads[: heads.index("Play a game") + 1] == [
        "The cards and the deal",
        "A turn",
        "Moving: the stop value",
        "Reaching the finish",
        "Special cards",
        "Attacks",
        "The end",
        "Play a game",
    ]
    assert heads.index("Common mistakes and questions") < heads.index("Rulings")
    assert "rulings.md#finish-line) (FL-19" in chapter
    cells = re.findall(r"```\{code-cell\} ipython3\n(.*?)```", chapter, re.S)
    for cell in cells:
        if "Stepper" in cell or "PlayBoard" in cell or "HTML(" in cell:
            assert cell.startswith(":tags: [remove-input"), cell


def _where(state, sq):
    """The words a narration uses for square ``sq``: its card, or the start."""
    if sq == 0:
        return ("start",)
    return (
        (str(state.board.cards[sq]), "finish")
        if sq == state.board.finish
        else (str(state.board.cards[sq]),)
    )


def test_every_step_of_every_example_names_what_moved():
    """A roll names both dice; every marker a step moved is named with the card it went to."""
    scenarios = [*EXAMPLES, played(3, 40, players=3)]
    steps = 0
    for sc in scenarios:
        states = sc.states()
        for step, before, after in zip(sc.steps, states[:-1], states[1:], strict=True):
            if step.move is None:
                continue
            steps += 1
            move = before.parse_move(step.move)
            if isinstance(move, Roll):
                assert f"red {move.red}" in step.say and f"black {move.black}" in step.say, step
            for frm, to in zip(before.pos, after.pos, strict=True):
                if frm != to:
                    assert any(w in step.say for w in _where(after, to)), (sc.id, step)
    assert steps >= 80


# ------------------------------------------------------- guided game, advice, strong bot


def one_sentence(text):
    return text[:1].isupper() and text.endswith((".", "!")) and ". " not in text[:-1]


def test_the_guide_replays_and_shows_the_aid_s_main_rulings():
    from gamebox.games.finish_line.rulings import AID

    guide = game().guide()
    states = guide.states()
    assert guide.seat == 0 and not states[-1].is_over
    main = set(re.findall(r"FL-\d+", " ".join((AID.goal, *AID.turn))))
    assert main and main <= set(guide.all_rules())
    yours = [
        step
        for state, step in zip(states[:-1], guide.steps, strict=True)
        if not state.is_chance and state.current_player == guide.seat
    ]
    assert 8 <= len(yours) <= 15
    for state, step in zip(states[:-1], guide.steps, strict=True):
        mine = not state.is_chance and state.current_player == guide.seat
        assert bool(step.nudge) == mine, step
        assert step.say and step.rules and set(step.rules) <= set(FinishLine.rulings())


def test_advice_is_one_sentence_naming_a_ruling_of_the_table():
    from gamebox.bots import next_move
    from gamebox.games.finish_line.bots import StrongBot

    rulings = FinishLine.rulings()
    bots = [HeuristicBot(1), StrongBot(2)]
    state = game().start(5)
    seen = set()
    while not state.is_over:
        if not state.is_chance:
            for bot in bots:
                advice = bot.advise(state)
                assert advice.move in state.legal_moves()
                assert one_sentence(advice.reason), advice.reason
                assert advice.rule in rulings
                seen.add(advice.rule)
        state = state.apply(next_move(state, bots))
    assert {"FL-4", "FL-6", "FL-8"} <= seen


def test_the_strong_bot_s_choice_does_not_depend_on_the_dice_to_come():
    from gamebox.bots import play
    from gamebox.games.finish_line.bots import StrongBot

    g = game()
    checked = 0
    for n in range(10, 90, 4):
        state = play(g, 3, [HeuristicBot(1), HeuristicBot(2)], max_moves=n)
        if state.is_over or state.is_chance or len(state.legal_moves()) < 2:
            continue
        choice = StrongBot(7).advise(state).move
        for seed in (1, 2):
            other = g.state_from_data(state.to_data(), Rng(seed))
            assert other.to_data() == state.to_data() and other.rng != state.rng
            assert StrongBot(7).advise(other).move == choice
        checked += 1
    assert checked >= 5


def test_the_strong_bot_finishes_a_seeded_game_and_beats_the_first_move_player():
    from gamebox.bots import Bot
    from gamebox.games.finish_line.bots import StrongBot

    class First(Bot):
        def choose(self, state):
            return state.legal_moves()[0]

    wins = 0
    for seed in range(6):
        final = play(game(), seed, [StrongBot(seed), First()])
        assert final.is_over
        wins += final.winners == (0,)
    assert wins >= 4


def test_a_hint_is_the_strong_bot_s_legal_move_with_its_reason():
    from gamebox.bots import hint

    state = game().setup().apply("roll red 6 black 4")
    advice = hint(state)
    assert advice.move in state.legal_moves() and advice.rule in FinishLine.rulings()
    assert hint(state) == advice


def test_the_strong_bot_s_race_table_is_exact_one_square_before_the_finish():
    from gamebox.games.finish_line.bots import race_turns

    for seed in (0, 1, 2):
        board = game().start(seed).board
        finish = board.finish
        # from the square before the finish only a 1, or the finish card's stop value
        # halting the marker on it, brings it home; every other roll leaves it there
        home = sum(
            1
            for red in range(1, 7)
            for black in range(1, 7)
            if 1 in (red, black) or red + black == board.rank[finish]
        )
        turns = race_turns(board)
        assert turns[finish] == 0
        assert abs(turns[finish - 1] - 36 / home) < 1e-9


def test_the_strong_bot_counts_the_twos_and_jacks_its_next_roll_can_reach():
    from gamebox.games.finish_line.bots import CHANCE_ACT, chances
    from gamebox.games.finish_line.rules import JACK, TWO

    data = game().setup().to_data()  # the sample board: a two on 19, a jack on 24
    board = game().setup().board
    assert board.special[19] == TWO and board.special[24] == JACK
    assert board.safe[43] and not board.safe[40]

    def at(mine, theirs):
        return game().state_from_data({**data, "markers": [mine, theirs]}, Rng(1))

    # from 14 a roll can reach the two (a swap of 40 and 19 gains 21 squares and costs
    # the opponent 21) or the jack (yanking 40 back to 24): a chance, never more than
    # the best of them times the card's odds of acting
    exposed = chances(at([14, 0, 0], [40, 54, 54]), 0)
    assert 0 < exposed <= 2 * 21 * CHANCE_ACT
    # on a safety the opponent's marker is out of reach of both cards
    assert chances(at([14, 0, 0], [43, 54, 54]), 0) == 0
    # and the opponent, far ahead of every two and jack it can reach, has none
    assert chances(at([14, 0, 0], [40, 54, 54]), 1) == 0


# ----------------------------------------------- the clairvoyant (benchmarks/fl_ceiling.py)


def test_a_game_s_rolls_come_in_the_same_order_whatever_the_players_do():
    """The clairvoyant's premise: the generator steps once per chance move, so the next
    roll after either of two different moves is the same."""
    state = game().start(4).apply("roll red 5 black 3")
    moves = state.legal_moves()
    assert len(moves) >= 2
    rolls = set()
    for move in moves:
        after = state.apply(move)
        while not after.is_chance:
            after = after.apply(after.legal_moves()[0])
        rolls.add(after.sample_chance())
    assert len(rolls) == 1


@pytest.mark.slow
def test_the_clairvoyant_wins_a_seed_the_strong_bot_loses():
    import fl_ceiling

    g = game()
    assert not fl_ceiling.strong_game(g, 2, "first")
    final, playouts = fl_ceiling.clairvoyant_game(g, 2, "first")
    assert final.is_over and final.winners == (0,) and playouts > 1


def test_the_guided_game_and_the_examples_mark_every_rebuilt_rule_they_state():
    """A step that says a king climbs, an ace slides, a two swaps or an attack sends back by
    the difference states a reconstructed rule, and says so in its own words (the board's
    ruling tag adds "FL-11 (reconstructed)")."""
    rebuilt = re.compile(r"ladder|chute|swaps|by the difference|difference of")
    checked = 0
    for sc in [game().guide(), *EXAMPLES]:
        for step in (sc.intro, *(s.say for s in sc.steps)):
            if rebuilt.search(step):
                checked += 1
                assert "reconstructed" in step, (sc.id, step)
    assert checked >= 10
