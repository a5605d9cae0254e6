"""Skip-Bo's worked examples: the source's two examples (leading up to a 10, as two boards
for its two branches, steps (a) to (d) and (e) to (g); and blocking), a dealt game, and
three "your move" positions the project adds.

The narration is the project's own; where the source leaves a position open (the hand,
the other build piles, the cards under the reserve's top) the board picks one and says so.
"""

from __future__ import annotations

from gamebox.scenario import Scenario, Step

SOURCE = "Continental Ranch, 'SKIP-BO, 1980 Version' (page rev. 16 Feb 2003)"

DEAL = Scenario(
    id="sb-deal",
    game="skip-bo",
    title="A dealt game: the first three turns",
    source="The project's own (seed 9, heuristic bots)",
    intro=(
        "Seed 9 deals each of two players a reserve of 20 cards, the top one face up. P0 has "
        "filled her hand to five; the four build-pile slots are empty, so each needs a 1."
    ),
    seed=9,
    steps=(
        Step("1 → pile 1", "P0 starts build pile 1 with a 1 from her hand.", ("SB-6",)),
        Step(
            "2 → pile 1",
            "She plays a 2 from her hand onto pile 1, which now needs a 3.",
            ("SB-6", "SB-7"),
        ),
        Step(
            "reserve 3 → pile 1",
            "Her reserve shows a 3: it goes onto pile 1 at once, and the next reserve card "
            "turns up.",
            ("SB-7",),
        ),
        Step("1 → pile 2", "A second 1 from her hand starts pile 2.", ("SB-6",)),
        Step(
            "discard 12 → stack 1",
            "Nothing else fits, so she ends her turn by discarding her 12 onto helper stack 1.",
            ("SB-12", "SB-8"),
        ),
        Step(
            "2 → pile 2",
            "P1 filled his hand to five before playing, and lays a 2 from it on pile 2.",
            ("SB-5",),
        ),
        Step(
            "discard 10 → stack 1",
            "His reserve card fits nowhere, so he discards a 10 onto his helper stack 1.",
            ("SB-12",),
        ),
        Step(
            "4 → pile 1",
            "P0 drew back up to five and plays a 4 from her hand on pile 1.",
            ("SB-5",),
        ),
        Step("discard 8 → stack 2", "She discards an 8 onto her helper stack 2.", ("SB-12",)),
    ),
)

#: The source's example in two boards: its branches (c) and (e) deal a different card under
#: the reserve 10, so both start from the same position with only that hidden card changed.
#: The hand, the other build piles and the cards deeper in the reserve are the book's.
_LEAD_UP_HAND = "1 2 6 7"
_LEAD_UP_PILES = (8, 4, 3)  # build piles 2 to 4 need a 9, a 5 and a 4: the 8 fits none


def _building_to_10(under_the_10: str) -> dict[str, object]:
    """The start of the source's example, with ``under_the_10`` the reserve card that the
    10 uncovers: P0's reserve shows the 10, build pile 1 shows a 2, the run 4 to 9 lies
    over helper stacks 1 to 3."""
    return {
        "hands": [f"3 {_LEAD_UP_HAND}"],
        "reserves": [f"12 5 11 12 9 {under_the_10} 10"],
        "stacks": [["11 7 4", "12 8 5", "9 6", "12 10"]],
        "piles": ["1 2", *_LEAD_UP_PILES],
    }


