"""Milk Run: a test per ruling (MR-1..MR-13) with each refusal path, the worked
examples' outcomes, the options and the bots."""

import random
import re
from html import unescape
from pathlib import Path

import pytest

import gamebox
from gamebox import reference
from gamebox.bots import RandomBot, bot_types, hint, make_bots, play
from gamebox.components import CODE_TEXT, Card, card_code
from gamebox.core import Outcome
from gamebox.games.milk_run import MilkRun
from gamebox.games.milk_run.bots import HeuristicBot, StrongBot
from gamebox.games.milk_run.examples import EXAMPLES, GUIDE
from gamebox.games.milk_run.moves import BLACK, RED, Draw
from gamebox.games.milk_run.rulings import AID
from gamebox.rng import Rng
from gamebox.rulings import Kind
from gamebox.svg import CARD_H, CARD_W, pick_tokens
from tests.helpers import refused

BY_ID = {sc.id: sc for sc in EXAMPLES}
ROOT = Path(__file__).resolve().parents[2]
RULES_PY = ROOT / "gamebox" / "games" / "milk_run" / "rules.py"
CHAPTER = ROOT / "book" / "md" / "milk_run.md"


def load(players=2, **options):
    return gamebox.load("milk-run", players=players, **options)


def at_play(hand="7♥ 5♥ K♥ A♠ JK 9♣ 2♣ Q♠", piles=(), players=2, **kw):
    """P0 to play its first card, holding ``hand``."""
    return load(players).setup(hands=[hand], piles=list(piles), step="play", **kw)


def hand_text(state, p):
    return sorted(str(Card.parse(t)) for t in state.to_data()["hands"][p].split())


# ------------------------------------------------------------------ components, deal


def test_mr1_one_deck_per_player_by_default():
    for n in (2, 3, 6):
        game = load(n)
        assert game.options.decks == n
        assert sum(game.components().values()) == 54 * n
        assert game.components()[Card.joker()] == 2 * n


def test_mr1_short_a_deck_is_allowed_but_not_none():
    game = load(4, decks=3)
    assert sum(game.components().values()) == 162
    assert game.start(1).components() == game.components()
    with pytest.raises(ValueError):
        load(2, decks=0)
    with pytest.raises(ValueError):
        load(1)
    with pytest.raises(ValueError):
        load(7)
    assert repr(game) == "gamebox.load('milk-run', players=4, decks=3)"


def test_mr2_deal_six_each_rest_is_stock_player_0_starts():
    state = load(3).start(5)
    assert [len(h) for h in state.hands] == [6, 6, 6]
    assert len(state.stock) == 3 * 54 - 18 and state.discard == ()
    assert state.current_player == 0 and state.phase == 0
    assert all(p == () for p in state.piles)


def test_mr3_six_piles_per_player_by_colour():
    state = at_play()
    assert len(state.piles) == 12
    refused(state, "7♥ → limit P0 black", "MR-7")  # a red card on the chocolate side
    refused(state, "K♥ → go P0 black", "MR-8")
    assert state.is_legal("7♥ → limit P0") and state.is_legal("9♣ → limit P1")


# ------------------------------------------------------------------------ a turn


def test_mr4_draw_two_from_stock():
    state = load().start(2)
    s = state.apply("draw stock").apply("draw stock")
    assert len(s.hands[0]) == 8 and s.phase == 2
    assert [str(m) for m in s.legal_moves()][-1].endswith("→ discard")


def test_mr4_stock_and_discard_in_either_order():
    state = at_play(hand="7♥ 5♥ K♥ A♠ JK 9♣ 2♣ Q♠", discard="3♦ 8♠")
    state = state.apply("2♣ → discard").apply("A♠ → discard")  # P1 to draw; top is A♠
    first = state.apply("draw discard")
    assert first.hands[1][-1] == card_code("A♠")
    assert first.legal_moves() == [first.parse_move("draw stock")]
    refused(first, "draw discard", "MR-4")  # never two from the discard pile
    second = state.apply("draw stock").apply("draw discard")
    assert second.hands[1][-1] == card_code("A♠") and second.phase == 2


def test_mr4_refusals_empty_discard_and_play_before_drawing():
    state = load().start(3)
    err = refused(state, "draw discard", "MR-4")
    assert "empty" in err.reason
    card = str(Card.parse(state.to_data()["hands"][0].split()[0]))
    refused(state, f"{card} → discard", "MR-4")
    refused(state.apply("draw stock"), f"{card} → discard", "MR-4")


def test_mr5_exactly_two_plays_then_the_next_player():
    state = at_play()
    refused(state, "draw stock", "MR-5")  # already drew two
    assert "the 3♦" in refused(state, "3♦ → discard", "MR-5").reason  # not in hand
    s = state.apply("JK → discard")
    assert s.current_player == 0 and s.phase == 3
    assert "play one more card" in refused(s, "draw stock", "MR-5").reason
    s = s.apply("A♠ → discard")
    assert s.current_player == 1 and s.phase == 0 and len(s.hands[0]) == 6 and s.turn == 2


def test_mr5_discarding_is_always_legal():
    state = at_play()
    for card in ["7♥", "5♥", "K♥", "A♠", "JK", "9♣", "2♣", "Q♠"]:
        assert state.is_legal(f"{card} → discard")


