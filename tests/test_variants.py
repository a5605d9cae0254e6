"""Worked examples under other options, and each seat's view of them.

For every game with options, one example is replayed under each option its board
offers, and the first step where play diverges is asserted (the step, its kind, a
refusal's ruling), each checked again against the engine. For every example of every
game with hidden information, each seat's frames never name a card or tile hidden from
that seat, compared with the omniscient state (every seat's view of it).
"""

from __future__ import annotations

import dataclasses
import html
import re
from dataclasses import replace

import pytest

import gamebox
from gamebox.core import game_class, load
from gamebox.scenario import NAME, alternatives, hidden_names, redact
from tests.conftest import GAMES

EXAMPLES = {sc.id: sc for name in GAMES for sc in game_class(name).examples()}

#: One example per game with options: (option, value) -> (step, kind, ruling).
#: The step is the board's frame (0: the start); None when no step differs.
EXPECTED = {
    "mr-win": {
        ("decks", 1): (0, "setup", None),
        ("decks", 3): (0, "position", None),
        ("decks", 6): (0, "position", None),
    },
    "sm-turn": {
        ("jokers", 0): (0, "setup", None),
        ("jokers", 1): (0, "position", None),
        ("jokers", 3): (0, "position", None),
        ("jokers", 8): (0, "position", None),
    },
    "fl-path": {
        ("row_length", 2): (0, "setup", None),
        ("row_length", 7): (0, "setup", None),
        ("play_for_places", True): (None, "identical", None),
    },
    "mt-opening": {
        ("doublets", "follow-up"): (3, "position", None),
        ("hands", 1): (None, "identical", None),
        ("hands", 9): (None, "identical", None),
        ("hand_size", 1): (None, "identical", None),
        ("hand_size", 6): (None, "identical", None),
        ("hand_size", 8): (None, "identical", None),
        ("knocking", "table"): (None, "identical", None),
    },
    "sb-blocking": {
        ("wilds", 18): (0, "position", None),
        ("reserve_size", 1): (0, "setup", None),
        ("reserve_size", 19): (None, "identical", None),
        ("reserve_size", 21): (None, "identical", None),
        ("reserve_size", 79): (None, "identical", None),
        ("preset", "official"): (None, "identical", None),
        ("preset", "modern"): (1, "refused", "SB-4"),
        ("alternating", False): (None, "identical", None),
        ("blocking", False): (1, "refused", "SB-4"),
        ("block_threshold", 1): (1, "refused", "SB-11"),
        ("block_threshold", 4): (None, "identical", None),
        ("block_threshold", 6): (None, "identical", None),
        ("block_threshold", 79): (None, "identical", None),
        ("leading_up", False): (0, "choices", None),
        ("scoring", "easy"): (0, "score", None),
    },
    "sb-alternating": {
        ("wilds", 18): (0, "position", None),
        ("reserve_size", 1): (0, "setup", None),
        ("reserve_size", 19): (0, "position", None),
        ("reserve_size", 21): (0, "position", None),
        ("reserve_size", 79): (0, "position", None),
        ("preset", "official"): (0, "position", None),
        ("preset", "modern"): (1, "position", None),
        ("alternating", False): (1, "forced", None),
        ("blocking", False): (None, "identical", None),
        ("block_threshold", 1): (None, "identical", None),
        ("block_threshold", 4): (None, "identical", None),
        ("block_threshold", 6): (None, "identical", None),
        ("block_threshold", 79): (0, "choices", None),
        ("leading_up", False): (1, "position", None),
        ("scoring", "easy"): (0, "score", None),
    },
    "yx-end": {
        ("target", 1500): (0, "setup", None),
        ("target", 1000): (0, "setup", None),
        ("variation_l", True): (0, "position", None),
    },
}

#: Which games hide cards or tiles from a seat (their examples have seat views).
HIDDEN = {
    "milk-run": True,
    "spite-and-malice": True,
    "finish-line": False,
    "mexican-train": True,
    "skip-bo": True,
    "yahtzix": False,
}


def test_every_game_with_options_is_covered() -> None:
    games = {EXAMPLES[example].game for example in EXPECTED}
    with_options = {name for name in GAMES if game_class(name).options_type.describe()}
    assert with_options == games == set(GAMES)


