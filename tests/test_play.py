"""Playing a whole game against the bots: the session behind both play boards, its one
entry point (``Session.call``) that never raises, the kernel-side widget, and the wheel
the static site installs into the browser's Python."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import zipfile
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

import gamebox
from booktool import write_wheel
from gamebox.bots import Advice, RandomBot, bot_types, hint
from gamebox.core import game_class
from gamebox.games.milk_run.rules import DISCARD, Play
from gamebox.play import (
    ECHO,
    HIDDEN_REASON,
    Session,
    View,
    echo,
    parse_seed,
    retold,
    unnamed,
    words,
)
from gamebox.scenario import Scenario, Step
from gamebox.svg import pick_tokens
from gamebox.widgets import STATIC, PlayBoard, check_frame, module
from tests.conftest import GAMES

ROOT = Path(__file__).resolve().parent.parent

#: Every key of a view, and the type of its value.
VIEW_TYPES: dict[str, type | tuple[type, ...]] = {
    "game": str,
    "title": str,
    "seed": int,
    "seat": int,
    "seats": str,
    "svg": str,
    "text": str,
    "to_move": str,
    "your_turn": bool,
    "bots_to_move": bool,
    "moves": list,
    "picks": list,
    "groups": list,
    "tempting": list,
    "refused_picks": list,
    "log": list,
    "over": bool,
    "result": str,
    "can_undo": bool,
    "refusal": (dict, type(None)),
    "error": str,
    "others": list,
    "guide": (dict, type(None)),
    "hint": (dict, type(None)),
    "review": (dict, type(None)),
    "hints_owed": int,
    "handover": str,
    "can_guide": bool,
    "can_see_all": bool,
    "lately": list,
    "humans": list,
    "viewpoint": str,
    "levels": list,
    "bots": (str, list),
    "players": dict,
    "options": list,
    "reasons": list,
    "serial": int,
}

#: Seeds a board refuses: not whole numbers, or out of 0..2**64-1 (a bool is no number).
BAD_SEEDS = [1.5, 1e21, -3, "x", 2**64, True, "", " 1.0", "-3", "1e21", "9" * 30, None, [1]]

#: Specs a board refuses, each as the keys it changes.
BAD_SPECS = [
    {"game": "no-such-game"},
    {"game": 3},
    {"game": ["milk-run"]},
    {"players": 99},
    {"players": 0},
    {"players": 2.0},
    {"players": True},
    {"seat": -1},
    {"seat": 99},
    {"seat": "0"},
    {"bots": "genius"},
    {"bots": ["random"]},
    {"bots": 3},
    {"options": {"no_such_option": 1}},
    {"options": [1, 2]},
    {"options": {"": None}},
    {"colour": "red"},
]

#: Specs of the teaching keys a board refuses (guide, humans, names).
BAD_TEACHING_SPECS = [
    {"guide": "yes"},
    {"guide": 1},
    {"humans": []},
    {"humans": "0"},
    {"humans": [0, 0]},
    {"humans": [0, 7]},
    {"humans": [True]},
    {"names": ["Ann", "Bo"]},
    {"humans": [0, 1], "names": ["Ann", "Ann"]},
    {"humans": [0, 1], "names": ["Ann", ""]},
    {"humans": [0, 1], "names": ["Ann", "x" * 100]},
    {"humans": [0, 1], "names": ["Ann", "B\x00"]},
    {"humans": [0, 1], "names": ["Ann", 3]},
    {"names": "Ann"},
]

#: How many hostile messages the fuzz test sends each game (GAMEBOX_FUZZ to change it).
MESSAGES = int(os.environ.get("GAMEBOX_FUZZ", "400"))


def well_formed(view: dict[str, Any]) -> int:
    """Every key with its type, moves grouped once each, a refusal echoed trimmed, no
    traceback, JSON that encodes (no lone surrogate); returns its size in bytes."""
    assert set(view) == set(VIEW_TYPES) == {f.name for f in fields(View)}, set(view) ^ set(
        VIEW_TYPES
    )
    for key, kind in VIEW_TYPES.items():
        assert isinstance(view[key], kind), (key, view[key])
    assert len(view["picks"]) == len(view["moves"])
    rows = [i for group in view["groups"] for i in group["moves"]]
    assert sorted(rows) == list(range(len(view["moves"])))
    if view["refusal"] is not None:
        assert set(view["refusal"]) == {"move", "rule", "reason"}
        assert len(view["refusal"]["move"]) <= ECHO
    assert "Traceback" not in view["error"] and len(view["error"]) < 600
    # The board can always go on: the reader moves, a bot moves, or the game is over
    # (or the engine could not draw the position, and the view says so).
    stuck = view["svg"] == "" and "Engine error" in view["error"]
    assert len(view["reasons"]) == len(view["log"])
    if view["handover"]:  # the screen is passed on: no board, no hand shows
        assert view["svg"] == view["text"] == "" and not view["moves"] and not view["others"]
    going = view["your_turn"] != view["bots_to_move"] or bool(view["handover"])
    assert view["over"] or going or stuck
    return len(json.dumps(view, ensure_ascii=False).encode("utf-8"))


def snapshot(session: Session) -> tuple:
    """What a refused call must leave as it was."""
    return (
        session.state,
        session.seed,
        session.spec,
        tuple(session.story),
        len(session.undo_stack),
        len(session.trail),
        session.viewer,
        session.guide_at,
        session.viewpoint,
    )


def hostile(rng: random.Random, view: dict[str, Any], huge: str) -> tuple[Any, Any]:
    """One message a board might get from a broken or hostile front end, or a reader's
    ordinary one now and then (so the game moves on)."""
    roll = rng.random()
    if roll < 0.25 and view["moves"]:
        return "move", rng.choice(view["moves"])
    if roll < 0.35:
        return "bot", rng.choice([None, "", 7])
    if roll < 0.40:
        return "undo", rng.choice([None, {"x": 1}])
    if roll < 0.50:
        if rng.random() < 0.5:
            return "new", {"seed": rng.choice(BAD_SEEDS)}
        return "new", rng.choice([*BAD_SPECS, *BAD_TEACHING_SPECS, "spec", 3, [1]])
    if roll < 0.53:
        return "new", {
            "seed": str(rng.randrange(2**64)),
            "bots": rng.choice(["random", "heuristic"]),
        }
    if roll < 0.60:
        return rng.choice([None, 3, "", "MOVE", "moves", "x" * 10_000, ["move"], {"call": 1}]), None
    if roll < 0.68:
        junk = [None, 0, -1, 10**9, 1.5, True, "all", "seat", "x" * 10_000, [0], {"a": 1}]
        return rng.choice(["hint", "ponder", "viewpoint", "ready", "review"]), rng.choice(junk)
    alphabet = "abc →♠♥[]:0123456789 \x00\x07\x1b\n\t\u202e\ud800\U0001f600"
    texts = [
        huge,
        "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 40))),
        *(view["tempting"] or ["draw discard"]),
        (rng.choice(view["moves"]) if view["moves"] else "roll") + rng.choice(["\x00", " !", "\n"]),
        None,
        rng.random() * 1e9,
        rng.randrange(-5, 5),
        [1, "a"],
        {"move": "roll"},
        True,
    ]
    return "move", rng.choice(texts)


@pytest.mark.parametrize("name", GAMES)
def test_hostile_messages_never_raise_and_change_nothing(name: str) -> None:
    """Seeded fuzzing of the one entry point: random calls with random arguments,
    garbage and huge text, bad seeds and specs. No exception escapes, every view is well
    formed and small, a refused call changes nothing, and the board can always go on."""
    rng = random.Random(f"{name}-fuzz")
    huge = "x" * 1_000_000
    session = Session(name, seat=0, bots="random", seed=5)
    view = session.run_bots()
    refused = 0
    for _ in range(MESSAGES):
        call, arg = hostile(rng, view, huge)
        before, size = snapshot(session), well_formed(view)
        view = session.call(call, arg)
        if view["error"] or view["refusal"]:
            refused += 1
            assert snapshot(session) == before, (call, arg, view["error"], view["refusal"])
            assert well_formed(view) < size + 2_000  # the same board and a short message
        else:
            well_formed(view)
        while view["bots_to_move"] and not view["error"]:
            view = session.call("bot")
    assert refused > MESSAGES // 3, refused
    print(f"{name}: {MESSAGES} hostile messages, {refused} refused")


@pytest.mark.parametrize("seed", BAD_SEEDS)
def test_new_game_with_a_bad_seed_says_why_and_keeps_the_game(seed: Any) -> None:
    session = Session("milk-run", players=2, seat=0, bots="random", seed=7)
    session.call("move", "draw stock")
    before = snapshot(session)
    view = session.call("new", {"seed": seed})
    assert view["error"].startswith("New game refused: ") and "seed" in view["error"]
    assert snapshot(session) == before and view["seed"] == 7 and view["can_undo"]
    answered = json.loads(session.answer(json.dumps({"call": "new", "arg": {"seed": seed}})))
    assert answered["error"] == view["error"]


@pytest.mark.parametrize("change", BAD_SPECS + BAD_TEACHING_SPECS, ids=lambda c: json.dumps(c))
def test_new_game_with_a_bad_spec_says_why_and_keeps_the_game(change: dict) -> None:
    session = Session("milk-run", players=2, seat=0, bots="random", seed=7)
    before = snapshot(session)
    view = session.call("new", change)
    assert view["error"].startswith("New game refused: "), view["error"]
    assert snapshot(session) == before and view["game"] == "milk-run"


def test_seeds_as_a_seed_field_holds_them() -> None:
    assert parse_seed("  42 ") == 42 and parse_seed(str(2**64 - 1)) == 2**64 - 1
    session = Session("skip-bo", players=2, seed=3)
    view = session.call("new", {"seed": "18446744073709551615", "bots": "random"})
    assert view["error"] == "" and view["seed"] == 2**64 - 1
    assert view["log"] == ["New game of Skip-Bo (1980 rules), seed 18446744073709551615."]
    assert session.spec["bots"] == "random" and session.bots[1].name == "random"
    with pytest.raises(ValueError, match="empty"):
        parse_seed("")


def test_text_that_cannot_be_a_move_is_refused_unread_and_echoed_trimmed() -> None:
    session = Session("milk-run", players=2, seat=0, bots="random", seed=7)
    small = len(json.dumps(session.view()))
    view = session.call("move", "y" * 1_000_000)
    assert view["refusal"]["move"] == "y" * (ECHO - 1) + "…"
    assert "1,000,000 characters" in view["refusal"]["reason"]
    assert len(json.dumps(view)) < small + 1_000  # a 1 MB try makes no 2 MB view
    view = session.call("move", "draw\x00stock\u202e\ud800")
    assert view["refusal"]["move"] == "draw\\x00stock\\u202e\\ud800"
    assert "control character" in view["refusal"]["reason"]
    json.dumps(view, ensure_ascii=False).encode("utf-8")  # no lone surrogate left
    for value, kind in [(None, "null"), (3, "a number"), ([1], "a list"), ({}, "an object")]:
        refusal = session.call("move", value)["refusal"]
        assert refusal == {
            "move": kind,
            "rule": "",
            "reason": f"A move is written as text, not as {kind}.",
        }
    assert echo("ok") == "ok" and len(echo("z" * 500)) == ECHO


def test_moves_out_of_turn_and_after_the_end_are_refused() -> None:
    session = Session("yahtzix", players=2, seat=1, bots="random", seed=3)
    assert session.bots_to_move
    before = snapshot(session)
    view = session.call("move", "roll")
    assert view["refusal"]["reason"] == "It is not your turn." and snapshot(session) == before
    while not session.state.is_over:
        if session.bots_to_move:
            session.call("bot")
        else:
            session.call("move", session.view()["moves"][0])
    view = session.call("move", "roll")
    assert view["over"] and view["refusal"]["reason"].startswith("The game is over")
    assert session.call("bot")["error"] == "No bot is to move now."


def test_unknown_calls_and_requests_are_answered() -> None:
    session = Session("skip-bo", players=2, seed=1)
    before = snapshot(session)
    assert "no call 'fly'" in session.call("fly")["error"]
    assert session.call(3)["error"].startswith("A call is named by a text, not a number")
    assert len(session.call("z" * 10_000)["error"]) < 200
    for request in ["not json", "[1, 2]", "null", '{"call": "undo"}', "[" * 100_000]:
        view = json.loads(session.answer(request))
        assert view["error"], request
    assert snapshot(session) == before


def test_an_engine_error_is_shown_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug of the engine becomes a message that says so, and the game is unchanged;
    if the engine cannot even draw the position, the view has no board but says why."""
    session = Session("milk-run", players=2, seat=0, bots="random", seed=7)
    state = type(session.state)
    before = snapshot(session)

    def broken(self: Any, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the engine broke")

    monkeypatch.setattr(state, "apply", broken)
    view = session.call("move", "draw stock")
    assert view["error"].startswith("Engine error (RuntimeError): the engine broke.")
    assert snapshot(session) == before
    monkeypatch.setattr(state, "board_html", broken)
    view = session.call("undo")
    assert "Engine error (RuntimeError)" in view["error"] and view["svg"] == ""
    well_formed(view)
    assert not view["your_turn"] and not view["moves"]


def test_a_refused_bot_move_is_an_engine_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that offers a move the engine refuses is a bug, not a refusal of the
    reader's: the board says "Engine error", and the game is unchanged."""
    session = Session("milk-run", players=2, seat=1, bots="heuristic", seed=7)
    before = snapshot(session)
    bot = session.bots[0]
    wrong = Advice(Play(0, DISCARD), "a card no one holds")
    monkeypatch.setattr(bot, "advise", lambda state: wrong)
    view = session.call("bot")
    assert view["error"].startswith("Engine error (RuntimeError): the bot's move was refused: ")
    assert "MR-" in view["error"] and view["refusal"] is None
    assert snapshot(session) == before


def test_moves_are_grouped_by_the_piece_they_move() -> None:
    session = Session("spite-and-malice", players=2, seat=0, bots="random", seed=2)
    view = session.run_bots()
    keyed = [g for g in view["groups"] if g["key"]]
    assert keyed, view["moves"]
    for group in keyed:
        assert all(view["picks"][i][0] == group["key"] for i in group["moves"])
    alone = [g for g in view["groups"] if not g["key"]]
    assert all(len(view["picks"][i]) < 2 for g in alone for i in g["moves"])


@pytest.mark.parametrize("name", GAMES)
def test_a_reader_plays_every_game_to_its_end(name: str) -> None:
    session = Session(name, seat=0, bots="heuristic", seed=4)
    view = session.view()
    for _ in range(20_000):
        if view["over"]:
            break
        if view["bots_to_move"]:
            view = session.call("bot")
            continue
        assert view["your_turn"] and view["moves"], session.state.summary()
        view = session.call("move", view["moves"][-1])
        assert view["refusal"] is None and view["error"] == ""
    assert view["over"] and view["result"]
    assert not view["moves"] and not view["your_turn"]
    assert any(line.startswith("You: ") for line in view["log"])


@pytest.mark.parametrize("name", GAMES)
def test_pieces_picked_on_the_board_make_a_move_or_show_a_ruling(name: str) -> None:
    """Every legal move has its own pieces on the reader's board (or a button when
    several share them); a set of pieces that no legal move uses but a refused move
    does is tried and explained."""
    session = Session(name, seat=0, bots="random", seed=2)
    tried = picked = 0
    for _ in range(12):
        view = session.run_bots()
        if view["over"]:
            break
        on_board = pick_tokens(view["svg"])
        legal = {frozenset(p) for p in view["picks"] if p}
        assert all(set(p) <= on_board for p in view["picks"])
        picked += bool(legal)
        for picks, text in view["refused_picks"][:8]:
            assert frozenset(picks) not in legal and text not in view["moves"]
            refusal = session.call("move", text)["refusal"]
            assert refusal["rule"].startswith(session.game.rule_prefix + "-"), refusal
            tried += 1
            assert set(picks) <= on_board
        session.call("move", view["moves"][0])
    assert tried and picked


def test_a_refused_try_is_explained_and_changes_nothing() -> None:
    session = Session("milk-run", players=2, seat=0, bots="random", seed=7)
    before = session.state
    view = session.call("move", "draw discard")
    assert view["refusal"] == {
        "move": "draw discard",
        "rule": "MR-4",
        "reason": session.state.check("draw discard").reason,
    }
    assert session.state is before and not view["can_undo"]
    assert view["tempting"] and not set(view["tempting"]) & set(view["moves"])
    for text in view["tempting"]:
        assert session.call("move", text)["refusal"]["rule"].startswith("MR-")
    assert session.call("move", "draw stock")["refusal"] is None


def test_undo_takes_back_the_readers_move_and_the_bots_after_it() -> None:
    session = Session("yahtzix", players=2, seat=1, bots="heuristic", seed=3)
    session.run_bots()
    assert session.your_turn
    start, told = session.state, session.view()["log"]
    session.call("move", session.view()["moves"][0])
    session.run_bots()
    view = session.call("undo")
    assert session.state is start and view["log"][: len(told)] == told
    assert "took back" in view["log"][-1] and not view["can_undo"]
    assert session.call("undo")["error"] == "There is no move of yours to take back."


def test_new_game_shows_its_seed_and_deals_again() -> None:
    session = Session("skip-bo", players=3, seat=2, bots=["random", "heuristic", "random"])
    assert session.seat_name(0) == "Player 1 (random bot)" and session.seat_name(2) == "You"
    first = session.state
    view = session.call("new", {"seed": 99})
    assert view["seed"] == 99 and session.state != first
    assert view["log"] == ["New game of Skip-Bo (1980 rules), seed 99."]
    with pytest.raises(ValueError, match="seat 5"):
        Session("milk-run", players=2, seat=5)
    with pytest.raises(TypeError, match="seed"):
        Session("milk-run", seed=1.5)
    again = Session.from_spec({"game": "skip-bo", "players": 3, "seat": 2, "seed": 99})
    assert again.state == session.state
    with pytest.raises(TypeError, match="no 'colour'"):
        Session.from_spec({"game": "skip-bo", "colour": "red"})


@pytest.mark.parametrize(
    ("players", "seat", "said"),
    [
        (2, 0, "You are Player 1 (P0), against Player 2 (P1, heuristic bot)."),
        (
            3,
            2,
            "You are Player 3 (P2), against Player 1 (P0, heuristic bot) and Player 2 (P1, "
            "heuristic bot).",
        ),
        (
            4,
            1,
            "You are Player 2 (P1), against Player 1 (P0, heuristic bot), Player 3 (P2, "
            "heuristic bot) and Player 4 (P3, heuristic bot).",
        ),
    ],
)
def test_a_view_names_the_readers_seat_in_words(players: int, seat: int, said: str) -> None:
    view = Session("milk-run", players=players, seat=seat).view()
    assert view["seats"] == said
    assert "summary" not in view  # the engine's shorthand ("P0 R0 B0") is for logs


def test_the_kernel_board_answers_the_front_ends_calls() -> None:
    board = PlayBoard("milk-run", players=2, seed=3)
    assert repr(board) == "PlayBoard('milk-run', 2 players, seat 0, heuristic bots, seed 3)"
    serial = board.view["serial"]
    board._on_call(board, {"call": "move", "arg": "draw stock"}, None)
    assert board.view["serial"] == serial + 1 and board.view["log"][-1] == "You: draw stock"
    board._on_call(board, {"call": "move", "arg": "nonsense"}, None)
    assert board.view["refusal"]["rule"] == "" and "not a move" in board.view["refusal"]["reason"]
    board._on_call(board, {"call": "new", "arg": {"seed": "8", "bots": "random"}}, None)
    assert board.spec["seed"] == 8 and board.view["seed"] == 8
    assert board.session.bots[1].name == "random"
    board._on_call(board, {"call": "new", "arg": {"seed": "1.5"}}, None)
    assert "seed" in board.view["error"] and board.spec["seed"] == 8
    for content in [None, "move", [1], {"call": None}, {}]:
        serial = board.view["serial"]
        board._on_call(board, content, None)
        assert board.view["serial"] == serial + 1 and "call" in board.view["error"]


def test_one_protocol_for_both_back_ends() -> None:
    """The browser's board ships a call and its argument to Session.answer (in the
    page's Python worker) as the kernel's board ships them to Session.call: no Python
    protocol written in JavaScript."""
    esm = PlayBoard._esm
    play = STATIC.joinpath("play.js").read_text(encoding="utf-8")
    worker = STATIC.joinpath("play_worker.js").read_text(encoding="utf-8")
    assert esm == module("play.js") and esm.endswith(play)
    assert "postMessage({ id, board, spec: spec(), call, arg })" in esm and "play_worker.js" in esm
    assert "Session.from_spec(" in worker and ".answer(JSON.stringify({ call, arg }))" in worker
    assert "runPython" not in esm + worker
    assert "model.send({ call, arg })" in esm and "view.groups" in esm
    assert "finally" in esm and "KERNEL_TIMEOUT_MS" in esm
    assert " → " not in play  # moves are grouped by their picks, not by their text
    assert "://" not in esm + worker  # nothing from the network


def test_the_sites_wheel_installs_the_engine(tmp_path: Path) -> None:
    wheel = write_wheel(ROOT, tmp_path)
    assert json.loads((tmp_path / "wheel.json").read_text()) == {"wheel": wheel.name}
    assert write_wheel(ROOT, tmp_path).read_bytes() == wheel.read_bytes()  # reproducible
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        zf.extractall(tmp_path / "site")
    assert "gamebox/__init__.py" in names and "gamebox/games/yahtzix/odds.py" in names
    assert any(n.endswith(".dist-info/RECORD") for n in names)
    code = "import gamebox, sys; print(gamebox.__file__, len(gamebox.games()))"
    out = subprocess.run(
        [sys.executable, "-S", "-c", code],
        cwd=tmp_path / "site",
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.strip().endswith(" 6") and str(tmp_path / "site") in out


# -- teaching: the guided game, hints, levels, options, review, viewpoints, pass-and-play --


def scripted_guide(moves: int = 8) -> Scenario:
    """A guided game built here from a seeded game of Milk Run (a game's own GUIDE is
    its helper's): the reader's steps ask for the moves a random player made, with a
    nudge; the others narrate the bots' replies; one step only narrates."""
    game = gamebox.load("milk-run", players=2)
    state = game.start(11)
    steps = []
    for i in range(moves):
        move = state.legal_moves()[i % len(state.legal_moves())]
        mine = state.current_player == 0
        say = f"Play {move}: step {i}." if mine else f"The bot plays {move}."
        steps.append(Step(str(move), say, ("MR-4",) if mine else (), nudge="Look at your hand."))
        state = state.apply(move)
        if i == 2:
            steps.append(Step(None, "A word between two moves."))
    return Scenario(
        "demo-guide", "milk-run", "A first game", "this test", "The deal.", tuple(steps),
        seed=11, seat=0,
    )  # fmt: skip


def test_a_guided_game_asks_each_step_refuses_other_tries_then_plays_free() -> None:
    guide = scripted_guide()
    session = Session("milk-run", guide=guide, bots="random")
    states = guide.states()
    view = session.view()
    mine = [
        s for s, before in zip(guide.steps, states, strict=False) if s.move and not before.player
    ]
    assert view["lately"] == [{"line": "", "why": "The deal."}]
    assert view["guide"]["step"] == 1 and view["guide"]["steps"] == len(mine)
    asked = 0
    for _ in range(40):
        lesson = view["guide"]
        if lesson["done"]:
            break
        if view["bots_to_move"]:
            view = session.call("bot")
            assert view["log"][-1].startswith("Player 2 (random bot): ")
            said = view["lately"][-1]
            assert said == {"line": view["log"][-1], "why": view["reasons"][-1]}
            assert said["why"].startswith("The bot plays")
            continue
        step = guide.steps[session.guide_at]
        assert lesson["say"] == step.say and lesson["move"] == step.move
        assert lesson["rules"] == ["MR-4"] and lesson["step"] == asked + 1
        assert lesson["picks"] == list(session.state.picks(session.state.parse_move(step.move)))
        assert set(lesson["picks"]) <= pick_tokens(view["svg"])
        before = snapshot(session)
        other = [m for m in view["moves"] if m != step.move]
        if other:  # legal, but not the lesson's move: refused, with the nudge
            refusal = session.call("move", other[0])["refusal"]
            assert (
                refusal["reason"]
                == f"Legal, but this lesson asks for {step.move}. Look at your hand."
            )
            assert refusal["rule"] == "" and snapshot(session) == before
        refusal = session.call("move", view["tempting"][0])["refusal"]
        assert refusal["rule"].startswith("MR-") and refusal["reason"].endswith(
            " Look at your hand."
        )
        assert snapshot(session) == before
        view = session.call("move", step.move)
        assert view["refusal"] is None and view["log"][-1] == f"You: {step.move}"
        assert all(said["line"] != view["log"][-1] for said in view["lately"])
        asked += 1
    assert asked == len(mine) >= 3 and session.state == states[-1]
    assert view["guide"]["done"] and "end of the guided game" in view["guide"]["say"]
    # Free play goes on against the spec's bots, and undo takes back a move of it.
    view = session.run_bots()
    assert view["your_turn"] and view["moves"]
    before = session.state
    view = session.call("move", view["moves"][0])
    assert view["guide"]["done"] and view["refusal"] is None
    session.call("undo")
    assert session.state is before and session.guide_at == len(guide.steps)


def test_a_guide_step_that_only_narrates_is_passed_with_its_words() -> None:
    guide = scripted_guide(4)
    session = Session("milk-run", guide=guide, bots="random")
    while session.guide_at < 3:
        view = session.view()
        session.call("bot") if view["bots_to_move"] else session.call("move", view["guide"]["move"])
    assert (
        session.guide_at == 4 and session.view()["lately"][-1]["why"] == "A word between two moves."
    )
    undone = Session("milk-run", guide=guide, bots="random")
    undone.call("move", guide.steps[0].move)
    undone.call("undo")
    assert undone.guide_at == 0 and undone.state == guide.start()


@pytest.mark.parametrize("name", GAMES)
def test_every_games_guided_game_plays_through_and_its_hints_are_the_lessons(name: str) -> None:
    """Each of the reader's steps: the lesson's pieces are on the board, and a hint
    asked there is the lesson's move with its instruction (never other advice)."""
    guide = game_class(name).guide()
    session = Session(name, players=2)
    view = session.call("new", {"guide": True})
    assert view["error"] == "" and view["guide"]["step"] == 1 and view["can_guide"]
    while not view["guide"]["done"]:
        if view["bots_to_move"]:
            view = session.call("bot")
        else:
            assert set(view["guide"]["picks"]) <= pick_tokens(view["svg"])
            hinted = session.call("hint")["hint"]
            assert hinted["move"] == view["guide"]["move"], hinted
            assert hinted["reason"] == guide.steps[session.guide_at].say
            view = session.call("move", view["guide"]["move"])
        assert not view["error"] and view["refusal"] is None
    assert session.state == guide.states()[-1]


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_is_a_legal_move_with_its_reason_and_picks(name: str) -> None:
    session = Session(name, seat=0, bots="random", seed=6)
    for _ in range(3):
        view = session.run_bots()
        if view["over"]:
            break
        before = snapshot(session)
        view = session.call("hint")
        hinted = view["hint"]
        assert hinted["move"] in view["moves"] and hinted["reason"].strip(), hinted
        assert hinted["picks"] == view["picks"][view["moves"].index(hinted["move"])]
        assert not hinted["rule"] or hinted["rule"].startswith(session.game.rule_prefix + "-")
        assert snapshot(session) == before
        assert session.call("hint", "again")["error"] == "The call 'hint' takes no argument."
        assert session.call("move", hinted["move"])["hint"] is None  # a hint shows once
    session = Session(name, seat=1, bots="random", seed=6)
    if session.bots_to_move:
        assert session.call("hint")["error"].startswith("A hint is for your turn")


@pytest.mark.parametrize("name", GAMES)
def test_the_reader_chooses_the_bots_level(name: str) -> None:
    session = Session(name, players=2, seed=3)
    levels = session.view()["levels"]
    assert levels == list(bot_types(session.game)) and levels[:2] == ["random", "heuristic"]
    for level in levels:
        view = session.call("new", {"bots": level})
        assert view["error"] == "" and view["bots"] == level
        assert session.bots[1].name == type(bot_types(session.game)[level](0)).name
    if "strong" not in levels:
        error = session.call("new", {"bots": "strong"})["error"]
        assert error.startswith("New game refused: no 'strong' bot; the bots are random, heuristic")


def test_a_hint_names_its_ruling_once_as_the_tag_beside_it() -> None:
    """A hint's reason and a review frame leave the ruling id to the tag the board shows
    beside them (with its kind and link): Skip-Bo's reasons end "(SB-12)" in the bots."""
    session = Session("skip-bo", players=2, seat=0, bots="heuristic", seed=2)
    view = session.view()
    while not view["over"]:
        view = (
            session.call("bot") if view["bots_to_move"] else session.call("move", view["moves"][-1])
        )
    tagged = 0
    for index in session.call("review")["review"]["marks"]:
        review = session.call("review", index)["review"]
        for rule in review["frame"]["rules"]:
            tagged += 1
            assert rule not in review["frame"]["say"] and rule not in review["mark"]["reason"]
    assert tagged, "no marked move names a ruling: pick another seed"


def test_the_review_steps_through_a_finished_game_marking_moves_unlike_the_hint() -> None:
    session = Session("yahtzix", players=2, seat=0, bots="heuristic", seed=2)
    assert session.call("review")["error"] == "The review opens when the game is over."
    view = session.view()
    while not view["over"]:
        view = (
            session.call("bot") if view["bots_to_move"] else session.call("move", view["moves"][-1])
        )
    count = len(session.trail) + 1
    view = session.call("review")
    review = view["review"]
    assert review["index"] == 0 and review["count"] == count
    assert check_frame(review["frame"])["label"] == "Start"
    assert review["marks"], "a reader who always plays the last move differs from the hint"
    for index in review["marks"][:5]:
        review = session.call("review", index)["review"]
        frame = check_frame(review["frame"])
        played = session.trail[index - 1]
        assert frame["say"].startswith(f"{played.line}. ") and "The hint was" in frame["say"]
        assert review["mark"]["move"] == str(played.hinted.move) != str(played.move)
        assert frame["label"] == f"Move {index} of {count - 1}"
        assert played.state.describe(0) == frame["text"]
    unmarked = next(i for i in range(1, count) if i not in review["marks"])
    assert session.call("review", unmarked)["review"]["mark"] is None
    for bad in (-1, count, "1", 1.0, True, [1]):
        view = session.call("review", bad)
        assert view["error"].startswith(f"The review has frames 0 to {count - 1}, not ")
        assert view["review"] is None
    assert session.call("move", "roll")["review"] is None  # shown only when asked


@pytest.mark.parametrize("name", GAMES)
def test_the_games_options_are_offered_explained_and_checked(name: str) -> None:
    session = Session(name, players=2, seed=3)
    view = session.view()
    rulings = game_class(name).rulings()
    assert view["players"]["count"] == 2 and view["players"]["doc"].startswith(session.game.title)
    assert view["options"], "every game has options"
    players = min(3, session.game.max_players)
    for row in view["options"]:
        assert row["doc"].strip() and row["rule"] in rulings and (row["takes"] or row["choices"])
        assert row["value"] == row["default"] and len(row["words"]) == len(row["choices"])
        for value in row["choices"][:3]:
            changed = session.call("new", {"options": {row["name"]: value}, "players": players})
            assert changed["error"] == "", (row["name"], value, changed["error"])
            given = {} if value is None else {row["name"]: value}  # None: the default
            assert session.spec["options"] == given and session.game.players == players
            picked = next(r for r in changed["options"] if r["name"] == row["name"])
            assert picked["value"] == value
    before = snapshot(session)
    row = view["options"][0]
    view = session.call("new", {"options": {row["name"]: "nonsense"}})
    assert (
        view["error"].startswith(f"New game refused: {row['name']} is ")
        and snapshot(session) == before
    )
    view = session.call("new", {"players": session.game.max_players + 1})
    assert "players" in view["error"] and snapshot(session) == before


class Telltale(RandomBot):
    """A bot whose reason names every card of its hand: a seat's view must not show it."""

    name = "telltale"

    def advise(self, state: Any) -> Advice:
        hand = state.describe(state.current_player).splitlines()[-1]
        return Advice(self.choose(state), f"I hold {hand}.")


def test_a_seats_view_never_names_a_card_hidden_from_it() -> None:
    session = Session("milk-run", players=2, seat=0, bots="random", seed=5)
    session.bots[1] = Telltale(1)
    for _ in range(6):
        session.call("move", session.view()["moves"][0])
        view = session.run_bots()
    hidden = words(session.state.describe(1)) - words(session.state.describe(0))
    assert hidden, "the bot holds cards the reader cannot see"
    said = json.dumps({k: v for k, v in view.items() if k != "svg"}, ensure_ascii=False)
    assert not words(said) & hidden - {"holds", "P1"}, words(said) & hidden
    assert HIDDEN_REASON in view["reasons"] and view["others"] == []
    view = session.call("viewpoint", "all")
    assert view["viewpoint"] == "all" and "I hold" in " ".join(view["reasons"])
    assert view["others"] == [
        {"seat": "Player 2 (telltale bot)", "lines": [session.state.describe(1).splitlines()[-1]]}
    ]
    assert view["others"][0]["lines"][0] in view["text"]
    for bad in ("both", None, 1, ["all"]):
        view = session.call("viewpoint", bad)
        assert view["error"].startswith("A viewpoint is 'seat'") and view["viewpoint"] == "all"
    assert session.call("viewpoint", "seat")["others"] == []


@pytest.mark.slow  # several seconds: .ci/run runs it, the quick command does not
def test_pass_and_play_hides_the_board_between_two_readers_turns() -> None:
    session = Session(
        "milk-run", players=3, humans=[0, 2], names=["Ann", "Bo"], bots="random", seed=4
    )
    view = session.view()
    assert view["humans"] == [{"seat": 0, "name": "Ann"}, {"seat": 2, "name": "Bo"}]
    assert view["seats"] == (
        "Ann is Player 1 (P0) and Bo is Player 3 (P2), against Player 2 (P1, random bot)."
    )
    assert session.call("ready")["error"] == "No one is waiting for the screen."
    handovers = 0
    for _ in range(5000):
        if view["over"]:
            break
        if view["handover"]:
            handovers += 1
            mover = session.state.current_player
            assert view["handover"] == session.names[mover] and view["svg"] == ""
            refusal = session.call("move", "draw stock")["refusal"]
            assert refusal["reason"] == f"Pass the screen to {view['handover']} first."
            view = session.call("ready")
            assert view["seat"] == mover and view["your_turn"] and not view["can_undo"]
            assert view["svg"] == session.state.board_html(viewer=mover)
        elif view["bots_to_move"]:
            view = session.call("bot")
        else:
            view = session.call("move", view["moves"][0])
            assert view["log"][-1].startswith(f"{session.names[session.viewer]}: ")
    assert view["over"] and handovers >= 4
    assert re.search(r"(Ann|Bo|Player 2 \(random bot\)) (wins|share)|drawn", view["result"])


def test_a_readers_move_costs_no_hint_nor_does_the_bots_reply(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The review's hints cost the reader's move nothing, nor the bots' replies (on
    Pyodide a strong bot's thought is the slow part, and the reader waits for those):
    they are owed, and worked out one a "ponder" call, the reader's own position's
    first, or all at once when the review opens; a hint the reader asked for is kept
    and not worked out again."""
    import gamebox.play as play

    asked: list[Any] = []
    real = play.hint
    monkeypatch.setattr(play, "hint", lambda state: asked.append(state) or real(state))
    session = Session("milk-run", players=2, seat=0, bots="random", seed=7)
    view = session.view()
    assert view["hints_owed"] == 1  # the reader's position's
    while not view["bots_to_move"]:
        view = session.call("move", view["moves"][0])
    moved = len(session.trail)
    assert asked == [] and session.pending == list(range(moved))
    assert view["hints_owed"] == moved
    view = session.run_bots()
    assert asked == [] and view["your_turn"] and view["hints_owed"] == moved + 1
    view = session.call("ponder")  # the reader's position first
    assert asked == [session.state] and view["hints_owed"] == moved
    view = session.call("ponder")  # then the oldest owed
    assert asked[-1] is session.start_state and session.pending == list(range(1, moved))
    assert view["hints_owed"] == moved - 1 and session.trail[0].hinted is not None
    while view["hints_owed"]:
        view = session.call("ponder")
    assert len(asked) == moved + 1 and session.pending == []
    assert all(p.hinted is not None for p in session.trail if p.mover == 0)
    assert session.call("ponder")["hints_owed"] == 0 and len(asked) == moved + 1
    asked.clear()
    hinted = session.call("hint")["hint"]
    assert len(asked) == 0  # pondered already
    session.call("move", hinted["move"])
    assert session.pending == [] and str(session.trail[-1].hinted.move) == hinted["move"]
    assert not session._differs(session.trail[-1])


@pytest.mark.slow  # several seconds: .ci/run runs it, the quick command does not
def test_the_review_works_out_the_hints_still_owed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader who always moves at once, never letting the board ponder, still gets
    the review's marks, with the hint's reason: opening the review works them out."""
    import gamebox.play as play

    asked: list[Any] = []
    real = play.hint
    monkeypatch.setattr(play, "hint", lambda state: asked.append(state) or real(state))
    session = Session("spite-and-malice", players=2, seat=0, bots="heuristic", seed=3)
    view = session.run_bots()
    while not view["over"]:
        view = session.call("move", view["moves"][-1]) if view["your_turn"] else session.call("bot")
    mine = [i for i, p in enumerate(session.trail) if p.mover == 0]
    assert asked == [] and session.pending == mine and view["hints_owed"] == len(mine)
    review = session.call("review", 0)["review"]
    assert len(asked) == len(mine) and session.pending == []
    assert review["marks"] and session.call("review", 0)["hints_owed"] == 0
    frame = session.call("review", review["marks"][0])["review"]
    assert frame["mark"]["reason"] and "The hint was" in frame["frame"]["say"]
    assert len(asked) == len(mine)


def test_pondering_works_out_the_hint_while_the_reader_thinks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The board ponders when it is the reader's turn: the position's hint is kept, so
    the Hint button and the reader's move cost no thought, the next bot's call works
    out nothing for the review, and the board shows nothing new."""
    import gamebox.play as play

    asked: list[Any] = []
    real = play.hint
    monkeypatch.setattr(play, "hint", lambda state: asked.append(state) or real(state))
    session = Session("spite-and-malice", players=2, seat=0, bots="heuristic", seed=3)
    view = session.run_bots()
    assert view["your_turn"] and view["hints_owed"] == 1
    shown = session.call("ponder")
    assert asked == [session.state] and shown["hint"] is None and not shown["error"]
    assert shown["hints_owed"] == 0
    assert {k: v for k, v in shown.items() if k not in ("hint", "hints_owed")} == {
        k: v for k, v in view.items() if k not in ("hint", "hints_owed")
    }
    assert session.call("ponder")["error"] == ""  # pondering again costs nothing
    hinted = session.call("hint")["hint"]
    assert len(asked) == 1 and hinted["move"] in view["moves"]
    session.call("move", view["moves"][-1])
    assert session.pending == [] and session.trail[-1].hinted is not None
    if session.view()["bots_to_move"]:
        session.call("bot")
    assert len(asked) == 1
    assert "takes no argument" in session.call("ponder", 1)["error"]


def test_the_kernel_board_plays_a_guided_game_and_shows_its_spec_as_json() -> None:
    board = PlayBoard("milk-run", guide=scripted_guide(), bots="random")
    assert board.spec["guide"] is True and json.dumps(board.spec)
    lesson = board.view["guide"]
    board._on_call(board, {"call": "move", "arg": lesson["move"]}, None)
    assert board.view["log"][-1] == f"You: {lesson['move']}" and board.spec["guide"] is True
    assert board.session.guide_at == 1


def test_an_options_words_are_a_readers_not_pythons() -> None:
    rows = {r["name"]: r for r in Session("skip-bo", players=2).view()["options"]}
    assert rows["reserve_size"]["label"] == "Reserve size"
    assert (
        rows["reserve_size"]["takes"] == "a whole number from 1 to 79 (empty: the rules' default)"
    )
    assert rows["block_threshold"]["takes"] == "a whole number from 1 to 79 (empty: 5)"
    assert rows["leading_up"]["words"] == ["the rules' default", "no", "yes"]
    shown = json.dumps([(r["label"], r["takes"], r["words"]) for r in rows.values()])
    assert not re.search(r"True|False|None|_", shown), shown


@pytest.mark.parametrize("empty", [None, ""])
def test_an_option_left_empty_takes_the_default(empty: str | None) -> None:
    session = Session("skip-bo", players=2, seed=3)
    view = session.call("new", {"options": {"reserve_size": empty, "block_threshold": empty}})
    assert view["error"] == "" and session.spec["options"] == {}
    assert session.game == gamebox.load("skip-bo", players=2)


def test_more_names_than_players_says_so() -> None:
    session = Session("milk-run", players=2)
    names = [f"Reader {i}" for i in range(9)]
    view = session.call("new", {"names": names, "humans": list(range(9))})
    assert view["error"] == (
        "New game refused: 9 names for 2 players: give one name per reader at the screen "
        "(2 at most)."
    )


@pytest.mark.parametrize("name", GAMES)
def test_all_hands_is_offered_only_where_a_game_hides_something(name: str) -> None:
    hides = name not in ("finish-line", "yahtzix")
    assert Session(name, players=2).view()["can_see_all"] is hides


def test_the_bots_moves_since_the_readers_last_stay_in_order_until_the_reader_moves() -> None:
    session = Session("milk-run", players=3, seat=0, bots="heuristic", seed=4)
    view = session.view()
    assert view["lately"] == []  # a new game, not guided: nothing has happened yet
    for _ in range(6):
        view = session.call("move", session.run_bots()["moves"][0])
        assert view["lately"] == []  # the reader moved: what came before is read
        if view["your_turn"]:
            continue  # Milk Run's second draw
        moved = len(view["log"])
        view = session.run_bots()
        bots = view["log"][moved:]
        assert [said["line"] for said in view["lately"]] == bots
        assert [said["why"] for said in view["lately"]] == view["reasons"][moved:]
        assert {line.split(":")[0] for line in bots} >= {"Player 2 (heuristic bot)"}


@pytest.mark.parametrize("name", GAMES)
def test_a_bots_reason_speaks_of_the_bot_and_a_hint_speaks_to_the_reader(name: str) -> None:
    """The bots word a reason as advice to the player to move: a hint shows it as it is,
    and the log and the bots' moves retell it about the bot (``retold``), in every game."""
    session = Session(name, players=2, seat=0, bots="heuristic", seed=2)
    for _ in range(12):
        view = session.run_bots()
        if view["over"]:
            break
        hinted = session.call("hint")["hint"]
        advice = hint(session.state)
        assert hinted["reason"] == unnamed(advice.reason, advice.rule)
        session.call("move", hinted["move"])
    bots = [p.reason for p in session.trail if "bot)" in p.line]
    assert len(bots) >= 5
    for reason in bots:
        assert not re.search(r"\b(you|your|yours)\b", reason, re.IGNORECASE), reason
    assert (
        retold("Draw your second card from the stock.") == "draws its second card from the stock."
    )
    assert retold("Keep 5 5 (100 points) and then roll 4 dice: you need it.") == (
        "keeps 5 5 (100 points) and then rolls 4 dice: it needs it."
    )
