"""Milk Run: the rules as code.

Each player keeps six piles, three per colour of milk (MR-3): red cards make
strawberry milk, black cards chocolate milk. Per colour there is a *Limit* pile (the
biggest single delivery allowed, 5 while empty), a *Go* pile (a face card on top means
"go", anything else "stop") and a *Delivery* column (the deliveries made). Whoever has
30 or more in both columns wins at once (MR-11).

A turn is four moves by the same player: two draws, then two card plays (MR-4, MR-5).

>>> import gamebox
>>> game = gamebox.load("milk-run", players=2)
>>> state = game.start(seed=1)
>>> [str(m) for m in state.legal_moves()]  # the discard pile is still empty
['draw stock']
>>> state = state.apply("draw stock").apply("draw stock")
>>> state.check("draw stock")
IllegalMove('MR-5', 'you have drawn your two cards; now play two cards from your hand')

The game's pieces and notation (the card tables, the piles, the moves and their text)
are in :mod:`gamebox.games.milk_run.moves`; this module holds the options, the state
with its legal moves and refusals, playing a move, loading and checking a position, and
the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamebox.checks import card_list, flags, per_seat, require, whole
from gamebox.components import (
    CODE_RANK,
    CODE_TEXT,
    CODED,
    JOKER_CODE,
    Supply,
    card_code,
    codes_text,
)
from gamebox.core import (
    Game,
    IllegalMove,
    Move,
    Options,
    State,
    option,
    refuses,
    shorten,
)
from gamebox.games.milk_run.moves import (
    _COLUMN,
    _CONTEXT,
    _DISCARD,
    _GO,
    _LIMIT,
    _PHASE_NAMES,
    _PILE_KEYS,
    _PLAYS,
    BLACK,
    CODES,
    COLOUR,
    COLOUR_WORD,
    COLOURS,
    COLUMN,
    DECK,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    EMPTY_LIMIT,
    FIRST_DRAW,
    FIRST_PLAY,
    GO,
    HAND,
    IS_FACE,
    IS_NUMBER,
    LIMIT,
    MAX_PLAYERS,
    MILK,
    MOST_IN_HAND,
    PILE_NAME,
    RED,
    WIN,
    Draw,
    Play,
    parse_move,
    pile_index,
    pile_token,
)
from gamebox.games.milk_run.moves import (
    in_words as in_words,  # the chapter reads it from here
)
from gamebox.rng import Rng

# ---------------------------------------------------------------------- options


@dataclass(frozen=True)
class MilkRunOptions(Options):
    """Milk Run's one option, the number of decks (MR-1); ``option()`` declares its
    range, so the core refuses anything else with ``TypeError`` or ``ValueError``."""

    decks: int | None = option(
        None,
        "how many 54-card decks are shuffled together; the source asks for one per "
        "player and allows being a deck short",
        rule="MR-1",
        low=1,
        high=MAX_PLAYERS,
    )


#: The fields a position's JSON holds as they are: ``state_from_data`` reads them back
#: unchanged, for ``_validate`` to check.
_PLAIN = ("player", "took_discard", "turn", "rebuilds")


# ------------------------------------------------------------------------ state


class MilkRunState(State):
    """A position of Milk Run.

    ``hands[p]`` is a tuple of card codes; ``piles[pile_index(p, colour, kind)]`` a tuple
    (bottom first); ``totals[2 * p + colour]`` the sum of that Delivery column;
    ``stock`` and ``discard`` are tuples whose last card is the top. ``phase`` counts the
    moves made in the turn: 0 and 1 are the draws, 2 and 3 the plays. ``stolen`` is the
    card the last move stole (-1: none). A win (MR-11) or a draw (MR-12) ends the game
    through :meth:`end`, which records the :attr:`outcome`.
    """

    n: int
    hands: list[tuple[int, ...]]
    piles: list[tuple[int, ...]]
    totals: list[int]
    stock: tuple[int, ...]
    discard: tuple[int, ...]
    player: int
    phase: int
    took_discard: bool
    turn: int
    rebuilds: int
    stolen: int
    #: Never a chance node: draws come from the stock the state's generator shuffled.
    is_chance = False

    def __init__(self, game: MilkRun, rng: Rng) -> None:
        """An empty table: no cards anywhere, player 0 to draw on turn 1."""
        self._init_state(game, rng)
        n = game.players
        self.n = n
        self.hands = [()] * n
        self.piles = [()] * (6 * n)
        self.totals = [0] * (2 * n)
        self.stock = ()
        self.discard = ()
        self.player = 0
        self.phase = FIRST_DRAW
        self.took_discard = False
        self.turn = 1
        self.rebuilds = 0
        self.stolen = -1

    # -- the protocol's read-only views ---------------------------------------------

    @property
    def current_player(self) -> int:
        return self.player if self.outcome is None else -1

    @property
    def drawn(self) -> bool:
        """Did the stock run out for good (MR-12)?"""
        outcome = self.outcome
        return outcome is not None and not outcome.winners

    @property
    def scores(self) -> tuple[int, ...]:
        """Deliveries counted toward the goal: each column up to 30, so 60 means a win."""
        t = self.totals
        return tuple(min(t[2 * p], WIN) + min(t[2 * p + 1], WIN) for p in range(self.n))

    # -- reading the piles ---------------------------------------------------------

    def pile(self, player: int, colour: int, kind: int) -> tuple[int, ...]:
        return self.piles[6 * player + 3 * colour + kind]

    def limit(self, player: int, colour: int) -> int:
        """The biggest single delivery ``player`` may make in ``colour`` (MR-7)."""
        pile = self.piles[6 * player + 3 * colour]
        return CODE_RANK[pile[-1]] if pile else EMPTY_LIMIT

    def is_go(self, player: int, colour: int) -> bool:
        """Does that Go pile show a face card (MR-8)?"""
        pile = self.piles[6 * player + 3 * colour + 1]
        return bool(pile) and IS_FACE[pile[-1]]

    def total(self, player: int, colour: int) -> int:
        return self.totals[2 * player + colour]

    @property
    def hand(self) -> tuple[int, ...]:
        """The hand of the player whose turn it is."""
        return self.hands[self.player]

    # -- legal moves --------------------------------------------------------------------

    def _legal_moves(self) -> list[Move]:
        if self.phase < 2:  # FIRST_PLAY
            # The stock is never empty when a draw is due (MR-12 rebuilds it at once,
            # or the game is drawn), so only the discard pile can refuse a draw.
            if self.discard and not self.took_discard:
                return [DRAW_STOCK, DRAW_DISCARD]
            return [DRAW_STOCK]
        p, n, piles = self.player, self.n, self.piles
        # The turn's context: per colour, the players whose Go pile shows a face card
        # (MR-8), as a bitmask, and the biggest delivery allowed now (MR-7, MR-9).
        red = black = 0
        for q in range(n):
            go = piles[6 * q + 1]
            if go and IS_FACE[go[-1]]:
                red |= 1 << q
            go = piles[6 * q + 4]
            if go and IS_FACE[go[-1]]:
                black |= 1 << q
        context = (
            self.limit(p, RED) if red >> p & 1 else 0,
            self.limit(p, BLACK) if black >> p & 1 else 0,
            red,
            black,
        )
        plays = _PLAYS[n]
        moves: list[Move] = []
        last = -1
        for c in sorted(self.hands[p]):
            if c == last:  # a second copy of a card has the same plays
                continue
            last = c
            if c != JOKER_CODE:
                moves += plays[c][context[_CONTEXT[c]]]
                continue
            # MR-10: on a face card; on a rival's, only when the steal is allowed
            row = _GO[c]
            for q in range(n):
                for k in COLOURS:
                    if context[2 + k] >> q & 1 and (q == p or self._steal_ok(q, k)):
                        moves.append(row[q][k])
            moves.append(_DISCARD[c])
        return moves

    def _steal_ok(self, victim: int, colour: int) -> bool:
        """MR-10: a joker on another player's go needs your own go, and the stolen card
        (if there is one) must not exceed your own limit."""
        p = self.player
        if not self.is_go(p, colour):
            return False
        column = self.piles[6 * victim + 3 * colour + 2]
        return not column or CODE_RANK[column[-1]] <= self.limit(p, colour)

    def candidate_moves(self) -> list[Move]:
        """Every draw, and every card in hand on every pile it could be put on (legal or
        not), so that each refusal can be explained."""
        moves: list[Move] = [DRAW_STOCK, DRAW_DISCARD]
        p = self.player
        for c in sorted(set(self.hands[p])):
            for q in range(self.n):
                for k in COLOURS:
                    moves.append(_LIMIT[c][q][k])
                    moves.append(_GO[c][q][k])
                if q != p:
                    moves.append(Play(c, COLUMN, q, max(COLOUR[c], 0)))
            moves.extend(_COLUMN[c])
            moves.append(_DISCARD[c])
        return moves

    # -- refusals: one check per kind of move -----------------------------------------

    def why_over(self) -> IllegalMove:
        if self.winners:
            return IllegalMove("MR-11", f"the game is over: P{self.winners[0]} has won")
        return IllegalMove("MR-12", "the game is over: the stock ran out for good (a draw)")

    @refuses(Draw)
    def _why_draw(self, move: Draw) -> IllegalMove | None:
        """MR-4: two draws, from the stock, or one of them from the discard pile."""
        if self.phase >= FIRST_PLAY:
            left = "two cards" if self.phase == FIRST_PLAY else "one more card"
            return IllegalMove(
                "MR-5", f"you have drawn your two cards; now play {left} from your hand"
            )
        if move.source == "stock":
            return None  # never empty when a draw is due (MR-12)
        if move.source != "discard":
            return IllegalMove("MR-4", "you draw from the stock or from the discard pile")
        if self.took_discard:
            return IllegalMove(
                "MR-4",
                "you already took the top discard this turn; the second card must come "
                "from the stock (never two from the discard pile)",
            )
        if not self.discard:
            return IllegalMove("MR-4", "the discard pile is empty; draw from the stock")
        return None

    @refuses(Play)
    def _why_play(self, move: Play) -> IllegalMove | None:
        """MR-5 and the pile's own ruling: MR-7 (Limit), MR-8 and MR-10 (Go), MR-9
        (Delivery column); discarding is always legal."""
        p, c, q, k = self.player, move.code, move.owner, move.colour
        name = CODE_TEXT[c]
        if self.phase < FIRST_PLAY:
            left = "two cards" if self.phase == FIRST_DRAW else "one more card"
            return IllegalMove("MR-4", f"draw first: you still have {left} to draw this turn")
        if c not in self.hands[p]:
            return IllegalMove("MR-5", f"you do not hold the {name}")
        pile = move.pile
        if pile == DISCARD:
            if q != -1 or k != -1:
                return IllegalMove("MR-5", "there is one discard pile: write '<card> → discard'")
            return None
        if k == -1:
            return IllegalMove("MR-3", f"say which colour of {PILE_NAME[pile]} the {name} goes on")
        if pile == COLUMN:
            return self._why_deliver(c, q, k)
        if q >= self.n:
            return IllegalMove(
                "MR-3", f"there is no player P{q}: the players are P0 to P{self.n - 1}"
            )
        if q == -1:
            return IllegalMove("MR-3", f"say whose {PILE_NAME[pile]} the {name} goes on")
        if pile == GO:
            return self._why_go(c, q, k)
        colour = COLOUR_WORD[k]
        if not IS_NUMBER[c]:
            return IllegalMove(
                "MR-7", f"a Limit pile takes only number cards 2 to 10, not the {name}"
            )
        if COLOUR[c] != k:
            return IllegalMove(
                "MR-7", f"the {colour} Limit pile takes only {colour} cards, not the {name}"
            )
        return None

    def _why_deliver(self, c: int, q: int, k: int) -> IllegalMove | None:
        """MR-9: a number card of the colour on your own column, under go, within your
        limit (MR-7)."""
        p, name, colour = self.player, CODE_TEXT[c], COLOUR_WORD[k]
        if q == p:
            return IllegalMove("MR-9", f"a delivery names no player: write '{name} → column'")
        if q >= 0:
            return IllegalMove("MR-9", "you deliver only to your own Delivery columns")
        if not IS_NUMBER[c]:
            return IllegalMove(
                "MR-9", f"a Delivery column takes only number cards 2 to 10, not the {name}"
            )
        if COLOUR[c] != k:
            return IllegalMove(
                "MR-9",
                f"the {colour} column holds {MILK[k]} milk; only {colour} cards go there",
            )
        if not self.is_go(p, k):
            return IllegalMove(
                "MR-9",
                f"your {colour} Go pile shows {self._go_word(p, k)}, which means stop: "
                f"no {MILK[k]} deliveries until a face card covers it",
            )
        if CODE_RANK[c] > self.limit(p, k):
            lim_pile = self.pile(p, k, LIMIT)
            why = (
                f"your {colour} Limit pile shows the {CODE_TEXT[lim_pile[-1]]}"
                if lim_pile
                else f"your {colour} Limit pile is empty, which counts as a 5"
            )
            return IllegalMove("MR-7", f"{why}, so you cannot deliver the {name}")
        return None

    def _go_word(self, player: int, colour: int) -> str:
        pile = self.pile(player, colour, GO)
        if not pile:
            return "nothing (an empty pile)"
        top = pile[-1]
        return "a joker" if top == JOKER_CODE else f"the {CODE_TEXT[top]}"

    def _why_go(self, c: int, q: int, k: int) -> IllegalMove | None:
        """MR-8: a face card on a stop, an ace on a face card, both of the pile's colour;
        MR-10: a joker on a face card of either colour, on a rival's only to steal."""
        p, name, colour = self.player, CODE_TEXT[c], COLOUR_WORD[k]
        whose = "your" if q == p else f"P{q}'s"
        if IS_NUMBER[c]:
            return IllegalMove(
                "MR-8", f"a Go pile takes only face cards, aces and jokers, not the {name}"
            )
        if c != JOKER_CODE and COLOUR[c] != k:
            return IllegalMove(
                "MR-8",
                f"the {colour} Go pile takes only {colour} face cards, {colour} aces and "
                f"jokers, not the {name}",
            )
        shows = self._go_word(q, k)
        if IS_FACE[c]:
            if not self.is_go(q, k):
                return None
            return IllegalMove(
                "MR-8",
                f"{whose} {colour} Go pile shows {shows}; a face card goes only on an "
                "empty Go pile, an ace or a joker",
            )
        if not self.is_go(q, k):
            card = "a joker" if c == JOKER_CODE else "an ace"
            return IllegalMove(
                "MR-8" if c != JOKER_CODE else "MR-10",
                f"{whose} {colour} Go pile shows {shows}; {card} goes only on a face card",
            )
        if c != JOKER_CODE or q == p or self._steal_ok(q, k):
            return None
        # a joker on another player's face card: the steal conditions (MR-10)
        if not self.is_go(p, k):
            return IllegalMove(
                "MR-10",
                f"to play a joker on P{q}'s {colour} Go pile, your own {colour} Go pile must "
                f"show a face card, and it shows {self._go_word(p, k)}",
            )
        stolen = self.pile(q, k, COLUMN)[-1]
        return IllegalMove(
            "MR-10",
            f"the joker would steal P{q}'s {CODE_TEXT[stolen]}, which is above your own "
            f"{colour} limit of {self.limit(p, k)}",
        )

    # -- playing --------------------------------------------------------------------------

    def _play(self, move: Move) -> None:
        p = self.player
        self.stolen = -1
        if move.__class__ is Draw:
            if move.source == "stock":
                card, self.stock = self.stock[-1], self.stock[:-1]
            else:
                card, self.discard = self.discard[-1], self.discard[:-1]
                self.took_discard = True
            self.hands[p] += (card,)
            self.phase += 1
            if self.phase == 1:  # SECOND_DRAW
                self._need_a_draw()
            return
        c = move.code
        hand = self.hands[p]
        i = hand.index(c)
        self.hands[p] = hand[:i] + hand[i + 1 :]
        pile = move.pile
        if pile == DISCARD:
            self.discard += (c,)
        elif pile == COLUMN:
            k = move.colour
            self.piles[6 * p + 3 * k + 2] += (c,)
            self.totals[2 * p + k] += CODE_RANK[c]
            self._check_win(p)
        else:
            q, k = move.owner, move.colour
            self.piles[6 * q + 3 * k + pile] += (c,)
            if c == JOKER_CODE and q != p:
                self._steal(q, k)
        if self.outcome is not None:
            return
        self.phase += 1
        if self.phase == 4:  # after SECOND_PLAY
            self.player = (p + 1) % self.n
            self.phase = 0  # FIRST_DRAW
            self.took_discard = False
            self.turn += 1
            self._need_a_draw()

    def _steal(self, victim: int, colour: int) -> None:
        """MR-10: the joker moves the last card of the victim's column onto yours."""
        column = self.piles[6 * victim + 3 * colour + 2]
        if not column:
            return
        card = column[-1]
        p = self.player
        self.piles[6 * victim + 3 * colour + 2] = column[:-1]
        self.totals[2 * victim + colour] -= CODE_RANK[card]
        self.piles[6 * p + 3 * colour + 2] += (card,)
        self.totals[2 * p + colour] += CODE_RANK[card]
        self.stolen = card
        self._check_win(p)

    def _check_win(self, p: int) -> None:
        """MR-11: both columns at 30 or more wins at once."""
        if self.totals[2 * p] >= WIN and self.totals[2 * p + 1] >= WIN:
            self._finish(p)

    def _finish(self, winner: int) -> None:
        """End the game: ``winner`` has 30 in both colours (MR-11), or -1: the stock ran
        out for good, a draw (MR-12)."""
        if winner < 0:
            self.end((), "the stock ran out for good: a draw (MR-12)")
        else:
            self.end((winner,), f"P{winner} delivered 30 in both colours (MR-11)")

    def _need_a_draw(self) -> None:
        """MR-12: a draw is due; rebuild an empty stock, and end the game drawn at once
        if the rebuilt stock is still empty (house rule), even if the top discard could
        still be taken."""
        if not self.stock:
            self.rebuild_stock()
            if not self.stock:
                self._finish(-1)

    def rebuild_stock(self) -> None:
        """MR-12: every Limit and Go pile keeps only its top card, the discard pile its top
        three; all the other cards are shuffled into a new stock."""
        cards: list[int] = []
        piles = self.piles
        for p in range(self.n):
            for k in COLOURS:
                for kind in (LIMIT, GO):
                    i = 6 * p + 3 * k + kind
                    if len(piles[i]) > 1:
                        cards.extend(piles[i][:-1])
                        piles[i] = piles[i][-1:]
        if len(self.discard) > 3:
            cards.extend(self.discard[:-3])
            self.discard = self.discard[-3:]
        self.rng.shuffle(cards)
        self.stock = tuple(cards)
        self.rebuilds += 1

    def _sum_columns(self) -> None:
        """Each Delivery column's total, from its cards (a set-up or a loaded position)."""
        for p in range(self.n):
            for k in COLOURS:
                self.totals[2 * p + k] = sum(CODE_RANK[c] for c in self.pile(p, k, COLUMN))

    # -- checking a position ------------------------------------------------------------

    def _validate(self) -> None:
        """What the generic checks leave out: the sizes of hands and pile lists, what
        each pile may hold, where in the turn we are, and a winner or draw that the
        position shows."""
        n = self.n
        for p, hand in enumerate(self.hands):
            require(
                len(hand) <= MOST_IN_HAND, f"P{p} holds {len(hand)} cards; a hand holds at most 8"
            )
        require(
            whole(self.phase, 0, 3),
            f"step {shorten(repr(self.phase))} is not 0 to 3 (draw to second play)",
        )
        require(flags(self.took_discard), "took_discard is True or False")
        require(
            whole(self.turn, 1, 10**9) and whole(self.rebuilds, 0, 10**9),
            "the turn counts from 1, the rebuilds from 0",
        )
        require(
            not (self.took_discard and self.phase == FIRST_DRAW),
            "the top discard was taken this turn, yet nothing was drawn",
        )
        self._validate_piles()
        reached = tuple(p for p in range(n) if min(self.totals[2 * p : 2 * p + 2]) >= WIN)
        who = " and ".join(f"P{p}" for p in reached) or "nobody"
        recorded = " and ".join(f"P{p}" for p in self.winners) or "none"
        require(
            reached == self.winners,
            f"the columns show {who} at 30 in both colours (MR-11), yet the winner "
            f"recorded is {recorded}",
        )
        require(not (self.drawn and self.stock), "a drawn game has an empty stock (MR-12)")
        require(
            self.is_over or self.phase >= FIRST_PLAY or self.stock,
            "a draw is due from an empty stock: MR-12 rebuilds it at once",
        )
        require(
            self.stolen == -1 or (whole(self.stolen, 0, CODES - 1) and IS_NUMBER[self.stolen]),
            "a joker steals a number card from a Delivery column (MR-10)",
        )

    def _validate_piles(self) -> None:
        """Each pile holds only what its ruling lets on it (MR-7, MR-8, MR-9)."""
        for p in range(self.n):
            for k in COLOURS:
                colour = COLOUR_WORD[k]
                for kind in (LIMIT, GO, COLUMN):
                    for c in self.pile(p, k, kind):
                        fits = (
                            c == JOKER_CODE or (COLOUR[c] == k and not IS_NUMBER[c])
                            if kind == GO
                            else COLOUR[c] == k and IS_NUMBER[c]
                        )
                        if not fits:
                            raise ValueError(
                                f"the {CODE_TEXT[c]} cannot be on P{p}'s {colour} {PILE_NAME[kind]}"
                            )

    # -- data -------------------------------------------------------------------------------

    def components(self) -> Counter:
        codes = Counter(self.stock)
        codes.update(self.discard)
        for hand in self.hands:
            codes.update(hand)
        for pile in self.piles:
            codes.update(pile)
        return Counter({CODED[c]: k for c, k in codes.items()})

    def to_data(self) -> dict[str, Any]:
        return {
            **{name: getattr(self, name) for name in _PLAIN},
            "step": self.phase,
            "hands": [codes_text(h) for h in self.hands],
            "piles": [
                {key: codes_text(self.piles[6 * p + i]) for i, key in enumerate(_PILE_KEYS)}
                for p in range(self.n)
            ],
            "stock": codes_text(self.stock),
            "discard": codes_text(self.discard),
            "winner": self.winners[0] if self.winners else -1,
            "drawn": self.drawn,
            "stolen": CODE_TEXT[self.stolen] if self.stolen >= 0 else "",
        }

    def parse_move(self, text: str) -> Move:
        """A move from its text (see :func:`~gamebox.games.milk_run.moves.parse_move`).

        >>> import gamebox
        >>> gamebox.load("milk-run").start(1).parse_move("JK → go black")
        Play('JK → go P0 black')
        """
        return parse_move(text, self.player, self.n)

    def picks(self, move: Move) -> tuple[str, ...]:
        """On the board, a draw picks its pile; a play picks the card, then the pile.

        >>> import gamebox
        >>> s = gamebox.load("milk-run").start(1)
        >>> s.picks(DRAW_STOCK), s.picks(s.parse_move("7h -> limit P1"))
        (('stock',), ('7♥', 'limit P1 red'))
        """
        if isinstance(move, Draw):
            return (move.source,)
        owner = self.player if move.owner < 0 else move.owner
        return (CODE_TEXT[move.code], pile_token(move.pile, owner, move.colour))

    # -- display -------------------------------------------------------------------------

    def summary(self) -> str:
        cols = ", ".join(
            f"P{p} R{self.total(p, RED)} B{self.total(p, BLACK)}" for p in range(self.n)
        )
        end = ""
        if self.winners:
            end = f" | P{self.winners[0]} wins"
        elif self.drawn:
            end = " | drawn"
        return f"turn {self.turn} | {cols} | stock {len(self.stock)}{end}"