@pytest.mark.parametrize("example", sorted(EXPECTED))
def test_offers_and_where_play_diverges(example: str) -> None:
    scenario = EXAMPLES[example]
    offers = scenario.offers()
    assert {(o["name"], o["value"]) for o in offers} == set(EXPECTED[example])
    example_states = scenario.states()
    for offer in offers:
        key = (offer["name"], offer["value"])
        found = scenario.variant({offer["name"]: offer["value"]})
        assert (found.step, found.kind, found.rule) == EXPECTED[example][key], key
        assert found.say and offer["label"] == f"{key[0]}={key[1]!r}"
        changed = {**scenario.options, key[0]: key[1]}
        game = load(scenario.game, players=scenario.players, **changed)
        assert game.options != scenario.load_game().options  # an offer changes the game
        if found.kind == "setup":
            with pytest.raises(ValueError):
                replace(scenario, options=changed).start()
            assert len(found.frames) == 1
            continue
        state = replace(scenario, options=changed).start()
        assert state.game == game
        moves = [s.move for s in scenario.steps]
        if found.kind == "identical":
            for move in moves:
                state = state.apply(move) if move else state
            assert len(found.frames) == len(scenario.steps) + 1
            continue
        for move in moves[: found.step - 1 if found.kind == "refused" else found.step]:
            state = state.apply(move) if move else state
        if found.kind == "refused":
            move = moves[found.step - 1]
            err = state.check(move)
            assert err is not None and err.rule == found.rule, (key, move)
            assert f"{err.rule}: {err.reason}" in found.say
            assert found.frames[-1]["rules"] == [found.rule]
            assert len(found.frames) == found.step + 1  # the moves stop at the refusal
            continue
        there = example_states[found.step]
        if found.kind == "score":
            assert state.scores != there.scores
        elif found.kind == "position":
            assert state.to_data() != there.to_data()
        elif found.kind == "forced":
            assert (len(state.legal_moves()) == 1) != (len(there.legal_moves()) == 1)
        elif found.kind == "choices":
            assert {str(m) for m in state.legal_moves()} != {str(m) for m in there.legal_moves()}
        assert found.frames[found.step]["say"].startswith(found.say)


def test_the_frames_before_a_divergence_are_the_examples() -> None:
    scenario = EXAMPLES["mt-opening"]
    found = scenario.variant({"doublets": "follow-up"})
    example = scenario.frames()
    for i in range(found.step):
        assert found.frames[i]["say"] == example[i]["say"]
    assert found.frames[found.step]["say"] != example[found.step]["say"]


def test_alternatives_come_from_the_declarations() -> None:
    assert alternatives({"choices": ("1980", "official", "modern")}, "1980") == [
        "official",
        "modern",
    ]
    assert alternatives({}, True) == [False]
    assert alternatives({"low": 1, "high": 2}, 1) == [2]
    assert alternatives({}, 3) == []  # an open-ended number has no generic alternative


def test_an_option_that_cannot_apply_is_not_offered() -> None:
    """Mexican Train's eight players cannot be dealt the largest hand the option allows
    (``gamebox.load`` refuses it): it is left out."""
    scenario = EXAMPLES["mt-opening"]
    spec = next(o for o in game_class("mexican-train").options_type.describe())
    assert spec["name"] == "doublets"
    high = next(
        f.metadata["high"]
        for f in dataclasses.fields(game_class("mexican-train").options_type)
        if f.name == "hand_size"
    )
    with pytest.raises(ValueError):
        load("mexican-train", players=scenario.players, hand_size=high)
    assert ("hand_size", high) not in {(o["name"], o["value"]) for o in scenario.offers()}


# --------------------------------------------------------------------- seat views


def test_redact_replaces_names_and_says_so() -> None:
    assert redact("Joe picks the [8:6], no use.", {"[8:6]"}) == (
        "Joe picks a hidden tile, no use.",
        True,
    )
    assert redact("P0 holds 5♥ 5♥.", {"5♥"}) == ("P0 holds a hidden card a hidden card.", True)
    assert redact("The 10♥ and A♦.", {"Q♠"}) == ("The 10♥ and A♦.", False)
    assert redact("Pile 2 needs a 3.", {"2", "3"}) == ("Pile 2 needs a hidden card.", True)
    assert NAME.findall("[10:4] 10♠ JK SB 12 P1 x7 stack 3 [3:3]") == [
        "[10:4]",
        "10♠",
        "JK",
        "SB",
        "12",
        "[3:3]",
    ]


