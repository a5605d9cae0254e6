"""Skip-Bo (1980 rules): a test per ruling (SB-1..SB-16), every refusal path, the
worked examples' outcomes, options and bots."""

from collections import Counter

import pytest

import gamebox
from gamebox.bots import RandomBot, bot_types, make_bots, play
from gamebox.components import SkipBoCard
from gamebox.games.skip_bo import SkipBo
from gamebox.games.skip_bo.bots import HeuristicBot
from gamebox.games.skip_bo.examples import EXAMPLES
from gamebox.games.skip_bo.rules import LeadUp, match_scores
from tests.conftest import refused


def load(players=2, **options):
    return gamebox.load("skip-bo", players=players, **options)


def legal(state):
    return [str(m) for m in state.legal_moves()]


def example(eid):
    return next(sc for sc in EXAMPLES if sc.id == eid)


# -------------------------------------------------------------- components and deal


def test_sb1_deck_has_144_numbers_and_24_or_18_wilds():
    deck = load().components()
    assert sum(deck.values()) == 168
    assert deck[SkipBoCard(0)] == 24 and all(deck[SkipBoCard(v)] == 12 for v in range(1, 13))
    assert sum(load(wilds=18).components().values()) == 162
    with pytest.raises(ValueError):
        load(wilds=20)


@pytest.mark.parametrize(
    ("players", "seed_size", "official"), [(2, 20, 30), (4, 20, 30), (5, 15, 20), (8, 10, 15)]
)
def test_sb2_reserve_sizes(players, seed_size, official):
    state = load(players).start(1)
    assert [len(r) for r in state.reserves] == [seed_size] * players
    assert load(players, preset="official").options.reserve_size == official
    assert load(players, reserve_size=7).start(1).reserves[0].__len__() == 7
    with pytest.raises(ValueError):
        load(players, reserve_size=100)


def test_sb3_two_to_eight_players():
    for n in range(2, 9):
        assert load(n).start(0).n == n
    for n in (1, 9):
        with pytest.raises(ValueError):
            load(n)


def test_sb4_presets():
    default = load().options
    assert (default.alternating, default.blocking, default.leading_up) == (True, True, True)
    modern = load(preset="modern").options
    assert (modern.alternating, modern.blocking, modern.leading_up) == (False, False, False)
    assert load(preset="modern", alternating=True).options.alternating is True
    with pytest.raises(ValueError):
        load(preset="1999")


def test_sb4_modern_frees_helper_plays_and_refuses_lead_ups():
    pos = {"hands": ["2 3 9 11 12"], "reserves": ["10 8 7"], "stacks": [["5", "6"]], "piles": [4]}
    modern = load(preset="modern").setup(**pos)
    assert "stack 1: 5 → pile 1" in legal(modern)
    refused(modern, "lead-up: S1:5→1, S2:6→1, R7→1", "SB-4")
    refused(modern, "block P1: stack 1: 5 → pile 1", "SB-4")
    s = modern.apply("stack 1: 5 → pile 1").apply("stack 2: 6 → pile 1")
    assert s.reserve_top(0) == 7 and s.needs[0] == 7


def test_sb5_hand_is_filled_to_five_before_playing():
    s = load().start(3)
    assert len(s.hands[0]) == 5 and s.hands[1] == ()
    discard = next(m for m in s.legal_moves() if str(m).startswith("discard"))
    s = s.apply(discard)
    assert s.player == 1 and len(s.hands[1]) == 5 and len(s.hands[0]) == 4


# ------------------------------------------------------------------------ build piles


def test_sb6_piles_start_with_1_and_climb():
    s = load().setup(hands=["1 3 5 SB 12"], reserves=["9 9"], piles=["", 2, 7, 11])
    refused(s, "3 → pile 1", "SB-6")
    refused(s, "5 → pile 2", "SB-6")
    assert "1 → pile 1" in legal(s) and "3 → pile 2" in legal(s)


def test_sb6_completed_pile_is_set_aside_and_slot_frees():
    s = load().setup(hands=["12 2 3 4 5"], reserves=["9 9"], piles=[11])
    s = s.apply("12 → pile 1")
    assert s.piles[0] == () and len(s.aside) == 12 and s.needs[0] == 1


