"""Spite and Malice: one test per ruling (SM-1..SM-17), the worked examples, bots."""

import dataclasses
import itertools
import json
import re
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest

import gamebox
from gamebox.bots import RandomBot, hint, make_bots, play
from gamebox.components import (
    CODE_RANK,
    JOKER_CODE,
    Card,
    Rank,
    Suit,
    card_code,
    card_codes,
    codes_text,
)
from gamebox.games.spite_and_malice import SpiteAndMalice
from gamebox.games.spite_and_malice.bots import HeuristicBot, chain_to_payoff
from gamebox.games.spite_and_malice.moves import (
    NEW,
    Place,
    Play,
    Stuck,
    in_hand_order,
    parse_move,
)
from gamebox.games.spite_and_malice.rules import SpiteAndMaliceOptions
from gamebox.rulings import Kind
from gamebox.svg import pick_tokens
from tests.helpers import refused

GAME = gamebox.load("spite-and-malice")
ROOT = Path(__file__).resolve().parents[2]
ENGINE = [ROOT / f"gamebox/games/spite_and_malice/{name}.py" for name in ("rules", "position")]
CHAPTER = ROOT / "book/md/spite_and_malice.md"
EMPTY_ROWS = ["", "", "", ""]
EX = {sc.id: sc for sc in SpiteAndMalice.examples()}


def pos(**kw):
    """A position: P0 to move unless said otherwise."""
    kw.setdefault("payoff", ["9♣", "10♠"])
    kw.setdefault("payoff_sizes", [10, 10])
    kw.setdefault("hands", ["5♦ 6♦ 8♥ Q♣ K♠", "3♠ 8♦ J♣ K♣ 4♥"])
    kw.setdefault("rows", [EMPTY_ROWS, EMPTY_ROWS])
    kw.setdefault("player", 0)
    return GAME.setup(**kw)


def moves(state):
    return [str(m) for m in state.legal_moves()]


# ------------------------------------------------------------------ components, deal


def test_sm1_two_players_two_decks_and_jokers():
    assert GAME.players == 2 and GAME.options.jokers == 2
    with pytest.raises(ValueError):
        gamebox.load("spite-and-malice", players=3)
    comps = GAME.components()
    assert sum(comps.values()) == 106
    assert comps[Card.joker()] == 2 and comps[Card.parse("7♥")] == 2
    four = gamebox.load("spite-and-malice", jokers=4)
    assert sum(four.components().values()) == 108
    assert four.start(1).components() == four.components()
    for jokers, error in ((-1, ValueError), (9, ValueError), (10**9, ValueError),
                          (2.0, TypeError), (True, TypeError), ("x", TypeError)):  # fmt: skip
        with pytest.raises(error, match="jokers is a whole number from 0 to 8"):
            gamebox.load("spite-and-malice", jokers=jokers)


def test_sm2_the_deal():
    s = GAME.start(7)
    assert [len(p) for p in s.payoff] == [26, 26]
    assert all(JOKER_CODE not in pile for pile in s.payoff)  # no jokers in the pay-off deck
    assert [len(h) for h in s.hands] == [5, 5]
    assert len(s.stock) == 106 - 52 - 10
    assert s.components() == GAME.components()


def test_sm3_higher_up_card_starts_tie_goes_to_p0():
    assert pos(payoff=["9♣", "10♠"], player=None).current_player == 1
    assert pos(payoff=["Q♣", "10♠"], player=None).current_player == 0
    assert pos(payoff=["10♣", "10♠"], player=None).current_player == 0
    for seed in range(20):
        s = GAME.start(seed)
        up0, up1 = s.up_card(0).rank, s.up_card(1).rank
        assert s.current_player == (1 if up1 > up0 else 0)


# ------------------------------------------------------------------------------- rows


def test_sm4_four_rows_of_your_own():
    s = pos(rows=[["K♠", "", "", ""], ["Q♥", "", "", ""]])
    refused(s, "5♦ → row 5", "SM-4")
    refused(s, "row 1: Q♥ → stack 1", "SM-7")  # that queen is P1's, not yours
    assert "row 1: Q♥ → stack 1" not in moves(s)


def test_sm5_rows_go_down_equal_ranks_repeat():
    s = pos(
        hands=["9♠ 10♦ 3♦ A♣ JK", ""],
        rows=[["K♠ Q♥ J♦ 10♣", "9♦ 9♣ 9♥", "7♠ 6♥ 5♦ 5♣ 5♥ 4♠", ""], EMPTY_ROWS],
        stacks=[],
    )
    # an ace in hand is forced (SM-9), but the ace in a row is refused by SM-5 first
    refused(s, "A♣ → row 4", "SM-5")
    s = s.apply("A♣ → new stack")
    assert {"9♠ → row 1", "9♠ → row 2", "3♦ → row 3", "9♠ → row 4"} <= set(moves(s))
    refused(s, "10♦ → row 2", "SM-5")
    refused(s, "JK → row 4", "SM-5")
    s2 = pos(hands=["2♥ 5♦ 6♦ 8♥ K♠", ""], stacks=["A♠"])
    refused(s2, "2♥ → row 1", "SM-5")
    # only a row's top card may be played
    s3 = pos(rows=[["K♠ Q♥ J♦", "", "", ""], EMPTY_ROWS], stacks=["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠"])
    refused(s3, "row 1: Q♥ → stack 1", "SM-5")
    assert "row 1: J♦ → stack 1" in moves(s3)


# ------------------------------------------------------------------------ centre stacks


def test_sm6_stacks_climb_and_kings_are_set_aside():
    s = pos(
        hands=["K♠ 5♦ 6♦ 8♥ Q♣", ""],
        stacks=["A♦ 2♣ 3♥ 4♠ 5♥ 6♠ 7♠ 8♥ 9♦ 10♣ J♠ Q♥", "A♣ 2♦ 3♣"],
    )
    refused(s, "8♥ → stack 2", "SM-6")
    refused(s, "5♦ → new stack", "SM-6")
    refused(s, "5♦ → stack 9", "SM-6")
    after = s.apply("K♠ → stack 1")
    assert len(after.stacks) == 1 and len(after.aside) == 13
    assert after.needs() == [4]
    assert after.components() == GAME.components()


def test_sm7_three_sources():
    s = pos(
        payoff=["6♣", "10♠"],
        hands=["5♦ 7♦ 8♥ Q♣ K♠", ""],
        rows=[["9♠ 8♣", "", "", ""], EMPTY_ROWS],
        stacks=["A♦ 2♣ 3♥ 4♠"],
    )
    s = s.apply("5♦ → stack 1").apply("pay-off: 6♣ → stack 1")
    assert len(s.payoff[0]) == 9
    s = s.apply("7♦ → stack 1").apply("row 1: 8♣ → stack 1")
    assert codes_text(s.rows[0][0]) == "9♠"
    assert s.needs() == [9]
    refused(s, "pay-off: 4♥ → stack 1", "SM-7")
    refused(s, "3♠ → stack 1", "SM-7")  # not in hand
    refused(s, "row 2: 9♠ → stack 1", "SM-7")  # row 2 is empty