def test_mr6_only_the_top_discard_is_reachable():
    s = BY_ID["mr-discard"].states()
    after_discards = s[2]
    assert [str(Card.parse(t)) for t in after_discards.to_data()["discard"].split()][-2:] == [
        "K♠",
        "9♥",
    ]
    took = s[3]
    assert took.hands[1][-1] == card_code("9♥")
    refused(took, "draw discard", "MR-4")


# ------------------------------------------------------------------------ the piles


def test_mr7_limit_piles_take_number_cards_of_their_colour_on_anyone():
    state = at_play()
    assert state.is_legal("7♥ → limit P0") and state.is_legal("7♥ → limit P1")
    assert state.is_legal("2♣ → limit P1")
    refused(state, "K♥ → limit P0", "MR-7")
    refused(state, "A♠ → limit P1", "MR-7")
    refused(state, "9♣ → limit P0 red", "MR-7")
    s = state.apply("2♣ → limit P1")
    assert s.limit(1, BLACK) == 2 and s.limit(1, RED) == 5


def test_mr7_delivery_limit_empty_is_five():
    state = at_play(hand="6♥ 5♥ 6♠ 3♠ 9♠ 2♦ 4♦ 8♣", piles=[{"red go": "K♥", "black go": "J♠"}])
    assert state.limit(0, RED) == 5
    refused(state, "6♥ → column", "MR-7")
    assert state.is_legal("5♥ → column")
    s = at_play(hand="6♠ 9♠", piles=[{"black go": "J♠", "black limit": "9♣ 6♣"}])
    assert s.is_legal("6♠ → column")
    err = refused(s, "9♠ → column", "MR-7")
    assert "6♣" in err.reason


def test_mr8_face_cards_on_empty_ace_or_joker_aces_on_face_cards():
    piles = [{"red go": "Q♥ A♦", "black go": "J♠"}, {"red go": "K♦", "black go": "Q♣ JK"}]
    state = at_play(hand="K♥ J♦ A♥ A♠ Q♣ K♠ 7♥ JK", piles=piles)
    assert state.is_legal("K♥ → go P0")  # on an ace
    assert state.is_legal("Q♣ → go P1")  # on a joker
    assert state.is_legal("A♥ → go P1")  # ace on a face card
    assert state.is_legal("A♠ → go P0")  # MR-13: on your own face card too
    refused(state, "K♠ → go P0", "MR-8")  # face on face
    refused(state, "A♥ → go P0", "MR-8")  # ace on an ace
    refused(state, "A♠ → go P1", "MR-8")  # ace on a joker
    refused(state, "7♥ → go P0", "MR-8")  # number card
    refused(state, "K♥ → go P1 black", "MR-8")  # wrong colour
    empty = at_play(hand="A♥ K♥")
    assert empty.is_legal("K♥ → go P1")
    refused(empty, "A♥ → go P1", "MR-8")  # an empty Go pile is already "stop"
    assert not empty.is_go(1, RED)


def test_mr9_deliveries_only_own_column_under_go_within_limit():
    state = at_play(hand="4♥ 4♠ K♥ 8♣ 2♦ 3♦ A♣ Q♠", piles=[{"red go": "J♥", "black go": "K♠ A♣"}])
    assert state.is_legal("4♥ → column")
    err = refused(state, "4♠ → column", "MR-9")  # stop: an ace shows
    assert "A♣" in err.reason and "stop" in err.reason
    refused(state, "4♥ → column P1", "MR-9")  # someone else's column
    refused(state, "K♥ → column", "MR-9")  # not a number card
    refused(state, "4♥ → column black", "MR-9")  # wrong colour
    s = state.apply("4♥ → column")
    assert s.total(0, RED) == 4 and s.scores == (4, 0)


def test_mr10_joker_steals_with_all_three_conditions():
    steal = BY_ID["mr-steal"]
    states = steal.states()
    start, after = states[0], states[1]
    refused(start, "JK → go P1 red", "MR-10")  # own red go shows an ace
    assert after.total(0, BLACK) == 13 and after.total(1, BLACK) == 5
    assert after.stolen == card_code("3♠")
    assert not after.is_go(1, BLACK)
    before_k = states[4]
    err = refused(before_k, "JK → go P0 red", "MR-10")  # 10♦ above own limit 9
    assert "10♦" in err.reason
    refused(before_k, "JK → go P0 black", "MR-10")  # own black go shows a joker
    final = states[-1]
    assert final.total(0, BLACK) == 10 and final.total(1, BLACK) == 8


def test_mr10_empty_column_just_stops_and_own_go_is_a_plain_stop():
    piles = [{"red go": "Q♥", "red column": "5♥"}, {"red go": "K♦"}]
    state = at_play(hand="JK 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣", piles=piles)
    s = state.apply("JK → go P1 red")
    assert not s.is_go(1, RED) and s.total(0, RED) == 5 and s.stolen == -1
    s = state.apply("JK → go P0 red")
    assert not s.is_go(0, RED) and s.total(0, RED) == 5
    # a joker needs a face card under it; and needs your own go even with nothing to steal
    lone = at_play(hand="JK 2♣", piles=[{"red go": "A♥"}, {"red go": "K♦"}])
    refused(lone, "JK → go P0 red", "MR-10")
    refused(lone, "JK → go P1 red", "MR-10")
    with pytest.raises(ValueError):
        lone.parse_move("JK → go P1")  # a joker has no colour: say which pile