BUILDING_TO_10 = Scenario(
    id="sb-building-to-10",
    game="skip-bo",
    title="Leading up to the 10 on the reserve pile, and an 8 turns up",
    source=f"{SOURCE}, 'Example of leading up to the 10 on the Reserve Pile', steps (a) to (d)",
    intro=(
        "P0's reserve shows a 10 and build pile 1 shows a 2. The source shows only the helper "
        "stacks and the pile; the book picks the rest: a hand of 1 2 3 6 7, the other three "
        "build piles in use (needing 9, 5 and 4), and an 8 as the next reserve card under "
        "the 10."
    ),
    setup=_building_to_10("8"),
    steps=(
        Step(
            None,
            "The run 4 to 9 lies spread over stacks 1, 2 and 3, taking turns, so that "
            "option #1 (never two plays in a row from one stack) can be kept.",
            ("SB-8", "SB-10"),
            label="(a)",
        ),
        Step(
            "3 → pile 1",
            "'Building to 10' on pile 1 starts with the 3 from the hand: a hand card may go "
            "on at any time. The 4 on stack 1 could not go first, as the pile needs a 3.",
            ("SB-7", "SB-9"),
            label="(b)",
            ask=("stack 1: 4 → pile 1", "3 → pile 1"),
            prompt="Your move: how does the run from pile 1's 2 up to the 10 begin?",
        ),
        Step(
            "stack 1: 4 → pile 1",
            "Now the 4 from stack 1 onto pile 1. A helper card may go on only because the "
            "stacks can carry pile 1 on up to the reserve 10: the run is under way, and until "
            "the 10 is down every card goes on pile 1 and the turn cannot end (the book's "
            "reading).",
            ("SB-9",),
            label="(b) 4",
        ),
        Step(
            "stack 2: 5 → pile 1",
            "The 5 from stack 2 onto pile 1.",
            ("SB-9", "SB-10"),
            label="(b) 5",
        ),
        Step(
            "stack 3: 6 → pile 1",
            "The 6 from stack 3 onto pile 1, not the hand's 6: that one would leave the 9 "
            "buried under stack 3's 6, and the run could not reach the 10. No discard in the "
            "middle either.",
            ("SB-9", "SB-12"),
            label="(b) 6",
            ask=("6 → pile 1", "discard 7 → stack 4", "stack 3: 6 → pile 1"),
        ),
        Step(
            "stack 1: 7 → pile 1",
            "The 7 from stack 1 again, onto pile 1.",
            ("SB-9", "SB-10"),
            label="(b) 7",
        ),
        Step("stack 2: 8 → pile 1", "The 8 from stack 2 onto pile 1.", ("SB-9",), label="(b) 8"),
        Step(
            "stack 3: 9 → pile 1",
            "The 9 from stack 3 onto pile 1; stack 3 is now used up.",
            ("SB-9", "SB-8"),
            label="(b) 9",
        ),
        Step(
            "reserve 10 → pile 1",
            "The reserve 10 goes onto pile 1 and ends the run; the next reserve card, an 8, "
            "turns up.",
            ("SB-9", "SB-7"),
            label="(c)",
        ),
        Step(
            "discard 2 → stack 3",
            "The 8 fits no pile, and no run reaches it: the 11 and 12 on the stacks may not go "
            "on pile 1, since nothing would lead on from them through 1 to 7 to the 8 (the "
            "source's 'long reach'). So the turn ends with a discard: the hand's 2 onto the "
            "empty stack 3.",
            ("SB-9", "SB-12"),
            label="(d)",
            ask=("reserve 8 → pile 3", "stack 1: 11 → pile 1", "discard 2 → stack 3"),
            prompt="Your move: the new 8 fits no pile. What now?",
        ),
    ),
)