def test_sm8_joker_stands_for_any_rank_but_a_2_7_k():
    s = GAME.setup(**EX["sm-joker"].setup)
    refused(s, "JK as 7 → stack 2", "SM-8")
    refused(s, "JK as K → stack 3", "SM-8")
    refused(s, "JK → stack 1", "SM-8")
    refused(s, "JK as 6 → stack 1", "SM-6")
    refused(s, "8♦ as 5 → stack 1", "SM-8")
    assert "JK as 5 → stack 1" in moves(s)
    after = s.apply("JK as 5 → stack 1")
    assert after.needs()[0] == 6


def test_sm9_forced_ace_and_forced_two():
    s = pos(hands=["A♥ 5♦ 6♦ 8♥ Q♣", ""], stacks=["A♦ 2♣ 3♥ 4♠"])
    assert moves(s) == ["A♥ → new stack"]
    assert s.forced()
    err = refused(s, "5♦ → stack 1", "SM-9")
    assert "ace" in err.reason
    refused(s, "Q♣ → row 1", "SM-9")
    s = s.apply("A♥ → new stack")
    assert not s.forced()
    s2 = pos(payoff=["2♣", "10♠"], hands=["5♦ 6♦ 8♥ Q♣ 2♥", ""], stacks=["A♦", "A♣ 2♦"])
    assert moves(s2) == ["pay-off: 2♣ → stack 1", "2♥ → stack 1"]
    refused(s2, "Q♣ → row 1", "SM-9")
    # no ace-only stack: the 2 is not forced
    s3 = pos(hands=["5♦ 6♦ 8♥ Q♣ 2♥", ""], stacks=["A♣ 2♦"])
    assert not s3.forced()


# ---------------------------------------------------------------------------- a turn


def test_sm10_placing_on_a_row_ends_the_turn_and_empty_hand_draws_five():
    s = pos(hands=["5♦ 6♦", ""], stacks=["A♦ 2♣ 3♥ 4♠"], stock="7♣ 8♣ 9♦ 10♦ J♦")
    s = s.apply("5♦ → stack 1")
    assert s.current_player == 0
    s = s.apply("6♦ → stack 1")  # the hand is empty: draw five and go on
    assert s.current_player == 0 and len(s.hands[0]) == 5
    assert "7♣ → stack 1" in moves(s)
    s = s.apply("J♦ → row 1")
    assert s.current_player == 1
    refused(pos(), "Q♥ → row 1", "SM-10")


def test_sm11_draw_back_up_to_five():
    s = pos(hands=["5♦ 6♦ 8♥ Q♣ K♠", ""], stacks=["A♦ 2♣ 3♥ 4♠"], stock="7♣ 8♣ 9♦")
    s = s.apply("5♦ → stack 1").apply("6♦ → stack 1").apply("K♠ → row 1")
    assert len(s.hands[0]) == 5 and s.current_player == 1
    assert codes_text(in_hand_order(s.hands[0])) == "7♣ 8♣ 8♥ 9♦ Q♣"


def _stuck_position(**kw):
    # every row shows a 3 and the hands hold only high cards: nothing fits anywhere
    rows = ["K♠ 3♦", "Q♠ 3♣", "J♠ 3♥", "10♠ 3♠"]
    kw.setdefault("hands", ["9♦ 10♦ J♦ Q♦ K♦", "9♥ 10♥ J♥ Q♥ K♥"])
    return pos(
        rows=[rows, ["K♣ 3♦", "Q♣ 3♣", "J♣ 3♥", "10♣ 3♠"]],
        stacks=["A♦ 2♣ JK 4♠ 5♠ 6♠ 7♠"],
        payoff=["5♣", "6♣"],
        **kw,
    )


def test_sm12_no_passing_stuck_and_the_fold():
    refused(pos(), "stuck", "SM-12")
    s = _stuck_position()
    assert moves(s) == ["stuck"]
    s = s.apply("stuck")
    assert s.current_player == 1 and moves(s) == ["stuck"]
    hands_before = s.hands
    s = s.apply("stuck")  # both stuck: fold and draw five new cards
    assert not s.is_over and s.current_player == 0
    assert all(len(h) == 5 for h in s.hands)
    assert s.hands != hands_before
    assert s.components() == GAME.components()
    assert isinstance(parse_move("stuck"), Stuck)


def no_stock(**kw):
    """The position ``pos(**kw)`` with its whole stock set aside instead."""
    first = pos(**kw)
    aside = f"{kw.pop('set_aside', '')} {codes_text(first.stock)}"
    return pos(**kw, set_aside=aside)


def _locked_position():
    """Both players stuck (as in ``_stuck_position``) with every card placed: the stock
    and the set-aside pile are empty, so nothing can be shuffled into a new stock."""
    stacks = ["A♦ 2♣ JK 4♠ 5♠ 6♠ 7♠", "A♥ 2♥ JK 4♥ 5♥ 6♥ 7♥"]  # both need an 8
    hands = ["9♦ 10♦ J♦ Q♦ K♦", "9♥ 10♥ J♥ Q♥ K♥"]
    rows = [["K♠ 3♦", "Q♠ 3♣", "J♠ 3♥", "10♠ 3♠"], ["K♣ 3♦", "Q♣ 3♣", "J♣ 3♥", "10♣ 3♠"]]
    placed = " ".join([*stacks, *hands, *rows[0], *rows[1], "5♣ 6♣"])
    box = Counter(card_code(card) for card in GAME.components().elements())
    rest = in_hand_order((box - Counter(card_codes(placed))).elements())
    low = [c for c in rest if CODE_RANK[c] <= 2]  # aces and twos never go in a row
    fill = low + [c for c in rest if CODE_RANK[c] > 2][: 50 - len(low)]
    under = sorted(set(rest) - set(fill), key=CODE_RANK.__getitem__, reverse=True)
    under = [c for c in rest if c not in fill and c in under]
    under.sort(key=CODE_RANK.__getitem__, reverse=True)
    rows[0][0] = f"K♠ {codes_text(under)} 3♦"  # rows go down: all of them under a 3
    return GAME.setup(
        payoff=[f"5♣ {codes_text(fill[:25])}", f"6♣ {codes_text(fill[25:])}"],
        hands=hands,
        rows=rows,
        stacks=stacks,
        player=0,
    )


def test_sm12_a_centre_play_clears_an_earlier_stuck():
    """Issue 14: P0 is stuck; P1 then plays to the centre, which gives P0 a play, and is
    stuck after it. That is not "neither player can play": no fold, P0 plays on."""
    s = _stuck_position(hands=["9♦ 10♦ J♦ Q♦ K♦", "8♥ 10♥ J♥ Q♥ K♥"])
    s = s.apply("stuck")
    assert s.current_player == 1
    s = s.apply("8♥ → stack 1")  # the stack now needs a 9, and P0 holds the 9♦
    assert moves(s) == ["stuck"]
    hand = s.hands[0]
    s = s.apply("stuck")  # the engine folded both hands here
    assert s.current_player == 0 and s.hands[0] == hand and s.aside == ()
    assert "9♦ → stack 1" in moves(s)
    # stuck again, both in a row with no card played between: now they fold
    s = _stuck_position().apply("stuck").apply("stuck")
    assert len(s.aside) == 10 and s.current_player == 0


