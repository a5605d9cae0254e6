"""Bots for Dual Mexican Train.

The heuristic player sheds the heaviest tiles first (what is left in hand counts
against her, MT-16), lays doublets early while she holds a tile to follow them up
(MT-11), lifts the marker off her own train when she can (MT-10), and goes out
whenever she can. Satisfying an open doublet needs no code: it is then the only kind of
legal play (MT-8). She says why (:meth:`HeuristicBot.advise`).

The strong player (:class:`StrongBot`) plays determinized Monte Carlo over the rest of
the hand. It never looks at the tiles it cannot see: it takes the tiles out of its
sight (the other hands and the boneyard) as one sorted pile, which is all a player can
work out from her own hand and the table, and deals that pile at random (from its own
generator) into hands of the right sizes and a boneyard. In each such deal it plays every
candidate move and then the rest of the hand with heuristic players at every seat, and
scores the hand's end for itself: its own spots left minus the mean of the others'
(MT-16). The same deals serve every candidate, so each is compared with the heuristic's
choice deal by deal, on equal luck; it plays another move only when that one saved
spots by more than one standard error of those paired differences, and otherwise the
heuristic's (which is also its reason then). It weighs at most 20 candidates: where
more tiles fit more open ends, the ones the heuristic player likes best (and always the
heuristic's choice). It spends about 160 playouts a move (at least 8 deals).

Measured: in 50 two-player single hands against the heuristic player (seeds 1000 to
1049, seats alternating) it won 35 hands and ended them 21.7 spots better on average
(standard error 6.1), thinking 32 ms of CPU time a move on average and 133 ms at most.
Without the one-standard-error rule and with 64 playouts it won 36 of 60 hands, 14.0
spots better (standard error 6.0).
In seeded two-player series of ten hands (``benchmarks/matches.py``'s games, seeds 0 to
99) it won 98 of 100 against the first-move player and 78 of 100 against the heuristic
player, thinking 18 to 19 ms of CPU time a move on average and 0.42 s at most; the
heuristic won 91 of 100 against the first-move player. Before the limit of 20
candidates the results were the same, but a move with 88 legal plays took 1.4 s.

>>> import gamebox
>>> from gamebox.bots import play
>>> game = gamebox.load("mexican-train", players=6, hands=1)
>>> final = play(game, 4, [HeuristicBot(i) for i in range(6)])
>>> final.is_over
True
"""

from __future__ import annotations

from gamebox.bots import Advice, Bot
from gamebox.core import Move, State
from gamebox.games.mexican_train.moves import (
    PLAYING,
    Challenge,
    Draw,
    Knock,
    Mark,
    NextHand,
    Pick,
    Play,
    is_double,
    tile_row,
    tile_text,
    tile_value,
)
from gamebox.rng import Rng

#: Playouts a move (split over the candidates) and the fewest random deals.
PLAYOUTS = 160
MIN_DEALS = 8
#: The most candidates weighed (so at most :data:`PLAYOUTS` playouts): where more tiles
#: fit more open ends, the ones the heuristic player likes best.
CANDIDATES = PLAYOUTS // MIN_DEALS
#: How many standard errors a move must beat the heuristic's move by, deal by deal.
SURE = 1.0

#: Why a forced word is played: the sentence and its ruling.
WORD_REASONS: dict[type, tuple[str, str]] = {
    Pick: ("No tile of yours fits an open end: pick one from the boneyard.", "MT-8"),
    Mark: (
        "Nothing fits even after picking: put a marker on your train, which opens it to all.",
        "MT-9",
    ),
    Knock: ("Down to one tile: knock, so nobody can challenge you for it.", "MT-14"),
    Challenge: (
        "The player before you kept quiet with one tile: challenge her to pick a penalty tile.",
        "MT-14",
    ),
    Draw: ("Nobody holds a missing engine: everybody draws one tile until one turns up.", "MT-17"),
    NextHand: ("The hand is scored: deal the next one.", "MT-16"),
}