def test_mr11_win_checked_after_every_card_including_a_steal():
    win = BY_ID["mr-win"].states()
    assert win[-1].is_over and win[-1].winners == (0,) and win[-1].scores[0] == 60
    assert win[-1].outcome == Outcome(
        (0,), win[-1].scores, "P0 delivered 30 in both colours (MR-11)"
    )
    assert gamebox.from_json(win[-1].to_json()).outcome == win[-1].outcome
    refused(win[-1], "3♣ → column", "MR-11")
    piles = [
        {
            "red go": "K♥",
            "red column": "10♥ 10♦ 10♥",
            "black go": "Q♠",
            "black limit": "9♠",
            "black column": "10♠ 10♣ 2♠",
        },
        {"black go": "J♣", "black column": "9♣ 2♣ 9♣"},
    ]
    s = at_play(hand="JK 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥", piles=piles)
    assert not s.is_over
    s = s.apply("JK → go P1 black")  # the steal itself wins: 22 + 9 = 31
    assert s.winner == 0 and s.total(0, BLACK) == 31 and s.total(1, BLACK) == 11


def test_mr11_a_steal_can_drop_the_victim_below_30():
    s = BY_ID["mr-footnote"].states()[-1]
    assert s.total(0, BLACK) == 20 and s.total(1, BLACK) == 18 and not s.is_over


def test_mr12_stock_rebuilt_from_under_the_tops_and_the_old_discards():
    piles = [
        {"red limit": "2♥ 3♥ 4♥", "red go": "K♥ A♥ Q♥", "black go": "J♠"},
        {"black limit": "5♣ 9♣"},
    ]
    game = load(2, decks=2)
    s = game.setup(
        hands=["2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦"],
        piles=piles,
        step="second play",
        stock_top="",
        rest="discard",
        discard="A♦ Q♦ K♦",
    )
    assert s.stock == () and len(s.discard) > 3
    under = len(s.discard) - 3 + 2 + 2 + 1
    s2 = s.apply("2♦ → discard")  # P1 must draw: the stock is rebuilt
    assert len(s2.stock) == under + 1 and s2.rebuilds == 1
    assert s2.to_data()["discard"].split() == ["Q♦", "K♦", "2♦"]
    assert s2.pile(0, RED, 0) == (card_code("4♥"),) and s2.pile(0, RED, 1) == (card_code("Q♥"),)
    assert s2.pile(1, BLACK, 0) == (card_code("9♣"),)
    assert s2.components() == game.components()


def test_mr12_drawn_when_the_stock_stays_empty():
    s = load().setup(hands=["2♦ 3♦"], step="second play", rest="discard", discard="4♦ 5♦ 6♦")
    s.discard = s.discard[-2:]  # white box: nothing left to rebuild from (breaks conservation)
    end = s.apply("2♦ → discard")
    assert end.is_over and end.drawn and end.winners == () and end.current_player == -1
    assert end.outcome.reason == "the stock ran out for good: a draw (MR-12)"
    refused(end, "draw stock", "MR-12")
    assert "drawn" in end.summary()


def test_mr12_drawn_as_soon_as_the_rebuilt_stock_is_empty():
    """One deck, every Limit and Go pile a single card, three discards: the rebuild at
    P0's second draw finds nothing, and the game is drawn although the top discard
    could still be taken (house rule)."""
    piles = [
        {
            "red limit": "10♥",
            "red go": "K♥",
            "red column": "2♥ 3♥ 4♥ 5♥ 6♥ 7♥",
            "black limit": "10♠",
            "black go": "K♠",
            "black column": "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 3♣ 4♣",
        },
        {
            "red limit": "10♦",
            "red go": "K♦",
            "red column": "8♥ 9♥ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦",
            "black limit": "10♣",
            "black go": "K♣",
            "black column": "2♣ 5♣ 6♣ 7♣ 8♣",
        },
    ]
    hands = ["A♥ A♠ Q♥ Q♠ J♥ J♠", "A♦ A♣ Q♦ Q♣ J♦ J♣"]
    s = load(2, decks=1).setup(hands=hands, piles=piles, discard="2♦ 9♣ JK", stock_top="JK")
    assert not s.is_over and s.stock == (card_code("JK"),)
    end = s.apply("draw stock")  # the last stock card: the second draw finds it empty
    assert end.rebuilds == 1 and end.stock == () and len(end.discard) == 3
    assert end.is_over and end.drawn and end.winners == () and end.legal_moves() == []
    refused(end, "draw discard", "MR-12")


def test_mr13_deliver_after_30_and_ace_on_your_own_go():
    piles = [{"black go": "K♠", "black column": "10♠ 10♣ 10♠", "black limit": "10♣"}]
    s = at_play(hand="4♠ A♠ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥", piles=piles)
    assert s.is_legal("4♠ → column") and s.is_legal("A♠ → go P0")
    guarded = s.apply("A♠ → go P0")
    assert not guarded.is_go(0, BLACK)
    s2 = BY_ID["mr-footnote"].states()
    refused(s2[4], "JK → go P0 black", "MR-10")


# --------------------------------------------------------------- text forms, data


