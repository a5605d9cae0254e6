"""The fuzz suite: hostile input at every boundary of every registered game.

Like the conformance suite, it needs no code of its own per game: registering a game
enrols it. Each test draws its cases from a seeded generator, so a failure replays.

* **Text moves**: garbage, control characters, a megabyte, and legal move texts
  mutated word by word. Each is refused with ``IllegalMove`` (a ruling id of the game
  and a short reason) or applies because it is legal; nothing else escapes.
* **Move objects**: moves of the other games, of the same game at other player
  counts, and moves whose fields were given hostile values. ``IllegalMove`` or
  ``TypeError``, never ``IndexError``/``KeyError``/``AssertionError``.
* **Corrupted JSON**: states from random playouts, written to JSON, corrupted (a key
  dropped, a value of another type, a huge or negative number, a list item doubled
  or lost). ``from_json`` refuses with ``ValueError``, or loads a position that keeps
  every invariant of the game (nothing lost or duplicated, scores in range, moves
  that apply).
* **Impossible set-ups**: the worked examples' set-up positions with one keyword made
  hostile. ``ValueError``/``TypeError``, or a position that keeps every invariant.
* **Options and seeds**: ``gamebox.load`` and ``game.start`` given wrong types,
  unknown names and absurd values: ``TypeError``/``ValueError``, or a game that plays.

Every refused call leaves the state as it was. ``GAMEBOX_FUZZ`` scales the number of
cases (``.ci/run`` raises it).
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import signal
from contextlib import contextmanager

import pytest

import gamebox
from gamebox.bots import play
from gamebox.core import MAX_MOVE_TEXT, IllegalMove, Move, game_class
from gamebox.rng import Rng
from tests.conftest import GAMES
from tests.test_conformance import check_state

#: Cases per test and game: a quick default, more in CI.
CASES = int(os.environ.get("GAMEBOX_FUZZ", "150"))
#: The longest reason a refusal may give: it echoes a reader's text only shortened.
LONGEST_REASON = 400
HOSTILE_INTS = (-1, 0, 1, 2, 7, 13, 99, 10**9, -(10**9), 2**64)
HOSTILE_VALUES = (None, True, 2.5, "", "zz", "♠♠", [], {}, [[]], "x" * 300)


@contextmanager
def deadline(seconds: int, what: str):
    """Fail instead of hanging: a hostile input must never freeze the engine."""

    def expire(_signum, _frame):
        raise AssertionError(f"{what} took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def positions(name: str, count: int, seed: int) -> list[gamebox.State]:
    """``count`` states of games still going on, reached by random play, at every player
    count the game allows."""
    cls = game_class(name)
    rng = Rng(seed)
    out = []
    while len(out) < count:
        players = cls.min_players + rng.randbelow(cls.max_players - cls.min_players + 1)
        game = gamebox.load(name, players=players)
        state = play(game, rng.randbelow(2**32), max_moves=rng.randbelow(300))
        if not state.is_over:
            out.append(state)
    return out


def assert_refused_cleanly(state, move, table) -> bool:
    """Apply ``move``: True if it applied (it must be legal), False if refused with a
    ruling of the game's ``table`` and a short reason (or TypeError for an object of
    another game); either way ``state`` is unchanged."""
    before = state.to_json()
    try:
        after = state.apply(move)
    except IllegalMove as err:
        assert err.rule in table, f"{move!r}: {err.rule!r} is no ruling of the game"
        assert err.reason.strip(), f"{move!r}: refused without a reason"
        assert len(err.reason) <= LONGEST_REASON, f"a {len(err.reason)}-character reason"
        assert state.to_json() == before, f"refusing {move!r} changed the state"
        return False
    except TypeError:
        assert not isinstance(move, str), f"text {move!r} raised TypeError, not IllegalMove"
        assert state.to_json() == before, f"refusing {move!r} changed the state"
        return False
    assert state.is_legal(move), f"{move!r} applied but is not legal"
    assert state.to_json() == before, f"applying {move!r} changed the state it left"
    assert after.history[-1] in state.legal_moves()
    return True


def garbage_texts(state, rng: Rng) -> list[str]:
    """Text a reader might type, or paste by mistake: nonsense, control characters, a
    megabyte, and legal and candidate move texts mutated a word at a time."""
    known = [str(m) for m in state.legal_moves() + state.candidate_moves()] or ["pass"]
    alphabet = "abcxyz →-:0123456789♠♥♦♣JKQA\t\n\x00\x1b\u202e/\\'\"{}[]"
    texts = [
        "",
        " ",
        "\x00",
        "x" * 1_000_000,
        "9" * (MAX_MOVE_TEXT + 1),
        "".join(rng.choice(alphabet) for _ in range(rng.randbelow(40))),
    ]
    for _ in range(6):
        words = rng.choice(known).split()
        if not words:
            continue
        i = rng.randbelow(len(words))
        choice = rng.randbelow(6)
        if choice == 0:
            words[i] = str(rng.choice(HOSTILE_INTS))
        elif choice == 1:
            del words[i]
        elif choice == 2:
            words.insert(i, rng.choice(words))
        elif choice == 3:
            words[i] = words[i][::-1]
        elif choice == 4:
            words[i] = re.sub(r"\d+", str(rng.choice(HOSTILE_INTS)), words[i])
        else:
            words[i] = rng.choice(("P9", "P-1", "row 99", "stack 0", "[99:99]", "99", "JK"))
        texts.append(" ".join(words))
    return texts


def hostile_moves(state, rng: Rng) -> list[Move]:
    """Move objects of the right kind whose fields were given hostile values (moves that
    are dataclasses or named tuples; a move class may refuse to be built so)."""
    found = []
    for move in (state.legal_moves() + state.candidate_moves())[:40]:
        if dataclasses.is_dataclass(move):
            names = [f.name for f in dataclasses.fields(move)]
            rebuild = dataclasses.replace
        elif hasattr(move, "_replace"):
            names = list(move._fields)
            rebuild = type(move)._replace
        else:
            continue
        for name in names:
            value = rng.choice(HOSTILE_INTS + HOSTILE_VALUES)
            try:
                found.append(rebuild(move, **{name: value}))
            except (TypeError, ValueError):
                continue  # the move class refuses to be built so
    rng.shuffle(found)
    return found[:25]


@pytest.mark.parametrize("name", GAMES)
def test_any_text_is_refused_with_a_ruling_or_applies(name):
    table = game_class(name).rulings()
    rng = Rng(101)
    tried = 0
    states = positions(name, max(4, CASES // 10), seed=1)
    for state in states:
        for text in garbage_texts(state, rng):
            with deadline(10, f"{name}: the text {text[:40]!r}"):
                applied = assert_refused_cleanly(state, text, table)
                err = state.check(text)
            assert (err is None) == applied
            tried += 1
    assert tried >= 6 * len(states)


@pytest.mark.parametrize("name", GAMES)
def test_move_objects_of_other_games_and_player_counts_are_refused(name):
    table = game_class(name).rulings()
    rng = Rng(202)
    foreign = []
    for other in GAMES:
        for state in positions(other, 3, seed=2):
            foreign.extend(state.legal_moves() + state.candidate_moves()[:30])
    tried = 0
    states = positions(name, max(4, CASES // 15), seed=3)
    for state in states:
        moves = [rng.choice(foreign) for _ in range(20)] + hostile_moves(state, rng)
        for move in moves:
            with deadline(10, f"{name}: a {type(move).__name__} move"):
                assert_refused_cleanly(state, move, table)
            tried += 1
    assert tried >= 20 * len(states)


def corrupt(data, rng: Rng):
    """A copy of the JSON tree ``data`` with one corruption at a random place."""
    data = json.loads(json.dumps(data))
    parent, key = None, None
    node = data
    for _ in range(rng.randbelow(6) + 1):  # walk down to a random place
        if isinstance(node, dict) and node:
            k = rng.choice(sorted(node))
        elif isinstance(node, list) and node:
            k = rng.randbelow(len(node))
        else:
            break
        parent, key, node = node, k, node[k]
    if parent is None:
        return {"game": data.get("game")}
    choice = rng.randbelow(9)
    if choice == 0 and isinstance(parent, dict):
        del parent[key]
    elif choice == 1 and isinstance(node, list) and node:
        node.append(rng.choice(node))  # an item doubled
    elif choice == 2 and isinstance(node, list) and node:
        node.pop(rng.randbelow(len(node)))  # an item lost
    elif choice == 3 and isinstance(node, str) and " " in node:
        words = node.split()
        words.append(rng.choice(words))
        parent[key] = " ".join(words)  # a card, tile or die written twice
    elif choice == 4 and isinstance(node, int) and not isinstance(node, bool):
        parent[key] = node + rng.choice((-1, 1, 2, -7))
    elif choice == 5:
        parent[key] = rng.choice(HOSTILE_INTS)
    elif choice == 6:
        parent[key] = rng.choice(HOSTILE_VALUES)
    elif choice == 7 and isinstance(node, bool):
        parent[key] = not node
    else:
        parent[key] = {"nested": node} if rng.randbelow(2) else [node, node]
    return data


@pytest.mark.parametrize("name", GAMES)
def test_corrupted_json_is_refused_or_loads_a_sound_position(name):
    rng = Rng(303)
    refused = loaded = 0
    for state in positions(name, max(4, CASES // 10), seed=4):
        good = json.loads(state.to_json())
        for _ in range(15):
            text = json.dumps(corrupt(good, rng), ensure_ascii=False)
            with deadline(20, f"{name}: loading {text[:200]}"):
                try:
                    again = gamebox.from_json(text)
                except ValueError as err:
                    assert str(err).strip() and len(str(err)) <= 1000
                    refused += 1
                    continue
                check_state(again.game, again, deep=True)
                assert gamebox.from_json(again.to_json()) == again
            loaded += 1
    assert refused > loaded / 10, f"only {refused} of {refused + loaded} corruptions refused"


def setups(name: str) -> list[tuple[gamebox.Game, dict]]:
    """The worked examples' set-up positions: the game and the keywords."""
    return [
        (example.load_game(), dict(example.setup))
        for example in game_class(name).examples()
        if example.setup is not None
    ]