def test_sm13_stock_rebuilt_from_set_aside():
    s = no_stock(hands=["5♦ 6♦", ""], stacks=["A♦ 2♣ 3♥ 4♠"])
    aside = len(s.aside)
    assert s.stock == () and aside > 5
    s = s.apply("5♦ → stack 1").apply("6♦ → stack 1")  # the hand is empty: draw five
    assert len(s.hands[0]) == 5 and s.aside == () and len(s.stock) == aside - 5
    assert s.components() == GAME.components()


def test_sm13_both_stuck_with_nothing_to_shuffle_is_a_drawn_game():
    d = _locked_position()
    assert d.stock == () and d.aside == () and moves(d) == ["stuck"]
    d = d.apply("stuck").apply("stuck")
    assert d.is_over and d.winners == () and d.scores == (0, 0)
    assert d.outcome.reason == "both players were stuck with no card left to draw: a draw (SM-13)"
    assert d.player in (0, 1) and d.current_player == -1  # a seat, also once it is over
    assert d.validate() is d and "drawn game" in str(d)
    refused(d, "stuck", "SM-13")


def test_sm14_last_pay_off_card_wins_with_the_score():
    s = pos(payoff=["5♣", "10♠ 3♦ 4♦"], payoff_sizes=[1, 7], stacks=["A♦ 2♣ 3♥ 4♠"])
    end = s.apply("pay-off: 5♣ → stack 1")
    assert end.is_over and end.winners == (0,) and end.scores == (7, 0)
    assert end.outcome.reason == "P0 played the last card of their pay-off pile (SM-14)"
    assert GAME.state_from_json(end.to_json()).outcome == end.outcome
    assert end.legal_moves() == []
    refused(end, "5♦ → stack 1", "SM-14")
    assert end.player == 0 and end.current_player == -1 and end.validate() is end
    assert "wins" in str(end) and "<svg" in end.svg()


# ----------------------------------------------------------------------- examples


def _verdicts(scenario):
    out = {}
    for frame in scenario.frames():
        if frame["ask"]:
            for c in frame["ask"]["choices"]:
                out[c["move"]] = c["rule"]
    return out


def test_examples_replay_and_refuse_as_the_book_says():
    examples = SpiteAndMalice.examples()
    assert [sc.id for sc in examples] == ["sm-deal", "sm-turn", "sm-rows", "sm-joker"]
    for sc in examples:
        frames = sc.frames()
        assert len(frames) == len(sc.steps) + 1
        for rule in sc.all_rules():
            assert re.match(r"^SM-\d+$", rule)
        for frame, step in zip(frames[1:], sc.steps, strict=True):
            if step.ask:
                choices = frame["ask"]["choices"]
                assert any(not c["legal"] for c in choices)
                assert all(c["legal"] for c in choices if c["taken"])


def test_example_turn():
    sc = EX["sm-turn"]
    rules_in_order = [r for step in sc.steps for r in step.rules]
    firsts = [rules_in_order.index(r) for r in ("SM-7", "SM-9", "SM-10", "SM-11")]
    assert firsts == sorted(firsts)
    v = _verdicts(sc)
    assert v["6♦ → stack 1"] == "SM-9" and v["10♥ → row 3"] == "SM-9"
    assert v["pay-off: A♥ → new stack"] is None
    assert v["Q♣ → row 1"] == "SM-5" and v["JK → row 3"] == "SM-5"
    states = sc.states()
    final = states[-1]
    assert final.current_player == 1
    assert len(final.hands[0]) == 5 and len(final.stock) == len(states[0].stock) - 4
    assert final.needs() == [8, 11, 2]
    assert len(final.payoff[0]) == 16


def test_example_rows():
    sc = EX["sm-rows"]
    v = _verdicts(sc)
    assert v["A♣ → row 4"] == "SM-5" and v["9♠ → row 1"] is None
    assert v["2♥ → row 4"] == "SM-5" and v["10♦ → row 2"] == "SM-5"
    final = sc.states()[-1]
    assert [codes_text(r) for r in final.rows[0][:3]] == [
        "K♠ Q♥ J♦ 10♣ 9♠",
        "9♦ 9♣ 9♥ 9♥",
        "7♠ 6♥ 5♦ 5♣ 5♥ 4♠ 3♦",
    ]
    first = sc.states()[0]
    refused(first, "9♠ → row 1", "SM-9")


def test_example_joker():
    sc = EX["sm-joker"]
    v = _verdicts(sc)
    assert v["JK as 7 → stack 2"] == "SM-8" and v["JK as K → stack 3"] == "SM-8"
    assert v["JK → row 2"] == "SM-5" and v["6♣ → stack 2"] == "SM-6"
    final = sc.states()[-1]
    assert len(final.payoff[0]) == 11 and final.needs()[0] == 7


# ------------------------------------------------------------------ moves, text, bots


def test_move_text_round_trips():
    for text in ("A♠ → new stack", "JK as 5 → stack 2", "row 3: 9♣ → stack 1",
                 "pay-off: 6♦ → stack 2", "9♣ → row 3"):  # fmt: skip
        assert str(parse_move(text)) == text
    assert isinstance(parse_move("9c -> row 3"), Place)
    assert isinstance(parse_move("jk as 5 -> stack 2"), Play)
    with pytest.raises(ValueError):
        parse_move("draw a card")
    with pytest.raises(ValueError):
        parse_move("row 1: 9♣ → row 2")


def test_state_text_and_svg():
    s = GAME.start(3)
    text = str(s)
    assert "P1 to move" in text and "P1 hand:" in text and "Stock" in text
    assert s.svg().startswith("<svg") and "needs" in play(GAME, 3, max_moves=30).svg()
    assert "pay-off 26-26" in s.summary()


def chain_position():
    """P0 can reach the 9♣ pay-off card on stack 1 through a joker, a row and the hand."""
    return pos(
        payoff=["9♣", "10♠"],
        hands=["JK 10♥ Q♣ K♠ 3♦", ""],
        rows=[["8♠ 7♥ 6♣", "", "", ""], EMPTY_ROWS],
        stacks=["A♦ 2♣ 3♥ 4♠", "A♣ 2♦"],
    )


def test_heuristic_plays_its_pay_off_through_a_chain():
    s = chain_position()
    chain = chain_to_payoff(s)
    assert [str(m) for m in chain] == [
        "JK as 5 → stack 1",
        "row 1: 6♣ → stack 1",
        "row 1: 7♥ → stack 1",
        "row 1: 8♠ → stack 1",
        "pay-off: 9♣ → stack 1",
    ]
    bot = HeuristicBot(1)
    for _ in range(5):
        s = s.apply(bot.choose(s))
    assert len(s.payoff[0]) == 9 and s.current_player == 0
    # no 7 for the joker: no chain
    assert (
        chain_to_payoff(
            pos(payoff=["8♣", "10♠"], hands=["5♦ JK 9♥ Q♣ K♠", ""], stacks=["A♦ 2♣ 3♥ 4♠"])
        )
        is None
    )


