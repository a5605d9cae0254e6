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
lead-up search in :mod:`gamebox.games.skip_bo.leadup`; here are the options, the state
(its legal moves, its refusals, playing a move, scoring, checking a loaded position) and
the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamebox.checks import check_types, list_of, per_seat, require, whole, wholes
from gamebox.components import Supply
from gamebox.core import Game, IllegalMove, Move, Options, State, Viewpoint, option, refuses
from gamebox.games.skip_bo.leadup import reaches, search, top_bits
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
    card_name,
    cards_text,
    next_need,
    no_pile,
    parse_cards,
    parse_move,
)
from gamebox.games.skip_bo.moves import RUN as RUN  # the bots read it from here
from gamebox.games.skip_bo.moves import bits as bits  # the bots and tests read it here
from gamebox.rng import Rng

# ---------------------------------------------------------------------- options


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


# ------------------------------------------------------------------------ state

#: The stages of a turn (``state.phase``): playing, or after a block only the discard
#: (SB-11).
PLAYING, AFTER_BLOCK = 0, 1
#: Why a loaded hand that ended with no winner is no position of the game.
_BLOCKED_ONLY = "a hand ends blocked only when no card is left to draw or hold"


class SkipBoState(State):
    """A position of Skip-Bo.

    ``hands[p]`` is a sorted tuple of card values; ``reserves[p]`` a tuple whose last
    card is the face-up top; ``stacks[4 * p + i]`` helper stack ``i`` of player ``p``
    (last = top); ``piles[k]`` the cards on build pile ``k`` (empty: a free slot; the
    pile needs ``len + 1`` next); :attr:`deck` (last = next card drawn) and ``aside``
    (the completed piles, SB-6). In the turn of ``player``: ``phase`` (module constants)
    is :data:`AFTER_BLOCK` once a block was played (only the discard is left, SB-11),
    else :data:`PLAYING`; ``lead`` the build pile of the
    run under way, leading up to the reserve card (SB-9), or -1; ``last_stack`` the
    helper stack played from last (option #1, SB-10); ``played`` whether a card went
    on a build pile. ``quiet`` counts the turns in a row with no card played.
    ``reserves`` and ``piles`` are tuples: a move builds anew the one it changes, and
    states share them otherwise (most moves are discards, which change neither).
    """

    n: int
    hands: list[tuple[int, ...]]
    reserves: tuple[tuple[int, ...], ...]
    stacks: list[tuple[int, ...]]
    piles: tuple[tuple[int, ...], ...]
    #: The deck is ``_pack[:_left]``: a draw only counts ``_left`` down, so the states of
    #: a hand share one ``_pack`` until the set-aside piles are shuffled in under it.
    _pack: tuple[int, ...]
    _left: int
    aside: tuple[int, ...]
    player: int
    phase: int
    lead: int
    last_stack: int
    played: bool
    quiet: int
    turn: int
    reshuffles: int

    def __init__(self, game: SkipBo, rng: Rng) -> None:
        """An empty table: no card anywhere yet, P0 to play the first turn."""
        self._init_state(game, rng)
        n = self.n = game.players
        self.hands = [()] * n
        self.reserves = ((),) * n
        self.stacks = [()] * (STACKS * n)
        self.piles = ((),) * PILES
        self.deck = self.aside = ()
        self.player = self.quiet = self.reshuffles = 0
        self.phase = PLAYING
        self.lead = self.last_stack = -1
        self.played = False
        self.turn = 1

    # -- the protocol's read-only views ---------------------------------------------

    #: Skip-Bo has no chance moves: the deck is shuffled inside the moves that draw.
    is_chance = False

    @property
    def current_player(self) -> int:
        return self.player if self.outcome is None else -1

    @property
    def scores(self) -> tuple[int, ...]:
        """Official scoring: the winner's 25 + 5 per card left in the other reserves (0
        for everybody else, and before the hand ends); easy scoring: each player's own
        reserve cards left (lower is better) (SB-16). The winner is the player whose
        reserve is empty (SB-15), so the scores are in place when the hand ends."""
        if self.game.options.scoring == "easy":
            return tuple(len(r) for r in self.reserves)
        out = [0] * self.n
        for w, res in enumerate(self.reserves):
            if not res:
                out[w] = 25 + 5 * sum(map(len, self.reserves))
                break
        return tuple(out)

    def why_over(self) -> IllegalMove:
        if self.outcome.winners:
            return IllegalMove(
                "SB-15", f"the hand is over: P{self.outcome.winners[0]} has emptied her reserve"
            )
        return IllegalMove(
            "SB-17",
            "the hand is over with no winner: the cards ran out and nobody could play "
            "(the book's house rule)",
        )

    # -- reading the position --------------------------------------------------------

    @property
    def deck(self) -> tuple[int, ...]:
        """The cards left to draw, bottom first (the last is drawn next)."""
        return self._pack[: self._left]

    @deck.setter
    def deck(self, cards: Sequence[int]) -> None:
        self._pack = tuple(cards)
        self._left = len(self._pack)

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

    def can_reach(
        self,
        need: int,
        *,
        wilds: int | None = None,
        stack: int = -1,
        alternating: bool | None = None,
    ) -> bool:
        """Can the player to move carry a build pile that needs ``need`` on up to her
        numbered reserve card with her hand and helper stacks (see :func:`reaches`)?
        After a card went on, pass how many Skip-Bo cards the hand still has (``wilds``)
        or the helper stack the card came from (``stack``: one card fewer, and the last
        played from). ``alternating`` is the game's option #1 unless given."""
        p = self.player
        facts = HAND_FACTS[self.hands[p]]
        base = STACKS * p
        stacks = self.stacks[base : base + STACKS]
        depths = [len(st) for st in stacks]
        last = self.last_stack
        if stack >= 0:
            depths[stack] -= 1
            last = stack
        if alternating is None:
            alternating = bool(self.game.options.alternating)
        if not alternating:
            last = -1
        return reaches(
            facts.numbers,
            facts.wilds if wilds is None else wilds,
            stacks,
            depths,
            need,
            self.reserves[p][-1],
            last,
            alternating,
            top_bits(stacks, depths, last),
            set(),
        )

    def _leads_on(self, need: int, src: int, card: int, stack: int) -> bool:
        """After ``card`` (from ``src``, helper ``stack``) went on a build pile where it
        needed ``need``, can the run still reach the numbered reserve card (SB-9)?"""
        wilds = self.hands[self.player].count(WILD) - (src == HAND and card == WILD)
        return self.can_reach(next_need(need), wilds=wilds, stack=stack)

    # -- legal moves --------------------------------------------------------------------

    def _legal_moves(self) -> list[Move]:
        p = self.player
        hand = self.hands[p]
        facts = HAND_FACTS[hand]
        if self.phase == AFTER_BLOCK:  # a block was the turn: only the discard is left (SB-11)
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
        chances = self.block_chances()
        if not chances:
            return []
        base = STACKS * self.player
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

    # -- refusals: one check per kind of move -------------------------------------------

    @refuses(Play)
    def _why_play(self, move: Play) -> IllegalMove | None:
        err = _why_value(move)
        if err:
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
        if src == STACK:
            err = self._why_stack_top(move.stack, card)
            if err:
                return err
        if not 0 <= k < PILES:
            return no_pile(k)
        err = self._why_fit(card, k, move.value)
        if err:
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
        if self._leads_on(need, STACK, card, move.stack):
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
        if self._leads_on(need, move.src, move.card, move.stack):
            return None
        return self._why_no_run(move, goal)

    def _why_no_run(self, move: Play, head: str) -> IllegalMove:
        """The refusal of a card after which no run reaches the reserve card (SB-9), or
        SB-10 when only option #1 stands in the way; outside a run it names a helper
        play that would do (a block, or the start of a run)."""
        need, stack = move.value, move.stack
        p = self.player
        wilds = self.hands[p].count(WILD) - (move.src == HAND and move.card == WILD)
        r = self.reserves[p][-1]
        if self.can_reach(next_need(need), wilds=wilds, stack=stack, alternating=False):
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
        err = _why_value(move)
        if err:
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
        err = self._why_stack_top(move.stack, move.card)
        if err:
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

    # -- playing --------------------------------------------------------------------------

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
        elif not self.hands[p] and self.phase == PLAYING:
            self._fill(p)  # SB-13

    def _end_hand(self, winner: int) -> None:
        """End the hand: won by seat ``winner``, who played her last reserve card
        (SB-15), or with ``winner`` -1 blocked, nothing left to draw or play (SB-17)."""
        if winner < 0:
            self.end((), "the cards ran out and nobody could play: no winner (SB-17)")
        else:
            self.end((winner,), f"P{winner} played her last reserve card and wins the hand (SB-15)")

    def _fill(self, p: int) -> None:
        """Draw up to five (SB-5); when the deck cannot fill the hand, the set-aside
        build piles are shuffled in under it first (SB-6)."""
        hand = self.hands[p]
        want = HAND_SIZE - len(hand)
        if want <= 0:
            return
        left = self._left
        if left < want:
            if self.aside:
                cards = list(self.aside)
                self.rng.shuffle(cards)
                self.deck = (*cards, *self._pack[:left])
                left = self._left
                self.aside = ()
                self.reshuffles += 1
            want = min(want, left)
            if not want:
                return
        self.hands[p] = tuple(sorted(hand + self._pack[left - want : left]))
        self._left = left - want

    # -- checking a position ----------------------------------------------------------------

    def _validate(self) -> None:
        n = self.n
        opts = self.game.options
        counts = ("player", "phase", "lead", "last_stack", "quiet", "turn", "reshuffles")
        check_types(self, dict.fromkeys(counts, int) | {"played": bool})
        rows = (
            ("hands", self.hands, n, list),
            ("reserves", self.reserves, n, tuple),
            ("stacks", self.stacks, STACKS * n, list),
            ("piles", self.piles, PILES, tuple),
        )
        for name, row, count, kind in rows:
            require(type(row) is kind and len(row) == count, f"{name} holds {count} rows of cards")
            for cards in row:
                require(wholes(cards, 0, TOP), f"{name}: {cards!r} is not a row of Skip-Bo cards")
        for p, hand in enumerate(self.hands):
            require(
                len(hand) <= HAND_SIZE and list(hand) == sorted(hand),
                f"P{p}'s hand of {len(hand)} cards: a hand holds five at most",
            )
        for p, res in enumerate(self.reserves):
            require(
                len(res) <= opts.reserve_size,
                f"P{p}'s reserve holds more than the {opts.reserve_size} dealt",
            )
        for k, pile in enumerate(self.piles):
            require(
                len(pile) < TOP and all(c in (WILD, i + 1) for i, c in enumerate(pile)),
                f"build pile {k + 1} does not climb from 1 below 12",
            )
        aside = self.aside
        require(
            not len(aside) % TOP and all(c in (WILD, i % TOP + 1) for i, c in enumerate(aside)),
            "the cards set aside are not completed build piles",
        )
        require(0 <= self.player < n, f"player {self.player} is not a seat")
        empty = [p for p, res in enumerate(self.reserves) if not res]
        require(
            empty == list(self.winners),
            f"an empty reserve is a win: the reserves of {empty} are empty, "
            f"the winners recorded {list(self.winners)}",
        )
        blocked = self.outcome is not None and not self.outcome.winners
        require(not blocked or not (self.deck or self.aside or any(self.hands)), _BLOCKED_ONLY)
        require(
            self.phase == PLAYING or (self.phase == AFTER_BLOCK and self.played and opts.blocking),
            f"phase {self.phase}: only a block played this turn makes it {AFTER_BLOCK}",
        )
        require(
            -1 <= self.last_stack < STACKS and (self.last_stack < 0 or self.played),
            f"last_stack {self.last_stack} is not a stack played this turn",
        )
        require(
            self.turn >= 1 and 0 <= self.quiet <= self.turn and self.reshuffles >= 0,
            "turn, quiet and reshuffles are counts",
        )
        if self.lead != -1:
            self._validate_run()

    def _validate_run(self) -> None:
        k = self.lead
        require(
            0 <= k < PILES
            and self.outcome is None
            and self.phase == PLAYING
            and self.last_stack >= 0,
            f"lead {k}: a run is under way only after a helper card",
        )
        require(self.game.options.leading_up, "there is no leading up in this game")
        r = self.reserves[self.player][-1]
        require(
            r == WILD or self.can_reach(self.need(k)),
            f"the run on pile {k + 1} can no longer reach the reserve {r}",
        )

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
            "lead": self.lead,
            "last_stack": self.last_stack,
            "played": self.played,
            "quiet": self.quiet,
            "turn": self.turn,
            "winner": self.winners[0] if self.winners else -1,
            "blocked": self.outcome is not None and not self.outcome.winners,
            "reshuffles": self.reshuffles,
        }

    def parse_move(self, text: str) -> Move:
        """Read a move's text form (ValueError if it is none): :func:`parse_move`, where a
        Skip-Bo card named without a value takes the one its build pile needs.

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

    # -- display -------------------------------------------------------------------------

    def pile_text(self) -> str:
        return " ".join(TEXT[pl[-1]] if pl else "-" for pl in self.piles)

    def summary(self) -> str:
        res = " ".join(
            f"P{p} {len(r)}:{TEXT[r[-1]] if r else '-'}" for p, r in enumerate(self.reserves)
        )
        end, outcome = "", self.outcome
        if outcome is not None:
            w = outcome.winners
            end = f" | P{w[0]} wins {outcome.scores[w[0]]}" if w else " | blocked"
        return (
            f"turn {self.turn} | reserves {res} | needs "
            f"{' '.join(str(n) for n in self.needs)} | deck {len(self.deck)}{end}"
        )

    def status(self) -> str:
        if self.outcome is not None:
            w = self.outcome.winners
            if w:
                return f"P{w[0]} has emptied her reserve and wins the hand"
            return "over: nothing left to draw and nobody could play"
        if self.phase == AFTER_BLOCK:
            return f"P{self.player} blocked, and now discards"
        if self.lead >= 0:
            r = TEXT[self.reserves[self.player][-1]]
            return f"P{self.player} is building to {r} on pile {self.lead + 1}"
        return f"P{self.player} to play"

    def _describe(self, view: Viewpoint) -> str:
        """The position as text, with the hand of the seat ``view`` shows."""
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
        if self.outcome is None:
            p = view.seat
            lines.append(f"P{p} holds {cards_text(self.hands[p]) or '(nothing)'}")
        return "\n".join(lines)


def _why_value(move: Play | Block) -> IllegalMove | None:
    """SB-14: a numbered card counts as itself, a Skip-Bo card as 1 to 12."""
    card, value = move.card, move.value
    if card != WILD and value != card:
        return IllegalMove(
            "SB-14",
            f"only a Skip-Bo card takes a value of its own; {card_name(card)} counts as {card}",
        )
    if not 1 <= value <= TOP:
        return IllegalMove("SB-14", f"a Skip-Bo card counts as 1 to 12, not {value}")
    return None


# ------------------------------------------------------------------------ game


def _rows(data: object, count: int, what: str) -> list[tuple[int, ...]]:
    """``count`` card texts read from JSON data, each as a tuple of card values."""
    texts = list_of(data, count, what)
    require(all(type(text) is str for text in texts), f"{what} is a list of card texts")
    return [tuple(parse_cards(text)) for text in data]


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
        """Shuffle with ``Rng(seed)``, deal each reserve one card at a time (SB-2); the
        rest is the deck; P0 fills her hand and starts (SB-5)."""
        rng = Rng(seed)
        deck = self.deck()
        rng.shuffle(deck)
        s = SkipBoState(self, rng)
        res: list[list[int]] = [[] for _ in range(self.players)]
        for _ in range(self.options.reserve_size):
            for r in res:
                r.append(deck.pop())
        s.reserves = tuple(map(tuple, res))
        s.deck = tuple(deck)
        s._fill(0)
        return s

    def _setup(
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
        for name, value, low, high in (
            ("player", player, 0, n - 1),
            ("last_stack", last_stack, 0, STACKS),
            ("turn", turn, 1, None),
        ):
            require(
                whole(value, low, value if high is None else high),
                f"{name} {value!r} is out of range",
            )
        s = SkipBoState(self, Rng(seed))
        box = Supply(self.deck(), name=TEXT.__getitem__)
        hand_spec = {p: t for p, t in per_seat(hands, n, "hands").items() if t is not None}
        res_spec = {p: t for p, t in per_seat(reserves, n, "reserves").items() if t is not None}
        for p, t in hand_spec.items():
            s.hands[p] = tuple(sorted(box.take(parse_cards(t))))
        reserves = list(s.reserves)
        for p, t in res_spec.items():
            reserves[p] = box.take(parse_cards(t))
        for p, row in per_seat(stacks, n, "helper stacks").items():
            require(len(row) <= STACKS, "a player has four helper stacks")
            for i, t in enumerate(row):
                s.stacks[STACKS * p + i] = box.take(parse_cards(t))
        require(len(piles) <= PILES, "there are at most four build piles")
        rows = list(s.piles)
        for k, spec in enumerate(piles):
            if isinstance(spec, int):
                require(
                    whole(spec, 0, TOP - 1), f"build pile {k + 1} holds 0 to 11 cards, not {spec!r}"
                )
                cards = list(range(1, spec + 1))
            else:
                cards = parse_cards(spec)
            rows[k] = box.take(cards)
        s.piles = tuple(rows)
        s.aside = box.take(parse_cards(aside))
        top = box.take(parse_cards(deck_top))
        others = box.rest()
        Rng(seed).shuffle(others)
        size = self.options.reserve_size
        for p in range(n):
            if p not in res_spec:
                reserves[p] = tuple(others[-size:])
                del others[-size:]
        s.reserves = tuple(reserves)
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
        n = self.players
        s = SkipBoState(self, rng)
        s.hands = _rows(d["hands"], n, "hands")
        s.reserves = tuple(_rows(d["reserves"], n, "reserves"))
        stacks = d["stacks"]
        require(
            type(stacks) is list and len(stacks) == n,
            f"stacks is a list of {n} rows of helper stacks",
        )
        s.stacks = [cards for row in stacks for cards in _rows(row, STACKS, "a row of stacks")]
        s.piles = tuple(_rows(d["piles"], PILES, "piles"))
        s.deck, s.aside = (tuple(cards) for cards in _rows([d["deck"], d["aside"]], 2, "deck"))
        for key in ("player", "phase", "lead", "last_stack", "played", "quiet", "turn"):
            setattr(s, key, d[key])
        s.reshuffles = d["reshuffles"]
        winner, blocked = d["winner"], d["blocked"]
        require(
            whole(winner, -1, n - 1) and type(blocked) is bool,
            f"winner {winner!r} is not a seat or -1, or blocked not a bool",
        )
        require(not (blocked and winner >= 0), _BLOCKED_ONLY)
        if blocked or winner >= 0:
            s._end_hand(winner)
        return s


def match_scores(hands: Sequence[SkipBoState]) -> tuple[int, ...]:
    """The running match total over finished hands (SB-16): under official scoring the
    first to :data:`MATCH_TARGET` wins; under easy scoring the lowest total wins."""
    if not hands:
        return ()
    n = hands[0].n
    return tuple(sum(h.scores[p] for h in hands) for p in range(n))