def test_move_text_forms_parse_back():
    s = at_play()
    for text in ("7♥ → limit P1", "K♥ → go P0", "JK → go P1 black", "2♣ → discard"):
        assert str(s.parse_move(text)) == text
    assert str(s.parse_move("7h -> limit p1")) == "7♥ → limit P1"
    assert str(s.parse_move("5♥ → column P0")) == "5♥ → column"
    assert str(s.parse_move("5♥ → column P1")) == "5♥ → column P1"
    for bad in ("play 7♥", "7♥ → discard P1", "7♥ → limit P9", "draw deck"):
        with pytest.raises(ValueError):
            s.parse_move(bad)
    assert s.check("nonsense").rule == "MR-0"


def test_json_round_trip_and_text_board():
    for sc in EXAMPLES:
        for state in sc.states():
            game = state.game
            again = game.state_from_json(state.to_json())
            assert again == state and again.legal_moves() == state.legal_moves()
            assert str(state).startswith("Milk Run, turn")


def test_setup_refuses_too_many_copies_of_a_card():
    with pytest.raises(ValueError):
        load(2, decks=1).setup(hands=["A♠ A♠"])
    with pytest.raises(ValueError):
        load().setup(piles=[{"blue limit": "2♥"}])


# ------------------------------------------- impossible positions, foreign moves (issue 14)


def test_setup_refuses_more_hands_than_players():
    with pytest.raises(ValueError, match="3 hands for 2 players"):
        load(2).setup(hands=["7♥", "8♥", "9♥"])
    with pytest.raises(ValueError, match="no seat 2"):
        load(2).setup(hands={2: "7♥"})
    with pytest.raises(ValueError, match="3 piles for 2 players"):
        load(2).setup(piles=[{}, {}, {"red limit": "7♥"}])
    assert load(3).setup(hands=["7♥", "8♥", "9♥"]).hands[2] == (card_code("9♥"),)


@pytest.mark.parametrize("player", [7, 2, -1, True, "1"])
def test_setup_refuses_a_seat_that_does_not_exist(player):
    with pytest.raises(ValueError, match="not one of the 2 seats"):
        load(2).setup(player=player)


@pytest.mark.parametrize(
    ("position", "problem"),
    [
        ({"hands": ["7♥ 8♥ 9♥ 10♥ 2♥ 3♥ 4♥ 5♥ 6♥"]}, "at most 8"),
        ({"step": "third play"}, "step is one of"),
        ({"step": 4}, "step is one of"),
        ({"step": True}, "step is one of"),
        ({"took_discard": True}, "nothing was drawn"),
        ({"took_discard": "yes", "step": "play"}, "True or False"),
        ({"turn": 0}, "turn counts from 1"),
        ({"piles": [{"red limit": "K♥"}]}, "K♥ cannot be on P0's red Limit pile"),
        ({"piles": [{"black go": "J♥"}]}, "J♥ cannot be on P0's black Go pile"),
        ({"piles": [{"red column": "A♥"}]}, "A♥ cannot be on P0's red Delivery column"),
        ({"hands": [7]}, "cards written as text"),
        ({"piles": ["red limit"]}, "mapping"),
        ({"rest": "hand"}, "rest is"),
    ],
)
def test_setup_refuses_impossible_positions(position, problem):
    with pytest.raises((ValueError, TypeError), match=problem):
        load(2, decks=2).setup(**position)


def test_setup_refuses_two_players_at_30_and_records_a_single_winner():
    full = {"red column": "10♥ 10♦ 10♥", "black column": "10♠ 10♣ 10♠"}
    won = load(2).setup(piles=[full], step="play")
    assert won.winners == (0,) and won.is_over
    refused(won, "draw stock", "MR-11")
    both = {"red column": "10♦ 10♥ 10♦", "black column": "10♣ 10♠ 10♣"}
    with pytest.raises(ValueError, match="MR-11"):
        load(2, decks=3).setup(piles=[full, both])


def test_moves_made_for_another_player_count_or_card_are_refused_not_crashes():
    from gamebox.games.milk_run.moves import COLUMN, DISCARD, GO, LIMIT, Draw, Play

    state = at_play()  # two players
    seven = card_code("7♥")
    for move in (
        Play(seven, LIMIT, 5, RED),  # P5 of a six-player game
        Play(seven, GO, 3, RED),
        Play(seven, LIMIT, 9, RED),
        Play(seven, LIMIT, -4, RED),
        Play(99, DISCARD),  # no such card
        Play(-1, DISCARD),
        Play(seven, 7, 0, RED),  # no such pile
        Play(seven, LIMIT, 1, 5),  # no such colour
        Play(seven, LIMIT, 1, -1),
        Play(seven, LIMIT),  # no owner
        Play(seven, DISCARD, 1, RED),
        Play(seven, COLUMN, 0, RED),  # the mover's own seat written out
        Draw("deck"),
    ):
        err = state.check(move)
        assert err is not None and re.match(r"^MR-\d+$", err.rule) and err.reason, move
        with pytest.raises(gamebox.IllegalMove):
            state.apply(move)
        assert str(move) and repr(move)
    assert "P5" in state.check(Play(seven, LIMIT, 5, RED)).reason
    for move in (
        Play(seven, LIMIT, 5, RED),
        Play(99, DISCARD),
        Play(seven, 7, 0, RED),
        Draw("deck"),
    ):
        assert state.check(move).rule == "MR-0", move  # malformed: refused before any rule
    assert str(Play(99, DISCARD)).startswith("no such play")
    for fields in ((True, DISCARD), (1.0, DISCARD), ([], DISCARD), (seven, LIMIT, "1", RED)):
        with pytest.raises(TypeError):
            Play(*fields)  # True would pass for the 2♣'s code 1
    with pytest.raises(TypeError):
        Draw(None)


