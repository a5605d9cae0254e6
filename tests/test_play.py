"""Playing a whole game against the bots: the session behind both play boards, the
kernel-side widget, and the wheel the static site installs into the browser's Python."""

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from booktool import write_wheel
from gamebox.play import Session
from gamebox.svg import pick_tokens
from gamebox.widgets import PlayBoard
from tests.conftest import GAMES

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", GAMES)
def test_a_reader_plays_every_game_to_its_end(name):
    session = Session(name, seat=0, bots="heuristic", seed=4)
    view = session.view()
    for _ in range(20_000):
        if view["over"]:
            break
        if view["bots_to_move"]:
            view = session.step_bot()
            continue
        assert view["your_turn"] and view["moves"], view["summary"]
        view = session.try_move(view["moves"][-1])
        assert view["refusal"] is None
    assert view["over"] and view["result"]
    assert not view["moves"] and not view["your_turn"]
    assert any(line.startswith("You: ") for line in view["log"])


@pytest.mark.parametrize("name", GAMES)
def test_pieces_picked_on_the_board_make_a_move_or_show_a_ruling(name):
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
            refusal = session.try_move(text)["refusal"]
            assert refusal["rule"].startswith(session.game.rule_prefix + "-"), refusal
            tried += 1
            assert set(picks) <= on_board
        session.try_move(view["moves"][0])
    assert tried and picked


def test_a_refused_try_is_explained_and_changes_nothing():
    session = Session("milk-run", players=2, seat=0, bots="random", seed=7)
    before = session.state
    view = session.try_move("draw discard")
    assert view["refusal"] == {
        "move": "draw discard",
        "rule": "MR-4",
        "reason": session.state.check("draw discard").reason,
    }
    assert session.state is before and not view["can_undo"]
    assert view["tempting"] and not set(view["tempting"]) & set(view["moves"])
    for text in view["tempting"]:
        assert session.try_move(text)["refusal"]["rule"].startswith("MR-")
    assert session.try_move("draw stock")["refusal"] is None


def test_undo_takes_back_the_readers_move_and_the_bots_after_it():
    session = Session("yahtzix", players=2, seat=1, bots="heuristic", seed=3)
    session.run_bots()
    assert session.your_turn
    start, log_length = session.state, len(session.log)
    session.try_move(session.view()["moves"][0])
    session.run_bots()
    view = session.undo()
    assert session.state is start and view["log"][:log_length] == session.log[:log_length]
    assert "took back" in view["log"][-1] and not view["can_undo"]


def test_new_game_shows_its_seed_and_deals_again():
    session = Session("skip-bo", players=3, seat=2, bots=["random", "heuristic", "random"])
    assert session.seat_name(0) == "Player 1 (random bot)" and session.seat_name(2) == "You"
    first = session.state
    view = session.new_game(99)
    assert view["seed"] == 99 and session.state != first
    assert view["log"] == ["New game of Skip-Bo (1980 rules), seed 99."]
    with pytest.raises(ValueError, match="seat 5"):
        Session("milk-run", players=2, seat=5)


def test_the_kernel_board_answers_the_front_ends_calls():
    board = PlayBoard("milk-run", players=2, seed=3)
    assert repr(board) == "PlayBoard('milk-run', 2 players, seat 0, heuristic bots, seed 3)"
    serial = board.view["serial"]
    board._on_call(board, {"call": "move", "arg": "draw stock"}, None)
    assert board.view["serial"] == serial + 1 and board.view["log"][-1] == "You: draw stock"
    board._on_call(board, {"call": "move", "arg": "nonsense"}, None)
    assert board.view["refusal"]["rule"] == "" and "not a move" in board.view["refusal"]["reason"]
    board._on_call(board, {"call": "new", "spec": {"seed": 8, "bots": "random"}}, None)
    assert board.spec["seed"] == 8 and board.view["seed"] == 8
    assert board.session.bots[1].name == "random"


def test_the_sites_wheel_installs_the_engine(tmp_path):
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