def test_heuristic_finishes_and_beats_random():
    wins = losses = 0
    for seed in range(12):
        final = play(GAME, seed, make_bots(GAME, "heuristic", seed), max_moves=20_000)
        assert final.is_over
        seat = seed % 2
        bots = [RandomBot(seed), RandomBot(seed)]
        bots[seat] = HeuristicBot(seed)
        final = play(GAME, seed, bots, max_moves=20_000)
        wins += final.winners == (seat,)
        losses += final.winners == (1 - seat,)
    assert wins >= 7 and losses <= 1  # the rest are drawn games (SM-13, SM-15)


def test_example_deal():
    states = EX["sm-deal"].states()
    assert states[0].current_player == 1  # SM-3: J♣ beats 2♠
    assert states[0] == GAME.start(5)
    final = states[-1]
    assert final.current_player == 1 and len(final.payoff[0]) == 25
    assert final.needs() == [4, 3, 2]


# ------------------------------------------------------------- the play board


def test_picks_name_the_card_then_where_it_goes():
    s = chain_position()
    picks = {str(m): s.picks(m) for m in s.legal_moves()}
    assert picks["JK as 5 → stack 1"] == ("JK", "stack 1")
    assert picks["JK as 3 → stack 2"] == ("JK", "stack 2")
    assert picks["3♦ → stack 2"] == ("3♦", "stack 2")
    assert picks["3♦ → row 1"] == ("3♦", "row 1")
    assert picks["K♠ → row 4"] == ("K♠", "row 4")
    # different moves, different pieces: the board alone can pick every move
    assert len(set(map(frozenset, picks.values()))) == len(picks)
    s = s.apply("JK as 5 → stack 1").apply("row 1: 6♣ → stack 1")
    s = s.apply("row 1: 7♥ → stack 1")
    assert s.picks(parse_move("row 1: 8♠ → stack 1")) == ("row 1", "stack 1")
    s = s.apply("row 1: 8♠ → stack 1")
    assert s.picks(parse_move("pay-off: 9♣ → stack 1")) == ("pay-off", "stack 1")
    # an ace only starts a stack: the ace alone; stuck is a button
    start = GAME.start(3)
    assert [start.picks(m) for m in start.legal_moves()] == [("A♦",)]
    assert start.picks(Stuck()) == ()
    board = pick_tokens(s.svg(viewer=0))
    assert {"10♥", "3♦", "pay-off", "row 1", "row 4", "stack 1", "stack 2"} <= board
    assert "K♠" in board and "row 1" in pick_tokens(s.svg())


def test_board_for_a_viewer_shows_their_hand_not_the_movers():
    s = GAME.start(3)  # P1 to move, holding A♦ 5♠ J♣ J♠ K♦
    assert s.current_player == 1 and codes_text(in_hand_order(s.hands[0])) == "3♦ 4♣ 6♥ 10♣ Q♦"
    mine = s.svg(viewer=0)
    assert "your hand (P0)" in mine and "P0 (you)" in mine
    for card in ("3♦", "4♣", "Q♦"):
        assert Card.parse(card).name in mine
    for card in ("A♦", "5♠", "J♣"):  # the mover's hand stays hidden, in the picture and the text
        assert Card.parse(card).name not in mine and card not in mine
    # the mover's piles are tagged, but the viewer's own cards are not the mover's to pick
    assert pick_tokens(mine) == {"pay-off", "row 1", "row 2", "row 3", "row 4"}
    theirs = s.svg(viewer=1)
    assert "your hand (P1)" in theirs and Card.parse("A♦").name in theirs
    assert Card.parse("4♣").name not in theirs
    assert pick_tokens(theirs) >= {"A♦", "K♦", "pay-off", "row 1"}
    assert s.svg() == s.svg(viewer=None) and "(you)" not in s.svg()
    assert "P1&#x27;s hand" in s.svg()  # a worked example shows the mover's hand


def test_sm4_a_row_outside_1_to_4_is_not_a_move():
    """It was read as the pay-off pile (row 5) or the hand (row 0)."""
    state = gamebox.load("spite-and-malice").start(1)
    for text in ("row 5: 9♣ → stack 1", "row 0: 9♣ → stack 1"):
        with pytest.raises(ValueError, match=r"no row \d: your rows are 1 to 4 \(SM-4\)"):
            state.parse_move(text)
    assert "rows are 1 to 4" in state.check("row 5: 9♣ → stack 1").reason


def test_sm6_a_missing_stack_names_the_stacks_there_are():
    hands = ["5♦ 6♦ 8♥ Q♣ K♠", ""]
    for stacks, there in (([], "no stacks yet"), (["A♠ 2♠"], "only stack 1")):
        err = refused(pos(hands=hands, stacks=stacks), "8♥ → stack 2", "SM-6")
        assert err.reason.endswith(f"the centre has {there}")
    err = refused(pos(hands=hands, stacks=["A♠ 2♠", "A♥"]), "8♥ → stack 3", "SM-6")
    assert err.reason.endswith("the centre has stacks 1 to 2")


# ------------------------------------------------- hostile moves, set-ups and JSON


def test_move_objects_with_impossible_fields_are_refused():
    """Issue 14: they raised IndexError or KeyError."""
    s = GAME.start(3)
    ace = Card.parse("A♦")
    cases = [
        (Play(Card(None, Suit.HEARTS)), "SM-1"),
        (Play("A♦"), "SM-1"),
        (Place(Card(Rank.ACE, None), 1), "SM-1"),
        (Play(ace, source=9), "SM-4"),
        (Play(ace, source=True), "SM-4"),
        (Play(ace, stack=10**9), "SM-6"),
        (Play(ace, stack=-1), "SM-6"),
        (Play(ace, as_rank=99), "SM-8"),
        (Play(ace, 3, 1), "SM-7"),
        (Place(ace, row=7), "SM-4"),
        (Place(ace, row=2.0), "SM-4"),
    ]
    for move, rule in cases:
        refused(s, move, rule)
    assert str(Play(Card(Rank.ACE, None))) == "<no card> → new stack"


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"hands": ["", "", ""]}, "hands are a list of 2"),
        ({"player": 7}, "player 7 is not one of the 2 seats"),
        ({"hands": ["A♠ A♠ A♠", ""]}, "too many A♠"),
        ({"payoff": ["JK", "5♣"]}, "joker"),
        ({"rows": [["3♠ 5♠", "", "", ""], EMPTY_ROWS]}, "row 1"),
        ({"rows": [["9♠ 2♠", "", "", ""], EMPTY_ROWS]}, "row 1"),
        ({"stacks": ["A♠ 3♠"]}, "stack 1"),
        ({"stacks": ["A♠"] * 9}, "9 centre stacks"),
        ({"payoff_sizes": [10**9, 3]}, "1 to 26"),
        ({"hands": ["A♠ 2♠ 3♠ 4♠ 5♠ 6♠", ""]}, "6 cards"),
    ],
)
def test_impossible_setups_are_refused(change, problem):
    with pytest.raises(ValueError, match=problem):
        pos(**change)


