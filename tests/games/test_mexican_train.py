"""Dual Mexican Train: one test per ruling (MT-1..MT-17), the worked examples, bots."""

import itertools
import json
import re
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest

import gamebox
from gamebox.bots import RandomBot, play
from gamebox.components import Domino
from gamebox.games.mexican_train.bots import HeuristicBot
from gamebox.games.mexican_train.examples import DEAL, DOUBLETS, END, KNOCKING, OPENING
from gamebox.games.mexican_train.moves import (
    ALL_TILES,
    CHALLENGE,
    MARK,
    PICK,
    Play,
    parse_tiles,
    tile_text,
    tile_value,
)
from gamebox.games.mexican_train.rulings import TERMS
from gamebox.rulings import Kind
from gamebox.scenario import other_hands
from gamebox.svg import pick_tokens
from tests import helpers
from tests.helpers import refused

NAMES = ("Joe", "Ann", "Don", "Jan", "Sue", "Ken")


def moves(state):
    return [str(m) for m in state.legal_moves()]


def walk(tiles, start):
    v = start
    for t in tiles:
        v = t % 10 if t // 10 == v else t // 10
    return v


def mid(
    hands,
    *,
    trains=None,
    sides=None,
    side_trains=None,
    marked=(),
    cur=0,
    engine=9,
    doublets="satisfy",
    boneyard="",
    pending=None,
    layer=-1,
    pend_mode="",
    dump=None,
):
    """A six-player position in the middle of hand 1, built from its parts.

    ``trains``/``side_trains``: {player: tiles in laid order}; ``sides``: {(player, tile
    index, side): tiles}; ``marked``: keys ("T", p) or ("T", p, i, s) that carry a marker.
    The tiles not given anywhere fill the boneyard, ``boneyard`` on top (or, with
    ``dump``, go into that player's hand and leave the boneyard empty)."""
    game = gamebox.load("mexican-train", players=6, doublets=doublets)
    trains, sides, side_trains = trains or {}, sides or {}, side_trains or {}
    base = game.setup(hands=["[9:9]"] + [""] * 5, names=NAMES).to_data()
    hand_tiles = [parse_tiles(h) for h in hands]
    lines = []
    laid = [engine * 11]
    for kind, src in (("T", trains), ("S", side_trains)):
        for p in range(6):
            tiles = parse_tiles(src.get(p, ""))
            laid += tiles
            dbl = [i for i, t in enumerate(tiles) if t // 10 == t % 10]
            key = [kind, p]
            lines.append(
                [
                    key,
                    " ".join(map(tile_text, tiles)),
                    walk(tiles, engine),
                    tuple(key) in marked,
                    dbl,
                ]
            )
            for i in dbl:
                for s in (0, 1):
                    st = parse_tiles(sides.get((p, i, s), "")) if kind == "T" else []
                    laid += st
                    v = tiles[i] % 10
                    skey = [kind, p, i, s]
                    lines.append(
                        [skey, " ".join(map(tile_text, st)), walk(st, v), tuple(skey) in marked, []]
                    )
    rest = Counter(ALL_TILES)
    top = parse_tiles(boneyard)
    rest.subtract([t for h in hand_tiles for t in h] + laid + top)
    assert all(v >= 0 for v in rest.values()), "a tile is used three times"
    bone = sorted(rest.elements()) + top[::-1]
    if dump is not None:
        hand_tiles[dump] += bone
        bone = []
    base.update(
        phase="play",
        engine=engine,
        centre=tile_text(engine * 11),
        lead=0,
        player=cur,
        goround=1,
        hands=[" ".join(map(tile_text, h)) for h in hand_tiles],
        boneyard=" ".join(map(tile_text, bone)),
        lines=lines,
        pending=list(pending) if pending else None,
        layer=layer,
        pend_mode=pend_mode,
        picked=None,
    )
    state = game.state_from_data(base, gamebox.rng.Rng(0))
    assert state.components() == game.components()
    return state


# a table where everybody's bay is filled, nothing marked
FILLED = {0: "[9:3]", 1: "[9:7]", 2: "[9:5]", 3: "[9:1]", 4: "[9:6]", 5: "[9:8]"}


# ---------------------------------------------------------------- components, deal


def test_mt1_two_double_nine_sets():
    game = gamebox.load("mexican-train", players=8)
    comp = game.components()
    assert sum(comp.values()) == 110
    assert set(comp.values()) == {2} and Domino(9, 9) in comp and Domino(0, 0) in comp
    state = game.start(3)
    assert state.components() == comp


@pytest.mark.parametrize(("players", "size"), [(6, 9), (7, 8), (8, 7), (10, 7)])
def test_mt2_hand_sizes(players, size):
    game = gamebox.load("mexican-train", players=players)
    state = game.start(1)
    assert game.options.hand_size == size
    dealt = [len(h) for h in state.hands]
    assert sorted(set(dealt)) in ([size], [size, size + 1])  # + one tile if drawn (MT-17)


def test_mt2_hand_size_option_and_fewer_players():
    game = gamebox.load("mexican-train", players=3, hand_size=10)
    assert [len(h) for h in game.start(2).hands] == [10, 10, 10]
    assert gamebox.load("mexican-train", players=2).options.hand_size == 12
    with pytest.raises(ValueError):
        gamebox.load("mexican-train", players=10, hand_size=11)


def test_mt3_options_are_checked():
    with pytest.raises(ValueError):
        gamebox.load("mexican-train", players=6, doublets="maybe")
    with pytest.raises(ValueError):
        gamebox.load("mexican-train", players=6, hands=11)
    assert gamebox.load("mexican-train", players=6).options.doublets == "satisfy"


def test_mt4_go_rounds_and_hands_are_counted_apart():
    states = OPENING.states()
    assert states[0].hand_number == 1
    assert states[12].goround == 1  # Ina to move, step 8
    assert states[13].goround == 2  # Joe's second turn starts go-round 2
    assert "hand 1 go-round 2" in states[13].summary()


# ---------------------------------------------------------------- starting a hand


def test_mt5_the_highest_missing_engine_is_placed_by_its_first_holder():
    game = gamebox.load("mexican-train", players=6)
    hands = ["[1:2]", "[8:8]", "[5:5]", "[8:8] [9:1]", "[0:1]", "[0:2]"]
    state = game.setup(hands=hands, names=NAMES)
    assert state.current_player == 1  # Ann: first of the two [8:8] holders from Joe
    assert moves(state) == ["[8:8] → centre"]
    refused(state, "[5:5] → centre", "MT-5")
    refused(state, "pick", "MT-5")
    # a later hand goes back to the missed [9:9]
    later = game.setup(hands=["[9:9]", "[8:8]", "", "", "", ""], used="8", hand_no=1)
    assert moves(later) == ["[9:9] → centre"]


def test_mt6_the_centre_is_satisfied_in_the_placers_bay():
    states = OPENING.states()
    ann = states[3]  # after Joe marked
    assert ann.current_player == 1
    assert moves(ann) == ["[9:3] → Joe's bay", "[9:7] → Joe's bay"]
    refused(ann, "[9:7] → Ann's bay", "MT-6")
    after = states[4]
    assert after.lines[("T", 0)][0] == (93,) and after.lines[("T", 0)][2]  # marker kept
    assert not after.bay_done(1)  # Ann's bay stays empty and unmarked


def test_mt6_follow_up_option_lets_play_go_on():
    game = gamebox.load("mexican-train", players=8, doublets="follow-up")
    state = game.setup(**OPENING.setup)
    for m in ("[9:9] → centre", "pick", "mark"):
        state = state.apply(m)
    # Ann need not answer Joe's doublet: she fills her own bay (or Joe's marked one)
    assert set(moves(state)) == {
        "[9:3] → Ann's bay",
        "[9:7] → Ann's bay",
    }
    refused(state, "[9:3] → Joe's bay", "MT-7")


def test_mt7_bay_first():
    states = OPENING.states()
    ann = states[15]  # step 10: Ann's bay never filled nor marked
    err = refused(ann, "[3:5] → Joe's train", "MT-7")
    assert "bay" in err.reason
    assert moves(ann) == ["[9:7] → Ann's bay"]
    don = states[4]  # step 3: no 9, so pick, then mark the bay
    assert moves(don) == ["pick"]
    refused(don, "mark", "MT-9")
    assert moves(states[5]) == ["mark"]
    assert states[6].lines[("T", 2)][2] and states[6].bay_done(2)


# ---------------------------------------------------------------- a turn


def test_mt8_open_ends_for_a_player():
    state = mid(
        ["[3:4] [7:2] [1:6] [9:2]", "", "", "", "", ""],
        trains={**FILLED, 2: ""},
        marked={("T", 1), ("T", 2)},
    )
    got = set(moves(state))
    assert "[4:3] → Joe's train" in got  # own train
    assert "[7:2] → Ann's train" in got  # marked train
    assert "[9:2] → Don's bay" in got  # another's empty marked bay (6)
    assert "[9:2] → Joe's side train" in got  # own side train (4)
    refused(state, "[1:6] → Jan's train", "MT-8")  # Jan's train is not marked
    refused(state, "pick", "MT-8")
    refused(state, "[5:5] → Joe's train", "MT-8")  # not held
    refused(state, "[7:2] → Joe's train", "MT-8")  # does not match


def test_mt8_pick_then_only_the_picked_tile():
    state = mid(["[5:5] [6:6]", "", "", "", "", ""], trains=FILLED, boneyard="[3:1] [8:8]")
    assert moves(state) == ["pick"]
    refused(state, "mark", "MT-9")
    picked = state.apply("pick")
    assert moves(picked) == ["[3:1] → Joe's train"]
    refused(picked, "pick", "MT-8")
    after = picked.apply("[3:1] → Joe's train")
    assert after.current_player == 1 and after.picked == -1


def test_mt9_marking_and_the_last_doublet():
    state = mid(
        ["[5:4]", "", "", "", "", ""],
        trains={**FILLED, 0: "[9:3] [3:3] [3:8]"},
        sides={(0, 1, 0): "[3:1]"},
        marked={("T", 0)},
        dump=5,
    )
    assert moves(state) == ["mark"]  # the boneyard is empty
    after = state.apply("mark")
    assert after.lines[("T", 0, 1, 0)][2]  # the marker goes on a side of the [3:3]


def test_mt9_mark_requires_a_pick_first():
    state = mid(["[5:4]", "", "", "", "", ""], trains=FILLED, boneyard="[0:2]")
    refused(state, "mark", "MT-9")
    state = state.apply("pick").apply("mark")
    assert state.lines[("T", 0)][2]


def test_mt10_markers_lift_or_slide():
    state = mid(
        ["[3:4]", "[3:5] [1:1]", "", "", "", ""],
        trains=FILLED,
        marked={("T", 0)},
    )
    own = state.apply("[3:4] → Joe's train")  # Joe goes out; marker lifted on the way
    assert not own.lines[("T", 0)][2]
    state = mid(["[8:0]", "[3:5] [1:0]", "", "", "", ""], trains=FILLED, marked={("T", 0)}, cur=1)
    slid = state.apply("[3:5] → Joe's train")
    tiles, end, marked, _ = slid.lines[("T", 0)]
    assert tiles == (93, 53) and end == 5 and marked


def test_mt11_doublets_are_followed_up_by_their_layer():
    state = mid(["[3:3] [3:6] [7:1] [2:2]", "", "", "", "", ""], trains=FILLED)
    state = state.apply("[3:3] → Joe's train")
    assert state.current_player == 0
    assert moves(state) == ["[6:3] → Joe's train"]
    err = refused(state, "[7:1] → Ann's train", "MT-11")
    assert "follow up" in err.reason
    state = state.apply("[6:3] → Joe's train")
    assert state.current_player == 1


def test_mt11_satisfy_passes_the_duty_on():
    state = mid(
        ["[3:3] [8:8]", "[3:2] [7:4]", "[5:1]", "", "", ""],
        trains=FILLED,
        boneyard="[0:1]",
    )
    state = state.apply("[3:3] → Joe's train").apply("pick").apply("mark")
    assert state.current_player == 1
    assert moves(state) == ["[3:2] → Joe's train"]
    refused(state, "[7:4] → Ann's train", "MT-11")
    state = state.apply("[3:2] → Joe's train")
    assert state.pending is None and state.current_player == 2


def test_mt11_follow_up_option_ends_the_duty():
    state = mid(
        ["[3:3] [8:8]", "[3:2] [7:4]", "", "", "", ""],
        trains=FILLED,
        boneyard="[0:1]",
        doublets="follow-up",
    )
    state = state.apply("[3:3] → Joe's train").apply("pick").apply("mark")
    assert "[7:4] → Ann's train" in moves(state)
    assert "[3:2] → Joe's train" in moves(state)  # marked: open, but not a duty


def test_mt11_duplicate_doublet_needs_its_own_follow_up():
    state = mid(["[3:3] [3:3] [3:0]", "", "", "", "", ""], trains=FILLED)
    state = state.apply("[3:3] → Joe's train")
    assert "[3:3] → Joe's train" in moves(state)
    state = state.apply("[3:3] → Joe's train")
    assert state.current_player == 0 and moves(state) == ["[3:0] → Joe's train"]


def test_mt12_doublet_sides():
    state = mid(
        ["[3:1] [0:2]", "[3:5] [3:4]", "", "", "", ""],
        trains={**FILLED, 0: "[9:3] [3:3] [3:0]"},
        marked={("T", 0, 1, 0)},
    )
    joe = set(moves(state))
    assert {"[3:1] → Joe's train, tile 2, side a", "[3:1] → Joe's train, tile 2, side b"} <= joe
    ann = state.apply("[0:2] → Joe's train")
    assert "[5:3] → Joe's train, tile 2, side a" in moves(ann)  # marked side
    refused(ann, "[3:5] → Joe's train, tile 2, side b", "MT-12")  # unmarked side
    refused(ann, "[3:5] → Joe's train, tile 1, side a", "MT-12")  # [9:3] is no doublet


def test_mt13_side_trains():
    state = mid(
        ["[9:4] [9:0]", "[9:2] [4:1]", "", "", "", ""],
        trains={**FILLED, 1: ""},
        marked={("T", 1)},
    )
    assert "[9:4] → Joe's side train" in moves(state)
    refused(state, "[9:4] → Ann's side train", "MT-13")
    state = state.apply("[9:4] → Joe's side train")
    assert "[4:1] → Joe's side train" in moves(state)  # anyone may add
    refused(state, "[9:2] → Ann's side train", "MT-13")  # Ann's bay is empty (marked)
    # one side train: Joe's next 9 cannot start a second one
    assert state.lines[("S", 0)][0] == (94,)


def test_mt14_going_out_on_a_doublet_needs_no_follow_up():
    state = mid(["[3:3]", "[5:5] [1:1]", "", "", "", ""], trains=FILLED)
    out = state.apply("[3:3] → Joe's train")
    assert out.hand_scores[0] == 0 and out.hand_scores[1] == 20 + 4
    assert out.phase == "scored" and moves(out) == ["next hand"]


def test_mt14_a_player_with_one_tile_shows_a_knock():
    state = mid(["[3:4] [1:2]", "", "", "", "", ""], trains=FILLED)
    after = state.apply("[3:4] → Joe's train")
    assert "Joe  1 tile knock!" in str(after).replace(">", " ")


# ---------------------------------------------------------------- end and scoring


def test_mt15_blocked_hand_ends_after_a_quiet_go_round():
    # boneyard empty: lay every spare tile on trains
    state = mid(["", "[0:0]", "[0:0]", "[0:1]", "[0:1]", "[0:2]"], trains=FILLED, dump=0)
    playing = 0
    while state.phase == "play":
        legal = state.legal_moves()
        state = state.apply(legal[0])
        playing += 1
        assert playing < 500
    assert state.phase == "scored"
    refused(state, "mark", "MT-15")


def test_mt15_next_hand_only_between_hands():
    state = OPENING.start()
    refused(state, "next hand", "MT-15")


def test_mt16_scoring_and_series():
    assert tile_value(44) == 16 and tile_value(0) == 50 and tile_value(30) == 3
    game = gamebox.load("mexican-train", players=6, hands=2)
    final = play(game, 7, [HeuristicBot(i) for i in range(6)])
    assert final.is_over and final.hand_no == 2
    assert final.winners == tuple(p for p in range(6) if final.totals[p] == min(final.totals))
    refused(final, "pick", "MT-16")


def test_mt17_missing_engines_are_drawn_for():
    states = END.states()
    assert states[0].phase == "draw" and states[1].phase == "draw"
    found = states[2]
    assert found.phase == "engine" and found.current_player == 4
    assert moves(found) == ["[1:1] → centre"]
    assert 0 in found.hands[0]  # Joe's [0:0] stays in his hand
    refused(END.start(), "[9:2] → Joe's bay", "MT-17")
    assert states[3].engine == 1 and states[4].lines[("T", 4)][0] == (41,)


# ---------------------------------------------------------------- the examples


def test_opening_example_outcome():
    final = OPENING.states()[-1]
    assert final.goround == 2
    assert final.lines[("T", 0)][:3] == ((93, 63), 6, True)  # Joe's train, marker on [6:3]
    assert [final.bay_done(p) for p in range(8)] == [True] * 8
    filled = [p for p in range(8) if final.lines[("T", p)][0]]
    assert filled == [0, 1, 3, 5, 7]  # Don, Sue and Art marked empty bays
    assert final.current_player == 3  # Jan is next


def test_move_text_round_trips():
    state = mid(["[3:1]", "", "", "", "", ""], trains={**FILLED, 0: "[9:3] [3:3] [3:0]"})
    for m in state.legal_moves():
        assert state.parse_move(str(m)) == m
    with pytest.raises(ValueError):
        state.parse_move("[3:1] → Bob's train")
    assert state.parse_move("[1:3] -> Joe's train, tile 2, side a") in state.legal_moves()


# ---------------------------------------------------------------- bots


def test_heuristic_beats_random():
    game = gamebox.load("mexican-train", players=6, hands=3)
    better = 0
    for seed in range(8):
        bots = [HeuristicBot(seed) if p % 2 == 0 else RandomBot(seed + p) for p in range(6)]
        final = play(game, seed, bots)
        heur = sum(final.totals[0::2])
        rand = sum(final.totals[1::2])
        better += heur < rand
    assert better >= 7


def test_heuristic_series_ends_quickly():
    game = gamebox.load("mexican-train", players=10)
    final = play(game, 1, [HeuristicBot(i) for i in range(10)], max_moves=20_000)
    assert final.is_over and len(final.history) < 5000


def test_mt14_table_knocking_and_challenge():
    state = mid(["[3:4] [1:2]", "[5:5]", "", "", "", ""], trains=FILLED)
    game = gamebox.load("mexican-train", players=6, knocking="table")
    state = game.state_from_data(state.to_data(), state.rng)
    refused(state, "knock", "MT-14")
    state = state.apply("[4:3] → Joe's train")
    assert state.current_player == 0 and moves(state) == ["knock", "keep quiet"]
    refused(state, "[2:1] → Joe's train", "MT-14")
    assert "to knock or keep quiet" in str(state) and "kept quiet" not in state.svg()
    knocked = state.apply("knock")
    assert knocked.current_player == 1 and "challenge" not in moves(knocked)
    assert "knock!" in str(knocked)
    refused(knocked, "challenge", "MT-14")
    quiet = state.apply("keep quiet")
    # Ann has no play: she may challenge, or pick as she would anyway (MT-7, MT-14)
    assert moves(quiet) == ["challenge", "pick"] and "kept quiet" in str(quiet)
    after = quiet.apply("challenge")
    assert len(after.hands[0]) == 2 and after.current_player == 1
    assert moves(after) == ["pick"]
    unchallenged = quiet.apply("pick")
    assert len(unchallenged.hands[0]) == 1 and "challenge" not in moves(unchallenged)
    with pytest.raises(ValueError):
        gamebox.load("mexican-train", players=6, knocking="never")


def test_mt14_the_quiet_player_cannot_challenge_herself():
    # Joe lays [4:4] with one tile left, keeps quiet, and must still follow up his doublet
    state = mid(
        ["[4:4] [1:2]", "[5:5]", "", "", "", ""], trains={**FILLED, 0: "[9:4]"}, boneyard="[8:6]"
    )
    game = gamebox.load("mexican-train", players=6, knocking="table")
    state = game.state_from_data(state.to_data(), state.rng).apply("[4:4] → Joe's train")
    quiet = state.apply("keep quiet")
    assert quiet.current_player == 0 and moves(quiet) == ["pick"]
    err = refused(quiet, "challenge", "MT-14")
    assert "yourself" in err.reason
    # his own follow-up does not end the chance to challenge: it passes to Ann
    picked = quiet.apply("pick")  # the [8:6]: no 4
    assert picked.current_player == 0 and moves(picked) == ["mark"]
    ann = picked.apply("mark")
    assert ann.current_player == 1 and moves(ann)[0] == "challenge"
    assert "Joe  2 tiles kept quiet" in str(ann).replace(">", " ")
    assert "kept quiet" in ann.svg()
    assert len(ann.apply("challenge").hands[0]) == 3
    assert "challenge" not in moves(ann.apply(moves(ann)[1]))


def test_refusals_name_the_right_place_and_rule():
    # the centre engine's follow-up goes in a bay (MT-6), and the refusal names the centre
    state = OPENING.start().apply("[9:9] → centre")
    err = refused(state, "[8:4] → Joe's bay", "MT-6")
    assert "centre engine [9:9]" in err.reason and "9" in err.reason
    assert "centre engine [9:9]" in refused(state, "[8:4] → Joe's side train", "MT-6").reason
    # an unstarted side train has no open end: its first tile matches the centre (MT-13)
    state = mid(["[8:4] [9:2]", "", "", "", "", ""], trains=FILLED)
    assert "first tile" in refused(state, "[8:4] → Joe's side train", "MT-13").reason
    # a bay takes an engine matching the centre (MT-7)
    state = mid(["[8:4] [9:2]", "", "", "", "", ""])
    assert "centre" in refused(state, "[8:4] → Joe's bay", "MT-7").reason
    # an empty train: "play to the bay" only when the bay would take the tile (MT-8)
    state = mid(["[6:5] [9:2]", "", "", "", "", ""], trains={0: "[9:3]"}, marked={("T", 2)})
    assert "bay instead" not in refused(state, "[6:5] → Ann's train", "MT-8").reason
    assert "bay instead" in refused(state, "[9:2] → Don's train", "MT-8").reason
    assert "bay instead" not in refused(state, "[6:5] → Don's train", "MT-8").reason
    # the engine to place is the highest unused doublet (MT-5)
    assert "unused" in refused(OPENING.start(), "[8:8] → centre", "MT-5").reason


def test_doublets_example_outcome():
    final = DOUBLETS.states()[-1]
    assert final.lines[("T", 0)][0] == (94, 44, 74)
    assert final.lines[("T", 0, 1, 0)][0] == (41,)  # Joe used a side of his own [4:4]
    assert final.lines[("S", 1)][0] == (95, 65)  # Ann's side train, extended by Don
    assert final.current_player == 1


def test_deal_example_outcome():
    final = DEAL.states()[-1]
    art = final.lines[("T", 6)]
    assert art[0] == (99, 92) and art[2]  # Ina satisfied Art's [9:9]; his marker slid on
    assert final.pending is None and final.current_player == 0


def test_knocking_example_outcome():
    states = KNOCKING.states()
    assert states[3].silent == 0 and states[4].silent == -1
    assert [len(h) for h in states[-1].hands] == [2, 2, 3, 3, 3, 3]  # Joe's penalty tile
    assert states[-1].current_player == 2


def test_board_draws_every_phase():
    game = gamebox.load("mexican-train", players=10, hands=2)
    state = game.start(4)
    seen = set()
    bots = [HeuristicBot(i) for i in range(10)]
    while True:
        phase = "over" if state.is_over else state.phase
        if phase not in seen or len(state.history) % 97 == 0:
            seen.add(phase)
            board = state.svg()
            assert board.startswith("<svg") and "<title" in board and "Dual Mexican Train" in board
        if state.is_over:
            break
        state = state.apply(bots[state.current_player].choose(state))
    assert {"engine", "play", "scored", "over"} <= seen
    assert END.start().svg().count("<svg") == 1  # the simultaneous draw, before any engine


# ---------------------------------------------------------------- the play board


def test_picks_name_the_tile_then_its_place_and_the_board_tags_them():
    state = mid(
        ["[3:1] [0:2] [9:4]", "[3:5] [3:4]", "", "", "", ""],
        trains={**FILLED, 0: "[9:3] [3:3] [3:0]"},
        marked={("T", 0, 1, 0)},
    )
    picks = {str(m): state.picks(m) for m in state.legal_moves()}
    assert picks == {
        "[2:0] → Joe's train": ("[2:0]", "Joe's train"),
        "[3:1] → Joe's train, tile 2, side a": ("[3:1]", "Joe's train, tile 2, side a"),
        "[3:1] → Joe's train, tile 2, side b": ("[3:1]", "Joe's train, tile 2, side b"),
        "[9:4] → Joe's side train": ("[9:4]", "Joe's side train"),  # an empty slot
    }
    tokens = pick_tokens(state.svg(viewer=0))
    assert {t for p in picks.values() for t in p} <= tokens
    assert {"centre", "boneyard", "Ann's train", "Ken's train"} <= tokens
    assert state.picks(PICK) == ("boneyard",) and state.picks(MARK) == ("Joe's train",)
    start = gamebox.load("mexican-train", players=8).start(2)
    assert start.picks(start.legal_moves()[0]) == ("[9:9]", "centre")
    assert {"[9:9]", "centre"} <= pick_tokens(start.svg(viewer=start.current_player))


def test_a_mark_picks_where_the_marker_goes_and_a_challenge_who_kept_quiet():
    state = mid(
        ["[1:2]", "[5:5]", "", "", "", ""],
        trains={**FILLED, 0: "[9:3] [3:3] [3:0]"},
        marked={("T", 0)},
    )
    assert state.picks(MARK) == ("Joe's train, tile 2, side a",)  # MT-9: the end is marked
    game = gamebox.load("mexican-train", players=6, knocking="table")
    state = mid(["[3:4] [1:2]", "[5:5]", "", "", "", ""], trains=FILLED)
    state = game.state_from_data(state.to_data(), state.rng).apply("[4:3] → Joe's train")
    assert [state.picks(m) for m in state.legal_moves()] == [(), ()]  # knock, keep quiet
    quiet = state.apply("keep quiet")
    assert quiet.picks(CHALLENGE) == ("Joe's tiles",) and state.picks(CHALLENGE) == ()
    board = quiet.svg(viewer=1)
    assert "Joe's tiles" in pick_tokens(board) and "kept quiet" in board


def test_a_long_train_keeps_its_doublets_on_the_board():
    train = "[9:3] [3:3] [3:0] [0:1] [1:2] [2:4] [4:5] [5:6] [6:7] [7:8] [8:0] [0:2]"
    state = mid(["[3:1] [2:6]", "", "", "", "", ""], trains={**FILLED, 0: train})
    assert "[3:1] → Joe's train, tile 2, side b" in moves(state)
    board = state.svg(viewer=0)
    assert {"Joe's train, tile 2, side a", "Joe's train, tile 2, side b"} <= pick_tokens(board)
    # its last nine tiles and the [3:3] with sides: [9:3], then [3:0] hidden
    assert re.findall(r">\+(\d+)<", board) == ["1", "1"]


def test_the_board_for_a_viewer_shows_their_hand_not_the_movers():
    state = mid(["[3:1] [0:2]", "[3:5] [3:4]", "", "", "", ""], trains=FILLED)
    assert str(state).splitlines()[-2:] == ["Joe to move", "Joe holds [3:1] [2:0]"]
    assert state.describe(1).splitlines()[-2:] == ["Joe to move", "Ann holds [5:3] [4:3]"]
    # the other hands beside the board name the player to move once, not before each hand
    others = [line for _, lines in other_hands(state) for line in lines]
    assert others[0] == "Ann holds [5:3] [4:3]" and len(others) == 5
    assert not any("to move" in line for line in others)
    board = state.svg(viewer=1)
    assert {"[5:3]", "[4:3]"} <= pick_tokens(board)
    assert not {"[3:1]", "[2:0]"} & pick_tokens(board)
    assert "Ann&#x27;s hand" in board and "holding" not in board
    example = pick_tokens(state.svg())  # a worked example shows the mover's hand
    assert {"[3:1]", "[2:0]"} <= example
    assert pick_tokens(state.svg(viewer=0)) - example == {"Joe's side train"}  # an empty slot


def drawn(area) -> dict[str, list]:
    """What an area draws, in its own coordinates: the boxes (x0, y0, x1, y1, what) of
    its tiles ("paper"), empty places ("slot"), hit areas ("hit"), with the token of the
    piece each is part of, and of its texts ("text", with the text; width estimated at
    0.6 em a character)."""
    ns = "{http://www.w3.org/2000/svg}"
    found: dict[str, list] = {"paper": [], "slot": [], "hit": [], "text": []}

    def walk(node, dx: float, dy: float, token: str) -> None:
        move = re.match(r"translate\(([-\d.]+) ([-\d.]+)\)", node.get("transform", ""))
        if move:
            dx, dy = dx + float(move[1]), dy + float(move[2])
        token = node.get("data-pick", token)
        kind = node.get("class")
        if node.tag == ns + "rect" and kind in found:
            x, y = dx + float(node.get("x")), dy + float(node.get("y"))
            found[kind].append(
                (x, y, x + float(node.get("width")), y + float(node.get("height")), token)
            )
        elif node.tag == ns + "text":
            size, x, y = (float(node.get(k)) for k in ("font-size", "x", "y"))
            wide = 0.6 * size * len(node.text)
            x += dx - {"start": 0, "middle": wide / 2, "end": wide}[node.get("text-anchor")]
            found["text"].append(
                (x, dy + y - 0.75 * size, x + wide, dy + y + 0.2 * size, node.text)
            )
        for child in node:
            walk(child, dx, dy, token)

    svg = f'<svg xmlns="http://www.w3.org/2000/svg">{area.body}</svg>'
    walk(ElementTree.fromstring(svg), 0, 0, "")
    return found


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def phone_problems(board) -> list[str]:
    """What a phone would show wrong: a tile or a text past its area's edge, a text over
    a tile or another text, a piece's hit area overlapping another's."""
    found = []
    for area in board.areas:
        parts = drawn(area)
        tiles, texts, hits = parts["paper"], parts["text"], parts["hit"]
        for box in tiles + texts:
            if box[0] < 0 or box[1] < 0 or box[2] > area.width or box[3] > area.height:
                found.append(f"{area.name}: {box} past the edge")
        for k, text in enumerate(texts):
            found += [
                f"{area.name}: {text} on {t}" for t in tiles + texts[k + 1 :] if overlap(text, t)
            ]
        for k, hit in enumerate(hits):
            found += [f"{area.name}: {hit} on {h}" for h in hits[k + 1 :] if overlap(hit, h)]
    return found


@pytest.mark.parametrize("players", [8, 10])
def test_a_phone_shows_every_train_whole_and_every_piece_apart(players):
    """Over bot games at a big table, drawn for the player to move: every tile and text
    stays inside its area (long trains and side trains wrap), no text runs over a tile or
    another text (a full side train ran under its lane's score, "+54 = 317", once), and
    no piece's hit area overlaps another's, so a tap lands on the piece it aims at."""
    game = gamebox.load("mexican-train", players=players)
    boards = most_rows = 0
    for seed in range(3):
        state, bots = game.start(seed), [HeuristicBot(seed + i) for i in range(players)]
        for step in range(100_000):
            if state.is_over:
                break
            if step % 9 == 0 and state.lines:
                board = state.areas(viewer=state.current_player)
                assert phone_problems(board) == [], (seed, step)
                boards += 1
                most_rows = max(most_rows, *(a.height // 44 for a in board.areas[2:-1]))
            move = (
                state.sample_chance()
                if state.is_chance
                else bots[state.current_player].choose(state)
            )
            state = state.apply(move)
    assert boards > 80 and most_rows >= 5  # some panels did grow many rows


def test_the_areas_come_in_reading_order_and_the_hand_is_whole():
    """The areas a phone stacks: the table, the centre, each seat's panel in seat order,
    then the hand; every hand tile whole and its centre a tap (44 px) from the next, in
    rows of seven; an empty bay and an empty doublet side tagged by their outlines, so a
    tap anywhere inside the slot picks it."""
    hand = "[9:4] [8:2] [7:3] [6:6] [6:1] [5:2] [4:4] [4:0] [3:3] [2:1] [1:0]"
    trains = {**FILLED, 0: "[9:3] [3:3] [3:0]"}
    del trains[2]
    state = mid([hand, "[5:5]", "", "", "", ""], trains=trains, marked={("T", 2)})
    board = state.areas(viewer=0)
    panels = [f"{n}'s panel" for n in NAMES[1:]]
    assert [area.name for area in board.areas] == [
        "the table",
        "the centre and the boneyard",
        "your panel",
        *panels,
        "your hand",
    ]
    assert state.areas().areas[-1].name == "Joe's hand"  # a worked example's
    tiles = drawn(board.areas[-1])["paper"]
    assert len(tiles) == 11
    assert not any(overlap(a, b) for k, a in enumerate(tiles) for b in tiles[k + 1 :])
    centres = sorted(((t[1] + t[3]) / 2, (t[0] + t[2]) / 2) for t in tiles)
    rows = [[x for y, x in centres if y == row] for row in sorted({y for y, _ in centres})]
    assert [len(r) for r in rows] == [7, 4]
    assert all(b - a >= 44 for r in rows for a, b in itertools.pairwise(r))
    slots = {}
    for area in board.areas:
        parts = drawn(area)
        for slot in parts["slot"]:
            hit = next(h for h in parts["hit"] if h[4] == slot[4])
            assert hit[:2] <= slot[:2] and hit[2:4] >= slot[2:4], slot  # the hit holds it
            slots[slot[4]] = area.name
    assert slots == {
        "Don's bay": "Don's panel",
        "Joe's train, tile 2, side a": "your panel",
        "Joe's train, tile 2, side b": "your panel",
        "Joe's side train": "your panel",
    }


def test_mt14_an_unchallenged_quiet_player_is_not_shown_as_knocking():
    game = gamebox.load("mexican-train", players=6, knocking="table")
    start = mid(["[3:4] [1:2]", "[5:5]", "", "", "", ""], trains=FILLED)
    state = game.state_from_data(start.to_data(), start.rng).apply("[4:3] → Joe's train")
    knocked = state.apply("knock").apply("pick")
    assert "Joe  1 tile knock!" in str(knocked).replace(">", " ")
    unchallenged = state.apply("keep quiet").apply("pick")
    joe = next(line for line in str(unchallenged).splitlines() if "Joe " in line)
    assert "knock!" not in joe and "quiet" not in joe
    assert "knock!" not in unchallenged.svg() and ">1 tile<" in unchallenged.svg()
    assert "ended with your pick" in refused(unchallenged, "challenge", "MT-14").reason
    assert "nobody has kept quiet" in refused(state.apply("knock"), "challenge", "MT-14").reason


def test_mt14_no_challenge_without_a_penalty_tile():
    game = gamebox.load("mexican-train", players=6, knocking="table")
    start = mid(["[3:4] [1:2]", "[5:5]", "", "", "", ""], trains=FILLED, dump=2)
    state = game.state_from_data(start.to_data(), start.rng).apply("[4:3] → Joe's train")
    quiet = state.apply("keep quiet")
    assert not quiet.boneyard and "challenge" not in moves(quiet)
    assert "no penalty tile" in refused(quiet, "challenge", "MT-14").reason


# ---------------------------------------------------------------- hostile input (issue 14)


def test_a_play_of_another_table_or_with_impossible_fields_is_refused():
    state = mid(
        ["[3:1] [0:2] [9:4]", "[3:5] [3:4]", "", "", "", ""],
        trains={**FILLED, 0: "[9:3] [3:3] [3:0]"},
        marked={("T", 0, 1, 0)},
    )
    ten = gamebox.load("mexican-train", players=10).start(1)
    assert ten.names[7] == "Ina"  # a seat this table of six does not have
    # no play at this table at all (Play.malformed): refused before any rule is asked
    malformed = {
        Play(31, "T", 7, -1, -1, "Ina"): "not seat 7",  # was a KeyError
        Play(94, "B", 7, -1, -1, "Ina"): "not seat 7",  # was a KeyError
        Play(20, "T", 0, -1, -1, "Bob"): "seat 0 is Joe's",
        Play(100, "T", 0, -1, -1, "Joe"): "there is no tile 100",
        Play(31, "X", 0, -1, -1, "Joe"): "'X' is no place",  # was a KeyError
        Play(31, "T", 0, 1, 7, "Joe"): "side 0 or 1",  # a doublet has sides 0 and 1: KeyError
        Play(31, "T", 0, -5, 1, "Joe"): "side 0 or 1",  # was refused as "[3:1] has no 0"
        Play(94, "B", 0, 0, 0, "Joe"): "side 0 or 1",  # a bay has no doublet sides
    }
    for move, words in malformed.items():
        assert words in refused(state, move, "MT-0").reason
    refused(state, Play(31, "T", 0, 5, 0, "Joe"), "MT-12")  # tile 6 is no doublet with sides
    for fields in ((31.0, "T", 0, -1, -1, "Joe"), (31, "T", True, -1, -1, "Joe")):
        with pytest.raises(TypeError, match="whole numbers and texts"):
            Play(*fields)  # 31.0 would equal 31, and True seat 1, yet corrupt the table
    with pytest.raises(TypeError, match="not a move of Dual Mexican Train"):
        state.apply(gamebox.load("milk-run").start(1).legal_moves()[0])


def test_the_engine_is_placed_by_its_holder_only():
    state = OPENING.start()  # Joe holds the [9:9]
    assert moves(state) == ["[9:9] → centre"]
    err = refused(state, Play(99, "C", 1, -1, -1, "Ann"), "MT-5")
    assert "Joe holds the engine [9:9]" in err.reason
    refused(state, Play(99, "C", 0, 0, 0, "Joe"), "MT-0")  # the centre has no sides


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"hands": 10**9}, ValueError),
        ({"hands": 0}, ValueError),
        ({"hand_size": 10**9}, ValueError),
        ({"hand_size": 0}, ValueError),
        ({"hand_size": 18}, ValueError),  # 6 x 18 leaves too few tiles face down
        ({"hand_size": True}, TypeError),
        ({"hands": 2.0}, TypeError),
        ({"doublets": 1}, TypeError),
        ({"knocking": "never"}, ValueError),
        ({"tiles": 7}, TypeError),
    ],
)
def test_options_are_bounded(options, error):
    with pytest.raises(error):
        gamebox.load("mexican-train", players=6, **options)


