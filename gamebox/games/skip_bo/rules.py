"""Skip-Bo, 1980 rules, as code.

Each player has a reserve (stock) pile with its top card face up, a hand of up to five
cards and four helper stacks of discards. Up to four build piles in the centre are
shared: each starts with a 1 and climbs to 12 (SB-6). The first player to play the last
card of her reserve wins the hand (SB-15).

What makes the 1980 game hard is *leading up* (SB-9): a helper card may be played only
inside a run of plays that ends on your reserve card. The engine takes that run as ONE
compound move, written ``lead-up: H3→1, S1:4→1, S2:5→1, R6→1`` (``H`` a hand card,
``S2:`` the top of helper stack 2, ``R`` the reserve card, ``→1`` build pile 1).

>>> import gamebox
>>> game = gamebox.load("skip-bo", players=2)
>>> s = game.setup(hands=["3 6 7 8 9"], reserves=["9 5"], stacks=[["4", "", "", ""]],
...                piles=["1 2", "", "", ""])
>>> [str(m) for m in s.legal_moves() if str(m).startswith("lead-up")]
['lead-up: H3→1, S1:4→1, R5→1']
>>> err = s.check("stack 1: 4 → pile 1")
>>> err.rule, err.reason.endswith("e.g. lead-up: H3→1, S1:4→1, R5→1")
('SB-9', True)

Cards are small integers: 1 to 12, and 0 for the wild Skip-Bo card (text ``SB``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamebox.components import SkipBoCard, Supply, words
from gamebox.core import Game, IllegalMove, Move, Options, State
from gamebox.rng import Rng

# ------------------------------------------------------------------------ cards

WILD = 0
HAND_SIZE = 5  # SB-5
PILES = 4  # build piles (SB-6)
STACKS = 4  # helper stacks per player (SB-8)
TOP = 12  # a build pile is complete at 12 (SB-6)
CARD: tuple[SkipBoCard, ...] = tuple(SkipBoCard(v) for v in range(13))
TEXT: tuple[str, ...] = tuple(str(c) for c in CARD)

#: Sources of a card played to a build pile.
HAND, RESERVE, STACK = 0, 1, 2
SRC_LETTER = ("H", "R", "S")
ARROW = "→"

#: The seed's deal: reserve cards per player by player count (SB-2).
SEED_RESERVE = {2: 20, 3: 20, 4: 20, 5: 15, 6: 15, 7: 10, 8: 10}
#: The official (later) deal: 30 cards for 2-4 players, 20 for 5 or 6; the official
#: rules stop at 6 players, and 20 each would not leave 7 or 8 players enough to draw, so
#: the engine deals them 15.
OFFICIAL_RESERVE = {2: 30, 3: 30, 4: 30, 5: 20, 6: 20, 7: 15, 8: 15}

PRESETS = ("1980", "official", "modern")
SCORINGS = ("official", "easy")
MATCH_TARGET = 500  # SB-16, official scoring


def card_value(text: str) -> int:
    """``"SB"`` -> 0, ``"7"`` -> 7 (raises ValueError for anything else)."""
    return SkipBoCard.parse(text).value


def parse_cards(text: str | Sequence[str] | None) -> list[int]:
    """Card values from ``"3 SB 12"`` (or a list of texts); empty for None."""
    return [card_value(t) for t in words(text)]


def cards_text(cards: Sequence[int]) -> str:
    return " ".join(TEXT[c] for c in cards)


def _a(value: int) -> str:
    """ "a 7", "an 8", "an 11", "a Skip-Bo"."""
    if value == WILD:
        return "a Skip-Bo"
    return f"an {value}" if value in (8, 11) else f"a {value}"


# ---------------------------------------------------------------------- options


@dataclass(frozen=True)
class SkipBoOptions(Options):
    """The options of the rulings file, with the seed's defaults (preset ``"1980"``).

    ``wilds``: Skip-Bo cards in the deck, 24 (1980) or 18 (later decks) (SB-1).
    ``reserve_size``: reserve cards per player; None takes the preset's table (SB-2).
    ``preset``: ``"1980"`` (the seed), ``"official"`` (30 / 20 reserve cards) or
    ``"modern"`` (options #1 and #2 off, helper cards free to play at any time) (SB-4).
    ``alternating``: option #1 (SB-10); ``blocking``: option #2 (SB-11), allowed when
    the opponent's reserve is down to ``block_threshold`` cards or fewer;
    ``leading_up``: helper cards only inside a lead-up (SB-9; off in ``modern``);
    ``scoring``: ``"official"`` (25 + 5 per card left in other reserves) or ``"easy"``
    (each counts her own reserve cards left) (SB-16).
    """

    wilds: int = 24
    reserve_size: int | None = None
    preset: str = "1980"
    alternating: bool | None = None
    blocking: bool | None = None
    block_threshold: int = 5
    leading_up: bool | None = None
    scoring: str = "official"


# ------------------------------------------------------------------------ moves


@dataclass(frozen=True, slots=True)
class Play(Move):
    """One card to a build pile: from the hand, the reserve top, or a helper stack top
    (the last only as part of a lead-up in the 1980 game, or freely in ``modern``).

    ``pile`` and ``stack`` count from 0 (the text counts from 1); ``value`` is the value
    the card takes (a Skip-Bo card names one)::

        7 → pile 2      SB as 3 → pile 2      reserve 10 → pile 1      stack 2: 8 → pile 3
    """

    src: int
    card: int
    pile: int
    value: int
    stack: int = -1

    def __str__(self) -> str:
        what = f"SB as {self.value}" if self.card == WILD else TEXT[self.card]
        if self.src == RESERVE:
            what = f"reserve {what}"
        elif self.src == STACK:
            what = f"stack {self.stack + 1}: {what}"
        return f"{what} {ARROW} pile {self.pile + 1}"


@dataclass(frozen=True, slots=True)
class LeadUp(Move):
    """Leading up (SB-9): a run of plays, all on one build pile, that ends on the reserve
    card; ``steps`` holds ``(src, stack, card, pile)`` for each play (a Skip-Bo card takes
    the value the pile needs). Text: ``lead-up: H3→1, S1:4→1, S2:SB→1, R6→1``."""

    steps: tuple[tuple[int, int, int, int], ...]

    def __str__(self) -> str:
        return "lead-up: " + ", ".join(_step_text(*s) for s in self.steps)

    @property
    def pile(self) -> int:
        return self.steps[-1][3]

    @property
    def target(self) -> int:
        """The reserve card the run leads up to."""
        return self.steps[-1][2]


def _step_text(src: int, stack: int, card: int, pile: int) -> str:
    where = f"S{stack + 1}:" if src == STACK else SRC_LETTER[src]
    return f"{where}{TEXT[card]}{ARROW}{pile + 1}"


@dataclass(frozen=True, slots=True)
class Block(Move):
    """Option #2 (SB-11): one helper-stack card played without leading up, instead of
    any other play of the turn, to take the one build slot an opponent near going out
    could fill with her reserve card. Text: ``block P1: stack 2: 8 → pile 3``."""

    victim: int
    stack: int
    card: int
    pile: int
    value: int

    def __str__(self) -> str:
        what = f"SB as {self.value}" if self.card == WILD else TEXT[self.card]
        return f"block P{self.victim}: stack {self.stack + 1}: {what} {ARROW} pile {self.pile + 1}"


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """The closing discard onto one of your four helper stacks: the turn ends (SB-12)."""

    card: int
    stack: int

    def __str__(self) -> str:
        return f"discard {TEXT[self.card]} {ARROW} stack {self.stack + 1}"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """End the turn with an empty hand (nothing left to discard, the deck is empty)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
_MAXP = 9  # pile / stack indices the parser accepts (only 0-3 exist; the rest are refused)
_HAND_PLAY = {
    (c, k, v): Play(HAND, c, k, v) for c in range(13) for k in range(_MAXP) for v in range(1, 13)
}
_RES_PLAY = {
    (c, k, v): Play(RESERVE, c, k, v) for c in range(13) for k in range(_MAXP) for v in range(1, 13)
}
_DISCARD = tuple(tuple(Discard(c, s) for s in range(_MAXP)) for c in range(13))

_ARROW_RE = r"\s*(?:→|->)\s*"
_CARD_RE = r"(SB|\d+)(?:\s+as\s+(\d+))?"
_PLAY_RE = re.compile(
    rf"^\s*(?:(reserve)\s+|stack\s+(\d+)\s*:\s*)?{_CARD_RE}{_ARROW_RE}pile\s+(\d+)\s*$",
    re.IGNORECASE,
)
_BLOCK_RE = re.compile(
    rf"^\s*block\s+P(\d+)\s*:\s*stack\s+(\d+)\s*:\s*{_CARD_RE}{_ARROW_RE}pile\s+(\d+)\s*$",
    re.IGNORECASE,
)
_DISCARD_RE = re.compile(rf"^\s*discard\s+(SB|\d+){_ARROW_RE}stack\s+(\d+)\s*$", re.IGNORECASE)
_STEP_RE = re.compile(rf"^\s*(H|R|S(\d+)\s*:)\s*(SB|\d+){_ARROW_RE}(\d+)\s*$", re.IGNORECASE)
_LEAD_RE = re.compile(r"^\s*(?:lead-up|building to \S+)\s*:\s*(.+)$", re.IGNORECASE)


# ------------------------------------------------------------------------ state


class SkipBoState(State):
    """A position of Skip-Bo.

    ``hands[p]`` is a sorted tuple of card values; ``reserves[p]`` a tuple whose last
    card is the face-up top; ``stacks[4 * p + i]`` helper stack ``i`` of player ``p``
    (last = top); ``piles[k]`` the cards on build pile ``k`` (empty: a free slot; the
    pile needs ``len + 1`` next); ``deck`` (last = next card drawn) and ``aside`` (the
    completed piles, SB-6). ``phase`` is 0 while playing, 1 once a block was played
    (only the discard is left, SB-11). ``last_stack`` is the helper stack played from
    last in this turn (option #1, SB-10).
    """

    n: int
    hands: list[tuple[int, ...]]
    reserves: list[tuple[int, ...]]
    stacks: list[tuple[int, ...]]
    piles: list[tuple[int, ...]]
    deck: tuple[int, ...]
    aside: tuple[int, ...]
    player: int
    phase: int
    last_stack: int
    played: bool
    quiet: int
    turn: int
    winner_: int
    blocked: bool
    reshuffles: int

    # -- the protocol's read-only views ---------------------------------------------

    @property
    def current_player(self) -> int:
        return -1 if self.is_over else self.player

    @property
    def is_over(self) -> bool:
        return self.winner_ >= 0 or self.blocked

    @property
    def scores(self) -> tuple[int, ...]:
        """Official scoring: the winner's 25 + 5 per card left in the other reserves (0
        for everybody else, and before the hand ends); easy scoring: each player's own
        reserve cards left (lower is better) (SB-16)."""
        if self.game.options.scoring == "easy":
            return tuple(len(r) for r in self.reserves)
        out = [0] * self.n
        w = self.winner_
        if w >= 0:
            out[w] = 25 + 5 * sum(len(r) for q, r in enumerate(self.reserves) if q != w)
        return tuple(out)

    @property
    def winners(self) -> tuple[int, ...]:
        return (self.winner_,) if self.winner_ >= 0 else ()

    # -- reading the position --------------------------------------------------------

    def need(self, pile: int) -> int:
        """The value build pile ``pile`` takes next (1 on a free slot)."""
        return len(self.piles[pile]) + 1

    @property
    def needs(self) -> tuple[int, ...]:
        return tuple(len(p) + 1 for p in self.piles)

    @property
    def hand(self) -> tuple[int, ...]:
        """The hand of the player to move."""
        return self.hands[self.player]

    def reserve_top(self, player: int) -> int | None:
        r = self.reserves[player]
        return r[-1] if r else None

    def helper(self, player: int, stack: int) -> tuple[int, ...]:
        return self.stacks[4 * player + stack]

    @property
    def options(self) -> SkipBoOptions:
        return self.game.options

    # -- legal moves --------------------------------------------------------------------

    def _legal_moves(self) -> list[Move]:
        p = self.player
        hand = self.hands[p]
        opts = self.game.options
        moves: list[Move] = []
        if self.phase == 0:
            needs = [len(pl) + 1 for pl in self.piles]
            for c in sorted(set(hand)):
                for k in range(PILES):
                    if c == WILD or c == needs[k]:
                        moves.append(_HAND_PLAY[c, k, needs[k]])
            res = self.reserves[p]
            if res:
                r = res[-1]
                for k in range(PILES):
                    if r == WILD or r == needs[k]:
                        moves.append(_RES_PLAY[r, k, needs[k]])
                if opts.leading_up:
                    moves.extend(self._lead_ups())
            if not opts.leading_up:
                base = 4 * p
                for s in range(STACKS):
                    st = self.stacks[base + s]
                    if not st or (opts.alternating and s == self.last_stack):
                        continue
                    t = st[-1]
                    for k in range(PILES):
                        if t == WILD or t == needs[k]:
                            moves.append(Play(STACK, t, k, needs[k], s))
            if opts.blocking and not self.played:
                moves.extend(self._blocks())
        if hand:
            for c in sorted(set(hand)):
                moves.extend(_DISCARD[c][:STACKS])
        else:
            moves.append(PASS)
        return moves

    def _lead_ups(self) -> list[Move]:
        return self.runs(self.game.options.alternating)

    def runs(self, alternating: bool) -> list[LeadUp]:
        """Every lead-up (SB-9): a depth-first search, per build pile, over runs of hand
        and helper cards on that pile ending with the reserve card. A numbered reserve
        card stops the run at its own value, if need be on the pile started afresh after
        it completes (the source's "long reach", step d); a Skip-Bo reserve card may end
        it at any point up to the pile's completion (then it starts the pile again,
        example g)."""
        p = self.player
        if not self.reserves[p]:
            return []
        r = self.reserves[p][-1]
        base = 4 * p
        stacks = self.stacks[base : base + STACKS]
        if not any(stacks):
            return []
        counts = [0] * 13
        for c in self.hands[p]:
            counts[c] += 1
        depth = [len(s) for s in stacks]
        out: list[LeadUp] = []
        steps: list[tuple[int, int, int, int]] = []
        seen: set = set()  # search nodes already expanded (same cards left, same need)
        emitted: set = set()  # lead-ups already listed, by the cards they use

        def go(k: int, need: int, completed: bool, last: int, helpers: int) -> None:
            node = (k, need, completed, last if alternating else 0, helpers > 0, *depth, *counts)
            if node in seen:
                return
            seen.add(node)
            if helpers and r in (WILD, need):
                key = (k, *depth, *counts)
                if key not in emitted:
                    emitted.add(key)
                    out.append(LeadUp((*steps, (RESERVE, -1, r, k))))
            if r == need or (r == WILD and completed):
                return
            nxt = need + 1
            done = completed or nxt > TOP
            if nxt > TOP:
                nxt = 1
            if counts[need]:
                counts[need] -= 1
                steps.append((HAND, -1, need, k))
                go(k, nxt, done, last, helpers)
                steps.pop()
                counts[need] += 1
            if counts[WILD]:
                counts[WILD] -= 1
                steps.append((HAND, -1, WILD, k))
                go(k, nxt, done, last, helpers)
                steps.pop()
                counts[WILD] += 1
            for s in range(STACKS):
                d = depth[s]
                if not d or (alternating and s == last):
                    continue
                t = stacks[s][d - 1]
                if t != need and t != WILD:
                    continue
                depth[s] = d - 1
                steps.append((STACK, s, t, k))
                go(k, nxt, done, s, helpers + 1)
                steps.pop()
                depth[s] = d

        for k in range(PILES):
            go(k, len(self.piles[k]) + 1, False, self.last_stack, 0)
        return out

    def lead_up_key(self, move: LeadUp) -> tuple | None:
        """The cards a lead-up uses, ``(pile, cards left per helper stack, hand counts)``,
        if it is a valid run here (SB-9, SB-10), else None. Two runs with the same key
        leave the same position; the engine lists one of them (the first it finds) and
        reads the others as that one."""
        p = self.player
        res = self.reserves[p]
        steps = move.steps
        if not res or len(steps) < 2 or steps[-1][0] != RESERVE or steps[-1][2] != res[-1]:
            return None
        r, k = res[-1], steps[-1][3]
        if k >= PILES or not any(s[0] == STACK for s in steps):
            return None
        counts = [0] * 13
        for c in self.hands[p]:
            counts[c] += 1
        depth = [len(self.helper(p, s)) for s in range(STACKS)]
        need, last, completed = self.need(k), self.last_stack, False
        alternating = self.game.options.alternating
        for src, s, c, pile in steps[:-1]:
            if pile != k or need == r or (r == WILD and completed) or src == RESERVE:
                return None
            if src == HAND:
                if counts[c] <= 0:
                    return None
                counts[c] -= 1
            else:
                if not 0 <= s < STACKS or not depth[s] or (alternating and s == last):
                    return None
                if self.helper(p, s)[depth[s] - 1] != c:
                    return None
                depth[s] -= 1
                last = s
            if c != WILD and c != need:
                return None
            need += 1
            if need > TOP:
                need, completed = 1, True
        if r != WILD and r != need:
            return None
        return (k, *depth, *counts)

    def block_chances(self) -> list[tuple[int, int]]:
        """Option #2 (SB-11): ``(opponent, pile)`` pairs where an opponent with at most
        ``block_threshold`` reserve cards shows a numbered reserve card that fits build
        pile ``pile`` and no other (so taking that pile stops her), and no card of the
        mover's hand fits that pile. Whether the mover may still block this turn (only
        before any other play) is for the caller."""
        p = self.player
        hand = self.hands[p]
        limit = self.game.options.block_threshold
        needs = self.needs
        out = []
        if WILD in hand:
            return out
        for q in range(self.n):
            res = self.reserves[q]
            if q == p or not res or len(res) > limit or res[-1] == WILD:
                continue
            v = res[-1]
            if needs.count(v) == 1 and v not in hand:
                out.append((q, needs.index(v)))
        return out

    def _blocks(self) -> list[Move]:
        chances = self.block_chances()
        if not chances:
            return []
        base = 4 * self.player
        moves: list[Move] = []
        for q, k in chances:
            need = len(self.piles[k]) + 1
            for s in range(STACKS):
                st = self.stacks[base + s]
                if st and (st[-1] == need or st[-1] == WILD):
                    moves.append(Block(q, s, st[-1], k, need))
        return moves

    def candidate_moves(self) -> list[Move]:
        """Every hand card, the reserve card and every helper top on every pile (a fifth
        one too), every discard (a fifth stack too), blocks on every opponent, lead-ups
        missing their reserve card, and ``pass``: legal or not, each refusal explained."""
        p = self.player
        moves: list[Move] = []
        needs = [len(pl) + 1 for pl in self.piles] + [1]
        tops: list[tuple[int, int]] = []
        for s in range(STACKS):
            st = self.stacks[4 * p + s]
            if st:
                tops.append((s, st[-1]))
        res = self.reserves[p]
        for k in range(PILES + 1):
            need = needs[k]
            for c in sorted(set(self.hands[p])):
                moves.append(_HAND_PLAY[c, k, need if c == WILD else c])
            if res:
                r = res[-1]
                moves.append(_RES_PLAY[r, k, need if r == WILD else r])
            for s, t in tops:
                moves.append(Play(STACK, t, k, need if t == WILD else t, s))
                for q in range(self.n):
                    if q != p:
                        moves.append(Block(q, s, t, k, need if t == WILD else t))
        for c in sorted(set(self.hands[p])):
            moves.extend(_DISCARD[c][: STACKS + 1])
        moves.append(PASS)
        for m in self.legal_moves():
            if isinstance(m, LeadUp):
                moves.append(LeadUp(m.steps[:-1]))
                break
        return moves

    # -- refusals ---------------------------------------------------------------------

    def why_illegal(self, move: Move) -> IllegalMove:
        if self.winner_ >= 0:
            return IllegalMove(
                "SB-15", f"the hand is over: P{self.winner_} has emptied her reserve"
            )
        if self.blocked:
            return IllegalMove(
                "SB-6",
                "the hand is over with no winner: the cards ran out and nobody could play "
                "(the book's house rule)",
            )
        if isinstance(move, Discard):
            return self._why_discard(move)
        if isinstance(move, Pass):
            return IllegalMove(
                "SB-12",
                "you still hold cards: end your turn by discarding one onto a helper stack",
            )
        if self.phase == 1:
            return IllegalMove(
                "SB-11", "your block was your turn: now discard a hand card onto a helper stack"
            )
        if isinstance(move, Play):
            return self._why_play(move)
        if isinstance(move, Block):
            return self._why_block(move)
        if isinstance(move, LeadUp):
            return self._why_lead_up(move)
        return IllegalMove("SB-7", f"{move} is not a Skip-Bo move")

    def _why_fit(self, card: int, pile: int, value: int) -> IllegalMove | None:
        """SB-6 / SB-14: does ``card`` (naming ``value``) go on build pile ``pile``?"""
        if pile >= PILES:
            return IllegalMove(
                "SB-6",
                "there are at most four build piles, and a fifth cannot be started: "
                "a 1 waits until a pile is completed and its slot frees",
            )
        need = len(self.piles[pile]) + 1
        if card == WILD:
            if value != need:
                return IllegalMove(
                    "SB-14",
                    f"build pile {pile + 1} needs {_a(need)}, "
                    f"so a Skip-Bo card played there counts as {need}, not {value}",
                )
            return None
        if card != need:
            if need == 1:
                return IllegalMove(
                    "SB-6",
                    f"build pile {pile + 1} is empty: a pile starts with a 1 (or a Skip-Bo "
                    f"as 1), not {_a(card)}",
                )
            return IllegalMove(
                "SB-6",
                f"build pile {pile + 1} shows {_a(need - 1)} and needs {_a(need)} next, "
                f"not {_a(card)}",
            )
        return None

    def _why_play(self, move: Play) -> IllegalMove:
        p = self.player
        if move.src == HAND and move.card not in self.hands[p]:
            return IllegalMove("SB-7", f"you do not hold {_a(move.card)}")
        if move.src == RESERVE:
            top = self.reserve_top(p)
            if top is None:
                return IllegalMove("SB-15", "your reserve is empty")
            if top != move.card:
                return IllegalMove("SB-7", f"your reserve shows {_a(top)}, not {_a(move.card)}")
        if move.src == STACK:
            err = self._why_stack_top(move.stack, move.card)
            if err:
                return err
            if self.game.options.leading_up:
                return IllegalMove("SB-9", self._lead_up_hint(move))
            if self.game.options.alternating and move.stack == self.last_stack:
                return IllegalMove(
                    "SB-10",
                    f"option #1: your last helper card came from stack {move.stack + 1}, so "
                    "the next must come from another stack",
                )
        err = self._why_fit(move.card, move.pile, move.value)
        return err or IllegalMove("SB-7", f"{move} is not possible here")

    def _lead_up_hint(self, move: Play) -> str:
        res = self.reserves[self.player]
        head = "a helper-stack card may be played only as part of a lead-up that ends on your "
        if not res:
            return head + "reserve card"
        head += f"reserve card ({TEXT[res[-1]]})"
        legal = self.legal_moves()
        blocks = [m for m in legal if m.__class__ is Block and m.stack == move.stack]
        exact = [m for m in blocks if m.pile == move.pile]
        if exact:
            return f"{head}, or as a block of an opponent about to go out: {exact[0]}"
        for m in legal:
            if isinstance(m, LeadUp) and any(s[0] == STACK and s[1] == move.stack for s in m.steps):
                return f"{head}: write the whole run, e.g. {m}"
        if blocks:
            return f"{head}, or as a block of an opponent about to go out: {blocks[0]}"
        return head + ", and no run from your helper stacks reaches it now"

    def _why_stack_top(self, stack: int, card: int) -> IllegalMove | None:
        if stack >= STACKS:
            return IllegalMove("SB-8", f"you have four helper stacks, not {stack + 1}")
        st = self.helper(self.player, stack)
        if not st:
            return IllegalMove("SB-8", f"your helper stack {stack + 1} is empty")
        if st[-1] != card:
            return IllegalMove(
                "SB-8",
                f"only the top card of a helper stack can be played, and stack {stack + 1} "
                f"shows {_a(st[-1])}",
            )
        return None

    def _why_block(self, move: Block) -> IllegalMove:
        opts = self.game.options
        if not opts.blocking:
            return IllegalMove("SB-4", "option #2 (blocking) is not in play in this game")
        q = move.victim
        if not 0 <= q < self.n:
            last = "and P1" if self.n == 2 else f"to P{self.n - 1}"
            return IllegalMove("SB-11", f"there is no P{q}: the players are P0 {last}")
        if q == self.player:
            return IllegalMove("SB-11", "you block an opponent's move, not your own")
        if self.played:
            return IllegalMove(
                "SB-11",
                "a block is played instead of your other plays, as your whole turn, and you "
                "have already played this turn",
            )
        err = self._why_stack_top(move.stack, move.card)
        if err:
            return err
        res = self.reserves[q]
        if not res:
            return IllegalMove("SB-11", f"P{q}'s reserve is empty: there is no card to block")
        if len(res) > opts.block_threshold:
            return IllegalMove(
                "SB-11",
                f"P{q} still has {len(res)} reserve cards; you may block only a player "
                f"down to {opts.block_threshold} or fewer",
            )
        if move.pile >= PILES:
            return self._why_fit(move.card, move.pile, move.value)
        need = self.need(move.pile)
        if res[-1] == WILD or res[-1] != need:
            return IllegalMove(
                "SB-11",
                f"P{q}'s reserve shows {_a(res[-1])}, which "
                + (
                    "fits any pile and cannot be blocked"
                    if res[-1] == WILD
                    else f"cannot go on build pile {move.pile + 1} (it needs {_a(need)})"
                ),
            )
        also = [j for j in range(PILES) if j != move.pile and self.need(j) == need]
        if also:
            return IllegalMove(
                "SB-11",
                f"P{q}'s reserve {TEXT[need]} also fits build pile {also[0] + 1}, so taking "
                f"pile {move.pile + 1} would not stop her: a block must leave her card no pile",
            )
        hand = self.hands[self.player]
        if need in hand or WILD in hand:
            card = need if need in hand else WILD
            return IllegalMove(
                "SB-11",
                f"you hold {_a(card)} that can take that slot: block with your hand card",
            )
        err = self._why_fit(move.card, move.pile, move.value)
        return err or IllegalMove("SB-11", f"{move} does not block P{q}")

    def _why_lead_up(self, move: LeadUp) -> IllegalMove:
        opts = self.game.options
        p = self.player
        if not opts.leading_up:
            return IllegalMove(
                "SB-4",
                "helper cards are free to play in this game: play the cards one at a time",
            )
        res = self.reserves[p]
        steps = move.steps
        if not res:
            return IllegalMove("SB-15", "your reserve is empty")
        r = res[-1]
        if not steps or steps[-1][0] != RESERVE:
            return IllegalMove(
                "SB-9",
                f"a lead-up must end by playing your reserve card ({TEXT[r]}): "
                f"announce 'building to {TEXT[r]}' and finish the run with R{TEXT[r]}",
            )
        if any(s[0] == RESERVE for s in steps[:-1]):
            return IllegalMove("SB-9", "the reserve card is the last play of a lead-up")
        if steps[-1][2] != r:
            return IllegalMove("SB-7", f"your reserve shows {_a(r)}, not {_a(steps[-1][2])}")
        if not any(s[0] == STACK for s in steps):
            return IllegalMove(
                "SB-9",
                "a lead-up uses at least one helper card; play hand and reserve cards "
                "one at a time",
            )
        k = steps[-1][3]
        if k >= PILES:
            return self._why_fit(r, k, 1)
        if any(s[3] != k for s in steps):
            return IllegalMove(
                "SB-9",
                f"every card of a lead-up goes on the pile that takes your reserve card "
                f"(pile {k + 1} here): that is the run leading up to it",
            )
        # play it out
        counts = Counter(self.hands[p])
        depth = [len(self.helper(p, s)) for s in range(STACKS)]
        need = self.need(k)
        last = self.last_stack
        completed = False
        for src, s, c, _ in steps[:-1]:
            if need == r:
                return IllegalMove(
                    "SB-9",
                    f"your reserve {TEXT[r]} could be played at that point: a lead-up stops at "
                    "the reserve card",
                )
            if completed and r == WILD:
                return IllegalMove(
                    "SB-9",
                    f"pile {k + 1} was complete at that point and your reserve Skip-Bo card "
                    "could start it again: a lead-up stops there",
                )
            if src == HAND:
                if counts[c] <= 0:
                    return IllegalMove("SB-7", f"you do not hold {_a(c)} for this run")
                counts[c] -= 1
            else:
                if s >= STACKS or depth[s] == 0:
                    return IllegalMove("SB-8", f"helper stack {s + 1} has no card left here")
                top = self.helper(p, s)[depth[s] - 1]
                if top != c:
                    return IllegalMove(
                        "SB-8",
                        f"at that point helper stack {s + 1} shows {_a(top)}, not {_a(c)}",
                    )
                if opts.alternating and s == last:
                    return IllegalMove(
                        "SB-10",
                        f"option #1: two helper cards in a row from stack {s + 1}; play from "
                        "another stack in between (a hand card in between does not count)",
                    )
                depth[s] -= 1
                last = s
            if c != WILD and c != need:
                return IllegalMove(
                    "SB-6", f"in this run pile {k + 1} needs {_a(need)} when you play {_a(c)}"
                )
            need += 1
            if need > TOP:
                need, completed = 1, True
        if r != WILD and r != need:
            return IllegalMove(
                "SB-9",
                f"the run leaves pile {k + 1} needing {_a(need)}, so your reserve {TEXT[r]} "
                "cannot end it",
            )
        return IllegalMove("SB-9", f"{move} is not a lead-up the rules allow here")

    def _why_discard(self, move: Discard) -> IllegalMove:
        if move.stack >= STACKS:
            return IllegalMove("SB-8", f"you have four helper stacks, not {move.stack + 1}")
        if move.card not in self.hand:
            return IllegalMove("SB-12", f"you do not hold {_a(move.card)} to discard")
        return IllegalMove("SB-12", f"{move} is not possible here")

    # -- playing --------------------------------------------------------------------------

    def _copy(self) -> SkipBoState:
        new = SkipBoState.__new__(SkipBoState)
        d = new.__dict__
        d.update(self.__dict__)
        d["hands"] = self.hands.copy()
        d["reserves"] = self.reserves.copy()
        d["stacks"] = self.stacks.copy()
        d["piles"] = self.piles.copy()
        return new

    def _to_pile(self, card: int, pile: int) -> None:
        cards = self.piles[pile] + (card,)
        if len(cards) >= TOP:  # complete: set aside, the slot frees (SB-6)
            self.aside += cards
            cards = ()
        self.piles[pile] = cards

    def _from_hand(self, p: int, card: int) -> None:
        hand = self.hands[p]
        i = hand.index(card)
        self.hands[p] = hand[:i] + hand[i + 1 :]

    def _play(self, move: Move) -> None:
        p = self.player
        cls = move.__class__
        if cls is Discard:
            base = 4 * p + move.stack
            self._from_hand(p, move.card)
            self.stacks[base] += (move.card,)
            self._end_turn()
            return
        if cls is Pass:
            self._end_turn()
            return
        self.played = True
        if cls is Play:
            if move.src == HAND:
                self._from_hand(p, move.card)
            elif move.src == RESERVE:
                self.reserves[p] = self.reserves[p][:-1]
            else:
                i = 4 * p + move.stack
                self.stacks[i] = self.stacks[i][:-1]
                self.last_stack = move.stack
            self._to_pile(move.card, move.pile)
        elif cls is LeadUp:
            for src, s, c, k in move.steps:
                if src == HAND:
                    self._from_hand(p, c)
                elif src == STACK:
                    i = 4 * p + s
                    self.stacks[i] = self.stacks[i][:-1]
                    self.last_stack = s
                else:
                    self.reserves[p] = self.reserves[p][:-1]
                self._to_pile(c, k)
        else:  # Block
            i = 4 * p + move.stack
            self.stacks[i] = self.stacks[i][:-1]
            self._to_pile(move.card, move.pile)
            self.phase = 1
        if not self.reserves[p]:
            self.winner_ = p  # SB-15
            return
        if not self.hands[p] and self.phase == 0:
            self._fill(p)  # SB-13

    def _fill(self, p: int) -> None:
        """Draw up to five (SB-5); when the deck cannot fill the hand, the set-aside
        build piles are shuffled in under it first (SB-6)."""
        want = HAND_SIZE - len(self.hands[p])
        if want <= 0:
            return
        if len(self.deck) < want and self.aside:
            cards = list(self.aside)
            self.rng.shuffle(cards)
            self.deck = tuple(cards) + self.deck
            self.aside = ()
            self.reshuffles += 1
        take = min(want, len(self.deck))
        if take:
            drawn = self.deck[-take:]
            self.deck = self.deck[:-take]
            self.hands[p] = tuple(sorted(self.hands[p] + drawn))

    def _end_turn(self) -> None:
        self.quiet = 0 if self.played else self.quiet + 1
        self.player = (self.player + 1) % self.n
        self.phase = 0
        self.last_stack = -1
        self.played = False
        self.turn += 1
        self._fill(self.player)
        if self.quiet >= self.n and not self.deck and not self.aside and not any(self.hands):
            self.blocked = True  # the book's house rule under SB-6: nothing left to draw or play

    # -- data -------------------------------------------------------------------------------

    def components(self) -> Counter:
        counts = Counter(self.deck)
        counts.update(self.aside)
        for group in (self.hands, self.reserves, self.stacks, self.piles):
            for cards in group:
                counts.update(cards)
        return Counter({CARD[c]: k for c, k in counts.items()})

    def to_data(self) -> dict[str, Any]:
        return {
            "hands": [cards_text(h) for h in self.hands],
            "reserves": [cards_text(r) for r in self.reserves],
            "stacks": [
                [cards_text(self.helper(p, s)) for s in range(STACKS)] for p in range(self.n)
            ],
            "piles": [cards_text(pl) for pl in self.piles],
            "deck": cards_text(self.deck),
            "aside": cards_text(self.aside),
            "player": self.player,
            "phase": self.phase,
            "last_stack": self.last_stack,
            "played": self.played,
            "quiet": self.quiet,
            "turn": self.turn,
            "winner": self.winner_,
            "blocked": self.blocked,
            "reshuffles": self.reshuffles,
        }

    def parse_move(self, text: str) -> Move:
        """Read a move's text form.

        >>> import gamebox
        >>> s = gamebox.load("skip-bo").start(1)
        >>> for t in ("SB -> pile 1", "reserve 1 → pile 2", "stack 2: 7 -> pile 1",
        ...           "lead-up: H3->1, S2:4->1, R5->1", "discard 9 -> stack 4"):
        ...     print(s.parse_move(t))
        SB as 1 → pile 1
        reserve 1 → pile 2
        stack 2: 7 → pile 1
        lead-up: H3→1, S2:4→1, R5→1
        discard 9 → stack 4
        """
        t = text.strip()
        if t.lower() == "pass":
            return PASS
        m = _DISCARD_RE.match(t)
        if m:
            return _DISCARD[card_value(m[1])][_index(m[2], "stack")]
        m = _PLAY_RE.match(t)
        if m:
            reserve, stack_s, card_s, as_s, pile_s = m.groups()
            c, k = card_value(card_s), _index(pile_s, "pile")
            v = self._named(c, k, as_s)
            if reserve:
                return _RES_PLAY[c, k, v]
            if stack_s:
                return Play(STACK, c, k, v, _index(stack_s, "stack"))
            return _HAND_PLAY[c, k, v]
        m = _BLOCK_RE.match(t)
        if m:
            q_s, stack_s, card_s, as_s, pile_s = m.groups()
            c, k = card_value(card_s), _index(pile_s, "pile")
            return Block(int(q_s), _index(stack_s, "stack"), c, k, self._named(c, k, as_s))
        m = _LEAD_RE.match(t)
        if m:
            steps = []
            for tok in m[1].split(","):
                sm = _STEP_RE.match(tok)
                if not sm:
                    raise ValueError(f"not a lead-up step: {tok.strip()!r} (write e.g. S2:5→1)")
                where, stack_s, card_s, pile_s = sm.groups()
                src = {"H": HAND, "R": RESERVE}.get(where.upper(), STACK)
                s = _index(stack_s, "stack") if src == STACK else -1
                steps.append((src, s, card_value(card_s), _index(pile_s, "pile")))
            return self._canonical(LeadUp(tuple(steps)))
        raise ValueError(f"not a Skip-Bo move: {text!r}")

    def picks(self, move: Move) -> tuple[str, ...]:
        """On the board a play picks the card, then the build pile: a hand card by its
        text (``"7"``, ``"SB"``), the reserve top as ``"reserve"``, a helper stack's top
        as ``"stack 2"``; a discard picks the hand card, then the helper stack. A lead-up
        picks the helper stacks it takes from, then the pile (it ends on the reserve card
        by definition, and its hand cards follow from the run); a block adds the reserve
        of the opponent it blocks, ``"P1 reserve"``. ``pass`` is a button.

        >>> import gamebox
        >>> s = gamebox.load("skip-bo", players=2).setup(
        ...     hands=["3 6 7 8 9"], reserves=["9 5"], stacks=[["4", "", "", ""]],
        ...     piles=["1 2", "", "", ""])
        >>> [s.picks(s.parse_move(t)) for t in ("lead-up: H3→1, S1:4→1, R5→1",
        ...                                     "3 → pile 1", "discard 9 → stack 2")]
        [('stack 1', 'pile 1'), ('3', 'pile 1'), ('9', 'stack 2')]
        """
        cls = move.__class__
        if cls is Play:
            if move.src == HAND:
                what = TEXT[move.card]
            elif move.src == RESERVE:
                what = "reserve"
            else:
                what = f"stack {move.stack + 1}"
            return (what, f"pile {move.pile + 1}")
        if cls is Discard:
            return (TEXT[move.card], f"stack {move.stack + 1}")
        if cls is LeadUp:
            stacks = dict.fromkeys(f"stack {s + 1}" for src, s, _, _ in move.steps if src == STACK)
            return (*stacks, f"pile {move.pile + 1}")
        if cls is Block:
            return (f"stack {move.stack + 1}", f"pile {move.pile + 1}", f"P{move.victim} reserve")
        return ()

    def _canonical(self, move: LeadUp) -> LeadUp:
        """Another order of the same cards reads as the lead-up the engine lists."""
        if self.is_over or self.is_legal(move):
            return move
        key = self.lead_up_key(move)
        if key is None:
            return move
        for m in self.legal_moves():
            if m.__class__ is LeadUp and self.lead_up_key(m) == key:
                return m
        return move

    def _named(self, card: int, pile: int, as_s: str | None) -> int:
        if card != WILD:
            if as_s is not None:
                raise ValueError("only a Skip-Bo card names a value ('SB as 3 → pile 2')")
            return card
        if as_s is not None:
            v = int(as_s)
            if not 1 <= v <= TOP:
                raise ValueError("a Skip-Bo card names a value from 1 to 12")
            return v
        return self.need(pile) if pile < PILES else 1

    # -- display -------------------------------------------------------------------------

    def pile_text(self) -> str:
        return " ".join(TEXT[pl[-1]] if pl else "-" for pl in self.piles)

    def summary(self) -> str:
        res = " ".join(
            f"P{p} {len(r)}:{TEXT[r[-1]] if r else '-'}" for p, r in enumerate(self.reserves)
        )
        end = ""
        if self.winner_ >= 0:
            end = f" | P{self.winner_} wins {self.scores[self.winner_]}"
        elif self.blocked:
            end = " | blocked"
        return (
            f"turn {self.turn} | reserves {res} | needs "
            f"{' '.join(str(n) for n in self.needs)} | deck {len(self.deck)}{end}"
        )

    def status(self) -> str:
        if self.winner_ >= 0:
            return f"P{self.winner_} has emptied her reserve and wins the hand"
        if self.blocked:
            return "over: nothing left to draw and nobody could play"
        if self.phase == 1:
            return f"P{self.player} blocked, and now discards"
        return f"P{self.player} to play"

    def __str__(self) -> str:
        return self.describe()

    def describe(self, viewer: int | None = None) -> str:
        """The position as text, with the hand of the player to move, or of ``viewer``."""
        piles = " | ".join(
            f"{k + 1}: {TEXT[pl[-1]] if pl else '-'} (needs {len(pl) + 1})"
            for k, pl in enumerate(self.piles)
        )
        lines = [
            f"Skip-Bo, turn {self.turn}: {self.status()}",
            f"build piles {piles}",
            f"deck {len(self.deck)} | set aside {len(self.aside)}",
        ]
        for p in range(self.n):
            res = self.reserves[p]
            tops = " ".join(
                f"{s + 1}:{TEXT[st[-1]]}({len(st)})" if st else f"{s + 1}:-"
                for s in range(STACKS)
                for st in (self.helper(p, s),)
            )
            show = TEXT[res[-1]] if res else "-"
            lines.append(f"P{p} reserve {len(res)} shows {show} | stacks {tops}")
        if not self.is_over:
            p = self.player if viewer is None else viewer
            lines.append(f"P{p} holds {cards_text(self.hands[p]) or '(nothing)'}")
        return "\n".join(lines)


def _index(text: str, what: str) -> int:
    i = int(text) - 1
    if not 0 <= i < _MAXP:
        raise ValueError(f"no {what} {text}")
    return i


# ------------------------------------------------------------------------ game


class SkipBo(Game):
    """Skip-Bo, 1980 rules, for 2 to 8 players (the seed: 3-6; SB-3)."""

    name = "skip-bo"
    title = "Skip-Bo (1980 rules)"
    rule_prefix = "SB"
    min_players = 2
    max_players = 8
    options_type = SkipBoOptions
    variants = ({"preset": "official"}, {"preset": "modern", "wilds": 18, "scoring": "easy"})

    def resolve_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = dict(options)
        preset = opts.get("preset", "1980")
        if preset not in PRESETS:
            raise ValueError(f"preset is one of {', '.join(PRESETS)}, not {preset!r}")
        modern = preset == "modern"
        for key in ("alternating", "blocking", "leading_up"):
            if opts.get(key) is None:
                opts[key] = not modern
        if opts.get("reserve_size") is None:
            table = OFFICIAL_RESERVE if preset == "official" else SEED_RESERVE
            opts["reserve_size"] = table[players]
        wilds = opts.get("wilds", 24)
        if wilds not in (24, 18):
            raise ValueError("wilds is 24 (the 1980 deck) or 18 (later decks)")
        size = opts["reserve_size"]
        if not isinstance(size, int) or size < 1 or (size + HAND_SIZE) * players > 144 + wilds:
            raise ValueError(f"a reserve of {size} cards each does not fit the deck")
        if opts.get("scoring", "official") not in SCORINGS:
            raise ValueError("scoring is 'official' or 'easy'")
        if opts.get("block_threshold", 5) < 1:
            raise ValueError("block_threshold is at least 1")
        return opts

    def deck(self) -> list[int]:
        """Every card in play (SB-1): twelve each of 1-12 and the Skip-Bo cards."""
        return [v for v in range(1, 13) for _ in range(12)] + [WILD] * self.options.wilds

    def components(self) -> Counter:
        return Counter(CARD[c] for c in self.deck())

    def score_range(self) -> tuple[int, int]:
        return (0, 25 + 5 * self.options.reserve_size * (self.players - 1))

    def _blank(self, rng: Rng) -> SkipBoState:
        s = SkipBoState.__new__(SkipBoState)
        s._init_state(self, rng)
        n = self.players
        s.n = n
        s.hands = [()] * n
        s.reserves = [()] * n
        s.stacks = [()] * (STACKS * n)
        s.piles = [()] * PILES
        s.deck = ()
        s.aside = ()
        s.player = 0
        s.phase = 0
        s.last_stack = -1
        s.played = False
        s.quiet = 0
        s.turn = 1
        s.winner_ = -1
        s.blocked = False
        s.reshuffles = 0
        return s

    def start(self, seed: int) -> SkipBoState:
        """Shuffle with ``Rng(seed)``, deal each reserve one card at a time (SB-2); the
        rest is the deck; P0 fills her hand and starts (SB-5)."""
        rng = Rng(seed)
        deck = self.deck()
        rng.shuffle(deck)
        s = self._blank(rng)
        res: list[list[int]] = [[] for _ in range(self.players)]
        for _ in range(self.options.reserve_size):
            for r in res:
                r.append(deck.pop())
        s.reserves = [tuple(r) for r in res]
        s.deck = tuple(deck)
        s._fill(0)
        return s

    def setup(
        self,
        *,
        hands: Sequence[str | None] | Mapping[int, str] = (),
        reserves: Sequence[str | None] | Mapping[int, str] = (),
        stacks: Sequence[Sequence[str]] | Mapping[int, Sequence[str]] = (),
        piles: Sequence[str | int] = (),
        aside: str = "",
        deck_top: str = "",
        player: int = 0,
        last_stack: int = 0,
        turn: int = 1,
        seed: int = 0,
    ) -> SkipBoState:
        """An explicit position, for worked examples.

        ``hands``: a card string per player (None or missing: the player to move draws
        five, the others hold nothing yet); ``reserves``: per player, bottom first and
        the face-up top last (None or missing: dealt from the rest); ``stacks``: per
        player up to four helper stacks, bottom first; ``piles``: up to four build piles,
        each a card string (bottom first) or a number k meaning the cards 1 to k;
        ``aside``: completed piles set aside; ``deck_top``: the next cards drawn, in
        order; every card not named is shuffled with ``seed`` under them. ``last_stack``
        is the helper stack (1-4, 0 for none) played from last this turn.

        >>> import gamebox
        >>> s = gamebox.load("skip-bo").setup(hands=["SB 3"], reserves=["7 3"], piles=[2])
        >>> s.needs, s.reserve_top(0), [str(m) for m in s.legal_moves()][:3]
        ((3, 1, 1, 1), 3, ['SB as 3 → pile 1', 'SB as 1 → pile 2', 'SB as 1 → pile 3'])
        """
        n = self.players
        s = self._blank(Rng(seed))
        box = Supply(self.deck(), name=TEXT.__getitem__)

        def per_player(spec: Any) -> dict[int, Any]:
            return dict(spec.items()) if isinstance(spec, Mapping) else dict(enumerate(spec))

        hand_spec = {p: t for p, t in per_player(hands).items() if t is not None}
        res_spec = {p: t for p, t in per_player(reserves).items() if t is not None}
        for p, t in hand_spec.items():
            s.hands[p] = tuple(sorted(box.take(parse_cards(t))))
        for p, t in res_spec.items():
            s.reserves[p] = box.take(parse_cards(t))
        for p, row in per_player(stacks).items():
            if len(row) > STACKS:
                raise ValueError("a player has four helper stacks")
            for i, t in enumerate(row):
                s.stacks[4 * p + i] = box.take(parse_cards(t))
        if len(piles) > PILES:
            raise ValueError("there are at most four build piles")
        for k, spec in enumerate(piles):
            cards = list(range(1, spec + 1)) if isinstance(spec, int) else parse_cards(spec)
            if len(cards) >= TOP:
                raise ValueError("a build pile of 12 cards is complete and set aside")
            s.piles[k] = box.take(cards)
        s.aside = box.take(parse_cards(aside))
        top = box.take(parse_cards(deck_top))
        others = box.rest()
        Rng(seed).shuffle(others)
        for p in range(n):
            if p not in res_spec:
                size = self.options.reserve_size
                s.reserves[p] = tuple(others[-size:])
                del others[-size:]
        s.deck = tuple(others) + top[::-1]
        s.player = player
        s.last_stack = last_stack - 1
        s.played = last_stack > 0  # a helper card was played this turn
        s.turn = turn
        if player not in hand_spec:
            s._fill(player)
        return s

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> SkipBoState:
        d = position
        s = self._blank(rng)
        s.hands = [tuple(parse_cards(h)) for h in d["hands"]]
        s.reserves = [tuple(parse_cards(r)) for r in d["reserves"]]
        s.stacks = [tuple(parse_cards(t)) for row in d["stacks"] for t in row]
        s.piles = [tuple(parse_cards(pl)) for pl in d["piles"]]
        s.deck = tuple(parse_cards(d["deck"]))
        s.aside = tuple(parse_cards(d["aside"]))
        for key in ("player", "phase", "last_stack", "played", "quiet", "turn", "blocked"):
            setattr(s, key, d[key])
        s.winner_ = d["winner"]
        s.reshuffles = d["reshuffles"]
        return s


def match_scores(hands: Sequence[SkipBoState]) -> tuple[int, ...]:
    """The running match total over finished hands (SB-16): under official scoring the
    first to :data:`MATCH_TARGET` wins; under easy scoring the lowest total wins."""
    if not hands:
        return ()
    n = hands[0].n
    return tuple(sum(h.scores[p] for h in hands) for p in range(n))
