"""The engine's speed machinery, kept apart from the protocol it serves (:mod:`gamebox.core`).

Random playouts (the conformance suite, the bots' searches, the benchmark) apply
millions of moves, and two steps of each one cost more than the rules themselves unless
they are done with care: copying the state, and finding the move among the legal ones.
Each trick here buys one of those, and none changes what the protocol answers.

* :func:`successor_maker`: the copy :meth:`~gamebox.core.State.apply` makes of a state is
  a function written out field by field for each state class, so the new state keeps
  its attributes in the class's compact shared layout (CPython's key-sharing
  dictionaries), where ``copy.copy`` or a copied ``__dict__`` would give each state a
  dictionary of its own, slower to fill and to read.
* :class:`Lookups`: a move taken from ``legal_moves()`` is found by identity, with no
  hashing and no comparison of fields. The first :data:`SCANS` lookups on a state
  scan its list (a playout looks up one move per state: a scan of a short list costs
  less than building a set); a state asked more (a bot trying every move) builds a set
  of ids once, and the moves themselves join it when one is looked up by value.
* :func:`identities`: a game may return one tuple of legal moves for every state in the
  same situation (a chance node's outcomes); its set of ids is built once and shared.

The conformance suite and ``tests/test_core.py`` check that each answers as the plain
version would: the same legal moves, the same refusals, states equal after a copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamebox.core import Move

#: How many lookups on one state scan its legal list before it builds a set of ids.
SCANS = 8

#: The identity sets of legal-move tuples that states share (see :func:`identities`),
#: by the tuple's id; emptied when it reaches :data:`SHARED_MOST` entries.
_SHARED_IDS: dict[int, tuple[tuple[Move, ...], frozenset[int]]] = {}
SHARED_MOST = 4096

#: A bare instance of a class, its ``__init__`` not run (what ``apply`` fills).
_new_object = object.__new__


def successor_maker(cls: type, fields: tuple[str, ...], copied: tuple[str, ...]) -> Callable:
    """``cls``'s copy for ``State.apply``: a bare instance given each of ``fields`` in
    turn, the containers ``copied`` one level deep. Written out field by field (as
    :mod:`dataclasses` writes its methods), so that each new state keeps its attributes
    in the class's compact shared layout, where a copied ``__dict__`` would not.

    >>> class Point:
    ...     pass
    >>> p = Point(); p.x, p.seen = 1, [2]
    >>> q = successor_maker(Point, ("x", "seen"), ("seen",))(p)
    >>> (q.x, q.seen, q.seen is p.seen)
    (1, [2], False)
    """
    lines = ["def successor(self):", "    new = _new(cls)"]
    for name in fields:
        lines.append(f"    new.{name} = self.{name}" + (".copy()" if name in copied else ""))
    lines.append("    return new")
    scope: dict[str, Any] = {"_new": _new_object, "cls": cls}
    exec("\n".join(lines), scope)  # the text is built from the class's own field names
    return scope["successor"]


class Known(set):
    """The ids of a state's legal moves and the moves themselves (no id equals a move):
    what its first lookup by value builds, for every lookup after it."""


def identities(legal: list[Move] | tuple[Move, ...]) -> set[int] | frozenset[int]:
    """The ids of the moves ``legal``. A tuple (which a game may return from
    ``_legal_moves`` for every state in the same situation, such as a chance node's
    outcomes) has its set built once and shared: the entry holds the tuple, so its id
    cannot be reused while the entry lasts, and a tuple never changes."""
    if type(legal) is not tuple:
        return set(map(id, legal))
    hit = _SHARED_IDS.get(id(legal))
    if hit is None or hit[0] is not legal:
        if len(_SHARED_IDS) >= SHARED_MOST:
            _SHARED_IDS.clear()
        hit = _SHARED_IDS[id(legal)] = (legal, frozenset(map(id, legal)))
    return hit[1]


class Lookups:
    """Finding a move among a state's legal ones (a mixin of ``State``, which keeps the
    legal list in ``_legal`` and the lookups' progress in ``_ids``: a count of the scans
    so far, then a set of ids, then a :class:`Known`)."""

    __slots__ = ()

    # State's: the legal moves once listed, the lookups' progress, ``_legal_list()``.
    _legal: list[Move] | tuple[Move, ...] | None
    _ids: int | set[int] | frozenset[int]

    def _is_legal_move(self, move: Move) -> bool:
        """Is ``move`` one of the legal moves? By identity first (a move taken from
        ``legal_moves()``), then by value. The first :data:`SCANS` lookups on a state
        scan its list: a playout looks up one move per state, and a scan costs far less
        than building a set of ids. Later lookups (a bot trying every move) use the set,
        built once, so they are O(1); so does a tuple of moves that states share."""
        ids = self._ids
        if ids.__class__ is int:  # the lookups so far, each a scan
            legal = self._legal
            if legal is None:
                legal = self._legal_list()
            if ids < SCANS and legal.__class__ is not tuple:
                self._ids = ids + 1
                for known in legal:
                    if known is move:
                        return True
                return self._is_equal_move(move)
            ids = self._ids = identities(legal)
        if id(move) in ids:
            return True
        return self._is_equal_move(move)

    def _is_equal_move(self, move: Move) -> bool:
        """Is ``move`` equal to one of the legal moves (a move read from text, or built
        anew)?"""
        known = self._ids
        if known.__class__ is not Known:
            legal = self._legal_list()
            known = self._ids = Known(map(id, legal))
            known.update(legal)
        try:
            return move in known
        except TypeError:  # an unhashable field: no legal move, the game's check says why
            return False