def test_options_explain_themselves():
    described = {o["name"]: o for o in gamebox.load("mexican-train").options.describe()}
    assert described["hands"]["takes"] == "a whole number from 1 to 10"
    assert described["hand_size"]["rule"] == "MT-2" and described["doublets"]["rule"] == "MT-3"
    assert described["knocking"]["takes"] == "one of 'auto', 'table'"


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"hands": ["[1:2]"] * 7}, "give 6 names and 6 hands"),
        ({"first": 7}, "first is a seat"),
        ({"names": ["Joe"] * 6}, "names are 6 different names"),
        ({"names": ["Joe's", "Ann", "Don", "Jan", "Sue", "Ken"]}, "names are"),
        ({"hand_no": 11}, "hand_no is from 0 to 10"),
        ({"hand_no": 2, "used": "9"}, "used holds the engines of the hands played"),
        ({"totals": [-5, 0, 0, 0, 0, 0]}, "totals are 6 whole numbers"),
        ({"hands": ["[1:2] [1:2] [1:2]", "", "", "", "", ""]}, "only two [2:1] tiles"),
    ],
)
def test_impossible_setups_are_refused(change, problem):
    game = gamebox.load("mexican-train", players=6)
    position = {"hands": ["[9:9]", "[8:8]", "", "", "", ""], "names": NAMES, **change}
    with pytest.raises(ValueError, match=re.escape(problem)):
        game.setup(**position)