def test_sb6_no_fifth_pile():
    s = load().setup(hands=["1 4 5 8 8"], reserves=["12"], piles=[3, 6, 9, 10])
    err = refused(s, "1 → pile 5", "SB-6")
    assert "four build piles" in err.reason


def test_sb6_aside_is_reshuffled_when_deck_cannot_fill_a_hand():
    game = load()
    s = game.setup(hands=["1 2 3 4 5"], reserves=["9 9"])
    # move almost everything into the set-aside pile
    s.aside, s.deck = s.deck[:-2], s.deck[-2:]
    assert s.components() == game.components()
    for card in range(1, 6):  # the hand empties: the refill needs 5, the deck has 2
        s = s.apply(f"{card} → pile 1")
    assert len(s.hand) == 5 and s.reshuffles == 1 and s.aside == ()
    assert s.components() == game.components()


# ------------------------------------------------------------------------ plays


def test_sb7_reserve_and_hand_play_any_time_and_next_reserve_turns_up():
    s = load().setup(hands=["2 3 9 11 12"], reserves=["6 5 1"])
    refused(s, "4 → pile 1", "SB-7")
    refused(s, "reserve 5 → pile 1", "SB-7")
    s = s.apply("reserve 1 → pile 1")
    assert s.reserve_top(0) == 5 and len(s.reserves[0]) == 2
    s = s.apply("2 → pile 1").apply("3 → pile 1")
    refused(s, "reserve 5 → pile 1", "SB-6")  # pile 1 needs a 4
    assert s.player == 0 and s.needs[0] == 4


def test_sb8_only_top_helper_card_and_four_stacks():
    s = load().setup(
        hands=["2 3 9 11 12"], reserves=["6 5"], stacks=[["4 3", "", "", ""]], piles=[3]
    )
    refused(s, "lead-up: S1:4→1, R5→1", "SB-8")
    refused(s, "discard 9 → stack 5", "SB-8")
    refused(s, "stack 2: 4 → pile 1", "SB-8")
    assert s.is_legal("lead-up: S1:3→1, H4→1, R5→1") is False  # no 4 in hand
    s2 = load().setup(hands=["2 3 9 11 12"], reserves=["6"], stacks=[["4 3"]], piles=[2])
    assert "discard 9 → stack 1" in legal(s2)
    after = s2.apply("discard 9 → stack 1")
    assert after.helper(0, 0) == (4, 3, 9) and after.player == 1


def test_sb9_helper_card_only_inside_a_lead_up_to_the_reserve():
    sc = example("sb-helper-lead-up")
    s = sc.start()
    err = refused(s, "stack 1: 5 → pile 1", "SB-9")
    assert "lead-up: S1:5→1, S2:6→1, R7→1" in err.reason
    refused(s, "lead-up: S1:5→1, S2:6→1", "SB-9")  # does not end on the reserve
    refused(s, "lead-up: S1:5→1, S2:6→1, R8→1", "SB-7")  # the reserve shows a 7
    assert "lead-up: S1:5→1, S2:6→1, R7→1" in legal(s)


def test_sb9_every_card_on_the_reserve_pile_and_at_least_one_helper():
    s = load().setup(
        hands=["6 2 3 11 12"], reserves=["9 7"], stacks=[["5", "", "", ""]], piles=[4, 5]
    )
    refused(s, "lead-up: S1:5→1, H6→2, R7→2", "SB-9")
    refused(s, "lead-up: H6→2, R7→2", "SB-9")
    assert "lead-up: S1:5→1, H6→1, R7→1" in legal(s)
    s = s.apply("lead-up: S1:5→1, H6→1, R7→1")
    assert s.needs[0] == 8 and s.reserve_top(0) == 9


def test_sb9_run_stops_at_the_reserve_card():
    s = load(alternating=False).setup(
        hands=["2 3 4 11 12"], reserves=["9 5"], stacks=[["7 6 5"]], piles=[4]
    )
    assert "reserve 5 → pile 1" in legal(s)
    refused(s, "lead-up: S1:5→1, S1:6→1, R5→1", "SB-9")


