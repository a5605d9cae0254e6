"""Skip-Bo's position: what a state is (the declared fields and what reads them), how a
hand is dealt or set up, and how a position is written to JSON, read back and checked.
What is legal, how a move is read and what it does are in :mod:`gamebox.games.skip_bo.rules`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import chain
from typing import TYPE_CHECKING, Any, Self

from gamebox.checks import check_types, flags, list_of, per_seat, require, whole, wholes
from gamebox.components import Supply
from gamebox.core import State
from gamebox.games.skip_bo.leadup import reaches, top_bits
from gamebox.games.skip_bo.moves import (
    CARD,
    HAND_FACTS,
    HAND_SIZE,
    PILES,
    STACKS,
    TEXT,
    TOP,
    WILD,
    cards_text,
    parse_cards,
)
from gamebox.rng import Rng

if TYPE_CHECKING:
    from gamebox.games.skip_bo.rules import SkipBo

#: The stages of a turn (``state.phase``): playing, or after a block only the discard
#: (SB-11).
PLAYING, AFTER_BLOCK = 0, 1
#: The counts and flags of a position, written to JSON under their own names.
_SCALARS = ("player", "phase", "lead", "last_stack", "played", "quiet", "turn", "reshuffles")
#: Why a loaded hand that ended with no winner is no position of the game.
_BLOCKED_ONLY = "a hand ends blocked only when no card is left to draw or hold"

# ------------------------------------------------------------------------- the position


class Position(State):
    """A position of Skip-Bo.

    ``hands[p]`` is a sorted tuple of card values; ``reserves[p]`` a tuple whose last
    card is the face-up top; ``stacks[4 * p + i]`` helper stack ``i`` of player ``p``
    (last = top); ``piles[k]`` the cards on build pile ``k`` (empty: a free slot; the
    pile needs ``len + 1`` next); :attr:`deck` (last = next card drawn) and ``aside``
    (the completed piles, SB-6); ``n`` the player count. In the turn of ``player``:
    ``phase`` (module constants) is :data:`AFTER_BLOCK` once a block was played (only
    the discard is left, SB-11), else :data:`PLAYING`; ``lead`` the build pile of the
    run under way, leading up to the reserve card (SB-9), or -1; ``last_stack`` the
    helper stack played from last (option #1, SB-10); ``played`` whether a card went
    on a build pile. ``quiet`` counts the turns in a row with no card played;
    ``outcome`` says who won the hand, or that it ended blocked (see :meth:`_end_hand`).
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
        won = 25 + 5 * sum(map(len, self.reserves))
        return tuple(0 if res else won for res in self.reserves)

    def _end_hand(self, winner: int) -> None:
        """End the hand: won by seat ``winner``, who played her last reserve card
        (SB-15), or with ``winner`` -1 blocked, nothing left to draw or play (SB-17)."""
        if winner < 0:
            self.end((), "the cards ran out and nobody could play: no winner (SB-17)")
        else:
            self.end((winner,), f"P{winner} played her last reserve card and wins the hand (SB-15)")

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
        """Whose turn it is and at what stage, or how the hand ended, in a few words."""
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

    # --------------------------------------------------------------------------- set-up

    @classmethod
    def dealt(cls, game: SkipBo, seed: int) -> Self:
        """Shuffle with ``Rng(seed)``, deal each reserve one card at a time (SB-2); the
        rest is the deck; P0 fills her hand and starts (SB-5)."""
        rng = Rng(seed)
        deck = game.deck()
        rng.shuffle(deck)
        s = cls(game, rng)
        res: list[list[int]] = [[] for _ in range(game.players)]
        for _ in range(game.options.reserve_size):
            for r in res:
                r.append(deck.pop())
        s.reserves = tuple(map(tuple, res))
        s.deck = tuple(deck)
        s._fill(0)
        return s

    @classmethod
    def set_up(
        cls,
        game: SkipBo,
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
    ) -> Self:
        """An explicit position for worked examples (``game.setup(...)``).

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
        n = game.players
        require(whole(player, 0, n - 1), f"player {player!r} is out of range")
        require(whole(last_stack, 0, STACKS), f"last_stack {last_stack!r} is out of range")
        require(type(turn) is int and turn >= 1, f"turn {turn!r} is out of range")
        s = cls(game, Rng(seed))
        box = Supply(game.deck(), name=TEXT.__getitem__)
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
        size = game.options.reserve_size
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

    def _fill(self, p: int) -> None:
        """Draw up to five (SB-5); when the deck cannot fill the hand, the set-aside
        build piles are shuffled in under it first (SB-19)."""
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

    # ----------------------------------------------------------- loading and validation

    @classmethod
    def from_data(cls, game: SkipBo, position: Mapping[str, Any], rng: Rng) -> Self:
        """The position written by :meth:`to_data` (``game.state_from_data``); a hand
        that ended (its ``winner`` a seat, or ``blocked``) gets its outcome back."""
        d = position
        n = game.players
        s = cls(game, rng)
        s.hands = _rows(d["hands"], n, "hands")
        s.reserves = tuple(_rows(d["reserves"], n, "reserves"))
        rows = list_of(d["stacks"], n, "stacks")
        s.stacks = [cards for row in rows for cards in _rows(row, STACKS, "a row of stacks")]
        s.piles = tuple(_rows(d["piles"], PILES, "piles"))
        s.deck, s.aside = (tuple(cards) for cards in _rows([d["deck"], d["aside"]], 2, "deck"))
        for key in _SCALARS:
            setattr(s, key, d[key])
        winner, blocked = d["winner"], d["blocked"]
        require(whole(winner, -1, n - 1), f"winner {winner!r} is not a seat or -1")
        require(flags(blocked), f"blocked is True or False, not {blocked!r}")
        require(not (blocked and winner >= 0), _BLOCKED_ONLY)
        if blocked or winner >= 0:
            s._end_hand(winner)
        return s

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
            "winner": self.winners[0] if self.winners else -1,
            "blocked": self.outcome is not None and not self.outcome.winners,
        } | {key: getattr(self, key) for key in _SCALARS}

    def _validate(self) -> None:
        n, opts, size = self.n, self.game.options, self.game.options.reserve_size
        check_types(self, dict.fromkeys(_SCALARS, int) | {"played": bool})
        for name, row, count, kind in (
            ("hands", self.hands, n, list),
            ("reserves", self.reserves, n, tuple),
            ("stacks", self.stacks, STACKS * n, list),
            ("piles", self.piles, PILES, tuple),
        ):
            require(type(row) is kind and len(row) == count, f"{name} holds {count} rows of cards")
            for cards in row:
                require(wholes(cards, 0, TOP), f"{name}: {cards!r} is not a row of Skip-Bo cards")
        for p, hand in enumerate(self.hands):
            require(
                len(hand) <= HAND_SIZE and list(hand) == sorted(hand),
                f"P{p}'s hand of {len(hand)} cards: a hand holds five at most",
            )
        for p, res in enumerate(self.reserves):
            require(len(res) <= size, f"P{p}'s reserve holds more than the {size} dealt")
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
        k, playing = self.lead, self.phase == PLAYING
        ok = 0 <= k < PILES and self.outcome is None and playing and self.last_stack >= 0
        require(ok, f"lead {k}: a run is under way only after a helper card")
        require(self.game.options.leading_up, "there is no leading up in this game")
        r = self.reserves[self.player][-1]
        require(
            r == WILD or self.can_reach(self.need(k)),
            f"the run on pile {k + 1} can no longer reach the reserve {r}",
        )

    def components(self) -> Counter:
        table = (self.deck, self.aside, *self.hands, *self.reserves, *self.stacks, *self.piles)
        return Counter(CARD[c] for c in chain.from_iterable(table))


def _rows(data: object, count: int, what: str) -> list[tuple[int, ...]]:
    """``count`` card texts read from JSON data, each as a tuple of card values."""
    texts = list_of(data, count, what)
    require(all(type(text) is str for text in texts), f"{what} is a list of card texts")
    return [tuple(parse_cards(text)) for text in data]