def hostile_setup(position: dict, players: int, rng: Rng) -> dict:
    position = dict(position)
    key = rng.choice(sorted(position)) if position else "player"
    value = position.get(key)
    choice = rng.randbelow(7)
    if choice == 0 and isinstance(value, str) and value.split():
        words = value.split()
        position[key] = " ".join([*words, rng.choice(words)])  # a piece twice
    elif choice == 1 and isinstance(value, list | tuple) and value:
        position[key] = [*value, value[0]]  # one more than there are players
    elif choice == 2 and isinstance(value, list | tuple) and value:
        position[key] = list(value)[:-1]
    elif choice == 3:
        position[key] = rng.choice((players, players + 3, -1, 10**9, -500))
    elif choice == 4:
        position[key] = rng.choice(HOSTILE_VALUES)
    elif choice == 5:
        position["player"] = rng.choice((players, players + 5, -1))
    else:
        position[rng.choice(("colour", "seat", key + "s"))] = 1
    return position


@pytest.mark.parametrize("name", GAMES)
def test_impossible_setups_are_refused_or_sound(name):
    rng = Rng(404)
    cases = setups(name)
    if not cases:
        pytest.skip(f"{name} has no worked example with a set-up position")
    tried = 0
    for i in range(CASES):
        game, position = cases[i % len(cases)]
        hostile = hostile_setup(position, game.players, rng)
        with deadline(20, f"{name}: setup {hostile!r:.200}"):
            try:
                state = game.setup(**hostile)
            except (ValueError, TypeError) as err:
                assert str(err).strip()
                tried += 1
                continue
            check_state(game, state, deep=True)
        tried += 1
    assert tried == CASES


