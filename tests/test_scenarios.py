"""Every worked example of every game replays through the engine.

Per-game tests assert each example's outcome; this generic test checks that no
example shows an illegal move, that its "your move" verdicts come from the engine,
and that its board frames render.
"""

import re

import pytest

import gamebox
from gamebox.core import game_class
from tests.conftest import GAMES

EXAMPLES = [(name, sc) for name in GAMES for sc in game_class(name).examples()]


def test_example_ids_are_unique():
    ids = [sc.id for _, sc in EXAMPLES]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(("name", "scenario"), EXAMPLES, ids=[sc.id for _, sc in EXAMPLES])
def test_example_replays(name, scenario):
    assert scenario.game == name
    states = scenario.states()
    assert len(states) == len(scenario.steps) + 1
    prefix = game_class(name).rule_prefix
    for rule in scenario.all_rules():
        assert re.match(rf"^{prefix}-\d+$", rule), rule
    frames = scenario.frames()
    assert len(frames) == len(states)
    for frame, step in zip(frames[1:], scenario.steps, strict=True):
        assert frame["say"] == step.say
        assert frame["svg"].startswith('<div class="gb-areas"') and "<svg" in frame["svg"]
        if step.ask:
            choices = frame["ask"]["choices"]
            assert any(c["legal"] for c in choices) or step.move is None
            assert any(not c["legal"] for c in choices), "a 'your move' step needs a refusal"
            for c in choices:
                assert c["legal"] or re.match(rf"^{prefix}-\d+$", c["rule"])
                if c["taken"]:
                    assert c["legal"]


def test_scenarios_refuse_an_illegal_script():
    name, scenario = EXAMPLES[0]
    state = scenario.start()
    bad = next(m for m in state.candidate_moves() if not state.is_legal(m))
    broken = gamebox.Scenario(
        id="broken",
        game=name,
        title="",
        source="",
        intro="",
        players=scenario.players,
        options=scenario.options,
        setup=scenario.setup,
        seed=scenario.seed,
        steps=(gamebox.Step(str(bad), "this move is illegal"),),
    )
    with pytest.raises(gamebox.IllegalMove):
        broken.states()


KINDS = {"setup", "refused", "winner", "score", "position", "forced", "choices", "identical"}


@pytest.mark.parametrize(("name", "scenario"), EXAMPLES, ids=[sc.id for _, sc in EXAMPLES])
def test_every_offered_variant_replays(name, scenario):
    """Every example under every option its board offers: a known kind of divergence at
    a step of the board, and frames a board accepts (at most one more than the example's,
    the refusal's)."""
    from gamebox.widgets import check_frame

    for offer in scenario.offers():
        found = scenario.variant({offer["name"]: offer["value"]})
        where = f"{scenario.id} {offer['label']}"
        assert found.kind in KINDS, where
        assert (found.step is None) == (found.kind == "identical"), where
        assert found.step is None or 0 <= found.step < len(found.frames), where
        assert (found.rule is not None) == (found.kind == "refused"), where
        assert 1 <= len(found.frames) <= len(scenario.steps) + 1, where
        for i, frame in enumerate(found.frames):
            check_frame(frame, f"{where} frame {i}")


def test_an_example_is_replayed_once_and_its_frames_are_the_callers():
    """A board asks an example for its states and frames once per view and variant: they
    are replayed and drawn once, and what a caller changes in them stays its own."""
    from gamebox.games.milk_run.examples import EXAMPLES

    example = EXAMPLES[0]
    states = example.states()
    assert example.states() == states and example.states() is not states
    assert all(a is b for a, b in zip(example.states(), states, strict=True))
    frames = example.frames()
    frames[0]["say"] = "changed"
    frames.pop()
    again = example.frames()
    assert again[0]["say"] == example.intro and len(again) == len(states)
    changed = example.variant({"decks": 2})
    assert changed.options == {"decks": 2} and example.frames() == again