BUILDING_TO_1 = Scenario(
    id="sb-building-to-1",
    game="skip-bo",
    title="The same run, but a 1 turns up",
    source=f"{SOURCE}, 'Example of leading up to the 10 on the Reserve Pile', steps (e) to (g)",
    intro=(
        "The board above just before its step (c): the run has brought pile 1 to 9, and the "
        "reserve 10 is about to go on. This time the card under the 10 is a 1 (the source's "
        "exception (e)). Piles 2 to 4 need 9, 5 and 4; stacks 1, 2 and 4 show 11, 12 and 10, "
        "and stack 3 is used up."
    ),
    setup={
        "hands": [_LEAD_UP_HAND],
        "reserves": ["12 5 11 12 9 1 10"],
        "stacks": [["11", "12", "", "12 10"]],
        "piles": [9, *_LEAD_UP_PILES],
        "last_stack": 3,
    },
    steps=(
        Step(
            "reserve 10 → pile 1",
            "The reserve 10 goes onto pile 1 and ends the run, as before; now a 1 turns up "
            "(a Skip-Bo card would do the same).",
            ("SB-9", "SB-7", "SB-14"),
            label="(e)",
        ),
        Step(
            None,
            "'Building to 1': all four build piles are in use, so the 1 has no slot, and a "
            "fifth pile may not be started. Stacks 1, 2 and 4 show 11, 12 and 10.",
            ("SB-6", "SB-9"),
            label="(f)",
            ask=("reserve 1 → pile 5", "stack 4: 10 → pile 1", "stack 1: 11 → pile 1"),
        ),
        Step(
            "stack 1: 11 → pile 1",
            "The 11 from stack 1 starts a run on pile 1, which needs an 11 ...",
            ("SB-9",),
            label="(g)",
        ),
        Step(
            "stack 2: 12 → pile 1",
            "... and the 12 from stack 2 onto pile 1 completes it: the pile is set aside and "
            "its slot is free for a 1.",
            ("SB-9", "SB-6"),
            label="(g) 12",
        ),
        Step(
            "reserve 1 → pile 1",
            "The reserve 1 starts pile 1 again and ends the run. The next reserve card, a 9, "
            "turns up.",
            ("SB-9", "SB-6"),
            label="(g) 1",
        ),
        Step(
            "reserve 9 → pile 2",
            "Continue if possible: the reserve 9 goes onto pile 2, and a 12 turns up.",
            ("SB-7",),
            label="(g) on",
        ),
        Step(
            "discard 1 → stack 3",
            "The 12 fits nowhere and no run reaches it, so the turn ends: the hand's 1 is "
            "discarded onto the empty stack 3.",
            ("SB-12",),
            label="(g) end",
        ),
    ),
)

BLOCKING = Scenario(
    id="sb-blocking",
    game="skip-bo",
    title="Blocking Mary's move",
    source=f"{SOURCE}, 'Blocking' (option #2)",
    intro=(
        "Mary (P1) is down to three reserve cards and shows an 8, which would go on build "
        "pile 1. Your hand (P0) holds no 8 and no Skip-Bo card, but stack 2 shows an 8."
    ),
    setup={
        "hands": ["2 4 6 10 12"],
        "reserves": ["9 9 6", "5 2 8"],
        "stacks": [["3 9", "4 8", "12", ""]],
        "piles": [7, 3, "", 10],
        "deck_top": "3 5 7 11 12",
    },
    steps=(
        Step(
            "block P1: stack 2: 8 → pile 1",
            "Say 'Blocking Mary's move' and play the 8 from stack 2 onto pile 1, without "
            "leading up.",
            ("SB-11",),
            ask=(
                "stack 2: 8 → pile 1",
                "block P1: stack 1: 9 → pile 1",
                "block P1: stack 2: 8 → pile 1",
            ),
        ),
        Step(
            "discard 12 → stack 3",
            "The block was your turn: no more plays, only the discard of your 12 onto stack 3.",
            ("SB-11", "SB-12"),
            ask=("4 → pile 2", "discard 12 → stack 3"),
        ),
        Step(
            None,
            "Mary fills her hand, but pile 1 now needs a 9: her 8 has nowhere to go.",
            ("SB-6", "SB-11"),
            ask=("reserve 8 → pile 1",),
            prompt="Mary's move: can her reserve 8 go on pile 1 now?",
        ),
    ),
)

