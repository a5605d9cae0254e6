"""gamebox.checks: the checks every game makes of a loaded or hand-set position."""

from types import SimpleNamespace

import pytest

from gamebox.checks import (
    card_list,
    check_types,
    check_wholes,
    flags,
    ints,
    list_of,
    per_seat,
    require,
    whole,
    wholes,
)
from gamebox.components import JOKER_CODE, card_code


@pytest.mark.parametrize("value", [0, 5, 9])
def test_whole_in_range(value):
    assert whole(value, 0, 9)


@pytest.mark.parametrize("value", [-1, 10, True, False, 3.0, "3", None, 10**100])
def test_whole_refuses_out_of_range_and_other_types(value):
    assert not whole(value, 0, 9)


def test_wholes_counts_and_ranges():
    assert wholes((), 0, 9)
    assert wholes((0, 9), 0, 9, fewest=2, most=2)
    assert not wholes((0, 9), 0, 9, fewest=3)
    assert not wholes((0, 9, 9), 0, 9, most=2)
    assert not wholes((0, 10), 0, 9)
    assert not wholes((0, True), 0, 9)  # a bool is no whole number
    assert not wholes([0, 9], 0, 9)  # a list is not the tuple a state keeps
    assert not wholes("09", 0, 9)
    assert not wholes(None, 0, 9)


def test_check_wholes_names_what_it_checks():
    check_wholes("the dice", (1, 6), 1, 6, fewest=2, most=2)
    check_wholes("the queue", (), 0, 2)
    for bad in ((1,), (1, 6, 6), (0, 6), [1, 6], (1, False)):
        with pytest.raises(ValueError, match=r"^the dice .* are not whole numbers from 1 to 6$"):
            check_wholes("the dice", bad, 1, 6, fewest=2, most=2)


def test_ints():
    assert ints(0, -5, 10**30)
    assert ints()
    assert not ints(0, True)
    assert not ints(0.0)
    assert not ints("1")


def test_flags():
    assert flags(True, False, True)
    assert not flags(True, 0)
    assert not flags(None)


def test_require_raises_the_problem_only_when_not_ok():
    require(1, "fine")
    require("text", "fine")
    with pytest.raises(ValueError, match=r"^the stock is empty$"):
        require(0, "the stock is empty")
    with pytest.raises(ValueError):
        require((), "an empty tuple is not ok")


def test_check_types_is_exact():
    good = SimpleNamespace(over=True, folds=2, name="x")
    check_types(good, {"over": bool, "folds": int, "name": str})
    with pytest.raises(ValueError, match="folds is not a int"):
        check_types(SimpleNamespace(over=True, folds=True), {"over": bool, "folds": int})
    with pytest.raises(ValueError, match="over is not a bool"):
        check_types(SimpleNamespace(over=1, folds=2), {"over": bool, "folds": int})
    with pytest.raises(AttributeError):
        check_types(SimpleNamespace(), {"over": bool})


def test_list_of():
    assert list_of((1, 2), 2, "dice") == (1, 2)
    assert list_of([[], []], 2, "rows") == [[], []]
    for bad in ([1], [1, 2, 3], "ab", {0: 1, 1: 2}, None):
        with pytest.raises(ValueError, match="rows are a list of 2"):
            list_of(bad, 2, "rows")


def test_list_of_shortens_what_it_echoes():
    with pytest.raises(ValueError) as err:
        list_of(["x" * 1000], 2, "hands")
    assert len(str(err.value)) < 120


def test_per_seat_from_a_list_or_a_mapping():
    assert per_seat([], 4, "hands") == {}
    assert per_seat(("a", None, "c"), 4, "hands") == {0: "a", 1: None, 2: "c"}
    assert per_seat({3: "d", 0: "a"}, 4, "hands") == {3: "d", 0: "a"}


@pytest.mark.parametrize(
    ("given", "error", "problem"),
    [
        (["a", "b", "c"], ValueError, "3 piles for 2 players"),
        ({2: "a"}, ValueError, "piles: there is no seat 2 among 2 players"),
        ({-1: "a"}, ValueError, "no seat -1"),
        ({True: "a"}, ValueError, "no seat True"),
        ({"0": "a"}, ValueError, "no seat '0'"),
        ("ab", TypeError, "piles is a list with one item per player"),
        (None, TypeError, "piles is a list"),
    ],
)
def test_per_seat_refuses(given, error, problem):
    with pytest.raises(error, match=problem):
        per_seat(given, 2, "piles")


def test_card_list_reads_text_and_lists_of_text():
    seven, joker = card_code("7♥"), JOKER_CODE
    assert card_list("7♥ JK", "hand") == (seven, joker)
    assert card_list("7♥, JK", "hand") == (seven, joker)
    assert card_list(["7♥", "JK"], "hand") == (seven, joker)
    assert card_list(("7♥",), "hand") == (seven,)
    assert card_list("", "hand") == card_list([], "hand") == ()


@pytest.mark.parametrize("value", [7, None, [7], ["7♥", 7], {"7♥": 1}, b"7"])
def test_card_list_refuses_what_is_not_text(value):
    with pytest.raises(TypeError, match=r"^P1's hand is cards written as text, not "):
        card_list(value, "P1's hand")


@pytest.mark.parametrize("value", ["7♥ 99♠", ["nothing"], ["7♥ 8♥"]])
def test_card_list_refuses_text_that_is_no_card(value):
    with pytest.raises(ValueError):
        card_list(value, "the stock")
