"""The conformance suite: every registered game, many seeded random playouts.

Like OpenSpiel's random-simulation test. A game is enrolled by registering it in
``gamebox/games/__init__.py``; it needs no test code of its own here. Checked:

* conservation: every component (card, tile, marker, die) is somewhere, once;
* every move in ``legal_moves()`` applies, and the legal list is stable;
* every candidate move outside it is refused with ``IllegalMove`` naming a ruling in
  the game's table of rulings (``game.rulings()``), and the refused state is unchanged;
  the game's one check per kind of move (``why_illegal``) refuses exactly the moves that
  ``legal_moves()`` leaves out;
* a state that is not over always has a legal move (or a chance outcome);
* replaying ``history`` from the seed, and the JSON round trip, give equal states;
* scores stay in the game's range; games between heuristic bots end;
* every piece a legal move picks (``state.picks``) is on the board drawn for the player
  to move, so a play board can offer the move as clicks on the board; that board's
  areas fit a phone's frame, its text is at least 11 px and every such piece is a tap
  target of at least 44 x 44 px;
* the same, for fewer playouts, under each option set a game lists in ``variants``.

A game also gives a little data of its own here, and a registered game without it
fails: the odd moves to try and the rulings their refusals must name (``REFUSALS``),
and a few seeded games of its heuristic bot, pinned (``PINNED_GAMES``).
"""

import dataclasses
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamebox
from gamebox import reference
from gamebox.bots import LEVELS, RandomBot, bot_types, hint, make_bots, play
from gamebox.games.skip_bo.moves import HAND, WILD, Play
from gamebox.rng import Rng, derive
from gamebox.svg import AREA_MOST, SMALLEST, TAP, pick_tokens
from tests.conftest import GAMES, PLAYOUTS
from tests.helpers import record

MAX_MOVES = 400
ROOT = Path(__file__).parents[1]


