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
are in :mod:`gamebox.games.milk_run.moves`; the position (its fields and views, the
deal and the set-up, loading and checking) in :mod:`gamebox.games.milk_run.position`.
This module holds the options, the state's legal moves and refusals, playing a move,
and the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamebox.components import CODE_RANK, CODE_TEXT, CODED, JOKER_CODE
from gamebox.core import Game, IllegalMove, Move, Options, option, refuses
from gamebox.games.milk_run.moves import (
    _COLUMN,
    _CONTEXT,
    _DISCARD,
    _GO,
    _LIMIT,
    _PLAYS,
    BLACK,
    COLOUR,
    COLOUR_WORD,
    COLOURS,
    COLUMN,
    DECK,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    FIRST_DRAW,
    FIRST_PLAY,
    GO,
    IS_FACE,
    IS_NUMBER,
    LIMIT,
    MAX_PLAYERS,
    MILK,
    PILE_NAME,
    RED,
    WIN,
    Draw,
    Play,
)
from gamebox.games.milk_run.moves import in_words as in_words  # the chapter reads it here
from gamebox.games.milk_run.position import Position
from gamebox.rng import Rng

# ------------------------------------------------------------------------------ options


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


class MilkRunState(Position):
    """A position of Milk Run (see :class:`Position`) with its rules: what is legal,
    why a move is refused, and what a move does."""

    # ---------------------------------------------------------------------- legal moves

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

    # ------------------------------------------------------------------------- refusals

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
            return None  # never empty when a draw is due (MR-12); malformed() saw the rest
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

    # ------------------------------------------------------------------- playing a move

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


# ----------------------------------------------------------------------------- the game


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
        return MilkRunState.deal(self, seed)

    def _setup(self, **position: Any) -> MilkRunState:
        """An explicit position (the keywords of :meth:`Position.set_up`), read by the
        rules: a player at 30 in both colours has won (MR-11), and a draw due from an
        empty stock rebuilds it (MR-12)."""
        s = MilkRunState.set_up(self, **position)
        for p in range(self.players):
            s._check_win(p)
        if s.phase < FIRST_PLAY and s.outcome is None:
            s._need_a_draw()
        return s

    def state_from_data(self, position: Mapping[str, Any], rng: Rng) -> MilkRunState:
        return MilkRunState.from_data(self, position, rng)