def test_a_position_the_rules_cannot_reach_is_refused_from_json():
    hands = ["[3:1] [0:2]", "[3:5] [3:4]", "[1:1]", "[2:2]", "[4:4]", "[5:0]"]
    state = mid(hands, trains=FILLED, boneyard="[6:6]")
    good = json.loads(state.to_json())
    assert gamebox.from_json(json.dumps(good)) == state

    pos = good["position"]
    # Joe's [9:3] swapped with Ann's [3:5]: every tile is there, but the train breaks
    swapped = [
        [line[0], "[3:5]", 5, *line[3:]] if line[0] == ["T", 0] else line for line in pos["lines"]
    ]
    broken = {
        "the line T0 is a chain": {
            "lines": swapped,
            "hands": [hands[0], "[9:3] [3:4]", *hands[2:]],
        },
        "the phase is one of": {"phase": "lunch"},
        "player is a seat": {"player": 6},
        "the open doublet ends its line": {
            "pending": ["T", 0, -1, -1],
            "pend_mode": "layer",
            "layer": 0,
        },
        "the tile picked this turn is in the hand": {"picked": "[6:6]"},  # it is in the boneyard
        "knock themselves only under table knocking": {"owed": 1},
        "stuck are counts in range": {"stuck": 10**9},
        "the line T5 is a chain": {"lines": pos["lines"][:-1]},  # a line lost
        "and no other line": {"lines": [*pos["lines"], [["T", 0, 5, 0], "", 3, False, []]]},
        "no empty hand": {"hands": [*hands[:5], ""], "boneyard": pos["boneyard"] + " [5:0]"},
        "no score yet": {"hand_scores": [0] * 6},
    }
    for problem, change in broken.items():
        text = json.dumps({**good, "position": {**pos, **change}})
        with pytest.raises(ValueError, match=f"not a position of Dual Mexican Train: .*{problem}"):
            gamebox.from_json(text)