LEAD_UP_ONLY = Scenario(
    id="sb-helper-lead-up",
    game="skip-bo",
    title="Your move: a helper card on its own",
    source="The project's own (the rule of 'Stacks (Leading From)')",
    intro=(
        "Your reserve shows an 8. Pile 1 needs a 5 and your stack 1 shows one; pile 2 needs "
        "a 9 and your stack 3 shows one; stack 2 shows a 6, and your hand holds a 7. May a "
        "helper card simply go on a pile?"
    ),
    setup={
        "hands": ["2 3 7 11 12"],
        "reserves": ["10 10 9 8"],
        "stacks": [["5", "6", "9", ""]],
        "piles": [4, 8],
    },
    steps=(
        Step(
            "stack 1: 5 → pile 1",
            "Not on its own: a helper card must be part of a run that ends on your reserve "
            "card. Nothing leads on from the 9 to the 8, but the 5 can: it goes from stack 1 "
            "onto pile 1, and the 6 on stack 2 and the 7 in hand can follow it up to the 8. "
            "The run is under way.",
            ("SB-9",),
            ask=("stack 3: 9 → pile 2", "stack 1: 5 → pile 1"),
        ),
        Step(
            "stack 2: 6 → pile 1",
            "The 6 from stack 2 goes onto pile 1: until the reserve card is down, every card "
            "goes on pile 1 and the turn cannot end with a discard (the book's reading).",
            ("SB-9", "SB-12"),
            ask=("discard 12 → stack 4", "stack 2: 6 → pile 1"),
        ),
        Step("7 → pile 1", "The 7 from the hand onto pile 1 ...", ("SB-9",)),
        Step(
            "reserve 8 → pile 1",
            "... and the reserve 8 onto pile 1 ends the run.",
            ("SB-9", "SB-7"),
        ),
    ),
)

ALTERNATING = Scenario(
    id="sb-alternating",
    game="skip-bo",
    title="Your move: two helper plays in a row from one stack",
    source="The project's own (option #1, 'Alternating')",
    intro=(
        "Your reserve shows an 8 and pile 1 needs a 5. Stack 1 holds 7 under 5, stack 2 "
        "shows a 6, and your hand holds a 6 too."
    ),
    setup={
        "hands": ["6 1 2 11 12"],
        "reserves": ["10 10 9 8"],
        "stacks": [["7 5", "6", "", ""]],
        "piles": [4, 9, 11, 3],
    },
    steps=(
        Step(
            "stack 1: 5 → pile 1",
            "The 5 from stack 1 onto pile 1 starts the run to the 8.",
            ("SB-9",),
        ),
        Step(
            "stack 2: 6 → pile 1",
            "Under option #1 the next helper card after stack 1 must come from another "
            "stack, and a hand card in between does not count (inferred): after the hand's 6, "
            "the 7 on stack 1 could not follow, so the 6 from stack 2 goes onto pile 1.",
            ("SB-10", "SB-9"),
            ask=("6 → pile 1", "stack 2: 6 → pile 1"),
        ),
        Step("stack 1: 7 → pile 1", "Now stack 1 again: its 7 onto pile 1.", ("SB-10",)),
        Step("reserve 8 → pile 1", "The reserve 8 goes onto pile 1 and ends the run.", ("SB-9",)),
    ),
)

FIFTH_PILE = Scenario(
    id="sb-fifth-pile",
    game="skip-bo",
    title="Your move: a fifth build pile",
    source="The project's own (play rule 4: 'Build four piles')",
    intro="All four build-pile slots are in use. You hold a 1 and a 4.",
    setup={
        "hands": ["1 4 5 8 8"],
        "reserves": ["10 10 12"],
        "stacks": [["", "", "", ""]],
        "piles": [3, 6, 9, 10],
    },
    steps=(
        Step(
            "4 → pile 1",
            "There are never more than four build piles: the 1 waits until one is completed "
            "and set aside. The 4 from the hand goes onto pile 1 instead.",
            ("SB-6",),
            ask=("1 → pile 5", "4 → pile 1"),
        ),
    ),
)

EXAMPLES: list[Scenario] = [
    DEAL,
    BUILDING_TO_10,
    BUILDING_TO_1,
    BLOCKING,
    LEAD_UP_ONLY,
    ALTERNATING,
    FIFTH_PILE,
]