# ------------------------------------------------------------------------ game


class MilkRun(Game):
    """Milk Run for 2 to 6 players (MR-14; the source: 2 or more, best with 2-4)."""

    name = "milk-run"
    title = "Milk Run"
    rule_prefix = "MR"
    min_players = 2
    max_players = MAX_PLAYERS
    options_type = MilkRunOptions
    variants = ({"decks": 1},)  # short of decks (MR-1)

    def resolve_options(self, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """``decks`` defaults to one per player (MR-1)."""
        if options.get("decks") is None:
            return {**options, "decks": players}
        return options

    def deck(self) -> list[int]:
        """Every card code in play, in a fixed order (MR-1)."""
        return list(DECK) * self.options.decks

    def components(self) -> Counter:
        return Counter(CODED[c] for c in self.deck())

    def score_range(self) -> tuple[int, int]:
        return (0, 2 * WIN)

    def start(self, seed: int) -> MilkRunState:
        """Shuffle the decks with ``Rng(seed)`` and deal six cards each, one at a time
        (MR-2); the rest is the stock and player 0 starts."""
        rng = Rng(seed)
        deck = self.deck()
        rng.shuffle(deck)
        s = MilkRunState(self, rng)
        hands: list[list[int]] = [[] for _ in range(self.players)]
        for _ in range(HAND):
            for hand in hands:
                hand.append(deck.pop())
        s.hands = [tuple(h) for h in hands]
        s.stock = tuple(deck)
        return s

    def _setup(
        self,
        *,
        hands: Sequence[str | None] | Mapping[int, str] = (),
        piles: Sequence[Mapping[str, str]] | Mapping[int, Mapping[str, str]] = (),
        discard: str = "",
        stock_top: str = "",
        rest: str = "stock",
        player: int = 0,
        step: str | int = "draw",
        took_discard: bool = False,
        turn: int = 1,
        seed: int = 0,
    ) -> MilkRunState:
        """An explicit position, for worked examples.

        ``hands``: a card string per player (``"7♥ K♠ JK"``; None or missing: six cards
        dealt from the rest); ``piles``: per player, a mapping from pile names
        (``"red limit"``, ``"red go"``, ``"red column"``, ``"black limit"``, ...) to
        cards, bottom first; ``discard``: bottom first; ``stock_top``: the next cards of
        the stock, in the order they will be drawn; ``rest``: where every card not named
        goes, shuffled with ``seed`` ("stock": under ``stock_top``; "discard": under the
        discard pile); ``player``, ``step`` ("draw", "second draw", "play",
        "second play"), ``took_discard`` and ``turn`` say where in the turn we are.

        >>> import gamebox
        >>> s = gamebox.load("milk-run").setup(
        ...     hands=["6♠ 2♣ 3♦ 4♦ 7♥ 8♥"], piles=[{"black go": "K♣", "black limit": "9♠"}],
        ...     stock_top="JK 5♥", step="draw")
        >>> [str(m) for m in s.legal_moves()], s.limit(0, BLACK), s.is_go(0, BLACK)
        (['draw stock'], 9, True)
        >>> gamebox.load("milk-run").setup(hands=["7♥", "8♥", "9♥"])
        Traceback (most recent call last):
        ...
        ValueError: 3 hands for 2 players
        """
        n = self.players
        s = MilkRunState(self, Rng(seed))
        box = Supply(self.deck(), name=CODE_TEXT.__getitem__)
        hand_text = per_seat(hands, n, "hands")
        given_hands = {
            p: box.take(card_list(t, f"P{p}'s hand")) for p, t in hand_text.items() if t is not None
        }
        for p, spec in per_seat(piles, n, "piles").items():
            if not isinstance(spec, Mapping):
                raise TypeError(f"P{p}'s piles are a mapping such as {{'red limit': '9♥'}}")
            for key, text in spec.items():
                name = " ".join(key.lower().split()) if isinstance(key, str) else None
                if name not in _PILE_KEYS:
                    raise ValueError(
                        f"not a pile name: {shorten(repr(key))} (say e.g. 'red limit')"
                    )
                k, kind = divmod(_PILE_KEYS.index(name), 3)
                s.piles[pile_index(p, k, kind)] = box.take(card_list(text, f"P{p}'s {name}"))
        s._sum_columns()
        below = box.take(card_list(discard, "the discard pile"))
        top = box.take(card_list(stock_top, "the top of the stock"))
        others = box.rest()
        Rng(seed).shuffle(others)
        hands_out = []
        for p in range(n):
            if p in given_hands:
                hands_out.append(given_hands[p])
            elif len(others) < HAND:
                raise ValueError(f"only {len(others)} cards are left to deal P{p} a hand")
            else:
                hands_out.append(tuple(others.pop() for _ in range(HAND)))
        s.hands = hands_out
        if rest == "stock":
            s.stock = tuple(others) + top[::-1]
            s.discard = below
        elif rest == "discard":
            s.stock = top[::-1]
            s.discard = tuple(others) + below
        else:
            raise ValueError("rest is 'stock' or 'discard'")
        s.player = player
        if isinstance(step, str) and step in _PHASE_NAMES:
            s.phase = _PHASE_NAMES[step]
        else:
            require(whole(step, 0, 3), f"step is one of {', '.join(_PHASE_NAMES)} (or 0 to 3)")
            s.phase = step
        s.took_discard = took_discard
        s.turn = turn
        for p in range(n):
            s._check_win(p)
        if s.phase < FIRST_PLAY and not s.is_over:
            s._need_a_draw()
        return s

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> MilkRunState:
        d, n = position, self.players
        s = MilkRunState(self, rng)
        hands, piles = d["hands"], d["piles"]
        if not isinstance(hands, list) or not isinstance(piles, list):
            raise TypeError("hands and piles are lists, one item per player")
        if len(hands) != n or len(piles) != n:
            raise ValueError(f"{n} players have {n} hands and {n} sets of piles")
        s.hands = [card_list(h, f"P{p}'s hand") for p, h in enumerate(hands)]
        for p, spec in enumerate(piles):
            if not isinstance(spec, Mapping) or sorted(spec) != sorted(_PILE_KEYS):
                raise ValueError(f"P{p}'s piles are the six: {', '.join(_PILE_KEYS)}")
            for i, key in enumerate(_PILE_KEYS):
                s.piles[6 * p + i] = card_list(spec[key], f"P{p}'s {key}")
        s._sum_columns()
        s.stock = card_list(d["stock"], "the stock")
        s.discard = card_list(d["discard"], "the discard pile")
        for name in _PLAIN:
            setattr(s, name, d[name])
        s.phase = d["step"]
        winner, drawn, stolen = d["winner"], d["drawn"], d["stolen"]
        require(
            whole(winner, -1, n - 1), f"the winner {shorten(repr(winner))} is no seat (or -1: none)"
        )
        require(flags(drawn), "drawn is True or False")
        if winner >= 0 or drawn:
            s._finish(winner)
        require(isinstance(stolen, str), "stolen is a card's text, or empty")
        s.stolen = card_code(stolen) if stolen else -1
        return s