def test_any_text_is_refused_with_a_ruling():
    state = mid(["[3:1] [0:2]", "", "", "", "", ""], trains=FILLED)
    for text in (
        "[٣:١] → Joe's train",  # digits of another script
        "[3:1] → Joe's train, tile 0, side a",
        "[3:1] → Joe's train, tile 99999, side a",
        "[3:1] → Joe's train and more",
        "[31:0] → Joe's train",
        "[3:1] → Bob's bay",
        "[3:1]",
        "→",
        "knock knock",
    ):
        err = state.check(text)
        assert err is not None and err.rule.startswith("MT-"), text
    assert state.check(" [1:3] -> Joe's train ") is None


# ------------------------------------------------------------------ issue 16: rulings as data

RULINGS = gamebox.core.game_class("mexican-train").rulings()
CHAPTER = Path(__file__).parents[2] / "book" / "md" / "mexican_train.md"


def test_the_table_holds_the_shared_rulings_and_the_chapters_own():
    assert list(RULINGS) == [f"MT-{i}" for i in range(20)]
    own = {i: r.kind.label for i, r in RULINGS.items() if r.kind is not Kind.SOURCE}
    inferred = ("MT-4", "MT-5", "MT-6", "MT-8", "MT-9", "MT-14", "MT-15", "MT-17")
    assert own == {
        **dict.fromkeys(inferred, "inferred"),
        **dict.fromkeys(("MT-0", "MT-12", "MT-18", "MT-19"), "house rule"),
    }