def test_decks_are_bounded_and_typed():
    for decks in (10**9, 7, 0, -1):
        with pytest.raises(ValueError, match="from 1 to 6"):
            load(2, decks=decks)
    for decks in (2.0, True, "2"):
        with pytest.raises(TypeError):
            load(2, decks=decks)
    assert load(2, decks=6).options.decks == 6 and load(5).options.decks == 5
    (info,) = MilkRun.options_type.describe()
    assert info["rule"] == "MR-1" and info["doc"]


def test_corrupted_positions_are_refused():
    good = at_play().to_dict()

    def corrupted(**change):
        data = {**good, "position": {**good["position"], **change}}
        return gamebox.from_json(data)

    assert corrupted() == at_play()
    for change, problem in (
        ({"winner": 1}, "MR-11"),  # a winner the columns do not show
        ({"drawn": True}, "MR-12"),
        ({"step": 9}, "step"),
        ({"hands": good["position"]["hands"] * 2}, "2 hands"),
        ({"stolen": "K♠"}, "MR-10"),
        ({"stolen": 3}, "stolen"),
        ({"piles": [{"red limit": "7♥"}, {}]}, "six"),
        ({"stock": ""}, "pieces"),
    ):
        with pytest.raises(ValueError, match=problem):
            corrupted(**change)


# --------------------------------------------------------------------- examples


@pytest.mark.parametrize("scenario", EXAMPLES, ids=[sc.id for sc in EXAMPLES])
def test_examples_replay_like_the_generic_suite(scenario):
    assert scenario.game == "milk-run"
    frames = scenario.frames()
    assert len(frames) == len(scenario.steps) + 1
    for rule in scenario.all_rules():
        assert re.match(r"^MR-\d+$", rule)
    for frame, step, state in zip(frames[1:], scenario.steps, scenario.states()[1:], strict=True):
        assert frame["svg"] == state.board_html()
        if step.ask:
            choices = frame["ask"]["choices"]
            assert any(not c["legal"] for c in choices)
            assert all(c["legal"] for c in choices if c["taken"])


def test_example_deal_first_turn():
    states = BY_ID["mr-deal"].states()
    assert states[0] == load().start(6)
    after = states[4]
    assert after.is_go(0, RED) and after.total(0, RED) == 5
    final = states[-1]
    assert not final.is_go(0, RED) and final.limit(1, RED) == 10 and final.current_player == 0


def test_example_win_verdicts():
    sc = BY_ID["mr-win"]
    start = sc.states()[0]
    assert start.total(0, RED) == 31 and start.total(0, BLACK) == 24
    assert start.check("9♣ → column").rule == "MR-7"
    assert not start.apply("3♣ → column").is_over  # 27: not yet
    assert start.apply("6♠ → column").winner == 0


def test_example_limit_outcome():
    states = BY_ID["mr-limit"].states()
    assert states[2].total(0, BLACK) == 12 and states[2].total(0, RED) == 7
    assert states[-1].limit(0, BLACK) == 3 and states[-1].limit(1, RED) == 10


def test_example_discard_outcome():
    final = BY_ID["mr-discard"].states()[-1]
    assert final.limit(1, RED) == 9 and final.limit(0, RED) == 2
    assert str(Card.parse(final.to_data()["discard"].split()[-1])) == "K♠"


def test_example_footnote_outcome():
    states = BY_ID["mr-footnote"].states()
    guarded = states[2]
    assert guarded.total(0, BLACK) == 30 and not guarded.is_go(0, BLACK)
    assert states[-1].total(0, BLACK) == 20 and states[-1].stolen == card_code("10♠")


def _narrated_card(state, step):
    """How a narration names the card a step's move put down or drew."""
    move = state.parse_move(step.move)
    code = state.apply(move).hands[state.player][-1] if isinstance(move, Draw) else move.code
    return "joker" if code == card_code("JK") else CODE_TEXT[code]


@pytest.mark.parametrize("scenario", EXAMPLES, ids=[sc.id for sc in EXAMPLES])
def test_every_step_names_the_card_that_moved_and_where(scenario):
    states = scenario.states()
    where = re.compile(r"Limit pile|Go pile|Delivery column|discard pile|stock")
    for before, step in zip(states[:-1], scenario.steps, strict=True):
        card = _narrated_card(before, step)
        assert card in step.say, f"{scenario.id} {step.move}: {step.say}"
        assert where.search(step.say), f"{scenario.id} {step.move}: {step.say}"


# ---------------------------------------------------------------------- rulings