def test_sb9_long_reach_past_a_completed_pile():
    # the source's step (d): a run may complete a pile and go on, on the pile started
    # afresh, up to the reserve card
    s = load().setup(
        hands=["1 2 3 9 9"], reserves=["9 4"], stacks=[["11", "12", "", ""]], piles=[10]
    )
    reach = "lead-up: S1:11→1, S2:12→1, H1→1, H2→1, H3→1, R4→1"
    assert reach in legal(s)
    s = s.apply(reach)
    assert s.needs[0] == 5 and len(s.aside) == 12 and s.reserve_top(0) == 9
    # the run still stops where the reserve card could go
    s = load().setup(
        hands=["1 2 3 4 9"], reserves=["9 3"], stacks=[["11", "12", "", ""]], piles=[10]
    )
    err = refused(s, "lead-up: S1:11→1, S2:12→1, H1→1, H2→1, H3→1, H4→1, R3→1", "SB-9")
    assert "reserve 3 could be played" in err.reason
    # a Skip-Bo reserve card still stops the run once the pile has completed
    s = load().setup(
        hands=["1 2 3 9 9"], reserves=["9 SB"], stacks=[["11", "12", "", ""]], piles=[10]
    )
    assert "lead-up: S1:11→1, S2:12→1, RSB→1" in legal(s)
    err = refused(s, "lead-up: S1:11→1, S2:12→1, H1→1, RSB→1", "SB-9")
    assert "complete" in err.reason


def test_sb9_another_order_of_the_same_cards_reads_as_the_listed_lead_up():
    s = load().setup(
        hands=["SB 2 3 11 12"], reserves=["9 7"], stacks=[["5", "SB", "", ""]], piles=[4]
    )
    lead_ups = [m for m in s.legal_moves() if isinstance(m, LeadUp)]
    texts = [str(m) for m in lead_ups]
    assert len(texts) == len(set(texts))
    keys = [s.lead_up_key(m) for m in lead_ups]
    assert len(keys) == len(set(keys)), "each set of cards is listed once"
    # the hand's Skip-Bo as 5 and stack 1's 5 as 6 uses the same cards as S1:5, HSB as 6
    alt = s.parse_move("lead-up: HSB→1, S2:SB→1, R7→1")
    assert s.is_legal(alt)


def test_sb10_alternating_stacks():
    sc = example("sb-alternating")
    s = sc.start()
    err = refused(s, "lead-up: S1:5→1, H6→1, S1:7→1, R8→1", "SB-10")
    assert "hand card" in err.reason
    s2 = sc.load_game().__class__(2, alternating=False).setup(**sc.setup)
    assert s2.is_legal("lead-up: S1:5→1, H6→1, S1:7→1, R8→1")


def test_sb10_counts_across_lead_ups_in_one_turn():
    s = load().setup(
        hands=["2 3 4 11 12"], reserves=["9 7 6"], stacks=[["7 6 5"]], piles=[4], last_stack=1
    )
    assert not [m for m in s.legal_moves() if isinstance(m, LeadUp)]
    refused(s, "lead-up: S1:5→1, R6→1", "SB-10")


# ------------------------------------------------------------------------ blocking


def test_sb11_blocking_example():
    s = example("sb-blocking").start()
    refused(s, "block P1: stack 1: 9 → pile 1", "SB-6")
    refused(s, "block P0: stack 2: 8 → pile 1", "SB-11")
    refused(s, "block P1: stack 2: 8 → pile 2", "SB-11")
    s = s.apply("block P1: stack 2: 8 → pile 1")
    assert s.phase == 1 and s.needs[0] == 9
    refused(s, "4 → pile 2", "SB-11")
    assert all(str(m).startswith("discard") for m in s.legal_moves())