def test_the_glossary_has_the_words_a_newcomer_meets():
    assert {"bay", "boneyard", "marker", "knock", "go-round", "side train"} <= {
        t.word for t in TERMS
    }


PLACES = {"C": "centre", "B": "bay", "T": "train", "S": "side train"}


def test_every_step_of_every_example_names_what_moved():
    """A step that lays a tile names it, where it went (the centre, a bay, a train, a
    side train or a doublet's side) and whose; a pick, draw or challenge names a tile
    that came into a hand; a mark says where the marker went."""
    steps = 0
    for sc in (DEAL, DOUBLETS, END, KNOCKING, OPENING):
        states = sc.states()
        for step, before, after in zip(sc.steps, states, states[1:], strict=False):
            if step.move is None:
                continue
            steps += 1
            move, say = before.parse_move(step.move), step.say
            if isinstance(move, Play):
                where = "side" if move.idx >= 0 else PLACES[move.kind]
                assert tile_text(move.tile) in say and where in say, (sc.id, step)
                assert move.kind == "C" or move.name in say, (sc.id, step)
            elif move in (PICK, CHALLENGE) or str(move) == "draw":
                new = [
                    tile_text(t)
                    for p in range(before.n)
                    for t in (Counter(after.hands[p]) - Counter(before.hands[p])).elements()
                ]
                assert any(t in say for t in new), (sc.id, step, new)
            elif move == MARK:
                assert "marker" in say and re.search(r"\b(bay|train)\b", say), (sc.id, step)
            else:  # keeping quiet: the tile kept in hand
                held = before.hands[before.player]
                assert any(tile_text(t) in say for t in held), (sc.id, step)
    assert steps == 53