def test_impossible_json_is_refused():
    state = play(GAME, 4, max_moves=40)
    good = json.loads(state.to_json())
    for key, value, problem in (
        ("winner", 1, "recorded as the winner"),
        ("stuck", "x", "stuck is not a bool"),
        ("folds", 10**9, "folds is"),
        ("stacks", ["A♠"] * 9, "up to 8 stacks"),
        ("hands", ["", "", ""], "hands are a list of 2"),
        ("player", 2, "player 2"),
    ):
        data = {**good, "position": {**good["position"], key: value}}
        with pytest.raises(ValueError, match=problem):
            GAME.state_from_json(json.dumps(data))
    assert GAME.state_from_json(json.dumps(good)) == state


def test_sm15_a_third_fold_in_a_row_is_a_drawn_game():
    """Two folds already, no card played or placed since: both stuck again draws the
    game (SM-15), though the set-aside pile could still make a stock."""
    data = json.loads(_stuck_position().to_json())
    data["position"]["folds"] = 2
    s = GAME.state_from_json(json.dumps(data)).apply("stuck")
    assert not s.is_over
    d = s.apply("stuck")
    assert d.is_over and d.winners == () and (d.stock or d.aside)
    assert d.outcome.reason.endswith("a third fold in a row: a draw (SM-15)")
    assert GAME.state_from_json(d.to_json()).outcome == d.outcome
    assert "drawn game (SM-15)" in str(d)
    refused(d, "stuck", "SM-15")
    # one fold fewer, and the same two "stuck"s fold the hands instead
    data["position"]["folds"] = 1
    s = GAME.state_from_json(json.dumps(data)).apply("stuck").apply("stuck")
    assert not s.is_over and len(s.aside) >= 10


def test_sm17_after_a_fold_the_player_stuck_first_moves():
    s = _stuck_position(player=1).apply("stuck")
    assert s.current_player == 0
    assert s.apply("stuck").current_player == 1


# ------------------------------------------------------------- the rulings as data


def test_rulings_table_is_complete_and_says_where_each_rule_is_taught():
    table = SpiteAndMalice.rulings()
    assert list(table) == [f"SM-{i}" for i in range(18)]
    engine = "".join(path.read_text(encoding="utf-8") for path in ENGINE)
    raised = set(re.findall(r'"(SM-\d+)"', engine))
    assert raised <= set(table) and "SM-15" in raised
    kinds = {r.id: r.kind for r in table.values() if r.kind is not Kind.SOURCE}
    assert kinds == {
        "SM-0": Kind.HOUSE,
        "SM-1": Kind.INFERRED,  # which deck holds the jokers, and how many
        "SM-3": Kind.HOUSE,
        "SM-5": Kind.INFERRED,
        "SM-10": Kind.HOUSE,  # the book version's end of a turn: the post never says
        "SM-11": Kind.INFERRED,  # "as many as you played", read as "back up to five"
        "SM-12": Kind.INFERRED,
        "SM-13": Kind.HOUSE,
        "SM-14": Kind.HOUSE,
        "SM-15": Kind.HOUSE,
        "SM-16": Kind.INFERRED,
        "SM-17": Kind.INFERRED,
    }
    # a reading the post does not hold says so in its source line
    assert "reading" in table["SM-1"].source
    assert table["SM-10"].source.startswith("not in the post")
    assert "read as" in table["SM-11"].source
    chapter = CHAPTER.read_text(encoding="utf-8")
    # the chapter names each of its own readings where it states the rule: "(SM-10, house
    # rule", or later in a list, "; SM-15, house rule"
    for ruling in table.values():
        label = ruling.kind.label.replace(" ", r"\s+")
        if ruling.kind is not Kind.SOURCE:
            assert re.search(rf"[(;]\s?{ruling.id},\s+{label}\b", chapter), ruling.id
        # and never labels it the other way round, as the chapter once did
        assert not re.search(rf"{label},\s+{ruling.id}\b", chapter), ruling.id


def test_the_chapter_says_rows_take_equal_ranks_and_gaps_everywhere():
    """Issue 31: "By the numbers" once said "built strictly downward", against the rows
    section's equal ranks (SM-5) and gaps (SM-16)."""
    chapter = CHAPTER.read_text(encoding="utf-8")
    assert "strictly" not in chapter
    assert "equal ranks and gaps allowed" in chapter


def _sections(text):
    return re.findall(r"^## (.+)$", text, re.MULTILINE)


def _cells(text):
    """The chapter's code cells: (tags, source) each."""
    cells = re.findall(r"```\{code-cell\} ipython3\n(.*?)```", text, re.DOTALL)
    out = []
    for cell in cells:
        tags = re.match(r":tags: \[(.*)\]\n", cell)
        out.append((tags.group(1).split(", ") if tags else [], cell))
    return out


def test_the_chapter_teaches_goal_table_turn_special_cases_then_play():
    chapter = CHAPTER.read_text(encoding="utf-8")
    assert _sections(chapter) == [
        "Quick start",
        "The cards and the deal",
        "A turn",
        "Rows",
        "Jokers",
        "When nobody can play",
        "Winning",
        "Play a game",
        "Options",
        "By the numbers",
        "Common mistakes and questions",
        "Rulings",
        "Sources and credits",
    ]
    # the stuck-and-fold chain is on the Rulings page, with a pointer from the chapter
    nobody = chapter.split("## When nobody can play")[1].split("## Winning")[0]
    assert "(rulings.md#spite-and-malice)" in nobody
    assert "cancels the first" not in nobody and "draws five first" not in nobody


def test_a_site_reader_sees_no_python_and_each_board_cell_runs_alone():
    """Every cell but the study (folded, the figures' source) hides its input, and every
    cell that shows a board imports what it uses, so it runs on its own in any order."""
    cells = _cells(CHAPTER.read_text(encoding="utf-8"))
    assert len(cells) == 10
    for tags, source in cells:
        assert "remove-input" in tags or ("hide-input" in tags and "def study" in source)
        for name in ("Stepper", "PlayBoard", "questions_section", "rulings_section", "load"):
            if re.search(rf"\b{name}\(", source):
                assert re.search(rf"^from \S+ import .*\b{name}\b", source, re.MULTILINE), name
        for example in re.findall(r"from_scenario\((\w+)\)", source):
            assert re.search(rf"examples import .*\b{example}\b", source), example
    # the board under the first section keeps its ignored output (a bot game's picture)
    assert "nbval-ignore-output" in cells[1][0]


def test_questions_are_real_and_each_is_settled_by_rulings_of_the_table():
    from gamebox.games.spite_and_malice.rulings import QUESTIONS

    table = SpiteAndMalice.rulings()
    assert 7 <= len(QUESTIONS) <= 9
    assert len({q.question for q in QUESTIONS}) == len(QUESTIONS)
    for q in QUESTIONS:
        assert set(q.rulings) <= set(table), q.question
        assert q.question.endswith("?")
        # one or two plain sentences, short enough for the one-page aid
        assert len(re.findall(r"[.!?](?:\s|$)", q.answer)) <= 2 and len(q.answer) <= 170
    chapter = CHAPTER.read_text(encoding="utf-8")
    asked = chapter.split("## Common mistakes and questions")[1].split("## Rulings")[0]
    assert 'questions_section("spite-and-malice")' in asked


