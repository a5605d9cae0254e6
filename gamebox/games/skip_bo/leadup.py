"""Skip-Bo's lead-up search (SB-9): can a build pile be carried on up to the reserve card?

In the 1980 game a helper card goes on a build pile only inside a run that ends on the
player's reserve card, so the rules ask, for each helper card that could start a run and
for each card of a run under way, whether the hand and the helper stacks can still carry
the pile up to it. :func:`reaches` answers; the position's ``can_reach``
(:mod:`gamebox.games.skip_bo.position`), the rules and the bots ask it, and the legal
moves of :mod:`gamebox.games.skip_bo.rules` run :func:`search` for a run's first card.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamebox.games.skip_bo.moves import NEXT, RUN_BITS, STACKS, WILD


def top_bits(stacks: Sequence[tuple[int, ...]], depths: Sequence[int], last: int) -> int:
    """The tops of ``stacks`` (each ``depths[s]`` cards deep) that may be played next,
    all but stack ``last``'s, as a bit mask: bit ``v`` for a ``v``, bit 0 for a
    Skip-Bo card.

    >>> bin(top_bits([(4,), (9, 5), (), (0,)], [1, 2, 0, 1], 0))  # 5 and SB
    '0b100001'
    """
    mask = 0
    for s in range(STACKS):
        if depths[s] and s != last:
            mask |= 1 << stacks[s][depths[s] - 1]
    return mask


def reaches(
    hand: int,
    wilds: int,
    stacks: Sequence[tuple[int, ...]],
    depths: list[int],
    need: int,
    reserve: int,
    last: int,
    alternating: bool,
    tops: int,
    dead: set[tuple[int, ...]],
) -> bool:
    """Can a build pile that needs ``need`` be carried on up to the numbered ``reserve``
    card (SB-9)? With the numbered hand cards ``hand`` (a :func:`bits` mask), ``wilds``
    Skip-Bo cards in hand, and the helper ``stacks`` (each ``depths[s]`` cards deep,
    played from the top), where under option #1 (``alternating``) ``last`` is the stack
    played from last and the next helper card must come from another (-1: any may);
    ``tops`` is :func:`top_bits` of the stacks.

    A depth-first search over the values still needed. Where no helper card fits, the
    hand must: no choice (with no Skip-Bo card on the stacks, the hand carries the pile
    up to the first value a helper card shows in one step, its cards and Skip-Bo cards
    counted as bits). A helper card showing the very value needed beats a hand card
    (the hand card could serve nowhere else, and the helper stack would stay blocked
    under it), so the search tries those, and the Skip-Bo cards showing on the stacks;
    it tries the hand last, and only where no numbered helper card fits. ``dead`` collects the
    positions found to lead nowhere (the value needed, the wilds left, ``last`` and the
    depths), so that the searches of one position of the game share them. ``depths`` is
    used as scratch and left as it was.

    >>> from gamebox.games.skip_bo.moves import bits
    >>> def can(hand, stacks, last=-1, alternating=True, need=3, reserve=7):
    ...     depths = [len(st) for st in stacks]
    ...     tops = top_bits(stacks, depths, last)
    ...     return reaches(bits(hand), hand.count(0), stacks, depths, need, reserve, last,
    ...                    alternating, tops, set())
    >>> can([3, 6], [(4,), (5,), (), ()]), can([3], [(4,), (5,), (), ()])  # no 6 for 3 4 5 6
    (True, False)
    >>> can([3, 6], [(5, 4), (), (), ()]), can([3, 6], [(5, 4), (), (), ()], alternating=False)
    (False, True)
    >>> can([6], [(5, 0), (4,), (), ()])  # stack 1's SB as 3, 4, stack 1's 5, the hand's 6
    True
    >>> can([], [(6, 4, 0), (3,), (5,), ()], alternating=False)  # the SB as 3 frees the 4
    True
    """
    if need == reserve or (RUN_BITS[need][reserve] & ~hand).bit_count() <= wilds:
        return True  # the pile takes the reserve card now, or the hand alone carries it
    if not tops & 1:  # the hand must play on up to the first value a helper card shows
        ends = tops | 1 << reserve
        first = ends >> need << need or ends  # the values from ``need`` up, else from 1
        first = (first & -first).bit_length() - 1
        wilds -= (RUN_BITS[need][first] & ~hand).bit_count()
        if wilds < 0:  # (so too where the hand would reach the reserve card: see above)
            return False
        need = first
    d0, d1, d2, d3 = depths
    s0, s1, s2, s3 = stacks
    showing = [s0[d0 - 1] if d0 else -1, s1[d1 - 1] if d1 else -1]
    showing += (s2[d2 - 1] if d2 else -1, s3[d3 - 1] if d3 else -1)
    if last >= 0:
        showing[last] = -1
    return search(
        hand, wilds, stacks, list(depths), showing, need, reserve, last, alternating, dead
    )


def search(
    hand: int,
    wilds: int,
    stacks: Sequence[tuple[int, ...]],
    depths: list[int],
    tops: list[int],
    need: int,
    reserve: int,
    last: int,
    alternating: bool,
    dead: set[tuple[int, ...]],
) -> bool:
    """:func:`reaches` past the check of the hand alone, on its own copies of ``depths``
    and of ``tops``, the card each stack shows at its depth (-1 where it is empty, or is
    ``last`` under option #1): forced plays are made in place, and each way out of a
    choice is searched from copies."""
    while WILD not in tops:
        while need not in tops:  # the hand must
            if not hand >> need & 1:
                if not wilds:
                    return False
                wilds -= 1
            need = NEXT[need]
            if need == reserve:
                return True
        if tops.count(need) != 1:
            break
        s = tops.index(need)  # the one helper card showing the value: play it
        d = depths[s] = depths[s] - 1
        if alternating:
            if last >= 0:
                tops[last] = stacks[last][depths[last] - 1] if depths[last] else -1
            last = s
            tops[s] = -1
        else:
            tops[s] = stacks[s][d - 1] if d else -1
        need = NEXT[need]
        if need == reserve:
            return True
    d0, d1, d2, d3 = depths
    key = (need, wilds, last, d0, d1, d2, d3)
    if key in dead:
        return False
    nxt = NEXT[need]
    for s, top in enumerate(tops):
        if top == need or top == WILD:  # noqa: SIM109 (a tuple built per stack costs more)
            if nxt == reserve:
                return True
            child = depths[:]
            d = child[s] = child[s] - 1
            showing = tops[:]
            if alternating:  # the stack played from last shows again, this one not
                if last >= 0:
                    showing[last] = stacks[last][child[last] - 1] if child[last] else -1
                showing[s] = -1
                after = s
            else:
                showing[s] = stacks[s][d - 1] if d else -1
                after = -1
            if search(hand, wilds, stacks, child, showing, nxt, reserve, after, alternating, dead):
                return True
    # the hand's own card, else one of its Skip-Bo cards: tried last, on this call's lists
    if need not in tops:
        if hand >> need & 1:
            if nxt == reserve or search(
                hand, wilds, stacks, depths, tops, nxt, reserve, last, alternating, dead
            ):
                return True
        elif wilds and (
            nxt == reserve
            or search(hand, wilds - 1, stacks, depths, tops, nxt, reserve, last, alternating, dead)
        ):
            return True
    dead.add(key)
    return False