def test_board_text_and_tiles_are_legible_on_a_phone():
    """A board keeps its natural size on a phone, so an SVG unit is a CSS pixel: no text
    of the board is under 11.5 units, no tile's half under 18, no spot's radius under 1.8
    (every frame of every example, and a bot game at a table of ten)."""
    boards = [s.svg() for sc in (DEAL, DOUBLETS, END, KNOCKING, OPENING) for s in sc.states()]
    game = gamebox.load("mexican-train", players=10, knocking="table")
    state, bots = game.start(3), [RandomBot(i) for i in range(10)]
    for step in range(400):
        if step % 25 == 0:
            boards.append(state.svg(viewer=state.current_player))
        state = state.apply(bots[state.current_player].choose(state))
    sizes, halves, spots = [], [], []
    for board in boards:
        sizes += map(float, re.findall(r'<text [^>]*font-size="([\d.]+)"', board))
        halves += (
            min(float(w), float(h))
            for w, h in re.findall(
                r'<rect [^>]*width="([\d.]+)" height="([\d.]+)"[^>]*"paper"', board
            )
        )
        spots += map(float, re.findall(r'<circle [^>]*r="([\d.]+)" fill="#1A1A1A"', board))
    assert len(sizes) > 1000 and halves and spots
    assert min(sizes) >= 11.5
    assert min(halves) >= 18
    assert min(spots) >= 1.8