def test_rulings_table_is_complete_and_says_where_each_rule_is_taught():
    table = MilkRun.rulings()
    assert list(table) == [f"MR-{i}" for i in range(15)]
    raised = set(re.findall(r'"(MR-\d+)"', RULES_PY.read_text(encoding="utf-8")))
    assert raised <= set(table)
    kinds = {r.id: r.kind for r in table.values() if r.kind is not Kind.SOURCE}
    assert kinds == {
        "MR-1": Kind.INFERRED,  # the source's "short a deck" read as 1 to 6 decks
        "MR-2": Kind.INFERRED,
        "MR-9": Kind.INFERRED,
        "MR-10": Kind.INFERRED,
        "MR-0": Kind.HOUSE,
        "MR-12": Kind.HOUSE,
        "MR-14": Kind.HOUSE,
    }


def test_mr1_is_the_projects_reading_of_short_a_deck():
    ruling = MilkRun.rulings()["MR-1"]
    assert ruling.tag == "MR-1 (inferred)" and "short a deck" in ruling.source
    assert load(4, decks=1).options.decks == 1 and load(2, decks=6).options.decks == 6


def test_questions_are_short_answers_tied_to_rulings_of_the_table():
    table = MilkRun.rulings()
    asked = reference.questions("milk-run")
    assert 7 <= len(asked) <= 9
    assert len({q.question for q in asked}) == len(asked)
    for q in asked:
        assert q.question.endswith("?") and set(q.rulings) <= set(table), q
        assert 1 <= len(re.findall(r"[.!?](?:\s|$)", q.answer)) <= 2, q.answer
        assert len(q.answer) <= 160, q.answer  # the player aid stays one page
    aid = reference.aid_page("milk-run")
    assert aid.count("\n- **") == len(asked) and "(MR-9, inferred)" in aid


def test_questions_answers_hold_on_the_table():
    """The positions behind the answers: the engine agrees with each."""
    empty_limit = at_play(hand="5♥ 6♥ Q♥ 2♣ 3♣ 4♣ 9♣ A♠", piles=[{"red go": "K♥"}])
    assert empty_limit.is_legal("5♥ → column")
    refused(empty_limit, "6♥ → column", "MR-7")
    assert empty_limit.is_legal("2♣ → limit P1")  # a low card on a rival's Limit pile
    refused(at_play(), "5♥ → column", "MR-9")  # an empty Go pile is a stop
    on_face = at_play(hand="K♥ A♥ 2♣ 3♣ 4♣ 9♣ JK A♠", piles=[{}, {"red go": "Q♥"}])
    refused(on_face, "K♥ → go P1", "MR-8")
    assert on_face.is_legal("A♥ → go P1")
    refused(on_face, "JK → go P1 red", "MR-10")  # our own red Go pile is empty
    black = {"black go": "K♣", "black limit": "9♠", "black column": "10♠ 10♣ 4♠"}
    won = at_play(hand="6♠ 2♣", piles=[{"red column": "10♥ 10♦ 10♥", **black}])
    assert won.apply("6♠ → column").is_over  # no second card to play


# ------------------------------------------------------------------------ the chapter

#: A code cell of the chapter: its tags line (if any) and its source.
CELL = re.compile(r"```\{code-cell\} ipython3\n(?::tags: \[([^\]]*)\]\n)?\n?(.*?)```", re.S)


def _cells():
    return [
        ([t.strip() for t in tags.split(",") if t.strip()], code)
        for tags, code in CELL.findall(CHAPTER.read_text(encoding="utf-8"))
    ]


def _unbound_names(code: str) -> set[str]:
    """The global names ``code`` reads and never binds itself (nor are builtins)."""
    import builtins
    import symtable

    top = symtable.symtable(code, "cell", "exec")
    bound = {s.get_name() for s in top.get_symbols() if s.is_assigned() or s.is_imported()}
    bound |= {t.get_name() for t in top.get_children()}
    read: set[str] = set()
    tables = [top]
    while tables:
        table = tables.pop()
        tables += table.get_children()
        for sym in table.get_symbols():
            if sym.is_referenced() and (table is top or sym.is_global()):
                read.add(sym.get_name())
    return read - bound - set(dir(builtins))


def test_the_chapter_shows_no_python_a_reader_does_not_need():
    cells = _cells()
    assert len(cells) >= 12
    for tags, code in cells:
        shown = "hide-input" if "def study" in code else "remove-input"
        assert shown in tags, code[:60]  # only the study's code can be opened, folded
        assert not _unbound_names(code), code[:60]  # every cell runs on its own
    assert ["remove-input", "nbval-ignore-output"] in [tags for tags, _ in cells]