def test_sb11_only_near_going_out_and_only_without_a_hand_block():
    pos = example("sb-blocking").setup
    far = load(block_threshold=2).setup(**pos)
    err = refused(far, "block P1: stack 2: 8 → pile 1", "SB-11")
    assert "3 reserve cards" in err.reason
    with_hand = load().setup(**{**pos, "hands": ["2 4 6 8 12"]})
    err = refused(with_hand, "block P1: stack 2: 8 → pile 1", "SB-11")
    assert "hand" in err.reason
    off = load(blocking=False).setup(**pos)
    refused(off, "block P1: stack 2: 8 → pile 1", "SB-4")
    wild = load().setup(**{**pos, "reserves": ["9 9 6", "5 2 SB"]})
    refused(wild, "block P1: stack 2: 8 → pile 1", "SB-11")


def test_sb11_a_block_is_the_whole_turn_not_after_other_plays():
    s = example("sb-blocking").start()
    assert "block P1: stack 2: 8 → pile 1" in legal(s)
    s = s.apply("4 → pile 2")
    assert not [m for m in legal(s) if m.startswith("block")]
    err = refused(s, "block P1: stack 2: 8 → pile 1", "SB-11")
    assert "already played" in err.reason


def test_sb11_a_block_must_leave_her_reserve_card_no_pile():
    pos = example("sb-blocking").setup
    two = load().setup(**{**pos, "piles": [7, 3, 7, 10]})  # piles 1 and 3 both need an 8
    assert not [m for m in legal(two) if m.startswith("block")]
    err = refused(two, "block P1: stack 2: 8 → pile 1", "SB-11")
    assert "also fits build pile 3" in err.reason
    ones = load().setup(
        **{**pos, "reserves": ["9 9 6", "5 2 1"], "stacks": [["1"]], "piles": ["", "", 7, 3]}
    )
    assert not [m for m in legal(ones) if m.startswith("block")]
    refused(ones, "block P1: stack 1: 1 → pile 1", "SB-11")


def test_sb11_refusals_name_the_block_and_the_players():
    s = example("sb-blocking").start()
    err = refused(s, "stack 2: 8 → pile 1", "SB-9")
    assert err.reason.endswith("block P1: stack 2: 8 → pile 1")
    err = refused(s, "stack 1: 9 → pile 1", "SB-9")  # the 9 cannot block anything
    assert "block" not in err.reason
    err = refused(s, "block P5: stack 2: 8 → pile 1", "SB-11")
    assert "no P5" in err.reason


# ------------------------------------------------------------------------ end of turn


def test_sb12_discard_ends_the_turn_and_pass_only_with_no_cards():
    s = load().start(2)
    refused(s, "pass", "SB-12")
    card = s.hand[0]
    refused(s, f"discard {'SB' if card == 0 else card} → stack 5", "SB-8")
    missing = next(v for v in range(1, 13) if v not in s.hand)
    refused(s, f"discard {missing} → stack 1", "SB-12")


def test_sb13_hand_emptied_by_plays_is_refilled_at_once_but_not_by_discard():
    s = load().setup(hands=["1 2"], reserves=["9 9"], deck_top="3 4 5 6 7")
    s = s.apply("1 → pile 1").apply("2 → pile 1")
    assert s.player == 0 and s.hand == (3, 4, 5, 6, 7)
    s2 = load().setup(hands=["12"], reserves=["9 9"])
    s2 = s2.apply("discard 12 → stack 1")
    assert s2.hands[0] == () and s2.player == 1


def test_sb14_wild_is_any_value_including_a_starting_1():
    s = load().setup(hands=["SB 2 3 11 12"], reserves=["9 9"], piles=["", 4])
    assert "SB as 1 → pile 1" in legal(s) and "SB as 5 → pile 2" in legal(s)
    refused(s, "SB as 3 → pile 2", "SB-14")
    assert str(s.parse_move("SB → pile 2")) == "SB as 5 → pile 2"
    with pytest.raises(ValueError):
        s.parse_move("7 as 3 → pile 1")


# ------------------------------------------------------------------------ end and score


def test_sb15_last_reserve_card_wins_and_the_hand_is_over():
    s = load().setup(hands=["2 3 4 5 6"], reserves=["1", "3 4 5"])
    s = s.apply("reserve 1 → pile 1")
    assert s.is_over and s.winners == (0,) and s.legal_moves() == []
    refused(s, "2 → pile 1", "SB-15")