# ------------------------------------------------------- guided game, advice, strong bot


def one_sentence(text):
    return text[:1].isupper() and text.endswith((".", "!")) and ". " not in text[:-1]


def test_the_guide_replays_and_shows_the_aid_s_main_rulings():
    from gamebox.games.mexican_train.rulings import AID

    guide = gamebox.load("mexican-train", players=2).guide()
    states = guide.states()
    assert guide.seat == 0 and not states[-1].is_over
    main = set(re.findall(r"MT-\d+", " ".join((AID.goal, *AID.turn))))
    assert main and main <= set(guide.all_rules())
    rulings = gamebox.load("mexican-train", players=2).rulings()
    yours = 0
    for state, step in zip(states[:-1], guide.steps, strict=True):
        mine = state.current_player == guide.seat
        yours += mine
        assert bool(step.nudge) == mine, step
        assert step.say and step.rules and set(step.rules) <= set(rulings)
    assert 8 <= yours <= 15


@pytest.mark.slow  # several seconds: .ci/run runs it, the quick command does not
def test_advice_is_one_sentence_naming_a_ruling_of_the_table():
    from gamebox.games.mexican_train.bots import StrongBot

    game = gamebox.load("mexican-train", players=2, hands=1, knocking="table")
    rulings = game.rulings()
    bots = [HeuristicBot(1), StrongBot(2)]
    state = game.start(4)
    seen = set()
    while not state.is_over:
        for bot in bots:
            advice = bot.advise(state)
            assert advice.move in state.legal_moves()
            assert one_sentence(advice.reason), advice.reason
            assert advice.rule in rulings
            seen.add(advice.rule)
        state = state.apply(bots[state.current_player].choose(state))
    assert {"MT-5", "MT-7", "MT-16"} <= seen


def reshuffled(state, seed):
    """``state`` with the tiles its player to move cannot see dealt anew: the other
    hands and the boneyard, the same sizes."""
    from gamebox.games.mexican_train.moves import tile_text
    from gamebox.rng import Rng

    me = state.current_player
    hidden = [t for q, h in enumerate(state.hands) if q != me for t in h]
    hidden += state.boneyard
    Rng(seed).shuffle(hidden)
    data = state.to_data()
    for q, h in enumerate(state.hands):
        if q != me:
            data["hands"][q] = " ".join(tile_text(t) for t in hidden[: len(h)])
            hidden = hidden[len(h) :]
    data["boneyard"] = " ".join(tile_text(t) for t in hidden)
    return state.game.state_from_data(data, state.rng)


def test_the_strong_bot_does_not_peek_at_hidden_tiles():
    from gamebox.games.mexican_train.bots import StrongBot

    game = gamebox.load("mexican-train", players=3)
    checked = 0
    for n in range(4, 60, 5):
        state = play(game, 6, [HeuristicBot(i) for i in range(3)], max_moves=n)
        if len(state.legal_moves()) < 2 or state.phase != "play":
            continue
        choice = StrongBot(9).advise(state).move
        for seed in (1, 2):
            other = reshuffled(state, seed)
            me = state.current_player
            assert other.hands[me] == state.hands[me] and other.hands != state.hands
            assert StrongBot(9).advise(other).move == choice
        checked += 1
    assert checked >= 3


def test_the_strong_bot_plays_a_seeded_game_to_the_end():
    from gamebox.games.mexican_train.bots import StrongBot

    game = gamebox.load("mexican-train", players=2, hands=2)
    final = play(game, 8, [StrongBot(1), HeuristicBot(2)])
    assert final.is_over and final.hand_no == 2


def test_a_hint_is_the_strong_bot_s_legal_move_with_its_reason():
    from gamebox.bots import hint

    game = gamebox.load("mexican-train", players=2)
    state = game.guide().states()[5]
    advice = hint(state)
    assert advice.move in state.legal_moves() and advice.rule in game.rulings()
    assert hint(state) == advice