def test_each_question_is_what_the_engine_does():
    """Three answers, checked against the engine: a centre play does not end the turn, a
    10 may not go on a 9 in a row, a row card may not go to a row."""
    s = pos(
        hands=["10♥ 9♣ Q♦ K♣ 8♦", "3♠ 8♣ J♣ 5♣ 4♥"],
        stacks=["A♦ 2♣ 3♥ 4♠ 5♦ 6♣ 7♥"],
        rows=[["9♦", "K♠", "", ""], EMPTY_ROWS],
    )
    after = s.apply("8♦ → stack 1")
    assert after.current_player == 0  # still P0's turn
    refused(after, "10♥ → row 1", "SM-5")
    # a row card or the pay-off card onto a row is no move of the game at all
    refused(after, "row 2: K♠ → row 1", "SM-0")
    refused(after, "pay-off: 9♣ → row 3", "SM-0")


def test_four_jokers_draw_fewer_games_as_the_chapter_says():
    """The benchmark behind "four jokers for a first game": on the chapter's 60 seeds, 7
    games drawn with two jokers and 2 with four (the study's 12% and 3%)."""
    import sm_jokers

    two, four = (sm_jokers.tally(jokers, list(range(60))) for jokers in (2, 4))
    assert (two.drawn, four.drawn) == (7, 2)
    assert "12%" in two.line() and "3%" in four.line()


def test_every_step_of_every_example_names_what_moved():
    """Each step names the card it moved (a joker by that word) and the stack or row it
    went to; a new stack by its number."""
    steps = 0
    for sc in SpiteAndMalice.examples():
        states = sc.states()
        for step, before, after in zip(sc.steps, states[:-1], states[1:], strict=True):
            if step.move is None:
                continue
            steps += 1
            move = before.parse_move(step.move)
            card = "joker" if str(move.card) == "JK" else str(move.card)
            if isinstance(move, Place):
                where = f"row {move.row}"
            else:
                where = f"stack {len(after.stacks) if move.stack == NEW else move.stack}"
            assert card in step.say and where in step.say, (sc.id, step)
    assert steps >= 20


def test_board_text_is_at_least_11_units_and_its_own_labels_11_5():
    """A board keeps its natural size on a phone, so a font size of N units shows as N
    CSS px: no text below 11 (the shared card corners and badges), none of this board's
    grey labels below 11.5, during a game, at its end and in every example."""
    final = play(GAME, 5, make_bots(GAME, "heuristic", 5), max_moves=20_000)
    boards = [state.svg() for state in (play(GAME, 5, max_moves=90), final)]
    boards += [frame["svg"] for sc in SpiteAndMalice.examples() for frame in sc.frames()]
    for picture in boards:
        sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', picture)]
        assert sizes and min(sizes) >= 11
        texts = re.findall(r'<text [^>]*font-size="([\d.]+)"([^>]*)>([^<]*)<', picture)
        own = [(size, text) for size, attrs, text in texts if 'class="muted"' in attrs]
        assert any(text.startswith("row ") for _, text in own)
        assert all(float(size) >= 11.5 for size, _ in own), own


def test_the_board_says_the_last_move_in_words():
    s = EX["sm-joker"].states()[1]
    header = s.areas().areas[0]
    lines = [text for *_, text in _texts(header.body)]
    assert " ".join(lines[1:]) == "last move: P0 played the joker as a 5 to stack 1"
    assert len(lines) == 3  # the title, and the last move in two lines that fit the area
    assert "→" not in s.svg().split("<desc")[0]


# ------------------------------------------------------- the board on a phone's screen


def _texts(body):
    """Each text of an area's SVG as (x, y, size, anchor, inside a card, text), with the
    translations of the groups it sits in applied."""
    return [(*where, text) for kind, where, text in _walk(body) if kind == "text"]


def _walk(body):
    """Every text and rect of an area's SVG, in the area's coordinates: ("text", (x, y,
    size, anchor, inside a card), text) and ("rect", (x, y, w, h, class), pick token)."""
    found = []

    def visit(node, dx, dy, pick, in_card):
        move = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", node.get("transform", ""))
        if move:
            dx, dy = dx + float(move[1]), dy + float(move[2])
        pick = node.get("data-pick", pick)
        in_card = in_card or node.get("role") == "img"
        x, y = dx + float(node.get("x", 0)), dy + float(node.get("y", 0))
        if node.tag == "text":
            size, anchor = float(node.get("font-size")), node.get("text-anchor")
            found.append(("text", (x, y, size, anchor, in_card), node.text))
        elif node.tag == "rect":
            w, h = float(node.get("width")), float(node.get("height"))
            found.append(("rect", (x, y, w, h, node.get("class")), pick))
        for child in node:
            visit(child, dx, dy, pick, in_card)

    visit(ElementTree.fromstring(f"<g>{body}</g>"), 0.0, 0.0, None, False)
    return found


def _overlap(a, b):
    """Whether boxes (x, y, w, h) overlap."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _inside(inner, outer):
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[0] + inner[2] <= outer[0] + outer[2]
        and inner[1] + inner[3] <= outer[1] + outer[3]
    )


def test_the_board_is_areas_a_phone_shows_whole():
    """The board is areas in reading order, each named; no text runs past its area's edge
    or over another label (0.6 x its size a character); the hand shows whole cards at
    least 44 px apart; each piece a move picks, an empty row or a long one closed up as
    well, is tapped anywhere on it, and no two pieces' tap areas overlap."""
    deal = GAME.start(3)
    late = play(GAME, 0, max_moves=700)  # P0 to move: a row of 9 cards and an empty row
    final = play(GAME, 2, max_moves=700)
    assert [len(row) for row in late.rows[0]] == [9, 3, 0, 6] and final.is_over
    names = [area.name for area in late.areas(viewer=0).areas]
    assert names == [
        "the header", "the centre", "your panel (P0)", "P1's panel", "your hand (P0)"
    ]  # fmt: skip
    assert [area.name for area in deal.areas().areas][2:] == [
        "P0's panel", "P1's panel", "P1's hand"
    ]  # fmt: skip
    assert [area.name for area in final.areas().areas][2:] == ["P0's panel", "P1's panel"]
    boards = [s.areas(viewer=v) for s in (deal, late, final) for v in (None, 0, 1)]
    boards += [s.areas() for sc in SpiteAndMalice.examples() for s in sc.states()]
    for drawn in boards:
        for area in drawn.areas:
            labels = []
            for x, y, size, anchor, in_card, text in _texts(area.body):
                wide = 0.6 * size * len(text)
                left = x - {"start": 0, "middle": wide / 2, "end": wide}[anchor]
                assert left >= 0 and left + wide <= area.width, (area.name, text)
                if not in_card:
                    labels.append((left, y - 0.75 * size, wide, 0.75 * size))
            assert not any(_overlap(a, b) for i, a in enumerate(labels) for b in labels[:i])
            things = _walk(area.body)
            hits = {pick: where[:4] for kind, where, pick in things if where[-1] == "hit"}
            assert not any(_overlap(a, b) for a, b in itertools.combinations(hits.values(), 2))
            for kind, where, pick in things:  # each card and empty place inside its tap area
                if pick and kind == "rect" and where[-1] in ("paper", "slot") and where[2] == 48:
                    assert _inside(where[:4], hits[pick]), (area.name, pick)
    mover = late.areas(viewer=0).areas
    rows = {pick: where for _, where, pick in _walk(mover[2].body) if where[-1] == "hit"}
    assert rows["row 1"][3] > 200  # the whole column of 9 cards
    assert rows["row 3"][3] == 72  # the empty place, 48 x 68 px, and a 2 px margin
    hand = deal.areas(viewer=1).areas[4]
    assert hand.name == "your hand (P1)"
    hand = [where for _, where, pick in _walk(hand.body) if pick and where[-1] == "paper"]
    assert len(hand) == 5 and all(w == 48 and h == 68 for _, _, w, h, _ in hand)
    assert all(b[0] - a[0] >= 44 for a, b in itertools.pairwise(hand))
    assert not any(_overlap(a[:4], b[:4]) for a, b in itertools.combinations(hand, 2))