def test_sb16_official_and_easy_scores():
    pos = {"hands": ["2 3 4 5 6"], "reserves": ["1", "3 4 5", "7 8"]}
    s = load(3).setup(**pos).apply("reserve 1 → pile 1")
    assert s.scores == (25 + 5 * 5, 0, 0)
    e = load(3, scoring="easy").setup(**pos)
    assert e.scores == (1, 3, 2)
    e = e.apply("reserve 1 → pile 1")
    assert e.scores == (0, 3, 2) and e.winners == (0,)
    assert match_scores([s, s]) == (100, 0, 0)
    with pytest.raises(ValueError):
        load(scoring="hard")


def test_house_ruling_blocked_game_ends_without_a_winner():
    game = load()
    s = game.setup(hands=["12"], reserves=["9 9", "8 8"], piles=[3])
    everything = Counter(s.deck)
    s.stacks[0] = s.deck  # park the deck in a helper stack: nothing left to draw
    s.deck = ()
    assert sum(everything.values()) and s.components() == game.components()
    s = s.apply("discard 12 → stack 2")  # P1 has no cards and nothing to draw
    assert not s.is_over
    s = s.apply("pass")
    assert s.is_over and s.winners == () and s.blocked


# ------------------------------------------------------------------------ examples


def test_example_building_to_10():
    states = example("sb-building-to-10").states()
    a, b, _c, d, e, f, g, on, end = states[1:]
    assert a.needs == (3, 9, 6, 4) and a.reserve_top(0) == 10
    assert b.needs[0] == 11 and b.reserve_top(0) == 8 and b.helper(0, 2) == ()
    assert [b.helper(0, s)[-1] for s in (0, 1, 3)] == [11, 12, 10]
    assert not b.is_legal("reserve 8 → pile 3") and not d.is_legal("stack 1: 11 → pile 1")
    assert e.reserve_top(0) == 1 and e.needs == (11, 9, 9, 4)
    assert not f.is_legal("reserve 1 → pile 5")
    assert not [m for m in legal(d) if m.startswith("lead-up")]  # no long reach to the 8
    assert g.piles[0] == (1,) and len(g.aside) == 12 and g.reserve_top(0) == 9
    assert "reserve 9 → pile 2" in legal(g)
    assert on.needs[1] == 10 and on.reserve_top(0) == 12
    assert not [m for m in legal(on) if m.startswith(("reserve", "lead-up"))]  # (g) end
    assert end.player == 1


def test_example_blocking_outcome():
    states = example("sb-blocking").states()
    final = states[-1]
    assert final.player == 1 and final.reserve_top(1) == 8
    assert not any(str(m).startswith("reserve") for m in final.legal_moves())


def test_examples_your_move_refusals():
    s = example("sb-fifth-pile").start()
    assert s.check("1 → pile 5").rule == "SB-6" and s.is_legal("4 → pile 1")
    s = example("sb-alternating").start()
    assert s.check("lead-up: S1:5→1, H6→1, S1:7→1, R8→1").rule == "SB-10"
    after = example("sb-alternating").states()[-1]
    assert after.reserve_top(0) == 9 and after.needs[0] == 9


def test_deal_example_is_the_seeded_game():
    sc = example("sb-deal")
    game = sc.load_game()
    bots = make_bots(game, "heuristic", sc.seed)
    s = game.start(sc.seed)
    for step in sc.steps:
        assert str(bots[s.current_player].choose(s)) == step.move
        s = s.apply(step.move)


# ------------------------------------------------------------------------ text, JSON, bots


def test_text_forms_parse_back_and_json_round_trip():
    s = example("sb-building-to-10").start()
    for m in s.legal_moves():
        assert s.parse_move(str(m)) == m
    with pytest.raises(ValueError):
        s.parse_move("build a pile")
    again = s.game.state_from_json(s.to_json())
    assert again == s and again.legal_moves() == s.legal_moves()
    assert "needs 3" in str(s) and "P0 holds" in str(s)
    assert s.summary().startswith("turn 1 |")
    assert s.svg().startswith("<svg")