def _followers(hand: tuple[int, ...], tile: int) -> int:
    """The other tiles in ``hand`` that could follow up the doublet ``tile``."""
    v = tile // 10
    return sum(1 for t in hand if t != tile and (t // 10 == v or t % 10 == v))


def _play_reason(state: State, move: Play, *, only: bool = False) -> Advice:
    """Why the tile laid by ``move`` is a good play, in one sentence with its ruling."""
    p = state.current_player
    hand = state.hands[p]
    tile = tile_text(move.tile)
    where = move.target_text()
    if move.kind == "C":
        return Advice(
            move, f"Place {tile} in the centre: it is this hand's engine and you hold it.", "MT-5"
        )
    if len(hand) == 1:
        return Advice(move, f"Lay {tile}, your last tile: going out ends the hand.", "MT-15")
    if state.pending is not None:
        return Advice(
            move, f"The doublet on the table is open: answer it with {tile} on {where}.", "MT-11"
        )
    if move.kind == "B" and move.owner == p:
        return Advice(
            move, f"Fill your bay with {tile}: your train must start before anything else.", "MT-7"
        )
    if only:
        return Advice(move, f"Your only play: {tile} on {where}.", "MT-8")
    if is_double(move.tile) and _followers(hand, move.tile):
        return Advice(
            move, f"Lay the doublet {tile} now, while you hold a tile to follow it up.", "MT-11"
        )
    if move.owner == p and move.idx < 0 and move.kind == "T" and state.lines[("T", p)][2]:
        return Advice(move, f"Play {tile} on your own train: it lifts your marker.", "MT-10")
    if move.kind == "S" and not state.lines[("S", move.owner)][0]:
        return Advice(
            move,
            f"Start a side train with {tile}: another open end for your tiles.",
            "MT-13",
        )
    return Advice(
        move,
        f"Shed {tile} ({tile_value(move.tile)} spots) on {where}: the tiles you hold when "
        "the hand ends count against you.",
        "MT-16",
    )


def _worth(state: State, plays: list[Play]) -> list[int]:
    """How much the heuristic player likes each of ``plays`` (the legal plays of the
    player to move): the spots it sheds, more for a doublet she can follow up and less
    for one she cannot, more for a tile on her own train (most if it lifts her marker)."""
    p = state.current_player
    hand = state.hands[p]
    marked_own = state.lines[("T", p)][2] if state.lines else False
    worth = []
    for move in plays:
        tile, kind = move.tile, move.kind
        hi, lo = divmod(tile, 10)
        score = tile_value(tile)
        if hi == lo and kind != "C":
            # a doublet must be followed up: only lay it with a follow-up in hand
            score += 12 if _followers(hand, tile) else -20
        if move.owner == p and move.idx < 0 and kind in "TB":
            score += 6 if marked_own else 2
        worth.append(score)
    return worth


class HeuristicBot(Bot):
    """Plays the move that best lowers what she would score if the hand ended now."""

    name = "heuristic"

    def choose(self, state: State) -> Move:
        legal = state.legal_moves()
        if len(legal) == 1 or not isinstance(legal[0], Play):
            return legal[0]
        if len(state.hands[state.current_player]) == 1:
            return legal[0]
        worth = _worth(state, legal)
        return legal[worth.index(max(worth))]  # the first of the best

    def advise(self, state: State) -> Advice:
        move = self.choose(state)
        if not isinstance(move, Play):
            text, rule = WORD_REASONS[type(move)]
            return Advice(move, text, rule)
        return _play_reason(state, move, only=len(state.legal_moves()) == 1)


class StrongBot(Bot):
    """Determinized Monte Carlo over the rest of the hand (see the module's docstring)."""

    name = "strong"

    def advise(self, state: State) -> Advice:
        legal = state.legal_moves()
        plain = HeuristicBot().advise(state)
        if len(legal) == 1 or state.phase != PLAYING:
            return plain
        me = state.current_player
        if len(legal) > CANDIDATES and isinstance(legal[0], Play):
            worth = _worth(state, legal)
            top = set(sorted(range(len(legal)), key=worth.__getitem__, reverse=True)[:CANDIDATES])
            legal = [m for i, m in enumerate(legal) if i in top or m == plain.move]
        deals = max(MIN_DEALS, PLAYOUTS // len(legal))
        results = [[0.0] * deals for _ in legal]
        for d in range(deals):
            guess = self._deal(state)
            for i, move in enumerate(legal):
                results[i][d] = _playout(guess.apply(move), me)
        # each candidate against the heuristic's move, deal by deal: the spots it saves
        base = results[legal.index(plain.move)]
        gains = [[b - r for r, b in zip(row, base, strict=True)] for row in results]
        means = [sum(g) / deals for g in gains]
        best = max(range(len(legal)), key=means.__getitem__)
        spread = (sum((x - means[best]) ** 2 for x in gains[best]) / (deals - 1)) ** 0.5
        if means[best] <= SURE * spread / deals**0.5:
            return plain  # not clearly better than the heuristic's move: keep that
        move = legal[best]
        why = _play_reason(state, move) if isinstance(move, Play) else plain
        return Advice(
            move,
            f"{why.reason[:-1]}; in {deals} random deals of the tiles you cannot see it ended "
            f"the hand {means[best]:.1f} spots better for you than {plain.move}.",
            why.rule,
        )

    def _deal(self, state: State) -> State:
        """A copy of ``state`` with the tiles the player to move cannot see dealt anew
        at random: the same hand sizes and boneyard size, her own hand unchanged."""
        me = state.current_player
        unseen = sorted(
            [t for q, h in enumerate(state.hands) if q != me for t in h] + list(state.boneyard)
        )
        self.rng.shuffle(unseen)
        data = state.to_data()
        hands = []
        for q, h in enumerate(state.hands):
            if q == me:
                hands.append(h)
            else:
                hands.append(unseen[: len(h)])
                unseen = unseen[len(h) :]
        data["hands"] = [tile_row(h) for h in hands]
        data["boneyard"] = tile_row(unseen)
        return state.game.state_from_data(data, Rng(0))


_PLAYER = HeuristicBot()


def _playout(state: State, me: int) -> float:
    """Play the hand out with heuristic players; ``me``'s spots minus the others' mean."""
    while state.phase == PLAYING:
        state = state.apply(_PLAYER.choose(state))
    scores = state.hand_scores
    others = [s for q, s in enumerate(scores) if q != me]
    return scores[me] - sum(others) / len(others)