def test_the_chapter_teaches_goal_table_turn_special_cases_then_play():
    text = CHAPTER.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings == [
        "The cards and the deal", "A turn", "The piles, one by one", "Winning",
        "When the stock runs out", "Play a game", "Options", "By the numbers",
        "Common mistakes and questions", "Rulings", "Sources and credits",
    ]  # fmt: skip
    assert text.index("Quick start") < text.index("## The cards and the deal")
    mistakes = text.split("## Common mistakes and questions", 1)[1].split("## Rulings")[0]
    assert [code.strip() for _, code in CELL.findall(mistakes)] == [
        'from gamebox.reference import questions_section\n\nquestions_section("milk-run")'
    ]
    # the source's crammed Go-pile cell is now a table of which card goes where
    where = text.split("| card | where it may go |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split("|")[1].strip() for line in where.strip().splitlines()[1:]]
    assert rows == ["number card, 2 to 10", "face card (J, Q, K)", "ace", "joker", "any card"]


def test_the_chapter_labels_every_reading_that_is_not_the_sources():
    table = MilkRun.rulings()
    prose = CELL.sub("", CHAPTER.read_text(encoding="utf-8"))
    own = {rid: r.kind.label for rid, r in table.items() if r.kind is not Kind.SOURCE}
    mentions = re.findall(r"(MR-\d+)\b(.{0,30})", " ".join(prose.split()))
    assert {rid for rid, _ in mentions} >= set(own)  # each is stated in the chapter...
    for rid, after in mentions:
        if rid in own and not after.startswith((" on the [Rulings page]", " to MR-")):
            assert after.startswith(f", {own[rid]}"), f"{rid}{after}"  # ...and labelled


def test_the_sources_table_custom_is_taught_as_a_custom():
    text = " ".join(CHAPTER.read_text(encoding="utf-8").split())
    assert "lay that card sideways" in text and "a custom rather than a rule" in text
    assert any("sideways" in line and "(MR-11)" in line for line in AID.scoring)


# ------------------------------------------------------------------------ bots


def test_heuristic_beats_random():
    game = load()
    wins = 0
    for seed in range(12):
        bots = [HeuristicBot(seed), RandomBot(seed + 100)]
        if seed % 2:
            bots.reverse()
        final = play(game, seed, bots)
        hero = 0 if seed % 2 == 0 else 1
        wins += final.winners == (hero,)
    assert wins >= 11


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_games_finish_in_reasonable_time(players):
    game = load(players)
    for seed in range(3):
        final = play(game, seed, make_bots(game, "heuristic", seed), max_moves=6000)
        assert final.is_over and final.winners


def test_bots_registered():
    assert set(bot_types(load())) == {"random", "heuristic", "strong"}
    assert MilkRun.examples() == EXAMPLES


def test_picks_name_the_card_then_the_pile_and_the_board_tags_them():
    state = load().start(1).apply("draw stock").apply("draw stock")
    picks = {str(m): state.picks(m) for m in state.legal_moves()}
    some = next(text for text in picks if text.endswith("→ discard"))
    assert picks[some] == (some.split(" → ")[0], "discard")
    assert len(set(map(frozenset, picks.values()))) == len(picks), "two moves, same picks"
    tokens = pick_tokens(state.svg(viewer=0))
    assert {"stock", "discard", "limit P1 red", "go P0 black", "column P0 red"} <= tokens
    assert state.picks(state.parse_move("draw stock")) == ("stock",)


def test_the_board_for_a_viewer_shows_their_hand_not_the_movers():
    state = load().start(1)
    while state.player != 1:
        state = state.apply(state.legal_moves()[0])
    mine = state.describe(0).splitlines()[-1]
    assert mine.startswith("P0 holds") and str(state).splitlines()[-1].startswith("P1 holds")
    board = state.svg(viewer=0)
    assert "P0&#x27;s hand" in board and "P1&#x27;s hand" not in board
    assert "P1 holds" not in board


#: A piece a board tags, with its hit rect (in its area's coordinates), and a line of text.
HIT = re.compile(
    r'<g data-pick="([^"]*)"><rect class="hit" x="([^"]*)" y="([^"]*)" '
    r'width="([^"]*)" height="([^"]*)"/>'
)
TEXT = re.compile(
    r'<text x="([^"]*)" y="[^"]*" font-size="([^"]*)" text-anchor="start"[^>]*?'
    r'(?: class="([^"]*)")?[^>]*>([^<]*)</text>'
)


def _hits(area):
    """Each piece ``area`` tags: its token and its hit rect (x, y, w, h)."""
    return {unescape(token): tuple(map(float, box)) for token, *box in HIT.findall(area.body)}


def _apart(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay


def test_the_board_is_areas_a_phone_reads_in_turn_order_with_whole_pieces_to_tap():
    long_red = "2♥ 2♦ 3♥ 3♦ 2♥ 3♥ 4♦ 2♦ 4♥ 3♦ 2♦"
    piles = [
        {"black go": "K♠", "black limit": "10♠", "red column": long_red},
        {"black go": "Q♣", "black column": "10♣ 10♠ 9♠"},
    ]
    before = at_play(hand="JK 7♥ 5♥ K♥ A♠ 9♣ 2♣ Q♠", piles=piles, players=3)
    state = before.apply("JK → go P1 black")  # P0 steals the 9♠: a long last move
    board = state.areas(viewer=0)
    assert [area.name for area in board.areas] == [
        "the turn, the stock and the discard pile", "your hand",
        "P0's panel", "P1's panel", "P2's panel",
    ]  # fmt: skip
    assert state.areas().areas[1].name == "P0's hand"  # the teaching view: the mover's
    turn, hand = board.areas[:2]
    assert set(_hits(turn)) == {"stock", "discard"}  # the draw piles, next to the hand
    # the hand's seven cards whole, in two rows, and no two hit areas overlap anywhere
    cards = _hits(hand)
    assert set(cards) == {CODE_TEXT[c] for c in state.hands[0]} and len(cards) == 7
    assert len({y for _, y, _, _ in cards.values()}) == 2
    for area in board.areas:
        boxes = list(_hits(area).values())
        for i, (x, y, w, h) in enumerate(boxes):
            assert 0 <= x <= x + w <= area.width and 0 <= y <= y + h <= area.height
            assert all(_apart(boxes[i], other) for other in boxes[i + 1 :]), area.name
    # an empty place is tapped anywhere on its outline: a card's slot, 2 px beyond it
    slot = (CARD_W + 4.0, CARD_H + 4.0)
    assert _hits(turn)["discard"][2:] == slot and _hits(board.areas[4])["column P2 red"][2:] == slot
    # the long last move is wrapped whole, every line inside the area at 0.6 em a letter
    lines = [
        (float(x), float(size), cls, unescape(t)) for x, size, cls, t in TEXT.findall(turn.body)
    ]
    assert all(x + 0.6 * size * len(t) <= turn.width for x, size, _, t in lines)
    last = [t for _, size, cls, t in lines if size == 12 and cls == "muted"]
    assert len(last) == 2 and " ".join(last) == "last move: P0 JK → go P1 black (stole the 9♠)"


def test_only_the_drawers_hand_outlines_the_card_drawn():
    hands = ["7♥ 6♥ 2♣ 3♣ 4♣ 5♣", "8♦ 9♦ 2♠ 3♠ 4♠ 5♠"]
    state = load().setup(hands=hands, stock_top="7♥", player=1).apply("draw stock")
    drawer, other = (state.areas(viewer=seat).areas[1].body for seat in (1, 0))
    assert drawer.count('class="hl"') == 1 and 'class="hl"' not in other


def test_a_finished_game_shows_no_hand():
    black = {"black go": "K♣", "black limit": "9♠", "black column": "10♠ 10♣ 4♠"}
    won = at_play(hand="6♠ 2♣", piles=[{"red column": "10♥ 10♦ 10♥", **black}])
    state = won.apply("6♠ → column")
    assert state.is_over
    names = [area.name for area in state.areas(viewer=0).areas]
    assert names == ["the turn, the stock and the discard pile", "P0's panel", "P1's panel"]


# --------------------------------------------------------- guided game, advice, strong bot


def test_guide_replays_and_shows_the_aids_main_rulings():
    assert MilkRun.guide() is GUIDE and GUIDE.seat == 0
    states = GUIDE.states()
    mine = [
        (st, before) for st, before in zip(GUIDE.steps, states, strict=False) if before.player == 0
    ]
    assert 8 <= len(mine) <= 15
    for step, before in mine:
        assert step.say and step.rules and step.nudge
        assert before.is_legal(step.move) and hint(before).move in before.legal_moves()
    cited = set(re.findall(r"MR-\d+", " ".join((AID.goal, *AID.turn))))
    assert cited and cited <= set(GUIDE.all_rules()) <= set(MilkRun.rulings())
    final = states[-1]
    assert final.total(0, RED) == 9 and final.total(1, RED) == 0 and not final.is_over


def _advised_positions(games=2, every=3):
    game = load()
    for seed in range(games):
        state = game.start(seed)
        bots = [HeuristicBot(1), HeuristicBot(2)]
        while not state.is_over:
            if len(state.history) % every == 0:
                yield state
            state = state.apply(bots[state.player].choose(state))


def test_advice_is_one_sentence_naming_a_ruling_of_the_table():
    rulings = MilkRun.rulings()
    seen = set()
    for state in _advised_positions():
        for bot in (HeuristicBot(3), StrongBot(3)):
            advice = bot.advise(state)
            assert advice.move in state.legal_moves()
            assert advice.rule in rulings, advice
            text = advice.reason
            assert text[0].isupper() and text.endswith(".") and ". " not in text, text
            seen.add(advice.rule)
    assert {"MR-4", "MR-7", "MR-8", "MR-9"} <= seen


def test_heuristic_advice_says_what_its_move_does():
    state = at_play(piles=[{"red go": "K♥"}])
    advice = HeuristicBot(0).advise(state)
    assert str(advice.move) == "5♥ → column" and advice.rule == "MR-9"
    assert "5♥" in advice.reason and "5 of the 30" in advice.reason


def _reshuffled(state, seed):
    """``state`` with the cards its player cannot see (the other hands and the stock)
    dealt again at random, and another generator for the stock's rebuilds."""
    data = state.to_data()
    others = [q for q in range(state.n) if q != state.player]
    hidden = [t for q in others for t in data["hands"][q].split()] + data["stock"].split()
    random.Random(seed).shuffle(hidden)
    for q in others:
        size = len(state.hands[q])
        data["hands"][q], hidden = " ".join(hidden[:size]), hidden[size:]
    data["stock"] = " ".join(hidden)
    return state.game.state_from_data(data, Rng(seed))


@pytest.mark.parametrize("seed", range(4))
def test_strong_bot_never_reads_what_its_seat_cannot_see(seed):
    game = load()
    state = game.start(seed)
    bots = [HeuristicBot(1), HeuristicBot(2)]
    checked = 0
    while not state.is_over and checked < 6:
        if len(state.history) % 7 == 0:
            other = _reshuffled(state, seed + 100)
            assert other.hands[1 - state.player] != state.hands[1 - state.player]
            assert other.stock != state.stock
            assert StrongBot(5).advise(other) == StrongBot(5).advise(state)
            checked += 1
        state = state.apply(bots[state.player].choose(state))
    assert checked == 6


def test_strong_bot_plays_a_whole_game():
    game = load()
    final = play(game, 11, [StrongBot(1), HeuristicBot(2)])
    assert final.is_over and final.winners