@pytest.mark.parametrize("name", GAMES)
def test_options_players_and_seeds_are_checked(name):
    cls = game_class(name)
    for players in (2.0, True, "2", -1, cls.max_players + 1, 10**9):
        with pytest.raises((TypeError, ValueError)):
            gamebox.load(name, players=players)
    with pytest.raises(TypeError, match="no option"):
        gamebox.load(name, players=cls.min_players, no_such_option=1)
    rng = Rng(505)
    for field in dataclasses.fields(cls.options_type):
        for value in (*HOSTILE_INTS, *HOSTILE_VALUES, 10**9, False):
            try:
                game = gamebox.load(name, players=cls.min_players, **{field.name: value})
            except (TypeError, ValueError) as err:
                assert str(err).strip()
                continue
            # an accepted value gives a game that deals and plays
            with deadline(30, f"{name} with {field.name}={value!r}"):
                state = play(game, rng.randbelow(1000), max_moves=50)
                check_state(game, state, deep=False)
    game = gamebox.load(name, players=cls.min_players)
    for seed in (1.5, 1e21, True, "7", None):
        with pytest.raises(TypeError, match="a seed is a whole number"):
            game.start(seed)
    for seed in (-1, 2**64, 10**30):
        with pytest.raises(ValueError, match="a seed is a whole number"):
            game.start(seed)
    assert game.start(2**64 - 1) != game.start(0)
