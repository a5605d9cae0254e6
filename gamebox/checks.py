"""Checks of loaded data: what the games ask of a position read from JSON or set up by hand.

A position can come from anywhere: a worked example's set-up, a JSON file a reader
edited, a fuzzer. Before the engine trusts it, each game checks every field (see
``State._validate``, ``Game.state_from_data`` and ``Game._setup``). The checks are the
same few in every game, so they live here, under one name each:

* :func:`whole`, :func:`wholes`, :func:`ints`, :func:`flags`: is this a whole number in
  range, a tuple of them, a set of ints, a set of True/False flags? (A ``bool`` is not
  a whole number here, although Python lets ``True`` pass for 1.)
* :func:`require`: refuse the position with a ``ValueError`` that names the problem.
* :func:`check_wholes`, :func:`check_types`: the same refusal, for a tuple of whole
  numbers, and for named fields of a state, each of exactly its type.
* :func:`list_of`, :func:`per_seat`, :func:`card_list`: the shapes a position's parts
  are written in: a list of so many, one entry per seat, cards written as text.

These run when a position is loaded or set up (and :func:`whole`, :func:`ints` and
:func:`flags` when a refusal reads a hand-made move), never on the way of a legal move:
the engine's own states are built by its rules and need no checking.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamebox.components import card_codes
from gamebox.core import shorten


def whole(value: object, low: int, high: int) -> bool:
    """Is ``value`` an int (not a bool) from ``low`` to ``high``?

    >>> whole(3, 0, 3), whole(4, 0, 3), whole(True, 0, 3), whole(2.0, 0, 3)
    (True, False, False, False)
    """
    return type(value) is int and low <= value <= high


def wholes(values: object, low: int, high: int, *, fewest: int = 0, most: int = -1) -> bool:
    """Is ``values`` a tuple of ``fewest`` to ``most`` whole numbers (see :func:`whole`)
    from ``low`` to ``high``? ``most`` -1: any number of them.

    >>> wholes((1, 6), 1, 6), wholes((1, 7), 1, 6), wholes([1, 6], 1, 6)
    (True, False, False)
    >>> wholes((), 1, 6, fewest=1), wholes((1, 2, 3), 1, 6, most=2), wholes((1, 2), 1, 6, most=2)
    (False, False, True)
    """
    return (
        type(values) is tuple
        and fewest <= len(values)
        and (most < 0 or len(values) <= most)
        and all(type(v) is int and low <= v <= high for v in values)
    )


def ints(*values: object) -> bool:
    """Are these all ints (not bools)? What a move's fields must be before a refusal
    compares them with anything.

    >>> ints(1, -2), ints(1, True), ints(1, 1.0)
    (True, False, False)
    """
    return all(type(v) is int for v in values)


def flags(*values: object) -> bool:
    """Are these all True or False (a bool, not a 0 or a 1)?

    >>> flags(True, False), flags(True, 1), flags()
    (True, False, True)
    """
    return all(type(v) is bool for v in values)


def require(ok: object, problem: str) -> None:
    """Refuse a position unless ``ok``: ``ValueError(problem)``, where ``problem`` says in
    plain words what a sound position has.

    >>> require(2 + 2 == 4, "arithmetic holds")
    >>> require(2 + 2 == 5, "the hand holds five cards at most")
    Traceback (most recent call last):
    ...
    ValueError: the hand holds five cards at most
    """
    if not ok:
        raise ValueError(problem)


def check_wholes(
    what: str, values: object, low: int, high: int, *, fewest: int = 0, most: int = -1
) -> None:
    """``values`` passes :func:`wholes` (a tuple of ``fewest`` to ``most`` whole numbers
    from ``low`` to ``high``); else ``ValueError`` naming ``what``.

    >>> check_wholes("the dice", (3, 6), 1, 6, fewest=2, most=2)
    >>> check_wholes("the dice", (3, 7), 1, 6)
    Traceback (most recent call last):
    ...
    ValueError: the dice (3, 7) are not whole numbers from 1 to 6
    """
    if not wholes(values, low, high, fewest=fewest, most=most):
        raise ValueError(
            f"{what} {shorten(repr(values))} are not whole numbers from {low} to {high}"
        )


def check_types(owner: object, kinds: Mapping[str, type]) -> None:
    """Each named attribute of ``owner`` is exactly of its type (so a bool is not an
    int, and an int is not a bool); else ``ValueError`` naming the first that is not.

    >>> from types import SimpleNamespace
    >>> check_types(SimpleNamespace(stuck=False, folds=1), {"stuck": bool, "folds": int})
    >>> check_types(SimpleNamespace(stuck=0, folds=1), {"stuck": bool, "folds": int})
    Traceback (most recent call last):
    ...
    ValueError: stuck is not a bool
    """
    for name, kind in kinds.items():
        if type(getattr(owner, name)) is not kind:
            raise ValueError(f"{name} is not a {kind.__name__}")


def list_of(value: object, count: int, what: str) -> list[Any] | tuple[Any, ...]:
    """``value`` if it is a list (or tuple) of ``count`` entries, else ``ValueError``
    naming ``what``.

    >>> list_of(["", ""], 2, "hands")
    ['', '']
    >>> list_of(["", "", ""], 2, "hands")
    Traceback (most recent call last):
    ...
    ValueError: hands are a list of 2, not ['', '', '']
    """
    if not isinstance(value, list | tuple) or len(value) != count:
        raise ValueError(f"{what} are a list of {count}, not {shorten(repr(value))}")
    return value


def per_seat(given: object, players: int, what: str) -> dict[int, Any]:
    """A set-up's entries by seat (hands, piles...), given as a list (seat 0 first, up
    to one per player) or as a mapping from seat numbers. More entries than players, or
    a seat that does not exist, is refused with ``ValueError``; any other shape with
    ``TypeError``.

    >>> per_seat(["7♥", None], 3, "hands"), per_seat({2: "7♥"}, 3, "hands")
    ({0: '7♥', 1: None}, {2: '7♥'})
    >>> per_seat({3: "7♥"}, 3, "hands")
    Traceback (most recent call last):
    ...
    ValueError: hands: there is no seat 3 among 3 players
    """
    if isinstance(given, Mapping):
        found = dict(given)
    elif isinstance(given, list | tuple):
        if len(given) > players:
            raise ValueError(f"{len(given)} {what} for {players} players")
        found = dict(enumerate(given))
    else:
        raise TypeError(f"{what} is a list with one item per player, or a mapping by seat")
    for p in found:
        if not whole(p, 0, players - 1):
            raise ValueError(f"{what}: there is no seat {shorten(repr(p))} among {players} players")
    return found


def card_list(value: object, what: str) -> tuple[int, ...]:
    """The card codes (:mod:`gamebox.components`) of cards written as text, ``"9♥ 5♦
    JK"``, or as a list of card texts; anything else is a ``TypeError`` naming ``what``
    (a text that is no card: ``ValueError``).

    >>> card_list("9♥ 5♦ JK", "the stock") == card_list(["9♥", "5♦", "JK"], "the stock")
    True
    >>> card_list([7], "P0's hand")
    Traceback (most recent call last):
    ...
    TypeError: P0's hand is cards written as text, not [7]
    """
    if isinstance(value, str) or (
        isinstance(value, list | tuple) and all(isinstance(t, str) for t in value)
    ):
        return tuple(card_codes(value))
    raise TypeError(f"{what} is cards written as text, not {shorten(repr(value))}")