def test_hidden_names_are_what_another_view_shows() -> None:
    state = EXAMPLES["mr-deal"].start()
    mine, theirs = hidden_names(state, 0), hidden_names(state, 1)
    assert mine and theirs and not mine & theirs
    assert mine <= set(NAME.findall(state.describe(1)))
    assert theirs <= set(NAME.findall(state.describe(0)))


@pytest.mark.parametrize("name", GAMES)
def test_which_games_hide_something(name: str) -> None:
    assert {sc.has_hidden() for sc in game_class(name).examples()} == {HIDDEN[name]}


def _drawing_text(svg: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", svg))


HIDDEN_EXAMPLES = [sc for sc in EXAMPLES.values() if HIDDEN[sc.game]]


@pytest.mark.parametrize("scenario", HIDDEN_EXAMPLES, ids=[sc.id for sc in HIDDEN_EXAMPLES])
def test_a_seats_frames_never_name_a_hidden_card(scenario: gamebox.Scenario) -> None:
    """Every seat's frame of every example: its narration, note, question, text form and
    drawing name nothing hidden from that seat (a bare number in the drawing is also a
    count or a label there, so the drawing is held to the names that cannot be); a
    shortened line says so; the board and its text are the seat's own."""
    states = scenario.states()
    example = scenario.frames()
    for seat in range(scenario.players):
        frames = scenario.seat_frames(seat)
        assert len(frames) == len(states)
        for i, (frame, state) in enumerate(zip(frames, states, strict=True)):
            where = f"{scenario.id} seat {seat} frame {i}"
            hidden = hidden_names(state, seat)
            for text in (frame["say"], frame.get("note", ""), frame["text"]):
                assert not set(NAME.findall(text)) & hidden, (where, text)
            if frame["ask"]:  # asked on the position before the move: hidden in either
                unseen = hidden | hidden_names(states[i - 1], seat)
                words = [frame["ask"]["prompt"]]
                words += [f"{c['move']} {c['reason']}" for c in frame["ask"]["choices"]]
                for text in words:
                    assert not set(NAME.findall(text)) & unseen, (where, text)
            drawn = {n for n in NAME.findall(_drawing_text(frame["svg"])) if not n.isdigit()}
            assert not drawn & hidden, (where, drawn & hidden)
            assert frame["svg"] == state.board_html(viewer=seat) and frame[
                "text"
            ] == state.describe(seat)
            assert frame["others"] == [], where  # the other hands: the all-hands view's only
            if frame["say"] != example[i]["say"]:
                assert "Shortened for this view" in frame["note"], where
            if example[i]["ask"] and not frame["ask"]:
                assert "asked in the all-hands view" in frame["note"], where


@pytest.mark.parametrize("scenario", HIDDEN_EXAMPLES, ids=[sc.id for sc in HIDDEN_EXAMPLES])
def test_the_all_hands_view_shows_every_hand(scenario: gamebox.Scenario) -> None:
    """The example's own frames are the all-hands view: the board draws the hand of the
    seat to move, and ``others`` holds every other seat's hand, so that every name some
    seat sees is in the board's text or its other hands."""
    for frame, state in zip(scenario.frames(), scenario.states(), strict=True):
        shown = set(NAME.findall(" ".join([frame["text"], *frame["others"]])))
        for seat in range(scenario.players):
            seen = set(NAME.findall(state.describe(seat)))
            assert seen <= shown, (scenario.id, frame["label"], seat, seen - shown)


def test_a_seat_still_reads_what_it_sees() -> None:
    """Redaction hides only what the seat cannot see: the card a player just played on
    the table stays named in the other player's view."""
    scenario = EXAMPLES["mr-deal"]
    frames = scenario.seat_frames(1)
    assert frames[3]["say"] == scenario.steps[2].say  # the Q♥ is on P0's Go pile now
    assert "Q♥" in frames[3]["say"]


def test_a_seat_is_labelled_as_the_game_names_it() -> None:
    assert EXAMPLES["mr-deal"].seat_label(1) == "Player 2's view (P1)"  # Milk Run says P1
    assert EXAMPLES["mt-opening"].seat_label(1) == "Player 2's view (Ann)"  # by name
    assert EXAMPLES["yx-choices"].seat_label(0) == "Player 1's view"  # Yahtzix says Player 1
