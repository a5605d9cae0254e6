"""Skip-Bo, 1980 rules, as code.

Each player has a reserve (stock) pile with its top card face up, a hand of up to five
cards and four helper stacks of discards. Up to four build piles in the centre are
shared: each starts with a 1 and climbs to 12 (SB-6). The first player to play the last
card of her reserve wins the hand (SB-15).

What makes the 1980 game hard is *leading up* (SB-9): a helper card may be played only
inside a run of plays that ends on your reserve card. The engine plays the run one card
at a time, as a player lays it out. The first helper card starts the run ("building to
5") on the pile it goes on, and only if the cards in the player's hand and helper stacks
can carry that pile on up to the reserve card. From then on every card of the turn goes
on that pile and must keep the run possible, no discard is allowed, and the run ends
when the reserve card goes on:

>>> import gamebox
>>> game = gamebox.load("skip-bo", players=2)
>>> s = game.setup(hands=["3 6 7 8 9"], reserves=["9 5"], stacks=[["4", "", "", ""]],
...                piles=["1 2", "", "", ""])
>>> s.check("stack 1: 4 → pile 1").rule  # the pile needs a 3 first
'SB-6'
>>> s = s.apply("3 → pile 1").apply("stack 1: 4 → pile 1")
>>> s.status(), [str(m) for m in s.legal_moves()]
('P0 is building to 5 on pile 1', ['reserve 5 → pile 1'])

The cards, the moves and their text are in :mod:`gamebox.games.skip_bo.moves`, the
lead-up search in :mod:`gamebox.games.skip_bo.leadup`, the position (its fields, the deal,
loading and checking) in :mod:`gamebox.games.skip_bo.position`; here are the options, the
state's legal moves, refusals and playing a move, and the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamebox.checks import require
from gamebox.core import Game, IllegalMove, Move, Options, option, refuses
from gamebox.games.skip_bo.leadup import search
from gamebox.games.skip_bo.moves import (
    CARD,
    HAND,
    HAND_FACTS,
    HAND_PLAYS,
    HAND_SIZE,
    MOST_RESERVE,
    NEXT,
    NUMBERS,
    OFFICIAL_RESERVE,
    PASS,
    PILES,
    PILES_AT,
    PRESETS,
    RESERVE,
    RESERVE_PLAYS,
    RUN_ON,
    SCORINGS,
    SEED_RESERVE,
    STACK,
    STACK_PLAYS,
    STACKS,
    TEXT,
    TOP,
    WILD,
    Block,
    Discard,
    HandFacts,
    Pass,
    Play,
    bad_value,
    card_name,
    next_need,
    no_pile,
    parse_move,
)
from gamebox.games.skip_bo.position import AFTER_BLOCK, PLAYING, Position
from gamebox.rng import Rng

# ------------------------------------------------------------------------------ options


@dataclass(frozen=True)
class SkipBoOptions(Options):
    """The options of the rulings file, with the seed's defaults (preset ``"1980"``).
    The three switches left at None take the preset's choice: on, except in
    ``modern``, the later, simpler game."""

    wilds: int = option(
        24,
        "Skip-Bo cards in the deck: 24 (1980) or 18 (later decks)",
        rule="SB-1",
        choices=(24, 18),
    )
    reserve_size: int | None = option(
        None,
        "reserve cards per player; None takes the preset's table",
        rule="SB-2",
        low=1,
        high=MOST_RESERVE,
    )
    preset: str = option(
        "1980",
        "'1980' (the seed), 'official' (30 / 20 reserve cards) or 'modern' (options #1 "
        "and #2 off, helper cards free to play)",
        rule="SB-4",
        choices=PRESETS,
    )
    alternating: bool | None = option(
        None, "option #1: never two helper plays in a row from one stack", rule="SB-10"
    )
    blocking: bool | None = option(
        None, "option #2: a helper card may block an opponent about to go out", rule="SB-11"
    )
    block_threshold: int = option(
        5,
        "how few reserve cards an opponent has when she may be blocked",
        rule="SB-11",
        low=1,
        high=MOST_RESERVE,
    )
    leading_up: bool | None = option(
        None, "helper cards only inside a run that ends on the reserve card", rule="SB-9"
    )
    scoring: str = option(
        "official",
        "'official' (25 + 5 per card left in the other reserves) or 'easy' (each counts "
        "her own reserve cards left)",
        rule="SB-16",
        choices=SCORINGS,
    )


# -------------------------------------------------------------------------- legal moves


class SkipBoState(Position):
    """A state of Skip-Bo: the :class:`Position` with its rules. Its legal moves come
    from tables made once (:data:`PILES_AT`, :data:`HAND_FACTS`, the plays of each
    source) and, in the 1980 game, the lead-up search (SB-9); it reads a move's text and
    names what a move picks on the board; each kind of move has its check (``@refuses``);
    :meth:`_play` carries a legal move out."""

    def _legal_moves(self) -> list[Move]:
        p = self.player
        hand = self.hands[p]
        facts = HAND_FACTS[hand]
        if self.phase:  # AFTER_BLOCK: a block was the turn, only the discard is left (SB-11)
            return list(facts.discards) if hand else [PASS]
        if self.lead >= 0:
            return self._run_moves(self.lead, facts)
        rules = self.game.options
        k0, k1, k2, k3 = self.piles
        sizes = (len(k0), len(k1), len(k2), len(k3))
        fits = PILES_AT[sizes]
        moves: list[Move] = []
        for c in facts.cards:
            moves += fits[c]
        r = self.reserves[p][-1]
        for play in fits[r]:
            moves.append(RESERVE_PLAYS[r][play.pile][play.value])
        s0, s1, s2, s3 = stacks = self.stacks[STACKS * p : STACKS * p + STACKS]
        tops = [
            s0[-1] if s0 else -1,
            s1[-1] if s1 else -1,
            s2[-1] if s2 else -1,
            s3[-1] if s3 else -1,
        ]
        if self.last_stack >= 0 and rules.alternating:
            tops[self.last_stack] = -1  # option #1: not the same stack twice in a row
        if fits[tops[0]] or fits[tops[1]] or fits[tops[2]] or fits[tops[3]]:
            self._helper_plays(moves, stacks, tops, fits, r, facts, rules)
        if rules.blocking and not self.played:  # a block first needs someone near out
            limit = rules.block_threshold
            for res in self.reserves:
                if len(res) <= limit:
                    moves += self._blocks()
                    break
        if hand:
            moves += facts.discards
        else:
            moves.append(PASS)
        return moves

    def _helper_plays(
        self,
        moves: list[Move],
        stacks: list[tuple[int, ...]],
        tops: list[int],
        fits: tuple[tuple[Play, ...], ...],
        r: int,
        facts: HandFacts,
        rules: SkipBoOptions,
    ) -> None:
        """Add to ``moves`` the plays of the helper tops ``tops`` (-1: none, or not
        playable now) that may go on the build piles (``fits``: :func:`piles_taking` of
        the piles): anywhere they fit in the modern game, or with a Skip-Bo reserve card;
        else only as the first card of a run that can reach the numbered reserve card
        ``r`` (SB-9)."""
        if not rules.leading_up or r == WILD:
            for s in range(STACKS):
                t = tops[s]
                for play in fits[t]:
                    moves.append(STACK_PLAYS[s][t][play.pile][play.value])
            return
        alternating = rules.alternating
        numbers, wilds = facts.numbers, facts.wilds
        lack, run_on = ~numbers, RUN_ON[r]
        depths: list[int] = []  # the stacks' depths and tops, once a search needs them
        found = False  # what the last search found
        for s, t in enumerate(tops):
            known = -1  # the value searched last from this stack (piles may need the same)
            for play in fits[t]:
                need = play.value
                if need == r:  # a run that the reserve card ends, not one it could skip (SB-9)
                    continue
                if need == known:
                    if not found:
                        continue
                elif (run_on[need] & lack).bit_count() > wilds:
                    # the hand alone cannot carry the pile on: search
                    known = need
                    if not depths:
                        s0, s1, s2, s3 = stacks
                        depths = [len(s0), len(s1), len(s2), len(s3)]
                        shown = [
                            s0[-1] if s0 else -1,
                            s1[-1] if s1 else -1,
                            s2[-1] if s2 else -1,
                            s3[-1] if s3 else -1,
                        ]
                        dead: set[tuple[int, ...]] = set()
                    # after it, the other stacks show their tops; stack s shows nothing
                    # under option #1, else the card under it
                    child = depths[:]
                    d = child[s] = child[s] - 1
                    showing = shown[:]
                    if alternating:
                        showing[s] = -1
                        last = s
                    else:
                        showing[s] = stacks[s][d - 1] if d else -1
                        last = -1
                    start = NEXT[need]
                    found = search(
                        numbers, wilds, stacks, child, showing, start, r, last, alternating, dead
                    )
                    if not found:
                        continue
                moves.append(STACK_PLAYS[s][t][play.pile][need])

    def _run_moves(self, k: int, facts: HandFacts) -> list[Move]:
        """The moves of a run under way on build pile ``k`` (SB-9): cards on that pile
        that keep the run able to reach the reserve card, or the reserve card itself."""
        p = self.player
        need = len(self.piles[k]) + 1
        r = self.reserves[p][-1]
        if r == need or (r == WILD and need == 1):  # it takes the reserve card now
            return [RESERVE_PLAYS[r][k][need]]
        free = r == WILD  # a Skip-Bo reserve card ends the run at any point
        after = next_need(need)
        moves: list[Move] = []
        if facts.numbers >> need & 1 and (free or self.can_reach(after)):
            moves.append(HAND_PLAYS[need][k][need])
        if facts.wilds and (free or self.can_reach(after, wilds=facts.wilds - 1)):
            moves.append(HAND_PLAYS[WILD][k][need])
        if free:
            moves.append(RESERVE_PLAYS[r][k][need])
        last = self.last_stack if self.game.options.alternating else -1
        for s in range(STACKS):
            st = self.stacks[STACKS * p + s]
            top = st[-1] if st and s != last else -1
            if top in (need, WILD) and (free or self.can_reach(after, stack=s)):
                moves.append(STACK_PLAYS[s][top][k][need])
        return moves

    def block_chances(self) -> list[tuple[int, int]]:
        """Option #2 (SB-11): ``(opponent, pile)`` pairs where an opponent with at most
        ``block_threshold`` reserve cards shows a numbered reserve card that fits build
        pile ``pile`` and no other (so taking that pile stops her), and no card of the
        mover's hand fits that pile. Whether the mover may still block this turn (only
        before any other play) is for the caller."""
        p = self.player
        hand = self.hands[p]
        out: list[tuple[int, int]] = []
        if WILD in hand:
            return out
        limit = self.game.options.block_threshold
        needs = self.needs
        for q in range(self.n):
            res = self.reserves[q]
            if q == p or len(res) > limit or res[-1] == WILD:
                continue
            v = res[-1]
            if needs.count(v) == 1 and v not in hand:
                out.append((q, needs.index(v)))
        return out

    def _blocks(self) -> list[Move]:
        base = STACKS * self.player
        moves: list[Move] = []
        for q, k in self.block_chances():
            need = len(self.piles[k]) + 1
            for s in range(STACKS):
                st = self.stacks[base + s]
                if st and (st[-1] == need or st[-1] == WILD):
                    moves.append(Block(q, s, st[-1], k, need))
        return moves

    def candidate_moves(self) -> list[Move]:
        """Every hand card, the reserve card and every helper top on every pile (a fifth
        one too), every discard (a fifth stack too), blocks on every opponent, and
        ``pass``: legal or not, each refusal explained."""
        p = self.player
        moves: list[Move] = []
        needs = [*self.needs, 1]
        tops = [(s, st[-1]) for s in range(STACKS) if (st := self.helper(p, s))]
        res = self.reserves[p]
        hand = sorted(set(self.hands[p]))
        for k in range(PILES + 1):
            need = needs[k]
            for c in hand:
                moves.append(Play(HAND, c, k, need if c == WILD else c))
            if res:
                r = res[-1]
                moves.append(Play(RESERVE, r, k, need if r == WILD else r))
            for s, t in tops:
                moves.append(Play(STACK, t, k, need if t == WILD else t, s))
                for q in range(self.n):
                    if q != p:
                        moves.append(Block(q, s, t, k, need if t == WILD else t))
        for c in hand:
            moves.extend(Discard(c, s) for s in range(STACKS + 1))
        moves.append(PASS)
        return moves

    def parse_move(self, text: str) -> Move:
        """Read a move's text form (ValueError if it is none): the notation's
        :func:`~gamebox.games.skip_bo.moves.parse_move`, where a Skip-Bo card named
        without a value takes the one its build pile needs.

        >>> import gamebox
        >>> print(gamebox.load("skip-bo").setup(piles=[2]).parse_move("SB -> pile 1"))
        SB as 3 → pile 1
        """
        return parse_move(text, self.needs)

    def picks(self, move: Move) -> tuple[str, ...]:
        """On the board a play picks the card, then the build pile: a hand card by its
        text (``"7"``, ``"SB"``), the reserve top as ``"reserve"``, a helper stack's top
        as ``"stack 2"``; a discard picks the hand card, then the helper stack; a block
        adds the reserve of the opponent it blocks, ``"P1 reserve"``. ``pass`` is a
        button.

        >>> import gamebox
        >>> s = gamebox.load("skip-bo", players=2).setup(
        ...     hands=["3 6 7 8 9"], reserves=["9 5"], stacks=[["4", "", "", ""]],
        ...     piles=["1 2", "", "", ""])
        >>> [s.picks(s.parse_move(t)) for t in ("stack 1: 4 → pile 2", "3 → pile 1",
        ...                                     "discard 9 → stack 2")]
        [('stack 1', 'pile 2'), ('3', 'pile 1'), ('9', 'stack 2')]
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
        if cls is Block:
            return (f"stack {move.stack + 1}", f"pile {move.pile + 1}", f"P{move.victim} reserve")
        return ()

    # ------------------------------------------------------------------------- refusals

    def why_over(self) -> IllegalMove:
        if w := self.outcome.winners:
            return IllegalMove("SB-15", f"the hand is over: P{w[0]} has emptied her reserve")
        return IllegalMove(
            "SB-17",
            "the hand is over with no winner: the cards ran out and nobody could play "
            "(the book's house rule)",
        )

    @refuses(Play)
    def _why_play(self, move: Play) -> IllegalMove | None:
        if err := bad_value(move):
            return err
        if self.phase == AFTER_BLOCK:
            return IllegalMove(
                "SB-11", "your block was your turn: now discard a hand card onto a helper stack"
            )
        p = self.player
        src, card, k = move.src, move.card, move.pile
        if src == HAND and card not in self.hands[p]:
            return IllegalMove("SB-7", f"you do not hold {card_name(card)}")
        r = self.reserves[p][-1]
        if src == RESERVE and card != r:
            return IllegalMove("SB-7", f"your reserve shows {card_name(r)}, not {card_name(card)}")
        if src == STACK and (err := self._why_stack_top(move.stack, card)):
            return err
        if not 0 <= k < PILES:
            return no_pile(k)
        if err := self._why_fit(card, k, move.value):
            return err
        need = move.value
        opts = self.game.options
        if src == STACK and opts.alternating and move.stack == self.last_stack:
            return IllegalMove(
                "SB-10",
                f"option #1: your last helper card came from stack {move.stack + 1}, so "
                "the next must come from another stack",
            )
        if self.lead >= 0:
            return self._why_in_run(move, r)
        if src != STACK or not opts.leading_up or r == WILD:
            return None
        head = f"a helper card may go on only in a run that leads up to your reserve card, the {r}"
        if need == r:
            return IllegalMove(
                "SB-9", f"{head}, and your {r} fits pile {k + 1} now: play it (a run stops there)"
            )
        if self._leads_on(move):
            return None
        return self._why_no_run(move, head)

    def _why_in_run(self, move: Play, r: int) -> IllegalMove | None:
        """A play while a run leads up to the reserve card ``r`` on pile ``lead``."""
        lead, k, need = self.lead, move.pile, move.value
        goal = f"you are building to {TEXT[r]} on pile {lead + 1}"
        if k != lead:
            return IllegalMove(
                "SB-9",
                f"{goal}: every card of the run goes on that pile until your reserve card does",
            )
        if move.src == RESERVE:
            return None
        if r == need:
            return IllegalMove(
                "SB-9",
                f"{goal}, and it takes your reserve {r} now: a run stops at the reserve card",
            )
        if r == WILD:
            if need == 1:
                return IllegalMove(
                    "SB-9",
                    f"pile {k + 1} was completed in this run, and your reserve Skip-Bo card "
                    "starts it again now: a run stops there",
                )
            return None
        if self._leads_on(move):
            return None
        return self._why_no_run(move, goal)

    def _why_no_run(self, move: Play, head: str) -> IllegalMove:
        """The refusal of a card after which no run reaches the reserve card (SB-9), or
        SB-10 when only option #1 stands in the way; outside a run it names a helper
        play that would do (a block, or the start of a run)."""
        stack, r = move.stack, self.reserves[self.player][-1]
        if self._leads_on(move, alternating=False):
            return IllegalMove(
                "SB-10",
                f"{head}: after this card the run would need two helper cards in a row from "
                "one stack (option #1; a hand card in between does not count)",
            )
        why = f"{head}, and after this card no run from your hand and helper stacks reaches the {r}"
        if self.lead < 0:
            legal = self.legal_moves()
            blocks = [m for m in legal if m.__class__ is Block and m.stack == stack]
            blocks.sort(key=lambda m: m.pile != move.pile)
            runs = [m for m in legal if m.__class__ is Play and m.src == STACK]
            if blocks:
                why += f"; it may go as a block of an opponent about to go out: {blocks[0]}"
            elif runs:
                why += f"; a run can start with {runs[0]}"
        return IllegalMove("SB-9", why)

    def _why_fit(self, card: int, pile: int, value: int) -> IllegalMove | None:
        """SB-6 / SB-14: does ``card`` (taking ``value``) go on build pile ``pile``?"""
        need = len(self.piles[pile]) + 1
        if card == WILD:
            if value != need:
                return IllegalMove(
                    "SB-14",
                    f"build pile {pile + 1} needs {card_name(need)}, "
                    f"so a Skip-Bo card played there counts as {need}, not {value}",
                )
            return None
        if card != need:
            if need == 1:
                return IllegalMove(
                    "SB-6",
                    f"build pile {pile + 1} is empty: a pile starts with a 1 (or a Skip-Bo "
                    f"as 1), not {card_name(card)}",
                )
            return IllegalMove(
                "SB-6",
                f"build pile {pile + 1} shows {card_name(need - 1)} and needs "
                f"{card_name(need)} next, not {card_name(card)}",
            )
        return None

    def _why_stack_top(self, stack: int, card: int) -> IllegalMove | None:
        if not 0 <= stack < STACKS:
            return IllegalMove("SB-8", f"you have four helper stacks, not {stack + 1}")
        st = self.helper(self.player, stack)
        if not st:
            return IllegalMove("SB-8", f"your helper stack {stack + 1} is empty")
        if st[-1] != card:
            return IllegalMove(
                "SB-8",
                f"only the top card of a helper stack can be played, and stack {stack + 1} "
                f"shows {card_name(st[-1])}",
            )
        return None

    @refuses(Block)
    def _why_block(self, move: Block) -> IllegalMove | None:
        if err := bad_value(move):
            return err
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
        if err := self._why_stack_top(move.stack, move.card):
            return err
        res = self.reserves[q]
        if len(res) > opts.block_threshold:
            return IllegalMove(
                "SB-11",
                f"P{q} still has {len(res)} reserve cards; you may block only a player "
                f"down to {opts.block_threshold} or fewer",
            )
        if not 0 <= move.pile < PILES:
            return no_pile(move.pile)
        need = self.need(move.pile)
        if res[-1] == WILD or res[-1] != need:
            return IllegalMove(
                "SB-11",
                f"P{q}'s reserve shows {card_name(res[-1])}, which "
                + (
                    "fits any pile and cannot be blocked"
                    if res[-1] == WILD
                    else f"cannot go on build pile {move.pile + 1} (it needs {card_name(need)})"
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
                f"you hold {card_name(card)} that can take that slot: block with your hand card",
            )
        return self._why_fit(move.card, move.pile, move.value)

    @refuses(Discard, Pass)
    def _why_end_turn(self, move: Discard | Pass) -> IllegalMove | None:
        if move.__class__ is Discard and not 0 <= move.stack < STACKS:
            return IllegalMove("SB-8", f"you have four helper stacks, not {move.stack + 1}")
        if self.lead >= 0:
            r = TEXT[self.reserves[self.player][-1]]
            return IllegalMove(
                "SB-9",
                f"you are building to {r} on pile {self.lead + 1}: finish the run with your "
                "reserve card before your turn ends",
            )
        hand = self.hands[self.player]
        if move.__class__ is Pass:
            if hand:
                return IllegalMove(
                    "SB-12",
                    "you still hold cards: end your turn by discarding one onto a helper stack",
                )
            return None
        if move.card not in hand:
            return IllegalMove("SB-12", f"you do not hold {card_name(move.card)} to discard")
        return None

    def _leads_on(self, move: Play, alternating: bool | None = None) -> bool:
        """After ``move`` went on its build pile, can the run still reach the numbered
        reserve card (SB-9)? ``alternating``: option #1 (see :meth:`can_reach`)."""
        wilds = self.hands[self.player].count(WILD) - (move.src == HAND and move.card == WILD)
        need = next_need(move.value)
        return self.can_reach(need, wilds=wilds, stack=move.stack, alternating=alternating)

    # ------------------------------------------------------------------- playing a move

    def _play(self, move: Move) -> None:
        p = self.player
        cls = move.__class__
        if cls is Discard or cls is Pass:
            if cls is Discard:
                hand = self.hands[p]
                i = hand.index(move.card)
                self.hands[p] = hand[:i] + hand[i + 1 :]
                self.stacks[STACKS * p + move.stack] += (move.card,)
            # the turn ends: the next player draws up to five
            n = self.n
            quiet = self.quiet = 0 if self.played else self.quiet + 1
            p = self.player = (p + 1) % n
            self.phase = PLAYING
            self.last_stack = -1
            self.played = False
            self.turn += 1
            self._fill(p)
            if quiet >= n and not self._left and not self.aside and not any(self.hands):
                self._end_hand(-1)  # SB-17: nothing left to draw or play
            return
        self.played = True
        if cls is Play:
            src = move.src
            if src == HAND:
                hand = self.hands[p]
                i = hand.index(move.card)
                self.hands[p] = hand[:i] + hand[i + 1 :]
            elif src == RESERVE:
                reserves = list(self.reserves)
                reserves[p] = reserves[p][:-1]
                self.reserves = tuple(reserves)
                self.lead = -1  # the run, if any, is over
            else:
                i = STACKS * p + move.stack
                self.stacks[i] = self.stacks[i][:-1]
                self.last_stack = move.stack
                if self.game.options.leading_up:
                    self.lead = move.pile  # building to the reserve card (SB-9)
        else:  # Block
            i = STACKS * p + move.stack
            self.stacks[i] = self.stacks[i][:-1]
            self.phase = AFTER_BLOCK
        cards = self.piles[move.pile] + (move.card,)
        if len(cards) == TOP:  # complete: set aside, the slot frees (SB-6)
            self.aside += cards
            cards = ()
        piles = list(self.piles)
        piles[move.pile] = cards
        self.piles = tuple(piles)
        if not self.reserves[p]:
            self.lead = -1
            self._end_hand(p)  # SB-15
        elif not self.hands[p] and not self.phase:  # PLAYING: not after a block
            self._fill(p)  # SB-13


# ----------------------------------------------------------------------------- the game


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
        """The preset's choices for the options left at None, and its reserve size for
        the player count; a reserve the deck cannot deal is refused."""
        opts = dict(options)
        preset = opts.get("preset", "1980")
        for key in ("alternating", "blocking", "leading_up"):
            if opts.get(key) is None:
                opts[key] = preset != "modern"
        if opts.get("reserve_size") is None:
            table = OFFICIAL_RESERVE if preset == "official" else SEED_RESERVE
            opts["reserve_size"] = table[players]
        size, wilds = opts["reserve_size"], opts.get("wilds", 24)
        require(
            (size + HAND_SIZE) * players <= 144 + wilds,
            f"a reserve of {size} cards for each of {players} players does not fit a "
            f"deck of {144 + wilds} cards",
        )
        return opts

    def deck(self) -> list[int]:
        """Every card in play (SB-1): twelve each of 1-12 and the Skip-Bo cards."""
        return [*NUMBERS, *(WILD,) * self.options.wilds]

    def components(self) -> Counter:
        return Counter(CARD[c] for c in self.deck())

    def score_range(self) -> tuple[int, int]:
        return (0, 25 + 5 * self.options.reserve_size * (self.players - 1))

    def start(self, seed: int) -> SkipBoState:
        return SkipBoState.dealt(self, seed)

    def _setup(self, **position: Any) -> SkipBoState:
        return SkipBoState.set_up(self, **position)

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> SkipBoState:
        return SkipBoState.from_data(self, position, rng)


def match_scores(hands: Sequence[SkipBoState]) -> tuple[int, ...]:
    """The running match total over finished hands (SB-16): under official scoring the
    first to :data:`MATCH_TARGET` wins; under easy scoring the lowest total wins."""
    return tuple(map(sum, zip(*(h.scores for h in hands), strict=True)))