def test_picks_name_the_card_then_where_it_goes():
    s = example("sb-building-to-10").start()
    picks = {str(m): s.picks(m) for m in s.legal_moves()}
    assert picks["3 → pile 1"] == ("3", "pile 1")
    assert picks["discard 7 → stack 4"] == ("7", "stack 4")
    # two runs differ only in where the 7 comes from: both pick stacks 1-3 and the pile
    assert picks["lead-up: H3→1, S1:4→1, S2:5→1, S3:6→1, H7→1, S2:8→1, S3:9→1, R10→1"] == (
        "stack 1",
        "stack 2",
        "stack 3",
        "pile 1",
    )
    s = example("sb-blocking").start()
    assert s.picks(s.parse_move("block P1: stack 2: 8 → pile 1")) == (
        "stack 2",
        "pile 1",
        "P1 reserve",
    )
    assert s.picks(s.parse_move("reserve 6 → pile 1")) == ("reserve", "pile 1")
    modern = load(preset="modern").setup(hands=["3"], stacks=[["", "1"]])
    assert modern.picks(modern.parse_move("stack 2: 1 → pile 3")) == ("stack 2", "pile 3")
    assert s.picks(gamebox.load("skip-bo").setup(hands=[""]).parse_move("pass")) == ()


def test_board_for_a_viewer_shows_her_hand_not_the_movers():
    from gamebox.svg import pick_tokens

    s = load().setup(hands=["1 1 4 9 SB", "2 5 7 7 12"], player=1)
    mine, theirs = s.svg(viewer=0), s.svg(viewer=1)
    assert "P0 (you)" in mine and "P0 holds SB 1 1 4 9" in mine
    assert "P1 holds" not in mine and "P0's hand" in mine.replace("&#x27;", "'")
    assert "P1 holds 2 5 7 7 12" in theirs and "P1 (you)" in theirs
    assert "P0 holds" not in theirs and "(you)" not in s.svg()
    # the mover's pieces are tagged on her board; a bot's hand is not pickable for P0
    assert {"12", "7", "reserve", "stack 4", "pile 2", "P0 reserve"} <= pick_tokens(theirs)
    assert not {"1", "SB", "12"} & pick_tokens(mine)
    for m in s.legal_moves():
        assert set(s.picks(m)) <= pick_tokens(theirs)


def test_eight_players_and_18_wilds_play_out():
    game = load(8, wilds=18)
    final = play(game, 3, make_bots(game, "heuristic", 3), max_moves=20_000)
    assert final.is_over


def test_heuristic_beats_random():
    game = load()
    wins = losses = 0
    for seed in range(16):
        h = seed % 2
        bots = [HeuristicBot(seed), RandomBot(seed + 100)]
        if h:
            bots.reverse()
        final = play(game, seed, bots, max_moves=20_000)
        wins += final.winners == (h,)
        losses += final.winners == (1 - h,)
    assert wins >= 11 and losses <= 1


@pytest.mark.parametrize("preset", ["1980", "official", "modern"])
def test_heuristic_games_end_with_a_winner(preset):
    game = load(3, preset=preset)
    won = 0
    for seed in range(6):
        final = play(game, seed, make_bots(game, "heuristic", seed), max_moves=20_000)
        assert final.is_over
        won += bool(final.winners)
    assert won >= 5


def test_registered():
    assert isinstance(load(), SkipBo) and bot_types(load())["heuristic"] is HeuristicBot


def test_sb11_no_block_once_a_helper_card_was_played_this_turn():
    game = gamebox.load("skip-bo", players=2)
    position = dict(
        hands=["2 4 6 10 12"],
        stacks=[["3 9", "4 8", "12", ""]],
        piles=[7, 3, "", 10],
    )
    fresh = game.setup(reserves=["9 9 6", "5 2 8"], **position)
    assert fresh.is_legal("block P1: stack 2: 8 → pile 1")
    later = game.setup(reserves=["9 9 6", "5 2 8"], last_stack=1, **position)
    assert later.played and not later.is_legal("block P1: stack 2: 8 → pile 1")
    empty = game.setup(reserves=["9 9 6", ""], **position)
    assert "reserve is empty" in empty.check("block P1: stack 2: 8 → pile 1").reason