GUIDE = Scenario(
    id="sb-guide",
    game="skip-bo",
    title="Your first game of Skip-Bo",
    source="The project's own guided first game: a fixed deal, you play P0 against P1",
    seat=0,
    setup={
        "hands": ["1 2 5 9 SB"],
        "reserves": [
            "5 8 2 12 4 9 1 6 3 7 11 2 10 4 8 5 11 10 7 3",
            "2 6 10 3 7 11 4 8 12 1 5 9 2 6 10 3 7 12 4 9",
        ],
        "deck_top": "4 10 11 12 6 6 8 12",
    },
    intro=(
        "You are P0. Your goal: play all 20 cards of your reserve pile, whose top card, a "
        "3, is face up. They go onto four shared build piles, each climbing from 1 to 12. "
        "Your hand is full (five cards) and every build pile is still empty."
    ),
    steps=(
        Step(
            "1 → pile 1",
            "An empty build pile starts with a 1: play your 1 on pile 1.",
            ("SB-6",),
            nudge="An empty build pile needs a 1, and you hold one.",
        ),
        Step(
            "2 → pile 1",
            "Hand cards may go on any time: the pile needs a 2, so play your 2.",
            ("SB-7",),
            nudge="Pile 1 needs a 2 now.",
        ),
        Step(
            "reserve 3 → pile 1",
            "Now pile 1 needs a 3, your reserve card: play it, and the next one turns up.",
            ("SB-7",),
            nudge="The face-up card of your reserve is what pile 1 needs.",
        ),
        Step(
            "discard 9 → stack 1",
            "Your reserve now shows a 7, out of reach. End the turn by discarding one hand "
            "card onto one of your four helper stacks: the 9 onto stack 1. Keep the Skip-Bo "
            "card, which counts as any number.",
            ("SB-12", "SB-8"),
            nudge="To end your turn, discard the 9 onto helper stack 1.",
        ),
        Step(
            "4 → pile 1",
            "P1 fills its hand to five from the deck and plays a 4 on pile 1, which now needs a 5.",
            ("SB-5", "SB-7"),
        ),
        Step("discard 12 → stack 1", "P1 ends its turn with a discard.", ("SB-12",)),
        Step(
            "5 → pile 1",
            "Your turn: you filled your hand to five with a 6, an 8 and a 12. Climb towards "
            "your reserve 7: the 5 first.",
            ("SB-5", "SB-7"),
            nudge="Pile 1 needs a 5, and you hold one.",
        ),
        Step("6 → pile 1", "Then your 6.", ("SB-6",), nudge="Pile 1 needs a 6."),
        Step(
            "reserve 7 → pile 1",
            "And your reserve 7: another reserve card gone. Under it was a 10.",
            ("SB-7",),
            nudge="Pile 1 needs a 7: the top card of your reserve.",
        ),
        Step(
            "8 → pile 1",
            "Lead up to the 10: play your 8 from the hand.",
            ("SB-7",),
            nudge="Pile 1 needs an 8, and you hold one.",
        ),
        Step(
            "stack 1: 9 → pile 1",
            "The 9 you discarded waits on helper stack 1. A helper card may go on only in a "
            "run that ends on your reserve card, and this one does: the pile will need your "
            "10.",
            ("SB-9", "SB-8"),
            nudge="The 9 you need is on top of your helper stack 1.",
        ),
        Step(
            "reserve 10 → pile 1",
            "Finish the run with your reserve 10. The next reserve card is an 11, which fits too.",
            ("SB-9", "SB-7"),
            nudge="Your run ends on your reserve card: the 10.",
        ),
        Step(
            "reserve 11 → pile 1",
            "Play the reserve 11 as well.",
            ("SB-7",),
            nudge="Pile 1 needs an 11: your reserve shows one.",
        ),
        Step(
            "12 → pile 1",
            "Your 12 completes pile 1: it is set aside, and its slot takes a 1 again.",
            ("SB-6",),
            nudge="Pile 1 needs a 12, and you hold one.",
        ),
        Step(
            "SB as 1 → pile 1",
            "A Skip-Bo card counts as whatever a pile needs, a starting 1 included: play it "
            "as 1. Your hand is empty now, so you draw five new cards at once and play on "
            "against the bot from here.",
            ("SB-14", "SB-13"),
            nudge="Play the Skip-Bo card on the empty slot, as a 1.",
        ),
    ),
)