# ------------------------------------------------- coaching: guide, reasons, strong bot

GUIDE = SpiteAndMalice.guide()


def test_guide_replays_through_the_engine_and_teaches_the_aids_turn():
    from gamebox.games.spite_and_malice.rulings import AID

    states = GUIDE.states()
    assert GUIDE.seat == 0 and len(states) == len(GUIDE.steps) + 1
    mine = [s for s, before in zip(GUIDE.steps, states, strict=False) if before.player == 0]
    assert 8 <= len(mine) <= 15
    for step in GUIDE.steps:
        assert step.say and step.rules and set(step.rules) <= set(GAME.rulings())
    assert all(step.nudge for step in mine)
    cited = set(re.findall(r"SM-\d+", " ".join((AID.goal, *AID.turn))))
    assert cited and cited <= set(GUIDE.all_rules())
    # the satisfying moment: a stack completed and set aside, three pay-off cards gone
    assert len(states[-1].aside) == 13 and len(states[-1].payoff[0]) == 23


def test_the_guide_says_so_where_it_first_teaches_a_house_rule():
    """The guided game's first step that ends a turn (SM-10, the book version's end of a
    turn) says in its words that it is a house rule; its tag says so too (the board's)."""
    first = next(step for step in GUIDE.steps if "SM-10" in step.rules)
    assert "house rule" in first.say and "post" in first.say
    assert GAME.rulings()["SM-10"].tag == "SM-10 (house rule)"


def test_the_play_board_deals_four_jokers_as_advised_for_a_first_game():
    chapter = CHAPTER.read_text(encoding="utf-8")
    play = chapter.split("## Play a game")[1].split("## ")[0]
    assert 'options={"jokers": 4}' in play
    # and the option's line under "Players and options" gives the same advice
    (jokers,) = dataclasses.fields(SpiteAndMaliceOptions)
    assert "4 for a first game" in jokers.metadata["doc"]


def _game_positions(seed, bots, most=400):
    """The positions of a seeded game between ``bots``."""
    state, out = GAME.start(seed), []
    while not state.is_over and len(out) < most:
        out.append(state)
        state = state.apply(bots[state.player].choose(state))
    return out


def _one_sentence_with_its_rule(advice, state):
    assert advice.move in state.legal_moves()
    assert advice.rule in GAME.rulings()
    assert advice.reason.endswith(f"({advice.rule}).")
    assert ". " not in advice.reason and advice.reason[0].isupper()


def test_heuristic_reasons_are_one_sentence_naming_a_ruling():
    rules = set()
    for seed in (0, 1):
        bot = HeuristicBot(0)
        for state in _game_positions(seed, [HeuristicBot(1), RandomBot(2)]):
            advice = bot.advise(state)
            assert advice.move == bot.choose(state)
            _one_sentence_with_its_rule(advice, state)
            rules.add(advice.rule)
    assert {"SM-7", "SM-9", "SM-10", "SM-12", "SM-14"} <= rules


def _reshuffled(state, seed):
    """``state`` with everything P``state.player`` cannot see dealt again: the other
    hand, the stock and both pay-off piles beneath their up-cards (no joker in those)."""
    from gamebox.rng import Rng

    data = json.loads(state.to_json())
    pos = data["position"]
    other = 1 - state.player
    payoffs = [p.split() for p in pos["payoff"]]
    unseen = pos["hands"][other].split() + pos["stock"].split()
    unseen += [c for p in payoffs for c in p[:-1]]
    Rng(seed).shuffle(unseen)
    plain = [c for c in unseen if c != "JK"]
    jokers = [c for c in unseen if c == "JK"]
    for p, pile in enumerate(payoffs):
        pos["payoff"][p] = " ".join(plain[: len(pile) - 1] + pile[-1:])
        del plain[: len(pile) - 1]
    rest = plain + jokers
    Rng(seed + 1).shuffle(rest)
    size = len(pos["hands"][other].split())
    pos["hands"][other], pos["stock"] = " ".join(rest[:size]), " ".join(rest[size:])
    new = gamebox.from_json(json.dumps(data))
    assert new.components() == state.components() and new.legal_moves() == state.legal_moves()
    return new


def test_strong_bot_does_not_peek_at_hidden_cards():
    from gamebox.games.spite_and_malice.bots import StrongBot

    searched = 0
    # a deal where the search overrules the heuristic in some of the positions sampled
    for state in _game_positions(20, [HeuristicBot(1), HeuristicBot(2)], most=60)[::2]:
        if len(state.legal_moves()) < 3:
            continue
        advice = StrongBot(9).advise(state)
        _one_sentence_with_its_rule(advice, state)
        for seed in (1, 2):
            assert StrongBot(9).advise(_reshuffled(state, seed)) == advice
            assert hint(_reshuffled(state, seed)) == hint(state)  # seeded by what is seen
        searched += "deals" in advice.reason
    assert searched  # at least one choice came from the search, not the heuristic


def test_blocking_bot_keeps_a_stack_away_from_the_opponents_up_card():
    from gamebox.games.spite_and_malice.bots import BlockingBot

    # the 5♦ would leave stack 1 needing a 6, one card short of the opponent's 7♣; with
    # their up-card an 8♣, a 7 on their row makes the 6 the only card they lack
    hands = ["5♦ 9♥ Q♣ 10♠ J♣", "3♠ 8♦ J♦ K♣ 4♥"]
    for up, their_rows in (("7♣", EMPTY_ROWS), ("8♣", ["7♥", "", "", ""])):
        state = pos(
            payoff=["K♠", up], hands=hands, rows=[EMPTY_ROWS, their_rows], stacks=["A♦ 2♣ 3♥ 4♠"]
        )
        assert str(HeuristicBot(0).choose(state)) == "5♦ → stack 1"
        assert str(BlockingBot(0).choose(state)) == "Q♣ → row 1"
    # two cards short with neither on their rows: it plays
    state = pos(payoff=["K♠", "8♣"], hands=hands, stacks=["A♦ 2♣ 3♥ 4♠"])
    assert str(BlockingBot(0).choose(state)) == "5♦ → stack 1"


def test_strong_bot_plays_a_whole_game():
    from gamebox.games.spite_and_malice.bots import StrongBot

    final = play(GAME, 5, [StrongBot(1), HeuristicBot(2)])
    assert final.is_over