def test_mt8_a_tile_held_twice_plays_once():
    # the legal moves are those of holding it once, in the same order
    twice = mid(
        ["[3:4] [9:2] [3:4] [7:2] [9:2]", "", "", "", "", ""],
        trains={**FILLED, 2: ""},
        marked={("T", 1), ("T", 2)},
    )
    once = mid(
        ["[3:4] [9:2] [7:2]", "", "", "", "", ""],
        trains={**FILLED, 2: ""},
        marked={("T", 1), ("T", 2)},
    )
    assert moves(twice) == moves(once) and len(set(moves(twice))) == len(moves(twice)) > 3


# ------------------------------------------------------------ issue 31: teach it right


def chapter_parts():
    """The chapter's prose (whitespace made single) and its code cells, each as (tags, source)."""
    prose, cells = helpers.chapter_parts(CHAPTER)
    return " ".join(prose.split()), cells


def test_mt8_records_why_the_plays_are_a_free_choice():
    """The shared ruling's "in order of duty" against the source's "in any order": the
    table decides for the free choice, says why, and the chapter and aid say the same."""
    from gamebox.games.mexican_train.rulings import AID

    mt8 = RULINGS["MT-8"]
    assert "free choice" in mt8.rule and "none ranked above another" in mt8.rule
    assert "'in any order'" in mt8.source and "order of duty" in mt8.source
    prose, _ = chapter_parts()
    assert "Your own train does not come first: the source puts the open doublet" in prose
    assert "(MT-8, inferred)" in prose.replace("(MT-8, inferred).", "(MT-8, inferred)")
    assert any("your choice" in line and "(MT-8" in line for line in AID.turn)


def test_mt8_a_player_may_skip_her_own_train_for_any_other_play():
    """The free choice, played: with her own train, a side train and a marked train all
    open, each is a legal play, and playing elsewhere leaves her own train as it was."""
    state = mid(
        ["[3:4] [7:2] [5:6]", "", "", "", "", ""],
        trains=FILLED,
        side_trains={1: "[9:5]"},
        marked={("T", 1)},
    )
    assert moves(state) == [
        "[4:3] → Joe's train",
        "[7:2] → Ann's train",
        "[6:5] → Ann's side train",
    ]
    after = state.apply("[6:5] → Ann's side train")
    assert after.current_player == 1 and len(after.hands[0]) == 2


def test_the_non_source_rulings_are_labelled_wherever_a_player_meets_them():
    """Each time the chapter's prose names one of the project's own readings, its kind
    follows ("MT-5, inferred"); the guided game's 2-player, 12-tile hand says it is the
    project's extension (MT-19, house rule), in its intro and in the quick start."""
    prose, _ = chapter_parts()
    for match in re.finditer(r"MT-\d+", prose):
        ruling = RULINGS[match.group()]
        if ruling.kind is not Kind.SOURCE:
            after = prose[match.end() : match.end() + 20]
            assert after.startswith(f", {ruling.kind.label}"), (match.group(), after)
    guide = gamebox.load("mexican-train", players=2).guide()
    assert "twelve tiles" in guide.intro and "(MT-19, house rule)" in guide.intro
    quick = prose[prose.index("**Quick start.**") : prose.index("The board above")]
    assert "twelve tiles" in quick and "MT-19, house rule)" in quick
    assert RULINGS["MT-19"].kind is Kind.HOUSE


def test_the_chapter_teaches_goal_table_turn_then_special_cases():
    """The sections in teaching order: the table, a turn (with the source's opening),
    then the special cases, going out, a blocked hand and scoring as three sections, the
    source's end example after them; the common mistakes come just before the Rulings."""
    heads = re.findall(r"^(#{2,3}) (.+)$", CHAPTER.read_text(encoding="utf-8"), flags=re.M)
    assert [title for _, title in heads] == [
        "The tiles and the deal",
        "A turn",
        "The source's example: the opening of a hand",
        "Doublets and side trains",
        "Going out",
        "A blocked hand",
        "Scoring",
        "The last missing engines: the source's end example",
        "Options",
        "Play a game",
        "By the numbers",
        "Common mistakes and questions",
        "Rulings",
        "Sources and credits",
    ]
    taught = {r.taught for r in RULINGS.values()} | {t.taught for t in TERMS}
    assert taught <= {title for _, title in heads}


def test_every_code_cell_hides_its_python_and_runs_on_its_own():
    """A site reader sees boards and results, never Python: every code cell is tagged
    remove-input. Each cell imports or defines every name it uses, so it runs alone and
    in any order (the sample board keeps nbval-ignore-output)."""
    import ast
    import builtins

    _, cells = chapter_parts()
    assert len(cells) == 15
    for tags, source in cells:
        assert "remove-input" in tags, source
        tree = ast.parse(source)
        bound = {
            alias.asname or alias.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for alias in node.names
        }
        bound |= {
            node.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
        }
        used = {
            node.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
        }
        assert not used - bound - set(dir(builtins)), source
    assert sum("nbval-ignore-output" in tags for tags, _ in cells) == 1


def test_the_challenge_s_fine_points_are_a_ruling_not_chapter_text():
    """MT-14's timing (who may challenge, until when, the quiet player's own follow-up)
    is in the ruling, which the Rulings page shows; the chapter points there (the id
    links to its entry, the pointer to the game's rulings: a link to a ruling's own
    anchor would be to a label, which MyST's Markdown links do not resolve)."""
    mt14 = RULINGS["MT-14"].rule
    assert "while the boneyard has a tile" in mt14 and "nobody challenges herself" in mt14
    prose, _ = chapter_parts()
    pointer = (
        "the fine points are in its entry on the [Rulings page](rulings.md#dual-mexican-train)"
    )
    going_out = prose[prose.index("## Going out") : prose.index("## A blocked hand")]
    assert "(MT-14, inferred:" in going_out and pointer in going_out
    assert "rulings.md#mt-" not in prose
    assert "Nobody can challenge herself" not in prose


def test_the_side_train_custom_is_taught_as_a_custom():
    """The source's table convention (turn the side train's first tile over once it
    grows) is taught as a custom, not a rule, in MT-13, the chapter, the aid and the
    doublets board, at the move that adds to a side train."""
    from gamebox.games.mexican_train.rulings import AID

    assert "face down" in RULINGS["MT-13"].rule and "not a rule of play" in RULINGS["MT-13"].rule
    prose, _ = chapter_parts()
    assert "table custom, not a rule of play" in prose and "face down" in prose
    assert any("face down" in line and "(MT-13)" in line for line in AID.special)
    grows = next(step for step in DOUBLETS.steps if step.move == "[6:5] → Ann's side train")
    assert "face down" in grows.say and "MT-13" in grows.rules


def test_the_common_mistakes_name_rulings_of_the_table_and_are_shown():
    """At least six questions, each short and tied to rulings that exist; the chapter
    shows them in its own section and the aid lists them."""
    from gamebox import reference
    from gamebox.games.mexican_train.rulings import QUESTIONS

    assert 7 <= len(QUESTIONS) <= 9
    for q in QUESTIONS:
        assert set(q.rulings) <= set(RULINGS), q
        assert q.question.endswith("?") and len(q.answer) <= 100, q
    assert {"MT-7", "MT-8", "MT-10", "MT-14"} <= {r for q in QUESTIONS for r in q.rulings}
    _, cells = chapter_parts()
    assert any('questions_section("mexican-train")' in source for _, source in cells)
    aid = reference.aid_page("mexican-train")
    assert all(q.question in aid for q in QUESTIONS)