def scaled(share):
    """How many times a check runs: ``PLAYOUTS // share``, at least once. The quick run
    (``GAMEBOX_PLAYOUTS=2``) makes every kind of check once or twice; CI's 150 make each
    ``150 // share`` times."""
    return max(1, PLAYOUTS // share)


def player_counts(name):
    cls = gamebox.core.game_class(name)
    return sorted({cls.min_players, min(cls.max_players, cls.min_players + 1), cls.max_players})


def check_state(game, state, *, deep):
    """The invariants of one state; ``deep`` also tries every legal and candidate move."""
    assert state.components() == game.components(), "a component was lost or duplicated"
    lo, hi = game.score_range()
    assert all(lo <= s <= hi for s in state.scores), f"score out of range: {state.scores}"
    legal = state.legal_moves()
    assert legal == state.legal_moves(), "legal_moves() is not stable"
    if state.is_over:
        assert legal == []
        return
    assert legal, f"a state that is not over has no legal move:\n{state}"
    assert len(set(map(str, legal))) == len(legal), "two legal moves share a text form"
    if state.is_chance:
        assert state.sample_chance() in legal
    if not deep:
        return
    if not state.is_chance:
        check_picks(state, legal)
    before = state.to_json()
    for move in legal:
        assert state.parse_move(str(move)) == move, f"{move} does not parse back"
        state.apply(move)
    table = game.rulings()
    for move in legal:
        assert state.why_illegal(move) is None, (
            f"{move} is legal, yet refused: {state.why_illegal(move)}"
        )
    for move in state.candidate_moves():
        if move in legal:
            continue
        assert state.why_illegal(move) is not None, f"{move} is not legal, yet no rule refuses it"
        with pytest.raises(gamebox.IllegalMove) as refused:
            state.apply(move)
        assert refused.value.rule in table, f"{move}: {refused.value.rule!r} is no ruling"
        assert refused.value.reason.strip(), f"{move}: refused without a reason"
    assert state.to_json() == before, "a move (legal or refused) changed the state it left"


#: A piece a move picks, and its hit area (the first thing it holds).
PIECE = re.compile(
    r'<g data-pick="[^"]*"><rect class="hit" x="[^"]*" y="[^"]*" width="([^"]*)" height="([^"]*)"/>'
)


def check_board(board):
    """A board drawn as a phone shows it: every area fits the narrowest frame, no text is
    under 11 px, and every piece a move picks has a hit area of at least 44 x 44 px."""
    for area in board.areas:
        assert 0 < area.width <= AREA_MOST, f"{area.name} is {area.width} px wide"
        sizes = [float(s) for s in re.findall(r'font-size="([^"]*)"', area.body)]
        assert min(sizes, default=SMALLEST) >= SMALLEST, f"{area.name}: text of {min(sizes)} px"
        assert area.body.count("data-pick=") == len(PIECE.findall(area.body)), (
            f"{area.name}: a piece with no hit area"
        )
        for w, h in PIECE.findall(area.body):
            assert min(float(w), float(h)) >= TAP, f"{area.name}: a {w} x {h} px tap target"


def check_picks(state, legal):
    board = state.areas(viewer=state.current_player)
    check_board(board)
    on_board = pick_tokens(board.html())
    for move in legal:
        picks = state.picks(move)
        assert len(set(picks)) == len(picks), f"{move} picks a piece twice: {picks}"
        missing = set(picks) - on_board
        assert not missing, f"{move}: the board has no piece {missing} to pick\n{state}"


def playout(game, seed, *, deep_every=7):
    rng = Rng(seed)
    state = game.start(seed)
    for n in range(MAX_MOVES):
        check_state(game, state, deep=n % deep_every == 0)
        if state.is_over:
            break
        move = state.sample_chance() if state.is_chance else rng.choice(state.legal_moves())
        state = state.apply(move)
    check_state(game, state, deep=True)
    return state


def check_replay_and_json(game, seed, state):
    assert game.replay(seed, state.history) == state, "replaying history gave another state"
    again = game.state_from_json(state.to_json())
    assert again == state, "the JSON round trip gave another state"
    assert again.legal_moves() == state.legal_moves()
    assert json.loads(state.to_json())["game"] == game.name


@pytest.mark.parametrize("name", GAMES)
def test_random_playouts(name):
    for players in player_counts(name):
        game = gamebox.load(name, players=players)
        for seed in range(PLAYOUTS):
            final = playout(game, seed)
            check_replay_and_json(game, seed, final)


VARIANTS = [
    pytest.param(name, options, id=f"{name}-" + "-".join(f"{k}={v}" for k, v in options.items()))
    for name in GAMES
    for options in gamebox.core.game_class(name).variants
]


@pytest.mark.parametrize(("name", "options"), VARIANTS)
def test_option_variants_play_out(name, options):
    cls = gamebox.core.game_class(name)
    for players in sorted({cls.min_players, cls.max_players}):
        game = gamebox.load(name, players=players, **options)
        for seed in range(scaled(6)):
            final = playout(game, seed)
            check_replay_and_json(game, seed, final)
        for seed in range(scaled(75)):
            final = play(game, seed, make_bots(game, "heuristic", seed), max_moves=20_000)
            assert final.is_over, f"{game}: a heuristic game of seed {seed} did not end"


@pytest.mark.parametrize("name", GAMES)
def test_every_game_with_options_plays_a_variant(name):
    cls = gamebox.core.game_class(name)
    assert cls.variants or not dataclasses.fields(cls.options_type)
    for options in cls.variants:
        game = gamebox.load(name, players=cls.min_players, **options)
        assert game != gamebox.load(name, players=cls.min_players), f"{options} changes nothing"


@pytest.mark.parametrize("name", GAMES)
def test_most_moves_can_be_picked_on_the_board(name):
    """Moves made by a button alone ("roll", "pass") are the exception."""
    game = gamebox.load(name)
    picked = total = 0
    for seed in range(5):
        rng = Rng(seed)
        state = game.start(seed)
        while not state.is_over:
            legal = state.legal_moves()
            if not state.is_chance:
                picked += sum(bool(state.picks(m)) for m in legal)
                total += len(legal)
            state = state.apply(state.sample_chance() if state.is_chance else rng.choice(legal))
    assert picked >= total / 2, f"only {picked} of {total} legal moves can be picked"


@pytest.mark.parametrize("name", GAMES)
def test_every_state_replays_midgame(name):
    game = gamebox.load(name, players=gamebox.core.game_class(name).min_players)
    state = play(game, seed=11, max_moves=37)
    check_replay_and_json(game, 11, state)


@pytest.mark.parametrize("name", GAMES)
def test_heuristic_games_end(name):
    for players in player_counts(name):
        game = gamebox.load(name, players=players)
        for seed in range(scaled(4)):
            final = play(game, seed, make_bots(game, "heuristic", seed), max_moves=20_000)
            assert final.is_over, f"{game}: a heuristic game of seed {seed} did not end"


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_deals_the_same_game(name):
    game = gamebox.load(name)
    assert game.start(5) == game.start(5)
    assert play(game, 5, max_moves=60) == play(game, 5, max_moves=60)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_its_rulings_as_data(name):
    """The table holds ``<prefix>-0`` and every ruling an example shows; each ruling
    names its source, and each ruling and glossary word the chapter section that
    teaches it; the player aid cites only rulings of the table."""
    cls = gamebox.core.game_class(name)
    table = cls.rulings()
    assert f"{cls.rule_prefix}-0" in table, f"{name} has no table of rulings"
    for example in cls.examples():
        assert set(example.all_rules()) <= set(table), f"{example.id} shows an unknown ruling"
    chapter = ROOT / "book" / "md" / f"{reference.chapter(name)}.md"
    titles = set(re.findall(r"^#{2,3} (.+)$", chapter.read_text(encoding="utf-8"), re.M))
    for ruling in table.values():
        assert ruling.source.strip(), f"{ruling.id} names no source"
        assert ruling.taught in titles, f"{ruling.id}: no section {ruling.taught!r}"
    for term in reference.terms(name):
        assert term.taught in titles, f"{term.word}: no section {term.taught!r}"
    aid = reference.player_aid(name)
    assert aid is not None, f"{name} has no player aid"
    for line in (*aid.setup, *aid.turn, *aid.special, *aid.scoring):
        cited = re.findall(rf"\b{cls.rule_prefix}-\d+\b", line)
        assert set(cited) <= set(table), f"the player aid cites no such ruling: {line}"


@pytest.mark.parametrize("name", GAMES)
def test_bots_are_registered(name):
    game = gamebox.load(name)
    assert tuple(bot_types(game)) == LEVELS, f"{name} lacks a level of bot"
    assert bot_types(game)["random"] is RandomBot


def positions(game, seed, count):
    """Up to ``count`` positions where a player is to move, from a random playout."""
    rng = Rng(seed)
    state, found = game.start(seed), []
    while not state.is_over and len(found) < count:
        if not state.is_chance:
            found.append(state)
        move = state.sample_chance() if state.is_chance else rng.choice(state.legal_moves())
        state = state.apply(move)
    return found[:: max(1, len(found) // 12)] if found else found


@pytest.mark.parametrize("name", GAMES)
def test_every_bot_says_why_it_chose_a_legal_move(name):
    """At every level, a bot's advice is one of the legal moves, with one plain
    sentence of reason and, if it names a ruling, one of the game's; a hint is the same
    for the same position, and asking changes nothing."""
    game = gamebox.load(name)
    table = game.rulings()
    for seed in range(scaled(75)):
        for state in positions(game, seed, 40):
            before = state.to_json()
            for level, bot in bot_types(game).items():
                advice = bot(seed).advise(state)
                assert advice.move in state.legal_moves(), f"{name} {level}: {advice}"
                reason = advice.reason
                assert reason.strip() and "\n" not in reason and len(reason) <= 300, reason
                assert advice.rule is None or advice.rule in table, advice
            assert hint(state) == hint(state)
            assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_guided_first_game(name):
    """The guided first game replays through the engine, gives the reader a short game
    (each of their steps is theirs to play, with an instruction and a nudge), and shows
    every ruling the player aid cites for the goal and the turn."""
    cls = gamebox.core.game_class(name)
    guide = cls.guide()
    assert guide is not None, f"{name} has no guided first game (GUIDE in its examples)"
    assert guide.seat is not None, f"{guide.id} names no seat for the reader"
    states = guide.states()
    ours = [
        i for i, step in enumerate(guide.steps) if not states[i].is_chance
        and states[i].current_player == guide.seat and step.move is not None
    ]  # fmt: skip
    assert 8 <= len(ours) <= 15, f"{guide.id}: {len(ours)} moves for the reader"
    for i in ours:
        step = guide.steps[i]
        assert step.say.strip() and step.nudge.strip(), f"{guide.id} step {i + 1}"
    aid = reference.player_aid(name)
    main = set(re.findall(rf"\b{cls.rule_prefix}-\d+\b", " ".join((aid.goal, *aid.turn))))
    missing = main - set(guide.all_rules())
    assert not missing, f"{guide.id} never shows {sorted(missing)}"
    assert set(guide.all_rules()) <= set(cls.rulings())


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), picks=st.lists(st.integers(0, 2**16), max_size=120))
def test_any_sequence_of_legal_moves_keeps_the_invariants(name, seed, picks):
    game = gamebox.load(name)
    state = game.start(seed)
    for pick in picks:
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.apply(legal[pick % len(legal)])
    check_state(game, state, deep=True)
    check_replay_and_json(game, seed, state)


#: Seeded games recorded before the bots learnt to say why (commits ef8b7d3 and 11d845e),
#: so that a
#: reason never changes a choice: game -> {(players, seed, the level of every seat but
#: the first, which is the heuristic bot's): (moves, the digest of their texts)}. Each
#: seat's bot is seeded ``derive(seed, seat)``.
PINNED_GAMES = {
    "milk-run": {
        (2, 0, "heuristic"): (152, "b7647272dd8e3392"),
        (2, 1, "heuristic"): (151, "ccb1865c5f471c19"),
        (2, 2, "heuristic"): (215, "c556db6836649bc0"),
        (3, 0, "heuristic"): (200, "4819884cd4890e61"),
    },
    "spite-and-malice": {
        (2, 0, "heuristic"): (215, "2f89a44e8b1a0513"),
        (2, 1, "random"): (290, "695ea723ef9f3bbe"),
        (2, 2, "heuristic"): (219, "17879240d5f8b84a"),
        (2, 3, "random"): (158, "125f9ffe8729568c"),
    },
    "finish-line": {
        (2, 0, "heuristic"): (182, "12bd42229a58bde0"),
        (2, 1, "heuristic"): (214, "35f6d2a26d7c2241"),
        (3, 2, "heuristic"): (382, "c8fceeb8f3c0612a"),
    },
    "mexican-train": {
        (2, 0, "heuristic"): (600, "59ec2f9fef28cfce"),
        (2, 1, "heuristic"): (455, "39932b8dd5a6d7d9"),
        (4, 2, "heuristic"): (470, "656ee5f1a61a7dda"),
    },
    "skip-bo": {
        (2, 0, "heuristic"): (214, "94fceea7e024c41e"),
        (2, 1, "random"): (126, "cd0305bca07d9322"),
        (2, 2, "heuristic"): (177, "500767a06320ac83"),
        (2, 3, "random"): (124, "b5aef5e802ba991a"),
    },
    "yahtzix": {
        (2, 0, "heuristic"): (206, "874e88281f8d0eb5"),
        (2, 1, "heuristic"): (360, "a06b6b8fe7b2b752"),
        (2, 2, "heuristic"): (317, "b1c488bb6313c943"),
        (3, 0, "heuristic"): (363, "0c330707abaafa10"),
    },
}
#: Games whose heuristic bot advises without drawing on a generator: there its advice
#: must be the very move it plays (Milk Run's bot breaks ties at random).
ADVISED = {"finish-line", "mexican-train", "yahtzix"}


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_heuristic_games_pinned(name):
    assert PINNED_GAMES.get(name), f"record a few of {name}'s heuristic games in PINNED_GAMES"


@pytest.mark.parametrize(
    ("name", "players", "seed", "rival"),
    [(name, *key) for name in GAMES for key in PINNED_GAMES.get(name, {})],
)
def test_the_heuristic_bot_plays_the_games_it_played_before_it_gave_reasons(
    name, players, seed, rival
):
    game = gamebox.load(name, players=players)
    levels = bot_types(game)
    bots = [levels["heuristic" if i == 0 else rival](derive(seed, i)) for i in range(players)]
    pinned = PINNED_GAMES[name][players, seed, rival]
    assert record(game, seed, bots, advised=name in ADVISED) == pinned


#: For each game: moves that are no move of it, tried beside ``"fly away"`` in every
#: position (texts, or move objects a caller could build), and the rulings that refusing
#: them and the candidate moves must name between them (``<prefix>-0`` included).
REFUSALS = {
    "milk-run": (
        ("K♠ → moon", "draw twice"),
        {"MR-0", "MR-4", "MR-5", "MR-7", "MR-8", "MR-9", "MR-10"},
    ),
    "spite-and-malice": (
        ("K♠ → row 9", "JK as 7 → stack 1", "pay-off: Q♥ → stack 3", "Q♥ → row 4", "stuck"),
        {"SM-0", "SM-4", "SM-5", "SM-6", "SM-7", "SM-8", "SM-9", "SM-10", "SM-12"},
    ),
    "finish-line": (
        ("move 99 to 100 with red", "swap with P9 on 3", "roll red 7 black 1"),
        {"FL-0", "FL-3", "FL-5", "FL-6", "FL-7", "FL-8", "FL-10", "FL-19"},
    ),
    "mexican-train": (
        ("[3:1]", "[9:9] → the moon", "knock knock"),
        {"MT-0", "MT-7", "MT-8", "MT-9", "MT-12", "MT-13"},
    ),
    "skip-bo": (
        # a card that takes a value it cannot: a 5 played as 6, a wild as 14
        ("stack 9: 3 → pile 1", "13 → pile 1", Play(HAND, 5, 0, 6), Play(HAND, WILD, 0, 14)),
        {"SB-0", "SB-6", "SB-8", "SB-9", "SB-10", "SB-11", "SB-12", "SB-14"},
    ),
    "yahtzix": (
        ("keep 2 2", "roll 3 dice", "go for it"),
        {"YX-0", "YX-3", "YX-5", "YX-6", "YX-7", "YX-10", "YX-11", "YX-12", "YX-15", "YX-17"},
    ),
}


def tried_positions(name, *, moves=150):
    """Every position of the game's worked examples, then the first ``moves`` positions
    of a random game at each player count and under each option set of ``variants``."""
    cls = gamebox.core.game_class(name)
    for example in cls.examples():
        yield from example.states()
    setups = [(players, {}) for players in player_counts(name)]
    setups += [(cls.min_players, options) for options in cls.variants]
    for seed, (players, options) in enumerate(setups):
        rng, state = Rng(seed), gamebox.load(name, players=players, **options).start(seed)
        for _ in range(moves):
            yield state
            if state.is_over:
                break
            move = state.sample_chance() if state.is_chance else rng.choice(state.legal_moves())
            state = state.apply(move)


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_names_a_ruling_of_the_table(name):
    assert name in REFUSALS, f"list {name}'s odd moves and the rulings they meet in REFUSALS"
    odd, met = REFUSALS[name]
    table = gamebox.core.game_class(name).rulings()
    seen, count = set(), 0
    for state in tried_positions(name):
        count += 1
        for move in (*state.candidate_moves(), "fly away", *odd):
            err = state.check(move)
            if err is not None:
                assert err.rule in table, f"{move}: {err}"
                seen.add(err.rule)
    assert count >= 300
    assert met <= seen, f"no refusal named {sorted(met - seen)}"


@pytest.mark.parametrize("name", GAMES)
def test_options_name_rulings_of_the_table(name):
    cls = gamebox.core.game_class(name)
    assert {option["rule"] for option in cls.options_type.describe()} <= set(cls.rulings())