def test_strong_bot_plays_on_to_the_end_once_the_stock_runs_dry():
    from gamebox.games.spite_and_malice.bots import DRAWN, DRY, BlockingBot, StrongBot

    # two blocking bots lock seed 0 up: the stock runs dry and the game is drawn (SM-13)
    states = _game_positions(0, [BlockingBot(1), BlockingBot(2)])
    final = states[-1].apply(BlockingBot(0).choose(states[-1]))
    assert final.is_over and final.winners == () and final.draw_rule() == "SM-13"
    bot = StrongBot(0)
    early = states[20]
    bot.advise(early)  # plenty left to draw: the playouts stop after the opponent's turn
    assert not bot.dry and bot.horizon == "to your next turn"
    assert bot.playout(early, early.player) not in (DRAWN, 100.0, -100.0)
    dry = next(s for s in states if len(s.stock) + len(s.aside) <= DRY)
    bot.advise(dry)  # now they play on to the lock, which counts below an even game
    assert bot.dry and bot.horizon == "to the end of the game"
    assert bot.playout(dry, dry.player) == DRAWN < 0


def test_strong_bot_bounds_the_moves_of_its_search_near_a_dry_stock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Near a dry stock the playouts go on to the end of the game: the search weighs the
    deals one by one and stops where they have made DRY_MOVES moves, leaving out the
    deal it ran out in (never going below DRY_DEALS deals). Where it has moves enough it
    weighs every deal, as before; and deal by deal or move by move, a playout scores the
    same (each plays its own copy of the deal)."""
    from gamebox.bots import DealtBot
    from gamebox.games.spite_and_malice import bots as sm

    states = _game_positions(0, [sm.BlockingBot(1), sm.BlockingBot(2)])
    dry = [s for s in states if len(s.stock) + len(s.aside) <= sm.DRY]
    state = next(s for s in dry if len(s.legal_moves()) >= 3)
    legal, bot = state.legal_moves(), sm.StrongBot(4)
    bot.dry = True
    deals = [bot.determinize(state, state.player) for _ in range(6)]
    whole = bot.weigh(deals, legal, state.player)  # 6 deals: well within DRY_MOVES
    assert whole == DealtBot.weigh(bot, deals, legal, state.player)
    assert {len(v) for v in whole.values()} == {6} and 0 < bot.spent < sm.DRY_MOVES
    cost = []  # each deal's moves
    for deal in deals:
        bot.weigh([deal], legal, state.player)
        cost.append(bot.spent)
    for most in (sum(cost[:4]) - 1, sum(cost[:3]) + 1, 1):
        monkeypatch.setattr(sm, "DRY_MOVES", most)
        cut = bot.weigh(deals, legal, state.player)
        [kept] = {len(v) for v in cut.values()}
        assert cut == {m: v[:kept] for m, v in whole.items()}, most
        assert sm.DRY_DEALS <= kept < 6
        assert kept == sm.DRY_DEALS or sum(cost[: kept - 1]) < most <= sum(cost[: kept + 1])
        assert bot.spent < max(most + sm.TO_THE_END, sum(cost[: sm.DRY_DEALS]) + 1)
    assert kept == sm.DRY_DEALS
    bot.dry = False  # away from a dry stock: every deal, as DealtBot weighs them
    assert {len(v) for v in bot.weigh(deals, legal, state.player).values()} == {6}


def test_sm1_a_card_held_twice_is_listed_once():
    # the two decks can put two 5♦ in one hand: the moves are those of holding it once
    for twice, once, stacks in (
        ("5♦ 5♦ 8♥ 8♥ Q♣", "5♦ 8♥ Q♣", ["A♠ 2♠ 3♠ 4♠"]),
        ("A♥ A♥ 2♣ 2♣ 9♦", "A♥ 2♣ 9♦", ["A♠"]),  # SM-9: the forced plays
    ):
        got = moves(pos(hands=[twice, ""], stacks=stacks))
        assert got == moves(pos(hands=[once, ""], stacks=stacks))
        assert len(set(got)) == len(got) > 1


def test_blocking_bot_holds_back_the_card_under_the_opponents_last():
    from gamebox.games.spite_and_malice.bots import BlockingBot, StrongBot

    # the opponent's last pay-off card is the 5♣: the 4♦ up-card on stack 1 would leave
    # it needing a 5. The heuristic plays it; the blocking bot holds it back, and the
    # strong bot plays it only when its hand holds the 5♥ that covers it
    def table(hand):
        return pos(
            payoff=["4♦", "5♣"],
            payoff_sizes=[5, 1],
            hands=[hand, "3♠ 8♦ J♣ K♣ 4♥"],
            stacks=["A♠ 2♠ 3♠", "A♥ 2♥"],
        )

    bare, covered = table("9♠ J♣ J♦ Q♥ K♠"), table("5♥ 9♠ J♣ Q♥ K♠")
    for state in (bare, covered):
        assert str(HeuristicBot(0).choose(state)) == "pay-off: 4♦ → stack 1"
        assert str(BlockingBot(0).choose(state)) == "K♠ → row 1"
    assert str(StrongBot(0).choose(bare)) == "K♠ → row 1"
    advice = StrongBot(0).advise(covered)
    assert str(advice.move) == "pay-off: 4♦ → stack 1" and "deals" in advice.reason
    then = covered.apply(advice.move)
    assert str(BlockingBot(0).choose(then)) == "5♥ → stack 1"  # the 5 goes on at once
    # its own last card wins the game: that one it plays
    last = pos(payoff=["4♦", "5♣"], payoff_sizes=[1, 1], stacks=["A♠ 2♠ 3♠"])
    assert str(BlockingBot(0).choose(last)) == "pay-off: 4♦ → stack 1"


def test_blocking_bot_holds_back_a_pay_off_card_near_the_opponents_end():
    from gamebox.games.spite_and_malice.bots import NEAR, BlockingBot

    # the 10♥ would leave stack 1 needing a J, the opponent's up-card: the heuristic
    # plays it whatever; the blocking bot holds it back once the opponent has NEAR
    # pay-off cards or fewer left, and plays it while they have more
    def table(left):
        return pos(
            payoff=["10♥", "J♦"],
            payoff_sizes=[6, left],
            hands=["4♣ 9♣ Q♥ K♠ 2♦", "3♠ 8♦ J♣ K♣ 4♥"],
            stacks=["A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"],
        )

    for left in range(1, NEAR + 3):
        state = table(left)
        assert str(HeuristicBot(0).choose(state)) == "pay-off: 10♥ → stack 1"
        held = "K♠ → row 1" if left <= NEAR else "pay-off: 10♥ → stack 1"
        assert str(BlockingBot(0).choose(state)) == held


# ----------------------------------------------- the clairvoyant (benchmarks/sm_ceiling.py)


@pytest.mark.slow
def test_the_clairvoyant_wins_a_seed_the_strong_bot_loses():
    import sm_ceiling

    # seed 33 against the first-move player: the strong bot loses it; the clairvoyant,
    # which sees the stock's order and knows the opponent's bot, wins the same deal
    args = sm_ceiling.parser().parse_args(["33"])
    assert sm_ceiling.game_result(33, "strong", "first", args)[0] == "lost"
    assert sm_ceiling.game_result(33, "clairvoyant", "first", args)[0] == "won"
